// The per-call measurement protocol of the `messages` workload
// (docs/design.md#protocol): operations per second of one small record at a time,
// shared by the Node runner and the browser page. No Node or browser API is
// used directly: the environment passes in what it has.
//
// A message path is one way of turning a record into bytes and back:
//
//   {
//     codec, impl: 'cpp' | 'js', interop: 'val' | 'embind' | 'js' | ...,
//     variant?, library,
//     notApplicable?(name) -> string | undefined,  // why the path does not offer
//                                                  // this record (an 'n/a' row)
//     forRecord(name) -> {                         // may throw: a failed row
//       encode(record) -> Uint8Array | string,
//       decode(encoded) -> the library's own value,
//       prepareDecode?(),                          // untimed, before the verify decode and
//                                                  // each decode repetition: reused decode
//                                                  // storage set to a sentinel state
//       toPlain?(value) -> a plain record,         // verification only, never timed
//     },
//   }
//
// The JSON baseline (json-baseline.mjs createJsonMessagePath) and the JS
// peers (peers.mjs createPeerMessagePath) are message paths already; a wasm
// codec's `messages` API (wasm-codec.mjs) becomes one per strategy with
// createWasmMessagePath, and its floors (marshalling with no codec work, and
// the empty call) are measured by measureMessageFloor / measureEmptyCall.
//
// env (every field optional):
//   now()     clock in ms (default: performance.now)
//   gc()      full garbage collection, called before calibrating and before
//             every timed repetition
//   pause()   awaited between operations, outside the timed region
//   signal    an AbortSignal: when aborted, measuring stops by throwing its reason

import { makeMessage, messageDifference } from '../workloads/messages/records.mjs';
import {
  FLOOR_VARIANT,
  boundCalls,
  createWasmMessagePath,
  emptyCallPath,
  wasmFloorPath,
} from '../workloads/messages/wasm-paths.mjs';
import {
  DEFAULT_MIN_REP_MS,
  DEFAULT_REPETITIONS,
  DEFAULT_WARMUP,
  keep,
  makeCheckpoint,
  measureCalls,
  messageSink,
  opsStats,
  repetitionTimer,
  warmUpFor,
} from './message-calls.mjs';
import { errorMessage, failedRowOf, pathFields } from './rows.mjs';

// The wasm message paths live with their workload; re-exported for the page and the tests.
export { FLOOR_VARIANT, createWasmMessagePath, emptyCallPath, wasmFloorPath };
// The timing loop lives in message-calls.mjs; re-exported for the runners and tests.
export { DEFAULT_MIN_REP_MS, DEFAULT_REPETITIONS, DEFAULT_WARMUP, measureCalls, messageSink, opsStats };

export const MESSAGE_OPERATIONS = Object.freeze(['encode', 'decode', 'roundTrip']);
// Before a path's first timed operation on a record, its calls run untimed for
// this many times minRepMs: a wasm function starts in V8's baseline tier and
// is optimised in the background once hot; without this the first operation
// measured (encode) can time the baseline code on a busy machine.
export const PATH_WARMUP_FACTOR = 5;
/** The `record` of the empty-call row: it crosses the boundary with no record at all. */
export const NO_RECORD = 'none';

function byteLength(encoded) {
  if (typeof encoded === 'string') return new TextEncoder().encode(encoded).byteLength;
  if (encoded instanceof Uint8Array) return encoded.byteLength;
  throw new Error(`encode returned ${encoded === null ? 'null' : typeof encoded}, not bytes or a string`);
}

function base64(bytes) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * UTF-8 bytes of the record's JSON text as the spec's wire mapping writes it
 * (Uint8Array as base64, Date as toJSON): the size column's reference.
 */
export function messageJsonBytes(record) {
  const text = JSON.stringify(record, (key, value) => (value instanceof Uint8Array ? base64(value) : value));
  return new TextEncoder().encode(text).byteLength;
}

/** The fields every message row of this path carries, whatever its status. */
export function messageRowBase(path, { place, record, batch }) {
  const base = pathFields(path, { place, batch });
  base.record = record;
  return base;
}

/** A row for a path that could not be measured on a record. */
export function failedMessageRow(path, context, error) {
  return failedRowOf(messageRowBase(path, context), error);
}

/** A row for a record the path does not offer (embind and the record with a Date, ...). */
export function notApplicableMessageRow(path, context, reason) {
  return { ...messageRowBase(path, context), status: 'n/a', reason };
}

