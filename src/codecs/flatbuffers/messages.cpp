// `flatbuffers` for the messages workload: flatbuffers with the classes flatc
// generates from proto/messages.fbs (namespace wcb.fbm, one table per record).
//
// Mapping (see src/workloads/messages/messages.h): flatbuffers has no timestamp type, so
// Record.created_at_ms holds int64 milliseconds since the epoch (a JS Date's
// value); binary is [ubyte]; a mixed array element is a union Scalar whose
// members are one-field tables (BoolScalar, IntScalar, DoubleScalar,
// StringScalar).
//
// The encoder writes every field, strings and vectors even when empty and
// scalars even when they equal the schema default (-0.0 would otherwise be
// dropped and read back as +0.0). The decoder runs the Verifier over the
// buffer as the table of the expected record first, then reads every field
// and rejects what the schema cannot leave out here: a missing string,
// vector, nested table or union value, and a union type it does not know, each
// named in the error.
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "codecs/flatbuffers/support.h"
#include "messages_generated.h"
#include "workloads/messages/message_codec.h"

namespace wcb {

namespace {

using namespace messages;

// The deepest record (nested) is four tables and a string; the record with
// its union tables is three. Anything much deeper is not one of ours.
constexpr flatbuffers::uoffset_t kMaxDepth = 16;
// Room for tables, vtables, offsets and padding beyond the payload of
// strings and vectors, per table and per buffer.
constexpr std::size_t kTableOverheadBytes = 64;
constexpr std::size_t kEnvelopeBytes = 1024;

[[noreturn]] void missing(Kind kind, std::string_view field) {
  throw DecodeError(std::string(kind_name(kind)) + ": field " + std::string(field) + " is missing");
}

const flatbuffers::String& require(const flatbuffers::String* text, Kind kind, std::string_view field) {
  if (text == nullptr) missing(kind, field);
  return *text;
}

template <typename T>
const T& require(const T* table, Kind kind, std::string_view field) {
  if (table == nullptr) missing(kind, field);
  return *table;
}

// Built only for an error message: the decode loop allocates nothing for names.
std::string tag_field(flatbuffers::uoffset_t index) { return "tags[" + std::to_string(index) + "]"; }

void read_text(const flatbuffers::String& text, std::string& out) { out.assign(text.c_str(), text.size()); }

// An upper bound of the buffer size a message needs beyond its fixed-size
// fields, to refuse what the builder cannot hold before it asserts (it
// aborts past 2 GiB).
struct VariableBytes {
  std::size_t operator()(const StringMessage& m) const { return m.value.size(); }
  std::size_t operator()(const ArrayMessage& m) const { return m.value.size() * sizeof(std::int32_t); }
  std::size_t operator()(const NestedMessage& m) const { return m.value.level2.level3.label.size(); }
  std::size_t operator()(const BinaryMessage& m) const { return m.name.size() + m.data.size(); }
  std::size_t operator()(const Record& m) const {
    std::size_t bytes = m.name.size() + m.description.size();
    for (const Scalar& tag : m.tags) {
      bytes += kTableOverheadBytes;
      if (const std::string* text = std::get_if<std::string>(&tag)) bytes += text->size();
    }
    return bytes;
  }
  template <typename T>
  std::size_t small_object(const T& m) const {
    std::size_t bytes = kTableOverheadBytes + m.foo.size() + m.this_is.size();
    if constexpr (requires { m.sub; }) bytes += small_object(m.sub);
    return bytes;
  }
  std::size_t operator()(const Object1Message& m) const { return small_object(m); }
  std::size_t operator()(const Object2Message& m) const { return small_object(m); }
  std::size_t operator()(const Object3Message& m) const { return small_object(m); }
  std::size_t operator()(const BoolMessage&) const { return 0; }
  std::size_t operator()(const IntMessage&) const { return 0; }
  std::size_t operator()(const DoubleMessage&) const { return 0; }
};

std::size_t size_bound(const Message& message) {
  return std::visit(VariableBytes{}, message) + kEnvelopeBytes;
}

class FlatbuffersMessageCodec final : public MessageCodec {
 public:
  FlatbuffersMessageCodec() { builder_.ForceDefaults(true); }

