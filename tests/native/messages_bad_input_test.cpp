// Message decoders given empty, truncated, corrupted, random, hostile or
// deeply nested bytes return an error naming the codec and the record, never
// crash or allocate by a claimed length, and keep working afterwards.
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "allocation_tracker.h"
#include "test_support.h"
#include "workloads/messages/registry.h"

using wcb::Bytes;
using wcb::Status;
using wcb::messages::Kind;
using wcb::messages::Message;
using wcb::messages::MessageCodec;
using wcb::test::hex;
namespace msg = wcb::messages;

namespace {

std::string prefix_of(const MessageCodec& codec, Kind kind) {
  return std::string(codec.name()) + ": " + std::string(msg::kind_name(kind)) + ": ";
}

bool names_codec_and_record(const Status& status, const MessageCodec& codec, Kind kind) {
  const std::string prefix = prefix_of(codec, kind);
  return status.message().size() > prefix.size() && status.message().rfind(prefix, 0) == 0;
}

// Decodes from a heap buffer of exactly the input's size, so that reading
// one byte too far is a sanitizer error, into a message holding a sample.
Status decode_exact(MessageCodec& codec, Kind kind, std::span<const std::uint8_t> bytes, Message& out) {
  const Bytes exact(bytes.begin(), bytes.end());
  out = msg::sample_message(kind);
  return codec.decode(kind, exact, out);
}

// A failure must name the codec and the record and leave an empty record of
// the kind; success must leave a record of the kind.
void check_clean_outcome(MessageCodec& codec, Kind kind, std::span<const std::uint8_t> bytes) {
  Message out;
  const Status status = decode_exact(codec, kind, bytes, out);
  const bool clean = status.ok()
                         ? msg::kind_of(out) == kind
                         : names_codec_and_record(status, codec, kind) && out == msg::empty_message(kind);
  if (!clean) {
    CAPTURE(hex(bytes.first(std::min<std::size_t>(bytes.size(), 64))));
    CAPTURE(status.message(), msg::kind_name(kind));
    CHECK(clean);
  }
}

// The decode must fail, name the codec and record, leave an empty record and
// allocate no more than a small multiple of the input (never by a claimed
// length).
std::string require_error(MessageCodec& codec, Kind kind, std::span<const std::uint8_t> bytes) {
  Message out;
  const Bytes exact(bytes.begin(), bytes.end());
  out = msg::sample_message(kind);
  const wcb::test::AllocationWatch watch;
  const Status status = codec.decode(kind, exact, out);
  const std::size_t largest = watch.largest();
  CAPTURE(hex(bytes.first(std::min<std::size_t>(bytes.size(), 64))));
  INFO(status.message());
  CHECK_FALSE(status.ok());
  CHECK(names_codec_and_record(status, codec, kind));
  CHECK(out == msg::empty_message(kind));
  CHECK(largest <= 4 * bytes.size() + 64 * 1024);
  return status.message();
}

void require_error_mentioning(MessageCodec& codec, Kind kind, std::span<const std::uint8_t> bytes,
                              std::string_view words) {
  const std::string message = require_error(codec, kind, bytes);
  CAPTURE(message, words);
  CHECK(message.find(words) != std::string::npos);
}

// After bad input the same codec object still round-trips every record.
void require_still_works(MessageCodec& codec) {
  for (const Message& sample : msg::sample_messages()) {
    const Bytes bytes = wcb::test::encode_message_ok(codec, sample);
    Message out;
    const Status status = codec.decode(msg::kind_of(sample), bytes, out);
    INFO(status.message());
    REQUIRE(status.ok());
    CHECK(out == sample);
  }
}

bool self_describing(std::string_view name) { return name == "json" || name == "msgpack"; }

std::unique_ptr<MessageCodec> codec_or_skip(std::string_view name) {
  auto codec = wcb::make_message_codec(name);
  if (!codec) WARN("message codec " << name << " is not part of this build");
  return codec;
}

}  // namespace

TEST_CASE("messages bad input: empty input", "[messages][bad-input]") {
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      for (std::size_t index = 0; index < msg::kKindCount; ++index) {
        const auto kind = static_cast<Kind>(index);
        CAPTURE(msg::kind_name(kind));
        if (self_describing(entry.name)) {
          require_error(*codec, kind, Bytes{});
        } else {
          // Zero bytes are a valid protobuf message of all-default fields.
          check_clean_outcome(*codec, kind, Bytes{});
        }
      }
    }
  }
}

