// The report of any workload, built from one model: a chart record per
// (unit, path, place) taken from the same comparisons as the view's tables
// (src/harness/unit-comparisons.mjs), and one set of chart builders over
// those records (time or speed per unit, speed against JSON, the share of
// the call spent crossing into C++). What the charts say in words is each
// file's answer (src/report/file-report.mjs), not a chart headline.
// A workload's report.mjs declares its ids, its words and its own views;
// a workload without one gets reportFor({}).

import { isJsonBaseline } from '../catalog.mjs';
import { OPERATIONS } from '../harness/block.mjs';
import { reportPage } from './html.mjs';
import { codecRank, reportColors } from './codec-order.mjs';
import { BASELINE_LABEL, colorKeyOf, howOf, sortRows } from './shared-model.mjs';
import { PATH_TIP, PLACE_TIP, chartOf, sourceColors, specHead } from './palette.mjs';
import { unitRecords as recordsOf } from './unit-records.mjs';

const OPERATION_TITLES = { roundTrip: 'round trip' };
const titleOf = (operation) => OPERATION_TITLES[operation] ?? operation;

/** The unit records (unit-records.mjs) of `operation`, each unit's paths in the catalog's order. */
export const unitRecords = (sources, operation) => recordsOf(sources, operation, sortRows);

export const unique = (values) => [...new Set(values)];
/** `text` with its first letter in capitals. */
export const capitalized = (text) => `${text[0].toUpperCase()}${text.slice(1)}`;
const unitsIn = (records) => unique(records.map((record) => record.unit));
// A verdict only where the records have one (a block's medians over processes have none).
const withVerdict = (tooltip, values) =>
  values.some((value) => value.verdict !== undefined)
    ? [...tooltip, { field: 'verdict', title: 'verdict' }]
    : tooltip;
const TOOLTIP = [
  PLACE_TIP,
  { field: 'unit' },
  PATH_TIP,
  { field: 'value', title: 'median', format: ',.4g' },
  { field: 'versusJson', title: 'x JSON', format: '.3g' },
];

/**
 * Each path's figure per unit, a panel per unit and a dot per path and place
 * (log axis): `field` 'value', its median of the operation in the view's
 * metric, or 'versusJson', its speed against the JSON of its own batch (1 =
 * as fast as JSON); `view` the workload's (its unit, metric, which way is better).
 */
function dotsChart(records, field, { title, view }) {
  const values = records.filter((record) => record[field] > 0).map(({ row, ...record }) => record);
  const time = field === 'value';
  const subtitle = !time
    ? `x JSON per ${view.unit} (log scale): above 1 the path is faster than the JSON baseline measured beside it`
    : view.higherIsBetter
      ? `median ${view.metric} (log scale, one panel per ${view.unit}); further right is faster`
      : `median ${view.metric} (log scale, one panel per ${view.unit}, each its own axis); further left is faster`;
  return unitPanels({
    title: { text: title, subtitle },
    values,
    x: {
      field,
      type: 'quantitative',
      scale: { type: 'log' },
      axis: { format: time ? '~s' : '~g', grid: true, labelOverlap: 'greedy' },
      title: time ? view.metric : 'x JSON',
    },
    shape: { field: 'source', type: 'nominal', title: 'place' },
    tooltip: withVerdict(TOOLTIP, values),
    // Each panel its own x axis where the units' times are far apart.
    resolve: { x: time && !view.higherIsBetter ? 'independent' : 'shared', y: 'shared' },
  });
}

/**
 * A panel per unit (in the records' order), `columns` abreast, a row per
 * path and a dot per place in it (colour: the place): `x`, `shape` and
 * `tooltip` the dots' encodings, `resolve` the scales'.
 */
function unitPanels({ title, values, columns = 3, x, shape, tooltip, resolve }) {
  return {
    ...specHead(values, title),
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
        y: { field: 'label', type: 'nominal', sort: unique(values.map((value) => value.label)), title: null },
        x,
        color: { field: 'source', type: 'nominal', scale: sourceColors(values), title: 'place' },
        shape,
        tooltip,
      },
    },
    resolve: { scale: resolve },
  };
}

