/* kernel_pairs.h - the many-against-many engine's shared parts (the intervals of circles and elements, a block of circles' cells and runs, the sinks, the sort of a circle's list, one call's plan) and its instantiations: pairs_tmpl.h per query and element shape, grid_tmpl.h per element shape */
/* Part of kernel_template.h, which a backend file includes once (with its
 * primitives defined); not a header of its own. */

/* ---- the intervals (grid.c states them and proves the cull with them)
 *
 * Every circle of a query and every element has an x and a y interval; a
 * pair whose intervals are disjoint on one axis cannot hit. The grid files
 * each element by its intervals (grid.h), and a circle reads the slots of
 * the cells its own intervals cover. */

/* The interval [c0, c1] widened: (c0 - e) - s0 and (c1 + e) + s1, with
 * s_k = ((|c_k| + e) + g) * CB_REACH_SLACK; everything where unbounded. */
CB_INLINE void grid_range(vf c0, vf c1, vf e, float g, vm unbounded, vf *lo, vf *hi)
{
    vf s0 = v_mul(v_add(v_add(v_abs(c0), e), v_set1(g)), v_set1(CB_REACH_SLACK));
    vf s1 = v_mul(v_add(v_add(v_abs(c1), e), v_set1(g)), v_set1(CB_REACH_SLACK));
    *lo = v_sel(unbounded, v_set1(-INFINITY), v_sub(v_sub(c0, e), s0));
    *hi = v_sel(unbounded, v_set1(INFINITY), v_add(v_add(c1, e), s1));
}

/* centre -+ (e + s), s = ((|centre| + e) + g) * CB_REACH_SLACK: the range
 * of one point. */
CB_INLINE void grid_span(vf c, vf e, float g, vm unbounded, vf *lo, vf *hi)
{
    grid_range(c, c, e, g, unbounded, lo, hi);
}

/* The cell formula of grid.h on a vector: the same operations as cb_cell,
 * so a coordinate gets the same cell here as there (as a whole float). */
CB_INLINE vf grid_cell(vf v, float v0, float sx, float top)
{
    vf t = v_mul(v_sub(v, v_set1(v0)), v_set1(sx));
    t = v_max(t, v_set1(0.0f));
    return v_min(t, v_set1(top));
}

/* A block of up to 64 circles: their intervals; on the first level that
 * holds slots (the finest: most elements, and most scenes have no
 * other), the runs of their first two rows; the other levels and rows are
 * read circle by circle. */
typedef struct {
    float lx[64], hx[64], ly[64], hy[64];
    uint32_t run[4][64];       /* its rows r0 and r0 + 1: slots run[0] .. run[1]-1, and
                                  run[2] .. run[3]-1 (empty when the circle has one row) */
    uint8_t rest[64];          /* more rows there (r1 > r0 + 1) */
    uint32_t most;             /* the most slots a live circle's two runs hold */
    int more;                  /* a live circle reads more rows */
} grid_spans;

/* The intervals of k circles (centre x, y; a = |r| + margin) at o->lx[at ..]
 * and so on. */
CB_INLINE void reach_spans(vf x, vf y, vf a, float gx, float gy, grid_spans *o, size_t at,
                           size_t k)
{
    vm unbounded = v_le_m(v_set1(CB_REACH_UNBOUNDED), v_max(v_max(a, v_abs(x)), v_abs(y)));
    vf e = v_add(v_mul(a, v_set1(CB_REACH_SCALE)), v_set1(CB_REACH_ADD)), lo, hi;
    grid_span(x, e, gx, unbounded, &lo, &hi);
    store_lanes(o->lx + at, lo, k, 64 - at), store_lanes(o->hx + at, hi, k, 64 - at);
    grid_span(y, e, gy, unbounded, &lo, &hi);
    store_lanes(o->ly + at, lo, k, 64 - at), store_lanes(o->hy + at, hi, k, 64 - at);
}

/* Per shape of set (CIRCLE, ICIRCLE for the integer elements, SWEEP):
 *   spans_<ONE>(set, i, k, margin, gx, gy, o, at)  the intervals of circles
 *       i .. i+k-1 (1 <= k <= CB_W) of the set, at o->lx[at ..] and so on;
 *       an integer circle's converted to floats (grid.c: conservative in
 *       every float mode), its contacts taking no margin
 *   member_<ONE>(set, i, &one)  circle i in every lane; 0 when it hits nothing
 *       (a NaN in a float circle or sweep, a negative integer radius) */
typedef void (*spans_fn)(const void *set, size_t i, size_t k, float margin, float gx, float gy,
                         grid_spans *o, size_t at);

CB_INLINE void spans_CIRCLE(const void *set, size_t i, size_t k, float margin, float gx,
                            float gy, grid_spans *o, size_t at)
{
    vshape_CIRCLE c = load_CIRCLE_SOA(set, i, k);
    reach_spans(c.x, c.y, v_add(v_abs(c.r), v_set1(margin)), gx, gy, o, at, k);
}

CB_INLINE void spans_ICIRCLE(const void *set, size_t i, size_t k, float margin, float gx,
                             float gy, grid_spans *o, size_t at)
{
    (void)margin;
    vshape_ICIRCLE c = load_ICIRCLE_SOA(set, i, k);
    reach_spans(v_cvt_f(c.x), v_cvt_f(c.y), v_abs(v_cvt_f(c.r)), gx, gy, o, at, k);
}

/* A sweep's intervals: the box of its centre's path [MIN(x, x + dx),
 * MAX(x, x + dx)], widened as a circle's by e = (|r| * (1 + 2^-15)) +
 * 2^-40, plus the band: (|x| + |y| + |dx| + |dy| + e) * CB_SWEEP_REACH on
 * both axes (grid.c says why); everything where unbounded. */
#define CB_SWEEP_REACH 0x1p-16f

