// The msgpack message codec writes each record as a map with the JS names
// as keys in the JS order, the timestamp as the timestamp extension (-1),
// binary as bin and floats as float32, and reads every encoding JS msgpack
// libraries choose for the same values.
#include <catch2/catch.hpp>
#include <cstring>
#include <msgpack.hpp>
#include <string>

#include "test_support.h"
#include "workloads/messages/registry.h"

using wcb::Bytes;
using wcb::Status;
using wcb::messages::Kind;
using wcb::messages::Message;
using wcb::test::big_endian;
using wcb::test::bits_of;
using wcb::test::join;
namespace msg = wcb::messages;

namespace {

// --- hand-written msgpack, independent of msgpack-cxx ---
Bytes str(std::string_view text) {
  Bytes header;
  if (text.size() < 32) {
    header = {static_cast<std::uint8_t>(0xa0 | text.size())};
  } else if (text.size() < 256) {
    header = {0xd9, static_cast<std::uint8_t>(text.size())};
  } else {
    header = join({{0xda}, big_endian(text.size(), 2)});
  }
  return join({header, wcb::test::bytes_of(text)});
}
Bytes float64(double value) { return join({{0xcb}, big_endian(bits_of(value), 8)}); }
Bytes float32(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return join({{0xca}, big_endian(bits, 4)});
}
// {foo, thisIs, another} of a small object, then `sub` when given.
Bytes small_object(std::string_view foo, std::string_view this_is, const Bytes& another,
                   const Bytes& sub = {}) {
  return join({{static_cast<std::uint8_t>(sub.empty() ? 0x83 : 0x84)},
               str("foo"),
               str(foo),
               str("thisIs"),
               str(this_is),
               str("another"),
               another,
               sub.empty() ? Bytes{} : join({str("sub"), sub})});
}
// {"value": <value>}
Bytes value_map(const Bytes& value) { return join({{0x81}, str("value"), value}); }

Bytes encode(const Message& message) {
  return wcb::test::encode_message_ok(*wcb::test::require_message_codec("msgpack"), message);
}

Message decode_ok(Kind kind, const Bytes& bytes) {
  Message out;
  const Status status = wcb::test::require_message_codec("msgpack")->decode(kind, bytes, out);
  INFO(status.message());
  REQUIRE(status.ok());
  return out;
}

std::string decode_error(Kind kind, const Bytes& bytes) {
  Message out;
  const Status status = wcb::test::require_message_codec("msgpack")->decode(kind, bytes, out);
  REQUIRE_FALSE(status.ok());
  return status.message();
}

const msg::Record& sample_record() { return std::get<msg::Record>(msg::sample_message(Kind::Record)); }

// The sample record's bytes up to its createdAt value, and after it.
Bytes record_head() {
  const msg::Record& record = sample_record();
  return join({{0x8a},
               str("id"),
               {0xce, 0x07, 0x5b, 0xcd, 0x15},
               str("active"),
               {0xc3},
               str("score"),
               float64(record.score),
               str("balance"),
               float64(record.balance),
               str("latitude"),
               float32(record.latitude),
               str("longitude"),
               float32(record.longitude),
               str("createdAt")});
}
Bytes record_tail() {
  const msg::Record& record = sample_record();
  return join({str("name"),
               str(record.name),
               str("description"),
               str(record.description),
               str("tags"),
               {0x94, 0x01},
               str("two"),
               float64(3.5),
               {0xc2}});
}
Bytes record_with_timestamp(const Bytes& timestamp) {
  return join({record_head(), timestamp, record_tail()});
}
msg::Record record_at(std::int64_t ms) {
  msg::Record record = sample_record();
  record.created_at = msg::Timestamp{std::chrono::milliseconds{ms}};
  return record;
}

}  // namespace

