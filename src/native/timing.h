// What the native runner's per-payload measures share (measure.cpp for
// tuples, document_measure.cpp for documents): one timed call, the prefix of
// a repetition's failure, and the warm-up rule of src/harness/measure.mjs.
#pragma once

#include <string>
#include <vector>

#include "core/clock.h"
#include "core/codec.h"
#include "measure.h"

namespace wcb {

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

}  // namespace wcb
