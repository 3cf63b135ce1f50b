// JSON text as JSON.parse reads it, through every codec whose bytes are JSON
// text (the catalog's jsonText: json, rapidjson), in every workload and
// every strategy that decodes, in wasm (embind and lean modules) and in the
// Node-API addon: a repeated key keeps its last value at its first place,
// long numbers are JSON.parse's doubles, and anything but whitespace after
// the value is an Error naming the codec and the offset of its first byte.
// The expected values are JSON.parse's own, computed here.
import assert from 'node:assert/strict';
import { describe } from 'node:test';

import { addonAvailable, loadAddon } from '../../src/addon/load-addon.mjs';
import { listWasmCodecs, loadLeanCodec, loadWasmCodec, readWasmBuildInfo } from '../../node/load-wasm.mjs';
import { isJsonText } from '../../src/catalog.mjs';
import { ADDON_STRATEGIES, createAddonCodec } from '../../src/harness/addon-codec.mjs';
import { STRATEGIES } from '../../src/harness/wasm-codec.mjs';
import { itemsFromColumns } from '../../src/harness/wasm-items.mjs';
import {
  ADDON_DOCUMENT_STRATEGIES,
  createAddonDocumentCodec,
  createAddonDocumentPath,
} from '../../src/workloads/documents/addon-documents.mjs';
import {
  DOCUMENT_STRATEGIES,
  createWasmDocumentPath,
} from '../../src/workloads/documents/wasm-documents.mjs';
import {
  ADDON_MESSAGE_STRATEGIES,
  createAddonMessageCodec,
} from '../../src/workloads/messages/addon-messages.mjs';
import { testWithBuild } from './wasm-helpers.mjs';

const utf8 = (text) => new TextEncoder().encode(text);
const zeros = (count) => '0'.repeat(count);

// Texts the C++ parsers once read otherwise than JSON.parse, or refused.
const REPEATED_KEYS = [
  '{"a":1,"b":2,"a":3}',
  '{"x":{"a":1,"a":[2,{"k":1,"k":2}]},"y":0,"x":{"b":1}}',
  '[{"k":1,"j":0,"k":2},{"k":[1],"k":[]}]',
];
const LONG_NUMBERS = [
  `-0.${zeros(77)}1`,
  `1${zeros(300)}`,
  `17976931348623157${zeros(292)}`,
  `0.${zeros(400)}1e400`,
  `1${zeros(400)}e-400`,
  '0e400',
  '-1e-400',
  '2.4703282292062328e-324',
  '2.4703282292062327e-324',
  '1.7976931348623158e308',
  '123456789012345678901234567890',
  '1.00000000000000011102230246251565404236316680908203125',
  '1.00000000000000011102230246251565404236316680908203126',
  `1.${zeros(40)}`,
  '1234567890123456789012345.5',
  `0.${zeros(320)}4940656458412465441765687928682213723651`,
  '-0',
];
// Text after the value, and the offset of its first byte.
const AFTER_VALUE = [
  ['123\u0000', 3, 'a NUL byte'],
  ['123 \t\u0000 456', 5, 'a NUL byte'],
  ['[1] x', 4, "'x'"],
  ['{"a":1}  {"b":2}', 9, "'{'"],
  ['"a" "b"', 4, `'"'`],
];
const afterValue = (codec, thing, offset, what = 'input') =>
  `${codec}: ${thing} at byte ${offset} of the ${what}, where only whitespace may follow the value`;

// ---- what is built ----

let wasmCodecs = [];
let missingWasm = false;
try {
  const info = readWasmBuildInfo();
  wasmCodecs = listWasmCodecs(undefined, 'documents').filter((name) => isJsonText(info, name));
  if (wasmCodecs.length === 0) missingWasm = 'the wasm build has no codec of JSON text';
} catch (error) {
  missingWasm = error.message;
}
const missingAddon = ['tuples', 'messages', 'documents'].every((workload) => addonAvailable(workload))
  ? false
  : 'the Node-API addon with every workload is not built (scripts/build-native.sh native-release)';

