// rapidjson: C++ RapidJSON (native and wasm) <-> JSON.parse/JSON.stringify.
// Its tuple bytes are JSON.stringify's text exactly, at every conformance step
// and at a few larger sizes, and JSON.parse reads them back bit for bit; its
// message bytes are the JSON baseline's. See conformance-support.mjs.
import assert from 'node:assert/strict';

import { loadWasmCodec } from '../../node/load-wasm.mjs';
import { createJsonMessagePath } from '../../src/workloads/messages/json-path.mjs';
import { datasetAtSteps } from '../../src/workloads/tuples/block.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { MESSAGE_NAMES, makeMessage, messageDifference } from '../../src/workloads/messages/records.mjs';
import {
  assertFormatConformance,
  conformanceSteps,
  missingWasm,
  wasmImplementation,
} from './conformance-support.mjs';
import { assertSameItems, testWithBuild } from './wasm-helpers.mjs';

const CODEC = 'rapidjson';

const engineJson = {
  name: 'JSON.stringify/JSON.parse',
  write: (items) => new TextEncoder().encode(JSON.stringify({ items })),
  read: (bytes) => JSON.parse(new TextDecoder().decode(bytes)).items,
};

/** Fails with the first differing place of two texts. */
function assertSameText(text, expected, label) {
  if (text === expected) return;
  let at = 0;
  while (text[at] === expected[at]) at += 1;
  assert.fail(
    `${label}: C++ text differs at character ${at}: ` +
      `${JSON.stringify(text.slice(at - 20, at + 20))} vs ${JSON.stringify(expected.slice(at - 20, at + 20))}`,
  );
}

testWithBuild(
  'rapidjson: bytes written by C++ (native, wasm) and JSON.stringify parse alike in C++ and JSON.parse',
  missingWasm,
  { timeout: 300_000 },
  async (t) => {
    await assertFormatConformance(t, CODEC, [engineJson]);
  },
);

testWithBuild(
  'rapidjson: C++ writes the very text JSON.stringify writes, up to ~10 MB, and JSON.parse reads it back',
  missingWasm,
  { timeout: 300_000 },
  async () => {
    const cpp = await wasmImplementation(CODEC);
    const decoder = new TextDecoder();
    // Every step up to 1 MB, then about 3, 5 and 10 MB.
    const steps = [...conformanceSteps(), ...selectSteps({ minMB: 2.5, maxMB: 11, perDecade: 3 })];
    assert.ok(steps.at(-1).jsonMB > 9, `the largest step is ${steps.at(-1).jsonMB} MB`);
    for (const { step, items } of datasetAtSteps(steps)) {
      const label = `step ${step.index} (${step.count} items)`;
      const text = decoder.decode(cpp.write(items));
      assertSameText(text, JSON.stringify({ items }), label);
      assertSameItems(JSON.parse(text).items, items, `${label}: JSON.parse of the C++ text`);
    }
  },
);

testWithBuild(
  'rapidjson: message bytes are the JSON baseline text, and each side reads the other',
  missingWasm,
  {},
  async () => {
    const codec = await loadWasmCodec(CODEC, { workload: 'messages' });
    const baseline = createJsonMessagePath();
    for (const name of MESSAGE_NAMES) {
      const record = makeMessage(name);
      const expected = new TextEncoder().encode(baseline.forRecord(name).encode(record));
      const bytes = codec.messages.encode('val', name, record);
      assertSameText(new TextDecoder().decode(bytes), new TextDecoder().decode(expected), `record "${name}"`);
      const fromBaseline = codec.messages.decode('val', name, expected);
      assert.equal(messageDifference(fromBaseline, record), null, `record "${name}" read by C++`);
      const fromCpp = baseline.forRecord(name).decode(new TextDecoder().decode(bytes));
      assert.equal(messageDifference(fromCpp, record), null, `record "${name}" read by the baseline`);
    }
  },
);
