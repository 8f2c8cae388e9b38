#!/usr/bin/env bash
# test-aarch64.sh - cross-build for AArch64 and run the whole suite under qemu-user (the machine files' exe_wrapper): NEON and scalar checked bit-for-bit, dispatch checked.
#
# Steps (each idempotent, quiet when already done):
#   1. packages: cross GCC + qemu-user-static (scripts/deps.sh cross)
#   2. a private arm64 Criterion sysroot under build/ and the machine file
#      naming it (scripts/cross-sysroot.sh arm64, cached)
#   3. binfmt_misc: the kernel hands aarch64 ELFs to qemu, which Criterion
#      needs because it re-executes its own binary for every test
#   4. meson cross build in build/aarch64 (library, tools, digest, the Criterion suite)
#   5. dispatch checks that read cb-info's and cb-digest's output, then
#      `meson test`, which runs every test under qemu by itself (exe_wrapper;
#      smaller sizes, CB_SIZES=sample, tests/check.h;
#      in cross/aarch64-linux-gnu.ini and sysroot.ini; twice the timeouts
#      of meson.build, a test that timed out once more): the same CB_SEED
#      as the native stage reaches the tests, and cb-digest must print the
#      digest committed in tests/digest/cb-digest.expected (the x86-64 value).
# When the machine cannot do it (no root/sudo, no binfmt_misc, no network) it
# says so loudly; outside CI that is not a failure (the native stages still
# count), under CI=true it is.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests, criterion_summary, cannot, probe, register_binfmt

dir=build/aarch64
# The cross file's exe_wrapper, for the checks below that read a program's
# output; the binfmt_misc qemu finds the arm64 C runtime through QEMU_LD_PREFIX.
prefix=/usr/aarch64-linux-gnu
qemu=(qemu-aarch64-static -L "$prefix")

# --- 1. packages
bash scripts/deps.sh build cross || cannot AArch64 "could not install the cross compiler and qemu-user-static (need root or sudo)"

# --- 2. the private arm64 Criterion sysroot
ini=$(bash scripts/cross-sysroot.sh arm64 build/aarch64-sysroot) ||
  cannot AArch64 "could not build the arm64 Criterion sysroot (apt-get download failed: network?)"

# --- 3. binfmt_misc for qemu-aarch64 (register_binfmt in lib.sh sets $binfmt_why on failure)
binfmt_ok=1
register_binfmt qemu-aarch64 || binfmt_ok=0

# --- 4. cross build
setup "$dir" --cross-file cross/aarch64-linux-gnu.ini --cross-file "$ini" --buildtype=release -Dtests=enabled -Dbench=disabled
build "$dir"

# A binfmt entry that exists but cannot start qemu here (registered without
# the F flag from another root filesystem) is as good as none: try it.
if [ "$binfmt_ok" = 1 ] && ! QEMU_LD_PREFIX=$prefix "$dir/tools/cb-info" >/dev/null 2>&1; then
  binfmt_ok=0
  binfmt_why="binfmt_misc has qemu-aarch64, but an aarch64 program still cannot be executed directly"
fi

# --- 5a. dispatch on AArch64 (single-process programs: qemu directly, no binfmt needed)
fails=0
info=$dir/tools/cb-info digest=$dir/tests/digest/cb-digest
echo "$me: dispatch under ${qemu[*]}"
probe "cb-info: auto picks neon" 0 '^active: neon \(auto:' -- env -u CB_BACKEND "${qemu[@]}" "$info"
probe "cb-info: CB_BACKEND=neon honoured" 0 '^active: neon \(forced by the CB_BACKEND' \
  -- env CB_BACKEND=neon "${qemu[@]}" "$info"
probe "cb-info: CB_BACKEND=scalar honoured" 0 '^active: scalar \(forced by the CB_BACKEND' \
  -- env CB_BACKEND=scalar "${qemu[@]}" "$info"
