/* pairs_tmpl.h - the many-against-many engine for one query, set kind and element shape: a range of circles against a grid, each circle's pairs found in the grid's runs or by a scan of the elements in index order, then counted, set in a matrix row, or listed in order with their records. */
/* Part of kernel_template.h: pairs_engines.h includes it once per combination with
 *   PQ      the query: OVERLAP, CONTACTS or SWEEP (PQ_IS_SWEEP, PQ_IS_CONTACTS: 1 or 0)
 *   PONE    the set's kind: CIRCLE, ICIRCLE or SWEEP
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

/* The selection bits of CB_W entries for the circle one: the query body's
 * hits (contacts: its selection within the margin). A sweep's body gives
 * times: they go to tl, and the lanes no later than the sink's best are
 * selected (its sink keeps the least). */
CB_INLINE uint32_t PN(select)(const P_ONE *one, P_MANY v, vf margin, int strict, float best,
                              float *tl)
{
#if PQ_IS_SWEEP
    (void)margin;
    vf t = P_BODY(query_SWEEP)(*one, v, strict);
    v_storeu(tl, t);
    return v_le_bits(t, v_set1(best));
#elif PQ_IS_CONTACTS
    (void)best, (void)tl;
    return P_BODY(select_CONTACTS)(*one, v, margin, strict);
#else
    (void)margin, (void)best, (void)tl;
    return P_BODY(query_OVERLAP)(*one, v, strict);
#endif
}

/* The entries [p0, p1) of a run for the circle one, into the sink. A
 * vector load past p1 reads the next cells' entries or the grid's padding
 * (masked off). In a row after the circle's first, only the entries of key
 * 0 count: an element filed in two rows is taken in the first one read.
 * Entries of elements below the sink's jmin are masked off too. */
CB_INLINE void PN(run)(int kind, const P_ONE *one, vf margin, const grid_arrays *ga, size_t p0,
                       size_t p1, int later_row, int strict, grid_sink *s)
{
    float tl[CB_W];
    for (size_t p = p0; p < p1; p += CB_W) {
        P_MANY v = P_LOAD(&ga->view, p, CB_W);
        uint32_t bits = PN(select)(one, v, margin, strict, s->t, tl);
        if (p1 - p < CB_W)
            bits &= CB_LANES(p1 - p);
        if (bits && later_row)
            bits &= v_le_bits(v_loadu(ga->key + p), v_set1(0.0f));
        if (bits && s->jmin)
            bits &= v_le_u_bits(v_set1_i((int32_t)s->jmin),
                                v_loadu_i((const int32_t *)(const void *)(ga->idx + p)));
        if (bits)
            sink_take(kind, s, bits, ga->idx + p, PQ_IS_SWEEP ? tl : NULL);
    }
}

/* Every run of circle u of the block: the first level's first two rows
 * from the block's runs, its further rows, then every other level that
 * holds entries (lv: the grid's levels, from its first with entries). */
CB_INLINE void PN(runs)(int kind, const cb_grid *g, const grid_levels *lv, const grid_arrays *ga,
                        const P_ONE *one, vf margin, const grid_spans *sp, size_t u, int strict,
                        grid_sink *s)
{
    if (sp->run[0][u] < sp->run[1][u])
        PN(run)(kind, one, margin, ga, sp->run[0][u], sp->run[1][u], 0, strict, s);
    if (sp->run[2][u] < sp->run[3][u])
        PN(run)(kind, one, margin, ga, sp->run[2][u], sp->run[3][u], 1, strict, s);
    if (lv->n == 1 && !sp->rest[u]) /* most circles: done */
        return;
    for (unsigned q = 0; q < lv->n; q++) {
        grid_rows rw;
        if (q && lv->flat) { /* read whole: by the block (PN(flat)), but a sweep's */
            if (PQ_IS_SWEEP)
                PN(run)(kind, one, margin, ga, lv->first[q],
                        lv->first[q] + g->level[lv->at[q]].entries, 1, strict, s);
            continue;
        }
        if (!grid_rows_of(g, lv->at[q], sp, u, q == 0, &rw))
            continue;
        for (uint32_t r = rw.r0; r <= rw.r1; r++) {
            const uint32_t *row = ga->start + rw.cell0 + (size_t)r * rw.cols;
            PN(run)(kind, one, margin, ga, row[rw.c0], row[rw.c1 + 1], r > rw.first, strict, s);
        }
    }
}

