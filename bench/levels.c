/* levels.c - many against many on scenes drawn like levels and crowds (a column of walls, everything in one spot, clusters, huge boxes among small ones, circles far from every element, a set against itself at every density): the library's one call and prepared form against the per-circle loop, a plain uniform grid (built in the frame and beforehand) and a static AABB tree, every method checked to find the same pairs, then timed side by side. */
#include "bench.h"
#include "rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * A family is a way of placing n circles and m elements (boxes, or for a
 * set against itself the circles again) in a square world; its scene is
 * drawn from the run's seed. The methods, each one frame = every pair of
 * the scene, in a buffer with room for all of them:
 *   one call   the raw kernel of cb_pairs_overlap (self: _circles_self),
 *              the scratch given, a new cursor each frame
 *   prepared   cb_pairs_overlap_circles_grid on a cb_grid_boxes grid built
 *              once (self: cb_pairs_overlap_grid_self on cb_grid_circles)
 *   loop       the raw kernel of cb_batch_overlap_idx once per circle against
 *              all m boxes (self: cb_batch_overlap_circle_circles_idx against
 *              circles i+1 .. n-1), its hits appended as (i, j); estimated
 *              from the first circles when n x m is large
 *   grid frame, grid pre   a plain uniform grid (below): built in the frame,
 *              or beforehand and only queried
 *   tree       a static AABB tree (below), built beforehand, queried once
 *              per circle
 * The library's methods run on every backend asked for; the baselines are
 * scalar C. Before timing, the scalar one call's list must equal the scalar
 * loop's (the batch query, pair by pair: the contract), every library row's
 * list must equal it in order, and every baseline's its pairs as a set.
 *
 * The targets (issue 32), printed beside each scene: one call at
 * least as fast as the loop and 2x the grid built in the frame; prepared 2x
 * the grid built beforehand and 3x the tree.
 */

#define LV_BUDGET_NS 3e8         /* a row's timed samples: about this long at most */
#define LV_LOOP_TESTS (1u << 26) /* the loop runs every circle while n x m <= this */

enum { P_WORLD, P_AREA, P_CLUSTERS, P_RIGHT, P_COLUMN, P_ROW, P_LEFT, P_HUGE };

typedef struct lfam {
    const char *name;
    int self;             /* a set against itself: the elements are the circles */
    size_t n, m;          /* circles, boxes */
    float world;          /* the world [0, world)^2 */
    int cplace, eplace;   /* where the circles and the boxes are */
    float r_lo, r_hi;     /* circle radii */
    float s_lo, s_hi;     /* box sides */
    float area;           /* P_AREA: its side; P_COLUMN, P_ROW: the width; P_CLUSTERS: sigma */
    int count;            /* P_HUGE: the huge boxes (sides big_lo .. big_hi); P_CLUSTERS */
    float big_lo, big_hi;
} lfam;

static const lfam fams[] = {
    {"column: 16Ki boxes 0.5..2 in a 6-wide column, 4Ki circles r 1..3 over 2048^2", 0, 4096,
     16384, 2048, P_WORLD, P_COLUMN, 1, 3, 0.5f, 2, 6, 0, 0, 0},
    {"row: the column on its side", 0, 4096, 16384, 2048, P_WORLD, P_ROW, 1, 3, 0.5f, 2, 6, 0, 0,
     0},
    {"outside: 16Ki boxes 2..8 in the left half, 4Ki circles r 1..3 in the right", 0, 4096, 16384,
     2048, P_RIGHT, P_LEFT, 1, 3, 2, 8, 0, 0, 0, 0},
    {"one area: 4Ki circles r 1..3 in one 56x56 area, 16Ki boxes 4..16 over 2048^2", 0, 4096,
     16384, 2048, P_AREA, P_WORLD, 1, 3, 4, 16, 56, 0, 0, 0},
    {"huge among small: 16 boxes 200..800 among 16Ki boxes 2..8, 16Ki circles r 2..6, 4096^2",
     0, 16384, 16384, 4096, P_WORLD, P_HUGE, 2, 6, 2, 8, 0, 16, 200, 800},
    {"small boxes: 1Ki circles r 14..26 x 64Ki boxes 4..12 over 4096^2", 0, 1024, 65536, 4096,
     P_WORLD, P_WORLD, 14, 26, 4, 12, 0, 0, 0, 0},
    {"crowd vs boxes: 2Ki circles r 2..6 and 2Ki boxes 1..4 in one 16x16 area", 0, 2048, 2048,
     2048, P_AREA, P_AREA, 2, 6, 1, 4, 16, 0, 0, 0},
    {"self, crowd: 2Ki circles r 2..6 in one 16x16 area", 1, 2048, 2048, 2048, P_AREA, 0, 2, 6,
     0, 0, 16, 0, 0, 0},
    {"self, clusters: 16Ki circles r 1..3 in 8 gaussian clusters (sigma 30) over 4096^2", 1,
     16384, 16384, 4096, P_CLUSTERS, 0, 1, 3, 0, 0, 30, 8, 0, 0},
    {"self, uniform: 16Ki circles r 1..3 over 4096^2", 1, 16384, 16384, 4096, P_WORLD, 0, 1, 3, 0,
     0, 0, 0, 0, 0},
    {"self, 2Ki circles r 2..6 in 512^2", 1, 2048, 2048, 2048, P_AREA, 0, 2, 6, 0, 0, 512, 0, 0,
     0},
    {"self, 2Ki circles r 2..6 in 128^2", 1, 2048, 2048, 2048, P_AREA, 0, 2, 6, 0, 0, 128, 0, 0,
     0},
    {"self, 2Ki circles r 2..6 in 48^2", 1, 2048, 2048, 2048, P_AREA, 0, 2, 6, 0, 0, 48, 0, 0, 0},
    {"self, 2Ki circles r 2..6 in 2^2 (every pair)", 1, 2048, 2048, 2048, P_AREA, 0, 2, 6, 0, 0, 2,
     0, 0, 0},
};
#define NFAMS (int)(sizeof fams / sizeof fams[0])

