// The object strategy's records of the messages workload in the addon:
// js_boundary.h's walk over Node-API, and the checks of the calls'
// arguments. Included by addon-bindings.cpp alone; internal linkage, so the
// compiler inlines them into the calls as it did in one source file.
#pragma once

#include <napi.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "addon/bindings_support.h"
#include "workloads/messages/js_boundary.h"
#include "workloads/messages/messages.h"

namespace wcb::addon {
namespace {  // NOLINT(google-build-namespaces): one includer, see above

namespace msg = wcb::messages;
using msg::records::Key;
using msg::records::MarshalError;

// The property keys (js_boundary.h), made once per codec. Node-API
// (version 8) holds references to objects only, so the keys live in an
// array it references.
struct Keys {
  Napi::Reference<Napi::Array> array;

  explicit Keys(Napi::Env env) {
    Napi::Array keys = Napi::Array::New(env, msg::records::kKeyCount);
    for (std::uint32_t i = 0; i < msg::records::kKeyCount; ++i)
      keys.Set(i, Napi::String::New(env, msg::records::kKeyTexts[i]));
    array = Napi::Persistent(keys);
  }
};

// The key values of one call: the array once, each key when first used.
class CallKeys {
 public:
  explicit CallKeys(const Keys& keys) : array_(keys.array.Value()) {}
  napi_value operator[](Key name) {
    napi_value& cached = values_[name];
    if (cached == nullptr) {
      const napi_env env = array_.Env();
      NAPI_THROW_IF_FAILED(env, napi_get_element(env, array_, static_cast<std::uint32_t>(name), &cached),
                           nullptr);
    }
    return cached;
  }

 private:
  Napi::Array array_;
  std::array<napi_value, msg::records::kKeyCount> values_{};
};

// The Kind of a JS kind index (the position in kKindNames), or a failure.
msg::Kind checked_kind(const Napi::Value& value) {
  if (value.Type() == napi_number) {
    const double kind = value.As<Napi::Number>().DoubleValue();
    if (kind >= 0 && kind < static_cast<double>(msg::kKindCount) && std::trunc(kind) == kind)
      return static_cast<msg::Kind>(static_cast<int>(kind));
  }
  throw MarshalError("unknown record kind " + describe(value));
}

// A Uint8Array argument: its bytes, in place.
std::span<const std::uint8_t> bytes_argument(const Napi::Value& value) {
  if (!is_typed_array(value, napi_uint8_array))
    throw MarshalError("decode expects a Uint8Array, not " + describe(value));
  const Napi::Uint8Array array = value.As<Napi::Uint8Array>();
  return {array.Data(), array.ElementLength()};
}

std::size_t length_argument(const Napi::Value& value, std::size_t capacity) {
  std::size_t length = 0;
  if (length_within(value, capacity, length)) return length;
  throw MarshalError("the input length (" + describe(value) + ") exceeds the input buffer (" +
                     std::to_string(capacity) + " bytes)");
}

// js_boundary.h's Api over Node-API.
struct NapiApi {
  using Value = Napi::Value;
  using Object = Napi::Object;
  using Array = Napi::Array;
  Napi::Env env;
  CallKeys& keys;

