// The exports every wasm module has, whatever its workload (module.h).
#include "wasm/module.h"

#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

namespace wcb::wasm {

void fail_call(CallOutcome& outcome, std::string_view codec, std::string_view problem) {
  outcome.fail(Status::failure(codec, problem));
}

namespace {

using emscripten::val;

// {ok, error, codecMs, marshalMs, bytesInMs, compressMs} of the last call. Read after the
// timed region, so it costs the measurement nothing.
val last_call() {
  const CallOutcome& s = outcome();
  val result = val::object();
  result.set("ok", s.ok);
  result.set("error", s.ok ? val::null() : val(s.error));
  result.set("codecMs", s.codec_ms);
  result.set("marshalMs", s.marshal_ms);
  result.set("bytesInMs", s.bytes_in_ms);
  result.set("compressMs", s.compress_ms);
  return result;
}

// Current size of the wasm memory; it only grows.
double heap_bytes() { return static_cast<double>(emscripten_get_heap_size()); }

// Bytes malloc currently hands out: a leak shows here long before it grows
// the memory.
double allocated_bytes() { return static_cast<double>(mallinfo().uordblks); }

// No arguments, no work: what one call from JS into the module costs (the
// per-call floor).
void empty_call() {}

}  // namespace

EMSCRIPTEN_BINDINGS(wcb_module) {
  using emscripten::function;
  function("codecName", &codec_name);
  function("libraryVersion", &library_version);
  function("lastCall", &last_call);
  function("heapBytes", &heap_bytes);
  function("allocatedBytes", &allocated_bytes);
  function("releaseBuffers", &release_buffers);
  function("poisonOutputs", &poison_outputs);
  function("emptyCall", &empty_call);
}

}  // namespace wcb::wasm
