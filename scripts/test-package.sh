#!/usr/bin/env bash
# test-package.sh - the native build installed into a temporary prefix and used as a package.
# A CMake project (tests/cmake, C and C++) finds cbatch 0.3 there and links cbatch::cbatch and
# cbatch::cbatch_static; find_package refuses 0.2 and 0.4 (SameMinorVersion); pkg-config's
# cbatch and cbatch-static work from the same prefix.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, probe, native_dir
bash scripts/deps.sh build test cmake

# The native stage's release build (lib.sh): nothing to compile after test-native.sh. meson.build
# installs the CMake package when it finds cmake (-Dcmake_package=auto), which deps.sh has just
# installed; setup configures the directory again, so meson finds it even when the native stage
# configured the directory before cmake was there.
dir=$native_dir
setup "$dir" "${native_options[@]}"
build "$dir"
t0=$(date +%s)

# A temporary prefix under build/, so that a clean build also removes it: --destdir keeps the
# configured prefix (/usr/local) inside it, the relocation the CMake config must survive.
work=build/package
rm -rf "$work"
mkdir -p "$work"
dest=$PWD/$work/destdir
meson install -C "$dir" --destdir "$dest" --no-rebuild --quiet
option() {
  meson introspect "$dir" --buildoptions |
    python3 -c 'import json, sys
print({o["name"]: o["value"] for o in json.load(sys.stdin)}[sys.argv[1]])' "$1"
}
root=$dest$(option prefix)
lib=$root/$(option libdir)
cmake_dir=$lib/cmake/cbatch
if [ ! -f "$cmake_dir/cbatchConfig.cmake" ] || [ ! -f "$cmake_dir/cbatchConfigVersion.cmake" ]; then
  echo "$me: FAIL: meson install put no CMake package in $cmake_dir" >&2
  echo "$me: (meson.build installs it when it finds cmake: 'CMake package' in meson's summary)" >&2
  exit 1
fi
echo "$me: meson install -C $dir --destdir $work/destdir; $(cmake --version | head -n1)," \
  "CMAKE_PREFIX_PATH=${root#"$PWD"/}"

# re TEXT: TEXT as an extended regular expression that matches it literally.
# shellcheck disable=SC2001 # one sed bracket expression, not a substitution per character
re() { sed 's/[][\.*^$+?(){}|]/\\&/g' <<<"$1"; }

# consumer DIR [ARG...]: configure tests/cmake against the temporary prefix into DIR, and build.
consumer() {
  local d=$1
  shift
  cmake -S tests/cmake -B "$d" -G Ninja -DCMAKE_PREFIX_PATH="$root" "$@" && cmake --build "$d"
}

# static_linked PROGRAM: the library's code is in PROGRAM (cb_batch_overlap defined there) and
# PROGRAM needs no libcbatch.so at run time; prints both.
static_linked() {
  local needed
  nm "$1" | grep -E ' T cb_batch_overlap$' || return 1
  needed=$(readelf -d "$1" | awk '/\(NEEDED\)/ { print $NF }' | tr -d '[]' | xargs)
  echo "needs: $needed"
  case " $needed " in *libcbatch*) return 1 ;; esac
}

# pc_consumer PACKAGE PROGRAM: tests/cmake/consumer.c built with pkg-config's flags for PACKAGE
# (the .pc files of the temporary prefix, its paths moved there by PKG_CONFIG_SYSROOT_DIR),
# then run against the prefix's library.
pc_consumer() {
  local flags
  read -ra flags <<<"$(PKG_CONFIG_SYSROOT_DIR=$dest PKG_CONFIG_LIBDIR=$lib/pkgconfig \
    pkg-config --cflags --libs "$1")"
  echo "pkg-config --cflags --libs $1: ${flags[*]}"
  cc -std=c99 -Wall -Wextra -Werror tests/cmake/consumer.c "${flags[@]}" -o "$2" &&
    LD_LIBRARY_PATH=$lib "$2"
}

b=$work/consumer
probe "find_package(cbatch 0.3): C and C++ consumers, shared and static" 0 \
  "cbatch 0\.3\.0 from $(re "$cmake_dir")\$" 'Linking CXX executable cxx-static' -- consumer "$b"
for p in c-shared cxx-shared c-static cxx-static; do
  case $p in
    *-shared) target=cbatch::cbatch want='CB_STATIC not defined' ;;
    *-static) target=cbatch::cbatch_static want='CB_STATIC defined' ;;
  esac
  probe "$p ($target): answers ok, $want" 0 "; $want; ok\$" -- "$b/$p"
done
for p in c-shared cxx-shared; do
  probe "$p: loads libcbatch.so.0.3 from the prefix (RUNPATH)" 0 \
    "^[[:space:]]*libcbatch\.so\.0\.3 => $(re "$lib")/libcbatch\.so\.0\.3 " -- \
    env -u LD_LIBRARY_PATH ldd "$b/$p"
done
for p in c-static cxx-static; do
  probe "$p: the library linked in, no libcbatch.so needed" 0 ' T cb_batch_overlap$' \
    '^needs: .*libc\.so' -- static_linked "$b/$p"
done
for v in 0.2 0.4; do
  probe "find_package(cbatch $v) refuses the installed 0.3.0" 1 "requested version \"$v\"" \
    "cbatchConfig\.cmake, version: 0\.3\.0" -- consumer "$work/consumer-$v" -DCBATCH_VERSION="$v"
done
probe "pkg-config cbatch: cc consumer.c, run against the prefix" 0 \
  "-L$(re "$lib") -lcbatch" 'CB_STATIC not defined; ok$' -- pc_consumer cbatch "$work/pc-shared"
probe "pkg-config cbatch-static: cc consumer.c, run" 0 '-DCB_STATIC' 'CB_STATIC defined; ok$' \
  -- pc_consumer cbatch-static "$work/pc-static"

echo "$me: $(($(date +%s) - t0)) s after the build (install, CMake consumers, pkg-config)"
if [ "$fails" -ne 0 ]; then
  echo "$me: FAIL: $fails checks failed (above)" >&2
  exit 1
fi
