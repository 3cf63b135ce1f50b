// The tuple workload in the Node-API addon (src/addon): every tuple codec of
// the native build, behind the boundary Node offers native code, with the
// strategies that have a meaning there (docs/design.md#node-api-addon):
//   object  C++ reads each item's x, y, z with Napi::Object Get and builds
//           decode's array of objects with Set: the counterpart of wasm's val.
//   typed   no per-item call. Encode reads the items in place from an
//           ArrayBuffer JS filled in the 24-byte item layout (workloads/tuples/item.h);
//           decode reads the input Uint8Array in place and hands the decoded
//           items back as a new ArrayBuffer in the same layout, which JS
//           turns into objects. Its columnar variant takes and returns one
//           typed array per field.
// src/workloads/tuples/addon-tuples.mjs is the JS half.
//
//   tuplesCodecs()                  the names, in catalog order
//   new TuplesCodec(name, stats)    stats: a Float64Array(3) the calls write
//                                   their timings into (kStats*), so JS reads
//                                   them without a call per figure
//
// Error contract (src/addon/addon.h): a failed call throws a JS Error
// "<codec>: <problem>"; the codec's buffers are reused from call to call
// and owned by the TuplesCodec, so a failed call leaks nothing.
// Encoded bytes are copied into a new Uint8Array (bytes out), never a view
// of the reused buffer: the caller may keep them.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "addon/addon.h"
#include "addon/bindings_support.h"
#include "core/clock.h"
#include "workloads/tuples/item_sentinel.h"
#include "workloads/tuples/registry.h"

namespace wcb::addon {

namespace {

// Where each call writes its timings in the stats array (ms, this process's
// steady clock; 0 when the call has no such phase).
enum StatIndex : std::size_t { kStatCodec = 0, kStatMarshal = 1, kStatBytes = 2, kStatCount = 3 };

// A bad value as an error shows it, in the words of the JS check
// (src/harness/wasm-items.mjs): strings quoted, -0 as "-0", numbers and
// booleans as JS prints them, otherwise "an array", "an object", "a function".
std::string describe(Napi::Env env, const Napi::Value& value) {
  if (value.IsString()) {
    Napi::Object json = env.Global().Get("JSON").As<Napi::Object>();
    return json.Get("stringify").As<Napi::Function>().Call(json, {value}).As<Napi::String>().Utf8Value();
  }
  if (value.IsNumber() && value.As<Napi::Number>().DoubleValue() == 0 &&
      std::signbit(value.As<Napi::Number>().DoubleValue())) {
    return "-0";
  }
  if (value.IsArray()) return "an array";
  if (value.IsFunction()) return "a function";
  if (value.IsSymbol()) return "a symbol";
  if (value.IsObject()) return "an object";
  const std::string text = value.ToString().Utf8Value();
  return value.IsBigInt() ? text + "n" : text;
}

// The property keys of an item, made once per call: a key made from a C
// string at every access would time making "x" a million times.
struct ItemKeys {
  Napi::String x, y, z;
  explicit ItemKeys(Napi::Env env)
      : x(Napi::String::New(env, "x")), y(Napi::String::New(env, "y")), z(Napi::String::New(env, "z")) {}
};

class TuplesCodec : public Napi::ObjectWrap<TuplesCodec> {
 public:
  static Napi::Function define(Napi::Env env) {
    return DefineClass(env, "TuplesCodec",
                       {
                           InstanceMethod<&TuplesCodec::timed<&TuplesCodec::encode_object>>("encodeObject"),
                           InstanceMethod<&TuplesCodec::timed<&TuplesCodec::decode_object>>("decodeObject"),
                           InstanceMethod<&TuplesCodec::timed<&TuplesCodec::encode_typed>>("encodeTyped"),
                           InstanceMethod<&TuplesCodec::timed<&TuplesCodec::decode_typed>>("decodeTyped"),
                           InstanceMethod<&TuplesCodec::timed<&TuplesCodec::encode_columns>>("encodeColumns"),
                           InstanceMethod<&TuplesCodec::timed<&TuplesCodec::decode_columns>>("decodeColumns"),
                           InstanceMethod<&TuplesCodec::poison_outputs>("poisonOutputs"),
                           InstanceMethod<&TuplesCodec::release_buffers>("releaseBuffers"),
                           InstanceMethod<&TuplesCodec::empty_call>("emptyCall"),
                           InstanceMethod<&TuplesCodec::codec_loop>("codecLoop"),
                           InstanceAccessor<&TuplesCodec::name_value>("name"),
                           InstanceAccessor<&TuplesCodec::library_version>("libraryVersion"),
                       });
  }

