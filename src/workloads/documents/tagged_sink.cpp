// TaggedSink (tagged.h): a decoder's events written as the tagged form, and
// write_tagged, a Document walked into one.
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

#include "workloads/documents/tagged.h"

namespace wcb::documents {

namespace {

// Sizes in the form's payloads.
constexpr std::size_t kU32 = 4;
constexpr std::size_t kF64 = 8;
// 2^53 as an integer: compared as integers, since 2^53 + 1 as a double is 2^53.
constexpr std::int64_t kSafe = std::int64_t{1} << 53;
constexpr const char* kUnsafeInteger = "an integer outside +-2^53, which a JS number cannot hold exactly";

}  // namespace

std::string detail::quoted_key(std::string_view key) {
  return Document(std::string(key)).dump(-1, ' ', false, Document::error_handler_t::replace);
}

TaggedSink::TaggedSink(Bytes& out, DecodeRules rules)
    : out_(out), rules_(rules), data_(out.data()), capacity_(out.size()) {
  frames_.reserve(kMaxDepth);
  key_places_.reserve(64);
  first_keys_.fill(kNoKey);
  table_.clear();
}

void TaggedSink::grow(std::size_t size) {
  // Resizing zeroes what it adds: up to the capacity a reused buffer already
  // has, once per call, then doubling.
  out_.resize(std::max({out_.capacity(), 2 * out_.size(), size_ + size, std::size_t{256}}));
  data_ = out_.data();
  capacity_ = out_.size();
}

void TaggedSink::int32(std::int32_t value) {
  begin_value();
  std::uint8_t* at = reserve(1 + kU32);
  at[0] = kTagInt32;
  std::memcpy(at + 1, &value, kU32);  // wasm and x86-64 are little-endian, as the form
}

void TaggedSink::float64(double value) {
  begin_value();
  std::uint8_t* at = reserve(1 + kF64);
  at[0] = kTagFloat64;
  std::memcpy(at + 1, &value, kF64);
}

void TaggedSink::integer(std::int64_t value) {
  if (value >= INT32_MIN && value <= INT32_MAX) {
    int32(static_cast<std::int32_t>(value));
  } else if (value >= -kSafe && value <= kSafe) {
    float64(static_cast<double>(value));
  } else {
    fail(kUnsafeInteger);
  }
}

void TaggedSink::unsigned_integer(std::uint64_t value) {
  if (value <= static_cast<std::uint64_t>(INT32_MAX)) {
    int32(static_cast<std::int32_t>(value));
  } else if (value <= static_cast<std::uint64_t>(kSafe)) {
    float64(static_cast<double>(value));
  } else {
    fail(kUnsafeInteger);
  }
}

void TaggedSink::number(double value) { float64(value); }

void TaggedSink::string(std::string_view value) {
  if (rules_.check_utf8 && !detail::valid_utf8_fast(value)) fail("a string that is not valid UTF-8");
  if (value.size() > UINT32_MAX) fail("a string of 2^32 bytes or more");
  begin_value();
  const auto length = static_cast<std::uint32_t>(value.size());
  std::uint8_t* at = reserve(1 + kU32 + length);
  at[0] = kTagString;
  std::memcpy(at + 1, &length, kU32);
  if (length > 0) std::memcpy(at + 1 + kU32, value.data(), length);
}

void TaggedSink::open(std::uint8_t tag, bool object) {
  if (frames_.size() >= kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
  begin_value();
  std::uint8_t* at = reserve(1 + kU32);
  at[0] = tag;
  Frame frame;
  frame.count_at = size_ - kU32;
  frame.object = object;
  frame.keys_from = static_cast<std::uint32_t>(keys_.size());
  frames_.push_back(frame);
  top_ = &frames_.back();
}

void TaggedSink::close(bool object) {
  if (top_ == nullptr || top_->object != object || top_->key_pending)
    fail(object ? "an object ends where none is open" : "an array ends where none is open");
  std::memcpy(data_ + top_->count_at, &top_->count, kU32);
  frames_.pop_back();
  top_ = frames_.empty() ? nullptr : &frames_.back();
}

void TaggedSink::start_array(std::size_t /*count*/) { open(kTagArray, false); }

void TaggedSink::end_array() { close(false); }

void TaggedSink::start_object(std::size_t /*count*/) { open(kTagObject, true); }

void TaggedSink::key(std::string_view key) {
  if (top_ == nullptr || !top_->object || top_->key_pending) fail("a key outside an object");
  Frame& top = *top_;
  // Where the key expected here is kept (found again after key_places_ grows).
  const auto expected = [this, previous = top.key]() -> std::uint32_t& {
    return previous == kNoKey ? first_keys_[frames_.size() - 1] : key_places_[previous].next;
  };
  const std::uint64_t fingerprint = detail::KeyTable::fingerprint(key);
  std::uint32_t number = expected();
  if (number != kNoKey) {
    const KeyPlace& place = key_places_[number];
    // Beyond 8 bytes the fingerprint holds the first 8; the rest compared.
    if (place.length != key.size() || place.fingerprint != fingerprint ||
        (key.size() > 8 && std::memcmp(data_ + place.offset + 8, key.data() + 8, key.size() - 8) != 0))
      number = kNoKey;
  }
  if (number == kNoKey) {
    if (key.size() > (UINT32_MAX >> 1)) fail("a key of 2^31 bytes or more");
    const auto next = static_cast<std::uint32_t>(key_places_.size());
    bool added = false;
    number = table_.find_or_add(
        key, detail::KeyTable::hash(key), next, [this](std::uint32_t n) { return key_text(n); }, added);
    if (added) {
      // Each distinct key is checked once: a reference is to bytes checked.
      if (rules_.check_utf8 && !detail::valid_utf8_fast(key)) fail("a key that is not valid UTF-8");
      if (next > (UINT32_MAX >> 1)) fail("more than 2^31 distinct keys");
      const auto length = static_cast<std::uint32_t>(key.size());
      const std::uint32_t h = length << 1;
      std::uint8_t* at = reserve(kU32 + length);
      std::memcpy(at, &h, kU32);
      if (length > 0) std::memcpy(at + kU32, key.data(), length);
      key_places_.push_back(KeyPlace{size_ - length, length, kNoKey, fingerprint});
      if (rules_.repeated_keys == RepeatedKeys::kRefuse) stamps_.push_back(0);
      expected() = number;
      top.key = number;
      top.key_pending = true;
      if (rules_.repeated_keys == RepeatedKeys::kRefuse) keys_.push_back(number);
      return;
    }
    expected() = number;
  }
  const std::uint32_t h = (number << 1) | 1;
  std::memcpy(reserve(kU32), &h, kU32);
  top.key = number;
  top.key_pending = true;
  if (rules_.repeated_keys == RepeatedKeys::kRefuse) keys_.push_back(number);
}

void TaggedSink::end_object() {
  if (rules_.repeated_keys == RepeatedKeys::kRefuse && top_ != nullptr && top_->object &&
      !top_->key_pending) {
    // The object's own keys are the last on keys_ (its children's are gone):
    // one fresh stamp marks each; meeting a mark is a repeat.
    const std::uint32_t from = top_->keys_from;
    if (++stamp_ == 0) {
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
    for (std::size_t i = from; i < keys_.size(); ++i) {
      std::uint32_t& stamp = stamps_[keys_[i]];
      if (stamp == stamp_) {
        // path() is the object's own path here (no key pending).
        throw DecodeError("repeated key " + detail::quoted_key(key_text(keys_[i])) + " in the object at " +
                          path());
      }
      stamp = stamp_;
    }
    keys_.resize(from);
  }
  close(true);
}

std::string TaggedSink::path() const {
  ValuePath path;
  for (std::size_t i = 0; i < frames_.size(); ++i) {
    const Frame& frame = frames_[i];
    const bool top = i + 1 == frames_.size();
    if (!frame.object) {
      // The next value of the innermost array; the one being read of the others.
      path.push_index(top ? frame.count : frame.count - 1);
    } else if (frame.key != kNoKey && (!top || frame.key_pending)) {
      path.push_key(key_text(frame.key));
    }
  }
  return path.text();
}

void TaggedSink::finish() {
  if (!root_done_ || top_ != nullptr) throw DecodeError("the input ends inside a value");
  out_.resize(size_);
}

void write_tagged(const Document& document, Bytes& out) {
  try {
    // walk() checks the UTF-8 of strings and keys itself.
    TaggedSink sink(out, DecodeRules{.check_utf8 = false, .repeated_keys = RepeatedKeys::kKeepLast});
    walk(document, sink);
    sink.finish();
  } catch (const DecodeError& error) {
    // The sink's refusals (an integer beyond 2^53) are about the document,
    // not bytes: the caller's error, as walk()'s own are.
    out.clear();
    throw std::invalid_argument(error.what());
  } catch (...) {
    out.clear();
    throw;
  }
}

}  // namespace wcb::documents
