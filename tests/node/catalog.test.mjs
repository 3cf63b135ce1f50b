// src/catalog.mjs: what the build's catalog declares, read the same way by
// every runner, the page and the report; and the modules that must stay
// browser-safe and free of the wasm layer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  OPTION_BOUNDS,
  WORKLOAD_NAMES,
  checkBounds,
  codecNames,
  codecsOf,
  moduleOf,
  modulesOf,
  pathLabel,
  expandRecordSets,
  recordSetsOf,
  recordsOf,
  resultsKind,
  strategiesOf,
} from '../../src/catalog.mjs';

const module = (name) => ({
  glue: `${name}.cjs`,
  wasm: `${name}.wasm`,
  wasmBytes: 10,
  wasmGzipBytes: 5,
  glueBytes: 20,
});
const INFO = {
  emscripten: '3.1.6',
  catalog: {
    workloads: ['tuples', 'messages'],
    codecs: [
      { name: 'raw', workloads: ['tuples'], modules: { tuples: module('wcb_raw') } },
      {
        name: 'json',
        workloads: ['tuples', 'messages'],
        modules: { tuples: module('wcb_json'), messages: module('wcb_json_messages') },
      },
    ],
  },
};

test('codecs, modules and file names come from the build catalog', () => {
  assert.deepEqual(codecNames(INFO), ['raw', 'json']);
  assert.deepEqual(codecsOf(INFO, 'tuples'), ['raw', 'json']);
  assert.deepEqual(codecsOf(INFO, 'messages'), ['json']);
  assert.equal(moduleOf(INFO, 'json', 'messages').glue, 'wcb_json_messages.cjs');
  assert.equal(moduleOf(INFO, 'raw', 'messages'), undefined);
  assert.deepEqual(
    modulesOf(INFO).map(({ codec, workload }) => `${codec}:${workload}`),
    ['raw:tuples', 'json:tuples', 'json:messages'],
  );
  // A native catalog.json is the catalog itself, without modules.
  assert.deepEqual(codecsOf({ workloads: ['tuples'], codecs: [{ name: 'raw', workloads: ['tuples'] }] }), [
    'raw',
  ]);
  assert.throws(() => codecsOf({ emscripten: '3.1.6' }), /no catalog/);
});

test('workloads, strategies, records, bounds and labels', () => {
  assert.deepEqual(WORKLOAD_NAMES.slice(0, 2), ['tuples', 'messages']);
  assert.deepEqual(strategiesOf('tuples'), ['val', 'embind', 'typed']);
  assert.deepEqual(strategiesOf('tuples', { optional: true }), ['val', 'embind', 'typed', 'columnar']);
  assert.deepEqual(strategiesOf('messages'), ['val', 'embind', 'tagged']);
  assert.equal(recordsOf('messages').length, 8);
  assert.deepEqual(recordsOf('messages', { optional: true }).slice(8), ['object1', 'object2', 'object3']);
  assert.deepEqual(recordsOf('tuples'), []);
  assert.deepEqual(recordSetsOf('tuples'), {});
  // A set expands in place; a record it holds already is not repeated; an unknown name is kept.
  assert.deepEqual(expandRecordSets('messages', ['double', 'small-values', 'int', 'nope']), [
    'double',
    ...recordSetsOf('messages')['small-values'],
    'nope',
  ]);
  assert.equal(resultsKind('tuples'), undefined);
  assert.equal(resultsKind('messages'), 'messages');
  assert.deepEqual(checkBounds(60000, OPTION_BOUNDS.minRepMs), {
    ok: false,
    accepted: 'a number > 0 and <= 10000',
  });
  assert.equal(checkBounds(3, OPTION_BOUNDS.repetitions).ok, true);
  assert.equal(checkBounds(2.5, OPTION_BOUNDS.repetitions).ok, false);
  assert.equal(pathLabel({ codec: 'msgpack', impl: 'cpp', interop: 'typed' }), 'msgpack/typed');
  // A native row: the same label in the console, the page and the report.
  assert.equal(pathLabel({ place: 'native', codec: 'raw', impl: 'cpp', interop: 'none' }), 'raw/native');
  assert.equal(
    pathLabel({ codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse' }),
    'json (js)',
  );
  assert.equal(
    pathLabel({ codec: 'msgpack', impl: 'js', interop: 'js', library: 'msgpackr 1.2.3', variant: 'records' }),
    'msgpack (msgpackr) [records]',
  );
});

test('the catalog and the formatters import neither Node nor the wasm layer', () => {
  for (const file of [
    'src/catalog.mjs',
    'src/workload-entries.mjs',
    'src/path-labels.mjs',
    'src/harness/format.mjs',
    'src/workloads/index.mjs',
    'src/workloads/tuples/rows.mjs',
    'src/workloads/messages/rows.mjs',
  ]) {
    const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
    for (const from of imports) {
      assert.ok(!from.startsWith('node:'), `${file} imports ${from}`);
      assert.ok(!/wasm-codec|paths\.mjs|load-wasm/.test(from), `${file} imports ${from}`);
    }
  }
});
