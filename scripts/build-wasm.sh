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
#   WCB_WASM_TOOLCHAIN    a second toolchain (scripts/toolchains/NAME.sh, made by
#                         scripts/setup.sh --toolchain NAME): builds in its tree into
#                         build/wasm-NAME (protobuf-lite: .cache/protobuf-wasm-NAME);
#                         the page bundle stays the default build's
#   Extra arguments are passed to the CMake configure step (e.g. -DWCB_CODEC_JSON=OFF,
#   -DWCB_CODECS="raw;json").
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLCHAIN="${WCB_WASM_TOOLCHAIN:-}"
BUILD_DIR="$(realpath -m "${WCB_WASM_BUILD_DIR:-$ROOT/build/wasm${TOOLCHAIN:+-$TOOLCHAIN}}")"
EXCEPTIONS="${WCB_WASM_EXCEPTIONS:-wasm}"
PROTOBUF_PREFIX="$(realpath -m "${WCB_PROTOBUF_WASM_PREFIX:-$ROOT/.cache/protobuf-wasm${TOOLCHAIN:+-$TOOLCHAIN}}")"

# A second toolchain: this script again, in its tree, with the host's
# header-only libraries and flatc (scripts/toolchain.sh mounts them there).
if [ -n "$TOOLCHAIN" ] && [ -z "${WCB_IN_TOOLCHAIN:-}" ]; then
  source "$ROOT/scripts/toolchain.sh"
  toolchain_declare "$TOOLCHAIN"
  toolchain_run "$TOOLCHAIN" env WCB_IN_TOOLCHAIN=1 \
    WCB_WASM_TOOLCHAIN="$TOOLCHAIN" WCB_WASM_BUILD_DIR="$BUILD_DIR" WCB_WASM_EXCEPTIONS="$EXCEPTIONS" \
    WCB_PROTOBUF_WASM_PREFIX="$PROTOBUF_PREFIX" bash "$ROOT/scripts/build-wasm.sh" \
    -DWCB_WASM_TOOLCHAIN="$TOOLCHAIN" -DWCB_HEADER_ROOT="$TOOLCHAIN_HOST_USR/include" \
    -DWCB_FLATC="$TOOLCHAIN_HOST_USR/bin/flatc" "${TOOLCHAIN_CMAKE_ARGS[@]}" "$@"
  exit
fi

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
[ -n "$TOOLCHAIN" ] || WCB_WASM_BUILD_DIR="$BUILD_DIR" node "$ROOT/scripts/build-web.mjs"
