# The compression stage's setup step, sourced by scripts/setup.sh (with its
# log, enable_deb_src and CACHE_DIR): Debian's zlib source, which
# src/compress/CMakeLists.txt compiles into the wasm modules (Emscripten's
# own zlib port downloads from the internet). Natively Debian's zlib1g-dev
# is used, of the same upstream version.

# The base version, not the security update: the update's .debian.tar.xz is
# not on the archive's source side, and the orig tarball (upstream's source)
# is the same for both.
ZLIB_SOURCE_VERSION="1:1.2.13.dfsg-1"

fetch_zlib_source() {
  local dir="$CACHE_DIR/zlib-src"
  if [ -f "$dir/.version" ] && [ "$(cat "$dir/.version")" = "$ZLIB_SOURCE_VERSION" ]; then
    return 0
  fi
  log "downloading Debian's zlib $ZLIB_SOURCE_VERSION source into $dir"
  enable_deb_src
  local tmp
  tmp="$(mktemp -d)"
  (cd "$tmp" && apt-get source --download-only -qq "zlib=$ZLIB_SOURCE_VERSION" >/dev/null)
  local tarballs=("$tmp"/zlib_*.orig.tar.*)
  rm -rf "$dir"
  mkdir -p "$dir"
  tar -xf "${tarballs[0]}" -C "$dir" --strip-components=1
  echo "$ZLIB_SOURCE_VERSION" >"$dir/.version"
  rm -rf "$tmp"
}

fetch_zlib_source
