// Command line of wcb_native_bench.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "measure.h"
#include "step_selection.h"

namespace wcb {

struct Options {
  std::string workload = "tuples";    // or "messages", "documents"
  std::vector<std::string> codecs;    // empty: every codec of the build (of the workload)
  std::vector<std::string> records;   // messages: empty means every record
  std::string documents_dir;          // documents: the folder node/write-documents.mjs wrote
  std::vector<std::string> datasets;  // documents: empty means every data set of the manifest
  // documents: a user's own documents (--documents, repeatable): files or
  // folders; with them, the manifest's data sets run only when --datasets names them.
  std::vector<std::string> user_documents;
  bool checksums = false;  // documents: only check the data sets' checksums
  StepSelection selection;
  Protocol protocol;
  std::string out_path;  // empty: default_results_path()
  std::string export_directory;
  bool list = false;
  bool help = false;
};

struct ParsedOptions {
  std::optional<Options> options;
  std::string error;  // one line, set when options is empty
};

// `arguments` excludes the program name; `available_codecs`,
// `available_message_codecs` and `available_document_codecs` are the codec
// names of this build for the tuples, messages and documents workloads. Values given explicitly win over
// --quick's presets, whatever their order.
ParsedOptions parse_options(std::span<const std::string> arguments,
                            std::span<const std::string> available_codecs,
                            std::span<const std::string> available_message_codecs,
                            std::span<const std::string> available_document_codecs);

std::string usage_text(std::span<const std::string> available_codecs,
                       std::span<const std::string> available_message_codecs,
                       std::span<const std::string> available_document_codecs);

}  // namespace wcb
