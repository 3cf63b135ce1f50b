// The options table (src/options/table.mjs) is the one declaration of every
// option: each command's --help names what it takes, its parser takes each
// declared option and refuses a bad value of it and any undeclared option
// in one line naming it, and the page's permalink carries its fields there
// and back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { helpText } from '../../src/options/help.mjs';
import { WORKLOADS } from '../../src/catalog.mjs';
import {
  OPTIONS,
  boundsOf,
  keyOf,
  kindOptions,
  namesOfKind,
  optionKindOf,
  optionNamed,
  optionsOf,
  specOf,
} from '../../src/options/table.mjs';
import { refuseMisplaced } from '../../node/run-options.mjs';
import { UsageError, optionValue, parseArgv } from '../../node/options.mjs';
import { helpText as webHelp } from '../../node/bench-web-options.mjs';
import { FLAG_PARAMS, LIST_PARAMS, NUMBER_INPUTS, pageUrl } from '../../web/src/query.mjs';

const COMMANDS = ['node', 'web', 'answer'];
const SCRIPTS = { node: 'node/bench.mjs', web: 'node/bench-web.mjs', answer: 'node/answer.mjs' };
const HELPS = { node: () => helpText('node'), web: webHelp, answer: () => helpText('answer') };
const PAGE_HTML = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');

/** A value the table accepts for `option` (as text), or undefined for a switch. */
function goodValue(option) {
  if (option.type === 'boolean') return undefined;
  if (option.values) return option.values()[0];
  if (option.type === 'number') {
    const { min = 0, max = Infinity } = boundsOf(option);
    return String(Math.min(min + 1, max));
  }
  return option.type === 'list' ? 'a,b' : 'value';
}

const argvOf = (option, value = goodValue(option)) =>
  value === undefined ? [`--${option.name}`] : [`--${option.name}=${value}`];

function assertOneLine(error, pattern) {
  assert.ok(error instanceof UsageError, `a UsageError expected, got ${error}`);
  assert.equal(error.message.split('\n').length, 1, error.message);
  assert.match(error.message, pattern);
  return true;
}

test('every option of a command is in its --help, and nothing undeclared is', () => {
  for (const command of COMMANDS) {
    const text = HELPS[command]();
    const declared = optionsOf(command).map((option) => option.name);
    for (const name of declared)
      assert.match(text, new RegExp(`^  --${name}\\b`, 'm'), `${command}: --${name}`);
    const listed = [...text.matchAll(/^ {2}--([a-z-]+)/gm)].map((match) => match[1]);
    assert.deepEqual(listed, declared, `${command}: the help lists the table's options in its order`);
  }
});

