// The tagged form for the messages records: what the `tagged` strategy
// carries across the JS/wasm boundary (docs/design.md#strategies). JS writes
// a record in it with the documents' writer (src/workloads/documents/
// tagged-writer.mjs, its `extended` mode) and reads the decoded record back
// with their reader; the C++ half goes straight from the bytes into a Message
// (tagged_record_reader.h) and back (tagged_record_writer.h), with no
// Document in between.
//
// The form is docs/documents.md#the-tagged-form (tags 0 to 7) plus two tags
// for the JS types a JSON document has not, which only the messages
// workload uses (the documents reader refuses them):
//   8 timestamp  8 bytes: a Date's time, float64 milliseconds since the epoch
//   9 bytes      u32 length, then the bytes of a Uint8Array
// The tag values are spelled here again rather than taken from
// documents/tagged.h, which would pull nlohmann's Document into every
// messages module; the node tests write with the shared JS writer and read
// with the C++ reader, so the two cannot drift apart unnoticed.
//
// Included by the bindings (bindings.cpp, addon-bindings.cpp) through the
// reader and the writer: internal linkage.
#pragma once

#include <cstddef>
#include <stdexcept>

#include "tagged/tagged_tags.h"
#include "workloads/messages/messages.h"
#include "workloads/messages/schema.h"

namespace wcb::wasm::tagged {
namespace {  // NOLINT(google-build-namespaces): included by the bindings alone, see above

namespace msg = wcb::messages;
using msg::schema::Field;
using msg::schema::Type;

using Tag = wcb::TaggedTag;

constexpr std::size_t kU32 = 4;
constexpr std::size_t kF64 = 8;

// A record whose tagged form does not fit its schema, or bytes that are not
// the tagged form: "<record>: <problem>" (the guard adds the codec's name).
class TaggedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace
}  // namespace wcb::wasm::tagged
