// `cbor` for the documents workload: CBOR (RFC 8949) through nlohmann_json.
// Encode checks the document with the shared walk (nesting, UTF-8, the path
// of what fails), then writes it with nlohmann's to_cbor straight into the
// output bytes: integers in their smallest form, a float as float32 when
// that holds it exactly (else float64), NaN and ±Infinity as half floats.
//
// Decode drives the shared DocumentBuilder with nlohmann's CBOR reader
// (sax_parse), which refuses tags, undefined and other simple values,
// and map keys that are not text. The builder refuses byte strings, repeated
// keys, text that is not UTF-8 (nlohmann does not check it) and nesting
// deeper than documents::kMaxDepth. One more check: a negative integer below
// -2^63 (major type 1 with an argument of 2^63 or more) holds more than a
// Document can, and nlohmann's reader would wrap it to a positive int64.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "codecs/json/nlohmann_support.h"
#include "workloads/documents/codec.h"

namespace wcb {

namespace {

using documents::Document;

// nlohmann reports only CBOR's negative integers through number_integer,
// as -1 - n: a result of 0 or more means n >= 2^63 wrapped.
class CborBuilder : public documents::DocumentBuilder {
 public:
  using DocumentBuilder::DocumentBuilder;
  bool number_integer(std::int64_t value) {
    if (value >= 0) fail("a negative integer below -2^63, beyond what a document holds");
    return DocumentBuilder::number_integer(value);
  }
};

class CborDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "cbor"; }
  std::string_view format() const override { return "CBOR"; }
  std::string library_version() const override { return nlohmann_support::library_version(); }

 protected:
  void do_encode(const Document& document, Bytes& out) override {
    documents::CheckingWriter checker;
    documents::walk(document, checker);
    out.clear();
    Document::to_cbor(document, out);
  }

  void do_decode(std::span<const std::uint8_t> bytes, Document& out) override {
    CborBuilder builder(out, true);
    Document::sax_parse(bytes.begin(), bytes.end(), &builder, nlohmann::json::input_format_t::cbor);
    builder.finish();
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_cbor_document_codec() {
  return std::make_unique<CborDocumentCodec>();
}

}  // namespace wcb
