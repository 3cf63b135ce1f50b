// The protobuf message codec writes the messages workload's records as
// proto/messages.proto defines them: checked against Debian's protoc (which
// encodes the same records from text format and decodes ours back), against
// the generated classes, and with bad input specific to the schema.
#include <google/protobuf/stubs/logging.h>

#include <catch2/catch.hpp>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <string>
#include <variant>

#include "messages.pb.h"
#include "test_support.h"
#include "workloads/messages/registry.h"

using wcb::Bytes;
using wcb::Status;
using wcb::messages::Kind;
using wcb::messages::Message;

namespace {

namespace msg = wcb::messages;

std::unique_ptr<msg::MessageCodec> require_protobuf() { return wcb::test::require_message_codec("protobuf"); }

Bytes encode_ok(msg::MessageCodec& codec, const Message& message) {
  return wcb::test::encode_message_ok(codec, message);
}

// The protobuf message type of each record, in Kind order.
constexpr const char* kTypeNames[] = {"BoolMessage",    "IntMessage",     "DoubleMessage", "StringMessage",
                                      "ArrayMessage",   "NestedMessage",  "Record",        "BinaryMessage",
                                      "Object1Message", "Object2Message", "Object3Message"};
static_assert(std::size(kTypeNames) == msg::kKindCount);
std::string type_of(Kind kind) { return kTypeNames[static_cast<std::size_t>(kind)]; }

// A text-format string literal: printable ASCII as is, every other byte as
// an octal escape, so any bytes (UTF-8 or binary) survive protoc's parser.
std::string text_literal(std::string_view bytes) {
  std::string text = "\"";
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte == '"' || byte == '\\') {
      text += '\\';
      text += c;
    } else if (byte >= 0x20 && byte < 0x7f) {
      text += c;
    } else {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\%03o", byte);
      text += escape;
    }
  }
  return text + "\"";
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// A small object (object1..3) in text format, its `sub` nested.
template <typename T>
std::string small_object_text(const T& m) {
  std::string text = "foo: " + text_literal(m.foo) + " this_is: " + text_literal(m.this_is) +
                     " another: " + std::to_string(m.another);
  if constexpr (requires { m.sub; }) text += " sub { " + small_object_text(m.sub) + " }";
  return text;
}

// The record in protobuf text format, written from the C++ value without
// the codec: what protoc --encode turns into the reference bytes.
std::string text_format(const Message& message) {
  struct Writer {
    std::string operator()(const msg::BoolMessage& m) const {
      return m.value ? "value: true" : "value: false";
    }
    std::string operator()(const msg::IntMessage& m) const { return "value: " + std::to_string(m.value); }
    std::string operator()(const msg::DoubleMessage& m) const { return "value: " + number(m.value); }
    std::string operator()(const msg::StringMessage& m) const { return "value: " + text_literal(m.value); }
    std::string operator()(const msg::ArrayMessage& m) const {
      std::string text;
      for (const std::int32_t value : m.value) text += "value: " + std::to_string(value) + "\n";
      return text;
    }
    std::string operator()(const msg::NestedMessage& m) const {
      const msg::Level3& level3 = m.value.level2.level3;
      return std::string("value { level2 { level3 { flag: ") + (level3.flag ? "true" : "false") +
             " count: " + std::to_string(level3.count) + " label: " + text_literal(level3.label) + " } } }";
    }
    std::string operator()(const msg::Record& m) const {
      const std::int64_t ms = m.created_at.time_since_epoch().count();
      const std::int64_t seconds = ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
      const std::int64_t nanos = (ms - seconds * 1000) * 1'000'000;
      std::string text = "id: " + std::to_string(m.id) + " active: " + (m.active ? "true" : "false") +
                         " score: " + number(m.score) + " balance: " + number(m.balance) +
                         " latitude: " + number(m.latitude) + " longitude: " + number(m.longitude) +
                         " created_at { seconds: " + std::to_string(seconds) +
                         " nanos: " + std::to_string(nanos) + " } name: " + text_literal(m.name) +
                         " description: " + text_literal(m.description);
      for (const msg::Scalar& tag : m.tags) {
        text += " tags { ";
        if (const bool* flag = std::get_if<bool>(&tag))
          text += std::string("flag: ") + (*flag ? "true" : "false");
        if (const std::int32_t* integer = std::get_if<std::int32_t>(&tag))
          text += "integer: " + std::to_string(*integer);
        if (const double* value = std::get_if<double>(&tag)) text += "number: " + number(*value);
        if (const std::string* value = std::get_if<std::string>(&tag))
          text += "text: " + text_literal(*value);
        text += " }";
      }
      return text;
    }
    std::string operator()(const msg::Object1Message& m) const { return small_object_text(m); }
    std::string operator()(const msg::Object2Message& m) const { return small_object_text(m); }
    std::string operator()(const msg::Object3Message& m) const { return small_object_text(m); }
    std::string operator()(const msg::BinaryMessage& m) const {
      return "name: " + text_literal(m.name) + " data: " +
             text_literal(std::string_view(reinterpret_cast<const char*>(m.data.data()), m.data.size()));
    }
  };
  return std::visit(Writer{}, message);
}

