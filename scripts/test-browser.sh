#!/usr/bin/env bash
# test-browser.sh - the web example (examples/web/) in headless Chromium: both WebAssembly modules' digest computed in the page equal to the committed one, their shooter frames equal to a native run's, no page error.
#
# Steps:
#   1. packages: the wasm group (clang, lld, wasi-libc, node) and the browser
#      group (chromium, python3) of scripts/deps.sh; node 18 or later
#   2. the site: scripts/web.sh --site build/browser/site builds
#      examples/web/scene.wasm and tests/digest/cb-digest in build/wasm-scalar
#      and build/wasm-simd128 (reused from the wasm stage, configured as it
#      does when absent) and copies the page beside them
#   3. the native run of the same scene (examples/web/cb-scene in the native
#      build, lib.sh's native_dir): its frame, hit and overlap counts and the
#      hash of every frame's counts
#   4. the page from python3's http.server on a free port, in Chromium
#      (--headless=new, a fresh profile under build/browser/) driven by
#      scripts/cdp-run.mjs over --remote-debugging-pipe: ?frames=N runs N
#      frames on each module, then cb-digest of each module in a worker; any
#      uncaught exception, console error, failed or refused request, or the
#      timeout fails; the screenshot is build/browser/web.png (720 px wide:
#      docs/web-example.png is a copy)
#   5. the page's numbers against the expected ones: Chromium validates the
#      SIMD128 module (so both run); each module imports exactly the functions
#      listed below; each digest equals tests/digest/cb-digest.expected (and
#      cb-digest exited 0: every backend agreed); each module's frames, hits,
#      overlaps and hash equal the native run's. The digests go to the table
#      of scripts/test.sh (record_digests).
#   6. the live page (requestAnimationFrame) with ?simd=off, the fallback
#      path of a browser without SIMD128: the scalar module alone, frames
#      drawn, its digest (build/browser/live-scalar.png)
# When the machine cannot run it (no root/sudo for the packages, no usable
# node) it says so loudly; outside CI that is not a failure, under CI=true it is.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, native_dir, native_options, cannot, load_scale, record_digests

frames=600 # the frames the page and the native program run
# What the modules may import (wasi_snapshot_preview1, in the modules' order):
# the scene reaches getenv only (CB_BACKEND; wasi-libc exits when it cannot
# copy the environment), cb-digest is a WASI command.
scene_imports='environ_get environ_sizes_get proc_exit'
digest_imports='args_get args_sizes_get environ_get environ_sizes_get fd_close fd_fdstat_get'
digest_imports+=' fd_seek fd_write proc_exit'

# --- 1. packages
bash scripts/deps.sh build test wasm browser ||
  cannot Chromium "could not install clang, lld, wasi-libc, nodejs, chromium, python3 (need root or sudo)"
command -v node >/dev/null || cannot Chromium "no node on PATH after installing nodejs"
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$node_major" -ge 18 ] || cannot Chromium "node $(node --version) is older than 18"
chromium=$(command -v chromium) || cannot Chromium "no chromium on PATH after installing it"
version=$("$chromium" --version 2>/dev/null | grep -oE '[0-9]+(\.[0-9]+)+' | head -1)
echo "$me: Chromium $version ($chromium), node $(node --version)"

# --- 2. the site
out=build/browser
site=$out/site
bash scripts/web.sh --site "$site"

# --- 3. the native run
if [ ! -f "$native_dir/build.ninja" ]; then setup "$native_dir" "${native_options[@]}"; fi
build "$native_dir" examples/web/cb-scene
native=$("$native_dir/examples/web/cb-scene" --frames "$frames")
echo "$me: native: $native_dir/examples/web/cb-scene --frames $frames:"
printf '%s\n' "$native" | sed 's/^/  /'
read -r n_frames n_hits n_overlaps n_hash < <(awk '$1 == "frames" {print $2, $4, $6, $8}' <<<"$native")