function verifyRecord(expected, decoded) {
  const difference = messageDifference(expected, decoded);
  if (difference !== null) throw new Error(`decoded record differs: ${difference}`);
}

/**
 * Measures one path on one record: verify (encode, decode, toPlain, compare)
 * outside timing, round trips untimed for PATH_WARMUP_FACTOR x minRepMs,
 * then encode, decode and round trip (decode(encode(r))),
 * each calibrated and timed (measureCalls); the last decode and round-trip
 * outputs are verified again. Resolves to { row, encoded } (`encoded`: the
 * path's bytes of the record, for the decode floor; undefined unless ok).
 * Never rejects for a path's failure (the row says 'failed' and why), only
 * when env.signal aborts.
 */
export async function measureMessagePath(
  path,
  {
    place,
    record: name,
    batch,
    minRepMs = DEFAULT_MIN_REP_MS,
    warmup = DEFAULT_WARMUP,
    repetitions = DEFAULT_REPETITIONS,
    env = {},
  },
) {
  const context = { place, record: name, batch };
  const now = env.now ?? (() => performance.now());
  const notApplicable = path.notApplicable?.(name);
  if (notApplicable) return { row: notApplicableMessageRow(path, context, notApplicable) };
  let stage = 'prepare';
  try {
    const input = makeMessage(name);
    const expected = makeMessage(name);
    const jsonBytes = messageJsonBytes(expected);
    const functions = path.forRecord(name);
    const plain = (value) => (functions.toPlain ? functions.toPlain(value) : value);
    const timing = { minRepMs, warmup, repetitions, env };

    stage = 'encode';
    const encoded = functions.encode(input);
    const encodedBytes = byteLength(encoded);
    // Decodes into reused storage start from a sentinel state, so the
    // verified outputs (this one, and the last call of the last repetition)
    // cannot be a previous call's record left in place.
    const prepareDecode = () => functions.prepareDecode?.();
    const decodeTiming = { ...timing, prepare: prepareDecode };
    stage = 'decode';
    prepareDecode();
    const decoded = functions.decode(encoded);
    stage = 'verify';
    verifyRecord(expected, plain(decoded));

    stage = 'warm-up';
    warmUpFor(PATH_WARMUP_FACTOR * minRepMs, () => functions.decode(functions.encode(input)), now);

    stage = 'timed encode';
    let lastEncoded = encoded;
    const encode = await measureCalls(() => (lastEncoded = functions.encode(input)), timing);
    if (byteLength(lastEncoded) !== encodedBytes)
      throw new Error(`encoded ${byteLength(lastEncoded)} bytes, the first encode gave ${encodedBytes}`);

    stage = 'timed decode';
    let lastDecoded = decoded;
    const decode = await measureCalls(() => (lastDecoded = functions.decode(encoded)), decodeTiming);
    stage = 'verify after decode';
    verifyRecord(expected, plain(lastDecoded));

    stage = 'timed round trip';
    let lastRoundTrip = decoded;
    const roundTrip = await measureCalls(
      () => (lastRoundTrip = functions.decode(functions.encode(input))),
      decodeTiming,
    );
    stage = 'verify after round trip';
    verifyRecord(expected, plain(lastRoundTrip));

    const row = {
      ...messageRowBase(path, context),
      status: 'ok',
      encodedBytes,
      jsonBytes,
      encode,
      decode,
      roundTrip,
    };
    return { row, encoded };
  } catch (error) {
    if (env.signal?.aborted) throw error;
    // forRecord's own refusal ("<peer>: cannot represent ...") is the whole story.
    const why = stage === 'prepare' ? errorMessage(error) : `${stage}: ${errorMessage(error)}`;
    return { row: failedMessageRow(path, context, why) };
  }
}

/** The operations a block times of a record (no round trip: its verdicts are encode and decode). */
export const BLOCK_MESSAGE_OPERATIONS = Object.freeze(['encode', 'decode']);

/**
 * One path on one record as a member of a block (block.mjs): measureMessagePath's
 * checks as steps. prepare() verifies (encode, decode, compare), runs round
 * trips untimed for PATH_WARMUP_FACTOR x minRepMs and calibrates each
 * operation's calls per repetition; warm(operation) and time(operation) run
 * one repetition (after a GC when timed); row() verifies the last decode
 * again. The row has encode and decode (ops/s), no round trip, and says so
 * (`operations`). Call it only for a record the path offers (notApplicable).
 */
