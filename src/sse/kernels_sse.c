/* kernels_sse.c - the vector primitives and loaders of x86-64 SSE2 (4 lanes), the baseline every x86-64 CPU runs; the kernels come from kernel_template.h. */
#include "internal.h"

#include <emmintrin.h>
#include <string.h>

#define CB_SUFFIX sse
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
CB_INLINE void v_storeu(float *p, vf v) { _mm_storeu_ps(p, v); }
/* divps and sqrtps are IEEE correctly rounded; |x| clears the sign bit. */
CB_INLINE vf v_div(vf a, vf b) { return _mm_div_ps(a, b); }
CB_INLINE vf v_sqrt(vf a) { return _mm_sqrt_ps(a); }
CB_INLINE vf v_abs(vf a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
/* Lane masks: all-ones or all-zero lanes of an ordered compare. */
typedef __m128 vm;
CB_INLINE vm v_lt_m(vf a, vf b) { return _mm_cmplt_ps(a, b); }
CB_INLINE vm v_le_m(vf a, vf b) { return _mm_cmple_ps(a, b); }
CB_INLINE vm v_eq_m(vf a, vf b) { return _mm_cmpeq_ps(a, b); }
CB_INLINE vf v_sel(vm m, vf a, vf b) { return _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b)); }
CB_INLINE uint32_t v_mbits(vm m) { return (uint32_t)_mm_movemask_ps(m); }

/* The first `count` floats at f (any count; lanes from 4 up are not
 * loaded), zeros above: SSE2 has no masked load, so a short tail is built
 * from scalar loads that stop at the last valid float. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline)) /* out of line: only tails call it, and inlined its branches
                             stop GCC from unrolling the full-block loops (docs/measurements.md) */
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

/* k boxes are 4k floats: four loads, each stopping at the last valid float,
 * then a 4x4 transpose. */
CB_INLINE void v_load_boxes_aos(const cb_box *p, size_t k, vf *x0, vf *y0, vf *x1, vf *y1)
{
    const float *f = &p[0].min_x;
    size_t nf = 4 * k;
    __m128 a = k == 4 ? _mm_loadu_ps(f) : v_load_floats(f, nf);
    __m128 b = k == 4 ? _mm_loadu_ps(f + 4) : v_load_floats(f + 4, CB_FLOATS_LEFT(nf, 1));
    __m128 c = k == 4 ? _mm_loadu_ps(f + 8) : v_load_floats(f + 8, CB_FLOATS_LEFT(nf, 2));
    __m128 d = k == 4 ? _mm_loadu_ps(f + 12) : v_load_floats(f + 12, CB_FLOATS_LEFT(nf, 3));
    _MM_TRANSPOSE4_PS(a, b, c, d);
    *x0 = a, *y0 = b, *x1 = c, *y1 = d;
}

/* Four circles are 12 floats: a = x0 y0 r0 x1, b = y1 r1 x2 y2, c = r2 x3 y3 r3. */
#define CB_CIRCLES_FROM_REGS 1
CB_INLINE void v_circles_from_regs(__m128 a, __m128 b, __m128 c, vf *x, vf *y, vf *r)
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

/* AoS boxes on (x, y) pairs (queries/overlap.h): boxes 0-1 and 2-3 split
 * into min and max corners; the squares [dx0 dy0 dx1 dy1], [dx2 dy2 dx3 dy3]
 * become [dx0 dx1 dx2 dx3] + [dy0 dy1 dy2 dy3], already in box order. */
#define CB_BOXES_AOS_PAIRS 1
CB_INLINE vf v_interleave_lo(vf a, vf b) { return _mm_unpacklo_ps(a, b); }
CB_INLINE vf v_pairs_even(vf a, vf b) { return _mm_shuffle_ps(a, b, _MM_SHUFFLE(1, 0, 1, 0)); }
CB_INLINE vf v_pairs_odd(vf a, vf b) { return _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 2, 3, 2)); }
CB_INLINE vf v_sum_xy(vf sa, vf sb)
{
    return _mm_add_ps(_mm_shuffle_ps(sa, sb, _MM_SHUFFLE(2, 0, 2, 0)),
                      _mm_shuffle_ps(sa, sb, _MM_SHUFFLE(3, 1, 3, 1)));
}

/* Four oriented boxes are 24 floats, 12 (x, y) pairs: pair 3b + k is kind k
 * (0 centre, 1 half-extents, 2 rotation) of box b. Loaded as six registers
 * of two pairs, pair q sits in register q / 2 at position q % 2, so a kind's
 * pairs for boxes 0-1 (and 2-3) sit in two registers at the two different
 * positions: one 64-bit blend gathers them, e.g. [cx0 cy0 cx1 cy1] (movsd,
 * which the compiler may fold into a load; it measured faster than shufps
 * there), and one shufps per component takes its floats from the boxes 0-1
 * and 2-3 registers in box order (the half-extents come out as boxes 1 0
 * and 3 2, which the shufps reverses). */
