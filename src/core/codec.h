// The one interface every codec adapter implements.
//
// Adapters implement do_encode/do_decode and may throw; the public
// encode/decode wrap them so that nothing ever throws across this interface:
// failures come back as a Status whose message names the codec.
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "item.h"

namespace wcb {

using Bytes = std::vector<std::uint8_t>;

class Status {
 public:
  static Status success() { return Status(); }
  // The message reads "<codec>: <problem>", so it names the codec wherever it
  // surfaces (C++ tests, a JS Error, the page).
  //
  // Problems often quote the input (a key, a token), so they are cut to
  // kMaxProblemBytes: a megabyte-long hostile key must not become a
  // megabyte-long error in the wasm heap and in JS (found by
  // tests/node/wasm-hostile.test.mjs).
  static Status failure(std::string_view codec, std::string_view problem) {
    constexpr std::string_view kEllipsis = "...";
    const bool cut = problem.size() > kMaxProblemBytes;
    if (cut) problem = problem.substr(0, kMaxProblemBytes - kEllipsis.size());
    Status status;
    status.ok_ = false;
    status.message_.reserve(codec.size() + 2 + problem.size() + (cut ? kEllipsis.size() : 0));
    status.message_.append(codec).append(": ").append(problem);
    if (cut) status.message_.append(kEllipsis);
    return status;
  }

  static constexpr std::size_t kMaxProblemBytes = 200;

  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const std::string& message() const { return message_; }

 private:
  bool ok_ = true;
  std::string message_;
};

// Thrown by adapters for a malformed input; turned into a Status by Codec.
class DecodeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs an adapter's body so that nothing escapes: an exception becomes a
// failed Status naming the codec, after `reset` has emptied the output so a
// caller never sees half-written output. Shared by Codec and
// messages::MessageCodec.
template <typename Body, typename Reset>
Status run_guarded(std::string_view codec, Body&& body, Reset&& reset) noexcept {
  try {
    body();
    return Status::success();
  } catch (const std::bad_alloc&) {
    reset();
    return Status::failure(codec, "out of memory");
  } catch (const std::exception& error) {
    reset();
    return Status::failure(codec, error.what());
  } catch (...) {
    reset();
    return Status::failure(codec, "unknown error");
  }
}

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
