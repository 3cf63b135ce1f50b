// The shape of each messages record as the self-describing formats (json,
// msgpack) write it: the fields of each object in the JS key order of
// src/workloads/messages/records.mjs, their JS names and types, and where each lives in
// the C++ struct. The json and msgpack adapters walk these tables to encode,
// and to check a decoded document against the record's schema (missing,
// extra, duplicate and wrong-typed fields are errors: record_builder.h).
//
// Header-only, so each adapter library stays self-contained (a wasm module
// links exactly one codec).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/utf8.h"
#include "workloads/messages/messages.h"

namespace wcb::messages::schema {

// The types a field can have; each maps to exactly one C++ member type.
enum class Type {
  kBool,         // bool
  kInt32,        // std::int32_t
  kDouble,       // double
  kFloat,        // float
  kString,       // std::string (UTF-8)
  kTimestamp,    // Timestamp (ms since the epoch)
  kBinary,       // std::vector<std::uint8_t>
  kInt32Array,   // std::vector<std::int32_t>
  kScalarArray,  // std::vector<Scalar>
  kObject,       // a struct described by its own fields
  kScalar,       // an element of a kScalarArray (Scalar); never a field's type
};

struct Field {
  std::string_view name;  // the JS name, the key in json and msgpack
  Type type;
  // The member inside its object. Encoders only read through it (a const
  // object is passed through const_cast: one table serves both directions).
  void* (*member)(void* object);
  // kObject only: its own fields, as a pointer and a count (libc++ 19 refuses
  // a std::span member of the struct being defined: its range constructor asks
  // for the complete type while the copy constructor is declared).
  const Field* object_fields = nullptr;
  std::size_t object_field_count = 0;

