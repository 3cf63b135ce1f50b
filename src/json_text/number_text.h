// Numbers as JSON.stringify writes them (ECMAScript's Number::toString), from
// the digits of nlohmann's Grisu2, the printing nlohmann::json::dump uses;
// booleans, int32s and strings as it writes them too.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/status.h"

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

// `text` quoted and escaped as JSON.stringify escapes it: ", \, \b \f \n \r
// \t, other controls as \u00xx, nothing else (the caller has checked its
// UTF-8). Runs of bytes that need no escape are copied whole.
template <typename Out>
void append_quoted(Out& out, std::string_view text) {
  out.push_back('"');
  const char* run = text.data();
  const char* const end = text.data() + text.size();
  for (const char* at = run; at != end; ++at) {
    const auto c = static_cast<unsigned char>(*at);
    if (c >= 0x20 && c != '"' && c != '\\') [[likely]]
      continue;
    out.insert(out.end(), run, at);
    run = at + 1;
    char short_form = 0;
    switch (c) {
      case '"':
        short_form = '"';
        break;
      case '\\':
        short_form = '\\';
        break;
      case '\b':
        short_form = 'b';
        break;
      case '\f':
        short_form = 'f';
        break;
      case '\n':
        short_form = 'n';
        break;
      case '\r':
        short_form = 'r';
        break;
      case '\t':
        short_form = 't';
        break;
      default:
        break;
    }
    if (short_form != 0) {
      const char escape[2] = {'\\', short_form};
      out.insert(out.end(), escape, escape + 2);
      continue;
    }
    static constexpr char kHex[] = "0123456789abcdef";
    const char escape[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xf]};
    out.insert(out.end(), escape, escape + 6);
  }
  out.insert(out.end(), run, end);
  out.push_back('"');
}

}  // namespace wcb::json_text
