// The document checksum (docs/documents.md) against values computed outside
// this code: FNV-1a 32 of the canonical walk's bytes, worked out by a small
// independent script (Python's struct.pack for the u32 counts and float64s).
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "workloads/documents/checksum.h"

using wcb::documents::Document;
using wcb::documents::document_checksum;

TEST_CASE("documents checksum: scalars match FNV-1a of their canonical bytes") {
  CHECK(document_checksum(Document(nullptr)) == 0xeb0c3431u);  // "n"
  CHECK(document_checksum(Document(false)) == 0xe30c2799u);    // "f"
  CHECK(document_checksum(Document(true)) == 0xf10c3da3u);     // "t"
  CHECK(document_checksum(Document(-0.5)) == 0xd61d0ffau);     // "d" + float64 LE
  CHECK(document_checksum(Document("")) == 0xee439ba2u);       // "s" + u32 0
  // UTF-8 bytes (c3 a9), length 2, not one character.
  CHECK(document_checksum(Document("\xc3\xa9")) == 0x84e77770u);
}

TEST_CASE("documents checksum: numbers enter as float64 whatever their Document type") {
  CHECK(document_checksum(Document(std::int64_t{1})) == 0xd5f6008au);
  CHECK(document_checksum(Document(std::uint64_t{1})) == 0xd5f6008au);
  CHECK(document_checksum(Document(1.0)) == 0xd5f6008au);
  // 2^64 - 1 becomes the float64 2^64, as a JS number would hold it.
  CHECK(document_checksum(Document(std::numeric_limits<std::uint64_t>::max())) == 0x39f69df6u);
  CHECK(document_checksum(Document(18446744073709551616.0)) == 0x39f69df6u);
}

TEST_CASE("documents checksum: containers count their members and keep key order") {
  CHECK(document_checksum(Document::array()) == 0xf6808fecu);
  CHECK(document_checksum(Document::object()) == 0x9e6c3e7eu);
  CHECK(document_checksum(Document::parse(R"([1, "a", null])")) == 0x99ca26ebu);
  // Keys without the string tag, in the document's order: the same members
  // in another order give another checksum.
  const Document ba = Document::parse(R"({"b": 1, "a": [true]})");
  const Document ab = Document::parse(R"({"a": [true], "b": 1})");
  CHECK(document_checksum(ba) == 0x8a2af500u);
  CHECK(document_checksum(ab) == 0xf50fba34u);
}

TEST_CASE("documents checksum: a value JSON has no form for is an error") {
  CHECK_THROWS_AS(document_checksum(Document::binary({1, 2, 3})), std::invalid_argument);
  CHECK_THROWS_AS(document_checksum(Document::array({Document(Document::value_t::discarded)})),
                  std::invalid_argument);
}
