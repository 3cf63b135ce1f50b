// JSON: C++ nlohmann_json (native and wasm) <-> JSON.parse/JSON.stringify,
// doubles equal bit for bit. See conformance-support.mjs.
import assert from 'node:assert/strict';

import {
  assertFormatConformance,
  conformanceSteps,
  missingWasm,
  wasmImplementation,
} from './conformance-support.mjs';
import { datasetAtSteps } from '../../src/workloads/tuples/block.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

// The JSON baseline of the benchmark, as a writer and a reader of bytes.
const engineJson = {
  name: 'JSON.stringify/JSON.parse',
  write: (items) => new TextEncoder().encode(JSON.stringify({ items })),
  read: (bytes) => JSON.parse(new TextDecoder().decode(bytes)).items,
};

testWithBuild(
  'JSON written by C++ (native, wasm) and JSON.stringify parses alike in C++ and JSON.parse',
  missingWasm,
  { timeout: 300_000 },
  async (t) => {
    await assertFormatConformance(t, 'json', [engineJson]);
  },
);

testWithBuild(
  'C++ writes the very text JSON.stringify writes (shortest round-trip doubles)',
  missingWasm,
  { timeout: 120_000 },
  async () => {
    const cpp = await wasmImplementation('json');
    const decoder = new TextDecoder();
    for (const { step, items } of datasetAtSteps(conformanceSteps())) {
      const text = decoder.decode(cpp.write(items));
      const expected = JSON.stringify({ items });
      if (text !== expected) {
        let at = 0;
        while (text[at] === expected[at]) at += 1;
        assert.fail(
          `step ${step.index}: C++ text differs at character ${at}: ` +
            `${JSON.stringify(text.slice(at - 20, at + 20))} vs ${JSON.stringify(expected.slice(at - 20, at + 20))}`,
        );
      }
    }
  },
);
