// The tuples workload's codec interface (wcb::Codec): a whole array of items
// encoded as one payload.
//
// Adapters implement do_encode/do_decode and may throw; the public
// encode/decode wrap them (run_guarded, core/status.h) so that nothing ever
// throws across this interface: failures come back as a Status whose message
// names the codec.
#pragma once

#include <cstdint>
#include <memory>  // the factories' unique_ptr
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "core/status.h"
#include "workloads/tuples/item.h"

namespace wcb {

class Codec {
 public:
  virtual ~Codec() = default;

  // Short stable name used on the command line and in results ("protobuf").
  virtual std::string_view name() const = 0;
  // Library and version as the results header records it ("protobuf-lite 3.21.12").
  virtual std::string library_version() const = 0;

  // Replaces the contents of `out` with the encoding of `items`. `out` keeps
  // its capacity between calls, so a reused buffer does not reallocate.
  Status encode(std::span<const Item> items, Bytes& out) noexcept {
    return guarded([&] { do_encode(items, out); }, out);
  }

  // Replaces the contents of `out` with the items decoded from `bytes`. On
  // failure `out` is left empty. Adapters resize `out` and overwrite every
  // item rather than clear() it first: a reused vector of the same size is
  // then not zeroed on every call only to be written again.
  Status decode(std::span<const std::uint8_t> bytes, Items& out) noexcept {
    return guarded([&] { do_decode(bytes, out); }, out);
  }

 protected:
  virtual void do_encode(std::span<const Item> items, Bytes& out) = 0;
  virtual void do_decode(std::span<const std::uint8_t> bytes, Items& out) = 0;

 private:
  // Containers keep their capacity for the next call.
  template <typename Body, typename Output>
  Status guarded(Body&& body, Output& out) noexcept {
    return run_guarded(name(), std::forward<Body>(body), [&] { out.clear(); });
  }
};

}  // namespace wcb
