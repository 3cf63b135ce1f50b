// Document codecs refuse what they cannot read or write, cleanly: a failed
// Status naming the codec, the output reset (null document, empty bytes),
// the path of the value in the message; never a crash (the native-asan
// preset runs these under the sanitizers). Also replays the document
// fuzzers' committed corpus (tests/fuzz/corpus/<codec>_documents/).
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <limits>
#include <random>
#include <string>

#include "../fuzz/same_or_nan.h"
#include "documents_samples.h"
#include "test_support.h"
#include "workloads/documents/registry.h"
#include "workloads/documents/tagged.h"

#ifdef WCB_TEST_FLEXBUFFERS
// flexbuffers.h's number parsing (Reference::AsDouble of a string, never
// used here) would otherwise need flatbuffers' compiled library for its
// locale object; the header-only build has none.
#define FLATBUFFERS_LOCALE_INDEPENDENT 0
#include <flatbuffers/flexbuffers.h>
#endif

using wcb::Bytes;
using wcb::Status;
using wcb::documents::Document;
using wcb::documents::DocumentCodec;
using wcb::fuzz::same_or_nan;

namespace {

constexpr std::size_t kMaxErrorBytes = 512;

Document stale() { return Document::parse(R"({"stale": [1, 2, 3]})"); }

// The timed path, decode_tagged (the reader streaming into the tagged form),
// against decode into a Document (`status`, `decoded`): a failure too (not
// always in the same words: streaming, the first problem in the input's
// order is the one named, where a Document's checks may see another first),
// or the tagged form of the same document. It may refuse more: an integer
// beyond 2^53, which JS cannot hold.
void check_tagged_agrees(DocumentCodec& codec, std::span<const std::uint8_t> bytes, const Status& status,
                         const Document& decoded) {
  Bytes tagged = {0xee, 0xee};
  const Status tagged_status = codec.decode_tagged(bytes, tagged);
  CAPTURE(wcb::test::hex(Bytes(bytes.begin(), bytes.end())), status.message(), tagged_status.message());
  if (!status.ok()) {
    CHECK_FALSE(tagged_status.ok());
    CHECK(tagged_status.message().starts_with(std::string(codec.name()) + ": "));
    CHECK(tagged_status.message().size() <= kMaxErrorBytes);
    CHECK(tagged.empty());
    return;
  }
  if (!tagged_status.ok()) {
    CHECK_THAT(tagged_status.message(), Catch::Contains("2^53"));
    CHECK(tagged.empty());
    return;
  }
  Document read;
  wcb::documents::read_tagged(tagged, read);
  CAPTURE(wcb::documents::first_difference(read, decoded, codec.keeps_key_order()));
  CHECK(same_or_nan(read, decoded, codec.keeps_key_order()));
}

// Decodes `bytes`, requiring a clean failure; returns its message.
std::string decode_fails(DocumentCodec& codec, const Bytes& bytes) {
  Document out = stale();
  // A heap copy of exactly the input's size: a read past the end is a sanitizer error.
  const std::unique_ptr<std::uint8_t[]> copy(new std::uint8_t[bytes.size() + 1]);
  std::copy(bytes.begin(), bytes.end(), copy.get());
  const std::span<const std::uint8_t> exact(copy.get(), bytes.size());
  const Status status = codec.decode(exact, out);
  CAPTURE(wcb::test::hex(bytes), out.dump());
  REQUIRE_FALSE(status.ok());
  check_tagged_agrees(codec, exact, status, out);
  CHECK(status.message().starts_with(std::string(codec.name()) + ": "));
  CHECK(status.message().size() <= kMaxErrorBytes);
  CHECK(out.is_null());
  return status.message();
}

// Encodes `document`, requiring a clean failure; returns its message.
std::string encode_fails(DocumentCodec& codec, const Document& document) {
  Bytes out = {1, 2, 3};
  const Status status = codec.encode(document, out);
  REQUIRE_FALSE(status.ok());
  CHECK(status.message().starts_with(std::string(codec.name()) + ": "));
  CHECK(out.empty());
  return status.message();
}

Bytes repeat(std::uint8_t byte, std::size_t count) { return Bytes(count, byte); }

void little_endian_into(Bytes& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

// `levels` arrays inside each other around null, written by hand in each
// format (the encoders refuse to write more than kMaxDepth).
Bytes nested_arrays(std::string_view codec, std::size_t levels) {
  Bytes bytes;
  if (codec == "json" || codec == "rapidjson") {
    bytes = repeat('[', levels);
    for (const char c : std::string("null")) bytes.push_back(static_cast<std::uint8_t>(c));
    bytes.insert(bytes.end(), levels, ']');
  } else if (codec == "msgpack") {
    bytes = repeat(0x91, levels);  // fixarray of 1
    bytes.push_back(0xc0);
  } else if (codec == "cbor") {
    bytes = repeat(0x81, levels);  // array of 1
    bytes.push_back(0xf6);
  } else if (codec == "bson") {
    // The top-level document is the first level; inside each, {"k": ...};
    // the innermost is empty. Written outside in: a document j levels above
    // the innermost takes 5 + 8j bytes.
    for (std::size_t j = levels - 1; j >= 1; --j) {
      little_endian_into(bytes, static_cast<std::uint32_t>(5 + 8 * j));
      bytes.insert(bytes.end(), {0x03, 'k', 0});
    }
    bytes.insert(bytes.end(), {0x05, 0, 0, 0, 0});
    bytes.insert(bytes.end(), levels - 1, 0);
  } else if (codec == "flatbuffers") {
#ifdef WCB_TEST_FLEXBUFFERS
    flexbuffers::Builder builder;
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < levels; ++i) starts.push_back(builder.StartVector());
    builder.Null();
    for (std::size_t i = 0; i < levels; ++i) {
      builder.EndVector(starts.back(), false, false);
      starts.pop_back();
    }
    builder.Finish();
    bytes = builder.GetBuffer();
#endif
  } else if (codec == "protobuf") {
    // Value{list_value: ListValue{values: [...]}} around Value{null_value},
    // written outside in from the sizes computed inside out.
    const auto varint_size = [](std::size_t n) {
      std::size_t size = 1;
      for (; n >= 0x80; n >>= 7) ++size;
      return size;
    };
    const auto varint = [&bytes](std::size_t n) {
      for (; n >= 0x80; n >>= 7) bytes.push_back(static_cast<std::uint8_t>(n | 0x80));
      bytes.push_back(static_cast<std::uint8_t>(n));
    };
    std::vector<std::size_t> value_size(levels + 1), list_size(levels);
    value_size[0] = 2;
    for (std::size_t j = 0; j < levels; ++j) {
      list_size[j] = 1 + varint_size(value_size[j]) + value_size[j];
      value_size[j + 1] = 1 + varint_size(list_size[j]) + list_size[j];
    }
    for (std::size_t j = levels; j-- > 0;) {
      bytes.push_back(0x32);
      varint(list_size[j]);
      bytes.push_back(0x0a);
      varint(value_size[j]);
    }
    bytes.insert(bytes.end(), {0x08, 0x00});
  }
  return bytes;
}

}  // namespace

