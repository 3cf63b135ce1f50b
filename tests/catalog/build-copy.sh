#!/usr/bin/env bash
# Builds a copy of this repository with extra codec or workload folders, the
# way a contributor adds one: the folder alone, no other edit. For the catalog
# tests (a fake codec, a toy workload), which then run the JS runners against
# <dest>/build/wasm and <dest>/build/native-release.
#
#   tests/catalog/build-copy.sh [--native-only] <dest> [folder...]
#
# Each folder is copied to <dest>/src/workloads/<name> when its CMakeLists.txt
# declares a workload (wcb_workload), else to <dest>/src/codecs/<name>. The
# copy holds the repository's files (git ls-files: tracked and new, not
# ignored; no build trees), node_modules is linked, and the build keeps only
# `raw` and the added codecs (-DWCB_CODECS), reusing this checkout's cached
# protobuf-lite for wasm. Native: the runner, without the Catch2 tests.
# --native-only: the native runner alone (no wasm build), for the
# native catalog test (toy-native.sh).
#
# Environment: WCB_COPY_CODECS overrides the codec list (e.g. "raw;json;fake").
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
native_only=0
if [ "${1:-}" = --native-only ]; then
  native_only=1
  shift
fi
if [ $# -lt 1 ]; then
  echo "usage: tests/catalog/build-copy.sh [--native-only] <dest> [codec or workload folder...]" >&2
  exit 2
fi
DEST="$(realpath -m "$1")"
shift
case "$DEST" in
  "$ROOT" | "$ROOT"/src | "$ROOT"/src/*)
    echo "build-copy: <dest> must be outside the repository's sources ($DEST)" >&2
    exit 2
    ;;
esac

log() { echo "build-copy: $*"; }
start=$SECONDS

mkdir -p "$DEST"
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard) |
  (cd "$ROOT" && while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done) |
  (cd "$ROOT" && xargs -0 cp --parents -t "$DEST")
[ -e "$DEST/node_modules" ] || ln -s "$ROOT/node_modules" "$DEST/node_modules"

codecs="raw"
for folder in "$@"; do
  folder="$(realpath "$folder")"
  name="$(basename "$folder")"
  if [ ! -f "$folder/CMakeLists.txt" ]; then
    echo "build-copy: $folder has no CMakeLists.txt" >&2
    exit 2
  fi
  if grep -q '^[[:space:]]*wcb_workload(' "$folder/CMakeLists.txt"; then
    target="$DEST/src/workloads/$name"
  else
    target="$DEST/src/codecs/$name"
    codecs="$codecs;$name"
  fi
  rm -rf "$target"
  cp -r "$folder" "$target"
  log "added ${target#"$DEST"/}"
done
codecs="${WCB_COPY_CODECS:-$codecs}"

log "native build (codecs $codecs)"
# The addon stays configured even for --native-only (which builds the runner
# alone): its position-independent flags are those of build/native-release,
# so the compiler cache serves the copy's objects from that build.
cmake -S "$DEST" -B "$DEST/build/native-release" -DCMAKE_BUILD_TYPE=Release -DWCB_BUILD_TESTS=OFF \
  -DWCB_CODECS="$codecs" >"$DEST/build-native.log" 2>&1 || {
  cat "$DEST/build-native.log" >&2
  exit 1
}
target=()
[ "$native_only" = 1 ] && target=(--target wcb_native_bench)
cmake --build "$DEST/build/native-release" -j2 "${target[@]}" >>"$DEST/build-native.log" 2>&1 || {
  tail -n 40 "$DEST/build-native.log" >&2
  exit 1
}
if [ "$native_only" = 1 ]; then
  log "done in $((SECONDS - start)) s: $DEST/build/native-release/src/native/wcb_native_bench"
  exit 0
fi

log "wasm build (codecs $codecs)"
WCB_CACHE_DIR="$ROOT/.cache" WCB_PROTOBUF_WASM_PREFIX="${WCB_PROTOBUF_WASM_PREFIX:-$ROOT/.cache/protobuf-wasm}" \
  bash "$DEST/scripts/build-wasm.sh" -DWCB_CODECS="$codecs" >"$DEST/build-wasm.log" 2>&1 || {
  tail -n 40 "$DEST/build-wasm.log" >&2
  exit 1
}
log "done in $((SECONDS - start)) s: $DEST/build/wasm/build-info.json, $DEST/build/native-release/catalog.json"
