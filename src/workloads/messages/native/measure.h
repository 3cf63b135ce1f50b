// The messages workload's protocol for one message codec on one record (the
// messages spec, "Measurement", the same as src/workloads/messages/measure.mjs):
// verify a round trip outside timing, then for encode, decode and round trip
// (encode + decode) each: calibrate the calls per repetition so that one
// repetition takes at least min_rep_ms, run `warmup` untimed repetitions and
// `repetitions` timed ones, and report operations per second. Every
// repetition's last output is checked after it, and a decode output is set to
// a sentinel state (the empty message) before it, outside the timing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "native/per_call.h"
#include "workloads/messages/codec.h"

namespace wcb {

struct MessageMeasurement {
  std::string codec;
  std::string library;
  messages::Kind record = messages::Kind::Bool;
  bool ok = false;
  std::string error;  // set when !ok, names the codec
  std::size_t encoded_bytes = 0;
  std::optional<std::size_t> json_bytes;  // the record's JSON text, when known
  OpsStats encode;
  OpsStats decode;
  OpsStats round_trip;
};

// Encodes sample_message(kind), decodes it back and compares with the
// sample. The failure names the codec and the first thing that differs.
Status verify_message(messages::MessageCodec& codec, messages::Kind kind, Bytes& encoded,
                      messages::Message& decoded);

// `json_bytes`: the size of the record's JSON text (the json codec's
// encoding, byte-identical to JSON.stringify), copied into the result.
MessageMeasurement measure_message_codec(messages::MessageCodec& codec, messages::Kind kind,
                                         const Protocol& protocol, std::optional<std::size_t> json_bytes);

}  // namespace wcb
