// `raw`: a memcpy of the in-memory item array behind a 16-byte header. Not a
// real format (little-endian, layout-bound); it is the floor every codec is
// measured against.
#include <cstring>
#include <string>

#include "workloads/tuples/tuple_codec.h"

namespace wcb {

namespace {

constexpr char kMagic[4] = {'W', 'C', 'B', 'R'};
constexpr std::uint32_t kItemSize = sizeof(Item);
// magic, item size (u32), item count (u64)
constexpr std::size_t kHeaderSize = 16;

class RawCodec final : public Codec {
 public:
  std::string_view name() const override { return "raw"; }
  std::string library_version() const override { return "memcpy"; }

 protected:
  void do_encode(std::span<const Item> items, Bytes& out) override {
    const std::uint64_t count = items.size();
    out.resize(kHeaderSize + items.size_bytes());
    std::memcpy(out.data(), kMagic, sizeof kMagic);
    std::memcpy(out.data() + 4, &kItemSize, sizeof kItemSize);
    std::memcpy(out.data() + 8, &count, sizeof count);
    if (!items.empty()) std::memcpy(out.data() + kHeaderSize, items.data(), items.size_bytes());
  }

  void do_decode(std::span<const std::uint8_t> bytes, Items& out) override {
    if (bytes.size() < kHeaderSize)
      throw DecodeError("input of " + std::to_string(bytes.size()) +
                        " bytes is shorter than the 16-byte header");
    if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
      throw DecodeError("bad magic, not a raw payload");
    std::uint32_t item_size;
    std::uint64_t count;
    std::memcpy(&item_size, bytes.data() + 4, sizeof item_size);
    std::memcpy(&count, bytes.data() + 8, sizeof count);
    if (item_size != kItemSize) throw DecodeError("item size " + std::to_string(item_size) + ", expected 24");
    // Checked against the bytes present before any allocation, so a count
    // claiming billions of items is refused, not allocated.
    const std::size_t body = bytes.size() - kHeaderSize;
    if (count != body / kItemSize || body % kItemSize != 0) {
      throw DecodeError("header claims " + std::to_string(count) + " items but " + std::to_string(body) +
                        " bytes follow");
    }
    out.resize(static_cast<std::size_t>(count));
    if (count != 0) std::memcpy(out.data(), bytes.data() + kHeaderSize, body);
  }
};

}  // namespace

std::unique_ptr<Codec> make_raw_codec() { return std::make_unique<RawCodec>(); }

}  // namespace wcb
