// The object strategy's records of the messages workload in the addon:
// reading a JS record into a Message through Node-API with every type
// checked, and writing a Message back as a plain JS record (the
// counterpart of js_records.h). Included by addon-bindings.cpp alone;
// internal linkage, so the compiler inlines them into the calls as it did
// in one source file.
#pragma once

#include <napi.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "addon/bindings_support.h"
#include "workloads/messages/messages.h"
#include "workloads/messages/napi_support.h"

namespace wcb::addon {
namespace {  // NOLINT(google-build-namespaces): one includer, see above

constexpr std::string_view kInt32 = "an int32 (an integer from -2147483648 to 2147483647)";

bool to_int32(double number, std::int32_t& out) {
  // False for NaN, fractions and anything out of range.
  if (!(number >= -2147483648.0 && number <= 2147483647.0) || std::trunc(number) != number) return false;
  out = static_cast<std::int32_t>(number);
  return true;
}

// Reads the fields of one JS record with type checks; errors name the record
// and the field: 'record: field "createdAt": expected a Date, got a string'.
class RecordReader {
 public:
  RecordReader(msg::Kind kind, CallKeys& keys) : record_(msg::kind_name(kind)), keys_(keys) {}

  [[noreturn]] void fail(std::string_view path, std::string_view expected, const Napi::Value& got) const {
    std::string problem(record_);
    problem.append(": field \"").append(path).append("\": ");
    if (got.IsUndefined()) {
      problem.append("missing");
    } else {
      problem.append("expected ").append(expected).append(", got ").append(describe(got));
    }
    throw MarshalError(problem);
  }

  [[noreturn]] void fail_element(std::string_view path, std::size_t index, std::string_view expected,
                                 const Napi::Value& got) const {
    fail(std::string(path) + "[" + std::to_string(index) + "]", expected, got);
  }

  Napi::Value get(const Napi::Object& parent, Keys::Name key) const {
    return parent.Get(Napi::Value(parent.Env(), keys_[key]));
  }

  Napi::Object object(const Napi::Object& parent, Keys::Name key, std::string_view path) const {
    const Napi::Value field = get(parent, key);
    const napi_valuetype type = field.Type();
    if (type != napi_object && type != napi_function) fail(path, "an object", field);
    return field.As<Napi::Object>();
  }

  bool boolean(const Napi::Object& parent, Keys::Name key, std::string_view path) const {
    const Napi::Value field = get(parent, key);
    if (field.Type() != napi_boolean) fail(path, "a boolean", field);
    return field.As<Napi::Boolean>().Value();
  }

  double number(const Napi::Object& parent, Keys::Name key, std::string_view path) const {
    const Napi::Value field = get(parent, key);
    if (field.Type() != napi_number) fail(path, "a number", field);
    return field.As<Napi::Number>().DoubleValue();
  }

  std::int32_t int32(const Napi::Object& parent, Keys::Name key, std::string_view path) const {
    const Napi::Value field = get(parent, key);
    std::int32_t result = 0;
    if (field.Type() != napi_number || !to_int32(field.As<Napi::Number>().DoubleValue(), result))
      fail(path, kInt32, field);
    return result;
  }

  // Into `out`, which keeps its capacity from call to call.
  void string(const Napi::Object& parent, Keys::Name key, std::string_view path, std::string& out) const {
    const Napi::Value field = get(parent, key);
    if (field.Type() != napi_string) fail(path, "a string", field);
    read_string(field, out);
  }

  static void read_string(const Napi::Value& value, std::string& out) {
    const napi_env env = value.Env();
    std::size_t length = 0;
    NAPI_THROW_IF_FAILED_VOID(env, napi_get_value_string_utf8(env, value, nullptr, 0, &length));
    out.resize(length);
    // Node writes a terminating NUL: room for length + 1 bytes.
    NAPI_THROW_IF_FAILED_VOID(env, napi_get_value_string_utf8(env, value, out.data(), length + 1, &length));
  }