// Lines over the payload size (units that are sizes: a sweep's steps).
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
const LINE_LEGEND = { symbolType: 'stroke', symbolSize: 300, symbolStrokeWidth: 2 };
const DASH_LEGEND = { ...LINE_LEGEND, symbolStrokeColor: '#444' };
const LOG_AXIS = { format: '~g', grid: true, labelOverlap: 'greedy', labelSeparation: 4 };
// Log x scale over the measured sizes only (a "nice" domain would pad to
// whole decades and squeeze the data into the middle).
const SIZE_X = {
  field: 'jsonMB',
  type: 'quantitative',
  scale: { type: 'log', nice: false, padding: 10 },
  axis: LOG_AXIS,
  title: 'JSON payload (MB)',
};

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
  return sizeLinesSpec({
    title: { text: title, subtitle },
    values,
    column: { field: 'source', sort: unique(values.map((v) => v.source)) },
    y: { field, title: yTitle },
    color: { field: 'colorKey', scale: colorScale(values), title: 'codec / library' },
    dash: { field: 'how', scale: dashScale(values), title: 'path' },
    more: {
      strokeWidth: { condition: { test: 'datum.baseline', value: 2.5 }, value: 1.3 },
      detail: { field: 'label' },
    },
    tooltip: withVerdict(
      [
        PLACE_TIP,
        PATH_TIP,
        { field: 'jsonMB', title: 'JSON MB', format: '.3f' },
        { field: 'value', title: 'median ms', format: '.4g' },
        { field: 'versusJson', title: 'x JSON', format: '.3g' },
      ],
      values,
    ),
    rule: ratio,
    resolve: { x: 'shared', y: 'shared' },
  });
}

/**
 * Lines over the JSON payload size, log-log, one panel per `column` value:
 * `y` its field and title, `color` and `dash` nominal encodings with line
 * legends, `more` other encodings; `rule` draws a black line at 1.
 */
export function sizeLinesSpec({ title, values, column, y, color, dash, more, tooltip, rule, resolve }) {
  const line = {
    mark: { type: 'line', point: { size: 18 }, clip: true },
    encoding: {
      x: SIZE_X,
      y: { type: 'quantitative', scale: { type: 'log' }, axis: LOG_AXIS, ...y },
      color: { type: 'nominal', legend: LINE_LEGEND, ...color },
      strokeDash: { type: 'nominal', legend: DASH_LEGEND, ...dash },
      ...more,
      tooltip,
    },
  };
  const layer = [
    { mark: { type: 'rule', color: '#000', strokeWidth: 1.5 }, encoding: { y: { datum: 1 } } },
    line,
  ];
  return {
    ...specHead(values, title),
    facet: { column: { type: 'nominal', title: null, ...column } },
    spec: { width: FACET_SIZE, height: FACET_SIZE, ...(rule ? { layer } : line) },
    resolve: { scale: resolve },
  };
}

/** The share of each C++ path's call spent crossing into C++, per unit, encode and decode (0% = all codec). */
export function shareChart(sources, { title, unitName, operations = OPERATIONS, columns = 3 }) {
  const values = operations.flatMap((operation) =>
    unitRecords(sources, operation)
      .filter((record) => record.share !== undefined)
      .map(({ source, place, unit, label, share }) => ({ source, place, unit, label, share, operation })),
  );
  return unitPanels({
    title: {
      text: title,
      subtitle: `(total - codec) / total of each call, per ${unitName}; 0% = all codec work, 100% = all crossing`,
    },
    values,
    columns,
    x: {
      field: 'share',
      type: 'quantitative',
      scale: { domain: [0, 1] },
      axis: { format: '%', grid: true },
      title: 'interop share',
    },
    shape: { field: 'operation', type: 'nominal', sort: operations, title: 'operation' },
    tooltip: [
      PLACE_TIP,
      { field: 'unit' },
      PATH_TIP,
      { field: 'operation' },
      { field: 'share', title: 'interop share', format: '.0%' },
    ],
    resolve: { y: 'shared' },
  });
}

