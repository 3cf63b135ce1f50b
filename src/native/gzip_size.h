// Size of bytes once gzipped the way `gzip` and Node's zlib.gzipSync do by
// default (level 6, gzip framing), the number the seeds compare.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace wcb {

// Throws std::runtime_error if zlib fails (out of memory).
std::size_t gzip_size(std::span<const std::uint8_t> bytes);

}  // namespace wcb
