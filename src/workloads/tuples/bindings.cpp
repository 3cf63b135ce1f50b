// The embind bindings of the tuple workload: one codec's encode (JS items ->
// bytes) and decode (bytes -> JS items) through the three interop strategies
// (docs/design.md#strategies):
//   val     C++ walks the JS objects with emscripten::val and builds the JS
//           result with val::object()/val::array(): what a newcomer writes.
//   embind  value_object<Item> + register_vector<Item>: JS fills an
//           ItemVector with push_back; decode takes the bytes as std::string
//           and returns an ItemVector that JS reads and deletes.
//   typed   JS writes x, y, z straight into C++-owned item storage through
//           heap views (24-byte stride, see workloads/tuples/item.h) and reads decoded
//           items back the same way; one boundary crossing per payload.
//           Its columnar variant decodes into one array per field instead
//           (decodeColumns/decodedColumns).
// src/harness/wasm-codec.mjs is the JS half of every strategy. The module's
// codec is the one entry of the registry it links (core/registry.h); the
// exports every module has, and the error contract, are in src/wasm/module.h.
//
// Encoded bytes are returned as a view of C++-owned memory, valid until the
// next call into the module; the JS wrapper copies it out at once.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/clock.h"
#include "wasm/module.h"
#include "workloads/tuples/module_state.h"

