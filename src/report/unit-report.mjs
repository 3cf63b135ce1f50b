// The report of any workload, built from one model: a chart record per
// (unit, path, place) taken from the same comparisons as the view's tables
// (src/harness/unit-comparisons.mjs), and one set of chart builders over
// those records (time or speed per unit, speed against JSON, the share of
// the call spent crossing into C++). What the charts say in words is each
// file's answer (src/report/file-report.mjs), not a chart headline.
// A workload's report.mjs declares its ids, its words and its own views;
// a workload without one gets reportFor({}).

import { isJsonBaseline } from '../catalog.mjs';
import { medianOf } from '../harness/block-verdicts.mjs';
import { interopShare } from '../harness/format.mjs';
import { groupBy } from '../harness/group-by.mjs';
import { median } from '../harness/stats.mjs';
import { unitComparisons } from '../harness/unit-comparisons.mjs';
import { unitsOf } from './headline.mjs';
import { reportPage } from './html.mjs';
import { codecRank, reportColors } from './codec-order.mjs';
import { BASELINE_LABEL, colorKeyOf, howOf, labelOf, sortRows } from './model.mjs';
import { VEGA_LITE_SCHEMA, chartOf, sourceColors, unitDotsChart } from './palette.mjs';

const OPERATION_TITLES = { roundTrip: 'round trip' };
const titleOf = (operation) => OPERATION_TITLES[operation] ?? operation;
// messages' floors of a C++ path (its marshalling alone, its empty call): no codec work to chart.
const isCodecFloor = (row) => row.impl === 'cpp' && row.variant === 'floor';

/** The share of a call spent crossing: the row's boundary share, else (total - codec) / total of its phases. */
const shareOf = (row, operation) =>
  row.boundaryShare?.[operation] ?? interopShare(row[operation], row[`${operation}Phases`]);

/**
 * One record per measured (source, unit, path) of `operation`:
 * { source, place, unit, label, value (ms, or ops/s per call), perCall,
 * versusJson, low, high, verdict, share, row }. versusJson and its verdict
 * (or a single run's interval) are the tables' own comparison; rows whose
 * blocks hold several processes come as block-rows.mjs makes them.
 */
export function unitRecords(sources, operation) {
  const records = [];
  for (const source of sources) {
    const rows = source.document.rows.filter(
      (row) => row.status === 'ok' && !isCodecFloor(row) && medianOf(row, operation) > 0,
    );
    for (const unit of unitsOf(rows)) {
      const { vsJson } = unitComparisons(unit.rows);
      // One record per path: a JSON baseline measured in several batches is one mark, its median.
      for (const group of groupBy(sortRows(unit.rows), labelOf).values()) {
        const [row] = group;
        // A path in several batches (processes of a block run, a sweep's repeated batches): the
        // median of its per-batch ratios; the verdict over processes is the answer's (file-report.mjs).
        const ratios = group.map((each) => vsJson(each, operation)?.ratio).filter((ratio) => ratio > 0);
        const json =
          group.length === 1
            ? vsJson(row, operation)
            : ratios.length > 0
              ? { ratio: median(ratios) }
              : undefined;
        records.push({
          source: source.source,
          place: source.place,
          unit: String(unit.key),
          label: labelOf(row),
          value: median(group.map((each) => medianOf(each, operation))),
          perCall: row[operation].opsPerSec !== undefined,
          versusJson: isJsonBaseline(row) ? 1 : json?.ratio,
          low: json?.low,
          high: json?.high,
          verdict: json?.verdict,
          share: row.impl === 'cpp' && row.interop !== 'none' ? shareOf(row, operation) : undefined,
          row,
        });
      }
    }
  }
  return records;
}

const unitsIn = (records) => [...new Set(records.map((record) => record.unit))];
const TOOLTIP = [
  { field: 'source', title: 'place' },
  { field: 'unit' },
  { field: 'label', title: 'path' },
  { field: 'value', title: 'median', format: ',.4g' },
  { field: 'versusJson', title: 'x JSON', format: '.3g' },
  { field: 'verdict', title: 'verdict' },
];

