// What can be measured, in browser-safe modules (no node: imports): the
// workloads and the run options' bounds (workload-entries.mjs), the labels
// of paths (path-labels.mjs), and here the helpers that read the codecs a
// build declares (the `catalog` of build/wasm/build-info.json or
// build/<preset>/catalog.json, written by the build: docs/design.md#codecs).
// The Node runners, the page and the report import it all from here.

import { DEFAULT_WORKLOAD } from './workload-entries.mjs';

export * from './workload-entries.mjs';
export * from './path-labels.mjs';

// The build's catalog: { workloads: [...], codecs: [{ name, workloads,
// jsonText?, modules?: { <workload>: { glue, wasm, wasmBytes, wasmGzipBytes, glueBytes } } }],
// addon?: { file, workloads } }.
// jsonText: the codec's bytes are JSON text (wcb_codec's JSON_TEXT keyword).

/**
 * The catalog of a build-info object (build/wasm/build-info.json), of a
 * native catalog.json, or the catalog itself; null when there is none.
 */
export function catalogOf(info) {
  if (!info) return null;
  if (info.catalog) return info.catalog;
  if (Array.isArray(info.codecs) && Array.isArray(info.workloads)) return info;
  return null;
}

function requireCatalog(info) {
  const catalog = catalogOf(info);
  if (!catalog) throw new Error('the build info has no catalog: rebuild (scripts/build-wasm.sh)');
  return catalog;
}

/** A codec's entry of the build's catalog, or undefined. */
const codecEntry = (info, codec) => requireCatalog(info).codecs.find((entry) => entry.name === codec);

/** The workloads a build serves, in its order. */
export function buildWorkloads(info) {
  return [...requireCatalog(info).workloads];
}

/** Every codec a build declares, in declaration order (raw first). */
export function codecNames(info) {
  return requireCatalog(info).codecs.map((codec) => codec.name);
}

/** The codecs a build declares for `workload`, in declaration order. */
export function codecsOf(info, workload = DEFAULT_WORKLOAD) {
  return requireCatalog(info)
    .codecs.filter((codec) => codec.workloads.includes(workload))
    .map((codec) => codec.name);
}

/**
 * Whether a codec's bytes are JSON text (its catalog entry says so): such a
 * codec is compared with the UTF-8 JSON baseline too.
 */
export function isJsonText(info, codec) {
  return codecEntry(info, codec)?.jsonText === true;
}

/**
 * Whether a codec is a floor, not a format a user would ship (its catalog
 * entry says so: wcb_codec's FLOOR, e.g. raw, a memcpy of the items).
 */
export function isFloorCodec(info, codec) {
  return codecEntry(info, codec)?.floor === true;
}

/** The floor codecs a results header names (run.build.modules' `floor`). */
export function floorCodecsOf(run) {
  return (run.build?.modules ?? []).filter((module) => module.floor).map((module) => module.codec);
}

/**
 * The wasm module of (codec, workload): { glue, wasm, wasmBytes,
 * wasmGzipBytes, glueBytes }, or undefined when the build has none.
 */
export function moduleOf(info, codec, workload = DEFAULT_WORKLOAD) {
  return codecEntry(info, codec)?.modules?.[workload];
}

/**
 * The build's Node-API addon: { file (relative to the build directory),
 * workloads }, or undefined when the build has none (a wasm build, a
 * sanitizer build, -DWCB_ADDON=OFF).
 */
export function addonOf(info) {
  return requireCatalog(info).addon;
}

/** Whether the build's addon serves `workload` (every codec of it). */
export function addonServes(info, workload = DEFAULT_WORKLOAD) {
  return addonOf(info)?.workloads.includes(workload) === true;
}

/**
 * Every wasm module of a build as a flat list: { codec, workload, glue, wasm,
 * wasmBytes, wasmGzipBytes, glueBytes }, codecs in declaration order.
 */
export function modulesOf(info) {
  return requireCatalog(info).codecs.flatMap((codec) =>
    Object.entries(codec.modules ?? {}).map(([workload, module]) => ({
      codec: codec.name,
      workload,
      ...module,
    })),
  );
}
