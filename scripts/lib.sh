# lib.sh - what the test stages share: configure once with the options they name, build quietly, run meson test, summarise the Criterion logs, probe a program's exit status and output, register qemu-user in binfmt_misc, fail loudly when the machine cannot run a stage.
# A stage starts with:  set -euo pipefail; cd "$(dirname "$0")/.."; . scripts/lib.sh
# shellcheck shell=bash

me=$(basename "$0" .sh) # the stage's name in its messages: test-valgrind, ...

# The native release build: test-native.sh runs its suite, test-x86-cpus.sh
# runs its cb-digest under older CPU models, test-valgrind.sh its driver
# under memcheck. One definition, so the stages never configure the shared
# directory differently.
# shellcheck disable=SC2034 # read by the stages that source this file
native_dir=build/native
# shellcheck disable=SC2034
native_options=(--buildtype=release -Dtests=enabled)

# The optimization of the sanitizer builds (ASan+UBSan here, libFuzzer's in
# test-fuzz.sh, TSan in test-threads.sh): -O1 with debug info, the level
# the sanitizers' own documentation asks for. It finds what -O2 finds (the
# checks are on the source's operations) and the ISA files, every registry
# row's kernel inlined, compile about a fifth faster under instrumentation:
# those builds are most of their stages' time.
# shellcheck disable=SC2034
sanitized_build=(-Doptimization=1 -Ddebug=true)

# The instrumented builds (the sanitizer, fuzz and thread stages) add
# one_copy to their C flags: the kernels' specialised copies each go
# through their one general copy (CB_SPECIALIZE, src/kernel_batch.h), the
# same source lines and results from a fraction of the code. gcc's
# ASan+UBSan build of kernels_avx2.c: 90 s against 226 s; clang's fuzz
# build: 94 s against 317 s. The native stage tests the copies a release
# runs; these stages still compare every backend with scalar bit for bit.
# shellcheck disable=SC2034
one_copy=-DCB_SPECIALIZE=0

# The gcc ASan+UBSan build: test-sanitizers.sh runs the whole suite in it,
# test-fuzz.sh replays its evolved corpus through its cb-fuzz-replay (the
# other compiler's code generation of every backend than the clang fuzz
# build). -fno-sanitize-recover makes every UBSan finding fatal;
# -fsanitize=float-cast-overflow adds the check gcc leaves out of
# "undefined" (clang includes it: the fuzz build has it).
# -DCB_NO_FUSED_PATHS: the overlap query runs its generic blocks instead of
# the fused (x, y)-pair paths the native stage tests, so every ISA's generic
# AoS loaders are proven bit for bit against scalar here too. -g1: line
# tables only; reports still name the file and line, and the ISA files
# (every registry row's kernel, inlined) compile about 30% faster than with
# full debug info: the build is most of the sanitizer stage.
# shellcheck disable=SC2034
sanitizer_dir=build/sanitizers
# shellcheck disable=SC2034
sanitizer_options=("${sanitized_build[@]}" -Dtests=enabled -Dbench=disabled -Dfuzz=auto
  -Db_sanitize=address,undefined "-Dc_args=-fsanitize=float-cast-overflow -fno-sanitize-recover=all -DCB_NO_FUSED_PATHS -g1 $one_copy")

# The machine's cores: ninja's jobs and meson test's processes.
jobs=$(nproc 2>/dev/null || echo 2)

# setup DIR ARG...: `meson setup DIR ARG...`, quiet unless it fails. A DIR
# configured before is configured again with `meson setup --reconfigure DIR
# ARG...`, which applies ARG's options over the ones it holds (a stage must
# not pass on a build that lacks the tests or the sanitizer it names) and
# reads the machine files again; a half-made DIR from a failed setup is wiped
# first. Environment for meson goes before the call: CC=gcc setup DIR ....
setup() {
  local d=$1 out
  shift
  local how=(meson setup "$d")
  if [ -f "$d/build.ninja" ]; then
    how=(meson setup --reconfigure "$d")
  else
    rm -rf "$d"
  fi
  out=$("${how[@]}" "$@" 2>&1) || { echo "$out" >&2; echo "$me: ${how[*]} failed" >&2; exit 1; }
}

# build DIR [TARGET...]: ninja on every core; its output only when the
# build fails.
build() {
  local out
  out=$(ninja -j"$jobs" -C "$@" 2>&1) || { printf '%s\n' "$out" >&2; echo "$me: build failed" >&2; exit 1; }
}

# load_scale: how much longer than on a quiet machine a test may take now:
# 1 + the 1-minute load average per core, rounded up. Right after a build
# (two compilers running, load about 2 on 2 cores) that is 2; with two more
# busy processes on the machine, 3; at load 14, 8.
load_scale() {
  awk -v cores="$jobs" '{ s = $1 / cores; n = int(s); print 1 + n + (n < s) }' /proc/loadavg \
    2>/dev/null || echo 1
}

