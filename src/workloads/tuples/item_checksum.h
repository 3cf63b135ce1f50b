// Order-sensitive 32-bit checksum over items, computed identically in C++
// (here) and JS (src/workloads/tuples/item-checksum.mjs): FNV-1a over 32-bit words, each
// item contributing x, then the low and high words of y and of z.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>

#include "workloads/tuples/item.h"

namespace wcb {

inline constexpr std::uint32_t kChecksumSeed = 2166136261u;
inline constexpr std::uint32_t kChecksumPrime = 16777619u;

inline std::uint32_t checksum_word(std::uint32_t hash, std::uint32_t word) {
  return (hash ^ word) * kChecksumPrime;
}

inline std::uint32_t checksum(std::span<const Item> items) {
  std::uint32_t hash = kChecksumSeed;
  for (const Item& item : items) {
    std::uint64_t y_bits;
    std::uint64_t z_bits;
    std::memcpy(&y_bits, &item.y, sizeof y_bits);
    std::memcpy(&z_bits, &item.z, sizeof z_bits);
    hash = checksum_word(hash, static_cast<std::uint32_t>(item.x));
    hash = checksum_word(hash, static_cast<std::uint32_t>(y_bits));
    hash = checksum_word(hash, static_cast<std::uint32_t>(y_bits >> 32));
    hash = checksum_word(hash, static_cast<std::uint32_t>(z_bits));
    hash = checksum_word(hash, static_cast<std::uint32_t>(z_bits >> 32));
  }
  return hash;
}

}  // namespace wcb