  // new TuplesCodec(name, stats: Float64Array of kStatCount)
  explicit TuplesCodec(const Napi::CallbackInfo& call) : Napi::ObjectWrap<TuplesCodec>(call) {
    const Napi::Env env = call.Env();
    if (call.Length() < 2 || !call[0].IsString() || !call[1].IsTypedArray() ||
        call[1].As<Napi::TypedArray>().TypedArrayType() != napi_float64_array ||
        call[1].As<Napi::TypedArray>().ElementLength() < kStatCount) {
      throw Napi::TypeError::New(env, "TuplesCodec expects (codec name, Float64Array(3) for the timings)");
    }
    const std::string name = call[0].As<Napi::String>().Utf8Value();
    codec_ = make_codec(name);
    if (!codec_) throw Napi::Error::New(env, "no tuple codec '" + name + "' in the addon");
    name_ = codec_->name();
    Napi::Float64Array stats = call[1].As<Napi::Float64Array>();
    stats_ref_ = Napi::Persistent(stats);
    stats_ = stats.Data();
  }

 private:
  std::unique_ptr<Codec> codec_;
  std::string name_;
  Napi::Reference<Napi::Float64Array> stats_ref_;  // keeps stats_'s memory alive
  double* stats_ = nullptr;
  Bytes encoded_;    // the last encode's output, copied out to JS
  Items items_in_;   // encode input of the object and columnar calls
  Items items_out_;  // decode output of every call, poisoned by poisonOutputs

  void begin() { stats_[kStatCodec] = stats_[kStatMarshal] = stats_[kStatBytes] = 0; }

  [[noreturn]] void fail(Napi::Env env, std::string_view problem) const {
    throw codec_error(env, name_, problem);
  }

  Napi::Uint8Array bytes_argument(const Napi::CallbackInfo& call, std::size_t index) const {
    if (call.Length() <= index || !is_typed_array(call[index], napi_uint8_array)) {
      fail(call.Env(), "decode expects a Uint8Array");
    }
    return call[index].As<Napi::Uint8Array>();
  }

  // Runs the codec's encode and copies the bytes out into a new Uint8Array
  // (timed as bytes out).
  Napi::Value encode_items(Napi::Env env, std::span<const Item> items) {
    const double start = now_ms();
    const Status status = codec_->encode(items, encoded_);
    stats_[kStatCodec] = now_ms() - start;
    if (!status) throw Napi::Error::New(env, status.message());
    const double copy_start = now_ms();
    Napi::Uint8Array out = copy_to_js(env, encoded_);
    stats_[kStatBytes] = now_ms() - copy_start;
    return out;
  }

  // Runs the codec's decode of the Uint8Array's bytes, read in place.
  void decode_bytes(Napi::Env env, const Napi::Uint8Array& bytes) {
    const std::span<const std::uint8_t> input(bytes.Data(), bytes.ElementLength());
    const double start = now_ms();
    const Status status = codec_->decode(input, items_out_);
    stats_[kStatCodec] = now_ms() - start;
    if (!status) throw Napi::Error::New(env, status.message());
  }

