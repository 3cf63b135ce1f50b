#include "gzip_size.h"

#include <zlib.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace wcb {

namespace {

constexpr int kGzipWindowBits = 15 + 16;  // 32 KiB window, +16 asks for a gzip header and trailer
constexpr int kMemLevel = 8;              // zlib's default
// Only the compressed size matters, so the output goes through a small
// buffer instead of being kept.
constexpr std::size_t kChunkBytes = 256 * 1024;

}  // namespace

std::size_t gzip_size(std::span<const std::uint8_t> bytes, int level) {
  z_stream stream{};
  if (deflateInit2(&stream, level, Z_DEFLATED, kGzipWindowBits, kMemLevel, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("gzip: deflateInit2 failed");
  }
  std::vector<unsigned char> chunk(kChunkBytes);
  std::size_t offset = 0;
  int result = Z_OK;
  do {
    // avail_in is 32-bit: feed huge inputs in slices.
    if (stream.avail_in == 0 && offset < bytes.size()) {
      const std::size_t slice =
          std::min<std::size_t>(bytes.size() - offset, std::numeric_limits<uInt>::max());
      stream.next_in = const_cast<unsigned char*>(bytes.data() + offset);
      stream.avail_in = static_cast<uInt>(slice);
      offset += slice;
    }
    stream.next_out = chunk.data();
    stream.avail_out = static_cast<uInt>(chunk.size());
    result = deflate(&stream, offset == bytes.size() ? Z_FINISH : Z_NO_FLUSH);
    if (result == Z_STREAM_ERROR) {
      deflateEnd(&stream);
      throw std::runtime_error("gzip: deflate failed");
    }
  } while (result != Z_STREAM_END);
  const std::size_t size = stream.total_out;
  deflateEnd(&stream);
  return size;
}

}  // namespace wcb
