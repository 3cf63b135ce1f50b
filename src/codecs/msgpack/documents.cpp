// `msgpack` for the documents workload: msgpack-cxx. The writer is an
// Events driving msgpack-cxx's packer, which writes straight into the output
// bytes (OutputBuffer: one memcpy per piece, geometric growth): integers in
// their smallest int format (as the JS libraries write them), every float as
// float64 (pack_double is not used: it writes integral doubles as ints, -0
// and 2^64 included), strings as str, arrays, maps with str keys in key
// order. msgpack writes each container's count before its elements: the
// writer needs known counts (every source here has them).
//
// Decode streams through msgpack-cxx's visitor API (msgpack::parse) into the
// sink: no msgpack::object tree, and no allocation from a claimed count.
// Refused here, naming the path: map keys that are not strings, bin and ext
// values (no JSON-like value holds them); the sink refuses repeated keys,
// strings that are not UTF-8 and nesting deeper than documents::kMaxDepth.
// Every msgpack integer (int64 or uint64) is an event, so none is refused.
//
// Nesting: msgpack-cxx's parser is not recursive (an explicit std::vector
// stack, MSGPACK_EMBED_STACK_SIZE = 32 reserved, growing without limit); its
// only depth limit is unpack_limit::depth (default 0xffffffff), and it
// applies to the msgpack::object unpacker alone, which is not used here. So
// kMaxDepth is enforced by the sink; the packer is driven by a source,
// which stops at kMaxDepth too.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <msgpack.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

#include "codecs/msgpack/visitor.h"
#include "workloads/documents/document_codec.h"
#include "workloads/documents/tagged.h"

namespace wcb {

namespace {

using documents::DocumentSink;

// The packer's stream: the output bytes, kept at their capacity while the
// writer runs (one memcpy per piece, no per-byte checks of a vector insert),
// then cut to what was written.
class OutputBuffer {
 public:
  explicit OutputBuffer(Bytes& out) : out_(out) {
    out_.clear();
    out_.resize(std::max<std::size_t>(out_.capacity(), 256));
  }
  void write(const char* data, std::size_t size) { std::memcpy(reserve(size), data, size); }
  // `size` writable bytes at the end, counted as written.
  std::uint8_t* reserve(std::size_t size) {
    if (out_.size() - size_ < size) [[unlikely]]
      out_.resize(std::max(out_.size() * 2, size_ + size));
    std::uint8_t* at = out_.data() + size_;
    size_ += size;
    return at;
  }
  void finish() { out_.resize(size_); }

 private:
  Bytes& out_;
  std::size_t size_ = 0;
};

class Writer final : public documents::Events {
 public:
  explicit Writer(Bytes& out) : buffer_(out), packer_(buffer_) {}

  void finish() { buffer_.finish(); }

  void null() override { packer_.pack_nil(); }
  void boolean(bool value) override {
    if (value) {
      packer_.pack_true();
    } else {
      packer_.pack_false();
    }
  }
  void integer(std::int64_t value) override { packer_.pack_int64(value); }
  void unsigned_integer(std::uint64_t value) override { packer_.pack_uint64(value); }
  void number(double value) override {
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    std::uint8_t* at = buffer_.reserve(9);
    at[0] = 0xcb;
    for (int i = 0; i < 8; ++i) at[1 + i] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));
  }
  void string(std::string_view text) override {
    const auto size = count(text.size(), "a string over 4 GiB, more than msgpack's str holds");
    packer_.pack_str(size);
    packer_.pack_str_body(text.data(), size);
  }
  void start_array(std::size_t size) override {
    packer_.pack_array(known(size, "an array of 2^32 elements or more, more than msgpack's array holds"));
  }
  void end_array() override {}
  void start_object(std::size_t size) override {
    packer_.pack_map(known(size, "an object of 2^32 keys or more, more than msgpack's map holds"));
  }
  void key(std::string_view key) override { string(key); }
  void end_object() override {}

 private:
  static std::uint32_t count(std::size_t size, const char* problem) {
    if (size > std::numeric_limits<std::uint32_t>::max()) throw documents::Unrepresentable(problem);
    return static_cast<std::uint32_t>(size);
  }
  // kUnknownCount is 2^32-1 in wasm32, where count() would let it through.
  static std::uint32_t known(std::size_t size, const char* problem) {
    if (size == documents::kUnknownCount)
      throw std::logic_error("msgpack's writer needs each container's count before its elements");
    return count(size, problem);
  }

