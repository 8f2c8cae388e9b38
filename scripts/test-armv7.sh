#!/usr/bin/env bash
# test-armv7.sh - cross-build for Armv7 hard-float (scalar backend, VFP, no NEON) and run it under qemu-user: dispatch, no Advanced SIMD in the code, the digest, the plain checker, and the Criterion suites where the distribution packages Criterion for armhf.
#
# Steps (each idempotent, quiet when already done):
#   1. packages: cross GCC for arm-linux-gnueabihf + qemu-user-static
#      (scripts/deps.sh armv7)
#   2. a private armhf Criterion sysroot (scripts/cross-sysroot.sh armhf,
#      cached). Debian 12 builds no Criterion for armhf: then the Criterion
#      suites are not built, said loudly, and the plain checker (cb-check,
#      the same bit-for-bit checks as the suites, tests/check.c) and the
#      digest are the tests
#   3. with Criterion: binfmt_misc for qemu-arm (Criterion re-executes its
#      own binary for every test; register_binfmt in lib.sh)
#   4. meson cross build in build/armv7 through cross/arm-linux-gnueabihf.ini
#   5. checks: the library holds no Advanced SIMD (NEON) instruction, which
#      would flush denormals whatever FPSCR says (its build attributes name
#      no Advanced SIMD, and its disassembly uses no q register); dispatch
#      read from cb-info's and cb-digest's output; then `meson test` under
#      qemu (exe_wrapper): the digest tests (scalar, its forced, static and
#      CB_BACKEND=neon variants, each equal to the committed digest, in the
#      caller's and a hostile FPSCR: flush-to-zero and round toward zero),
#      cb-check --quick directly under qemu (the whole run takes over ten
#      minutes there), and with Criterion the api, dispatch and pairs suites
#      (the size limits a 32-bit size_t takes another path through) with
#      smaller sizes (CB_SIZES=sample, tests/check.h).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests, criterion_summary, cannot, probe, register_binfmt

dir=build/armv7
prefix=/usr/arm-linux-gnueabihf
qemu=(qemu-arm-static -L "$prefix")
platform="Linux Armv7 hard-float (qemu)"

# --- 1. packages
bash scripts/deps.sh build armv7 ||
  cannot Armv7 "could not install the armhf cross compiler and qemu-user-static (need root or sudo)"

# --- 2. the private armhf Criterion sysroot, where there is one
machine=(--cross-file cross/arm-linux-gnueabihf.ini)
criterion=1 src=0
ini=$(bash scripts/cross-sysroot.sh armhf) || src=$?
case $src in
  0) machine+=(--cross-file "$ini") ;;
  3) criterion=0
     loud "the Criterion suites NOT TESTED on Armv7: the distribution has no Criterion for armhf" \
       "(Debian 12 builds none); the digest and the plain checker cb-check run instead" ;;
  *) cannot Armv7 "could not build the armhf Criterion sysroot (apt-get download failed?)" ;;
esac

# --- 3. binfmt_misc for qemu-arm (only Criterion's children need it)
if [ "$criterion" = 1 ] && ! register_binfmt qemu-arm; then
  cannot Armv7 "$binfmt_why; the Criterion suites cannot run under qemu"
fi

# --- 4. cross build (Criterion's suites only with the sysroot: tests=auto)
tests=enabled
[ "$criterion" = 1 ] || tests=auto
setup "$dir" "${machine[@]}" --buildtype=release -Dtests="$tests" -Dbench=disabled
build "$dir"

# --- 5a. no Advanced SIMD in the library
fails=0
lib=$dir/libcbatch.so
echo "$me: the library's code"
probe "build attributes: VFPv3-D16 hard-float, no Advanced SIMD" 0 'Tag_FP_arch: VFPv3' \
  'Tag_ABI_VFP_args: VFP registers' -- arm-linux-gnueabihf-readelf -A "$lib"
if grep -q 'Tag_Advanced_SIMD_arch' <<<"$out"; then
  printf '  %-66s FAIL\n' "no Tag_Advanced_SIMD_arch in the attributes"
  fails=$((fails + 1))
