// Writing for the rapidjson adapters: RapidJSON's Writer writing straight
// into the reused output bytes, numbers and strings as JSON.stringify writes
// them.
//
// Numbers: not RapidJSON's Writer::Double. Its Grisu2 digits round-trip but
// are not always the ones nearest to the value that JS writes: 0.1 + 0.2
// comes out 0.30000000000000007 (JS 0.30000000000000004), and so do about a
// third of the dataset's 17-digit doubles (docs/decisions/codecs.md#rapidjson). Numbers go
// through the json codec's number_text.h instead (nlohmann's Grisu2 digits,
// which are JS's for the dataset, in ECMAScript's layout), as raw values of
// RapidJSON's Writer: the same bytes as the json codec.
//
// Strings: Writer::String escapes as JSON.stringify does except for control
// characters other than \b \f \n \r \t, which it writes as \u001F where JS
// writes \u001f; a string holding one is written here instead.
#pragma once

#include <rapidjson/writer.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/status.h"
#include "json_text/number_text.h"

namespace wcb::rapidjson_io {

// RapidJSON's output stream: appends to the caller's bytes. PutReserve and
// PutUnsafe (found by ADL from RapidJSON's writer) make its per-character
// writes plain stores after one capacity check per token.
class ByteStream {
 public:
  using Ch = char;
  explicit ByteStream(Bytes& out) : out_(out) {}
  void Put(char c) { out_.push_back(static_cast<std::uint8_t>(c)); }
  void Flush() {}
  // Geometric growth: Writer::String reserves 6 bytes per character of every
  // string, and exact reserves would reallocate on every string.
  void reserve(std::size_t count) {
    if (out_.capacity() - out_.size() < count)
      out_.reserve(std::max(out_.capacity() * 2, out_.size() + count));
  }
  void append(const char* text, std::size_t length) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text);
    out_.insert(out_.end(), bytes, bytes + length);
  }

 private:
  Bytes& out_;
};

inline void PutReserve(ByteStream& stream, std::size_t count) { stream.reserve(count); }
inline void PutUnsafe(ByteStream& stream, char c) { stream.Put(c); }

using Writer = rapidjson::Writer<ByteStream>;

// Writes `value` as JSON.stringify does; false for NaN and Infinity, which
// JSON cannot carry (the caller says where). -0 is "-0.0" when
// `keep_sign_of_zero` (it then reads back as -0), else "0" as JS writes it.
// `scratch` holds the number's text on its way (kept by the caller, so no
// allocation per number).
inline bool write_number(Writer& writer, double value, bool keep_sign_of_zero, Bytes& scratch) {
  if (!std::isfinite(value)) return false;
  if (keep_sign_of_zero && value == 0 && std::signbit(value))
    return writer.RawValue("-0.0", 4, rapidjson::kNumberType);
  scratch.clear();
  json_text::append_number(scratch, value);
  return writer.RawValue(reinterpret_cast<const char*>(scratch.data()), scratch.size(),
                         rapidjson::kNumberType);
}

// JSON.stringify's text of a string that holds a control character RapidJSON
// would escape in upper case: the named escapes, others as \u00xx.
inline std::string js_string_text(std::string_view value) {
  std::string text;
  json_text::append_quoted(text, value);
  return text;
}

// Whether RapidJSON would escape a character of `value` otherwise than JS.
inline bool has_unnamed_control(std::string_view value) {
  for (const char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 && c != '\b' && c != '\f' && c != '\n' && c != '\r' && c != '\t') return true;
  }
  return false;
}

// A string value (or, with `key`, an object key) as JSON.stringify writes it.
// The caller has checked that it is valid UTF-8.
inline bool write_string(Writer& writer, std::string_view value, bool key = false) {
  if (!has_unnamed_control(value)) {
    const auto length = static_cast<rapidjson::SizeType>(value.size());
    return key ? writer.Key(value.data(), length) : writer.String(value.data(), length);
  }
  const std::string text = js_string_text(value);
  // RawValue takes a key too: the writer counts keys as values of an object.
  return writer.RawValue(text.data(), text.size(), rapidjson::kStringType);
}
}  // namespace wcb::rapidjson_io
