#!/usr/bin/env bash
# test.sh - the README's test command: every test stage, each installing what it needs; exits non-zero if any fails.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

# Stages in order: fast, native results first. Each is a script of its own
# that installs its packages, builds into build/<stage> and runs its tests.
stages=(native sanitizers threads valgrind fuzz aarch64 x86-cpus windows wasm)

# One seed for every stage, so the native and the AArch64 runs test the same
# random corpora; give CB_SEED to replay a run.
if [ -z "${CB_SEED:-}" ]; then
  CB_SEED=$(printf '0x%04x%04x%04x%04x' $RANDOM $RANDOM $RANDOM $RANDOM)
fi
export CB_SEED
echo "test.sh: CB_SEED=$CB_SEED (replay with: CB_SEED=$CB_SEED bash scripts/test.sh)"

passed=0 failed=0 failures=()
start=$(date +%s)
for s in "${stages[@]}"; do
  script="scripts/test-$s.sh"
  echo "=== stage $s ($script)"
  t0=$(date +%s)
  if bash "$script"; then
    passed=$((passed + 1)); result=PASS
  else
    failed=$((failed + 1)); failures+=("$s"); result=FAIL
  fi
  echo "=== stage $s: $result in $(( $(date +%s) - t0 )) s"
done

echo
echo "test.sh: ${#stages[@]} stages in $(( $(date +%s) - start )) s${failures:+; failed: ${failures[*]}}"
echo "stages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
