// The Node-API addon's entry point: each workload adds its exports
// (exports.cpp, generated), and `info()` says what this build holds.
#include "addon/addon.h"

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

Napi::Object init(Napi::Env env, Napi::Object exports) {
  exports.Set("info", Napi::Function::New(env, info, "info"));
  add_workload_exports(env, exports);
  return exports;
}

}  // namespace

}  // namespace wcb::addon

namespace {
Napi::Object init_addon(Napi::Env env, Napi::Object exports) { return wcb::addon::init(env, exports); }
}  // namespace

NODE_API_MODULE(wcb_addon, init_addon)
