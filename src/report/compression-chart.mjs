// The trade-off a user chooses on with the compression stage
// (docs/design.md#compression): per unit (a payload size, a data set) and
// place, each path's time against the bytes that leave it, compressed or
// not. One Vega-Lite spec for every per-payload workload's report; empty
// unless a results file has compressed rows.

import { NO_COMPRESSION } from '../harness/compressors.mjs';
import { PATH_TIP, chartOf, specHead } from './palette.mjs';
import { FACET_SIZE, unitRecords } from './unit-report.mjs';

export const COMPRESSION_CHART_ID = 'compression';

const LOG_AXIS = { format: '~g', grid: true, labelOverlap: 'greedy' };

/**
 * One record per (source, unit, path): { source, unit, label, format,
 * where, bytes (what leaves: compressed or encoded), ms (median encode +
 * median decode, the round trip a message makes), encodeMs, decodeMs }, of
 * the unit records of both operations (unit-report.mjs). Only files with
 * compressed rows take part; `unitOf(row)` names the unit.
 */
export function compressionRecords(sources, unitOf) {
  return sources
    .filter((source) => source.document.rows.some((row) => row.status === 'ok' && row.compression))
    .flatMap((source) => {
      const decodes = unitRecords([source], 'decode');
      return unitRecords([source], 'encode').flatMap(({ unit, label, value: encodeMs, row }) => {
        const decode = decodes.find((other) => other.unit === unit && other.label === label);
        if (!decode) return [];
        return [
          {
            source: source.source,
            unit: unitOf(row),
            label,
            format: row.compression?.format ?? NO_COMPRESSION,
            where: row.compression?.where ?? '-',
            bytes: row.compression?.compressedBytes ?? row.encodedBytes,
            encodeMs,
            decodeMs: decode.value,
            ms: encodeMs + decode.value,
          },
        ];
      });
    })
    .filter((record) => record.bytes > 0 && record.ms > 0);
}

/** The chart: { id, title, spec, empty }. */
export function compressionChart(sources, { unitOf, unitTitle }) {
  const records = compressionRecords(sources, unitOf);
  const spec = {
    ...specHead(records, {
      text: 'Compression: encode + decode time against the bytes that leave',
      subtitle: `log-log, one panel per place and ${unitTitle}; down and left is better; colour: the format (none: the codec's bytes as they are), shape: where it was compressed`,
    }),
    facet: {
      row: { field: 'source', type: 'nominal', title: null },
      column: { field: 'unit', type: 'nominal', title: null },
    },
    spec: {
      width: FACET_SIZE,
      height: FACET_SIZE,
      mark: { type: 'point', filled: true, size: 60 },
      encoding: {
        x: {
          field: 'bytes',
          type: 'quantitative',
          scale: { type: 'log' },
          axis: LOG_AXIS,
          title: 'bytes out',
        },
        y: {
          field: 'ms',
          type: 'quantitative',
          scale: { type: 'log' },
          axis: LOG_AXIS,
          title: 'median encode + decode ms',
        },
        color: { field: 'format', type: 'nominal', title: 'format' },
        shape: { field: 'where', type: 'nominal', title: 'compressed by' },
        tooltip: [
          PATH_TIP,
          { field: 'bytes', title: 'bytes', format: ',' },
          { field: 'encodeMs', title: 'encode ms', format: '.4g' },
          { field: 'decodeMs', title: 'decode ms', format: '.4g' },
        ],
      },
    },
    resolve: { scale: { x: 'independent', y: 'independent' } },
  };
  return chartOf(COMPRESSION_CHART_ID, spec);
}

/** How to read the chart, and why it can be empty (the reports' texts). */
export const COMPRESSION_HOW =
  "Each path's median encode plus median decode (the round trip one message makes) against the bytes that leave it, with and without the compression stage (bench:node or bench:web --compress): a point down and to the left is both faster and smaller. The same path appears once per format and compressor; JSON compressed alike is the reference its verdicts use. Levels are in the results header.";
export const COMPRESSION_EMPTY = 'needs a results file run with --compress';
