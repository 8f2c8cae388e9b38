/* kernel_template.h - one backend's kernel table: layout loaders, the query files' blocks and the driver's sinks, instantiated for every registry row. */

/*
 * A backend file (src/<isa>/kernels_<isa>.c) defines the ISA's vector
 * primitives, then includes this file:
 *   CB_SUFFIX        the ISA's name as a token (scalar, sse, avx2, avx512, neon)
 *   CB_W             lanes per vector: 1, 4, 8 or 16 (a divisor of 64)
 *   vf               a vector of CB_W floats
 *   v_set1(f), v_loadu(p)      broadcast; unaligned load of CB_W floats
 *   v_load_floats(p, count)    the first min(count, CB_W) floats at p, zero in
 *                              the other lanes; no byte past p[count - 1] is
 *                              read (count may be 0 or exceed CB_W)
 *   v_max(a, b)      exactly (a > b) ? a : b per lane (x86 maxps)
 *   v_min(a, b)      exactly (a < b) ? a : b per lane (x86 minps)
 *   v_sub, v_mul, v_add, v_div IEEE binary32, rounded to nearest, never fused
 *   v_sqrt(a)        IEEE square root, correctly rounded (never an estimate)
 *   v_abs(a)         a with its sign bit cleared
 *   v_le_bits(a, b), v_lt_bits(a, b)   ordered compares, lane i -> bit i
 *   vm               a lane mask; v_lt_m, v_le_m, v_eq_m ordered compares
 *                    giving one, v_sel(m, a, b) = m ? a : b per lane,
 *                    v_mbits(m) lane i -> bit i
 *   v_storeu(p, v)   unaligned store of CB_W floats
 * and the AoS loaders the query files' generic blocks use (a query that
 * needs one the ISA lacks fails to compile, naming it):
 *   v_load_boxes_aos(p, k, &x0, &y0, &x1, &y1)   boxes p[0 .. k-1] transposed
 *   v_load_circles_aos(p, k, &x, &y, &r)          circles p[0 .. k-1]
 *   (1 <= k <= CB_W; lanes from k up are zero; nothing past p[k - 1] is read)
 * and the lane loads of the candidate pairs: a type vlane holding one
 * vector being filled, vlane_first(p) (*p in every lane), VLANE_SET(a, u,
 * p) (lane u of a = *p; u is a literal 0 .. 15 and compiles for u >= CB_W,
 * never reached) and vlane_done(a) (the vector).
 * An ISA may instead define CB_CIRCLES_FROM_REGS and v_circles_from_regs(a,
 * b, c, &x, &y, &r), de-interleaving three registers of loaded floats; this
 * file then provides v_load_circles_aos. Optional, for the contact records
 * (this file has portable versions): CB_HAVE_GATHER with v_gather(base, idx,
 * k, stride), and CB_HAVE_STORE_BYTES with v_store_bytes(p, v, k). Fused paths of a query on (x, y)
 * pairs need the pair primitives its file names (queries/overlap.h).
 *
 * This file owns the rest: the vector shapes, the SoA loaders, the driver
 * (64-element mask words, tails, index lists) and the table. So a query is
 * written once, in src/queries/, over vectors of shapes; an ISA supplies
 * primitives and loaders only.
 */

#include <string.h>

#define CB_CAT2(a, b) a##_##b
#define CB_CAT(a, b) CB_CAT2(a, b)
#define CB_FN(name) CB_CAT(name, CB_SUFFIX)

#if 64 % CB_W != 0 || CB_W > 16
#error "CB_W must divide 64 and be at most 16 (the lane loads name lanes 0 .. 15)"
#endif

/* ---- vector shapes: CB_W circles or boxes, one per lane */

typedef struct {
    vf x, y, r;
} vshape_CIRCLE;

typedef struct {
    vf x0, y0, x1, y1; /* min_x, min_y, max_x, max_y */
} vshape_BOX;

typedef struct {
    vf cx, cy, hx, hy, c, s; /* centre, half-extents, rotation (cos, sin) */
} vshape_OBOX;

/* What every block of a call shares: the single shape in every lane, and
 * the margin of the entries that take one (zero for the others, whose
 * cb_args.margin is not set). */
typedef struct {
    vshape_CIRCLE shape;
    vf margin;
} ctx_CIRCLE;

typedef struct {
    vshape_BOX shape;
    vf margin;
} ctx_BOX;

typedef struct {
    vshape_OBOX shape;
    vf margin;
} ctx_OBOX;

#define CB_MARGIN_MASK(a) 0.0f
#define CB_MARGIN_INDICES(a) 0.0f
#define CB_MARGIN_DISTANCES(a) 0.0f
#define CB_MARGIN_CONTACTS(a) ((a)->margin)

CB_INLINE ctx_CIRCLE broadcast_CIRCLE(const cb_args *a, float margin)
{
    ctx_CIRCLE c = {{v_set1(a->circle.x), v_set1(a->circle.y), v_set1(a->circle.r)},
                    v_set1(margin)};
    return c;
}

CB_INLINE ctx_BOX broadcast_BOX(const cb_args *a, float margin)
{
    ctx_BOX c = {{v_set1(a->box.min_x), v_set1(a->box.min_y), v_set1(a->box.max_x),
                  v_set1(a->box.max_y)},
                 v_set1(margin)};
    return c;
}

CB_INLINE ctx_OBOX broadcast_OBOX(const cb_args *a, float margin)
{
    ctx_OBOX c = {{v_set1(a->obox.cx), v_set1(a->obox.cy), v_set1(a->obox.hx), v_set1(a->obox.hy),
                   v_set1(a->obox.c), v_set1(a->obox.s)},
                  v_set1(margin)};
    return c;
}

/* ---- layout loaders: elements i .. i+k-1 (1 <= k <= CB_W); lanes from k up
 * are zero and nothing past element i+k-1 is read. In the driver's hot loop
 * k is the constant CB_W, so the partial branch folds away. */

CB_INLINE vf load_lanes(const float *p, size_t k)
{
    return k == CB_W ? v_loadu(p) : v_load_floats(p, k);
}

#define CB_LOAD_BOX_SOA(many, i, k, v)                                                             \
    do {                                                                                           \
        const cb_box_soa *s_ = (const cb_box_soa *)(many);                                         \
        (v).x0 = load_lanes(s_->min_x + (i), k), (v).y0 = load_lanes(s_->min_y + (i), k);          \
        (v).x1 = load_lanes(s_->max_x + (i), k), (v).y1 = load_lanes(s_->max_y + (i), k);          \
    } while (0)

