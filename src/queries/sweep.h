/* sweep.h - the time of first contact of a moving circle, against boxes and circles: the SWEPT CIRCLES contract of cbatch.h over vectors, once for every backend (listed in registry.h). */

/* What the sweep blocks give their sink: times. */
typedef vf result_SWEEP_F;
/* How the all-pairs engine reads it (kernel_pairs.h): times, and the first
 * hit's record. */
#define CB_PAIRS_MODE_SWEEP CB_PAIRS_TIMES

/* Conditions are combined by nested selects (no mask logic is needed from
 * the ISA); every lane's value depends on its own inputs only. */

/* The path scaled (step 5 of the contract): the displacement and the reach
 * times s, A = |d s|^2 and its reciprocal. For a box every part is the
 * sweep's own, the same in every lane (so the divisions are the call's, not
 * the element's, once the compiler hoists them). */
typedef struct {
    vf s, ux, uy, rs, A, iA;
} vpath;

CB_INLINE vpath sweep_path(vf dx, vf dy, vf R)
{
    vpath p;
    p.s = v_div(v_set1(1.0f), v_max(v_max(v_abs(dx), v_abs(dy)), R));
    p.ux = v_mul(dx, p.s), p.uy = v_mul(dy, p.s), p.rs = v_mul(R, p.s);
    p.A = v_add(v_mul(p.ux, p.ux), v_mul(p.uy, p.uy));
    p.iA = v_div(v_set1(1.0f), p.A);
    return p;
}

/* Step 5: the first time in [0, 1] the path (mx, my) + t (ux, uy), all
 * scaled, comes within rs of the origin, or CB_SWEEP_MISS. D is A rs^2 less
 * the squared distance of the line from the point (C^2), so no large terms
 * cancel. */
CB_INLINE vf sweep_point(vf mx, vf my, const vpath *p)
{
    vf B = v_add(v_mul(mx, p->ux), v_mul(my, p->uy));
    vf C = v_sub(v_mul(mx, p->uy), v_mul(my, p->ux));
    vf D = v_sub(v_mul(p->A, v_mul(p->rs, p->rs)), v_mul(C, C));
    vf zero = v_set1(0.0f), one = v_set1(1.0f), miss = v_set1(CB_SWEEP_MISS);
    vf q = v_sqrt(v_max(D, zero)); /* D < 0 or NaN: a miss below, whatever q is */
    vf nb = v_sub(zero, B);
    vf t0 = v_mul(v_sub(nb, q), p->iA), t1 = v_mul(v_add(nb, q), p->iA);
    /* MAX(t0, 0): a product that underflows to -0 is written as +0 */
    vf t = v_sel(v_le_m(zero, t0), v_sel(v_le_m(t0, one), v_max(t0, zero), miss),
                 v_sel(v_le_m(zero, t1), zero, miss));
    return v_sel(v_le_m(zero, D), t, miss);
}

/* Step 3 on one axis: the times [*e, *f] the path spends in [lo, hi]
 * (i = 1 / d); when i is infinite (d is 0, or so small that its reciprocal
 * overflows, where (lo - c) * i could be 0 * inf), all time (c inside) or
 * none (*e = +inf). Whether i is infinite is the sweep's, the same in every
 * lane and every vector of a box call: a branch the CPU predicts keeps its
 * selects off the common path. */
CB_INLINE void sweep_slab(vf c, vf i, vf lo, vf hi, vf *e, vf *f)
{
    vf a = v_mul(v_sub(lo, c), i), b = v_mul(v_sub(hi, c), i);
    *e = v_min(a, b), *f = v_max(a, b);
    vm still = v_eq_m(v_abs(i), v_set1(INFINITY));
    if (v_mbits(still)) {
        vf inf = v_set1(INFINITY), ninf = v_set1(-INFINITY);
        vf inside = v_sel(v_le_m(lo, c), v_sel(v_le_m(c, hi), ninf, inf), inf);
        *e = v_sel(still, inside, *e);
        *f = v_sel(still, inf, *f);
    }
}

/* Steps 1, 2 and the NaN rule around a lane's time t: 0 where the start
 * overlaps, a miss where the sweep does not move or holds a NaN. The two
 * conditions on the sweep alone become a floor for t (CB_SWEEP_MISS, or
 * -inf: no floor), which MAX applies (t <= CB_SWEEP_MISS, so MAX(t, floor)
 * is t or the miss): one operation per vector once the floors are hoisted. */
