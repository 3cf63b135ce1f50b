// The measurement protocol (docs/design.md#protocol) for one codec on one payload: verify a
// round trip outside the timed region, then warm up and time N encodes and
// N decodes. A codec that errors or disagrees with the input is reported as
// failed and never timed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "core/codec.h"
#include "core/item.h"
#include "stats.h"

namespace wcb {

struct Protocol {
  int warmup = 2;
  int repetitions = 7;
  // messages workload only: calls per repetition double until one
  // repetition takes at least this long (message_measure.h).
  double min_rep_ms = 20.0;
};

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

// Encodes `payload` into `encoded`, decodes that into `decoded` and checks
// count and checksum against the payload. The failure names the codec.
Status verify_round_trip(Codec& codec, const Payload& payload, Bytes& encoded, Items& decoded);

CodecMeasurement measure_codec(Codec& codec, const Payload& payload, const Protocol& protocol);

// Peak resident set size of this process (getrusage), in bytes.
std::uint64_t peak_rss_bytes();

// Smallest step of wcb::now_ms() observed, in milliseconds.
double timer_resolution_ms();

}  // namespace wcb
