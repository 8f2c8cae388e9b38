#!/usr/bin/env bash
# test-wasm.sh - cross-build for wasm32-wasi twice (a scalar module and a SIMD128 module) and run their tests under node: digests equal to the x86-64 one, the plain-C checks, dispatch, the benchmark's quick run.
#
# Steps (each idempotent, quiet when already done):
#   1. packages: clang, lld, llvm, wasi-libc, compiler-rt's wasm32 builtins,
#      node (scripts/deps.sh wasm); node 18 or later
#   2. the machine file naming this checkout (build/wasm32-wasi-paths.ini,
#      read by cross/wasm32-wasi.ini for its exe_wrapper, cross/wasi-run.mjs)
#   3. two cross builds: build/wasm-scalar (-Dsimd128=disabled: no SIMD
#      instruction anywhere in the module) and build/wasm-simd128 (the
#      scalar and simd128 backends, simd128 chosen): WebAssembly has no
#      run-time detection, so the choice is made per module
#   4. what the modules hold (llvm-objdump): the scalar one no SIMD128
#      instruction, neither a relaxed-SIMD one; dispatch under node (cb-info,
#      cb-digest --backend)
#   5. `meson test` in both, every program under node through the cross
#      file's exe_wrapper: cb-digest (auto and each backend forced) must print
#      tests/digest/cb-digest.expected (the x86-64 value), the plain-C
#      bit-for-bit checker (tests/plain/cb-check, the whole check: every
#      backend against scalar and testkit's reference, and its
#      injected-mismatch self-test),
#      cb-info, the example, and cb-bench --quick (its timings are indicative
#      only under a JIT)
# When the machine cannot do it (no root/sudo for the packages, no usable
# node) it says so loudly; outside CI that is not a failure (the native
# stages still count), under CI=true it is.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # setup, build, run_tests, probe, loud, cannot

# --- 1. packages, node
bash scripts/deps.sh build wasm ||
  cannot WebAssembly "could not install clang, lld, llvm, wasi-libc, libclang-rt-dev-wasm32 and nodejs (need root or sudo)"
command -v node >/dev/null || cannot WebAssembly "no node on PATH after installing nodejs"
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$node_major" -ge 18 ] ||
  cannot WebAssembly "node $(node --version 2>/dev/null) is too old: cross/wasi-run.mjs needs node 18 or later (node:wasi preview1)"
echo "$me: node $(node --version), $(clang --version | head -1)"

# --- 2. and 3. the machine file naming this checkout and the two builds
# (lib.sh's wasm_setup)
wasm_setup scalar
wasm_setup simd128
build build/wasm-scalar
build build/wasm-simd128

# --- 4. the modules and dispatch
fails=0 # probe (lib.sh) counts its failures here
# instructions COUNT_REGEX MODULE: how many disassembled instructions match
simd_re='\b(v128|[fi](8x16|16x8|32x4|64x2))\.'
count() { llvm-objdump -d "$2" | grep -cE "$1" || true; }
run=(node cross/wasi-run.mjs)
expected=$(tr -d '[:space:]' <tests/digest/cb-digest.expected)

echo "$me: what the modules hold (llvm-objdump -d of cb-digest)"
for b in scalar simd128; do
  m=build/wasm-$b/tests/digest/cb-digest
  n_simd=$(count "$simd_re" "$m") n_relaxed=$(count 'relaxed' "$m")
  printf '  %-9s %6s SIMD128 instructions, %s relaxed-SIMD\n' "$b" "$n_simd" "$n_relaxed"
  if [ "$n_relaxed" != 0 ] || { [ "$b" = scalar ] && [ "$n_simd" != 0 ]; } ||
     { [ "$b" = simd128 ] && [ "$n_simd" = 0 ]; }; then
    echo "  FAIL: the $b module should hold $([ "$b" = scalar ] && echo no || echo some) SIMD128 and no relaxed-SIMD instruction"
    fails=$((fails + 1))
  fi
done

