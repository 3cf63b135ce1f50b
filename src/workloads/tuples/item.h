// The record every codec carries: one row of the growing tuple dataset.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace wcb {

struct Item {
  std::int32_t x = 0;
  // Explicit padding, always zero. It makes the in-memory layout (and so the
  // `raw` codec's bytes) deterministic, and gives JS a fixed 24-byte stride
  // to write through Int32Array/Float64Array views of the wasm heap.
  std::int32_t reserved = 0;
  double y = 0.0;
  double z = 0.0;

  constexpr Item() = default;
  constexpr Item(std::int32_t x_, double y_, double z_) : x(x_), y(y_), z(z_) {}

  friend bool operator==(const Item&, const Item&) = default;
};

// The JS side relies on this layout (typed strategy): x at int32 index 6*i,
// y and z at float64 indexes 3*i+1 and 3*i+2.
static_assert(sizeof(Item) == 24);
static_assert(offsetof(Item, x) == 0);
static_assert(offsetof(Item, y) == 8);
static_assert(offsetof(Item, z) == 16);

// Bit-exact equality: distinguishes -0.0 from 0.0 and compares NaN payloads,
// which operator== on doubles does not.
// What JS accepts as an item's x: an integer number in int32 range, not -0
// (NaN fails the range test). The check of every boundary that reads items
// field by field (wasm's val, the addon's object) and of wasm-items.mjs.
inline bool is_item_x(double value) {
  return value >= INT32_MIN && value <= INT32_MAX && std::trunc(value) == value &&
         !(value == 0 && std::signbit(value));
}

inline bool same_bits(const Item& a, const Item& b) {
  return a.x == b.x && std::memcmp(&a.y, &b.y, sizeof(double)) == 0 &&
         std::memcmp(&a.z, &b.z, sizeof(double)) == 0;
}

// Same length and bit-identical items (NaN and -0.0 included).
inline bool same_items(std::span<const Item> a, std::span<const Item> b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!same_bits(a[i], b[i])) return false;
  }
  return true;
}

using Items = std::vector<Item>;

}  // namespace wcb
