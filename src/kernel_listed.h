/* kernel_listed.h - the lane loads of candidate pairs: each lane its own circle and element, so the query bodies run on a broad phase's listed pairs as on any vector of pairs */
/* Part of kernel_template.h, which a backend file includes once (with its
 * primitives defined); not a header of its own. */

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
