// The flatbuffers message codec writes the messages workload's records as
// proto/messages.fbs defines them: the Verifier accepts each buffer as its
// record's table, the generated accessors read the values back, and buffers
// that break what the decoder relies on get an error naming the field.
// (flatc 2.0.8 cannot print these buffers as JSON: its JSON printer does not
// support vectors of unions, so flatc is not used here.)
#include <flatbuffers/flatbuffers.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <variant>

#include "messages_generated.h"
#include "test_support.h"
#include "workloads/messages/registry.h"

using wcb::Bytes;
using wcb::Status;
using wcb::messages::Kind;
using wcb::messages::Message;

namespace {

namespace msg = wcb::messages;
namespace fbm = wcb::fbm;

std::unique_ptr<msg::MessageCodec> require_flatbuffers() {
  return wcb::test::require_message_codec("flatbuffers");
}

Bytes encode_ok(msg::MessageCodec& codec, const Message& message) {
  return wcb::test::encode_message_ok(codec, message);
}

template <typename T>
const T& verified_root(const Bytes& bytes) {
  flatbuffers::Verifier verifier(bytes.data(), bytes.size());
  REQUIRE(verifier.VerifyBuffer<T>(nullptr));
  return *flatbuffers::GetRoot<T>(bytes.data());
}

std::string text_of(const flatbuffers::String* text) {
  REQUIRE(text != nullptr);
  return text->str();
}

Bytes finished(flatbuffers::FlatBufferBuilder& builder) {
  return Bytes(builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize());
}

std::string decode_error(msg::MessageCodec& codec, Kind kind, const Bytes& bytes) {
  Message out;
  const Status status = codec.decode(kind, bytes, out);
  CAPTURE(wcb::test::hex(bytes));
  REQUIRE_FALSE(status.ok());
  CHECK(out == msg::empty_message(kind));
  return status.message();
}

// A record buffer with the given tags vectors; every other field set.
Bytes record_with_tags(flatbuffers::FlatBufferBuilder& builder,
                       flatbuffers::Offset<flatbuffers::Vector<std::uint8_t>> types,
                       flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<void>>> values) {
  const auto name = builder.CreateString("n");
  const auto description = builder.CreateString("d");
  builder.Finish(
      fbm::CreateRecord(builder, 1, true, 0.5, 1.5, 2.5f, 3.5f, 42, name, description, types, values));
  return finished(builder);
}

}  // namespace