TEST_CASE("messages bad input: every truncation of every record", "[messages][bad-input]") {
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      for (const Message& sample : msg::sample_messages()) {
        const Kind kind = msg::kind_of(sample);
        CAPTURE(msg::kind_name(kind));
        const Bytes bytes = wcb::test::encode_message_ok(*codec, sample);
        for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
          CAPTURE(cut);
          // A json or msgpack prefix is never a whole value; protobuf can
          // end between fields.
          if (self_describing(entry.name)) {
            require_error(*codec, kind, std::span(bytes).first(cut));
          } else {
            check_clean_outcome(*codec, kind, std::span(bytes).first(cut));
          }
        }
      }
      require_still_works(*codec);
    }
  }
}

TEST_CASE("messages bad input: every single-bit flip of every record", "[messages][bad-input]") {
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      for (const Message& sample : msg::sample_messages()) {
        const Kind kind = msg::kind_of(sample);
        CAPTURE(msg::kind_name(kind));
        const Bytes bytes = wcb::test::encode_message_ok(*codec, sample);
        std::size_t failures = 0;
        for (std::size_t position = 0; position < bytes.size(); ++position) {
          for (int bit = 0; bit < 8; ++bit) {
            CAPTURE(position, bit);
            Bytes flipped = bytes;
            flipped[position] ^= static_cast<std::uint8_t>(1u << bit);
            Message out;
            const Status status = decode_exact(*codec, kind, flipped, out);
            if (status.ok()) {
              REQUIRE(msg::kind_of(out) == kind);
            } else {
              ++failures;
              INFO(status.message());
              REQUIRE(names_codec_and_record(status, *codec, kind));
              REQUIRE(out == msg::empty_message(kind));
            }
          }
        }
        // A flip in a key or in the structure of json or msgpack is always
        // caught, so some flips fail there.
        if (self_describing(entry.name)) CHECK(failures > 0);
      }
      require_still_works(*codec);
    }
  }
}

TEST_CASE("messages bad input: random bytes and randomly corrupted records", "[messages][bad-input]") {
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      std::mt19937 random(20260930);  // fixed seed: failures reproduce
      std::uniform_int_distribution<int> byte(0, 255);
      for (const Message& sample : msg::sample_messages()) {
        const Kind kind = msg::kind_of(sample);
        CAPTURE(msg::kind_name(kind));
        const Bytes valid = wcb::test::encode_message_ok(*codec, sample);
        for (int round = 0; round < 100; ++round) {
          CAPTURE(round);
          Bytes noise(std::uniform_int_distribution<std::size_t>(0, 300)(random));
          for (auto& value : noise) value = static_cast<std::uint8_t>(byte(random));
          check_clean_outcome(*codec, kind, noise);

          // A valid start followed by noise reaches deeper into the decoder.
          const auto kept = std::uniform_int_distribution<std::ptrdiff_t>(0, std::ssize(valid))(random);
          Bytes tail(valid.begin(), valid.begin() + kept);
          for (int extra = std::uniform_int_distribution<int>(0, 40)(random); extra > 0; --extra) {
            tail.push_back(static_cast<std::uint8_t>(byte(random)));
          }
          check_clean_outcome(*codec, kind, tail);

          Bytes corrupted = valid;
          for (int hits = std::uniform_int_distribution<int>(1, 4)(random); hits > 0; --hits) {
            corrupted[std::uniform_int_distribution<std::size_t>(0, corrupted.size() - 1)(random)] =
                static_cast<std::uint8_t>(byte(random));
          }
          check_clean_outcome(*codec, kind, corrupted);
        }
      }
      require_still_works(*codec);
    }
  }
}

TEST_CASE("messages bad input: 100000-deep nesting", "[messages][bad-input]") {
  // Arrays and maps/objects nested 100000 deep, at the top and where the
  // schema expects a value, for every record; every codec must survive them.
  std::string json_objects;
  for (int depth = 0; depth < 100000; ++depth) json_objects += R"({"value":)";
  Bytes msgpack_maps;
  for (int depth = 0; depth < 100000; ++depth) {
    msgpack_maps.insert(msgpack_maps.end(), {0x81, 0xa5, 'v', 'a', 'l', 'u', 'e'});
  }
  // 0x0a opens a protobuf field-1 submessage; for JSON it is whitespace, after
  // which nlohmann's error message quotes every newline as "<U+000A>" (8
  // bytes per input byte, cut to 200 bytes in the Status): not a nesting
  // test there.
  const Bytes protobuf_nesting(100000, 0x0a);
  const Bytes inputs[] = {Bytes(100000, '['), Bytes(100000, '{'), wcb::test::bytes_of(json_objects),
                          Bytes(100000, 0x91), msgpack_maps};
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const auto codec = entry.make();
      for (std::size_t index = 0; index < msg::kKindCount; ++index) {
        const auto kind = static_cast<Kind>(index);
        CAPTURE(msg::kind_name(kind));
        for (const Bytes& input : inputs) {
          if (self_describing(entry.name)) {
            require_error(*codec, kind, input);
          } else {
            check_clean_outcome(*codec, kind, input);
          }
        }
        check_clean_outcome(*codec, kind, protobuf_nesting);
      }
      require_still_works(*codec);
    }
  }
}

