// The cbor and bson codecs' own readers (src/codecs/cbor/reader.h,
// src/codecs/bson/reader.h) against nlohmann's from_cbor/from_bson, the
// readers they replaced, kept here only as the reference: the same document
// from every sample, every byte sequence of the other documents tests, every
// truncation and thousands of mutations; where nlohmann accepts what ours
// refuse, the refusal must be one of the checks ours add.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "documents_samples.h"
#include "test_support.h"
#include "workloads/documents/registry.h"
#include "workloads/documents/tagged.h"

using wcb::Bytes;
using wcb::Status;
using wcb::documents::Document;

namespace {

// Equal documents: numbers by value (nlohmann's mixed-type ==, the sign of
// a zero too), NaN equal to NaN, keys in order.
bool same(const Document& a, const Document& b) {
  if (a.is_number_float() && b.is_number_float()) {
    const double x = a.get<double>();
    const double y = b.get<double>();
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    return x == y && std::signbit(x) == std::signbit(y);
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!same(a[i], b[i])) return false;
    }
    return true;
  }
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    auto right = b.begin();
    for (auto left = a.begin(); left != a.end(); ++left, ++right) {
      if (left.key() != right.key() || !same(left.value(), right.value())) return false;
    }
    return true;
  }
  return a == b;
}