/** Each path's median of `operation` per unit: a panel per unit, a dot per path and place (log axis). */
export function timeChart(records, { title, unitName, columns = 3, width = 220, independent = true }) {
  const perCall = records.some((record) => record.perCall);
  return unitDotsChart({
    title,
    subtitle: perCall
      ? `median ops/s (log scale, one panel per ${unitName}); further right is faster`
      : `median ms (log scale, one panel per ${unitName}, each its own axis); further left is faster`,
    values: records.map(({ row, ...record }) => record),
    unit: { field: 'unit', sort: unitsIn(records), columns },
    x: {
      field: 'value',
      title: perCall ? 'ops/s' : 'ms',
      axis: { format: '~s', grid: true, labelOverlap: 'greedy' },
    },
    width,
    independent: independent && !perCall,
    tooltip: TOOLTIP,
  });
}

/** Each path's speed against the JSON of its own batch, per unit (1 = as fast as JSON). */
export function ratioChart(records, { title, unitName, columns = 3, width = 220 }) {
  const judged = records.filter((record) => record.versusJson > 0);
  return unitDotsChart({
    title,
    subtitle: `x JSON per ${unitName} (log scale): above 1 the path is faster than the JSON baseline measured beside it`,
    values: judged.map(({ row, ...record }) => record),
    unit: { field: 'unit', sort: unitsIn(judged), columns },
    x: { field: 'versusJson', title: 'x JSON', axis: { format: '~g', grid: true, labelOverlap: 'greedy' } },
    width,
    tooltip: TOOLTIP,
  });
}

// Lines over the payload size (units that are sizes: tuples' steps).
// Colour by codec or library (catalog order, black for JSON), dash by path.
const BASELINE_COLOR = '#000000';
// Legend order too; the addon's paths (the same C++ behind Node-API) dotted.
const HOW_DASHES = {
  native: [1, 0],
  typed: [1, 0],
  embind: [8, 4],
  val: [2, 2],
  'typed (addon)': [1, 3],
  'object (addon)': [1, 3, 4, 3],
  js: [6, 2, 1, 2],
};
const EXTRA_DASHES = [
  [4, 4],
  [10, 2, 2, 2],
  [1, 3],
  [12, 4],
];
export const FACET_SIZE = 260;
// Line legends show a stroke (with its dash), not the point marker.
export const LINE_LEGEND = { symbolType: 'stroke', symbolSize: 300, symbolStrokeWidth: 2 };
export const DASH_LEGEND = { ...LINE_LEGEND, symbolStrokeColor: '#444' };
export const LOG_AXIS = { format: '~g', grid: true, labelOverlap: 'greedy', labelSeparation: 4 };
// Log x scale over the measured sizes only (a "nice" domain would pad to
// whole decades and squeeze the data into the middle).
export const SIZE_X = {
  field: 'jsonMB',
  type: 'quantitative',
  scale: { type: 'log', nice: false, padding: 10 },
  axis: LOG_AXIS,
  title: 'JSON payload (MB)',
};
const unique = (values) => [...new Set(values)];

function colorScale(values) {
  const present = new Set(values.map((value) => value.colorKey));
  const codecs = unique(values.filter((v) => !v.baseline && v.colorKey === v.codec).map((v) => v.codec));
  const ordered = [...codecs].sort((a, b) => codecRank(a) - codecRank(b));
  const domain = unique([...(present.has(BASELINE_LABEL) ? [BASELINE_LABEL] : []), ...ordered, ...present]);
  const colorOf = reportColors();
  return { domain, range: domain.map((key) => (key === BASELINE_LABEL ? BASELINE_COLOR : colorOf(key))) };
}

function dashScale(values) {
  const present = new Set(values.map((value) => value.how));
  const domain = unique([...Object.keys(HOW_DASHES).filter((how) => present.has(how)), ...present]);
  let extra = 0;
  return {
    domain,
    range: domain.map((how) => HOW_DASHES[how] ?? EXTRA_DASHES[extra++ % EXTRA_DASHES.length]),
  };
}

