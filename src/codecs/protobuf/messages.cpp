// `protobuf` for the messages workload: protobuf-lite with the classes protoc
// generates from proto/messages.proto (package wcb.msg, one message type per
// record).
//
// Mapping (see src/workloads/messages/messages.h): the timestamp is a wcb.msg.Timestamp
// {seconds, nanos}, wire-compatible with google.protobuf.Timestamp: seconds
// are rounded toward minus infinity and nanos is in [0, 1e9), so 1 ms before
// the epoch is {-1, 999000000}. A JS Date holds whole milliseconds, so a
// decoder refuses nanos that are not a multiple of 1,000,000 instead of
// rounding them away. Binary is `bytes`; a mixed array element is a Scalar
// whose oneof must be set.
//
// Presence: proto3 cannot tell a zero scalar from an absent one, but message
// fields have presence, so an absent submessage (created_at, level2, ...) is a
// DecodeError naming it; the encoder always writes them.
//
// One object per message type serves every call: Clear() keeps the strings
// and repeated elements allocated, so encoding or decoding the same record
// again allocates nothing inside protobuf.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include "codecs/protobuf/support.h"
#include "core/utf8.h"
#include "messages.pb.h"
#include "workloads/messages/message_codec.h"

namespace wcb {

namespace {

using namespace messages;
using protobuf_support::serialize;

using protobuf_support::kMaxMessageBytes;

constexpr std::int64_t kMillisecondsPerSecond = 1000;
constexpr std::int32_t kNanosPerMillisecond = 1'000'000;
constexpr std::int32_t kNanosPerSecond = 1'000'000'000;

const std::string& checked_text(const std::string& text, Kind kind, std::string_view field) {
  // protobuf demands UTF-8 of proto3 `string` fields, but only logs a bad
  // string when serializing and then refuses to parse its own bytes, so the
  // encoder checks first and fails clearly.
  if (!valid_utf8(text)) {
    throw std::invalid_argument(std::string(kind_name(kind)) + ": field " + std::string(field) +
                                " is not valid UTF-8 (protobuf strings must be)");
  }
  return text;
}

[[noreturn]] void missing(Kind kind, const std::string& field) {
  throw DecodeError(std::string(kind_name(kind)) + ": field " + field + " is missing");
}

// Milliseconds since the epoch <-> {seconds, nanos} with nanos in [0, 1e9).
void write_timestamp(Timestamp time, msg::Timestamp& out) {
  const std::int64_t ms = time.time_since_epoch().count();
  std::int64_t seconds = ms / kMillisecondsPerSecond;
  std::int64_t rest = ms % kMillisecondsPerSecond;
  if (rest < 0) {  // C++ division truncates toward zero; the format wants floor
    seconds -= 1;
    rest += kMillisecondsPerSecond;
  }
  out.set_seconds(seconds);
  out.set_nanos(static_cast<std::int32_t>(rest) * kNanosPerMillisecond);
}

Timestamp read_timestamp(const msg::Timestamp& time) {
  const std::int64_t seconds = time.seconds();
  const std::int32_t nanos = time.nanos();
  if (nanos < 0 || nanos >= kNanosPerSecond) {
    throw DecodeError("record: field created_at: nanos " + std::to_string(nanos) + " is outside [0, 1e9)");
  }
  if (nanos % kNanosPerMillisecond != 0) {
    throw DecodeError("record: field created_at: nanos " + std::to_string(nanos) +
                      " is not whole milliseconds (a JS Date holds milliseconds)");
  }
  // seconds * 1000 + 999 must fit an int64 of milliseconds.
  constexpr std::int64_t kLimit = INT64_MAX / kMillisecondsPerSecond - 1;
  if (seconds > kLimit || seconds < -kLimit) {
    throw DecodeError("record: field created_at: seconds " + std::to_string(seconds) +
                      " out of range for milliseconds in an int64");
  }
  return Timestamp{
      std::chrono::milliseconds{seconds * kMillisecondsPerSecond + nanos / kNanosPerMillisecond}};
}

class ProtobufMessageCodec final : public MessageCodec {
 public:
  std::string_view name() const override { return "protobuf"; }
  std::string library_version() const override { return protobuf_support::library_version(); }

 protected:
  // Every encode starts from Clear(): the object is shared with decode, and
  // a decode of bytes with unknown fields would otherwise carry them into
  // the next encoding (Clear keeps the allocations).
  void do_encode(const Message& message, Bytes& out) override {
    std::visit([&](const auto& value) { encode_one(value, out); }, message);
  }