# run_tests DIR ARG...: `meson test` on the built DIR, said first, so each
# stage shows what it ran; meson lists every test with its result (SKIP by name).
# A timeout guards against a hang, not for speed: each is scaled by the
# load when the run starts (load_scale), so a second job on the machine
# does not fail a test for time. The base is the stage's own
# --timeout-multiplier N, else the one of the setup the run takes:
# meson.build's 'emulated' (the default of a cross build that runs its
# programs: AArch64 under qemu, Windows under wine, WebAssembly under
# node) and 'valgrind' setups give 10, a native run 1.
run_tests() {
  local d=$1 base=1 args=()
  shift
  if grep -q '^cross_file' "$d/meson-private/cmd_line.txt" 2>/dev/null; then base=10; fi
  while [ $# -gt 0 ]; do
    case $1 in
      --timeout-multiplier) base=$2; shift 2 ;;
      --setup) [ "$2" = valgrind ] && base=10
               args+=("$1" "$2"); shift 2 ;;
      *) args+=("$1"); shift ;;
    esac
  done
  local mult=$((base * $(load_scale))) load
  load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
  echo "$me: meson test -C $d ${args[*]} --timeout-multiplier $mult (load ${load:-?})"
  meson test -C "$d" --no-rebuild --print-errorlogs "${args[@]}" --timeout-multiplier "$mult"
}

