// nlohmann's SAX interface (Document::sax_parse, from_msgpack's and
// from_cbor's readers) in front of a DocumentSink: nlohmann's binary and
// text readers then stream into any sink with no Document between.
//
// The methods are not virtual (sax_parse is a template over its handler): a
// codec that reads a value differently derives and hides the one method
// (CBOR hides number_integer, for example).
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/status.h"
#include "document.h"
#include "events.h"

namespace wcb::documents {

class SaxToSink {
 public:
  explicit SaxToSink(DocumentSink& sink) : sink_(sink) {}

  bool null() {
    sink_.null();
    return true;
  }
  bool boolean(bool value) {
    sink_.boolean(value);
    return true;
  }
  bool number_integer(std::int64_t value) {
    sink_.integer(value);
    return true;
  }
  bool number_unsigned(std::uint64_t value) {
    if (value <= static_cast<std::uint64_t>(INT64_MAX)) {
      sink_.integer(static_cast<std::int64_t>(value));
    } else {
      sink_.unsigned_integer(value);
    }
    return true;
  }
  bool number_float(double value, const std::string& /*text*/) {
    sink_.number(value);
    return true;
  }
  bool string(std::string& value) {
    sink_.string(value);
    return true;
  }
  bool binary(Document::binary_t& /*value*/) {
    sink_.fail("binary data, which a JSON-like document cannot hold");
  }
  bool start_object(std::size_t count) {
    // nlohmann passes size_t(-1) for an unknown count, which is kUnknownCount.
    sink_.start_object(count);
    return true;
  }
  bool key(std::string& key) {
    sink_.key(key);
    return true;
  }
  bool end_object() {
    sink_.end_object();
    return true;
  }
  bool start_array(std::size_t count) {
    sink_.start_array(count);
    return true;
  }
  bool end_array() {
    sink_.end_array();
    return true;
  }
  [[noreturn]] bool parse_error(std::size_t /*position*/, const std::string& /*token*/,
                                const nlohmann::detail::exception& error) {
    throw DecodeError(nlohmann_message(error));
  }

  // nlohmann's message without its "[json.exception.parse_error.110] "
  // prefix; what remains says where ("parse error at byte 7: ...").
  static std::string nlohmann_message(const nlohmann::detail::exception& error) {
    std::string message = error.what();
    if (const auto end = message.find("] ");
        message.starts_with("[json.exception.") && end != std::string::npos)
      message.erase(0, end + 2);
    return message;
  }

 protected:
  DocumentSink& sink_;
};

}  // namespace wcb::documents
