// The json message codec writes exactly what JSON.stringify writes for the
// JS records of src/workloads/messages/records.mjs (Uint8Array as base64), and reads
// any JSON text of a record's shape.
//
// The expected texts were written by Node 20:
//   node --input-type=module -e "import { makeMessage } from './src/workloads/messages/records.mjs'; ..."
//   JSON.stringify(toJsonValue(makeMessage(name))), and JSON.stringify(number)
// so this test fails when the C++ and JS records (or their texts) diverge.
#include <catch2/catch.hpp>
#include <charconv>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

#include "test_support.h"
#include "workloads/messages/registry.h"

using wcb::Bytes;
using wcb::Status;
using wcb::messages::Kind;
using wcb::messages::Message;
namespace msg = wcb::messages;
using namespace std::string_literals;

namespace {

std::string text_of(const Message& message) {
  return wcb::test::text_of(wcb::test::encode_message_ok(*wcb::test::require_message_codec("json"), message));
}

Message decode_ok(Kind kind, std::string_view text) {
  Message out;
  const Status status =
      wcb::test::require_message_codec("json")->decode(kind, wcb::test::bytes_of(text), out);
  INFO(status.message());
  REQUIRE(status.ok());
  return out;
}

msg::Record record_at(std::int64_t ms) {
  msg::Record record = std::get<msg::Record>(msg::sample_message(Kind::Record));
  record.created_at = msg::Timestamp{std::chrono::milliseconds{ms}};
  return record;
}

}  // namespace

TEST_CASE("messages format: json text of every record is JSON.stringify's", "[messages][format][json]") {
  // JSON.stringify(toJsonValue(makeMessage(name))) for each name.
  const std::string_view expected[] = {
      R"({"value":true})",
      R"({"value":-123456789})",
      R"({"value":3.141592653589793})",
      R"({"value":"Grüße, 世界! wasm ✓ 🚀"})",
      R"({"value":[1,2,3,5,8,13,21,34,55,89]})",
      R"({"value":{"level2":{"level3":{"flag":true,"count":3,"label":"deep"}}}})",
      R"({"id":123456789,"active":true,"score":0.30000000000000004,"balance":-98765.4321,)"
      R"("latitude":52.5200080871582,"longitude":13.404953956604004,"createdAt":"2026-11-30T12:34:56.789Z",)"
      R"("name":"Ada Lovelace","description":"Augusta Ada King, Countess of Lovelace, wrote the first )"
      R"(published algorithm intended for a machine: notes on Babbage's Analytical Engine (1843). Ünïcödé )"
      R"(in the middle — “quotes”, tabs\tand\nnewlines — so escaping costs something, then plain ASCII to )"
      R"(the end of a text of about three hundred bytes.","tags":[1,"two",3.5,false]})",
      R"({"name":"blob-256","data":"CzBVep/E6Q4zWH2ix+wRNluApcrvFDleg6jN8hc8YYar0PUaP2SJrtP4HUJnjLHW+yBFao+)"
      R"(02f4jSG2St9wBJktwlbrfBClOc5i94gcsUXabwOUKL1R5nsPoDTJXfKHG6xA1Wn+kye4TOF2Cp8zxFjtgharP9Bk+Y4it0vccQ)"
      R"(WaLsNX6H0RpjrPY/SJHbJG22wAlSm+Uud4DKE1yl7zhBitQdZq/5AkuU3idwucMMVZ7oMXqDzRZfqPI7RI3XIGmy/AVOl+Eq)"
      R"(c7zGD1ih6zR9htAZYqv1PkeQ2iNstf8IUZrkLXa/yRJbpO43QInTHGWu+AFKk90mb7jCC1Sd5zB5g=="})",
      R"({"foo":"bar","thisIs":"a small object","another":1234})",
      R"({"foo":"bar","thisIs":"an object with a sub-object","another":1234,)"
      R"("sub":{"foo":"baz","thisIs":"the sub-object","another":5678}})",
      R"({"foo":"bar","thisIs":"an object two levels deep","another":1234,"sub":{"foo":"baz",)"
      R"("thisIs":"the first sub-object","another":5678,"sub":{"foo":"qux","thisIs":"the second sub-object",)"
      R"("another":9012}}})",
  };
  static_assert(std::size(expected) == msg::kKindCount);
  for (const Message& sample : msg::sample_messages()) {
    const Kind kind = msg::kind_of(sample);
    CAPTURE(msg::kind_name(kind));
    CHECK(text_of(sample) == expected[static_cast<std::size_t>(kind)]);
    CHECK(decode_ok(kind, expected[static_cast<std::size_t>(kind)]) == sample);
  }
}