#define CB_HAVE_OBOXES_AOS 1
/* a's low pair, b's high pair */
CB_INLINE __m128 v_pairs_blend(__m128 a, __m128 b)
{
    return _mm_castpd_ps(_mm_move_sd(_mm_castps_pd(b), _mm_castps_pd(a)));
}
CB_INLINE void v_load_oboxes_aos(const cb_obox *p, vf *cx, vf *cy, vf *hx, vf *hy, vf *c, vf *s)
{
    const float *f = &p[0].cx;
    __m128 r0 = _mm_loadu_ps(f), r1 = _mm_loadu_ps(f + 4), r2 = _mm_loadu_ps(f + 8);
    __m128 r3 = _mm_loadu_ps(f + 12), r4 = _mm_loadu_ps(f + 16), r5 = _mm_loadu_ps(f + 20);
    __m128 cxy01 = v_pairs_blend(r0, r1), cxy23 = v_pairs_blend(r3, r4); /* pairs 0 3, 6 9 */
    __m128 hxy10 = v_pairs_blend(r2, r0), hxy32 = v_pairs_blend(r5, r3); /* pairs 4 1, 10 7 */
    __m128 cs01 = v_pairs_blend(r1, r2), cs23 = v_pairs_blend(r4, r5);   /* pairs 2 5, 8 11 */
    *cx = _mm_shuffle_ps(cxy01, cxy23, _MM_SHUFFLE(2, 0, 2, 0));
    *cy = _mm_shuffle_ps(cxy01, cxy23, _MM_SHUFFLE(3, 1, 3, 1));
    *hx = _mm_shuffle_ps(hxy10, hxy32, _MM_SHUFFLE(0, 2, 0, 2));
    *hy = _mm_shuffle_ps(hxy10, hxy32, _MM_SHUFFLE(1, 3, 1, 3));
    *c = _mm_shuffle_ps(cs01, cs23, _MM_SHUFFLE(2, 0, 2, 0));
    *s = _mm_shuffle_ps(cs01, cs23, _MM_SHUFFLE(3, 1, 3, 1));
}

/* The integer lanes (queries/integer.h): four int32, and their squares as
 * two registers of two uint64 (lanes 0-1, 2-3). SSE2 has no 32-bit min/max,
 * no unsigned or 64-bit compare and no 64-bit multiply of its own: compares
 * with the sign bit flipped, selects by mask, and pmuludq, which multiplies
 * the even 32-bit lanes into 64 bits (an unpack puts lanes 0, 1 there). */
