/* contacts.h - signed distance and contacts, circle vs box and circle vs circle: the SIGNED DISTANCE AND CONTACTS contract of cbatch.h over vectors, once for every backend (listed in registry.h). */

/* What the distance blocks give their sink: separations. The contact
 * query gives selection bits and records (select_ and records_ below). */
typedef vf result_DISTANCE_F;
/* How the all-pairs engine reads the contact query (kernel_pairs.h): its
 * selection within the margin, then each listed pair's record. */
#define CB_PAIRS_MODE_CONTACTS CB_PAIRS_RECORDS

/* A NaN result leaves as the default quiet NaN (0x7FC00000): x86 and Arm
 * propagate NaN payloads and signs by different rules. */
CB_INLINE vf canonical(vf x)
{
    const union {
        uint32_t u;
        float f;
    } qnan = {0x7FC00000u};
    return v_sel(v_eq_m(x, x), x, v_set1(qnan.f));
}

/* |delta| = dist, and with_normal the normal delta / |delta|. While
 * 2^-50 <= m <= 2^50 (m = MAX(|dx|, |dy|)) the squares neither underflow
 * nor overflow: dist = SQRT(d2) and normal = (dx / dist, dy / dist), one
 * square root and two divisions. Other lanes (rare: tiny or huge offsets)
 * take the form scaled by m: t = MIN / m, l = SQRT(1 + t * t), dist = m * l,
 * normal = ((dx / m) / l, (dy / m) / l). The branch only skips work no lane
 * needs; every lane's formula depends on its own m, so the bits do not
 * depend on the neighbours. Lanes with m == 0 get values the callers
 * replace (inside or coincident); NaN lanes get NaN either way. */
#define CB_DIRECT_MIN 0x1p-50f
#define CB_DIRECT_MAX 0x1p+50f

typedef struct {
    vf m, dist, nx, ny;
} vlength;

CB_INLINE vlength length_of(vf dx, vf dy, int with_normal)
{
    vf ax = v_abs(dx), ay = v_abs(dy);
    vlength r;
    r.m = v_max(ax, ay);
    r.dist = v_sqrt(v_add(v_mul(dx, dx), v_mul(dy, dy)));
    if (with_normal)
        r.nx = v_div(dx, r.dist), r.ny = v_div(dy, r.dist);
    else
        r.nx = r.ny = r.dist; /* unused: folded away */
    vf lo = v_set1(CB_DIRECT_MIN), hi = v_set1(CB_DIRECT_MAX), zero = v_set1(0.0f);
    uint32_t scaled = v_mbits(v_lt_m(hi, r.m)) |
                      (v_mbits(v_lt_m(r.m, lo)) & v_mbits(v_lt_m(zero, r.m)));
    if (scaled) {
        vf t = v_div(v_min(ax, ay), r.m);
        vf l = v_sqrt(v_add(v_set1(1.0f), v_mul(t, t)));
        vm below = v_le_m(r.m, hi), above = v_le_m(lo, r.m); /* both: direct */
        r.dist = v_sel(below, v_sel(above, r.dist, v_mul(r.m, l)), v_mul(r.m, l));
        if (with_normal) {
            vf sx = v_div(v_div(dx, r.m), l), sy = v_div(v_div(dy, r.m), l);
            r.nx = v_sel(below, v_sel(above, r.nx, sx), sx);
            r.ny = v_sel(below, v_sel(above, r.ny, sy), sy);
        }
    }
    return r;
}

/* The overlap contract's clamp: the point of the box nearest the centre. */
typedef struct {
    vf px, py, dx, dy;
} vnearest;

CB_INLINE vnearest nearest_on_box(vshape_CIRCLE c, vshape_BOX b)
{
    vnearest q;
    q.px = v_min(v_max(c.x, b.x0), b.x1);
    q.py = v_min(v_max(c.y, b.y0), b.y1);
    q.dx = v_sub(c.x, q.px);
    q.dy = v_sub(c.y, q.py);
    return q;
}

/* Centre inside (or on) the box: the distance to the nearest face, first of
 * -x, +x, -y, +y on ties (v_min keeps its second operand unless the first is
 * strictly smaller, and the earlier faces are the second operand). */
CB_INLINE vf nearest_face_distance(vshape_CIRCLE c, vshape_BOX b)
{
    vf best = v_sub(c.x, b.x0);
    best = v_min(v_sub(b.x1, c.x), best);
    best = v_min(v_sub(c.y, b.y0), best);
    return v_min(v_sub(b.y1, c.y), best);
}