/* The hits of elements j .. j+len-1 (len <= 64) as a word, tl their times
 * (SWEEP); len is the constant 64 but at the end, so a whole word's loop
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
CB_INLINE void PN(scan)(int kind, const P_ONE *one, vf margin, const void *els, size_t m,
                        int strict, grid_sink *s)
{
    float tl[64]; /* SWEEP: the word's times */
    scan_list pend; /* a list's hits, packed, before they are written as pairs */
    pend.c = 0;
    s->sorted = 1;
    for (size_t j = s->jmin; j < m && !s->stop; j += 64) {
        uint64_t w = m - j >= 64 ? PN(scan_word)(one, margin, els, j, 64, strict, s->t, tl)
                                 : PN(scan_word)(one, margin, els, j, m - j, strict, s->t, tl);
        if (w)
            sink_word(kind, s, w, (uint32_t)j, PQ_IS_SWEEP ? tl : NULL, &pend);
    }
    scan_flush(s, &pend);
}

/* The flat entries (grid_levels) against the block's live circles, the
 * other way round: an entry in every lane, CB_W circles at a time, the
 * same body on the same pair's operands, so the same bits. hit[f]: bit u
 * when circle base + u hits flat entry f; returns their union. (Not for a
 * sweep: its sink needs each hit's time.) */
CB_INLINE uint64_t PN(flat)(const grid_levels *lv, const grid_arrays *ga, const void *set,
                            size_t base, size_t nb, uint64_t live, vf margin, int strict,
                            uint64_t *hit)
{
    uint64_t any = 0;
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
        hit[f] = w & live, any |= hit[f];
    }
    return any;
}

/* The records of the list buf[0 .. k) (one circle's, sorted) from output
 * record `at`: each element gathered by index, CB_W at a time, through the
 * one-circle query's records body. */
#if PQ_IS_CONTACTS
CB_INLINE void PN(records)(const P_ONE *one, const void *els, const cb_pair *buf, size_t k,
                           const grid_out *o, size_t at)
{
    for (size_t c = 0; c < k; c += CB_W) {
        size_t w = k - c < CB_W ? k - c : CB_W;
        uint32_t j[CB_W];
        for (size_t q = 0; q < w; q++)
            j[q] = buf[c + q].j;
        P_MANY v = P_GATHER(els, j, w);
        P_STORE_RECORDS(o, at + c, P_BODY(records_CONTACTS)(*one, v), w, o->capacity - at - c);
    }
}
#endif

/*
 * The circles [cur->circle, end) of the set against the grid g, with one
 * sink (kind); els: the elements by index (the caller's arrays, or a
 * prepared grid's copy), which the scans and the records read. Returns the
 * count (COUNT, FIRST_COUNT), the bits set (MATRIX) or the records written
 * (PAIRS, CONTACTS, FIRST), and moves the cursor (not for the counts).
 *
 * Per block of 64 circles: their intervals, which of them meet the grid's
 * bounds (the others can hit nothing), and on the first level with
 * entries their cells and the runs of their first two rows (vectors, then
 * independent loads). Per circle: the entries of its runs are its
 * candidates; when they are a large share of the elements it may pair
 * with, the scan of those elements costs less (no cell, no sort) and is
 * taken instead. A list's hits go straight into the output, then are
 * sorted by element (pair_sort); when more arrive than fit, the output
 * keeps the least (a heap) and the next one is the cursor's.
 *
 * When the output is full, the circles after are probed, without writing,
 * for the next pair due: the cursor names it (or the range is done), as
 * cbatch.h promises, and the probe's circles are not read again.
 */
