#include "document.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string_view>
#include <unordered_map>
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

namespace wcb::documents {

namespace detail {

std::string trail_text(const std::vector<TrailStep>& trail) {
  ValuePath path;
  for (const TrailStep& step : trail) {
    if (step.container->is_array()) {
      path.push_index(step.index);
    } else {
      const auto& members = step.container->get_ref<const Document::object_t&>();
      path.push_key(std::next(members.begin(), static_cast<std::ptrdiff_t>(step.index))->first);
    }
  }
  return path.text();
}

}  // namespace detail

DocumentBuilder::DocumentBuilder(Document& out, bool check_utf8, RepeatedKeys repeated_keys)
    : out_(out), check_utf8_(check_utf8), repeated_keys_(repeated_keys) {
  out_ = nullptr;
  stack_.reserve(16);
}

std::string DocumentBuilder::path() const {
  ValuePath path;
  for (const Document* container : stack_) {
    if (container->is_array()) {
      // Inside an array the next value is its next element; the elements of
      // the containers below are their last ones.
      const std::size_t size = container->size();
      path.push_index(container == stack_.back() ? size : size - 1);
    } else if (!container->empty() && (container != stack_.back() || pending_ != nullptr)) {
      path.push_key(container->get_ref<const Document::object_t&>().back().first);
    }
  }
  return path.text();
}

void DocumentBuilder::finish() {
  if (!done()) throw DecodeError("the input ends inside a value");
}

void DocumentBuilder::place(Document&& value) {
  if (stack_.empty()) {
    if (root_done_) fail("a second top-level value");
    out_ = std::move(value);
    root_done_ = true;
    return;
  }
  Document& parent = *stack_.back();
  if (parent.is_array()) {
    parent.get_ref<Document::array_t&>().push_back(std::move(value));
    return;
  }
  if (pending_ == nullptr) fail("a value without a key in an object");
  *pending_ = std::move(value);
  pending_ = nullptr;
}

void DocumentBuilder::open(Document&& container) {
  if (stack_.size() >= kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
  if (stack_.empty()) {
    place(std::move(container));
    stack_.push_back(&out_);
    return;
  }
  Document& parent = *stack_.back();
  if (parent.is_array()) {
    auto& elements = parent.get_ref<Document::array_t&>();
    elements.push_back(std::move(container));
    stack_.push_back(&elements.back());
    return;
  }
  if (pending_ == nullptr) fail("a value without a key in an object");
  Document* slot = pending_;
  *slot = std::move(container);
  pending_ = nullptr;
  stack_.push_back(slot);
}

void DocumentBuilder::string(std::string_view value) {
  if (check_utf8_ && !valid_utf8(value)) fail("a string that is not valid UTF-8");
  place(Document(Document::string_t(value)));
}

void DocumentBuilder::start_object(std::size_t /*count*/) { open(Document(Document::value_t::object)); }

void DocumentBuilder::key(std::string_view key) {
  if (stack_.empty() || !stack_.back()->is_object() || pending_ != nullptr) fail("a key outside an object");
  if (check_utf8_ && !valid_utf8(key)) fail("a key that is not valid UTF-8");
  auto& members = stack_.back()->get_ref<Document::object_t&>();
  members.Container::emplace_back(std::string(key), nullptr);
  pending_ = &members.back().second;
}

void DocumentBuilder::end_object() {
  if (stack_.empty() || !stack_.back()->is_object() || pending_ != nullptr)
    fail("an object ends where none is open");
  if (const std::string* repeated = repeated_key(*stack_.back())) {
    if (repeated_keys_ == RepeatedKeys::kKeepLast) {
      keep_last_values(*stack_.back());
    } else {
      // path() is the object's own path here (no key pending).
      throw DecodeError("repeated key " +
                        Document(*repeated).dump(-1, ' ', false, Document::error_handler_t::replace) +
                        " in the object at " + path());
    }
  }
  stack_.pop_back();
}

void DocumentBuilder::start_array(std::size_t /*count*/) { open(Document(Document::value_t::array)); }

void DocumentBuilder::end_array() {
  if (stack_.empty() || !stack_.back()->is_array()) fail("an array ends where none is open");
  stack_.pop_back();
}

const std::string* repeated_key(const Document& object) {
  const auto& members = object.get_ref<const Document::object_t&>();
  const std::size_t size = members.size();
  constexpr std::size_t kLinearUpTo = 16;
  if (size <= kLinearUpTo) {
    // ordered_map's operator[] takes a key: index its vector through begin().
    const auto first = members.begin();
    for (std::size_t i = 1; i < size; ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        if (first[i].first == first[j].first) return &first[i].first;
      }
    }
    return nullptr;
  }
  std::vector<const std::string*> keys;
  keys.reserve(size);
  for (const auto& member : members) keys.push_back(&member.first);
  std::sort(keys.begin(), keys.end(), [](const auto* a, const auto* b) { return *a < *b; });
  for (std::size_t i = 1; i < size; ++i) {
    if (*keys[i] == *keys[i - 1]) return keys[i];
  }
  return nullptr;
}

void keep_last_values(Document& object) {
  auto& members = object.get_ref<Document::object_t&>();
  // Where each key is in `kept`. The views point into `members`' keys,
  // which outlive the map.
  std::unordered_map<std::string_view, std::size_t> place;
  place.reserve(members.size());
  Document::object_t kept;
  for (auto& [key, value] : members) {
    const auto [found, first] = place.try_emplace(key, kept.size());
    if (first) {
      kept.Container::emplace_back(key, std::move(value));
    } else {
      (kept.begin() + static_cast<std::ptrdiff_t>(found->second))->second = std::move(value);
    }
  }
  members = std::move(kept);
}

}  // namespace wcb::documents