#define CB_LOAD_CIRCLE_SOA(many, i, k, v)                                                          \
    do {                                                                                           \
        const cb_circle_soa *s_ = (const cb_circle_soa *)(many);                                   \
        (v).x = load_lanes(s_->x + (i), k), (v).y = load_lanes(s_->y + (i), k);                    \
        (v).r = load_lanes(s_->r + (i), k);                                                        \
    } while (0)

#define CB_LOAD_OBOX_SOA(many, i, k, v)                                                            \
    do {                                                                                           \
        const cb_obox_soa *s_ = (const cb_obox_soa *)(many);                                       \
        (v).cx = load_lanes(s_->cx + (i), k), (v).cy = load_lanes(s_->cy + (i), k);                \
        (v).hx = load_lanes(s_->hx + (i), k), (v).hy = load_lanes(s_->hy + (i), k);                \
        (v).c = load_lanes(s_->c + (i), k), (v).s = load_lanes(s_->s + (i), k);                    \
    } while (0)

#define CB_LOAD_BOX_AOS(many, i, k, v)                                                             \
    v_load_boxes_aos((const cb_box *)(many) + (i), k, &(v).x0, &(v).y0, &(v).x1, &(v).y1)

#define CB_LOAD_CIRCLE_AOS(many, i, k, v)                                                          \
    v_load_circles_aos((const cb_circle *)(many) + (i), k, &(v).x, &(v).y, &(v).r)

/* Oriented boxes (AoS, six floats each): an ISA may define
 * CB_HAVE_OBOXES_AOS and v_load_oboxes_aos(p, &cx, &cy, &hx, &hy, &c, &s),
 * CB_W whole boxes transposed; a partial vector goes through a zeroed local copy. Otherwise
 * the boxes are transposed through a local array. */
CB_INLINE vshape_OBOX load_oboxes_aos(const cb_obox *p, size_t k)
{
    vshape_OBOX v;
#ifdef CB_HAVE_OBOXES_AOS
    if (k == CB_W) {
        v_load_oboxes_aos(p, &v.cx, &v.cy, &v.hx, &v.hy, &v.c, &v.s);
    } else {
        cb_obox t[CB_W];
        memset(t, 0, sizeof t);
        memcpy(t, p, k * sizeof *p);
        v_load_oboxes_aos(t, &v.cx, &v.cy, &v.hx, &v.hy, &v.c, &v.s);
    }
#else
    float g[6][CB_W];
    if (k < CB_W)
        memset(g, 0, sizeof g);
    for (size_t j = 0; j < k; j++) {
        g[0][j] = p[j].cx, g[1][j] = p[j].cy, g[2][j] = p[j].hx;
        g[3][j] = p[j].hy, g[4][j] = p[j].c, g[5][j] = p[j].s;
    }
    v.cx = v_loadu(g[0]), v.cy = v_loadu(g[1]), v.hx = v_loadu(g[2]);
    v.hy = v_loadu(g[3]), v.c = v_loadu(g[4]), v.s = v_loadu(g[5]);
#endif
    return v;
}

#define CB_LOAD_OBOX_AOS(many, i, k, v) ((v) = load_oboxes_aos((const cb_obox *)(many) + (i), k))

#ifdef CB_CIRCLES_FROM_REGS
/* k circles are 3k floats: three loads, each stopping at the last valid float. */
CB_INLINE void v_load_circles_aos(const cb_circle *p, size_t k, vf *x, vf *y, vf *r)
{
    const float *f = &p[0].x;
    if (k == CB_W) {
        v_circles_from_regs(v_loadu(f), v_loadu(f + CB_W), v_loadu(f + 2 * CB_W), x, y, r);
        return;
    }
    size_t nf = 3 * k;
    v_circles_from_regs(v_load_floats(f, nf), v_load_floats(f + CB_W, CB_FLOATS_LEFT(nf, 1)),
                        v_load_floats(f + 2 * CB_W, CB_FLOATS_LEFT(nf, 2)), x, y, r);
}
#endif

/* ---- gather loaders: the elements idx[0 .. k-1] (1 <= k <= CB_W) into one
 * vector (for the contact records of selected elements; lanes from k up
 * are never stored). An ISA may define CB_HAVE_GATHER and v_gather(base,
 * idx, k, stride): lane j < k = base[idx[j] * stride], the other lanes
 * anything read from idx[0 .. k-1]'s elements, nothing else read. Otherwise
 * a local array is filled element by element (lanes from k up zero). */

#ifdef CB_HAVE_GATHER
#define CB_GATHER_BOX_SOA(many, idx, k, v)                                                         \
    do {                                                                                           \
        const cb_box_soa *s_ = (const cb_box_soa *)(many);                                         \
        (v).x0 = v_gather(s_->min_x, idx, k, 1), (v).y0 = v_gather(s_->min_y, idx, k, 1);          \
        (v).x1 = v_gather(s_->max_x, idx, k, 1), (v).y1 = v_gather(s_->max_y, idx, k, 1);          \
    } while (0)
#define CB_GATHER_BOX_AOS(many, idx, k, v)                                                         \
    do {                                                                                           \
        const float *f_ = &((const cb_box *)(many))[0].min_x;                                      \
        (v).x0 = v_gather(f_, idx, k, 4), (v).y0 = v_gather(f_ + 1, idx, k, 4);                    \
        (v).x1 = v_gather(f_ + 2, idx, k, 4), (v).y1 = v_gather(f_ + 3, idx, k, 4);                \
    } while (0)
#define CB_GATHER_CIRCLE_SOA(many, idx, k, v)                                                      \
    do {                                                                                           \
        const cb_circle_soa *s_ = (const cb_circle_soa *)(many);                                   \
        (v).x = v_gather(s_->x, idx, k, 1), (v).y = v_gather(s_->y, idx, k, 1);                    \
        (v).r = v_gather(s_->r, idx, k, 1);                                                        \
    } while (0)
#define CB_GATHER_CIRCLE_AOS(many, idx, k, v)                                                      \
    do {                                                                                           \
        const float *f_ = &((const cb_circle *)(many))[0].x;                                       \
        (v).x = v_gather(f_, idx, k, 3), (v).y = v_gather(f_ + 1, idx, k, 3);                      \
        (v).r = v_gather(f_ + 2, idx, k, 3);                                                       \
    } while (0)
#define CB_GATHER_OBOX_SOA(many, idx, k, v)                                                        \
    do {                                                                                           \
        const cb_obox_soa *s_ = (const cb_obox_soa *)(many);                                       \
        (v).cx = v_gather(s_->cx, idx, k, 1), (v).cy = v_gather(s_->cy, idx, k, 1);                \
        (v).hx = v_gather(s_->hx, idx, k, 1), (v).hy = v_gather(s_->hy, idx, k, 1);                \
        (v).c = v_gather(s_->c, idx, k, 1), (v).s = v_gather(s_->s, idx, k, 1);                    \
    } while (0)