  msg::Timestamp timestamp(const Napi::Object& parent, Keys::Name key, std::string_view path) const {
    const Napi::Value field = get(parent, key);
    if (!field.IsDate()) fail(path, "a Date", field);
    const double ms = field.As<Napi::Date>().ValueOf();
    // An Invalid Date holds NaN; a valid one an integer of at most 8.64e15.
    if (std::isnan(ms)) fail(path, "a valid Date", field);
    return msg::Timestamp{std::chrono::milliseconds{static_cast<std::int64_t>(ms)}};
  }

  void bytes(const Napi::Object& parent, Keys::Name key, std::string_view path,
             std::vector<std::uint8_t>& out) const {
    const Napi::Value field = get(parent, key);
    if (!is_typed_array(field, napi_uint8_array)) fail(path, "a Uint8Array", field);
    const Napi::Uint8Array array = field.As<Napi::Uint8Array>();
    out.assign(array.Data(), array.Data() + array.ElementLength());
  }

  Napi::Array array(const Napi::Object& parent, Keys::Name key, std::string_view path) const {
    const Napi::Value field = get(parent, key);
    if (!field.IsArray()) fail(path, "an array", field);
    return field.As<Napi::Array>();
  }

  void int32_array(const Napi::Object& parent, Keys::Name key, std::string_view path,
                   std::vector<std::int32_t>& out) const {
    const Napi::Array values = array(parent, key, path);
    const std::uint32_t length = values.Length();
    out.resize(length);
    for (std::uint32_t i = 0; i < length; ++i) {
      const Napi::Value element = values.Get(i);
      if (element.Type() != napi_number || !to_int32(element.As<Napi::Number>().DoubleValue(), out[i]))
        fail_element(path, i, kInt32, element);
    }
  }

  // A mixed array: an integer in int32 range (not -0) is an int32, any other
  // number a double: the mapping of messages.h.
  void scalar_array(const Napi::Object& parent, Keys::Name key, std::string_view path,
                    std::vector<msg::Scalar>& out) const {
    const Napi::Array values = array(parent, key, path);
    const std::uint32_t length = values.Length();
    out.resize(length);
    for (std::uint32_t i = 0; i < length; ++i) {
      const Napi::Value element = values.Get(i);
      switch (element.Type()) {
        case napi_boolean:
          out[i] = element.As<Napi::Boolean>().Value();
          break;
        case napi_number: {
          const double number = element.As<Napi::Number>().DoubleValue();
          std::int32_t integer = 0;
          if (to_int32(number, integer) && !(number == 0 && std::signbit(number))) {
            out[i] = integer;
          } else {
            out[i] = number;
          }
          break;
        }
        case napi_string: {
          std::string* text = std::get_if<std::string>(&out[i]);
          if (text == nullptr) text = &out[i].emplace<std::string>();
          read_string(element, *text);
          break;
        }
        default:
          fail_element(path, i, "a boolean, a number or a string", element);
      }
    }
  }

