// flatbuffers: C++ flatbuffers (native and wasm) <-> the flatbuffers JS
// runtime. See conformance-support.mjs.
import { test } from 'node:test';

import { assertFormatConformance, missingWasm, peerImplementation } from './conformance-support.mjs';

test(
  'flatbuffers bytes of C++ (native, wasm) and flatbuffers JS decode alike in both',
  { skip: missingWasm, timeout: 300_000 },
  async (t) => {
    await assertFormatConformance(t, 'flatbuffers', [await peerImplementation('flatbuffers')]);
  },
);
