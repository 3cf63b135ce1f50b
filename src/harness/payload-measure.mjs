// The per-payload measurement protocol (docs/design.md#protocol) for one
// path at one payload size, shared by the Node runner and the browser page.
// Nothing here touches a Node or browser API directly: the environment
// passes in what it has.
//
// env (every field optional):
//   now()          clock in ms (default: performance.now)
//   gc()           full garbage collection, called before every timed operation
//   gzipSize(u8)   gzip size of bytes at the default level, may return a Promise
//                  (default: CompressionStream)
//   gzip9Size(u8)  gzip size at level 9 (best), may return a Promise; without it
//                  rows have no gzip9Bytes (CompressionStream takes no level)
//   jsHeapUsed()   bytes of JS heap in use
//   pause()        awaited between operations, outside the timed region, so a
//                  page can repaint or a Stop button can be clicked
//   signal         an AbortSignal: when aborted, measuring stops by throwing its reason
//   onFirstCall(operation, start, ms)  told the time of a member's first encode and decode

import { checksumItems } from './checksum.mjs';
import { checkCleanliness } from './cleanliness.mjs';
import { pathLabel } from '../catalog.mjs';
import { errorMessage, failedRowOf, pathFields } from './rows.mjs';
import { median, summarize } from './stats.mjs';
import { MIN_WARMUP_MS, OPERATIONS, keep, measureBlock } from './block.mjs';

export const ENCODE_PHASES = ['marshalInMs', 'codecMs', 'bytesOutMs'];
export const DECODE_PHASES = ['bytesInMs', 'codecMs', 'marshalOutMs'];
// The compression stage's phases (compressed-path.mjs), beside the others
// when a path compresses; a pure-JS path has these alone.
export const COMPRESS_PHASE = 'compressMs';
export const DECOMPRESS_PHASE = 'decompressMs';

function sizeOf(encoded) {
  return typeof encoded === 'string' ? encoded.length : encoded.byteLength;
}

function toBytes(encoded) {
  return typeof encoded === 'string' ? new TextEncoder().encode(encoded) : encoded;
}

/** gzip size with the CompressionStream API, present in Node >= 18 and in browsers. */
export async function gzipSizeWithCompressionStream(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  // A reader, not for await: WebKit's streams (WebKitGTK 2.50) are not async iterable.
  const reader = stream.getReader();
  let total = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) total += read.value.byteLength;
  return total;
}

/** Count and checksum a decoded result must match. */
export function expectationOf(items) {
  return { count: items.length, checksum: checksumItems(items) };
}

function hex(value) {
  return `0x${value.toString(16).padStart(8, '0')}`;
}

// Throws when `items` are not the payload; the message ends naming the path
// (`by`), as a codec's own errors start with its name.
function verifyDecoded(items, expected, by) {
  let problem = null;
  if (!Array.isArray(items)) {
    problem = `decoded result is not an array of items (got ${typeof items})`;
  } else if (items.length !== expected.count) {
    problem = `decoded ${items.length} items, expected ${expected.count}`;
  } else {
    const checksum = checksumItems(items);
    if (checksum !== expected.checksum) {
      problem = `decoded items differ from the input: checksum ${hex(checksum)}, expected ${hex(expected.checksum)}`;
    }
  }
  if (problem !== null) throw new Error(`${problem} (decoded by ${by})`);
}

// Median of each phase over the repetitions: the path's phases (`names`,
// all or none: omitted unless every repetition reported each) and the
// compression stage's (`stage`), each kept when every repetition has it.
function phaseMedians(samples, names, stage) {
  if (samples.length === 0) return undefined;
  const medianOf = (name) => {
    const values = samples.map((phases) => phases?.[name]);
    if (!values.every((value) => typeof value === 'number' && Number.isFinite(value))) return undefined;
    // Phases are derived from separate clocks; noise can push a tiny phase below zero.
    return Math.max(0, median(values));
  };
  const result = {};
  const own = names.map(medianOf);
  if (own.every((value) => value !== undefined)) names.forEach((name, i) => (result[name] = own[i]));
  const staged = medianOf(stage);
  if (staged !== undefined) result[stage] = staged;
  return Object.keys(result).length > 0 ? result : undefined;
}

// Calls `then` with `value`, or with what it resolves to when it is a
// promise (an asynchronous compressor's path): a synchronous path's call is
// timed exactly as before, with nothing awaited.
function settled(value, then) {
  return typeof value?.then === 'function' ? value.then(then) : then(value);
}

// A path's decode() returns the items as its library gives them; a path
// whose library gives something other than plain {x, y, z} objects (class
// instances, message objects with getters) converts them with toPlainItems() for
// verification. That conversion is never timed: the timed decode is what
// the library does, and the row's `cleanliness` says what it returned.
function plainItemsOf(path, items) {
  return path.toPlainItems ? path.toPlainItems(items) : items;
}

