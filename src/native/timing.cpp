#include "timing.h"

#include <sys/resource.h>

#include <limits>

namespace wcb {

std::uint64_t peak_rss_bytes() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024u;  // Linux reports KiB
}

double timer_resolution_ms() {
  double smallest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 100; ++i) {
    const double start = now_ms();
    double next = now_ms();
    while (next == start) next = now_ms();
    if (next - start < smallest) smallest = next - start;
  }
  return smallest;
}

}  // namespace wcb
