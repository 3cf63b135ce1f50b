// The tagged form (docs/documents.md#the-tagged-form): how the `tagged`
// interop strategy carries a document across the JS/wasm boundary. JS writes
// it into the wasm heap in one walk of its value (tagged-writer.mjs); a TaggedSource
// reads it as events into a codec's writer. On decode a codec's reader drives
// a TaggedSink, which writes it for JS to read. No Document on either path.
//
// Little-endian, no alignment; a value is a tag byte and its payload:
//   0 null, 1 false, 2 true, 3 int32 (4 bytes), 4 float64 (8 bytes),
//   5 string (u32 byte length, UTF-8), 6 array (u32 count, values),
//   7 object (u32 count, then count x (key, value)); a key is a u32 h: even,
//   a new key of h >> 1 bytes of UTF-8 that takes the next key number; odd,
//   the key numbered h >> 1 again.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "tagged/tagged_tags.h"
#include "workloads/documents/document.h"
#include "workloads/documents/events.h"
#include "workloads/documents/tagged_bytes.h"

namespace wcb::documents {

using wcb::TaggedTag;

namespace detail {

// Key texts to their key numbers: open addressing over 32-bit hashes, the
// texts themselves wherever the caller keeps them (`text_of(number)`), so
// the table holds 8 bytes a key and never copies one.
class KeyTable {
 public:
  static std::uint32_t hash(std::string_view key) {
    const std::size_t size = key.size();
    const auto* at = reinterpret_cast<const unsigned char*>(key.data());
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ size;
    if (size >= 8) {
      std::size_t i = 0;
      for (; i + 8 <= size; i += 8) h = mix(h, load64(at + i));
      if (i < size) h = mix(h, load64(at + size - 8));  // the last 8, overlapping
    } else if (size >= 4) {
      // Two 4-byte loads, overlapping: no loop over the bytes.
      h = mix(h, (std::uint64_t{load32(at)} << 32) | load32(at + size - 4));
    } else if (size > 0) {
      h = mix(h, (std::uint64_t{at[0]} << 16) | (std::uint64_t{at[size / 2]} << 8) | at[size - 1]);
    }
    return static_cast<std::uint32_t>((h * 0x9e3779b97f4a7c15ULL) >> 32);
  }

  // Up to 8 bytes of a key, loaded without a loop: for a key of at most 8
  // bytes, two keys of the same size are equal exactly when these are.
  static std::uint64_t fingerprint(std::string_view key) {
    const std::size_t size = key.size();
    const auto* at = reinterpret_cast<const unsigned char*>(key.data());
    if (size >= 8) return load64(at);
    if (size >= 4) return (std::uint64_t{load32(at + size - 4)} << 32) | load32(at);
    if (size > 0) return (std::uint64_t{at[size - 1]} << 16) | (std::uint64_t{at[size / 2]} << 8) | at[0];
    return 0;
  }

  // Whether two keys of `size` bytes are equal; short keys without a call.
  static bool same(const char* a, const char* b, std::size_t size) {
    const auto* x = reinterpret_cast<const unsigned char*>(a);
    const auto* y = reinterpret_cast<const unsigned char*>(b);
    if (size >= 8) {
      if (size > 16) return std::memcmp(a, b, size) == 0;
      return load64(x) == load64(y) && load64(x + size - 8) == load64(y + size - 8);
    }
    if (size >= 4) return load32(x) == load32(y) && load32(x + size - 4) == load32(y + size - 4);
    for (std::size_t i = 0; i < size; ++i) {
      if (x[i] != y[i]) return false;
    }
    return true;
  }

  void clear() {
    slots_.assign(kInitialSlots, Slot{});
    size_ = 0;
  }

  // The number of the key equal to `key` (hashed as `h`), or `next` after
  // adding it as that number.
  template <typename TextOf>
  std::uint32_t find_or_add(std::string_view key, std::uint32_t h, std::uint32_t next, const TextOf& text_of,
                            bool& added) {
    if (slots_.empty()) clear();
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.number_plus_one == 0) break;
      if (slot.hash != h) continue;
      const std::string_view text = text_of(slot.number_plus_one - 1);
      if (text.size() == key.size() && same(text.data(), key.data(), key.size())) {
        added = false;
        return slot.number_plus_one - 1;
      }
    }
    added = true;
    if (2 * (size_ + 1) > slots_.size()) grow();
    mask = slots_.size() - 1;
    std::size_t i = h & mask;
    while (slots_[i].number_plus_one != 0) i = (i + 1) & mask;
    slots_[i] = Slot{h, next + 1};
    ++size_;
    return next;
  }

