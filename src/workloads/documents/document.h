// The documents workload's in-memory value: any JSON-like value, as
// nlohmann's ordered_json (objects keep their keys in insertion order, as
// JS objects do). Tests and tools encode from it and decode into it; the
// timed paths stream events instead (events.h).
//
// Numbers follow one rule wherever a JS number becomes a Document
// (number_of): an integral value with |v| <= 2^53 is an integer, anything
// else a float64. Formats with compact integers (MessagePack, CBOR, BSON,
// FlexBuffers) then write them as JS libraries do.
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/status.h"
#include "core/utf8.h"
#include "events.h"

namespace wcb::documents {

using Document = nlohmann::ordered_json;

// 2^53: the largest integer every smaller one of which a JS number holds exactly.
inline constexpr double kMaxSafeInteger = 9007199254740992.0;

// The deepest nesting any document codec or strategy accepts (arrays and
// objects inside each other). Every walk here is recursive; a decoder meeting
// deeper input rejects it, so hostile bytes cannot exhaust the stack (the
// wasm stack is small).
inline constexpr std::size_t kMaxDepth = 256;

// The Document of a JS number (the rule above).
Document number_of(double value);

// An integer of JSON text into `sink` as JSON.parse reads it, for the readers
// that parse "9007199254740994" as an integer: beyond +-2^53 an integer a
// float64 holds exactly is that float64 (JS writes such floats without a
// fraction); any other stays an integer, which a JS sink refuses by name.
template <std::integral T>
void json_integer(DocumentSink& sink, T value) {
  const double as_double = static_cast<double>(value);
  constexpr double kEnd = std::is_signed_v<T> ? 0x1p63 : 0x1p64;  // past T's range
  if (std::fabs(as_double) > kMaxSafeInteger && as_double < kEnd && static_cast<T>(as_double) == value) {
    sink.number(as_double);
  } else if (std::in_range<std::int64_t>(value)) {
    sink.integer(static_cast<std::int64_t>(value));
  } else {
    sink.unsigned_integer(static_cast<std::uint64_t>(value));
  }
}

// Appends `value` as the next member of `object` (which must be an object),
// without ordered_json's linear search for an existing key: a JS object
// never has two equal keys. A decoder that meets a repeated key in its bytes
// refuses it or keeps its last value (DocumentBuilder's RepeatedKeys).
void append_member(Document& object, std::string key, Document value);

// Where a value sits in a document, for error messages: "$", "$.features[3]",
// "$['key with spaces']". Decoders and encoders keep one while they walk.
class ValuePath {
 public:
  void push_key(std::string_view key) { steps_.emplace_back(std::string(key)); }
  void push_index(std::size_t index) { steps_.emplace_back(index); }
  void pop() { steps_.pop_back(); }
  std::string text() const;

 private:
  std::vector<std::variant<std::string, std::size_t>> steps_;
};

// Deep equality as the verification of a decode needs it: numbers compare by
// value (integer 1 equals float 1.0), strings by bytes, arrays in order,
// objects by their members, in order unless `key_order` is false (a format
// that does not keep the order of keys, such as protobuf's Struct map).
bool same_document(const Document& a, const Document& b, bool key_order = true);

// The first place where two documents differ ("$.a[2]: 3 vs 4"), or "" when
// same_document holds; for test and runner messages.
std::string first_difference(const Document& a, const Document& b, bool key_order = true);

// ---- What every document codec shares: the encoders' walk, the decoders'
// builder. Both enforce kMaxDepth (the nesting of arrays and objects: 256
// containers inside each other are accepted, 257 are not) and name the
// value's path in their errors.

// Thrown by an encoder's writer (walk() below) for a value its format cannot
// hold, e.g. Unrepresentable("JSON has no NaN or Infinity"); walk() adds the
// value's path: "JSON has no NaN or Infinity: $.a[2]".
class Unrepresentable : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

namespace detail {

// One level of the walk: the container and the position in it.
struct TrailStep {
  const Document* container;
  std::size_t index;
};
// "$.features[3].id" of the walk's steps.
std::string trail_text(const std::vector<TrailStep>& trail);

template <typename Writer>
class Walk {
 public:
  explicit Walk(Writer& writer) : writer_(writer) {}

  void run(const Document& document) {
    try {
      value(document);
    } catch (const Unrepresentable& error) {
      // The trail still holds the steps down to the value that failed.
      throw std::invalid_argument(std::string(error.what()) + ": " + trail_text(trail_));
    }
  }

