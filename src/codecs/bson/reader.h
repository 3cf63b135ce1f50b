// The `bson` codec's reader: BSON bytes straight into a DocumentSink, one
// pass, names and strings passed as views into the input.
//
// Why ours: nlohmann's reader (sax_parse) was 50-60% of the time of a decode
// into the tagged form: it reads a byte per call, builds every name and
// string into a std::string a character at a time, the names of array
// elements ("0", "1", ...) included, only to throw them away. This one reads
// with a pointer, checks the bounds once per element and skips an array
// element's name without building anything.
//
// Read: the element types nlohmann read (double, string, document, array,
// bool, null, int32, int64). Refused, naming the byte offset and the path:
// binary data, every other type (naming its byte), a bool byte other than 0
// and 1, string lengths below 1 or past the document, a string without its
// NUL, names without their NUL within the document, and every embedded
// document or array whose declared size disagrees with its contents or
// passes its parent's end. nlohmann ignored the sizes of embedded documents;
// checking them refuses only malformed input, and lets the wrapper be
// unwrapped from the first element's header exactly (BsonDocumentCodec).
// The sink refuses the rest: repeated keys, text that is not UTF-8, nesting
// deeper than documents::kMaxDepth. The documents are an explicit stack of
// kMaxDepth levels, not recursion.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "core/status.h"
#include "workloads/documents/document.h"
#include "workloads/documents/events.h"

namespace wcb::bson {

static_assert(std::endian::native == std::endian::little, "BSON's numbers are read with memcpy");

// `Sink` a DocumentSink, or a final one (documents::TaggedSink) whose
// events are then called directly.
template <typename Sink = documents::DocumentSink>
class Reader {
 public:
  Reader(std::span<const std::uint8_t> bytes, Sink& sink)
      : begin_(bytes.data()), end_(bytes.data() + bytes.size()), sink_(sink) {}

  // The document at `at` (its size and terminator checked by the caller),
  // ending at `end`, as an object.
  void read_document(const std::uint8_t* at, const std::uint8_t* end) {
    at_ = at + 4;
    push(end, false);
    sink_.start_object(documents::kUnknownCount);
    elements();
  }

  // The value of type `type` at `at`, which must end at `end` (the top
  // document's terminator): the wrapper's value, read alone.
  void read_value(std::uint8_t type, const std::uint8_t* at, const std::uint8_t* end) {
    at_ = at;
    const std::uint8_t* const type_at = at - 7;  // type byte, then "value\0"
    value(type, type_at, end);
    elements();
  }

 private:
  struct Frame {
    const std::uint8_t* end;  // just past the document's terminator
    bool array;
  };

  // The elements of the open documents, until the last one closes.
  void elements() {
    while (depth_ > 0) {
      const Frame& frame = stack_[depth_ - 1];
      const std::uint8_t* const type_at = at_;
      if (type_at == frame.end) [[unlikely]]
        fail(type_at,
             "a document's declared size ends before its 0 byte: its size does not match its contents");
      const std::uint8_t type = *at_++;
      if (type == 0) {
        if (at_ != frame.end) {
          fail(type_at, "a document's 0 byte comes " + std::to_string(frame.end - at_) +
                            " bytes before its declared end: its size does not match its contents");
        }
        --depth_;
        if (frame.array) {
          sink_.end_array();
        } else {
          sink_.end_object();
        }
        continue;
      }
      const std::uint8_t* const name = at_;
      at_ = find_nul(at_, frame.end);
      if (at_ == frame.end) [[unlikely]]
        fail(name, "an element name without its 0 byte inside its document");
      ++at_;
      if (!frame.array)
        sink_.key(
            std::string_view(reinterpret_cast<const char*>(name), static_cast<std::size_t>(at_ - 1 - name)));
      value(type, type_at, frame.end);
    }
  }

