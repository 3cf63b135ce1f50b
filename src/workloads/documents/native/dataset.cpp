#include "workloads/documents/native/dataset.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <set>
#include <span>
#include <sstream>

#include "workloads/documents/checksum.h"
#include "workloads/tuples/dataset.h"

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

// The index of an array-index key ("0", "17": no sign, no leading zero,
// below 2^32 - 1), which a JS object lists before its other keys in numeric
// order; nullopt for any other key.
std::optional<std::uint32_t> array_index_of(const std::string& key) {
  if (key.empty() || key.size() > 10 || (key.size() > 1 && key[0] == '0')) return std::nullopt;
  std::uint64_t index = 0;
  for (const char c : key) {
    if (c < '0' || c > '9') return std::nullopt;
    index = index * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (index >= 0xffffffffu) return std::nullopt;
  return static_cast<std::uint32_t>(index);
}

// The members of `object` in the order a JS object created from them lists
// them: array-index keys first in numeric order, then the others as they came.
void order_keys_as_js(Document& object) {
  std::vector<std::pair<std::uint32_t, std::size_t>> indexed;  // (index, position)
  std::size_t position = 0;
  for (const auto& [key, member] : object.items()) {
    if (const auto index = array_index_of(key)) indexed.emplace_back(*index, position);
    ++position;
  }
  if (indexed.empty()) return;
  std::sort(indexed.begin(), indexed.end());
  auto& members = object.get_ref<Document::object_t&>();
  const auto member_at = [&](std::size_t at) -> auto& {
    return *(members.begin() + static_cast<std::ptrdiff_t>(at));
  };
  Document ordered = Document::object();
  std::vector<bool> moved(members.size(), false);
  for (const auto& [index, at] : indexed) {
    documents::append_member(ordered, member_at(at).first, std::move(member_at(at).second));
    moved[at] = true;
  }
  for (std::size_t at = 0; at < members.size(); ++at) {
    if (!moved[at]) documents::append_member(ordered, member_at(at).first, std::move(member_at(at).second));
  }
  object = std::move(ordered);
}

// What JS holds of a value nlohmann parsed (`js_key_order`: and its objects'
// key order, for text JSON.stringify did not write). The number rule:
// JSON.stringify writes every integral value below 1e21 without an exponent,
// so nlohmann reads values past 2^53 as 64-bit integers that a JS number only
// approximates; they become the float64 JS holds. More than kMaxDepth
// containers inside each other are refused, as every decoder refuses them.
void apply_js_rules(Document& value, std::size_t depth, const std::string& file, bool js_key_order) {
  if (depth >= documents::kMaxDepth && value.is_structured()) {
    throw std::runtime_error(file + ": nesting deeper than " + std::to_string(documents::kMaxDepth));
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
      for (Document& element : value) apply_js_rules(element, depth + 1, file, js_key_order);
      return;
    case Document::value_t::object:
      if (js_key_order) order_keys_as_js(value);
      for (auto& [key, member] : value.items()) apply_js_rules(member, depth + 1, file, js_key_order);
      return;
    default:
      return;
  }
}

constexpr std::string_view kNdjsonEndings[] = {".ndjson", ".jsonl"};

bool ends_with_any(std::string name, std::span<const std::string_view> endings) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  return std::any_of(endings.begin(), endings.end(),
                     [&](std::string_view end) { return name.ends_with(end); });
}

bool is_document_file_name(const std::string& name) {
  constexpr std::string_view kJson[] = {".json"};
  return ends_with_any(name, kJson) || ends_with_any(name, kNdjsonEndings);
}

bool is_blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

// "line L, column C" of the 0-based byte `offset` of `text` (the column in
// bytes), its first line numbered `first_line` (an NDJSON line's number).
std::string place_of(std::string_view text, std::size_t offset, std::size_t first_line = 1) {
  const std::string_view before = text.substr(0, std::min(offset, text.size()));
  const std::size_t newline = before.rfind('\n');
  const auto lines = static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t column = newline == before.npos ? before.size() + 1 : before.size() - newline;
  return "line " + std::to_string(first_line + lines) + ", column " + std::to_string(column);
}

// nlohmann's parse of one JSON text, refused as "<name>: not JSON: <place>: <problem>".
Document parse_json_text(const std::string& name, std::string_view text, std::size_t first_line = 1) {
  try {
    return Document::parse(text);
  } catch (const Document::parse_error& error) {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: <problem>": the place is ours.
    const std::string what = error.what();
    const std::size_t column = what.find("column ");
    const std::size_t colon = column == std::string::npos ? what.npos : what.find(": ", column);
    const std::string problem = colon == std::string::npos ? what : what.substr(colon + 2);
    const std::size_t offset = error.byte == 0 ? 0 : error.byte - 1;
    throw std::runtime_error(name + ": not JSON: " + place_of(text, offset, first_line) + ": " + problem);
  } catch (const Document::exception& error) {
    const std::string what = error.what();
    const std::size_t end = what.find("] ");
    throw std::runtime_error(name + ": not JSON: " + (end == what.npos ? what : what.substr(end + 2)));
  }
}

