// What the document fuzzers (document_decode_fuzzer.cpp) and the documents
// bad-input test (tests/native/documents_bad_input_test.cpp) share: when two
// decoded documents count as the same. Header-only: the fuzz build has no
// test support library.
#pragma once

#include <cmath>
#include <cstddef>

#include "workloads/documents/document.h"

namespace wcb::fuzz {

// same_document, except that NaN equals NaN (a decoded float may be one).
inline bool same_or_nan(const documents::Document& a, const documents::Document& b, bool key_order) {
  if (a.is_number_float() && b.is_number_float() && std::isnan(a.get<double>()) &&
      std::isnan(b.get<double>()))
    return true;
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!same_or_nan(a[i], b[i], key_order)) return false;
    }
    return true;
  }
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    auto right = b.begin();
    for (auto left = a.begin(); left != a.end(); ++left, ++right) {
      const auto found = key_order ? right : b.find(left.key());
      if (found == b.end() || found.key() != left.key() ||
          !same_or_nan(left.value(), found.value(), key_order))
        return false;
    }
    return true;
  }
  return documents::same_document(a, b, key_order);
}

}  // namespace wcb::fuzz