// nlohmann's reading of `bytes`, the bson wrapper unwrapped as the codec
// does; false when nlohmann refuses them.
bool reference(std::string_view codec, const Bytes& bytes, Document& out) {
  try {
    if (codec == "cbor") {
      out = Document::from_cbor(bytes);
    } else {
      out = Document::from_bson(bytes);
      if (out.is_object() && out.size() == 1 && out.begin().key() == "value") {
        Document value = out.begin().value();
        out = std::move(value);
      }
    }
    return !out.is_discarded();
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

// What ours refuse that nlohmann read: the checks the readers and the sink
// add (reader.h of each codec, events.h).
bool stricter_check(const std::string& message) {
  for (const char* words :
       {"binary data", "not valid UTF-8", "repeated key", "a negative integer below -2^63",
        "nesting deeper than", "does not match its contents", "a bool byte of",
        "a string that does not end with its 0 byte", "a chunk of an indefinite-length text string",
        "an element name without its 0 byte",
        // The codec's checks of the top document (nlohmann ignored its size).
        "the document's size says", "the document does not end with its 0 byte"}) {
    if (message.find(words) != std::string::npos) return true;
  }
  return false;
}

// Ours and nlohmann's agree on `bytes`: the same document, or both refuse,
// or ours refuse by one of the added checks. Also decode_tagged agrees with
// decode. Counts the inputs both read.
std::size_t agree(std::string_view name, const Bytes& bytes) {
  const auto codec = wcb::make_document_codec(name);
  REQUIRE(codec);
  Document ours;
  const Status status = codec->decode(bytes, ours);
  Document theirs;
  const bool read = reference(name, bytes, theirs);
  CAPTURE(name, wcb::test::hex(bytes), status.message());
  if (status.ok()) {
    REQUIRE(read);
    CAPTURE(ours.dump(), theirs.dump());
    CHECK(same(ours, theirs));
  } else {
    CHECK(status.message().starts_with(std::string(name) + ": "));
    if (read) {
      CAPTURE(theirs.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
      CHECK(stricter_check(status.message()));
    }
  }
  Bytes tagged;
  const Status tagged_status = codec->decode_tagged(bytes, tagged);
  if (!status.ok()) CHECK_FALSE(tagged_status.ok());
  return status.ok() && read ? 1 : 0;
}

const char* const kCodecs[] = {"cbor", "bson"};

bool built(std::string_view name) { return wcb::make_document_codec(name) != nullptr; }

Bytes encoded(std::string_view name, const Document& document) {
  Bytes bytes;
  const Status status = wcb::make_document_codec(name)->encode(document, bytes);
  INFO(status.message());
  REQUIRE(status.ok());
  return bytes;
}

}  // namespace

TEST_CASE("documents readers: cbor and bson read every sample as nlohmann does, and refuse every truncation",
          "[documents][readers]") {
  for (const char* name : kCodecs) {
    if (!built(name)) continue;
    for (const auto& sample : wcb::test::sample_documents()) {
      CAPTURE(name, sample.name);
      const Bytes bytes = encoded(name, sample.document);
      CHECK(agree(name, bytes) == 1);
      if (bytes.size() > 2000) continue;
      for (std::size_t size = 0; size < bytes.size(); ++size) {
        const Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
        agree(name, prefix);
        Document out;
        CHECK_FALSE(wcb::make_document_codec(name)->decode(prefix, out).ok());
      }
    }
  }
}

TEST_CASE("documents readers: cbor and bson agree with nlohmann on mutated samples and random bytes",
          "[documents][readers]") {
  for (const char* name : kCodecs) {
    if (!built(name)) continue;
    std::mt19937 random(34);
    std::size_t both_read = 0;
    for (const auto& sample : wcb::test::sample_documents()) {
      const Bytes bytes = encoded(name, sample.document);
      if (bytes.size() > 4000) continue;
      for (int round = 0; round < 300; ++round) {
        Bytes mutated = bytes;
        const int flips = 1 + static_cast<int>(random() % 3);
        for (int i = 0; i < flips; ++i) {
          auto& byte = mutated[random() % mutated.size()];
          byte = round % 2 == 0 ? static_cast<std::uint8_t>(byte ^ (1u << (random() % 8)))
                                : static_cast<std::uint8_t>(random());
        }
        both_read += agree(name, mutated);
      }
    }
    for (int round = 0; round < 3000; ++round) {
      Bytes bytes(1 + random() % 40);
      for (auto& byte : bytes) byte = static_cast<std::uint8_t>(random());
      if (std::string_view(name) == "bson" && bytes.size() >= 5) {
        // A right size and terminator, so that the elements are read.
        for (int i = 0; i < 4; ++i) bytes[i] = static_cast<std::uint8_t>(bytes.size() >> (8 * i));
        bytes.back() = 0;
      }
      both_read += agree(name, bytes);
    }
    CAPTURE(name);
    CHECK(both_read > 100);  // the mutations are not all refused
  }
}

TEST_CASE("documents readers: the byte sequences of the other documents tests", "[documents][readers]") {
  const std::vector<Bytes> cbor = {
      {0xa1, 0x61, 'x', 0xa2, 0x61, 'a', 0x01, 0x61, 'a', 0x02},
      {0x81, 0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
      {0x3b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
      {0x81, 0x41, 0x00},
      {0x61, 0xff},
      {0xc0, 0x61, 'a'},
      {0xa1, 0x01, 0x01},
      {0xf7},
      {0xf6, 0xf6},
      {},
      {0xff, 0xff, 0xff, 0xff},
      {0x9f, 0xf9, 0x3c, 0x00, 0xbf, 0x61, 'k', 0x80, 0xff, 0xff},
      {0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf6},
      {0xbb, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x61, 'a', 0xf6},
  };
  const std::vector<Bytes> bson = {
      {0x1b, 0, 0, 0, 0x03, 'x', 0, 0x13, 0, 0, 0, 0x10, 'a', 0, 1, 0, 0, 0, 0x10, 'a', 0, 2, 0, 0, 0, 0, 0},
      {0x05, 0, 0, 0, 0, 0},
      {0x06, 0, 0, 0, 0},
      {0x05, 0, 0, 0, 1},
      {0x05, 0, 0, 0, 0},
      {0x11, 0, 0, 0, 0x03, 'v', 'a', 'l', 'u', 'e', 0, 0x04, 0, 0, 0, 0, 0},
      {0x14, 0, 0, 0, 0x03, 'v', 'a', 'l', 'u', 'e', 0, 0x08, 0, 0, 0, 0, 0x0a, 'x', 0, 0},
      {0x0d, 0, 0, 0, 0x08, 'v', 'a', 'l', 'u', 'e', 0, 0x01, 0},
      {0x0d, 0, 0, 0, 0x08, 'v', 'a', 'l', 'u', 'e', 0, 0x02, 0},
      {0x0e, 0, 0, 0, 0x02, 's', 0, 0x01, 0, 0, 0, 0, 0, 0},
      {0x0e, 0, 0, 0, 0x02, 's', 0, 0x00, 0, 0, 0, 0, 0, 0},
  };
  for (const Bytes& bytes : cbor) agree("cbor", bytes);
  for (const Bytes& bytes : bson) agree("bson", bytes);
  // Nested containers, at and past the limit.
  for (const std::size_t levels : {std::size_t{256}, std::size_t{257}}) {
    Bytes arrays(levels, 0x81);
    arrays.push_back(0xf6);
    agree("cbor", arrays);
  }
}

TEST_CASE("documents readers: cbor's indefinite lengths", "[documents][readers]") {
  if (!built("cbor")) return;
  const auto decoded = [](const Bytes& bytes) {
    Document out;
    const Status status = wcb::make_document_codec("cbor")->decode(bytes, out);
    INFO(status.message());
    REQUIRE(status.ok());
    CHECK(agree("cbor", bytes) == 1);
    return out;
  };
  const auto refused = [](const Bytes& bytes) {
    Document out;
    const Status status = wcb::make_document_codec("cbor")->decode(bytes, out);
    CHECK_FALSE(status.ok());
    agree("cbor", bytes);
    return status.message();
  };
  // A text string in chunks, as a value and as a key; empty chunks; none.
  CHECK(decoded({0x7f, 0x62, 'a', 'b', 0x60, 0x61, 'c', 0xff}) == Document("abc"));
  CHECK(decoded({0x7f, 0xff}) == Document(""));
  CHECK(decoded({0xbf, 0x7f, 0x61, 'k', 0x62, 'e', 'y', 0xff, 0x01, 0x61, 'z', 0xf5, 0xff}) ==
        Document::parse(R"({"key": 1, "z": true})"));
  // A chunk's UTF-8 may be split between chunks: the joined text is checked.
  CHECK(decoded({0x7f, 0x61, 0xc3, 0x61, 0xa9, 0xff}) == Document("é"));
  // Indefinite arrays and maps, nested, empty, mixed with definite ones.
  CHECK(decoded({0x9f, 0x9f, 0xff, 0x82, 0x01, 0x9f, 0x02, 0xff, 0xbf, 0xff, 0xff}) ==
        Document::parse("[[], [1, [2]], {}]"));
  CHECK(decoded({0xa1, 0x61, 'a', 0x9f, 0xbf, 0x61, 'b', 0x9f, 0xff, 0xff, 0xff}) ==
        Document::parse(R"({"a": [{"b": []}]})"));
  // Refused: a chunk of another type, a break as a map's value, a break
  // alone, an indefinite integer, an unended container or string.
  CHECK_THAT(refused({0x7f, 0x41, 'a', 0xff}),
             Catch::Contains("a chunk of an indefinite-length text string"));
  CHECK_THAT(refused({0x7f, 0x7f, 0xff, 0xff}),
             Catch::Contains("a chunk of an indefinite-length text string"));
  CHECK_THAT(refused({0xbf, 0x61, 'a', 0xff}), Catch::Contains("a break (0xff) outside"));
  CHECK_THAT(refused({0xff}),
             Catch::Contains("a break (0xff) outside an indefinite-length array, map or string"));
  CHECK_THAT(refused({0x1f}), Catch::Contains("an integer with an indefinite length (initial byte 0x1f)"));
  CHECK_THAT(refused({0x9f, 0x01}), Catch::Contains("the bytes end inside a value at $[1] (byte 2)"));
  CHECK_THAT(refused({0x7f, 0x61, 'a'}), Catch::Contains("the bytes end inside a value"));
}

TEST_CASE("documents readers: the words of the cbor and bson readers", "[documents][readers]") {
  const auto refused = [](std::string_view name, const Bytes& bytes) {
    Document out;
    const Status status = wcb::make_document_codec(name)->decode(bytes, out);
    CHECK_FALSE(status.ok());
    return status.message();
  };
  if (built("cbor")) {
    CHECK(refused("cbor", {0x82, 0xf6, 0xc6, 0x01}) ==
          "cbor: a tag (6), which a document cannot hold at $[1] (byte 2)");
    CHECK(refused("cbor", {0x81, 0xd9, 0xd9, 0xf7, 0x01}) ==
          "cbor: a tag (55799), which a document cannot hold at $[0] (byte 1)");
    CHECK(refused("cbor", {0xa1, 0x01, 0x01}) ==
          "cbor: a map key that is not a text string (initial byte 0x01) at $ (byte 1)");
    CHECK(refused("cbor", {0xf7}) == "cbor: undefined, which a document cannot hold at $ (byte 0)");
    CHECK(refused("cbor", {0xf0}) == "cbor: the simple value 16, which a document cannot hold at $ (byte 0)");
    CHECK(refused("cbor", {0xf8, 0x20}) ==
          "cbor: the simple value 32, which a document cannot hold at $ (byte 0)");
    CHECK(refused("cbor", {0x1c}) ==
          "cbor: the reserved additional information 28 in the initial byte 0x1c at $ (byte 0)");
    CHECK(refused("cbor", {0xf6, 0xf6}) == "cbor: 1 unexpected bytes after the value at byte 1");
    CHECK(refused("cbor", {0x62, 'a'}) == "cbor: a text string of 2 bytes, 1 bytes left at $ (byte 0)");
    CHECK(refused("cbor", {0x9a, 0x00, 0x01, 0x00, 0x00, 0xf6}) ==
          "cbor: an array of 65536 elements, 1 bytes left at $ (byte 0)");
    CHECK(refused("cbor", {0xa2, 0x61, 'a', 0xf6}) == "cbor: a map of 2 pairs, 3 bytes left at $ (byte 0)");
    // Half floats as nlohmann read them: subnormal, largest, infinity, NaN.
    Document out;
    REQUIRE(
        wcb::make_document_codec("cbor")
            ->decode(Bytes{0x84, 0xf9, 0x00, 0x01, 0xf9, 0x7b, 0xff, 0xf9, 0xfc, 0x00, 0xf9, 0x7e, 0x00}, out)
            .ok());
    CHECK(out[0].get<double>() == std::ldexp(1.0, -24));
    CHECK(out[1].get<double>() == 65504.0);
    CHECK(out[2].get<double>() == -std::numeric_limits<double>::infinity());
    CHECK(std::isnan(out[3].get<double>()));
  }
  if (built("bson")) {
    Bytes object_id = {0x14, 0, 0, 0, 0x07, 'i', 0};
    object_id.insert(object_id.end(), 12, 0xab);
    object_id.push_back(0);
    CHECK(
        refused("bson", object_id) ==
        "bson: an element of type 0x07, which a document cannot hold (read: double, string, document, array, "
        "bool, null, int32, int64) at $.i (byte 4)");
    CHECK(refused("bson", {0x0d, 0, 0, 0, 0x05, 'b', 0, 0x01, 0, 0, 0, 0, 0}) ==
          "bson: binary data, which a JSON-like document cannot hold at $.b (byte 4)");
    CHECK(refused("bson", {0x09, 0, 0, 0, 0x08, 'b', 0, 0x02, 0}) ==
          "bson: a bool byte of 2 (0 or 1) at $.b (byte 7)");
    CHECK(refused("bson", {0x0e, 0, 0, 0, 0x02, 's', 0, 0x01, 0, 0, 0, 'x', 0, 0}) ==
          "bson: a string that does not end with its 0 byte at $.s (byte 11)");
    CHECK(refused("bson", {0x0e, 0, 0, 0, 0x02, 's', 0, 0x00, 0, 0, 0, 0, 0, 0}) ==
          "bson: a string length of 0 (at least 1: it counts the 0 byte) at $.s (byte 7)");
    CHECK(refused("bson", {0x08, 0, 0, 0, 0x0a, 'n', 'u', 0}) ==
          "bson: a document's declared size ends before its 0 byte: its size does not match its contents at "
          "$ (byte 8)");
    CHECK(refused("bson", {0x0e, 0, 0, 0, 0x03, 'd', 0, 0x06, 0, 0, 0, 0x0a, 'n', 0}) ==
          "bson: an element name without its 0 byte inside its document at $.d (byte 12)");
    // An embedded array whose elements' names are skipped, not read: any
    // name is fine.
    Document out;
    REQUIRE(
        wcb::make_document_codec("bson")
            ->decode(Bytes{0x15, 0, 0, 0, 0x04, 'a', 0, 0x0d, 0, 0, 0, 0x10, 'x', 'y', 0, 7, 0, 0, 0, 0, 0},
                     out)
            .ok());
    CHECK(out == Document::parse(R"({"a": [7]})"));
  }
}
