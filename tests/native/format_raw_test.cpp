// The raw codec's layout: a 16-byte header ("WCBR", item size, item count,
// little-endian) and the item array as it lies in memory.
#include <catch2/catch.hpp>
#include <cstring>

#include "test_support.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Item;
using wcb::Items;

TEST_CASE("format: raw bytes are the header and the items' memory", "[format][raw]") {
  const auto codec = wcb::make_codec("raw");
  REQUIRE(codec != nullptr);
  CHECK(codec->library_version() == "memcpy");
  for (const std::size_t count : {0, 1, 3, 1000}) {
    CAPTURE(count);
    const Items items = wcb::test::dataset_items(count);
    Bytes bytes;
    REQUIRE(codec->encode(items, bytes).ok());
    REQUIRE(bytes.size() == 16 + 24 * count);
    const Bytes header = wcb::test::join(
        {wcb::test::bytes_of("WCBR"), wcb::test::little_endian(24, 4), wcb::test::little_endian(count, 8)});
    CHECK(Bytes(bytes.begin(), bytes.begin() + 16) == header);
    if (count > 0) CHECK(std::memcmp(bytes.data() + 16, items.data(), 24 * count) == 0);
    // The padding word after x is zero, so equal items give equal bytes.
    for (std::size_t i = 0; i < count; ++i) {
      std::int32_t padding;
      std::memcpy(&padding, bytes.data() + 16 + 24 * i + 4, sizeof padding);
      REQUIRE(padding == 0);
    }
  }
}