namespace {

// --- hand-written msgpack, independent of msgpack-cxx ---
Bytes mp_str(std::string_view text) {
  Bytes bytes(1 + text.size());
  bytes[0] = static_cast<std::uint8_t>(0xa0 | text.size());
  std::copy(text.begin(), text.end(), bytes.begin() + 1);
  return bytes;
}
// {"value": <value>}
Bytes mp_value(const Bytes& value) { return wcb::test::join({{0x81}, mp_str("value"), value}); }
const Bytes k4GiB = {0xff, 0xff, 0xff, 0xff};

}  // namespace

TEST_CASE("messages bad input: msgpack: hostile lengths", "[messages][bad-input]") {
  const auto codec = codec_or_skip("msgpack");
  if (!codec) return;
  using wcb::test::join;
  SECTION("a str32 value claiming 4 GiB") {
    require_error_mentioning(*codec, Kind::String, mp_value(join({{0xdb}, k4GiB, {'a', 'b'}})), "input ends");
  }
  SECTION("a str32 key claiming 4 GiB") {
    require_error_mentioning(*codec, Kind::String, join({{0x81, 0xdb}, k4GiB, {'v'}}), "input ends");
  }
  SECTION("a bin32 value claiming 4 GiB") {
    require_error_mentioning(
        *codec, Kind::Binary,
        join({{0x82}, mp_str("name"), mp_str("x"), mp_str("data"), {0xc6}, k4GiB, {1, 2}}), "input ends");
  }
  SECTION("an array32 claiming 2^32-1 elements") {
    require_error_mentioning(*codec, Kind::Array, mp_value(join({{0xdd}, k4GiB, {1, 2, 3}})), "input ends");
  }
  SECTION("an array32 of mixed elements claiming 2^32-1 elements") {
    msg::Record record = std::get<msg::Record>(msg::sample_message(Kind::Record));
    record.tags.clear();
    Bytes bytes = wcb::test::encode_message_ok(*codec, record);
    REQUIRE(bytes.back() == 0x90);  // tags, the last field, an empty fixarray
    bytes.pop_back();
    require_error_mentioning(*codec, Kind::Record, join({bytes, {0xdd}, k4GiB, {0xc3}}), "input ends");
  }
  SECTION("a map32 claiming 2^32-1 entries") {
    require_error_mentioning(*codec, Kind::Bool, join({{0xdf}, k4GiB, mp_str("value"), {0xc3}}),
                             "input ends");
  }
  SECTION("an ext32 claiming 4 GiB") {
    require_error_mentioning(*codec, Kind::Bool, mp_value(join({{0xc9}, k4GiB, {0xff, 0, 0}})), "input ends");
  }
  require_still_works(*codec);
}

