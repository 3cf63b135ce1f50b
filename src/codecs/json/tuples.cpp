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
// `out`; decode streams through the SAX interface, so no document is built,
// nesting depth is checked as tokens arrive, and the library throws nothing
// on bad input (the adapter reports the handler's reason as a DecodeError).
// Its doubles are read by number_parse.h, not musl's long-double strtod.
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/codec.h"
#include "number_parse.h"

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

// SAX handler accepting exactly {"items":[{"x":int32,"y":number,"z":number},...]}
// with keys in any order. Returning false stops the parser; `error` says why.
class ItemsReader {
 public:
  explicit ItemsReader(Items& out) : out_(out) {}

  std::string error;

  bool null() { return unexpected("null"); }
  bool boolean(bool) { return unexpected("a boolean"); }
  bool string(std::string&) { return unexpected("a string"); }
  bool binary(Json::binary_t&) { return unexpected("binary data"); }

  bool number_integer(std::int64_t value) {
    if (state_ != State::kItemValue) return unexpected("a number");
    if (field_ == kX) {
      if (value < std::numeric_limits<std::int32_t>::min() ||
          value > std::numeric_limits<std::int32_t>::max()) {
        return fail("x = " + std::to_string(value) + " is outside the int32 range");
      }
      current_.x = static_cast<std::int32_t>(value);
    } else {
      set_double(static_cast<double>(value));
    }
    state_ = State::kItemKey;
    return true;
  }

  bool number_unsigned(std::uint64_t value) {
    if (state_ != State::kItemValue) return unexpected("a number");
    if (field_ == kX) {
      if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max())) {
        return fail("x = " + std::to_string(value) + " is outside the int32 range");
      }
      current_.x = static_cast<std::int32_t>(value);
    } else {
      set_double(static_cast<double>(value));
    }
    state_ = State::kItemKey;
    return true;
  }

  bool number_float(double value, const std::string& text) {
    if (state_ != State::kItemValue) return unexpected("a number");
    if (field_ == kX) return fail("x must be an integer, got " + text);
    set_double(value);
    state_ = State::kItemKey;
    return true;
  }

  bool start_object(std::size_t) {
    if (state_ == State::kStart) {
      state_ = State::kRootKey;
      return true;
    }
    if (state_ == State::kItemsArray) {
      current_ = Item{};
      seen_ = 0;
      state_ = State::kItemKey;
      return true;
    }
    return unexpected("an object");
  }

  bool key(std::string& name) {
    if (state_ == State::kRootKey) {
      if (name != "items")
        return fail("unexpected key \"" + name + "\" at the top level, expected \"items\"");
      if (have_items_) return fail("duplicate key \"items\"");
      have_items_ = true;
      state_ = State::kRootValue;
      return true;
    }
    if (state_ == State::kItemKey) {
      if (name.size() != 1 || name[0] < 'x' || name[0] > 'z') {
        return fail("unexpected key \"" + name + "\" in item " + std::to_string(out_.size()) +
                    ", expected x, y and z");
      }
      field_ = name[0] - 'x';
      const unsigned bit = 1u << field_;
      if (seen_ & bit) return fail("duplicate key \"" + name + "\" in item " + std::to_string(out_.size()));
      seen_ |= bit;
      state_ = State::kItemValue;
      return true;
    }
    return fail("unexpected key \"" + name + "\"");
  }

  bool end_object() {
    if (state_ == State::kItemKey) {
      if (seen_ != 0b111) {
        return fail("item " + std::to_string(out_.size()) + " lacks " + missing_fields() +
                    "; every item needs x, y and z");
      }
      out_.push_back(current_);
      state_ = State::kItemsArray;
      return true;
    }
    // The only other object that can end here is the top level one.
    if (!have_items_) return fail("the top-level object has no \"items\" array");
    state_ = State::kDone;
    return true;
  }

  bool start_array(std::size_t) {
    if (state_ == State::kRootValue) {
      state_ = State::kItemsArray;
      return true;
    }
    return unexpected("an array");
  }

  bool end_array() {
    // Arrays only open in kRootValue, so this closes "items".
    state_ = State::kRootKey;
    return true;
  }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& problem) {
    // what() reads "[json.exception.parse_error.101] parse error at ..."; the
    // bracketed id means nothing to a reader of the benchmark.
    std::string message = problem.what();
    if (const auto end = message.find("] "); message.starts_with('[') && end != std::string::npos) {
      message.erase(0, end + 2);
    }
    return fail(message);
  }

 private:
  // Where the next token may go: each state admits exactly one kind of token
  // (or the end of the enclosing container), so nesting can never get deeper
  // than the payload's three levels.
  enum class State { kStart, kRootKey, kRootValue, kItemsArray, kItemKey, kItemValue, kDone };
  static constexpr int kX = 0;

  void set_double(double value) { (field_ == 1 ? current_.y : current_.z) = value; }

  std::string missing_fields() const {
    std::string names;
    for (int field = 0; field < 3; ++field) {
      if (seen_ & (1u << field)) continue;
      if (!names.empty()) names += ", ";
      names += static_cast<char>('x' + field);
    }
    return names;
  }

  bool unexpected(const char* what) {
    switch (state_) {
      case State::kStart:
        return fail(std::string(what) + " at the top level, expected an object {\"items\": [...]}");
      case State::kRootValue:
        return fail(std::string("\"items\" holds ") + what + ", expected an array");
      case State::kItemsArray:
        return fail("item " + std::to_string(out_.size()) + " is " + what + ", expected an object");
      case State::kItemValue:
        return fail(std::string(1, static_cast<char>('x' + field_)) + " of item " +
                    std::to_string(out_.size()) + " is " + what + ", expected a number");
      default:
        return fail(std::string("unexpected ") + what);
    }
  }

  // Keeps the first problem; Status::failure cuts long ones short.
  bool fail(std::string message) {
    if (error.empty()) error = std::move(message);
    return false;
  }

  Items& out_;
  State state_ = State::kStart;
  bool have_items_ = false;
  Item current_;
  unsigned seen_ = 0;
  int field_ = 0;
};

class JsonCodec final : public Codec {
 public:
  std::string_view name() const override { return "json"; }
  std::string library_version() const override {
    return "nlohmann_json " + std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
           std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_PATCH);
  }

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
    out.clear();
    ItemsReader reader(out);
    const bool ok = Json::sax_parse(json_text::input_begin(bytes), json_text::input_end(bytes), &reader,
                                    nlohmann::detail::input_format_t::json,
                                    /*strict=*/true, /*ignore_comments=*/false);
    if (!ok) throw DecodeError(reader.error.empty() ? "invalid JSON" : reader.error);
  }
};

}  // namespace

std::unique_ptr<Codec> make_json_codec() { return std::make_unique<JsonCodec>(); }

}  // namespace wcb
