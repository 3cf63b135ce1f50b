// The embind bindings of the messages workload: one record per call
// (workloads/messages/messages.h), through three strategies
// (docs/design.md#strategies):
//   val     C++ reads the JS record field by field with emscripten::val,
//           checking every type (JS gives no guarantee), and builds the
//           decoded record with val::object(). Every record.
//   embind  value_object registrations of the records embind maps to plain
//           JS objects by itself: bool, int, double, string, nested,
//           object1, object2, object3. embind
//           cannot produce a plain array, a Date or a Uint8Array from a
//           value_object, so array, record and binary are not offered. embind
//           does not check types either (2**31 wraps to an int32, NaN becomes
//           0): the JS wrapper checks the record before the call.
//   tagged  JS walks the record once and writes its tagged form
//           (tagged_record.h) into a heap buffer; C++ reads it into the
//           Message, checking every field against the record's schema.
//           Decode writes the decoded Message's tagged form for JS to read.
//           Every record. JS copies the bytes to decode into the same buffer.
// All return encodings as a view of the module's encoding buffer (JS copies
// it at once) and null on failure, with the error in lastCall(). The module's
// codec is the one entry of the registry it links (core/registry.h); the
// exports every module has, and the error contract, are in src/wasm/module.h.
//
// Floors, for the boundary's share of a call: the same call with the codec
// left out. The encode floor marshals the JS record in (JS -> Message) and
// hands back a view of bytes prepared beforehand (JS copies them out as it
// copies an encoding); the decode floor copies the JS bytes in and marshals
// out (Message -> JS record) a message decoded beforehand. prepareMessageFloor
// prepares both from one encoding, outside any timing.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "wasm/module.h"
#include "workloads/messages/js_records.h"
#include "workloads/messages/message_codec.h"
#include "workloads/messages/messages.h"
#include "workloads/messages/registry.h"
#include "workloads/messages/tagged_record_reader.h"
#include "workloads/messages/tagged_record_writer.h"

