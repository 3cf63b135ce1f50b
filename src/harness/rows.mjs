// What the rows of both measuring protocols share (per payload: measure.mjs,
// per call: the per-call workload's measure.mjs): the fields naming the path and where it
// was measured, and how a failure is worded. Never timed.

/** A failure as one line: the Error's message, else the thrown value. */
export function errorMessage(error) {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/** The fields that name a path in a row: place, codec, impl, interop, variant?, library?, module?, build?, batch?. */
export function pathFields(path, { place, batch }) {
  // A path of the Node-API addon names its own place (catalog.mjs ADDON_PLACE).
  const fields = { place: path.place ?? place, codec: path.codec, impl: path.impl, interop: path.interop };
  if (path.variant) fields.variant = path.variant;
  if (path.library) fields.library = path.library;
  if (path.module) fields.module = path.module;
  // A second wasm build's path (plan.mjs withBuilds).
  if (path.build) fields.build = path.build;
  // The compression stage (compressed-path.mjs): { format, where, level? }.
  if (path.compression) fields.compression = { ...path.compression };
  if (batch) fields.batch = batch;
  return fields;
}

/**
 * `path` named by the wasm build of its member `spec` (a second build's,
 * plan.mjs withBuilds: its subject's `build`), so that its rows carry
 * `build` (pathFields) and are judged against the first build's same path.
 */
export function withBuildOf(spec, path) {
  if (spec.subject?.build) path.build = spec.subject.build;
  return path;
}

/** The fields of a path that name it: codec, impl, interop, library, variant?, compression?. */
export function subjectOf({ codec, impl, interop, library, variant, compression }) {
  return { codec, impl, interop, library, ...(variant && { variant }), ...(compression && { compression }) };
}

/** A block's reference member (the answer's references): `name` and the subject of `path`. */
export const blockReference = (name, path) => ({ reference: name, subject: subjectOf(path) });

/** A failed row: the protocol's `base` fields, status 'failed' and the error. */
export function failedRowOf(base, error) {
  return { ...base, status: 'failed', error: errorMessage(error) };
}

/**
 * The fields a block run adds to a row (docs/design.md#blocks), for each
 * workload's row schema (its rows.mjs); `operations`: what a row may time.
 */
export function blockRowProperties(operations = ['encode', 'decode']) {
  return {
    block: {
      type: 'string',
      description:
        'block runs: the block (a unit and the paths compared there) the row belongs to; rows of one block and one process pair up',
    },
    process: {
      type: 'integer',
      minimum: 0,
      description:
        'block runs: which process (browser context) of the block measured the row, from 0; sizes (gzip) are measured in process 0 only',
    },
    operations: {
      type: 'array',
      items: { enum: operations },
      minItems: 1,
      description:
        'block runs: the operations this row timed, when fewer than all (a library of the fastest set of one operation only); the row has statistics for those only',
    },
    build: {
      type: 'string',
      description:
        "block runs of two wasm builds (bench:node or bench:web --build-dir A,B): the Emscripten version of the build after the first that made this row's module (run.build.compared names it); absent for the first build's rows",
    },
  };
}
