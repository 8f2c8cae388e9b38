#!/usr/bin/env bash
# test-x86-cpus.sh - run cb-digest under qemu-x86_64 -cpu MODEL (older x86-64 CPUs): dispatch picks what the model has, no SIGILL, same digest.
#
# Why: this machine has AVX-512, so natively the SSE and AVX2 paths of the
# dispatcher are never the automatic choice, and a kernel that used an
# instruction its CPU check did not cover would go unnoticed. Under
# `qemu-x86_64 -cpu MODEL` the program sees that model's CPUID, and an
# instruction the model lacks raises SIGILL (exit 132). cb-digest is a plain
# program (Criterion re-executes itself natively, outside qemu), so it is the
# one run here: it reports the chosen backend, runs every kernel that the
# library says is runnable, and prints the digest of all their answers;
# cb-info (no kernel run) shows the choice CB_BACKEND leads to.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, cannot, native_dir

[ "$(uname -m)" = x86_64 ] || cannot "older x86 CPUs" "this is not an x86-64 machine"
bash scripts/deps.sh build test qemu-x86 || cannot "older x86 CPUs" "could not install qemu-user (need root or sudo)"

dir=$native_dir # shared with scripts/test-native.sh (same options, from lib.sh)
setup "$dir" "${native_options[@]}"
build "$dir" tests/digest/cb-digest tools/cb-info
digest=$dir/tests/digest/cb-digest info=$dir/tools/cb-info
expected=$(tr -d '[:space:]' <tests/digest/cb-digest.expected)

# MODEL  best backend it supports  a backend it lacks
# (qemu 7.2 does not emulate AVX-512, so no model here selects avx512.)
models=(
  "core2duo     sse   avx2"   # SSE2..SSSE3, no SSE4.1/POPCNT
  "Nehalem      sse   avx2"   # SSE4.2 + POPCNT, no AVX
  "SandyBridge  sse   avx2"   # AVX, no AVX2
  "Haswell      avx2  avx512" # AVX2 + FMA, no AVX-512
)

# run MODEL CB_BACKEND-VALUE PROGRAM ARGS...: cb-digest or cb-info under the
# model (an empty value unsets CB_BACKEND), output in $out, exit status in
# $rc. The environment is set outside qemu: a program qemu-user runs that execs
# another (env) would run the second one natively, not under the model.
# qemu's warnings about CPUID bits it does not emulate go to stderr, dropped.
run() {
  local model=$1 backend=$2
  shift 2
  set +e
  if [ -n "$backend" ]; then
    out=$(CB_BACKEND=$backend qemu-x86_64 -cpu "$model" "$@" 2>/dev/null)
  else
    out=$(env -u CB_BACKEND qemu-x86_64 -cpu "$model" "$@" 2>/dev/null)
  fi
  rc=$?
  set -e
}

