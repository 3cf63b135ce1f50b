#include "document_dataset.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>

namespace wcb {

namespace {

using documents::Document;

std::string read_file(const std::filesystem::path& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot open " + what);
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw std::runtime_error(path.string() + ": cannot read " + what);
  return std::move(text).str();
}

// "0x" and 8 hex digits, as JS's `0x${checksum.toString(16).padStart(8, '0')}`.
bool parse_checksum(const std::string& text, std::uint32_t& checksum) {
  if (text.size() != 10 || !text.starts_with("0x")) return false;
  const char* first = text.data() + 2;
  const char* last = text.data() + text.size();
  if (!std::all_of(first, last, [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
    return false;
  const auto [end, error] = std::from_chars(first, last, checksum, 16);
  return error == std::errc() && end == last;
}

// The number rule for numbers nlohmann parsed: JSON.stringify writes every
// integral value below 1e21 without an exponent, so nlohmann reads values
// past 2^53 as 64-bit integers that a JS number only approximates; they
// become the float64 JS holds. More than kMaxDepth containers inside each
// other are refused, as every decoder refuses them.
void apply_number_rule(Document& value, std::size_t depth, const std::filesystem::path& file) {
  if (depth >= documents::kMaxDepth && value.is_structured()) {
    throw std::runtime_error(file.string() + ": nesting deeper than " + std::to_string(documents::kMaxDepth));
  }
  switch (value.type()) {
    case Document::value_t::number_integer:
      value = documents::number_of(static_cast<double>(value.get<std::int64_t>()));
      return;
    case Document::value_t::number_unsigned:
      value = documents::number_of(static_cast<double>(value.get<std::uint64_t>()));
      return;
    case Document::value_t::number_float:
      value = documents::number_of(value.get<double>());
      return;
    case Document::value_t::array:
      for (Document& element : value) apply_number_rule(element, depth + 1, file);
      return;
    case Document::value_t::object:
      for (auto& [key, member] : value.items()) apply_number_rule(member, depth + 1, file);
      return;
    default:
      return;
  }
}

}  // namespace

std::vector<DocumentDatasetEntry> read_documents_manifest(const std::filesystem::path& directory) {
  const std::filesystem::path path = directory / "manifest.json";
  const auto fail = [&](const std::string& problem) {
    return ManifestError(path.string() + ": " + problem +
                         " (accepted: the manifest node/write-documents.mjs writes)");
  };
  std::string text;
  try {
    text = read_file(path, "the data-set manifest");
  } catch (const std::runtime_error& error) {
    throw fail(std::string(error.what()).substr(path.string().size() + 2));
  }
  Document manifest;
  try {
    manifest = Document::parse(text);
  } catch (const Document::exception& error) {
    throw fail(std::string("not JSON: ") + error.what());
  }
  if (!manifest.is_object() || !manifest.contains("datasets") || !manifest["datasets"].is_array()) {
    throw fail("no \"datasets\" array");
  }
  std::vector<DocumentDatasetEntry> entries;
  for (std::size_t i = 0; i < manifest["datasets"].size(); ++i) {
    const Document& item = manifest["datasets"][i];
    const std::string where = "datasets[" + std::to_string(i) + "]";
    if (!item.is_object()) throw fail(where + " is not an object");
    DocumentDatasetEntry entry;
    const auto string_field = [&](const char* name) {
      const auto found = item.find(name);
      if (found == item.end() || !found->is_string() || found->get_ref<const std::string&>().empty())
        throw fail(where + ": \"" + name + "\" is missing or not a non-empty string");
      return found->get<std::string>();
    };
    entry.id = string_field("id");
    entry.file = directory / string_field("file");
    const auto bytes = item.find("jsonBytes");
    if (bytes == item.end() || !bytes->is_number_unsigned())
      throw fail(where + " (" + entry.id + "): \"jsonBytes\" is missing or not a whole number >= 0");
    entry.json_bytes = bytes->get<std::size_t>();
    const std::string checksum = string_field("checksum");
    if (!parse_checksum(checksum, entry.checksum))
      throw fail(where + " (" + entry.id + "): checksum '" + checksum + "' is not 0x and 8 hex digits");
    for (const DocumentDatasetEntry& earlier : entries) {
      if (earlier.id == entry.id) throw fail(where + ": id '" + entry.id + "' appears twice");
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<DocumentDatasetEntry> select_datasets(const std::vector<DocumentDatasetEntry>& manifest,
                                                  const std::vector<std::string>& ids) {
  if (ids.empty()) return manifest;
  std::vector<DocumentDatasetEntry> chosen;
  for (const std::string& id : ids) {
    const auto found = std::find_if(manifest.begin(), manifest.end(),
                                    [&](const DocumentDatasetEntry& entry) { return entry.id == id; });
    if (found == manifest.end()) {
      std::string known;
      for (const DocumentDatasetEntry& entry : manifest) known += (known.empty() ? "" : ", ") + entry.id;
      throw ManifestError("--datasets: no data set '" + id + "' in the manifest (accepted: " +
                          (known.empty() ? "none, the manifest is empty" : known) + ")");
    }
    chosen.push_back(*found);
  }
  return chosen;
}

documents::Document load_document(const DocumentDatasetEntry& entry) {
  const std::string text = read_file(entry.file, ("the data set " + entry.id).c_str());
  Document document;
  try {
    // nlohmann's parser keeps its own stack, so deep input cannot overflow
    // this one; the depth is checked below.
    document = Document::parse(text);
  } catch (const Document::exception& error) {
    throw std::runtime_error(entry.file.string() + ": not JSON: " + error.what());
  }
  apply_number_rule(document, 0, entry.file);
  return document;
}

std::string checksum_text(std::uint32_t checksum) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", checksum);
  return text;
}

}  // namespace wcb
