// flatbuffers: C++ flatbuffers (native and wasm) <-> the flatbuffers JS
// runtime. See conformance-support.mjs.
import { assertFormatConformance, missingWasm, peerImplementation } from './conformance-support.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

testWithBuild(
  'flatbuffers bytes of C++ (native, wasm) and flatbuffers JS decode alike in both',
  missingWasm,
  { timeout: 300_000 },
  async (t) => {
    await assertFormatConformance(t, 'flatbuffers', [await peerImplementation('flatbuffers')]);
  },
);
