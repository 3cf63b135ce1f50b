#include "workloads/documents/tagged.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>

#include "core/utf8.h"

namespace wcb::documents {

namespace {

// Sizes in the form's payloads.
constexpr std::size_t kU32 = 4;
constexpr std::size_t kF64 = 8;
// 2^53 as an integer: compared as integers, since 2^53 + 1 as a double is 2^53.
constexpr std::int64_t kSafe = std::int64_t{1} << 53;
constexpr const char* kUnsafeInteger = "an integer outside +-2^53, which a JS number cannot hold exactly";

std::string quoted(std::string_view key) {
  return Document(std::string(key)).dump(-1, ' ', false, Document::error_handler_t::replace);
}

}  // namespace

namespace detail {

namespace {

// UTF-8 (RFC 3629, valid_utf8's rules) as a DFA whose transitions for one
// byte are packed into one word: state k sits at bit 6k and holds 6 times
// its next state, so a step is a table load (which does not depend on the
// state) and a shift. No branch per character: mixed scripts do not
// mispredict.
enum Utf8State : unsigned {
  kAccept,
  kReject,
  kTail1,    // one continuation byte to go
  kTail2,    // two
  kAfterE0,  // A0..BF (no overlong form), then one
  kAfterED,  // 80..9F (no surrogate), then one
  kTail3,    // three
  kAfterF0,  // 90..BF (no overlong form), then two
  kAfterF4,  // 80..8F (nothing above U+10FFFF), then two
  kStates
};

constexpr unsigned utf8_next(unsigned state, unsigned byte) {
  const auto in = [byte](unsigned low, unsigned high) { return byte >= low && byte <= high; };
  switch (state) {
    case kAccept:
      if (byte < 0x80) return kAccept;
      if (in(0xc2, 0xdf)) return kTail1;
      if (byte == 0xe0) return kAfterE0;
      if (byte == 0xed) return kAfterED;
      if (in(0xe1, 0xef)) return kTail2;
      if (byte == 0xf0) return kAfterF0;
      if (in(0xf1, 0xf3)) return kTail3;
      if (byte == 0xf4) return kAfterF4;
      return kReject;
    case kTail1:
      return in(0x80, 0xbf) ? kAccept : kReject;
    case kTail2:
      return in(0x80, 0xbf) ? kTail1 : kReject;
    case kAfterE0:
      return in(0xa0, 0xbf) ? kTail1 : kReject;
    case kAfterED:
      return in(0x80, 0x9f) ? kTail1 : kReject;
    case kTail3:
      return in(0x80, 0xbf) ? kTail2 : kReject;
    case kAfterF0:
      return in(0x90, 0xbf) ? kTail2 : kReject;
    case kAfterF4:
      return in(0x80, 0x8f) ? kTail2 : kReject;
    default:
      return kReject;
  }
}

constexpr std::array<std::uint64_t, 256> utf8_rows() {
  std::array<std::uint64_t, 256> rows{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    for (unsigned state = 0; state < kStates; ++state)
      rows[byte] |= std::uint64_t{6 * utf8_next(state, byte)} << (6 * state);
  }
  return rows;
}

constexpr std::array<std::uint64_t, 256> kUtf8Rows = utf8_rows();

}  // namespace

bool valid_utf8_fast(std::string_view text) {
  const auto* at = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = at + text.size();
  constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
  std::uint64_t state = 6 * kAccept;
  while (at < end) {
    // Between characters, runs of ASCII 8 bytes at a time.
    if (state == 6 * kAccept) {
      while (end - at >= 8) {
        std::uint64_t word;
        std::memcpy(&word, at, 8);
        if (word & kHighBits) break;
        at += 8;
      }
    }
    // Then up to 16 bytes through the DFA, checked for a rejection after.
    const auto* const stop = end - at > 16 ? at + 16 : end;
    for (; at < stop; ++at) state = (kUtf8Rows[*at] >> state) & 63;
    if (state == 6 * kReject) return false;
  }
  return state == 6 * kAccept;
}

}  // namespace detail

// ---- TaggedSink ----

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
        throw DecodeError("repeated key " + quoted(key_text(keys_[i])) + " in the object at " + path());
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

// ---- TaggedSource ----

namespace {

class TaggedReader {
 public:
  TaggedReader(std::span<const std::uint8_t> bytes, RepeatedKeys repeated_keys, bool check_utf8,
               Events& writer)
      : begin_(bytes.data()),
        at_(bytes.data()),
        end_(bytes.data() + bytes.size()),
        refuse_repeats_(repeated_keys == RepeatedKeys::kRefuse),
        check_utf8_(check_utf8),
        writer_(writer) {
    trail_.reserve(16);
  }

