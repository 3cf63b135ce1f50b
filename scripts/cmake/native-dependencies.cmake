# Native dependencies, all from Debian packages (scripts/setup.sh installs them).
# nlohmann_json, msgpack-cxx and flatbuffers are used header-only.
find_package(Protobuf 3.21 REQUIRED)
find_package(ZLIB REQUIRED)
find_path(WCB_NLOHMANN_INCLUDE nlohmann/json.hpp REQUIRED)
find_path(WCB_MSGPACK_INCLUDE msgpack.hpp REQUIRED)
find_path(WCB_FLATBUFFERS_INCLUDE flatbuffers/flatbuffers.h REQUIRED)
find_program(WCB_PROTOC protoc REQUIRED)
find_program(WCB_FLATC flatc REQUIRED)

# Uniform names the codec targets link against, native and wasm alike
# (src/wasm/toolchain.cmake defines the same names for the wasm build).
add_library(wcb_protobuf_lite INTERFACE)
target_link_libraries(wcb_protobuf_lite INTERFACE protobuf::libprotobuf-lite)
add_library(wcb_nlohmann_json INTERFACE)
target_include_directories(wcb_nlohmann_json SYSTEM INTERFACE ${WCB_NLOHMANN_INCLUDE})
add_library(wcb_msgpack INTERFACE)
target_include_directories(wcb_msgpack SYSTEM INTERFACE ${WCB_MSGPACK_INCLUDE})
target_compile_definitions(wcb_msgpack INTERFACE MSGPACK_NO_BOOST)
add_library(wcb_flatbuffers INTERFACE)
target_include_directories(wcb_flatbuffers SYSTEM INTERFACE ${WCB_FLATBUFFERS_INCLUDE})
