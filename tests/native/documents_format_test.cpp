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
#include "workloads/documents/json_text_writer.h"
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

// A sink that writes what it is given as JSON text: decodes checked with no
// Document in between.
class TextSink final : public wcb::documents::DocumentSink {
 public:
  void null() override { writer_.null(); }
  void boolean(bool value) override { writer_.boolean(value); }
  void integer(std::int64_t value) override { writer_.integer(value); }
  void unsigned_integer(std::uint64_t value) override { writer_.unsigned_integer(value); }
  void number(double value) override { writer_.number(value); }
  void string(std::string_view value) override { writer_.string(value); }
  void start_array(std::size_t count) override { writer_.start_array(count); }
  void end_array() override { writer_.end_array(); }
  void start_object(std::size_t count) override { writer_.start_object(count); }
  void key(std::string_view key) override { writer_.key(key); }
  void end_object() override { writer_.end_object(); }
  std::string path() const override { return "$"; }
  void finish() override {}

  std::string text;

 private:
  wcb::json_text::TextWriter<std::string> writer_{text};
};

// The text of the document `bytes` hold, through TextSink.
std::string decoded_text(std::string_view codec_name, const Bytes& bytes, wcb::Status* status = nullptr) {
  const auto codec = wcb::make_document_codec(codec_name);
  REQUIRE(codec);
  TextSink sink;
  const wcb::Status result = codec->decode(bytes, sink);
  if (status != nullptr) {
    *status = result;
  } else {
    INFO(result.message());
    REQUIRE(result.ok());
  }
  return sink.text;
}

// Events from a Document with every container's count unknown, as a reader
// of JSON text or of CBOR's indefinite lengths would give them.
class UncountedSource final : public wcb::documents::DocumentSource {
 public:
  explicit UncountedSource(const Document& document) : document_(document) {}
  void drive(wcb::documents::Events& writer) override {
    Uncounted uncounted(writer);
    wcb::documents::DocumentWalk(document_).drive(uncounted);
  }

 private:
  struct Uncounted final : wcb::documents::Events {
    explicit Uncounted(wcb::documents::Events& to) : to(to) {}
    void null() override { to.null(); }
    void boolean(bool value) override { to.boolean(value); }
    void integer(std::int64_t value) override { to.integer(value); }
    void unsigned_integer(std::uint64_t value) override { to.unsigned_integer(value); }
    void number(double value) override { to.number(value); }
    void string(std::string_view value) override { to.string(value); }
    void start_array(std::size_t) override { to.start_array(wcb::documents::kUnknownCount); }
    void end_array() override { to.end_array(); }
    void start_object(std::size_t) override { to.start_object(wcb::documents::kUnknownCount); }
    void key(std::string_view key) override { to.key(key); }
    void end_object() override { to.end_object(); }
    wcb::documents::Events& to;
  };
  const Document& document_;
};

// `document` as JS holds it: every number by the number rule (number_of),
// as the tagged form carries numbers.
Document as_js(const Document& document) {
  if (document.is_number_float()) return wcb::documents::number_of(document.get<double>());
  if (!document.is_structured()) return document;
  Document copy = document;
  for (auto& element : copy) element = as_js(element);
  return copy;
}

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
  // NaN and the infinities as half floats, as to_cbor writes them.
  CHECK(hex(encoded("cbor", Document::array({std::numeric_limits<double>::quiet_NaN(),
                                             std::numeric_limits<double>::infinity(),
                                             -std::numeric_limits<double>::infinity()}))) ==
        "83 f9 7e 00 f9 7c 00 f9 fc 00");
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

TEST_CASE("documents format: cbor's own writer writes the bytes of nlohmann's to_cbor",
          "[documents][format]") {
  if (!built("cbor")) return;
  std::vector<wcb::test::SampleDocument> samples = wcb::test::sample_documents();
  Document edges = Document::array();
  for (const std::int64_t value :
       {std::int64_t{23}, std::int64_t{24}, std::int64_t{-24}, std::int64_t{-25}, std::int64_t{-256},
        std::int64_t{-257}, std::int64_t{-65536}, std::int64_t{-65537}, std::int64_t{4294967295},
        std::int64_t{4294967296}, std::int64_t{-4294967296}, std::int64_t{-4294967297},
        std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()}) {
    edges.push_back(value);
  }
  edges.push_back(std::numeric_limits<std::uint64_t>::max());
  for (const double value : {3.4028234663852886e38, -3.4028234663852886e38, 3.4028235677973366e38, 1e-45,
                             1.401298464324817e-45, 65504.0, 0.0, -0.0, 16777217.0}) {
    edges.push_back(value);
  }
  edges.push_back(std::string(23, 'a'));
  edges.push_back(std::string(24, 'b'));
  edges.push_back(std::string(256, 'c'));
  edges.push_back(std::string(65536, 'd'));
  samples.push_back({"edges", edges});
  Document long_array = Document::array();
  for (int i = 0; i < 70000; ++i) long_array.push_back(i % 3 == 0 ? Document(i) : Document(nullptr));
  samples.push_back({"long-array", long_array});
  for (const auto& sample : samples) {
    CAPTURE(sample.name);
    CHECK(encoded("cbor", sample.document) == Document::to_cbor(sample.document));
  }
}

