#!/usr/bin/env bash
# The protobuf codec's wasm prerequisite, run by scripts/build-wasm.sh before
# it configures (every src/codecs/*/prepare-wasm.sh is). Builds protobuf-lite
# for WebAssembly from Debian's protobuf source (the source of the protoc we
# use, unpacked in .cache/protobuf-src by this folder's setup.sh) and installs libprotobuf-lite.a and the headers into
# .cache/protobuf-wasm. Skips the build when that prefix already holds a build
# of the same source version, Emscripten version and compile flags.
#
# Environment:
#   WCB_WASM_EXCEPTIONS   wasm (default), js or none: the C++ exception mode, which
#                         must match the rest of the wasm build (see
#                         src/wasm/toolchain.cmake)
#   WCB_PROTOBUF_WASM_PREFIX  install prefix (default .cache/protobuf-wasm)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
CACHE_DIR="${WCB_CACHE_DIR:-$ROOT/.cache}"
SOURCE_DIR="$CACHE_DIR/protobuf-src"
PREFIX="$(realpath -m "${WCB_PROTOBUF_WASM_PREFIX:-$CACHE_DIR/protobuf-wasm}")"
BUILD_DIR="$PREFIX/build"
EXCEPTIONS="${WCB_WASM_EXCEPTIONS:-wasm}"

# Debian's emscripten runs acorn from /usr/share/nodejs (package node-acorn).
export NODE_PATH=/usr/share/nodejs

log() { echo "protobuf prepare-wasm: $*"; }

case "$EXCEPTIONS" in
  wasm) EXCEPTION_FLAGS="-fwasm-exceptions" ;;
  js) EXCEPTION_FLAGS="-fexceptions" ;;
  none) EXCEPTION_FLAGS="-fignore-exceptions" ;;
  *)
    echo "protobuf prepare-wasm: WCB_WASM_EXCEPTIONS must be wasm, js or none, not '$EXCEPTIONS'" >&2
    exit 1
    ;;
esac

if [ ! -f "$SOURCE_DIR/.version" ]; then
  echo "protobuf prepare-wasm: no protobuf source in $SOURCE_DIR; run scripts/setup.sh first" >&2
  exit 1
fi
for tool in emcmake emcc; do
  if ! command -v "$tool" >/dev/null; then
    echo "protobuf prepare-wasm: $tool not found; run scripts/setup.sh first" >&2
    exit 1
  fi
done

# The first line of `emcc --version`, without a pipe into head: under
# pipefail, head closing the pipe early fails emcc with a BrokenPipeError.
EMSCRIPTEN_VERSION="$(emcc --version)"
EMSCRIPTEN_VERSION="${EMSCRIPTEN_VERSION%%$'\n'*}"
STAMP_TEXT="protobuf $(cat "$SOURCE_DIR/.version"); $EMSCRIPTEN_VERSION; flags $EXCEPTION_FLAGS"
STAMP="$PREFIX/.stamp"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$STAMP_TEXT" ] && [ -f "$PREFIX/lib/libprotobuf-lite.a" ]; then
  exit 0
fi

log "building protobuf-lite $(cat "$SOURCE_DIR/.version") for wasm ($EXCEPTION_FLAGS) into $PREFIX"
rm -rf "$PREFIX"
mkdir -p "$BUILD_DIR"
emcmake cmake -S "$SOURCE_DIR" -B "$BUILD_DIR" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="$EXCEPTION_FLAGS" \
  -Dprotobuf_BUILD_TESTS=OFF \
  -Dprotobuf_BUILD_PROTOC_BINARIES=OFF \
  -Dprotobuf_BUILD_SHARED_LIBS=OFF \
  -Dprotobuf_WITH_ZLIB=OFF \
  -Dprotobuf_INSTALL=OFF >"$BUILD_DIR/configure.log" 2>&1 ||
  {
    cat "$BUILD_DIR/configure.log" >&2
    exit 1
  }
# Only the lite runtime: the full libprotobuf (what `cmake --install` would
# also want) is never linked into a module.
cmake --build "$BUILD_DIR" --target libprotobuf-lite -j2 >"$BUILD_DIR/build.log" 2>&1 ||
  {
    tail -n 40 "$BUILD_DIR/build.log" >&2
    exit 1
  }

# Install by hand: the library and every public header (.h plus the .inc
# files protobuf's headers include), laid out as under /usr/include.
mkdir -p "$PREFIX/lib" "$PREFIX/include"
cp "$BUILD_DIR/libprotobuf-lite.a" "$PREFIX/lib/"
(cd "$SOURCE_DIR/src" && find google -name '*.h' -o -name '*.inc' | grep -v -e '/testing/' -e '_test' |
  xargs cp --parents -t "$PREFIX/include")
echo "$STAMP_TEXT" >"$STAMP"
log "done: $PREFIX/lib/libprotobuf-lite.a ($(stat -c %s "$PREFIX/lib/libprotobuf-lite.a") bytes)"
