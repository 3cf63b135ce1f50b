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

// One compression stage, compress::compress or compress::decompress
// (`stage`), in the format of the boundary id `format_id`, timed as
// outcome.compress_ms. An id no format has is a failure recorded naming the
// codec, as is the stage's own.
template <typename Now, typename Stage>
bool compression_in_module(CallOutcome& outcome, std::string_view codec, int format_id, Now now,
                           Stage&& stage) {
  const std::optional<compress::Format> format = compress::format_of(format_id);
  if (!format) {
    fail_call(outcome, codec,
              "compression format " + std::to_string(format_id) + " is not one this module has");
    return false;
  }
  const double start = now();
  const Status status = stage(*format);
  outcome.compress_ms = now() - start;
  if (!status) fail_call(outcome, codec, status.message());
  return status.ok();
}

}  // namespace wcb::wasm
