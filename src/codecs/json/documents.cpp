// `json` for the documents workload: JSON text. The writer is ours
// (text_writer.h: JSON text as JSON.stringify writes it, straight into the
// output bytes, NaN and Infinity refused naming the value's path); the
// reader is nlohmann's SAX parser, reading the text as JSON.parse reads it
// (text_reader.h) and driving the sink: the sink checks depth and keeps the
// last value of a repeated key. nlohmann's lexer checks UTF-8 itself;
// number_parse.h reads its doubles.
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>

#include "json_text/nlohmann_support.h"
#include "json_text/text_reader.h"
#include "workloads/documents/document_codec.h"
#include "workloads/documents/json_text_writer.h"
#include "workloads/documents/nlohmann_sax.h"

namespace wcb {

namespace {

// strtod turns a number too large for a float64 (1e400) into Infinity,
// which JSON cannot write back: refused instead of silently changed.
class JsonSax : public documents::SaxToSink {
 public:
  using SaxToSink::SaxToSink;
  bool number_integer(std::int64_t value) {
    documents::json_integer(sink_, value);
    return true;
  }
  bool number_unsigned(std::uint64_t value) {
    documents::json_integer(sink_, value);
    return true;
  }
  bool number_float(double value, const std::string& text) {
    if (!std::isfinite(value)) sink_.fail("a number beyond the range of a float64");
    return SaxToSink::number_float(value, text);
  }
};

class JsonDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "json"; }
  std::string_view format() const override { return "JSON text"; }
  std::string library_version() const override {
    return nlohmann_support::library_version() + " (reader), wcb JSON text writer";
  }
  documents::DecodeRules decode_rules() const override { return documents::kCheckedKeepLast; }

 protected:
  void do_encode(documents::DocumentSource& source, Bytes& out) override {
    out.clear();
    json_text::TextWriter<Bytes> writer(out);
    source.drive(writer);
  }

  void do_decode(std::span<const std::uint8_t> bytes, documents::DocumentSink& sink) override {
    JsonSax sax(sink);
    json_text::read<documents::Document>(bytes, sax, "input");
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_json_document_codec() {
  return std::make_unique<JsonDocumentCodec>();
}

}  // namespace wcb
