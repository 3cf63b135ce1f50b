// Avro: avro-js (the Apache project's library) <-> avsc, with the same
// schemas (src/harness/peers/avsc.mjs): the same bytes for every tuple
// growth step up to ~1 MB and every record, and each reads the other's. No
// C++ Avro codec exists here.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { datasetAtSteps } from '../../src/workloads/tuples/block.mjs';
import { MESSAGE_NAMES, makeMessage } from '../../src/workloads/messages/records.mjs';
import { checkConformance, conformanceSteps, peerImplementation } from './conformance-support.mjs';
import { checkMessageConformance, peerMessages } from './conformance-peers-support.mjs';

test(
  'avro tuples of avro-js and avsc: the same bytes, and each reads the other',
  { timeout: 300_000 },
  async () => {
    const implementations = [await peerImplementation('avro-js'), await peerImplementation('avsc')];
    const steps = conformanceSteps();
    for (const { step, items } of datasetAtSteps(steps)) {
      const [avroJs, avsc] = implementations.map((implementation) => implementation.write(items));
      assert.deepEqual(avroJs, avsc, `step ${step.index}: avro-js and avsc bytes`);
    }
    const checks = checkConformance({
      format: 'avro',
      steps,
      writers: implementations,
      readers: implementations,
      native: null,
    });
    assert.equal(checks, steps.length * 4);
  },
);

test('avro records of avro-js and avsc: the same bytes, and each reads the other', async () => {
  const implementations = [await peerMessages('avro-js'), await peerMessages('avsc')];
  for (const name of MESSAGE_NAMES) {
    const [avroJs, avsc] = implementations.map((implementation) =>
      implementation.write(makeMessage(name), name),
    );
    assert.deepEqual(
      new Uint8Array(avroJs),
      new Uint8Array(avsc),
      `record "${name}": avro-js and avsc bytes`,
    );
  }
  assert.equal(checkMessageConformance('avro', MESSAGE_NAMES, implementations), MESSAGE_NAMES.length * 4);
});
