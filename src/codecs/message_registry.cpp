#include "codecs/message_registry.h"

#include "codecs/message_codecs.h"

namespace wcb {

namespace {

// One line per codec, in the order of the tuple registry; each is guarded by
// its CMake option (WCB_CODEC_<NAME>). A vector, not an array: with every
// option off the list is empty.
const std::vector<MessageCodecEntry> kMessageCodecs = {
#ifdef WCB_HAVE_JSON
    {"json", &make_json_message_codec},
#endif
#ifdef WCB_HAVE_MSGPACK
    {"msgpack", &make_msgpack_message_codec},
#endif
#ifdef WCB_HAVE_PROTOBUF
    {"protobuf", &make_protobuf_message_codec},
#endif
#ifdef WCB_HAVE_FLATBUFFERS
    {"flatbuffers", &make_flatbuffers_message_codec},
#endif
};

}  // namespace

std::span<const MessageCodecEntry> message_codec_registry() { return kMessageCodecs; }

std::unique_ptr<messages::MessageCodec> make_message_codec(std::string_view name) {
  for (const MessageCodecEntry& entry : kMessageCodecs) {
    if (entry.name == name) return entry.make();
  }
  return nullptr;
}

std::vector<std::string> message_codec_names() {
  std::vector<std::string> names;
  for (const MessageCodecEntry& entry : kMessageCodecs) names.emplace_back(entry.name);
  return names;
}

}  // namespace wcb
