// `flatbuffers` for the documents workload: FlexBuffers, flatbuffers'
// schema-less format (flatbuffers/flexbuffers.h). Encode: the source's
// events into a flexbuffers::Builder (reused between calls; it keeps its own
// stack of open vectors and maps, so nothing is buffered here): integers as int (uint
// only beyond int64) in their smallest width, floats as double (the builder narrows
// nothing), strings, untyped vectors, maps. FlexBuffers maps keep their keys
// sorted (byte order, for binary search), so decoding gives an object's keys
// in that order, not the document's: keeps_key_order() is false. Keys are C
// strings: a key containing NUL is refused, naming its path.
//
// Decode verifies the buffer first (flexbuffers::Verifier, with a reuse
// tracker so shared values are verified once, and a depth limit above
// documents::kMaxDepth so the sink's error names the path), then walks
// it into the sink (which checks nesting, repeated keys, UTF-8). The
// verifier of flatbuffers 2.0.8 does not check that keys end within the
// buffer: the walk does.
// Offsets may point at one value from many places (a DAG, which the verifier
// accepts): the walk visits at most one value per byte of the buffer, so a
// small hostile buffer cannot expand into an exponential tree. Blobs and the
// deprecated typed vector of strings are refused.
#include <cstdint>
#include <cstring>
// flexbuffers.h's number parsing (Reference::AsDouble of a string, never
// used here) would otherwise need flatbuffers' compiled library for its
// locale object; the header-only build has none.
#define FLATBUFFERS_LOCALE_INDEPENDENT 0
#include <flatbuffers/flexbuffers.h>

#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "codecs/flatbuffers/support.h"
#include "workloads/documents/document_codec.h"

namespace wcb {

namespace {

using documents::DocumentSink;

class Writer final : public documents::Events {
 public:
  explicit Writer(flexbuffers::Builder& builder) : builder_(builder) {}

  void null() override { builder_.Null(); }
  void boolean(bool value) override { builder_.Bool(value); }
  void integer(std::int64_t value) override { builder_.Int(value); }
  // An unsigned Document integer (nlohmann parses every non-negative JSON
  // integer as one) is an int like any other until int64 cannot hold it.
  void unsigned_integer(std::uint64_t value) override {
    if (value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      builder_.Int(static_cast<std::int64_t>(value));
    } else {
      builder_.UInt(value);
    }
  }
  void number(double value) override { builder_.Double(value); }
  // The builder copies a string's terminating NUL from the text: a view has none.
  void string(std::string_view text) override {
    text_.assign(text);
    builder_.String(text_.c_str(), text_.size());
  }
  void start_array(std::size_t) override { starts_.push_back(builder_.StartVector()); }
  void end_array() override {
    builder_.EndVector(starts_.back(), false, false);
    starts_.pop_back();
  }
  void start_object(std::size_t) override { starts_.push_back(builder_.StartMap()); }
  void key(std::string_view key) override {
    if (key.find('\0') != std::string_view::npos)
      throw documents::Unrepresentable("FlexBuffers keys cannot contain NUL (U+0000): they are C strings");
    text_.assign(key);
    builder_.Key(text_.c_str(), text_.size());
  }
  void end_object() override {
    builder_.EndMap(starts_.back());
    starts_.pop_back();
  }

 private:
  flexbuffers::Builder& builder_;
  std::vector<std::size_t> starts_;
  std::string text_;  // a string or key with its NUL
};

class Reader {
 public:
  Reader(DocumentSink& sink, std::span<const std::uint8_t> bytes)
      : sink_(sink), begin_(bytes.data()), end_(bytes.data() + bytes.size()), budget_(bytes.size()) {}

