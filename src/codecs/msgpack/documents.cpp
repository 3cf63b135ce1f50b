// `msgpack` for the documents workload: msgpack-cxx. Encode walks the
// Document with msgpack-cxx's packer: integers in their smallest int format
// (as the JS libraries write them), every float as float64 (pack_double is
// not used: it writes integral doubles as ints, -0 and 2^64 included),
// strings as str, arrays, maps with str keys in key order.
//
// Decode streams through msgpack-cxx's visitor API (msgpack::parse) into the
// shared DocumentBuilder: no msgpack::object tree, and no allocation from a
// claimed count. Refused, naming the path: map keys that are not strings,
// repeated keys, bin and ext values (no JSON-like value holds them), strings
// that are not UTF-8, nesting deeper than documents::kMaxDepth. Every
// msgpack integer (int64 or uint64) fits a Document, so none is refused.
//
// Nesting: msgpack-cxx's parser is not recursive (an explicit std::vector
// stack, MSGPACK_EMBED_STACK_SIZE = 32 reserved, growing without limit); its
// only depth limit is unpack_limit::depth (default 0xffffffff), and it
// applies to the msgpack::object unpacker alone, which is not used here. So
// kMaxDepth is enforced by the builder; the packer is driven by our own walk,
// which stops at kMaxDepth too.
#include <cstdint>
#include <cstring>
#include <limits>
#include <msgpack.hpp>
#include <string>

#include "codecs/msgpack/visitor.h"
#include "workloads/documents/codec.h"

namespace wcb {

namespace {

using documents::Document;
using documents::DocumentBuilder;

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

class Writer {
 public:
  explicit Writer(Bytes& out) : out_(out), sink_(out), packer_(sink_) {}

  void null() { packer_.pack_nil(); }
  void boolean(bool value) {
    if (value) {
      packer_.pack_true();
    } else {
      packer_.pack_false();
    }
  }
  void integer(std::int64_t value) { packer_.pack_int64(value); }
  void unsigned_integer(std::uint64_t value) { packer_.pack_uint64(value); }
  void number(double value) {
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    std::uint8_t bytes[9] = {0xcb};
    for (int i = 0; i < 8; ++i) bytes[1 + i] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));
    out_.insert(out_.end(), bytes, bytes + sizeof bytes);
  }
  void string(const std::string& text) {
    const auto size = count(text.size(), "a string over 4 GiB, more than msgpack's str holds");
    packer_.pack_str(size);
    packer_.pack_str_body(text.data(), size);
  }
  void start_array(std::size_t size) {
    packer_.pack_array(count(size, "an array of 2^32 elements or more, more than msgpack's array holds"));
  }
  void end_array() {}
  void start_object(std::size_t size) {
    packer_.pack_map(count(size, "an object of 2^32 keys or more, more than msgpack's map holds"));
  }
  void key(const std::string& key) { string(key); }
  void end_object() {}

 private:
  static std::uint32_t count(std::size_t size, const char* problem) {
    if (size > std::numeric_limits<std::uint32_t>::max()) throw documents::Unrepresentable(problem);
    return static_cast<std::uint32_t>(size);
  }

  Bytes& out_;
  ByteSink sink_;
  msgpack::packer<ByteSink> packer_;
};

// msgpack-cxx's visitor events, passed on to the builder (which throws
// DecodeError for what a document cannot hold).
class Visitor : public msgpack_visitor::KeyTracking {
 public:
  explicit Visitor(Document& out) : builder(out, true) {}

  DocumentBuilder builder;
  std::string error;

  bool visit_nil() { return not_key("nil") && builder.null(); }
  bool visit_boolean(bool value) { return not_key("a boolean") && builder.boolean(value); }
  bool visit_positive_integer(std::uint64_t value) {
    if (!not_key("an integer")) return false;
    if (value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      return builder.number_integer(static_cast<std::int64_t>(value));
    return builder.number_unsigned(value);
  }
  // Called for every value of the signed formats, positive ones too.
  bool visit_negative_integer(std::int64_t value) {
    return not_key("an integer") && builder.number_integer(value);
  }
  bool visit_float32(float value) { return not_key("a float") && builder.number(value); }
  bool visit_float64(double value) { return not_key("a float") && builder.number(value); }
  bool visit_str(const char* data, std::uint32_t size) {
    const std::string_view text(data, size);
    return in_key() ? builder.key(text) : builder.string(text);
  }
  bool visit_bin(const char*, std::uint32_t) {
    builder.fail("binary data (bin), which a JSON-like document cannot hold");
  }
  // `data` starts with the type byte.
  bool visit_ext(const char* data, std::uint32_t) {
    builder.fail("an ext value of type " + std::to_string(static_cast<std::int8_t>(data[0])) +
                 ", which a JSON-like document cannot hold");
  }
  bool start_map(std::uint32_t) { return not_key("a map") && builder.start_object(); }
  bool end_map() { return builder.end_object(); }
  bool start_array(std::uint32_t) { return not_key("an array") && builder.start_array(); }
  bool end_array() { return builder.end_array(); }
  void parse_error(std::size_t, std::size_t error_offset) {
    error = msgpack_visitor::invalid_type_byte(error_offset);
  }
  void insufficient_bytes(std::size_t, std::size_t) { error = "the input ends in the middle of a value"; }

 private:
  bool not_key(std::string_view what) {
    if (in_key()) builder.fail("a map key that is " + std::string(what) + ", not a string");
    return true;
  }
};

class MsgpackDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "msgpack"; }
  std::string_view format() const override { return "MessagePack"; }
  std::string library_version() const override { return std::string("msgpack-cxx ") + msgpack_version(); }

 protected:
  void do_encode(const Document& document, Bytes& out) override {
    out.clear();
    Writer writer(out);
    documents::walk(document, writer);
  }

  void do_decode(std::span<const std::uint8_t> bytes, Document& out) override {
    if (bytes.empty()) throw DecodeError("empty input");
    Visitor visitor(out);
    std::size_t offset = 0;
    const bool ok =
        msgpack::parse(reinterpret_cast<const char*>(bytes.data()), bytes.size(), offset, visitor);
    if (!ok) throw DecodeError(visitor.error.empty() ? std::string("invalid msgpack") : visitor.error);
    visitor.builder.finish();
    if (offset != bytes.size()) {
      throw DecodeError(std::to_string(bytes.size() - offset) + " unexpected bytes after the value");
    }
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_msgpack_document_codec() {
  return std::make_unique<MsgpackDocumentCodec>();
}

}  // namespace wcb
