// The answer command (`scripts/bench.sh --answer`): the README's answer
// table for this machine in one go. Each workload's default run (whose
// blocks are the answer's units, src/report/answer-rows.mjs answerUnits) in each
// place of the answer: the runtimes (bench:node, wasm and the addon: Node 24,
// Bun and Deno by default, their declarations' `answer.runtimes`) and then
// every browser installed (bench:web), one run after the other, never two at
// once. The time limit is shared out between the runs still to come in
// proportion to what each needs for its first look (each place declares its
// minutes; the previous answer's measured ones replace them when present),
// and shared again after every run from the time it took, so a run that stops
// early or runs slow moves the others' shares. Then it prints the answer table.
//
//   node node/answer.mjs [--minutes N] [--runtime LIST] [--browsers LIST] [--out-dir DIR]

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOO_FEW, answerUnits, answerMarkdown, answerRows } from '../src/report/answer-rows.mjs';
import { PINNED_RUNTIMES, places } from '../src/places.mjs';
import { registerWorkloadFolders } from '../src/workload-folders.mjs';
import { BLOCKS, workloadInfo } from '../src/workload-entries.mjs';
import { BROWSERS } from './browsers.mjs';
import { installRuntime } from './install-runtime.mjs';
import { displayPath, log } from './log.mjs';
import { helpText } from '../src/options/help.mjs';
import { optionNamed } from '../src/options/table.mjs';
import { REPO_ROOT, fileStamp, optionValue, parseArgv } from './options.mjs';
import { runCommand } from './run-file.mjs';
import { parseRuntimes } from './runtimes.mjs';
import { wholeCostRuns } from './whole-cost-runs.mjs';

export const DEFAULT_MINUTES = optionNamed('minutes').default;

/** A run's last look costs this many times its first: processes grow from the first look to the last. */
const LAST_LOOK_FACTOR = BLOCKS.looks.at(-1) / BLOCKS.looks[0];

/**
 * What each later run keeps of the limit, in its first looks: room for
 * estimates half short (WebKit's three runs took 1.42 times theirs on
 * 2026-12-07: docs/decisions/answer-command.md).
 */
export const KEPT_FIRST_LOOKS = 1.5;

/** Minutes each run spends outside its blocks (start-up, the page's build check, the results file). */
export const OVERHEAD_MINUTES = 0.15;

/** How far one run's measured time may move the estimates of the runs after it. */
const CORRECTION_BOUNDS = [0.5, 2];

/** Where an answer keeps its measured first looks, for the next answer's estimates. */
const FIRST_LOOKS_FILE = 'first-looks.json';

// The workloads of the answer's units, once their folders are registered.
const answerWorkloads = () => [...new Set(answerUnits().map((unit) => unit.workload))];

/** The browsers of bench:web whose executable is on this machine, in their declarations' order. */
export async function installedBrowsers() {
  return Object.values(await places())
    .filter((place) => place.kind === 'browser' && existsSync(BROWSERS[place.name].executable()))
    .map((place) => place.name);
}

/**
 * The browsers of the answer from its options: those --browsers names,
 * none with `none` (the runtimes alone, their verdicts side by side without
 * the browsers' twenty minutes), or every one installed.
 */
export async function answerBrowsers(values) {
  if (values.browsers === 'none') return [];
  return optionValue(values, 'browsers') ?? (await installedBrowsers());
}

/** The runtimes the answer measures by default: each runtime declaration's `answer.runtimes`. */
export async function defaultRuntimes() {
  return Object.values(await places()).flatMap((place) => place.answer?.runtimes ?? []);
}

/**
 * The runs of the answer: { place, workload, script, args, firstLook, suffix? } in
 * order, the runtimes first, then unless `wholeCost` is false the whole
 * cost's runs (whole-cost-runs.mjs: start-up and break-even in the first
 * runtime, start-up in the first browser). `declared`: the places by name; `estimates`:
 * measured first looks by place and workload (the previous answer's), which
 * replace the declarations' minutes.
 */
