// What the flatbuffers codecs (tuples, messages, documents) share: the
// library's version text and what reading a buffer in place needs.
#pragma once

#include <flatbuffers/flatbuffers.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "core/status.h"

namespace wcb::flatbuffers_support {

inline std::string library_version() {
  return "flatbuffers " + std::to_string(FLATBUFFERS_VERSION_MAJOR) + "." +
         std::to_string(FLATBUFFERS_VERSION_MINOR) + "." + std::to_string(FLATBUFFERS_VERSION_REVISION);
}

// flatbuffers reads scalars in place, which needs the buffer aligned for its
// largest scalar (double, long); a misaligned view is read from `copy`
// (operator new memory is aligned for double).
inline const std::uint8_t* aligned(std::span<const std::uint8_t> bytes, Bytes& copy) {
  if (reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(double) == 0) return bytes.data();
  copy.assign(bytes.begin(), bytes.end());
  return copy.data();
}

// The default cap of a million tables would reject large payloads. Every
// table needs at least 4 bytes, so this bound still keeps verification work
// proportional to the input.
inline flatbuffers::Verifier::Options verifier_options(std::size_t size) {
  flatbuffers::Verifier::Options options;
  options.max_tables = static_cast<flatbuffers::uoffset_t>(size / 4 + 1);
  return options;
}

}  // namespace wcb::flatbuffers_support
