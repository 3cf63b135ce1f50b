// The tuple codecs this build contains (generated from the wcb_codec()
// declarations that list `tuples`; see core/registry.h).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/registry.h"
#include "workloads/tuples/tuple_codec.h"

namespace wcb {

using CodecEntry = RegistryEntry<Codec>;

// Every codec compiled into this build, in catalog (report) order.
inline std::span<const CodecEntry> codec_registry() { return Registry<Codec>::entries(); }

// nullptr when no codec of that name is built.
inline std::unique_ptr<Codec> make_codec(std::string_view name) { return Registry<Codec>::make(name); }

inline std::vector<std::string> codec_names() { return Registry<Codec>::names(); }

}  // namespace wcb
