/* kernels_avx2.c - the vector primitives and loaders of x86-64 AVX2 (8 lanes), compiled with -mavx2 -mpopcnt, never -mfma; the kernels come from kernel_template.h. */
#include "internal.h"

#include <immintrin.h>
#include <string.h>

#if defined(__FMA__)
#error "kernels_avx2.c must not be built with FMA enabled: the float contract forbids fused multiply-add"
#endif

#define CB_SUFFIX avx2
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
CB_INLINE void v_storeu(float *p, vf v) { _mm256_storeu_ps(p, v); }
/* vdivps and vsqrtps are IEEE correctly rounded; |x| clears the sign bit. */
CB_INLINE vf v_div(vf a, vf b) { return _mm256_div_ps(a, b); }
CB_INLINE vf v_sqrt(vf a) { return _mm256_sqrt_ps(a); }
CB_INLINE vf v_abs(vf a) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), a); }
/* Lane masks: all-ones or all-zero lanes of an ordered, quiet compare. */
typedef __m256 vm;
CB_INLINE vm v_lt_m(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
CB_INLINE vm v_le_m(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
CB_INLINE vm v_eq_m(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_EQ_OQ); }
CB_INLINE vf v_sel(vm m, vf a, vf b) { return _mm256_blendv_ps(b, a, m); }
CB_INLINE uint32_t v_mbits(vm m) { return (uint32_t)_mm256_movemask_ps(m); }

/* The first `count` floats at f (any count; lanes from 8 up are not
 * loaded): vmaskmovps with a mask slid out of a table. Masked-out lanes read
 * as zero and their memory is not touched (no fault). */
static const int32_t cb_first_mask_avx2[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
CB_INLINE __m256 v_load_floats(const float *f, size_t count)
{
    size_t c = count >= 8 ? 8 : count;
    return _mm256_maskload_ps(f, _mm256_loadu_si256((const __m256i *)(cb_first_mask_avx2 + 8 - c)));
}

/* The integer lanes (queries/integer.h): eight int32, and their squares as
 * two registers of four uint64 (lanes 0-3, 4-7), each half widened
 * (vpmovzxdq) and multiplied by vpmuludq. AVX2 has unsigned 32-bit max but
 * no unsigned compare: a <= b is max(a, b) == b; its 64-bit compare is
 * signed, so the sign bits are flipped first. */
typedef __m256i vi;
typedef struct {
    __m256i lo, hi;
} vw;
CB_INLINE vi v_set1_i(int32_t x) { return _mm256_set1_epi32(x); }
CB_INLINE vi v_loadu_i(const int32_t *p) { return _mm256_loadu_si256((const __m256i *)(const void *)p); }
CB_INLINE vi v_load_ints(const int32_t *p, size_t count)
{
    size_t c = count >= 8 ? 8 : count;
    return _mm256_maskload_epi32((const int *)p,
                                 _mm256_loadu_si256((const __m256i *)(cb_first_mask_avx2 + 8 - c)));
}
CB_INLINE void v_storeu_i(int32_t *p, vi v) { _mm256_storeu_si256((__m256i *)(void *)p, v); }
CB_INLINE vi v_as_i(vf v) { return _mm256_castps_si256(v); }
CB_INLINE vf v_cvt_f(vi a) { return _mm256_cvtepi32_ps(a); }
CB_INLINE vi v_sel_i(vi m, vi a, vi b) { return _mm256_blendv_epi8(b, a, m); }
CB_INLINE vi v_max_i(vi a, vi b) { return _mm256_max_epi32(a, b); }
CB_INLINE vi v_min_i(vi a, vi b) { return _mm256_min_epi32(a, b); }
CB_INLINE vi v_max_u(vi a, vi b) { return _mm256_max_epu32(a, b); }
CB_INLINE vi v_sub_i(vi a, vi b) { return _mm256_sub_epi32(a, b); }
CB_INLINE vi v_add_i(vi a, vi b) { return _mm256_add_epi32(a, b); }
CB_INLINE vi v_or_i(vi a, vi b) { return _mm256_or_si256(a, b); }
CB_INLINE vi v_and_i(vi a, vi b) { return _mm256_and_si256(a, b); }
CB_INLINE vi v_eq_m_i(vi a, vi b) { return _mm256_cmpeq_epi32(a, b); }
CB_INLINE vi v_lt_u_m(vi a, vi b)
{
    return _mm256_xor_si256(_mm256_cmpeq_epi32(_mm256_max_epu32(a, b), a), _mm256_set1_epi32(-1));
}
CB_INLINE uint32_t v_le_u_bits(vi a, vi b)
{
    return (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_max_epu32(a, b), b)));
}
CB_INLINE uint32_t v_neg_bits(vi a) { return (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(a)); }
CB_INLINE __m256i v_square_u64(__m128i a)
{
    __m256i w = _mm256_cvtepu32_epi64(a);
    return _mm256_mul_epu32(w, w);
}
CB_INLINE vw v_sq_w(vi a)
{
    vw r = {v_square_u64(_mm256_castsi256_si128(a)), v_square_u64(_mm256_extracti128_si256(a, 1))};
    return r;
}
CB_INLINE vw v_sub_w(vw a, vw b)
{
    vw r = {_mm256_sub_epi64(a.lo, b.lo), _mm256_sub_epi64(a.hi, b.hi)};
    return r;
}
CB_INLINE __m256i v_gt_u64(__m256i a, __m256i b)
{
    const __m256i flip = _mm256_set1_epi64x(INT64_MIN);
    return _mm256_cmpgt_epi64(_mm256_xor_si256(a, flip), _mm256_xor_si256(b, flip));
}
CB_INLINE uint32_t v_gt_w_bits(vw a, vw b)
{
    return (uint32_t)(_mm256_movemask_pd(_mm256_castsi256_pd(v_gt_u64(a.lo, b.lo))) |
                      _mm256_movemask_pd(_mm256_castsi256_pd(v_gt_u64(a.hi, b.hi))) << 4);
}
CB_INLINE uint32_t v_le_w_bits(vw a, vw b) { return v_gt_w_bits(a, b) ^ 0xFFu; }
CB_INLINE uint32_t v_lt_w_bits(vw a, vw b) { return v_gt_w_bits(b, a); }
CB_INLINE vw v_add_sat_w(vw a, vw b)
{
    __m256i lo = _mm256_add_epi64(a.lo, b.lo), hi = _mm256_add_epi64(a.hi, b.hi);
    vw r = {_mm256_or_si256(lo, v_gt_u64(a.lo, lo)), _mm256_or_si256(hi, v_gt_u64(a.hi, hi))};
    return r;
}
CB_INLINE void v_storeu_w(uint64_t *p, vw v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v.lo);
    _mm256_storeu_si256((__m256i *)(void *)(p + 4), v.hi);
}