TEST_CASE("messages bad input: json: the error names the record, the field and the problem",
          "[messages][bad-input]") {
  const auto codec = codec_or_skip("json");
  if (!codec) return;
  struct Case {
    Kind kind;
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {Kind::Bool, R"({"value":1})", "json: bool: field \"value\": expected a boolean, got a number"},
      {Kind::Bool, R"({"value":null})", "json: bool: field \"value\": expected a boolean, got null"},
      {Kind::Bool, R"({})", "json: bool: missing value"},
      {Kind::Bool, R"({"value":true,"value":"true"})",
       "json: bool: field \"value\": expected a boolean, got a string"},
      {Kind::Bool, R"({"value":true,"other":1})", "json: bool: unexpected key \"other\""},
      {Kind::Bool, R"([true])", "json: bool: expected an object at the top level, got an array"},
      {Kind::Bool, R"(true)", "json: bool: expected an object at the top level, got a boolean"},
      {Kind::Int, R"({"value":2147483648})",
       "json: int: field \"value\": expected an int32 integer, got 2147483648"},
      {Kind::Int, R"({"value":-2147483649})",
       "json: int: field \"value\": expected an int32 integer, got -2147483649"},
      {Kind::Int, R"({"value":1.5})", "json: int: field \"value\": expected an int32 integer, got 1.5"},
      {Kind::Int, R"({"value":"1"})", "json: int: field \"value\": expected an int32 integer, got a string"},
      {Kind::Double, R"({"value":1e999})", "number overflow"},
      {Kind::Double, R"({"value":NaN})", "syntax error"},
      {Kind::String, R"({"value":["a"]})", "json: string: field \"value\": expected a string, got an array"},
      {Kind::String, "{\"value\":\"\xff\"}", "ill-formed UTF-8"},
      {Kind::String, R"({"value":"\ud800"})", "surrogate"},
      {Kind::Array, R"({"value":[1,2,3.5]})",
       "json: array: field \"value[2]\": expected an int32 integer, got 3.5"},
      {Kind::Array, R"({"value":[1,[2]]})",
       "json: array: field \"value[1]\": expected an int32 integer, got an array"},
      {Kind::Array, R"({"value":{}})",
       "json: array: field \"value\": expected an array of int32 integers, got an object"},
      {Kind::Nested, R"({"value":{"level2":{"level3":{"flag":true,"count":3}}}})",
       "json: nested: field \"value.level2.level3\": missing label"},
      {Kind::Nested, R"({"value":{"level2":{"level3":{"flag":true,"count":"3","label":""}}}})",
       "json: nested: field \"value.level2.level3.count\": expected an int32 integer, got a string"},
      {Kind::Nested, R"({"value":{"level2":{"level3":{"flag":true,"count":3,"label":"","x":1}}}})",
       "json: nested: field \"value.level2.level3\": unexpected key \"x\""},
      {Kind::Nested, R"({"value":{"level2":[]}})",
       "json: nested: field \"value.level2\": expected an object, got an array"},
      {Kind::Binary, R"({"name":"b","data":"AAE"})",
       "json: binary: field \"data\": expected base64 text, got 3 characters, not a multiple of 4"},
      {Kind::Binary, R"({"name":"b","data":"AB=="})",
       "json: binary: field \"data\": expected base64 text, got nonzero bits in its padding"},
      {Kind::Binary, R"({"name":"b","data":"A-=="})",
       "json: binary: field \"data\": expected base64 text, got an invalid character at offset 1"},
      {Kind::Binary, R"({"name":"b","data":"AA=A"})",
       "json: binary: field \"data\": expected base64 text, got an invalid character at offset 2"},
      {Kind::Binary, R"({"name":"b","data":[0,1]})",
       "json: binary: field \"data\": expected a base64 string, got an array"},
      {Kind::Bool, R"({"value":true} {})",
       "json: bool: '{' at byte 15 of the record, where only whitespace may follow the value"},
  };
  for (const Case& test : cases) {
    CAPTURE(test.text);
    // Messages of the parser itself ("syntax error") come after its position.
    require_error_mentioning(*codec, test.kind, wcb::test::bytes_of(test.text), test.message);
  }
  require_still_works(*codec);
}

TEST_CASE("messages bad input: JSON text: a lone surrogate escape is not a string", "[messages][bad-input]") {
  for (const char* name : {"json", "rapidjson"}) {
    const auto codec = codec_or_skip(name);
    if (!codec) continue;
    CAPTURE(name);
    require_error_mentioning(*codec, Kind::String, wcb::test::bytes_of(R"({"value":"a\udc00"})"),
                             "surrogate");
    require_error_mentioning(*codec, Kind::String, wcb::test::bytes_of(R"({"value":"\ud800"})"), "surrogate");
    require_still_works(*codec);
  }
}

