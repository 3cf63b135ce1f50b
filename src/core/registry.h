// The codecs of one workload compiled into this build, in catalog order.
// Each workload has its own codec interface (`Interface`); the build
// generates the definition of Registry<Interface>::entries() from the
// wcb_codec() declarations (scripts/cmake/registry.cpp.in), so no list of
// codec names is written by hand. A wasm module or a fuzzer links a registry
// holding exactly its one codec.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wcb {

template <typename Interface>
struct RegistryEntry {
  std::string_view name;
  std::unique_ptr<Interface> (*make)();
};

template <typename Interface>
struct Registry {
  // Defined in the generated source of the registry this program links.
  static std::span<const RegistryEntry<Interface>> entries();

  // nullptr when no codec of that name is built.
  static std::unique_ptr<Interface> make(std::string_view name) {
    for (const RegistryEntry<Interface>& entry : entries()) {
      if (entry.name == name) return entry.make();
    }
    return nullptr;
  }

  static std::vector<std::string> names() {
    std::vector<std::string> names;
    for (const RegistryEntry<Interface>& entry : entries()) names.emplace_back(entry.name);
    return names;
  }
};

}  // namespace wcb