#define CB_GATHER_OBOX_AOS(many, idx, k, v)                                                        \
    do {                                                                                           \
        const float *f_ = &((const cb_obox *)(many))[0].cx;                                        \
        (v).cx = v_gather(f_, idx, k, 6), (v).cy = v_gather(f_ + 1, idx, k, 6);                    \
        (v).hx = v_gather(f_ + 2, idx, k, 6), (v).hy = v_gather(f_ + 3, idx, k, 6);                \
        (v).c = v_gather(f_ + 4, idx, k, 6), (v).s = v_gather(f_ + 5, idx, k, 6);                  \
    } while (0)
#else
#define CB_GATHER_LANES(count, k, fill)                                                 \
    float g_[count][CB_W];                                                                         \
    if ((k) < CB_W)                                                                                \
        memset(g_, 0, sizeof g_);                                                                  \
    for (size_t j_ = 0; j_ < (k); j_++) {                                                          \
        fill;                                                                                      \
    }                                                                                              \
    (void)0

#define CB_GATHER_BOX_SOA(many, idx, k, v)                                                         \
    do {                                                                                           \
        const cb_box_soa *s_ = (const cb_box_soa *)(many);                                         \
        CB_GATHER_LANES(4, k, (g_[0][j_] = s_->min_x[(idx)[j_]], g_[1][j_] = s_->min_y[(idx)[j_]], \
                                     g_[2][j_] = s_->max_x[(idx)[j_]], g_[3][j_] = s_->max_y[(idx)[j_]])); \
        (v).x0 = v_loadu(g_[0]), (v).y0 = v_loadu(g_[1]), (v).x1 = v_loadu(g_[2]), (v).y1 = v_loadu(g_[3]); \
    } while (0)

#define CB_GATHER_BOX_AOS(many, idx, k, v)                                                         \
    do {                                                                                           \
        const cb_box *s_ = (const cb_box *)(many);                                                 \
        CB_GATHER_LANES(4, k, (g_[0][j_] = s_[(idx)[j_]].min_x, g_[1][j_] = s_[(idx)[j_]].min_y, \
                                     g_[2][j_] = s_[(idx)[j_]].max_x, g_[3][j_] = s_[(idx)[j_]].max_y)); \
        (v).x0 = v_loadu(g_[0]), (v).y0 = v_loadu(g_[1]), (v).x1 = v_loadu(g_[2]), (v).y1 = v_loadu(g_[3]); \
    } while (0)

#define CB_GATHER_CIRCLE_SOA(many, idx, k, v)                                                      \
    do {                                                                                           \
        const cb_circle_soa *s_ = (const cb_circle_soa *)(many);                                   \
        CB_GATHER_LANES(3, k, (g_[0][j_] = s_->x[(idx)[j_]], g_[1][j_] = s_->y[(idx)[j_]], \
                                     g_[2][j_] = s_->r[(idx)[j_]]));                               \
        (v).x = v_loadu(g_[0]), (v).y = v_loadu(g_[1]), (v).r = v_loadu(g_[2]);                    \
    } while (0)

#define CB_GATHER_CIRCLE_AOS(many, idx, k, v)                                                      \
    do {                                                                                           \
        const cb_circle *s_ = (const cb_circle *)(many);                                           \
        CB_GATHER_LANES(3, k, (g_[0][j_] = s_[(idx)[j_]].x, g_[1][j_] = s_[(idx)[j_]].y,    \
                                     g_[2][j_] = s_[(idx)[j_]].r));                                \
        (v).x = v_loadu(g_[0]), (v).y = v_loadu(g_[1]), (v).r = v_loadu(g_[2]);                    \
    } while (0)
#define CB_GATHER_OBOX_SOA(many, idx, k, v)                                                        \
    do {                                                                                           \
        const cb_obox_soa *s_ = (const cb_obox_soa *)(many);                                       \
        CB_GATHER_LANES(6, k, (g_[0][j_] = s_->cx[(idx)[j_]], g_[1][j_] = s_->cy[(idx)[j_]],       \
                               g_[2][j_] = s_->hx[(idx)[j_]], g_[3][j_] = s_->hy[(idx)[j_]],       \
                               g_[4][j_] = s_->c[(idx)[j_]], g_[5][j_] = s_->s[(idx)[j_]]));        \
        (v).cx = v_loadu(g_[0]), (v).cy = v_loadu(g_[1]), (v).hx = v_loadu(g_[2]);                 \
        (v).hy = v_loadu(g_[3]), (v).c = v_loadu(g_[4]), (v).s = v_loadu(g_[5]);                   \
    } while (0)

#define CB_GATHER_OBOX_AOS(many, idx, k, v)                                                        \
    do {                                                                                           \
        const cb_obox *s_ = (const cb_obox *)(many);                                               \
        CB_GATHER_LANES(6, k, (g_[0][j_] = s_[(idx)[j_]].cx, g_[1][j_] = s_[(idx)[j_]].cy,         \
                               g_[2][j_] = s_[(idx)[j_]].hx, g_[3][j_] = s_[(idx)[j_]].hy,         \
                               g_[4][j_] = s_[(idx)[j_]].c, g_[5][j_] = s_[(idx)[j_]].s));          \
        (v).cx = v_loadu(g_[0]), (v).cy = v_loadu(g_[1]), (v).hx = v_loadu(g_[2]);                 \
        (v).hy = v_loadu(g_[3]), (v).c = v_loadu(g_[4]), (v).s = v_loadu(g_[5]);                   \
    } while (0)
#endif

/* ---- what a block gives its sink
 *
 * The mask and index sinks take hit bits (lane j -> bit j); the distance
 * sink a vector of floats; the contact sink, first the selection bits (as
 * the index sink), then vectors of records of the selected elements
 * (feature holds the cb_feature as a float: 0, 1 or 2). */
typedef struct {
    vf nx, ny, sep, px, py, feature;
} vrecords;

/* ---- blocks: one vector of elements
 *
 * A block is block_<QUERY>_<ONE>_<MANY>_<LAYOUT>(ctx, many, i, k, strict):
 * ctx points at the call's ctx_<ONE>, many is cb_args.many. The query file
 * defines one per combination its registry rows use, usually with
 * CB_GENERIC_BLOCK: load the elements, run the query's vector body
 * query_<QUERY>_<ONE>_<MANY>(one, elements, strict), which returns what its
 * output's sink takes (CB_GENERIC_BLOCK_MARGIN: the body also takes the
 * margin). result_<QUERY> names that type. */