TEST_CASE("messages format: json numbers are JS's Number::toString", "[messages][format][json]") {
  // value, JSON.stringify(value) in Node 20.
  struct Case {
    double value;
    const char* text;
  };
  const Case cases[] = {
      {0.1, "0.1"},
      {1e21, "1e+21"},
      {1e-7, "1e-7"},
      {1e-6, "0.000001"},
      {123456789012345680000.0, "123456789012345680000"},
      {5e-324, "5e-324"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {2.2250738585072014e-308, "2.2250738585072014e-308"},
      {0.30000000000000004, "0.30000000000000004"},
      {-98765.4321, "-98765.4321"},
      {100, "100"},
      {1.5e300, "1.5e+300"},
      {-1.1009999999999994, "-1.1009999999999993"},
      {4.35, "4.35"},
      {9007199254740993.0, "9007199254740992"},
      {0x1p52, "4503599627370496"},
      {0x1p53 + 2, "9007199254740994"},
      {0x1p-20, "9.5367431640625e-7"},
      {0x1p70, "1.1805916207174113e+21"},
      {1e15, "1000000000000000"},
      {1e16, "10000000000000000"},
      {123e-20, "1.23e-18"},
      {static_cast<float>(52.520008), "52.5200080871582"},
      {static_cast<float>(13.404954), "13.404953956604004"},
      {static_cast<float>(0.1), "0.10000000149011612"},
      {1.0 / 3, "0.3333333333333333"},
      {2.0 / 3, "0.6666666666666666"},
      {-0.000001234, "-0.000001234"},
      {5e-7, "5e-7"},
      {0.0, "0"},
      {-0.0, "0"},
  };
  for (const Case& test : cases) {
    CAPTURE(test.value);
    CHECK(text_of(msg::DoubleMessage{test.value}) == std::string(R"({"value":)") + test.text + "}");
  }
}

namespace {

// The shortest digits and decimal exponent of a number's text: "1.25e-7"
// and "0.000000125" both give {"125", -6} (0.125 x 10^-6).
std::pair<std::string, int> digits_of(std::string_view text) {
  if (text.starts_with('-')) text.remove_prefix(1);
  std::string digits;
  int point = -1;  // digits before the decimal point
  int exponent = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.') {
      point = static_cast<int>(digits.size());
    } else if (c == 'e' || c == 'E') {
      exponent = std::stoi(std::string(text.substr(i + 1)));
      break;
    } else {
      digits += c;
    }
  }
  if (point < 0) point = static_cast<int>(digits.size());
  // Leading zeros move the point; trailing zeros are not digits.
  std::size_t leading = 0;
  while (leading + 1 < digits.size() && digits[leading] == '0') ++leading;
  digits.erase(0, leading);
  point -= static_cast<int>(leading);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  return {digits, point + exponent};
}

}  // namespace