TEST_CASE("documents bad input: every truncation of a valid encoding fails cleanly",
          "[documents][badinput]") {
  const Document document = Document::parse(
      R"({"type": "Feature", "geometry": {"coordinates": [[1.5, -2.25], [3, 4]]}, "tags": ["a", "é", null, true]})");
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      Bytes bytes;
      REQUIRE(codec->encode(document, bytes).ok());
      for (std::size_t size = 0; size < bytes.size(); ++size) {
        CAPTURE(size);
        const Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
        if (entry.name == "flatbuffers") {
          // FlexBuffers has no framing: the root is read from the buffer's
          // last bytes, so a prefix may well be a valid (other) buffer, e.g.
          // one ending in 00 02 is the document null. It must not crash,
          // and what it decodes to must encode.
          Document out = stale();
          const Status status = codec->decode(prefix, out);
          check_tagged_agrees(*codec, prefix, status, out);
          if (status.ok()) {
            Bytes again;
            CHECK(codec->encode(out, again).ok());
          } else {
            CHECK(out.is_null());
          }
          continue;
        }
        decode_fails(*codec, prefix);
      }
    }
  }
}

TEST_CASE("documents bad input: garbage bytes fail cleanly or decode to a document that encodes",
          "[documents][badinput]") {
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      decode_fails(*codec, {});
      decode_fails(*codec, {0xff, 0xff, 0xff, 0xff});
      std::mt19937 random(1234);
      for (int round = 0; round < 2000; ++round) {
        Bytes bytes(1 + random() % 40);
        for (auto& byte : bytes) byte = static_cast<std::uint8_t>(random());
        Document out = stale();
        const Status status = codec->decode(bytes, out);
        check_tagged_agrees(*codec, bytes, status, out);
        if (!status.ok()) {
          CAPTURE(wcb::test::hex(bytes), status.message());
          CHECK(status.message().starts_with(std::string(codec->name()) + ": "));
          CHECK(status.message().size() <= kMaxErrorBytes);
          CHECK(out.is_null());
          continue;
        }
        Bytes again;
        const Status encoded = codec->encode(out, again);
        CAPTURE(wcb::test::hex(bytes), encoded.message());
        CHECK(encoded.ok());
      }
    }
  }
}

