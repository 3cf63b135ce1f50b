// Writing a Message as the messages records' tagged form (tagged_record.h).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/codec.h"
#include "workloads/messages/tagged_record.h"

namespace wcb::wasm::tagged {
namespace {  // NOLINT(google-build-namespaces): internal linkage, see tagged_record.h

// Writes a Message's tagged form, following its schema: the fields in the JS
// key order (schema.h), so JS's reader builds the record records.mjs makes.
// int32 fields and elements as tag 3, doubles and floats as tag 4 (a JS
// number either way). Strings are written as they are: the decoders give
// UTF-8, and JS's reader refuses anything else.
class TaggedRecordWriter {
 public:
  explicit TaggedRecordWriter(Bytes& out) : out_(out) { out_.clear(); }

  void object(std::span<const Field> fields, const void* object) {
    put(kTagObject);
    u32(fields.size());
    for (const Field& field : fields) {
      key(field.name);
      value(field, field.member(const_cast<void*>(object)));
    }
  }

 private:
  void value(const Field& field, const void* member) {
    switch (field.type) {
      case Type::kBool:
        put(*static_cast<const bool*>(member) ? kTagTrue : kTagFalse);
        break;
      case Type::kInt32:
        int32(*static_cast<const std::int32_t*>(member));
        break;
      case Type::kDouble:
        float64(kTagFloat64, *static_cast<const double*>(member));
        break;
      case Type::kFloat:
        float64(kTagFloat64, static_cast<double>(*static_cast<const float*>(member)));
        break;
      case Type::kString:
        put(kTagString);
        text(*static_cast<const std::string*>(member));
        break;
      case Type::kTimestamp:
        float64(kTagTimestamp,
                static_cast<double>(static_cast<const msg::Timestamp*>(member)->time_since_epoch().count()));
        break;
      case Type::kBinary: {
        const auto& data = *static_cast<const std::vector<std::uint8_t>*>(member);
        put(kTagBytes);
        u32(data.size());
        out_.insert(out_.end(), data.begin(), data.end());
        break;
      }
      case Type::kInt32Array: {
        const auto& values = *static_cast<const std::vector<std::int32_t>*>(member);
        put(kTagArray);
        u32(values.size());
        for (const std::int32_t element : values) int32(element);
        break;
      }
      case Type::kScalarArray: {
        const auto& values = *static_cast<const std::vector<msg::Scalar>*>(member);
        put(kTagArray);
        u32(values.size());
        for (const msg::Scalar& element : values) {
          std::visit(
              [&](const auto& scalar) {
                using T = std::decay_t<decltype(scalar)>;
                if constexpr (std::is_same_v<T, bool>) {
                  put(scalar ? kTagTrue : kTagFalse);
                } else if constexpr (std::is_same_v<T, std::int32_t>) {
                  int32(scalar);
                } else if constexpr (std::is_same_v<T, double>) {
                  float64(kTagFloat64, scalar);
                } else {
                  put(kTagString);
                  text(scalar);
                }
              },
              element);
        }
        break;
      }
      case Type::kObject:
        object(field.fields, member);
        break;
      case Type::kScalar:  // only an array element, never a field
        break;
    }
  }

  void put(std::uint8_t byte) { out_.push_back(byte); }
  void raw(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    out_.insert(out_.end(), bytes, bytes + size);
  }
  void u32(std::size_t value) {
    // A record's strings and arrays are far below 4 GiB in wasm32; refuse
    // rather than wrap.
    if (value > UINT32_MAX) throw TaggedError("a string, array or binary field over 2^32 - 1 items");
    const auto narrow = static_cast<std::uint32_t>(value);
    raw(&narrow, kU32);
  }
  void int32(std::int32_t value) {
    put(kTagInt32);
    raw(&value, kU32);
  }
  void float64(Tag tag, double value) {
    put(tag);
    raw(&value, kF64);
  }
  void text(std::string_view value) {
    u32(value.size());
    raw(value.data(), value.size());
  }
  // Every key as new (h = length << 1): the form lets a writer do so, and a
  // record's few keys cost less written again than looked up.
  void key(std::string_view name) {
    u32(name.size() << 1);
    raw(name.data(), name.size());
  }

  Bytes& out_;
};

// Replaces `out` (its capacity kept) with the tagged form of `message`.
void write_tagged_record(const msg::Message& message, Bytes& out) {
  TaggedRecordWriter(out).object(msg::schema::fields_of(msg::kind_of(message)),
                                 msg::schema::object_of(message));
}
}  // namespace
}  // namespace wcb::wasm::tagged