CB_OUT_OF_LINE size_t PN_ISA(grid_drive)(int kind, int strict, const cb_grid *g, const void *set,
                                     const void *els, cb_pair_cursor *cur, size_t end, int self,
                                     float margin, const grid_out *o)
{
    const int listing = kind == GK_PAIRS || kind == GK_CONTACTS || kind == GK_FIRST;
    const int firsts = kind == GK_FIRST || kind == GK_FIRST_COUNT;
    const size_t m = (size_t)g->m, words = m / 64 + (m % 64 != 0);
    const grid_arrays ga = arrays_of(g);
    grid_levels lv;
    grid_levels_of(g, &ga, &lv);
    const size_t from = cur->circle, jfrom = cur->element;
    size_t done = 0;
    vf vmargin = v_set1(margin);
    grid_spans sp;
    for (size_t base = from; base < end; base += 64) {
        size_t nb = end - base < 64 ? end - base : 64;
        if (kind == GK_MATRIX) /* every row of the range, hits or not */
            memset(o->matrix + base * words, 0, nb * words * sizeof *o->matrix);
        uint64_t live = grid_block(g, &lv, &ga, set, base, nb, margin, &sp, P_SPANS);
        uint64_t flat_hit[CB_FLAT_ENTRIES], flat_any = 0;
        if (!PQ_IS_SWEEP && live && lv.nflat)
            flat_any = PN(flat)(&lv, &ga, set, base, nb, live, vmargin, strict, flat_hit);
        for (; live; live &= live - 1) {
            const size_t u = cb_ctz64(live), i = base + u, j0 = i == from ? jfrom : 0;
            if (listing && kind != GK_PROBE && kind != GK_FIRST_COUNT && done == o->capacity)
                kind = kind == GK_FIRST ? GK_FIRST_COUNT : GK_PROBE; /* full: find the next */
            grid_sink s;
            sink_begin(&s, kind, (uint32_t)i, firsts ? 0 : self && j0 <= i ? i + 1 : j0, o, done,
                       words);
            P_ONE one;
            if (!P_MEMBER(set, i, &one) || s.jmin >= m)
                continue;
            size_t cand = grid_candidates(g, &lv, &ga, &sp, u);
            if (els && grid_scan_pays(cand, m - s.jmin))
                PN(scan)(kind, &one, vmargin, els, m, strict, &s);
            else {
                PN(runs)(kind, g, &lv, &ga, &one, vmargin, &sp, u, strict, &s);
                for (size_t f = 0; flat_any >> u & 1 && f < lv.nflat; f++)
                    if (flat_hit[f] >> u & 1 && ga.idx[lv.flatpos[f]] >= s.jmin)
                        sink_take(kind, &s, 1u, ga.idx + lv.flatpos[f], NULL);
            }
            if (kind == GK_PROBE || kind == GK_FIRST_COUNT) {
                if (listing && s.j != CB_NO_J) { /* the next pair due, past a full output */
                    cur->circle = i, cur->element = kind == GK_PROBE ? s.j : 0;
                    return done;
                }
                done += !listing && s.j != CB_NO_J;
                continue;
            }
            if (kind == GK_COUNT || kind == GK_MATRIX) {
                done += s.k;
                continue;
            }
            if (kind == GK_FIRST) { /* the first hit, if any: one record */
                if (s.j == CB_NO_J)
                    continue;
                s.buf[0].i = (uint32_t)i, s.buf[0].j = s.j;
#if PQ_IS_SWEEP
                P_MANY v = P_GATHER(els, &s.j, 1);
                store_pair_first_hit(o, done, P_BODY(records_SWEEP)(one, v, strict));
#endif
                done++;
                continue;
            }
            size_t got = s.heap ? s.room : s.k;
            if (s.heap)
                cb_heapsort_by_j(s.buf, got);
            else if (!s.sorted)
                pair_sort(s.buf, got);
#if PQ_IS_CONTACTS
            PN(records)(&one, els, s.buf, got, o, done);
#endif
            done += got;
            if (s.next != CB_NO_J) { /* more pairs than room: the rest of this circle next time */
                cur->circle = i, cur->element = s.next;
                return done;
            }
        }
    }
    if (kind != GK_COUNT && (kind != GK_FIRST_COUNT || listing))
        cur->circle = end, cur->element = 0;
    return done;
}

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
#undef PQ_IS_SWEEP
#undef PQ_IS_CONTACTS
#undef PONE
#undef PMANY
