#include "workloads/tuples/native/export_encodings.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <system_error>

#include "workloads/tuples/item_checksum.h"
#include "workloads/tuples/native/measure.h"

namespace wcb {

namespace {

bool write_file(const std::filesystem::path& path, std::string_view bytes, std::ostream& log) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) log << "cannot write " << path.string() << '\n';
  return static_cast<bool>(out);
}

}  // namespace

bool export_encodings(const std::filesystem::path& directory, std::span<const GrowthStep> steps,
                      std::span<Codec* const> codecs, std::ostream& log) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) {
    log << "cannot create folder " << directory.string() << ": " << error.message() << '\n';
    return false;
  }

  bool all_written = true;
  std::set<std::string> failed_codecs;
  nlohmann::ordered_json manifest = {{"steps", nlohmann::ordered_json::array()},
                                     {"codecs", nlohmann::ordered_json::array()}};
  TupleDataset dataset;
  Bytes encoded;
  Items decoded;
  for (const GrowthStep& step : steps) {
    while (dataset.step().index < step.index) dataset.grow();
    const Payload payload{dataset.items(), checksum(dataset.items())};
    manifest["steps"].push_back({{"index", step.index},
                                 {"count", step.count},
                                 {"jsonBytes", step.json_bytes},
                                 {"checksum", payload.checksum}});
    for (Codec* codec : codecs) {
      const std::string name(codec->name());
      if (failed_codecs.contains(name)) continue;
      if (Status status = verify_round_trip(*codec, payload, encoded, decoded); !status) {
        log << "step " << step.index << ": " << status.message() << '\n';
        failed_codecs.insert(name);
        all_written = false;
        continue;
      }
      const std::filesystem::path file = directory / (name + "-step" + std::to_string(step.index) + ".bin");
      all_written &= write_file(file, {reinterpret_cast<const char*>(encoded.data()), encoded.size()}, log);
    }
  }
  for (Codec* codec : codecs) {
    const std::string name(codec->name());
    if (!failed_codecs.contains(name)) manifest["codecs"].push_back(name);
  }
  all_written &= write_file(directory / "manifest.json", manifest.dump(2) + "\n", log);
  return all_written;
}

}  // namespace wcb
