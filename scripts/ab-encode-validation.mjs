// What encode's item check costs in the typed strategy: a same-process A/B.
// Two instances of one codec module, one created with the check and one
// without it (createWasmCodec's checkItems: false, which exists for this
// script only), encode the same tuple payload in alternation, a GC before
// every call. Prints the medians of the whole call and of its marshal-in
// phase (where the check runs), and the ratio with / without with its 95%
// bootstrap interval (src/harness/verdict.mjs).
//
//   node scripts/ab-encode-validation.mjs [--mb 10] [--rounds 30] [--codec raw]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';

import { listWasmCodecs, wasmModuleFiles } from '../node/load-wasm.mjs';
import { formatMs } from '../src/harness/format.mjs';
import { median } from '../src/harness/stats.mjs';
import { compareSamples, formatWithInterval, FASTER, SLOWER } from '../src/harness/verdict.mjs';
import { createWasmCodec } from '../src/harness/wasm-codec.mjs';
import { TupleDataset } from '../src/workloads/tuples/dataset.mjs';

const HELP = `usage: node scripts/ab-encode-validation.mjs [options]

Measures what the item check of encode costs in the typed strategy: the same
codec module twice in one process, with and without the check, encoding the
tuple dataset in alternation (a GC before each call), and prints the medians,
the ratio with / without and its 95% bootstrap interval.

  --mb N        payload size in MB of JSON (default 10: the first growth step at or above it)
  --rounds N    timed encodes per side (default 30), after 3 untimed ones
  --codec NAME  the codec module (default raw: the cheapest codec, so the
                check's share of the call is the largest)
  --help        this text

A measured run is in docs/decisions.md (encode input check); the tests use --mb 0.05.`;

function fail(message) {
  process.stderr.write(`ab-encode-validation: ${message}\n`);
  process.exit(2);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        mb: { type: 'string', default: '10' },
        rounds: { type: 'string', default: '30' },
        codec: { type: 'string', default: 'raw' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(error.message);
  }
  if (parsed.help) {
    console.log(HELP);
    process.exit(0);
  }
  const mb = Number(parsed.mb);
  const rounds = Number(parsed.rounds);
  if (!(mb > 0 && mb <= 200)) fail(`--mb: '${parsed.mb}' is not valid (accepted: a number > 0 and <= 200)`);
  if (!Number.isInteger(rounds) || rounds < 3 || rounds > 1000) {
    fail(`--rounds: '${parsed.rounds}' is not valid (accepted: an integer from 3 to 1000)`);
  }
  const codecs = listWasmCodecs();
  if (!codecs.includes(parsed.codec))
    fail(`--codec: no tuple module '${parsed.codec}' (built: ${codecs.join(', ')})`);
  return { mb, rounds, codec: parsed.codec };
}

async function loadCodec(name, checkItems) {
  const files = wasmModuleFiles(name);
  const factory = createRequire(import.meta.url)(files.glue);
  return createWasmCodec(factory, { wasmBinary: fs.readFileSync(files.wasm), checkItems });
}

const WARMUP = 3;

async function main() {
  const { mb, rounds, codec: codecName } = options();
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const dataset = new TupleDataset();
  dataset.growToMB(mb);
  const { items } = dataset;
  const sides = [
    { name: 'with check', codec: await loadCodec(codecName, true), total: [], marshalIn: [] },
    { name: 'without check', codec: await loadCodec(codecName, false), total: [], marshalIn: [] },
  ];

  const encode = (side) => {
    gc();
    const start = performance.now();
    const { bytes, phases } = side.codec.encode('typed', items);
    const totalMs = performance.now() - start;
    return { bytes, phases, totalMs };
  };
  const [checked, unchecked] = sides.map((side) => encode(side).bytes);
  if (Buffer.compare(checked, unchecked) !== 0) throw new Error('the two sides encode different bytes');
  for (let i = 0; i < WARMUP; i++) sides.forEach(encode);

  // Alternated: even rounds with the check first, odd rounds without it first.
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const { totalMs, phases } = encode(side);
      side.total.push(totalMs);
      side.marshalIn.push(phases.marshalInMs);
    }
  }

  const [withCheck, withoutCheck] = sides;
  console.log(
    `encode validation A/B: ${codecName}/typed, ${dataset.jsonMB.toFixed(3)} MB ` +
      `(${items.length.toLocaleString('en-US')} items), ${rounds} rounds each, alternated, one process`,
  );
  console.log(`${'side'.padEnd(16)}${'encode ms'.padStart(12)}${'marshal-in ms'.padStart(16)}`);
  for (const side of sides) {
    const line = formatMs(median(side.total)).padStart(12) + formatMs(median(side.marshalIn)).padStart(16);
    console.log(`${side.name.padEnd(16)}${line}`);
  }
  // Times: reference = with the check, so the ratio is with / without and
  // "faster" means the unchecked side is faster, i.e. the check costs time.
  for (const [what, key] of [
    ['encode', 'total'],
    ['marshal-in', 'marshalIn'],
  ]) {
    const comparison = compareSamples(withCheck[key], withoutCheck[key]);
    const meaning =
      comparison.verdict === FASTER
        ? 'the check costs time'
        : comparison.verdict === SLOWER
          ? 'the checked side was faster'
          : 'within noise';
    console.log(`${what} with / without the check: ${formatWithInterval(comparison)} (${meaning})`);
  }
}

await main();
