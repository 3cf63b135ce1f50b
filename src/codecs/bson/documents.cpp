// `bson` for the documents workload: BSON. A BSON file is a document, so a
// top level that is not an object is written as the document {"value": v}
// and unwrapped on decode (docs/documents.md). The wrapper is ambiguous: a
// document that really is {"value": v}, one key and no other, is written as
// the same bytes as v and comes back as v. The JS `bson` peer does the same.
//
// Encode writes BSON itself, walking the Document once (the shared walk):
// nlohmann's to_bson takes only an object, so wrapping an array would first
// copy it whole, and the unmapped and jbb data sets are arrays. It writes
// the bytes nlohmann's to_bson writes for an object (a test compares them):
// integers as int32 when they fit, else int64; floats as double; arrays as
// documents keyed "0", "1", ... Refused, naming the path: integers above
// 2^63-1 (BSON has no uint64), keys containing NUL (keys are C strings),
// anything over BSON's 2 GiB sizes.
//
// Decode: nlohmann's BSON reader (sax_parse) into the shared DocumentBuilder,
// which refuses binary, repeated keys, strings that are not UTF-8 (nlohmann
// does not check) and nesting deeper than documents::kMaxDepth; nlohmann
// refuses element types other than double, string, document, array,
// binary, bool, null, int32 and int64. nlohmann reads embedded documents by
// their element lists and terminators and ignores their declared sizes, so
// the adapter checks the top level's size and terminator itself; a wrong
// size of an embedded document goes unnoticed (its values are still read
// exactly as the elements say).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "codecs/json/nlohmann_support.h"
#include "workloads/documents/codec.h"

namespace wcb {

namespace {

using documents::Document;
using documents::Unrepresentable;

constexpr std::string_view kWrapperKey = "value";

class BsonWriter {
 public:
  explicit BsonWriter(Bytes& out) : out_(out) {}

  // Opens the {"value": v} document around a top level that is not one.
  void open_wrapper() {
    open(false);
    key_ = kWrapperKey;
  }
  void close_wrapper() { close(); }

  void null() { element(0x0a); }
  void boolean(bool value) {
    element(0x08);
    out_.push_back(value ? 1 : 0);
  }
  void integer(std::int64_t value) {
    if (value >= std::numeric_limits<std::int32_t>::min() &&
        value <= std::numeric_limits<std::int32_t>::max()) {
      element(0x10);
      little_endian(static_cast<std::uint32_t>(value), 4);
    } else {
      element(0x12);
      little_endian(static_cast<std::uint64_t>(value), 8);
    }
  }
  void unsigned_integer(std::uint64_t value) {
    if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      throw Unrepresentable("BSON has no integer above 2^63-1 (its largest is int64)");
    integer(static_cast<std::int64_t>(value));
  }
  void number(double value) {
    element(0x01);
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    little_endian(bits, 8);
  }
  void string(const std::string& text) {
    if (text.size() >= kMaxSize) throw Unrepresentable("a string over BSON's 2 GiB");
    element(0x02);
    little_endian(text.size() + 1, 4);
    out_.insert(out_.end(), text.begin(), text.end());
    out_.push_back(0);
  }
  void start_array(std::size_t) {
    if (!frames_.empty()) element(0x04);
    open(true);
  }
  void end_array() { close(); }
  void start_object(std::size_t) {
    if (!frames_.empty()) element(0x03);
    open(false);
  }
  void key(const std::string& key) {
    if (key.find('\0') != std::string::npos)
      throw Unrepresentable("BSON keys cannot contain NUL (U+0000): they are C strings");
    key_ = key;
  }
  void end_object() { close(); }

 private:
  static constexpr std::size_t kMaxSize = std::numeric_limits<std::int32_t>::max();

  struct Frame {
    std::size_t start;  // offset of the document's size
    bool array;
    std::size_t next_index;
  };

  // The element's type byte and name: the pending key in a document, the
  // decimal index in an array.
  void element(std::uint8_t type) {
    out_.push_back(type);
    Frame& frame = frames_.back();
    if (frame.array) {
      char digits[24];
      const int length = std::snprintf(digits, sizeof digits, "%zu", frame.next_index++);
      out_.insert(out_.end(), digits, digits + length);
    } else {
      out_.insert(out_.end(), key_.begin(), key_.end());
    }
    out_.push_back(0);
  }

  void open(bool array) {
    frames_.push_back({out_.size(), array, 0});
    little_endian(0, 4);  // patched by close()
  }

  void close() {
    out_.push_back(0);
    const std::size_t start = frames_.back().start;
    frames_.pop_back();
    const std::size_t size = out_.size() - start;
    if (size > kMaxSize) throw Unrepresentable("a document over BSON's 2 GiB");
    for (int i = 0; i < 4; ++i) out_[start + i] = static_cast<std::uint8_t>(size >> (8 * i));
  }

  void little_endian(std::uint64_t value, int size) {
    for (int i = 0; i < size; ++i) out_.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
  }

  Bytes& out_;
  std::vector<Frame> frames_;
  std::string_view key_;
};

class BsonDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "bson"; }
  std::string_view format() const override { return "BSON"; }
  std::string library_version() const override { return nlohmann_support::library_version(); }

 protected:
  void do_encode(const Document& document, Bytes& out) override {
    out.clear();
    BsonWriter writer(out);
    const bool wrap = !document.is_object();
    if (wrap) writer.open_wrapper();
    documents::walk(document, writer);
    if (wrap) writer.close_wrapper();
  }

  void do_decode(std::span<const std::uint8_t> bytes, Document& out) override {
    if (bytes.size() < 5)
      throw DecodeError("a BSON document takes at least 5 bytes, got " + std::to_string(bytes.size()));
    std::uint32_t size = 0;
    for (int i = 0; i < 4; ++i) size |= std::uint32_t{bytes[i]} << (8 * i);
    if (size != bytes.size()) {
      throw DecodeError("the document's size says " + std::to_string(static_cast<std::int32_t>(size)) +
                        " bytes, the input has " + std::to_string(bytes.size()));
    }
    if (bytes.back() != 0) throw DecodeError("the document does not end with its 0 byte");
    documents::DocumentBuilder builder(out, true);
    Document::sax_parse(bytes.begin(), bytes.end(), &builder, nlohmann::json::input_format_t::bson);
    builder.finish();
    // The wrapper of a top level that is not a document.
    if (out.is_object() && out.size() == 1) {
      auto& members = out.get_ref<Document::object_t&>();
      if (members.front().first == kWrapperKey) {
        Document value = std::move(members.front().second);
        out = std::move(value);
      }
    }
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_bson_document_codec() {
  return std::make_unique<BsonDocumentCodec>();
}

}  // namespace wcb
