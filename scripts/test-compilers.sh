#!/usr/bin/env bash
# test-compilers.sh - the same bits from every compiler and option set: the two-file drop-in (scripts/amalgamate.py) built with gcc and clang on x86-64, the AArch64 and RISC-V 64 cross gccs (qemu) and clang for WebAssembly (node), and the meson build at -Os with LTO by clang and gcc; each runs the whole digest and the no-FMA check.
#
# Each row builds the library and cb-digest (tests/digest, with testkit)
# and runs `cb-digest --expect` on the committed value: every backend the
# build has, its raw kernels and the public functions in the caller's and a
# hostile float mode. Then the library's code must hold no fused
# multiply-add (scripts/check-no-fma.sh; WebAssembly: no relaxed-SIMD
# instruction, SIMD128 having no FMA otherwise). A compiler's warning on
# the drop-in fails its row (-Wall -Wextra -Wpedantic).
#
#   drop-in, x86-64     gcc -O2 and clang -O3, `cc -O2 -c cbatch.c`: no ISA flag
#   drop-in, AArch64    aarch64-linux-gnu-gcc -O2, static, under qemu-user
#   drop-in, RISC-V 64  riscv64-linux-gnu-gcc -O2 (rv64gc, the scalar backend), static, qemu-user
#   drop-in, wasm32     clang -O2 -msimd128 (the scalar and SIMD128 backends), node
#   meson, x86-64       clang -Os with ThinLTO (lld); gcc -Os with LTO
#
# With the native stage's gcc -O3 build (and the Windows, AArch64 and
# WebAssembly stages': MinGW gcc, cross gcc, clang, -O3) each compiler is
# tested at two levels or more, -Os among them, with LTO and without; not
# every combination: an x86-64 build of every backend is 3 to 4 minutes of
# one core (the drop-in is one file: one core each).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, probe, record_digests, cannot
bash scripts/deps.sh build clang cross riscv64 wasm ||
  cannot "the compilers stage" "could not install clang, the AArch64 and RISC-V 64 cross gccs, qemu-user and the wasm tools (need root or sudo)"

work=build/compilers
dist=build/dist
mkdir -p "$work"
expected=$(tr -d '[:space:]' <tests/digest/cb-digest.expected)
testkit=(testkit/reference.c testkit/pairs.c testkit/validity.c testkit/output.c
  testkit/integer.c testkit/sweep.c)
digest_src=(-std=c11 -I"$dist" -Itestkit tests/digest/cb-digest.c "${testkit[@]}")

python3 scripts/amalgamate.py "$dist"

# dropin NAME CC [FLAG...]: the drop-in's cbatch.c compiled alone (no ISA
# flag), then cb-digest linked with it; the compiler's output is kept in
# $work/NAME.build and shown when it fails or warns.
dropin() {
  local name=$1 cc=$2
  shift 2
  local log=$work/$name.build
  if "$cc" "$@" -Wall -Wextra -Wpedantic -c "$dist/cbatch.c" -o "$work/$name.o" >"$log" 2>&1 &&
    "$cc" "$@" "${digest_src[@]}" "$work/$name.o" -lm -o "$work/cb-digest-$name" >>"$log" 2>&1; then
    if [ -s "$log" ]; then
      echo "$me: $name: the compiler warned:"; cat "$log"; return 1
    fi
  else
    echo "$me: $name: build failed:"; cat "$log"; return 1
  fi
}

# Two lines of work side by side (a drop-in compile is one process): gcc's
# x86-64 drop-in, then the AArch64 and RISC-V 64 ones; clang's x86-64 drop-in, the wasm
# one, then the meson builds (ninja on both cores: the first line's last
# compile shares them).
# -Os release builds: optimization s, no debug info, NDEBUG as a release's.
os=(-Doptimization=s -Ddebug=false -Db_ndebug=true -Db_lto=true)
meson_row() {
  local name=$1
  shift
  setup "build/$name" -Dtests=enabled -Dbench=disabled -Dexamples=disabled "$@"
  build "build/$name" tests/digest/cb-digest
}
t0=$(date +%s)
{ dropin gcc-O2 gcc -O2 && dropin aarch64-gcc-O2 aarch64-linux-gnu-gcc -O2 -static &&
  dropin riscv64-gcc-O2 riscv64-linux-gnu-gcc -O2 -static &&
  echo "$me: gcc's x86-64, AArch64 and RISC-V 64 drop-ins built in $(( $(date +%s) - t0 )) s"; } &