/* Gathers for the contact records: lane j < k gets base[idx[j] * stride];
 * lanes from k up repeat lane k - 1 (records past the count are not kept).
 * Scalar loads into registers: on the CPUs measured, faster than vgather
 * and than a round trip through memory (docs/measurements.md). */
#define CB_HAVE_GATHER 1
CB_INLINE vf v_gather(const float *base, const uint32_t *idx, size_t k, size_t stride)
{
    float v[8];
    for (size_t j = 0; j < 8; j++)
        v[j] = base[(size_t)idx[j < k ? j : k - 1] * stride];
    return _mm256_set_ps(v[7], v[6], v[5], v[4], v[3], v[2], v[1], v[0]);
}

/* The first k lanes (whole numbers 0 .. 255) as bytes at p. */
#define CB_HAVE_STORE_BYTES 1
CB_INLINE void v_store_bytes(uint8_t *p, vf v, size_t k)
{
    __m256i i = _mm256_cvttps_epi32(v);
    __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(i), _mm256_extracti128_si256(i, 1));
    __m128i b = _mm_packus_epi16(w, w);
    if (k >= 8) {
        _mm_storel_epi64((__m128i *)(void *)p, b);
        return;
    }
    uint8_t t[16];
    _mm_storeu_si128((__m128i *)(void *)t, b);
    memcpy(p, t, k);
}

