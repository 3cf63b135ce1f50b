// The sentinel's bits, which decode outputs are filled with before every decode that
// counts (verify, warm-up, timed), outside the timer. Decoders overwrite a
// reused output rather than clear it (e.g. workloads/tuples/tuple_codec.h), so without this a
// decoder that skipped its work would find the previous call's correct
// items still in place and pass verification.
#pragma once

#include <cstdint>

namespace wcb {

// The dataset grows x by +1 from small seeds and holds only finite y and z
// (its JSON must round-trip), so neither INT32_MIN nor a NaN, let alone this
// payload, ever comes out of it: a sentinel left in place cannot match.
inline constexpr std::uint64_t kSentinelNanBits = 0x7ff8'5e47'1e15'0bad;
// __builtin_bit_cast: Emscripten 3.1.6's libc++ has no std::bit_cast.
inline constexpr double kSentinelNan = __builtin_bit_cast(double, kSentinelNanBits);
}  // namespace wcb
