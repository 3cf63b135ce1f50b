// `protobuf`: protobuf-lite with the classes protoc generates from
// proto/tuple.proto (wcb.pb.Items: repeated Item{int32 x; double y; double z}).
//
// One message object serves every call: Clear() keeps the repeated field's
// Item objects allocated, so encoding or decoding a payload of the same size
// again allocates nothing inside protobuf.
#include <climits>
#include <string>

#include "core/codec.h"
#include "tuple.pb.h"

namespace wcb {

namespace {

// protobuf sizes messages with int: 2 GiB is the hard limit in both directions.
constexpr std::size_t kMaxMessageBytes = INT_MAX;

class ProtobufCodec final : public Codec {
 public:
  std::string_view name() const override { return "protobuf"; }
  std::string library_version() const override {
    constexpr int version = GOOGLE_PROTOBUF_VERSION;  // e.g. 3021012
    return "protobuf-lite " + std::to_string(version / 1000000) + "." +
           std::to_string(version / 1000 % 1000) + "." + std::to_string(version % 1000);
  }

 protected:
  void do_encode(std::span<const Item> items, Bytes& out) override {
    // Every item takes at least two bytes (tag and length), so more than
    // INT_MAX / 2 of them cannot fit; checked before reserving.
    if (items.size() > kMaxMessageBytes / 2) {
      throw std::length_error(std::to_string(items.size()) + " items exceed protobuf's 2 GiB message limit");
    }
    message_.Clear();
    auto& list = *message_.mutable_items();
    list.Reserve(static_cast<int>(items.size()));
    for (const Item& item : items) {
      pb::Item& entry = *list.Add();
      entry.set_x(item.x);
      entry.set_y(item.y);
      entry.set_z(item.z);
    }
    const std::size_t size = message_.ByteSizeLong();
    if (size > kMaxMessageBytes) {
      message_.Clear();
      throw std::length_error("the message would be " + std::to_string(size) +
                              " bytes; protobuf messages are limited to 2 GiB");
    }
    out.resize(size);
    // The empty message is zero bytes. Serializing it anyway would hand
    // protobuf the null data() of an empty vector, which it passes to
    // memcpy when a previous decode left an (empty) unknown-field buffer:
    // undefined behaviour (found by tests/fuzz).
    if (size == 0) return;
    message_.SerializeWithCachedSizesToArray(out.data());
  }

  void do_decode(std::span<const std::uint8_t> bytes, Items& out) override {
    if (bytes.size() > kMaxMessageBytes) {
      throw DecodeError("input of " + std::to_string(bytes.size()) +
                        " bytes; protobuf messages are limited to 2 GiB");
    }
    if (!message_.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
      message_.Clear();
      throw DecodeError("not a valid wcb.pb.Items message (truncated or corrupt input)");
    }
    const auto& list = message_.items();
    out.resize(static_cast<std::size_t>(list.size()));
    for (int i = 0; i < list.size(); ++i) {
      const pb::Item& entry = list.Get(i);
      out[static_cast<std::size_t>(i)] = Item(entry.x(), entry.y(), entry.z());
    }
  }

 private:
  pb::Items message_;
};

}  // namespace

std::unique_ptr<Codec> make_protobuf_codec() { return std::make_unique<ProtobufCodec>(); }

}  // namespace wcb
