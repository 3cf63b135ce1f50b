#include "console_table.h"

#include <algorithm>
#include <cstdio>

namespace wcb {

namespace {

constexpr std::size_t kNumberWidth = 11;

void pad_right(std::string& line, std::string_view text, std::size_t width) {
  line += text;
  if (text.size() < width) line.append(width - text.size(), ' ');
  line += "  ";
}

void pad_left(std::string& line, std::string_view text, std::size_t width) {
  if (text.size() < width) line.append(width - text.size(), ' ');
  line += text;
  line += "  ";
}

void trim_right(std::string& line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
}

}  // namespace

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string with_thousands(std::uint64_t value) {
  std::string digits = std::to_string(value);
  std::string grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

std::string milliseconds_text(double milliseconds) {
  // The small payloads of the memcpy floor take microseconds.
  return format(milliseconds >= 100   ? "%.1f"
                : milliseconds >= 1   ? "%.2f"
                : milliseconds >= 0.1 ? "%.3f"
                                      : "%.4f",
                milliseconds);
}

std::string ops_text(double ops_per_second) {
  return ops_per_second >= 100 ? with_thousands(static_cast<std::uint64_t>(ops_per_second + 0.5))
                               : format("%.1f", ops_per_second);
}

std::string ns_text(double nanoseconds) { return format(nanoseconds >= 100 ? "%.0f" : "%.1f", nanoseconds); }

std::string medians_text(const Stats& encode, const Stats& decode) {
  return "encode " + milliseconds_text(encode.median) + " ms, decode " + milliseconds_text(decode.median) +
         " ms (medians of " + std::to_string(encode.n) + ")";
}

void print_progress(std::ostream& out, std::string_view unit, std::string_view codec, std::string_view what) {
  out << "[" << unit << "] " << codec << ": " << what << '\n';
  out.flush();
}

void ConsoleTable::print(std::ostream& out, std::string_view title) const {
  std::vector<std::size_t> widths;
  for (const std::string& header : text_headers_) widths.push_back(header.size());
  for (const Row& row : rows_) {
    for (std::size_t i = 0; i < widths.size(); ++i) widths[i] = std::max(widths[i], row.texts[i].size());
  }
  out << "\n" << title << "\n";
  std::string header;
  for (std::size_t i = 0; i < widths.size(); ++i) pad_right(header, text_headers_[i], widths[i]);
  for (const std::string& heading : number_headers_) pad_left(header, heading, kNumberWidth);
  trim_right(header);
  out << header << '\n';
  for (const Row& row : rows_) {
    std::string line;
    for (std::size_t i = 0; i < widths.size(); ++i) pad_right(line, row.texts[i], widths[i]);
    for (const std::string& number : row.numbers) pad_left(line, number, kNumberWidth);
    line += row.failure;
    trim_right(line);
    out << line << '\n';
  }
  out.flush();
}

}  // namespace wcb
