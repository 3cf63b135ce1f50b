// Small results documents built in code for the report's unit tests, in the
// shape of src/results.schema.json (the tests validate them), plus the
// schema validator itself.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createResultsValidator } from '../../src/harness/validate.mjs';
import { resultsSchema } from '../../src/workload-folders.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const validateResults = createResultsValidator(await resultsSchema());

const MB = 2 ** 20;

function stats(median, mad = median * 0.01) {
  return { median, min: median - mad, max: median + mad, mad, n: 5 };
}

/**
 * One row. `encodeMs`/`decodeMs` are medians; `phases` ({ encode: [in, codec, out],
 * decode: [in, codec, out] }) adds the phase objects; `failed` makes a failed row.
 */
export function row({
  place = 'node',
  codec,
  impl = 'cpp',
  interop,
  variant,
  library,
  batch,
  step,
  jsonMB,
  encodeMs = 1,
  decodeMs = 1,
  encodeMad,
  decodeMad,
  phases,
  failed,
  cleanliness,
  memory,
}) {
  const jsonBytes = Math.round(jsonMB * MB);
  const base = {
    place,
    codec,
    impl,
    interop: interop ?? (impl === 'js' ? 'js' : 'typed'),
    step,
    items: step * 10,
  };
  if (variant) base.variant = variant;
  if (library) base.library = library;
  if (batch) base.batch = batch;
  Object.assign(base, { jsonBytes, jsonMB: jsonBytes / MB });
  if (failed) return { ...base, status: 'failed', error: failed };
  const result = {
    ...base,
    status: 'ok',
    encodedBytes: Math.round(jsonBytes / 2),
    gzipBytes: Math.round(jsonBytes / 16),
    encode: stats(encodeMs, encodeMad),
    decode: stats(decodeMs, decodeMad),
  };
  if (phases?.encode) {
    const [marshalInMs, codecMs, bytesOutMs] = phases.encode;
    result.encodePhases = { marshalInMs, codecMs, bytesOutMs };
  }
  if (phases?.decode) {
    const [bytesInMs, codecMs, marshalOutMs] = phases.decode;
    result.decodePhases = { bytesInMs, codecMs, marshalOutMs };
  }
  if (cleanliness) result.cleanliness = cleanliness;
  if (memory) result.memory = memory;
  return result;
}

/** The JSON baseline row of a place (one per batch in Node). */
export function baseline(options) {
  return row({ codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse', ...options });
}

/** A whole document of one place around `rows`. */
export function documentOf(place, rows, { modules } = {}) {
  return {
    schemaVersion: 1,
    run: {
      place,
      workload: 'tuples',
      date: '2026-01-02T03:04:05Z',
      finished: true,
      machine: { os: 'linux', arch: 'x64', cpus: 2 },
      runtime: { name: place, version: '1' },
      build: {
        emscripten: place === 'native' ? null : '3.1.6',
        flags: '-O3',
        ...(modules ? { modules } : {}),
      },
      protocol: { warmup: 1, repetitions: 5, minMB: 0.1, maxMB: 10 },
    },
    rows: rows.map((r) => ({ ...r, place })),
  };
}

/** A source as model.mjs toSources makes it. */
export function sourceOf(document, file = `${document.run.place}.json`) {
  return { source: document.run.place, place: document.run.place, file, document };
}
