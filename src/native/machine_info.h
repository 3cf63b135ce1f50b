// Where and how this runner was built and runs, for the results header.
#pragma once

#include <cstdint>
#include <string>

namespace wcb {

struct MachineInfo {
  std::string os;    // Node's names (process.platform), so rows of all places compare: "linux"
  std::string arch;  // Node's names (process.arch): "x64", "arm64"
  unsigned cpus = 1;
  std::string cpu_model;  // "model name" of /proc/cpuinfo; empty if unknown
  std::uint64_t memory_bytes = 0;
  std::string hostname;
};

struct BuildInfo {
  std::string compiler;  // CMake's compiler id and version: "GNU 12.2.0"
  std::string flags;     // CMAKE_CXX_FLAGS + the build type's flags + standard and directory options
  std::string profile;   // CMAKE_BUILD_TYPE
};

MachineInfo read_machine_info();
BuildInfo build_info();

}  // namespace wcb
