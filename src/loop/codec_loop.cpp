// wcb_codec_loop: the codecs with no JavaScript anywhere near them. The same
// C++ loop (encode, then decode, the tuple dataset at one size, N times)
// compiles natively and to a wasm program that Node runs, so the ratio of the
// two timings is the cost of running the codec's code as WebAssembly in V8,
// free of any boundary (docs/decisions/codecs.md#the-codec-alone). node/codec-gap.mjs
// runs both builds alternately and prints the ratios.
//
//   wcb_codec_loop [--codecs a,b] [--mb 10] [--repetitions 21] [--warmup 3] [--compress gzip|deflate-raw]
//
// --compress adds the compressor alone (src/compress, zlib from the same
// source natively and in wasm): each round also compresses the codec's
// encoding at zlib's default level and decompresses it, checked byte for
// byte, timed as "compressMs" and "decompressMs", with "compressor" and
// "compressedBytes" in the line (docs/design.md#compression).
//
// Prints one JSON line per codec: {"codec", "library", "place", "mb", "items",
// "checksum" (of the dataset, src/workloads/tuples/item_checksum.h), "bytes", "encodeMs": [...],
// "decodeMs": [...]} with every timed repetition, so the caller computes the
// statistics. Each decode writes into items filled with the sentinel
// (workloads/tuples/item_sentinel.h) beforehand, untimed, and is checked bit for bit against
// the input before its time counts.
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compress/compressor.h"
#include "core/clock.h"
#include "workloads/tuples/dataset.h"
#include "workloads/tuples/item_checksum.h"
#include "workloads/tuples/item_sentinel.h"
#include "workloads/tuples/registry.h"

#ifdef __EMSCRIPTEN__
constexpr std::string_view kPlace = "wasm";
#else
constexpr std::string_view kPlace = "native";
#endif

namespace {

struct Options {
  std::vector<std::string> codecs;
  double mb = 10;
  int repetitions = 21;
  int warmup = 3;
  std::optional<wcb::compress::Format> compress;
};

[[noreturn]] void usage_error(const std::string& problem) {
  std::fprintf(stderr, "wcb_codec_loop: %s\n", problem.c_str());
  std::fprintf(stderr,
               "usage: wcb_codec_loop [--codecs a,b] [--mb 10] [--repetitions 21] [--warmup 3] "
               "[--compress gzip|deflate-raw]\n");
  std::exit(2);
}

double parse_number(std::string_view name, const char* text, double min, double max) {
  char* end = nullptr;
  const double value = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(value >= min && value <= max)) {
    char bounds[64];
    std::snprintf(bounds, sizeof bounds, "from %g to %g", min, max);
    usage_error(std::string(name) + " must be a number " + bounds + ", not '" + text + "'");
  }
  return value;
}

Options parse_options(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view name = argv[i];
    if (i + 1 >= argc) usage_error("unknown option or missing value: " + std::string(name));
    const char* value = argv[++i];
    if (name == "--codecs") {
      std::string_view list = value;
      while (!list.empty()) {
        const std::size_t comma = list.find(',');
        const std::string codec(list.substr(0, comma));
        if (!wcb::make_codec(codec)) usage_error("no codec '" + codec + "' in this build");
        options.codecs.push_back(codec);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
      }
    } else if (name == "--mb") {
      options.mb = parse_number(name, value, 0.001, 1024);
    } else if (name == "--repetitions") {
      options.repetitions = static_cast<int>(parse_number(name, value, 1, 10000));
    } else if (name == "--warmup") {
      options.warmup = static_cast<int>(parse_number(name, value, 0, 10000));
    } else if (name == "--compress") {
      for (const auto format : {wcb::compress::Format::gzip, wcb::compress::Format::deflate_raw}) {
        if (wcb::compress::format_name(format) == value) options.compress = format;
      }
      if (!options.compress)
        usage_error(std::string("--compress must be gzip or deflate-raw, not '") + value + "'");
    } else {
      usage_error("unknown option: " + std::string(name));
    }
  }
  if (options.codecs.empty()) options.codecs = wcb::codec_names();
  return options;
}

