// A wasm message path's floors as members of a block (block.mjs): the same
// calls with the codec left out, and the module's empty call; and the share
// of the path's call they are.

import { makeMessage } from '../workloads/messages/records.mjs';
import { boundCalls, emptyCallPath, wasmFloorPath } from '../workloads/messages/wasm-paths.mjs';
import { repetitionTimer, warmUpFor } from './message-calls.mjs';
import {
  PATH_WARMUP_FACTOR,
  byteLength,
  clockOf,
  failedMessageRow,
  messageJsonBytes,
  messageRowBase,
  verifyRecord,
} from './message-measure.mjs';
import { errorMessage } from './rows.mjs';

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
    warm(operation) {
      stage = `warm-up ${operation} floor`;
      timers[operation].warm();
    },
    time(operation, number) {
      stage = `timed ${operation} floor ${number}`;
      timers[operation].time();
    },
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
