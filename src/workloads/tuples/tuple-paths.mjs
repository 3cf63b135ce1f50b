// The tuples' paths (a path: src/harness/payload-measure.mjs): a wasm codec
// (src/harness/wasm-codec.mjs) or a codec of the Node-API addon
// (addon-tuples.mjs) as one path per interop strategy. The JSON baseline is
// built in json-baseline.mjs, the pure-JS peers in peers.mjs.

import { ADDON_PLACE } from '../../catalog.mjs';
import { compressionFields } from '../../harness/compressed-path.mjs';
import { COMPRESSION_FORMATS } from '../../harness/compressors.mjs';
import { columnsFromItems, itemsFromColumns } from '../../harness/wasm-items.mjs';

// Labels live in the browser-safe catalog; re-exported for existing importers.
export { libraryName, pathLabel } from '../../catalog.mjs';

/**
 * The columnar variant as a strategy name: createWasmPath(codec, 'columnar')
 * gives the typed strategy with columns on the JS side (row interop 'typed',
 * variant 'columnar'). Not among codec.strategies, so a sweep measures it
 * only when asked.
 */
export const COLUMNAR = 'columnar';

// What every wasm path does alike: its encoding is bytes, it has a heap, and
// its module decodes into storage it reuses from call to call. prepareDecode
// fills that storage with the sentinel, so a decoder that skipped its work
// cannot pass on the previous call's items (payload-measure.mjs calls it outside the
// timer).
function wasmPathCalls(codec) {
  return {
    // Which module measured the path: a lean one (lean-codec.mjs) says so.
    module: codec.module ?? 'embind',
    heapBytes: () => codec.heapBytes(),
    ...reusedOutputCalls(codec),
  };
}

// What a C++ codec's path does alike in wasm and in the addon: its encoding
// is bytes, and it decodes into storage it reuses, poisoned before a decode
// that counts.
function reusedOutputCalls(codec) {
  return {
    bytesOf: (bytes) => bytes,
    prepareDecode: () => codec.poisonOutputs(),
  };
}

// The addon's paths: their rows say place node-addon, and name no module.
function addonPathCalls(codec) {
  return { place: ADDON_PLACE, ...reusedOutputCalls(codec) };
}

/** The path of one wasm codec called through one strategy (or COLUMNAR). */
export function createWasmPath(codec, strategy) {
  if (strategy === COLUMNAR) return columnarPath(codec, wasmPathCalls(codec));
  if (!codec.strategies.includes(strategy)) {
    throw new Error(`${codec.name}: unknown strategy '${strategy}' (has ${codec.strategies.join(', ')})`);
  }
  return strategyPath(codec, strategy, wasmPathCalls(codec));
}

// A C++ codec (wasm or addon) called through one strategy of its own.
function strategyPath(codec, strategy, calls) {
  const path = {
    codec: codec.name,
    impl: 'cpp',
    interop: strategy,
    library: codec.libraryVersion,
    encode(items) {
      const { bytes, phases } = codec.encode(strategy, items);
      return { encoded: bytes, phases };
    },
    decode(bytes) {
      return codec.decode(strategy, bytes);
    },
    ...calls,
  };
  if (strategy === 'typed' && codec.compresses)
    path.compressInModule = (variant) => compressedInModule(path, codec, variant);
  return path;
}

/**
 * The typed path of a module that compresses in place (lean-codec.mjs
 * encodeCompressed / decodeCompressed): the compression stage in C++, one
 * crossing each way with the compressed bytes (docs/design.md#compression).
 */
function compressedInModule(path, codec, variant) {
  const format = COMPRESSION_FORMATS[variant.format]?.wasmId;
  if (format === undefined) throw new Error(`${codec.name}: the module has no ${variant.format} compressor`);
  const level = variant.level ?? -1;
  const { compressInModule: _, ...rest } = path;
  return {
    ...rest,
    compression: compressionFields(variant),
    encode(items) {
      const { bytes, codecBytes, phases } = codec.encodeCompressed(items, format, level);
      return { encoded: bytes, codecBytes, phases };
    },
    decode(bytes) {
      return codec.decodeCompressed(bytes, format);
    },
  };
}

/**
 * The typed strategy with columns {x: Int32Array, y, z: Float64Array} in and
 * out instead of objects, of a codec with encodeColumns/decodeColumns (wasm
 * or addon). The harness hands every path an array of objects, so this path
 * converts it to columns once per payload, outside the timed calls (in the
 * first, verifying encode; the dataset array only ever grows, so its length
 * tells a new payload). Its decode returns the columns, which the
 * cleanliness table reports as not plain objects; toPlainItems converts
 * them for verification only.
 */
function columnarPath(codec, calls) {
  let source = null;
  let sourceLength = -1;
  let columns = null;
  const columnsOf = (items) => {
    if (items !== source || items.length !== sourceLength) {
      columns = columnsFromItems(items);
      source = items;
      sourceLength = items.length;
    }
    return columns;
  };
  return {
    codec: codec.name,
    impl: 'cpp',
    interop: 'typed',
    variant: COLUMNAR,
    library: codec.libraryVersion,
    encode(items) {
      const { bytes, phases } = codec.encodeColumns(columnsOf(items));
      return { encoded: bytes, phases };
    },
    decode(bytes) {
      const { columns: decoded, phases } = codec.decodeColumns(bytes);
      return { items: decoded, phases };
    },
    toPlainItems(decoded) {
      return itemsFromColumns(decoded);
    },
    ...calls,
  };
}

/**
 * The path of one codec of the Node-API addon (src/workloads/tuples/addon-tuples.mjs) called
 * through one of its strategies (object, typed) or COLUMNAR (typed with
 * columns, row interop 'typed', variant 'columnar'). Its rows say place
 * node-addon (catalog.mjs ADDON_PLACE).
 */
export function createAddonPath(codec, strategy) {
  if (strategy === COLUMNAR) return columnarPath(codec, addonPathCalls(codec));
  if (!codec.strategies.includes(strategy)) {
    throw new Error(
      `${codec.name}: unknown addon strategy '${strategy}' (has ${codec.strategies.join(', ')})`,
    );
  }
  return strategyPath(codec, strategy, addonPathCalls(codec));
}
