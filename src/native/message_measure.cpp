#include "message_measure.h"

#include <algorithm>
#include <vector>

#include "core/clock.h"

namespace wcb {

namespace {

using messages::Kind;
using messages::Message;

// Every timed result is folded in here; a volatile store cannot be dropped,
// so neither can the work that produced the value.
volatile std::uint64_t g_message_sink = 0;

void consume(const Bytes& bytes) {
  g_message_sink = g_message_sink ^ bytes.size() ^ (bytes.empty() ? 0 : bytes.back());
}
void consume(const Message& message) { g_message_sink = g_message_sink ^ message.index(); }

// A clock that cannot see a repetition counts it as one nanosecond, as in
// message-measure.mjs, so ops/s stays finite.
constexpr double kSmallestRepMs = 1e-6;

// What runs around each repetition, outside its timing: `prepare` before it
// (filling a decode output with the sentinel state), `check` after it
// (comparing the last call's output with the sample).
template <typename Prepare, typename Check>
struct Around {
  Prepare prepare;
  Check check;
};
template <typename Prepare, typename Check>
Around(Prepare, Check) -> Around<Prepare, Check>;

// Runs `call` (which returns a Status) `calls` times between `around`'s
// prepare and check; `elapsed_ms` is the time the calls took. Stops at the
// first failure.
template <typename Call, typename Hooks>
Status repetition(Call& call, Hooks& around, std::uint64_t calls, double& elapsed_ms) {
  around.prepare();
  const double start = now_ms();
  for (std::uint64_t i = 0; i < calls; ++i) {
    if (Status status = call(); !status) return status;
  }
  elapsed_ms = now_ms() - start;
  return around.check();
}

// The protocol for one operation: callsPerRep doubles from 1 until a
// repetition takes at least min_rep_ms; each warm-up repetition doubles it
// again if it fell short (a cold first call can stop calibration early);
// then the timed repetitions. Every repetition is checked.
template <typename Call, typename Hooks>
Status measure_calls(const Protocol& protocol, Call&& call, Hooks around, OpsStats& result) {
  double elapsed_ms = 0;
  std::uint64_t calls = 1;
  while (true) {
    if (Status status = repetition(call, around, calls, elapsed_ms); !status) return status;
    if (elapsed_ms >= protocol.min_rep_ms || calls >= kMaxCallsPerRep) break;
    calls *= 2;
  }
  for (int i = 0; i < protocol.warmup; ++i) {
    if (Status status = repetition(call, around, calls, elapsed_ms); !status) return status;
    if (elapsed_ms < protocol.min_rep_ms && calls < kMaxCallsPerRep) calls *= 2;
  }
  std::vector<double> ops_per_second;
  ops_per_second.reserve(static_cast<std::size_t>(protocol.repetitions));
  for (int i = 0; i < protocol.repetitions; ++i) {
    if (Status status = repetition(call, around, calls, elapsed_ms); !status) return status;
    ops_per_second.push_back(static_cast<double>(calls) / (std::max(elapsed_ms, kSmallestRepMs) / 1000.0));
  }
  result.ops_per_sec = summarize(std::move(ops_per_second));
  result.ns_per_op = 1e9 / result.ops_per_sec.median;
  result.calls_per_rep = calls;
  return Status::success();
}

// The decoded message equals the sample of `kind`, or a failure saying which
// part differs (the message types compare whole; naming the record is
// enough to find it with the format tests).
Status compare_with_sample(const messages::MessageCodec& codec, Kind kind, const Message& decoded) {
  if (decoded.index() != static_cast<std::size_t>(kind)) {
    return Status::failure(codec.name(), std::string(messages::kind_name(kind)) +
                                             ": decoded a different record kind (" +
                                             std::string(messages::kKindNames[decoded.index()]) + ")");
  }
  if (decoded != messages::sample_message(kind)) {
    return Status::failure(
        codec.name(), std::string(messages::kind_name(kind)) + ": decoded record differs from the sample");
  }
  return Status::success();
}

MessageMeasurement failed(MessageMeasurement& measurement, std::string stage, const Status& status) {
  measurement.ok = false;
  measurement.error = stage + ": " + status.message();
  return std::move(measurement);
}

}  // namespace

Status verify_message(messages::MessageCodec& codec, Kind kind, Bytes& encoded, Message& decoded) {
  if (Status status = codec.encode(messages::sample_message(kind), encoded); !status) return status;
  if (Status status = codec.decode(kind, encoded, decoded); !status) return status;
  return compare_with_sample(codec, kind, decoded);
}

MessageMeasurement measure_message_codec(messages::MessageCodec& codec, Kind kind, const Protocol& protocol,
                                         std::optional<std::size_t> json_bytes) {
  MessageMeasurement measurement;
  measurement.codec = codec.name();
  measurement.library = codec.library_version();
  measurement.record = kind;
  measurement.json_bytes = json_bytes;

  const Message& input = messages::sample_message(kind);
  Bytes encoded;
  Message decoded = messages::empty_message(kind);  // the sentinel state, see below
  if (Status status = verify_message(codec, kind, encoded, decoded); !status) {
    return failed(measurement, "verify", status);
  }
  measurement.encoded_bytes = encoded.size();

  // Like an application sending one record after another, every call
  // reuses one output buffer or message, which keeps its capacity. Before
  // each repetition a decode output is set to the empty message of `kind`
  // (every sample differs from it), copy-assigned so that its strings and
  // vectors keep their capacity: a decoder that skipped its work would leave
  // it there, and the check after the repetition fails.
  const Message sentinel = messages::empty_message(kind);
  Bytes encode_buffer;
  Status status = measure_calls(
      protocol,
      [&] {
        Status result = codec.encode(input, encode_buffer);
        consume(encode_buffer);
        return result;
      },
      Around{[] {},
             [&] {
               return encode_buffer == encoded
                          ? Status::success()
                          : Status::failure(codec.name(),
                                            "a later encode gave different bytes than the first");
             }},
      measurement.encode);
  if (!status) return failed(measurement, "timed encode", status);

  status = measure_calls(
      protocol,
      [&] {
        Status result = codec.decode(kind, encoded, decoded);
        consume(decoded);
        return result;
      },
      Around{[&] { decoded = sentinel; }, [&] { return compare_with_sample(codec, kind, decoded); }},
      measurement.decode);
  if (!status) return failed(measurement, "timed decode", status);

  Bytes round_trip_buffer;
  Message round_trip_output = sentinel;
  status = measure_calls(
      protocol,
      [&] {
        if (Status result = codec.encode(input, round_trip_buffer); !result) return result;
        Status result = codec.decode(kind, round_trip_buffer, round_trip_output);
        consume(round_trip_output);
        return result;
      },
      Around{[&] { round_trip_output = sentinel; },
             [&] { return compare_with_sample(codec, kind, round_trip_output); }},
      measurement.round_trip);
  if (!status) return failed(measurement, "timed round trip", status);

  measurement.ok = true;
  return measurement;
}

}  // namespace wcb
