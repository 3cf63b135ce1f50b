// The measurement protocol (docs/design.md#protocol) for one codec on one payload, the
// same as src/harness/payload-measure.mjs: verify a round trip outside the timed
// region, warm up, then time N encodes and N decodes, each decode verified
// after its timing. Every decode writes into output filled with the sentinel
// (core/sentinel.h) beforehand, outside the timer. A codec that errors or
// disagrees with the input is reported as failed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "core/codec.h"
#include "core/item.h"
#include "native/stats.h"
#include "native/timing.h"

namespace wcb {

// The payload every codec of one size step is measured on.
struct Payload {
  std::span<const Item> items;
  std::uint32_t checksum = 0;  // wcb::checksum(items)
};

struct CodecMeasurement {
  std::string codec;
  std::string library;
  bool ok = false;
  std::string error;  // set when !ok, names the codec
  std::size_t encoded_bytes = 0;
  std::size_t gzip_bytes = 0;
  Stats encode;
  Stats decode;
  std::uint64_t peak_rss_bytes = 0;  // of the whole process so far
};

// Encodes `payload` into `encoded`, fills `decoded` with the sentinel,
// decodes into it and checks count and checksum against the payload. The
// failure names the codec.
Status verify_round_trip(Codec& codec, const Payload& payload, Bytes& encoded, Items& decoded);

// Count and checksum of `decoded` against the payload; the failure names the
// codec and says what differs.
Status check_decoded(const Codec& codec, const Payload& payload, std::span<const Item> decoded);

CodecMeasurement measure_codec(Codec& codec, const Payload& payload, const Protocol& protocol);

}  // namespace wcb
