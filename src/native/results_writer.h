// The results file of a native run (src/results.schema.json): a run header
// and one row per (codec, size step), or for the messages workload one
// message row per (codec, record), or for the documents workload one
// document row per (codec, data set). The file is rewritten atomically after
// every size step, so an interrupted run keeps every row measured so far and
// says `finished: false`.
#pragma once

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "document_dataset.h"
#include "document_measure.h"
#include "machine_info.h"
#include "measure.h"
#include "message_measure.h"
#include "step_selection.h"
#include "workloads/tuples/dataset.h"

namespace wcb {

struct RunInfo {
  std::string date;  // ISO 8601 UTC, see iso_utc()
  MachineInfo machine;
  BuildInfo build;
  Protocol protocol;
  StepSelection selection;
  std::vector<std::string> codecs;
  double timer_resolution_ms = 0.0;
  std::string workload = "tuples";    // or "messages", "documents"
  std::vector<std::string> records;   // messages workload: the records measured
  std::vector<std::string> datasets;  // documents workload: the data sets measured
};

// "2024-11-30T00:05:12Z"
std::string iso_utc(std::chrono::system_clock::time_point time);
// results/native-2024-11-30T00-05-12Z.json: the date without ':' so the name
// is valid everywhere.
std::filesystem::path default_results_path(std::chrono::system_clock::time_point time,
                                           std::string_view workload = "tuples");

// ordered_json keeps the keys in the order written here, for a readable file.
nlohmann::ordered_json run_header_json(const RunInfo& run);
nlohmann::ordered_json row_json(const GrowthStep& step, const CodecMeasurement& measurement);
nlohmann::ordered_json message_row_json(const MessageMeasurement& measurement);
nlohmann::ordered_json document_row_json(const DocumentDatasetEntry& dataset,
                                         const DocumentMeasurement& measurement);

class ResultsFile {
 public:
  // Creates the parent folder; writes nothing until save().
  ResultsFile(std::filesystem::path path, const RunInfo& run);

  void add_rows(const GrowthStep& step, std::span<const CodecMeasurement> measurements);
  void add_message_row(const MessageMeasurement& measurement);
  void add_document_row(const DocumentDatasetEntry& dataset, const DocumentMeasurement& measurement);
  // Writes PATH.tmp, then renames it over PATH. Throws std::runtime_error.
  void save();
  // Marks the run finished and saves.
  void finish();

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  nlohmann::ordered_json document_;
};

}  // namespace wcb
