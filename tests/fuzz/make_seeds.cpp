// Writes the fuzzers' seed inputs: each codec's valid encodings of the first
// growth steps of the tuple dataset (a few bytes to a few KiB), and of a few
// payloads with edge values, so fuzzing starts from inputs that reach deep
// into the decoder instead of failing at the first byte. For the message
// decoders (the messages workload, fuzzer `<codec>_messages`): each record
// kind's sample, its empty message and a few edge values, each encoding
// prefixed by the kind's byte (message_fuzz_input.h). For the document
// decoders (fuzzer `<codec>_documents`): the encodings of the native tests'
// sample documents (tests/native/documents_samples.h).
//
//   wcb_fuzz_seeds <output dir> [codec...]   ->  <output dir>/<codec>/<seed name>
//   (codec: a tuple codec "json", a message codec "json_messages" or a
//    document codec "json_documents";
//    default: every one of the build)
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "../native/documents_samples.h"
#include "workloads/documents/registry.h"
#include "workloads/messages/registry.h"
#include "workloads/tuples/dataset.h"
#include "workloads/tuples/registry.h"

namespace {

// Growth steps up to this many items: small inputs keep fuzzing fast, and
// by then every byte pattern of an item has appeared.
constexpr std::size_t kMaxSeedItems = 64;

struct Seed {
  std::string name;
  wcb::Items items;
};

std::vector<Seed> seed_payloads() {
  std::vector<Seed> seeds;
  seeds.push_back({"empty", {}});
  wcb::TupleDataset dataset;
  while (dataset.items().size() <= kMaxSeedItems) {
    const auto step = dataset.step();
    seeds.push_back({"step-" + std::to_string(step.index) + "-" + std::to_string(step.count) + "-items",
                     wcb::Items(dataset.items().begin(), dataset.items().end())});
    dataset.grow();
  }
  // Values whose encodings take other branches: negative and extreme
  // integers, signed zero, subnormal and huge doubles, integral doubles
  // (msgpack writes them as integers), and non-finite ones (refused by json).
  constexpr double kInf = std::numeric_limits<double>::infinity();
  seeds.push_back(
      {"edge-values",
       {wcb::Item(std::numeric_limits<std::int32_t>::min(), -0.0, 5e-324),
        wcb::Item(std::numeric_limits<std::int32_t>::max(), 1.7976931348623157e308, -1e-300),
        wcb::Item(-1, 4.0, -65536.0), wcb::Item(0, 0.1, 1.0 / 3.0), wcb::Item(128, 1e21, -1e21)}});
  seeds.push_back({"non-finite", {wcb::Item(1, std::nan(""), kInf), wcb::Item(2, -kInf, 0.5)}});
  return seeds;
}

namespace msg = wcb::messages;

struct MessageSeed {
  std::string name;
  msg::Message message;
};

std::vector<MessageSeed> message_seed_payloads() {
  std::vector<MessageSeed> seeds;
  for (std::size_t i = 0; i < msg::kKindCount; ++i) {
    const auto kind = static_cast<msg::Kind>(i);
    seeds.push_back({std::string(msg::kind_name(kind)), msg::sample_message(kind)});
    seeds.push_back({std::string(msg::kind_name(kind)) + "-empty", msg::empty_message(kind)});
  }
  // Other branches: extreme and negative integers, signed zero, subnormal
  // and huge doubles, an integral double outside int32 range in a mixed
  // array, strings to escape, timestamps before the epoch and at the edges
  // of the years json writes, and non-finite values (a format that cannot
  // carry one, json, refuses to encode it: no seed there).
  constexpr double kInf = std::numeric_limits<double>::infinity();
  seeds.push_back({"int-min", msg::IntMessage{std::numeric_limits<std::int32_t>::min()}});
  seeds.push_back({"double-negative-zero", msg::DoubleMessage{-0.0}});
  seeds.push_back({"double-subnormal", msg::DoubleMessage{5e-324}});
  seeds.push_back({"double-huge", msg::DoubleMessage{1.7976931348623157e308}});
  seeds.push_back({"double-nan", msg::DoubleMessage{std::nan("")}});
  seeds.push_back(
      {"array-extremes", msg::ArrayMessage{{std::numeric_limits<std::int32_t>::min(), -1, 0, 127, 128, 65536,
                                            std::numeric_limits<std::int32_t>::max()}}});
  msg::Record record = std::get<msg::Record>(msg::sample_message(msg::Kind::Record));
  record.id = -1;
  record.score = -0.0;
  record.balance = 1e21;
  record.latitude = -90.0f;
  record.longitude = std::numeric_limits<float>::denorm_min();
  record.created_at = msg::Timestamp{std::chrono::milliseconds{-1}};
  record.tags = {true, std::int32_t{-7}, 4.0e9,
                 -0.5, std::string{},    std::string{"\"\\\x01\xC3\xA9"}};  // quote, backslash, control, é
  seeds.push_back({"record-edges", record});
  record.created_at =
      msg::Timestamp{std::chrono::milliseconds{253'402'300'799'999}};  // 9999-12-31T23:59:59.999Z
  record.tags.clear();
  seeds.push_back({"record-last-4-digit-year", record});
  record.created_at =
      msg::Timestamp{std::chrono::milliseconds{-62'167'219'200'000}};  // 0000-01-01T00:00:00.000Z
  record.score = kInf;
  seeds.push_back({"record-first-4-digit-year-infinity", record});
  seeds.push_back({"binary-one-byte", msg::BinaryMessage{"", {0xff}}});
  return seeds;
}

// Writes `bytes`, prefixed by `prefix` when it is not negative.
bool write_seed(const std::filesystem::path& path, int prefix, const wcb::Bytes& bytes) {
  std::ofstream file(path, std::ios::binary);
  if (prefix >= 0) file.put(static_cast<char>(prefix));
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!file) std::fprintf(stderr, "cannot write %s\n", path.c_str());
  return static_cast<bool>(file);
}

