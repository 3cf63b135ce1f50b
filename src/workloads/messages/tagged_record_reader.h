// Reading the messages records' tagged form (tagged_record.h) straight
// into a Message, with every field checked against the record's schema.
#pragma once

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/utf8.h"
#include "workloads/messages/tagged_record.h"

namespace wcb::wasm::tagged {
namespace {  // NOLINT(google-build-namespaces): internal linkage, see tagged_record.h

// A number as JS prints it: the shortest digits that read back the same.
std::string digits(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  char text[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(text, sizeof text, "%.*g", precision, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  return text;
}

constexpr std::string_view kInt32Text = "an int32 (an integer from -2147483648 to 2147483647)";

// Where a value is in the record, kept on the stack and spelled out only
// for an error: "value.level2.level3.label", "tags[1]".
struct Where {
  const Where* parent;
  std::string_view name;  // empty: an array element
  std::size_t index;
};

std::string path_of(const Where* where) {
  if (where == nullptr) return {};
  std::string path = path_of(where->parent);
  if (where->name.empty()) return path + "[" + std::to_string(where->index) + "]";
  return path.empty() ? std::string(where->name) : path + "." + std::string(where->name);
}

// Reads one record's tagged form straight into its Message, following the
// record's schema (schema.h) and checking every field as the val strategy
// does (js_records.h), with its error texts: 'record: field "createdAt":
// expected a Date, got a string', 'bool: field "value": missing'. It is
// stricter than val in one way: a key the record has no field for is an
// error (val never reads it; here it has crossed, and dropping it would be
// a silent change). Bytes that are not the tagged form at all (JS's writer
// never makes them) are "tagged form: ... at byte N". The schema bounds the
// recursion (a value is read only where the schema has a field).
class TaggedRecordReader {
 public:
  TaggedRecordReader(msg::Kind kind, std::span<const std::uint8_t> bytes)
      : kind_(kind), begin_(bytes.data()), at_(bytes.data()), end_(bytes.data() + bytes.size()) {}

  void read(msg::Message& out) {
    keys_.clear();
    need(1);
    if (*at_ != kTagObject) fail_top("expected a record object, got " + got());
    object(msg::schema::fields_of(kind_), msg::schema::object_of(out), nullptr);
    if (at_ != end_) form_error("bytes left after the record (" + std::to_string(end_ - at_) + ")");
  }

 private:
  [[noreturn]] void fail_top(const std::string& problem) const {
    throw TaggedError(std::string(msg::kind_name(kind_)) + ": " + problem);
  }

  [[noreturn]] void fail(const Where* where, const std::string& problem) const {
    fail_top("field \"" + path_of(where) + "\": " + problem);
  }

  // A key of the object at `where` (null: the record) that cannot be there.
  [[noreturn]] void fail_key(const Where* where, std::string_view what, std::string_view key) const {
    const std::string problem = std::string(what) + " key \"" + std::string(key) + "\"";
    if (where == nullptr) fail_top(problem);
    fail(where, problem);
  }

  // The value at at_ is not what the field needs.
  [[noreturn]] void wrong(const Where* where, std::string_view expected) {
    fail(where, "expected " + std::string(expected) + ", got " + got());
  }

  [[noreturn]] void form_error(const std::string& problem) const {
    fail_top("tagged form: " + problem + " at byte " + std::to_string(at_ - begin_));
  }

  void need(std::size_t size) const {
    if (static_cast<std::size_t>(end_ - at_) < size) form_error("the bytes end inside a value");
  }

  std::size_t left() const { return static_cast<std::size_t>(end_ - at_); }

  std::uint32_t u32() {
    need(kU32);
    std::uint32_t value;
    std::memcpy(&value, at_, kU32);  // wasm is little-endian, as the form
    at_ += kU32;
    return value;
  }

  double f64() {
    need(kF64);
    double value;
    std::memcpy(&value, at_, kF64);
    at_ += kF64;
    return value;
  }

  // u32 byte length, then the bytes, in place.
  std::string_view text() {
    const std::uint32_t length = u32();
    need(length);
    const std::string_view view(reinterpret_cast<const char*>(at_), length);
    at_ += length;
    return view;
  }

  // A key: h even, a new key of h >> 1 bytes that takes the next number; h
  // odd, the key numbered h >> 1 again (docs/documents.md#the-tagged-form:
  // JS's writer refers to every key it has written).
  std::string_view key() {
    const std::uint8_t* key_at = at_;
    const std::uint32_t h = u32();
    if ((h & 1u) == 0) {
      const std::uint32_t length = h >> 1;
      need(length);
      const std::string_view view(reinterpret_cast<const char*>(at_), length);
      at_ += length;
      keys_.push_back(view);
      return view;
    }
    const std::uint32_t number = h >> 1;
    if (number >= keys_.size()) {
      at_ = key_at;
      form_error("key number " + std::to_string(number) + " before that key (" +
                 std::to_string(keys_.size()) + " keys so far)");
    }
    return keys_[number];
  }

  // The tag at at_, consumed.
  std::uint8_t tag() {
    need(1);
    return *at_++;
  }

  // What the value at at_ is, in val's words ("the number 7", "a Date").
  std::string got() {
    need(1);
    switch (*at_) {
      case kTagNull:
        return "null";
      case kTagFalse:
        return "false";
      case kTagTrue:
        return "true";
      case kTagInt32: {
        need(1 + kU32);
        std::int32_t number;
        std::memcpy(&number, at_ + 1, kU32);
        return "the number " + std::to_string(number);
      }
      case kTagFloat64: {
        need(1 + kF64);
        double number;
        std::memcpy(&number, at_ + 1, kF64);
        return "the number " + digits(number);
      }
      case kTagString:
        return "a string";
      case kTagArray:
        return "an array";
      case kTagObject:
        return "an object";
      case kTagTimestamp:
        return "a Date";
      case kTagBytes:
        return "a Uint8Array";
      default:
        form_error("unknown tag " + std::to_string(*at_));
    }
  }

  // A number (tag 3 or 4) into `out`; false, nothing consumed, for another tag.
  bool number(double& out) {
    need(1);
    if (*at_ == kTagInt32) {
      ++at_;
      need(kU32);
      std::int32_t value;
      std::memcpy(&value, at_, kU32);
      at_ += kU32;
      out = value;
      return true;
    }
    if (*at_ == kTagFloat64) {
      ++at_;
      out = f64();
      return true;
    }
    return false;
  }

  // An int32 (-0 taken as 0, as val takes it), or `wrong`.
  std::int32_t int32(const Where* where) {
    const std::uint8_t* value_at = at_;
    double value;
    if (!number(value) || !msg::schema::integral_int32(value)) {
      at_ = value_at;
      wrong(where, kInt32Text);
    }
    return static_cast<std::int32_t>(value);
  }

  void object(std::span<const Field> fields, void* target, const Where* where) {
    if (tag() != kTagObject) {
      --at_;
      wrong(where, "an object");
    }
    const std::uint32_t count = u32();
    std::uint32_t seen = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
      const std::string_view key = this->key();
      const int index = msg::schema::find_field(fields, key);
      if (index < 0) fail_key(where, "unexpected", key);
      const std::uint32_t bit = 1u << index;
      if (seen & bit) fail_key(where, "duplicate", key);
      seen |= bit;
      const Field& field = fields[static_cast<std::size_t>(index)];
      const Where here{where, field.name, 0};
      value(field, field.member(target), &here);
    }
    if (seen != msg::schema::all_fields(fields)) {
      for (std::size_t i = 0; i < fields.size(); ++i) {
        if (seen & (1u << i)) continue;
        const Where here{where, fields[i].name, 0};
        fail(&here, "missing");
      }
    }
  }

  void value(const Field& field, void* member, const Where* where) {
    switch (field.type) {
      case Type::kBool: {
        const std::uint8_t t = tag();
        if (t != kTagTrue && t != kTagFalse) {
          --at_;
          wrong(where, "a boolean");
        }
        *static_cast<bool*>(member) = t == kTagTrue;
        break;
      }
      case Type::kInt32:
        *static_cast<std::int32_t*>(member) = int32(where);
        break;
      case Type::kDouble:
        if (!number(*static_cast<double*>(member))) wrong(where, "a number");
        break;
      case Type::kFloat: {
        double value;
        if (!number(value)) wrong(where, "a number");
        // JS holds Math.fround() values, which convert exactly; a finite
        // number beyond float32 would become Infinity silently.
        if (std::isfinite(value) && std::abs(value) > std::numeric_limits<float>::max()) {
          fail(where, "expected a float32 number, got the number " + digits(value) + ", outside its range");
        }
        *static_cast<float*>(member) = static_cast<float>(value);
        break;
      }
      case Type::kString:
        string(*static_cast<std::string*>(member), where);
        break;
      case Type::kTimestamp: {
        if (tag() != kTagTimestamp) {
          --at_;
          wrong(where, "a Date");
        }
        const double ms = f64();
        if (std::isnan(ms)) fail(where, "expected a valid Date, got a Date");
        // A Date's time is an integer within +-8.64e15 ms.
        if (std::trunc(ms) != ms || std::abs(ms) > static_cast<double>(msg::schema::kMaxDateMs)) {
          fail(where, "a Date of " + digits(ms) + " ms, which no Date holds");
        }
        *static_cast<msg::Timestamp*>(member) =
            msg::Timestamp{std::chrono::milliseconds{static_cast<std::int64_t>(ms)}};
        break;
      }
      case Type::kBinary: {
        if (tag() != kTagBytes) {
          --at_;
          wrong(where, "a Uint8Array");
        }
        const std::uint32_t length = u32();
        need(length);
        static_cast<std::vector<std::uint8_t>*>(member)->assign(at_, at_ + length);
        at_ += length;
        break;
      }
      case Type::kInt32Array: {
        const std::uint32_t count = array(where, 1 + kU32);
        auto& values = *static_cast<std::vector<std::int32_t>*>(member);
        values.resize(count);
        for (std::uint32_t i = 0; i < count; ++i) {
          const Where here{where, {}, i};
          values[i] = int32(&here);
        }
        break;
      }
      case Type::kScalarArray: {
        const std::uint32_t count = array(where, 1);
        auto& values = *static_cast<std::vector<msg::Scalar>*>(member);
        values.resize(count);
        for (std::uint32_t i = 0; i < count; ++i) {
          const Where here{where, {}, i};
          scalar(values[i], &here);
        }
        break;
      }
      case Type::kObject:
        object(field.fields(), member, where);
        break;
      case Type::kScalar:  // only an array element, never a field
        break;
    }
  }

  // An array's count, refused when the bytes left cannot hold that many
  // elements of at least `min_element_bytes` (nothing is sized from it first).
  std::uint32_t array(const Where* where, std::size_t min_element_bytes) {
    if (tag() != kTagArray) {
      --at_;
      wrong(where, "an array");
    }
    const std::uint32_t count = u32();
    if (count > left() / min_element_bytes) form_error("a count larger than the bytes left");
    return count;
  }

  void string(std::string& out, const Where* where) {
    if (tag() != kTagString) {
      --at_;
      wrong(where, "a string");
    }
    const std::string_view view = text();
    if (!valid_utf8(view)) fail(where, "a string that is not valid UTF-8");
    out.assign(view);
  }

  // A mixed array element: a number is an int32 when it is an integer in
  // int32 range and not -0 (an int32 would lose its sign), else a double.
  void scalar(msg::Scalar& out, const Where* where) {
    need(1);
    switch (*at_) {
      case kTagFalse:
      case kTagTrue:
        out = *at_++ == kTagTrue;
        return;
      case kTagInt32:
      case kTagFloat64: {
        double value;
        number(value);
        if (msg::schema::integral_int32(value) && !(value == 0 && std::signbit(value))) {
          out = static_cast<std::int32_t>(value);
        } else {
          out = value;
        }
        return;
      }
      case kTagString: {
        // Into the element's own string when it holds one (its capacity kept).
        if (!std::holds_alternative<std::string>(out)) out = std::string();
        string(std::get<std::string>(out), where);
        return;
      }
      default:
        wrong(where, "a boolean, a number or a string");
    }
  }

  msg::Kind kind_;
  const std::uint8_t* begin_;
  const std::uint8_t* at_;
  const std::uint8_t* end_;
  // The keys read so far, by number: views into the bytes.
  std::vector<std::string_view> keys_;
};

// Reads the tagged form of a record of `kind` into `out`, which keeps its
// strings' and vectors' capacity when it holds that kind already. Throws
// TaggedError naming the record and the field.
void read_tagged_record(msg::Kind kind, std::span<const std::uint8_t> bytes, msg::Message& out) {
  if (msg::kind_of(out) != kind) out = msg::empty_message(kind);
  TaggedRecordReader(kind, bytes).read(out);
}
}  // namespace
}  // namespace wcb::wasm::tagged
