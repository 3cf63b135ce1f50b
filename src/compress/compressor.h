// The compression stage's C++ half (docs/design.md#compression): zlib's
// gzip and raw deflate, the same source natively (Debian's libz) and in
// wasm (Debian's zlib source compiled into the module, src/compress/CMakeLists.txt),
// so a C++ path can compress its encoding where it was written, without a
// second crossing of the boundary. The bytes are the formats' standard
// (RFC 1952, RFC 1951): node:zlib and CompressionStream read them, and
// these read theirs (tests/node/compress-wasm.test.mjs).
//
// Nothing throws: a failure is a Status naming the compressor, e.g.
// "gzip decompress (zlib 1.2.13): invalid stored block lengths"; whoever calls it adds
// the codec in front ("msgpack: gzip decompress (zlib 1.2.13): ...").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/status.h"

namespace wcb::compress {

// The ids cross the boundary as integers: keep them in step with
// src/harness/compressors.mjs (COMPRESSION_FORMATS wasmId).
enum class Format : int { gzip = 1, deflate_raw = 2 };

// A format from its id, or nothing for an id no format has.
std::optional<Format> format_of(int id);

// "gzip", "deflate-raw": the names src/harness/compressors.mjs uses.
std::string_view format_name(Format format);

// zlib's own default (Z_DEFAULT_COMPRESSION, level 6).
constexpr int kDefaultLevel = -1;

// "zlib 1.2.13": the library that compresses, as the rows record it.
std::string library_version();

// Compresses `input` into `output` (replaced) at `level` (0-9, or
// kDefaultLevel). A level out of range is a failure, not a clamp.
Status compress(Format format, int level, std::span<const std::uint8_t> input, Bytes& output);

// Decompresses `input` into `output` (replaced). Bytes that are not one whole
// stream of the format (corrupt, truncated, trailing garbage, another
// format) are a failure; `output` is emptied then. `max_output` bounds what a
// hostile stream may inflate to (a zip bomb is an error, not an
// out-of-memory abort).
Status decompress(Format format, std::span<const std::uint8_t> input, Bytes& output,
                  std::size_t max_output = std::size_t{1} << 31);

}  // namespace wcb::compress