  std::string_view name() const override { return "flatbuffers"; }
  std::string library_version() const override { return flatbuffers_support::library_version(); }

 protected:
  void do_encode(const Message& message, Bytes& out) override {
    if (size_bound(message) >= FLATBUFFERS_MAX_BUFFER_SIZE) {
      throw std::length_error(std::string(kind_name(kind_of(message))) +
                              ": the message exceeds flatbuffers' 2 GiB buffer limit");
    }
    builder_.Clear();
    std::visit([&](const auto& value) { build(value); }, message);
    const std::uint8_t* data = builder_.GetBufferPointer();
    out.assign(data, data + builder_.GetSize());
  }

  void do_decode(Kind kind, std::span<const std::uint8_t> bytes, Message& out) override {
    if (bytes.empty()) throw DecodeError(std::string(kind_name(kind)) + ": empty input");
    if (bytes.size() >= FLATBUFFERS_MAX_BUFFER_SIZE) {
      throw DecodeError(std::string(kind_name(kind)) + ": input of " + std::to_string(bytes.size()) +
                        " bytes; flatbuffers are limited to 2 GiB");
    }
    const Input input{kind, flatbuffers_support::aligned(bytes, aligned_copy_), bytes.size()};
    switch (kind) {
      case Kind::Bool:
        reuse_as<BoolMessage>(out).value = root<fbm::BoolMessage>(input, "BoolMessage").value();
        return;
      case Kind::Int:
        reuse_as<IntMessage>(out).value = root<fbm::IntMessage>(input, "IntMessage").value();
        return;
      case Kind::Double:
        reuse_as<DoubleMessage>(out).value = root<fbm::DoubleMessage>(input, "DoubleMessage").value();
        return;
      case Kind::String:
        read_text(require(root<fbm::StringMessage>(input, "StringMessage").value(), kind, "value"),
                  reuse_as<StringMessage>(out).value);
        return;
      case Kind::Array: {
        const auto& values = require(root<fbm::ArrayMessage>(input, "ArrayMessage").value(), kind, "value");
        reuse_as<ArrayMessage>(out).value.assign(values.begin(), values.end());
        return;
      }
      case Kind::Nested:
        decode_nested(root<fbm::NestedMessage>(input, "NestedMessage"), reuse_as<NestedMessage>(out));
        return;
      case Kind::Record:
        decode_record(root<fbm::Record>(input, "Record"), reuse_as<Record>(out));
        return;
      case Kind::Binary: {
        const auto& binary = root<fbm::BinaryMessage>(input, "BinaryMessage");
        BinaryMessage& target = reuse_as<BinaryMessage>(out);
        read_text(require(binary.name(), kind, "name"), target.name);
        const auto& data_vector = require(binary.data(), kind, "data");
        target.data.assign(data_vector.begin(), data_vector.end());
        return;
      }
      case Kind::Object1:
        read_small_object(kind, root<fbm::Object1Message>(input, "Object1Message"),
                          reuse_as<Object1Message>(out));
        return;
      case Kind::Object2:
        read_small_object(kind, root<fbm::Object2Message>(input, "Object2Message"),
                          reuse_as<Object2Message>(out));
        return;
      case Kind::Object3:
        read_small_object(kind, root<fbm::Object3Message>(input, "Object3Message"),
                          reuse_as<Object3Message>(out));
        return;
    }
    throw DecodeError("unknown record kind " + std::to_string(static_cast<int>(kind)));
  }

 private:
  struct Input {
    Kind kind;
    const std::uint8_t* data;
    std::size_t size;
  };

  // The root table of `input` as T, after the Verifier accepted the whole
  // buffer as a T (bounds, alignment, offsets, nesting depth, table count).
  template <typename T>
  static const T& root(const Input& input, const char* table_name) {
    flatbuffers::Verifier::Options options = flatbuffers_support::verifier_options(input.size);
    options.max_depth = kMaxDepth;
    flatbuffers::Verifier verifier(input.data, input.size, options);
    if (!verifier.VerifyBuffer<T>(nullptr)) {
      throw DecodeError(std::string(kind_name(input.kind)) + ": not a valid wcb.fbm." + table_name +
                        " buffer (verifier rejected it: truncated or corrupt input)");
    }
    return *flatbuffers::GetRoot<T>(input.data);
  }

