// The compression stage of a lean tuple module (docs/design.md#compression):
// the typed calls with zlib in the module (src/wasm/compress_calls.h), so
// the typed path compresses the bytes its codec wrote before they leave the
// heap, and decompresses what JS copies in before its codec reads it: one
// crossing each way, with the smaller bytes. Linked, with zlib, into a
// second lean module per codec, <name>_lean_zlib.wasm (src/wasm/CMakeLists.txt
// wcb_add_lean_module), so the lean module without it stays as small as it was:
//   wcb_encode_typed_compressed(count, format, level) -> address  (wcb_compressed_size)
//   wcb_decode_typed_compressed(length, format) -> count           (wcb_decoded_items)
// format: src/compress/compressor.h's id; level 0-9, or -1 for zlib's default.
// src/harness/lean-codec.mjs is the JS half.
#include <emscripten/emscripten.h>

#include <cstdint>

#include "wasm/module.h"
#include "workloads/tuples/module_state.h"

namespace {

using wcb::wasm::tuples::guarded;
using wcb::wasm::tuples::State;
using wcb::wasm::tuples::state;

// The loader's performance.now(), as lean-bindings.cpp reads it.
extern "C" double wcb_now_ms();
const auto module_clock = [] { return wcb_now_ms(); };

std::uintptr_t address(const void* pointer) { return reinterpret_cast<std::uintptr_t>(pointer); }

}  // namespace

extern "C" {

// wcb_encode_typed, then the encoding compressed in the module (format:
// src/compress/compressor.h's id; level 0-9 or -1 for zlib's default):
// returns the address of the compressed bytes (wcb_compressed_size), 0 on
// failure (JS reads wcb_last_ok).
EMSCRIPTEN_KEEPALIVE std::uintptr_t wcb_encode_typed_compressed(std::size_t count, int format, int level) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    s.begin();
    return wcb::wasm::tuples::encode_typed_compressed(s, count, format, level, module_clock)
               ? address(s.compressed.data())
               : std::uintptr_t{0};
  });
}

EMSCRIPTEN_KEEPALIVE std::size_t wcb_compressed_size() { return state().ok ? state().compressed.size() : 0; }

// The first `length` bytes of the byte buffer decompressed, then decoded as
// wcb_decode_typed does: the item count (0 on failure).
EMSCRIPTEN_KEEPALIVE std::size_t wcb_decode_typed_compressed(std::size_t length, int format) {
  return guarded(std::size_t{0}, [&](State& s) {
    s.begin();
    return wcb::wasm::tuples::decode_typed_compressed(s, length, format, module_clock);
  });
}

}  // extern "C"
