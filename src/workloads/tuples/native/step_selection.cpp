#include "workloads/tuples/native/step_selection.h"

#include <algorithm>
#include <cmath>

namespace wcb {

std::vector<double> grid_targets(double min_mb, double max_mb, double per_decade) {
  std::vector<double> targets{min_mb};
  for (double k = std::floor(std::log10(min_mb) * per_decade) + 1;; k += 1) {
    const double target = std::pow(10.0, k / per_decade);
    if (target > max_mb) break;
    if (target > min_mb) targets.push_back(target);
  }
  return targets;
}

std::vector<GrowthStep> select_steps(const StepSelection& selection) {
  std::vector<GrowthStep> chosen;
  TupleDataset dataset;
  const double lowest = std::max(selection.min_mb, dataset.step().json_mb());
  const std::vector<double> targets = selection.per_decade > 0
                                          ? grid_targets(lowest, selection.max_mb, selection.per_decade)
                                          : std::vector<double>{};
  std::size_t next = 0;
  while (dataset.step().json_mb() <= selection.max_mb) {
    const GrowthStep step = dataset.step();
    const double mb = step.json_mb();
    if (mb >= lowest) {
      if (selection.per_decade == 0) {
        chosen.push_back(step);
      } else if (next < targets.size() && mb >= targets[next]) {
        chosen.push_back(step);
        while (next < targets.size() && targets[next] <= mb) ++next;
      }
    }
    dataset.grow();
  }
  return chosen;
}

}  // namespace wcb