  void read() {
    try {
      value(0);
    } catch (const Unrepresentable& error) {
      throw std::invalid_argument(std::string(error.what()) + ": " + trail_text());
    }
    if (at_ != end_) fail("bytes left after the value (" + std::to_string(end_ - at_) + ")");
  }

 private:
  // One open container: where in it the value being read is.
  struct Step {
    bool object;
    std::uint32_t index;
    std::string_view key;
  };

  [[noreturn]] void fail(const std::string& problem) const {
    throw DecodeError("tagged form: " + problem + " at byte " + std::to_string(at_ - begin_));
  }

  std::string trail_text() const {
    ValuePath path;
    for (const Step& step : trail_) {
      if (step.object) {
        path.push_key(step.key);
      } else {
        path.push_index(step.index);
      }
    }
    return path.text();
  }

  void need(std::size_t size) const {
    if (static_cast<std::size_t>(end_ - at_) < size) fail("the bytes end inside a value");
  }

  std::uint32_t u32() {
    need(kU32);
    std::uint32_t value;
    std::memcpy(&value, at_, kU32);
    at_ += kU32;
    return value;
  }

  // A u32 count of items that take at least `min_item_bytes` each: a count
  // the bytes left cannot hold is refused before a writer reserves for it.
  std::uint32_t count(std::size_t min_item_bytes) {
    const std::uint32_t n = u32();
    if (n > static_cast<std::size_t>(end_ - at_) / min_item_bytes) fail("a count larger than the bytes left");
    return n;
  }

  std::string_view text(std::uint32_t length, const char* what) {
    need(length);
    const std::string_view view(reinterpret_cast<const char*>(at_), length);
    if (check_utf8_ && !detail::valid_utf8_fast(view)) fail(std::string(what) + " that is not valid UTF-8");
    at_ += length;
    return view;
  }

  // The key at at_; its number (the first number of its text when repeats
  // are refused, so that a key written as new twice is still one key).
  std::string_view key(std::uint32_t& number) {
    const std::uint32_t h = u32();
    if (h & 1) {
      const std::uint32_t given = h >> 1;
      if (given >= keys_.size()) {
        at_ -= kU32;
        fail("a reference to key number " + std::to_string(given) + ", which is not yet given (" +
             std::to_string(keys_.size()) + " are)");
      }
      number = refuse_repeats_ ? first_numbers_[given] : given;
      return keys_[given];
    }
    const std::string_view text = this->text(h >> 1, "a key");
    const auto next = static_cast<std::uint32_t>(keys_.size());
    keys_.push_back(text);
    number = next;
    if (refuse_repeats_) {
      bool added = false;
      number = table_.find_or_add(
          text, detail::KeyTable::hash(text), next, [this](std::uint32_t n) { return keys_[n]; }, added);
      first_numbers_.push_back(number);
      // stamps_ is indexed by key number: a slot for every key given (a
      // text given as new twice leaves one unused).
      stamps_.push_back(0);
    }
    return text;
  }

