// `json` for the messages workload. The text of a record is exactly what
// JSON.stringify writes for the JS record of src/workloads/messages/records.mjs (with
// Uint8Array replaced by its base64 string): keys in the JS order, numbers
// in JS's shortest round-trip form, strings escaped as JSON.stringify does,
// the timestamp as Date.prototype.toJSON writes it
// ("2026-11-30T12:34:56.789Z"), binary as padded base64. The native tests
// compare the text with JSON.stringify's, byte for byte.
//
// The writer is this file's own, laid out as JSON.stringify lays it out
// (nlohmann's serializer writes 3.0 as "3.0" and 1e-7 as "1e-07", JS "3"
// and "1e-7"), but its numbers are nlohmann's Grisu2 digits, the ones dump()
// prints.
//
// Decode streams through nlohmann's SAX parser (it checks the JSON syntax,
// UTF-8 and \u escapes; number_parse.h reads its doubles; text_reader.h
// reads the text as JSON.parse does) into a handler that follows the
// record's schema (record_builder.h): every key must be one of the record's,
// exactly once, with a value of the field's type. Containers are only
// accepted where the schema has one, so nesting can never get deeper than
// the record's. Text that repeats a key is read again as JSON.parse's value
// when the schema refuses it (text_reader.h).
#include <cmath>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "base64.h"
#include "json_text/nlohmann_support.h"
#include "json_text/number_text.h"
#include "json_text/text_reader.h"
#include "timestamp_text.h"
#include "workloads/messages/message_codec.h"
#include "workloads/messages/record_builder.h"
#include "workloads/messages/schema.h"

namespace wcb {

namespace {

using namespace messages;
using schema::Field;
using schema::Type;

using namespace json_text;  // number_text.h, timestamp_text.h, base64.h

// --- strings as JSON.stringify escapes them ---

void append_string(Bytes& out, std::string_view text) {
  if (!valid_utf8(text)) throw std::invalid_argument("a string that is not valid UTF-8");
  append_quoted(out, text);
}

// --- encoder ---

void append_double(Bytes& out, double value) {
  if (!std::isfinite(value)) throw std::invalid_argument("NaN or infinity, which JSON cannot carry");
  append_number(out, value);
}

// A record's JSON text, written by schema::write_record.
struct RecordWriter {
  static constexpr bool kFieldPaths = true;
  Bytes& out;

  void start_object(std::size_t /*count*/) { out.push_back('{'); }
  void key(std::string_view name, std::size_t index) {
    if (index > 0) out.push_back(',');
    out.push_back('"');
    out.insert(out.end(), name.begin(), name.end());
    out.push_back('"');
    out.push_back(':');
  }
  void end_object() { out.push_back('}'); }
  void start_array(std::size_t /*size*/) { out.push_back('['); }
  void element(std::size_t index) {
    if (index > 0) out.push_back(',');
  }
  void end_array() { out.push_back(']'); }
  void boolean(bool value) { append_bool(out, value); }
  void int32(std::int32_t value) { append_int(out, value); }
  void number(double value) { append_double(out, value); }
  void float32(float value) { append_double(out, value); }
  void string(std::string_view text) { append_string(out, text); }
  void timestamp(Timestamp value) { append_timestamp(out, value); }
  void binary(const std::vector<std::uint8_t>& data) { append_base64(out, data); }
};

// --- decoder ---

using Json = nlohmann::json;

// nlohmann's SAX events, passed on to the record's builder. The timestamp
// and binary fields arrive as strings and are converted here.
class RecordReader {
 public:
  RecordReader(std::span<const Field> fields, void* record)
      : builder(fields, record, "an ISO 8601 timestamp string", "a base64 string") {}

  schema::RecordBuilder builder;

  bool null() { return builder.unexpected("null"); }
  bool boolean(bool value) { return builder.boolean(value); }
  bool number_integer(std::int64_t value) { return builder.whole(value); }
  bool number_unsigned(std::uint64_t value) { return builder.whole(value); }
  bool number_float(double value, const std::string& text) {
    return builder.number(value, schema::integral_int32(value), [&text] { return text; });
  }

  bool string(std::string& value) { return string_value(builder, value); }

  bool binary(Json::binary_t&) { return builder.unexpected("binary data"); }
  bool start_object(std::size_t) { return builder.start_object(); }
  bool key(std::string& name) { return builder.key(name); }
  bool end_object() { return builder.end_object(); }
  // JSON does not announce an array's length.
  bool start_array(std::size_t) { return builder.start_array(0, 0); }
  bool end_array() { return builder.end_array(); }
};

class JsonMessageCodec final : public MessageCodec {
 public:
  std::string_view name() const override { return "json"; }
  std::string library_version() const override { return nlohmann_support::library_version(); }

 protected:
  void do_encode(const Message& message, Bytes& out) override {
    out.clear();
    RecordWriter writer{out};
    schema::write_record(writer, message);
  }

  void do_decode(Kind kind, std::span<const std::uint8_t> bytes, Message& out) override {
    if (kind_of(out) != kind) out = empty_message(kind);
    std::string problem;
    try {
      if (read_record(kind, bytes, out, problem)) return;
      if (const auto last_values = json_text::last_values_text(bytes)) {
        if (read_record(kind, json_text::bytes_of(*last_values), out, problem)) return;
      }
    } catch (const DecodeError& error) {
      problem = error.what();
    }
    throw DecodeError(std::string(kind_name(kind)) + ": " + problem);
  }

 private:
  // False, with the schema's problem, when the text is JSON of another shape.
  static bool read_record(Kind kind, std::span<const std::uint8_t> bytes, Message& out,
                          std::string& problem) {
    RecordReader reader(schema::fields_of(kind), schema::object_of(out));
    if (json_text::read<Json>(bytes, reader, "record") && reader.builder.done()) return true;
    problem = reader.builder.error.empty() ? std::string("invalid JSON") : reader.builder.error;
    return false;
  }
};

}  // namespace

std::unique_ptr<MessageCodec> make_json_message_codec() { return std::make_unique<JsonMessageCodec>(); }

}  // namespace wcb
