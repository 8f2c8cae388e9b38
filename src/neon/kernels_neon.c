/* kernels_neon.c - the vector primitives and loaders of AArch64 Advanced SIMD (4 lanes, mandatory on AArch64); the kernels come from kernel_template.h. */
#include "internal.h"

#include <arm_neon.h>

#define CB_SUFFIX neon
#define CB_W 4
typedef float32x4_t vf;

CB_INLINE vf v_set1(float f) { return vdupq_n_f32(f); }
CB_INLINE vf v_loadu(const float *p) { return vld1q_f32(p); }
/* The first `count` floats at f, zeros above: lane loads that stop at the
 * last valid float. */
CB_INLINE vf v_load_floats(const float *f, size_t count)
{
    if (count >= 4)
        return vld1q_f32(f);
    vf v = vdupq_n_f32(0.0f);
    if (count > 0)
        v = vld1q_lane_f32(f, v, 0);
    if (count > 1)
        v = vld1q_lane_f32(f + 1, v, 1);
    if (count > 2)
        v = vld1q_lane_f32(f + 2, v, 2);
    return v;
}
/* Not vmaxq/vminq: they return NaN when either operand is NaN (and fmaxnm the
 * number), and neither returns the second operand for +0/-0 pairs. The
 * contract is x86's (a > b) ? a : b, so compare and select, exactly that. */
CB_INLINE vf v_max(vf a, vf b) { return vbslq_f32(vcgtq_f32(a, b), a, b); }
CB_INLINE vf v_min(vf a, vf b) { return vbslq_f32(vcltq_f32(a, b), a, b); }
CB_INLINE vf v_sub(vf a, vf b) { return vsubq_f32(a, b); }
CB_INLINE vf v_mul(vf a, vf b) { return vmulq_f32(a, b); }
CB_INLINE vf v_add(vf a, vf b) { return vaddq_f32(a, b); }

/* A lane mask (all ones / zeros) to bits 0..3: keep one weight per lane and add across. */
CB_INLINE uint32_t v_bits(uint32x4_t m)
{
    static const uint32_t weight[4] = {1, 2, 4, 8};
    return vaddvq_u32(vandq_u32(m, vld1q_u32(weight)));
}
CB_INLINE uint32_t v_le_bits(vf a, vf b) { return v_bits(vcleq_f32(a, b)); }
CB_INLINE uint32_t v_lt_bits(vf a, vf b) { return v_bits(vcltq_f32(a, b)); }
CB_INLINE void v_storeu(float *p, vf v) { vst1q_f32(p, v); }
/* AArch64 fdiv and fsqrt are IEEE correctly rounded (never frecpe/frsqrte). */
CB_INLINE vf v_div(vf a, vf b) { return vdivq_f32(a, b); }
CB_INLINE vf v_sqrt(vf a) { return vsqrtq_f32(a); }
/* |x| clears the sign bit. The result passes through an empty asm, as in
 * the scalar backend: GCC's ssa-backprop otherwise drops the fabs where
 * every use is squared ((|a| m)^2 becomes (a m)^2), which rounds the
 * product the other way under a directed rounding mode, and the raw
 * kernels must agree with the others in any mode. */
CB_INLINE vf v_abs(vf a)
{
    vf r = vabsq_f32(a);
    __asm__("" : "+w"(r));
    return r;
}
/* Lane masks: all-ones or all-zero lanes of an ordered compare. */
typedef uint32x4_t vm;
CB_INLINE vm v_lt_m(vf a, vf b) { return vcltq_f32(a, b); }
CB_INLINE vm v_le_m(vf a, vf b) { return vcleq_f32(a, b); }
CB_INLINE vm v_eq_m(vf a, vf b) { return vceqq_f32(a, b); }
CB_INLINE vf v_sel(vm m, vf a, vf b) { return vbslq_f32(m, a, b); }
CB_INLINE uint32_t v_mbits(vm m) { return v_bits(m); }

/* The integer lanes (queries/integer.h): four int32, and their squares as
 * two registers of two uint64 (lanes 0-1, 2-3) from umull / umull2; the
 * unsigned compares and the saturating 64-bit add (uqadd) are native. */
