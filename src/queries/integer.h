/* integer.h - the integer shapes' queries: overlap, squared distance and contacts of cbatch.h's INTEGER COORDINATES, exact, over vectors of int32 lanes, once for every backend (listed in registry.h). */

/* What the integer overlap blocks give the mask and index sinks: hit bits. */
typedef uint32_t result_OVERLAP_I;

/* |a - b| of int32 lanes as an unsigned 32-bit number, exact: MAX - MIN
 * taken modulo 2^32 (at most 2^32 - 1). */
CB_INLINE vi gap_i(vi a, vi b) { return v_sub_i(v_max_i(a, b), v_min_i(a, b)); }

/* The contract's clamp: the point of the box nearest the centre, and the
 * centre's unsigned gaps to it. */
typedef struct {
    vi px, py, dx, dy;
} vinearest;

CB_INLINE vinearest nearest_on_ibox(vshape_ICIRCLE c, vshape_IBOX b)
{
    vinearest q;
    q.px = v_min_i(v_max_i(c.x, b.x0), b.x1);
    q.py = v_min_i(v_max_i(c.y, b.y0), b.y1);
    q.dx = gap_i(c.x, q.px);
    q.dy = gap_i(c.y, q.py);
    return q;
}

/* dx^2 + dy^2 <= s^2 (CB_STRICT: <), exactly, in unsigned 64-bit lanes by
 * the no-overflow argument of cbatch.h: a gap above s misses on 32 bits;
 * otherwise dx, dy <= s < 2^32, so dx^2, dy^2 and s^2 fit, and dy^2 is
 * compared with s^2 - dx^2 (>= 0), never forming the 65-bit sum. Out of
 * line: the filter below leaves it the rare lanes, and inlined into every
 * block of the unrolled words it made the kernel files a third slower to
 * compile. */
CB_OUT_OF_LINE uint32_t exact_within_i(vi dx, vi dy, vi s, int strict)
{
    uint32_t fits = v_le_u_bits(v_max_u(dx, dy), s);
    vw room = v_sub_w(v_sq_w(s), v_sq_w(dx));
    vw dy2 = v_sq_w(dy);
    return fits & (strict ? v_lt_w_bits(dy2, room) : v_le_w_bits(dy2, room));
}

/* The filter's margin: d2 and s^2 in binary32 are each within (1 + 2u)^4
 * of the exact values (u = 2^-24: every int32 conversion, product and sum
 * rounds once, by at most 2u in any rounding mode), so a float d2 below
 * s^2 (1 - 2^-19) is an exact d2 below s^2, and one above s^2 (1 + 2^-19)
 * an exact one above it (the scaled bounds round once more). */
#define CB_FILTER_BELOW (1.0f - 0x1p-19f)
#define CB_FILTER_ABOVE (1.0f + 0x1p-19f)

/* The exact answer of dx^2 + dy^2 <= s^2 (CB_STRICT: <) for the lanes of
 * `live` (bit j: lane j's reach is not negative). A gap above s misses on
 * 32 bits (in sparse scenes most vectors end here: the branch is then well
 * predicted and skips the rest). The other lanes where s < 2^31 (so dx, dy
 * and s convert as signed int32) go through a binary32 filter whose
 * "surely below" and "surely above" are exact verdicts in any float mode
 * (margin above); the lanes it leaves open (touching or within 2^-19 of
 * it, or s >= 2^31) take the exact comparison, rarely. Every lane's answer
 * is the exact one, whichever way it went. */
CB_INLINE uint32_t within_i(vi dx, vi dy, vi s, uint32_t live, int strict)
{
    live &= v_le_u_bits(v_max_u(dx, dy), s);
    if (!live)
        return 0;
    vf fx = v_cvt_f(dx), fy = v_cvt_f(dy), fs = v_cvt_f(s);
    vf d2 = v_add(v_mul(fx, fx), v_mul(fy, fy)), s2 = v_mul(fs, fs);
    uint32_t small = ~v_neg_bits(s);
    uint32_t below = v_lt_bits(d2, v_mul(s2, v_set1(CB_FILTER_BELOW))) & small;
    uint32_t above = v_lt_bits(v_mul(s2, v_set1(CB_FILTER_ABOVE)), d2) & small;
    uint32_t open = live & ~below & ~above;
    uint32_t hits = live & below;
    if (open)
        hits |= open & exact_within_i(dx, dy, s, strict);
    return hits;
}

/* dx^2 + dy^2, or UINT64_MAX when it needs 65 bits. */
CB_INLINE vw d2_of(vi dx, vi dy) { return v_add_sat_w(v_sq_w(dx), v_sq_w(dy)); }

