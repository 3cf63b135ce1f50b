// Writes the fuzzers' seed inputs: each codec's valid encodings of the first
// growth steps of the tuple dataset (a few bytes to a few KiB), and of a few
// payloads with edge values, so fuzzing starts from inputs that reach deep
// into the decoder instead of failing at the first byte.
//
//   wcb_fuzz_seeds <output dir> [codec...]   ->  <output dir>/<codec>/<seed name>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "codecs/registry.h"
#include "core/dataset.h"

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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <output dir> [codec...]\n", argv[0]);
    return 2;
  }
  const std::filesystem::path output = argv[1];
  std::vector<std::string> names(argv + 2, argv + argc);
  if (names.empty()) names = wcb::codec_names();

  const std::vector<Seed> seeds = seed_payloads();
  for (const std::string& name : names) {
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
      std::ofstream file(folder / seed.name, std::ios::binary);
      file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
      if (!file) {
        std::fprintf(stderr, "cannot write %s\n", (folder / seed.name).c_str());
        return 1;
      }
      ++written;
    }
    std::printf("%s: %d seeds in %s\n", name.c_str(), written, folder.c_str());
  }
  return 0;
}
