// The explicit list of message codecs (the messages workload) this build
// contains: the tuple codecs minus `raw`.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/message_codec.h"

namespace wcb {

struct MessageCodecEntry {
  std::string_view name;
  std::unique_ptr<messages::MessageCodec> (*make)();
};

// Every message codec compiled into this build, in report order.
std::span<const MessageCodecEntry> message_codec_registry();

// nullptr when no message codec of that name is built.
std::unique_ptr<messages::MessageCodec> make_message_codec(std::string_view name);

std::vector<std::string> message_codec_names();

}  // namespace wcb
