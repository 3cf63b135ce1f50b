// Validation of results files against src/results.schema.json with the
// rows of every workload added (withWorkloadRows). The caller loads the
// schema (src/workload-folders.mjs resultsSchema in Node, a bundled import
// and web/src/workloads.mjs in the page) and passes it in.

import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The schema with the rows of a workload (a folder's rows.mjs, or runner.mjs
 * and page.mjs, export them): `rowSchema` becomes $defs/<name>Row, the name
 * joins run.workload's values and one rule says that such a run's rows are
 * <name>Row items and its run.protocol matches `protocolSchema`. A copy; the
 * schema as it is when it has the workload already.
 */
export function withWorkloadRows(schema, name, rowSchema, protocolSchema = { type: 'object' }) {
  if (schema.$defs[`${name}Row`]) return schema;
  const copy = structuredClone(schema);
  copy.$defs[`${name}Row`] = rowSchema;
  const workload = copy.$defs.run.properties.workload;
  workload.enum = [...(workload.enum ?? []), name];
  const run = { type: 'object', properties: { workload: { const: name } }, required: ['workload'] };
  (copy.allOf ??= []).push({
    if: { properties: { run }, required: ['run'] },
    then: {
      properties: {
        // A start-up row (docs/startup-memory.md) is a place's, not the workload's: it says so by its kind.
        rows: {
          type: 'array',
          items: {
            if: { type: 'object', properties: { kind: { const: 'startup' } }, required: ['kind'] },
            then: { $ref: '#/$defs/startupRow' },
            else: { $ref: `#/$defs/${name}Row` },
          },
        },
        run: { type: 'object', properties: { protocol: protocolSchema } },
      },
    },
  });
  return copy;
}

/**
 * Compiles the schema once; the returned function checks a document and
 * returns { valid: true } or { valid: false, error: { path, message }, text }
 * for the first error, `path` being a JSON pointer into the document.
 */
export function createResultsValidator(schema) {
  const ajv = new Ajv2020({ allErrors: false, strict: true, strictRequired: false });
  addFormats(ajv);
  const check = ajv.compile(schema);
  return (document) => {
    if (check(document)) return { valid: true };
    const [first] = check.errors;
    const path = first.instancePath || '/';
    const extra = first.keyword === 'enum' ? ` (${first.params.allowedValues.join(', ')})` : '';
    const message = `${first.message}${extra}`;
    return { valid: false, error: { path, message }, text: `${path}: ${message}` };
  };
}
