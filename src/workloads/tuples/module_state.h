// What a tuple module keeps between calls, and the work of its typed calls,
// shared by the two ways a module exports them: embind (bindings.cpp) and
// plain C functions (lean-bindings.cpp, docs/decisions/wasm-modules.md#lean-modules). A
// module links one of the two; `now` is that module's clock (core/clock.h in
// an embind module, the loader's performance.now() in a lean one).
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <vector>

#include "wasm/compress_calls.h"
#include "wasm/module.h"
#include "workloads/tuples/item_sentinel.h"
#include "workloads/tuples/registry.h"

namespace wcb::wasm::tuples {

// The codec, buffers reused from call to call (so steady-state calls do not
// allocate), and the outcome of the last call.
struct State : CallOutcome {
  std::unique_ptr<Codec> codec = codec_registry().front().make();
  std::string name{codec->name()};
  Bytes encoded;        // output of the last encode, viewed by JS
  Items items_in;       // encode input of the val and typed strategies
  ByteBuffer bytes_in;  // decode input of the val and typed strategies
  Items items_out;      // decode output of the val and typed strategies
  // decodeColumns' output: items_out transposed, one array per field, so JS
  // copies each column out at once.
  std::vector<std::int32_t> x_out;
  std::vector<double> y_out;
  std::vector<double> z_out;
  // The compression stage (compress_calls.h): the encoding compressed, and
  // compressed input inflated before its decode.
  Bytes compressed;
  Bytes inflated;

  using CallOutcome::fail;
  void fail(std::string_view problem) { fail(Status::failure(name, problem)); }
};

// Out of line: inlined (the speed profile's -inline-threshold=1000), the
// static's first-use guard and the State constructor were copied into every
// export, some 300 bytes each.
[[gnu::noinline]] inline State& state() {
  static State instance;
  return instance;
}

// Runs one call's body with the module state (module.h's guard).
template <typename Result, typename Body>
Result guarded(Result failed, Body&& body) {
  State& s = state();
  return guard(s, s.name, failed, [&] { return body(s); });
}

// Item storage for `count` items. std::vector reports a count beyond what
// wasm32 can address as length_error("vector"); it is an out-of-memory case.
inline void resize_items(Items& items, std::size_t count) {
  if (count > items.max_size()) throw std::bad_alloc();
  items.resize(count);
}

// Runs the codec's encode of `items` into s.encoded and times it.
template <typename Now>
bool encode_items(State& s, std::span<const Item> items, Now now) {
  const double start = now();
  const Status status = s.codec->encode(items, s.encoded);
  s.codec_ms = now() - start;
  if (!status) s.fail(status);
  return status.ok();
}

template <typename Now>
bool decode_bytes(State& s, std::span<const std::uint8_t> bytes, Items& out, Now now) {
  const double start = now();
  const Status status = s.codec->decode(bytes, out);
  s.codec_ms = now() - start;
  if (!status) s.fail(status);
  return status.ok();
}

// encodeTyped: encodes the first `count` items of the item buffer JS filled.
template <typename Now>
bool encode_typed(State& s, std::size_t count, Now now) {
  if (count > s.items_in.size()) {
    s.fail("encodeTyped: count exceeds the item buffer");
    return false;
  }
  return encode_items(s, {s.items_in.data(), count}, now);
}

// decodeTyped: decodes the first `length` bytes of the byte buffer into
// items_out; returns their count (0 on failure, recorded).
template <typename Now>
std::size_t decode_typed(State& s, std::size_t length, Now now) {
  const std::span<const std::uint8_t> bytes = s.bytes_in.bytes();
  if (length > bytes.size()) {
    s.fail("decodeTyped: length exceeds the byte buffer");
    return 0;
  }
  decode_bytes(s, bytes.first(length), s.items_out, now);
  return s.items_out.size();
}

// The typed encode, then its bytes compressed in the module: only the
// compressed bytes leave (s.compressed).
template <typename Now>
bool encode_typed_compressed(State& s, std::size_t count, int format, int level, Now now) {
  return encode_typed(s, count, now) &&
         compression_in_module(s, s.name, format, now, [&](compress::Format f) {
           return compress::compress(f, level, s.encoded, s.compressed);
         });
}

// The first `length` bytes of the byte buffer decompressed in the module,
// then decoded as decode_typed does; returns the item count (0 on failure).
template <typename Now>
std::size_t decode_typed_compressed(State& s, std::size_t length, int format, Now now) {
  const std::span<const std::uint8_t> bytes = s.bytes_in.bytes();
  if (length > bytes.size()) {
    s.fail("decodeTypedCompressed: length exceeds the byte buffer");
    return 0;
  }
  const auto decompress = [&](compress::Format f) {
    return compress::decompress(f, bytes.first(length), s.inflated);
  };
  if (!compression_in_module(s, s.name, format, now, decompress)) return 0;
  decode_bytes(s, s.inflated, s.items_out, now);
  return s.items_out.size();
}

// decodeColumns after its decode: the `count` decoded items transposed into
// x_out, y_out and z_out, timed as marshalling, not as the codec. Faster
// than JS reading the 24-byte items with a strided loop
// (docs/decisions/boundary-and-marshalling.md#columnar-transpose).
template <typename Now>
void transpose_items(State& s, std::size_t count, Now now) {
  const double start = now();
  s.x_out.resize(count);
  s.y_out.resize(count);
  s.z_out.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Item& item = s.items_out[i];
    s.x_out[i] = item.x;
    s.y_out[i] = item.y;
    s.z_out[i] = item.z;
  }
  s.marshal_ms = now() - start;
}

