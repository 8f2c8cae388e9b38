/* overlap_sse.c - batch kernels for x86-64 SSE2 (4 lanes), the baseline every x86-64 CPU runs. */
#include "internal.h"

#include <emmintrin.h>

#define CB_SUFFIX sse
#define CB_BACKEND_ID SSE
#define CB_W 4
typedef __m128 vf;

CB_INLINE vf v_set1(float f) { return _mm_set1_ps(f); }
CB_INLINE vf v_loadu(const float *p) { return _mm_loadu_ps(p); }
/* maxps/minps return the second operand on NaN or equal zeros: the contract's MAX/MIN. */
CB_INLINE vf v_max(vf a, vf b) { return _mm_max_ps(a, b); }
CB_INLINE vf v_min(vf a, vf b) { return _mm_min_ps(a, b); }
CB_INLINE vf v_sub(vf a, vf b) { return _mm_sub_ps(a, b); }
CB_INLINE vf v_mul(vf a, vf b) { return _mm_mul_ps(a, b); }
CB_INLINE vf v_add(vf a, vf b) { return _mm_add_ps(a, b); }
CB_INLINE uint32_t v_le_bits(vf a, vf b) { return (uint32_t)_mm_movemask_ps(_mm_cmple_ps(a, b)); }
CB_INLINE uint32_t v_lt_bits(vf a, vf b) { return (uint32_t)_mm_movemask_ps(_mm_cmplt_ps(a, b)); }

/* The first `count` floats at f (any count; lanes from 4 up are not
 * loaded), zeros above: SSE2 has no masked load, so a short tail is built
 * from scalar loads that stop at the last valid float. This replaces the
 * template's copy through a stack buffer (memset + memcpy calls, then a
 * 16-byte reload of 4-byte stores: a store-forwarding stall). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline)) /* kept out of line: inlined, its branches made GCC stop
                             unrolling the full-block loops (SSE circles 25% slower) */
#endif
static __m128 v_load_floats(const float *f, size_t count)
{
    if (count >= 4)
        return _mm_loadu_ps(f);
    if (count == 0)
        return _mm_setzero_ps();
    __m128 v = _mm_load_ss(f); /* f0 0 0 0 */
    if (count >= 2)
        v = _mm_unpacklo_ps(v, _mm_load_ss(f + 1)); /* f0 f1 0 0 */
    if (count == 3)
        v = _mm_movelh_ps(v, _mm_load_ss(f + 2)); /* f0 f1 f2 0 */
    return v;
}
/* floats left for the j-th register of 4 when `total` are valid */
#define CB_LEFT(total, j) ((total) > 4u * (j) ? (total) - 4u * (j) : 0u)

#define CB_PARTIAL_LOADS 1
CB_INLINE vf v_loadu_first(const float *p, size_t k) { return v_load_floats(p, k); }

/* Four circles are 12 floats: a = x0 y0 r0 x1, b = y1 r1 x2 y2, c = r2 x3 y3 r3. */
CB_INLINE void circles_from_regs(__m128 a, __m128 b, __m128 c, vf *x, vf *y, vf *r)
{
    __m128 b2c1 = _mm_shuffle_ps(b, c, _MM_SHUFFLE(1, 1, 2, 2));
    *x = _mm_shuffle_ps(a, b2c1, _MM_SHUFFLE(2, 0, 3, 0));
    __m128 a1b0 = _mm_shuffle_ps(a, b, _MM_SHUFFLE(0, 0, 1, 1));
    __m128 b3c2 = _mm_shuffle_ps(b, c, _MM_SHUFFLE(2, 2, 3, 3));
    *y = _mm_shuffle_ps(a1b0, b3c2, _MM_SHUFFLE(2, 0, 2, 0));
    __m128 a2b1 = _mm_shuffle_ps(a, b, _MM_SHUFFLE(1, 1, 2, 2));
    __m128 c0c3 = _mm_shuffle_ps(c, c, _MM_SHUFFLE(3, 3, 0, 0));
    *r = _mm_shuffle_ps(a2b1, c0c3, _MM_SHUFFLE(2, 0, 2, 0));
}

CB_INLINE void v_load_circles_aos(const cb_circle *p, vf *x, vf *y, vf *r)
{
    const float *f = &p[0].x;
    circles_from_regs(_mm_loadu_ps(f), _mm_loadu_ps(f + 4), _mm_loadu_ps(f + 8), x, y, r);
}

CB_INLINE void v_load_circles_aos_first(const cb_circle *p, size_t k, vf *x, vf *y, vf *r)
{
    const float *f = &p[0].x;
    size_t nf = 3 * k;
    circles_from_regs(v_load_floats(f, nf), v_load_floats(f + 4, CB_LEFT(nf, 1)),
                      v_load_floats(f + 8, CB_LEFT(nf, 2)), x, y, r);
}

/* AoS boxes on (x, y) pairs rather than transposed (see overlap_avx512.c):
 * two shuffles split boxes 0-1 and 2-3 into min and max corners, the clamp
 * runs on pairs, and two shuffles pick the x and y squares out in box order.
 * 4 + 8 + 2 + add + compare + movemask = 17 vector ops per 4 boxes, against
 * 8 shuffles + 11 for the transpose. */
CB_INLINE uint32_t boxes_aos_block_sse(vf cx, vf cy, vf r2, const cb_box *p, size_t k, int strict)
{
    const float *f = &p[0].min_x;
    __m128 a, b, c, d;
    if (k == 4) {
        a = _mm_loadu_ps(f), b = _mm_loadu_ps(f + 4);
        c = _mm_loadu_ps(f + 8), d = _mm_loadu_ps(f + 12);
    } else {
        size_t nf = 4 * k;
        a = v_load_floats(f, nf), b = v_load_floats(f + 4, CB_LEFT(nf, 1));
        c = v_load_floats(f + 8, CB_LEFT(nf, 2)), d = v_load_floats(f + 12, CB_LEFT(nf, 3));
    }
    __m128 cxy = _mm_unpacklo_ps(cx, cy); /* cx cy cx cy */
    __m128 lo_ab = _mm_shuffle_ps(a, b, _MM_SHUFFLE(1, 0, 1, 0)); /* box 0 x0 y0, box 1 x0 y0 */
    __m128 hi_ab = _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 2, 3, 2));
    __m128 lo_cd = _mm_shuffle_ps(c, d, _MM_SHUFFLE(1, 0, 1, 0));
    __m128 hi_cd = _mm_shuffle_ps(c, d, _MM_SHUFFLE(3, 2, 3, 2));
    __m128 d_ab = _mm_sub_ps(cxy, _mm_min_ps(_mm_max_ps(cxy, lo_ab), hi_ab));
    __m128 d_cd = _mm_sub_ps(cxy, _mm_min_ps(_mm_max_ps(cxy, lo_cd), hi_cd));
    __m128 s_ab = _mm_mul_ps(d_ab, d_ab), s_cd = _mm_mul_ps(d_cd, d_cd);
    __m128 d2 = _mm_add_ps(_mm_shuffle_ps(s_ab, s_cd, _MM_SHUFFLE(2, 0, 2, 0)),
                           _mm_shuffle_ps(s_ab, s_cd, _MM_SHUFFLE(3, 1, 3, 1)));
    return strict ? v_lt_bits(d2, r2) : v_le_bits(d2, r2);
}
#define CB_BOXES_AOS_BLOCK boxes_aos_block_sse

#include "kernel_template.h"
