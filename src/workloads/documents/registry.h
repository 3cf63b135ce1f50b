// The document codecs (the documents workload) this build contains,
// generated from the wcb_codec() declarations that list `documents`
// (core/registry.h).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/registry.h"
#include "workloads/documents/document_codec.h"

namespace wcb {

using DocumentCodecEntry = RegistryEntry<documents::DocumentCodec>;

// Every document codec compiled into this build, in catalog (report) order.
inline std::span<const DocumentCodecEntry> document_codec_registry() {
  return Registry<documents::DocumentCodec>::entries();
}

// nullptr when no document codec of that name is built.
inline std::unique_ptr<documents::DocumentCodec> make_document_codec(std::string_view name) {
  return Registry<documents::DocumentCodec>::make(name);
}

inline std::vector<std::string> document_codec_names() { return Registry<documents::DocumentCodec>::names(); }

}  // namespace wcb
