#!/usr/bin/env bash
# test-i386.sh - build for 32-bit x86 (gcc -m32, SSE2 baseline) and run it natively: dispatch, the digest on every x86 backend, the plain checker and the Criterion suite, where size_t is 32 bits.
#
# Steps (each idempotent, quiet when already done):
#   1. packages: the host gcc's 32-bit C runtime (scripts/deps.sh i386)
#   2. a private i386 Criterion sysroot under build/ and the machine file
#      naming it (scripts/cross-sysroot.sh i386, cached): its exe_wrapper
#      puts the sysroot's libraries on LD_LIBRARY_PATH; the programs run on
#      this CPU, no emulator
#   3. meson build in build/i386 through cross/i686-linux-gnu.ini
#   4. no fused multiply-add in the library; dispatch checks that read
#      cb-info's and cb-digest's output; then
#      `meson test`: the digest tests (every x86 backend this CPU runs, each
#      equal to the committed digest, static and forced variants), the
#      plain checker, and every Criterion suite with smaller sizes
#      (CB_SIZES=sample, tests/check.h), among them the size limits a 32-bit
#      size_t takes another path through (api index_limit skips, saying so;
#      pairs sizes, pairs invalid_arguments, integer)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests, criterion_summary, cannot, probe, record_digests

dir=build/i386

# --- 1. packages
# (two calls: the i386 group names the runtime of the gcc the first installs)
if ! bash scripts/deps.sh build test || ! bash scripts/deps.sh i386; then
  cannot i386 "could not install the 32-bit C runtime (libc6-dev-i386, lib32gcc-N-dev; need root or sudo)"
fi

# --- 2. the private i386 Criterion sysroot
ini=$(bash scripts/cross-sysroot.sh i386) ||
  cannot i386 "could not build the i386 Criterion sysroot (apt-get download failed: network?)"

# --- 3. build
setup "$dir" --cross-file cross/i686-linux-gnu.ini --cross-file "$ini" --buildtype=release \
  -Dtests=enabled -Dbench=disabled
build "$dir"

# --- 4a. the code, and dispatch on 32-bit x86
info=$dir/tools/cb-info digest=$dir/tests/digest/cb-digest
echo "$me: the library's code, dispatch"
probe "no fused multiply-add (scripts/check-no-fma.sh)" 0 '^check-no-fma: 0 fused' \
  -- bash scripts/check-no-fma.sh objdump "$dir/libcbatch.so"
probe "cb-info: a 32-bit x86 program" 0 'ELF 32-bit .*Intel 80386' -- file -L "$info"
# The best x86 backend this CPU runs: the last "runnable" of cb-info's list
# (ascending preference), which auto must pick.
probe "cb-info: lists the backends" 0 '^  scalar  runnable' -- env -u CB_BACKEND "$info"
best=$(awk '$2 == "runnable" { b = $1 } END { print b }' <<<"$out")
probe "cb-info: auto picks $best, the best x86 backend this CPU runs" 0 \
  "^active: $best \\(auto:" -- env -u CB_BACKEND "$info"
probe "cb-info: sse, avx2 and avx512 in this build" 0 '^  sse  ' '^  avx2  ' '^  avx512  ' \
  -- env -u CB_BACKEND "$info"
probe "cb-info: CB_BACKEND=sse honoured" 0 '^active: sse \(forced by the CB_BACKEND' \
  -- env CB_BACKEND=sse "$info"
probe_foreign neon "$best" "$info" "$digest"

# --- 4b. the whole suite: digest, plain checker, Criterion (sampled sizes)
rc=0
echo "$me: the suite with smaller sizes (CB_SIZES=sample)"
CB_SIZES=sample run_tests "$dir" --num-processes "$jobs" || rc=$?
log=$dir/meson-logs/testlog.txt
echo "$me: Criterion synthesis on 32-bit x86 (CB_SEED=${CB_SEED:-unset}):"
criterion_summary "$log"
record_digests "Linux i386 (gcc -m32)" "$log"
if [ "$rc" -ne 0 ] || [ "$fails" -ne 0 ]; then
  echo "$me: FAIL (meson test exit $rc, $fails dispatch checks failed)" >&2
  exit 1
fi
echo "$me: PASS"
