/* kernel_template.h - the eight batch kernels, written once over the vector primitives each SIMD file defines. */

/*
 * A SIMD backend file (src/<isa>/overlap_<isa>.c) defines, then includes this:
 *   CB_SUFFIX    the ISA's name as a token (sse, avx2, avx512, neon)
 *   CB_BACKEND_ID  the cb_backend enumerator's tail (SSE, AVX2, AVX512, NEON)
 *   CB_W         lanes per vector: 4, 8 or 16 (a divisor of 64)
 *   vf           a vector of CB_W floats
 *   v_set1(f), v_loadu(p)            broadcast, unaligned load of CB_W floats
 *   v_max(a, b)  exactly (a > b) ? a : b per lane (x86 maxps)
 *   v_min(a, b)  exactly (a < b) ? a : b per lane (x86 minps)
 *   v_sub, v_mul, v_add              plain IEEE binary32 operations
 *   v_le_bits(a, b), v_lt_bits(a, b) ordered compares, lane i -> bit i
 *   v_load_boxes_aos(p, &x0, &y0, &x1, &y1)  CB_W cb_box, lane i = p[i]
 *                (not needed when the ISA defines CB_BOXES_AOS_BLOCK below)
 *   v_load_circles_aos(p, &x, &y, &r)        CB_W cb_circle, lane i = p[i]
 * Optionally, when the ISA can load the first k lanes without touching the
 * memory of the others (AVX-512 masked loads), it defines CB_PARTIAL_LOADS
 * and v_loadu_first(p, k), v_load_boxes_aos_first(p, k, ...),
 * v_load_circles_aos_first(p, k, ...): short tails then need no copy.
 * AoS boxes on (x, y) pairs instead of a transpose (x86): the ISA defines
 * CB_BOXES_AOS_PAIRS and v_load_floats(f, count) (the first count floats,
 * count may exceed CB_W, the rest zero and untouched), v_interleave_lo(a, b),
 * v_pairs_even(a, b) / v_pairs_odd(a, b) (64-bit pairs 0 and 2 / 1 and 3 of
 * each 128-bit lane of a then b, i.e. shufps 1,0,1,0 / 3,2,3,2) and
 * v_sum_xy(sa, sb), the x square plus the y square of each box in box order.
 * An ISA that de-interleaves AoS circles from three registers of loaded
 * floats defines CB_CIRCLES_FROM_REGS and v_circles_from_regs(a, b, c, &x,
 * &y, &r) (with v_load_floats); the template then provides
 * v_load_circles_aos and v_load_circles_aos_first.
 * An ISA with its own AoS circle block defines
 * CB_CIRCLES_AOS_BLOCK(x0, y0, x1, y1, p, k, strict), returning the hit bits
 * of circles p[0..k-1] (k <= CB_W, none read past k).
 * The template owns everything else (the 64-bit mask words, tails, index
 * lists), so every backend shares one loop structure and differs only in how
 * it loads and computes one vector of lanes.
 */

#include <string.h>

#define CB_CAT2(a, b) a##_##b
#define CB_CAT(a, b) CB_CAT2(a, b)
#define CB_FN(name) CB_CAT(name, CB_SUFFIX)

#if 64 % CB_W != 0
#error "CB_W must divide 64"
#endif

/* The float contract, one vector of lanes at a time (see cbatch.h). The
 * operand order of v_max/v_min is part of the contract: do not swap. */
CB_INLINE uint32_t CB_FN(hit_bits)(vf cx, vf cy, vf r2, vf x0, vf y0, vf x1, vf y1, int strict)
{
    vf px = v_min(v_max(cx, x0), x1);
    vf py = v_min(v_max(cy, y0), y1);
    vf dx = v_sub(cx, px);
    vf dy = v_sub(cy, py);
    vf d2 = v_add(v_mul(dx, dx), v_mul(dy, dy));
    return strict ? v_lt_bits(d2, r2) : v_le_bits(d2, r2);
}

