/* dispatch.c - choose the backend: the best this CPU runs, or the one CB_BACKEND or cb_set_backend forces. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Built at the baseline ISA: if a wider ISA leaked into this file's flags,
 * the compiler could use it here, before the CPU was checked. */
#if defined(__AVX__) || defined(__AVX2__) || defined(__AVX512F__) || defined(__FMA__)
#error "dispatch.c must be compiled for the baseline ISA"
#endif

#define CB_NAME_OF(E, name) [CB_BACKEND_##E] = #name,
static const char *const names[CB_BACKEND_COUNT] = {CB_BACKENDS(CB_NAME_OF)};

/* The compiled backends' kernel tables and grid builders; NULL for the
 * others (cb_backend_status: not compiled). */
#define CB_TABLE_OF(E, name) [CB_BACKEND_##E] = cb_kernels_##name,
static const cb_kernel_fn *const tables[CB_BACKEND_COUNT] = {CB_BUILT_BACKENDS(CB_TABLE_OF)};
#define CB_BUILDER_OF(E, name) [CB_BACKEND_##E] = cb_grid_build_##name,
static const cb_grid_builder_fn grid_builders[CB_BACKEND_COUNT] = {
    CB_BUILT_BACKENDS(CB_BUILDER_OF)};

/* Every (backend, reason) pair is a static, immutable selection, so the
 * active choice is one atomic pointer: a reader never sees a backend with
 * another choice's reason. */
enum { WHY_AUTO, WHY_ENV, WHY_API, WHY_ENV_UNKNOWN, WHY_ENV_NOT_COMPILED, WHY_ENV_UNSUPPORTED, WHY_N };

