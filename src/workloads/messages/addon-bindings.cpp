// The Node-API bindings of the messages workload (src/addon): every message
// codec of the build behind Node-API, one small record per call, through two
// strategies, the counterparts of the wasm ones (bindings.cpp):
//   object  C++ reads the JS record field by field through Node-API
//           (napi_get_property, napi_typeof, ...), checking every type, and
//           builds the decoded record with napi_create_object and friends:
//           the counterpart of `val`.
//   tagged  JS writes the record's tagged form (tagged_record.h) into an
//           ArrayBuffer it registered once (setBuffers), C++ reads it in
//           place; decode writes the decoded record's tagged form into the
//           registered output buffer and returns its length.
// Decode reads the JS Uint8Array's bytes in place (an addon sees JS memory;
// wasm has to copy them into its heap first). Encode returns a new
// Uint8Array holding a copy of the encoding, as the wasm JS half copies its
// view out.
//
// Floors: the same calls with the codec left out (prepareFloor prepares
// their bytes and message from one encoding, untimed), and emptyCall, a
// function with no arguments and no work: the per-call floor of Node-API.
//
//   addon.messagesCodecs()             // ['json', 'msgpack', ...]
//   const c = addon.createMessageCodec('msgpack');
//   c.encodeObject(kind, record)       // Uint8Array
//   c.decodeObject(kind, bytes)        // a plain record
//   c.setBuffers(input, output)        // Uint8Arrays JS owns (tagged)
//   c.encodeTagged(kind, length)       // Uint8Array
//   c.decodeTagged(kind, bytes)        // a length in `output`, or a Uint8Array
//                                      // copy when `output` is too small
//   ...Floor variants, prepareFloor(kind, bytes), poisonOutputs(), emptyCall()
// Errors are JS Errors "<codec>: <problem>" (addon.h), worded as the wasm
// module's: 'msgpack: record: field "createdAt": expected a Date, got a string'.
#include <napi.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "addon/addon.h"
#include "addon/bindings_support.h"
#include "workloads/messages/codec.h"
#include "workloads/messages/messages.h"
#include "workloads/messages/registry.h"
#include "workloads/messages/tagged_record.h"

