// The documents workload's input natively: the data-set files JS writes
// (`node node/write-documents.mjs <dir>`: <dir>/<id>.json and
// <dir>/manifest.json, docs/documents.md "Data sets"), read into Documents
// under the number rule, and their checksums against the manifest's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "workloads/documents/document.h"

namespace wcb {

// One entry of manifest.json's "datasets".
struct DocumentDatasetEntry {
  std::string id;
  std::filesystem::path file;  // resolved against the documents folder
  std::size_t json_bytes = 0;  // UTF-8 bytes of the data set's JSON.stringify
  std::uint32_t checksum = 0;  // JS's document checksum of the value
};

// A manifest that is missing or not as node/write-documents.mjs writes it.
class ManifestError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Every entry of <directory>/manifest.json, in its order. Throws
// ManifestError naming the file and the problem.
std::vector<DocumentDatasetEntry> read_documents_manifest(const std::filesystem::path& directory);

// The entries named by `ids` in that order (all of them, in manifest order,
// when `ids` is empty). Throws ManifestError for an id the manifest lacks,
// listing the ids it has.
std::vector<DocumentDatasetEntry> select_datasets(const std::vector<DocumentDatasetEntry>& manifest,
                                                  const std::vector<std::string>& ids);

// Reads and parses the entry's file into a Document: objects in key order,
// every number under the number rule (documents::number_of), nesting at
// most documents::kMaxDepth. Throws std::runtime_error "<file>: <problem>".
documents::Document load_document(const DocumentDatasetEntry& entry);

// "0x0123abcd", as the manifest writes checksums.
std::string checksum_text(std::uint32_t checksum);

}  // namespace wcb
