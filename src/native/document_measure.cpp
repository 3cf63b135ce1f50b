#include "document_measure.h"

#include <exception>
#include <utility>
#include <vector>

#include "core/clock.h"
#include "gzip_size.h"
#include "timing.h"

namespace wcb {

namespace {

using documents::Document;

// Every timed result is folded in here; a volatile store cannot be dropped,
// so neither can the work that produced the value.
volatile std::uint64_t g_document_sink = 0;

void consume(const Bytes& bytes) {
  g_document_sink = g_document_sink ^ bytes.size() ^ (bytes.empty() ? 0 : bytes.back());
}
void consume(const Document& document) {
  g_document_sink = g_document_sink ^ document.size() ^ static_cast<std::uint64_t>(document.type());
}

// What a decode's output holds before the decode: no data set is this bare
// string, so an output left alone fails the comparison after the decode.
// Setting it also frees the previous decode's tree outside the timer.
const Document& sentinel() {
  static const Document value = "wcb: decode output not written";
  return value;
}

DocumentMeasurement failed(DocumentMeasurement& measurement, std::string error) {
  measurement.ok = false;
  measurement.error = std::move(error);
  return std::move(measurement);
}

}  // namespace

Status check_decoded_document(const documents::DocumentCodec& codec, const Document& input,
                              const Document& decoded) {
  if (documents::same_document(input, decoded, codec.keeps_key_order())) return Status::success();
  return Status::failure(codec.name(),
                         "decoded document differs from the input at " +
                             documents::first_difference(input, decoded, codec.keeps_key_order()));
}

Status verify_document_round_trip(documents::DocumentCodec& codec, const Document& input, Bytes& encoded,
                                  Document& decoded) {
  if (Status status = codec.encode(input, encoded); !status) return status;
  decoded = sentinel();
  if (Status status = codec.decode(encoded, decoded); !status) return status;
  return check_decoded_document(codec, input, decoded);
}

DocumentMeasurement measure_document_codec(documents::DocumentCodec& codec, const std::string& dataset,
                                           const Document& input, const Protocol& protocol) {
  DocumentMeasurement measurement;
  measurement.codec = codec.name();
  measurement.library = codec.library_version();
  measurement.dataset = dataset;

  Bytes encoded;
  Document decoded;
  if (Status status = verify_document_round_trip(codec, input, encoded, decoded); !status) {
    return failed(measurement, "verify: " + status.message());
  }
  measurement.encoded_bytes = encoded.size();
  try {
    measurement.gzip_bytes = gzip_size(encoded, kGzipDefaultLevel);
    measurement.gzip9_bytes = gzip_size(encoded, kGzipBestLevel);
  } catch (const std::exception& error) {
    return failed(measurement, measurement.codec + ": " + error.what());
  }

  // Every encode reuses one output buffer, as an application encoding
  // repeatedly would; every decode writes into `decoded`, set to the
  // sentinel beforehand (untimed).
  Bytes encode_buffer;
  auto encode = [&] {
    Status result = codec.encode(input, encode_buffer);
    consume(encode_buffer);
    return result;
  };
  auto decode = [&] {
    Status result = codec.decode(encoded, decoded);
    consume(decoded);
    return result;
  };

  // The warm-up rule of every place (timing.h).
  const double warmup_start = now_ms();
  for (int i = 0; warming_up(i, protocol, warmup_start); ++i) {
    if (Status status = encode(); !status) return failed(measurement, "warm-up encode: " + status.message());
    decoded = sentinel();
    if (Status status = decode(); !status) return failed(measurement, "warm-up decode: " + status.message());
  }

  // The byte count, not the bytes: a format holding a map (protobuf's
  // Struct) may write the members of an object in another order each time.
  std::vector<double> samples;
  samples.reserve(static_cast<std::size_t>(protocol.repetitions));
  for (int i = 0; i < protocol.repetitions; ++i) {
    if (Status status = time_once(encode, samples); !status)
      return failed(measurement, stage("timed encode", i) + status.message());
    if (encode_buffer.size() != encoded.size()) {
      return failed(measurement, stage("timed encode", i) + measurement.codec + ": gave " +
                                     std::to_string(encode_buffer.size()) + " bytes, the first encode " +
                                     std::to_string(encoded.size()));
    }
  }
  measurement.encode = summarize(std::move(samples));

  samples = {};
  samples.reserve(static_cast<std::size_t>(protocol.repetitions));
  for (int i = 0; i < protocol.repetitions; ++i) {
    decoded = sentinel();
    if (Status status = time_once(decode, samples); !status)
      return failed(measurement, stage("timed decode", i) + status.message());
    if (Status status = check_decoded_document(codec, input, decoded); !status)
      return failed(measurement, stage("timed decode", i) + status.message());
  }
  measurement.decode = summarize(std::move(samples));

  measurement.ok = true;
  return measurement;
}

}  // namespace wcb
