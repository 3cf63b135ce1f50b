// The per-call protocol (the per-call workload's spec, "Measurement", the same
// as its measure.mjs) for one operation: calibrate the calls
// per repetition so that one repetition takes at least min_rep_ms, run
// `warmup` untimed repetitions and `repetitions` timed ones, and report
// operations per second. Every repetition is prepared and checked outside
// its timing (Around).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/clock.h"
#include "core/codec.h"
#include "stats.h"
#include "timing.h"

namespace wcb {

// One operation's speed: ops/s of each timed repetition (callsPerRep /
// seconds) and what the results schema derives from it.
struct OpsStats {
  Stats ops_per_sec;
  double ns_per_op = 0.0;  // 1e9 / median ops/s
  std::uint64_t calls_per_rep = 0;
};

// Calibration never goes past this many calls per repetition, so a call
// the compiler made free cannot hang the run (as in the JS measure.mjs).
inline constexpr std::uint64_t kMaxCallsPerRep = std::uint64_t{1} << 30;

// A clock that cannot see a repetition counts it as one nanosecond, as in
// the JS measure.mjs, so ops/s stays finite.
inline constexpr double kSmallestRepMs = 1e-6;

// What runs around each repetition, outside its timing: `prepare` before it
// (filling a decode output with the sentinel state), `check` after it
// (comparing the last call's output with the sample).
template <typename Prepare, typename Check>
struct Around {
  Prepare prepare;
  Check check;
};
template <typename Prepare, typename Check>
Around(Prepare, Check) -> Around<Prepare, Check>;

// Runs `call` (which returns a Status) `calls` times between `around`'s
// prepare and check; `elapsed_ms` is the time the calls took. Stops at the
// first failure.
template <typename Call, typename Hooks>
Status repetition(Call& call, Hooks& around, std::uint64_t calls, double& elapsed_ms) {
  around.prepare();
  const double start = now_ms();
  for (std::uint64_t i = 0; i < calls; ++i) {
    if (Status status = call(); !status) return status;
  }
  elapsed_ms = now_ms() - start;
  return around.check();
}

// The protocol for one operation: callsPerRep doubles from 1 until a
// repetition takes at least min_rep_ms; each warm-up repetition doubles it
// again if it fell short (a cold first call can stop calibration early);
// then the timed repetitions. Every repetition is checked.
template <typename Call, typename Hooks>
Status measure_calls(const Protocol& protocol, Call&& call, Hooks around, OpsStats& result) {
  double elapsed_ms = 0;
  std::uint64_t calls = 1;
  while (true) {
    if (Status status = repetition(call, around, calls, elapsed_ms); !status) return status;
    if (elapsed_ms >= protocol.min_rep_ms || calls >= kMaxCallsPerRep) break;
    calls *= 2;
  }
  for (int i = 0; i < protocol.warmup; ++i) {
    if (Status status = repetition(call, around, calls, elapsed_ms); !status) return status;
    if (elapsed_ms < protocol.min_rep_ms && calls < kMaxCallsPerRep) calls *= 2;
  }
  std::vector<double> ops_per_second;
  ops_per_second.reserve(static_cast<std::size_t>(protocol.repetitions));
  for (int i = 0; i < protocol.repetitions; ++i) {
    if (Status status = repetition(call, around, calls, elapsed_ms); !status) return status;
    ops_per_second.push_back(static_cast<double>(calls) / (std::max(elapsed_ms, kSmallestRepMs) / 1000.0));
  }
  result.ops_per_sec = summarize(std::move(ops_per_second));
  result.ns_per_op = 1e9 / result.ops_per_sec.median;
  result.calls_per_rep = calls;
  return Status::success();
}

}  // namespace wcb
