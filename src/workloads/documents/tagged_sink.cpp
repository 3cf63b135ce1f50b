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
// 2^53 as an integer: compared as integers, since 2^53 + 1 as a double is 2^53.
constexpr std::int64_t kSafe = std::int64_t{1} << 53;
constexpr const char* kUnsafeInteger = "an integer outside +-2^53, which a JS number cannot hold exactly";

}  // namespace

std::string detail::quoted_key(std::string_view key) {
  return Document(std::string(key)).dump(-1, ' ', false, Document::error_handler_t::replace);
}

TaggedSink::TaggedSink(Bytes& out, DecodeRules rules)
    : bytes_(&out), rules_(rules), data_(out.data()), capacity_(out.size()) {
  start();
}

TaggedSink::TaggedSink(TaggedBytes& out, DecodeRules rules)
    : tagged_(&out), rules_(rules), data_(out.data()), capacity_(out.size()) {
  start();
}

void TaggedSink::start() {
  frames_[0] = Frame{
      .count_at = 0, .count = 0, .key = kNoKey, .keys_from = 0, .kind = Kind::kRoot, .key_pending = false};
  key_places_.reserve(64);
  first_keys_.fill(kNoKey);
  table_.clear();
}

namespace {

// Grows `out` (whose first `used` bytes are written) to hold `size` more:
// up to the capacity a reused buffer already has, once per call, then
// doubling.
template <typename Buffer>
void grow_output(Buffer& out, std::size_t used, std::size_t size) {
  out.resize(std::max({out.capacity(), 2 * out.size(), used + size, std::size_t{256}}));
}

}  // namespace

void TaggedSink::grow(std::size_t size) {
  if (tagged_ != nullptr) {
    grow_output(*tagged_, size_, size);
    data_ = tagged_->data();
    capacity_ = tagged_->size();
  } else {
    grow_output(*bytes_, size_, size);
    data_ = bytes_->data();
    capacity_ = bytes_->size();
  }
}

void TaggedSink::begin_other_value(Frame& top) {
  if (top.kind == Kind::kRoot) {
    if (top.count != 0) fail("a second top-level value");
    return;
  }
  if (!top.key_pending) fail("a value without a key in an object");
  top.key_pending = false;
}

void TaggedSink::too_deep() const { fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels"); }

void TaggedSink::close_error(Kind kind) const {
  fail(kind == Kind::kObject ? "an object ends where none is open" : "an array ends where none is open");
}

void TaggedSink::wide_integer(std::int64_t value) {
  if (value < -kSafe || value > kSafe) fail(kUnsafeInteger);
  number(static_cast<double>(value));
}

void TaggedSink::unsigned_integer(std::uint64_t value) {
  if (value <= static_cast<std::uint64_t>(INT32_MAX)) {
    int32(static_cast<std::int32_t>(value));
  } else if (value <= static_cast<std::uint64_t>(kSafe)) {
    number(static_cast<double>(value));
  } else {
    fail(kUnsafeInteger);
  }
}

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

void TaggedSink::key(std::string_view key) {
  if (top_->kind != Kind::kObject || top_->key_pending) fail("a key outside an object");
  Frame& top = *top_;
  // Where the key expected here is kept (found again after key_places_ grows).
  const auto expected = [this, previous = top.key]() -> std::uint32_t& {
    return previous == kNoKey ? first_keys_[depth()] : key_places_[previous].next;
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
  if (rules_.repeated_keys == RepeatedKeys::kRefuse && top_->kind == Kind::kObject && !top_->key_pending) {
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
  close(Kind::kObject);
}

std::string TaggedSink::path() const {
  ValuePath path;
  for (const Frame* at = frames_.data() + 1; at <= top_; ++at) {
    const Frame& frame = *at;
    const bool top = at == top_;
    if (frame.kind == Kind::kArray) {
      // The next value of the innermost array; the one being read of the others.
      path.push_index(top ? frame.count : frame.count - 1);
    } else if (frame.key != kNoKey && (!top || frame.key_pending)) {
      path.push_key(key_text(frame.key));
    }
  }
  return path.text();
}

void TaggedSink::finish() {
  if (frames_[0].count == 0 || top_ != frames_.data()) throw DecodeError("the input ends inside a value");
  if (tagged_ != nullptr) {
    tagged_->resize(size_);
  } else {
    bytes_->resize(size_);
  }
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
