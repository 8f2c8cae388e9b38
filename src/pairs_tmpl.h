/* pairs_tmpl.h - the many-against-many engine for one query, set shape and element shape: a range of circles against a grid, each circle's pairs found in the grid's runs or by a scan of the elements in index order, then counted, set in a matrix row, or listed in order with their records. */
/* Part of kernel_template.h: pairs_engines.h includes it once per combination with
 *   PQ      the query: OVERLAP, CONTACTS or SWEEP, read by its mode
 *           (CB_PAIRS_MODE_<PQ>, kernel_pairs.h)
 *   PONE    the set's shape: CIRCLE, ICIRCLE or SWEEP
 *   PMANY   the element shape: BOX, CIRCLE, OBOX, IBOX or ICIRCLE
 * and undefines them at its end. Its functions are named <name>_<PQ>_<PMANY>
 * (PN); the one the kernels call is grid_drive_<PQ>_<PMANY>_<isa>. */

#define PN(name) CB_PASTE(name, CB_PASTE(_, CB_PASTE(PQ, CB_PASTE(_, PMANY))))
#define PN_ISA(name) CB_FN(PN(name)) /* the functions a profile names: with the ISA's */
#define P_BODY(name) CB_PASTE(name, CB_PASTE(_, CB_PASTE(PONE, CB_PASTE(_, PMANY))))
#define P_ONE CB_PASTE(vshape_, PONE)
#define P_MANY CB_PASTE(vshape_, PMANY)
#define P_LOAD CB_PASTE(load_, CB_PASTE(PMANY, _SOA))
#define P_GATHER CB_PASTE(gather_, CB_PASTE(PMANY, _SOA))
#define P_LOAD_ONE CB_PASTE(load_, CB_PASTE(PONE, _SOA))
#define P_SPANS CB_PASTE(spans_, PONE)
#define P_MEMBER CB_PASTE(member_, PONE)
#define P_STORE_RECORDS CB_PASTE(store_pair_records_, CB_PASTE(CB_KIND_, PONE))
#define P_MODE CB_PASTE(CB_PAIRS_MODE_, PQ)
#if !(P_MODE == CB_PAIRS_VERDICTS || P_MODE == CB_PAIRS_RECORDS || P_MODE == CB_PAIRS_TIMES)
#error "the query file of PQ names no CB_PAIRS_MODE_<PQ> (kernel_pairs.h lists the modes)"
#endif
#define P_TIMES (P_MODE == CB_PAIRS_TIMES)
#define P_QUERY P_BODY(CB_PASTE(query_, PQ))
#define P_SELECT P_BODY(CB_PASTE(select_, PQ))
#define P_RECORDS P_BODY(CB_PASTE(records_, PQ))

/* The selection bits of CB_W slots for the circle one, by the query's
 * mode: its verdicts; its selection within the margin; or its times,
 * which go to tl, the lanes no later than the sink's best selected (its
 * sink keeps the least). */
CB_INLINE uint32_t PN(select)(const P_ONE *one, P_MANY v, vf margin, int strict, float best,
                              float *tl)
{
#if P_MODE == CB_PAIRS_TIMES
    (void)margin;
    vf t = P_QUERY(*one, v, strict);
    v_storeu(tl, t);
    return v_le_bits(t, v_set1(best));
#elif P_MODE == CB_PAIRS_RECORDS
    (void)best, (void)tl;
    return P_SELECT(*one, v, margin, strict);
#else
    (void)margin, (void)best, (void)tl;
    return P_QUERY(*one, v, strict);
#endif
}

/* Slots p .. p+CB_W-1 of a run for the circle one, into the sink: the
 * lanes `lanes` of them. In a row after the circle's first, only the
 * slots of key 0 count: an element filed in two rows is taken in the
 * first one read. Slots of elements below jmin (the sink's) are masked
 * off too. */
CB_INLINE void PN(run_vec)(int job, const P_ONE *one, vf margin, const grid_arrays *ga, size_t p,
                           uint32_t lanes, int later_row, uint32_t jmin, int strict,
                           grid_sink *s)
{
    float tl[CB_W];
    P_MANY v = P_LOAD(&ga->view, p, CB_W);
    uint32_t bits = PN(select)(one, v, margin, strict, s->t, tl) & lanes;
    if (later_row)
        bits &= v_le_bits(v_loadu(ga->key + p), v_set1(0.0f));
    if (jmin)
        bits &= v_le_u_bits(v_set1_i((int32_t)jmin),
                            v_loadu_i((const int32_t *)(const void *)(ga->idx + p)));
    if (bits)
        sink_take(job, s, bits, ga->idx + p, P_TIMES ? tl : NULL);
}