CB_INLINE void spans_SWEEP(const void *set, size_t i, size_t k, float margin, float gx,
                           float gy, grid_spans *o, size_t at)
{
    (void)margin;
    vshape_SWEEP w = load_SWEEP_SOA(set, i, k);
    vf x1 = v_add(w.x, w.dx), y1 = v_add(w.y, w.dy), a = v_abs(w.r);
    vf mag = v_add(v_add(v_abs(w.x), v_abs(w.y)), v_add(v_abs(w.dx), v_abs(w.dy)));
    /* x + dx is a NaN only when mag is infinite: MAX keeps its second
     * operand when the first is a NaN */
    vm unbounded = v_le_m(v_set1(CB_REACH_UNBOUNDED),
                          v_max(v_max(v_abs(x1), v_abs(y1)), v_max(a, mag)));
    vf e = v_add(v_mul(a, v_set1(CB_REACH_SCALE)), v_set1(CB_REACH_ADD));
    e = v_add(e, v_mul(v_add(mag, e), v_set1(CB_SWEEP_REACH)));
    vf lo, hi;
    grid_range(v_min(w.x, x1), v_max(w.x, x1), e, gx, unbounded, &lo, &hi);
    store_lanes(o->lx + at, lo, k, 64 - at), store_lanes(o->hx + at, hi, k, 64 - at);
    grid_range(v_min(w.y, y1), v_max(w.y, y1), e, gy, unbounded, &lo, &hi);
    store_lanes(o->ly + at, lo, k, 64 - at), store_lanes(o->hy + at, hi, k, 64 - at);
}

CB_INLINE int member_SWEEP(const void *set, size_t i, vshape_SWEEP *one)
{
    const cb_sweep_soa *s = (const cb_sweep_soa *)set;
    float x = s->x[i], y = s->y[i], r = s->r[i], dx = s->dx[i], dy = s->dy[i];
    one->x = v_set1(x), one->y = v_set1(y), one->r = v_set1(r);
    one->dx = v_set1(dx), one->dy = v_set1(dy);
    return x == x && y == y && r == r && dx == dx && dy == dy;
}

CB_INLINE int member_CIRCLE(const void *set, size_t i, vshape_CIRCLE *one)
{
    const cb_circle_soa *s = (const cb_circle_soa *)set;
    float x = s->x[i], y = s->y[i], r = s->r[i];
    one->x = v_set1(x), one->y = v_set1(y), one->r = v_set1(r);
    return x == x && y == y && r == r;
}

CB_INLINE int member_ICIRCLE(const void *set, size_t i, vshape_ICIRCLE *one)
{
    const cb_icircle_soa *s = (const cb_icircle_soa *)set;
    one->x = v_set1_i(s->x[i]), one->y = v_set1_i(s->y[i]), one->r = v_set1_i(s->r[i]);
    return s->r[i] >= 0;
}

/* The intervals of CB_W elements as grid.c states them; the lanes that can
 * hit anything (the others hold a NaN the contract never lets hit). */
CB_INLINE uint32_t el_spans_BOX(vshape_BOX v, vf *lx, vf *hx, vf *ly, vf *hy)
{
    *lx = v_min(v.x0, v.x1), *hx = v.x1;
    *ly = v_min(v.y0, v.y1), *hy = v.y1;
    return v_le_bits(v.x1, v.x1) & v_le_bits(v.y1, v.y1);
}

CB_INLINE uint32_t el_spans_CIRCLE(vshape_CIRCLE v, vf *lx, vf *hx, vf *ly, vf *hy)
{
    vf a = v_abs(v.r);
    vm unbounded = v_le_m(v_set1(CB_REACH_UNBOUNDED), v_max(v_max(a, v_abs(v.x)), v_abs(v.y)));
    vf e = v_add(v_mul(a, v_set1(CB_REACH_SCALE)), v_set1(CB_REACH_ADD));
    grid_span(v.x, e, 0.0f, unbounded, lx, hx);
    grid_span(v.y, e, 0.0f, unbounded, ly, hy);
    return v_le_bits(v.x, v.x) & v_le_bits(v.y, v.y) & v_le_bits(v.r, v.r);
}

/* An oriented box is bounded when max(|hx|, |hy|, |cx|, |cy|) < 2^100 and
 * |((c * c) + (s * s)) - 1| < 2^-17 (so c^2 + s^2 is within 2^-16 of 1):
 * one maximum against 2^100, the rotation's term scaled by 2^117. */
#define CB_OBOX_BOUND 0x1p100f
#define CB_OBOX_UNIT_SCALE 0x1p117f
#define CB_OBOX_SCALE (1.0f + 0x1p-14f)
#define CB_OBOX_SIDES 0x1p-19f

CB_INLINE uint32_t el_spans_OBOX(vshape_OBOX v, vf *lx, vf *hx, vf *ly, vf *hy)
{
    vf ax = v_abs(v.hx), ay = v_abs(v.hy), ac = v_abs(v.c), as = v_abs(v.s);
    vf q = v_add(v_mul(v.c, v.c), v_mul(v.s, v.s));
    vf off = v_mul(v_abs(v_sub(q, v_set1(1.0f))), v_set1(CB_OBOX_UNIT_SCALE));
    vf big = v_max(v_max(v_max(ax, ay), v_max(v_abs(v.cx), v_abs(v.cy))), off);
    vm unbounded = v_le_m(v_set1(CB_OBOX_BOUND), big);
    vf sides = v_mul(v_add(ax, ay), v_set1(CB_OBOX_SIDES));
    vf ex = v_add(v_mul(v_add(v_mul(ac, ax), v_mul(as, ay)), v_set1(CB_OBOX_SCALE)), sides);
    vf ey = v_add(v_mul(v_add(v_mul(as, ax), v_mul(ac, ay)), v_set1(CB_OBOX_SCALE)), sides);
    ex = v_add(ex, v_set1(CB_REACH_ADD)), ey = v_add(ey, v_set1(CB_REACH_ADD));
    grid_span(v.cx, ex, 0.0f, unbounded, lx, hx);
    grid_span(v.cy, ey, 0.0f, unbounded, ly, hy);
    return v_le_bits(v.cx, v.cx) & v_le_bits(v.cy, v.cy) & v_le_bits(v.hx, v.hx) &
           v_le_bits(v.hy, v.hy) & v_le_bits(v.c, v.c) & v_le_bits(v.s, v.s);
}

