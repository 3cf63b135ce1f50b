// What the msgpack codec's three msgpack-cxx visitors (tuples, messages,
// documents) do alike: track whether the parser is inside a map key, and
// accept the events that carry nothing to build. Each visitor derives from
// KeyTracking and handles the values, whose meaning differs per workload.
#pragma once

#include <cstddef>
#include <string>

namespace wcb::msgpack_visitor {

class KeyTracking {
 public:
  bool start_map_key() {
    in_key_ = true;
    return true;
  }
  bool end_map_key() {
    in_key_ = false;
    return true;
  }
  bool start_map_value() { return true; }
  bool end_map_value() { return true; }
  bool start_array_item() { return true; }
  bool end_array_item() { return true; }
  // No msgpack::object is built, so nothing refers into the input.
  bool referenced() const { return false; }
  void set_referenced(bool) {}

 protected:
  bool in_key() const { return in_key_; }

 private:
  bool in_key_ = false;
};

// msgpack-cxx's parse_error gets two offsets: where the bytes parsed so far
// end (size_t(-1) when the bad byte is the first) and the bad byte's own,
// which is `offset` here: that byte starts no msgpack value.
inline std::string invalid_type_byte(std::size_t offset) {
  return "malformed msgpack: invalid type byte at offset " + std::to_string(offset);
}

}  // namespace wcb::msgpack_visitor