/* The selection of the contact functions: d2 as in the overlap contract
 * against (radius + margin) squared. */
CB_INLINE uint32_t within_d2(vf d2, vf rm, int strict)
{
    vf rm2 = v_mul(rm, rm);
    return strict ? v_lt_bits(d2, rm2) : v_le_bits(d2, rm2);
}

CB_INLINE uint32_t within(vf dx, vf dy, vf rm, int strict)
{
    return within_d2(v_add(v_mul(dx, dx), v_mul(dy, dy)), rm, strict);
}

/* ---- circle vs box */

CB_INLINE vf query_DISTANCE_CIRCLE_BOX(vshape_CIRCLE c, vshape_BOX b, int strict)
{
    (void)strict;
    vnearest q = nearest_on_box(c, b);
    vlength len = length_of(q.dx, q.dy, 0);
    vf inside = v_sub(v_set1(0.0f), v_add(nearest_face_distance(c, b), c.r));
    vf outside = v_sub(len.dist, c.r);
    return canonical(v_sel(v_eq_m(len.m, v_set1(0.0f)), inside, outside));
}

CB_INLINE vf query_DISTANCE_BOX_CIRCLE(vshape_BOX b, vshape_CIRCLE c, int strict)
{
    return query_DISTANCE_CIRCLE_BOX(c, b, strict);
}

CB_INLINE uint32_t select_CONTACTS_CIRCLE_BOX(vshape_CIRCLE c, vshape_BOX b, vf margin, int strict)
{
    vnearest q = nearest_on_box(c, b);
    return within(q.dx, q.dy, v_add(c.r, margin), strict);
}

CB_INLINE vrecords records_CONTACTS_CIRCLE_BOX(vshape_CIRCLE c, vshape_BOX b)
{
    vrecords r;
    vnearest q = nearest_on_box(c, b);
    vf zero = v_set1(0.0f), one = v_set1(1.0f), minus_one = v_set1(-1.0f);

    /* centre outside: delta / |delta|, the clamp point, corner or face */
    vlength len = length_of(q.dx, q.dy, 1);
    vf nx = len.nx, ny = len.ny;
    vf sep = v_sub(len.dist, c.r);
    vf feature = v_sel(v_eq_m(q.dx, zero), zero, v_sel(v_eq_m(q.dy, zero), zero, one));

    /* centre inside or on the box: out through the nearest face; a later
     * face replaces an earlier one only when strictly nearer */
    vf best = v_sub(c.x, b.x0);
    vf inx = minus_one, iny = zero, ipx = b.x0, ipy = c.y;
    vf d = v_sub(b.x1, c.x);
    vm nearer = v_lt_m(d, best);
    best = v_sel(nearer, d, best);
    inx = v_sel(nearer, one, inx), ipx = v_sel(nearer, b.x1, ipx);
    d = v_sub(c.y, b.y0);
    nearer = v_lt_m(d, best);
    best = v_sel(nearer, d, best);
    inx = v_sel(nearer, zero, inx), iny = v_sel(nearer, minus_one, iny);
    ipx = v_sel(nearer, c.x, ipx), ipy = v_sel(nearer, b.y0, ipy);
    d = v_sub(b.y1, c.y);
    nearer = v_lt_m(d, best);
    best = v_sel(nearer, d, best);
    inx = v_sel(nearer, zero, inx), iny = v_sel(nearer, one, iny);
    ipx = v_sel(nearer, c.x, ipx), ipy = v_sel(nearer, b.y1, ipy);

    vm inside = v_eq_m(len.m, zero);
    r.nx = canonical(v_sel(inside, inx, nx));
    r.ny = canonical(v_sel(inside, iny, ny));
    r.sep = canonical(v_sel(inside, v_sub(zero, v_add(best, c.r)), sep));
    r.px = canonical(v_sel(inside, ipx, q.px));
    r.py = canonical(v_sel(inside, ipy, q.py));
    r.feature = v_sel(inside, v_set1(2.0f), feature);
    return r;
}

CB_INLINE uint32_t select_CONTACTS_BOX_CIRCLE(vshape_BOX b, vshape_CIRCLE c, vf margin, int strict)
{
    return select_CONTACTS_CIRCLE_BOX(c, b, margin, strict);
}

CB_INLINE vrecords records_CONTACTS_BOX_CIRCLE(vshape_BOX b, vshape_CIRCLE c)
{
    return records_CONTACTS_CIRCLE_BOX(c, b);
}

/* ---- circle vs circle: delta from the element circle's centre to the
 * query circle's; coincident centres get the normal (1, 0) */

