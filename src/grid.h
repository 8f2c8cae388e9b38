/* grid.h - the grid the many-against-many functions lay over the elements: its layout, the cell formula the builder and the kernels share, the scratch of one call, and the small sorts of a circle's hits. Performance only: no answer depends on the grid. */
#ifndef CB_GRID_H
#define CB_GRID_H

/* Included by internal.h, after CB_INLINE. */

#include <math.h> /* INFINITY only: the library does not link libm */
#include <string.h> /* memset */

/*
 * The grid (grid.c builds it; the proof that the cull is conservative is
 * there). Every element has an x interval and a y interval (its bounds,
 * widened where the contract's rounding needs it); so has every circle of
 * a query. A pair whose intervals are disjoint on one axis cannot hit.
 *
 * Levels k = 0, 1, ...: square cells of side 2^e * 4^k (a power of two, so
 * the scale below is exact), the same origin (x0, y0). The cell of a
 * coordinate v on a level is
 *
 *     t = (v - x0) * sx;  t = t > 0 ? t : 0;  t = t < top ? t : top;  cell = (int)t
 *
 * in binary32 (sx = 1 / side, top = cols - 1 as a float): every step is
 * non-decreasing in v in every rounding and flushing mode, so intervals
 * that meet give cell ranges that meet. An element is filed on the first
 * level where its columns are at most two (c0, c0 + 1) and its rows at most
 * two: in column c0 (its low column: "loose" in x), in each of its rows,
 * with a key of 0 in its first row and 1 in the second. Each filing is a
 * slot of the grid's arrays (an element has one or two). A query circle
 * with columns [a0, a1] and rows [b0, b1] on that level reads, row by row,
 * the cells (r, max(a0 - 1, 0)) .. (r, a1): one contiguous run of slots
 * per row, since the cells are stored row by row. It meets every element
 * whose intervals meet its own (the element's low column is at least a0 - 1
 * and at most a1), each once: in row b0 every slot, in a later row only
 * the slots of key 0 (an element listed in two rows that the circle both
 * reads is taken in the first of them).
 *
 * Slots are stored by level, row, column, then ascending element index,
 * as structure of arrays (the element's floats, its index, its key), with
 * CB_GRID_PAD zeroed slots after the last so a vector load at any slot
 * stays inside.
 */
#define CB_GRID_LEVELS 24
#define CB_GRID_PAD 16u
/* The most fields a shape has (shapes.h; the kernels check each shape's). */
#define CB_GRID_FIELDS 6
#define CB_GRID_MAGIC 0x3164697267626375ull /* "ucbgrid1" */

/* The reach of a circle's intervals (grid.c): its centre -+ (e + s), with
 * e = ((|r| + margin) * CB_REACH_SCALE) + CB_REACH_ADD and s = ((|centre| +
 * e) + g) * CB_REACH_SLACK, g the grid origin's magnitude on that axis
 * (so a grid built in one float mode serves queries in another); every
 * cell when max(|r| + margin, |x|, |y|) >= CB_REACH_UNBOUNDED. */
#define CB_REACH_SCALE (1.0f + 0x1p-15f)
#define CB_REACH_ADD 0x1p-40f
#define CB_REACH_SLACK 0x1p-20f
#define CB_REACH_UNBOUNDED 0x1p62f

typedef struct cb_grid_level {
    float sx, top_x, top_y; /* 1 / side; cols - 1 and rows - 1 as floats */
    uint32_t cols, rows;
    uint32_t cell0;         /* its first cell in start[] */
    uint32_t slots;       /* slots filed on it (0: the queries skip it) */
} cb_grid_level;

struct cb_grid {
    uint64_t magic;       /* CB_GRID_MAGIC once built */
    uint32_t shape;       /* cb_shape of the elements */
    uint32_t levels;      /* levels in use, the last one a single cell */
    uint64_t m;           /* the elements it was built from (indices 0 .. m-1) */
    uint64_t count;       /* slots stored */
    uint64_t bytes;       /* its size in memory, from its own address */
    float x0, y0;         /* the origin of every level */
    float gx, gy;         /* |x0|, |y0|: the query circles' slack term */
    /* What the filed elements' intervals cover, [bx0, bx1] x [by0, by1] (a
     * superset; empty, +inf .. -inf, when nothing is filed): a circle whose
     * interval misses it can hit nothing here (grid.c). */
    float bx0, bx1, by0, by1;
    cb_grid_level level[CB_GRID_LEVELS];
    /* byte offsets from the grid's own address (so the bytes can move) */
    uint64_t off_start;   /* uint32_t start[cells + 1]: cell c is slots start[c] .. start[c+1]-1 */
    uint64_t off_idx;     /* uint32_t idx[count + pad]: the element index of each slot */
    uint64_t off_key;     /* float key[count + pad]: 0 in the element's first row, 1 in its second */
    uint64_t off_f[CB_GRID_FIELDS]; /* float f[k][count + pad]: the element's fields in
                                       cb_*_soa order (shapes.h) */
    uint64_t off_byj[CB_GRID_FIELDS]; /* a prepared grid's: float f[k][m + pad], the elements'
                                         fields by index (the scans and the records read
                                         them); 0 in one call's grid, which reads the
                                         caller's arrays */
    uint64_t off_tmp;     /* uint32_t tmp[m]: the builder's */
};