constexpr std::string_view kMessagesSuffix = "_messages";
constexpr std::string_view kDocumentsSuffix = "_documents";

// "json_documents" -> the document codec "json"; null otherwise.
std::unique_ptr<wcb::documents::DocumentCodec> document_codec_named(std::string_view name) {
  if (!name.ends_with(kDocumentsSuffix)) return nullptr;
  return wcb::make_document_codec(name.substr(0, name.size() - kDocumentsSuffix.size()));
}

// "json_messages" -> the message codec "json"; null for a tuple codec name.
std::unique_ptr<msg::MessageCodec> message_codec_named(std::string_view name) {
  if (!name.ends_with(kMessagesSuffix)) return nullptr;
  return wcb::make_message_codec(name.substr(0, name.size() - kMessagesSuffix.size()));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <output dir> [codec...]\n", argv[0]);
    return 2;
  }
  const std::filesystem::path output = argv[1];
  std::vector<std::string> names(argv + 2, argv + argc);
  if (names.empty()) {
    names = wcb::codec_names();
    for (const std::string& name : wcb::message_codec_names())
      names.push_back(name + std::string(kMessagesSuffix));
    for (const std::string& name : wcb::document_codec_names())
      names.push_back(name + std::string(kDocumentsSuffix));
  }

  const std::vector<Seed> seeds = seed_payloads();
  const std::vector<MessageSeed> message_seeds = message_seed_payloads();
  for (const std::string& name : names) {
    if (const auto document_codec = document_codec_named(name)) {
      const std::filesystem::path folder = output / name;
      std::filesystem::create_directories(folder);
      int written = 0;
      for (const auto& sample : wcb::test::sample_documents()) {
        wcb::Bytes bytes;
        if (!document_codec->encode(sample.document, bytes).ok()) continue;
        if (!write_seed(folder / sample.name, -1, bytes)) return 1;
        ++written;
      }
      std::printf("%s: %d seeds in %s\n", name.c_str(), written, folder.c_str());
      continue;
    }
    if (const auto message_codec = message_codec_named(name)) {
      const std::filesystem::path folder = output / name;
      std::filesystem::create_directories(folder);
      int written = 0;
      for (const MessageSeed& seed : message_seeds) {
        wcb::Bytes bytes;
        if (!message_codec->encode(seed.message, bytes).ok()) continue;
        if (!write_seed(folder / seed.name, static_cast<int>(seed.message.index()), bytes)) return 1;
        ++written;
      }
      std::printf("%s: %d seeds in %s\n", name.c_str(), written, folder.c_str());
      continue;
    }
    const auto codec = wcb::make_codec(name);
    if (!codec) {
      std::fprintf(stderr, "unknown codec '%s'\n", name.c_str());
      return 2;
    }
    const std::filesystem::path folder = output / name;
    std::filesystem::create_directories(folder);
    int written = 0;
    for (const Seed& seed : seeds) {
      wcb::Bytes bytes;
      // A payload the format cannot carry (NaN in JSON) is simply no seed.
      if (!codec->encode(seed.items, bytes).ok()) continue;
      if (!write_seed(folder / seed.name, -1, bytes)) return 1;
      ++written;
    }
    std::printf("%s: %d seeds in %s\n", name.c_str(), written, folder.c_str());
  }
  return 0;
}