#define R_AUTO "auto: the best backend this CPU and OS support"
#define R_ENV "forced by the CB_BACKEND environment variable"
#define R_API "forced by cb_set_backend"
#define R_ENV_UNKNOWN "auto: CB_BACKEND names no known backend and was ignored"
#define R_ENV_NOT_COMPILED "auto: the backend CB_BACKEND names is not in this build and was ignored"
#define R_ENV_UNSUPPORTED "auto: the backend CB_BACKEND names cannot run on this CPU/OS and was ignored"
#define CB_SELECTIONS_OF(E, name)                                                                  \
    [CB_BACKEND_##E] = {                                                                           \
        {CB_BACKEND_##E, cb_kernels_##name, R_AUTO},                                               \
        {CB_BACKEND_##E, cb_kernels_##name, R_ENV},                                                \
        {CB_BACKEND_##E, cb_kernels_##name, R_API},                                                \
        {CB_BACKEND_##E, cb_kernels_##name, R_ENV_UNKNOWN},                                        \
        {CB_BACKEND_##E, cb_kernels_##name, R_ENV_NOT_COMPILED},                                   \
        {CB_BACKEND_##E, cb_kernels_##name, R_ENV_UNSUPPORTED},                                    \
    },
static const cb_selection selections[CB_BACKEND_COUNT][WHY_N] = {
    CB_BUILT_BACKENDS(CB_SELECTIONS_OF)};

static const cb_selection *select_first_use(void);

/* The bootstrap kernels, one per entry: the first call of each chooses the
 * backend, then forwards to the chosen kernel. Racing first callers all end
 * up on the same choice (see select_first_use). */
#define CB_BOOT(name, form, query, one, many, layout, output)                                      \
    static size_t boot_##name(const cb_args *a)                                                    \
    {                                                                                              \
        return select_first_use()->kernels[CB_E_##name](a);                                        \
    }
#define CB_ROW CB_BOOT
#include "registry_rows.h"
#define CB_BOOT_PTR(name, form, query, one, many, layout, output) boot_##name,
static const cb_kernel_table bootstrap_kernels = {
#define CB_ROW CB_BOOT_PTR
#include "registry_rows.h"
};
static const cb_selection bootstrap = {CB_BACKEND_SCALAR, bootstrap_kernels, "not chosen yet"};

_Atomic(const cb_selection *) cb_current_selection = &bootstrap;
static _Atomic int env_status; /* cb_status of reading CB_BACKEND */

const char *cb_backend_name(cb_backend b)
{
    return (unsigned)b < CB_BACKEND_COUNT ? names[b] : NULL;
}

cb_status cb_backend_from_name(const char *name, cb_backend *out)
{
    if (!name || !out)
        return CB_ERR_INVALID_ARG;
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        if (strcmp(name, names[b]) == 0) {
            *out = (cb_backend)b;
            return CB_OK;
        }
    }
    return CB_ERR_UNKNOWN_BACKEND;
}

int cb_backend_compiled(cb_backend b)
{
    return (unsigned)b < CB_BACKEND_COUNT && tables[b] != NULL;
}

static const char *not_compiled_reason(cb_backend b)
{
#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
#if defined(__x86_64__) || defined(_M_X64)
#define CB_BUILT_FOR "built for x86-64"
#else
#define CB_BUILT_FOR "built for 32-bit x86"
#endif
    if (b == CB_BACKEND_NEON)
        return "not in this build: " CB_BUILT_FOR ", NEON is AArch64";
    if (b == CB_BACKEND_SIMD128)
        return "not in this build: " CB_BUILT_FOR ", SIMD128 is WebAssembly";
    return "not in this build: disabled by a meson option or unsupported by the compiler";
#undef CB_BUILT_FOR
#elif defined(__aarch64__)
    if (b == CB_BACKEND_SIMD128)
        return "not in this build: built for AArch64, SIMD128 is WebAssembly";
    if (b != CB_BACKEND_NEON)
        return "not in this build: built for AArch64, this backend is x86-64";
    return "not in this build: disabled by a meson option or unsupported by the compiler";
#elif defined(__arm__)
    /* Armv7 (32-bit Arm): the NEON file is AArch64's (its intrinsics are
     * A64-only), and Armv7's Advanced SIMD always flushes denormals, which
     * the contract keeps; VFP honours FPSCR.FZ, which fenv_guard.h clears. */
    if (b == CB_BACKEND_NEON)
        return "not in this build: Armv7 NEON flushes denormals to zero, which the contract "
               "forbids; the scalar backend uses VFP, which keeps them";
    if (b == CB_BACKEND_SIMD128)
        return "not in this build: built for Armv7, SIMD128 is WebAssembly";
    return "not in this build: built for Armv7, this backend is x86";
#elif defined(__wasm__)
    /* WebAssembly cannot detect SIMD128 at run time: the choice was made
     * when the module was built (meson -Dsimd128=). */
    if (b != CB_BACKEND_SIMD128)
        return "not in this build: built for WebAssembly, this backend is x86-64 or AArch64";
    return "not in this build: a scalar WebAssembly module (-Dsimd128=disabled, or the "
           "compiler lacks SIMD128)";
#elif defined(__riscv)
    (void)b;
    return "not in this build: built for RISC-V, which has only the scalar backend (this "
           "backend is x86-64, AArch64 or WebAssembly)";
#else
    (void)b;
    return "not in this build: this architecture has only the scalar backend";
#endif
}

/* What the CPU and OS must offer; the first missing piece is the reason. */
static const char *missing_feature(cb_backend b, uint32_t f)
{
    switch (b) {
    case CB_BACKEND_SSE:
        return (f & CB_CPU_SSE2) ? NULL : "CPU lacks SSE2";
    case CB_BACKEND_AVX2:
        if (!(f & CB_CPU_AVX2)) return "CPU lacks AVX2";
        if (!(f & CB_CPU_POPCNT)) return "CPU lacks POPCNT";
        if (!(f & CB_CPU_OS_YMM)) return "OS does not save YMM state (XCR0)";
        return NULL;
    case CB_BACKEND_AVX512:
        if (!(f & CB_CPU_AVX512F)) return "CPU lacks AVX-512F";
        if (!(f & CB_CPU_POPCNT)) return "CPU lacks POPCNT";
        if (!(f & CB_CPU_OS_ZMM)) return "OS does not save ZMM and opmask state (XCR0)";
        return NULL;
    case CB_BACKEND_NEON:
        return (f & CB_CPU_NEON) ? NULL : "CPU lacks NEON";
    case CB_BACKEND_SIMD128:
        return (f & CB_CPU_SIMD128) ? NULL : "engine lacks WebAssembly SIMD128";
    default:
        return NULL;
    }
}

cb_status cb_backend_status(cb_backend b, const char **why)
{
    const char *dummy;
    if (!why)
        why = &dummy;
    if ((unsigned)b >= CB_BACKEND_COUNT) {
        *why = "no such backend";
        return CB_ERR_INVALID_ARG;
    }
    if (!tables[b]) {
        *why = not_compiled_reason(b);
        return CB_ERR_NOT_COMPILED;
    }
    const char *miss = missing_feature(b, cb_cpu_features());
    if (miss) {
        *why = miss;
        return CB_ERR_UNSUPPORTED_CPU;
    }
    *why = "ok";
    return CB_OK;
}

cb_kernel_fn cb_entry_kernel(size_t e, cb_backend b)
{
    return e < CB_ENTRY_COUNT && cb_backend_status(b, NULL) == CB_OK ? tables[b][e] : NULL;
}

static cb_backend best_backend(void)
{
    for (int b = CB_BACKEND_COUNT - 1; b > 0; b--)
        if (cb_backend_status((cb_backend)b, NULL) == CB_OK)
            return (cb_backend)b;
    return CB_BACKEND_SCALAR;
}

/* First use: read CB_BACKEND once and publish the choice. Racing threads all
 * compute the same choice; the compare-exchange keeps whichever came first,
 * and never overwrites a backend that cb_set_backend forced meanwhile. */
static const cb_selection *select_first_use(void)
{
    const char *env = getenv("CB_BACKEND");
    cb_backend b = best_backend();
    int why = WHY_AUTO;
    cb_status st = CB_OK;
    if (env && *env && strcmp(env, "auto") != 0) {
        cb_backend forced;
        st = cb_backend_from_name(env, &forced);
        if (st == CB_OK)
            st = cb_backend_status(forced, NULL);
        if (st == CB_OK)
            b = forced, why = WHY_ENV;
        else
            why = st == CB_ERR_UNKNOWN_BACKEND ? WHY_ENV_UNKNOWN
                  : st == CB_ERR_NOT_COMPILED  ? WHY_ENV_NOT_COMPILED
                                               : WHY_ENV_UNSUPPORTED;
    }
    atomic_store_explicit(&env_status, (int)st, memory_order_relaxed);
    const cb_selection *want = &selections[b][why], *seen = &bootstrap;
    if (atomic_compare_exchange_strong_explicit(&cb_current_selection, &seen, want,
                                                memory_order_acq_rel, memory_order_acquire))
        return want;
    return seen;
}

static const cb_selection *current(void)
{
    const cb_selection *s = atomic_load_explicit(&cb_current_selection, memory_order_acquire);
    return s != &bootstrap ? s : select_first_use();
}

cb_status cb_set_backend(cb_backend b)
{
    cb_status st = cb_backend_status(b, NULL);
    if (st != CB_OK)
        return st;
    current(); /* read CB_BACKEND first, so a later first use cannot undo this */
    atomic_store_explicit(&cb_current_selection, &selections[b][WHY_API], memory_order_release);
    return CB_OK;
}

cb_status cb_set_backend_by_name(const char *name)
{
    if (!name || strcmp(name, "auto") == 0) {
        current();
        atomic_store_explicit(&cb_current_selection, &selections[best_backend()][WHY_AUTO],
                              memory_order_release);
        return CB_OK;
    }
    cb_backend b;
    cb_status st = cb_backend_from_name(name, &b);
    return st != CB_OK ? st : cb_set_backend(b);
}

cb_backend cb_active_backend(void) { return current()->backend; }

const char *cb_active_reason(void) { return current()->reason; }

cb_status cb_env_status(void)
{
    current();
    return (cb_status)atomic_load_explicit(&env_status, memory_order_relaxed);
}

const char *cb_status_string(cb_status s)
{
    switch (s) {
    case CB_OK: return "ok";
    case CB_ERR_UNKNOWN_BACKEND: return "unknown backend name";
    case CB_ERR_NOT_COMPILED: return "backend not compiled into this build";
    case CB_ERR_UNSUPPORTED_CPU: return "backend not supported by this CPU/OS";
    case CB_ERR_INVALID_ARG: return "invalid argument";
    }
    return "unknown status";
}

cb_grid_builder_fn cb_grid_builder(void) { return grid_builders[cb_active_backend()]; }
