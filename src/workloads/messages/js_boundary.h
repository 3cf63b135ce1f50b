// The records of the messages workload as plain JS records, for either JS
// value API: reading one into a Message with every type checked
// (RecordReader, read_fields) and writing a Message as one (RecordWriter).
// The wasm module's val strategy (js_records.h: emscripten::val) and the
// addon's object strategy (napi_records.h: Node-API) each give an Api, the
// few calls that differ: read a property, test and convert one value, make
// an object or an array. The walk, the checks and the error words are
// written once here. All templates over the Api, whose calls inline: each
// field costs what the two hand-written copies cost, no indirection added.
#pragma once

#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/status.h"
#include "workloads/messages/messages.h"

namespace wcb::messages::records {

// The property keys of the records; each Api makes their JS strings once: a
// key made from a C string at every access would time its internalisation.
enum Key : std::size_t {
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
  kKeyCount
};
inline constexpr std::array<const char*, kKeyCount> kKeyTexts = {
    "value",       "level2", "level3",  "flag",     "count",     "label",     "id",
    "active",      "score",  "balance", "latitude", "longitude", "createdAt", "name",
    "description", "tags",   "data",    "foo",      "thisIs",    "another",   "sub"};

// A JS record that does not match its schema, or a wrong argument: the
// bindings' guard prefixes the codec's name.
class MarshalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr std::string_view kInt32 = "an int32 (an integer from -2147483648 to 2147483647)";

// False for NaN, fractions and anything out of range.
inline bool to_int32(double number, std::int32_t& out) {
  if (!(number >= -2147483648.0 && number <= 2147483647.0) || std::trunc(number) != number) return false;
  out = static_cast<std::int32_t>(number);
  return true;
}

// A number of a mixed array: an int32 when it is an integer in int32 range
// (not -0, which an int32 cannot hold), otherwise a double: the mapping of
// messages.h.
inline void number_scalar(double number, Scalar& out) {
  std::int32_t integer;
  if (to_int32(number, integer) && !(number == 0 && std::signbit(number))) {
    out = integer;
  } else {
    out = number;
  }
}

// The alternative T of `message`, made the current one if it is not (a
// reused message keeps its strings' capacity).
template <typename T>
T& hold(Message& message) {
  if (T* held = std::get_if<T>(&message)) return *held;
  return message.emplace<T>();
}

// The messages a codec's calls reuse, one per record kind, so that each
// keeps its strings' capacity from call to call: the encode input, the
// decode output, and the floors' decoded message and encoding.
class ReusedMessages {
 public:
  ReusedMessages() {
    for (std::size_t i = 0; i < kKindCount; ++i) {
      empty_[i] = empty_message(static_cast<Kind>(i));
      in_[i] = decoded_[i] = floor_[i] = empty_[i];
    }
  }

  Message& input(Kind kind) { return in_[index(kind)]; }
  Message& output(Kind kind) { return decoded_[index(kind)]; }
  Message& floor(Kind kind) { return floor_[index(kind)]; }
  Bytes& floor_encoding(Kind kind) { return floor_encoded_[index(kind)]; }

  // The decoded messages are reused from call to call (and marshalled out
  // to a fresh JS record), so a decoder that skipped its work would hand
  // back the previous record. Each is set to the empty message of its kind,
  // which differs from every record of the workload; copy-assigned, so its
  // strings and vectors keep their capacity.
  void poison_outputs() {
    for (std::size_t i = 0; i < kKindCount; ++i) decoded_[i] = empty_[i];
  }

 private:
  static std::size_t index(Kind kind) { return static_cast<std::size_t>(kind); }

  std::array<Message, kKindCount> in_, decoded_, floor_, empty_;
  std::array<Bytes, kKindCount> floor_encoded_;
};

// "bool,int,...": the kind order, which JS checks against its record names.
inline std::string kind_names_text() {
  std::string names;
  for (const std::string_view name : kKindNames) names.append(names.empty() ? "" : ",").append(name);
  return names;
}

// Reads the fields of one JS record with type checks; errors name the record
// and the field: 'record: field "createdAt": expected a Date, got a string'.
template <typename Api>
class RecordReader {
 public:
  using Value = typename Api::Value;
  using Object = typename Api::Object;

  RecordReader(Kind kind, Api api) : record_(kind_name(kind)), api_(api) {}

  [[noreturn]] void fail(std::string_view path, std::string_view expected, const Value& got) const {
    std::string problem(record_);
    problem.append(": field \"").append(path).append("\": ");
    if (api_.is_undefined(got)) {
      problem.append("missing");
    } else {
      problem.append("expected ").append(expected).append(", got ").append(api_.describe(got));
    }
    throw MarshalError(problem);
  }

  // An element of an array field: path "tags[2]".
  [[noreturn]] void fail_element(std::string_view path, std::size_t index, std::string_view expected,
                                 const Value& got) const {
    fail(std::string(path) + "[" + std::to_string(index) + "]", expected, got);
  }