#define CB_GENERIC_BLOCK(query, one, many, layout)                                                 \
    CB_INLINE result_##query block_##query##_##one##_##many##_##layout(                            \
        const void *ctx, const void *els, size_t i, size_t k, int strict)                          \
    {                                                                                              \
        vshape_##many v;                                                                           \
        CB_LOAD_##many##_##layout(els, i, k, v);                                                   \
        return query_##query##_##one##_##many(((const ctx_##one *)ctx)->shape, v, strict);          \
    }

/* A query whose output is a list of records has two bodies:
 * select_<QUERY>_<ONE>_<MANY>(one, elements, margin, strict), the selection
 * bits, and records_<QUERY>_<ONE>_<MANY>(one, elements), the records; its
 * blocks come from CB_RECORD_BLOCKS: a selection block over consecutive
 * elements (CB_SELECT_BLOCK) and a records block over gathered ones
 * (CB_GATHER_BLOCK); a query may write its own selection block instead. */
#define CB_RECORD_BLOCKS(query, one, many, layout)                                                 \
    CB_SELECT_BLOCK(query, one, many, layout)                                                      \
    CB_GATHER_BLOCK(query, one, many, layout)
#define CB_SELECT_BLOCK(query, one, many, layout)                                                  \
    CB_INLINE uint32_t select_##query##_##one##_##many##_##layout(const void *ctx, const void *els, \
                                                                   size_t i, size_t k, int strict)   \
    {                                                                                              \
        const ctx_##one *c_ = (const ctx_##one *)ctx;                                              \
        vshape_##many v;                                                                           \
        CB_LOAD_##many##_##layout(els, i, k, v);                                                   \
        return select_##query##_##one##_##many(c_->shape, v, c_->margin, strict);                  \
    }
#define CB_GATHER_BLOCK(query, one, many, layout)                                                  \
    CB_INLINE vrecords gather_##query##_##one##_##many##_##layout(                                 \
        const void *ctx, const void *els, const uint32_t *idx, size_t k)                           \
    {                                                                                              \
        vshape_##many v;                                                                           \
        CB_GATHER_##many##_##layout(els, idx, k, v);                                               \
        return records_##query##_##one##_##many(((const ctx_##one *)ctx)->shape, v);               \
    }

/* ---- many against many (the CB_PAIR_ENTRIES rows)
 *
 * All pairs, one band of the set's circles (bands.h: up to CB_BAND of them,
 * with masks on a grid that name the circles an element may hit) against
 * one tile of elements: band_words_<QUERY>_<MANY>(set, band, els, base,
 * len, cells, strict, hits, touched) gives hits[u], the hit word of circle
 * band->first + u against elements base .. base+len-1 (len <= 64). Per
 * vector of elements, the lanes' cells (tile_cells_<MANY>, below) name the
 * candidates (cb_band_candidates: a few mask look-ups each); the vector is
 * loaded once, and the query body runs for the candidates only, each
 * against the whole vector. A circle left out cannot hit any lane
 * (bands.c proves it), so the words are the brute-force ones. */

CB_INLINE ctx_CIRCLE circle_of_set(const cb_circle_soa *set, size_t i)
{
    ctx_CIRCLE c = {{v_set1(set->x[i]), v_set1(set->y[i]), v_set1(set->r[i])}, v_set1(0.0f)};
    return c;
}

/* hits[u] |= the hit word of circle b->first + u against elements base ..
 * base+len-1, for the circles the cells name (touched |= their bits); the
 * words of the others are zero, and hits[u] is left as it was for them. */
