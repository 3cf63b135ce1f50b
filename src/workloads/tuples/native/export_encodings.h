// --export-encodings: the encoded bytes of every (codec, size step), so the
// Node tests can check that the wasm build of a codec writes exactly the
// bytes its native build writes.
//
// DIR/<codec>-step<index>.bin holds the bytes; DIR/manifest.json lists
//   {"steps": [{"index", "count", "jsonBytes", "checksum"}, ...], "codecs": [names]}
// where checksum is wcb::checksum of the step's items.
#pragma once

#include <filesystem>
#include <ostream>
#include <span>

#include "workloads/tuples/dataset.h"
#include "workloads/tuples/tuple_codec.h"

namespace wcb {

// Every codec's round trip is verified before its bytes are written; a codec
// that fails is reported on `log`, gets no file, and is left out of the
// manifest. Returns false if any codec failed or a file could not be written.
bool export_encodings(const std::filesystem::path& directory, std::span<const GrowthStep> steps,
                      std::span<Codec* const> codecs, std::ostream& log);

}  // namespace wcb
