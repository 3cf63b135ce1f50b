// The lean bindings of the tuple workload: the `typed` strategy and its
// columnar variant only, as plain exported C functions (no embind, no val),
// so the module ships without Emscripten's glue and without embind's
// machinery (docs/decisions/wasm-modules.md#lean-modules). Linked with src/wasm/lean.cpp
// (the common exports) and a registry of one codec, like the embind module
// of bindings.cpp, whose typed calls these mirror one for one:
//   wcb_item_buffer(count) -> address     itemBuffer
//   wcb_encode_typed(count) -> address    encodeTyped (wcb_encoded_size: its length)
//   wcb_byte_buffer(length) -> address    byteBuffer
//   wcb_decode_typed(length) -> count     decodeTyped (wcb_decoded_items: the address)
//   wcb_decode_columns(length) -> count   decodeColumns (wcb_decoded_x/y/z: the columns)
// A lean module with the compression stage adds lean-compress-bindings.cpp.
// src/harness/lean-codec.mjs is the JS half. Addresses and views are valid
// until the next call; a failed call returns 0 and records the codec's error
// (src/wasm/module.h's contract).
#include <emscripten/emscripten.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "wasm/module.h"
#include "workloads/tuples/module_state.h"

namespace wcb::wasm {

namespace {

using tuples::guarded;
using tuples::guarded_byte_buffer;
using tuples::guarded_decode_columns;
using tuples::guarded_decode_typed;
using tuples::guarded_item_buffer;
using tuples::State;
using tuples::state;

std::uintptr_t address(const void* pointer) { return reinterpret_cast<std::uintptr_t>(pointer); }

// The clock of the phases: performance.now(), imported from the loader
// (src/harness/lean-loader.mjs). The embind modules read the same clock
// through std::chrono::steady_clock (core/clock.h); here that would link
// libc's clock_gettime and, through std::system_error, printf: some 8 KB of
// a raw module (docs/decisions/wasm-modules.md#lean-modules).
extern "C" double wcb_now_ms();
const auto module_clock = [] { return wcb_now_ms(); };

}  // namespace

// ---- module.h's hooks ----

CallOutcome& outcome() { return state(); }
std::string codec_name() { return state().name; }
std::string library_version() { return state().codec->library_version(); }

void poison_outputs() { tuples::poison_state_outputs(state()); }
void release_buffers() { tuples::release_state_buffers(state()); }

}  // namespace wcb::wasm

using namespace wcb;
using namespace wcb::wasm;

extern "C" {

// module_state.h's guarded calls.
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_item_buffer(std::size_t count) { return guarded_item_buffer(count); }
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_byte_buffer(std::size_t length) {
  return guarded_byte_buffer(length);
}
EMSCRIPTEN_KEEPALIVE std::size_t wcb_decode_typed(std::size_t length) {
  return guarded_decode_typed(length, module_clock);
}
EMSCRIPTEN_KEEPALIVE std::size_t wcb_decode_columns(std::size_t length) {
  return guarded_decode_columns(length, module_clock);
}
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_decoded_items() { return address(state().items_out.data()); }

// Encodes the first `count` items of the item buffer; returns the address of
// the encoding (wcb_encoded_size bytes), 0 on failure (an empty encoding may
// have address 0 too: JS reads wcb_last_ok).
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_encode_typed(std::size_t count) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    s.begin();
    return tuples::encode_typed(s, count, module_clock) ? address(s.encoded.data()) : std::uintptr_t{0};
  });
}

EMSCRIPTEN_KEEPALIVE std::size_t wcb_encoded_size() { return state().ok ? state().encoded.size() : 0; }

EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_decoded_x() { return address(state().x_out.data()); }
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_decoded_y() { return address(state().y_out.data()); }
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_decoded_z() { return address(state().z_out.data()); }

}  // extern "C"