/* The slots [p0, p1) of a run, whole vectors then the last one's lanes
 * (jmin: the sink's, a constant 0 in the common copy). A vector load past
 * p1 reads the next cells' slots or the grid's padding (masked off). */
CB_INLINE void PN(run_from)(int job, const P_ONE *one, vf margin, const grid_arrays *ga,
                            size_t p0, size_t p1, int later_row, const uint32_t jmin, int strict,
                            grid_sink *s)
{
    size_t p = p0;
    for (; p1 - p > CB_W; p += CB_W)
        PN(run_vec)(job, one, margin, ga, p, CB_LANES(CB_W), later_row, jmin, strict, s);
    PN(run_vec)(job, one, margin, ga, p, CB_LANES(p1 - p), later_row, jmin, strict, s);
}

CB_INLINE void PN(run)(int job, const P_ONE *one, vf margin, const grid_arrays *ga, size_t p0,
                       size_t p1, int later_row, int strict, grid_sink *s)
{
    if (p0 >= p1)
        return;
    if (s->jmin || !CB_SPECIALIZE)
        PN(run_from)(job, one, margin, ga, p0, p1, later_row, s->jmin, strict, s);
    else /* the common copy: no element masked off */
        PN(run_from)(job, one, margin, ga, p0, p1, later_row, 0, strict, s);
}

/* Every run of circle u of the block: the first level's first two rows
 * from the block's runs, its further rows, then every other level that
 * holds slots (lv: the grid's levels, from its first with slots). */
CB_INLINE void PN(runs)(int job, const cb_grid *g, const grid_levels *lv, const grid_arrays *ga,
                        const P_ONE *one, vf margin, const grid_spans *sp, size_t u, int strict,
                        grid_sink *s)
{
    PN(run)(job, one, margin, ga, sp->run[0][u], sp->run[1][u], 0, strict, s);
    PN(run)(job, one, margin, ga, sp->run[2][u], sp->run[3][u], 1, strict, s);
    if (!sp->rest[u] && !lv->past) /* most circles: done */
        return;
    for (unsigned q = 0; q < lv->n; q++) {
        grid_rows rw;
        if (q && lv->flat) { /* read whole: by the block (PN(flat)), but a sweep's */
            if (P_TIMES)
                PN(run)(job, one, margin, ga, lv->first[q],
                        lv->first[q] + g->level[lv->at[q]].slots, 1, strict, s);
            continue;
        }
        if (!grid_rows_of(g, lv->at[q], sp, u, q == 0, &rw))
            continue;
        for (uint32_t r = rw.r0; r <= rw.r1; r++) {
            const uint32_t *row = ga->start + rw.cell0 + (size_t)r * rw.cols;
            PN(run)(job, one, margin, ga, row[rw.c0], row[rw.c1 + 1], r > rw.first, strict, s);
        }
    }
}

/* The hits of elements j .. j+len-1 (len <= 64) as a word, tl their times
 * (CB_PAIRS_TIMES); len is the constant 64 but at the end, so a whole word's loop
 * unrolls. */
CB_INLINE uint64_t PN(scan_word)(const P_ONE *one, vf margin, const void *els, size_t j,
                                 size_t len, int strict, float best, float *tl)
{
    uint64_t w = 0;
    for (size_t u = 0; u < len; u += CB_W) {
        size_t k = len - u < CB_W ? len - u : CB_W;
        P_MANY v = P_LOAD(els, j + u, k);
        uint32_t bits = PN(select)(one, v, margin, strict, best, tl + u) & CB_LANES(k);
        w |= (uint64_t)bits << u;
    }
    return w;
}

/* Elements [s->jmin, m) in index order (the scan): the query body on
 * consecutive elements, 64 of them to a word of hits, in ascending j, so a
 * list needs no sort and stops at its room with the next pair found. */
CB_INLINE void PN(scan)(int job, const P_ONE *one, vf margin, const void *els, size_t m,
                        int strict, grid_sink *s)
{
    float tl[64]; /* CB_PAIRS_TIMES: the word's times */
    scan_list pend; /* a list's hits, packed, before they are written as pairs */
    pend.c = 0;
    s->sorted = 1;
    for (size_t j = s->jmin; j < m && !s->stop; j += 64) {
        uint64_t w = CB_SPECIALIZE && m - j >= 64
                         ? PN(scan_word)(one, margin, els, j, 64, strict, s->t, tl)
                         : PN(scan_word)(one, margin, els, j, m - j < 64 ? m - j : 64, strict,
                                         s->t, tl);
        if (w)
            sink_word(job, s, w, (uint32_t)j, P_TIMES ? tl : NULL, &pend);
    }
    scan_flush(s, &pend);
}

