// `json`: nlohmann_json. The text is {"items":[{"x":1,"y":4.104,"z":...},...]},
// the shape JSON.stringify({ items }) gives. Doubles are printed by nlohmann
// (Grisu2): the text always reads back to the same bits, and for the tuple
// dataset it has exactly JSON.stringify's length (tests/native checks both).
// Elsewhere it can differ from JS's text: "5.0" for 5, "1e-07" for 1e-7, and
// rarely another 17th digit. NaN and Infinity, which JSON cannot carry, are
// refused at encode.
//
// Each direction uses the leanest public nlohmann API: encode builds the
// document (nlohmann has no streaming writer) and serializes it straight into
// `out`; decode streams through the SAX interface (text_reader.h: as
// JSON.parse reads the text), so no document is built and nesting depth is
// checked as tokens arrive. Its doubles are read by number_parse.h, not
// musl's long-double strtod. Text that repeats a key is read again as
// JSON.parse's value when the payload's shape refuses it (text_reader.h).
#include <cmath>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "json_text/nlohmann_support.h"
#include "json_text/text_reader.h"
#include "workloads/tuples/items_builder.h"
#include "workloads/tuples/tuple_codec.h"

namespace wcb {

namespace {

using Json = nlohmann::json;

// Appends the serializer's characters to the caller's byte buffer, so the
// text is written once, without an intermediate std::string.
class ByteSink final : public nlohmann::detail::output_adapter_protocol<char> {
 public:
  explicit ByteSink(Bytes& out) : out_(out) {}
  void write_character(char c) override { out_.push_back(static_cast<std::uint8_t>(c)); }
  void write_characters(const char* s, std::size_t length) override {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(s);
    out_.insert(out_.end(), bytes, bytes + length);
  }

 private:
  Bytes& out_;
};

// nlohmann's SAX events, passed on to the payload's builder
// (workloads/tuples/items_builder.h). Returning false stops the parser; `builder.error`
// says why.
class ItemsReader {
 public:
  explicit ItemsReader(Items& out) : builder(out, ItemsBuilder::kObject) {}

  ItemsBuilder builder;

  bool null() { return builder.unexpected("null"); }
  bool boolean(bool) { return builder.unexpected("a boolean"); }
  bool string(std::string&) { return builder.unexpected("a string"); }
  bool binary(Json::binary_t&) { return builder.unexpected("binary data"); }

  bool number_integer(std::int64_t value) { return builder.whole(value); }
  bool number_unsigned(std::uint64_t value) { return builder.whole(value); }
  bool number_float(double value, const std::string& text) {
    return builder.fraction(value, [&text] { return text; });
  }

  bool start_object(std::size_t) { return builder.start_container(); }
  bool key(std::string& name) { return builder.key(name); }
  bool end_object() { return builder.end_container(); }
  bool start_array(std::size_t) { return builder.start_array(); }
  bool end_array() { return builder.end_array(); }
};

class JsonCodec final : public Codec {
 public:
  std::string_view name() const override { return "json"; }
  std::string library_version() const override { return nlohmann_support::library_version(); }

 protected:
  void do_encode(std::span<const Item> items, Bytes& out) override {
    Json document = Json::object();
    Json& list = document["items"] = Json::array();
    auto& elements = list.get_ref<Json::array_t&>();
    elements.reserve(items.size());
    for (const Item& item : items) {
      // JSON has no NaN or Infinity: JSON.stringify and nlohmann both write
      // null, which would not read back as a number.
      if (!std::isfinite(item.y) || !std::isfinite(item.z)) {
        throw std::invalid_argument("item " + std::to_string(&item - items.data()) +
                                    " has a NaN or infinite value, which JSON cannot carry");
      }
      // Filled in place: an initializer list would first build a [key, value]
      // array per field and then convert it.
      auto& fields = elements.emplace_back(Json::value_t::object).get_ref<Json::object_t&>();
      fields.emplace("x", item.x);
      fields.emplace("y", item.y);
      fields.emplace("z", item.z);
    }

    out.clear();
    nlohmann::detail::serializer<Json> serializer(std::make_shared<ByteSink>(out), ' ');
    serializer.dump(document, /*pretty_print=*/false, /*ensure_ascii=*/false, /*indent_step=*/0);
  }

  void do_decode(std::span<const std::uint8_t> bytes, Items& out) override {
    std::string problem;
    if (read_items(bytes, out, problem)) return;
    if (const auto last_values = json_text::last_values_text(bytes)) {
      if (read_items(json_text::bytes_of(*last_values), out, problem)) return;
    }
    throw DecodeError(problem);
  }

 private:
  // False, with the payload's problem, when the text is JSON of another shape.
  static bool read_items(std::span<const std::uint8_t> bytes, Items& out, std::string& problem) {
    out.clear();
    ItemsReader reader(out);
    if (json_text::read<Json>(bytes, reader, "input")) return true;
    problem = reader.builder.error;
    return false;
  }
};

}  // namespace

std::unique_ptr<Codec> make_json_codec() { return std::make_unique<JsonCodec>(); }

}  // namespace wcb
