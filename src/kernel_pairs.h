/* kernel_pairs.h - the many-against-many driver: circles against a grid (build, cull, per-circle runs, sinks, rank sort), and the lane loads of candidate pairs */
/* Part of kernel_template.h, which a backend file includes once (with its
 * primitives defined); not a header of its own. */

/* ---- many against many: circles against a grid (grid.h; grid.c proves
 * the cull and builds the grid)
 *
 * For each circle of the range, in order: its intervals (the operations
 * grid.c states, on CB_W circles at a time), its cells on each level, and
 * for each row it reads one run of entries, the query body on CB_W entries
 * at a time (the entries are SoA copies of the elements, so the pair's
 * answer is the one-circle query's); the hits go to a sink. The sinks:
 * count them (a count-only call), set matrix bits, or gather the circle's
 * pairs in the caller's output (grid.h), sort them by element, and for
 * contacts compute their records from the gathered entries. */

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

/* The intervals of circles i .. i+k-1 of the set (1 <= k <= CB_W), stored
 * at lx[at ..] and so on. */
/* A block of up to 64 circles: their intervals; on the first level that
 * holds entries (the finest: most elements, and most scenes have no
 * other), their cells and the runs of their first two rows; the other
 * levels and rows are read circle by circle. */
typedef struct {
    float lx[64], hx[64], ly[64], hy[64];
    float cell[4][64];         /* c0, c1, r0, r1 on the first level, whole floats */
    uint32_t run[4][64];       /* its rows r0 and r0 + 1: entries run[0] .. run[1]-1, and
                                  run[2] .. run[3]-1 (empty when the circle has one row) */
    uint8_t rest[64];          /* more rows there (r1 > r0 + 1) */
} grid_spans;

/* The cells of circles at .. at+k-1 of the block on level l. */
CB_INLINE void circle_cells(const cb_grid *g, unsigned l, grid_spans *sp, size_t at, size_t k)
{
    const cb_grid_level *lv = &g->level[l];
    vf a = load_lanes(sp->lx + at, k), b = load_lanes(sp->hx + at, k);
    vf c = load_lanes(sp->ly + at, k), d = load_lanes(sp->hy + at, k);
    v_storeu(sp->cell[0] + at, grid_cell(a, g->x0, lv->sx, lv->top_x));
    v_storeu(sp->cell[1] + at, grid_cell(b, g->x0, lv->sx, lv->top_x));
    v_storeu(sp->cell[2] + at, grid_cell(c, g->y0, lv->sx, lv->top_y));
    v_storeu(sp->cell[3] + at, grid_cell(d, g->y0, lv->sx, lv->top_y));
}

/* The runs of the first two rows of circles 0 .. nb-1 of the block on
 * level l: independent loads, no branch on the data. */
CB_INLINE void circle_runs(const cb_grid *g, unsigned l, const uint32_t *start, grid_spans *sp,
                           size_t nb)
{
    const cb_grid_level *lv = &g->level[l];
    for (size_t u = 0; u < nb; u++) {
        uint32_t c0 = (uint32_t)sp->cell[0][u], c1 = (uint32_t)sp->cell[1][u];
        uint32_t r0 = (uint32_t)sp->cell[2][u], r1 = (uint32_t)sp->cell[3][u];
        c0 -= c0 > 0; /* elements are filed in their low column, one may reach here */
        const uint32_t *row = start + lv->cell0 + (size_t)r0 * lv->cols;
        const uint32_t *next = r1 > r0 ? row + lv->cols : row;
        sp->run[0][u] = row[c0], sp->run[1][u] = row[c1 + 1];
        sp->run[2][u] = next[c0], sp->run[3][u] = r1 > r0 ? next[c1 + 1] : next[c0];
        sp->rest[u] = r1 > r0 + 1;
    }
}

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

/* Per kind of set (CIRCLE, or ICIRCLE for the integer elements):
 *   spans_<ONE>(set, i, k, margin, gx, gy, o, at)  the intervals of circles
 *       i .. i+k-1 (1 <= k <= CB_W) of the set, at o->lx[at ..] and so on;
 *       an integer circle's converted to floats (grid.c: conservative in
 *       every float mode), its contacts taking no margin
 *   member_<ONE>(set, i, &one)  circle i in every lane; 0 when it hits nothing
 *       (a NaN in a float circle, a negative integer radius) */
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

/* What a sink keeps of one circle's hits (the kind is a constant after
 * inlining): FIRST and FIRST_COUNT (a sweep's first hit, written or
 * counted) keep the least time. */
enum { GK_COUNT, GK_PAIRS, GK_MATRIX, GK_CONTACTS, GK_FIRST, GK_FIRST_COUNT };

typedef struct {
    size_t k;     /* hits taken */
    size_t jmin;  /* only pairs with j >= jmin */
    size_t room;  /* PAIRS, CONTACTS: slots in buf */
    cb_pair *buf; /* ... the output after the pairs already written */
    int heap;     /* more hits than room: buf is a max-heap of the smallest */
    uint32_t i;   /* the circle */
    uint64_t *row; /* MATRIX: the circle's row */
    float t;      /* FIRST: the least time so far (1: none yet, the latest a hit has) */
    uint32_t j, pos; /* ... its element (UINT32_MAX: none) and entry */
} grid_sink;

CB_INLINE void sink_hit(int kind, grid_sink *s, uint32_t j, uint32_t pos, float t)
{
    if (j < s->jmin)
        return;
    if (kind == GK_FIRST || kind == GK_FIRST_COUNT) {
        /* the entries come in cell order: ties go to the lower index here */
        if (t < s->t || (t == s->t && j < s->j))
            s->t = t, s->j = j, s->pos = pos;
    } else if (kind == GK_COUNT) {
        s->k++;
    } else if (kind == GK_MATRIX) {
        s->row[j >> 6] |= (uint64_t)1 << (j & 63u);
        s->k++;
    } else {
        cb_pair p = {kind == GK_PAIRS ? s->i : pos, j};
        if (s->k < s->room) {
            s->buf[s->k++] = p;
            return;
        }
        if (!s->heap)
            cb_heap_make(s->buf, s->room), s->heap = 1;
        if (j < s->buf[0].j)
            s->buf[0] = p, cb_heap_down(s->buf, s->room, 0);
    }
}

