// `protobuf` for the documents workload: protobuf-lite through
// proto/documents.proto, google.protobuf.Value/Struct/ListValue under our own
// package (same field numbers: the standard wire format). The top level is a
// Value. Every number is a double (number_value): encode refuses an integer
// a double cannot hold exactly (beyond 2^53, unless it happens to be one),
// naming its path; decode applies documents::number_of, so integral values
// within 2^53 come back as integers (and -0 as 0). Struct's fields are a
// map: keys come back in no fixed order (keeps_key_order() is false), and a
// key repeated in the bytes keeps its last value, as protobuf specifies for
// maps. Encode builds the message tree on an arena, walking the Document
// once (the shared walk); decode parses on an arena and walks the message
// into the shared DocumentBuilder.
//
// Nesting: a document level is 3 message levels (Value, Struct, the map
// entry) or 2 (Value, ListValue), and protobuf's parser stops at 100 by
// default, which would refuse documents well within documents::kMaxDepth. So
// the recursion limit is raised to hold kMaxDepth object levels; the builder
// then enforces kMaxDepth itself, naming the path.
#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "documents.pb.h"
#include "workloads/documents/codec.h"

namespace wcb {

namespace {

namespace pb = wcb::documents;  // the generated Value, Struct, ListValue
using documents::Document;
using documents::DocumentBuilder;
using documents::Unrepresentable;

constexpr int kRecursionLimit = 3 * static_cast<int>(documents::kMaxDepth) + 3;
constexpr std::size_t kMaxMessageBytes = INT_MAX;

// Fills the Value tree from the walk's events.
class Writer {
 public:
  explicit Writer(pb::Value* root) : root_(root) {}

  void null() { next()->set_null_value(pb::NULL_VALUE); }
  void boolean(bool value) { next()->set_bool_value(value); }
  void integer(std::int64_t value) {
    const double number = static_cast<double>(value);
    // 2^63 is the first double an int64 cannot hold.
    if (number >= 9223372036854775808.0 || static_cast<std::int64_t>(number) != value) inexact(value);
    next()->set_number_value(number);
  }
  void unsigned_integer(std::uint64_t value) {
    const double number = static_cast<double>(value);
    if (number >= 18446744073709551616.0 || static_cast<std::uint64_t>(number) != value) inexact(value);
    next()->set_number_value(number);
  }
  void number(double value) { next()->set_number_value(value); }
  void string(const std::string& text) { next()->set_string_value(text); }
  void start_array(std::size_t size) {
    pb::ListValue* list = next()->mutable_list_value();
    list->mutable_values()->Reserve(static_cast<int>(std::min<std::size_t>(size, INT_MAX)));
    frames_.push_back({list, nullptr});
  }
  void end_array() { frames_.pop_back(); }
  void start_object(std::size_t) {
    frames_.push_back({nullptr, next()->mutable_struct_value()->mutable_fields()});
  }
  void key(const std::string& key) { pending_ = &(*frames_.back().fields)[key]; }
  void end_object() { frames_.pop_back(); }

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
};

void read(const pb::Value& value, DocumentBuilder& builder) {
  switch (value.kind_case()) {
    case pb::Value::kNullValue:  // any enum number: an open enum in proto3
      builder.null();
      break;
    case pb::Value::kNumberValue: {
      const double number = value.number_value();
      const Document document = documents::number_of(number);
      if (document.is_number_integer()) {
        builder.number_integer(document.get<std::int64_t>());
      } else {
        builder.number(number);
      }
      break;
    }
    case pb::Value::kStringValue:
      builder.string(std::string_view(value.string_value()));
      break;
    case pb::Value::kBoolValue:
      builder.boolean(value.bool_value());
      break;
    case pb::Value::kStructValue:
      builder.start_object();
      for (const auto& [key, member] : value.struct_value().fields()) {
        builder.key(std::string_view(key));
        read(member, builder);
      }
      builder.end_object();
      break;
    case pb::Value::kListValue:
      builder.start_array();
      for (const pb::Value& element : value.list_value().values()) read(element, builder);
      builder.end_array();
      break;
    case pb::Value::KIND_NOT_SET:
      builder.fail("a Value with no kind set (empty or unknown fields only)");
  }
}

class ProtobufDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "protobuf"; }
  std::string_view format() const override { return "protobuf Value/Struct/ListValue"; }
  std::string library_version() const override {
    constexpr int version = GOOGLE_PROTOBUF_VERSION;  // e.g. 3021012
    return "protobuf-lite " + std::to_string(version / 1000000) + "." +
           std::to_string(version / 1000 % 1000) + "." + std::to_string(version % 1000);
  }
  bool keeps_key_order() const override { return false; }

 protected:
  void do_encode(const Document& document, Bytes& out) override {
    out.clear();
    google::protobuf::Arena arena;
    auto* root = google::protobuf::Arena::CreateMessage<pb::Value>(&arena);
    Writer writer(root);
    documents::walk(document, writer);
    const std::size_t size = root->ByteSizeLong();
    if (size > kMaxMessageBytes) {
      throw std::length_error("the message would be " + std::to_string(size) +
                              " bytes; protobuf messages are limited to 2 GiB");
    }
    out.resize(size);
    // A Value always has its kind set, so it is never zero bytes; protobuf
    // must not be handed the null data() of an empty vector all the same.
    if (size == 0) return;
    root->SerializeWithCachedSizesToArray(out.data());
  }

  void do_decode(std::span<const std::uint8_t> bytes, Document& out) override {
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
    DocumentBuilder builder(out, false);
    read(*root, builder);
    builder.finish();
  }
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_protobuf_document_codec() {
  return std::make_unique<ProtobufDocumentCodec>();
}

}  // namespace wcb
