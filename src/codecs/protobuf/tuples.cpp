// `protobuf`: protobuf-lite with the classes protoc generates from
// proto/tuple.proto (wcb.pb.Items: repeated Item{int32 x; double y; double z}).
//
// One message object serves every call: Clear() keeps the repeated field's
// Item objects allocated, so encoding or decoding a payload of the same size
// again allocates nothing inside protobuf.
#include <string>

#include "codecs/protobuf/support.h"
#include "tuple.pb.h"
#include "workloads/tuples/tuple_codec.h"

namespace wcb {

namespace {

using protobuf_support::kMaxMessageBytes;

class ProtobufCodec final : public Codec {
 public:
  std::string_view name() const override { return "protobuf"; }
  std::string library_version() const override { return protobuf_support::library_version(); }

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
    protobuf_support::serialize(message_, out);
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
