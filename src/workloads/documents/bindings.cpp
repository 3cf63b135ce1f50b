// The embind bindings of the documents workload: one codec's encode (a JS
// value -> bytes) and decode (bytes -> a JS value) through three interop
// strategies (docs/documents.md#interop-strategies-wasm). No strategy builds
// a Document: every codec phase streams between the tagged form (tagged.h)
// and the format, exactly what the tagged strategy does, and each strategy
// adds its own marshalling to and from the tagged form:
//   tagged  JS writes the tagged form into the heap in one walk of its value
//           and the codec's writer reads it as events (encode_tagged); the
//           codec's reader writes the tagged form for JS to read
//           (decode_tagged). No C++ marshalling: the whole C++ time is
//           reported as codecMs and marshalMs is 0, so the JS side's phase
//           formula puts JS's own walk and reading in marshalInMs /
//           marshalOutMs and nothing else there.
//   text    JS writes the value's JSON text (UTF-8) into the heap; C++ reads
//           it as events into a scratch tagged form (marshalling: JSON text
//           has no counts, and the formats' writers want them), then the
//           codec writes from that. Decode writes JSON text from the decoded
//           tagged form for JS to JSON.parse.
//   val     C++ walks the JS value with emscripten::val into a scratch tagged
//           form, and builds the decoded JS value with val::object() /
//           val::array() from the decoded tagged form (js_values.h).
// src/workloads/documents/wasm-documents.mjs is the JS half. Each call
// records the codec's time and the time C++ spent converting between JS data
// and the tagged form (marshalMs) in lastCall(). Encodings come back as a
// view of the module's encoding buffer, decode outputs of text and tagged as
// a view of the module's output buffer: valid until the next call, JS reads
// or copies them at once. The exports every module has, and the error
// contract, are in src/wasm/module.h.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "wasm/module.h"
#include "workloads/documents/js_rules.h"
#include "workloads/documents/js_values.h"
#include "workloads/documents/registry.h"
#include "workloads/documents/tagged.h"

namespace wcb::wasm {

namespace {

using namespace documents::js;  // NOLINT(google-build-using-namespace): the rules of js_rules.h
using emscripten::val;

// The buffer JS writes the text and tagged strategies' input into. It grows
// on JS's request while JS is writing (JS cannot know the size before its
// walk), keeping what was written; unlike std::vector it does not zero what
// it allocates, since JS overwrites it.
class GrowableBuffer {
 public:
  std::uint8_t* reserve(std::size_t capacity, std::size_t keep) {
    if (capacity > capacity_) {
      std::unique_ptr<std::uint8_t[]> bigger(new std::uint8_t[capacity]);
      keep = std::min(keep, capacity_);
      if (keep > 0) std::memcpy(bigger.get(), data_.get(), keep);
      data_ = std::move(bigger);
      capacity_ = capacity;
    }
    return data_.get();
  }
  std::size_t capacity() const { return capacity_; }
  std::span<const std::uint8_t> first(std::size_t size) const { return {data_.get(), size}; }

 private:
  std::unique_ptr<std::uint8_t[]> data_;
  std::size_t capacity_ = 0;
};

struct State : CallOutcome {
  std::unique_ptr<documents::DocumentCodec> codec = document_codec_registry().front().make();
  std::string name{codec->name()};
  Bytes encoded;                      // output of the last encode, viewed by JS
  GrowableBuffer input;               // encode input of text and tagged, written by JS
  ByteBuffer bytes_in;                // decode input of text and tagged, copied in by JS
  documents::TaggedBytes tagged_out;  // decode output of tagged, read by JS
  std::string text_out;               // decode output of text, read by JS
  Bytes scratch;                      // the tagged form between val or text and the codec

  using CallOutcome::fail;
  void fail(std::string_view problem) { fail(Status::failure(name, problem)); }
};

State& state() {
  static State instance;
  return instance;
}

// Runs one binding body with the module state (module.h's guard): anything
// thrown becomes the call's error, named after the codec.
template <typename Result, typename Body>
Result guarded(Result failed, Body&& body) {
  State& s = state();
  s.begin();
  return guard(s, s.name, failed, [&] { return body(s); });
}

val view_of(const std::uint8_t* data, std::size_t size) {
  return val(emscripten::typed_memory_view(size, data));
}

// The codec phase of every strategy (encode_tagged_form): a view of the
// encoding, or null with the codec's error.
val encode_from_tagged(State& s, std::span<const std::uint8_t> tagged, bool scratch = false) {
  const double start = now_ms();
  const Status status = encode_tagged_form(*s.codec, tagged, scratch, s.encoded);
  s.codec_ms = now_ms() - start;
  if (!status) {
    s.fail(status);
    return val::null();
  }
  return view_of(s.encoded.data(), s.encoded.size());
}

// And back: `bytes` into the tagged form in `tagged` (a Bytes or a
// TaggedBytes); false with the codec's error.
template <typename Buffer>
bool decode_to_tagged(State& s, std::span<const std::uint8_t> bytes, Buffer& tagged) {
  const double start = now_ms();
  const Status status = s.codec->decode_tagged(bytes, tagged);
  s.codec_ms = now_ms() - start;
  if (!status) s.fail(status);
  return status.ok();
}

// ---- strategy val ----

// value: any JS value. A view of its encoding, or null on failure (the error,
// naming the value's path, in lastCall).
val encode_val(val value) {
  return guarded(val::null(), [&](State& s) {
    const double start = now_ms();
    Js js;
    documents::TaggedSink sink(s.scratch, kValueRules);
    read_js(value, sink, nullptr, 0, js);
    sink.finish();
    s.marshal_ms = now_ms() - start;
    return encode_from_tagged(s, s.scratch, /*scratch=*/true);
  });
}

// bytes: a Uint8Array. The decoded JS value; undefined on failure (null is a
// value: JS tells failure by lastCall).
val decode_val(val bytes) {
  return guarded(val::undefined(), [&](State& s) {
    const double start = now_ms();
    const std::size_t length = bytes["length"].as<std::size_t>();
    std::uint8_t* target = s.bytes_in.prepare(length);
    if (length > 0) val(emscripten::typed_memory_view(length, target)).call<void>("set", bytes);
    s.bytes_in_ms = now_ms() - start;
    if (!decode_to_tagged(s, s.bytes_in.bytes(), s.scratch)) return val::undefined();
    const double marshal_start = now_ms();
    Js js;
    JsBuilder builder(js);
    drive_scratch(s.scratch, builder);
    s.marshal_ms = now_ms() - marshal_start;
    return builder.result;
  });
}

// ---- strategies text and tagged: the buffers JS writes and reads ----

// The input buffer with room for `capacity` bytes, its first `keep` bytes
// kept when it has to move. Its address; 0 on failure (check lastCall). JS
// re-reads its heap views after the call: growing the buffer may grow the
// memory, which detaches them.
std::uintptr_t input_buffer(std::size_t capacity, std::size_t keep) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    return reinterpret_cast<std::uintptr_t>(s.input.reserve(std::max<std::size_t>(capacity, 1), keep));
  });
}

