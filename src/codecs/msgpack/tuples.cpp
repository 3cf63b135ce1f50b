// `msgpack`: msgpack-cxx. The bytes are a map {"items": [{"x": int, "y":
// float64, "z": float64}, ...]} with str keys and one map per item, as
// @msgpack/msgpack or msgpackr write the same JS object.
//
// Doubles holding an integer are written as integers, as the JS libraries
// do (msgpack-cxx's pack_double does that).
//
// Decode streams through msgpack-cxx's visitor API: no msgpack::object tree
// and zone are built, and the structure is checked as it is read. It also
// accepts what JS libraries write for the same values: y and z as integers
// (an integral double) or float32, x as any integer type within int32.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <msgpack.hpp>
#include <string>

#include "core/codec.h"

namespace wcb {

namespace {

// Largest encodings, to size `out` once before packing: the envelope is
// fixmap(1) + fixstr "items"(6) + array32 header(5), an item is fixmap(1) +
// three one-letter fixstr keys(2 each) + int32(5) + two float64(9 each).
constexpr std::size_t kMaxEnvelopeBytes = 1 + 6 + 5;
constexpr std::size_t kMaxItemBytes = 1 + 3 * 2 + 5 + 2 * 9;
// The smallest item a decoder can meet: fixmap(1) + three (fixstr key(2) +
// fixint(1)). Bounds how many items a claimed array length can be worth.
constexpr std::size_t kMinItemBytes = 1 + 3 * (2 + 1);

// The packer's stream: copies into memory sized in advance, so packing never
// checks capacity or reallocates.
class FixedSink {
 public:
  explicit FixedSink(std::uint8_t* cursor) : cursor_(cursor) {}
  void write(const char* data, std::size_t size) {
    std::memcpy(cursor_, data, size);
    cursor_ += size;
  }
  std::uint8_t* cursor() const { return cursor_; }

 private:
  std::uint8_t* cursor_;
};

// Visitor accepting exactly {"items": [{"x": .., "y": .., "z": ..}, ...]},
// keys in any order. Returning false stops the parser; `error` says why.
class ItemsVisitor {
 public:
  ItemsVisitor(Items& out, std::size_t input_size) : out_(out), input_size_(input_size) {}

  std::string error;

  bool visit_nil() { return unexpected("nil"); }
  bool visit_boolean(bool) { return unexpected("a boolean"); }
  bool visit_bin(const char*, std::uint32_t) { return unexpected("binary data"); }
  bool visit_ext(const char*, std::uint32_t) { return unexpected("an ext value"); }

  bool visit_positive_integer(std::uint64_t value) {
    if (!in_item_value()) return unexpected("an integer");
    if (field_ == kX) {
      if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) {
        return fail("x = " + std::to_string(value) + " is outside the int32 range");
      }
      current_.x = static_cast<std::int32_t>(value);
    } else {
      set_double(static_cast<double>(value));
    }
    return true;
  }

  bool visit_negative_integer(std::int64_t value) {
    if (!in_item_value()) return unexpected("an integer");
    if (field_ == kX) {
      if (value < std::numeric_limits<std::int32_t>::min()) {
        return fail("x = " + std::to_string(value) + " is outside the int32 range");
      }
      current_.x = static_cast<std::int32_t>(value);
    } else {
      set_double(static_cast<double>(value));
    }
    return true;
  }

  bool visit_float32(float value) { return visit_float(value); }
  bool visit_float64(double value) { return visit_float(value); }

  bool visit_str(const char* data, std::uint32_t size) {
    if (!in_key_) return unexpected("a string");
    const std::string_view key(data, size);
    if (level_ == Level::kRoot) {
      if (key != "items")
        return fail("unexpected key \"" + std::string(key) + "\" at the top level, expected \"items\"");
      if (have_items_) return fail("duplicate key \"items\"");
      have_items_ = true;
      return true;
    }
    // Only the top-level map and item maps exist, so this is an item's key.
    if (size != 1 || data[0] < 'x' || data[0] > 'z') {
      return fail("unexpected key \"" + std::string(key) + "\" in item " + std::to_string(out_.size()) +
                  ", expected x, y and z");
    }
    field_ = data[0] - 'x';
    const unsigned bit = 1u << field_;
    if (seen_ & bit)
      return fail("duplicate key \"" + std::string(key) + "\" in item " + std::to_string(out_.size()));
    seen_ |= bit;
    return true;
  }

  bool start_map(std::uint32_t) {
    if (level_ == Level::kNone && !done_) {
      level_ = Level::kRoot;
      return true;
    }
    if (level_ == Level::kItems) {
      level_ = Level::kItem;
      current_ = Item{};
      seen_ = 0;
      return true;
    }
    return unexpected("a map");
  }
  bool start_map_key() {
    in_key_ = true;
    return true;
  }
  bool end_map_key() {
    in_key_ = false;
    return true;
  }
  bool start_map_value() { return true; }
  bool end_map_value() { return true; }
  bool end_map() {
    if (level_ == Level::kItem) {
      if (seen_ != 0b111) {
        return fail("item " + std::to_string(out_.size()) + " lacks " + missing_fields() +
                    "; every item needs x, y and z");
      }
      out_.push_back(current_);
      level_ = Level::kItems;
      return true;
    }
    if (!have_items_) return fail("the top-level map has no \"items\" array");
    level_ = Level::kNone;
    done_ = true;
    return true;
  }

  bool start_array(std::uint32_t count) {
    if (level_ != Level::kRoot || in_key_) return unexpected("an array");
    level_ = Level::kItems;
    // The claimed count is untrusted: reserve no more items than the input
    // could hold, so a header claiming 2^32 items costs nothing.
    out_.reserve(std::min<std::size_t>(count, input_size_ / kMinItemBytes));
    return true;
  }
  bool start_array_item() { return true; }
  bool end_array_item() { return true; }
  bool end_array() {
    level_ = Level::kRoot;
    return true;
  }

