// The C++ dataset generator against the JS reference and JS number printing.
#include "workloads/tuples/dataset.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string_view>

#include "test_support.h"
#include "workloads/tuples/item_checksum.h"

using wcb::Item;
using wcb::TupleDataset;

TEST_CASE("dataset: generator matches the JS fixture at each of its 40 growth steps", "[dataset]") {
  std::ifstream file(WCB_DATASET_FIXTURE);
  REQUIRE(file.good());
  const auto fixture = nlohmann::json::parse(file);
  const auto& steps = fixture.at("steps");
  REQUIRE(steps.size() == 40);

  TupleDataset dataset;
  for (std::size_t index = 0; index < steps.size(); ++index) {
    const auto& expected = steps[index];
    CAPTURE(index);
    REQUIRE(expected.at("index").get<std::size_t>() == index);
    if (index > 0) dataset.grow();

    const wcb::GrowthStep step = dataset.step();
    CHECK(step.index == index);
    CHECK(step.count == expected.at("count").get<std::size_t>());
    CHECK(step.json_bytes == expected.at("jsonBytes").get<std::size_t>());
    CHECK(wcb::checksum(dataset.items()) == expected.at("checksum").get<std::uint32_t>());

    const auto& last = expected.at("last");
    const Item expected_last(last.at("x").get<std::int32_t>(), last.at("y").get<double>(),
                             last.at("z").get<double>());
    CHECK(wcb::same_bits(dataset.items().back(), expected_last));
  }
}

TEST_CASE("dataset: each step appends round(count / 8) items, round(count / 4) above 10 MiB", "[dataset]") {
  TupleDataset dataset;
  bool saw_fast = false;
  bool saw_slow = false;
  while (dataset.step().json_bytes <= 12 * wcb::test::kMiB) {
    const wcb::GrowthStep before = dataset.step();
    const bool slow = before.json_bytes > wcb::kSlowGrowthAboveBytes;
    const auto expected_added =
        static_cast<std::size_t>(std::lround(static_cast<double>(before.count) / (slow ? 4.0 : 8.0)));
    dataset.grow();
    CAPTURE(before.index, before.count, before.json_bytes);
    REQUIRE(dataset.step().count == before.count + expected_added);
    (slow ? saw_slow : saw_fast) = true;
  }
  CHECK(saw_fast);
  CHECK(saw_slow);

  // Appended rows copy the leading rows shifted by (1, 1/3, 1/3).
  const auto items = dataset.items();
  const Item& first = items[0];
  const Item& copy = items[4];  // step 1 appends a copy of row 0
  CHECK(copy.x == first.x + 1);
  CHECK(copy.y == first.y + 1.0 / 3.0);
  CHECK(copy.z == first.z + 1.0 / 3.0);
}

TEST_CASE("dataset: grow_to_mb stops at the first step at or above the target", "[dataset]") {
  TupleDataset dataset;
  dataset.grow_to_mb(0.5);
  const wcb::GrowthStep reached = dataset.step();
  CHECK(reached.json_mb() >= 0.5);

  TupleDataset one_step_earlier;
  while (one_step_earlier.step().index + 1 < reached.index) one_step_earlier.grow();
  CHECK(one_step_earlier.step().json_mb() < 0.5);

  dataset.grow_to_mb(0.25);  // already past it: no growth
  CHECK(dataset.step().index == reached.index);
}

TEST_CASE("dataset: js_number_length matches what JS's String(number) prints", "[dataset]") {
  struct Case {
    double value;
    std::string_view js_text;
  };
  // Texts as Node 20 prints them (String(value) / JSON.stringify).
  const Case cases[] = {
      {0.1, "0.1"},
      {5, "5"},
      {100, "100"},
      {-2.5, "-2.5"},
      {1.5, "1.5"},
      {123.456, "123.456"},
      {4.1040000000000004, "4.104"},
      {1.0 / 3.0, "0.3333333333333333"},
      {0.1 + 0.2, "0.30000000000000004"},
      {0.000001, "0.000001"},
      {0.00001, "0.00001"},
      {1.2e-5, "0.000012"},
      {0.0000015, "0.0000015"},
      {2.5e-6, "0.0000025"},
      {1e-7, "1e-7"},
      {-1e-7, "-1e-7"},
      {1.5e-7, "1.5e-7"},
      {123e-20, "1.23e-18"},
      {5e-324, "5e-324"},
      {9007199254740992.0, "9007199254740992"},
      {1e20, "100000000000000000000"},
      {123456789012345680000.0, "123456789012345680000"},
      {1e21, "1e+21"},
      {1.1e21, "1.1e+21"},
      {1180591620717411303424.0, "1.1805916207174113e+21"},  // 2^70
      {1e100, "1e+100"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {-0.0, "0"},
      {0.0, "0"},
      // JSON.stringify writes null for the values JSON cannot carry.
      {std::numeric_limits<double>::quiet_NaN(), "null"},
      {std::numeric_limits<double>::infinity(), "null"},
      {-std::numeric_limits<double>::infinity(), "null"},
  };
  for (const Case& test : cases) {
    CAPTURE(test.value, test.js_text);
    CHECK(wcb::js_number_length(test.value) == test.js_text.size());
  }
}

TEST_CASE("dataset: js_item_json_length is the length of JSON.stringify({x, y, z})", "[dataset]") {
  constexpr std::string_view seed = R"({"x":1,"y":4.104,"z":1.1009999999999994})";
  CHECK(wcb::js_item_json_length(Item(1, 4.1040000000000004, 1.1009999999999994)) == seed.size());
  constexpr std::string_view mixed = R"({"x":-2147483648,"y":0.5,"z":1e+21})";
  CHECK(wcb::js_item_json_length(Item(-2147483647 - 1, 0.5, 1e21)) == mixed.size());
  // The empty payload '{"items":[]}' plus four items and three commas.
  TupleDataset dataset;
  std::size_t expected = 12 + 3;
  for (const Item& item : dataset.items()) expected += wcb::js_item_json_length(item);
  CHECK(dataset.step().json_bytes == expected);
}
