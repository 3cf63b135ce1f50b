#!/usr/bin/env bash
# Fuzzes each codec's decoder with libFuzzer (clang, AddressSanitizer +
# UndefinedBehaviorSanitizer, tests/fuzz/) for a given time, one decoder after
# the other or --jobs at a time, and prints the executions per decoder and any crash.
#
#   scripts/fuzz.sh [--seconds N] [--message-seconds N] [--document-seconds N] [--jobs N] [--update-corpus] [decoder...]
#
#   --seconds N          fuzzing time per decoder (default: $WCB_FUZZ_SECONDS, else 60)
#   --message-seconds N  fuzzing time per message decoder (default: $WCB_FUZZ_MESSAGE_SECONDS,
#                        else the --seconds value)
#   --document-seconds N fuzzing time per document decoder (default: $WCB_FUZZ_DOCUMENT_SECONDS,
#                        else the --seconds value)
#   --jobs N             decoders fuzzed side by side, one core each (default:
#                        $WCB_FUZZ_JOBS, else 1)
#   --update-corpus      afterwards, add the inputs that reach new code to the
#                        committed corpus tests/fuzz/corpus/<decoder>/
#   decoder...           a tuple codec (json), a message codec of the messages
#                        workload (json_messages) or a document codec of the documents
#                        workload (json_documents); default: every one of the build,
#                        tuple decoders first, then message, then document decoders
#
# The build lives in build/fuzz. Each fuzzer starts from valid encodings
# (wcb_fuzz_seeds -> build/fuzz/seeds/: the dataset's first growth steps; for
# a message decoder, each record's encoding after a byte naming its kind) and
# the committed corpus, and keeps what it finds in build/fuzz/corpus/<decoder>/
# (reused by the next run). A crash, leak, hang, sanitizer report or broken
# codec contract (tests/fuzz/decode_fuzzer.cpp, message_decode_fuzzer.cpp) is
# saved under build/fuzz/artifacts/<decoder>/; reproduce it with
#   build/fuzz/tests/fuzz/wcb_fuzz_<decoder> <that file>
# and, once fixed, commit it as tests/fuzz/corpus/<decoder>/crash-<what> (the
# Catch2 suite replays the corpus). Exits non-zero when a decoder failed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$ROOT/build/fuzz"
FUZZ_DIR="$BUILD_DIR/tests/fuzz"
CORPUS_DIR="$ROOT/tests/fuzz/corpus"

usage() { sed -n '6,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

seconds="${WCB_FUZZ_SECONDS:-60}"
message_seconds="${WCB_FUZZ_MESSAGE_SECONDS:-}"
document_seconds="${WCB_FUZZ_DOCUMENT_SECONDS:-}"
jobs="${WCB_FUZZ_JOBS:-1}"
update_corpus=0
codecs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds)
      [ $# -ge 2 ] || { echo "fuzz.sh: --seconds needs a value" >&2; exit 2; }
      seconds="$2"
      shift 2
      ;;
    --seconds=*)
      seconds="${1#--seconds=}"
      shift
      ;;
    --message-seconds)
      [ $# -ge 2 ] || { echo "fuzz.sh: --message-seconds needs a value" >&2; exit 2; }
      message_seconds="$2"
      shift 2
      ;;
    --message-seconds=*)
      message_seconds="${1#--message-seconds=}"
      shift
      ;;
    --document-seconds)
      [ $# -ge 2 ] || { echo "fuzz.sh: --document-seconds needs a value" >&2; exit 2; }
      document_seconds="$2"
      shift 2
      ;;
    --document-seconds=*)
      document_seconds="${1#--document-seconds=}"
      shift
      ;;
    --jobs)
      [ $# -ge 2 ] || { echo "fuzz.sh: --jobs needs a value" >&2; exit 2; }
      jobs="$2"
      shift 2
      ;;
    --jobs=*)
      jobs="${1#--jobs=}"
      shift
      ;;
    --update-corpus)
      update_corpus=1
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    -*)
      echo "fuzz.sh: unknown option $1" >&2
      usage >&2
      exit 2
      ;;
    *)
      codecs+=("$1")
      shift
      ;;
  esac
done
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz.sh: --seconds (or WCB_FUZZ_SECONDS) must be a whole number of seconds >= 1, got '$seconds'" >&2
  exit 2
