// The tuples' sentinel item (its NaN: core/sentinel.h), and filling a decode
// output with it before every decode that counts.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "core/sentinel.h"
#include "workloads/tuples/item.h"

namespace wcb {

inline const Item kSentinelItem{std::numeric_limits<std::int32_t>::min(), kSentinelNan, kSentinelNan};

inline bool is_sentinel(const Item& item) { return same_bits(item, kSentinelItem); }

// Fills `items` with the sentinel at their current size (capacity kept).
inline void poison(std::span<Item> items) { std::fill(items.begin(), items.end(), kSentinelItem); }

// Resizes `items` to `count` (a decoder of `count` items then needs no
// reallocation) and fills them with the sentinel.
inline void poison(Items& items, std::size_t count) {
  items.resize(count);
  poison(std::span<Item>(items));
}

// A column of one field (the wasm module's x_out, y_out, z_out).
inline void poison(std::span<std::int32_t> column) {
  std::fill(column.begin(), column.end(), kSentinelItem.x);
}
inline void poison(std::span<double> column) { std::fill(column.begin(), column.end(), kSentinelItem.y); }

}  // namespace wcb
