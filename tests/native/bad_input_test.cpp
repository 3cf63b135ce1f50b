// Decoders given truncated, corrupted, random, hostile or mistyped bytes
// return an error naming the codec, never crash, hang or allocate by a
// claimed length, and keep working afterwards.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "allocation_tracker.h"
#include "test_support.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Codec;
using wcb::Item;
using wcb::Items;
using wcb::Status;
using wcb::test::hex;

namespace {

// Three items with varied encodings: a negative x (10-byte protobuf varint,
// msgpack negative fixint), an x past 16 bits, y/z of every magnitude.
const Items kSmall = {Item(1, 4.1040000000000004, 1.1009999999999994), Item(-5, -0.5, 1e300),
                      Item(70000, 0.1, 2.0)};

Bytes encode(Codec& codec, std::span<const Item> items) {
  Bytes bytes;
  const Status status = codec.encode(items, bytes);
  INFO(status.message());
  REQUIRE(status.ok());
  return bytes;
}

bool names_codec(const Status& status, const Codec& codec) {
  const std::string prefix = std::string(codec.name()) + ": ";
  return status.message().size() > prefix.size() && status.message().compare(0, prefix.size(), prefix) == 0;
}

// Decodes from a heap buffer of exactly the input's size, so that reading
// one byte too far is a sanitizer error, into an `out` holding stale items.
Status decode_exact(Codec& codec, std::span<const std::uint8_t> bytes, Items& out) {
  const Bytes exact(bytes.begin(), bytes.end());
  out.assign(2, Item(9, 9.0, 9.0));
  return codec.decode(exact, out);
}

// A failure must name the codec and leave `out` empty; success is allowed.
void check_clean_outcome(Codec& codec, std::span<const std::uint8_t> bytes) {
  Items out;
  const Status status = decode_exact(codec, bytes, out);
  if (status.ok()) return;
  if (!names_codec(status, codec) || !out.empty()) {
    CAPTURE(hex(bytes.first(std::min<std::size_t>(bytes.size(), 64))));
    CAPTURE(status.message(), out.size());
    CHECK(names_codec(status, codec));
    CHECK(out.empty());
  }
}

// The decode must fail, name the codec, leave `out` empty and allocate no
// more than a small multiple of the input (never by a claimed count).
std::string require_error(Codec& codec, std::span<const std::uint8_t> bytes) {
  Items out;
  const wcb::test::AllocationWatch watch;
  const Status status = decode_exact(codec, bytes, out);
  CAPTURE(hex(bytes.first(std::min<std::size_t>(bytes.size(), 64))));
  INFO(status.message());
  CHECK_FALSE(status.ok());
  CHECK(names_codec(status, codec));
  CHECK(out.empty());
  CHECK(watch.largest() <= 4 * bytes.size() + 64 * 1024);
  return status.message();
}

void require_error_mentioning(Codec& codec, std::span<const std::uint8_t> bytes, std::string_view words) {
  const std::string message = require_error(codec, bytes);
  CAPTURE(message, words);
  CHECK(message.find(words) != std::string::npos);
}

// After bad input the same codec object still decodes good input.
void require_still_works(Codec& codec) {
  const Bytes bytes = encode(codec, kSmall);
  Items out;
  const Status status = codec.decode(bytes, out);
  INFO(status.message());
  REQUIRE(status.ok());
  CHECK(wcb::test::same_items(out, kSmall));
}

// Where protobuf's top-level fields end: each item is tag 0x0a, a one-byte
// length, then the item. A cut exactly there leaves a valid, shorter message.
std::vector<std::size_t> protobuf_item_boundaries(std::span<const std::uint8_t> bytes) {
  std::vector<std::size_t> boundaries = {0};
  std::size_t position = 0;
  while (position < bytes.size()) {
    REQUIRE(bytes[position] == 0x0a);
    REQUIRE(bytes[position + 1] < 0x80);
    position += 2 + bytes[position + 1];
    boundaries.push_back(position);
  }
  REQUIRE(position == bytes.size());
  return boundaries;
}

std::unique_ptr<Codec> codec_or_skip(std::string_view name) {
  auto codec = wcb::make_codec(name);
  if (!codec) WARN("codec " << name << " is not part of this build");
  return codec;
}

// --- hand-written msgpack, independent of msgpack-cxx ---
Bytes mp_map(std::uint8_t pairs) { return {static_cast<std::uint8_t>(0x80 | pairs)}; }
Bytes mp_array(std::uint8_t count) { return {static_cast<std::uint8_t>(0x90 | count)}; }
Bytes mp_str(std::string_view text) {
  Bytes bytes(1 + text.size());
  bytes[0] = static_cast<std::uint8_t>(0xa0 | text.size());
  std::copy(text.begin(), text.end(), bytes.begin() + 1);
  return bytes;
}
Bytes mp_f64(double value) {
  return wcb::test::join({{0xcb}, wcb::test::big_endian(wcb::test::bits_of(value), 8)});
}
Bytes mp_item(const Bytes& x, const Bytes& y, const Bytes& z) {
  return wcb::test::join({mp_map(3), mp_str("x"), x, mp_str("y"), y, mp_str("z"), z});
}
Bytes mp_payload(const Bytes& items_value) {
  return wcb::test::join({mp_map(1), mp_str("items"), items_value});
}
Bytes mp_one_item(const Bytes& item) { return mp_payload(wcb::test::join({mp_array(1), item})); }

}  // namespace

