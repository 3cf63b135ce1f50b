// The tagged form (docs/documents.md#the-tagged-form): how the `tagged`
// interop strategy carries a document across the JS/wasm boundary. JS writes
// it into the wasm heap in one walk of its value (tagged.mjs) and C++ reads
// it into a Document; on decode C++ writes it and JS reads it.
//
// Little-endian, no alignment; a value is a tag byte and its payload:
//   0 null, 1 false, 2 true, 3 int32 (4 bytes), 4 float64 (8 bytes),
//   5 string (u32 byte length, UTF-8), 6 array (u32 count, values),
//   7 object (u32 count, then count x (u32 key length, key UTF-8, value)).
#pragma once

#include <cstdint>
#include <span>

#include "core/codec.h"
#include "core/tagged_tags.h"
#include "workloads/documents/document.h"

namespace wcb::documents {

using wcb::TaggedTag;

// Replaces `out` with the document `bytes` hold in the tagged form. Numbers
// follow the number rule (an int32 is an integer, a float64 goes through
// number_of). Throws DecodeError ("tagged form: ... at byte N") for bytes
// that end early or run on past the value, an unknown tag, nesting deeper
// than kMaxDepth, a string or key that is not valid UTF-8, and a key repeated
// in one object. Never reserves more than the bytes left can hold.
void read_tagged(std::span<const std::uint8_t> bytes, Document& out);

// Replaces the contents of `out` (its capacity kept) with the tagged form of
// `document`: integers within int32 as tag 3, other numbers as tag 4. Throws
// std::invalid_argument naming the value's path for what JS cannot hold
// exactly or at all: an integer outside +-2^53, a binary value, a string
// that is not valid UTF-8, nesting deeper than kMaxDepth.
void write_tagged(const Document& document, Bytes& out);

}  // namespace wcb::documents
