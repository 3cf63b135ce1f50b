// The documents workload's input natively: the data-set files JS writes
// (`node node/write-documents.mjs <dir>`: <dir>/<id>.json and
// <dir>/manifest.json, docs/documents.md "Data sets"), read into Documents
// under the number rule, and their checksums against the manifest's; and a
// user's own documents (--documents), read as JS reads them
// (src/workloads/documents/user-documents.mjs).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "workloads/documents/document.h"

namespace wcb {

// One entry of manifest.json's "datasets", or a user's document.
struct DocumentDatasetEntry {
  std::string id;
  std::filesystem::path file;  // resolved against the documents folder
  std::size_t json_bytes = 0;  // UTF-8 bytes of the data set's JSON.stringify
  std::uint32_t checksum = 0;  // JS's document checksum of the value
  // A user's document (id user:<file name>): json_bytes and checksum are
  // known once load_user_document has read it; `error` says why it could not.
  bool user = false;
  std::size_t file_bytes = 0;
  std::string error;
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

// The user's documents of --documents, in the order given: a path is a file,
// or a folder whose files ending in .json, .ndjson or .jsonl are taken by
// name (not its sub-folders); each entry's id is user:<file name>. Throws
// ManifestError (a bad command line) for a missing path, a folder without
// such a file, or two files of the same name.
std::vector<DocumentDatasetEntry> resolve_user_documents(const std::vector<std::string>& paths);

// Reads a user's document as JS does (user-documents.mjs): UTF-8 (a
// byte-order mark skipped), NDJSON for .ndjson and .jsonl (the array of its
// lines' values, blank lines only at the end), JSON.parse's values (a
// repeated key keeps its first place and its last value; integer-like keys
// first, in numeric order, as JS objects order them), then the number rule.
// Sets the entry's file_bytes, json_bytes and checksum. Throws
// std::runtime_error "<file name>: <problem>" naming the place.
documents::Document load_user_document(DocumentDatasetEntry& entry);

// The UTF-8 length of JSON.stringify's text of `document`.
std::size_t js_json_length(const documents::Document& document);

// "0x0123abcd", as the manifest writes checksums.
std::string checksum_text(std::uint32_t checksum);

}  // namespace wcb
