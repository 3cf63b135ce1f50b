// The sentinel that decode outputs are filled with before every decode that
// counts (verify, warm-up, timed), outside the timer. Decoders overwrite a
// reused output rather than clear it (core/codec.h), so without this a
// decoder that skipped its work would find the previous call's correct
// items still in place and pass verification.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "item.h"

namespace wcb {

// The dataset grows x by +1 from small seeds and holds only finite y and z
// (its JSON must round-trip), so neither INT32_MIN nor a NaN, let alone this
// payload, ever comes out of it: a sentinel left in place cannot match.
inline constexpr std::uint64_t kSentinelNanBits = 0x7ff8'5e47'1e15'0bad;
// __builtin_bit_cast: Emscripten 3.1.6's libc++ has no std::bit_cast.
inline constexpr double kSentinelNan = __builtin_bit_cast(double, kSentinelNanBits);
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