fails=0
row_fmt='%-11s %-5s %-6s %-18s %-6s %-39s %-27s %s'
report=()
detail=()
for row in "${models[@]}"; do
  read -r model want lacks _ <<<"$row"
  problems=()
  sigill=0

  # Runs 1 and 4 at once (each a whole digest under emulation; two cores):
  # run 4 in the background into a file, read back below. Where the model's
  # best is sse, run 1 forces nothing new: run 4 is skipped.
  sse_file=$(mktemp)
  if [ "$want" != sse ]; then
    (run "$model" "" "$digest" --expect "$expected" --backend sse
     printf '%s\n' "$rc" >"$sse_file.rc"; printf '%s\n' "$out" >"$sse_file") &
    sse_pid=$!
  fi

  # 1. automatic choice: the best backend the model has, and the committed digest
  run "$model" "" "$digest" --expect "$expected"
  auto_rc=$rc auto_out=$out
  [ "$rc" = 132 ] && sigill=1
  active=$(sed -n 's/^active: \([a-z0-9]*\) .*/\1/p' <<<"$out")
  got=$(sed -n 's/^digest: //p' <<<"$out")
  [ "$rc" = 0 ] || problems+=("auto: exit $rc")
  [ "$active" = "$want" ] || problems+=("auto: chose '${active:-?}', want $want")
  [ "$got" = "$expected" ] || problems+=("auto: digest ${got:-none}")
  grep -qE "^  $lacks kernels +- +CB_ERR_UNSUPPORTED_CPU" <<<"$out" ||
    problems+=("auto: $lacks not reported CB_ERR_UNSUPPORTED_CPU")
  record_digests "x86-64 $model (qemu)" <(printf '%s\n' "$out")

  # 2. CB_BACKEND names a backend the model lacks: ignored, recorded, the
  # best used (cb-info: the choice is run 1's, so are the kernels and the
  # digest; a second whole digest would prove nothing more)
  run "$model" "$lacks" "$info"
  [ "$rc" = 132 ] && sigill=1
  env_status=unsupported
  grep -qx "CB_BACKEND: $lacks (backend not supported by this CPU/OS)" <<<"$out" ||
    env_status=$(sed -n 's/^CB_BACKEND: //p' <<<"$out")
  env_active=$(sed -n 's/^active: \([a-z0-9]*\) .*/\1/p' <<<"$out")
  [ "$rc" = 2 ] || problems+=("CB_BACKEND=$lacks: cb-info exit $rc, want 2 (not honoured)")
  [ "$env_status" = unsupported ] || problems+=("CB_BACKEND=$lacks: cb_env_status ${env_status:-?}")
  [ "$env_active" = "$want" ] || problems+=("CB_BACKEND=$lacks: chose ${env_active:-?}")

  # 3. the API forces it: cb_set_backend's error, exit 77, no crash
  run "$model" "" "$digest" --backend "$lacks"
  api_rc=$rc
  [ "$rc" = 132 ] && sigill=1
  api_status=$(sed -n "s/^backend $lacks: cb_set_backend -> \\([A-Z_]*\\):.*/\\1/p" <<<"$out")
  [ "$rc" = 77 ] || problems+=("--backend $lacks: exit $rc, want 77")
  [ "$api_status" = CB_ERR_UNSUPPORTED_CPU ] || problems+=("--backend $lacks: status ${api_status:-?}")

  # 4. the API forces the baseline SIMD backend every x86-64 CPU has
  if [ "$want" != sse ]; then
    wait "$sse_pid" || true
    rc=$(cat "$sse_file.rc") out=$(cat "$sse_file")
    [ "$rc" = 132 ] && sigill=1
    [ "$rc" = 0 ] || problems+=("--backend sse: exit $rc")
    grep -q '^active: sse (forced by cb_set_backend)' <<<"$out" || problems+=("--backend sse: not active")
  fi
  rm -f "$sse_file" "$sse_file.rc"

  [ "$sigill" = 1 ] && problems+=("SIGILL (exit 132)")
  if [ ${#problems[@]} -eq 0 ]; then result=PASS; else result=FAIL; fails=$((fails + 1)); fi
  # shellcheck disable=SC2059 # one row format for the header and every row
  report+=("$(printf "$row_fmt" "$model" "$want" "${active:-?}" "${got:-none}" \
    "$([ "$sigill" = 1 ] && echo YES || echo no)" "CB_BACKEND=$lacks: ${env_status:-?}" \
    "--backend $lacks: exit $api_rc" "$result")")
  if [ "$result" = FAIL ]; then
    detail+=("$model: $(IFS=';'; echo "${problems[*]}")")
    detail+=("$(printf '%s\n' "$auto_out" | sed 's/^/      | /') (exit $auto_rc)")
  fi
done

echo "$me: cb-digest under qemu-x86_64 -cpu MODEL (committed digest $expected)"
# shellcheck disable=SC2059
printf "$row_fmt\n" MODEL WANT ACTIVE DIGEST SIGILL "ENV FORCED (ignored, best used)" \
  "API FORCED (cb_set_backend)" RESULT
printf '%s\n' "${report[@]}"
if [ "$fails" -ne 0 ]; then
  printf '%s\n' "${detail[@]}" >&2
  echo "$me: FAIL ($fails of ${#models[@]} models)" >&2
  exit 1
fi
echo "$me: PASS (${#models[@]} models; the public functions ran on sse under each, forced where the best is another, with the same digest)"
