// The compression stage's C++ half (src/compress/compressor.h): gzip and raw
// deflate round trips at every level, fixed streams written by another
// implementation (Python's gzip module) read back, and bad input (every
// truncation, bit flips, trailing bytes, the other format, a stream that
// inflates past its bound) a Status naming the compressor, never a crash
// (the native-asan build runs these under ASan and UBSan).
#include <catch2/catch.hpp>
#include <string>

#include "compress/compressor.h"
#include "test_support.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::compress::Format;

namespace {

const Format kFormats[] = {Format::gzip, Format::deflate_raw};

// A codec's real bytes: raw's encoding of the dataset (every build has raw).
Bytes codec_bytes(std::size_t count) {
  const auto codec = wcb::make_codec("raw");
  Bytes bytes;
  REQUIRE(codec->encode(wcb::test::dataset_items(count), bytes).ok());
  return bytes;
}

// "wasm-codec-bench " four times, compressed by Python 3's gzip.compress
// (mtime 0) and zlib.compressobj(6, DEFLATED, -15).
const Bytes kPythonGzip = {0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x2b, 0x4f, 0x2c, 0xce,
                           0xd5, 0x4d, 0xce, 0x4f, 0x49, 0x4d, 0xd6, 0x4d, 0x4a, 0xcd, 0x4b, 0xce, 0x50, 0x28,
                           0x27, 0x5d, 0x00, 0x00, 0x17, 0xfd, 0x41, 0xae, 0x44, 0x00, 0x00, 0x00};
const Bytes kPythonDeflateRaw = {0x2b, 0x4f, 0x2c, 0xce, 0xd5, 0x4d, 0xce, 0x4f, 0x49, 0x4d, 0xd6,
                                 0x4d, 0x4a, 0xcd, 0x4b, 0xce, 0x50, 0x28, 0x27, 0x5d, 0x00, 0x00};

std::string expected_text() {
  std::string text;
  for (int i = 0; i < 4; ++i) text += "wasm-codec-bench ";
  return text;
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

std::string decompressor_of(Format format) {
  return std::string(wcb::compress::format_name(format)) + " decompress (" +
         wcb::compress::library_version() + "): ";
}

}  // namespace

TEST_CASE("compress: gzip and raw deflate round trip at every level", "[compress]") {
  const Bytes input = codec_bytes(5000);
  for (const Format format : kFormats) {
    for (int level = -1; level <= 9; ++level) {
      CAPTURE(wcb::compress::format_name(format), level);
      Bytes compressed;
      REQUIRE(wcb::compress::compress(format, level, input, compressed).ok());
      if (level != 0) CHECK(compressed.size() < input.size() / 2);
      if (format == Format::gzip) CHECK((compressed[0] == 0x1f && compressed[1] == 0x8b));
      Bytes back;
      REQUIRE(wcb::compress::decompress(format, compressed, back).ok());
      CHECK(back == input);
    }
    // Nothing in, a valid empty stream out, and back.
    Bytes compressed;
    REQUIRE(wcb::compress::compress(format, -1, {}, compressed).ok());
    Bytes back{1, 2, 3};
    REQUIRE(wcb::compress::decompress(format, compressed, back).ok());
    CHECK(back.empty());
  }
}

TEST_CASE("compress: streams written by another implementation decompress", "[compress]") {
  const std::string text = expected_text();
  for (const auto& [format, stream] :
       {std::pair{Format::gzip, kPythonGzip}, std::pair{Format::deflate_raw, kPythonDeflateRaw}}) {
    Bytes back;
    REQUIRE(wcb::compress::decompress(format, stream, back).ok());
    CHECK(std::string(back.begin(), back.end()) == text);
  }
}

TEST_CASE("compress: bad input is a Status naming the compressor", "[compress][bad input]") {
  const Bytes input = codec_bytes(300);
  for (const Format format : kFormats) {
    CAPTURE(wcb::compress::format_name(format));
    Bytes compressed;
    REQUIRE(wcb::compress::compress(format, -1, input, compressed).ok());
    const std::string prefix = decompressor_of(format);
    Bytes out;
    // Every truncation.
    for (std::size_t length = 0; length < compressed.size(); ++length) {
      CAPTURE(length);
      const wcb::Status status = wcb::compress::decompress(format, std::span(compressed).first(length), out);
      REQUIRE_FALSE(status.ok());
      CHECK(starts_with(status.message(), prefix));
      CHECK(out.empty());
    }
    // Bytes after the end of the stream.
    Bytes trailing = compressed;
    trailing.push_back(0);
    const wcb::Status after = wcb::compress::decompress(format, trailing, out);
    REQUIRE_FALSE(after.ok());
    CHECK(after.message() == prefix + "1 bytes follow the end of the stream");
    // Bit flips: an error or (in a gzip header's free fields) the same bytes, never a crash.
    for (std::size_t i = 0; i < compressed.size(); ++i) {
      Bytes flipped = compressed;
      flipped[i] ^= 0x10;
      const wcb::Status status = wcb::compress::decompress(format, flipped, out);
      if (!status.ok()) CHECK(starts_with(status.message(), prefix));
    }
    // A stream bigger than the bound asked for.
    const wcb::Status bomb = wcb::compress::decompress(format, compressed, out, input.size() / 2);
    REQUIRE_FALSE(bomb.ok());
    CHECK(starts_with(bomb.message(), prefix + "the stream inflates past"));
    // Still fine afterwards.
    REQUIRE(wcb::compress::decompress(format, compressed, out).ok());
    CHECK(out == input);
  }
  // The other format's bytes.
  Bytes gzip;
  REQUIRE(wcb::compress::compress(Format::gzip, -1, input, gzip).ok());
  Bytes out;
  CHECK_FALSE(wcb::compress::decompress(Format::deflate_raw, gzip, out).ok());
  // A level zlib has not.
  const wcb::Status level = wcb::compress::compress(Format::gzip, 10, input, out);
  REQUIRE_FALSE(level.ok());
  CHECK(level.message() ==
        "gzip (" + wcb::compress::library_version() + "): level 10 is out of range (accepted: 0 to 9)");
  CHECK_FALSE(wcb::compress::format_of(0).has_value());
  CHECK(wcb::compress::format_of(1) == Format::gzip);
}
