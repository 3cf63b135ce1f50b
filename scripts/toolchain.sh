#!/usr/bin/env bash
# A second wasm toolchain, opt-in (docs/decisions/toolchain.md): a Debian tree
# under .cache/toolchains/<name>/root, made once from Debian's archive by
# debootstrap, declared in scripts/toolchains/<name>.sh (its suite and
# packages).
#
#   scripts/toolchain.sh NAME CMD [ARGS...]   runs CMD in the tree, from this checkout
#
# scripts/setup.sh --toolchain NAME sources this file to make the tree
# (toolchain_install); scripts/build-wasm.sh runs its build in the tree with
# WCB_WASM_TOOLCHAIN=NAME (toolchain_run).
#
# CMD runs chrooted, as root, with only HOME and PATH set (pass more with
# env), in a mount namespace of its own, so every mount ends with it: this checkout and the cache are bind-mounted at their own
# paths, and the host's /usr read-only at /opt/host/usr (the header-only
# libraries and flatc of the default build, so both builds compile the same
# library code).

TOOLCHAIN_SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TOOLCHAIN_REPO="$(dirname "$TOOLCHAIN_SCRIPTS")"
TOOLCHAIN_CACHE="${WCB_CACHE_DIR:-$TOOLCHAIN_REPO/.cache}/toolchains"
# The host's /usr inside the tree.
TOOLCHAIN_HOST_USR=/opt/host/usr
TOOLCHAIN_MIRROR=http://deb.debian.org/debian

# Reads scripts/toolchains/NAME.sh (TOOLCHAIN_SUITE, TOOLCHAIN_PACKAGES, TOOLCHAIN_CMAKE_ARGS).
toolchain_declare() {
  local name="$1"
  local declaration="$TOOLCHAIN_SCRIPTS/toolchains/$name.sh"
  if [ ! -f "$declaration" ]; then
    local known
    known="$(cd "$TOOLCHAIN_SCRIPTS/toolchains" && ls -- *.sh | sed 's/\.sh$//' | paste -sd ' ')"
    echo "toolchain: unknown toolchain '$name' (known: $known)" >&2
    return 2
  fi
  # shellcheck disable=SC2034  # read by scripts/build-wasm.sh
  TOOLCHAIN_CMAKE_ARGS=()
  # shellcheck disable=SC1090
  source "$declaration"
  TOOLCHAIN_DIR="$TOOLCHAIN_CACHE/$name"
  TOOLCHAIN_ROOT="$TOOLCHAIN_DIR/root"
  TOOLCHAIN_STAMP_TEXT="$TOOLCHAIN_SUITE: ${TOOLCHAIN_PACKAGES[*]}"
}

# Makes the tree once (a stamp names its suite and packages); a changed
# package list is installed into the existing tree.
toolchain_install() {
  local name="$1"
  toolchain_declare "$name" || return
  local stamp="$TOOLCHAIN_DIR/stamp"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$TOOLCHAIN_STAMP_TEXT" ]; then
    return 0
  fi
  if ! command -v debootstrap >/dev/null; then
    echo "toolchain: debootstrap not found: run scripts/setup.sh --toolchain $name" >&2
    return 1
  fi
  local started=$SECONDS
  if [ ! -x "$TOOLCHAIN_ROOT/usr/bin/apt-get" ]; then
    # An interrupted tree is made again, never while something is mounted in it.
    if findmnt -rn -o TARGET | grep -q "^$TOOLCHAIN_ROOT/"; then
      echo "toolchain: $TOOLCHAIN_ROOT has mounts; not removing it" >&2
      return 1
    fi
    rm -rf "$TOOLCHAIN_ROOT"
    mkdir -p "$TOOLCHAIN_DIR"
    echo "toolchain: making $name ($TOOLCHAIN_SUITE) in $TOOLCHAIN_ROOT (about 5 minutes, 3 GB)"
    local packages
    packages="$(
      IFS=,
      echo "${TOOLCHAIN_PACKAGES[*]}"
    )"
    debootstrap --variant=minbase --include="$packages" "$TOOLCHAIN_SUITE" "$TOOLCHAIN_ROOT" \
      "$TOOLCHAIN_MIRROR" >"$TOOLCHAIN_DIR/debootstrap.log" 2>&1 || {
      tail -n 20 "$TOOLCHAIN_DIR/debootstrap.log" >&2
      return 1
    }
  else
    echo "toolchain: installing into $name: ${TOOLCHAIN_PACKAGES[*]}"
    cp /etc/resolv.conf "$TOOLCHAIN_ROOT/etc/resolv.conf"
    chroot "$TOOLCHAIN_ROOT" apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive chroot "$TOOLCHAIN_ROOT" apt-get install -y -qq \
        --no-install-recommends "${TOOLCHAIN_PACKAGES[@]}" >/dev/null || return
  fi
  echo "$TOOLCHAIN_STAMP_TEXT" >"$stamp"
  echo "toolchain: $name ready in $((SECONDS - started)) s, $(du -sh "$TOOLCHAIN_ROOT" | cut -f1)"
}

# Runs a command in the tree, from the current folder.
toolchain_run() {
  local name="$1"
  shift
  toolchain_declare "$name" || return
  if [ ! -f "$TOOLCHAIN_DIR/stamp" ]; then
    echo "toolchain: $name is not set up: run scripts/setup.sh --toolchain $name" >&2
    return 1
  fi
  local cache
  cache="$(realpath "$TOOLCHAIN_CACHE/..")"
  unshare --mount --propagation private bash -euc '
    root=$1 repo=$2 cache=$3 host_usr=$4 dir=$5
    shift 5
    bind() { mkdir -p "$root$2" && mount --bind "$1" "$root$2"; }
    bind "$repo" "$repo"
    case "$cache/" in "$repo"/*) ;; *) bind "$cache" "$cache" ;; esac
    bind /usr "$host_usr"
    mount -o remount,bind,ro "$root$host_usr"
    mount -t proc proc "$root/proc"
    bind /dev /dev
    exec chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin \
      /bin/sh -c "cd \"\$0\" && exec \"\$@\"" "$dir" "$@"
  ' toolchain "$TOOLCHAIN_ROOT" "$TOOLCHAIN_REPO" "$cache" "$TOOLCHAIN_HOST_USR" "$PWD" "$@"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  if [ $# -lt 2 ]; then
    echo "usage: scripts/toolchain.sh NAME CMD [ARGS...]" >&2
    exit 2
  fi
  toolchain_run "$@"
fi