/** The fields every row of this path at this step carries, ok or failed. */
export function rowBase(path, { place, step, batch }) {
  const base = pathFields(path, { place, batch });
  base.step = step.index;
  base.items = step.count;
  base.jsonBytes = step.jsonBytes;
  base.jsonMB = step.jsonMB;
  return base;
}

/** A row for a path that could not be measured at a step. */
export function failedRow(path, context, error) {
  return failedRowOf(rowBase(path, context), error);
}

/**
 * Measures one path on one payload (--limits), a block of one member
 * (block.mjs measureBlock): verify (outside any timing), sizes, warm-up,
 * then `repetitions` timed encodes and decodes, each after a GC (and each
 * decode after path.prepareDecode(), when the path has one). Resolves to a
 * results row; never rejects for a codec's failure (the row says 'failed'
 * and why), only when `env.signal` aborts.
 *
 * step: { index, count, jsonBytes, jsonMB } (TupleDataset#step()).
 * expected: { count, checksum } of `items`, computed when not given.
 */
export async function measurePath(
  path,
  { warmup = 1, minWarmupMs = MIN_WARMUP_MS, repetitions = 5, env = {}, ...context },
) {
  const member = pathMember(path, { ...context, env });
  const [row] = await measureBlock([member], { rounds: repetitions, warmup, minWarmupMs, env });
  return row;
}

/**
 * A tuple path as a member of a block (block.mjs), with `extra` fields in
 * its row; options as payloadMember's (env, sizes, heapGrowth).
 */
export function pathMember(
  path,
  { place, step, items, expected = expectationOf(items), batch, extra, ...options },
) {
  const label = pathLabel(path);
  return payloadMember(path, {
    ...options,
    input: items,
    base: { ...rowBase(path, { place, step, batch }), ...extra },
    decodedOf: (result) => result.items,
    verify: (decoded) => verifyDecoded(plainItemsOf(path, decoded), expected, label),
    cleanlinessOf: checkCleanliness,
  });
}

/**
 * One path on one payload as a sequence of steps, which a block of paths
 * (block.mjs) interleaves round by round:
 *   input            what path.encode() takes
 *   base             the row's fields naming the path and the payload
 *   decodedOf(r)     the decoded value in what path.decode() returns
 *   verify(decoded)  throws when a decode is not the input (outside timing,
 *                    after every decode that counts)
 *   cleanlinessOf?   what the row's `cleanliness` says of the first decode
 *   sizes            false: no gzip sizes (a block measures them in its
 *                    first process only)
 *   heapGrowth       false: no JS heap growth (what the encoded bytes and one
 *                    decoded copy keep alive, measured in prepare)
 *   operations       the operations timed (default both; the row has only
 *                    those, and says which)
 * Each step throws on a failure; `failedRow(error)` words it with the stage
 * it happened in.
 */
