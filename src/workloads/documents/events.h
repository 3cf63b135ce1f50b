// A document as a stream of events (docs/documents.md#the-document-in-c-events-not-a-tree): what every
// document codec reads and writes, so that no timed path builds a tree.
//
//   decode: a codec's reader drives a DocumentSink (the tagged form's writer,
//           JSON text for the `text` strategy, JS values, or a Document for
//           tests and tools);
//   encode: a DocumentSource (the tagged form's reader, a Document, JS values)
//           drives the codec's writer, an Events.
//
// Between any reader and any writer nothing but these calls: a format
// transcodes into another in one pass. Events are virtual calls: a few
// nanoseconds each, against tens for the bytes of a value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/status.h"

namespace wcb::documents {

// The count of a container whose reader cannot tell it before its elements
// (JSON text, CBOR's indefinite lengths). Sinks never rely on counts.
inline constexpr std::size_t kUnknownCount = static_cast<std::size_t>(-1);

// Depth-first, object members in order: a key() before each member's value.
// A writer throws Unrepresentable for a value its format cannot hold; the
// source driving it adds the value's path.
class Events {
 public:
  virtual ~Events() = default;

  virtual void null() = 0;
  virtual void boolean(bool value) = 0;
  virtual void integer(std::int64_t value) = 0;
  // Only for values above INT64_MAX; smaller non-negative ones come as integer().
  virtual void unsigned_integer(std::uint64_t value) = 0;
  virtual void number(double value) = 0;
  // Views valid for the call only.
  virtual void string(std::string_view value) = 0;
  virtual void start_array(std::size_t count) = 0;
  virtual void end_array() = 0;
  virtual void start_object(std::size_t count) = 0;
  virtual void key(std::string_view key) = 0;
  virtual void end_object() = 0;
};

// What a decoder does with an object that holds a key twice: a JS object
// cannot hold both values. JSON text keeps the last, at the place of the
// first, as JSON.parse does; the binary formats refuse it
// (docs/documents.md says why).
enum class RepeatedKeys { kRefuse, kKeepLast };

// The checks a codec's reader leaves to the sink.
struct DecodeRules {
  // Strings and keys are checked UTF-8 (the library did not check them).
  bool check_utf8 = true;
  RepeatedKeys repeated_keys = RepeatedKeys::kRefuse;
};

// The rules of a reader that checks UTF-8 itself and keeps the last value of
// a repeated key (JSON text, protobuf's map).
constexpr DecodeRules kCheckedKeepLast{.check_utf8 = false, .repeated_keys = RepeatedKeys::kKeepLast};

// Where a decoder's events go. Every sink enforces the same rules, naming
// the path in a DecodeError: nesting deeper than kMaxDepth, repeated keys
// (refused, or passed on for the last to win), UTF-8 when the rules ask,
// an integer a JS number cannot hold exactly (beyond +-2^53) where the
// sink's output is for JS. A reader calls fail() for what its bytes hold
// that no document holds (binary data, a tag), so that error names the
// path too.
class DocumentSink : public Events {
 public:
  // "$.features[3].id": where the next value goes.
  virtual std::string path() const = 0;
  // Throws DecodeError unless exactly one whole value was written.
  virtual void finish() = 0;
  // Throws DecodeError("<problem> at <path>").
  [[noreturn]] void fail(const std::string& problem) const { throw DecodeError(problem + " at " + path()); }
};

// Where an encoder's events come from.
class DocumentSource {
 public:
  virtual ~DocumentSource() = default;
  // Drives `writer` with one document. Throws std::invalid_argument naming
  // the value's path for what the writer refuses (its Unrepresentable) and
  // for what the source itself cannot read (DecodeError for bad tagged
  // bytes).
  virtual void drive(Events& writer) = 0;
};

}  // namespace wcb::documents
