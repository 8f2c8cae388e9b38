#!/usr/bin/env bash
# test-fuzz.sh - differential fuzzing: libFuzzer (clang, ASan+UBSan) runs every backend against the reference for a bounded time, then the evolved corpus is replayed on a gcc build; any finding fails.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests
bash scripts/deps.sh build test fuzz # test: Criterion, for the sanitizer build step 3 shares

# Seconds of fuzzing. Longer runs: CB_FUZZ_SECONDS=3600 bash scripts/test-fuzz.sh
secs=${CB_FUZZ_SECONDS:-60}

# 1. The libFuzzer build: the library gets ASan+UBSan (abort on the first
#    finding) and coverage (-fsanitize=fuzzer-no-link); only the target gets
#    -fsanitize=fuzzer (fuzz/meson.build). Static, so one binary holds both.
#    -O0 -g1: no optimization and line tables only, enough for the reports'
#    file and line. Built so, clang compiles an ISA file in a quarter of
#    its -O1 time (29 s against 111 s for kernels_avx2.c, one copy): the
#    build was most of this stage, whose fuzzing is a bounded smoke run;
#    every check of the target is on the source's operations, which -O0
#    keeps. one_copy (lib.sh) too.
dir=build/fuzz
CC=clang setup "$dir" -Doptimization=0 -Ddebug=true -Ddefault_library=static \
  -Dfuzz=enabled -Dtests=disabled -Dbench=disabled -Dtools=disabled \
  -Db_sanitize=address,undefined -Db_lundef=false \
  "-Dc_args=-fno-sanitize-recover=all -fsanitize=fuzzer-no-link -g1 $one_copy"
build "$dir"

# The committed seed corpus first, through the same checks.
run_tests "$dir" fuzz-corpus-replay
# The checks must bite: with one expected bit corrupted on purpose, the
# target must abort (and say what differed).
# (in an inner shell, so the expected abort is not reported by this one)
if bash -c 'CB_FUZZ_SELFTEST=1 "$0" fuzz/corpus/length-65 >"$1" 2>&1; exit $?' \
    "$dir/fuzz/cb-fuzz-replay" "$dir/selftest.log" 2>/dev/null; then
  cat "$dir/selftest.log" >&2
  echo "$me: FAIL: a planted difference was not detected" >&2
  exit 1
fi
echo "$me: planted difference detected as expected: $(grep -m1 '^cbatch fuzz: raw scalar' "$dir/selftest.log")"

# 2. Fuzz from a scratch copy of the corpus, so the repository is not modified.
#    CB_FUZZ_SAMPLE=1: each input checks one part of the target, chosen by
#    its bytes (fuzz/fuzz_batch.c, sample_of): the whole target runs about
#    one input a second, most of it in the pairs check, so its minute only
#    ran the seed corpus again; sampled, about twelve a second (quiet), and
#    the minute adds some 500 inputs.
#    The seed corpus is checked whole by the replay tests of step 1 and of
#    the sanitizer stage. libFuzzer's timeout for one input (a hang) is
#    10 s times the load scale, as the tests' (lib.sh).
run=$dir/corpus-run art=$dir/artifacts log=$dir/fuzz.log
rm -rf "$run" "$art"
mkdir -p "$run" "$art"
cp fuzz/corpus/* "$run"/
echo "$me: fuzzing for ${secs} s (log: $log)"
rc=0
CB_FUZZ_SAMPLE=1 ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$dir/fuzz/cb-fuzz" -max_total_time="$secs" -max_len=8192 -timeout=$((10 * $(load_scale))) \
    -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$art/" "$run" >"$log" 2>&1 || rc=$?
grep -E '^cbatch fuzz: ' "$log" | sort -u || true
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)' "$log" | tail -1 || true
echo "$me: ${execs:-?} executions, ${eps:-?} exec/s, corpus $(find "$run" -type f | wc -l) inputs (${secs} s)"
if [ "$rc" -ne 0 ] || [ -n "$(ls -A "$art")" ]; then
  echo "$me: FINDING (libFuzzer exit $rc); report:" >&2
  grep -v -E '^#[0-9]+[[:space:]]' "$log" | tail -60 >&2
  ls -l "$art" >&2
  echo "$me: replay with: $dir/fuzz/cb-fuzz-replay $art/<file>" >&2
  exit 1
fi

# 3. The evolved corpus again through the gcc ASan+UBSan build of the
#    sanitizer stage (lib.sh; already built when test.sh ran that stage):
#    the same inputs against the other compiler's code generation of every
#    backend, each checking the part it checked in the search.
gdir=$sanitizer_dir
CC=gcc setup "$gdir" "${sanitizer_options[@]}"
build "$gdir" fuzz/cb-fuzz-replay
CB_FUZZ_SAMPLE=1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$gdir/fuzz/cb-fuzz-replay" "$run" 2>&1 | tee "$gdir/replay.log"
