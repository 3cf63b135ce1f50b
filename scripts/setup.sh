#!/usr/bin/env bash
# Installs everything wasm-codec-bench needs on Debian 12, idempotently:
# Debian packages, the protobuf source (for protobuf-lite in wasm) and npm
# packages. Quiet when everything is already present.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Downloaded sources live outside git; scripts/common.sh knows the same path.
CACHE_DIR="${WCB_CACHE_DIR:-$ROOT/.cache}"

PACKAGES=(
  build-essential cmake clang clang-format libclang-rt-14-dev
  emscripten node-acorn binaryen wabt
  protobuf-compiler libprotobuf-dev
  libmsgpack-cxx-dev nlohmann-json3-dev
  libflatbuffers-dev flatbuffers-compiler
  catch2 zlib1g-dev
  chromium
  dpkg-dev ca-certificates
)

log() { echo "setup: $*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing_packages() {
  local pkg
  for pkg in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      echo "$pkg"
    fi
  done
}

APT_UPDATED=0
apt_update_once() {
  if [ "$APT_UPDATED" -eq 0 ]; then
    as_root apt-get update -qq
    APT_UPDATED=1
  fi
}

install_debian_packages() {
  local missing
  missing="$(missing_packages)"
  [ -z "$missing" ] && return 0
  log "installing Debian packages: $(echo $missing | tr '\n' ' ')"
  apt_update_once
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

# protobuf-lite for wasm is built from Debian's own source of the protoc we
# use (3.21.12), so generated code and runtime always match.
fetch_protobuf_source() {
  local version dir
  version="$(dpkg-query -W -f='${Version}' libprotobuf-dev | sed -E 's/^[0-9]+://; s/-[^-]+$//')"
  dir="$CACHE_DIR/protobuf-src"
  if [ -f "$dir/.version" ] && [ "$(cat "$dir/.version")" = "$version" ]; then
    return 0
  fi
  log "downloading Debian's protobuf $version source into $dir"
  local sources=/etc/apt/sources.list.d/debian.sources
  if [ -f "$sources" ] && ! grep -q '^Types:.*deb-src' "$sources"; then
    as_root sed -i -E 's/^Types: deb$/Types: deb deb-src/' "$sources"
    APT_UPDATED=0
  fi
  apt_update_once
  local tmp
  tmp="$(mktemp -d)"
  (cd "$tmp" && apt-get source --download-only -qq "protobuf=$(dpkg-query -W -f='${Version}' libprotobuf-dev)" >/dev/null)
  local tarball
  tarball="$(ls "$tmp"/protobuf_*.orig.tar.* | head -n1)"
  rm -rf "$dir"
  mkdir -p "$dir"
  tar -xf "$tarball" -C "$dir" --strip-components=1
  echo "$version" >"$dir/.version"
  rm -rf "$tmp"
}

install_npm_packages() {
  [ -f "$ROOT/package.json" ] || return 0
  local stamp="$ROOT/node_modules/.package-lock.json"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$ROOT/package-lock.json" ]; then
    return 0
  fi
  log "installing npm packages"
  (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
}

install_debian_packages
fetch_protobuf_source
install_npm_packages
