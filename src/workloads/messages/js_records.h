// The val strategy's records of the messages workload: reading a JS record
// into a C++ message with every type checked, and writing a message back as
// a plain JS record. Included by bindings.cpp alone; internal linkage, so the
// compiler inlines them into the exports as it did in one source file.
#pragma once

#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "workloads/messages/messages.h"

namespace wcb::wasm::records {
namespace {  // NOLINT(google-build-namespaces): one includer, see above

namespace msg = wcb::messages;
using emscripten::val;

// The JS property keys and constructors, made once: a key built from a C
// string at every access would time UTF-8 decoding of its name.
struct JsNames {
  val value{"value"}, level2{"level2"}, level3{"level3"}, flag{"flag"}, count{"count"}, label{"label"};
  val id{"id"}, active{"active"}, score{"score"}, balance{"balance"}, latitude{"latitude"},
      longitude{"longitude"}, created_at{"createdAt"}, name{"name"}, description{"description"}, tags{"tags"},
      data{"data"}, length{"length"};
  val foo{"foo"}, this_is{"thisIs"}, another{"another"}, sub{"sub"};
  val date = val::global("Date");
  val array = val::global("Array");
  val uint8_array = val::global("Uint8Array");
};

const JsNames& js() {
  static const JsNames names;
  return names;
}

// A JS record that does not match its schema. Caught by guarded(), which
// prefixes the codec's name.
class MarshalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a wrong JS value is, for an error message (error path only).
std::string describe(const val& value) {
  if (value.isUndefined()) return "undefined";
  if (value.isNull()) return "null";
  if (value.isTrue()) return "true";
  if (value.isFalse()) return "false";
  if (value.isNumber()) return "the number " + val::global("String")(value).as<std::string>();
  if (value.isString()) return "a string";
  if (value.instanceof (js().date)) return "a Date";
  if (value.instanceof (js().array)) return "an array";
  if (value.instanceof (js().uint8_array)) return "a Uint8Array";
  const std::string type = value.typeOf().as<std::string>();
  return (type == "object" ? "an " : "a ") + type;
}

// Reads the fields of one JS record with type checks; errors name the record
// and the field: 'record: field "createdAt": expected a Date, got a string'.
class RecordReader {
 public:
  explicit RecordReader(msg::Kind kind) : record_(msg::kind_name(kind)) {}

  [[noreturn]] void fail(std::string_view path, std::string_view expected, const val& got) const {
    std::string problem(record_);
    problem.append(": field \"").append(path).append("\": ");
    if (got.isUndefined()) {
      problem.append("missing");
    } else {
      problem.append("expected ").append(expected).append(", got ").append(describe(got));
    }
    throw MarshalError(problem);
  }

  // An element of an array field: path "tags[2]".
  [[noreturn]] void fail_element(std::string_view path, std::size_t index, std::string_view expected,
                                 const val& got) const {
    fail(std::string(path) + "[" + std::to_string(index) + "]", expected, got);
  }

  val object(const val& parent, const val& key, std::string_view path) const {
    val field = parent[key];
    // Reading a property of null or undefined would raise a JS TypeError;
    // a number or a string would read as a missing field.
    if (field.isNull() || field.isUndefined() || field.isTrue() || field.isFalse() || field.isNumber() ||
        field.isString()) {
      fail(path, "an object", field);
    }
    return field;
  }

  bool boolean(const val& parent, const val& key, std::string_view path) const {
    const val field = parent[key];
    if (field.isTrue()) return true;
    if (!field.isFalse()) fail(path, "a boolean", field);
    return false;
  }

  double number(const val& parent, const val& key, std::string_view path) const {
    const val field = parent[key];
    if (!field.isNumber()) fail(path, "a number", field);
    return field.as<double>();
  }

  std::int32_t int32(const val& parent, const val& key, std::string_view path) const {
    const val field = parent[key];
    std::int32_t result;
    if (!field.isNumber() || !to_int32(field.as<double>(), result)) fail(path, kInt32, field);
    return result;
  }

  std::string string(const val& parent, const val& key, std::string_view path) const {
    const val field = parent[key];
    if (!field.isString()) fail(path, "a string", field);
    return field.as<std::string>();
  }

  msg::Timestamp timestamp(const val& parent, const val& key, std::string_view path) const {
    const JsNames& names = js();
    const val field = parent[key];
    if (!field.instanceof (names.date)) fail(path, "a Date", field);
    const double ms = field.call<double>("getTime");
    // An Invalid Date holds NaN; a valid one an integer of at most 8.64e15.
    if (std::isnan(ms)) fail(path, "a valid Date", field);
    return msg::Timestamp{std::chrono::milliseconds{static_cast<std::int64_t>(ms)}};
  }

