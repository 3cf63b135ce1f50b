// Every codec gives back exactly the items it was given.
#include <catch2/catch.hpp>
#include <cstring>
#include <limits>

#include "test_support.h"
#include "workloads/tuples/dataset.h"
#include "workloads/tuples/item_checksum.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Item;
using wcb::Items;
using wcb::Status;

TEST_CASE("round trip: every codec, every growth step up to 1 MiB, bit-exact", "[roundtrip]") {
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      wcb::TupleDataset dataset;
      // One output buffer and one item vector for all steps, as a benchmark
      // reuses them: they grow and get overwritten from step to step.
      Bytes bytes;
      Items decoded;
      while (true) {
        const wcb::GrowthStep step = dataset.step();
        CAPTURE(step.index, step.count, step.json_bytes);
        const Status encoded = codec->encode(dataset.items(), bytes);
        INFO(encoded.message());
        REQUIRE(encoded.ok());
        const Status status = codec->decode(bytes, decoded);
        INFO(status.message());
        REQUIRE(status.ok());
        REQUIRE(decoded.size() == step.count);
        const std::size_t difference = wcb::test::first_difference(decoded, dataset.items());
        CAPTURE(difference);
        REQUIRE(difference == static_cast<std::size_t>(-1));
        CHECK(wcb::checksum(decoded) == wcb::checksum(dataset.items()));
        if (step.json_bytes > wcb::test::kMiB) break;
        dataset.grow();
      }
    }
  }
}

TEST_CASE("round trip: the empty payload", "[roundtrip]") {
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      Bytes bytes;
      const Status encoded = codec->encode({}, bytes);
      INFO(encoded.message());
      REQUIRE(encoded.ok());
      Items decoded = {Item(7, 7.0, 7.0)};  // must be replaced, not appended to
      const Status status = codec->decode(bytes, decoded);
      INFO(status.message());
      REQUIRE(status.ok());
      CHECK(decoded.empty());
    }
  }
}

TEST_CASE("round trip: extreme values keep their bits", "[roundtrip]") {
  using limits = std::numeric_limits<double>;
  const Items finite = {
      Item(std::numeric_limits<std::int32_t>::min(), -0.0, limits::max()),
      Item(std::numeric_limits<std::int32_t>::max(), limits::min(), limits::denorm_min()),
      Item(0, 0.0, -limits::max()),
      Item(-1, 1e-300, 1e300),
      Item(127, 0.1, -0.30000000000000004),
      Item(128, 9007199254740993.0, -limits::denorm_min()),
      Item(-33, 5.0, -128.0),
  };
  Items non_finite = finite;
  double nan_with_payload;
  const std::uint64_t nan_bits = 0x7ff8'0000'dead'beefULL;
  std::memcpy(&nan_with_payload, &nan_bits, sizeof nan_bits);
  non_finite.emplace_back(1, limits::infinity(), -limits::infinity());
  non_finite.emplace_back(2, nan_with_payload, -limits::quiet_NaN());

  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      // JSON has no NaN or Infinity: the json codec refuses them (checked
      // below); every other codec carries any bit pattern.
      const Items& items = entry.name == "json" || entry.name == "rapidjson" ? finite : non_finite;
      Bytes bytes;
      const Status encoded = codec->encode(items, bytes);
      INFO(encoded.message());
      REQUIRE(encoded.ok());
      Items decoded;
      const Status status = codec->decode(bytes, decoded);
      INFO(status.message());
      REQUIRE(status.ok());
      const std::size_t difference = wcb::test::first_difference(decoded, items);
      CAPTURE(difference);
      CHECK(difference == static_cast<std::size_t>(-1));
    }
  }
}

TEST_CASE("round trip: the json codec refuses NaN and Infinity with an error", "[roundtrip]") {
  const auto codec = wcb::make_codec("json");
  if (!codec) return;  // json is not part of this build
  for (const double bad :
       {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    CAPTURE(bad);
    const Items items = {Item(1, 1.0, 1.0), Item(2, 2.0, bad)};
    Bytes bytes = {1, 2, 3};
    const Status status = codec->encode(items, bytes);
    REQUIRE_FALSE(status.ok());
    CHECK(status.message().rfind("json: item 1 ", 0) == 0);
  }
}