/* The integer elements: the exact extent of what they offer on an axis
 * (a box: [MIN(min_x, max_x), max_x], its clamp's range; a circle: ox -+
 * ro), held by float intervals in every float mode (grid.c). A negative
 * radius never hits (left out). */
CB_INLINE void int_span(vi lo, vi hi, vf *flo, vf *fhi)
{
    vf zero = v_set1(0.0f);
    vm never = v_lt_m(zero, zero);
    grid_range(v_cvt_f(lo), v_cvt_f(hi), zero, 0.0f, never, flo, fhi);
}

CB_INLINE uint32_t el_spans_IBOX(vshape_IBOX v, vf *lx, vf *hx, vf *ly, vf *hy)
{
    int_span(v_min_i(v.x0, v.x1), v.x1, lx, hx);
    int_span(v_min_i(v.y0, v.y1), v.y1, ly, hy);
    return CB_LANES(CB_W);
}

CB_INLINE uint32_t el_spans_ICIRCLE(vshape_ICIRCLE v, vf *lx, vf *hx, vf *ly, vf *hy)
{
    vshape_CIRCLE f = {v_cvt_f(v.x), v_cvt_f(v.y), v_cvt_f(v.r)};
    return el_spans_CIRCLE(f, lx, hx, ly, hy) & ~v_neg_bits(v.r);
}

/* ---- the grid's arrays, and a block of circles against them */

/* The grid's arrays as the SoA views the loaders read: its slots' field
 * arrays in the shape's field order (an integer shape's hold its int32s),
 * and a prepared grid's elements by index. */
#define CB_VIEW_MEMBER(S, name, aos) cb_##name##_soa name;
typedef union {
    CB_GRID_SHAPES(CB_VIEW_MEMBER)
    CB_INT_SHAPES(CB_VIEW_MEMBER)
} grid_view;
typedef struct {
    grid_view view; /* the slots */
    grid_view byj;  /* the elements by index (a prepared grid's) */
    const uint32_t *start, *idx;
    const float *key;
} grid_arrays;

#define CB_VIEW_FIELD(V, F) s_->F = (const void *)*f_++;
#define CB_VIEW_OF(S, name, aos)                                                                   \
    if (g->shape == CB_SHAPE_##S) {                                                                \
        cb_##name##_soa *s_ = &v->name;                                                            \
        const float *const *f_ = f;                                                                \
        CB_FIELDS_##S(CB_VIEW_FIELD)                                                               \
    }
/* The view of the field arrays at offsets off[] of the grid. */
CB_INLINE void view_of(const cb_grid *g, const uint64_t *off, grid_view *v)
{
    const float *f[CB_GRID_FIELDS];
    for (unsigned k = 0; k < CB_GRID_FIELDS; k++)
        f[k] = CB_GRID_AT(g, off[k], const float);
    CB_GRID_SHAPES(CB_VIEW_OF)
    CB_INT_SHAPES(CB_VIEW_OF)
}

CB_INLINE grid_arrays arrays_of(const cb_grid *g)
{
    grid_arrays a;
    view_of(g, g->off_f, &a.view);
    view_of(g, g->off_byj, &a.byj);
    a.start = CB_GRID_AT(g, g->off_start, const uint32_t);
    a.idx = CB_GRID_AT(g, g->off_idx, const uint32_t);
    a.key = CB_GRID_AT(g, g->off_key, const float);
    return a;
}

/* The levels that hold slots, finest first: the block's cells and runs
 * are on at[0]. When the others hold few slots all together (a few big
 * elements among small ones), a circle reads each of them whole, as one
 * run of its slots of key 0 (each element once), with no cells: flat. */
#define CB_FLAT_ENTRIES 64u
_Static_assert(CB_FLAT_ENTRIES <= 64, "a circle's flat hits are the bits of a word");
typedef struct {
    unsigned n, at[CB_GRID_LEVELS];
    int flat;
    uint32_t first[CB_GRID_LEVELS]; /* flat: the level's first slot */
    size_t nflat;                   /* flat: the slots of key 0 above the first level */
    size_t upper;                   /* the slots above the first level */
    int past;                       /* a circle reads levels past the first one circle by
                                       circle (not the flat ones: PN(flat) reads those) */
    uint32_t flatpos[CB_FLAT_ENTRIES];
} grid_levels;

CB_INLINE void grid_levels_of(const cb_grid *g, const grid_arrays *ga, grid_levels *lv)
{
    size_t upper = 0;
    lv->n = 0, lv->nflat = 0;
    for (unsigned l = 0; l < g->levels; l++)
        if (g->level[l].slots) {
            upper += lv->n ? g->level[l].slots : 0;
            lv->first[lv->n] = ga->start[g->level[l].cell0];
            lv->at[lv->n++] = l;
        }
    lv->flat = upper <= CB_FLAT_ENTRIES, lv->upper = upper;
    for (unsigned q = 1; lv->flat && q < lv->n; q++)
        for (uint32_t p = lv->first[q]; p < lv->first[q] + g->level[lv->at[q]].slots; p++)
            if (ga->key[p] == 0.0f)
                lv->flatpos[lv->nflat++] = p;
}

/* Whether a circle scans the elements it may pair with (`left` of them, by
 * index) rather than reading its `cand` candidates in the grid: when the
 * candidates are over 1 / CB_SCAN_RATIO of them. A scanned element costs
 * about what a candidate does, and the scan's hits come in order (no sort;
 * see docs/benchmark.md, many against many on level-like scenes). */
