#!/usr/bin/env bash
# test-native.sh - build for this machine and run the Criterion suites, cb-info, cb-digest and the quick benchmark through meson test.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, criterion_summary
bash scripts/deps.sh build test

dir=build/native # also used by scripts/test-x86-cpus.sh
setup "$dir" meson setup "$dir" --buildtype=release -Dtests=enabled
build "$dir"
"$dir/tools/cb-info"
rc=0
meson test -C "$dir" --no-rebuild --print-errorlogs --num-processes 2 || rc=$?
echo "test-native: Criterion synthesis (native):"
criterion_summary "$dir/meson-logs/testlog.txt"
exit "$rc"
