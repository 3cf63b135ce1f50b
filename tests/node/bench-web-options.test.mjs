// bench:web's options without a browser: the defaults a plain
// `npm run bench:web` runs with (it once crashed on the peer list).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { BROWSER_PEERS, parseOptions } from '../../node/bench-web-options.mjs';
import { peerNames } from '../../src/harness/peers.mjs';

const buildInfo = {
  catalog: {
    workloads: ['tuples', 'messages'],
    codecs: [
      { name: 'raw', workloads: ['tuples'] },
      { name: 'json', workloads: ['tuples', 'messages'], jsonText: true },
    ],
  },
};

test('without --peers every library that runs in a browser takes part, for each workload', () => {
  assert.ok(BROWSER_PEERS.length > 0);
  assert.deepEqual(BROWSER_PEERS, peerNames('browser'));
  for (const workload of ['tuples', 'messages']) {
    const options = parseOptions(['--workload', workload], { buildInfo });
    assert.deepEqual(options.peers, BROWSER_PEERS, workload);
  }
});

test('--peers picks libraries, --no-peers none', () => {
  assert.deepEqual(parseOptions(['--peers', 'pbf'], { buildInfo }).peers, ['pbf']);
  assert.deepEqual(parseOptions(['--no-peers'], { buildInfo }).peers, []);
  assert.deepEqual(parseOptions([], { buildInfo }).codecs, ['raw', 'json']);
});
