// Helpers shared by the native tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "workloads/messages/message_codec.h"
#include "workloads/tuples/item.h"
#include "workloads/tuples/tuple_codec.h"

namespace wcb {

// How Catch2 prints an Item in a failed assertion: every digit that matters.
std::ostream& operator<<(std::ostream& stream, const Item& item);

}  // namespace wcb

namespace wcb::messages {

// How Catch2 prints a message: its kind and its JSON text (when the json
// message codec is built and can write it).
std::ostream& operator<<(std::ostream& stream, const Message& message);

}  // namespace wcb::messages

namespace wcb::test {

inline constexpr std::size_t kMiB = 1024 * 1024;

// The first `count` items of the tuple dataset.
Items dataset_items(std::size_t count);

// Index of the first item whose bits differ (or the shorter length when one
// is a prefix of the other); npos when both are bit-identical.
std::size_t first_difference(std::span<const Item> a, std::span<const Item> b);
using wcb::same_items;

// "0a 14 08 01" for CAPTURE/INFO.
std::string hex(std::span<const std::uint8_t> bytes);

inline Bytes bytes_of(std::string_view text) { return Bytes(text.begin(), text.end()); }
inline std::string text_of(std::span<const std::uint8_t> bytes) {
  return std::string(bytes.begin(), bytes.end());
}

// IEEE-754 bits of a double, and their big- and little-endian bytes.
std::uint64_t bits_of(double value);
Bytes big_endian(std::uint64_t value, int size);
Bytes little_endian(std::uint64_t value, int size);

// Concatenation of byte strings, to write encodings by hand.
Bytes join(std::initializer_list<Bytes> parts);

// Result of a shell command: exit status and standard output.
struct CommandResult {
  int status = -1;
  std::string output;
};
CommandResult run_command(const std::string& command);

// A file in the build tree's test scratch folder, removed when it goes out of
// scope.
class ScratchFile {
 public:
  explicit ScratchFile(std::string_view suffix);
  ~ScratchFile();
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  const std::filesystem::path& path() const { return path_; }
  void write(std::span<const std::uint8_t> bytes) const;

 private:
  std::filesystem::path path_;
};

std::string read_file(const std::filesystem::path& path);

// The codec `name` of this build; fails the test when it is not built.
std::unique_ptr<Codec> require_codec(std::string_view name);

// codec.encode(items), which must succeed (the test fails with its message).
Bytes encode_ok(Codec& codec, std::span<const Item> items);

// The message codec `name` of this build; fails the test when it is not built.
std::unique_ptr<messages::MessageCodec> require_message_codec(std::string_view name);

// codec.encode(message), which must succeed (the test fails with its message).
Bytes encode_message_ok(messages::MessageCodec& codec, const messages::Message& message);

}  // namespace wcb::test
