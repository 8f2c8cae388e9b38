/* grid_tmpl.h - building a grid of one element shape (a sample's survey, the levels, each element's cell counted, the slots filled by cell, their fields copied), and the cull of one call's elements by the cells its circles cover. */
/* Part of kernel_pairs.h, which includes it once per element shape with GM
 * (BOX, CIRCLE, OBOX, IBOX or ICIRCLE) defined, and undefines it at its
 * end. Its functions are named <name>_<GM> (GN). grid.c has the steps'
 * shared parts, the layout and the proof that no answer depends on them. */

#define GN(name) CB_PASTE(name, CB_PASTE(_, GM))
#define GN_ISA(name) CB_FN(GN(name)) /* the functions a profile names: with the ISA's */
#define G_MANY CB_PASTE(vshape_, GM)
#define G_LOAD CB_PASTE(load_, CB_PASTE(GM, _SOA))
#define G_GATHER CB_PASTE(gather_, CB_PASTE(GM, _SOA))
#define G_SPANS CB_PASTE(el_spans_, GM)
#define G_STORE CB_PASTE(store_, GM)

/* Elements q .. q+k-1 of the build: keep[q ..] (the cull's list), else the
 * array's. */
CB_INLINE G_MANY GN(elements)(const void *els, const uint32_t *keep, size_t q, size_t k)
{
    return keep ? G_GATHER(els, keep + q, k) : G_LOAD(els, q, k);
}

/* The lanes of intervals that meet the clip (the union of a call's circles). */
CB_INLINE uint32_t GN(clipped)(const grid_clip *c, vf lx, vf hx, vf ly, vf hy)
{
    return v_le_bits(v_set1(c->x0), hx) & v_le_bits(lx, v_set1(c->x1)) &
           v_le_bits(v_set1(c->y0), hy) & v_le_bits(ly, v_set1(c->y1));
}

/*
 * A grid of els in mem (64-byte aligned, cb_grid_bytes(m)): of all m, or of
 * the kept listed in keep (keep != NULL), and then of those whose intervals
 * meet clip (when given). First a sample's survey (its span, how big most
 * are: the levels), then pass 1: each element's first cell, counted (on the
 * finest level in vectors, elsewhere through cb_grid_place), and the
 * bounds of every filed interval; the counts summed; pass 2: the slots'
 * element and key, cell by cell, ascending element index; then their
 * fields gathered in slot order, and a prepared grid's copy of the
 * elements by index (prepared: a cb_grid_* grid, read by many calls).
 */
