// What a default block holds: the committed contenders (contenders.json)
// read by the runners (src/harness/fastest-sets.mjs), and the rule that
// writes them (scripts/contenders.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { committedSets, contenderJobs } from '../../src/harness/fastest-sets.mjs';
import { ADDON_PLACE } from '../../src/catalog.mjs';
import { CPP_FACTOR, MAX_CPP, cppOf } from '../../scripts/contenders.mjs';
import { registerWorkloadFolders } from '../../src/workload-folders.mjs';

await registerWorkloadFolders();

const wasm = (codec) => ({ codec, impl: 'cpp', interop: 'tagged' });
const addon = (codec) => ({ ...wasm(codec), place: ADDON_PLACE });
const library = { codec: 'msgpack', impl: 'js', library: 'msgpackr', interop: 'objects' };

test('a place with contenders pairs them alone, unless the paths were named; a place without pairs every path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wcb-contenders-'));
  const file = join(dir, 'contenders.json');
  const libraries = { node: { from: 'a sweep', encode: ['msgpackr'], decode: ['msgpackr'] } };
  const cpp = { node: { from: 'a block run', paths: ['cbor/tagged', 'msgpack/tagged (addon)'] } };
  writeFileSync(file, JSON.stringify({ libraries, cpp }));
  const sets = committedSets(pathToFileURL(file));
  assert.deepEqual(sets.contenders('node', {}), ['cbor/tagged', 'msgpack/tagged (addon)']);
  assert.equal(sets.contenders('node', { pathsNamed: true }), undefined);
  assert.equal(sets.contenders('chromium', {}), undefined);
  assert.deepEqual(sets.blockPeers('node'), ['msgpackr']);

  const jobs = [wasm('cbor'), wasm('json'), addon('msgpack'), addon('cbor'), library].map((subject) => ({
    subject,
  }));
  const kept = contenderJobs(jobs, sets.contenders('node', {})).map(({ subject }) => subject);
  assert.deepEqual(kept, [wasm('cbor'), addon('msgpack'), library]);
  assert.equal(contenderJobs(jobs, undefined), jobs);
});

test('the C++ contenders: within the factor of the best of their place at some unit, at most a few each', () => {
  // ms per payload on two data sets, two processes each (a block run).
  const times = {
    a: {
      msgpack: [1, 1.1],
      cbor: [1.2, 1.2],
      json: [3, 3],
      bson: [1.25, 1.28],
      flatbuffers: [2, 2],
      raw: [0.1, 0.1],
    },
    b: {
      msgpack: [2, 2],
      cbor: [2, 2],
      json: [1.9, 1.9],
      bson: [5, 5],
      flatbuffers: [2.4, 2.5],
      raw: [0.1, 0.1],
    },
  };
  const rows = [];
  for (const [dataset, paths] of Object.entries(times)) {
    for (const [codec, values] of Object.entries(paths)) {
      for (const [process, median] of values.entries()) {
        const stats = { median };
        rows.push({ ...wasm(codec), dataset, process, status: 'ok', encode: stats, decode: stats });
        rows.push({ ...addon(codec), dataset, process, status: 'ok', encode: stats, decode: { median: 9 } });
      }
    }
  }
  rows.push({ ...wasm('protobuf'), dataset: 'a', status: 'failed', error: 'x' });
  const document = {
    run: { workload: 'documents', build: { modules: [{ codec: 'raw', floor: true }] } },
    rows,
  };
  assert.ok(CPP_FACTOR < 1.5 && MAX_CPP === 3);
  // msgpack is the best of a and within the factor at b, json the best of b
  // alone; then cbor (1.05 at b) before bson (1.2 at a) and flatbuffers (1.29
  // at b), cut at MAX_CPP; protobuf failed. raw is a floor: no contender,
  // but its paths follow them, the reference the others' phases are read against.
  const paths = cppOf(document);
  assert.deepEqual(
    paths.filter((path) => !path.endsWith(' (addon)')),
    ['msgpack/tagged', 'json/tagged', 'cbor/tagged', 'raw/tagged'],
  );
  assert.equal(paths.filter((path) => path.endsWith(' (addon)')).length, 4);
  assert.deepEqual(paths.slice(-2), ['raw/tagged', 'raw/tagged (addon)']);
});
