// The protobuf codec writes wcb.pb.Items as protobuf's wire format defines
// it: checked byte by byte and with Debian's `protoc --decode_raw`, which
// reads the wire format without the schema.
#include <google/protobuf/stubs/common.h>

#include <catch2/catch.hpp>
#include <cinttypes>
#include <cstdio>

#include "test_support.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Item;
using wcb::Items;
using wcb::Status;
using wcb::test::bits_of;
using wcb::test::join;
using wcb::test::little_endian;

namespace {

// What `protoc --decode_raw` prints for Items: field 1 per item, holding
// x as a varint (int32 sign-extended to 64 bits) and y, z as fixed64 bits.
// proto3 leaves out fields equal to zero (-0.0 has bits, so it is kept).
std::string expected_decode_raw(std::span<const Item> items) {
  std::string text;
  char line[64];
  for (const Item& item : items) {
    text += "1 {\n";
    if (item.x != 0) {
      std::snprintf(line, sizeof line, "  1: %" PRIu64 "\n",
                    static_cast<std::uint64_t>(static_cast<std::int64_t>(item.x)));
      text += line;
    }
    if (bits_of(item.y) != 0) {
      std::snprintf(line, sizeof line, "  2: 0x%016" PRIx64 "\n", bits_of(item.y));
      text += line;
    }
    if (bits_of(item.z) != 0) {
      std::snprintf(line, sizeof line, "  3: 0x%016" PRIx64 "\n", bits_of(item.z));
      text += line;
    }
    text += "}\n";
  }
  return text;
}

}  // namespace

TEST_CASE("format: protobuf library version comes from protobuf's macros", "[format][protobuf]") {
  constexpr int version = GOOGLE_PROTOBUF_VERSION;
  CHECK(wcb::test::require_codec("protobuf")->library_version() ==
        "protobuf-lite " + std::to_string(version / 1000000) + "." + std::to_string(version / 1000 % 1000) +
            "." + std::to_string(version % 1000));
}

TEST_CASE("format: protobuf bytes follow the wire format", "[format][protobuf]") {
  const auto codec = wcb::test::require_codec("protobuf");
  CHECK(wcb::test::encode_ok(*codec, {}).empty());
  // Field 1 (length-delimited, 20 bytes): x as varint field 1, y and z as
  // fixed64 fields 2 and 3, little-endian.
  const Item item(1, 4.1040000000000004, 1.1009999999999994);
  CHECK(wcb::test::encode_ok(*codec, Items{item}) == join({{0x0a, 0x14, 0x08, 0x01, 0x11},
                                                           little_endian(bits_of(item.y), 8),
                                                           {0x19},
                                                           little_endian(bits_of(item.z), 8)}));
  // A negative int32 is a 10-byte varint; zero fields are left out.
  CHECK(wcb::test::encode_ok(*codec, Items{Item(-1, 0.0, 0.0)}) ==
        Bytes{0x0a, 0x0b, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01});
  CHECK(wcb::test::encode_ok(*codec, Items{Item(0, 0.0, 0.0)}) == Bytes{0x0a, 0x00});
}

TEST_CASE("format: protobuf bytes read back with protoc --decode_raw", "[format][protobuf]") {
  const auto codec = wcb::test::require_codec("protobuf");
  Items items = wcb::test::dataset_items(40);
  items.emplace_back(-5, 0.5, -0.0);
  items.emplace_back(0, 0.0, 1e300);
  items.emplace_back(-2147483647 - 1, -1.5, 0.0);
  items.emplace_back(2147483647, 5e-324, -2.0);

  const wcb::test::ScratchFile file(".pb");
  file.write(wcb::test::encode_ok(*codec, items));
  const auto result =
      wcb::test::run_command("'" WCB_PROTOC "' --decode_raw < '" + file.path().string() + "' 2>&1");
  INFO(result.output);
  REQUIRE(result.status == 0);
  CHECK(result.output == expected_decode_raw(items));
}

TEST_CASE("format: protobuf decode reads what other writers may write", "[format][protobuf]") {
  const auto codec = wcb::test::require_codec("protobuf");
  const Bytes y = little_endian(bits_of(1.5), 8);
  const Bytes z = little_endian(bits_of(-2.5), 8);
  struct Case {
    const char* what;
    Bytes bytes;
    Items expected;
  };
  const Case cases[] = {
      {"fields in reverse order",
       join({{0x0a, 0x14, 0x19}, z, {0x11}, y, {0x08, 0x07}}),
       {Item(7, 1.5, -2.5)}},
      {"a field repeated: the last value wins",
       join({{0x0a, 0x16, 0x08, 0x01, 0x11}, y, {0x19}, z, {0x08, 0x02}}),
       {Item(2, 1.5, -2.5)}},
      {"unknown fields inside and between items",
       join({{0x28, 0x05, 0x0a, 0x16, 0x08, 0x03, 0x28, 0x09, 0x11},
             y,
             {0x19},
             z,
             {0x32, 0x01, 'a', 0x0a, 0x00}}),
       {Item(3, 1.5, -2.5), Item(0, 0.0, 0.0)}},
      {"a longer than needed length varint",
       join({{0x0a, 0x94, 0x00, 0x08, 0x04, 0x11}, y, {0x19}, z}),
       {Item(4, 1.5, -2.5)}},
  };
  for (const Case& test : cases) {
    CAPTURE(test.what, wcb::test::hex(test.bytes));
    Items out;
    const Status status = codec->decode(test.bytes, out);
    INFO(status.message());
    REQUIRE(status.ok());
    CHECK(wcb::test::same_items(out, test.expected));
  }
}
