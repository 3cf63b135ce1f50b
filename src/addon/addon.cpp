// The Node-API addon's entry point: each workload adds its exports
// (exports.cpp, generated), and `info()` says what this build holds.
#include "addon/addon.h"

#include <malloc.h>

namespace wcb::addon {

namespace {

Napi::Value info(const Napi::CallbackInfo& call) {
  const Napi::Env env = call.Env();
  Napi::Object result = Napi::Object::New(env);
  result.Set("napiVersion", Napi::Number::New(env, NAPI_VERSION));
  result.Set("compiler", Napi::String::New(env, __VERSION__));
  result.Set("workloads", workload_names(env));
  return result;
}

// Bytes in use by malloc in this process (glibc's mallinfo2): what the leak
// tests of every workload compare before and after many failing calls.
Napi::Value allocated_bytes(const Napi::CallbackInfo& call) {
  const struct mallinfo2 info = mallinfo2();
  return Napi::Number::New(call.Env(), static_cast<double>(info.uordblks + info.hblkhd));
}

Napi::Object init(Napi::Env env, Napi::Object exports) {
  exports.Set("info", Napi::Function::New(env, info, "info"));
  exports.Set("allocatedBytes", Napi::Function::New(env, allocated_bytes, "allocatedBytes"));
  add_workload_exports(env, exports);
  return exports;
}

}  // namespace

}  // namespace wcb::addon

namespace {
Napi::Object init_addon(Napi::Env env, Napi::Object exports) { return wcb::addon::init(env, exports); }
}  // namespace

NODE_API_MODULE(wcb_addon, init_addon)