  Object object(const Object& parent, Key key, std::string_view path) const {
    Value field = api_.get(parent, key);
    if (!api_.is_object(field)) fail(path, "an object", field);
    return Api::as_object(std::move(field));
  }

  bool boolean(const Object& parent, Key key, std::string_view path) const {
    const Value field = api_.get(parent, key);
    bool result = false;
    if (!api_.boolean(field, result)) fail(path, "a boolean", field);
    return result;
  }

  double number(const Object& parent, Key key, std::string_view path) const {
    const Value field = api_.get(parent, key);
    double result = 0;
    if (!api_.number(field, result)) fail(path, "a number", field);
    return result;
  }

  std::int32_t int32(const Object& parent, Key key, std::string_view path) const {
    const Value field = api_.get(parent, key);
    double number = 0;
    std::int32_t result = 0;
    if (!api_.number(field, number) || !to_int32(number, result)) fail(path, kInt32, field);
    return result;
  }

  // Into `out`, which keeps its capacity from call to call where the Api can.
  void string(const Object& parent, Key key, std::string_view path, std::string& out) const {
    const Value field = api_.get(parent, key);
    if (!api_.string(field, out)) fail(path, "a string", field);
  }

  Timestamp timestamp(const Object& parent, Key key, std::string_view path) const {
    const Value field = api_.get(parent, key);
    double ms = 0;
    if (!api_.date(field, ms)) fail(path, "a Date", field);
    // An Invalid Date holds NaN; a valid one an integer of at most 8.64e15.
    if (std::isnan(ms)) fail(path, "a valid Date", field);
    return Timestamp{std::chrono::milliseconds{static_cast<std::int64_t>(ms)}};
  }

  void bytes(const Object& parent, Key key, std::string_view path, std::vector<std::uint8_t>& out) const {
    const Value field = api_.get(parent, key);
    if (!api_.bytes(field, out)) fail(path, "a Uint8Array", field);
  }

  void int32_array(const Object& parent, Key key, std::string_view path,
                   std::vector<std::int32_t>& out) const {
    std::size_t length = 0;
    const typename Api::Array values = array(parent, key, path, length);
    out.resize(length);
    for (std::size_t i = 0; i < length; ++i) {
      const Value element = api_.element(values, i);
      double number = 0;
      if (!api_.number(element, number) || !to_int32(number, out[i])) fail_element(path, i, kInt32, element);
    }
  }

  // A mixed array: booleans, numbers (number_scalar) and strings.
  void scalar_array(const Object& parent, Key key, std::string_view path, std::vector<Scalar>& out) const {
    std::size_t length = 0;
    const typename Api::Array values = array(parent, key, path, length);
    out.resize(length);
    for (std::size_t i = 0; i < length; ++i) {
      const Value element = api_.element(values, i);
      if (!api_.scalar(element, out[i])) fail_element(path, i, "a boolean, a number or a string", element);
    }
  }

 private:
  typename Api::Array array(const Object& parent, Key key, std::string_view path, std::size_t& length) const {
    Value field = api_.get(parent, key);
    if (!api_.is_array(field)) fail(path, "an array", field);
    return api_.as_array(std::move(field), length);
  }

