// The tagged form (workloads/documents/tagged.h): what the `tagged` interop
// strategy carries across the JS/wasm boundary. Exact bytes written out by
// hand from docs/documents.md's table, round trips, and hostile input.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/status.h"
#include "core/utf8.h"
#include "workloads/documents/events.h"
#include "workloads/documents/tagged.h"

using wcb::Bytes;
using wcb::DecodeError;
using wcb::documents::Document;
using wcb::documents::kMaxDepth;
using wcb::documents::read_tagged;
using wcb::documents::write_tagged;

namespace {

Bytes tagged_of(const Document& document) {
  Bytes out;
  write_tagged(document, out);
  return out;
}

Document read(const Bytes& bytes) {
  Document out;
  read_tagged(bytes, out);
  return out;
}

// `depth` arrays inside each other around a 1.
Bytes nested_arrays(std::size_t depth) {
  Bytes bytes;
  for (std::size_t i = 0; i < depth; ++i) bytes.insert(bytes.end(), {6, 1, 0, 0, 0});
  bytes.insert(bytes.end(), {3, 1, 0, 0, 0});
  return bytes;
}

std::string read_error(const Bytes& bytes) {
  try {
    read(bytes);
  } catch (const DecodeError& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("documents tagged: the bytes of a small value follow the documented table") {
  const Document value = Document::parse(R"({"a": [1, -2, 2.5, "\u00e9", null, true, false], "": {}})");
  // 2.5 is 0x4004000000000000; e-acute is c3 a9 in UTF-8.
  // clang-format off
  const Bytes expected = {
      7, 2, 0, 0, 0,                      // object, 2 members
      2, 0, 0, 0, 'a',                    // new key "a" (1 byte): key 0
      6, 7, 0, 0, 0,                      // array, 7 values
      3, 1, 0, 0, 0,                      // int32 1
      3, 0xfe, 0xff, 0xff, 0xff,          // int32 -2
      4, 0, 0, 0, 0, 0, 0, 0x04, 0x40,    // float64 2.5
      5, 2, 0, 0, 0, 0xc3, 0xa9,          // string, 2 bytes
      0, 2, 1,                            // null, true, false
      0, 0, 0, 0,                         // new key "" (0 bytes): key 1
      7, 0, 0, 0, 0,                      // empty object
  };
  // clang-format on
  CHECK(tagged_of(value) == expected);
  CHECK(read(expected) == value);
}

TEST_CASE("documents tagged: integers within int32 take tag 3, other numbers tag 4") {
  CHECK(tagged_of(Document(std::int64_t{2147483647}))[0] == 3);
  CHECK(tagged_of(Document(std::int64_t{-2147483648LL}))[0] == 3);
  CHECK(tagged_of(Document(std::uint64_t{2147483647}))[0] == 3);
  CHECK(tagged_of(Document(std::int64_t{2147483648LL}))[0] == 4);
  CHECK(tagged_of(Document(std::uint64_t{9007199254740992ULL}))[0] == 4);
  CHECK(tagged_of(Document(1.0))[0] == 4);  // a float stays a float64 on the way out
}

TEST_CASE("documents tagged: reading applies the number rule") {
  // An integral float64 within 2^53 becomes an integer, as number_of says.
  Bytes bytes = {4, 0, 0, 0, 0, 0, 0, 0, 0};
  const double three = 3.0;
  std::memcpy(bytes.data() + 1, &three, 8);
  const Document read_three = read(bytes);
  CHECK(read_three.is_number_integer());
  CHECK(read_three.get<std::int64_t>() == 3);
  const double big = 18014398509481984.0;  // 2^54: stays a float
  std::memcpy(bytes.data() + 1, &big, 8);
  CHECK(read(bytes).is_number_float());
}

TEST_CASE("documents tagged: a round trip keeps values, key order and non-ASCII text") {
  const Document value = Document::parse(R"({
    "type": "FeatureCollection", "zeta": 1, "alpha": [0.1, -1e300, 9007199254740992, -2147483649],
    "text": "tab\t, quote\", nul\u0000, emoji \ud83d\ude00, \u4e2d\u6587",
    "nested": {"empty": [], "obj": {}, "deep": [[[[{"x": null}]]]]}
  })");
  const Document back = read(tagged_of(value));
  CHECK(wcb::documents::first_difference(value, back) == "");
  // Key order is the document's, not sorted.
  CHECK(back.items().begin().key() == "type");
  CHECK(std::next(back.items().begin()).key() == "zeta");
}

TEST_CASE("documents tagged: writing refuses what a JS number or string cannot hold, naming the path") {
  Bytes out = {1, 2, 3};
  const Document big = Document::parse(R"({"a": [1, 9007199254740993]})");
  CHECK_THROWS_WITH(write_tagged(big, out), Catch::Contains("2^53") && Catch::Contains("$.a[1]"));
  CHECK(out.empty());
  const Document huge(std::numeric_limits<std::uint64_t>::max());
  CHECK_THROWS_AS(write_tagged(huge, out), std::invalid_argument);
  Document bad_text = Document::object();
  bad_text["k"] = std::string("\xff");
  CHECK_THROWS_WITH(write_tagged(bad_text, out), Catch::Contains("UTF-8") && Catch::Contains("$.k"));
  const Document binary = Document::binary({1, 2});
  CHECK_THROWS_AS(write_tagged(binary, out), std::invalid_argument);
}

TEST_CASE("documents tagged: truncated input is an error at every cut") {
  const Bytes whole = tagged_of(Document::parse(R"({"key": ["text", 1, 2.5, {"n": null}]})"));
  for (std::size_t length = 0; length < whole.size(); ++length) {
    const Bytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(length));
    INFO("cut at " << length);
    CHECK_THAT(read_error(cut), Catch::StartsWith("tagged form: "));
  }
}

TEST_CASE("documents tagged: garbage and hostile counts are errors, not allocations") {
  CHECK_THAT(read_error({9}), Catch::Contains("unknown tag 9") && Catch::Contains("byte 0"));
  CHECK_THAT(read_error({0, 0}), Catch::Contains("bytes left after the value (1)"));
  // An array claiming 2^32 - 1 values in 5 bytes.
  CHECK_THAT(read_error({6, 0xff, 0xff, 0xff, 0xff}), Catch::Contains("count larger than the bytes left"));
  CHECK_THAT(read_error({7, 0xff, 0xff, 0xff, 0x7f, 0}), Catch::Contains("count larger than the bytes left"));
  // A string claiming 4 GiB.
  CHECK_THAT(read_error({5, 0xff, 0xff, 0xff, 0xff, 'a'}), Catch::Contains("end inside a value"));
  // Invalid UTF-8: a lone continuation byte, an encoded surrogate (what a
  // lone UTF-16 surrogate would become), in a string and in a key.
  CHECK_THAT(read_error({5, 1, 0, 0, 0, 0x80}), Catch::Contains("string that is not valid UTF-8"));
  CHECK_THAT(read_error({5, 3, 0, 0, 0, 0xed, 0xa0, 0x80}), Catch::Contains("not valid UTF-8"));
  CHECK_THAT(read_error({7, 1, 0, 0, 0, 2, 0, 0, 0, 0xc3, 0}),
             Catch::Contains("key that is not valid UTF-8"));
  // Every byte value as a one-byte input: only the three scalars read.
  for (int byte = 0; byte < 256; ++byte) {
    const Bytes one = {static_cast<std::uint8_t>(byte)};
    if (byte <= 2) {
      CHECK_NOTHROW(read(one));
    } else {
      CHECK_THROWS_AS(read(one), DecodeError);
    }
  }
}

TEST_CASE("documents tagged: nesting is limited to kMaxDepth") {
  CHECK(read(nested_arrays(kMaxDepth)).is_array());
  CHECK_THAT(read_error(nested_arrays(kMaxDepth + 1)), Catch::Contains("nesting deeper than 256"));
  // Far deeper than any stack: refused at the limit, not by overflowing.
  CHECK_THROWS_AS(read(nested_arrays(100000)), DecodeError);

  Document deep = 1;
  for (std::size_t i = 0; i < kMaxDepth; ++i) deep = Document::array({deep});
  Bytes out;
  CHECK_NOTHROW(write_tagged(deep, out));
  deep = Document::array({deep});
  CHECK_THROWS_WITH(write_tagged(deep, out), Catch::Contains("nesting deeper than 256"));
}

TEST_CASE("documents tagged: a failed read leaves null, a reused output buffer keeps its capacity") {
  Document out = Document::parse(R"([1, 2, 3])");
  CHECK_THROWS(read_tagged(Bytes{6, 3, 0, 0, 0, 3}, out));
  CHECK(out.is_null());

  Bytes buffer;
  write_tagged(Document::parse(R"(["a long enough string to need some room", [1, 2, 3]])"), buffer);
  const std::size_t capacity = buffer.capacity();
  write_tagged(Document(nullptr), buffer);
  CHECK(buffer == Bytes{0});
  CHECK(buffer.capacity() == capacity);
}

namespace {

using wcb::documents::DecodeRules;
using wcb::documents::RepeatedKeys;
using wcb::documents::TaggedSink;
using wcb::documents::TaggedSource;

// An Events that takes everything and keeps nothing: what TaggedSource
// refuses by itself.
struct IgnoreEvents : wcb::documents::Events {
  void null() override {}
  void boolean(bool) override {}
  void integer(std::int64_t) override {}
  void unsigned_integer(std::uint64_t) override {}
  void number(double) override {}
  void string(std::string_view) override {}
  void start_array(std::size_t) override {}
  void end_array() override {}
  void start_object(std::size_t) override {}
  void key(std::string_view) override {}
  void end_object() override {}
};

std::string source_error(const Bytes& bytes, RepeatedKeys repeated = RepeatedKeys::kRefuse) {
  IgnoreEvents ignore;
  try {
    TaggedSource(bytes, repeated).drive(ignore);
  } catch (const std::exception& error) {
    return error.what();
  }
  return "(no error)";
}

// The sink's error for `events` driven into it, or the bytes it wrote.
template <typename Events>
std::string sink_error(Events&& events, DecodeRules rules = {}) {
  Bytes out;
  TaggedSink sink(out, rules);
  try {
    events(sink);
    sink.finish();
  } catch (const DecodeError& error) {
    return error.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("documents tagged: a key written again is a reference to its number") {
  const Document value = Document::parse(R"([{"a": 1, "b": 2}, {"b": 3, "a": 4}, {"c": {"a": null}}])");
  // clang-format off
  const Bytes expected = {
      6, 3, 0, 0, 0,
      7, 2, 0, 0, 0, 2, 0, 0, 0, 'a', 3, 1, 0, 0, 0, 2, 0, 0, 0, 'b', 3, 2, 0, 0, 0,  // keys 0, 1
      7, 2, 0, 0, 0, 3, 0, 0, 0, 3, 3, 0, 0, 0, 1, 0, 0, 0, 3, 4, 0, 0, 0,            // b = 1, a = 0
      7, 1, 0, 0, 0, 2, 0, 0, 0, 'c', 7, 1, 0, 0, 0, 1, 0, 0, 0, 0,                   // c: key 2, a = 0
  };
  // clang-format on
  CHECK(tagged_of(value) == expected);
  CHECK(read(expected) == value);
  // A writer may write a known key as new again; it then takes a new number.
  CHECK(read({6, 3, 0, 0, 0, 7, 1,   0, 0, 0, 2, 0, 0, 0, 'a', 0, 7, 1, 0,
              0, 0, 2, 0, 0, 0, 'a', 0, 7, 1, 0, 0, 0, 3, 0,   0, 0, 1}) ==
        Document::parse(R"([{"a": null}, {"a": null}, {"a": false}])"));
}

TEST_CASE("documents tagged: a reference to a key number not yet given is an error") {
  CHECK_THAT(
      read_error({7, 1, 0, 0, 0, 1, 0, 0, 0, 0}),
      Catch::Contains("reference to key number 0, which is not yet given") && Catch::Contains("at byte 5"));
  CHECK_THAT(read_error({7, 2, 0, 0, 0, 2, 0, 0, 0, 'a', 0, 3, 0, 0, 0, 0}),
             Catch::Contains("key number 1, which is not yet given"));
  CHECK_THAT(source_error({7, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0}), Catch::Contains("not yet given"));
}

TEST_CASE("documents tagged: a key repeated in one object") {
  // New, then a reference; and new twice (two numbers, one text).
  const Bytes by_reference = {7, 3, 0,   0, 0, 2, 0, 0, 0, 'a', 3, 1, 0, 0, 0, 2, 0,
                              0, 0, 'b', 3, 2, 0, 0, 0, 1, 0,   0, 0, 3, 3, 0, 0, 0};
  const Bytes as_new_twice = {7, 2, 0, 0, 0, 2, 0, 0, 0, 'a', 0, 2, 0, 0, 0, 'a', 1};
  // read_tagged: the last value wins, at the place of the first (JSON.parse's rule).
  const Document kept = read(by_reference);
  CHECK(kept.dump() == R"({"a":3,"b":2})");
  CHECK(read(as_new_twice).dump() == R"({"a":false})");
  // The encode direction refuses it: JS never writes one.
  CHECK_THAT(source_error(by_reference), Catch::Contains("the key \"a\" repeated in one object"));
  CHECK_THAT(source_error(as_new_twice), Catch::Contains("the key \"a\" repeated in one object"));
  CHECK(source_error(by_reference, RepeatedKeys::kKeepLast) == "(no error)");
  // Equal keys in nested objects are not repeats; a repeat after a nested one is.
  CHECK(source_error({7, 2, 0, 0, 0, 2, 0, 0, 0, 'a', 7, 1, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 'b', 0}) ==
        "(no error)");
  CHECK_THAT(source_error({7, 2, 0, 0, 0, 2, 0, 0, 0, 'a', 7, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0}),
             Catch::Contains("\"a\" repeated"));
  // A text given as new twice, then a new key: its number is past the count
  // of distinct texts (the fuzzer's crash, 02:37).
  CHECK(source_error({7, 1, 0, 0, 0, 2,   0, 0, 0, 'a', 7, 2,   0, 0,
                      0, 2, 0, 0, 0, 'a', 0, 2, 0, 0,   0, 'b', 0}) == "(no error)");

  // The sink: refused with DocumentBuilder's words, or written for the reader.
  const auto repeat = [](wcb::documents::Events& e) {
    e.start_array(1);
    e.start_object(wcb::documents::kUnknownCount);
    e.key("a");
    e.start_object(1);
    e.key("a");
    e.null();
    e.end_object();
    e.key("b");
    e.integer(1);
    e.key("a");
    e.integer(2);
    e.end_object();
    e.end_array();
  };
  CHECK(sink_error(repeat) == "repeated key \"a\" in the object at $[0]");
  CHECK(sink_error(repeat, DecodeRules{.check_utf8 = true, .repeated_keys = RepeatedKeys::kKeepLast}) ==
        "(no error)");
  Bytes out;
  TaggedSink sink(out, DecodeRules{.check_utf8 = true, .repeated_keys = RepeatedKeys::kKeepLast});
  repeat(sink);
  sink.finish();
  CHECK(read(out).dump() == R"([{"a":2,"b":1}])");
}

TEST_CASE("documents tagged: the key table holds thousands of keys while the output moves") {
  // Distinct keys beyond the table's first size, each used again in later
  // objects, while long strings make the output reallocate between them.
  Document value = Document::array();
  constexpr int kKeys = 5000;
  for (int round = 0; round < 3; ++round) {
    Document object = Document::object();
    for (int i = 0; i < kKeys; ++i) {
      const std::string key = "key" + std::to_string(round == 1 ? kKeys - 1 - i : i);
      object[key] = round == 2 ? Document(std::string(i % 7 == 0 ? 300 : 3, 'x')) : Document(i);
    }
    value.push_back(std::move(object));
  }
  const Bytes bytes = tagged_of(value);
  CHECK(read(bytes) == value);
  // Each key's bytes once: later objects refer to them (4 bytes a key).
  std::size_t count = 0;
  for (std::size_t at = 0; at + 7 <= bytes.size(); ++at)
    count += std::memcmp(bytes.data() + at, "key4999", 7) == 0;
  CHECK(count == 1);
  IgnoreEvents ignore;
  CHECK_NOTHROW(TaggedSource(bytes).drive(ignore));
}

TEST_CASE("documents tagged: the sink counts containers it was given no count for, and names paths") {
  Bytes out = {9, 9, 9};
  TaggedSink sink(out, DecodeRules{});
  sink.start_object(wcb::documents::kUnknownCount);
  sink.key("list");
  sink.start_array(wcb::documents::kUnknownCount);
  for (int i = 0; i < 3; ++i) sink.integer(i);
  sink.end_array();
  sink.end_object();
  sink.finish();
  CHECK(read(out) == Document::parse(R"({"list": [0, 1, 2]})"));

  const auto big = [](wcb::documents::Events& e) {
    e.start_object(2);
    e.key("ok");
    e.integer(1);
    e.key("big");
    e.start_array(1);
    e.integer(9007199254740993);
    e.end_array();
    e.end_object();
  };
  CHECK(sink_error(big) == "an integer outside +-2^53, which a JS number cannot hold exactly at $.big[0]");
  CHECK_THAT(sink_error([](wcb::documents::Events& e) { e.unsigned_integer(UINT64_MAX); }),
             Catch::Contains("2^53") && Catch::EndsWith("at $"));
  CHECK(sink_error([](wcb::documents::Events& e) { e.integer(-9007199254740992); }) == "(no error)");
  CHECK_THAT(sink_error([](wcb::documents::Events& e) {
               e.start_array(2);
               e.string("ok");
               e.string("\xff");
             }),
             Catch::Contains("a string that is not valid UTF-8 at $[1]"));
  CHECK_THAT(sink_error([](wcb::documents::Events& e) {
               e.start_object(1);
               e.key("\xc3");
             }),
             Catch::Contains("a key that is not valid UTF-8 at $"));
  CHECK(sink_error([](wcb::documents::Events& e) { e.string("\xff"); },
                   DecodeRules{.check_utf8 = false, .repeated_keys = RepeatedKeys::kRefuse}) == "(no error)");
  CHECK(sink_error([](wcb::documents::Events& e) { e.start_array(1); }) == "the input ends inside a value");
  CHECK_THAT(sink_error([](wcb::documents::Events& e) {
               for (std::size_t i = 0; i <= kMaxDepth; ++i) e.start_array(1);
             }),
             Catch::Contains("nesting deeper than 256"));
  CHECK_THAT(sink_error([](wcb::documents::Events& e) {
               e.null();
               e.null();
             }),
             Catch::Contains("a second top-level value"));
}

TEST_CASE("documents tagged: the source adds the path to a writer's Unrepresentable") {
  struct NoStrings : IgnoreEvents {
    void string(std::string_view) override { throw wcb::documents::Unrepresentable("no strings here"); }
  } writer;
  const Bytes bytes = tagged_of(Document::parse(R"({"a": [1, {"b": "x"}]})"));
  try {
    TaggedSource(bytes).drive(writer);
    FAIL("no error");
  } catch (const std::invalid_argument& error) {
    CHECK(std::string(error.what()) == "no strings here: $.a[1].b");
  }
}

TEST_CASE("documents tagged: the word-at-a-time UTF-8 check agrees with valid_utf8") {
  std::mt19937 random(7);
  // Bytes biased to what UTF-8 is made of, so valid sequences occur often.
  const std::uint8_t pieces[] = {'a',  ' ',  0x7f, 0x80, 0xbf, 0xc2, 0xc3, 0xdf, 0xe0, 0xa0, 0xed, 0x9f,
                                 0xef, 0xf0, 0x90, 0xf4, 0x8f, 0xf5, 0xff, 0xc0, 0xc1, 0x00, 0xa9};
  for (int round = 0; round < 200000; ++round) {
    std::string text(random() % 24, 'x');
    for (char& c : text) {
      if (random() % 3 != 0) c = static_cast<char>(pieces[random() % sizeof pieces]);
    }
    CAPTURE(text);
    REQUIRE(wcb::documents::detail::valid_utf8_fast(text) == wcb::valid_utf8(text));
  }
  CHECK(wcb::documents::detail::valid_utf8_fast(
      "plain ascii text, longer than eight bytes, \xc3\xa9 and \xf0\x9f\x98\x80"));
  CHECK_FALSE(wcb::documents::detail::valid_utf8_fast("plain ascii text, longer than eight \xed\xa0\x80"));
}
