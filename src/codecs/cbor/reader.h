// The `cbor` codec's reader: CBOR (RFC 8949) bytes straight into a
// DocumentSink, one pass, strings passed as views into the input.
//
// Why ours: nlohmann's reader (sax_parse) was 50-60% of the time of a decode
// into the tagged form: it reads a byte per call, builds every string into a
// std::string a character at a time. This one reads with a pointer, checks
// the bounds once per item and allocates nothing but a scratch buffer for
// indefinite-length strings (their chunks joined).
//
// Read: integers (major types 0 and 1), text strings, arrays and maps of
// definite and indefinite lengths, false/true/null, half, single and double
// floats. Refused, naming the byte offset and the path: byte strings (binary
// data), tags (naming the tag), undefined and the other simple values, a
// negative integer below -2^63 (no document holds it), map keys that are not
// text, a break outside an indefinite-length container, the reserved
// additional information values 28-30, indefinite lengths where CBOR has
// none, chunks of an indefinite-length string that are not definite strings
// of its type, counts larger than the bytes left (refused before the sink
// hears of the container, so nothing is reserved for them), input that ends
// inside a value and bytes after it. The sink refuses the rest: repeated
// keys, text that is not UTF-8, nesting deeper than documents::kMaxDepth.
// The containers are an explicit stack of kMaxDepth levels, not recursion.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <string_view>

#include "core/status.h"
#include "workloads/documents/document.h"
#include "workloads/documents/events.h"

namespace wcb::cbor {

// A half float as a double: subnormals, infinities and NaN included
// (RFC 8949, appendix D).
inline double half_to_double(std::uint16_t half) {
  const int exponent = (half >> 10) & 0x1f;
  const int mantissa = half & 0x3ff;
  double value;
  if (exponent == 0) {
    value = std::ldexp(mantissa, -24);
  } else if (exponent == 31) {
    value =
        mantissa == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  } else {
    value = std::ldexp(mantissa + 1024, exponent - 25);
  }
  return (half & 0x8000) != 0 ? -value : value;
}

// `Sink` a DocumentSink, or a final one (documents::TaggedSink) whose
// events are then called directly.
template <typename Sink = documents::DocumentSink>
class Reader {
 public:
  Reader(std::span<const std::uint8_t> bytes, Sink& sink)
      : begin_(bytes.data()), at_(bytes.data()), end_(bytes.data() + bytes.size()), sink_(sink) {}

  // Reads the one value the bytes hold into the sink (not finished).
  void read() {
    value();
    while (depth_ > 0) {
      Frame& frame = stack_[depth_ - 1];
      if (frame.indefinite) {
        need(1);
        if (*at_ == 0xff) {
          ++at_;
          close(frame);
          continue;
        }
      } else if (frame.left == 0) {
        close(frame);
        continue;
      } else if (!frame.map && end_ - at_ >= 9 && *at_ == 0xfb) {
        // A run of doubles (GeoJSON's coordinates) in a definite-length
        // array, read here with the count in a register; anything else,
        // and a double cut short, goes through value().
        std::uint64_t left = frame.left;
        do {
          --left;
          std::uint64_t bits;
          std::memcpy(&bits, at_ + 1, 8);
          at_ += 9;
          sink_.number(__builtin_bit_cast(double, big(bits)));
        } while (left != 0 && end_ - at_ >= 9 && *at_ == 0xfb);
        frame.left = left;
        continue;
      } else {
        --frame.left;
      }
      if (frame.map) key();
      value();
    }
    if (at_ != end_) {
      throw DecodeError(std::to_string(end_ - at_) + " unexpected bytes after the value at byte " +
                        std::to_string(at_ - begin_));
    }
  }

 private:
  struct Frame {
    std::uint64_t left;  // elements (pairs of a map) still to read
    bool map;
    bool indefinite;
  };

