// The Node-API bindings of the documents workload (src/addon): every
// document codec of the build behind Node-API, one payload per call, through
// the counterparts of the wasm strategies (bindings.cpp):
//   object  C++ walks the JS value through Node-API into a scratch tagged
//           form and builds the decoded JS value from the decoded tagged
//           form with napi_create_object and friends: the counterpart of
//           `val`.
//   text    JS writes the value's JSON text (UTF-8) into an input buffer it
//           registered (setBuffers), C++ reads it in place as events into a
//           scratch tagged form; decode writes the JSON text of the decoded
//           tagged form into the registered output buffer for JS to
//           JSON.parse.
//   tagged  JS writes the tagged form (tagged.h) in place of JSON text, and
//           the codec's writer reads it as events; decode writes it.
// As in the wasm module, no strategy builds a Document: the codec phase of
// every strategy streams between the tagged form and the format
// (DocumentCodec::encode_tagged / decode_tagged), and each strategy adds its
// marshalling to and from the tagged form (none for tagged but the copy of
// the decoded form into the output buffer).
// Decode reads the JS Uint8Array's bytes in place (an addon sees JS memory;
// wasm copies them into its heap first). Encode returns a new Uint8Array
// holding a copy of the encoding. A text or tagged decode returns the
// output's length in the output buffer, or a new Uint8Array with a copy
// when it does not fit (JS then registers a larger buffer).
//
// Each call writes its timings into the registered Float64Array: [codecMs,
// marshalMs (C++ converting between JS data and the tagged form), bytesMs
// (encode: the copy of the encoding into a new Uint8Array; decode: reading
// the bytes argument)]; src/workloads/documents/addon-documents.mjs splits
// its call into phases with them.
//
//   addon.documentsCodecs()              // ['json', 'msgpack', ...]
//   const c = addon.createDocumentCodec('msgpack');
//   c.setBuffers(input, output, timings) // Uint8Array, Uint8Array, Float64Array(3)
//   c.encodeObject(value) / c.decodeObject(bytes)
//   c.encodeText(length) / c.decodeText(bytes)
//   c.encodeTagged(length) / c.decodeTagged(bytes)
//   c.poisonOutputs(), c.releaseBuffers()
// Errors are JS Errors "<codec>: <problem>" (addon.h) worded as the wasm
// module's ("msgpack: undefined at $.a[2]").
#include <napi.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "addon/addon.h"
#include "addon/bindings_support.h"
#include "codecs/json/text_writer.h"
#include "core/clock.h"
#include "core/sentinel.h"
#include "workloads/documents/js_rules.h"
#include "workloads/documents/registry.h"
#include "workloads/documents/tagged.h"