  void bytes(const val& parent, const val& key, std::string_view path, std::vector<std::uint8_t>& out) const {
    const JsNames& names = js();
    const val field = parent[key];
    if (!field.instanceof (names.uint8_array)) fail(path, "a Uint8Array", field);
    out.resize(field[names.length].as<std::size_t>());
    if (!out.empty()) val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", field);
  }

  // A JS array field: returns it and its length.
  val array(const val& parent, const val& key, std::string_view path, std::size_t& length) const {
    const JsNames& names = js();
    val field = parent[key];
    if (!field.instanceof (names.array)) fail(path, "an array", field);
    length = field[names.length].as<std::size_t>();
    return field;
  }

  void int32_array(const val& parent, const val& key, std::string_view path,
                   std::vector<std::int32_t>& out) const {
    std::size_t length = 0;
    const val array = this->array(parent, key, path, length);
    out.resize(length);
    for (std::size_t i = 0; i < length; ++i) {
      const val element = array[i];
      if (!element.isNumber() || !to_int32(element.as<double>(), out[i])) {
        fail_element(path, i, kInt32, element);
      }
    }
  }

  // A mixed array: booleans, numbers and strings. A number is an int32 when
  // it is an integer in int32 range (not -0, which an int32 cannot hold),
  // otherwise a double: the mapping of src/workloads/messages/messages.h.
  void scalar_array(const val& parent, const val& key, std::string_view path,
                    std::vector<msg::Scalar>& out) const {
    std::size_t length = 0;
    const val array = this->array(parent, key, path, length);
    out.resize(length);
    for (std::size_t i = 0; i < length; ++i) {
      const val element = array[i];
      if (element.isTrue() || element.isFalse()) {
        out[i] = element.isTrue();
      } else if (element.isNumber()) {
        const double number = element.as<double>();
        std::int32_t integer;
        if (to_int32(number, integer) && !(number == 0 && std::signbit(number))) {
          out[i] = integer;
        } else {
          out[i] = number;
        }
      } else if (element.isString()) {
        out[i] = element.as<std::string>();
      } else {
        fail_element(path, i, "a boolean, a number or a string", element);
      }
    }
  }

 private:
  static constexpr std::string_view kInt32 = "an int32 (an integer from -2147483648 to 2147483647)";

  static bool to_int32(double number, std::int32_t& out) {
    // False for NaN, fractions and anything out of range.
    if (!(number >= -2147483648.0 && number <= 2147483647.0) || std::trunc(number) != number) return false;
    out = static_cast<std::int32_t>(number);
    return true;
  }

  std::string_view record_;
};

// The alternative T of `message`, made the current one if it is not (a
// reused message keeps its strings' capacity).
template <typename T>
T& hold(msg::Message& message) {
  if (T* held = std::get_if<T>(&message)) return *held;
  return message.emplace<T>();
}

// object1..3: foo, thisIs, another, then `sub` (one level smaller) when the
// level has one; `Depth` (0: the record) picks the fields' paths.
template <std::size_t Depth = 0, typename T>
void read_small_object(const RecordReader& read, const val& object, T& out) {
  const JsNames& k = js();
  const msg::SmallObjectPaths& paths = msg::kSmallObjectPaths[Depth];
  out.foo = read.string(object, k.foo, paths.foo);
  out.this_is = read.string(object, k.this_is, paths.this_is);
  out.another = read.int32(object, k.another, paths.another);
  if constexpr (requires { out.sub; }) {
    read_small_object<Depth + 1>(read, read.object(object, k.sub, paths.sub), out.sub);
  }
}

// strategy val, marshal in: the JS record of `kind` into `out`.
void read_record(msg::Kind kind, const val& record, msg::Message& out) {
  const JsNames& k = js();
  const RecordReader read(kind);
  switch (kind) {
    case msg::Kind::Bool:
      hold<msg::BoolMessage>(out).value = read.boolean(record, k.value, "value");
      break;
    case msg::Kind::Int:
      hold<msg::IntMessage>(out).value = read.int32(record, k.value, "value");
      break;
    case msg::Kind::Double:
      hold<msg::DoubleMessage>(out).value = read.number(record, k.value, "value");
      break;
    case msg::Kind::String:
      hold<msg::StringMessage>(out).value = read.string(record, k.value, "value");
      break;
    case msg::Kind::Array:
      read.int32_array(record, k.value, "value", hold<msg::ArrayMessage>(out).value);
      break;
    case msg::Kind::Nested: {
      const val level1 = read.object(record, k.value, "value");
      const val level2 = read.object(level1, k.level2, "value.level2");
      const val level3 = read.object(level2, k.level3, "value.level2.level3");
      msg::Level3& target = hold<msg::NestedMessage>(out).value.level2.level3;
      target.flag = read.boolean(level3, k.flag, "value.level2.level3.flag");
      target.count = read.int32(level3, k.count, "value.level2.level3.count");
      target.label = read.string(level3, k.label, "value.level2.level3.label");
      break;
    }
    case msg::Kind::Record: {
      msg::Record& target = hold<msg::Record>(out);
      target.id = read.int32(record, k.id, "id");
      target.active = read.boolean(record, k.active, "active");
      target.score = read.number(record, k.score, "score");
      target.balance = read.number(record, k.balance, "balance");
      // float32 fields: JS holds Math.fround() values, which convert exactly.
      target.latitude = static_cast<float>(read.number(record, k.latitude, "latitude"));
      target.longitude = static_cast<float>(read.number(record, k.longitude, "longitude"));
      target.created_at = read.timestamp(record, k.created_at, "createdAt");
      target.name = read.string(record, k.name, "name");
      target.description = read.string(record, k.description, "description");
      read.scalar_array(record, k.tags, "tags", target.tags);
      break;
    }
    case msg::Kind::Binary: {
      msg::BinaryMessage& target = hold<msg::BinaryMessage>(out);
      target.name = read.string(record, k.name, "name");
      read.bytes(record, k.data, "data", target.data);
      break;
    }
    case msg::Kind::Object1:
      read_small_object(read, record, hold<msg::Object1Message>(out));
      break;
    case msg::Kind::Object2:
      read_small_object(read, record, hold<msg::Object2Message>(out));
      break;
    case msg::Kind::Object3:
      read_small_object(read, record, hold<msg::Object3Message>(out));
      break;
  }
}

val int32_array_to_js(const std::vector<std::int32_t>& values) {
  val array = val::array();
  for (std::size_t i = 0; i < values.size(); ++i) array.set(i, values[i]);
  return array;
}

// strategy val, marshal out: a plain JS record, keys in the JS order of
// src/workloads/messages/records.mjs.
struct RecordWriter {
  const JsNames& k = js();

