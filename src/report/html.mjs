// The self-contained HTML of the report: the Vega runtime and every chart's
// compiled spec (with its data) inlined, so the file opens from disk with no
// network. A small classic script draws each chart into its <div data-chart>
// and records the outcome on <body data-state> (done or error) for tests.

import path from 'node:path';
import { formatMB } from './model.mjs';

export function escapeHtml(value) {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** JSON that is safe inside <script>: no "</script>" or "<!--" can appear. */
function scriptJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A script body that cannot close its <script> element early. */
function scriptText(code) {
  return code.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
}

const STYLE = `
body { font: 14px/1.45 Helvetica, Arial, sans-serif; color: #222; margin: 0 auto; max-width: 1200px; padding: 0 16px 48px; }
h1 { font-size: 22px; margin: 20px 0 4px; }
h2 { font-size: 17px; margin: 32px 0 6px; border-bottom: 1px solid #ddd; padding-bottom: 3px; }
h3 { font-size: 14px; margin: 16px 0 4px; }
.meta, .how { color: #555; max-width: 900px; }
.headline { margin: 4px 0; }
.headline li { margin: 1px 0; }
nav a { margin-right: 12px; }
table { border-collapse: collapse; margin: 6px 0 12px; font-size: 13px; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.bad, span.bad { color: #b30000; font-weight: bold; }
td.good { color: #1a7f37; }
.view { overflow-x: auto; margin: 8px 0; }
.empty { color: #777; font-style: italic; }
.flags { font-size: 12px; color: #444; overflow-wrap: anywhere; }
table th:first-child { white-space: nowrap; }
`;

// Runs in the page (a classic script after the inlined Vega runtime).
const RENDER_SCRIPT = `
(async function renderCharts() {
  const specs = JSON.parse(document.getElementById('chart-specs').textContent);
  let failed = 0;
  for (const element of document.querySelectorAll('[data-chart]')) {
    const id = element.dataset.chart;
    try {
      const view = new vega.View(vega.parse(specs[id]), { renderer: 'svg', container: element, hover: true });
      await view.runAsync();
      element.dataset.rendered = 'true';
    } catch (error) {
      failed++;
      element.textContent = 'This chart failed to render: ' + error.message;
      console.error('chart ' + id + ': ' + error.message);
    }
  }
  document.body.dataset.state = failed === 0 ? 'done' : 'error';
})();
`;

/** A whole page: `body` is HTML, `specs` maps chart ids to compiled Vega specs. */
export function htmlPage({ title, body, specs, vegaSource }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body data-state="loading">
${body}
<script type="application/json" id="chart-specs">${scriptJson(specs)}</script>
<script>${scriptText(vegaSource)}</script>
<script>${scriptText(RENDER_SCRIPT)}</script>
</body>
</html>
`;
}

/** A table from column definitions [{ title, value(row), num?, cls?(row) }] and rows. */
export function htmlTable(columns, rows) {
  const head = columns.map((column) => `<th>${escapeHtml(column.title)}</th>`).join('');
  const lines = rows.map((row) => {
    const cells = columns.map((column) => {
      const classes = [column.num ? 'num' : '', column.cls?.(row) ?? ''].filter(Boolean).join(' ');
      return `<td${classes ? ` class="${classes}"` : ''}>${escapeHtml(column.value(row))}</td>`;
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table><thead><tr>${head}</tr></thead><tbody>${lines.join('\n')}</tbody></table>`;
}

export function formatBytes(bytes) {
  if (bytes === undefined || bytes === null) return '';
  const abs = Math.abs(bytes);
  if (abs >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  if (abs >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

// How to read each chart: what is on the axes and what "good" looks like.
const HOW_TO_READ = {
  'time-encode':
    'Median time of one encode (JS objects to bytes) against the size of the same payload as JSON text, both axes logarithmic. One panel per place; colour is the codec or library, the dash is the path (native C++, the wasm interop strategies val / embind / typed, or pure JS). A line below the black JSON line is faster than JSON.stringify. Parallel lines mean the same cost per byte; the gap between native and the wasm lines of a codec is what running in JS costs.',
  'time-decode':
    'The same for decode (bytes to JS objects, verified against the input), against JSON.parse. Decode includes building every JS object, which is where the interop strategies differ most.',
  'ratio-encode':
    'How many times faster than JSON.stringify each path is, against the JSON baseline measured in the same process at the same size. Above the black line at 1 a path beats JSON; below it JSON wins. Native has no JS baseline and no panel.',
  'ratio-decode': 'The same against JSON.parse.',
  'breakdown-encode':
    'Where one encode spends its time at one size: marshal in (reading the JS objects into C++ data), the codec itself, and bytes out (copying the result to a JS Uint8Array). Each bar is the median of each phase; the black tick is the median of the whole call (phases are timed in separate runs, so they need not add up exactly). The grey bar is JSON.stringify (or JSON.parse) as a whole, for scale. Everything that is not orange is the price of the boundary.',
  'breakdown-decode':
    'The same for decode: bytes in (copying into wasm memory), the codec, and marshal out (building the JS objects from C++ data).',
  'wasm-penalty':
    'The codec phase alone in wasm divided by the same codec compiled natively at the same size (the median over the interop strategies, which all run the same codec). At 1 wasm is as fast as native C++; 2 means the codec itself runs at half speed in wasm. This is the cost of wasm, separate from the cost of the boundary.',
  sizes:
    'Encoded bytes and gzip bytes of each format divided by the JSON text of the same payload (dashed line at 1 = the JSON text). Shorter is smaller. The growing tuple data is very regular, so gzip shrinks it far more than real data would.',
  modules:
    'What each codec costs to ship: the .wasm module as built, and gzipped. The JS glue that Emscripten generates comes on top (in the tooltip).',
};

const EMPTY_REASON = {
  'wasm-penalty': 'needs a native results file and a Node or browser one',
  'ratio-encode': 'needs a Node or browser results file (native has no JSON baseline)',
  'ratio-decode': 'needs a Node or browser results file (native has no JSON baseline)',
  modules: 'needs a Node or browser results file (their header lists the wasm modules)',
};

function chartSection(chart, headlines) {
  const how = HOW_TO_READ[chart.id] ? `<p class="how">${escapeHtml(HOW_TO_READ[chart.id])}</p>` : '';
  const lines = headlines[chart.id] ?? [];
  const headline =
    lines.length > 0
      ? `<ul class="headline">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      : '';
  if (chart.empty) {
    const reason = EMPTY_REASON[chart.id] ?? 'no data in these results';
    return `<section id="${chart.id}"><h2>${escapeHtml(chart.title)}</h2><p class="empty">No chart: ${escapeHtml(reason)}.</p></section>`;
  }
  return `<section id="${chart.id}">
<h2>${escapeHtml(chart.title)}</h2>
${how}
${headline}
<div class="view" data-chart="${chart.id}"></div>
<p class="meta"><a href="${chart.id}.svg">${chart.id}.svg</a></p>
</section>`;
}

/** The facts of one run header as [name, text] pairs. */
function runFacts(header) {
  const { machine, runtime, build, protocol } = header;
  const join = (parts, separator) => parts.filter(Boolean).join(separator);
  return [
    ['file', path.basename(header.file)],
    [
      'date',
      `${header.date}${header.finished === false ? ' (unfinished: interrupted or still running)' : ''}`,
    ],
    [
      'machine',
      join(
        [
          machine.cpuModel,
          `${machine.cpus} CPUs`,
          machine.arch,
          machine.os,
          machine.memoryBytes ? `${(machine.memoryBytes / 2 ** 30).toFixed(0)} GiB` : '',
          machine.hostname ? `host ${machine.hostname}` : '',
        ],
        ', ',
      ),
    ],
    ['runtime', join([`${runtime.name} ${runtime.version}`, runtime.v8 ? `V8 ${runtime.v8}` : ''], ', ')],
    ['user agent', runtime.userAgent ?? ''],
    ['compiler', build.compiler ?? ''],
    ['Emscripten', build.emscripten ?? '(none: native)'],
    ['profile', build.profile ?? ''],
    ['flags', build.flags],
    // Only said for the messages workload, so the tuple report stays as it was.
    ['workload', header.workload === 'messages' ? 'messages' : ''],
    ['repetitions', `${protocol.repetitions} after ${protocol.warmup} warm-up`],
    [
      'sizes (MB)',
      header.sizesMB
        .filter((mb) => mb !== undefined)
        .map(formatMB)
        .join(', '),
    ],
    ['records', (header.records ?? []).join(', ')],
    ['min repetition (ms)', protocol.minRepMs === undefined ? '' : String(protocol.minRepMs)],
    ['GC before each timed run', protocol.gc === undefined ? '' : protocol.gc ? 'yes' : 'no'],
    [
      'timer resolution',
      protocol.timerResolutionMs === undefined ? '' : `${protocol.timerResolutionMs.toPrecision(2)} ms`,
    ],
    [
      'cross-origin isolated',
      protocol.crossOriginIsolated === undefined ? '' : protocol.crossOriginIsolated ? 'yes' : 'no',
    ],
    ['rows', `${header.rowCount} (${header.failedCount} failed)`],
  ];
}

/** One column per run, one line per fact (a line no run has is left out). */
export function runsTable(headers) {
  const facts = headers.map(runFacts);
  const head = `<tr><th></th>${headers.map((h) => `<th>${escapeHtml(h.source)}</th>`).join('')}</tr>`;
  const lines = facts[0]
    .map(([name], index) => {
      const values = facts.map((list) => list[index][1]);
      if (values.every((value) => value === '')) return '';
      const cls = name === 'flags' || name === 'user agent' ? ' class="flags"' : '';
      return `<tr><th>${escapeHtml(name)}</th>${values.map((v) => `<td${cls}>${escapeHtml(v)}</td>`).join('')}</tr>`;
    })
    .filter(Boolean);
  return `<table>${head}\n${lines.join('\n')}</table>`;
}

const mbText = (mb) => (mb === undefined ? '' : formatMB(mb));

function limitsSection(limits) {
  const columns = [
    { title: 'place', value: (r) => r.source },
    { title: 'path', value: (r) => r.label },
    { title: 'sizes tried', value: (r) => r.sizes, num: true },
    { title: 'largest ok (MB)', value: (r) => mbText(r.largestOkMB) || 'none', num: true },
    { title: 'largest tried (MB)', value: (r) => mbText(r.largestTriedMB), num: true },
    {
      title: 'failed sizes',
      value: (r) => r.failedSizes,
      num: true,
      cls: (r) => (r.failedSizes > 0 ? 'bad' : ''),
    },
    { title: 'first failure (MB)', value: (r) => mbText(r.firstFailureMB), num: true },
    { title: 'first error', value: (r) => r.firstError ?? '' },
  ];
  const failures = limits.filter((r) => r.failedSizes > 0).length;
  const summary =
    failures === 0
      ? 'Every path handled every size it was given.'
      : `${failures} path(s) failed at some size; the first failure of each is listed.`;
  return `<section id="limits"><h2>Payload limits</h2>
<p class="how">The largest JSON payload each path encoded and decoded correctly, and the first size at which it failed (a failure is verified, reported and never timed). ${escapeHtml(summary)}</p>
${htmlTable(columns, limits)}</section>`;
}

function memorySection(memory) {
  if (memory.length === 0) {
    return '<section id="memory"><h2>Memory</h2><p class="empty">No row of these results records memory.</p></section>';
  }
  const columns = [
    { title: 'place', value: (r) => r.source },
    { title: 'JSON MB', value: (r) => formatMB(r.jsonMB), num: true },
    { title: 'path', value: (r) => r.label },
    { title: 'wasm heap after', value: (r) => formatBytes(r.wasmHeapBytes), num: true },
    { title: 'JS heap growth', value: (r) => formatBytes(r.jsHeapGrowthBytes), num: true },
    { title: 'peak RSS', value: (r) => formatBytes(r.peakRssBytes), num: true },
  ];
  return `<section id="memory"><h2>Memory at the chosen size</h2>
<p class="how">wasm heap: the wasm memory size after the row (it only grows); JS heap growth: JS heap used after minus before the row (can be negative after a GC); peak RSS: the process's peak resident memory (native).</p>
${htmlTable(columns, memory)}</section>`;
}

function cleanlinessSection(cleanliness) {
  if (cleanliness.length === 0) {
    return '<section id="cleanliness"><h2>Decoded-object cleanliness</h2><p class="empty">No row of these results carries a cleanliness check.</p></section>';
  }
  const yesNo = (value) => (value === undefined ? '' : value ? 'yes' : 'no');
  const flag = (value) => (value === false ? 'bad' : value === true ? 'good' : '');
  const columns = [
    { title: 'place', value: (r) => r.source },
    { title: 'path', value: (r) => r.label },
    { title: 'clean', value: (r) => yesNo(r.clean), cls: (r) => flag(r.clean) },
    { title: 'plain object', value: (r) => yesNo(r.plainObject), cls: (r) => flag(r.plainObject) },
    { title: 'exactly x, y, z', value: (r) => yesNo(r.exactKeys), cls: (r) => flag(r.exactKeys) },
    { title: 'data properties', value: (r) => yesNo(r.dataProperties), cls: (r) => flag(r.dataProperties) },
    { title: 'detail', value: (r) => r.detail ?? '' },
  ];
  return `<section id="cleanliness"><h2>Decoded-object cleanliness</h2>
<p class="how">Is each decoded item what JSON.parse would give: a plain object (prototype Object.prototype) whose own enumerable properties are exactly x, y, z, as data properties (no getters, wrappers or extra fields)? A "no" means code that consumes the items may behave differently than with JSON.</p>
${htmlTable(columns, cleanliness)}</section>`;
}

/** The report page. */
export function reportHtml({
  headers,
  charts,
  headlines,
  limits,
  memory,
  cleanliness,
  sizeMB,
  generated,
  vegaSource,
  vegaVersion,
}) {
  const specs = Object.fromEntries(charts.filter((c) => !c.empty).map((c) => [c.id, c.vega]));
  const nav = [
    ...charts.filter((c) => !c.empty).map((c) => `<a href="#${c.id}">${escapeHtml(c.id)}</a>`),
    '<a href="#limits">limits</a>',
    '<a href="#memory">memory</a>',
    '<a href="#cleanliness">cleanliness</a>',
  ].join('');
  const body = `<h1>wasm-codec-bench report</h1>
<p class="meta">Generated ${escapeHtml(generated)} by <code>npm run report</code> from ${headers.length} results file(s); breakdown and sizes at the size nearest ${escapeHtml(formatMB(sizeMB))} MB; charts drawn by Vega ${escapeHtml(vegaVersion)} (inlined). Hover a point or bar for its values.</p>
<nav>${nav}</nav>
<section id="runs"><h2>Runs</h2>
${runsTable(headers)}
</section>
${charts.map((chart) => chartSection(chart, headlines)).join('\n')}
${limitsSection(limits)}
${memorySection(memory)}
${cleanlinessSection(cleanliness)}`;
  return htmlPage({ title: 'wasm-codec-bench report', body, specs, vegaSource });
}

/** The comparison page of npm run report -- --compare OLD NEW. */
export function compareHtml({
  oldHeader,
  newHeader,
  comparison,
  chartVega,
  flagRule,
  generated,
  vegaSource,
  vegaVersion,
}) {
  const { lines, onlyOld, onlyNew, statusChanges } = comparison;
  const ms = (value) => (Number.isFinite(value) ? value.toPrecision(3) : '-');
  const percent = (line) =>
    Number.isFinite(line.relative)
      ? `${line.relative >= 0 ? '+' : ''}${(line.relative * 100).toFixed(1)}%`
      : '-';
  const flagged = lines.filter((line) => line.flagged);
  const columns = [
    { title: 'place', value: (r) => r.place },
    { title: 'path', value: (r) => r.label },
    { title: 'JSON MB', value: (r) => formatMB(r.jsonMB), num: true },
    { title: 'operation', value: (r) => r.operation },
    { title: 'old median ms', value: (r) => ms(r.oldMedian), num: true },
    { title: 'new median ms', value: (r) => ms(r.newMedian), num: true },
    {
      title: 'change',
      value: percent,
      num: true,
      cls: (r) => (r.verdict === 'slower' ? 'bad' : r.verdict === 'faster' ? 'good' : ''),
    },
    { title: 'old MAD', value: (r) => ms(r.oldMad), num: true },
    { title: 'new MAD', value: (r) => ms(r.newMad), num: true },
    {
      title: 'flag',
      value: (r) => (r.flagged ? r.verdict : ''),
      cls: (r) => (r.verdict === 'slower' ? 'bad' : r.verdict === 'faster' ? 'good' : ''),
    },
  ];
  const unmatched = (title, list) =>
    list.length === 0
      ? ''
      : `<h3>${escapeHtml(title)}</h3>${htmlTable(
          [
            { title: 'place', value: (r) => r.place },
            { title: 'path', value: (r) => r.label },
            { title: 'JSON MB', value: (r) => formatMB(r.jsonMB), num: true },
          ],
          list,
        )}`;
  const statusTable =
    statusChanges.length === 0
      ? ''
      : `<h3>Rows that changed status</h3>${htmlTable(
          [
            { title: 'place', value: (r) => r.place },
            { title: 'path', value: (r) => r.label },
            { title: 'JSON MB', value: (r) => formatMB(r.jsonMB), num: true },
            {
              title: 'change',
              value: (r) => r.change,
              cls: (r) => (r.change === 'now fails' ? 'bad' : 'good'),
            },
            { title: 'error', value: (r) => r.error ?? '' },
          ],
          statusChanges,
        )}`;
  const body = `<h1>wasm-codec-bench: run comparison</h1>
<p class="meta">Generated ${escapeHtml(generated)} by <code>npm run report -- --compare OLD NEW</code>; chart drawn by Vega ${escapeHtml(vegaVersion)} (inlined).</p>
<p>Rows are matched by place, codec, impl, interop, variant and size. A change is <b>${escapeHtml(flagRule)}</b>: outside three median absolute deviations of the repetitions of either run, and at least 5%. <span class="bad">${flagged.length}</span> of ${lines.length} row operations are flagged.</p>
<section id="runs"><h2>Runs</h2>
${runsTable([oldHeader, newHeader])}
</section>
<section id="compare-chart"><h2>Change per row</h2>
${lines.length > 0 ? '<div class="view" data-chart="compare"></div><p class="meta"><a href="compare.svg">compare.svg</a></p>' : '<p class="empty">No row is in both runs.</p>'}
</section>
<section id="flagged"><h2>Flagged rows</h2>
${flagged.length > 0 ? htmlTable(columns, flagged) : '<p>No row changed beyond the spread.</p>'}
${statusTable}
</section>
<section id="all"><h2>Every matched row</h2>
${htmlTable(columns, lines)}
${unmatched('Only in OLD', onlyOld)}
${unmatched('Only in NEW', onlyNew)}
</section>`;
  const specs = lines.length > 0 ? { compare: chartVega } : {};
  return htmlPage({ title: 'wasm-codec-bench run comparison', body, specs, vegaSource });
}
