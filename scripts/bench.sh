#!/usr/bin/env bash
# The main job: installs what is missing, builds, then runs the Node
# benchmark (`npm run bench:node`) with its defaults. Extra arguments go to
# the runner, e.g. `scripts/bench.sh --quick` or `scripts/bench.sh --help`.
# `--runtime bun` (node@24, deno, a list, all) runs it in another runtime,
# installed from npm on first use. `scripts/bench.sh --answer [--minutes N]`
# runs the README's whole answer for this machine instead (node/answer.mjs):
# Node 24, Bun and Deno with the addon and every browser, at most 30
# minutes, and prints its table.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# Help needs nothing installed or built: the answer command's, then the
# runner's, both from the options table (src/options/table.mjs).
if [[ " $* " == *" --help "* || " $* " == *" -h "* ]]; then
  node node/answer.mjs --help && echo && exec node node/bench.mjs --help
fi
# A Node run needs no browser; the answer command measures them too.
if [[ "${1:-}" == --answer ]]; then
  bash scripts/setup.sh --browsers
else
  bash scripts/setup.sh
fi
# The Node-API addon (bench:node measures the same codecs through it) builds
# beside the wasm modules: neither keeps both cores busy alone
# (docs/decisions/test-speed.md#quick-from-bare).
bash scripts/build-native.sh native-release wcb_addon >/dev/null &
addon=$!
trap 'kill "$addon" 2>/dev/null || true' EXIT
bash scripts/build-wasm.sh >/dev/null
wait "$addon"
if [[ "${1:-}" == --answer ]]; then
  shift
  exec node node/answer.mjs "$@"
fi
npm run --silent bench:node -- "$@"