export function answerPlan({ runtimes, browsers, wholeCost = true }, declared, estimates = {}) {
  const runtime = (name) => declared[PINNED_RUNTIMES[name]?.place ?? 'node'];
  const runs = [
    ...runtimes.map((name) => ({
      name,
      place: runtime(name),
      args: ['--runtime', name],
      script: 'node/bench.mjs',
    })),
    ...browsers.map((name) => ({
      name,
      place: declared[name],
      args: ['--browser', name],
      script: 'node/bench-web.mjs',
    })),
  ];
  const blocks = runs.flatMap(({ name, place, args, script }) =>
    answerWorkloads().map((workload) => ({
      place: name,
      workload,
      script,
      args: [...args, '--workload', workload],
      firstLook:
        estimates[name]?.[workload] ??
        place.answer.firstLookMinutes * (workloadInfo(workload).answerWeight?.[place.kind] ?? 1),
    })),
  );
  const places = { runtime: runtimes[0], browser: browsers[0] };
  return wholeCost ? [...blocks, ...wholeCostRuns(answerWorkloads(), places)] : blocks;
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

/**
 * The minutes run `document` (a results file) needed for its first look,
 * from the `minutes` it took: its blocks' processes ran wave after wave, so
 * the first look is its share of the waves. Undefined for a run its budget
 * stopped short of the first look: its start-up would weigh as waves.
 */
export function measuredFirstLook(document, minutes) {
  const waves = Math.max(0, ...(document.run.blocks ?? []).map((block) => block.processes));
  if (waves < BLOCKS.looks[0]) return undefined;
  return (Math.max(0, minutes - OVERHEAD_MINUTES) * BLOCKS.looks[0]) / waves;
}

/**
 * The plan's later runs (after `index`) estimated again from the first
 * looks measured so far (`measured`: [{ place, estimate, minutes }]): a
 * place that ran keeps its own ratio of measured to estimated time, the
 * others take the mean ratio (this machine against the estimates), within
 * CORRECTION_BOUNDS. Each run's `estimate` is its first look before any correction.
 */
export function reestimate(plan, index, measured) {
  const ratio = (entries) =>
    entries.length === 0
      ? 1
      : Math.exp(
          entries.reduce((sum, each) => sum + Math.log(each.minutes / each.estimate), 0) / entries.length,
        );
  const bound = (value) => Math.min(CORRECTION_BOUNDS[1], Math.max(CORRECTION_BOUNDS[0], value));
  const machine = ratio(measured);
  return plan.map((run, position) => {
    if (position <= index) return run;
    const own = measured.filter((each) => each.place === run.place);
    const estimate = run.estimate ?? run.firstLook;
    return { ...run, estimate, firstLook: estimate * bound(own.length > 0 ? ratio(own) : machine) };
  });
}

/** The first looks the newest earlier answer in `resultsDir` measured: { place: { workload: minutes } }. */
export function previousFirstLooks(resultsDir) {
  if (!existsSync(resultsDir)) return {};
  const answers = readdirSync(resultsDir)
    .filter((name) => name.startsWith('answer-') && existsSync(join(resultsDir, name, FIRST_LOOKS_FILE)))
    .sort();
  if (answers.length === 0) return {};
  return JSON.parse(readFileSync(join(resultsDir, answers.at(-1), FIRST_LOOKS_FILE), 'utf8'));
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

async function main(argv) {
  const values = parseArgv(argv, 'answer');
  if (values.help) {
    const units = answerUnits()
      .map((unit) => unit.label)
      .join(', ');
    process.stdout.write(`${helpText('answer', { units })}\n`);
    return 0;
  }
  const declared = await places();
  const minutes = optionValue(values, 'minutes', DEFAULT_MINUTES);
  const runtimes = values.runtime !== undefined ? parseRuntimes(values.runtime) : await defaultRuntimes();
  const browsers = await answerBrowsers(values);
  const resultsDir = join(REPO_ROOT, 'results');
  const outDir = values['out-dir'] ?? join(resultsDir, `answer-${fileStamp(new Date())}`);
  const estimates = previousFirstLooks(resultsDir);
  mkdirSync(outDir, { recursive: true });
  // Installed before the clock starts: a first install is no run's time.
  for (const name of runtimes)
    if (PINNED_RUNTIMES[name]) installRuntime(name, PINNED_RUNTIMES[name], { log });

  let plan = answerPlan({ runtimes, browsers, wholeCost: !values['no-whole-cost'] }, declared, estimates);
  const started = Date.now();
  const elapsed = () => (Date.now() - started) / 60000;
  process.stderr.write(
    `answer: ${plan.length} runs (${[...runtimes, ...browsers].join(', ')} x ${answerWorkloads().join(', ')}) within ${minutesText(minutes)}; results in ${displayPath(outDir)}\n`,
  );
  const files = [];
  const failed = [];
  const measured = [];
  const firstLooks = {};
  for (let index = 0; index < plan.length; index++) {
    // Read after every reestimate: the run as the time taken so far estimates it.
    const run = plan[index];
    const budget = budgetMinutes(plan, index, minutes - elapsed());
    const name = `${run.place.replace('@', '')}-${run.workload}${run.suffix ?? ''}`;
    const out = join(outDir, `${name}.json`);
    process.stderr.write(
      `answer: [${index + 1}/${plan.length}] ${name}, blocks within ${minutesText(budget)}` +
        `${budget < run.firstLook ? ` (less than its first look needs, ${minutesText(run.firstLook)})` : ''}\n`,
    );
    const runStarted = Date.now();
    const code = await runChild(
      run.script,
      [...run.args, '--budget-minutes', String(budget), '--out', out],
      join(outDir, `${name}.txt`),
    );
    if (code === 130) return 130;
    if (code !== 0 || !existsSync(out)) failed.push(`${name} (exit ${code}; see ${name}.txt)`);
    if (!existsSync(out)) continue;
    files.push(out);
    const firstLook = measuredFirstLook(
      JSON.parse(readFileSync(out, 'utf8')),
      (Date.now() - runStarted) / 60000,
    );
    // A whole-cost run (its suffix) is no estimate of the place's block runs.
    if (firstLook === undefined || run.suffix) continue;
    measured.push({ place: run.place, estimate: run.estimate ?? run.firstLook, minutes: firstLook });
    (firstLooks[run.place] ??= {})[run.workload] = Math.round(firstLook * 100) / 100;
    writeFileSync(join(outDir, FIRST_LOOKS_FILE), `${JSON.stringify(firstLooks, null, 2)}\n`);
    plan = reestimate(plan, index, measured);
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
