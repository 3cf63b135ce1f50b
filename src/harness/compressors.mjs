// The compression stage (docs/design.md#compression), declared once for every
// runner, the page and the report: the formats, their levels, and the
// compressors ("where it ran") that implement them in each place. Any path
// of any workload can be run through one: encode = the codec, then compress;
// decode = decompress, then the codec (compressed-path.mjs). Browser-safe:
// the CompressionStream and fflate compressors are here; node:zlib's is in
// node/zlib-compressors.mjs, the wasm one in the codec's own module
// (src/compress/compressor.h, lean-codec.mjs).

import { deflateSync, gunzipSync, gzipSync, inflateSync } from 'fflate';

/** `--compress none`: the path as it is. */
export const NO_COMPRESSION = 'none';

/**
 * The formats: each one's levels (the default is the format's own default
 * in its reference library: zlib 6, brotli 11 as node:zlib's
 * BROTLI_DEFAULT_QUALITY, zstd 3) and its id across the wasm boundary
 * (src/compress/compressor.h Format) when C++ in wasm has it.
 */
export const COMPRESSION_FORMATS = Object.freeze({
  gzip: Object.freeze({ levels: Object.freeze({ min: 0, max: 9, default: 6 }), wasmId: 1 }),
  'deflate-raw': Object.freeze({ levels: Object.freeze({ min: 0, max: 9, default: 6 }), wasmId: 2 }),
  brotli: Object.freeze({ levels: Object.freeze({ min: 0, max: 11, default: 11 }) }),
  zstd: Object.freeze({ levels: Object.freeze({ min: 1, max: 22, default: 3 }) }),
});

/** What --compress accepts: none and every format. */
export const COMPRESS_CHOICES = Object.freeze([NO_COMPRESSION, ...Object.keys(COMPRESSION_FORMATS)]);

/**
 * The compressors, as a user would pick them: `where` is what a row
 * records, `option` what --compressors names, `places` where it exists,
 * `formats` what it writes, `levels` whether it takes a level (the
 * streams do not: the engine's default), `paths` which paths it serves
 * ('all', or 'wasm': the C++ paths whose module compresses in place).
 * `sync`: whether it answers in the call (a per-call run repeats a call in
 * a tight loop, so it takes only these). `byDefault`: run unless
 * --compressors says otherwise.
 */
export const COMPRESSORS = Object.freeze([
  Object.freeze({
    where: 'node:zlib',
    option: 'zlib',
    places: ['node'],
    formats: ['gzip', 'deflate-raw', 'brotli'],
    levels: true,
    paths: 'all',
    sync: true,
    byDefault: true,
  }),
  Object.freeze({
    where: 'node:zlib async',
    option: 'zlib-async',
    places: ['node'],
    formats: ['gzip', 'deflate-raw', 'brotli'],
    levels: true,
    paths: 'all',
    sync: false,
    byDefault: false,
  }),
  Object.freeze({
    where: 'CompressionStream',
    option: 'stream',
    places: ['node', 'browser'],
    formats: ['gzip', 'deflate-raw'],
    levels: false,
    paths: 'all',
    sync: false,
    // In Node it is a second JS route to the same zlib: asked for, not run by default.
    byDefault: ['browser'],
  }),
  Object.freeze({
    where: 'wasm',
    option: 'wasm',
    places: ['node', 'browser'],
    formats: ['gzip', 'deflate-raw'],
    levels: true,
    paths: 'wasm',
    sync: true,
    byDefault: true,
  }),
  // The pure-JS deflate a page picks when it needs an answer in the call
  // (CompressionStream's is a promise): the browsers' per-call compressor.
  Object.freeze({
    where: 'fflate',
    option: 'fflate',
    places: ['node', 'browser'],
    formats: ['gzip', 'deflate-raw'],
    levels: true,
    paths: 'all',
    sync: true,
    byDefault: false,
  }),
]);

/** What --compressors accepts. */
export const COMPRESSOR_OPTIONS = Object.freeze(COMPRESSORS.map((compressor) => compressor.option));

/** The compressor a row's `where` names. */
export function compressorOf(where) {
  const compressor = COMPRESSORS.find((entry) => entry.where === where);
  if (!compressor)
    throw new Error(`unknown compressor '${where}' (known: ${COMPRESSORS.map((c) => c.where).join(', ')})`);
  return compressor;
}

// A per-call run repeats a call in a tight loop: it can time a compressor
// that answers in the call and wraps any path (the per-call modules hold no zlib).
const servesPerCall = (compressor) => compressor.sync && compressor.paths === 'all';

/** The --compressors names a per-call run takes. */
export const PER_CALL_COMPRESSOR_OPTIONS = Object.freeze(
  COMPRESSORS.filter(servesPerCall).map((compressor) => compressor.option),
);

/**
 * The compressors of `place` run when --compressors names none; with
 * `perCall` those of them a per-call run takes, or when none is, every one
 * the place has that a per-call run takes (a browser: fflate).
 */
export function defaultCompressors(place, { perCall = false } = {}) {
  const inPlace = COMPRESSORS.filter((compressor) => compressor.places.includes(place));
  const byDefault = inPlace.filter(
    (compressor) =>
      compressor.byDefault === true ||
      (Array.isArray(compressor.byDefault) && compressor.byDefault.includes(place)),
  );
  let chosen = byDefault;
  if (perCall) {
    chosen = byDefault.filter(servesPerCall);
    if (chosen.length === 0) chosen = inPlace.filter(servesPerCall);
  }
  return chosen.map((compressor) => compressor.option);
}

