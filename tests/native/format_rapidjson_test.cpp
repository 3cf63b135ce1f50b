// The rapidjson codec writes the text JSON.stringify({ items }) writes (the
// same bytes as the json codec for the dataset), reads any JSON text of that
// shape with every double exact, and says what is wrong with bad text. Its
// message and document adapters write the json codec's bytes too.
#include <rapidjson/rapidjson.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "test_support.h"
#include "workloads/documents/registry.h"
#include "workloads/messages/registry.h"
#include "workloads/tuples/dataset.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Item;
using wcb::Items;
using wcb::Status;
using wcb::documents::Document;

namespace {

std::string encode_text(wcb::Codec& codec, std::span<const Item> items) {
  return wcb::test::text_of(wcb::test::encode_ok(codec, items));
}

// Decodes one payload whose items' y are `numbers` and checks that each
// reads as strtod reads it.
void check_reads_as_strtod(wcb::Codec& codec, const std::vector<std::string>& numbers) {
  std::string text = R"({"items":[)";
  Items expected;
  for (const std::string& number : numbers) {
    if (!expected.empty()) text += ',';
    text += R"({"x":0,"y":)" + number + R"(,"z":0})";
    expected.emplace_back(0, std::strtod(number.c_str(), nullptr), 0.0);
  }
  text += "]}";
  Items out;
  const Status status = codec.decode(wcb::test::bytes_of(text), out);
  INFO(status.message());
  REQUIRE(status.ok());
  const std::size_t difference = wcb::test::first_difference(out, expected);
  CAPTURE(difference);
  CHECK(difference == static_cast<std::size_t>(-1));
}

std::string decode_error(wcb::Codec& codec, std::string_view text) {
  Items out{Item(1, 2, 3)};
  const Status status = codec.decode(wcb::test::bytes_of(text), out);
  CHECK_FALSE(status.ok());
  CHECK(out.empty());
  return status.message();
}

}  // namespace

TEST_CASE("format: rapidjson library version", "[format][rapidjson]") {
  CHECK(wcb::test::require_codec("rapidjson")->library_version() == "rapidjson " RAPIDJSON_VERSION_STRING);
}

