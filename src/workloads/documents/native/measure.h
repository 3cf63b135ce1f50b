// The documents workload's protocol for one document codec on one data set,
// the tuple protocol (measure.h) with documents in place of items. What is
// timed is what the wasm codec phase does: encode from the input's tagged
// form (written once, untimed) and decode into the tagged form, streaming
// (DocumentCodec::encode_tagged / decode_tagged). Encode and decode once and
// compare the result, read back from the tagged form, with the input by deep
// equality (documents::same_document) before anything is timed; sizes; the
// same warm-up rule; then N timed encodes (each giving the same byte count)
// and N timed decodes, each read back and compared with the input after its
// timing. Before every decode the reused output is set to a sentinel outside
// the timer, so a decoder that skipped its work is caught. A codec that errors or changes
// a value is reported failed, with the path of the first difference, and is
// never timed.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "native/stats.h"
#include "native/timing.h"
#include "workloads/documents/document_codec.h"
#include "workloads/documents/tagged.h"

namespace wcb {

struct DocumentMeasurement {
  std::string codec;
  std::string library;
  std::string dataset;  // the manifest's id
  bool ok = false;
  std::string error;  // set when !ok, names the codec
  std::size_t encoded_bytes = 0;
  std::size_t gzip_bytes = 0;   // zlib level 6
  std::size_t gzip9_bytes = 0;  // zlib level 9
  Stats encode;
  Stats decode;
};

// `decoded` against `input` (object key order only when the codec keeps
// it); the failure names the codec and the first difference.
Status check_decoded_document(const documents::DocumentCodec& codec, const documents::Document& input,
                              const documents::Document& decoded);

// Encodes `input_tagged` (the tagged form of `input`) into `encoded`, sets
// `tagged` to the sentinel, decodes into it, reads it into `decoded` and
// compares that with `input`.
Status verify_document_round_trip(documents::DocumentCodec& codec, const documents::Document& input,
                                  std::span<const std::uint8_t> input_tagged, Bytes& encoded,
                                  documents::TaggedBytes& tagged, documents::Document& decoded);

DocumentMeasurement measure_document_codec(documents::DocumentCodec& codec, const std::string& dataset,
                                           const documents::Document& input, const Protocol& protocol);

}  // namespace wcb
