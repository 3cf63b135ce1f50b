// The json codec's own double parsing (src/json_text/number_parse.h, used
// by nlohmann's lexer in its place of strtod) gives exactly strtod's double,
// and takes the dataset's numbers without falling back to strtod.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "json_text/number_parse.h"
#include "test_support.h"
#include "workloads/tuples/dataset.h"
#include "workloads/tuples/registry.h"

namespace {

struct Outcome {
  bool handled = false;
  bool same = true;
};

// parse_double against strtod on `text`: same bits and the whole text read.
Outcome check_text(const std::string& text) {
  char* strtod_end = nullptr;
  const double expected = std::strtod(text.c_str(), &strtod_end);
  double value = 0;
  char* end = nullptr;
  Outcome outcome;
  outcome.handled = wcb::json_text::parse_double(text.c_str(), value, &end);
  if (outcome.handled) {
    outcome.same = wcb::test::bits_of(value) == wcb::test::bits_of(expected) && end == strtod_end;
  }
  return outcome;
}

std::string printed(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// Counts mismatches (reported with the first text) and handled texts.
struct Tally {
  std::size_t texts = 0, handled = 0, mismatches = 0;
  std::string first_mismatch;
  void add(const std::string& text) {
    const Outcome outcome = check_text(text);
    ++texts;
    handled += outcome.handled;
    if (!outcome.same) {
      if (mismatches == 0) first_mismatch = text;
      ++mismatches;
    }
  }
};

}  // namespace

TEST_CASE("json numbers: the dataset's doubles read back as strtod reads them, without strtod",
          "[json][numbers]") {
  const wcb::Items items = wcb::test::dataset_items(200000);
  Tally tally;
  for (const wcb::Item& item : items) {
    for (const double value : {item.y, item.z}) {
      // The codec's text (shortest digits) and the 17-digit form.
      tally.add(nlohmann::json(value).dump());
      tally.add(printed("%.17g", value));
    }
  }
  CAPTURE(tally.texts, tally.first_mismatch);
  CHECK(tally.mismatches == 0);
  // Every one of them within 19 digits and the exponents handled.
  CHECK(tally.handled == tally.texts);
}

TEST_CASE("json numbers: random doubles of every magnitude read as strtod reads them", "[json][numbers]") {
  std::mt19937_64 random(20261202);
  Tally tally;
  for (int i = 0; i < 300000; ++i) {
    double value;
    const std::uint64_t bits = random();
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value)) continue;
    tally.add(nlohmann::json(value).dump());
    tally.add(printed("%.17g", value));
    tally.add(printed("%.15g", value));
    tally.add(printed("%.3e", value));
  }
  CAPTURE(tally.texts, tally.handled, tally.first_mismatch);
  CHECK(tally.mismatches == 0);
  CHECK(tally.handled > 0);
}

TEST_CASE("json numbers: random decimal texts near ties read as strtod reads them", "[json][numbers]") {
  std::mt19937_64 random(17);
  Tally tally;
  for (int i = 0; i < 300000; ++i) {
    // 1 to 19 digits, the point anywhere, an exponent from -40 to 40.
    const int digits = 1 + static_cast<int>(random() % 19);
    std::string text;
    if (random() % 2) text += '-';
    for (int d = 0; d < digits; ++d)
      text += static_cast<char>('0' + (d == 0 ? 1 + random() % 9 : random() % 10));
    const int point = static_cast<int>(random() % (digits + 1));
    if (point > 0 && point < digits) text.insert(text.size() - static_cast<std::size_t>(digits - point), ".");
    if (random() % 2) text += "e" + std::to_string(static_cast<int>(random() % 81) - 40);
    tally.add(text);
  }
  // Exact halfway cases between two doubles, at 2^53 and around it.
  for (const char* text : {"9007199254740993",
                           "9007199254740995",
                           "9007199254740997",
                           "18014398509481986",
                           "18014398509481990",
                           "4503599627370496.5",
                           "4503599627370497.5",
                           "0.1",
                           "0.3",
                           "2.2250738585072014e-308",
                           "1e23",
                           "8.41e21",
                           "5e-324",
                           "1.7976931348623157e308",
                           "123456789012345678e-26",
                           "9999999999999999999e27",
                           "0.000001",
                           "1e-26",
                           "-0.0",
                           "0e10"}) {
    tally.add(text);
  }
  CAPTURE(tally.texts, tally.handled, tally.first_mismatch);
  CHECK(tally.mismatches == 0);
}

TEST_CASE("json numbers: the json decoders read numbers exactly", "[json][numbers]") {
  const auto codec = wcb::test::require_codec("json");
  const std::string text =
      R"({"items":[{"x":1,"y":9007199254740993,"z":0.36703333333333354},)"
      R"({"x":2,"y":1e23,"z":-123456789012345678e-26},{"x":3,"y":5e-324,"z":1.7976931348623157e308}]})";
  wcb::Items out;
  const wcb::Status status = codec->decode(wcb::test::bytes_of(text), out);
  INFO(status.message());
  REQUIRE(status.ok());
  REQUIRE(out.size() == 3);
  CHECK(wcb::test::bits_of(out[0].y) == wcb::test::bits_of(9007199254740992.0));
  CHECK(wcb::test::bits_of(out[0].z) == wcb::test::bits_of(std::strtod("0.36703333333333354", nullptr)));
  CHECK(wcb::test::bits_of(out[1].y) == wcb::test::bits_of(std::strtod("1e23", nullptr)));
  CHECK(wcb::test::bits_of(out[1].z) == wcb::test::bits_of(std::strtod("-123456789012345678e-26", nullptr)));
  CHECK(wcb::test::bits_of(out[2].y) == wcb::test::bits_of(5e-324));
  CHECK(out[2].z == 1.7976931348623157e308);
}
