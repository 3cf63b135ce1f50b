// TaggedSource (tagged.h): the tagged form read as events into any writer,
// and read_tagged, the tagged form read into a Document.
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "workloads/documents/tagged.h"

namespace wcb::documents {

namespace {

// Sizes in the form's payloads.
constexpr std::size_t kU32 = 4;
constexpr std::size_t kF64 = 8;

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
      case kTagInt32:
        writer_.integer(static_cast<std::int32_t>(u32()));
        return;
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
      if (stamp == stamp_)
        fail("the key " + detail::quoted_key(keys_[object_keys_[i]]) + " repeated in one object");
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

}  // namespace wcb::documents
