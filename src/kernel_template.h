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

/* A hint to fetch what p points at (nothing where the compiler has no way). */
#if defined(__GNUC__) || defined(__clang__)
#define CB_PREFETCH(p) __builtin_prefetch(p)
#else
#define CB_PREFETCH(p) ((void)(p))
#endif

/* ---- storing lanes (the record sinks) */

/* The first k lanes of v at p; whole vectors when room (floats writable
 * at p) allows. */
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

/* centre -+ (e + s), s = ((|centre| + e) + g) * CB_REACH_SLACK; everything
 * where unbounded. */
CB_INLINE void grid_span(vf c, vf e, float g, vm unbounded, vf *lo, vf *hi)
{
    vf s = v_mul(v_add(v_add(v_abs(c), e), v_set1(g)), v_set1(CB_REACH_SLACK));
    *lo = v_sel(unbounded, v_set1(-INFINITY), v_sub(v_sub(c, e), s));
    *hi = v_sel(unbounded, v_set1(INFINITY), v_add(v_add(c, e), s));
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

CB_INLINE void circle_spans(const cb_circle_soa *set, size_t i, size_t k, float margin, float gx,
                            float gy, grid_spans *o, size_t at)
{
    vshape_CIRCLE c;
    CB_LOAD_CIRCLE_SOA(set, i, k, c);
    vf a = v_add(v_abs(c.r), v_set1(margin));
    vm unbounded = v_le_m(v_set1(CB_REACH_UNBOUNDED), v_max(v_max(a, v_abs(c.x)), v_abs(c.y)));
    vf e = v_add(v_mul(a, v_set1(CB_REACH_SCALE)), v_set1(CB_REACH_ADD)), lo, hi;
    grid_span(c.x, e, gx, unbounded, &lo, &hi);
    store_lanes(o->lx + at, lo, k, 64 - at), store_lanes(o->hx + at, hi, k, 64 - at);
    grid_span(c.y, e, gy, unbounded, &lo, &hi);
    store_lanes(o->ly + at, lo, k, 64 - at), store_lanes(o->hy + at, hi, k, 64 - at);
}

/* What a sink keeps of one circle's hits (the kind is a constant after
 * inlining). */
enum { GK_COUNT, GK_PAIRS, GK_MATRIX, GK_CONTACTS };

typedef struct {
    size_t k;     /* hits taken */
    size_t jmin;  /* only pairs with j >= jmin */
    size_t room;  /* PAIRS, CONTACTS: slots in buf */
    cb_pair *buf; /* ... the output after the pairs already written */
    int heap;     /* more hits than room: buf is a max-heap of the smallest */
    uint32_t i;   /* the circle */
    uint64_t *row; /* MATRIX: the circle's row */
} grid_sink;

CB_INLINE void sink_hit(int kind, grid_sink *s, uint32_t j, uint32_t pos)
{
    if (j < s->jmin)
        return;
    if (kind == GK_COUNT) {
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
 * mode; +inf pads the last vector. Longer lists: heapsort. */
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
    uint32_t down = 0; /* hits from one cell arrive in order */
    for (size_t q = 1; q < n; q++)
        down |= p[q - 1].j > p[q].j;
    if (!down)
        return;
    if (n > CB_SORT_RANK) {
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

/* The grid's arrays as the SoA view the loaders read. */
typedef struct {
    union {
        cb_box_soa box;
        cb_circle_soa circle;
        cb_obox_soa obox;
    } view;
    const uint32_t *start, *idx;
    const float *key;
} grid_arrays;

CB_INLINE grid_arrays arrays_of(const cb_grid *g)
{
    grid_arrays a;
    const float *f[6];
    for (unsigned k = 0; k < 6; k++)
        f[k] = CB_GRID_AT(g, g->off_f[k], const float);
    if (g->shape == CB_SHAPE_BOX) {
        cb_box_soa b = {f[0], f[1], f[2], f[3]};
        a.view.box = b;
    } else if (g->shape == CB_SHAPE_CIRCLE) {
        cb_circle_soa c = {f[0], f[1], f[2]};
        a.view.circle = c;
    } else {
        cb_obox_soa o = {f[0], f[1], f[2], f[3], f[4], f[5]};
        a.view.obox = o;
    }
    a.start = CB_GRID_AT(g, g->off_start, const uint32_t);
    a.idx = CB_GRID_AT(g, g->off_idx, const uint32_t);
    a.key = CB_GRID_AT(g, g->off_key, const float);
    return a;
}

/* Where a pair call writes: the pair list, the matrix, or the records. */
typedef struct {
    cb_pair *pairs;
    uint64_t *matrix;
    const cb_pair_contacts *contacts;
    size_t capacity;
} grid_out;

/* The selection bits of a vector of entries, per query. */
#define CB_GRID_TEST_OVERLAP(many, one, v, margin, strict)                                         \
    ((void)(margin), query_OVERLAP_CIRCLE_##many(one, v, strict))
#define CB_GRID_TEST_CONTACTS(many, one, v, margin, strict)                                        \
    select_CONTACTS_CIRCLE_##many(one, v, margin, strict)

/* The records of the got pairs at buf (.i the entry's position until
 * then), stored from record `at` of the output: the one-circle query's
 * records body on the gathered entries. */
#define CB_GRID_RECORDS_OVERLAP(many, one, ga, buf, got, at, o, i)
#define CB_GRID_RECORDS_CONTACTS(many, one, ga, buf, got, at, o, i)                                \
    for (size_t c_ = 0; c_ < (got); c_ += CB_W) {                                                  \
        size_t k_ = (got) - c_ < CB_W ? (got) - c_ : CB_W, room_ = (o)->capacity - (at) - c_;      \
        uint32_t pos_[CB_W];                                                                       \
        for (size_t q_ = 0; q_ < k_; q_++)                                                         \
            pos_[q_] = (buf)[c_ + q_].i, (buf)[c_ + q_].i = (uint32_t)(i);                         \
        vshape_##many v_;                                                                          \
        CB_GATHER_##many##_SOA(&(ga)->view, pos_, k_, v_);                                         \
        vrecords r_ = records_CONTACTS_CIRCLE_##many(one, v_);                                     \
        const cb_pair_contacts *pc_ = (o)->contacts;                                               \
        size_t w_ = (at) + c_;                                                                     \
        store_lanes(pc_->normal_x + w_, r_.nx, k_, room_);                                         \
        store_lanes(pc_->normal_y + w_, r_.ny, k_, room_);                                         \
        store_lanes(pc_->separation + w_, r_.sep, k_, room_);                                      \
        store_lanes(pc_->point_x + w_, r_.px, k_, room_);                                          \
        store_lanes(pc_->point_y + w_, r_.py, k_, room_);                                          \
        store_bytes(pc_->feature + w_, r_.feature, k_);                                            \
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
#define CB_GRID_QUERY(query, many)                                                                 \
    CB_INLINE void grid_run_##query##_##many(int kind, const vshape_CIRCLE *one, vf margin,        \
                                             const grid_arrays *ga, size_t p0, size_t p1,          \
                                             int later_row, int strict, grid_sink *s)              \
    {                                                                                              \
        for (size_t p = p0; p < p1;) {                                                             \
            vshape_##many v;                                                                       \
            CB_LOAD_##many##_SOA(&ga->view, p, CB_W, v);                                           \
            uint32_t bits = CB_GRID_TEST_##query(many, *one, v, margin, strict);                   \
            if (p1 - p < CB_W) /* entries of the next cells: not this run */                       \
                bits &= (uint32_t)(((uint64_t)1 << (p1 - p)) - 1u);                               \
            if (later_row) /* an element of two rows is taken in the first one read */             \
                bits &= v_le_bits(v_loadu(ga->key + p), v_set1(0.0f));                             \
            for (; bits; bits &= bits - 1u) {                                                      \
                uint32_t pos = (uint32_t)(p + cb_ctz64(bits));                                     \
                sink_hit(kind, s, ga->idx[pos], pos);                                              \
            }                                                                                      \
            p += CB_W;                                                                             \
        }                                                                                          \
    }                                                                                              \
    /* Every run of circle u of the block: the first level's first two rows \
     * from the block's runs, its further rows, then every other level.   \
     * first: that level's number (g->levels when no level has entries);  \
     * others: whether a later level has entries. */                       \
    CB_INLINE void grid_circle_##query##_##many(int kind, const cb_grid *g, const grid_arrays *ga, \
                                                const vshape_CIRCLE *one, vf margin,               \
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
    CB_INLINE size_t grid_pairs_##query##_##many(int kind, const cb_grid *g,                       \
                                                 const cb_circle_soa *set, cb_pair_cursor *cur,    \
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
                circle_spans(set, i + u, nb - u < CB_W ? nb - u : CB_W, margin, g->gx, g->gy, &sp, \
                             u);                                                                   \
            if (first < g->levels) {                                                               \
                for (size_t u = 0; u < nb; u += CB_W)                                              \
                    circle_cells(g, first, &sp, u, nb - u < CB_W ? nb - u : CB_W);                 \
                circle_runs(g, first, ga.start, &sp, nb);                                          \
            } else {                                                                               \
                memset(sp.run, 0, sizeof sp.run), memset(sp.rest, 0, sizeof sp.rest);              \
            }                                                                                      \
            for (size_t u = 0; u < nb; u++, i++, jfrom = 0) {                                      \
                if ((kind == GK_PAIRS || kind == GK_CONTACTS) && done == o->capacity) {            \
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
                s.jmin = self && jfrom <= i ? i + 1 : jfrom;                                       \
                s.buf = kind == GK_CONTACTS ? o->contacts->pair + done                             \
                        : kind == GK_PAIRS  ? o->pairs + done                                      \
                                            : NULL;                                                \
                s.room = o->capacity - done;                                                       \
                float x = set->x[i], y = set->y[i], r = set->r[i];                                 \
                vshape_CIRCLE one = {v_set1(x), v_set1(y), v_set1(r)};                             \
                if (x == x && y == y && r == r && s.jmin < m) /* a NaN never hits */               \
                    grid_circle_##query##_##many(kind, g, &ga, &one, vmargin, &sp, u, first,       \
                                                 others, strict, &s);                              \
                if (kind == GK_COUNT || kind == GK_MATRIX) {                                       \
                    done += s.k;                                                                   \
                    continue;                                                                      \
                }                                                                                  \
                size_t got = s.heap ? s.room : s.k;                                                \
                grid_sort(s.buf, got);                                                             \
                CB_GRID_RECORDS_##query(many, one, &ga, s.buf, got, done, o, i);                   \
                done += got;                                                                       \
                if (s.heap) { /* more pairs than room: the rest of this circle next time */        \
                    cur->circle = i, cur->element = (size_t)s.buf[got - 1].j + 1;                  \
                    return done;                                                                   \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
        if (kind != GK_COUNT)                                                                      \
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

/* A vector of elements into entries p .. p+CB_W-1 of the grid's arrays. */
#define CB_STORE_BOX(d, p, v)                                                                      \
    (v_storeu(d[0] + (p), (v).x0), v_storeu(d[1] + (p), (v).y0), v_storeu(d[2] + (p), (v).x1),    \
     v_storeu(d[3] + (p), (v).y1))
#define CB_STORE_CIRCLE(d, p, v)                                                                   \
    (v_storeu(d[0] + (p), (v).x), v_storeu(d[1] + (p), (v).y), v_storeu(d[2] + (p), (v).r))
#define CB_STORE_OBOX(d, p, v)                                                                     \
    (v_storeu(d[0] + (p), (v).cx), v_storeu(d[1] + (p), (v).cy), v_storeu(d[2] + (p), (v).hx),    \
     v_storeu(d[3] + (p), (v).hy), v_storeu(d[4] + (p), (v).c), v_storeu(d[5] + (p), (v).s))

/* CB_W elements, from q (keep == NULL) or keep[q ..] (k of them). */
#define CB_ELEMENTS(many, els, keep, q, k, v)                                                      \
    do {                                                                                           \
        if (keep)                                                                                  \
            CB_GATHER_##many##_SOA(els, (keep) + (q), k, v);                                       \
        else                                                                                       \
            CB_LOAD_##many##_SOA(els, q, k, v);                                                    \
    } while (0)

/* The lanes below k. */
#define CB_LANES(k) ((uint32_t)(((uint64_t)1 << (k)) - 1u))

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
            vshape_##many v;                                                                       \
            vf a, b, c, d;                                                                         \
            CB_GATHER_##many##_SOA(els, at, k, v);                                                 \
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
        float *key = CB_GRID_AT(g, g->off_key, float), *dst[6];                                    \
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
        for (unsigned f = 0; f < 6; f++)                                                           \
            dst[f] = CB_GRID_AT(g, g->off_f[f], float);                                            \
        for (size_t p = 0; p < g->count; p += CB_W) { /* whole vectors: into the padding */        \
            vshape_##many v;                                                                       \
            size_t k = g->count - p < CB_W ? g->count - p : CB_W;                                  \
            CB_GATHER_##many##_SOA(els, idx + p, k, v);                                            \
            CB_STORE_##many(dst, p, v);                                                            \
        }                                                                                          \
        cb_grid_finish(g, cells);                                                                  \
        return g;                                                                                  \
    }                                                                                              \
    static size_t CB_FN(grid_cull_##many)(const cb_circle_soa *set, size_t first, size_t end,      \
                                          float margin, const void *els, size_t m, uint32_t *keep, \
                                          uint64_t *bits)                                          \
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
                    circle_spans(set, i + u, nb - u < CB_W ? nb - u : CB_W, margin, 0.0f, 0.0f,    \
                                 &sp, u);                                                          \
                for (size_t u = 0; u < nb; u++) {                                                  \
                    float x = set->x[i + u], y = set->y[i + u], r = set->r[i + u];                 \
                    if (x != x || y != y || r != r) /* a NaN never hits */                         \
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
                vshape_##many v;                                                                   \
                vf a, b, c, d;                                                                     \
                CB_LOAD_##many##_SOA(els, q, k, v);                                                \
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

CB_GRID_BUILDER(BOX)
CB_GRID_BUILDER(CIRCLE)
CB_GRID_BUILDER(OBOX)

typedef cb_grid *(*grid_build_fn)(void *mem, const void *els, size_t m, const uint32_t *keep,
                                  size_t kept, unsigned per);
typedef size_t (*grid_cull_fn)(const cb_circle_soa *set, size_t first, size_t end, float margin,
                               const void *els, size_t m, uint32_t *keep, uint64_t *bits);

/* A grid built by this backend (the public cb_grid_* functions). */
cb_grid *CB_FN(cb_grid_build)(void *mem, cb_shape shape, const void *els, size_t m)
{
    if (shape == CB_SHAPE_BOX)
        return CB_FN(grid_build_BOX)(mem, els, m, NULL, 0, CB_GRID_CELLS_PREPARED);
    if (shape == CB_SHAPE_CIRCLE)
        return CB_FN(grid_build_CIRCLE)(mem, els, m, NULL, 0, CB_GRID_CELLS_PREPARED);
    return CB_FN(grid_build_OBOX)(mem, els, m, NULL, 0, CB_GRID_CELLS_PREPARED);
}

/* One all-pairs call's grid: the one its scratch holds for this range when
 * the cursor names it, else built there (after the cull; self pairs: no
 * cull, the set is its own elements). *stamp: its name for the cursor. */
CB_INLINE const cb_grid *plan_grid(const cb_args *a, cb_shape shape, const void *els,
                                   size_t m, size_t end, float margin, int self,
                                   grid_build_fn build, grid_cull_fn cull, uint64_t *stamp)
{
    cb_plan_key key;
    cb_plan_key_of(&key, a->circles, a->n_circles, shape, els, m, a->cursor->circle, end, margin,
                   self);
    const cb_grid *g = cb_plan_find(a->scratch, &key, a->cursor->plan);
    if (g) {
        *stamp = a->cursor->plan;
        return g;
    }
    cb_plan_mem pm = cb_plan_memory(a->scratch, m);
    size_t kept = self ? SIZE_MAX
                       : cull(a->circles, a->cursor->circle, end, margin, els, m, pm.keep, pm.cull);
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
                                                      const cb_circle_soa *set,                    \
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
} ctx_LISTED;

/* A candidate block is a hundred lane loads: inlined into the drivers' words,
 * unrolled 64 / CB_W times for each output and touching mode, it made a
 * sanitizer build of one ISA file take minutes. So a whole word of
 * candidates is one out-of-line function per entry (word_<name>, defined
 * with the kernels below; its loop is not unrolled), in which the block is
 * inlined once. */
#if defined(__GNUC__) || defined(__clang__)
#define CB_OUT_OF_LINE static __attribute__((noinline, unused))
#else
#define CB_OUT_OF_LINE static
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
    CB_OUT_OF_LINE vrecords gather_##query##_LISTED_##many##_SOA(const void *ctx, const void *els,      \
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

/* Candidates run the batch drivers: the candidates are the elements. */
CB_INLINE cb_args listed_args(const cb_args *a)
{
    cb_args b;
    memset(&b, 0, sizeof b);
    b.many = a->many, b.n = a->n_candidates, b.out = a->out, b.flags = a->flags;
    b.margin = a->margin;
    return b;
}

/* ---- the kernels, one per registry row, and the backend's table */

#define CB_KERNEL_NAME(form, query, one, many, layout, output)                                     \
    CB_FN(CB_PASTE(kernel_, CB_NAME(form, query, one, many, layout, output)))

/* Batch: the single shape in every lane, then the output's driver with the
 * blocks it takes. */
#define CB_BLOCKS_MASK(q, o, m, l) block_##q##_##o##_##m##_##l, (word_fn)0
#define CB_BLOCKS_INDICES(q, o, m, l) block_##q##_##o##_##m##_##l, (word_fn)0
#define CB_BLOCKS_DISTANCES(q, o, m, l) block_##q##_##o##_##m##_##l
#define CB_BLOCKS_CONTACTS(q, o, m, l)                                                             \
    select_##q##_##o##_##m##_##l, (word_fn)0, gather_##q##_##o##_##m##_##l

#define CB_KERNEL_BATCH(query, one, many, layout, output)                                          \
    ctx_##one ctx = broadcast_##one(a, CB_MARGIN_##output(a));                                     \
    return drive_##output(CB_BLOCKS_##output(query, one, many, layout), &ctx, a)

/* Pairs: against elements or the set itself, the call's grid in its scratch
 * (grid.c: built after the cull, or left by the previous call of a resumed
 * range), then the circles of the range against it; against a grid, the
 * caller's, whose shape picks the query's body. */

/* A list call with no room and no list counts; the others write. */
#define CB_GRID_KIND_PAIRS(a) ((a)->out == NULL && (a)->capacity == 0 ? GK_COUNT : GK_PAIRS)
#define CB_GRID_KIND_PAIR_CONTACTS(a)                                                              \
    ((a)->out == NULL && (a)->capacity == 0 ? GK_COUNT : GK_CONTACTS)
#define CB_GRID_KIND_MATRIX(a) GK_MATRIX
#define CB_GRID_MARGIN_PAIRS(a) 0.0f
#define CB_GRID_MARGIN_MATRIX(a) 0.0f
#define CB_GRID_MARGIN_PAIR_CONTACTS(a) ((a)->margin)

#define CB_GRID_DRIVE(query, many, output, g, a, end, self, o)                                     \
    grid_drive_##query##_##many(CB_GRID_KIND_##output(a), ((a)->flags & CB_STRICT) != 0, g,        \
                                (a)->circles, (a)->cursor, end, self,                              \
                                CB_GRID_MARGIN_##output(a), o)

/* The range of the call: cursor->end, 0 meaning n_circles (written back);
 * false when there is nothing to do (an empty range: the cursor moves to
 * its end, but for a count; or no elements: no pairs). */
CB_INLINE int pair_range(const cb_args *a, int output, size_t m, size_t *end)
{
    cb_pair_cursor *cur = a->cursor;
    *end = cur->end ? cur->end : a->n_circles;
    cur->end = *end;
    int count = output != CB_OUTPUT_MATRIX && a->out == NULL && a->capacity == 0;
    if (output == CB_OUTPUT_MATRIX)
        cur->element = 0;
    if (cur->circle < *end && m > 0)
        return 1;
    if (output == CB_OUTPUT_MATRIX) /* rows of no words, or none */
        cur->circle = *end;
    else if (!count)
        cur->circle = *end, cur->element = 0;
    return 0;
}

CB_INLINE grid_out out_of(const cb_args *a)
{
    grid_out o = {(cb_pair *)a->out, (uint64_t *)a->out, (const cb_pair_contacts *)a->out,
                  a->capacity};
    return o;
}

/* Against elements (BOX, CIRCLE, OBOX) or the set itself (SELF): plan,
 * then drive. */
#define CB_BUILT_SELF_SELF 1
#define CB_BUILT_SHAPE_SELF CIRCLE
#define CB_BUILT_ELS_SELF(a) ((const void *)(a)->circles)
#define CB_BUILT_M_SELF(a) ((a)->n_circles)
#define CB_BUILT_SELF_ELS 0
#define CB_BUILT_ELS_ELS(a) ((a)->many)
#define CB_BUILT_M_ELS(a) ((a)->n)
#define CB_BUILT_KIND_BOX ELS
#define CB_BUILT_KIND_CIRCLE ELS
#define CB_BUILT_KIND_OBOX ELS
#define CB_BUILT_KIND_SELF SELF
#define CB_BUILT_SHAPE_BOX BOX
#define CB_BUILT_SHAPE_CIRCLE CIRCLE
#define CB_BUILT_SHAPE_OBOX OBOX
#define CB_BUILT_(part, many) CB_PASTE(CB_BUILT_##part##_, CB_BUILT_KIND_##many)
#define CB_PAIRS_BUILT(query, many, output)                                                        \
    CB_PAIRS_BUILT_(query, CB_BUILT_SHAPE_##many, output, CB_BUILT_(M, many)(a),                   \
                    CB_BUILT_(ELS, many)(a), CB_BUILT_(SELF, many))
#define CB_PAIRS_BUILT_(query, shape, output, m_, els_, self_)                                     \
    CB_PAIRS_BUILT__(query, shape, output, m_, els_, self_)
#define CB_PAIRS_BUILT__(query, shape, output, m_, els_, self_)                                    \
    size_t end, m = m_;                                                                            \
    if (!pair_range(a, CB_OUTPUT_##output, m, &end))                                               \
        return 0;                                                                                  \
    uint64_t stamp;                                                                                \
    const cb_grid *g =                                                                             \
        plan_grid(a, CB_SHAPE_##shape, els_, m, end, CB_GRID_MARGIN_##output(a), self_,            \
                  CB_FN(grid_build_##shape), CB_FN(grid_cull_##shape), &stamp);                    \
    grid_out o = out_of(a);                                                                        \
    size_t r = CB_GRID_DRIVE(query, shape, output, g, a, end, self_, &o);                          \
    a->cursor->plan = stamp;                                                                       \
    return r
#define CB_PAIRS_BOX(query, output) CB_PAIRS_BUILT(query, BOX, output)
#define CB_PAIRS_CIRCLE(query, output) CB_PAIRS_BUILT(query, CIRCLE, output)
#define CB_PAIRS_OBOX(query, output) CB_PAIRS_BUILT(query, OBOX, output)
#define CB_PAIRS_SELF(query, output) CB_PAIRS_BUILT(query, SELF, output)
/* Against a grid: its shape picks the body. */
#define CB_PAIRS_GRID(query, output)                                                               \
    const cb_grid *g = (const cb_grid *)a->many;                                                   \
    size_t end;                                                                                    \
    if (!pair_range(a, CB_OUTPUT_##output, (size_t)g->m, &end))                                    \
        return 0;                                                                                  \
    grid_out o = out_of(a);                                                                        \
    switch (g->shape) {                                                                            \
    case CB_SHAPE_BOX: return CB_GRID_DRIVE(query, BOX, output, g, a, end, 0, &o);                 \
    case CB_SHAPE_CIRCLE: return CB_GRID_DRIVE(query, CIRCLE, output, g, a, end, 0, &o);           \
    default: return CB_GRID_DRIVE(query, OBOX, output, g, a, end, 0, &o);                          \
    }
#define CB_KERNEL_PAIRS(query, one, many, layout, output) CB_PAIRS_##many(query, output)

/* Candidates: the batch drivers with the candidate blocks, whose words come
 * from one out-of-line function per (query, element, output): word_<...>. */
#define CB_LISTED_WORD_MASK(query, many) block_##query##_LISTED_##many##_SOA
#define CB_LISTED_WORD_INDICES(query, many) block_##query##_LISTED_##many##_SOA
#define CB_LISTED_WORD_CONTACTS(query, many) select_##query##_LISTED_##many##_SOA
#define CB_WORD_NAME(query, many, output) CB_FN(word_##query##_##many##_##output)
#define CB_LISTED_BLOCKS_MASK(query, many)                                                         \
    block_##query##_LISTED_##many##_SOA, CB_WORD_NAME(query, many, MASK)
#define CB_LISTED_BLOCKS_INDICES(query, many)                                                      \
    block_##query##_LISTED_##many##_SOA, CB_WORD_NAME(query, many, INDICES)
#define CB_LISTED_BLOCKS_CONTACTS(query, many)                                                     \
    select_##query##_LISTED_##many##_SOA, CB_WORD_NAME(query, many, CONTACTS),                     \
        gather_##query##_LISTED_##many##_SOA
#define CB_KERNEL_CANDIDATES(query, one, many, layout, output)                                     \
    ctx_LISTED ctx = {a->circles, a->candidates, v_set1(CB_MARGIN_##output(a))};                   \
    cb_args b = listed_args(a);                                                                    \
    return drive_##output(CB_LISTED_BLOCKS_##output(query, many), &ctx, &b)

#define CB_LISTED_WORDS_BATCH(query, many, output)
#define CB_LISTED_WORDS_PAIRS(query, many, output)
#define CB_LISTED_WORDS_CANDIDATES(query, many, output)                                            \
    CB_OUT_OF_LINE uint64_t CB_WORD_NAME(query, many, output)(const void *ctx, const void *els,    \
                                                              size_t base, size_t len, int strict) \
    {                                                                                              \
        return word(CB_LISTED_WORD_##output(query, many), ctx, els, base, len, strict);            \
    }

#define CB_KERNEL(form, query, one, many, layout, output)                                          \
    CB_LISTED_WORDS_##form(query, many, output)                                                    \
    static size_t CB_KERNEL_NAME(form, query, one, many, layout, output)(const cb_args *a)         \
    {                                                                                              \
        CB_KERNEL_##form(query, one, many, layout, output);                                        \
    }
CB_ENTRIES(CB_KERNEL)

#define CB_KERNEL_PTR(form, query, one, many, layout, output)                                      \
    CB_KERNEL_NAME(form, query, one, many, layout, output),
const cb_kernel_table CB_CAT(cb_kernels, CB_SUFFIX) = {CB_ENTRIES(CB_KERNEL_PTR)};