namespace wcb::wasm {

namespace {

using emscripten::val;
using records::checked_kind;
using records::hold;
using records::js;
using records::read_record;
using records::record_to_js;

namespace msg = wcb::messages;

// The module's codec, its reused messages and buffers, and the outcome of
// the last call.
struct MessageState : CallOutcome, msg::records::ReusedMessages {
  std::unique_ptr<msg::MessageCodec> codec = message_codec_registry().front().make();
  std::string name{codec->name()};
  Bytes encoded;
  ByteBuffer bytes_in;
  // Strategy tagged: the buffer JS writes a record's tagged form (or the
  // bytes to decode) into, grown on JS's request; and the tagged form of a
  // decoded message, which JS reads through a view.
  Bytes tagged_in;
  Bytes tagged_out;
};

MessageState& message_state() {
  static MessageState instance;
  return instance;
}

// Runs one export's body (module.h's guard): a failure names the codec.
template <typename Result, typename Body>
Result guarded_message(Result failed, Body&& body) {
  MessageState& ms = message_state();
  ms.begin();
  return guard(ms, ms.name, failed, [&] { return body(ms); });
}

// guarded_message for a record of the JS kind index `kind`.
template <typename Result, typename Body>
Result guarded_kind(int kind, Result failed, Body&& body) {
  return guarded_message(failed, [&](MessageState& ms) { return body(ms, checked_kind(kind)); });
}

// Encodes `message`; a view of the encoding, or null with the Status recorded.
val encode_message(MessageState& ms, const msg::Message& message) {
  const Status status = ms.codec->encode(message, ms.encoded);
  if (!status) {
    ms.fail(status);
    return val::null();
  }
  return val(emscripten::typed_memory_view(ms.encoded.size(), ms.encoded.data()));
}

// Decodes `bytes` into `out`; false with the Status recorded.
bool decode_into(MessageState& ms, msg::Kind kind, std::span<const std::uint8_t> bytes, msg::Message& out) {
  const Status status = ms.codec->decode(kind, bytes, out);
  if (!status) ms.fail(status);
  return status.ok();
}

// Copies a JS Uint8Array into ms.bytes_in.
std::span<const std::uint8_t> copy_in(MessageState& ms, const val& bytes) {
  const std::size_t length = bytes[js().length].as<std::size_t>();
  std::uint8_t* target = ms.bytes_in.prepare(length);
  if (length > 0) val(emscripten::typed_memory_view(length, target)).call<void>("set", bytes);
  return ms.bytes_in.bytes();
}

// ---- messages, strategy val ----

// record: a JS record of `kind`. A view of the encoding, or null on failure.
val encode_message_val(int kind, val record) {
  return guarded_kind(kind, val::null(), [&](MessageState& ms, msg::Kind checked) {
    read_record(checked, record, ms.input(checked));
    return encode_message(ms, ms.input(checked));
  });
}

// bytes: a Uint8Array. The decoded JS record, or null on failure.
val decode_message_val(int kind, val bytes) {
  return guarded_kind(kind, val::null(), [&](MessageState& ms, msg::Kind checked) {
    msg::Message& out = ms.output(checked);
    if (!decode_into(ms, checked, copy_in(ms, bytes), out)) return val::null();
    return record_to_js(out);
  });
}

// A view of the prepared encoding of `kind`: what the encode floors return.
val floor_view(MessageState& ms, msg::Kind kind) {
  const Bytes& bytes = ms.floor_encoding(kind);
  return val(emscripten::typed_memory_view(bytes.size(), bytes.data()));
}

// Encode floor: encode_message_val without the codec. Null on failure.
val encode_message_floor_val(int kind, val record) {
  return guarded_kind(kind, val::null(), [&](MessageState& ms, msg::Kind checked) {
    read_record(checked, record, ms.input(checked));
    return floor_view(ms, checked);
  });
}

// Decode floor: decode_message_val without the codec (the bytes are copied
// in, the prepared message is marshalled out). Null on failure.
val decode_message_floor_val(int kind, val bytes) {
  return guarded_kind(kind, val::null(), [&](MessageState& ms, msg::Kind checked) {
    copy_in(ms, bytes);
    return record_to_js(ms.floor(checked));
  });
}

// Decodes `bytes` once into the floors' message of `kind` and keeps the
// bytes as the floors' encoding (outside any timing). False on failure.
bool prepare_message_floor(int kind, val bytes) {
  return guarded_kind(kind, false, [&](MessageState& ms, msg::Kind checked) {
    const std::span<const std::uint8_t> copied = copy_in(ms, bytes);
    if (!decode_into(ms, checked, copied, ms.floor(checked))) return false;
    ms.floor_encoding(checked).assign(copied.begin(), copied.end());
    return true;
  });
}

// ---- messages, strategy tagged ----

// The tagged input buffer with room for at least `capacity` bytes, its first
// `keep` bytes kept. Its address, which stays valid until a call asks for
// more room; 0 on failure. JS re-reads its heap view after the call: growing
// the buffer may grow the memory, which detaches it.
std::uintptr_t message_input_buffer(std::size_t capacity, std::size_t keep) {
  return guarded_message(std::uintptr_t{0}, [&](MessageState& ms) {
    if (capacity > ms.tagged_in.size()) {
      // A vector keeps its bytes when it grows; `keep` says how many matter.
      if (keep < ms.tagged_in.size()) ms.tagged_in.resize(keep);
      ms.tagged_in.resize(capacity);
    }
    return reinterpret_cast<std::uintptr_t>(ms.tagged_in.data());
  });
}

// The first `length` bytes of the tagged input buffer; throws past its end.
std::span<const std::uint8_t> tagged_input(const MessageState& ms, std::size_t length) {
  if (length > ms.tagged_in.size()) throw std::out_of_range("the input length exceeds the input buffer");
  return {ms.tagged_in.data(), length};
}

// A view of the tagged form of `message`, written into ms.tagged_out.
val tagged_output(MessageState& ms, const msg::Message& message) {
  tagged::write_tagged_record(message, ms.tagged_out);
  return val(emscripten::typed_memory_view(ms.tagged_out.size(), ms.tagged_out.data()));
}

// The tagged form of a record of `kind` is in the first `length` bytes of
// the input buffer. A view of the encoding, or null on failure.
val encode_message_tagged(int kind, std::size_t length) {
  return guarded_kind(kind, val::null(), [&](MessageState& ms, msg::Kind checked) {
    tagged::read_tagged_record(checked, tagged_input(ms, length), ms.input(checked));
    return encode_message(ms, ms.input(checked));
  });
}

// The bytes of a record of `kind` are in the first `length` bytes of the
// input buffer. A view of the decoded record's tagged form, or null on
// failure.
val decode_message_tagged(int kind, std::size_t length) {
  return guarded_kind(kind, val::null(), [&](MessageState& ms, msg::Kind checked) {
    msg::Message& out = ms.output(checked);
    if (!decode_into(ms, checked, tagged_input(ms, length), out)) return val::null();
    return tagged_output(ms, out);
  });
}

// Encode floor: encode_message_tagged without the codec. Null on failure.
val encode_message_floor_tagged(int kind, std::size_t length) {
  return guarded_kind(kind, val::null(), [&](MessageState& ms, msg::Kind checked) {
    tagged::read_tagged_record(checked, tagged_input(ms, length), ms.input(checked));
    return floor_view(ms, checked);
  });
}

// Decode floor: decode_message_tagged without the codec (JS has copied the
// bytes in; the prepared message's tagged form is written out). Null on
// failure.
val decode_message_floor_tagged(int kind, std::size_t length) {
  return guarded_kind(kind, val::null(), [&](MessageState& ms, msg::Kind checked) {
    tagged_input(ms, length);
    return tagged_output(ms, ms.floor(checked));
  });
}

// ---- messages, strategy embind (value_object records only) ----

template <typename T, std::size_t I = 0>
constexpr msg::Kind kind_of_type() {
  if constexpr (std::is_same_v<std::variant_alternative_t<I, msg::Message>, T>) {
    return static_cast<msg::Kind>(I);
  } else {
    return kind_of_type<T, I + 1>();
  }
}

// message: converted from the JS record by embind. A view of the encoding,
// or null on failure.
template <typename T>
val encode_message_embind(const T& message) {
  return guarded_message(val::null(), [&](MessageState& ms) {
    msg::Message& input = ms.input(kind_of_type<T>());
    hold<T>(input) = message;
    return encode_message(ms, input);
  });
}

// bytes: a Uint8Array (embind copies it into a std::string). The record
// converted to JS by embind, or null on failure (a value_object cannot be
// null, so it is returned through a val).
template <typename T>
val decode_message_embind(const std::string& bytes) {
  return guarded_message(val::null(), [&](MessageState& ms) {
    constexpr msg::Kind kind = kind_of_type<T>();
    msg::Message& out = ms.output(kind);
    const std::span<const std::uint8_t> view(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                             bytes.size());
    if (!decode_into(ms, kind, view, out)) return val::null();
    return val(std::get<T>(out));
  });
}

template <typename T>
val encode_message_floor_embind(const T& message) {
  return guarded_message(val::null(), [&](MessageState& ms) {
    hold<T>(ms.input(kind_of_type<T>())) = message;
    return floor_view(ms, kind_of_type<T>());
  });
}

// bytes: copied in by embind, as in decode_message_embind, then unused.
template <typename T>
val decode_message_floor_embind(const std::string& /*bytes*/) {
  return guarded_message(val::null(),
                         [&](MessageState& ms) { return val(std::get<T>(ms.floor(kind_of_type<T>()))); });
}

}  // namespace

// ---- module.h's hooks ----

CallOutcome& outcome() { return message_state(); }
std::string codec_name() { return message_state().name; }
std::string library_version() { return message_state().codec->library_version(); }
// Records are small: the buffers a call keeps stay.
void release_buffers() {}

// ReusedMessages::poison_outputs.
void poison_outputs() { message_state().poison_outputs(); }

// Exported names per embind record: encodeBoolEmbind, decodeBoolEmbind,
// encodeBoolFloorEmbind, decodeBoolFloorEmbind, and so on.
template <typename T>
void register_embind_record(const std::string& name) {
  using emscripten::function;
  function(("encode" + name + "Embind").c_str(), &encode_message_embind<T>);
  function(("decode" + name + "Embind").c_str(), &decode_message_embind<T>);
  function(("encode" + name + "FloorEmbind").c_str(), &encode_message_floor_embind<T>);
  function(("decode" + name + "FloorEmbind").c_str(), &decode_message_floor_embind<T>);
}

EMSCRIPTEN_BINDINGS(wcb_messages) {
  using namespace emscripten;

  function("messageKindNames", &msg::records::kind_names_text);
  function("messageLibraryVersion", &library_version);

  function("encodeMessageVal", &encode_message_val);
  function("decodeMessageVal", &decode_message_val);
  function("encodeMessageFloorVal", &encode_message_floor_val);
  function("decodeMessageFloorVal", &decode_message_floor_val);
  function("prepareMessageFloor", &prepare_message_floor);

  function("messageInputBuffer", &message_input_buffer);
  function("encodeMessageTagged", &encode_message_tagged);
  function("decodeMessageTagged", &decode_message_tagged);
  function("encodeMessageFloorTagged", &encode_message_floor_tagged);
  function("decodeMessageFloorTagged", &decode_message_floor_tagged);

  value_object<msg::BoolMessage>("BoolMessage").field("value", &msg::BoolMessage::value);
  value_object<msg::IntMessage>("IntMessage").field("value", &msg::IntMessage::value);
  value_object<msg::DoubleMessage>("DoubleMessage").field("value", &msg::DoubleMessage::value);
  value_object<msg::StringMessage>("StringMessage").field("value", &msg::StringMessage::value);
  value_object<msg::Level3>("Level3")
      .field("flag", &msg::Level3::flag)
      .field("count", &msg::Level3::count)
      .field("label", &msg::Level3::label);
  value_object<msg::Level2>("Level2").field("level3", &msg::Level2::level3);
  value_object<msg::Level1>("Level1").field("level2", &msg::Level1::level2);
  value_object<msg::NestedMessage>("NestedMessage").field("value", &msg::NestedMessage::value);
  value_object<msg::Object1Message>("Object1Message")
      .field("foo", &msg::Object1Message::foo)
      .field("thisIs", &msg::Object1Message::this_is)
      .field("another", &msg::Object1Message::another);
  value_object<msg::Object2Message>("Object2Message")
      .field("foo", &msg::Object2Message::foo)
      .field("thisIs", &msg::Object2Message::this_is)
      .field("another", &msg::Object2Message::another)
      .field("sub", &msg::Object2Message::sub);
  value_object<msg::Object3Message>("Object3Message")
      .field("foo", &msg::Object3Message::foo)
      .field("thisIs", &msg::Object3Message::this_is)
      .field("another", &msg::Object3Message::another)
      .field("sub", &msg::Object3Message::sub);

  register_embind_record<msg::BoolMessage>("Bool");
  register_embind_record<msg::IntMessage>("Int");
  register_embind_record<msg::DoubleMessage>("Double");
  register_embind_record<msg::StringMessage>("String");
  register_embind_record<msg::NestedMessage>("Nested");
  register_embind_record<msg::Object1Message>("Object1");
  register_embind_record<msg::Object2Message>("Object2");
  register_embind_record<msg::Object3Message>("Object3");
}

}  // namespace wcb::wasm
