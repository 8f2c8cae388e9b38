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
/* AArch64 fdiv and fsqrt are IEEE correctly rounded (never frecpe/frsqrte);
 * |x| clears the sign bit. */
CB_INLINE vf v_div(vf a, vf b) { return vdivq_f32(a, b); }
CB_INLINE vf v_sqrt(vf a) { return vsqrtq_f32(a); }
CB_INLINE vf v_abs(vf a) { return vabsq_f32(a); }
/* Lane masks: all-ones or all-zero lanes of an ordered compare. */
typedef uint32x4_t vm;
CB_INLINE vm v_lt_m(vf a, vf b) { return vcltq_f32(a, b); }
CB_INLINE vm v_le_m(vf a, vf b) { return vcleq_f32(a, b); }
CB_INLINE vm v_eq_m(vf a, vf b) { return vceqq_f32(a, b); }
CB_INLINE vf v_sel(vm m, vf a, vf b) { return vbslq_f32(m, a, b); }
CB_INLINE uint32_t v_mbits(vm m) { return v_bits(m); }

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

#include "kernel_template.h"
