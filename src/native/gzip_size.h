// Size of bytes once gzipped the way `gzip` and Node's zlib.gzipSync do by
// default (level 6, gzip framing), the number the seeds compare; or at
// another level (a workload may also report level 9, gzip -9).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace wcb {

inline constexpr int kGzipDefaultLevel = 6;
inline constexpr int kGzipBestLevel = 9;

// Throws std::runtime_error if zlib fails (out of memory).
std::size_t gzip_size(std::span<const std::uint8_t> bytes, int level = kGzipDefaultLevel);

}  // namespace wcb
