// protobuf: C++ protobuf-lite (native and wasm) <-> protobufjs, pbf,
// google-protobuf. See conformance-support.mjs.
import { assertFormatConformance, missingWasm, peerImplementation } from './conformance-support.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const JS_LIBRARIES = ['protobufjs', 'pbf', 'google-protobuf'];

testWithBuild(
  'protobuf bytes of C++ (native, wasm), protobufjs, pbf and google-protobuf decode alike everywhere',
  missingWasm,
  { timeout: 300_000 },
  async (t) => {
    await assertFormatConformance(t, 'protobuf', await Promise.all(JS_LIBRARIES.map(peerImplementation)));
  },
);
