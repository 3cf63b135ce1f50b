// libFuzzer target of one document codec's decoder (the documents
// workload), linked once per codec with a registry holding that codec alone
// (core/registry.h), built with -fsanitize=fuzzer,address,undefined. Besides
// what the sanitizers and libFuzzer catch, it checks the codec contract on
// every input:
//   - a failed decode names the codec ("<codec>: <problem>") in a message
//     of at most kMaxErrorBytes, and leaves the output null;
//   - a successful decode does not depend on what the output held before;
//   - it is a fixed point of the codec: the document encodes, that encoding
//     decodes to the same document (same_document, NaN equal to itself; keys
//     as a set when the codec does not keep their order), and encoding again
//     gives the same bytes (not for protobuf: its map order is not fixed);
//   - the timed path agrees: decode_tagged (the reader streaming into the
//     tagged form) fails with a named error and an empty output, or gives
//     the tagged form of the same document; it may refuse only what the
//     Document holds and JS cannot (an integer beyond 2^53);
//   - the same bytes read as a tagged form (hostile tagged bytes for
//     TaggedSource, through encode_tagged into the codec's writer) fail with
//     a named error, or encode the document read_tagged reads from them.
// One codec object serves every input, as in the wasm module and the runners.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>

#include "same_or_nan.h"
#include "workloads/documents/registry.h"
#include "workloads/documents/tagged.h"

namespace {

using wcb::Bytes;
using wcb::Status;
using wcb::documents::Document;
using wcb::documents::DocumentCodec;
using wcb::fuzz::same_or_nan;

constexpr std::size_t kMaxErrorBytes = 512;

[[noreturn]] void broken(const DocumentCodec& codec, const std::string& what) {
  std::fprintf(stderr, "\n*** %.*s decoder broke its contract: %s\n", static_cast<int>(codec.name().size()),
               codec.name().data(), what.c_str());
  std::abort();
}

void check_error(const DocumentCodec& codec, const Status& status) {
  if (!status.message().starts_with(std::string(codec.name()) + ": ") ||
      status.message().size() <= codec.name().size() + 2) {
    broken(codec, "error message \"" + status.message() + "\"");
  }
  if (status.message().size() > kMaxErrorBytes)
    broken(codec, "an error message of " + std::to_string(status.message().size()) + " bytes");
}

// decode_tagged against decode into a Document (`status`, `decoded`).
void check_decode_tagged(DocumentCodec& codec, std::span<const std::uint8_t> bytes, const Status& status,
                         const Document& decoded) {
  static Bytes tagged;
  tagged.assign(7, 0xee);  // stale bytes, and a capacity that is reused
  const Status tagged_status = codec.decode_tagged(bytes, tagged);
  if (!tagged_status.ok()) {
    check_error(codec, tagged_status);
    if (!tagged.empty()) broken(codec, "a failed decode_tagged left bytes in its output");
    if (status.ok() && tagged_status.message().find("2^53") == std::string::npos)
      broken(codec, "decode_tagged failed where decode did not: " + tagged_status.message());
    return;
  }
  if (!status.ok()) broken(codec, "decode_tagged succeeded where decode failed: " + status.message());
  Document read;
  try {
    wcb::documents::read_tagged(tagged, read);
  } catch (const std::exception& error) {
    broken(codec, std::string("decode_tagged wrote a tagged form read_tagged refuses: ") + error.what());
  }
  if (!same_or_nan(read, decoded, codec.keeps_key_order()))
    broken(codec, "decode_tagged and decode differ: " +
                      wcb::documents::first_difference(read, decoded, codec.keeps_key_order()));
}

// The input as hostile tagged bytes, into the codec's writer.
void check_tagged_source(DocumentCodec& codec, std::span<const std::uint8_t> bytes) {
  static Bytes encoded;
  const Status status = codec.encode_tagged(bytes, encoded);
  if (!status.ok()) {
    check_error(codec, status);
    if (!encoded.empty()) broken(codec, "a failed encode_tagged left bytes in its output");
    return;
  }
  Document expected;
  try {
    wcb::documents::read_tagged(bytes, expected);
  } catch (const std::exception& error) {
    broken(codec, std::string("encode_tagged took a tagged form read_tagged refuses: ") + error.what());
  }
  Document back;
  const Status back_status = codec.decode(encoded, back);
  if (!back_status.ok()) broken(codec, "encode_tagged's encoding does not decode: " + back_status.message());
  if (!same_or_nan(expected, back, codec.keeps_key_order()))
    broken(codec, "encode_tagged's encoding decodes to another document: " +
                      wcb::documents::first_difference(expected, back, codec.keeps_key_order()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::unique_ptr<DocumentCodec> codec = wcb::document_codec_registry().front().make();
  const std::span<const std::uint8_t> bytes(data, size);
  const bool key_order = codec->keeps_key_order();

  check_tagged_source(*codec, bytes);

  static Document decoded;
  decoded = Document::parse(R"({"stale": [1, 2, {"x": "y"}]})");
  const Status status = codec->decode(bytes, decoded);
  check_decode_tagged(*codec, bytes, status, decoded);
  if (!status.ok()) {
    check_error(*codec, status);
    if (!decoded.is_null()) broken(*codec, "a failed decode left a document that is not null");
    return 0;
  }

  Document fresh = Document::array({1, 2, 3});
  const Status fresh_status = codec->decode(bytes, fresh);
  if (!fresh_status.ok())
    broken(*codec, "a second decode of the same bytes failed: " + fresh_status.message());
  if (!same_or_nan(fresh, decoded, key_order))
    broken(*codec, "the decoded document depends on what the output held");

  Bytes encoded;
  const Status encode_status = codec->encode(decoded, encoded);
  if (!encode_status.ok()) broken(*codec, "the decoded document does not encode: " + encode_status.message());
  Document again;
  const Status again_status = codec->decode(encoded, again);
  if (!again_status.ok()) broken(*codec, "its own encoding does not decode: " + again_status.message());
  if (!same_or_nan(decoded, again, key_order)) {
    broken(*codec, "decode(encode(document)) differs from the document: " +
                       wcb::documents::first_difference(decoded, again, key_order));
  }
  // Deterministic bytes. A codec that does not keep key order may write a
  // decoded document's members in another order than its own decode gives
  // them back (FlexBuffers sorts keys, but the bytes follow the order the
  // keys were added in), so the check starts from `again`; protobuf's map
  // order is not fixed at all.
  if (codec->name() != "protobuf") {
    Bytes first;
    Bytes second;
    Document third;
    if (!codec->encode(again, first).ok() || !codec->decode(first, third).ok() ||
        !codec->encode(third, second).ok() || first != second) {
      broken(*codec, "encoding the same document twice gave different bytes");
    }
    if (key_order && first != encoded)
      broken(*codec, "encoding the same document twice gave different bytes");
  }
  return 0;
}