#define CB_BAND_WORDS(query, many, layout)                                                         \
    CB_INLINE void band_words_##query##_##many(const cb_circle_soa *set, const cb_band *b,        \
                                               const void *els, size_t base, size_t len,           \
                                               const cb_cells *cells, int strict, uint64_t *hits,  \
                                               cb_bandmask *touched)                               \
    {                                                                                              \
        for (size_t j = 0; j < len; j += CB_W) {                                                   \
            size_t k = len - j < CB_W ? len - j : CB_W;                                            \
            cb_bandmask cand;                                                                      \
            memset(&cand, 0, sizeof cand);                                                         \
            for (size_t l = 0; l < k; l++)                                                         \
                cb_band_candidates(b, cells, j + l, &cand);                                        \
            uint64_t any = 0;                                                                      \
            for (unsigned w = 0; w < CB_BAND_MASK_WORDS; w++)                                      \
                any |= CB_MASK_WORD(&cand, w);                                                     \
            if (!any)                                                                              \
                continue;                                                                          \
            CB_MASK_OR_IN(touched, &cand);                                                         \
            /* lanes past the tail are zero and may hit: keep the real ones */                     \
            uint32_t keep = (uint32_t)(((uint64_t)1 << k) - 1u);                                   \
            vshape_##many v;                                                                       \
            CB_LOAD_##many##_##layout(els, base + j, k, v);                                        \
            CB_MASK_FOR_EACH(&cand, off) {                                                         \
                ctx_CIRCLE c = circle_of_set(set, b->first + off);                                 \
                hits[off] |= (uint64_t)(query_##query##_CIRCLE_##many(c.shape, v, strict) & keep)  \
                             << j;                                                                 \
            }                                                                                      \
        }                                                                                          \
    }

/* Listed (candidate) pairs: element k of the driver is the pair
 * candidates[k]; its circle and element are loaded into lanes
 * (CB_LISTED_LOAD, below), then the query body runs on them as on any vector
 * of pairs. ctx_LISTED stands in for the single shape. */
typedef struct {
    const cb_circle_soa *set;
    const cb_pair *candidates;
    vf margin;
} ctx_LISTED;

/* A candidate block is a hundred lane loads: inlined into the drivers' words,
 * unrolled 64 / CB_W times for each output and touching mode, it made a
 * sanitizer build of one ISA file take minutes. So a whole word of
 * candidates is one out-of-line function per entry (word_<name>, defined
 * with the kernels below; its loop is not unrolled), in which the block is
 * inlined once. */
#if defined(__GNUC__) || defined(__clang__)
#define CB_LISTED_FN static __attribute__((noinline, unused))
#else
#define CB_LISTED_FN static
#endif

/* The circles and elements of candidates p[0 .. k-1], one per lane, lane by
 * lane: each pair is read once and its floats go straight into their lanes
 * (the ISA's lane loads, vlane). Lanes from k up keep candidate 0's floats
 * (never stored). Splitting the indices into arrays for per-component
 * gathers first cost more than the loads themselves (docs/benchmark.md). */
#define CB_LANES_CIRCLE(SET, u, a, s, i)                                                           \
    SET(a[0], u, (s)->x + (i)), SET(a[1], u, (s)->y + (i)), SET(a[2], u, (s)->r + (i))
#define CB_LANES_BOX(SET, u, a, s, j)                                                              \
    SET(a[0], u, (s)->min_x + (j)), SET(a[1], u, (s)->min_y + (j)),                                \
        SET(a[2], u, (s)->max_x + (j)), SET(a[3], u, (s)->max_y + (j))
#define CB_LANES_FIRST(acc, u, p) ((void)(u), (acc) = vlane_first(p))
#define CB_SHAPE_OF_LANES_CIRCLE(v, a)                                                             \
    ((v).x = vlane_done(a[0]), (v).y = vlane_done(a[1]), (v).r = vlane_done(a[2]))
#define CB_SHAPE_OF_LANES_BOX(v, a)                                                                \
    ((v).x0 = vlane_done(a[0]), (v).y0 = vlane_done(a[1]), (v).x1 = vlane_done(a[2]),             \
     (v).y1 = vlane_done(a[3]))
typedef cb_circle_soa soa_CIRCLE;
typedef cb_box_soa soa_BOX;
/* Lane u (a literal; lanes past CB_W compile to nothing) of candidate p[u]. */
#define CB_LISTED_LANE(many, u)                                                                    \
    if ((u) < CB_W && (u) < k) {                                                                   \
        const cb_pair q_ = p[(u) < CB_W ? (u) : 0];                                                \
        CB_LANES_CIRCLE(VLANE_SET, u, a_, s_, q_.i);                                               \
        CB_LANES_##many(VLANE_SET, u, b_, e_, q_.j);                                               \
    }
#define CB_LISTED_LOAD(many)                                                                       \
    CB_INLINE void listed_##many(const ctx_LISTED *c, const void *els, const cb_pair *p,          \
                                 size_t k, vshape_CIRCLE *one, vshape_##many *v)                   \
    {                                                                                              \
        const cb_circle_soa *s_ = c->set;                                                          \
        const soa_##many *e_ = (const soa_##many *)els;                                            \
        vlane a_[3], b_[sizeof(vshape_##many) / sizeof(vf)];                                       \
        CB_LANES_CIRCLE(CB_LANES_FIRST, 0, a_, s_, p[0].i);                                        \
        CB_LANES_##many(CB_LANES_FIRST, 0, b_, e_, p[0].j);                                        \
        CB_LISTED_LANE(many, 1) CB_LISTED_LANE(many, 2) CB_LISTED_LANE(many, 3)                    \
        CB_LISTED_LANE(many, 4) CB_LISTED_LANE(many, 5) CB_LISTED_LANE(many, 6)                    \
        CB_LISTED_LANE(many, 7) CB_LISTED_LANE(many, 8) CB_LISTED_LANE(many, 9)                    \
        CB_LISTED_LANE(many, 10) CB_LISTED_LANE(many, 11) CB_LISTED_LANE(many, 12)                 \
        CB_LISTED_LANE(many, 13) CB_LISTED_LANE(many, 14) CB_LISTED_LANE(many, 15)                 \
        CB_SHAPE_OF_LANES_CIRCLE(*one, a_);                                                        \
        CB_SHAPE_OF_LANES_##many(*v, b_);                                                          \
    }
CB_LISTED_LOAD(BOX)
CB_LISTED_LOAD(CIRCLE)

#define CB_LISTED_BLOCK(query, many)                                                               \
    CB_INLINE result_##query block_##query##_LISTED_##many##_SOA(                                  \
        const void *ctx, const void *els, size_t i, size_t k, int strict)                          \
    {                                                                                              \
        const ctx_LISTED *c_ = (const ctx_LISTED *)ctx;                                            \
        vshape_CIRCLE one;                                                                         \
        vshape_##many v;                                                                           \
        listed_##many(c_, els, c_->candidates + i, k, &one, &v);                                   \
        return query_##query##_CIRCLE_##many(one, v, strict);                                      \
    }

/* A query with records: the selection over consecutive candidates, the
 * records over the selected ones (idx holds candidate numbers). */
#define CB_LISTED_RECORD_BLOCKS(query, many)                                                       \
    CB_INLINE uint32_t select_##query##_LISTED_##many##_SOA(                                       \
        const void *ctx, const void *els, size_t i, size_t k, int strict)                          \
    {                                                                                              \
        const ctx_LISTED *c_ = (const ctx_LISTED *)ctx;                                            \
        vshape_CIRCLE one;                                                                         \
        vshape_##many v;                                                                           \
        listed_##many(c_, els, c_->candidates + i, k, &one, &v);                                   \
        return select_##query##_CIRCLE_##many(one, v, c_->margin, strict);                         \
    }                                                                                              \
    CB_LISTED_FN vrecords gather_##query##_LISTED_##many##_SOA(const void *ctx, const void *els,      \
                                                      const uint32_t *idx, size_t k)               \
    {                                                                                              \
        const ctx_LISTED *c_ = (const ctx_LISTED *)ctx;                                            \
        cb_pair p[CB_W];                                                                           \
        for (size_t u = 0; u < k; u++)                                                             \
            p[u] = c_->candidates[idx[u]];                                                         \
        vshape_CIRCLE one;                                                                         \
        vshape_##many v;                                                                           \
        listed_##many(c_, els, p, k, &one, &v);                                                    \
        return records_##query##_CIRCLE_##many(one, v);                                            \
    }

/* The query files listed in the registry. */
#define CB_QUERY_BODIES 1
#include "registry.h"

/* ---- the driver: 64 elements per word, tails, and the output sinks */

typedef uint32_t (*block_fn)(const void *ctx, const void *els, size_t i, size_t k, int strict);

/* Hits of elements base .. base+len-1 (len <= 64) as one word, bit j = element base+j. */
CB_INLINE uint64_t word(block_fn block, const void *ctx, const void *els, size_t base, size_t len,
                        int strict)
{
    uint64_t w = 0;
    size_t j = 0;
    for (; j + CB_W <= len; j += CB_W)
        w |= (uint64_t)block(ctx, els, base + j, CB_W, strict) << j;
    if (j < len) /* lanes past the tail are zero, and may hit: keep only the real ones */
        w |= (uint64_t)(block(ctx, els, base + j, len - j, strict) & ((1u << (len - j)) - 1u)) << j;
    return w;
}

/* A whole word as one call, for blocks too big to unroll 64 / CB_W times
 * (the candidate pairs'): NULL for the others, a constant after inlining. */
typedef uint64_t (*word_fn)(const void *ctx, const void *els, size_t base, size_t len, int strict);

/* Exactly one of mask/idx is non-NULL, a constant after inlining: the mask
 * sink writes every word (bits past n zero), the index sink the ascending
 * indices of the set bits. */
