/* fenv_guard.h - run library code in the contract's float environment (nearest-even, no flushing) whatever the caller set. */
#ifndef CB_FENV_GUARD_H
#define CB_FENV_GUARD_H

#include "internal.h"

/*
 * Why: FTZ/DAZ (x86 MXCSR) and FZ (AArch64 FPCR, Armv7 FPSCR) flush denormals, and a
 * directed rounding mode changes every rounded result; engines often set
 * them. The contract promises the same hits everywhere, so the public entry
 * points switch to the default mode around the kernel call, and only when
 * the caller's mode differs: the common case costs one status-register read.
 * The kernel must be an out-of-line call (a function pointer or another
 * translation unit) so the compiler cannot move float work across the switch.
 */

#if defined(__x86_64__) || defined(_M_X64) || (defined(__i386__) && defined(__SSE__))
#include <xmmintrin.h>

/* MXCSR: DAZ (bit 6), rounding control (bits 13-14), FTZ (bit 15). */
#define CB_MXCSR_MODE_BITS 0xE040u
#define CB_MXCSR_FLAG_BITS 0x003Fu

typedef struct {
    unsigned saved;
} cb_fenv;

CB_INLINE cb_fenv cb_fenv_enter(void)
{
    cb_fenv e = {_mm_getcsr()};
    if (e.saved & CB_MXCSR_MODE_BITS)
        _mm_setcsr(e.saved & ~CB_MXCSR_MODE_BITS);
    return e;
}

/* Restore the caller's mode; exception flags raised inside the call stay raised. */
CB_INLINE void cb_fenv_leave(cb_fenv e)
{
    if (e.saved & CB_MXCSR_MODE_BITS)
        _mm_setcsr(e.saved | (_mm_getcsr() & CB_MXCSR_FLAG_BITS));
}

#elif defined(__aarch64__)

/* FPCR: FIZ (bit 0) and AH (bit 1) of FEAT_AFP, RMode (bits 22-23), FZ (bit 24).
 * Exception flags live in FPSR, which is left alone. */
#define CB_FPCR_MODE_BITS ((1ull << 0) | (1ull << 1) | (3ull << 22) | (1ull << 24))

typedef struct {
    unsigned long long saved;
} cb_fenv;

CB_INLINE cb_fenv cb_fenv_enter(void)
{
    cb_fenv e;
    __asm__ volatile("mrs %0, fpcr" : "=r"(e.saved));
    if (e.saved & CB_FPCR_MODE_BITS) {
        unsigned long long v = e.saved & ~CB_FPCR_MODE_BITS;
        __asm__ volatile("msr fpcr, %0" : : "r"(v));
    }
    return e;
}

CB_INLINE void cb_fenv_leave(cb_fenv e)
{
    if (e.saved & CB_FPCR_MODE_BITS)
        __asm__ volatile("msr fpcr, %0" : : "r"(e.saved));
}

#elif defined(__arm__) && defined(__ARM_FP)

/* Armv7 with a VFP unit (hard-float; the scalar backend only, see
 * dispatch.c): FPSCR holds the mode, RMode (bits 22-23) and FZ (bit 24),
 * next to the sticky exception flags (bits 0-4 and 7) and the last
 * compare's NZCV (bits 28-31). Leaving restores the caller's mode bits
 * only, so the flags and NZCV the call set stay as they are. */
#define CB_FPSCR_MODE_BITS ((3u << 22) | (1u << 24))

typedef struct {
    unsigned saved;
} cb_fenv;

CB_INLINE cb_fenv cb_fenv_enter(void)
{
    cb_fenv e;
    __asm__ volatile("vmrs %0, fpscr" : "=r"(e.saved));
    if (e.saved & CB_FPSCR_MODE_BITS) {
        unsigned v = e.saved & ~CB_FPSCR_MODE_BITS;
        __asm__ volatile("vmsr fpscr, %0" : : "r"(v));
    }
    return e;
}

CB_INLINE void cb_fenv_leave(cb_fenv e)
{
    if (e.saved & CB_FPSCR_MODE_BITS) {
        unsigned now;
        __asm__ volatile("vmrs %0, fpscr" : "=r"(now));
        now = (now & ~CB_FPSCR_MODE_BITS) | (e.saved & CB_FPSCR_MODE_BITS);
        __asm__ volatile("vmsr fpscr, %0" : : "r"(now));
    }
}

#elif defined(__riscv) && defined(__riscv_flen)

/* RISC-V F/D: fcsr holds the exception flags fflags (bits 0-4) and the
 * dynamic rounding mode frm (bits 5-7), which every float instruction the
 * compiler emits obeys (rm = dyn). There is no flush-to-zero mode: denormals
 * are always kept. So only frm is switched, to round-to-nearest-even (0),
 * through its own CSR: fflags are never written, and flags raised inside
 * the call stay raised. */

typedef struct {
    unsigned long saved;
} cb_fenv;

CB_INLINE cb_fenv cb_fenv_enter(void)
{
    cb_fenv e;
    __asm__ volatile("csrr %0, frm" : "=r"(e.saved));
    if (e.saved)
        __asm__ volatile("csrwi frm, 0");
    return e;
}

CB_INLINE void cb_fenv_leave(cb_fenv e)
{
    if (e.saved)
        __asm__ volatile("csrw frm, %0" : : "r"(e.saved));
}

#else
/* WebAssembly (__wasm__): there is no float environment. Every operation
 * rounds to nearest-even and keeps denormals, and no instruction can change
 * that, so the contract's mode is the only one and there is nothing to read
 * or switch. Other architectures: scalar code in the caller's environment,
 * as documented. */

typedef struct {
    int unused;
} cb_fenv;

CB_INLINE cb_fenv cb_fenv_enter(void)
{
    cb_fenv e = {0};
    return e;
}
CB_INLINE void cb_fenv_leave(cb_fenv e) { (void)e; }

#endif

#endif
