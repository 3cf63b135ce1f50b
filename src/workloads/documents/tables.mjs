// The console tables of the documents workload: per data set, the time table
// (each path, its ratios against JSON and the fastest JS library, its
// interop share), JBB's published figures beside it, and the size table;
// after a block run's tables, each C++ path's marshal phases against the
// documents floor.
// Any place can print them from a results file.

import { DOCUMENTS_FLOOR_LABEL, isDocumentsFloor, isJsonBaseline, pathLabel } from '../../catalog.mjs';
import {
  alignFirstLeft,
  formatBytes,
  formatMs,
  formatRatio,
  formatShare,
  renderColumns,
  speedRatio,
  statusText,
} from '../../harness/format.mjs';
import { median } from '../../harness/stats.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { fastestText } from '../../harness/references.mjs';
import { VERDICT_LEGEND, formatVerdictRatio } from '../../harness/verdict.mjs';
import { JBB_FORMATS, JBB_SOURCE, jbbReference } from './jbb-reference.mjs';
import { datasetTitle, datasetsOf, interopShares, sizeTable, timeTable } from './model.mjs';

export const TIME_HEADER = [
  'path',
  'encode ms',
  'decode ms',
  'enc xJSON',
  'dec xJSON',
  'enc xBestJS',
  'dec xBestJS',
  'enc interop',
  'dec interop',
];

export const LEGEND =
  "Times: median ms of the timed runs. xJSON = JSON.stringify/parse's median / this path's (>1 = faster), " +
  'the JSON baseline measured in the same process. xBestJS = the fastest pure-JS library of the data set / ' +
  'this path (another process). interop = (total - codec) / total: the share of the call spent crossing ' +
  'JS <-> wasm, or JS <-> C++ through Node-API for a "(addon)" path (the same C++ as a native addon, ' +
  `bench:node only). ${VERDICT_LEGEND}`;

/** A time line's ratio against JSON (verdict.mjs `format`); the JSON baseline against itself is 1.00x. */
export const versusJsonText = (line, operation, format = formatVerdictRatio) =>
  isJsonBaseline(line.row) ? formatRatio(1) : format(line.vsJson?.[operation]);

/** The figures of a time line measured ok (model.mjs timeTable), after its label (TIME_HEADER). */
export function timeCells(line) {
  const { row, vsFastest, encodeShare, decodeShare } = line;
  return [
    formatMs(row.encode.median),
    formatMs(row.decode.median),
    versusJsonText(line, 'encode'),
    versusJsonText(line, 'decode'),
    formatVerdictRatio(vsFastest?.encode),
    formatVerdictRatio(vsFastest?.decode),
    formatShare(encodeShare),
    formatShare(decodeShare),
  ];
}

/** JBB's published times for the data set, as reference lines of cells (none when it has none). */
export function jbbTimeCells(dataset) {
  const reference = jbbReference(dataset);
  if (!reference) return [];
  return JBB_FORMATS.map((format) => {
    const { encodeMs, decodeMs } = reference[format];
    return [
      `JBB published: ${format}`,
      formatMs(encodeMs),
      formatMs(decodeMs),
      ...Array(TIME_HEADER.length - 3).fill(''),
    ];
  });
}

/**
 * The size table of a data set: { header, lines, jbb } (cells; jbb: JBB's
 * published sizes), gzip-9 only when some line has it (the page's
 * CompressionStream has no level: JBB's gzip -9 goes in its gzip column).
 */
export function sizeCells(rows, dataset, jsonBytes) {
  const measured = sizeTable(rows, dataset);
  const gzip9 = measured.some((line) => line.gzip9Bytes !== undefined);
  const lines = measured.map((line) => [
    line.label,
    formatBytes(line.bytes),
    formatBytes(line.gzipBytes),
    ...(gzip9 ? [formatBytes(line.gzip9Bytes)] : []),
    formatRatio(jsonBytes ? line.bytes / jsonBytes : undefined),
  ]);
  const reference = jbbReference(dataset);
  const jbb = (reference ? JBB_FORMATS : []).map((format) => {
    const { bytes, gzip9Bytes } = reference[format];
    const gzip = gzip9 ? ['', formatBytes(gzip9Bytes)] : [`${formatBytes(gzip9Bytes)} (-9)`];
    return [`JBB published: ${format}`, formatBytes(bytes), ...gzip, ''];
  });
  return {
    header: ['format (library)', 'bytes', 'gzip', ...(gzip9 ? ['gzip-9'] : []), 'x JSON size'],
    lines,
    jbb,
  };
}

