#!/usr/bin/env bash
# test-riscv64.sh - cross-build for RISC-V 64 (riscv64-linux-gnu, lp64d) and run the plain programs under qemu-user: the scalar backend, the float guard of the rounding mode frm, the committed digest, the bit-for-bit checker.
#
# Steps (each idempotent, quiet when already done):
#   1. packages: the riscv64 cross GCC and glibc, qemu-user-static
#      (scripts/deps.sh riscv64)
#   2. meson cross build in build/riscv64 (cross/riscv64-linux-gnu.ini): the
#      library, cb-info, cb-digest (shared and static), cb-check, the C99
#      header consumer, the examples. Debian 12 has no riscv64 release
#      architecture, so there is no riscv64 Criterion: the plain checker
#      makes the suites' bit-for-bit checks instead. Every program is a
#      single process, so the cross file's exe_wrapper runs it (no
#      binfmt_misc).
#   3. dispatch, read off cb-info and cb-digest: scalar is chosen, every
#      other backend is absent with the reason, CB_BACKEND naming a foreign
#      one is ignored
#   4. the code (riscv64 objdump and nm): no fused multiply-add, the scalar
#      square root is fsqrt.s and no libm call
#   5. `meson test` under qemu through exe_wrapper, with the emulators'
#      smaller sizes (CB_SIZES=sample): cb-digest (its whole corpus: the
#      scalar kernels, the public functions, and the public functions with
#      the caller's rounding mode set toward zero, which the guard must undo)
#      and its --public runs (scalar forced, CB_BACKEND=neon, the static
#      library) must print tests/digest/cb-digest.expected (the x86-64
#      value); cb-check in its quick mode (CB_SIZES=sample means --quick:
#      the whole run would take most of an hour under qemu) and its
#      injected-mismatch self-test; cb-info, the header and the examples.
#      The raw scalar kernels under round-toward-zero must give another
#      digest, the proof that the mode is hostile here and the guard tested.
# RISC-V F/D has no flush-to-zero mode (denormals are always kept): the
# hostile float mode on RISC-V is the rounding mode alone (testkit/fpctl.h).
# When the machine cannot do it (no root/sudo, no network, qemu cannot run a
# riscv64 program) it says so loudly; outside CI that is not a failure (the
# native stages still count), under CI=true it is.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests, cannot, probe, record_digests

dir=build/riscv64
# The cross file's exe_wrapper, for the checks below that read a program's output.
qemu=(qemu-riscv64-static -L /usr/riscv64-linux-gnu)
expected=$(tr -d '[:space:]' <tests/digest/cb-digest.expected)

# --- 1. packages
bash scripts/deps.sh build riscv64 ||
  cannot "RISC-V 64" \
    "could not install the riscv64 cross compiler and qemu-user-static (need root or sudo)"

# --- 2. cross build (no benchmark: timings under qemu mean nothing)
setup "$dir" --cross-file cross/riscv64-linux-gnu.ini --buildtype=release -Dbench=disabled
build "$dir"
info=$dir/tools/cb-info digest=$dir/tests/digest/cb-digest lib=$dir/libcbatch.so
env -u CB_BACKEND "${qemu[@]}" "$info" >/dev/null 2>&1 ||
  cannot "RISC-V 64" "${qemu[*]} cannot run the riscv64 cb-info"
echo "$me: built with riscv64-linux-gnu-gcc $(riscv64-linux-gnu-gcc -dumpfullversion) (lp64d)," \
  "run by $(qemu-riscv64-static --version | head -1)"

# --- 3. dispatch
fails=0 # probe (lib.sh) counts its failures here
echo "$me: dispatch under ${qemu[*]}"
absent=()
for b in sse avx2 avx512 neon simd128; do
  absent+=("^  $b +absent +not in this build: built for RISC-V, which has only the scalar backend")
done
probe "cb-info: auto picks scalar, every other backend absent (RISC-V)" 0 \
  '^  scalar +runnable' "${absent[@]}" '^active: scalar \(auto:' \
  -- env -u CB_BACKEND "${qemu[@]}" "$info"
probe "cb-info: CB_BACKEND=scalar honoured" 0 '^active: scalar \(forced by the CB_BACKEND' \
  -- env CB_BACKEND=scalar "${qemu[@]}" "$info"
probe_foreign neon scalar "$info" "$digest" "${qemu[@]}"

# --- 4. the code: what -ffp-contract=off and the scalar backend's v_sqrt promise
echo "$me: the library's code (riscv64-linux-gnu-objdump, nm)"
r=PASS
out=$(bash scripts/check-no-fma.sh riscv64-linux-gnu-objdump "$lib" 2>&1) ||
  { r=FAIL; fails=$((fails + 1)); }
printf '  %-66s %s\n' "$out" "$r"
n_sqrt=$(riscv64-linux-gnu-objdump -d --no-show-raw-insn "$lib" | grep -cE $'\tfsqrt\\.s\t' || true)
calls=$(riscv64-linux-gnu-nm -D --undefined-only "$lib" | grep -cE ' sqrtf?(@|$)' || true)
if [ "$n_sqrt" -gt 0 ] && [ "$calls" -eq 0 ]; then
  printf '  %-66s PASS\n' "square root: $n_sqrt fsqrt.s instructions, no libm sqrtf"
else
  printf '  %-66s FAIL\n' "square root: $n_sqrt fsqrt.s instructions, $calls libm sqrt imports"
  fails=$((fails + 1))
fi

# --- 5. meson test under qemu (exe_wrapper); cb-check in its quick mode
rc=0
CB_SIZES=sample run_tests "$dir" --num-processes "$jobs" || rc=$?
log=$dir/meson-logs/testlog.txt
record_digests "Linux RISC-V 64 (qemu)" "$log"
echo "$me: summary (CB_SEED=${CB_SEED:-unset})"
runs=$(grep -cE "^expected: $expected \\(match\\)$" "$log" || true)
echo "  cb-digest: $runs runs under qemu matched $expected (the committed x86-64 value)"
grep -hE '^  (public functions, caller set|raw scalar kernels, same env)|^    \(caller' "$log" |
  sort -u | sed 's/^ */    /'
# The raw kernels in the hostile mode must differ: else the mode changed
# nothing here, and the public functions' "same" would not test the guard.
if ! grep -qE '^  raw scalar kernels, same env +0x[0-9a-f]+  differs' "$log"; then
  echo "  FAIL: round toward zero left the raw scalar kernels' digest as it was:" \
    "the guard is untested"
  fails=$((fails + 1))
fi
if grep -q '^cb-check summary' "$log"; then
  echo "  cb-check (CB_SIZES=sample: its --quick run):"
  sed -n '/^cb-check summary/,/^cb-check: /p' "$log" | grep -vE '^  skipped: ' | sed 's/^/    /'
else
  echo "  cb-check: NOT RUN (no summary in $log)"
  fails=$((fails + 1))
fi
grep -h '^cb-check: the injected mismatch was reported' "$log" | cut -c1-100 | sed 's/^/  /'
if [ "$rc" -ne 0 ] || [ "$fails" -ne 0 ]; then
  echo "$me: FAIL (meson test exit $rc, $fails checks failed)" >&2
  exit 1
fi
echo "$me: PASS"
