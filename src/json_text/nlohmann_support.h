// What the codecs built on nlohmann_json say alike: json in every workload,
// and bson and cbor through its binary formats.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace wcb::nlohmann_support {

// The library and its version, as a codec's library_version() reports it.
inline std::string library_version() {
  return "nlohmann_json " + std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
         std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_PATCH);
}

// A SAX parse error's text without nlohmann's id: what() reads
// "[json.exception.parse_error.101] parse error at ...", and the bracketed id
// means nothing to a reader of the benchmark.
inline std::string parse_error_text(const nlohmann::detail::exception& problem) {
  std::string message = problem.what();
  if (const auto end = message.find("] "); message.starts_with('[') && end != std::string::npos) {
    message.erase(0, end + 2);
  }
  return message;
}

}  // namespace wcb::nlohmann_support
