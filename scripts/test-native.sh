#!/usr/bin/env bash
# test-native.sh - build for this machine and run the Criterion suite, cb-info and the quick benchmark through meson test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build test

dir=build/native
if [ ! -f "$dir/build.ninja" ]; then
  meson setup "$dir" --buildtype=release -Dtests=enabled >/dev/null
fi
ninja -C "$dir" >/dev/null
"$dir/tools/cb-info"
meson test -C "$dir" --print-errorlogs --num-processes 2