/* k boxes are 4k floats in four registers of two boxes each: in-lane
 * unpacks and shuffles give each component as boxes 0 2 4 6 | 1 3 5 7, and
 * one permute puts it in box order. */
CB_INLINE void v_load_boxes_aos(const cb_box *p, size_t k, vf *x0, vf *y0, vf *x1, vf *y1)
{
    const float *f = &p[0].min_x;
    size_t nf = 4 * k;
    __m256 r0 = k == 8 ? _mm256_loadu_ps(f) : v_load_floats(f, nf);
    __m256 r1 = k == 8 ? _mm256_loadu_ps(f + 8) : v_load_floats(f + 8, CB_FLOATS_LEFT(nf, 1));
    __m256 r2 = k == 8 ? _mm256_loadu_ps(f + 16) : v_load_floats(f + 16, CB_FLOATS_LEFT(nf, 2));
    __m256 r3 = k == 8 ? _mm256_loadu_ps(f + 24) : v_load_floats(f + 24, CB_FLOATS_LEFT(nf, 3));
    __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
    __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
    __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    *x0 = _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0)), order);
    *y0 = _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2)), order);
    *x1 = _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0)), order);
    *y1 = _mm256_permutevar8x32_ps(_mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2)), order);
}

/* Eight circles are 24 floats in three registers a, b, c. Component k of
 * circle i is float 3i+k, and for each k those eight floats sit at eight
 * different lane positions across a, b, c: two blends gather them into one
 * register, one permute puts them in circle order. */
#define CB_CIRCLES_FROM_REGS 1
CB_INLINE void v_circles_from_regs(__m256 a, __m256 b, __m256 c, vf *x, vf *y, vf *r)
{
    __m256 tx = _mm256_blend_ps(_mm256_blend_ps(a, b, 0x92), c, 0x24);
    __m256 ty = _mm256_blend_ps(_mm256_blend_ps(a, b, 0x24), c, 0x49);
    __m256 tr = _mm256_blend_ps(_mm256_blend_ps(a, b, 0x49), c, 0x92);
    *x = _mm256_permutevar8x32_ps(tx, _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5));
    *y = _mm256_permutevar8x32_ps(ty, _mm256_setr_epi32(1, 4, 7, 2, 5, 0, 3, 6));
    *r = _mm256_permutevar8x32_ps(tr, _mm256_setr_epi32(2, 5, 0, 3, 6, 1, 4, 7));
}

/* AoS boxes on (x, y) pairs (queries/overlap.h). Registers hold boxes 0-1,
 * 2-3, 4-5, 6-7; in-lane shuffles work per 128-bit half, so the sum comes
 * out as boxes 0 2 4 6 | 1 3 5 7 and one permute puts it in box order. */
