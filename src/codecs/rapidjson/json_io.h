// What the rapidjson adapters share: RapidJSON's Writer writing straight into
// the reused output bytes, numbers and strings as JSON.stringify writes them,
// and RapidJSON's SAX Reader over the input bytes with its errors in words.
//
// Numbers: not RapidJSON's Writer::Double. Its Grisu2 digits round-trip but
// are not always the ones nearest to the value that JS writes: 0.1 + 0.2
// comes out 0.30000000000000007 (JS 0.30000000000000004), and so do about a
// third of the dataset's 17-digit doubles (docs/decisions.md). Numbers go
// through the json codec's number_text.h instead (nlohmann's Grisu2 digits,
// which are JS's for the dataset, in ECMAScript's layout), as raw values of
// RapidJSON's Writer: the same bytes as the json codec.
//
// Strings: Writer::String escapes as JSON.stringify does except for control
// characters other than \b \f \n \r \t, which it writes as \u001F where JS
// writes \u001f; a string holding one is written here instead.
//
// Reading: RapidJSON parses numbers itself. kParseFullPrecisionFlag makes
// every double the nearest one to the text (without it RapidJSON is up to 3
// ULP off, and a round trip would change the data); the fast path covers
// most dataset numbers, the rest go through its DiyFp/BigInteger steps.
// CheckedNumbers mends two defects of 1.1.0's number parsing. The
// input is not NUL-terminated: a MemoryStream bounds it and reads its end as
// NUL, so a NUL byte inside the input would also look like the end; parse()
// checks that the whole input was consumed.
#pragma once

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "codecs/json/number_text.h"
#include "core/codec.h"

namespace wcb::rapidjson_io {

// ---- writing ----

// RapidJSON's output stream: appends to the caller's bytes. PutReserve and
// PutUnsafe (found by ADL from RapidJSON's writer) make its per-character
// writes plain stores after one capacity check per token.
class ByteStream {
 public:
  using Ch = char;
  explicit ByteStream(Bytes& out) : out_(out) {}
  void Put(char c) { out_.push_back(static_cast<std::uint8_t>(c)); }
  void Flush() {}
  // Geometric growth: Writer::String reserves 6 bytes per character of every
  // string, and exact reserves would reallocate on every string.
  void reserve(std::size_t count) {
    if (out_.capacity() - out_.size() < count)
      out_.reserve(std::max(out_.capacity() * 2, out_.size() + count));
  }
  void append(const char* text, std::size_t length) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text);
    out_.insert(out_.end(), bytes, bytes + length);
  }

 private:
  Bytes& out_;
};

inline void PutReserve(ByteStream& stream, std::size_t count) { stream.reserve(count); }
inline void PutUnsafe(ByteStream& stream, char c) { stream.Put(c); }

using Writer = rapidjson::Writer<ByteStream>;

// Writes `value` as JSON.stringify does; false for NaN and Infinity, which
// JSON cannot carry (the caller says where). -0 is "-0.0" when
// `keep_sign_of_zero` (it then reads back as -0), else "0" as JS writes it.
// `scratch` holds the number's text on its way (kept by the caller, so no
// allocation per number).
inline bool write_number(Writer& writer, double value, bool keep_sign_of_zero, Bytes& scratch) {
  if (!std::isfinite(value)) return false;
  if (keep_sign_of_zero && value == 0 && std::signbit(value))
    return writer.RawValue("-0.0", 4, rapidjson::kNumberType);
  scratch.clear();
  json_text::append_number(scratch, value);
  return writer.RawValue(reinterpret_cast<const char*>(scratch.data()), scratch.size(),
                         rapidjson::kNumberType);
}

// JSON.stringify's text of a string that holds a control character RapidJSON
// would escape in upper case: the named escapes, others as \u00xx.
inline std::string js_string_text(std::string_view value) {
  std::string text = "\"";
  for (const char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        text += "\\\"";
        break;
      case '\\':
        text += "\\\\";
        break;
      case '\b':
        text += "\\b";
        break;
      case '\f':
        text += "\\f";
        break;
      case '\n':
        text += "\\n";
        break;
      case '\r':
        text += "\\r";
        break;
      case '\t':
        text += "\\t";
        break;
      default:
        if (byte < 0x20) {
          char escape[8];
          std::snprintf(escape, sizeof escape, "\\u%04x", byte);
          text += escape;
        } else {
          text += c;
        }
    }
  }
  return text + "\"";
}

