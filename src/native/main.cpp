// wcb_native_bench: the native place of the benchmark. Parses the command
// line and runs the chosen workload, each registered from its own folder
// (workload.h); measuring, writing and printing live in their own files.
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "options.h"
#include "workload.h"

namespace wcb {
namespace {

int run(int argc, char** argv) {
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  const std::vector<std::unique_ptr<Workload>> workloads = native_workloads();
  const ParsedOptions parsed = parse_options(arguments, workloads);
  if (!parsed.options) {
    std::cerr << "wcb_native_bench: " << parsed.error << '\n';
    return kExitBadCommandLine;
  }
  Options options = *parsed.options;
  if (options.help) {
    std::cout << usage_text(workloads);
    return 0;
  }
  Workload& workload = *options.workload;
  const std::vector<std::string> names = workload.codec_names();
  if (options.list) {
    for (const std::string& name : names) std::cout << name << '\t' << workload.library_version(name) << '\n';
    return 0;
  }
  if (options.codecs.empty()) options.codecs = names;
  if (options.codecs.empty()) {
    std::cerr << "wcb_native_bench: this build has no codec for the " << workload.name() << " workload\n";
    return kExitBadCommandLine;
  }
  return workload.run(options);
}

}  // namespace
}  // namespace wcb

int main(int argc, char** argv) {
  try {
    return wcb::run(argc, argv);
  } catch (const std::exception& error) {
    std::cerr << "wcb_native_bench: " << error.what() << '\n';
    return 1;
  }
}
