// RecordBuilder: one record filled in from a streaming parser's events and
// checked against the record's schema (schema.h). Used by the json and
// msgpack message adapters.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/utf8.h"
#include "workloads/messages/messages.h"
#include "workloads/messages/schema.h"

namespace wcb::messages::schema {

// Fills in one record of a known kind from the events of a streaming
// parser (nlohmann's SAX, msgpack-cxx's visitor), checking them against the
// record's schema: every key one of the object's fields, exactly once, each
// value of its field's type, containers only where the schema has one (so
// nesting never gets deeper than the record's). Each call returns false with
// `error` set when the value does not fit; the adapter then stops parsing.
//
// Numbers follow JS: any number is a number; an integer field takes an
// integral value in int32 range whatever its encoding (JSON.parse("5.0") is
// 5); a mixed array element is int32 when integral in range, else double.
class RecordBuilder {
 public:
  // `timestamp_text` and `binary_text` say what the format holds a timestamp
  // and binary data as, for error messages ("an ISO 8601 timestamp string").
  RecordBuilder(std::span<const Field> fields, void* record, std::string_view timestamp_text,
                std::string_view binary_text)
      : root_fields_(fields), record_(record), timestamp_text_(timestamp_text), binary_text_(binary_text) {}

  std::string error;
  // A whole record has been read.
  bool done() const { return done_; }

  // The type of the slot the next value goes to: a field of the innermost
  // object, or an element of the innermost array (kInt32 or kScalar);
  // kObject at the top level.
  Type next_type() const {
    if (depth_ == 0) return Type::kObject;
    const Frame& frame = top();
    if (is_array(frame)) return frame.array_type == Type::kInt32Array ? Type::kInt32 : Type::kScalar;
    return frame.fields[static_cast<std::size_t>(frame.pending)].type;
  }

  bool boolean(bool value) {
    switch (next_type()) {
      case Type::kBool:
        *static_cast<bool*>(slot()) = value;
        break;
      case Type::kScalar:
        static_cast<std::vector<Scalar>*>(slot())->emplace_back(value);
        break;
      default:
        return unexpected("a boolean");
    }
    return filled();
  }

  // An integer as the parser reads it; wide() for one the parser only
  // hands over beyond the int32 range (RapidJSON's Int64 and Uint64).
  template <std::integral T>
  bool whole(T value) {
    return number(static_cast<double>(value), std::in_range<std::int32_t>(value),
                  [value] { return std::to_string(value); });
  }
  template <std::integral T>
  bool wide(T value) {
    return number(static_cast<double>(value), false, [value] { return std::to_string(value); });
  }
  // A float64 the parser read, spelled with all its digits in a message.
  bool real(double value) {
    return number(value, schema::integral_int32(value), [value] {
      char text[32];
      std::snprintf(text, sizeof text, "%.17g", value);
      return std::string(text);
    });
  }

  // `text()` gives the number as text, for an error message only.
  template <typename Text>
  bool number(double value, bool integral_int32, Text&& text) {
    if (depth_ == 0) return unexpected("a number");
    switch (next_type()) {
      case Type::kInt32:
        if (!integral_int32) return fail_here("expected an int32 integer, got " + text());
        if (is_array(top())) {
          static_cast<std::vector<std::int32_t>*>(slot())->push_back(static_cast<std::int32_t>(value));
        } else {
          *static_cast<std::int32_t*>(slot()) = static_cast<std::int32_t>(value);
        }
        break;
      case Type::kDouble:
        *static_cast<double*>(slot()) = value;
        break;
      case Type::kFloat:
        if (std::isnan(value)) {
          *static_cast<float*>(slot()) = static_cast<float>(value);
          break;
        }
        if (std::abs(value) > std::numeric_limits<float>::max() && !std::isinf(value)) {
          return fail_here("expected a float32 number, got " + text() + ", outside its range");
        }
        *static_cast<float*>(slot()) = static_cast<float>(value);
        break;
      case Type::kScalar:
        // -0 stays a double: as an int32 it would come back as 0.
        if (integral_int32 && !(value == 0 && std::signbit(value))) {
          static_cast<std::vector<Scalar>*>(slot())->emplace_back(static_cast<std::int32_t>(value));
        } else {
          static_cast<std::vector<Scalar>*>(slot())->emplace_back(value);
        }
        break;
      default:
        return unexpected("a number");
    }
    return filled();
  }

  // A UTF-8 string (the adapter has checked it) for a string field or a
  // mixed array element.
  bool string(std::string_view value) {
    switch (next_type()) {
      case Type::kString:
        static_cast<std::string*>(slot())->assign(value);
        break;
      case Type::kScalar:
        static_cast<std::vector<Scalar>*>(slot())->emplace_back(std::string(value));
        break;
      default:
        return unexpected("a string");
    }
    return filled();
  }

  bool timestamp(Timestamp value) {
    if (next_type() != Type::kTimestamp) return unexpected("a timestamp");
    *static_cast<Timestamp*>(slot()) = value;
    return filled();
  }

  // `fill(std::vector<std::uint8_t>&)` writes the bytes into the field (it
  // keeps its capacity when a message is reused) and returns false with a
  // problem in `error` when it cannot.
  template <typename Fill>
  bool binary(Fill&& fill) {
    if (next_type() != Type::kBinary) return unexpected("binary data");
    std::string problem;
    if (!fill(*static_cast<std::vector<std::uint8_t>*>(slot()), problem)) return fail_here(problem);
    return filled();
  }