// Whether RapidJSON would escape a character of `value` otherwise than JS.
inline bool has_unnamed_control(std::string_view value) {
  for (const char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 && c != '\b' && c != '\f' && c != '\n' && c != '\r' && c != '\t') return true;
  }
  return false;
}

// A string value (or, with `key`, an object key) as JSON.stringify writes it.
// The caller has checked that it is valid UTF-8.
inline bool write_string(Writer& writer, std::string_view value, bool key = false) {
  if (!has_unnamed_control(value)) {
    const auto length = static_cast<rapidjson::SizeType>(value.size());
    return key ? writer.Key(value.data(), length) : writer.String(value.data(), length);
  }
  const std::string text = js_string_text(value);
  // RawValue takes a key too: the writer counts keys as values of an object.
  return writer.RawValue(text.data(), text.size(), rapidjson::kStringType);
}

// ---- reading ----

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

// Two defects of RapidJSON 1.1.0's number parsing, found by fuzzing, are
// mended between its Reader and the adapters' handlers (the library as
// Debian ships it, unpatched):
//   - a zero written with an exponent or with more than 22 fraction digits
//     ("0e-30", "-0.000e-100", "0e40") reads as an arbitrary double
//     (9.598e-240 for "0e-30"): StrtodDiyFp normalizes a zero significand
//     with __builtin_clzll(0). The text of each double is checked for an
//     all-zero significand, a few characters in the common case: the number
//     starts right after the previous event's token (only whitespace, ':'
//     and ',' between), and its first digit settles it unless it is 0;
//   - a number just beyond the largest double ("2.8e308") reads as Infinity
//     (RapidJSON refuses "1e309" and beyond itself), which JSON could not
//     write back: refused here too.
template <typename Handler>
class CheckedNumbers {
 public:
  CheckedNumbers(Handler& handler, const rapidjson::MemoryStream& stream)
      : handler_(handler), stream_(stream), mark_(stream.src_) {}

  std::string error;

