// A decoder that skipped its work must not pass: the native runner fills its
// reused decode output with the sentinel (workloads/tuples/item_sentinel.h) before every
// decode, untimed, and checks every timed decode. The lazy codecs here decode
// for real only on their first call and afterwards just size the output, as a
// broken or "optimised" decoder might; they are caught. The output of
// `ctest -R lazy -V` shows each error as the results would record it.
#include <catch2/catch.hpp>
#include <string>

#include "test_support.h"
#include "workloads/messages/native/measure.h"
#include "workloads/messages/registry.h"
#include "workloads/tuples/item_checksum.h"
#include "workloads/tuples/item_sentinel.h"
#include "workloads/tuples/native/measure.h"

using wcb::Bytes;
using wcb::Items;
using wcb::Status;
namespace msg = wcb::messages;

namespace {

// raw's encoding, and its decode on the first call only. Later calls leave
// `out` as they find it, resized to the first call's count.
class LazyCodec : public wcb::Codec {
 public:
  std::string_view name() const override { return "lazy"; }
  std::string library_version() const override { return "test"; }

 protected:
  void do_encode(std::span<const wcb::Item> items, Bytes& out) override {
    if (Status status = real_->encode(items, out); !status) throw wcb::DecodeError(status.message());
  }
  void do_decode(std::span<const std::uint8_t> bytes, Items& out) override {
    if (decoded_count_ == 0) {
      if (Status status = real_->decode(bytes, out); !status) throw wcb::DecodeError(status.message());
      decoded_count_ = out.size();
      return;
    }
    out.resize(decoded_count_);
  }

 private:
  std::unique_ptr<wcb::Codec> real_ = wcb::test::require_codec("raw");
  std::size_t decoded_count_ = 0;
};

// The first message codec of the build, whose decode does nothing after its
// first call.
class LazyMessageCodec : public msg::MessageCodec {
 public:
  std::string_view name() const override { return "lazy"; }
  std::string library_version() const override { return "test"; }

 protected:
  void do_encode(const msg::Message& message, Bytes& out) override {
    if (Status status = real_->encode(message, out); !status) throw wcb::DecodeError(status.message());
  }
  void do_decode(msg::Kind kind, std::span<const std::uint8_t> bytes, msg::Message& out) override {
    if (decoded_) return;
    if (Status status = real_->decode(kind, bytes, out); !status) throw wcb::DecodeError(status.message());
    decoded_ = true;
  }

 private:
  std::unique_ptr<msg::MessageCodec> real_ = wcb::message_codec_registry().front().make();
  bool decoded_ = false;
};

// A short protocol: the warm-up's 200 ms minimum is not what these tests are about.
wcb::Protocol short_protocol() {
  wcb::Protocol protocol;
  protocol.warmup = 1;
  protocol.repetitions = 3;
  protocol.min_warmup_ms = 0;
  protocol.min_rep_ms = 0.1;
  return protocol;
}

struct TuplePayload {
  Items items = wcb::test::dataset_items(1000);
  wcb::Payload payload{items, wcb::checksum(items)};
};

}  // namespace

TEST_CASE("lazy decoder: without the sentinel a reused output would hide it", "[lazy]") {
  const TuplePayload input;
  LazyCodec lazy;
  Bytes encoded;
  Items decoded;
  REQUIRE(wcb::verify_round_trip(lazy, input.payload, encoded, decoded).ok());  // the real decode

  // The old protocol: decode again into the vector that holds the last
  // output. The lazy decode does nothing and the check passes.
  REQUIRE(lazy.decode(encoded, decoded).ok());
  CHECK(wcb::check_decoded(lazy, input.payload, decoded).ok());

  // Filled with the sentinel first, the same lazy decode leaves it in place.
  wcb::poison(decoded);
  REQUIRE(lazy.decode(encoded, decoded).ok());
  CHECK(wcb::is_sentinel(decoded.front()));
  const Status caught = wcb::check_decoded(lazy, input.payload, decoded);
  WARN("with the sentinel: " << caught.message());
  CHECK_FALSE(caught.ok());
}

TEST_CASE("lazy decoder: the native runner fails the row, naming the codec", "[lazy]") {
  const TuplePayload input;
  LazyCodec lazy;
  const wcb::CodecMeasurement measurement = wcb::measure_codec(lazy, input.payload, short_protocol());
  WARN("measure_codec: ok " << measurement.ok << ", error \"" << measurement.error << "\"");
  CHECK_FALSE(measurement.ok);
  CHECK_THAT(measurement.error,
             Catch::StartsWith("timed decode 1: lazy: decoded items differ from the input"));

  // The same protocol and payload with raw's real decode pass: only the
  // laziness fails the row.
  const auto raw = wcb::test::require_codec("raw");
  const wcb::CodecMeasurement honest = wcb::measure_codec(*raw, input.payload, short_protocol());
  INFO(honest.error);
  CHECK(honest.ok);
  CHECK(honest.decode.n == 3);
}

TEST_CASE("lazy decoder: the messages runner fails the record, naming the codec", "[lazy]") {
  REQUIRE(!wcb::message_codec_registry().empty());
  for (std::size_t i = 0; i < msg::kKindCount; ++i) {
    const auto kind = static_cast<msg::Kind>(i);
    CAPTURE(msg::kind_name(kind));
    // The sentinel state is the empty message, so no record may equal it.
    REQUIRE(msg::sample_message(kind) != msg::empty_message(kind));

    LazyMessageCodec lazy;
    const wcb::MessageMeasurement measurement =
        wcb::measure_message_codec(lazy, kind, short_protocol(), std::nullopt);
    if (kind == msg::Kind::Record) {
      WARN("measure_message_codec (record): ok " << measurement.ok << ", error \"" << measurement.error
                                                 << "\"");
    }
    CHECK_FALSE(measurement.ok);
    CHECK_THAT(measurement.error,
               Catch::StartsWith("timed decode: lazy: " + std::string(msg::kind_name(kind)) +
                                 ": decoded record differs from the sample"));
  }
}
