// `rapidjson` for the messages workload: the json codec's text, byte for byte
// but for -0, written "-0.0" so that a decoded -0 encodes to itself (the
// fuzzer's contract); otherwise JSON.stringify's text of the JS record (Uint8Array as base64, the
// timestamp as Date.prototype.toJSON writes it), written by RapidJSON's Writer
// (numbers and strings as json_writer.h writes them; the timestamp and base64
// texts are the json codec's, codecs/json/timestamp_text.h and base64.h).
//
// Decode streams through RapidJSON's SAX Reader (it checks the syntax, UTF-8
// and \u escapes) into the record's builder (record_builder.h), which
// accepts containers only where the schema has one. Text that repeats a key
// is read again as JSON.parse's value when the schema refuses it
// (json_repeated_keys.h).
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include "codecs/json/base64.h"
#include "codecs/json/timestamp_text.h"
#include "core/utf8.h"
#include "json_reader.h"
#include "json_repeated_keys.h"
#include "json_writer.h"
#include "workloads/messages/message_codec.h"
#include "workloads/messages/record_builder.h"
#include "workloads/messages/schema.h"

namespace wcb {

namespace {

using namespace messages;
using rapidjson::SizeType;
using schema::Field;
using schema::Type;

// A record's JSON text through RapidJSON's Writer, written by
// schema::write_record.
class RecordWriter {
 public:
  static constexpr bool kFieldPaths = true;

  RecordWriter(rapidjson_io::Writer& writer, Bytes& scratch) : writer_(writer), scratch_(scratch) {}

  void start_object(std::size_t /*count*/) { writer_.StartObject(); }
  void key(std::string_view name, std::size_t /*index*/) {
    writer_.Key(name.data(), static_cast<SizeType>(name.size()));
  }
  void end_object() { writer_.EndObject(); }
  void start_array(std::size_t /*size*/) { writer_.StartArray(); }
  void element(std::size_t /*index*/) {}
  void end_array() { writer_.EndArray(); }
  void boolean(bool value) { writer_.Bool(value); }
  void int32(std::int32_t value) { writer_.Int(value); }
  void number(double value) {
    if (!rapidjson_io::write_number(writer_, value, true, scratch_))
      throw std::invalid_argument("NaN or infinity, which JSON cannot carry");
  }
  void float32(float value) { number(value); }
  void string(std::string_view text) {
    if (!valid_utf8(text)) throw std::invalid_argument("a string that is not valid UTF-8");
    rapidjson_io::write_string(writer_, text);
  }
  // The json codec's texts (quotes included).
  void timestamp(Timestamp value) {
    raw_string([&](Bytes& out) { json_text::append_timestamp(out, value); });
  }
  void binary(const std::vector<std::uint8_t>& data) {
    raw_string([&](Bytes& out) { json_text::append_base64(out, data); });
  }

 private:
  template <typename Append>
  void raw_string(Append&& append) {
    scratch_.clear();
    append(scratch_);
    writer_.RawValue(reinterpret_cast<const char*>(scratch_.data()), scratch_.size(), rapidjson::kStringType);
  }

  rapidjson_io::Writer& writer_;
  Bytes& scratch_;
};

// RapidJSON's SAX events, passed on to the record's builder. The timestamp
// and binary fields arrive as strings and are converted here.
class RecordReader {
 public:
  RecordReader(std::span<const Field> fields, void* record)
      : builder(fields, record, "an ISO 8601 timestamp string", "a base64 string") {}

  schema::RecordBuilder builder;

  bool Null() { return builder.unexpected("null"); }
  bool Bool(bool value) { return builder.boolean(value); }
  bool Int(int value) { return builder.whole(value); }
  bool Uint(unsigned value) { return builder.whole(value); }
  bool Int64(std::int64_t value) { return builder.wide(value); }
  bool Uint64(std::uint64_t value) { return builder.wide(value); }
  bool Double(double value) { return builder.real(value); }
  bool RawNumber(const char*, SizeType, bool) { return builder.unexpected("a number"); }

  bool String(const char* text, SizeType length, bool) {
    const std::string_view value(text, length);
    if (rapidjson_io::holds_lone_surrogate(value)) return builder.fail_here(rapidjson_io::kLoneSurrogate);
    return json_text::string_value(builder, value);
  }

  bool StartObject() { return builder.start_object(); }
  bool Key(const char* text, SizeType length, bool) {
    const std::string_view key(text, length);
    if (rapidjson_io::holds_lone_surrogate(key)) return builder.fail_here(rapidjson_io::kLoneSurrogate);
    return builder.key(key);
  }
  bool EndObject(SizeType) { return builder.end_object(); }
  // JSON does not announce an array's length.
  bool StartArray() { return builder.start_array(0, 0); }
  bool EndArray(SizeType) { return builder.end_array(); }
};

class RapidJsonMessageCodec final : public MessageCodec {
 public:
  std::string_view name() const override { return "rapidjson"; }
  std::string library_version() const override { return "rapidjson " RAPIDJSON_VERSION_STRING; }

 protected:
  void do_encode(const Message& message, Bytes& out) override {
    out.clear();
    rapidjson_io::ByteStream stream(out);
    writer_.Reset(stream);
    RecordWriter writer(writer_, scratch_);
    schema::write_record(writer, message);
  }

  void do_decode(Kind kind, std::span<const std::uint8_t> bytes, Message& out) override {
    constexpr unsigned kFlags = rapidjson::kParseFullPrecisionFlag | rapidjson::kParseValidateEncodingFlag;
    if (kind_of(out) != kind) out = empty_message(kind);
    const auto problem_of = [](const RecordReader& reader) {
      return reader.builder.error.empty() ? std::string("the record ends early") : reader.builder.error;
    };
    std::string problem;
    try {
      RecordReader reader(schema::fields_of(kind), schema::object_of(out));
      if (rapidjson_io::parse<kFlags>(reader_, bytes, reader, "record") && reader.builder.done()) return;
      problem = problem_of(reader);
      RecordReader last_values(schema::fields_of(kind), schema::object_of(out));
      if (const auto took = rapidjson_io::replay_last_values<kFlags>(reader_, bytes, last_values)) {
        if (*took && last_values.builder.done()) return;
        problem = problem_of(last_values);
      }
    } catch (const DecodeError& error) {
      problem = error.what();
    }
    throw DecodeError(std::string(kind_name(kind)) + ": " + problem);
  }

 private:
  rapidjson_io::Writer writer_;
  rapidjson::Reader reader_;
  Bytes scratch_;
};

}  // namespace

std::unique_ptr<MessageCodec> make_rapidjson_message_codec() {
  return std::make_unique<RapidJsonMessageCodec>();
}

}  // namespace wcb
