#include "console_table.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>

namespace wcb {

namespace {

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// 1234567 -> "1,234,567"
std::string with_thousands(std::uint64_t value) {
  std::string digits = std::to_string(value);
  std::string grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

// Throughput counts the payload's JSON size for every codec, so a faster
// column is faster at moving the same data, whatever the encoded size.
std::string megabytes_per_second(const GrowthStep& step, double milliseconds) {
  if (milliseconds <= 0) return "-";
  const double value = step.json_mb() / (milliseconds / 1000.0);
  return value >= 100 ? with_thousands(static_cast<std::uint64_t>(value + 0.5)) : format("%.1f", value);
}

std::string milliseconds_text(double milliseconds) {
  // Four decimals below 0.1 ms: the small payloads of the memcpy floor take microseconds.
  return format(milliseconds >= 100   ? "%.1f"
                : milliseconds >= 1   ? "%.2f"
                : milliseconds >= 0.1 ? "%.3f"
                                      : "%.4f",
                milliseconds);
}

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

// 1234567.8 ops/s -> "1,234,568"; below 100 one decimal.
std::string ops_text(double ops_per_second) {
  return ops_per_second >= 100 ? with_thousands(static_cast<std::uint64_t>(ops_per_second + 0.5))
                               : format("%.1f", ops_per_second);
}

std::string ns_text(double nanoseconds) { return format(nanoseconds >= 100 ? "%.0f" : "%.1f", nanoseconds); }

std::string step_title(const GrowthStep& step) {
  return "step " + std::to_string(step.index) + ", " + with_thousands(step.count) + " items, " +
         format("%.2f", step.json_mb()) + " MB of JSON";
}

}  // namespace

void print_progress(std::ostream& out, const GrowthStep& step, const CodecMeasurement& measurement) {
  out << "[" << step_title(step) << "] " << measurement.codec << ": ";
  if (measurement.ok) {
    out << "encode " << milliseconds_text(measurement.encode.median) << " ms, decode "
        << milliseconds_text(measurement.decode.median) << " ms (medians of " << measurement.encode.n
        << ")\n";
  } else {
    out << "FAILED, " << measurement.error << '\n';
  }
  out.flush();
}

void print_step_table(std::ostream& out, const GrowthStep& step,
                      std::span<const CodecMeasurement> measurements) {
  std::size_t codec_width = std::string_view("codec").size();
  std::size_t library_width = std::string_view("library").size();
  for (const CodecMeasurement& m : measurements) {
    codec_width = std::max(codec_width, m.codec.size());
    library_width = std::max(library_width, m.library.size());
  }
  constexpr std::size_t kNumberWidth = 11;
  constexpr std::string_view kNumberHeaders[] = {"encode ms", "decode ms", "enc MB/s", "dec MB/s",
                                                 "encoded B", "gzip B",    "vs JSON"};

  out << "\n" << step_title(step) << " (times are medians; MB/s = JSON MB / second)\n";
  std::string header;
  pad_right(header, "codec", codec_width);
  pad_right(header, "library", library_width);
  for (std::string_view title : kNumberHeaders) pad_left(header, title, kNumberWidth);
  trim_right(header);
  out << header << '\n';

  for (const CodecMeasurement& m : measurements) {
    std::string line;
    pad_right(line, m.codec, codec_width);
    pad_right(line, m.library, library_width);
    if (m.ok) {
      const double size_ratio = static_cast<double>(m.encoded_bytes) / static_cast<double>(step.json_bytes);
      pad_left(line, milliseconds_text(m.encode.median), kNumberWidth);
      pad_left(line, milliseconds_text(m.decode.median), kNumberWidth);
      pad_left(line, megabytes_per_second(step, m.encode.median), kNumberWidth);
      pad_left(line, megabytes_per_second(step, m.decode.median), kNumberWidth);
      pad_left(line, with_thousands(m.encoded_bytes), kNumberWidth);
      pad_left(line, with_thousands(m.gzip_bytes), kNumberWidth);
      pad_left(line, format("%.1f%%", size_ratio * 100.0), kNumberWidth);
    } else {
      line += "failed: " + m.error;
    }
    trim_right(line);
    out << line << '\n';
  }
  out.flush();
}

void print_message_progress(std::ostream& out, const MessageMeasurement& measurement) {
  out << "[" << messages::kind_name(measurement.record) << "] " << measurement.codec << ": ";
  if (measurement.ok) {
    out << "encode " << ops_text(measurement.encode.ops_per_sec.median) << " ops/s, decode "
        << ops_text(measurement.decode.ops_per_sec.median) << " ops/s, round trip "
        << ops_text(measurement.round_trip.ops_per_sec.median) << " ops/s (medians of "
        << measurement.encode.ops_per_sec.n << ")\n";
  } else {
    out << "FAILED, " << measurement.error << '\n';
  }
  out.flush();
}

void print_message_table(std::ostream& out, std::span<const MessageMeasurement> measurements) {
  std::size_t record_width = std::string_view("record").size();
  std::size_t codec_width = std::string_view("codec").size();
  for (const MessageMeasurement& m : measurements) {
    record_width = std::max(record_width, messages::kind_name(m.record).size());
    codec_width = std::max(codec_width, m.codec.size());
  }
  constexpr std::size_t kNumberWidth = 11;
  constexpr std::string_view kNumberHeaders[] = {"encoded B", "enc ops/s", "dec ops/s", "rt ops/s",
                                                 "enc ns/op", "dec ns/op", "rt ns/op"};

  out << "\nmessages (medians; rt = round trip, encode + decode)\n";
  std::string header;
  pad_right(header, "record", record_width);
  pad_right(header, "codec", codec_width);
  for (std::string_view title : kNumberHeaders) pad_left(header, title, kNumberWidth);
  trim_right(header);
  out << header << '\n';

  for (const MessageMeasurement& m : measurements) {
    std::string line;
    pad_right(line, messages::kind_name(m.record), record_width);
    pad_right(line, m.codec, codec_width);
    if (m.ok) {
      pad_left(line, with_thousands(m.encoded_bytes), kNumberWidth);
      pad_left(line, ops_text(m.encode.ops_per_sec.median), kNumberWidth);
      pad_left(line, ops_text(m.decode.ops_per_sec.median), kNumberWidth);
      pad_left(line, ops_text(m.round_trip.ops_per_sec.median), kNumberWidth);
      pad_left(line, ns_text(m.encode.ns_per_op), kNumberWidth);
      pad_left(line, ns_text(m.decode.ns_per_op), kNumberWidth);
      pad_left(line, ns_text(m.round_trip.ns_per_op), kNumberWidth);
    } else {
      line += "failed: " + m.error;
    }
    trim_right(line);
    out << line << '\n';
  }
  out.flush();
}

void print_document_progress(std::ostream& out, const DocumentMeasurement& measurement) {
  out << "[" << measurement.dataset << "] " << measurement.codec << ": ";
  if (measurement.ok) {
    out << "encode " << milliseconds_text(measurement.encode.median) << " ms, decode "
        << milliseconds_text(measurement.decode.median) << " ms (medians of " << measurement.encode.n
        << ")\n";
  } else {
    out << "FAILED, " << measurement.error << '\n';
  }
  out.flush();
}

void print_document_table(std::ostream& out, const DocumentDatasetEntry& dataset,
                          std::span<const DocumentMeasurement> measurements) {
  std::size_t codec_width = std::string_view("codec").size();
  for (const DocumentMeasurement& m : measurements) codec_width = std::max(codec_width, m.codec.size());
  constexpr std::size_t kNumberWidth = 11;
  constexpr std::string_view kNumberHeaders[] = {"encode ms", "decode ms", "bytes", "gzip -9 B"};

  out << "\n" << dataset.id;
  if (dataset.user)
    out << " (your file, " << with_thousands(dataset.file_bytes) << " bytes, document checksum "
        << checksum_text(dataset.checksum) << ")";
  out << ", " << with_thousands(dataset.json_bytes) << " bytes of JSON (times are medians)\n";
  std::string header;
  pad_right(header, "codec", codec_width);
  for (std::string_view title : kNumberHeaders) pad_left(header, title, kNumberWidth);
  trim_right(header);
  out << header << '\n';

  for (const DocumentMeasurement& m : measurements) {
    std::string line;
    pad_right(line, m.codec, codec_width);
    if (m.ok) {
      pad_left(line, milliseconds_text(m.encode.median), kNumberWidth);
      pad_left(line, milliseconds_text(m.decode.median), kNumberWidth);
      pad_left(line, with_thousands(m.encoded_bytes), kNumberWidth);
      pad_left(line, with_thousands(m.gzip9_bytes), kNumberWidth);
    } else {
      line += "failed: " + m.error;
    }
    trim_right(line);
    out << line << '\n';
  }
  out.flush();
}

}  // namespace wcb