  void check_depth(std::size_t depth) const {
    if (depth >= kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
  }

  void value(std::size_t depth) {
    need(1);
    const std::uint8_t tag = *at_++;
    switch (tag) {
      case kTagNull:
        writer_.null();
        return;
      case kTagFalse:
        writer_.boolean(false);
        return;
      case kTagTrue:
        writer_.boolean(true);
        return;
      case kTagInt32: {
        need(kU32);
        std::int32_t value;
        std::memcpy(&value, at_, kU32);
        at_ += kU32;
        writer_.integer(value);
        return;
      }
      case kTagFloat64: {
        need(kF64);
        double value;
        std::memcpy(&value, at_, kF64);
        at_ += kF64;
        // The number rule (number_of): an integral value within 2^53 is an
        // integer, for the formats with compact integers.
        if (std::trunc(value) == value && std::fabs(value) <= kMaxSafeInteger) {
          writer_.integer(static_cast<std::int64_t>(value));
        } else {
          writer_.number(value);
        }
        return;
      }
      case kTagString:
        writer_.string(text(u32(), "a string"));
        return;
      case kTagArray: {
        check_depth(depth);
        const std::uint32_t n = count(1);
        writer_.start_array(n);
        trail_.push_back(Step{false, 0, {}});
        for (std::uint32_t i = 0; i < n; ++i) {
          trail_.back().index = i;
          value(depth + 1);
        }
        trail_.pop_back();
        writer_.end_array();
        return;
      }
      case kTagObject: {
        check_depth(depth);
        // A key takes 4 bytes at least, a value 1.
        const std::uint32_t n = count(kU32 + 1);
        writer_.start_object(n);
        trail_.push_back(Step{true, 0, {}});
        const std::size_t keys_from = object_keys_.size();
        for (std::uint32_t i = 0; i < n; ++i) {
          std::uint32_t number;
          const std::string_view name = key(number);
          trail_.back().index = i;
          trail_.back().key = name;
          if (refuse_repeats_) object_keys_.push_back(number);
          writer_.key(name);
          value(depth + 1);
        }
        if (refuse_repeats_) check_repeats(keys_from);
        trail_.pop_back();
        writer_.end_object();
        return;
      }
      default:
        --at_;
        fail("unknown tag " + std::to_string(tag));
    }
  }

  // The object's keys are object_keys_ from `from` on (its children's are
  // gone): a fresh stamp marks each; meeting a mark is a repeat.
  void check_repeats(std::size_t from) {
    if (++stamp_ == 0) {
      std::fill(stamps_.begin(), stamps_.end(), 0);
      stamp_ = 1;
    }
    for (std::size_t i = from; i < object_keys_.size(); ++i) {
      std::uint32_t& stamp = stamps_[object_keys_[i]];
      if (stamp == stamp_) fail("the key " + quoted(keys_[object_keys_[i]]) + " repeated in one object");
      stamp = stamp_;
    }
    object_keys_.resize(from);
  }

  const std::uint8_t* begin_;
  const std::uint8_t* at_;
  const std::uint8_t* end_;
  bool refuse_repeats_;
  bool check_utf8_;
  Events& writer_;
  std::vector<Step> trail_;
  // Every key by its number, as views of the input.
  std::vector<std::string_view> keys_;
  // When repeats are refused: each number's first number of the same text,
  // the table that finds it, the keys of the open objects, the stamps.
  std::vector<std::uint32_t> first_numbers_;
  detail::KeyTable table_;
  std::vector<std::uint32_t> object_keys_;
  std::vector<std::uint32_t> stamps_;
  std::uint32_t stamp_ = 0;
};

}  // namespace

void TaggedSource::drive(Events& writer) { TaggedReader(bytes_, repeated_keys_, check_utf8_, writer).read(); }

void read_tagged(std::span<const std::uint8_t> bytes, Document& out) {
  try {
    // Keys were checked by the reader; the builder keeps the last value of a
    // repeated key, as JS reading the same bytes does.
    DocumentBuilder builder(out, /*check_utf8=*/false, RepeatedKeys::kKeepLast);
    TaggedSource(bytes, RepeatedKeys::kKeepLast).drive(builder);
    builder.finish();
  } catch (...) {
    out = nullptr;  // no half-read document for the caller
    throw;
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
