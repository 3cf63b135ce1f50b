# Flags of the WebAssembly build (emcmake cmake --preset wasm), included by
# the top-level CMakeLists.txt instead of scripts/cmake/native-dependencies.cmake.

# C++ exceptions. The codec adapters report malformed input by throwing
# (Codec::guarded turns that into a Status), and nlohmann_json, msgpack-cxx and
# operator new (std::bad_alloc on a hostile length prefix) throw too, so they
# must be caught inside the module rather than abort it. Emscripten's default
# (-fignore-exceptions) aborts on the first throw.
#   wasm: native WebAssembly exception handling (-fwasm-exceptions); zero cost
#         until something throws. Node >= 17 and Chromium >= 95 run it.
#   js:   Emscripten's JS-based emulation (-fexceptions); every call that may
#         throw goes through a JS `invoke_*` trampoline, which is slow.
#   none: Emscripten's default: a throw aborts the module. Breaks the error
#         contract; only for measuring what exception support costs.
# `wasm` is the default. Measured here (Node 20, 10.5 MB payload, median of 5):
# json encode/decode codec time 130/366 ms with wasm, 200-220/430-444 ms with
# js, 126-130/366-379 ms with none; the val strategy's total time is 1.7-2.4x
# higher with js (every emscripten::val call goes through invoke_*), the same
# with wasm as with none. Size: wcb_raw.wasm is 59 KB with wasm, 66 KB with
# js, 33 KB with none (the unwinder and libc++abi's exception support).
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

# Build profile: what the optimizer aims at, for every object of a module and
# for the link (after the Release build type's -O3 -DNDEBUG, so these win).
# protobuf-lite itself is built -O3 by src/codecs/protobuf/prepare-wasm.sh in both.
#   speed: -O3 -mbulk-memory -mllvm -inline-threshold=1000.
#          -mbulk-memory: memcpy/memset of unknown size become the
#          memory.copy/memory.fill instructions instead of a wasm loop or a
#          call out to JS. -matomics comes with it only because 3.1.6's
#          wasm-ld refuses bulk-memory objects beside the exception runtime's
#          thread-local storage otherwise; the memory stays unshared, and
#          the few std::atomic operations (protobuf's cached sizes, libc++
#          reference counts) become atomic instructions, valid and cheap on
#          unshared memory (Node >= 16, Chromium >= 74). Measured here (Node
#          20, 10.5 MB, codec time inside wasm, median of 11, two alternating
#          runs each): protobuf encode 4.6 -> 3.9 ms, msgpack decode 15 -> 12
#          ms, raw, flatbuffers and json unchanged.
#          -mllvm -inline-threshold=1000 (LLVM's default is 225): clang
#          leaves header-library code such as flatbuffers' PushElement,
#          AddElement and EndTable and msgpack-cxx's packer as calls where
#          GCC inlines them natively, and V8 does not inline wasm calls.
#          Measured with `npm run bench:gap` (no JS boundary, 10.5 MB, 2
#          rounds x 15, wasm ms enc/dec): default msgpack 3.41/12.0,
#          flatbuffers 10.2/1.97, json 123/363; 500: no change; 1000:
#          msgpack 2.40/10.7, flatbuffers 8.28/1.31, json 113/356; 3000:
#          msgpack decode worse (14.2) and modules up to 55% larger. 1000
#          costs 6-16% of module size (flatbuffers 63 -> 74 KB, json_messages
#          254 -> 291 KB). protobuf does not change: its hot loops are in the
#          prebuilt libprotobuf-lite.
#          Tried and not used: -msimd128 (no gain beyond the noise); -flto
#          (Debian ships the LTO system libraries; in-wasm codec ms at 10 MB,
#          median of 15 alternating with the default build: protobuf
#          3.46/4.15 -> 3.50/4.25 enc/dec, flatbuffers 9.62/1.73 -> 9.64/1.63,
#          raw 0.31/0.28 -> 0.30/0.27); -mnontrapping-fptoint -msign-ext
#          (bench:gap: within 3% everywhere).
#   size:  -Oz: modules 2-11% smaller (json 127 -> 114 KB, raw 58 -> 56 KB;
#          gzipped about the same), but 3-15x slower codecs (raw 0.45 -> 6.7
#          ms encode: -Oz makes memcpy a byte loop; json decode 367 -> 1073 ms).
# `speed` is the default (the benchmark's subject). build-info.json records
# the profile ("speed (Release)") and each module's size.
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
