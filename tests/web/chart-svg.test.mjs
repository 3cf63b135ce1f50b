// The page's charts as SVG text (web/src/chart-svg.mjs), the phase
// breakdown's bars (web/src/phase-chart.mjs) and a results file read back
// (web/src/results-file.mjs readResultsText), in Node: no browser needed.
// tests/web/page-share.spec.mjs checks the same in the page.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { escapeHtml as escapeXml } from '../../src/harness/format.mjs';
import {
  dotRowsSvg,
  lineChartSvg,
  linearAxis,
  logAxis,
  markSvg,
  stackedBarsSvg,
} from '../../web/src/chart-svg.mjs';
import { blockChartRows } from '../../src/report/block-rows.mjs';
import { hasPhases, phaseBars } from '../../web/src/phase-chart.mjs';
import { readResultsText } from '../../web/src/results-file.mjs';
import { REPO_ROOT } from './browser.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

/**
 * Checks that `svg` is well-formed XML of the kind the builders write (no
 * comments, CDATA or processing instructions): every tag closed in order,
 * no raw '<' or '&' in text or attribute values. Returns the element names
 * in document order.
 */
function wellFormed(svg) {
  const names = [];
  const open = [];
  const token = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  let match;
  let read = 0;
  while ((match = token.exec(svg))) {
    read = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text, stray] = match;
    assert.equal(
      stray,
      undefined,
      `a raw '<' at ${match.index}: ${svg.slice(match.index, match.index + 40)}`,
    );
    const content = text ?? attributes ?? '';
    assert.doesNotMatch(content, /&(?!(amp|lt|gt|quot|#39);)/, `a raw '&' in ${content}`);
    if (text !== undefined) continue;
    if (closing) assert.equal(open.pop(), name, `</${name}> closes another element`);
    else {
      names.push(name);
      if (!selfClosing) open.push(name);
    }
  }
  assert.equal(read, svg.length, 'the whole text is read');
  assert.deepEqual(open, [], 'every element is closed');
  return names;
}

// One unit's rows, as the page hands them over (a size: step 1).
const row = (fields) => ({ status: 'ok', step: 1, ...fields });

test('log axes: 1-2-5 ticks inside the padded range, powers of ten beyond two decades', () => {
  assert.deepEqual(logAxis(0.05, 0.1).ticks, [0.05, 0.1]);
  assert.deepEqual(logAxis(0.12, 9.4).ticks, [0.2, 0.5, 1, 2, 5, 10]);
  assert.deepEqual(logAxis(0.3, 3000).ticks, [1, 10, 100, 1000]);
  // Fewer than two 1-2-5 values inside: the extreme values themselves.
  assert.deepEqual(logAxis(1.3, 1.6).ticks, [1.3, 1.6]);
  const single = logAxis(5, 5);
  assert.ok(single.low < 5 && single.high > 5);
  assert.throws(() => logAxis(0, 1), /a log axis needs positive values, got 0 and 1/);
  assert.deepEqual(linearAxis(7.3), { low: 0, high: 8, ticks: [0, 2, 4, 6, 8] });
  assert.deepEqual(linearAxis(0.034).ticks, [0, 0.01, 0.02, 0.03, 0.04]);
});

test('a line chart: one group per series, a line through each run of values, a point per value', () => {
  const series = [
    { label: 'json (js)', color: '#000', values: [1, 2, 4], width: 2.5 },
    { label: 'msgpack/typed', color: '#d62728', dash: [8, 4], values: [0.5, null, 2] },
    // A log scale cannot place 0: that value is left out.
    { label: 'raw/typed', color: '#ff7f0e', values: [0, 0.3, 0.6] },
  ];
  const svg = lineChartSvg({
    title: 'encode: median time',
    xLabel: 'MB',
    yLabel: 'ms',
    x: [0.1, 1, 10],
    series,
  });
  const names = wellFormed(svg);
  assert.equal(names[0], 'svg');
  assert.match(
    svg,
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="\d+" viewBox="0 0 800 \d+">/,
  );
  const groups = [...svg.matchAll(/<g class="series" data-label="([^"]*)">(.*?)<\/g>/g)];
  assert.deepEqual(
    groups.map((group) => group[1]),
    ['json (js)', 'msgpack/typed', 'raw/typed'],
  );
  const count = (text, pattern) => (text.match(pattern) ?? []).length;
  // Lines: json through three points, msgpack none (its two values are apart), raw through two.
  assert.deepEqual(
    groups.map(([, , body]) => [count(body, /<path /g), count(body, /<circle /g)]),
    [
      [1, 3],
      [0, 2],
      [1, 2],
    ],
  );
  assert.match(groups[1][2], /^<circle [^>]*><title>msgpack\/typed, 0\.1 MB: 0\.5 ms<\/title><\/circle>/);
  // Every series in the legend.
  assert.equal(count(svg, /<g class="legend-item">/g), 3);
});

test('categories (records, data sets): points only, embind hollow; text from a file is escaped', () => {
  const svg = lineChartSvg(
    {
      title: 'decode <&> "ops"',
      xLabel: 'record',
      yLabel: 'ops/s',
      x: [0, 1],
      categories: { name: 'record', values: ['int', 'a<b>&"c"'] },
      series: [{ label: "x's/embind", color: '#1f77b4', hollow: true, values: [2e6, 3e6] }],
    },
    { width: 400 },
  );
  wellFormed(svg);
  assert.doesNotMatch(svg, /<path /);
  assert.match(svg, /<circle [^>]*fill="#fff"/);
  assert.match(svg, /a&lt;b&gt;&amp;&quot;c&quot;/);
  assert.match(svg, /<title>decode &lt;&amp;&gt; &quot;ops&quot;<\/title>/);
  assert.equal(escapeXml(`<'&">`), '&lt;&#39;&amp;&quot;&gt;');
});

test('a chart with nothing positive to draw says so', () => {
  const svg = lineChartSvg({
    title: 't',
    xLabel: 'MB',
    yLabel: 'x',
    x: [1],
    series: [{ label: 'a', color: '#000', values: [null] }],
  });
  wellFormed(svg);
  assert.match(svg, /no values to draw/);
});

test('the phase breakdown: JSON for scale, each C++ path its phases in call order and its whole call', () => {
  const phases = { marshalInMs: 1, codecMs: 2, bytesOutMs: 0.5 };
  const unit = [
    row({
      codec: 'json',
      impl: 'js',
      interop: 'js',
      batch: 'a',
      encode: { median: 4 },
      decode: { median: 5 },
    }),
    row({
      codec: 'json',
      impl: 'js',
      interop: 'js',
      batch: 'b',
      encode: { median: 6 },
      decode: { median: 5 },
    }),
    row({
      codec: 'msgpack',
      impl: 'cpp',
      interop: 'typed',
      batch: 'a',
      encode: { median: 3.6 },
      encodePhases: phases,
    }),
    // An older file's path without phases, a library (no phases: not shown) and a failed path.
    row({ codec: 'protobuf', impl: 'cpp', interop: 'val', batch: 'c', encode: { median: 7 } }),
    row({ codec: 'msgpack', impl: 'js', interop: 'js', library: 'msgpackr 2.1.4', encode: { median: 2 } }),
    { codec: 'raw', impl: 'cpp', interop: 'typed', status: 'failed', error: 'x' },
  ];
  assert.equal(hasPhases(unit), true);
  const { bars, legend } = phaseBars(unit, 'encode');
  assert.deepEqual(
    bars.map(({ label, total, segments }) => [
      label,
      total,
      segments.map(({ name, value }) => `${name}=${value}`),
    ]),
    [
      ['json (js)', 5, ['JSON (whole call)=5']],
      ['msgpack/typed', 3.6, ['marshal in (JS -> C++)=1', 'codec=2', 'bytes out (to JS)=0.5']],
      ['protobuf/val', 7, ['JSON (whole call)=7']],
    ],
  );
  assert.deepEqual(
    legend.map(({ name }) => name),
    ['marshal in (JS -> C++)', 'codec', 'bytes out (to JS)', 'JSON (whole call)'],
  );
  assert.deepEqual(
    phaseBars(unit, 'decode').bars.map(({ label }) => label),
    ['json (js)'],
  );
  assert.equal(hasPhases([unit[0], unit[4]]), false);

  const svg = stackedBarsSvg({
    title: 'encode: where the time goes at 1.0 MB',
    xLabel: 'median ms',
    bars,
    legend,
  });
  wellFormed(svg);
  const drawn = [...svg.matchAll(/<g class="bar" data-label="([^"]*)">(.*?)<\/g>/g)].map(
    ([, label, body]) => [
      label,
      (body.match(/<rect class="segment"/g) ?? []).length,
      (body.match(/<line class="total"/g) ?? []).length,
    ],
  );
  assert.deepEqual(drawn, [
    ['json (js)', 1, 1],
    ['msgpack/typed', 3, 1],
    ['protobuf/val', 1, 1],
  ]);
  // The segments of a bar lie end to end from the axis.
  const segments = [...svg.matchAll(/data-label="msgpack\/typed">.*?<\/g>/g)][0][0].matchAll(
    /x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g,
  );
  const spans = [...segments].map(([, x, width]) => [Number(x), Number(x) + Number(width)]);
  for (let i = 1; i < spans.length; i++)
    assert.ok(Math.abs(spans[i][0] - spans[i - 1][1]) < 0.02, JSON.stringify(spans));
});

test('a results file read back: valid files pass, others give one line naming the file', async () => {
  const validate = createResultsValidator(await resultsSchema());
  const fixture = path.join(REPO_ROOT, 'tests', 'fixtures', 'page', 'node-documents.json');
  const text = readFileSync(fixture, 'utf8');
  const workloads = ['tuples', 'messages', 'documents'];
  assert.deepEqual(readResultsText('node.json', text, validate, workloads).document, JSON.parse(text));
  assert.deepEqual(readResultsText('x.json', '{"rows": ', validate, workloads), {
    error: `x.json: not JSON (${(() => {
      try {
        JSON.parse('{"rows": ');
      } catch (error) {
        return error.message;
      }
    })()})`,
  });
  assert.deepEqual(readResultsText('y.json', '{"schemaVersion":1,"rows":[]}', validate, workloads), {
    error: "y.json: not a results file: /: must have required property 'run'",
  });
  assert.deepEqual(readResultsText('node.json', text, validate, ['tuples', 'messages']), {
    error:
      'node.json: a run of workload documents, which this page does not show (it shows tuples, messages)',
  });
});

test('marks: one shape per strategy, each a class="mark" element', () => {
  const shapes = ['circle', 'square', 'diamond', 'triangle', 'triangle-down'];
  const marks = shapes.map((shape) => markSvg(shape, 10, 10, 4, { fill: '#fff', stroke: '#123456' }));
  assert.deepEqual(
    marks.map((mark) => mark.match(/^<(\w+)/)[1]),
    ['circle', 'rect', 'polygon', 'polygon', 'polygon'],
  );
  for (const mark of marks) assert.match(mark, /class="mark" fill="#fff" stroke="#123456"/);
  assert.equal(new Set(marks).size, shapes.length);
});

test('one unit: a dot per path, fastest first as given, a line at 1 for the speed chart', () => {
  const rows = [
    { label: 'json (js)', color: '#000', value: 2 },
    { label: 'msgpack/tagged', color: '#d62728', shape: 'square', value: 0.5 },
    { label: 'a <long> label of a library that would not fit its column at all', color: '#1f77b4', value: 8 },
    { label: 'nothing', color: '#1f77b4', value: undefined },
  ];
  const svg = dotRowsSvg(
    { title: 'speed, geo', xLabel: 'JSON time / time', rows, reference: 1 },
    { width: 400 },
  );
  wellFormed(svg);
  const groups = [...svg.matchAll(/<g class="dot-row" data-label="([^"]*)">(.*?)<\/g>/g)];
  assert.deepEqual(
    groups.map((group) => group[1]),
    ['json (js)', 'msgpack/tagged', 'a &lt;long&gt; label of a library that would not fit its column at all'],
  );
  for (const [, , body] of groups) assert.equal((body.match(/class="mark"/g) ?? []).length, 1);
  assert.match(groups[1][2], /<rect [^>]*class="mark"/);
  // A long label is cut to its column (at most 40% of the width); its whole text is in the title.
  assert.match(groups[2][2], /\u2026<\/text>/);
  assert.match(groups[2][2], /<title>a &lt;long&gt; label .+ at all: 8 JSON time \/ time<\/title>/);
  assert.match(svg, /<line class="reference" /);
  assert.match(dotRowsSvg({ title: 't', xLabel: 'ms', rows: [] }), /no values to draw/);
});

test("a block run's rows as the charts read them: medians over processes, one batch per block", () => {
  const row = (fields, encode, decode, phases) => ({
    place: 'node',
    status: 'ok',
    dataset: 'geo-110m',
    block: 0,
    ...fields,
    encode: { median: encode, samples: [encode] },
    decode: { median: decode, samples: [decode] },
    ...(phases && { encodePhases: phases }),
  });
  const json = { codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse' };
  const wasm = { codec: 'msgpack', impl: 'cpp', interop: 'typed' };
  const rows = [
    row({ ...json, process: 0 }, 2, 3),
    row({ ...wasm, process: 0 }, 1, 4, { marshalIn: 0.2, codec: 0.6, bytesOut: 0.2 }),
    row({ ...json, process: 1 }, 4, 5),
    row({ ...wasm, process: 1 }, 3, 6, { marshalIn: 0.4, codec: 2, bytesOut: 0.6 }),
    row({ ...json, process: 2 }, 3, 4),
    { ...row({ ...wasm, process: 2 }, 0, 0), status: 'failed', error: 'x' },
  ];
  const merged = blockChartRows(rows);
  assert.equal(merged.length, 2);
  assert.deepEqual(
    merged.map((line) => [line.codec, line.batch, line.processes, line.encode.median, line.decode.median]),
    [
      ['json', 'block 0', 3, 3, 4],
      ['msgpack', 'block 0', 2, 2, 5],
    ],
  );
  const phases = Object.entries(merged[1].encodePhases).map(([key, value]) => [key, +value.toFixed(6)]);
  assert.deepEqual(phases, [
    ['marshalIn', 0.3],
    ['codec', 1.3],
    ['bytesOut', 0.4],
  ]);
  assert.equal(merged[1].process, undefined);
  assert.equal(merged[1].decodePhases, undefined);
});
