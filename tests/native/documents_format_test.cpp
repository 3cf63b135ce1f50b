// The document codecs write the real formats: exact bytes of small
// documents, checked by hand against each format's specification (and, for
// BSON and FlexBuffers, against the library's own writer).
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "documents_samples.h"
#include "test_support.h"
#include "workloads/documents/registry.h"

#ifdef WCB_TEST_FLEXBUFFERS
// flexbuffers.h's number parsing (Reference::AsDouble of a string, never
// used here) would otherwise need flatbuffers' compiled library for its
// locale object; the header-only build has none.
#define FLATBUFFERS_LOCALE_INDEPENDENT 0
#include <flatbuffers/flexbuffers.h>
#endif

using wcb::Bytes;
using wcb::documents::Document;

namespace {

// The codec's bytes of `document` (the codec must be built).
Bytes encoded(std::string_view codec_name, const Document& document) {
  const auto codec = wcb::make_document_codec(codec_name);
  REQUIRE(codec);
  Bytes bytes;
  const wcb::Status status = codec->encode(document, bytes);
  INFO(status.message());
  REQUIRE(status.ok());
  return bytes;
}

Document decoded(std::string_view codec_name, const Bytes& bytes) {
  const auto codec = wcb::make_document_codec(codec_name);
  REQUIRE(codec);
  Document document;
  const wcb::Status status = codec->decode(bytes, document);
  INFO(status.message());
  REQUIRE(status.ok());
  return document;
}

bool built(std::string_view codec) { return wcb::make_document_codec(codec) != nullptr; }

using wcb::test::hex;

}  // namespace

TEST_CASE("documents format: json is compact JSON text", "[documents][format]") {
  CHECK(wcb::test::text_of(encoded("json", Document::parse(R"({"a": [1, 2.5, "é\n", null, true]})"))) ==
        R"({"a":[1,2.5,"é\n",null,true]})");
}

TEST_CASE("documents format: msgpack", "[documents][format]") {
  if (!built("msgpack")) return;
  CHECK(hex(encoded("msgpack", Document::parse(R"({"a": 1})"))) == "81 a1 61 01");
  // Integers in their smallest format; floats always float64.
  CHECK(hex(encoded("msgpack", Document::array({-1, 128, -33, std::int64_t{1} << 53}))) ==
        "94 ff cc 80 d0 df cf 00 20 00 00 00 00 00 00");
  CHECK(hex(encoded("msgpack", Document::array({1.5, -0.0, 1e21}))) ==
        "93 cb 3f f8 00 00 00 00 00 00 cb 80 00 00 00 00 00 00 00 cb 44 4b 1a e4 d6 e2 ef 50");
  CHECK(hex(encoded("msgpack", Document::array({nullptr, false, "hi"}))) == "93 c0 c2 a2 68 69");
  // Decode accepts every int and float format.
  CHECK(decoded("msgpack", {0x92, 0xca, 0x3f, 0xc0, 0x00, 0x00, 0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0}) ==
        Document::array({1.5, std::numeric_limits<std::int64_t>::min()}));
}

TEST_CASE("documents format: cbor", "[documents][format]") {
  if (!built("cbor")) return;
  CHECK(hex(encoded("cbor", Document::parse(R"({"a": 1})"))) == "a1 61 61 01");
  CHECK(hex(encoded("cbor", Document::array({-1, 24, -500, nullptr, true, "é"}))) ==
        "86 20 18 18 39 01 f3 f6 f5 62 c3 a9");
  // nlohmann writes a float as float32 when that holds it exactly.
  CHECK(hex(encoded("cbor", Document::array({1.5, 0.1}))) == "82 fa 3f c0 00 00 fb 3f b9 99 99 99 99 99 9a");
  // Half floats and indefinite lengths decode too.
  CHECK(decoded("cbor", {0x9f, 0xf9, 0x3c, 0x00, 0xbf, 0x61, 'k', 0x80, 0xff, 0xff}) ==
        Document::array({1.0, Document::object({{"k", Document::array()}})}));
}

