// `cbor` for the documents workload: CBOR (RFC 8949). Writer and reader are
// ours; nlohmann_json is no longer used by this codec.
//
// The writer (an Events, straight into the output bytes) writes exactly the
// bytes nlohmann's to_cbor writes for the same document (a test compares
// them), as the codec wrote them through to_cbor before: integers in their
// smallest form, a float as float32 when that holds it exactly (else
// float64), NaN and ±Infinity as half floats, definite lengths. nlohmann
// has no streaming CBOR writer, only to_cbor of a whole json value. A
// container whose count the source does not know is written with an
// indefinite length.
//
// Decode: cbor::Reader (reader.h: what it reads and refuses, and why it
// replaced nlohmann's reader) drives the sink.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "codecs/cbor/reader.h"
#include "workloads/documents/document_codec.h"
#include "workloads/documents/tagged.h"

namespace wcb {

namespace {

using documents::DocumentSink;

class CborWriter final : public documents::Events {
 public:
  explicit CborWriter(Bytes& out) : out_(out) {}

  void null() override { out_.push_back(0xf6); }
  void boolean(bool value) override { out_.push_back(value ? 0xf5 : 0xf4); }
  void integer(std::int64_t value) override {
    if (value >= 0) {
      head(0x00, static_cast<std::uint64_t>(value));
    } else {
      head(0x20, static_cast<std::uint64_t>(-1 - value));
    }
  }
  void unsigned_integer(std::uint64_t value) override { head(0x00, value); }
  void number(double value) override {
    if (std::isnan(value)) {
      bytes({0xf9, 0x7e, 0x00});
    } else if (std::isinf(value)) {
      bytes({0xf9, static_cast<std::uint8_t>(value > 0 ? 0x7c : 0xfc), 0x00});
    } else if (value >= static_cast<double>(std::numeric_limits<float>::lowest()) &&
               value <= static_cast<double>(std::numeric_limits<float>::max()) &&
               static_cast<double>(static_cast<float>(value)) == value) {
      const float narrow = static_cast<float>(value);
      std::uint32_t bits;
      std::memcpy(&bits, &narrow, sizeof bits);
      out_.push_back(0xfa);
      big_endian(bits, 4);
    } else {
      std::uint64_t bits;
      std::memcpy(&bits, &value, sizeof bits);
      out_.push_back(0xfb);
      big_endian(bits, 8);
    }
  }
  void string(std::string_view text) override {
    head(0x60, text.size());
    out_.insert(out_.end(), text.begin(), text.end());
  }
  void start_array(std::size_t count) override { open(0x80, count); }
  void end_array() override { close(); }
  void start_object(std::size_t count) override { open(0xa0, count); }
  void key(std::string_view key) override { string(key); }
  void end_object() override { close(); }

 private:
  // The initial byte of `major` and its argument, in the smallest form.
  void head(std::uint8_t major, std::uint64_t argument) {
    if (argument <= 0x17) {
      out_.push_back(static_cast<std::uint8_t>(major + argument));
    } else if (argument <= 0xff) {
      out_.push_back(major + 0x18);
      out_.push_back(static_cast<std::uint8_t>(argument));
    } else if (argument <= 0xffff) {
      out_.push_back(major + 0x19);
      big_endian(argument, 2);
    } else if (argument <= 0xffffffff) {
      out_.push_back(major + 0x1a);
      big_endian(argument, 4);
    } else {
      out_.push_back(major + 0x1b);
      big_endian(argument, 8);
    }
  }

  void open(std::uint8_t major, std::size_t count) {
    ++depth_;
    if (count == documents::kUnknownCount) [[unlikely]] {
      out_.push_back(major + 0x1f);  // indefinite length, ended by a break
      indefinite_.push_back(depth_);
    } else {
      head(major, count);
    }
  }
  void close() {
    if (!indefinite_.empty() && indefinite_.back() == depth_) [[unlikely]] {
      out_.push_back(0xff);
      indefinite_.pop_back();
    }
    --depth_;
  }

  void big_endian(std::uint64_t value, int size) {
    std::uint8_t* at = grow(static_cast<std::size_t>(size));
    for (int i = 0; i < size; ++i) at[i] = static_cast<std::uint8_t>(value >> (8 * (size - 1 - i)));
  }
  void bytes(std::initializer_list<std::uint8_t> list) { out_.insert(out_.end(), list); }
  std::uint8_t* grow(std::size_t size) {
    out_.resize(out_.size() + size);
    return out_.data() + out_.size() - size;
  }

  Bytes& out_;
  std::size_t depth_ = 0;
  // The depths of the open containers written with indefinite lengths.
  std::vector<std::size_t> indefinite_;
};

class CborDocumentCodec final : public documents::SinkTemplateCodec<CborDocumentCodec> {
 public:
  std::string_view name() const override { return "cbor"; }
  std::string_view format() const override { return "CBOR"; }
  std::string library_version() const override { return "wcb CBOR reader and writer"; }

 protected:
  void do_encode(documents::DocumentSource& source, Bytes& out) override {
    out.clear();
    CborWriter writer(out);
    source.drive(writer);
  }

 public:
  template <typename Sink>
  static void read(std::span<const std::uint8_t> bytes, Sink& sink) {
    cbor::Reader(bytes, sink).read();
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_cbor_document_codec() {
  return std::make_unique<CborDocumentCodec>();
}

}  // namespace wcb