void print_times(const char* key, const std::vector<double>& times) {
  std::printf(",\"%s\":[", key);
  for (std::size_t i = 0; i < times.size(); ++i) std::printf("%s%.6f", i ? "," : "", times[i]);
  std::printf("]");
}

// Returns false (after saying why on stderr) if the codec failed or did not
// give its input back.
bool run_codec(const std::string& name, const wcb::TupleDataset& dataset, const Options& options) {
  const std::unique_ptr<wcb::Codec> codec = wcb::make_codec(name);
  const std::span<const wcb::Item> items = dataset.items();
  wcb::Bytes encoded;
  wcb::Items decoded;
  std::vector<double> encode_ms;
  std::vector<double> decode_ms;
  wcb::Bytes compressed;
  wcb::Bytes inflated;
  std::vector<double> compress_ms;
  std::vector<double> decompress_ms;
  for (int round = 0; round < options.warmup + options.repetitions; ++round) {
    const double start = wcb::now_ms();
    const wcb::Status encode_status = codec->encode(items, encoded);
    const double encoded_at = wcb::now_ms();
    // Untimed: the decode must write every item for the check below to pass.
    wcb::poison(decoded, items.size());
    const double decode_start = wcb::now_ms();
    const wcb::Status decode_status = codec->decode(encoded, decoded);
    const double decoded_at = wcb::now_ms();
    if (!encode_status || !decode_status) {
      std::fprintf(stderr, "wcb_codec_loop: %s\n",
                   (encode_status ? decode_status : encode_status).message().c_str());
      return false;
    }
    if (!wcb::same_items(items, decoded)) {
      std::fprintf(stderr, "wcb_codec_loop: %s: the decoded items differ from the input\n", name.c_str());
      return false;
    }
    if (round >= options.warmup) {
      encode_ms.push_back(encoded_at - start);
      decode_ms.push_back(decoded_at - decode_start);
    }
    if (!options.compress) continue;
    const double compress_start = wcb::now_ms();
    const wcb::Status compress_status =
        wcb::compress::compress(*options.compress, wcb::compress::kDefaultLevel, encoded, compressed);
    const double compressed_at = wcb::now_ms();
    const wcb::Status decompress_status = wcb::compress::decompress(*options.compress, compressed, inflated);
    const double decompressed_at = wcb::now_ms();
    if (!compress_status || !decompress_status) {
      std::fprintf(stderr, "wcb_codec_loop: %s: %s\n", name.c_str(),
                   (compress_status ? decompress_status : compress_status).message().c_str());
      return false;
    }
    if (inflated != encoded) {
      std::fprintf(stderr, "wcb_codec_loop: %s: the decompressed bytes differ from the encoding\n",
                   name.c_str());
      return false;
    }
    if (round < options.warmup) continue;
    compress_ms.push_back(compressed_at - compress_start);
    decompress_ms.push_back(decompressed_at - compressed_at);
  }
  std::printf(
      "{\"codec\":\"%s\",\"library\":\"%s\",\"place\":\"%s\",\"mb\":%.4f,\"items\":%zu,\"checksum\":%u,"
      "\"bytes\":%zu",
      name.c_str(), codec->library_version().c_str(), kPlace.data(), dataset.step().json_mb(), items.size(),
      static_cast<unsigned>(wcb::checksum(items)), encoded.size());
  print_times("encodeMs", encode_ms);
  print_times("decodeMs", decode_ms);
  if (options.compress) {
    std::printf(",\"compressor\":\"%s (%s)\",\"compressedBytes\":%zu",
                std::string(wcb::compress::format_name(*options.compress)).c_str(),
                wcb::compress::library_version().c_str(), compressed.size());
    print_times("compressMs", compress_ms);
    print_times("decompressMs", decompress_ms);
  }
  std::printf("}\n");
  std::fflush(stdout);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  wcb::TupleDataset dataset;
  dataset.grow_to_mb(options.mb);
  bool ok = true;
  for (const std::string& codec : options.codecs) ok = run_codec(codec, dataset, options) && ok;
  return ok ? 0 : 1;
}