/* One vector of lanes per shape: elements i .. i+k-1 (k <= CB_W). A short
 * final block is copied into zero-padded locals so no lane reads past n; the
 * padding lanes' bits are cleared by the driver. k == CB_W is a constant in
 * the hot loop, so the copy branch disappears there. */

typedef struct {
    vf cx, cy, r2;
    const cb_box_soa *b;
} CB_FN(ctx_boxes);

CB_INLINE uint32_t CB_FN(block_boxes)(const void *vctx, size_t i, size_t k, int strict)
{
    const CB_FN(ctx_boxes) *c = (const CB_FN(ctx_boxes) *)vctx;
    const float *p0 = c->b->min_x + i, *p1 = c->b->min_y + i;
    const float *p2 = c->b->max_x + i, *p3 = c->b->max_y + i;
#ifdef CB_PARTIAL_LOADS
    if (k < CB_W)
        return CB_FN(hit_bits)(c->cx, c->cy, c->r2, v_loadu_first(p0, k), v_loadu_first(p1, k),
                               v_loadu_first(p2, k), v_loadu_first(p3, k), strict);
#endif
    float pad[4][CB_W];
    if (k < CB_W) {
        memset(pad, 0, sizeof pad);
        memcpy(pad[0], p0, k * sizeof(float));
        memcpy(pad[1], p1, k * sizeof(float));
        memcpy(pad[2], p2, k * sizeof(float));
        memcpy(pad[3], p3, k * sizeof(float));
        p0 = pad[0], p1 = pad[1], p2 = pad[2], p3 = pad[3];
    }
    return CB_FN(hit_bits)(c->cx, c->cy, c->r2, v_loadu(p0), v_loadu(p1), v_loadu(p2), v_loadu(p3),
                           strict);
}

#ifdef CB_BOXES_AOS_PAIRS
/*
 * AoS boxes without the full transpose. A box is [x0 y0 x1 y1] and the
 * contract does the same work on x and on y, so it can run on (x, y) pairs:
 * four loaded registers are split into min corners (x0 y0 x0' y0' ...) and
 * max corners (x1 y1 ...), the clamp, difference and square run on pairs
 * against (cx cy cx cy ...), and v_sum_xy adds each box's x square to its y
 * square. Per box these are the contract's operations with the contract's
 * operands, so the bits are the same as the transposed path's; it needs
 * 6 shuffles per 4 registers of boxes where the transpose needs 8 or more,
 * which measured 1.3-1.4x faster on SSE, AVX2 and AVX-512 (cb-bench).
 */
CB_INLINE uint32_t CB_FN(boxes_aos_pairs)(vf cx, vf cy, vf r2, const cb_box *p, size_t k,
                                          int strict)
{
    const float *f = &p[0].min_x;
    vf a, b, c, d;
    if (k == CB_W) { /* plain loads: k is the constant CB_W in the hot loop */
        a = v_loadu(f), b = v_loadu(f + CB_W), c = v_loadu(f + 2 * CB_W), d = v_loadu(f + 3 * CB_W);
    } else {
        size_t nf = 4 * k;
        a = v_load_floats(f, nf);
        b = v_load_floats(f + CB_W, CB_FLOATS_LEFT(nf, 1));
        c = v_load_floats(f + 2 * CB_W, CB_FLOATS_LEFT(nf, 2));
        d = v_load_floats(f + 3 * CB_W, CB_FLOATS_LEFT(nf, 3));
    }
    vf cxy = v_interleave_lo(cx, cy); /* cx cy cx cy ... */
    vf d_ab = v_sub(cxy, v_min(v_max(cxy, v_pairs_even(a, b)), v_pairs_odd(a, b)));
    vf d_cd = v_sub(cxy, v_min(v_max(cxy, v_pairs_even(c, d)), v_pairs_odd(c, d)));
    vf d2 = v_sum_xy(v_mul(d_ab, d_ab), v_mul(d_cd, d_cd)); /* (dx * dx) + (dy * dy) */
    return strict ? v_lt_bits(d2, r2) : v_le_bits(d2, r2);
}
#endif

