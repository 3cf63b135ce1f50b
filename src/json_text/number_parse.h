// How the json codec's decoders turn number text into doubles without
// musl's strtod, which in wasm computes in software `long double` (binary128
// through compiler-rt) and was about two thirds of json's wasm/native decode
// gap (docs/decisions/codecs.md#json-numbers-without-long-double).
//
// nlohmann_json 3.11.2 has no option or callback for this: its lexer checks
// a number's grammar into a buffer, then calls its private static
// `lexer::strtof(double&, const char*, char**)`, which calls std::strtod.
// That member is explicitly specialized below (standard C++, no change to
// the library) for a lexer type only this codec uses: the lexer over
// json_text::InputIterator, an iterator type of this header. Every json
// adapter parses through it (text_reader.h), so no other translation unit
// instantiates that lexer with the generic strtod.
//
// parse_double is exact: the nearest double to the text, ties to even, the
// value strtod gives. It takes the common cases with integer arithmetic:
//   - at most 19 significant digits m and a decimal exponent q;
//   - m <= 2^53 and |q| <= 22: one IEEE multiplication or division of two
//     exact doubles (Clinger's fast path), so correctly rounded;
//   - q < 0 down to -26: floor(m * 2^s / 5^-q) by long division (two divisors
//     below 2^32), rounded to 53 bits from the quotient, the remainder as a
//     sticky bit;
//   - q from 0 up to 27: m * 5^q exactly in 128 bits, rounded to 53 bits.
// Anything else (more digits, larger exponents, subnormals) goes to strtod.
// tests/native/json_number_test.cpp compares it with strtod bit for bit.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <nlohmann/json.hpp>
#include <span>

