// Replays the committed fuzz corpus (tests/fuzz/corpus/<codec>/: inputs the
// fuzzers found interesting, and every input that once crashed a decoder)
// through every codec's decoder, with the contract the fuzz target checks
// (tests/fuzz/decode_fuzzer.cpp): a failure names the codec in a message of
// at most 512 bytes and leaves the output empty; a success encodes back to
// bytes that decode to the same bits. Under the native-asan preset the
// sanitizers watch every replay.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "allocation_tracker.h"
#include "codecs/registry.h"
#include "test_support.h"

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

bool names_codec(const Status& status, const Codec& codec) {
  const std::string prefix = std::string(codec.name()) + ": ";
  return status.message().size() > prefix.size() && status.message().starts_with(prefix);
}

// Decodes `input` from a heap buffer of exactly its size (a read past the end
// is a sanitizer error) into an output holding stale items. Returns whether
// it decoded; a failure must name the codec and leave nothing behind.
bool replay(Codec& codec, const CorpusFile& file, Items& out) {
  const Bytes exact = file.bytes;
  out.assign(2, wcb::Item(9, 9.0, 9.0));
  const wcb::test::AllocationWatch watch;
  const Status status = codec.decode(exact, out);
  const std::size_t largest = watch.largest();
  // Never an allocation sized by a claimed count: the largest one stays
  // within a multiple of the input (a 2-byte protobuf item becomes a
  // 24-byte Item plus protobuf's own object).
  if (largest > 64 * exact.size() + 64 * 1024) {
    CAPTURE(relative_name(file.path), exact.size(), largest);
    FAIL_CHECK("the decode allocated more than 64 times the input");
  }
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
