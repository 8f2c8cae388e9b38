/* kernels_avx512.c - the vector primitives and loaders of x86-64 AVX-512F (16 lanes), compiled with -mavx512f -mpopcnt; the kernels come from kernel_template.h. */
#include "internal.h"

#include <immintrin.h>

/* AVX-512F implies FMA (clang refuses -mavx512f -mno-fma), so unlike the AVX2
 * file this one cannot exclude FMA by flags. The project-wide
 * -ffp-contract=off is what keeps every a*b+c here unfused, and the tests
 * compare this backend with the scalar reference bit for bit. */

#define CB_SUFFIX avx512
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
CB_INLINE void v_storeu(float *p, vf v) { _mm512_storeu_ps(p, v); }
/* vdivps and vsqrtps are IEEE correctly rounded (never the rcp14/rsqrt14
 * estimates); |x| clears the sign bit. */
CB_INLINE vf v_div(vf a, vf b) { return _mm512_div_ps(a, b); }
CB_INLINE vf v_sqrt(vf a) { return _mm512_sqrt_ps(a); }
CB_INLINE vf v_abs(vf a) { return _mm512_abs_ps(a); }
/* Lane masks: opmask registers of ordered, quiet compares. */
typedef __mmask16 vm;
CB_INLINE vm v_lt_m(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ); }
CB_INLINE vm v_le_m(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ); }
CB_INLINE vm v_eq_m(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ); }
CB_INLINE vf v_sel(vm m, vf a, vf b) { return _mm512_mask_blend_ps(m, b, a); }
CB_INLINE uint32_t v_mbits(vm m) { return (uint32_t)m; }

CB_INLINE __m512i v_index(const int32_t *table) { return _mm512_loadu_si512((const void *)table); }

/* The first `count` of the 16 floats at f (count may exceed 16); the masked
 * lanes are zero and their memory is never touched (AVX-512 suppresses faults
 * on masked-out elements). */
CB_INLINE __m512 v_load_floats(const float *f, size_t count)
{
    __mmask16 m = count >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << count) - 1u);
    return _mm512_maskz_loadu_ps(m, f);
}

/* The integer lanes (queries/integer.h): sixteen int32, and their squares
 * as two registers of eight uint64 (lanes 0-7, 8-15), each half widened
 * (vpmovzxdq) and multiplied by vpmuludq; AVX-512F compares unsigned 32-
 * and 64-bit lanes into opmasks. Integer lane masks are whole registers
 * (all-ones lanes), as the other backends': the records use them. */
