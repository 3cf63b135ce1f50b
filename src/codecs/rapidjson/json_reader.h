// Reading for the rapidjson adapters: RapidJSON's SAX Reader over the input
// bytes, as JSON.parse reads them, with its errors in words.
//
// RapidJSON parses numbers itself. kParseFullPrecisionFlag makes
// every double the nearest one to the text (without it RapidJSON is up to 3
// ULP off, and a round trip would change the data); the fast path covers
// most dataset numbers, the rest go through its DiyFp/BigInteger steps.
// What 1.1.0's number parsing gets wrong is mended below (CheckedNumbers,
// ExactNumbers). The input is not NUL-terminated: a MemoryStream bounds it
// and reads its end as NUL, so a NUL byte inside the input would also look
// like the end; parse() checks that the whole input was consumed. The rest
// of JSON.parse's reading is json_text/text_reader.h's.
#pragma once

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "json_text/text_reader.h"

namespace wcb::rapidjson_io {

// kParseValidateEncodingFlag refuses every ill-formed byte sequence, but 1.1.0
// turns a lone low-surrogate escape ("\udc00") into the bytes ED B0 80, which
// are not UTF-8 (a lone high surrogate it refuses). The bytes it validated
// hold no ED A0-BF, so finding one finds such an escape.
inline bool holds_lone_surrogate(std::string_view text) {
  for (std::size_t at = text.find('\xed'); at != std::string_view::npos; at = text.find('\xed', at + 1)) {
    if (at + 1 < text.size() && static_cast<unsigned char>(text[at + 1]) >= 0xa0) return true;
  }
  return false;
}
inline constexpr const char* kLoneSurrogate =
    "a lone low surrogate escape (\\udc00-\\udfff), which is not valid UTF-8";

// RapidJSON 1.1.0 reads some numbers wrongly or not at all (found by
// fuzzing; the library as Debian ships it, unpatched):
//   - a zero written with an exponent or with more than 22 fraction digits
//     ("0e-30", "-0.000e-100", "0e40") reads as an arbitrary double
//     (9.598e-240 for "0e-30"): StrtodDiyFp normalizes a zero significand
//     with __builtin_clzll(0). CheckedNumbers checks the text of each double
//     for an all-zero significand, a few characters in the common case: the
//     number starts right after the previous event's token (only
//     whitespace, ':' and ',' between), and its first digit settles it
//     unless it is 0;
//   - a run of 25 or more digits, or a small exponent with many digits
//     (0.123456789012345678901234567e-340), indexes its cached powers of ten
//     out of bounds (a crash natively); a number beyond the largest double
//     reads as garbage (9e308 as -2.78e-308) or Infinity; a zero with an
//     exponent above 308, or an integer part past 1.8e307, is "Number too
//     big". An input that may hold such a number (needs_exact_numbers) has
//     all its numbers read by ExactNumbers instead, as JSON.parse reads
//     them; a number beyond the range of a float64 is refused.
// And it reads "-0" as the integer 0, where JSON.parse reads -0.

// Whether `bytes` may hold a number RapidJSON 1.1.0 cannot read: a run of 25
// or more digits, or an exponent of 280 or more, either sign (a double's
// exponents end at 308 and -324, and a number needs one of the two to come
// near them). Every decode pays for this scan, so it skips what it can: it
// looks at about one byte in 25 where digits are rare (a run of 25 must cover
// every 25th byte), and at eight bytes at a time for an 'e' or 'E'.
inline bool needs_exact_numbers(std::span<const std::uint8_t> bytes) {
  constexpr std::size_t kRun = 25;
  constexpr int kLargeExponent = 280;
  const auto digit = [](std::uint8_t c) { return c >= '0' && c <= '9'; };
  for (std::size_t i = kRun - 1; i < bytes.size();) {
    if (!digit(bytes[i])) {
      i += kRun;
      continue;
    }
    std::size_t back = 0;  // digits ending at i
    while (back < kRun && digit(bytes[i - back])) ++back;
    if (back == kRun) return true;
    i = i - back + kRun;
  }
  constexpr std::uint64_t kEachByte = 0x0101010101010101u;
  for (std::size_t i = 0; i + 1 < bytes.size();) {
    if (i + 8 <= bytes.size()) {
      std::uint64_t word;
      std::memcpy(&word, bytes.data() + i, sizeof word);
      // A zero byte where the word holds 'e' or 'E' (0x20 folds the case);
      // the test for any zero byte is exact.
      const std::uint64_t e_is_zero = (word | 0x20 * kEachByte) ^ ('e' * kEachByte);
      if (((e_is_zero - kEachByte) & ~e_is_zero & 0x80 * kEachByte) == 0) {
        i += 8;
        continue;
      }
    }
    if ((bytes[i] | 0x20) != 'e') {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    if (bytes[j] == '-' || bytes[j] == '+') ++j;
    int exponent = 0;
    for (; j < bytes.size() && digit(bytes[j]) && exponent < kLargeExponent; ++j)
      exponent = exponent * 10 + (bytes[j] - '0');
    if (exponent >= kLargeExponent) return true;
    ++i;
  }
  return false;
}

// The numbers of an input that needs_exact_numbers, read as JSON.parse reads
// them. RapidJSON reads text(): a copy of the input in which each number is
// "0" padded with spaces to its length (the same offsets everywhere, and
// whitespace may follow any number). For each of those zeros CheckedNumbers
// passes on the event RapidJSON sends for the number that was there (Int
// for a negative integer within 32 bits, Int64 within 64, Uint and Uint64
// likewise, else Double), with the double nearest to it. Numbers are found
// outside strings, as RapidJSON finds them up to its first error.
class ExactNumbers {
 public:
  enum class Kind { kInt, kUint, kInt64, kUint64, kDouble };
  struct Number {
    std::size_t offset = 0;
    Kind kind = Kind::kDouble;
    std::int64_t integer = 0;            // kInt, kInt64
    std::uint64_t unsigned_integer = 0;  // kUint, kUint64
    double value = 0;                    // kDouble
  };

  explicit ExactNumbers(std::span<const std::uint8_t> bytes) : text_(bytes.begin(), bytes.end()) {
    bool in_string = false;
    for (std::size_t at = 0; at < bytes.size(); ++at) {
      const std::uint8_t c = bytes[at];
      if (in_string) {
        if (c == '\\') {
          ++at;
        } else if (c == '"') {
          in_string = false;
        }
        continue;
      }
      if (c == '"') {
        in_string = true;
        continue;
      }
      const std::size_t length = json_text::number_length(bytes, at);
      if (length == 0) continue;
      numbers_.push_back(read(bytes.subspan(at, length), at));
      text_[at] = '0';
      std::fill(text_.begin() + static_cast<std::ptrdiff_t>(at + 1),
                text_.begin() + static_cast<std::ptrdiff_t>(at + length), ' ');
      at += length - 1;
    }
  }

  std::span<const std::uint8_t> text() const { return text_; }

  // The number that was at `offset`, when the next one was there.
  const Number* at(std::size_t offset) {
    if (next_ < numbers_.size() && numbers_[next_].offset == offset) return &numbers_[next_++];
    return nullptr;
  }

 private:
  static Number read(std::span<const std::uint8_t> token, std::size_t offset) {
    const std::string text(token.begin(), token.end());
    Number number;
    number.offset = offset;
    const bool negative = text[0] == '-';
    if (text.find_first_of(".eE") == std::string::npos) {
      std::uint64_t magnitude = 0;
      bool fits = true;
      for (std::size_t i = negative ? 1 : 0; i < text.size() && fits; ++i) {
        fits = !__builtin_mul_overflow(magnitude, 10u, &magnitude) &&
               !__builtin_add_overflow(magnitude, static_cast<unsigned>(text[i] - '0'), &magnitude);
      }
      if (fits && negative && magnitude <= std::uint64_t{1} << 63) {
        number.kind = magnitude <= std::uint64_t{1} << 31 ? Kind::kInt : Kind::kInt64;
        number.integer = static_cast<std::int64_t>(~magnitude + 1);  // -2^63 included
        return number;
      }
      if (fits && !negative) {
        number.kind = magnitude <= 0xffffffffu ? Kind::kUint : Kind::kUint64;
        number.unsigned_integer = magnitude;
        return number;
      }
    }
    char* end = nullptr;
    if (!json_text::parse_double(text.c_str(), number.value, &end))
      number.value = std::strtod(text.c_str(), &end);
    return number;
  }

  Bytes text_;
  std::vector<Number> numbers_;
  std::size_t next_ = 0;
};

// RapidJSON's events, passed on to `handler` with its numbers mended (above).
template <typename Handler>
class CheckedNumbers {
 public:
  // `exact` is null unless the input needs it.
  CheckedNumbers(Handler& handler, const rapidjson::MemoryStream& stream, ExactNumbers* exact)
      : handler_(handler), stream_(stream), mark_(stream.src_), exact_(exact) {}

  std::string error;

  bool Null() { return next(handler_.Null()); }
  bool Bool(bool value) { return next(handler_.Bool(value)); }
  // RapidJSON sends a negative integer as Int: Int(0) is "-0".
  bool Int(int value) {
    if (RAPIDJSON_UNLIKELY(value == 0)) return finite(-0.0);
    return next(handler_.Int(value));
  }
  bool Uint(unsigned value) {
    if (RAPIDJSON_UNLIKELY(exact_ != nullptr)) {
      if (const ExactNumbers::Number* number = exact_->at(offset(number_start()))) return exact(*number);
    }
    return next(handler_.Uint(value));
  }
  bool Int64(std::int64_t value) { return next(handler_.Int64(value)); }
  bool Uint64(std::uint64_t value) { return next(handler_.Uint64(value)); }
  bool Double(double value) {
    if (RAPIDJSON_UNLIKELY(zero_significand())) value = *number_start() == '-' ? -0.0 : 0.0;
    return finite(value);
  }
  bool RawNumber(const char* text, rapidjson::SizeType length, bool copy) {
    return next(handler_.RawNumber(text, length, copy));
  }
  bool String(const char* text, rapidjson::SizeType length, bool copy) {
    return next(handler_.String(text, length, copy));
  }
  bool StartObject() { return next(handler_.StartObject()); }
  bool Key(const char* text, rapidjson::SizeType length, bool copy) {
    return next(handler_.Key(text, length, copy));
  }
  bool EndObject(rapidjson::SizeType count) { return next(handler_.EndObject(count)); }
  bool StartArray() { return next(handler_.StartArray()); }
  bool EndArray(rapidjson::SizeType count) { return next(handler_.EndArray(count)); }

 private:
  // Every event: the input up to here is read (the reader calls a handler
  // after taking the token's last character).
  bool next(bool ok) {
    mark_ = stream_.src_;
    return ok;
  }

  std::size_t offset(const char* at) const { return static_cast<std::size_t>(at - stream_.begin_); }

  // A double (infinite: beyond the range of a float64, which JSON could not
  // write back).
  bool finite(double value) {
    if (RAPIDJSON_UNLIKELY(!std::isfinite(value))) {
      error = "a number beyond the range of a float64 at byte " + std::to_string(offset(number_start()));
      return false;
    }
    return next(handler_.Double(value));
  }

  bool exact(const ExactNumbers::Number& number) {
    switch (number.kind) {
      case ExactNumbers::Kind::kInt:
        return Int(static_cast<int>(number.integer));
      case ExactNumbers::Kind::kUint:
        return next(handler_.Uint(static_cast<unsigned>(number.unsigned_integer)));
      case ExactNumbers::Kind::kInt64:
        return Int64(number.integer);
      case ExactNumbers::Kind::kUint64:
        return Uint64(number.unsigned_integer);
      case ExactNumbers::Kind::kDouble:
        break;
    }
    return finite(number.value);
  }

  const char* number_start() const {
    const char* p = mark_;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ':' || *p == ',') ++p;
    return p;
  }

  // Whether the number just read ([mark_, src_)) has no nonzero digit
  // before its exponent. JSON allows no leading zeros, so only "0", "0.000..."
  // (either signed) qualify.
  bool zero_significand() const {
    const char* p = number_start();
    const char* end = stream_.src_;
    if (*p == '-') ++p;
    if (*p != '0') return false;
    ++p;
    if (p < end && *p == '.') {
      for (++p; p < end && *p == '0';) ++p;
      if (p < end && *p >= '1' && *p <= '9') return false;
    }
    return true;
  }

  Handler& handler_;
  const rapidjson::MemoryStream& stream_;
  const char* mark_;
  ExactNumbers* exact_;
};

// Parses `bytes` with `kFlags` into `handler` as JSON.parse reads them
// (above, and json_text/text_reader.h). Returns false when the handler
// stopped the parse (it knows why); throws DecodeError for text that is not
// JSON, naming the place. `what` names the input in messages ("input",
// "record").
template <unsigned kFlags, typename Handler>
bool parse(rapidjson::Reader& reader, std::span<const std::uint8_t> bytes, Handler& handler,
           const char* what) {
  json_text::refuse_byte_order_mark(bytes, what);
  std::optional<ExactNumbers> exact;
  if (needs_exact_numbers(bytes)) exact.emplace(bytes);
  const std::span<const std::uint8_t> text = exact ? exact->text() : bytes;
  rapidjson::MemoryStream stream(reinterpret_cast<const char*>(text.data()), text.size());
  CheckedNumbers<Handler> checked(handler, stream, exact ? &*exact : nullptr);
  const rapidjson::ParseResult result = reader.Parse<kFlags>(stream, checked);
  if (!result) {
    if (!checked.error.empty()) throw DecodeError(checked.error + " of the " + what);
    if (result.Code() == rapidjson::kParseErrorTermination) return false;
    if (result.Code() == rapidjson::kParseErrorDocumentRootNotSingular) {
      throw DecodeError(json_text::after_value_problem(bytes, result.Offset(), what));
    }
    throw DecodeError(std::string(rapidjson::GetParseError_En(result.Code())) + " at byte " +
                      std::to_string(result.Offset()) + " of the " + what);
  }
  // The reader took a NUL byte for the end of the input.
  if (stream.Tell() != bytes.size())
    throw DecodeError(json_text::after_value_problem(bytes, stream.Tell(), what));
  return true;
}
}  // namespace wcb::rapidjson_io
