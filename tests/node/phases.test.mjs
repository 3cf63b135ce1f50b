// The phases of a wasm call tell the truth: at a payload of >= 1 MB the codec
// phase, timed inside wasm, is > 0 (a dead in-wasm clock would report 0 ms of
// codec and 100% interop), and the phases add up to the call's time measured
// around it, within what the clock can resolve.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';

import { listWasmCodecs, loadWasmCodec } from '../../node/load-wasm.mjs';
import { COLUMNAR, createWasmPath } from '../../src/harness/paths.mjs';
import { DECODE_PHASES, ENCODE_PHASES } from '../../src/harness/payload-measure.mjs';
import { measureTimerResolution } from '../../src/harness/results.mjs';
import { STRATEGIES } from '../../src/harness/wasm-codec.mjs';
import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';

const MIN_MB = 1;

// A full GC before each timed call, as the runner does, so a collection
// does not land between the clock readings around the call and inside it.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

// The phases are built from the readings the wrapper takes on entering and
// leaving encode()/decode() (wasm-codec.mjs), so by construction they add up
// to that span. This test reads the clock around the call too: the call it
// measures may exceed the phases' sum by a few clock steps, plus the return
// of the result objects after the wrapper's last reading, where an
// allocation can run a step of V8's incremental GC (measured here: 2 to 60
// us at 1 MB, warm; in full-suite runs 0.16 to 0.22 ms in all five calls of
// a 13-47 ms call, so the step grows with the call's garbage: 1% of the call
// is allowed beside). It never falls short of the sum by more than rounding.
// The smallest gap of a few calls is checked, so one GC step does not decide.
const resolutionMs = measureTimerResolution();
const RETURN_ALLOWANCE_MS = 0.1;
const RETURN_SHARE = 0.01;
const toleranceMs = (totalMs) => 4 * resolutionMs + RETURN_ALLOWANCE_MS + RETURN_SHARE * totalMs;
const CALLS = 5;

const dataset = new TupleDataset();
dataset.growToMB(MIN_MB);
const { items } = dataset;

// The call, timed from outside, CALLS times: the result and phases of the
// call with the smallest gap between its measured time and its phases' sum.
function timed(call, names, prepare = () => {}) {
  let best;
  for (let i = 0; i < CALLS; i++) {
    prepare();
    gc();
    const start = performance.now();
    const result = call();
    const totalMs = performance.now() - start;
    const gap = totalMs - names.reduce((total, name) => total + result.phases[name], 0);
    if (!best || gap < best.gap) best = { result, totalMs, gap };
  }
  return best;
}

function assertPhases(label, phases, names, totalMs) {
  assert.deepEqual(Object.keys(phases).sort(), [...names].sort(), `${label}: phase names`);
  for (const name of names) assert.ok(phases[name] >= 0, `${label}: ${name} = ${phases[name]} ms`);
  assert.ok(phases.codecMs > 0, `${label}: codecMs is ${phases.codecMs} at ${dataset.jsonMB.toFixed(2)} MB`);
  const sum = names.reduce((total, name) => total + phases[name], 0);
  const gap = totalMs - sum;
  assert.ok(
    gap >= -1e-9 && gap <= toleranceMs(totalMs),
    `${label}: the phases add up to ${sum} ms, the call took ${totalMs} ms ` +
      `(difference ${gap} ms; resolution ${resolutionMs} ms, allowed ${toleranceMs(totalMs)} ms)`,
  );
}

test(`the clock resolves the phases (resolution ${resolutionMs} ms)`, () => {
  assert.ok(resolutionMs > 0 && resolutionMs < 0.1, `performance.now() resolution ${resolutionMs} ms`);
  assert.ok(dataset.jsonMB >= MIN_MB, `payload ${dataset.jsonMB} MB`);
});

for (const codecName of listWasmCodecs()) {
  for (const strategy of [...STRATEGIES, COLUMNAR]) {
    test(`${codecName}/${strategy}: codec > 0 and the phases add up to the call at ${MIN_MB} MB`, async (t) => {
      const path = createWasmPath(await loadWasmCodec(codecName), strategy);
      // One call each to warm up, then the measured ones.
      const { encoded } = path.encode(items);
      path.decode(encoded);
      const encode = timed(() => path.encode(items), ENCODE_PHASES);
      const decode = timed(
        () => path.decode(encoded),
        DECODE_PHASES,
        () => path.prepareDecode(),
      );
      const show = (phases) => Object.entries(phases).map(([name, ms]) => `${name} ${ms.toFixed(4)}`);
      t.diagnostic(`encode ${encode.totalMs.toFixed(4)} ms = ${show(encode.result.phases).join(' + ')}`);
      t.diagnostic(`decode ${decode.totalMs.toFixed(4)} ms = ${show(decode.result.phases).join(' + ')}`);
      assertPhases(`${codecName}/${strategy} encode`, encode.result.phases, ENCODE_PHASES, encode.totalMs);
      assertPhases(`${codecName}/${strategy} decode`, decode.result.phases, DECODE_PHASES, decode.totalMs);
    });
  }
}