test("each command's --help from its script is the table's", () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  for (const command of COMMANDS) {
    const result = spawnSync(process.execPath, [SCRIPTS[command], '--help'], { cwd: root, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    // The answer's words name its units (src/report/answer-rows.mjs): its options are the table's.
    const options = (text) => text.slice(text.indexOf('\nOptions:\n'));
    assert.equal(options(result.stdout).trimEnd(), options(HELPS[command]()).trimEnd(), command);
  }
});

test('every declared option parses with a good value, and a bad one is refused in one line naming it', () => {
  for (const command of COMMANDS) {
    assert.deepEqual(
      Object.keys(specOf(command)),
      optionsOf(command).map((option) => option.name),
    );
    for (const option of optionsOf(command)) {
      const values = parseArgv(argvOf(option), command);
      assert.ok(option.name in values, `${command} --${option.name}`);
      if (option.type === 'number' || option.values) {
        const parsed = optionValue(values, option.name);
        if (option.type === 'number') assert.equal(parsed, Number(goodValue(option)));
        else if (option.type === 'list') assert.deepEqual(parsed, [goodValue(option)]);
        else assert.equal(parsed, goodValue(option));
        const bad = option.type === 'number' ? 'many' : 'no-such-value';
        assert.throws(
          () => optionValue(parseArgv(argvOf(option, bad), command), option.name),
          (error) => assertOneLine(error, new RegExp(`^--${option.name}: .*'${bad}'.*accepted`)),
        );
      }
    }
  }
});

test('an undeclared option is refused in one line naming it, by the reader and by each script', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  for (const command of COMMANDS) {
    assert.throws(
      () => parseArgv(['--no-such-option'], command),
      (error) => assertOneLine(error, /^unknown option --no-such-option \(accepted: --/),
    );
    const result = spawnSync(process.execPath, [SCRIPTS[command], '--no-such-option'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(result.status, 2, `${command}: ${result.stderr}`);
    assert.equal(result.stderr.trimEnd().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, /unknown option --no-such-option/);
  }
});

test("the page's options are its permalink's fields, each carried there and back", () => {
  const page = optionsOf('page');
  const lists = page.filter((option) => option.type === 'list').map((option) => option.name);
  const numbers = page.filter((option) => option.type === 'number');
  assert.deepEqual(LIST_PARAMS, lists);
  assert.deepEqual(Object.keys(NUMBER_INPUTS), numbers.map(keyOf));
  assert.deepEqual(
    FLAG_PARAMS,
    page.filter((option) => option.commands.length === 1).map((option) => option.name),
  );
  for (const option of numbers) {
    // Each number fills the form's input of the option's name.
    assert.match(PAGE_HTML, new RegExp(`id="${option.name}"`), option.name);
    const url = new URL(pageUrl('http://localhost/', { [keyOf(option)]: 7 }));
    assert.equal(url.searchParams.get(keyOf(option)), '7');
  }
  for (const name of lists) {
    const url = new URL(pageUrl('http://localhost/', { [name]: ['a', 'b-c'] }));
    assert.deepEqual(url.searchParams.get(name).split(','), ['a', 'b-c']);
  }
  for (const name of FLAG_PARAMS)
    assert.equal(new URL(pageUrl('http://localhost/', { [name]: true })).searchParams.get(name), '1');
  const workload = new URL(pageUrl('http://localhost/', { workload: 'w' })).searchParams.get('workload');
  assert.equal(workload, 'w');
});

test('every option is declared once, for at least one command, with a help line for each', () => {
  const names = OPTIONS.map((option) => option.name);
  assert.equal(new Set(names).size, names.length);
  for (const option of OPTIONS) {
    assert.ok(option.commands.length > 0, option.name);
    for (const command of option.commands.filter((name) => name !== 'page')) {
      const help = typeof option.help === 'object' ? option.help[command] : option.help;
      assert.ok(help, `--${option.name} has a help line for ${command}`);
    }
  }
});

test("an option's kind is a list of workload kinds; help, parser and refusals agree with it", () => {
  const KINDS = ['per-payload', 'per-call', 'datasets', 'blocks'];
  for (const option of OPTIONS) {
    assert.ok(Array.isArray(option.kind), option.name);
    for (const kind of option.kind) assert.ok(KINDS.includes(kind), `--${option.name}: ${kind}`);
  }
  // --min-warmup-ms: two kinds of workload, and bench:node's only.
  assert.deepEqual(optionNamed('min-warmup-ms').kind, ['per-payload', 'datasets']);
  assert.ok(kindOptions('node')['per-payload'].includes('min-warmup-ms'));
  assert.ok(kindOptions('node').datasets.includes('min-warmup-ms'));
  assert.ok(!kindOptions('node')['per-call'].includes('min-warmup-ms'));
  assert.ok(!kindOptions('web').datasets.includes('min-warmup-ms'));
  for (const command of ['node', 'web']) {
    const help = HELPS[command]();
    for (const info of WORKLOADS) {
      const own = namesOfKind(optionKindOf(info), command);
      const line = help.match(new RegExp(`^  ${info.name}: [^\\n]*\\n    its options: ([^\\n]*)`, 'm'));
      assert.ok(line, `${command}: ${info.name}`);
      assert.equal(line[1], own.map((name) => `--${name}`).join(', '), `${command}: ${info.name}`);
      // Each option of its own kind goes; each other kind's option that the command takes is refused.
      for (const name of OPTIONS.filter((option) => option.commands.includes(command)).map((o) => o.name)) {
        const others = Object.values(kindOptions(command)).flat();
        if (!others.includes(name)) continue;
        const values = { [name]: '1' };
        if (own.includes(name)) refuseMisplaced(values, info, command);
        else
          assert.throws(
            () => refuseMisplaced(values, info, command),
            (error) =>
              assertOneLine(
                error,
                new RegExp(
                  `^--${name} is an option of the .* workload \\(accepted with --workload ${info.name}: `,
                ),
              ),
          );
      }
    }
  }
});