TEST_CASE("messages format: msgpack bytes of every record", "[messages][format][msgpack]") {
  // 2026-11-30T12:34:56.789Z: 1796042096 s and 789000000 ns, the 64-bit
  // form (what @msgpack/msgpack writes for the JS Date: d7ff bc1cbd00 6b0d6d70).
  const Bytes created_at = {0xd7, 0xff, 0xbc, 0x1c, 0xbd, 0x00, 0x6b, 0x0d, 0x6d, 0x70};
  Bytes blob(256);
  for (std::size_t i = 0; i < blob.size(); ++i) blob[i] = static_cast<std::uint8_t>(i * 37 + 11);
  const Bytes expected[] = {
      value_map({0xc3}),
      value_map({0xd2, 0xf8, 0xa4, 0x32, 0xeb}),
      value_map(float64(3.141592653589793)),
      value_map(str("Grüße, 世界! wasm ✓ 🚀")),
      value_map({0x9a, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89}),
      value_map(join({{0x81},
                      str("level2"),
                      {0x81},
                      str("level3"),
                      {0x83},
                      str("flag"),
                      {0xc3},
                      str("count"),
                      {0x03},
                      str("label"),
                      str("deep")})),
      record_with_timestamp(created_at),
      join({{0x82}, str("name"), str("blob-256"), str("data"), {0xc5, 0x01, 0x00}, blob}),
      // 1234, 5678 and 9012 as uint16 (0xcd), the smallest int format.
      small_object("bar", "a small object", {0xcd, 0x04, 0xd2}),
      small_object("bar", "an object with a sub-object", {0xcd, 0x04, 0xd2},
                   small_object("baz", "the sub-object", {0xcd, 0x16, 0x2e})),
      small_object("bar", "an object two levels deep", {0xcd, 0x04, 0xd2},
                   small_object("baz", "the first sub-object", {0xcd, 0x16, 0x2e},
                                small_object("qux", "the second sub-object", {0xcd, 0x23, 0x34}))),
  };
  static_assert(std::size(expected) == msg::kKindCount);
  for (const Message& sample : msg::sample_messages()) {
    const Kind kind = msg::kind_of(sample);
    CAPTURE(msg::kind_name(kind));
    const Bytes bytes = encode(sample);
    CAPTURE(wcb::test::hex(bytes));
    CHECK(bytes == expected[static_cast<std::size_t>(kind)]);
  }
}