  // Why the item at `index` is not {x: int32, y: number, z: number}. Only
  // called once the fast check has failed.
  [[gnu::noinline]] std::string bad_item_problem(Napi::Env env, const Napi::Value& item, std::size_t index,
                                                 const ItemKeys& keys) const {
    const std::string where = "item " + std::to_string(index);
    if (!item.IsObject()) return where + " is not an object (got " + describe(env, item) + ")";
    const Napi::Object object = item.As<Napi::Object>();
    const struct {
      const char* name;
      const Napi::String& key;
      bool int32;
    } fields[] = {{"x", keys.x, true}, {"y", keys.y, false}, {"z", keys.z, false}};
    for (const auto& field : fields) {
      const Napi::Value value = object.Get(field.key);
      if (value.IsUndefined()) return where + ": " + field.name + " is missing";
      if (!value.IsNumber() || (field.int32 && !is_item_x(value.As<Napi::Number>().DoubleValue()))) {
        return where + ": " + field.name +
               (field.int32 ? " must be an int32, got " : " must be a number, got ") + describe(env, value);
      }
    }
    return where + " changed while it was read";  // a getter that answers differently each time
  }

  // A timed call as JS makes it: the stats reset first, a failure a JS
  // Error naming the codec.
  template <Napi::Value (TuplesCodec::*Call)(Napi::Env, const Napi::CallbackInfo&)>
  Napi::Value timed(const Napi::CallbackInfo& call) {
    const Napi::Env env = call.Env();
    return guarded(env, name_, [&] {
      begin();
      return (this->*Call)(env, call);
    });
  }

  // ---- strategy object ----

  // encodeObject(items: Array<{x, y, z}>) -> Uint8Array
  Napi::Value encode_object(Napi::Env env, const Napi::CallbackInfo& call) {
    const double start = now_ms();
    if (call.Length() < 1 || !call[0].IsArray()) fail(env, "encode expects an array of {x, y, z}");
    const Napi::Array items = call[0].As<Napi::Array>();
    const ItemKeys keys(env);
    const std::uint32_t count = items.Length();
    items_in_.resize(count);
    for (std::uint32_t i = 0; i < count; ++i) {
      const Napi::Value value = items.Get(i);
      if (!value.IsObject()) fail(env, bad_item_problem(env, value, i, keys));
      const Napi::Object item = value.As<Napi::Object>();
      const Napi::Value x = item.Get(keys.x), y = item.Get(keys.y), z = item.Get(keys.z);
      const double x_value = x.IsNumber() ? x.As<Napi::Number>().DoubleValue() : NAN;
      if (!is_item_x(x_value) || !y.IsNumber() || !z.IsNumber())
        fail(env, bad_item_problem(env, value, i, keys));
      items_in_[i] = Item(static_cast<std::int32_t>(x_value), y.As<Napi::Number>().DoubleValue(),
                          z.As<Napi::Number>().DoubleValue());
    }
    stats_[kStatMarshal] = now_ms() - start;
    return encode_items(env, items_in_);
  }

  // decodeObject(bytes: Uint8Array) -> Array<{x, y, z}>
  Napi::Value decode_object(Napi::Env env, const Napi::CallbackInfo& call) {
    decode_bytes(env, bytes_argument(call, 0));
    const double start = now_ms();
    const ItemKeys keys(env);
    const std::size_t count = items_out_.size();
    Napi::Array result = Napi::Array::New(env, count);
    for (std::size_t i = 0; i < count; ++i) {
      const Item& item = items_out_[i];
      Napi::Object object = Napi::Object::New(env);
      object.Set(keys.x, Napi::Number::New(env, item.x));
      object.Set(keys.y, Napi::Number::New(env, item.y));
      object.Set(keys.z, Napi::Number::New(env, item.z));
      result.Set(static_cast<std::uint32_t>(i), object);
    }
    stats_[kStatMarshal] = now_ms() - start;
    return result;
  }

  // ---- strategy typed ----

