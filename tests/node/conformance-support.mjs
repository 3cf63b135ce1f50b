// Shared by the conformance-*.test.mjs files (not a test itself): bytes
// written by one implementation of a format must decode, in every other
// implementation of it, to the same items (field by field with Object.is, so
// doubles match bit for bit), at every growth step up to ~1 MB.
//
// Writers and readers of a format:
//   C++ native  the files `wcb_native_bench --export-encodings` writes (the
//               native build; the tests leave this writer out when it is
//               missing, and fail under WCB_REQUIRE_BUILDS=1)
//   C++ wasm    the same C++ codec in wasm (build/wasm), strategy 'typed';
//               also the C++ reader: the native runner cannot decode given
//               bytes, and the wasm build is the same C++ source
//   JS          the peer adapters of src/harness/peers.mjs, exactly as the
//               benchmark runs them (decode, then toPlainItems when the
//               library returns wrappers)

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadWasmCodec, REPO_ROOT } from '../../node/load-wasm.mjs';
import { checksumItems } from '../../src/workloads/tuples/item-checksum.mjs';
import { selectSteps } from '../../src/workloads/tuples/dataset.mjs';
import { datasetAtSteps } from '../../src/workloads/tuples/block.mjs';
import { createPeerPath, findPeer } from '../../src/harness/peers.mjs';
import { assertSameItems, REQUIRE_BUILDS } from './wasm-helpers.mjs';

export const MAX_MB = 1;
export const PROTO_TEXT = fs.readFileSync(path.join(REPO_ROOT, 'proto', 'tuple.proto'), 'utf8');
const WASM_STRATEGY = 'typed';

export const NATIVE_BENCH = process.env.WCB_NATIVE_BENCH
  ? path.resolve(process.env.WCB_NATIVE_BENCH)
  : path.join(REPO_ROOT, 'build', 'native-release', 'src', 'native', 'wcb_native_bench');
export const WASM_BUILD_INFO = path.join(REPO_ROOT, 'build', 'wasm', 'build-info.json');

/** A test's skip reason when the wasm build is missing (false when present). */
export const missingWasm = fs.existsSync(WASM_BUILD_INFO)
  ? false
  : 'build/wasm is missing: run `bash scripts/build-wasm.sh` first (the project test command does)';

/** Every growth step up to MAX_MB. */
export function conformanceSteps() {
  return selectSteps({ minMB: 0, maxMB: MAX_MB, perDecade: 0 });
}

/**
 * The native encodings of `codec` at `steps`, as a function step -> bytes,
 * or null when the native runner is not built (a note says so). Files live
 * in a temporary folder removed by `cleanup()`.
 */
export function exportNativeEncodings(codec, steps, { note = () => {} } = {}) {
  if (!fs.existsSync(NATIVE_BENCH)) {
    const missing = `no native runner at ${NATIVE_BENCH}`;
    if (REQUIRE_BUILDS)
      assert.fail(`${missing} (WCB_REQUIRE_BUILDS=1: a missing build fails this cross-check)`);
    note(`${missing}: the C++ native writer is left out (build native-release)`);
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wcb-conformance-${codec}-`));
  const last = steps[steps.length - 1];
  execFileSync(
    NATIVE_BENCH,
    [
      '--export-encodings',
      dir,
      '--codecs',
      codec,
      '--min-mb',
      '0',
      '--max-mb',
      String(last.jsonMB + 1e-9),
      '--per-decade',
      '0',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const exported = new Map(manifest.steps.map((step) => [step.index, step]));
  return {
    bytes(step) {
      const entry = exported.get(step.index);
      assert.ok(entry, `${codec}: the native export has no step ${step.index}`);
      assert.equal(entry.count, step.count, `${codec}: native item count at step ${step.index}`);
      return new Uint8Array(fs.readFileSync(path.join(dir, `${codec}-step${step.index}.bin`)));
    },
    cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The C++ codec in wasm as a writer and a reader. */
export async function wasmImplementation(codecName) {
  const codec = await loadWasmCodec(codecName);
  return {
    name: `C++ wasm (${codec.libraryVersion})`,
    write: (items) => codec.encode(WASM_STRATEGY, items).bytes,
    read: (bytes) => codec.decode(WASM_STRATEGY, bytes).items,
  };
}

/** A JS peer (by registry name) as a writer and a reader. */
export async function peerImplementation(name) {
  const peer = findPeer(name);
  assert.ok(peer, `no peer '${name}' in src/harness/peers.mjs`);
  const peerPath = await createPeerPath(peer, { protoText: PROTO_TEXT });
  return {
    name: `${peer.npm} ${peer.version}`,
    write: (items) => peerPath.bytesOf(peerPath.encode(items).encoded),
    read: (bytes) => {
      const { items } = peerPath.decode(bytes);
      return peerPath.toPlainItems ? peerPath.toPlainItems(items) : items;
    },
  };
}

/**
 * At every step: every writer's bytes decode in every reader to the
 * dataset's items. `writers` and `readers` hold { name, write?(items),
 * read?(bytes) }; `native` (or null) adds the native files as a writer.
 * Returns how many (writer, reader, step) checks passed.
 */
export function checkConformance({ format, steps, writers, readers, native }) {
  let checks = 0;
  for (const { step, items } of datasetAtSteps(steps)) {
    const expectedChecksum = checksumItems(items);
    const written = writers.map((writer) => ({ name: writer.name, bytes: writer.write(items) }));
    if (native) written.unshift({ name: 'C++ native', bytes: native.bytes(step) });
    for (const { name: writerName, bytes } of written) {
      for (const reader of readers) {
        const label = `${format} step ${step.index} (${step.count} items): written by ${writerName}, read by ${reader.name}`;
        let decoded;
        try {
          decoded = reader.read(bytes);
        } catch (error) {
          assert.fail(`${label}: decode threw ${error.message}`);
        }
        assertSameItems(decoded, items, label);
        assert.equal(checksumItems(decoded), expectedChecksum, label);
        checks += 1;
      }
    }
  }
  return checks;
}

/**
 * The whole cross-implementation check of one format: C++ (wasm, plus the
 * native build's bytes when its binary is there) and `others` each write
 * every conformance step, and every implementation reads every writing back
 * to the same items. `t` is the node:test context (for diagnostics).
 */
export async function assertFormatConformance(t, format, others) {
  const steps = conformanceSteps();
  const cpp = await wasmImplementation(format);
  const native = exportNativeEncodings(format, steps, { note: (text) => t.diagnostic(text) });
  try {
    const implementations = [cpp, ...others];
    const checks = checkConformance({
      format,
      steps,
      writers: implementations,
      readers: implementations,
      native,
    });
    const writers = implementations.length + (native ? 1 : 0);
    assert.equal(checks, steps.length * writers * implementations.length);
  } finally {
    native?.cleanup();
  }
}
