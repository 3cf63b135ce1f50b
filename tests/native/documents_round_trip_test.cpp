// Every document codec gives back the documents it was given: the samples
// (GeoJSON-like, strings of every kind, nesting, empties, integer and float
// edges, literals, top-level scalars), compared as the runners verify them
// (same_document, keys as a set for a codec that does not keep key order).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "documents_samples.h"
#include "workloads/documents/registry.h"
#include "workloads/documents/tagged.h"

using wcb::Bytes;
using wcb::Status;
using wcb::documents::Document;

namespace {

// Encodes and decodes `document`, requiring both to succeed.
Document round_trip(wcb::documents::DocumentCodec& codec, const Document& document) {
  Bytes bytes;
  const Status encoded = codec.encode(document, bytes);
  INFO(encoded.message());
  REQUIRE(encoded.ok());
  REQUIRE_FALSE(bytes.empty());
  Document decoded = Document::parse(R"({"stale": [1, 2, 3]})");  // replaced by the decode
  const Status status = codec.decode(bytes, decoded);
  INFO(status.message());
  REQUIRE(status.ok());
  return decoded;
}

}  // namespace

TEST_CASE("documents round trip: the registry holds every document codec", "[documents][roundtrip]") {
  std::vector<std::string> names;
  for (const auto& entry : wcb::document_codec_registry()) names.emplace_back(entry.name);
  CHECK(names ==
        std::vector<std::string>{"json", "msgpack", "protobuf", "flatbuffers", "cbor", "bson", "rapidjson"});
}

TEST_CASE("documents round trip: every codec gives back every sample document", "[documents][roundtrip]") {
  REQUIRE_FALSE(wcb::document_codec_registry().empty());
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      for (const auto& sample : wcb::test::sample_documents()) {
        CAPTURE(sample.name);
        const Document decoded = round_trip(*codec, sample.document);
        INFO(wcb::documents::first_difference(sample.document, decoded, codec->keeps_key_order()));
        CHECK(wcb::documents::same_document(sample.document, decoded, codec->keeps_key_order()));
      }
    }
  }
}

TEST_CASE("documents round trip: key order is kept unless the codec says otherwise",
          "[documents][roundtrip]") {
  const Document document = Document::parse(R"({"z": 1, "a": 2, "m": {"y": 3, "b": 4}})");
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      const Document decoded = round_trip(*codec, document);
      CHECK(wcb::documents::same_document(document, decoded, false));
      if (codec->keeps_key_order()) CHECK(wcb::documents::same_document(document, decoded, true));
    }
  }
}

TEST_CASE("documents round trip: nesting up to kMaxDepth works in every codec", "[documents][roundtrip]") {
  const std::size_t depth = wcb::documents::kMaxDepth;
  // Objects only: the deepest protobuf form (3 messages per level).
  Document objects = 1;
  for (std::size_t i = 0; i < depth; ++i) objects = Document::object({{"k", std::move(objects)}});
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      for (const Document& document : {wcb::test::nested_document(depth), objects}) {
        const Document decoded = round_trip(*codec, document);
        CHECK(wcb::documents::same_document(document, decoded, codec->keeps_key_order()));
      }
    }
  }
}

TEST_CASE("documents round trip: NaN and infinities where the format holds them", "[documents][roundtrip]") {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const Document document = Document::array({std::nan(""), kInf, -kInf});
  for (const auto& entry : wcb::document_codec_registry()) {
    if (entry.name == "json" || entry.name == "rapidjson") continue;  // refused: documents_bad_input_test.cpp
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      const Document decoded = round_trip(*codec, document);
      REQUIRE(decoded.size() == 3);
      CHECK(std::isnan(decoded[0].get<double>()));
      CHECK(decoded[1].get<double>() == kInf);
      CHECK(decoded[2].get<double>() == -kInf);
    }
  }
}

TEST_CASE("documents round trip: integers beyond 2^53 where the format holds them",
          "[documents][roundtrip]") {
  const Document document =
      Document::array({std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
                       std::int64_t{9007199254740993}});
  for (const auto& entry : wcb::document_codec_registry()) {
    if (entry.name == "protobuf") continue;  // doubles only: documents_bad_input_test.cpp
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      const Document decoded = round_trip(*codec, document);
      REQUIRE(decoded.size() == 3);
      CHECK(decoded[0].get<std::int64_t>() == std::numeric_limits<std::int64_t>::min());
      CHECK(decoded[1].get<std::int64_t>() == std::numeric_limits<std::int64_t>::max());
      CHECK(decoded[2].get<std::int64_t>() == 9007199254740993);
    }
  }
}

TEST_CASE("documents round trip: protobuf numbers come back by the number rule", "[documents][roundtrip]") {
  const auto codec = wcb::make_document_codec("protobuf");
  if (!codec) return;  // protobuf is not built
  const Document decoded = round_trip(*codec, Document::array({3, 2.5, 1e21, -0.0, 9007199254740992.0}));
  CHECK(decoded[0].is_number_integer());
  CHECK(decoded[1].is_number_float());
  CHECK(decoded[2].is_number_float());    // beyond 2^53: a float64
  CHECK(decoded[3].is_number_integer());  // -0 is integral: 0
  CHECK(decoded[4].is_number_integer());
  CHECK(decoded[4].get<std::int64_t>() == 9007199254740992);
}

TEST_CASE("documents round trip: the timed paths, tagged form to bytes and back, give back every sample",
          "[documents][roundtrip]") {
  for (const auto& entry : wcb::document_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      // One output each, reused from sample to sample as the runners do.
      Bytes encoded;
      Bytes tagged = {0xee};
      for (const auto& sample : wcb::test::sample_documents()) {
        CAPTURE(sample.name);
        Bytes input;
        try {
          wcb::documents::write_tagged(sample.document, input);
        } catch (const std::invalid_argument&) {
          continue;  // beyond what JS holds (an integer past 2^53): never on these paths
        }
        const Status encode_status = codec->encode_tagged(input, encoded);
        INFO(encode_status.message());
        REQUIRE(encode_status.ok());
        const Status decode_status = codec->decode_tagged(encoded, tagged);
        INFO(decode_status.message());
        REQUIRE(decode_status.ok());
        Document decoded;
        wcb::documents::read_tagged(tagged, decoded);
        INFO(wcb::documents::first_difference(sample.document, decoded, codec->keeps_key_order()));
        CHECK(wcb::documents::same_document(sample.document, decoded, codec->keeps_key_order()));
        // Every key of the decoded form is written once, then referred to.
        if (codec->keeps_key_order()) {
          Bytes again;
          wcb::documents::write_tagged(decoded, again);
          CHECK(again == tagged);
        }
      }
    }
  }
}
