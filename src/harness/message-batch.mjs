// What one process (a Node child, a page instance) measures of one message
// subject (measureMessageBatch): the JSON baseline and the subject record by
// record (message-measure.mjs) and, for a wasm path, its floors: the same
// calls with the codec left out, and the module's empty call.

import { makeMessage } from '../workloads/messages/records.mjs';
import { boundCalls, emptyCallPath, wasmFloorPath } from '../workloads/messages/wasm-paths.mjs';
import {
  DEFAULT_MIN_REP_MS,
  DEFAULT_REPETITIONS,
  DEFAULT_WARMUP,
  makeCheckpoint,
  measureCalls,
  warmUpFor,
} from './message-calls.mjs';
import {
  PATH_WARMUP_FACTOR,
  byteLength,
  clockOf,
  failedMessageRow,
  measureMessagePath,
  messageJsonBytes,
  messageRowBase,
  notApplicableMessageRow,
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
 * The floor of a wasm strategy on one record: the path's calls with the
 * codec left out. encode floor = the same marshal in (JS record -> C++
 * message) and copy out of bytes; decode floor = the same copy in of the
 * bytes and marshal out of a message. Both are prepared once from `encoded`
 * (the path's bytes of the record) outside timing, and their outputs are
 * checked: the encode floor returns those bytes, the decode floor the record.
 * No round trip. Resolves to a row.
 */
async function measureMessageFloor(codec, strategy, { place, record: name, batch, encoded }, timing) {
  const path = wasmFloorPath(codec, strategy);
  const context = { place, record: name, batch };
  const messages = codec.messages;
  if (!messages.supports(strategy, name)) {
    return notApplicableMessageRow(path, context, `record "${name}" is not offered through ${strategy}`);
  }
  let stage = 'prepare';
  try {
    const input = makeMessage(name);
    const expected = makeMessage(name);
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
      PATH_WARMUP_FACTOR * timing.minRepMs,
      () => (calls.encodeFloor(input), calls.decodeFloor(encoded)),
      clockOf(timing.env),
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
    if (timing.env.signal?.aborted) throw error;
    return failedMessageRow(path, context, `${stage}: ${errorMessage(error)}`);
  }
}

/** The per-call floor of a module: an exported function with no arguments and no work. */
async function measureEmptyCall(codec, { place, batch }, timing) {
  const path = emptyCallPath(codec);
  const context = { place, record: NO_RECORD, batch };
  try {
    const encode = await measureCalls(() => codec.messages.emptyCall(), timing);
    return { ...messageRowBase(path, context), status: 'ok', encode };
  } catch (error) {
    if (timing.env.signal?.aborted) throw error;
    return failedMessageRow(path, context, `empty call: ${errorMessage(error)}`);
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
  const timing = { minRepMs, warmup, repetitions, env };
  const options = { place, batch, ...timing };
  const checkpoint = makeCheckpoint(env);
  for (const [index, record] of records.entries()) {
    await checkpoint();
    await onProgress({ record, recordNumber: index + 1, recordCount: records.length });
    if (baseline) await onRow((await measureMessagePath(baseline, { ...options, record })).row);
    const { row, encoded } = await measureMessagePath(subject, { ...options, record });
    if (wasm && row.status === 'ok') {
      const floor = await measureMessageFloor(
        wasm.codec,
        wasm.strategy,
        { place, record, batch, encoded },
        timing,
      );
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
    await onRow(await measureEmptyCall(wasm.codec, options, timing));
  }
}
