// The labels of paths and the references measured beside them (the JSON
// baseline, the floors, the places). Browser-safe; imported through
// src/catalog.mjs.

import { compressionSuffix } from './harness/compressors.mjs';
import { WORKLOADS } from './workload-entries.mjs';

/** The JSON baseline's library name: the engine's own JSON. */
export const JSON_BASELINE_LIBRARY = 'JSON.stringify/JSON.parse';

/** What each operation of the JSON baseline is called. */
export const JSON_CALLS = Object.freeze({ encode: 'JSON.stringify', decode: 'JSON.parse' });

/**
 * The variant of the JSON baseline that works on bytes like every other path:
 * TextEncoder/TextDecoder around JSON.stringify/JSON.parse (the string
 * baseline never pays UTF-8).
 */
export const JSON_UTF8_VARIANT = 'utf-8';

/**
 * True for a results row (or path) of the JSON baseline: the string one, not
 * its UTF-8 variant, and not compressed (a compressed JSON row is the
 * reference of the paths compressed alike: block-verdicts.mjs).
 */
export function isJsonBaseline({ codec, impl, variant, compression }) {
  return codec === 'json' && impl === 'js' && variant === undefined && compression === undefined;
}

/** True for a results row (or path) of the UTF-8 JSON baseline. */
export function isJsonUtf8Baseline({ codec, impl, variant }) {
  return codec === 'json' && impl === 'js' && variant === JSON_UTF8_VARIANT;
}

// A floor: plain JS, a reference, not a library (the object floor, or a
// workload's own: its catalog entry's `floor` names its codec and label).
export const floorOf = (codec) =>
  Object.freeze({ codec, impl: 'js', interop: 'js', variant: 'floor', library: 'plain JS' });
export const isFloorOf =
  (reference) =>
  ({ codec, impl, variant }) =>
    codec === reference.codec && impl === 'js' && variant === reference.variant;

/**
 * The object floor (src/harness/object-floor.mjs): plain JS moving the items
 * between {x, y, z} objects and typed arrays, the least any path that takes
 * or gives objects must do. A reference measured beside every tuple path,
 * not a library.
 */
export const OBJECT_FLOOR = floorOf('objects');

/** True for a results row (or path) of the object floor. */
export const isObjectFloor = isFloorOf(OBJECT_FLOOR);

/** True for a row of a floor: a reference, never a contender, never compressed. */
export const isFloor = ({ impl, variant }) => impl === 'js' && variant === 'floor';

/** The library's name without its version: "msgpackr 2.1.4" -> "msgpackr". */
export function libraryName(library) {
  return library.replace(/ [^ ]+$/, '');
}

/**
 * A short name for a path or a results row: "msgpack/typed" (C++ in wasm),
 * "msgpack/typed (addon)" (the same C++ in the Node-API addon),
 * "msgpack/native" (the C++ alone, interop none),
 * "json (js)" (the JSON baseline), "json (js, utf-8)" (its UTF-8 variant),
 * "objects (js, floor)" (the object floor), a workload's own floor's label,
 * "msgpack (msgpackr) [records]" (a pure-JS peer: format, library, variant);
 * a path through the compression stage adds it: "msgpack/typed + gzip (wasm)";
 * a path of a second wasm build names its Emscripten: "msgpack/typed [3.1.69]".
 */
export function pathLabel({ place, codec, impl, interop, variant, library, compression, build }) {
  const label = `${uncompressedLabel({ place, codec, impl, interop, variant, library })}${compressionSuffix(compression)}`;
  return build ? `${label} [${build}]` : label;
}

function uncompressedLabel({ place, codec, impl, interop, variant, library }) {
  const ownFloor = isFloor({ impl, variant }) && WORKLOADS.find((info) => info.floor?.codec === codec);
  if (ownFloor) return ownFloor.floor.label;
  if (isJsonUtf8Baseline({ codec, impl, variant }) || isObjectFloor({ codec, impl, variant }))
    return `${codec} (js, ${variant})`;
  let base;
  if (place === ADDON_PLACE) base = `${codec}/${interop} (addon)`;
  else if (impl !== 'js') base = `${codec}/${interop === 'none' ? 'native' : interop}`;
  else if (!library || (codec === 'json' && library === JSON_BASELINE_LIBRARY)) base = `${codec} (js)`;
  else base = `${codec} (${libraryName(library)})`;
  return variant ? `${base} [${variant}]` : base;
}

/** Where a run measures, as the results header names it. */
export const PLACES = Object.freeze(['native', 'node', 'browser']);

/**
 * The place of a row measured through the Node-API addon (src/addon): the
 * codecs' native code called from Node, in a run whose header says 'node'.
 * Its paths carry it (path.place), so such a row stands beside the wasm
 * rows of the same run: the same C++ behind two boundaries.
 */
export const ADDON_PLACE = 'node-addon';

/**
 * True for a row measured through the Node-API addon (place node-addon, in
 * a node run): the codec's native code behind Node-API, not wasm.
 */
export const isAddonRow = (row) => row.place === ADDON_PLACE;

/** True for a row of C++ compiled to wasm (not native, not the addon, not JS). */
export const isWasmRow = (row) => row.impl === 'cpp' && row.interop !== 'none' && !isAddonRow(row);