/**
 * A report module (the interface src/report/index.mjs reads) from a
 * workload's declaration: `name`, `view` (its view.mjs description: unit,
 * metric, higherIsBetter, operations), `id(kind, operation)` (the charts'
 * ids), `share` (the id of the interop-share chart), `own(sources, input)`
 * (its own views' charts), `views(sources, input)` (its own tables: [{ id,
 * title, parts }], view parts, linked from the nav), `how` (by chart id),
 * `help`, `about` (text, or of the html input), `empty`, `headlines`,
 * `title` and `hover`. With `overSize` the units are payload sizes: time and
 * x JSON are lines over the size.
 */
export function reportFor({
  name = 'results',
  view = {},
  id = (kind, operation) => `${kind}-${operation.toLowerCase()}`,
  share,
  own = () => [],
  views = () => [],
  how = {},
  help = 'the answer and the tables of every file, time and x JSON per unit and path',
  about = '',
  empty = {},
  overSize = false,
  title = `wasm-codec-bench report: ${name}`,
  headlines = () => ({}),
  hover = 'a dot',
}) {
  const { unit: unitName = 'unit', operations = OPERATIONS } = view;
  const Name = capitalized(name);
  // A workload without a description: its rows say their metric.
  const shown = (records) => {
    const perCall = view.higherIsBetter ?? records.some((record) => record.perCall);
    return { unit: unitName, higherIsBetter: perCall, metric: view.metric ?? (perCall ? 'ops/s' : 'ms') };
  };
  const perUnit = (sources) =>
    operations.flatMap((operation) => {
      const records = unitRecords(sources, operation);
      const what = `${Name}, ${titleOf(operation)}`;
      const described = shown(records);
      return [
        chartOf(
          id('time', operation),
          dotsChart(records, 'value', {
            title: `${what}: ${described.higherIsBetter ? 'operations per second' : 'time'} per ${unitName} and path`,
            view: described,
          }),
        ),
        chartOf(
          id('ratio', operation),
          dotsChart(records, 'versusJson', {
            title: `${what}: speed vs JSON per ${unitName}`,
            view: described,
          }),
        ),
      ];
    });
  // Over the size: all times, then all ratios (the page order of a sizes report).
  const linesOverSize = (sources) => {
    const pairs = operations.map((operation) => sizeLines(unitRecords(sources, operation), operation, id));
    return [...pairs.map(([time]) => time), ...pairs.map(([, ratio]) => ratio)];
  };
  const charts = (sources, input = {}) => [
    ...(overSize ? linesOverSize(sources) : perUnit(sources)),
    ...(share
      ? [chartOf(share, shareChart(sources, { title: `${Name}: the interop share per path`, unitName }))]
      : []),
    ...own(sources, input),
  ];
  return {
    help,
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
        views: views(input.sources, input),
      }),
  };
}

/** Time and x JSON of one operation as lines over the payload size (ids time-<operation>, ratio-<operation>). */
function sizeLines(records, operation, id) {
  const [what, json] =
    operation === 'encode'
      ? ['JS objects -> bytes', 'JSON.stringify']
      : ['bytes -> JS objects', 'JSON.parse'];
  return [
    chartOf(
      id('time', operation),
      sizeLinesChart(records, {
        title: `${capitalized(operation)} (${what}): median time vs JSON payload size`,
        subtitle: `log-log; lower is faster; the black line is ${json} of the same place`,
        yTitle: 'median ms',
      }),
    ),
    chartOf(
      id('ratio', operation),
      sizeLinesChart(records, {
        title: `${capitalized(operation)}: speed relative to ${json}`,
        subtitle: `${json} median / path median in the same process or browser context; above 1 = faster than JSON (log scale)`,
        field: 'versusJson',
        yTitle: `x ${json} speed`,
      }),
    ),
  ];
}
