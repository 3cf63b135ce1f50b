// Replays the committed fuzz corpus (tests/fuzz/corpus/<codec>/: inputs the
// fuzzers found interesting, and every input that once crashed a decoder)
// through every codec's decoder, with the contract the fuzz target checks
// (tests/fuzz/decode_fuzzer.cpp): a failure names the codec in a message of
// at most 512 bytes and leaves the output empty; a success encodes back to
// bytes that decode to the same bits. Under the native-asan preset the
// sanitizers watch every replay.
//
// The message decoders (the messages workload) replay it too, each input
// read as the message fuzzers read it (tests/fuzz/message_fuzz_input.h: the
// first byte picks the record kind): their own folders
// tests/fuzz/corpus/<codec>_messages/ and every other file, with the contract
// of tests/fuzz/message_decode_fuzzer.cpp.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "../fuzz/message_fuzz_input.h"
#include "allocation_tracker.h"
#include "test_support.h"
#include "workloads/messages/registry.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Codec;
using wcb::Items;
using wcb::Status;

namespace {

// Messages quote the input (a key, a token), never all of it.
constexpr std::size_t kMaxErrorBytes = 512;

struct CorpusFile {
  std::filesystem::path path;
  Bytes bytes;
};

// Every file under tests/fuzz/corpus, in a stable order.
const std::vector<CorpusFile>& corpus() {
  static const std::vector<CorpusFile> files = [] {
    std::vector<CorpusFile> found;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(WCB_FUZZ_CORPUS_DIR)) {
      if (!entry.is_regular_file()) continue;
      const std::string text = wcb::test::read_file(entry.path());
      found.push_back({entry.path(), Bytes(text.begin(), text.end())});
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
    return found;
  }();
  return files;
}

std::string relative_name(const std::filesystem::path& path) {
  return std::filesystem::relative(path, WCB_FUZZ_CORPUS_DIR).generic_string();
}

template <typename AnyCodec>
bool names_codec(const Status& status, const AnyCodec& codec) {
  const std::string prefix = std::string(codec.name()) + ": ";
  return status.message().size() > prefix.size() && status.message().starts_with(prefix);
}

// A decode must not allocate by a claimed count: the largest allocation
// stays within a multiple of the input (a 2-byte protobuf item becomes a
// 24-byte Item plus protobuf's own object).
void check_largest_allocation(const CorpusFile& file, std::size_t input_size, std::size_t largest) {
  if (largest > 64 * input_size + 64 * 1024) {
    CAPTURE(relative_name(file.path), input_size, largest);
    FAIL_CHECK("the decode allocated more than 64 times the input");
  }
}

// Decodes `input` from a heap buffer of exactly its size (a read past the end
// is a sanitizer error) into an output holding stale items. Returns whether
// it decoded; a failure must name the codec and leave nothing behind.
bool replay(Codec& codec, const CorpusFile& file, Items& out) {
  const Bytes exact = file.bytes;
  out.assign(2, wcb::Item(9, 9.0, 9.0));
  const wcb::test::AllocationWatch watch;
  const Status status = codec.decode(exact, out);
  check_largest_allocation(file, exact.size(), watch.largest());
  if (status.ok()) return true;
  if (!names_codec(status, codec) || !out.empty() || status.message().size() > kMaxErrorBytes) {
    CAPTURE(relative_name(file.path), status.message(), out.size());
    CHECK(names_codec(status, codec));
    CHECK(out.empty());
    CHECK(status.message().size() <= kMaxErrorBytes);
  }
  return false;
}

// A successful decode is a fixed point of the codec.
void check_round_trip(Codec& codec, const CorpusFile& file, const Items& decoded) {
  CAPTURE(relative_name(file.path), decoded.size());
  Bytes encoded;
  const Status encoded_status = codec.encode(decoded, encoded);
  INFO(encoded_status.message());
  REQUIRE(encoded_status.ok());
  Items again;
  const Status again_status = codec.decode(encoded, again);
  INFO(again_status.message());
  REQUIRE(again_status.ok());
  CHECK(wcb::test::first_difference(decoded, again) == static_cast<std::size_t>(-1));
  Bytes reencoded;
  REQUIRE(codec.encode(again, reencoded).ok());
  CHECK(reencoded == encoded);
}

namespace msg = wcb::messages;

constexpr std::string_view kMessagesSuffix = "_messages";

// Decodes `file` as the message fuzzers do (first byte: the kind) from a
// heap buffer of exactly the bytes' size, into an output holding the sample
// of that kind (stale values of the same record). Returns whether it
// decoded; a failure must name the codec and leave the empty message.
bool replay_message(msg::MessageCodec& codec, const CorpusFile& file, msg::Message& out) {
  const auto [kind, bytes] = wcb::fuzz::split_message_input(file.bytes);
  const Bytes exact(bytes.begin(), bytes.end());
  out = msg::sample_message(kind);
  const wcb::test::AllocationWatch watch;
  const Status status = codec.decode(kind, exact, out);
  check_largest_allocation(file, exact.size(), watch.largest());
  if (status.ok()) {
    CAPTURE(relative_name(file.path));
    CHECK(msg::kind_of(out) == kind);
    return true;
  }
  const bool empty = out == msg::empty_message(kind);
  if (!names_codec(status, codec) || !empty || status.message().size() > kMaxErrorBytes) {
    CAPTURE(relative_name(file.path), msg::kind_name(kind), status.message());
    CHECK(names_codec(status, codec));
    CHECK(empty);
    CHECK(status.message().size() <= kMaxErrorBytes);
  }
  return false;
}

// A successful message decode is a fixed point of the codec (values
// compared by their bits, see SameMessage).
void check_message_round_trip(msg::MessageCodec& codec, const CorpusFile& file, const msg::Message& decoded) {
  CAPTURE(relative_name(file.path), msg::kind_name(msg::kind_of(decoded)));
  const auto same_message = wcb::fuzz::SameMessage::for_codec(codec.name());
  Bytes encoded;
  const Status encoded_status = codec.encode(decoded, encoded);
  INFO(encoded_status.message());
  REQUIRE(encoded_status.ok());
  msg::Message again;
  const Status again_status = codec.decode(msg::kind_of(decoded), encoded, again);
  INFO(again_status.message());
  REQUIRE(again_status.ok());
  CHECK(same_message(decoded, again));
  Bytes reencoded;
  REQUIRE(codec.encode(again, reencoded).ok());
  CHECK(reencoded == encoded);
}

}  // namespace

