// The val strategy's JS values of the documents workload: walking a JS value
// into events with emscripten::val, and building the JS value of a decoded
// tagged form; the rules they share with the addon are js_rules.h's.
// Included by bindings.cpp alone; internal linkage, so the compiler inlines
// them into the exports as it did in one source file.
#pragma once

#include <emscripten/val.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "workloads/documents/events.h"
#include "workloads/documents/js_rules.h"

namespace wcb::wasm {
namespace {  // NOLINT(google-build-namespaces): one includer, see above

using namespace documents::js;  // NOLINT(google-build-using-namespace): the rules of js_rules.h
using emscripten::val;

// The JS functions and names the walk uses, looked up once per call.
struct Js {
  val length{"length"};
  val object{"object"};
  val is_array = val::global("Array")["isArray"];
  val keys = val::global("Object")["keys"];
  val prototype_of = val::global("Object")["getPrototypeOf"];
  val object_prototype = val::global("Object")["prototype"];
  val define_property = val::global("Object")["defineProperty"];
};

// embind writes a lone UTF-16 surrogate as part of a made-up 4-byte
// character (it pairs it with whatever follows), so only a string whose
// UTF-8 has a 4-byte character can hide one; JS then tells.
bool has_lone_surrogate(const val& js_string, const std::string& text) {
  const bool four_byte =
      std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0xf0; });
  return four_byte && !js_string.call<bool>("isWellFormed");
}

// What a value that is not JSON-like is, for its error.
[[noreturn]] void refuse(const val& value, const Where* where, Js& js) {
  if (value.isUndefined()) bad_value("undefined", where);
  const std::string type = value.typeOf().as<std::string>();
  if (type != "object") bad_value("a " + type, where);
  // "[object Date]" -> "a Date"; a class instance reads "[object Object]".
  std::string tag = js.object_prototype["toString"].call<std::string>("call", value);
  tag = tag.substr(8, tag.size() - 9);
  if (tag == "Object") bad_value("an object of a class", where, "only plain objects and arrays");
  bad_value("a " + tag, where, "only plain objects and arrays");
}

void read_js(const val& value, documents::Events& out, const Where* where, std::size_t depth, Js& js) {
  if (value.isNull()) {
    out.null();
  } else if (value.isTrue()) {
    out.boolean(true);
  } else if (value.isFalse()) {
    out.boolean(false);
  } else if (value.isNumber()) {
    number_event(value.as<double>(), out);
  } else if (value.isString()) {
    const std::string text = value.as<std::string>();
    if (has_lone_surrogate(value, text))
      bad_value("a string with a lone surrogate", where, "UTF-8 cannot hold it");
    out.string(text);
  } else if (value.isUndefined() || !value.typeOf().strictlyEquals(js.object)) {
    refuse(value, where, js);
  } else {
    if (depth >= documents::kMaxDepth) {
      bad_value("nesting deeper than " + std::to_string(documents::kMaxDepth) + " levels", where);
    }
    if (js.is_array(value).as<bool>()) {
      const std::size_t count = value[js.length].as<std::size_t>();
      out.start_array(count);
      for (std::size_t i = 0; i < count; ++i) {
        const Where here{where, nullptr, i};
        read_js(value[i], out, &here, depth + 1, js);
      }
      out.end_array();
      return;
    }
    const val prototype = js.prototype_of(value);
    if (!prototype.isNull() && !prototype.strictlyEquals(js.object_prototype)) refuse(value, where, js);
    const val keys = js.keys(value);
    const std::size_t count = keys[js.length].as<std::size_t>();
    out.start_object(count);
    for (std::size_t i = 0; i < count; ++i) {
      const val key = keys[i];
      const std::string text = key.as<std::string>();
      if (has_lone_surrogate(key, text))
        bad_value("a key with a lone surrogate", where, "UTF-8 cannot hold it");
      out.key(text);
      const Where here{where, &text, 0};
      read_js(value[key], out, &here, depth + 1, js);
    }
    out.end_object();
  }
}

// The Events that build the JS value of a decoded tagged form (driven by a
// TaggedSource over it: the TaggedSink that wrote it refused what a JS
// number cannot hold). Keys come as views of the tagged bytes, the same
// view for every use of one key number: each key's JS string is made once.
class JsBuilder final : public documents::Events {
 public:
  explicit JsBuilder(Js& js) : js_(js) {}
  val result = val::undefined();

  void null() override { place(val::null()); }
  void boolean(bool value) override { place(val(value)); }
  void integer(std::int64_t value) override { place(val(static_cast<double>(value))); }
  void unsigned_integer(std::uint64_t value) override { place(val(static_cast<double>(value))); }
  void number(double value) override { place(val(value)); }
  void string(std::string_view value) override { place(val(std::string(value))); }
  void start_array(std::size_t) override { open(val::array(), true); }
  void end_array() override { frames_.pop_back(); }
  void start_object(std::size_t) override { open(val::object(), false); }
  void key(std::string_view key) override {
    auto found = keys_.find(key.data());
    if (found == keys_.end()) found = keys_.emplace(key.data(), val(std::string(key))).first;
    key_ = &found->second;
    proto_key_ = key == "__proto__";
  }
  void end_object() override { frames_.pop_back(); }

 private:
  struct Frame {
    val container;
    bool array;
    std::size_t next;
  };

  void place(const val& value) {
    if (frames_.empty()) {
      result = value;
      return;
    }
    Frame& top = frames_.back();
    if (top.array) {
      top.container.set(top.next++, value);
    } else if (proto_key_) {
      // Assigning "__proto__" would set the prototype; JSON.parse makes it
      // an own property, and so does this.
      val descriptor = val::object();
      descriptor.set("value", value);
      descriptor.set("writable", true);
      descriptor.set("enumerable", true);
      descriptor.set("configurable", true);
      js_.define_property(top.container, *key_, descriptor);
    } else {
      top.container.set(*key_, value);
    }
  }

  void open(val container, bool array) {
    place(container);
    frames_.push_back({std::move(container), array, 0});
  }

  Js& js_;
  std::vector<Frame> frames_;
  std::unordered_map<const char*, val> keys_;
  const val* key_ = nullptr;
  bool proto_key_ = false;
};

}  // namespace
}  // namespace wcb::wasm