// The typed calls both ways of exporting them make alike (bindings.cpp's
// itemBuffer, byteBuffer, decodeTyped, decodeColumns; lean-bindings.cpp's
// wcb_item_buffer...), each under the guard.

// Storage for `count` items that JS fills through heap views before the
// typed encode; reused, new items zeroed (so the padding word JS never
// writes stays zero). Its address; 0 on failure.
inline std::uintptr_t guarded_item_buffer(std::size_t count) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    s.begin();
    resize_items(s.items_in, count);
    return reinterpret_cast<std::uintptr_t>(s.items_in.data());
  });
}

// Space for `length` input bytes that JS copies in before the typed decode.
inline std::uintptr_t guarded_byte_buffer(std::size_t length) {
  return guarded(std::uintptr_t{0}, [&](State& s) {
    s.begin();
    return reinterpret_cast<std::uintptr_t>(s.bytes_in.prepare(length));
  });
}

// decode_typed: the count of the decoded items (0 on failure: JS reads the
// outcome); their address is items_out's.
template <typename Now>
std::size_t guarded_decode_typed(std::size_t length, Now now) {
  return guarded(std::size_t{0}, [&](State& s) {
    s.begin();
    return decode_typed(s, length, now);
  });
}

// guarded_decode_typed, then the items transposed into x_out, y_out, z_out.
template <typename Now>
std::size_t guarded_decode_columns(std::size_t length, Now now) {
  const std::size_t count = guarded_decode_typed(length, now);
  if (!state().ok) return 0;
  return guarded(std::size_t{0}, [&](State& s) {
    transpose_items(s, count, now);
    return count;
  });
}

// module.h's poison_outputs and release_buffers, for this state.
inline void poison_state_outputs(State& s) {
  poison(std::span<Item>(s.items_out));
  poison(std::span<std::int32_t>(s.x_out));
  poison(std::span<double>(s.y_out));
  poison(std::span<double>(s.z_out));
}

inline void release_state_buffers(State& s) {
  Bytes().swap(s.encoded);
  Items().swap(s.items_in);
  Items().swap(s.items_out);
  std::vector<std::int32_t>().swap(s.x_out);
  std::vector<double>().swap(s.y_out);
  std::vector<double>().swap(s.z_out);
  Bytes().swap(s.compressed);
  Bytes().swap(s.inflated);
  s.bytes_in = ByteBuffer();
}

}  // namespace wcb::wasm::tuples