  constexpr std::span<const Field> fields() const { return {object_fields, object_field_count}; }
};

template <typename T>
struct MemberTraits;
template <typename Class_, typename Value_>
struct MemberTraits<Value_ Class_::*> {
  using Class = Class_;
  using Value = Value_;
};

template <typename T>
constexpr Type type_of() {
  if constexpr (std::is_same_v<T, bool>)
    return Type::kBool;
  else if constexpr (std::is_same_v<T, std::int32_t>)
    return Type::kInt32;
  else if constexpr (std::is_same_v<T, double>)
    return Type::kDouble;
  else if constexpr (std::is_same_v<T, float>)
    return Type::kFloat;
  else if constexpr (std::is_same_v<T, std::string>)
    return Type::kString;
  else if constexpr (std::is_same_v<T, Timestamp>)
    return Type::kTimestamp;
  else if constexpr (std::is_same_v<T, std::vector<std::uint8_t>>)
    return Type::kBinary;
  else if constexpr (std::is_same_v<T, std::vector<std::int32_t>>)
    return Type::kInt32Array;
  else if constexpr (std::is_same_v<T, std::vector<Scalar>>)
    return Type::kScalarArray;
  else
    return Type::kObject;
}

template <auto Member>
void* member_of(void* object) {
  using Traits = MemberTraits<decltype(Member)>;
  return &(static_cast<typename Traits::Class*>(object)->*Member);
}

// field<&Record::id>("id"): the type comes from the member's C++ type.
template <auto Member>
constexpr Field field(std::string_view name, std::span<const Field> fields = {}) {
  return Field{name, type_of<typename MemberTraits<decltype(Member)>::Value>(), &member_of<Member>,
               fields.data(), fields.size()};
}

inline constexpr Field kBoolFields[] = {field<&BoolMessage::value>("value")};
inline constexpr Field kIntFields[] = {field<&IntMessage::value>("value")};
inline constexpr Field kDoubleFields[] = {field<&DoubleMessage::value>("value")};
inline constexpr Field kStringFields[] = {field<&StringMessage::value>("value")};
inline constexpr Field kArrayFields[] = {field<&ArrayMessage::value>("value")};
inline constexpr Field kLevel3Fields[] = {field<&Level3::flag>("flag"), field<&Level3::count>("count"),
                                          field<&Level3::label>("label")};
inline constexpr Field kLevel2Fields[] = {field<&Level2::level3>("level3", kLevel3Fields)};
inline constexpr Field kLevel1Fields[] = {field<&Level1::level2>("level2", kLevel2Fields)};
inline constexpr Field kNestedFields[] = {field<&NestedMessage::value>("value", kLevel1Fields)};
inline constexpr Field kRecordFields[] = {
    field<&Record::id>("id"),
    field<&Record::active>("active"),
    field<&Record::score>("score"),
    field<&Record::balance>("balance"),
    field<&Record::latitude>("latitude"),
    field<&Record::longitude>("longitude"),
    field<&Record::created_at>("createdAt"),
    field<&Record::name>("name"),
    field<&Record::description>("description"),
    field<&Record::tags>("tags"),
};
inline constexpr Field kBinaryFields[] = {field<&BinaryMessage::name>("name"),
                                          field<&BinaryMessage::data>("data")};
inline constexpr Field kObject1Fields[] = {field<&Object1Message::foo>("foo"),
                                           field<&Object1Message::this_is>("thisIs"),
                                           field<&Object1Message::another>("another")};
inline constexpr Field kObject2Fields[] = {
    field<&Object2Message::foo>("foo"), field<&Object2Message::this_is>("thisIs"),
    field<&Object2Message::another>("another"), field<&Object2Message::sub>("sub", kObject1Fields)};
inline constexpr Field kObject3Fields[] = {
    field<&Object3Message::foo>("foo"), field<&Object3Message::this_is>("thisIs"),
    field<&Object3Message::another>("another"), field<&Object3Message::sub>("sub", kObject2Fields)};

// The top-level fields of each record, in Kind order.
inline constexpr std::span<const Field> kRecordSchemas[kKindCount] = {
    kBoolFields,   kIntFields,    kDoubleFields,  kStringFields,  kArrayFields,  kNestedFields,
    kRecordFields, kBinaryFields, kObject1Fields, kObject2Fields, kObject3Fields};

// Decoders track which fields they have seen in a bit set.
inline constexpr std::size_t kMaxFields = 32;
static_assert(std::size(kRecordFields) <= kMaxFields);

inline std::span<const Field> fields_of(Kind kind) { return kRecordSchemas[static_cast<std::size_t>(kind)]; }

// The record object inside a message (the active alternative).
inline void* object_of(Message& message) {
  return std::visit([](auto& record) -> void* { return &record; }, message);
}
inline void* object_of(const Message& message) { return object_of(const_cast<Message&>(message)); }

// What a field must hold, for error messages ("expected an int32 integer").
inline std::string_view expected_text(Type type) {
  switch (type) {
    case Type::kBool:
      return "a boolean";
    case Type::kInt32:
      return "an int32 integer";
    case Type::kDouble:
      return "a number";
    case Type::kFloat:
      return "a number (float32)";
    case Type::kString:
      return "a string";
    case Type::kTimestamp:
      return "a timestamp";
    case Type::kBinary:
      return "binary data";
    case Type::kInt32Array:
      return "an array of int32 integers";
    case Type::kScalarArray:
      return "an array of booleans, numbers and strings";
    case Type::kObject:
      return "an object";
    case Type::kScalar:
      return "a boolean, number or string";
  }
  return "a value";
}

// The index of the field called `name`, or -1.
inline int find_field(std::span<const Field> fields, std::string_view name) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

// The names of the fields whose bit is not in `seen`: "createdAt, tags".
inline std::string missing_fields(std::span<const Field> fields, std::uint32_t seen) {
  std::string names;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (seen & (1u << i)) continue;
    if (!names.empty()) names += ", ";
    names += fields[i].name;
  }
  return names;
}

inline std::uint32_t all_fields(std::span<const Field> fields) {
  return fields.size() >= 32 ? ~0u : (1u << fields.size()) - 1;
}

// Whether `value` is an integer in int32 range (-0 included, as in JS).
inline bool integral_int32(double value) {
  return value >= std::numeric_limits<std::int32_t>::min() &&
         value <= std::numeric_limits<std::int32_t>::max() && value == std::trunc(value);
}

// A JS Date holds at most 8.64e15 ms either side of the epoch.
inline constexpr std::int64_t kMaxDateMs = 8'640'000'000'000'000;