export function messageMember(
  path,
  { place, record: name, batch, extra, minRepMs = DEFAULT_MIN_REP_MS, env = {} },
) {
  const context = { place, record: name, batch };
  const now = env.now ?? (() => performance.now());
  const expected = makeMessage(name);
  let stage = 'prepare';
  let functions;
  let encoded;
  let encodedBytes;
  let lastDecoded;
  const timers = {};
  const plain = (value) => (functions.toPlain ? functions.toPlain(value) : value);
  return {
    path,
    operations: BLOCK_MESSAGE_OPERATIONS,
    prepare() {
      const input = makeMessage(name);
      functions = path.forRecord(name);
      stage = 'encode';
      encoded = functions.encode(input);
      encodedBytes = byteLength(encoded);
      const prepareDecode = () => functions.prepareDecode?.();
      stage = 'decode';
      prepareDecode();
      lastDecoded = functions.decode(encoded);
      stage = 'verify';
      verifyRecord(expected, plain(lastDecoded));
      stage = 'warm-up';
      warmUpFor(PATH_WARMUP_FACTOR * minRepMs, () => functions.decode(functions.encode(input)), now);
      stage = 'calibrate';
      timers.encode = repetitionTimer(() => functions.encode(input), { minRepMs, env });
      timers.decode = repetitionTimer(() => (lastDecoded = functions.decode(encoded)), {
        minRepMs,
        prepare: prepareDecode,
        env,
      });
    },
    warm(operation) {
      stage = `warm-up ${operation}`;
      timers[operation].warm();
    },
    time(operation, number) {
      stage = `timed ${operation} ${number}`;
      timers[operation].time();
    },
    row() {
      stage = 'verify after decode';
      verifyRecord(expected, plain(lastDecoded));
      return {
        ...messageRowBase(path, context),
        ...extra,
        status: 'ok',
        // Through the compression stage (compressed-path.mjs): the codec's own bytes, and what leaves.
        encodedBytes: functions.codecBytes?.() ?? encodedBytes,
        ...(path.compression && { compression: { ...path.compression, compressedBytes: encodedBytes } }),
        jsonBytes: messageJsonBytes(expected),
        encode: timers.encode.stats(),
        decode: timers.decode.stats(),
        operations: [...BLOCK_MESSAGE_OPERATIONS],
      };
    },
    failedRow(error) {
      // forRecord's own refusal ("<peer>: cannot represent ...") is the whole story.
      const why = stage === 'prepare' ? errorMessage(error) : `${stage}: ${errorMessage(error)}`;
      return { ...failedMessageRow(path, context, why), ...extra };
    },
  };
}

// The encode floor hands back the prepared bytes, copied.
function verifyFloorBytes(expected, actual) {
  const same =
    actual instanceof Uint8Array &&
    actual.length === expected.length &&
    actual.every((byte, index) => byte === expected[index]);
  if (!same) throw new Error('the encode floor did not return the prepared bytes');
}

/**
 * The floor of a wasm strategy on one record: the path's calls with the
 * codec left out. encode floor = the same marshal in (JS record -> C++
 * message) and copy out of bytes; decode floor = the same copy in of the
 * bytes and marshal out of a message. Both are prepared once from `encoded`
 * (the path's bytes of the record) outside timing, and their outputs are
 * checked: the encode floor returns those bytes, the decode floor the record.
 * No round trip. Resolves to a row.
 */