TEST_CASE("bad input: empty input", "[bad-input]") {
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      if (entry.name == "protobuf") {
        // Zero bytes are a valid protobuf message: Items with no items (the
        // encoding of the empty payload).
        Items out;
        const Status status = decode_exact(*codec, {}, out);
        INFO(status.message());
        CHECK(status.ok());
        CHECK(out.empty());
      } else {
        require_error(*codec, Bytes{});
      }
    }
  }
}

TEST_CASE("bad input: every truncation of a small encoding", "[bad-input]") {
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      const Bytes bytes = encode(*codec, kSmall);
      if (entry.name == "protobuf") {
        // A prefix is a valid message exactly when it ends between two items;
        // it then holds those first items. Any other cut is an error.
        const auto boundaries = protobuf_item_boundaries(bytes);
        for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
          CAPTURE(cut);
          const auto prefix = std::span(bytes).first(cut);
          const auto boundary = std::find(boundaries.begin(), boundaries.end(), cut);
          if (boundary == boundaries.end()) {
            require_error(*codec, prefix);
            continue;
          }
          Items out;
          const Status status = decode_exact(*codec, prefix, out);
          INFO(status.message());
          REQUIRE(status.ok());
          const auto kept = static_cast<std::size_t>(boundary - boundaries.begin());
          CHECK(wcb::test::same_items(out, std::span(kSmall).first(kept)));
        }
      } else {
        for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
          CAPTURE(cut);
          require_error(*codec, std::span(bytes).first(cut));
        }
      }
      require_still_works(*codec);
    }
  }
}

TEST_CASE("bad input: every single-bit flip of a small encoding", "[bad-input]") {
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      const Bytes bytes = encode(*codec, kSmall);
      std::size_t failures = 0;
      for (std::size_t position = 0; position < bytes.size(); ++position) {
        for (int bit = 0; bit < 8; ++bit) {
          CAPTURE(position, bit);
          Bytes flipped = bytes;
          flipped[position] ^= static_cast<std::uint8_t>(1u << bit);
          Items out;
          const Status status = decode_exact(*codec, flipped, out);
          if (!status.ok()) {
            ++failures;
            INFO(status.message());
            REQUIRE(names_codec(status, *codec));
            REQUIRE(out.empty());
          }
        }
      }
      // Flips inside numbers decode to other numbers, flips in the structure
      // must be caught: some of each.
      CAPTURE(failures, bytes.size() * 8);
      CHECK(failures > 0);
      CHECK(failures < bytes.size() * 8);
      require_still_works(*codec);
    }
  }
}

TEST_CASE("bad input: random bytes and randomly corrupted encodings", "[bad-input]") {
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      const Bytes valid = encode(*codec, wcb::test::dataset_items(20));
      std::mt19937 random(20240601);  // fixed seed: failures reproduce
      std::uniform_int_distribution<int> byte(0, 255);
      for (int round = 0; round < 300; ++round) {
        CAPTURE(round);
        // Pure noise of any length.
        Bytes noise(std::uniform_int_distribution<std::size_t>(0, 300)(random));
        for (auto& value : noise) value = static_cast<std::uint8_t>(byte(random));
        check_clean_outcome(*codec, noise);

        // A valid start followed by noise reaches deeper into the decoder.
        const auto kept = std::uniform_int_distribution<std::ptrdiff_t>(0, std::ssize(valid))(random);
        Bytes tail(valid.begin(), valid.begin() + kept);
        for (int extra = std::uniform_int_distribution<int>(0, 40)(random); extra > 0; --extra) {
          tail.push_back(static_cast<std::uint8_t>(byte(random)));
        }
        check_clean_outcome(*codec, tail);

        // A valid encoding with a few bytes overwritten.
        Bytes corrupted = valid;
        for (int hits = std::uniform_int_distribution<int>(1, 4)(random); hits > 0; --hits) {
          corrupted[std::uniform_int_distribution<std::size_t>(0, corrupted.size() - 1)(random)] =
              static_cast<std::uint8_t>(byte(random));
        }
        check_clean_outcome(*codec, corrupted);
      }
      require_still_works(*codec);
    }
  }
}

