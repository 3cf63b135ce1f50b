// Timestamps as Date.prototype.toJSON writes them ("2026-11-30T12:34:56.789Z"),
// and back; a messages record's JSON strings, read into its builder.
#pragma once

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "codecs/json/base64.h"
#include "core/status.h"
#include "workloads/messages/messages.h"
#include "workloads/messages/record_builder.h"

namespace wcb::json_text {

using messages::Timestamp;

// --- timestamps as Date.prototype.toJSON writes them ---

constexpr std::int64_t kMsPerDay = 86'400'000;
// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the years of four
// digits. Date.toJSON writes others as "+010000-..." or "-000001-...",
// which this codec does not support.
constexpr std::int64_t kFirstMs = -62'167'219'200'000;
constexpr std::int64_t kLastMs = 253'402'300'799'999;

inline void append_digits(Bytes& out, unsigned value, int width) {
  char text[8];
  for (int i = width - 1; i >= 0; --i, value /= 10) text[i] = static_cast<char>('0' + value % 10);
  out.insert(out.end(), text, text + width);
}

inline void append_timestamp(Bytes& out, Timestamp timestamp) {
  const std::int64_t ms = timestamp.time_since_epoch().count();
  if (ms < kFirstMs || ms > kLastMs) {
    throw std::invalid_argument("timestamp " + std::to_string(ms) +
                                " ms is outside the years 0000-9999 that this codec writes");
  }
  const auto day = std::chrono::floor<std::chrono::days>(timestamp);
  const std::chrono::year_month_day date{day};
  const std::int64_t in_day = (timestamp - day).count();
  out.push_back('"');
  append_digits(out, static_cast<unsigned>(static_cast<int>(date.year())), 4);
  out.push_back('-');
  append_digits(out, static_cast<unsigned>(date.month()), 2);
  out.push_back('-');
  append_digits(out, static_cast<unsigned>(date.day()), 2);
  out.push_back('T');
  append_digits(out, static_cast<unsigned>(in_day / 3'600'000), 2);
  out.push_back(':');
  append_digits(out, static_cast<unsigned>(in_day / 60'000 % 60), 2);
  out.push_back(':');
  append_digits(out, static_cast<unsigned>(in_day / 1000 % 60), 2);
  out.push_back('.');
  append_digits(out, static_cast<unsigned>(in_day % 1000), 3);
  out.push_back('Z');
  out.push_back('"');
}

// Reads exactly "YYYY-MM-DDTHH:MM:SS.mmmZ"; false for anything else.
inline bool parse_timestamp(std::string_view text, Timestamp& timestamp) {
  if (text.size() != 24) return false;
  constexpr std::string_view kPattern = "dddd-dd-ddTdd:dd:dd.dddZ";
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (kPattern[i] == 'd' ? (text[i] < '0' || text[i] > '9') : text[i] != kPattern[i]) return false;
  }
  const auto number = [&](std::size_t at, std::size_t width) {
    int value = 0;
    for (std::size_t i = at; i < at + width; ++i) value = value * 10 + (text[i] - '0');
    return value;
  };
  const std::chrono::year_month_day date{std::chrono::year{number(0, 4)},
                                         std::chrono::month{static_cast<unsigned>(number(5, 2))},
                                         std::chrono::day{static_cast<unsigned>(number(8, 2))}};
  const int hours = number(11, 2), minutes = number(14, 2), seconds = number(17, 2);
  if (!date.ok() || hours > 23 || minutes > 59 || seconds > 59) return false;
  const std::int64_t days = std::chrono::sys_days{date}.time_since_epoch().count();
  timestamp = Timestamp{std::chrono::milliseconds{days * kMsPerDay + hours * 3'600'000LL +
                                                  minutes * 60'000LL + seconds * 1000LL + number(20, 3)}};
  return true;
}

// A string of a messages record's JSON text, into the record's builder: the
// field's timestamp, its binary data (base64) or its string.
inline bool string_value(messages::schema::RecordBuilder& builder, std::string_view value) {
  switch (builder.next_type()) {
    case messages::schema::Type::kTimestamp: {
      Timestamp timestamp;
      if (!parse_timestamp(value, timestamp)) {
        return builder.fail_here("expected an ISO 8601 timestamp string (YYYY-MM-DDTHH:MM:SS.mmmZ), got \"" +
                                 std::string(value) + "\"");
      }
      return builder.timestamp(timestamp);
    }
    case messages::schema::Type::kBinary:
      return builder.binary([&](std::vector<std::uint8_t>& data, std::string& problem) {
        return decode_base64(value, data, problem);
      });
    default:
      return builder.string(value);
  }
}

}  // namespace wcb::json_text
