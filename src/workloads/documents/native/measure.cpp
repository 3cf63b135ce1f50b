#include "workloads/documents/native/measure.h"

#include <exception>
#include <utility>
#include <vector>

#include "core/clock.h"
#include "native/gzip_size.h"

namespace wcb {

namespace {

using documents::Document;
using documents::TaggedBytes;

// What a decode's output holds before the decode: an unknown tag, so an
// output left alone fails the check after the decode.
void set_sentinel(TaggedBytes& tagged) { tagged.assign(1, 0xff); }

}  // namespace

Status check_decoded_document(const documents::DocumentCodec& codec, const Document& input,
                              const Document& decoded) {
  if (documents::same_document(input, decoded, codec.keeps_key_order())) return Status::success();
  return Status::failure(codec.name(),
                         "decoded document differs from the input at " +
                             documents::first_difference(input, decoded, codec.keeps_key_order()));
}

Status check_decoded_tagged(const documents::DocumentCodec& codec, const Document& input,
                            const TaggedBytes& tagged, Document& scratch) {
  try {
    documents::read_tagged(tagged, scratch);
  } catch (const std::exception& error) {
    return Status::failure(codec.name(), std::string("decoded tagged form unreadable: ") + error.what());
  }
  return check_decoded_document(codec, input, scratch);
}

Status verify_document_round_trip(documents::DocumentCodec& codec, const Document& input,
                                  std::span<const std::uint8_t> input_tagged, Bytes& encoded,
                                  TaggedBytes& tagged, Document& decoded) {
  if (Status status = codec.encode_tagged(input_tagged, encoded); !status) return status;
  set_sentinel(tagged);
  if (Status status = codec.decode_tagged(encoded, tagged); !status) return status;
  return check_decoded_tagged(codec, input, tagged, decoded);
}

DocumentMeasurement measure_document_codec(documents::DocumentCodec& codec, const std::string& dataset,
                                           const Document& input, const Protocol& protocol) {
  DocumentMeasurement measurement;
  measurement.codec = codec.name();
  measurement.library = codec.library_version();
  measurement.dataset = dataset;

  // The input as JS hands it to the codec phase (untimed, once).
  Bytes input_tagged;
  try {
    documents::write_tagged(input, input_tagged);
  } catch (const std::exception& error) {
    return failed(measurement, "verify: " + measurement.codec + ": the input's tagged form: " + error.what());
  }
  Bytes encoded;
  // Grown without zeroing (tagged_bytes.h), as the wasm and addon outputs.
  TaggedBytes tagged;
  Document decoded;
  if (Status status = verify_document_round_trip(codec, input, input_tagged, encoded, tagged, decoded);
      !status) {
    return failed(measurement, "verify: " + status.message());
  }
  measurement.encoded_bytes = encoded.size();
  try {
    measurement.gzip_bytes = gzip_size(encoded, kGzipDefaultLevel);
    measurement.gzip9_bytes = gzip_size(encoded, kGzipBestLevel);
  } catch (const std::exception& error) {
    return failed(measurement, measurement.codec + ": " + error.what());
  }

  // What the wasm codec phase does: the tagged form to the format and back.
  // Every encode reuses one output buffer, as an application encoding
  // repeatedly would; every decode writes into `tagged`, set to the sentinel
  // beforehand (untimed), and is read back and compared after its timing.
  Bytes encode_buffer;
  auto encode = [&] {
    Status result = codec.encode_tagged(input_tagged, encode_buffer);
    consume_bytes(encode_buffer);
    return result;
  };
  auto decode = [&] {
    Status result = codec.decode_tagged(encoded, tagged);
    consume_bytes(tagged);
    return result;
  };

  // The byte count, not the bytes: a format holding a map (protobuf's
  // Struct) may write the members of an object in another order each time.
  std::string error = time_encode_decode(
      protocol, encode,
      [&] {
        return encode_buffer.size() == encoded.size()
                   ? Status::success()
                   : Status::failure(codec.name(), "gave " + std::to_string(encode_buffer.size()) +
                                                       " bytes, the first encode " +
                                                       std::to_string(encoded.size()));
      },
      [&] { set_sentinel(tagged); }, decode,
      [&] { return check_decoded_tagged(codec, input, tagged, decoded); }, measurement.encode,
      measurement.decode);
  if (!error.empty()) return failed(measurement, std::move(error));

  measurement.ok = true;
  return measurement;
}

}  // namespace wcb