TEST_CASE("bad input: raw: hostile header", "[bad-input]") {
  const auto codec = codec_or_skip("raw");
  if (!codec) return;
  const Bytes body(24, 0);
  const auto header = [](std::string_view magic, std::uint32_t item_size, std::uint64_t count) {
    return wcb::test::join({wcb::test::bytes_of(magic), wcb::test::little_endian(item_size, 4),
                            wcb::test::little_endian(count, 8)});
  };
  SECTION("a count of 2^31 items over one item's bytes") {
    require_error_mentioning(*codec, wcb::test::join({header("WCBR", 24, 1ull << 31), body}),
                             "2147483648 items");
  }
  SECTION("the largest count") { require_error(*codec, wcb::test::join({header("WCBR", 24, ~0ull), body})); }
  SECTION("a count whose byte size overflows 64 bits") {
    require_error(*codec, wcb::test::join({header("WCBR", 24, (~0ull / 24) + 2), body}));
  }
  SECTION("a body that is not a whole number of items") {
    require_error(*codec, wcb::test::join({header("WCBR", 24, 1), body, {0}}));
  }
  SECTION("another item size") {
    require_error_mentioning(*codec, wcb::test::join({header("WCBR", 16, 1), body}), "item size 16");
    require_error_mentioning(*codec, wcb::test::join({header("WCBR", 0, 0)}), "item size 0");
  }
  SECTION("another magic") {
    require_error_mentioning(*codec, wcb::test::join({header("WCBX", 24, 1), body}), "magic");
  }
  require_still_works(*codec);
}

TEST_CASE("bad input: msgpack: hostile counts and lengths", "[bad-input]") {
  const auto codec = codec_or_skip("msgpack");
  if (!codec) return;
  const Bytes item = mp_item({0x01}, mp_f64(1.5), mp_f64(2.5));
  SECTION("array32 claiming 2^31-1 items, one present") {
    require_error(*codec, mp_payload(wcb::test::join({{0xdd, 0x7f, 0xff, 0xff, 0xff}, item})));
  }
  SECTION("array32 claiming 2^32-1 items, none present") {
    require_error(*codec, mp_payload({0xdd, 0xff, 0xff, 0xff, 0xff}));
  }
  SECTION("array16 claiming 65535 items, none present") {
    require_error(*codec, mp_payload({0xdc, 0xff, 0xff}));
  }
  SECTION("map32 item claiming 2^31-1 pairs") {
    require_error(*codec, mp_payload(wcb::test::join({mp_array(1), {0xdf, 0x7f, 0xff, 0xff, 0xff}})));
  }
  SECTION("str32 key claiming 4 GiB") {
    require_error(*codec, Bytes{0x81, 0xdb, 0xff, 0xff, 0xff, 0xff, 'i'});
  }
  SECTION("bin32 value claiming 4 GiB") { require_error(*codec, mp_payload({0xc6, 0xff, 0xff, 0xff, 0xff})); }
  SECTION("ext32 claiming 4 GiB") { require_error(*codec, mp_payload({0xc9, 0xff, 0xff, 0xff, 0xff, 0x01})); }
  SECTION("arrays nested 100000 deep") {
    require_error(*codec, wcb::test::join({mp_map(1), mp_str("items"), Bytes(100000, 0x91)}));
  }
  SECTION("maps nested 100000 deep") {
    Bytes nested;
    for (int depth = 0; depth < 100000; ++depth) nested.insert(nested.end(), {0x81, 0xa1, 'x'});
    require_error(*codec, mp_payload(wcb::test::join({mp_array(1), nested})));
  }
  require_still_works(*codec);
}