TEST_CASE("messages format: json numbers read back exactly, with JS's digits but for a few long ones",
          "[messages][format][json]") {
  // std::to_chars (native only) implements JS's rule: the fewest digits
  // that read back, the nearest of them. The codec prints nlohmann's Grisu2
  // digits (what nlohmann::json::dump prints), which always read back and
  // match that rule but for rare long values (one digit more than needed,
  // or the last one off by one).
  const auto codec = wcb::test::require_message_codec("json");
  std::mt19937_64 random(42);
  std::vector<double> values;
  for (int i = 0; i < 20000; ++i) {
    double value;
    const std::uint64_t bits = random();
    std::memcpy(&value, &bits, sizeof value);
    if (std::isfinite(value)) values.push_back(value);
  }
  // Every power of two: the gap below is half the gap above.
  for (int exponent = -1074; exponent <= 1023; ++exponent) values.push_back(std::ldexp(1.0, exponent));
  // Short decimals and floats widened to double.
  for (int i = 1; i < 3000; ++i) {
    values.push_back(i / 1000.0);
    values.push_back(static_cast<float>(i / 1000.0));
  }
  Bytes bytes;
  std::size_t differing = 0;
  for (const double value : values) {
    REQUIRE(codec->encode(msg::DoubleMessage{value}, bytes).ok());
    std::string text = wcb::test::text_of(bytes);
    text = text.substr(9, text.size() - 10);  // {"value":...}
    CHECK(std::strtod(text.c_str(), nullptr) == value);
    char reference[64];
    const auto end =
        std::to_chars(reference, reference + sizeof reference, value, std::chars_format::scientific).ptr;
    const auto expected = digits_of(std::string_view(reference, end - reference));
    if (digits_of(text) != expected) {
      ++differing;
      CAPTURE(value, text, std::string(reference, end));
      // Only where JS needs 15 or more digits: short numbers always match.
      CHECK(digits_of(text).first.size() >= 16);
      CHECK(expected.first.size() >= 15);
    }
  }
  // Measured: 41 of the ~28,000 values.
  CHECK(differing * 200 < values.size());
}

TEST_CASE("messages format: json strings are escaped as JSON.stringify escapes them",
          "[messages][format][json]") {
  // JSON.stringify("\"\\/\b\f\n\r\t\x01\x1f\x7f\u2028\u2029🚀\u0000\u000b")
  const std::string text = "\"\\/\b\f\n\r\t\x01\x1f\x7f\u2028\u2029🚀\0\x0b"s;
  CHECK(text_of(msg::StringMessage{text}) == R"({"value":"\"\\/\b\f\n\r\t\u0001\u001f)"
                                             "\x7f\u2028\u2029🚀"
                                             R"(\u0000\u000b"})");
  // And they read back: every escape JSON allows, \u escapes of any case and
  // surrogate pairs included.
  CHECK(decode_ok(Kind::String, R"({"value":"\"\\\/\b\f\n\r\t\u0001\u001F\u00e9\uD83D\uDE80"})") ==
        Message(msg::StringMessage{"\"\\/\b\f\n\r\t\x01\x1f\u00e9🚀"}));
}

