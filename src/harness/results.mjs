// The results document of src/results.schema.json: a run header and rows.
// The environment gathers the facts (machine, runtime, build); these helpers
// put them in the schema's shape.

import {
  DEFAULT_WORKLOAD,
  WORKLOAD_NAMES,
  catalogOf,
  codecsOf,
  isFloorCodec,
  moduleOf,
} from '../catalog.mjs';

export const SCHEMA_VERSION = 1;
/** The default workload: the growing tuple dataset. */
export const WORKLOAD = DEFAULT_WORKLOAD;
/** Every workload a run can measure (run.workload), from the catalog. */
export const WORKLOADS = WORKLOAD_NAMES;

// The fields of the header's `protocol`: how the run was planned and
// measured (a size range, records, the data sets and a user's own
// files), its environment (GC, clock, Node flags), what it
// ran (the libraries a page cannot run among them) and the compression
// stage (docs/design.md#compression).
const PROTOCOL_FIELDS = (
  'mode warmup minWarmupMs repetitions minMB maxMB stepsPerDecade records datasets documents minRepMs gc ' +
  'timerResolutionMs crossOriginIsolated timeoutSeconds childNodeOptions codecs strategies addon peers ' +
  'peersNotRun blocks compression'
).split(' ');

/** The `protocol` part of the header: the fields given (copies), those undefined or empty left out. */
export function protocolHeader(fields) {
  const protocol = {};
  for (const key of PROTOCOL_FIELDS) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    if (key === 'peersNotRun' && Object.keys(value).length === 0) continue;
    protocol[key] = structuredClone(value);
  }
  return protocol;
}

/**
 * The `build` part of the header from the wasm build's info ({ emscripten,
 * flags, profile, catalog }), with the sizes of `workload`'s modules (each
 * workload has its own); `null` when there is none.
 */
export function buildHeader(info, workload = WORKLOAD) {
  if (!info) return { emscripten: null, flags: '' };
  const build = { emscripten: info.emscripten ?? null, flags: info.flags ?? '' };
  if (info.compiler) build.compiler = info.compiler;
  if (info.toolchain) build.toolchain = info.toolchain;
  if (info.profile) build.profile = info.profile;
  const codecs = catalogOf(info) ? codecsOf(info, workload) : [];
  const modules = codecs.map((codec) => ({ codec, ...moduleOf(info, codec, workload) }));
  if (modules.length > 0) {
    build.modules = modules.map(({ codec, wasmBytes, wasmGzipBytes, glueBytes }) => {
      const module = { codec, wasmBytes, wasmGzipBytes };
      if (glueBytes !== undefined) module.glueBytes = glueBytes;
      // A floor (raw) is no format to ship: a reader of the file tells it from the codecs.
      if (isFloorCodec(info, codec)) module.floor = true;
      return module;
    });
  }
  return build;
}

/**
 * The header's `build.compared` of a run of several wasm builds (--build-dir
 * A,B): per build after the first ({ tag, info }), the tag its rows' `build`
 * carries and its own buildHeader.
 */
export const comparedBuildsHeader = (builds, workload) =>
  builds.map(({ tag, info }) => ({ tag, ...buildHeader(info, workload) }));

/** The run header. `date` is a Date or an ISO string; `workload` one of WORKLOADS. */
export function runHeader({
  place,
  workload = WORKLOAD,
  date,
  machine,
  runtime,
  build,
  protocol,
  finished = false,
}) {
  if (!WORKLOADS.includes(workload)) {
    throw new Error(`unknown workload '${workload}' (known: ${WORKLOADS.join(', ')})`);
  }
  return {
    place,
    workload,
    date: date instanceof Date ? date.toISOString() : date,
    finished,
    machine,
    runtime,
    build,
    protocol,
  };
}

/** A whole results document. */
export function resultsDocument(run, rows) {
  return { schemaVersion: SCHEMA_VERSION, run, rows };
}

/**
 * The clock's smallest visible tick in ms: the smallest non-zero difference
 * between consecutive readings. Coarse in a page that is not cross-origin
 * isolated (about 0.1 ms in Chromium), fine in Node.
 */
export function measureTimerResolution(now = () => performance.now(), readings = 200) {
  let smallest = Infinity;
  let previous = now();
  for (let i = 0; i < readings; i++) {
    let current = now();
    // Spin until the clock moves, bounded so a frozen clock cannot hang us.
    for (let spin = 0; current === previous && spin < 1e6; spin++) current = now();
    if (current > previous) smallest = Math.min(smallest, current - previous);
    previous = current;
  }
  return Number.isFinite(smallest) ? smallest : 0;
}
