// Watches the program's heap allocations (operator new is replaced for the
// whole test binary in allocation_tracker.cpp), so a test can assert that a
// hostile length field did not make a codec reserve gigabytes, or that a
// repeated encode reuses its buffers.
#pragma once

#include <cstddef>

namespace wcb::test {

// Counts allocations from its construction on. Not nestable: constructing a
// watch restarts the counters. The tests are single-threaded.
class AllocationWatch {
 public:
  AllocationWatch();
  // Number of operator new calls since construction.
  std::size_t count() const;
  // Largest single request since construction, in bytes.
  std::size_t largest() const;
};

}  // namespace wcb::test