// ---- each place's decoders of one codec, by workload ----
// Each decoder: { label, decode(bytes) -> value } (items for tuples).

async function wasmDecoders(name) {
  const tuples = await loadWasmCodec(name);
  const lean = await loadLeanCodec(name);
  const messages = (await loadWasmCodec(name, { workload: 'messages' })).messages;
  const documents = await loadWasmCodec(name, { workload: 'documents' });
  return {
    tuples: [
      ...STRATEGIES.map((strategy) => ({
        label: `wasm ${name}/${strategy}`,
        decode: (bytes) => tuples.decode(strategy, bytes).items,
      })),
      {
        label: `wasm ${name}/columnar`,
        decode: (bytes) => itemsFromColumns(tuples.decodeColumns(bytes).columns),
      },
      ...(lean
        ? [{ label: `wasm ${name}/typed (lean)`, decode: (bytes) => lean.decode('typed', bytes).items }]
        : []),
    ],
    messages: messages.strategies.map((strategy) => ({
      label: `wasm ${name}/${strategy}`,
      decode: (record, bytes) => messages.decode(strategy, record, bytes),
      supports: (record) => messages.supports(strategy, record),
    })),
    documents: DOCUMENT_STRATEGIES.map((strategy) => {
      const path = createWasmDocumentPath(documents, strategy);
      return { label: `wasm ${name}/${strategy}`, decode: documentDecode(path) };
    }),
  };
}

function addonDecoders(name) {
  const addon = loadAddon();
  const tuples = createAddonCodec(addon, name);
  const messages = createAddonMessageCodec(addon, name).messages;
  const documents = createAddonDocumentCodec(addon, name);
  return {
    tuples: [
      ...ADDON_STRATEGIES.map((strategy) => ({
        label: `addon ${name}/${strategy}`,
        decode: (bytes) => tuples.decode(strategy, bytes).items,
      })),
      {
        label: `addon ${name}/columnar`,
        decode: (bytes) => itemsFromColumns(tuples.decodeColumns(bytes).columns),
      },
    ],
    messages: ADDON_MESSAGE_STRATEGIES.map((strategy) => ({
      label: `addon ${name}/${strategy}`,
      decode: (record, bytes) => messages.decode(strategy, record, bytes),
      supports: () => true,
    })),
    documents: ADDON_DOCUMENT_STRATEGIES.map((strategy) => {
      const path = createAddonDocumentPath(documents, strategy);
      return { label: `addon ${name}/${strategy}`, decode: documentDecode(path) };
    }),
  };
}

const documentDecode = (path) => (bytes) => {
  path.prepareDecode();
  return path.decode(bytes).value;
};

/** The Error `run` throws, which must be exactly `message`. */
function assertError(run, message, label) {
  assert.throws(run, (error) => {
    assert.ok(error instanceof Error, `${label}: threw ${String(error)}`);
    assert.equal(error.message, message, label);
    return true;
  });
}

// ---- the checks, for one codec's decoders in one place ----

function checkDocuments(name, decoders) {
  for (const { label, decode } of decoders) {
    for (const text of REPEATED_KEYS) {
      const value = decode(utf8(text));
      assert.deepStrictEqual(value, JSON.parse(text), `${label} ${text}`);
      assert.equal(JSON.stringify(value), JSON.stringify(JSON.parse(text)), `${label} ${text}: key order`);
    }
    for (const text of LONG_NUMBERS) {
      const [value] = decode(utf8(`[${text}]`));
      const [expected] = JSON.parse(`[${text}]`);
      // Documents carry -0 as 0 where the number rule makes it an integer
      // (docs/documents.md): the text strategy's JSON text and tagged's int32.
      const same = Object.is(value, expected) || (expected === 0 && value === 0);
      assert.ok(same, `${label} ${text.slice(0, 40)}: ${value}, JSON.parse ${expected}`);
    }
    for (const [text, offset, thing] of AFTER_VALUE) {
      assert.throws(() => JSON.parse(text), SyntaxError);
      assertError(
        () => decode(utf8(text)),
        afterValue(name, thing, offset),
        `${label} ${JSON.stringify(text)}`,
      );
    }
    // The module (or addon codec) goes on working.
    assert.deepStrictEqual(decode(utf8('{"still":[1,"ok"]}')), { still: [1, 'ok'] }, label);
  }
}