fi
probe "disassembly: no q register (NEON only)" 0 '' -- arm-linux-gnueabihf-objdump -d "$lib"
if grep -qE '[[:space:],{]q([0-9]|1[0-5])([,}]|$)' <<<"$out"; then
  printf '  %-66s FAIL\n' "a q register in the disassembly:"
  grep -E '[[:space:],{]q([0-9]|1[0-5])([,}]|$)' <<<"$out" | head -5 | sed 's/^/      | /'
  fails=$((fails + 1))
fi

probe "no fused multiply-add (scripts/check-no-fma.sh)" 0 '^check-no-fma: 0 fused' \
  -- bash scripts/check-no-fma.sh arm-linux-gnueabihf-objdump "$lib"

# --- 5b. dispatch on Armv7 (single-process programs: qemu directly)
info=$dir/tools/cb-info digest=$dir/tests/digest/cb-digest
echo "$me: dispatch under ${qemu[*]}"
probe "cb-info: auto picks scalar" 0 '^active: scalar \(auto:' \
  -- env -u CB_BACKEND "${qemu[@]}" "$info"
probe "cb-info: neon absent, with the reason" 0 \
  '^  neon +absent +not in this build: Armv7 NEON flushes denormals to zero, which the contract forbids' \
  -- env -u CB_BACKEND "${qemu[@]}" "$info"
probe_foreign neon scalar "$info" "$digest" "${qemu[@]}"

# --- 5c. the plain checker, --quick (its smaller run for emulators:
# lengths to 67 in every layout, a large corpus of 4097, pairs of up to 17
# elements; the whole run takes over ten minutes under qemu), directly
# under qemu: every entry, the scalar kernels and the public functions
# against the independent reference, bit for bit, in the caller's and a
# hostile FPSCR, and the size limits of a 32-bit size_t (tb_check_size_limits,
# the suites' pairs/sizes); and the proof that it reports a planted mismatch
check=$dir/tests/plain/cb-check
echo "$me: the plain checker under qemu-arm"
probe "cb-check --quick: PASS" 0 '^cb-check: PASS$' '^  float modes: hostile modes' \
  '^size limits \(size_t of 32 bits\): [0-9]+ calls' \
  -- "${qemu[@]}" "$check" --quick
printf '%s\n' "$out" | grep -A6 '^cb-check summary' | sed 's/^/      /'
probe "cb-check --quick --inject-mismatch: the planted mismatch caught" 0 '' \
  -- "${qemu[@]}" "$check" --quick --inject-mismatch

# --- 5d. meson test under qemu: the digest and the tools, and with
# Criterion the api, dispatch and pairs suites (sampled sizes)
tests=()
[ "$criterion" = 1 ] && tests=(test_api test_dispatch test_pairs)
rc=0
echo "$me: the digest and tools suites${tests[*]:+, ${tests[*]}} (CB_SIZES=sample)"
CB_SIZES=sample run_tests "$dir" --num-processes "$jobs" --suite digest --suite tools || rc=$?
logs=("$dir/meson-logs/testlog-digest.txt")
cp "$dir/meson-logs/testlog.txt" "${logs[0]}"
if [ "$criterion" = 1 ]; then
  logs+=("$dir/meson-logs/testlog.txt")
  CB_SIZES=sample run_tests "$dir" --num-processes "$jobs" "${tests[@]}" || rc=$?
  echo "$me: Criterion synthesis under qemu-arm (CB_SEED=${CB_SEED:-unset}):"
  criterion_summary "${logs[1]}"
fi
record_digests "$platform" "${logs[@]}"
if [ "$rc" -ne 0 ] || [ "$fails" -ne 0 ]; then
  echo "$me: FAIL (meson test exit $rc, $fails checks failed)" >&2
  exit 1
fi
[ "$criterion" = 1 ] || note=" (without the Criterion suites: no Criterion for armhf)"
echo "$me: PASS${note:-}"