TEST_CASE("bad input: msgpack: wrong types and shapes", "[bad-input]") {
  const auto codec = codec_or_skip("msgpack");
  if (!codec) return;
  const Bytes y = mp_f64(1.5);
  const Bytes z = mp_f64(2.5);
  struct Case {
    const char* what;
    Bytes bytes;
    const char* message;
  };
  const Case cases[] = {
      {"x as a string", mp_one_item(mp_item(mp_str("1"), y, z)),
       "x of item 0 is a string, expected a number"},
      {"x as a float", mp_one_item(mp_item(mp_f64(1.0), y, z)),
       "x of item 0 is a float, expected an integer"},
      {"x of 2^31 (uint32)", mp_one_item(mp_item({0xce, 0x80, 0, 0, 0}, y, z)), "outside the int32 range"},
      {"x of -2^31-1 (int64)",
       mp_one_item(mp_item({0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff}, y, z)),
       "outside the int32 range"},
      // msgpack-cxx reads every signed format as a "negative" integer,
      // positive values too: the upper bound must be checked there as well.
      {"x of 2^31 (int64)", mp_one_item(mp_item({0xd3, 0, 0, 0, 0, 0x80, 0, 0, 0}, y, z)),
       "outside the int32 range"},
      {"x of 2^40 (int64)", mp_one_item(mp_item({0xd3, 0, 0, 0x01, 0, 0, 0, 0, 0}, y, z)),
       "outside the int32 range"},
      {"y nil", mp_one_item(mp_item({0x01}, {0xc0}, z)), "y of item 0 is nil"},
      {"z boolean", mp_one_item(mp_item({0x01}, y, {0xc3})), "z of item 0 is a boolean"},
      {"y binary", mp_one_item(mp_item({0x01}, {0xc4, 0x01, 0x00}, z)), "y of item 0 is binary data"},
      {"z missing", mp_one_item(wcb::test::join({mp_map(2), mp_str("x"), {0x01}, mp_str("y"), y})),
       "lacks z"},
      {"an extra key",
       mp_one_item(wcb::test::join(
           {mp_map(4), mp_str("x"), {0x01}, mp_str("y"), y, mp_str("z"), z, mp_str("w"), {0x01}})),
       "unexpected key \"w\" in item 0"},
      {"a duplicate key",
       mp_one_item(wcb::test::join({mp_map(3), mp_str("x"), {0x01}, mp_str("x"), {0x02}, mp_str("z"), z})),
       "duplicate key \"x\""},
      {"an integer key", mp_one_item(wcb::test::join({mp_map(1), {0x01}, {0x01}})),
       "a map key is an integer"},
      {"items as a map", mp_payload(mp_map(0)), "\"items\" holds a map, expected an array"},
      {"an item as an array", mp_payload(wcb::test::join({mp_array(1), mp_array(0)})), "item 0 is an array"},
      {"the top level as an array", mp_array(0), "an array at the top level"},
      {"no items key", mp_map(0), "no \"items\" array"},
      {"another top-level key", wcb::test::join({mp_map(1), mp_str("itemz"), mp_array(0)}),
       "unexpected key \"itemz\""},
      {"bytes after the payload", wcb::test::join({mp_payload(mp_array(0)), {0xc0}}),
       "1 unexpected bytes after"},
      // The offset is the bad byte's own: after fixmap(1) and fixstr "items".
      {"the reserved byte 0xc1", mp_payload({0xc1}), "malformed msgpack: invalid type byte at offset 7"},
      {"the reserved byte 0xc1 first", {0xc1}, "malformed msgpack: invalid type byte at offset 0"},
  };
  for (const Case& test : cases) {
    CAPTURE(test.what);
    require_error_mentioning(*codec, test.bytes, test.message);
  }
  require_still_works(*codec);
}

TEST_CASE("bad input: protobuf: hostile lengths and nesting", "[bad-input]") {
  const auto codec = codec_or_skip("protobuf");
  if (!codec) return;
  SECTION("an item claiming 2^31-1 bytes") {
    require_error(*codec, Bytes{0x0a, 0xff, 0xff, 0xff, 0xff, 0x07, 0x08, 0x01});
  }
  SECTION("an item claiming 2^63-1 bytes") {
    require_error(*codec, Bytes{0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x08, 0x01});
  }
  SECTION("an item claiming 2^32 bytes (wraps a 32-bit length)") {
    require_error(*codec, Bytes{0x0a, 0x80, 0x80, 0x80, 0x80, 0x10, 0x08, 0x01});
  }
  SECTION("an unknown field inside an item claiming 2^31-1 bytes") {
    require_error(*codec, Bytes{0x0a, 0x06, 0x22, 0xff, 0xff, 0xff, 0xff, 0x07});
  }
  SECTION("a varint longer than 10 bytes") {
    require_error(*codec, wcb::test::join({{0x10}, Bytes(11, 0xff), {0x01}}));
  }
  SECTION("groups nested 100000 deep") { require_error(*codec, Bytes(100000, 0x23)); }
  SECTION("groups nested 100000 deep inside an item") {
    // Item of 100000 bytes: length 100000 as a varint is a0 8d 06.
    require_error(*codec, wcb::test::join({{0x0a, 0xa0, 0x8d, 0x06}, Bytes(100000, 0x23)}));
  }
  require_still_works(*codec);
}

