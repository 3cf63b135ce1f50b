// What a JS value can hold, for the documents workload's two boundaries to
// JS: the wasm bindings (bindings.cpp, embind) and the Node-API addon's
// (addon-bindings.cpp). Both walk a JS value into events and build one from
// events, and both must refuse the same values with the same words, so the
// number rules, the walk's position for an error and the JSON-text
// strategy's reader are written here once. Nothing here knows either boundary's API.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/sentinel.h"
#include "json_text/text_reader.h"
#include "workloads/documents/document.h"
#include "workloads/documents/document_codec.h"
#include "workloads/documents/events.h"
#include "workloads/documents/json_text_writer.h"
#include "workloads/documents/nlohmann_sax.h"
#include "workloads/documents/tagged.h"

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

// A JS number as an event: the number rule (number_of) without a Document.
// NaN and Infinity pass as numbers: the writer refuses them if its format
// cannot hold them.
inline void number_event(double value, Events& out) {
  if (std::trunc(value) == value && std::fabs(value) <= kMaxSafeInteger) {
    out.integer(static_cast<std::int64_t>(value));
  } else {
    out.number(value);
  }
}

// The rules of the scratch tagged form of a JS value. Its UTF-8 is checked
// on the way in (embind's and Node-API's strings are UTF-8, lone surrogates
// refused by the walk), and a JS object holds no key twice. JSON text's are
// text_to_tagged's.
constexpr DecodeRules kValueRules{.check_utf8 = false, .repeated_keys = RepeatedKeys::kKeepLast};

// nlohmann's events of JSON.stringify's text, with the number rule on top
// (nlohmann reads 9007199254740993 as an integer, JS as a float64).
// nlohmann's lexer checks the UTF-8 of strings and keys itself.
class TextSax : public SaxToSink {
 public:
  using SaxToSink::SaxToSink;
  bool number_integer(std::int64_t value) {
    if (within_safe_range(value)) {
      sink_.integer(value);
    } else {
      sink_.number(static_cast<double>(value));
    }
    return true;
  }
  bool number_unsigned(std::uint64_t value) {
    if (value <= (std::uint64_t{1} << 53)) {
      sink_.integer(static_cast<std::int64_t>(value));
    } else {
      sink_.number(static_cast<double>(value));
    }
    return true;
  }
  bool number_float(double value, const std::string& /*text*/) {
    number_event(value, sink_);
    return true;
  }
};

// Reads the text strategy's JSON text into `sink` as JSON.parse reads it
// (json_text::read), then finishes it. Its numbers go through nlohmann's own
// strtod: the json codec's faster reading of numbers is that codec's, and
// the strategy goes on measuring the library as it comes.
inline void read_text(std::span<const std::uint8_t> text, DocumentSink& sink) {
  TextSax sax(sink);
  json_text::read<Document, json_text::StrtodInputIterator>(text, sax, "input");
  sink.finish();
}

// The text strategy's encode input, JSON text, as the tagged form in
// `scratch`, as JSON.parse reads it. JSON.stringify never repeats a key in
// an object, so the text streams into a TaggedSink that refuses a repeat
// (the codec's writer must not get one); text that does repeat one (written
// by hand) is read again, rarely, into a Document that keeps the last value
// at the place of the first, and that is written instead.
inline void text_to_tagged(std::span<const std::uint8_t> text, Bytes& scratch) {
  try {
    TaggedSink sink(scratch, DecodeRules{.check_utf8 = false, .repeated_keys = RepeatedKeys::kRefuse});
    read_text(text, sink);
    return;
  } catch (const DecodeError& error) {
    if (!std::string_view(error.what()).starts_with("repeated key ")) throw;
  }
  Document value;
  DocumentBuilder builder(value, /*check_utf8=*/false, RepeatedKeys::kKeepLast);
  read_text(text, builder);
  TaggedSink sink(scratch, DecodeRules{.check_utf8 = false, .repeated_keys = RepeatedKeys::kKeepLast});
  walk(value, sink);
  sink.finish();
}

// The codec phase of every strategy's encode: the tagged form to the format.
// The scratch form, which a TaggedSink wrote from a JS value or
// JSON.stringify's text, has had its UTF-8 and keys checked on the way in;
// JS's tagged bytes have not.
inline Status encode_tagged_form(DocumentCodec& codec, std::span<const std::uint8_t> tagged, bool scratch,
                                 Bytes& out) {
  TaggedSource source(tagged, scratch ? RepeatedKeys::kKeepLast : RepeatedKeys::kRefuse,
                      /*check_utf8=*/!scratch);
  return scratch ? codec.encode(source, out) : codec.encode_tagged(tagged, out);
}

// The scratch form a codec's decode wrote, as events (a JS value's builder,
// the text strategy's writer).
inline void drive_scratch(std::span<const std::uint8_t> scratch, Events& events) {
  TaggedSource(scratch, RepeatedKeys::kKeepLast, /*check_utf8=*/false).drive(events);
}

// The text strategy's decode output: the JSON text of the scratch form, into
// the reused `text`. The writer refuses NaN and Infinity; the tagged form
// holds no integer beyond 2^53.
inline void tagged_to_text(std::span<const std::uint8_t> scratch, std::string& text) {
  text.clear();
  json_text::TextWriter<std::string> writer(text);
  drive_scratch(scratch, writer);
}

// The sentinel's bytes over a reused output buffer: an unknown tag for the
// tagged reader, invalid UTF-8 for JSON.parse's TextDecoder.
template <typename Buffer>
void poison_bytes(Buffer&& buffer) {
  for (std::size_t i = 0; i < buffer.size(); ++i) {
    buffer[i] = static_cast<std::remove_cvref_t<decltype(buffer[i])>>(kSentinelNanBits >> (8 * (i % 8)));
  }
}

}  // namespace wcb::documents::js
