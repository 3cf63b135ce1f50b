// The page's sweep, on the shared harness: the JSON baseline first, then
// each (codec, strategy) in a fresh instance of its wasm module (the page's
// stand-in for the Node runner's fresh process), every one over the same
// growth steps. Rows are handed out as they are measured, so a stopped run
// keeps what it has.

import { selectSteps } from '../../src/harness/dataset.mjs';
import { createJsonBaselinePath } from '../../src/harness/json-baseline.mjs';
import { failedRow } from '../../src/harness/measure.mjs';
import { createWasmPath } from '../../src/harness/paths.mjs';
import { runSweep } from '../../src/harness/sweep.mjs';
import { createWasmCodec } from '../../src/harness/wasm-codec.mjs';

export const PLACE = 'browser';

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
 * codecs, strategies, minMB, maxMB, perDecade, repetitions, warmup, facts,
 * signal, onRow(row), onProgress({ done, total, label, step }) }.
 * Resolves when done; rejects with the signal's reason when stopped.
 */
export async function runBenchmark(options) {
  const { modules, codecs, strategies, minMB, maxMB, perDecade, facts, signal, onRow, onProgress } = options;
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
  const total = steps.length * (1 + codecs.length * strategies.length);
  let done = 0;
  const report = (label, step) => onProgress({ done, total, label, step });
  const sweep = async (path) => {
    const label = path.impl === 'js' ? 'JSON.stringify/parse' : `${path.codec}/${path.interop}`;
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

  await sweep(createJsonBaselinePath());
  for (const codecName of codecs) {
    const module = modules.find((candidate) => candidate.codec === codecName);
    for (const strategy of strategies) {
      signal?.throwIfAborted();
      let path;
      try {
        if (!module) throw new Error(`${codecName}: not in this page's wasm build`);
        path = createWasmPath(await instantiateCodec(module), strategy);
      } catch (error) {
        // A module that does not load fails every size of this path; the sweep goes on.
        const stub = { codec: codecName, impl: 'cpp', interop: strategy };
        for (const step of steps) {
          done += 1;
          onRow(failedRow(stub, { place: PLACE, step }, error));
        }
        report(`${codecName}/${strategy}`, steps[steps.length - 1]);
        continue;
      }
      await sweep(path);
      await yieldToBrowser();
    }
  }
  return steps;
}
