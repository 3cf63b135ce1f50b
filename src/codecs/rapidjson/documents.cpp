// `rapidjson` for the documents workload: JSON text through RapidJSON.
//
// Encode: the source's events straight into RapidJSON's Writer: numbers and
// strings as JSON.stringify writes them (json_writer.h), NaN and Infinity
// refused with the value's path.
//
// Decode: RapidJSON's SAX Reader drives the sink, which checks depth and
// keeps the last value of a repeated key, and the text is read as
// JSON.parse reads it (json_reader.h). The reader checks UTF-8 (kParseValidateEncodingFlag, with one gap
// mended in json_reader.h); a number beyond the range of a float64 (1e400) is
// refused.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "json_reader.h"
#include "json_writer.h"
#include "workloads/documents/document_codec.h"

namespace wcb {

namespace {

using rapidjson::SizeType;

// A source's events, written by RapidJSON's Writer.
class DocumentWriter final : public documents::Events {
 public:
  DocumentWriter(rapidjson_io::Writer& writer, Bytes& scratch) : writer_(writer), scratch_(scratch) {}

  void null() override { writer_.Null(); }
  void boolean(bool value) override { writer_.Bool(value); }
  void integer(std::int64_t value) override { writer_.Int64(value); }
  void unsigned_integer(std::uint64_t value) override { writer_.Uint64(value); }
  void number(double value) override {
    if (!rapidjson_io::write_number(writer_, value, true, scratch_))
      throw documents::Unrepresentable("JSON has no NaN or Infinity");
  }
  void string(std::string_view value) override { rapidjson_io::write_string(writer_, value); }
  void start_array(std::size_t) override { writer_.StartArray(); }
  void end_array() override { writer_.EndArray(); }
  void start_object(std::size_t) override { writer_.StartObject(); }
  void key(std::string_view key) override { rapidjson_io::write_string(writer_, key, /*key=*/true); }
  void end_object() override { writer_.EndObject(); }

 private:
  rapidjson_io::Writer& writer_;
  Bytes& scratch_;
};

// RapidJSON's SAX events, passed on to the sink (which throws a DecodeError
// naming the path for anything it refuses, so the parse never stops here).
// RapidJSON reads "9007199254740994" as an integer: json_integer.
class SinkHandler {
 public:
  explicit SinkHandler(documents::DocumentSink& sink) : sink_(sink) {}

  bool Null() {
    sink_.null();
    return true;
  }
  bool Bool(bool value) {
    sink_.boolean(value);
    return true;
  }
  bool Int(int value) {
    sink_.integer(value);
    return true;
  }
  bool Uint(unsigned value) {
    sink_.integer(value);
    return true;
  }
  bool Int64(std::int64_t value) {
    documents::json_integer(sink_, value);
    return true;
  }
  bool Uint64(std::uint64_t value) {
    documents::json_integer(sink_, value);
    return true;
  }
  bool Double(double value) {
    sink_.number(value);
    return true;
  }
  bool RawNumber(const char*, SizeType, bool) { return false; }  // only with kParseNumbersAsStringsFlag
  bool String(const char* text, SizeType length, bool) {
    const std::string_view value(text, length);
    if (rapidjson_io::holds_lone_surrogate(value)) sink_.fail(rapidjson_io::kLoneSurrogate);
    sink_.string(value);
    return true;
  }
  bool StartObject() {
    sink_.start_object(documents::kUnknownCount);
    return true;
  }
  bool Key(const char* text, SizeType length, bool) {
    const std::string_view key(text, length);
    if (rapidjson_io::holds_lone_surrogate(key)) sink_.fail(rapidjson_io::kLoneSurrogate);
    sink_.key(key);
    return true;
  }
  bool EndObject(SizeType) {
    sink_.end_object();
    return true;
  }
  bool StartArray() {
    sink_.start_array(documents::kUnknownCount);
    return true;
  }
  bool EndArray(SizeType) {
    sink_.end_array();
    return true;
  }

 private:
  documents::DocumentSink& sink_;
};

class RapidJsonDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "rapidjson"; }
  std::string_view format() const override { return "JSON text"; }
  std::string library_version() const override { return "rapidjson " RAPIDJSON_VERSION_STRING; }
  documents::DecodeRules decode_rules() const override { return documents::kCheckedKeepLast; }

 protected:
  void do_encode(documents::DocumentSource& source, Bytes& out) override {
    out.clear();
    rapidjson_io::ByteStream stream(out);
    writer_.Reset(stream);
    DocumentWriter writer(writer_, scratch_);
    source.drive(writer);
  }

  void do_decode(std::span<const std::uint8_t> bytes, documents::DocumentSink& sink) override {
    SinkHandler handler(sink);
    rapidjson_io::parse<rapidjson::kParseFullPrecisionFlag | rapidjson::kParseValidateEncodingFlag>(
        reader_, bytes, handler, "input");
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
