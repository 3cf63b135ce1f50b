#include "measure.h"

#include <sys/resource.h>

#include <exception>
#include <limits>
#include <vector>

#include "core/checksum.h"
#include "core/clock.h"
#include "gzip_size.h"

namespace wcb {

namespace {

// Every timed result is folded in here; a volatile store cannot be dropped,
// so neither can the work that produced the value.
volatile std::uint64_t g_sink = 0;

void consume(std::uint64_t value) { g_sink = g_sink ^ value; }

void consume(const Bytes& bytes) { consume(bytes.size() ^ (bytes.empty() ? 0 : bytes.back())); }

void consume(const Items& items) {
  consume(items.size() ^ (items.empty() ? 0 : static_cast<std::uint32_t>(items.back().x)));
}

CodecMeasurement failed(CodecMeasurement& measurement, std::string error) {
  measurement.ok = false;
  measurement.error = std::move(error);
  measurement.peak_rss_bytes = peak_rss_bytes();
  return std::move(measurement);
}

// Runs `operation` `warmup` times untimed, then `repetitions` times timed.
// Returns the failure of the first run that fails, if any.
template <typename Operation>
Status time_operation(const Protocol& protocol, Operation&& operation, std::vector<double>& samples) {
  for (int i = 0; i < protocol.warmup; ++i) {
    if (Status status = operation(); !status) return status;
  }
  samples.clear();
  samples.reserve(static_cast<std::size_t>(protocol.repetitions));
  for (int i = 0; i < protocol.repetitions; ++i) {
    const double start = now_ms();
    Status status = operation();
    const double elapsed = now_ms() - start;
    if (!status) return status;
    samples.push_back(elapsed);
  }
  return Status::success();
}

}  // namespace

Status verify_round_trip(Codec& codec, const Payload& payload, Bytes& encoded, Items& decoded) {
  if (Status status = codec.encode(payload.items, encoded); !status) return status;
  if (Status status = codec.decode(encoded, decoded); !status) return status;
  if (decoded.size() != payload.items.size()) {
    return Status::failure(codec.name(), "decoded " + std::to_string(decoded.size()) + " items, expected " +
                                             std::to_string(payload.items.size()));
  }
  const std::uint32_t actual = checksum(decoded);
  if (actual != payload.checksum) {
    return Status::failure(codec.name(), "decoded items differ from the input (checksum " +
                                             std::to_string(actual) + ", expected " +
                                             std::to_string(payload.checksum) + ")");
  }
  return Status::success();
}

CodecMeasurement measure_codec(Codec& codec, const Payload& payload, const Protocol& protocol) {
  CodecMeasurement measurement;
  measurement.codec = codec.name();
  measurement.library = codec.library_version();

  Bytes encoded;
  Items decoded;
  if (Status status = verify_round_trip(codec, payload, encoded, decoded); !status) {
    return failed(measurement, status.message());
  }
  measurement.encoded_bytes = encoded.size();
  try {
    measurement.gzip_bytes = gzip_size(encoded);
  } catch (const std::exception& error) {
    return failed(measurement, measurement.codec + ": " + error.what());
  }

  // Like an application encoding repeatedly, every encode reuses one output
  // buffer and every decode the items vector of the verification run; the
  // warm-up runs leave both at full capacity.
  Bytes encode_buffer;
  std::vector<double> samples;
  Status status = time_operation(
      protocol,
      [&] {
        Status result = codec.encode(payload.items, encode_buffer);
        consume(encode_buffer);
        return result;
      },
      samples);
  if (!status) return failed(measurement, status.message());
  measurement.encode = summarize(samples);

  status = time_operation(
      protocol,
      [&] {
        Status result = codec.decode(encoded, decoded);
        consume(decoded);
        return result;
      },
      samples);
  if (!status) return failed(measurement, status.message());
  measurement.decode = summarize(samples);

  measurement.ok = true;
  measurement.peak_rss_bytes = peak_rss_bytes();
  return measurement;
}

std::uint64_t peak_rss_bytes() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024u;  // Linux reports KiB
}

double timer_resolution_ms() {
  double smallest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 100; ++i) {
    const double start = now_ms();
    double next = now_ms();
    while (next == start) next = now_ms();
    if (next - start < smallest) smallest = next - start;
  }
  return smallest;
}

}  // namespace wcb
