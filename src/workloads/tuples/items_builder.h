// ItemsBuilder: the tuple payload {"items": [{"x": .., "y": .., "z": ..}, ...]}
// filled in from a streaming parser's events and checked as they arrive. The
// json and rapidjson adapters (JSON text, through nlohmann's SAX and
// RapidJSON's Reader) and the msgpack adapter (a map, through msgpack-cxx's
// visitor) read the same envelope: this is its one state machine and its one
// wording of each problem, so the three refuse the same shapes alike.
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "workloads/tuples/item.h"

namespace wcb {

// Accepts exactly {"items":[{"x":int32,"y":number,"z":number},...]}, keys in
// any order. Each call returns false with `error` set when the event does not
// fit; the adapter then stops its parser. An adapter passes every value
// event on (numbers through integer() or fraction(), anything else through
// unexpected()), and keeps to itself what only its format has (msgpack's
// non-string keys, the parser's own syntax errors).
class ItemsBuilder {
 public:
  // What the format calls {...}, for messages: "object" (JSON) or "map".
  struct Container {
    std::string_view noun;          // "the top-level object has no ..."
    std::string_view with_article;  // "expected an object"
  };
  static constexpr Container kObject{"object", "an object"};
  static constexpr Container kMap{"map", "a map"};

  ItemsBuilder(Items& out, Container container) : out_(out), container_(container) {}

  std::string error;

  // An object (a map) starts: the top level, or an item in the array.
  bool start_container() {
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
    return unexpected(container_.with_article);
  }

  bool key(std::string_view name) {
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

  bool end_container() {
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
    if (!have_items_) {
      return fail("the top-level " + std::string(container_.noun) + " has no \"items\" array");
    }
    state_ = State::kDone;
    return true;
  }

  bool start_array() {
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

  // An integer token (`what` names it in messages): x takes it when
  // `in_int32`, y and z take any. `text()` spells it for the message.
  template <typename Text>
  bool integer(double value, bool in_int32, Text&& text, std::string_view what = "a number") {
    if (state_ != State::kItemValue) return unexpected(what);
    if (field_ == kX) {
      if (!in_int32) return fail("x = " + std::string(text()) + " is outside the int32 range");
      current_.x = static_cast<std::int32_t>(value);
    } else {
      set_double(value);
    }
    state_ = State::kItemKey;
    return true;
  }

  // An integer as the parser reads it; wide() for one the parser only
  // hands over beyond the int32 range (RapidJSON's Int64 and Uint64).
  template <std::integral T>
  bool whole(T value, std::string_view what = "a number") {
    return integer(
        static_cast<double>(value), std::in_range<std::int32_t>(value),
        [value] { return std::to_string(value); }, what);
  }
  template <std::integral T>
  bool wide(T value) {
    return integer(static_cast<double>(value), false, [value] { return std::to_string(value); });
  }

  // A number written with a fraction or an exponent: y and z take it, and
  // so does x when its value is an int32, as JSON.parse reads "5.0", "5e0"
  // and "-0" (`text()` spells it for the message).
  template <typename Text>
  bool fraction(double value, Text&& text, std::string_view what = "a number") {
    if (state_ != State::kItemValue) return unexpected(what);
    if (field_ == kX) {
      if (value != std::trunc(value)) return fail("x must be an integer, got " + std::string(text()));
      if (value < std::numeric_limits<std::int32_t>::min() ||
          value > std::numeric_limits<std::int32_t>::max())
        return fail("x = " + std::string(text()) + " is outside the int32 range");
      current_.x = static_cast<std::int32_t>(value);
    } else {
      set_double(value);
    }
    state_ = State::kItemKey;
    return true;
  }

  // Whether the next value is an item's x (for a format that words a
  // non-integer x its own way).
  bool expects_x() const { return state_ == State::kItemValue && field_ == kX; }

  // How many items are complete: the index of the one being read.
  std::size_t item_count() const { return out_.size(); }

  // A value of a kind the payload has nowhere (`what`: "a string", "null").
  bool unexpected(std::string_view what) {
    const std::string thing(what);
    switch (state_) {
      case State::kStart:
        return fail(thing + " at the top level, expected " + std::string(container_.with_article) +
                    " {\"items\": [...]}");
      case State::kRootValue:
        return fail("\"items\" holds " + thing + ", expected an array");
      case State::kItemsArray:
        return fail("item " + std::to_string(out_.size()) + " is " + thing + ", expected " +
                    std::string(container_.with_article));
      case State::kItemValue:
        return fail(std::string(1, static_cast<char>('x' + field_)) + " of item " +
                    std::to_string(out_.size()) + " is " + thing + ", expected a number");
      default:
        return fail("unexpected " + thing);
    }
  }

  // Keeps the first problem; Status::failure cuts long ones short.
  bool fail(std::string message) {
    if (error.empty()) error = std::move(message);
    return false;
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

  Items& out_;
  Container container_;
  State state_ = State::kStart;
  bool have_items_ = false;
  Item current_;
  unsigned seen_ = 0;
  int field_ = 0;
};

}  // namespace wcb
