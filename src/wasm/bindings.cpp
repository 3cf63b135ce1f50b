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
// src/harness/wasm-codec.mjs is the JS half of every strategy.
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

#include "codecs/codecs.h"
#include "core/clock.h"

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
  s.bytes_in = ByteBuffer();
}

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
}

}  // namespace wcb::wasm