TEST_CASE("messages format: json timestamps are Date.toJSON's text", "[messages][format][json]") {
  // new Date(ms).toJSON()
  const std::pair<std::int64_t, const char*> cases[] = {
      {0, "1970-01-01T00:00:00.000Z"},
      {-1, "1969-12-31T23:59:59.999Z"},
      {1000, "1970-01-01T00:00:01.000Z"},
      {-62'167'219'200'000, "0000-01-01T00:00:00.000Z"},
      {253'402'300'799'999, "9999-12-31T23:59:59.999Z"},
      {951'782'400'000, "2000-02-29T00:00:00.000Z"},
      {1'796'042'096'789, "2026-11-30T12:34:56.789Z"},
  };
  for (const auto& [ms, expected] : cases) {
    CAPTURE(ms);
    const std::string text = text_of(record_at(ms));
    CHECK(text.find(std::string(R"("createdAt":")") + expected + '"') != std::string::npos);
    CHECK(decode_ok(Kind::Record, text) == Message(record_at(ms)));
  }
}

TEST_CASE("messages format: json refuses years outside 0000-9999 at encode", "[messages][format][json]") {
  const auto codec = wcb::test::require_message_codec("json");
  for (const std::int64_t ms : {-62'167'219'200'001LL, 253'402'300'800'000LL, 8'640'000'000'000'000LL}) {
    CAPTURE(ms);
    Bytes bytes = {1};
    const Status status = codec->encode(record_at(ms), bytes);
    REQUIRE_FALSE(status.ok());
    CHECK(status.message() == "json: record: field \"createdAt\": timestamp " + std::to_string(ms) +
                                  " ms is outside the years 0000-9999 that this codec writes");
    CHECK(bytes.empty());
  }
}

TEST_CASE("messages format: json refuses NaN and infinities at encode", "[messages][format][json]") {
  const auto codec = wcb::test::require_message_codec("json");
  Bytes bytes;
  const Status status = codec->encode(msg::DoubleMessage{std::nan("")}, bytes);
  CHECK(status.message() == "json: double: field \"value\": NaN or infinity, which JSON cannot carry");
  msg::Record record = record_at(0);
  record.latitude = std::numeric_limits<float>::infinity();
  CHECK(codec->encode(record, bytes).message() ==
        "json: record: field \"latitude\": NaN or infinity, which JSON cannot carry");
  record = record_at(0);
  record.tags.emplace_back(-std::numeric_limits<double>::infinity());
  CHECK(codec->encode(record, bytes).message() ==
        "json: record: field \"tags[4]\": NaN or infinity, which JSON cannot carry");
}

TEST_CASE("messages format: json base64 is RFC 4648 with padding", "[messages][format][json]") {
  // Buffer.from(bytes).toString("base64") for bytes i * 91 + 250 (mod 256).
  const char* expected[] = {"", "+g==", "+lU=", "+lWw", "+lWwCw==", "+lWwC2Y="};
  for (std::size_t length = 0; length < std::size(expected); ++length) {
    CAPTURE(length);
    msg::BinaryMessage message{"b", {}};
    for (std::size_t i = 0; i < length; ++i) message.data.push_back(static_cast<std::uint8_t>(i * 91 + 250));
    const std::string text = R"({"name":"b","data":")" + std::string(expected[length]) + R"("})";
    CHECK(text_of(message) == text);
    CHECK(decode_ok(Kind::Binary, text) == Message(message));
  }
}

TEST_CASE("messages format: json decode accepts any JSON text of a record's shape",
          "[messages][format][json]") {
  msg::NestedMessage nested{{{{true, 3, "deep"}}}};
  CHECK(decode_ok(Kind::Nested,
                  " {\n \"value\" : { \"level2\": "
                  "{\"level3\":{\"label\":\"deep\",\t\"count\":3.0,\"flag\":true}}}}\r\n") ==
        Message(nested));
  // Integral values for ints in any notation (JSON.parse reads them all as
  // the same number), numbers of any notation for doubles and floats.
  CHECK(decode_ok(Kind::Int, R"({"value":-1.23456789e8})") == Message(msg::IntMessage{-123456789}));
  CHECK(decode_ok(Kind::Double, R"({"value":5})") == Message(msg::DoubleMessage{5.0}));
  CHECK(decode_ok(Kind::Array, R"({"value":[1E1,-0,2147483647]})") ==
        Message(msg::ArrayMessage{{10, 0, 2147483647}}));
  // A mixed array element is an int32 when integral in range, else a double.
  msg::Record record = record_at(0);
  record.tags = {std::int32_t{4}, 4.5, 2147483648.0, std::int32_t{-2}, true, std::string("x")};
  std::string text = text_of(record_at(0));
  text.replace(text.find(R"("tags":[1,"two",3.5,false])"), 26,
               R"("tags":[4.0,4.5,2147483648,-2e0,true,"x"])");
  CHECK(decode_ok(Kind::Record, text) == Message(record));
  // Reordered keys of the record.
  CHECK(decode_ok(Kind::Binary, R"({"data":"AAE=","name":"n"})") == Message(msg::BinaryMessage{"n", {0, 1}}));
}
