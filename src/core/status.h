// What every workload's codec interface shares: the bytes, the Status a call
// returns, the error an adapter throws for a malformed input, and the guard
// that turns any exception into a Status naming the codec, so nothing ever
// throws across an interface.
#pragma once

#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

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

// Thrown by adapters for a malformed input; turned into a Status by the guard.
class DecodeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs an adapter's body so that nothing escapes: an exception becomes a
// failed Status naming the codec, after `reset` has emptied the output so a
// caller never sees half-written output. Shared by every
// workload's codec interface.
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

}  // namespace wcb