typedef struct {
    vf cx, cy, r2;
    const cb_box *b;
} CB_FN(ctx_boxes_aos);

CB_INLINE uint32_t CB_FN(block_boxes_aos)(const void *vctx, size_t i, size_t k, int strict)
{
    const CB_FN(ctx_boxes_aos) *c = (const CB_FN(ctx_boxes_aos) *)vctx;
    const cb_box *p = c->b + i;
#ifdef CB_BOXES_AOS_PAIRS
    return CB_FN(boxes_aos_pairs)(c->cx, c->cy, c->r2, p, k, strict);
#else
    vf x0, y0, x1, y1;
#ifdef CB_PARTIAL_LOADS
    if (k < CB_W) {
        v_load_boxes_aos_first(p, k, &x0, &y0, &x1, &y1);
        return CB_FN(hit_bits)(c->cx, c->cy, c->r2, x0, y0, x1, y1, strict);
    }
#endif
    cb_box pad[CB_W];
    if (k < CB_W) {
        memset(pad, 0, sizeof pad);
        memcpy(pad, p, k * sizeof *p);
        p = pad;
    }
    v_load_boxes_aos(p, &x0, &y0, &x1, &y1);
    return CB_FN(hit_bits)(c->cx, c->cy, c->r2, x0, y0, x1, y1, strict);
#endif
}

typedef struct {
    vf x0, y0, x1, y1;
    const cb_circle_soa *c;
} CB_FN(ctx_circles);

CB_INLINE uint32_t CB_FN(block_circles)(const void *vctx, size_t i, size_t k, int strict)
{
    const CB_FN(ctx_circles) *c = (const CB_FN(ctx_circles) *)vctx;
    const float *px = c->c->x + i, *py = c->c->y + i, *pr = c->c->r + i;
#ifdef CB_PARTIAL_LOADS
    if (k < CB_W) {
        vf r = v_loadu_first(pr, k);
        return CB_FN(hit_bits)(v_loadu_first(px, k), v_loadu_first(py, k), v_mul(r, r), c->x0,
                               c->y0, c->x1, c->y1, strict);
    }
#endif
    float pad[3][CB_W];
    if (k < CB_W) {
        memset(pad, 0, sizeof pad);
        memcpy(pad[0], px, k * sizeof(float));
        memcpy(pad[1], py, k * sizeof(float));
        memcpy(pad[2], pr, k * sizeof(float));
        px = pad[0], py = pad[1], pr = pad[2];
    }
    vf r = v_loadu(pr);
    return CB_FN(hit_bits)(v_loadu(px), v_loadu(py), v_mul(r, r), c->x0, c->y0, c->x1, c->y1,
                           strict);
}

#ifdef CB_CIRCLES_FROM_REGS
/* CB_W circles are 3 * CB_W floats: three plain loads, or, for a tail of k,
 * three partial loads that touch nothing past circle k-1. */
CB_INLINE void v_load_circles_aos(const cb_circle *p, vf *x, vf *y, vf *r)
{
    const float *f = &p[0].x;
    v_circles_from_regs(v_loadu(f), v_loadu(f + CB_W), v_loadu(f + 2 * CB_W), x, y, r);
}

CB_INLINE void v_load_circles_aos_first(const cb_circle *p, size_t k, vf *x, vf *y, vf *r)
{
    const float *f = &p[0].x;
    size_t nf = 3 * k;
    v_circles_from_regs(v_load_floats(f, nf), v_load_floats(f + CB_W, CB_FLOATS_LEFT(nf, 1)),
                        v_load_floats(f + 2 * CB_W, CB_FLOATS_LEFT(nf, 2)), x, y, r);
}
#endif

typedef struct {
    vf x0, y0, x1, y1;
    const cb_circle *c;
} CB_FN(ctx_circles_aos);