/* The flat slots (grid_levels) against the block's live circles, the
 * other way round: a slot in every lane, CB_W circles at a time, the
 * same body on the same pair's operands, so the same bits. hit[u]: bit f
 * when circle base + u hits flat slot f (a live circle's); returns the
 * live circles with a hit. (Not for a sweep: its sink needs each hit's
 * time.) */
CB_INLINE uint64_t PN(flat)(const grid_levels *lv, const grid_arrays *ga, const void *set,
                            size_t base, size_t nb, uint64_t live, vf margin, int strict,
                            uint64_t hit[64])
{
    uint64_t any = 0;
    memset(hit, 0, 64 * sizeof *hit);
    for (size_t f = 0; f < lv->nflat; f++) {
        uint32_t pos[CB_W];
        for (size_t q = 0; q < CB_W; q++)
            pos[q] = lv->flatpos[f];
        P_MANY e = P_GATHER(&ga->view, pos, CB_W);
        uint64_t w = 0;
        for (size_t u = 0; u < nb; u += CB_W) {
            size_t k = nb - u < CB_W ? nb - u : CB_W;
            P_ONE c = P_LOAD_ONE(set, base + u, k);
            w |= (uint64_t)(PN(select)(&c, e, margin, strict, 1.0f, NULL) & CB_LANES(k)) << u;
        }
        any |= w &= live;
        for (; w; w &= w - 1)
            hit[cb_ctz64(w)] |= (uint64_t)1 << f;
    }
    return any;
}

/* The records of the list buf[0 .. k) (one circle's, sorted) from output
 * record `at`: each element gathered by index, CB_W at a time, through the
 * one-circle query's records body. */
#if P_MODE == CB_PAIRS_RECORDS
CB_INLINE void PN(records)(const P_ONE *one, const void *els, const cb_pair *buf, size_t k,
                           const grid_out *o, size_t at)
{
    for (size_t c = 0; c < k; c += CB_W) {
        size_t w = k - c < CB_W ? k - c : CB_W;
        uint32_t j[CB_W];
        for (size_t q = 0; q < w; q++)
            j[q] = buf[c + q].j;
        P_MANY v = P_GATHER(els, j, w);
        P_STORE_RECORDS(o, at + c, P_RECORDS(*one, v), w, o->capacity - at - c);
    }
}
#endif

/* One circle's pairs (circle i, bit u of the block), into the sink s
 * (begun): found in the grid's runs, or, when may_scan and its candidates
 * are a large share of the elements it may pair with, by the scan of
 * those elements (no cell, no sort). */
CB_INLINE void PN(find)(const int job, const int may_scan, const grid_call *c,
                        const grid_spans *sp, const uint64_t *flat_hit, uint64_t flat_any,
                        const P_ONE *one, size_t u, grid_sink *s)
{
    if (may_scan && c->els &&
        grid_scan_pays(grid_candidates(c->g, &c->lv, &c->ga, sp, u), c->m - s->jmin)) {
        PN(scan)(job, one, c->margin, c->els, c->m, c->strict, s);
        return;
    }
    PN(runs)(job, c->g, &c->lv, &c->ga, one, c->margin, sp, u, c->strict, s);
    for (uint64_t h = flat_any >> u & 1 ? flat_hit[u] : 0; h; h &= h - 1) {
        const uint32_t *j = c->ga.idx + c->lv.flatpos[cb_ctz64(h)];
        if (*j >= s->jmin)
            sink_take(job, s, 1u, j, NULL);
    }
}

/*
 * The live circles of a block (bit u: circle base + u), each through the
 * sink of the job, *done counting what is written or counted. Returns GD_ON
 * when the block is done; GD_RETURN when the call is (the cursor set);
 * GD_FULL when a list is full before circle *at (the cursor names it and
 * the circles from there are probed for the next pair due). may_scan:
 * whether a circle of the block may scan (the test per circle costs the
 * blocks of a sparse scene, where none does, a tenth of their time).
 */
