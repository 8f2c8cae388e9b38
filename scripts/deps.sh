#!/usr/bin/env bash
# deps.sh - install the Debian/Ubuntu packages a stage needs, idempotently and quietly when present.
# Usage: scripts/deps.sh GROUP...
#   (groups: build, test, cross, i386, armv7, riscv64, fuzz, valgrind, cmake, qemu-x86,
#   windows, wasm, browser)
set -euo pipefail

pkgs=()
for group in "$@"; do
  case "$group" in
    build)    pkgs+=(gcc meson ninja-build pkg-config) ;;
    test)     pkgs+=(libcriterion-dev) ;;
    clang)    pkgs+=(clang) ;;
    cross)    pkgs+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static binutils-aarch64-linux-gnu) ;;
    # gcc -m32: the 32-bit C runtime of the host's gcc. Not gcc-multilib:
    # on Debian 12 it conflicts with the cross compilers (installing it
    # removes gcc-aarch64-linux-gnu and the others); gcc-N-multilib does not.
    i386)     pkgs+=(libc6-dev-i386 "lib32gcc-$(gcc -dumpversion 2>/dev/null | cut -d. -f1)-dev") ;;
    armv7)    pkgs+=(gcc-arm-linux-gnueabihf libc6-dev-armhf-cross binutils-arm-linux-gnueabihf qemu-user-static) ;;
    # RISC-V 64 (lp64d): cross GCC and glibc, run under qemu-user
    riscv64)  pkgs+=(gcc-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-user-static binutils-riscv64-linux-gnu) ;;
    qemu-x86) pkgs+=(qemu-user) ;;
    fuzz)     pkgs+=(clang libclang-rt-dev) ;; # the unversioned names follow the default clang (Debian and Ubuntu)
    valgrind) pkgs+=(valgrind) ;;
    # the package stage's CMake consumer, a C and a C++ program
    cmake)    pkgs+=(cmake g++) ;;
    # MinGW-w64 C and C++ for Windows x86-64 (its binutils come with them), and
    # wine: the `wine` command is in package wine, the 64-bit loader in wine64.
    windows)  pkgs+=(gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine wine64) ;;
    # clang for wasm32-wasi: wasm-ld (lld), llvm-ar/llvm-objdump (llvm), the
    # C library and compiler-rt's builtins; node runs the modules
    wasm)     pkgs+=(clang lld llvm wasi-libc libclang-rt-dev-wasm32 nodejs) ;;
    # headless Chromium for the web example's page, python3 to serve it
    browser)  pkgs+=(chromium python3) ;;
    *) echo "deps.sh: unknown group '$group'" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deps.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Refresh the package lists once per day at most (a fresh machine has none).
stamp=/var/lib/apt/periodic/cbatch-update-stamp
if [ ! -f "$stamp" ] || [ -n "$(find "$stamp" -mmin +1440 2>/dev/null)" ]; then
  $sudo apt-get update -qq
  $sudo mkdir -p "$(dirname "$stamp")" && $sudo touch "$stamp"
fi
if ! $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  # stale lists (a package moved to a new revision): refresh once and retry
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
