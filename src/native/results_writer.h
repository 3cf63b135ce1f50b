// The results file of a native run (src/results.schema.json): a run header
// and the workload's rows. The file is rewritten atomically at every save(),
// so an interrupted run keeps every row measured so far and says
// `finished: false`.
#pragma once

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "machine_info.h"
#include "options.h"
#include "per_call.h"
#include "stats.h"

namespace wcb {

struct RunInfo {
  std::string date;  // ISO 8601 UTC, see iso_utc()
  MachineInfo machine;
  BuildInfo build;
  std::string workload;
  nlohmann::ordered_json protocol;
};

// "2024-11-30T00:05:12Z"
std::string iso_utc(std::chrono::system_clock::time_point time);
// results/native-2024-11-30T00-05-12Z.json, or for a workload other than the
// default native-<workload>-<date>.json: the date without ':' so the name is
// valid everywhere.
std::filesystem::path default_results_path(std::chrono::system_clock::time_point time,
                                           std::string_view workload = {});

// ordered_json keeps the keys in the order written here, for a readable file.
nlohmann::ordered_json run_header_json(const RunInfo& run);
// The fields every native row starts with: place, codec, impl, interop,
// library; then `fields`, the workload's.
nlohmann::ordered_json native_row(const std::string& codec, const std::string& library,
                                  const nlohmann::ordered_json& fields);
nlohmann::ordered_json stats_json(const Stats& stats);
// The schema's opsStats: the ops/s statistics without the samples (as the
// JS runners write them), and what a reader wants at a glance.
nlohmann::ordered_json ops_stats_json(const OpsStats& stats);
// The timings of a per-payload row: the statistics, and phases in which all
// of the time is codec time (native code pays no boundary), so the report
// can set wasm codec time against them.
void add_native_timings(nlohmann::ordered_json& row, const Stats& encode, const Stats& decode);

class ResultsFile {
 public:
  // Creates the parent folder; writes nothing until save().
  ResultsFile(std::filesystem::path path, const RunInfo& run);

  // The results of a run of options.workload, saved at once: the protocol
  // is warmup, repetitions, the workload's `settings`, gc, the timer's
  // resolution, the codecs and the workload's `units`. Says on stderr what
  // it writes: `plan` ("3 sizes") x the codecs.
  static ResultsFile start(const Options& options, const nlohmann::ordered_json& settings,
                           const nlohmann::ordered_json& units, const std::string& plan);

  void add_row(nlohmann::ordered_json row) { document_["rows"].push_back(std::move(row)); }
  // Writes PATH.tmp, then renames it over PATH. Throws std::runtime_error.
  void save();
  // Marks the run finished, saves, and says so on stderr.
  void finish();

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  nlohmann::ordered_json document_;
};

}  // namespace wcb
