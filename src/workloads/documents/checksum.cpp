#include "checksum.h"

#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

namespace wcb::documents {

namespace {

constexpr std::uint32_t kFnvOffset = 2166136261u;
constexpr std::uint32_t kFnvPrime = 16777619u;

class Hasher {
 public:
  void byte(std::uint8_t value) { hash_ = (hash_ ^ value) * kFnvPrime; }

  void u32(std::size_t value) {
    if (value > std::numeric_limits<std::uint32_t>::max())
      throw std::invalid_argument("document checksum: a length or count exceeds 2^32 - 1");
    for (int shift = 0; shift < 32; shift += 8) byte(static_cast<std::uint8_t>(value >> shift));
  }

  void number(double value) {
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    byte('d');
    for (int shift = 0; shift < 64; shift += 8) byte(static_cast<std::uint8_t>(bits >> shift));
  }

  // Length and bytes, without the 's' (an object key is written so).
  void text(const std::string& value) {
    u32(value.size());
    for (const char c : value) byte(static_cast<std::uint8_t>(c));
  }

  void value(const Document& value) {
    switch (value.type()) {
      case Document::value_t::null:
        byte('n');
        return;
      case Document::value_t::boolean:
        byte(value.get<bool>() ? 't' : 'f');
        return;
      // JS holds every number as a float64: integers enter as the double
      // they convert to, so 1 and 1.0 give the same checksum.
      case Document::value_t::number_integer:
        number(static_cast<double>(value.get<std::int64_t>()));
        return;
      case Document::value_t::number_unsigned:
        number(static_cast<double>(value.get<std::uint64_t>()));
        return;
      case Document::value_t::number_float:
        number(value.get<double>());
        return;
      case Document::value_t::string:
        byte('s');
        text(value.get_ref<const std::string&>());
        return;
      case Document::value_t::array:
        byte('a');
        u32(value.size());
        for (const Document& element : value) this->value(element);
        return;
      case Document::value_t::object:
        byte('o');
        u32(value.size());
        for (const auto& [key, member] : value.items()) {
          text(key);
          this->value(member);
        }
        return;
      case Document::value_t::binary:
      case Document::value_t::discarded:
        break;
    }
    throw std::invalid_argument("document checksum: a binary or discarded value has no JSON form");
  }

  std::uint32_t result() const { return hash_; }

 private:
  std::uint32_t hash_ = kFnvOffset;
};

}  // namespace

std::uint32_t document_checksum(const Document& document) {
  Hasher hasher;
  hasher.value(document);
  return hasher.result();
}

}  // namespace wcb::documents
