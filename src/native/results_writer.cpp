#include "results_writer.h"

#include <ctime>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <system_error>

#include "workload.h"

namespace wcb {

namespace {

constexpr int kSchemaVersion = 1;

std::string format_utc(std::chrono::system_clock::time_point time, const char* format) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(time);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[64];
  const std::size_t length = std::strftime(text, sizeof text, format, &utc);
  return std::string(text, length);
}

}  // namespace

std::string iso_utc(std::chrono::system_clock::time_point time) {
  return format_utc(time, "%Y-%m-%dT%H:%M:%SZ");
}

std::filesystem::path default_results_path(std::chrono::system_clock::time_point time,
                                           std::string_view workload) {
  // The names npm run report looks for per workload.
  const std::string kind = workload.empty() ? "native-" : "native-" + std::string(workload) + "-";
  return std::filesystem::path("results") / (kind + format_utc(time, "%Y-%m-%dT%H-%M-%SZ") + ".json");
}

nlohmann::ordered_json run_header_json(const RunInfo& run) {
  nlohmann::ordered_json machine = {{"os", run.machine.os},
                                    {"arch", run.machine.arch},
                                    {"cpus", run.machine.cpus},
                                    {"memoryBytes", run.machine.memory_bytes},
                                    {"hostname", run.machine.hostname}};
  if (!run.machine.cpu_model.empty()) machine["cpuModel"] = run.machine.cpu_model;
  return {
      {"place", "native"},
      {"workload", run.workload},
      {"date", run.date},
      {"finished", false},
      {"machine", machine},
      // Native code has no runtime beyond the compiler that built it.
      {"runtime", {{"name", "native"}, {"version", run.build.compiler}}},
      {"build",
       {{"compiler", run.build.compiler},
        {"emscripten", nullptr},
        {"flags", run.build.flags},
        {"profile", run.build.profile}}},
      {"protocol", run.protocol},
  };
}

nlohmann::ordered_json native_row(const std::string& codec, const std::string& library,
                                  const nlohmann::ordered_json& fields) {
  nlohmann::ordered_json row = {
      {"place", "native"}, {"codec", codec}, {"impl", "cpp"}, {"interop", "none"}, {"library", library}};
  row.update(fields);
  return row;
}

nlohmann::ordered_json stats_json(const Stats& stats) {
  return {{"median", stats.median}, {"min", stats.min}, {"max", stats.max}, {"mean", stats.mean},
          {"mad", stats.mad},       {"p75", stats.p75}, {"n", stats.n},     {"samples", stats.samples}};
}

void add_native_timings(nlohmann::ordered_json& row, const Stats& encode, const Stats& decode) {
  row["encode"] = stats_json(encode);
  row["decode"] = stats_json(decode);
  row["encodePhases"] = {{"marshalInMs", 0}, {"codecMs", encode.median}, {"bytesOutMs", 0}};
  row["decodePhases"] = {{"bytesInMs", 0}, {"codecMs", decode.median}, {"marshalOutMs", 0}};
}

nlohmann::ordered_json ops_stats_json(const OpsStats& stats) {
  nlohmann::ordered_json ops = stats_json(stats.ops_per_sec);
  ops.erase("samples");
  return {{"opsPerSec", ops}, {"nsPerOp", stats.ns_per_op}, {"callsPerRep", stats.calls_per_rep}};
}

ResultsFile::ResultsFile(std::filesystem::path path, const RunInfo& run) : path_(std::move(path)) {
  document_ = {{"schemaVersion", kSchemaVersion},
               {"run", run_header_json(run)},
               {"rows", nlohmann::ordered_json::array()}};
  if (path_.has_parent_path()) {
    std::error_code error;
    std::filesystem::create_directories(path_.parent_path(), error);
    if (error) {
      throw std::runtime_error("cannot create folder " + path_.parent_path().string() + ": " +
                               error.message());
    }
  }
}

ResultsFile ResultsFile::start(const Options& options, const nlohmann::ordered_json& settings,
                               const nlohmann::ordered_json& units, const std::string& plan) {
  const auto now = std::chrono::system_clock::now();
  const std::string workload(options.workload->name());
  nlohmann::ordered_json protocol = {{"warmup", options.protocol.warmup},
                                     {"repetitions", options.protocol.repetitions}};
  protocol.update(settings);
  protocol["gc"] = false;
  protocol["timerResolutionMs"] = timer_resolution_ms();
  protocol["codecs"] = options.codecs;
  protocol.update(units);
  ResultsFile results(options.out_path.empty()
                          ? default_results_path(now, options.default_workload ? "" : workload)
                          : std::filesystem::path(options.out_path),
                      {iso_utc(now), read_machine_info(), build_info(), workload, std::move(protocol)});
  results.save();
  std::cerr << "writing " << results.path().string() << " (" << plan << " x " << options.codecs.size()
            << " codecs)\n";
  return results;
}

void ResultsFile::save() {
  std::filesystem::path temporary = path_;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << document_.dump(2) << '\n';
    out.close();
    if (!out) throw std::runtime_error("cannot write " + temporary.string());
  }
  std::error_code error;
  std::filesystem::rename(temporary, path_, error);
  if (error)
    throw std::runtime_error("cannot rename " + temporary.string() + " to " + path_.string() + ": " +
                             error.message());
}

void ResultsFile::finish() {
  document_["run"]["finished"] = true;
  save();
  std::cerr << "wrote " << path_.string() << '\n';
}

}  // namespace wcb
