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

#include "codecs/msgpack/visitor.h"
#include "workloads/tuples/items_builder.h"
#include "workloads/tuples/tuple_codec.h"

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

// msgpack-cxx's visitor events, passed on to the payload's builder
// (workloads/tuples/items_builder.h). Returning false stops the parser; `builder.error`
// says why. Map keys must be strings: what else stands as a key is refused
// here, where the builder would not know it for a key.
class ItemsVisitor : public msgpack_visitor::KeyTracking {
 public:
  ItemsVisitor(Items& out, std::size_t input_size)
      : builder(out, ItemsBuilder::kMap), out_(out), input_size_(input_size) {}

  ItemsBuilder builder;

  bool visit_nil() { return not_key("nil") && builder.unexpected("nil"); }
  bool visit_boolean(bool) { return not_key("a boolean") && builder.unexpected("a boolean"); }
  bool visit_bin(const char*, std::uint32_t) {
    return not_key("binary data") && builder.unexpected("binary data");
  }
  bool visit_ext(const char*, std::uint32_t) {
    return not_key("an ext value") && builder.unexpected("an ext value");
  }

  bool visit_positive_integer(std::uint64_t value) {
    return not_key("an integer") && builder.whole(value, "an integer");
  }
  // msgpack-cxx calls this for every value of the signed formats (int 8 to
  // int 64), positive ones too: both bounds are checked, or an int 64 of
  // 2^31 would be cut to an x of -2^31.
  bool visit_negative_integer(std::int64_t value) {
    return not_key("an integer") && builder.whole(value, "an integer");
  }

  bool visit_float32(float value) { return visit_float(value); }
  bool visit_float64(double value) { return visit_float(value); }

  bool visit_str(const char* data, std::uint32_t size) {
    if (!in_key()) return builder.unexpected("a string");
    return builder.key(std::string_view(data, size));
  }

  bool start_map(std::uint32_t) { return not_key("a map") && builder.start_container(); }
  bool end_map() { return builder.end_container(); }

  bool start_array(std::uint32_t count) {
    if (!not_key("an array") || !builder.start_array()) return false;
    // The claimed count is untrusted: reserve no more items than the input
    // could hold, so a header claiming 2^32 items costs nothing.
    out_.reserve(std::min<std::size_t>(count, input_size_ / kMinItemBytes));
    return true;
  }
  bool end_array() { return builder.end_array(); }

  void parse_error(std::size_t, std::size_t error_offset) {
    builder.fail(msgpack_visitor::invalid_type_byte(error_offset));
  }
  void insufficient_bytes(std::size_t, std::size_t) {
    builder.fail("input ends after " + std::to_string(input_size_) + " bytes, in the middle of a value");
  }

 private:
  bool not_key(std::string_view what) {
    if (!in_key()) return true;
    return builder.fail("a map key is " + std::string(what) + ", expected a string");
  }

  // msgpack words a float x its own way: its integers and floats are
  // different types, not one JSON number written two ways.
  bool visit_float(double value) {
    if (!not_key("a float")) return false;
    if (builder.expects_x()) {
      return builder.fail("x of item " + std::to_string(builder.item_count()) +
                          " is a float, expected an integer");
    }
    return builder.fraction(
        value, [] { return std::string(); }, "a float");
  }

  Items& out_;
  std::size_t input_size_;
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
    if (!ok) throw DecodeError(visitor.builder.error.empty() ? "invalid msgpack" : visitor.builder.error);
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