 private:
  std::string_view record_;
  CallKeys& keys_;
};

template <typename T>
T& hold(msg::Message& message) {
  if (T* held = std::get_if<T>(&message)) return *held;
  return message.emplace<T>();
}

// object1..3: foo, thisIs, another, then `sub` (one level smaller) when the
// level has one; `Depth` (0: the record) picks the fields' paths.
template <std::size_t Depth = 0, typename T>
void read_small_object(const RecordReader& read, const Napi::Object& object, T& out) {
  const msg::SmallObjectPaths& paths = msg::kSmallObjectPaths[Depth];
  read.string(object, Keys::kFoo, paths.foo, out.foo);
  read.string(object, Keys::kThisIs, paths.this_is, out.this_is);
  out.another = read.int32(object, Keys::kAnother, paths.another);
  if constexpr (requires { out.sub; }) {
    read_small_object<Depth + 1>(read, read.object(object, Keys::kSub, paths.sub), out.sub);
  }
}

// strategy object, marshal in: the JS record of `kind` into `out`.
void read_record(msg::Kind kind, const Napi::Value& value, msg::Message& out, CallKeys& k) {
  const napi_valuetype type = value.Type();
  if (type != napi_object && type != napi_function) {
    throw MarshalError(std::string(msg::kind_name(kind)) + ": encode expects a record object, not " +
                       describe(value));
  }
  const Napi::Object record = value.As<Napi::Object>();
  const RecordReader read(kind, k);
  switch (kind) {
    case msg::Kind::Bool:
      hold<msg::BoolMessage>(out).value = read.boolean(record, Keys::kValue, "value");
      break;
    case msg::Kind::Int:
      hold<msg::IntMessage>(out).value = read.int32(record, Keys::kValue, "value");
      break;
    case msg::Kind::Double:
      hold<msg::DoubleMessage>(out).value = read.number(record, Keys::kValue, "value");
      break;
    case msg::Kind::String:
      read.string(record, Keys::kValue, "value", hold<msg::StringMessage>(out).value);
      break;
    case msg::Kind::Array:
      read.int32_array(record, Keys::kValue, "value", hold<msg::ArrayMessage>(out).value);
      break;
    case msg::Kind::Nested: {
      const Napi::Object level1 = read.object(record, Keys::kValue, "value");
      const Napi::Object level2 = read.object(level1, Keys::kLevel2, "value.level2");
      const Napi::Object level3 = read.object(level2, Keys::kLevel3, "value.level2.level3");
      msg::Level3& target = hold<msg::NestedMessage>(out).value.level2.level3;
      target.flag = read.boolean(level3, Keys::kFlag, "value.level2.level3.flag");
      target.count = read.int32(level3, Keys::kCount, "value.level2.level3.count");
      read.string(level3, Keys::kLabel, "value.level2.level3.label", target.label);
      break;
    }
    case msg::Kind::Record: {
      msg::Record& target = hold<msg::Record>(out);
      target.id = read.int32(record, Keys::kId, "id");
      target.active = read.boolean(record, Keys::kActive, "active");
      target.score = read.number(record, Keys::kScore, "score");
      target.balance = read.number(record, Keys::kBalance, "balance");
      // float32 fields: JS holds Math.fround() values, which convert exactly.
      target.latitude = static_cast<float>(read.number(record, Keys::kLatitude, "latitude"));
      target.longitude = static_cast<float>(read.number(record, Keys::kLongitude, "longitude"));
      target.created_at = read.timestamp(record, Keys::kCreatedAt, "createdAt");
      read.string(record, Keys::kName, "name", target.name);
      read.string(record, Keys::kDescription, "description", target.description);
      read.scalar_array(record, Keys::kTags, "tags", target.tags);
      break;
    }
    case msg::Kind::Binary: {
      msg::BinaryMessage& target = hold<msg::BinaryMessage>(out);
      read.string(record, Keys::kName, "name", target.name);
      read.bytes(record, Keys::kData, "data", target.data);
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

// strategy object, marshal out: a plain JS record, keys in the JS order of
// records.mjs.
struct RecordWriter {
  Napi::Env env;
  CallKeys& k;

  void set(Napi::Object& object, Keys::Name key, napi_value value) const {
    NAPI_THROW_IF_FAILED_VOID(env, napi_set_property(env, object, k[key], value));
  }
  Napi::Value with_value(napi_value value) const {
    Napi::Object object = Napi::Object::New(env);
    set(object, Keys::kValue, value);
    return object;
  }
  Napi::Value string(const std::string& text) const { return Napi::String::New(env, text); }

  Napi::Value operator()(const msg::BoolMessage& m) const {
    return with_value(Napi::Boolean::New(env, m.value));
  }
  Napi::Value operator()(const msg::IntMessage& m) const {
    return with_value(Napi::Number::New(env, m.value));
  }
  Napi::Value operator()(const msg::DoubleMessage& m) const {
    return with_value(Napi::Number::New(env, m.value));
  }
  Napi::Value operator()(const msg::StringMessage& m) const { return with_value(string(m.value)); }
  Napi::Value operator()(const msg::ArrayMessage& m) const {
    Napi::Array array = Napi::Array::New(env, m.value.size());
    for (std::size_t i = 0; i < m.value.size(); ++i)
      array.Set(static_cast<std::uint32_t>(i), Napi::Number::New(env, m.value[i]));
    return with_value(array);
  }
  Napi::Value operator()(const msg::NestedMessage& m) const {
    const msg::Level3& source = m.value.level2.level3;
    Napi::Object level3 = Napi::Object::New(env);
    set(level3, Keys::kFlag, Napi::Boolean::New(env, source.flag));
    set(level3, Keys::kCount, Napi::Number::New(env, source.count));
    set(level3, Keys::kLabel, string(source.label));
    Napi::Object level2 = Napi::Object::New(env);
    set(level2, Keys::kLevel3, level3);
    Napi::Object level1 = Napi::Object::New(env);
    set(level1, Keys::kLevel2, level2);
    return with_value(level1);
  }
  Napi::Value operator()(const msg::Record& m) const {
    Napi::Array tags = Napi::Array::New(env, m.tags.size());
    for (std::size_t i = 0; i < m.tags.size(); ++i) {
      const auto index = static_cast<std::uint32_t>(i);
      std::visit(
          [&](const auto& scalar) {
            using T = std::decay_t<decltype(scalar)>;
            if constexpr (std::is_same_v<T, bool>) {
              tags.Set(index, Napi::Boolean::New(env, scalar));
            } else if constexpr (std::is_same_v<T, std::string>) {
              tags.Set(index, string(scalar));
            } else {
              tags.Set(index, Napi::Number::New(env, static_cast<double>(scalar)));
            }
          },
          m.tags[i]);
    }
    Napi::Object object = Napi::Object::New(env);
    set(object, Keys::kId, Napi::Number::New(env, m.id));
    set(object, Keys::kActive, Napi::Boolean::New(env, m.active));
    set(object, Keys::kScore, Napi::Number::New(env, m.score));
    set(object, Keys::kBalance, Napi::Number::New(env, m.balance));
    set(object, Keys::kLatitude, Napi::Number::New(env, static_cast<double>(m.latitude)));
    set(object, Keys::kLongitude, Napi::Number::New(env, static_cast<double>(m.longitude)));
    set(object, Keys::kCreatedAt,
        Napi::Date::New(env, static_cast<double>(m.created_at.time_since_epoch().count())));
    set(object, Keys::kName, string(m.name));
    set(object, Keys::kDescription, string(m.description));
    set(object, Keys::kTags, tags);
    return object;
  }
  Napi::Value operator()(const msg::BinaryMessage& m) const {
    Napi::Object object = Napi::Object::New(env);
    set(object, Keys::kName, string(m.name));
    set(object, Keys::kData, copy_to_js(env, m.data));
    return object;
  }
  template <typename T>
  Napi::Object small_object(const T& m) const {
    Napi::Object object = Napi::Object::New(env);
    set(object, Keys::kFoo, string(m.foo));
    set(object, Keys::kThisIs, string(m.this_is));
    set(object, Keys::kAnother, Napi::Number::New(env, m.another));
    if constexpr (requires { m.sub; }) set(object, Keys::kSub, small_object(m.sub));
    return object;
  }
  Napi::Value operator()(const msg::Object1Message& m) const { return small_object(m); }
  Napi::Value operator()(const msg::Object2Message& m) const { return small_object(m); }
  Napi::Value operator()(const msg::Object3Message& m) const { return small_object(m); }
};

}  // namespace
}  // namespace wcb::addon