TEST_CASE("fuzz corpus: every codec has a committed corpus", "[fuzz-corpus]") {
  std::map<std::string, std::size_t> files_per_folder;
  for (const CorpusFile& file : corpus()) ++files_per_folder[relative_name(file.path.parent_path())];
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    CAPTURE(entry.name);
    CHECK(files_per_folder[std::string(entry.name)] > 0);
  }
}

TEST_CASE("fuzz corpus: every input through every decoder", "[fuzz-corpus]") {
  REQUIRE_FALSE(corpus().empty());
  for (const wcb::CodecEntry& entry : wcb::codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      // One codec object for the whole corpus, as the wasm module and the
      // runners reuse theirs: what a failed decode leaves must not matter.
      const auto codec = entry.make();
      std::size_t decoded_count = 0;
      std::size_t own_decoded_count = 0;
      for (const CorpusFile& file : corpus()) {
        Items out;
        if (!replay(*codec, file, out)) continue;
        ++decoded_count;
        own_decoded_count += relative_name(file.path.parent_path()) == entry.name;
        check_round_trip(*codec, file, out);
      }
      // The codec's own folder holds valid encodings (the seeds fuzzing
      // started from, and variations of them); most of the corpus (other
      // formats, noise) does not decode.
      CAPTURE(decoded_count, own_decoded_count, corpus().size());
      CHECK(own_decoded_count > 0);
      CHECK(decoded_count < corpus().size());

      // And the codec still works after all that.
      const Items items = wcb::test::dataset_items(10);
      Bytes bytes;
      REQUIRE(codec->encode(items, bytes).ok());
      Items out;
      REQUIRE(codec->decode(bytes, out).ok());
      CHECK(wcb::test::same_items(out, items));
    }
  }
}

TEST_CASE("fuzz corpus: every message codec has a committed corpus", "[fuzz-corpus]") {
  std::map<std::string, std::size_t> files_per_folder;
  for (const CorpusFile& file : corpus()) ++files_per_folder[relative_name(file.path.parent_path())];
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    const std::string folder = std::string(entry.name) + std::string(kMessagesSuffix);
    CAPTURE(folder);
    CHECK(files_per_folder[folder] > 0);
  }
}

TEST_CASE("fuzz corpus: every input through every message decoder", "[fuzz-corpus]") {
  REQUIRE_FALSE(corpus().empty());
  for (const wcb::MessageCodecEntry& entry : wcb::message_codec_registry()) {
    DYNAMIC_SECTION(entry.name) {
      const std::string own_folder = std::string(entry.name) + std::string(kMessagesSuffix);
      // One codec object for the whole corpus, as the wasm module and the
      // runners reuse theirs.
      const auto codec = entry.make();
      std::size_t decoded_count = 0;
      std::size_t own_decoded_count = 0;
      for (const CorpusFile& file : corpus()) {
        msg::Message out;
        if (!replay_message(*codec, file, out)) continue;
        ++decoded_count;
        own_decoded_count += relative_name(file.path.parent_path()) == own_folder;
        check_message_round_trip(*codec, file, out);
      }
      // The codec's own folder holds valid encodings (every record's sample
      // and variations of them); most of the corpus does not decode.
      CAPTURE(decoded_count, own_decoded_count, corpus().size());
      CHECK(own_decoded_count > 0);
      CHECK(decoded_count < corpus().size());

      // And the codec still round-trips every record after all that.
      for (const msg::Message& sample : msg::sample_messages()) {
        CAPTURE(msg::kind_name(msg::kind_of(sample)));
        const Bytes bytes = wcb::test::encode_message_ok(*codec, sample);
        msg::Message out;
        REQUIRE(codec->decode(msg::kind_of(sample), bytes, out).ok());
        CHECK(out == sample);
      }
    }
  }
}