  // ---- marshal in ----
  Napi::Value get(const Napi::Object& parent, Key key) const {
    return parent.Get(Napi::Value(parent.Env(), keys[key]));
  }
  static bool is_undefined(const Napi::Value& value) { return value.IsUndefined(); }
  static std::string describe(const Napi::Value& value) { return addon::describe(value); }
  static bool is_object(const Napi::Value& value) {
    const napi_valuetype type = value.Type();
    return type == napi_object || type == napi_function;
  }
  static Napi::Object as_object(Napi::Value&& value) { return value.As<Napi::Object>(); }
  static bool boolean(const Napi::Value& value, bool& out) {
    if (value.Type() != napi_boolean) return false;
    out = value.As<Napi::Boolean>().Value();
    return true;
  }
  static bool number(const Napi::Value& value, double& out) {
    if (value.Type() != napi_number) return false;
    out = value.As<Napi::Number>().DoubleValue();
    return true;
  }
  static bool string(const Napi::Value& value, std::string& out) {
    if (value.Type() != napi_string) return false;
    read_string(value, out);
    return true;
  }
  // Into `out`, which keeps its capacity from call to call.
  static void read_string(const Napi::Value& value, std::string& out) {
    const napi_env env = value.Env();
    std::size_t length = 0;
    NAPI_THROW_IF_FAILED_VOID(env, napi_get_value_string_utf8(env, value, nullptr, 0, &length));
    out.resize(length);
    // Node writes a terminating NUL: room for length + 1 bytes.
    NAPI_THROW_IF_FAILED_VOID(env, napi_get_value_string_utf8(env, value, out.data(), length + 1, &length));
  }
  static bool date(const Napi::Value& value, double& ms) {
    if (!value.IsDate()) return false;
    ms = value.As<Napi::Date>().ValueOf();
    return true;
  }
  static bool bytes(const Napi::Value& value, std::vector<std::uint8_t>& out) {
    if (!is_typed_array(value, napi_uint8_array)) return false;
    const Napi::Uint8Array array = value.As<Napi::Uint8Array>();
    out.assign(array.Data(), array.Data() + array.ElementLength());
    return true;
  }
  static bool is_array(const Napi::Value& value) { return value.IsArray(); }
  static Napi::Array as_array(Napi::Value&& value, std::size_t& length) {
    const Napi::Array array = value.As<Napi::Array>();
    length = array.Length();
    return array;
  }
  static Napi::Value element(const Napi::Array& array, std::size_t index) {
    return array.Get(static_cast<std::uint32_t>(index));
  }
  static bool scalar(const Napi::Value& value, msg::Scalar& out) {
    switch (value.Type()) {
      case napi_boolean:
        out = value.As<Napi::Boolean>().Value();
        return true;
      case napi_number:
        msg::records::number_scalar(value.As<Napi::Number>().DoubleValue(), out);
        return true;
      case napi_string: {
        std::string* text = std::get_if<std::string>(&out);
        if (text == nullptr) text = &out.emplace<std::string>();
        read_string(value, *text);
        return true;
      }
      default:
        return false;
    }
  }

  // ---- marshal out ----
  Napi::Object object() const { return Napi::Object::New(env); }
  Napi::Array array(std::size_t length) const { return Napi::Array::New(env, length); }
  // A C++ value as a JS one; a JS value as it is.
  template <typename V>
  napi_value js(const V& value) const {
    if constexpr (std::is_same_v<V, bool>) {
      return Napi::Boolean::New(env, value);
    } else if constexpr (std::is_arithmetic_v<V>) {
      return Napi::Number::New(env, static_cast<double>(value));
    } else if constexpr (std::is_same_v<V, std::string>) {
      return Napi::String::New(env, value);
    } else {
      return value;
    }
  }
  template <typename V>
  void set(Napi::Object& object, Key key, const V& value) const {
    NAPI_THROW_IF_FAILED_VOID(env, napi_set_property(env, object, keys[key], js(value)));
  }
  template <typename V>
  void set_element(Napi::Array& array, std::size_t index, const V& value) const {
    array.Set(static_cast<std::uint32_t>(index), js(value));
  }
  Napi::Date date(double ms) const { return Napi::Date::New(env, ms); }
  Napi::Uint8Array bytes(const std::vector<std::uint8_t>& data) const { return copy_to_js(env, data); }
};

// strategy object, marshal in: the JS record of `kind` into `out`.
void read_record(msg::Kind kind, const Napi::Value& value, msg::Message& out, CallKeys& keys) {
  if (!NapiApi::is_object(value)) {
    throw MarshalError(std::string(msg::kind_name(kind)) + ": encode expects a record object, not " +
                       describe(value));
  }
  msg::records::read_fields(kind, value.As<Napi::Object>(), out, NapiApi{value.Env(), keys});
}

// strategy object, marshal out: a plain JS record.
Napi::Value record_to_js(Napi::Env env, const msg::Message& message, CallKeys& keys) {
  return std::visit(msg::records::RecordWriter<NapiApi>{{env, keys}}, message);
}

}  // namespace
}  // namespace wcb::addon