typedef int32x4_t vi;
typedef struct {
    uint64x2_t lo, hi;
} vw;
CB_INLINE uint32x4_t v_u(vi a) { return vreinterpretq_u32_s32(a); }
CB_INLINE vi v_set1_i(int32_t x) { return vdupq_n_s32(x); }
CB_INLINE vi v_loadu_i(const int32_t *p) { return vld1q_s32(p); }
CB_INLINE vi v_load_ints(const int32_t *p, size_t count)
{
    if (count >= 4)
        return vld1q_s32(p);
    vi v = vdupq_n_s32(0);
    if (count > 0)
        v = vld1q_lane_s32(p, v, 0);
    if (count > 1)
        v = vld1q_lane_s32(p + 1, v, 1);
    if (count > 2)
        v = vld1q_lane_s32(p + 2, v, 2);
    return v;
}
CB_INLINE void v_storeu_i(int32_t *p, vi v) { vst1q_s32(p, v); }
CB_INLINE vi v_as_i(vf v) { return vreinterpretq_s32_f32(v); }
CB_INLINE vf v_cvt_f(vi a) { return vcvtq_f32_s32(a); }
CB_INLINE vi v_sel_i(vi m, vi a, vi b) { return vbslq_s32(v_u(m), a, b); }
CB_INLINE vi v_max_i(vi a, vi b) { return vmaxq_s32(a, b); }
CB_INLINE vi v_min_i(vi a, vi b) { return vminq_s32(a, b); }
CB_INLINE vi v_max_u(vi a, vi b) { return vreinterpretq_s32_u32(vmaxq_u32(v_u(a), v_u(b))); }
CB_INLINE vi v_sub_i(vi a, vi b) { return vsubq_s32(a, b); }
CB_INLINE vi v_add_i(vi a, vi b) { return vaddq_s32(a, b); }
CB_INLINE vi v_or_i(vi a, vi b) { return vorrq_s32(a, b); }
CB_INLINE vi v_and_i(vi a, vi b) { return vandq_s32(a, b); }
CB_INLINE vi v_eq_m_i(vi a, vi b) { return vreinterpretq_s32_u32(vceqq_s32(a, b)); }
CB_INLINE vi v_lt_u_m(vi a, vi b) { return vreinterpretq_s32_u32(vcltq_u32(v_u(a), v_u(b))); }
CB_INLINE uint32_t v_le_u_bits(vi a, vi b) { return v_bits(vcleq_u32(v_u(a), v_u(b))); }
CB_INLINE uint32_t v_neg_bits(vi a) { return v_bits(vcltzq_s32(a)); }
CB_INLINE vw v_sq_w(vi a)
{
    uint32x4_t u = v_u(a);
    vw r = {vmull_u32(vget_low_u32(u), vget_low_u32(u)), vmull_high_u32(u, u)};
    return r;
}
CB_INLINE vw v_sub_w(vw a, vw b)
{
    vw r = {vsubq_u64(a.lo, b.lo), vsubq_u64(a.hi, b.hi)};
    return r;
}
CB_INLINE uint32_t v_bits_w(uint64x2_t lo, uint64x2_t hi)
{
    return v_bits(vcombine_u32(vmovn_u64(lo), vmovn_u64(hi)));
}
CB_INLINE uint32_t v_le_w_bits(vw a, vw b)
{
    return v_bits_w(vcleq_u64(a.lo, b.lo), vcleq_u64(a.hi, b.hi));
}
CB_INLINE uint32_t v_lt_w_bits(vw a, vw b)
{
    return v_bits_w(vcltq_u64(a.lo, b.lo), vcltq_u64(a.hi, b.hi));
}
CB_INLINE vw v_add_sat_w(vw a, vw b)
{
    vw r = {vqaddq_u64(a.lo, b.lo), vqaddq_u64(a.hi, b.hi)};
    return r;
}
CB_INLINE void v_storeu_w(uint64_t *p, vw v)
{
    vst1q_u64(p, v.lo);
    vst1q_u64(p + 2, v.hi);
}

/* ld4/ld3 de-interleave 4 structures of 4 and 3 floats in one instruction;
 * a tail of k < 4 loads each structure into its lane (ld4/ld3 lane forms). */
CB_INLINE void v_load_boxes_aos(const cb_box *p, size_t k, vf *x0, vf *y0, vf *x1, vf *y1)
{
    float32x4x4_t b;
    if (k == 4) {
        b = vld4q_f32(&p[0].min_x);
    } else {
        b.val[0] = b.val[1] = b.val[2] = b.val[3] = vdupq_n_f32(0.0f);
        b = vld4q_lane_f32(&p[0].min_x, b, 0);
        if (k > 1)
            b = vld4q_lane_f32(&p[1].min_x, b, 1);
        if (k > 2)
            b = vld4q_lane_f32(&p[2].min_x, b, 2);
    }
    *x0 = b.val[0], *y0 = b.val[1], *x1 = b.val[2], *y1 = b.val[3];
}

