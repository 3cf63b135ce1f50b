// JSON text as JSON.parse reads it, where nlohmann's and RapidJSON's readers
// differ from it (docs/decisions/codecs.md#json-text-as-json-parse-reads-it):
//   - only whitespace may follow the value. nlohmann's lexer takes a NUL byte
//     for the end of the input (number_parse.h's iterators make it an error),
//     and both libraries' errors about what follows the value are worded
//     here alike, naming the offset of its first byte;
//   - a UTF-8 byte order mark is refused (nlohmann skips one);
//   - "-0" is -0 (both libraries read it as the integer 0);
//   - an object that repeats a key keeps its last value. A schema-less
//     builder (a JSON document's) does that itself; the schema workloads' builders
//     refuse a repeated key and check each value as it streams by, so their
//     adapters read the text again as JSON.parse's value when they fail on
//     text that repeats a key (last_values_text here, replay_last_values in
//     rapidjson/json_repeated_keys.h): a value that a later repeat replaces must not
//     count, neither when it is valid nor when it is not.
// read() is how every adapter that reads JSON text with nlohmann does it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/status.h"
#include "nlohmann_support.h"
#include "number_parse.h"

namespace wcb::json_text {

inline std::span<const std::uint8_t> bytes_of(const std::string& text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

inline bool is_whitespace(std::uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The length of the JSON number (-?int frac? exp?) that starts at `at`, or 0
// when none does.
inline std::size_t number_length(std::span<const std::uint8_t> text, std::size_t at) {
  const std::size_t start = at;
  const auto digit = [&text](std::size_t i) { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
  const auto digits = [&] {
    const std::size_t first = at;
    while (digit(at)) ++at;
    return at > first;
  };
  if (at < text.size() && text[at] == '-') ++at;
  if (!digit(at)) return 0;
  if (text[at] == '0') {
    ++at;
  } else {
    digits();
  }
  if (at < text.size() && text[at] == '.') {
    ++at;
    if (!digits()) return 0;
  }
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    ++at;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) ++at;
    if (!digits()) return 0;
  }
  return at - start;
}

// The offset of the first byte other than whitespace after the value that
// `text` starts with (after whitespace). Only for text a parser has read a
// whole value from, and then found more than whitespace after it.
inline std::size_t first_byte_after_value(std::span<const std::uint8_t> text) {
  const auto skip_whitespace = [&text](std::size_t at) {
    while (at < text.size() && is_whitespace(text[at])) ++at;
    return at;
  };
  std::size_t at = skip_whitespace(0);
  std::size_t depth = 0;
  do {
    if (at >= text.size()) return text.size();
    const std::uint8_t c = text[at];
    if (c == '"') {
      for (++at; at < text.size() && text[at] != '"'; ++at) {
        if (text[at] == '\\') ++at;
      }
      ++at;
    } else if (c == '[' || c == '{') {
      ++depth;
      ++at;
    } else if (c == ']' || c == '}') {
      --depth;
      ++at;
    } else if (c == 't' || c == 'n') {  // true, null
      at += 4;
    } else if (c == 'f') {
      at += 5;
    } else if (const std::size_t length = number_length(text, at); length > 0) {
      at += length;
    } else {  // ',', ':' or whitespace inside a container
      ++at;
    }
  } while (depth > 0);
  return std::min(skip_whitespace(at), text.size());
}

// The problem of the byte at `at`, which follows the value (`what` names the
// input: "input", "record").
inline std::string after_value_problem(std::span<const std::uint8_t> text, std::size_t at,
                                       std::string_view what) {
  std::string thing = "the end";
  if (at < text.size()) {
    const std::uint8_t c = text[at];
    char spelled[16];
    if (c == 0) {
      std::snprintf(spelled, sizeof spelled, "a NUL byte");
    } else if (c > 0x20 && c < 0x7f) {
      std::snprintf(spelled, sizeof spelled, "'%c'", c);
    } else {
      std::snprintf(spelled, sizeof spelled, "the byte 0x%02x", c);
    }
    thing = spelled;
  }
  return thing + " at byte " + std::to_string(at) + " of the " + std::string(what) +
         ", where only whitespace may follow the value";
}

// JSON.parse reads U+FEFF as a character, which no JSON text starts with.
inline void refuse_byte_order_mark(std::span<const std::uint8_t> text, std::string_view what) {
  if (text.size() >= 3 && text[0] == 0xef && text[1] == 0xbb && text[2] == 0xbf) {
    throw DecodeError("a byte order mark (EF BB BF) at byte 0 of the " + std::string(what) +
                      ", where JSON text starts with a value or whitespace");
  }
}

namespace reader_detail {

// nlohmann's SAX events, passed on to `handler` but for the two this header
// changes: "-0" and parse errors, which it throws as DecodeErrors in words.
template <typename Json, typename Handler>
class TextEvents {
 public:
  TextEvents(Handler& handler, std::span<const std::uint8_t> text, std::string_view what)
      : handler_(handler), text_(text), what_(what) {}

  bool null() { return handler_.null(); }
  bool boolean(bool value) { return handler_.boolean(value); }
  // nlohmann reads an integer without a sign as unsigned, so a signed zero
  // is "-0", which JSON.parse reads as -0.
  bool number_integer(typename Json::number_integer_t value) {
    if (value == 0) [[unlikely]] {
      static const typename Json::string_t kText = "-0";
      return handler_.number_float(-0.0, kText);
    }
    return handler_.number_integer(value);
  }
  bool number_unsigned(typename Json::number_unsigned_t value) { return handler_.number_unsigned(value); }
  bool number_float(typename Json::number_float_t value, const typename Json::string_t& text) {
    return handler_.number_float(value, text);
  }
  bool string(typename Json::string_t& value) { return handler_.string(value); }
  bool binary(typename Json::binary_t& value) { return handler_.binary(value); }
  bool start_object(std::size_t count) { return handler_.start_object(count); }
  bool key(typename Json::string_t& name) { return handler_.key(name); }
  bool end_object() { return handler_.end_object(); }
  bool start_array(std::size_t count) { return handler_.start_array(count); }
  bool end_array() { return handler_.end_array(); }

  // `position` counts the bytes read: the last one read is where the lexer
  // stopped. A NUL byte is an error wherever it is (number_parse.h).
  [[noreturn]] bool parse_error(std::size_t position, const std::string&,
                                const nlohmann::detail::exception& error) {
    std::string message = nlohmann_support::parse_error_text(error);
    // nlohmann's words when the value is followed by more than whitespace.
    if (message.ends_with("; expected end of input")) {
      throw DecodeError(after_value_problem(text_, first_byte_after_value(text_), what_));
    }
    if (position >= 1 && position <= text_.size() && text_[position - 1] == 0) {
      throw DecodeError("a NUL byte at byte " + std::to_string(position - 1) + " of the " +
                        std::string(what_) + ", which JSON text holds only escaped, in a string");
    }
    throw DecodeError(message);
  }

 private:
  Handler& handler_;
  std::span<const std::uint8_t> text_;
  std::string_view what_;
};

// nlohmann's DOM builder, counting the keys it reads and refusing nesting
// deeper than kMaxDepth.
class LastValues {
 public:
  static constexpr std::size_t kMaxDepth = 256;

  explicit LastValues(nlohmann::json& root) : dom_(root, /*allow_exceptions=*/false) {}

  std::size_t keys = 0;

  bool null() { return dom_.null(); }
  bool boolean(bool value) { return dom_.boolean(value); }
  bool number_integer(std::int64_t value) { return dom_.number_integer(value); }
  bool number_unsigned(std::uint64_t value) { return dom_.number_unsigned(value); }
  bool number_float(double value, const std::string& text) { return dom_.number_float(value, text); }
  bool string(std::string& value) { return dom_.string(value); }
  bool binary(nlohmann::json::binary_t& value) { return dom_.binary(value); }
  bool start_object(std::size_t count) { return enter() && dom_.start_object(count); }
  bool key(std::string& name) {
    ++keys;
    return dom_.key(name);
  }
  bool end_object() {
    --depth_;
    return dom_.end_object();
  }
  bool start_array(std::size_t count) { return enter() && dom_.start_array(count); }
  bool end_array() {
    --depth_;
    return dom_.end_array();
  }

 private:
  bool enter() { return ++depth_ <= kMaxDepth; }

  nlohmann::detail::json_sax_dom_parser<nlohmann::json> dom_;
  std::size_t depth_ = 0;
};

inline std::size_t member_count(const nlohmann::json& value) {
  std::size_t count = value.is_object() ? value.size() : 0;
  if (value.is_structured()) {
    for (const auto& element : value) count += member_count(element);
  }
  return count;
}

}  // namespace reader_detail

// Parses `text` with nlohmann's SAX parser into `handler` (nlohmann's SAX
// interface, parse_error aside), as JSON.parse reads it (above). `Json` is
// the nlohmann type whose number types the handler takes; `Iterator` decides
// who reads the doubles (number_parse.h). Returns false when the handler
// stopped the parse (it knows why); throws DecodeError for text that is not
// JSON, naming the place. `what` names the input in its errors.
template <typename Json, typename Iterator = InputIterator, typename Handler>
bool read(std::span<const std::uint8_t> text, Handler& handler, std::string_view what) {
  refuse_byte_order_mark(text, what);
  reader_detail::TextEvents<Json, Handler> events(handler, text, what);
  return Json::sax_parse(Iterator{text.data()}, Iterator{text.data() + text.size()}, &events,
                         nlohmann::detail::input_format_t::json, /*strict=*/true, /*ignore_comments=*/false);
}

// JSON.parse's value of `text`, written as JSON text, when `text` repeats a
// key in one of its objects: the value holds each key once, with its last
// value. Nothing when the text repeats no key, is not JSON, or nests deeper
// than 256 levels (no schema of this benchmark nests nearly so deep).
inline std::optional<std::string> last_values_text(std::span<const std::uint8_t> text) {
  nlohmann::json value;
  reader_detail::LastValues builder(value);
  try {
    if (!read<nlohmann::json>(text, builder, "input")) return std::nullopt;
  } catch (const DecodeError&) {
    return std::nullopt;
  }
  if (reader_detail::member_count(value) == builder.keys) return std::nullopt;
  return value.dump();
}

}  // namespace wcb::json_text
