# Flags of the WebAssembly build (emcmake cmake --preset wasm), included by
# the top-level CMakeLists.txt instead of scripts/cmake/native-dependencies.cmake.

# C++ exceptions: the adapters throw on malformed input (Codec turns that into
# a Status), as do nlohmann_json, msgpack-cxx and operator new, so exceptions
# must be caught inside the module, not abort it (Emscripten's default).
#   wasm: native wasm exception handling (-fwasm-exceptions), the default.
#   js:   Emscripten's JS emulation (-fexceptions): slow (invoke_* trampolines).
#   none: a throw aborts the module; breaks the error contract, for measuring only.
# Why wasm, with the figures: docs/decisions/wasm-modules.md#wasm-exceptions.
set(WCB_WASM_EXCEPTIONS "wasm" CACHE STRING "C++ exception mode of the wasm build: wasm, js or none")
set_property(CACHE WCB_WASM_EXCEPTIONS PROPERTY STRINGS wasm js none)
if(WCB_WASM_EXCEPTIONS STREQUAL "wasm")
  set(WCB_WASM_EXCEPTION_FLAG -fwasm-exceptions)
elseif(WCB_WASM_EXCEPTIONS STREQUAL "js")
  set(WCB_WASM_EXCEPTION_FLAG -fexceptions)
elseif(WCB_WASM_EXCEPTIONS STREQUAL "none")
  set(WCB_WASM_EXCEPTION_FLAG -fignore-exceptions)
  message(WARNING "WCB_WASM_EXCEPTIONS=none: a decode error aborts the module (for measurements only)")
else()
  message(FATAL_ERROR "WCB_WASM_EXCEPTIONS must be wasm, js or none, not '${WCB_WASM_EXCEPTIONS}'")
endif()
# Every object of a module (codecs, generated code, bindings) and the link
# share the mode; src/codecs/protobuf/prepare-wasm.sh builds protobuf with it too.
add_compile_options(${WCB_WASM_EXCEPTION_FLAG})
add_link_options(${WCB_WASM_EXCEPTION_FLAG})

# Build profile, for every object of a module and the link (after the Release
# build type's -O3 -DNDEBUG, so these win); build-info.json records it.
# protobuf-lite itself is built -O3 by src/codecs/protobuf/prepare-wasm.sh in both
# (docs/decisions/wasm-modules.md#protobuf-lite-flags).
#   speed (default): -O3 plus
#     -mbulk-memory: memcpy/memset become memory.copy/fill; -matomics only
#       because 3.1.6's wasm-ld wants it beside the exception runtime's
#       thread-local storage (docs/decisions/wasm-modules.md#bulk-memory);
#     -mllvm -inline-threshold=1000: inline header-library code as GCC does
#       natively (docs/decisions/wasm-modules.md#inline-threshold).
#     Tried and not used: -flto, -msimd128, -mnontrapping-fptoint -msign-ext
#     (docs/decisions/wasm-modules.md#lto, #target-features).
#   size: -Oz: slightly smaller modules, much slower codecs (docs/decisions/wasm-modules.md#size-profile).
set(WCB_WASM_PROFILE "speed" CACHE STRING "wasm build profile: speed or size")
set_property(CACHE WCB_WASM_PROFILE PROPERTY STRINGS speed size)
if(WCB_WASM_PROFILE STREQUAL "speed")
  # SHELL: keeps CMake from merging the repeated -mllvm of other options.
  set(WCB_WASM_PROFILE_FLAGS -O3 -mbulk-memory -matomics "SHELL:-mllvm -inline-threshold=1000")
  # Not at the link: 3.1.6's wasm-ld then refuses the thread-local storage of
  # the exception runtime without the atomics feature.
  set(WCB_WASM_PROFILE_LINK_FLAGS -O3)
elseif(WCB_WASM_PROFILE STREQUAL "size")
  set(WCB_WASM_PROFILE_FLAGS -Oz)
  set(WCB_WASM_PROFILE_LINK_FLAGS -Oz)
else()
  message(FATAL_ERROR "WCB_WASM_PROFILE must be speed or size, not '${WCB_WASM_PROFILE}'")
endif()
add_compile_options(${WCB_WASM_PROFILE_FLAGS})

# Each codec folder declares its own libraries (src/codecs/<codec>/CMakeLists.txt);
# header-only ones through wcb_header_library (scripts/cmake/declare.cmake).
