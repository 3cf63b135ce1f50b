#!/usr/bin/env bash
# Installs what wasm-codec-bench needs on Debian 12, per need and
# idempotently: Debian packages (the project's own, below, plus each codec
# folder's src/codecs/<codec>/debian-packages, one name per line), each codec
# folder's own setup step (src/codecs/<codec>/setup.sh, e.g. protobuf's source
# for protobuf-lite in wasm) and npm packages. Quiet when everything is
# already present.
#
#   scripts/setup.sh              what a Node run needs (build, wasm, addon)
#   scripts/setup.sh --browsers   and the browsers (Chromium, Firefox, WebKit)
#   scripts/setup.sh --test       and the test suite's tools (clang for the
#                                 fuzzers, clang-format, ccache)
set -euo pipefail

WANT_BROWSERS=0
WANT_TEST=0
for arg in "$@"; do
  case "$arg" in
    --browsers) WANT_BROWSERS=1 ;;
    --test) WANT_BROWSERS=1 WANT_TEST=1 ;;
    *)
      echo "setup: unknown option '$arg' (accepted: --browsers, --test)" >&2
      exit 2
      ;;
  esac
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Downloaded sources live outside git (the codec folders' setup steps use it).
CACHE_DIR="${WCB_CACHE_DIR:-$ROOT/.cache}"

# What the build and the Node runner need whatever the codecs:
# nlohmann_json is the native runner's results writer too.
PACKAGES=(
  build-essential cmake
  emscripten node-acorn binaryen wabt
  nlohmann-json3-dev
  catch2 zlib1g-dev
  dpkg-dev ca-certificates
)
# The browsers: each place's declaration names its Debian packages
# (src/places/<place>.mjs, install.debian).
if [ "$WANT_BROWSERS" -eq 1 ]; then
  while read -r pkg; do
    [ -n "$pkg" ] && PACKAGES+=("$pkg")
  done < <(node --input-type=module -e "
    const { places } = await import('$ROOT/src/places.mjs');
    for (const place of Object.values(await places())) for (const pkg of place.install.debian ?? []) console.log(pkg);")
fi
# The test suite: libFuzzer (clang and its runtime), the C++ format check and
# a compiler cache that keeps its three builds short.
if [ "$WANT_TEST" -eq 1 ]; then
  PACKAGES+=(clang clang-format libclang-rt-14-dev ccache)
fi
for list in "$ROOT"/src/codecs/*/debian-packages; do
  [ -f "$list" ] || continue
  while read -r pkg; do
    [ -n "$pkg" ] && PACKAGES+=("$pkg")
  done < <(sed 's/#.*//; s/[[:space:]]//g' "$list")
done

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

# The folders' setup steps fetch Debian source packages: `apt-get source`
# needs the archive's deb-src index.
enable_deb_src() {
  local sources=/etc/apt/sources.list.d/debian.sources
  if [ -f "$sources" ] && ! grep -q '^Types:.*deb-src' "$sources"; then
    as_root sed -i -E 's/^Types: deb$/Types: deb deb-src/' "$sources"
    APT_UPDATED=0
  fi
  apt_update_once
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
# Codec folders' own steps and the compression stage's (src/compress), run
# with this script's helpers and variables (log, as_root, apt_update_once,
# enable_deb_src, CACHE_DIR).
for codec_setup in "$ROOT"/src/codecs/*/setup.sh "$ROOT"/src/compress/setup.sh; do
  [ -f "$codec_setup" ] || continue
  # shellcheck disable=SC1090
  source "$codec_setup"
done
install_npm_packages
