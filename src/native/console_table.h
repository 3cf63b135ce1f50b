// What a person watching a run sees; measuring never prints. Progress goes
// to stderr, the tables to stdout. Each workload lays out its lines and
// tables with these.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stats.h"

namespace wcb {

// printf of one number.
std::string format(const char* pattern, double value);
// 1234567 -> "1,234,567"
std::string with_thousands(std::uint64_t value);
// Four decimals below 0.1 ms, fewer above.
std::string milliseconds_text(double milliseconds);
// 1234567.8 ops/s -> "1,234,568"; below 100 one decimal.
std::string ops_text(double ops_per_second);
std::string ns_text(double nanoseconds);
// "encode 1.23 ms, decode 4.56 ms (medians of 7)"
std::string medians_text(const Stats& encode, const Stats& decode);

// "[<unit>] <codec>: <what>", once a codec is measured on a unit.
void print_progress(std::ostream& out, std::string_view unit, std::string_view codec, std::string_view what);

// One row per codec: text columns, left-aligned and as wide as their widest
// cell, then number columns, right-aligned; a failed row says why in place
// of its numbers.
class ConsoleTable {
 public:
  ConsoleTable(std::vector<std::string> text_headers, std::vector<std::string> number_headers)
      : text_headers_(std::move(text_headers)), number_headers_(std::move(number_headers)) {}

  void add(std::vector<std::string> texts, std::vector<std::string> numbers) {
    rows_.push_back({std::move(texts), std::move(numbers), {}});
  }
  void add_failed(std::vector<std::string> texts, const std::string& error) {
    rows_.push_back({std::move(texts), {}, "failed: " + error});
  }
  // A blank line, `title`, the header and the rows.
  void print(std::ostream& out, std::string_view title) const;

 private:
  struct Row {
    std::vector<std::string> texts;
    std::vector<std::string> numbers;
    std::string failure;
  };
  std::vector<std::string> text_headers_;
  std::vector<std::string> number_headers_;
  std::vector<Row> rows_;
};

}  // namespace wcb
