/* bands.c - the many-against-many kernels' culling plan: the circles of a band sorted into spatially compact groups, with conservative bounds outside which a box cannot hit any circle of the group. Performance only: no answer depends on it. */
#include "internal.h"

#include <math.h> /* INFINITY only: the library does not link libm */
#include <string.h>

/* Finite: not NaN, not infinite (v - v is NaN for both). */
static int is_finite(double v) { return v - v == 0; }
static double magnitude(double v) { return v < 0 ? -v : v; }

/*
 * Why: an all-pairs kernel tests every circle against every box. A group of
 * circles close to each other has small bounds, and a vector of boxes that
 * lies wholly outside them cannot hit any circle of the group, so the query
 * body need not run for it. The sort makes the groups compact whatever order
 * the caller keeps the circles in; the hit words are still stored by circle
 * number, so the output is the one without culling, bit for bit (the test
 * suites compare it with the one-pair reference).
 *
 * The bounds are conservative for the float contract (cbatch.h), for every
 * input, in any float mode. For a circle (cx, cy, r) let
 *     e = |r| * (1 + 2^-20) + 2^-50           (in double)
 * and for a group lo_x = min(cx - e), hi_x = max(cx + e) (y alike), rounded
 * outward to float by two ulps (covering the double rounding as well).
 *  - A box with max_x < lo_x: px = MIN(MAX(cx, min_x), max_x) <= max_x
 *    (MIN(a, max_x) is a only when a < max_x), so the exact cx - px exceeds
 *    e; rounded, |dx| > |r| * (1 + 2^-21) + 2^-51, so dx*dx rounds above
 *    r*r (r*r normal: 2^-20 is many ulps; r*r subnormal or zero: dx*dx >=
 *    2^-102 is not), and d2 >= dx*dx: a miss, touching or not.
 *  - A box with MIN(min_x, max_x) > hi_x: MAX(cx, min_x) is min_x, and
 *    px = MIN(min_x, max_x) > cx + e: a miss. (MIN(NaN, max_x) is max_x,
 *    which is then > hi_x: with min_x NaN, px = max_x, still a miss.)
 *  - NaN fails every compare, so a box whose max_x is NaN is never culled
 *    (it cannot hit either: px is NaN).
 * Circles that never hit (a NaN centre or radius) are left out of the
 * bounds. A circle with an infinite centre or |r| >= 2^63 (r*r may
 * overflow, and inf <= inf hits) makes its group's bounds infinite: never
 * culled. Bounds within 2^-100 of zero are widened to +-2^-100, so flushing
 * modes (FTZ, DAZ) cannot move them inward; the box side's compares flush
 * their inputs the way the query body does.
 */

/* x rounded outward (down toward -inf when down, else up) to a float. */
static float outward(double x, int down)
{
    if (x > -0x1p-100 && x < 0x1p-100)
        return down ? -0x1p-100f : 0x1p-100f;
    if (!(x > -0x1p126 && x < 0x1p126)) /* large, infinite (or NaN): unbounded */
        return down ? -INFINITY : INFINITY;
    float f = (float)x;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    /* |f| is a normal float between 2^-101 and 2^126: two steps outward stay one */
    u = ((f > 0) != down) ? u + 2u : u - 2u;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* A spatial key of a centre: the cell of a 16 x 16 grid over the band's
 * finite centres, in Morton order (nearby cells, nearby keys). */
static unsigned morton8(unsigned x, unsigned y)
{
    unsigned k = 0;
    for (unsigned b = 0; b < 4; b++)
        k |= ((x >> b) & 1u) << (2 * b) | ((y >> b) & 1u) << (2 * b + 1);
    return k;
}

static unsigned cell(float v, double lo, double scale)
{
    if (!is_finite(v)) /* NaN, inf: any cell will do */
        return 0;
    double c = ((double)v - lo) * scale;
    return c <= 0 ? 0u : c >= 15.0 ? 15u : (unsigned)c;
}

void cb_band_build(const cb_circle_soa *set, size_t first, size_t count, cb_band *b)
{
    b->first = first, b->count = count;
    const float *x = set->x + first, *y = set->y + first, *r = set->r + first;

    /* the grid: the finite centres' extent */
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (size_t u = 0; u < count; u++) {
        if (is_finite(x[u]) && is_finite(y[u])) {
            x0 = x[u] < x0 ? x[u] : x0, x1 = x[u] > x1 ? x[u] : x1;
            y0 = y[u] < y0 ? y[u] : y0, y1 = y[u] > y1 ? y[u] : y1;
        }
    }
    double sx = x1 > x0 ? 16.0 / (x1 - x0) : 0.0, sy = y1 > y0 ? 16.0 / (y1 - y0) : 0.0;

    /* counting sort by key: stable, so ties keep the circles' order */
    unsigned char key[CB_BAND];
    unsigned start[257] = {0};
    for (size_t u = 0; u < count; u++) {
        key[u] = (unsigned char)morton8(cell(x[u], x0, sx), cell(y[u], y0, sy));
        start[key[u] + 1u]++;
    }
    for (unsigned k = 0; k < 256; k++)
        start[k + 1] += start[k];
    for (size_t u = 0; u < count; u++)
        b->order[start[key[u]]++] = (uint8_t)u;

    /* groups: CB_PAIR_GROUP consecutive circles of the order, then single
     * circles for the remainder */
    size_t full = count / CB_PAIR_GROUP;
    b->groups = full + count % CB_PAIR_GROUP;
    for (size_t g = 0; g < b->groups; g++) {
        size_t at = g < full ? g * CB_PAIR_GROUP : full * CB_PAIR_GROUP + (g - full);
        size_t size = g < full ? CB_PAIR_GROUP : 1;
        double lx = INFINITY, hx = -INFINITY, ly = INFINITY, hy = -INFINITY;
        for (size_t v = 0; v < size; v++) {
            size_t u = b->order[at + v];
            double cx = x[u], cy = y[u], rr = r[u];
            if (cx != cx || cy != cy || rr != rr)
                continue; /* never hits */
            if (!is_finite(cx) || !is_finite(cy) || magnitude(rr) >= 0x1p63) {
                lx = ly = -INFINITY, hx = hy = INFINITY; /* (inf - inf would be NaN) */
                continue;
            }
            double e = magnitude(rr) * (1.0 + 0x1p-20) + 0x1p-50;
            lx = cx - e < lx ? cx - e : lx, hx = cx + e > hx ? cx + e : hx;
            ly = cy - e < ly ? cy - e : ly, hy = cy + e > hy ? cy + e : hy;
        }
        /* empty (every circle NaN): lx = +inf, hx = -inf culls every box
         * whose coordinates are not NaN, and those miss anyway */
        b->lo_x[g] = lx == INFINITY ? INFINITY : outward(lx, 1);
        b->hi_x[g] = hx == -INFINITY ? -INFINITY : outward(hx, 0);
        b->lo_y[g] = ly == INFINITY ? INFINITY : outward(ly, 1);
        b->hi_y[g] = hy == -INFINITY ? -INFINITY : outward(hy, 0);
    }
}
