// `protobuf` for the documents workload: protobuf-lite through
// proto/documents.proto, google.protobuf.Value/Struct/ListValue under our own
// package (same field numbers: the standard wire format). The top level is a
// Value. Every number is a double (number_value): encode refuses an integer
// a double cannot hold exactly (beyond 2^53, unless it happens to be one),
// naming its path; decode applies documents::number_of, so integral values
// within 2^53 come back as integers (and -0 as 0). Struct's fields are a
// map: keys come back in no fixed order (keeps_key_order() is false), and a
// key repeated in the bytes keeps its last value, as protobuf specifies for
// maps.
//
// Encode buffers the whole value: protobuf writes each message's length
// before it, so the events build the Value tree on an arena (the message
// objects and their strings, nothing else), which is then serialized.
// Decode parses on an arena and walks the message into the sink.
//
// Nesting: a document level is 3 message levels (Value, Struct, the map
// entry) or 2 (Value, ListValue), and protobuf's parser stops at 100 by
// default, which would refuse documents well within documents::kMaxDepth. So
// the recursion limit is raised to hold kMaxDepth object levels; the sink
// then enforces kMaxDepth itself, naming the path. protobuf's parser checks
// the UTF-8 of string fields (proto3), so the sink need not.
#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "codecs/protobuf/support.h"
#include "documents.pb.h"
#include "workloads/documents/document_codec.h"

namespace wcb {

namespace {

namespace pb = wcb::documents;  // the generated Value, Struct, ListValue
using documents::DocumentSink;
using documents::Unrepresentable;

constexpr int kRecursionLimit = 3 * static_cast<int>(documents::kMaxDepth) + 3;
using protobuf_support::kMaxMessageBytes;

// Fills the Value tree from a source's events.
class Writer final : public documents::Events {
 public:
  explicit Writer(pb::Value* root) : root_(root) {}

  void null() override { next()->set_null_value(pb::NULL_VALUE); }
  void boolean(bool value) override { next()->set_bool_value(value); }
  void integer(std::int64_t value) override {
    const double number = static_cast<double>(value);
    // 2^63 is the first double an int64 cannot hold.
    if (number >= 9223372036854775808.0 || static_cast<std::int64_t>(number) != value) inexact(value);
    next()->set_number_value(number);
  }
  void unsigned_integer(std::uint64_t value) override {
    const double number = static_cast<double>(value);
    if (number >= 18446744073709551616.0 || static_cast<std::uint64_t>(number) != value) inexact(value);
    next()->set_number_value(number);
  }
  void number(double value) override { next()->set_number_value(value); }
  void string(std::string_view text) override { next()->set_string_value(text.data(), text.size()); }
  void start_array(std::size_t size) override {
    pb::ListValue* list = next()->mutable_list_value();
    if (size != documents::kUnknownCount)
      list->mutable_values()->Reserve(static_cast<int>(std::min<std::size_t>(size, INT_MAX)));
    frames_.push_back({list, nullptr});
  }
  void end_array() override { frames_.pop_back(); }
  void start_object(std::size_t) override {
    frames_.push_back({nullptr, next()->mutable_struct_value()->mutable_fields()});
  }
  void key(std::string_view key) override {
    key_.assign(key);
    pending_ = &(*frames_.back().fields)[key_];
  }
  void end_object() override { frames_.pop_back(); }

 private:
  struct Frame {
    pb::ListValue* list;                                    // an array's, or
    google::protobuf::Map<std::string, pb::Value>* fields;  // an object's
  };

  // The Value the next event fills.
  pb::Value* next() {
    if (frames_.empty()) return root_;
    if (frames_.back().list != nullptr) return frames_.back().list->add_values();
    return pending_;
  }

  template <typename Integer>
  [[noreturn]] static void inexact(Integer value) {
    throw Unrepresentable("protobuf's Value holds every number as a double, which cannot hold the integer " +
                          std::to_string(value) + " exactly");
  }

  pb::Value* root_;
  std::vector<Frame> frames_;
  pb::Value* pending_ = nullptr;
  std::string key_;  // the map's key type
};

void read(const pb::Value& value, DocumentSink& sink) {
  switch (value.kind_case()) {
    case pb::Value::kNullValue:  // any enum number: an open enum in proto3
      sink.null();
      break;
    case pb::Value::kNumberValue: {
      // documents::number_of's rule: an integral value within 2^53 (-0
      // included) is an integer.
      const double number = value.number_value();
      if (std::trunc(number) == number && std::fabs(number) <= documents::kMaxSafeInteger) {
        sink.integer(static_cast<std::int64_t>(number));
      } else {
        sink.number(number);
      }
      break;
    }
    case pb::Value::kStringValue:
      sink.string(value.string_value());
      break;
    case pb::Value::kBoolValue:
      sink.boolean(value.bool_value());
      break;
    case pb::Value::kStructValue: {
      const auto& fields = value.struct_value().fields();
      sink.start_object(fields.size());
      for (const auto& [key, member] : fields) {
        sink.key(key);
        read(member, sink);
      }
      sink.end_object();
      break;
    }
    case pb::Value::kListValue: {
      const auto& values = value.list_value().values();
      sink.start_array(static_cast<std::size_t>(values.size()));
      for (const pb::Value& element : values) read(element, sink);
      sink.end_array();
      break;
    }
    case pb::Value::KIND_NOT_SET:
      sink.fail("a Value with no kind set (empty or unknown fields only)");
  }
}

class ProtobufDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "protobuf"; }
  std::string_view format() const override { return "protobuf Value/Struct/ListValue"; }
  std::string library_version() const override { return protobuf_support::library_version(); }
  bool keeps_key_order() const override { return false; }
  // A map keeps the last value of a repeated key (protobuf's rule).
  documents::DecodeRules decode_rules() const override { return documents::kCheckedKeepLast; }

 protected:
  void do_encode(documents::DocumentSource& source, Bytes& out) override {
    out.clear();
    google::protobuf::Arena arena;
    auto* root = google::protobuf::Arena::CreateMessage<pb::Value>(&arena);
    Writer writer(root);
    source.drive(writer);
    protobuf_support::serialize(*root, out);
  }

  void do_decode(std::span<const std::uint8_t> bytes, DocumentSink& sink) override {
    if (bytes.size() > kMaxMessageBytes) throw DecodeError("an input over protobuf's 2 GiB");
    google::protobuf::Arena arena;
    auto* root = google::protobuf::Arena::CreateMessage<pb::Value>(&arena);
    google::protobuf::io::CodedInputStream input(bytes.data(), static_cast<int>(bytes.size()));
    input.SetRecursionLimit(kRecursionLimit);
    if (!root->ParseFromCodedStream(&input) || !input.ConsumedEntireMessage()) {
      throw DecodeError(
          "malformed bytes (not a valid wcb.documents.Value: truncated or corrupt input, invalid UTF-8 in a "
          "string, or nesting deeper than " +
          std::to_string(kRecursionLimit) + " messages)");
    }
    read(*root, sink);
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_protobuf_document_codec() {
  return std::make_unique<ProtobufDocumentCodec>();
}

}  // namespace wcb