typedef __m512i vi;
typedef struct {
    __m512i lo, hi;
} vw;
CB_INLINE vi v_set1_i(int32_t x) { return _mm512_set1_epi32(x); }
CB_INLINE vi v_loadu_i(const int32_t *p) { return _mm512_loadu_si512((const void *)p); }
CB_INLINE vi v_load_ints(const int32_t *p, size_t count)
{
    __mmask16 m = count >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << count) - 1u);
    return _mm512_maskz_loadu_epi32(m, p);
}
CB_INLINE void v_storeu_i(int32_t *p, vi v) { _mm512_storeu_si512((void *)p, v); }
CB_INLINE vi v_as_i(vf v) { return _mm512_castps_si512(v); }
CB_INLINE vf v_cvt_f(vi a) { return _mm512_cvtepi32_ps(a); }
CB_INLINE vi v_of_mask(__mmask16 m) { return _mm512_maskz_set1_epi32(m, -1); }
CB_INLINE vi v_sel_i(vi m, vi a, vi b)
{
    return _mm512_mask_blend_epi32(_mm512_test_epi32_mask(m, m), b, a);
}
CB_INLINE vi v_max_i(vi a, vi b) { return _mm512_max_epi32(a, b); }
CB_INLINE vi v_min_i(vi a, vi b) { return _mm512_min_epi32(a, b); }
CB_INLINE vi v_max_u(vi a, vi b) { return _mm512_max_epu32(a, b); }
CB_INLINE vi v_sub_i(vi a, vi b) { return _mm512_sub_epi32(a, b); }
CB_INLINE vi v_add_i(vi a, vi b) { return _mm512_add_epi32(a, b); }
CB_INLINE vi v_or_i(vi a, vi b) { return _mm512_or_si512(a, b); }
CB_INLINE vi v_and_i(vi a, vi b) { return _mm512_and_si512(a, b); }
CB_INLINE vi v_eq_m_i(vi a, vi b) { return v_of_mask(_mm512_cmpeq_epi32_mask(a, b)); }
CB_INLINE vi v_lt_u_m(vi a, vi b) { return v_of_mask(_mm512_cmplt_epu32_mask(a, b)); }
CB_INLINE uint32_t v_le_u_bits(vi a, vi b) { return (uint32_t)_mm512_cmple_epu32_mask(a, b); }
CB_INLINE uint32_t v_neg_bits(vi a) { return (uint32_t)_mm512_cmplt_epi32_mask(a, _mm512_setzero_si512()); }
CB_INLINE __m512i v_square_u64(__m256i a)
{
    __m512i w = _mm512_cvtepu32_epi64(a);
    return _mm512_mul_epu32(w, w);
}
CB_INLINE vw v_sq_w(vi a)
{
    vw r = {v_square_u64(_mm512_castsi512_si256(a)), v_square_u64(_mm512_extracti64x4_epi64(a, 1))};
    return r;
}
CB_INLINE vw v_sub_w(vw a, vw b)
{
    vw r = {_mm512_sub_epi64(a.lo, b.lo), _mm512_sub_epi64(a.hi, b.hi)};
    return r;
}
CB_INLINE uint32_t v_le_w_bits(vw a, vw b)
{
    return (uint32_t)_mm512_cmple_epu64_mask(a.lo, b.lo) |
           (uint32_t)_mm512_cmple_epu64_mask(a.hi, b.hi) << 8;
}
CB_INLINE uint32_t v_lt_w_bits(vw a, vw b)
{
    return (uint32_t)_mm512_cmplt_epu64_mask(a.lo, b.lo) |
           (uint32_t)_mm512_cmplt_epu64_mask(a.hi, b.hi) << 8;
}
CB_INLINE vw v_add_sat_w(vw a, vw b)
{
    __m512i lo = _mm512_add_epi64(a.lo, b.lo), hi = _mm512_add_epi64(a.hi, b.hi);
    const __m512i ones = _mm512_set1_epi64(-1);
    vw r = {_mm512_mask_mov_epi64(lo, _mm512_cmplt_epu64_mask(lo, a.lo), ones),
            _mm512_mask_mov_epi64(hi, _mm512_cmplt_epu64_mask(hi, a.hi), ones)};
    return r;
}
CB_INLINE void v_storeu_w(uint64_t *p, vw v)
{
    _mm512_storeu_si512((void *)p, v.lo);
    _mm512_storeu_si512((void *)(p + 8), v.hi);
}

/* Gathers for the contact records: lane j < k gets base[idx[j] * stride];
 * lanes from k up repeat lane k - 1 (records past the count are not kept).
 * Scalar loads into registers: on the CPUs measured, faster than vgather
 * and than a round trip through memory (docs/measurements.md). */
#define CB_HAVE_GATHER 1
CB_INLINE vf v_gather(const float *base, const uint32_t *idx, size_t k, size_t stride)
{
    float v[16];
    for (size_t j = 0; j < 16; j++)
        v[j] = base[(size_t)idx[j < k ? j : k - 1] * stride];
    return _mm512_set_ps(v[15], v[14], v[13], v[12], v[11], v[10], v[9], v[8], v[7], v[6], v[5],
                         v[4], v[3], v[2], v[1], v[0]);
}

/* The first k lanes (small whole numbers) as bytes at p: one masked store. */
#define CB_HAVE_STORE_BYTES 1
CB_INLINE void v_store_bytes(uint8_t *p, vf v, size_t k)
{
    __mmask16 m = k >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << k) - 1u);
    _mm512_mask_cvtepi32_storeu_epi8(p, m, _mm512_cvttps_epi32(v));
}

/* k boxes are 4k floats in four registers of four boxes (one per 128-bit
 * lane): in-lane unpacks and shuffles leave box L + 4j of a component at
 * position 4L + j, and one permute puts it in box order. */
