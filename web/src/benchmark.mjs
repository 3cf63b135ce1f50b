// The page's sweep, on the shared harness: the JSON baseline first, then
// each (codec, strategy) in a fresh instance of its wasm module (the page's
// stand-in for the Node runner's fresh process), then each pure-JS peer
// (src/harness/peers.mjs) that runs in a browser, every one over the same
// growth steps. Rows are handed out as they are measured, so a stopped run
// keeps what it has.
//
// Sizes: gzipBytes comes from the browser's CompressionStream, which has no
// compression level, so browser rows carry no gzip9Bytes (the Node runner's
// rows have both).

import { selectSteps } from '../../src/harness/dataset.mjs';
import { createJsonBaselinePath } from '../../src/harness/json-baseline.mjs';
import { failedRow } from '../../src/harness/measure.mjs';
import { createWasmPath } from '../../src/harness/paths.mjs';
import { createPeerPath, findPeer, peerMeta, peersFor } from '../../src/harness/peers.mjs';
import { runSweep } from '../../src/harness/sweep.mjs';
import { createWasmCodec } from '../../src/harness/wasm-codec.mjs';

export const PLACE = 'browser';

/** The peers this page can run, in registry order. */
export const PAGE_PEERS = peersFor(PLACE);

const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();

/**
 * Resolves on a fresh task, so the browser can paint and handle input (the
 * Stop button) between operations. A message is not throttled the way
 * nested setTimeout(0) is.
 */
export function yieldToBrowser() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/** A fresh instance of one codec's wasm module. */
export function instantiateCodec(module) {
  return createWasmCodec(module.factory, { wasmBinary: module.wasmBinary });
}

/**
 * Runs the sweep. options: { modules (from the bundle, by codec name),
 * codecs, strategies, peers (names), protoText, minMB, maxMB, perDecade,
 * repetitions, warmup, facts, signal, onRow(row), onProgress({ done, total,
 * label, step }) }. Resolves when done; rejects with the signal's reason
 * when stopped.
 */
export async function runBenchmark(options) {
  const { modules, codecs, strategies, minMB, maxMB, perDecade, facts, signal, onRow, onProgress } = options;
  const peers = options.peers ?? [];
  const steps = selectSteps({ minMB, maxMB, perDecade });
  if (steps.length === 0)
    throw new Error(`no growth step of the dataset lies between ${minMB} and ${maxMB} MB`);
  const env = {
    gc: facts.gc,
    jsHeapUsed: facts.jsHeapUsed,
    pause: yieldToBrowser,
    signal,
  };
  const measureOptions = { place: PLACE, warmup: options.warmup, repetitions: options.repetitions, env };
  const total = steps.length * (1 + codecs.length * strategies.length + peers.length);
  let done = 0;
  const report = (label, step) => onProgress({ done, total, label, step });
  const sweep = async (path, label) => {
    await runSweep({
      ...measureOptions,
      paths: [path],
      steps,
      onProgress: ({ step }) => report(label, step),
      onRow: (row) => {
        done += 1;
        onRow(row);
      },
    });
  };

  // A path that cannot be made fails every size; the sweep goes on.
  const failEverywhere = (stub, label, error) => {
    for (const step of steps) {
      done += 1;
      onRow(failedRow(stub, { place: PLACE, step }, error));
    }
    report(label, steps[steps.length - 1]);
  };

  await sweep(createJsonBaselinePath(), 'JSON.stringify/parse');
  for (const codecName of codecs) {
    const module = modules.find((candidate) => candidate.codec === codecName);
    for (const strategy of strategies) {
      signal?.throwIfAborted();
      let path;
      try {
        if (!module) throw new Error(`${codecName}: not in this page's wasm build`);
        path = createWasmPath(await instantiateCodec(module), strategy);
      } catch (error) {
        failEverywhere(
          { codec: codecName, impl: 'cpp', interop: strategy },
          `${codecName}/${strategy}`,
          error,
        );
        continue;
      }
      await sweep(path, `${codecName}/${strategy}`);
      await yieldToBrowser();
    }
  }
  for (const name of peers) {
    signal?.throwIfAborted();
    const peer = findPeer(name);
    let path;
    try {
      if (!peer || !peer.places.includes(PLACE)) throw new Error(`${name}: not a peer of this page`);
      path = await createPeerPath(peer, { protoText: options.protoText });
    } catch (error) {
      const stub = peer ? peerMeta(peer) : { codec: name, impl: 'js', interop: 'js' };
      failEverywhere(stub, name, `load: ${error?.message ?? error}`);
      continue;
    }
    await sweep(path, name);
    await yieldToBrowser();
  }
  return steps;
}
