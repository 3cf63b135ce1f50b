// What the protobuf codecs (tuples, messages, documents) share: protobuf's
// size limit, the library's version text and serializing a message into the
// output bytes.
#pragma once

#include <google/protobuf/message_lite.h>

#include <climits>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "core/status.h"

namespace wcb::protobuf_support {

// protobuf sizes messages with int: 2 GiB is the hard limit in both directions.
constexpr std::size_t kMaxMessageBytes = INT_MAX;

inline std::string library_version() {
  constexpr int version = GOOGLE_PROTOBUF_VERSION;  // e.g. 3021012
  return "protobuf-lite " + std::to_string(version / 1000000) + "." + std::to_string(version / 1000 % 1000) +
         "." + std::to_string(version % 1000);
}

// Clears the message when it is too large, so that the next call does not
// start from it.
template <typename Proto>
void serialize(Proto& message, Bytes& out) {
  const std::size_t size = message.ByteSizeLong();
  if (size > kMaxMessageBytes) {
    message.Clear();
    throw std::length_error("the message would be " + std::to_string(size) +
                            " bytes; protobuf messages are limited to 2 GiB");
  }
  out.resize(size);
  // The empty message is zero bytes. Serializing it anyway would hand
  // protobuf the null data() of an empty vector, which it passes to memcpy
  // when a previous decode left an (empty) unknown-field buffer: undefined
  // behaviour (found by tests/fuzz).
  if (size == 0) return;
  message.SerializeWithCachedSizesToArray(out.data());
}

}  // namespace wcb::protobuf_support
