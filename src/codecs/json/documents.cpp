// `json` for the documents workload: JSON text through nlohmann_json.
// JSON has no NaN or Infinity (nlohmann would write them as null): encode
// rejects them, naming the value's path. nlohmann writes the text straight
// into the output bytes (no intermediate std::string).
//
// Decode drives the shared DocumentBuilder with nlohmann's SAX parser, so
// depth and paths are checked as in every document codec; the text is read
// as JSON.parse reads it (text_reader.h), so a repeated key keeps its last
// value. nlohmann's lexer checks UTF-8 itself; number_parse.h reads its
// doubles.
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "nlohmann_support.h"
#include "text_reader.h"
#include "workloads/documents/codec.h"

namespace wcb {

namespace {

using documents::Document;

struct JsonChecker : documents::CheckingWriter {
  void number(double value) {
    if (!std::isfinite(value)) throw documents::Unrepresentable("JSON has no NaN or Infinity");
  }
};

// nlohmann's serializer writes through this into the reused output bytes.
class BytesOutput final : public nlohmann::detail::output_adapter_protocol<char> {
 public:
  explicit BytesOutput(Bytes& out) : out_(out) {}
  void write_character(char c) override { out_.push_back(static_cast<std::uint8_t>(c)); }
  void write_characters(const char* s, std::size_t length) override {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(s);
    out_.insert(out_.end(), bytes, bytes + length);
  }

 private:
  Bytes& out_;
};

// strtod turns a number too large for a float64 (1e400) into Infinity,
// which JSON cannot write back: refused instead of silently changed.
class JsonBuilder : public documents::DocumentBuilder {
 public:
  using DocumentBuilder::DocumentBuilder;
  bool number_float(double value, const std::string& text) {
    if (!std::isfinite(value)) fail("a number beyond the range of a float64");
    return DocumentBuilder::number_float(value, text);
  }
};

class JsonDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "json"; }
  std::string_view format() const override { return "JSON text"; }
  std::string library_version() const override { return nlohmann_support::library_version(); }

 protected:
  void do_encode(const Document& document, Bytes& out) override {
    JsonChecker checker;
    documents::walk(document, checker);
    out.clear();
    nlohmann::detail::serializer<Document> serializer(std::make_shared<BytesOutput>(out), ' ',
                                                      Document::error_handler_t::strict);
    serializer.dump(document, false, false, 0);
  }

  void do_decode(std::span<const std::uint8_t> bytes, Document& out) override {
    JsonBuilder builder(out, /*check_utf8=*/false, documents::RepeatedKeys::kKeepLast);
    json_text::read<Document>(bytes, builder, "input");
    builder.finish();
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_json_document_codec() {
  return std::make_unique<JsonDocumentCodec>();
}

}  // namespace wcb