wcb::test::CommandResult protoc(const std::string& mode, Kind kind, const wcb::test::ScratchFile& input) {
  return wcb::test::run_command("'" WCB_PROTOC "' --proto_path='" WCB_SCHEMA_DIR "' --" + mode + "=wcb.msg." +
                                type_of(kind) + " '" WCB_SCHEMA_DIR "/messages.proto' < '" +
                                input.path().string() + "' 2>&1");
}

Status decode(msg::MessageCodec& codec, Kind kind, const Bytes& bytes, Message& out) {
  return codec.decode(kind, bytes, out);
}

// The codec's failure for `bytes` as `kind`; fails the test if it decodes.
std::string decode_error(msg::MessageCodec& codec, Kind kind, const Bytes& bytes) {
  Message out;
  const Status status = codec.decode(kind, bytes, out);
  CAPTURE(wcb::test::hex(bytes));
  REQUIRE_FALSE(status.ok());
  // The documented failure leaves an empty message of the kind.
  CHECK(out == msg::empty_message(kind));
  return status.message();
}

// protobuf logs every string with invalid UTF-8 it refuses to parse; the
// bad-input tests make many on purpose, so their log lines are dropped while
// a test runs (the failures are still checked through the codec's Status).
class QuietProtobufLog {
 public:
  QuietProtobufLog() : previous_(google::protobuf::SetLogHandler(nullptr)) {}
  ~QuietProtobufLog() { google::protobuf::SetLogHandler(previous_); }
  QuietProtobufLog(const QuietProtobufLog&) = delete;
  QuietProtobufLog& operator=(const QuietProtobufLog&) = delete;

 private:
  google::protobuf::LogHandler* previous_;
};

template <typename Proto>
Bytes serialized(const Proto& message) {
  const std::string text = message.SerializeAsString();
  return Bytes(text.begin(), text.end());
}

wcb::msg::Record sample_record_proto() {
  wcb::msg::Record record;
  REQUIRE(record.ParseFromString(
      wcb::test::text_of(encode_ok(*require_protobuf(), msg::sample_message(Kind::Record)))));
  return record;
}

}  // namespace

TEST_CASE("messages format: protobuf bytes equal protoc --encode of the same record",
          "[messages][format][protobuf]") {
  const auto codec = require_protobuf();
  for (const Message& message : msg::sample_messages()) {
    const Kind kind = msg::kind_of(message);
    CAPTURE(msg::kind_name(kind));
    const std::string text = text_format(message);
    const wcb::test::ScratchFile input(".txt");
    input.write(wcb::test::bytes_of(text));
    const auto result = protoc("encode", kind, input);
    INFO(text);
    REQUIRE(result.status == 0);
    CHECK(wcb::test::hex(encode_ok(*codec, message)) == wcb::test::hex(wcb::test::bytes_of(result.output)));
  }
}

