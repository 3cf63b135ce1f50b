// Same-process A/B of the embind and lean modules of each tuple codec on the
// typed strategy (and the columnar variant): the boundary is one call per
// payload either way, so the two should be within noise
// (docs/decisions.md#lean-modules). Alternates the two modules call by call
// at one payload size and prints the median time of each operation.
//
//   node scripts/ab-lean.mjs [--mb 10] [--repetitions 9] [--codecs msgpack,protobuf]

import { parseArgs } from 'node:util';

import { listWasmCodecs, loadLeanCodec, loadWasmCodec } from '../node/load-wasm.mjs';
import { columnsFromItems } from '../src/harness/wasm-items.mjs';
import { TupleDataset } from '../src/workloads/tuples/dataset.mjs';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '10' },
    repetitions: { type: 'string', default: '9' },
    codecs: { type: 'string' },
  },
});
const targetMB = Number(values.mb);
const repetitions = Number(values.repetitions);
const codecs = values.codecs ? values.codecs.split(',') : listWasmCodecs();

const dataset = new TupleDataset();
while (dataset.jsonMB < targetMB) dataset.grow();
const items = dataset.items;
const columns = columnsFromItems(items);
console.log(
  `${items.length} items, ${dataset.jsonMB.toFixed(2)} MB of JSON; median of ${repetitions}, alternating`,
);

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
const time = (fn) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

const OPERATIONS = {
  'typed encode': (codec) => codec.encode('typed', items),
  'typed decode': (codec, bytes) => codec.decode('typed', bytes),
  'columnar encode': (codec) => codec.encodeColumns(columns),
  'columnar decode': (codec, bytes) => codec.decodeColumns(bytes),
};

console.log('codec        operation         embind ms   lean ms   lean/embind');
for (const name of codecs) {
  const embind = await loadWasmCodec(name);
  const lean = await loadLeanCodec(name);
  if (!lean) {
    console.log(`${name}: no lean module in this build`);
    continue;
  }
  const bytes = embind.encode('typed', items).bytes;
  for (const [operation, run] of Object.entries(OPERATIONS)) {
    const samples = { embind: [], lean: [] };
    for (let i = 0; i < repetitions + 2; i++) {
      // Which goes first alternates; the first two rounds warm up.
      const order = i % 2 === 0 ? ['embind', 'lean'] : ['lean', 'embind'];
      for (const which of order) {
        const codec = which === 'embind' ? embind : lean;
        codec.poisonOutputs();
        globalThis.gc?.();
        const ms = time(() => run(codec, bytes));
        if (i >= 2) samples[which].push(ms);
      }
    }
    const [e, l] = [median(samples.embind), median(samples.lean)];
    console.log(
      `${name.padEnd(12)} ${operation.padEnd(17)} ${e.toFixed(2).padStart(9)} ${l.toFixed(2).padStart(9)} ${(l / e).toFixed(3).padStart(13)}`,
    );
  }
}
