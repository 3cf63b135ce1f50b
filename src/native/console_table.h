// What a person watching a run sees; measuring never prints. Progress goes
// to stderr, the per-size tables to stdout.
#pragma once

#include <ostream>
#include <span>

#include "core/dataset.h"
#include "measure.h"

namespace wcb {

// One line once a codec is measured on a size step.
void print_progress(std::ostream& out, const GrowthStep& step, const CodecMeasurement& measurement);

// The table of one size step: times (medians), throughputs and sizes.
void print_step_table(std::ostream& out, const GrowthStep& step,
                      std::span<const CodecMeasurement> measurements);

}  // namespace wcb