# --- 4. the page in Chromium, from a local server
rm -rf "$out"/profile-* "$out"/*.png "$out"/*.log "$out"/*.txt "$out"/*.json
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >"$out/http.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" \
    2>/dev/null && break
  sleep 0.1
done
timeout=$((90 * $(load_scale)))

# open_page NAME QUERY: index.html?QUERY in Chromium (scripts/cdp-run.mjs),
# screenshot $out/NAME.png (720 px wide); fails the stage on any page error
# or the timeout; the result in $out/NAME.json and flattened into
# $out/NAME.txt, "KEY VALUE" lines (MODULE.KEY for each module's, imports
# without their module name), each module's cb-digest output in
# $out/NAME-cb-digest-MODULE.txt.
open_page() {
  local name=$1 url="http://127.0.0.1:$port/index.html?$2" rc
  echo "$me: $url in headless Chromium (timeout $timeout s)"
  set +e
  node scripts/cdp-run.mjs "$chromium" "$url" "$out/profile-$name" "$out/$name.png" 720 \
    "$timeout" >"$out/$name.log"
  rc=$?
  set -e
  grep -E '^(browser|screenshot):' "$out/$name.log" | sed 's/^/  /'
  if [ "$rc" -ne 0 ]; then
    echo "$me: FAIL: the page did not finish cleanly (errors above; $out/$name.log)" >&2
    exit 1
  fi
  sed -n 's/^result: //p' "$out/$name.log" >"$out/$name.json"
  python3 - "$out/$name.json" "$out/$name-cb-digest" >"$out/$name.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print("userAgent", r.get("userAgent"))
print("simdValid", str(r.get("simdValid")).lower())
print("modules", " ".join(r.get("modules", {})))
for name, m in r.get("modules", {}).items():
    for key, value in m.items():
        if key == "digestOutput":
            with open(f"{sys.argv[2]}-{name}.txt", "w") as f:
                f.write(value)
        elif key in ("imports", "digestImports"):
            print(f"{name}.{key}", " ".join(i.split(".", 1)[1] for i in value))
        else:
            print(f"{name}.{key}", value)
PY
}
# get NAME KEY: a value of page run NAME's result
get() { awk -v k="$2" '$1 == k {sub(/^[^ ]+ /, ""); print; exit}' "$out/$1.txt"; }
fails=0
check() { # check DESCRIPTION GOT WANT
  if [ "$2" = "$3" ]; then
    printf '  %-58s PASS (%s)\n' "$1" "$2"
  else
    printf '  %-58s FAIL (%s, expected %s)\n' "$1" "${2:-nothing}" "$3"
    fails=$((fails + 1))
  fi
}
expected=$(tr -d '[:space:]' <tests/digest/cb-digest.expected)
# check_module RUN MODULE: what every page run checks of a module
check_module() {
  check "$2 scene module: imports" "$(get "$1" "$2.imports")" "$scene_imports"
  check "$2 cb-digest module: imports" "$(get "$1" "$2.digestImports")" "$digest_imports"
  check "$2 module: digest in the page (cb-digest.expected)" "$(get "$1" "$2.digest")" "$expected"
  check "$2 module: cb-digest exit status" "$(get "$1" "$2.digestExit")" 0
}

# --- 5. the test run: N frames on each module, both digests
open_page web "frames=$frames"
echo "$me: the page's numbers ($(get web userAgent))"
check "SIMD128 module validated (WebAssembly.validate)" "$(get web simdValid)" true
check "modules run" "$(get web modules)" "simd128 scalar"
for b in simd128 scalar; do
  check_module web "$b"
  check "$b module: frames" "$(get web "$b.frames")" "$n_frames"
  check "$b module: hits (native cb-scene)" "$(get web "$b.hits")" "$n_hits"
  check "$b module: blast overlaps (native cb-scene)" "$(get web "$b.overlaps")" "$n_overlaps"
  check "$b module: hash of the per-frame counts (native)" "$(get web "$b.hash")" "$n_hash"
  label=$([ "$b" = simd128 ] && echo SIMD128 || echo scalar)
  record_digests "Chromium $version $label module" "$out/web-cb-digest-$b.txt"
  printf '    %s: %.3f ms per frame, cb-digest in %.1f s\n' "$b" \
    "$(get web "$b.msPerFrame")" "$(get web "$b.digestSeconds")"
done

# --- 6. the live page as a browser without SIMD128 gets it (?simd=off: the
# page skips the SIMD128 module as when WebAssembly.validate refuses it):
# the scalar module alone, drawn frame after frame (requestAnimationFrame)
open_page live-scalar "simd=off"
echo "$me: the live page without the SIMD128 module"
check "modules run" "$(get live-scalar modules)" scalar
check_module live-scalar scalar
live_frames=$(get live-scalar scalar.frames)
check "scalar module: live frames drawn > 0" "$([ "${live_frames:-0}" -gt 0 ] && echo yes)" yes
echo "    scalar: $live_frames frames while cb-digest ran"
kill "$server" 2>/dev/null || true

if [ "$fails" -ne 0 ]; then
  echo "$me: FAIL ($fails checks; the page's results: $out/*.json)" >&2
  exit 1
fi
echo "$me: PASS (screenshots $out/web.png, $out/live-scalar.png)"
