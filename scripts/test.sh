#!/usr/bin/env bash
# The whole test suite from a clean clone: installs what is missing, builds
# native (Release and ASan+UBSan) and wasm, then runs ctest, a fuzz smoke run
# of every decoder (WCB_FUZZ_SECONDS each, default 20), the Node tests and the
# browser tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n== %s\n' "$*"; }

step "setup"
bash scripts/setup.sh

step "native build (Release)"
bash scripts/build-native.sh native-release
step "ctest (Release)"
ctest --preset native-release

step "native build (Debug + ASan/UBSan)"
bash scripts/build-native.sh native-asan
step "ctest (ASan/UBSan)"
ctest --preset native-asan

# Every decoder under libFuzzer for a bounded time (scripts/fuzz.sh; the
# committed corpus is replayed by ctest above and by the Node tests).
fuzz_seconds="${WCB_FUZZ_SECONDS:-20}"
step "fuzz smoke (libFuzzer + ASan/UBSan, $fuzz_seconds s per decoder)"
WCB_FUZZ_SECONDS="$fuzz_seconds" bash scripts/fuzz.sh

step "wasm build"
bash scripts/build-wasm.sh

step "Node and browser tests"
WCB_NATIVE_BENCH="$ROOT/build/native-release/src/native/wcb_native_bench" npm test
