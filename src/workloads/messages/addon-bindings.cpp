// The Node-API bindings of the messages workload (src/addon): every message
// codec of the build behind Node-API, one small record per call, through two
// strategies, the counterparts of the wasm ones (bindings.cpp):
//   object  C++ reads the JS record field by field through Node-API
//           (napi_get_property, napi_typeof, ...), checking every type, and
//           builds the decoded record with napi_create_object and friends
//           (napi_records.h): the counterpart of `val`.
//   tagged  JS writes the record's tagged form (tagged_record.h) into an
//           ArrayBuffer it registered once (setBuffers), C++ reads it in
//           place; decode writes the decoded record's tagged form into the
//           registered output buffer and returns its length.
// Decode reads the JS Uint8Array's bytes in place (an addon sees JS memory;
// wasm has to copy them into its heap first). Encode returns a new
// Uint8Array holding a copy of the encoding, as the wasm JS half copies its
// view out.
//
// Floors: the same calls with the codec left out (prepareFloor prepares
// their bytes and message from one encoding, untimed), and emptyCall, a
// function with no arguments and no work: the per-call floor of Node-API.
//
//   addon.messagesCodecs()             // ['json', 'msgpack', ...]
//   const c = addon.createMessageCodec('msgpack');
//   c.encodeObject(kind, record)       // Uint8Array
//   c.decodeObject(kind, bytes)        // a plain record
//   c.setBuffers(input, output)        // Uint8Arrays JS owns (tagged)
//   c.encodeTagged(kind, length)       // Uint8Array
//   c.decodeTagged(kind, bytes)        // a length in `output`, or a Uint8Array
//                                      // copy when `output` is too small
//   ...Floor variants, prepareFloor(kind, bytes), poisonOutputs(), emptyCall()
// Errors are JS Errors "<codec>: <problem>" (addon.h), worded as the wasm
// module's: 'msgpack: record: field "createdAt": expected a Date, got a string'.
#include <napi.h>

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "addon/addon.h"
#include "addon/bindings_support.h"
#include "core/status.h"
#include "workloads/messages/message_codec.h"
#include "workloads/messages/messages.h"
#include "workloads/messages/napi_records.h"
#include "workloads/messages/registry.h"
#include "workloads/messages/tagged_record_reader.h"
#include "workloads/messages/tagged_record_writer.h"

namespace wcb::addon {

namespace {

// One codec's state: its reused messages and buffers, the JS buffers of the
// tagged strategy.
class MessageCodecState : msg::records::ReusedMessages {
 public:
  MessageCodecState(Napi::Env env, std::unique_ptr<msg::MessageCodec> codec)
      : codec_(std::move(codec)), name_(codec_->name()), keys_(env) {}

  const std::string& name() const { return name_; }
  std::string library_version() const { return codec_->library_version(); }

  // ---- strategy object ----
  Napi::Value encode_object(const Napi::CallbackInfo& call) {
    CallKeys k(keys_);
    const msg::Kind kind = checked_kind(call[0]);
    read_record(kind, call[1], input(kind), k);
    return encode(call.Env(), input(kind));
  }
  Napi::Value decode_object(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    const std::span<const std::uint8_t> bytes = bytes_argument(call[1]);
    msg::Message& out = output(kind);
    decode(call.Env(), kind, bytes, out);
    CallKeys k(keys_);
    return record_to_js(call.Env(), out, k);
  }
  Napi::Value encode_floor_object(const Napi::CallbackInfo& call) {
    CallKeys k(keys_);
    const msg::Kind kind = checked_kind(call[0]);
    read_record(kind, call[1], input(kind), k);
    return copy_to_js(call.Env(), floor_encoding(kind));
  }
  Napi::Value decode_floor_object(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    bytes_argument(call[1]);
    CallKeys k(keys_);
    return record_to_js(call.Env(), floor(kind), k);
  }

  // Decodes the bytes once into the floors' message of `kind` and keeps them
  // as the floors' encoding (untimed).
  Napi::Value prepare_floor(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    const std::span<const std::uint8_t> bytes = bytes_argument(call[1]);
    decode(call.Env(), kind, bytes, floor(kind));
    floor_encoding(kind).assign(bytes.begin(), bytes.end());
    return call.Env().Undefined();
  }

  // ---- strategy tagged ----

  // input: where JS writes a record's tagged form; output: where decode
  // writes one. Both stay referenced (and in place) until the next call.
  Napi::Value set_buffers(const Napi::CallbackInfo& call) {
    auto uint8 = [](const Napi::Value& value, const char* which) {
      if (!is_typed_array(value, napi_uint8_array))
        throw MarshalError(std::string("setBuffers: the ") + which + " buffer must be a Uint8Array, not " +
                           describe(value));
      return value.As<Napi::Uint8Array>();
    };
    Napi::Uint8Array input = uint8(call[0], "input");
    Napi::Uint8Array output = uint8(call[1], "output");
    input_ref_ = Napi::Persistent(input);
    output_ref_ = Napi::Persistent(output);
    input_ = {input.Data(), input.ElementLength()};
    output_ = {output.Data(), output.ElementLength()};
    return call.Env().Undefined();
  }