// The first `length` bytes of the input buffer; throws past its end.
std::span<const std::uint8_t> written_input(const State& s, std::size_t length) {
  if (length > s.input.capacity()) throw std::out_of_range("the input length exceeds the input buffer");
  return s.input.first(length);
}

// Space for `length` bytes of an encoding to decode, which JS copies in with
// HEAPU8.set. Its address; 0 on failure.
std::uintptr_t byte_buffer(std::size_t length) {
  return guarded(std::uintptr_t{0},
                 [&](State& s) { return reinterpret_cast<std::uintptr_t>(s.bytes_in.prepare(length)); });
}

std::span<const std::uint8_t> copied_bytes(const State& s, std::size_t length) {
  const std::span<const std::uint8_t> bytes = s.bytes_in.bytes();
  if (length > bytes.size()) throw std::out_of_range("the length exceeds the byte buffer");
  return bytes.first(length);
}

// ---- strategy text ----

// Encodes the JSON text JS wrote into the first `length` bytes of the input
// buffer. A view of the encoding, or null on failure.
val encode_text(std::size_t length) {
  return guarded(val::null(), [&](State& s) {
    const std::span<const std::uint8_t> text = written_input(s, length);
    const double start = now_ms();
    text_to_tagged(text, s.scratch);
    s.marshal_ms = now_ms() - start;
    return encode_from_tagged(s, s.scratch, /*scratch=*/true);
  });
}

// Decodes the first `length` bytes of the byte buffer and writes the JSON
// text of the result. A view of the text, or null on failure.
val decode_text(std::size_t length) {
  return guarded(val::null(), [&](State& s) {
    if (!decode_to_tagged(s, copied_bytes(s, length), s.scratch)) return val::null();
    const double start = now_ms();
    tagged_to_text(s.scratch, s.text_out);
    s.marshal_ms = now_ms() - start;
    return view_of(reinterpret_cast<const std::uint8_t*>(s.text_out.data()), s.text_out.size());
  });
}

// ---- strategy tagged ----

// Encodes the tagged form JS wrote into the first `length` bytes of the
// input buffer. A view of the encoding, or null on failure.
val encode_tagged(std::size_t length) {
  return guarded(val::null(), [&](State& s) { return encode_from_tagged(s, written_input(s, length)); });
}

// Decodes the first `length` bytes of the byte buffer and writes the tagged
// form of the result. A view of it, or null on failure.
val decode_tagged(std::size_t length) {
  return guarded(val::null(), [&](State& s) {
    if (!decode_to_tagged(s, copied_bytes(s, length), s.tagged_out)) return val::null();
    return view_of(s.tagged_out.data(), s.tagged_out.size());
  });
}

bool keeps_key_order() { return state().codec->keeps_key_order(); }
std::string format_name() { return std::string(state().codec->format()); }

}  // namespace

// ---- module.h's hooks ----

CallOutcome& outcome() { return state(); }
std::string codec_name() { return state().name; }
std::string library_version() { return state().codec->library_version(); }

// The decode output buffers are reused from call to call: they are filled
// with the sentinel's bytes, so a decoder that skipped its work leaves
// something that fails verification. The scratch tagged form too, which val
// and text read their output from.
void poison_outputs() {
  State& s = state();
  poison_bytes(s.tagged_out);
  poison_bytes(s.text_out);
  poison_bytes(s.scratch);
}

void release_buffers() {
  State& s = state();
  Bytes().swap(s.encoded);
  Bytes().swap(s.scratch);
  documents::TaggedBytes().swap(s.tagged_out);
  std::string().swap(s.text_out);
  s.input = GrowableBuffer();
  s.bytes_in = ByteBuffer();
}

EMSCRIPTEN_BINDINGS(wcb_documents) {
  using emscripten::function;
  function("keepsKeyOrder", &keeps_key_order);
  function("formatName", &format_name);

  function("encodeVal", &encode_val);
  function("decodeVal", &decode_val);

  function("inputBuffer", &input_buffer);
  function("byteBuffer", &byte_buffer);
  function("encodeText", &encode_text);
  function("decodeText", &decode_text);
  function("encodeTagged", &encode_tagged);
  function("decodeTagged", &decode_tagged);
}

}  // namespace wcb::wasm