TEST_CASE("bad input: protobuf: invalid wire types, and the mismatched types protobuf accepts",
          "[bad-input]") {
  const auto codec = codec_or_skip("protobuf");
  if (!codec) return;
  SECTION("wire types 6 and 7 do not exist") {
    require_error(*codec, Bytes{0x0e, 0x00});
    require_error(*codec, Bytes{0x0f, 0x00});
    require_error(*codec, Bytes{0x0a, 0x02, 0x0e, 0x00});
  }
  SECTION("field number 0 is invalid") { require_error(*codec, Bytes{0x02, 0x00}); }
  SECTION("an end-group without its start") {
    require_error(*codec, Bytes{0x0c});
    require_error(*codec, Bytes{0x0a, 0x01, 0x0c});
  }
  SECTION("a field whose wire type does not match the schema is an unknown field, not an error") {
    // Protobuf's rule, so that schemas can evolve: an item whose x arrives as
    // the string "1" keeps x at its default 0 and still reads y and z.
    const Bytes y = wcb::test::little_endian(wcb::test::bits_of(1.5), 8);
    const Bytes z = wcb::test::little_endian(wcb::test::bits_of(2.5), 8);
    const Bytes bytes = wcb::test::join({{0x0a, 0x15, 0x0a, 0x01, '1', 0x11}, y, {0x19}, z});
    Items out;
    const Status status = decode_exact(*codec, bytes, out);
    INFO(status.message());
    REQUIRE(status.ok());
    REQUIRE(out.size() == 1);
    CHECK(wcb::same_bits(out[0], Item(0, 1.5, 2.5)));
  }
  require_still_works(*codec);
}

namespace {

std::uint32_t read_u32(const Bytes& bytes, std::size_t at) {
  return bytes[at] | bytes[at + 1] << 8 | bytes[at + 2] << 16 |
         static_cast<std::uint32_t>(bytes[at + 3]) << 24;
}
std::uint16_t read_u16(const Bytes& bytes, std::size_t at) {
  return static_cast<std::uint16_t>(bytes[at] | bytes[at + 1] << 8);
}
void write_u32(Bytes& bytes, std::size_t at, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
}
void write_u16(Bytes& bytes, std::size_t at, std::uint16_t value) {
  bytes[at] = value & 0xff;
  bytes[at + 1] = value >> 8;
}

// Positions inside a flatbuffer written by the codec, found by following its
// offsets by hand (the flatbuffers wire format, not the library).
struct FlatbufferLayout {
  std::size_t root;         // the Items table
  std::size_t items_field;  // its offset to the vector
  std::size_t vector;       // the vector's length field
  std::size_t first_item;   // the first Item table
  std::size_t item_vtable;  // the vtable the items share
};

FlatbufferLayout flatbuffer_layout(const Bytes& bytes) {
  FlatbufferLayout layout{};
  layout.root = read_u32(bytes, 0);
  const std::size_t root_vtable = layout.root - static_cast<std::int32_t>(read_u32(bytes, layout.root));
  layout.items_field = layout.root + read_u16(bytes, root_vtable + 4);
  layout.vector = layout.items_field + read_u32(bytes, layout.items_field);
  const std::size_t slot = layout.vector + 4;
  layout.first_item = slot + read_u32(bytes, slot);
  layout.item_vtable = layout.first_item - static_cast<std::int32_t>(read_u32(bytes, layout.first_item));
  return layout;
}

}  // namespace

