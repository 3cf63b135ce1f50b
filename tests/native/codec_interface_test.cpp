// The contract of wcb::Codec every adapter keeps: names, output replacement,
// buffer reuse, and an empty output after a failed decode.
#include <catch2/catch.hpp>
#include <regex>
#include <string>

#include "allocation_tracker.h"
#include "test_support.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Item;
using wcb::Items;
using wcb::Status;

TEST_CASE("interface: the registry lists every codec of the build under its own name", "[interface]") {
  const auto names = wcb::codec_names();
  REQUIRE(!names.empty());
  CHECK(names.front() == "raw");  // the floor is always built, and listed first
  for (const std::string& name : names) {
    CAPTURE(name);
    const auto codec = wcb::make_codec(name);
    REQUIRE(codec != nullptr);
    CHECK(codec->name() == name);
    // "<library> <major>.<minor>.<patch>", or "memcpy" for raw.
    const std::string version = codec->library_version();
    CAPTURE(version);
    if (name == "raw") {
      CHECK(version == "memcpy");
    } else {
      CHECK(std::regex_match(version, std::regex(R"([a-z_+-]+ \d+\.\d+\.\d+)")));
    }
  }
  CHECK(wcb::make_codec("no-such-codec") == nullptr);
  // The generated registry holds the catalog's codecs, in its order.
  std::string joined;
  for (const std::string& name : names) joined += (joined.empty() ? "" : ",") + name;
  CHECK(joined == WCB_CATALOG_TUPLE_CODECS);
}

TEST_CASE("interface: encode replaces the output and keeps its capacity", "[interface]") {
  const Items items = wcb::test::dataset_items(200);
  const std::span<const Item> fewer = std::span(items).first(20);
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      Bytes fresh_full;
      Bytes fresh_fewer;
      REQUIRE(codec->encode(items, fresh_full).ok());
      REQUIRE(codec->encode(fewer, fresh_fewer).ok());

      Bytes out(7, 0xee);  // stale content must not survive
      REQUIRE(codec->encode(items, out).ok());
      CHECK(out == fresh_full);
      const std::uint8_t* data = out.data();
      const std::size_t capacity = out.capacity();

      REQUIRE(codec->encode(items, out).ok());
      CHECK(out == fresh_full);
      CHECK(out.data() == data);
      CHECK(out.capacity() == capacity);

      REQUIRE(codec->encode(fewer, out).ok());
      CHECK(out == fresh_fewer);
      CHECK(out.data() == data);
    }
  }
}

TEST_CASE("interface: decode replaces the output, and a failed decode leaves it empty", "[interface]") {
  const Items items = wcb::test::dataset_items(30);
  // Not a valid payload in any format (for protobuf: a truncated varint).
  const Bytes garbage = {0xff, 0xff, 0xff, 0xff, 0xff};
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      Bytes bytes;
      REQUIRE(codec->encode(items, bytes).ok());

      Items out(100, Item(9, 9.0, 9.0));
      Status status = codec->decode(bytes, out);
      INFO(status.message());
      REQUIRE(status.ok());
      CHECK(wcb::test::same_items(out, items));

      status = codec->decode(garbage, out);
      INFO(status.message());
      CHECK_FALSE(status.ok());
      CHECK(status.message().rfind(std::string(entry.name) + ": ", 0) == 0);
      CHECK(out.empty());

      // The codec object serves the next call normally.
      status = codec->decode(bytes, out);
      REQUIRE(status.ok());
      CHECK(wcb::test::same_items(out, items));
    }
  }
}

TEST_CASE("interface: repeating an encode and a decode reuses the buffers", "[interface]") {
  const Items items = wcb::test::dataset_items(1000);
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      Bytes bytes;
      Items out;
      REQUIRE(codec->encode(items, bytes).ok());
      REQUIRE(codec->decode(bytes, out).ok());

      // No assertion inside the watched region: Catch2 allocates for them.
      const wcb::test::AllocationWatch watch;
      const bool encoded = codec->encode(items, bytes).ok();
      const bool decoded = codec->decode(bytes, out).ok();
      const std::size_t allocations = watch.count();
      REQUIRE(encoded);
      REQUIRE(decoded);
      CAPTURE(allocations);
      if (entry.name == "json") {
        // nlohmann builds a document to serialize: about four allocations per
        // item (an object and its three members) are the library's cost, not
        // the adapter's. Decoding (SAX) allocates nothing per item.
        CHECK(allocations <= 4 * items.size() + 32);
      } else if (entry.name == "msgpack") {
        // msgpack-cxx's parser allocates its container stack once per call.
        CHECK(allocations <= 1);
      } else {
        CHECK(allocations == 0);
      }
    }
  }
}