TEST_CASE("format: rapidjson text is what JSON.stringify writes", "[format][rapidjson]") {
  const auto codec = wcb::test::require_codec("rapidjson");
  CHECK(encode_text(*codec, {}) == R"({"items":[]})");
  CHECK(encode_text(*codec, Items{Item(-7, 0.1, -1e21), Item(2, 4.1040000000000004, 123.456)}) ==
        R"({"items":[{"x":-7,"y":0.1,"z":-1e+21},{"x":2,"y":4.104,"z":123.456}]})");
  CHECK(encode_text(*codec, Items{wcb::test::dataset_items(4).back()}) ==
        R"({"items":[{"x":4,"y":6.473133333333333,"z":0.36703333333333354}]})");
  // JSON.stringify of each (Node 20): integral doubles without ".0", JS's
  // exponent forms, integers up to 1e21 written out.
  struct Case {
    double value;
    const char* text;
  };
  const Case cases[] = {
      {5.0, "5"},
      {-128.0, "-128"},
      {1e-7, "1e-7"},
      {1.5e-10, "1.5e-10"},
      {0.000001, "0.000001"},
      {1e21, "1e+21"},
      {1.2345678901234568e20, "123456789012345680000"},
      {1152921504606846976.0, "1152921504606847000"},
      {9007199254740992.0, "9007199254740992"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {-2.5e300, "-2.5e+300"},
      {5e-324, "5e-324"},
      {2.2250738585072014e-308, "2.2250738585072014e-308"},
      {0.0, "0"},
  };
  for (const Case& test : cases) {
    CAPTURE(test.text);
    CHECK(encode_text(*codec, Items{Item(0, test.value, 1.5)}) ==
          std::string(R"({"items":[{"x":0,"y":)") + test.text + R"(,"z":1.5}]})");
  }
  // -0 keeps its sign as the json codec's tuples keep it (JSON.stringify
  // writes 0).
  CHECK(encode_text(*codec, Items{Item(0, -0.0, 1.5)}) == R"({"items":[{"x":0,"y":-0.0,"z":1.5}]})");
}

TEST_CASE("format: rapidjson writes the json codec's bytes at every growth step up to 1 MiB",
          "[format][rapidjson]") {
  const auto codec = wcb::test::require_codec("rapidjson");
  const auto json = wcb::make_codec("json");
  wcb::TupleDataset dataset;
  Bytes bytes, json_bytes;
  while (dataset.step().json_bytes <= wcb::test::kMiB) {
    const wcb::GrowthStep step = dataset.step();
    CAPTURE(step.index, step.count);
    REQUIRE(codec->encode(dataset.items(), bytes).ok());
    CHECK(bytes.size() == step.json_bytes);
    if (json) {
      REQUIRE(json->encode(dataset.items(), json_bytes).ok());
      // The first difference, not the megabyte-long texts.
      const auto [at, json_at] =
          std::mismatch(bytes.begin(), bytes.end(), json_bytes.begin(), json_bytes.end());
      const std::size_t offset = static_cast<std::size_t>(at - bytes.begin());
      const std::size_t from = offset > 40 ? offset - 40 : 0;
      CAPTURE(offset, wcb::test::text_of(
                          std::span(bytes).subspan(from, std::min<std::size_t>(80, bytes.size() - from))));
      CHECK((at == bytes.end() && json_at == json_bytes.end()));
    }
    dataset.grow();
  }
}

TEST_CASE("format: rapidjson refuses NaN and Infinity, naming the item", "[format][rapidjson]") {
  const auto codec = wcb::test::require_codec("rapidjson");
  for (const double bad :
       {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    Bytes bytes{1, 2, 3};
    const Status y_status = codec->encode(Items{Item(1, 1.5, 2.5), Item(2, bad, 1)}, bytes);
    CHECK(y_status.message() == "rapidjson: item 1 has a NaN or infinite value, which JSON cannot carry");
    CHECK(bytes.empty());
    const Status z_status = codec->encode(Items{Item(2, 1, -bad)}, bytes);
    CHECK(z_status.message() == "rapidjson: item 0 has a NaN or infinite value, which JSON cannot carry");
  }
}

TEST_CASE("format: rapidjson decode accepts any JSON text of the payload's shape", "[format][rapidjson]") {
  const auto codec = wcb::test::require_codec("rapidjson");
  struct Case {
    const char* what;
    std::string text;
    Items expected;
  };
  const Case cases[] = {
      {"whitespace and another key order",
       " {\n \"items\" : [ { \"z\" : 3 ,\"x\":-7,\t\"y\": 1E2 } ]\r\n} ",
       {Item(-7, 100.0, 3.0)}},
      {"integers for y and z", R"({"items":[{"x":0,"y":5,"z":-12}]})", {Item(0, 5.0, -12.0)}},
      {"JS exponent forms",
       R"({"items":[{"x":1,"y":1e+21,"z":1e-7},{"x":2,"y":5e-324,"z":1.7976931348623157e+308}]})",
       {Item(1, 1e21, 1e-7), Item(2, 5e-324, 1.7976931348623157e308)}},
      {"int32 limits",
       R"({"items":[{"x":2147483647,"y":0,"z":0},{"x":-2147483648,"y":-0.0,"z":0.0}]})",
       {Item(2147483647, 0.0, 0.0), Item(-2147483647 - 1, -0.0, 0.0)}},
      {"y and z beyond int64 written as integers",
       R"({"items":[{"x":1,"y":18446744073709551616,"z":-9223372036854775809}]})",
       {Item(1, 18446744073709551616.0, -9223372036854775809.0)}},
      {"more digits than a double holds",
       R"({"items":[{"x":1,"y":0.10000000000000000555111,"z":2.0000000000000000000001}]})",
       {Item(1, 0.1, 2.0)}},
      {"an empty list", R"({"items":[]})", {}},
      // RapidJSON 1.1.0 reads these as arbitrary doubles (9.598e-240 for
      // 0e-30); json_reader.h's CheckedNumbers mends them (found by fuzzing).
      // RapidJSON 1.1.0 reads these wrongly or not at all; json_reader.h's
      // ExactNumbers reads them instead (found by fuzzing).
      {"25 or more digits and small exponents",
       R"({"items":[{"x":1,"y":0.123456789012345678901234567e-340,"z":0.00000000000000000001234e-320}]})",
       {Item(1, 0.0, 0.0)}},
      {"a run of 400 zeros",
       R"({"items":[{"x":1,"y":0.)" + std::string(400, '0') + R"(1e401,"z":2}]})",
       {Item(1, 1.0, 2.0)}},
      {"zeros with exponents and long zero fractions",
       R"({"items":[{"x":1,"y":0e-30,"z":-0.000e-100},{"x":2,"y":0e40,"z":-0.00000000000000000000000}]})",
       {Item(1, 0.0, -0.0), Item(2, 0.0, -0.0)}},
  };
  for (const Case& test : cases) {
    CAPTURE(test.what);
    Items out{Item(9, 9, 9)};
    const Status status = codec->decode(wcb::test::bytes_of(test.text), out);
    INFO(status.message());
    REQUIRE(status.ok());
    CHECK(wcb::test::same_items(out, test.expected));
  }
}

TEST_CASE("format: rapidjson reads every double as strtod does (kParseFullPrecisionFlag)",
          "[format][rapidjson]") {
  const auto codec = wcb::test::require_codec("rapidjson");
  std::mt19937_64 random(42);
  std::vector<std::string> numbers;
  const char* formats[] = {"%.17g", "%.16g", "%.15g", "%.6e", "%.19g", "%.20g"};
  for (int i = 0; i < 60000; ++i) {
    double value;
    const std::uint64_t bits = random();
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value)) continue;
    char number[64];
    std::snprintf(number, sizeof number, formats[i % 6], value);
    if (std::strchr(number, 'e') && std::abs(std::atoi(std::strchr(number, 'e') + 1)) > 300) continue;
    numbers.emplace_back(number);
  }
  check_reads_as_strtod(*codec, numbers);
}