  // encodeTyped(buffer: ArrayBuffer, count) -> Uint8Array. The first `count`
  // items of `buffer`, in workloads/tuples/item.h's layout, are encoded in place (a
  // fresh ArrayBuffer is zeroed, so the padding word JS never writes is 0).
  Napi::Value encode_typed(Napi::Env env, const Napi::CallbackInfo& call) {
    if (call.Length() < 2 || !call[0].IsArrayBuffer() || !call[1].IsNumber()) {
      fail(env, "encodeTyped expects (ArrayBuffer, count)");
    }
    Napi::ArrayBuffer buffer = call[0].As<Napi::ArrayBuffer>();
    const double count = call[1].As<Napi::Number>().DoubleValue();
    if (!(count >= 0) || std::trunc(count) != count || count * sizeof(Item) > buffer.ByteLength()) {
      fail(env, "encodeTyped: count exceeds the item buffer");
    }
    const void* data = buffer.Data();
    // V8 aligns a buffer's store far beyond 8 bytes; refuse anything else
    // rather than read misaligned items.
    if (count > 0 && reinterpret_cast<std::uintptr_t>(data) % alignof(Item) != 0) {
      fail(env, "encodeTyped: the item buffer is not 8-byte aligned");
    }
    return encode_items(env, {static_cast<const Item*>(data), static_cast<std::size_t>(count)});
  }

  // decodeTyped(bytes: Uint8Array) -> ArrayBuffer of the decoded items in
  // workloads/tuples/item.h's layout (a copy: docs/decisions/addon.md#addon-typed-decode-copy).
  Napi::Value decode_typed(Napi::Env env, const Napi::CallbackInfo& call) {
    decode_bytes(env, bytes_argument(call, 0));
    const double start = now_ms();
    const std::size_t size = items_out_.size() * sizeof(Item);
    Napi::ArrayBuffer out = Napi::ArrayBuffer::New(env, size);
    if (size > 0) std::memcpy(out.Data(), items_out_.data(), size);
    stats_[kStatMarshal] = now_ms() - start;
    return out;
  }

  // encodeColumns(x: Int32Array, y: Float64Array, z: Float64Array) ->
  // Uint8Array; the columns are read in place and interleaved into items
  // (timed as marshalling).
  Napi::Value encode_columns(Napi::Env env, const Napi::CallbackInfo& call) {
    const auto is = [&](std::size_t index, napi_typedarray_type type) {
      return call.Length() > index && is_typed_array(call[index], type);
    };
    if (!is(0, napi_int32_array) || !is(1, napi_float64_array) || !is(2, napi_float64_array)) {
      fail(env, "encodeColumns expects (Int32Array, Float64Array, Float64Array)");
    }
    const Napi::Int32Array x = call[0].As<Napi::Int32Array>();
    const Napi::Float64Array y = call[1].As<Napi::Float64Array>(), z = call[2].As<Napi::Float64Array>();
    const std::size_t count = x.ElementLength();
    if (y.ElementLength() != count || z.ElementLength() != count) {
      fail(env, "encodeColumns needs columns of one length");
    }
    const double start = now_ms();
    items_in_.resize(count);
    const std::int32_t* xs = x.Data();
    const double *ys = y.Data(), *zs = z.Data();
    for (std::size_t i = 0; i < count; ++i) items_in_[i] = Item(xs[i], ys[i], zs[i]);
    stats_[kStatMarshal] = now_ms() - start;
    return encode_items(env, items_in_);
  }

  // decodeColumns(bytes: Uint8Array) -> {x: Int32Array, y, z: Float64Array},
  // written by C++ straight into the new typed arrays (timed as marshalling).
  Napi::Value decode_columns(Napi::Env env, const Napi::CallbackInfo& call) {
    decode_bytes(env, bytes_argument(call, 0));
    const double start = now_ms();
    const std::size_t count = items_out_.size();
    Napi::Int32Array x = Napi::Int32Array::New(env, count);
    Napi::Float64Array y = Napi::Float64Array::New(env, count), z = Napi::Float64Array::New(env, count);
    std::int32_t* xs = x.Data();
    double *ys = y.Data(), *zs = z.Data();
    for (std::size_t i = 0; i < count; ++i) {
      const Item& item = items_out_[i];
      xs[i] = item.x;
      ys[i] = item.y;
      zs[i] = item.z;
    }
    Napi::Object columns = Napi::Object::New(env);
    columns.Set("x", x);
    columns.Set("y", y);
    columns.Set("z", z);
    stats_[kStatMarshal] = now_ms() - start;
    return columns;
  }

  // ---- the rest ----

