// Sample documents every document codec must carry exactly, shared by the
// native tests (documents_*_test.cpp) and the fuzzers' seeds
// (tests/fuzz/make_seeds.cpp). Header-only: the fuzz build has no test
// support library.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "workloads/documents/document.h"

namespace wcb::test {

struct SampleDocument {
  std::string name;
  documents::Document document;
};

// `levels` arrays and objects inside each other, alternating, around `leaf`.
inline documents::Document nested_document(std::size_t levels, documents::Document leaf = 1) {
  documents::Document value = std::move(leaf);
  for (std::size_t i = 0; i < levels; ++i) {
    documents::Document outer = i % 2 == 0 ? documents::Document::array() : documents::Document::object();
    if (outer.is_array()) {
      outer.push_back(std::move(value));
    } else {
      outer["k"] = std::move(value);
    }
    value = std::move(outer);
  }
  return value;
}

inline std::vector<SampleDocument> sample_documents() {
  using documents::Document;
  std::vector<SampleDocument> samples;
  // GeoJSON-like: a feature collection with float coordinates.
  samples.push_back({"geojson", Document::parse(R"({
    "type": "FeatureCollection",
    "features": [
      {"type": "Feature", "id": "004", "properties": {"name": "Afghanistan", "pop_est": 34124811, "gdp": 64080.0},
       "geometry": {"type": "Polygon", "coordinates": [[[61.210817, 35.650072], [62.230651, 35.270664],
                                                         [-0.5, -90], [180, 89.99999999999999], [61.210817, 35.650072]]]}},
      {"type": "Feature", "id": null, "properties": {},
       "geometry": {"type": "MultiPoint", "coordinates": [[1e-7, -1e-7], [0.1, 0.2], [123.456, -78.9]]}}
    ]})")});
  samples.push_back({"strings", Document::parse(R"({
    "ascii": "plain", "accents": "Ärger über Ölpreise, café, naïve",
    "cjk": "日本語のテキスト", "emoji": "🚀 👩‍👩‍👧 🇫🇷",
    "quotes": "she said \"hi\" and 'bye'", "backslash": "C:\\path\\to\\file",
    "controls": "\u0000 \u0001 \b \f \n \r \t \u001f \u007f", "separators": "\u2028 \u2029",
    "": "the empty key", "key with spaces and \"quotes\"": true, "ключ": "значение"})")});
  samples.push_back({"nested-20", nested_document(20, Document::parse(R"({"deep": ["end", 1.5]})"))});
  samples.push_back({"empty-object", Document::object()});
  samples.push_back({"empty-array", Document::array()});
  samples.push_back({"empty-string", Document("")});
  samples.push_back(
      {"empties-inside", Document::parse(R"({"o": {}, "a": [], "s": "", "n": [[], [{}], {"x": []}]})")});
  Document integers = Document::array();
  for (const std::int64_t value :
       {std::int64_t{0}, std::int64_t{-1}, std::int64_t{1}, std::int64_t{127}, std::int64_t{128},
        std::int64_t{-32}, std::int64_t{-33}, std::int64_t{255}, std::int64_t{256}, std::int64_t{65535},
        std::int64_t{65536}, std::int64_t{2147483647}, std::int64_t{2147483648}, std::int64_t{-2147483648},
        std::int64_t{-2147483649}, std::int64_t{9007199254740992}, std::int64_t{-9007199254740992}}) {
    integers.push_back(value);
  }
  samples.push_back({"integers", integers});
  samples.push_back({"floats", Document::array({0.1, 1e-7, 1e21, -0.0, -1.5, 5e-324, 1.7976931348623157e308,
                                                3.141592653589793, -1e-300, 0.5, 1e300})});
  samples.push_back(
      {"literals", Document::array({true, false, nullptr,
                                    Document::object({{"t", true}, {"f", false}, {"n", nullptr}})})});
  samples.push_back({"scalar-number", Document(42)});
  samples.push_back({"scalar-float", Document(2.5)});
  samples.push_back({"scalar-string", Document("just a string")});
  samples.push_back({"scalar-null", Document(nullptr)});
  samples.push_back({"scalar-true", Document(true)});
  // As jbb-repeated: many records with the same keys, in a non-sorted order.
  Document records = Document::array();
  for (int i = 0; i < 50; ++i) {
    records.push_back(
        Document::object({{"abcdef", i * 0.25}, {"qqq", 13}, {"19", Document::array({1, 2, 3, i})}}));
  }
  samples.push_back({"records", records});
  // Many keys in one object (the sorted repeated-key check).
  Document wide = Document::object();
  for (int i = 0; i < 40; ++i) wide["key" + std::to_string(39 - i)] = i;
  samples.push_back({"wide-object", wide});
  return samples;
}

}  // namespace wcb::test
