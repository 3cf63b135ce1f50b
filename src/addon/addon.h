// What every workload's Node-API bindings share (src/workloads/<name>/addon-bindings.cpp):
// the error contract. A failed call throws a JS Error whose message names
// the codec ("msgpack: ..."), as the wasm modules' calls do
// (src/wasm/module.h); the addon never aborts the process, and every buffer
// a call allocates is owned by a C++ object, so a failure leaks nothing.
#pragma once

#include <napi.h>

#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <string_view>

namespace wcb::addon {

// The workloads of this addon (generated: exports.cpp).
void add_workload_exports(Napi::Env env, Napi::Object exports);
Napi::Array workload_names(Napi::Env env);

// A JS Error "<codec>: <problem>".
inline Napi::Error codec_error(Napi::Env env, std::string_view codec, std::string_view problem) {
  return Napi::Error::New(env, std::string(codec) + ": " + std::string(problem));
}

// Runs one call's body; a C++ exception becomes a JS Error naming the codec
// (a Napi::Error thrown by the body passes through as it is).
template <typename Body>
auto guarded(Napi::Env env, std::string_view codec, Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (const Napi::Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw codec_error(env, codec, "out of memory");
  } catch (const std::exception& error) {
    throw codec_error(env, codec, error.what());
  }
}

}  // namespace wcb::addon