/* Sorts one circle's hits p[0 .. n-1] by j (the j are distinct): nothing
 * to do when they arrived in order; up to CB_SORT_RANK of them, each goes
 * straight to its rank, the count of
 * smaller j, counted CB_W at a time: no branch on the data (an insertion
 * sort, mispredicting, took most of a crowded scene's time). The j are
 * compared as floats: j + 2^23 (j < 2^30) is the bit pattern of a normal
 * positive float, and such floats order as their patterns, in every float
 * mode; +inf pads the last vector. Longer lists: ranked in a bitmap of
 * their j when those span less than CB_SORT_SPAN, else heapsort (grid.h). */
#define CB_SORT_RANK 64u

CB_INLINE void grid_sort(cb_pair *p, size_t n)
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
            cb_span_sort_by_j(p, n, lo, hi);
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

/* The grid's arrays as the SoA view the loaders read: the grid's field
 * arrays in the shape's field order (an integer shape's hold its int32s). */
#define CB_VIEW_MEMBER(S, name, aos) cb_##name##_soa name;
typedef struct {
    union {
        CB_GRID_SHAPES(CB_VIEW_MEMBER)
        CB_INT_SHAPES(CB_VIEW_MEMBER)
    } view;
    const uint32_t *start, *idx;
    const float *key;
} grid_arrays;

#define CB_VIEW_FIELD(V, F) s_->F = (const void *)*f_++;
#define CB_VIEW_OF(S, name, aos)                                                                   \
    if (g->shape == CB_SHAPE_##S) {                                                                \
        cb_##name##_soa *s_ = &a.view.name;                                                        \
        const float *const *f_ = f;                                                                \
        CB_FIELDS_##S(CB_VIEW_FIELD)                                                               \
    }
CB_INLINE grid_arrays arrays_of(const cb_grid *g)
{
    grid_arrays a;
    const float *f[CB_GRID_FIELDS];
    for (unsigned k = 0; k < CB_GRID_FIELDS; k++)
        f[k] = CB_GRID_AT(g, g->off_f[k], const float);
    CB_GRID_SHAPES(CB_VIEW_OF)
    CB_INT_SHAPES(CB_VIEW_OF)
    a.start = CB_GRID_AT(g, g->off_start, const uint32_t);
    a.idx = CB_GRID_AT(g, g->off_idx, const uint32_t);
    a.key = CB_GRID_AT(g, g->off_key, const float);
    return a;
}

/* Where a pair call writes: the pair list, the matrix, or the records
 * (float or integer ones, by the set's kind). */
typedef struct {
    cb_pair *pairs;
    uint64_t *matrix;
    const cb_pair_contacts *contacts;
    const cb_int_pair_contacts *icontacts;
    const cb_pair_sweep_hits *sweeps;
    size_t capacity;
} grid_out;

/* The selection bits of a vector of entries, per query; a sweep's also
 * leaves its lanes' times in tl, and selects the lanes no later than the
 * sink's best. */
