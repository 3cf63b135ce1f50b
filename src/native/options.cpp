#include "options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <span>
#include <string_view>

#include "workloads/messages/messages.h"

namespace wcb {

namespace {

// The presets of --quick: a few small sizes, enough to see the runner work.
constexpr double kQuickMinMB = 0.05;
constexpr double kQuickMaxMB = 1.0;
constexpr int kQuickRepetitions = 3;
constexpr int kQuickWarmup = 1;
constexpr double kQuickMinRepMs = 5;

constexpr std::string_view kWorkloads[] = {"tuples", "messages", "documents"};
constexpr double kMaxMinRepMs = 10000;

// Upper bounds that keep a typo from exhausting the machine or hanging the
// step selection (the dataset grows in memory up to --max-mb; the grid has
// --per-decade points per factor of ten). Node's runner uses the same grid
// bounds (node/cli.mjs).
constexpr double kMaxMaxMB = 4096;
constexpr double kMaxPerDecade = 100;
constexpr int kMaxRepetitions = 10000;
constexpr int kMaxWarmup = 10000;

constexpr std::string_view kValuedOptions[] = {
    "--codecs",           "--min-mb",   "--max-mb",  "--per-decade", "--repetitions",   "--warmup",  "--out",
    "--export-encodings", "--workload", "--records", "--min-rep-ms", "--documents-dir", "--datasets"};
// Options that only one workload reads: given with another, they are an
// error rather than silently ignored.
struct WorkloadOption {
  std::string_view name;
  std::string_view workload;
};
constexpr WorkloadOption kWorkloadOnlyOptions[] = {
    {"--min-mb", "tuples"},           {"--max-mb", "tuples"},      {"--per-decade", "tuples"},
    {"--export-encodings", "tuples"}, {"--records", "messages"},   {"--min-rep-ms", "messages"},
    {"--documents-dir", "documents"}, {"--datasets", "documents"}, {"--checksums", "documents"},
    {"--documents", "documents"}};
constexpr std::string_view kFlagOptions[] = {"--quick", "--list", "--help", "-h", "--checksums"};
// Options given once per value, each value kept.
constexpr std::string_view kRepeatedOptions[] = {"--documents"};

std::string accepted_options() {
  std::string text;
  for (std::string_view name : kValuedOptions) text += (text.empty() ? "" : ", ") + std::string(name);
  for (std::string_view name : kRepeatedOptions) text += ", " + std::string(name);
  for (std::string_view name : kFlagOptions) text += ", " + std::string(name);
  return text;
}

std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

template <typename Names>
std::string join(const Names& names) {
  std::string joined;
  for (const auto& name : names) joined += (joined.empty() ? "" : ", ") + std::string(name);
  return joined;
}

std::optional<double> parse_number(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::optional<int> parse_integer(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<std::string> split_commas(std::string_view text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    parts.emplace_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return parts;
}

ParsedOptions failure(std::string message) { return {std::nullopt, std::move(message)}; }

// The value each valued option was given last, by option name.
using Values = std::map<std::string, std::string, std::less<>>;

// Each read_* leaves `target` alone when the option is absent, and returns
// false with a one-line `error` when its value is bad.
bool read_number(const Values& values, std::string_view name, double least, bool exclusive, double most,
                 double& target, std::string& error) {
  const auto found = values.find(name);
  if (found == values.end()) return true;
  const std::optional<double> value = parse_number(found->second);
  if (!value || (exclusive ? *value <= least : *value < least) || *value > most) {
    error = found->first + ": '" + found->second + "' is not valid (accepted: a number " +
            (exclusive ? "> " : ">= ") + format_number(least) + " and <= " + format_number(most) + ")";
    return false;
  }
  target = *value;
  return true;
}

bool read_count(const Values& values, std::string_view name, int least, int most, int& target,
                std::string& error) {
  const auto found = values.find(name);
  if (found == values.end()) return true;
  const std::optional<int> value = parse_integer(found->second);
  if (!value || *value < least || *value > most) {
    error = found->first + ": '" + found->second +
            "' is not valid (accepted: a whole number >= " + std::to_string(least) +
            " and <= " + std::to_string(most) + ")";
    return false;
  }
  target = *value;
  return true;
}

// A file to write: not a directory (its folder is created when missing).
bool read_output_file(const Values& values, std::string_view name, std::string& target, std::string& error) {
  const auto found = values.find(name);
  if (found == values.end()) return true;
  std::error_code ignored;
  if (found->second.empty()) {
    error = found->first + " is empty (accepted: a file path)";
    return false;
  }
  if (std::filesystem::is_directory(found->second, ignored)) {
    error = found->first + ": '" + found->second + "' is a directory (accepted: a file path)";
    return false;
  }
  target = found->second;
  return true;
}

// A directory to write into: created when missing, so only an existing file is wrong.
bool read_output_directory(const Values& values, std::string_view name, std::string& target,
                           std::string& error) {
  const auto found = values.find(name);
  if (found == values.end()) return true;
  std::error_code ignored;
  if (found->second.empty()) {
    error = found->first + " is empty (accepted: a directory path)";
    return false;
  }
  if (std::filesystem::exists(found->second, ignored) &&
      !std::filesystem::is_directory(found->second, ignored)) {
    error = found->first + ": '" + found->second + "' is a file (accepted: a directory path)";
    return false;
  }
  target = found->second;
  return true;
}

bool read_codecs(const Values& values, std::span<const std::string> available,
                 std::vector<std::string>& target, std::string& error) {
  const auto found = values.find("--codecs");
  if (found == values.end()) return true;
  for (const std::string& codec : split_commas(found->second)) {
    if (codec.empty()) {
      error = "--codecs: empty codec name in '" + found->second + "' (accepted: " + join(available) + ")";
      return false;
    }
    if (std::find(available.begin(), available.end(), codec) == available.end()) {
      error = "unknown codec '" + codec + "' in --codecs (accepted, this build has: " + join(available) + ")";
      return false;
    }
    if (std::find(target.begin(), target.end(), codec) == target.end()) target.push_back(codec);
  }
  return true;
}

bool read_records(const Values& values, std::vector<std::string>& target, std::string& error) {
  const auto found = values.find("--records");
  if (found == values.end()) return true;
  const auto& names = messages::kKindNames;
  for (const std::string& record : split_commas(found->second)) {
    if (std::find(names.begin(), names.end(), record) == names.end()) {
      error = "--records: unknown record '" + record + "' (accepted: " + join(names) + ")";
      return false;
    }
    if (std::find(target.begin(), target.end(), record) == target.end()) target.push_back(record);
  }
  return true;
}

// A folder to read: it must exist.
bool read_input_directory(const Values& values, std::string_view name, std::string& target,
                          std::string& error) {
  const auto found = values.find(name);
  if (found == values.end()) return true;
  std::error_code ignored;
  if (!std::filesystem::is_directory(found->second, ignored)) {
    error = found->first + ": '" + found->second +
            "' is not a directory (accepted: the folder node/write-documents.mjs wrote)";
    return false;
  }
  target = found->second;
  return true;
}

// Data-set ids: the manifest says which exist, so only the list's form is
// checked here.
bool read_datasets(const Values& values, std::vector<std::string>& target, std::string& error) {
  const auto found = values.find("--datasets");
  if (found == values.end()) return true;
  for (const std::string& id : split_commas(found->second)) {
    if (id.empty()) {
      error = "--datasets: empty data-set id in '" + found->second + "' (accepted: ids of the manifest, a,b)";
      return false;
    }
    if (std::find(target.begin(), target.end(), id) == target.end()) target.push_back(id);
  }
  return true;
}

bool read_workload(const Values& values, std::string& target, std::string& error) {
  const auto found = values.find("--workload");
  if (found == values.end()) return true;
  if (std::find(std::begin(kWorkloads), std::end(kWorkloads), found->second) == std::end(kWorkloads)) {
    error = "--workload: '" + found->second + "' is not valid (accepted: " + join(kWorkloads) + ")";
    return false;
  }
  target = found->second;
  return true;
}

// An option of another workload was given.
bool reject_other_workload(const Values& values, std::string_view workload, std::string& error) {
  for (const WorkloadOption& option : kWorkloadOnlyOptions) {
    if (option.workload != workload && values.contains(option.name)) {
      error = std::string(option.name) + " applies to --workload " + std::string(option.workload) +
              " only (this run: --workload " + std::string(workload) + ")";
      return false;
    }
  }
  return true;
}

}  // namespace

std::string usage_text(std::span<const std::string> available_codecs,
                       std::span<const std::string> available_message_codecs,
                       std::span<const std::string> available_document_codecs) {
  return "Usage: wcb_native_bench [options]\n"
         "Times encode and decode of every codec on the growing tuple dataset (docs/design.md#protocol),\n"
         "or with --workload messages on each small record of the messages workload, or with\n"
         "--workload documents on each data set of the documents workload (docs/documents.md), and\n"
         "writes a results file (src/results.schema.json, place \"native\").\n"
         "\n"
         "  --workload W            tuples (default), messages or documents\n"
         "  --codecs a,b            codecs to run (default: all built: tuples " +
         join(available_codecs) + "; messages " + join(available_message_codecs) + "; documents " +
         join(available_document_codecs) +
         ")\n"
         "  --min-mb X              smallest payload, JSON MB (default 0.1)\n"
         "  --max-mb X              largest payload, JSON MB (default 30, at most 4096)\n"
         "  --per-decade N          sizes on a log grid of N points per factor of ten, 0 = every growth step "
         "(default 3, at most 100)\n"
         "  --repetitions N         timed runs per operation (default 7)\n"
         "  --warmup N              untimed runs before them: tuples and documents at least N rounds, more "
         "until they\n"
         "                          have lasted 200 ms, at most 30, none when 0; messages N (default 2)\n"
         "  --out PATH              results file (default results/native-<UTC date>.json, for messages and\n"
         "                          documents native-messages-<UTC date>.json, native-documents-...)\n"
         "  --quick                 small check: --min-mb 0.05 --max-mb 1 --repetitions 3 --warmup 1\n"
         "                          (options given explicitly win)\n"
         "  --export-encodings DIR  write DIR/<codec>-step<index>.bin and DIR/manifest.json for the\n"
         "                          selected sizes instead of timing, then exit\n"
         "  --records a,b           messages: records to run (default: " +
         join(std::span(messages::kKindNames).first(messages::kDefaultKindCount)) +
         "; on request: " + join(std::span(messages::kKindNames).subspan(messages::kDefaultKindCount)) +
         ")\n"
         "  --min-rep-ms X          messages: calls per repetition double until one takes X ms (default 20)\n"
         "                          (--quick: --repetitions 3 --warmup 1 --min-rep-ms 5)\n"
         "  --documents-dir DIR     documents: the data sets, DIR/manifest.json and DIR/<id>.json as\n"
         "                          `node node/write-documents.mjs DIR` writes them\n"
         "  --datasets a,b          documents: data sets to run, by manifest id (default: all of the "
         "manifest,\n"
         "                          none with --documents)\n"
         "  --documents PATH        documents: your own JSON document as the data set user:<file name>: a\n"
         "                          .json file, an NDJSON file (.ndjson, .jsonl: the array of its lines'\n"
         "                          values) or a folder of them; repeatable (docs/documents.md)\n"
         "  --checksums             documents: print '<id> 0x<checksum> ok|MISMATCH' per data set (the\n"
         "                          document checksum against the manifest's; a user's document: '<id>\n"
         "                          0x<checksum>', or '<id> unreadable: <why>'), time nothing; exit 1 on a\n"
         "                          mismatch or an unreadable document\n"
         "  --list                  print the codecs of this build (of --workload) and their libraries\n"
         "  --help                  this text\n"
         "\n"
         "Exit status: 0 success, 1 a codec failed, a file could not be read or written or a data set's\n"
         "checksum differs from the manifest's, 2 bad command line (or documents manifest).\n";
}

ParsedOptions parse_options(std::span<const std::string> arguments,
                            std::span<const std::string> available_codecs,
                            std::span<const std::string> available_message_codecs,
                            std::span<const std::string> available_document_codecs) {
  Options options;
  bool quick = false;
  Values values;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    std::string_view argument = arguments[i];
    std::optional<std::string> value;  // from --name=value
    if (const std::size_t equals = argument.find('=');
        argument.starts_with("--") && equals != argument.npos) {
      value = std::string(argument.substr(equals + 1));
      argument = argument.substr(0, equals);
    }
    const bool valued =
        std::find(std::begin(kValuedOptions), std::end(kValuedOptions), argument) != std::end(kValuedOptions);
    const bool repeated = std::find(std::begin(kRepeatedOptions), std::end(kRepeatedOptions), argument) !=
                          std::end(kRepeatedOptions);
    if (valued || repeated) {
      if (!value) {
        if (i + 1 >= arguments.size()) return failure(std::string(argument) + " needs a value (see --help)");
        value = arguments[++i];
      }
      values[std::string(argument)] = *value;
      if (repeated) options.user_documents.push_back(*value);
      continue;
    }
    if (argument == "--help" || argument == "-h") {
      options.help = true;
    } else if (argument == "--list") {
      options.list = true;
    } else if (argument == "--quick") {
      quick = true;
    } else if (argument == "--checksums") {
      options.checksums = true;
      values[std::string(argument)] = "";  // so that another workload rejects it
    } else {
      return failure("unknown option '" + std::string(argument) + "' (accepted: " + accepted_options() + ")");
    }
    if (value)
      return failure(std::string(argument) + " takes no value (accepted: " + std::string(argument) +
                     " alone)");
  }

  std::string error;
  if (!read_workload(values, options.workload, error) ||
      !reject_other_workload(values, options.workload, error)) {
    return failure(error);
  }
  const bool messages_workload = options.workload == "messages";
  const bool documents_workload = options.workload == "documents";
  if (quick) {
    options.selection.min_mb = kQuickMinMB;
    options.selection.max_mb = kQuickMaxMB;
    options.protocol.repetitions = kQuickRepetitions;
    options.protocol.warmup = kQuickWarmup;
    if (messages_workload) options.protocol.min_rep_ms = kQuickMinRepMs;
  }
  if (!read_number(values, "--min-mb", 0, false, kMaxMaxMB, options.selection.min_mb, error) ||
      !read_number(values, "--max-mb", 0, true, kMaxMaxMB, options.selection.max_mb, error) ||
      !read_number(values, "--per-decade", 0, false, kMaxPerDecade, options.selection.per_decade, error) ||
      !read_count(values, "--repetitions", 1, kMaxRepetitions, options.protocol.repetitions, error) ||
      !read_count(values, "--warmup", 0, kMaxWarmup, options.protocol.warmup, error) ||
      !read_output_file(values, "--out", options.out_path, error) ||
      !read_output_directory(values, "--export-encodings", options.export_directory, error) ||
      !read_number(values, "--min-rep-ms", 0, true, kMaxMinRepMs, options.protocol.min_rep_ms, error) ||
      !read_records(values, options.records, error) ||
      !read_input_directory(values, "--documents-dir", options.documents_dir, error) ||
      !read_datasets(values, options.datasets, error) ||
      !read_codecs(values,
                   messages_workload    ? available_message_codecs
                   : documents_workload ? available_document_codecs
                                        : available_codecs,
                   options.codecs, error)) {
    return failure(error);
  }
  if (documents_workload && options.documents_dir.empty() && options.user_documents.empty() &&
      !options.help && !options.list) {
    return failure(
        "--workload documents needs --documents-dir DIR or --documents PATH (accepted: the folder `node "
        "node/write-documents.mjs DIR` wrote, or your own .json, .ndjson or .jsonl files or folders)");
  }
  if (!options.datasets.empty() && options.documents_dir.empty()) {
    return failure(
        "--datasets names data sets of the manifest: it needs --documents-dir DIR (accepted: "
        "--documents-dir DIR --datasets a,b)");
  }
  if (options.selection.max_mb < options.selection.min_mb) {
    char message[128];
    std::snprintf(message, sizeof message, "--max-mb (%g) is below --min-mb (%g) (accepted: max >= min)",
                  options.selection.max_mb, options.selection.min_mb);
    return failure(message);
  }
  return {std::move(options), {}};
}

}  // namespace wcb
