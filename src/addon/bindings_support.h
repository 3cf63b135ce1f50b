// Node-API glue every workload's addon bindings with a per-codec state object
// use (src/workloads/<name>/addon-bindings.cpp): copying bytes out to JS, a
// state's methods as JS functions under the error contract (addon.h), and
// the check of a length JS passes for a buffer it registered.
#pragma once

#include <napi.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "addon/addon.h"

namespace wcb::addon {

// Whether `value` is a typed array of `type` (a Uint8Array: napi_uint8_array).
inline bool is_typed_array(const Napi::Value& value, napi_typedarray_type type) {
  return value.IsTypedArray() && value.As<Napi::TypedArray>().TypedArrayType() == type;
}

// What a wrong JS value is, for an error message (error path only), as the
// wasm bindings word it: "the number 5", "a Uint8Array", "undefined".
inline std::string describe(const Napi::Value& value) {
  switch (value.Type()) {
    case napi_undefined:
      return "undefined";
    case napi_null:
      return "null";
    case napi_boolean:
      return value.As<Napi::Boolean>().Value() ? "true" : "false";
    case napi_number:
      return "the number " + value.ToString().Utf8Value();
    case napi_string:
      return "a string";
    case napi_object:
      if (value.IsDate()) return "a Date";
      if (value.IsArray()) return "an array";
      if (is_typed_array(value, napi_uint8_array)) return "a Uint8Array";
      return "an object";
    case napi_function:
      return "a function";
    case napi_symbol:
      return "a symbol";
    case napi_bigint:
      return "a bigint";
    default:
      return "an external";
  }
}

// A JS array of `names` (the codecs of a workload, in the registry's order).
inline Napi::Array string_array(Napi::Env env, const std::vector<std::string>& names) {
  Napi::Array array = Napi::Array::New(env);
  for (std::uint32_t index = 0; index < names.size(); ++index)
    array.Set(index, Napi::String::New(env, names[index]));
  return array;
}

// A new Uint8Array holding a copy of `bytes`.
inline Napi::Uint8Array copy_to_js(Napi::Env env, std::span<const std::uint8_t> bytes) {
  Napi::ArrayBuffer buffer = Napi::ArrayBuffer::New(env, bytes.size());
  if (!bytes.empty()) std::memcpy(buffer.Data(), bytes.data(), bytes.size());
  return Napi::Uint8Array::New(env, bytes.size(), buffer, 0);
}

// A JS function calling `method` of the shared state under the error contract
// (a failure is a JS Error naming the state's codec).
template <typename State>
Napi::Function method_function(Napi::Env env, const std::shared_ptr<State>& state, const char* name,
                               Napi::Value (State::*method)(const Napi::CallbackInfo&)) {
  return Napi::Function::New(
      env,
      [state, method](const Napi::CallbackInfo& call) -> Napi::Value {
        return guarded(call.Env(), state->name(), [&] { return ((*state).*method)(call); });
      },
      name);
}

// A JS function calling `method` of the shared state, which cannot fail and
// returns nothing (poisonOutputs, releaseBuffers).
template <typename State>
Napi::Function void_function(Napi::Env env, const std::shared_ptr<State>& state, const char* name,
                             void (State::*method)()) {
  return Napi::Function::New(
      env,
      [state, method](const Napi::CallbackInfo& info) {
        ((*state).*method)();
        return info.Env().Undefined();
      },
      name);
}

// `bytes` in the output buffer JS registered (`registered`: JS has one):
// their length; a copy in a new Uint8Array when they do not fit (JS then
// registers a larger one).
inline Napi::Value output_or_copy(Napi::Env env, bool registered, std::span<std::uint8_t> output,
                                  std::span<const std::uint8_t> bytes) {
  if (registered && bytes.size() <= output.size()) {
    if (!bytes.empty()) std::memcpy(output.data(), bytes.data(), bytes.size());
    return Napi::Number::New(env, static_cast<double>(bytes.size()));
  }
  return copy_to_js(env, bytes);
}

// A length JS passes for a buffer of `capacity` bytes: a whole number from 0
// to the capacity, else false (each workload words its own error).
inline bool length_within(const Napi::Value& value, std::size_t capacity, std::size_t& length) {
  if (value.Type() != napi_number) return false;
  const double number = value.As<Napi::Number>().DoubleValue();
  if (!(number >= 0 && number <= static_cast<double>(capacity) && std::trunc(number) == number)) return false;
  length = static_cast<std::size_t>(number);
  return true;
}

}  // namespace wcb::addon
