// The lean bindings of the tuple workload: the `typed` strategy and its
// columnar variant only, as plain exported C functions (no embind, no val),
// so the module ships without Emscripten's glue and without embind's
// machinery (docs/decisions.md#lean-modules). Linked with src/wasm/lean.cpp
// (the common exports) and a registry of one codec, like the embind module
// of bindings.cpp, whose typed calls these mirror one for one:
//   wcb_item_buffer(count) -> address     itemBuffer
//   wcb_encode_typed(count) -> address    encodeTyped (wcb_encoded_size: its length)
//   wcb_byte_buffer(length) -> address    byteBuffer
//   wcb_decode_typed(length) -> count     decodeTyped (wcb_decoded_items: the address)
//   wcb_decode_columns(length) -> count   decodeColumns (wcb_decoded_x/y/z: the columns)
// src/harness/lean-codec.mjs is the JS half. Addresses and views are valid
// until the next call; a failed call returns 0 and records the codec's error
// (src/wasm/module.h's contract).
#include <emscripten/emscripten.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/sentinel.h"
#include "wasm/module.h"
#include "workloads/tuples/registry.h"

namespace wcb::wasm {

namespace {

// What the module keeps between calls: the codec and the buffers reused from
// call to call (bindings.cpp's State without the val and embind parts).
struct State : CallOutcome {
  std::unique_ptr<Codec> codec = codec_registry().front().make();
  std::string name{codec->name()};
  Bytes encoded;
  Items items_in;
  ByteBuffer bytes_in;
  Items items_out;
  std::vector<std::int32_t> x_out;
  std::vector<double> y_out;
  std::vector<double> z_out;

  using CallOutcome::fail;
  void fail(std::string_view problem) { fail(Status::failure(name, problem)); }
};

// Out of line: inlined (the speed profile's -inline-threshold=1000), the
// static's first-use guard and the State constructor were copied into every
// export, some 300 bytes each.
[[gnu::noinline]] State& state() {
  static State instance;
  return instance;
}

template <typename Result, typename Body>
Result guarded(Result failed, Body&& body) {
  State& s = state();
  return guard(s, s.name, failed, [&] { return body(s); });
}

// A count beyond what wasm32 can address is an out-of-memory case, as in
// bindings.cpp.
void resize_items(Items& items, std::size_t count) {
  if (count > items.max_size()) throw std::bad_alloc();
  items.resize(count);
}

std::uintptr_t address(const void* pointer) { return reinterpret_cast<std::uintptr_t>(pointer); }

// The clock of the phases: performance.now(), imported from the loader
// (src/harness/lean-loader.mjs). The embind modules read the same clock
// through std::chrono::steady_clock (core/clock.h); here that would link
// libc's clock_gettime and, through std::system_error, printf: some 8 KB of
// a raw module (docs/decisions.md#lean-modules).
extern "C" double wcb_now_ms();
double now_ms() { return wcb_now_ms(); }

}  // namespace

// ---- module.h's hooks ----

CallOutcome& outcome() { return state(); }
std::string codec_name() { return state().name; }
std::string library_version() { return state().codec->library_version(); }

void poison_outputs() {
  State& s = state();
  poison(std::span<Item>(s.items_out));
  poison(std::span<std::int32_t>(s.x_out));
  poison(std::span<double>(s.y_out));
  poison(std::span<double>(s.z_out));
}

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

}  // namespace wcb::wasm

using namespace wcb;
using namespace wcb::wasm;

extern "C" {

// Storage for `count` items that JS fills through heap views before
// wcb_encode_typed; 0 when it cannot be allocated (with count > 0).
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_item_buffer(std::size_t count) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    s.begin();
    resize_items(s.items_in, count);
    return address(s.items_in.data());
  });
}

// Encodes the first `count` items of the item buffer; returns the address of
// the encoding (wcb_encoded_size bytes), 0 on failure (an empty encoding may
// have address 0 too: JS reads wcb_last_ok).
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_encode_typed(std::size_t count) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    s.begin();
    if (count > s.items_in.size()) {
      s.fail("encodeTyped: count exceeds the item buffer");
      return std::uintptr_t{0};
    }
    const double start = now_ms();
    const Status status = s.codec->encode({s.items_in.data(), count}, s.encoded);
    s.codec_ms = now_ms() - start;
    if (!status) {
      s.fail(status);
      return std::uintptr_t{0};
    }
    return address(s.encoded.data());
  });
}

EMSCRIPTEN_KEEPALIVE std::size_t wcb_encoded_size() { return state().ok ? state().encoded.size() : 0; }

// Space for `length` input bytes that JS copies in before wcb_decode_typed.
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_byte_buffer(std::size_t length) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    s.begin();
    return address(s.bytes_in.prepare(length));
  });
}

// Decodes the first `length` bytes of the byte buffer into module-owned
// items; returns their count (0 on failure: JS reads wcb_last_ok).
EMSCRIPTEN_KEEPALIVE std::size_t wcb_decode_typed(std::size_t length) {
  return guarded(std::size_t{0}, [&](State& s) {
    s.begin();
    const std::span<const std::uint8_t> bytes = s.bytes_in.bytes();
    if (length > bytes.size()) {
      s.fail("decodeTyped: length exceeds the byte buffer");
      return std::size_t{0};
    }
    const double start = now_ms();
    const Status status = s.codec->decode(bytes.first(length), s.items_out);
    s.codec_ms = now_ms() - start;
    if (!status) s.fail(status);
    return s.items_out.size();
  });
}

EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_decoded_items() { return address(state().items_out.data()); }

// wcb_decode_typed, then the items transposed into one array per field
// (timed as marshalling, as bindings.cpp's decodeColumns).
EMSCRIPTEN_KEEPALIVE std::size_t wcb_decode_columns(std::size_t length) {
  const std::size_t count = wcb_decode_typed(length);
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

EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_decoded_x() { return address(state().x_out.data()); }
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_decoded_y() { return address(state().y_out.data()); }
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_decoded_z() { return address(state().z_out.data()); }

}  // extern "C"