  void read(const flexbuffers::Reference& ref) {
    if (++values_ > budget_) {
      sink_.fail("more values than the buffer has bytes: offsets share values (a DAG), which would expand");
    }
    switch (ref.GetType()) {
      case flexbuffers::FBT_NULL:
        sink_.null();
        break;
      case flexbuffers::FBT_BOOL:
        sink_.boolean(ref.AsBool());
        break;
      case flexbuffers::FBT_INT:
      case flexbuffers::FBT_INDIRECT_INT:
        sink_.integer(ref.AsInt64());
        break;
      case flexbuffers::FBT_UINT:
      case flexbuffers::FBT_INDIRECT_UINT: {
        const std::uint64_t value = ref.AsUInt64();
        if (value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
          sink_.integer(static_cast<std::int64_t>(value));
        } else {
          sink_.unsigned_integer(value);
        }
        break;
      }
      case flexbuffers::FBT_FLOAT:
      case flexbuffers::FBT_INDIRECT_FLOAT:
        sink_.number(ref.AsDouble());
        break;
      case flexbuffers::FBT_STRING: {
        const flexbuffers::String text = ref.AsString();
        sink_.string(std::string_view(text.c_str(), text.length()));
        break;
      }
      case flexbuffers::FBT_KEY:  // a key where a value is expected: its text
        sink_.string(key(ref));
        break;
      case flexbuffers::FBT_MAP: {
        const flexbuffers::Map map = ref.AsMap();
        const flexbuffers::TypedVector keys = map.Keys();
        const flexbuffers::Vector values = map.Values();
        // The verifier checks each vector, not that they agree; TypedVector's
        // operator[] has no bounds check.
        if (keys.size() != values.size()) sink_.fail("a map with a different number of keys and values");
        sink_.start_object(values.size());
        for (std::size_t i = 0; i < values.size(); ++i) {
          sink_.key(key(keys[i]));
          read(values[i]);
        }
        sink_.end_object();
        break;
      }
      case flexbuffers::FBT_VECTOR:
        elements(ref.AsVector());
        break;
      case flexbuffers::FBT_VECTOR_INT:
      case flexbuffers::FBT_VECTOR_UINT:
      case flexbuffers::FBT_VECTOR_FLOAT:
      case flexbuffers::FBT_VECTOR_BOOL:
      case flexbuffers::FBT_VECTOR_KEY:
        elements(ref.AsTypedVector());
        break;
      case flexbuffers::FBT_VECTOR_INT2:
      case flexbuffers::FBT_VECTOR_UINT2:
      case flexbuffers::FBT_VECTOR_FLOAT2:
      case flexbuffers::FBT_VECTOR_INT3:
      case flexbuffers::FBT_VECTOR_UINT3:
      case flexbuffers::FBT_VECTOR_FLOAT3:
      case flexbuffers::FBT_VECTOR_INT4:
      case flexbuffers::FBT_VECTOR_UINT4:
      case flexbuffers::FBT_VECTOR_FLOAT4:
        elements(ref.AsFixedTypedVector());
        break;
      case flexbuffers::FBT_VECTOR_STRING_DEPRECATED:
        // Its elements' sizes are not verified (the verifier reads them as keys).
        sink_.fail("a typed vector of strings (deprecated in FlexBuffers), which this decoder does not read");
      case flexbuffers::FBT_BLOB:
        sink_.fail("a blob (binary data), which a JSON-like document cannot hold");
      default:
        sink_.fail("an unknown FlexBuffers type " + std::to_string(static_cast<int>(ref.GetType())));
    }
  }

 private:
  // flatbuffers 2.0.8's Verifier::VerifyKey checks for a non-zero byte
  // where it means a terminating zero (`if (*p++) return true;`), so a key
  // may run to the end of the buffer unterminated: found by fuzzing (a
  // strlen past the buffer). The key's NUL is looked for here, within it.
  std::string_view key(const flexbuffers::Reference& ref) const {
    const auto* text = reinterpret_cast<const std::uint8_t*>(ref.AsKey());
    if (text < begin_ || text >= end_) sink_.fail("a key outside the buffer");
    const void* nul = std::memchr(text, 0, static_cast<std::size_t>(end_ - text));
    if (nul == nullptr) sink_.fail("a key without its terminating NUL");
    return std::string_view(reinterpret_cast<const char*>(text),
                            static_cast<std::size_t>(static_cast<const std::uint8_t*>(nul) - text));
  }

  template <typename AnyVector>
  void elements(const AnyVector& vector) {
    sink_.start_array(vector.size());
    for (std::size_t i = 0; i < vector.size(); ++i) read(vector[i]);
    sink_.end_array();
  }

  DocumentSink& sink_;
  const std::uint8_t* begin_;
  const std::uint8_t* end_;
  std::size_t budget_;
  std::size_t values_ = 0;
};

class FlatbuffersDocumentCodec final : public documents::DocumentCodec {
 public:
  std::string_view name() const override { return "flatbuffers"; }
  std::string_view format() const override { return "FlexBuffers"; }
  std::string library_version() const override {
    return flatbuffers_support::library_version() + " (FlexBuffers)";
  }
  bool keeps_key_order() const override { return false; }

 protected:
  void do_encode(documents::DocumentSource& source, Bytes& out) override {
    builder_.Clear();
    Writer writer(builder_);
    source.drive(writer);
    builder_.Finish();
    const std::vector<std::uint8_t>& buffer = builder_.GetBuffer();
    out.assign(buffer.begin(), buffer.end());
  }

  void do_decode(std::span<const std::uint8_t> bytes, DocumentSink& sink) override {
    if (bytes.size() >= FLATBUFFERS_MAX_BUFFER_SIZE) throw DecodeError("a buffer over FlexBuffers' 2 GiB");
    flexbuffers::Verifier verifier(bytes.data(), bytes.size(), &reuse_tracker_, true,
                                   documents::kMaxDepth + 1);
    if (!verifier.VerifyBuffer())
      throw DecodeError("not a valid FlexBuffers buffer (the verifier refused it)");
    Reader reader(sink, bytes);
    reader.read(flexbuffers::GetRoot(bytes.data(), bytes.size()));
  }

 private:
  flexbuffers::Builder builder_;
  std::vector<std::uint8_t> reuse_tracker_;
};

}  // namespace

std::unique_ptr<documents::DocumentCodec> make_flatbuffers_document_codec() {
  return std::make_unique<FlatbuffersDocumentCodec>();
}

}  // namespace wcb