function checkTuples(name, decoders) {
  const payloads = [
    '{"items":[{"x":1,"y":2,"z":3}],"items":[{"x":4,"y":5,"z":6}]}',
    '{"items":[{"x":1,"y":2,"z":3,"x":7,"z":-1.5}]}',
    '{"items":[{"x":"a","y":null,"z":3,"x":7,"y":2}]}',
    '{"items":[{"x":5.0,"y":-0,"z":0},{"x":-0,"y":0,"z":-0.0}]}',
    ...LONG_NUMBERS.map((text) => `{"items":[{"x":1,"y":${text},"z":0}]}`),
  ];
  for (const { label, decode } of decoders) {
    for (const text of payloads) {
      // x is an int32: JSON.parse's -0 is the item's 0.
      const expected = JSON.parse(text).items.map(({ x, y, z }) => ({ x: x | 0, y, z }));
      assert.deepStrictEqual(decode(utf8(text)), expected, `${label} ${text.slice(0, 60)}`);
    }
    assertError(
      () => decode(utf8('{"items":[]}\u0000')),
      afterValue(name, 'a NUL byte', 12),
      `${label} NUL after the payload`,
    );
    assertError(
      () => decode(utf8('{"items":[]} []')),
      afterValue(name, "'['", 13),
      `${label} a second value`,
    );
  }
}

function checkMessages(name, decoders) {
  const cases = [
    ['double', '{"value":1.5,"value":2.5}'],
    ['double', '{"value":"no","value":-4}'],
    ['double', '{"value":-0}'],
    ['double', `{"value":-0.${zeros(77)}1}`],
    ['array', '{"value":[1,2,3],"value":[4]}'],
    [
      'nested',
      '{"value":{"level2":{"level3":{"flag":true,"count":1,"label":"a","count":2}}},' +
        '"value":{"level2":{"level3":{"label":"b","count":3,"flag":false,"label":"c"}}}}',
    ],
  ];
  for (const { label, decode, supports } of decoders) {
    for (const [record, text] of cases) {
      if (!supports(record)) continue;
      assert.deepStrictEqual(decode(record, utf8(text)), JSON.parse(text), `${label} ${record} ${text}`);
    }
    assertError(
      () => decode('double', utf8('{"value":5}\u0000')),
      `${name}: double: a NUL byte at byte 11 of the record, where only whitespace may follow the value`,
      `${label} NUL after the record`,
    );
  }
}

// ---- the tests ----

describe('JSON text as JSON.parse reads it, through wasm', () => {
  for (const name of missingWasm ? ['json'] : wasmCodecs) {
    testWithBuild(
      `${name}: repeated keys, long numbers, bytes after the value (documents)`,
      missingWasm,
      {},
      async () => {
        checkDocuments(name, (await wasmDecoders(name)).documents);
      },
    );
    testWithBuild(
      `${name}: repeated keys, long numbers, bytes after the value (tuples)`,
      missingWasm,
      {},
      async () => {
        checkTuples(name, (await wasmDecoders(name)).tuples);
      },
    );
    testWithBuild(
      `${name}: repeated keys, long numbers, bytes after the value (messages)`,
      missingWasm,
      {},
      async () => {
        checkMessages(name, (await wasmDecoders(name)).messages);
      },
    );
  }
});

describe('JSON text as JSON.parse reads it, through the Node-API addon', () => {
  const names = missingAddon || missingWasm ? ['json'] : wasmCodecs;
  const missing = missingAddon || missingWasm;
  for (const name of names) {
    testWithBuild(
      `${name}: repeated keys, long numbers, bytes after the value (every workload)`,
      missing,
      {},
      () => {
        const decoders = addonDecoders(name);
        checkDocuments(name, decoders.documents);
        checkTuples(name, decoders.tuples);
        checkMessages(name, decoders.messages);
      },
    );
  }
});