TEST_CASE("messages format: protobuf bytes read back with protoc --decode", "[messages][format][protobuf]") {
  const auto codec = require_protobuf();
  struct Case {
    Kind kind;
    std::string expected;
  };
  const Case cases[] = {
      {Kind::Bool, "value: true\n"},
      {Kind::Int, "value: -123456789\n"},
      {Kind::Double, "value: 3.1415926535897931\n"},
      {Kind::String,
       "value: \"Gr\\303\\274\\303\\237e, \\344\\270\\226\\347\\225\\214! wasm \\342\\234\\223 "
       "\\360\\237\\232\\200\"\n"},
      {Kind::Array,
       "value: 1\nvalue: 2\nvalue: 3\nvalue: 5\nvalue: 8\nvalue: 13\nvalue: 21\nvalue: 34\nvalue: 55\nvalue: "
       "89\n"},
      {Kind::Nested,
       "value {\n  level2 {\n    level3 {\n      flag: true\n      count: 3\n      label: \"deep\"\n"
       "    }\n  }\n}\n"},
  };
  for (const Case& test : cases) {
    CAPTURE(msg::kind_name(test.kind));
    const wcb::test::ScratchFile input(".pb");
    input.write(encode_ok(*codec, msg::sample_message(test.kind)));
    const auto result = protoc("decode", test.kind, input);
    REQUIRE(result.status == 0);
    CHECK(result.output == test.expected);
  }

  // The record: its timestamp as {seconds, nanos} and the tags as the oneof
  // alternatives of their JS types.
  const wcb::test::ScratchFile input(".pb");
  input.write(encode_ok(*codec, msg::sample_message(Kind::Record)));
  const auto result = protoc("decode", Kind::Record, input);
  REQUIRE(result.status == 0);
  CHECK_THAT(result.output,
             Catch::StartsWith("id: 123456789\nactive: true\nscore: 0.30000000000000004\n"
                               "balance: -98765.4321\nlatitude: 52.5200081\nlongitude: 13.404954\n"
                               "created_at {\n  seconds: 1796042096\n  nanos: 789000000\n}\n"
                               "name: \"Ada Lovelace\"\ndescription: \"Augusta Ada King"));
  CHECK_THAT(result.output, Catch::EndsWith("tags {\n  integer: 1\n}\ntags {\n  text: \"two\"\n}\n"
                                            "tags {\n  number: 3.5\n}\ntags {\n  flag: false\n}\n"));
}

