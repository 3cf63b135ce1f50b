#include "compress/compressor.h"

#include <zlib.h>

#include <algorithm>
#include <limits>
#include <new>

namespace wcb::compress {

namespace {

// zlib's windowBits: 15 (a 32 KiB window, what every gzip tool writes) plus
// 16 for the gzip wrapper, or negated for raw deflate.
int window_bits(Format format) { return format == Format::gzip ? 15 + 16 : -15; }

// "gzip (zlib 1.2.13)", "gzip decompress (zlib 1.2.13)": who failed, in an error (the JS compressors are
// named alike: src/harness/compressed-path.mjs).
std::string named(std::string_view action) { return std::string(action) + " (" + library_version() + ")"; }

std::string compressor_name(Format format) { return named(format_name(format)); }

std::string decompressor_name(Format format) {
  return named(std::string(format_name(format)) + " decompress");
}

// zlib's own message for a stream error, or a word for the code.
std::string problem_of(const z_stream& stream, int code) {
  if (stream.msg != nullptr) return stream.msg;
  switch (code) {
    case Z_MEM_ERROR:
      return "out of memory";
    case Z_BUF_ERROR:
      return "the input ends in the middle of the stream";
    case Z_DATA_ERROR:
      return "the input is not a valid stream";
    default:
      return "zlib error " + std::to_string(code);
  }
}

// zlib counts in uInt (32 bits): a span longer than that is fed in pieces.
constexpr std::size_t kMaxChunk = std::numeric_limits<uInt>::max();

}  // namespace

std::optional<Format> format_of(int id) {
  if (id == static_cast<int>(Format::gzip)) return Format::gzip;
  if (id == static_cast<int>(Format::deflate_raw)) return Format::deflate_raw;
  return std::nullopt;
}

std::string_view format_name(Format format) { return format == Format::gzip ? "gzip" : "deflate-raw"; }

std::string library_version() { return std::string("zlib ") + zlibVersion(); }

Status compress(Format format, int level, std::span<const std::uint8_t> input, Bytes& output) {
  output.clear();
  if (level != kDefaultLevel && (level < 0 || level > 9)) {
    return Status::failure(compressor_name(format),
                           "level " + std::to_string(level) + " is out of range (accepted: 0 to 9)");
  }
  if (input.size() > kMaxChunk) return Status::failure(compressor_name(format), "the input is 4 GiB or more");
  z_stream stream{};
  int code = deflateInit2(&stream, level, Z_DEFLATED, window_bits(format), 8, Z_DEFAULT_STRATEGY);
  if (code != Z_OK) return Status::failure(compressor_name(format), problem_of(stream, code));
  try {
    // deflateBound is the worst case: one allocation, one call.
    output.resize(deflateBound(&stream, static_cast<uLong>(input.size())));
    stream.next_in = const_cast<Bytef*>(input.data());
    stream.avail_in = static_cast<uInt>(input.size());
    stream.next_out = output.data();
    stream.avail_out = static_cast<uInt>(output.size());
    code = deflate(&stream, Z_FINISH);
  } catch (const std::bad_alloc&) {
    code = Z_MEM_ERROR;
  }
  const std::size_t produced = stream.total_out;
  const std::string problem = code == Z_STREAM_END ? "" : problem_of(stream, code);
  deflateEnd(&stream);
  if (!problem.empty()) {
    output.clear();
    return Status::failure(compressor_name(format), problem);
  }
  output.resize(produced);
  return Status::success();
}

Status decompress(Format format, std::span<const std::uint8_t> input, Bytes& output, std::size_t max_output) {
  output.clear();
  const std::string name = decompressor_name(format);
  if (input.empty()) return Status::failure(name, "the input is empty");
  z_stream stream{};
  int code = inflateInit2(&stream, window_bits(format));
  if (code != Z_OK) return Status::failure(name, problem_of(stream, code));
  std::string problem;
  try {
    // Text and tuples compress 3-20x: start at 4x and double.
    output.resize(std::min(max_output, std::max<std::size_t>(input.size() * 4, 256)));
    std::size_t consumed = 0;
    std::size_t produced = 0;
    code = Z_OK;
    while (code != Z_STREAM_END) {
      if (produced == output.size()) {
        if (output.size() >= max_output) {
          problem = "the stream inflates past " + std::to_string(max_output) + " bytes";
          break;
        }
        output.resize(std::min(max_output, output.size() * 2));
      }
      const std::size_t in_chunk = std::min(input.size() - consumed, kMaxChunk);
      const std::size_t room = std::min(output.size() - produced, kMaxChunk);
      stream.next_in = const_cast<Bytef*>(input.data() + consumed);
      stream.avail_in = static_cast<uInt>(in_chunk);
      stream.next_out = output.data() + produced;
      stream.avail_out = static_cast<uInt>(room);
      code = inflate(&stream, Z_NO_FLUSH);
      consumed += in_chunk - stream.avail_in;
      produced += room - stream.avail_out;
      if (code == Z_STREAM_END) break;
      if (code == Z_BUF_ERROR && consumed == input.size() && stream.avail_out > 0) {
        problem = "the input ends in the middle of the stream (truncated)";
        break;
      }
      if (code != Z_OK && code != Z_BUF_ERROR) {
        problem = problem_of(stream, code);
        break;
      }
    }
    if (problem.empty() && consumed != input.size()) {
      problem = std::to_string(input.size() - consumed) + " bytes follow the end of the stream";
    }
    inflateEnd(&stream);
    if (!problem.empty()) {
      output.clear();
      return Status::failure(name, problem);
    }
    output.resize(produced);
    return Status::success();
  } catch (const std::bad_alloc&) {
    inflateEnd(&stream);
    output.clear();
    return Status::failure(name, "out of memory");
  }
}

}  // namespace wcb::compress