CB_INLINE uint32_t CB_FN(block_circles_aos)(const void *vctx, size_t i, size_t k, int strict)
{
    const CB_FN(ctx_circles_aos) *c = (const CB_FN(ctx_circles_aos) *)vctx;
    const cb_circle *p = c->c + i;
#ifdef CB_CIRCLES_AOS_BLOCK
    /* the ISA computes AoS circles its own way (the same operations per circle) */
    return CB_CIRCLES_AOS_BLOCK(c->x0, c->y0, c->x1, c->y1, p, k, strict);
#else
    vf x, y, r;
#ifdef CB_PARTIAL_LOADS
    if (k < CB_W) {
        v_load_circles_aos_first(p, k, &x, &y, &r);
        return CB_FN(hit_bits)(x, y, v_mul(r, r), c->x0, c->y0, c->x1, c->y1, strict);
    }
#endif
    cb_circle pad[CB_W];
    if (k < CB_W) {
        memset(pad, 0, sizeof pad);
        memcpy(pad, p, k * sizeof *p);
        p = pad;
    }
    v_load_circles_aos(p, &x, &y, &r);
    return CB_FN(hit_bits)(x, y, v_mul(r, r), c->x0, c->y0, c->x1, c->y1, strict);
#endif
}

typedef uint32_t (*CB_FN(block_fn))(const void *ctx, size_t i, size_t k, int strict);

/* Hits of elements base .. base+len-1 (len <= 64) as one word, bit j = element base+j. */
CB_INLINE uint64_t CB_FN(word)(CB_FN(block_fn) block, const void *ctx, size_t base, size_t len,
                               int strict)
{
    uint64_t w = 0;
    size_t j = 0;
    for (; j + CB_W <= len; j += CB_W)
        w |= (uint64_t)block(ctx, base + j, CB_W, strict) << j;
    if (j < len) /* padding lanes may hit: keep only the real ones */
        w |= (uint64_t)(block(ctx, base + j, len - j, strict) & ((1u << (len - j)) - 1u)) << j;
    return w;
}

/* The driver: 64 elements per word; writes either mask words or indices
 * (exactly one of mask/idx is non-NULL, a constant after inlining). */
CB_INLINE size_t CB_FN(drive)(CB_FN(block_fn) block, const void *ctx, size_t n, uint64_t *mask,
                              uint32_t *idx, int strict)
{
    size_t count = 0;
    for (size_t base = 0; base < n; base += 64) {
        size_t len = n - base < 64 ? n - base : 64;
        uint64_t w = len == 64 ? CB_FN(word)(block, ctx, base, 64, strict)
                               : CB_FN(word)(block, ctx, base, len, strict);
        if (!idx) { /* idx is the constant NULL in the mask kernels: no test at run time */
            mask[base / 64] = w;
            count += cb_popcount64(w);
        } else {
            for (; w; w &= w - 1)
                idx[count++] = (uint32_t)(base + cb_ctz64(w));
        }
    }
    return count;
}

/* The exported shapes: each picks its context, then specialises the driver
 * for the touching mode so the compare is fixed inside the loop. */
#define CB_DRIVE(block, ctx, n, mask, idx, flags)                                                  \
    (((flags) & CB_STRICT) ? CB_FN(drive)(block, ctx, n, mask, idx, 1)                             \
                           : CB_FN(drive)(block, ctx, n, mask, idx, 0))

CB_INLINE CB_FN(ctx_boxes) CB_FN(make_ctx_boxes)(cb_circle c, const cb_box_soa *b)
{
    CB_FN(ctx_boxes) x = {v_set1(c.x), v_set1(c.y), v_set1(c.r * c.r), b};
    return x;
}
CB_INLINE CB_FN(ctx_boxes_aos) CB_FN(make_ctx_boxes_aos)(cb_circle c, const cb_box *b)
{
    CB_FN(ctx_boxes_aos) x = {v_set1(c.x), v_set1(c.y), v_set1(c.r * c.r), b};
    return x;
}
CB_INLINE CB_FN(ctx_circles) CB_FN(make_ctx_circles)(const cb_circle_soa *c, cb_box b)
{
    CB_FN(ctx_circles) x = {v_set1(b.min_x), v_set1(b.min_y), v_set1(b.max_x), v_set1(b.max_y), c};
    return x;
}
CB_INLINE CB_FN(ctx_circles_aos) CB_FN(make_ctx_circles_aos)(const cb_circle *c, cb_box b)
{
    CB_FN(ctx_circles_aos) x = {v_set1(b.min_x), v_set1(b.min_y), v_set1(b.max_x), v_set1(b.max_y),
                                c};
    return x;
}

