// The messages workload in the native runner: every (record, codec)
// measured in that order by the per-call protocol (measure.h), the results
// file saved after each record.
#include "native/workload.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include "native/console_table.h"
#include "native/results_writer.h"
#include "workloads/messages/native/measure.h"
#include "workloads/messages/registry.h"

namespace wcb {

namespace {

constexpr double kMaxMinRepMs = 10000;

// The size of a record's JSON text: the json message codec writes exactly
// JSON.stringify's text (the messages spec), so its encoding is the
// reference the JS runners compute. Unknown when json is not built.
std::optional<std::size_t> json_bytes_of(messages::Kind kind) {
  const std::unique_ptr<messages::MessageCodec> json = make_message_codec("json");
  if (!json) return std::nullopt;
  Bytes text;
  if (!json->encode(messages::sample_message(kind), text)) return std::nullopt;
  return text.size();
}

std::string progress_text(const MessageMeasurement& m) {
  if (!m.ok) return "FAILED, " + m.error;
  return "encode " + ops_text(m.encode.ops_per_sec.median) + " ops/s, decode " +
         ops_text(m.decode.ops_per_sec.median) + " ops/s, round trip " +
         ops_text(m.round_trip.ops_per_sec.median) + " ops/s (medians of " +
         std::to_string(m.encode.ops_per_sec.n) + ")";
}

// One table of every (record, codec): encoded size and the medians of
// encode, decode and round trip in ops/s and ns/op.
void print_message_table(std::span<const MessageMeasurement> measurements) {
  ConsoleTable table({"record", "codec"}, {"encoded B", "enc ops/s", "dec ops/s", "rt ops/s", "enc ns/op",
                                           "dec ns/op", "rt ns/op"});
  for (const MessageMeasurement& m : measurements) {
    std::vector<std::string> texts{std::string(messages::kind_name(m.record)), m.codec};
    if (!m.ok) {
      table.add_failed(std::move(texts), m.error);
      continue;
    }
    table.add(std::move(texts),
              {with_thousands(m.encoded_bytes), ops_text(m.encode.ops_per_sec.median),
               ops_text(m.decode.ops_per_sec.median), ops_text(m.round_trip.ops_per_sec.median),
               ns_text(m.encode.ns_per_op), ns_text(m.decode.ns_per_op), ns_text(m.round_trip.ns_per_op)});
  }
  table.print(std::cout, "messages (medians; rt = round trip, encode + decode)");
}

nlohmann::ordered_json message_row_json(const MessageMeasurement& measurement) {
  nlohmann::ordered_json row = native_row(
      measurement.codec, measurement.library,
      {{"record", messages::kind_name(measurement.record)}, {"status", measurement.ok ? "ok" : "failed"}});
  if (measurement.ok) {
    row["encodedBytes"] = measurement.encoded_bytes;
    if (measurement.json_bytes) row["jsonBytes"] = *measurement.json_bytes;
    row["encode"] = ops_stats_json(measurement.encode);
    row["decode"] = ops_stats_json(measurement.decode);
    row["roundTrip"] = ops_stats_json(measurement.round_trip);
  } else {
    row["error"] = measurement.error;
  }
  return row;
}

class MessagesWorkload final : public RegistryWorkload<messages::MessageCodec> {
 public:
  std::string_view name() const override { return "messages"; }
  std::string subject() const override { return "on each small record of the messages workload"; }
  std::string warmup_rule() const override { return "N"; }

  std::vector<OptionSpec> options() const override {
    const std::span<const std::string_view> names = messages::kKindNames;
    return {{"--records", "a,b", OptionSpec::Kind::Valued,
             "records to run (default: " + join(names.first(messages::kDefaultKindCount)) +
                 "; on request: " + join(names.subspan(messages::kDefaultKindCount)) + ")"},
            {"--min-rep-ms", "X", OptionSpec::Kind::Valued,
             "calls per repetition double until one takes X ms (default 20)"}};
  }
  std::vector<std::pair<std::string, std::string>> quick() const override { return {{"--min-rep-ms", "5"}}; }

  bool read_options(OptionValues& values, bool) override {
    if (!values.number("--min-rep-ms", 0, true, kMaxMinRepMs, min_rep_ms_)) return false;
    const std::string* given = values.find("--records");
    if (!given) return true;
    const auto& names = messages::kKindNames;
    for (const std::string& record : split_commas(*given)) {
      if (std::find(names.begin(), names.end(), record) == names.end())
        return values.fail("--records: unknown record '" + record + "' (accepted: " + join(names) + ")");
      if (std::find(records_.begin(), records_.end(), record) == records_.end()) records_.push_back(record);
    }
    return true;
  }

  int run(const Options& options) override {
    if (records_.empty())
      records_.assign(messages::kKindNames.begin(),
                      messages::kKindNames.begin() + messages::kDefaultKindCount);
    Protocol protocol = options.protocol;
    protocol.min_rep_ms = min_rep_ms_;
    ResultsFile results = ResultsFile::start(options, {{"minRepMs", min_rep_ms_}}, {{"records", records_}},
                                             std::to_string(records_.size()) + " records");
    std::vector<std::unique_ptr<messages::MessageCodec>> codecs;
    for (const std::string& name : options.codecs) codecs.push_back(make_message_codec(name));

    bool every_codec_ok = true;
    std::vector<MessageMeasurement> measurements;
    for (const std::string& record : records_) {
      const messages::Kind kind = *messages::kind_from_name(record);
      const std::optional<std::size_t> json_bytes = json_bytes_of(kind);
      for (const auto& codec : codecs) {
        const MessageMeasurement& m =
            measurements.emplace_back(measure_message_codec(*codec, kind, protocol, json_bytes));
        print_progress(std::cerr, record, m.codec, progress_text(m));
        every_codec_ok &= m.ok;
        results.add_row(message_row_json(m));
      }
      results.save();
    }
    print_message_table(measurements);
    results.finish();
    return every_codec_ok ? 0 : kExitCodecFailed;
  }

 private:
  double min_rep_ms_ = Protocol{}.min_rep_ms;
  std::vector<std::string> records_;
};

}  // namespace

std::unique_ptr<Workload> make_messages_native_workload() { return std::make_unique<MessagesWorkload>(); }

}  // namespace wcb