CB_INLINE void v_load_boxes_aos(const cb_box *p, size_t k, vf *x0, vf *y0, vf *x1, vf *y1)
{
    static const int32_t order[16] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
    const float *f = &p[0].min_x;
    size_t nf = 4 * k;
    __m512 r0 = k == 16 ? _mm512_loadu_ps(f) : v_load_floats(f, nf);
    __m512 r1 = k == 16 ? _mm512_loadu_ps(f + 16) : v_load_floats(f + 16, CB_FLOATS_LEFT(nf, 1));
    __m512 r2 = k == 16 ? _mm512_loadu_ps(f + 32) : v_load_floats(f + 32, CB_FLOATS_LEFT(nf, 2));
    __m512 r3 = k == 16 ? _mm512_loadu_ps(f + 48) : v_load_floats(f + 48, CB_FLOATS_LEFT(nf, 3));
    __m512 t0 = _mm512_unpacklo_ps(r0, r1), t1 = _mm512_unpackhi_ps(r0, r1);
    __m512 t2 = _mm512_unpacklo_ps(r2, r3), t3 = _mm512_unpackhi_ps(r2, r3);
    __m512i o = v_index(order);
    *x0 = _mm512_permutexvar_ps(o, _mm512_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0)));
    *y0 = _mm512_permutexvar_ps(o, _mm512_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2)));
    *x1 = _mm512_permutexvar_ps(o, _mm512_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0)));
    *y1 = _mm512_permutexvar_ps(o, _mm512_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2)));
}

/* 16 circles are 48 floats in three registers a, b, c: component k of
 * circle i is float 3i + k; one two-source permute takes those in a and b,
 * a second adds those in c. */
#define CB_CIRCLES_FROM_REGS 1
CB_INLINE void v_circles_from_regs(__m512 a, __m512 b, __m512 c, vf *x, vf *y, vf *r)
{
    static const int32_t x_ab[16] = {0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 0, 0, 0, 0, 0};
    static const int32_t x_c[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 17, 20, 23, 26, 29};
    static const int32_t y_ab[16] = {1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 0, 0, 0, 0, 0};
    static const int32_t y_c[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 18, 21, 24, 27, 30};
    static const int32_t r_ab[16] = {2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 0, 0, 0, 0, 0, 0};
    static const int32_t r_c[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 19, 22, 25, 28, 31};
    *x = _mm512_permutex2var_ps(_mm512_permutex2var_ps(a, v_index(x_ab), b), v_index(x_c), c);
    *y = _mm512_permutex2var_ps(_mm512_permutex2var_ps(a, v_index(y_ab), b), v_index(y_c), c);
    *r = _mm512_permutex2var_ps(_mm512_permutex2var_ps(a, v_index(r_ab), b), v_index(r_c), c);
}

/* AoS boxes on (x, y) pairs (queries/overlap.h). Registers hold boxes 0-3,
 * 4-7, 8-11, 12-15, one per 128-bit lane; two two-source permutes pick each
 * box's x square and y square out of the two square registers in box order. */
#define CB_BOXES_AOS_PAIRS 1
CB_INLINE vf v_interleave_lo(vf a, vf b) { return _mm512_unpacklo_ps(a, b); }
CB_INLINE vf v_pairs_even(vf a, vf b) { return _mm512_shuffle_ps(a, b, _MM_SHUFFLE(1, 0, 1, 0)); }
CB_INLINE vf v_pairs_odd(vf a, vf b) { return _mm512_shuffle_ps(a, b, _MM_SHUFFLE(3, 2, 3, 2)); }
CB_INLINE vf v_sum_xy(vf sa, vf sb)
{
    /* box i's x square: boxes 0-3 and 4-7 alternate by 128-bit lane in the
     * first register (offsets 0 and 2), boxes 8-15 likewise in the second */
    static const int32_t ix[16] = {0, 4, 8, 12, 2, 6, 10, 14, 16, 20, 24, 28, 18, 22, 26, 30};
    static const int32_t iy[16] = {1, 5, 9, 13, 3, 7, 11, 15, 17, 21, 25, 29, 19, 23, 27, 31};
    return _mm512_add_ps(_mm512_permutex2var_ps(sa, v_index(ix), sb),
                         _mm512_permutex2var_ps(sa, v_index(iy), sb));
}