#define CB_GRID_AT(g, off, type) ((type *)(void *)((unsigned char *)(uintptr_t)(g) + (off)))

/* The cell formula above. */
CB_INLINE uint32_t cb_cell(float v, float v0, float sx, float top)
{
    float t = (v - v0) * sx;
    t = t > 0.0f ? t : 0.0f;
    t = t < top ? t : top;
    return (uint32_t)t;
}

/* Cells per element: CB_GRID_CELLS_PLAIN when the cells would not be
 * crowded (a uniform scene: more would cost a build that the queries do
 * not repay), up to CB_GRID_CELLS_MAX where they would be (more than
 * CB_GRID_CROWD elements expected in an element's cell: clusters, a
 * crowd in one part of a wide span; grid.c's choose_levels). */
#define CB_GRID_CELLS_PLAIN 2u
#define CB_GRID_CELLS_MAX 8u
#define CB_GRID_CROWD 8.0

/* Bytes of a prepared grid of m elements (any shape), SIZE_MAX when too
 * large; the memory of one all-pairs call (its grid, its cull, its
 * header). */
size_t cb_grid_bytes(size_t m);
size_t cb_plan_bytes(size_t n_circles, size_t m);

/* ---- building a grid: grid.c's steps, the per-element passes in
 * grid_tmpl.h (grid_build_<shape>)
 *
 * survey: what a sample of the elements' intervals says (their span, how
 * big most are, where their centres lie); begin: the levels (grid.c's
 * choose_levels), the layout, the counts zeroed (its cells returned); place: an element's first cell (CB_GRID_TWO_ROWS when
 * it is filed in two rows) on the first level it fits; the count of each
 * cell is then summed (prefix), the slots filled, and finish pads them
 * and marks the grid built. tmp: room for m words during the build. */
#define CB_SURVEY 256u
#define CB_GRID_TWO_ROWS 0x80000000u

typedef struct cb_survey {
    double x0, x1, y0, y1; /* the span of the finite interval ends */
    size_t bounded;        /* intervals of finite extent */
    uint32_t hist[201];    /* of them, how many have extent <= 2^(k - 100) */
    size_t centres;        /* ... and their centres (how crowded cells would be) */
    float cx[CB_SURVEY], cy[CB_SURVEY];
} cb_survey;

void cb_survey_init(cb_survey *s);
size_t cb_survey_size(size_t count);
size_t cb_survey_at(size_t k, size_t count);
void cb_survey_add(cb_survey *s, const float *lx, const float *hx, const float *ly,
                   const float *hy, uint32_t ok, size_t k);
uint64_t cb_grid_begin(cb_grid *g, cb_shape shape, size_t m, size_t count, const cb_survey *s,
                       int prepared);
uint32_t cb_grid_place(const cb_grid *g, float lx, float hx, float ly, float hy);
uint32_t *cb_grid_tmp(cb_grid *g);
void cb_grid_prefix(cb_grid *g, uint64_t cells);
void cb_grid_finish(cb_grid *g, uint64_t cells);

/* The columns of the level holding cell number `cell`. */
CB_INLINE uint32_t cb_grid_cols_at(const cb_grid *g, uint32_t cell)
{
    unsigned k = 0;
    while (k + 1 < g->levels && g->level[k + 1].cell0 <= cell)
        k++;
    return g->level[k].cols;
}

/* ---- the cull of one call: a grid of bits over the circles' intervals
 * (CB_CULL_MAX_CELLS of them, 32 KiB: in the L1 cache),
 * cells numbered by the cell formula with the cull's own origin and scale
 * (x0, sx, top_x; y alike); columns in whole 64-bit words. */
#define CB_CULL_MAX_CELLS (1u << 18)

typedef struct cb_cull {
    float x0, x1, y0, y1; /* the span of the circles' intervals */
    float sx, sy, top_x, top_y;
    uint32_t words, rows;
    uint64_t *bits;
} cb_cull;

void cb_cull_begin(cb_cull *c, uint64_t *bits, float x0, float x1, float y0, float y1, size_t n);
void cb_cull_mark(cb_cull *c, uint32_t c0, uint32_t c1, uint32_t r0, uint32_t r1);
int cb_cull_meets_slow(const cb_cull *c, uint32_t c0, uint32_t c1, uint32_t r0, uint32_t r1);

/* The bits of columns c0 .. c1 in word w of a row. */
CB_INLINE uint64_t cb_cull_mask(uint32_t w, uint32_t c0, uint32_t c1)
{
    uint32_t lo = c0 > w * 64 ? c0 - w * 64 : 0, hi = c1 < w * 64 + 63 ? c1 - w * 64 : 63;
    uint64_t up = hi == 63 ? ~(uint64_t)0 : ((uint64_t)2 << hi) - 1;
    return up & ~(((uint64_t)1 << lo) - 1);
}

