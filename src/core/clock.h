// One monotonic clock for every timing in C++, native and wasm alike
// (under Emscripten steady_clock reads performance.now()).
#pragma once

#include <chrono>

namespace wcb {

inline double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace wcb
