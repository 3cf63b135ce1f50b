// Every message codec gives back exactly the record it was given, writes the
// same bytes every time, and refuses bytes decoded as the wrong record
// cleanly.
#include <catch2/catch.hpp>
#include <limits>
#include <string>

#include "test_support.h"
#include "workloads/messages/registry.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Status;
using wcb::messages::Kind;
using wcb::messages::Message;
namespace msg = wcb::messages;

namespace {

constexpr std::int32_t kIntMin = std::numeric_limits<std::int32_t>::min();
constexpr std::int32_t kIntMax = std::numeric_limits<std::int32_t>::max();

msg::Timestamp at_ms(std::int64_t ms) { return msg::Timestamp{std::chrono::milliseconds{ms}}; }

msg::Record record_at(msg::Timestamp created_at) {
  msg::Record record = std::get<msg::Record>(msg::sample_message(Kind::Record));
  record.created_at = created_at;
  return record;
}

// Values at the edges of each field's type that every format carries. Not
// here: a double alternative of a mixed array holding an integer (JS cannot
// tell 4.0 from 4, so json and msgpack read it back as the int32 4), and
// NaN or infinities (JSON has none).
std::vector<Message> edge_messages() {
  using limits = std::numeric_limits<double>;
  std::vector<Message> messages = {
      msg::BoolMessage{false},
      msg::IntMessage{kIntMin},
      msg::IntMessage{kIntMax},
      msg::IntMessage{0},
      msg::DoubleMessage{limits::max()},
      msg::DoubleMessage{limits::denorm_min()},
      msg::DoubleMessage{-1e21},
      msg::DoubleMessage{1e-7},
      msg::DoubleMessage{0.1},
      msg::DoubleMessage{123456789012345680000.0},
      msg::DoubleMessage{4.0},
      msg::DoubleMessage{-2147483649.0},
      msg::StringMessage{""},
      msg::StringMessage{
          "\"\\/\b\f\n\r\t\x01\x1f\x7f \xe2\x80\xa8 \xe2\x80\xa9 \xf0\x9f\x9a\x80 \xef\xbf\xbf"},
      msg::ArrayMessage{{}},
      msg::ArrayMessage{{kIntMin, -129, -1, 0, 127, 128, 255, 256, 65535, 65536, kIntMax}},
      msg::NestedMessage{{{{false, kIntMin, ""}}}},
      msg::BinaryMessage{"", {}},
      msg::BinaryMessage{"one", {0}},
      msg::BinaryMessage{"two", {0xff, 0xfe}},
      msg::BinaryMessage{"three", {1, 2, 3}},
      msg::Object1Message{"", "", 0},
      msg::Object2Message{"", "\n", kIntMin, {"\xf0\x9f\x9a\x80", "", kIntMax}},
      msg::Object3Message{"a", "b", -1, {"", "", 0, {"", "\"", kIntMin}}},
  };
  msg::Record record = std::get<msg::Record>(msg::sample_message(Kind::Record));
  record.id = kIntMin;
  record.active = false;
  record.score = limits::min();
  record.balance = -limits::max();
  record.latitude = std::numeric_limits<float>::max();
  record.longitude = std::numeric_limits<float>::denorm_min();
  record.name = "";
  record.tags = {true, kIntMin, -1.5, std::string(""), 1e300, std::string("\n"), kIntMax, 2147483648.0};
  messages.emplace_back(record);
  record.tags.clear();
  messages.emplace_back(record);
  // Timestamps: the epoch, just before it, whole seconds, the first and
  // last millisecond of the years 0000-9999, and seconds past 2^34 (the
  // 96-bit msgpack form).
  for (const std::int64_t ms : {0LL, -1LL, 1000LL, -62'167'219'200'000LL, 253'402'300'799'999LL,
                                (1LL << 34) * 1000 + 5, 1'796'042'096'000LL}) {
    messages.emplace_back(record_at(at_ms(ms)));
  }
  return messages;
}

}  // namespace

TEST_CASE("messages round trip: every codec gives back every record exactly", "[messages][roundtrip]") {
  REQUIRE_FALSE(wcb::message_codec_registry().empty());
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      // One buffer and one message for every record, as a benchmark reuses
      // them: decoding must replace whatever they hold.
      Bytes bytes;
      Message decoded;
      for (const Message& sample : msg::sample_messages()) {
        const Kind kind = msg::kind_of(sample);
        CAPTURE(msg::kind_name(kind));
        const Status encoded = codec->encode(sample, bytes);
        INFO(encoded.message());
        REQUIRE(encoded.ok());
        REQUIRE_FALSE(bytes.empty());
        const Status status = codec->decode(kind, bytes, decoded);
        INFO(status.message());
        REQUIRE(status.ok());
        CHECK(decoded == sample);
        // Again into the message that now holds this record.
        REQUIRE(codec->decode(kind, bytes, decoded).ok());
        CHECK(decoded == sample);
      }
    }
  }
}