typedef enum { LM_ONE, LM_PREP, LM_LOOP, LM_UG_FRAME, LM_UG_PRE, LM_TREE, LM_COUNT } lmethod;
static const char *const lm_names[LM_COUNT] = {"one call",   "prepared", "loop",
                                               "grid frame", "grid pre", "tree"};

/* ------------------------------------------------------------ a scene */

typedef struct lscene {
    const lfam *f;
    size_t n, m;
    float *cx, *cy, *cr;         /* the circles */
    float *x0, *y0, *x1, *y1;    /* the boxes (not for self) */
    cb_circle_soa circles;
    cb_box_soa boxes;
    cb_pair *ref;                /* every pair, by i then j */
    size_t nref;
} lscene;

static void scene_free(lscene *s)
{
    free(s->cx), free(s->cy), free(s->cr), free(s->x0), free(s->y0), free(s->x1), free(s->y1);
    free(s->ref);
    memset(s, 0, sizeof *s);
}

static double unit(tk_rng *r) { return (double)(tk_next(r) >> 11) * 0x1p-53; }

/* mean 0, variance 1 (no libm) */
static double near_gauss(tk_rng *r)
{
    return (unit(r) + unit(r) + unit(r) + unit(r) - 2.0) * 1.7320508075688772;
}

/* A point placed as p says (P_AREA: a square of side f->area at (0.3, 0.6)
 * of the world; clusters: cl[k] centres). */
static void place(const lfam *f, int p, tk_rng *r, const double (*cl)[2], double *x, double *y)
{
    const double W = f->world;
    switch (p) {
    case P_AREA:
        *x = 0.3 * W + f->area * unit(r), *y = 0.6 * W + f->area * unit(r);
        return;
    case P_CLUSTERS: {
        const double *c = cl[tk_next(r) % (uint64_t)f->count];
        *x = c[0] + f->area * near_gauss(r), *y = c[1] + f->area * near_gauss(r);
        return;
    }
    case P_RIGHT: *x = 0.5 * W + 64 + (0.5 * W - 64) * unit(r), *y = W * unit(r); return;
    case P_LEFT: *x = 0.5 * W * unit(r) - 16, *y = W * unit(r); return;
    case P_COLUMN: *x = 0.5 * W + f->area * (unit(r) - 0.5), *y = W * unit(r); return;
    case P_ROW: *y = 0.5 * W + f->area * (unit(r) - 0.5), *x = W * unit(r); return;
    default: *x = W * unit(r), *y = W * unit(r); return;
    }
}

