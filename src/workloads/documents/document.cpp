#include "document.h"

#include <cmath>
#include <cstdio>
#include <utility>

namespace wcb::documents {

Document number_of(double value) {
  if (std::isfinite(value) && std::trunc(value) == value && std::fabs(value) <= kMaxSafeInteger) {
    return Document(static_cast<std::int64_t>(value));
  }
  return Document(value);
}

void append_member(Document& object, std::string key, Document value) {
  // ordered_map is a vector of pairs; its own emplace searches it first.
  auto& members = object.get_ref<Document::object_t&>();
  members.Container::emplace_back(std::move(key), std::move(value));
}

namespace {

bool plain_identifier(const std::string& key) {
  if (key.empty()) return false;
  for (std::size_t i = 0; i < key.size(); ++i) {
    const char c = key[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    const bool digit = c >= '0' && c <= '9';
    if (!letter && !(digit && i > 0)) return false;
  }
  return true;
}

}  // namespace

std::string ValuePath::text() const {
  std::string text = "$";
  for (const auto& step : steps_) {
    if (const auto* index = std::get_if<std::size_t>(&step)) {
      text += '[' + std::to_string(*index) + ']';
    } else {
      const auto& key = std::get<std::string>(step);
      if (plain_identifier(key)) {
        text += '.' + key;
      } else {
        // JSON's escaping keeps quotes and control bytes readable.
        text += '[' + Document(key).dump(-1, ' ', false, Document::error_handler_t::replace) + ']';
      }
    }
  }
  return text;
}

namespace {

bool is_number(const Document& value) { return value.is_number(); }

std::string brief(const Document& value) {
  std::string text = value.dump(-1, ' ', false, Document::error_handler_t::replace);
  constexpr std::size_t kMax = 60;
  if (text.size() > kMax) text = text.substr(0, kMax - 3) + "...";
  return text;
}

// Walks both documents; returns false at the first difference, describing it
// in `difference` when that is not null.
bool compare(const Document& a, const Document& b, bool key_order, ValuePath& path, std::string* difference) {
  const auto differ = [&](std::string_view what) {
    if (difference)
      *difference = path.text() + ": " + std::string(what) + " (" + brief(a) + " vs " + brief(b) + ")";
    return false;
  };
  if (is_number(a) && is_number(b)) {
    // Both integers: exact; otherwise as doubles, as JS sees them.
    if (a.is_number_float() || b.is_number_float()) {
      if (a.get<double>() != b.get<double>()) return differ("numbers differ");
    } else if (a.is_number_unsigned() || b.is_number_unsigned()) {
      if (a.get<double>() != b.get<double>()) return differ("numbers differ");
    } else if (a.get<std::int64_t>() != b.get<std::int64_t>()) {
      return differ("numbers differ");
    }
    return true;
  }
  if (a.type() != b.type()) return differ("types differ");
  switch (a.type()) {
    case Document::value_t::array: {
      if (a.size() != b.size()) return differ("array lengths differ");
      for (std::size_t i = 0; i < a.size(); ++i) {
        path.push_index(i);
        if (!compare(a[i], b[i], key_order, path, difference)) return false;
        path.pop();
      }
      return true;
    }
    case Document::value_t::object: {
      if (a.size() != b.size()) return differ("objects have different numbers of keys");
      if (key_order) {
        auto left = a.items().begin();
        auto right = b.items().begin();
        for (; left != a.items().end(); ++left, ++right) {
          if (left.key() != right.key()) {
            path.push_key(left.key());
            if (difference) *difference = path.text() + ": key order differs (found " + right.key() + ")";
            return false;
          }
          path.push_key(left.key());
          if (!compare(left.value(), right.value(), key_order, path, difference)) return false;
          path.pop();
        }
        return true;
      }
      for (const auto& [key, value] : a.items()) {
        const auto found = b.find(key);
        path.push_key(key);
        if (found == b.end()) {
          if (difference) *difference = path.text() + ": key missing from the second document";
          return false;
        }
        if (!compare(value, *found, key_order, path, difference)) return false;
        path.pop();
      }
      return true;
    }
    default:
      return a == b ? true : differ("values differ");
  }
}

}  // namespace

bool same_document(const Document& a, const Document& b, bool key_order) {
  ValuePath path;
  return compare(a, b, key_order, path, nullptr);
}

std::string first_difference(const Document& a, const Document& b, bool key_order) {
  ValuePath path;
  std::string difference;
  compare(a, b, key_order, path, &difference);
  return difference;
}

}  // namespace wcb::documents
