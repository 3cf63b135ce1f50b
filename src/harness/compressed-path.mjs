// A path run through the compression stage (docs/design.md#compression):
// encode = the path's encode, then compress its bytes; decode = decompress,
// then the path's decode. The compressed path is a path like any other
// (paths.mjs), so every protocol measures it unchanged: its row names the
// compression ({ format, where, level? }) and its label says it
// ("msgpack/typed + gzip (node:zlib)"). Phases: the path's own, plus
// compressMs and decompressMs. A compressor may be asynchronous (node:zlib
// async, CompressionStream): encode and decode then return promises, which
// the harness awaits inside the timed span. Browser-safe.

import { isFloor, isJsonUtf8Baseline, pathLabel } from '../catalog.mjs';
import {
  NO_COMPRESSION,
  createFflateCompressor,
  createStreamCompressor,
  servesPath,
} from './compressors.mjs';
import { errorMessage } from './rows.mjs';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const now = () => performance.now();
const isPromise = (value) => typeof value?.then === 'function';
// Runs `then` on `value`, or on what it resolves to; `fail` words a failure.
const settle = (value, then, fail) => {
  if (!isPromise(value)) return then(value);
  return value.then(then, (error) => {
    throw fail(error);
  });
};

/**
 * "msgpack: gzip decompress (node:zlib): unexpected end of file": a
 * compressor's failure, naming the codec, the format and the compressor
 * (the C++ one words its own alike: src/compress/compressor.cpp).
 */
export function compressionError(codec, { format, where }, action, error) {
  const verb = action === 'compress' ? format : `${format} decompress`;
  return new Error(`${codec}: ${verb} (${where}): ${errorMessage(error)}`);
}

/** The row fields naming a compression: { format, where, level? }. */
export function compressionFields({ format, where, level }) {
  return { format, where, ...(level !== undefined && { level }) };
}

/**
 * `path` through `compressor` ({ where, format, level?, compress(bytes),
 * decompress(bytes) }, either maybe asynchronous). The codec's bytes (or
 * JSON text, as UTF-8) are compressed; the decompressed bytes go back to the
 * path's decode as it takes them (text for a path whose bytes are text).
 */
export function withCompression(path, compressor) {
  const compression = compressionFields(compressor);
  const fail = (action) => (error) => compressionError(path.codec, compression, action, error);
  // Whether the path's encoding is text (the JSON baselines): known at the first encode.
  let text = false;
  return {
    ...path,
    compression,
    async: compressor.async === true,
    encode(input) {
      const { encoded, phases } = path.encode(input);
      const start = now();
      const plain = path.bytesOf(encoded);
      text = typeof plain === 'string';
      const bytes = text ? encoder.encode(plain) : plain;
      const done = (compressed) => ({
        encoded: compressed,
        codecBytes: bytes.byteLength,
        phases: { ...phases, compressMs: now() - start },
      });
      let compressed;
      try {
        compressed = compressor.compress(bytes);
      } catch (error) {
        throw fail('compress')(error);
      }
      return settle(compressed, done, fail('compress'));
    },
    decode(compressed) {
      const start = now();
      const decodeBytes = (bytes) => {
        const inflated = now();
        const result = path.decode(text ? decoder.decode(bytes) : bytes);
        return { ...result, phases: { ...result.phases, decompressMs: inflated - start } };
      };
      let bytes;
      try {
        bytes = compressor.decompress(compressed);
      } catch (error) {
        throw fail('decompress')(error);
      }
      return settle(bytes, decodeBytes, fail('decompress'));
    },
    bytesOf: (compressed) => compressed,
  };
}

/**
 * The compressor of a variant { format, where, level? } in this place: the
 * engine's CompressionStream or fflate here; a place adds its own through
 * `env.compressor(variant)` (bench:node's child: node:zlib).
 */