/**
 * The level a format runs at: `level` when given (checked against the
 * format's bounds; an Error names them), else its default.
 */
export function levelOf(format, level) {
  const { levels } = COMPRESSION_FORMATS[format];
  if (level === undefined) return levels.default;
  if (!Number.isInteger(level) || level < levels.min || level > levels.max) {
    throw new Error(`${format}: level ${level} is out of range (accepted: ${levels.min} to ${levels.max})`);
  }
  return level;
}

/**
 * The compressed variants a run measures: one { format, where, level? } per
 * format of `formats` (none left out) and compressor of `options` (its
 * --compressors names) that has the format in `place`. A format no asked
 * compressor has there is an Error naming what does (--compress zstd: no
 * place has it). `level` (--compress-level) applies to every format that
 * takes one and is checked against each; a compressor without levels is
 * left out when a level is asked for, since it cannot honour it.
 */
export function compressionVariants({ formats, options, level, place }) {
  const chosen = COMPRESSORS.filter(
    (compressor) => options.includes(compressor.option) && compressor.places.includes(place),
  );
  const variants = [];
  for (const format of formats) {
    if (format === NO_COMPRESSION) continue;
    const having = chosen.filter((compressor) => compressor.formats.includes(format));
    const usable = level === undefined ? having : having.filter((compressor) => compressor.levels);
    if (usable.length === 0) {
      const anywhere = COMPRESSORS.filter(
        (compressor) => compressor.places.includes(place) && compressor.formats.includes(format),
      );
      const why =
        having.length > 0
          ? `${having.map((c) => c.where).join(', ')} take no level, and --compress-level was given`
          : anywhere.length > 0
            ? `of ${place}'s compressors only ${anywhere.map((c) => c.option).join(', ')} have it`
            : `no compressor in ${place} has it`;
      throw new Error(`--compress ${format}: ${why}`);
    }
    for (const compressor of usable) {
      variants.push({
        format,
        where: compressor.where,
        ...(compressor.levels && { level: levelOf(format, level) }),
      });
    }
  }
  return variants;
}

/** Whether a compressor of `where` serves `subject` (a path or its row fields). */
export function servesPath(where, subject) {
  const { paths } = compressorOf(where);
  return paths === 'all' || (subject.impl === 'cpp' && subject.place === undefined);
}

/** " + gzip (node:zlib)": how a path label names its compression. */
export function compressionSuffix(compression) {
  return compression ? ` + ${compression.format} (${compression.where})` : '';
}

// ---------------------------------------------------------------------------
// CompressionStream / DecompressionStream: the browsers' own (and Node's).

async function streamThrough(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  const chunks = [];
  let total = 0;
  // A reader, not for await: WebKit's streams (WebKitGTK 2.50) are not async iterable.
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    total += read.value.byteLength;
  }
  if (chunks.length === 1) return chunks[0];
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

/** The formats this engine's CompressionStream and DecompressionStream take (the page says which). */
export function streamFormats() {
  if (typeof CompressionStream !== 'function' || typeof DecompressionStream !== 'function') return [];
  return ['gzip', 'deflate', 'deflate-raw', 'br', 'zstd'].filter((format) => {
    try {
      new CompressionStream(format);
      new DecompressionStream(format);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The CompressionStream compressor of `format`: compress(bytes) and
 * decompress(bytes), both resolving to a Uint8Array. A stream that is not
 * whole (corrupt, truncated) rejects with the engine's error, which
 * compressed-path.mjs words with the compressor and the codec.
 */
export function createStreamCompressor(format) {
  if (!streamFormats().includes(format)) {
    throw new Error(
      `CompressionStream: this engine has no '${format}' (it has ${streamFormats().join(', ') || 'none'})`,
    );
  }
  return {
    where: 'CompressionStream',
    format,
    async: true,
    compress: (bytes) => streamThrough(bytes, new CompressionStream(format)),
    decompress: (bytes) => streamThrough(bytes, new DecompressionStream(format)),
  };
}

// ---------------------------------------------------------------------------
// fflate: deflate in JS, synchronous, the same in Node and the browsers.

// Each format's calls: compress(bytes, { level }) and decompress(bytes).
const FFLATE_FORMATS = {
  gzip: [gzipSync, gunzipSync],
  'deflate-raw': [deflateSync, inflateSync],
};

/**
 * The fflate compressor of `format` at `level`: compress(bytes) and
 * decompress(bytes), each a Uint8Array, in the call. Corrupt or truncated
 * input throws fflate's error ("unexpected EOF", "invalid gzip data"),
 * which compressed-path.mjs words with the compressor and the codec.
 * fflate reads no bytes as an empty raw deflate stream; that is an error
 * here, as in node:zlib. It checks no gzip CRC and takes bytes after a
 * stream (docs/design.md#compression): as a user gets it.
 */
export function createFflateCompressor(format, level) {
  const calls = FFLATE_FORMATS[format];
  if (!calls) throw new Error(`fflate: no '${format}' (it has ${Object.keys(FFLATE_FORMATS).join(', ')})`);
  const [compress, decompress] = calls;
  return {
    where: 'fflate',
    format,
    level,
    async: false,
    compress: (bytes) => compress(bytes, { level }),
    decompress: (bytes) => {
      if (bytes.byteLength === 0) throw new Error('unexpected EOF: no bytes, not even an empty stream');
      return decompress(bytes);
    },
  };
}