  std::string_view record_;
  Api api_;
};

// object1..3: foo, thisIs, another, then `sub` (one level smaller) when the
// level has one; `Depth` (0: the record) picks the fields' paths.
template <std::size_t Depth = 0, typename Reader, typename Object, typename T>
void read_small_object(const Reader& read, const Object& object, T& out) {
  const SmallObjectPaths& paths = kSmallObjectPaths[Depth];
  read.string(object, kFoo, paths.foo, out.foo);
  read.string(object, kThisIs, paths.this_is, out.this_is);
  out.another = read.int32(object, kAnother, paths.another);
  if constexpr (requires { out.sub; }) {
    read_small_object<Depth + 1>(read, read.object(object, kSub, paths.sub), out.sub);
  }
}

// Marshal in: the JS record of `kind` into `out`.
template <typename Api>
void read_fields(Kind kind, const typename Api::Object& record, Message& out, Api api) {
  const RecordReader<Api> read(kind, api);
  switch (kind) {
    case Kind::Bool:
      hold<BoolMessage>(out).value = read.boolean(record, kValue, "value");
      break;
    case Kind::Int:
      hold<IntMessage>(out).value = read.int32(record, kValue, "value");
      break;
    case Kind::Double:
      hold<DoubleMessage>(out).value = read.number(record, kValue, "value");
      break;
    case Kind::String:
      read.string(record, kValue, "value", hold<StringMessage>(out).value);
      break;
    case Kind::Array:
      read.int32_array(record, kValue, "value", hold<ArrayMessage>(out).value);
      break;
    case Kind::Nested: {
      const auto level1 = read.object(record, kValue, "value");
      const auto level2 = read.object(level1, kLevel2, "value.level2");
      const auto level3 = read.object(level2, kLevel3, "value.level2.level3");
      Level3& target = hold<NestedMessage>(out).value.level2.level3;
      target.flag = read.boolean(level3, kFlag, "value.level2.level3.flag");
      target.count = read.int32(level3, kCount, "value.level2.level3.count");
      read.string(level3, kLabel, "value.level2.level3.label", target.label);
      break;
    }
    case Kind::Record: {
      Record& target = hold<Record>(out);
      target.id = read.int32(record, kId, "id");
      target.active = read.boolean(record, kActive, "active");
      target.score = read.number(record, kScore, "score");
      target.balance = read.number(record, kBalance, "balance");
      // float32 fields: JS holds Math.fround() values, which convert exactly.
      target.latitude = static_cast<float>(read.number(record, kLatitude, "latitude"));
      target.longitude = static_cast<float>(read.number(record, kLongitude, "longitude"));
      target.created_at = read.timestamp(record, kCreatedAt, "createdAt");
      read.string(record, kName, "name", target.name);
      read.string(record, kDescription, "description", target.description);
      read.scalar_array(record, kTags, "tags", target.tags);
      break;
    }
    case Kind::Binary: {
      BinaryMessage& target = hold<BinaryMessage>(out);
      read.string(record, kName, "name", target.name);
      read.bytes(record, kData, "data", target.data);
      break;
    }
    case Kind::Object1:
      read_small_object(read, record, hold<Object1Message>(out));
      break;
    case Kind::Object2:
      read_small_object(read, record, hold<Object2Message>(out));
      break;
    case Kind::Object3:
      read_small_object(read, record, hold<Object3Message>(out));
      break;
  }
}

// Marshal out: a plain JS record, keys in the JS order of records.mjs. The
// Api's set() and set_element() take a C++ value (bool, int32, double,
// string) or a JS one.
template <typename Api>
struct RecordWriter {
  using Value = typename Api::Value;
  using Object = typename Api::Object;
  Api api;

  template <typename V>
  Value with_value(const V& value) const {
    Object object = api.object();
    api.set(object, kValue, value);
    return object;
  }
  Value operator()(const BoolMessage& m) const { return with_value(m.value); }
  Value operator()(const IntMessage& m) const { return with_value(m.value); }
  Value operator()(const DoubleMessage& m) const { return with_value(m.value); }
  Value operator()(const StringMessage& m) const { return with_value(m.value); }
  Value operator()(const ArrayMessage& m) const {
    typename Api::Array array = api.array(m.value.size());
    for (std::size_t i = 0; i < m.value.size(); ++i) api.set_element(array, i, m.value[i]);
    return with_value(array);
  }
  Value operator()(const NestedMessage& m) const {
    const Level3& source = m.value.level2.level3;
    Object level3 = api.object();
    api.set(level3, kFlag, source.flag);
    api.set(level3, kCount, source.count);
    api.set(level3, kLabel, source.label);
    Object level2 = api.object();
    api.set(level2, kLevel3, level3);
    Object level1 = api.object();
    api.set(level1, kLevel2, level2);
    return with_value(level1);
  }
  Value operator()(const Record& m) const {
    typename Api::Array tags = api.array(m.tags.size());
    for (std::size_t i = 0; i < m.tags.size(); ++i) {
      std::visit([&](const auto& scalar) { api.set_element(tags, i, scalar); }, m.tags[i]);
    }
    Object object = api.object();
    api.set(object, kId, m.id);
    api.set(object, kActive, m.active);
    api.set(object, kScore, m.score);
    api.set(object, kBalance, m.balance);
    api.set(object, kLatitude, static_cast<double>(m.latitude));
    api.set(object, kLongitude, static_cast<double>(m.longitude));
    api.set(object, kCreatedAt, api.date(static_cast<double>(m.created_at.time_since_epoch().count())));
    api.set(object, kName, m.name);
    api.set(object, kDescription, m.description);
    api.set(object, kTags, tags);
    return object;
  }
  Value operator()(const BinaryMessage& m) const {
    Object object = api.object();
    api.set(object, kName, m.name);
    api.set(object, kData, api.bytes(m.data));
    return object;
  }
  template <typename T>
  Object small_object(const T& m) const {
    Object object = api.object();
    api.set(object, kFoo, m.foo);
    api.set(object, kThisIs, m.this_is);
    api.set(object, kAnother, m.another);
    if constexpr (requires { m.sub; }) api.set(object, kSub, small_object(m.sub));
    return object;
  }
  Value operator()(const Object1Message& m) const { return small_object(m); }
  Value operator()(const Object2Message& m) const { return small_object(m); }
  Value operator()(const Object3Message& m) const { return small_object(m); }
};

}  // namespace wcb::messages::records
