// A workload's part of the native runner, registered from its own folder:
// wcb_workload(... NATIVE <sources>) names sources that define
// `std::unique_ptr<Workload> make_<name>_native_workload()`, and the build
// generates native_workloads() calling each (workloads.cpp.in), as it
// generates the codec registries. A generated call, not a static
// initializer: the linker keeps what is called and the order is the
// catalog's. The runner itself (main.cpp, options.cpp) knows no workload.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/registry.h"
#include "options.h"

namespace wcb {

inline constexpr int kExitCodecFailed = 1;
inline constexpr int kExitBadCommandLine = 2;

class Workload {
 public:
  virtual ~Workload() = default;
  // Its catalog name, the value of --workload.
  virtual std::string_view name() const = 0;
  // What a run times, for --help: "on each small record of the messages workload".
  virtual std::string subject() const = 0;
  // What --warmup N means for it, for --help.
  virtual std::string warmup_rule() const = 0;
  virtual std::vector<std::string> codec_names() const = 0;
  virtual std::string library_version(const std::string& codec) const = 0;
  // The options only it accepts, in --help's order.
  virtual std::vector<OptionSpec> options() const { return {}; }
  // --quick's values of its own options.
  virtual std::vector<std::pair<std::string, std::string>> quick() const { return {}; }
  // Reads its own options from `values` into itself; false with values'
  // error set. `running`: not --help or --list, so what a run needs is required.
  virtual bool read_options(OptionValues& values, bool running) = 0;
  // The run, with the options read: an exit status.
  virtual int run(const Options& options) = 0;
};

// A workload whose codecs are the registry of `Interface` (core/registry.h).
template <typename Interface>
class RegistryWorkload : public Workload {
 public:
  std::vector<std::string> codec_names() const override { return Registry<Interface>::names(); }
  std::string library_version(const std::string& codec) const override {
    return Registry<Interface>::make(codec)->library_version();
  }
};

// Every workload of this build, in catalog order.
std::vector<std::unique_ptr<Workload>> native_workloads();

}  // namespace wcb
