/* cpu.c - which instruction sets this CPU has and this OS saves, detected once with CPUID and XGETBV on x86-64 and 32-bit x86 (Linux and Windows alike); on AArch64 and WebAssembly known from the build. */
#include "internal.h"

#include <stdatomic.h>

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)

/* CPUID and XGETBV, the same on Linux and Windows, 64- and 32-bit: the
 * instructions are the CPU's, only the compiler's spelling differs. */
#if defined(__GNUC__) || defined(__clang__) /* GCC, Clang, MinGW-w64 */
#include <cpuid.h>

/* xgetbv as inline asm: the _xgetbv intrinsic needs -mxsave, and this file is
 * built at the baseline ISA on purpose. Only called when CPUID.OSXSAVE is set. */
static uint64_t read_xcr0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

/* CPUID leaf/subleaf into a, b, c, d; 0 when the leaf is beyond the CPU's maximum. */
static int cpuid(unsigned leaf, unsigned sub, unsigned *a, unsigned *b, unsigned *c, unsigned *d)
{
    return __get_cpuid_count(leaf, sub, a, b, c, d);
}

#elif defined(_MSC_VER)
/* MSVC: UNTESTED (no MSVC on the machines that build and test cbatch; the
 * MinGW-w64 branch above is what runs on Windows under wine). <intrin.h>'s
 * __cpuidex and _xgetbv need no target flags with MSVC. */
#include <intrin.h>

static uint64_t read_xcr0(void) { return (uint64_t)_xgetbv(0); }

static int cpuid(unsigned leaf, unsigned sub, unsigned *a, unsigned *b, unsigned *c, unsigned *d)
{
    int r[4];
    __cpuid(r, (int)(leaf & 0x80000000u));
    if ((unsigned)r[0] < leaf) /* as __get_cpuid_count: the leaf must exist */
        return 0;
    __cpuidex(r, (int)leaf, (int)sub);
    *a = (unsigned)r[0], *b = (unsigned)r[1], *c = (unsigned)r[2], *d = (unsigned)r[3];
    return 1;
}

#else
#error "cpu.c: no CPUID for this x86 compiler (GCC, Clang, MinGW-w64 and MSVC have one)"
#endif

static uint32_t detect(void)
{
    unsigned a, b, c, d;
    uint32_t f = 0;
    if (!cpuid(1, 0, &a, &b, &c, &d))
        return 0;
    if (d & (1u << 26)) f |= CB_CPU_SSE2;
    if (c & (1u << 19)) f |= CB_CPU_SSE41;
    if (c & (1u << 23)) f |= CB_CPU_POPCNT;
    if (c & (1u << 28)) f |= CB_CPU_AVX;
    if (c & (1u << 12)) f |= CB_CPU_FMA;
    /* AVX state only counts when the OS saves it on a context switch:
     * XCR0 bits 1-2 (SSE, YMM); AVX-512 also needs bits 5-7 (opmask, ZMM). */
    if (c & (1u << 27)) {
        uint64_t xcr0 = read_xcr0();
        if ((xcr0 & 0x06) == 0x06) f |= CB_CPU_OS_YMM;
        if ((xcr0 & 0xE6) == 0xE6) f |= CB_CPU_OS_ZMM;
    }
    if (cpuid(7, 0, &a, &b, &c, &d)) {
        if (b & (1u << 5)) f |= CB_CPU_AVX2;
        if (b & (1u << 16)) f |= CB_CPU_AVX512F;
        if (b & (1u << 17)) f |= CB_CPU_AVX512DQ;
        if (b & (1u << 30)) f |= CB_CPU_AVX512BW;
        if (b & (1u << 31)) f |= CB_CPU_AVX512VL;
    }
    return f;
}

#elif defined(__aarch64__)

static uint32_t detect(void) { return CB_CPU_NEON; } /* mandatory in AArch64 */

#elif defined(__wasm__)

/* WebAssembly has no CPUID: an engine validates a module as a whole, and
 * one without SIMD128 refuses to load a module that has any SIMD128
 * instruction. So when the simd128 backend is compiled into this module,
 * the engine running this code has SIMD128; a scalar module cannot tell. */
#ifdef CB_HAVE_SIMD128
static uint32_t detect(void) { return CB_CPU_SIMD128; }
#else
static uint32_t detect(void) { return 0; }
#endif

#else

static uint32_t detect(void) { return 0; }

#endif

/* Bit 31 marks "detected". Racing first callers compute the same value, so a
 * plain atomic store is enough: no lock, no once-flag. */
#define CB_CPU_KNOWN (1u << 31)

uint32_t cb_cpu_features(void)
{
    static _Atomic uint32_t cached;
    uint32_t f = atomic_load_explicit(&cached, memory_order_relaxed);
    if (!(f & CB_CPU_KNOWN)) {
        f = detect() | CB_CPU_KNOWN;
        atomic_store_explicit(&cached, f, memory_order_relaxed);
    }
    return f & ~CB_CPU_KNOWN;
}