TEST_CASE("documents format: bson, and its wrapper of a top level that is not a document",
          "[documents][format]") {
  if (!built("bson")) return;
  CHECK(hex(encoded("bson", Document::parse(R"({"a": 1})"))) == "0c 00 00 00 10 61 00 01 00 00 00 00");
  // {"value": 5}
  CHECK(hex(encoded("bson", Document(5))) == "10 00 00 00 10 76 61 6c 75 65 00 05 00 00 00 00");
  // {"value": [true]}: an array is a document keyed "0", "1", ...
  CHECK(hex(encoded("bson", Document::array({true}))) ==
        "15 00 00 00 04 76 61 6c 75 65 00 09 00 00 00 08 30 00 01 00 00");
  // The ambiguity docs/documents.md names: {"value": 5} itself comes back as 5.
  CHECK(decoded("bson", encoded("bson", Document::object({{"value", 5}}))) == Document(5));
  CHECK(decoded("bson", encoded("bson", Document::object({{"value", 5}, {"other", 6}}))) ==
        Document::object({{"value", 5}, {"other", 6}}));
  // The adapter's own writer writes what nlohmann's to_bson writes.
  for (const auto& sample : wcb::test::sample_documents()) {
    if (!sample.document.is_object()) continue;
    CAPTURE(sample.name);
    CHECK(encoded("bson", sample.document) == Document::to_bson(sample.document));
  }
  const Document numbers = Document::object(
      {{"i32", -2147483648}, {"i64", std::int64_t{2147483648}}, {"u", std::uint64_t{5}}, {"d", -0.0}});
  CHECK(encoded("bson", numbers) == Document::to_bson(numbers));
}

TEST_CASE("documents format: protobuf is the standard wire format of google.protobuf.Value",
          "[documents][format]") {
  if (!built("protobuf")) return;
  // Value{struct_value: Struct{fields: {"a": Value{number_value: 1}}}}
  CHECK(hex(encoded("protobuf", Document::parse(R"({"a": 1})"))) ==
        "2a 10 0a 0e 0a 01 61 12 09 11 00 00 00 00 00 00 f0 3f");
  CHECK(hex(encoded("protobuf", Document(nullptr))) == "08 00");
  CHECK(hex(encoded("protobuf", Document("hi"))) == "1a 02 68 69");
  CHECK(hex(encoded("protobuf", Document(true))) == "20 01");
  CHECK(hex(encoded("protobuf", Document::array())) == "32 00");
  CHECK(hex(encoded("protobuf", Document::array({false}))) == "32 04 0a 02 20 00");
}

#ifdef WCB_TEST_FLEXBUFFERS
TEST_CASE("documents format: flatbuffers writes FlexBuffers as its own builder does", "[documents][format]") {
  flexbuffers::Builder builder;
  builder.Map([&] {
    builder.Int("z", 1);
    builder.Vector("a", [&] {
      builder.Double(1.5);
      builder.String("é");
      builder.Null();
      builder.Bool(true);
    });
  });
  builder.Finish();
  const Document document = Document::parse(R"({"z": 1, "a": [1.5, "é", null, true]})");
  CHECK(hex(encoded("flatbuffers", document)) == hex(builder.GetBuffer()));
  // Maps keep their keys sorted: the order comes back sorted.
  const Document back = decoded("flatbuffers", builder.GetBuffer());
  CHECK(back.dump() == R"({"a":[1.5,"é",null,true],"z":1})");
  // Typed and fixed typed vectors decode as arrays.
  flexbuffers::Builder typed;
  typed.Vector([&] {
    const std::int64_t ints[] = {1, -2, 3};
    typed.Vector(ints, 3);
    typed.FixedTypedVector(ints, 2);
    typed.UInt(std::numeric_limits<std::uint64_t>::max());
  });
  typed.Finish();
  CHECK(decoded("flatbuffers", typed.GetBuffer()) ==
        Document::array({Document::array({1, -2, 3}), Document::array({1, -2}),
                         std::numeric_limits<std::uint64_t>::max()}));
}
#endif
