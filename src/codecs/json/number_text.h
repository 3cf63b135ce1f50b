// Numbers as JSON.stringify writes them (ECMAScript's Number::toString), from
// the digits of nlohmann's Grisu2, the printing nlohmann::json::dump uses.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/codec.h"

namespace wcb::json_text {

// --- numbers as JS writes them ---

// A decimal number 0.d1d2...dk x 10^exponent (ECMAScript's s, k and n).
struct Decimal {
  char digits[24];
  int count = 0;
  int exponent = 0;
};

// The digits of a finite `value` > 0 from nlohmann's Grisu2, the printing
// nlohmann::json::dump uses, so the codec prints numbers as the library
// does; append_number only lays them out as JS does. Grisu2 digits always
// read back to the same double and are the shortest, nearest ones JS writes
// for all but a few values (then one digit longer or one unit off in the
// last place: the same number, a different text).
inline Decimal shortest_decimal(double value) {
  Decimal decimal;
  int decimal_exponent = 0;  // value = digits x 10^decimal_exponent
  nlohmann::detail::dtoa_impl::grisu2(decimal.digits, decimal.count, decimal_exponent, value);
  decimal.exponent = decimal.count + decimal_exponent;
  return decimal;
}

// Number::toString(value) of ECMAScript for a finite double, appended to
// `out` (Bytes or std::string).
template <typename Out>
void append_number(Out& out, double value) {
  if (value == 0) {
    out.push_back('0');  // -0 too, as JSON.stringify writes it
    return;
  }
  if (value < 0) {
    out.push_back('-');
    value = -value;
  }
  const Decimal decimal = shortest_decimal(value);
  const int k = decimal.count;
  const int n = decimal.exponent;
  const auto digits = [&](int from, int to) {
    out.insert(out.end(), decimal.digits + from, decimal.digits + to);
  };
  if (k <= n && n <= 21) {
    digits(0, k);
    out.insert(out.end(), static_cast<std::size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {
    digits(0, n);
    out.push_back('.');
    digits(n, k);
  } else if (-6 < n && n <= 0) {
    out.push_back('0');
    out.push_back('.');
    out.insert(out.end(), static_cast<std::size_t>(-n), '0');
    digits(0, k);
  } else {
    digits(0, 1);
    if (k > 1) {
      out.push_back('.');
      digits(1, k);
    }
    char exponent[8];
    const int length =
        std::snprintf(exponent, sizeof exponent, "e%c%d", n - 1 < 0 ? '-' : '+', std::abs(n - 1));
    out.insert(out.end(), exponent, exponent + length);
  }
}

template <typename Out>
void append_bool(Out& out, bool value) {
  const std::string_view text = value ? "true" : "false";
  out.insert(out.end(), text.begin(), text.end());
}

template <typename Out>
void append_int(Out& out, std::int32_t value) {
  char text[16];
  const int length = std::snprintf(text, sizeof text, "%d", value);
  out.insert(out.end(), text, text + length);
}

}  // namespace wcb::json_text
