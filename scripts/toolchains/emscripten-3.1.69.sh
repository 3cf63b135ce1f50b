# shellcheck shell=bash disable=SC2034  # read by scripts/toolchain.sh
# A second wasm toolchain: Emscripten 3.1.69 (clang 19) from Debian 13
# "trixie", which Debian 12 does not have. scripts/toolchain.sh makes the tree
# (debootstrap, Debian's archive only) and runs commands in it.
TOOLCHAIN_SUITE=trixie
# What the wasm build runs there (cmake, make, emcc and its node), the native
# clang 19 build of bench:gap (libprotobuf-dev, zlib1g-dev; clang-19 comes
# with emscripten) and protoc. trixie's protobuf is 3.21.12, the version of
# the host's protoc and of the protobuf source built into the modules.
TOOLCHAIN_PACKAGES=(emscripten node-acorn cmake make protobuf-compiler libprotobuf-dev zlib1g-dev)
# What its wasm build configures beside the default: Debian 12's rapidjson
# 1.1.0 does not compile with clang 19 (GenericStringRef's operator= assigns
# a const member, which clang 19 rejects even uninstantiated).
TOOLCHAIN_CMAKE_ARGS=(-DWCB_CODEC_RAPIDJSON=OFF)
