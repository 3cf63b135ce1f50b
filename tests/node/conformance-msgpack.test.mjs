// msgpack: C++ msgpack-cxx (native and wasm) <-> msgpackr (plain) and
// @msgpack/msgpack. See conformance-support.mjs. msgpackr's records variant
// is left out: only msgpackr reads its record extension.
import assert from 'node:assert/strict';
import { FLOAT32_OPTIONS, Packr } from 'msgpackr';

import {
  assertFormatConformance,
  missingWasm,
  peerImplementation,
  wasmImplementation,
} from './conformance-support.mjs';
import { assertSameItems, testWithBuild } from './wasm-helpers.mjs';

const JS_LIBRARIES = ['msgpackr', '@msgpack/msgpack'];

testWithBuild(
  'msgpack bytes of C++ (native, wasm), msgpackr and @msgpack/msgpack decode alike everywhere',
  missingWasm,
  { timeout: 300_000 },
  async (t) => {
    await assertFormatConformance(t, 'msgpack', await Promise.all(JS_LIBRARIES.map(peerImplementation)));
  },
);

testWithBuild(
  'C++ reads the number encodings JS libraries choose: integers for integral doubles, float32 when exact',
  missingWasm,
  {},
  async () => {
    const cpp = await wasmImplementation('msgpack');
    // Values a float32 holds exactly, integral doubles (written as integers:
    // positive and negative fixint, uint8/16/32, int8/16/32), and ordinary
    // doubles.
    const items = [
      { x: 1, y: 0.5, z: -2.25 },
      { x: -7, y: 5, z: -3 },
      { x: 200, y: 300, z: -200 },
      { x: -40000, y: 70000, z: -70000 },
      { x: 2147483647, y: 4294967295, z: -2147483648 },
      { x: -2147483648, y: 0.1, z: 4.104000000000001 },
      { x: 0, y: 0, z: 1 / 3 },
    ];
    const float32Packer = new Packr({ useRecords: false, useFloat32: FLOAT32_OPTIONS.ALWAYS });
    const bytes = float32Packer.pack({ items: items.slice(0, 5) });
    // The encoding really uses float32 (0xca) and no float64 (0xcb) for these values.
    assert.ok(bytes.includes(0xca), 'msgpackr wrote float32 values');
    assert.ok(!bytes.includes(0xcb), 'msgpackr wrote no float64 value');
    assertSameItems(cpp.read(bytes), items.slice(0, 5), 'msgpackr float32 -> C++');

    // Integral doubles beyond 32 bits: @msgpack/msgpack writes them as
    // (u)int64 (as C++ does), msgpackr as float64; C++ reads both. (The other
    // way, msgpackr reads a uint64 as a BigInt by default: a msgpackr choice
    // the dataset never meets, its integral values being small.)
    const wide = [{ x: 3, y: 1.5e10, z: -1.5e10 }];
    for (const name of JS_LIBRARIES) {
      const library = await peerImplementation(name);
      assertSameItems(cpp.read(library.write(items)), items, `${library.name} -> C++`);
      assertSameItems(library.read(cpp.write(items)), items, `C++ -> ${library.name}`);
      assertSameItems(cpp.read(library.write(wide)), wide, `${library.name} -> C++, 64-bit integral doubles`);
    }
  },
);
