// `flatbuffers`: flatbuffers with the classes flatc generates from
// proto/tuple.fbs (wcb.fb.Items: a vector of Item tables {x: int; y, z: double}).
//
// Decode runs the Verifier over the whole buffer first (bounds, alignment,
// offsets), then reads every field of every item: a flatbuffer can be read
// in place, but a decode that touches nothing would not be comparable with
// the other codecs.
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <string>
#include <vector>

#include "codecs/flatbuffers/support.h"
#include "tuple_generated.h"
#include "workloads/tuples/tuple_codec.h"

namespace wcb {

namespace {

// Upper bound of the bytes one item adds: its table (soffset 4, x 4, y and z
// 8 each, up to 4 of alignment padding) and its slot in the vector (4). All
// items share one vtable.
constexpr std::size_t kMaxItemBytes = 4 + 4 + 2 * 8 + 4 + 4;
constexpr std::size_t kMaxEnvelopeBytes = 1024;

class FlatbuffersCodec final : public Codec {
 public:
  FlatbuffersCodec() {
    // Write every field even when it equals the schema default (0): the
    // default test compares with ==, so -0.0 would otherwise be dropped and
    // read back as +0.0. Costs nothing for non-zero data.
    builder_.ForceDefaults(true);
  }

  std::string_view name() const override { return "flatbuffers"; }
  std::string library_version() const override { return flatbuffers_support::library_version(); }

 protected:
  void do_encode(std::span<const Item> items, Bytes& out) override {
    // The builder asserts (aborts) rather than fail past 2 GiB, so refuse
    // anything that might get there before building.
    if (items.size() > (FLATBUFFERS_MAX_BUFFER_SIZE - kMaxEnvelopeBytes) / kMaxItemBytes) {
      throw std::length_error(std::to_string(items.size()) + " items exceed flatbuffers' 2 GiB buffer limit");
    }
    builder_.Clear();
    offsets_.clear();
    offsets_.reserve(items.size());
    for (const Item& item : items) offsets_.push_back(fb::CreateItem(builder_, item.x, item.y, item.z));
    fb::FinishItemsBuffer(builder_, fb::CreateItems(builder_, builder_.CreateVector(offsets_)));
    const std::uint8_t* data = builder_.GetBufferPointer();
    out.assign(data, data + builder_.GetSize());
  }

  void do_decode(std::span<const std::uint8_t> bytes, Items& out) override {
    if (bytes.empty()) throw DecodeError("empty input");
    if (bytes.size() >= FLATBUFFERS_MAX_BUFFER_SIZE) {
      throw DecodeError("input of " + std::to_string(bytes.size()) +
                        " bytes; flatbuffers are limited to 2 GiB");
    }
    const std::uint8_t* data = flatbuffers_support::aligned(bytes, aligned_copy_);
    flatbuffers::Verifier verifier(data, bytes.size(), flatbuffers_support::verifier_options(bytes.size()));
    if (!fb::VerifyItemsBuffer(verifier)) {
      throw DecodeError("not a valid wcb.fb.Items buffer (verifier rejected it: truncated or corrupt input)");
    }

    const auto* list = fb::GetItems(data)->items();
    if (list == nullptr) {  // an absent vector is an empty one
      out.clear();
      return;
    }
    out.resize(list->size());
    for (flatbuffers::uoffset_t i = 0; i < list->size(); ++i) {
      const fb::Item* entry = list->Get(i);
      out[i] = Item(entry->x(), entry->y(), entry->z());
    }
  }

 private:
  flatbuffers::FlatBufferBuilder builder_;
  std::vector<flatbuffers::Offset<fb::Item>> offsets_;
  Bytes aligned_copy_;
};

}  // namespace

std::unique_ptr<Codec> make_flatbuffers_codec() { return std::make_unique<FlatbuffersCodec>(); }

}  // namespace wcb