/* The scene of family f, its counts divided by `shrink` (--quick: 8). */
static int scene_make(lscene *s, const lfam *f, uint64_t seed, size_t shrink)
{
    memset(s, 0, sizeof *s);
    s->f = f, s->n = f->n / shrink, s->m = f->self ? s->n : f->m / shrink;
    const size_t n = s->n, m = f->self ? 1 : s->m;
    s->cx = malloc(n * 4), s->cy = malloc(n * 4), s->cr = malloc(n * 4);
    s->x0 = malloc(m * 4), s->y0 = malloc(m * 4), s->x1 = malloc(m * 4), s->y1 = malloc(m * 4);
    if (!s->cx || !s->cy || !s->cr || !s->x0 || !s->y0 || !s->x1 || !s->y1)
        return -1;
    tk_rng r = {seed};
    double cl[16][2];
    for (int k = 0; k < 16; k++)
        cl[k][0] = f->world * (0.15 + 0.7 * unit(&r)), cl[k][1] = f->world * (0.15 + 0.7 * unit(&r));
    for (size_t i = 0; i < n; i++) {
        double x, y;
        place(f, f->cplace, &r, (const double(*)[2])cl, &x, &y);
        s->cx[i] = (float)x, s->cy[i] = (float)y, s->cr[i] = tk_uniform(&r, f->r_lo, f->r_hi);
    }
    for (size_t j = 0; !f->self && j < m; j++) {
        double x, y;
        int huge = f->eplace == P_HUGE && j % (m / (size_t)f->count) == 0;
        place(f, f->eplace == P_HUGE ? P_WORLD : f->eplace, &r, (const double(*)[2])cl, &x, &y);
        const float lo = huge ? f->big_lo : f->s_lo, hi = huge ? f->big_hi : f->s_hi;
        const float w = tk_uniform(&r, lo, hi), h = tk_uniform(&r, lo, hi);
        s->x0[j] = (float)(x - 0.5 * w), s->x1[j] = (float)(x + 0.5 * w);
        s->y0[j] = (float)(y - 0.5 * h), s->y1[j] = (float)(y + 0.5 * h);
    }
    s->circles = (cb_circle_soa){s->cx, s->cy, s->cr};
    s->boxes = (cb_box_soa){s->x0, s->y0, s->x1, s->y1};
    return 0;
}

/* ------------------------------------------- the plain grid and the tree */

/* The contract's pair tests in scalar C (the same operations, so the same
 * bits: the project builds without contraction). */
#define LV_MAX(a, b) ((a) > (b) ? (a) : (b))
#define LV_MIN(a, b) ((a) < (b) ? (a) : (b))
static inline int hit_box(const lscene *s, size_t i, size_t j)
{
    const float cx = s->cx[i], cy = s->cy[i], r = s->cr[i];
    const float px = LV_MIN(LV_MAX(cx, s->x0[j]), s->x1[j]);
    const float py = LV_MIN(LV_MAX(cy, s->y0[j]), s->y1[j]);
    const float dx = cx - px, dy = cy - py;
    return dx * dx + dy * dy <= r * r;
}
static inline int hit_circle(const lscene *s, size_t i, size_t j)
{
    const float dx = s->cx[i] - s->cx[j], dy = s->cy[i] - s->cy[j], q = s->cr[i] + s->cr[j];
    return dx * dx + dy * dy <= q * q;
}
static inline int hit_pair(const lscene *s, size_t i, size_t j)
{
    return s->f->self ? hit_circle(s, i, j) : hit_box(s, i, j);
}

/* An element's bounds (a circle's [x - r, x + r]) and a circle's reach,
 * widened by a relative 2^-10 and 2^-20 of the coordinates so that a
 * float rounding cannot drop a touching pair from a cell or node. */
static inline void el_bounds(const lscene *s, size_t j, float *b)
{
    if (s->f->self) {
        const float e = s->cr[j] * (1.0f + 0x1p-10f) + (fabsf(s->cx[j]) + fabsf(s->cy[j])) * 0x1p-20f;
        b[0] = s->cx[j] - e, b[1] = s->cy[j] - e, b[2] = s->cx[j] + e, b[3] = s->cy[j] + e;
    } else {
        b[0] = s->x0[j], b[1] = s->y0[j], b[2] = s->x1[j], b[3] = s->y1[j];
    }
}
static inline void reach(const lscene *s, size_t i, float *b)
{
    const float e = s->cr[i] * (1.0f + 0x1p-10f) + (fabsf(s->cx[i]) + fabsf(s->cy[i])) * 0x1p-20f;
    b[0] = s->cx[i] - e, b[1] = s->cy[i] - e, b[2] = s->cx[i] + e, b[3] = s->cy[i] + e;
}

/* Where the baselines write: up to cap pairs, counting all. Self pairs
 * are kept with i < j. */
typedef struct lout {
    cb_pair *p;
    size_t k, cap;
} lout;
static inline void emit(lout *o, size_t i, size_t j)
{
    if (o->k < o->cap)
        o->p[o->k].i = (uint32_t)i, o->p[o->k].j = (uint32_t)j;
    o->k++;
}

/*
 * The plain uniform grid, about fifty lines a game would write: cells of
 * twice the elements' mean side over their bounds (at most 4m + 1024 of
 * them), each element listed in every cell its bounds cover (counting sort),
 * a circle reads the cells its reach covers and tests each element once (a
 * stamp per element).
 */
typedef struct ugrid {
    float ox, oy, ex, ey, inv, topc, topr;
    size_t cols, rows, cap_items;
    uint32_t *start, *items, *stamp, epoch;
} ugrid;