#define CB_GRID_TEST_OVERLAP(one, many, o, v, margin, strict, s, tl)                               \
    ((void)(margin), query_OVERLAP_##one##_##many(o, v, strict))
#define CB_GRID_TEST_CONTACTS(one, many, o, v, margin, strict, s, tl)                              \
    select_CONTACTS_##one##_##many(o, v, margin, strict)
#define CB_GRID_TEST_SWEEP(one, many, o, v, margin, strict, s, tl)                                 \
    ((void)(margin), grid_times(query_SWEEP_##one##_##many(o, v, strict), (s)->t, tl))

#define CB_GRID_T_OVERLAP(tl, u) 0.0f
#define CB_GRID_T_CONTACTS(tl, u) 0.0f
#define CB_GRID_T_SWEEP(tl, u) (tl)[u]

CB_INLINE uint32_t grid_times(vf t, float best, float *tl)
{
    v_storeu(tl, t);
    return v_le_bits(t, v_set1(best));
}

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

/* The pair array of a pair call's records. */
CB_INLINE cb_pair *record_pairs_F(const grid_out *o) { return o->contacts->pair; }
CB_INLINE cb_pair *record_pairs_I(const grid_out *o) { return o->icontacts->pair; }

/* A sweep's first hit, record c of the output (the sweep records' lanes). */
CB_INLINE void store_pair_first_hit(const grid_out *o, size_t c, vrecords r)
{
    const cb_pair_sweep_hits *h = o->sweeps;
    cb_contacts v = {NULL, h->normal_x, h->normal_y, h->t, h->point_x, h->point_y, h->feature};
    store_contacts(&v, c, r, 1, 1);
}

/* The records of the got pairs at buf (.i the entry's position until
 * then), stored from record `at` of the output: the one-circle query's
 * records body on the gathered entries. */
#define CB_GRID_RECORDS_OVERLAP(one, many, o1, ga, buf, got, at, o, i, strict)
#define CB_GRID_RECORDS_SWEEP(one, many, o1, ga, buf, got, at, o, i, strict)                       \
    if (got) {                                                                                     \
        uint32_t pos_ = (buf)[0].i;                                                                \
        (buf)[0].i = (uint32_t)(i);                                                                \
        vshape_##many v_ = gather_##many##_SOA(&(ga)->view, &pos_, 1);                             \
        store_pair_first_hit(o, at, records_SWEEP_##one##_##many(o1, v_, strict));                 \
    }
#define CB_GRID_RECORDS_CONTACTS(one, many, o1, ga, buf, got, at, o, i, strict)                    \
    for (size_t c_ = 0; c_ < (got); c_ += CB_W) {                                                  \
        size_t k_ = (got) - c_ < CB_W ? (got) - c_ : CB_W, room_ = (o)->capacity - (at) - c_;      \
        uint32_t pos_[CB_W];                                                                       \
        for (size_t q_ = 0; q_ < k_; q_++)                                                         \
            pos_[q_] = (buf)[c_ + q_].i, (buf)[c_ + q_].i = (uint32_t)(i);                         \
        vshape_##many v_ = gather_##many##_SOA(&(ga)->view, pos_, k_);                             \
        CB_PASTE(store_pair_records_, CB_KIND_##one)(o, (at) + c_,                                 \
                                                     records_CONTACTS_##one##_##many(o1, v_), k_,  \
                                                     room_);                                       \
    }

/*
 * For one (query, element shape):
 *   grid_run_<Q>_<M>     one run of entries [p0, p1) for one circle
 *   grid_circle_<Q>_<M>  every run of one circle
 *   grid_pairs_<Q>_<M>   the circles [cursor->circle, end) with one sink:
 *                        returns the count (COUNT), the bits set (MATRIX)
 *                        or the pairs written (PAIRS, CONTACTS), and moves
 *                        the cursor (not for COUNT)
 * self: pairs with j > i only (the grid holds the set itself).
 */
#define CB_GRID_QUERY(query, one_, many)                                                           \
    CB_INLINE void grid_run_##query##_##many(int kind, const vshape_##one_ *one, vf margin,        \
                                             const grid_arrays *ga, size_t p0, size_t p1,          \
                                             int later_row, int strict, grid_sink *s)              \
    {                                                                                              \
        float tl[CB_W]; /* SWEEP: the times */                                                     \
        (void)tl;                                                                                  \
        for (size_t p = p0; p < p1;) {                                                             \
            vshape_##many v = load_##many##_SOA(&ga->view, p, CB_W);                               \
            uint32_t bits = CB_GRID_TEST_##query(one_, many, *one, v, margin, strict, s, tl);      \
            if (p1 - p < CB_W) /* entries of the next cells: not this run */                       \
                bits &= (uint32_t)(((uint64_t)1 << (p1 - p)) - 1u);                               \
            if (later_row) /* an element of two rows is taken in the first one read */             \
                bits &= v_le_bits(v_loadu(ga->key + p), v_set1(0.0f));                             \
            for (; bits; bits &= bits - 1u) {                                                      \
                unsigned u = cb_ctz64(bits);                                                       \
                sink_hit(kind, s, ga->idx[p + u], (uint32_t)(p + u), CB_GRID_T_##query(tl, u));    \
            }                                                                                      \
            p += CB_W;                                                                             \
        }                                                                                          \
    }                                                                                              \
    /* Every run of circle u of the block: the first level's first two rows \
     * from the block's runs, its further rows, then every other level.   \
     * first: that level's number (g->levels when no level has entries);  \
     * others: whether a later level has entries. */                       \
    CB_INLINE void grid_circle_##query##_##many(int kind, const cb_grid *g, const grid_arrays *ga, \
                                                const vshape_##one_ *one, vf margin,               \
                                                const grid_spans *sp, size_t u, unsigned first,    \
                                                int others, int strict, grid_sink *s)              \
    {                                                                                              \
        if (sp->run[0][u] < sp->run[1][u])                                                         \
            grid_run_##query##_##many(kind, one, margin, ga, sp->run[0][u], sp->run[1][u], 0,      \
                                      strict, s);                                                  \
        if (sp->run[2][u] < sp->run[3][u])                                                         \
            grid_run_##query##_##many(kind, one, margin, ga, sp->run[2][u], sp->run[3][u], 1,      \
                                      strict, s);                                                  \
        if (!others && !sp->rest[u]) /* most circles: done */                                      \
            return;                                                                                \
        for (unsigned l = first; l < g->levels; l++) {                                             \
            const cb_grid_level *lv = &g->level[l];                                                \
            if (!lv->entries || (l == first && !sp->rest[u]))                                      \
                continue;                                                                          \
            uint32_t c0 = cb_cell(sp->lx[u], g->x0, lv->sx, lv->top_x);                            \
            uint32_t c1 = cb_cell(sp->hx[u], g->x0, lv->sx, lv->top_x);                            \
            uint32_t r0 = cb_cell(sp->ly[u], g->y0, lv->sx, lv->top_y);                            \
            uint32_t r1 = cb_cell(sp->hy[u], g->y0, lv->sx, lv->top_y);                            \
            c0 -= c0 > 0; /* elements are filed in their low column, one may reach here */         \
            for (uint32_t r = l == first ? r0 + 2 : r0; r <= r1; r++) {                            \
                const uint32_t *row = ga->start + lv->cell0 + (size_t)r * lv->cols;                \
                grid_run_##query##_##many(kind, one, margin, ga, row[c0], row[c1 + 1], r > r0,     \
                                          strict, s);                                              \
            }                                                                                      \
        }                                                                                          \
    }                                                                                              \
    CB_INLINE size_t grid_pairs_##query##_##many(int kind, const cb_grid *g, const void *set,      \
                                                 cb_pair_cursor *cur,                              \
                                                 size_t end, int self, float margin, int strict,   \
                                                 const grid_out *o)                                \
    {                                                                                              \
        grid_arrays ga = arrays_of(g);                                                             \
        grid_spans sp;                                                                             \
        unsigned first = 0, others = 0; /* the first level with entries; any after it? */          \
        while (first < g->levels && !g->level[first].entries)                                      \
            first++;                                                                               \
        for (unsigned l = first + 1; l < g->levels; l++)                                           \
            others |= g->level[l].entries != 0;                                                    \
        size_t i = cur->circle, jfrom = cur->element, done = 0, m = (size_t)g->m;                  \
        size_t words = m / 64 + (m % 64 != 0);                                                     \
        vf vmargin = v_set1(margin);                                                               \
        while (i < end) {                                                                          \
            size_t nb = end - i < 64 ? end - i : 64;                                               \
            for (size_t u = 0; u < nb; u += CB_W)                                                  \
                spans_##one_(set, i + u, nb - u < CB_W ? nb - u : CB_W, margin, g->gx, g->gy, &sp, \
                             u);                                                                   \
            if (first < g->levels) {                                                               \
                for (size_t u = 0; u < nb; u += CB_W)                                              \
                    circle_cells(g, first, &sp, u, nb - u < CB_W ? nb - u : CB_W);                 \
                circle_runs(g, first, ga.start, &sp, nb);                                          \
            } else {                                                                               \
                memset(sp.run, 0, sizeof sp.run), memset(sp.rest, 0, sizeof sp.rest);              \
            }                                                                                      \
            for (size_t u = 0; u < nb; u++, i++, jfrom = 0) {                                      \
                if ((kind == GK_PAIRS || kind == GK_CONTACTS || kind == GK_FIRST) &&               \
                    done == o->capacity) {                                                         \
                    cur->circle = i, cur->element = jfrom;                                         \
                    return done;                                                                   \
                }                                                                                  \
                if (kind == GK_MATRIX)                                                             \
                    memset(o->matrix + i * words, 0, words * sizeof *o->matrix);                   \
                /* nothing to test: no entries in its runs, nothing beyond them */                \
                if (sp.run[0][u] == sp.run[1][u] && sp.run[2][u] == sp.run[3][u] &&               \
                    !sp.rest[u] && !others)                                                        \
                    continue;                                                                      \
                grid_sink s;                                                                       \
                s.k = 0, s.heap = 0, s.i = (uint32_t)i;                                            \
                s.row = kind == GK_MATRIX ? o->matrix + i * words : NULL;                          \
                s.jmin = kind >= GK_FIRST ? 0 : self && jfrom <= i ? i + 1 : jfrom;                \
                s.t = 1.0f, s.j = UINT32_MAX, s.pos = 0;                                           \
                s.buf = kind == GK_CONTACTS ? CB_PASTE(record_pairs_, CB_KIND_##one_)(o) + done    \
                        : kind == GK_FIRST  ? o->sweeps->pair + done                               \
                        : kind == GK_PAIRS  ? o->pairs + done                                      \
                                            : NULL;                                                \
                s.room = o->capacity - done;                                                       \
                vshape_##one_ one;                                                                 \
                if (member_##one_(set, i, &one) && s.jmin < m)                                     \
                    grid_circle_##query##_##many(kind, g, &ga, &one, vmargin, &sp, u, first,       \
                                                 others, strict, &s);                              \
                if (kind >= GK_FIRST) /* the first hit, if any: one record */                    \
                    s.k = s.j != UINT32_MAX;                                                       \
                if (kind == GK_FIRST && s.k)                                                       \
                    s.buf[0].i = s.pos, s.buf[0].j = s.j;                                          \
                if (kind == GK_COUNT || kind == GK_MATRIX || kind == GK_FIRST_COUNT) {             \
                    done += s.k;                                                                   \
                    continue;                                                                      \
                }                                                                                  \
                size_t got = s.heap ? s.room : s.k;                                                \
                grid_sort(s.buf, got);                                                             \
                CB_GRID_RECORDS_##query(one_, many, one, &ga, s.buf, got, done, o, i, strict);     \
                done += got;                                                                       \
                if (s.heap) { /* more pairs than room: the rest of this circle next time */        \
                    cur->circle = i, cur->element = (size_t)s.buf[got - 1].j + 1;                  \
                    return done;                                                                   \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
        if (kind != GK_COUNT && kind != GK_FIRST_COUNT)                                            \
            cur->circle = end, cur->element = 0;                                                   \
        return done;                                                                               \
    }

/* ---- building a grid, and the cull (grid.c has the steps' shared parts,
 * the layout and the proof) */

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

/* A vector of elements into entries p .. p+CB_W-1 of the grid's arrays
 * d[0 ..], in the shape's field order (an integer shape's int32s as they
 * are). */
#define CB_STORE_FIELD_F(V, F) v_storeu(*d++ + p, v.V);
#define CB_STORE_FIELD_I(V, F) v_storeu_i((int32_t *)(void *)(*d++ + p), v.V);
#define CB_STORE(S, name, aos)                                                                     \
    _Static_assert(CB_FIELD_COUNT(S) <= CB_GRID_FIELDS, "a grid holds CB_GRID_FIELDS fields");     \
    CB_INLINE void store_##S(float *const *d, size_t p, vshape_##S v)                             \
    {                                                                                              \
        CB_FIELDS_##S(CB_PASTE(CB_STORE_FIELD_, CB_KIND_##S))                                      \
    }
CB_GRID_SHAPES(CB_STORE)
CB_INT_SHAPES(CB_STORE)

/* CB_W elements, from q (keep == NULL) or keep[q ..] (k of them). */
#define CB_ELEMENTS(many, els, keep, q, k, v)                                                      \
    do {                                                                                           \
        if (keep)                                                                                  \
            (v) = gather_##many##_SOA(els, (keep) + (q), k);                                       \
        else                                                                                       \
            (v) = load_##many##_SOA(els, q, k);                                                    \
    } while (0)

/*
 * For one element shape:
 *   grid_build_<M>(mem, els, m, keep, kept)  a grid of els (all m, or the
 *       kept listed in keep) in mem (64-byte aligned, cb_grid_bytes(m)):
 *       a sample's survey, then pass 1 (each element's first cell, counted;
 *       on the finest level in vectors, elsewhere through cb_grid_place),
 *       the counts summed, and pass 2 (the entries filled, cell by cell,
 *       ascending element index)
 *   grid_cull_<M>(set, first, end, margin, els, m, keep, bits)  the
 *       elements some circle of set[first .. end-1] may reach, ascending in
 *       keep, their number; SIZE_MAX when there is no cull (too few
 *       elements, or a circle reaching everywhere)
 */
#define CB_CULL_RATIO 8u /* cull when the elements outnumber the circles this much */

#define CB_GRID_BUILDER(many)                                                                      \
    static cb_grid *CB_FN(grid_build_##many)(void *mem, const void *els, size_t m,                 \
                                             const uint32_t *keep, size_t kept, unsigned per)      \
    {                                                                                              \
        cb_grid *g = (cb_grid *)mem;                                                               \
        size_t count = keep ? kept : m, step = cb_survey_step(count);                              \
        float lx[CB_W], hx[CB_W], ly[CB_W], hy[CB_W];                                              \
        cb_survey sv;                                                                              \
        cb_survey_init(&sv);                                                                       \
        for (size_t q = 0; q < count; q += step * CB_W) {                                          \
            uint32_t at[CB_W];                                                                     \
            size_t k = 0;                                                                          \
            for (; k < CB_W && q + k * step < count; k++)                                          \
                at[k] = keep ? keep[q + k * step] : (uint32_t)(q + k * step);                      \
            vshape_##many v = gather_##many##_SOA(els, at, k);                                     \
            vf a, b, c, d;                                                                         \
            uint32_t ok = el_spans_##many(v, &a, &b, &c, &d) & CB_LANES(k);                        \
            v_storeu(lx, a), v_storeu(hx, b), v_storeu(ly, c), v_storeu(hy, d);                    \
            cb_survey_add(&sv, lx, hx, ly, hy, ok, k);                                             \
        }                                                                                          \
        uint64_t cells = cb_grid_begin(g, CB_SHAPE_##many, m, count, &sv, per);                    \
        uint32_t *start = CB_GRID_AT(g, g->off_start, uint32_t), *tmp = cb_grid_tmp(g);            \
        const cb_grid_level l0 = g->level[0];                                                      \
        for (size_t q = 0; q < count; q += CB_W) {                                                 \
            size_t k = count - q < CB_W ? count - q : CB_W;                                        \
            vshape_##many v;                                                                       \
            vf a, b, c, d;                                                                         \
            CB_ELEMENTS(many, els, keep, q, k, v);                                                 \
            uint32_t ok = el_spans_##many(v, &a, &b, &c, &d) & CB_LANES(k);                        \
            vf c0 = grid_cell(a, g->x0, l0.sx, l0.top_x), c1 = grid_cell(b, g->x0, l0.sx, l0.top_x); \
            vf r0 = grid_cell(c, g->y0, l0.sx, l0.top_y), r1 = grid_cell(d, g->y0, l0.sx, l0.top_y); \
            vf one = v_set1(1.0f);                                                                 \
            uint32_t fit = v_le_bits(v_sub(c1, c0), one) & v_le_bits(v_sub(r1, r0), one);          \
            uint32_t two = v_lt_bits(r0, r1);                                                      \
            float fc[CB_W], fr[CB_W];                                                              \
            v_storeu(fc, c0), v_storeu(fr, r0);                                                    \
            if ((ok & fit) != ok)                                                                  \
                v_storeu(lx, a), v_storeu(hx, b), v_storeu(ly, c), v_storeu(hy, d);                \
            for (size_t u = 0; u < k; u++) {                                                       \
                uint32_t t = UINT32_MAX;                                                           \
                if (ok >> u & 1) {                                                                 \
                    uint32_t cols = l0.cols;                                                       \
                    if (fit >> u & 1) {                                                            \
                        t = (uint32_t)fr[u] * cols + (uint32_t)fc[u];                              \
                        t |= (two >> u & 1) ? CB_GRID_TWO_ROWS : 0u;                               \
                    } else {                                                                       \
                        t = cb_grid_place(g, lx[u], hx[u], ly[u], hy[u]);                          \
                        cols = cb_grid_cols_at(g, t & ~CB_GRID_TWO_ROWS);                          \
                    }                                                                              \
                    uint32_t cell = t & ~CB_GRID_TWO_ROWS;                                         \
                    start[cell + 1]++;                                                             \
                    if (t & CB_GRID_TWO_ROWS)                                                      \
                        start[cell + cols + 1]++;                                                  \
                }                                                                                  \
                tmp[q + u] = t;                                                                    \
            }                                                                                      \
        }                                                                                          \
        cb_grid_prefix(g, cells);                                                                  \
        /* pass 2: each entry's element and key, cell by cell; then the      \
         * elements' fields, entry by entry (random reads and sequential     \
         * writes: faster than writing six arrays at random) */               \
        uint32_t *idx = CB_GRID_AT(g, g->off_idx, uint32_t);                                       \
        float *key = CB_GRID_AT(g, g->off_key, float), *dst[CB_GRID_FIELDS];                       \
        for (size_t q = 0; q < count; q++) {                                                       \
            uint32_t t = tmp[q];                                                                   \
            if (t == UINT32_MAX)                                                                   \
                continue;                                                                          \
            uint32_t j = keep ? keep[q] : (uint32_t)q, cell = t & ~CB_GRID_TWO_ROWS;               \
            uint32_t p = start[cell + 1]++;                                                        \
            idx[p] = j, key[p] = 0.0f;                                                             \
            if (t & CB_GRID_TWO_ROWS) {                                                            \
                p = start[cell + cb_grid_cols_at(g, cell) + 1]++;                                  \
                idx[p] = j, key[p] = 1.0f;                                                         \
            }                                                                                      \
        }                                                                                          \
        for (unsigned f = 0; f < CB_GRID_FIELDS; f++)                                              \
            dst[f] = CB_GRID_AT(g, g->off_f[f], float);                                            \
        for (size_t p = 0; p < g->count; p += CB_W) { /* whole vectors: into the padding */        \
            size_t k = g->count - p < CB_W ? g->count - p : CB_W;                                  \
            vshape_##many v = gather_##many##_SOA(els, idx + p, k);                                \
            store_##many(dst, p, v);                                                               \
        }                                                                                          \
        cb_grid_finish(g, cells);                                                                  \
        return g;                                                                                  \
    }
#define CB_GRID_CULL(many, one)                                                                    \
    static size_t CB_FN(grid_cull_##one##_##many)(const void *set, size_t first, size_t end,       \
                                                  float margin, const void *els, size_t m,         \
                                                  uint32_t *keep, uint64_t *bits)                  \
    {                                                                                              \
        if ((end - first) * (uint64_t)CB_CULL_RATIO > m)                                           \
            return SIZE_MAX;                                                                       \
        grid_spans sp;                                                                             \
        float x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;                        \
        size_t live = 0;                                                                           \
        for (int pass = 0; pass < 2; pass++) {                                                     \
            cb_cull cl;                                                                            \
            if (pass) {                                                                            \
                if (!live)                                                                         \
                    return 0; /* no circle can hit anything */                                     \
                cb_cull_begin(&cl, bits, x0, x1, y0, y1, live);                                    \
            }                                                                                      \
            for (size_t i = first; i < end; i += 64) {                                             \
                size_t nb = end - i < 64 ? end - i : 64;                                           \
                for (size_t u = 0; u < nb; u += CB_W)                                              \
                    spans_##one(set, i + u, nb - u < CB_W ? nb - u : CB_W, margin, 0.0f, 0.0f,     \
                                &sp, u);                                                           \
                for (size_t u = 0; u < nb; u++) {                                                  \
                    vshape_##one o_;                                                               \
                    if (!member_##one(set, i + u, &o_)) /* it hits nothing */                      \
                        continue;                                                                  \
                    float a = sp.lx[u], b = sp.hx[u], c = sp.ly[u], d = sp.hy[u];                  \
                    if (!pass) {                                                                   \
                        if (a - a != 0 || b - b != 0 || c - c != 0 || d - d != 0)                  \
                            return SIZE_MAX; /* it reaches everywhere */                           \
                        x0 = a < x0 ? a : x0, x1 = b > x1 ? b : x1;                                \
                        y0 = c < y0 ? c : y0, y1 = d > y1 ? d : y1;                                \
                        live++;                                                                    \
                        continue;                                                                  \
                    }                                                                              \
                    cb_cull_mark(&cl, cb_cell(a, cl.x0, cl.sx, cl.top_x),                          \
                                 cb_cell(b, cl.x0, cl.sx, cl.top_x),                               \
                                 cb_cell(c, cl.y0, cl.sy, cl.top_y),                               \
                                 cb_cell(d, cl.y0, cl.sy, cl.top_y));                              \
                }                                                                                  \
            }                                                                                      \
            if (!pass)                                                                             \
                continue;                                                                          \
            size_t kept = 0;                                                                       \
            for (size_t q = 0; q < m; q += CB_W) {                                                 \
                size_t k = m - q < CB_W ? m - q : CB_W;                                            \
                vshape_##many v = load_##many##_SOA(els, q, k);                                    \
                vf a, b, c, d;                                                                     \
                uint32_t ok = el_spans_##many(v, &a, &b, &c, &d) & CB_LANES(k);                    \
                /* inside the circles' span: ordered compares, and no NaN is left */               \
                ok &= v_le_bits(v_set1(cl.x0), b) & v_le_bits(a, v_set1(cl.x1)) &                  \
                      v_le_bits(v_set1(cl.y0), d) & v_le_bits(c, v_set1(cl.y1));                   \
                if (!ok)                                                                           \
                    continue;                                                                      \
                float fc0[CB_W], fc1[CB_W], fr0[CB_W], fr1[CB_W];                                  \
                v_storeu(fc0, grid_cell(a, cl.x0, cl.sx, cl.top_x));                               \
                v_storeu(fc1, grid_cell(b, cl.x0, cl.sx, cl.top_x));                               \
                v_storeu(fr0, grid_cell(c, cl.y0, cl.sy, cl.top_y));                               \
                v_storeu(fr1, grid_cell(d, cl.y0, cl.sy, cl.top_y));                               \
                for (; ok; ok &= ok - 1u) {                                                        \
                    unsigned u = cb_ctz64(ok);                                                     \
                    if (cb_cull_meets(&cl, (uint32_t)fc0[u], (uint32_t)fc1[u], (uint32_t)fr0[u],   \
                                      (uint32_t)fr1[u]))                                           \
                        keep[kept++] = (uint32_t)(q + u);                                          \
                }                                                                                  \
            }                                                                                      \
            return kept;                                                                           \
        }                                                                                          \
        return SIZE_MAX;                                                                           \
    }

/* Every element shape's builder, and a cull per set kind that pairs with
 * it: circles with the float shapes, integer circles with the integer
 * ones, sweeps with boxes and circles. */
#define CB_GRID_BUILDER_OF(S, name, aos) CB_GRID_BUILDER(S) CB_GRID_CULL(S, CIRCLE)
CB_GRID_SHAPES(CB_GRID_BUILDER_OF)
#define CB_GRID_BUILDER_OF_INT(S, name, twin) CB_GRID_BUILDER(S) CB_GRID_CULL(S, ICIRCLE)
CB_INT_SHAPES(CB_GRID_BUILDER_OF_INT)
CB_GRID_CULL(BOX, SWEEP)
CB_GRID_CULL(CIRCLE, SWEEP)

typedef cb_grid *(*grid_build_fn)(void *mem, const void *els, size_t m, const uint32_t *keep,
                                  size_t kept, unsigned per);
typedef size_t (*grid_cull_fn)(const void *set, size_t first, size_t end, float margin,
                               const void *els, size_t m, uint32_t *keep, uint64_t *bits);

/* A grid built by this backend (the public cb_grid_* functions). */
#define CB_GRID_BUILD_OF(S, name, aos)                                                             \
    if (shape == CB_SHAPE_##S)                                                                     \
        return CB_FN(grid_build_##S)(mem, els, m, NULL, 0, CB_GRID_CELLS_PREPARED);
cb_grid *CB_FN(cb_grid_build)(void *mem, cb_shape shape, const void *els, size_t m)
{
    CB_GRID_SHAPES(CB_GRID_BUILD_OF)
    CB_INT_SHAPES(CB_GRID_BUILD_OF)
    return NULL; /* not a shape of elements (the public builders name one) */
}

/* One all-pairs call's grid: the one its scratch holds for this range when
 * the cursor names it, else built there (after the cull; self pairs: no
 * cull, the set is its own elements). *stamp: its name for the cursor. */
CB_INLINE const cb_grid *plan_grid(const cb_args *a, cb_shape one, const void *set,
                                   cb_shape shape, const void *els, size_t m, size_t end,
                                   float margin, int self, grid_build_fn build, grid_cull_fn cull,
                                   uint64_t *stamp)
{
    cb_plan_key key;
    cb_plan_key_of(&key, one, set, a->n_circles, shape, els, m, a->cursor->circle, end, margin,
                   self);
    const cb_grid *g = cb_plan_find(a->scratch, &key, a->cursor->plan);
    if (g) {
        *stamp = a->cursor->plan;
        return g;
    }
    cb_plan_mem pm = cb_plan_memory(a->scratch, m);
    size_t kept = self ? SIZE_MAX
                       : cull(set, a->cursor->circle, end, margin, els, m, pm.keep, pm.cull);
    g = build(pm.grid, els, m, kept == SIZE_MAX ? NULL : pm.keep, kept == SIZE_MAX ? 0 : kept,
              CB_GRID_CELLS_CALL);
    *stamp = cb_plan_commit(a->scratch, &key);
    return g;
}

/* One out-of-line function per (query, element shape), which every kernel
 * of that pair of query and shape calls: the sink and the touching mode
 * are arguments, not constants (a copy of the driver for each, inlined into
 * each kernel, made a sanitizer build of one ISA file take minutes; what a
 * sink does per hit and the touching compare per vector are branches the
 * CPU predicts). */
#define CB_GRID_DRIVER(query, many)                                                                \
    CB_OUT_OF_LINE size_t grid_drive_##query##_##many(int kind, int strict, const cb_grid *g,      \
                                                      const void *set,                             \
                                                      cb_pair_cursor *cur, size_t end, int self,   \
                                                      float margin, const grid_out *o)             \
    {                                                                                              \
        return grid_pairs_##query##_##many(kind, g, set, cur, end, self, margin, strict, o);       \
    }

/* Listed (candidate) pairs: element k of the driver is the pair
 * candidates[k]; its circle and element are loaded into lanes
 * (CB_LISTED_LOAD, below), then the query body runs on them as on any vector
 * of pairs. ctx_LISTED stands in for the single shape. */
typedef struct {
    const cb_circle_soa *set;
    const cb_pair *candidates;
    vf margin;
    const cb_icircle_soa *iset; /* the set of the integer entries */
    const cb_sweep_soa *wset;   /* the set of the sweep entries */
} ctx_LISTED;
/* The set of each kind in the context. */
#define CB_LISTED_SET_CIRCLE(c) ((c)->set)
#define CB_LISTED_SET_SWEEP(c) ((c)->wset)

/* A candidate block is a hundred lane loads: inlined into the drivers' words,
 * unrolled 64 / CB_W times for each output and touching mode, it made a
 * sanitizer build of one ISA file take minutes. So a whole word of
 * candidates is one out-of-line function per entry (word_<name>, defined
 * with the kernels below; its loop is not unrolled), in which the block is
 * inlined once (CB_OUT_OF_LINE, kernel_batch.h). */

/* The circles and elements of candidates p[0 .. k-1], one per lane, lane by
 * lane: each pair is read once and its floats go straight into their lanes
 * (the ISA's lane loads, vlane). Lanes from k up keep candidate 0's floats
 * (never stored). Splitting the indices into arrays for per-component
 * gathers first cost more than the loads themselves (docs/benchmark.md). */
#define CB_VLANE_FIELD(V, F) vlane V;
#define CB_LANE_FIRST_ONE(V, F) a_.V = vlane_first(s_->F + p[0].i);
#define CB_LANE_FIRST_MANY(V, F) b_.V = vlane_first(e_->F + p[0].j);
#define CB_LANE_SET_ONE(V, F) VLANE_SET(a_.V, u_, s_->F + q_.i);
#define CB_LANE_SET_MANY(V, F) VLANE_SET(b_.V, u_, e_->F + q_.j);
#define CB_LANE_DONE_ONE(V, F) o1->V = vlane_done(a_.V);
#define CB_LANE_DONE_MANY(V, F) out->V = vlane_done(b_.V);
/* Lane u (a literal; lanes past CB_W compile to nothing) of candidate p[u]. */
#define CB_LISTED_LANE(set_, many, u)                                                              \
    if ((u) < CB_W && (u) < k) {                                                                   \
        enum { u_ = (u) };                                                                         \
        const cb_pair q_ = p[(u) < CB_W ? (u) : 0];                                                \
        CB_FIELDS_##set_(CB_LANE_SET_ONE)                                                          \
        CB_FIELDS_##many(CB_LANE_SET_MANY)                                                         \
    }
/* listed_<SET>_<M>: a set of circles (CIRCLE) or sweeps (SWEEP) against
 * elements of shape M. */
#define CB_LISTED_LOAD(set_, sname, many, name)                                                    \
    CB_INLINE void listed_##set_##_##many(const ctx_LISTED *c, const void *els, const cb_pair *p, \
                                          size_t k, vshape_##set_ *o1, vshape_##many *out)         \
    {                                                                                              \
        const cb_##sname##_soa *s_ = CB_LISTED_SET_##set_(c);                                      \
        const cb_##name##_soa *e_ = (const cb_##name##_soa *)els;                                  \
        struct {                                                                                   \
            CB_FIELDS_##set_(CB_VLANE_FIELD)                                                       \
        } a_;                                                                                      \
        struct {                                                                                   \
            CB_FIELDS_##many(CB_VLANE_FIELD)                                                       \
        } b_;                                                                                      \
        CB_FIELDS_##set_(CB_LANE_FIRST_ONE)                                                        \
        CB_FIELDS_##many(CB_LANE_FIRST_MANY)                                                       \
        CB_LISTED_LANE(set_, many, 1) CB_LISTED_LANE(set_, many, 2)                                \
        CB_LISTED_LANE(set_, many, 3) CB_LISTED_LANE(set_, many, 4)                                \
        CB_LISTED_LANE(set_, many, 5) CB_LISTED_LANE(set_, many, 6)                                \
        CB_LISTED_LANE(set_, many, 7) CB_LISTED_LANE(set_, many, 8)                                \
        CB_LISTED_LANE(set_, many, 9) CB_LISTED_LANE(set_, many, 10)                               \
        CB_LISTED_LANE(set_, many, 11) CB_LISTED_LANE(set_, many, 12)                              \
        CB_LISTED_LANE(set_, many, 13) CB_LISTED_LANE(set_, many, 14)                              \
        CB_LISTED_LANE(set_, many, 15)                                                             \
        CB_FIELDS_##set_(CB_LANE_DONE_ONE)                                                         \
        CB_FIELDS_##many(CB_LANE_DONE_MANY)                                                        \
    }
#define CB_LISTED_LOAD_CIRCLES(many, name, aos) CB_LISTED_LOAD(CIRCLE, circle, many, name)
CB_GRID_SHAPES(CB_LISTED_LOAD_CIRCLES)
CB_LISTED_LOAD(SWEEP, sweep, BOX, box)
CB_LISTED_LOAD(SWEEP, sweep, CIRCLE, circle)

/* The integer shapes' candidates: their indices split into arrays, then
 * the integer gathers (kernel_loaders.h) of the set's circles and of the
 * elements; lanes from k up are zero (never stored). */
#define CB_LISTED_LOAD_INT(many, name, twin)                                                       \
    CB_INLINE void listed_ICIRCLE_##many(const ctx_LISTED *c, const void *els, const cb_pair *p,  \
                                         size_t k, vshape_ICIRCLE *o1, vshape_##many *out)         \
    {                                                                                              \
        uint32_t i_[CB_W], j_[CB_W];                                                               \
        for (size_t u = 0; u < k; u++)                                                             \
            i_[u] = p[u].i, j_[u] = p[u].j;                                                        \
        *o1 = gather_ICIRCLE_SOA(c->iset, i_, k);                                                  \
        *out = gather_##many##_SOA(els, j_, k);                                                    \
    }
CB_INT_SHAPES(CB_LISTED_LOAD_INT)

/* Blocks over candidates: `one` is the set's shape (CIRCLE, or ICIRCLE for
 * the integer elements). */
#define CB_LISTED_BLOCK(query, one, many)                                                          \
    CB_INLINE CB_RESULT_T(query, one) block_##query##_LISTED_##many##_SOA(                         \
        const void *ctx, const void *els, size_t i, size_t k, int strict)                          \
    {                                                                                              \
        const ctx_LISTED *c_ = (const ctx_LISTED *)ctx;                                            \
        vshape_##one o_;                                                                           \
        vshape_##many v;                                                                           \
        listed_##one##_##many(c_, els, c_->candidates + i, k, &o_, &v);                            \
        return query_##query##_##one##_##many(o_, v, strict);                                      \
    }

/* A query with records: the selection over consecutive candidates, the
 * records over the selected ones (idx holds candidate numbers). The
 * sweep's records take the touching mode (CB_LISTED_RECORD_BLOCKS_STRICT),
 * as its batch gather does. */
#define CB_LISTED_RECORD_BLOCKS(query, one, many)                                                  \
    CB_LISTED_RECORD_BLOCKS_(query, one, many, CB_RESULT_T(query, one), CB_NO_MORE_ARGS)
#define CB_LISTED_RECORD_BLOCKS_STRICT(query, one, many)                                           \
    CB_LISTED_RECORD_BLOCKS_(query, one, many, vrecords, CB_AND_STRICT)
#define CB_LISTED_RECORD_BLOCKS_(query, one, many, result_t, STRICT)                               \
    CB_INLINE uint32_t select_##query##_LISTED_##many##_SOA(                                       \
        const void *ctx, const void *els, size_t i, size_t k, int strict)                          \
    {                                                                                              \
        const ctx_LISTED *c_ = (const ctx_LISTED *)ctx;                                            \
        vshape_##one o_;                                                                           \
        vshape_##many v;                                                                           \
        listed_##one##_##many(c_, els, c_->candidates + i, k, &o_, &v);                            \
        return select_##query##_##one##_##many(o_, v, c_->margin, strict);                         \
    }                                                                                              \
    CB_OUT_OF_LINE result_t gather_##query##_LISTED_##many##_SOA(                                  \
        const void *ctx, const void *els, const uint32_t *idx, size_t k, int strict)               \
    {                                                                                              \
        const ctx_LISTED *c_ = (const ctx_LISTED *)ctx;                                            \
        cb_pair p[CB_W];                                                                           \
        (void)strict;                                                                              \
        for (size_t u = 0; u < k; u++)                                                             \
            p[u] = c_->candidates[idx[u]];                                                         \
        vshape_##one o_;                                                                           \
        vshape_##many v;                                                                           \
        listed_##one##_##many(c_, els, p, k, &o_, &v);                                             \
        return records_##query##_##one##_##many(o_, v STRICT);                                     \
    }
