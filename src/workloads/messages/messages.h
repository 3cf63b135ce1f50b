// The `messages` workload: a small fixed set of records, each encoded and
// decoded as one message, to measure the per-call cost of a codec and of the
// JS/wasm boundary (the tuple dataset measures bulk throughput instead).
//
// The same records are built in JS by src/workloads/messages/records.mjs; the two
// definitions are checked against each other by the tests (the C++ json
// codec's text equals JSON.stringify of the JS record).
//
// How each format holds the two types JSON lacks (docs/design.md#messages):
//   timestamp  JS Date (ms); JSON ISO 8601 string as Date.toJSON writes it;
//              msgpack timestamp extension (-1); protobuf Timestamp
//              {seconds, nanos}, wire-compatible with google.protobuf.Timestamp;
//              flatbuffers int64 milliseconds since the epoch
//   binary     JS Uint8Array; JSON base64 string (RFC 4648, padded); msgpack
//              bin; protobuf bytes; flatbuffers [ubyte]
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace wcb::messages {

// Milliseconds since the Unix epoch: what a JS Date holds.
using Timestamp = std::chrono::sys_time<std::chrono::milliseconds>;

// {value: true}
struct BoolMessage {
  bool value = false;
  bool operator==(const BoolMessage&) const = default;
};

// {value: -123456789}
struct IntMessage {
  std::int32_t value = 0;
  bool operator==(const IntMessage&) const = default;
};

// {value: 3.141592653589793}
struct DoubleMessage {
  double value = 0;
  bool operator==(const DoubleMessage&) const = default;
};

// {value: "<short UTF-8 text>"}
struct StringMessage {
  std::string value;
  bool operator==(const StringMessage&) const = default;
};

// {value: [1, 2, 3, 5, 8, ...]} (int32 elements)
struct ArrayMessage {
  std::vector<std::int32_t> value;
  bool operator==(const ArrayMessage&) const = default;
};

// {value: {level2: {level3: {flag, count, label}}}}: three nested objects.
struct Level3 {
  bool flag = false;
  std::int32_t count = 0;
  std::string label;
  bool operator==(const Level3&) const = default;
};
struct Level2 {
  Level3 level3;
  bool operator==(const Level2&) const = default;
};
struct Level1 {
  Level2 level2;
  bool operator==(const Level1&) const = default;
};
struct NestedMessage {
  Level1 value;
  bool operator==(const NestedMessage&) const = default;
};

// One element of a mixed array. A JS number maps to the int32 alternative
// when it is an integer in int32 range, otherwise to double (JS cannot tell
// 3.0 from 3, so neither can the mapping).
using Scalar = std::variant<bool, std::int32_t, double, std::string>;

// The mixed record of about ten fields. JS field names are the camelCase
// ones (createdAt); JSON and msgpack keys are the JS names.
struct Record {
  std::int32_t id = 0;
  bool active = false;
  double score = 0;
  double balance = 0;
  float latitude = 0;   // a float32 in every format; JS holds Math.fround()
  float longitude = 0;  // values, so the round trip is exact
  Timestamp created_at{};
  std::string name;
  std::string description;
  std::vector<Scalar> tags;
  bool operator==(const Record&) const = default;
};

// A record with a 256-byte binary buffer.
struct BinaryMessage {
  std::string name;
  std::vector<std::uint8_t> data;
  bool operator==(const BinaryMessage&) const = default;
};

// The three small objects of the `small-values` set (docs/design.md#messages):
// {foo, thisIs, another} at one, two and three levels, the deeper ones
// holding the next smaller one as `sub`, so that each format writes the same
// three fields again per level (JS key order foo, thisIs, another, sub).
struct Object1Message {
  std::string foo;
  std::string this_is;
  std::int32_t another = 0;
  bool operator==(const Object1Message&) const = default;
};
struct Object2Message {
  std::string foo;
  std::string this_is;
  std::int32_t another = 0;
  Object1Message sub;
  bool operator==(const Object2Message&) const = default;
};
struct Object3Message {
  std::string foo;
  std::string this_is;
  std::int32_t another = 0;
  Object2Message sub;
  bool operator==(const Object3Message&) const = default;
};

// The JS paths of the small objects' fields at each level (0: the record
// itself), for error messages: the readers take them from here rather than
// build a path on every call.
struct SmallObjectPaths {
  std::string_view foo, this_is, another, sub;
};
inline constexpr std::array<SmallObjectPaths, 3> kSmallObjectPaths = {{
    {"foo", "thisIs", "another", "sub"},
    {"sub.foo", "sub.thisIs", "sub.another", "sub.sub"},
    {"sub.sub.foo", "sub.sub.thisIs", "sub.sub.another", "sub.sub.sub"},
}};

// Alternatives in the order of Kind.
using Message =
    std::variant<BoolMessage, IntMessage, DoubleMessage, StringMessage, ArrayMessage, NestedMessage, Record,
                 BinaryMessage, Object1Message, Object2Message, Object3Message>;

// Which record a message is: decoders need it, because the schema-driven
// formats (protobuf, flatbuffers) do not say in the bytes. The names are the
// workload's record names on the command line and in results.
enum class Kind : std::uint8_t {
  Bool,
  Int,
  Double,
  String,
  Array,
  Nested,
  Record,
  Binary,
  Object1,
  Object2,
  Object3
};
inline constexpr std::size_t kKindCount = std::variant_size_v<Message>;
inline constexpr std::array<std::string_view, kKindCount> kKindNames = {
    "bool",   "int",    "double",  "string",  "array",  "nested",
    "record", "binary", "object1", "object2", "object3"};

// A run that names no records measures the kinds before Object1: the small
// objects run on request only, so the default run keeps its length (the
// same split as src/catalog.mjs's default records).
inline constexpr std::size_t kDefaultKindCount = static_cast<std::size_t>(Kind::Object1);

constexpr std::string_view kind_name(Kind kind) { return kKindNames[static_cast<std::size_t>(kind)]; }
std::optional<Kind> kind_from_name(std::string_view name);
inline Kind kind_of(const Message& message) { return static_cast<Kind>(message.index()); }

// An empty message of `kind` (what a decoder fills in).
Message empty_message(Kind kind);

// `out` as the alternative T, keeping its strings and vectors when it holds T
// already (a decoder called in a loop then reuses their capacity).
template <typename T>
T& reuse_as(Message& out) {
  if (!std::holds_alternative<T>(out)) out.emplace<T>();
  return std::get<T>(out);
}

// The workload's records, one per Kind in Kind order, identical to
// src/workloads/messages/records.mjs.
std::span<const Message> sample_messages();
const Message& sample_message(Kind kind);

}  // namespace wcb::messages