a=$!
{ dropin clang-O3 clang -O3 && dropin wasm-simd128-O2 cross/wasm32-clang.sh -O2 -msimd128 &&
  echo "$me: clang's x86-64 and wasm32 drop-ins built in $(( $(date +%s) - t0 )) s" &&
  # ThinLTO needs a linker that has it: lld (scripts/deps.sh wasm installs it).
  CC=clang CC_LD=lld meson_row clang-Os-lto "${os[@]}" -Db_lto_mode=thin &&
  CC=gcc meson_row gcc-Os-lto "${os[@]}" &&
  echo "$me: and meson's two builds in $(( $(date +%s) - t0 )) s"; } & b=$!
rc=0
wait $a || rc=1
wait $b || rc=1
[ "$rc" = 0 ] || exit 1

# row NAME PLATFORM PROGRAM [RUNNER...]: the whole digest, recorded.
row() {
  local name=$1 platform=$2 program=$3
  shift 3
  probe "$platform: cb-digest --expect" 0 "digest: $expected" -- \
    "$@" "$program" --expect "$expected"
  printf '%s\n' "$out" >"$work/$name.digest" # probe's output
  record_digests "$platform" "$work/$name.digest"
}
qemu=(qemu-aarch64-static)
node=(node cross/wasi-run.mjs)
echo "$me: cb-digest, every backend of each build (committed value $expected):"
row gcc-O2 "Linux x86-64 gcc -O2, drop-in" "$work/cb-digest-gcc-O2"
row clang-O3 "Linux x86-64 clang -O3, drop-in" "$work/cb-digest-clang-O3"
row aarch64-gcc-O2 "Linux AArch64 gcc -O2, drop-in (qemu)" "$work/cb-digest-aarch64-gcc-O2" \
  "${qemu[@]}"
row riscv64-gcc-O2 "Linux RISC-V 64 gcc -O2, drop-in (qemu)" "$work/cb-digest-riscv64-gcc-O2" \
  qemu-riscv64-static
row wasm-simd128-O2 "WebAssembly clang -O2 -msimd128, drop-in (node)" \
  "$work/cb-digest-wasm-simd128-O2" "${node[@]}"
row clang-Os-lto "Linux x86-64 clang -Os ThinLTO" build/clang-Os-lto/tests/digest/cb-digest
row gcc-Os-lto "Linux x86-64 gcc -Os LTO" build/gcc-Os-lto/tests/digest/cb-digest

echo "$me: no fused multiply-add in the code of each build:"
no_fma() { probe "$1: no fused multiply-add" 0 ' 0 fused' -- bash scripts/check-no-fma.sh "$2" "$3"; }
no_fma "x86-64 gcc -O2, drop-in" objdump "$work/gcc-O2.o"
no_fma "x86-64 clang -O3, drop-in" objdump "$work/clang-O3.o"
no_fma "AArch64 gcc -O2, drop-in" aarch64-linux-gnu-objdump "$work/aarch64-gcc-O2.o"
no_fma "RISC-V 64 gcc -O2, drop-in" riscv64-linux-gnu-objdump "$work/riscv64-gcc-O2.o"
no_fma "x86-64 clang -Os ThinLTO" objdump build/clang-Os-lto/libcbatch.so
no_fma "x86-64 gcc -Os LTO" objdump build/gcc-Os-lto/libcbatch.so
relaxed() { set -o pipefail; llvm-objdump -d "$1" | awk '/relaxed/ {n++} END {print n + 0}'; }
probe "WebAssembly clang -O2 -msimd128, drop-in: no relaxed-SIMD instruction" 0 '^0$' -- \
  relaxed "$work/wasm-simd128-O2.o"

[ "$fails" -eq 0 ] || { echo "$me: $fails checks failed" >&2; exit 1; }
echo "$me: all rows give $expected"