static size_t CB_FN(boxes)(cb_circle c, const cb_box_soa *b, size_t n, uint64_t *mask,
                           unsigned flags)
{
    CB_FN(ctx_boxes) ctx = CB_FN(make_ctx_boxes)(c, b);
    return CB_DRIVE(CB_FN(block_boxes), &ctx, n, mask, (uint32_t *)0, flags);
}

static size_t CB_FN(boxes_idx)(cb_circle c, const cb_box_soa *b, size_t n, uint32_t *idx,
                               unsigned flags)
{
    CB_FN(ctx_boxes) ctx = CB_FN(make_ctx_boxes)(c, b);
    return CB_DRIVE(CB_FN(block_boxes), &ctx, n, (uint64_t *)0, idx, flags);
}

static size_t CB_FN(boxes_aos)(cb_circle c, const cb_box *b, size_t n, uint64_t *mask,
                               unsigned flags)
{
    CB_FN(ctx_boxes_aos) ctx = CB_FN(make_ctx_boxes_aos)(c, b);
    return CB_DRIVE(CB_FN(block_boxes_aos), &ctx, n, mask, (uint32_t *)0, flags);
}

static size_t CB_FN(boxes_aos_idx)(cb_circle c, const cb_box *b, size_t n, uint32_t *idx,
                                   unsigned flags)
{
    CB_FN(ctx_boxes_aos) ctx = CB_FN(make_ctx_boxes_aos)(c, b);
    return CB_DRIVE(CB_FN(block_boxes_aos), &ctx, n, (uint64_t *)0, idx, flags);
}

static size_t CB_FN(circles)(const cb_circle_soa *c, size_t n, cb_box b, uint64_t *mask,
                             unsigned flags)
{
    CB_FN(ctx_circles) ctx = CB_FN(make_ctx_circles)(c, b);
    return CB_DRIVE(CB_FN(block_circles), &ctx, n, mask, (uint32_t *)0, flags);
}

static size_t CB_FN(circles_idx)(const cb_circle_soa *c, size_t n, cb_box b, uint32_t *idx,
                                 unsigned flags)
{
    CB_FN(ctx_circles) ctx = CB_FN(make_ctx_circles)(c, b);
    return CB_DRIVE(CB_FN(block_circles), &ctx, n, (uint64_t *)0, idx, flags);
}

static size_t CB_FN(circles_aos)(const cb_circle *c, size_t n, cb_box b, uint64_t *mask,
                                 unsigned flags)
{
    CB_FN(ctx_circles_aos) ctx = CB_FN(make_ctx_circles_aos)(c, b);
    return CB_DRIVE(CB_FN(block_circles_aos), &ctx, n, mask, (uint32_t *)0, flags);
}

static size_t CB_FN(circles_aos_idx)(const cb_circle *c, size_t n, cb_box b, uint32_t *idx,
                                     unsigned flags)
{
    CB_FN(ctx_circles_aos) ctx = CB_FN(make_ctx_circles_aos)(c, b);
    return CB_DRIVE(CB_FN(block_circles_aos), &ctx, n, (uint64_t *)0, idx, flags);
}

/* The backend's table, the file's only external symbol. */
const cb_kernels CB_CAT(cb_kernels, CB_SUFFIX) = {
    CB_CAT(CB_BACKEND, CB_BACKEND_ID), CB_FN(boxes), CB_FN(boxes_aos), CB_FN(circles),
    CB_FN(circles_aos), CB_FN(boxes_idx), CB_FN(boxes_aos_idx), CB_FN(circles_idx),
    CB_FN(circles_aos_idx),
};
