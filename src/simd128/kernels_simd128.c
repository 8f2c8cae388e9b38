/* kernels_simd128.c - the vector primitives and loaders of WebAssembly SIMD128 (4 lanes), compiled with -msimd128, never relaxed SIMD; the kernels come from kernel_template.h. */
#include "internal.h"

#include <string.h>
#include <wasm_simd128.h>

#if !defined(__wasm_simd128__)
#error "kernels_simd128.c must be compiled with -msimd128"
#endif
/* Relaxed SIMD (relaxed_madd, relaxed_min/max, relaxed_swizzle, ...) may
 * give different bits on different engines and CPUs by design: the float
 * contract forbids it, and this file uses none of it. */
#if defined(__wasm_relaxed_simd__)
#error "kernels_simd128.c must not be built with -mrelaxed-simd: its results are not deterministic"
#endif

#define CB_SUFFIX simd128
#define CB_W 4
typedef v128_t vf;

CB_INLINE vf v_set1(float f) { return wasm_f32x4_splat(f); }
CB_INLINE vf v_loadu(const float *p) { return wasm_v128_load(p); } /* any alignment */

/* The first `count` floats at f (any count; lanes from 4 up are not loaded),
 * zeros above: load32_zero / load64_zero read exactly one or two floats, and
 * a lane load the third, so nothing past f[count - 1] is read. */
CB_INLINE vf v_load_floats(const float *f, size_t count)
{
    if (count >= 4)
        return wasm_v128_load(f);
    if (count == 0)
        return wasm_f32x4_splat(0.0f);
    if (count == 1)
        return wasm_v128_load32_zero(f);
    vf v = wasm_v128_load64_zero(f);
    if (count == 3)
        v = wasm_v128_load32_lane(f + 2, v, 2);
    return v;
}

/* Not f32x4.max/min: they return NaN when either operand is NaN and order
 * -0 below +0 (IEEE maximum/minimum). The pseudo-min/max are defined as
 * selects: pmax(x, y) = (x < y) ? y : x and pmin(x, y) = (y < x) ? y : x.
 * With the operands swapped, pmax(b, a) = (b < a) ? a : b, which is
 * (a > b) ? a : b lane for lane, NaN and signed zeros included: a NaN in
 * either operand or equal zeros make the compare false and give b, the
 * second operand, as x86 maxps does. Likewise pmin(b, a) = (a < b) ? a : b.
 * Do not swap them back: pmax(a, b) returns a on NaN, not the contract. */
CB_INLINE vf v_max(vf a, vf b) { return wasm_f32x4_pmax(b, a); }
CB_INLINE vf v_min(vf a, vf b) { return wasm_f32x4_pmin(b, a); }
/* WebAssembly arithmetic is IEEE binary32 rounded to nearest-even, keeps
 * denormals and has no mode to change either; SIMD128 has no fused
 * multiply-add (only relaxed SIMD has one). */
CB_INLINE vf v_sub(vf a, vf b) { return wasm_f32x4_sub(a, b); }
CB_INLINE vf v_mul(vf a, vf b) { return wasm_f32x4_mul(a, b); }
CB_INLINE vf v_add(vf a, vf b) { return wasm_f32x4_add(a, b); }
/* f32x4.le/lt are ordered (NaN compares false), as the scalar '<=' and '<';
 * i32x4.bitmask takes each lane's top bit, lane i -> bit i. */
CB_INLINE uint32_t v_le_bits(vf a, vf b) { return wasm_i32x4_bitmask(wasm_f32x4_le(a, b)); }
CB_INLINE uint32_t v_lt_bits(vf a, vf b) { return wasm_i32x4_bitmask(wasm_f32x4_lt(a, b)); }
CB_INLINE void v_storeu(float *p, vf v) { wasm_v128_store(p, v); }
/* f32x4.div and f32x4.sqrt are IEEE correctly rounded (the standard has no
 * estimate instructions outside relaxed SIMD); f32x4.abs clears the sign
 * bit, NaN included. */
CB_INLINE vf v_div(vf a, vf b) { return wasm_f32x4_div(a, b); }
CB_INLINE vf v_sqrt(vf a) { return wasm_f32x4_sqrt(a); }
CB_INLINE vf v_abs(vf a) { return wasm_f32x4_abs(a); }
/* Lane masks: all-ones or all-zero lanes of an ordered compare; bitselect
 * takes a's bits where the mask is set, b's elsewhere. */
