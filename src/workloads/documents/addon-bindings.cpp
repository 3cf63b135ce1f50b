// The Node-API bindings of the documents workload (src/addon): every
// document codec of the build behind Node-API, one payload per call, through
// the counterparts of the wasm strategies (bindings.cpp):
//   object  C++ walks the JS value through Node-API into a scratch tagged
//           form and builds the decoded JS value from the decoded tagged
//           form with napi_create_object and friends (napi_values.h): the
//           counterpart of `val`.
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

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>

#include "addon/addon.h"
#include "addon/bindings_support.h"
#include "core/clock.h"
#include "workloads/documents/js_rules.h"
#include "workloads/documents/napi_values.h"
#include "workloads/documents/registry.h"
#include "workloads/documents/tagged.h"

namespace wcb::addon {

namespace {

using namespace documents::js;  // NOLINT(google-build-using-namespace): the rules of js_rules.h

// An argument check's failure ("decode expects a Uint8Array, ..."): guarded()
// prefixes the codec's name.
class ArgumentError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

template <typename Array>
Array typed_argument(const Napi::Value& value, napi_typedarray_type type, const std::string& what) {
  if (!is_typed_array(value, type)) throw ArgumentError(what + ", not " + describe(value));
  return value.As<Array>();
}

std::span<const std::uint8_t> bytes_argument(const Napi::Value& value) {
  const auto array = typed_argument<Napi::Uint8Array>(value, napi_uint8_array, "decode expects a Uint8Array");
  return {array.Data(), array.ElementLength()};
}

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
    drive_scratch(scratch_, builder);
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
    tagged_to_text(scratch_, text_out_);
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
    poison_bytes(text_out_);
    poison_bytes(output_);
  }

  void release_buffers() {
    Bytes().swap(encoded_);
    documents::TaggedBytes().swap(tagged_out_);
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

  // The codec phase of every strategy (encode_tagged_form)...
  Napi::Value encode(Napi::Env env, std::span<const std::uint8_t> tagged, bool scratch = false) {
    const double start = now_ms();
    const Status status = encode_tagged_form(*codec_, tagged, scratch, encoded_);
    codec_ms_ = now_ms() - start;
    if (!status) throw Napi::Error::New(env, status.message());
    const double copy_start = now_ms();
    Napi::Value result = copy_to_js(env, encoded_);
    bytes_ms_ = now_ms() - copy_start;
    report();
    return result;
  }

  // ... and back, the bytes argument into `tagged` (a Bytes or a TaggedBytes).
  template <typename Buffer>
  void decode_argument(const Napi::CallbackInfo& call, Buffer& tagged) {
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
    throw ArgumentError("the input length (" + describe(length) + ") exceeds the input buffer (" +
                        std::to_string(input_.size()) + " bytes)");
  }

  // `bytes` in the output buffer: their length; a copy when they do not fit.
  Napi::Value output(Napi::Env env, std::span<const std::uint8_t> bytes) {
    return output_or_copy(env, !output_ref_.IsEmpty(), output_, bytes);
  }

  std::unique_ptr<documents::DocumentCodec> codec_;
  std::string name_;
  Bytes encoded_;
  documents::TaggedBytes tagged_out_;
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
    throw Napi::TypeError::New(env, "createDocumentCodec expects a codec name, not " + describe(call[0]));
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