/**
 * Records as lines over the JSON payload size (log-log), one panel per
 * place: `field` 'value' (time) or 'versusJson' (x JSON, with the line at 1;
 * the JSON baseline itself is that line).
 */
export function sizeLinesChart(records, { title, subtitle, field = 'value', yTitle }) {
  const ratio = field === 'versusJson';
  const values = records
    .filter((record) => record.row.jsonMB !== undefined && record[field] > 0)
    .filter((record) => !(ratio && isJsonBaseline(record.row)))
    .map(({ row, ...record }) => ({
      ...record,
      jsonMB: row.jsonMB,
      colorKey: colorKeyOf(row),
      how: howOf(row),
      codec: row.codec,
      baseline: isJsonBaseline(row),
    }));
  const line = {
    mark: { type: 'line', point: { size: 18 }, clip: true },
    encoding: {
      x: SIZE_X,
      y: { field, type: 'quantitative', scale: { type: 'log' }, axis: LOG_AXIS, title: yTitle },
      color: {
        field: 'colorKey',
        type: 'nominal',
        scale: colorScale(values),
        title: 'codec / library',
        legend: LINE_LEGEND,
      },
      strokeDash: {
        field: 'how',
        type: 'nominal',
        scale: dashScale(values),
        title: 'path',
        legend: DASH_LEGEND,
      },
      strokeWidth: { condition: { test: 'datum.baseline', value: 2.5 }, value: 1.3 },
      detail: { field: 'label' },
      tooltip: [
        { field: 'source', title: 'place' },
        { field: 'label', title: 'path' },
        { field: 'jsonMB', title: 'JSON MB', format: '.3f' },
        { field: 'value', title: 'median ms', format: '.4g' },
        { field: 'versusJson', title: 'x JSON', format: '.3g' },
        { field: 'verdict', title: 'verdict' },
      ],
    },
  };
  const rule = { mark: { type: 'rule', color: '#000', strokeWidth: 1.5 }, encoding: { y: { datum: 1 } } };
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: title, subtitle },
    data: { values },
    facet: {
      column: { field: 'source', type: 'nominal', sort: unique(values.map((v) => v.source)), title: null },
    },
    spec: { width: FACET_SIZE, height: FACET_SIZE, ...(ratio ? { layer: [rule, line] } : line) },
    resolve: { scale: { x: 'shared', y: 'shared' } },
  };
}

/** The share of each C++ path's call spent crossing into C++, per unit, encode and decode (0% = all codec). */
export function shareChart(sources, { title, unitName, operations = ['encode', 'decode'], columns = 3 }) {
  const values = operations.flatMap((operation) =>
    unitRecords(sources, operation)
      .filter((record) => record.share !== undefined)
      .map(({ source, place, unit, label, share }) => ({ source, place, unit, label, share, operation })),
  );
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: title,
      subtitle: `(total - codec) / total of each call, per ${unitName}; 0% = all codec work, 100% = all crossing`,
    },
    data: { values },
    facet: {
      field: 'unit',
      type: 'nominal',
      sort: unitsIn(values),
      title: null,
      header: { labelFontWeight: 'bold', labelFontSize: 12 },
    },
    columns,
    spec: {
      width: 220,
      height: { step: 12 },
      mark: { type: 'point', filled: true, size: 45 },
      encoding: {
        y: { field: 'label', type: 'nominal', sort: [...new Set(values.map((v) => v.label))], title: null },
        x: {
          field: 'share',
          type: 'quantitative',
          scale: { domain: [0, 1] },
          axis: { format: '%', grid: true },
          title: 'interop share',
        },
        color: { field: 'source', type: 'nominal', scale: sourceColors(values), title: 'place' },
        shape: { field: 'operation', type: 'nominal', sort: operations, title: 'operation' },
        tooltip: [
          { field: 'source', title: 'place' },
          { field: 'unit' },
          { field: 'label', title: 'path' },
          { field: 'operation' },
          { field: 'share', title: 'interop share', format: '.0%' },
        ],
      },
    },
    resolve: { scale: { y: 'shared' } },
  };
}