#define CB_SCAN_RATIO 3u

CB_INLINE int grid_scan_pays(size_t cand, size_t left)
{
    return cand > 0 && left <= CB_SCAN_RATIO * cand;
}

/*
 * Circles i .. i+nb-1 (nb <= 64) of the set: their intervals (spans), which
 * of them meet the grid's bounds (bit u: circle i + u; a circle that misses
 * them, or has a NaN interval, hits nothing here), and for those on the
 * finest level with slots their cells and the runs of their first two
 * rows: slots row[c0 - 1] .. row[c1 + 1] - 1 of rows r0 and r0 + 1
 * (elements are filed in their low column, one may reach here).
 */
CB_INLINE uint64_t grid_block(const cb_grid *g, const grid_levels *lv, const grid_arrays *ga,
                              const void *set, size_t i, size_t nb, float margin, grid_spans *sp,
                              spans_fn spans)
{
    sp->most = 0, sp->more = 0;
    if (!lv->n)
        return 0;
    vf bx0 = v_set1(g->bx0), bx1 = v_set1(g->bx1), by0 = v_set1(g->by0), by1 = v_set1(g->by1);
    const cb_grid_level *l0 = &g->level[lv->at[0]];
    uint64_t live = 0;
    uint32_t most = 0, more = 0;
    for (size_t u = 0; u < nb; u += CB_W) {
        size_t k = nb - u < CB_W ? nb - u : CB_W;
        spans(set, i + u, k, margin, g->gx, g->gy, sp, u);
        vf a = v_loadu(sp->lx + u), b = v_loadu(sp->hx + u);
        vf c = v_loadu(sp->ly + u), d = v_loadu(sp->hy + u);
        uint32_t in = v_le_bits(a, bx1) & v_le_bits(bx0, b) & v_le_bits(c, by1) &
                      v_le_bits(by0, d) & CB_LANES(k);
        live |= (uint64_t)in << u;
        if (!in)
            continue;
        float cell[4][CB_W]; /* c0, c1, r0, r1 of each lane, whole floats */
        v_storeu(cell[0], grid_cell(a, g->x0, l0->sx, l0->top_x));
        v_storeu(cell[1], grid_cell(b, g->x0, l0->sx, l0->top_x));
        v_storeu(cell[2], grid_cell(c, g->y0, l0->sx, l0->top_y));
        v_storeu(cell[3], grid_cell(d, g->y0, l0->sx, l0->top_y));
        for (; in; in &= in - 1) {
            const unsigned q = cb_ctz64(in), v = (unsigned)u + q;
            uint32_t c0 = (uint32_t)cell[0][q], c1 = (uint32_t)cell[1][q];
            uint32_t r0 = (uint32_t)cell[2][q], r1 = (uint32_t)cell[3][q];
            c0 -= c0 > 0;
            const uint32_t *row = ga->start + l0->cell0 + (size_t)r0 * l0->cols;
            const uint32_t *next = r1 > r0 ? row + l0->cols : row;
            uint32_t e0 = row[c0], e1 = row[c1 + 1], e2 = next[c0];
            uint32_t e3 = r1 > r0 ? next[c1 + 1] : e2, n = (e1 - e0) + (e3 - e2);
            sp->run[0][v] = e0, sp->run[1][v] = e1, sp->run[2][v] = e2, sp->run[3][v] = e3;
            sp->rest[v] = r1 > r0 + 1;
            most = n > most ? n : most, more |= sp->rest[v];
        }
    }
    sp->most = most, sp->more = (int)more;
    return live;
}

/* The rows circle u of the block reads on level l beyond the block's runs
 * (on the first level, rows from r0 + 2): cells c0 .. c1 of rows r0 .. r1,
 * first its first row; 0 when there are none. */
typedef struct {
    uint32_t c0, c1, r0, r1, first, cols, cell0;
} grid_rows;

CB_INLINE int grid_rows_of(const cb_grid *g, unsigned l, const grid_spans *sp, size_t u,
                           int block_level, grid_rows *rw)
{
    const cb_grid_level *lv = &g->level[l];
    uint32_t c0, c1, r0, r1;
    if (block_level && !sp->rest[u])
        return 0;
    /* the block's cells again (grid_cell's operations are cb_cell's) */
    c0 = cb_cell(sp->lx[u], g->x0, lv->sx, lv->top_x);
    c1 = cb_cell(sp->hx[u], g->x0, lv->sx, lv->top_x);
    r0 = cb_cell(sp->ly[u], g->y0, lv->sx, lv->top_y);
    r1 = cb_cell(sp->hy[u], g->y0, lv->sx, lv->top_y);
    rw->c0 = c0 - (c0 > 0), rw->c1 = c1, rw->first = r0, rw->r1 = r1;
    rw->r0 = block_level ? r0 + 2 : r0;
    rw->cols = lv->cols, rw->cell0 = lv->cell0;
    return 1;
}

/* The slots circle u of the block reads (its candidates): their count. */
CB_INLINE size_t grid_candidates(const cb_grid *g, const grid_levels *lv, const grid_arrays *ga,
                                 const grid_spans *sp, size_t u)
{
    size_t c = (size_t)(sp->run[1][u] - sp->run[0][u]) + (sp->run[3][u] - sp->run[2][u]);
    if (lv->n == 1 && !sp->rest[u])
        return c;
    for (unsigned q = 0; q < lv->n; q++) {
        grid_rows rw;
        if (q && lv->flat) {
            c += g->level[lv->at[q]].slots;
            continue;
        }
        if (!grid_rows_of(g, lv->at[q], sp, u, q == 0, &rw))
            continue;
        for (uint32_t r = rw.r0; r <= rw.r1; r++) {
            const uint32_t *row = ga->start + rw.cell0 + (size_t)r * rw.cols;
            c += row[rw.c1 + 1] - row[rw.c0];
        }
    }
    return c;
}

/* ---- what a circle's hits become: the sinks */