TEST_CASE("documents format: cbor writes containers of unknown count with indefinite lengths",
          "[documents][format]") {
  if (!built("cbor")) return;
  const auto codec = wcb::make_document_codec("cbor");
  const Document document = Document::parse(R"({"a": [1, {}], "b": []})");
  UncountedSource source(document);
  Bytes bytes;
  const wcb::Status status = codec->encode(source, bytes);
  INFO(status.message());
  REQUIRE(status.ok());
  CHECK(hex(bytes) == "bf 61 61 9f 01 bf ff ff 61 62 9f ff ff");
  CHECK(decoded("cbor", bytes) == document);
}

TEST_CASE("documents format: bson unwraps its wrapper from the element header, with no Document",
          "[documents][format]") {
  if (!built("bson")) return;
  CHECK(decoded_text("bson", encoded("bson", Document::array({true, Document::array({1})}))) == "[true,[1]]");
  CHECK(decoded_text("bson", encoded("bson", Document("s"))) == R"("s")");
  CHECK(decoded_text("bson", encoded("bson", Document(nullptr))) == "null");
  CHECK(decoded_text("bson", encoded("bson", Document::object({{"value", 5}, {"other", 6}}))) ==
        R"({"value":5,"other":6})");
  CHECK(decoded_text("bson", encoded("bson", Document::object({{"other", 6}, {"value", 5}}))) ==
        R"({"other":6,"value":5})");
  CHECK(decoded_text("bson", encoded("bson", Document::object({{"values", 5}}))) == R"({"values":5})");
  // Errors inside the wrapped value name the path of the document, not of
  // the wrapper.
  const auto codec = wcb::make_document_codec("bson");
  Document out;
  Bytes repeated = encoded("bson", Document::array({Document::object({{"a", 1}, {"b", 2}})}));
  const std::size_t b_at =
      std::string_view(reinterpret_cast<const char*>(repeated.data()), repeated.size()).find("b");
  REQUIRE(b_at != std::string_view::npos);
  repeated[b_at] = 'a';
  const wcb::Status status = codec->decode(repeated, out);
  CHECK_THAT(status.message(), Catch::Contains("at $[0]"));
  // {"value": {}} whose embedded document claims 4 bytes instead of 5: by
  // the header another element follows, by the elements none does.
  const Bytes short_claim = {0x11, 0, 0, 0, 0x03, 'v', 'a', 'l', 'u', 'e', 0, 0x04, 0, 0, 0, 0, 0};
  wcb::Status mismatch;
  decoded_text("bson", short_claim, &mismatch);
  CHECK_THAT(mismatch.message(), Catch::Contains("does not match its contents"));
  // {"value": {}, "x": null} whose embedded document claims the rest: by the
  // header it is the only element, by the elements it is not.
  const Bytes long_claim = {0x14, 0,    0, 0, 0x03, 'v', 'a',  'l', 'u', 'e',
                            0,    0x08, 0, 0, 0,    0,   0x0a, 'x', 0,   0};
  decoded_text("bson", long_claim, &mismatch);
  CHECK_THAT(mismatch.message(), Catch::Contains("does not match its contents"));
}

TEST_CASE("documents format: every writer driven by the tagged form writes what the Document walk writes",
          "[documents][format]") {
  for (const auto& entry : wcb::document_codec_registry()) {
    const auto codec = entry.make();
    for (const auto& sample : wcb::test::sample_documents()) {
      CAPTURE(entry.name, sample.name);
      const Document document = as_js(sample.document);
      Bytes tagged;
      wcb::documents::TaggedSink sink(tagged, wcb::documents::DecodeRules{});
      wcb::documents::DocumentWalk(document).drive(sink);
      sink.finish();
      Bytes from_document;
      Bytes from_tagged;
      REQUIRE(codec->encode(document, from_document).ok());
      const wcb::Status status = codec->encode_tagged(tagged, from_tagged);
      INFO(status.message());
      REQUIRE(status.ok());
      if (entry.name == "protobuf") {
        // Struct is a map, whose order protobuf does not fix from one map to
        // the next: the values must agree.
        Document a;
        Document b;
        REQUIRE(codec->decode(from_document, a).ok());
        REQUIRE(codec->decode(from_tagged, b).ok());
        CHECK(wcb::documents::same_document(a, b, false));
      } else {
        CHECK(from_tagged == from_document);
      }
    }
  }
}
