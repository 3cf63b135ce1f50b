// The interface of a codec for the messages workload: one record in, bytes
// out, and back. Like Codec, the public calls never throw: adapters throw
// (DecodeError for bad input) and the failure comes back as a Status that
// names the codec.
#pragma once

#include <memory>  // the factories' unique_ptr
#include <span>
#include <string>
#include <string_view>

#include "core/status.h"
#include "messages.h"

namespace wcb::messages {

class MessageCodec {
 public:
  virtual ~MessageCodec() = default;

  // The same names as the tuple codecs ("protobuf").
  virtual std::string_view name() const = 0;
  virtual std::string library_version() const = 0;

  // Replaces the contents of `out` with the encoding of `message`; `out`
  // keeps its capacity between calls.
  Status encode(const Message& message, Bytes& out) noexcept {
    return run_guarded(
        name(), [&] { do_encode(message, out); }, [&] { out.clear(); });
  }

  // Decodes `bytes` as a record of `kind` into `out` (which then holds that
  // alternative). On failure `out` is left as an empty message of `kind`.
  Status decode(Kind kind, std::span<const std::uint8_t> bytes, Message& out) noexcept {
    return run_guarded(
        name(), [&] { do_decode(kind, bytes, out); }, [&] { out = empty_message(kind); });
  }

 protected:
  virtual void do_encode(const Message& message, Bytes& out) = 0;
  // Must leave `out` holding the alternative of `kind` on success.
  virtual void do_decode(Kind kind, std::span<const std::uint8_t> bytes, Message& out) = 0;
};

}  // namespace wcb::messages
