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
import { labelOf, sortRows } from './model.mjs';
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
        const json = vsJson(row, operation);
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
 * (by chart id), `help`, `about`, `empty`, `sections(sources)` and `nav`.
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
}) {
  const charts = (sources) => [
    ...operations.flatMap((operation) => {
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
    ...own(sources),
  ];
  return {
    help,
    comparable,
    charts,
    // Each file's answer (file-report.mjs) says what the charts show.
    headlines: () => ({}),
    html: (input) =>
      reportPage(input, {
        title: `wasm-codec-bench report: ${name}`,
        about,
        hover: 'a dot',
        how,
        empty,
        nav: typeof nav === 'function' ? nav(input.sources) : nav,
        sections: sections(input.sources),
      }),
  };
}
