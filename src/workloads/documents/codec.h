// The interface of a codec for the documents workload: any Document in,
// bytes out, and back. Like the other workloads' interfaces, the public
// calls never throw: adapters throw (DecodeError for bad bytes, anything
// else for a value the format cannot hold, its message naming the value's
// path) and the failure comes back as a Status that names the codec.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "core/codec.h"
#include "document.h"

namespace wcb::documents {

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

  // Replaces the contents of `out` with the encoding of `document`; `out`
  // keeps its capacity between calls.
  Status encode(const Document& document, Bytes& out) noexcept {
    return run_guarded(
        name(), [&] { do_encode(document, out); }, [&] { out.clear(); });
  }

  // Replaces `out` with the document `bytes` hold. On failure `out` is null.
  Status decode(std::span<const std::uint8_t> bytes, Document& out) noexcept {
    return run_guarded(
        name(), [&] { do_decode(bytes, out); }, [&] { out = nullptr; });
  }

 protected:
  virtual void do_encode(const Document& document, Bytes& out) = 0;
  virtual void do_decode(std::span<const std::uint8_t> bytes, Document& out) = 0;
};

}  // namespace wcb::documents