  void parse_error(std::size_t parsed_offset, std::size_t) {
    fail("malformed msgpack: invalid type byte at offset " + std::to_string(parsed_offset));
  }
  void insufficient_bytes(std::size_t, std::size_t) {
    fail("input ends after " + std::to_string(input_size_) + " bytes, in the middle of a value");
  }
  bool referenced() const { return false; }
  void set_referenced(bool) {}

 private:
  // Containers entered so far: the top-level map, the items array, one item.
  enum class Level { kNone, kRoot, kItems, kItem };
  static constexpr int kX = 0;

  bool in_item_value() const { return level_ == Level::kItem && !in_key_; }

  bool visit_float(double value) {
    if (!in_item_value()) return unexpected("a float");
    if (field_ == kX)
      return fail("x of item " + std::to_string(out_.size()) + " is a float, expected an integer");
    set_double(value);
    return true;
  }

  void set_double(double value) { (field_ == 1 ? current_.y : current_.z) = value; }

  std::string missing_fields() const {
    std::string names;
    for (int field = 0; field < 3; ++field) {
      if (seen_ & (1u << field)) continue;
      if (!names.empty()) names += ", ";
      names += static_cast<char>('x' + field);
    }
    return names;
  }

  bool unexpected(const char* what) {
    if (in_key_) return fail(std::string("a map key is ") + what + ", expected a string");
    switch (level_) {
      case Level::kNone:
        return fail(std::string(what) + " at the top level, expected a map {\"items\": [...]}");
      case Level::kRoot:
        return fail(std::string("\"items\" holds ") + what + ", expected an array");
      case Level::kItems:
        return fail("item " + std::to_string(out_.size()) + " is " + what + ", expected a map");
      case Level::kItem:
        return fail(std::string(1, static_cast<char>('x' + field_)) + " of item " +
                    std::to_string(out_.size()) + " is " + what + ", expected a number");
    }
    return fail(std::string("unexpected ") + what);
  }

  // Keeps the first problem; Status::failure cuts long ones short.
  bool fail(std::string message) {
    if (error.empty()) error = std::move(message);
    return false;
  }

  Items& out_;
  std::size_t input_size_;
  Level level_ = Level::kNone;
  bool in_key_ = false;
  bool have_items_ = false;
  bool done_ = false;
  Item current_;
  unsigned seen_ = 0;
  int field_ = 0;
};

class MsgpackCodec final : public Codec {
 public:
  std::string_view name() const override { return "msgpack"; }
  std::string library_version() const override { return std::string("msgpack-cxx ") + msgpack_version(); }

 protected:
  void do_encode(std::span<const Item> items, Bytes& out) override {
    if (items.size() > std::numeric_limits<std::uint32_t>::max()) {
      throw std::length_error("msgpack arrays hold at most 2^32-1 items");
    }
    // Sized for the worst case, then trimmed: resize() only zero-fills what
    // the previous call's output did not already cover.
    out.resize(kMaxEnvelopeBytes + kMaxItemBytes * items.size());
    FixedSink sink(out.data());
    msgpack::packer<FixedSink> packer(sink);
    packer.pack_map(1);
    pack_key(packer, "items");
    packer.pack_array(static_cast<std::uint32_t>(items.size()));
    for (const Item& item : items) {
      packer.pack_map(3);
      pack_key(packer, "x");
      packer.pack_int32(item.x);
      pack_key(packer, "y");
      pack_double(packer, sink, item.y);
      pack_key(packer, "z");
      pack_double(packer, sink, item.z);
    }
    out.resize(static_cast<std::size_t>(sink.cursor() - out.data()));
  }

  void do_decode(std::span<const std::uint8_t> bytes, Items& out) override {
    out.clear();
    if (bytes.empty()) throw DecodeError("empty input");
    ItemsVisitor visitor(out, bytes.size());
    std::size_t offset = 0;
    const bool ok =
        msgpack::parse(reinterpret_cast<const char*>(bytes.data()), bytes.size(), offset, visitor);
    if (!ok) throw DecodeError(visitor.error.empty() ? "invalid msgpack" : visitor.error);
    if (offset != bytes.size()) {
      throw DecodeError(std::to_string(bytes.size() - offset) + " unexpected bytes after the payload");
    }
  }

 private:
  // msgpack-cxx, like the JS libraries, writes a double holding an integer
  // as that integer (4.0 as the one byte 0x04): the bytes stay the same as
  // JS writes. That would turn -0.0 into 0, so that one value is written as
  // a float64 by hand and every double keeps its bits. So are 2^64 and above:
  // msgpack-cxx tests 2^64 for integrality by converting it to uint64_t,
  // which is undefined behaviour (found by tests/fuzz; it writes a float64).
  static void pack_double(msgpack::packer<FixedSink>& packer, FixedSink& sink, double value) {
    const bool negative_zero = value == 0.0 && std::signbit(value);
    if (!negative_zero && !(value >= 0x1p64)) {
      packer.pack_double(value);
      return;
    }
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    char float64[9] = {static_cast<char>(0xcb)};
    for (int i = 0; i < 8; ++i) float64[1 + i] = static_cast<char>(bits >> (56 - 8 * i));
    sink.write(float64, sizeof float64);
  }

  template <std::size_t N>
  static void pack_key(msgpack::packer<FixedSink>& packer, const char (&key)[N]) {
    packer.pack_str(N - 1);
    packer.pack_str_body(key, N - 1);
  }
};

}  // namespace

std::unique_ptr<Codec> make_msgpack_codec() { return std::make_unique<MsgpackCodec>(); }

}  // namespace wcb
