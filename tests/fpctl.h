/* fpctl.h - read and write the host's float control register (x86 MXCSR, AArch64 FPCR), for the programs that test hostile float modes. */
#ifndef CB_TEST_FPCTL_H
#define CB_TEST_FPCTL_H

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#define FPCTL_X86 1
#define FPCTL_FTZ 0x8000ull /* MXCSR flush-to-zero */
#define FPCTL_DAZ 0x0040ull /* MXCSR denormals-are-zero */
#elif defined(__aarch64__)
#define FPCTL_FTZ (1ull << 24) /* FPCR.FZ flushes inputs and outputs: FTZ and DAZ at once */
#define FPCTL_DAZ 0ull         /* no separate control */
#else
#define FPCTL_FTZ 0ull
#define FPCTL_DAZ 0ull
#endif

/* The whole register as an integer (0 where there is none). */
static inline unsigned long long fpctl_read(void)
{
#if defined(FPCTL_X86)
    return _mm_getcsr();
#elif defined(__aarch64__)
    unsigned long long v;
    __asm__ volatile("mrs %0, fpcr" : "=r"(v) : : "memory");
    return v;
#else
    return 0;
#endif
}

static inline void fpctl_write(unsigned long long v)
{
#if defined(FPCTL_X86)
    _mm_setcsr((unsigned)v);
#elif defined(__aarch64__)
    __asm__ volatile("msr fpcr, %0" : : "r"(v) : "memory");
#else
    (void)v;
#endif
}

#endif