  // The next sizeof(T) bytes, big-endian.
  template <typename T>
  [[gnu::always_inline]] T take() {
    need(sizeof(T));
    T value;
    std::memcpy(&value, at_, sizeof(T));
    at_ += sizeof(T);
    return big(value);
  }

  // The argument of an initial byte whose additional information is `info`
  // (0-27): what follows the byte, big-endian.
  std::uint64_t argument(const std::uint8_t* head, unsigned info) {
    if (info < 24) return info;
    switch (info) {
      case 24:
        need(1);
        return *at_++;
      case 25:
        return take<std::uint16_t>();
      case 26:
        return take<std::uint32_t>();
      case 27:
        return take<std::uint64_t>();
      default:
        fail(head, "the reserved additional information " + std::to_string(info) + " in the initial byte " +
                       hex(*head));
    }
  }

  // value() and open() are inlined into read(): a call for each value and
  // container was a tenth of a decode's instructions.
  [[gnu::always_inline]] void value() {
    need(1);
    const std::uint8_t* head = at_++;
    // The commonest items first: doubles, small integers, short text.
    if (*head == 0xfb) {
      sink_.number(__builtin_bit_cast(double, take<std::uint64_t>()));
      return;
    }
    if (*head < 0x18) {
      sink_.integer(*head);
      return;
    }
    if (*head >= 0x60 && *head < 0x78) {
      sink_.string(chunk(head, *head & 0x1f));
      return;
    }
    const unsigned major = *head >> 5;
    const unsigned info = *head & 0x1f;
    switch (major) {
      case 0: {
        const std::uint64_t n = definite(head, info, "an integer");
        if (n <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
          sink_.integer(static_cast<std::int64_t>(n));
        } else {
          sink_.unsigned_integer(n);
        }
        return;
      }
      case 1: {
        const std::uint64_t n = definite(head, info, "an integer");
        if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
          fail(head, "a negative integer below -2^63, beyond what a document holds");
        sink_.integer(-1 - static_cast<std::int64_t>(n));
        return;
      }
      case 2:
        fail(head, "binary data, which a JSON-like document cannot hold");
      case 3:
        sink_.string(text(head, info));
        return;
      case 4:
      case 5:
        open(head, info, major == 5);
        return;
      case 6:
        fail(head,
             "a tag (" + std::to_string(definite(head, info, "a tag")) + "), which a document cannot hold");
      default:
        simple(head, info);
        return;
    }
  }

  void simple(const std::uint8_t* head, unsigned info) {
    switch (info) {
      case 20:
        sink_.boolean(false);
        return;
      case 21:
        sink_.boolean(true);
        return;
      case 22:
        sink_.null();
        return;
      case 23:
        fail(head, "undefined, which a document cannot hold");
      case 24:
        need(1);
        fail(head, "the simple value " + std::to_string(*at_) + ", which a document cannot hold");
      case 25:
        sink_.number(half_to_double(take<std::uint16_t>()));
        return;
      case 26:
        sink_.number(static_cast<double>(__builtin_bit_cast(float, take<std::uint32_t>())));
        return;
      case 27:
        sink_.number(__builtin_bit_cast(double, take<std::uint64_t>()));
        return;
      case 31:
        fail(head, "a break (0xff) outside an indefinite-length array, map or string");
      default:
        if (info < 20)
          fail(head, "the simple value " + std::to_string(info) + ", which a document cannot hold");
        fail(head, "the reserved initial byte " + hex(*head));
    }
  }

  // An argument that may not be an indefinite length.
  std::uint64_t definite(const std::uint8_t* head, unsigned info, const char* what) {
    if (info == 31)
      fail(head, std::string(what) + " with an indefinite length (initial byte " + hex(*head) + ")");
    return argument(head, info);
  }

  void key() {
    need(1);
    const std::uint8_t* head = at_++;
    if (*head >= 0x60 && *head < 0x78) {
      sink_.key(chunk(head, *head & 0x1f));
      return;
    }
    if ((*head >> 5) != 3)
      fail(head, "a map key that is not a text string (initial byte " + hex(*head) + ")");
    sink_.key(text(head, *head & 0x1f));
  }

