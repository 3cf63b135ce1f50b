#!/usr/bin/env bash
# Configures and builds one native preset (default native-release): codecs,
# the native runner and the Catch2 tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PRESET="${1:-native-release}"
cd "$ROOT"
if [ ! -f "build/$PRESET/CMakeCache.txt" ]; then
  cmake --preset "$PRESET" >/dev/null
fi
cmake --build --preset "$PRESET"
