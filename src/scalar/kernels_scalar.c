/* kernels_scalar.c - the scalar backend: kernel_template.h over one-lane "vectors" (plain floats) */
#include "internal.h"

/* Built at the baseline ISA: a wider ISA leaking in (say -march=native)
 * would let the compiler use instructions the CPU may lack. */
#if defined(__AVX__) || defined(__AVX2__) || defined(__AVX512F__) || defined(__FMA__)
#error "kernels_scalar.c must be compiled for the baseline ISA"
#endif

#define CB_SUFFIX scalar
#define CB_W 1
typedef float vf;

CB_INLINE vf v_set1(float f) { return f; }
CB_INLINE vf v_loadu(const float *p) { return *p; }
CB_INLINE vf v_load_floats(const float *p, size_t count) { return count ? *p : 0.0f; }
/* The contract's MAX/MIN. On x86 they are maxss/minss themselves: the same
 * rule ((a > b) ? a : b, NaN or equal zeros give b), and under a caller's
 * DAZ the same flushing of denormal operands as the vector backends' maxps
 * (a compiler may compile the conditional as a bitwise select instead,
 * which passes a denormal through: the contact point would then differ
 * between raw kernels). Elsewhere the conditional, as written in the
 * contract (AArch64: fcmp + fcsel, like NEON's compare and select). */
#if defined(__SSE2__)
#include <emmintrin.h>
CB_INLINE vf v_max(vf a, vf b) { return _mm_cvtss_f32(_mm_max_ss(_mm_set_ss(a), _mm_set_ss(b))); }
CB_INLINE vf v_min(vf a, vf b) { return _mm_cvtss_f32(_mm_min_ss(_mm_set_ss(a), _mm_set_ss(b))); }
#else
CB_INLINE vf v_max(vf a, vf b) { return a > b ? a : b; }
CB_INLINE vf v_min(vf a, vf b) { return a < b ? a : b; }
#endif
CB_INLINE vf v_sub(vf a, vf b) { return a - b; }
CB_INLINE vf v_mul(vf a, vf b) { return a * b; } /* -ffp-contract=off: never fused */
CB_INLINE vf v_add(vf a, vf b) { return a + b; }
CB_INLINE uint32_t v_le_bits(vf a, vf b) { return a <= b; }
CB_INLINE uint32_t v_lt_bits(vf a, vf b) { return a < b; }
CB_INLINE void v_storeu(float *p, vf v) { *p = v; }
/* IEEE division and square root, correctly rounded; |x| clears the sign
 * bit. The square root is the instruction whatever the build's errno
 * option: with the compilers' default -fmath-errno (the drop-in cbatch.c
 * is built with the user's flags) gcc and clang would call libm's sqrtf
 * for a negative operand, the same bits but a libm dependency. */
CB_INLINE vf v_div(vf a, vf b) { return a / b; }
#if defined(__SSE2__)
CB_INLINE vf v_sqrt(vf a) { return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(a))); }
#elif defined(__GNUC__) && defined(__aarch64__)
CB_INLINE vf v_sqrt(vf a)
{
    vf r;
    __asm__("fsqrt %s0, %s1" : "=w"(r) : "w"(a));
    return r;
}
#elif defined(__GNUC__) && defined(__riscv) && defined(__riscv_fdiv)
CB_INLINE vf v_sqrt(vf a)
{
    vf r;
    __asm__("fsqrt.s %0, %1" : "=f"(r) : "f"(a)); /* rounds by frm, as the compiler's would */
    return r;
}
#else
CB_INLINE vf v_sqrt(vf a) { return __builtin_sqrtf(a); }
#endif
/* An empty asm the value passes through: the compiler no longer knows what
 * it is, so it cannot rewrite the arithmetic that follows. GCC otherwise
 * rewrites (|a| / m)^2 as (a / m)^2, and after a select of a constant
 * (say the coincident circles' normal 1) folds 1 * r to r: both round or
 * flush differently from the vector backends under a directed rounding or
 * flush-to-zero mode, and the raw kernels must agree in any mode. */
CB_INLINE vf opaque(vf r)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __asm__("" : "+x"(r));
#elif defined(__GNUC__) && defined(__aarch64__)
    __asm__("" : "+w"(r));
#elif defined(__GNUC__) && defined(__riscv) && defined(__riscv_flen)
    __asm__("" : "+f"(r));
#elif defined(__GNUC__)
    __asm__("" : "+g"(r));
