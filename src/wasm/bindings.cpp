// The embind bindings of one codec. This file is compiled once per codec
// (WCB_CODEC_FACTORY names the codec's factory from codecs/codecs.h) and
// linked with that codec alone, so each wasm module's size is the size of
// shipping that one codec.
//
// Encode (JS objects -> bytes) and decode (bytes -> JS objects) are exposed
// through the three interop strategies of DESIGN.md:
//   val     C++ walks the JS objects with emscripten::val and builds the JS
//           result with val::object()/val::array(): what a newcomer writes.
//   embind  value_object<Item> + register_vector<Item>: JS fills an
//           ItemVector with push_back; decode takes the bytes as std::string
//           and returns an ItemVector that JS reads and deletes.
//   typed   JS writes x, y, z straight into C++-owned item storage through
//           heap views (24-byte stride, see core/item.h) and reads decoded
//           items back the same way; one boundary crossing per payload.
//           Its columnar variant decodes into one array per field instead
//           (decodeColumns/decodedColumns).
// src/harness/wasm-codec.mjs is the JS half of every strategy.
//
// The messages workload (one record per call) has its own exports further
// down, compiled in when the codec has a message adapter
// (WCB_MESSAGE_CODEC_FACTORY, from codecs/message_codecs.h); every module
// also exports emptyCall, the per-call floor.
//
// Encoded bytes are returned as a view of C++-owned memory, valid until the
// next call into the module; the JS wrapper copies it out at once.
//
// Error contract: nothing throws across this boundary. A failed call returns
// an empty result (null, an empty vector, or a count of 0) and records the
// codec's Status message ("<codec>: <problem>"); JS reads it with lastCall()
// and throws an Error carrying it. The module stays usable, and the buffers
// reused between calls keep a failed call from leaking.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <vector>

#include "codecs/codecs.h"
#include "core/clock.h"

#ifdef WCB_MESSAGE_CODEC_FACTORY
#include <array>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <variant>
#include <vector>

#include "codecs/message_codecs.h"
#include "core/message_codec.h"
#include "core/messages.h"
#endif

#ifndef WCB_CODEC_FACTORY
#error "define WCB_CODEC_FACTORY to one factory of codecs/codecs.h, e.g. make_raw_codec"
#endif

namespace wcb::wasm {

namespace {

using emscripten::val;

// A growable byte buffer that, unlike std::vector, does not zero what it
// allocates: it only ever receives a copy of JS bytes, so zeroing would bill
// the decode for work no real program does.
class ByteBuffer {
 public:
  std::uint8_t* prepare(std::size_t size) {
    if (size > capacity_) {
      data_.reset();  // free first, so the heap can reuse the space
      data_.reset(new std::uint8_t[size]);
      capacity_ = size;
    }
    size_ = size;
    return data_.get();
  }
  std::span<const std::uint8_t> bytes() const { return {data_.get(), size_}; }