CB_INLINE size_t drive(block_fn block, word_fn whole, const void *ctx, const void *els, size_t n,
                       uint64_t *mask, uint32_t *idx, int strict)
{
    size_t count = 0;
    for (size_t base = 0; base < n; base += 64) {
        size_t len = n - base < 64 ? n - base : 64;
        uint64_t w = whole         ? whole(ctx, els, base, len, strict)
                     : len == 64 ? word(block, ctx, els, base, 64, strict)
                                 : word(block, ctx, els, base, len, strict);
        if (mask) {
            mask[base / 64] = w;
            count += cb_popcount64(w);
        } else {
            for (; w; w &= w - 1)
                idx[count++] = (uint32_t)(base + cb_ctz64(w));
        }
    }
    return count;
}

/* One driver per output kind (the registry's OUTPUT column), each
 * specialised for the touching mode so the compare is fixed in the loop. */
CB_INLINE size_t drive_MASK(block_fn block, word_fn whole, const void *ctx, const cb_args *a)
{
    uint64_t *mask = (uint64_t *)a->out;
    return !(a->flags & CB_STRICT)
               ? drive(block, whole, ctx, a->many, a->n, mask, (uint32_t *)0, 0)
               : drive(block, whole, ctx, a->many, a->n, mask, (uint32_t *)0, 1);
}

CB_INLINE size_t drive_INDICES(block_fn block, word_fn whole, const void *ctx, const cb_args *a)
{
    uint32_t *idx = (uint32_t *)a->out;
    return !(a->flags & CB_STRICT)
               ? drive(block, whole, ctx, a->many, a->n, (uint64_t *)0, idx, 0)
               : drive(block, whole, ctx, a->many, a->n, (uint64_t *)0, idx, 1);
}

/* The distance sink: every element's float, in place; the tail through a
 * local vector so nothing past n is written. */
typedef vf (*distance_block_fn)(const void *ctx, const void *els, size_t i, size_t k, int strict);

CB_INLINE size_t drive_DISTANCES(distance_block_fn block, const void *ctx, const cb_args *a)
{
    float *out = (float *)a->out;
    size_t n = a->n, i = 0;
    for (; i + CB_W <= n; i += CB_W)
        v_storeu(out + i, block(ctx, a->many, i, CB_W, 0));
    if (i < n) {
        float tail[CB_W];
        v_storeu(tail, block(ctx, a->many, i, n - i, 0));
        for (size_t j = 0; i + j < n; j++)
            out[i + j] = tail[j];
    }
    return n;
}

/* The record sink, in two passes: the selection writes the ascending
 * indices (the index sink, branch-free over 64-element words), then the
 * records of the selected elements are computed CB_W at a time from
 * gathered elements and stored straight into the caller's SoA arrays. So
 * the costly part of a record runs once per selected element in full
 * vectors, however sparse the selection. Full vectors may write lanes past
 * the count but never past n (the arrays' documented room). */
typedef vrecords (*gather_block_fn)(const void *ctx, const void *els, const uint32_t *idx,
                                    size_t k);

CB_INLINE void store_lanes(float *p, vf v, size_t k, size_t room)
{
    if (room >= CB_W) {
        v_storeu(p, v);
        return;
    }
    float t[CB_W];
    v_storeu(t, v);
    for (size_t j = 0; j < k; j++)
        p[j] = t[j];
}

/* The first k lanes (whole numbers 0 .. 255) as bytes; an ISA may define
 * CB_HAVE_STORE_BYTES and v_store_bytes(p, v, k) to do it in one store. */
CB_INLINE void store_bytes(uint8_t *p, vf v, size_t k)
{
#ifdef CB_HAVE_STORE_BYTES
    v_store_bytes(p, v, k);
#else
    float f[CB_W];
    v_storeu(f, v);
    for (size_t j = 0; j < k; j++)
        p[j] = (uint8_t)f[j];
#endif
}

CB_INLINE size_t drive_CONTACTS(block_fn select, word_fn whole, gather_block_fn gather,
                                const void *ctx, const cb_args *a)
{
    const cb_contacts *o = (const cb_contacts *)a->out;
    if (a->n == 0) /* n == 0 is valid with any pointers, out included */
        return 0;
    size_t count = !(a->flags & CB_STRICT)
                       ? drive(select, whole, ctx, a->many, a->n, (uint64_t *)0, o->index, 0)
                       : drive(select, whole, ctx, a->many, a->n, (uint64_t *)0, o->index, 1);
    for (size_t c = 0; c < count; c += CB_W) {
        size_t k = count - c < CB_W ? count - c : CB_W, room = a->n - c;
        vrecords r = k == CB_W ? gather(ctx, a->many, o->index + c, CB_W)
                               : gather(ctx, a->many, o->index + c, k);
        store_lanes(o->normal_x + c, r.nx, k, room), store_lanes(o->normal_y + c, r.ny, k, room);
        store_lanes(o->separation + c, r.sep, k, room);
        store_lanes(o->point_x + c, r.px, k, room), store_lanes(o->point_y + c, r.py, k, room);
        store_bytes(o->feature + c, r.feature, k);
    }
    return count;
}

/* ---- the many-against-many cells: elements on the call's grid (bands.h) */

/* The cell formula of bands.h on a vector: the same operations as
 * cb_grid_cell, so a coordinate gets the same cell here as there. */
CB_INLINE vf grid_cell(vf v, float v0, float scale)
{
    vf t = v_mul(v_sub(v, v_set1(v0)), v_set1(scale));
    t = v_max(t, v_set1(0.0f));
    return v_min(t, v_set1((float)(CB_GRID - 1u)));
}

CB_INLINE void store_cells(cb_cells *c, size_t j, size_t k, const cb_grid *g, vf x0, vf x1, vf y0,
                           vf y1)
{
    store_bytes(c->c0 + j, grid_cell(x0, g->x0, g->sx), k);
    store_bytes(c->c1 + j, grid_cell(x1, g->x0, g->sx), k);
    store_bytes(c->r0 + j, grid_cell(y0, g->y0, g->sy), k);
    store_bytes(c->r1 + j, grid_cell(y1, g->y0, g->sy), k);
}

/* The cells of elements base .. base+len-1 (len <= 64) on the call's grid:
 * their intervals as bands.c states them, CB_W at a time. */
CB_INLINE void tile_cells_BOX(const cb_grid *g, const void *els, size_t base, size_t len,
                              cb_cells *c)
{
    for (size_t j = 0; j < len; j += CB_W) {
        size_t k = len - j < CB_W ? len - j : CB_W;
        vshape_BOX v;
        CB_LOAD_BOX_SOA(els, base + j, k, v);
        store_cells(c, j, k, g, v_min(v.x0, v.x1), v.x1, v_min(v.y0, v.y1), v.y1);
    }
}

/* An element circle's centre -+ ((|ro| * CB_REACH_SCALE) + CB_REACH_ADD),
 * widened by CB_REACH_SLACK of (|centre| + that); everything from
 * |ro| >= CB_REACH_UNBOUNDED on. */