static inline size_t ug_cell(float v, float o, float inv, float top)
{
    float t = (v - o) * inv;
    t = t > 0 ? t : 0;
    t = t < top ? t : top;
    return (size_t)t;
}

static int ug_build(ugrid *g, const lscene *s)
{
    const size_t m = s->m, cap_cells = 4 * m + 1024;
    float b[4];
    el_bounds(s, 0, b);
    float ox = b[0], oy = b[1], ex = b[2], ey = b[3];
    double sum = 0;
    for (size_t j = 0; j < m; j++) {
        el_bounds(s, j, b);
        ox = LV_MIN(ox, b[0]), oy = LV_MIN(oy, b[1]), ex = LV_MAX(ex, b[2]), ey = LV_MAX(ey, b[3]);
        sum += (double)(b[2] - b[0]) + (double)(b[3] - b[1]);
    }
    double side = sum / (double)m; /* twice the mean side */
    side = side > 0 ? side : 1;
    const double W = (double)ex - ox, H = (double)ey - oy;
    while ((floor(W / side) + 1) * (floor(H / side) + 1) > (double)cap_cells)
        side *= 1.05;
    g->ox = ox, g->oy = oy, g->ex = ex, g->ey = ey, g->inv = (float)(1.0 / side);
    g->cols = (size_t)(W / side) + 1, g->rows = (size_t)(H / side) + 1;
    g->topc = (float)(g->cols - 1), g->topr = (float)(g->rows - 1);
    if (!g->start) {
        g->start = malloc((cap_cells + 1) * sizeof *g->start);
        g->stamp = calloc(m, sizeof *g->stamp);
        g->cap_items = 4 * m + 64, g->items = malloc(g->cap_items * sizeof *g->items);
        if (!g->start || !g->stamp || !g->items)
            return -1;
    }
    const size_t cells = g->cols * g->rows;
    memset(g->start, 0, (cells + 1) * sizeof *g->start);
    for (int pass = 0; pass < 2; pass++) {
        for (size_t j = pass ? m : 0; pass ? j-- > 0 : j < m; j += !pass) {
            el_bounds(s, j, b);
            const size_t c0 = ug_cell(b[0], ox, g->inv, g->topc), c1 = ug_cell(b[2], ox, g->inv, g->topc);
            const size_t r0 = ug_cell(b[1], oy, g->inv, g->topr), r1 = ug_cell(b[3], oy, g->inv, g->topr);
            for (size_t r = r0; r <= r1; r++)
                for (size_t c = c0; c <= c1; c++) {
                    if (pass)
                        g->items[--g->start[r * g->cols + c]] = (uint32_t)j;
                    else
                        g->start[r * g->cols + c]++;
                }
        }
        if (pass)
            break;
        uint32_t total = 0;
        for (size_t c = 0; c < cells; c++)
            total += g->start[c], g->start[c] = total;
        g->start[cells] = total;
        if (total > g->cap_items) {
            uint32_t *p = realloc(g->items, (size_t)total * sizeof *p);
            if (!p)
                return -1;
            g->items = p, g->cap_items = total;
        }
    }
    return 0;
}

static void ug_query(ugrid *g, const lscene *s, lout *o)
{
    for (size_t i = 0; i < s->n; i++) {
        float b[4];
        reach(s, i, b);
        if (b[2] < g->ox || b[0] > g->ex || b[3] < g->oy || b[1] > g->ey)
            continue;
        const size_t c0 = ug_cell(b[0], g->ox, g->inv, g->topc), c1 = ug_cell(b[2], g->ox, g->inv, g->topc);
        const size_t r0 = ug_cell(b[1], g->oy, g->inv, g->topr), r1 = ug_cell(b[3], g->oy, g->inv, g->topr);
        uint32_t ep = ++g->epoch;
        if (ep == 0) {
            memset(g->stamp, 0, s->m * sizeof *g->stamp);
            ep = g->epoch = 1;
        }
        for (size_t r = r0; r <= r1; r++)
            for (size_t c = c0; c <= c1; c++) {
                const size_t cell = r * g->cols + c;
                for (uint32_t p = g->start[cell]; p < g->start[cell + 1]; p++) {
                    const uint32_t j = g->items[p];
                    if (g->stamp[j] == ep)
                        continue;
                    g->stamp[j] = ep;
                    if ((!s->f->self || j > i) && hit_pair(s, i, j))
                        emit(o, i, j);
                }
            }
    }
}

static void ug_free(ugrid *g)
{
    free(g->start), free(g->items), free(g->stamp);
    memset(g, 0, sizeof *g);
}