TEST_CASE("documents bad input: nesting beyond kMaxDepth is refused by every decoder",
          "[documents][badinput]") {
  const std::size_t limit = wcb::documents::kMaxDepth;
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      // The hand-written bytes are right: at the limit they decode.
      Document out;
      const Status at_limit = codec->decode(nested_arrays(entry.name, limit), out);
      INFO(at_limit.message());
      REQUIRE(at_limit.ok());
      const std::string message = decode_fails(*codec, nested_arrays(entry.name, limit + 1));
      CHECK_THAT(message,
                 Catch::Contains(entry.name == "bson" ? "nesting deeper than 256 levels at $.k.k"
                                                      : "nesting deeper than 256 levels at $[0][0]"));
      // Far deeper: refused, no stack exhaustion.
      decode_fails(*codec, nested_arrays(entry.name, 100'000));
    }
  }
}

TEST_CASE("documents bad input: every encoder refuses nesting beyond kMaxDepth", "[documents][badinput]") {
  const Document deep = wcb::test::nested_document(wcb::documents::kMaxDepth + 1);
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      CHECK_THAT(encode_fails(*codec, deep), Catch::Contains("nesting deeper than 256 levels: $[0].k[0].k"));
    }
  }
}

TEST_CASE("documents bad input: json refuses NaN and Infinity, naming the path", "[documents][badinput]") {
  const auto codec = wcb::make_document_codec("json");
  REQUIRE(codec);
  const Document document = Document::parse(R"({"a": [1, 2, 0], "b": {"c d": [0]}})");
  Document nan = document;
  nan["a"][2] = std::nan("");
  CHECK(encode_fails(*codec, nan) == "json: JSON has no NaN or Infinity: $.a[2]");
  Document infinity = document;
  infinity["b"]["c d"][0] = -std::numeric_limits<double>::infinity();
  CHECK(encode_fails(*codec, infinity) == "json: JSON has no NaN or Infinity: $.b[\"c d\"][0]");
}

