#!/usr/bin/env bash
# test-valgrind.sh - valgrind memcheck of a plain driver that calls every entry point on every backend valgrind can run; errors or leaks fail, and a planted leak must be caught.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build test valgrind

. scripts/lib.sh # setup, build

dir=build/valgrind
setup "$dir" env CC=gcc meson setup "$dir" --buildtype=debugoptimized -Dtests=enabled -Dbench=false \
    -Dtools=false
build "$dir" tests/reliability/rel-driver
driver=$dir/tests/reliability/rel-driver

# valgrind 3.19 cannot execute AVX-512: it hides AVX-512 in the CPUID it
# reports, so the library does not pick it, and the driver also skips it by
# name when RUNNING_ON_VALGRIND (its "SKIP backend avx512" line below).
vg=(valgrind --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,indirect
    --errors-for-leak-kinds=definite,indirect --track-origins=yes)
echo "test-valgrind: $(valgrind --version) memcheck on $driver"
if ! "${vg[@]}" --log-file="$dir/valgrind.log" "$driver"; then
  cat "$dir/valgrind.log" >&2
  echo "test-valgrind: FAIL: memcheck errors or leaks (above)" >&2
  exit 1
fi
grep -E 'ERROR SUMMARY|in use at exit|All heap blocks' "$dir/valgrind.log" | sed 's/^==[0-9]*== /  /'

# The check must bite: a run that leaks on purpose must fail.
if "${vg[@]}" --log-file="$dir/valgrind-leak.log" "$driver" --leak-on-purpose >/dev/null; then
  echo "test-valgrind: FAIL: the planted leak was not reported (--leak-on-purpose exited 0)" >&2
  exit 1
fi
grep -q 'definitely lost: 4,096 bytes' "$dir/valgrind-leak.log" || {
  cat "$dir/valgrind-leak.log" >&2
  echo "test-valgrind: FAIL: the planted leak run failed, but not for the 4096-byte leak" >&2
  exit 1
}
echo "test-valgrind: planted 4096-byte leak detected as expected (--leak-on-purpose failed)"
