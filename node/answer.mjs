// The answer command (`scripts/bench.sh --answer`): the README's answer
// table for this machine in one go. Each workload's default run (whose
// blocks are the answer's units, src/report/answer-winners.mjs ANSWER_UNITS), in Node (wasm
// and the addon: bench:node) and then in every browser installed
// (bench:web), one run after the other, never two at once; the time limit is
// shared out between the runs still to come in proportion to what each
// needs for its first look, so a run that stops early leaves its time to
// the others. Then it prints the answer table over those results.
//
//   node node/answer.mjs [--minutes N] [--browsers LIST] [--out-dir DIR]

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BROWSER_NAMES } from '../src/engines.mjs';
import { ANSWER_UNITS, TOO_FEW, answerMarkdown, answerRows } from '../src/report/answer-winners.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';
import { BLOCKS } from '../src/workload-entries.mjs';
import { BROWSERS } from './browsers.mjs';
import { displayPath } from './log.mjs';
import { REPO_ROOT, fileStamp } from './options.mjs';
import { runCommand } from './run-file.mjs';

export const DEFAULT_MINUTES = 30;

/**
 * Minutes a run takes to reach its first look (6 processes or contexts) on
 * a 2-core machine of the project's kind, per place and workload: measured
 * by the answer command on 2026-12-05 15:40 UTC, rounded up to a tenth
 * (docs/design.md#the-answer-command).
 */
export const FIRST_LOOK_MINUTES = Object.freeze({
  node: Object.freeze({ tuples: 1.3, messages: 0.9, documents: 2.2 }),
  chromium: Object.freeze({ tuples: 1.1, messages: 1.2, documents: 1.0 }),
  firefox: Object.freeze({ tuples: 1.3, messages: 1.3, documents: 1.5 }),
  webkit: Object.freeze({ tuples: 0.8, messages: 1.4, documents: 1.2 }),
});

/** A run's last look costs this many times its first: processes grow from the first look to the last. */
const LAST_LOOK_FACTOR = BLOCKS.looks.at(-1) / BLOCKS.looks[0];

/** What each later run keeps of the limit, in its first looks: room for estimates a quarter short. */
const KEPT_FIRST_LOOKS = 1.25;

/** Minutes each run spends outside its blocks (start-up, the page's build check, the results file). */
export const OVERHEAD_MINUTES = 0.15;

const WORKLOADS = [...new Set(ANSWER_UNITS.map((unit) => unit.workload))];

/** The browsers of bench:web whose executable is on this machine. */
export function installedBrowsers() {
  return BROWSER_NAMES.filter((name) => existsSync(BROWSERS[name].executable()));
}

/** The runs of the answer: { place, workload, script, args, firstLook } in order, Node first. */
export function answerPlan(browsers) {
  const places = ['node', ...browsers];
  return places.flatMap((place) =>
    WORKLOADS.map((workload) => ({
      place,
      workload,
      script: place === 'node' ? 'node/bench.mjs' : 'node/bench-web.mjs',
      args: [...(place === 'node' ? [] : ['--browser', place]), '--workload', workload],
      firstLook: FIRST_LOOK_MINUTES[place][workload],
    })),
  );
}

/**
 * The block budget of run `index` of `plan` when `leftMinutes` of the limit
 * remain: up to its last look while every later run keeps what its first
 * look needs, and never less than its share (in first looks) of what is
 * left after every remaining run's overhead. The last run gets the rest.
 */
export function budgetMinutes(plan, index, leftMinutes) {
  const [run, ...later] = plan.slice(index);
  const blocks = leftMinutes - (later.length + 1) * OVERHEAD_MINUTES;
  const share = (blocks * run.firstLook) / [run, ...later].reduce((sum, each) => sum + each.firstLook, 0);
  const kept = later.reduce((sum, each) => sum + each.firstLook * KEPT_FIRST_LOOKS, 0);
  const budget = Math.max(share, Math.min(run.firstLook * LAST_LOOK_FACTOR, blocks - kept));
  return Math.max(0.5, Math.round(budget * 100) / 100);
}

function runChild(script, args, logFile) {
  return new Promise((resolve) => {
    const out = openSync(logFile, 'w');
    const child = spawn(process.execPath, [join(REPO_ROOT, script), ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', out, 'inherit'],
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve(code ?? (signal ? 130 : 1));
    });
  });
}

const minutesText = (minutes) => `${minutes.toFixed(1)} min`;

async function main() {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: String(DEFAULT_MINUTES) },
      browsers: { type: 'string' },
      'out-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(
      `Usage: scripts/bench.sh --answer [--minutes N] [--browsers LIST] [--out-dir DIR]\n\n` +
        `Runs the README's answer for this machine, for ${ANSWER_UNITS.map((unit) => unit.label).join(', ')},\n` +
        `as block runs in Node (wasm and the addon) and in every browser installed (${BROWSER_NAMES.join(', ')}),\n` +
        `one after the other within --minutes (default ${DEFAULT_MINUTES}), then prints the answer table.\n` +
        `Results and each run's tables go to --out-dir (default results/answer-<date>/).\n`,
    );
    return 0;
  }
  const minutes = Number(values.minutes);
  if (!(minutes > 0)) throw new Error(`--minutes takes a positive number (given: ${values.minutes})`);
  const browsers = values.browsers ? values.browsers.split(',') : installedBrowsers();
  const unknown = browsers.filter((name) => !BROWSER_NAMES.includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown browser ${unknown.join(', ')} (known: ${BROWSER_NAMES.join(', ')})`);
  const outDir = values['out-dir'] ?? join(REPO_ROOT, 'results', `answer-${fileStamp(new Date())}`);
  mkdirSync(outDir, { recursive: true });

  const plan = answerPlan(browsers);
  const started = Date.now();
  const elapsed = () => (Date.now() - started) / 60000;
  process.stderr.write(
    `answer: ${plan.length} runs (${['node', ...browsers].join(', ')} x ${WORKLOADS.join(', ')}) within ${minutesText(minutes)}; results in ${displayPath(outDir)}\n`,
  );
  const files = [];
  const failed = [];
  for (const [index, run] of plan.entries()) {
    const budget = budgetMinutes(plan, index, minutes - elapsed());
    const name = `${run.place}-${run.workload}`;
    const out = join(outDir, `${name}.json`);
    process.stderr.write(
      `answer: [${index + 1}/${plan.length}] ${name}, blocks within ${minutesText(budget)}` +
        `${budget < run.firstLook ? ` (less than its first look needs, ${minutesText(run.firstLook)})` : ''}\n`,
    );
    const code = await runChild(
      run.script,
      [...run.args, '--budget-minutes', String(budget), '--out', out],
      join(outDir, `${name}.txt`),
    );
    if (code === 130) return 130;
    if (code !== 0 || !existsSync(out)) failed.push(`${name} (exit ${code}; see ${name}.txt)`);
    if (existsSync(out)) files.push(out);
  }

  await registerWorkloadFolders();
  const rows = answerRows(files.map((file) => JSON.parse(readFileSync(file, 'utf8'))));
  const tooFew = rows.flatMap((row) => row.slice(2, 4)).filter((cell) => cell.includes(TOO_FEW)).length;
  process.stdout.write(answerMarkdown(rows));
  process.stdout.write(
    `\n${rows.length} rows, ${rows.length * 2} cells, ${tooFew} ${TOO_FEW}; ${minutesText(elapsed())} in all` +
      `${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}\n`,
  );
  return failed.length > 0 ? 1 : 0;
}

runCommand('answer', main, { url: import.meta.url, told: () => true });