TEST_CASE("documents bad input: a lone surrogate escape is refused by the JSON-text decoders",
          "[documents][badinput]") {
  // JSON.parse keeps "\udc00" as a lone UTF-16 unit; a UTF-8 document cannot
  // hold it. RapidJSON 1.1.0 would pass it on as the bytes ED B0 80.
  for (const std::string name : {"json", "rapidjson"}) {
    const auto codec = wcb::make_document_codec(name);
    if (!codec) continue;
    CAPTURE(name);
    CHECK_THAT(decode_fails(*codec, wcb::test::bytes_of(R"({"a": ["ok", "x\udc00"]})")),
               Catch::Contains("surrogate"));
    CHECK_THAT(decode_fails(*codec, wcb::test::bytes_of(R"({"\udfff": 1})")), Catch::Contains("surrogate"));
    CHECK_THAT(decode_fails(*codec, wcb::test::bytes_of(R"(["\ud800"])")), Catch::Contains("surrogate"));
  }
  const auto rapidjson = wcb::make_document_codec("rapidjson");
  if (rapidjson) {
    CHECK_THAT(
        decode_fails(*rapidjson, wcb::test::bytes_of(R"({"a": ["ok", "x\udc00"]})")),
        Catch::EndsWith("a lone low surrogate escape (\\udc00-\\udfff), which is not valid UTF-8 at $.a[1]"));
    // A pair is one character, U+1F600.
    Document out;
    REQUIRE(rapidjson->decode(wcb::test::bytes_of(R"(["\ud83d\ude00"])"), out).ok());
    CHECK(out[0].get<std::string>() == "\xf0\x9f\x98\x80");
  }
}

TEST_CASE("documents bad input: strings that are not UTF-8 are refused by every encoder",
          "[documents][badinput]") {
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      Document document = Document::object({{"list", Document::array({"ok", std::string("\xff")})}});
      CHECK_THAT(encode_fails(*codec, document),
                 Catch::EndsWith("a string that is not valid UTF-8: $.list[1]"));
      Document key = Document::object({{"fine", Document::object({{std::string("\xc3"), 1}})}});
      CHECK_THAT(encode_fails(*codec, key), Catch::Contains("a key that is not valid UTF-8: $.fine"));
    }
  }
}

// JSON text keeps a repeated key's last value, as JSON.parse does
// (json_text_test.cpp); the binary formats refuse the repeat.
TEST_CASE("documents bad input: repeated keys are refused by the binary formats", "[documents][badinput]") {
  const std::vector<std::pair<std::string, Bytes>> inputs = {
      {"msgpack", {0x81, 0xa1, 'x', 0x82, 0xa1, 'a', 0x01, 0xa1, 'a', 0x02}},
      {"cbor", {0xa1, 0x61, 'x', 0xa2, 0x61, 'a', 0x01, 0x61, 'a', 0x02}},
      {"bson", {0x1b, 0, 0, 0, 0x03, 'x', 0, 0x13, 0, 0, 0, 0x10, 'a', 0,
                1,    0, 0, 0, 0x10, 'a', 0, 2,    0, 0, 0, 0,    0}},
  };
  for (const auto& [name, bytes] : inputs) {
    const auto codec = wcb::make_document_codec(name);
    if (!codec) continue;
    CAPTURE(name);
    CHECK_THAT(decode_fails(*codec, bytes), Catch::Contains("repeated key \"a\" in the object at $.x"));
  }
}

TEST_CASE("documents bad input: msgpack values a document cannot hold", "[documents][badinput]") {
  const auto codec = wcb::make_document_codec("msgpack");
  if (!codec) return;
  CHECK_THAT(decode_fails(*codec, {0x81, 0x01, 0x01}),
             Catch::Contains("a map key that is an integer, not a string"));
  CHECK_THAT(decode_fails(*codec, {0x91, 0xc4, 0x01, 0x00}), Catch::Contains("binary data (bin)"));
  CHECK_THAT(decode_fails(*codec, {0x81, 0xa1, 'e', 0xd4, 0x05, 0x00}),
             Catch::Contains("an ext value of type 5, which a JSON-like document cannot hold at $.e"));
  CHECK_THAT(decode_fails(*codec, {0xa1, 0xff}), Catch::Contains("not valid UTF-8"));
  CHECK_THAT(decode_fails(*codec, {0xc0, 0xc0}), Catch::Contains("1 unexpected bytes after the value"));
  CHECK_THAT(decode_fails(*codec, {0xc1}), Catch::Contains("malformed msgpack"));
  // A claimed count of 2^32-1 elements allocates nothing up front.
  decode_fails(*codec, {0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0});
}

