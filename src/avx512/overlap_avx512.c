/* overlap_avx512.c - batch kernels for x86-64 AVX-512F (16 lanes); compiled with -mavx512f -mpopcnt. */
#include "internal.h"

#include <immintrin.h>

/* AVX-512F implies FMA (clang refuses -mavx512f -mno-fma), so unlike the AVX2
 * file this one cannot exclude FMA by flags. The project-wide
 * -ffp-contract=off is what keeps every a*b+c here unfused, and the tests
 * compare this backend with the scalar reference bit for bit. */

#define CB_SUFFIX avx512
#define CB_BACKEND_ID AVX512
#define CB_W 16
typedef __m512 vf;

CB_INLINE vf v_set1(float f) { return _mm512_set1_ps(f); }
CB_INLINE vf v_loadu(const float *p) { return _mm512_loadu_ps(p); }
/* vmaxps/vminps return the second operand on NaN or equal zeros: the contract's MAX/MIN. */
CB_INLINE vf v_max(vf a, vf b) { return _mm512_max_ps(a, b); }
CB_INLINE vf v_min(vf a, vf b) { return _mm512_min_ps(a, b); }
CB_INLINE vf v_sub(vf a, vf b) { return _mm512_sub_ps(a, b); }
CB_INLINE vf v_mul(vf a, vf b) { return _mm512_mul_ps(a, b); }
CB_INLINE vf v_add(vf a, vf b) { return _mm512_add_ps(a, b); }
/* Ordered, quiet predicates: NaN compares false, as the scalar '<=' and '<'. */
CB_INLINE uint32_t v_le_bits(vf a, vf b) { return (uint32_t)_mm512_cmp_ps_mask(a, b, _CMP_LE_OQ); }
CB_INLINE uint32_t v_lt_bits(vf a, vf b) { return (uint32_t)_mm512_cmp_ps_mask(a, b, _CMP_LT_OQ); }

CB_INLINE __m512i v_index(const int32_t *table) { return _mm512_loadu_si512((const void *)table); }

/* The first `count` of the 16 floats at f (count may exceed 16); the masked
 * lanes are zero and their memory is never touched (AVX-512 suppresses faults
 * on masked-out elements), so tails need no copy. */
CB_INLINE __m512 v_load_floats(const float *f, size_t count)
{
    __mmask16 m = count >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << count) - 1u);
    return _mm512_maskz_loadu_ps(m, f);
}

#define CB_PARTIAL_LOADS 1
CB_INLINE vf v_loadu_first(const float *p, size_t k) { return v_load_floats(p, k); }

/* Sixteen boxes in four registers (four boxes each). Two rounds of two-source
 * permutes: first min_x/min_y and max_x/max_y of boxes 0-7 and 8-15, then the
 * halves joined, so lane i holds box i. `nf` floats are valid (64 for a full block). */
CB_INLINE void boxes_from_floats(const float *f, size_t nf, vf *x0, vf *y0, vf *x1, vf *y1)
{
    static const int32_t lo[16] = {0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29};
    static const int32_t hi[16] = {2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31};
    static const int32_t first[16] = {0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23};
    static const int32_t second[16] = {8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31};
    __m512 a, b, c, d;
    if (nf == 64) {
        a = _mm512_loadu_ps(f), b = _mm512_loadu_ps(f + 16);
        c = _mm512_loadu_ps(f + 32), d = _mm512_loadu_ps(f + 48);
    } else {
        __m512 z = _mm512_setzero_ps();
        a = v_load_floats(f, nf);
        b = nf > 16 ? v_load_floats(f + 16, nf - 16) : z;
        c = nf > 32 ? v_load_floats(f + 32, nf - 32) : z;
        d = nf > 48 ? v_load_floats(f + 48, nf - 48) : z;
    }
    __m512 ab_lo = _mm512_permutex2var_ps(a, v_index(lo), b);
    __m512 ab_hi = _mm512_permutex2var_ps(a, v_index(hi), b);
    __m512 cd_lo = _mm512_permutex2var_ps(c, v_index(lo), d);
    __m512 cd_hi = _mm512_permutex2var_ps(c, v_index(hi), d);
    *x0 = _mm512_permutex2var_ps(ab_lo, v_index(first), cd_lo);
    *y0 = _mm512_permutex2var_ps(ab_lo, v_index(second), cd_lo);
    *x1 = _mm512_permutex2var_ps(ab_hi, v_index(first), cd_hi);
    *y1 = _mm512_permutex2var_ps(ab_hi, v_index(second), cd_hi);
}

CB_INLINE void v_load_boxes_aos(const cb_box *p, vf *x0, vf *y0, vf *x1, vf *y1)
{
    boxes_from_floats(&p[0].min_x, 64, x0, y0, x1, y1);
}
CB_INLINE void v_load_boxes_aos_first(const cb_box *p, size_t k, vf *x0, vf *y0, vf *x1, vf *y1)
{
    boxes_from_floats(&p[0].min_x, 4 * k, x0, y0, x1, y1);
}

/* Sixteen circles are 48 floats in three registers a, b, c. Component k of
 * circle i is float 3i+k, and for each k those sixteen floats sit at sixteen
 * different lane positions across a, b, c: two masked blends gather them into
 * one register, one permute puts them in circle order. `nf` floats are valid. */
CB_INLINE void circles_from_floats(const float *f, size_t nf, vf *x, vf *y, vf *r)
{
    static const int32_t order[3][16] = {
        {0, 3, 6, 9, 12, 15, 2, 5, 8, 11, 14, 1, 4, 7, 10, 13},
        {1, 4, 7, 10, 13, 0, 3, 6, 9, 12, 15, 2, 5, 8, 11, 14},
        {2, 5, 8, 11, 14, 1, 4, 7, 10, 13, 0, 3, 6, 9, 12, 15},
    };
    __m512 a, b, c;
    if (nf == 48) {
        a = _mm512_loadu_ps(f), b = _mm512_loadu_ps(f + 16), c = _mm512_loadu_ps(f + 32);
    } else {
        __m512 z = _mm512_setzero_ps();
        a = v_load_floats(f, nf);
        b = nf > 16 ? v_load_floats(f + 16, nf - 16) : z;
        c = nf > 32 ? v_load_floats(f + 32, nf - 32) : z;
    }
    __m512 tx = _mm512_mask_blend_ps(0x2492, _mm512_mask_blend_ps(0x4924, a, b), c);
    __m512 ty = _mm512_mask_blend_ps(0x4924, _mm512_mask_blend_ps(0x9249, a, b), c);
    __m512 tr = _mm512_mask_blend_ps(0x9249, _mm512_mask_blend_ps(0x2492, a, b), c);
    *x = _mm512_permutexvar_ps(v_index(order[0]), tx);
    *y = _mm512_permutexvar_ps(v_index(order[1]), ty);
    *r = _mm512_permutexvar_ps(v_index(order[2]), tr);
}

CB_INLINE void v_load_circles_aos(const cb_circle *p, vf *x, vf *y, vf *r)
{
    circles_from_floats(&p[0].x, 48, x, y, r);
}
CB_INLINE void v_load_circles_aos_first(const cb_circle *p, size_t k, vf *x, vf *y, vf *r)
{
    circles_from_floats(&p[0].x, 3 * k, x, y, r);
}

#include "kernel_template.h"
