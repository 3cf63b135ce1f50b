// What every wasm module shares, whatever its workload: the outcome of the
// last call (read by lastCall), the guard that turns C++ failures into that
// outcome, and a byte buffer. module.cpp holds the common exports (codecName,
// libraryVersion, lastCall, heapBytes, allocatedBytes, releaseBuffers,
// poisonOutputs, emptyCall); each workload's bindings source
// (src/workloads/<workload>/bindings.cpp) adds its own exports and defines
// the hooks declared at the end. A module links module.cpp, one workload's
// bindings and a registry holding its one codec (core/registry.h).
//
// Error contract (docs/design.md#bad-input): nothing throws across the
// boundary. A failed call returns an empty result (null, an empty vector, or
// a count of 0) and records the codec's Status message ("<codec>: <problem>");
// JS reads it with lastCall() and throws an Error carrying it. The module
// stays usable, and the buffers reused between calls keep a failed call from
// leaking.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>

#include "core/status.h"

namespace wcb::wasm {

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

// The outcome of the last call, what lastCall() returns.
struct CallOutcome {
  bool ok = true;
  std::string error;
  double codec_ms = 0;     // the codec's encode / decode only
  double marshal_ms = 0;   // C++ converting between JS objects and C++ data (val)
  double bytes_in_ms = 0;  // C++ copying the input bytes into the heap (val)
  double compress_ms = 0;  // the compression stage in the module: compress or decompress (compress_calls.h)

  void begin() {
    ok = true;
    error.clear();
    codec_ms = marshal_ms = bytes_in_ms = compress_ms = 0;
  }
  void fail(const Status& status) {
    ok = false;
    error = status.message();
  }
};

// Records a failed call: "<codec>: <problem>" (out of line: error path only).
void fail_call(CallOutcome& outcome, std::string_view codec, std::string_view problem);

// Runs one binding body on `state` (a CallOutcome or a workload state
// derived from it). The codecs never throw, but the marshalling around them
// allocates (a payload bigger than the heap can grow to throws
// std::bad_alloc); that must become a Status naming `codec`, never a C++
// exception crossing into JS.
//
// Deliberately not noexcept: a val call can raise a *JS* exception (a getter
// that throws, say) that unwinds through these frames. With wasm exceptions
// it passes the C++ catch clauses and reaches the JS caller intact, after the
// destructors ran; a noexcept frame would instead call std::terminate, and
// abort() inside the module.
template <typename Result, typename State, typename Body>
Result guard(State& state, std::string_view codec, Result failed, Body&& body) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    fail_call(state, codec, "out of memory");
  } catch (const std::exception& error) {
    fail_call(state, codec, error.what());
  } catch (...) {
    fail_call(state, codec, "unknown error");
  }
  return failed;
}

// ---- hooks: defined by the workload's bindings source ----

// The outcome the workload's calls record.
CallOutcome& outcome();
// The module's codec: its name and its library's version.
std::string codec_name();
std::string library_version();
// Frees the buffers the workload keeps between calls (after a large payload).
void release_buffers();
// Fills the decode outputs the workload reuses between calls with the
// sentinel (workloads/tuples/item_sentinel.h) at their current size. JS calls it outside the
// timer before each decode, so a decoder that skipped its work cannot pass on
// the previous call's output.
void poison_outputs();

}  // namespace wcb::wasm
