// CBOR: the cbor package (node-cbor) <-> C++ (the documents codec's own CBOR
// reader and writer, in wasm) on the small documents data sets, and <-> cbor-x (the other
// JS library of the format) on tuples and records: C++ has no CBOR codec for
// those workloads.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MESSAGE_NAMES } from '../../src/workloads/messages/records.mjs';
import { checkConformance, conformanceSteps, peerImplementation } from './conformance-support.mjs';
import {
  SMALL_DATASETS,
  checkDocumentConformance,
  checkMessageConformance,
  cppDocuments,
  missingModule,
  peerDocuments,
  peerMessages,
} from './conformance-peers-support.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

testWithBuild(
  'cbor documents of C++ (wasm), cbor and cbor-x decode alike everywhere',
  missingModule('cbor', 'documents'),
  { timeout: 120_000 },
  async () => {
    const implementations = [
      await cppDocuments('cbor'),
      await peerDocuments('cbor'),
      await peerDocuments('cbor-x'),
    ];
    const checks = checkDocumentConformance('cbor', SMALL_DATASETS, implementations);
    assert.equal(checks, SMALL_DATASETS.length * 9);
  },
);

test(
  'cbor tuples of cbor and cbor-x decode alike in both, at every growth step up to ~1 MB',
  { timeout: 300_000 },
  async () => {
    const implementations = [await peerImplementation('cbor'), await peerImplementation('cbor-x')];
    const steps = conformanceSteps();
    const checks = checkConformance({
      format: 'cbor',
      steps,
      writers: implementations,
      readers: implementations,
      native: null,
    });
    assert.equal(checks, steps.length * 4);
  },
);

test('cbor records of cbor and cbor-x decode alike in both', async () => {
  const implementations = [await peerMessages('cbor'), await peerMessages('cbor-x')];
  assert.equal(checkMessageConformance('cbor', MESSAGE_NAMES, implementations), MESSAGE_NAMES.length * 4);
});
