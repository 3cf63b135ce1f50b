#include "allocation_tracker.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<std::size_t> allocation_count{0};
std::atomic<std::size_t> largest_allocation{0};

void* allocate(std::size_t size) noexcept {
  allocation_count.fetch_add(1, std::memory_order_relaxed);
  std::size_t largest = largest_allocation.load(std::memory_order_relaxed);
  while (size > largest &&
         !largest_allocation.compare_exchange_weak(largest, size, std::memory_order_relaxed)) {
  }
  return std::malloc(size == 0 ? 1 : size);
}

}  // namespace

namespace wcb::test {

AllocationWatch::AllocationWatch() {
  allocation_count.store(0);
  largest_allocation.store(0);
}

std::size_t AllocationWatch::count() const { return allocation_count.load(); }
std::size_t AllocationWatch::largest() const { return largest_allocation.load(); }

}  // namespace wcb::test

// Every non-aligned form of operator new and delete is replaced, so memory
// always goes malloc -> free (sanitizers see matching pairs). The aligned
// forms keep their library definitions, which pair among themselves.
void* operator new(std::size_t size) {
  if (void* memory = allocate(size)) return memory;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  if (void* memory = allocate(size)) return memory;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete[](void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete[](void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete(void* memory, const std::nothrow_t&) noexcept { std::free(memory); }
void operator delete[](void* memory, const std::nothrow_t&) noexcept { std::free(memory); }
