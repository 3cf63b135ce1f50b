// The --help text of bench:node (node/bench.mjs); the defaults and bounds it
// prints come from the catalog (src/catalog.mjs) through node/cli.mjs.

import { peerNames } from '../src/harness/peers.mjs';
import { BLOCKS, workloadInfo } from '../src/catalog.mjs';
import { PER_CALL_COMPRESSOR_OPTIONS } from '../src/harness/compressors.mjs';
import { recordsHelp } from './run-options.mjs';
import { BOUNDS, DEFAULTS, LIMITS, QUICK } from './cli.mjs';
import { RUNTIME_NAMES } from './runtimes.mjs';

const TUPLES = workloadInfo('tuples');
const MESSAGE = workloadInfo('messages');

export const HELP = `Usage: npm run bench:node -- [options]    (or: node node/bench.mjs [options])

Measures C++ codecs compiled to wasm (and, when built, the same C++ as a Node-API
addon) against JSON.stringify/JSON.parse and the pure-JS libraries (peers). Three
workloads: tuples (the growing tuple dataset, time per payload size; the default),
messages (single small records, operations per second) and documents (JSON
documents: GeoJSON, strings, records; time per data set).

Every run is a plan of blocks (docs/design.md#blocks). The default plan: a block is one
size with the paths compared there: JSON, the object floor, the C++ contenders of
Node (or, with --codecs/--strategies, the paths named; without contenders, the
typed path of every codec in wasm and in the addon) and the fastest JS libraries
(both committed in src/workloads/<workload>/contenders.json; --peers names others). Each process measures
one block round by round (every path once per round, a GC before each call, the
order rotating); every block runs in a fresh process per wave. A verdict is taken
over processes: the median of the per-process ratios with its order-statistic 95%
interval, in words (faster, slower, equivalent, undecided). At each look (6, 10, 14
processes) a block whose comparisons are all decided stops; a time budget bounds the
run. --sweep is a bigger plan: a block per path and size (every strategy and library,
each with JSON and its floor, as the tables' references, and what the path keeps
alive), each in one process (within-process intervals). Progress goes to
stderr, tables to stdout, and the results JSON (src/results.schema.json) to --out,
rewritten as rows arrive: an interrupted run keeps what it measured.

Options:
  --workload NAME      tuples (default), messages or documents
  --sweep              the full matrix, a block per path and size: ${TUPLES.strategies.join(',')}
                       strategies and every library at ${DEFAULTS.minMB}-${DEFAULTS.maxMB} MB, ${DEFAULTS.perDecade} sizes per decade
  --looks LIST         block protocol: the process counts at which the stopping rule looks
                       (default: ${BLOCKS.looks.join(',')}; --quick: ${BLOCKS.quick.looks.join(',')}); the last is the most a block gets
  --budget-minutes N   block protocol: the whole run's time limit (default: ${BLOCKS.budgetMinutes}; --quick: ${BLOCKS.quick.budgetMinutes})
  --records LIST       messages: comma-separated records or record sets (${recordsHelp('messages')})
  --min-rep-ms N       messages: calls per repetition double until one repetition takes N ms
                       (default: ${MESSAGE.defaults.minRepMs}; --quick: ${MESSAGE.quick.minRepMs}); --repetitions and --warmup count
                       repetitions (default: ${MESSAGE.defaults.repetitions} and ${MESSAGE.defaults.warmup})
  --datasets LIST      documents: comma-separated data sets (default: the built-in ones of the run's mode)
  --documents PATH     documents: your own JSON document as the data set user:<file name>: a .json
                       file, an NDJSON file (.ndjson, .jsonl: the array of its lines' values) or a
                       folder of them; repeatable. Alone, only your documents run (--datasets adds
                       built-in ones beside them). A missing path is a bad option (exit 2); a file
                       that is not JSON fails its own data set, naming the file and the place, and
                       the others run. Also: bench:web --documents, wcb_native_bench --documents,
                       and the page's file picker / drop zone (nothing leaves the machine).
  --codecs LIST        comma-separated codecs (default: every codec the wasm build's catalog
                       declares for the workload, build/wasm/build-info.json)
  --strategies LIST    comma-separated interop strategies (default: typed in the block protocol,
                       ${TUPLES.strategies.join(',')} with --sweep; also columnar: typed with typed-array columns)
  --peers LIST         comma-separated pure-JS libraries (default: the fastest sets in the block
                       protocol, where --peers also becomes the set every path is judged against;
                       every Node peer of src/harness/peers.mjs with --sweep: ${peerNames('node').join(',')})
  --no-peers           no pure-JS library, only the wasm codecs and JSON
  --no-addon           not the Node-API addon's paths (place node-addon: the same C++ built
                       natively and called through Node-API, run by default when
                       scripts/build-native.sh native-release has built it; --strategies
                       names wasm strategies, and columnar adds the addon's columnar too;
                       a --loader other than the default leaves them out as well)
  --min-mb N           smallest JSON payload size in MB (default: ${TUPLES.blocks.minMB}; --sweep: ${DEFAULTS.minMB}; --limits: ${LIMITS.minMB})
  --max-mb N           largest JSON payload size in MB, at most ${BOUNDS.sweepMaxMB} (default: ${TUPLES.blocks.maxMB}; --sweep: ${DEFAULTS.maxMB})
  --per-decade N       sizes on a log grid of N points per factor of ten, 0 = every step, at most
                       ${BOUNDS.perDecade} (default: ${TUPLES.blocks.perDecade}; --sweep: ${DEFAULTS.perDecade}; --limits: ${LIMITS.perDecade})
  --repetitions N      timed runs per operation: rounds per process in the block protocol
                       (default: ${TUPLES.blocks.repetitions}; --sweep: ${DEFAULTS.repetitions}; --limits: ${LIMITS.repetitions})
  --warmup N           untimed runs before them, at least (default: ${TUPLES.blocks.warmup}; --sweep: ${DEFAULTS.warmup}; --limits: ${LIMITS.warmup})
  --runtime LIST       the runtimes the run goes to, one after the other, a comma list or all:
                       ${RUNTIME_NAMES.join(', ')} (node: the Node that runs the command, the default; node@20 too).
                       Each but node is installed from npm into .cache/runtimes/ on first use
                       (src/places/runtimes.json) and runs this runner itself, writing its own results
                       file (results/bun-<date>.json; with --out and a list, FILE-<runtime>.json)
  --out FILE           results file (default: results/node-<date>.json; --limits:
                       results/limits-node-<date>.json)
  --compress LIST      the compression stage (docs/design.md#compression), every workload (messages
                       per call): none,gzip,deflate-raw,brotli (zstd: no compressor in Node has it). Each path
                       is measured compressed too: another member of its block (its verdicts
                       against JSON compressed alike); without none, a block holds the compressed paths and the plain references
  --compress-level N   the level of every compressor that takes one (default: each format's own:
                       gzip and deflate-raw 6, brotli 11)
  --compressors LIST   zlib (node:zlib, sync), zlib-async (node:zlib through the thread pool),
                       stream (CompressionStream), wasm (zlib in the codec's lean module; the
                       typed paths), fflate (deflate in JS) (default: zlib,wasm; messages: ${PER_CALL_COMPRESSOR_OPTIONS.join(',')}
                       only, default zlib)
  --quick              a small run: the block protocol at ${TUPLES.blocksQuick.minMB}-${TUPLES.blocksQuick.maxMB} MB and one look at ${BLOCKS.quick.looks.join(',')}
                       processes; with --sweep ${QUICK.minMB}-${QUICK.maxMB} MB, ${QUICK.repetitions} repetitions, ${QUICK.warmup} warm-up
                       (options given explicitly still win)
  --limits             payload limits instead: each path (every codec x strategy, the JSON
                       baseline, every peer) in its own process grows from --min-mb on
                       the --per-decade grid until it fails or passes --limits-max-mb; records
                       the largest size that passed and why the next failed (its error, out of
                       memory, the V8 heap limit, the process's exit signal or code, timeout);
                       its figures come from a growing process (isolation: grown-per-path)
  --limits-max-mb N    where --limits stops growing a path that has not failed, at most
                       ${BOUNDS.limitsMaxMB} (default: ${LIMITS.maxMB})
  --child-node-options=FLAGS
                       extra Node/V8 flags for every child process, space-separated, e.g.
                       --child-node-options=--max-old-space-size=64 (a small heap, to find its limit)
  --resume FILE        continue an interrupted --sweep or --limits run in FILE with the options it
                       records: the blocks (--limits: the sizes) measured ok are kept, the rest are
                       measured; a default run is not resumed (its rows so far stay in the file); only
                       --build-dir, --loader, --peer-registry and --timeout may be given with it
  --build-dir DIR      the wasm build (default: build/wasm)
  --timeout SECONDS    limit for one child process (one block's process); with --limits, for one size of a growing path (default: ${DEFAULTS.timeoutSeconds}, at most ${BOUNDS.timeoutSeconds})
  --loader MODULE      module providing loadWasmCodec/readWasmBuildInfo (default: node/load-wasm.mjs; for tests)
  --peer-registry MODULE  module exporting the peer registry's functions (default:
                       src/harness/peers.mjs; for tests)
  -h, --help           show this help

Exit codes: 0 done (failed codecs are reported in the results, not fatal),
1 runtime error (no wasm build, results not valid), 2 bad option,
130/143 interrupted by SIGINT/SIGTERM (the results so far are written).`;