typedef v128_t vm;
CB_INLINE vm v_lt_m(vf a, vf b) { return wasm_f32x4_lt(a, b); }
CB_INLINE vm v_le_m(vf a, vf b) { return wasm_f32x4_le(a, b); }
CB_INLINE vm v_eq_m(vf a, vf b) { return wasm_f32x4_eq(a, b); }
CB_INLINE vf v_sel(vm m, vf a, vf b) { return wasm_v128_bitselect(a, b, m); }
CB_INLINE uint32_t v_mbits(vm m) { return wasm_i32x4_bitmask(m); }

/* The integer lanes (queries/integer.h): four int32, and their squares as
 * two registers of two uint64 (lanes 0-1, 2-3) from i64x2.extmul_low /
 * _high_i32x4_u. The 32-bit unsigned compares are native; the 64-bit
 * compares are signed only, so the sign bits are flipped first. */
typedef v128_t vi;
typedef struct {
    v128_t lo, hi;
} vw;
CB_INLINE vi v_set1_i(int32_t x) { return wasm_i32x4_splat(x); }
CB_INLINE vi v_loadu_i(const int32_t *p) { return wasm_v128_load(p); }
CB_INLINE vi v_load_ints(const int32_t *p, size_t count)
{
    if (count >= 4)
        return wasm_v128_load(p);
    if (count == 0)
        return wasm_i32x4_splat(0);
    if (count == 1)
        return wasm_v128_load32_zero(p);
    vi v = wasm_v128_load64_zero(p);
    if (count == 3)
        v = wasm_v128_load32_lane(p + 2, v, 2);
    return v;
}
CB_INLINE void v_storeu_i(int32_t *p, vi v) { wasm_v128_store(p, v); }
CB_INLINE vi v_as_i(vf v) { return v; }
CB_INLINE vf v_cvt_f(vi a) { return wasm_f32x4_convert_i32x4(a); }
CB_INLINE vi v_sel_i(vi m, vi a, vi b) { return wasm_v128_bitselect(a, b, m); }
CB_INLINE vi v_max_i(vi a, vi b) { return wasm_i32x4_max(a, b); }
CB_INLINE vi v_min_i(vi a, vi b) { return wasm_i32x4_min(a, b); }
CB_INLINE vi v_max_u(vi a, vi b) { return wasm_u32x4_max(a, b); }
CB_INLINE vi v_sub_i(vi a, vi b) { return wasm_i32x4_sub(a, b); }
CB_INLINE vi v_add_i(vi a, vi b) { return wasm_i32x4_add(a, b); }
CB_INLINE vi v_or_i(vi a, vi b) { return wasm_v128_or(a, b); }
CB_INLINE vi v_and_i(vi a, vi b) { return wasm_v128_and(a, b); }
CB_INLINE vi v_eq_m_i(vi a, vi b) { return wasm_i32x4_eq(a, b); }
CB_INLINE vi v_lt_u_m(vi a, vi b) { return wasm_u32x4_lt(a, b); }
CB_INLINE uint32_t v_le_u_bits(vi a, vi b) { return wasm_i32x4_bitmask(wasm_u32x4_le(a, b)); }
CB_INLINE uint32_t v_neg_bits(vi a) { return wasm_i32x4_bitmask(a); }
CB_INLINE vw v_sq_w(vi a)
{
    vw r = {wasm_u64x2_extmul_low_u32x4(a, a), wasm_u64x2_extmul_high_u32x4(a, a)};
    return r;
}
CB_INLINE vw v_sub_w(vw a, vw b)
{
    vw r = {wasm_i64x2_sub(a.lo, b.lo), wasm_i64x2_sub(a.hi, b.hi)};
    return r;
}
CB_INLINE v128_t v_gt_u64(v128_t a, v128_t b)
{
    const v128_t flip = wasm_i64x2_splat(INT64_MIN);
    return wasm_i64x2_gt(wasm_v128_xor(a, flip), wasm_v128_xor(b, flip));
}
CB_INLINE uint32_t v_gt_w_bits(vw a, vw b)
{
    return wasm_i64x2_bitmask(v_gt_u64(a.lo, b.lo)) | wasm_i64x2_bitmask(v_gt_u64(a.hi, b.hi)) << 2;
}
CB_INLINE uint32_t v_le_w_bits(vw a, vw b) { return v_gt_w_bits(a, b) ^ 0xFu; }
CB_INLINE uint32_t v_lt_w_bits(vw a, vw b) { return v_gt_w_bits(b, a); }
CB_INLINE vw v_add_sat_w(vw a, vw b)
{
    v128_t lo = wasm_i64x2_add(a.lo, b.lo), hi = wasm_i64x2_add(a.hi, b.hi);
    vw r = {wasm_v128_or(lo, v_gt_u64(a.lo, lo)), wasm_v128_or(hi, v_gt_u64(a.hi, hi))};
    return r;
}
CB_INLINE void v_storeu_w(uint64_t *p, vw v)
{
    wasm_v128_store(p, v.lo);
    wasm_v128_store(p + 2, v.hi);
}