/*
 * The static AABB tree: a binary tree over the elements' bounds, split at
 * the median centre on the wider axis of each node's bounds down to leaves
 * of at most LV_LEAF elements, nodes in depth-first order (a node's left
 * child follows it); a circle descends with a stack, testing its reach
 * against each node's bounds and its leaves' elements with the contract.
 */
#define LV_LEAF 4
typedef struct tnode {
    float b[4];
    uint32_t right, first, count; /* count > 0: a leaf of ids[first .. first + count) */
} tnode;
typedef struct tree {
    tnode *node;
    uint32_t *ids, nodes;
    float *key; /* build only: each element's centre on the split axis */
} tree;

static void tree_sort(tree *t, const lscene *s, uint32_t lo, uint32_t hi, uint32_t k, int axis)
{
    /* quickselect the k-th of ids[lo .. hi) by centre on axis */
    while (hi - lo > 1) {
        float b[4];
        el_bounds(s, t->ids[(lo + hi) / 2], b);
        const float pivot = axis ? b[1] + b[3] : b[0] + b[2];
        uint32_t a = lo, z = hi;
        for (uint32_t q = lo; q < z;) {
            el_bounds(s, t->ids[q], b);
            const float v = axis ? b[1] + b[3] : b[0] + b[2];
            uint32_t x = t->ids[q];
            if (v < pivot)
                t->ids[q] = t->ids[a], t->ids[a++] = x, q++;
            else if (v > pivot)
                t->ids[q] = t->ids[--z], t->ids[z] = x;
            else
                q++;
        }
        if (k < a)
            hi = a;
        else if (k >= z)
            lo = z;
        else
            return;
    }
}

static uint32_t tree_node(tree *t, const lscene *s, uint32_t lo, uint32_t hi)
{
    const uint32_t at = t->nodes++;
    tnode *nd = &t->node[at];
    float b[4];
    el_bounds(s, t->ids[lo], nd->b);
    for (uint32_t q = lo + 1; q < hi; q++) {
        el_bounds(s, t->ids[q], b);
        nd->b[0] = LV_MIN(nd->b[0], b[0]), nd->b[1] = LV_MIN(nd->b[1], b[1]);
        nd->b[2] = LV_MAX(nd->b[2], b[2]), nd->b[3] = LV_MAX(nd->b[3], b[3]);
    }
    if (hi - lo <= LV_LEAF) {
        nd->first = lo, nd->count = hi - lo, nd->right = 0;
        return at;
    }
    const int axis = nd->b[3] - nd->b[1] > nd->b[2] - nd->b[0];
    const uint32_t mid = lo + (hi - lo) / 2;
    tree_sort(t, s, lo, hi, mid, axis);
    t->node[at].count = 0;
    tree_node(t, s, lo, mid);
    const uint32_t r = tree_node(t, s, mid, hi);
    t->node[at].right = r;
    return at;
}

static int tree_build(tree *t, const lscene *s)
{
    memset(t, 0, sizeof *t);
    t->ids = malloc(s->m * sizeof *t->ids);
    t->node = malloc((2 * s->m / LV_LEAF + 2 * s->m + 8) * sizeof *t->node);
    if (!t->ids || !t->node)
        return -1;
    for (size_t j = 0; j < s->m; j++)
        t->ids[j] = (uint32_t)j;
    if (s->m)
        tree_node(t, s, 0, (uint32_t)s->m);
    return 0;
}

static void tree_query(const tree *t, const lscene *s, lout *o)
{
    uint32_t stack[96];
    for (size_t i = 0; i < s->n && t->nodes; i++) {
        float b[4];
        reach(s, i, b);
        int top = 0;
        stack[top++] = 0;
        while (top) {
            const tnode *nd = &t->node[stack[--top]];
            if (b[2] < nd->b[0] || b[0] > nd->b[2] || b[3] < nd->b[1] || b[1] > nd->b[3])
                continue;
            if (nd->count) {
                for (uint32_t q = nd->first; q < nd->first + nd->count; q++) {
                    const uint32_t j = t->ids[q];
                    if ((!s->f->self || j > i) && hit_pair(s, i, j))
                        emit(o, i, j);
                }
                continue;
            }
            stack[top++] = nd->right;
            stack[top++] = (uint32_t)(nd - t->node) + 1;
        }
    }
}

