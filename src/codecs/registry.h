// The explicit list of codecs this build contains.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/codec.h"

namespace wcb {

struct CodecEntry {
  std::string_view name;
  std::unique_ptr<Codec> (*make)();
};

// Every codec compiled into this build, in report order.
std::span<const CodecEntry> codec_registry();

// nullptr when no codec of that name is built.
std::unique_ptr<Codec> make_codec(std::string_view name);

std::vector<std::string> codec_names();

}  // namespace wcb