export async function measureMessageFloor(
  codec,
  strategy,
  {
    place,
    record: name,
    batch,
    encoded,
    minRepMs = DEFAULT_MIN_REP_MS,
    warmup = DEFAULT_WARMUP,
    repetitions = DEFAULT_REPETITIONS,
    env = {},
  },
) {
  const path = wasmFloorPath(codec, strategy);
  const context = { place, record: name, batch };
  const now = env.now ?? (() => performance.now());
  const messages = codec.messages;
  if (!messages.supports(strategy, name)) {
    return notApplicableMessageRow(path, context, `record "${name}" is not offered through ${strategy}`);
  }
  let stage = 'prepare';
  try {
    const input = makeMessage(name);
    const expected = makeMessage(name);
    const timing = { minRepMs, warmup, repetitions, env };
    const calls = boundCalls(messages, strategy, name);
    stage = 'prepare floor';
    calls.prepareFloor(encoded);
    stage = 'encode floor';
    verifyFloorBytes(encoded, calls.encodeFloor(input));
    stage = 'decode floor';
    const first = calls.decodeFloor(encoded);
    verifyRecord(expected, first);
    stage = 'warm-up';
    warmUpFor(
      PATH_WARMUP_FACTOR * minRepMs,
      () => (calls.encodeFloor(input), calls.decodeFloor(encoded)),
      now,
    );

    stage = 'timed encode floor';
    const encode = await measureCalls(() => calls.encodeFloor(input), timing);
    stage = 'timed decode floor';
    let last = first;
    const decode = await measureCalls(() => (last = calls.decodeFloor(encoded)), timing);
    stage = 'verify after decode floor';
    verifyRecord(expected, last);
    return {
      ...messageRowBase(path, context),
      status: 'ok',
      encodedBytes: byteLength(encoded),
      jsonBytes: messageJsonBytes(expected),
      encode,
      decode,
    };
  } catch (error) {
    if (env.signal?.aborted) throw error;
    return failedMessageRow(path, context, new Error(`${stage}: ${errorMessage(error)}`));
  }
}

/** The per-call floor of a module: an exported function with no arguments and no work. */
export async function measureEmptyCall(
  codec,
  {
    place,
    batch,
    minRepMs = DEFAULT_MIN_REP_MS,
    warmup = DEFAULT_WARMUP,
    repetitions = DEFAULT_REPETITIONS,
    env = {},
  },
) {
  const path = emptyCallPath(codec);
  const context = { place, record: NO_RECORD, batch };
  try {
    const encode = await measureCalls(() => codec.messages.emptyCall(), {
      minRepMs,
      warmup,
      repetitions,
      env,
    });
    return { ...messageRowBase(path, context), status: 'ok', encode };
  } catch (error) {
    if (env.signal?.aborted) throw error;
    return failedMessageRow(path, context, new Error(`empty call: ${errorMessage(error)}`));
  }
}

/**
 * The share of a wasm path's call spent marshalling across the boundary:
 * floor ns/op / path ns/op, per operation, capped at 1 (noise can make the
 * floor a little slower than the whole call). Undefined unless both rows are ok.
 */
export function boundaryShare(pathRow, floorRow) {
  if (pathRow?.status !== 'ok' || floorRow?.status !== 'ok') return undefined;
  const share = (operation) =>
    Math.min(1, Math.max(0, floorRow[operation].nsPerOp / pathRow[operation].nsPerOp));
  return { encode: share('encode'), decode: share('decode') };
}

/**
 * Everything one process (a Node child, a page instance) measures for one
 * subject, record by record: the JSON baseline, the subject (a wasm codec
 * through a strategy, or a JS peer) and, for a wasm subject, its floor
 * (boundaryShare is set on the subject's row), then once the module's empty
 * call. `wasm` = { codec, strategy } when the subject is a wasm path.
 * Calls onRow(row) for each row (awaited) in that order and
 * onProgress({ record, recordNumber, recordCount }) before each record.
 */
export async function measureMessageBatch({
  baseline,
  subject,
  wasm,
  records,
  place,
  batch,
  minRepMs = DEFAULT_MIN_REP_MS,
  warmup = DEFAULT_WARMUP,
  repetitions = DEFAULT_REPETITIONS,
  env = {},
  onRow = () => {},
  onProgress = () => {},
}) {
  const options = { place, batch, minRepMs, warmup, repetitions, env };
  const checkpoint = makeCheckpoint(env);
  for (const [index, record] of records.entries()) {
    await checkpoint();
    await onProgress({ record, recordNumber: index + 1, recordCount: records.length });
    if (baseline) await onRow((await measureMessagePath(baseline, { ...options, record })).row);
    const { row, encoded } = await measureMessagePath(subject, { ...options, record });
    if (wasm && row.status === 'ok') {
      const floor = await measureMessageFloor(wasm.codec, wasm.strategy, { ...options, record, encoded });
      const share = boundaryShare(row, floor);
      if (share) row.boundaryShare = share;
      await onRow(row);
      await onRow(floor);
    } else {
      await onRow(row);
    }
  }
  if (wasm) {
    await checkpoint();
    await onRow(await measureEmptyCall(wasm.codec, options));
  }
}
