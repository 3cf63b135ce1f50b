// The tags of the tagged form (docs/documents.md#the-tagged-form), shared by
// the workloads whose `tagged` strategy carries JSON-like values: tags 0-7
// for JSON values, and 8 and 9 (a timestamp, bytes) for records. Kept apart
// from every reader so a workload includes only the tags.
#pragma once

#include <cstdint>

namespace wcb {

enum TaggedTag : std::uint8_t {
  kTagNull = 0,
  kTagFalse = 1,
  kTagTrue = 2,
  kTagInt32 = 3,
  kTagFloat64 = 4,
  kTagString = 5,
  kTagArray = 6,
  kTagObject = 7,
  kTagTimestamp = 8,  // records only: float64 ms since the epoch (a JS Date)
  kTagBytes = 9,      // records only: u32 length, then the bytes (a Uint8Array)
};

}  // namespace wcb