 private:
  struct Slot {
    std::uint32_t hash = 0;
    std::uint32_t number_plus_one = 0;  // 0: empty
  };
  static constexpr std::size_t kInitialSlots = 256;

  static std::uint64_t load64(const unsigned char* at) {
    std::uint64_t word;
    std::memcpy(&word, at, 8);
    return word;
  }
  static std::uint32_t load32(const unsigned char* at) {
    std::uint32_t word;
    std::memcpy(&word, at, 4);
    return word;
  }
  static std::uint64_t mix(std::uint64_t h, std::uint64_t word) {
    h = (h ^ word) * 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
  }

  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.number_plus_one == 0) continue;
      std::size_t i = slot.hash & mask;
      while (slots_[i].number_plus_one != 0) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

// valid_utf8 (core/utf8.h), the same answers, faster on mixed scripts: runs
// of ASCII 8 bytes at a time, the rest through a DFA with no branch per
// character (tagged_utf8.cpp). The check every string of a decode goes through.
bool valid_utf8_fast(std::string_view text);

// A key as JSON text, for an error naming it.
std::string quoted_key(std::string_view key);

}  // namespace detail

// A DocumentSink that writes the tagged form into `out` as the events come:
// what every codec's decode feeds on the timed path. Containers get a
// placeholder count, patched at their end (readers of JSON text and of
// CBOR's indefinite lengths cannot tell it before). Every key goes through a
// key table: its first occurrence is written as new, later ones as a
// reference to its number. Checks (DecodeError naming the path): nesting
// deeper than kMaxDepth, a key repeated in one object (refused, or written
// for the reader to keep the last value, per rules.repeated_keys), UTF-8 of
// strings and of each distinct key when rules.check_utf8, an integer beyond
// +-2^53. `out` grows geometrically and is cut to the written size by
// finish(); its capacity is kept between calls. On failure `out` holds
// garbage: the caller clears it.
//
// Final, with its per-value events inline: a reader templated on the sink's
// type (cbor::Reader, bson::Reader, the msgpack visitor) calls them directly.
class TaggedSink final : public DocumentSink {
 public:
  // A Bytes output is zeroed as it grows (std::vector's resize); a
  // TaggedBytes one is not.
  TaggedSink(Bytes& out, DecodeRules rules);
  TaggedSink(TaggedBytes& out, DecodeRules rules);

  void null() override { put(kTagNull); }
  void boolean(bool value) override { put(value ? kTagTrue : kTagFalse); }
  void integer(std::int64_t value) override {
    if (value >= INT32_MIN && value <= INT32_MAX) [[likely]] {
      int32(static_cast<std::int32_t>(value));
    } else {
      wide_integer(value);
    }
  }
  void unsigned_integer(std::uint64_t value) override;
  void number(double value) override {
    begin_value();
    std::uint8_t* at = reserve(1 + 8);
    at[0] = kTagFloat64;
    std::memcpy(at + 1, &value, 8);  // wasm and x86-64 are little-endian, as the form
  }
  void string(std::string_view value) override;
  void start_array(std::size_t /*count*/) override { open(kTagArray, Kind::kArray); }
  void end_array() override { close(Kind::kArray); }
  void start_object(std::size_t /*count*/) override { open(kTagObject, Kind::kObject); }
  void key(std::string_view key) override;
  void end_object() override;

  std::string path() const override;
  void finish() override;

 private:
  enum class Kind : std::uint8_t { kRoot, kArray, kObject };
  // Set by open() (frames_[0] by the constructor): the rest of frames_
  // stays uninitialised.
  struct Frame {
    std::size_t count_at;  // where the container's u32 count goes
    std::uint32_t count;   // values begun in it
    std::uint32_t key;
    std::uint32_t keys_from;  // its key numbers in keys_ (kRefuse)
    Kind kind;
    bool key_pending;
  };
  static constexpr std::uint32_t kNoKey = UINT32_MAX;

