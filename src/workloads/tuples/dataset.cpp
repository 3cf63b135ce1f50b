#include "dataset.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace wcb {

namespace {

// {"items":[ ... ]} around the comma-separated items.
constexpr std::size_t kEnvelopeBytes = std::char_traits<char>::length("{\"items\":[]}");
// {"x":,"y":,"z":} around the three numbers.
constexpr std::size_t kItemKeysBytes = std::char_traits<char>::length("{\"x\":,\"y\":,\"z\":}");

// JS's Math.round for the non-negative values used here.
std::size_t js_round(double value) { return static_cast<std::size_t>(std::floor(value + 0.5)); }

// Writes the shortest round-trip digits of a finite `value` in the form
// [-]d[.ddd]e[+-]xx and returns the end.
char* shortest_scientific(char* first, char* last, double value) {
#ifdef __EMSCRIPTEN__
  // Emscripten 3.1.6's libc++ has no floating-point to_chars. The shortest
  // precision that reads back as the same double is found by bisection
  // (reading back is monotonic in the precision); printf rounds correctly,
  // so those digits are the ones to_chars would choose. Slower, and only the
  // wasm build of wcb_codec_loop runs it.
  int low = 1;
  int high = 17;  // 17 significant digits always read back
  while (low < high) {
    const int middle = (low + high) / 2;
    std::snprintf(first, static_cast<std::size_t>(last - first), "%.*e", middle - 1, value);
    if (std::strtod(first, nullptr) == value) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  const int length = std::snprintf(first, static_cast<std::size_t>(last - first), "%.*e", low - 1, value);
  return first + length;
#else
  return std::to_chars(first, last, value, std::chars_format::scientific).ptr;
#endif
}

}  // namespace

TupleDataset::TupleDataset() {
  json_bytes_ = kEnvelopeBytes;
  append({1, 4.1040000000000004, 1.1009999999999994});
  append({2, 4.371033333333333, 0.36703333333333266});
  append({3, 5.171833333333334, 0.4337666666666671});
  append({4, 6.473133333333333, 0.36703333333333354});
}

void TupleDataset::append(const Item& item) {
  if (!items_.empty()) json_bytes_ += 1;  // the comma
  json_bytes_ += js_item_json_length(item);
  items_.push_back(item);
}

void TupleDataset::grow() {
  const double factor = json_bytes_ <= kSlowGrowthAboveBytes ? 8.0 : 4.0;
  const std::size_t added = js_round(static_cast<double>(items_.size()) / factor);
  items_.reserve(items_.size() + added);
  for (std::size_t i = 0; i < added; ++i) {
    const Item source = items_[i];
    append({source.x + 1, source.y + 1.0 / 3.0, source.z + 1.0 / 3.0});
  }
  ++index_;
}

void TupleDataset::grow_to_mb(double mb) {
  while (step().json_mb() < mb) grow();
}

// ECMAScript Number::toString(10): the shortest digits that round-trip, laid
// out in fixed notation for decimal exponents in [-6, 21), else as d.ddde±n.
std::size_t js_number_length(double value) {
  if (std::isnan(value) || std::isinf(value)) return 4;  // JSON.stringify writes null
  if (value == 0.0) return 1;                            // "0", also for -0
  char buffer[64];
  // Shortest round-trip digits in the form [-]d[.ddd]e[+-]xx.
  char* const end = shortest_scientific(buffer, buffer + sizeof buffer - 1, value);
  *end = '\0';  // to_chars does not terminate; atoi below reads up to a non-digit
  const char* p = buffer;
  std::size_t sign = 0;
  if (*p == '-') {
    sign = 1;
    ++p;
  }
  const char* e = static_cast<const char*>(std::memchr(p, 'e', static_cast<std::size_t>(end - p)));
  const std::size_t digits = static_cast<std::size_t>(e - p) - ((e - p) > 1 ? 1 : 0);  // minus the '.'
  const int exponent = std::atoi(e + 1);
  const int n = exponent + 1;  // position of the decimal point, as in the spec
  const int k = static_cast<int>(digits);
  std::size_t length;
  if (k <= n && n <= 21) {
    length = static_cast<std::size_t>(n);  // digits then zeros
  } else if (0 < n && n <= 21) {
    length = static_cast<std::size_t>(k) + 1;  // digits with a '.'
  } else if (-6 < n && n <= 0) {
    length = static_cast<std::size_t>(2 - n + k);  // "0." zeros digits
  } else {
    const int shown = std::abs(n - 1);
    const std::size_t exponent_digits = shown >= 100 ? 3 : shown >= 10 ? 2 : 1;
    length = static_cast<std::size_t>(k) + (k > 1 ? 1 : 0) + 2 + exponent_digits;  // d.ddd e± n
  }
  return sign + length;
}

std::size_t js_item_json_length(const Item& item) {
  char buffer[16];
  const auto x = std::to_chars(buffer, buffer + sizeof buffer, item.x);
  return kItemKeysBytes + static_cast<std::size_t>(x.ptr - buffer) + js_number_length(item.y) +
         js_number_length(item.z);
}

}  // namespace wcb
