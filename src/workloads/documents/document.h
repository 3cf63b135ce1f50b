// The documents workload's in-memory value: any JSON-like value, as
// nlohmann's ordered_json (objects keep their keys in insertion order, as
// JS objects do). Every document codec encodes from and decodes into it.
//
// Numbers follow one rule wherever a JS number becomes a Document
// (number_of): an integral value with |v| <= 2^53 is an integer, anything
// else a float64. Formats with compact integers (MessagePack, CBOR, BSON,
// FlexBuffers) then write them as JS libraries do.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace wcb::documents {

using Document = nlohmann::ordered_json;

// 2^53: the largest integer every smaller one of which a JS number holds exactly.
inline constexpr double kMaxSafeInteger = 9007199254740992.0;

// The deepest nesting any document codec or strategy accepts (arrays and
// objects inside each other). Every walk here is recursive; a decoder meeting
// deeper input rejects it, so hostile bytes cannot exhaust the stack (the
// wasm stack is small).
inline constexpr std::size_t kMaxDepth = 256;

// The Document of a JS number (the rule above).
Document number_of(double value);

// Appends `value` as the next member of `object` (which must be an object),
// without ordered_json's linear search for an existing key: a JS object
// never has two equal keys. A decoder that meets a repeated key in its bytes
// rejects it instead (duplicate_key_error).
void append_member(Document& object, std::string key, Document value);

// Where a value sits in a document, for error messages: "$", "$.features[3]",
// "$['key with spaces']". Decoders and encoders keep one while they walk.
class ValuePath {
 public:
  void push_key(std::string_view key) { steps_.emplace_back(std::string(key)); }
  void push_index(std::size_t index) { steps_.emplace_back(index); }
  void pop() { steps_.pop_back(); }
  std::string text() const;

 private:
  std::vector<std::variant<std::string, std::size_t>> steps_;
};

// Deep equality as the verification of a decode needs it: numbers compare by
// value (integer 1 equals float 1.0), strings by bytes, arrays in order,
// objects by their members, in order unless `key_order` is false (a format
// that does not keep the order of keys, such as protobuf's Struct map).
bool same_document(const Document& a, const Document& b, bool key_order = true);

// The first place where two documents differ ("$.a[2]: 3 vs 4"), or "" when
// same_document holds; for test and runner messages.
std::string first_difference(const Document& a, const Document& b, bool key_order = true);

}  // namespace wcb::documents