 private:
  std::unique_ptr<std::uint8_t[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// Everything the module keeps between calls: the codec, buffers reused from
// call to call (so steady-state calls do not allocate), and the outcome of
// the last call.
struct State {
  std::unique_ptr<Codec> codec = WCB_CODEC_FACTORY();
  std::string name{codec->name()};
  Bytes encoded;        // output of the last encode, viewed by JS
  Items items_in;       // encode input of the val and typed strategies
  ByteBuffer bytes_in;  // decode input of the val and typed strategies
  Items items_out;      // decode output of the val and typed strategies
  // decodeColumns' output: items_out transposed, one array per field, so JS
  // copies each column out with one slice().
  std::vector<std::int32_t> x_out;
  std::vector<double> y_out;
  std::vector<double> z_out;

  // Outcome of the last call.
  bool ok = true;
  std::string error;
  double codec_ms = 0;     // codec.encode / codec.decode only
  double marshal_ms = 0;   // C++ converting between JS objects and items (val)
  double bytes_in_ms = 0;  // C++ copying the input bytes into the heap (val)

  void begin() {
    ok = true;
    error.clear();
    codec_ms = marshal_ms = bytes_in_ms = 0;
  }
  void fail(const Status& status) {
    ok = false;
    error = status.message();
  }
  void fail(std::string_view problem) { fail(Status::failure(name, problem)); }
};

State& state() {
  static State instance;
  return instance;
}

// Runs one binding body. Codec::encode/decode never throw, but the
// marshalling around them allocates (a payload bigger than the heap can
// grow to throws std::bad_alloc); that must become a Status too, never a C++
// exception crossing into JS.
//
// Deliberately not noexcept: a val call can raise a *JS* exception (a getter
// that throws, say) that unwinds through these frames. With wasm exceptions
// it passes the C++ catch clauses and reaches the JS caller intact, after the
// destructors ran; a noexcept frame would instead call std::terminate, and
// abort() inside the module.
template <typename Result, typename Body>
Result guarded(Result failed, Body&& body) {
  State& s = state();
  try {
    return body(s);
  } catch (const std::bad_alloc&) {
    s.fail("out of memory");
  } catch (const std::exception& error) {
    s.fail(error.what());
  } catch (...) {
    s.fail("unknown error");
  }
  return failed;
}

// Item storage for `count` items. std::vector reports a count beyond what
// wasm32 can address as length_error("vector"); it is an out-of-memory case.
void resize_items(Items& items, std::size_t count) {
  if (count > items.max_size()) throw std::bad_alloc();
  items.resize(count);
}

val view_of_encoded(const State& s) {
  return val(emscripten::typed_memory_view(s.encoded.size(), s.encoded.data()));
}

// Runs the codec's encode of `items` into s.encoded and times it.
bool encode_items(State& s, std::span<const Item> items) {
  const double start = now_ms();
  const Status status = s.codec->encode(items, s.encoded);
  s.codec_ms = now_ms() - start;
  if (!status) s.fail(status);
  return status.ok();
}

bool decode_bytes(State& s, std::span<const std::uint8_t> bytes, Items& out) {
  const double start = now_ms();
  const Status status = s.codec->decode(bytes, out);
  s.codec_ms = now_ms() - start;
  if (!status) s.fail(status);
  return status.ok();
}

// ---- strategy val ----

// items: a JS array of {x, y, z}. Returns a Uint8Array view of the encoding,
// or null on failure.
val encode_val(val items) {
  return guarded(val::null(), [&](State& s) {
    s.begin();
    const double start = now_ms();
    // The property keys are made once per call rather than from a C string
    // at every access, which would time UTF-8 decoding of "x" a million times.
    const val key_x("x"), key_y("y"), key_z("z");
    const std::size_t count = items["length"].as<std::size_t>();
    resize_items(s.items_in, count);
    for (std::size_t i = 0; i < count; ++i) {
      const val item = items[i];
      Item& target = s.items_in[i];
      target.x = item[key_x].as<std::int32_t>();
      target.y = item[key_y].as<double>();
      target.z = item[key_z].as<double>();
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
    const val key_x("x"), key_y("y"), key_z("z");
    val result = val::array();
    for (std::size_t i = 0; i < s.items_out.size(); ++i) {
      const Item& item = s.items_out[i];
      val object = val::object();
      object.set(key_x, item.x);
      object.set(key_y, item.y);
      object.set(key_z, item.z);
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
// ItemVector that JS must delete(); empty on failure.
Items decode_embind(const std::string& bytes) {
  return guarded(Items{}, [&](State& s) {
    s.begin();
    Items out;
    decode_bytes(s, {reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}, out);
    return out;
  });
}

// ---- strategy typed ----

// Storage for `count` items that JS fills through HEAP32/HEAPF64 before
// encodeTyped. Owned by the module and reused; new items are zeroed, so the
// padding word JS never writes stays zero.
std::uintptr_t item_buffer(std::size_t count) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    s.begin();
    resize_items(s.items_in, count);
    return reinterpret_cast<std::uintptr_t>(s.items_in.data());
  });
}

// Encodes the first `count` items of item_buffer. Returns a Uint8Array view
// of the encoding, or null on failure.
val encode_typed(std::size_t count) {
  return guarded(val::null(), [&](State& s) {
    s.begin();
    if (count > s.items_in.size()) {
      s.fail("encodeTyped: count exceeds the item buffer");
      return val::null();
    }
    if (!encode_items(s, {s.items_in.data(), count})) return val::null();
    return view_of_encoded(s);
  });
}

// Space for `length` input bytes that JS copies in with HEAPU8.set before
// decodeTyped. Owned by the module and reused.
std::uintptr_t byte_buffer(std::size_t length) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    s.begin();
    return reinterpret_cast<std::uintptr_t>(s.bytes_in.prepare(length));
  });
}

// Decodes the `length` bytes of byte_buffer into module-owned items; returns
// their count (0 on failure: check lastCall). decodedItems() gives their
// address, valid until the next call.
std::size_t decode_typed(std::size_t length) {
  return guarded(std::size_t{0}, [&](State& s) {
    s.begin();
    const std::span<const std::uint8_t> bytes = s.bytes_in.bytes();
    if (length > bytes.size()) {
      s.fail("decodeTyped: length exceeds the byte buffer");
      return std::size_t{0};
    }
    decode_bytes(s, bytes.first(length), s.items_out);
    return s.items_out.size();
  });
}

std::uintptr_t decoded_items() { return reinterpret_cast<std::uintptr_t>(state().items_out.data()); }

// The columnar variant of decodeTyped: decodes like it, then transposes the
// items into x_out, y_out and z_out (timed as marshalling, not as the codec).
// Returns the count (0 on failure: check lastCall); decodedColumns() gives
// views of the columns, valid until the next call. Replaces JS reading the
// 24-byte items with a strided loop into three new typed arrays; measured
// by the Node runner at 10.5 MB (marshal-out phase, medians): flatbuffers
// 1.38 -> 0.74 ms, protobuf 1.60 -> 0.72, raw 1.20 -> 0.97.
std::size_t decode_columns(std::size_t length) {
  const std::size_t count = decode_typed(length);
  if (!state().ok) return 0;
  return guarded(std::size_t{0}, [&](State& s) {
    const double start = now_ms();
    s.x_out.resize(count);
    s.y_out.resize(count);
    s.z_out.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      const Item& item = s.items_out[i];
      s.x_out[i] = item.x;
      s.y_out[i] = item.y;
      s.z_out[i] = item.z;
    }
    s.marshal_ms = now_ms() - start;
    return count;
  });
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

// ---- module information ----

std::string codec_name() { return state().name; }
std::string library_version() { return state().codec->library_version(); }

// {ok, error, codecMs, marshalMs, bytesInMs} of the last call. Read after the
// timed region, so it costs the measurement nothing.
val last_call() {
  const State& s = state();
  val result = val::object();
  result.set("ok", s.ok);
  result.set("error", s.ok ? val::null() : val(s.error));
  result.set("codecMs", s.codec_ms);
  result.set("marshalMs", s.marshal_ms);
  result.set("bytesInMs", s.bytes_in_ms);
  return result;
}

// Current size of the wasm memory; it only grows.
double heap_bytes() { return static_cast<double>(emscripten_get_heap_size()); }

// Bytes malloc currently hands out: a leak shows here long before it grows
// the memory.
double allocated_bytes() { return static_cast<double>(mallinfo().uordblks); }

// Releases the buffers kept between calls (after a large payload).
void release_buffers() {
  State& s = state();
  Bytes().swap(s.encoded);
  Items().swap(s.items_in);
  Items().swap(s.items_out);
  std::vector<std::int32_t>().swap(s.x_out);
  std::vector<double>().swap(s.y_out);
  std::vector<double>().swap(s.z_out);
  s.bytes_in = ByteBuffer();
}

// ---- the per-call floor (every module) ----

// No arguments, no work: what one call from JS into the module costs (the
// messages workload's per-call floor).
void empty_call() {}

#ifdef WCB_MESSAGE_CODEC_FACTORY
// ---- the messages workload ----
//
// One record per call (src/core/messages.h), through two strategies:
//   val     C++ reads the JS record field by field with emscripten::val,
//           checking every type (JS gives no guarantee), and builds the
//           decoded record with val::object(). Every record.
//   embind  value_object registrations of the records embind maps to plain
//           JS objects by itself: bool, int, double, string, nested. embind
//           cannot produce a plain array, a Date or a Uint8Array from a
//           value_object, so array, record and binary are not offered. embind
//           does not check types either (2**31 wraps to an int32, NaN becomes
//           0): the JS wrapper checks the record before the call.
// Both return encodings as a view of s.encoded (JS copies it at once) and
// null on failure, with the error in lastCall() like the tuple exports.
//
// Floors, for the boundary's share of a call: the same call with the codec
// left out. The encode floor marshals the JS record in (JS -> Message) and
// hands back a view of bytes prepared beforehand (JS copies them out as it
// copies an encoding); the decode floor copies the JS bytes in and marshals
// out (Message -> JS record) a message decoded beforehand. prepareMessageFloor
// prepares both from one encoding, outside any timing.

namespace msg = wcb::messages;

struct MessageState {
  std::unique_ptr<msg::MessageCodec> codec = WCB_MESSAGE_CODEC_FACTORY();
  Bytes encoded;
  ByteBuffer bytes_in;
  // Encode input, decode output and decode-floor input, one message per
  // record kind, so that each keeps its strings' capacity from call to call.
  std::array<msg::Message, msg::kKindCount> in;
  std::array<msg::Message, msg::kKindCount> decoded;
  std::array<msg::Message, msg::kKindCount> floor;
  // The encoding the encode floor hands back, per record kind.
  std::array<Bytes, msg::kKindCount> floor_encoded;

