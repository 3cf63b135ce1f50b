#!/usr/bin/env bash
# Configures and builds one native preset (default native-release): codecs,
# the native runner, the Node-API addon and the Catch2 tests; or, when
# targets follow the preset, just those (scripts/bench.sh: the addon).
#
#   scripts/build-native.sh [preset] [target...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PRESET="${1:-native-release}"
shift || true
cd "$ROOT"
if [ ! -f "build/$PRESET/CMakeCache.txt" ]; then
  cmake --preset "$PRESET" >/dev/null
fi
if [ $# -gt 0 ]; then
  cmake --build --preset "$PRESET" --target "$@"
else
  cmake --build --preset "$PRESET"
fi