CB_INLINE void circle_span(vf centre, vf e, vm unbounded, vf *lo, vf *hi)
{
    vf slack = v_mul(v_add(v_abs(centre), e), v_set1(CB_REACH_SLACK));
    *lo = v_sel(unbounded, v_set1(-INFINITY), v_sub(v_sub(centre, e), slack));
    *hi = v_sel(unbounded, v_set1(INFINITY), v_add(v_add(centre, e), slack));
}

CB_INLINE void tile_cells_CIRCLE(const cb_grid *g, const void *els, size_t base, size_t len,
                                 cb_cells *c)
{
    for (size_t j = 0; j < len; j += CB_W) {
        size_t k = len - j < CB_W ? len - j : CB_W;
        vshape_CIRCLE v;
        CB_LOAD_CIRCLE_SOA(els, base + j, k, v);
        vf a = v_abs(v.r), x0, x1, y0, y1;
        vf e = v_add(v_mul(a, v_set1(CB_REACH_SCALE)), v_set1(CB_REACH_ADD));
        vm unbounded = v_le_m(v_set1(CB_REACH_UNBOUNDED), a);
        circle_span(v.x, e, unbounded, &x0, &x1);
        circle_span(v.y, e, unbounded, &y0, &y1);
        store_cells(c, j, k, g, x0, x1, y0, y1);
    }
}

/* ---- the many-against-many sinks
 *
 * Tile by tile (the order cbatch.h states): the tile's cells on the call's
 * grid once, then band by band (CB_BAND circles, bands.h), the words of the
 * circles the cells name, handed on in circle order. A call keeps the masks
 * of up to CB_BANDS_KEPT bands (2 KiB each, on the stack); a larger set has
 * its other bands built again in every tile. The hit words stay zero between
 * uses: a sink clears each word it takes. */

#define CB_BANDS_KEPT 4u

typedef void (*tile_cells_fn)(const cb_grid *g, const void *els, size_t base, size_t len,
                              cb_cells *cells);
typedef void (*band_words_fn)(const cb_circle_soa *set, const cb_band *b, const void *els,
                              size_t base, size_t len, const cb_cells *cells, int strict,
                              uint64_t *hits, cb_bandmask *touched);

typedef struct {
    cb_grid grid;
    size_t bands;
    cb_band kept[CB_BANDS_KEPT], spare;
} pair_plan;

/* The grid of the whole set, and the masks of the bands kept. */
CB_INLINE void plan_pairs(const cb_circle_soa *set, size_t n, pair_plan *p)
{
    cb_grid_build(set, n, &p->grid);
    p->bands = (n + CB_BAND - 1) / CB_BAND;
    for (size_t k = 0; k < p->bands && k < CB_BANDS_KEPT; k++) {
        size_t first = k * CB_BAND, count = n - first < CB_BAND ? n - first : CB_BAND;
        cb_band_build(set, first, count, &p->grid, &p->kept[k]);
    }
}

/* Band k: kept, or built into the spare. */
CB_INLINE const cb_band *band_of(const cb_circle_soa *set, size_t n, size_t k, pair_plan *p)
{
    if (k < CB_BANDS_KEPT)
        return &p->kept[k];
    size_t first = k * CB_BAND, count = n - first < CB_BAND ? n - first : CB_BAND;
    cb_band_build(set, first, count, &p->grid, &p->spare);
    return &p->spare;
}

/* The pair list from the cursor: writes the first `capacity` pairs, counts
 * all, and leaves the cursor at the first pair not written (or at the end). */
CB_INLINE size_t pairs_list(tile_cells_fn cells_of, band_words_fn words, const cb_pair_args *a,
                            int strict)
{
    size_t m = a->m, n = a->n_circles, tiles = (m + 63) / 64;
    size_t end = a->tile_end < tiles ? a->tile_end : tiles;
    cb_pair_cursor *cur = a->cursor, next = {end, 0, 0};
    cb_pair *out = (cb_pair *)a->out;
    size_t cap = a->capacity, total = 0, written = 0;
    int stopped = 0;
    size_t i0 = cur->circle, skip = cur->skip;
    pair_plan plan;
    uint64_t hits[CB_BAND];
    cb_cells cells;
    if (cur->tile < end && n) {
        plan_pairs(a->circles, n, &plan);
        memset(hits, 0, sizeof hits);
    }
    for (size_t t = cur->tile; t < end && n; t++, i0 = 0) {
        size_t base = t * 64, len = m - base < 64 ? m - base : 64;
        cells_of(&plan.grid, a->many, base, len, &cells);
        for (size_t k = i0 / CB_BAND; k < plan.bands; k++) {
            const cb_band *b = band_of(a->circles, n, k, &plan);
            cb_bandmask touched;
            memset(&touched, 0, sizeof touched);
            words(a->circles, b, a->many, base, len, &cells, strict, hits, &touched);
            size_t from = i0 > b->first ? i0 - b->first : 0; /* the cursor's circle */
            CB_MASK_FOR_EACH(&touched, u) {
                size_t i = b->first + u;
                uint64_t x = hits[u];
                hits[u] = 0;
                if (!x || u < from) /* no hit, or before the cursor */
                    continue;
                size_t dropped = 0;
                if (t == cur->tile && i == cur->circle) /* the cursor's word: hits delivered */
                    for (; dropped < skip && x; dropped++)
                        x &= x - 1;
                size_t pc = cb_popcount64(x);
                if (!stopped && total + pc > cap) {
                    next.tile = t, next.circle = i, next.skip = dropped + (cap - total);
                    stopped = 1;
                }
                total += pc;
                for (; x && written < cap; x &= x - 1)
                    out[written++] = (cb_pair){(uint32_t)i, (uint32_t)(base + cb_ctz64(x))};
            }
        }
    }
    *cur = next;
    return total;
}

/* The bit matrix: the words of tiles [tile_begin, end) of every row. Most
 * words are zero: the rows' ranges are cleared first, row after row (a
 * stream of whole cache lines), then tile by tile the few nonzero words
 * are written (writing every word tile by tile would touch one cache line
 * per row, rows apart, for each block of tiles). */
