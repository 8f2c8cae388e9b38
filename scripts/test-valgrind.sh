#!/usr/bin/env bash
# test-valgrind.sh - valgrind memcheck (meson's 'valgrind' test setup) of a plain driver that calls every entry point on every backend valgrind can run; errors or leaks fail, and a planted leak must be caught.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests, native_dir
bash scripts/deps.sh build test valgrind

# The native stage's release build (lib.sh), the code users run: memcheck
# needs no debug build to see a bad read, a leak or an uninitialised value,
# and sharing it spares this stage a build of its own.
dir=$native_dir
setup "$dir" "${native_options[@]}"
# meson.build defines the 'valgrind' test setup only if it found valgrind when
# it last configured: a DIR configured before valgrind was installed needs another look.
grep -q '^Program valgrind found: YES' "$dir/meson-logs/meson-log.txt" ||
  meson setup --reconfigure "$dir" >/dev/null
build "$dir" tests/reliability/rel-driver
echo "$me: $(valgrind --version) memcheck, options from add_test_setup('valgrind') in meson.build"

# valgrind 3.19 cannot execute AVX-512: it hides AVX-512 in the CPUID it
# reports, so the library does not pick it, and the driver also skips it by
# name when RUNNING_ON_VALGRIND (its "SKIP backend avx512" line below).
log=$dir/meson-logs/testlog-valgrind.txt
rc=0
run_tests "$dir" --setup valgrind rel-driver || rc=$?
grep -hE '^(rel-driver:|RUN  backend|SKIP backend)' "$log" | sed 's/^/  /'
grep -hE 'ERROR SUMMARY|in use at exit|All heap blocks|definitely lost' "$log" | sed 's/^==[0-9]*== */  /'
if [ "$rc" -ne 0 ]; then
  echo "$me: FAIL: memcheck errors or leaks (above)" >&2
  exit 1
fi

# The check must bite: the same test, leaking on purpose, must fail, and for
# the 4096-byte leak, not for another reason.
leak_log=$dir/meson-logs/leak-on-purpose-valgrind.txt
echo "$me: meson test -C $dir --setup valgrind --test-args=--leak-on-purpose rel-driver (must fail)"
if meson test -C "$dir" --no-rebuild --setup valgrind --logbase leak-on-purpose \
    --test-args=--leak-on-purpose rel-driver >/dev/null 2>&1; then
  cat "$leak_log" >&2
  echo "$me: FAIL: the planted leak was not reported (--leak-on-purpose passed)" >&2
  exit 1
fi
grep -q 'definitely lost: 4,096 bytes' "$leak_log" || {
  cat "$leak_log" >&2
  echo "$me: FAIL: the planted leak run failed, but not for the 4096-byte leak" >&2
  exit 1
}
echo "$me: planted 4096-byte leak detected as expected (--leak-on-purpose failed)"