  // Fills the reused decode output with the sentinel (workloads/tuples/item_sentinel.h):
  // called before a decode whose result is verified, outside the timing.
  Napi::Value poison_outputs(const Napi::CallbackInfo& call) {
    poison(std::span<Item>(items_out_));
    return call.Env().Undefined();
  }

  // Frees the buffers kept between calls (after a large payload).
  Napi::Value release_buffers(const Napi::CallbackInfo& call) {
    Bytes().swap(encoded_);
    Items().swap(items_in_);
    Items().swap(items_out_);
    return call.Env().Undefined();
  }

  // codecLoop(buffer: ArrayBuffer, count, warmup, repetitions) ->
  // {encodeMs: Float64Array, decodeMs: Float64Array, bytes}: src/loop's loop
  // (encode, poison, decode, check) run inside the addon with no JS between
  // the calls, on the items JS wrote into `buffer` (bench:gap --addon: is
  // the codec as fast in Node's process as in the native runner?).
  Napi::Value codec_loop(const Napi::CallbackInfo& call) {
    const Napi::Env env = call.Env();
    return guarded(env, name_, [&]() -> Napi::Value {
      if (call.Length() < 4 || !call[0].IsArrayBuffer() || !call[1].IsNumber() || !call[2].IsNumber() ||
          !call[3].IsNumber()) {
        fail(env, "codecLoop expects (ArrayBuffer, count, warmup, repetitions)");
      }
      Napi::ArrayBuffer buffer = call[0].As<Napi::ArrayBuffer>();
      const std::size_t count = call[1].As<Napi::Number>().Uint32Value();
      const int warmup = call[2].As<Napi::Number>().Int32Value();
      const int repetitions = call[3].As<Napi::Number>().Int32Value();
      if (count * sizeof(Item) > buffer.ByteLength() || warmup < 0 || repetitions < 1) {
        fail(env, "codecLoop: bad count, warmup or repetitions");
      }
      const std::span<const Item> items(static_cast<const Item*>(buffer.Data()), count);
      Napi::Float64Array encode_ms = Napi::Float64Array::New(env, repetitions);
      Napi::Float64Array decode_ms = Napi::Float64Array::New(env, repetitions);
      for (int round = 0; round < warmup + repetitions; ++round) {
        const double start = now_ms();
        const Status encoded = codec_->encode(items, encoded_);
        const double encoded_at = now_ms();
        poison(items_out_, count);
        const double decode_start = now_ms();
        const Status decoded = codec_->decode(encoded_, items_out_);
        const double decoded_at = now_ms();
        if (!encoded) throw Napi::Error::New(env, encoded.message());
        if (!decoded) throw Napi::Error::New(env, decoded.message());
        if (!same_items(items, items_out_)) fail(env, "codecLoop: the decoded items differ from the input");
        if (round < warmup) continue;
        encode_ms[round - warmup] = encoded_at - start;
        decode_ms[round - warmup] = decoded_at - decode_start;
      }
      Napi::Object result = Napi::Object::New(env);
      result.Set("encodeMs", encode_ms);
      result.Set("decodeMs", decode_ms);
      result.Set("bytes", Napi::Number::New(env, static_cast<double>(encoded_.size())));
      return result;
    });
  }

  // Takes nothing and does nothing: the per-call floor of the boundary.
  Napi::Value empty_call(const Napi::CallbackInfo& call) { return call.Env().Undefined(); }

  Napi::Value name_value(const Napi::CallbackInfo& call) { return Napi::String::New(call.Env(), name_); }
  Napi::Value library_version(const Napi::CallbackInfo& call) {
    return Napi::String::New(call.Env(), codec_->library_version());
  }
};

Napi::Value tuples_codecs(const Napi::CallbackInfo& call) { return string_array(call.Env(), codec_names()); }

}  // namespace

void add_tuples_exports(Napi::Env env, Napi::Object exports) {
  exports.Set("tuplesCodecs", Napi::Function::New(env, tuples_codecs, "tuplesCodecs"));
  exports.Set("TuplesCodec", TuplesCodec::define(env));
}

}  // namespace wcb::addon
