// The payload limits the seed benchmark published for the pure-JS libraries
// this project also runs, shown beside the limits a `--limits` run finds.
// Source: Adelost/javascript-serialization-benchmark, README of 2020-07-28,
// "Maximum payload size" (its "Result (final)" and "Result (Protocol
// Buffers)" sections): "the estimated maximum safe payload limit (measured as
// JSON) each library was able to process", on the same growing tuple dataset,
// Node.js 12.16.3 with its default heap, 64-bit Windows 10, 16 GB RAM. Beyond
// the limit "a heap allocation error occurred in most cases".
//
// Only the libraries the seed measured are listed; the other peers
// (msgpackr, @msgpack/msgpack, cbor-x, flatbuffers, v8) have no published
// figure, and none is made up for them. The seed's versions were older than
// the ones pinned here, so the figures are a reference, not a prediction.

import { isJsonBaseline, libraryName } from '../catalog.mjs';

export const SEED_LIMITS_SOURCE =
  'Adelost/javascript-serialization-benchmark README (2020-07-28), Node.js 12.16.3, default heap';

// By npm name (the JSON baseline under 'JSON'): the limit in MB of JSON and
// the version the seed measured.
const SEED_LIMITS = Object.freeze({
  JSON: { limitMB: 298, version: 'Node.js 12.16.3' },
  avsc: { limitMB: 372, version: '5.4.21' },
  'js-binary': { limitMB: 372, version: '1.2.0' },
  pbf: { limitMB: 372, version: '3.2.1' },
  bser: { limitMB: 372, version: undefined },
  protobufjs: { limitMB: 153, version: '6.10.1' },
  'google-protobuf': { limitMB: 98, version: '4.0.0-rc.1' },
  bson: { limitMB: 21, version: '4.0.4' },
});

/**
 * The seed's published limit for a path or row ({ codec, impl, library,
 * variant }): { limitMB, version } or undefined when the seed published none
 * (every wasm path, variants, libraries it did not run).
 */
export function seedLimitFor(path) {
  if (path.impl !== 'js' || path.variant) return undefined;
  if (isJsonBaseline(path)) return SEED_LIMITS.JSON;
  if (!path.library) return undefined;
  return SEED_LIMITS[libraryName(path.library)];
}
