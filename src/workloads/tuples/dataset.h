// The growing tuple dataset (docs/design.md#dataset), bit-identical to the JS generator
// in src/workloads/tuples/dataset.mjs (tests/native/dataset_test.cpp checks both
// against scripts/make-dataset-fixture.mjs's output).
//
// Start with four rows and grow by appending
//   rows.slice(0, Math.round(rows.length / f)).map(([x, y, z]) => [x + 1, y + 1/3, z + 1/3])
// with f = 8 while the payload's JSON text is at most 10 MiB, f = 4 above
// (decided from the size before each growth step). The payload is
// {"items":[{"x":..,"y":..,"z":..},...]} and its size is that of
// JSON.stringify's output.
#pragma once

#include <cstddef>
#include <span>

#include "workloads/tuples/item.h"

namespace wcb {

inline constexpr double kBytesPerMB = 1024.0 * 1024.0;
inline constexpr std::size_t kSlowGrowthAboveBytes = 10u * 1024u * 1024u;

struct GrowthStep {
  std::size_t index = 0;       // 0 for the four seed rows
  std::size_t count = 0;       // items in the payload
  std::size_t json_bytes = 0;  // length of JSON.stringify(payload)
  double json_mb() const { return static_cast<double>(json_bytes) / kBytesPerMB; }
};

class TupleDataset {
 public:
  TupleDataset();

  // Appends one growth step.
  void grow();
  // Grows until the payload's JSON size reaches at least `mb` MiB.
  void grow_to_mb(double mb);

  std::span<const Item> items() const { return items_; }
  GrowthStep step() const { return {index_, items_.size(), json_bytes_}; }

 private:
  void append(const Item& item);

  Items items_;
  std::size_t index_ = 0;
  std::size_t json_bytes_ = 0;
};

// Length of the text JS's Number.prototype.toString (and so JSON.stringify)
// prints for `value`.
std::size_t js_number_length(double value);

// Length of JSON.stringify({x, y, z}) for one item.
std::size_t js_item_json_length(const Item& item);

}  // namespace wcb
