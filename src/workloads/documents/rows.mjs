// The rows of the documents workload that every place shares: their schema
// (the results schema's documentsRow) and the rows of a path that could not
// be measured. Browser-safe: the page imports it (runner.mjs, which plans
// bench:node's jobs, is Node's).

import { ADDON_PLACE } from '../../catalog.mjs';
import { blockRowProperties, failedRowOf, pathFields } from '../../harness/rows.mjs';

const stats = { $ref: '#/$defs/stats' };

/** The rows of a documents run (the results schema's documentsRow). */
export const rowSchema = {
  type: 'object',
  required: ['place', 'codec', 'impl', 'interop', 'dataset', 'status'],
  additionalProperties: false,
  properties: {
    place: { enum: ['native', 'node', ADDON_PLACE, 'browser'] },
    codec: { type: 'string' },
    impl: { enum: ['cpp', 'js'] },
    interop: { type: 'string' },
    variant: { type: 'string' },
    library: { type: 'string' },
    batch: { type: 'string' },
    dataset: {
      type: 'string',
      description:
        "the data set: an id of src/workloads/documents/dataset-catalog.mjs, or user:<file name> for a user's own document (--documents, the page's file input)",
    },
    fileBytes: {
      type: 'integer',
      minimum: 0,
      description:
        "a user's document: the bytes of its file as read (its JSON text may be laid out otherwise)",
    },
    documentChecksum: {
      type: 'string',
      pattern: '^0x[0-9a-f]{8}$',
      description:
        "a user's document: the document checksum of its value (docs/documents.md), the same in every place",
    },
    jsonBytes: { type: 'integer', minimum: 0, description: "UTF-8 bytes of the data set's JSON.stringify" },
    jsonMB: { type: 'number', minimum: 0 },
    status: { enum: ['ok', 'failed', 'n/a'] },
    error: { type: 'string' },
    reason: { type: 'string', description: 'n/a: why the path cannot hold this data set' },
    encodedBytes: { type: 'integer', minimum: 0 },
    gzipBytes: { type: 'integer', minimum: 0 },
    gzip9Bytes: { type: 'integer', minimum: 0 },
    compression: { $ref: '#/$defs/compression' },
    encode: stats,
    decode: stats,
    encodePhases: { $ref: '#/$defs/encodePhases' },
    decodePhases: { $ref: '#/$defs/decodePhases' },
    memory: {
      type: 'object',
      additionalProperties: false,
      properties: { wasmHeapBytes: { type: 'number' }, jsHeapGrowthBytes: { type: 'number' } },
    },
    ...blockRowProperties(),
  },
};

/**
 * A row for a path that could not be measured on a data set; `datasetFields`
 * name a user's document beside its id (user-documents.mjs userDatasetFields).
 */
export function failedDocumentRow(path, { place, batch, dataset, datasetFields }, reason) {
  return failedRowOf({ ...pathFields(path, { place, batch }), dataset, ...datasetFields }, reason);
}

/**
 * A row for a library that cannot hold a data set and says so when asked
 * for it (geobuf outside GeoJSON): not a failure, a fact of the format.
 */
export function notApplicableRow(path, where, error) {
  const { error: reason, ...row } = failedDocumentRow(path, where, error);
  return { ...row, status: 'n/a', reason };
}