  void do_decode(Kind kind, std::span<const std::uint8_t> bytes, Message& out) override {
    if (bytes.size() > kMaxMessageBytes) {
      throw DecodeError(std::string(kind_name(kind)) + ": input of " + std::to_string(bytes.size()) +
                        " bytes; protobuf messages are limited to 2 GiB");
    }
    switch (kind) {
      case Kind::Bool:
        reuse_as<BoolMessage>(out).value = parse(bool_, kind, bytes).value();
        return;
      case Kind::Int:
        reuse_as<IntMessage>(out).value = parse(int_, kind, bytes).value();
        return;
      case Kind::Double:
        reuse_as<DoubleMessage>(out).value = parse(double_, kind, bytes).value();
        return;
      case Kind::String:
        reuse_as<StringMessage>(out).value = parse(string_, kind, bytes).value();
        return;
      case Kind::Array: {
        const auto& values = parse(array_, kind, bytes).value();
        reuse_as<ArrayMessage>(out).value.assign(values.begin(), values.end());
        return;
      }
      case Kind::Nested:
        decode_nested(parse(nested_, kind, bytes), reuse_as<NestedMessage>(out));
        return;
      case Kind::Record:
        decode_record(parse(record_, kind, bytes), reuse_as<Record>(out));
        return;
      case Kind::Binary: {
        const msg::BinaryMessage& binary = parse(binary_, kind, bytes);
        BinaryMessage& target = reuse_as<BinaryMessage>(out);
        target.name = binary.name();
        target.data.assign(binary.data().begin(), binary.data().end());
        return;
      }
      case Kind::Object1:
        decode_small_object(kind, parse(object1_, kind, bytes), reuse_as<Object1Message>(out));
        return;
      case Kind::Object2:
        decode_small_object(kind, parse(object2_, kind, bytes), reuse_as<Object2Message>(out));
        return;
      case Kind::Object3:
        decode_small_object(kind, parse(object3_, kind, bytes), reuse_as<Object3Message>(out));
        return;
    }
    throw DecodeError("unknown record kind " + std::to_string(static_cast<int>(kind)));
  }

 private:
  template <typename Proto>
  static const Proto& parse(Proto& message, Kind kind, std::span<const std::uint8_t> bytes) {
    if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
      message.Clear();
      throw DecodeError(std::string(kind_name(kind)) + ": malformed bytes (not a valid " +
                        message.GetTypeName() +
                        ": truncated or corrupt input, or invalid UTF-8 in a string)");
    }
    return message;
  }

  // The three messages whose one field is a scalar `value`.
  template <typename Proto, typename T>
  static void encode_scalar(const T& value, Proto& message, Bytes& out) {
    message.Clear();
    message.set_value(value.value);
    serialize(message, out);
  }
  void encode_one(const BoolMessage& value, Bytes& out) { encode_scalar(value, bool_, out); }
  void encode_one(const IntMessage& value, Bytes& out) { encode_scalar(value, int_, out); }
  void encode_one(const DoubleMessage& value, Bytes& out) { encode_scalar(value, double_, out); }
  void encode_one(const StringMessage& value, Bytes& out) {
    string_.Clear();
    string_.set_value(checked_text(value.value, Kind::String, "value"));
    serialize(string_, out);
  }
  void encode_one(const ArrayMessage& value, Bytes& out) {
    array_.Clear();
    array_.mutable_value()->Add(value.value.begin(), value.value.end());
    serialize(array_, out);
  }
  void encode_one(const NestedMessage& value, Bytes& out) {
    nested_.Clear();
    const Level3& level3 = value.value.level2.level3;
    msg::Level3& target = *nested_.mutable_value()->mutable_level2()->mutable_level3();
    target.set_flag(level3.flag);
    target.set_count(level3.count);
    target.set_label(checked_text(level3.label, Kind::Nested, "value.level2.level3.label"));
    serialize(nested_, out);
  }
  void encode_one(const Record& value, Bytes& out) {
    record_.Clear();
    record_.set_id(value.id);
    record_.set_active(value.active);
    record_.set_score(value.score);
    record_.set_balance(value.balance);
    record_.set_latitude(value.latitude);
    record_.set_longitude(value.longitude);
    write_timestamp(value.created_at, *record_.mutable_created_at());
    record_.set_name(checked_text(value.name, Kind::Record, "name"));
    record_.set_description(checked_text(value.description, Kind::Record, "description"));
    auto& tags = *record_.mutable_tags();
    tags.Reserve(static_cast<int>(value.tags.size()));
    for (const Scalar& tag : value.tags) {
      msg::Scalar& entry = *tags.Add();
      if (const bool* flag = std::get_if<bool>(&tag)) {
        entry.set_flag(*flag);
      } else if (const std::int32_t* integer = std::get_if<std::int32_t>(&tag)) {
        entry.set_integer(*integer);
      } else if (const double* number = std::get_if<double>(&tag)) {
        entry.set_number(*number);
      } else {
        entry.set_text(checked_text(std::get<std::string>(tag), Kind::Record, "tags[]"));
      }
    }
    serialize(record_, out);
  }
  void encode_one(const BinaryMessage& value, Bytes& out) {
    binary_.Clear();
    binary_.set_name(checked_text(value.name, Kind::Binary, "name"));
    binary_.mutable_data()->assign(value.data.begin(), value.data.end());
    serialize(binary_, out);
  }