TEST_CASE("messages format: protobuf timestamps are google.protobuf.Timestamp's {seconds, nanos}",
          "[messages][format][protobuf]") {
  const auto codec = require_protobuf();
  struct Case {
    std::int64_t ms;
    std::int64_t seconds;
    std::int32_t nanos;
  };
  // Before the epoch, seconds round toward minus infinity and nanos stays
  // positive; the last is JS's largest Date.
  const Case cases[] = {{0, 0, 0},
                        {1, 0, 1'000'000},
                        {-1, -1, 999'000'000},
                        {-1000, -1, 0},
                        {-1001, -2, 999'000'000},
                        {1'796'042'096'789, 1'796'042'096, 789'000'000},
                        {-8'640'000'000'000'000, -8'640'000'000'000, 0}};
  for (const Case& test : cases) {
    CAPTURE(test.ms);
    msg::Record record = std::get<msg::Record>(msg::sample_message(Kind::Record));
    record.created_at = msg::Timestamp{std::chrono::milliseconds{test.ms}};
    const Bytes bytes = encode_ok(*codec, record);

    wcb::msg::Record parsed;
    REQUIRE(parsed.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())));
    REQUIRE(parsed.has_created_at());
    CHECK(parsed.created_at().seconds() == test.seconds);
    CHECK(parsed.created_at().nanos() == test.nanos);

    Message back;
    REQUIRE(decode(*codec, Kind::Record, bytes, back).ok());
    CHECK(back == Message(record));
  }
}

TEST_CASE("messages format: protobuf decode reads what other writers may write",
          "[messages][format][protobuf]") {
  const auto codec = require_protobuf();
  Message out;

  // An unpacked repeated int32 (proto2 writers, or packed=false) decodes
  // like the packed one.
  const Bytes unpacked = {0x08, 0x01, 0x08, 0x02, 0x08, 0x7f};
  REQUIRE(decode(*codec, Kind::Array, unpacked, out).ok());
  CHECK(out == Message(msg::ArrayMessage{{1, 2, 127}}));

  // Fields in reverse order, and unknown fields, as a newer schema would add.
  wcb::msg::BinaryMessage binary;
  binary.set_name("n");
  binary.set_data(std::string("\x00\xff", 2));
  const Bytes reversed = wcb::test::join({{0x12, 0x02, 0x00, 0xff, 0x0a, 0x01, 'n', 0x78, 0x05}});
  REQUIRE(decode(*codec, Kind::Binary, reversed, out).ok());
  CHECK(out == Message(msg::BinaryMessage{"n", {0x00, 0xff}}));
  // The unknown field stays out of the next encoding by the same codec
  // (one protobuf object per record serves both directions).
  CHECK(encode_ok(*codec, msg::BinaryMessage{"n", {0x00, 0xff}}) ==
        wcb::test::join({{0x0a, 0x01, 'n', 0x12, 0x02, 0x00, 0xff}}));

  // Zero scalars are left out in proto3: an empty BoolMessage is false.
  REQUIRE(decode(*codec, Kind::Bool, Bytes{}, out).ok());
  CHECK(out == Message(msg::BoolMessage{false}));
  CHECK(encode_ok(*codec, msg::BoolMessage{false}).empty());

  // A record written by the generated classes directly.
  wcb::msg::Record record = sample_record_proto();
  record.mutable_tags(0)->set_number(-0.0);
  REQUIRE(decode(*codec, Kind::Record, serialized(record), out).ok());
  const auto& tags = std::get<msg::Record>(out).tags;
  REQUIRE(std::holds_alternative<double>(tags[0]));
  CHECK(std::signbit(std::get<double>(tags[0])));
}

TEST_CASE("messages bad input: protobuf rejects what the schema forbids, naming the field",
          "[messages][bad input][protobuf]") {
  const auto codec = require_protobuf();
  const QuietProtobufLog quiet;

  SECTION("an unset Scalar oneof") {
    wcb::msg::Record record = sample_record_proto();
    record.mutable_tags(2)->clear_kind();
    CHECK(
        decode_error(*codec, Kind::Record, serialized(record)) ==
        "protobuf: record: field tags[2]: no value set in the Scalar oneof (flag, integer, number or text)");
  }
  SECTION("a Scalar holding only an unknown field") {
    wcb::msg::Record record = sample_record_proto();
    record.clear_tags();
    // tags { 5: 1 }: a field this schema's oneof does not have.
    const Bytes bytes = wcb::test::join({serialized(record), {0x52, 0x02, 0x28, 0x01}});
    CHECK_THAT(decode_error(*codec, Kind::Record, bytes),
               Catch::StartsWith("protobuf: record: field tags[0]: no value set in the Scalar oneof"));
  }
  SECTION("timestamps a JS Date cannot hold") {
    wcb::msg::Record record = sample_record_proto();
    record.mutable_created_at()->set_nanos(789'000'001);
    CHECK(decode_error(*codec, Kind::Record, serialized(record)) ==
          "protobuf: record: field created_at: nanos 789000001 is not whole milliseconds (a JS Date holds "
          "milliseconds)");
    record.mutable_created_at()->set_nanos(-1'000'000);
    CHECK(decode_error(*codec, Kind::Record, serialized(record)) ==
          "protobuf: record: field created_at: nanos -1000000 is outside [0, 1e9)");
    record.mutable_created_at()->set_nanos(1'000'000'000);
    CHECK_THAT(decode_error(*codec, Kind::Record, serialized(record)), Catch::Contains("outside [0, 1e9)"));
    record.mutable_created_at()->set_nanos(0);
    record.mutable_created_at()->set_seconds(INT64_MAX);
    CHECK_THAT(decode_error(*codec, Kind::Record, serialized(record)),
               Catch::Contains("record: field created_at: seconds 9223372036854775807 out of range"));
  }
  SECTION("missing submessages") {
    wcb::msg::Record record = sample_record_proto();
    record.clear_created_at();
    CHECK(decode_error(*codec, Kind::Record, serialized(record)) ==
          "protobuf: record: field created_at is missing");
    wcb::msg::NestedMessage nested;
    nested.mutable_value();
    CHECK(decode_error(*codec, Kind::Nested, serialized(nested)) ==
          "protobuf: nested: field value.level2 is missing");
    nested.mutable_value()->mutable_level2();
    CHECK(decode_error(*codec, Kind::Nested, serialized(nested)) ==
          "protobuf: nested: field value.level2.level3 is missing");
    CHECK(decode_error(*codec, Kind::Nested, Bytes{}) == "protobuf: nested: field value is missing");
    wcb::msg::Object3Message object3;
    object3.set_foo("bar");
    CHECK(decode_error(*codec, Kind::Object3, serialized(object3)) ==
          "protobuf: object3: field sub is missing");
    object3.mutable_sub()->set_foo("baz");
    CHECK(decode_error(*codec, Kind::Object3, serialized(object3)) ==
          "protobuf: object3: field sub.sub is missing");
    CHECK(decode_error(*codec, Kind::Object2, Bytes{}) == "protobuf: object2: field sub is missing");
  }
  SECTION("malformed bytes: truncated, a wrong length, invalid UTF-8") {
    const Bytes record = encode_ok(*codec, msg::sample_message(Kind::Record));
    CHECK_THAT(decode_error(*codec, Kind::Record, Bytes(record.begin(), record.end() - 1)),
               Catch::StartsWith("protobuf: record: malformed bytes (not a valid wcb.msg.Record"));
    CHECK_THAT(decode_error(*codec, Kind::String, Bytes{0x0a, 0x05, 'a'}),
               Catch::StartsWith("protobuf: string: malformed bytes"));
    CHECK_THAT(decode_error(*codec, Kind::String, Bytes{0x0a, 0x02, 0xc3, 0x28}),
               Catch::StartsWith("protobuf: string: malformed bytes"));
    CHECK_THAT(decode_error(*codec, Kind::Int,
                            Bytes{0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}),
               Catch::StartsWith("protobuf: int: malformed bytes"));
  }
  SECTION("every truncation and bit flip of every record: an error naming the codec, or a record") {
    for (const Message& message : msg::sample_messages()) {
      const Kind kind = msg::kind_of(message);
      CAPTURE(msg::kind_name(kind));
      const Bytes bytes = encode_ok(*codec, message);
      Message out;
      for (std::size_t size = 0; size < bytes.size(); ++size) {
        const Status status = codec->decode(kind, std::span(bytes.data(), size), out);
        if (!status) CHECK_THAT(status.message(), Catch::StartsWith("protobuf: "));
        CHECK(out.index() == static_cast<std::size_t>(kind));
      }
      for (std::size_t bit = 0; bit < bytes.size() * 8; ++bit) {
        Bytes flipped = bytes;
        flipped[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        const Status status = codec->decode(kind, flipped, out);
        if (!status) CHECK_THAT(status.message(), Catch::StartsWith("protobuf: "));
        CHECK(out.index() == static_cast<std::size_t>(kind));
      }
      // The codec still decodes its own bytes afterwards.
      REQUIRE(codec->decode(kind, bytes, out).ok());
      CHECK(out == message);
    }
  }
}

TEST_CASE("messages bad input: protobuf refuses to encode a string that is not UTF-8",
          "[messages][bad input][protobuf]") {
  const auto codec = require_protobuf();
  Bytes out{1, 2, 3};
  const Status status = codec->encode(msg::StringMessage{"caf\xe9"}, out);
  CHECK(status.message() == "protobuf: string: field value is not valid UTF-8 (protobuf strings must be)");
  CHECK(out.empty());
  msg::Record record = std::get<msg::Record>(msg::sample_message(Kind::Record));
  record.tags.emplace_back(std::string("\xed\xa0\x80"));  // a UTF-16 surrogate
  CHECK(codec->encode(record, out).message() ==
        "protobuf: record: field tags[] is not valid UTF-8 (protobuf strings must be)");
  // Four-byte characters and the highest code point are fine.
  CHECK(codec->encode(msg::StringMessage{"\xf0\x9f\x9a\x80 \xf4\x8f\xbf\xbf"}, out).ok());
}
