// The --help text of bench:node (node/bench.mjs); the defaults and bounds it
// prints come from the catalog (src/catalog.mjs) through node/cli.mjs.

import { peerNames } from '../src/harness/peers.mjs';
import { recordsOf, workloadInfo } from '../src/catalog.mjs';
import { BOUNDS, DEFAULTS, LIMITS, QUICK } from './cli.mjs';

const TUPLES = workloadInfo('tuples');
const MESSAGE = workloadInfo('messages');

export const HELP = `Usage: npm run bench:node -- [options]    (or: node node/bench.mjs [options])

Measures every wasm codec through every interop strategy beside JSON.stringify/
JSON.parse and the pure-JS libraries (peers) on the growing tuple dataset. Each
(codec, strategy) and each peer runs at each size (each record) in a fresh Node
process started with --expose-gc, the JSON baseline measured first in the same
process at the same size: every figure starts from the same heap state, whatever
else the run measures (run.protocol.isolation: process-per-size or
process-per-record). Progress goes to stderr, tables (per size, then what each decode returns)
to stdout, and the results JSON (src/results.schema.json) to --out, rewritten
after every row: an interrupted run keeps what it measured, and --resume
finishes it. With --workload messages, single small records instead of the
dataset: encode, decode and round-trip operations per second per record, with
each wasm strategy's marshalling floor and each module's empty call.

Options:
  --workload NAME      tuples (default: the growing dataset, times per payload size) or
                       messages (single small records, operations per second per record;
                       strategies ${MESSAGE.strategies.join(',')})
  --records LIST       messages: comma-separated records (default: ${recordsOf('messages').join(',')})
  --min-rep-ms N       messages: calls per repetition double until one repetition takes N ms
                       (default: ${MESSAGE.defaults.minRepMs}; --quick: ${MESSAGE.quick.minRepMs}); --repetitions and --warmup count
                       repetitions (default: ${MESSAGE.defaults.repetitions} and ${MESSAGE.defaults.warmup})
  --codecs LIST        comma-separated codecs (default: every codec the wasm build's catalog
                       declares for the workload, build/wasm/build-info.json)
  --strategies LIST    comma-separated interop strategies (default: ${TUPLES.strategies.join(',')};
                       also columnar: typed with typed-array columns, not objects)
  --peers LIST         comma-separated pure-JS libraries (default: every Node peer of
                       src/harness/peers.mjs: ${peerNames('node').join(',')})
  --no-peers           no pure-JS library, only the wasm codecs and JSON
  --no-addon           not the Node-API addon's paths (place node-addon: the same C++ built
                       natively and called through Node-API, run by default when
                       scripts/build-native.sh native-release has built it; --strategies
                       names wasm strategies, and columnar adds the addon's columnar too;
                       a --loader other than the default leaves them out as well)
  --min-mb N           smallest JSON payload size in MB (default: ${DEFAULTS.minMB}; --limits: ${LIMITS.minMB})
  --max-mb N           largest JSON payload size in MB, at most ${BOUNDS.sweepMaxMB} (default: ${DEFAULTS.maxMB})
  --per-decade N       sizes on a log grid of N points per factor of ten, 0 = every step, at most
                       ${BOUNDS.perDecade} (default: ${DEFAULTS.perDecade}; --limits: ${LIMITS.perDecade})
  --repetitions N      timed runs per operation (default: ${DEFAULTS.repetitions}; --limits: ${LIMITS.repetitions})
  --warmup N           untimed runs before them (default: ${DEFAULTS.warmup}; --limits: ${LIMITS.warmup})
  --out FILE           results file (default: results/node-<date>.json; --limits:
                       results/limits-node-<date>.json)
  --quick              tiny sweep: ${QUICK.minMB}-${QUICK.maxMB} MB, ${QUICK.repetitions} repetitions, ${QUICK.warmup} warm-up
                       (options given explicitly still win)
  --limits             payload limits instead of the sweep: each path (every codec x strategy,
                       the JSON baseline, every peer) in its own process grows from --min-mb on
                       the --per-decade grid until it fails or passes --limits-max-mb; records
                       the largest size that passed and why the next failed (its error, out of
                       memory, the V8 heap limit, the process's exit signal or code, timeout);
                       its figures come from a growing process (isolation: grown-per-path)
  --limits-max-mb N    where --limits stops growing a path that has not failed, at most
                       ${BOUNDS.limitsMaxMB} (default: ${LIMITS.maxMB})
  --child-node-options=FLAGS
                       extra Node/V8 flags for every child process, space-separated, e.g.
                       --child-node-options=--max-old-space-size=64 (a small heap, to find its limit)
  --resume FILE        continue an interrupted run in FILE with the options it records: sizes
                       measured ok are kept, the rest are measured; only --build-dir, --loader,
                       --peer-registry and --timeout may be given with it
  --build-dir DIR      the wasm build (default: build/wasm)
  --timeout SECONDS    limit for one child process (one path at one size or record); with
                       --limits, for one size of a growing path (default: ${DEFAULTS.timeoutSeconds}, at most ${BOUNDS.timeoutSeconds})
  --loader MODULE      module providing loadWasmCodec/readWasmBuildInfo (default: node/load-wasm.mjs; for tests)
  --peer-registry MODULE  module exporting the peer registry's functions (default:
                       src/harness/peers.mjs; for tests)
  -h, --help           show this help

Exit codes: 0 done (failed codecs are reported in the results, not fatal),
1 runtime error (no wasm build, results not valid), 2 bad option,
130/143 interrupted by SIGINT/SIGTERM (the results so far are written).`;
