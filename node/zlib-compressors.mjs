// node:zlib's compressors of the compression stage (src/harness/compressors.mjs
// declares them): gzip, raw deflate and brotli, synchronous (what a server
// handler writes first) or through the thread pool (zlib.gzip with a
// callback, awaited). Node only.

import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Each format's calls, and how its level is passed.
const FORMATS = {
  gzip: {
    sync: [zlib.gzipSync, zlib.gunzipSync],
    async: [zlib.gzip, zlib.gunzip],
    options: (level) => ({ level }),
  },
  'deflate-raw': {
    sync: [zlib.deflateRawSync, zlib.inflateRawSync],
    async: [zlib.deflateRaw, zlib.inflateRaw],
    options: (level) => ({ level }),
  },
  brotli: {
    sync: [zlib.brotliCompressSync, zlib.brotliDecompressSync],
    async: [zlib.brotliCompress, zlib.brotliDecompress],
    options: (level) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level } }),
  },
};

/**
 * The node:zlib compressor of `format` at `level` (`where`: 'node:zlib' or
 * 'node:zlib async'): compress(bytes|string) and decompress(bytes), each a
 * Buffer (async: a Promise of one). Corrupt or truncated input throws
 * (rejects) with zlib's error ("unexpected end of file"); node:zlib takes
 * bytes after a raw deflate or brotli stream's end without a word.
 */
export function createZlibCompressor(format, level, where) {
  const calls = FORMATS[format];
  if (!calls) throw new Error(`${where}: no '${format}' (it has ${Object.keys(FORMATS).join(', ')})`);
  const options = calls.options(level);
  const sync = where === 'node:zlib';
  const [compress, decompress] = sync ? calls.sync : calls.async.map((call) => promisify(call));
  return {
    where,
    format,
    level,
    async: !sync,
    compress: (bytes) => compress(bytes, options),
    decompress: (bytes) => decompress(bytes),
  };
}