export function compressorFor(variant, env = {}) {
  const own = env.compressor?.(variant);
  if (own) return own;
  if (variant.where === 'CompressionStream') return createStreamCompressor(variant.format);
  if (variant.where === 'fflate') return createFflateCompressor(variant.format, variant.level);
  throw new Error(`no ${variant.where} compressor in this place`);
}

/**
 * `path` compressed as `variant` says: by the codec's own module when
 * `where` is wasm (path.compressInModule: the C++ compresses the bytes it
 * wrote before they leave the heap), else by a JS compressor around it.
 */
export function compressedPath(path, variant, env = {}) {
  if (variant.where === 'wasm') {
    if (!path.compressInModule) {
      throw new Error(`${path.codec}: this module does not compress in wasm (a ${path.interop} path)`);
    }
    return path.compressInModule(variant);
  }
  return withCompression(path, compressorFor(variant, env));
}

// The references a compressed variant makes no sense of: the object floor's
// "encoding" is typed-array columns, not a format, and a JS-walk floor's
// the JS halves' own wire (what it measures is JS alone); the UTF-8 JSON baseline's
// bytes are what the compressed JSON baseline compresses already.
const uncompressible = (subject) => isFloor(subject) || isJsonUtf8Baseline(subject);

/**
 * Whether `variant` applies to a path or member `subject`: a JS compressor
 * to every path a format has bytes for, the wasm one to the C++ paths whose
 * module compresses in place (`inModule(subject)`: the workload says which).
 */
export function variantServes(variant, subject, inModule) {
  if (uncompressible(subject)) return false;
  if (!servesPath(variant.where, subject)) return false;
  return variant.where !== 'wasm' || inModule(subject);
}

/**
 * A block's members with the run's compression (docs/design.md#compression):
 * each member (spec with `subject`, `label`) once per variant it takes,
 * with `compression` in its spec and subject. `formats` has none: the
 * uncompressed members stay; without it only the references do (JSON
 * plain beside JSON compressed, and the object floor). `inModule(member)`:
 * whether the member's path compresses in its wasm module.
 */
export function compressedMembers(members, { formats, variants }, inModule = () => false) {
  if (!variants || variants.length === 0) return members;
  const plain = formats.includes(NO_COMPRESSION) ? members : members.filter((member) => member.reference);
  const compressed = variants.flatMap((variant) =>
    members
      .filter((member) => variantServes(variant, member.subject, () => inModule(member)))
      .map((member) => {
        const subject = { ...member.subject, compression: compressionFields(variant) };
        return { ...member, compression: variant, subject, label: pathLabel(subject) };
      }),
  );
  return [...plain, ...compressed];
}

/**
 * A per-call path (its workload's measure.mjs: forRecord(name) -> { encode, decode,
 * ... }) through `compressor`, per call: encode = the path's encode, then
 * compress; decode = decompress, then the path's decode. Per-call timing
 * repeats a call in a tight loop, so the compressor must be synchronous
 * (node:zlib, fflate); `codecBytes()` is the last encode's own size.
 */
export function withMessageCompression(path, compressor) {
  if (compressor.async) {
    throw new Error(`${compressor.where}: asynchronous, and a per-call path needs a synchronous compressor`);
  }
  const compression = compressionFields(compressor);
  const fail = (action, error) => compressionError(path.codec, compression, action, error);
  return {
    ...path,
    compression,
    forRecord(name) {
      const calls = path.forRecord(name);
      let text = false;
      let codecBytes;
      return {
        ...calls,
        codecBytes: () => codecBytes,
        encode(record) {
          const encoded = calls.encode(record);
          text = typeof encoded === 'string';
          const bytes = text ? encoder.encode(encoded) : encoded;
          codecBytes = bytes.byteLength;
          try {
            return compressor.compress(bytes);
          } catch (error) {
            throw fail('compress', error);
          }
        },
        decode(compressed) {
          let bytes;
          try {
            bytes = compressor.decompress(compressed);
          } catch (error) {
            throw fail('decompress', error);
          }
          return calls.decode(text ? decoder.decode(bytes) : bytes);
        },
      };
    },
  };
}
