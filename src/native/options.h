// The command line of wcb_native_bench: the options of every run and those
// each workload registers (workload.h), read into Options and the chosen
// workload; and the --help text, made from the same registrations.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "timing.h"

namespace wcb {

class Workload;

// One option that only one workload accepts, as --help shows it.
struct OptionSpec {
  enum class Kind { Valued, Repeated, Flag };
  std::string name;      // "--records"
  std::string argument;  // its value in --help ("a,b"); empty for a flag
  Kind kind = Kind::Valued;
  std::string help;  // one paragraph; --help wraps it
};

// The options given, by name: the last value of each, every value of a
// repeated one, "" for a flag. Each read leaves `target` alone when its
// option is absent, and returns false with error() set when the value is bad.
class OptionValues {
 public:
  void set(const std::string& name, std::string value, bool repeated = false);
  bool has(std::string_view name) const { return values_.contains(name); }
  // The last value given; nullptr when the option is absent.
  const std::string* find(std::string_view name) const;
  // Every value given, in order (a repeated option).
  std::vector<std::string> every(std::string_view name) const;

  bool number(std::string_view name, double least, bool exclusive, double most, double& target);
  bool count(std::string_view name, int least, int most, int& target);
  // A file to write: not a directory (its folder is created when missing).
  bool output_file(std::string_view name, std::string& target);
  // A directory to write into: created when missing, so only a file is wrong.
  bool output_directory(std::string_view name, std::string& target);
  // A folder to read: it must exist. `accepted` says which.
  bool input_directory(std::string_view name, std::string_view accepted, std::string& target);

  // Sets the error; returns false.
  bool fail(std::string error);
  const std::string& error() const { return error_; }

 private:
  std::map<std::string, std::vector<std::string>, std::less<>> values_;
  std::string error_;
};

// "a,,b" -> {"a", "", "b"}
std::vector<std::string> split_commas(std::string_view text);

template <typename Names>
std::string join(const Names& names, std::string_view separator = ", ") {
  std::string joined;
  for (const auto& name : names)
    (joined.empty() ? joined : joined.append(separator)) += std::string_view(name);
  return joined;
}

// "%g" of a number, as the messages of bad values write bounds.
std::string format_number(double value);

struct Options {
  Workload* workload = nullptr;     // the chosen one, its own options read into it
  bool default_workload = true;     // the first registered: its results file name has no workload
  std::vector<std::string> codecs;  // empty: every codec of the build (of the workload)
  Protocol protocol;
  std::string out_path;  // empty: default_results_path()
  bool list = false;
  bool help = false;
};

struct ParsedOptions {
  std::optional<Options> options;
  std::string error;  // one line, set when options is empty
};

// `arguments` excludes the program name; `workloads` are every registered
// workload, the first the default. Values given explicitly win over
// --quick's presets, whatever their order.
ParsedOptions parse_options(std::span<const std::string> arguments,
                            std::span<const std::unique_ptr<Workload>> workloads);

std::string usage_text(std::span<const std::unique_ptr<Workload>> workloads);

}  // namespace wcb
