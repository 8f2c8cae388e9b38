/* overlap_circles.h - the circle-against-circle overlap query: the contract of cbatch.h over vectors of circles, once for every backend (listed in registry.h). */

/* The contract, lane by lane: squared centre distance against the squared
 * radius sum, in that operation order. Ordered compare: NaN never hits. */
CB_INLINE uint32_t query_OVERLAP_CIRCLE_CIRCLE(vshape_CIRCLE c, vshape_CIRCLE o, int strict)
{
    vf dx = v_sub(c.x, o.x);
    vf dy = v_sub(c.y, o.y);
    vf d2 = v_add(v_mul(dx, dx), v_mul(dy, dy));
    vf s = v_add(c.r, o.r);
    return overlap_compare(d2, v_mul(s, s), strict);
}

CB_GENERIC_BLOCK(OVERLAP, CIRCLE, CIRCLE, SOA)
CB_GENERIC_BLOCK(OVERLAP, CIRCLE, CIRCLE, AOS)
