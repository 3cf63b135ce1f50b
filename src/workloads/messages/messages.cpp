// The records of the messages workload. src/workloads/messages/records.mjs builds the
// same values in JS; change both together (the tests compare them).
#include "messages.h"

#include <utility>

namespace wcb::messages {
namespace {

// 2026-11-30T12:34:56.789Z
constexpr Timestamp kCreatedAt{std::chrono::milliseconds{1'796'042'096'789}};

std::vector<std::uint8_t> binary_payload() {
  // All 256 byte values, permuted (37 is odd, so i -> 37 i + 11 mod 256 is a
  // bijection): a decoder that drops or reorders bytes is caught.
  std::vector<std::uint8_t> data(256);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 37 + 11);
  return data;
}

std::vector<Message> make_samples() {
  std::vector<Message> samples;
  samples.reserve(kKindCount);
  samples.emplace_back(BoolMessage{true});
  samples.emplace_back(IntMessage{-123456789});
  samples.emplace_back(DoubleMessage{3.141592653589793});
  samples.emplace_back(StringMessage{"Grüße, 世界! wasm ✓ 🚀"});
  samples.emplace_back(ArrayMessage{{1, 2, 3, 5, 8, 13, 21, 34, 55, 89}});
  samples.emplace_back(NestedMessage{Level1{Level2{Level3{true, 3, "deep"}}}});
  samples.emplace_back(Record{
      .id = 123456789,
      .active = true,
      .score = 0.30000000000000004,
      .balance = -98765.4321,
      .latitude = 52.520008f,
      .longitude = 13.404954f,
      .created_at = kCreatedAt,
      .name = "Ada Lovelace",
      .description = "Augusta Ada King, Countess of Lovelace, wrote the first published algorithm "
                     "intended for a machine: notes on Babbage's Analytical Engine (1843). "
                     "Ünïcödé in the middle — “quotes”, tabs\tand\nnewlines — so escaping costs "
                     "something, then plain ASCII to the end of a text of about three hundred bytes.",
      .tags = {std::int32_t{1}, std::string{"two"}, 3.5, false},
  });
  samples.emplace_back(BinaryMessage{"blob-256", binary_payload()});
  samples.emplace_back(Object1Message{"bar", "a small object", 1234});
  samples.emplace_back(Object2Message{"bar", "an object with a sub-object", 1234,
                                      Object1Message{"baz", "the sub-object", 5678}});
  samples.emplace_back(Object3Message{"bar", "an object two levels deep", 1234,
                                      Object2Message{"baz", "the first sub-object", 5678,
                                                     Object1Message{"qux", "the second sub-object", 9012}}});
  return samples;
}

}  // namespace

std::optional<Kind> kind_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kKindCount; ++i) {
    if (kKindNames[i] == name) return static_cast<Kind>(i);
  }
  return std::nullopt;
}

Message empty_message(Kind kind) {
  // Builds the alternative whose index is `kind`.
  Message message;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((static_cast<std::size_t>(kind) == I ? (message.emplace<I>(), 0) : 0), ...);
  }
  (std::make_index_sequence<kKindCount>{});
  return message;
}

std::span<const Message> sample_messages() {
  static const std::vector<Message> samples = make_samples();
  return samples;
}

const Message& sample_message(Kind kind) { return sample_messages()[static_cast<std::size_t>(kind)]; }

}  // namespace wcb::messages
