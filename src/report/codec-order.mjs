// The order of the C++ codecs in the report (rows, legends, colours): the
// build's catalog (raw first, then as declared), then any other codec of the
// results in order of first appearance. No codec name is typed here.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_WASM_BUILD_DIR } from '../build-dirs.mjs';
import { catalogOf, codecNames } from '../catalog.mjs';
import { codecColors } from './palette.mjs';

/** The codec names of a wasm build's catalog (build-info.json), or [] without one. */
export function buildCodecOrder(buildDir = DEFAULT_WASM_BUILD_DIR) {
  try {
    const info = JSON.parse(readFileSync(path.join(buildDir, 'build-info.json'), 'utf8'));
    return catalogOf(info) ? codecNames(info) : [];
  } catch {
    return [];
  }
}

let order;

/** The codec order of this report: set by useCodecOrder, else the default wasm build's catalog. */
export function codecOrder() {
  order ??= buildCodecOrder();
  return order;
}

/** Sets the codec order (a catalog's codec names), e.g. for a report of another build. */
export function useCodecOrder(names) {
  order = [...names];
}

/** A codec's place in the order; codecs outside it sort after, by name. */
export function codecRank(codec) {
  const index = codecOrder().indexOf(codec);
  return index === -1 ? codecOrder().length : index;
}

/** Orders codec names: by codecRank, then by name. */
export const compareCodecs = (a, b) => codecRank(a) - codecRank(b) || (a < b ? -1 : a > b ? 1 : 0);

/** A colour function for codecs by their order (src/report/palette.mjs); other keys take the next colours. */
export const reportColors = () => codecColors(codecOrder());
