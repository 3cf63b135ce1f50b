#include "results_writer.h"

#include <ctime>
#include <fstream>
#include <stdexcept>
#include <system_error>

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

nlohmann::ordered_json stats_json(const Stats& stats) {
  return {{"median", stats.median}, {"min", stats.min}, {"max", stats.max}, {"mean", stats.mean},
          {"mad", stats.mad},       {"p75", stats.p75}, {"n", stats.n},     {"samples", stats.samples}};
}

// The timings of a native row: the statistics, and phases in which all of
// the time is codec time (native code pays no boundary), so the report can
// set wasm codec time against them.
void add_native_timings(nlohmann::ordered_json& row, const Stats& encode, const Stats& decode) {
  row["encode"] = stats_json(encode);
  row["decode"] = stats_json(decode);
  row["encodePhases"] = {{"marshalInMs", 0}, {"codecMs", encode.median}, {"bytesOutMs", 0}};
  row["decodePhases"] = {{"bytesInMs", 0}, {"codecMs", decode.median}, {"marshalOutMs", 0}};
}

// The schema's opsStats: the ops/s statistics without the samples (as the
// JS runners write them), and what a reader wants at a glance.
nlohmann::ordered_json ops_stats_json(const OpsStats& stats) {
  nlohmann::ordered_json ops = stats_json(stats.ops_per_sec);
  ops.erase("samples");
  return {{"opsPerSec", ops}, {"nsPerOp", stats.ns_per_op}, {"callsPerRep", stats.calls_per_rep}};
}

nlohmann::ordered_json protocol_json(const RunInfo& run) {
  if (run.workload == "documents") {
    return {{"warmup", run.protocol.warmup},
            {"repetitions", run.protocol.repetitions},
            {"gc", false},
            {"timerResolutionMs", run.timer_resolution_ms},
            {"codecs", run.codecs},
            {"datasets", run.datasets}};
  }
  if (run.workload == "messages") {
    return {{"warmup", run.protocol.warmup},
            {"repetitions", run.protocol.repetitions},
            {"minRepMs", run.protocol.min_rep_ms},
            {"gc", false},
            {"timerResolutionMs", run.timer_resolution_ms},
            {"codecs", run.codecs},
            {"records", run.records}};
  }
  return {{"warmup", run.protocol.warmup},
          {"repetitions", run.protocol.repetitions},
          {"minMB", run.selection.min_mb},
          {"maxMB", run.selection.max_mb},
          {"stepsPerDecade", run.selection.per_decade},
          {"gc", false},
          {"timerResolutionMs", run.timer_resolution_ms},
          {"codecs", run.codecs}};
}

}  // namespace

std::string iso_utc(std::chrono::system_clock::time_point time) {
  return format_utc(time, "%Y-%m-%dT%H:%M:%SZ");
}

std::filesystem::path default_results_path(std::chrono::system_clock::time_point time,
                                           std::string_view workload) {
  // results/native-<date>.json, or native-<workload>-<date>.json for the
  // other workloads: the names npm run report looks for per workload.
  const std::string kind = workload == "tuples" ? "native-" : "native-" + std::string(workload) + "-";
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
      {"protocol", protocol_json(run)},
  };
}

nlohmann::ordered_json row_json(const GrowthStep& step, const CodecMeasurement& measurement) {
  nlohmann::ordered_json row = {
      {"place", "native"},
      {"codec", measurement.codec},
      {"impl", "cpp"},
      {"interop", "none"},
      {"library", measurement.library},
      {"step", step.index},
      {"items", step.count},
      {"jsonBytes", step.json_bytes},
      {"jsonMB", step.json_mb()},
      {"status", measurement.ok ? "ok" : "failed"},
  };
  if (measurement.ok) {
    row["encodedBytes"] = measurement.encoded_bytes;
    row["gzipBytes"] = measurement.gzip_bytes;
    add_native_timings(row, measurement.encode, measurement.decode);
  } else {
    row["error"] = measurement.error;
  }
  row["memory"] = {{"peakRssBytes", measurement.peak_rss_bytes}};
  return row;
}

nlohmann::ordered_json message_row_json(const MessageMeasurement& measurement) {
  nlohmann::ordered_json row = {
      {"place", "native"},
      {"codec", measurement.codec},
      {"impl", "cpp"},
      {"interop", "none"},
      {"library", measurement.library},
      {"record", messages::kind_name(measurement.record)},
      {"status", measurement.ok ? "ok" : "failed"},
  };
  if (measurement.ok) {
    row["encodedBytes"] = measurement.encoded_bytes;
    if (measurement.json_bytes) row["jsonBytes"] = *measurement.json_bytes;
    row["encode"] = ops_stats_json(measurement.encode);
    row["decode"] = ops_stats_json(measurement.decode);
    row["roundTrip"] = ops_stats_json(measurement.round_trip);
  } else {
    row["error"] = measurement.error;
  }
  return row;
}

nlohmann::ordered_json document_row_json(const DocumentDatasetEntry& dataset,
                                         const DocumentMeasurement& measurement) {
  nlohmann::ordered_json row = {
      {"place", "native"},
      {"codec", measurement.codec},
      {"impl", "cpp"},
      {"interop", "none"},
      {"library", measurement.library},
      // One process measures every codec and data set natively.
      {"batch", "native"},
      {"dataset", dataset.id},
  };
  if (dataset.user) {
    // What names a user's document beside its id (the rows of every place carry them).
    row["fileBytes"] = dataset.file_bytes;
    if (dataset.error.empty()) row["documentChecksum"] = checksum_text(dataset.checksum);
  }
  if (dataset.error.empty()) {
    row["jsonBytes"] = dataset.json_bytes;
    row["jsonMB"] = static_cast<double>(dataset.json_bytes) / kBytesPerMB;
  }
  row["status"] = measurement.ok ? "ok" : "failed";
  if (measurement.ok) {
    row["encodedBytes"] = measurement.encoded_bytes;
    row["gzipBytes"] = measurement.gzip_bytes;
    row["gzip9Bytes"] = measurement.gzip9_bytes;
    add_native_timings(row, measurement.encode, measurement.decode);
  } else {
    row["error"] = measurement.error;
  }
  return row;
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

void ResultsFile::add_rows(const GrowthStep& step, std::span<const CodecMeasurement> measurements) {
  for (const CodecMeasurement& measurement : measurements)
    document_["rows"].push_back(row_json(step, measurement));
}

void ResultsFile::add_message_row(const MessageMeasurement& measurement) {
  document_["rows"].push_back(message_row_json(measurement));
}

void ResultsFile::add_document_row(const DocumentDatasetEntry& dataset,
                                   const DocumentMeasurement& measurement) {
  document_["rows"].push_back(document_row_json(dataset, measurement));
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
}

}  // namespace wcb