TEST_CASE("messages format: flatbuffers bytes pass the Verifier and hold the records",
          "[messages][format][flatbuffers]") {
  const auto codec = require_flatbuffers();
  const auto sample = [](Kind kind) -> const Message& { return msg::sample_message(kind); };

  CHECK(verified_root<fbm::BoolMessage>(encode_ok(*codec, sample(Kind::Bool))).value() == true);
  CHECK(verified_root<fbm::IntMessage>(encode_ok(*codec, sample(Kind::Int))).value() == -123456789);
  CHECK(verified_root<fbm::DoubleMessage>(encode_ok(*codec, sample(Kind::Double))).value() ==
        3.141592653589793);
  CHECK(text_of(verified_root<fbm::StringMessage>(encode_ok(*codec, sample(Kind::String))).value()) ==
        std::get<msg::StringMessage>(sample(Kind::String)).value);

  const Bytes array_bytes = encode_ok(*codec, sample(Kind::Array));
  const auto* array = verified_root<fbm::ArrayMessage>(array_bytes).value();
  REQUIRE(array != nullptr);
  CHECK(std::vector<std::int32_t>(array->begin(), array->end()) ==
        std::get<msg::ArrayMessage>(sample(Kind::Array)).value);

  const Bytes nested_bytes = encode_ok(*codec, sample(Kind::Nested));
  const auto* level3 = verified_root<fbm::NestedMessage>(nested_bytes).value()->level2()->level3();
  CHECK(level3->flag() == true);
  CHECK(level3->count() == 3);
  CHECK(text_of(level3->label()) == "deep");

  const msg::Record& expected = std::get<msg::Record>(sample(Kind::Record));
  const Bytes record_bytes = encode_ok(*codec, expected);
  const fbm::Record& record = verified_root<fbm::Record>(record_bytes);
  CHECK(record.id() == expected.id);
  CHECK(record.active() == expected.active);
  CHECK(record.score() == expected.score);
  CHECK(record.balance() == expected.balance);
  CHECK(record.latitude() == expected.latitude);
  CHECK(record.longitude() == expected.longitude);
  // int64 milliseconds since the epoch: 2026-11-30T12:34:56.789Z.
  CHECK(record.created_at_ms() == 1'796'042'096'789);
  CHECK(text_of(record.name()) == expected.name);
  CHECK(text_of(record.description()) == expected.description);
  REQUIRE(record.tags_type() != nullptr);
  REQUIRE(record.tags() != nullptr);
  REQUIRE(record.tags_type()->size() == 4);
  CHECK(record.tags_type()->GetEnum<fbm::Scalar>(0) == fbm::Scalar_IntScalar);
  CHECK(record.tags_type()->GetEnum<fbm::Scalar>(1) == fbm::Scalar_StringScalar);
  CHECK(record.tags_type()->GetEnum<fbm::Scalar>(2) == fbm::Scalar_DoubleScalar);
  CHECK(record.tags_type()->GetEnum<fbm::Scalar>(3) == fbm::Scalar_BoolScalar);
  CHECK(static_cast<const fbm::IntScalar*>(record.tags()->Get(0))->value() == 1);
  CHECK(text_of(static_cast<const fbm::StringScalar*>(record.tags()->Get(1))->value()) == "two");
  CHECK(static_cast<const fbm::DoubleScalar*>(record.tags()->Get(2))->value() == 3.5);
  CHECK(static_cast<const fbm::BoolScalar*>(record.tags()->Get(3))->value() == false);

  const msg::BinaryMessage& expected_binary = std::get<msg::BinaryMessage>(sample(Kind::Binary));
  const Bytes binary_bytes = encode_ok(*codec, expected_binary);
  const fbm::BinaryMessage& binary = verified_root<fbm::BinaryMessage>(binary_bytes);
  CHECK(text_of(binary.name()) == "blob-256");
  REQUIRE(binary.data() != nullptr);
  CHECK(Bytes(binary.data()->begin(), binary.data()->end()) == expected_binary.data);

  const Bytes object1_bytes = encode_ok(*codec, sample(Kind::Object1));
  const fbm::Object1Message& object1 = verified_root<fbm::Object1Message>(object1_bytes);
  CHECK(text_of(object1.foo()) == "bar");
  CHECK(text_of(object1.this_is()) == "a small object");
  CHECK(object1.another() == 1234);

  const Bytes object3_bytes = encode_ok(*codec, sample(Kind::Object3));
  const fbm::Object3Message& object3 = verified_root<fbm::Object3Message>(object3_bytes);
  CHECK(text_of(object3.this_is()) == "an object two levels deep");
  REQUIRE(object3.sub() != nullptr);
  CHECK(text_of(object3.sub()->foo()) == "baz");
  CHECK(object3.sub()->another() == 5678);
  REQUIRE(object3.sub()->sub() != nullptr);
  CHECK(text_of(object3.sub()->sub()->foo()) == "qux");
  CHECK(text_of(object3.sub()->sub()->this_is()) == "the second sub-object");
  CHECK(object3.sub()->sub()->another() == 9012);
}

TEST_CASE("messages format: flatbuffers keeps -0.0 and zero scalars", "[messages][format][flatbuffers]") {
  const auto codec = require_flatbuffers();
  msg::Record record = std::get<msg::Record>(msg::sample_message(Kind::Record));
  record.score = -0.0;
  record.id = 0;
  record.created_at = msg::Timestamp{std::chrono::milliseconds{-1}};
  record.tags = {-0.0, std::string{}};
  const Bytes bytes = encode_ok(*codec, record);
  Message out;
  REQUIRE(codec->decode(Kind::Record, bytes, out).ok());
  CHECK(out == Message(record));
  CHECK(std::signbit(std::get<msg::Record>(out).score));
  CHECK(std::signbit(std::get<double>(std::get<msg::Record>(out).tags[0])));
  // Decoding from an address that is not 8-byte aligned works too.
  Bytes shifted(bytes.size() + 1);
  std::copy(bytes.begin(), bytes.end(), shifted.begin() + 1);
  REQUIRE(codec->decode(Kind::Record, std::span(shifted).subspan(1), out).ok());
  CHECK(out == Message(record));
}