CB_INLINE int PN(block)(const int job, const int listing, const int may_scan, const grid_call *c,
                        const grid_spans *sp, const uint64_t *flat_hit, uint64_t flat_any,
                        size_t base, uint64_t live, size_t *done)
{
    const int firsts = job == JOB_FIRST || job == JOB_FIRST_COUNT;
    const grid_out *o = c->o;
    const size_t from = c->from, jfrom = c->jfrom; /* locals: the sink's stores cannot move them */
    for (; live; live &= live - 1) {
        const size_t u = cb_ctz64(live), i = base + u, j0 = i == from ? jfrom : 0;
        if (listing && job != JOB_PROBE && job != JOB_FIRST_COUNT && *done == o->capacity) {
            c->cur->circle = i, c->cur->element = j0;
            return GD_FULL;
        }
        grid_sink s;
        sink_begin(&s, job, (uint32_t)i, firsts ? 0 : c->self && j0 <= i ? i + 1 : j0, o, *done,
                   c->words);
        P_ONE one;
        if (!P_MEMBER(c->set, i, &one) || s.jmin >= c->m)
            continue;
        PN(find)(job, may_scan, c, sp, flat_hit, flat_any, &one, u, &s);
        if (job == JOB_PROBE || job == JOB_FIRST_COUNT) {
            if (listing && s.j != CB_NO_J) { /* the next pair due, past a full output */
                c->cur->circle = i, c->cur->element = job == JOB_PROBE ? s.j : 0;
                return GD_RETURN;
            }
            *done += !listing && s.j != CB_NO_J;
            continue;
        }
        if (job == JOB_COUNT || job == JOB_MATRIX) {
            *done += s.k;
            continue;
        }
        if (job == JOB_FIRST) { /* the first hit, if any: one record */
            if (s.j == CB_NO_J)
                continue;
            s.buf[0].i = (uint32_t)i, s.buf[0].j = s.j;
#if P_MODE == CB_PAIRS_TIMES
            P_MANY v = P_GATHER(c->els, &s.j, 1);
            store_pair_first_hit(o, *done, P_RECORDS(one, v, c->strict));
#endif
            ++*done;
            continue;
        }
        size_t got = s.heap ? s.room : s.k;
        if (s.heap)
            cb_heapsort_by_j(s.buf, got);
        else if (!s.sorted)
            pair_sort(s.buf, got);
#if P_MODE == CB_PAIRS_RECORDS
        PN(records)(&one, c->els, s.buf, got, o, *done);
#endif
        *done += got;
        if (s.next != CB_NO_J) { /* more pairs than room: the rest of this circle next time */
            c->cur->circle = i, c->cur->element = s.next;
            return GD_RETURN;
        }
    }
    return GD_ON;
}

/*
 * The circles [cur->circle, end) of the set against the grid g, with one
 * sink (job; listing: a list's, whose cursor names the next pair due);
 * els: the elements by index (the caller's arrays, or a prepared grid's
 * copy), which the scans and the records read. Returns the count (COUNT,
 * FIRST_COUNT), the bits set (MATRIX) or the records written (PAIRS,
 * CONTACTS, FIRST), plus done, and moves the cursor (not for the counts).
 * *full: set when a list is full before the cursor's circle (the circles
 * from there are still to be probed for the next pair due).
 *
 * Per block of 64 circles: their intervals, which of them meet the grid's
 * bounds (the others can hit nothing), and on the first level with
 * slots their cells and the runs of their first two rows (vectors, then
 * independent loads). Per circle: the slots of its runs are its
 * candidates (PN(find)). A list's hits go straight into the output, then
 * are sorted by element (pair_sort); when more arrive than fit, the output
 * keeps the least (a heap) and the next one is the cursor's.
 *
 * When the output is full, the circles after are probed, without writing,
 * for the next pair due: the cursor names it (or the range is done), as
 * cbatch.h promises, and the probe's circles are not read again.
 */
