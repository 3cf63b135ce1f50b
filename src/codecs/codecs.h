// Factories of the codec adapters, one per file in src/codecs/.
#pragma once

#include <memory>

#include "core/codec.h"

namespace wcb {

std::unique_ptr<Codec> make_raw_codec();
std::unique_ptr<Codec> make_json_codec();
std::unique_ptr<Codec> make_msgpack_codec();
std::unique_ptr<Codec> make_protobuf_codec();
std::unique_ptr<Codec> make_flatbuffers_codec();

}  // namespace wcb
