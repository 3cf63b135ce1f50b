#include "workloads/documents/tagged.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

#include "core/utf8.h"

namespace wcb::documents {

namespace {

// Sizes in the form's payloads.
constexpr std::size_t kU32 = 4;
constexpr std::size_t kF64 = 8;
// 2^53 as an integer: compared as integers, since 2^53 + 1 as a double is 2^53.
constexpr std::int64_t kSafe = std::int64_t{1} << 53;

class TaggedReader {
 public:
  explicit TaggedReader(std::span<const std::uint8_t> bytes)
      : begin_(bytes.data()), at_(bytes.data()), end_(bytes.data() + bytes.size()) {}

  void read(Document& out) {
    value(out, 0);
    if (at_ != end_) fail("bytes left after the value (" + std::to_string(end_ - at_) + ")");
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const {
    throw DecodeError("tagged form: " + problem + " at byte " + std::to_string(at_ - begin_));
  }

  void need(std::size_t size) const {
    if (static_cast<std::size_t>(end_ - at_) < size) fail("the bytes end inside a value");
  }

  std::uint32_t u32() {
    need(kU32);
    std::uint32_t value;
    std::memcpy(&value, at_, kU32);  // wasm and x86-64 are little-endian, as the form
    at_ += kU32;
    return value;
  }

  // A u32 count of items that take at least `min_item_bytes` each: a count
  // the bytes left cannot hold is refused before anything is reserved.
  std::uint32_t count(std::size_t min_item_bytes) {
    const std::uint32_t n = u32();
    if (n > static_cast<std::size_t>(end_ - at_) / min_item_bytes) fail("a count larger than the bytes left");
    return n;
  }

  std::string text(const char* what) {
    const std::uint32_t length = u32();
    need(length);
    const std::string_view view(reinterpret_cast<const char*>(at_), length);
    if (!valid_utf8(view)) fail(std::string(what) + " that is not valid UTF-8");
    at_ += length;
    return std::string(view);
  }

  void value(Document& out, std::size_t depth) {
    need(1);
    const std::uint8_t tag = *at_++;
    switch (tag) {
      case kTagNull:
        out = nullptr;
        return;
      case kTagFalse:
        out = false;
        return;
      case kTagTrue:
        out = true;
        return;
      case kTagInt32: {
        need(kU32);
        std::int32_t value;
        std::memcpy(&value, at_, kU32);
        at_ += kU32;
        out = static_cast<std::int64_t>(value);
        return;
      }
      case kTagFloat64: {
        need(kF64);
        double value;
        std::memcpy(&value, at_, kF64);
        at_ += kF64;
        out = number_of(value);
        return;
      }
      case kTagString:
        out = text("a string");
        return;
      case kTagArray: {
        if (depth >= kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        const std::uint32_t n = count(1);
        out = Document::array();
        auto& elements = out.get_ref<Document::array_t&>();
        elements.resize(n);
        for (Document& element : elements) value(element, depth + 1);
        return;
      }
      case kTagObject: {
        if (depth >= kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        const std::uint32_t n = count(kU32 + 1);
        out = Document::object();
        auto& members = out.get_ref<Document::object_t&>();
        members.reserve(n);
        for (std::uint32_t i = 0; i < n; ++i) {
          // The ordered map's vector, without its search for an equal key
          // (repeated keys are looked for once, below).
          members.Container::emplace_back(text("a key"), nullptr);
          value(members.back().second, depth + 1);
        }
        if (const std::string* repeated = repeated_key(out)) {
          fail("the key " + Document(*repeated).dump() + " repeated in one object");
        }
        return;
      }
      default:
        --at_;
        fail("unknown tag " + std::to_string(tag));
    }
  }

  const std::uint8_t* begin_;
  const std::uint8_t* at_;
  const std::uint8_t* end_;
};

// walk()'s writer for the tagged form. The output grows by doubling and is
// cut to its size at the end, so a reused buffer is not zeroed again.
class TaggedWriter {
 public:
  explicit TaggedWriter(Bytes& out) : out_(out) {}

  void finish() { out_.resize(size_); }

  void null() { put(kTagNull); }
  void boolean(bool value) { put(value ? kTagTrue : kTagFalse); }
  void integer(std::int64_t value) {
    if (value >= INT32_MIN && value <= INT32_MAX) {
      int32(static_cast<std::int32_t>(value));
    } else if (value >= -kSafe && value <= kSafe) {
      float64(static_cast<double>(value));
    } else {
      throw Unrepresentable("an integer outside +-2^53, which a JS number cannot hold exactly");
    }
  }
  void unsigned_integer(std::uint64_t value) {
    if (value <= static_cast<std::uint64_t>(INT32_MAX)) {
      int32(static_cast<std::int32_t>(value));
    } else if (value <= static_cast<std::uint64_t>(kSafe)) {
      float64(static_cast<double>(value));
    } else {
      throw Unrepresentable("an integer outside +-2^53, which a JS number cannot hold exactly");
    }
  }
  void number(double value) { float64(value); }
  void string(const std::string& value) {
    put(kTagString);
    text(value);
  }
  void start_array(std::size_t count) {
    put(kTagArray);
    u32(count);
  }
  void end_array() {}
  void start_object(std::size_t count) {
    put(kTagObject);
    u32(count);
  }
  void key(const std::string& key) { text(key); }
  void end_object() {}

 private:
  std::uint8_t* reserve(std::size_t size) {
    if (out_.size() - size_ < size) out_.resize(std::max({out_.capacity(), 2 * out_.size(), size_ + size}));
    std::uint8_t* at = out_.data() + size_;
    size_ += size;
    return at;
  }
  void put(std::uint8_t byte) { *reserve(1) = byte; }
  void u32(std::size_t value) {
    // Counts come from a Document in wasm32 memory; natively a document of
    // 2^32 items is far beyond any data set, but refuse rather than wrap.
    if (value > UINT32_MAX) throw Unrepresentable("more than 2^32 - 1 items or bytes");
    const auto narrow = static_cast<std::uint32_t>(value);
    std::memcpy(reserve(kU32), &narrow, kU32);
  }
  void int32(std::int32_t value) {
    std::uint8_t* at = reserve(1 + kU32);
    at[0] = kTagInt32;
    std::memcpy(at + 1, &value, kU32);
  }
  void float64(double value) {
    std::uint8_t* at = reserve(1 + kF64);
    at[0] = kTagFloat64;
    std::memcpy(at + 1, &value, kF64);
  }
  void text(const std::string& value) {
    u32(value.size());
    if (!value.empty()) std::memcpy(reserve(value.size()), value.data(), value.size());
  }

  Bytes& out_;
  std::size_t size_ = 0;
};

}  // namespace

void read_tagged(std::span<const std::uint8_t> bytes, Document& out) {
  try {
    TaggedReader(bytes).read(out);
  } catch (...) {
    out = nullptr;  // no half-read document for the caller
    throw;
  }
}

void write_tagged(const Document& document, Bytes& out) {
  TaggedWriter writer(out);
  try {
    walk(document, writer);
  } catch (...) {
    out.clear();
    throw;
  }
  writer.finish();
}

}  // namespace wcb::documents
