#!/usr/bin/env bash
# test-sanitizers.sh - the whole Criterion suite (core and reliability) and the fuzz corpus under AddressSanitizer + UndefinedBehaviorSanitizer with the generic (unfused) layout paths, every finding fatal, leaks checked; canaries prove findings fail.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests
bash scripts/deps.sh build test

# gcc here (clang builds the fuzz and thread stages); the options are in
# lib.sh, shared with test-fuzz.sh's replay. -Dfuzz=auto adds the corpus
# replayer.
dir=$sanitizer_dir
CC=gcc setup "$dir" "${sanitizer_options[@]}"
build "$dir"

# A finding in a Criterion test child ends it with an error exit (or abort),
# which Criterion reports as a failed/crashed test. Leaks are not reported by
# Criterion: the reliability tests run __lsan_do_recoverable_leak_check()
# themselves, rel-driver is a plain program judged by its exit status, and
# the rel-*-must-fail tests prove each mechanism catches a planted bug.
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:check_initialization_order=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:abort_on_error=1
# Criterion two tests at a time within a binary, and meson two binaries at
# a time (the plain checker and the digest are single processes).
export CRITERION_JOBS=2
# The suite with the smaller sizes of the emulated stages (CB_SIZES=sample,
# tests/check.h: sampled lengths and layouts, a quarter or less of the large
# corpora): the sanitizers look for faults (over-reads, UB, leaks) that the
# sampled sizes reach as the full ones do, and the native stage runs the full
# sizes, with guard pages after every array.
export CB_SIZES=sample
# The digest once: cb-digest runs every backend's raw kernels and the public
# functions on its whole corpus; its per-backend variants (which force each
# backend through the same kernels) add nothing a sanitizer could see. No
# plain checker: its checks are the suites' own (check.c, check_pairs.c,
# check_integer.c), which run here under Criterion; the native stage runs it.
run_tests "$dir" --num-processes "$jobs" --no-suite digest --no-suite plain
run_tests "$dir" cb-digest
