// The compression stage inside a module (docs/design.md#compression): the
// bytes a codec wrote are compressed where they are, and compressed bytes
// copied in are decompressed there, so a compressed call crosses the
// boundary once each way with the smaller bytes. Shared by the modules whose
// C++ paths compress (today the lean tuple modules); the compressor is
// src/compress/compressor.h. Failures are recorded in the call's outcome as
// "<codec>: gzip decompress (zlib 1.2.13): <problem>": the codec, the format
// and the compressor.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "compress/compressor.h"
#include "wasm/module.h"

namespace wcb::wasm {

// The format of a boundary id; an id no format has is a failure recorded naming the codec.
inline std::optional<compress::Format> format_of_id(CallOutcome& outcome, std::string_view codec, int id) {
  const auto format = compress::format_of(id);
  if (!format)
    fail_call(outcome, codec, "compression format " + std::to_string(id) + " is not one this module has");
  return format;
}

// Compresses `input` into `output`, timed as outcome.compress_ms.
template <typename Now>
bool compress_in_module(CallOutcome& outcome, std::string_view codec, int format_id, int level,
                        std::span<const std::uint8_t> input, Bytes& output, Now now) {
  const auto format = format_of_id(outcome, codec, format_id);
  if (!format) return false;
  const double start = now();
  const Status status = compress::compress(*format, level, input, output);
  outcome.compress_ms = now() - start;
  if (!status) fail_call(outcome, codec, status.message());
  return status.ok();
}

// Decompresses `input` into `output`, timed as outcome.compress_ms.
template <typename Now>
bool decompress_in_module(CallOutcome& outcome, std::string_view codec, int format_id,
                          std::span<const std::uint8_t> input, Bytes& output, Now now) {
  const auto format = format_of_id(outcome, codec, format_id);
  if (!format) return false;
  const double start = now();
  const Status status = compress::decompress(*format, input, output);
  outcome.compress_ms = now() - start;
  if (!status) fail_call(outcome, codec, status.message());
  return status.ok();
}

}  // namespace wcb::wasm
