// libFuzzer target of one codec's decoder, linked once per codec with a
// registry holding that codec alone (core/registry.h), built with
// -fsanitize=fuzzer,address,undefined. Besides what the sanitizers catch
// (overflows, use after free, leaks, undefined behaviour) and libFuzzer's own
// limits (a hang, an allocation past -malloc_limit_mb), it checks the codec
// contract on every input:
//   - a failed decode names the codec ("<codec>: <problem>") in a message
//     of at most kMaxErrorBytes (messages quote the input, never all of
//     it), and leaves the output empty;
//   - a successful decode is a fixed point of the codec: its items encode,
//     that encoding decodes to the same bits, and encoding those again gives
//     the same bytes.
// One codec object serves every input, as in the wasm module and the
// runners, so state a failed decode leaves behind is exercised too.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>

#include "workloads/tuples/registry.h"

namespace {

using wcb::Bytes;
using wcb::Codec;
using wcb::Items;
using wcb::Status;

constexpr std::size_t kMaxErrorBytes = 512;

// A broken contract is a finding like a sanitizer report: print why and
// abort, so libFuzzer saves the input as a crash.
[[noreturn]] void broken(const Codec& codec, const std::string& what) {
  std::fprintf(stderr, "\n*** %.*s decoder broke its contract: %s\n", static_cast<int>(codec.name().size()),
               codec.name().data(), what.c_str());
  std::abort();
}

bool names_codec(const Status& status, const Codec& codec) {
  const std::string prefix = std::string(codec.name()) + ": ";
  return status.message().size() > prefix.size() && status.message().starts_with(prefix);
}

bool same_items(const Items& a, const Items& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!wcb::same_bits(a[i], b[i])) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::unique_ptr<Codec> codec = wcb::codec_registry().front().make();
  // The output arrives holding stale items, as a reused buffer would.
  static Items decoded;
  decoded.assign(3, wcb::Item(7, 7.0, 7.0));

  const Status status = codec->decode(std::span(data, size), decoded);
  if (!status.ok()) {
    if (!names_codec(status, *codec)) broken(*codec, "error message \"" + status.message() + "\"");
    if (status.message().size() > kMaxErrorBytes) {
      broken(*codec, "an error message of " + std::to_string(status.message().size()) + " bytes");
    }
    if (!decoded.empty()) broken(*codec, "failed decode left " + std::to_string(decoded.size()) + " items");
    return 0;
  }

  Bytes encoded;
  const Status encode_status = codec->encode(decoded, encoded);
  if (!encode_status.ok()) broken(*codec, "decoded items do not encode: " + encode_status.message());
  Items again;
  const Status again_status = codec->decode(encoded, again);
  if (!again_status.ok()) broken(*codec, "its own encoding does not decode: " + again_status.message());
  if (!same_items(decoded, again)) broken(*codec, "decode(encode(items)) differs from items");
  Bytes reencoded;
  if (!codec->encode(again, reencoded).ok() || reencoded != encoded) {
    broken(*codec, "encoding the same items twice gave different bytes");
  }
  return 0;
}