fi
message_seconds="${message_seconds:-$seconds}"
if ! [[ "$message_seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz.sh: --message-seconds (or WCB_FUZZ_MESSAGE_SECONDS) must be a whole number of seconds >= 1, got '$message_seconds'" >&2
  exit 2
fi
document_seconds="${document_seconds:-$seconds}"
if ! [[ "$document_seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz.sh: --document-seconds (or WCB_FUZZ_DOCUMENT_SECONDS) must be a whole number of seconds >= 1, got '$document_seconds'" >&2
  exit 2
fi
if ! [[ "$jobs" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz.sh: --jobs (or WCB_FUZZ_JOBS) must be a whole number >= 1, got '$jobs'" >&2
  exit 2
fi

cd "$ROOT"
mkdir -p "$BUILD_DIR/logs"
build_log="$BUILD_DIR/logs/build.log"
# Quiet unless the build fails.
if ! {
  if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
    # RelWithDebInfo: optimized like the benchmarked code, with line numbers
    # in the sanitizer reports.
    cmake -S . -B "$BUILD_DIR" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DWCB_FUZZ=ON -DWCB_BUILD_TESTS=OFF -DWCB_SANITIZE=fuzzer-no-link,address,undefined
  fi
  cmake --build "$BUILD_DIR" -j2 --target wcb_fuzz_all
} >"$build_log" 2>&1; then
  cat "$build_log" >&2
  echo "fuzz.sh: the fuzz build failed (log: $build_log)" >&2
  exit 1
fi

# Every decoder of the build: tuple decoders, then message decoders, then document decoders.
built_decoders() { (cd "$FUZZ_DIR" && ls wcb_fuzz_* | sed -n 's/^wcb_fuzz_//p' | grep -vx 'seeds\|all'); }
if [ ${#codecs[@]} -eq 0 ]; then
  mapfile -t codecs < <(
    built_decoders | grep -v '_messages$\|_documents$'
    built_decoders | grep '_messages$'
    built_decoders | grep '_documents$'
  )
fi
for codec in "${codecs[@]}"; do
  if [ ! -x "$FUZZ_DIR/wcb_fuzz_$codec" ]; then
    echo "fuzz.sh: no fuzzer for codec '$codec' (built: $(built_decoders | tr '\n' ' '))" >&2
    exit 2
  fi
done

rm -rf "$BUILD_DIR/seeds"
"$FUZZ_DIR/wcb_fuzz_seeds" "$BUILD_DIR/seeds" "${codecs[@]}" >/dev/null

# Per input: 10 s is a hang; one allocation over 256 MiB is a decoder
# trusting a claimed length (inputs are at most 8 KiB).
FUZZ_OPTIONS=(-timeout=10 -malloc_limit_mb=256 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1)

# One decoder: fuzz it, then write its summary line to $BUILD_DIR/logs/<decoder>.summary
# and, when it failed, its report to <decoder>.report (printed in order below).
fuzz_one() {
  local codec="$1"
  local work="$BUILD_DIR/corpus/$codec"
  local artifacts="$BUILD_DIR/artifacts/$codec"
  local log="$BUILD_DIR/logs/$codec.log"
  local report="$BUILD_DIR/logs/$codec.report"
  mkdir -p "$work" "$artifacts" "$CORPUS_DIR/$codec"
  rm -f "$report"
  local time_limit="$seconds"
  if [[ "$codec" == *_messages ]]; then time_limit="$message_seconds"; fi
  if [[ "$codec" == *_documents ]]; then time_limit="$document_seconds"; fi
  printf 'fuzzing %s for %s s ...\n' "$codec" "$time_limit"
  local status=0
  "$FUZZ_DIR/wcb_fuzz_$codec" "${FUZZ_OPTIONS[@]}" -max_total_time="$time_limit" \
    -artifact_prefix="$artifacts/" "$work" "$BUILD_DIR/seeds/$codec" "$CORPUS_DIR/$codec" >"$log" 2>&1 ||
    status=$?
  local execs rate rss units result
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
  rss="$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)"
  units="$(find "$work" -type f | wc -l)"
  if [ "$status" -eq 0 ]; then
    result="ok"
  else
    result="FAILED (exit $status)"
    {
      echo "---- $codec: the fuzzer stopped ($log):"
      # From the first report line (sanitizer, libFuzzer's timeout, leak or
      # out-of-memory, or the target's contract check) on; else the log's end.
      local first
      first="$(grep -n -m1 -E '==ERROR|runtime error|^\*\*\* .* broke its contract|ERROR: libFuzzer' "$log" | cut -d: -f1)"
      if [ -n "$first" ]; then sed -n "${first},$((first + 79))p" "$log"; else tail -n 40 "$log"; fi
      echo "---- inputs saved in $artifacts/:"
      ls -l "$artifacts"
    } >"$report"
  fi
  printf '%-20s %6s s %12s execs %9s execs/s %6s corpus  %5s MB peak  %s\n' "$codec" "$time_limit" \
    "${execs:-?}" "${rate:-?}" "$units" "${rss:-?}" "$result" >"$BUILD_DIR/logs/$codec.summary"
  if [ "$update_corpus" -eq 1 ] && [ "$status" -eq 0 ]; then
    local before after
    before="$(find "$CORPUS_DIR/$codec" -type f | wc -l)"
    "$FUZZ_DIR/wcb_fuzz_$codec" -set_cover_merge=1 -use_counters=0 -max_len=8192 "$CORPUS_DIR/$codec" "$work" "$BUILD_DIR/seeds/$codec" >>"$log" 2>&1
    after="$(find "$CORPUS_DIR/$codec" -type f | wc -l)"
    echo "$codec: tests/fuzz/corpus/$codec/ now holds $after inputs ($((after - before)) added)"
  fi
}

# Each fuzzer is one process on one core: --jobs of them run side by side,
# each for its whole time, so a decoder gets the same executions as alone.
for codec in "${codecs[@]}"; do rm -f "$BUILD_DIR/logs/$codec.summary" "$BUILD_DIR/logs/$codec.report"; done
for codec in "${codecs[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_one "$codec" &
done
wait

failed=()
for codec in "${codecs[@]}"; do
  if [ -f "$BUILD_DIR/logs/$codec.report" ] || [ ! -f "$BUILD_DIR/logs/$codec.summary" ]; then
    cat "$BUILD_DIR/logs/$codec.report" 2>/dev/null || echo "---- $codec: fuzz.sh stopped before its summary"
    failed+=("$codec")
  fi
done

echo
echo "== fuzzing totals (libFuzzer + ASan/UBSan, build/fuzz)"
for codec in "${codecs[@]}"; do cat "$BUILD_DIR/logs/$codec.summary" 2>/dev/null || true; done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: decoder(s) failed: ${failed[*]} (logs in $BUILD_DIR/logs/)" >&2
  exit 1
fi