namespace wcb::addon {

namespace {

using namespace documents::js;  // NOLINT(google-build-using-namespace): the rules of js_rules.h

// ---- strategy object, marshal in ----

// Node writes a lone UTF-16 surrogate as U+FFFD (EF BF BD): only a string
// whose UTF-8 has one can hide a lone surrogate; its UTF-16 then tells.
bool has_lone_surrogate(const Napi::Value& js_string, const std::string& text) {
  if (text.find("\xEF\xBF\xBD") == std::string::npos) return false;
  const std::u16string units = js_string.As<Napi::String>().Utf16Value();
  for (std::size_t i = 0; i < units.size(); ++i) {
    const char16_t unit = units[i];
    if (unit >= 0xd800 && unit <= 0xdbff) {
      if (i + 1 < units.size() && units[i + 1] >= 0xdc00 && units[i + 1] <= 0xdfff) {
        ++i;
        continue;
      }
      return true;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}

void read_string(const Napi::Value& value, std::string& out) {
  const napi_env env = value.Env();
  std::size_t length = 0;
  NAPI_THROW_IF_FAILED_VOID(env, napi_get_value_string_utf8(env, value, nullptr, 0, &length));
  out.resize(length);
  NAPI_THROW_IF_FAILED_VOID(env, napi_get_value_string_utf8(env, value, out.data(), length + 1, &length));
}

// The JS values the walk compares with, looked up once per call.
struct Js {
  Napi::Object object_prototype;
  Napi::Function to_string;

  explicit Js(Napi::Env env) {
    const Napi::Object object = env.Global().Get("Object").As<Napi::Object>();
    object_prototype = object.Get("prototype").As<Napi::Object>();
    to_string = object_prototype.Get("toString").As<Napi::Function>();
  }
};

// What a value that is not JSON-like is, for its error.
[[noreturn]] void refuse(const Napi::Value& value, const Where* where, const Js& js) {
  switch (value.Type()) {
    case napi_undefined:
      bad_value("undefined", where);
    case napi_function:
      bad_value("a function", where);
    case napi_symbol:
      bad_value("a symbol", where);
    case napi_bigint:
      bad_value("a bigint", where);
    case napi_object:
      break;
    default:
      bad_value("an external", where);
  }
  // "[object Date]" -> "a Date"; a class instance reads "[object Object]".
  std::string tag = js.to_string.Call(value, {}).As<Napi::String>().Utf8Value();
  tag = tag.substr(8, tag.size() - 9);
  if (tag == "Object") bad_value("an object of a class", where, "only plain objects and arrays");
  bad_value("a " + tag, where, "only plain objects and arrays");
}

void read_js(const Napi::Value& value, documents::Events& out, const Where* where, std::size_t depth,
             const Js& js) {
  const napi_env env = value.Env();
  switch (value.Type()) {
    case napi_null:
      out.null();
      return;
    case napi_boolean:
      out.boolean(value.As<Napi::Boolean>().Value());
      return;
    case napi_number:
      number_event(value.As<Napi::Number>().DoubleValue(), out);
      return;
    case napi_string: {
      std::string text;
      read_string(value, text);
      if (has_lone_surrogate(value, text))
        bad_value("a string with a lone surrogate", where, "UTF-8 cannot hold it");
      out.string(text);
      return;
    }
    case napi_object:
      break;
    default:
      refuse(value, where, js);
  }
  if (depth >= documents::kMaxDepth) {
    bad_value("nesting deeper than " + std::to_string(documents::kMaxDepth) + " levels", where);
  }
  // The handles of this container's children die with this scope.
  const Napi::HandleScope scope(env);
  if (value.IsArray()) {
    const Napi::Array array = value.As<Napi::Array>();
    const std::uint32_t count = array.Length();
    out.start_array(count);
    for (std::uint32_t i = 0; i < count; ++i) {
      const Where here{where, nullptr, i};
      read_js(array.Get(i), out, &here, depth + 1, js);
    }
    out.end_array();
    return;
  }
  napi_value prototype = nullptr;
  NAPI_THROW_IF_FAILED_VOID(env, napi_get_prototype(env, value, &prototype));
  if (!Napi::Value(env, prototype).IsNull() && !js.object_prototype.StrictEquals(Napi::Value(env, prototype)))
    refuse(value, where, js);
  // Object.keys: own enumerable string keys, indexes as strings.
  napi_value keys_value = nullptr;
  NAPI_THROW_IF_FAILED_VOID(
      env,
      napi_get_all_property_names(env, value, napi_key_own_only,
                                  static_cast<napi_key_filter>(napi_key_enumerable | napi_key_skip_symbols),
                                  napi_key_numbers_to_strings, &keys_value));
  const Napi::Array keys(env, keys_value);
  const Napi::Object object = value.As<Napi::Object>();
  const std::uint32_t count = keys.Length();
  out.start_object(count);
  std::string text;
  for (std::uint32_t i = 0; i < count; ++i) {
    const Napi::Value key = keys.Get(i);
    read_string(key, text);
    if (has_lone_surrogate(key, text))
      bad_value("a key with a lone surrogate", where, "UTF-8 cannot hold it");
    out.key(text);
    const Where here{where, &text, 0};
    read_js(object.Get(key), out, &here, depth + 1, js);
  }
  out.end_object();
}

// ---- strategy object, marshal out: the Events building the JS value of a
// decoded tagged form (driven by a TaggedSource over it: the TaggedSink that
// wrote it refused what a JS number cannot hold) ----
class JsBuilder final : public documents::Events {
 public:
  explicit JsBuilder(Napi::Env env) : env_(env) {}
  napi_value result = nullptr;

  void null() override { place(env_.Null()); }
  void boolean(bool value) override { place(Napi::Boolean::New(env_, value)); }
  void integer(std::int64_t value) override { place(Napi::Number::New(env_, static_cast<double>(value))); }
  void unsigned_integer(std::uint64_t value) override {
    place(Napi::Number::New(env_, static_cast<double>(value)));
  }
  void number(double value) override { place(Napi::Number::New(env_, value)); }
  void string(std::string_view value) override {
    napi_value text = nullptr;
    NAPI_THROW_IF_FAILED_VOID(env_, napi_create_string_utf8(env_, value.data(), value.size(), &text));
    place(text);
  }
  void start_array(std::size_t count) override { open(Napi::Array::New(env_, count), true); }
  void end_array() override { close(); }
  void start_object(std::size_t) override { open(Napi::Object::New(env_), false); }
  void key(std::string_view key) override {
    NAPI_THROW_IF_FAILED_VOID(env_, napi_create_string_utf8(env_, key.data(), key.size(), &key_));
    proto_key_ = key == "__proto__";
  }
  void end_object() override { close(); }

 private:
  struct Frame {
    napi_value container;
    bool array;
    std::uint32_t next;
    napi_handle_scope scope;  // the children's handles
  };

  void place(napi_value value) {
    if (frames_.empty()) {
      result = value;
      return;
    }
    Frame& top = frames_.back();
    if (top.array) {
      NAPI_THROW_IF_FAILED_VOID(env_, napi_set_element(env_, top.container, top.next++, value));
    } else if (proto_key_) {
      // Assigning "__proto__" would set the prototype; JSON.parse makes it
      // an own property, and so does this.
      napi_property_descriptor descriptor{
          nullptr, key_, nullptr, nullptr, nullptr, value, napi_default_jsproperty, nullptr};
      NAPI_THROW_IF_FAILED_VOID(env_, napi_define_properties(env_, top.container, 1, &descriptor));
    } else {
      NAPI_THROW_IF_FAILED_VOID(env_, napi_set_property(env_, top.container, key_, value));
    }
  }

  void open(napi_value container, bool array) {
    place(container);
    napi_handle_scope scope = nullptr;
    NAPI_THROW_IF_FAILED_VOID(env_, napi_open_handle_scope(env_, &scope));
    frames_.push_back({container, array, 0, scope});
  }

  void close() {
    napi_close_handle_scope(env_, frames_.back().scope);
    frames_.pop_back();
  }

 public:
  // A failed walk leaves scopes open: closed innermost first.
  ~JsBuilder() override {
    while (!frames_.empty()) close();
  }

 private:
  Napi::Env env_;
  std::vector<Frame> frames_;
  napi_value key_ = nullptr;
  bool proto_key_ = false;
};

// ---- strategy text ----

// An argument check's failure ("decode expects a Uint8Array, ..."): guarded()
// prefixes the codec's name.
class ArgumentError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

std::string type_of(const Napi::Value& value) {
  switch (value.Type()) {
    case napi_undefined:
      return "undefined";
    case napi_null:
      return "null";
    case napi_boolean:
      return "a boolean";
    case napi_number:
      return "a number";
    case napi_string:
      return "a string";
    case napi_object:
      return value.IsArray() ? "an array" : "an object";
    default:
      return "a " + std::string(value.Type() == napi_function ? "function" : "value of another type");
  }
}

template <typename Array>
Array typed_argument(const Napi::Value& value, napi_typedarray_type type, const std::string& what) {
  if (!is_typed_array(value, type)) throw ArgumentError(what + ", not " + type_of(value));
  return value.As<Array>();
}

std::span<const std::uint8_t> bytes_argument(const Napi::Value& value) {
  const auto array = typed_argument<Napi::Uint8Array>(value, napi_uint8_array, "decode expects a Uint8Array");
  return {array.Data(), array.ElementLength()};
}

// The sentinel's bytes over a reused output buffer: an unknown tag for the
// tagged reader, invalid UTF-8 for JSON.parse's TextDecoder.
void poison_bytes(std::span<std::uint8_t> buffer) {
  for (std::size_t i = 0; i < buffer.size(); ++i)
    buffer[i] = static_cast<std::uint8_t>(kSentinelNanBits >> (8 * (i % 8)));
}

// The rules of the scratch tagged form of a JS value. Its UTF-8 is checked
// on the way in (embind's and Node-API's strings are UTF-8, lone surrogates
// refused by the walk), and a JS object holds no key twice. JSON text's are
// text_to_tagged's (js_rules.h).
constexpr documents::DecodeRules kValueRules{.check_utf8 = false,
                                             .repeated_keys = documents::RepeatedKeys::kKeepLast};

class DocumentCodecState {
 public:
  explicit DocumentCodecState(std::unique_ptr<documents::DocumentCodec> codec)
      : codec_(std::move(codec)), name_(codec_->name()) {}

  const std::string& name() const { return name_; }
  const documents::DocumentCodec& codec() const { return *codec_; }

  Napi::Value set_buffers(const Napi::CallbackInfo& call) {
    auto input = typed_argument<Napi::Uint8Array>(call[0], napi_uint8_array,
                                                  "setBuffers: the input buffer must be a Uint8Array");
    auto output = typed_argument<Napi::Uint8Array>(call[1], napi_uint8_array,
                                                   "setBuffers: the output buffer must be a Uint8Array");
    auto timings = typed_argument<Napi::Float64Array>(call[2], napi_float64_array,
                                                      "setBuffers: the timings must be a Float64Array");
    if (timings.ElementLength() < 3) throw ArgumentError("setBuffers: the timings need 3 elements");
    input_ref_ = Napi::Persistent(input);
    output_ref_ = Napi::Persistent(output);
    timings_ref_ = Napi::Persistent(timings);
    input_ = {input.Data(), input.ElementLength()};
    output_ = {output.Data(), output.ElementLength()};
    timings_ = timings.Data();
    return call.Env().Undefined();
  }

  // ---- strategy object ----
  Napi::Value encode_object(const Napi::CallbackInfo& call) {
    begin();
    const double start = now_ms();
    const Js js(call.Env());
    documents::TaggedSink sink(scratch_, kValueRules);
    read_js(call[0], sink, nullptr, 0, js);
    sink.finish();
    marshal_ms_ = now_ms() - start;
    return encode(call.Env(), scratch_, /*scratch=*/true);
  }

  Napi::Value decode_object(const Napi::CallbackInfo& call) {
    begin();
    decode_argument(call, scratch_);
    const double marshal_start = now_ms();
    JsBuilder builder(call.Env());
    documents::TaggedSource(scratch_, documents::RepeatedKeys::kKeepLast, /*check_utf8=*/false)
        .drive(builder);
    marshal_ms_ = now_ms() - marshal_start;
    report();
    return Napi::Value(call.Env(), builder.result);
  }

  // ---- strategy text ----
  Napi::Value encode_text(const Napi::CallbackInfo& call) {
    begin();
    const std::span<const std::uint8_t> text = written_input(call[0]);
    const double start = now_ms();
    text_to_tagged(text, scratch_);
    marshal_ms_ = now_ms() - start;
    return encode(call.Env(), scratch_, /*scratch=*/true);
  }

  Napi::Value decode_text(const Napi::CallbackInfo& call) {
    begin();
    decode_argument(call, scratch_);
    const double start = now_ms();
    // The writer refuses NaN and Infinity; the tagged form holds no integer
    // beyond 2^53.
    text_out_.clear();
    json_text::TextWriter<std::string> writer(text_out_);
    documents::TaggedSource(scratch_, documents::RepeatedKeys::kKeepLast, /*check_utf8=*/false).drive(writer);
    const Napi::Value result =
        output(call.Env(), {reinterpret_cast<const std::uint8_t*>(text_out_.data()), text_out_.size()});
    marshal_ms_ = now_ms() - start;
    report();
    return result;
  }

  // ---- strategy tagged ----
  Napi::Value encode_tagged(const Napi::CallbackInfo& call) {
    begin();
    return encode(call.Env(), written_input(call[0]));
  }

  Napi::Value decode_tagged(const Napi::CallbackInfo& call) {
    begin();
    decode_argument(call, tagged_out_);
    // Marshalling: only the copy into JS's output buffer.
    const double start = now_ms();
    const Napi::Value result = output(call.Env(), tagged_out_);
    marshal_ms_ = now_ms() - start;
    report();
    return result;
  }

  // The output buffers become the sentinel's bytes: a decoder that skipped
  // its work leaves something that fails verification.
  void poison_outputs() {
    poison_bytes(tagged_out_);
    poison_bytes(scratch_);
    poison_bytes({reinterpret_cast<std::uint8_t*>(text_out_.data()), text_out_.size()});
    poison_bytes(output_);
  }

  void release_buffers() {
    Bytes().swap(encoded_);
    Bytes().swap(tagged_out_);
    Bytes().swap(scratch_);
    std::string().swap(text_out_);
  }

 private:
  void begin() { codec_ms_ = marshal_ms_ = bytes_ms_ = 0; }

  // The call's timings, into the registered array (when there is one).
  void report() const {
    if (timings_ == nullptr) return;
    timings_[0] = codec_ms_;
    timings_[1] = marshal_ms_;
    timings_[2] = bytes_ms_;
  }

  // The codec phase of every strategy: the tagged form to the format... The
  // scratch form, which a TaggedSink wrote from a JS value or
  // JSON.stringify's text, has had its UTF-8 and keys checked on the way in;
  // JS's tagged bytes have not.
  Napi::Value encode(Napi::Env env, std::span<const std::uint8_t> tagged, bool scratch = false) {
    const double start = now_ms();
    documents::TaggedSource source(
        tagged, scratch ? documents::RepeatedKeys::kKeepLast : documents::RepeatedKeys::kRefuse,
        /*check_utf8=*/!scratch);
    const Status status =
        scratch ? codec_->encode(source, encoded_) : codec_->encode_tagged(tagged, encoded_);
    codec_ms_ = now_ms() - start;
    if (!status) throw Napi::Error::New(env, status.message());
    const double copy_start = now_ms();
    Napi::Value result = copy_to_js(env, encoded_);
    bytes_ms_ = now_ms() - copy_start;
    report();
    return result;
  }

  // ... and back, the bytes argument into `tagged`.
  void decode_argument(const Napi::CallbackInfo& call, Bytes& tagged) {
    const double start = now_ms();
    const std::span<const std::uint8_t> bytes = bytes_argument(call[0]);
    bytes_ms_ = now_ms() - start;
    const double codec_start = now_ms();
    const Status status = codec_->decode_tagged(bytes, tagged);
    codec_ms_ = now_ms() - codec_start;
    if (!status) throw Napi::Error::New(call.Env(), status.message());
  }

  // The first `length` bytes of the input buffer.
  std::span<const std::uint8_t> written_input(const Napi::Value& length) const {
    if (input_ref_.IsEmpty()) throw ArgumentError("no input buffer (call setBuffers first)");
    std::size_t size = 0;
    if (length_within(length, input_.size(), size)) return input_.first(size);
    throw ArgumentError("the input length (" + type_of(length) + ") exceeds the input buffer (" +
                        std::to_string(input_.size()) + " bytes)");
  }

  // `bytes` in the output buffer: their length; a copy when they do not fit.
  Napi::Value output(Napi::Env env, std::span<const std::uint8_t> bytes) {
    return output_or_copy(env, !output_ref_.IsEmpty(), output_, bytes);
  }

  std::unique_ptr<documents::DocumentCodec> codec_;
  std::string name_;
  Bytes encoded_;
  Bytes tagged_out_;
  Bytes scratch_;  // the tagged form between object or text and the codec
  std::string text_out_;
  Napi::Reference<Napi::Uint8Array> input_ref_;
  Napi::Reference<Napi::Uint8Array> output_ref_;
  Napi::Reference<Napi::Float64Array> timings_ref_;
  std::span<std::uint8_t> input_;
  std::span<std::uint8_t> output_;
  double* timings_ = nullptr;
  double codec_ms_ = 0;
  double marshal_ms_ = 0;
  double bytes_ms_ = 0;
};

Napi::Value documents_codecs(const Napi::CallbackInfo& call) {
  return string_array(call.Env(), document_codec_names());
}

Napi::Value create_document_codec(const Napi::CallbackInfo& call) {
  const Napi::Env env = call.Env();
  if (call[0].Type() != napi_string)
    throw Napi::TypeError::New(env, "createDocumentCodec expects a codec name, not " + type_of(call[0]));
  const std::string name = call[0].As<Napi::String>().Utf8Value();
  std::unique_ptr<documents::DocumentCodec> codec = make_document_codec(name);
  if (!codec) throw codec_error(env, name, "no document codec of this name in the addon");
  auto state = std::make_shared<DocumentCodecState>(std::move(codec));

  Napi::Object object = Napi::Object::New(env);
  object.Set("name", state->name());
  object.Set("libraryVersion", state->codec().library_version());
  object.Set("format", std::string(state->codec().format()));
  object.Set("keyOrder", state->codec().keeps_key_order());
  object.Set("setBuffers", method_function(env, state, "setBuffers", &DocumentCodecState::set_buffers));
  object.Set("encodeObject", method_function(env, state, "encodeObject", &DocumentCodecState::encode_object));
  object.Set("decodeObject", method_function(env, state, "decodeObject", &DocumentCodecState::decode_object));
  object.Set("encodeText", method_function(env, state, "encodeText", &DocumentCodecState::encode_text));
  object.Set("decodeText", method_function(env, state, "decodeText", &DocumentCodecState::decode_text));
  object.Set("encodeTagged", method_function(env, state, "encodeTagged", &DocumentCodecState::encode_tagged));
  object.Set("decodeTagged", method_function(env, state, "decodeTagged", &DocumentCodecState::decode_tagged));
  object.Set("poisonOutputs",
             void_function(env, state, "poisonOutputs", &DocumentCodecState::poison_outputs));
  object.Set("releaseBuffers",
             void_function(env, state, "releaseBuffers", &DocumentCodecState::release_buffers));
  return object;
}

}  // namespace

void add_documents_exports(Napi::Env env, Napi::Object exports) {
  exports.Set("documentsCodecs", Napi::Function::New(env, documents_codecs, "documentsCodecs"));
  exports.Set("createDocumentCodec", Napi::Function::New(env, create_document_codec, "createDocumentCodec"));
}

}  // namespace wcb::addon
