// The interface of a codec for the documents workload: events in, bytes out,
// and back (events.h). A codec's writer is driven by any DocumentSource, its
// reader drives any DocumentSink: the timed paths stream between the format
// and the tagged form (tagged.h), tests and tools between the format and a
// Document. Like the other workloads' interfaces, the public calls never
// throw: adapters throw (DecodeError for bad bytes, anything else for a
// value the format cannot hold, its message naming the value's path) and the
// failure comes back as a Status that names the codec.
#pragma once

#include <memory>  // the factories' unique_ptr
#include <span>
#include <string>
#include <string_view>

#include "core/status.h"
#include "document.h"
#include "events.h"
#include "tagged_bytes.h"

namespace wcb::documents {

class TaggedSink;

class DocumentCodec {
 public:
  virtual ~DocumentCodec() = default;

  // The same names as the codecs of the other workloads ("msgpack").
  virtual std::string_view name() const = 0;
  // The format the bytes are in ("MessagePack", "protobuf Struct/Value").
  virtual std::string_view format() const = 0;
  virtual std::string library_version() const = 0;
  // False when decoding does not give the object keys back in their order
  // (protobuf's Struct is a map); verification then compares members as a set.
  virtual bool keeps_key_order() const { return true; }
  // What the codec's reader leaves to the sink to check: by default all.
  virtual DecodeRules decode_rules() const { return {}; }

  // Replaces the contents of `out` with the encoding of the document
  // `source` drives; `out` keeps its capacity between calls.
  Status encode(DocumentSource& source, Bytes& out) noexcept {
    return run_guarded(
        name(), [&] { do_encode(source, out); }, [&] { out.clear(); });
  }

  // Drives `sink` with the document `bytes` hold, then finishes it. A sink
  // made with this codec's decode_rules().
  Status decode(std::span<const std::uint8_t> bytes, DocumentSink& sink) noexcept {
    return run_guarded(
        name(),
        [&] {
          do_decode(bytes, sink);
          sink.finish();
        },
        [] {});
  }

  // The conveniences of tests and tools (document_codec.cpp): a Document walked into
  // the writer; a Document built from the reader (null on failure); the
  // tagged form read into the writer; the reader writing the tagged form
  // (empty on failure). The last two are the timed paths; decode_tagged
  // into a TaggedBytes (tagged.h), which the timed callers use, does not
  // zero the output as it grows.
  Status encode(const Document& document, Bytes& out) noexcept;
  Status decode(std::span<const std::uint8_t> bytes, Document& out) noexcept;
  Status encode_tagged(std::span<const std::uint8_t> tagged, Bytes& out) noexcept;
  Status decode_tagged(std::span<const std::uint8_t> bytes, Bytes& tagged) noexcept;
  Status decode_tagged(std::span<const std::uint8_t> bytes, TaggedBytes& tagged) noexcept;

 protected:
  virtual void do_encode(DocumentSource& source, Bytes& out) = 0;
  virtual void do_decode(std::span<const std::uint8_t> bytes, DocumentSink& sink) = 0;
  // do_decode into the tagged form's sink, for a codec whose reader calls
  // TaggedSink's events directly (no virtual call per value); by default
  // do_decode.
  virtual void do_decode_tagged(std::span<const std::uint8_t> bytes, TaggedSink& sink);

 private:
  // The two decode_tagged differ in the output's type alone (Bytes is zeroed as it grows).
  template <typename Output>
  Status decode_tagged_into(std::span<const std::uint8_t> bytes, Output& tagged) noexcept;
};

// A codec whose reader is one template over the sink, `Codec::read(bytes,
// sink)`: the tagged form's sink gets its events without a virtual call.
template <typename Codec>
class SinkTemplateCodec : public DocumentCodec {
 protected:
  void do_decode(std::span<const std::uint8_t> bytes, DocumentSink& sink) override {
    Codec::read(bytes, sink);
  }
  void do_decode_tagged(std::span<const std::uint8_t> bytes, TaggedSink& sink) override {
    Codec::read(bytes, sink);
  }
};

}  // namespace wcb::documents
