// The rows of the tuples workload (the results schema's tuplesRow, added
// by src/harness/validate.mjs withWorkloadRows) and what a tuples run's
// protocol must hold. Browser-safe: the page imports it.

import { blockRowProperties } from '../../harness/rows.mjs';
import { ADDON_PLACE } from '../../path-labels.mjs';

/** A tuples run's run.protocol. */
export const protocolSchema = { type: 'object', required: ['minMB', 'maxMB'] };

/** The rows of a tuples run. */
export const rowSchema = {
  type: 'object',
  required: ['place', 'codec', 'impl', 'interop', 'step', 'items', 'jsonBytes', 'jsonMB', 'status'],
  properties: {
    place: {
      enum: ['native', 'node', ADDON_PLACE, 'browser'],
      description:
        "where the row was measured; node-addon: the codec's native code through the Node-API addon, in a node run",
    },
    codec: {
      type: 'string',
      description:
        'the format: raw, json, msgpack, protobuf, flatbuffers; for pure-JS peers also avro, cbor, bson, js-binary, bser, v8; objects for the object floor (variant floor: plain JS between objects and typed arrays, a reference)',
    },
    impl: { enum: ['cpp', 'js'] },
    interop: {
      type: 'string',
      description:
        "none (native C++), val, embind, typed (wasm strategies), object, typed (the Node-API addon's), js (pure JS)",
    },
    variant: {
      type: 'string',
      description: "a labelled variant of a path, e.g. zero-copy, or records (msgpackr's record extension)",
    },
    library: {
      type: 'string',
      description:
        "the implementation and its version: the C++ library, or '<npm name> <version>' for a pure-JS peer",
    },
    module: {
      enum: ['embind', 'lean', 'lean+zlib'],
      description:
        'which wasm module measured the row: embind (every strategy) or lean (plain exported functions, the typed strategy and its columnar variant only) or lean+zlib (the same with the compression stage in the module: docs/design.md#compression); absent for native and pure-JS rows and for results written before lean modules existed',
    },
    batch: {
      type: 'string',
      description:
        'which process (Node) or page instance measured the row, e.g. msgpack/typed; ratios vs JSON use the JSON baseline of the same batch',
    },
    step: { type: 'integer', minimum: 0 },
    items: { type: 'integer', minimum: 0 },
    jsonBytes: { type: 'integer', minimum: 0 },
    jsonMB: { type: 'number', minimum: 0 },
    status: { enum: ['ok', 'failed'] },
    error: { type: 'string' },
    encodedBytes: { type: 'integer', minimum: 0 },
    gzipBytes: {
      type: 'integer',
      minimum: 0,
      description:
        "gzip size of the encoded bytes at the default level (zlib level 6; a page's CompressionStream)",
    },
    gzip9Bytes: {
      type: 'integer',
      minimum: 0,
      description:
        "gzip size of the encoded bytes at level 9 (best compression); absent where the runner cannot choose a level (the page's CompressionStream)",
    },
    compression: { $ref: '#/$defs/compression' },
    cleanliness: { $ref: '#/$defs/cleanliness' },
    encode: { $ref: '#/$defs/stats' },
    decode: { $ref: '#/$defs/stats' },
    encodePhases: { $ref: '#/$defs/encodePhases' },
    decodePhases: { $ref: '#/$defs/decodePhases' },
    memory: {
      type: 'object',
      properties: {
        wasmHeapBytes: { type: 'integer', minimum: 0, description: 'wasm memory size after the row' },
        jsHeapGrowthBytes: { type: 'number', description: 'JS heap used after minus before the row' },
        peakRssBytes: { type: 'integer', minimum: 0 },
      },
    },
    ...blockRowProperties(),
  },
  allOf: [
    {
      if: { properties: { status: { const: 'ok' } } },
      then: {
        required: ['encodedBytes'],
        allOf: [
          {
            if: {
              anyOf: [
                { required: ['process'], properties: { process: { type: 'integer', minimum: 1 } } },
                { required: ['compression'] },
              ],
            },
            else: { required: ['gzipBytes'] },
          },
          { if: { required: ['operations'] }, else: { required: ['encode', 'decode'] } },
        ],
      },
      else: { required: ['error'] },
    },
  ],
};