export function payloadMember(
  path,
  {
    input,
    base,
    decodedOf,
    verify,
    cleanlinessOf,
    env = {},
    sizes = true,
    heapGrowth = true,
    operations = OPERATIONS,
  },
) {
  const now = env.now ?? (() => performance.now());
  const gc = env.gc ?? (() => {});
  const gzipSize = env.gzipSize ?? gzipSizeWithCompressionStream;
  // Before every decode that counts (verify, warm-up, timed), outside the
  // timer: a path whose decode reuses storage fills it with a sentinel, so a
  // decoder that skipped its work fails verification instead of handing back
  // the previous call's items.
  const prepareDecode = () => path.prepareDecode?.();
  let stage = 'verify';
  let encoded;
  let encodedSize;
  let bytes;
  let heapGrowthBytes;
  const fields = {};
  const samples = { encode: [], decode: [] };
  const phaseSamples = { encode: [], decode: [] };

  // A timed call is checked after its timing: the same byte count, a
  // verified decode. A warm-up call only feeds the sink.
  const encodeCall = (timed) => {
    gc();
    const start = now();
    return settled(path.encode(input), (result) => {
      const elapsed = now() - start;
      const size = sizeOf(path.bytesOf(result.encoded));
      keep(size);
      if (timed && size !== encodedSize)
        throw new Error(`encoded ${size} bytes, the first encode gave ${encodedSize}`);
      return { elapsed, phases: result.phases };
    });
  };
  const decodeCall = (timed) => {
    prepareDecode();
    gc();
    const start = now();
    return settled(path.decode(encoded), (result) => {
      const elapsed = now() - start;
      const decoded = decodedOf(result);
      keep(decoded === undefined ? 0 : 1);
      // A decoded copy goes once verified: every member of a block keeping
      // one would make each GC, and the calls between them, pay for the others' objects.
      if (timed) verify(decoded);
      return { elapsed, phases: result.phases };
    });
  };
  const calls = { encode: encodeCall, decode: decodeCall };

  return {
    path,
    /** The operations this member times (a block's libraries may time one). */
    operations,
    /** 1. Verify once before anything is timed (a path that loses data is never timed), then sizes. */
    async prepare() {
      gc();
      const heapBefore = heapGrowth ? env.jsHeapUsed?.() : undefined;
      stage = 'encode';
      // The first calls (a start-up run's: env.onFirstCall) are the ones a page pays cold.
      let start = now();
      const first = await path.encode(input);
      env.onFirstCall?.('encode', start, now() - start);
      encoded = first.encoded;
      encodedSize = sizeOf(path.bytesOf(encoded));
      // A compressed path: the codec's own bytes before compression.
      if (first.codecBytes !== undefined) fields.codecBytes = first.codecBytes;
      stage = 'decode';
      prepareDecode();
      start = now();
      const decoded = decodedOf(await path.decode(encoded));
      env.onFirstCall?.('decode', start, now() - start);
      stage = 'cleanliness';
      const cleanliness = cleanlinessOf?.(decoded);
      if (cleanliness !== undefined) fields.cleanliness = cleanliness;
      stage = 'verify';
      verify(decoded);
      if (typeof heapBefore === 'number') {
        // What stays alive with the encoded bytes and one decoded copy,
        // measured before the other members of a block run: theirs are not in it.
        stage = 'memory';
        gc();
        const heapAfter = env.jsHeapUsed();
        keep(decoded === undefined ? 0 : 1);
        if (typeof heapAfter === 'number') heapGrowthBytes = heapAfter - heapBefore;
      }
      bytes = toBytes(path.bytesOf(encoded));
      // The gzip sizes describe a codec's bytes: a compressed path's are compressed already.
      if (!sizes || path.compression) return;
      stage = 'gzip';
      fields.gzipBytes = await gzipSize(bytes);
      if (env.gzip9Size) fields.gzip9Bytes = await env.gzip9Size(bytes);
    },
    /**
     * 2. One untimed call of `operation` under the timed conditions (a GC
     * first); a promise when the path is asynchronous (compressed-path.mjs).
     */
    warm(operation) {
      stage = `warm-up ${operation}`;
      return settled(calls[operation](false), () => undefined);
    },
    /** 3. One timed call of `operation`, the `number`th; its time and phases are kept (a promise as warm's). */
    time(operation, number) {
      stage = `timed ${operation} ${number}`;
      return settled(calls[operation](true), ({ elapsed, phases }) => {
        samples[operation].push(elapsed);
        phaseSamples[operation].push(phases);
        return elapsed;
      });
    },
    /** 4. The row: times, sizes, and the memory the path's module and its data hold. */
    row() {
      stage = 'memory';
      keep(sizeOf(encoded));
      const memory = {};
      if (path.heapBytes) memory.wasmHeapBytes = path.heapBytes();
      if (heapGrowthBytes !== undefined) memory.jsHeapGrowthBytes = heapGrowthBytes;
      const row = {
        ...base,
        status: 'ok',
        encodedBytes: fields.codecBytes ?? bytes.byteLength,
        // The compression stage: what it was, and the bytes that leave.
        ...(path.compression && { compression: { ...path.compression, compressedBytes: bytes.byteLength } }),
        ...(fields.gzipBytes !== undefined && { gzipBytes: fields.gzipBytes }),
        ...(fields.gzip9Bytes !== undefined && { gzip9Bytes: fields.gzip9Bytes }),
      };
      // A block member may time one operation only (its `operations`).
      for (const operation of OPERATIONS) {
        if (samples[operation].length > 0) row[operation] = summarize(samples[operation]);
      }
      if (operations.length < OPERATIONS.length) row.operations = [...operations];
      const encodePhases = phaseMedians(phaseSamples.encode, ENCODE_PHASES, COMPRESS_PHASE);
      const decodePhases = phaseMedians(phaseSamples.decode, DECODE_PHASES, DECOMPRESS_PHASE);
      if (encodePhases) row.encodePhases = encodePhases;
      if (decodePhases) row.decodePhases = decodePhases;
      if (Object.keys(memory).length > 0) row.memory = memory;
      if (fields.cleanliness !== undefined) row.cleanliness = fields.cleanliness;
      return row;
    },
    /** The failed row of this path, naming the stage the error happened in. */
    failedRow(error) {
      return failedRowOf(base, new Error(`${stage}: ${errorMessage(error)}`));
    },
  };
}