TEST_CASE("bad input: flatbuffers: hostile offsets and lengths", "[bad-input]") {
  const auto codec = codec_or_skip("flatbuffers");
  if (!codec) return;
  const Bytes valid = encode(*codec, kSmall);
  const FlatbufferLayout layout = flatbuffer_layout(valid);
  // The layout was found right: the vector holds the three items.
  REQUIRE(read_u32(valid, layout.vector) == kSmall.size());
  Bytes bytes = valid;

  SECTION("a vector length of 2^31-1") {
    write_u32(bytes, layout.vector, 0x7fffffff);
    require_error(*codec, bytes);
  }
  SECTION("a vector length of 2^32-1") {
    write_u32(bytes, layout.vector, 0xffffffff);
    require_error(*codec, bytes);
  }
  SECTION("a root offset past the end") {
    write_u32(bytes, 0, 0xfffffff0);
    require_error(*codec, bytes);
  }
  SECTION("a vtable offset past the end") {
    write_u32(bytes, layout.first_item, 0x80000000);
    require_error(*codec, bytes);
  }
  SECTION("a vtable claiming to be 64 KiB long") {
    write_u16(bytes, layout.item_vtable, 0xfff0);
    require_error(*codec, bytes);
  }
  SECTION("a double field moved off its alignment") {
    // vtable slot 1 (y): its offset inside the table, plus one.
    write_u16(bytes, layout.item_vtable + 6,
              static_cast<std::uint16_t>(read_u16(bytes, layout.item_vtable + 6) + 1));
    require_error(*codec, bytes);
  }
  SECTION("the items field pointing past the end") {
    write_u32(bytes, layout.items_field, 0x7ffffff0);
    require_error(*codec, bytes);
  }
  require_still_works(*codec);
}

TEST_CASE("bad input: json: deep nesting, wrong types and shapes", "[bad-input]") {
  const auto codec = codec_or_skip("json");
  if (!codec) return;
  SECTION("arrays nested 100000 deep") { require_error(*codec, Bytes(100000, '[')); }
  SECTION("arrays nested 100000 deep inside items") {
    require_error(*codec, wcb::test::join({wcb::test::bytes_of(R"({"items":)"), Bytes(100000, '[')}));
  }
  SECTION("objects nested 100000 deep inside an item") {
    std::string text = R"({"items":[)";
    for (int depth = 0; depth < 100000; ++depth) text += R"({"x":)";
    require_error(*codec, wcb::test::bytes_of(text));
  }
  SECTION("wrong types and shapes") {
    struct Case {
      const char* text;
      const char* message;
    };
    const Case cases[] = {
        {R"({"items":[{"x":"1","y":2.5,"z":3.5}]})", "x of item 0 is a string, expected a number"},
        {R"({"items":[{"x":1.5,"y":2.5,"z":3.5}]})", "x must be an integer, got 1.5"},
        {R"({"items":[{"x":2147483648,"y":2.5,"z":3.5}]})", "x = 2147483648 is outside the int32 range"},
        {R"({"items":[{"x":-2147483649,"y":2.5,"z":3.5}]})", "x = -2147483649 is outside the int32 range"},
        {R"({"items":[{"x":1,"y":null,"z":3.5}]})", "y of item 0 is null, expected a number"},
        {R"({"items":[{"x":1,"y":2,"z":true}]})", "z of item 0 is a boolean"},
        {R"({"items":[{"x":1,"y":2,"z":[3]}]})", "z of item 0 is an array"},
        {R"({"items":[{"x":1,"y":2.5}]})", "item 0 lacks z"},
        {R"({"items":[{"x":1,"y":2,"z":3},{"y":2,"z":3}]})", "item 1 lacks x"},
        {R"({"items":[{"x":1,"y":2.5,"z":3.5,"w":1}]})", "unexpected key \"w\" in item 0"},
        {R"({"items":{}})", "\"items\" holds an object, expected an array"},
        {R"({"items":[1]})", "item 0 is a number, expected an object"},
        {R"([])", "an array at the top level"},
        {R"("items")", "a string at the top level"},
        {R"({})", "no \"items\" array"},
        {R"({"items":[],"extra":1})", "unexpected key \"extra\" at the top level"},
        {R"({"items":[]} [])", "'[' at byte 13 of the input, where only whitespace may follow the value"},
        {R"({"items":[{"x":1,"y":1e999,"z":0}]})", "number overflow"},
        {R"({"items":[{"x":1,"y":NaN,"z":0}]})", "syntax error"},
        {"{\"items\":[{\"x\":1,\"y\":2,\"z\":3}]\xff}", "syntax error"},
    };
    for (const Case& test : cases) {
      CAPTURE(test.text);
      require_error_mentioning(*codec, wcb::test::bytes_of(test.text), test.message);
    }
  }
  require_still_works(*codec);
}
