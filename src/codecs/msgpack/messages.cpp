// `msgpack` for the messages workload: msgpack-cxx. A record is a map with
// the JS names as str keys in the JS key order (message_schema.h), as
// @msgpack/msgpack and msgpackr write the JS object. Integers take the
// smallest msgpack int format; a double field or mixed-array double holding
// an integer in int32 range is written as that integer (both JS libraries
// do; JS cannot tell 3.0 from 3), any other double as float64; float fields
// as float32. The timestamp is the timestamp extension (type -1) in its
// smallest form: 32-bit (whole seconds in [0, 2^32)), 64-bit (seconds in
// [0, 2^34) and nanoseconds) or 96-bit (any other seconds); binary is bin.
//
// Decode streams through msgpack-cxx's visitor API (no msgpack::object tree)
// into the record's builder, which checks the schema as values arrive. It
// accepts every encoding of a value that JS libraries may choose: any int
// format or an integral float for an int32, ints and float32/float64 for
// numbers, and all three timestamp forms. Lengths in the input are never
// trusted for allocation: strings and binary are read in place, and arrays
// reserve no more than the input could hold.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <msgpack.hpp>
#include <stdexcept>
#include <string>

#include "codecs/msgpack/visitor.h"
#include "workloads/messages/message_codec.h"
#include "workloads/messages/record_builder.h"
#include "workloads/messages/schema.h"

namespace wcb {

namespace {

using namespace messages;
using schema::Field;
using schema::Type;

constexpr std::int8_t kTimestampExt = -1;
constexpr std::int64_t kNanosPerMs = 1'000'000;

// The packer's stream: appends to the output buffer.
class ByteSink {
 public:
  explicit ByteSink(Bytes& out) : out_(out) {}
  void write(const char* data, std::size_t size) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(data);
    out_.insert(out_.end(), bytes, bytes + size);
  }

