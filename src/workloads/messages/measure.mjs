// The per-call measurement protocol of the `messages` workload
// (docs/design.md#protocol): operations per second of one small record at a
// time, a path as a member of a block (messageMember), shared by the Node
// runner and the browser page. No Node or browser API is
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
// The JSON baseline (json-path.mjs createJsonMessagePath) and the JS
// peers (createPeerMessagePath below) are message paths already; a wasm
// codec's `messages` API (wasm-codec.mjs) becomes one per strategy with
// createWasmMessagePath, and its floors (marshalling with no codec work, and
// the empty call) are members of their own (floorMember, emptyCallMember).
//
// env (every field optional):
//   now()     clock in ms (default: performance.now)
//   gc()      full garbage collection, called before calibrating and before
//             every timed repetition
//   pause()   awaited between operations, outside the timed region
//   signal    an AbortSignal: when aborted, measuring stops by throwing its reason
//   onFirstCall(operation, start, ms)  told the time of a path's first encode and decode

import { MESSAGE_NAMES, makeMessage, messageDifference } from './records.mjs';
import { boundCalls, createWasmMessagePath, emptyCallPath, wasmFloorPath } from './wasm-paths.mjs';
import { base64Encode } from './base64.mjs';
import { DEFAULT_MIN_REP_MS, repetitionTimer, warmUpFor } from './calls.mjs';
import { errorMessage, failedRowOf, pathFields } from '../../harness/rows.mjs';
import { loadPeerPath } from '../../harness/peers.mjs';

// The wasm message paths live with their workload, the timing loop in
// calls.mjs; re-exported for the runners, the page and the tests.
export { createWasmMessagePath, emptyCallPath, wasmFloorPath };

// Before a path's first timed operation on a record, its calls run untimed for
// this many times minRepMs: a wasm function starts in V8's baseline tier and
// is optimised in the background once hot; without this the first operation
// measured (encode) can time the baseline code on a busy machine.
const PATH_WARMUP_FACTOR = 5;

function byteLength(encoded) {
  if (typeof encoded === 'string') return new TextEncoder().encode(encoded).byteLength;
  if (encoded instanceof Uint8Array) return encoded.byteLength;
  throw new Error(`encode returned ${encoded === null ? 'null' : typeof encoded}, not bytes or a string`);
}

/**
 * UTF-8 bytes of the record's JSON text as the spec's wire mapping writes it
 * (Uint8Array as base64, Date as toJSON): the size column's reference.
 */
export function messageJsonBytes(record) {
  const text = JSON.stringify(record, (key, value) =>
    value instanceof Uint8Array ? base64Encode(value) : value,
  );
  return new TextEncoder().encode(text).byteLength;
}