  MessageState() {
    for (std::size_t i = 0; i < msg::kKindCount; ++i) {
      in[i] = msg::empty_message(static_cast<msg::Kind>(i));
      decoded[i] = in[i];
      floor[i] = in[i];
    }
  }

  msg::Message& input(msg::Kind kind) { return in[static_cast<std::size_t>(kind)]; }
};

MessageState& message_state() {
  static MessageState instance;
  return instance;
}

// guarded() for the message exports: a failure names the message codec.
template <typename Result, typename Body>
Result guarded_message(Result failed, Body&& body) {
  State& s = state();
  MessageState& ms = message_state();
  s.begin();
  try {
    return body(s, ms);
  } catch (const std::bad_alloc&) {
    s.fail(Status::failure(ms.codec->name(), "out of memory"));
  } catch (const std::exception& error) {
    s.fail(Status::failure(ms.codec->name(), error.what()));
  } catch (...) {
    s.fail(Status::failure(ms.codec->name(), "unknown error"));
  }
  return failed;
}

// The JS property keys and constructors, made once: a key built from a C
// string at every access would time UTF-8 decoding of its name.
struct JsNames {
  val value{"value"}, level2{"level2"}, level3{"level3"}, flag{"flag"}, count{"count"}, label{"label"};
  val id{"id"}, active{"active"}, score{"score"}, balance{"balance"}, latitude{"latitude"},
      longitude{"longitude"}, created_at{"createdAt"}, name{"name"}, description{"description"}, tags{"tags"},
      data{"data"}, length{"length"};
  val date = val::global("Date");
  val array = val::global("Array");
  val uint8_array = val::global("Uint8Array");
};

const JsNames& js() {
  static const JsNames names;
  return names;
}

// A JS record that does not match its schema. Caught by guarded(), which
// prefixes the codec's name.
class MarshalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a wrong JS value is, for an error message (error path only).
std::string describe(const val& value) {
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

// Reads the fields of one JS record with type checks; errors name the record
// and the field: 'record: field "createdAt": expected a Date, got a string'.
class RecordReader {
 public:
  explicit RecordReader(msg::Kind kind) : record_(msg::kind_name(kind)) {}

  [[noreturn]] void fail(std::string_view path, std::string_view expected, const val& got) const {
    std::string problem(record_);
    problem.append(": field \"").append(path).append("\": ");
    if (got.isUndefined()) {
      problem.append("missing");
    } else {
      problem.append("expected ").append(expected).append(", got ").append(describe(got));
    }
    throw MarshalError(problem);
  }

  // An element of an array field: path "tags[2]".
  [[noreturn]] void fail_element(std::string_view path, std::size_t index, std::string_view expected,
                                 const val& got) const {
    fail(std::string(path) + "[" + std::to_string(index) + "]", expected, got);
  }

  val object(const val& parent, const val& key, std::string_view path) const {
    val field = parent[key];
    // Reading a property of null or undefined would raise a JS TypeError;
    // a number or a string would read as a missing field.
    if (field.isNull() || field.isUndefined() || field.isTrue() || field.isFalse() || field.isNumber() ||
        field.isString()) {
      fail(path, "an object", field);
    }
    return field;
  }

  bool boolean(const val& parent, const val& key, std::string_view path) const {
    const val field = parent[key];
    if (field.isTrue()) return true;
    if (!field.isFalse()) fail(path, "a boolean", field);
    return false;
  }

  double number(const val& parent, const val& key, std::string_view path) const {
    const val field = parent[key];
    if (!field.isNumber()) fail(path, "a number", field);
    return field.as<double>();
  }

  std::int32_t int32(const val& parent, const val& key, std::string_view path) const {
    const val field = parent[key];
    std::int32_t result;
    if (!field.isNumber() || !to_int32(field.as<double>(), result)) fail(path, kInt32, field);
    return result;
  }

  std::string string(const val& parent, const val& key, std::string_view path) const {
    const val field = parent[key];
    if (!field.isString()) fail(path, "a string", field);
    return field.as<std::string>();
  }

  msg::Timestamp timestamp(const val& parent, const val& key, std::string_view path) const {
    const JsNames& names = js();
    const val field = parent[key];
    if (!field.instanceof (names.date)) fail(path, "a Date", field);
    const double ms = field.call<double>("getTime");
    // An Invalid Date holds NaN; a valid one an integer of at most 8.64e15.
    if (std::isnan(ms)) fail(path, "a valid Date", field);
    return msg::Timestamp{std::chrono::milliseconds{static_cast<std::int64_t>(ms)}};
  }

  void bytes(const val& parent, const val& key, std::string_view path, std::vector<std::uint8_t>& out) const {
    const JsNames& names = js();
    const val field = parent[key];
    if (!field.instanceof (names.uint8_array)) fail(path, "a Uint8Array", field);
    out.resize(field[names.length].as<std::size_t>());
    if (!out.empty()) val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", field);
  }

  // A JS array field: returns it and its length.
  val array(const val& parent, const val& key, std::string_view path, std::size_t& length) const {
    const JsNames& names = js();
    val field = parent[key];
    if (!field.instanceof (names.array)) fail(path, "an array", field);
    length = field[names.length].as<std::size_t>();
    return field;
  }

  void int32_array(const val& parent, const val& key, std::string_view path,
                   std::vector<std::int32_t>& out) const {
    std::size_t length = 0;
    const val array = this->array(parent, key, path, length);
    out.resize(length);
    for (std::size_t i = 0; i < length; ++i) {
      const val element = array[i];
      if (!element.isNumber() || !to_int32(element.as<double>(), out[i])) {
        fail_element(path, i, kInt32, element);
      }
    }
  }

  // A mixed array: booleans, numbers and strings. A number is an int32 when
  // it is an integer in int32 range (not -0, which an int32 cannot hold),
  // otherwise a double: the mapping of src/core/messages.h.
  void scalar_array(const val& parent, const val& key, std::string_view path,
                    std::vector<msg::Scalar>& out) const {
    std::size_t length = 0;
    const val array = this->array(parent, key, path, length);
    out.resize(length);
    for (std::size_t i = 0; i < length; ++i) {
      const val element = array[i];
      if (element.isTrue() || element.isFalse()) {
        out[i] = element.isTrue();
      } else if (element.isNumber()) {
        const double number = element.as<double>();
        std::int32_t integer;
        if (to_int32(number, integer) && !(number == 0 && std::signbit(number))) {
          out[i] = integer;
        } else {
          out[i] = number;
        }
      } else if (element.isString()) {
        out[i] = element.as<std::string>();
      } else {
        fail_element(path, i, "a boolean, a number or a string", element);
      }
    }
  }

 private:
  static constexpr std::string_view kInt32 = "an int32 (an integer from -2147483648 to 2147483647)";

  static bool to_int32(double number, std::int32_t& out) {
    // False for NaN, fractions and anything out of range.
    if (!(number >= -2147483648.0 && number <= 2147483647.0) || std::trunc(number) != number) return false;
    out = static_cast<std::int32_t>(number);
    return true;
  }

  std::string_view record_;
};

// The alternative T of `message`, made the current one if it is not (a
// reused message keeps its strings' capacity).
template <typename T>
T& hold(msg::Message& message) {
  if (T* held = std::get_if<T>(&message)) return *held;
  return message.emplace<T>();
}

// strategy val, marshal in: the JS record of `kind` into `out`.
void read_record(msg::Kind kind, const val& record, msg::Message& out) {
  const JsNames& k = js();
  const RecordReader read(kind);
  switch (kind) {
    case msg::Kind::Bool:
      hold<msg::BoolMessage>(out).value = read.boolean(record, k.value, "value");
      break;
    case msg::Kind::Int:
      hold<msg::IntMessage>(out).value = read.int32(record, k.value, "value");
      break;
    case msg::Kind::Double:
      hold<msg::DoubleMessage>(out).value = read.number(record, k.value, "value");
      break;
    case msg::Kind::String:
      hold<msg::StringMessage>(out).value = read.string(record, k.value, "value");
      break;
    case msg::Kind::Array:
      read.int32_array(record, k.value, "value", hold<msg::ArrayMessage>(out).value);
      break;
    case msg::Kind::Nested: {
      const val level1 = read.object(record, k.value, "value");
      const val level2 = read.object(level1, k.level2, "value.level2");
      const val level3 = read.object(level2, k.level3, "value.level2.level3");
      msg::Level3& target = hold<msg::NestedMessage>(out).value.level2.level3;
      target.flag = read.boolean(level3, k.flag, "value.level2.level3.flag");
      target.count = read.int32(level3, k.count, "value.level2.level3.count");
      target.label = read.string(level3, k.label, "value.level2.level3.label");
      break;
    }
    case msg::Kind::Record: {
      msg::Record& target = hold<msg::Record>(out);
      target.id = read.int32(record, k.id, "id");
      target.active = read.boolean(record, k.active, "active");
      target.score = read.number(record, k.score, "score");
      target.balance = read.number(record, k.balance, "balance");
      // float32 fields: JS holds Math.fround() values, which convert exactly.
      target.latitude = static_cast<float>(read.number(record, k.latitude, "latitude"));
      target.longitude = static_cast<float>(read.number(record, k.longitude, "longitude"));
      target.created_at = read.timestamp(record, k.created_at, "createdAt");
      target.name = read.string(record, k.name, "name");
      target.description = read.string(record, k.description, "description");
      read.scalar_array(record, k.tags, "tags", target.tags);
      break;
    }
    case msg::Kind::Binary: {
      msg::BinaryMessage& target = hold<msg::BinaryMessage>(out);
      target.name = read.string(record, k.name, "name");
      read.bytes(record, k.data, "data", target.data);
      break;
    }
  }
}

val int32_array_to_js(const std::vector<std::int32_t>& values) {
  val array = val::array();
  for (std::size_t i = 0; i < values.size(); ++i) array.set(i, values[i]);
  return array;
}

// strategy val, marshal out: a plain JS record, keys in the JS order of
// src/harness/messages.mjs.
struct RecordWriter {
  const JsNames& k = js();

  val with_value(const val& value) const {
    val object = val::object();
    object.set(k.value, value);
    return object;
  }
  val operator()(const msg::BoolMessage& m) const { return with_value(val(m.value)); }
  val operator()(const msg::IntMessage& m) const { return with_value(val(m.value)); }
  val operator()(const msg::DoubleMessage& m) const { return with_value(val(m.value)); }
  val operator()(const msg::StringMessage& m) const { return with_value(val(m.value)); }
  val operator()(const msg::ArrayMessage& m) const { return with_value(int32_array_to_js(m.value)); }
  val operator()(const msg::NestedMessage& m) const {
    const msg::Level3& source = m.value.level2.level3;
    val level3 = val::object();
    level3.set(k.flag, source.flag);
    level3.set(k.count, source.count);
    level3.set(k.label, source.label);
    val level2 = val::object();
    level2.set(k.level3, level3);
    val level1 = val::object();
    level1.set(k.level2, level2);
    return with_value(level1);
  }
  val operator()(const msg::Record& m) const {
    val tags = val::array();
    for (std::size_t i = 0; i < m.tags.size(); ++i) {
      std::visit([&](const auto& scalar) { tags.set(i, scalar); }, m.tags[i]);
    }
    val object = val::object();
    object.set(k.id, m.id);
    object.set(k.active, m.active);
    object.set(k.score, m.score);
    object.set(k.balance, m.balance);
    object.set(k.latitude, static_cast<double>(m.latitude));
    object.set(k.longitude, static_cast<double>(m.longitude));
    object.set(k.created_at, k.date.new_(static_cast<double>(m.created_at.time_since_epoch().count())));
    object.set(k.name, m.name);
    object.set(k.description, m.description);
    object.set(k.tags, tags);
    return object;
  }
  val operator()(const msg::BinaryMessage& m) const {
    val object = val::object();
    object.set(k.name, m.name);
    // A copy: a view of the heap would change with the next call.
    object.set(k.data, val(emscripten::typed_memory_view(m.data.size(), m.data.data())).call<val>("slice"));
    return object;
  }
};

val record_to_js(const msg::Message& message) { return std::visit(RecordWriter{}, message); }

// The Kind of a JS kind index (the position in kKindNames), or a failure.
msg::Kind checked_kind(int kind) {
  if (kind < 0 || static_cast<std::size_t>(kind) >= msg::kKindCount) {
    throw MarshalError("unknown record kind " + std::to_string(kind));
  }
  return static_cast<msg::Kind>(kind);
}

// Encodes `message`; a view of the encoding, or null with the Status recorded.
val encode_message(State& s, MessageState& ms, const msg::Message& message) {
  const Status status = ms.codec->encode(message, ms.encoded);
  if (!status) {
    s.fail(status);
    return val::null();
  }
  return val(emscripten::typed_memory_view(ms.encoded.size(), ms.encoded.data()));
}

// Decodes `bytes` into `out`; false with the Status recorded.
bool decode_into(State& s, MessageState& ms, msg::Kind kind, std::span<const std::uint8_t> bytes,
                 msg::Message& out) {
  const Status status = ms.codec->decode(kind, bytes, out);
  if (!status) s.fail(status);
  return status.ok();
}

// Copies a JS Uint8Array into ms.bytes_in.
std::span<const std::uint8_t> copy_in(MessageState& ms, const val& bytes) {
  const std::size_t length = bytes[js().length].as<std::size_t>();
  std::uint8_t* target = ms.bytes_in.prepare(length);
  if (length > 0) val(emscripten::typed_memory_view(length, target)).call<void>("set", bytes);
  return ms.bytes_in.bytes();
}

// ---- messages, strategy val ----

// record: a JS record of `kind`. A view of the encoding, or null on failure.
val encode_message_val(int kind, val record) {
  return guarded_message(val::null(), [&](State& s, MessageState& ms) {
    const msg::Kind checked = checked_kind(kind);
    read_record(checked, record, ms.input(checked));
    return encode_message(s, ms, ms.input(checked));
  });
}

// bytes: a Uint8Array. The decoded JS record, or null on failure.
val decode_message_val(int kind, val bytes) {
  return guarded_message(val::null(), [&](State& s, MessageState& ms) {
    const msg::Kind checked = checked_kind(kind);
    msg::Message& out = ms.decoded[static_cast<std::size_t>(checked)];
    if (!decode_into(s, ms, checked, copy_in(ms, bytes), out)) return val::null();
    return record_to_js(out);
  });
}

// A view of the prepared encoding of `kind`: what the encode floors return.
val floor_encoding(MessageState& ms, msg::Kind kind) {
  const Bytes& bytes = ms.floor_encoded[static_cast<std::size_t>(kind)];
  return val(emscripten::typed_memory_view(bytes.size(), bytes.data()));
}

// Encode floor: encode_message_val without the codec. Null on failure.
val encode_message_floor_val(int kind, val record) {
  return guarded_message(val::null(), [&](State&, MessageState& ms) {
    const msg::Kind checked = checked_kind(kind);
    read_record(checked, record, ms.input(checked));
    return floor_encoding(ms, checked);
  });
}

// Decode floor: decode_message_val without the codec (the bytes are copied
// in, the prepared message is marshalled out). Null on failure.
val decode_message_floor_val(int kind, val bytes) {
  return guarded_message(val::null(), [&](State&, MessageState& ms) {
    const msg::Kind checked = checked_kind(kind);
    copy_in(ms, bytes);
    return record_to_js(ms.floor[static_cast<std::size_t>(checked)]);
  });
}

// Decodes `bytes` once into the floors' message of `kind` and keeps the
// bytes as the floors' encoding (outside any timing). False on failure.
bool prepare_message_floor(int kind, val bytes) {
  return guarded_message(false, [&](State& s, MessageState& ms) {
    const msg::Kind checked = checked_kind(kind);
    const std::span<const std::uint8_t> copied = copy_in(ms, bytes);
    if (!decode_into(s, ms, checked, copied, ms.floor[static_cast<std::size_t>(checked)])) return false;
    ms.floor_encoded[static_cast<std::size_t>(checked)].assign(copied.begin(), copied.end());
    return true;
  });
}

// ---- messages, strategy embind (value_object records only) ----

template <typename T, std::size_t I = 0>
constexpr msg::Kind kind_of_type() {
  if constexpr (std::is_same_v<std::variant_alternative_t<I, msg::Message>, T>) {
    return static_cast<msg::Kind>(I);
  } else {
    return kind_of_type<T, I + 1>();
  }
}

// message: converted from the JS record by embind. A view of the encoding,
// or null on failure.
template <typename T>
val encode_message_embind(const T& message) {
  return guarded_message(val::null(), [&](State& s, MessageState& ms) {
    msg::Message& input = ms.input(kind_of_type<T>());
    hold<T>(input) = message;
    return encode_message(s, ms, input);
  });
}

// bytes: a Uint8Array (embind copies it into a std::string). The record
// converted to JS by embind, or null on failure (a value_object cannot be
// null, so it is returned through a val).
template <typename T>
val decode_message_embind(const std::string& bytes) {
  return guarded_message(val::null(), [&](State& s, MessageState& ms) {
    constexpr msg::Kind kind = kind_of_type<T>();
    msg::Message& out = ms.decoded[static_cast<std::size_t>(kind)];
    const std::span<const std::uint8_t> view(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                             bytes.size());
    if (!decode_into(s, ms, kind, view, out)) return val::null();
    return val(std::get<T>(out));
  });
}

template <typename T>
val encode_message_floor_embind(const T& message) {
  return guarded_message(val::null(), [&](State&, MessageState& ms) {
    hold<T>(ms.input(kind_of_type<T>())) = message;
    return floor_encoding(ms, kind_of_type<T>());
  });
}

// bytes: copied in by embind, as in decode_message_embind, then unused.
template <typename T>
val decode_message_floor_embind(const std::string& /*bytes*/) {
  return guarded_message(val::null(), [&](State&, MessageState& ms) {
    return val(std::get<T>(ms.floor[static_cast<std::size_t>(kind_of_type<T>())]));
  });
}

// "bool,int,...": the kind order, which JS checks against its record names.
std::string message_kind_names() {
  std::string names;
  for (const std::string_view name : msg::kKindNames) names.append(names.empty() ? "" : ",").append(name);
  return names;
}

std::string message_library_version() { return message_state().codec->library_version(); }
#endif  // WCB_MESSAGE_CODEC_FACTORY

}  // namespace

EMSCRIPTEN_BINDINGS(wcb_codec) {
  using namespace emscripten;

  value_object<Item>("Item").field("x", &Item::x).field("y", &Item::y).field("z", &Item::z);
  register_vector<Item>("ItemVector");

  function("codecName", &codec_name);
  function("libraryVersion", &library_version);
  function("lastCall", &last_call);
  function("heapBytes", &heap_bytes);
  function("allocatedBytes", &allocated_bytes);
  function("releaseBuffers", &release_buffers);

  function("encodeVal", &encode_val);
  function("decodeVal", &decode_val);

  function("encodeEmbind", &encode_embind);
  function("decodeEmbind", &decode_embind);

  function("itemBuffer", &item_buffer);
  function("encodeTyped", &encode_typed);
  function("byteBuffer", &byte_buffer);
  function("decodeTyped", &decode_typed);
  function("decodedItems", &decoded_items);
  function("decodeColumns", &decode_columns);
  function("decodedColumns", &decoded_columns);

  function("emptyCall", &empty_call);
}

#ifdef WCB_MESSAGE_CODEC_FACTORY
// Exported names per embind record: encodeBoolEmbind, decodeBoolEmbind,
// encodeBoolFloorEmbind, decodeBoolFloorEmbind, and so on.
template <typename T>
void register_embind_record(const std::string& name) {
  using emscripten::function;
  function(("encode" + name + "Embind").c_str(), &encode_message_embind<T>);
  function(("decode" + name + "Embind").c_str(), &decode_message_embind<T>);
  function(("encode" + name + "FloorEmbind").c_str(), &encode_message_floor_embind<T>);
  function(("decode" + name + "FloorEmbind").c_str(), &decode_message_floor_embind<T>);
}

EMSCRIPTEN_BINDINGS(wcb_messages) {
  using namespace emscripten;

  function("messageKindNames", &message_kind_names);
  function("messageLibraryVersion", &message_library_version);

  function("encodeMessageVal", &encode_message_val);
  function("decodeMessageVal", &decode_message_val);
  function("encodeMessageFloorVal", &encode_message_floor_val);
  function("decodeMessageFloorVal", &decode_message_floor_val);
  function("prepareMessageFloor", &prepare_message_floor);

  value_object<msg::BoolMessage>("BoolMessage").field("value", &msg::BoolMessage::value);
  value_object<msg::IntMessage>("IntMessage").field("value", &msg::IntMessage::value);
  value_object<msg::DoubleMessage>("DoubleMessage").field("value", &msg::DoubleMessage::value);
  value_object<msg::StringMessage>("StringMessage").field("value", &msg::StringMessage::value);
  value_object<msg::Level3>("Level3")
      .field("flag", &msg::Level3::flag)
      .field("count", &msg::Level3::count)
      .field("label", &msg::Level3::label);
  value_object<msg::Level2>("Level2").field("level3", &msg::Level2::level3);
  value_object<msg::Level1>("Level1").field("level2", &msg::Level1::level2);
  value_object<msg::NestedMessage>("NestedMessage").field("value", &msg::NestedMessage::value);

  register_embind_record<msg::BoolMessage>("Bool");
  register_embind_record<msg::IntMessage>("Int");
  register_embind_record<msg::DoubleMessage>("Double");
  register_embind_record<msg::StringMessage>("String");
  register_embind_record<msg::NestedMessage>("Nested");
}
#endif

}  // namespace wcb::wasm
