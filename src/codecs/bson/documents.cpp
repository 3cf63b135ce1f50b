// `bson` for the documents workload: BSON. A BSON file is a document, so a
// top level that is not an object is written as the document {"value": v}
// and unwrapped on decode (docs/documents.md). The wrapper is ambiguous: a
// document that really is {"value": v}, one key and no other, is written as
// the same bytes as v and comes back as v. The JS `bson` peer does the same.
//
// The writer is ours (an Events: nlohmann has no streaming BSON writer, and
// its to_bson takes only a whole object). It writes the bytes nlohmann's
// to_bson writes for an object (a test compares them): integers as int32
// when they fit, else int64; floats as double; arrays as documents keyed
// "0", "1", ...; each document's size patched in when it closes. Refused,
// naming the path: integers above 2^63-1 (BSON has no uint64), keys
// containing NUL (keys are C strings), anything over BSON's 2 GiB sizes.
//
// The reader is ours too (reader.h: what it reads and refuses, and why it
// replaced nlohmann's); nlohmann_json is no longer used by this codec. The
// top document's size and terminator are checked here. The wrapper is
// unwrapped without building anything: the top document's first element
// header says whether it is named "value" and, from its declared size,
// whether it is the only element; the reader checks every declared size
// against the contents, so the header cannot disagree with the elements
// read. A wrapper's value is then read alone, with no object around it.
#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "codecs/bson/reader.h"
#include "workloads/documents/document_codec.h"
#include "workloads/documents/tagged.h"

namespace wcb {

namespace {

using documents::DocumentSink;
using documents::Unrepresentable;

constexpr std::string_view kWrapperKey = "value";

class BsonWriter final : public documents::Events {
 public:
  explicit BsonWriter(Bytes& out) : out_(out) {}

  void null() override {
    if (top()) return wrapped([&] { null(); });
    element(0x0a);
  }
  void boolean(bool value) override {
    if (top()) return wrapped([&] { boolean(value); });
    element(0x08);
    out_.push_back(value ? 1 : 0);
  }
  void integer(std::int64_t value) override {
    if (top()) return wrapped([&] { integer(value); });
    if (value >= std::numeric_limits<std::int32_t>::min() &&
        value <= std::numeric_limits<std::int32_t>::max()) {
      element(0x10);
      little_endian(static_cast<std::uint32_t>(value), 4);
    } else {
      element(0x12);
      little_endian(static_cast<std::uint64_t>(value), 8);
    }
  }
  void unsigned_integer(std::uint64_t value) override {
    if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      throw Unrepresentable("BSON has no integer above 2^63-1 (its largest is int64)");
    integer(static_cast<std::int64_t>(value));
  }
  void number(double value) override {
    if (top()) return wrapped([&] { number(value); });
    element(0x01);
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    little_endian(bits, 8);
  }
  void string(std::string_view text) override {
    if (text.size() >= kMaxSize) throw Unrepresentable("a string over BSON's 2 GiB");
    if (top()) return wrapped([&] { string(text); });
    element(0x02);
    little_endian(text.size() + 1, 4);
    out_.insert(out_.end(), text.begin(), text.end());
    out_.push_back(0);
  }
  void start_array(std::size_t) override {
    if (top()) {
      open_wrapper();
      wrapped_ = true;
    }
    element(0x04);
    open(true);
  }
  void end_array() override { close(); }
  void start_object(std::size_t) override {
    if (!frames_.empty()) element(0x03);
    open(false);
  }
  // The element's type byte comes before its name: a placeholder, set by
  // the value's element().
  void key(std::string_view key) override {
    if (key.find('\0') != std::string_view::npos)
      throw Unrepresentable("BSON keys cannot contain NUL (U+0000): they are C strings");
    name(key);
  }
  void end_object() override { close(); }

 private:
  static constexpr std::size_t kMaxSize = std::numeric_limits<std::int32_t>::max();

  struct Frame {
    std::size_t start;  // offset of the document's size
    bool array;
    std::size_t next_index;
  };

  bool top() const { return frames_.empty(); }

  // A top level that is not a document, as the document {"value": v}.
  template <typename Write>
  void wrapped(Write write) {
    open_wrapper();
    write();
    close();
  }
  void open_wrapper() {
    open(false);
    name(kWrapperKey);
  }