/* Where a pair call writes: the list (the pairs of the pair list, the
 * records' or the first hits'), the matrix, the records of each lane kind. */
typedef struct {
    cb_pair *list;
    uint64_t *matrix;
    const cb_pair_contacts *contacts;
    const cb_int_pair_contacts *icontacts;
    const cb_pair_sweep_hits *sweeps;
    size_t capacity;
} grid_out;

/* Records c .. c+k-1 of a pair call's output (room from c): the batch
 * record sinks' stores (kernel_batch.h) on the output's arrays but its
 * pairs, by the records' lane kind. */
CB_INLINE void store_pair_records_F(const grid_out *o, size_t c, vrecords r, size_t k, size_t room)
{
    const cb_pair_contacts *p = o->contacts;
    cb_contacts v = {NULL, p->normal_x, p->normal_y, p->separation, p->point_x, p->point_y,
                     p->feature};
    store_contacts(&v, c, r, k, room);
}

CB_INLINE void store_pair_records_I(const grid_out *o, size_t c, result_CONTACTS_I r, size_t k,
                                    size_t room)
{
    const cb_int_pair_contacts *p = o->icontacts;
    cb_int_contacts v = {NULL, p->point_x, p->point_y, p->d2, p->depth, p->feature};
    store_int_contacts(&v, c, r, k, room);
}

/* A sweep's first hit, record c of the output (the sweep records' lanes). */
CB_INLINE void store_pair_first_hit(const grid_out *o, size_t c, vrecords r)
{
    const cb_pair_sweep_hits *h = o->sweeps;
    cb_contacts v = {NULL, h->normal_x, h->normal_y, h->t, h->point_x, h->point_y, h->feature};
    store_contacts(&v, c, r, 1, 1);
}

/* A call's job: what its sink keeps of one circle's hits. COUNT their
 * number; PAIRS and CONTACTS the pairs, in the output; MATRIX the row's
 * bits; FIRST and FIRST_COUNT (a sweep's first hit, written or counted)
 * the least time; PROBE (a list's, once its output is full) the least
 * element, where the next call starts. */
enum { JOB_COUNT, JOB_PAIRS, JOB_MATRIX, JOB_CONTACTS, JOB_FIRST, JOB_FIRST_COUNT, JOB_PROBE };

/* How the engine (pairs_tmpl.h) reads a query Q over a set ONE and
 * elements MANY: the query file names its mode, CB_PAIRS_MODE_<Q>, and
 * the engine names no query.
 *   CB_PAIRS_VERDICTS  query_<Q>_<ONE>_<MANY>(one, v, strict): the lanes'
 *                      verdict bits; its list holds the pairs (JOB_PAIRS).
 *   CB_PAIRS_RECORDS   select_<Q>_<ONE>_<MANY>(one, v, margin, strict): the
 *                      bits of the lanes within the margin;
 *                      records_<Q>_<ONE>_<MANY>(one, v): the listed pairs'
 *                      records (JOB_CONTACTS).
 *   CB_PAIRS_TIMES     query_<Q>_<ONE>_<MANY>(one, v, strict): the lanes'
 *                      times, the lanes no later than the sink's least
 *                      selected; records_<Q>_<ONE>_<MANY>(one, v, strict):
 *                      the first hit's record (JOB_FIRST). Every element
 *                      goes through the sink with its time: no flat level
 *                      is read by the block. */
#define CB_PAIRS_VERDICTS 1
#define CB_PAIRS_RECORDS 2
#define CB_PAIRS_TIMES 3
#define CB_NO_J UINT32_MAX

typedef struct {
    size_t k;        /* hits taken: in buf, or counted */
    size_t room;     /* PAIRS, CONTACTS: slots in buf */
    cb_pair *buf;    /* ... the output after the pairs already written */
    uint64_t *row;   /* MATRIX: the circle's row */
    uint32_t i;      /* the circle */
    uint32_t jmin;   /* only elements j >= jmin */
    uint32_t next;   /* PAIRS, CONTACTS: the least element hit but not kept (CB_NO_J: none) */
    uint32_t j;      /* FIRST: the least time's element; PROBE: the least element (CB_NO_J) */
    float t;         /* FIRST: the least time so far (1: none yet, the latest a hit has) */
    int heap;        /* more hits than room: buf is a max-heap of the least */
    int stop;        /* a scan has what it needs */
    int sorted;      /* the list came in order (a scan's) */
} grid_sink;

CB_INLINE void sink_begin(grid_sink *s, int job, uint32_t i, size_t jmin, const grid_out *o,
                          size_t done, size_t words)
{
    s->k = 0, s->i = i, s->jmin = (uint32_t)jmin;
    const int writes = job == JOB_PAIRS || job == JOB_CONTACTS || job == JOB_FIRST;
    s->room = writes ? o->capacity - done : 0;
    s->buf = writes ? o->list + done : NULL;
    s->row = job == JOB_MATRIX ? o->matrix + (size_t)i * words : NULL;
    s->next = CB_NO_J, s->j = CB_NO_J, s->t = 1.0f, s->heap = 0, s->stop = 0, s->sorted = 0;
}

/* A list's hit j past its room: buf[0 .. room) becomes (heaped: is) a
 * max-heap of the least hits; returns the hit left out (j or the largest
 * kept). Rare: only a circle the output cannot hold. */
CB_COLD uint32_t sink_over(cb_pair *buf, size_t room, int heaped, uint32_t j)
{
    if (!heaped)
        cb_heap_make(buf, room);
    uint32_t out = j;
    if (j < buf[0].j) {
        out = buf[0].j;
        buf[0].j = j;
        cb_heap_down(buf, room, 0);
    }
    return out;
}

/* A list's hit j: into the room, else the least `room` kept (sink_over),
 * the least of those left out kept in next. */