TEST_CASE("documents bad input: cbor values a document cannot hold", "[documents][badinput]") {
  const auto codec = wcb::make_document_codec("cbor");
  if (!codec) return;
  // -2^64: nlohmann would read it as a positive int64.
  CHECK_THAT(decode_fails(*codec, {0x81, 0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}),
             Catch::Contains("a negative integer below -2^63, beyond what a document holds at $[0]"));
  Document out;
  REQUIRE(codec->decode(Bytes{0x3b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, out).ok());
  CHECK(out.get<std::int64_t>() == std::numeric_limits<std::int64_t>::min());
  CHECK_THAT(decode_fails(*codec, {0x81, 0x41, 0x00}), Catch::Contains("binary data"));
  CHECK_THAT(decode_fails(*codec, {0x61, 0xff}), Catch::Contains("not valid UTF-8"));
  decode_fails(*codec, {0xc0, 0x61, 'a'});   // a tag
  decode_fails(*codec, {0xa1, 0x01, 0x01});  // an integer key
  decode_fails(*codec, {0xf7});              // undefined
  decode_fails(*codec, {0xf6, 0xf6});        // two values
}

TEST_CASE("documents bad input: bson limits", "[documents][badinput]") {
  const auto codec = wcb::make_document_codec("bson");
  if (!codec) return;
  Document document =
      Document::object({{"a", Document::array({1, Document::object({{std::string("k\0ey", 4), 1}})})}});
  CHECK_THAT(
      encode_fails(*codec, document),
      Catch::Contains("BSON keys cannot contain NUL (U+0000): they are C strings: $.a[1][\"k\\u0000ey\"]"));
  const Document big = Document::object({{"n", std::numeric_limits<std::uint64_t>::max()}});
  CHECK_THAT(encode_fails(*codec, big),
             Catch::Contains("BSON has no integer above 2^63-1 (its largest is int64): $.n"));
  // Sizes and terminators of the top level.
  decode_fails(*codec, {0x05, 0, 0, 0, 0, 0});
  decode_fails(*codec, {0x06, 0, 0, 0, 0});
  decode_fails(*codec, {0x05, 0, 0, 0, 1});
  // An ObjectId (0x07): a type nlohmann does not read.
  Bytes object_id = {0x14, 0, 0, 0, 0x07, 'i', 0};
  object_id.insert(object_id.end(), 12, 0xab);
  object_id.push_back(0);
  decode_fails(*codec, object_id);
}

TEST_CASE("documents bad input: flatbuffers keys cannot hold NUL", "[documents][badinput]") {
  const auto codec = wcb::make_document_codec("flatbuffers");
  if (!codec) return;
  const Document document = Document::object({{"x", Document::object({{std::string("a\0b", 3), 1}})}});
  CHECK_THAT(encode_fails(*codec, document), Catch::Contains("FlexBuffers keys cannot contain NUL"));
#ifdef WCB_TEST_FLEXBUFFERS
  // A blob.
  flexbuffers::Builder builder;
  const std::uint8_t blob[] = {1, 2, 3};
  builder.Blob(blob, sizeof blob);
  builder.Finish();
  CHECK_THAT(decode_fails(*codec, builder.GetBuffer()), Catch::Contains("a blob"));
#endif
}

TEST_CASE("documents bad input: protobuf holds integers only as doubles", "[documents][badinput]") {
  const auto codec = wcb::make_document_codec("protobuf");
  if (!codec) return;
  const Document document = Document::object({{"ids", Document::array({1, std::int64_t{9007199254740993}})}});
  CHECK_THAT(encode_fails(*codec, document),
             Catch::Contains("cannot hold the integer 9007199254740993 exactly: $.ids[1]"));
  // 2^60 is a double exactly.
  Bytes bytes;
  CHECK(codec->encode(Document(std::int64_t{1} << 60), bytes).ok());
  decode_fails(*codec, {0x2a, 0x00, 0x2a});                                        // truncated
  CHECK_THAT(decode_fails(*codec, {0x38, 0x01}), Catch::Contains("no kind set"));  // only an unknown field
}

TEST_CASE("documents bad input: the committed fuzz corpus replays cleanly", "[documents][badinput]") {
  for (const auto& entry : wcb::document_codec_registry()) {
    const std::filesystem::path folder =
        std::filesystem::path(WCB_FUZZ_CORPUS_DIR) / (std::string(entry.name) + "_documents");
    if (!std::filesystem::is_directory(folder)) continue;
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      for (const auto& file : std::filesystem::directory_iterator(folder)) {
        const std::string text = wcb::test::read_file(file.path());
        const Bytes bytes(text.begin(), text.end());
        CAPTURE(file.path().filename().string());
        Document out = stale();
        const Status status = codec->decode(bytes, out);
        check_tagged_agrees(*codec, bytes, status, out);
        if (!status.ok()) {
          CHECK(status.message().starts_with(std::string(codec->name()) + ": "));
          CHECK(out.is_null());
          continue;
        }
        Bytes again;
        CHECK(codec->encode(out, again).ok());
      }
    }
  }
}

