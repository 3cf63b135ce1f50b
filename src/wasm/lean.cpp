// The exports every lean module has (src/wasm/CMakeLists.txt,
// wcb_add_lean_module): module.cpp's common exports as plain C functions,
// without embind, so a lean module needs no Emscripten glue at all. It is a
// standalone wasm file that src/harness/lean-loader.mjs instantiates; the
// workload's lean bindings (src/workloads/<workload>/lean-bindings.cpp) add
// its calls and define module.h's hooks, exactly as an embind bindings
// source does.
//
// Same error contract as module.h: nothing throws across the boundary; a
// failed call records "<codec>: <problem>", read with wcb_last_ok and
// wcb_last_error. Strings cross as the address of a NUL-terminated UTF-8
// text that stays valid until the next call.
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <malloc.h>

#include <string>

#include "wasm/module.h"

namespace wcb::wasm {

void fail_call(CallOutcome& outcome, std::string_view codec, std::string_view problem) {
  outcome.fail(Status::failure(codec, problem));
}

namespace {

// codec_name() and library_version() return strings built on each call; the
// exported address must outlive the call, so they are kept here.
std::string& text_slot() {
  static std::string text;
  return text;
}

const char* keep(std::string text) {
  text_slot() = std::move(text);
  return text_slot().c_str();
}

}  // namespace
}  // namespace wcb::wasm

using namespace wcb::wasm;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* wcb_codec_name() { return keep(codec_name()); }
EMSCRIPTEN_KEEPALIVE const char* wcb_library_version() { return keep(library_version()); }

// The outcome of the last call (module.h's CallOutcome), field by field:
// six calls after the timed region instead of one object built in C++.
EMSCRIPTEN_KEEPALIVE int wcb_last_ok() { return outcome().ok ? 1 : 0; }
EMSCRIPTEN_KEEPALIVE const char* wcb_last_error() { return outcome().error.c_str(); }
EMSCRIPTEN_KEEPALIVE double wcb_last_codec_ms() { return outcome().codec_ms; }
EMSCRIPTEN_KEEPALIVE double wcb_last_marshal_ms() { return outcome().marshal_ms; }
EMSCRIPTEN_KEEPALIVE double wcb_last_bytes_in_ms() { return outcome().bytes_in_ms; }
EMSCRIPTEN_KEEPALIVE double wcb_last_compress_ms() { return outcome().compress_ms; }

EMSCRIPTEN_KEEPALIVE double wcb_heap_bytes() { return static_cast<double>(emscripten_get_heap_size()); }
EMSCRIPTEN_KEEPALIVE double wcb_allocated_bytes() { return static_cast<double>(mallinfo().uordblks); }
EMSCRIPTEN_KEEPALIVE void wcb_release_buffers() { release_buffers(); }
EMSCRIPTEN_KEEPALIVE void wcb_poison_outputs() { poison_outputs(); }
EMSCRIPTEN_KEEPALIVE void wcb_empty_call() {}

}  // extern "C"
