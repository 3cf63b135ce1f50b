#include "options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "workload.h"

namespace wcb {

namespace {

// Upper bounds that keep a typo from exhausting the machine.
constexpr int kMaxRepetitions = 10000;
constexpr int kMaxWarmup = 10000;

using Kind = OptionSpec::Kind;

// The options of every run. --codecs comes first, then the workloads'
// options, then the rest (known_options()): the order of the unknown-option
// message since the runner had one workload, which tests match.
const std::vector<OptionSpec>& run_options() {
  static const std::vector<OptionSpec> options = {
      {"--codecs", "a,b"},        {"--workload", "W"},        {"--repetitions", "N"},
      {"--warmup", "N"},          {"--out", "PATH"},          {"--quick", "", Kind::Flag},
      {"--list", "", Kind::Flag}, {"--help", "", Kind::Flag}, {"-h", "", Kind::Flag}};
  return options;
}
const std::vector<std::pair<std::string, std::string>> kQuickRun = {{"--repetitions", "3"},
                                                                    {"--warmup", "1"}};

// An option and the workload that accepts it (nullptr: every run).
struct Known {
  OptionSpec spec;
  const Workload* owner = nullptr;
};

std::vector<Known> known_options(std::span<const std::unique_ptr<Workload>> workloads) {
  const std::vector<OptionSpec>& run = run_options();
  std::vector<Known> known{Known{run.front()}};
  // An option two workloads share is known once, as the first one's.
  for (const auto& workload : workloads) {
    for (OptionSpec& spec : workload->options()) {
      if (std::none_of(known.begin(), known.end(),
                       [&](const Known& entry) { return entry.spec.name == spec.name; }))
        known.push_back({std::move(spec), workload.get()});
    }
  }
  for (std::size_t i = 1; i < run.size(); ++i) known.push_back({run[i]});
  return known;
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

ParsedOptions failure(std::string message) { return {std::nullopt, std::move(message)}; }

bool read_codecs(OptionValues& values, std::span<const std::string> available,
                 std::vector<std::string>& target) {
  const std::string* given = values.find("--codecs");
  if (!given) return true;
  for (const std::string& codec : split_commas(*given)) {
    if (codec.empty())
      return values.fail("--codecs: empty codec name in '" + *given + "' (accepted: " + join(available) +
                         ")");
    if (std::find(available.begin(), available.end(), codec) == available.end())
      return values.fail("unknown codec '" + codec +
                         "' in --codecs (accepted, this build has: " + join(available) + ")");
    if (std::find(target.begin(), target.end(), codec) == target.end()) target.push_back(codec);
  }
  return true;
}

// "a", "a or b", "a, b or c"
std::string join_or(const std::vector<std::string>& names, std::string_view last = " or ") {
  if (names.size() < 2) return join(names);
  return join(std::span(names).first(names.size() - 1)) + std::string(last) + names.back();
}

// `text` wrapped at kWidth columns, from `column` on, continuation lines
// indented to `indent`; with its newline.
constexpr std::size_t kWidth = 104;
std::string wrap(std::string_view text, std::size_t column, std::size_t indent) {
  std::string out;
  bool line_empty = true;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    const std::string_view word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    if (!line_empty && column + 1 + word.size() > kWidth) {
      out += '\n';
      out.append(indent, ' ');
      column = indent;
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    line_empty = false;
  }
  return out + '\n';
}

}  // namespace

void OptionValues::set(const std::string& name, std::string value, bool repeated) {
  std::vector<std::string>& given = values_[name];
  if (!repeated) given.clear();
  given.push_back(std::move(value));
}

const std::string* OptionValues::find(std::string_view name) const {
  const auto found = values_.find(name);
  return found == values_.end() ? nullptr : &found->second.back();
}

std::vector<std::string> OptionValues::every(std::string_view name) const {
  const auto found = values_.find(name);
  return found == values_.end() ? std::vector<std::string>{} : found->second;
}

bool OptionValues::fail(std::string error) {
  error_ = std::move(error);
  return false;
}

bool OptionValues::number(std::string_view name, double least, bool exclusive, double most, double& target) {
  const std::string* given = find(name);
  if (!given) return true;
  const std::optional<double> value = parse_number(*given);
  if (!value || (exclusive ? *value <= least : *value < least) || *value > most) {
    return fail(std::string(name) + ": '" + *given + "' is not valid (accepted: a number " +
                (exclusive ? "> " : ">= ") + format_number(least) + " and <= " + format_number(most) + ")");
  }
  target = *value;
  return true;
}

bool OptionValues::count(std::string_view name, int least, int most, int& target) {
  const std::string* given = find(name);
  if (!given) return true;
  const std::optional<int> value = parse_integer(*given);
  if (!value || *value < least || *value > most) {
    return fail(std::string(name) + ": '" + *given + "' is not valid (accepted: a whole number >= " +
                std::to_string(least) + " and <= " + std::to_string(most) + ")");
  }
  target = *value;
  return true;
}

bool OptionValues::output_file(std::string_view name, std::string& target) {
  const std::string* given = find(name);
  if (!given) return true;
  std::error_code ignored;
  if (given->empty()) return fail(std::string(name) + " is empty (accepted: a file path)");
  if (std::filesystem::is_directory(*given, ignored))
    return fail(std::string(name) + ": '" + *given + "' is a directory (accepted: a file path)");
  target = *given;
  return true;
}

bool OptionValues::output_directory(std::string_view name, std::string& target) {
  const std::string* given = find(name);
  if (!given) return true;
  std::error_code ignored;
  if (given->empty()) return fail(std::string(name) + " is empty (accepted: a directory path)");
  if (std::filesystem::exists(*given, ignored) && !std::filesystem::is_directory(*given, ignored))
    return fail(std::string(name) + ": '" + *given + "' is a file (accepted: a directory path)");
  target = *given;
  return true;
}

bool OptionValues::input_directory(std::string_view name, std::string_view accepted, std::string& target) {
  const std::string* given = find(name);
  if (!given) return true;
  std::error_code ignored;
  if (!std::filesystem::is_directory(*given, ignored))
    return fail(std::string(name) + ": '" + *given +
                "' is not a directory (accepted: " + std::string(accepted) + ")");
  target = *given;
  return true;
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

std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

ParsedOptions parse_options(std::span<const std::string> arguments,
                            std::span<const std::unique_ptr<Workload>> workloads) {
  const std::vector<Known> known = known_options(workloads);
  OptionValues values;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    std::string_view argument = arguments[i];
    std::optional<std::string> value;  // from --name=value
    if (const std::size_t equals = argument.find('=');
        argument.starts_with("--") && equals != argument.npos) {
      value = std::string(argument.substr(equals + 1));
      argument = argument.substr(0, equals);
    }
    const auto option = std::find_if(known.begin(), known.end(),
                                     [&](const Known& entry) { return entry.spec.name == argument; });
    if (option == known.end()) {
      std::string accepted;
      for (const Kind kind : {Kind::Valued, Kind::Repeated, Kind::Flag}) {
        for (const Known& entry : known) {
          if (entry.spec.kind == kind) accepted += (accepted.empty() ? "" : ", ") + entry.spec.name;
        }
      }
      return failure("unknown option '" + std::string(argument) + "' (accepted: " + accepted + ")");
    }
    if (option->spec.kind == Kind::Flag) {
      if (value)
        return failure(std::string(argument) + " takes no value (accepted: " + std::string(argument) +
                       " alone)");
      values.set(option->spec.name, "");
      continue;
    }
    if (!value) {
      if (i + 1 >= arguments.size()) return failure(std::string(argument) + " needs a value (see --help)");
      value = arguments[++i];
    }
    values.set(option->spec.name, *value, option->spec.kind == Kind::Repeated);
  }

  Options options;
  options.help = values.has("--help") || values.has("-h");
  options.list = values.has("--list");
  options.workload = workloads.front().get();
  if (const std::string* name = values.find("--workload")) {
    const auto chosen = std::find_if(workloads.begin(), workloads.end(),
                                     [&](const auto& workload) { return workload->name() == *name; });
    if (chosen == workloads.end()) {
      std::vector<std::string> names;
      for (const auto& workload : workloads) names.emplace_back(workload->name());
      return failure("--workload: '" + *name + "' is not valid (accepted: " + join(names) + ")");
    }
    options.workload = chosen->get();
    options.default_workload = chosen == workloads.begin();
  }
  Workload& workload = *options.workload;
  // An option of another workload is an error rather than silently ignored.
  for (const Known& entry : known) {
    if (entry.owner && entry.owner != &workload && values.has(entry.spec.name)) {
      const std::vector<OptionSpec> own = workload.options();
      if (std::none_of(own.begin(), own.end(),
                       [&](const OptionSpec& spec) { return spec.name == entry.spec.name; }))
        return failure(entry.spec.name + " applies to --workload " + std::string(entry.owner->name()) +
                       " only (this run: --workload " + std::string(workload.name()) + ")");
    }
  }
  if (values.has("--quick")) {
    std::vector<std::pair<std::string, std::string>> presets = kQuickRun;
    for (auto& preset : workload.quick()) presets.push_back(std::move(preset));
    for (const auto& [name, value] : presets) {
      if (!values.has(name)) values.set(name, value);
    }
  }
  if (!values.count("--repetitions", 1, kMaxRepetitions, options.protocol.repetitions) ||
      !values.count("--warmup", 0, kMaxWarmup, options.protocol.warmup) ||
      !values.output_file("--out", options.out_path) ||
      !workload.read_options(values, !options.help && !options.list) ||
      !read_codecs(values, workload.codec_names(), options.codecs)) {
    return failure(values.error());
  }
  return {std::move(options), {}};
}

std::string usage_text(std::span<const std::unique_ptr<Workload>> workloads) {
  std::vector<std::string> names;
  std::string subjects =
      "Times encode and decode of every codec " + std::string(workloads.front()->subject());
  std::string codecs;
  for (const auto& workload : workloads) {
    names.emplace_back(workload->name());
    if (workload != workloads.front())
      subjects += ", or with --workload " + names.back() + " " + std::string(workload->subject());
    const std::vector<std::string> built = workload->codec_names();
    codecs += (codecs.empty() ? "" : "; ") + names.back() + " " + (built.empty() ? "none" : join(built));
  }
  // Workloads that warm up alike share one description.
  std::vector<std::pair<std::string, std::vector<std::string>>> rules;
  for (const auto& workload : workloads) {
    const auto same = std::find_if(rules.begin(), rules.end(),
                                   [&](const auto& rule) { return rule.first == workload->warmup_rule(); });
    if (same == rules.end()) {
      rules.push_back({std::string(workload->warmup_rule()), {std::string(workload->name())}});
    } else {
      same->second.emplace_back(workload->name());
    }
  }
  std::string warmup;
  for (const auto& [rule, sharing] : rules)
    warmup += (warmup.empty() ? "" : "; ") + join_or(sharing, " and ") + " " + rule;
  std::string quick;
  for (const auto& [name, value] : kQuickRun) quick += (quick.empty() ? "" : " ") + name + " " + value;
  for (const auto& workload : workloads) {
    std::string own;
    for (const auto& [name, value] : workload->quick()) own += " " + name + " " + value;
    if (!own.empty()) quick += ", " + std::string(workload->name()) + " also" + own;
  }
  std::vector<std::string> others(names.begin() + 1, names.end());

  std::vector<std::pair<std::string, std::string>> lines = {
      {"--workload W", names.front() + " (default), " + join_or(others)},
      {"--codecs a,b", "codecs to run (default: all built: " + codecs + ")"},
      {"--repetitions N", "timed runs per operation (default 7)"},
      {"--warmup N", "untimed runs before them: " + warmup + " (default 2)"},
      {"--out PATH", "results file (default results/native-<UTC date>.json, for " + join_or(others, " and ") +
                         " native-<workload>-<UTC date>.json)"},
      {"--quick", "small check: " + quick + " (options given explicitly win)"}};
  for (const auto& workload : workloads) {
    for (const OptionSpec& spec : workload->options()) {
      lines.push_back({spec.argument.empty() ? spec.name : spec.name + " " + spec.argument,
                       std::string(workload->name()) + ": " + spec.help});
    }
  }
  lines.push_back({"--list", "print the codecs of this build (of --workload) and their libraries"});
  lines.push_back({"--help", "this text"});

  std::string text =
      "Usage: wcb_native_bench [options]\n" +
      wrap(subjects + ", and writes a results file (src/results.schema.json, place \"native\").", 0, 0) +
      "\n";
  constexpr std::size_t kColumn = 26;
  for (const auto& [head, help] : lines) {
    std::string line = "  " + head;
    line.append(line.size() < kColumn ? kColumn - line.size() : 1, ' ');
    text += line + wrap(help, kColumn, kColumn);
  }
  text += "\n" + wrap(
                     "Exit status: 0 success, 1 a codec failed or a file could not be read or written, 2 bad "
                     "command line.",
                     0, 0);
  return text;
}

}  // namespace wcb