/* AoS circles on (x, y) pairs (queries/overlap.h), as the boxes above: one
 * two-source permute per 8 circles gathers their centres as pairs (floats
 * 3i and 3i+1 of circle i: circles 0-7 from registers a, b, circles 8-15
 * from b, c), two pick the 16 radii, and two separate x and y squares in
 * circle order. */
#define CB_CIRCLES_AOS_PAIRS 1
CB_INLINE void v_load_circles_aos_pairs(const cb_circle *p, size_t k, vf *lo, vf *hi, vf *r)
{
    static const int32_t pairs_lo[16] = {0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 21, 22};
    static const int32_t pairs_hi[16] = {8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 23, 24, 26, 27, 29, 30};
    /* radii: 3i+2 for i <= 9 from (a, b), then the rest from c */
    static const int32_t r_ab[16] = {2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 0, 0, 0, 0, 0, 0};
    static const int32_t r_c[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 19, 22, 25, 28, 31};
    const float *f = &p[0].x;
    __m512 a, b, c;
    if (k == 16) { /* plain loads in the hot loop (docs/measurements.md: masked loads that miss
                      the caches stream slower on some CPUs) */
        a = _mm512_loadu_ps(f), b = _mm512_loadu_ps(f + 16), c = _mm512_loadu_ps(f + 32);
    } else {
        size_t nf = 3 * k;
        a = v_load_floats(f, nf);
        b = v_load_floats(f + 16, CB_FLOATS_LEFT(nf, 1));
        c = v_load_floats(f + 32, CB_FLOATS_LEFT(nf, 2));
    }
    *lo = _mm512_permutex2var_ps(a, v_index(pairs_lo), b);
    *hi = _mm512_permutex2var_ps(b, v_index(pairs_hi), c);
    *r = _mm512_permutex2var_ps(_mm512_permutex2var_ps(a, v_index(r_ab), b), v_index(r_c), c);
}
CB_INLINE vf v_sum_xy_circles(vf s_lo, vf s_hi)
{
    static const int32_t sx[16] = {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30};
    static const int32_t sy[16] = {1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31};
    return _mm512_add_ps(_mm512_permutex2var_ps(s_lo, v_index(sx), s_hi),
                         _mm512_permutex2var_ps(s_lo, v_index(sy), s_hi));
}

/* 16 oriented boxes are 96 floats, 24 chunks of four (chunk q = floats 4q ..
 * 4q+3); boxes 4L .. 4L+3 are chunks 6L .. 6L+5. Register j gets chunk
 * 6L + j in its 128-bit lane L, so that every lane works as the SSE loader
 * on its four boxes. Built from 256-bit loads: a = chunks j, j+1 | 6+j, 7+j
 * and b = 12+j, 13+j | 18+j, 19+j (a load and an inserted load each), then
 * one vshuff32x4 takes the even chunks of a and b for register j, one the
 * odd for register j + 1 (j = 0, 2, 4). In each lane, (x, y) pair q of the
 * four boxes (pair 3b + k is kind k, 0 centre, 1 half-extents, 2 rotation,
 * of box b) sits in register q / 2 at position q % 2: a kind's pairs for two
 * boxes come from two registers at the two different positions (one 64-bit
 * blend, e.g. [cx0 cy0 cx1 cy1]), and one in-lane shufps per component
 * takes its floats from the two blends in box order (the half-extents come
 * out as boxes 1 0 and 3 2, which the shufps reverses). Of the plans
 * measured (four 128-bit inserts per register; 64-bit blends of six whole
 * loads and two-source permutes) this one was the fastest. */