TEST_CASE("format: rapidjson reads numbers of 21 to 60 digits as strtod does", "[format][rapidjson]") {
  const auto codec = wcb::test::require_codec("rapidjson");
  std::mt19937_64 random(29);
  // Up to 24 digits and exponents within 250 RapidJSON reads itself; an
  // input holding 25 digits in a row is read by json_reader.h's ExactNumbers.
  for (const int most_digits : {24, 60}) {
    CAPTURE(most_digits);
    std::vector<std::string> numbers;
    for (int i = 0; i < 20000; ++i) {
      const int digits = 21 + static_cast<int>(random() % static_cast<std::uint64_t>(most_digits - 20));
      std::string number = random() % 2 ? "-" : "";
      number += static_cast<char>('1' + random() % 9);
      for (int d = 1; d < digits; ++d) number += static_cast<char>('0' + random() % 10);
      const std::size_t point = 1 + random() % static_cast<std::uint64_t>(digits);
      if (point < static_cast<std::size_t>(digits)) number.insert(number.size() - (digits - point), ".");
      if (random() % 2) number += "e" + std::to_string(static_cast<int>(random() % 500) - 250 - digits);
      numbers.push_back(number);
    }
    check_reads_as_strtod(*codec, numbers);
  }
}

TEST_CASE("format: rapidjson says what is wrong with bad text, naming the codec", "[format][rapidjson]") {
  const auto codec = wcb::test::require_codec("rapidjson");
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"", "rapidjson: The document is empty. at byte 0 of the input"},
      {R"({"items":[]} x)",
       "rapidjson: 'x' at byte 13 of the input, where only whitespace may follow the value"},
      {R"([1])", "rapidjson: an array at the top level, expected an object {\"items\": [...]}"},
      {R"({"items":{}})", "rapidjson: \"items\" holds an object, expected an array"},
      {R"({"other":[]})", "rapidjson: unexpected key \"other\" at the top level, expected \"items\""},
      {R"({})", "rapidjson: the top-level object has no \"items\" array"},
      {R"({"items":[{"x":1,"y":2}]})", "rapidjson: item 0 lacks z; every item needs x, y and z"},
      {R"({"items":[{"x":1.5,"y":2,"z":3}]})", "rapidjson: x must be an integer, got 1.5"},
      {R"({"items":[{"x":2147483648,"y":2,"z":3}]})", "rapidjson: x = 2147483648 is outside the int32 range"},
      {R"({"items":[{"x":-9999999999,"y":2,"z":3}]})",
       "rapidjson: x = -9999999999 is outside the int32 range"},
      {R"({"items":[{"x":1,"y":"2","z":3}]})", "rapidjson: y of item 0 is a string, expected a number"},
      {R"({"items":[{"x":1,"y":[],"z":3}]})", "rapidjson: y of item 0 is an array, expected a number"},
      {R"({"items":[null]})", "rapidjson: item 0 is null, expected an object"},
      {R"({"items":[{"x":1,"y":1e400,"z":3}]})",
       "rapidjson: a number beyond the range of a float64 at byte 21 of the input"},
      {R"({"items":[{"x":1,"y":NaN,"z":3}]})", "rapidjson: Invalid value. at byte 21 of the input"},
      {R"({"items":[{"x":1,"y":2.7976931332648157e+308,"z":3}]})",
       "rapidjson: a number beyond the range of a float64 at byte 21 of the input"},
      {R"({"items":[{"x":1,"y":12.345678901234567890123e308,"z":3}]})",
       "rapidjson: a number beyond the range of a float64 at byte 21 of the input"},
      {R"({"items":[{"x":1,"y":9e308,"z":3}]})",
       "rapidjson: a number beyond the range of a float64 at byte 21 of the input"},
      {R"({"items":[{"x":1,"y":-1.8e+0308,"z":3}]})",
       "rapidjson: a number beyond the range of a float64 at byte 21 of the input"},
      {R"({"items":[{"x":1,"y":2,"z":3},]})", "rapidjson: Invalid value. at byte 30 of the input"},
      {R"({"items":[{"x":1,"y":2,"z":3})",
       "rapidjson: Missing a comma or ']' after an array element. at byte 29 of the input"},
  };
  for (const Case& test : cases) {
    CAPTURE(test.text);
    CHECK(decode_error(*codec, test.text) == test.message);
  }
  // A NUL byte after the value (the reader's stream reads its end as NUL).
  std::string with_nul = R"({"items":[]})";
  with_nul += '\0';
  with_nul += "garbage";
  CHECK(decode_error(*codec, with_nul) ==
        "rapidjson: a NUL byte at byte 12 of the input, where only whitespace may follow the value");
}

