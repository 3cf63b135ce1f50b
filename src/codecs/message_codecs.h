// Factories of the messages workload's codec adapters, one per file
// src/codecs/<codec>_messages.cpp. `raw` has none: it is a memcpy of
// fixed-size items, and a record is not one (the per-call floor of the wasm
// strategies takes its place).
#pragma once

#include <memory>

#include "core/message_codec.h"

namespace wcb {

std::unique_ptr<messages::MessageCodec> make_json_message_codec();
std::unique_ptr<messages::MessageCodec> make_msgpack_message_codec();
std::unique_ptr<messages::MessageCodec> make_protobuf_message_codec();
std::unique_ptr<messages::MessageCodec> make_flatbuffers_message_codec();

}  // namespace wcb