// A field's problem while a record is written; the path ("tags[1]",
// "value.level2.level3.label") is completed as it unwinds.
class FieldError : public std::invalid_argument {
 public:
  FieldError(std::string path, const std::string& problem)
      : std::invalid_argument(problem), path(std::move(path)) {}
  std::string path;
};

template <typename Writer>
void write_object(Writer& writer, std::span<const Field> fields, const void* object);

// One field's value through `writer` (write_object).
template <typename Writer>
void write_value(Writer& writer, const Field& field, const void* member) {
  switch (field.type) {
    case Type::kBool:
      writer.boolean(*static_cast<const bool*>(member));
      break;
    case Type::kInt32:
      writer.int32(*static_cast<const std::int32_t*>(member));
      break;
    case Type::kDouble:
      writer.number(*static_cast<const double*>(member));
      break;
    case Type::kFloat:
      writer.float32(*static_cast<const float*>(member));
      break;
    case Type::kString:
      writer.string(*static_cast<const std::string*>(member));
      break;
    case Type::kTimestamp:
      writer.timestamp(*static_cast<const Timestamp*>(member));
      break;
    case Type::kBinary:
      writer.binary(*static_cast<const std::vector<std::uint8_t>*>(member));
      break;
    case Type::kInt32Array: {
      const auto& values = *static_cast<const std::vector<std::int32_t>*>(member);
      writer.start_array(values.size());
      for (std::size_t i = 0; i < values.size(); ++i) {
        writer.element(i);
        writer.int32(values[i]);
      }
      writer.end_array();
      break;
    }
    case Type::kScalarArray: {
      const auto& values = *static_cast<const std::vector<Scalar>*>(member);
      writer.start_array(values.size());
      for (std::size_t i = 0; i < values.size(); ++i) {
        writer.element(i);
        const auto write = [&] {
          std::visit(
              [&](const auto& element) {
                using T = std::decay_t<decltype(element)>;
                if constexpr (std::is_same_v<T, bool>) {
                  writer.boolean(element);
                } else if constexpr (std::is_same_v<T, std::int32_t>) {
                  writer.int32(element);
                } else if constexpr (std::is_same_v<T, double>) {
                  writer.number(element);
                } else {
                  writer.string(element);
                }
              },
              values[i]);
        };
        if constexpr (Writer::kFieldPaths) {
          try {
            write();
          } catch (const std::invalid_argument& error) {
            throw FieldError("[" + std::to_string(i) + "]", error.what());
          }
        } else {
          write();
        }
      }
      writer.end_array();
      break;
    }
    case Type::kObject:
      write_object(writer, field.fields(), member);
      break;
    case Type::kScalar:  // only an array element, never a field
      break;
  }
}

// The fields of `object` through `writer`, in the JS key order: the walk of
// every encoder that follows the schema (json, rapidjson, msgpack, the
// tagged form). The writer gets start_object(count), key(name, index) before
// each value, end_object(); start_array(size), element(index) before each
// element, end_array(); and boolean, int32, number, float32, string,
// timestamp, binary. With Writer::kFieldPaths, a std::invalid_argument from
// a value becomes a FieldError naming where it is.
template <typename Writer>
void write_object(Writer& writer, std::span<const Field> fields, const void* object) {
  writer.start_object(fields.size());
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const Field& field = fields[i];
    writer.key(field.name, i);
    const void* member = field.member(const_cast<void*>(object));
    if constexpr (Writer::kFieldPaths) {
      try {
        write_value(writer, field, member);
      } catch (FieldError& error) {
        error.path = std::string(field.name) + (error.path.starts_with('[') ? "" : ".") + error.path;
        throw;
      } catch (const std::invalid_argument& error) {
        throw FieldError(std::string(field.name), error.what());
      }
    } else {
      write_value(writer, field, member);
    }
  }
  writer.end_object();
}

// `message` through `writer`; a field's problem is a std::invalid_argument
// naming the record and the field: 'record: field "tags[1]": ...'.
template <typename Writer>
void write_record(Writer& writer, const Message& message) {
  try {
    write_object(writer, fields_of(kind_of(message)), object_of(message));
  } catch (const FieldError& error) {
    throw std::invalid_argument(std::string(kind_name(kind_of(message))) + ": field \"" + error.path +
                                "\": " + error.what());
  }
}

}  // namespace wcb::messages::schema