typedef __m128i vi;
typedef struct {
    __m128i lo, hi;
} vw;
CB_INLINE vi v_set1_i(int32_t x) { return _mm_set1_epi32(x); }
CB_INLINE vi v_loadu_i(const int32_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
CB_INLINE vi v_load_ints(const int32_t *p, size_t count)
{
    if (count >= 4)
        return v_loadu_i(p);
    int32_t t[4] = {0, 0, 0, 0};
    memcpy(t, p, count * sizeof *p);
    return v_loadu_i(t);
}
CB_INLINE void v_storeu_i(int32_t *p, vi v) { _mm_storeu_si128((__m128i *)(void *)p, v); }
CB_INLINE vi v_as_i(vf v) { return _mm_castps_si128(v); }
CB_INLINE vf v_cvt_f(vi a) { return _mm_cvtepi32_ps(a); }
CB_INLINE vi v_sel_i(vi m, vi a, vi b) { return _mm_or_si128(_mm_and_si128(m, a), _mm_andnot_si128(m, b)); }
CB_INLINE vi v_max_i(vi a, vi b) { return v_sel_i(_mm_cmpgt_epi32(a, b), a, b); }
CB_INLINE vi v_min_i(vi a, vi b) { return v_sel_i(_mm_cmpgt_epi32(b, a), a, b); }
CB_INLINE vi v_sub_i(vi a, vi b) { return _mm_sub_epi32(a, b); }
CB_INLINE vi v_add_i(vi a, vi b) { return _mm_add_epi32(a, b); }
CB_INLINE vi v_or_i(vi a, vi b) { return _mm_or_si128(a, b); }
CB_INLINE vi v_and_i(vi a, vi b) { return _mm_and_si128(a, b); }
CB_INLINE vi v_flip(vi a) { return _mm_xor_si128(a, _mm_set1_epi32(INT32_MIN)); }
CB_INLINE vi v_lt_u_m(vi a, vi b) { return _mm_cmpgt_epi32(v_flip(b), v_flip(a)); }
CB_INLINE vi v_max_u(vi a, vi b) { return v_sel_i(v_lt_u_m(b, a), a, b); }
CB_INLINE vi v_eq_m_i(vi a, vi b) { return _mm_cmpeq_epi32(a, b); }
CB_INLINE uint32_t v_le_u_bits(vi a, vi b)
{
    return (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(v_lt_u_m(b, a))) ^ 0xFu;
}
CB_INLINE uint32_t v_neg_bits(vi a) { return (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(a)); }
CB_INLINE vw v_sq_w(vi a)
{
    __m128i lo = _mm_unpacklo_epi32(a, a), hi = _mm_unpackhi_epi32(a, a);
    vw r = {_mm_mul_epu32(lo, lo), _mm_mul_epu32(hi, hi)};
    return r;
}
CB_INLINE vw v_sub_w(vw a, vw b)
{
    vw r = {_mm_sub_epi64(a.lo, b.lo), _mm_sub_epi64(a.hi, b.hi)};
    return r;
}
/* a > b of uint64 lanes, all-ones lanes: the high halves decide, the low
 * halves when the high ones are equal. */
CB_INLINE __m128i v_gt_u64(__m128i a, __m128i b)
{
    __m128i gt = _mm_cmpgt_epi32(v_flip(a), v_flip(b)), eq = _mm_cmpeq_epi32(a, b);
    __m128i r = _mm_or_si128(gt, _mm_and_si128(eq, _mm_shuffle_epi32(gt, _MM_SHUFFLE(2, 2, 0, 0))));
    return _mm_shuffle_epi32(r, _MM_SHUFFLE(3, 3, 1, 1));
}
CB_INLINE uint32_t v_gt_w_bits(vw a, vw b)
{
    return (uint32_t)(_mm_movemask_pd(_mm_castsi128_pd(v_gt_u64(a.lo, b.lo))) |
                      _mm_movemask_pd(_mm_castsi128_pd(v_gt_u64(a.hi, b.hi))) << 2);
}
CB_INLINE uint32_t v_le_w_bits(vw a, vw b) { return v_gt_w_bits(a, b) ^ 0xFu; }
CB_INLINE uint32_t v_lt_w_bits(vw a, vw b) { return v_gt_w_bits(b, a); }
CB_INLINE vw v_add_sat_w(vw a, vw b)
{
    __m128i lo = _mm_add_epi64(a.lo, b.lo), hi = _mm_add_epi64(a.hi, b.hi);
    vw r = {_mm_or_si128(lo, v_gt_u64(a.lo, lo)), _mm_or_si128(hi, v_gt_u64(a.hi, hi))};
    return r;
}
CB_INLINE void v_storeu_w(uint64_t *p, vw v)
{
    _mm_storeu_si128((__m128i *)(void *)p, v.lo);
    _mm_storeu_si128((__m128i *)(void *)(p + 2), v.hi);
}

/* Lane loads for the candidate pairs: SSE2 has neither a lane load nor an
 * immediate blend, so the four floats stay scalars until one set builds the
 * vector (two unpacks and a move). */
typedef struct {
    float f[4];
} vlane;
CB_INLINE vlane vlane_first(const float *p)
{
    vlane a = {{*p, *p, *p, *p}};
    return a;
}
#define VLANE_SET(a, u, p) ((a).f[(u) & 3] = *(p))
CB_INLINE vf vlane_done(vlane a) { return _mm_setr_ps(a.f[0], a.f[1], a.f[2], a.f[3]); }

/* The indices of 8 lanes' hits packed to the bottom (kernel_batch.h's
 * index sink): the lanes of the hits from the table, a byte each, widened
 * in two halves, added to base and stored whole. */
#include "kernel_pack.h"
#define CB_PACK_STEP 8
CB_INLINE void v_pack_indices(uint32_t *p, uint32_t bits, uint32_t base)
{
    __m128i z = _mm_setzero_si128(), b = _mm_set1_epi32((int)base);
    __m128i l = _mm_loadl_epi64((const __m128i *)(const void *)&cb_pack_lanes[bits]);
    __m128i h = _mm_unpacklo_epi8(l, z);
    _mm_storeu_si128((__m128i *)(void *)p, _mm_add_epi32(_mm_unpacklo_epi16(h, z), b));
    _mm_storeu_si128((__m128i *)(void *)(p + 4), _mm_add_epi32(_mm_unpackhi_epi16(h, z), b));
}

#include "kernel_template.h"
