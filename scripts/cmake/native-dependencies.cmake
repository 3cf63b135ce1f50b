# Native dependencies of the runner itself, from Debian packages
# (scripts/setup.sh installs them). Each codec folder finds its own library
# (src/codecs/<codec>/CMakeLists.txt).
find_package(ZLIB REQUIRED)
# The runner writes its results file with nlohmann_json.
wcb_header_library(wcb_nlohmann_json HEADER nlohmann/json.hpp INCLUDE_DIRS nlohmann)