  // Where the next value goes: checks it may go there and counts it. The
  // root is a frame too (frames_[0]), so there is always a top.
  void begin_value() {
    Frame& top = *top_;
    if (top.kind != Kind::kArray) [[unlikely]]
      begin_other_value(top);
    ++top.count;
  }
  void begin_other_value(Frame& top);
  void start();
  std::uint8_t* reserve(std::size_t size) {
    if (capacity_ - size_ < size) [[unlikely]]
      grow(size);
    std::uint8_t* at = data_ + size_;
    size_ += size;
    return at;
  }
  void grow(std::size_t size);
  void put(std::uint8_t tag) {
    begin_value();
    *reserve(1) = tag;
  }
  void int32(std::int32_t value) {
    begin_value();
    std::uint8_t* at = reserve(1 + 4);
    at[0] = kTagInt32;
    std::memcpy(at + 1, &value, 4);
  }
  void wide_integer(std::int64_t value);
  void open(std::uint8_t tag, Kind kind) {
    if (top_ == &frames_.back()) [[unlikely]]
      too_deep();
    begin_value();
    std::uint8_t* at = reserve(1 + 4);
    at[0] = tag;
    Frame& frame = *++top_;
    frame.count_at = size_ - 4;
    frame.count = 0;
    frame.key = kNoKey;
    frame.keys_from = static_cast<std::uint32_t>(keys_.size());
    frame.kind = kind;
    frame.key_pending = false;
  }
  void close(Kind kind) {
    Frame& top = *top_;
    if (top.kind != kind || top.key_pending) [[unlikely]]
      close_error(kind);
    std::memcpy(data_ + top.count_at, &top.count, 4);
    --top_;
  }
  [[noreturn]] void too_deep() const;
  [[noreturn]] void close_error(Kind kind) const;
  std::size_t depth() const { return static_cast<std::size_t>(top_ - frames_.data()); }
  std::string_view key_text(std::uint32_t number) const {
    const KeyPlace& place = key_places_[number];
    return {reinterpret_cast<const char*>(data_) + place.offset, place.length};
  }

  Bytes* bytes_ = nullptr;
  TaggedBytes* tagged_ = nullptr;
  DecodeRules rules_;
  // The output's bytes and size, kept here (they only change in grow()),
  // and the size written.
  std::uint8_t* data_;
  std::size_t capacity_;
  std::size_t size_ = 0;
  // The root and the open containers (at most kMaxDepth), top_ the
  // innermost: the root while none is open.
  std::array<Frame, kMaxDepth + 1> frames_;
  Frame* top_ = frames_.data();
  detail::KeyTable table_;
  // Each key number's bytes in the output (an offset: it may move as it
  // grows), with what finds the key expected next, so that most keys of
  // repeated records are found with one comparison and no hash: the number
  // of the key that followed this one last time, and this key's fingerprint.
  struct KeyPlace {
    std::size_t offset;
    std::uint32_t length;
    std::uint32_t next;
    std::uint64_t fingerprint;
  };
  std::vector<KeyPlace> key_places_;
  // For each depth, the first key of the last object there.
  std::array<std::uint32_t, kMaxDepth + 1> first_keys_;
  // kRefuse: the key numbers of the open objects, innermost last, and a
  // stamp per key number for the check at each object's end.
  std::vector<std::uint32_t> keys_;
  std::vector<std::uint32_t> stamps_;
  std::uint32_t stamp_ = 0;
};

// The tagged form as a DocumentSource: drives any Events writer (a codec's
// writer on the timed encode path, a DocumentBuilder for read_tagged).
// Refuses, with DecodeError ("tagged form: ... at byte N"), bytes that end
// early or run on past the value, an unknown tag (8 and 9 too: the messages
// workload's), a count larger than the bytes left, nesting deeper than
// kMaxDepth, a string or key that is not valid UTF-8, a reference to a key
// number not yet given, and a key repeated in one object unless
// `repeated_keys` passes it on for the writer to keep the last value. The
// writer's Unrepresentable becomes std::invalid_argument("<what>: $.path").
// Integral float64s within 2^53 come as integer() (the number rule).
class TaggedSource : public DocumentSource {
 public:
  // `check_utf8` false only for bytes a TaggedSink of this process wrote
  // (the scratch form of the val and text strategies): their strings were
  // checked, or read by a library that checks them, on the way in.
  explicit TaggedSource(std::span<const std::uint8_t> bytes,
                        RepeatedKeys repeated_keys = RepeatedKeys::kRefuse, bool check_utf8 = true)
      : bytes_(bytes), repeated_keys_(repeated_keys), check_utf8_(check_utf8) {}
  void drive(Events& writer) override;

 private:
  std::span<const std::uint8_t> bytes_;
  RepeatedKeys repeated_keys_;
  bool check_utf8_;
};

// Replaces `out` with the document `bytes` hold in the tagged form
// (TaggedSource into a DocumentBuilder): a key repeated in one object keeps
// its last value at the place of the first. Throws DecodeError as
// TaggedSource does; `out` is null after a failure.
void read_tagged(std::span<const std::uint8_t> bytes, Document& out);

// Replaces the contents of `out` (its capacity kept) with the tagged form of
// `document` (walked into a TaggedSink). Throws std::invalid_argument naming
// the value's path for what JS cannot hold exactly or at all: an integer
// outside +-2^53, a binary value, a string that is not valid UTF-8, nesting
// deeper than kMaxDepth. `out` is empty after a failure.
void write_tagged(const Document& document, Bytes& out);

}  // namespace wcb::documents
