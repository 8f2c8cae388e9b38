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
# library says is runnable (or, with --public, the public functions alone:
# see the models' table) and prints the digest of all their answers;
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

# MODEL  best backend it supports  a backend it lacks  digest runs
# (qemu 7.2 does not emulate AVX-512, so no model here selects avx512.)
# "whole": every runnable backend's raw kernels and the public functions,
# on the least CPU that runs them (the scalar and SSE kernels on core2duo,
# the AVX2 ones on Haswell); "public": the public functions only (cb-digest
# --public), where what the model changes is the dispatcher's choice.
models=(
  "core2duo     sse   avx2    whole"  # SSE2..SSSE3, no SSE4.1/POPCNT
  "Nehalem      sse   avx2    public" # SSE4.2 + POPCNT, no AVX
  "SandyBridge  sse   avx2    public" # AVX, no AVX2
  "Haswell      avx2  avx512  whole"  # AVX2 + FMA, no AVX-512
)

# run MODEL CB_BACKEND-VALUE PROGRAM ARGS...: cb-digest or cb-info under the
# model (an empty value unsets CB_BACKEND), output in $out, exit status in
# $rc. The environment is set outside qemu: a program qemu-user runs that execs
# another (env) would run the second one natively, not under the model.
# qemu's warnings about CPUID bits it does not emulate go to stderr, dropped.
# glibc's own AVX and AVX2 string functions (memcpy, memset: ifuncs chosen
# from the model's CPUID) are not what is tested, and qemu runs them about
# seven times slower than the SSE2 ones (the public functions' digest with
# the scalar backend forced: 76 s under Haswell, 10 s with them off, as
# under core2duo): GLIBC_TUNABLES turns them off. The library reads CPUID
# itself (src/cpu.c), so its choice and its AVX2 kernels are unchanged.
export GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-AVX_Fast_Unaligned_Load
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

# digest_args RUNS: cb-digest's arguments for a model's automatic run.
digest_args() {
  args=("$digest" --expect "$expected")
  [ "$1" = public ] && args+=(--public)
  return 0
}

# The whole digest of a model with AVX2 is the slowest run by far (some
# 100 s: qemu emulates AVX2 slowly): it starts first, in the background,
# and the other models' runs go on beside it on the second core.
declare -A bg_pid
bg_dir=$(mktemp -d)
trap 'rm -rf "$bg_dir"' EXIT
for row in "${models[@]}"; do
  read -r model want _ runs _ <<<"$row"
  if [ "$want" != sse ]; then
    digest_args "$runs"
    (run "$model" "" "${args[@]}"
     printf '%s\n' "$rc" >"$bg_dir/$model.rc"; printf '%s\n' "$out" >"$bg_dir/$model.out") &
    bg_pid[$model]=$!
  fi
done

fails=0
row_fmt='%-11s %-5s %-6s %-18s %-6s %-39s %-27s %s'
report=()
detail=()
for row in "${models[@]}"; do
  read -r model want lacks runs _ <<<"$row"
  problems=()
  sigill=0

  # 1. automatic choice: the best backend the model has, and the committed digest
  if [ -n "${bg_pid[$model]:-}" ]; then
    wait "${bg_pid[$model]}" || true
    rc=$(cat "$bg_dir/$model.rc") out=$(cat "$bg_dir/$model.out")
  else
    digest_args "$runs"
    run "$model" "" "${args[@]}"
  fi
  auto_rc=$rc auto_out=$out
  [ "$rc" = 132 ] && sigill=1
  active=$(sed -n 's/^active: \([a-z0-9]*\) .*/\1/p' <<<"$out")
  got=$(sed -n 's/^digest: //p' <<<"$out")
  [ "$rc" = 0 ] || problems+=("auto: exit $rc")
  [ "$active" = "$want" ] || problems+=("auto: chose '${active:-?}', want $want")
  [ "$got" = "$expected" ] || problems+=("auto: digest ${got:-none}")
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
  grep -qE "^  $lacks +compiled +CPU lacks" <<<"$out" ||
    problems+=("cb-info: $lacks not reported as lacked by the CPU")

  # 3. the API forces it: cb_set_backend's error, exit 77, no crash
  run "$model" "" "$digest" --backend "$lacks"
  api_rc=$rc
  [ "$rc" = 132 ] && sigill=1
  api_status=$(sed -n "s/^backend $lacks: cb_set_backend -> \\([A-Z_]*\\):.*/\\1/p" <<<"$out")
  [ "$rc" = 77 ] || problems+=("--backend $lacks: exit $rc, want 77")
  [ "$api_status" = CB_ERR_UNSUPPORTED_CPU ] || problems+=("--backend $lacks: status ${api_status:-?}")

  # 4. the API forces the baseline SIMD backend every x86-64 CPU has (the
  # public functions: its kernels are core2duo's whole run's)
  if [ "$want" != sse ]; then
    run "$model" "" "$digest" --expect "$expected" --backend sse --public
    [ "$rc" = 132 ] && sigill=1
    [ "$rc" = 0 ] || problems+=("--backend sse: exit $rc")
    grep -q '^active: sse (forced by cb_set_backend)' <<<"$out" || problems+=("--backend sse: not active")
  fi

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
