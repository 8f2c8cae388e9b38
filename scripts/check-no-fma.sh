#!/usr/bin/env bash
# check-no-fma.sh - fail if a built library contains a fused multiply-add instruction (the float contract forbids them).
# Usage: check-no-fma.sh OBJDUMP LIBRARY
# Why: -ffp-contract=off is set project-wide, but a flag lost in a build
# change would let GCC/clang fuse dx*dx + dy*dy silently on FMA targets; the
# disassembly is the ground truth. x86 vfmadd*/vfmsub*/vfnmadd*/vfnmsub*,
# AArch64 fmla/fmls/fmadd/fmsub/fnmadd/fnmsub, Armv7 (VFPv4, NEON)
# vfma/vfms/vfnma/vfnms, RISC-V fmadd.s/fmsub.s/fnmadd.s/fnmsub.s (and .d).
set -euo pipefail
objdump=$1 lib=$2
count=$("$objdump" -d --no-show-raw-insn "$lib" |
  grep -ciE $'\t(v?f(n)?m(add|sub)[0-9a-z.]*|fml[as]|vfn?m[as]\\.f(32|64))[ \t]' || true)
echo "check-no-fma: $count fused multiply-add instructions in $(basename "$lib")"
[ "$count" -eq 0 ]