/** The interop share of each strategy on a data set, as a sentence ('' without one). */
export function sharesText(rows, dataset) {
  const parts = Object.entries(interopShares(rows, dataset)).map(
    ([strategy, { encode, decode }]) =>
      `${strategy} encode ${formatShare(encode)}, decode ${formatShare(decode)}`,
  );
  return parts.length > 0 ? `interop share (median over codecs): ${parts.join('; ')}` : '';
}

/** Every data set's tables, then the legend. */
export function renderDocumentTables(rows) {
  const sections = datasetsOf(rows).map((dataset) => {
    const table = timeTable(rows, dataset);
    const timeLines = table.lines.map((line) =>
      line.row.status === 'ok'
        ? [line.label, ...timeCells(line)]
        : { label: line.label, text: statusText(line.row) },
    );
    const sizes = sizeCells(rows, dataset, table.jsonBytes);
    return [
      `== ${datasetTitle(rows, dataset, table.jsonBytes)}`,
      renderColumns(TIME_HEADER, [...timeLines, ...jbbTimeCells(dataset)], alignFirstLeft(TIME_HEADER)),
      `fastest JS library: ${fastestText(table.fastest)}`,
      sharesText(rows, dataset),
      '',
      renderColumns(sizes.header, [...sizes.lines, ...sizes.jbb], alignFirstLeft(sizes.header)),
    ]
      .filter((part) => part !== '')
      .join('\n');
  });
  return [...sections, LEGEND, `JBB published: ${JBB_SOURCE}.`].join('\n\n');
}

/**
 * The model of a block run's floor table: per block, each C++ path's
 * marshal phases (medians over its processes) beside the documents floor's
 * encode and decode (docs/documents.md#documents-floor), with floor / phase
 * (1.00x: the phase costs what the JS halves alone cost). [] without a floor.
 */
export function floorPhaseBlocks(rows) {
  const blocks = [...new Set(rows.filter((row) => row.block !== undefined).map((row) => row.block))];
  const mid = (values) => (values.length > 0 ? median(values) : undefined);
  return blocks.flatMap((block) => {
    const own = rows.filter((row) => row.block === block && row.status === 'ok');
    const floors = own.filter(isDocumentsFloor);
    if (floors.length === 0) return [];
    const floor = {
      encode: mid(floors.map((row) => row.encode?.median).filter(Number.isFinite)),
      decode: mid(floors.map((row) => row.decode?.median).filter(Number.isFinite)),
    };
    const cpp = own.filter((item) => item.impl === 'cpp' && !item.compression);
    const paths = [...groupBy(cpp, pathLabel)].map(([label, pathRows]) => ({
      label,
      marshalIn: mid(pathRows.map((row) => row.encodePhases?.marshalInMs).filter(Number.isFinite)),
      marshalOut: mid(pathRows.map((row) => row.decodePhases?.marshalOutMs).filter(Number.isFinite)),
    }));
    return [{ block, floor, paths }];
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

/** The floor tables of a block run as console text ('' without a documents floor). */
export function renderFloorPhases(rows) {
  const blocks = floorPhaseBlocks(rows);
  if (blocks.length === 0) return '';
  const ms = formatMs;
  const ratio = (floor, phase) => formatRatio(speedRatio(floor, phase));
  const parts = [FLOOR_PHASE_LEGEND];
  for (const { block, floor, paths } of blocks) {
    const lines = paths.map((path) => [
      path.label,
      ms(path.marshalIn),
      ms(floor.encode),
      ratio(floor.encode, path.marshalIn),
      ms(path.marshalOut),
      ms(floor.decode),
      ratio(floor.decode, path.marshalOut),
    ]);
    parts.push(`${block}:`, renderColumns(FLOOR_PHASE_HEADER, lines, alignFirstLeft(FLOOR_PHASE_HEADER)));
  }
  return parts.join('\n\n');
}
