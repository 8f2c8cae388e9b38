#!/usr/bin/env bash
# test-threads.sh - simultaneous first use and backend switching under ThreadSanitizer; any report fails the stage (and a planted race proves it would).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests
bash scripts/deps.sh build test

# gcc here (clang builds the fuzz stage); the race includes every backend this CPU runs.
# -O0: ThreadSanitizer sees every access the source makes at any level, and
# the kernel files, every registry row's kernel inlined, compile in half the
# time of -O1 (38 s against 84 s for AVX2's), which is most of this stage;
# the rounds run a few seconds longer.
dir=build/threads
CC=gcc setup "$dir" -Doptimization=0 -Ddebug=true -Dtests=enabled -Dbench=disabled \
  -Dtools=disabled -Db_sanitize=thread "-Dc_args=$one_copy"
build "$dir" tests/reliability/rel-threads

# halt_on_error: the first report ends the process with exitcode 66, and the
# program's parent (each round is a fresh forked process) fails on it.
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
run_tests "$dir" rel-threads rel-threads-race-must-fail
echo "$me: rel-threads output:"
grep -E '^(round|threads:)' "$dir/meson-logs/testlog.txt" | sed 's/^/  /'
