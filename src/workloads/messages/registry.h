// The message codecs (the messages workload) this build contains, generated
// from the wcb_codec() declarations that list `messages` (core/registry.h).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/registry.h"
#include "workloads/messages/message_codec.h"

namespace wcb {

using MessageCodecEntry = RegistryEntry<messages::MessageCodec>;

// Every message codec compiled into this build, in catalog (report) order.
inline std::span<const MessageCodecEntry> message_codec_registry() {
  return Registry<messages::MessageCodec>::entries();
}

// nullptr when no message codec of that name is built.
inline std::unique_ptr<messages::MessageCodec> make_message_codec(std::string_view name) {
  return Registry<messages::MessageCodec>::make(name);
}

inline std::vector<std::string> message_codec_names() { return Registry<messages::MessageCodec>::names(); }

}  // namespace wcb
