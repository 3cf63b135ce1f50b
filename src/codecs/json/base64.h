// Base64 (RFC 4648, with padding), as the json codec writes binary fields.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace wcb::json_text {

// --- base64 (RFC 4648, with padding) ---

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

inline void append_base64(Bytes& out, std::span<const std::uint8_t> data) {
  out.push_back('"');
  std::size_t i = 0;
  for (; i + 3 <= data.size(); i += 3) {
    const std::uint32_t group = data[i] << 16 | data[i + 1] << 8 | data[i + 2];
    for (int shift = 18; shift >= 0; shift -= 6) out.push_back(kBase64[group >> shift & 63]);
  }
  if (const std::size_t rest = data.size() - i; rest > 0) {
    const std::uint32_t group = data[i] << 16 | (rest == 2 ? data[i + 1] << 8 : 0);
    out.push_back(kBase64[group >> 18 & 63]);
    out.push_back(kBase64[group >> 12 & 63]);
    out.push_back(rest == 2 ? kBase64[group >> 6 & 63] : '=');
    out.push_back('=');
  }
  out.push_back('"');
}

inline int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// Strict: length a multiple of 4, padding only at the end, and the unused
// bits before the padding zero (the one text each byte string has). Writes
// into `data` (keeping its capacity); false with `problem` set otherwise.
inline bool decode_base64(std::string_view text, std::vector<std::uint8_t>& data, std::string& problem) {
  if (text.size() % 4 != 0) {
    problem = "expected base64 text, got " + std::to_string(text.size()) + " characters, not a multiple of 4";
    return false;
  }
  std::size_t padding = 0;
  if (!text.empty() && text.back() == '=') padding = text[text.size() - 2] == '=' ? 2 : 1;
  data.clear();
  data.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    const std::size_t used = last ? 4 - padding : 4;
    std::uint32_t group = 0;
    for (std::size_t k = 0; k < 4; ++k) {
      const int value = k < used ? base64_value(text[i + k]) : 0;
      if (value < 0) {
        problem = "expected base64 text, got an invalid character at offset " + std::to_string(i + k);
        return false;
      }
      group = group << 6 | static_cast<std::uint32_t>(value);
    }
    data.push_back(static_cast<std::uint8_t>(group >> 16));
    if (used > 2) data.push_back(static_cast<std::uint8_t>(group >> 8));
    if (used > 3) data.push_back(static_cast<std::uint8_t>(group));
    if ((used == 2 && (group & 0xffff)) || (used == 3 && (group & 0xff))) {
      problem = "expected base64 text, got nonzero bits in its padding";
      return false;
    }
  }
  return true;
}

}  // namespace wcb::json_text
