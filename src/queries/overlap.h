/* overlap.h - the overlap query: the float contract of cbatch.h over vectors of shapes, once for every backend (included by kernel_template.h). */

/* What the overlap blocks give the mask and index sinks: hit bits. */
typedef uint32_t result_OVERLAP_F;
/* How the all-pairs engine reads it (kernel_pairs.h): its verdict bits. */
#define CB_PAIRS_MODE_OVERLAP CB_PAIRS_VERDICTS

/* d2 <= r2, or d2 < r2 for CB_STRICT: ordered, so NaN never hits. */
CB_INLINE uint32_t overlap_compare(vf d2, vf r2, int strict)
{
    return strict ? v_lt_bits(d2, r2) : v_le_bits(d2, r2);
}

/* The contract, lane by lane. The operand order of v_max/v_min is part of
 * it (NaN and signed zeros give the second operand): do not swap. */
CB_INLINE uint32_t query_OVERLAP_CIRCLE_BOX(vshape_CIRCLE c, vshape_BOX b, int strict)
{
    vf px = v_min(v_max(c.x, b.x0), b.x1);
    vf py = v_min(v_max(c.y, b.y0), b.y1);
    vf dx = v_sub(c.x, px);
    vf dy = v_sub(c.y, py);
    vf d2 = v_add(v_mul(dx, dx), v_mul(dy, dy));
    return overlap_compare(d2, v_mul(c.r, c.r), strict);
}

CB_INLINE uint32_t query_OVERLAP_BOX_CIRCLE(vshape_BOX b, vshape_CIRCLE c, int strict)
{
    return query_OVERLAP_CIRCLE_BOX(c, b, strict);
}

CB_GENERIC_BLOCK(OVERLAP, CIRCLE, BOX, SOA)
CB_GENERIC_BLOCK(OVERLAP, BOX, CIRCLE, SOA)

/*
 * Fused paths on (x, y) pairs. The contract does the same work on x and on
 * y, so it can run on registers holding (x, y) pairs as AoS memory has them,
 * instead of transposing first: clamp and square pairwise, then add each
 * element's x square to its y square. Per element these are the contract's
 * operations with the contract's operands, so the bits are the same as the
 * generic blocks'; the ISA opts in when it needs fewer shuffles this way
 * (measured in docs/measurements.md). Building with -DCB_NO_FUSED_PATHS uses
 * the generic blocks instead: the sanitizer test stage does, so the generic
 * AoS loaders of every ISA are proven bit for bit as well.
 */

/* p - MIN(MAX(p, lo), hi), squared: (dx*dx, dy*dy) for each pair of lanes. */
CB_INLINE vf overlap_pair_squares(vf p, vf lo, vf hi)
{
    vf d = v_sub(p, v_min(v_max(p, lo), hi));
    return v_mul(d, d);
}

#if defined(CB_BOXES_AOS_PAIRS) && !defined(CB_NO_FUSED_PATHS)
/*
 * The ISA defines v_interleave_lo(a, b) (a0 b0 a1 b1 ... per 128-bit lane),
 * v_pairs_even(a, b) / v_pairs_odd(a, b) (64-bit pairs 0 and 2 / 1 and 3 of
 * each 128-bit lane of a then b, as shufps 1,0,1,0 / 3,2,3,2) and
 * v_sum_xy(sa, sb), each box's x square plus its y square in box order.
 * Four registers of boxes split into min corners and max corners.
 */
#define CB_FUSED_CIRCLE_BOX_AOS 1 /* queries/contacts.h selects with it too */
CB_INLINE vf fused_d2_CIRCLE_BOX_AOS(const vshape_CIRCLE *c, const void *els, size_t i, size_t k)
{
    const float *f = &((const cb_box *)els)[i].min_x;
    vf a, b, cc, d;
    if (k == CB_W) {
        a = v_loadu(f), b = v_loadu(f + CB_W), cc = v_loadu(f + 2 * CB_W), d = v_loadu(f + 3 * CB_W);
    } else {
        size_t nf = 4 * k;
        a = v_load_floats(f, nf);
        b = v_load_floats(f + CB_W, CB_FLOATS_LEFT(nf, 1));
        cc = v_load_floats(f + 2 * CB_W, CB_FLOATS_LEFT(nf, 2));
        d = v_load_floats(f + 3 * CB_W, CB_FLOATS_LEFT(nf, 3));
    }
    vf cxy = v_interleave_lo(c->x, c->y); /* cx cy cx cy ... */
    vf s_ab = overlap_pair_squares(cxy, v_pairs_even(a, b), v_pairs_odd(a, b));
    vf s_cd = overlap_pair_squares(cxy, v_pairs_even(cc, d), v_pairs_odd(cc, d));
    return v_sum_xy(s_ab, s_cd); /* d2 of each box, in box order */
}

CB_INLINE uint32_t block_OVERLAP_CIRCLE_BOX_AOS(const void *ctx, const void *els, size_t i,
                                                size_t k, int strict)
{
    const vshape_CIRCLE *c = &((const ctx_CIRCLE *)ctx)->shape;
    return overlap_compare(fused_d2_CIRCLE_BOX_AOS(c, els, i, k), v_mul(c->r, c->r), strict);
}
#else
CB_GENERIC_BLOCK(OVERLAP, CIRCLE, BOX, AOS)
#endif

#if defined(CB_CIRCLES_AOS_PAIRS) && !defined(CB_NO_FUSED_PATHS)
/*
 * The ISA defines v_load_circles_aos_pairs(p, k, &lo, &hi, &r): the centres
 * of circles p[0 .. k-1] as (x, y) pairs in two registers (the first and the
 * second half of the circles) and their radii, and v_sum_xy_circles(s_lo,
 * s_hi), each circle's x square plus its y square in circle order.
 */
#define CB_FUSED_BOX_CIRCLE_AOS 1 /* queries/contacts.h selects with it too */
CB_INLINE vf fused_d2_BOX_CIRCLE_AOS(const vshape_BOX *b, const void *els, size_t i, size_t k,
                                     vf *r)
{
    vf lo, hi;
    v_load_circles_aos_pairs((const cb_circle *)els + i, k, &lo, &hi, r);
    vf min_xy = v_interleave_lo(b->x0, b->y0), max_xy = v_interleave_lo(b->x1, b->y1);
    vf s_lo = overlap_pair_squares(lo, min_xy, max_xy);
    vf s_hi = overlap_pair_squares(hi, min_xy, max_xy);
    return v_sum_xy_circles(s_lo, s_hi); /* d2 of each circle, in circle order */
}

CB_INLINE uint32_t block_OVERLAP_BOX_CIRCLE_AOS(const void *ctx, const void *els, size_t i,
                                                size_t k, int strict)
{
    vf r;
    vf d2 = fused_d2_BOX_CIRCLE_AOS(&((const ctx_BOX *)ctx)->shape, els, i, k, &r);
    return overlap_compare(d2, v_mul(r, r), strict);
}
#else
CB_GENERIC_BLOCK(OVERLAP, BOX, CIRCLE, AOS)
#endif
