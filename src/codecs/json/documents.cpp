// `json` for the documents workload: JSON text through nlohmann_json.
// JSON has no NaN or Infinity (nlohmann would write them as null): encode
// rejects them, naming the value's path.
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "workloads/documents/codec.h"

namespace wcb {

namespace {

using documents::Document;
using documents::ValuePath;

void check_representable(const Document& value, ValuePath& path, std::size_t depth) {
  if (depth > documents::kMaxDepth)
    throw std::invalid_argument("nesting deeper than the limit at " + path.text());
  if (value.is_number_float() && !std::isfinite(value.get<double>())) {
    throw std::invalid_argument("JSON has no NaN or Infinity: " + path.text());
  }
  if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      path.push_index(i);
      check_representable(value[i], path, depth + 1);
      path.pop();
    }
  } else if (value.is_object()) {
    for (const auto& [key, member] : value.items()) {
      path.push_key(key);
      check_representable(member, path, depth + 1);
      path.pop();
    }
  } else if (value.is_binary()) {
    throw std::invalid_argument("JSON has no binary values: " + path.text());
  }
}

class JsonDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "json"; }
  std::string_view format() const override { return "JSON text"; }
  std::string library_version() const override {
    return "nlohmann_json " + std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
           std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_PATCH);
  }

 protected:
  void do_encode(const Document& document, Bytes& out) override {
    ValuePath path;
    check_representable(document, path, 0);
    const std::string text = document.dump();
    out.assign(text.begin(), text.end());
  }

  void do_decode(std::span<const std::uint8_t> bytes, Document& out) override {
    std::size_t depth = 0;
    bool too_deep = false;
    const auto limit_depth = [&](int /*depth*/, Document::parse_event_t event, Document& /*parsed*/) {
      if (event == Document::parse_event_t::object_start || event == Document::parse_event_t::array_start) {
        if (++depth > documents::kMaxDepth) too_deep = true;
      } else if (event == Document::parse_event_t::object_end ||
                 event == Document::parse_event_t::array_end) {
        --depth;
      }
      return !too_deep;
    };
    try {
      out = Document::parse(bytes.begin(), bytes.end(), limit_depth);
    } catch (const Document::exception& error) {
      throw DecodeError(error.what());
    }
    if (too_deep) throw DecodeError("nesting deeper than " + std::to_string(documents::kMaxDepth));
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_json_document_codec() {
  return std::make_unique<JsonDocumentCodec>();
}

}  // namespace wcb
