#include "workloads/documents/document_codec.h"

#include "workloads/documents/tagged.h"

namespace wcb::documents {

Status DocumentCodec::encode(const Document& document, Bytes& out) noexcept {
  DocumentWalk source(document);
  return encode(source, out);
}

Status DocumentCodec::decode(std::span<const std::uint8_t> bytes, Document& out) noexcept {
  return run_guarded(
      name(),
      [&] {
        DocumentBuilder builder(out, decode_rules());
        do_decode(bytes, builder);
        builder.finish();
      },
      [&] { out = nullptr; });
}

Status DocumentCodec::encode_tagged(std::span<const std::uint8_t> tagged, Bytes& out) noexcept {
  // JS never writes a key twice in one object: a repeat is refused.
  TaggedSource source(tagged, RepeatedKeys::kRefuse);
  return encode(source, out);
}

void DocumentCodec::do_decode_tagged(std::span<const std::uint8_t> bytes, TaggedSink& sink) {
  do_decode(bytes, sink);
}

template <typename Output>
Status DocumentCodec::decode_tagged_into(std::span<const std::uint8_t> bytes, Output& tagged) noexcept {
  return run_guarded(
      name(),
      [&] {
        TaggedSink sink(tagged, decode_rules());
        do_decode_tagged(bytes, sink);
        sink.finish();
      },
      [&] { tagged.clear(); });
}

Status DocumentCodec::decode_tagged(std::span<const std::uint8_t> bytes, Bytes& tagged) noexcept {
  return decode_tagged_into(bytes, tagged);
}

Status DocumentCodec::decode_tagged(std::span<const std::uint8_t> bytes, TaggedBytes& tagged) noexcept {
  return decode_tagged_into(bytes, tagged);
}

}  // namespace wcb::documents
