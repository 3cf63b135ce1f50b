#!/usr/bin/env bash
# Builds the WebAssembly modules (one per codec) into build/wasm:
# wcb_<codec>.cjs + wcb_<codec>.wasm and build-info.json, then the page bundle
# (web/dist). Builds protobuf-lite for wasm first when needed. Quick when
# everything is up to date.
#
# Environment:
#   WCB_WASM_EXCEPTIONS   wasm (default), js or none: C++ exception mode (src/wasm/toolchain.cmake)
#   WCB_WASM_BUILD_DIR    build directory (default build/wasm)
#   WCB_PROTOBUF_WASM_PREFIX  protobuf-lite for wasm (default .cache/protobuf-wasm)
#   Extra arguments are passed to the CMake configure step (e.g. -DWCB_CODEC_JSON=OFF,
#   -DWCB_CODECS="raw;json").
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$(realpath -m "${WCB_WASM_BUILD_DIR:-$ROOT/build/wasm}")"
EXCEPTIONS="${WCB_WASM_EXCEPTIONS:-wasm}"
PROTOBUF_PREFIX="$(realpath -m "${WCB_PROTOBUF_WASM_PREFIX:-$ROOT/.cache/protobuf-wasm}")"

# Debian's emscripten runs acorn from /usr/share/nodejs (package node-acorn).
export NODE_PATH=/usr/share/nodejs

for prepare in "$ROOT"/src/codecs/*/prepare-wasm.sh; do
  [ -f "$prepare" ] || continue
  WCB_WASM_EXCEPTIONS="$EXCEPTIONS" WCB_PROTOBUF_WASM_PREFIX="$PROTOBUF_PREFIX" bash "$prepare"
done

cd "$ROOT"
# Configure only when the build tree is new or options were given; otherwise
# the build step re-runs CMake itself if a CMakeLists.txt changed.
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ] || [ $# -gt 0 ] ||
  ! grep -q "^WCB_WASM_EXCEPTIONS:STRING=$EXCEPTIONS\$" "$BUILD_DIR/CMakeCache.txt"; then
  emcmake cmake --preset wasm -B "$BUILD_DIR" -DWCB_WASM_EXCEPTIONS="$EXCEPTIONS" \
    -DWCB_PROTOBUF_WASM_PREFIX="$PROTOBUF_PREFIX" "$@" >/dev/null
fi
cmake --build "$BUILD_DIR" -j2

# The page bundle (web/dist) holds the modules just built, so web/index.html
# opens ready after either README command. It rebuilds only when stale.
WCB_WASM_BUILD_DIR="$BUILD_DIR" node "$ROOT/node/build-web.mjs"
