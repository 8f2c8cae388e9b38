/* overlap_avx2.c - batch kernels for x86-64 AVX2 (8 lanes); compiled with -mavx2 -mpopcnt, never -mfma. */
#include "internal.h"

#include <immintrin.h>

#if defined(__FMA__)
#error "overlap_avx2.c must not be built with FMA enabled: the float contract forbids fused multiply-add"
#endif

#define CB_SUFFIX avx2
#define CB_BACKEND_ID AVX2
#define CB_W 8
typedef __m256 vf;

CB_INLINE vf v_set1(float f) { return _mm256_set1_ps(f); }
CB_INLINE vf v_loadu(const float *p) { return _mm256_loadu_ps(p); }
/* vmaxps/vminps return the second operand on NaN or equal zeros: the contract's MAX/MIN. */
CB_INLINE vf v_max(vf a, vf b) { return _mm256_max_ps(a, b); }
CB_INLINE vf v_min(vf a, vf b) { return _mm256_min_ps(a, b); }
CB_INLINE vf v_sub(vf a, vf b) { return _mm256_sub_ps(a, b); }
CB_INLINE vf v_mul(vf a, vf b) { return _mm256_mul_ps(a, b); }
CB_INLINE vf v_add(vf a, vf b) { return _mm256_add_ps(a, b); }
/* Ordered, quiet predicates: NaN compares false, as the scalar '<=' and '<'. */
CB_INLINE uint32_t v_le_bits(vf a, vf b)
{
    return (uint32_t)_mm256_movemask_ps(_mm256_cmp_ps(a, b, _CMP_LE_OQ));
}
CB_INLINE uint32_t v_lt_bits(vf a, vf b)
{
    return (uint32_t)_mm256_movemask_ps(_mm256_cmp_ps(a, b, _CMP_LT_OQ));
}

/* Put box k in the low half and box k+4 in the high half of register k, then
 * a 4x4 transpose within each 128-bit half gives lanes in box order 0..7. */
CB_INLINE void v_load_boxes_aos(const cb_box *p, vf *x0, vf *y0, vf *x1, vf *y1)
{
    __m256 a = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(&p[0].min_x)),
                                    _mm_loadu_ps(&p[4].min_x), 1);
    __m256 b = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(&p[1].min_x)),
                                    _mm_loadu_ps(&p[5].min_x), 1);
    __m256 c = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(&p[2].min_x)),
                                    _mm_loadu_ps(&p[6].min_x), 1);
    __m256 d = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(&p[3].min_x)),
                                    _mm_loadu_ps(&p[7].min_x), 1);
    __m256 ab_lo = _mm256_unpacklo_ps(a, b), ab_hi = _mm256_unpackhi_ps(a, b);
    __m256 cd_lo = _mm256_unpacklo_ps(c, d), cd_hi = _mm256_unpackhi_ps(c, d);
    *x0 = _mm256_shuffle_ps(ab_lo, cd_lo, _MM_SHUFFLE(1, 0, 1, 0));
    *y0 = _mm256_shuffle_ps(ab_lo, cd_lo, _MM_SHUFFLE(3, 2, 3, 2));
    *x1 = _mm256_shuffle_ps(ab_hi, cd_hi, _MM_SHUFFLE(1, 0, 1, 0));
    *y1 = _mm256_shuffle_ps(ab_hi, cd_hi, _MM_SHUFFLE(3, 2, 3, 2));
}

/* Eight circles are 24 floats in three registers a, b, c. Component k of
 * circle i is float 3i+k, and for each k those eight floats sit at eight
 * different lane positions across a, b, c: two blends gather them into one
 * register, one permute puts them in circle order. */
CB_INLINE void v_load_circles_aos(const cb_circle *p, vf *x, vf *y, vf *r)
{
    const float *f = &p[0].x;
    __m256 a = _mm256_loadu_ps(f), b = _mm256_loadu_ps(f + 8), c = _mm256_loadu_ps(f + 16);
    __m256 tx = _mm256_blend_ps(_mm256_blend_ps(a, b, 0x92), c, 0x24);
    __m256 ty = _mm256_blend_ps(_mm256_blend_ps(a, b, 0x24), c, 0x49);
    __m256 tr = _mm256_blend_ps(_mm256_blend_ps(a, b, 0x49), c, 0x92);
    *x = _mm256_permutevar8x32_ps(tx, _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
    *y = _mm256_permutevar8x32_ps(ty, _mm256_setr_epi32(1, 4, 7, 2, 5, 0, 3, 6));
    *r = _mm256_permutevar8x32_ps(tr, _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7));
}

#include "kernel_template.h"