TEST_CASE("messages bad input: json: timestamps must be exactly Date.toJSON's form",
          "[messages][bad-input]") {
  const auto codec = codec_or_skip("json");
  if (!codec) return;
  Bytes valid = wcb::test::encode_message_ok(*codec, msg::sample_message(Kind::Record));
  const std::string text = wcb::test::text_of(valid);
  const std::string good = "2026-11-30T12:34:56.789Z";
  REQUIRE(text.find(good) != std::string::npos);
  for (const char* bad : {"2026-11-30T12:34:56.789", "2026-11-30T12:34:56Z", "2026-11-30 12:34:56.789Z",
                          "2026-02-29T12:34:56.789Z", "2026-13-01T00:00:00.000Z", "2026-00-01T00:00:00.000Z",
                          "2026-11-31T00:00:00.000Z", "2026-11-30T24:00:00.000Z", "2026-11-30T12:60:00.000Z",
                          "2026-11-30T12:34:60.000Z", "+02026-11-30T12:34:56.789Z",
                          "2026-11-30T12:34:56.789z", "２026-11-30T12:34:56.789Z", ""}) {
    CAPTURE(bad);
    std::string changed = text;
    changed.replace(changed.find(good), good.size(), bad);
    require_error_mentioning(*codec, Kind::Record, wcb::test::bytes_of(changed),
                             "json: record: field \"createdAt\": expected an ISO 8601 timestamp string");
  }
  std::string number = text;
  number.replace(number.find('"' + good + '"'), good.size() + 2, "1796042096789");
  require_error_mentioning(
      *codec, Kind::Record, wcb::test::bytes_of(number),
      "json: record: field \"createdAt\": expected an ISO 8601 timestamp string, got a number");
  // A leap day that exists.
  std::string leap = text;
  leap.replace(leap.find(good), good.size(), "2024-02-29T00:00:00.000Z");
  Message out;
  const Status status = codec->decode(Kind::Record, wcb::test::bytes_of(leap), out);
  INFO(status.message());
  CHECK(status.ok());
}

TEST_CASE("messages bad input: msgpack: the error names the record, the field and the problem",
          "[messages][bad-input]") {
  const auto codec = codec_or_skip("msgpack");
  if (!codec) return;
  using wcb::test::join;
  struct Case {
    Kind kind;
    Bytes bytes;
    const char* message;
  };
  const Case cases[] = {
      {Kind::Bool, mp_value({0x01}), "msgpack: bool: field \"value\": expected a boolean, got a number"},
      {Kind::Bool, mp_value({0xc0}), "msgpack: bool: field \"value\": expected a boolean, got nil"},
      {Kind::Bool, {0x80}, "msgpack: bool: missing value"},
      {Kind::Bool, join({{0x82}, mp_str("value"), {0xc3}, mp_str("value"), {0xc3}}),
       "msgpack: bool: duplicate key \"value\""},
      {Kind::Bool, join({{0x82}, mp_str("value"), {0xc3}, mp_str("x"), {0xc3}}),
       "msgpack: bool: unexpected key \"x\""},
      {Kind::Bool, {0x81, 0x01, 0xc3}, "msgpack: bool: a map key is an integer, expected a string"},
      {Kind::Bool, {0x91, 0xc3}, "msgpack: bool: expected an object at the top level, got an array"},
      {Kind::Bool, join({mp_value({0xc3}), {0xc3}}), "msgpack: bool: 1 unexpected bytes after the record"},
      {Kind::Bool, mp_value({0xc1}), "msgpack: bool: malformed msgpack"},
      {Kind::Int, mp_value({0xce, 0x80, 0, 0, 0}),
       "msgpack: int: field \"value\": expected an int32 integer, got 2147483648"},
      {Kind::Int, mp_value({0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff}),
       "msgpack: int: field \"value\": expected an int32 integer, got -2147483649"},
      {Kind::Int, mp_value({0xca, 0x3f, 0xc0, 0, 0}),
       "msgpack: int: field \"value\": expected an int32 integer, got 1.5"},
      {Kind::Double, mp_value(mp_str("1")),
       "msgpack: double: field \"value\": expected a number, got a string"},
      {Kind::String, mp_value({0xa1, 0xff}),
       "msgpack: string: field \"value\": a string that is not valid UTF-8"},
      {Kind::String, mp_value({0xc4, 0x01, 'a'}),
       "msgpack: string: field \"value\": expected a string, got binary data"},
      {Kind::Array, mp_value({0x92, 0x01, 0xa1, 'x'}),
       "msgpack: array: field \"value[1]\": expected an int32 integer, got a string"},
      {Kind::Array, mp_value({0x92, 0x01, 0x90}),
       "msgpack: array: field \"value[1]\": expected an int32 integer, got an array"},
      {Kind::Binary, join({{0x82}, mp_str("name"), mp_str("b"), mp_str("data"), mp_str("AA==")}),
       "msgpack: binary: field \"data\": expected binary data (bin), got a string"},
      {Kind::Bool, mp_value({0xd4, 0x01, 0x00}),
       "msgpack: bool: field \"value\": expected a boolean, got an ext value of type 1"},
      {Kind::Bool, mp_value({0xd6, 0xff, 0, 0, 0, 0}),
       "msgpack: bool: field \"value\": expected a boolean, got a timestamp"},
  };
  for (const Case& test : cases) {
    CAPTURE(test.message);
    const std::string message = require_error(*codec, test.kind, test.bytes);
    CHECK(message.rfind(test.message, 0) == 0);
  }
  require_still_works(*codec);
}
