// Text that repeats a key, for the rapidjson adapters: RapidJSON hands on
// every member, where JSON.parse keeps each key once with its last value
// (json_text/text_reader.h).
#pragma once

#include <rapidjson/document.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "codecs/rapidjson/json_reader.h"
#include "core/status.h"

namespace wcb::rapidjson_io {

namespace reader_detail {

// A Document's handler (RapidJSON's DOM builder) that refuses nesting deeper
// than kMaxDepth: RapidJSON's reader recurses.
class BoundedDocument {
 public:
  static constexpr std::size_t kMaxDepth = 256;

  explicit BoundedDocument(rapidjson::Document& document) : document_(document) {}

  bool Null() { return document_.Null(); }
  bool Bool(bool value) { return document_.Bool(value); }
  bool Int(int value) { return document_.Int(value); }
  bool Uint(unsigned value) { return document_.Uint(value); }
  bool Int64(std::int64_t value) { return document_.Int64(value); }
  bool Uint64(std::uint64_t value) { return document_.Uint64(value); }
  bool Double(double value) { return document_.Double(value); }
  bool RawNumber(const char* text, rapidjson::SizeType length, bool copy) {
    return document_.RawNumber(text, length, copy);
  }
  bool String(const char* text, rapidjson::SizeType length, bool copy) {
    return document_.String(text, length, copy);
  }
  bool StartObject() { return enter() && document_.StartObject(); }
  bool Key(const char* text, rapidjson::SizeType length, bool copy) {
    return document_.Key(text, length, copy);
  }
  bool EndObject(rapidjson::SizeType count) {
    --depth_;
    return document_.EndObject(count);
  }
  bool StartArray() { return enter() && document_.StartArray(); }
  bool EndArray(rapidjson::SizeType count) {
    --depth_;
    return document_.EndArray(count);
  }

 private:
  bool enter() { return ++depth_ <= kMaxDepth; }

  rapidjson::Document& document_;
  std::size_t depth_ = 0;
};

inline std::string_view name_of(const rapidjson::Value& name) {
  return {name.GetString(), name.GetStringLength()};
}

inline bool repeats_a_key(const rapidjson::Value& value) {
  if (value.IsArray()) {
    for (const auto& element : value.GetArray()) {
      if (repeats_a_key(element)) return true;
    }
    return false;
  }
  if (!value.IsObject()) return false;
  std::unordered_set<std::string_view> names;
  for (const auto& member : value.GetObject()) {
    if (!names.insert(name_of(member.name)).second || repeats_a_key(member.value)) return true;
  }
  return false;
}

// `value` as RapidJSON's events, each object's key once, where it first
// appears, with its last value.
template <typename Handler>
bool replay(const rapidjson::Value& value, Handler& handler) {
  if (value.IsArray()) {
    if (!handler.StartArray()) return false;
    for (const auto& element : value.GetArray()) {
      if (!replay(element, handler)) return false;
    }
    return handler.EndArray(value.Size());
  }
  if (!value.IsObject()) return value.Accept(handler);
  std::unordered_map<std::string_view, const rapidjson::Value*> last;
  for (const auto& member : value.GetObject()) last[name_of(member.name)] = &member.value;
  if (!handler.StartObject()) return false;
  for (const auto& member : value.GetObject()) {
    const auto found = last.find(name_of(member.name));
    if (found->second == nullptr) continue;  // written where it first appeared
    const std::string_view name = found->first;
    if (!handler.Key(name.data(), static_cast<rapidjson::SizeType>(name.size()), false) ||
        !replay(*found->second, handler)) {
      return false;
    }
    found->second = nullptr;
  }
  return handler.EndObject(static_cast<rapidjson::SizeType>(last.size()));
}

}  // namespace reader_detail

// When `bytes` is JSON text that repeats a key in one of its objects:
// JSON.parse's value of it (each key once, with its last value) replayed
// into `handler` as RapidJSON's events, and whether the handler took all of
// it. Nothing when the text repeats no key, is not JSON, or nests deeper than
// 256 levels (no schema of this benchmark nests nearly so deep).
template <unsigned kFlags, typename Handler>
std::optional<bool> replay_last_values(rapidjson::Reader& reader, std::span<const std::uint8_t> bytes,
                                       Handler& handler) {
  rapidjson::Document document;
  bool parsed = false;
  auto build = [&](rapidjson::Document& target) {
    reader_detail::BoundedDocument bounded(target);
    try {
      parsed = parse<kFlags>(reader, bytes, bounded, "input");
    } catch (const DecodeError&) {
      parsed = false;
    }
    return parsed;
  };
  document.Populate(build);
  if (!parsed || !reader_detail::repeats_a_key(document)) return std::nullopt;
  return reader_detail::replay(document, handler);
}
}  // namespace wcb::rapidjson_io
