// What every workload's measurement shares: the protocol's settings, one
// timed call, the prefix of a repetition's failure, the warm-up rule of
// src/harness/payload-measure.mjs, and what the results header records about the
// process (peak memory, timer resolution).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/clock.h"
#include "core/codec.h"
#include "stats.h"

namespace wcb {

// The warm-up goes on past `warmup` rounds until it has lasted this long, or
// this many rounds (as in src/harness/payload-measure.mjs).
inline constexpr double kMinWarmupMs = 200.0;
inline constexpr int kMaxWarmupRounds = 30;

struct Protocol {
  // Per payload: warm-up rounds (an encode and a decode each), at least this
  // many and more until min_warmup_ms, at most kMaxWarmupRounds; none when 0.
  // Per call: untimed repetitions before the timed ones.
  int warmup = 2;
  int repetitions = 7;
  // Per payload: the warm-up's minimum duration (tests set 0 to keep it short).
  double min_warmup_ms = kMinWarmupMs;
  // Per call: calls per repetition double until one repetition takes at
  // least this long (per_call.h).
  double min_rep_ms = 20.0;
};

// Every timed result is folded in here: a volatile store cannot be dropped,
// so neither can the work that produced the value.
inline volatile std::uint64_t g_timed_sink = 0;

inline void consume(std::uint64_t value) { g_timed_sink = g_timed_sink ^ value; }

// What a timed call wrote into a byte buffer: its size and last byte.
template <typename Buffer>
void consume_bytes(const Buffer& bytes) {
  consume(bytes.size() ^ (bytes.empty() ? 0 : bytes.back()));
}

// A measurement that failed with `error`, as the workload's run reports it.
template <typename Measurement>
Measurement failed(Measurement& measurement, std::string error) {
  measurement.ok = false;
  measurement.error = std::move(error);
  return std::move(measurement);
}

// "timed decode 3: ": the prefix of a failure in repetition `index` (0-based),
// built only when one fails.
inline std::string stage(const char* what, int index) {
  return std::string(what) + " " + std::to_string(index + 1) + ": ";
}

// Times one call of `operation` into `samples`; its failure, if any.
template <typename Operation>
Status time_once(Operation& operation, std::vector<double>& samples) {
  const double start = now_ms();
  Status status = operation();
  const double elapsed = now_ms() - start;
  if (status) samples.push_back(elapsed);
  return status;
}

// Whether warm-up round `round` (0-based) runs: at least `warmup` rounds,
// more until they have lasted min_warmup_ms since `start`, at most
// kMaxWarmupRounds; none when warmup is 0.
inline bool warming_up(int round, const Protocol& protocol, double start) {
  return round < protocol.warmup ||
         (protocol.warmup > 0 && round < kMaxWarmupRounds && now_ms() - start < protocol.min_warmup_ms);
}

// The per-payload protocol's timed part (src/harness/payload-measure.mjs): the
// warm-up (warming_up), then `repetitions` timed encodes, each checked by
// `check_encoded` after its timing, then `repetitions` timed decodes, each
// after `prepare` (the sentinel into the output, untimed) and checked by
// `check_decoded`. Empty, or the failure with its stage ("timed decode 3: ").
template <typename Encode, typename CheckEncoded, typename Prepare, typename Decode, typename CheckDecoded>
std::string time_encode_decode(const Protocol& protocol, Encode encode, CheckEncoded check_encoded,
                               Prepare prepare, Decode decode, CheckDecoded check_decoded,
                               Stats& encode_stats, Stats& decode_stats) {
  const double warmup_start = now_ms();
  for (int i = 0; warming_up(i, protocol, warmup_start); ++i) {
    if (Status status = encode(); !status) return "warm-up encode: " + status.message();
    prepare();
    if (Status status = decode(); !status) return "warm-up decode: " + status.message();
  }
  std::vector<double> samples;
  samples.reserve(static_cast<std::size_t>(protocol.repetitions));
  for (int i = 0; i < protocol.repetitions; ++i) {
    Status status = time_once(encode, samples);
    if (status) status = check_encoded();
    if (!status) return stage("timed encode", i) + status.message();
  }
  encode_stats = summarize(std::move(samples));
  samples = {};
  samples.reserve(static_cast<std::size_t>(protocol.repetitions));
  for (int i = 0; i < protocol.repetitions; ++i) {
    prepare();
    Status status = time_once(decode, samples);
    if (status) status = check_decoded();
    if (!status) return stage("timed decode", i) + status.message();
  }
  decode_stats = summarize(std::move(samples));
  return {};
}

// What --warmup N means for a per-payload protocol (warming_up), for --help.
inline std::string per_payload_warmup_rule() {
  return "at least N rounds, more until they have lasted " + std::to_string(static_cast<int>(kMinWarmupMs)) +
         " ms, at most " + std::to_string(kMaxWarmupRounds) + ", none when 0";
}

// Peak resident set size of this process (getrusage), in bytes.
std::uint64_t peak_rss_bytes();

// Smallest step of wcb::now_ms() observed, in milliseconds.
double timer_resolution_ms();

}  // namespace wcb