CB_INLINE size_t pairs_matrix(tile_cells_fn cells_of, band_words_fn words, const cb_pair_args *a,
                              int strict)
{
    size_t m = a->m, n = a->n_circles, tiles = (m + 63) / 64;
    size_t end = a->tile_end < tiles ? a->tile_end : tiles;
    uint64_t *mat = (uint64_t *)a->out;
    size_t total = 0;
    if (a->tile_begin >= end || !n) /* no rows, or no words in them */
        return 0;
    for (size_t i = 0; i < n; i++)
        memset(mat + i * tiles + a->tile_begin, 0, (end - a->tile_begin) * sizeof *mat);
    pair_plan plan;
    uint64_t hits[CB_BAND];
    cb_cells cells;
    plan_pairs(a->circles, n, &plan);
    memset(hits, 0, sizeof hits);
    for (size_t t = a->tile_begin; t < end; t++) {
        size_t base = t * 64, len = m - base < 64 ? m - base : 64;
        cells_of(&plan.grid, a->many, base, len, &cells);
        for (size_t k = 0; k < plan.bands; k++) {
            const cb_band *b = band_of(a->circles, n, k, &plan);
            cb_bandmask touched;
            memset(&touched, 0, sizeof touched);
            words(a->circles, b, a->many, base, len, &cells, strict, hits, &touched);
            CB_MASK_FOR_EACH(&touched, u) {
                if (hits[u]) {
                    mat[(b->first + u) * tiles + t] = hits[u];
                    total += cb_popcount64(hits[u]);
                    hits[u] = 0;
                }
            }
        }
    }
    return total;
}

CB_INLINE size_t drive_PAIRS(tile_cells_fn cells_of, band_words_fn words, const cb_pair_args *a)
{
    return !(a->flags & CB_STRICT) ? pairs_list(cells_of, words, a, 0)
                                   : pairs_list(cells_of, words, a, 1);
}

CB_INLINE size_t drive_MATRIX(tile_cells_fn cells_of, band_words_fn words, const cb_pair_args *a)
{
    return !(a->flags & CB_STRICT) ? pairs_matrix(cells_of, words, a, 0)
                                   : pairs_matrix(cells_of, words, a, 1);
}

/* Candidates run the one-circle drivers: the candidates are the elements. */
CB_INLINE cb_args listed_args(const cb_pair_args *a)
{
    cb_args b;
    memset(&b, 0, sizeof b);
    b.many = a->many, b.n = a->n, b.out = a->out, b.flags = a->flags, b.margin = a->margin;
    return b;
}

/* ---- the kernels, one per registry row, and the backend's table */

/* The blocks each output's driver takes. */
#define CB_BLOCKS_MASK(q, o, m, l) block_##q##_##o##_##m##_##l, (word_fn)0
#define CB_BLOCKS_INDICES(q, o, m, l) block_##q##_##o##_##m##_##l, (word_fn)0
#define CB_BLOCKS_DISTANCES(q, o, m, l) block_##q##_##o##_##m##_##l
#define CB_BLOCKS_CONTACTS(q, o, m, l)                                                             \
    select_##q##_##o##_##m##_##l, (word_fn)0, gather_##q##_##o##_##m##_##l

#define CB_KERNEL(name, query, one, many, layout, output)                                          \
    static size_t CB_FN(name)(const cb_args *a)                                                    \
    {                                                                                              \
        ctx_##one ctx = broadcast_##one(a, CB_MARGIN_##output(a));                                 \
        return drive_##output(CB_BLOCKS_##output(query, one, many, layout), &ctx, a);              \
    }
CB_ENTRIES(CB_KERNEL)

#define CB_KERNEL_PTR(name, query, one, many, layout, output) CB_FN(name),
const cb_kernel_table CB_CAT(cb_kernels, CB_SUFFIX) = {CB_ENTRIES(CB_KERNEL_PTR)};

/* The many-against-many kernels: all pairs through the tile sinks, listed
 * pairs through the one-circle drivers with the candidate blocks, whose
 * words come from one out-of-line function per entry (word_<name>). */
#define CB_LISTED_WORD_MASK(query, many) block_##query##_LISTED_##many##_SOA
#define CB_LISTED_WORD_INDICES(query, many) block_##query##_LISTED_##many##_SOA
#define CB_LISTED_WORD_CONTACTS(query, many) select_##query##_LISTED_##many##_SOA
#define CB_LISTED_BLOCKS_MASK(name, query, many)                                                   \
    block_##query##_LISTED_##many##_SOA, CB_FN(word_##name)
#define CB_LISTED_BLOCKS_INDICES(name, query, many) CB_LISTED_BLOCKS_MASK(name, query, many)
#define CB_LISTED_BLOCKS_CONTACTS(name, query, many)                                               \
    select_##query##_LISTED_##many##_SOA, CB_FN(word_##name), gather_##query##_LISTED_##many##_SOA

#define CB_PAIR_WORD_ALL(name, query, many, output)
#define CB_PAIR_WORD_LISTED(name, query, many, output)                                             \
    CB_LISTED_FN uint64_t CB_FN(word_##name)(const void *ctx, const void *els, size_t base,        \
                                             size_t len, int strict)                               \
    {                                                                                              \
        return word(CB_LISTED_WORD_##output(query, many), ctx, els, base, len, strict);            \
    }

#define CB_PAIR_KERNEL_ALL_PAIRS(name, query, many)                                                \
    return drive_PAIRS(tile_cells_##many, band_words_##query##_##many, a)
#define CB_PAIR_KERNEL_ALL_MATRIX(name, query, many)                                               \
    return drive_MATRIX(tile_cells_##many, band_words_##query##_##many, a)
#define CB_PAIR_KERNEL_LISTED(name, query, many, output)                                           \
    ctx_LISTED ctx = {a->circles, a->candidates, v_set1(CB_MARGIN_##output(a))};                   \
    cb_args b = listed_args(a);                                                                    \
    return drive_##output(CB_LISTED_BLOCKS_##output(name, query, many), &ctx, &b)
#define CB_PAIR_KERNEL_LISTED_MASK(name, query, many) CB_PAIR_KERNEL_LISTED(name, query, many, MASK)
#define CB_PAIR_KERNEL_LISTED_INDICES(name, query, many)                                           \
    CB_PAIR_KERNEL_LISTED(name, query, many, INDICES)
#define CB_PAIR_KERNEL_LISTED_CONTACTS(name, query, many)                                          \
    CB_PAIR_KERNEL_LISTED(name, query, many, CONTACTS)
#define CB_PAIR_KERNEL(name, query, pairing, many, output)                                         \
    CB_PAIR_WORD_##pairing(name, query, many, output)                                              \
    static size_t CB_FN(pair_##name)(const cb_pair_args *a)                                        \
    {                                                                                              \
        CB_PAIR_KERNEL_##pairing##_##output(name, query, many);                                    \
    }
CB_PAIR_ENTRIES(CB_PAIR_KERNEL)

#define CB_PAIR_KERNEL_PTR(name, query, pairing, many, output) CB_FN(pair_##name),
const cb_pair_kernel_table CB_CAT(cb_pair_kernels, CB_SUFFIX) = {CB_PAIR_ENTRIES(CB_PAIR_KERNEL_PTR)};
