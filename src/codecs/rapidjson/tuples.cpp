// `rapidjson`: RapidJSON 1.1.0. The same text as the json codec and as
// JSON.stringify({ items }): {"items":[{"x":1,"y":4.104,"z":...},...]}, the
// numbers as json_io.h writes them (-0 as "-0.0", so it keeps its sign).
// NaN and Infinity are refused at encode.
//
// Encode streams through RapidJSON's Writer (no document is built); decode
// streams through its SAX Reader into a handler that accepts exactly the
// payload's shape, so nesting can never get deeper than its three levels.
// Both keep their stacks in the codec, so a repeated call allocates nothing
// but the growth of the output.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

#include "core/codec.h"
#include "json_io.h"

namespace wcb {

namespace {

using rapidjson::SizeType;

// SAX handler accepting exactly {"items":[{"x":int32,"y":number,"z":number},...]}
// with keys in any order. Returning false stops the parser; `error` says why.
class ItemsReader {
 public:
  explicit ItemsReader(Items& out) : out_(out) {}

  std::string error;

  bool Null() { return unexpected("null"); }
  bool Bool(bool) { return unexpected("a boolean"); }
  bool String(const char*, SizeType, bool) { return unexpected("a string"); }
  bool RawNumber(const char*, SizeType, bool) { return unexpected("a number"); }

  bool Int(int value) { return integer(value, true); }
  bool Uint(unsigned value) { return integer(value, value <= std::numeric_limits<std::int32_t>::max()); }
  bool Int64(std::int64_t value) { return integer(static_cast<double>(value), false, std::to_string(value)); }
  bool Uint64(std::uint64_t value) {
    return integer(static_cast<double>(value), false, std::to_string(value));
  }

  bool Double(double value) {
    if (state_ != State::kItemValue) return unexpected("a number");
    if (field_ == kX) {
      char text[32];
      std::snprintf(text, sizeof text, "%.17g", value);
      return fail(std::string("x must be an integer, got ") + text);
    }
    set_double(value);
    state_ = State::kItemKey;
    return true;
  }

  bool StartObject() {
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

  bool Key(const char* text, SizeType length, bool) {
    const std::string_view name(text, length);
    if (state_ == State::kRootKey) {
      if (name != "items")
        return fail("unexpected key \"" + std::string(name) + "\" at the top level, expected \"items\"");
      if (have_items_) return fail("duplicate key \"items\"");
      have_items_ = true;
      state_ = State::kRootValue;
      return true;
    }
    if (state_ == State::kItemKey) {
      if (name.size() != 1 || name[0] < 'x' || name[0] > 'z') {
        return fail("unexpected key \"" + std::string(name) + "\" in item " + std::to_string(out_.size()) +
                    ", expected x, y and z");
      }
      field_ = name[0] - 'x';
      const unsigned bit = 1u << field_;
      if (seen_ & bit)
        return fail("duplicate key \"" + std::string(name) + "\" in item " + std::to_string(out_.size()));
      seen_ |= bit;
      state_ = State::kItemValue;
      return true;
    }
    return fail("unexpected key \"" + std::string(name) + "\"");
  }

  bool EndObject(SizeType) {
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

  bool StartArray() {
    if (state_ == State::kRootValue) {
      state_ = State::kItemsArray;
      return true;
    }
    return unexpected("an array");
  }

  bool EndArray(SizeType) {
    // Arrays only open in kRootValue, so this closes "items".
    state_ = State::kRootKey;
    return true;
  }

 private:
  // Where the next token may go: each state admits exactly one kind of token
  // (or the end of the enclosing container).
  enum class State { kStart, kRootKey, kRootValue, kItemsArray, kItemKey, kItemValue, kDone };
  static constexpr int kX = 0;

  // An integer token: x takes it when `in_int32`; y and z take any.
  bool integer(double value, bool in_int32, const std::string& text = {}) {
    if (state_ != State::kItemValue) return unexpected("a number");
    if (field_ == kX) {
      if (!in_int32) {
        return fail("x = " + (text.empty() ? std::to_string(static_cast<std::int64_t>(value)) : text) +
                    " is outside the int32 range");
      }
      current_.x = static_cast<std::int32_t>(value);
    } else {
      set_double(value);
    }
    state_ = State::kItemKey;
    return true;
  }

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

class RapidJsonCodec final : public Codec {
 public:
  std::string_view name() const override { return "rapidjson"; }
  std::string library_version() const override { return "rapidjson " RAPIDJSON_VERSION_STRING; }

 protected:
  void do_encode(std::span<const Item> items, Bytes& out) override {
    out.clear();
    rapidjson_io::ByteStream stream(out);
    writer_.Reset(stream);
    writer_.StartObject();
    writer_.Key("items", 5);
    writer_.StartArray();
    for (const Item& item : items) {
      writer_.StartObject();
      writer_.Key("x", 1);
      writer_.Int(item.x);
      writer_.Key("y", 1);
      // JSON has no NaN or Infinity (JSON.stringify writes null, which would
      // not read back as a number).
      const bool finite = rapidjson_io::write_number(writer_, item.y, true, scratch_) &&
                          (writer_.Key("z", 1), true) &&
                          rapidjson_io::write_number(writer_, item.z, true, scratch_);
      if (!finite) {
        throw std::invalid_argument("item " + std::to_string(&item - items.data()) +
                                    " has a NaN or infinite value, which JSON cannot carry");
      }
      writer_.EndObject();
    }
    writer_.EndArray();
    writer_.EndObject();
  }

  void do_decode(std::span<const std::uint8_t> bytes, Items& out) override {
    out.clear();
    ItemsReader handler(out);
    rapidjson_io::parse<rapidjson::kParseFullPrecisionFlag>(reader_, bytes, handler, handler.error, "input");
  }

 private:
  rapidjson_io::Writer writer_;
  rapidjson::Reader reader_;
  Bytes scratch_;  // a number's text
};

}  // namespace

std::unique_ptr<Codec> make_rapidjson_codec() { return std::make_unique<RapidJsonCodec>(); }

}  // namespace wcb
