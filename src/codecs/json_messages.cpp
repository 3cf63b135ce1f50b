// `json` for the messages workload. The text of a record is exactly what
// JSON.stringify writes for the JS record of src/harness/messages.mjs (with
// Uint8Array replaced by its base64 string): keys in the JS order, numbers
// in JS's shortest round-trip form, strings escaped as JSON.stringify does,
// the timestamp as Date.prototype.toJSON writes it
// ("2026-11-30T12:34:56.789Z"), binary as padded base64. The native tests
// compare the text with JSON.stringify's, byte for byte.
//
// The writer is this file's own, laid out as JSON.stringify lays it out
// (nlohmann's serializer writes 3.0 as "3.0" and 1e-7 as "1e-07", JS "3"
// and "1e-7"), but its numbers are nlohmann's Grisu2 digits, the ones dump()
// prints.
//
// Decode streams through nlohmann's SAX parser (it checks the JSON syntax,
// UTF-8 and \u escapes) into a handler that follows the record's schema
// (message_schema.h): every key must be one of the record's, exactly once,
// with a value of the field's type. Containers are only accepted where the
// schema has one, so nesting can never get deeper than the record's.
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "codecs/message_codecs.h"
#include "codecs/message_schema.h"

namespace wcb {

namespace {

using namespace messages;
using schema::Field;
using schema::Type;

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
Decimal shortest_decimal(double value) {
  Decimal decimal;
  int decimal_exponent = 0;  // value = digits x 10^decimal_exponent
  nlohmann::detail::dtoa_impl::grisu2(decimal.digits, decimal.count, decimal_exponent, value);
  decimal.exponent = decimal.count + decimal_exponent;
  return decimal;
}

// Number::toString(value) of ECMAScript for a finite double.
void append_number(Bytes& out, double value) {
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

void append_bool(Bytes& out, bool value) {
  const std::string_view text = value ? "true" : "false";
  out.insert(out.end(), text.begin(), text.end());
}

void append_int(Bytes& out, std::int32_t value) {
  char text[16];
  const int length = std::snprintf(text, sizeof text, "%d", value);
  out.insert(out.end(), text, text + length);
}

// --- timestamps as Date.prototype.toJSON writes them ---

constexpr std::int64_t kMsPerDay = 86'400'000;
// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the years of four
// digits. Date.toJSON writes others as "+010000-..." or "-000001-...",
// which this codec does not support.
constexpr std::int64_t kFirstMs = -62'167'219'200'000;
constexpr std::int64_t kLastMs = 253'402'300'799'999;

void append_digits(Bytes& out, unsigned value, int width) {
  char text[8];
  for (int i = width - 1; i >= 0; --i, value /= 10) text[i] = static_cast<char>('0' + value % 10);
  out.insert(out.end(), text, text + width);
}

void append_timestamp(Bytes& out, Timestamp timestamp) {
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
bool parse_timestamp(std::string_view text, Timestamp& timestamp) {
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

// --- base64 (RFC 4648, with padding) ---

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void append_base64(Bytes& out, std::span<const std::uint8_t> data) {
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

int base64_value(char c) {
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
bool decode_base64(std::string_view text, std::vector<std::uint8_t>& data, std::string& problem) {
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

// --- strings as JSON.stringify escapes them ---

void append_string(Bytes& out, std::string_view text) {
  if (!valid_utf8(text)) throw std::invalid_argument("a string that is not valid UTF-8");
  out.push_back('"');
  std::size_t plain = 0;  // start of the run of bytes copied as they are
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.insert(out.end(), text.begin() + static_cast<std::ptrdiff_t>(plain),
               text.begin() + static_cast<std::ptrdiff_t>(i));
    plain = i + 1;
    char escape[8];
    int length = 2;
    escape[0] = '\\';
    switch (c) {
      case '"':
        escape[1] = '"';
        break;
      case '\\':
        escape[1] = '\\';
        break;
      case '\b':
        escape[1] = 'b';
        break;
      case '\f':
        escape[1] = 'f';
        break;
      case '\n':
        escape[1] = 'n';
        break;
      case '\r':
        escape[1] = 'r';
        break;
      case '\t':
        escape[1] = 't';
        break;
      default:
        length = std::snprintf(escape, sizeof escape, "\\u%04x", c);
    }
    out.insert(out.end(), escape, escape + length);
  }
  out.insert(out.end(), text.begin() + static_cast<std::ptrdiff_t>(plain), text.end());
  out.push_back('"');
}

// --- encoder ---

// A problem with one field; the path ("tags[1]") is added as it unwinds.
class FieldError : public std::invalid_argument {
 public:
  FieldError(std::string path, const std::string& problem)
      : std::invalid_argument(problem), path(std::move(path)) {}
  std::string path;
};

void append_double(Bytes& out, double value) {
  if (!std::isfinite(value)) throw std::invalid_argument("NaN or infinity, which JSON cannot carry");
  append_number(out, value);
}

void append_object(Bytes& out, std::span<const Field> fields, const void* object);

void append_value(Bytes& out, const Field& field, const void* object) {
  const void* member = field.member(const_cast<void*>(object));
  switch (field.type) {
    case Type::kBool:
      append_bool(out, *static_cast<const bool*>(member));
      break;
    case Type::kInt32:
      append_int(out, *static_cast<const std::int32_t*>(member));
      break;
    case Type::kDouble:
      append_double(out, *static_cast<const double*>(member));
      break;
    case Type::kFloat:
      append_double(out, *static_cast<const float*>(member));
      break;
    case Type::kString:
      append_string(out, *static_cast<const std::string*>(member));
      break;
    case Type::kTimestamp:
      append_timestamp(out, *static_cast<const Timestamp*>(member));
      break;
    case Type::kBinary:
      append_base64(out, *static_cast<const std::vector<std::uint8_t>*>(member));
      break;
    case Type::kInt32Array: {
      const auto& values = *static_cast<const std::vector<std::int32_t>*>(member);
      out.push_back('[');
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out.push_back(',');
        append_int(out, values[i]);
      }
      out.push_back(']');
      break;
    }
    case Type::kScalarArray: {
      const auto& values = *static_cast<const std::vector<Scalar>*>(member);
      out.push_back('[');
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out.push_back(',');
        try {
          std::visit(
              [&](const auto& value) {
                using T = std::decay_t<decltype(value)>;
                if constexpr (std::is_same_v<T, bool>) {
                  append_bool(out, value);
                } else if constexpr (std::is_same_v<T, std::int32_t>) {
                  append_int(out, value);
                } else if constexpr (std::is_same_v<T, double>) {
                  append_double(out, value);
                } else {
                  append_string(out, value);
                }
              },
              values[i]);
        } catch (const std::invalid_argument& error) {
          throw FieldError("[" + std::to_string(i) + "]", error.what());
        }
      }
      out.push_back(']');
      break;
    }
    case Type::kObject:
      append_object(out, field.fields, member);
      break;
    case Type::kScalar:  // only an array element, never a field
      break;
  }
}

void append_object(Bytes& out, std::span<const Field> fields, const void* object) {
  out.push_back('{');
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const Field& field = fields[i];
    if (i > 0) out.push_back(',');
    out.push_back('"');
    out.insert(out.end(), field.name.begin(), field.name.end());
    out.push_back('"');
    out.push_back(':');
    try {
      append_value(out, field, object);
    } catch (FieldError& error) {
      error.path = std::string(field.name) + (error.path.starts_with('[') ? "" : ".") + error.path;
      throw;
    } catch (const std::invalid_argument& error) {
      throw FieldError(std::string(field.name), error.what());
    }
  }
  out.push_back('}');
}

// --- decoder ---

using Json = nlohmann::json;

// nlohmann's SAX events, passed on to the record's builder. The timestamp
// and binary fields arrive as strings and are converted here.
class RecordReader {
 public:
  RecordReader(std::span<const Field> fields, void* record)
      : builder(fields, record, "an ISO 8601 timestamp string", "a base64 string") {}

  schema::RecordBuilder builder;

  bool null() { return builder.unexpected("null"); }
  bool boolean(bool value) { return builder.boolean(value); }
  bool number_integer(std::int64_t value) {
    const bool in_int32 = value >= std::numeric_limits<std::int32_t>::min() &&
                          value <= std::numeric_limits<std::int32_t>::max();
    return builder.number(static_cast<double>(value), in_int32, [value] { return std::to_string(value); });
  }
  bool number_unsigned(std::uint64_t value) {
    const bool in_int32 = value <= static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
    return builder.number(static_cast<double>(value), in_int32, [value] { return std::to_string(value); });
  }
  bool number_float(double value, const std::string& text) {
    return builder.number(value, schema::integral_int32(value), [&text] { return text; });
  }

  bool string(std::string& value) {
    switch (builder.next_type()) {
      case Type::kTimestamp: {
        Timestamp timestamp;
        if (!parse_timestamp(value, timestamp)) {
          return builder.fail_here(
              "expected an ISO 8601 timestamp string (YYYY-MM-DDTHH:MM:SS.mmmZ), got \"" + value + "\"");
        }
        return builder.timestamp(timestamp);
      }
      case Type::kBinary:
        return builder.binary([&](std::vector<std::uint8_t>& data, std::string& problem) {
          return decode_base64(value, data, problem);
        });
      default:
        return builder.string(value);
    }
  }

  bool binary(Json::binary_t&) { return builder.unexpected("binary data"); }
  bool start_object(std::size_t) { return builder.start_object(); }
  bool key(std::string& name) { return builder.key(name); }
  bool end_object() { return builder.end_object(); }
  // JSON does not announce an array's length.
  bool start_array(std::size_t) { return builder.start_array(0, 0); }
  bool end_array() { return builder.end_array(); }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& problem) {
    // what() reads "[json.exception.parse_error.101] parse error at ..."; the
    // bracketed id means nothing to a reader.
    std::string message = problem.what();
    if (const auto end = message.find("] "); message.starts_with('[') && end != std::string::npos) {
      message.erase(0, end + 2);
    }
    return builder.fail(message);
  }
};

class JsonMessageCodec final : public MessageCodec {
 public:
  std::string_view name() const override { return "json"; }
  std::string library_version() const override {
    return "nlohmann_json " + std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
           std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_PATCH);
  }

 protected:
  void do_encode(const Message& message, Bytes& out) override {
    out.clear();
    try {
      append_object(out, schema::fields_of(kind_of(message)), schema::object_of(message));
    } catch (const FieldError& error) {
      throw std::invalid_argument(std::string(kind_name(kind_of(message))) + ": field \"" + error.path +
                                  "\": " + error.what());
    }
  }

  void do_decode(Kind kind, std::span<const std::uint8_t> bytes, Message& out) override {
    if (kind_of(out) != kind) out = empty_message(kind);
    RecordReader reader(schema::fields_of(kind), schema::object_of(out));
    const bool ok =
        Json::sax_parse(bytes.begin(), bytes.end(), &reader, nlohmann::detail::input_format_t::json,
                        /*strict=*/true, /*ignore_comments=*/false);
    if (!ok || !reader.builder.done()) {
      throw DecodeError(std::string(kind_name(kind)) + ": " +
                        (reader.builder.error.empty() ? std::string("invalid JSON") : reader.builder.error));
    }
  }
};

}  // namespace

std::unique_ptr<MessageCodec> make_json_message_codec() { return std::make_unique<JsonMessageCodec>(); }

}  // namespace wcb