 private:
  void value(const Document& value) {
    switch (value.type()) {
      case Document::value_t::null:
        writer_.null();
        break;
      case Document::value_t::boolean:
        writer_.boolean(*value.get_ptr<const bool*>());
        break;
      case Document::value_t::number_integer:
        writer_.integer(*value.get_ptr<const std::int64_t*>());
        break;
      case Document::value_t::number_unsigned:
        writer_.unsigned_integer(*value.get_ptr<const std::uint64_t*>());
        break;
      case Document::value_t::number_float:
        writer_.number(*value.get_ptr<const double*>());
        break;
      case Document::value_t::string: {
        const auto& text = *value.get_ptr<const std::string*>();
        if (!valid_utf8(text)) throw Unrepresentable("a string that is not valid UTF-8");
        writer_.string(std::string_view(text));
        break;
      }
      case Document::value_t::array: {
        const auto& elements = *value.get_ptr<const Document::array_t*>();
        enter(value);
        writer_.start_array(elements.size());
        for (std::size_t i = 0; i < elements.size(); ++i) {
          trail_.back().index = i;
          this->value(elements[i]);
        }
        writer_.end_array();
        trail_.pop_back();
        break;
      }
      case Document::value_t::object: {
        const auto& members = *value.get_ptr<const Document::object_t*>();
        enter(value);
        writer_.start_object(members.size());
        std::size_t index = 0;
        for (const auto& [key, member] : members) {
          trail_.back().index = index++;
          if (!valid_utf8(key)) throw Unrepresentable("a key that is not valid UTF-8");
          writer_.key(std::string_view(key));
          this->value(member);
        }
        writer_.end_object();
        trail_.pop_back();
        break;
      }
      case Document::value_t::binary:
        throw Unrepresentable("a binary value, which no JSON-like document holds");
      case Document::value_t::discarded:
        throw Unrepresentable("a discarded value");
    }
  }

  void enter(const Document& container) {
    if (trail_.size() >= kMaxDepth)
      throw Unrepresentable("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    trail_.push_back({&container, 0});
  }

  Writer& writer_;
  std::vector<TrailStep> trail_;
};

}  // namespace detail

// Walks `document` depth-first, objects in key order, calling the writer's
//   null(), boolean(bool), integer(int64_t), unsigned_integer(uint64_t),
//   number(double), string(std::string_view), start_array(size_t),
//   end_array(), start_object(size_t), key(std::string_view), end_object()
// (any Events, or a class with those methods).
// Rejects, naming the path (std::invalid_argument), nesting deeper than
// kMaxDepth, strings and keys that are not valid UTF-8 (no format here holds
// them as text), binary values, and whatever the writer throws as
// Unrepresentable. Encoders either write through it or check with it before
// handing the document to their library.
template <typename Writer>
void walk(const Document& document, Writer& writer) {
  detail::Walk<Writer>(writer).run(document);
}

// A writer that writes nothing: walk(document, checker) checks only, a
// base for writers that refuse a few values (override those).
struct CheckingWriter {
  void null() {}
  void boolean(bool) {}
  void integer(std::int64_t) {}
  void unsigned_integer(std::uint64_t) {}
  void number(double) {}
  void string(std::string_view) {}
  void start_array(std::size_t) {}
  void end_array() {}
  void start_object(std::size_t) {}
  void key(std::string_view) {}
  void end_object() {}
};

// Builds the Document a decoder's events describe: the sink of tests and
// tools (DocumentCodec::decode into a Document), and of read_tagged. Every
// problem is a DecodeError naming the path: nesting deeper than kMaxDepth, a
// repeated key in an object (unless `repeated_keys` keeps the last), and,
// when `check_utf8` is set (the reader did not check), strings and keys that
// are not valid UTF-8. Containers reserve nothing from claimed counts
// (hostile bytes may claim billions).
class DocumentBuilder : public DocumentSink {
 public:
  // Builds into `out` (replaced).
  DocumentBuilder(Document& out, bool check_utf8, RepeatedKeys repeated_keys = RepeatedKeys::kRefuse);
  DocumentBuilder(Document& out, DecodeRules rules)
      : DocumentBuilder(out, rules.check_utf8, rules.repeated_keys) {}

  void null() override { place(Document(nullptr)); }
  void boolean(bool value) override { place(Document(value)); }
  void integer(std::int64_t value) override { place(Document(value)); }
  void unsigned_integer(std::uint64_t value) override { place(Document(value)); }
  void number(double value) override { place(Document(value)); }
  void string(std::string_view value) override;
  void start_array(std::size_t count) override;
  void end_array() override;
  void start_object(std::size_t count) override;
  void key(std::string_view key) override;
  void end_object() override;

  // Whether one whole value has been read (no container left open).
  bool done() const { return root_done_ && stack_.empty(); }
  // Throws DecodeError unless done(): the input ended inside a value.
  void finish() override;
  // "$.a[2]": where the builder is (the place of the next value).
  std::string path() const override;

 private:
  void place(Document&& value);
  void open(Document&& container);

  Document& out_;
  bool check_utf8_;
  RepeatedKeys repeated_keys_;
  bool root_done_ = false;
  // The open containers, outermost first; each points into its parent.
  std::vector<Document*> stack_;
  // An object's member whose key has been read, waiting for its value.
  Document* pending_ = nullptr;
};

// A Document as a DocumentSource: walk() into any Events writer, with its
// checks and the path added to the writer's Unrepresentable.
class DocumentWalk : public DocumentSource {
 public:
  explicit DocumentWalk(const Document& document) : document_(document) {}
  void drive(Events& writer) override { walk(document_, writer); }

 private:
  const Document& document_;
};

// The first key that appears twice among `object`'s members (an object), or
// null. Quadratic for a few keys, sorted copies of views beyond.
const std::string* repeated_key(const Document& object);

// Leaves `object` (an object) one member per key, where the key first
// appears, with the value it last has: JSON.parse's object of a text that
// repeats keys.
void keep_last_values(Document& object);

}  // namespace wcb::documents