namespace wcb::wasm {

namespace {

using emscripten::val;

using tuples::guarded;
using tuples::resize_items;
using tuples::State;
using tuples::state;

// The embind modules' clock for the phases (core/clock.h).
const auto module_clock = [] { return now_ms(); };

bool encode_items(State& s, std::span<const Item> items) {
  return tuples::encode_items(s, items, module_clock);
}

bool decode_bytes(State& s, std::span<const std::uint8_t> bytes, Items& out) {
  return tuples::decode_bytes(s, bytes, out, module_clock);
}

val view_of_encoded(const State& s) {
  return val(emscripten::typed_memory_view(s.encoded.size(), s.encoded.data()));
}

// ---- strategy val ----

// The property keys of an item, made once per call rather than from a C
// string at every access, which would time UTF-8 decoding of "x" a million
// times.
struct ItemKeys {
  val x{"x"}, y{"y"}, z{"z"};
};

// A bad value as an error shows it, in the words of the JS check
// (src/harness/wasm-items.mjs): strings quoted, -0 as "-0", numbers and
// booleans as JS prints them, otherwise "an array", "an object", "a function".
std::string describe(const val& value) {
  if (value.isString()) return val::global("JSON").call<std::string>("stringify", value);
  if (value.isNumber() && value.as<double>() == 0 && std::signbit(value.as<double>())) return "-0";
  const std::string type = value.typeOf().as<std::string>();
  if (type == "object" && !value.isNull()) {
    return val::global("Array").call<bool>("isArray", value) ? "an array" : "an object";
  }
  if (type == "function" || type == "symbol") return "a " + type;
  const std::string text = val::global("String")(value).as<std::string>();
  return type == "bigint" ? text + "n" : text;
}

// Why the item at `index` is not {x: int32, y: number, z: number}. Only
// called once the fast check in encode_val has failed, so it may take its
// time to say it exactly.
[[gnu::noinline]] std::string bad_item_problem(const val& item, std::size_t index, const ItemKeys& keys) {
  const std::string where = "item " + std::to_string(index);
  if (item.isNull() || item.typeOf().as<std::string>() != "object") {
    return where + " is not an object (got " + describe(item) + ")";
  }
  const struct {
    const char* name;
    const val& key;
    bool int32;
  } fields[] = {{"x", keys.x, true}, {"y", keys.y, false}, {"z", keys.z, false}};
  for (const auto& field : fields) {
    const val value = item[field.key];
    if (value.isUndefined()) return where + ": " + field.name + " is missing";
    if (!value.isNumber() || (field.int32 && !is_item_x(value.as<double>()))) {
      return where + ": " + field.name +
             (field.int32 ? " must be an int32, got " : " must be a number, got ") + describe(value);
    }
  }
  return where + " changed while it was read";  // a getter that answers differently each time
}

// items: a JS array of {x: int32, y: number, z: number}. Returns a Uint8Array
// view of the encoding, or null on failure (a bad item names its index and
// field). The check costs one isNumber() crossing per field on top of the
// reads; null and undefined items are caught before any property access
// (comparing handles, no crossing). A non-object whose x, y and z are
// numbers (a function with such properties) is let through: telling it apart
// would cost a typeof crossing per item.
val encode_val(val items) {
  return guarded(val::null(), [&](State& s) {
    s.begin();
    const double start = now_ms();
    const ItemKeys keys;
    const std::size_t count = items["length"].as<std::size_t>();
    resize_items(s.items_in, count);
    for (std::size_t i = 0; i < count; ++i) {
      const val item = items[i];
      if (item.isNull() || item.isUndefined()) {
        s.fail(bad_item_problem(item, i, keys));
        return val::null();
      }
      const val x = item[keys.x], y = item[keys.y], z = item[keys.z];
      const double x_value = x.isNumber() ? x.as<double>() : NAN;
      if (!is_item_x(x_value) || !y.isNumber() || !z.isNumber()) {
        s.fail(bad_item_problem(item, i, keys));
        return val::null();
      }
      s.items_in[i] = Item(static_cast<std::int32_t>(x_value), y.as<double>(), z.as<double>());
    }
    s.marshal_ms = now_ms() - start;
    if (!encode_items(s, s.items_in)) return val::null();
    return view_of_encoded(s);
  });
}

// bytes: a Uint8Array. Returns a JS array of {x, y, z}, or null on failure.
val decode_val(val bytes) {
  return guarded(val::null(), [&](State& s) {
    s.begin();
    const double start = now_ms();
    const std::size_t length = bytes["length"].as<std::size_t>();
    std::uint8_t* target = s.bytes_in.prepare(length);
    val(emscripten::typed_memory_view(length, target)).call<void>("set", bytes);
    s.bytes_in_ms = now_ms() - start;

    if (!decode_bytes(s, s.bytes_in.bytes(), s.items_out)) return val::null();

    const double marshal_start = now_ms();
    const ItemKeys keys;
    val result = val::array();
    for (std::size_t i = 0; i < s.items_out.size(); ++i) {
      const Item& item = s.items_out[i];
      val object = val::object();
      object.set(keys.x, item.x);
      object.set(keys.y, item.y);
      object.set(keys.z, item.z);
      result.set(i, object);
    }
    s.marshal_ms = now_ms() - marshal_start;
    return result;
  });
}

// ---- strategy embind ----

// items: an ItemVector filled by JS. Returns a Uint8Array view of the
// encoding, or null on failure.
val encode_embind(const Items& items) {
  return guarded(val::null(), [&](State& s) {
    s.begin();
    if (!encode_items(s, items)) return val::null();
    return view_of_encoded(s);
  });
}

// bytes: a Uint8Array (embind copies it into a std::string). Returns a new
// ItemVector that JS must delete(); empty on failure. The codec decodes into
// the reused items_out, as in the other strategies, so its codecMs times the
// same work; the copy into the vector JS receives is marshalling.
Items decode_embind(const std::string& bytes) {
  return guarded(Items{}, [&](State& s) {
    s.begin();
    if (!decode_bytes(s, {reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}, s.items_out)) {
      return Items{};
    }
    const double start = now_ms();
    Items out(s.items_out);
    s.marshal_ms = now_ms() - start;
    return out;
  });
}

// ---- strategy typed ----

// Encodes the first `count` items of item_buffer. Returns a Uint8Array view
// of the encoding, or null on failure.
val encode_typed(std::size_t count) {
  return guarded(val::null(), [&](State& s) {
    s.begin();
    if (!tuples::encode_typed(s, count, module_clock)) return val::null();
    return view_of_encoded(s);
  });
}

std::uintptr_t decoded_items() { return reinterpret_cast<std::uintptr_t>(state().items_out.data()); }

// decodeTyped and decodeColumns: the count (0 on failure: check lastCall);
// decodedItems() and decodedColumns() give views of the items, valid until
// the next call.
std::size_t decode_typed(std::size_t length) { return tuples::guarded_decode_typed(length, module_clock); }
std::size_t decode_columns(std::size_t length) {
  return tuples::guarded_decode_columns(length, module_clock);
}

// {x: Int32Array, y: Float64Array, z: Float64Array} views of the columns of
// the last decodeColumns, valid until the next call.
val decoded_columns() {
  const State& s = state();
  val columns = val::object();
  columns.set("x", val(emscripten::typed_memory_view(s.x_out.size(), s.x_out.data())));
  columns.set("y", val(emscripten::typed_memory_view(s.y_out.size(), s.y_out.data())));
  columns.set("z", val(emscripten::typed_memory_view(s.z_out.size(), s.z_out.data())));
  return columns;
}

}  // namespace

// ---- module.h's hooks ----

CallOutcome& outcome() { return state(); }
std::string codec_name() { return state().name; }
std::string library_version() { return state().codec->library_version(); }

void poison_outputs() { tuples::poison_state_outputs(state()); }
void release_buffers() { tuples::release_state_buffers(state()); }

EMSCRIPTEN_BINDINGS(wcb_tuples) {
  using namespace emscripten;

  value_object<Item>("Item").field("x", &Item::x).field("y", &Item::y).field("z", &Item::z);
  register_vector<Item>("ItemVector");

  function("encodeVal", &encode_val);
  function("decodeVal", &decode_val);

  function("encodeEmbind", &encode_embind);
  function("decodeEmbind", &decode_embind);

  function("itemBuffer", &tuples::guarded_item_buffer);
  function("encodeTyped", &encode_typed);
  function("byteBuffer", &tuples::guarded_byte_buffer);
  function("decodeTyped", &decode_typed);
  function("decodedItems", &decoded_items);
  function("decodeColumns", &decode_columns);
  function("decodedColumns", &decoded_columns);
}

}  // namespace wcb::wasm