 private:
  Bytes& out_;
};

using Packer = msgpack::packer<ByteSink>;

void append_big_endian(Bytes& out, std::uint64_t value, int size) {
  for (int i = size - 1; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

// A record as msgpack, written by schema::write_record.
class Writer {
 public:
  static constexpr bool kFieldPaths = true;

  explicit Writer(Bytes& out) : out_(out), sink_(out), packer_(sink_) {}

  void start_object(std::size_t count) { packer_.pack_map(static_cast<std::uint32_t>(count)); }
  void key(std::string_view name, std::size_t /*index*/) {
    packer_.pack_str(static_cast<std::uint32_t>(name.size()));
    packer_.pack_str_body(name.data(), static_cast<std::uint32_t>(name.size()));
  }
  void end_object() {}
  void start_array(std::size_t size) {
    if (size > std::numeric_limits<std::uint32_t>::max()) {
      throw std::invalid_argument("an array of more than 2^32-1 elements, more than msgpack's array holds");
    }
    packer_.pack_array(static_cast<std::uint32_t>(size));
  }
  void element(std::size_t /*index*/) {}
  void end_array() {}
  void int32(std::int32_t value) { packer_.pack_int32(value); }
  void binary(const std::vector<std::uint8_t>& data) {
    if (data.size() > std::numeric_limits<std::uint32_t>::max()) {
      throw std::invalid_argument("binary data over 4 GiB, more than msgpack's bin holds");
    }
    packer_.pack_bin(static_cast<std::uint32_t>(data.size()));
    packer_.pack_bin_body(reinterpret_cast<const char*>(data.data()),
                          static_cast<std::uint32_t>(data.size()));
  }

  void boolean(bool value) {
    if (value) {
      packer_.pack_true();
    } else {
      packer_.pack_false();
    }
  }

  // An integer in int32 range as an int (not -0: its sign would be lost),
  // anything else as float64. msgpack-cxx's pack_double is not used: it
  // turns every integral double into an int, -0 and 2^64 included.
  void number(double value) {
    if (schema::integral_int32(value) && !(value == 0 && std::signbit(value))) {
      packer_.pack_int32(static_cast<std::int32_t>(value));
      return;
    }
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    out_.push_back(0xcb);
    append_big_endian(out_, bits, 8);
  }

  // Always float32 (pack_float, too, writes integral values as ints).
  void float32(float value) {
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    out_.push_back(0xca);
    append_big_endian(out_, bits, 4);
  }

  void string(const std::string& text) {
    if (!valid_utf8(text)) throw std::invalid_argument("a string that is not valid UTF-8");
    if (text.size() > std::numeric_limits<std::uint32_t>::max()) {
      throw std::invalid_argument("a string over 4 GiB, more than msgpack's str holds");
    }
    packer_.pack_str(static_cast<std::uint32_t>(text.size()));
    packer_.pack_str_body(text.data(), static_cast<std::uint32_t>(text.size()));
  }

  void timestamp(Timestamp timestamp) {
    const std::int64_t ms = timestamp.time_since_epoch().count();
    if (ms < -schema::kMaxDateMs || ms > schema::kMaxDateMs) {
      throw std::invalid_argument("timestamp " + std::to_string(ms) +
                                  " ms is outside the range of a JS Date");
    }
    // Seconds rounded toward minus infinity, nanoseconds in [0, 1e9).
    std::int64_t seconds = ms / 1000;
    std::int64_t milliseconds = ms % 1000;
    if (milliseconds < 0) {
      --seconds;
      milliseconds += 1000;
    }
    const auto nanos = static_cast<std::uint32_t>(milliseconds * kNanosPerMs);
    if (seconds >= 0 && seconds < (std::int64_t{1} << 34)) {
      if (nanos == 0 && seconds <= std::numeric_limits<std::uint32_t>::max()) {
        packer_.pack_ext(4, kTimestampExt);  // fixext 4
        append_big_endian(out_, static_cast<std::uint64_t>(seconds), 4);
      } else {
        packer_.pack_ext(8, kTimestampExt);  // fixext 8
        append_big_endian(out_, std::uint64_t{nanos} << 34 | static_cast<std::uint64_t>(seconds), 8);
      }
      return;
    }
    packer_.pack_ext(12, kTimestampExt);  // ext 8, length 12
    append_big_endian(out_, nanos, 4);
    append_big_endian(out_, static_cast<std::uint64_t>(seconds), 8);
  }

 private:
  Bytes& out_;
  ByteSink sink_;
  Packer packer_;
};

std::uint64_t read_big_endian(const char* data, int size) {
  std::uint64_t value = 0;
  for (int i = 0; i < size; ++i) value = value << 8 | static_cast<std::uint8_t>(data[i]);
  return value;
}

// msgpack-cxx's visitor events, passed on to the record's builder.
class RecordVisitor : public msgpack_visitor::KeyTracking {
 public:
  RecordVisitor(std::span<const Field> fields, void* record, std::size_t input_size)
      : builder(fields, record, "a timestamp (ext type -1)", "binary data (bin)"), input_size_(input_size) {}

  schema::RecordBuilder builder;

  bool visit_nil() { return not_key("nil") && builder.unexpected("nil"); }
  bool visit_boolean(bool value) { return not_key("a boolean") && builder.boolean(value); }
  bool visit_positive_integer(std::uint64_t value) { return not_key("an integer") && builder.whole(value); }
  // msgpack-cxx calls this for every value of the signed formats (int 8 to
  // int 64), positive ones too: both bounds are checked (found by fuzzing).
  bool visit_negative_integer(std::int64_t value) { return not_key("an integer") && builder.whole(value); }
  bool visit_float32(float value) { return visit_float64(value); }
  bool visit_float64(double value) { return not_key("a float") && builder.real(value); }

  bool visit_str(const char* data, std::uint32_t size) {
    const std::string_view text(data, size);
    if (in_key()) return builder.key(text);
    if (!valid_utf8(text)) return builder.fail_here("a string that is not valid UTF-8");
    return builder.string(text);
  }

  bool visit_bin(const char* data, std::uint32_t size) {
    if (!not_key("binary data")) return false;
    return builder.binary([&](std::vector<std::uint8_t>& bytes, std::string&) {
      bytes.assign(reinterpret_cast<const std::uint8_t*>(data),
                   reinterpret_cast<const std::uint8_t*>(data) + size);
      return true;
    });
  }

  // `data` starts with the type byte; `size` counts it.
  bool visit_ext(const char* data, std::uint32_t size) {
    if (!not_key("an ext value")) return false;
    if (static_cast<std::int8_t>(data[0]) != kTimestampExt) {
      return builder.unexpected("an ext value of type " + std::to_string(static_cast<std::int8_t>(data[0])));
    }
    if (builder.next_type() != Type::kTimestamp) return builder.unexpected("a timestamp");
    const char* body = data + 1;
    std::int64_t seconds;
    std::uint32_t nanos;
    switch (size - 1) {
      case 4:
        seconds = static_cast<std::int64_t>(read_big_endian(body, 4));
        nanos = 0;
        break;
      case 8: {
        const std::uint64_t value = read_big_endian(body, 8);
        seconds = static_cast<std::int64_t>(value & ((std::uint64_t{1} << 34) - 1));
        nanos = static_cast<std::uint32_t>(value >> 34);
        break;
      }
      case 12:
        nanos = static_cast<std::uint32_t>(read_big_endian(body, 4));
        seconds = static_cast<std::int64_t>(read_big_endian(body + 4, 8));
        break;
      default:
        return builder.fail_here("a timestamp extension of " + std::to_string(size - 1) +
                                 " bytes, expected 4, 8 or 12");
    }
    if (nanos >= 1'000'000'000)
      return builder.fail_here("a timestamp with " + std::to_string(nanos) + " nanoseconds");
    if (nanos % kNanosPerMs != 0) {
      return builder.fail_here(
          "a timestamp with sub-millisecond precision, which a record's timestamp cannot hold");
    }
    constexpr std::int64_t kMaxSeconds = schema::kMaxDateMs / 1000;
    if (seconds < -kMaxSeconds || seconds > kMaxSeconds) {
      return builder.fail_here("timestamp " + std::to_string(seconds) +
                               " s is outside the range of a JS Date");
    }
    const std::int64_t ms = seconds * 1000 + nanos / kNanosPerMs;
    if (ms < -schema::kMaxDateMs || ms > schema::kMaxDateMs) {
      return builder.fail_here("timestamp " + std::to_string(ms) + " ms is outside the range of a JS Date");
    }
    return builder.timestamp(Timestamp{std::chrono::milliseconds{ms}});
  }

  bool start_map(std::uint32_t) { return not_key("a map") && builder.start_object(); }
  bool end_map() { return builder.end_object(); }

  bool start_array(std::uint32_t count) {
    // An element takes at least one byte.
    return not_key("an array") && builder.start_array(count, input_size_);
  }
  bool end_array() { return builder.end_array(); }

  void parse_error(std::size_t, std::size_t error_offset) {
    builder.fail(msgpack_visitor::invalid_type_byte(error_offset));
  }
  void insufficient_bytes(std::size_t, std::size_t) {
    builder.fail("input ends after " + std::to_string(input_size_) + " bytes, in the middle of a value");
  }

 private:
  // Map keys must be strings.
  bool not_key(std::string_view what) {
    if (!in_key()) return true;
    return builder.fail("a map key is " + std::string(what) + ", expected a string");
  }

  std::size_t input_size_;
};

class MsgpackMessageCodec final : public MessageCodec {
 public:
  std::string_view name() const override { return "msgpack"; }
  std::string library_version() const override { return std::string("msgpack-cxx ") + msgpack_version(); }

 protected:
  void do_encode(const Message& message, Bytes& out) override {
    out.clear();
    Writer writer(out);
    schema::write_record(writer, message);
  }

  void do_decode(Kind kind, std::span<const std::uint8_t> bytes, Message& out) override {
    const std::string record(kind_name(kind));
    if (bytes.empty()) throw DecodeError(record + ": empty input");
    if (kind_of(out) != kind) out = empty_message(kind);
    RecordVisitor visitor(schema::fields_of(kind), schema::object_of(out), bytes.size());
    std::size_t offset = 0;
    const bool ok =
        msgpack::parse(reinterpret_cast<const char*>(bytes.data()), bytes.size(), offset, visitor);
    if (!ok || !visitor.builder.done()) {
      throw DecodeError(
          record + ": " +
          (visitor.builder.error.empty() ? std::string("invalid msgpack") : visitor.builder.error));
    }
    if (offset != bytes.size()) {
      throw DecodeError(record + ": " + std::to_string(bytes.size() - offset) +
                        " unexpected bytes after the record");
    }
  }
};

}  // namespace

std::unique_ptr<MessageCodec> make_msgpack_message_codec() { return std::make_unique<MsgpackMessageCodec>(); }

}  // namespace wcb
