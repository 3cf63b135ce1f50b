// Summary statistics of the timed repetitions of one operation.
//
// Quantiles interpolate linearly between the two nearest order statistics
// (position q * (n - 1) in the sorted samples), so the median of an even
// count is the mean of the middle two. MAD is the median of the absolute
// deviations from the median, unscaled.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <span>
#include <vector>

namespace wcb {

struct Stats {
  double median = 0.0;
  double min = 0.0;
  double max = 0.0;
  double mean = 0.0;
  double mad = 0.0;
  double p75 = 0.0;
  std::size_t n = 0;
  std::vector<double> samples;  // in the order they were taken
};

// `sorted` must be sorted ascending and not empty; 0 <= q <= 1.
inline double quantile_of_sorted(std::span<const double> sorted, double q) {
  const double position = q * static_cast<double>(sorted.size() - 1);
  const std::size_t below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = position - static_cast<double>(below);
  return sorted[below] + (sorted[above] - sorted[below]) * fraction;
}

inline Stats summarize(std::vector<double> samples) {
  Stats stats;
  stats.n = samples.size();
  if (samples.empty()) return stats;
  std::vector<double> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  stats.min = sorted.front();
  stats.max = sorted.back();
  stats.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size());
  stats.median = quantile_of_sorted(sorted, 0.5);
  stats.p75 = quantile_of_sorted(sorted, 0.75);
  std::vector<double> deviations;
  deviations.reserve(sorted.size());
  for (double sample : sorted) deviations.push_back(std::abs(sample - stats.median));
  std::sort(deviations.begin(), deviations.end());
  stats.mad = quantile_of_sorted(deviations, 0.5);
  stats.samples = std::move(samples);
  return stats;
}

}  // namespace wcb