  OutputBuffer buffer_;
  msgpack::packer<OutputBuffer> packer_;
};

// msgpack-cxx's visitor events, passed on to the sink (which throws
// DecodeError for what a document cannot hold): a DocumentSink, or a final
// one (documents::TaggedSink) whose events are then called directly.
// The values refused whatever the sink.
class Refusals {
 public:
  explicit Refusals(DocumentSink& sink) : sink_(sink) {}

  bool visit_bin(const char*, std::uint32_t) {
    sink_.fail("binary data (bin), which a JSON-like document cannot hold");
  }
  // `data` starts with the type byte.
  bool visit_ext(const char* data, std::uint32_t) {
    sink_.fail("an ext value of type " + std::to_string(static_cast<std::int8_t>(data[0])) +
               ", which a JSON-like document cannot hold");
  }

 private:
  DocumentSink& sink_;
};

template <typename Sink>
class Visitor : public msgpack_visitor::KeyTracking, public Refusals {
 public:
  explicit Visitor(Sink& sink) : Refusals(sink), sink_(sink) {}

  std::string error;

  bool visit_nil() {
    not_key("nil");
    sink_.null();
    return true;
  }
  bool visit_boolean(bool value) {
    not_key("a boolean");
    sink_.boolean(value);
    return true;
  }
  bool visit_positive_integer(std::uint64_t value) {
    not_key("an integer");
    if (value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      sink_.integer(static_cast<std::int64_t>(value));
    } else {
      sink_.unsigned_integer(value);
    }
    return true;
  }
  // Called for every value of the signed formats, positive ones too.
  bool visit_negative_integer(std::int64_t value) {
    not_key("an integer");
    sink_.integer(value);
    return true;
  }
  bool visit_float32(float value) {
    not_key("a float");
    sink_.number(value);
    return true;
  }
  bool visit_float64(double value) {
    not_key("a float");
    sink_.number(value);
    return true;
  }
  bool visit_str(const char* data, std::uint32_t size) {
    const std::string_view text(data, size);
    if (in_key()) {
      sink_.key(text);
    } else {
      sink_.string(text);
    }
    return true;
  }
  bool start_map(std::uint32_t count) {
    not_key("a map");
    sink_.start_object(count);
    return true;
  }
  bool end_map() {
    sink_.end_object();
    return true;
  }
  bool start_array(std::uint32_t count) {
    not_key("an array");
    sink_.start_array(count);
    return true;
  }
  bool end_array() {
    sink_.end_array();
    return true;
  }
  void parse_error(std::size_t, std::size_t error_offset) {
    error = msgpack_visitor::invalid_type_byte(error_offset);
  }
  void insufficient_bytes(std::size_t, std::size_t) { error = "the input ends in the middle of a value"; }

 private:
  void not_key(const char* what) {
    if (in_key()) [[unlikely]]
      key_error(what);
  }
  [[noreturn]] void key_error(const char* what) const {
    sink_.fail("a map key that is " + std::string(what) + ", not a string");
  }

  Sink& sink_;
};

class MsgpackDocumentCodec final : public documents::SinkTemplateCodec<MsgpackDocumentCodec> {
 public:
  std::string_view name() const override { return "msgpack"; }
  std::string_view format() const override { return "MessagePack"; }
  std::string library_version() const override { return std::string("msgpack-cxx ") + msgpack_version(); }

 protected:
  void do_encode(documents::DocumentSource& source, Bytes& out) override {
    Writer writer(out);
    source.drive(writer);
    writer.finish();
  }

 public:
  template <typename Sink>
  static void read(std::span<const std::uint8_t> bytes, Sink& sink) {
    if (bytes.empty()) throw DecodeError("empty input");
    Visitor<Sink> visitor(sink);
    std::size_t offset = 0;
    const bool ok =
        msgpack::parse(reinterpret_cast<const char*>(bytes.data()), bytes.size(), offset, visitor);
    if (!ok) throw DecodeError(visitor.error.empty() ? std::string("invalid msgpack") : visitor.error);
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