TEST_CASE("format: rapidjson messages are the json codec's bytes", "[format][rapidjson][messages]") {
  const auto codec = wcb::test::require_message_codec("rapidjson");
  const auto json = wcb::make_message_codec("json");
  for (const wcb::messages::Message& sample : wcb::messages::sample_messages()) {
    const auto kind = wcb::messages::kind_of(sample);
    CAPTURE(wcb::messages::kind_name(kind));
    const Bytes bytes = wcb::test::encode_message_ok(*codec, sample);
    if (json)
      CHECK(wcb::test::text_of(bytes) == wcb::test::text_of(wcb::test::encode_message_ok(*json, sample)));
    wcb::messages::Message decoded;
    const Status status = codec->decode(kind, bytes, decoded);
    INFO(status.message());
    REQUIRE(status.ok());
    CHECK(decoded == sample);
  }
}

TEST_CASE("format: rapidjson documents are JSON.stringify's text", "[format][rapidjson][documents]") {
  const auto codec = wcb::make_document_codec("rapidjson");
  REQUIRE(codec);
  Document document = Document::parse(R"({"a": [1, 2.5, "é\n", null, true, 1e300, -1e-7, 123456789012]})");
  document["s"] = std::string("tab\t, unit separator \x1f, quote \", backslash \\");
  Bytes bytes;
  const Status status = codec->encode(document, bytes);
  INFO(status.message());
  REQUIRE(status.ok());
  // JSON.stringify of the same value (Node 20).
  CHECK(
      wcb::test::text_of(bytes) ==
      R"({"a":[1,2.5,"é\n",null,true,1e+300,-1e-7,123456789012],"s":"tab\t, unit separator \u001f, quote \", backslash \\"})");
  Document decoded;
  REQUIRE(codec->decode(bytes, decoded).ok());
  CHECK(wcb::documents::same_document(decoded, document));

  const Document nan_inside = Document::parse(R"({"a": [1, {"b": 0}]})");
  Document bad = nan_inside;
  bad["a"][1]["b"] = std::nan("");
  const Status refused = codec->encode(bad, bytes);
  CHECK(refused.message() == "rapidjson: JSON has no NaN or Infinity: $.a[1].b");
}