/** The fields every message row of this path carries, whatever its status. */
function messageRowBase(path, { place, record, batch }) {
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

/** The clock of `env`: its now(), else performance.now. */
const clockOf = (env) => env.now ?? (() => performance.now());

/** A failure at `stage` as its row says it: forRecord's own refusal ("<peer>: cannot represent ...") is the whole story. */
const stageFailure = (stage, error) =>
  stage === 'prepare' ? errorMessage(error) : `${stage}: ${errorMessage(error)}`;

/**
 * A path's functions for record `name`, checked before any timing: encode,
 * decode (after prepareDecode), the decoded record compared with
 * `expected`, then round trips untimed for PATH_WARMUP_FACTOR x minRepMs.
 * `at(stage)` hears each step. Decodes into reused storage start from a
 * sentinel state (prepareDecode), so the verified outputs (this one, and the
 * last call of the last repetition) cannot be a previous call's record left
 * in place. `check(decoded)` verifies a later output.
 */
function verifiedFunctions(path, name, expected, { minRepMs, env, at }) {
  const input = makeMessage(name);
  const functions = path.forRecord(name);
  const check = (value) => verifyRecord(expected, functions.toPlain ? functions.toPlain(value) : value);
  const prepareDecode = () => functions.prepareDecode?.();
  const now = clockOf(env);
  at('encode');
  let start = now();
  const encoded = functions.encode(input);
  env.onFirstCall?.('encode', start, now() - start);
  const encodedBytes = byteLength(encoded);
  at('decode');
  prepareDecode();
  start = now();
  const decoded = functions.decode(encoded);
  env.onFirstCall?.('decode', start, now() - start);
  at('verify');
  check(decoded);
  at('warm-up');
  warmUpFor(PATH_WARMUP_FACTOR * minRepMs, () => functions.decode(functions.encode(input)), clockOf(env));
  return { input, functions, check, prepareDecode, encoded, encodedBytes, decoded };
}

/**
 * warm(operation) and time(operation, number) of a member whose operations
 * are repetition timers (calls.mjs), `setStage` told each step
 * (`what`: which calls, in a failed row's words).
 */
function timerSteps(timers, setStage, what = '') {
  return {
    warm(operation) {
      setStage(`warm-up ${operation}${what}`);
      timers[operation].warm();
    },
    time(operation, number) {
      setStage(`timed ${operation}${what} ${number}`);
      timers[operation].time();
    },
  };
}

/** The operations a block times of a record by default (its verdicts are encode and decode). */
export const BLOCK_MESSAGE_OPERATIONS = Object.freeze(['encode', 'decode']);

/** Every operation a message path can time: a sweep's blocks add the round trip. */
export const MESSAGE_OPERATIONS = Object.freeze(['encode', 'decode', 'roundTrip']);

/**
 * One path on one record as a member of a block (block.mjs). prepare() verifies (encode, decode, compare), runs round
 * trips untimed for PATH_WARMUP_FACTOR x minRepMs and calibrates each
 * operation's calls per repetition; warm(operation) and time(operation) run
 * one repetition (after a GC when timed); row() verifies the last decode
 * (and round trip) again. `operations`: encode and decode, and roundTrip
 * when asked; a row without the round trip says which it has
 * (`operations`). encoded(): the path's bytes of the record, once prepared
 * (the floor's input). Call it only for a record the path offers (notApplicable).
 */
export function messageMember(
  path,
  {
    place,
    record: name,
    batch,
    extra,
    minRepMs = DEFAULT_MIN_REP_MS,
    env = {},
    operations = BLOCK_MESSAGE_OPERATIONS,
  },
) {
  const context = { place, record: name, batch };
  const expected = makeMessage(name);
  let stage = 'prepare';
  let verified;
  let lastDecoded;
  let lastRoundTrip;
  const timers = {};
  return {
    path,
    operations,
    encoded: () => verified?.encoded,
    prepare() {
      verified = verifiedFunctions(path, name, expected, { minRepMs, env, at: (next) => (stage = next) });
      const { input, functions, encoded, prepareDecode } = verified;
      lastDecoded = verified.decoded;
      lastRoundTrip = verified.decoded;
      stage = 'calibrate';
      const calls = {
        encode: () => functions.encode(input),
        decode: () => (lastDecoded = functions.decode(encoded)),
        roundTrip: () => (lastRoundTrip = functions.decode(functions.encode(input))),
      };
      for (const operation of operations) {
        timers[operation] = repetitionTimer(calls[operation], {
          minRepMs,
          ...(operation !== 'encode' && { prepare: prepareDecode }),
          env,
        });
      }
    },
    ...timerSteps(timers, (next) => (stage = next)),
    row() {
      const { functions, check, encodedBytes } = verified;
      stage = 'verify after decode';
      check(lastDecoded);
      stage = 'verify after round trip';
      check(lastRoundTrip);
      return {
        ...messageRowBase(path, context),
        ...extra,
        status: 'ok',
        // Through the compression stage (compressed-path.mjs): the codec's own bytes, and what leaves.
        encodedBytes: functions.codecBytes?.() ?? encodedBytes,
        ...(path.compression && { compression: { ...path.compression, compressedBytes: encodedBytes } }),
        jsonBytes: messageJsonBytes(expected),
        ...Object.fromEntries(operations.map((operation) => [operation, timers[operation].stats()])),
        ...(operations.length < MESSAGE_OPERATIONS.length && { operations: [...operations] }),
      };
    },
    failedRow(error) {
      return { ...failedMessageRow(path, context, stageFailure(stage, error)), ...extra };
    },
  };
}

/** The `record` of the empty-call row: it crosses the boundary with no record at all. */
export const NO_RECORD = 'none';

// The encode floor hands back the prepared bytes, copied.
function verifyFloorBytes(expected, actual) {
  const same =
    actual instanceof Uint8Array &&
    actual.length === expected.length &&
    actual.every((byte, index) => byte === expected[index]);
  if (!same) throw new Error('the encode floor did not return the prepared bytes');
}

/**
 * The floor of a wasm strategy on one record as a member of a block
 * (block.mjs): the path's calls with the codec left out. encode floor = the
 * same marshal in (JS record -> C++ message) and copy out of bytes; decode
 * floor = the same copy in of the bytes and marshal out of a message. Both
 * are prepared from `encodedOf()` (the path member's bytes of the record,
 * so it comes after that member) outside timing, and their outputs are
 * checked: the encode floor returns those bytes, the decode floor the
 * record. No round trip. Call it only for a record the strategy offers.
 */
export function floorMember(
  codec,
  strategy,
  { place, record: name, batch, extra, minRepMs, env = {}, encodedOf },
) {
  const path = wasmFloorPath(codec, strategy);
  const context = { place, record: name, batch };
  const expected = makeMessage(name);
  const timers = {};
  let stage = 'prepare';
  let encoded;
  let last;
  return {
    path,
    operations: ['encode', 'decode'],
    prepare() {
      encoded = encodedOf();
      if (encoded === undefined) throw new Error('the path itself failed');
      const input = makeMessage(name);
      const calls = boundCalls(codec.messages, strategy, name);
      stage = 'prepare floor';
      calls.prepareFloor(encoded);
      stage = 'encode floor';
      verifyFloorBytes(encoded, calls.encodeFloor(input));
      stage = 'decode floor';
      last = calls.decodeFloor(encoded);
      verifyRecord(expected, last);
      stage = 'warm-up';
      warmUpFor(
        PATH_WARMUP_FACTOR * minRepMs,
        () => (calls.encodeFloor(input), calls.decodeFloor(encoded)),
        clockOf(env),
      );
      timers.encode = repetitionTimer(() => calls.encodeFloor(input), { minRepMs, env });
      timers.decode = repetitionTimer(() => (last = calls.decodeFloor(encoded)), { minRepMs, env });
    },
    ...timerSteps(timers, (next) => (stage = next), ' floor'),
    row() {
      stage = 'verify after decode floor';
      verifyRecord(expected, last);
      return {
        ...messageRowBase(path, context),
        ...extra,
        status: 'ok',
        encodedBytes: byteLength(encoded),
        jsonBytes: messageJsonBytes(expected),
        encode: timers.encode.stats(),
        decode: timers.decode.stats(),
      };
    },
    failedRow(error) {
      return { ...failedMessageRow(path, context, `${stage}: ${errorMessage(error)}`), ...extra };
    },
  };
}

/**
 * The per-call floor of a module as a member of a block: an exported
 * function with no arguments and no work, timed as encode.
 */
export function emptyCallMember(codec, { place, batch, extra, minRepMs, env = {} }) {
  const path = emptyCallPath(codec);
  const context = { place, record: NO_RECORD, batch };
  let timer;
  return {
    path,
    operations: ['encode'],
    prepare() {
      timer = repetitionTimer(() => codec.messages.emptyCall(), { minRepMs, env });
    },
    warm: () => timer.warm(),
    time: () => timer.time(),
    row: () => ({ ...messageRowBase(path, context), ...extra, status: 'ok', encode: timer.stats() }),
    failedRow(error) {
      return { ...failedMessageRow(path, context, `empty call: ${errorMessage(error)}`), ...extra };
    },
  };
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

/** The libraries that take part in this workload: every library but those another workload brings (peers.mjs). */
export const takesPeer = (peer) => !peer.owner;

/**
 * Loads a peer's adapter (through `registry`, the --peer-registry module)
 * and makes its messages path:
 *
 *   { ...peerMeta(peer), forRecord(name) -> {
 *       encode(record) -> Uint8Array,        // timed
 *       decode(bytes) -> the library's value, // timed
 *       toPlain?(value) -> plain record,      // verification only, untimed
 *       bytesOf(bytes) -> bytes,              // what the size columns count
 *   } }
 *
 * forRecord throws '<peer>: cannot represent <what> of record "<name>"'
 * or, outside MESSAGE_NAMES, an unknown-record error. `context`: {
 * messagesProtoText } (for protobufjs). Rejects when the library does not
 * load or is not part of this workload.
 */
export async function createPeerMessagePath(peer, context = {}, registry = { loadPeerPath }) {
  if (!takesPeer(peer)) throw new Error(`${peer.name}: not part of the messages workload`);
  const path = await registry.loadPeerPath(peer, 'createMessagePath', context);
  return {
    ...path,
    forRecord(name) {
      if (!MESSAGE_NAMES.includes(name))
        throw new Error(
          `${peer.name}: unknown message record "${name}" (known: ${MESSAGE_NAMES.join(', ')})`,
        );
      return { bytesOf: (bytes) => bytes, ...path.forRecord(name) };
    },
  };
}
