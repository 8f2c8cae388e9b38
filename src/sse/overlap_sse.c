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

/* Four boxes are a 4x4 matrix of rows (min_x, min_y, max_x, max_y): transpose it. */
CB_INLINE void v_load_boxes_aos(const cb_box *p, vf *x0, vf *y0, vf *x1, vf *y1)
{
    __m128 a = _mm_loadu_ps(&p[0].min_x), b = _mm_loadu_ps(&p[1].min_x);
    __m128 c = _mm_loadu_ps(&p[2].min_x), d = _mm_loadu_ps(&p[3].min_x);
    _MM_TRANSPOSE4_PS(a, b, c, d);
    *x0 = a, *y0 = b, *x1 = c, *y1 = d;
}

/* Four circles are 12 floats: a = x0 y0 r0 x1, b = y1 r1 x2 y2, c = r2 x3 y3 r3. */
CB_INLINE void v_load_circles_aos(const cb_circle *p, vf *x, vf *y, vf *r)
{
    const float *f = &p[0].x;
    __m128 a = _mm_loadu_ps(f), b = _mm_loadu_ps(f + 4), c = _mm_loadu_ps(f + 8);
    __m128 b2c1 = _mm_shuffle_ps(b, c, _MM_SHUFFLE(1, 1, 2, 2));
    *x = _mm_shuffle_ps(a, b2c1, _MM_SHUFFLE(2, 0, 3, 0));
    __m128 a1b0 = _mm_shuffle_ps(a, b, _MM_SHUFFLE(0, 0, 1, 1));
    __m128 b3c2 = _mm_shuffle_ps(b, c, _MM_SHUFFLE(2, 2, 3, 3));
    *y = _mm_shuffle_ps(a1b0, b3c2, _MM_SHUFFLE(2, 0, 2, 0));
    __m128 a2b1 = _mm_shuffle_ps(a, b, _MM_SHUFFLE(1, 1, 2, 2));
    __m128 c0c3 = _mm_shuffle_ps(c, c, _MM_SHUFFLE(3, 3, 0, 0));
    *r = _mm_shuffle_ps(a2b1, c0c3, _MM_SHUFFLE(2, 0, 2, 0));
}

#include "kernel_template.h"