  val with_value(const val& value) const {
    val object = val::object();
    object.set(k.value, value);
    return object;
  }
  val operator()(const msg::BoolMessage& m) const { return with_value(val(m.value)); }
  val operator()(const msg::IntMessage& m) const { return with_value(val(m.value)); }
  val operator()(const msg::DoubleMessage& m) const { return with_value(val(m.value)); }
  val operator()(const msg::StringMessage& m) const { return with_value(val(m.value)); }
  val operator()(const msg::ArrayMessage& m) const { return with_value(int32_array_to_js(m.value)); }
  val operator()(const msg::NestedMessage& m) const {
    const msg::Level3& source = m.value.level2.level3;
    val level3 = val::object();
    level3.set(k.flag, source.flag);
    level3.set(k.count, source.count);
    level3.set(k.label, source.label);
    val level2 = val::object();
    level2.set(k.level3, level3);
    val level1 = val::object();
    level1.set(k.level2, level2);
    return with_value(level1);
  }
  val operator()(const msg::Record& m) const {
    val tags = val::array();
    for (std::size_t i = 0; i < m.tags.size(); ++i) {
      std::visit([&](const auto& scalar) { tags.set(i, scalar); }, m.tags[i]);
    }
    val object = val::object();
    object.set(k.id, m.id);
    object.set(k.active, m.active);
    object.set(k.score, m.score);
    object.set(k.balance, m.balance);
    object.set(k.latitude, static_cast<double>(m.latitude));
    object.set(k.longitude, static_cast<double>(m.longitude));
    object.set(k.created_at, k.date.new_(static_cast<double>(m.created_at.time_since_epoch().count())));
    object.set(k.name, m.name);
    object.set(k.description, m.description);
    object.set(k.tags, tags);
    return object;
  }
  val operator()(const msg::BinaryMessage& m) const {
    val object = val::object();
    object.set(k.name, m.name);
    // A copy: a view of the heap would change with the next call.
    object.set(k.data, val(emscripten::typed_memory_view(m.data.size(), m.data.data())).call<val>("slice"));
    return object;
  }
  template <typename T>
  val small_object(const T& m) const {
    val object = val::object();
    object.set(k.foo, m.foo);
    object.set(k.this_is, m.this_is);
    object.set(k.another, m.another);
    if constexpr (requires { m.sub; }) object.set(k.sub, small_object(m.sub));
    return object;
  }
  val operator()(const msg::Object1Message& m) const { return small_object(m); }
  val operator()(const msg::Object2Message& m) const { return small_object(m); }
  val operator()(const msg::Object3Message& m) const { return small_object(m); }
};

val record_to_js(const msg::Message& message) { return std::visit(RecordWriter{}, message); }

// The Kind of a JS kind index (the position in kKindNames), or a failure.
msg::Kind checked_kind(int kind) {
  if (kind < 0 || static_cast<std::size_t>(kind) >= msg::kKindCount) {
    throw MarshalError("unknown record kind " + std::to_string(kind));
  }
  return static_cast<msg::Kind>(kind);
}

}  // namespace
}  // namespace wcb::wasm::records