namespace wcb::json_text {

namespace number_detail {

inline constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

constexpr std::uint64_t pow5(int k) {
  std::uint64_t value = 1;
  for (int i = 0; i < k; ++i) value *= 5;
  return value;
}

inline int bit_length(std::uint64_t value) { return value == 0 ? 0 : 64 - __builtin_clzll(value); }

// A 128-bit unsigned integer as two halves (wasm32 has no 128-bit division
// instruction; the divisions below use 64-bit ones).
struct U128 {
  std::uint64_t high = 0;
  std::uint64_t low = 0;
  int bit_length() const {
    return high != 0 ? 64 + number_detail::bit_length(high) : number_detail::bit_length(low);
  }
};

// value / divisor, divisor < 2^32, in base-2^32 long division; `sticky` is
// set when there is a remainder.
inline U128 divide(U128 value, std::uint32_t divisor, bool& sticky) {
  const std::uint64_t limbs[4] = {value.high >> 32, value.high & 0xffffffffu, value.low >> 32,
                                  value.low & 0xffffffffu};
  std::uint64_t quotient[4];
  std::uint64_t remainder = 0;
  for (int i = 0; i < 4; ++i) {
    const std::uint64_t current = remainder << 32 | limbs[i];
    quotient[i] = current / divisor;
    remainder = current % divisor;
  }
  if (remainder != 0) sticky = true;
  return {quotient[0] << 32 | quotient[1], quotient[2] << 32 | quotient[3]};
}

// The double nearest to (value + epsilon) x 2^exponent, ties to even, where
// epsilon is in (0, 1) when `sticky`, else 0; value > 0. Normal results only.
inline double round_to_double(U128 value, bool sticky, int exponent) {
  // Shifted so that its top bit is bit 127: the double's 53 bits are then
  // the top of `high`, and the 11 bits below them with the rest decide.
  const int shift = 128 - value.bit_length();
  if (shift >= 64) {
    value = {value.low << (shift - 64), 0};
  } else if (shift > 0) {
    value = {value.high << shift | value.low >> (64 - shift), value.low << shift};
  }
  std::uint64_t mantissa = value.high >> 11;
  const std::uint64_t dropped = value.high & 0x7ff;
  const bool below_exact = value.low != 0 || sticky;  // anything under the dropped 11 bits
  if (dropped > 0x400 || (dropped == 0x400 && (below_exact || (mantissa & 1)))) ++mantissa;  // 2^53 is fine
  return std::ldexp(static_cast<double>(mantissa), exponent + 75 - shift);
}

}  // namespace number_detail

// Parses a number the JSON lexer has checked (-?digits[.digits][e[+-]digits],
// the point possibly the locale's), NUL-terminated at its end. Returns false,
// touching nothing, when the text needs strtod.
inline bool parse_double(const char* text, double& value, char** end) {
  using namespace number_detail;
  const char* p = text;
  const bool negative = *p == '-';
  if (negative) ++p;
  std::uint64_t m = 0;
  int digits = 0;  // significant digits in m
  int q = 0;       // value = m x 10^q
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  for (; is_digit(*p); ++p) {
    if (m == 0 && *p == '0') continue;
    if (digits == 19) return false;
    m = m * 10 + static_cast<unsigned>(*p - '0');
    ++digits;
  }
  if (*p != '\0' && *p != 'e' && *p != 'E') {  // the decimal point
    for (++p; is_digit(*p); ++p) {
      if (m == 0 && *p == '0') {
        --q;
        continue;
      }
      if (digits == 19) return false;
      m = m * 10 + static_cast<unsigned>(*p - '0');
      ++digits;
      --q;
    }
  }
  if (*p == 'e' || *p == 'E') {
    ++p;
    const bool exponent_negative = *p == '-';
    if (*p == '-' || *p == '+') ++p;
    int exponent = 0;
    for (; is_digit(*p); ++p) {
      if (exponent > 100000) return false;
      exponent = exponent * 10 + (*p - '0');
    }
    q += exponent_negative ? -exponent : exponent;
  }
  if (*p != '\0') return false;

  double result;
  if (m == 0) {
    result = 0.0;
  } else if (m <= (1ull << 53) && q >= -22 && q <= 22) {
    const double significand = static_cast<double>(m);
    result = q < 0 ? significand / kPow10[-q] : significand * kPow10[q];
  } else if (q < 0 && q >= -26) {
    // m x 10^q = m / (5^k x 2^k): m shifted up to 127 bits, divided by 5^k
    // in two steps (5^13 < 2^32), so the quotient keeps >= 65 bits.
    const int k = -q;
    const int shift = 127 - bit_length(m);
    U128 n = shift >= 64 ? U128{m << (shift - 64), 0} : U128{m >> (64 - shift), m << shift};
    bool sticky = false;
    const int first = k < 13 ? k : 13;
    n = divide(n, static_cast<std::uint32_t>(pow5(first)), sticky);
    if (k > first) n = divide(n, static_cast<std::uint32_t>(pow5(k - first)), sticky);
    result = round_to_double(n, sticky, -shift - k);
  } else if (q >= 0 && q <= 27) {
    const unsigned __int128 product = static_cast<unsigned __int128>(m) * pow5(q);
    result = round_to_double({static_cast<std::uint64_t>(product >> 64), static_cast<std::uint64_t>(product)},
                             false, q);
  } else {
    return false;
  }
  value = negative ? -result : result;
  *end = const_cast<char*>(p);
  return true;
}

// The iterators text_reader.h hands to nlohmann's parsers: a plain pointer
// walk over the input, as types of their own so that the lexer over each is
// known. `Numbers` names who turns number text into doubles: the lexer over
// InputIterator (every json adapter's) is specialized below to use
// parse_double; any other Numbers keeps nlohmann's strtod.
//
// A NUL byte reads as kNulStandIn. nlohmann's lexer takes '\0' for the end
// of the input (a C string's end), so "123\0..." would read as 123 and stop;
// the stand-in is an error wherever it is read (a control character in a
// string, an invalid literal elsewhere), at the NUL's own position, and
// text_reader.h words that error as the NUL it is.
template <typename Numbers>
struct PointerIterator {
  using iterator_category = std::forward_iterator_tag;
  using value_type = std::uint8_t;
  using difference_type = std::ptrdiff_t;
  using pointer = const std::uint8_t*;
  using reference = std::uint8_t;

  static constexpr std::uint8_t kNulStandIn = 0x01;

  const std::uint8_t* at = nullptr;

  std::uint8_t operator*() const { return *at != 0 ? *at : kNulStandIn; }
  PointerIterator& operator++() {
    ++at;
    return *this;
  }
  PointerIterator operator++(int) {
    PointerIterator before = *this;
    ++at;
    return before;
  }
  bool operator==(const PointerIterator&) const = default;
};

struct ExactNumbers;   // parse_double, then strtod
struct StrtodNumbers;  // nlohmann's own: strtod
using InputIterator = PointerIterator<ExactNumbers>;
using StrtodInputIterator = PointerIterator<StrtodNumbers>;

using InputAdapter =
    decltype(nlohmann::detail::input_adapter(std::declval<InputIterator>(), std::declval<InputIterator>()));

}  // namespace wcb::json_text

NLOHMANN_JSON_NAMESPACE_BEGIN
namespace detail {

template <>
inline void lexer<nlohmann::json, wcb::json_text::InputAdapter>::strtof(double& f, const char* str,
                                                                        char** endptr) noexcept {
  if (!wcb::json_text::parse_double(str, f, endptr)) f = std::strtod(str, endptr);
}

template <>
inline void lexer<nlohmann::ordered_json, wcb::json_text::InputAdapter>::strtof(double& f, const char* str,
                                                                                char** endptr) noexcept {
  if (!wcb::json_text::parse_double(str, f, endptr)) f = std::strtod(str, endptr);
}

}  // namespace detail
NLOHMANN_JSON_NAMESPACE_END
