// The val strategy's records of the messages workload: js_boundary.h's
// walk over emscripten::val. Included by bindings.cpp alone; internal
// linkage, so the compiler inlines them into the exports as it did in one
// source file.
#pragma once

#include <emscripten/val.h>

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "workloads/messages/js_boundary.h"
#include "workloads/messages/messages.h"

namespace wcb::wasm::records {
namespace {  // NOLINT(google-build-namespaces): one includer, see above

namespace msg = wcb::messages;
using emscripten::val;
using msg::records::hold;
using msg::records::MarshalError;

template <std::size_t... I>
std::array<val, sizeof...(I)> make_keys(std::index_sequence<I...> /*keys*/) {
  return {val(msg::records::kKeyTexts[I])...};
}

// The JS property keys and constructors, made once: a key built from a C
// string at every access would time UTF-8 decoding of its name.
struct JsNames {
  std::array<val, msg::records::kKeyCount> keys =
      make_keys(std::make_index_sequence<msg::records::kKeyCount>());
  val length{"length"};
  val date = val::global("Date");
  val array = val::global("Array");
  val uint8_array = val::global("Uint8Array");
};

const JsNames& js() {
  static const JsNames names;
  return names;
}

// js_boundary.h's Api over emscripten::val.
struct ValApi {
  using Value = val;
  using Object = val;
  using Array = val;
  const JsNames& names = js();

  // ---- marshal in ----
  val get(const val& parent, msg::records::Key key) const { return parent[names.keys[key]]; }
  static bool is_undefined(const val& value) { return value.isUndefined(); }
  // What a wrong JS value is, for an error message (error path only).
  static std::string describe(const val& value) {
    if (value.isUndefined()) return "undefined";
    if (value.isNull()) return "null";
    if (value.isTrue()) return "true";
    if (value.isFalse()) return "false";
    if (value.isNumber()) return "the number " + val::global("String")(value).as<std::string>();
    if (value.isString()) return "a string";
    if (value.instanceof (js().date)) return "a Date";
    if (value.instanceof (js().array)) return "an array";
    if (value.instanceof (js().uint8_array)) return "a Uint8Array";
    const std::string type = value.typeOf().as<std::string>();
    return (type == "object" ? "an " : "a ") + type;
  }
  // Reading a property of null or undefined would raise a JS TypeError; a
  // number or a string would read as a missing field.
  static bool is_object(const val& value) {
    return !(value.isNull() || value.isUndefined() || value.isTrue() || value.isFalse() || value.isNumber() ||
             value.isString());
  }
  static val as_object(val&& value) { return std::move(value); }
  static bool boolean(const val& value, bool& out) {
    out = value.isTrue();
    return out || value.isFalse();
  }
  static bool number(const val& value, double& out) {
    if (!value.isNumber()) return false;
    out = value.as<double>();
    return true;
  }
  static bool string(const val& value, std::string& out) {
    if (!value.isString()) return false;
    out = value.as<std::string>();
    return true;
  }
  bool date(const val& value, double& ms) const {
    if (!value.instanceof (names.date)) return false;
    ms = value.call<double>("getTime");
    return true;
  }
  bool bytes(const val& value, std::vector<std::uint8_t>& out) const {
    if (!value.instanceof (names.uint8_array)) return false;
    out.resize(value[names.length].as<std::size_t>());
    if (!out.empty()) val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", value);
    return true;
  }
  bool is_array(const val& value) const { return value.instanceof (names.array); }
  val as_array(val&& value, std::size_t& length) const {
    length = value[names.length].as<std::size_t>();
    return std::move(value);
  }
  static val element(const val& array, std::size_t index) { return array[index]; }
  static bool scalar(const val& value, msg::Scalar& out) {
    if (value.isTrue() || value.isFalse()) {
      out = value.isTrue();
    } else if (value.isNumber()) {
      msg::records::number_scalar(value.as<double>(), out);
    } else if (value.isString()) {
      out = value.as<std::string>();
    } else {
      return false;
    }
    return true;
  }

  // ---- marshal out ----
  static val object() { return val::object(); }
  static val array(std::size_t /*length*/) { return val::array(); }
  template <typename V>
  void set(val& object, msg::records::Key key, const V& value) const {
    object.set(names.keys[key], value);
  }
  template <typename V>
  static void set_element(val& array, std::size_t index, const V& value) {
    array.set(index, value);
  }
  val date(double ms) const { return names.date.new_(ms); }
  // A copy: a view of the heap would change with the next call.
  static val bytes(const std::vector<std::uint8_t>& data) {
    return val(emscripten::typed_memory_view(data.size(), data.data())).call<val>("slice");
  }
};

// strategy val, marshal in: the JS record of `kind` into `out`.
void read_record(msg::Kind kind, const val& record, msg::Message& out) {
  msg::records::read_fields(kind, record, out, ValApi{});
}

// strategy val, marshal out: a plain JS record.
val record_to_js(const msg::Message& message) {
  return std::visit(msg::records::RecordWriter<ValApi>{}, message);
}

// The Kind of a JS kind index (the position in kKindNames), or a failure.
msg::Kind checked_kind(int kind) {
  if (kind < 0 || static_cast<std::size_t>(kind) >= msg::kKindCount) {
    throw MarshalError("unknown record kind " + std::to_string(kind));
  }
  return static_cast<msg::Kind>(kind);
}

}  // namespace
}  // namespace wcb::wasm::records