  Napi::Value encode_tagged(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    wasm::tagged::read_tagged_record(kind, tagged_input(call[1]), input(kind));
    return encode(call.Env(), input(kind));
  }
  Napi::Value decode_tagged(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    const std::span<const std::uint8_t> bytes = bytes_argument(call[1]);
    msg::Message& out = output(kind);
    decode(call.Env(), kind, bytes, out);
    return tagged_output(call.Env(), out);
  }
  Napi::Value encode_floor_tagged(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    wasm::tagged::read_tagged_record(kind, tagged_input(call[1]), input(kind));
    return copy_to_js(call.Env(), floor_encoding(kind));
  }
  Napi::Value decode_floor_tagged(const Napi::CallbackInfo& call) {
    const msg::Kind kind = checked_kind(call[0]);
    bytes_argument(call[1]);
    return tagged_output(call.Env(), floor(kind));
  }

  void poison_outputs() { ReusedMessages::poison_outputs(); }

 private:
  Napi::Value encode(Napi::Env env, const msg::Message& message) {
    const Status status = codec_->encode(message, encoded_);
    if (!status) throw Napi::Error::New(env, status.message());
    return copy_to_js(env, encoded_);
  }

  void decode(Napi::Env env, msg::Kind kind, std::span<const std::uint8_t> bytes, msg::Message& out) {
    const Status status = codec_->decode(kind, bytes, out);
    // The Status names the codec already.
    if (!status) throw Napi::Error::New(env, status.message());
  }

  std::span<const std::uint8_t> tagged_input(const Napi::Value& length) const {
    if (input_ref_.IsEmpty()) throw MarshalError("no tagged buffers (call setBuffers first)");
    return input_.first(length_argument(length, input_.size()));
  }

  // The tagged form of `message` in the output buffer: its length; a copy in
  // a new Uint8Array when it does not fit (JS then registers a larger one).
  Napi::Value tagged_output(Napi::Env env, const msg::Message& message) {
    wasm::tagged::write_tagged_record(message, tagged_out_);
    return output_or_copy(env, !output_ref_.IsEmpty(), output_, tagged_out_);
  }

  std::unique_ptr<msg::MessageCodec> codec_;
  std::string name_;
  Keys keys_;
  Bytes encoded_;
  Napi::Reference<Napi::Uint8Array> input_ref_;
  Napi::Reference<Napi::Uint8Array> output_ref_;
  std::span<std::uint8_t> input_;
  std::span<std::uint8_t> output_;
  Bytes tagged_out_;
};

Napi::Value messages_codecs(const Napi::CallbackInfo& call) {
  return string_array(call.Env(), message_codec_names());
}

Napi::Value create_message_codec(const Napi::CallbackInfo& call) {
  const Napi::Env env = call.Env();
  if (call[0].Type() != napi_string) {
    throw Napi::TypeError::New(env, "createMessageCodec expects a codec name, not " + describe(call[0]));
  }
  const std::string name = call[0].As<Napi::String>().Utf8Value();
  std::unique_ptr<msg::MessageCodec> codec = make_message_codec(name);
  if (!codec) throw codec_error(env, name, "no message codec of this name in the addon");
  auto state = std::make_shared<MessageCodecState>(env, std::move(codec));

  Napi::Object object = Napi::Object::New(env);
  object.Set("name", state->name());
  object.Set("libraryVersion", state->library_version());
  object.Set("kindNames", msg::records::kind_names_text());
  object.Set("encodeObject", method_function(env, state, "encodeObject", &MessageCodecState::encode_object));
  object.Set("decodeObject", method_function(env, state, "decodeObject", &MessageCodecState::decode_object));
  object.Set("encodeFloorObject",
             method_function(env, state, "encodeFloorObject", &MessageCodecState::encode_floor_object));
  object.Set("decodeFloorObject",
             method_function(env, state, "decodeFloorObject", &MessageCodecState::decode_floor_object));
  object.Set("prepareFloor", method_function(env, state, "prepareFloor", &MessageCodecState::prepare_floor));
  object.Set("setBuffers", method_function(env, state, "setBuffers", &MessageCodecState::set_buffers));
  object.Set("encodeTagged", method_function(env, state, "encodeTagged", &MessageCodecState::encode_tagged));
  object.Set("decodeTagged", method_function(env, state, "decodeTagged", &MessageCodecState::decode_tagged));
  object.Set("encodeFloorTagged",
             method_function(env, state, "encodeFloorTagged", &MessageCodecState::encode_floor_tagged));
  object.Set("decodeFloorTagged",
             method_function(env, state, "decodeFloorTagged", &MessageCodecState::decode_floor_tagged));
  object.Set("poisonOutputs", void_function(env, state, "poisonOutputs", &MessageCodecState::poison_outputs));
  // The per-call floor: a Node-API function with no arguments and no work.
  object.Set("emptyCall",
             Napi::Function::New(
                 env, [](const Napi::CallbackInfo& info) { return info.Env().Undefined(); }, "emptyCall"));
  return object;
}

}  // namespace

void add_messages_exports(Napi::Env env, Napi::Object exports) {
  exports.Set("messagesCodecs", Napi::Function::New(env, messages_codecs, "messagesCodecs"));
  exports.Set("createMessageCodec", Napi::Function::New(env, create_message_codec, "createMessageCodec"));
}

}  // namespace wcb::addon