  bool Null() { return next(handler_.Null()); }
  bool Bool(bool value) { return next(handler_.Bool(value)); }
  bool Int(int value) { return next(handler_.Int(value)); }
  bool Uint(unsigned value) { return next(handler_.Uint(value)); }
  bool Int64(std::int64_t value) { return next(handler_.Int64(value)); }
  bool Uint64(std::uint64_t value) { return next(handler_.Uint64(value)); }
  bool Double(double value) {
    const char* start = number_start();
    if (RAPIDJSON_UNLIKELY(zero_significand())) {
      value = *start == '-' ? -0.0 : 0.0;
    } else if (RAPIDJSON_UNLIKELY(!std::isfinite(value))) {
      error =
          "a number beyond the range of a float64 at byte " + std::to_string(number_start() - stream_.begin_);
      return false;
    }
    return next(handler_.Double(value));
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
};

// RapidJSON 1.1.0 indexes its table of cached powers of ten with the decimal
// exponent of a number's digits, unchecked: 0.123456789012345678901234567e-340
// or a fraction of 400 zeros and a 1 reads far before the table (a crash
// natively). Such a number needs a run of 25 or more digits, or an exponent
// below -299 with more digits than the smallest doubles need; inputs holding
// one are refused before RapidJSON sees them, and so are numbers beyond the
// largest double, which it reads as garbage (9e308 as -2.78e-308).
// The scan looks at about one byte in 25 where digits are rare: a run of 25
// must cover every 25th byte.
inline void refuse_unsafe_numbers(std::span<const std::uint8_t> bytes, const char* what) {
  constexpr std::size_t kRun = 25;
  const auto digit = [](std::uint8_t c) { return c >= '0' && c <= '9'; };
  for (std::size_t i = kRun - 1; i < bytes.size();) {
    if (!digit(bytes[i])) {
      i += kRun;
      continue;
    }
    std::size_t back = 0;  // digits ending at i
    while (back < kRun && digit(bytes[i - back])) ++back;
    if (back == kRun) {
      throw DecodeError("a run of " + std::to_string(kRun) + " or more digits at byte " +
                        std::to_string(i + 1 - kRun) + " of the " + what +
                        ", which RapidJSON 1.1.0 cannot read safely in a number");
    }
    i = i - back + kRun;
  }
  for (std::size_t i = 0; i + 1 < bytes.size(); ++i) {
    if (bytes[i] != 'e' && bytes[i] != 'E') continue;
    std::size_t j = i + 1;
    const bool negative = bytes[j] == '-';
    if (bytes[j] == '-' || bytes[j] == '+') ++j;
    int exponent = 0;
    for (; j < bytes.size() && digit(bytes[j]) && exponent < 100000; ++j)
      exponent = exponent * 10 + (bytes[j] - '0');
    if (exponent < 280) continue;
    // The mantissa before the 'e': its significant digits and where its
    // decimal point falls, as RapidJSON's StrtodDiyFp counts them.
    std::size_t start = i;
    while (start > 0 && (digit(bytes[start - 1]) || bytes[start - 1] == '.')) --start;
    int integer_digits = 0, leading_zeros = 0, significant = 0;
    bool point = false, nonzero = false;
    std::string leading;  // the first 17 significant digits
    for (std::size_t k = start; k < i; ++k) {
      if (bytes[k] == '.') {
        point = true;
        continue;
      }
      if (!point && bytes[k] != '0') ++integer_digits;
      if (bytes[k] != '0') nonzero = true;
      if (nonzero) {
        ++significant;
        if (leading.size() < 17) leading += static_cast<char>(bytes[k]);
      } else if (point) {
        ++leading_zeros;
      }
    }
    if (!nonzero) continue;  // a zero: CheckedNumbers mends it
    const int decimal_position = integer_digits > 0 ? integer_digits : -leading_zeros;
    if (negative) {
      if (significant - exponent >= -324 && decimal_position - 20 - exponent < -348) {
        throw DecodeError("a number at byte " + std::to_string(start) + " of the " + what +
                          " whose digits and exponent RapidJSON 1.1.0 cannot read safely");
      }
      continue;
    }
    // Beyond the largest double RapidJSON returns garbage (9e308 reads as
    // -2.78e-308), not Infinity: refused, as CheckedNumbers refuses Infinity.
    const int magnitude = decimal_position - 1 + exponent;  // of the leading digit
    leading.resize(17, '0');
    if (magnitude > 308 || (magnitude == 308 && leading > "17976931348623157")) {
      throw DecodeError("a number beyond the range of a float64 at byte " + std::to_string(start) +
                        " of the " + what);
    }
  }
}

// Parses `bytes` with `kFlags` into `handler`. `error` is the handler's
// reason for stopping the parse (empty when the parser found the problem);
// `what` names the input in messages ("input", "record").
template <unsigned kFlags, typename Handler>
void parse(rapidjson::Reader& reader, std::span<const std::uint8_t> bytes, Handler& handler,
           const std::string& error, const char* what) {
  refuse_unsafe_numbers(bytes, what);
  rapidjson::MemoryStream stream(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  CheckedNumbers<Handler> checked(handler, stream);
  const rapidjson::ParseResult result = reader.Parse<kFlags>(stream, checked);
  if (!result) {
    if (!error.empty()) throw DecodeError(error);
    if (!checked.error.empty()) throw DecodeError(checked.error + " of the " + what);
    throw DecodeError(std::string(rapidjson::GetParseError_En(result.Code())) + " at byte " +
                      std::to_string(result.Offset()) + " of the " + what);
  }
  // The reader took a NUL byte for the end of the input.
  if (stream.Tell() != bytes.size()) {
    throw DecodeError("a NUL byte at byte " + std::to_string(stream.Tell()) + " of the " + what +
                      ", where only whitespace may follow the value");
  }
}

}  // namespace wcb::rapidjson_io
