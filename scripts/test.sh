#!/usr/bin/env bash
# The whole test suite from a clean clone: installs what is missing, builds
# native (Release and ASan+UBSan) and wasm, then runs ctest, a fuzz smoke run
# of every decoder (WCB_FUZZ_SECONDS per tuple decoder, default 20, and
# WCB_FUZZ_MESSAGE_SECONDS per message decoder, default 10), the Node tests
# and the browser tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n== %s\n' "$*"; }

step "setup"
bash scripts/setup.sh --test

step "native build (Release)"
bash scripts/build-native.sh native-release
step "ctest (Release)"
# With the copy test: a copy of the tree with the toy workload folder added
# builds and runs it natively (tests/catalog/toy-native.sh).
WCB_CATALOG_COPY_TESTS=1 ctest --preset native-release

step "native build (Debug + ASan/UBSan)"
bash scripts/build-native.sh native-asan
step "ctest (ASan/UBSan)"
ctest --preset native-asan

# Every decoder under libFuzzer for a bounded time (scripts/fuzz.sh; the
# committed corpus is replayed by ctest above and by the Node tests). The
# message decoders get less time: a record is small, so they cover their
# code faster, and there are as many of them as tuple decoders.
fuzz_seconds="${WCB_FUZZ_SECONDS:-20}"
fuzz_message_seconds="${WCB_FUZZ_MESSAGE_SECONDS:-10}"
step "fuzz smoke (libFuzzer + ASan/UBSan, $fuzz_seconds s per tuple decoder, $fuzz_message_seconds s per message decoder)"
WCB_FUZZ_SECONDS="$fuzz_seconds" WCB_FUZZ_MESSAGE_SECONDS="$fuzz_message_seconds" WCB_FUZZ_DOCUMENT_SECONDS="${WCB_FUZZ_DOCUMENT_SECONDS:-10}" bash scripts/fuzz.sh

step "wasm build"
bash scripts/build-wasm.sh

# Everything is built by now: a cross-check (wasm vs native bytes, codec gap,
# conformance) that finds a build missing fails instead of skipping.
step "Node and browser tests"
WCB_REQUIRE_BUILDS=1 WCB_NATIVE_BENCH="$ROOT/build/native-release/src/native/wcb_native_bench" npm test
