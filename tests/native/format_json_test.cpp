// The json codec writes the text JSON.stringify({ items }) writes, and reads
// any JSON text of that shape.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "test_support.h"
#include "workloads/tuples/dataset.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Item;
using wcb::Items;
using wcb::Status;

namespace {

std::string encode_text(wcb::Codec& codec, std::span<const Item> items) {
  return wcb::test::text_of(wcb::test::encode_ok(codec, items));
}

}  // namespace

TEST_CASE("format: json library version comes from nlohmann's macros", "[format][json]") {
  CHECK(wcb::test::require_codec("json")->library_version() ==
        "nlohmann_json " + std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
            std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_PATCH));
}

TEST_CASE("format: json text is what JSON.stringify writes", "[format][json]") {
  const auto codec = wcb::test::require_codec("json");
  CHECK(encode_text(*codec, {}) == R"({"items":[]})");
  CHECK(encode_text(*codec, Items{Item(-7, 0.1, -1e21), Item(2, 4.1040000000000004, 123.456)}) ==
        R"({"items":[{"x":-7,"y":0.1,"z":-1e+21},{"x":2,"y":4.104,"z":123.456}]})");
  CHECK(encode_text(*codec, Items{wcb::test::dataset_items(4).back()}) ==
        R"({"items":[{"x":4,"y":6.473133333333333,"z":0.36703333333333354}]})");
}

TEST_CASE("format: json differs from JS's number text in two known ways, never in value", "[format][json]") {
  const auto codec = wcb::test::require_codec("json");
  SECTION("a 17th digit") {
    // nlohmann prints with Grisu2, which finds a shortest text that reads
    // back to the same double but, when two such texts exist, not always the
    // one nearest to it as JS does. 1.1009999999999994 (the first seed row)
    // is one: JS prints ...94, nlohmann ...93. Same length, same bits.
    const double value = 1.1009999999999994;
    const std::string js_text = R"({"items":[{"x":1,"y":0.5,"z":1.1009999999999994}]})";
    const std::string text = encode_text(*codec, Items{Item(1, 0.5, value)});
    CHECK(text.size() == js_text.size());
    const auto parsed = nlohmann::json::parse(text);
    CHECK(wcb::test::bits_of(parsed["items"][0]["z"].get<double>()) == wcb::test::bits_of(value));
  }
  SECTION("integral doubles and exponents") {
    // JS prints 5 and 1e-7; nlohmann keeps a ".0" on integral doubles and
    // pads exponents to two digits. The dataset never holds such values
    // (its sizes match JSON.stringify's exactly, see below).
    CHECK(encode_text(*codec, Items{Item(1, 5.0, 1e-7)}) == R"({"items":[{"x":1,"y":5.0,"z":1e-07}]})");
  }
}

TEST_CASE("format: json text has JSON.stringify's length at every growth step up to 1 MiB",
          "[format][json]") {
  // The dataset's doubles lie in [1e-4, 1e15) and are never integral, where
  // nlohmann and JS print the same shortest digits in the same notation, so
  // the size on the chart's x axis is exactly this codec's output size.
  const auto codec = wcb::test::require_codec("json");
  wcb::TupleDataset dataset;
  Bytes bytes;
  while (dataset.step().json_bytes <= wcb::test::kMiB) {
    const wcb::GrowthStep step = dataset.step();
    CAPTURE(step.index, step.count);
    REQUIRE(codec->encode(dataset.items(), bytes).ok());
    CHECK(bytes.size() == step.json_bytes);
    dataset.grow();
  }
}

TEST_CASE("format: json text parses as a JSON document of the right shape", "[format][json]") {
  const auto codec = wcb::test::require_codec("json");
  const Items items = wcb::test::dataset_items(500);
  const auto document = nlohmann::json::parse(encode_text(*codec, items));
  REQUIRE(document.is_object());
  REQUIRE(document.size() == 1);
  const auto& list = document.at("items");
  REQUIRE(list.is_array());
  REQUIRE(list.size() == items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    CAPTURE(i);
    const auto& item = list[i];
    REQUIRE(item.size() == 3);
    REQUIRE(item.at("x").is_number_integer());
    REQUIRE(item.at("y").is_number_float());
    REQUIRE(item.at("z").is_number_float());
    CHECK(wcb::same_bits(
        Item(item["x"].get<std::int32_t>(), item["y"].get<double>(), item["z"].get<double>()), items[i]));
  }
}

TEST_CASE("format: json decode accepts any JSON text of the payload's shape", "[format][json]") {
  const auto codec = wcb::test::require_codec("json");
  struct Case {
    const char* what;
    const char* text;
    Items expected;
  };
  const Case cases[] = {
      {"whitespace and another key order",
       " {\n \"items\" : [ { \"z\" : 3 ,\"x\":-7,\t\"y\": 1E2 } ]\r\n} ",
       {Item(-7, 100.0, 3.0)}},
      {"integers for y and z (JSON.stringify of integral doubles)",
       R"({"items":[{"x":0,"y":5,"z":-12}]})",
       {Item(0, 5.0, -12.0)}},
      {"JS exponent forms",
       R"({"items":[{"x":1,"y":1e+21,"z":1e-7},{"x":2,"y":5e-324,"z":1.7976931348623157e+308}]})",
       {Item(1, 1e21, 1e-7), Item(2, 5e-324, 1.7976931348623157e308)}},
      {"int32 limits",
       R"({"items":[{"x":2147483647,"y":0,"z":0},{"x":-2147483648,"y":-0.0,"z":0.0}]})",
       {Item(2147483647, 0.0, 0.0), Item(-2147483647 - 1, -0.0, 0.0)}},
      {"y beyond int64 written as an integer",
       R"({"items":[{"x":1,"y":18446744073709551616,"z":0}]})",
       {Item(1, 18446744073709551616.0, 0.0)}},
      {"an empty list", R"({"items":[]})", {}},
  };
  for (const Case& test : cases) {
    CAPTURE(test.what);
    Items out;
    const Status status = codec->decode(wcb::test::bytes_of(test.text), out);
    INFO(status.message());
    REQUIRE(status.ok());
    CHECK(wcb::test::same_items(out, test.expected));
  }
}
