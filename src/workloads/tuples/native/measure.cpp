#include "workloads/tuples/native/measure.h"

#include <exception>
#include <string>
#include <vector>

#include "core/clock.h"
#include "native/gzip_size.h"
#include "workloads/tuples/item_checksum.h"
#include "workloads/tuples/item_sentinel.h"

namespace wcb {

namespace {

void consume(const Items& items) {
  wcb::consume(items.size() ^ (items.empty() ? 0 : static_cast<std::uint32_t>(items.back().x)));
}

CodecMeasurement failed_at_peak(CodecMeasurement& measurement, std::string error) {
  measurement.peak_rss_bytes = peak_rss_bytes();
  return failed(measurement, std::move(error));
}

}  // namespace

Status check_decoded(const Codec& codec, const Payload& payload, std::span<const Item> decoded) {
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

Status verify_round_trip(Codec& codec, const Payload& payload, Bytes& encoded, Items& decoded) {
  if (Status status = codec.encode(payload.items, encoded); !status) return status;
  poison(decoded, payload.items.size());
  if (Status status = codec.decode(encoded, decoded); !status) return status;
  return check_decoded(codec, payload, decoded);
}

CodecMeasurement measure_codec(Codec& codec, const Payload& payload, const Protocol& protocol) {
  CodecMeasurement measurement;
  measurement.codec = codec.name();
  measurement.library = codec.library_version();

  Bytes encoded;
  Items decoded;
  if (Status status = verify_round_trip(codec, payload, encoded, decoded); !status) {
    return failed_at_peak(measurement, "verify: " + status.message());
  }
  measurement.encoded_bytes = encoded.size();
  try {
    measurement.gzip_bytes = gzip_size(encoded);
  } catch (const std::exception& error) {
    return failed_at_peak(measurement, measurement.codec + ": " + error.what());
  }

  // Like an application encoding repeatedly, every encode reuses one output
  // buffer and every decode the items vector of the verification run; the
  // warm-up runs leave both at full capacity. Before each decode that vector
  // is filled with the sentinel (untimed), so only a decoder that writes
  // every item passes the check after it.
  Bytes encode_buffer;
  auto encode = [&] {
    Status result = codec.encode(payload.items, encode_buffer);
    consume_bytes(encode_buffer);
    return result;
  };
  auto decode = [&] {
    Status result = codec.decode(encoded, decoded);
    consume(decoded);
    return result;
  };

  std::string error = time_encode_decode(
      protocol, encode,
      [&] {
        return encode_buffer == encoded
                   ? Status::success()
                   : Status::failure(codec.name(), "gave other bytes than the first encode");
      },
      [&] { poison(decoded); }, decode, [&] { return check_decoded(codec, payload, decoded); },
      measurement.encode, measurement.decode);
  if (!error.empty()) return failed_at_peak(measurement, std::move(error));

  measurement.ok = true;
  measurement.peak_rss_bytes = peak_rss_bytes();
  return measurement;
}

}  // namespace wcb
