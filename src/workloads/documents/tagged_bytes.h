// TaggedBytes: the tagged form's bytes (tagged.h) as a timed decode writes
// them, in a vector that grows without zeroing.
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace wcb::documents {

// A byte allocator whose construct() default-initialises: growing a vector of
// it leaves the new bytes as they are instead of zeroing them, so a decode
// pays only for the bytes it writes.
template <typename T>
struct UninitializedAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  UninitializedAllocator() = default;
  template <typename U>
  UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}
  template <typename U>
  void construct(U* at) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(at)) U;
  }
  template <typename U, typename... Args>
  void construct(U* at, Args&&... args) {
    ::new (static_cast<void*>(at)) U(std::forward<Args>(args)...);
  }
};

// The output of a timed decode: the tagged form's bytes, grown without
// zeroing what the sink then writes over.
using TaggedBytes = std::vector<std::uint8_t, UninitializedAllocator<std::uint8_t>>;

}  // namespace wcb::documents
