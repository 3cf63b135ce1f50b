#include "test_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "workloads/messages/registry.h"
#include "workloads/tuples/dataset.h"
#include "workloads/tuples/registry.h"

namespace wcb {

std::ostream& operator<<(std::ostream& stream, const Item& item) {
  char text[96];
  std::snprintf(text, sizeof text, "{x: %d, y: %.17g, z: %.17g}", item.x, item.y, item.z);
  return stream << text;
}

}  // namespace wcb

namespace wcb::messages {

std::ostream& operator<<(std::ostream& stream, const Message& message) {
  stream << kind_name(kind_of(message));
  if (const auto json = make_message_codec("json")) {
    Bytes text;
    if (json->encode(message, text).ok()) stream << " " << std::string(text.begin(), text.end());
  }
  return stream;
}

}  // namespace wcb::messages

namespace wcb::test {

Items dataset_items(std::size_t count) {
  TupleDataset dataset;
  while (dataset.items().size() < count) dataset.grow();
  const auto items = dataset.items().first(count);
  return Items(items.begin(), items.end());
}

std::size_t first_difference(std::span<const Item> a, std::span<const Item> b) {
  const std::size_t common = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (!same_bits(a[i], b[i])) return i;
  }
  return a.size() == b.size() ? static_cast<std::size_t>(-1) : common;
}

std::string hex(std::span<const std::uint8_t> bytes) {
  std::string text;
  char digits[4];
  for (std::uint8_t byte : bytes) {
    std::snprintf(digits, sizeof digits, "%02x ", byte);
    text += digits;
  }
  if (!text.empty()) text.pop_back();
  return text;
}

std::uint64_t bits_of(double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

Bytes big_endian(std::uint64_t value, int size) {
  Bytes bytes(static_cast<std::size_t>(size));
  for (int i = size - 1; i >= 0; --i, value >>= 8) bytes[static_cast<std::size_t>(i)] = value & 0xff;
  return bytes;
}

Bytes little_endian(std::uint64_t value, int size) {
  Bytes bytes(static_cast<std::size_t>(size));
  for (int i = 0; i < size; ++i, value >>= 8) bytes[static_cast<std::size_t>(i)] = value & 0xff;
  return bytes;
}

Bytes join(std::initializer_list<Bytes> parts) {
  Bytes bytes;
  for (const Bytes& part : parts) bytes.insert(bytes.end(), part.begin(), part.end());
  return bytes;
}

CommandResult run_command(const std::string& command) {
  CommandResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  std::size_t read;
  while ((read = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.output.append(buffer, read);
  const int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

ScratchFile::ScratchFile(std::string_view suffix) {
  static int counter = 0;
  const std::filesystem::path folder = WCB_TEST_TMP_DIR;
  std::filesystem::create_directories(folder);
  path_ = folder /
          ("scratch-" + std::to_string(getpid()) + "-" + std::to_string(counter++) + std::string(suffix));
}

ScratchFile::~ScratchFile() {
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

void ScratchFile::write(std::span<const std::uint8_t> bytes) const {
  std::ofstream file(path_, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!file) throw std::runtime_error("cannot write " + path_.string());
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::unique_ptr<Codec> require_codec(std::string_view name) {
  auto codec = make_codec(name);
  INFO("codec " << name);
  REQUIRE(codec != nullptr);
  return codec;
}

Bytes encode_ok(Codec& codec, std::span<const Item> items) {
  Bytes bytes;
  const Status status = codec.encode(items, bytes);
  INFO(status.message());
  REQUIRE(status.ok());
  return bytes;
}

std::unique_ptr<messages::MessageCodec> require_message_codec(std::string_view name) {
  auto codec = make_message_codec(name);
  INFO("message codec " << name);
  REQUIRE(codec != nullptr);
  return codec;
}

Bytes encode_message_ok(messages::MessageCodec& codec, const messages::Message& message) {
  Bytes bytes;
  const Status status = codec.encode(message, bytes);
  INFO(status.message());
  REQUIRE(status.ok());
  return bytes;
}

}  // namespace wcb::test