TEST_CASE("documents bad input: hostile tagged bytes into every encoder fail cleanly, naming the codec",
          "[documents][badinput]") {
  const Document document = Document::parse(
      R"({"type": "Feature", "geometry": {"coordinates": [[1.5, -2.25], [3, 4]]}, "tags": ["a", "é", null, true],
          "more": [{"type": 1}, {"type": 2}]})");
  Bytes tagged;
  wcb::documents::write_tagged(document, tagged);
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      const auto encode_tagged_fails = [&](const Bytes& bytes) {
        const std::unique_ptr<std::uint8_t[]> copy(new std::uint8_t[bytes.size() + 1]);
        std::copy(bytes.begin(), bytes.end(), copy.get());
        Bytes out = {1, 2, 3};
        const Status status =
            codec->encode_tagged(std::span<const std::uint8_t>(copy.get(), bytes.size()), out);
        CAPTURE(wcb::test::hex(bytes));
        REQUIRE_FALSE(status.ok());
        CHECK(status.message().starts_with(std::string(codec->name()) + ": "));
        CHECK(status.message().size() <= kMaxErrorBytes);
        CHECK(out.empty());
        return status.message();
      };
      for (std::size_t size = 0; size < tagged.size(); ++size) {
        CAPTURE(size);
        CHECK_THAT(
            encode_tagged_fails(Bytes(tagged.begin(), tagged.begin() + static_cast<std::ptrdiff_t>(size))),
            Catch::Contains("tagged form: "));
      }
      // A key repeated by reference, and a reference to no key.
      CHECK_THAT(encode_tagged_fails({7, 2, 0, 0, 0, 2, 0, 0, 0, 'a', 0, 1, 0, 0, 0, 0}),
                 Catch::Contains("the key \"a\" repeated in one object"));
      CHECK_THAT(encode_tagged_fails({7, 1, 0, 0, 0, 5, 0, 0, 0, 0}), Catch::Contains("not yet given"));
      std::mt19937 random(99);
      for (int round = 0; round < 2000; ++round) {
        Bytes bytes = tagged;
        for (int flips = 1 + static_cast<int>(random() % 3); flips > 0; --flips)
          bytes[random() % bytes.size()] ^= static_cast<std::uint8_t>(1u << (random() % 8));
        Bytes out;
        const Status status = codec->encode_tagged(bytes, out);
        CAPTURE(wcb::test::hex(bytes), status.message());
        if (!status.ok()) {
          CHECK(status.message().starts_with(std::string(codec->name()) + ": "));
          CHECK(out.empty());
          continue;
        }
        // What it encoded is what read_tagged reads from those bytes.
        Document expected;
        wcb::documents::read_tagged(bytes, expected);
        Document back;
        REQUIRE(codec->decode(out, back).ok());
        CHECK(wcb::documents::first_difference(expected, back, codec->keeps_key_order()) == "");
      }
    }
  }
}