/* k boxes are 4k floats: four loads, each stopping at the last valid float,
 * then a 4x4 transpose (eight two-register shuffles, as _MM_TRANSPOSE4_PS). */
CB_INLINE void v_load_boxes_aos(const cb_box *p, size_t k, vf *x0, vf *y0, vf *x1, vf *y1)
{
    const float *f = &p[0].min_x;
    size_t nf = 4 * k;
    vf a = k == 4 ? wasm_v128_load(f) : v_load_floats(f, nf);
    vf b = k == 4 ? wasm_v128_load(f + 4) : v_load_floats(f + 4, CB_FLOATS_LEFT(nf, 1));
    vf c = k == 4 ? wasm_v128_load(f + 8) : v_load_floats(f + 8, CB_FLOATS_LEFT(nf, 2));
    vf d = k == 4 ? wasm_v128_load(f + 12) : v_load_floats(f + 12, CB_FLOATS_LEFT(nf, 3));
    vf lo_ab = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5), lo_cd = wasm_i32x4_shuffle(c, d, 0, 4, 1, 5);
    vf hi_ab = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7), hi_cd = wasm_i32x4_shuffle(c, d, 2, 6, 3, 7);
    *x0 = wasm_i32x4_shuffle(lo_ab, lo_cd, 0, 1, 4, 5);
    *y0 = wasm_i32x4_shuffle(lo_ab, lo_cd, 2, 3, 6, 7);
    *x1 = wasm_i32x4_shuffle(hi_ab, hi_cd, 0, 1, 4, 5);
    *y1 = wasm_i32x4_shuffle(hi_ab, hi_cd, 2, 3, 6, 7);
}

/* Four circles are 12 floats: a = x0 y0 r0 x1, b = y1 r1 x2 y2,
 * c = r2 x3 y3 r3. Each component takes three floats from a and b, then
 * the fourth (or, for r, two) from c: two shuffles per component. */
#define CB_CIRCLES_FROM_REGS 1
CB_INLINE void v_circles_from_regs(vf a, vf b, vf c, vf *x, vf *y, vf *r)
{
    *x = wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 0, 3, 6, 6), c, 0, 1, 2, 5);
    *y = wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 1, 4, 7, 7), c, 0, 1, 2, 6);
    *r = wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 2, 5, 5, 5), c, 0, 1, 4, 7);
}

/* AoS boxes on (x, y) pairs (queries/overlap.h): boxes 0-1 and 2-3 split
 * into min and max corners; the squares [dx0 dy0 dx1 dy1], [dx2 dy2 dx3 dy3]
 * become [dx0 dx1 dx2 dx3] + [dy0 dy1 dy2 dy3], already in box order (dx
 * first, as the contract adds). Six shuffles per four boxes instead of the
 * transpose's eight; measured faster under node (docs/measurements.md). */
#define CB_BOXES_AOS_PAIRS 1
CB_INLINE vf v_interleave_lo(vf a, vf b) { return wasm_i32x4_shuffle(a, b, 0, 4, 1, 5); }
CB_INLINE vf v_pairs_even(vf a, vf b) { return wasm_i32x4_shuffle(a, b, 0, 1, 4, 5); }
CB_INLINE vf v_pairs_odd(vf a, vf b) { return wasm_i32x4_shuffle(a, b, 2, 3, 6, 7); }
CB_INLINE vf v_sum_xy(vf sa, vf sb)
{
    return wasm_f32x4_add(wasm_i32x4_shuffle(sa, sb, 0, 2, 4, 6),
                          wasm_i32x4_shuffle(sa, sb, 1, 3, 5, 7));
}

/* Four oriented boxes are 24 floats: box b is floats 6b .. 6b+5 (cx cy hx
 * hy c s), so six plain loads give r0 = cx0 cy0 hx0 hy0, r1 = c0 s0 cx1 cy1,
 * r2 = hx1 hy1 c1 s1, and r3 .. r5 the same for boxes 2 and 3. One
 * two-register shuffle gathers a kind's (x, y) pairs of two boxes, e.g.
 * [cx0 cy0 cx1 cy1] from r0 and r1, and one more per component takes its
 * floats from boxes 0-1 and 2-3 in box order: twelve shuffles instead of the
 * template's copy through a local array (measured faster under node). */
