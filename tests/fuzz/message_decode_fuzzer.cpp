// libFuzzer target of one message codec's decoder (the messages workload),
// linked once per codec with a registry holding that codec alone
// (core/registry.h), built with -fsanitize=fuzzer,address,undefined. The
// first input byte picks the record kind (byte % kKindCount), the rest are
// the bytes decoded as that record. Besides what the sanitizers and
// libFuzzer catch, it checks the codec contract on every input, as
// decode_fuzzer.cpp does for the tuple decoders:
//   - a failed decode names the codec ("<codec>: <problem>") in a message
//     of at most kMaxErrorBytes, and leaves the output an empty message of
//     the kind asked for;
//   - a successful decode gives a message of that kind, the same one
//     whatever the output held before (stale values of the same record must
//     not leak into it);
//   - it is a fixed point of the codec: the message encodes, that encoding
//     decodes to the same values (SameMessage: bits of floating-point
//     values, so NaN is compared too), and encoding again gives the same
//     bytes.
// One codec object serves every input, as in the wasm module and the
// runners, so state a failed decode leaves behind is exercised too.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>

#include "message_fuzz_input.h"
#include "workloads/messages/registry.h"

namespace {

using wcb::Bytes;
using wcb::Status;
using wcb::messages::Kind;
using wcb::messages::Message;
using wcb::messages::MessageCodec;

constexpr std::size_t kMaxErrorBytes = 512;

[[noreturn]] void broken(const MessageCodec& codec, Kind kind, const std::string& what) {
  const std::string_view kind_name = wcb::messages::kind_name(kind);
  std::fprintf(stderr, "\n*** %.*s decoder broke its contract: %.*s record: %s\n",
               static_cast<int>(codec.name().size()), codec.name().data(), static_cast<int>(kind_name.size()),
               kind_name.data(), what.c_str());
  std::abort();
}

bool names_codec(const Status& status, const MessageCodec& codec) {
  const std::string prefix = std::string(codec.name()) + ": ";
  return status.message().size() > prefix.size() && status.message().starts_with(prefix);
}

// The sample of the kind after `kind`: an output holding another record.
const Message& other_sample(Kind kind) {
  return wcb::messages::sample_message(
      static_cast<Kind>((static_cast<std::size_t>(kind) + 1) % wcb::messages::kKindCount));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::unique_ptr<MessageCodec> codec = wcb::message_codec_registry().front().make();
  static const wcb::fuzz::SameMessage same_message = wcb::fuzz::SameMessage::for_codec(codec->name());
  const auto [kind, bytes] = wcb::fuzz::split_message_input(std::span(data, size));

  // The output arrives holding the sample of the same kind: a decoder that
  // reuses the strings and vectors of `out` must still replace every value.
  static Message decoded;
  decoded = wcb::messages::sample_message(kind);
  const Status status = codec->decode(kind, bytes, decoded);
  if (!status.ok()) {
    if (!names_codec(status, *codec)) broken(*codec, kind, "error message \"" + status.message() + "\"");
    if (status.message().size() > kMaxErrorBytes) {
      broken(*codec, kind, "an error message of " + std::to_string(status.message().size()) + " bytes");
    }
    if (!(decoded == wcb::messages::empty_message(kind))) {
      broken(*codec, kind, "a failed decode left a message that is not the empty one");
    }
    return 0;
  }
  if (wcb::messages::kind_of(decoded) != kind) broken(*codec, kind, "decoded a record of another kind");

  // The same bytes into an output holding another record.
  Message fresh = other_sample(kind);
  const Status fresh_status = codec->decode(kind, bytes, fresh);
  if (!fresh_status.ok())
    broken(*codec, kind, "a second decode of the same bytes failed: " + fresh_status.message());
  if (!same_message(fresh, decoded)) {
    broken(*codec, kind, "the decoded message depends on what the output held before");
  }

  Bytes encoded;
  const Status encode_status = codec->encode(decoded, encoded);
  if (!encode_status.ok())
    broken(*codec, kind, "the decoded message does not encode: " + encode_status.message());
  Message again;
  const Status again_status = codec->decode(kind, encoded, again);
  if (!again_status.ok()) broken(*codec, kind, "its own encoding does not decode: " + again_status.message());
  if (!same_message(decoded, again)) broken(*codec, kind, "decode(encode(message)) differs from the message");
  Bytes reencoded;
  if (!codec->encode(again, reencoded).ok() || reencoded != encoded) {
    broken(*codec, kind, "encoding the same message twice gave different bytes");
  }
  return 0;
}
