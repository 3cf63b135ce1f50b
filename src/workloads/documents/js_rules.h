// What a JS value can hold, for the documents workload's two boundaries to
// JS: the wasm bindings (bindings.cpp, embind) and the Node-API addon's
// (addon-bindings.cpp). Both walk a JS value into a Document and back, and
// both must refuse the same values with the same words, so the number rules,
// the walk's position for an error and the JSON-text strategy's builder and
// check are written here once. Nothing here knows either boundary's API.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "codecs/json/text_reader.h"
#include "workloads/documents/document.h"

namespace wcb::documents::js {

// A JS number holds an integer exactly only within +-2^53.
inline bool within_safe_range(std::int64_t value) {
  constexpr std::int64_t kSafe = std::int64_t{1} << 53;
  return value >= -kSafe && value <= kSafe;
}

inline constexpr const char* kUnsafeInteger =
    "an integer outside +-2^53, which a JS number cannot hold exactly";

// Where a walk of a JS value is, kept on the C++ stack (no allocation per
// value) and spelled out only for an error.
struct Where {
  const Where* parent;
  const std::string* key;  // null: an array index
  std::size_t index;
};

inline std::string path_of(const Where* where) {
  std::vector<const Where*> steps;
  for (; where != nullptr; where = where->parent) steps.push_back(where);
  ValuePath path;
  for (auto step = steps.rbegin(); step != steps.rend(); ++step) {
    if ((*step)->key != nullptr) {
      path.push_key(*(*step)->key);
    } else {
      path.push_index((*step)->index);
    }
  }
  return path.text();
}

[[noreturn]] inline void bad_value(const std::string& what, const Where* where, const char* why = nullptr) {
  throw std::invalid_argument(what + " at " + path_of(where) + (why ? std::string(" (") + why + ")" : ""));
}

// Builds the Document of JSON.stringify's text: the shared builder, with the
// number rule on top (nlohmann reads 9007199254740993 as an integer, JS as a
// float64). nlohmann's lexer checks the UTF-8 of strings and keys itself.
class TextBuilder : public DocumentBuilder {
 public:
  explicit TextBuilder(Document& out) : DocumentBuilder(out, /*check_utf8=*/false, RepeatedKeys::kKeepLast) {}
  bool number_integer(std::int64_t value) {
    return within_safe_range(value) ? DocumentBuilder::number_integer(value)
                                    : DocumentBuilder::number(static_cast<double>(value));
  }
  bool number_unsigned(std::uint64_t value) {
    return value <= (std::uint64_t{1} << 53) ? DocumentBuilder::number_unsigned(value)
                                             : DocumentBuilder::number(static_cast<double>(value));
  }
  bool number_float(double value, const std::string& /*text*/) {
    const Document number = number_of(value);
    return number.is_number_integer() ? DocumentBuilder::number_integer(number.get<std::int64_t>())
                                      : DocumentBuilder::number(value);
  }
};

// Reads the text strategy's JSON text into `out` as JSON.parse reads it
// (json_text::read). Its numbers go through nlohmann's own strtod: the
// json codec's faster reading of numbers is that codec's, and the strategy
// goes on measuring the library as it comes.
inline void read_text(std::span<const std::uint8_t> text, Document& out) {
  TextBuilder builder(out);
  json_text::read<Document, json_text::StrtodInputIterator>(text, builder, "input");
  builder.finish();
}

// What JSON text cannot carry to JSON.parse unchanged: nlohmann would write
// NaN as null, and JSON.parse round an integer beyond 2^53.
struct TextCheck : CheckingWriter {
  void integer(std::int64_t value) {
    if (!within_safe_range(value)) throw Unrepresentable(kUnsafeInteger);
  }
  void unsigned_integer(std::uint64_t value) {
    if (value > (std::uint64_t{1} << 53)) throw Unrepresentable(kUnsafeInteger);
  }
  void number(double value) {
    if (!std::isfinite(value)) throw Unrepresentable("NaN or Infinity, which JSON text cannot carry");
  }
};

}  // namespace wcb::documents::js