CB_INLINE void sink_list(grid_sink *s, uint32_t j)
{
    if (s->k < s->room) {
        s->buf[s->k].i = s->i, s->buf[s->k].j = j;
        s->k++;
        return;
    }
    uint32_t out = sink_over(s->buf, s->room, s->heap, j);
    s->heap = 1, s->next = out < s->next ? out : s->next;
}

/* The hits `bits` of CB_W slots whose elements are idx[0 ..] (the grid's
 * runs; tl: a sweep's times). The slots come in cell order: a sweep's
 * ties go to the lower element. */
CB_INLINE void sink_take(int job, grid_sink *s, uint32_t bits, const uint32_t *idx,
                         const float *tl)
{
    switch (job) {
    case JOB_COUNT: s->k += cb_popcount64(bits); return;
    case JOB_MATRIX:
        for (; bits; bits &= bits - 1) {
            uint32_t j = idx[cb_ctz64(bits)];
            s->row[j >> 6] |= (uint64_t)1 << (j & 63u);
            s->k++;
        }
        return;
    case JOB_FIRST:
    case JOB_FIRST_COUNT:
        for (; bits; bits &= bits - 1) {
            unsigned u = cb_ctz64(bits);
            uint32_t j = idx[u];
            if (tl[u] < s->t || (tl[u] == s->t && j < s->j))
                s->t = tl[u], s->j = j;
        }
        return;
    case JOB_PROBE:
        for (; bits; bits &= bits - 1) {
            uint32_t j = idx[cb_ctz64(bits)];
            s->j = j < s->j ? j : s->j;
        }
        return;
    default:
        for (; bits; bits &= bits - 1)
            sink_list(s, idx[cb_ctz64(bits)]);
        return;
    }
}

/* A scan's list hits, packed (kernel_batch.h's steps) as they come and
 * written as pairs CB_SCAN_BATCH or more at a time: one loop, where a loop
 * per word paid its tail on every word. */
#define CB_SCAN_BATCH 256u
typedef struct {
    size_t c;
    uint32_t j[CB_SCAN_BATCH + 64 + CB_PACK_STEP];
} scan_list;

CB_INLINE void scan_flush(grid_sink *s, scan_list *l)
{
    if (!l->c) /* nothing held (and a count or a matrix has no list) */
        return;
    cb_pair *o = s->buf + s->k;
    for (size_t q = 0; q < l->c; q++)
        o[q].i = s->i, o[q].j = l->j[q];
    s->k += l->c, l->c = 0;
}

/* The hits w of elements j0 .. j0+63 (a scan's word, in ascending j; tl:
 * a sweep's times): a list stops at its room, the next hit kept for the
 * cursor (its hits packed in l while the room allows a whole word); a
 * probe at its first hit. */
CB_INLINE void sink_word(int job, grid_sink *s, uint64_t w, uint32_t j0, const float *tl,
                         scan_list *l)
{
    switch (job) {
    case JOB_COUNT: s->k += cb_popcount64(w); return;
    case JOB_MATRIX:
        for (; w; w &= w - 1) {
            uint32_t j = j0 + cb_ctz64(w);
            s->row[j >> 6] |= (uint64_t)1 << (j & 63u);
            s->k++;
        }
        return;
    case JOB_FIRST:
    case JOB_FIRST_COUNT:
        for (; w; w &= w - 1) { /* ascending j: an equal time later never wins */
            unsigned u = cb_ctz64(w);
            if (tl[u] < s->t || (tl[u] == s->t && s->j == CB_NO_J))
                s->t = tl[u], s->j = j0 + u;
        }
        return;
    case JOB_PROBE: s->j = j0 + cb_ctz64(w), s->stop = 1; return;
    default:
        if (s->room - s->k - l->c >= 64) {
            for (unsigned u = 0; u < 64; u += CB_PACK_STEP) {
                uint32_t bits = (uint32_t)(w >> u) & CB_LANES(CB_PACK_STEP);
                v_pack_indices(l->j + l->c, bits, j0 + u);
                l->c += step_count(bits);
            }
            if (l->c >= CB_SCAN_BATCH)
                scan_flush(s, l);
            return;
        }
        scan_flush(s, l);
        for (; w; w &= w - 1) {
            uint32_t j = j0 + cb_ctz64(w);
            if (s->k == s->room) {
                s->next = j, s->stop = 1;
                return;
            }
            s->buf[s->k].i = s->i, s->buf[s->k].j = j;
            s->k++;
        }
        return;
    }
}

/* Sorts one circle's list p[0 .. n-1] by j (the j are distinct, the i all
 * the circle's): nothing to do when they arrived in order; up to
 * CB_SORT_RANK of them, each goes straight to its rank, the count of
 * smaller j, counted CB_W at a time: no branch on the data (an insertion
 * sort, mispredicting, took most of a crowded scene's time). The j are
 * compared as floats: j + 2^23 (j < 2^30) is the bit pattern of a normal
 * positive float, and such floats order as their patterns, in every float
 * mode; +inf pads the last vector. Longer lists: through a bitmap of their
 * j when those span less than CB_SORT_SPAN, else heapsort (grid.h). */
#define CB_SORT_RANK 64u