static cb_grid *GN_ISA(grid_build)(void *mem, const void *els, size_t m, const uint32_t *keep,
                                   size_t kept, int prepared, const grid_clip *clip)
{
    cb_grid *g = (cb_grid *)mem;
    const size_t count = keep ? kept : m, samples = cb_survey_size(count);
    float lx[CB_W], hx[CB_W], ly[CB_W], hy[CB_W];
    cb_survey sv;
    cb_survey_init(&sv);
    for (size_t q = 0; q < samples; q += CB_W) {
        uint32_t at[CB_W];
        size_t k = samples - q < CB_W ? samples - q : CB_W;
        for (size_t u = 0; u < k; u++) {
            size_t s = cb_survey_at(q + u, count);
            at[u] = keep ? keep[s] : (uint32_t)s;
        }
        G_MANY v = G_GATHER(els, at, k);
        vf a, b, c, d;
        uint32_t ok = G_SPANS(v, &a, &b, &c, &d) & CB_LANES(k);
        if (clip)
            ok &= GN(clipped)(clip, a, b, c, d);
        v_storeu(lx, a), v_storeu(hx, b), v_storeu(ly, c), v_storeu(hy, d);
        cb_survey_add(&sv, lx, hx, ly, hy, ok, k);
    }
    uint64_t cells = cb_grid_begin(g, (cb_shape)CB_PASTE(CB_SHAPE_, GM), m, count, &sv, prepared);
    uint32_t *start = CB_GRID_AT(g, g->off_start, uint32_t), *tmp = cb_grid_tmp(g);
    const cb_grid_level l0 = g->level[0];
    /* the bounds: a NaN interval end is no operand's minimum or maximum
     * (MIN and MAX keep the second operand when the first is a NaN) */
    vf bx0 = v_set1(INFINITY), bx1 = v_set1(-INFINITY), by0 = bx0, by1 = bx1;
    for (size_t q = 0; q < count; q += CB_W) {
        size_t k = count - q < CB_W ? count - q : CB_W;
        G_MANY v = CB_SPECIALIZE && k == CB_W ? GN(elements)(els, keep, q, CB_W)
                                              : GN(elements)(els, keep, q, k);
        vf a, b, c, d;
        uint32_t ok = G_SPANS(v, &a, &b, &c, &d) & CB_LANES(k);
        if (clip)
            ok &= GN(clipped)(clip, a, b, c, d);
        vf c0 = grid_cell(a, g->x0, l0.sx, l0.top_x), c1 = grid_cell(b, g->x0, l0.sx, l0.top_x);
        vf r0 = grid_cell(c, g->y0, l0.sx, l0.top_y), r1 = grid_cell(d, g->y0, l0.sx, l0.top_y);
        vf one = v_set1(1.0f);
        uint32_t fit = v_le_bits(v_sub(c1, c0), one) & v_le_bits(v_sub(r1, r0), one);
        uint32_t two = v_lt_bits(r0, r1);
        float fc[CB_W], fr[CB_W];
        v_storeu(fc, c0), v_storeu(fr, r0);
        v_storeu(lx, a), v_storeu(hx, b), v_storeu(ly, c), v_storeu(hy, d);
        if (ok == CB_LANES(CB_W)) {
            bx0 = v_min(a, bx0), bx1 = v_max(b, bx1), by0 = v_min(c, by0), by1 = v_max(d, by1);
        } else {
            for (size_t u = 0; u < k; u++) /* the tail, or a vector with an element left out */
                if (ok >> u & 1) {
                    g->bx0 = lx[u] < g->bx0 ? lx[u] : g->bx0, g->bx1 = hx[u] > g->bx1 ? hx[u] : g->bx1;
                    g->by0 = ly[u] < g->by0 ? ly[u] : g->by0, g->by1 = hy[u] > g->by1 ? hy[u] : g->by1;
                }
        }
        for (size_t u = 0; u < k; u++) {
            uint32_t t = UINT32_MAX;
            if (ok >> u & 1) {
                uint32_t cols = l0.cols;
                if (fit >> u & 1) {
                    t = (uint32_t)fr[u] * cols + (uint32_t)fc[u];
                    t |= (two >> u & 1) ? CB_GRID_TWO_ROWS : 0u;
                } else {
                    t = cb_grid_place(g, lx[u], hx[u], ly[u], hy[u]);
                    cols = cb_grid_cols_at(g, t & ~CB_GRID_TWO_ROWS);
                }
                uint32_t cell = t & ~CB_GRID_TWO_ROWS;
                start[cell + 1]++;
                if (t & CB_GRID_TWO_ROWS)
                    start[cell + cols + 1]++;
            }
            tmp[q + u] = t;
        }
    }
    float b[4][CB_W];
    v_storeu(b[0], bx0), v_storeu(b[1], bx1), v_storeu(b[2], by0), v_storeu(b[3], by1);
    for (size_t u = 0; u < CB_W; u++) {
        g->bx0 = b[0][u] < g->bx0 ? b[0][u] : g->bx0, g->bx1 = b[1][u] > g->bx1 ? b[1][u] : g->bx1;
        g->by0 = b[2][u] < g->by0 ? b[2][u] : g->by0, g->by1 = b[3][u] > g->by1 ? b[3][u] : g->by1;
    }
    cb_grid_prefix(g, cells);
    /* pass 2: each slot's element and key, cell by cell; then the
     * elements' fields, slot by slot (random reads and sequential
     * writes: faster than writing six arrays at random) */
    uint32_t *idx = CB_GRID_AT(g, g->off_idx, uint32_t);
    float *key = CB_GRID_AT(g, g->off_key, float), *dst[CB_GRID_FIELDS];
    for (size_t q = 0; q < count; q++) {
        uint32_t t = tmp[q];
        if (t == UINT32_MAX)
            continue;
        uint32_t j = keep ? keep[q] : (uint32_t)q, cell = t & ~CB_GRID_TWO_ROWS;
        uint32_t p = start[cell + 1]++;
        idx[p] = j, key[p] = 0.0f;
        if (t & CB_GRID_TWO_ROWS) {
            p = start[cell + cb_grid_cols_at(g, cell) + 1]++;
            idx[p] = j, key[p] = 1.0f;
        }
    }
    for (unsigned f = 0; f < CB_GRID_FIELDS; f++)
        dst[f] = CB_GRID_AT(g, g->off_f[f], float);
    for (size_t p = 0; p < g->count; p += CB_W) { /* whole vectors: into the padding */
        size_t k = g->count - p < CB_W ? g->count - p : CB_W;
        G_STORE(dst, p, G_GATHER(els, idx + p, k));
    }
    if (g->off_byj[0]) { /* a prepared grid: the elements by index too */
        for (unsigned f = 0; f < CB_GRID_FIELDS; f++)
            dst[f] = CB_GRID_AT(g, g->off_byj[f], float);
        for (size_t j = 0; j < m; j += CB_W) {
            size_t k = m - j < CB_W ? m - j : CB_W;
            G_STORE(dst, j, CB_SPECIALIZE && k == CB_W ? G_LOAD(els, j, CB_W) : G_LOAD(els, j, k));
        }
    }
    cb_grid_finish(g, cells);
    return g;
}