  bool start_object() {
    if (depth_ == 0) {
      if (done_) return fail("unexpected data after the record");
      return push(root_fields_, record_, Type::kObject);
    }
    if (next_type() != Type::kObject) return unexpected("an object");
    return push(top().fields[static_cast<std::size_t>(top().pending)].fields(), slot(), Type::kObject);
  }

  bool key(std::string_view name) {
    if (depth_ == 0 || is_array(top())) return fail("unexpected key \"" + std::string(name) + "\"");
    Frame& frame = top();
    if (frame.pending >= 0) return fail(where() + "expected a value, got a key");
    const int index = find_field(frame.fields, name);
    if (index < 0) return fail(where_object() + "unexpected key \"" + std::string(name) + "\"");
    const std::uint32_t bit = 1u << index;
    if (frame.seen & bit) return fail(where_object() + "duplicate key \"" + std::string(name) + "\"");
    frame.seen |= bit;
    frame.pending = index;
    return true;
  }

  bool end_object() {
    Frame& frame = top();
    if (frame.seen != all_fields(frame.fields)) {
      return fail(where_object() + "missing " + missing_fields(frame.fields, frame.seen));
    }
    --depth_;
    if (depth_ == 0) {
      done_ = true;
      return true;
    }
    return filled();
  }

  // `claimed` is the element count the input announces (0 when unknown),
  // `input_size` the input's size: room is reserved for no more elements
  // than the input can hold, so a hostile count allocates nothing.
  bool start_array(std::size_t claimed, std::size_t input_size) {
    const Type type = next_type();
    if (depth_ == 0 || (type != Type::kInt32Array && type != Type::kScalarArray)) {
      return unexpected("an array");
    }
    void* target = slot();
    // A bounded reservation; a real array longer than that grows as its
    // elements arrive.
    constexpr std::size_t kMaxReserve = 1024;
    const std::size_t room = std::min({claimed, input_size, kMaxReserve});
    // Cleared, not replaced: a reused message keeps the vector's capacity.
    if (type == Type::kInt32Array) {
      auto& values = *static_cast<std::vector<std::int32_t>*>(target);
      values.clear();
      values.reserve(room);
    } else {
      auto& values = *static_cast<std::vector<Scalar>*>(target);
      values.clear();
      values.reserve(room);
    }
    return push({}, target, type);
  }

  bool end_array() {
    --depth_;
    return filled();
  }

  // A value of a type the schema never holds (null, an ext type, ...).
  bool unexpected(std::string_view what) {
    if (depth_ == 0) {
      return fail(done_ ? "unexpected " + std::string(what) + " after the record"
                        : "expected an object at the top level, got " + std::string(what));
    }
    const Type type = next_type();
    const std::string_view expected = type == Type::kTimestamp ? timestamp_text_
                                      : type == Type::kBinary  ? binary_text_
                                                               : expected_text(type);
    return fail_here("expected " + std::string(expected) + ", got " + std::string(what));
  }

  bool fail_here(const std::string& problem) { return fail(where() + problem); }

  // Keeps the first problem; Status::failure cuts long ones short.
  bool fail(std::string message) {
    if (error.empty()) error = std::move(message);
    return false;
  }

 private:
  // An open object (fields not empty) or array (array_type set).
  struct Frame {
    std::span<const Field> fields;
    void* target = nullptr;  // the struct, or the vector of an array
    std::uint32_t seen = 0;
    int pending = -1;  // the field whose value comes next
    Type array_type = Type::kObject;
    std::size_t count = 0;  // array elements so far
  };
  // The deepest record (nested) has four objects; arrays hold scalars.
  static constexpr int kMaxDepth = 6;

  const Frame& top() const { return frames_[static_cast<std::size_t>(depth_ - 1)]; }
  Frame& top() { return frames_[static_cast<std::size_t>(depth_ - 1)]; }
  static bool is_array(const Frame& frame) { return frame.fields.empty(); }

  // Where the next value goes (depth_ > 0, and inside an object a key has
  // been read: both parsers guarantee it).
  void* slot() {
    Frame& frame = top();
    if (is_array(frame)) return frame.target;
    return frame.fields[static_cast<std::size_t>(frame.pending)].member(frame.target);
  }

  bool push(std::span<const Field> fields, void* target, Type array_type) {
    if (depth_ == kMaxDepth) return fail("nesting too deep");
    Frame& frame = frames_[static_cast<std::size_t>(depth_++)];
    frame = Frame{};
    frame.fields = fields;
    frame.target = target;
    frame.array_type = array_type;
    return true;
  }

  // A value has been stored in the current slot.
  bool filled() {
    Frame& frame = top();
    if (is_array(frame)) {
      ++frame.count;
    } else {
      frame.pending = -1;
    }
    return true;
  }

  // `field "value.level2.level3.count": ` or `field "tags[2]": ` for the
  // next value; where_object() names the innermost object instead (empty
  // for the record itself).
  std::string path(int frames) const {
    std::string text;
    for (int i = 0; i < frames; ++i) {
      const Frame& frame = frames_[static_cast<std::size_t>(i)];
      if (is_array(frame)) {
        text += "[" + std::to_string(frame.count) + "]";
      } else if (frame.pending >= 0) {
        if (!text.empty()) text += '.';
        text += frame.fields[static_cast<std::size_t>(frame.pending)].name;
      }
    }
    return text.empty() ? std::string() : "field \"" + text + "\": ";
  }
  std::string where() const { return path(depth_); }
  std::string where_object() const { return path(depth_ - 1); }

  std::span<const Field> root_fields_;
  void* record_;
  std::string_view timestamp_text_;
  std::string_view binary_text_;
  std::array<Frame, kMaxDepth> frames_;
  int depth_ = 0;
  bool done_ = false;
};

}  // namespace wcb::messages::schema
