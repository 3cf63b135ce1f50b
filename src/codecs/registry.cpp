#include "codecs/registry.h"

#include <array>

#include "codecs/codecs.h"

namespace wcb {

namespace {

// One line per codec. `raw` (the floor) is always built; the others are
// guarded by their CMake option (WCB_CODEC_<NAME>).
constexpr CodecEntry kCodecs[] = {
    {"raw", &make_raw_codec},
#ifdef WCB_HAVE_JSON
    {"json", &make_json_codec},
#endif
#ifdef WCB_HAVE_MSGPACK
    {"msgpack", &make_msgpack_codec},
#endif
#ifdef WCB_HAVE_PROTOBUF
    {"protobuf", &make_protobuf_codec},
#endif
#ifdef WCB_HAVE_FLATBUFFERS
    {"flatbuffers", &make_flatbuffers_codec},
#endif
};

}  // namespace

std::span<const CodecEntry> codec_registry() { return kCodecs; }

std::unique_ptr<Codec> make_codec(std::string_view name) {
  for (const CodecEntry& entry : kCodecs) {
    if (entry.name == name) return entry.make();
  }
  return nullptr;
}

std::vector<std::string> codec_names() {
  std::vector<std::string> names;
  for (const CodecEntry& entry : kCodecs) names.emplace_back(entry.name);
  return names;
}

}  // namespace wcb