// The array of an NDJSON text's lines' values (user-documents.mjs parseNdjson).
Document parse_ndjson(const std::string& name, std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end == text.npos ? text.npos : end - start));
    if (end == text.npos) break;
    start = end + 1;
  }
  while (!lines.empty() && is_blank(lines.back())) lines.pop_back();
  if (lines.empty()) throw std::runtime_error(name + ": no value (NDJSON: one JSON value per line)");
  Document values = Document::array();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (is_blank(lines[i])) {
      throw std::runtime_error(name + ": line " + std::to_string(i + 1) +
                               " is blank (NDJSON: one JSON value per line; blank lines only at the end)");
    }
    values.push_back(parse_json_text(name, lines[i], i + 1));
  }
  return values;
}

std::size_t js_string_length(const std::string& text) {
  std::size_t length = 2;  // the quotes
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t') {
      length += 2;
    } else if (byte < 0x20) {
      length += 6;  // \u00XX
    } else {
      length += 1;
    }
  }
  return length;
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
  apply_js_rules(document, 0, entry.file.string(), false);
  return document;
}

std::vector<DocumentDatasetEntry> resolve_user_documents(const std::vector<std::string>& paths) {
  const std::string accepted =
      " (accepted: a .json file, an NDJSON file (.ndjson, .jsonl) or a folder of them)";
  std::vector<DocumentDatasetEntry> entries;
  const auto add = [&](const std::filesystem::path& file) {
    DocumentDatasetEntry entry;
    entry.id = "user:" + file.filename().string();
    entry.file = file;
    entry.user = true;
    for (const DocumentDatasetEntry& earlier : entries) {
      if (earlier.id == entry.id && earlier.file != entry.file) {
        throw ManifestError("--documents: two files named " + file.filename().string() + " (" +
                            earlier.file.string() + " and " + file.string() +
                            "): a data set is named by its file name (accepted: files with different names)");
      }
      if (earlier.id == entry.id) return;
    }
    entries.push_back(std::move(entry));
  };
  for (const std::string& text : paths) {
    std::error_code error;
    const std::filesystem::path path = std::filesystem::absolute(text, error);
    const auto status = std::filesystem::status(path, error);
    if (std::filesystem::is_regular_file(status)) {
      add(path.lexically_normal());
      continue;
    }
    if (!std::filesystem::is_directory(status)) {
      throw ManifestError("--documents: " +
                          (std::filesystem::exists(status) ? "'" + text + "' is not a file or a folder"
                                                           : "no file or folder '" + text + "'") +
                          accepted);
    }
    std::set<std::filesystem::path> files;  // by name
    for (const auto& item : std::filesystem::directory_iterator(path)) {
      if (item.is_regular_file() && is_document_file_name(item.path().filename().string()))
        files.insert(item.path().lexically_normal());
    }
    if (files.empty()) {
      throw ManifestError("--documents: the folder '" + text +
                          "' has no file ending in .json, .ndjson, .jsonl" + accepted);
    }
    for (const auto& file : files) add(file);
  }
  return entries;
}

documents::Document load_user_document(DocumentDatasetEntry& entry) {
  const std::string name = entry.file.filename().string();
  std::string text;
  try {
    text = read_file(entry.file, "the document");
  } catch (const std::runtime_error& error) {
    throw std::runtime_error(name + ": " + error.what());
  }
  entry.file_bytes = text.size();
  std::string_view view = text;
  if (view.starts_with("\xEF\xBB\xBF")) view.remove_prefix(3);  // a byte-order mark, as TextDecoder skips it
  // nlohmann stops reading at a NUL that JSON.parse refuses ("123" then NUL):
  // no JSON text holds a raw NUL, inside a string or out.
  if (const std::size_t nul = view.find('\0'); nul != view.npos) {
    throw std::runtime_error(name + ": not JSON: " + place_of(view, nul) + ": a NUL byte");
  }
  Document document =
      ends_with_any(name, kNdjsonEndings) ? parse_ndjson(name, view) : parse_json_text(name, view);
  apply_js_rules(document, 0, name, true);
  entry.json_bytes = js_json_length(document);
  entry.checksum = documents::document_checksum(document);
  return document;
}

std::size_t js_json_length(const documents::Document& document) {
  switch (document.type()) {
    case Document::value_t::null:
    case Document::value_t::discarded:
      return 4;
    case Document::value_t::boolean:
      return document.get<bool>() ? 4 : 5;
    case Document::value_t::number_integer:
      return js_number_length(static_cast<double>(document.get<std::int64_t>()));
    case Document::value_t::number_unsigned:
      return js_number_length(static_cast<double>(document.get<std::uint64_t>()));
    case Document::value_t::number_float:
      return js_number_length(document.get<double>());
    case Document::value_t::string:
      return js_string_length(document.get_ref<const std::string&>());
    case Document::value_t::array: {
      std::size_t length = 2 + (document.empty() ? 0 : document.size() - 1);
      for (const Document& element : document) length += js_json_length(element);
      return length;
    }
    case Document::value_t::object: {
      std::size_t length = 2 + (document.empty() ? 0 : document.size() - 1);
      for (const auto& [key, member] : document.items())
        length += js_string_length(key) + 1 + js_json_length(member);
      return length;
    }
    case Document::value_t::binary:
      break;
  }
  throw std::logic_error("js_json_length: a binary value is not JSON");
}

std::string checksum_text(std::uint32_t checksum) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", checksum);
  return text;
}

}  // namespace wcb
