// The self-contained HTML of the report: the Vega runtime and every chart's
// compiled spec (with its data) inlined, so the file opens from disk with no
// network. A small classic script draws each chart into its <div data-chart>
// and records the outcome on <body data-state> (done or error) for tests.

import path from 'node:path';
import { DEFAULT_WORKLOAD } from '../catalog.mjs';
import { escapeHtml, formatMB, formatYesNo } from '../harness/format.mjs';
import { formatChange, formatFigure } from './compare.mjs';
import { headerOf } from './shared-model.mjs';
import { columnsTable, tableHtml, viewHtml } from './table-view.mjs';

// A workload's own report (tests/fixtures/toy-workload) builds its page from these.
export { escapeHtml };

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
tr.baseline td { font-weight: bold; }
tr.failed td:last-child { color: #b30000; }
tr.reference td, tr.floor td, tr.fastest td, tr.utf8 td { color: #666; font-style: italic; }
caption { text-align: left; font-weight: bold; padding: 4px 0; }
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
export const htmlTable = (columns, rows) => tableHtml(columnsTable(columns, rows));

/**
 * A chart's section: its title, how to read it, what it says (`lines`), the
 * chart and its SVG file; or, for a chart these results cannot draw, why.
 */
export function chartSection(chart, lines = [], { how, empty = 'no data in these results' } = {}) {
  const title = `<h2>${escapeHtml(chart.title)}</h2>`;
  if (chart.empty)
    return `<section id="${chart.id}">${title}<p class="empty">No chart: ${escapeHtml(empty)}.</p></section>`;
  const items = lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  return `<section id="${chart.id}">
${title}
${how ? `<p class="how">${escapeHtml(how)}</p>` : ''}
${items ? `<ul class="headline">${items}</ul>` : ''}
<div class="view" data-chart="${chart.id}"></div>
<p class="meta"><a href="${chart.id}.svg">${chart.id}.svg</a></p>
</section>`;
}

/**
 * A workload's report page from its report's html() input: the run facts,
 * every chart's section (`how` and `empty`: by chart id, how to read it and
 * why it is empty), then the workload's own `views` ([{ id, title, parts }],
 * view parts), each linked from the nav. `about` words what the files hold,
 * `hover` what to hover.
 */
export function reportPage(
  { sources, runs = sources, charts, headlines, generated, vegaSource, vegaVersion },
  { title, about, hover, how = {}, empty = {}, views },
) {
  const drawn = charts.filter((chart) => !chart.empty);
  const links = [...drawn, ...views].map(({ id }) => `<a href="#${id}">${escapeHtml(id)}</a>`).join('');
  const sections = views.map(
    (view) =>
      `<section id="${view.id}"><h2>${escapeHtml(view.title)}</h2>\n${viewHtml(view.parts)}</section>`,
  );
  const sectionOf = (chart) =>
    chartSection(chart, headlines[chart.id], { how: how[chart.id], empty: empty[chart.id] });
  const body = `<h1>${escapeHtml(title)}</h1>
<p class="meta">Generated ${escapeHtml(generated)} by <code>npm run report</code> from ${runs.length} results file(s)${escapeHtml(about)}; charts drawn by Vega ${escapeHtml(vegaVersion)} (inlined). Hover ${hover} for its values.</p>
<nav>${links}</nav>
<section id="runs"><h2>Runs</h2>
${runsTable(runs.map(headerOf))}
</section>
${charts.map(sectionOf).join('\n')}
${sections.join('\n')}`;
  const specs = Object.fromEntries(drawn.map((chart) => [chart.id, chart.vega]));
  return htmlPage({ title, body, specs, vegaSource });
}

const yesNo = (value) => (value === undefined ? '' : formatYesNo(value));

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
    [
      'runtime',
      join(
        [
          `${runtime.name} ${runtime.version}`,
          runtime.v8 ? `V8 ${runtime.v8}` : [runtime.engine, runtime.engineVersion].filter(Boolean).join(' '),
          runtime.package ?? '',
        ],
        ', ',
      ),
    ],
    ['user agent', runtime.userAgent ?? ''],
    ['compiler', build.compiler ?? ''],
    ['Emscripten', build.emscripten ?? '(none: native)'],
    ['profile', build.profile ?? ''],
    ['flags', build.flags],
    // Said for any workload but the default one, so the tuple report stays as it was.
    ['workload', header.workload && header.workload !== DEFAULT_WORKLOAD ? header.workload : ''],
    ['repetitions', `${protocol.repetitions} after ${protocol.warmup} warm-up`],
    [
      'sizes (MB)',
      header.sizesMB
        .filter((mb) => mb !== undefined)
        .map(formatMB)
        .join(', '),
    ],
    ['records', (header.records ?? []).join(', ')],
    ['data sets', (protocol.datasets ?? []).join(', ')],
    ['min repetition (ms)', protocol.minRepMs === undefined ? '' : String(protocol.minRepMs)],
    ['GC before each timed run', yesNo(protocol.gc)],
    [
      'timer resolution',
      protocol.timerResolutionMs === undefined ? '' : `${protocol.timerResolutionMs.toPrecision(2)} ms`,
    ],
    ['cross-origin isolated', yesNo(protocol.crossOriginIsolated)],
    ['JSON baseline', ISOLATION_TEXTS[protocol.isolation] ?? ''],
    ['rows', `${header.rowCount} (${header.failedCount} failed)`],
  ];
}

// Where each path's JSON baseline was measured (run.protocol.isolation, results.schema.json).
const ISOLATION_TEXTS = {
  'process-per-path': "in each path's own process",
  'context-per-path': 'beside each path in its own browser context, order alternated',
  'json-per-path': 'beside each path in the one page, order alternated',
};

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
  const flagged = lines.filter((line) => line.flagged);
  // Which row: the first columns of every table here.
  const where = [
    { title: 'place', value: (r) => r.place },
    { title: 'path', value: (r) => r.label },
    { title: 'unit', value: (r) => r.unit, num: true },
  ];
  const verdictClass = (r) => (r.verdict === 'slower' ? 'bad' : r.verdict === 'faster' ? 'good' : '');
  const columns = [
    ...where,
    { title: 'operation', value: (r) => r.operation },
    { title: 'old median', value: (r) => formatFigure(r, r.oldMedian), num: true },
    { title: 'new median', value: (r) => formatFigure(r, r.newMedian), num: true },
    {
      title: 'change',
      value: (r) => formatChange(r.relative),
      num: true,
      cls: verdictClass,
    },
    { title: 'old MAD', value: (r) => formatFigure(r, r.oldMad), num: true },
    { title: 'new MAD', value: (r) => formatFigure(r, r.newMad), num: true },
    {
      title: 'flag',
      value: (r) => (r.flagged ? r.verdict : ''),
      cls: verdictClass,
    },
  ];
  const unmatched = (title, list) =>
    list.length === 0 ? '' : `<h3>${escapeHtml(title)}</h3>${htmlTable(where, list)}`;
  const statusTable =
    statusChanges.length === 0
      ? ''
      : `<h3>Rows that changed status</h3>${htmlTable(
          [
            ...where,
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
<p>Rows are matched by place, path and unit (size in MB, record or data set; times in ms, rates per call in ops/s). A change is <b>${escapeHtml(flagRule)}</b>: outside three median absolute deviations of the repetitions of either run, and at least 5%. <span class="bad">${flagged.length}</span> of ${lines.length} row operations are flagged.</p>
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
