// A toy place added as one declaration file (tests/fixtures/toy-place/
// toybrowser.mjs) to a copy of the repository: bench:web's --browser and
// help, the answer's plan, the labels, the default block's libraries and
// setup's Debian packages take it from the declaration, with no other edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WHOLE_COST_MINUTES } from '../../node/whole-cost-runs.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function copyWithToyPlace() {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-toy-place-'));
  for (const part of ['node', 'src', 'proto', 'scripts', 'web'])
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  copyFileSync(
    join(ROOT, 'tests', 'fixtures', 'toy-place', 'toybrowser.mjs'),
    join(dir, 'src', 'places', 'toybrowser.mjs'),
  );
  return dir;
}

const COPY = copyWithToyPlace();

// Runs `script` as a module file of the copy: the JSON it prints.
function inCopy(script) {
  writeFileSync(join(COPY, 'probe.mjs'), script);
  const run = spawnSync(process.execPath, ['probe.mjs'], { cwd: COPY, encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

test('the declaration is all bench:web, the answer, the labels and the block sets need', () => {
  const facts = inCopy(`
    const { BROWSER_NAMES } = await import('./src/places.mjs');
    const { parseOptions } = await import('./node/bench-web-options.mjs');
    const { answerPlan } = await import('./node/answer.mjs');
    const { places } = await import('./src/places.mjs');
    const { engineLabel } = await import('./src/engines.mjs');
    const { blockPeers } = await import('./src/workloads/tuples/runner.mjs');
    const plan = answerPlan({ runtimes: ['node@24'], browsers: ['toybrowser'] }, await places());
    console.log(JSON.stringify({
      browsers: BROWSER_NAMES,
      all: parseOptions(['--browser', 'all']).browsers,
      toy: parseOptions(['--browser', 'toybrowser']).browsers,
      plan: plan.filter((run) => run.place === 'toybrowser').map((run) => [run.script, run.args[1], run.firstLook, run.suffix ?? '']),
      label: engineLabel({ name: 'toybrowser', version: '1.0' }),
      peers: blockPeers('toybrowser'),
      chromiumPeers: blockPeers('chromium'),
    }));`);
  assert.deepEqual(facts.browsers, ['chromium', 'firefox', 'webkit', 'toybrowser']);
  assert.deepEqual(facts.all, facts.browsers);
  assert.deepEqual(facts.toy, ['toybrowser']);
  assert.deepEqual(facts.plan, [
    // Its declared minutes times each workload's answerWeight in a browser.
    ['node/bench-web.mjs', 'toybrowser', 1, ''],
    ['node/bench-web.mjs', 'toybrowser', 0.9, ''],
    ['node/bench-web.mjs', 'toybrowser', 1.35, ''],
    // The answer's first browser: the tuples' start-up run of the whole cost.
    ['node/bench-web.mjs', 'toybrowser', WHOLE_COST_MINUTES.startup, '-startup'],
  ]);
  assert.equal(facts.label, 'ToyBrowser 1.0 (V8)');
  // A place contenders.json does not know starts from every place's libraries.
  assert.ok(facts.chromiumPeers.every((peer) => facts.peers.includes(peer)));
  assert.ok(facts.peers.length > facts.chromiumPeers.length);
});

test("bench:web's help and setup's Debian packages list it", () => {
  const help = spawnSync(process.execPath, ['node/bench-web.mjs', '--help'], { cwd: COPY, encoding: 'utf8' });
  assert.equal(help.status, 0, help.stderr);
  assert.match(
    help.stdout,
    /^ {2}ToyBrowser \(\/usr\/bin\/chromium\): playwright-core [\d.]+ \(CDP\); GC: window\.gc/m,
  );
  assert.match(help.stdout, /--browser NAME {7}chromium, firefox, webkit, toybrowser, all/);
  // The lines setup.sh --browsers reads its browser packages from.
  const setup = spawnSync(
    'bash',
    ['-c', `sed -n '/^if \\[ "\\$WANT_BROWSERS" -eq 1 \\]; then/,/^fi/p' scripts/setup.sh`],
    {
      cwd: COPY,
      encoding: 'utf8',
    },
  );
  const packages = spawnSync(
    'bash',
    ['-c', `ROOT=${COPY}; PACKAGES=(); WANT_BROWSERS=1\n${setup.stdout}\nprintf '%s\\n' "\${PACKAGES[@]}"`],
    {
      cwd: COPY,
      encoding: 'utf8',
    },
  );
  assert.equal(packages.status, 0, packages.stderr);
  assert.deepEqual(packages.stdout.trim().split('\n'), [
    'chromium',
    'firefox-esr',
    'webkit2gtk-driver',
    'libwebkit2gtk-4.1-0',
    'xvfb',
    'chromium',
  ]);
});