TEST_CASE("messages bad input: flatbuffers names the missing field", "[messages][bad input][flatbuffers]") {
  const auto codec = require_flatbuffers();
  flatbuffers::FlatBufferBuilder builder;

  SECTION("record without name") {
    const auto description = builder.CreateString("d");
    fbm::RecordBuilder record(builder);
    record.add_description(description);
    builder.Finish(record.Finish());
    CHECK(decode_error(*codec, Kind::Record, finished(builder)) ==
          "flatbuffers: record: field name is missing");
  }
  SECTION("record without tags") {
    CHECK(decode_error(*codec, Kind::Record, record_with_tags(builder, 0, 0)) ==
          "flatbuffers: record: field tags_type is missing");
  }
  SECTION("a union element of type NONE") {
    const auto value = fbm::CreateIntScalar(builder, 5).Union();
    const auto types = builder.CreateVector(std::vector<std::uint8_t>{fbm::Scalar_NONE});
    const auto values = builder.CreateVector(std::vector<flatbuffers::Offset<void>>{value});
    CHECK(decode_error(*codec, Kind::Record, record_with_tags(builder, types, values)) ==
          "flatbuffers: record: field tags[0]: union Scalar has no value (type NONE)");
  }
  SECTION("a union type the schema does not have") {
    const auto value = fbm::CreateIntScalar(builder, 5).Union();
    const auto types = builder.CreateVector(std::vector<std::uint8_t>{fbm::Scalar_IntScalar, 9});
    const auto values = builder.CreateVector(std::vector<flatbuffers::Offset<void>>{value, value});
    CHECK(decode_error(*codec, Kind::Record, record_with_tags(builder, types, values)) ==
          "flatbuffers: record: field tags[1]: unknown Scalar union type 9");
  }
  SECTION("a StringScalar without its string") {
    const auto value = fbm::CreateStringScalar(builder).Union();
    const auto types = builder.CreateVector(std::vector<std::uint8_t>{fbm::Scalar_StringScalar});
    const auto values = builder.CreateVector(std::vector<flatbuffers::Offset<void>>{value});
    CHECK(decode_error(*codec, Kind::Record, record_with_tags(builder, types, values)) ==
          "flatbuffers: record: field tags[0].value is missing");
  }
  SECTION("a union type that does not match its table") {
    // An IntScalar's int read as a StringScalar's string offset: the
    // Verifier follows it and rejects the buffer.
    const auto value = fbm::CreateIntScalar(builder, 0x7fffffff).Union();
    const auto types = builder.CreateVector(std::vector<std::uint8_t>{fbm::Scalar_StringScalar});
    const auto values = builder.CreateVector(std::vector<flatbuffers::Offset<void>>{value});
    CHECK_THAT(decode_error(*codec, Kind::Record, record_with_tags(builder, types, values)),
               Catch::StartsWith("flatbuffers: record: not a valid wcb.fbm.Record buffer"));
  }
  SECTION("tags_type and tags of different lengths") {
    const auto value = fbm::CreateIntScalar(builder, 5).Union();
    const auto types =
        builder.CreateVector(std::vector<std::uint8_t>{fbm::Scalar_IntScalar, fbm::Scalar_IntScalar});
    const auto values = builder.CreateVector(std::vector<flatbuffers::Offset<void>>{value});
    CHECK_THAT(decode_error(*codec, Kind::Record, record_with_tags(builder, types, values)),
               Catch::StartsWith("flatbuffers: record: not a valid wcb.fbm.Record buffer"));
  }
  SECTION("nested tables missing") {
    builder.Finish(fbm::CreateNestedMessage(builder, fbm::CreateLevel1(builder)));
    CHECK(decode_error(*codec, Kind::Nested, finished(builder)) ==
          "flatbuffers: nested: field value.level2 is missing");
    builder.Clear();
    builder.Finish(fbm::CreateNestedMessage(builder));
    CHECK(decode_error(*codec, Kind::Nested, finished(builder)) ==
          "flatbuffers: nested: field value is missing");
    builder.Clear();
    const auto level2 = fbm::CreateLevel2(builder, fbm::CreateLevel3(builder, true, 1));
    builder.Finish(fbm::CreateNestedMessage(builder, fbm::CreateLevel1(builder, level2)));
    CHECK(decode_error(*codec, Kind::Nested, finished(builder)) ==
          "flatbuffers: nested: field value.level2.level3.label is missing");
  }
  SECTION("small objects without their strings or sub-object") {
    builder.Finish(fbm::CreateObject1Message(builder, builder.CreateString("bar")));
    CHECK(decode_error(*codec, Kind::Object1, finished(builder)) ==
          "flatbuffers: object1: field thisIs is missing");
    builder.Clear();
    const auto foo = builder.CreateString("bar");
    const auto this_is = builder.CreateString("x");
    builder.Finish(fbm::CreateObject2Message(builder, foo, this_is, 1));
    CHECK(decode_error(*codec, Kind::Object2, finished(builder)) ==
          "flatbuffers: object2: field sub is missing");
    builder.Clear();
    const auto inner = fbm::CreateObject1Message(builder);
    const auto middle_foo = builder.CreateString("baz");
    const auto middle_this_is = builder.CreateString("y");
    const auto middle = fbm::CreateObject2Message(builder, middle_foo, middle_this_is, 2, inner);
    const auto outer_foo = builder.CreateString("bar");
    const auto outer_this_is = builder.CreateString("x");
    builder.Finish(fbm::CreateObject3Message(builder, outer_foo, outer_this_is, 1, middle));
    CHECK(decode_error(*codec, Kind::Object3, finished(builder)) ==
          "flatbuffers: object3: field sub.sub.foo is missing");
  }
  SECTION("string, array and binary without their values") {
    builder.Finish(fbm::CreateStringMessage(builder));
    CHECK(decode_error(*codec, Kind::String, finished(builder)) ==
          "flatbuffers: string: field value is missing");
    builder.Clear();
    builder.Finish(fbm::CreateArrayMessage(builder));
    CHECK(decode_error(*codec, Kind::Array, finished(builder)) ==
          "flatbuffers: array: field value is missing");
    builder.Clear();
    builder.Finish(fbm::CreateBinaryMessage(builder, builder.CreateString("x")));
    CHECK(decode_error(*codec, Kind::Binary, finished(builder)) ==
          "flatbuffers: binary: field data is missing");
  }
  SECTION("empty and garbage input") {
    CHECK(decode_error(*codec, Kind::Bool, Bytes{}) == "flatbuffers: bool: empty input");
    CHECK_THAT(decode_error(*codec, Kind::Bool, Bytes{1, 2, 3}),
               Catch::StartsWith("flatbuffers: bool: not a valid wcb.fbm.BoolMessage buffer"));
  }
}

