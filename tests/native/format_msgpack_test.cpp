// The msgpack codec writes what @msgpack/msgpack and msgpackr write for
// { items: [{ x, y, z }] }, and reads the other encodings those libraries
// choose for the same values.
#include <catch2/catch.hpp>
#include <msgpack.hpp>

#include "test_support.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Item;
using wcb::Items;
using wcb::Status;
using wcb::test::big_endian;
using wcb::test::bits_of;
using wcb::test::join;

namespace {

const Bytes kItemsKey = {0xa5, 'i', 't', 'e', 'm', 's'};
const Bytes kX = {0xa1, 'x'};
const Bytes kY = {0xa1, 'y'};
const Bytes kZ = {0xa1, 'z'};
Bytes float64(double value) { return join({{0xcb}, big_endian(bits_of(value), 8)}); }

}  // namespace

TEST_CASE("format: msgpack library version comes from msgpack-cxx's macros", "[format][msgpack]") {
  CHECK(wcb::test::require_codec("msgpack")->library_version() == "msgpack-cxx " MSGPACK_VERSION);
}

TEST_CASE("format: msgpack bytes are those JS msgpack libraries write", "[format][msgpack]") {
  const auto codec = wcb::test::require_codec("msgpack");
  // {"items": []}
  CHECK(wcb::test::encode_ok(*codec, {}) == join({{0x81}, kItemsKey, {0x90}}));
  // Integers take the smallest form (positive ones unsigned), keys are
  // fixstr in x, y, z order, one fixmap per item. Doubles are float64, but
  // one holding an integer is written as that integer, as the JS libraries
  // do; -0.0 stays a float64 so that its sign survives.
  const Items items = {Item(1, 4.1040000000000004, 1.1009999999999994),
                       Item(-5, 0.5, -2.0),
                       Item(200, 1.0, 0.1),
                       Item(-200, 3.0, 4.0),
                       Item(70000, 5.0, 6.0),
                       Item(-2147483647 - 1, 7.0, 8.0),
                       Item(0, -0.0, 1e300),
                       Item(1, 1099511627776.0, -1099511627776.0)};
  // One item per line.
  // clang-format off
  const Bytes expected = join({
      {0x81}, kItemsKey, {0x98},
      {0x83}, kX, {0x01}, kY, float64(4.1040000000000004), kZ, float64(1.1009999999999994),
      {0x83}, kX, {0xfb}, kY, float64(0.5), kZ, {0xfe},
      {0x83}, kX, {0xcc, 0xc8}, kY, {0x01}, kZ, float64(0.1),
      {0x83}, kX, {0xd1, 0xff, 0x38}, kY, {0x03}, kZ, {0x04},
      {0x83}, kX, {0xce, 0x00, 0x01, 0x11, 0x70}, kY, {0x05}, kZ, {0x06},
      {0x83}, kX, {0xd2, 0x80, 0x00, 0x00, 0x00}, kY, {0x07}, kZ, {0x08},
      {0x83}, kX, {0x00}, kY, {0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0}, kZ, float64(1e300),
      {0x83}, kX, {0x01}, kY, {0xcf, 0, 0, 0x01, 0, 0, 0, 0, 0}, kZ, {0xd3, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0},
  });
  // clang-format on
  const Bytes bytes = wcb::test::encode_ok(*codec, items);
  CAPTURE(wcb::test::hex(bytes));
  CHECK(bytes == expected);
}

TEST_CASE("format: msgpack array headers follow the item count", "[format][msgpack]") {
  const auto codec = wcb::test::require_codec("msgpack");
  struct Case {
    std::size_t count;
    Bytes header;
  };
  const Case cases[] = {{15, {0x9f}},
                        {16, {0xdc, 0x00, 0x10}},
                        {65535, {0xdc, 0xff, 0xff}},
                        {65536, {0xdd, 0x00, 0x01, 0x00, 0x00}}};
  for (const Case& test : cases) {
    CAPTURE(test.count);
    const Bytes bytes = wcb::test::encode_ok(*codec, Items(test.count, Item(1, 0.5, 0.5)));
    const Bytes prefix = join({{0x81}, kItemsKey, test.header});
    REQUIRE(bytes.size() > prefix.size());
    CHECK(Bytes(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(prefix.size())) == prefix);
  }
}