CB_INLINE vf sweep_finish(vshape_SWEEP w, vm start, vf t)
{
    vf zero = v_set1(0.0f), miss = v_set1(CB_SWEEP_MISS), none = v_set1(-INFINITY);
    vf still = v_sel(v_eq_m(w.dx, zero), v_sel(v_eq_m(w.dy, zero), miss, none), none);
    vf nan = v_sel(v_eq_m(w.x, w.x),
                   v_sel(v_eq_m(w.y, w.y),
                         v_sel(v_eq_m(w.r, w.r),
                               v_sel(v_eq_m(w.dx, w.dx), v_sel(v_eq_m(w.dy, w.dy), none, miss),
                                     miss),
                               miss),
                         miss),
                   miss);
    return v_max(v_sel(start, zero, v_max(t, still)), nan);
}

CB_INLINE vf query_SWEEP_SWEEP_BOX(vshape_SWEEP w, vshape_BOX b, int strict)
{
    vf zero = v_set1(0.0f), one = v_set1(1.0f), miss = v_set1(CB_SWEEP_MISS);
    /* 1. the overlap contract at the start */
    vf px = v_min(v_max(w.x, b.x0), b.x1), py = v_min(v_max(w.y, b.y0), b.y1);
    vf gx = v_sub(w.x, px), gy = v_sub(w.y, py);
    vf d2 = v_add(v_mul(gx, gx), v_mul(gy, gy)), r2 = v_mul(w.r, w.r);
    vm start = strict ? v_lt_m(d2, r2) : v_le_m(d2, r2);
    /* 3. the box grown by R: the times on each axis */
    vf R = v_abs(w.r), u0 = v_min(b.x0, b.x1), v0 = v_min(b.y0, b.y1);
    vf ix = v_div(one, w.dx), iy = v_div(one, w.dy), ex, fx, ey, fy;
    sweep_slab(w.x, ix, v_sub(u0, R), v_add(b.x1, R), &ex, &fx);
    sweep_slab(w.y, iy, v_sub(v0, R), v_add(b.y1, R), &ey, &fy);
    vf e = v_max(v_max(ex, ey), zero), f = v_min(v_min(fx, fy), one);
    /* 4. a face, unless the entry point is past the box on both axes */
    vf qx = v_add(w.x, v_mul(e, w.dx)), qy = v_add(w.y, v_mul(e, w.dy));
    vm low_x = v_lt_m(qx, u0), low_y = v_lt_m(qy, v0);
    vf out_x = v_sel(low_x, one, v_sel(v_lt_m(b.x1, qx), one, zero));
    vf out_y = v_sel(low_y, one, v_sel(v_lt_m(b.y1, qy), one, zero));
    vm corner = v_lt_m(zero, v_mul(out_x, out_y));
    vm enters = v_le_m(e, f);
    vf t = e;
    /* 5. or the corner on that side: only lanes that enter at a corner
     * need it (the branch skips work no lane needs) */
    if (v_mbits(corner) & v_mbits(enters)) {
        vf kx = v_sel(low_x, u0, b.x1), ky = v_sel(low_y, v0, b.y1);
        vpath p = sweep_path(w.dx, w.dy, R);
        vf tc = sweep_point(v_mul(v_sub(w.x, kx), p.s), v_mul(v_sub(w.y, ky), p.s), &p);
        t = v_sel(corner, tc, e);
    }
    /* a NaN in max_x or max_y: a miss (as the overlap contract never hits) */
    t = v_sel(v_eq_m(b.x1, b.x1), v_sel(v_eq_m(b.y1, b.y1), t, miss), miss);
    return sweep_finish(w, start, v_sel(enters, t, miss));
}

CB_INLINE vf query_SWEEP_SWEEP_CIRCLE(vshape_SWEEP w, vshape_CIRCLE o, int strict)
{
    /* 1. the circles' overlap contract at the start */
    vf gx = v_sub(w.x, o.x), gy = v_sub(w.y, o.y);
    vf d2 = v_add(v_mul(gx, gx), v_mul(gy, gy)), s = v_add(w.r, o.r), s2 = v_mul(s, s);
    vm start = strict ? v_lt_m(d2, s2) : v_le_m(d2, s2);
    /* 5. with k the element's centre and R = |r + ro| */
    vpath p = sweep_path(w.dx, w.dy, v_abs(s));
    return sweep_finish(w, start, sweep_point(v_mul(gx, p.s), v_mul(gy, p.s), &p));
}

/* An oriented box: the sweep carried into the box's frame (its centre as
 * the oriented contract carries a circle's, its displacement turned by the
 * same rotation), then the box steps against (-hx, -hy, hx, hy). Every
 * part of the path is the element's here, lane by lane. */
