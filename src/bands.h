/* bands.h - the all-pairs kernels' culling plan: a grid over the set's circles, each band's column and row masks on it, and the cell function elements and circles share (performance only: no answer depends on it). */
#ifndef CB_BANDS_H
#define CB_BANDS_H

/* Included by internal.h, after CB_INLINE. */

#include <math.h> /* INFINITY only: the library does not link libm */

/*
 * Every circle of the set that can hit anything has an x interval and a y
 * interval such that an element whose own intervals miss either of them
 * cannot hit the circle under the float contract, for any input and in any
 * float mode (bands.c builds them and proves it). One grid per call cuts
 * the finite ends of all of them into CB_GRID columns (and rows). The cell
 * of a coordinate v is
 *
 *     t = (v - x0) * sx;  t = t > 0 ? t : 0;  t = t < G ? t : G;  cell = (int)t
 *
 * in binary32 (G = CB_GRID - 1): the kernels compute it for a vector of
 * elements with their own primitives (the same operations: v_sub, v_mul,
 * v_max, v_min), bands.c for the circles' intervals with cb_grid_cell.
 * Equal operations give equal cells, and every step is non-decreasing in v
 * in every rounding and flushing mode (a NaN gives cell 0), so intervals
 * that meet give cell ranges that meet.
 *
 * A band is up to CB_BAND consecutive circles of the set, first ..
 * first+count-1; circle first+u is bit u of a band mask. col[c] has the bit
 * of every circle whose x interval meets column c (row[] alike in y). An
 * element's candidates in a band, (OR of col[] over its columns) AND (OR of
 * row[] over its rows), include every circle of the band it can hit.
 */
#define CB_BAND 256u
#define CB_BAND_MASK_WORDS (CB_BAND / 64u)
#define CB_GRID 32u

/* A band mask: one register on AVX2 and wider, two on 128-bit ISAs (GCC
 * and clang vector extensions), four words otherwise. Handled through
 * pointers only (a 32-byte vector by value changes the ABI between files
 * built with and without AVX). */
#if defined(__GNUC__) || defined(__clang__)
typedef uint64_t cb_bandmask __attribute__((vector_size(8 * CB_BAND_MASK_WORDS)));
#define CB_MASK_OR(d, a, b) (*(d) = *(a) | *(b))
#define CB_MASK_OR_IN(d, a) (*(d) |= *(a))
#define CB_MASK_AND(d, a, b) (*(d) = *(a) & *(b))
#define CB_MASK_WORD(m, w) ((*(m))[w])
#else
typedef struct {
    uint64_t w[CB_BAND_MASK_WORDS];
} cb_bandmask;
#define CB_MASK_EACH(d, expr)                                                                      \
    do {                                                                                           \
        for (unsigned w_ = 0; w_ < CB_BAND_MASK_WORDS; w_++)                                       \
            (d)->w[w_] = (expr);                                                                   \
    } while (0)
#define CB_MASK_OR(d, a, b) CB_MASK_EACH(d, (a)->w[w_] | (b)->w[w_])
#define CB_MASK_OR_IN(d, a) CB_MASK_EACH(d, (d)->w[w_] | (a)->w[w_])
#define CB_MASK_AND(d, a, b) CB_MASK_EACH(d, (a)->w[w_] & (b)->w[w_])
#define CB_MASK_WORD(m, w) ((m)->w[w])
#endif

/* For each set bit of band mask *m, ascending: u, the offset of its circle
 * in the band. A statement follows, as after for; continue goes on to the
 * next bit (a break would end only the current bit: do not use one). */
#define CB_MASK_FOR_EACH(m, u)                                                                     \
    for (unsigned w_ = 0; w_ < CB_BAND_MASK_WORDS; w_++)                                           \
        for (uint64_t x_ = CB_MASK_WORD(m, w_); x_; x_ &= x_ - 1)                                  \
            for (size_t u = w_ * 64 + cb_ctz64(x_), once_ = 1; once_; once_ = 0)

typedef struct cb_grid {
    float x0, sx, y0, sy; /* the cell formula's origin and scale, per axis */
} cb_grid;

typedef struct cb_band {
    cb_bandmask col[CB_GRID], row[CB_GRID];
    size_t first, count;
} cb_band;

/* The cells of up to 64 elements (a tile): columns c0[j] .. c1[j], rows
 * r0[j] .. r1[j] of element base + j. */
typedef struct cb_cells {
    uint8_t c0[64], c1[64], r0[64], r1[64];
} cb_cells;

/* The grid of circles 0 .. n-1 of the set; a band's masks on it. */
void cb_grid_build(const cb_circle_soa *set, size_t n, cb_grid *g);
void cb_band_build(const cb_circle_soa *set, size_t first, size_t count, const cb_grid *g,
                   cb_band *b);

/* The cell formula above, one coordinate at a time. */
CB_INLINE unsigned cb_grid_cell(float v, float v0, float s)
{
    float t = (v - v0) * s;
    t = t > 0.0f ? t : 0.0f;
    t = t < (float)(CB_GRID - 1u) ? t : (float)(CB_GRID - 1u);
    return (unsigned)t;
}

/* The reach that widens an element circle's centre into its intervals
 * (bands.c): |ro| * CB_REACH_SCALE + CB_REACH_ADD, then a relative
 * CB_REACH_SLACK outward; every circle from CB_REACH_UNBOUNDED on covers
 * every cell. */
#define CB_REACH_SCALE (1.0f + 0x1p-15f)
#define CB_REACH_ADD 0x1p-40f
#define CB_REACH_SLACK 0x1p-20f
#define CB_REACH_UNBOUNDED 0x1p62f

/* m = OR of grid[c] for c in [c0, c1]: the two ends without a branch (most
 * elements span one or two cells), the cells between them in a loop. */
CB_INLINE void cb_band_or_cells(const cb_bandmask *grid, unsigned c0, unsigned c1,
                                cb_bandmask *m)
{
    CB_MASK_OR(m, &grid[c0], &grid[c1]);
    for (unsigned c = c0 + 1; c < c1; c++)
        CB_MASK_OR_IN(m, &grid[c]);
}

/* u |= the circles of band b that element j of cells may hit. */
CB_INLINE void cb_band_candidates(const cb_band *b, const cb_cells *cells, size_t j,
                                  cb_bandmask *u)
{
    cb_bandmask mx, my, both;
    cb_band_or_cells(b->col, cells->c0[j], cells->c1[j], &mx);
    cb_band_or_cells(b->row, cells->r0[j], cells->r1[j], &my);
    CB_MASK_AND(&both, &mx, &my);
    CB_MASK_OR_IN(u, &both);
}

#endif
