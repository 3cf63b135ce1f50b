# The protobuf codec's setup step, sourced by scripts/setup.sh (with its log,
# as_root, enable_deb_src and CACHE_DIR) after the Debian packages: the
# source that src/codecs/protobuf/prepare-wasm.sh builds protobuf-lite for
# wasm from.

fetch_protobuf_source() {
  local version dir
  version="$(dpkg-query -W -f='${Version}' libprotobuf-dev | sed -E 's/^[0-9]+://; s/-[^-]+$//')"
  dir="$CACHE_DIR/protobuf-src"
  if [ -f "$dir/.version" ] && [ "$(cat "$dir/.version")" = "$version" ]; then
    return 0
  fi
  log "downloading Debian's protobuf $version source into $dir"
  enable_deb_src
  local tmp
  tmp="$(mktemp -d)"
  (cd "$tmp" && apt-get source --download-only -qq "protobuf=$(dpkg-query -W -f='${Version}' libprotobuf-dev)" >/dev/null)
  local tarballs=("$tmp"/protobuf_*.orig.tar.*)
  local tarball="${tarballs[0]}"
  rm -rf "$dir"
  mkdir -p "$dir"
  tar -xf "$tarball" -C "$dir" --strip-components=1
  echo "$version" >"$dir/.version"
  rm -rf "$tmp"
}

# protobuf-lite for wasm is built from Debian's own source of the protoc we
# use (3.21.12), so generated code and runtime always match.
fetch_protobuf_source
