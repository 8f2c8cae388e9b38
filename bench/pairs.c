/* pairs.c - many against many: a scene sweep of all pairs (cb_pairs_overlap, and its prepared form cb_pairs_overlap_circles_grid) against the loop of per-circle calls and a plain uniform grid, on each scene and its integer copy (cb_pairs_overlap_icircles_iboxes, ..._icircles_grid), and candidate pairs (cb_candidates_*) against per-pair calls. */
#include "bench.h"
#include "rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * Two blocks of rows, each checked before it is timed, calibrated and timed
 * with interleaved reps like a size rung of the main table:
 *
 *  - scenes, circles vs boxes: a sweep of N circles x M boxes, uniform and
 *    clustered, at about 1% and 20% of the circles hitting a box, and four
 *    named scenes. Per scene, every backend's raw kernels (one frame = one
 *    call, room for every pair):
 *      all pairs   cb_pairs_overlap (cb_entry_kernel), scratch given
 *      prepared    cb_pairs_overlap_circles_grid on a cb_grid_boxes grid built
 *                  once
 *      loop        cb_batch_overlap_idx (cb_entry_kernel) once per circle
 *                  against all M boxes, its hits appended as (i, j) pairs
 *    the same three on the scene's integer copy (int_copy: coordinates and
 *    radii times 2^10, rounded outward to int32; its own scene), timed
 *    side by side with the float ones in the same block:
 *      int all pairs   cb_pairs_overlap_icircles_iboxes (cb_entry_kernel)
 *      int prepared    cb_pairs_overlap_icircles_grid on a cb_grid_iboxes grid
 *      int loop        cb_batch_overlap_icircle_iboxes_idx once per circle
 *    and, backend-independent, the plain uniform grid written below (a
 *    baseline: scalar clamp test, counting sort, a stamp per box), timed
 *    built in the frame (build + query) and built beforehand (query only),
 *    and the prepared forms' one-off builds (cb_grid_boxes, cb_grid_iboxes).
 *    Every row must find exactly the reference's pairs (see make_reference;
 *    the integer copy has its own, by testkit's 128-bit ref_ipair_box):
 *    the library's forms the same list in the same order (i, then j), the
 *    baselines the same pairs (their order sorted before the comparison).
 *  - candidate pairs: a broad phase's candidate list, in random order and
 *    sorted by element, through the candidate kernels (bitmask, index list,
 *    contacts at margin 0) against per-pair calls: the scalar raw kernel of
 *    cb_batch_overlap_aos with n = 1 per candidate (run in the caller's
 *    float environment, as the removed one-pair cb_overlap was), and for
 *    contacts the scalar one-circle contacts kernel with n = 1. The same
 *    again on the data's integer copy (data.c): the integer candidate
 *    kernels (cb_candidates_*_icircles_iboxes) against the scalar kernels
 *    of cb_batch_overlap_icircle_iboxes_aos and
 *    cb_batch_contacts_icircle_iboxes with n = 1.
 *
 * A row's reps are --reps, fewer (at least 3) when they would take more than
 * about a second.
 *
 * After the named scenes, pairs_run runs the shooter frame (bench/shooter.c:
 * many sweeps against many boxes, cb_pairs_sweep_first and its circles twin,
 * the pairs form's PAIR_FIRST_HITS entries); its tables, summary and CSV
 * follow this section's. --shooter-only runs it alone.
 */

#define ROW_BUDGET_NS 1e9                 /* a row's timed samples: about this long at most */
#define LOOP_FULL_TESTS ((size_t)1 << 26) /* the loop runs all N circles while N x M <= this */
#define LOOP_MIN_CIRCLES 256u  /* ... else the first max(this, LOOP_FULL_TESTS / M) of them */
#define SPOT_CIRCLES 16u       /* reference: circles also checked against every box, one by one */

/*
 * The sweep. Boxes have sides (width and height, each) uniform in [4, 16)
 * (mean 10), circles radii uniform in [2, 6). Positions are drawn in the
 * unit square and scaled by the world side L, box centres and circle
 * centres alike, entities stored in the order drawn (by id, not by place):
 *  - uniform: both coordinates uniform in [0, 1);
 *  - clustered: 8 clusters, centres uniform in [0.15, 0.85)^2, spreads
 *    sigma uniform in [0.015, 0.06), cluster k drawn with weight 1/(k + 1);
 *    each coordinate the centre's plus sigma times a sum of four uniforms
 *    (mean 0, variance 1: a near-Gaussian without libm). Circles and boxes
 *    share the clusters.
 * L is calibrated per (distribution, density, M) on the largest N: a
 * bisection on log L until the share of circles that hit at least one box
 * (the library's own count-only call, then its list) is within 3% of 1% or
 * 20% (or the closest after 16 steps); the smaller N are the first N of
 * those circles, so their share varies a little (printed per scene).
 */
static const size_t sweep_n[] = {256, 1024, 4096, 16384, 65536};
static const size_t sweep_m[] = {1024, 16384, 65536, (size_t)1 << 20};
static const size_t quick_n[] = {1024};
static const size_t quick_m[] = {1024, 16384};
#define SW_SIDE_LO 4.0f
#define SW_SIDE_HI 16.0f
#define SW_R_LO 2.0f
#define SW_R_HI 6.0f
/* the mean area within which a box centre hits a circle (the Minkowski sum
 * of a box and a disc: w h + 2 r (w + h) + pi r^2, averaged): 100 + 160 + 54.5 */
#define SW_REACH_AREA 314.5
#define CLUSTERS 8
#define CAL_STEPS 16
#define CAL_TOL 0.03

enum { DIST_UNIFORM, DIST_CLUSTERED, DIST_NAMED };
static const char *const dist_names[3] = {"uniform", "clustered", "named"};
static const double density_goal[2] = {0.01, 0.20};
static const char *const density_names[2] = {"~1%", "~20%"};

/*
 * The four named scenes. Box sides (width and height, each)
 * and radii uniform in the ranges below; boxes lie inside the world (their
 * minimum corner uniform in [0, W - w) x [0, H - h)), circle centres
 * uniform over it. Expected pairs per circle ~ M x (mean Minkowski area) /
 * (W H), less near the edges:
 *  - shooter: 4,096 bullets (r 1.5..2.5) x 1,024 boxes (24..56) on a
 *    1920 x 1080 screen: 1Ki x (44^2) / 2.07M ~ 0.96 per bullet, ~4,000;
 *  - small boxes: 1,024 circles (r 14..26) x 65,536 boxes (4..12) over
 *    4096 x 4096: 64Ki x ~1,960 / 16.8M ~ 7.7 per circle, ~8,000;
 *  - crowded: 2,048 circles (r 8..24) x 2,048 boxes (16..48) in 768 x
 *    768: 2Ki x ~3,940 / 590K ~ 13.7 per circle, ~27,000 after the edges;
 *  - sparse: 16,384 circles (r 4..12) x 16,384 boxes (8..24) over 7168 x
 *    7168: 16Ki x ~986 / 51.4M ~ 0.31 per circle, ~5,000.
 */
typedef struct named_scene {
    const char *name;
    size_t n, m;
    float w, h;        /* the world [0, w) x [0, h) */
    float r_lo, r_hi;  /* circle radii */
    float s_lo, s_hi;  /* box sides */
    const char *about; /* the pair count the scene is designed for */
} named_scene;

static const named_scene named[] = {
    {"shooter: 4,096 bullets x 1,024 boxes (1920x1080)", 4096, 1024, 1920, 1080, 1.5f, 2.5f, 24, 56,
     "about 4,000"},
    {"1,024 circles x 65,536 small boxes", 1024, 65536, 4096, 4096, 14, 26, 4, 12, "about 8,000"},
    {"2,048 x 2,048, crowded", 2048, 2048, 768, 768, 8, 24, 16, 48, "about 27,000"},
    {"16,384 x 16,384, sparse", 16384, 16384, 7168, 7168, 4, 12, 8, 24, "about 5,000"},
};
#define NAMED_COUNT (int)(sizeof named / sizeof named[0])

/* candidates: (N, M, candidates) */
static const size_t def_cand[3] = {1024, 64u << 10, 64u << 10};
static const size_t quick_cand[3] = {256, 16u << 10, 4u << 10};

typedef enum { SET_SCENE, SET_CAND, SET_COUNT } pset;

typedef enum {
    PK_ALL,       /* scene: cb_pairs_overlap's raw kernel */
    PK_GRID,      /* scene: cb_pairs_overlap_circles_grid's raw kernel, boxes prepared before */
    PK_LOOP,      /* scene: N calls of cb_batch_overlap_idx's raw kernel, (i, j) appended */
    PK_UG_FRAME,  /* scene: the plain uniform grid built in the frame (build + query) */
    PK_UG_PRE,    /* scene: the plain uniform grid built beforehand (query only) */
    PK_PREPARE,   /* scene: cb_grid_boxes, the prepared form's one-off build */
    PK_IALL,      /* integer copy: cb_pairs_overlap_icircles_iboxes's raw kernel */
    PK_IGRID,     /* integer copy: cb_pairs_overlap_icircles_grid's raw kernel (cb_grid_iboxes) */
    PK_ILOOP,     /* integer copy: N calls of cb_batch_overlap_icircle_iboxes_idx's raw kernel */
    PK_IPREPARE,  /* integer copy: cb_grid_iboxes, the prepared form's one-off build */
    PK_CAND_MASK, /* candidates: bitmask */
    PK_CAND_IDX,  /* candidates: index list */
    PK_CAND_CONT, /* candidates: contacts, margin 0 */
    PK_PP_MASK,   /* per-pair scalar cb_batch_overlap_aos kernel (n = 1), bitmask out */
    PK_PP_IDX,    /* per-pair scalar cb_batch_overlap_aos kernel (n = 1), index list out */
    PK_PP_CONT,   /* per-pair scalar one-circle contacts kernel, n = 1 */
    PK_ICAND_MASK, /* integer candidates (the data's integer copy): bitmask */
    PK_ICAND_IDX,  /* integer candidates: index list */
    PK_ICAND_CONT, /* integer candidates: contacts */
    PK_IPP_MASK,   /* per-pair scalar cb_batch_overlap_icircle_iboxes_aos kernel (n = 1), mask */
    PK_IPP_IDX,    /* the same, index list out */
    PK_IPP_CONT,   /* per-pair scalar cb_batch_contacts_icircle_iboxes kernel, n = 1 */
    PK_COUNT
} pkind;

static const char *const pkind_names[PK_COUNT] = {
    "all pairs",       "prepared",      "loop per circle", "grid in frame",
    "grid beforehand", "cb_grid_boxes", "int all pairs",   "int prepared",
    "int loop",        "cb_grid_iboxes", "cand mask",      "cand idx",
    "cand cont",       "per-pair mask", "per-pair idx",    "per-pair cont",
    "int cand mask",   "int cand idx",  "int cand cont",   "int per-pair mask",
    "int per-pair idx", "int per-pair cont"};

/* The integer rows, and each one's float twin (the same form on the float scene). */
static const pkind float_twin[PK_COUNT] = {
    [PK_IALL] = PK_ALL, [PK_IGRID] = PK_GRID, [PK_ILOOP] = PK_LOOP, [PK_IPREPARE] = PK_PREPARE};
static int int_kind(pkind k)
{
    return (k >= PK_IALL && k <= PK_IPREPARE) || (k >= PK_ICAND_MASK && k <= PK_IPP_CONT);
}
static int loop_kind(pkind k) { return k == PK_LOOP || k == PK_ILOOP; }

/* The candidate rows [integer][output: mask, idx, contacts] and their per-pair calls. */
static const pkind cand_kinds[2][3] = {{PK_CAND_MASK, PK_CAND_IDX, PK_CAND_CONT},
                                       {PK_ICAND_MASK, PK_ICAND_IDX, PK_ICAND_CONT}};
static const pkind pp_kinds[2][3] = {{PK_PP_MASK, PK_PP_IDX, PK_PP_CONT},
                                     {PK_IPP_MASK, PK_IPP_IDX, PK_IPP_CONT}};

/* A candidate or per-pair row's output: 0 bitmask, 1 index list, 2 contacts. */
static int cand_out(pkind k)
{
    for (int in = 0; in < 2; in++)
        for (int q = 0; q < 3; q++)
            if (k == cand_kinds[in][q] || k == pp_kinds[in][q])
                return q;
    return -1;
}
static const char *const order_names[2] = {"random", "by j"};

typedef struct prow {
    pset set;
    int scene;    /* SET_SCENE: scenes[scene] */
    size_t n, m;  /* circles in the set, elements */
    size_t ncand; /* SET_CAND: candidates */
    int order;    /* SET_CAND: 0 random order, 1 sorted by element */
    pkind kind;
    int backend;      /* cb_backend; -1 for the baselines and the per-pair calls */
    size_t hits;      /* pairs found (PK_LOOP: by its `circles` circles), candidates selected */
    size_t circles;   /* PK_LOOP: the circles a call runs (the first ones); its frame time is
                        the call's scaled by n / circles when that is fewer than n */
    const char *skip; /* not NULL: not run here, and why (cb_backend_status) */
    int reps;
    unsigned long iters;
    double min, med, max; /* ns per call */
    /* while timing */
    cb_kernel_fn pfn; /* the pairs or candidates entry's raw kernel */
    cb_kernel_fn kfn; /* PK_LOOP: the batch index entry's raw kernel */
} prow;

static prow *res; /* every finished row, for the report and the CSV */
static int nres, capres;

/* One scene: what the report needs of it. */
typedef struct scene {
    int dist;    /* DIST_UNIFORM, DIST_CLUSTERED, DIST_NAMED */
    int density; /* sweep: 0 (~1%) or 1 (~20%); named: the named[] index */
    int data;    /* the scenes of one data set share its boxes (and its prepare row) */
    size_t n, m;
    double w, h;   /* the world */
    size_t pairs;  /* pairs found */
    size_t hit;    /* circles that hit at least one box */
    size_t ipairs, ihit; /* the same of the integer copy */
    double iscale;       /* the integer copy's scale (int_copy) */
    size_t loop_k; /* circles the loop rows run */
} scene;

static scene *scenes;
static int nscenes, capscenes, ndata;
static int skipped_note; /* backends asked for but not in this build (bits) */

/* ------------------------------------------------------- scene data */

/* A reference: every pair of all nmax circles, sorted by i then j; circle
 * i's pairs are ref[first[i] .. first[i + 1]), and hitc[i] circles below i
 * hit a box. */
typedef struct sref {
    cb_pair *ref;
    size_t nref, *first, *hitc;
} sref;

/* One data set: nmax circles and m boxes; the scenes take its first n
 * circles. Its integer copy (the integer rows' scene, see int_copy): the
 * same circles and boxes scaled by INT_SCALE and rounded to int32. ref[0]
 * is the float scene's reference, ref[1] the integer copy's. */
typedef struct sdata {
    size_t n, m;
    double *ucx, *ucy, *ubx, *uby; /* sweep: unit positions (circle centres, box centres) */
    float *cx, *cy, *cr;
    float *x0, *y0, *x1, *y1, *bw, *bh;
    int32_t *icx, *icy, *icr, *ix0, *iy0, *ix1, *iy1; /* the integer copy */
    cb_circle_soa circles;
    cb_box_soa boxes;
    cb_icircle_soa icircles;
    cb_ibox_soa iboxes;
    double w, h;
    sref ref[2];
} sdata;

/* The plain uniform grid (the baseline). */
typedef struct ugrid {
    float ox, oy, ex, ey; /* the boxes' bounds: [ox, ex] x [oy, ey] */
    float inv;            /* 1 / the cells' side */
    float topc, topr;     /* cols - 1, rows - 1 as floats */
    size_t cols, rows;
    uint32_t *start; /* cells + 1: cell c lists items[start[c] .. start[c + 1]) */
    uint32_t *items;
    size_t cap_cells, cap_items;
    uint32_t *stamp; /* per box: the last circle (epoch) that tested it */
    uint32_t epoch;
    size_t m; /* boxes (stamps) */
} ugrid;

/* One block's data and buffers. */
typedef struct pblock {
    /* scenes */
    const sdata *sd;
    cb_pair *out; /* what the timed rows write; room for every pair of the data set */
    size_t cap;
    cb_pair_cursor cur;
    void *scratch;       /* cb_pairs_scratch_size(nmax, m) */
    const cb_grid *grid; /* the prepared boxes (prepared rows) */
    const cb_grid *igrid; /* the prepared integer boxes (int prepared rows) */
    void *gmem2;         /* where the prepare rows build their own */
    uint32_t *tmp;       /* the loop's index buffer: room for m */
    ugrid *ugf, *ugp;    /* the baseline grids: rebuilt per frame, built beforehand */
    /* candidates */
    const dataset *d;
    size_t m;
    cb_circle_soa circles; /* the set: the data's first circles */
    const void *many;
    cb_pair *cand[2];
    size_t ncand;
    uint64_t *cmask, *rmask;
    uint32_t *cidx, *ridx;
    cb_contacts cont, rcont;
    size_t rhits, rcont_n;
    int rorder;         /* the order the references are for, -1 none */
    int rin;            /* and whether for the integer copy */
    cb_kernel_fn over1; /* scalar one-circle overlap kernel, boxes AoS, mask (per-pair calls) */
    cb_kernel_fn cont1; /* scalar one-circle contacts kernel (per-pair calls) */
    /* integer candidates: the data's integer copy (data.c) */
    cb_icircle_soa icircles;
    const cb_ibox_soa *imany;
    cb_int_contacts icont, ricont;
    cb_kernel_fn iover1; /* scalar cb_batch_overlap_icircle_iboxes_aos kernel (per-pair calls) */
    cb_kernel_fn icont1; /* scalar cb_batch_contacts_icircle_iboxes kernel (per-pair calls) */
} pblock;

/* ---------------------------------------------------------- helpers */

static void *xalloc(size_t bytes)
{
    size_t rounded = (bytes + 63) / 64 * 64;
    void *p = aligned_alloc(64, rounded ? rounded : 64);
    if (p)
        memset(p, 0, rounded ? rounded : 64); /* fault the pages in now */
    return p;
}

/* The pairs or candidates entry (form f) of the set against elements of
 * shape many, or BENCH_NO_ENTRY. */
static size_t pair_entry(cb_form f, cb_query q, cb_shape many, cb_output o)
{
    size_t e = tk_find_entry(f, q, CB_SHAPE_CIRCLE, many, CB_LAYOUT_SOA, o);
    return e < cb_entry_count() ? e : BENCH_NO_ENTRY;
}

static size_t single_entry(cb_query q, cb_shape many, cb_output o)
{
    int g = group_find(q, CB_SHAPE_CIRCLE, many, CB_LAYOUT_SOA);
    return g < 0 ? BENCH_NO_ENTRY : group_entry(group_at(g), o);
}

static cb_circle circle_at(const cb_circle_soa *s, size_t i)
{
    cb_circle c = {s->x[i], s->y[i], s->r[i]};
    return c;
}

static cb_box box_at(const cb_box_soa *b, size_t j)
{
    cb_box x = {b->min_x[j], b->min_y[j], b->max_x[j], b->max_y[j]};
    return x;
}

static cb_icircle icircle_at(const cb_icircle_soa *s, size_t i)
{
    cb_icircle c = {s->x[i], s->y[i], s->r[i]};
    return c;
}

static cb_ibox ibox_at(const cb_ibox_soa *b, size_t j)
{
    cb_ibox x = {b->min_x[j], b->min_y[j], b->max_x[j], b->max_y[j]};
    return x;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static double unit(tk_rng *r) { return (double)(tk_next(r) >> 11) * 0x1p-53; }

static int cmp_pair(const void *pa, const void *pb)
{
    const cb_pair *a = pa, *b = pb;
    return a->i != b->i ? (a->i > b->i) - (a->i < b->i) : (a->j > b->j) - (a->j < b->j);
}

static int cmp_u32(const void *pa, const void *pb)
{
    const uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
    return (a > b) - (a < b);
}

static const char *scene_label(const scene *s, char *buf, size_t len)
{
    char nb[16], mb[16];
    if (s->dist == DIST_NAMED)
        snprintf(buf, len, "%s", named[s->density].name);
    else
        snprintf(buf, len, "%s %s N=%s M=%s", dist_names[s->dist], density_names[s->density],
                 fmt_n(s->n, nb, sizeof nb), fmt_n(s->m, mb, sizeof mb));
    return buf;
}

/* ----------------------------------------------- the uniform grid baseline */

/*
 * The plain uniform grid, as a game would
 * write it: square cells twice the mean box side (the mean of width and
 * height), over the boxes' bounding rectangle; each box listed in every cell
 * its bounds cover (a counting sort into one index array: count, prefix sum,
 * fill); each circle visits the cells its bounding square covers and tests
 * each listed box once (a per-box stamp, the circle's number), with the
 * contract's scalar clamp test, so it finds exactly the library's pairs.
 *
 * The cap: at most 4 M + 1,024 cells (the side grows until they fit), so a
 * sparse scene cannot allocate gigabytes: the cell array stays O(M) (16
 * bytes per box at most). It only bites when the boxes cover less than
 * about 1/16 of their bounding rectangle (the ~1% sweep scenes), where each
 * capped cell still holds well under one box on average. The cap trades the
 * two baselines against each other: tried at M cells instead, the build in
 * the frame over 1Mi sparse boxes ran up to about 2x faster (the cell array
 * it clears and scatters into is smaller) and the query of the grid built
 * beforehand 1.5 to 5x slower at N >= 4Ki (more boxes per cell); the ~20%
 * scenes' natural cell count (about 3.5 M) is under the cap either way.
 *
 * The circle's square is a hair wider than its radius (2^-10 of r, and
 * 2^-20 of its coordinates) so that the float rounding of the clamp test
 * cannot find a touching pair in a cell the square missed. The build's
 * arrays are allocated once (the first build sizes them), as a game keeps
 * them from frame to frame; the stamps too, with an epoch that runs on
 * across frames.
 */
#define UG_CELLS(m) (4 * (m) + 1024)
#define UG_MAX(a, b)                                                                               \
    ((a) > (b) ? (a) : (b)) /* the contract's MAX: the first wins only when greater */
#define UG_MIN(a, b) ((a) < (b) ? (a) : (b))

static int ug_init(ugrid *g, size_t m)
{
    memset(g, 0, sizeof *g);
    g->cap_cells = UG_CELLS(m);
    g->cap_items = 4 * m + 64;
    g->start = xalloc((g->cap_cells + 1) * sizeof *g->start);
    g->items = xalloc(g->cap_items * sizeof *g->items);
    g->stamp = xalloc((m ? m : 1) * sizeof *g->stamp);
    g->m = m;
    return g->start && g->items && g->stamp ? 0 : -1;
}

static void ug_free(ugrid *g)
{
    if (!g)
        return;
    free(g->start), free(g->items), free(g->stamp);
    memset(g, 0, sizeof *g);
}

static inline size_t ug_cell(float v, float o, float inv, float top)
{
    float t = (v - o) * inv;
    t = t > 0 ? t : 0;
    t = t < top ? t : top;
    return (size_t)t;
}

static int ug_build(ugrid *g, const cb_box_soa *b, size_t m)
{
    float ox = b->min_x[0], oy = b->min_y[0], ex = b->max_x[0], ey = b->max_y[0];
    double sum = 0;
    for (size_t j = 0; j < m; j++) {
        ox = b->min_x[j] < ox ? b->min_x[j] : ox, oy = b->min_y[j] < oy ? b->min_y[j] : oy;
        ex = b->max_x[j] > ex ? b->max_x[j] : ex, ey = b->max_y[j] > ey ? b->max_y[j] : ey;
        sum += (double)(b->max_x[j] - b->min_x[j]) + (double)(b->max_y[j] - b->min_y[j]);
    }
    double side = 2 * (sum / (2.0 * (double)m)); /* twice the mean side */
    const double W = (double)ex - (double)ox, H = (double)ey - (double)oy;
    if (!(side > 0))
        side = 1;
    double cols = floor(W / side) + 1, rows = floor(H / side) + 1;
    if (cols * rows > (double)g->cap_cells) /* the cap: grow the side until the cells fit */
        side = sqrt(W * H / (double)g->cap_cells);
    for (;; side *= 1.01) {
        cols = floor(W / side) + 1, rows = floor(H / side) + 1;
        if (cols * rows <= (double)g->cap_cells)
            break;
    }
    g->ox = ox, g->oy = oy, g->ex = ex, g->ey = ey, g->m = m;
    g->inv = (float)(1.0 / side);
    g->cols = (size_t)cols, g->rows = (size_t)rows;
    g->topc = (float)(g->cols - 1), g->topr = (float)(g->rows - 1);
    const size_t cells = g->cols * g->rows;
    /* count (start[c] = boxes of cell c), prefix sum (start[c] = the end of
     * cell c), fill from the last box down (start[c] = its beginning, each
     * cell's boxes in ascending order) */
    memset(g->start, 0, (cells + 1) * sizeof *g->start);
    for (size_t j = 0; j < m; j++) {
        const size_t c0 = ug_cell(b->min_x[j], ox, g->inv, g->topc);
        const size_t c1 = ug_cell(b->max_x[j], ox, g->inv, g->topc);
        const size_t r0 = ug_cell(b->min_y[j], oy, g->inv, g->topr);
        const size_t r1 = ug_cell(b->max_y[j], oy, g->inv, g->topr);
        for (size_t r = r0; r <= r1; r++)
            for (size_t c = c0; c <= c1; c++)
                g->start[r * g->cols + c]++;
    }
    uint32_t total = 0;
    for (size_t c = 0; c < cells; c++)
        total += g->start[c], g->start[c] = total;
    g->start[cells] = total;
    if (total > g->cap_items) { /* only a first build can get here */
        uint32_t *p = realloc(g->items, (size_t)total * sizeof *p);
        if (!p)
            return -1;
        g->items = p, g->cap_items = total;
    }
    for (size_t j = m; j-- > 0;) {
        const size_t c0 = ug_cell(b->min_x[j], ox, g->inv, g->topc);
        const size_t c1 = ug_cell(b->max_x[j], ox, g->inv, g->topc);
        const size_t r0 = ug_cell(b->min_y[j], oy, g->inv, g->topr);
        const size_t r1 = ug_cell(b->max_y[j], oy, g->inv, g->topr);
        for (size_t r = r0; r <= r1; r++)
            for (size_t c = c0; c <= c1; c++)
                g->items[--g->start[r * g->cols + c]] = (uint32_t)j;
    }
    return 0;
}

/* Every pair of the n circles against the grid's boxes b, circle by circle;
 * writes the first cap of them, returns how many there are. */
static size_t ug_query(ugrid *g, const cb_circle_soa *s, size_t n, const cb_box_soa *b,
                       cb_pair *out, size_t cap)
{
    size_t k = 0;
    const float *bx0 = b->min_x, *by0 = b->min_y, *bx1 = b->max_x, *by1 = b->max_y;
    for (size_t i = 0; i < n; i++) {
        const float cx = s->x[i], cy = s->y[i], r = s->r[i];
        const float e =
            r * (1.0f + 0x1p-10f) + ((cx < 0 ? -cx : cx) + (cy < 0 ? -cy : cy)) * 0x1p-20f;
        if (cx + e < g->ox || cx - e > g->ex || cy + e < g->oy || cy - e > g->ey)
            continue;
        const size_t c0 = ug_cell(cx - e, g->ox, g->inv, g->topc);
        const size_t c1 = ug_cell(cx + e, g->ox, g->inv, g->topc);
        const size_t r0 = ug_cell(cy - e, g->oy, g->inv, g->topr);
        const size_t r1 = ug_cell(cy + e, g->oy, g->inv, g->topr);
        uint32_t ep = ++g->epoch;
        if (ep == 0) { /* the epoch wrapped: every stamp is stale */
            memset(g->stamp, 0, g->m * sizeof *g->stamp);
            ep = g->epoch = 1;
        }
        const float r2 = r * r;
        for (size_t row = r0; row <= r1; row++)
            for (size_t col = c0; col <= c1; col++) {
                const size_t cell = row * g->cols + col;
                for (uint32_t p = g->start[cell]; p < g->start[cell + 1]; p++) {
                    const uint32_t j = g->items[p];
                    if (g->stamp[j] == ep)
                        continue;
                    g->stamp[j] = ep;
                    const float px = UG_MIN(UG_MAX(cx, bx0[j]), bx1[j]);
                    const float py = UG_MIN(UG_MAX(cy, by0[j]), by1[j]);
                    const float dx = cx - px, dy = cy - py;
                    if (dx * dx + dy * dy <= r2) {
                        if (k < cap) {
                            out[k].i = (uint32_t)i, out[k].j = j;
                        }
                        k++;
                    }
                }
            }
    }
    return k;
}

/* ------------------------------------------------------ scene data */

static void sdata_free(sdata *d)
{
    free(d->ucx), free(d->ucy), free(d->ubx), free(d->uby);
    free(d->cx), free(d->cy), free(d->cr);
    free(d->x0), free(d->y0), free(d->x1), free(d->y1), free(d->bw), free(d->bh);
    free(d->icx), free(d->icy), free(d->icr);
    free(d->ix0), free(d->iy0), free(d->ix1), free(d->iy1);
    for (int k = 0; k < 2; k++)
        free(d->ref[k].ref), free(d->ref[k].first), free(d->ref[k].hitc);
    memset(d, 0, sizeof *d);
}

static int sdata_alloc(sdata *d, size_t n, size_t m, int units)
{
    memset(d, 0, sizeof *d);
    d->n = n, d->m = m;
    if (units) {
        d->ucx = xalloc(n * sizeof(double)), d->ucy = xalloc(n * sizeof(double));
        d->ubx = xalloc(m * sizeof(double)), d->uby = xalloc(m * sizeof(double));
    }
    d->cx = xalloc(n * 4), d->cy = xalloc(n * 4), d->cr = xalloc(n * 4);
    d->x0 = xalloc(m * 4), d->y0 = xalloc(m * 4), d->x1 = xalloc(m * 4), d->y1 = xalloc(m * 4);
    d->bw = xalloc(m * 4), d->bh = xalloc(m * 4);
    d->icx = xalloc(n * 4), d->icy = xalloc(n * 4), d->icr = xalloc(n * 4);
    d->ix0 = xalloc(m * 4), d->iy0 = xalloc(m * 4), d->ix1 = xalloc(m * 4), d->iy1 = xalloc(m * 4);
    d->circles.x = d->cx, d->circles.y = d->cy, d->circles.r = d->cr;
    d->boxes.min_x = d->x0, d->boxes.min_y = d->y0, d->boxes.max_x = d->x1, d->boxes.max_y = d->y1;
    d->icircles.x = d->icx, d->icircles.y = d->icy, d->icircles.r = d->icr;
    d->iboxes.min_x = d->ix0, d->iboxes.min_y = d->iy0;
    d->iboxes.max_x = d->ix1, d->iboxes.max_y = d->iy1;
    int ok = d->cx && d->cy && d->cr && d->x0 && d->y0 && d->x1 && d->y1 && d->bw && d->bh &&
             d->icx && d->icy && d->icr && d->ix0 && d->iy0 && d->ix1 && d->iy1;
    for (int k = 0; k < 2; k++) {
        d->ref[k].first = xalloc((n + 1) * sizeof(size_t));
        d->ref[k].hitc = xalloc((n + 1) * sizeof(size_t));
        ok = ok && d->ref[k].first && d->ref[k].hitc;
    }
    if (units)
        ok = ok && d->ucx && d->ucy && d->ubx && d->uby;
    if (!ok)
        sdata_free(d);
    return ok ? 0 : -1;
}

/* mean 0, variance 1: four uniforms, centred and scaled (no libm) */
static double near_gauss(tk_rng *r)
{
    return (unit(r) + unit(r) + unit(r) + unit(r) - 2.0) * 1.7320508075688772;
}

/* The sweep's unit positions, sides and radii (see the top of the file). */
static void sweep_units(sdata *d, int dist, uint64_t seed)
{
    tk_rng r = {seed};
    double ccx[CLUSTERS], ccy[CLUSTERS], sig[CLUSTERS], cum[CLUSTERS], tot = 0;
    for (int k = 0; k < CLUSTERS; k++) {
        ccx[k] = 0.15 + 0.7 * unit(&r), ccy[k] = 0.15 + 0.7 * unit(&r);
        sig[k] = 0.015 + 0.045 * unit(&r);
        tot += 1.0 / (k + 1), cum[k] = tot;
    }
    for (size_t q = 0; q < d->n + d->m; q++) {
        double x, y;
        if (dist == DIST_UNIFORM) {
            x = unit(&r), y = unit(&r);
        } else {
            const double pick = unit(&r) * tot;
            int k = 0;
            while (k < CLUSTERS - 1 && pick >= cum[k])
                k++;
            x = ccx[k] + sig[k] * near_gauss(&r), y = ccy[k] + sig[k] * near_gauss(&r);
        }
        if (q < d->n) {
            d->ucx[q] = x, d->ucy[q] = y, d->cr[q] = tk_uniform(&r, SW_R_LO, SW_R_HI);
        } else {
            const size_t j = q - d->n;
            d->ubx[j] = x, d->uby[j] = y;
            d->bw[j] = tk_uniform(&r, SW_SIDE_LO, SW_SIDE_HI);
            d->bh[j] = tk_uniform(&r, SW_SIDE_LO, SW_SIDE_HI);
        }
    }
}

/* The sweep's world of side L: every position scaled by it. */
static void sweep_scale(sdata *d, double L)
{
    for (size_t i = 0; i < d->n; i++)
        d->cx[i] = (float)(d->ucx[i] * L), d->cy[i] = (float)(d->ucy[i] * L);
    for (size_t j = 0; j < d->m; j++) {
        const double x = d->ubx[j] * L, y = d->uby[j] * L;
        d->x0[j] = (float)(x - 0.5 * d->bw[j]), d->x1[j] = (float)(x + 0.5 * d->bw[j]);
        d->y0[j] = (float)(y - 0.5 * d->bh[j]), d->y1[j] = (float)(y + 0.5 * d->bh[j]);
    }
    d->w = d->h = L;
}

static void named_make(sdata *d, const named_scene *s, uint64_t seed)
{
    tk_rng r = {seed};
    for (size_t j = 0; j < d->m; j++) {
        const float w = tk_uniform(&r, s->s_lo, s->s_hi), h = tk_uniform(&r, s->s_lo, s->s_hi);
        d->bw[j] = w, d->bh[j] = h;
        d->x0[j] = tk_uniform(&r, 0, s->w - w), d->y0[j] = tk_uniform(&r, 0, s->h - h);
        d->x1[j] = d->x0[j] + w, d->y1[j] = d->y0[j] + h;
    }
    for (size_t i = 0; i < d->n; i++) {
        d->cx[i] = tk_uniform(&r, 0, s->w), d->cy[i] = tk_uniform(&r, 0, s->h);
        d->cr[i] = tk_uniform(&r, s->r_lo, s->r_hi);
    }
    d->w = s->w, d->h = s->h;
}

/* The share of the data set's circles that hit at least one box, by the
 * library's public call: count only, then the list (the same cursor, so
 * the second call reuses the first one's grid). */
static double hit_share(const sdata *d, void *scratch, cb_pair **buf, size_t *cap)
{
    cb_pair_cursor cur;
    memset(&cur, 0, sizeof cur);
    size_t total = cb_pairs_overlap(&d->circles, d->n, &d->boxes, d->m, &cur, NULL, 0, scratch, 0);
    if (total == CB_INVALID)
        return NAN;
    if (total + 1 > *cap) {
        free(*buf);
        *cap = 2 * total + 1024;
        *buf = malloc(*cap * sizeof **buf);
        if (!*buf)
            return NAN;
    }
    size_t got = cb_pairs_overlap(&d->circles, d->n, &d->boxes, d->m, &cur, *buf, *cap, scratch, 0);
    if (got != total)
        return NAN;
    size_t hit = 0;
    for (size_t k = 0; k < got; k++)
        hit += k == 0 || (*buf)[k].i != (*buf)[k - 1].i;
    return (double)hit / (double)d->n;
}

/* Bisection on log L (see the top of the file); returns L, NAN on failure. */
static double calibrate(sdata *d, double goal, void *scratch, double *share)
{
    cb_pair *buf = NULL;
    size_t cap = 0;
    /* uniform: a share h of circles hit when M A / L^2 = -ln(1 - h) */
    const double lam =
        goal + goal * goal / 2 + goal * goal * goal / 3 + goal * goal * goal * goal / 4;
    double L = sqrt((double)d->m * SW_REACH_AREA / lam), lo = 0, hi = 0, best = L;
    double best_err = INFINITY, best_share = NAN;
    for (int step = 0; step < CAL_STEPS; step++) {
        sweep_scale(d, L);
        const double f = hit_share(d, scratch, &buf, &cap);
        if (isnan(f)) {
            free(buf);
            return NAN;
        }
        const double err = fabs(f - goal) / goal;
        if (err < best_err)
            best_err = err, best = L, best_share = f;
        if (err <= CAL_TOL)
            break;
        if (f > goal) /* too crowded: a larger world */
            lo = L;
        else
            hi = L;
        L = lo > 0 && hi > 0 ? sqrt(lo * hi) : lo > 0 ? 2 * lo : 0.5 * hi;
    }
    free(buf);
    sweep_scale(d, best);
    *share = best_share;
    return best;
}

static int cmp_key(const void *pa, const void *pb)
{
    const double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* The scene (in 0: the float one, 1: its integer copy) as the reference
 * reads it: circle i's centre x and radius, box j's x extent (doubles hold
 * every int32 and float exactly), and the pair's answer by testkit. */
static double ref_cx(const sdata *d, int in, size_t i) { return in ? d->icx[i] : d->cx[i]; }
static double ref_cr(const sdata *d, int in, size_t i) { return in ? d->icr[i] : d->cr[i]; }
static double ref_x0(const sdata *d, int in, size_t j) { return in ? d->ix0[j] : d->x0[j]; }
static double ref_x1(const sdata *d, int in, size_t j) { return in ? d->ix1[j] : d->x1[j]; }

static int scene_hit(const sdata *d, int in, size_t i, size_t j)
{
    if (!in)
        return ref_overlap(circle_at(&d->circles, i), box_at(&d->boxes, j), 0);
    return ref_ipair_box(icircle_at(&d->icircles, i), ibox_at(&d->iboxes, j), 0).hit;
}

/* The reference of the scene (in 0) or of its integer copy (in 1),
 * independent of the library and of the grid baseline: a sweep over the
 * boxes sorted by min_x, each circle testing (testkit's ref_overlap, the
 * contract transcribed; for the integer copy ref_ipair_box, the integer
 * contract in 128-bit arithmetic) every box whose min_x lies in
 * [cx - reach - widest, cx + reach] (reach a hair over r: no hit can lie
 * outside), its hits sorted by j. Then SPOT_CIRCLES circles against every
 * box, one by one, as a check of the sweep itself. */
static int make_reference(sdata *d, int in, char *why, size_t wl)
{
    typedef struct {
        double x;
        uint32_t j;
    } key;
    const size_t n = d->n, m = d->m;
    sref *rf = &d->ref[in];
    key *keys = malloc(m * sizeof *keys);
    uint32_t *hits = malloc(m * sizeof *hits);
    size_t cap = 4096 + n, k = 0;
    cb_pair *ref = malloc(cap * sizeof *ref);
    if (!keys || !hits || !ref) {
        free(keys), free(hits), free(ref);
        snprintf(why, wl, "out of memory");
        return -1;
    }
    double widest = 0;
    for (size_t j = 0; j < m; j++) {
        keys[j].x = ref_x0(d, in, j), keys[j].j = (uint32_t)j;
        const double w = ref_x1(d, in, j) - ref_x0(d, in, j);
        widest = w > widest ? w : widest;
    }
    qsort(keys, m, sizeof *keys, cmp_key); /* the key's first member: its double */
    rf->first[0] = 0, rf->hitc[0] = 0;
    for (size_t i = 0; i < n; i++) {
        const double cx = ref_cx(d, in, i);
        const double reach = ref_cr(d, in, i) * (1 + 0x1p-10) + (fabs(cx) + 1) * 0x1p-18;
        const double lo = cx - reach - widest, hi = cx + reach;
        size_t a = 0, b = m; /* the first key with x >= lo */
        while (a < b) {
            size_t mid = a + (b - a) / 2;
            if (keys[mid].x < lo)
                a = mid + 1;
            else
                b = mid;
        }
        size_t nh = 0;
        for (size_t q = a; q < m && keys[q].x <= hi; q++)
            if (scene_hit(d, in, i, keys[q].j))
                hits[nh++] = keys[q].j;
        qsort(hits, nh, sizeof *hits, cmp_u32);
        if (k + nh > cap) {
            cap = 2 * cap + nh;
            cb_pair *p = realloc(ref, cap * sizeof *p);
            if (!p) {
                free(keys), free(hits), free(ref);
                snprintf(why, wl, "out of memory");
                return -1;
            }
            ref = p;
        }
        for (size_t q = 0; q < nh; q++)
            ref[k].i = (uint32_t)i, ref[k].j = hits[q], k++;
        rf->first[i + 1] = k;
        rf->hitc[i + 1] = rf->hitc[i] + (nh > 0);
    }
    free(rf->ref);
    rf->ref = ref, rf->nref = k;
    for (size_t i = 0; i < n && i < SPOT_CIRCLES; i++) {
        size_t at = rf->first[i];
        for (size_t j = 0; j < m; j++) {
            if (!scene_hit(d, in, i, j))
                continue;
            if (at == rf->first[i + 1] || ref[at].j != j) {
                snprintf(why, wl, "the reference's sweep misses (%zu, %zu)", i, j);
                free(keys), free(hits);
                return -1;
            }
            at++;
        }
        if (at != rf->first[i + 1]) {
            snprintf(why, wl,
                     "the reference's sweep lists a pair of circle %zu that the one-by-one "
                     "check does not",
                     i);
            free(keys), free(hits);
            return -1;
        }
    }
    free(keys), free(hits);
    return 0;
}

/* The integer copy of the scene, its own scene: every coordinate and
 * radius times a power of two s (exact), box minima rounded down, maxima
 * and radii up, centres to nearest: each integer box and circle holds the
 * float one scaled, so the copy finds the float scene's pairs and a few
 * more that graze. s is INT_SCALE, halved while the largest magnitude
 * scaled would reach INT_LIMIT (the sweep's widest worlds), so every
 * coordinate stays below 2^30 in magnitude. Returns s. */
#define INT_SCALE 1024.0
#define INT_LIMIT 0x1p30

static double int_copy(sdata *d)
{
    double big = 0, s = INT_SCALE;
    for (size_t i = 0; i < d->n; i++) {
        const double v = fmax(fabs((double)d->cx[i]), fabs((double)d->cy[i])) + d->cr[i];
        big = v > big ? v : big;
    }
    for (size_t j = 0; j < d->m; j++) {
        const double v = fmax(fmax(fabs((double)d->x0[j]), fabs((double)d->x1[j])),
                              fmax(fabs((double)d->y0[j]), fabs((double)d->y1[j])));
        big = v > big ? v : big;
    }
    while ((big + 1) * s >= INT_LIMIT && s > 1)
        s /= 2;
    for (size_t i = 0; i < d->n; i++) {
        d->icx[i] = (int32_t)floor((double)d->cx[i] * s + 0.5);
        d->icy[i] = (int32_t)floor((double)d->cy[i] * s + 0.5);
        d->icr[i] = (int32_t)ceil((double)d->cr[i] * s);
    }
    for (size_t j = 0; j < d->m; j++) {
        d->ix0[j] = (int32_t)floor((double)d->x0[j] * s);
        d->iy0[j] = (int32_t)floor((double)d->y0[j] * s);
        d->ix1[j] = (int32_t)ceil((double)d->x1[j] * s);
        d->iy1[j] = (int32_t)ceil((double)d->y1[j] * s);
    }
    return s;
}

/* ------------------------------------------------------ timed calls */

/* The loop of per-circle calls: the first k circles of the scene (in 0) or
 * of its integer copy (in 1) each against all m boxes (the index kernel),
 * its hits appended as (i, j); writes the first cap pairs, returns how many
 * there are. */
static size_t loop_pairs(cb_kernel_fn fn, const sdata *sd, int in, size_t k, size_t m,
                         uint32_t *tmp, cb_pair *out, size_t cap)
{
    cb_args a;
    memset(&a, 0, sizeof a);
    a.many = in ? (const void *)&sd->iboxes : (const void *)&sd->boxes;
    a.n = m, a.out = tmp;
    size_t p = 0;
    for (size_t i = 0; i < k; i++) {
        if (in)
            a.icircle = icircle_at(&sd->icircles, i);
        else
            a.circle = circle_at(&sd->circles, i);
        const size_t c = fn(&a);
        for (size_t q = 0; q < c; q++, p++)
            if (p < cap)
                out[p].i = (uint32_t)i, out[p].j = tmp[q];
    }
    return p;
}

/* Point a at candidate pair p of the block as a one-element batch: the
 * float circle and one box copied into *one (in 0), or the integer ones
 * into *ione (in 1). */
static inline void pp_pair(cb_args *a, const pblock *b, int in, cb_pair p, cb_box *one,
                           cb_ibox *ione)
{
    if (in)
        a->icircle = icircle_at(&b->icircles, p.i), *ione = ibox_at(b->imany, p.j);
    else
        a->circle = circle_at(&b->circles, p.i), *one = box_at(b->many, p.j);
}

/* Per candidate, the library's answer for one pair: fn, the scalar raw
 * kernel of cb_batch_overlap_aos (integer copy, in 1:
 * cb_batch_overlap_icircle_iboxes_aos), on one box (n = 1), in the
 * caller's float environment (as the one-pair cb_overlap it stands in
 * for): bitmask out. */
static size_t pp_mask(cb_kernel_fn fn, const pblock *b, int in, const cb_pair *c, size_t n,
                      uint64_t *mask)
{
    size_t hits = 0;
    uint64_t w = 0, h = 0;
    cb_box one;
    cb_ibox ione;
    cb_args a;
    memset(&a, 0, sizeof a);
    a.many = in ? (const void *)&ione : (const void *)&one, a.n = 1, a.out = &h;
    for (size_t k = 0; k < n; k++) {
        pp_pair(&a, b, in, c[k], &one, &ione);
        fn(&a); /* h: bit 0, the pair's answer; the bits past n are zero */
        w |= h << (k & 63);
        hits += h;
        if ((k & 63) == 63)
            mask[k >> 6] = w, w = 0;
    }
    if (n & 63)
        mask[n >> 6] = w;
    return hits;
}

/* The same, index list out. */
static size_t pp_idx(cb_kernel_fn fn, const pblock *b, int in, const cb_pair *c, size_t n,
                     uint32_t *idx)
{
    size_t hits = 0;
    uint64_t h = 0;
    cb_box one;
    cb_ibox ione;
    cb_args a;
    memset(&a, 0, sizeof a);
    a.many = in ? (const void *)&ione : (const void *)&one, a.n = 1, a.out = &h;
    for (size_t k = 0; k < n; k++) {
        pp_pair(&a, b, in, c[k], &one, &ione);
        fn(&a);
        if (h)
            idx[hits++] = (uint32_t)k;
    }
    return hits;
}

/* Per candidate, the scalar one-circle contacts kernel on one box (n = 1),
 * writing record `count` and fixing its index to k. */
static size_t pp_cont(cb_kernel_fn fn, const cb_circle_soa *s, const cb_box_soa *b,
                      const cb_pair *c, size_t n, const cb_contacts *out)
{
    size_t cnt = 0;
    for (size_t k = 0; k < n; k++) {
        const uint32_t j = c[k].j;
        const cb_box_soa one = {b->min_x + j, b->min_y + j, b->max_x + j, b->max_y + j};
        cb_contacts o = {out->index + cnt,      out->normal_x + cnt, out->normal_y + cnt,
                         out->separation + cnt, out->point_x + cnt,  out->point_y + cnt,
                         out->feature + cnt};
        cb_args a;
        memset(&a, 0, sizeof a);
        a.circle = circle_at(s, c[k].i);
        a.many = &one, a.n = 1, a.out = &o, a.margin = BENCH_MARGIN;
        if (fn(&a))
            out->index[cnt++] = (uint32_t)k;
    }
    return cnt;
}

/* The same on the integer copy: the scalar cb_batch_contacts_icircle_iboxes
 * kernel on one integer box (n = 1), a cb_int_contacts out. */
static size_t pp_icont(cb_kernel_fn fn, const cb_icircle_soa *s, const cb_ibox_soa *b,
                       const cb_pair *c, size_t n, const cb_int_contacts *out)
{
    size_t cnt = 0;
    for (size_t k = 0; k < n; k++) {
        const uint32_t j = c[k].j;
        const cb_ibox_soa one = {b->min_x + j, b->min_y + j, b->max_x + j, b->max_y + j};
        cb_int_contacts o = {out->index + cnt, out->point_x + cnt, out->point_y + cnt,
                             out->d2 + cnt,    out->depth + cnt,   out->feature + cnt};
        cb_args a;
        memset(&a, 0, sizeof a);
        a.icircle = icircle_at(s, c[k].i);
        a.many = &one, a.n = 1, a.out = &o;
        if (fn(&a))
            out->index[cnt++] = (uint32_t)k;
    }
    return cnt;
}

/* One timed sample: iters calls of row r, ns in total; *sum receives the
 * sum of what they returned (with iters = 1: the call's result). */
static double run_prow(const prow *r, pblock *b, unsigned long iters, uint64_t *sum)
{
    double t0 = 0, t1 = 0;
    uint64_t acc = 0;
    const size_t n = r->n, m = r->m;
    const cb_kernel_fn pfn = r->pfn;
    const cb_kernel_fn kfn = r->kfn;
    const sdata *sd = b->sd;
    cb_args a;
    memset(&a, 0, sizeof a);
    const int in = int_kind(r->kind);
    if (r->set == SET_SCENE) {
        a.circles = &sd->circles, a.icircles = &sd->icircles, a.n_circles = n, a.n = m;
        a.cursor = &b->cur, a.out = b->out, a.capacity = b->cap;
    } else {
        a.circles = &b->circles, a.n_circles = n, a.many = b->many, a.n = b->m;
    }
    cb_pair_cursor *cur = &b->cur;
    switch (r->kind) {
    case PK_ALL:
    case PK_IALL:
        a.many = in ? (const void *)&sd->iboxes : (const void *)&sd->boxes, a.scratch = b->scratch;
        TIMED((memset(cur, 0, sizeof *cur), pfn(&a)));
        break;
    case PK_GRID:
    case PK_IGRID:
        a.many = in ? b->igrid : b->grid;
        TIMED((memset(cur, 0, sizeof *cur), pfn(&a)));
        break;
    case PK_LOOP:
    case PK_ILOOP:
        TIMED(loop_pairs(kfn, sd, in, r->circles, m, b->tmp, b->out, b->cap));
        break;
    case PK_UG_FRAME:
        TIMED((ug_build(b->ugf, &sd->boxes, m),
               ug_query(b->ugf, &sd->circles, n, &sd->boxes, b->out, b->cap)));
        break;
    case PK_UG_PRE:
        TIMED(ug_query(b->ugp, &sd->circles, n, &sd->boxes, b->out, b->cap));
        break;
    case PK_PREPARE:
        TIMED(cb_grid_boxes(b->gmem2, &sd->boxes, m) != NULL);
        break;
    case PK_IPREPARE:
        TIMED(cb_grid_iboxes(b->gmem2, &sd->iboxes, m) != NULL);
        break;
    case PK_CAND_MASK:
    case PK_CAND_IDX:
    case PK_CAND_CONT:
    case PK_ICAND_MASK:
    case PK_ICAND_IDX:
    case PK_ICAND_CONT:
        a.candidates = b->cand[r->order], a.n_candidates = b->ncand, a.margin = BENCH_MARGIN;
        if (in)
            a.icircles = &b->icircles, a.many = b->imany;
        a.out = cand_out(r->kind) == 0   ? (void *)b->cmask
                : cand_out(r->kind) == 1 ? (void *)b->cidx
                : in                     ? (void *)&b->icont
                                         : (void *)&b->cont;
        TIMED(pfn(&a));
        break;
    case PK_PP_MASK:
    case PK_IPP_MASK:
        TIMED(pp_mask(in ? b->iover1 : b->over1, b, in, b->cand[r->order], b->ncand, b->cmask));
        break;
    case PK_PP_IDX:
    case PK_IPP_IDX:
        TIMED(pp_idx(in ? b->iover1 : b->over1, b, in, b->cand[r->order], b->ncand, b->cidx));
        break;
    case PK_PP_CONT:
        TIMED(pp_cont(b->cont1, &b->circles, b->many, b->cand[r->order], b->ncand, &b->cont));
        break;
    case PK_IPP_CONT:
        TIMED(pp_icont(b->icont1, &b->icircles, b->imany, b->cand[r->order], b->ncand, &b->icont));
        break;
    case PK_COUNT:
        break;
    }
    bench_sink += acc;
    *sum = acc;
    return t1 - t0;
}

/* ----------------------------------------------------------- checks */

/* The candidates' references by testkit (independent of the library), of
 * the float data (in 0) or of its integer copy (in 1: ref_ipair_box, the
 * integer contract in 128-bit arithmetic; a contact per hit). */
static int expect_candidates(pblock *b, int order, int in)
{
    if (b->rorder == order && b->rin == in)
        return 0;
    const cb_pair *c = b->cand[order];
    const cb_box_soa *boxes = (const cb_box_soa *)b->many;
    size_t words = (b->ncand + 63) / 64;
    memset(b->rmask, 0, words * sizeof *b->rmask);
    b->rhits = b->rcont_n = 0;
    for (size_t k = 0; k < b->ncand; k++) {
        if (in) {
            const tk_ipair p = ref_ipair_box(icircle_at(&b->icircles, c[k].i),
                                             ibox_at(b->imany, c[k].j), 0);
            if (!p.hit)
                continue;
            b->rmask[k / 64] |= 1ull << (k % 64);
            b->ridx[b->rhits++] = (uint32_t)k;
            const size_t q = b->rcont_n++;
            b->ricont.index[q] = (uint32_t)k;
            b->ricont.point_x[q] = p.contact.px, b->ricont.point_y[q] = p.contact.py;
            b->ricont.d2[q] = p.contact.d2, b->ricont.depth[q] = p.contact.depth;
            b->ricont.feature[q] = p.contact.feature;
            continue;
        }
        cb_circle ci = circle_at(&b->circles, c[k].i);
        cb_box bj = box_at(boxes, c[k].j);
        if (ref_overlap(ci, bj, 0)) {
            b->rmask[k / 64] |= 1ull << (k % 64);
            b->ridx[b->rhits++] = (uint32_t)k;
        }
        tk_contact rec;
        if (ref_contact(ci, bj, BENCH_MARGIN, 0, &rec)) {
            size_t q = b->rcont_n++;
            b->rcont.index[q] = (uint32_t)k;
            b->rcont.normal_x[q] = rec.normal_x, b->rcont.normal_y[q] = rec.normal_y;
            b->rcont.separation[q] = rec.separation;
            b->rcont.point_x[q] = rec.point_x, b->rcont.point_y[q] = rec.point_y;
            b->rcont.feature[q] = rec.feature;
        }
    }
    b->rorder = order, b->rin = in;
    return 0;
}

static int same_contacts(const cb_contacts *a, const cb_contacts *r, size_t n, char *why, size_t wl)
{
    for (size_t q = 0; q < n; q++) {
        if (a->index[q] != r->index[q] || fbits(a->normal_x[q]) != fbits(r->normal_x[q]) ||
            fbits(a->normal_y[q]) != fbits(r->normal_y[q]) ||
            fbits(a->separation[q]) != fbits(r->separation[q]) ||
            fbits(a->point_x[q]) != fbits(r->point_x[q]) ||
            fbits(a->point_y[q]) != fbits(r->point_y[q]) || a->feature[q] != r->feature[q]) {
            snprintf(why, wl, "contact %zu (candidate %u) differs from the reference's", q,
                     (unsigned)r->index[q]);
            return 0;
        }
    }
    return 1;
}

static int same_int_contacts(const cb_int_contacts *a, const cb_int_contacts *r, size_t n,
                             char *why, size_t wl)
{
    for (size_t q = 0; q < n; q++) {
        if (a->index[q] != r->index[q] || a->point_x[q] != r->point_x[q] ||
            a->point_y[q] != r->point_y[q] || a->d2[q] != r->d2[q] ||
            a->depth[q] != r->depth[q] || a->feature[q] != r->feature[q]) {
            snprintf(why, wl, "integer contact %zu (candidate %u) differs from the reference's",
                     q, (unsigned)r->index[q]);
            return 0;
        }
    }
    return 1;
}

/* The first pair where two lists differ, for the message. */
static void first_difference(const cb_pair *got, size_t ng, const cb_pair *want, size_t nw,
                             char *why, size_t wl)
{
    size_t k = 0;
    while (k < ng && k < nw && got[k].i == want[k].i && got[k].j == want[k].j)
        k++;
    if (k < ng && k < nw)
        snprintf(why, wl,
                 "pair %zu is (%u, %u), the reference's (%u, %u) (%zu pairs, expected %zu)", k,
                 (unsigned)got[k].i, (unsigned)got[k].j, (unsigned)want[k].i, (unsigned)want[k].j,
                 ng, nw);
    else
        snprintf(why, wl, "%zu pairs, expected %zu (the first %zu agree)", ng, nw, k);
}

/* Poison what row r writes, call it once (the first calibration sample:
 * *ns), and compare what it wrote and returned with the expected answer:
 * scenes with the reference (the library's forms: the same list, in order,
 * and the cursor at the end; the loop: its circles' pairs; the baselines:
 * the same pairs once sorted), candidates with testkit's reference. */
static int check_prow(prow *r, pblock *b, double *ns, char *why, size_t wl)
{
    const size_t cwords = (b->ncand + 63) / 64;
    size_t want = 0;
    const sdata *sd = b->sd;
    const sref *rf = sd ? &sd->ref[int_kind(r->kind)] : NULL;
    if (r->set == SET_SCENE) {
        want = rf->first[loop_kind(r->kind) ? r->circles : r->n];
        memset(b->out, 0xA5, b->cap * sizeof *b->out);
    } else {
        expect_candidates(b, r->order, int_kind(r->kind));
        want = cand_out(r->kind) == 2 ? b->rcont_n : b->rhits;
        memset(b->cmask, 0xA5, cwords * sizeof *b->cmask);
        memset(b->cidx, 0xA5, b->ncand * sizeof *b->cidx);
        memset(b->cont.index, 0xA5, b->ncand * sizeof *b->cont.index);
        memset(b->cont.normal_x, 0xA5, b->ncand * sizeof(float));
        memset(b->cont.feature, 0xA5, b->ncand);
        memset(b->icont.index, 0xA5, b->ncand * sizeof *b->icont.index);
        memset(b->icont.d2, 0xA5, b->ncand * sizeof *b->icont.d2);
        memset(b->icont.feature, 0xA5, b->ncand);
    }
    uint64_t got = 0;
    *ns = run_prow(r, b, 1, &got);
    r->hits = want;
    int ok = 1;
    switch (r->kind) {
    case PK_ALL:
    case PK_GRID:
    case PK_IALL:
    case PK_IGRID:
        ok = got == want && !memcmp(b->out, rf->ref, want * sizeof *b->out);
        if (!ok)
            first_difference(b->out, got < b->cap ? (size_t)got : b->cap, rf->ref, want, why, wl);
        else if (b->cur.circle != r->n || b->cur.end != r->n) {
            snprintf(why, wl, "the cursor is at circle %zu of range end %zu after the call (%zu)",
                     b->cur.circle, b->cur.end, r->n);
            ok = 0;
        }
        break;
    case PK_LOOP:
    case PK_ILOOP:
    case PK_UG_FRAME:
    case PK_UG_PRE:
        if (got != want || got > b->cap) {
            snprintf(why, wl, "%llu pairs, expected %zu", (unsigned long long)got, want);
            ok = 0;
            break;
        }
        if (!loop_kind(r->kind)) /* circle by circle, in cell order: sorted for the comparison */
            qsort(b->out, want, sizeof *b->out, cmp_pair);
        ok = !memcmp(b->out, rf->ref, want * sizeof *b->out);
        if (!ok)
            first_difference(b->out, want, rf->ref, want, why, wl);
        break;
    case PK_PREPARE:
    case PK_IPREPARE: {
        const int in = r->kind == PK_IPREPARE;
        cb_shape shape = CB_SHAPE_CIRCLE;
        ok = got == 1 && cb_grid_elements((const cb_grid *)b->gmem2, &shape) == r->m &&
             shape == (in ? CB_SHAPE_IBOX : CB_SHAPE_BOX);
        if (!ok)
            snprintf(why, wl, "%s failed, or its grid does not hold the %zu boxes",
                     pkind_names[r->kind], r->m);
        r->hits = 0;
        break;
    }
    case PK_CAND_MASK:
    case PK_PP_MASK:
    case PK_ICAND_MASK:
    case PK_IPP_MASK:
        ok = got == want && !memcmp(b->cmask, b->rmask, cwords * sizeof *b->cmask);
        break;
    case PK_CAND_IDX:
    case PK_PP_IDX:
    case PK_ICAND_IDX:
    case PK_IPP_IDX:
        ok = got == want && !memcmp(b->cidx, b->ridx, want * sizeof *b->cidx);
        break;
    case PK_CAND_CONT:
    case PK_PP_CONT:
        ok = got == want && same_contacts(&b->cont, &b->rcont, want, why, wl);
        break;
    case PK_ICAND_CONT:
    case PK_IPP_CONT:
        ok = got == want && same_int_contacts(&b->icont, &b->ricont, want, why, wl);
        break;
    case PK_COUNT:
        break;
    }
    if (!ok && !why[0])
        snprintf(why, wl, "returned %llu (expected %zu), or what it wrote differs",
                 (unsigned long long)got, want);
    return ok ? 0 : -1;
}

/* ------------------------------------------------------------ blocks */

static const char *row_label(const prow *r, char *buf, size_t len)
{
    if (r->backend >= 0)
        snprintf(buf, len, "%s %s", cb_backend_name((cb_backend)r->backend), pkind_names[r->kind]);
    else
        snprintf(buf, len, "%s", pkind_names[r->kind]);
    return buf;
}

static int keep_row(const prow *r)
{
    prow *v = bench_grow(res, nres, &capres, sizeof *res);
    if (!v)
        return -1;
    res = v;
    res[nres++] = *r;
    return 0;
}

static const char *block_name(const prow *r, char *buf, size_t len)
{
    char nb[16], mb[16];
    if (r->set == SET_SCENE)
        return scene_label(&scenes[r->scene], buf, len);
    snprintf(buf, len, "candidates N=%s M=%s, order %s", fmt_n(r->n, nb, sizeof nb),
             fmt_n(r->m, mb, sizeof mb), order_names[r->order]);
    return buf;
}

typedef struct block_ctx {
    const prow *rows;
    pblock *b;
} block_ctx;

static double sample_prow(void *ctx, int i, unsigned long iters)
{
    const block_ctx *c = ctx;
    uint64_t s;
    return run_prow(&c->rows[i], c->b, iters, &s);
}

/* Check every row, time them (time_rows, at most ROW_BUDGET_NS per row),
 * and keep them. */
static int run_block(const bench_opts *o, pblock *b, prow *rows, int nr)
{
    char why[256], lab[64], blk[96];
    const double t_start = time_now_ns();
    for (int i = 0; i < nr; i++) {
        prow *r = &rows[i];
        double t = 0;
        why[0] = 0;
        if (check_prow(r, b, &t, why, sizeof why)) {
            fprintf(stderr, "\ncb-bench: FAIL: pairs: %s, %s: %s (seed 0x%llx)\n",
                    row_label(r, lab, sizeof lab), block_name(r, blk, sizeof blk), why,
                    (unsigned long long)o->seed);
            return -1;
        }
    }
    fprintf(stderr, " %d rows checked (%.1f s),", nr, (time_now_ns() - t_start) / 1e9);
    bench_timing *tm = nr > 0 ? calloc((size_t)nr, sizeof *tm) : NULL;
    if (!tm)
        return -1;
    block_ctx ctx = {rows, b};
    time_rows(o, tm, nr, sample_prow, &ctx, ROW_BUDGET_NS);
    for (int i = 0; i < nr; i++) {
        rows[i].iters = tm[i].iters, rows[i].reps = tm[i].reps;
        rows[i].min = tm[i].min, rows[i].med = tm[i].med, rows[i].max = tm[i].max;
        if (keep_row(&rows[i])) {
            free(tm);
            return -1;
        }
    }
    free(tm);
    fprintf(stderr, " done in %.1f s\n", (time_now_ns() - t_start) / 1e9);
    return 0;
}

static prow blank_row(pset set, size_t n, size_t m, pkind kind, int backend)
{
    prow r;
    memset(&r, 0, sizeof r);
    r.set = set, r.n = n, r.m = m, r.kind = kind, r.backend = backend;
    return r;
}

static int add_scene(const scene *s)
{
    if (nscenes == capscenes) {
        int cap = capscenes ? 2 * capscenes : 64;
        scene *v = realloc(scenes, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        scenes = v, capscenes = cap;
    }
    scenes[nscenes++] = *s;
    return 0;
}

/* How many of the first circles the loop rows run: all n while n x m is at
 * most LOOP_FULL_TESTS, else max(LOOP_MIN_CIRCLES, LOOP_FULL_TESTS / m) (a
 * power of two, at most n): its frame time is then estimated (x n / k). */
static size_t loop_circles(size_t n, size_t m)
{
    if ((double)n * (double)m <= (double)LOOP_FULL_TESTS)
        return n;
    size_t k = LOOP_FULL_TESTS / m;
    k = k < LOOP_MIN_CIRCLES ? LOOP_MIN_CIRCLES : k;
    return k < n ? k : n;
}

/* The library rows of a scene, per backend: the kind and its entry (one
 * of each is timed per backend, float and integer side by side). */
static const struct {
    pkind kind;
    const char *entry;
} lib_rows[] = {
    {PK_ALL, "cb_pairs_overlap"},
    {PK_GRID, "cb_pairs_overlap_circles_grid"},
    {PK_LOOP, "cb_batch_overlap_idx"},
    {PK_IALL, "cb_pairs_overlap_icircles_iboxes"},
    {PK_IGRID, "cb_pairs_overlap_icircles_grid"},
    {PK_ILOOP, "cb_batch_overlap_icircle_iboxes_idx"},
};
#define LIB_ROWS (int)(sizeof lib_rows / sizeof lib_rows[0])

/* One data set's scenes: for each n of ns (its first n circles), every
 * backend's all-pairs, prepared and loop rows on the scene and on its
 * integer copy (SKIP rows for a backend asked for and built but that
 * cannot run here), the two uniform-grid rows, and (with the first n) the
 * two prepare rows. */
static int data_block(const bench_opts *o, const int *bs, int nb, sdata *d, const scene *proto,
                      const size_t *ns, int nn, void *scratch)
{
    size_t e_lib[LIB_ROWS];
    char why[256] = "", lab[96];
    for (int q = 0; q < LIB_ROWS; q++)
        if ((e_lib[q] = cb_entry_find(lib_rows[q].entry)) == cb_entry_count()) {
            fprintf(stderr, "cb-bench: FAIL: pairs: the library lacks %s\n", lib_rows[q].entry);
            return -1;
        }
    const double t0 = time_now_ns();
    const double iscale = int_copy(d);
    for (int in = 0; in < 2; in++)
        if (make_reference(d, in, why, sizeof why)) {
            fprintf(stderr, "\ncb-bench: FAIL: pairs: the %sreference: %s (seed 0x%llx)\n",
                    in ? "integer copy's " : "", why, (unsigned long long)o->seed);
            return -1;
        }
    fprintf(stderr, " reference %zu pairs, integer copy (x%.0f) %zu (%.1f s)%s", d->ref[0].nref,
            iscale, d->ref[1].nref, (time_now_ns() - t0) / 1e9, nn > 1 ? "\n" : ";");
    pblock b;
    memset(&b, 0, sizeof b);
    ugrid ugf, ugp;
    memset(&ugf, 0, sizeof ugf), memset(&ugp, 0, sizeof ugp);
    const size_t m = d->m, gbytes = cb_grid_size(m);
    void *gmem = gbytes == SIZE_MAX ? NULL : xalloc(gbytes);
    void *igmem = gbytes == SIZE_MAX ? NULL : xalloc(gbytes);
    b.sd = d, b.scratch = scratch;
    b.cap = (d->ref[0].nref > d->ref[1].nref ? d->ref[0].nref : d->ref[1].nref) + 64;
    b.out = xalloc(b.cap * sizeof *b.out);
    b.gmem2 = gbytes == SIZE_MAX ? NULL : xalloc(gbytes);
    b.tmp = xalloc(m * sizeof *b.tmp);
    b.ugf = &ugf, b.ugp = &ugp;
    prow *rows = calloc((size_t)(LIB_ROWS * CB_BACKEND_COUNT + 4), sizeof *rows);
    int rc = -1;
    if (!gmem || !igmem || !b.out || !b.gmem2 || !b.tmp || !rows || ug_init(&ugf, m) ||
        ug_init(&ugp, m) || ug_build(&ugp, &d->boxes, m) ||
        !(b.grid = cb_grid_boxes(gmem, &d->boxes, m)) ||
        !(b.igrid = cb_grid_iboxes(igmem, &d->iboxes, m))) {
        fprintf(stderr, "cb-bench: out of memory for the pairs of M=%zu\n", m);
        goto done;
    }
    const int data = ndata++;
    for (int k = 0; k < nn; k++) {
        scene sc = *proto;
        sc.data = data, sc.n = ns[k], sc.m = m, sc.w = d->w, sc.h = d->h;
        sc.pairs = d->ref[0].first[sc.n], sc.hit = d->ref[0].hitc[sc.n];
        sc.ipairs = d->ref[1].first[sc.n], sc.ihit = d->ref[1].hitc[sc.n], sc.iscale = iscale;
        sc.loop_k = loop_circles(sc.n, m);
        if (add_scene(&sc))
            goto done;
        if (nn > 1)
            fprintf(stderr, "cb-bench: pairs: %s", scene_label(&sc, lab, sizeof lab));
        fprintf(stderr, " (%.2f%% hit, %zu pairs; integer copy %zu pairs):",
                100.0 * (double)sc.hit / (double)sc.n, sc.pairs, sc.ipairs);
        int nr = 0;
        for (int be = 0; be < CB_BACKEND_COUNT; be++) {
            int runs = 0;
            for (int i = 0; i < nb; i++)
                runs |= bs[i] == be;
            const char *reason = "";
            if (!runs && !(o->backend_on[be] && cb_backend_compiled((cb_backend)be)))
                continue; /* not asked for, or not in this build (said once, in the report) */
            if (!runs)
                cb_backend_status((cb_backend)be, &reason);
            for (int q = 0; q < LIB_ROWS; q++) {
                const pkind kind = lib_rows[q].kind;
                const int loop = loop_kind(kind);
                prow r = blank_row(SET_SCENE, sc.n, m, kind, be);
                r.scene = nscenes - 1, r.circles = loop ? sc.loop_k : sc.n;
                if (!runs) {
                    r.skip = reason;
                    if (keep_row(&r))
                        goto done;
                    continue;
                }
                *(loop ? &r.kfn : &r.pfn) = cb_entry_kernel(e_lib[q], (cb_backend)be);
                if (loop ? !r.kfn : !r.pfn) {
                    fprintf(stderr, "\ncb-bench: FAIL: %s can run here but has no %s kernel\n",
                            cb_backend_name((cb_backend)be), lib_rows[q].entry);
                    goto done;
                }
                rows[nr++] = r;
            }
        }
        const pkind base[4] = {PK_UG_FRAME, PK_UG_PRE, PK_PREPARE, PK_IPREPARE};
        for (int q = 0; q < (k == 0 ? 4 : 2); q++) {
            prow r = blank_row(SET_SCENE, sc.n, m, base[q], -1);
            r.scene = nscenes - 1, r.circles = sc.n;
            rows[nr++] = r;
        }
        if (run_block(o, &b, rows, nr))
            goto done;
    }
    rc = 0;
done:
    free(rows), free(gmem), free(igmem), free(b.out), free(b.gmem2), free(b.tmp);
    ug_free(&ugf), ug_free(&ugp);
    return rc;
}

/* The sweep's data set of one distribution, density and M (nmax circles):
 * its world calibrated, then its scenes. */
static int sweep_block(const bench_opts *o, const int *bs, int nb, int dist, int density, size_t m,
                       const size_t *ns, int nn)
{
    size_t nmax = 0;
    for (int k = 0; k < nn; k++)
        nmax = ns[k] > nmax ? ns[k] : nmax;
    char mb[16], nb2[16];
    fprintf(stderr, "cb-bench: pairs: %s %s, %s circles x M=%s boxes: calibrating...",
            dist_names[dist], density_names[density], fmt_n(nmax, nb2, sizeof nb2),
            fmt_n(m, mb, sizeof mb));
    sdata d;
    const size_t sbytes = cb_pairs_scratch_size(nmax, m);
    void *scratch = sbytes == SIZE_MAX ? NULL : xalloc(sbytes);
    if (!scratch || sdata_alloc(&d, nmax, m, 1)) {
        fprintf(stderr, "\ncb-bench: out of memory for the pairs of M=%zu\n", m);
        free(scratch);
        return -1;
    }
    const uint64_t seed = o->seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(1 + dist + 2 * density)) ^
                          ((uint64_t)m << 20);
    sweep_units(&d, dist, seed);
    const double t0 = time_now_ns();
    double share = NAN;
    const double L = calibrate(&d, density_goal[density], scratch, &share);
    if (isnan(L)) {
        fprintf(stderr, "\ncb-bench: FAIL: pairs: calibration: cb_pairs_overlap refused a call\n");
        sdata_free(&d), free(scratch);
        return -1;
    }
    fprintf(stderr, " world %.0f x %.0f, %.2f%% hit (%.1f s);", L, L, 100 * share,
            (time_now_ns() - t0) / 1e9);
    scene proto;
    memset(&proto, 0, sizeof proto);
    proto.dist = dist, proto.density = density;
    int rc = data_block(o, bs, nb, &d, &proto, ns, nn, scratch);
    sdata_free(&d), free(scratch);
    return rc;
}

static int named_block(const bench_opts *o, const int *bs, int nb, int k)
{
    const named_scene *ns = &named[k];
    fprintf(stderr, "cb-bench: pairs: %s: making data...", ns->name);
    sdata d;
    const size_t sbytes = cb_pairs_scratch_size(ns->n, ns->m);
    void *scratch = sbytes == SIZE_MAX ? NULL : xalloc(sbytes);
    if (!scratch || sdata_alloc(&d, ns->n, ns->m, 0)) {
        fprintf(stderr, "\ncb-bench: out of memory for the pairs of %s\n", ns->name);
        free(scratch);
        return -1;
    }
    named_make(&d, ns, o->seed ^ (0x5CE7E0ull + (uint64_t)k));
    scene proto;
    memset(&proto, 0, sizeof proto);
    proto.dist = DIST_NAMED, proto.density = k;
    int rc = data_block(o, bs, nb, &d, &proto, &ns->n, 1, scratch);
    sdata_free(&d), free(scratch);
    return rc;
}

/* ------------------------------------------------------- candidates */

static double cand_margin; /* for the report: the broad phase's fattening */
static size_t cand_found;  /* and how many candidates it found (the list keeps `want`) */

static void free_cand(pblock *b)
{
    free(b->cand[0]), free(b->cand[1]), free(b->cmask), free(b->rmask), free(b->cidx);
    free(b->ridx);
    void *arrays[2][7] = {{b->cont.index, b->cont.normal_x, b->cont.normal_y, b->cont.separation,
                           b->cont.point_x, b->cont.point_y, b->cont.feature},
                          {b->rcont.index, b->rcont.normal_x, b->rcont.normal_y,
                           b->rcont.separation, b->rcont.point_x, b->rcont.point_y,
                           b->rcont.feature}};
    void *iarrays[2][6] = {{b->icont.index, b->icont.point_x, b->icont.point_y, b->icont.d2,
                            b->icont.depth, b->icont.feature},
                           {b->ricont.index, b->ricont.point_x, b->ricont.point_y, b->ricont.d2,
                            b->ricont.depth, b->ricont.feature}};
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 7; k++)
            free(arrays[i][k]);
        for (int k = 0; k < 6; k++)
            free(iarrays[i][k]);
    }
    memset(b, 0, sizeof *b);
}

static int cmp_by_j(const void *pa, const void *pb)
{
    const cb_pair *a = pa, *b = pb;
    return a->j != b->j ? (a->j > b->j) - (a->j < b->j) : (a->i > b->i) - (a->i < b->i);
}

/* A broad phase's candidates: every (circle i, box j) whose bounding boxes
 * overlap once the circle's is fattened by a margin (as fat-AABB trees
 * and grids do), the margin sized from the box density so that each circle
 * has a little more than want / n of them; shuffled, the first `want`
 * kept. Returns the margin, or a negative value when out of memory. */
static double make_candidates(pblock *b, size_t n, size_t want, uint64_t seed)
{
    const cb_box_soa *bx = (const cb_box_soa *)b->many;
    const size_t m = b->m;
    /* a square of side s around a centre holds s^2 m / level^2 box centres;
     * the fattened test reaches (mean half-side 18) + (mean radius 18) + D */
    double per = 1.1 * (double)want / (double)n;
    double s = sqrt(per * (double)b->d->level * (double)b->d->level / (double)m);
    double margin = s / 2 - 36 > 0 ? s / 2 - 36 : 0;
    size_t cap = want + want / 2 + 64, k = 0;
    cb_pair *all = malloc(cap * sizeof *all);
    for (size_t i = 0; i < n && all; i++) {
        const float cx = b->circles.x[i], cy = b->circles.y[i];
        const float reach = b->circles.r[i] + (float)margin;
        for (size_t j = 0; j < m; j++) {
            if (bx->min_x[j] > cx + reach || bx->max_x[j] < cx - reach ||
                bx->min_y[j] > cy + reach || bx->max_y[j] < cy - reach)
                continue;
            if (k == cap) {
                cap *= 2;
                cb_pair *p = realloc(all, cap * sizeof *p);
                if (!p) {
                    free(all);
                    return -1;
                }
                all = p;
            }
            cb_pair p = {(uint32_t)i, (uint32_t)j};
            all[k++] = p;
        }
    }
    if (!all || !k) {
        free(all);
        return -1;
    }
    cand_found = k;
    tk_rng r = {seed ^ 0xCA4D1DA7E5ull};
    for (size_t i = k - 1; i > 0; i--) { /* Fisher-Yates */
        size_t j = (size_t)(tk_next(&r) % (i + 1));
        cb_pair t = all[i];
        all[i] = all[j], all[j] = t;
    }
    b->cand[0] = xalloc(want * sizeof(cb_pair));
    b->cand[1] = xalloc(want * sizeof(cb_pair));
    if (!b->cand[0] || !b->cand[1]) {
        free(all);
        return -1;
    }
    for (size_t q = 0; q < want; q++) /* k >= want but for a sparse level: then repeats */
        b->cand[0][q] = all[q % k];
    free(all);
    memcpy(b->cand[1], b->cand[0], want * sizeof(cb_pair));
    qsort(b->cand[1], want, sizeof(cb_pair), cmp_by_j);
    b->ncand = want;
    return margin;
}

/* Candidate pairs: every backend's candidate kernels (bitmask, index list,
 * contacts) and the per-pair calls, on the random-order list and the list
 * sorted by element. The data is bench's (data.c): boxes and circles
 * scattered over a level whose side grows with sqrt(M); the set is the
 * data's first N circles. */
static int candidates_block(const bench_opts *o, const int *bs, int nb, size_t n, size_t m,
                            size_t ncand)
{
    const size_t ep[2][3] = {
        {pair_entry(CB_FORM_CANDIDATES, CB_QUERY_OVERLAP, CB_SHAPE_BOX, CB_OUTPUT_MASK),
         pair_entry(CB_FORM_CANDIDATES, CB_QUERY_OVERLAP, CB_SHAPE_BOX, CB_OUTPUT_INDICES),
         pair_entry(CB_FORM_CANDIDATES, CB_QUERY_CONTACTS, CB_SHAPE_BOX, CB_OUTPUT_CONTACTS)},
        {cb_entry_find("cb_candidates_overlap_icircles_iboxes"),
         cb_entry_find("cb_candidates_overlap_icircles_iboxes_idx"),
         cb_entry_find("cb_candidates_contacts_icircles_iboxes")}};
    const size_t e_cont1 = single_entry(CB_QUERY_CONTACTS, CB_SHAPE_BOX, CB_OUTPUT_CONTACTS);
    const size_t e_over1 = cb_entry_find("cb_batch_overlap_aos");
    const size_t e_iover1 = cb_entry_find("cb_batch_overlap_icircle_iboxes_aos");
    const size_t e_icont1 = cb_entry_find("cb_batch_contacts_icircle_iboxes");
    char kb[16], mb[16];
    int lacks = e_cont1 == BENCH_NO_ENTRY || e_over1 == cb_entry_count() ||
                e_iover1 == cb_entry_count() || e_icont1 == cb_entry_count();
    for (int in = 0; in < 2; in++)
        for (int q = 0; q < 3; q++)
            lacks |= ep[in][q] == BENCH_NO_ENTRY || ep[in][q] == cb_entry_count();
    if (lacks) {
        fprintf(stderr, "cb-bench: pairs: the library lacks a candidate entry: skipped\n");
        return 0;
    }
    fprintf(stderr, "cb-bench: pairs: candidates, %s over M=%s: making data...",
            fmt_n(ncand, kb, sizeof kb), fmt_n(m, mb, sizeof mb));
    dataset d;
    pblock b;
    memset(&b, 0, sizeof b);
    if (data_make(&d, m > n ? m : n, o->seed, 1)) {
        fprintf(stderr, "\ncb-bench: out of memory for the candidates\n");
        return -1;
    }
    b.d = &d, b.m = m;
    b.circles = d.csoa, b.many = &d.soa, b.rorder = -1;
    b.icircles = d.icsoa, b.imany = &d.isoa;
    b.cont1 = cb_entry_kernel(e_cont1, CB_BACKEND_SCALAR);
    b.over1 = cb_entry_kernel(e_over1, CB_BACKEND_SCALAR);
    b.icont1 = cb_entry_kernel(e_icont1, CB_BACKEND_SCALAR);
    b.iover1 = cb_entry_kernel(e_iover1, CB_BACKEND_SCALAR);
    cand_margin = make_candidates(&b, n, ncand, o->seed);
    const size_t words = (ncand + 63) / 64;
    b.cmask = xalloc(words * 8), b.rmask = xalloc(words * 8);
    b.cidx = xalloc(ncand * 4), b.ridx = xalloc(ncand * 4);
    cb_contacts *cs[2] = {&b.cont, &b.rcont};
    cb_int_contacts *ics[2] = {&b.icont, &b.ricont};
    int ok = cand_margin >= 0 && b.cmask && b.rmask && b.cidx && b.ridx && b.cont1 && b.over1 &&
             b.icont1 && b.iover1;
    for (int i = 0; i < 2 && ok; i++) {
        cs[i]->index = xalloc(ncand * 4);
        cs[i]->normal_x = xalloc(ncand * 4), cs[i]->normal_y = xalloc(ncand * 4);
        cs[i]->separation = xalloc(ncand * 4);
        cs[i]->point_x = xalloc(ncand * 4), cs[i]->point_y = xalloc(ncand * 4);
        cs[i]->feature = xalloc(ncand);
        ics[i]->index = xalloc(ncand * 4);
        ics[i]->point_x = xalloc(ncand * 4), ics[i]->point_y = xalloc(ncand * 4);
        ics[i]->d2 = xalloc(ncand * 8), ics[i]->depth = xalloc(ncand * 4);
        ics[i]->feature = xalloc(ncand);
        ok = cs[i]->index && cs[i]->normal_x && cs[i]->normal_y && cs[i]->separation &&
             cs[i]->point_x && cs[i]->point_y && cs[i]->feature && ics[i]->index &&
             ics[i]->point_x && ics[i]->point_y && ics[i]->d2 && ics[i]->depth &&
             ics[i]->feature;
    }
    prow *rows = ok ? calloc((size_t)(4 * (nb * 3 + 3)), sizeof *rows) : NULL;
    if (!rows) {
        fprintf(stderr, "\ncb-bench: out of memory for the candidates\n");
        free_cand(&b), data_free(&d);
        return -1;
    }
    int nr = 0;
    for (int ord = 0; ord < 2; ord++)
        for (int in = 0; in < 2; in++) {
            for (int i = 0; i < nb; i++)
                for (int q = 0; q < 3; q++) {
                    prow r = blank_row(SET_CAND, n, m, cand_kinds[in][q], bs[i]);
                    r.ncand = ncand, r.order = ord;
                    r.pfn = cb_entry_kernel(ep[in][q], (cb_backend)bs[i]);
                    if (!r.pfn) {
                        fprintf(stderr,
                                "\ncb-bench: FAIL: %s can run here but has no kernel for %s\n",
                                cb_backend_name((cb_backend)bs[i]),
                                cb_entry_info_of(ep[in][q])->name);
                        free(rows), free_cand(&b), data_free(&d);
                        return -1;
                    }
                    rows[nr++] = r;
                }
            for (int q = 0; q < 3; q++) {
                prow r = blank_row(SET_CAND, n, m, pp_kinds[in][q], -1);
                r.ncand = ncand, r.order = ord;
                rows[nr++] = r;
            }
        }
    int rc = run_block(o, &b, rows, nr);
    free(rows), free_cand(&b), data_free(&d);
    return rc;
}

int pairs_run(const bench_opts *o, const bench_env *e, const int *bs, int nb)
{
    (void)e;
    const size_t *ns = o->quick ? quick_n : sweep_n;
    const int nn =
        o->quick ? (int)(sizeof quick_n / sizeof *ns) : (int)(sizeof sweep_n / sizeof *ns);
    const size_t *ms = o->quick ? quick_m : sweep_m;
    int nm = o->quick ? (int)(sizeof quick_m / sizeof *ms) : (int)(sizeof sweep_m / sizeof *ms);
    if (o->sizes_given) /* --sizes: the box counts M */
        ms = o->sizes, nm = o->nsizes;
    if (o->shooter_only) /* --shooter-only: the shooter frame alone (bench/shooter.c) */
        return shooter_run(o, bs, nb);
    if (o->levels_only) /* --levels-only: the level-like scenes alone (bench/levels.c) */
        return levels_run(o, bs, nb);
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        if (o->backend_on[b] && !cb_backend_compiled((cb_backend)b))
            skipped_note |= 1 << b;
    const double t0 = time_now_ns();
    for (int dist = DIST_UNIFORM; dist <= DIST_CLUSTERED && o->every_row; dist++)
        for (int density = 0; density < 2; density++)
            for (int k = 0; k < nm; k++)
                if (sweep_block(o, bs, nb, dist, density, ms[k], ns, nn))
                    return -1;
    for (int k = 0; k < (o->quick ? 1 : NAMED_COUNT); k++)
        if (named_block(o, bs, nb, k))
            return -1;
    fprintf(stderr, "cb-bench: pairs: %d scenes in %.1f s\n", nscenes, (time_now_ns() - t0) / 1e9);
    /* the shooter frame: many sweeps against many boxes (bench/shooter.c) */
    if (shooter_run(o, bs, nb))
        return -1;
    /* the level-like scenes (bench/levels.c) */
    if (levels_run(o, bs, nb))
        return -1;
    if (!o->every_row)
        return 0;
    const size_t *cd = o->quick ? quick_cand : def_cand;
    return candidates_block(o, bs, nb, cd[0], cd[1], cd[2]);
}

/* ------------------------------------------------------------ report */

/* A scene's row of a kind and backend (the prepare row: its data set's). */
static const prow *find_srow(int s, pkind kind, int backend)
{
    for (int i = 0; i < nres; i++) {
        const prow *r = &res[i];
        if (r->set != SET_SCENE || r->kind != kind || r->backend != backend)
            continue;
        const int prep = kind == PK_PREPARE || kind == PK_IPREPARE;
        if (prep ? scenes[r->scene].data == scenes[s].data : r->scene == s)
            return r;
    }
    return NULL;
}

/* ns per frame from a row's median (which 0), minimum (1) or maximum (2):
 * a loop over fewer circles than the scene has scaled up to all of them;
 * NAN for a missing or skipped row. */
static double frame(const prow *r, int which)
{
    if (!r || r->skip)
        return NAN;
    const double v = which == 0 ? r->med : which == 1 ? r->min : r->max;
    return loop_kind(r->kind) ? v * (double)r->n / (double)r->circles : v;
}

static int estimated(const prow *r) { return r && loop_kind(r->kind) && r->circles < r->n; }

/* a's frame time over b's, of medians */
static double fx(const prow *a, const prow *b) { return frame(a, 0) / frame(b, 0); }

/* x float: an integer row's float twin's frame time (same scene and
 * backend) over its own, as the ladder's x float; NAN for the float rows. */
static double x_float(const prow *r)
{
    if (!r || !int_kind(r->kind))
        return NAN;
    return fx(find_srow(r->scene, float_twin[r->kind], r->backend), r);
}

/* The pairs a row of the scene finds: the integer copy's for the integer rows. */
static size_t pairs_of(const scene *s, const prow *r)
{
    return int_kind(r->kind) ? s->ipairs : s->pairs;
}

/* What the scene targets divide by: N + M, pairs, N + M + pairs. */
static double per_nm(const scene *s, double ns) { return ns / (double)(s->n + s->m); }
static double per_pair(const scene *s, const prow *r, double ns)
{
    return pairs_of(s, r) ? ns / (double)pairs_of(s, r) : NAN;
}
static double per_nmp(const scene *s, const prow *r, double ns)
{
    return ns / (double)(s->n + s->m + pairs_of(s, r));
}

/* The backends with library rows of a block (run or skipped), in the order they were run. */
static int backends_of(pset set, int *bs)
{
    int nb = 0;
    for (int i = 0; i < nres; i++) {
        const prow *r = &res[i];
        if (r->set != set || r->backend < 0)
            continue;
        int seen = 0;
        for (int k = 0; k < nb; k++)
            seen |= bs[k] == r->backend;
        if (!seen && nb < CB_BACKEND_COUNT)
            bs[nb++] = r->backend;
    }
    return nb;
}

static void print_srow(FILE *f, int s, const prow *r, double xloop, double xgrid)
{
    const scene *sc = &scenes[s];
    char b[10][40], mm[64], note[96] = "";
    const char *be = r->backend >= 0 ? cb_backend_name((cb_backend)r->backend) : "-";
    if (r->skip) {
        fprintf(f, "  %-16s %-7s %9s %-21s %9s %9s %10s %7s %7s %7s %4s  SKIP: %s\n",
                pkind_names[r->kind], be, "-", "", "-", "-", "-", "-", "-", "-", "-", r->skip);
        return;
    }
    snprintf(mm, sizeof mm, "[%s..%s]", fmt_ns(frame(r, 1) / 1e6, b[0], 40),
             fmt_ns(frame(r, 2) / 1e6, b[1], 40));
    if (estimated(r)) {
        char kb[16];
        snprintf(note, sizeof note, "estimated from %s circles (x%.0f)",
                 fmt_n(r->circles, kb, sizeof kb), (double)r->n / (double)r->circles);
    }
    const double t = frame(r, 0);
    const int prep = r->kind == PK_PREPARE || r->kind == PK_IPREPARE;
    if (prep)
        snprintf(note, sizeof note, "once per set of boxes (not per frame)");
    fprintf(f, "  %-16s %-7s %9s %-21s %9s %9s %10s %7s %7s %7s %4d%s%s\n", pkind_names[r->kind],
            be, fmt_ns(t / 1e6, b[2], 40), mm, fmt_ns(prep ? NAN : per_nm(sc, t), b[3], 40),
            fmt_ns(prep ? NAN : per_pair(sc, r, t), b[4], 40),
            fmt_ns(prep ? NAN : per_nmp(sc, r, t), b[5], 40), fmt_x(xloop, b[6], 40),
            fmt_x(xgrid, b[7], 40), fmt_x(x_float(r), b[8], 40), r->reps,
            note[0] ? "  " : "", note);
}

static void print_scene(FILE *f, int s)
{
    const scene *sc = &scenes[s];
    char b[6][40];
    int bs[CB_BACKEND_COUNT];
    const int nb = backends_of(SET_SCENE, bs);
    if (sc->dist == DIST_NAMED) {
        const named_scene *ns = &named[sc->density];
        fprintf(f,
                "\n-- %s (expected: %s pairs): N = %s circles (r %g..%g) x M = %s boxes (sides "
                "%g..%g) in %.0f x %.0f: %zu circles hit a box (%.2f%%), %zu pairs\n",
                ns->name, ns->about, fmt_n(sc->n, b[0], 40), ns->r_lo, ns->r_hi,
                fmt_n(sc->m, b[1], 40), ns->s_lo, ns->s_hi, sc->w, sc->h, sc->hit,
                100.0 * (double)sc->hit / (double)sc->n, sc->pairs);
    } else {
        fprintf(f,
                "\n-- %s, %s hit: N = %s circles x M = %s boxes in %.0f x %.0f: %zu circles hit "
                "a box (%.2f%%), %zu pairs\n",
                dist_names[sc->dist], density_names[sc->density], fmt_n(sc->n, b[0], 40),
                fmt_n(sc->m, b[1], 40), sc->w, sc->h, sc->hit,
                100.0 * (double)sc->hit / (double)sc->n, sc->pairs);
    }
    fprintf(f, "   integer copy (x%.0f): %zu circles hit a box (%.2f%%), %zu pairs\n", sc->iscale,
            sc->ihit, 100.0 * (double)sc->ihit / (double)sc->n, sc->ipairs);
    fprintf(f, "  %-16s %-7s %9s %-21s %9s %9s %10s %7s %7s %7s %4s\n", "method", "backend",
            "ms/frame", "[min..max]", "ns/(N+M)", "ns/pair", "ns/(N+M+p)", "x loop", "x grid",
            "x float", "reps");
    for (int q = 0; q < LIB_ROWS; q++)
        for (int i = 0; i < nb; i++) {
            const pkind kind = lib_rows[q].kind;
            const prow *r = find_srow(s, kind, bs[i]);
            if (!r)
                continue;
            const int in = int_kind(kind), loop = loop_kind(kind);
            const prow *lp = find_srow(s, in ? PK_ILOOP : PK_LOOP, bs[i]);
            const prow *grid =
                in ? NULL : find_srow(s, kind == PK_ALL ? PK_UG_FRAME : PK_UG_PRE, -1);
            print_srow(f, s, r, loop ? NAN : fx(lp, r), loop ? NAN : fx(grid, r));
        }
    const pkind base[4] = {PK_UG_FRAME, PK_UG_PRE, PK_PREPARE, PK_IPREPARE};
    for (int q = 0; q < 4; q++) {
        const prow *r = find_srow(s, base[q], -1);
        if (r)
            print_srow(f, s, r, NAN, NAN);
    }
}

/* ------------------------------------------------------------ candidates */

static const prow *find_prow(pset set, size_t n, size_t m, pkind kind, int backend, int order)
{
    for (int i = 0; i < nres; i++) {
        const prow *r = &res[i];
        if (r->set == set && r->n == n && r->m == m && r->kind == kind && r->backend == backend &&
            (set != SET_CAND || r->order == order))
            return r;
    }
    return NULL;
}

/* A candidate row's time per candidate. */
static double per(const prow *r) { return r ? r->med / (double)r->ncand : NAN; }
static double over(const prow *a, const prow *b) { return a && b ? a->med / b->med : NAN; }

static void print_candidates(FILE *f, const bench_env *e)
{
    const prow *any = NULL;
    for (int i = 0; i < nres && !any; i++)
        if (res[i].set == SET_CAND && res[i].kind == PK_CAND_MASK)
            any = &res[i];
    if (!any)
        return;
    char b[12][40];
    const size_t n = any->n, m = any->m, k = any->ncand;
    int bs[CB_BACKEND_COUNT];
    const int nb = backends_of(SET_CAND, bs);
    const prow *cont = find_prow(SET_CAND, n, m, PK_CAND_CONT, bs[0], 0);
    const prow *ian = find_prow(SET_CAND, n, m, PK_ICAND_MASK, bs[0], 0);
    fprintf(f,
            "\n== candidate pairs: %s listed (circle i, box j), N = %s circles, M = %s boxes "
            "(%s: %s): a broad phase's candidates (the boxes whose bounding box meets the "
            "circle's fattened by %.0f units: %zu found, shuffled, the first kept), %zu overlap "
            "(%.1f%%; contacts at margin 0: %zu; integer copy: %zu); "
            "random order, and sorted by j\n",
            fmt_n(k, b[0], 40), fmt_n(n, b[1], 40), fmt_n(m, b[2], 40),
            fmt_bytes(16.0 * (double)m, b[3], 40), regime_of(e, 16 * m), cand_margin, cand_found,
            any->hits, 100.0 * (double)any->hits / (double)k, cont ? cont->hits : 0,
            ian ? ian->hits : 0);
    fprintf(f, "  %-7s %-14s %8s %8s %8s %9s %7s %7s %7s %7s %7s %7s %4s\n", "order", "row", "mask",
            "idx", "contacts", "cand/s", "xpp", "xpp", "xpp", "xscalar", "xscalar", "xscalar",
            "reps");
    fprintf(f, "  %-7s %-14s %8s %8s %8s %9s %7s %7s %7s %7s %7s %7s %4s\n", "", "", "ns/cand", "",
            "", "(mask)", "mask", "idx", "cont", "mask", "idx", "cont", "");
    for (int o = 0; o < 2; o++)
        for (int in = 0; in < 2; in++) {
            const pkind *ck = cand_kinds[in], *pk = pp_kinds[in];
            const prow *pp[3], *sr[3];
            for (int q = 0; q < 3; q++) {
                pp[q] = find_prow(SET_CAND, n, m, pk[q], -1, o);
                sr[q] = find_prow(SET_CAND, n, m, ck[q], CB_BACKEND_SCALAR, o);
            }
            for (int i = 0; i < nb; i++) {
                const prow *M = find_prow(SET_CAND, n, m, ck[0], bs[i], o);
                const prow *I = find_prow(SET_CAND, n, m, ck[1], bs[i], o);
                const prow *C = find_prow(SET_CAND, n, m, ck[2], bs[i], o);
                char lab[24];
                snprintf(lab, sizeof lab, "%s%s", in ? "int " : "",
                         cb_backend_name((cb_backend)bs[i]));
                fprintf(f, "  %-7s %-14s %8s %8s %8s %9s %7s %7s %7s %7s %7s %7s %4d\n",
                        order_names[o], lab, fmt_ns(per(M), b[0], 40), fmt_ns(per(I), b[1], 40),
                        fmt_ns(per(C), b[2], 40),
                        fmt_rate(M ? 1e9 * (double)k / M->med : NAN, b[3], 40),
                        fmt_x(over(pp[0], M), b[4], 40), fmt_x(over(pp[1], I), b[5], 40),
                        fmt_x(over(pp[2], C), b[6], 40), fmt_x(over(sr[0], M), b[7], 40),
                        fmt_x(over(sr[1], I), b[8], 40), fmt_x(over(sr[2], C), b[9], 40),
                        M ? M->reps : 0);
            }
            fprintf(f, "  %-7s %-14s %8s %8s %8s %9s %7s %7s %7s %7s %7s %7s %4d\n",
                    order_names[o], in ? "int per-pair" : "per-pair calls",
                    fmt_ns(per(pp[0]), b[0], 40), fmt_ns(per(pp[1]), b[1], 40),
                    fmt_ns(per(pp[2]), b[2], 40),
                    fmt_rate(pp[0] ? 1e9 * (double)k / pp[0]->med : NAN, b[3], 40), "1", "1", "1",
                    "-", "-", "-", pp[0] ? pp[0]->reps : 0);
        }
    fprintf(f, "  per-pair calls: the scalar kernel of cb_batch_overlap_aos (circle i, box j, "
               "n = 1) per candidate (mask, idx); for "
               "contacts the scalar one-circle contacts kernel (cb_batch_contacts) with n = 1 per "
               "candidate. int rows: the same on the data's integer copy (data.c: the same "
               "circles and boxes truncated to int32), cb_candidates_overlap_icircles_iboxes, "
               "..._idx and cb_candidates_contacts_icircles_iboxes, against int per-pair: the "
               "scalar kernels of cb_batch_overlap_icircle_iboxes_aos and "
               "cb_batch_contacts_icircle_iboxes with n = 1; checked against testkit's "
               "ref_ipair_box. xpp = the per-pair calls' (of the same kind) time over the row's; "
               "xscalar = the scalar candidate kernel's (same kind) time over the row's\n");
}

/* No cliff (issue 32): over the sweep's scenes of one distribution and
 * density (every N and M), the spread of ns per (N + M + pairs) of the all
 * pairs rows and per (N + pairs) of the prepared ones (which never read
 * the M elements as a whole) per backend: the largest over the least
 * (target within 3). */
static void print_cliff(FILE *f)
{
    int bs[CB_BACKEND_COUNT], any = 0;
    const int nb = backends_of(SET_SCENE, bs);
    for (int dist = DIST_UNIFORM; dist <= DIST_CLUSTERED; dist++)
        for (int density = 0; density < 2; density++)
            for (int i = 0; i < nb; i++)
                for (int q = 0; q < 2; q++) {
                    const pkind kind = q ? PK_GRID : PK_ALL;
                    double lo = INFINITY, hi = 0;
                    size_t at_lo = 0, at_hi = 0;
                    for (int sc = 0; sc < nscenes; sc++) {
                        const scene *s = &scenes[sc];
                        const prow *r = find_srow(sc, kind, bs[i]);
                        if (s->dist != dist || s->density != density || !r || r->skip)
                            continue;
                        const double v = q ? frame(r, 0) / (double)(s->n + pairs_of(s, r))
                                           : per_nmp(s, r, frame(r, 0));
                        if (v < lo)
                            lo = v, at_lo = (size_t)sc;
                        if (v > hi)
                            hi = v, at_hi = (size_t)sc;
                    }
                    if (!(hi > 0))
                        continue;
                    if (!any++)
                        fprintf(f, "\nNo cliff (issue 32): ns per (N + M + pairs) (all pairs), "
                                   "per (N + pairs) (prepared) across the sweep's N and M at one "
                                   "density, the largest over the least (target <= 3)\n");
                    char l1[96], l2[96];
                    fprintf(f, "  %-9s %-4s %-8s %-9s %6.2f .. %6.2f ns: %5.2fx%s  (%s; %s)\n",
                            dist_names[dist], density_names[density],
                            cb_backend_name((cb_backend)bs[i]), pkind_names[kind], lo, hi, hi / lo,
                            hi / lo > 3 ? " MISS" : "", scene_label(&scenes[at_lo], l1, sizeof l1),
                            scene_label(&scenes[at_hi], l2, sizeof l2));
                }
}

void pairs_report(FILE *f, const bench_env *e)
{
    if (!nres) {
        shooter_report(f);
        levels_report(f);
        return;
    }
    fprintf(f,
            "\n== many against many, circles x boxes: one frame = every overlapping (circle, box) "
            "pair of the scene, as a list\n"
            "  all pairs        cb_pairs_overlap's raw kernel (cb_entry_kernel), scratch "
            "allocated once, room for every pair, cursor from zero\n"
            "  prepared         cb_pairs_overlap_circles_grid's raw kernel on the boxes prepared "
            "beforehand (cb_grid_boxes, timed alone in the cb_grid_boxes row)\n"
            "  loop per circle  cb_batch_overlap_idx's raw kernel (cb_entry_kernel) once per "
            "circle against all M boxes, hits appended as (i, j); over N x M > %zuMi tests it "
            "runs the first max(%u, %zuMi / M) circles and is scaled by N / that (\"estimated\")\n"
            "  grid in frame    the plain uniform grid (bench/pairs.c: cells twice the mean box "
            "side, at most 4 M + 1024 of them; counting sort; a stamp per box; the contract's "
            "scalar clamp test), built and queried in the frame\n"
            "  grid beforehand  the same grid built once, the query alone timed\n"
            "  int all pairs    cb_pairs_overlap_icircles_iboxes's raw kernel on the scene's "
            "integer copy (every coordinate and radius times 2^10, or less where the world is "
            "wide: box minima rounded down, maxima and radii up, centres to nearest; its own "
            "scene, its pairs printed below the scene's), scratch given, timed side by side with "
            "the float rows\n"
            "  int prepared     cb_pairs_overlap_icircles_grid's raw kernel on the integer boxes "
            "prepared beforehand (cb_grid_iboxes, timed alone in the cb_grid_iboxes row)\n"
            "  int loop         cb_batch_overlap_icircle_iboxes_idx's raw kernel once per circle "
            "against all M integer boxes, as the loop per circle\n"
            "Every row found exactly the reference's pairs before it was timed (a sweep over the "
            "boxes sorted by x with testkit's ref_overlap, for the integer copy ref_ipair_box in "
            "128-bit integers, itself checked one by one on %u circles): the library's forms "
            "the same list in the same order, the loop its circles' pairs, the grid the same "
            "pairs.\n"
            "x loop = the loop's frame time (same backend; the int loop for the integer rows) "
            "over the row's; x grid = the grid's (in frame for all pairs, beforehand for "
            "prepared) over the row's; x float = the float row's frame time (same form, "
            "backend and scene) over the integer row's (higher: integer faster). ms/frame: "
            "medians "
            "[min..max]; ns per (N+M), per pair found, per (N+M+pairs): from the median. A row's "
            "reps are --reps, fewer (at least 3) where its samples would take over %.0f s.\n"
            "Sweep: boxes of sides 4..16, circles of radius 2..6, uniform or in 8 clusters, the "
            "world's side calibrated per distribution, density and M so that ~1%% or ~20%% of the "
            "largest N's circles hit a box; smaller N take the first N circles (their share "
            "printed per scene).\n",
            LOOP_FULL_TESTS >> 20, LOOP_MIN_CIRCLES, LOOP_FULL_TESTS >> 20, SPOT_CIRCLES,
            ROW_BUDGET_NS / 1e9);
    if (skipped_note) {
        fprintf(f, "Not in this build (no rows):");
        for (int b = 0; b < CB_BACKEND_COUNT; b++)
            if (skipped_note & (1 << b))
                fprintf(f, " %s", cb_backend_name((cb_backend)b));
        fprintf(f, "\n");
    }
    for (int s = 0; s < nscenes; s++)
        print_scene(f, s);
    print_cliff(f);
    print_candidates(f, e);
    shooter_report(f);
    levels_report(f);
}

/* The named scenes, one line per backend: the frame's time of all pairs,
 * prepared and the loop of per-circle calls, and the ratios to the loop and
 * to the plain uniform grid (in the frame for all pairs, built beforehand
 * for prepared). */
void pairs_summary(FILE *f)
{
    char b[13][40], lab[96];
    int bs[CB_BACKEND_COUNT], any = 0;
    const int nb = backends_of(SET_SCENE, bs);
    for (int s = 0; s < nscenes; s++) {
        const scene *sc = &scenes[s];
        if (sc->dist != DIST_NAMED)
            continue;
        if (!any++)
            fprintf(f, "\nMany against many (cb_pairs_overlap: every overlapping pair of a frame): "
                       "ms per frame, median;\n"
                       "prepared = on boxes prepared beforehand (cb_grid_boxes); loop = "
                       "cb_batch_overlap_idx once per circle; grid = a plain uniform grid, scalar, "
                       "built in the frame (all:) or beforehand (prep:); x = its time over this "
                       "one's;\n"
                       "int = the same on the scene's integer copy (x2^10, rounded outward): "
                       "cb_pairs_overlap_icircles_iboxes (iall), on cb_grid_iboxes (iprep), "
                       "against cb_batch_overlap_icircle_iboxes_idx once per circle (iloop) and "
                       "the float rows (all, prep)\n"
                       "  %-8s %9s %9s %9s %8s %8s %9s %9s %9s %9s %10s %8s %10s\n",
                    "backend", "all pairs", "prepared", "loop", "all:loop", "all:grid", "prep:loop",
                    "prep:grid", "int all", "int prep", "iall:iloop", "iall:all", "iprep:prep");
        const prow *gf = find_srow(s, PK_UG_FRAME, -1), *gp = find_srow(s, PK_UG_PRE, -1);
        const prow *pr = find_srow(s, PK_PREPARE, -1), *ipr = find_srow(s, PK_IPREPARE, -1);
        fprintf(f,
                "  %s: %zu pairs (integer copy %zu); grid %s ms in frame, %s ms beforehand; "
                "cb_grid_boxes %s ms, cb_grid_iboxes %s ms\n",
                scene_label(sc, lab, sizeof lab), sc->pairs, sc->ipairs,
                fmt_ns(frame(gf, 0) / 1e6, b[0], 40), fmt_ns(frame(gp, 0) / 1e6, b[1], 40),
                fmt_ns(frame(pr, 0) / 1e6, b[2], 40), fmt_ns(frame(ipr, 0) / 1e6, b[3], 40));
        for (int i = 0; i < nb; i++) {
            const prow *all = find_srow(s, PK_ALL, bs[i]), *pg = find_srow(s, PK_GRID, bs[i]);
            const prow *lp = find_srow(s, PK_LOOP, bs[i]);
            const prow *iall = find_srow(s, PK_IALL, bs[i]), *ipg = find_srow(s, PK_IGRID, bs[i]);
            const prow *ilp = find_srow(s, PK_ILOOP, bs[i]);
            if (!all || all->skip)
                continue;
            fprintf(f, "  %-8s %9s %9s %9s %8s %8s %9s %9s %9s %9s %10s %8s %10s%s\n",
                    cb_backend_name((cb_backend)bs[i]), fmt_ns(frame(all, 0) / 1e6, b[0], 40),
                    fmt_ns(frame(pg, 0) / 1e6, b[1], 40), fmt_ns(frame(lp, 0) / 1e6, b[2], 40),
                    fmt_x(fx(lp, all), b[3], 40), fmt_x(fx(gf, all), b[4], 40),
                    fmt_x(fx(lp, pg), b[5], 40), fmt_x(fx(gp, pg), b[6], 40),
                    fmt_ns(frame(iall, 0) / 1e6, b[7], 40), fmt_ns(frame(ipg, 0) / 1e6, b[8], 40),
                    fmt_x(fx(ilp, iall), b[9], 40), fmt_x(x_float(iall), b[10], 40),
                    fmt_x(x_float(ipg), b[11], 40),
                    estimated(lp) || estimated(ilp) ? "  (loop estimated)" : "");
        }
    }
    shooter_summary(f);
    levels_report(f);
}

int pairs_csv(const char *dir)
{
    if (shooter_csv(dir) || levels_csv(dir))
        return -1;
    if (!nres && !nscenes)
        return 0; /* --shooter-only */
    char path[4200];
    snprintf(path, sizeof path, "%s/cb-bench-pairs.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "section,scene,dist,density,n,m,world_w,world_h,candidates,order,method,backend,"
               "pairs,hit_circles,circles_timed,estimated,reps,iters,ns_call_min,ns_call_med,"
               "ns_call_max,ms_frame_med,ns_per_nm,ns_per_pair,ns_per_nmp,x_loop,x_grid,"
               "x_per_pair,x_float,note\n");
    for (int i = 0; i < nres; i++) {
        const prow *r = &res[i];
        char lab[96];
        if (r->set == SET_SCENE) {
            const scene *sc = &scenes[r->scene];
            const double t = frame(r, 0);
            const int prep = r->kind == PK_PREPARE || r->kind == PK_IPREPARE;
            const int in = int_kind(r->kind);
            const prow *loop = find_srow(r->scene, in ? PK_ILOOP : PK_LOOP, r->backend);
            const prow *grid = find_srow(r->scene, r->kind == PK_ALL ? PK_UG_FRAME : PK_UG_PRE, -1);
            const int lib = r->kind == PK_ALL || r->kind == PK_GRID || r->kind == PK_IALL ||
                            r->kind == PK_IGRID;
            fprintf(f, "scenes,\"%s\",%s,%s,%zu,%zu,%.0f,%.0f,,,%s,%s,%zu,%zu,%zu,%d,%d,%lu",
                    scene_label(sc, lab, sizeof lab), dist_names[sc->dist],
                    sc->dist == DIST_NAMED ? "" : density_names[sc->density], sc->n, sc->m, sc->w,
                    sc->h, pkind_names[r->kind],
                    r->backend >= 0 ? cb_backend_name((cb_backend)r->backend) : "",
                    prep ? (size_t)0 : pairs_of(sc, r), in ? sc->ihit : sc->hit, r->circles,
                    estimated(r), r->reps, r->iters);
            if (r->skip) {
                fprintf(f, ",,,,,,,,,,,,\"SKIP: %s\"\n", r->skip);
                continue;
            }
            csv_num(f, r->min), csv_num(f, r->med), csv_num(f, r->max);
            csv_num(f, t / 1e6);
            csv_num(f, prep ? NAN : per_nm(sc, t)), csv_num(f, prep ? NAN : per_pair(sc, r, t));
            csv_num(f, prep ? NAN : per_nmp(sc, r, t));
            csv_num(f, lib ? fx(loop, r) : NAN), csv_num(f, lib && !in ? fx(grid, r) : NAN);
            csv_num(f, NAN), csv_num(f, x_float(r));
            fprintf(f, ",%s\n",
                    estimated(r) ? "estimated from the first circles_timed circles" : "");
        } else {
            const int q = cand_out(r->kind), in = int_kind(r->kind);
            const prow *bl = r->backend >= 0 ? find_prow(SET_CAND, r->n, r->m, pp_kinds[in][q],
                                                         -1, r->order)
                                             : NULL;
            fprintf(f, "candidates,,,,%zu,%zu,,,%zu,%s,%s,%s,%zu,,,0,%d,%lu", r->n, r->m, r->ncand,
                    order_names[r->order], pkind_names[r->kind],
                    r->backend >= 0 ? cb_backend_name((cb_backend)r->backend) : "", r->hits,
                    r->reps, r->iters);
            csv_num(f, r->min), csv_num(f, r->med), csv_num(f, r->max);
            csv_num(f, NAN), csv_num(f, NAN), csv_num(f, per(r)), csv_num(f, NAN);
            csv_num(f, NAN), csv_num(f, NAN), csv_num(f, bl ? over(bl, r) : NAN), csv_num(f, NAN);
            fprintf(f, ",ns_per_pair: per candidate\n");
        }
    }
    return fclose(f) ? -1 : 0;
}

void pairs_free(void)
{
    free(res);
    res = NULL, nres = capres = 0;
    free(scenes);
    scenes = NULL, nscenes = capscenes = ndata = 0;
    shooter_free();
    levels_free();
}