TEST_CASE("messages bad input: flatbuffers truncated or bit-flipped records fail or decode, never crash",
          "[messages][bad input][flatbuffers]") {
  const auto codec = require_flatbuffers();
  for (const Message& message : msg::sample_messages()) {
    const Kind kind = msg::kind_of(message);
    CAPTURE(msg::kind_name(kind));
    const Bytes bytes = encode_ok(*codec, message);
    Message out;
    // A strict prefix loses data the root table points at, and the Verifier
    // rejects it, unless all it loses is trailing alignment padding.
    for (std::size_t size = 0; size < bytes.size(); ++size) {
      CAPTURE(size);
      const Status status = codec->decode(kind, std::span(bytes.data(), size), out);
      if (status) {
        CHECK(out == message);
      } else {
        CHECK_THAT(status.message(),
                   Catch::StartsWith("flatbuffers: " + std::string(msg::kind_name(kind)) + ": "));
      }
    }
    for (std::size_t bit = 0; bit < bytes.size() * 8; ++bit) {
      Bytes flipped = bytes;
      flipped[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      const Status status = codec->decode(kind, flipped, out);
      if (!status) CHECK_THAT(status.message(), Catch::StartsWith("flatbuffers: "));
      CHECK(out.index() == static_cast<std::size_t>(kind));
    }
    REQUIRE(codec->decode(kind, bytes, out).ok());
    CHECK(out == message);
  }
}