  // A text string's bytes, `head` read: a view into the input, or into the
  // scratch buffer for an indefinite length's chunks.
  std::string_view text(const std::uint8_t* head, unsigned info) {
    if (info != 31) return chunk(head, info);
    scratch_.clear();
    for (;;) {
      need(1);
      const std::uint8_t* part = at_++;
      if (*part == 0xff) return scratch_;
      if ((*part >> 5) != 3 || (*part & 0x1f) == 31) {
        fail(part, "a chunk of an indefinite-length text string that is not a definite-length text string (" +
                       hex(*part) + ")");
      }
      scratch_ += chunk(part, *part & 0x1f);
    }
  }

  std::string_view chunk(const std::uint8_t* head, unsigned info) {
    const std::uint64_t size = argument(head, info);
    if (size > static_cast<std::uint64_t>(end_ - at_)) {
      fail(head, "a text string of " + std::to_string(size) + " bytes, " + std::to_string(end_ - at_) +
                     " bytes left");
    }
    const std::string_view view(reinterpret_cast<const char*>(at_), static_cast<std::size_t>(size));
    at_ += size;
    return view;
  }

  [[gnu::always_inline]] void open(const std::uint8_t* head, unsigned info, bool map) {
    // The sinks refuse it too, but a sink need not (a test's).
    if (depth_ == stack_.size())
      fail(head, "nesting deeper than " + std::to_string(documents::kMaxDepth) + " levels");
    Frame& frame = stack_[depth_];
    frame.map = map;
    frame.indefinite = info == 31;
    std::size_t count = documents::kUnknownCount;
    if (!frame.indefinite) {
      frame.left = argument(head, info);
      // Every element takes a byte at least, every pair two.
      const auto left = static_cast<std::uint64_t>(end_ - at_);
      if (frame.left > (map ? left / 2 : left)) {
        fail(head, std::string(map ? "a map of " : "an array of ") + std::to_string(frame.left) +
                       (map ? " pairs, " : " elements, ") + std::to_string(left) + " bytes left");
      }
      count = static_cast<std::size_t>(frame.left);
    }
    ++depth_;
    if (map) {
      sink_.start_object(count);
    } else {
      sink_.start_array(count);
    }
  }

  void close(const Frame& frame) {
    if (frame.map) {
      sink_.end_object();
    } else {
      sink_.end_array();
    }
    --depth_;
  }

  void need(std::size_t size) {
    if (static_cast<std::size_t>(end_ - at_) < size) [[unlikely]]
      fail(at_, "the bytes end inside a value");
  }

  // "<problem> at <path> (byte <n>)"
  [[noreturn]] void fail(const std::uint8_t* at, const std::string& problem) const {
    throw DecodeError(problem + " at " + sink_.path() + " (byte " + std::to_string(at - begin_) + ")");
  }

  static std::string hex(std::uint8_t byte) {
    constexpr char kDigits[] = "0123456789abcdef";
    return {'0', 'x', kDigits[byte >> 4], kDigits[byte & 0xf]};
  }

  template <typename T>
  static T big(T value) {
    if constexpr (std::endian::native == std::endian::little) {
      if constexpr (sizeof(T) == 2) return static_cast<T>(__builtin_bswap16(value));
      if constexpr (sizeof(T) == 4) return __builtin_bswap32(value);
      if constexpr (sizeof(T) == 8) return __builtin_bswap64(value);
    }
    return value;
  }

  const std::uint8_t* begin_;
  const std::uint8_t* at_;
  const std::uint8_t* end_;
  Sink& sink_;
  std::array<Frame, documents::kMaxDepth> stack_;
  std::size_t depth_ = 0;
  std::string scratch_;
};

}  // namespace wcb::cbor