# criterion_summary LOG: from a meson test log, each Criterion binary's
# synthesis line and every test or backend skipped, by name, once.
criterion_summary() {
  local log=$1
  [ -f "$log" ] || return 0
  awk '/^test: /{sub(/^test: +/,""); name=$0}
       /Synthesis:/{sub(/^.*Synthesis:/,"Synthesis:"); printf "  %-36s %s\n", name, $0}' \
    "$log" | sed 's/\x1b\[[0-9;]*m//g'
  local tested
  tested=$(grep -hoE 'backend [a-z0-9]+ \(against scalar\)' "$log" | awk '{print $2}' | sort -u | xargs)
  echo "  backends compared with scalar bit for bit: ${tested:-none}"
  grep -hoE '\[SKIP\].*|SKIP backend [a-z0-9]+: .*' "$log" | sed 's/\x1b\[[0-9;]*m//g' |
    sed 's/^/  skipped: /' | sort -u
}

# probe DESCRIPTION EXIT_STATUS REGEX... -- COMMAND...: PASS when the command
# exits with that status and every regex matches a line of its output
# (carriage returns dropped first: a Windows program under wine ends its
# lines with CR LF); prints the output and counts the failure in $fails
# otherwise. The output and status stay in $out and $rc for the caller.
fails=0
probe() {
  local desc=$1 want=$2 re ok=1
  shift 2
  local res=()
  while [ "$1" != "--" ]; do res+=("$1"); shift; done
  shift
  set +e
  out=$("$@" 2>&1)
  rc=$?
  set -e
  out=${out//$'\r'/}
  [ "$rc" = "$want" ] || ok=0
  for re in "${res[@]}"; do grep -qE -- "$re" <<<"$out" || ok=0; done
  if [ "$ok" = 1 ]; then
    printf '  %-66s PASS\n' "$desc"
  else
    printf '  %-66s FAIL (exit %s, expected %s)\n' "$desc" "$rc" "$want"
    printf '%s\n' "$out" | sed 's/^/      | /'
    fails=$((fails + 1))
  fi
}

# probe_foreign NAME ACTIVE INFO DIGEST [RUNNER...]: a backend not compiled
# into this build: CB_BACKEND=NAME is reported as not compiled and ACTIVE
# used (cb-info INFO), and cb-digest DIGEST --backend NAME exits 77; both
# run through RUNNER (qemu, or nothing).
probe_foreign() {
  local name=$1 active=$2 info=$3 digest=$4
  shift 4
  probe "cb-info: CB_BACKEND=$name: CB_ERR_NOT_COMPILED, $active used" 2 \
    "^CB_BACKEND: $name \\(backend not compiled into this build\\)\$" \
    "^active: $active \\(auto: the backend CB_BACKEND names is not in this build" \
    -- env CB_BACKEND="$name" "$@" "$info"
  probe "cb-digest --backend $name: CB_ERR_NOT_COMPILED, exit 77" 77 \
    "^backend $name: cb_set_backend -> CB_ERR_NOT_COMPILED" \
    -- env -u CB_BACKEND "$@" "$digest" --backend "$name"
}

# record_digests PLATFORM FILE...: every digest that cb-digest printed in
# FILE... (its "<backend> kernels 0x..." lines, and "public functions
# (<backend>) 0x..." as public:<backend>), one line "PLATFORM|BACKEND|DIGEST"
# each, into $digests_file; test.sh starts it empty and closes with a table
# of all platforms.
# shellcheck disable=SC2034 # read by test.sh
digests_file=build/digests.txt
record_digests() {
  local platform=$1
  shift
  mkdir -p build
  cat "$@" 2>/dev/null | tr -d '\r' |
    awk -v p="$platform" '$2 == "kernels" && $3 ~ /^0x[0-9a-f]+$/ {print p "|" $1 "|" $3}
      $1 == "public" && $3 ~ /^\(/ && $4 ~ /^0x[0-9a-f]+$/ {
        print p "|public:" substr($3, 2, length($3) - 2) "|" $4
      }' |
    sort -u >>"$digests_file"
}

# wasm_setup scalar|simd128: configure build/wasm-scalar (-Dsimd128=disabled:
# no SIMD instruction anywhere in the module) or build/wasm-simd128 (the
# scalar and simd128 backends, simd128 chosen), as test-wasm.sh tests them
# and web.sh serves them. First writes build/wasm32-wasi-paths.ini, the
# machine file naming this checkout for cross/wasm32-wasi.ini, rewritten only
# when its text changes (a newer machine file makes setup reconfigure).
wasm_setup() {
  local paths=build/wasm32-wasi-paths.ini want simd=enabled
  want=$(printf "# lib.sh: where this checkout is, for cross/wasm32-wasi.ini\n%s\n%s\n" \
    "[constants]" "cbatch_source = '$PWD'")
  mkdir -p build
  [ -f "$paths" ] && [ "$(cat "$paths")" = "$want" ] || printf '%s\n' "$want" >"$paths"
  [ "$1" = scalar ] && simd=disabled
  setup "build/wasm-$1" --cross-file "$paths" --cross-file cross/wasm32-wasi.ini \
    --buildtype=release "-Dsimd128=$simd"
}

# register_binfmt NAME (qemu-aarch64, qemu-arm): the kernel hands that
# architecture's ELFs to qemu-user-static, which Criterion needs because it
# re-executes its own binary for every test. Registers the line of
# qemu-user-static's /usr/lib/binfmt.d/NAME.conf when it is not there yet
# (root or passwordless sudo); returns 1 with the reason in $binfmt_why when
# it cannot.
# shellcheck disable=SC2034 # read by the stages that call register_binfmt
binfmt_why=""
register_binfmt() {
  local name=$1 bm=/proc/sys/fs/binfmt_misc sudo="" line out
  local conf=/usr/lib/binfmt.d/$name.conf
  if [ -e "$bm/$name" ] && grep -qx enabled "$bm/$name" 2>/dev/null &&
     grep -qx enabled "$bm/status" 2>/dev/null; then
    return 0 # already registered (by us, systemd-binfmt or binfmt-support)
  fi
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      sudo="sudo -n"
    else
      binfmt_why="$name is not registered in binfmt_misc, and registering it needs root"
      binfmt_why+=" (no passwordless sudo)"
      return 1
    fi
  fi
  if [ ! -e "$bm/register" ]; then
    $sudo mount -t binfmt_misc binfmt_misc "$bm" 2>/dev/null ||
      { binfmt_why="cannot mount binfmt_misc on $bm (container without the privilege?)"; return 1; }
  fi
  if [ ! -e "$bm/$name" ]; then
    [ -f "$conf" ] || { binfmt_why="$conf is missing (qemu-user-static not installed?)"; return 1; }
    line=$(grep -v '^[#;]' "$conf" | grep -m1 .)
    # The kernel parses the \x escapes itself: write the line verbatim.
    if ! out=$(printf '%s\n' "$line" | $sudo tee "$bm/register" 2>&1 >/dev/null); then
      case "$out" in
        *"File exists"*) ;; # registered meanwhile: that is what we wanted
        *) binfmt_why="registering $name failed: $out"; return 1 ;;
      esac
    fi
  fi
  if ! grep -qx enabled "$bm/status" || ! grep -qx enabled "$bm/$name"; then
    binfmt_why="binfmt_misc or its $name entry is disabled (left as the admin set it)"
    return 1
  fi
}

# loud MESSAGE: a banner on stderr, for what must not scroll by unnoticed.
loud() {
  {
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    echo "!!! $me: $*"
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  } >&2
}

# cannot WHAT REASON: this machine cannot run the stage (no root, no network,
# no binfmt_misc...): "WHAT NOT TESTED: REASON", loudly. Under CI=true that
# fails the stage; elsewhere it ends the stage as a skip (the others count).
cannot() {
  loud "$1 NOT TESTED: $2"
  if [ "${CI:-}" = true ]; then
    echo "$me: CI=true: failing the stage" >&2
    exit 1
  fi
  echo "$me: not CI: stage skipped, the other stages still count" >&2
  exit 0
}