TEST_CASE("format: msgpack bytes unpack with msgpack-cxx's object API into the payload's shape",
          "[format][msgpack]") {
  const auto codec = wcb::test::require_codec("msgpack");
  const Items items = wcb::test::dataset_items(300);
  const Bytes bytes = wcb::test::encode_ok(*codec, items);
  const msgpack::object_handle handle =
      msgpack::unpack(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const msgpack::object& root = handle.get();
  REQUIRE(root.type == msgpack::type::MAP);
  REQUIRE(root.via.map.size == 1);
  const msgpack::object_kv& entry = root.via.map.ptr[0];
  REQUIRE(entry.key.type == msgpack::type::STR);
  CHECK(entry.key.as<std::string>() == "items");
  REQUIRE(entry.val.type == msgpack::type::ARRAY);
  REQUIRE(entry.val.via.array.size == items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    CAPTURE(i);
    const msgpack::object& item = entry.val.via.array.ptr[i];
    REQUIRE(item.type == msgpack::type::MAP);
    REQUIRE(item.via.map.size == 3);
    const msgpack::object_kv* fields = item.via.map.ptr;
    CHECK(fields[0].key.as<std::string>() == "x");
    CHECK(fields[1].key.as<std::string>() == "y");
    CHECK(fields[2].key.as<std::string>() == "z");
    REQUIRE(fields[0].val.type == msgpack::type::POSITIVE_INTEGER);
    REQUIRE(fields[1].val.type == msgpack::type::FLOAT64);
    REQUIRE(fields[2].val.type == msgpack::type::FLOAT64);
    CHECK(wcb::same_bits(
        Item(fields[0].val.as<std::int32_t>(), fields[1].val.as<double>(), fields[2].val.as<double>()),
        items[i]));
  }
}

TEST_CASE("format: msgpack decode accepts every encoding JS libraries may choose", "[format][msgpack]") {
  const auto codec = wcb::test::require_codec("msgpack");
  const auto one_item = [](const Bytes& x, const Bytes& y, const Bytes& z) {
    return join({{0x81}, kItemsKey, {0x91, 0x83}, kX, x, kY, y, kZ, z});
  };
  struct Case {
    const char* what;
    Bytes bytes;
    Item expected;
  };
  const Case cases[] = {
      // @msgpack/msgpack and msgpackr write integral doubles as integers.
      {"y and z as fixints", one_item({0x01}, {0x05}, {0xf4}), Item(1, 5.0, -12.0)},
      {"y and z as wide integers",
       one_item({0x01}, {0xcf, 0, 0, 0, 1, 0, 0, 0, 0}, {0xd3, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0}),
       Item(1, 4294967296.0, -4294967296.0)},
      // msgpackr may write a float32 when it holds the value exactly.
      {"y and z as float32", one_item({0x01}, {0xca, 0x3f, 0xc0, 0x00, 0x00}, {0xca, 0xc1, 0x20, 0x00, 0x00}),
       Item(1, 1.5, -10.0)},
      {"x as uint8", one_item({0xcc, 0xff}, {0x00}, {0x00}), Item(255, 0.0, 0.0)},
      {"x as int16", one_item({0xd1, 0x80, 0x00}, {0x00}, {0x00}), Item(-32768, 0.0, 0.0)},
      {"x as uint32 at int32's top", one_item({0xce, 0x7f, 0xff, 0xff, 0xff}, {0x00}, {0x00}),
       Item(2147483647, 0.0, 0.0)},
      {"x as int64 at int32's bottom",
       one_item({0xd3, 0xff, 0xff, 0xff, 0xff, 0x80, 0, 0, 0}, {0x00}, {0x00}),
       Item(-2147483647 - 1, 0.0, 0.0)},
      {"keys in another order, as str8",
       join({{0x81},
             kItemsKey,
             {0x91, 0x83},
             {0xd9, 0x01, 'z'},
             {0x03},
             kX,
             {0x01},
             {0xd9, 0x01, 'y'},
             {0x02}}),
       Item(1, 2.0, 3.0)},
      {"map16 and array32 headers for small counts",
       join({{0xde, 0x00, 0x01},
             kItemsKey,
             {0xdd, 0, 0, 0, 1},
             {0xde, 0x00, 0x03},
             kX,
             {0x01},
             kY,
             {0x02},
             kZ,
             {0x03}}),
       Item(1, 2.0, 3.0)},
  };
  for (const Case& test : cases) {
    CAPTURE(test.what, wcb::test::hex(test.bytes));
    Items out;
    const Status status = codec->decode(test.bytes, out);
    INFO(status.message());
    REQUIRE(status.ok());
    REQUIRE(out.size() == 1);
    CHECK(wcb::same_bits(out[0], test.expected));
  }
}
