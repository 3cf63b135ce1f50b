// The results view of the documents workload, for the console, the page and
// the report alike: the unit is a data set; the metric ms per call, lower is
// better; per data set the time table (each path, its ratios against JSON
// and the fastest JS library, its interop share) with JBB's published
// figures in reference lines, and the size table; after any run's tables,
// each C++ path's marshal phases against the documents floor. The figures
// come from model.mjs; src/report/table-view.mjs lays the parts out.

import { isJsonBaseline, pathLabel } from '../../catalog.mjs';
import { DOCUMENTS_FLOOR_LABEL, isDocumentsFloor } from './floor.mjs';
import {
  formatBytes,
  formatMs,
  formatRatio,
  formatShare,
  speedRatio,
  statusText,
} from '../../harness/format.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { fastestText } from '../../harness/references.mjs';
import { VERDICT_LEGEND, formatVerdictRatio } from '../../harness/verdict.mjs';
import { JBB_FORMATS, JBB_SOURCE, jbbReference } from './jbb-reference.mjs';
import { OPERATIONS } from '../../harness/block.mjs';
import { blockChartRows } from '../../report/block-rows.mjs';
import { encDecColumns } from '../../report/table-view.mjs';
import { BLOCK_UNIT } from './block.mjs';
import {
  datasetEntry,
  datasetTitle,
  datasetsOf,
  interopShares,
  sizeTable,
  timeTable,
  userFileOf,
} from './model.mjs';

export const TIME_HEADER = [
  'path',
  'encode ms',
  'decode ms',
  ...encDecColumns('xJSON', 'xBestJS', 'interop'),
];

export const LEGEND =
  "Times: median ms of the timed runs. xJSON = JSON.stringify/parse's median / this path's (>1 = faster), " +
  'the JSON baseline measured in the same process. xBestJS = the fastest pure-JS library of the data set / ' +
  'this path (another process). interop = (total - codec) / total: the share of the call spent crossing ' +
  'JS <-> wasm, or JS <-> C++ through Node-API for a "(addon)" path (the same C++ as a native addon, ' +
  `bench:node only). ${VERDICT_LEGEND}`;

/** A time line's ratio against JSON; the JSON baseline against itself is 1.00x. */
const versusJsonText = (line, operation) =>
  isJsonBaseline(line.row) ? formatRatio(1) : formatVerdictRatio(line.vsJson?.[operation]);

// JBB's lines stand apart from the measured ones.
const jbbLine = (cells) => ({ cells, className: 'reference', attrs: { role: 'jbb' } });

/** One path's line of the time table (model.mjs timeTable): its figures (TIME_HEADER), or the reason it has none. */
function timeLine(line) {
  const { row, label, vsFastest } = line;
  const attrs = { path: label, status: row.status, impl: row.impl };
  if (row.status !== 'ok')
    return {
      label,
      text: statusText(row),
      className: row.status === 'n/a' ? 'not-applicable' : 'failed',
      attrs,
    };
  const cells = [
    label,
    formatMs(row.encode?.median),
    formatMs(row.decode?.median),
    versusJsonText(line, 'encode'),
    versusJsonText(line, 'decode'),
    formatVerdictRatio(vsFastest?.encode),
    formatVerdictRatio(vsFastest?.decode),
    formatShare(line.encodeShare),
    formatShare(line.decodeShare),
  ];
  return { cells, className: isJsonBaseline(row) ? 'baseline' : undefined, attrs };
}

/** JBB's published times for the data set, as reference lines (none when it has none). */
function jbbTimeLines(dataset) {
  const reference = jbbReference(dataset);
  return (reference ? JBB_FORMATS : []).map((format) => {
    const { encodeMs, decodeMs } = reference[format];
    const blanks = Array(TIME_HEADER.length - 3).fill('');
    return jbbLine([`JBB published: ${format}`, formatMs(encodeMs), formatMs(decodeMs), ...blanks]);
  });
}

/**
 * The size table of a data set, JBB's published sizes in reference lines;
 * gzip-9 only when some line has it (the page's CompressionStream has no
 * level: JBB's gzip -9 goes in its gzip column).
 */
function sizeTableOf(rows, dataset, jsonBytes) {
  const measured = sizeTable(rows, dataset);
  const gzip9 = measured.some((line) => line.gzip9Bytes !== undefined);
  const lines = measured.map((line) => ({
    cells: [
      line.label,
      formatBytes(line.bytes),
      formatBytes(line.gzipBytes),
      ...(gzip9 ? [formatBytes(line.gzip9Bytes)] : []),
      formatRatio(jsonBytes ? line.bytes / jsonBytes : undefined),
    ],
    attrs: { path: line.label },
  }));
  const reference = jbbReference(dataset);
  const jbb = (reference ? JBB_FORMATS : []).map((format) => {
    const { bytes, gzip9Bytes } = reference[format];
    const gzip = gzip9 ? ['', formatBytes(gzip9Bytes)] : [`${formatBytes(gzip9Bytes)} (-9)`];
    return jbbLine([`JBB published: ${format}`, formatBytes(bytes), ...gzip, '']);
  });
  return {
    title: `${dataset}: encoded size`,
    header: ['format (library)', 'bytes', 'gzip', ...(gzip9 ? ['gzip-9'] : []), 'x JSON size'],
    lines: [...lines, ...jbb],
    className: 'documents',
    attrs: { dataset, role: 'size' },
  };
}