/* ---- circle against box, and box against circles (the same pair) */

/* The gap alone, as overlap needs it, in one operation fewer than the
 * clamp and gap_i: |c - MIN(MAX(c, lo), hi)| = MAX(c, MIN(lo, hi)) - MIN(c,
 * hi), modulo 2^32 (c below the box: lo - c; inside: 0; above: c - hi; an
 * inverted box, whose clamp is hi: |c - hi|). */
CB_INLINE vi gap_to_span(vi c, vi lo, vi hi)
{
    return v_sub_i(v_max_i(c, v_min_i(lo, hi)), v_min_i(c, hi));
}

CB_INLINE uint32_t query_OVERLAP_ICIRCLE_IBOX(vshape_ICIRCLE c, vshape_IBOX b, int strict)
{
    return within_i(gap_to_span(c.x, b.x0, b.x1), gap_to_span(c.y, b.y0, b.y1), c.r,
                    ~v_neg_bits(c.r), strict);
}

CB_INLINE uint32_t query_OVERLAP_IBOX_ICIRCLE(vshape_IBOX b, vshape_ICIRCLE c, int strict)
{
    return query_OVERLAP_ICIRCLE_IBOX(c, b, strict);
}

CB_INLINE result_DISTANCE_I query_DISTANCE_ICIRCLE_IBOX(vshape_ICIRCLE c, vshape_IBOX b,
                                                        int strict)
{
    (void)strict;
    vinearest q = nearest_on_ibox(c, b);
    result_DISTANCE_I r;
    r.d2 = d2_of(q.dx, q.dy);
    r.px = q.px, r.py = q.py;
    return r;
}

CB_INLINE result_DISTANCE_I query_DISTANCE_IBOX_ICIRCLE(vshape_IBOX b, vshape_ICIRCLE c,
                                                        int strict)
{
    return query_DISTANCE_ICIRCLE_IBOX(c, b, strict);
}

/* The contacts select the overlap query's hits (no margin). */
CB_INLINE uint32_t select_CONTACTS_ICIRCLE_IBOX(vshape_ICIRCLE c, vshape_IBOX b, vf margin,
                                                int strict)
{
    (void)margin;
    return query_OVERLAP_ICIRCLE_IBOX(c, b, strict);
}

CB_INLINE uint32_t select_CONTACTS_IBOX_ICIRCLE(vshape_IBOX b, vshape_ICIRCLE c, vf margin,
                                                int strict)
{
    return select_CONTACTS_ICIRCLE_IBOX(c, b, margin, strict);
}

/* Outside: the clamp point. Inside or on the box: out through the nearest
 * face, a later face replacing an earlier one only when strictly nearer
 * (-x, +x, -y, +y), its point on that face and its distance as the depth.
 * d2 is measured to the final point, so inside it is the depth squared. */
CB_INLINE result_CONTACTS_I records_CONTACTS_ICIRCLE_IBOX(vshape_ICIRCLE c, vshape_IBOX b)
{
    vinearest q = nearest_on_ibox(c, b);
    vi zero = v_set1_i(0);
    vi best = v_sub_i(c.x, b.x0), ipx = b.x0, ipy = c.y;
    vi d = v_sub_i(b.x1, c.x);
    vi nearer = v_lt_u_m(d, best);
    best = v_sel_i(nearer, d, best), ipx = v_sel_i(nearer, b.x1, ipx);
    d = v_sub_i(c.y, b.y0);
    nearer = v_lt_u_m(d, best);
    best = v_sel_i(nearer, d, best), ipx = v_sel_i(nearer, c.x, ipx);
    ipy = v_sel_i(nearer, b.y0, ipy);
    d = v_sub_i(b.y1, c.y);
    nearer = v_lt_u_m(d, best);
    best = v_sel_i(nearer, d, best), ipx = v_sel_i(nearer, c.x, ipx);
    ipy = v_sel_i(nearer, b.y1, ipy);

    vi on_x = v_eq_m_i(q.dx, zero), on_y = v_eq_m_i(q.dy, zero);
    vi inside = v_and_i(on_x, on_y);
    result_CONTACTS_I r;
    r.px = v_sel_i(inside, ipx, q.px);
    r.py = v_sel_i(inside, ipy, q.py);
    r.d2 = d2_of(gap_i(c.x, r.px), gap_i(c.y, r.py));
    r.depth = v_sel_i(inside, best, zero);
    /* CB_FEATURE_INSIDE 2; CORNER 1 when off both axes; FACE 0 */
    r.feature = v_sel_i(inside, v_set1_i(CB_FEATURE_INSIDE),
                        v_sel_i(v_or_i(on_x, on_y), zero, v_set1_i(CB_FEATURE_CORNER)));
    return r;
}