CB_INLINE vf query_DISTANCE_CIRCLE_CIRCLE(vshape_CIRCLE c, vshape_CIRCLE o, int strict)
{
    (void)strict;
    vf dx = v_sub(c.x, o.x), dy = v_sub(c.y, o.y);
    vlength len = length_of(dx, dy, 0);
    vf s = v_add(c.r, o.r);
    vf zero = v_set1(0.0f);
    return canonical(v_sel(v_eq_m(len.m, zero), v_sub(zero, s), v_sub(len.dist, s)));
}

CB_INLINE uint32_t select_CONTACTS_CIRCLE_CIRCLE(vshape_CIRCLE c, vshape_CIRCLE o, vf margin,
                                                 int strict)
{
    return within(v_sub(c.x, o.x), v_sub(c.y, o.y), v_add(v_add(c.r, o.r), margin), strict);
}

CB_INLINE vrecords records_CONTACTS_CIRCLE_CIRCLE(vshape_CIRCLE c, vshape_CIRCLE o)
{
    vrecords r;
    vf dx = v_sub(c.x, o.x), dy = v_sub(c.y, o.y);
    vf s = v_add(c.r, o.r);
    vf zero = v_set1(0.0f);
    vlength len = length_of(dx, dy, 1);
    vm coincident = v_eq_m(len.m, zero);
    vf nx = v_sel(coincident, v_set1(1.0f), len.nx);
    vf ny = v_sel(coincident, zero, len.ny);
    r.nx = canonical(nx);
    r.ny = canonical(ny);
    r.sep = canonical(v_sel(coincident, v_sub(zero, s), v_sub(len.dist, s)));
    r.px = canonical(v_add(o.x, v_mul(nx, o.r)));
    r.py = canonical(v_add(o.y, v_mul(ny, o.r)));
    r.feature = v_sel(coincident, v_set1(2.0f), zero);
    return r;
}

CB_GENERIC_BLOCK(DISTANCE, CIRCLE, BOX, SOA)
CB_GENERIC_BLOCK(DISTANCE, CIRCLE, BOX, AOS)
CB_GENERIC_BLOCK(DISTANCE, BOX, CIRCLE, SOA)
CB_GENERIC_BLOCK(DISTANCE, BOX, CIRCLE, AOS)
CB_GENERIC_BLOCK(DISTANCE, CIRCLE, CIRCLE, SOA)
CB_GENERIC_BLOCK(DISTANCE, CIRCLE, CIRCLE, AOS)
CB_RECORD_BLOCKS(CONTACTS, CIRCLE, BOX, SOA)
#ifdef CB_FUSED_CIRCLE_BOX_AOS
/* The overlap query's fused (x, y)-pair d2 (queries/overlap.h): the same
 * operations on the same operands as within()'s d2, so the same bits. */
CB_INLINE uint32_t select_CONTACTS_CIRCLE_BOX_AOS(const void *ctx, const void *els, size_t i,
                                                  size_t k, int strict)
{
    const ctx_CIRCLE *c = (const ctx_CIRCLE *)ctx;
    vf d2 = fused_d2_CIRCLE_BOX_AOS(&c->shape, els, i, k);
    return within_d2(d2, v_add(c->shape.r, c->margin), strict);
}
CB_GATHER_BLOCK(CONTACTS, CIRCLE, BOX, AOS)
#else
CB_RECORD_BLOCKS(CONTACTS, CIRCLE, BOX, AOS)
#endif
CB_RECORD_BLOCKS(CONTACTS, BOX, CIRCLE, SOA)
#ifdef CB_FUSED_BOX_CIRCLE_AOS
CB_INLINE uint32_t select_CONTACTS_BOX_CIRCLE_AOS(const void *ctx, const void *els, size_t i,
                                                  size_t k, int strict)
{
    const ctx_BOX *b = (const ctx_BOX *)ctx;
    vf r;
    vf d2 = fused_d2_BOX_CIRCLE_AOS(&b->shape, els, i, k, &r);
    return within_d2(d2, v_add(r, b->margin), strict);
}
CB_GATHER_BLOCK(CONTACTS, BOX, CIRCLE, AOS)
#else
CB_RECORD_BLOCKS(CONTACTS, BOX, CIRCLE, AOS)
#endif
CB_RECORD_BLOCKS(CONTACTS, CIRCLE, CIRCLE, SOA)
CB_RECORD_BLOCKS(CONTACTS, CIRCLE, CIRCLE, AOS)
