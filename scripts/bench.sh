#!/usr/bin/env bash
# bench.sh - the README's benchmark command: install build deps, configure a release build in build/bench, build cb-bench, run it (a one-screen summary on stdout, every table and the CSV and SVG files in bench-out/).
# Usage: bash scripts/bench.sh [cb-bench options]   e.g. --full (every row, several minutes), --quick, --sizes 1Ki,16Mi, --reps 15
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh build

# Release build of the library and cb-bench only: the benchmark must time
# what users link (-O3, the project's float flags), and needs neither the
# test framework nor the tools.
opts=(--buildtype=release -Dbench=enabled -Dtests=disabled -Dtools=disabled -Dfuzz=disabled)
if [ -f build/bench/meson-private/coredata.dat ]; then
  meson setup --reconfigure build/bench "${opts[@]}" >/dev/null
else
  meson setup build/bench "${opts[@]}" >/dev/null
fi
ninja -C build/bench bench/cb-bench >/dev/null

# Timings on a shared machine: say when others are busy (the run still goes:
# rows are interleaved, and min/median/max show the spread).
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo 0)
cpus=$(nproc 2>/dev/null || echo 1)
if awk -v l="$load" -v c="$cpus" 'BEGIN { exit !(l > 0.25 * c) }'; then
  echo "bench.sh: load average $load on $cpus CPUs: timings will be noisy; rerun when the machine is quiet" >&2
fi

exec build/bench/bench/cb-bench --out bench-out "$@"