/**
 * A report module (the interface src/report/index.mjs reads) from a
 * workload's declaration: `name`, `unitName`, `operations`, `id(kind,
 * operation)` (the charts' ids), `ratio` (draw x JSON), `share` (the id of
 * the interop-share chart), `own(sources)` (its own views' charts), `how`
 * (by chart id), `help`, `about` (text, or of the html input), `empty`,
 * `sections(sources, input)`, `nav`, `headlines`, `title` and `hover`. With `overSize`
 * the units are payload sizes: time and x JSON are lines over the size.
 */
export function reportFor({
  name = 'results',
  unitName = 'unit',
  operations = ['encode', 'decode'],
  id = (kind, operation) => `${kind}-${operation.toLowerCase()}`,
  ratio = true,
  share,
  own = () => [],
  how = {},
  help = 'the answer and the tables of every file, time and x JSON per unit and path',
  about = '',
  empty = {},
  sections = () => '',
  nav = [],
  comparable = false,
  overSize = false,
  title = `wasm-codec-bench report: ${name}`,
  headlines = () => ({}),
  hover = 'a dot',
}) {
  // Over the size: all times, then all ratios (the page order of the tuples report).
  const linesOverSize = (sources) => {
    const pairs = operations.map((operation) => sizeLines(unitRecords(sources, operation), operation, id));
    return [...pairs.map(([time]) => time), ...pairs.map(([, ratio]) => ratio)];
  };
  const charts = (sources, options = {}) => [
    ...(overSize ? linesOverSize(sources) : []),
    ...(overSize ? [] : operations).flatMap((operation) => {
      const records = unitRecords(sources, operation);
      const what = `${name[0].toUpperCase()}${name.slice(1)}, ${titleOf(operation)}`;
      const time = chartOf(
        id('time', operation),
        timeChart(records, {
          title: `${what}: ${records.some((r) => r.perCall) ? 'operations per second' : 'time'} per ${unitName} and path`,
          unitName,
        }),
      );
      if (!ratio) return [time];
      return [
        time,
        chartOf(
          id('ratio', operation),
          ratioChart(records, { title: `${what}: speed vs JSON per ${unitName}`, unitName }),
        ),
      ];
    }),
    ...(share
      ? [
          chartOf(
            share,
            shareChart(sources, {
              title: `${name[0].toUpperCase()}${name.slice(1)}: the interop share per path`,
              unitName,
            }),
          ),
        ]
      : []),
    ...own(sources, options),
  ];
  return {
    help,
    comparable,
    charts,
    // Each file's answer (file-report.mjs) says what the charts show; a workload adds what no file says.
    headlines,
    html: (input) =>
      reportPage(input, {
        title,
        about: typeof about === 'function' ? about(input) : about,
        hover,
        how,
        empty,
        nav: typeof nav === 'function' ? nav(input.sources, input) : nav,
        sections: sections(input.sources, input),
      }),
  };
}

/** Time and x JSON of one operation as lines over the payload size (ids time-<operation>, ratio-<operation>). */
function sizeLines(records, operation, id) {
  const [what, json] =
    operation === 'encode'
      ? ['JS objects -> bytes', 'JSON.stringify']
      : ['bytes -> JS objects', 'JSON.parse'];
  const Operation = `${operation[0].toUpperCase()}${operation.slice(1)}`;
  return [
    chartOf(
      id('time', operation),
      sizeLinesChart(records, {
        title: `${Operation} (${what}): median time vs JSON payload size`,
        subtitle: `log-log; lower is faster; the black line is ${json} of the same place`,
        yTitle: 'median ms',
      }),
    ),
    chartOf(
      id('ratio', operation),
      sizeLinesChart(records, {
        title: `${Operation}: speed relative to ${json}`,
        subtitle: `${json} median / path median in the same process or browser context; above 1 = faster than JSON (log scale)`,
        field: 'versusJson',
        yTitle: `x ${json} speed`,
      }),
    ),
  ];
}
