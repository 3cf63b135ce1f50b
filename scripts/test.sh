#!/usr/bin/env bash
# The whole test suite from a clean clone: installs what is missing, builds
# native (Release and ASan+UBSan) and wasm, then runs ctest, a fuzz smoke run
# of every decoder (WCB_FUZZ_SECONDS per tuple decoder, default 20, and
# WCB_FUZZ_MESSAGE_SECONDS per message decoder, default 10), the Node tests
# and the browser tests. Prints each stage's wall time and the total.
#
# Two lanes run side by side (docs/decisions/test-speed.md): the sanitizer
# lane (the ASan/UBSan build, its ctest and the fuzz smoke) needs nothing the
# other lane builds, and the main lane (Release, ctest, wasm, the Node and
# browser tests) spends much of its time waiting on one child process at a
# time. The sanitizer lane's output is printed when it ends; a failure in
# either lane fails the suite.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

CORES="$(nproc)"
STARTED=$SECONDS
# Stage times, from both lanes: a file, since the sanitizer lane is a subshell.
TIMES_FILE="$(mktemp)"
LANE_LOG="$(mktemp)"
# Made when the wasm build is done (the fuzzers wait for it).
WASM_BUILT="$(mktemp -u)"
LANE_PID=""
# Runs one stage under a `== name` header and records its wall time.
# Returns the command's status (set -e does not act inside a && list).
stage() {
  local name="$1" start=$SECONDS status=0
  shift
  printf '\n== %s\n' "$name"
  "$@" || status=$?
  printf '%6d s  %s%s\n' $((SECONDS - start)) "$name" "$([ "$status" -eq 0 ] || echo " (failed)")" >>"$TIMES_FILE"
  printf -- '-- %s: %d s\n' "$name" $((SECONDS - start))
  return "$status"
}
print_times() {
  local status=$?
  if [ -n "$LANE_PID" ] && kill -0 "$LANE_PID" 2>/dev/null; then
    kill -- "-$LANE_PID" 2>/dev/null || kill "$LANE_PID" 2>/dev/null || true
    printf '\n== sanitizer lane (stopped: the main lane failed)\n'
    cat "$LANE_LOG"
  fi
  printf '\n== wall time per stage%s\n' "$([ "$status" -eq 0 ] || echo " (stopped by a failure)")"
  cat "$TIMES_FILE"
  printf '%6d s  total\n' $((SECONDS - STARTED))
  rm -f "$TIMES_FILE" "$LANE_LOG" "$WASM_BUILT"
}
trap print_times EXIT

stage "setup" bash scripts/setup.sh --test

# ccache (installed by setup --test) for every compiler call of the suite:
# the native presets, the fuzz build and the toy copy through CMake's
# launcher, the wasm build and protobuf-lite through Emscripten's wrapper.
# Paths under the clone are hashed relative to it and its folder is left out,
# so a fresh clone in another folder hits what the last one compiled.
# Precompiled headers (catch.hpp) need the pch sloppiness.
export CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_C_COMPILER_LAUNCHER=ccache EM_COMPILER_WRAPPER=ccache
export CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=true
export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
ccache --zero-stats >/dev/null

# The sanitizer lane, in the background: ASan/UBSan build, its ctest, then
# every decoder under libFuzzer for a bounded time (scripts/fuzz.sh; the
# committed corpus is replayed by ctest and by the Node tests). The message
# decoders get less time: a record is small, so they cover their code faster,
# and there are as many of them as tuple decoders. A fuzzer is one process:
# one per core, each for its whole time.
fuzz_seconds="${WCB_FUZZ_SECONDS:-20}"
fuzz_message_seconds="${WCB_FUZZ_MESSAGE_SECONDS:-10}"
# The fuzzers wait for the wasm build: both take every core, and the wasm
# build is on the main lane's way to the tests.
wait_for_wasm_build() { until [ -e "$WASM_BUILT" ]; do sleep 1; done; }
sanitizer_lane() {
  stage "native build (Debug + ASan/UBSan)" bash scripts/build-native.sh native-asan &&
    stage "ctest (ASan/UBSan)" ctest --preset native-asan -j "$CORES" &&
    wait_for_wasm_build &&
    stage "fuzz smoke (libFuzzer + ASan/UBSan, $fuzz_seconds s per tuple decoder, $fuzz_message_seconds s per message decoder, $CORES at a time)" \
      env WCB_FUZZ_SECONDS="$fuzz_seconds" WCB_FUZZ_MESSAGE_SECONDS="$fuzz_message_seconds" \
      WCB_FUZZ_DOCUMENT_SECONDS="${WCB_FUZZ_DOCUMENT_SECONDS:-10}" WCB_FUZZ_JOBS="$CORES" bash scripts/fuzz.sh
}
set -m # the lane gets a process group of its own, so a failure here stops all of it
sanitizer_lane >"$LANE_LOG" 2>&1 &
LANE_PID=$!
set +m

stage "native build (Release)" bash scripts/build-native.sh native-release
# With the copy test: a copy of the tree with the toy workload folder added
# builds and runs it natively (tests/catalog/toy-native.sh).
stage "ctest (Release)" env WCB_CATALOG_COPY_TESTS=1 ctest --preset native-release -j "$CORES"

# Emscripten's own wrapper puts ccache before its clang; CMake's launcher
# would put it before em++ as well.
stage "wasm build" env -u CMAKE_CXX_COMPILER_LAUNCHER -u CMAKE_C_COMPILER_LAUNCHER bash scripts/build-wasm.sh
touch "$WASM_BUILT"
printf '\n== compiler cache (this run)\n'
ccache --show-stats

# Everything is built by now: a cross-check (wasm vs native bytes, codec gap,
# conformance) that finds a build missing fails instead of skipping.
export WCB_REQUIRE_BUILDS=1 WCB_NATIVE_BENCH="$ROOT/build/native-release/src/native/wcb_native_bench"
stage "Node tests (npm run test:node)" npm run --silent test:node
stage "browser tests (npm run test:web)" npm run --silent test:web

# The sanitizer lane's result: its output, then its status.
lane_status=0
wait "$LANE_PID" || lane_status=$?
LANE_PID=""
printf '\n== sanitizer lane (ASan/UBSan build, ctest, fuzz smoke)\n'
cat "$LANE_LOG"
exit "$lane_status"
