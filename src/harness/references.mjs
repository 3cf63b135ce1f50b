// What every ratio of the per-payload tables is measured against, for the console
// (each workload's view.mjs: console, page and report alike): the JSON baseline
// of a row's own batch (same process or page), the UTF-8 JSON baseline of
// its batch (measured beside the codecs whose bytes are JSON text), and the
// fastest pure-JS library of the size, whose decode reference must hand back
// clean objects. Each ratio comes with its verdict (src/harness/verdict.mjs).
// The same comparisons for rows of either protocol (per payload: times;
// per call: rates) serve the report's engines section and the page's answer
// (src/report/headline.mjs).

import { isFloor, isJsonBaseline, isJsonUtf8Baseline, isObjectFloor, pathLabel } from '../catalog.mjs';
import { formatMs } from './format.mjs';
import { median } from './stats.mjs';
import { compareStats } from './verdict.mjs';

export const OPERATIONS = ['encode', 'decode'];

/** True for a reference row: a JSON baseline or a floor, measured beside a path. */
export function isReferenceRow(row) {
  return isJsonBaseline(row) || isJsonUtf8Baseline(row) || isFloor(row);
}

/** True for a row of a pure-JS library (impl js, not a reference). */
export function isPeerRow(row) {
  return row.impl === 'js' && !isReferenceRow(row);
}

/** A row measured ok. */
export const isOk = (row) => row.status === 'ok';
// Among the rows that timed `operation` (a block's library may time one only).
function fastestOf(rows, operation) {
  const timed = rows.filter((row) => row[operation]);
  if (timed.length === 0) return undefined;
  return timed.reduce((fastest, row) => (row[operation].median < fastest[operation].median ? row : fastest));
}

/**
 * The pure-JS libraries with the best median among `rows` (one size):
 * { encode, decode, decodeOverall, cleanKnown }, or undefined when no
 * library measured ok. `decode` is the fastest library whose decode is
 * clean (plain objects, as JSON.parse gives), undefined when none is;
 * `decodeOverall` the fastest of all. Rows that never recorded cleanliness
 * (older files) leave `cleanKnown` false and `decode` the fastest overall.
 */
export function fastestPeers(rows) {
  const ok = rows.filter((row) => isPeerRow(row) && isOk(row));
  if (ok.length === 0) return undefined;
  const decodeOverall = fastestOf(ok, 'decode');
  const cleanKnown = ok.some((row) => row.cleanliness);
  const clean = ok.filter((row) => row.cleanliness?.clean === true);
  const decode = cleanKnown ? (clean.length > 0 ? fastestOf(clean, 'decode') : undefined) : decodeOverall;
  return { encode: fastestOf(ok, 'encode'), decode, decodeOverall, cleanKnown };
}

/** True for a row of the per-call protocol: its statistics are rates, not times. */
export const isPerCallRow = (row) => row.encode?.opsPerSec !== undefined;

/**
 * The statistics an operation's ratios compare, for a row of either
 * protocol: { stats, higherIsFaster }, the times of a per-payload row (ms,
 * lower is faster) or the rates of a per-call row (ops/s, higher is
 * faster); undefined when the row has no such operation.
 */
export function operationStats(row, operation) {
  const stats = row?.[operation];
  if (!stats) return undefined;
  return stats.opsPerSec
    ? { stats: stats.opsPerSec, higherIsFaster: true }
    : { stats, higherIsFaster: false };
}

/** The reference row (a JSON baseline) of `row`'s own batch, measured ok: same process or browser context. */
export const ownReference = (row, candidates) =>
  candidates.find((candidate) => candidate.batch === row.batch && isOk(candidate));

/**
 * One operation of `row` against `reference` (a row of the same file and
 * unit), for either protocol: a comparison (verdict.mjs) whose ratio is
 * above 1 when `row` is faster; undefined when either side lacks the
 * operation or `row` did not measure ok.
 */
export function compareOperation(reference, row, operation) {
  const mine = operationStats(row, operation);
  const theirs = operationStats(reference, operation);
  if (!mine || !theirs || !isOk(row)) return undefined;
  return compareStats(theirs.stats, mine.stats, { higherIsFaster: mine.higherIsFaster });
}

/**
 * The fastest pure-JS library of one unit's rows, for either protocol:
 * { encode, decode, decodeOverall, cleanKnown } (per payload: fastestPeers, decode the
 * fastest clean one; per call: the highest median rate, cleanliness is not
 * recorded), or undefined when no library measured ok.
 */
export function fastestLibraries(rows) {
  if (!rows.some(isPerCallRow)) {
    const fastest = fastestPeers(rows);
    return (
      fastest && {
        encode: fastest.encode,
        decode: fastest.decode,
        decodeOverall: fastest.decodeOverall,
        cleanKnown: fastest.cleanKnown,
      }
    );
  }
  const peers = rows.filter((row) => isPeerRow(row) && isOk(row));
  if (peers.length === 0) return undefined;
  const best = (operation) =>
    peers.reduce((a, b) => (b[operation].opsPerSec.median > a[operation].opsPerSec.median ? b : a));
  return { encode: best('encode'), decode: best('decode'), decodeOverall: best('decode') };
}