CB_INLINE vf query_SWEEP_SWEEP_OBOX(vshape_SWEEP w, vshape_OBOX b, int strict)
{
    vshape_CIRCLE c = {w.x, w.y, w.r};
    vframe f = into_frame(c, b);
    vshape_SWEEP l;
    l.x = f.circle.x, l.y = f.circle.y, l.r = w.r;
    l.dx = v_add(v_mul(w.dx, b.c), v_mul(w.dy, b.s));
    l.dy = v_sub(v_mul(w.dy, b.c), v_mul(w.dx, b.s));
    return query_SWEEP_SWEEP_BOX(l, f.box, strict);
}

/* The hit records (cbatch.h, "Hit records"): the elements hit are those
 * whose time is in [0, 1]; a record is the contact query's at the centre
 * at impact, with the time where the contact's separation was. */
CB_INLINE vshape_CIRCLE sweep_at(vshape_SWEEP w, vf t)
{
    vshape_CIRCLE c;
    c.x = v_add(w.x, v_mul(t, w.dx)), c.y = v_add(w.y, v_mul(t, w.dy)), c.r = w.r;
    return c;
}

#define CB_SWEEP_RECORDS(many)                                                                     \
    CB_INLINE uint32_t select_SWEEP_SWEEP_##many(vshape_SWEEP w, vshape_##many v, vf margin,       \
                                                 int strict)                                       \
    {                                                                                              \
        (void)margin;                                                                              \
        return v_le_bits(query_SWEEP_SWEEP_##many(w, v, strict), v_set1(1.0f));                    \
    }                                                                                              \
    CB_INLINE vrecords records_SWEEP_SWEEP_##many(vshape_SWEEP w, vshape_##many v, int strict)     \
    {                                                                                              \
        vf t = query_SWEEP_SWEEP_##many(w, v, strict);                                             \
        vrecords r = records_CONTACTS_CIRCLE_##many(sweep_at(w, t), v);                            \
        r.sep = t;                                                                                 \
        return r;                                                                                  \
    }
CB_SWEEP_RECORDS(BOX)
CB_SWEEP_RECORDS(CIRCLE)
CB_SWEEP_RECORDS(OBOX)

/* Many sweeps against one box (the box_circles rows): each lane the pair
 * (sweep, box) of the contract, the box in every lane; so every part of
 * the path is the lane's own. */
CB_INLINE vf query_SWEEP_BOX_SWEEP(vshape_BOX b, vshape_SWEEP w, int strict)
{
    return query_SWEEP_SWEEP_BOX(w, b, strict);
}

CB_INLINE uint32_t select_SWEEP_BOX_SWEEP(vshape_BOX b, vshape_SWEEP w, vf margin, int strict)
{
    return select_SWEEP_SWEEP_BOX(w, b, margin, strict);
}

CB_INLINE vrecords records_SWEEP_BOX_SWEEP(vshape_BOX b, vshape_SWEEP w, int strict)
{
    return records_SWEEP_SWEEP_BOX(w, b, strict);
}

/* Every block the registry's sweep rows take: times (TIMES, FIRST_HIT),
 * the selection and the records (HITS, FIRST_HIT). */
#define CB_SWEEP_BLOCKS(one, many, layout)                                                         \
    CB_GENERIC_BLOCK(SWEEP, one, many, layout)                                                     \
    CB_SELECT_BLOCK(SWEEP, one, many, layout)                                                      \
    CB_GATHER_BLOCK_STRICT(SWEEP, one, many, layout)
CB_SWEEP_BLOCKS(SWEEP, BOX, SOA)
CB_SWEEP_BLOCKS(SWEEP, BOX, AOS)
CB_SWEEP_BLOCKS(SWEEP, CIRCLE, SOA)
CB_SWEEP_BLOCKS(SWEEP, CIRCLE, AOS)
CB_SWEEP_BLOCKS(SWEEP, OBOX, SOA)
CB_SWEEP_BLOCKS(SWEEP, OBOX, AOS)
CB_SWEEP_BLOCKS(BOX, SWEEP, SOA)
CB_SWEEP_BLOCKS(BOX, SWEEP, AOS)


/* Candidate pairs of a set of sweeps and boxes or circles: times, and the
 * selection and records of the hits. */
CB_CANDIDATES_BLOCK(SWEEP, SWEEP, BOX)
CB_CANDIDATES_BLOCK(SWEEP, SWEEP, CIRCLE)
CB_CANDIDATES_RECORD_BLOCKS_STRICT(SWEEP, SWEEP, BOX)
CB_CANDIDATES_RECORD_BLOCKS_STRICT(SWEEP, SWEEP, CIRCLE)
