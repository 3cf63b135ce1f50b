// Each command's --help, made from the options table (table.mjs): its
// usage and what it does, then one line per option it takes. `ctx` brings
// what only Node knows (a browser's endpoint, the server's default host).
// Browser-safe.

import { DEFAULT_WORKLOAD, WORKLOADS, strategiesOf } from '../catalog.mjs';
import { namesOfKind, optionKindOf, optionsOf } from './table.mjs';

const WIDTH = 100;
const COLUMN = 23;

/** `text` in lines of at most WIDTH characters, each after `indent`. */
function wrap(text, indent, first = indent) {
  const lines = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = indent;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines.join('\n');
}

/** The placeholder of an option's value in help. */
const placeholder = (option) =>
  option.type === 'boolean'
    ? ''
    : ` ${option.value ?? { number: 'N', list: 'LIST' }[option.type] ?? 'VALUE'}`;

/** An option's help line for `command`. */
export function optionHelp(option, command, ctx = {}) {
  const help = typeof option.help === 'object' ? option.help[command] : option.help;
  return typeof help === 'function' ? help(ctx) : help;
}

function optionLines(command, ctx) {
  return optionsOf(command)
    .map((option) => {
      const flag = `  --${option.name}${placeholder(option)}${option.short ? `, -${option.short}` : ''}`;
      const plain = ['string', 'number'].includes(typeof option.default);
      const text = `${optionHelp(option, command, ctx)}${plain ? ` (default: ${option.default})` : ''}`;
      const indent = ' '.repeat(COLUMN);
      return flag.length < COLUMN - 1
        ? wrap(text, indent, flag.padEnd(COLUMN))
        : `${flag}\n${wrap(text, indent)}`;
    })
    .join('\n');
}

/** Each workload and the options of its kind in `command` (its defaults are in the options' lines). */
const workloadLines = (command) =>
  WORKLOADS.map(
    (info) =>
      `  ${info.name}: ${info.label} (${info.protocol}); strategies ${strategiesOf(info.name).join(',')}\n` +
      `    its options: ${namesOfKind(optionKindOf(info), command)
        .map((name) => `--${name}`)
        .join(', ')}`,
  ).join('\n');

const workloadsSection = (command) =>
  `Workloads (--workload NAME, default ${DEFAULT_WORKLOAD}):\n${workloadLines(command)}`;

const BLOCK_PROTOCOL = `Every run is a plan of blocks (docs/design.md#blocks). The default plan: a block is one unit (a size, a record, a data set) with the paths compared there: JSON, the object floor, the place's C++ contenders (or, with --codecs/--strategies, the paths named) and the fastest JS libraries (both committed in src/workloads/<workload>/contenders.json; --peers names others). Each process or browser context measures one block round by round (every path once per round, a GC before each call, the order rotating); every block runs in a fresh one per wave. A verdict is taken over processes: the median of the per-process ratios with its order-statistic 95% interval, in words (faster, slower, equivalent, undecided). At each look a block whose comparisons are all decided stops; a time budget bounds the run. --sweep is a bigger plan: a block per path and unit, each in one process.`;

/** What each command is, before its options: usage, then paragraphs. */
const COMMANDS = {
  node: {
    usage: 'npm run bench:node -- [options]    (or: node node/bench.mjs [options])',
    about: () => [
      `Measures C++ codecs compiled to wasm (and, when built, the same C++ as a Node-API addon) against JSON.stringify/JSON.parse and the pure-JS libraries (peers), for one workload (below).`,
      BLOCK_PROTOCOL,
      'Progress goes to stderr, tables to stdout, and the results JSON (src/results.schema.json) to --out, rewritten as rows arrive: an interrupted run keeps what it measured.',
      workloadsSection('node'),
    ],
    exit: 'Exit codes: 0 done (failed codecs are reported in the results, not fatal), 1 runtime error (no wasm build, results not valid), 2 bad option, 130/143 interrupted by SIGINT/SIGTERM (the results so far are written).',
  },
  web: {
    usage: 'npm run bench:web -- [options]    (or: node node/bench-web.mjs [options])',
    about: (ctx) => [
      'Runs the browser page (web/index.html) headless in each browser place (src/places/), one session per browser context, served on localhost with COOP/COEP so it is cross-origin isolated (the finer clock), with a GC before every timed operation (protocol.gcMethod):',
      ...(ctx.browsers ? [ctx.browsers] : []),
      `${BLOCK_PROTOCOL} Here a process is a fresh browser context (run.protocol.isolation: context-per-block).`,
      'Builds the page first when it is stale. Progress goes to stderr, tables to stdout, the results JSON (src/results.schema.json, place "browser") to --out.',
      workloadsSection('web'),
    ],
    exit: 'Exit codes: 0 done (failed codecs are reported in the results, not fatal), 1 runtime error (no wasm build, page error, timeout, results not valid), 2 bad option, 130 interrupted (partial results written).',
  },
  answer: {
    usage: 'scripts/bench.sh --answer [options]    (or: node node/answer.mjs [options])',
    about: (ctx) => [
      `Runs the README's answer for this machine${ctx.units ? `, for ${ctx.units}` : ''}, as block runs in each runtime of --runtime (wasm and the addon) and in every browser installed, one after the other within --minutes, then prints the answer table.`,
    ],
    exit: 'Exit codes: 0 done, 1 a run failed (the table shows what the others measured), 2 bad option, 130 interrupted.',
  },
};

/** The --help text of `command` ('node', 'web', 'answer'). */
export function helpText(command, ctx = {}) {
  const { usage, about, exit } = COMMANDS[command];
  const paragraphs = about(ctx).map((text) => (text.includes('\n') ? text : wrap(text, '')));
  return [`Usage: ${usage}`, ...paragraphs, `Options:\n${optionLines(command, ctx)}`, wrap(exit, '')].join(
    '\n\n',
  );
}