/** The interop share of each strategy on a data set, as a sentence ('' without one). */
function sharesText(rows, dataset) {
  const parts = Object.entries(interopShares(rows, dataset)).map(
    ([strategy, { encode, decode }]) =>
      `${strategy} encode ${formatShare(encode)}, decode ${formatShare(decode)}`,
  );
  return parts.length > 0 ? `Interop share (median over codecs): ${parts.join('; ')}.` : '';
}

/** The parts of a documents run's view: a section per data set. */
export function documentView(rows) {
  return datasetsOf(rows).map((dataset) => {
    const time = timeTable(rows, dataset);
    const entry = datasetEntry(dataset);
    const notes = [`Fastest JS library: ${fastestText(time.fastest)}.`, sharesText(rows, dataset)];
    const parts = [
      ...(entry ? [{ note: `${entry.label}: ${entry.what}.` }] : []),
      {
        table: {
          title: `${datasetTitle(rows, dataset, time.jsonBytes)}: time per call`,
          header: TIME_HEADER,
          lines: [...time.lines.map(timeLine), ...jbbTimeLines(dataset)],
          className: 'documents',
          attrs: { dataset, role: 'time' },
        },
      },
      ...notes.filter(Boolean).map((note) => ({ note })),
      { table: sizeTableOf(rows, dataset, time.jsonBytes) },
    ];
    const className = userFileOf(rows, dataset) ? 'dataset user-dataset' : 'dataset';
    return { section: { className, attrs: { dataset } }, parts };
  });
}

export const FLOOR_PHASE_HEADER = [
  'path',
  'marshal in ms',
  'floor encode ms',
  'in xFloor',
  'marshal out ms',
  'floor decode ms',
  'out xFloor',
];

const FLOOR_PHASE_LEGEND =
  `Marshal phases against the ${DOCUMENTS_FLOOR_LABEL}: medians over the processes; the floor is the JS walk ` +
  'writing the tagged form into a ready buffer (encode) and the object building from ready tagged bytes ' +
  '(decode), no wasm call; xFloor = floor / phase (1.00x: the phase costs what the JS halves alone cost).';

/**
 * The floor tables of a block run as view parts: per block, each C++ path's
 * marshal phases (medians over its processes) beside the documents floor's
 * encode and decode (docs/documents.md#documents-floor), with floor / phase
 * (1.00x: the phase costs what the JS halves alone cost). [] without a floor.
 */
export function floorPhaseParts(rows) {
  // One row per path and block, its medians over processes (the charts' rows).
  const merged = blockChartRows(rows).filter((row) => row.status === 'ok');
  // A phase's cells: its ms, the floor's ms, floor / phase.
  const phaseCells = (phase, floor) => [
    formatMs(phase),
    formatMs(floor),
    formatRatio(speedRatio(floor, phase)),
  ];
  const tables = [...groupBy(merged, (row) => row.block)].flatMap(([block, own]) => {
    const floor = own.find(isDocumentsFloor);
    if (!floor) return [];
    const lines = own
      .filter((row) => row.impl === 'cpp' && !row.compression)
      .map((row) => ({
        cells: [
          pathLabel(row),
          ...phaseCells(row.encodePhases?.marshalInMs, floor.encode?.median),
          ...phaseCells(row.decodePhases?.marshalOutMs, floor.decode?.median),
        ],
      }));
    const title = `${block}: marshal phases against the floor`;
    return [{ table: { title, header: FLOOR_PHASE_HEADER, attrs: { block, role: 'floor-phases' }, lines } }];
  });
  return tables.length === 0 ? [] : [{ note: FLOOR_PHASE_LEGEND }, ...tables];
}

/** What the results view knows of the workload (src/report/results-tables.mjs). */
export const view = {
  block: BLOCK_UNIT,
  unit: 'data set',
  metric: 'ms',
  higherIsBetter: false,
  operations: OPERATIONS,
  legend: `${LEGEND} JBB published: ${JBB_SOURCE}; another machine and other data, a reference for the shape only (the grey lines).`,
  tables: documentView,
  more: floorPhaseParts,
};

export const DOCUMENT_TABLE_LEGEND = view.legend;
