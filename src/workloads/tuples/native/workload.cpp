// The tuple workload in the native runner: every selected growth step of the
// dataset, each codec measured on it (measure.h), or their encodings
// exported (--export-encodings).
#include "native/workload.h"

#include <iostream>
#include <memory>
#include <stdexcept>

#include "native/console_table.h"
#include "native/results_writer.h"
#include "workloads/tuples/item_checksum.h"
#include "workloads/tuples/native/export_encodings.h"
#include "workloads/tuples/native/measure.h"
#include "workloads/tuples/native/step_selection.h"
#include "workloads/tuples/registry.h"

namespace wcb {

namespace {

// Upper bounds that keep a typo from exhausting the machine or hanging the
// step selection (the dataset grows in memory up to --max-mb; the grid has
// --per-decade points per factor of ten). Node's runner uses the same grid
// bounds (node/cli.mjs).
constexpr double kMaxMaxMB = 4096;
constexpr double kMaxPerDecade = 100;

// Grows `dataset` to `step`: steps are selected by replaying the same
// deterministic generator, so growing to the index reproduces the step.
Payload grow_to(TupleDataset& dataset, const GrowthStep& step) {
  while (dataset.step().index < step.index) dataset.grow();
  if (dataset.step().count != step.count) {
    throw std::logic_error("the dataset did not replay: step " + std::to_string(step.index) + " has " +
                           std::to_string(dataset.step().count) + " items, selection saw " +
                           std::to_string(step.count));
  }
  return {dataset.items(), checksum(dataset.items())};
}

std::string step_title(const GrowthStep& step) {
  return "step " + std::to_string(step.index) + ", " + with_thousands(step.count) + " items, " +
         format("%.2f", step.json_mb()) + " MB of JSON";
}

// Throughput counts the payload's JSON size for every codec, so a faster
// column is faster at moving the same data, whatever the encoded size.
std::string megabytes_per_second(const GrowthStep& step, double milliseconds) {
  if (milliseconds <= 0) return "-";
  const double value = step.json_mb() / (milliseconds / 1000.0);
  return value >= 100 ? with_thousands(static_cast<std::uint64_t>(value + 0.5)) : format("%.1f", value);
}

// The table of one size step: times (medians), throughputs and sizes.
void print_step_table(const GrowthStep& step, std::span<const CodecMeasurement> measurements) {
  ConsoleTable table({"codec", "library"},
                     {"encode ms", "decode ms", "enc MB/s", "dec MB/s", "encoded B", "gzip B", "vs JSON"});
  for (const CodecMeasurement& m : measurements) {
    if (!m.ok) {
      table.add_failed({m.codec, m.library}, m.error);
      continue;
    }
    const double size_ratio = static_cast<double>(m.encoded_bytes) / static_cast<double>(step.json_bytes);
    table.add({m.codec, m.library},
              {milliseconds_text(m.encode.median), milliseconds_text(m.decode.median),
               megabytes_per_second(step, m.encode.median), megabytes_per_second(step, m.decode.median),
               with_thousands(m.encoded_bytes), with_thousands(m.gzip_bytes),
               format("%.1f%%", size_ratio * 100.0)});
  }
  table.print(std::cout, step_title(step) + " (times are medians; MB/s = JSON MB / second)");
}

nlohmann::ordered_json row_json(const GrowthStep& step, const CodecMeasurement& measurement) {
  nlohmann::ordered_json row = native_row(measurement.codec, measurement.library,
                                          {{"step", step.index},
                                           {"items", step.count},
                                           {"jsonBytes", step.json_bytes},
                                           {"jsonMB", step.json_mb()},
                                           {"status", measurement.ok ? "ok" : "failed"}});
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

class TuplesWorkload final : public RegistryWorkload<Codec> {
 public:
  std::string_view name() const override { return "tuples"; }
  std::string subject() const override { return "on the growing tuple dataset (docs/design.md#protocol)"; }
  std::string warmup_rule() const override { return per_payload_warmup_rule(); }

  std::vector<OptionSpec> options() const override {
    return {
        {"--min-mb", "X", OptionSpec::Kind::Valued, "smallest payload, JSON MB (default 0.1)"},
        {"--max-mb", "X", OptionSpec::Kind::Valued, "largest payload, JSON MB (default 30, at most 4096)"},
        {"--per-decade", "N", OptionSpec::Kind::Valued,
         "sizes on a log grid of N points per factor of ten, 0 = every growth step (default 3, at most 100)"},
        {"--export-encodings", "DIR", OptionSpec::Kind::Valued,
         "write DIR/<codec>-step<index>.bin and DIR/manifest.json for the selected sizes instead of timing, "
         "then exit"}};
  }
  std::vector<std::pair<std::string, std::string>> quick() const override {
    return {{"--min-mb", "0.05"}, {"--max-mb", "1"}};
  }

  bool read_options(OptionValues& values, bool) override {
    if (!values.number("--min-mb", 0, false, kMaxMaxMB, selection_.min_mb) ||
        !values.number("--max-mb", 0, true, kMaxMaxMB, selection_.max_mb) ||
        !values.number("--per-decade", 0, false, kMaxPerDecade, selection_.per_decade) ||
        !values.output_directory("--export-encodings", export_directory_)) {
      return false;
    }
    if (selection_.max_mb < selection_.min_mb) {
      return values.fail("--max-mb (" + format_number(selection_.max_mb) + ") is below --min-mb (" +
                         format_number(selection_.min_mb) + ") (accepted: max >= min)");
    }
    return true;
  }

  int run(const Options& options) override {
    std::vector<std::unique_ptr<Codec>> owned;
    std::vector<Codec*> codecs;
    for (const std::string& name : options.codecs) {
      owned.push_back(make_codec(name));
      codecs.push_back(owned.back().get());
    }
    const std::vector<GrowthStep> steps = select_steps(selection_);
    if (steps.empty()) {
      std::cerr << "wcb_native_bench: no growth step has a JSON size between --min-mb " << selection_.min_mb
                << " and --max-mb " << selection_.max_mb << '\n';
      return kExitBadCommandLine;
    }
    if (!export_directory_.empty()) {
      const bool written = export_encodings(export_directory_, steps, codecs, std::cerr);
      std::cerr << "exported " << steps.size() << " sizes x " << codecs.size() << " codecs to "
                << export_directory_ << '\n';
      return written ? 0 : kExitCodecFailed;
    }
    return measure(options, codecs, steps);
  }

 private:
  int measure(const Options& options, std::span<Codec* const> codecs,
              std::span<const GrowthStep> steps) const {
    ResultsFile results =
        ResultsFile::start(options,
                           {{"minMB", selection_.min_mb},
                            {"maxMB", selection_.max_mb},
                            {"stepsPerDecade", selection_.per_decade}},
                           nlohmann::ordered_json::object(), std::to_string(steps.size()) + " sizes");
    bool every_codec_ok = true;
    TupleDataset dataset;
    for (const GrowthStep& step : steps) {
      const Payload payload = grow_to(dataset, step);
      std::vector<CodecMeasurement> measurements;
      for (Codec* codec : codecs) {
        const CodecMeasurement& m =
            measurements.emplace_back(measure_codec(*codec, payload, options.protocol));
        print_progress(std::cerr, step_title(step), m.codec,
                       m.ok ? medians_text(m.encode, m.decode) : "FAILED, " + m.error);
        every_codec_ok &= m.ok;
      }
      for (const CodecMeasurement& m : measurements) results.add_row(row_json(step, m));
      results.save();
      print_step_table(step, measurements);
    }
    results.finish();
    return every_codec_ok ? 0 : kExitCodecFailed;
  }

  StepSelection selection_;
  std::string export_directory_;
};

}  // namespace

std::unique_ptr<Workload> make_tuples_native_workload() { return std::make_unique<TuplesWorkload>(); }

}  // namespace wcb