  void name(std::string_view name) {
    type_at_ = out_.size();
    out_.push_back(0);
    out_.insert(out_.end(), name.begin(), name.end());
    out_.push_back(0);
  }

  // The element's type byte and name: the pending key's in a document, the
  // decimal index in an array.
  void element(std::uint8_t type) {
    Frame& frame = frames_.back();
    if (frame.array) {
      out_.push_back(type);
      char digits[24];
      const auto result = std::to_chars(digits, digits + sizeof digits, frame.next_index++);
      out_.insert(out_.end(), digits, result.ptr);
      out_.push_back(0);
    } else {
      out_[type_at_] = type;
    }
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
    // The wrapper of a top-level array closes with it.
    if (wrapped_ && frames_.size() == 1) {
      wrapped_ = false;
      close();
    }
  }

  void little_endian(std::uint64_t value, int size) {
    for (int i = 0; i < size; ++i) out_.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
  }

  Bytes& out_;
  std::vector<Frame> frames_;
  std::size_t type_at_ = 0;  // the pending element's type byte
  bool wrapped_ = false;     // the top level is an array in the wrapper
};

// The top document's first element, when it is the wrapper {"value": v}
// (named "value" and, by its declared size, the only element): the offset
// of v; 0 otherwise. `bytes` hold a whole document (size and terminator
// checked). A size that the elements contradict is refused by the reader.
std::size_t wrapped_value(std::span<const std::uint8_t> bytes) {
  constexpr std::size_t kName = 5;  // after the size and the type byte
  const std::size_t value_at = kName + kWrapperKey.size() + 1;
  if (bytes.size() < value_at ||
      std::memcmp(bytes.data() + kName, kWrapperKey.data(), kWrapperKey.size()) != 0 ||
      bytes[value_at - 1] != 0)
    return 0;
  const auto int32_at = [&](std::size_t at) -> std::uint64_t {
    if (at + 4 > bytes.size()) return 0;
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) value |= std::uint32_t{bytes[at + i]} << (8 * i);
    return value;
  };
  // The value's size; 0 when not known (types the reader refuses) or when
  // its size field is cut off.
  std::uint64_t size = 0;
  switch (bytes[4]) {
    case 0x01:  // double
    case 0x12:  // int64
      size = 8;
      break;
    case 0x02:  // string: its int32 size, then as many bytes
      if (const std::uint64_t length = int32_at(value_at); length != 0) size = 4 + length;
      break;
    case 0x03:  // document
    case 0x04:  // array
      size = int32_at(value_at);
      break;
    case 0x08:  // bool
      size = 1;
      break;
    case 0x0a:  // null: no bytes
      return value_at + 1 == bytes.size() ? value_at : 0;
    case 0x10:  // int32
      size = 4;
      break;
    default:
      break;
  }
  return size != 0 && value_at + size + 1 == bytes.size() ? value_at : 0;
}

class BsonDocumentCodec final : public documents::SinkTemplateCodec<BsonDocumentCodec> {
 public:
  std::string_view name() const override { return "bson"; }
  std::string_view format() const override { return "BSON"; }
  std::string library_version() const override { return "wcb BSON reader and writer"; }

 protected:
  void do_encode(documents::DocumentSource& source, Bytes& out) override {
    out.clear();
    BsonWriter writer(out);
    source.drive(writer);
  }

 public:
  template <typename Sink>
  static void read(std::span<const std::uint8_t> bytes, Sink& sink) {
    if (bytes.size() < 5)
      throw DecodeError("a BSON document takes at least 5 bytes, got " + std::to_string(bytes.size()));
    std::uint32_t size = 0;
    for (int i = 0; i < 4; ++i) size |= std::uint32_t{bytes[i]} << (8 * i);
    if (size != bytes.size()) {
      throw DecodeError("the document's size says " + std::to_string(static_cast<std::int32_t>(size)) +
                        " bytes, the input has " + std::to_string(bytes.size()));
    }
    if (bytes.back() != 0) throw DecodeError("the document does not end with its 0 byte");
    bson::Reader reader(bytes, sink);
    if (const std::size_t value_at = wrapped_value(bytes); value_at != 0) {
      reader.read_value(bytes[4], bytes.data() + value_at, bytes.data() + bytes.size() - 1);
    } else {
      reader.read_document(bytes.data(), bytes.data() + bytes.size());
    }
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_bson_document_codec() {
  return std::make_unique<BsonDocumentCodec>();
}

}  // namespace wcb
