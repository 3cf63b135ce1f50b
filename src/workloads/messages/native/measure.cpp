#include "workloads/messages/native/measure.h"

namespace wcb {

namespace {

using messages::Kind;
using messages::Message;

void consume(const Message& message) { wcb::consume(message.index()); }

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
    return failed(measurement, "verify: " + status.message());
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
        consume_bytes(encode_buffer);
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
  if (!status) return failed(measurement, "timed encode: " + status.message());

  status = measure_calls(
      protocol,
      [&] {
        Status result = codec.decode(kind, encoded, decoded);
        consume(decoded);
        return result;
      },
      Around{[&] { decoded = sentinel; }, [&] { return compare_with_sample(codec, kind, decoded); }},
      measurement.decode);
  if (!status) return failed(measurement, "timed decode: " + status.message());

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
  if (!status) return failed(measurement, "timed round trip: " + status.message());

  measurement.ok = true;
  return measurement;
}

}  // namespace wcb