static void tree_free(tree *t)
{
    free(t->node), free(t->ids);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------- the rows */

typedef struct lrow {
    int fam;
    lmethod method;
    int backend;         /* -1: the baselines */
    size_t k;            /* LM_LOOP: the circles it runs (the first k) */
    const char *skip;    /* not run here, and why */
    cb_kernel_fn fn;
    int reps;
    double min, med, max; /* ns per frame (the loop: per k circles) */
} lrow;

static lrow *res;
static int nres, capres;

typedef struct lscene_info {
    size_t n, m, pairs;
    int ran;
} lscene_info;
static lscene_info info[NFAMS];

/* What a frame needs. */
typedef struct lctx {
    lscene *s;
    lrow *rows;
    cb_pair *out;
    size_t cap;
    void *scratch;
    const cb_grid *grid;
    uint32_t *idx;
    ugrid ugf, ugp;
    tree tr;
} lctx;

/* One frame of a row; returns the pairs found. */
static size_t frame(lctx *c, const lrow *r)
{
    lscene *s = c->s;
    cb_args a;
    memset(&a, 0, sizeof a);
    cb_pair_cursor cur;
    memset(&cur, 0, sizeof cur);
    lout o = {c->out, 0, c->cap};
    switch (r->method) {
    case LM_ONE:
    case LM_PREP:
        a.circles = &s->circles, a.n_circles = s->n, a.cursor = &cur, a.out = c->out;
        a.capacity = c->cap, a.scratch = c->scratch;
        if (r->method == LM_PREP)
            a.many = c->grid;
        else if (!s->f->self)
            a.many = &s->boxes, a.n = s->m;
        return r->fn(&a);
    case LM_LOOP:
        for (size_t i = 0; i < r->k; i++) {
            const size_t from = s->f->self ? i + 1 : 0;
            a.circle = (cb_circle){s->cx[i], s->cy[i], s->cr[i]};
            if (s->f->self) {
                cb_circle_soa rest = {s->cx + from, s->cy + from, s->cr + from};
                a.many = &rest, a.n = s->n - from, a.out = c->idx;
                const size_t got = r->fn(&a);
                for (size_t q = 0; q < got; q++)
                    emit(&o, i, from + c->idx[q]);
            } else {
                a.many = &s->boxes, a.n = s->m, a.out = c->idx;
                const size_t got = r->fn(&a);
                for (size_t q = 0; q < got; q++)
                    emit(&o, i, c->idx[q]);
            }
        }
        return o.k;
    case LM_UG_FRAME:
        if (ug_build(&c->ugf, s))
            return SIZE_MAX;
        ug_query(&c->ugf, s, &o);
        return o.k;
    case LM_UG_PRE: ug_query(&c->ugp, s, &o); return o.k;
    case LM_TREE: tree_query(&c->tr, s, &o); return o.k;
    default: return SIZE_MAX;
    }
}

static int cmp_pair(const void *pa, const void *pb)
{
    const cb_pair *a = pa, *b = pb;
    return a->i != b->i ? (a->i > b->i) - (a->i < b->i) : (a->j > b->j) - (a->j < b->j);
}

/* The row's pairs against the reference: the library's in order, the
 * baselines' as a set, the loop's of its first k circles. */
static int check_row(lctx *c, const lrow *r, char *why, size_t wl)
{
    const lscene *s = c->s;
    const size_t got = frame(c, r);
    size_t want = s->nref;
    if (r->method == LM_LOOP) {
        want = 0;
        while (want < s->nref && s->ref[want].i < r->k)
            want++;
    }
    if (got != want) {
        snprintf(why, wl, "%zu pairs, the reference %zu", got, want);
        return -1;
    }
    if (r->backend < 0)
        qsort(c->out, got, sizeof *c->out, cmp_pair);
    for (size_t q = 0; q < got; q++)
        if (c->out[q].i != s->ref[q].i || c->out[q].j != s->ref[q].j) {
            snprintf(why, wl, "pair %zu is (%u, %u), the reference's (%u, %u)", q,
                     (unsigned)c->out[q].i, (unsigned)c->out[q].j, (unsigned)s->ref[q].i,
                     (unsigned)s->ref[q].j);
            return -1;
        }
    return 0;
}

static double sample_row(void *ctx, int i, unsigned long iters)
{
    lctx *c = ctx;
    const lrow *r = &c->rows[i];
    uint64_t sum = 0;
    const double t0 = time_now_ns();
    for (unsigned long q = 0; q < iters; q++)
        sum += frame(c, r);
    const double t = time_now_ns() - t0;
    bench_sink += sum;
    return t;
}

static int keep(const lrow *r)
{
    lrow *v = bench_grow(res, nres, &capres, sizeof *res);
    if (!v)
        return -1;
    res = v;
    res[nres++] = *r;
    return 0;
}

static const char *const entry_one[2] = {"cb_pairs_overlap", "cb_pairs_overlap_circles_self"};
static const char *const entry_prep[2] = {"cb_pairs_overlap_circles_grid",
                                          "cb_pairs_overlap_circles_grid_self"};
static const char *const entry_loop[2] = {"cb_batch_overlap_idx",
                                          "cb_batch_overlap_circle_circles_idx"};

static int fam_block(const bench_opts *o, const int *bs, int nb, int fi)
{
    const lfam *f = &fams[fi];
    lctx c;
    memset(&c, 0, sizeof c);
    lscene s;
    char why[256] = "";
    int rc = -1, nr = 0;
    lrow rows[3 * CB_BACKEND_COUNT + 3];
    void *gmem = NULL;
    fprintf(stderr, "cb-bench: levels: %s:", f->name);
    if (scene_make(&s, f, o->seed ^ (0x1E7E15ull * (uint64_t)(fi + 1)), o->quick ? 8 : 1)) {
        fprintf(stderr, " out of memory\n");
        goto done;
    }
    c.s = &s;
    const int self = f->self;
    const size_t e1 = cb_entry_find(entry_one[self]), ep = cb_entry_find(entry_prep[self]);
    const size_t el = cb_entry_find(entry_loop[self]);
    if (e1 == cb_entry_count() || el == cb_entry_count()) {
        fprintf(stderr, " the library lacks %s or %s\n", entry_one[self], entry_loop[self]);
        goto done;
    }
    /* the reference: the scalar loop over every circle (the batch query) */
    c.idx = malloc((s.m + 16) * sizeof *c.idx);
    c.cap = 1u << 16;
    for (;;) {
        free(c.out);
        c.out = malloc(c.cap * sizeof *c.out);
        lrow ref = {fi, LM_LOOP, CB_BACKEND_SCALAR, s.n, NULL, cb_entry_kernel(el, CB_BACKEND_SCALAR), 0, 0, 0, 0};
        if (!c.out || !c.idx || !ref.fn)
            goto done;
        const size_t got = frame(&c, &ref);
        if (got <= c.cap) {
            s.nref = got;
            break;
        }
        c.cap = got + 64;
    }
    s.ref = malloc((s.nref + 1) * sizeof *s.ref);
    if (!s.ref)
        goto done;
    memcpy(s.ref, c.out, s.nref * sizeof *s.ref);
    const size_t sbytes = cb_pairs_scratch_size(s.n, s.m), gbytes = cb_grid_size(s.m);
    c.scratch = sbytes == SIZE_MAX ? NULL : malloc(sbytes);
    gmem = gbytes == SIZE_MAX ? NULL : malloc(gbytes);
    if (!c.scratch || !gmem || ug_build(&c.ugp, &s) || tree_build(&c.tr, &s))
        goto done;
    c.grid = self ? cb_grid_circles(gmem, &s.circles, s.n) : cb_grid_boxes(gmem, &s.boxes, s.m);
    if (!c.grid)
        goto done;
    const size_t k = (double)s.n * (double)s.m <= LV_LOOP_TESTS ? s.n : LV_LOOP_TESTS / s.m;
    for (int be = 0; be < CB_BACKEND_COUNT; be++) {
        int runs = 0;
        for (int i = 0; i < nb; i++)
            runs |= bs[i] == be;
        if (!runs)
            continue;
        for (int q = LM_ONE; q <= LM_LOOP; q++) {
            const size_t e = q == LM_ONE ? e1 : q == LM_PREP ? ep : el;
            if (e == cb_entry_count())
                continue; /* no prepared form of this set in the library */
            lrow r = {fi, (lmethod)q, be, q == LM_LOOP ? (k < 1 ? 1 : k) : s.n, NULL,
                      cb_entry_kernel(e, (cb_backend)be), 0, 0, 0, 0};
            if (r.fn)
                rows[nr++] = r;
        }
    }
    for (int q = LM_UG_FRAME; q <= LM_TREE; q++)
        rows[nr++] = (lrow){fi, (lmethod)q, -1, s.n, NULL, NULL, 0, 0, 0, 0};
    for (int i = 0; i < nr; i++)
        if (check_row(&c, &rows[i], why, sizeof why)) {
            fprintf(stderr, "\ncb-bench: FAIL: levels: %s: %s %s: %s (seed 0x%llx)\n", f->name,
                    rows[i].backend < 0 ? "baseline" : cb_backend_name((cb_backend)rows[i].backend),
                    lm_names[rows[i].method], why, (unsigned long long)o->seed);
            goto done;
        }
    fprintf(stderr, " %zu pairs, %d rows checked;", s.nref, nr);
    bench_timing *tm = calloc((size_t)nr, sizeof *tm);
    if (!tm)
        goto done;
    c.rows = rows;
    time_rows(o, tm, nr, sample_row, &c, LV_BUDGET_NS);
    for (int i = 0; i < nr; i++) {
        rows[i].reps = tm[i].reps, rows[i].min = tm[i].min, rows[i].med = tm[i].med;
        rows[i].max = tm[i].max;
        if (keep(&rows[i])) {
            free(tm);
            goto done;
        }
    }
    free(tm);
    info[fi] = (lscene_info){s.n, s.m, s.nref, 1};
    fprintf(stderr, "\n");
    rc = 0;
done:
    ug_free(&c.ugf), ug_free(&c.ugp), tree_free(&c.tr);
    free(c.out), free(c.idx), free(c.scratch), free(gmem);
    scene_free(&s);
    return rc;
}

int levels_run(const bench_opts *o, const int *bs, int nb)
{
    for (int fi = 0; fi < NFAMS; fi++)
        if (fam_block(o, bs, nb, fi))
            return -1;
    return 0;
}

/* ----------------------------------------------------------- the report */

static const lrow *find(int fi, lmethod m, int backend)
{
    for (int i = 0; i < nres; i++)
        if (res[i].fam == fi && res[i].method == m && res[i].backend == backend)
            return &res[i];
    return NULL;
}

/* ms per frame from the median (the loop scaled to every circle). */
static double ms(const lrow *r)
{
    if (!r)
        return NAN;
    return r->med * (double)info[r->fam].n / (double)r->k / 1e6;
}

void levels_report(FILE *f)
{
    if (!nres)
        return;
    fprintf(f, "\n== many against many on level-like scenes (issue 32): ms per frame, medians; "
               "targets one <= loop, one <= grid frame / 2, prepared <= grid pre / 2, "
               "prepared <= tree / 3 (MISS where not met)\n");
    for (int fi = 0; fi < NFAMS; fi++) {
        if (!info[fi].ran)
            continue;
        const double uf = ms(find(fi, LM_UG_FRAME, -1)), up = ms(find(fi, LM_UG_PRE, -1));
        const double tr = ms(find(fi, LM_TREE, -1));
        fprintf(f, "  %s: %zu pairs\n", fams[fi].name, info[fi].pairs);
        fprintf(f, "    %-8s %9s %9s %9s | %9s %9s %9s | %-8s %-8s %-8s %-8s %s\n", "backend",
                "one call", "prepared", "loop", "grid frm", "grid pre", "tree", "loop/one",
                "frm/one", "pre/prep", "tree/prp", "ns/pair one, loop");
        for (int be = 0; be < CB_BACKEND_COUNT; be++) {
            const lrow *one = find(fi, LM_ONE, be), *pr = find(fi, LM_PREP, be);
            const lrow *lp = find(fi, LM_LOOP, be);
            if (!one)
                continue;
            const double t1 = ms(one), tp = ms(pr), tl = ms(lp);
            char x[4][24];
            const double ratio[4] = {tl / t1, uf / t1, up / tp, tr / tp};
            const double goal[4] = {1, 2, 2, 3};
            for (int q = 0; q < 4; q++)
                snprintf(x[q], sizeof x[q], "%.2f%s", ratio[q],
                         isnan(ratio[q]) ? "" : ratio[q] < goal[q] ? "!" : "");
            const double pp = info[fi].pairs ? 1e6 / (double)info[fi].pairs : NAN;
            fprintf(f, "    %-8s %9.4f %9.4f %9.3f | %9.4f %9.4f %9.4f | %-8s %-8s %-8s %-8s %.2f, %.2f\n",
                    cb_backend_name((cb_backend)be), t1, tp, tl, uf, up, tr, x[0], x[1], x[2],
                    x[3], t1 * pp, tl * pp);
        }
    }
    fprintf(f, "  (! marks a missed target)\n");
}

int levels_csv(const char *dir)
{
    if (!nres)
        return 0;
    char path[4200];
    snprintf(path, sizeof path, "%s/cb-bench-levels.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "scene,n,m,pairs,method,backend,circles_timed,reps,ms_frame_min,ms_frame_med,"
               "ms_frame_max\n");
    for (int i = 0; i < nres; i++) {
        const lrow *r = &res[i];
        const double scale = (double)info[r->fam].n / (double)r->k / 1e6;
        fprintf(f, "\"%s\",%zu,%zu,%zu,%s,%s,%zu,%d", fams[r->fam].name, info[r->fam].n,
                info[r->fam].m, info[r->fam].pairs, lm_names[r->method],
                r->backend < 0 ? "baseline" : cb_backend_name((cb_backend)r->backend), r->k,
                r->reps);
        csv_num(f, r->min * scale), csv_num(f, r->med * scale), csv_num(f, r->max * scale);
        fprintf(f, "\n");
    }
    return fclose(f) ? -1 : 0;
}

void levels_free(void)
{
    free(res);
    res = NULL, nres = capres = 0;
    memset(info, 0, sizeof info);
}