TEST_CASE("messages format: msgpack-cxx reads the record as the same values", "[messages][format][msgpack]") {
  const Bytes bytes = encode(sample_record());
  const msgpack::object_handle handle =
      msgpack::unpack(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto fields = handle.get().as<std::map<std::string, msgpack::object>>();
  REQUIRE(fields.size() == 10);
  CHECK(fields.at("id").as<std::int32_t>() == sample_record().id);
  CHECK(fields.at("latitude").type == msgpack::type::FLOAT32);
  CHECK(fields.at("latitude").as<float>() == sample_record().latitude);
  CHECK(fields.at("description").as<std::string>() == sample_record().description);
  // The timestamp extension (msgpack-cxx's chrono adaptor needs Boost,
  // which this build leaves out).
  const msgpack::object& created_at = fields.at("createdAt");
  REQUIRE(created_at.type == msgpack::type::EXT);
  CHECK(created_at.via.ext.type() == -1);
  CHECK(created_at.via.ext.size == 8);
  CHECK(fields.at("tags").via.array.size == 4);
}

TEST_CASE("messages format: msgpack timestamps take the smallest of the three forms",
          "[messages][format][msgpack]") {
  struct Case {
    std::int64_t ms;
    Bytes bytes;
  };
  const Case cases[] = {
      // Whole seconds in [0, 2^32): 32-bit.
      {0, {0xd6, 0xff, 0, 0, 0, 0}},
      {1000, {0xd6, 0xff, 0, 0, 0, 1}},
      {4'294'967'295'000, {0xd6, 0xff, 0xff, 0xff, 0xff, 0xff}},
      // Seconds in [0, 2^34) with milliseconds, or whole past 2^32: 64-bit.
      {1, join({{0xd7, 0xff}, big_endian(std::uint64_t{1'000'000} << 34, 8)})},
      {4'294'967'296'000, join({{0xd7, 0xff}, big_endian(4'294'967'296, 8)})},
      // Before the epoch or from 2^34 s on: 96-bit (@msgpack/msgpack writes
      // c70cff 3b9aca00-1000000 ffffffffffffffff for -1 ms).
      {-1, join({{0xc7, 0x0c, 0xff}, big_endian(999'000'000, 4), big_endian(~0ULL, 8)})},
      {(1LL << 34) * 1000 + 5,
       join({{0xc7, 0x0c, 0xff}, big_endian(5'000'000, 4), big_endian(1ULL << 34, 8)})},
      {-62'167'219'200'000, join({{0xc7, 0x0c, 0xff},
                                  big_endian(0, 4),
                                  big_endian(static_cast<std::uint64_t>(-62'167'219'200LL), 8)})},
  };
  for (const Case& test : cases) {
    CAPTURE(test.ms);
    const Bytes expected = record_with_timestamp(test.bytes);
    CHECK(encode(record_at(test.ms)) == expected);
    CHECK(decode_ok(Kind::Record, expected) == Message(record_at(test.ms)));
  }
}

TEST_CASE("messages format: msgpack decode accepts the other encodings of the same values",
          "[messages][format][msgpack]") {
  // Any int format for an int32, an integral float too (JS numbers).
  for (const Bytes& value :
       {Bytes{0xd3, 0xff, 0xff, 0xff, 0xff, 0xf8, 0xa4, 0x32, 0xeb}, float64(-123456789.0)}) {
    CAPTURE(wcb::test::hex(value));
    CHECK(decode_ok(Kind::Int, value_map(value)) == Message(msg::IntMessage{-123456789}));
  }
  CHECK(decode_ok(Kind::Int, value_map({0xcf, 0, 0, 0, 0, 0, 0, 0, 7})) == Message(msg::IntMessage{7}));
  // Ints and float32 for a double.
  CHECK(decode_ok(Kind::Double, value_map({0x05})) == Message(msg::DoubleMessage{5.0}));
  CHECK(decode_ok(Kind::Double, value_map(float32(0.5f))) == Message(msg::DoubleMessage{0.5}));
  // float64 for a float field, as JS libraries write a JS number.
  msg::Record record = sample_record();
  Bytes bytes = record_with_timestamp({0xd7, 0xff, 0xbc, 0x1c, 0xbd, 0x00, 0x6b, 0x0d, 0x6d, 0x70});
  const Bytes latitude = float32(record.latitude);
  const auto at = std::search(bytes.begin(), bytes.end(), latitude.begin(), latitude.end());
  REQUIRE(at != bytes.end());
  const Bytes wide = float64(static_cast<double>(record.latitude));
  bytes.erase(at, at + static_cast<std::ptrdiff_t>(latitude.size()));
  bytes.insert(bytes.begin() + (at - bytes.begin()), wide.begin(), wide.end());
  CHECK(decode_ok(Kind::Record, bytes) == Message(record));
  // Keys in another order, str8 keys.
  CHECK(decode_ok(Kind::Binary, join({{0x82},
                                      str("data"),
                                      {0xc4, 0x01, 0x07},
                                      {0xd9, 0x04},
                                      wcb::test::bytes_of("name"),
                                      str("n")})) == Message(msg::BinaryMessage{"n", {7}}));
  // Mixed array elements typed by value: an integral float64 is an int32.
  record.tags = {std::int32_t{4}, 2147483648.0, true, std::string("x")};
  Bytes tags = join({record_head(),
                     {0xd7, 0xff, 0xbc, 0x1c, 0xbd, 0x00, 0x6b, 0x0d, 0x6d, 0x70},
                     str("name"),
                     str(record.name),
                     str("description"),
                     str(record.description),
                     str("tags"),
                     {0x94},
                     float64(4.0),
                     {0xce, 0x80, 0, 0, 0},
                     {0xc3},
                     str("x")});
  CHECK(decode_ok(Kind::Record, tags) == Message(record));
}

TEST_CASE("messages format: msgpack refuses timestamps a record cannot hold", "[messages][format][msgpack]") {
  struct Case {
    Bytes timestamp;
    const char* message;
  };
  const Case cases[] = {
      {join({{0xd7, 0xff}, big_endian((std::uint64_t{1} << 34) | 5, 8)}),
       "msgpack: record: field \"createdAt\": a timestamp with sub-millisecond precision"},
      {join({{0xc7, 0x0c, 0xff}, big_endian(1'000'000'000, 4), big_endian(0, 8)}),
       "msgpack: record: field \"createdAt\": a timestamp with 1000000000 nanoseconds"},
      {join({{0xc7, 0x0c, 0xff}, big_endian(0, 4), big_endian(1ULL << 62, 8)}),
       "msgpack: record: field \"createdAt\": timestamp 4611686018427387904 s is outside the range of a JS "
       "Date"},
      {{0xd5, 0xff, 0, 0},
       "msgpack: record: field \"createdAt\": a timestamp extension of 2 bytes, expected 4, 8 or 12"},
      {{0xd6, 0x01, 0, 0, 0, 0},
       "msgpack: record: field \"createdAt\": expected a timestamp (ext type -1), got an ext value of type "
       "1"},
      {str("2026-11-30T12:34:56.789Z"),
       "msgpack: record: field \"createdAt\": expected a timestamp (ext type -1), got a string"},
  };
  for (const Case& test : cases) {
    CAPTURE(test.message);
    const std::string message = decode_error(Kind::Record, record_with_timestamp(test.timestamp));
    CHECK(message.rfind(test.message, 0) == 0);
  }
}

TEST_CASE("messages format: msgpack library version comes from msgpack-cxx's macros",
          "[messages][format][msgpack]") {
  CHECK(wcb::test::require_message_codec("msgpack")->library_version() == "msgpack-cxx " MSGPACK_VERSION);
}