CB_INLINE size_t PN(drive)(const int job, const int listing, int strict, const cb_grid *g,
                           const void *set, const void *els, cb_pair_cursor *cur, size_t end,
                           int self, float margin, const grid_out *o, size_t done, int *full)
{
    const int firsts = job == JOB_FIRST || job == JOB_FIRST_COUNT;
    grid_call c;
    c.g = g, c.ga = arrays_of(g), c.set = set, c.els = els, c.o = o, c.cur = cur;
    c.m = (size_t)g->m, c.words = c.m / 64 + (c.m % 64 != 0);
    c.from = cur->circle, c.jfrom = cur->element, c.self = self, c.strict = strict;
    c.margin = v_set1(margin);
    grid_levels_of(g, &c.ga, &c.lv);
    c.lv.past = c.lv.n > 1 && (P_TIMES || !c.lv.flat); /* flat levels: PN(flat)'s */
    grid_spans sp;
    for (size_t base = c.from; base < end; base += 64) {
        size_t nb = end - base < 64 ? end - base : 64;
        if (job == JOB_MATRIX) /* every row of the range, hits or not */
            memset(o->matrix + base * c.words, 0, nb * c.words * sizeof *o->matrix);
        uint64_t live = grid_block(g, &c.lv, &c.ga, set, base, nb, margin, &sp, P_SPANS);
        uint64_t flat_hit[64], flat_any = 0; /* by circle: the flat slots it hits */
        if (!P_TIMES && live && c.lv.nflat)
            flat_any = PN(flat)(&c.lv, &c.ga, set, base, nb, live, c.margin, strict, flat_hit);
        /* a circle pairs with the elements from its jmin on: a scan may pay
         * in the block only if it pays from the block's last jmin with its
         * largest runs and the flat levels whole */
        size_t jmax = self ? base + nb : base == c.from && !firsts ? c.jfrom : 0;
        int may_scan = sp.more || (c.lv.n > 1 && !c.lv.flat) ||
                       (jmax < c.m && grid_scan_pays(sp.most + c.lv.upper, c.m - jmax));
        int step =
            !CB_SPECIALIZE ? PN(block)(job, listing, may_scan, &c, &sp, flat_hit, flat_any,
                                          base, live, &done)
            : may_scan ? PN(block)(job, listing, 1, &c, &sp, flat_hit, flat_any, base, live, &done)
                       : PN(block)(job, listing, 0, &c, &sp, flat_hit, flat_any, base, live, &done);
        *full = step == GD_FULL;
        if (step != GD_ON)
            return done;
    }
    if (job != JOB_COUNT && (job != JOB_FIRST_COUNT || listing))
        cur->circle = end, cur->element = 0;
    return done;
}

/* The engine for any sink (job), and for the probe past a full list
 * (listing: the cursor is to name the next pair due). */
CB_OUT_OF_LINE size_t PN_ISA(grid_any)(int job, int listing, int strict, const cb_grid *g,
                                      const void *set, const void *els, cb_pair_cursor *cur,
                                      size_t end, int self, float margin, const grid_out *o,
                                      size_t done, int *full)
{
    return PN(drive)(job, listing, strict, g, set, els, cur, end, self, margin, o, done, full);
}

/* The list this query writes (the most common call, and the one whose
 * per-hit cost counts), in a copy where the sink is a constant: no
 * per-circle or per-hit step asks which it is. */
#define P_LIST (P_TIMES ? JOB_FIRST : P_MODE == CB_PAIRS_RECORDS ? JOB_CONTACTS : JOB_PAIRS)
#if CB_SPECIALIZE
CB_OUT_OF_LINE size_t PN_ISA(grid_list)(int strict, const cb_grid *g, const void *set,
                                       const void *els, cb_pair_cursor *cur, size_t end, int self,
                                       float margin, const grid_out *o, int *full)
{
    return PN(drive)(P_LIST, 1, strict, g, set, els, cur, end, self, margin, o, 0, full);
}
#endif

/* The engine the kernels call: the query's list from grid_list, the other
 * sinks from grid_any; a list full before the end probed after, so the
 * probe's frame never sits on the list's (the stack cbatch.h states). */
CB_OUT_OF_LINE size_t PN_ISA(grid_drive)(int job, int strict, const cb_grid *g, const void *set,
                                         const void *els, cb_pair_cursor *cur, size_t end,
                                         int self, float margin, const grid_out *o)
{
    const int listing = job == JOB_PAIRS || job == JOB_CONTACTS || job == JOB_FIRST;
    int full = 0;
#if CB_SPECIALIZE
    size_t done = job == P_LIST
                      ? PN_ISA(grid_list)(strict, g, set, els, cur, end, self, margin, o, &full)
                      : PN_ISA(grid_any)(job, listing, strict, g, set, els, cur, end, self, margin,
                                         o, 0, &full);
#else
    size_t done = PN_ISA(grid_any)(job, listing, strict, g, set, els, cur, end, self, margin, o, 0,
                                   &full);
#endif
    if (full)
        done = PN_ISA(grid_any)(job == JOB_FIRST ? JOB_FIRST_COUNT : JOB_PROBE, 1, strict, g, set,
                                els, cur, end, self, margin, o, done, &full);
    return done;
}
#undef P_LIST

#undef PN
#undef PN_ISA
#undef P_BODY
#undef P_ONE
#undef P_MANY
#undef P_LOAD
#undef P_GATHER
#undef P_LOAD_ONE
#undef P_SPANS
#undef P_MEMBER
#undef P_STORE_RECORDS
#undef PQ
#undef P_MODE
#undef P_TIMES
#undef P_QUERY
#undef P_SELECT
#undef P_RECORDS
#undef PONE
#undef PMANY
