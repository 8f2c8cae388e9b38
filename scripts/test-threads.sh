#!/usr/bin/env bash
# test-threads.sh - simultaneous first use and backend switching under ThreadSanitizer; any report fails the stage (and a planted race proves it would).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build test

# Configure once (a half-made dir from a failed setup is wiped), build
# quietly, and show the compiler's output only when something fails.
setup() { # DIR ARGS...
  local d=$1; shift
  [ -f "$d/build.ninja" ] && return 0
  rm -rf "$d"
  local out
  out=$("$@" 2>&1) || { echo "$out" >&2; echo "$(basename "$0"): meson setup $d failed" >&2; exit 1; }
}
build() { # DIR [TARGET...]
  local out
  out=$(ninja -j2 -C "$@" 2>&1) || { echo "$out" >&2; echo "$(basename "$0"): build failed" >&2; exit 1; }
}

# gcc: clang cannot build the AVX-512 backend with the project's flags, and
# the race must include every backend this CPU runs.
dir=build/threads
setup "$dir" env CC=gcc meson setup "$dir" --buildtype=debugoptimized -Dtests=enabled -Dbench=false \
    -Dtools=false -Db_sanitize=thread
build "$dir" tests/reliability/rel-threads

# halt_on_error: the first report ends the process with exitcode 66, and the
# program's parent (each round is a fresh forked process) fails on it.
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
meson test -C "$dir" --no-rebuild --print-errorlogs rel-threads rel-threads-race-must-fail
echo "test-threads: rel-threads output:"
grep -E '^(round|threads:)' "$dir/meson-logs/testlog.txt" | sed 's/^/  /'