namespace wcb::addon {

namespace {

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

// What a wrong JS value is, for an error message (error path only), as the
// wasm bindings word it.
std::string describe(const Napi::Value& value) {
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

// One codec's state: its reused messages and buffers, the JS buffers of the
// tagged strategy.
class MessageCodecState {
 public:
  MessageCodecState(Napi::Env env, std::unique_ptr<msg::MessageCodec> codec)
      : codec_(std::move(codec)), name_(codec_->name()), keys_(env) {
    for (std::size_t i = 0; i < msg::kKindCount; ++i) {
      empty_[i] = msg::empty_message(static_cast<msg::Kind>(i));
      in_[i] = empty_[i];
      decoded_[i] = empty_[i];
      floor_[i] = empty_[i];
    }
  }

  const std::string& name() const { return name_; }
  std::string library_version() const { return codec_->library_version(); }

  // ---- strategy object ----
  Napi::Value encode_object(const Napi::CallbackInfo& call) {
    CallKeys k(keys_);
    const msg::Kind kind = checked_kind(call[0]);
    read_record(kind, call[1], input(kind), k);
    return encode(call.Env(), input(kind));
  }
  Napi::Value decode_object(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    const std::span<const std::uint8_t> bytes = bytes_argument(call[1]);
    msg::Message& out = decoded(kind);
    decode(call.Env(), kind, bytes, out);
    CallKeys k(keys_);
    return std::visit(RecordWriter{call.Env(), k}, out);
  }
  Napi::Value encode_floor_object(const Napi::CallbackInfo& call) {
    CallKeys k(keys_);
    const msg::Kind kind = checked_kind(call[0]);
    read_record(kind, call[1], input(kind), k);
    return copy_to_js(call.Env(), floor_encoded_[index(kind)]);
  }
  Napi::Value decode_floor_object(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    bytes_argument(call[1]);
    CallKeys k(keys_);
    return std::visit(RecordWriter{call.Env(), k}, floor_[index(kind)]);
  }

  // Decodes the bytes once into the floors' message of `kind` and keeps them
  // as the floors' encoding (untimed).
  Napi::Value prepare_floor(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    const std::span<const std::uint8_t> bytes = bytes_argument(call[1]);
    decode(call.Env(), kind, bytes, floor_[index(kind)]);
    floor_encoded_[index(kind)].assign(bytes.begin(), bytes.end());
    return call.Env().Undefined();
  }

  // ---- strategy tagged ----

  // input: where JS writes a record's tagged form; output: where decode
  // writes one. Both stay referenced (and in place) until the next call.
  Napi::Value set_buffers(const Napi::CallbackInfo& call) {
    auto uint8 = [](const Napi::Value& value, const char* which) {
      if (!is_typed_array(value, napi_uint8_array))
        throw MarshalError(std::string("setBuffers: the ") + which + " buffer must be a Uint8Array, not " +
                           describe(value));
      return value.As<Napi::Uint8Array>();
    };
    Napi::Uint8Array input = uint8(call[0], "input");
    Napi::Uint8Array output = uint8(call[1], "output");
    input_ref_ = Napi::Persistent(input);
    output_ref_ = Napi::Persistent(output);
    input_ = {input.Data(), input.ElementLength()};
    output_ = {output.Data(), output.ElementLength()};
    return call.Env().Undefined();
  }

  Napi::Value encode_tagged(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    wasm::tagged::read_tagged_record(kind, tagged_input(call[1]), input(kind));
    return encode(call.Env(), input(kind));
  }
  Napi::Value decode_tagged(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    const std::span<const std::uint8_t> bytes = bytes_argument(call[1]);
    msg::Message& out = decoded(kind);
    decode(call.Env(), kind, bytes, out);
    return tagged_output(call.Env(), out);
  }
  Napi::Value encode_floor_tagged(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    wasm::tagged::read_tagged_record(kind, tagged_input(call[1]), input(kind));
    return copy_to_js(call.Env(), floor_encoded_[index(kind)]);
  }
  Napi::Value decode_floor_tagged(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    bytes_argument(call[1]);
    return tagged_output(call.Env(), floor_[index(kind)]);
  }

  // The decoded messages are reused from call to call: each is set to the
  // empty message of its kind (which differs from every record), so a
  // decoder that skipped its work hands back no record rather than the
  // previous one.
  void poison_outputs() {
    for (std::size_t i = 0; i < msg::kKindCount; ++i) decoded_[i] = empty_[i];
  }

 private:
  static std::size_t index(msg::Kind kind) { return static_cast<std::size_t>(kind); }
  msg::Message& input(msg::Kind kind) { return in_[index(kind)]; }
  msg::Message& decoded(msg::Kind kind) { return decoded_[index(kind)]; }

  Napi::Value encode(Napi::Env env, const msg::Message& message) {
    const Status status = codec_->encode(message, encoded_);
    if (!status) throw Napi::Error::New(env, status.message());
    return copy_to_js(env, encoded_);
  }

  void decode(Napi::Env env, msg::Kind kind, std::span<const std::uint8_t> bytes, msg::Message& out) {
    const Status status = codec_->decode(kind, bytes, out);
    // The Status names the codec already.
    if (!status) throw Napi::Error::New(env, status.message());
  }

  std::span<const std::uint8_t> tagged_input(const Napi::Value& length) const {
    if (input_ref_.IsEmpty()) throw MarshalError("no tagged buffers (call setBuffers first)");
    return input_.first(length_argument(length, input_.size()));
  }

  // The tagged form of `message` in the output buffer: its length; a copy in
  // a new Uint8Array when it does not fit (JS then registers a larger one).
  Napi::Value tagged_output(Napi::Env env, const msg::Message& message) {
    wasm::tagged::write_tagged_record(message, tagged_out_);
    return output_or_copy(env, !output_ref_.IsEmpty(), output_, tagged_out_);
  }

  std::unique_ptr<msg::MessageCodec> codec_;
  std::string name_;
  Keys keys_;
  Bytes encoded_;
  std::array<msg::Message, msg::kKindCount> in_;
  std::array<msg::Message, msg::kKindCount> decoded_;
  std::array<msg::Message, msg::kKindCount> floor_;
  std::array<Bytes, msg::kKindCount> floor_encoded_;
  std::array<msg::Message, msg::kKindCount> empty_;
  Napi::Reference<Napi::Uint8Array> input_ref_;
  Napi::Reference<Napi::Uint8Array> output_ref_;
  std::span<std::uint8_t> input_;
  std::span<std::uint8_t> output_;
  Bytes tagged_out_;
};

Napi::Value messages_codecs(const Napi::CallbackInfo& call) {
  return string_array(call.Env(), message_codec_names());
}

// "bool,int,...": the kind order, which JS checks against its record names.
std::string kind_names() {
  std::string names;
  for (const std::string_view name : msg::kKindNames) names.append(names.empty() ? "" : ",").append(name);
  return names;
}

Napi::Value create_message_codec(const Napi::CallbackInfo& call) {
  const Napi::Env env = call.Env();
  if (call[0].Type() != napi_string) {
    throw Napi::TypeError::New(env, "createMessageCodec expects a codec name, not " + describe(call[0]));
  }
  const std::string name = call[0].As<Napi::String>().Utf8Value();
  std::unique_ptr<msg::MessageCodec> codec = make_message_codec(name);
  if (!codec) throw codec_error(env, name, "no message codec of this name in the addon");
  auto state = std::make_shared<MessageCodecState>(env, std::move(codec));

  Napi::Object object = Napi::Object::New(env);
  object.Set("name", state->name());
  object.Set("libraryVersion", state->library_version());
  object.Set("kindNames", kind_names());
  object.Set("encodeObject", method_function(env, state, "encodeObject", &MessageCodecState::encode_object));
  object.Set("decodeObject", method_function(env, state, "decodeObject", &MessageCodecState::decode_object));
  object.Set("encodeFloorObject",
             method_function(env, state, "encodeFloorObject", &MessageCodecState::encode_floor_object));
  object.Set("decodeFloorObject",
             method_function(env, state, "decodeFloorObject", &MessageCodecState::decode_floor_object));
  object.Set("prepareFloor", method_function(env, state, "prepareFloor", &MessageCodecState::prepare_floor));
  object.Set("setBuffers", method_function(env, state, "setBuffers", &MessageCodecState::set_buffers));
  object.Set("encodeTagged", method_function(env, state, "encodeTagged", &MessageCodecState::encode_tagged));
  object.Set("decodeTagged", method_function(env, state, "decodeTagged", &MessageCodecState::decode_tagged));
  object.Set("encodeFloorTagged",
             method_function(env, state, "encodeFloorTagged", &MessageCodecState::encode_floor_tagged));
  object.Set("decodeFloorTagged",
             method_function(env, state, "decodeFloorTagged", &MessageCodecState::decode_floor_tagged));
  object.Set("poisonOutputs", void_function(env, state, "poisonOutputs", &MessageCodecState::poison_outputs));
  // The per-call floor: a Node-API function with no arguments and no work.
  object.Set("emptyCall",
             Napi::Function::New(
                 env, [](const Napi::CallbackInfo& info) { return info.Env().Undefined(); }, "emptyCall"));
  return object;
}

}  // namespace

void add_messages_exports(Napi::Env env, Napi::Object exports) {
  exports.Set("messagesCodecs", Napi::Function::New(env, messages_codecs, "messagesCodecs"));
  exports.Set("createMessageCodec", Napi::Function::New(env, create_message_codec, "createMessageCodec"));
}

}  // namespace wcb::addon
