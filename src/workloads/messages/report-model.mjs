// The messages report's chart model: ops/s per record and path against the
// JSON baseline of the same record, the per-call floor of each module and
// wasm against the addon. Nothing here draws.

import { isJsonBaseline } from '../../catalog.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { median } from '../../harness/stats.mjs';
import { compareStats } from '../../harness/verdict.mjs';
import { recordRank } from './view.mjs';
import { ADDON_SUFFIX, colorKeyOf, howOf, isAddonRow, labelOf, sortRows } from '../../report/model.mjs';

export const MESSAGE_OPERATIONS = ['encode', 'decode', 'roundTrip'];
export const OPERATION_TITLES = { encode: 'encode', decode: 'decode', roundTrip: 'round trip' };
const FLOOR = 'floor';
const CALL = 'call';

const isFloor = (row) => row.variant === FLOOR;
const isCallFloor = (row) => row.interop === CALL && isFloor(row);
const okRows = (source) => source.document.rows.filter((row) => row.status === 'ok');

/** ops/s median of one operation of a row, or undefined. */
export function opsOf(row, operation) {
  return row[operation]?.opsPerSec?.median;
}

/**
 * The JSON baseline's ops/s for a row: the baseline of the same source,
 * record and batch (same process) when there is one, else the median of
 * the source's baselines of that record.
 */
function baselineFinder(source) {
  const baselines = groupBy(okRows(source).filter(isJsonBaseline), (row) => row.record);
  return (row, operation) => {
    const candidates = baselines.get(row.record) ?? [];
    const own = row.batch && candidates.find((candidate) => candidate.batch === row.batch);
    if (own) return opsOf(own, operation);
    const values = candidates.map((candidate) => opsOf(candidate, operation)).filter((v) => v > 0);
    return values.length > 0 ? median(values) : undefined;
  };
}

/**
 * The verdict (verdict.mjs) of a row's ops/s against the JSON baseline of
 * its own batch on the record, else against the record's baselines pooled
 * (older files: one baseline for every path); 'unknown' without samples.
 */
function verdictFinder(source) {
  const baselines = groupBy(okRows(source).filter(isJsonBaseline), (row) => row.record);
  return (row, operation) => {
    if (isJsonBaseline(row)) return undefined;
    const candidates = (baselines.get(row.record) ?? []).filter((b) => b[operation]?.opsPerSec);
    if (candidates.length === 0) return undefined;
    const own = row.batch && candidates.find((b) => b.batch === row.batch);
    const samples = candidates.map((b) => b[operation].opsPerSec.samples);
    const reference = own
      ? own[operation].opsPerSec
      : { samples: samples.every(Array.isArray) ? samples.flat() : undefined };
    return compareStats(reference, row[operation]?.opsPerSec, { higherIsFaster: true }).verdict;
  };
}

/**
 * One record per measured (source, path, record, operation) of a path that
 * does codec work (floors excluded): ops/s, ns/op and the speed vs JSON.
 */
export function opsRecords(sources, operation) {
  const records = [];
  for (const source of sources) {
    const jsonOps = baselineFinder(source);
    const verdictOf = verdictFinder(source);
    for (const row of sortRows(okRows(source).filter((row) => !isFloor(row)))) {
      const ops = opsOf(row, operation);
      if (!(ops > 0)) continue;
      const reference = jsonOps(row, operation);
      records.push({
        source: source.source,
        place: source.place,
        label: labelOf(row),
        colorKey: colorKeyOf(row),
        how: howOf(row),
        codec: row.codec,
        record: row.record,
        recordOrder: recordRank(row.record),
        baseline: isJsonBaseline(row),
        opsPerSec: ops,
        nsPerOp: row[operation].nsPerOp ?? 1e9 / ops,
        versusJson: reference > 0 ? ops / reference : undefined,
        verdict: verdictOf(row, operation),
      });
    }
  }
  return records;
}

/** The module an empty call was made into: "msgpack" (its wasm module) or "msgpack (addon)" (the Node-API addon). */
export const moduleOf = (row) => `${row.codec}${isAddonRow(row) ? ADDON_SUFFIX : ''}`;

