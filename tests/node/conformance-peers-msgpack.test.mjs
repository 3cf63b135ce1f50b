// msgpack: C++ msgpack-cxx (native and wasm) <-> notepack.io, msgpack5 and
// msgpack-js. Tuples at every growth step up to ~1 MB
// (conformance-support.mjs), records of the messages workload, and the
// small documents data sets.
//
// msgpack-js predates str8, bin and the extension types: it takes part in
// the records and documents where it writes and reads today's msgpack, and
// where it does not, its failure is asserted (below). In Node, notepack.io
// and msgpack-js read only Buffers: their adapters hand them a Buffer view
// of other bytes.
import assert from 'node:assert/strict';

import { makeDataset } from '../../src/workloads/documents/datasets.mjs';
import { verifyDocument } from '../../src/workloads/documents/verify.mjs';
import { MESSAGE_NAMES } from '../../src/workloads/messages/records.mjs';
import { assertFormatConformance, missingWasm, peerImplementation } from './conformance-support.mjs';
import {
  SMALL_DATASETS,
  checkDocumentConformance,
  checkMessageConformance,
  cppDocuments,
  cppMessages,
  missingModule,
  peerDocuments,
  peerMessages,
} from './conformance-peers-support.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const JS_LIBRARIES = ['notepack.io', 'msgpack5', 'msgpack-js'];
const MODERN = ['notepack.io', 'msgpack5'];

testWithBuild(
  'msgpack tuples of C++ (native, wasm), notepack.io, msgpack5 and msgpack-js decode alike everywhere',
  missingWasm,
  { timeout: 300_000 },
  async (t) => {
    await assertFormatConformance(t, 'msgpack', await Promise.all(JS_LIBRARIES.map(peerImplementation)));
  },
);

testWithBuild(
  'msgpack records of C++ (wasm), notepack.io and msgpack5 decode alike everywhere',
  missingModule('msgpack', 'messages'),
  {},
  async () => {
    const implementations = [await cppMessages('msgpack'), ...(await Promise.all(MODERN.map(peerMessages)))];
    const checks = checkMessageConformance('msgpack', MESSAGE_NAMES, implementations);
    assert.equal(checks, MESSAGE_NAMES.length * implementations.length ** 2);
  },
);

// msgpack-js refuses `record` (a Date) and writes binary data as its own
// 0xd8 type (today's fixext 16): C++ refuses that, and msgpack-js reads C++'s
// bin 8 (0xc4) as something else than bytes. Every other record is today's msgpack.
const MSGPACK_JS_RECORDS = MESSAGE_NAMES.filter((name) => name !== 'record' && name !== 'binary');

testWithBuild(
  'msgpack records without a Date or bytes: C++ (wasm) and msgpack-js decode alike',
  missingModule('msgpack', 'messages'),
  {},
  async () => {
    const implementations = [await cppMessages('msgpack'), await peerMessages('msgpack-js')];
    const checks = checkMessageConformance('msgpack', MSGPACK_JS_RECORDS, implementations);
    assert.equal(checks, MSGPACK_JS_RECORDS.length * 4);
  },
);

testWithBuild(
  'msgpack binary data: msgpack-js writes its own 0xd8 type, which C++ refuses with a msgpack error',
  missingModule('msgpack', 'messages'),
  {},
  async () => {
    const cpp = await cppMessages('msgpack');
    const msgpackJs = await peerMessages('msgpack-js');
    const bytes = msgpackJs.write({ name: 'b', data: new Uint8Array([1, 2, 3]) }, 'binary');
    assert.ok(bytes.includes(0xd8), 'msgpack-js wrote its 0xd8 type');
    assert.throws(() => cpp.read(bytes, 'binary'), /^Error: msgpack: /);
  },
);

// msgpack-js reads 0xd9 as its own 32-bit-length raw, not as str8 (today's
// type for a 32-255-byte string, which the others write): of the small data
// sets only random-strings has such strings, and there msgpack-js is a
// writer only; its failure to read the others is asserted.
const STR8_DATASET = 'random-strings';

testWithBuild(
  'msgpack documents of C++ (wasm), notepack.io, msgpack5 and msgpack-js decode alike everywhere',
  missingModule('msgpack', 'documents'),
  { timeout: 120_000 },
  async () => {
    const implementations = [
      await cppDocuments('msgpack'),
      ...(await Promise.all(JS_LIBRARIES.map(peerDocuments))),
    ];
    const datasets = SMALL_DATASETS.filter((id) => id !== STR8_DATASET);
    const checks = checkDocumentConformance('msgpack', datasets, implementations);
    assert.equal(checks, datasets.length * implementations.length ** 2);

    const modern = implementations.slice(0, 3);
    const msgpackJs = implementations[3];
    assert.equal(checkDocumentConformance('msgpack', [STR8_DATASET], modern), 9);
    const value = makeDataset(STR8_DATASET);
    const written = msgpackJs.write(value, STR8_DATASET);
    for (const reader of implementations) {
      verifyDocument(value, reader.read(written, STR8_DATASET), { by: `msgpack-js -> ${reader.name}` });
    }
    for (const writer of modern) {
      const bytes = writer.write(value, STR8_DATASET);
      assert.ok(bytes.includes(0xd9), `${writer.name} writes str8`);
      assert.throws(
        () => msgpackJs.read(bytes, STR8_DATASET),
        /trailing bytes/,
        `${writer.name} -> msgpack-js`,
      );
    }
  },
);
