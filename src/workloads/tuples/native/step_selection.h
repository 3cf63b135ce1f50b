// Which growth steps of the tuple dataset a run measures: the same rule as
// selectSteps in src/workloads/tuples/dataset.mjs, so native, Node and browser rows
// land on the same payload sizes.
#pragma once

#include <vector>

#include "workloads/tuples/dataset.h"

namespace wcb {

struct StepSelection {
  double min_mb = 0.1;
  double max_mb = 30.0;
  // At most this many steps per factor of ten of JSON size; 0 keeps every step.
  double per_decade = 3.0;
};

// Sizes a sweep aims at: min_mb, then the points 10^(k / per_decade) above it
// up to max_mb (a fixed log grid, so runs with other bounds share sizes).
std::vector<double> grid_targets(double min_mb, double max_mb, double per_decade);

// Growth steps whose JSON size lies in [min_mb, max_mb], in growth order:
// with per_decade > 0 the first step at or above each grid target; with 0,
// every step.
std::vector<GrowthStep> select_steps(const StepSelection& selection);

}  // namespace wcb
