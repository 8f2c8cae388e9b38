#!/usr/bin/env bash
# test-native.sh - build for this machine and run the Criterion suites, cb-info, cb-digest and the quick benchmark through meson test.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests, criterion_summary, native_dir
bash scripts/deps.sh build test

dir=$native_dir # also used by scripts/test-x86-cpus.sh
setup "$dir" "${native_options[@]}"
build "$dir"
"$dir/tools/cb-info"
rc=0
run_tests "$dir" --num-processes "$jobs" || rc=$?
echo "$me: Criterion synthesis (native):"
criterion_summary "$dir/meson-logs/testlog.txt"
record_digests "Linux x86-64" "$dir/meson-logs/testlog.txt"
exit "$rc"
