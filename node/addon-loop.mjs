// The codec loop of wcb_codec_loop (src/loop/codec_loop.cpp) in the Node-API
// addon: each codec encodes, then decodes, the tuple dataset at one size, N
// times. node/codec-gap.mjs --addon runs it beside the native and wasm loops:
// the same machine code as the native loop, in a Node process.
//   --through loop   (default) the loop runs inside the addon, in C++, with
//                    no JS between the calls (TuplesCodec.codecLoop);
//   --through calls  every encode and decode is a call of the addon's typed
//                    path from JS, and the figures are its codecMs (the
//                    codec's time measured in C++): what the rows of
//                    bench:node report, with JS's marshalling in between.
//
//   node node/addon-loop.mjs [--codecs a,b] [--mb 10] [--repetitions 21] [--warmup 3] [--through loop|calls]
//
// Prints the loop's JSON lines ({codec, library, place: 'node-addon', mb,
// items, checksum, bytes, encodeMs, decodeMs}). Each decode writes into
// outputs poisoned beforehand and is checked against the input.
import { loadAddon } from '../src/addon/load-addon.mjs';
import { parseArgv, parseNumber, parseList } from './options.mjs';
import { addonCodecNames, createAddonCodec } from '../src/harness/addon-codec.mjs';
import { checksumItems } from '../src/harness/checksum.mjs';
import { TupleDataset } from '../src/workloads/tuples/dataset.mjs';

const USAGE = 'usage: node node/addon-loop.mjs [--codecs a,b] [--mb 10] [--repetitions 21] [--warmup 3]';

function sameItems(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (!Object.is(a[i].x, b[i].x) || !Object.is(a[i].y, b[i].y) || !Object.is(a[i].z, b[i].z)) return false;
  }
  return true;
}

function main(argv) {
  const values = parseArgv(argv, {
    codecs: { type: 'string' },
    mb: { type: 'string', default: '10' },
    repetitions: { type: 'string', default: '21' },
    warmup: { type: 'string', default: '3' },
    through: { type: 'string', default: 'loop' },
  });
  const [through] = parseList('through', values.through, ['loop', 'calls']);
  const addon = loadAddon();
  const names = addonCodecNames(addon);
  const codecs = values.codecs !== undefined ? parseList('codecs', values.codecs, names) : names;
  const mb = parseNumber('mb', values.mb, { min: 0.001, max: 1024 });
  const repetitions = parseNumber('repetitions', values.repetitions, { integer: true, min: 1, max: 10000 });
  const warmup = parseNumber('warmup', values.warmup, { integer: true, min: 0, max: 10000 });

  const dataset = new TupleDataset();
  dataset.growToMB(mb);
  const items = dataset.items;
  let ok = true;
  for (const name of codecs) {
    const codec = createAddonCodec(addon, name);
    const encodeMs = [];
    const decodeMs = [];
    let bytes;
    try {
      if (through === 'loop') {
        const loop = codec.codecLoop(items, { warmup, repetitions });
        encodeMs.push(...loop.encodeMs);
        decodeMs.push(...loop.decodeMs);
        bytes = { length: loop.bytes };
      }
      for (let round = 0; through === 'calls' && round < warmup + repetitions; round++) {
        const encoded = codec.encode('typed', items);
        bytes = encoded.bytes;
        codec.poisonOutputs();
        const decoded = codec.decode('typed', bytes);
        if (!sameItems(decoded.items, items))
          throw new Error(`${name}: the decoded items differ from the input`);
        if (round < warmup) continue;
        encodeMs.push(encoded.phases.codecMs);
        decodeMs.push(decoded.phases.codecMs);
      }
    } catch (error) {
      process.stderr.write(`addon-loop: ${error.message}\n`);
      ok = false;
      continue;
    } finally {
      codec.releaseBuffers();
    }
    const line = {
      codec: name,
      library: codec.libraryVersion,
      place: through === 'loop' ? 'node-addon' : 'node-addon-calls',
      mb: dataset.jsonMB,
      items: items.length,
      checksum: checksumItems(items),
      bytes: bytes.length,
      encodeMs,
      decodeMs,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  return ok ? 0 : 1;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`addon-loop: ${error.message}\n${USAGE}\n`);
  process.exitCode = 2;
}
