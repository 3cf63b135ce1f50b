#!/usr/bin/env bash
# The toy workload (tests/fixtures/toy-workload: counters and its codec
# tally) in the native runner: a copy of the repository with the two folders
# added and no other edit (build-copy.sh --native-only), whose
# `wcb_native_bench --workload counters` must list tally, run it on both
# records, print their rows and write ok rows. Minutes of compiling, so the
# ctest runs it only when WCB_CATALOG_COPY_TESTS=1 (else exit 77, skipped).
#
#   tests/catalog/toy-native.sh [<dest>]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [ "${WCB_CATALOG_COPY_TESTS:-0}" != 1 ]; then
  echo "toy-native: skipped (set WCB_CATALOG_COPY_TESTS=1 to build a copy and run it)"
  exit 77
fi
# By default inside this build tree, so the compiler cache that scripts/test.sh
# sets up for the tree (its paths hashed relative to the tree) serves the copy too.
DEST="${1:-$ROOT/build/toy-native}"
[ $# -gt 0 ] || rm -rf "$DEST"
fail() {
  echo "toy-native: $*" >&2
  exit 1
}

bash "$ROOT/tests/catalog/build-copy.sh" --native-only "$DEST" \
  "$ROOT/tests/fixtures/toy-workload/counters" "$ROOT/tests/fixtures/toy-workload/tally"
bench="$DEST/build/native-release/src/native/wcb_native_bench"

"$bench" --help | grep -Eq -- '--workload W +tuples \(default\), .*counters' ||
  fail "--help does not offer --workload counters"
[ "$("$bench" --workload counters --list)" = "$(printf 'tally\ttally 1.0.0')" ] ||
  fail "--workload counters --list is not tally alone"

out="$DEST/native-counters.json"
"$bench" --workload counters --repetitions 2 --warmup 0 --out "$out" >"$DEST/stdout.txt" ||
  fail "the run failed: $(cat "$DEST/stdout.txt")"
cat "$DEST/stdout.txt"
for record in small large; do
  grep -Eq "^$record +tally +[0-9,]+ " "$DEST/stdout.txt" || fail "no printed row for $record"
done
node -e '
const results = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const rows = results.rows.map((row) => `${results.run.workload} ${row.codec} ${row.record} ${row.status}`);
const expected = ["counters tally small ok", "counters tally large ok"];
if (!results.run.finished || JSON.stringify(rows) !== JSON.stringify(expected)) {
  console.error(`toy-native: rows ${JSON.stringify(rows)}, expected ${JSON.stringify(expected)}`);
  process.exit(1);
}
' "$out"
# Another workload's option is refused, naming the workload that has it.
if "$bench" --workload counters --min-mb 1 2>"$DEST/stderr.txt"; then fail "--min-mb was accepted"; fi
grep -q -- "--min-mb applies to --workload tuples only (this run: --workload counters)" "$DEST/stderr.txt" ||
  fail "unexpected error: $(cat "$DEST/stderr.txt")"
echo "toy-native: ok ($DEST)"