/* Does the rectangle of cells meet a marked one? Most elements cover one
 * or two rows of one word. */
CB_INLINE int cb_cull_meets(const cb_cull *c, uint32_t c0, uint32_t c1, uint32_t r0, uint32_t r1)
{
    uint32_t w = c0 / 64;
    if (w != c1 / 64 || r1 - r0 > 1)
        return cb_cull_meets_slow(c, c0, c1, r0, r1);
    const uint64_t *row = c->bits + (size_t)r0 * c->words + w;
    return ((row[0] | row[(r1 - r0) * c->words]) & cb_cull_mask(w, c0, c1)) != 0;
}

/*
 * One all-pairs call's grid, in its scratch: the one a previous call of
 * the same range left when the cursor names it (find), or built there (its
 * memory, then commit, which names it). The key says what the grid is for:
 * the arrays of the set and of the elements (self: the set again), the
 * counts, the range of circles, the shape and the margin.
 */
#define CB_PLAN_ARRAYS (CB_FIELD_COUNT(SWEEP) + CB_GRID_FIELDS)
typedef struct cb_plan_key {
    const void *arrays[CB_PLAN_ARRAYS]; /* the set's fields (a circle's or a sweep's), then the
                                           elements' */
    uint64_t n, m, first, end;
    uint32_t shape, margin_bits, self, pad;
} cb_plan_key;

typedef struct cb_plan_mem {
    void *grid;     /* cb_grid_bytes(m) */
    uint32_t *keep; /* m words: the elements the cull keeps */
    uint64_t *cull; /* CB_CULL_MAX_CELLS bits */
} cb_plan_mem;

void cb_plan_key_of(cb_plan_key *key, cb_shape one, const void *set, size_t n, cb_shape shape,
                    const void *els, size_t m, size_t first, size_t end, float margin, int self);
const cb_grid *cb_plan_find(void *scratch, const cb_plan_key *key, uint64_t cursor_plan);
cb_plan_mem cb_plan_memory(void *scratch, size_t m);
uint64_t cb_plan_commit(void *scratch, const cb_plan_key *key);

/* ---- a circle's hits, gathered in place in the caller's output
 *
 * While a circle's hits arrive they are kept in buf[0 .. room-1] (the
 * output's room after the pairs already written), in arrival order; when
 * more arrive than fit, buf becomes a max-heap on j and keeps the `room`
 * smallest. Then they are sorted by j. A pair's j is .j; .i holds what
 * the sink needs until the end (the circle, or the slot's position). */

CB_INLINE void cb_heap_down(cb_pair *h, size_t n, size_t at)
{
    cb_pair x = h[at];
    for (;;) {
        size_t c = 2 * at + 1;
        if (c >= n)
            break;
        if (c + 1 < n && h[c + 1].j > h[c].j)
            c++;
        if (h[c].j <= x.j)
            break;
        h[at] = h[c];
        at = c;
    }
    h[at] = x;
}

CB_INLINE void cb_heap_make(cb_pair *h, size_t n)
{
    for (size_t at = n / 2; at-- > 0;)
        cb_heap_down(h, n, at);
}

/* The long lists whose j lie within CB_SORT_SPAN of each other (every
 * list of a set of up to CB_SORT_SPAN elements), all of one circle: the j
 * set as bits of a bitmap, then written back in the bitmap's order (the
 * pairs' i are the circle's, so only the j move). Linear, where heapsort
 * mispredicts about log2(n) branches a pair (docs/measurements.md). The j are
 * distinct. Stack: 1 KiB. */
#define CB_SORT_SPAN 8192u

CB_INLINE void cb_bitmap_sort_by_j(cb_pair *p, size_t n, uint32_t lo, uint32_t hi)
{
    uint64_t bits[CB_SORT_SPAN / 64];
    size_t words = (size_t)(hi - lo) / 64 + 1, q = 0;
    memset(bits, 0, words * sizeof bits[0]);
    for (size_t k = 0; k < n; k++) {
        uint32_t d = p[k].j - lo;
        bits[d / 64] |= (uint64_t)1 << (d % 64);
    }
    for (size_t w = 0; w < words; w++)
        for (uint64_t b = bits[w]; b; b &= b - 1)
            p[q++].j = lo + (uint32_t)(w * 64 + cb_ctz64(b));
}

/* Heapsort of p[0 .. n-1] by j (the long lists whose j lie further apart;
 * kernel_pairs.h's pair_sort ranks the short ones in vectors). */
CB_INLINE void cb_heapsort_by_j(cb_pair *p, size_t n)
{
    cb_heap_make(p, n);
    for (size_t end = n; end-- > 1;) {
        cb_pair x = p[0];
        p[0] = p[end];
        p[end] = x;
        cb_heap_down(p, end, 0);
    }
}

#endif
