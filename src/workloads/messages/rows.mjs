// The rows of the messages workload (the results schema's messagesRow,
// added by src/harness/validate.mjs withWorkloadRows) and what a messages
// run's protocol must hold. Browser-safe: the page imports it.

import { blockRowProperties } from '../../harness/rows.mjs';
import { ADDON_PLACE } from '../../path-labels.mjs';
import { RECORD_NAMES } from './workload.mjs';

/** A messages run's run.protocol: its records are the workload's. */
export const protocolSchema = {
  type: 'object',
  required: ['records', 'minRepMs'],
  properties: { records: { type: 'array', items: { enum: [...RECORD_NAMES] } } },
};

/** The rows of a messages run. */
export const rowSchema = {
  type: 'object',
  description:
    "messages workload: one path on one record. Floor rows (variant 'floor') time the marshalling of a wasm strategy with no codec work (interop val/embind/tagged, no roundTrip), or the empty call of a module (interop 'call', record 'none', encode only).",
  required: ['place', 'codec', 'impl', 'interop', 'record', 'status'],
  additionalProperties: false,
  properties: {
    place: { enum: ['native', 'node', ADDON_PLACE, 'browser'] },
    codec: {
      type: 'string',
      description:
        'the format: json, msgpack, protobuf, flatbuffers; for pure-JS peers also avro, cbor, bson, js-binary, bser, v8',
    },
    impl: { enum: ['cpp', 'js'] },
    interop: {
      enum: ['none', 'val', 'embind', 'tagged', 'object', 'js', 'call'],
      description:
        "none (native C++), val, embind, tagged (wasm strategies), object, tagged (the Node-API addon's, place node-addon), js (pure JS), call (the empty call of a wasm module or of the addon)",
    },
    variant: {
      type: 'string',
      description: 'floor (marshalling only / empty call), or a labelled variant of a peer (e.g. records)',
    },
    library: { type: 'string' },
    batch: {
      type: 'string',
      description:
        'which process (Node) or page instance measured the row; ratios vs JSON and boundary shares use rows of the same batch',
    },
    record: {
      // 'none': the empty call's floor row.
      enum: [...RECORD_NAMES, 'none'],
    },
    status: {
      enum: ['ok', 'failed', 'n/a'],
      description:
        'n/a: the path does not offer this record (e.g. embind and a record with a Date); reason says why',
    },
    error: { type: 'string' },
    reason: { type: 'string' },
    encodedBytes: { type: 'integer', minimum: 0 },
    compression: { $ref: '#/$defs/compression' },
    jsonBytes: {
      type: 'integer',
      minimum: 0,
      description: "UTF-8 bytes of the record's JSON text (binary as base64)",
    },
    encode: { $ref: '#/$defs/opsStats' },
    decode: { $ref: '#/$defs/opsStats' },
    roundTrip: { $ref: '#/$defs/opsStats', description: 'decode(encode(record)) per call' },
    boundaryShare: {
      type: 'object',
      description: 'wasm paths: floor ns/op / path ns/op of the same process, capped at 1',
      required: ['encode', 'decode'],
      additionalProperties: false,
      properties: {
        encode: { type: 'number', minimum: 0, maximum: 1 },
        decode: { type: 'number', minimum: 0, maximum: 1 },
      },
    },
    ...blockRowProperties(['encode', 'decode', 'roundTrip']),
  },
  allOf: [
    { if: { properties: { status: { const: 'failed' } } }, then: { required: ['error'] } },
    { if: { properties: { status: { const: 'n/a' } } }, then: { required: ['reason'] } },
    { if: { properties: { status: { const: 'ok' } } }, then: { required: ['encode'] } },
    {
      if: { properties: { status: { const: 'ok' }, interop: { not: { const: 'call' } } } },
      then: { required: ['encodedBytes', 'jsonBytes', 'decode'] },
    },
    {
      if: {
        properties: { status: { const: 'ok' }, variant: { not: { const: 'floor' } } },
        not: { required: ['operations'] },
      },
      then: { required: ['roundTrip'] },
    },
  ],
};
