// Writing a Message as the messages records' tagged form (tagged_record.h).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/status.h"
#include "workloads/messages/tagged_record.h"

namespace wcb::wasm::tagged {
namespace {  // NOLINT(google-build-namespaces): internal linkage, see tagged_record.h

// Writes a Message's tagged form, following its schema: the fields in the JS
// key order (schema.h), so JS's reader builds the record records.mjs makes.
// int32 fields and elements as tag 3, doubles and floats as tag 4 (a JS
// number either way). Strings are written as they are: the decoders give
// UTF-8, and JS's reader refuses anything else. The writer of
// schema::write_object.
class TaggedRecordWriter {
 public:
  // Its one failure, a TaggedError (a count over 2^32 - 1), names no field.
  static constexpr bool kFieldPaths = false;

  explicit TaggedRecordWriter(Bytes& out) : out_(out) { out_.clear(); }

  void start_object(std::size_t count) {
    put(kTagObject);
    u32(count);
  }
  // Every key as new (h = length << 1): the form lets a writer do so, and a
  // record's few keys cost less written again than looked up.
  void key(std::string_view name, std::size_t /*index*/) {
    u32(name.size() << 1);
    raw(name.data(), name.size());
  }
  void end_object() {}
  void start_array(std::size_t size) {
    put(kTagArray);
    u32(size);
  }
  void element(std::size_t /*index*/) {}
  void end_array() {}
  void boolean(bool value) { put(value ? kTagTrue : kTagFalse); }
  void int32(std::int32_t value) {
    put(kTagInt32);
    raw(&value, kU32);
  }
  void number(double value) { float64(kTagFloat64, value); }
  void float32(float value) { float64(kTagFloat64, static_cast<double>(value)); }
  void string(std::string_view value) {
    put(kTagString);
    u32(value.size());
    raw(value.data(), value.size());
  }
  void timestamp(msg::Timestamp value) {
    float64(kTagTimestamp, static_cast<double>(value.time_since_epoch().count()));
  }
  void binary(const std::vector<std::uint8_t>& data) {
    put(kTagBytes);
    u32(data.size());
    out_.insert(out_.end(), data.begin(), data.end());
  }

 private:
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
  void float64(Tag tag, double value) {
    put(tag);
    raw(&value, kF64);
  }
  Bytes& out_;
};

// Replaces `out` (its capacity kept) with the tagged form of `message`.
void write_tagged_record(const msg::Message& message, Bytes& out) {
  TaggedRecordWriter writer(out);
  msg::schema::write_object(writer, msg::schema::fields_of(msg::kind_of(message)),
                            msg::schema::object_of(message));
}
}  // namespace
}  // namespace wcb::wasm::tagged
