#!/usr/bin/env bash
# The main job: installs what is missing, builds, then runs the Node
# benchmark (`npm run bench:node`) with its defaults. Extra arguments go to
# the runner, e.g. `scripts/bench.sh --quick` or `scripts/bench.sh --help`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build-wasm.sh >/dev/null
# The Node-API addon: bench:node measures the same codecs through it.
bash scripts/build-native.sh native-release wcb_addon >/dev/null
npm run --silent bench:node -- "$@"
