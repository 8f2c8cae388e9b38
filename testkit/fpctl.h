/* fpctl.h - the host's float control register (x86 MXCSR, AArch64 FPCR, Armv7 FPSCR, RISC-V fcsr): its bits and a way to set a hostile mode, for the programs that test them (tests, digest, fuzzer). */
#ifndef CB_TESTKIT_FPCTL_H
#define CB_TESTKIT_FPCTL_H

/*
 * x86 MXCSR: exception flags (bits 0-5), DAZ (6), masks (7-12), rounding
 *            control (13-14), FTZ (15).
 * AArch64 FPCR: FIZ (bit 0) and AH (bit 1) of FEAT_AFP, RMode (22-23), FZ
 *            (24), which flushes inputs and outputs (FTZ and DAZ at once).
 *            Exception flags live in FPSR.
 * Armv7 FPSCR (hard-float): exception flags (bits 0-4, 7), RMode (22-23),
 *            FZ (24), which flushes inputs and outputs; read without NZCV
 *            (bits 28-31), the last compare's result, which any float
 *            comparison changes.
 * RISC-V fcsr: exception flags fflags (bits 0-4), dynamic rounding mode frm
 *            (5-7; round toward zero is 1). No flush-to-zero mode exists.
 * Elsewhere: no control register; every bit below is 0.
 */
#if defined(__x86_64__) || defined(_M_X64) || (defined(__i386__) && defined(__SSE__))
#include <xmmintrin.h>
#define FPCTL_X86 1
#define FPCTL_FTZ 0x8000ull       /* flush-to-zero */
#define FPCTL_DAZ 0x0040ull       /* denormals-are-zero */
#define FPCTL_ROUND 0x6000ull     /* rounding control */
#define FPCTL_TOWARD_ZERO 0x6000ull
#define FPCTL_FLAGS 0x003Full     /* sticky exception flags */
#define FPCTL_AFP 0ull            /* no FEAT_AFP counterpart */
#elif defined(__aarch64__)
#define FPCTL_FTZ (1ull << 24)    /* FPCR.FZ */
#define FPCTL_DAZ 0ull            /* no separate control */
#define FPCTL_ROUND (3ull << 22)  /* FPCR.RMode */
#define FPCTL_TOWARD_ZERO (3ull << 22)
#define FPCTL_FLAGS 0ull          /* in FPSR, not FPCR */
#define FPCTL_AFP ((1ull << 0) | (1ull << 1)) /* FPCR.FIZ and FPCR.AH */
#elif defined(__arm__) && defined(__ARM_FP)
#define FPCTL_ARM32 1
#define FPCTL_FTZ (1ull << 24)    /* FPSCR.FZ */
#define FPCTL_DAZ 0ull            /* no separate control */
#define FPCTL_ROUND (3ull << 22)  /* FPSCR.RMode */
#define FPCTL_TOWARD_ZERO (3ull << 22)
#define FPCTL_FLAGS 0x9Full       /* IOC DZC OFC UFC IXC, IDC */
#define FPCTL_NZCV 0xF0000000ull  /* not a mode or a flag: left out */
#define FPCTL_AFP 0ull
#elif defined(__riscv) && defined(__riscv_flen)
#define FPCTL_RISCV 1
#define FPCTL_FTZ 0ull            /* denormals are always kept */
#define FPCTL_DAZ 0ull
#define FPCTL_ROUND (7ull << 5)   /* fcsr.frm */
#define FPCTL_TOWARD_ZERO (1ull << 5) /* RTZ */
#define FPCTL_FLAGS 0x1Full       /* fcsr.fflags */
#define FPCTL_AFP 0ull
#else
#define FPCTL_FTZ 0ull
#define FPCTL_DAZ 0ull
#define FPCTL_ROUND 0ull
#define FPCTL_TOWARD_ZERO 0ull
#define FPCTL_FLAGS 0ull
#define FPCTL_AFP 0ull
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
#elif defined(FPCTL_ARM32)
    unsigned v;
    __asm__ volatile("vmrs %0, fpscr" : "=r"(v) : : "memory");
    return v & ~FPCTL_NZCV;
#elif defined(FPCTL_RISCV)
    unsigned long v;
    __asm__ volatile("csrr %0, fcsr" : "=r"(v) : : "memory");
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
#elif defined(FPCTL_ARM32)
    unsigned w = (unsigned)v;
    __asm__ volatile("vmsr fpscr, %0" : : "r"(w) : "memory");
#elif defined(FPCTL_RISCV)
    __asm__ volatile("csrw fcsr, %0" : : "r"((unsigned long)v) : "memory");
#else
    (void)v;
#endif
}

/* Sets or clears the flushing bits (ftz, daz: x86 bits; on AArch64 and
 * Armv7 either sets FZ; afp: FPCR.FIZ and AH), leaving the rest of the register. */
static inline void fpctl_set_flush(int ftz, int daz, int afp)
{
    unsigned long long v = fpctl_read() & ~(FPCTL_FTZ | FPCTL_DAZ | FPCTL_AFP);
    if (FPCTL_DAZ == 0 && (ftz || daz))
        v |= FPCTL_FTZ;
    else
        v |= (ftz ? FPCTL_FTZ : 0) | (daz ? FPCTL_DAZ : 0);
    fpctl_write(v | (afp ? FPCTL_AFP : 0));
}

/* 1 when this target has a flush-to-zero control at all. */
static inline int fpctl_has_flush(void) { return FPCTL_FTZ != 0; }

/* 1 when this target has a float mode a caller can set (flushing or the
 * rounding mode): where the hostile-mode checks run. */
static inline int fpctl_has_control(void) { return (FPCTL_FTZ | FPCTL_ROUND) != 0; }

#endif