CB_INLINE void v_load_circles_aos(const cb_circle *p, size_t k, vf *x, vf *y, vf *r)
{
    float32x4x3_t c;
    if (k == 4) {
        c = vld3q_f32(&p[0].x);
    } else {
        c.val[0] = c.val[1] = c.val[2] = vdupq_n_f32(0.0f);
        c = vld3q_lane_f32(&p[0].x, c, 0);
        if (k > 1)
            c = vld3q_lane_f32(&p[1].x, c, 1);
        if (k > 2)
            c = vld3q_lane_f32(&p[2].x, c, 2);
    }
    *x = c.val[0], *y = c.val[1], *r = c.val[2];
}

/* Four oriented boxes are 24 floats, 12 (x, y) pairs: pair 3b + k is kind k
 * (0 centre, 1 half-extents, 2 rotation) of box b. Six plain loads of two
 * pairs each, r0 = pairs 0 1, ..., r5 = pairs 10 11 (floats read as floats,
 * at any alignment: no structure load through a double pointer). A 64-bit
 * uzp of two registers three apart takes a pair of box b and the same kind's
 * pair of box b + 2: uzp1(r0, r3) = pairs 0 6, the centres of boxes 0 and 2,
 * uzp2(r1, r4) = pairs 3 9, those of boxes 1 and 3, likewise for the other
 * kinds; one 32-bit trn1 / trn2 of the two gives the kind's x / y in box
 * order. Six loads and twelve one-instruction permutes (not timed: no
 * AArch64 machine measured). */
#define CB_HAVE_OBOXES_AOS 1
CB_INLINE float32x4_t v_pairs_uzp1(float32x4_t a, float32x4_t b)
{
    return vreinterpretq_f32_f64(vuzp1q_f64(vreinterpretq_f64_f32(a), vreinterpretq_f64_f32(b)));
}
CB_INLINE float32x4_t v_pairs_uzp2(float32x4_t a, float32x4_t b)
{
    return vreinterpretq_f32_f64(vuzp2q_f64(vreinterpretq_f64_f32(a), vreinterpretq_f64_f32(b)));
}
CB_INLINE void v_load_oboxes_aos(const cb_obox *p, vf *cx, vf *cy, vf *hx, vf *hy, vf *c, vf *s)
{
    const float *f = &p[0].cx;
    float32x4_t r0 = vld1q_f32(f), r1 = vld1q_f32(f + 4), r2 = vld1q_f32(f + 8);
    float32x4_t r3 = vld1q_f32(f + 12), r4 = vld1q_f32(f + 16), r5 = vld1q_f32(f + 20);
    float32x4_t cxy02 = v_pairs_uzp1(r0, r3), cxy13 = v_pairs_uzp2(r1, r4); /* pairs 0 6, 3 9 */
    float32x4_t hxy02 = v_pairs_uzp2(r0, r3), hxy13 = v_pairs_uzp1(r2, r5); /* pairs 1 7, 4 10 */
    float32x4_t cs02 = v_pairs_uzp1(r1, r4), cs13 = v_pairs_uzp2(r2, r5);   /* pairs 2 8, 5 11 */
    *cx = vtrn1q_f32(cxy02, cxy13), *cy = vtrn2q_f32(cxy02, cxy13);
    *hx = vtrn1q_f32(hxy02, hxy13), *hy = vtrn2q_f32(hxy02, hxy13);
    *c = vtrn1q_f32(cs02, cs13), *s = vtrn2q_f32(cs02, cs13);
}

/* Lane loads for the candidate pairs: LD1 to one lane. */
typedef float32x4_t vlane;
CB_INLINE vlane vlane_first(const float *p) { return vld1q_dup_f32(p); }
#define VLANE_SET(a, u, p) ((a) = vld1q_lane_f32((p), (a), (u) & 3))
CB_INLINE vf vlane_done(vlane a) { return a; }

/* The indices of 8 lanes' hits packed to the bottom (kernel_batch.h's
 * index sink): the lanes of the hits from the table, a byte each, widened
 * in two halves, added to base and stored whole. */
#include "kernel_pack.h"
#define CB_PACK_STEP 8
CB_INLINE void v_pack_indices(uint32_t *p, uint32_t bits, uint32_t base)
{
    uint16x8_t h = vmovl_u8(vcreate_u8(cb_pack_lanes[bits]));
    uint32x4_t b = vdupq_n_u32(base);
    vst1q_u32(p, vaddq_u32(vmovl_u16(vget_low_u16(h)), b));
    vst1q_u32(p + 4, vaddq_u32(vmovl_high_u16(h), b));
}

#include "kernel_template.h"
