#!/usr/bin/env bash
# web.sh - the web example (examples/web/): build its modules in the wasm builds, copy the page beside them into build/web/ and serve it on http://127.0.0.1:PORT/.
#
# Usage: bash scripts/web.sh [--port N]     build, copy, serve (Ctrl-C stops)
#        bash scripts/web.sh --site DIR     build and copy into DIR only
#                                           (scripts/test-browser.sh)
# Builds build/wasm-scalar (-Dsimd128=disabled) and build/wasm-simd128 as
# scripts/test-wasm.sh configures them (the same directories and options:
# nothing is compiled twice), installing clang, lld and wasi-libc through
# scripts/deps.sh wasm. The site: index.html and web.js, each build's
# examples/web/scene.wasm and tests/digest/cb-digest (scene-<b>.wasm,
# cb-digest-<b>.wasm), and tests/digest/cb-digest.expected.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # wasm_setup, build

site=build/web port=8035 serve=1
while [ $# -gt 0 ]; do
  case $1 in
    --port) port=$2; shift 2 ;;
    --site) site=$2; serve=0; shift 2 ;;
    *) echo "usage: bash scripts/web.sh [--port N] | --site DIR" >&2; exit 2 ;;
  esac
done

bash scripts/deps.sh build wasm
for b in scalar simd128; do
  d=build/wasm-$b
  # configured once (lib.sh's wasm_setup, as test-wasm.sh does); an existing
  # build is reused
  [ -f "$d/build.ninja" ] || wasm_setup "$b"
  echo "$me: building $d: examples/web/scene.wasm, tests/digest/cb-digest"
  build "$d" examples/web/scene.wasm tests/digest/cb-digest
done

rm -rf "$site"
mkdir -p "$site"
cp examples/web/index.html examples/web/web.js tests/digest/cb-digest.expected "$site/"
for b in scalar simd128; do
  cp "build/wasm-$b/examples/web/scene.wasm" "$site/scene-$b.wasm"
  cp "build/wasm-$b/tests/digest/cb-digest" "$site/cb-digest-$b.wasm"
done
[ "$serve" = 1 ] || exit 0

echo "$me: serving $site on http://127.0.0.1:$port/ (Ctrl-C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
