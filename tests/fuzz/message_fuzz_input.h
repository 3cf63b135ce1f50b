// What the message fuzzers (message_decode_fuzzer.cpp) and the corpus replay
// (tests/native/fuzz_corpus_test.cpp) share: how an input file becomes a
// (kind, bytes) pair, and when two decoded messages count as the same.
// Header-only: the fuzz build has no test support library.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string_view>
#include <variant>

#include "workloads/messages/messages.h"

namespace wcb::fuzz {

// A message decoder also needs the record's kind (protobuf and flatbuffers
// bytes do not say it), so the first byte of an input picks the kind
// (byte % kKindCount) and the rest are the bytes. An empty input is empty
// bytes of the first kind.
struct MessageInput {
  messages::Kind kind = messages::Kind::Bool;
  std::span<const std::uint8_t> bytes;
};

inline MessageInput split_message_input(std::span<const std::uint8_t> input) {
  if (input.empty()) return {};
  return {static_cast<messages::Kind>(input[0] % messages::kKindCount), input.subspan(1)};
}

// Whether two messages hold the same values, floating-point ones compared by
// their bits: operator== would call a message holding NaN (a decoded double
// or float may be one, e.g. msgpack float64 NaN) different from itself, and
// would not see a lost sign of zero. One exception: the json codec writes -0
// as 0, as JSON.stringify does (the spec makes its text equal to JS's), so
// for it the sign of a zero is not part of the value.
class SameMessage {
 public:
  explicit SameMessage(bool keeps_zero_sign) : keeps_zero_sign_(keeps_zero_sign) {}

  // The codecs that keep the sign of zero: all but the JSON-text ones, which
  // write -0 as JSON.stringify does ("0").
  static SameMessage for_codec(std::string_view codec) {
    return SameMessage(codec != "json" && codec != "rapidjson");
  }

  bool operator()(const messages::Message& a, const messages::Message& b) const {
    if (a.index() != b.index()) return false;
    return std::visit([&](const auto& left) { return same(left, std::get<std::decay_t<decltype(left)>>(b)); },
                      a);
  }

 private:
  bool same(double a, double b) const {
    if (!keeps_zero_sign_ && a == 0 && b == 0) return true;
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  }
  bool same(float a, float b) const {
    if (!keeps_zero_sign_ && a == 0 && b == 0) return true;
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
  }
  template <typename T>
  requires(!std::is_floating_point_v<T>) bool same(const T& a, const T& b) const {
    return a == b;  // bool, int32, string, Timestamp, byte and int32 vectors
  }
  bool same(const messages::Scalar& a, const messages::Scalar& b) const {
    // A tag -0 is a double (JS's int32 test refuses -0); written as "0", it
    // reads back as the int32 0.
    if (!keeps_zero_sign_ && is_zero(a) && is_zero(b)) return true;
    if (a.index() != b.index()) return false;
    return std::visit([&](const auto& left) { return same(left, std::get<std::decay_t<decltype(left)>>(b)); },
                      a);
  }
  bool same(const messages::DoubleMessage& a, const messages::DoubleMessage& b) const {
    return same(a.value, b.value);
  }
  bool same(const messages::Record& a, const messages::Record& b) const {
    if (a.tags.size() != b.tags.size()) return false;
    for (std::size_t i = 0; i < a.tags.size(); ++i) {
      if (!same(a.tags[i], b.tags[i])) return false;
    }
    return a.id == b.id && a.active == b.active && same(a.score, b.score) && same(a.balance, b.balance) &&
           same(a.latitude, b.latitude) && same(a.longitude, b.longitude) && a.created_at == b.created_at &&
           a.name == b.name && a.description == b.description;
  }

  static bool is_zero(const messages::Scalar& scalar) {
    if (const auto* number = std::get_if<double>(&scalar)) return *number == 0;
    if (const auto* integer = std::get_if<std::int32_t>(&scalar)) return *integer == 0;
    return false;
  }

  bool keeps_zero_sign_;
};

}  // namespace wcb::fuzz
