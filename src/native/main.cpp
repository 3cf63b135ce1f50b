// wcb_native_bench: the native place of the benchmark. Parses the command
// line and drives the other pieces; measuring, writing and printing live in
// their own files.
#include <chrono>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "console_table.h"
#include "core/checksum.h"
#include "document_dataset.h"
#include "document_measure.h"
#include "export_encodings.h"
#include "machine_info.h"
#include "measure.h"
#include "message_measure.h"
#include "options.h"
#include "results_writer.h"
#include "step_selection.h"
#include "workloads/documents/checksum.h"
#include "workloads/documents/registry.h"
#include "workloads/messages/registry.h"
#include "workloads/tuples/registry.h"

namespace wcb {
namespace {

constexpr int kExitCodecFailed = 1;
constexpr int kExitBadCommandLine = 2;

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

int run_benchmark(const Options& options, std::span<Codec* const> codecs, std::span<const GrowthStep> steps) {
  const auto start = std::chrono::system_clock::now();
  const RunInfo run{iso_utc(start),    read_machine_info(), build_info(),         options.protocol,
                    options.selection, options.codecs,      timer_resolution_ms()};
  ResultsFile results(
      options.out_path.empty() ? default_results_path(start) : std::filesystem::path(options.out_path), run);
  results.save();
  std::cerr << "writing " << results.path().string() << " (" << steps.size() << " sizes x " << codecs.size()
            << " codecs)\n";

  bool every_codec_ok = true;
  TupleDataset dataset;
  for (const GrowthStep& step : steps) {
    const Payload payload = grow_to(dataset, step);
    std::vector<CodecMeasurement> measurements;
    for (Codec* codec : codecs) {
      measurements.push_back(measure_codec(*codec, payload, options.protocol));
      print_progress(std::cerr, step, measurements.back());
      every_codec_ok &= measurements.back().ok;
    }
    results.add_rows(step, measurements);
    results.save();
    print_step_table(std::cout, step, measurements);
  }
  results.finish();
  std::cerr << "wrote " << results.path().string() << '\n';
  return every_codec_ok ? 0 : kExitCodecFailed;
}

// The size of a record's JSON text: the json message codec writes exactly
// JSON.stringify's text (the messages spec), so its encoding is the
// reference the JS runners compute. Unknown when json is not built.
std::optional<std::size_t> json_bytes_of(messages::Kind kind) {
  const std::unique_ptr<messages::MessageCodec> json = make_message_codec("json");
  if (!json) return std::nullopt;
  Bytes text;
  if (!json->encode(messages::sample_message(kind), text)) return std::nullopt;
  return text.size();
}

// The messages workload: every (record, codec) measured in that order, the
// results file saved after each record.
int run_messages(const Options& options) {
  std::vector<messages::Kind> kinds;
  for (const std::string& name : options.records) kinds.push_back(*messages::kind_from_name(name));

  const auto start = std::chrono::system_clock::now();
  RunInfo run{iso_utc(start),    read_machine_info(), build_info(),         options.protocol,
              options.selection, options.codecs,      timer_resolution_ms()};
  run.workload = "messages";
  run.records = options.records;
  ResultsFile results(options.out_path.empty() ? default_results_path(start, "messages")
                                               : std::filesystem::path(options.out_path),
                      run);
  results.save();
  std::cerr << "writing " << results.path().string() << " (" << kinds.size() << " records x "
            << options.codecs.size() << " codecs)\n";

  std::vector<std::unique_ptr<messages::MessageCodec>> codecs;
  for (const std::string& name : options.codecs) codecs.push_back(make_message_codec(name));

  bool every_codec_ok = true;
  std::vector<MessageMeasurement> measurements;
  for (const messages::Kind kind : kinds) {
    const std::optional<std::size_t> json_bytes = json_bytes_of(kind);
    for (const auto& codec : codecs) {
      measurements.push_back(measure_message_codec(*codec, kind, options.protocol, json_bytes));
      print_message_progress(std::cerr, measurements.back());
      every_codec_ok &= measurements.back().ok;
      results.add_message_row(measurements.back());
    }
    results.save();
  }
  print_message_table(std::cout, measurements);
  results.finish();
  std::cerr << "wrote " << results.path().string() << '\n';
  return every_codec_ok ? 0 : kExitCodecFailed;
}

// The tuple workload: every selected growth step of the dataset, or their
// encodings exported (--export-encodings).
int run_tuples(const Options& options) {
  std::vector<std::unique_ptr<Codec>> owned;
  std::vector<Codec*> codecs;
  for (const std::string& name : options.codecs) {
    owned.push_back(make_codec(name));
    codecs.push_back(owned.back().get());
  }

  const std::vector<GrowthStep> steps = select_steps(options.selection);
  if (steps.empty()) {
    std::cerr << "wcb_native_bench: no growth step has a JSON size between --min-mb "
              << options.selection.min_mb << " and --max-mb " << options.selection.max_mb << '\n';
    return kExitBadCommandLine;
  }

  if (!options.export_directory.empty()) {
    const bool written = export_encodings(options.export_directory, steps, codecs, std::cerr);
    std::cerr << "exported " << steps.size() << " sizes x " << codecs.size() << " codecs to "
              << options.export_directory << '\n';
    return written ? 0 : kExitCodecFailed;
  }
  return run_benchmark(options, codecs, steps);
}

int run_messages_workload(const Options& options) {
  Options chosen = options;
  if (chosen.records.empty()) {
    chosen.records.assign(messages::kKindNames.begin(),
                          messages::kKindNames.begin() + messages::kDefaultKindCount);
  }
  return run_messages(chosen);
}

// The data sets of a documents run: the manifest's (--datasets), then the
// user's documents (--documents); with --documents, the manifest's only when
// --datasets names them. Throws ManifestError (a bad command line or folder).
std::vector<DocumentDatasetEntry> documents_datasets(const Options& options) {
  std::vector<DocumentDatasetEntry> datasets;
  if (!options.documents_dir.empty() && (options.user_documents.empty() || !options.datasets.empty()))
    datasets = select_datasets(read_documents_manifest(options.documents_dir), options.datasets);
  for (DocumentDatasetEntry& entry : resolve_user_documents(options.user_documents))
    datasets.push_back(std::move(entry));
  return datasets;
}

// A user's document read, or nullopt with entry.error set (logged): the
// other data sets run.
std::optional<documents::Document> load_user(DocumentDatasetEntry& entry) {
  try {
    return load_user_document(entry);
  } catch (const std::runtime_error& error) {
    entry.error = error.what();
    return std::nullopt;
  }
}

// The data set as C++ reads it, checked against the checksum JS wrote in the
// manifest: a difference means C++ and JS do not see the same values, and
// nothing measured on it would compare with the JS rows.
documents::Document load_checked(const DocumentDatasetEntry& entry) {
  documents::Document document = load_document(entry);
  const std::uint32_t actual = documents::document_checksum(document);
  if (actual != entry.checksum) {
    throw std::runtime_error("data set " + entry.id + ": document checksum " + checksum_text(actual) +
                             " in C++, " + checksum_text(entry.checksum) +
                             " in the manifest (JS): C++ and JS do not see the same values");
  }
  return document;
}

// --checksums: one line per data set, time nothing.
int print_document_checksums(const std::vector<DocumentDatasetEntry>& datasets) {
  bool every_match = true;
  for (DocumentDatasetEntry entry : datasets) {
    if (entry.user) {
      // No manifest to compare with: the checksum itself (JS computes its own).
      const bool read = load_user(entry).has_value();
      every_match &= read;
      std::cout << entry.id << ' ' << (read ? checksum_text(entry.checksum) : "unreadable: " + entry.error)
                << '\n';
      continue;
    }
    const std::uint32_t actual = documents::document_checksum(load_document(entry));
    const bool match = actual == entry.checksum;
    every_match &= match;
    std::cout << entry.id << ' ' << checksum_text(actual) << ' ' << (match ? "ok" : "MISMATCH") << '\n';
  }
  std::cout.flush();
  return every_match ? 0 : kExitCodecFailed;
}

// The documents workload: every (data set, codec), the data set read and
// checked untimed first; the results file saved after each data set.
int run_documents(const Options& options) {
  std::vector<DocumentDatasetEntry> datasets;
  try {
    datasets = documents_datasets(options);
  } catch (const ManifestError& error) {
    std::cerr << "wcb_native_bench: " << error.what() << '\n';
    return kExitBadCommandLine;
  }
  if (options.checksums) return print_document_checksums(datasets);

  const auto start = std::chrono::system_clock::now();
  RunInfo run{iso_utc(start),    read_machine_info(), build_info(),         options.protocol,
              options.selection, options.codecs,      timer_resolution_ms()};
  run.workload = "documents";
  for (const DocumentDatasetEntry& entry : datasets) run.datasets.push_back(entry.id);
  ResultsFile results(options.out_path.empty() ? default_results_path(start, "documents")
                                               : std::filesystem::path(options.out_path),
                      run);
  results.save();
  std::cerr << "writing " << results.path().string() << " (" << datasets.size() << " data sets x "
            << options.codecs.size() << " codecs)\n";

  std::vector<std::unique_ptr<documents::DocumentCodec>> codecs;
  for (const std::string& name : options.codecs) codecs.push_back(make_document_codec(name));

  bool every_codec_ok = true;
  for (DocumentDatasetEntry& entry : datasets) {
    const std::optional<documents::Document> input = entry.user ? load_user(entry) : load_checked(entry);
    if (!input) std::cerr << "wcb_native_bench: " << entry.id << " is not measured: " << entry.error << '\n';
    std::vector<DocumentMeasurement> measurements;
    for (const auto& codec : codecs) {
      if (input) {
        measurements.push_back(measure_document_codec(*codec, entry.id, *input, options.protocol));
      } else {
        // Every codec's row says why: the data set could not be read.
        DocumentMeasurement unread;
        unread.codec = codec->name();
        unread.library = codec->library_version();
        unread.dataset = entry.id;
        unread.error = "read: " + entry.error;
        measurements.push_back(std::move(unread));
      }
      print_document_progress(std::cerr, measurements.back());
      every_codec_ok &= measurements.back().ok;
      results.add_document_row(entry, measurements.back());
    }
    results.save();
    if (input) print_document_table(std::cout, entry, measurements);
  }
  results.finish();
  std::cerr << "wrote " << results.path().string() << '\n';
  return every_codec_ok ? 0 : kExitCodecFailed;
}

std::string tuple_library_version(const std::string& codec) { return make_codec(codec)->library_version(); }
std::string message_library_version(const std::string& codec) {
  return make_message_codec(codec)->library_version();
}
std::string document_library_version(const std::string& codec) {
  return make_document_codec(codec)->library_version();
}

// One entry per workload: its codecs in this build and how to run it.
struct Workload {
  std::string_view name;
  std::vector<std::string> (*codec_names)();
  std::string (*library_version)(const std::string& codec);
  int (*run)(const Options& options);
};

constexpr Workload kWorkloads[] = {
    {"tuples", &codec_names, &tuple_library_version, &run_tuples},
    {"messages", &message_codec_names, &message_library_version, &run_messages_workload},
    {"documents", &document_codec_names, &document_library_version, &run_documents},
};

const Workload& workload_named(std::string_view name) {
  for (const Workload& workload : kWorkloads) {
    if (workload.name == name) return workload;
  }
  throw std::logic_error("no workload '" + std::string(name) + "'");  // options.cpp accepted it
}

int run(int argc, char** argv) {
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  const std::vector<std::string> available = codec_names();
  const std::vector<std::string> available_messages = message_codec_names();
  const std::vector<std::string> available_documents = document_codec_names();
  const ParsedOptions parsed = parse_options(arguments, available, available_messages, available_documents);
  if (!parsed.options) {
    std::cerr << "wcb_native_bench: " << parsed.error << '\n';
    return kExitBadCommandLine;
  }
  const Options& options = *parsed.options;
  if (options.help) {
    std::cout << usage_text(available, available_messages, available_documents);
    return 0;
  }
  const Workload& workload = workload_named(options.workload);
  const std::vector<std::string> names = workload.codec_names();
  if (options.list) {
    for (const std::string& name : names) std::cout << name << '\t' << workload.library_version(name) << '\n';
    return 0;
  }
  Options chosen = options;
  if (chosen.codecs.empty()) chosen.codecs = names;
  if (chosen.codecs.empty()) {
    std::cerr << "wcb_native_bench: this build has no codec for the " << workload.name << " workload\n";
    return kExitBadCommandLine;
  }
  return workload.run(chosen);
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
