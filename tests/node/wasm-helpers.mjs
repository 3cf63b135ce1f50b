// Shared by the wasm-*.test.mjs files (not a test itself).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';

import { TupleDataset } from '../../src/workloads/tuples/dataset.mjs';
import { codecsOf, isJsonText } from '../../src/catalog.mjs';
import { readWasmBuildInfo } from '../../node/load-wasm.mjs';

/** Asserts `actual` holds the same items as `expected`, field by field with Object.is. */
export function assertSameItems(actual, expected, label) {
  assert.ok(Array.isArray(actual), `${label}: decode returned ${typeof actual}, not an array`);
  assert.equal(actual.length, expected.length, `${label}: item count`);
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i];
    const e = expected[i];
    if (!Object.is(a.x, e.x) || !Object.is(a.y, e.y) || !Object.is(a.z, e.z)) {
      assert.fail(`${label}: item ${i} is ${JSON.stringify(a)}, expected ${JSON.stringify(e)}`);
    }
  }
}

/** Asserts two byte arrays are identical, naming the first difference. */
export function assertSameBytes(actual, expected, label) {
  assert.ok(actual instanceof Uint8Array, `${label}: not a Uint8Array`);
  const length = Math.min(actual.length, expected.length);
  for (let i = 0; i < length; i++) {
    if (actual[i] !== expected[i]) {
      assert.fail(
        `${label}: byte ${i} is ${actual[i]}, expected ${expected[i]} (lengths ${actual.length}, ${expected.length})`,
      );
    }
  }
  assert.equal(actual.length, expected.length, `${label}: length`);
}

/** The Error `run` throws; fails unless it is an Error starting with `prefix`. */
export function errorOf(run, prefix, label) {
  let error;
  try {
    run();
  } catch (caught) {
    error = caught;
  }
  assert.ok(error !== undefined, `${label}: no error`);
  assert.ok(error instanceof Error, `${label}: threw ${String(error)}, not an Error`);
  assert.ok(error.message.startsWith(prefix), `${label}: "${error.message}" does not start with "${prefix}"`);
  return error;
}

// A full GC without --expose-gc on the command line (npm test runs plain
// `node --test`): the flag can be set at run time, and a new context then
// has `gc`.
export function fullGc() {
  if (typeof globalThis.gc !== 'function') {
    v8.setFlagsFromString('--expose-gc');
    globalThis.gc = vm.runInNewContext('gc');
  }
  // Twice: the first collection can leave objects a finalizer just released.
  globalThis.gc();
  globalThis.gc();
}

/** Deterministic 32-bit generator (LCG): the same "random" bytes on every run. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

/** The dataset grown until it holds at least `count` items. */
export function datasetWithItems(count) {
  const dataset = new TupleDataset();
  while (dataset.items.length < count) dataset.grow();
  return dataset;
}

/**
 * Set by scripts/test.sh (WCB_REQUIRE_BUILDS=1): a cross-check whose build is
 * missing fails instead of skipping, so CI cannot pass by checking nothing.
 */
export const REQUIRE_BUILDS = process.env.WCB_REQUIRE_BUILDS === '1';

/**
 * A test that needs a build. `missing` is false, or why the build is not
 * there: then the test is skipped with that reason, or fails with it under
 * WCB_REQUIRE_BUILDS=1.
 */
export function testWithBuild(name, missing, options, fn) {
  if (!missing) return test(name, options, fn);
  if (REQUIRE_BUILDS) {
    return test(name, options, () => {
      assert.fail(`${missing} (WCB_REQUIRE_BUILDS=1: a missing build fails this cross-check)`);
    });
  }
  return test(name, { ...options, skip: `${missing} (WCB_REQUIRE_BUILDS=1 makes this a failure)` }, fn);
}

/**
 * Whether `codec`'s bytes are JSON text, as the build's catalog declares it
 * (json, rapidjson): such codecs share JSON's limits (no NaN, no -0 in JS's text).
 */
export function isJsonTextCodec(codec) {
  let info;
  try {
    info = readWasmBuildInfo();
  } catch {
    return codec === 'json';
  }
  return codecsOf(info).includes(codec) && isJsonText(info, codec);
}
