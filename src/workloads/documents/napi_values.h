// The object strategy's JS values of the documents workload in the addon:
// walking a JS value into events through Node-API, and building the JS value
// of a decoded tagged form with napi_create_object and friends; the rules
// they share with the wasm bindings are js_rules.h's. Included by
// addon-bindings.cpp alone; internal linkage, so the compiler inlines them
// into the calls as it did in one source file.
#pragma once

#include <napi.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "addon/bindings_support.h"
#include "workloads/documents/events.h"
#include "workloads/documents/js_rules.h"

namespace wcb::addon {
namespace {  // NOLINT(google-build-namespaces): one includer, see above

using namespace documents::js;  // NOLINT(google-build-using-namespace): the rules of js_rules.h

// ---- marshal in ----

// Node writes a lone UTF-16 surrogate as U+FFFD (EF BF BD): only a string
// whose UTF-8 has one can hide a lone surrogate; its UTF-16 then tells.
bool has_lone_surrogate(const Napi::Value& js_string, const std::string& text) {
  if (text.find("\xEF\xBF\xBD") == std::string::npos) return false;
  const std::u16string units = js_string.As<Napi::String>().Utf16Value();
  for (std::size_t i = 0; i < units.size(); ++i) {
    const char16_t unit = units[i];
    if (unit >= 0xd800 && unit <= 0xdbff) {
      if (i + 1 < units.size() && units[i + 1] >= 0xdc00 && units[i + 1] <= 0xdfff) {
        ++i;
        continue;
      }
      return true;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}

void read_string(const Napi::Value& value, std::string& out) {
  const napi_env env = value.Env();
  std::size_t length = 0;
  NAPI_THROW_IF_FAILED_VOID(env, napi_get_value_string_utf8(env, value, nullptr, 0, &length));
  out.resize(length);
  NAPI_THROW_IF_FAILED_VOID(env, napi_get_value_string_utf8(env, value, out.data(), length + 1, &length));
}

// The JS values the walk compares with, looked up once per call.
struct Js {
  Napi::Object object_prototype;
  Napi::Function to_string;

  explicit Js(Napi::Env env) {
    const Napi::Object object = env.Global().Get("Object").As<Napi::Object>();
    object_prototype = object.Get("prototype").As<Napi::Object>();
    to_string = object_prototype.Get("toString").As<Napi::Function>();
  }
};

// What a value that is not JSON-like is, for its error.
[[noreturn]] void refuse(const Napi::Value& value, const Where* where, const Js& js) {
  if (value.Type() != napi_object) bad_value(describe(value), where);
  // "[object Date]" -> "a Date"; a class instance reads "[object Object]".
  std::string tag = js.to_string.Call(value, {}).As<Napi::String>().Utf8Value();
  tag = tag.substr(8, tag.size() - 9);
  if (tag == "Object") bad_value("an object of a class", where, "only plain objects and arrays");
  bad_value("a " + tag, where, "only plain objects and arrays");
}

void read_js(const Napi::Value& value, documents::Events& out, const Where* where, std::size_t depth,
             const Js& js) {
  const napi_env env = value.Env();
  switch (value.Type()) {
    case napi_null:
      out.null();
      return;
    case napi_boolean:
      out.boolean(value.As<Napi::Boolean>().Value());
      return;
    case napi_number:
      number_event(value.As<Napi::Number>().DoubleValue(), out);
      return;
    case napi_string: {
      std::string text;
      read_string(value, text);
      if (has_lone_surrogate(value, text))
        bad_value("a string with a lone surrogate", where, "UTF-8 cannot hold it");
      out.string(text);
      return;
    }
    case napi_object:
      break;
    default:
      refuse(value, where, js);
  }
  if (depth >= documents::kMaxDepth) {
    bad_value("nesting deeper than " + std::to_string(documents::kMaxDepth) + " levels", where);
  }
  // The handles of this container's children die with this scope.
  const Napi::HandleScope scope(env);
  if (value.IsArray()) {
    const Napi::Array array = value.As<Napi::Array>();
    const std::uint32_t count = array.Length();
    out.start_array(count);
    for (std::uint32_t i = 0; i < count; ++i) {
      const Where here{where, nullptr, i};
      read_js(array.Get(i), out, &here, depth + 1, js);
    }
    out.end_array();
    return;
  }
  napi_value prototype = nullptr;
  NAPI_THROW_IF_FAILED_VOID(env, napi_get_prototype(env, value, &prototype));
  if (!Napi::Value(env, prototype).IsNull() && !js.object_prototype.StrictEquals(Napi::Value(env, prototype)))
    refuse(value, where, js);
  // Object.keys: own enumerable string keys, indexes as strings.
  napi_value keys_value = nullptr;
  NAPI_THROW_IF_FAILED_VOID(
      env,
      napi_get_all_property_names(env, value, napi_key_own_only,
                                  static_cast<napi_key_filter>(napi_key_enumerable | napi_key_skip_symbols),
                                  napi_key_numbers_to_strings, &keys_value));
  const Napi::Array keys(env, keys_value);
  const Napi::Object object = value.As<Napi::Object>();
  const std::uint32_t count = keys.Length();
  out.start_object(count);
  std::string text;
  for (std::uint32_t i = 0; i < count; ++i) {
    const Napi::Value key = keys.Get(i);
    read_string(key, text);
    if (has_lone_surrogate(key, text))
      bad_value("a key with a lone surrogate", where, "UTF-8 cannot hold it");
    out.key(text);
    const Where here{where, &text, 0};
    read_js(object.Get(key), out, &here, depth + 1, js);
  }
  out.end_object();
}

// ---- marshal out: the Events building the JS value of a decoded tagged
// form (driven by a TaggedSource over it: the TaggedSink that wrote it
// refused what a JS number cannot hold) ----
class JsBuilder final : public documents::Events {
 public:
  explicit JsBuilder(Napi::Env env) : env_(env) {}
  napi_value result = nullptr;

  void null() override { place(env_.Null()); }
  void boolean(bool value) override { place(Napi::Boolean::New(env_, value)); }
  void integer(std::int64_t value) override { place(Napi::Number::New(env_, static_cast<double>(value))); }
  void unsigned_integer(std::uint64_t value) override {
    place(Napi::Number::New(env_, static_cast<double>(value)));
  }
  void number(double value) override { place(Napi::Number::New(env_, value)); }
  void string(std::string_view value) override {
    napi_value text = nullptr;
    NAPI_THROW_IF_FAILED_VOID(env_, napi_create_string_utf8(env_, value.data(), value.size(), &text));
    place(text);
  }
  void start_array(std::size_t count) override { open(Napi::Array::New(env_, count), true); }
  void end_array() override { close(); }
  void start_object(std::size_t) override { open(Napi::Object::New(env_), false); }
  void key(std::string_view key) override {
    NAPI_THROW_IF_FAILED_VOID(env_, napi_create_string_utf8(env_, key.data(), key.size(), &key_));
    proto_key_ = key == "__proto__";
  }
  void end_object() override { close(); }

 private:
  struct Frame {
    napi_value container;
    bool array;
    std::uint32_t next;
    napi_handle_scope scope;  // the children's handles
  };

  void place(napi_value value) {
    if (frames_.empty()) {
      result = value;
      return;
    }
    Frame& top = frames_.back();
    if (top.array) {
      NAPI_THROW_IF_FAILED_VOID(env_, napi_set_element(env_, top.container, top.next++, value));
    } else if (proto_key_) {
      // Assigning "__proto__" would set the prototype; JSON.parse makes it
      // an own property, and so does this.
      napi_property_descriptor descriptor{
          nullptr, key_, nullptr, nullptr, nullptr, value, napi_default_jsproperty, nullptr};
      NAPI_THROW_IF_FAILED_VOID(env_, napi_define_properties(env_, top.container, 1, &descriptor));
    } else {
      NAPI_THROW_IF_FAILED_VOID(env_, napi_set_property(env_, top.container, key_, value));
    }
  }

  void open(napi_value container, bool array) {
    place(container);
    napi_handle_scope scope = nullptr;
    NAPI_THROW_IF_FAILED_VOID(env_, napi_open_handle_scope(env_, &scope));
    frames_.push_back({container, array, 0, scope});
  }

  void close() {
    napi_close_handle_scope(env_, frames_.back().scope);
    frames_.pop_back();
  }

 public:
  // A failed walk leaves scopes open: closed innermost first.
  ~JsBuilder() override {
    while (!frames_.empty()) close();
  }

 private:
  Napi::Env env_;
  std::vector<Frame> frames_;
  napi_value key_ = nullptr;
  bool proto_key_ = false;
};

}  // namespace
}  // namespace wcb::addon
