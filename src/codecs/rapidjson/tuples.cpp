// `rapidjson`: RapidJSON 1.1.0. The same text as the json codec and as
// JSON.stringify({ items }): {"items":[{"x":1,"y":4.104,"z":...},...]}, the
// numbers as json_writer.h writes them (-0 as "-0.0", so it keeps its sign).
// NaN and Infinity are refused at encode.
//
// Encode streams through RapidJSON's Writer (no document is built); decode
// streams through its SAX Reader into a handler that accepts exactly the
// payload's shape, so nesting can never get deeper than its three levels.
// Text that repeats a key is read again as JSON.parse's value when the
// payload's shape refuses it (json_repeated_keys.h).
// Both keep their stacks in the codec, so a repeated call allocates nothing
// but the growth of the output.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

#include "json_reader.h"
#include "json_repeated_keys.h"
#include "json_writer.h"
#include "workloads/tuples/items_builder.h"
#include "workloads/tuples/tuple_codec.h"

namespace wcb {

namespace {

using rapidjson::SizeType;

// RapidJSON's SAX events, passed on to the payload's builder
// (workloads/tuples/items_builder.h). Returning false stops the parser; `builder.error`
// says why.
class ItemsReader {
 public:
  explicit ItemsReader(Items& out) : builder(out, ItemsBuilder::kObject) {}

  ItemsBuilder builder;

  bool Null() { return builder.unexpected("null"); }
  bool Bool(bool) { return builder.unexpected("a boolean"); }
  bool String(const char*, SizeType, bool) { return builder.unexpected("a string"); }
  bool RawNumber(const char*, SizeType, bool) { return builder.unexpected("a number"); }

  bool Int(int value) { return builder.whole(value); }
  bool Uint(unsigned value) { return builder.whole(value); }
  bool Int64(std::int64_t value) { return builder.wide(value); }
  bool Uint64(std::uint64_t value) { return builder.wide(value); }
  bool Double(double value) {
    return builder.fraction(value, [value] {
      char text[32];
      std::snprintf(text, sizeof text, "%.17g", value);
      return std::string(text);
    });
  }

  bool StartObject() { return builder.start_container(); }
  bool Key(const char* text, SizeType length, bool) { return builder.key(std::string_view(text, length)); }
  bool EndObject(SizeType) { return builder.end_container(); }
  bool StartArray() { return builder.start_array(); }
  bool EndArray(SizeType) { return builder.end_array(); }
};

class RapidJsonCodec final : public Codec {
 public:
  std::string_view name() const override { return "rapidjson"; }
  std::string library_version() const override { return "rapidjson " RAPIDJSON_VERSION_STRING; }

 protected:
  void do_encode(std::span<const Item> items, Bytes& out) override {
    out.clear();
    rapidjson_io::ByteStream stream(out);
    writer_.Reset(stream);
    writer_.StartObject();
    writer_.Key("items", 5);
    writer_.StartArray();
    for (const Item& item : items) {
      writer_.StartObject();
      writer_.Key("x", 1);
      writer_.Int(item.x);
      writer_.Key("y", 1);
      // JSON has no NaN or Infinity (JSON.stringify writes null, which would
      // not read back as a number).
      const bool finite = rapidjson_io::write_number(writer_, item.y, true, scratch_) &&
                          (writer_.Key("z", 1), true) &&
                          rapidjson_io::write_number(writer_, item.z, true, scratch_);
      if (!finite) {
        throw std::invalid_argument("item " + std::to_string(&item - items.data()) +
                                    " has a NaN or infinite value, which JSON cannot carry");
      }
      writer_.EndObject();
    }
    writer_.EndArray();
    writer_.EndObject();
  }

  void do_decode(std::span<const std::uint8_t> bytes, Items& out) override {
    out.clear();
    ItemsReader handler(out);
    if (rapidjson_io::parse<kFlags>(reader_, bytes, handler, "input")) return;
    read_last_values(bytes, out, handler.builder.error);
  }

 private:
  static constexpr unsigned kFlags = rapidjson::kParseFullPrecisionFlag;

  // The payload's shape refused the text: JSON.parse's value of it, when it
  // repeats a key, or `problem`. Out of the line of the common case.
  [[gnu::noinline]] void read_last_values(std::span<const std::uint8_t> bytes, Items& out,
                                          std::string problem) {
    out.clear();
    ItemsReader last_values(out);
    if (const auto took = rapidjson_io::replay_last_values<kFlags>(reader_, bytes, last_values)) {
      if (*took) return;
      problem = last_values.builder.error;
    }
    throw DecodeError(problem);
  }

  rapidjson_io::Writer writer_;
  rapidjson::Reader reader_;
  Bytes scratch_;  // a number's text
};

}  // namespace

std::unique_ptr<Codec> make_rapidjson_codec() { return std::make_unique<RapidJsonCodec>(); }

}  // namespace wcb