#define CB_BOXES_AOS_PAIRS 1
CB_INLINE vf v_interleave_lo(vf a, vf b) { return _mm256_unpacklo_ps(a, b); }
CB_INLINE vf v_pairs_even(vf a, vf b) { return _mm256_shuffle_ps(a, b, _MM_SHUFFLE(1, 0, 1, 0)); }
CB_INLINE vf v_pairs_odd(vf a, vf b) { return _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 2, 3, 2)); }
CB_INLINE vf v_sum_xy(vf sa, vf sb)
{
    __m256 sum = _mm256_add_ps(_mm256_shuffle_ps(sa, sb, _MM_SHUFFLE(2, 0, 2, 0)),
                               _mm256_shuffle_ps(sa, sb, _MM_SHUFFLE(3, 1, 3, 1)));
    return _mm256_permutevar8x32_ps(sum, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

/* Eight oriented boxes are 48 floats, 24 (x, y) pairs: pair 3b + k is kind k
 * (0 centre, 1 half-extents, 2 rotation) of box b. Each register holds
 * boxes 0-3 in its low 128-bit half and boxes 4-7 in its high half (two
 * 128-bit loads, the second inserted), so every half works as the SSE
 * loader: pair q of the half's four boxes sits in register q / 2 at position
 * q % 2, a kind's pairs for two boxes come from two registers at the two
 * different positions (one 64-bit blend, e.g. [cx0 cy0 cx1 cy1]), and one
 * in-lane shufps per component takes its floats from the two blends in box
 * order (the half-extents come out as boxes 1 0 and 3 2, which the shufps
 * reverses). The only lane crossing is the inserted load; whole 256-bit
 * loads with three-way blends and a final permute per component measured
 * slower, vperm2f128 in place of the inserts no faster. */
#define CB_HAVE_OBOXES_AOS 1
/* floats f[0 .. 3] in the low half, f[24 .. 27] (four boxes on) in the high half */
CB_INLINE __m256 v_load_halves(const float *f)
{
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(f)), _mm_loadu_ps(f + 24), 1);
}
CB_INLINE void v_load_oboxes_aos(const cb_obox *p, vf *cx, vf *cy, vf *hx, vf *hy, vf *c, vf *s)
{
    const float *f = &p[0].cx;
    __m256 r0 = v_load_halves(f), r1 = v_load_halves(f + 4), r2 = v_load_halves(f + 8);
    __m256 r3 = v_load_halves(f + 12), r4 = v_load_halves(f + 16), r5 = v_load_halves(f + 20);
    /* per half: a's low pair, b's high pair */
    __m256 cxy01 = _mm256_blend_ps(r0, r1, 0xCC), cxy23 = _mm256_blend_ps(r3, r4, 0xCC);
    __m256 hxy10 = _mm256_blend_ps(r2, r0, 0xCC), hxy32 = _mm256_blend_ps(r5, r3, 0xCC);
    __m256 cs01 = _mm256_blend_ps(r1, r2, 0xCC), cs23 = _mm256_blend_ps(r4, r5, 0xCC);
    *cx = _mm256_shuffle_ps(cxy01, cxy23, _MM_SHUFFLE(2, 0, 2, 0));
    *cy = _mm256_shuffle_ps(cxy01, cxy23, _MM_SHUFFLE(3, 1, 3, 1));
    *hx = _mm256_shuffle_ps(hxy10, hxy32, _MM_SHUFFLE(0, 2, 0, 2));
    *hy = _mm256_shuffle_ps(hxy10, hxy32, _MM_SHUFFLE(1, 3, 1, 3));
    *c = _mm256_shuffle_ps(cs01, cs23, _MM_SHUFFLE(2, 0, 2, 0));
    *s = _mm256_shuffle_ps(cs01, cs23, _MM_SHUFFLE(3, 1, 3, 1));
}

/* Lane loads for the candidate pairs: a broadcast load (a load port only)
 * blended into lane u by an immediate (any of three vector ports), rather
 * than inserts on the one shuffle port. */
typedef __m256 vlane;
CB_INLINE vlane vlane_first(const float *p) { return _mm256_broadcast_ss(p); }
#define VLANE_SET(a, u, p) ((a) = _mm256_blend_ps((a), _mm256_broadcast_ss(p), 1 << ((u) & 7)))
CB_INLINE vf vlane_done(vlane a) { return a; }

/* The indices of 8 lanes' hits packed to the bottom (kernel_batch.h's
 * index sink): the lanes of the hits from the table, a byte each, widened,
 * added to base and stored whole. */
#include "kernel_pack.h"
#define CB_PACK_STEP 8
CB_INLINE void v_pack_indices(uint32_t *p, uint32_t bits, uint32_t base)
{
    __m128i b = _mm_loadl_epi64((const __m128i *)(const void *)&cb_pack_lanes[bits]);
    __m256i lanes = _mm256_add_epi32(_mm256_cvtepu8_epi32(b), _mm256_set1_epi32((int)base));
    _mm256_storeu_si256((__m256i *)(void *)p, lanes);
}

#include "kernel_template.h"
