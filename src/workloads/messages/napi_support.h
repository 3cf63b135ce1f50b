// The Node-API plumbing of the messages workload's addon bindings: the
// error of a wrong argument or record, the property keys made once per
// codec, what a wrong JS value is, and the checks of the calls' arguments.
// Included by addon-bindings.cpp alone; internal linkage, so the compiler
// inlines them into the calls as it did in one source file.
#pragma once

#include <napi.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "addon/bindings_support.h"
#include "workloads/messages/messages.h"

namespace wcb::addon {
namespace {  // NOLINT(google-build-namespaces): one includer, see above

namespace msg = wcb::messages;

// A JS record that does not match its schema, or a wrong argument: guarded()
// prefixes the codec's name.
class MarshalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The property keys, made once per codec: a key made from a C string at
// every access would time its internalisation. Node-API (version 8) holds
// references to objects only, so the keys live in an array it references.
struct Keys {
  enum Name {
    kValue,
    kLevel2,
    kLevel3,
    kFlag,
    kCount,
    kLabel,
    kId,
    kActive,
    kScore,
    kBalance,
    kLatitude,
    kLongitude,
    kCreatedAt,
    kName,
    kDescription,
    kTags,
    kData,
    kFoo,
    kThisIs,
    kAnother,
    kSub,
    kNameCount
  };
  static constexpr std::array<const char*, kNameCount> kTexts = {
      "value",       "level2", "level3",  "flag",     "count",     "label",     "id",
      "active",      "score",  "balance", "latitude", "longitude", "createdAt", "name",
      "description", "tags",   "data",    "foo",      "thisIs",    "another",   "sub"};
  Napi::Reference<Napi::Array> array;

  explicit Keys(Napi::Env env) {
    Napi::Array keys = Napi::Array::New(env, kNameCount);
    for (std::uint32_t i = 0; i < kNameCount; ++i) keys.Set(i, Napi::String::New(env, kTexts[i]));
    array = Napi::Persistent(keys);
  }
};

// The key values of one call: the array once, each key when first used.
class CallKeys {
 public:
  explicit CallKeys(const Keys& keys) : array_(keys.array.Value()) {}
  napi_value operator[](Keys::Name name) {
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
  std::array<napi_value, Keys::kNameCount> values_{};
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

}  // namespace
}  // namespace wcb::addon