probe_foreign avx2 neon "$info" "$digest" "${qemu[@]}"
# The digest itself (every backend equal to scalar and to the committed
# value: auto, under CB_BACKEND=avx2, forced to scalar and to neon, static)
# is the meson suite's digest tests below; a whole digest costs some 20 s
# under qemu, so it is not computed here a second time.

# --- 5b. the meson test suite, every test under qemu through exe_wrapper.
# With smaller sizes (CB_SIZES=sample; tests/check.h): a sample of the
# lengths (0..17, the word boundaries, the odd large ones) in three of the
# five layouts, the large corpus and the big sets smaller, where the full
# ones would cost most of the stage under emulation; the digest still runs
# its whole corpus on NEON and scalar. Not here: the plain checker (suite plain: the
# Criterion suites make its checks, and it runs in full under wine and
# node) and the benchmark (timings under qemu mean nothing; -Dbench=disabled).
#
# qemu-user can deadlock in the fork of a program with threads (Criterion's
# runner forks a worker per test): seen once in the pairs suite, the forked
# qemu waiting on a futex before its exec, using no CPU, forever. So the
# timeouts here are twice meson.build's (the Criterion suites 1200 s, the
# longest takes about 240 s under qemu; the digests 60 s, they take 21 s),
# not the 'emulated' setup's ten times (both times run_tests' load scale),
# and a test that timed out runs once more, said so. Any other failure
# fails the stage.
if [ "$binfmt_ok" = 1 ]; then
  rc=0
  log=$dir/meson-logs/testlog.txt first=$dir/meson-logs/testlog-first.txt
  echo "$me: the suite with smaller sizes (CB_SIZES=sample)"
  CB_SIZES=sample run_tests "$dir" --num-processes "$jobs" --no-suite plain \
    --timeout-multiplier 2 || rc=$?
  cp "$log" "$first"
  logs=("$first")
  timed_out=$(python3 -c '
import json, sys
res = [json.loads(line) for line in open(sys.argv[1])]
bad = [r for r in res if r["result"] not in ("OK", "SKIP", "EXPECTEDFAIL")]
if bad and all(r["result"] == "TIMEOUT" for r in bad):
    print(" ".join(r["name"].split(" / ")[-1] for r in bad))' "$dir/meson-logs/testlog.json")
  if [ "$rc" -ne 0 ] && [ -n "$timed_out" ]; then
    echo "$me: timed out under qemu: $timed_out; once more (a qemu-user fork can deadlock)"
    rc=0
    read -ra again <<<"$timed_out"
    CB_SIZES=sample run_tests "$dir" --num-processes "$jobs" --timeout-multiplier 2 \
      "${again[@]}" || rc=$?
    logs+=("$log")
  fi
  echo "$me: Criterion synthesis under qemu-aarch64 (CB_SEED=${CB_SEED:-unset}):"
  for l in "${logs[@]}"; do criterion_summary "$l"; done
  record_digests "Linux AArch64 (qemu)" "${logs[@]}"
  if [ "$rc" -ne 0 ] || [ "$fails" -ne 0 ]; then
    echo "$me: FAIL (meson test exit $rc, $fails dispatch checks failed)" >&2
    exit 1
  fi
  echo "$me: PASS"
  exit 0
fi

# No binfmt: only the single-process programs (cb-info, cb-digest) can run.
echo "$me: binfmt unavailable: running only the tools and digest suites (no Criterion)"
rc=0
run_tests "$dir" --num-processes "$jobs" --suite tools --suite digest || rc=$?
record_digests "Linux AArch64 (qemu)" "$dir/meson-logs/testlog.txt"
if [ "$rc" -ne 0 ] || [ "$fails" -ne 0 ]; then
  echo "$me: FAIL (tools and digest suites exit $rc, $fails dispatch checks failed)" >&2
  exit 1
fi
cannot AArch64 "$binfmt_why; the Criterion suite did not run under qemu (only cb-info/cb-digest did)"
