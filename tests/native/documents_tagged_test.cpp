// The tagged form (workloads/documents/tagged.h): what the `tagged` interop
// strategy carries across the JS/wasm boundary. Exact bytes written out by
// hand from docs/documents.md's table, round trips, and hostile input.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/codec.h"
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
      1, 0, 0, 0, 'a',                    // key "a"
      6, 7, 0, 0, 0,                      // array, 7 values
      3, 1, 0, 0, 0,                      // int32 1
      3, 0xfe, 0xff, 0xff, 0xff,          // int32 -2
      4, 0, 0, 0, 0, 0, 0, 0x04, 0x40,    // float64 2.5
      5, 2, 0, 0, 0, 0xc3, 0xa9,          // string, 2 bytes
      0, 2, 1,                            // null, true, false
      0, 0, 0, 0,                         // key ""
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
  CHECK_THAT(read_error({7, 1, 0, 0, 0, 1, 0, 0, 0, 0xc3, 0}),
             Catch::Contains("key that is not valid UTF-8"));
  // The same key twice in one object.
  CHECK_THAT(read_error({7, 2, 0, 0, 0, 1, 0, 0, 0, 'a', 0, 1, 0, 0, 0, 'a', 1}),
             Catch::Contains("\"a\" repeated"));
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