  void encode_one(const Object1Message& value, Bytes& out) {
    encode_small_object(Kind::Object1, value, object1_, out);
  }
  void encode_one(const Object2Message& value, Bytes& out) {
    encode_small_object(Kind::Object2, value, object2_, out);
  }
  void encode_one(const Object3Message& value, Bytes& out) {
    encode_small_object(Kind::Object3, value, object3_, out);
  }

  template <typename T, typename Proto>
  static void encode_small_object(Kind kind, const T& value, Proto& message, Bytes& out) {
    message.Clear();
    write_small_object(kind, value, message);
    serialize(message, out);
  }

  // foo, this_is, another, then `sub` when the level has one (Depth 0: the record).
  template <std::size_t Depth = 0, typename T, typename Proto>
  static void write_small_object(Kind kind, const T& value, Proto& out) {
    const SmallObjectPaths& paths = kSmallObjectPaths[Depth];
    out.set_foo(checked_text(value.foo, kind, paths.foo));
    out.set_this_is(checked_text(value.this_is, kind, paths.this_is));
    out.set_another(value.another);
    if constexpr (requires { value.sub; }) write_small_object<Depth + 1>(kind, value.sub, *out.mutable_sub());
  }

  template <std::size_t Depth = 0, typename Proto, typename T>
  static void decode_small_object(Kind kind, const Proto& message, T& out) {
    out.foo = message.foo();
    out.this_is = message.this_is();
    out.another = message.another();
    if constexpr (requires { out.sub; }) {
      if (!message.has_sub()) missing(kind, std::string(kSmallObjectPaths[Depth].sub));
      decode_small_object<Depth + 1>(kind, message.sub(), out.sub);
    }
  }

  static void decode_nested(const msg::NestedMessage& nested, NestedMessage& out) {
    if (!nested.has_value()) missing(Kind::Nested, "value");
    if (!nested.value().has_level2()) missing(Kind::Nested, "value.level2");
    if (!nested.value().level2().has_level3()) missing(Kind::Nested, "value.level2.level3");
    const msg::Level3& level3 = nested.value().level2().level3();
    Level3& target = out.value.level2.level3;
    target.flag = level3.flag();
    target.count = level3.count();
    target.label = level3.label();
  }

  static void decode_record(const msg::Record& record, Record& out) {
    if (!record.has_created_at()) missing(Kind::Record, "created_at");
    out.id = record.id();
    out.active = record.active();
    out.score = record.score();
    out.balance = record.balance();
    out.latitude = record.latitude();
    out.longitude = record.longitude();
    out.created_at = read_timestamp(record.created_at());
    out.name = record.name();
    out.description = record.description();
    out.tags.resize(static_cast<std::size_t>(record.tags_size()));
    for (int i = 0; i < record.tags_size(); ++i) {
      const msg::Scalar& tag = record.tags(i);
      Scalar& target = out.tags[static_cast<std::size_t>(i)];
      switch (tag.kind_case()) {
        case msg::Scalar::kFlag:
          target = tag.flag();
          break;
        case msg::Scalar::kInteger:
          target = tag.integer();
          break;
        case msg::Scalar::kNumber:
          target = tag.number();
          break;
        case msg::Scalar::kText:
          target = tag.text();
          break;
        case msg::Scalar::KIND_NOT_SET:
          throw DecodeError("record: field tags[" + std::to_string(i) +
                            "]: no value set in the Scalar oneof (flag, integer, number or text)");
      }
    }
  }

  msg::BoolMessage bool_;
  msg::IntMessage int_;
  msg::DoubleMessage double_;
  msg::StringMessage string_;
  msg::ArrayMessage array_;
  msg::NestedMessage nested_;
  msg::Record record_;
  msg::BinaryMessage binary_;
  msg::Object1Message object1_;
  msg::Object2Message object2_;
  msg::Object3Message object3_;
};

}  // namespace

std::unique_ptr<messages::MessageCodec> make_protobuf_message_codec() {
  return std::make_unique<ProtobufMessageCodec>();
}

}  // namespace wcb