#endif
    return r;
}
CB_INLINE vf v_abs(vf a) { return opaque(__builtin_fabsf(a)); }
/* Lane masks: one flag. */
typedef int vm;
CB_INLINE vm v_lt_m(vf a, vf b) { return a < b; }
CB_INLINE vm v_le_m(vf a, vf b) { return a <= b; }
CB_INLINE vm v_eq_m(vf a, vf b) { return a == b; }
CB_INLINE vf v_sel(vm m, vf a, vf b) { return opaque(m ? a : b); }
CB_INLINE uint32_t v_mbits(vm m) { return (uint32_t)m; }

CB_INLINE void v_load_boxes_aos(const cb_box *p, size_t k, vf *x0, vf *y0, vf *x1, vf *y1)
{
    (void)k; /* always 1 */
    *x0 = p->min_x, *y0 = p->min_y, *x1 = p->max_x, *y1 = p->max_y;
}

CB_INLINE void v_load_circles_aos(const cb_circle *p, size_t k, vf *x, vf *y, vf *r)
{
    (void)k;
    *x = p->x, *y = p->y, *r = p->r;
}

/* The integer lanes (queries/integer.h): one int32, and its square in a
 * uint64; unsigned arithmetic wraps modulo 2^32 as the vector lanes do. */
typedef int32_t vi;
typedef uint64_t vw;
CB_INLINE vi v_set1_i(int32_t x) { return x; }
CB_INLINE vi v_loadu_i(const int32_t *p) { return *p; }
CB_INLINE vi v_load_ints(const int32_t *p, size_t count) { return count ? *p : 0; }
CB_INLINE void v_storeu_i(int32_t *p, vi v) { *p = v; }
/* int32 to binary32, rounded in the float mode (the filter of queries/integer.h). */
CB_INLINE vf v_cvt_f(vi a) { return opaque((float)a); }
CB_INLINE vi v_max_i(vi a, vi b) { return a > b ? a : b; }
CB_INLINE vi v_min_i(vi a, vi b) { return a < b ? a : b; }
CB_INLINE vi v_max_u(vi a, vi b) { return (uint32_t)a > (uint32_t)b ? a : b; }
CB_INLINE vi v_sub_i(vi a, vi b) { return (vi)((uint32_t)a - (uint32_t)b); }
CB_INLINE vi v_add_i(vi a, vi b) { return (vi)((uint32_t)a + (uint32_t)b); }
CB_INLINE vi v_or_i(vi a, vi b) { return a | b; }
CB_INLINE vi v_and_i(vi a, vi b) { return a & b; }
CB_INLINE uint32_t v_le_u_bits(vi a, vi b) { return (uint32_t)a <= (uint32_t)b; }
CB_INLINE uint32_t v_neg_bits(vi a) { return a < 0; }
CB_INLINE vi v_lt_u_m(vi a, vi b) { return -(vi)((uint32_t)a < (uint32_t)b); }
CB_INLINE vi v_eq_m_i(vi a, vi b) { return -(vi)(a == b); }
CB_INLINE vi v_sel_i(vi m, vi a, vi b) { return (a & m) | (b & ~m); }
CB_INLINE vw v_sq_w(vi a) { return (uint64_t)(uint32_t)a * (uint32_t)a; }
CB_INLINE vw v_sub_w(vw a, vw b) { return a - b; }
CB_INLINE vw v_add_sat_w(vw a, vw b) { return a + b < a ? UINT64_MAX : a + b; }
CB_INLINE uint32_t v_le_w_bits(vw a, vw b) { return a <= b; }
CB_INLINE uint32_t v_lt_w_bits(vw a, vw b) { return a < b; }
CB_INLINE void v_storeu_w(uint64_t *p, vw v) { *p = v; }

/* Lane loads for the candidate pairs: one lane, loaded by vlane_first
 * (VLANE_SET is never reached: lane 0 is the only one). */
typedef vf vlane;
CB_INLINE vlane vlane_first(const float *p) { return *p; }
#define VLANE_SET(a, u, p) ((void)(u), (a) = *(p))
CB_INLINE vf vlane_done(vlane a) { return a; }

/* The indices of a step's hits packed to its bottom (kernel_batch.h's
 * index sink): one lane, so the hit is already in place. An index list
 * never packs (a store and an add per element cost more than walking the
 * bits). */
#define CB_PACK_MIN 65
#define CB_PACK_STEP 1
CB_INLINE void v_pack_indices(uint32_t *p, uint32_t bits, uint32_t base)
{
    (void)bits;
    *p = base;
}

#include "kernel_template.h"
