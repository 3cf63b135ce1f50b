#include "machine_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <string_view>
#include <thread>

// Set by src/native/CMakeLists.txt; the fallbacks keep a hand-built copy honest.
#ifndef WCB_BUILD_FLAGS
#define WCB_BUILD_FLAGS "unknown"
#endif
#ifndef WCB_BUILD_PROFILE
#define WCB_BUILD_PROFILE "unknown"
#endif
#ifndef WCB_COMPILER
#define WCB_COMPILER "unknown"
#endif

namespace wcb {

namespace {

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string node_arch_name(std::string_view machine) {
  if (machine == "x86_64") return "x64";
  if (machine == "aarch64") return "arm64";
  if (machine == "i386" || machine == "i686") return "ia32";
  return std::string(machine);
}

std::string read_cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::size_t start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? std::string() : line.substr(start);
  }
  return {};
}

}  // namespace

MachineInfo read_machine_info() {
  MachineInfo info;
  utsname names{};
  if (uname(&names) == 0) {
    info.os = lowercase(names.sysname);
    info.arch = node_arch_name(names.machine);
  }
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  info.cpus = online > 0 ? static_cast<unsigned>(online) : std::max(1u, std::thread::hardware_concurrency());
  info.cpu_model = read_cpu_model();
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page_size > 0) {
    info.memory_bytes = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
  }
  char hostname[256] = {};
  if (gethostname(hostname, sizeof hostname - 1) == 0) info.hostname = hostname;
  return info;
}

BuildInfo build_info() { return {WCB_COMPILER, WCB_BUILD_FLAGS, WCB_BUILD_PROFILE}; }

}  // namespace wcb