CB_INLINE void pair_sort(cb_pair *p, size_t n)
{
    if (n <= 1)
        return;
    if (n == 2) { /* the most common case in sparse scenes: one select */
        cb_pair a = p[0], b = p[1];
        int swap = a.j > b.j;
        p[0] = swap ? b : a, p[1] = swap ? a : b;
        return;
    }
    uint32_t down = 0, lo = p[0].j, hi = p[0].j; /* hits from one cell arrive in order */
    for (size_t q = 1; q < n; q++) {
        down |= p[q - 1].j > p[q].j;
        lo = p[q].j < lo ? p[q].j : lo, hi = p[q].j > hi ? p[q].j : hi;
    }
    if (!down)
        return;
    if (n > CB_SORT_RANK) {
        if (hi - lo < CB_SORT_SPAN)
            cb_bitmap_sort_by_j(p, n, lo, hi);
        else
            cb_heapsort_by_j(p, n);
        return;
    }
    cb_pair t[CB_SORT_RANK];
    uint32_t key[CB_SORT_RANK + CB_W];
    float fkey[CB_SORT_RANK + CB_W];
    size_t vecs = (n + CB_W - 1) / CB_W;
    for (size_t q = 0; q < n; q++)
        t[q] = p[q], key[q] = p[q].j + 0x800000u;
    for (size_t q = n; q < vecs * CB_W; q++)
        key[q] = 0x7F800000u;
    memcpy(fkey, key, vecs * CB_W * sizeof *key);
    for (size_t q = 0; q < n; q++) {
        vf b = v_set1(fkey[q]);
        unsigned rank = 0;
        for (size_t v = 0; v < vecs; v++)
            rank += cb_popcount64(v_lt_bits(v_loadu(fkey + v * CB_W), b));
        p[rank] = t[q];
    }
}

/* What one call of the engine (pairs_tmpl.h) reads throughout: the grid,
 * its arrays and levels, the set and the elements by index, the output,
 * the cursor and where it started (circle from, element jfrom). */
typedef struct {
    const cb_grid *g;
    grid_arrays ga;
    grid_levels lv;
    const void *set, *els;
    const grid_out *o;
    cb_pair_cursor *cur;
    size_t m, words, from, jfrom;
    int self, strict;
    vf margin;
} grid_call;

/* What a block of circles asks of the engine's call (pairs_tmpl.h). */
enum { GD_ON, GD_RETURN, GD_FULL };

/* ---- building a grid, and the cull of one call (grid_tmpl.h per element
 * shape; grid.c has the steps' shared parts, the layout and the proof) */

/* What the circles of one call reach: the union of their intervals (a
 * circle with a NaN interval left out), or unbounded. */
typedef struct {
    float x0, x1, y0, y1;
    size_t live;   /* circles with an interval */
    int unbounded; /* one reaches everywhere: no clip */
} grid_clip;

CB_INLINE void plan_clip_by(const void *set, size_t first, size_t end, float margin, spans_fn spans,
                         grid_clip *c)
{
    grid_spans sp;
    vf inf = v_set1(INFINITY), ninf = v_set1(-INFINITY), nan = v_set1(NAN);
    vf x0 = inf, x1 = ninf, y0 = inf, y1 = ninf;
    c->live = 0;
    for (size_t i = first; i < end; i += 64) {
        size_t nb = end - i < 64 ? end - i : 64;
        for (size_t u = 0; u < nb; u += CB_W) {
            v_storeu(sp.lx + u, nan); /* lanes past the set's end: no interval */
            spans(set, i + u, nb - u < CB_W ? nb - u : CB_W, margin, 0.0f, 0.0f, &sp, u);
            vf a = v_loadu(sp.lx + u), b = v_loadu(sp.hx + u);
            vf y = v_loadu(sp.ly + u), d = v_loadu(sp.hy + u);
            vm ok = v_le_m(v_sel(v_le_m(y, d), a, nan), b); /* a NaN: it hits nothing */
            c->live += cb_popcount64(v_mbits(ok));
            x0 = v_min(x0, v_sel(ok, a, inf)), x1 = v_max(x1, v_sel(ok, b, ninf));
            y0 = v_min(y0, v_sel(ok, y, inf)), y1 = v_max(y1, v_sel(ok, d, ninf));
        }
    }
    float l[4][CB_W];
    v_storeu(l[0], x0), v_storeu(l[1], x1), v_storeu(l[2], y0), v_storeu(l[3], y1);
    c->x0 = c->y0 = INFINITY, c->x1 = c->y1 = -INFINITY;
    for (size_t q = 0; q < CB_W; q++) {
        c->x0 = l[0][q] < c->x0 ? l[0][q] : c->x0, c->x1 = l[1][q] > c->x1 ? l[1][q] : c->x1;
        c->y0 = l[2][q] < c->y0 ? l[2][q] : c->y0, c->y1 = l[3][q] > c->y1 ? l[3][q] : c->y1;
    }
    /* an interval reaching an infinity (unbounded, or past the floats)
     * makes the union's bound that infinity */
    c->unbounded = c->live && (c->x0 - c->x0 != 0 || c->x1 - c->x1 != 0 ||
                               c->y0 - c->y0 != 0 || c->y1 - c->y1 != 0);
}

/* The cull's bits: the cells of the cull's grid that some circle of
 * set[first .. end-1] covers. */
CB_INLINE void plan_mark_by(const void *set, size_t first, size_t end, float margin, spans_fn spans,
                         cb_cull *cl)
{
    grid_spans sp;
    for (size_t i = first; i < end; i += 64) {
        size_t nb = end - i < 64 ? end - i : 64;
        for (size_t u = 0; u < nb; u += CB_W)
            spans(set, i + u, nb - u < CB_W ? nb - u : CB_W, margin, 0.0f, 0.0f, &sp, u);
        for (size_t u = 0; u < nb; u++) {
            float a = sp.lx[u], b = sp.hx[u], y = sp.ly[u], d = sp.hy[u];
            if (!(a <= b && y <= d))
                continue;
            cb_cull_mark(cl, cb_cell(a, cl->x0, cl->sx, cl->top_x),
                         cb_cell(b, cl->x0, cl->sx, cl->top_x),
                         cb_cell(y, cl->y0, cl->sy, cl->top_y),
                         cb_cell(d, cl->y0, cl->sy, cl->top_y));
        }
    }
}

/* The clip and the marks of a set of shape one (CIRCLE, ICIRCLE, SWEEP):
 * out of line, so their block of intervals (3 KiB) is off the stack
 * before the engine runs (the stack cbatch.h states); a switch, so each
 * reads its intervals through an inlined spans_<ONE>. */
