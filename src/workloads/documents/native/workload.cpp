// The documents workload in the native runner: every (data set, codec), the
// data set read and checked untimed first (dataset.h), then measured
// (measure.h); the results file saved after each data set.
#include "native/workload.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include "native/console_table.h"
#include "native/results_writer.h"
#include "workloads/documents/checksum.h"
#include "workloads/documents/native/dataset.h"
#include "workloads/documents/native/measure.h"
#include "workloads/documents/registry.h"

namespace wcb {

namespace {

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

// The table of one data set: times (medians) and sizes.
void print_document_table(const DocumentDatasetEntry& dataset,
                          std::span<const DocumentMeasurement> measurements) {
  ConsoleTable table({"codec"}, {"encode ms", "decode ms", "bytes", "gzip -9 B"});
  for (const DocumentMeasurement& m : measurements) {
    if (!m.ok) {
      table.add_failed({m.codec}, m.error);
      continue;
    }
    table.add({m.codec}, {milliseconds_text(m.encode.median), milliseconds_text(m.decode.median),
                          with_thousands(m.encoded_bytes), with_thousands(m.gzip9_bytes)});
  }
  std::string title = dataset.id;
  if (dataset.user)
    title += " (your file, " + with_thousands(dataset.file_bytes) + " bytes, document checksum " +
             checksum_text(dataset.checksum) + ")";
  table.print(std::cout,
              title + ", " + with_thousands(dataset.json_bytes) + " bytes of JSON (times are medians)");
}

nlohmann::ordered_json document_row_json(const DocumentDatasetEntry& dataset,
                                         const DocumentMeasurement& measurement) {
  nlohmann::ordered_json row = native_row(measurement.codec, measurement.library,
                                          {// One process measures every codec and data set natively.
                                           {"batch", "native"},
                                           {"dataset", dataset.id}});
  if (dataset.user) {
    // What names a user's document beside its id (the rows of every place carry them).
    row["fileBytes"] = dataset.file_bytes;
    if (dataset.error.empty()) row["documentChecksum"] = checksum_text(dataset.checksum);
  }
  if (dataset.error.empty()) {
    row["jsonBytes"] = dataset.json_bytes;
    row["jsonMB"] = static_cast<double>(dataset.json_bytes) / (1024.0 * 1024.0);
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

class DocumentsWorkload final : public RegistryWorkload<documents::DocumentCodec> {
 public:
  std::string_view name() const override { return "documents"; }
  std::string subject() const override {
    return "on each data set of the documents workload (docs/documents.md)";
  }
  std::string warmup_rule() const override { return per_payload_warmup_rule(); }

  std::vector<OptionSpec> options() const override {
    using Kind = OptionSpec::Kind;
    return {
        {"--documents-dir", "DIR", Kind::Valued,
         "the data sets, DIR/manifest.json and DIR/<id>.json as `node node/write-documents.mjs DIR` writes "
         "them (exit status 2 for a manifest not so written, 1 when a data set's checksum differs from the "
         "manifest's)"},
        {"--datasets", "a,b", Kind::Valued,
         "data sets to run, by manifest id (default: all of the manifest, none with --documents)"},
        {"--documents", "PATH", Kind::Repeated,
         "your own JSON document as the data set user:<file name>: a .json file, an NDJSON file (.ndjson, "
         ".jsonl: the array of its lines' values) or a folder of them; repeatable (docs/documents.md)"},
        {"--checksums", "", Kind::Flag,
         "print '<id> 0x<checksum> ok|MISMATCH' per data set (the document checksum against the manifest's; "
         "a user's document: '<id> 0x<checksum>', or '<id> unreadable: <why>'), time nothing; exit 1 on a "
         "mismatch or an unreadable document"}};
  }

  bool read_options(OptionValues& values, bool running) override {
    if (!values.input_directory("--documents-dir", "the folder node/write-documents.mjs wrote", directory_))
      return false;
    if (const std::string* given = values.find("--datasets")) {
      for (const std::string& id : split_commas(*given)) {
        if (id.empty())
          return values.fail("--datasets: empty data-set id in '" + *given +
                             "' (accepted: ids of the manifest, a,b)");
        if (std::find(ids_.begin(), ids_.end(), id) == ids_.end()) ids_.push_back(id);
      }
    }
    user_documents_ = values.every("--documents");
    checksums_ = values.has("--checksums");
    if (running && directory_.empty() && user_documents_.empty()) {
      return values.fail(
          "--workload documents needs --documents-dir DIR or --documents PATH (accepted: the folder `node "
          "node/write-documents.mjs DIR` wrote, or your own .json, .ndjson or .jsonl files or folders)");
    }
    if (!ids_.empty() && directory_.empty()) {
      return values.fail(
          "--datasets names data sets of the manifest: it needs --documents-dir DIR (accepted: "
          "--documents-dir DIR --datasets a,b)");
    }
    return true;
  }

  int run(const Options& options) override {
    std::vector<DocumentDatasetEntry> datasets;
    try {
      datasets = selected_datasets();
    } catch (const ManifestError& error) {
      std::cerr << "wcb_native_bench: " << error.what() << '\n';
      return kExitBadCommandLine;
    }
    if (checksums_) return print_document_checksums(datasets);

    std::vector<std::string> ids;
    for (const DocumentDatasetEntry& entry : datasets) ids.push_back(entry.id);
    ResultsFile results = ResultsFile::start(options, nlohmann::ordered_json::object(), {{"datasets", ids}},
                                             std::to_string(datasets.size()) + " data sets");
    std::vector<std::unique_ptr<documents::DocumentCodec>> codecs;
    for (const std::string& name : options.codecs) codecs.push_back(make_document_codec(name));

    bool every_codec_ok = true;
    for (DocumentDatasetEntry& entry : datasets) {
      const std::optional<documents::Document> input = entry.user ? load_user(entry) : load_checked(entry);
      if (!input)
        std::cerr << "wcb_native_bench: " << entry.id << " is not measured: " << entry.error << '\n';
      std::vector<DocumentMeasurement> measurements;
      for (const auto& codec : codecs) {
        DocumentMeasurement& m = measurements.emplace_back();
        if (input) {
          m = measure_document_codec(*codec, entry.id, *input, options.protocol);
        } else {
          // Every codec's row says why: the data set could not be read.
          m.codec = codec->name();
          m.library = codec->library_version();
          m.dataset = entry.id;
          m.error = "read: " + entry.error;
        }
        print_progress(std::cerr, entry.id, m.codec,
                       m.ok ? medians_text(m.encode, m.decode) : "FAILED, " + m.error);
        every_codec_ok &= m.ok;
        results.add_row(document_row_json(entry, m));
      }
      results.save();
      if (input) print_document_table(entry, measurements);
    }
    results.finish();
    return every_codec_ok ? 0 : kExitCodecFailed;
  }

 private:
  // The manifest's data sets (--datasets), then the user's documents
  // (--documents); with --documents, the manifest's only when --datasets
  // names them. Throws ManifestError (a bad command line or folder).
  std::vector<DocumentDatasetEntry> selected_datasets() const {
    std::vector<DocumentDatasetEntry> datasets;
    if (!directory_.empty() && (user_documents_.empty() || !ids_.empty()))
      datasets = select_datasets(read_documents_manifest(directory_), ids_);
    for (DocumentDatasetEntry& entry : resolve_user_documents(user_documents_))
      datasets.push_back(std::move(entry));
    return datasets;
  }

  std::string directory_;
  std::vector<std::string> ids_;
  std::vector<std::string> user_documents_;
  bool checksums_ = false;
};

}  // namespace

std::unique_ptr<Workload> make_documents_native_workload() { return std::make_unique<DocumentsWorkload>(); }

}  // namespace wcb
