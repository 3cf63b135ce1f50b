// JSON text as JSON.stringify writes it, from a document's events: the json
// codec's writer, and the `text` strategy's (a codec's reader driving it
// gives the text JS parses). Compact; strings escaped as JSON.stringify
// escapes them (", \, \b \f \n \r \t, other controls as \u00xx, nothing
// else: a document's strings are UTF-8 already, checked where they come
// from); numbers as Number::toString (number_text.h); integers in full (an
// integer event is exact; only a source beyond JS, such as msgpack's
// uint64, holds one that JS could not); NaN and Infinity refused, as JSON
// has neither.
//
// It appends to a Bytes or a std::string, whose growth is geometric; the
// caller clears it first if it reuses it.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "json_text/number_text.h"
#include "workloads/documents/document.h"
#include "workloads/documents/events.h"

namespace wcb::json_text {

template <typename Out>
class TextWriter final : public documents::Events {
 public:
  explicit TextWriter(Out& out) : out_(out) {}

  void null() override { scalar("null"); }
  void boolean(bool value) override { scalar(value ? std::string_view("true") : std::string_view("false")); }
  void integer(std::int64_t value) override { whole(value); }
  void unsigned_integer(std::uint64_t value) override { whole(value); }
  void number(double value) override {
    if (!std::isfinite(value)) throw documents::Unrepresentable("JSON has no NaN or Infinity");
    separate();
    append_number(out_, value);
    comma_ = true;
  }
  void string(std::string_view value) override {
    separate();
    append_quoted(out_, value);
    comma_ = true;
  }
  void start_array(std::size_t) override { open('['); }
  void end_array() override { close(']'); }
  void start_object(std::size_t) override { open('{'); }
  void key(std::string_view key) override {
    separate();
    append_quoted(out_, key);
    out_.push_back(':');
  }
  void end_object() override { close('}'); }

 private:
  // A comma before every value or key that follows another in its container:
  // set after a value ends, cleared by an opening bracket and by a key (its
  // value follows the colon).
  void separate() {
    if (comma_) out_.push_back(',');
    comma_ = false;
  }
  template <typename Integer>
  void whole(Integer value) {
    separate();
    char text[24];
    const auto result = std::to_chars(text, text + sizeof text, value);
    append(text, static_cast<std::size_t>(result.ptr - text));
    comma_ = true;
  }
  void scalar(std::string_view text) {
    separate();
    append(text.data(), text.size());
    comma_ = true;
  }
  void open(char bracket) {
    separate();
    out_.push_back(bracket);
  }
  void close(char bracket) {
    out_.push_back(bracket);
    comma_ = true;
  }

  void append(const char* data, std::size_t size) { out_.insert(out_.end(), data, data + size); }

  Out& out_;
  bool comma_ = false;
};

}  // namespace wcb::json_text
