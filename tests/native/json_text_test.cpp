// Every codec that reads JSON text (json, rapidjson), in every workload,
// reads it as JSON.parse does (json_text/text_reader.h,
// codecs/rapidjson/json_reader.h): a repeated key keeps its last value at its
// first place, long numbers are the double nearest to them, and anything but
// whitespace after the value is an error naming its offset. The expected
// values are JSON.parse's in Node 20.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "test_support.h"
#include "workloads/documents/registry.h"
#include "workloads/messages/registry.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Item;
using wcb::Items;
using wcb::Status;
using wcb::documents::Document;
using wcb::messages::Kind;
using wcb::messages::Message;
using wcb::test::bytes_of;
namespace msg = wcb::messages;

namespace {

constexpr const char* kJsonTextCodecs[] = {"json", "rapidjson"};

bool items_are(const Items& actual, const Items& expected) { return wcb::test::same_items(actual, expected); }

bool same_double(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::string zeros(std::size_t count) { return std::string(count, '0'); }

// Number texts and the double JSON.parse gives for each.
struct NumberCase {
  std::string text;
  double expected;
};

std::vector<NumberCase> long_numbers() {
  return {
      {"-0." + zeros(77) + "1", -1e-78},
      {"1" + zeros(300), 1e300},
      {"17976931348623157" + zeros(292), 1.7976931348623157e308},
      {"0." + zeros(400) + "1e400", 0.1},
      {"1" + zeros(400) + "e-400", 1},
      {"0e400", 0.0},
      {"-0e-400", -0.0},
      {"0.000e999", 0.0},
      {"-0.0e+310", -0.0},
      {"1e-400", 0.0},
      {"-1e-400", -0.0},
      {"4.9406564584124654e-324", 5e-324},
      {"2.4703282292062328e-324", 5e-324},
      {"2.4703282292062327e-324", 0.0},
      {"2.2250738585072011e-308", 2.225073858507201e-308},
      {"1.7976931348623158e308", 1.7976931348623157e308},
      {"123456789012345678901234567890", 1.2345678901234568e29},
      {"0.1000000000000000055511151231257827021181583404541015625", 0.1},
      {"1.00000000000000011102230246251565404236316680908203125", 1},  // a tie: to even
      {"1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002},
      {"1." + zeros(40), 1},
      {"1" + zeros(60) + "e-60", 1},
      {"1234567890123456789012345.5", 1.2345678901234568e24},
      {"0." + zeros(320) + "4940656458412465441765687928682213723651", 4.94e-321},
      {"-0", -0.0},
  };
}

Status decode_items(std::string_view codec_name, const std::string& text, Items& out) {
  const auto codec = wcb::make_codec(codec_name);
  out.assign(2, Item(9, 9.0, 9.0));
  return codec->decode(bytes_of(text), out);
}

Status decode_message(std::string_view codec_name, Kind kind, const std::string& text, Message& out) {
  const auto codec = wcb::make_message_codec(codec_name);
  out = msg::sample_message(kind);
  return codec->decode(kind, bytes_of(text), out);
}

Status decode_document(std::string_view codec_name, const std::string& text, Document& out) {
  const auto codec = wcb::make_document_codec(codec_name);
  out = Document::parse(R"({"stale": true})");
  return codec->decode(bytes_of(text), out);
}

// What `decode` (one of the three above) writes, which must succeed.
template <typename Out, typename Decode>
Out decoded(Decode&& decode) {
  Out out;
  const Status status = decode(out);
  INFO(status.message());
  REQUIRE(status.ok());
  return out;
}

Items decoded_items(std::string_view codec_name, const std::string& text) {
  return decoded<Items>([&](Items& out) { return decode_items(codec_name, text, out); });
}

Document decoded_document(std::string_view codec_name, const std::string& text) {
  return decoded<Document>([&](Document& out) { return decode_document(codec_name, text, out); });
}

template <typename T>
T decoded_message(std::string_view codec_name, Kind kind, const std::string& text) {
  return std::get<T>(
      decoded<Message>([&](Message& out) { return decode_message(codec_name, kind, text, out); }));
}

std::vector<std::string> keys_of(const Document& object) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.push_back(key);
  return keys;
}

bool built(std::string_view codec_name) {
  return wcb::make_codec(codec_name) && wcb::make_message_codec(codec_name) &&
         wcb::make_document_codec(codec_name);
}

}  // namespace

TEST_CASE("json text: documents: a repeated key keeps its last value, at its first place",
          "[json-text][documents]") {
  for (const char* name : kJsonTextCodecs) {
    if (!built(name)) continue;
    CAPTURE(name);
    const Document simple = decoded_document(name, R"({"a":1,"b":2,"a":3})");
    CHECK(simple == Document::parse(R"({"a":3,"b":2})"));
    CHECK(keys_of(simple) == std::vector<std::string>{"a", "b"});
    // Values replace whole (no merge), at any depth, in arrays too.
    const Document nested =
        decoded_document(name, R"({"x":{"a":1,"a":[2,{"k":1,"k":2}]},"y":0,"x":{"b":1}})");
    CHECK(nested.dump() == R"({"x":{"b":1},"y":0})");
    const Document in_array = decoded_document(name, R"([{"k":1,"j":0,"k":2}, {"k":[1],"k":[]}])");
    CHECK(in_array.dump() == R"([{"k":2,"j":0},{"k":[]}])");
    // Past 16 keys the builder finds repeats by sorting: the order is still the first one.
    std::string many = "{";
    for (int i = 0; i < 40; ++i) many += "\"k" + std::to_string(i % 25) + "\":" + std::to_string(i) + ",";
    many.back() = '}';
    const Document wide = decoded_document(name, many);
    REQUIRE(wide.size() == 25);
    for (int i = 0; i < 25; ++i) {
      CAPTURE(i);
      CHECK(keys_of(wide)[static_cast<std::size_t>(i)] == "k" + std::to_string(i));
      CHECK(wide["k" + std::to_string(i)] == (i < 15 ? i + 25 : i));
    }
  }
}

TEST_CASE("json text: tuples: a repeated key keeps its last value, whatever the value it replaces",
          "[json-text]") {
  for (const char* name : kJsonTextCodecs) {
    if (!built(name)) continue;
    CAPTURE(name);
    CHECK(items_are(decoded_items(name, R"({"items":[{"x":1,"y":2,"z":3}],"items":[{"x":4,"y":5,"z":6}]})"),
                    {Item(4, 5, 6)}));
    CHECK(items_are(decoded_items(name, R"({"items":[{"x":1,"y":2,"z":3,"x":7,"z":-1.5}]})"),
                    {Item(7, 2, -1.5)}));
    // A value the payload refuses does not count once a repeat replaces it.
    CHECK(items_are(decoded_items(name, R"({"items":[{"x":"a","y":null,"z":3,"x":7,"y":2}]})"),
                    {Item(7, 2, 3)}));
    CHECK(items_are(decoded_items(name, R"({"items":{"not":"a list"},"items":[{"z":3,"y":2,"x":1}]})"),
                    {Item(1, 2, 3)}));
    CHECK(decoded_items(name, R"({"items":[{"x":1,"y":2,"z":3},{"w":0}],"items":[]})").empty());
    // ... and the last value is checked like any other.
    Items out;
    Status status = decode_items(name, R"({"items":[{"x":1,"y":2,"z":3,"x":"a"}]})", out);
    CHECK(status.message() == std::string(name) + ": x of item 0 is a string, expected a number");
    CHECK(out.empty());
    status = decode_items(name, R"({"items":[{"x":1,"y":2,"z":3,"y":[1,{}]}]})", out);
    CHECK(status.message() == std::string(name) + ": y of item 0 is an array, expected a number");
    status = decode_items(name, R"({"items":[],"items":[{"x":1,"y":2}]})", out);
    CHECK(status.message() == std::string(name) + ": item 0 lacks z; every item needs x, y and z");
    // Text that repeats no key keeps its own first problem.
    status = decode_items(name, R"({"items":[{"x":"a","y":2,"z":3}],"other":1})", out);
    CHECK(status.message() == std::string(name) + ": x of item 0 is a string, expected a number");
  }
}

TEST_CASE("json text: messages: a repeated key keeps its last value, whatever the value it replaces",
          "[json-text][messages]") {
  for (const char* name : kJsonTextCodecs) {
    if (!built(name)) continue;
    CAPTURE(name);
    CHECK(decoded_message<msg::DoubleMessage>(name, Kind::Double, R"({"value":1.5,"value":2.5})").value ==
          2.5);
    CHECK(decoded_message<msg::DoubleMessage>(name, Kind::Double, R"({"value":"no","value":-4})").value ==
          -4);
    CHECK(decoded_message<msg::ArrayMessage>(name, Kind::Array, R"({"value":[1,2,3],"value":[4]})").value ==
          std::vector<std::int32_t>{4});
    const auto nested = decoded_message<msg::NestedMessage>(
        name, Kind::Nested,
        R"({"value":{"level2":{"level3":{"flag":true,"count":1,"label":"a","count":2}}},)"
        R"("value":{"level2":{"level3":{"label":"b","count":3,"flag":false,"label":"c"}}}})");
    CHECK(nested.value.level2.level3 == msg::Level3{false, 3, "c"});
    Message out;
    const Status status = decode_message(name, Kind::Int, R"({"value":1,"value":1.5})", out);
    CHECK(status.message() ==
          std::string(name) + ": int: field \"value\": expected an int32 integer, got 1.5");
  }
}

TEST_CASE("json text: long numbers are the double nearest to them, in every workload", "[json-text]") {
  for (const char* name : kJsonTextCodecs) {
    if (!built(name)) continue;
    for (const NumberCase& number : long_numbers()) {
      CAPTURE(name, number.text.substr(0, 80), number.text.size(), number.expected);
      const Document document = decoded_document(name, "[" + number.text + "]");
      CHECK(same_double(document[0].get<double>(), number.expected));
      const Items items = decoded_items(name, R"({"items":[{"x":1,"y":)" + number.text + R"(,"z":0}]})");
      REQUIRE(items.size() == 1);
      CHECK(same_double(items[0].y, number.expected));
      const auto message =
          decoded_message<msg::DoubleMessage>(name, Kind::Double, "{\"value\":" + number.text + "}");
      CHECK(same_double(message.value, number.expected));
    }
    // Beyond the largest double JSON.parse gives Infinity, which JSON cannot
    // write back: refused, naming the number's offset.
    Document document;
    for (const std::string& text :
         std::vector<std::string>{"[1.7976931348623159e308]", "[1e400]", "[-1" + zeros(400) + "]"}) {
      CAPTURE(name, text.substr(0, 40));
      const Status status = decode_document(name, text, document);
      CHECK_FALSE(status.ok());
      CHECK_THAT(status.message(), Catch::StartsWith(std::string(name) + ": "));
    }
    Items items;
    CHECK(decode_items(name, R"({"items":[{"x":1,"y":1.8e308,"z":0}]})", items).message() ==
          (std::string(name) == "json"
               ? "json: number overflow parsing '1.8e308'"
               : "rapidjson: a number beyond the range of a float64 at byte 21 of the input"));
  }
}

TEST_CASE("json text: x takes an int32 value however it is written, as JSON.parse reads it", "[json-text]") {
  for (const char* name : kJsonTextCodecs) {
    if (!built(name)) continue;
    CAPTURE(name);
    CHECK(items_are(
        decoded_items(name,
                      R"({"items":[{"x":5.0,"y":0,"z":0},{"x":-2e3,"y":0,"z":0},{"x":-0,"y":0,"z":0}]})"),
        {Item(5, 0, 0), Item(-2000, 0, 0), Item(0, 0, 0)}));
    Items out;
    CHECK(decode_items(name, R"({"items":[{"x":2.5,"y":0,"z":0}]})", out).message() ==
          std::string(name) + ": x must be an integer, got 2.5");
    CHECK_THAT(
        decode_items(name, R"({"items":[{"x":3e9,"y":0,"z":0}]})", out).message(),
        Catch::StartsWith(std::string(name) + ": x = 3") && Catch::EndsWith(" is outside the int32 range"));
  }
}

TEST_CASE("json text: -0 is -0 where a double holds it", "[json-text]") {
  for (const char* name : kJsonTextCodecs) {
    if (!built(name)) continue;
    CAPTURE(name);
    const Items items = decoded_items(name, R"({"items":[{"x":-0,"y":-0,"z":0}]})");
    REQUIRE(items.size() == 1);
    CHECK(wcb::same_bits(items[0], Item(0, -0.0, 0.0)));
    CHECK(std::signbit(decoded_document(name, "[-0]")[0].get<double>()));
    CHECK(std::signbit(decoded_message<msg::DoubleMessage>(name, Kind::Double, R"({"value":-0})").value));
  }
}

TEST_CASE("json text: only whitespace may follow the value; anything else is named by its offset",
          "[json-text]") {
  struct Case {
    std::string text;
    std::string problem;
  };
  const auto after = [](const std::string& thing, std::size_t at, const char* what = "input") {
    return thing + " at byte " + std::to_string(at) + " of the " + what +
           ", where only whitespace may follow the value";
  };
  const std::vector<Case> documents = {
      {std::string("123\0", 4), after("a NUL byte", 3)},
      {std::string("123 \t\0 456", 10), after("a NUL byte", 5)},
      {std::string("[1]\r\n\0", 6), after("a NUL byte", 5)},
      {"[1] x", after("'x'", 4)},
      {R"({"a":1}  {"b":2})", after("'{'", 9)},
      {R"("a" "b")", after("'\"'", 4)},
      {"123 456", after("'4'", 4)},
      {"1.5e3e", after("'e'", 5)},
      {"true\x80", after("the byte 0x80", 4)},
  };
  for (const char* name : kJsonTextCodecs) {
    if (!built(name)) continue;
    for (const Case& test : documents) {
      CAPTURE(name, wcb::test::hex(bytes_of(test.text)));
      Document out;
      CHECK(decode_document(name, test.text, out).message() == std::string(name) + ": " + test.problem);
      CHECK(out.is_null());
    }
    CHECK(decoded_document(name, "123 \t\r\n") == 123);
    Items items;
    CHECK(decode_items(name, std::string(R"({"items":[]})") + '\0', items).message() ==
          std::string(name) + ": " + after("a NUL byte", 12));
    CHECK(decode_items(name, R"({"items":[]}],)", items).message() ==
          std::string(name) + ": " + after("']'", 12));
    Message message;
    CHECK(decode_message(name, Kind::Int, std::string(R"({"value":5})") + '\0', message).message() ==
          std::string(name) + ": int: " + after("a NUL byte", 11, "record"));
    CHECK(decode_message(name, Kind::Int, R"({"value":5} {})", message).message() ==
          std::string(name) + ": int: " + after("'{'", 12, "record"));
  }
}

TEST_CASE("json text: a NUL byte inside the value is an error at its offset", "[json-text]") {
  for (const char* name : kJsonTextCodecs) {
    if (!built(name)) continue;
    CAPTURE(name);
    for (const std::string& text :
         std::vector<std::string>{std::string("[1,\0 2]", 7), std::string("\"a\0b\"", 5),
                                  std::string("tr\0e", 4), std::string("[1\0]", 4)}) {
      CAPTURE(wcb::test::hex(bytes_of(text)));
      Document out;
      const std::string message = decode_document(name, text, out).message();
      CHECK_THAT(message, Catch::StartsWith(std::string(name) + ": "));
      CHECK_THAT(message, Catch::Contains("at byte " + std::to_string(text.find('\0'))));
    }
  }
}

TEST_CASE("json text: a byte order mark is refused", "[json-text]") {
  for (const char* name : kJsonTextCodecs) {
    if (!built(name)) continue;
    CAPTURE(name);
    Document out;
    CHECK(decode_document(name, "\xef\xbb\xbf[1]", out).message() ==
          std::string(name) +
              ": a byte order mark (EF BB BF) at byte 0 of the input, where JSON text starts with a value or "
              "whitespace");
    Items items;
    CHECK_THAT(decode_items(name, "\xef\xbb\xbf{\"items\":[]}", items).message(),
               Catch::Contains("a byte order mark"));
  }
}