/**
 * The 'fastest JS library' line: "encode avro (avsc) 9.54 ms; decode (clean)
 * msgpack (msgpackr) 39.6 ms; fastest overall, not clean: avro (avsc) 32.9 ms",
 * alike in every medium.
 */
export function fastestText(fastest) {
  if (!fastest) return 'no JS library measured at this size';
  const named = (row, operation) => `${pathLabel(row)} ${formatMs(row[operation].median)} ms`;
  const part = (operation, text, qualifier) => `${operation}${qualifier ? ` (${qualifier})` : ''} ${text}`;
  const parts = fastest.encode ? [part('encode', named(fastest.encode, 'encode'))] : [];
  if (!fastest.cleanKnown) {
    parts.push(part('decode', named(fastest.decodeOverall, 'decode'), 'cleanliness not recorded'));
    return parts.join('; ');
  }
  const clean = fastest.decode
    ? named(fastest.decode, 'decode')
    : 'none of the libraries decodes to plain objects';
  parts.push(part('decode', clean, 'clean'));
  if (fastest.decodeOverall !== fastest.decode)
    parts.push(`fastest overall, not clean: ${named(fastest.decodeOverall, 'decode')}`);
  return parts.join('; ');
}

/**
 * Several JSON baseline rows (one per batch) as one: the median of their
 * medians, and their samples pooled (only where no batch's own is there).
 */
export function mergedStats(rows, operation) {
  const samples = rows.every((row) => row[operation].samples)
    ? rows.flatMap((row) => row[operation].samples)
    : undefined;
  return { median: median(rows.map((row) => row[operation].median)), ...(samples && { samples }) };
}

/**
 * The reference row of `row` among `candidates` (one size): the one of its
 * own batch (same process or page), else a merged stand-in of every ok one
 * ({ merged: true, encode, decode }), else undefined.
 */
export function referenceOf(row, candidates) {
  const ok = candidates.filter(isOk);
  const own = ok.find((candidate) => candidate.batch === row.batch);
  if (own) return own;
  if (ok.length === 0) return undefined;
  // Per call the figures are rates under opsPerSec, and a round trip too.
  const merged = (operation) => {
    const timed = ok.filter((candidate) => candidate[operation]);
    if (timed.length === 0) return undefined;
    const stats = mergedStats(
      timed.map((candidate) => ({ [operation]: operationStats(candidate, operation).stats })),
      operation,
    );
    return isPerCallRow(timed[0]) ? { opsPerSec: stats } : stats;
  };
  return { merged: true, ...Object.fromEntries([...OPERATIONS, 'roundTrip'].map((op) => [op, merged(op)])) };
}

/** { encode, decode } comparisons (compareStats) of `row` against `reference` (a row). */
export function compareRow(reference, row) {
  if (!reference || !isOk(row)) return undefined;
  return Object.fromEntries(
    OPERATIONS.map((operation) => [operation, compareStats(reference[operation], row[operation])]),
  );
}

/** { encode, decode } comparisons of `row` against the fastest libraries (clean decode). */
export function compareWithFastest(fastest, row) {
  if (!fastest || !isOk(row)) return undefined;
  return {
    encode: fastest.encode ? compareStats(fastest.encode.encode, row.encode) : undefined,
    decode: fastest.decode ? compareStats(fastest.decode.decode, row.decode) : undefined,
  };
}

/**
 * The rows of one size sorted into their roles: { baselines (string JSON),
 * utf8 (UTF-8 JSON), floors (the object floor), others (every other row) }.
 */
export function rolesOf(stepRows) {
  return {
    baselines: stepRows.filter(isJsonBaseline),
    utf8: stepRows.filter(isJsonUtf8Baseline),
    floors: stepRows.filter(isObjectFloor),
    others: stepRows.filter((row) => !isReferenceRow(row)),
  };
}

/**
 * { encode, decode } comparisons of `row` against the object floor of its
 * own batch (same process or page): floor time / row time, so 1.00x is a
 * path as fast as plain JS moving the items, and less is its distance from
 * it. Undefined when its batch measured no floor (an older results file).
 */
export function compareWithFloor(row, floors) {
  const own = floors.find((floor) => floor.batch === row.batch && isOk(floor));
  return own ? compareRow(own, row) : undefined;
}

/**
 * The UTF-8 baseline measured in `row`'s own batch, if its child measured
 * one (a codec whose bytes are JSON text): the same-process reference of
 * its ratio against UTF-8 JSON.
 */
export function ownUtf8Baseline(row, utf8Rows) {
  return utf8Rows.find((candidate) => candidate.batch === row.batch && isOk(candidate));
}

/**
 * The UTF-8 baseline rows of one size as one line's figures: the row of the
 * baseline's own job when there is one (its string baseline ran in the same
 * process), else the first ok one; undefined when none measured ok.
 */
export function utf8Representative(utf8Rows, baselines) {
  const ok = utf8Rows.filter(isOk);
  const paired = ok.filter((row) => baselines.some((baseline) => baseline.batch === row.batch));
  return paired.find((row) => row.batch === pathLabel(row)) ?? paired[0] ?? ok[0];
}
