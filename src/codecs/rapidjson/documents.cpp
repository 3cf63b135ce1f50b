// `rapidjson` for the documents workload: JSON text through RapidJSON.
//
// Encode walks the document with the shared walk (nesting, UTF-8, the path of
// what fails) straight into RapidJSON's Writer: numbers and strings as
// JSON.stringify writes them (json_io.h), NaN and Infinity refused with the
// value's path.
//
// Decode drives the shared DocumentBuilder with RapidJSON's SAX Reader, so
// depth and paths are checked as in every document codec, and the text is
// read as JSON.parse reads it (json_io.h): a repeated key keeps its last
// value. The reader checks UTF-8 (kParseValidateEncodingFlag, with one gap
// mended in json_io.h); a number beyond the range of a float64 (1e400) is
// refused.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "json_io.h"
#include "workloads/documents/codec.h"

namespace wcb {

namespace {

using documents::Document;
using rapidjson::SizeType;

// The shared walk's events, written by RapidJSON's Writer.
class DocumentWriter {
 public:
  DocumentWriter(rapidjson_io::Writer& writer, Bytes& scratch) : writer_(writer), scratch_(scratch) {}

  void null() { writer_.Null(); }
  void boolean(bool value) { writer_.Bool(value); }
  void integer(std::int64_t value) { writer_.Int64(value); }
  void unsigned_integer(std::uint64_t value) { writer_.Uint64(value); }
  void number(double value) {
    if (!rapidjson_io::write_number(writer_, value, true, scratch_))
      throw documents::Unrepresentable("JSON has no NaN or Infinity");
  }
  void string(const std::string& value) { rapidjson_io::write_string(writer_, value); }
  void start_array(std::size_t) { writer_.StartArray(); }
  void end_array() { writer_.EndArray(); }
  void start_object(std::size_t) { writer_.StartObject(); }
  void key(const std::string& key) { rapidjson_io::write_string(writer_, key, /*key=*/true); }
  void end_object() { writer_.EndObject(); }

 private:
  rapidjson_io::Writer& writer_;
  Bytes& scratch_;
};

// RapidJSON's SAX events, passed on to the shared builder (which throws a
// DecodeError naming the path for anything it refuses).
//
// RapidJSON reads "9007199254740994" as an integer, where JSON.parse reads a
// float64 that holds it exactly (and the writer prints such floats without a
// fraction, as JS does): an integer beyond +-2^53 that a float64 holds
// exactly is that float64; any other stays an integer, which the JS side
// refuses by name.
class BuilderHandler {
 public:
  explicit BuilderHandler(documents::DocumentBuilder& builder) : builder_(builder) {}

  bool Null() { return builder_.null(); }
  bool Bool(bool value) { return builder_.boolean(value); }
  bool Int(int value) { return builder_.number_integer(value); }
  bool Uint(unsigned value) { return builder_.number_integer(value); }
  bool Int64(std::int64_t value) {
    const double as_double = static_cast<double>(value);
    if (beyond_safe(as_double) && as_double < 0x1p63 && static_cast<std::int64_t>(as_double) == value)
      return builder_.number(as_double);
    return builder_.number_integer(value);
  }
  bool Uint64(std::uint64_t value) {
    const double as_double = static_cast<double>(value);
    if (beyond_safe(as_double) && as_double < 0x1p64 && static_cast<std::uint64_t>(as_double) == value)
      return builder_.number(as_double);
    return builder_.number_unsigned(value);
  }
  bool Double(double value) { return builder_.number(value); }
  bool RawNumber(const char*, SizeType, bool) { return false; }  // only with kParseNumbersAsStringsFlag
  bool String(const char* text, SizeType length, bool) {
    const std::string_view value(text, length);
    if (rapidjson_io::holds_lone_surrogate(value)) builder_.fail(rapidjson_io::kLoneSurrogate);
    return builder_.string(value);
  }
  bool StartObject() { return builder_.start_object(); }
  bool Key(const char* text, SizeType length, bool) {
    const std::string_view key(text, length);
    if (rapidjson_io::holds_lone_surrogate(key)) builder_.fail(rapidjson_io::kLoneSurrogate);
    return builder_.key(key);
  }
  bool EndObject(SizeType) { return builder_.end_object(); }
  bool StartArray() { return builder_.start_array(); }
  bool EndArray(SizeType) { return builder_.end_array(); }

 private:
  static bool beyond_safe(double value) { return std::fabs(value) > documents::kMaxSafeInteger; }

  documents::DocumentBuilder& builder_;
};

class RapidJsonDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "rapidjson"; }
  std::string_view format() const override { return "JSON text"; }
  std::string library_version() const override { return "rapidjson " RAPIDJSON_VERSION_STRING; }

 protected:
  void do_encode(const Document& document, Bytes& out) override {
    out.clear();
    rapidjson_io::ByteStream stream(out);
    writer_.Reset(stream);
    DocumentWriter writer(writer_, scratch_);
    documents::walk(document, writer);
  }

  void do_decode(std::span<const std::uint8_t> bytes, Document& out) override {
    documents::DocumentBuilder builder(out, /*check_utf8=*/false, documents::RepeatedKeys::kKeepLast);
    BuilderHandler handler(builder);
    // The builder throws its own errors: it never stops the parse.
    rapidjson_io::parse<rapidjson::kParseFullPrecisionFlag | rapidjson::kParseValidateEncodingFlag>(
        reader_, bytes, handler, "input");
    builder.finish();
  }

 private:
  rapidjson_io::Writer writer_;
  rapidjson::Reader reader_;
  Bytes scratch_;  // a number's text
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_rapidjson_document_codec() {
  return std::make_unique<RapidJsonDocumentCodec>();
}

}  // namespace wcb