  void build(const BoolMessage& value) { builder_.Finish(fbm::CreateBoolMessage(builder_, value.value)); }
  void build(const IntMessage& value) { builder_.Finish(fbm::CreateIntMessage(builder_, value.value)); }
  void build(const DoubleMessage& value) { builder_.Finish(fbm::CreateDoubleMessage(builder_, value.value)); }
  void build(const StringMessage& value) {
    builder_.Finish(fbm::CreateStringMessage(builder_, builder_.CreateString(value.value)));
  }
  void build(const ArrayMessage& value) {
    builder_.Finish(fbm::CreateArrayMessage(builder_, builder_.CreateVector(value.value)));
  }
  void build(const NestedMessage& value) {
    const Level3& level3 = value.value.level2.level3;
    const auto label = builder_.CreateString(level3.label);
    const auto level3_table = fbm::CreateLevel3(builder_, level3.flag, level3.count, label);
    const auto level1 = fbm::CreateLevel1(builder_, fbm::CreateLevel2(builder_, level3_table));
    builder_.Finish(fbm::CreateNestedMessage(builder_, level1));
  }
  void build(const Record& value) {
    tag_types_.clear();
    tag_values_.clear();
    for (const Scalar& tag : value.tags) {
      if (const bool* flag = std::get_if<bool>(&tag)) {
        tag_types_.push_back(fbm::Scalar_BoolScalar);
        tag_values_.push_back(fbm::CreateBoolScalar(builder_, *flag).Union());
      } else if (const std::int32_t* integer = std::get_if<std::int32_t>(&tag)) {
        tag_types_.push_back(fbm::Scalar_IntScalar);
        tag_values_.push_back(fbm::CreateIntScalar(builder_, *integer).Union());
      } else if (const double* number = std::get_if<double>(&tag)) {
        tag_types_.push_back(fbm::Scalar_DoubleScalar);
        tag_values_.push_back(fbm::CreateDoubleScalar(builder_, *number).Union());
      } else {
        const auto text = builder_.CreateString(std::get<std::string>(tag));
        tag_types_.push_back(fbm::Scalar_StringScalar);
        tag_values_.push_back(fbm::CreateStringScalar(builder_, text).Union());
      }
    }
    const auto types = builder_.CreateVector(tag_types_);
    const auto values = builder_.CreateVector(tag_values_);
    const auto name = builder_.CreateString(value.name);
    const auto description = builder_.CreateString(value.description);
    builder_.Finish(fbm::CreateRecord(
        builder_, value.id, value.active, value.score, value.balance, value.latitude, value.longitude,
        value.created_at.time_since_epoch().count(), name, description, types, values));
  }
  void build(const BinaryMessage& value) {
    const auto name = builder_.CreateString(value.name);
    const auto data = builder_.CreateVector(value.data);
    builder_.Finish(fbm::CreateBinaryMessage(builder_, name, data));
  }

  void build(const Object1Message& value) { builder_.Finish(build_small_object(value)); }
  void build(const Object2Message& value) { builder_.Finish(build_small_object(value)); }
  void build(const Object3Message& value) { builder_.Finish(build_small_object(value)); }

  // The innermost level first: a table's strings and sub-table must be
  // finished before the table starts.
  flatbuffers::Offset<fbm::Object1Message> build_small_object(const Object1Message& value) {
    const auto foo = builder_.CreateString(value.foo);
    const auto this_is = builder_.CreateString(value.this_is);
    return fbm::CreateObject1Message(builder_, foo, this_is, value.another);
  }
  flatbuffers::Offset<fbm::Object2Message> build_small_object(const Object2Message& value) {
    const auto sub = build_small_object(value.sub);
    const auto foo = builder_.CreateString(value.foo);
    const auto this_is = builder_.CreateString(value.this_is);
    return fbm::CreateObject2Message(builder_, foo, this_is, value.another, sub);
  }
  flatbuffers::Offset<fbm::Object3Message> build_small_object(const Object3Message& value) {
    const auto sub = build_small_object(value.sub);
    const auto foo = builder_.CreateString(value.foo);
    const auto this_is = builder_.CreateString(value.this_is);
    return fbm::CreateObject3Message(builder_, foo, this_is, value.another, sub);
  }