#define CB_HAVE_OBOXES_AOS 1
CB_INLINE void v_load_oboxes_aos(const cb_obox *p, vf *cx, vf *cy, vf *hx, vf *hy, vf *c, vf *s)
{
    const float *f = &p[0].cx;
    vf r0 = wasm_v128_load(f), r1 = wasm_v128_load(f + 4), r2 = wasm_v128_load(f + 8);
    vf r3 = wasm_v128_load(f + 12), r4 = wasm_v128_load(f + 16), r5 = wasm_v128_load(f + 20);
    vf cxy01 = wasm_i32x4_shuffle(r0, r1, 0, 1, 6, 7), cxy23 = wasm_i32x4_shuffle(r3, r4, 0, 1, 6, 7);
    vf hxy01 = wasm_i32x4_shuffle(r0, r2, 2, 3, 4, 5), hxy23 = wasm_i32x4_shuffle(r3, r5, 2, 3, 4, 5);
    vf cs01 = wasm_i32x4_shuffle(r1, r2, 0, 1, 6, 7), cs23 = wasm_i32x4_shuffle(r4, r5, 0, 1, 6, 7);
    *cx = wasm_i32x4_shuffle(cxy01, cxy23, 0, 2, 4, 6);
    *cy = wasm_i32x4_shuffle(cxy01, cxy23, 1, 3, 5, 7);
    *hx = wasm_i32x4_shuffle(hxy01, hxy23, 0, 2, 4, 6);
    *hy = wasm_i32x4_shuffle(hxy01, hxy23, 1, 3, 5, 7);
    *c = wasm_i32x4_shuffle(cs01, cs23, 0, 2, 4, 6);
    *s = wasm_i32x4_shuffle(cs01, cs23, 1, 3, 5, 7);
}

/* Gathers for the contact records: lane j < k gets base[idx[j] * stride];
 * lanes from k up repeat lane k - 1 (records past the count are not kept),
 * so only idx[0 .. k-1]'s elements are read. Scalar loads straight into
 * one vector rather than through the template's local array (measured
 * faster under node, with v_store_bytes below). */
#define CB_HAVE_GATHER 1
CB_INLINE vf v_gather(const float *base, const uint32_t *idx, size_t k, size_t stride)
{
    size_t last = k - 1;
    return wasm_f32x4_make(base[(size_t)idx[0] * stride],
                           base[(size_t)idx[1 < k ? 1 : last] * stride],
                           base[(size_t)idx[2 < k ? 2 : last] * stride],
                           base[(size_t)idx[3 < k ? 3 : last] * stride]);
}

/* The first k lanes (whole numbers 0 .. 255: the contact feature) as bytes
 * at p: truncate, then narrow twice with saturation (exact for 0 .. 255). */
#define CB_HAVE_STORE_BYTES 1
CB_INLINE void v_store_bytes(uint8_t *p, vf v, size_t k)
{
    v128_t i = wasm_i32x4_trunc_sat_f32x4(v);
    v128_t w = wasm_u16x8_narrow_i32x4(i, i);
    v128_t b = wasm_u8x16_narrow_i16x8(w, w);
    if (k >= 4) {
        wasm_v128_store32_lane(p, b, 0);
        return;
    }
    uint8_t t[16];
    wasm_v128_store(t, b);
    memcpy(p, t, k);
}

/* Lane loads for the candidate pairs: v128.load32_lane. */
typedef v128_t vlane;
CB_INLINE vlane vlane_first(const float *p) { return wasm_v128_load32_splat(p); }
#define VLANE_SET(a, u, p) ((a) = wasm_v128_load32_lane((p), (a), (u) & 3))
CB_INLINE vf vlane_done(vlane a) { return a; }

/* The indices of 8 lanes' hits packed to the bottom (kernel_batch.h's
 * index sink): the lanes of the hits from the table, a byte each, widened
 * in two halves, added to base and stored whole. */
#include "kernel_pack.h"
#define CB_PACK_STEP 8
CB_INLINE void v_pack_indices(uint32_t *p, uint32_t bits, uint32_t base)
{
    v128_t h = wasm_u16x8_extend_low_u8x16(wasm_v128_load64_zero(&cb_pack_lanes[bits]));
    v128_t b = wasm_i32x4_splat((int32_t)base);
    wasm_v128_store(p, wasm_i32x4_add(wasm_u32x4_extend_low_u16x8(h), b));
    wasm_v128_store(p + 4, wasm_i32x4_add(wasm_u32x4_extend_high_u16x8(h), b));
}

#include "kernel_template.h"