/* The cull: the elements whose intervals meet a cell of cl that some
 * circle covers (inside the circles' span first: ordered compares, so no
 * NaN is left), ascending in keep; their number. */
static size_t GN_ISA(grid_cull)(const void *els, size_t m, const cb_cull *cl, uint32_t *keep)
{
    size_t kept = 0;
    for (size_t q = 0; q < m; q += CB_W) {
        size_t k = m - q < CB_W ? m - q : CB_W;
        G_MANY v = G_LOAD(els, q, k);
        vf a, b, c, d;
        uint32_t ok = G_SPANS(v, &a, &b, &c, &d) & CB_LANES(k);
        ok &= v_le_bits(v_set1(cl->x0), b) & v_le_bits(a, v_set1(cl->x1)) &
              v_le_bits(v_set1(cl->y0), d) & v_le_bits(c, v_set1(cl->y1));
        if (!ok)
            continue;
        float fc0[CB_W], fc1[CB_W], fr0[CB_W], fr1[CB_W];
        v_storeu(fc0, grid_cell(a, cl->x0, cl->sx, cl->top_x));
        v_storeu(fc1, grid_cell(b, cl->x0, cl->sx, cl->top_x));
        v_storeu(fr0, grid_cell(c, cl->y0, cl->sy, cl->top_y));
        v_storeu(fr1, grid_cell(d, cl->y0, cl->sy, cl->top_y));
        for (; ok; ok &= ok - 1u) {
            unsigned u = cb_ctz64(ok);
            if (cb_cull_meets(cl, (uint32_t)fc0[u], (uint32_t)fc1[u], (uint32_t)fr0[u],
                              (uint32_t)fr1[u]))
                keep[kept++] = (uint32_t)(q + u);
        }
    }
    return kept;
}

#undef GN
#undef GN_ISA
#undef G_MANY
#undef G_LOAD
#undef G_GATHER
#undef G_SPANS
#undef G_STORE
#undef GM