  // foo, this_is, another, then `sub` when the level has one (Depth 0: the record).
  template <std::size_t Depth = 0, typename Table, typename T>
  static void read_small_object(Kind kind, const Table& table, T& out) {
    const SmallObjectPaths& paths = kSmallObjectPaths[Depth];
    read_text(require(table.foo(), kind, paths.foo), out.foo);
    read_text(require(table.this_is(), kind, paths.this_is), out.this_is);
    out.another = table.another();
    if constexpr (requires { out.sub; }) {
      read_small_object<Depth + 1>(kind, require(table.sub(), kind, paths.sub), out.sub);
    }
  }

  static void decode_nested(const fbm::NestedMessage& nested, NestedMessage& out) {
    const auto& level1 = require(nested.value(), Kind::Nested, "value");
    const auto& level2 = require(level1.level2(), Kind::Nested, "value.level2");
    const auto& level3 = require(level2.level3(), Kind::Nested, "value.level2.level3");
    Level3& target = out.value.level2.level3;
    target.flag = level3.flag();
    target.count = level3.count();
    read_text(require(level3.label(), Kind::Nested, "value.level2.level3.label"), target.label);
  }

  static void decode_record(const fbm::Record& record, Record& out) {
    out.id = record.id();
    out.active = record.active();
    out.score = record.score();
    out.balance = record.balance();
    out.latitude = record.latitude();
    out.longitude = record.longitude();
    out.created_at = Timestamp{std::chrono::milliseconds{record.created_at_ms()}};
    read_text(require(record.name(), Kind::Record, "name"), out.name);
    read_text(require(record.description(), Kind::Record, "description"), out.description);
    // The Verifier checked that both vectors are present or absent together
    // and have the same length.
    const auto& types = require(record.tags_type(), Kind::Record, "tags_type");
    const auto& values = require(record.tags(), Kind::Record, "tags");
    out.tags.resize(types.size());
    for (flatbuffers::uoffset_t i = 0; i < types.size(); ++i) {
      const void* value = values.Get(i);
      Scalar& target = out.tags[i];
      switch (types.GetEnum<fbm::Scalar>(i)) {
        case fbm::Scalar_BoolScalar:
          target = static_cast<const fbm::BoolScalar*>(value)->value();
          break;
        case fbm::Scalar_IntScalar:
          target = static_cast<const fbm::IntScalar*>(value)->value();
          break;
        case fbm::Scalar_DoubleScalar:
          target = static_cast<const fbm::DoubleScalar*>(value)->value();
          break;
        case fbm::Scalar_StringScalar: {
          const flatbuffers::String* text_field = static_cast<const fbm::StringScalar*>(value)->value();
          if (text_field == nullptr) missing(Kind::Record, tag_field(i) + ".value");
          const flatbuffers::String& text = *text_field;
          if (std::string* existing = std::get_if<std::string>(&target)) {
            read_text(text, *existing);
          } else {
            target = std::string(text.c_str(), text.size());
          }
          break;
        }
        case fbm::Scalar_NONE:
          throw DecodeError("record: field " + tag_field(i) + ": union Scalar has no value (type NONE)");
        default:
          // The Verifier lets unknown union types through unread (forward
          // compatibility); this schema has no others, so they are an error.
          throw DecodeError("record: field " + tag_field(i) + ": unknown Scalar union type " +
                            std::to_string(types.Get(i)));
      }
    }
  }

  flatbuffers::FlatBufferBuilder builder_;
  std::vector<std::uint8_t> tag_types_;
  std::vector<flatbuffers::Offset<void>> tag_values_;
  Bytes aligned_copy_;
};

}  // namespace

std::unique_ptr<messages::MessageCodec> make_flatbuffers_message_codec() {
  return std::make_unique<FlatbuffersMessageCodec>();
}

}  // namespace wcb