#define CB_HAVE_OBOXES_AOS 1
/* floats f[0 .. 7] in the low 256 bits, f[24 .. 31] (four boxes on) in the high */
CB_INLINE __m512 v_load_halves(const float *f)
{
    __m512d lo = _mm512_castpd256_pd512(_mm256_castps_pd(_mm256_loadu_ps(f)));
    return _mm512_castpd_ps(_mm512_insertf64x4(lo, _mm256_castps_pd(_mm256_loadu_ps(f + 24)), 1));
}
CB_INLINE void v_load_oboxes_aos(const cb_obox *p, vf *cx, vf *cy, vf *hx, vf *hy, vf *c, vf *s)
{
    const float *f = &p[0].cx;
    __m512 a0 = v_load_halves(f), b0 = v_load_halves(f + 48);
    __m512 a2 = v_load_halves(f + 8), b2 = v_load_halves(f + 56);
    __m512 a4 = v_load_halves(f + 16), b4 = v_load_halves(f + 64);
    __m512 r0 = _mm512_shuffle_f32x4(a0, b0, _MM_SHUFFLE(2, 0, 2, 0));
    __m512 r1 = _mm512_shuffle_f32x4(a0, b0, _MM_SHUFFLE(3, 1, 3, 1));
    __m512 r2 = _mm512_shuffle_f32x4(a2, b2, _MM_SHUFFLE(2, 0, 2, 0));
    __m512 r3 = _mm512_shuffle_f32x4(a2, b2, _MM_SHUFFLE(3, 1, 3, 1));
    __m512 r4 = _mm512_shuffle_f32x4(a4, b4, _MM_SHUFFLE(2, 0, 2, 0));
    __m512 r5 = _mm512_shuffle_f32x4(a4, b4, _MM_SHUFFLE(3, 1, 3, 1));
    /* per lane: the first register's low pair, the second's high pair */
    const __mmask16 hi = 0xCCCC;
    __m512 cxy01 = _mm512_mask_blend_ps(hi, r0, r1), cxy23 = _mm512_mask_blend_ps(hi, r3, r4);
    __m512 hxy10 = _mm512_mask_blend_ps(hi, r2, r0), hxy32 = _mm512_mask_blend_ps(hi, r5, r3);
    __m512 cs01 = _mm512_mask_blend_ps(hi, r1, r2), cs23 = _mm512_mask_blend_ps(hi, r4, r5);
    *cx = _mm512_shuffle_ps(cxy01, cxy23, _MM_SHUFFLE(2, 0, 2, 0));
    *cy = _mm512_shuffle_ps(cxy01, cxy23, _MM_SHUFFLE(3, 1, 3, 1));
    *hx = _mm512_shuffle_ps(hxy10, hxy32, _MM_SHUFFLE(0, 2, 0, 2));
    *hy = _mm512_shuffle_ps(hxy10, hxy32, _MM_SHUFFLE(1, 3, 1, 3));
    *c = _mm512_shuffle_ps(cs01, cs23, _MM_SHUFFLE(2, 0, 2, 0));
    *s = _mm512_shuffle_ps(cs01, cs23, _MM_SHUFFLE(3, 1, 3, 1));
}

/* Lane loads for the candidate pairs: two 256-bit halves, each lane a
 * broadcast load (a load port only) blended in by an immediate, joined once
 * at the end; a masked broadcast would need its mask moved into an opmask
 * register on the shuffle port for every lane. */
typedef struct {
    __m256 lo, hi;
} vlane;
CB_INLINE vlane vlane_first(const float *p)
{
    vlane a = {_mm256_broadcast_ss(p), _mm256_broadcast_ss(p)};
    return a;
}
#define VLANE_SET(a, u, p)                                                                         \
    ((u) < 8 ? (void)((a).lo = _mm256_blend_ps((a).lo, _mm256_broadcast_ss(p), 1 << ((u) & 7)))   \
             : (void)((a).hi = _mm256_blend_ps((a).hi, _mm256_broadcast_ss(p), 1 << ((u) & 7))))
CB_INLINE vf vlane_done(vlane a)
{
    return _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(a.lo)),
                                               _mm256_castps_pd(a.hi), 1));
}

/* The indices of 16 lanes' hits packed to the bottom (kernel_batch.h's
 * index sink): vpcompressd to a register, then a plain store (compressing
 * straight to memory is microcoded on some CPUs). */
#define CB_PACK_STEP 16
CB_INLINE void v_pack_indices(uint32_t *p, uint32_t bits, uint32_t base)
{
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512i i = _mm512_add_epi32(iota, _mm512_set1_epi32((int)base));
    _mm512_storeu_si512((void *)p, _mm512_maskz_compress_epi32((__mmask16)bits, i));
}

#include "kernel_template.h"
