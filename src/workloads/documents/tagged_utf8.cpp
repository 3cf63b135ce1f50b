// detail::valid_utf8_fast (tagged.h): the UTF-8 check every string and
// distinct key of a decode into the tagged form goes through.
#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "workloads/documents/tagged.h"

namespace wcb::documents {

namespace detail {

namespace {

// UTF-8 (RFC 3629, valid_utf8's rules) as a DFA whose transitions for one
// byte are packed into one word: state k sits at bit 6k and holds 6 times
// its next state, so a step is a table load (which does not depend on the
// state) and a shift. No branch per character: mixed scripts do not
// mispredict.
enum Utf8State : unsigned {
  kAccept,
  kReject,
  kTail1,    // one continuation byte to go
  kTail2,    // two
  kAfterE0,  // A0..BF (no overlong form), then one
  kAfterED,  // 80..9F (no surrogate), then one
  kTail3,    // three
  kAfterF0,  // 90..BF (no overlong form), then two
  kAfterF4,  // 80..8F (nothing above U+10FFFF), then two
  kStates
};

constexpr unsigned utf8_next(unsigned state, unsigned byte) {
  const auto in = [byte](unsigned low, unsigned high) { return byte >= low && byte <= high; };
  switch (state) {
    case kAccept:
      if (byte < 0x80) return kAccept;
      if (in(0xc2, 0xdf)) return kTail1;
      if (byte == 0xe0) return kAfterE0;
      if (byte == 0xed) return kAfterED;
      if (in(0xe1, 0xef)) return kTail2;
      if (byte == 0xf0) return kAfterF0;
      if (in(0xf1, 0xf3)) return kTail3;
      if (byte == 0xf4) return kAfterF4;
      return kReject;
    case kTail1:
      return in(0x80, 0xbf) ? kAccept : kReject;
    case kTail2:
      return in(0x80, 0xbf) ? kTail1 : kReject;
    case kAfterE0:
      return in(0xa0, 0xbf) ? kTail1 : kReject;
    case kAfterED:
      return in(0x80, 0x9f) ? kTail1 : kReject;
    case kTail3:
      return in(0x80, 0xbf) ? kTail2 : kReject;
    case kAfterF0:
      return in(0x90, 0xbf) ? kTail2 : kReject;
    case kAfterF4:
      return in(0x80, 0x8f) ? kTail2 : kReject;
    default:
      return kReject;
  }
}

constexpr std::array<std::uint64_t, 256> utf8_rows() {
  std::array<std::uint64_t, 256> rows{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    for (unsigned state = 0; state < kStates; ++state)
      rows[byte] |= std::uint64_t{6 * utf8_next(state, byte)} << (6 * state);
  }
  return rows;
}

constexpr std::array<std::uint64_t, 256> kUtf8Rows = utf8_rows();

}  // namespace

bool valid_utf8_fast(std::string_view text) {
  const auto* at = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = at + text.size();
  constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
  std::uint64_t state = 6 * kAccept;
  while (at < end) {
    // Between characters, runs of ASCII 8 bytes at a time.
    if (state == 6 * kAccept) {
      while (end - at >= 8) {
        std::uint64_t word;
        std::memcpy(&word, at, 8);
        if (word & kHighBits) break;
        at += 8;
      }
    }
    // Then up to 16 bytes through the DFA, checked for a rejection after.
    const auto* const stop = end - at > 16 ? at + 16 : end;
    for (; at < stop; ++at) state = (kUtf8Rows[*at] >> state) & 63;
    if (state == 6 * kReject) return false;
  }
  return state == 6 * kAccept;
}

}  // namespace detail

}  // namespace wcb::documents
