#!/bin/sh
# wasm32-clang.sh - clang for wasm32-wasi as cross/wasm32-wasi.ini's compiler: drops the GNU ld group flags meson 1.0 adds, which wasm-ld rejects.
#
# Meson 1.0 (Debian 12) takes clang's wasm-ld for GNU-like ld.lld and wraps
# static libraries in -Wl,--start-group ... -Wl,--end-group, which wasm-ld 14
# does not know (newer meson knows wasm-ld). They only matter for circular
# references between archives, and wasm-ld, like ld.lld, resolves those
# without them. (--as-needed and --no-undefined are switched off with
# b_asneeded and b_lundef in the cross file instead.)
for a; do
  shift
  case $a in
    -Wl,--start-group | -Wl,--end-group) ;;
    *) set -- "$@" "$a" ;;
  esac
done
exec clang --target=wasm32-wasi --sysroot=/usr "$@"