  // The value of an element whose type byte is at `type_at`; `end` is the
  // end of the document holding it.
  [[gnu::always_inline]] void value(std::uint8_t type, const std::uint8_t* type_at, const std::uint8_t* end) {
    switch (type) {
      case 0x01:
        sink_.number(__builtin_bit_cast(double, fixed<std::uint64_t>(end)));
        return;
      case 0x02: {
        const std::int32_t size = static_cast<std::int32_t>(fixed<std::uint32_t>(end));
        if (size < 1)
          fail(at_ - 4, "a string length of " + std::to_string(size) + " (at least 1: it counts the 0 byte)");
        if (size > end - at_) past_end(at_ - 4, end);
        if (at_[size - 1] != 0) fail(at_ + size - 1, "a string that does not end with its 0 byte");
        sink_.string(
            std::string_view(reinterpret_cast<const char*>(at_), static_cast<std::size_t>(size - 1)));
        at_ += size;
        return;
      }
      case 0x03:
      case 0x04: {
        const std::uint8_t* const start = at_;
        const std::int32_t size = static_cast<std::int32_t>(fixed<std::uint32_t>(end));
        if (size < 5 || size > end - start) {
          fail(start, std::string(type == 0x04 ? "an array" : "a document") + " whose size says " +
                          std::to_string(size) + " bytes, " + std::to_string(end - start) +
                          " left in its parent: its size does not match its contents");
        }
        if (depth_ == stack_.size())
          fail(type_at, "nesting deeper than " + std::to_string(documents::kMaxDepth) + " levels");
        push(start + size, type == 0x04);
        if (type == 0x04) {
          sink_.start_array(documents::kUnknownCount);
        } else {
          sink_.start_object(documents::kUnknownCount);
        }
        return;
      }
      case 0x05:
        fail(type_at, "binary data, which a JSON-like document cannot hold");
      case 0x08: {
        need(1, end);
        const std::uint8_t byte = *at_++;
        if (byte > 1) fail(at_ - 1, "a bool byte of " + std::to_string(byte) + " (0 or 1)");
        sink_.boolean(byte == 1);
        return;
      }
      case 0x0a:
        sink_.null();
        return;
      case 0x10:
        sink_.integer(static_cast<std::int32_t>(fixed<std::uint32_t>(end)));
        return;
      case 0x12:
        sink_.integer(static_cast<std::int64_t>(fixed<std::uint64_t>(end)));
        return;
      default:
        fail(type_at, "an element of type " + hex(type) +
                          ", which a document cannot hold (read: double, string, document, array, bool, "
                          "null, int32, int64)");
    }
  }

  // The first 0 byte in [at, end), or end. Names are short ("0", "1", ...
  // in arrays, keys of a few words): 8 bytes at a time, inline, beats a
  // call of memchr.
  static const std::uint8_t* find_nul(const std::uint8_t* at, const std::uint8_t* end) {
    constexpr std::uint64_t kLow = 0x0101010101010101;
    constexpr std::uint64_t kHigh = 0x8080808080808080;
    while (end - at >= 8) {
      std::uint64_t word;
      std::memcpy(&word, at, 8);
      // The lowest byte flagged is the first 0 byte (little-endian).
      if (const std::uint64_t zero = (word - kLow) & ~word & kHigh; zero != 0)
        return at + (__builtin_ctzll(zero) >> 3);
      at += 8;
    }
    while (at != end && *at != 0) ++at;
    return at;
  }

  void push(const std::uint8_t* end, bool array) { stack_[depth_++] = {end, array}; }

  // A little-endian number of sizeof(T) bytes.
  template <typename T>
  T fixed(const std::uint8_t* end) {
    need(sizeof(T), end);
    T value;
    std::memcpy(&value, at_, sizeof(T));
    at_ += sizeof(T);
    return value;
  }

  void need(std::size_t size, const std::uint8_t* end) {
    if (static_cast<std::size_t>(end - at_) < size) [[unlikely]]
      past_end(at_, end);
  }

  // A value at `at` passing `end`, the end of the document holding it.
  [[noreturn]] void past_end(const std::uint8_t* at, const std::uint8_t* end) const {
    // The top document's end is the input's (a wrapper's value ends at its
    // 0 byte).
    if (end + 1 >= end_) fail(at, "the input ends inside a value");
    fail(at, "a value passes the end of its document: the document's size does not match its contents");
  }

  // "<problem> at <path> (byte <n>)"
  [[noreturn]] void fail(const std::uint8_t* at, const std::string& problem) const {
    throw DecodeError(problem + " at " + sink_.path() + " (byte " + std::to_string(at - begin_) + ")");
  }

  static std::string hex(std::uint8_t byte) {
    constexpr char kDigits[] = "0123456789abcdef";
    return {'0', 'x', kDigits[byte >> 4], kDigits[byte & 0xf]};
  }

  const std::uint8_t* begin_;
  const std::uint8_t* end_;
  const std::uint8_t* at_ = nullptr;
  Sink& sink_;
  std::array<Frame, documents::kMaxDepth> stack_;
  std::size_t depth_ = 0;
};

}  // namespace wcb::bson