/** The per-call floor of every wasm module (and of the addon) per source: the empty call's ns/op and ops/s. */
export function callFloorRows(sources) {
  const lines = [];
  for (const source of sources) {
    for (const row of source.document.rows.filter(isCallFloor)) {
      const ops = row.status === 'ok' ? opsOf(row, 'encode') : undefined;
      lines.push({
        source: source.source,
        codec: row.codec,
        module: moduleOf(row),
        boundary: isAddonRow(row) ? 'addon' : 'wasm',
        batch: row.batch,
        label: `${moduleOf(row)} (empty call)`,
        status: row.status,
        error: row.error,
        opsPerSec: ops,
        nsPerOp: ops ? (row.encode.nsPerOp ?? 1e9 / ops) : undefined,
      });
    }
  }
  return lines;
}

// The wasm strategy each addon strategy stands beside: object walks the JS
// record field by field as val does; tagged is tagged.
const WASM_COUNTERPART = { object: 'val', tagged: 'tagged' };

/**
 * Per source that has addon rows: for each record, codec and C++ path (wasm
 * or the Node-API addon, floors left out), its ns/op per operation, the
 * empty call of its own boundary (the median over that codec's empty-call
 * rows; the median over every codec's when its own is missing) and, for an
 * addon path, its speed against its wasm counterpart (object: val, tagged:
 * tagged) of the same run, measured in another process: the counterpart's
 * ns/op / the addon's (above 1 = the addon is faster). [{ source, record,
 * recordOrder, codec, boundary, strategy, label, ns: { encode, decode, roundTrip }, emptyCallNs,
 * counterpart?, versusWasm?: { encode, decode, roundTrip } }].
 */
export function boundaryLines(sources) {
  const lines = [];
  for (const source of sources) {
    const rows = okRows(source);
    if (!rows.some(isAddonRow)) continue;
    const emptyCalls = rows.filter(isCallFloor);
    const emptyCallNs = (boundary, codec) => {
      const own = emptyCalls.filter((row) => (isAddonRow(row) ? 'addon' : 'wasm') === boundary);
      const ofCodec = own.filter((row) => row.codec === codec);
      const values = (ofCodec.length > 0 ? ofCodec : own)
        .map((row) => row.encode?.nsPerOp ?? 1e9 / opsOf(row, 'encode'))
        .filter((ns) => ns > 0);
      return values.length > 0 ? median(values) : undefined;
    };
    const nsOf = (row, operation) => {
      const ops = opsOf(row, operation);
      return ops > 0 ? (row[operation].nsPerOp ?? 1e9 / ops) : undefined;
    };
    const paths = rows.filter((row) => row.impl === 'cpp' && row.interop !== 'none' && !isFloor(row));
    for (const row of sortRows(paths)) {
      const boundary = isAddonRow(row) ? 'addon' : 'wasm';
      const ns = Object.fromEntries(MESSAGE_OPERATIONS.map((operation) => [operation, nsOf(row, operation)]));
      const line = {
        source: source.source,
        record: row.record,
        recordOrder: recordRank(row.record),
        codec: row.codec,
        boundary,
        strategy: row.interop,
        label: labelOf(row),
        ns,
        emptyCallNs: emptyCallNs(boundary, row.codec),
      };
      const counterpartStrategy = boundary === 'addon' ? WASM_COUNTERPART[row.interop] : undefined;
      const counterpart =
        counterpartStrategy &&
        paths.find(
          (other) =>
            !isAddonRow(other) &&
            other.codec === row.codec &&
            other.record === row.record &&
            other.interop === counterpartStrategy,
        );
      if (counterpart) {
        line.counterpart = labelOf(counterpart);
        line.versusWasm = Object.fromEntries(
          MESSAGE_OPERATIONS.map((operation) => {
            const [theirs, mine] = [nsOf(counterpart, operation), ns[operation]];
            return [operation, theirs > 0 && mine > 0 ? theirs / mine : undefined];
          }),
        );
      }
      lines.push(line);
    }
  }
  return lines.sort((a, b) => a.recordOrder - b.recordOrder);
}