CB_INLINE result_CONTACTS_I records_CONTACTS_IBOX_ICIRCLE(vshape_IBOX b, vshape_ICIRCLE c)
{
    return records_CONTACTS_ICIRCLE_IBOX(c, b);
}

/* ---- circle against circles: the element's centre is the point */

CB_INLINE uint32_t query_OVERLAP_ICIRCLE_ICIRCLE(vshape_ICIRCLE c, vshape_ICIRCLE o, int strict)
{
    /* both radii >= 0: their sum is exact modulo 2^32 */
    uint32_t live = ~v_neg_bits(v_or_i(c.r, o.r));
    return within_i(gap_i(c.x, o.x), gap_i(c.y, o.y), v_add_i(c.r, o.r), live, strict);
}

CB_INLINE result_DISTANCE_I query_DISTANCE_ICIRCLE_ICIRCLE(vshape_ICIRCLE c, vshape_ICIRCLE o,
                                                           int strict)
{
    (void)strict;
    result_DISTANCE_I r;
    r.d2 = d2_of(gap_i(c.x, o.x), gap_i(c.y, o.y));
    r.px = o.x, r.py = o.y;
    return r;
}

CB_INLINE uint32_t select_CONTACTS_ICIRCLE_ICIRCLE(vshape_ICIRCLE c, vshape_ICIRCLE o, vf margin,
                                                   int strict)
{
    (void)margin;
    return query_OVERLAP_ICIRCLE_ICIRCLE(c, o, strict);
}

CB_INLINE result_CONTACTS_I records_CONTACTS_ICIRCLE_ICIRCLE(vshape_ICIRCLE c, vshape_ICIRCLE o)
{
    vi dx = gap_i(c.x, o.x), dy = gap_i(c.y, o.y), zero = v_set1_i(0);
    vi coincident = v_and_i(v_eq_m_i(dx, zero), v_eq_m_i(dy, zero));
    result_CONTACTS_I r;
    r.px = o.x, r.py = o.y;
    r.d2 = d2_of(dx, dy);
    r.depth = zero;
    r.feature = v_sel_i(coincident, v_set1_i(CB_FEATURE_INSIDE), zero);
    return r;
}

CB_GENERIC_BLOCK(OVERLAP, ICIRCLE, IBOX, SOA)
CB_GENERIC_BLOCK(OVERLAP, ICIRCLE, IBOX, AOS)
CB_GENERIC_BLOCK(OVERLAP, IBOX, ICIRCLE, SOA)
CB_GENERIC_BLOCK(OVERLAP, IBOX, ICIRCLE, AOS)
CB_GENERIC_BLOCK(OVERLAP, ICIRCLE, ICIRCLE, SOA)
CB_GENERIC_BLOCK(OVERLAP, ICIRCLE, ICIRCLE, AOS)
CB_GENERIC_BLOCK(DISTANCE, ICIRCLE, IBOX, SOA)
CB_GENERIC_BLOCK(DISTANCE, ICIRCLE, IBOX, AOS)
CB_GENERIC_BLOCK(DISTANCE, IBOX, ICIRCLE, SOA)
CB_GENERIC_BLOCK(DISTANCE, IBOX, ICIRCLE, AOS)
CB_GENERIC_BLOCK(DISTANCE, ICIRCLE, ICIRCLE, SOA)
CB_GENERIC_BLOCK(DISTANCE, ICIRCLE, ICIRCLE, AOS)
CB_RECORD_BLOCKS(CONTACTS, ICIRCLE, IBOX, SOA)
CB_RECORD_BLOCKS(CONTACTS, ICIRCLE, IBOX, AOS)
CB_RECORD_BLOCKS(CONTACTS, IBOX, ICIRCLE, SOA)
CB_RECORD_BLOCKS(CONTACTS, IBOX, ICIRCLE, AOS)
CB_RECORD_BLOCKS(CONTACTS, ICIRCLE, ICIRCLE, SOA)
CB_RECORD_BLOCKS(CONTACTS, ICIRCLE, ICIRCLE, AOS)

/* Candidate pairs of a set of integer circles and integer elements. */
CB_CANDIDATES_BLOCK(OVERLAP, ICIRCLE, IBOX)
CB_CANDIDATES_BLOCK(OVERLAP, ICIRCLE, ICIRCLE)
CB_CANDIDATES_RECORD_BLOCKS(CONTACTS, ICIRCLE, IBOX)
CB_CANDIDATES_RECORD_BLOCKS(CONTACTS, ICIRCLE, ICIRCLE)