echo "$me: dispatch under ${run[*]}"
for b in scalar simd128; do
  info=build/wasm-$b/tools/cb-info digest=build/wasm-$b/tests/digest/cb-digest
  probe "$b module: cb-info: auto picks $b" 0 "^active: $b \\(auto:" -- env -u CB_BACKEND "${run[@]}" "$info"
  probe "$b module: cb-digest: every backend = committed value" 0 "^digest: $expected\$" \
    -- env -u CB_BACKEND "${run[@]}" "$digest" --expect "$expected"
  grep -E '^  (scalar|simd128) kernels|^  public functions|^digest' <<<"$out" | sed 's/^ */      /'
  probe "$b module: CB_BACKEND=avx2 ignored (NOT_COMPILED), same digest" 0 \
    '^CB_BACKEND: avx2 -> CB_ERR_NOT_COMPILED' "^active: $b " "^digest: $expected\$" \
    -- env CB_BACKEND=avx2 "${run[@]}" "$digest" --expect "$expected" --public
done
probe "simd128 module: CB_BACKEND=scalar honoured" 0 '^active: scalar \(forced by the CB_BACKEND' \
  -- env CB_BACKEND=scalar "${run[@]}" build/wasm-simd128/tools/cb-info
probe "scalar module: CB_BACKEND=simd128: CB_ERR_NOT_COMPILED, scalar used" 2 \
  '^  simd128 absent +not in this build: a scalar WebAssembly module' \
  '^active: scalar \(auto: the backend CB_BACKEND names is not in this build' \
  -- env CB_BACKEND=simd128 "${run[@]}" build/wasm-scalar/tools/cb-info
probe "scalar module: cb-digest --backend simd128: exit 77" 77 \
  '^backend simd128: cb_set_backend -> CB_ERR_NOT_COMPILED' \
  -- env -u CB_BACKEND "${run[@]}" build/wasm-scalar/tests/digest/cb-digest --backend simd128

# --- 5. the meson tests of both builds, every program under node
rc=0
for b in scalar simd128; do
  run_tests build/wasm-$b --num-processes "$jobs" || rc=1
  record_digests "WebAssembly $b module (node)" build/wasm-$b/meson-logs/testlog.txt
done

echo "$me: summary (node $(node --version); CB_SEED=${CB_SEED:-unset})"
for b in scalar simd128; do
  d=build/wasm-$b log=build/wasm-$b/meson-logs/testlog.txt
  echo "  build/wasm-$b: backends $(env -u CB_BACKEND "${run[@]}" "$d/tools/cb-info" |
    awk '$2 == "runnable" {printf "%s%s", s, $1; s = ", "}')"
  runs=$(grep -cE '^expected: .* \(match\)$' "$log" || true)
  values=$(grep -hoE '^digest: 0x[0-9a-f]+' "$log" | sort -u | awk '{print $2}' | xargs)
  echo "    cb-digest: $runs runs under node matched $expected (x86-64); digests printed: ${values:-none}"
  # the plain-C checker's summary (tests/plain/cb-check, meson test cb-check)
  if grep -q '^cb-check summary' "$log"; then
    sed -n '/^cb-check summary/,/^cb-check: /p' "$log" | grep -vE '^  skipped: ' | sed 's/^/    /'
  else
    echo "    cb-check: NOT RUN (no summary in $log)"
    fails=$((fails + 1))
  fi
  if [ -f "$d/bench/bench-out-quick/cb-bench.txt" ]; then
    grep -E '^(WebAssembly under a JIT|  (scalar|simd128) +overlap circle vs boxes SoA +mask +1Ki )' \
      "$d/bench/bench-out-quick/cb-bench.txt" | sed 's/^ */    cb-bench --quick: /'
  fi
done
if [ "$rc" -ne 0 ] || [ "$fails" -ne 0 ]; then
  echo "$me: FAIL (meson test in a wasm build failed: $rc; $fails module, dispatch and checker checks failed)" >&2
  exit 1
fi
echo "$me: PASS"
