// The document checksum (docs/documents.md, "The document checksum"): FNV-1a
// 32 over a canonical walk of a value, computed the same way in JS, so C++
// and JS can show they hold the same values. Numbers enter as float64
// whatever the Document's integer/float type, so the number rule's split
// does not change the checksum.
#pragma once

#include <cstdint>

#include "document.h"

namespace wcb::documents {

// null 'n'; false 'f'; true 't'; a number 'd' + its float64, 8 bytes LE; a
// string 's' + u32 LE UTF-8 byte length + the bytes; an array 'a' + u32 LE
// count + the values; an object 'o' + u32 LE count + per member the key
// (length and bytes, without 's') then the value, in key order.
// Throws std::invalid_argument for a value JSON has no form for (binary,
// discarded), or a string or container too large for a u32 count.
std::uint32_t document_checksum(const Document& document);

}  // namespace wcb::documents