CB_OUT_OF_LINE void CB_FN(plan_clip)(cb_shape one, const void *set, size_t first, size_t end,
                                     float margin, grid_clip *c)
{
    switch (one) {
    case CB_SHAPE_SWEEP: plan_clip_by(set, first, end, margin, spans_SWEEP, c); return;
    case CB_SHAPE_ICIRCLE: plan_clip_by(set, first, end, margin, spans_ICIRCLE, c); return;
    default: plan_clip_by(set, first, end, margin, spans_CIRCLE, c); return;
    }
}

CB_OUT_OF_LINE void CB_FN(plan_mark)(cb_shape one, const void *set, size_t first, size_t end,
                                     float margin, cb_cull *cl)
{
    switch (one) {
    case CB_SHAPE_SWEEP: plan_mark_by(set, first, end, margin, spans_SWEEP, cl); return;
    case CB_SHAPE_ICIRCLE: plan_mark_by(set, first, end, margin, spans_ICIRCLE, cl); return;
    default: plan_mark_by(set, first, end, margin, spans_CIRCLE, cl); return;
    }
}

/* A vector of elements into slots p .. p+CB_W-1 of the arrays d[0 ..],
 * in the shape's field order (an integer shape's int32s as they are). */
#define CB_STORE_FIELD_F(V, F) v_storeu(*d++ + p, v.V);
#define CB_STORE_FIELD_I(V, F) v_storeu_i((int32_t *)(void *)(*d++ + p), v.V);
#define CB_STORE(S, name, aos)                                                                     \
    _Static_assert(CB_FIELD_COUNT(S) <= CB_GRID_FIELDS, "a grid holds CB_GRID_FIELDS fields");     \
    CB_INLINE void store_##S(float *const *d, size_t p, vshape_##S v)                              \
    {                                                                                              \
        CB_FIELDS_##S(CB_PASTE(CB_STORE_FIELD_, CB_KIND_##S))                                      \
    }
CB_GRID_SHAPES(CB_STORE)
CB_INT_SHAPES(CB_STORE)

#define GM BOX
#include "grid_tmpl.h"
#define GM CIRCLE
#include "grid_tmpl.h"
#define GM OBOX
#include "grid_tmpl.h"
#define GM IBOX
#include "grid_tmpl.h"
#define GM ICIRCLE
#include "grid_tmpl.h"

typedef cb_grid *(*grid_build_fn)(void *mem, const void *els, size_t m, const uint32_t *keep,
                                  size_t kept, int prepared, const grid_clip *clip);
typedef size_t (*grid_cull_fn)(const void *els, size_t m, const cb_cull *cl, uint32_t *keep);

/* A grid built by this backend (the public cb_grid_* functions). */
#define PREPARED 1
cb_grid *CB_FN(cb_grid_build)(void *mem, cb_shape shape, const void *els, size_t m)
{
    switch (shape) {
    case CB_SHAPE_BOX: return CB_FN(grid_build_BOX)(mem, els, m, NULL, 0, PREPARED, NULL);
    case CB_SHAPE_CIRCLE: return CB_FN(grid_build_CIRCLE)(mem, els, m, NULL, 0, PREPARED, NULL);
    case CB_SHAPE_OBOX: return CB_FN(grid_build_OBOX)(mem, els, m, NULL, 0, PREPARED, NULL);
    case CB_SHAPE_IBOX: return CB_FN(grid_build_IBOX)(mem, els, m, NULL, 0, PREPARED, NULL);
    case CB_SHAPE_ICIRCLE: return CB_FN(grid_build_ICIRCLE)(mem, els, m, NULL, 0, PREPARED, NULL);
    default: return NULL; /* not a shape of elements (the public builders name one) */
    }
}

/*
 * One all-pairs call's grid: the one its scratch holds for this range when
 * the cursor names it, else built there. Against other elements, first what
 * the range's circles reach: with none that can hit, an empty grid; with
 * far more elements than circles (CB_CULL_RATIO), the elements whose cells
 * meet no circle's dropped (the cull's grid of bits); otherwise the
 * elements outside the circles' union left out as the grid is built. Self
 * pairs: the set is its own elements, all of them. *stamp: its name for the
 * cursor.
 */
#define CB_CULL_RATIO 8u /* cull when the elements outnumber the circles this much */

CB_INLINE const cb_grid *plan_grid(const cb_args *a, cb_shape one, const void *set,
                                   cb_shape shape, const void *els, size_t m, size_t end,
                                   float margin, int self, grid_build_fn build,
                                   grid_cull_fn cull, uint64_t *stamp)
{
    cb_plan_key key;
    size_t first = a->cursor->circle;
    cb_plan_key_of(&key, one, set, a->n_circles, shape, els, m, first, end, margin, self);
    const cb_grid *g = cb_plan_find(a->scratch, &key, a->cursor->plan & ~CB_PAIRS_RANGE_END);
    if (g) {
        *stamp = a->cursor->plan & ~CB_PAIRS_RANGE_END;
        return g;
    }
    cb_plan_mem pm = cb_plan_memory(a->scratch, m);
    const uint32_t *keep = NULL;
    size_t kept = 0;
    grid_clip clip;
    const grid_clip *by = NULL;
    if (!self) {
        CB_FN(plan_clip)(one, set, first, end, margin, &clip);
        if (!clip.live) { /* no circle can hit anything: an empty grid */
            keep = pm.keep;
        } else if (!clip.unbounded && clip.live * (uint64_t)CB_CULL_RATIO <= m) {
            cb_cull cl;
            cb_cull_begin(&cl, pm.cull, clip.x0, clip.x1, clip.y0, clip.y1, clip.live);
            CB_FN(plan_mark)(one, set, first, end, margin, &cl);
            kept = cull(els, m, &cl, pm.keep), keep = pm.keep;
        } else if (!clip.unbounded) {
            by = &clip;
        }
    }
    g = build(pm.grid, els, m, keep, kept, 0, by);
    *stamp = cb_plan_commit(a->scratch, &key);
    return g;
}
