#!/usr/bin/env bash
# test.sh - the README's test command: every test stage, each installing what it needs; exits non-zero if any fails.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

# Stages in order: fast, native results first. Each is a script of its own
# that installs its packages, builds into build/<stage> and runs its tests.
stages=(native package sanitizers threads valgrind fuzz aarch64 i386 armv7 riscv64 x86-cpus
  windows wasm browser compilers)

# One seed for every stage, so the native and the AArch64 runs test the same
# random corpora; give CB_SEED to replay a run.
if [ -z "${CB_SEED:-}" ]; then
  CB_SEED=$(printf '0x%04x%04x%04x%04x' $RANDOM $RANDOM $RANDOM $RANDOM)
fi
export CB_SEED
echo "test.sh: CB_SEED=$CB_SEED (replay with: CB_SEED=$CB_SEED bash scripts/test.sh)"

passed=0 failed=0 failures=()
start=$(date +%s)
. scripts/lib.sh # digests_file, which the stages fill (record_digests)
rm -f "$digests_file"
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

# The promise in one table: every backend's cb-digest on every platform
# that ran (each stage has already compared its own with the committed value).
echo
expected=$(tr -d '[:space:]' <tests/digest/cb-digest.expected)
echo "test.sh: digests (cb-digest, each backend's kernels) by platform; committed value $expected:"
if [ -s "$digests_file" ]; then
  awk -F'|' -v want="$expected" '
    !(($1, $3) in list) { key[$1] = key[$1] SUBSEP $3 }
    { list[$1, $3] = list[$1, $3] " " $2; if ($3 != want) bad++ }
    !($1 in seen) { seen[$1] = 1; order[++n] = $1 }
    END {
      for (i = 1; i <= n; i++) {
        k = split(substr(key[order[i]], 2), v, SUBSEP)
        for (j = 1; j <= k; j++)
          printf "  %-48s %s%s  (%s)\n", j == 1 ? order[i] : "", v[j], v[j] == want ? "" : " DIFFERS",
                 substr(list[order[i], v[j]], 2)
      }
      printf "  %s\n", bad ? bad " digests DIFFER from the committed value" : "all equal to " want
    }' "$digests_file"
else
  echo "  none recorded"
fi

echo
echo "test.sh: ${#stages[@]} stages in $(( $(date +%s) - start )) s${failures:+; failed: ${failures[*]}}"
echo "stages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