TEST_CASE("messages round trip: values at the edges of each type", "[messages][roundtrip]") {
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      for (const Message& message : edge_messages()) {
        CAPTURE(message);
        Bytes bytes;
        const Status encoded = codec->encode(message, bytes);
        INFO(encoded.message());
        REQUIRE(encoded.ok());
        Message decoded = msg::sample_message(msg::kind_of(message));  // stale content to replace
        const Status status = codec->decode(msg::kind_of(message), bytes, decoded);
        INFO(status.message());
        REQUIRE(status.ok());
        CHECK(decoded == message);
      }
    }
  }
}

TEST_CASE("messages round trip: encoding is deterministic", "[messages][roundtrip]") {
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      const auto other = entry.make();
      Bytes reused;
      for (const Message& sample : msg::sample_messages()) {
        CAPTURE(msg::kind_name(msg::kind_of(sample)));
        const Bytes first = wcb::test::encode_message_ok(*codec, sample);
        // The same codec with a buffer that held another record, and a
        // fresh codec object.
        REQUIRE(codec->encode(sample, reused).ok());
        CHECK(reused == first);
        CHECK(wcb::test::encode_message_ok(*other, sample) == first);
        // Encoding a copy (other addresses, same values) changes nothing.
        const Message copy = sample;
        CHECK(wcb::test::encode_message_ok(*codec, copy) == first);
      }
    }
  }
}

TEST_CASE("messages round trip: decoding as the wrong record fails cleanly or yields that record",
          "[messages][roundtrip]") {
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      const bool self_describing = entry.name == "json" || entry.name == "msgpack";
      for (const Message& sample : msg::sample_messages()) {
        const Bytes bytes = wcb::test::encode_message_ok(*codec, sample);
        for (std::size_t index = 0; index < msg::kKindCount; ++index) {
          const auto wrong = static_cast<Kind>(index);
          if (wrong == msg::kind_of(sample)) continue;
          CAPTURE(msg::kind_name(msg::kind_of(sample)), msg::kind_name(wrong));
          Message out = sample;
          const Status status = codec->decode(wrong, bytes, out);
          INFO(status.message());
          // Either way `out` holds a record of the kind asked for.
          CHECK(msg::kind_of(out) == wrong);
          if (status.ok()) {
            // Schema-less bytes can fit another schema; json and msgpack
            // check every key and type, so only an int32 read as a double
            // fits there.
            if (self_describing) {
              CHECK(msg::kind_of(sample) == Kind::Int);
              CHECK(wrong == Kind::Double);
              CHECK(out == Message(msg::DoubleMessage{-123456789.0}));
            }
            continue;
          }
          const std::string prefix =
              std::string(entry.name) + ": " + std::string(msg::kind_name(wrong)) + ": ";
          CHECK(status.message().rfind(prefix, 0) == 0);
          CHECK(out == msg::empty_message(wrong));
        }
      }
    }
  }
}

TEST_CASE("messages round trip: strings that are not UTF-8 are refused at encode", "[messages][roundtrip]") {
  for (const char* name : {"json", "msgpack"}) {
    const auto codec = wcb::make_message_codec(name);
    if (!codec) continue;
    CAPTURE(name);
    for (const char* bad : {"\xff", "a\xc0\xafz", "\xed\xa0\x80", "\xf4\x90\x80\x80", "caf\xc3"}) {
      CAPTURE(wcb::test::hex(wcb::test::bytes_of(bad)));
      Bytes bytes = {1, 2, 3};
      const Status status = codec->encode(msg::StringMessage{bad}, bytes);
      REQUIRE_FALSE(status.ok());
      CHECK(status.message() ==
            std::string(name) + ": string: field \"value\": a string that is not valid UTF-8");
      CHECK(bytes.empty());

      msg::Record record = std::get<msg::Record>(msg::sample_message(Kind::Record));
      record.tags.emplace_back(std::string(bad));
      const Status in_tags = codec->encode(record, bytes);
      REQUIRE_FALSE(in_tags.ok());
      CHECK(in_tags.message() ==
            std::string(name) + ": record: field \"tags[4]\": a string that is not valid UTF-8");
    }
  }
}

TEST_CASE("messages round trip: the registry lists the tuple codecs but raw, in the same order",
          "[messages][roundtrip]") {
  std::vector<std::string> expected;
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    if (entry.name != "raw") expected.emplace_back(entry.name);
  }
  CHECK(wcb::message_codec_names() == expected);
  for (const std::string& name : expected) {
    const auto codec = wcb::make_message_codec(name);
    REQUIRE(codec != nullptr);
    CHECK(codec->name() == name);
    CHECK(codec->library_version() == wcb::make_codec(name)->library_version());
  }
  CHECK(wcb::make_message_codec("raw") == nullptr);
  CHECK(wcb::make_message_codec("nope") == nullptr);
}
