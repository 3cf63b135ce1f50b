// The tags of the tagged form (docs/documents.md#the-tagged-form), shared by
// the documents workload (tags 0-7: JSON values) and the messages workload's
// `tagged` strategy, which adds a timestamp and bytes (8, 9). Kept apart from
// either reader so a messages module need not include the Document.
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
  kTagTimestamp = 8,  // messages only: float64 ms since the epoch (a JS Date)
  kTagBytes = 9,      // messages only: u32 length, then the bytes (a Uint8Array)
};

}  // namespace wcb
