// Validation of results documents against src/results.schema.json. The
// caller loads the schema (a file read in Node, a bundled import in the
// page) and passes it in.

import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The schema with the rows of a workload that is not built into it: `rowSchema`
 * becomes $defs/<name>Row, the name joins run.workload's values and one rule
 * says that such a run's rows are <name>Row items. A copy; the schema as it
 * is when it has the workload already.
 */
export function withWorkloadRows(schema, name, rowSchema) {
  if (schema.$defs[`${name}Row`]) return schema;
  const copy = structuredClone(schema);
  copy.$defs[`${name}Row`] = rowSchema;
  copy.$defs.run.properties.workload.enum.push(name);
  copy.allOf.push({
    if: {
      properties: {
        run: { type: 'object', properties: { workload: { const: name } }, required: ['workload'] },
      },
      required: ['run'],
    },
    then: { properties: { rows: { type: 'array', items: { $ref: `#/$defs/${name}Row` } } } },
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
