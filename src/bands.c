/* bands.c - the all-pairs kernels' culling plan: the grid over the set's circles and each band's column and row masks on it, and the proof that an element outside a circle's intervals cannot hit it. Performance only: no answer depends on it. */
#include "internal.h"

#include <string.h>

/*
 * Why: an all-pairs kernel tests every circle of the set against every
 * element. Circles and elements far apart cannot hit, and a grid tells which
 * are near: each element costs a few mask look-ups per band (bands.h), and
 * the query body runs only for the circles those name, against the vector
 * of elements they were named for. The hit words are still the query
 * body's, stored by circle number: the output is the one without culling,
 * bit for bit (the test suites compare it with the one-pair reference, on
 * adversarial, denormal, huge and exact touching data, in every float mode).
 *
 * The circles' intervals. For a circle (cx, cy, r) with no NaN (a NaN never
 * hits: such a circle is in no mask), the reach is e = |r| (1 + 2^-16) +
 * 2^-40, and the intervals [cx - e, cx + e], [cy - e, cy + e] are computed
 * in double, widened by a relative 2^-50 (several double ulps, so the
 * rounding of those few operations cannot narrow them in any rounding
 * mode), then rounded outward to float (two float ulps; ends within 2^-100
 * of zero go to +-2^-100, so no end is subnormal). A circle with |r| >=
 * 2^62 or a centre that is not finite is unbounded: every cell. Below,
 * cx, cy, r are finite, |r| < 2^62, so r*r < 2^124 (and for two circles
 * (r + ro)^2 < 2^126) is finite.
 *
 * Claim: in any float mode the contract's body reports no hit when the
 * element's interval lies wholly outside the circle's on one axis (x here).
 * Let D be the exact distance between the centre and what the element
 * offers on that axis; then D > e (the intervals are disjoint, and the
 * element's offer is inside its own interval, see the cases). Flushing
 * modes may read a subnormal input as 0, moving it by less than 2^-126,
 * which the additive 2^-40 absorbs: D' > |r| (1 + 2^-16) + 2^-41. The
 * body's difference is rounded, |dx| >= D' (1 - 2^-23) in any rounding
 * mode (or it overflows to FLT_MAX or inf, and dx*dx exceeds any R*R
 * below), so |dx| > |R| (1 + 2^-17) + 2^-42, where |R| is r's magnitude,
 * or for circles the rounded |r + ro| <= (|r| + |ro|)(1 + 2^-23). Squaring:
 * dx*dx > R*R (1 + 2^-17) + 2^-84 exactly; rounded, dx*dx >= 2^-84 is a
 * normal float, never flushed, and exceeds the rounded R*R (a relative
 * 2^-23 above R*R when that is normal, at most 2^-126 when it is not).
 * d2 = dx*dx + dy*dy rounded is at least dx*dx (or NaN): d2 > r2, a miss,
 * touching or not.
 *
 * The element's offer on x, and its interval (computed by the kernels on a
 * vector of elements, kernel_template.h's cells_<MANY>):
 *  - a box: [MIN(min_x, max_x), max_x], its own floats. If max_x < cx - e:
 *    px = MIN(MAX(cx, min_x), max_x) <= max_x (MIN(a, max_x) is a only
 *    when a < max_x), so cx - px > e. If MIN(min_x, max_x) > cx + e: min_x
 *    is NaN or above cx, MAX(cx, min_x) is min_x, and px = MIN(min_x,
 *    max_x) > cx + e (MIN(NaN, max_x) is max_x). A NaN max_x makes px NaN:
 *    such a box hits nothing, whatever its cells.
 *  - a circle (ox, oy, ro): ox -+ s, with e_o = (|ro| * (1 + 2^-15)) +
 *    2^-40, a = |ox| + e_o, s = a * 2^-20, lo = (ox - e_o) - s, hi = (ox +
 *    e_o) + s, all in float. Each rounding is within a relative 2^-23 (or
 *    2^-126 absolute when flushed), so e_o >= |ro| (1 + 2^-16) + 2^-41 and
 *    s (at least 2^-61) exceeds the rounding of the three other operations:
 *    lo <= ox - e_o, hi >= ox + e_o (an end that overflows, or rounds to
 *    +-FLT_MAX, is past the grid's last boundary anyway). So disjoint
 *    intervals give |cx - ox| > e + e_o >= (|r| + |ro|) (1 + 2^-16) +
 *    2^-41 + 2^-40: the claim with |r| + |ro| in place of |r|, as s = r +
 *    ro has |s| <= |r| + |ro| (negative radii included). An element with
 *    |ro| >= 2^62 covers every cell; one with an infinite centre gets an
 *    end of NaN (cell 0) or infinite, and hits only unbounded circles (any
 *    other pair has d2 = inf against a finite s2), which are in every cell.
 *    A NaN in it makes d2 or s2 NaN: it hits nothing, whatever its cells.
 * Infinite box coordinates need no case: they fall in the first or last
 * cell, and the argument above holds with D infinite.
 *
 * The grid: the finite ends of the set's intervals span [x0, x1], and the
 * scale is CB_GRID / (x1 - x0). The cell formula (bands.h) is
 * non-decreasing in v in every rounding and flushing mode, and the circles'
 * ends and the elements' go through the same operations in the same call,
 * so intervals that meet give cell ranges that meet, and the element's
 * candidates include the circle.
 */

static int finite(double v) { return v - v == 0; }

/* x rounded outward (down toward -inf when down, else up) to a float. */
static float outward(double x, int down)
{
    if (x > -0x1p-100 && x < 0x1p-100)
        return down ? -0x1p-100f : 0x1p-100f;
    if (!(x > -0x1p126 && x < 0x1p126)) /* large or infinite: unbounded */
        return down ? -INFINITY : INFINITY;
    float f = (float)x;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    /* |f| is a normal float between 2^-101 and 2^126: two steps outward stay one */
    u = ((f > 0) != down) ? u + 2u : u - 2u;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* Circle u's intervals as floats, or 0 when it never hits (a NaN in it). */
static int intervals(const cb_circle_soa *set, size_t u, float *lx, float *hx, float *ly,
                     float *hy)
{
    double x = set->x[u], y = set->y[u], r = set->r[u];
    if (x != x || y != y || r != r)
        return 0;
    double a = r < 0 ? -r : r;
    if (!finite(x) || !finite(y) || a >= 0x1p62) {
        *lx = *ly = -INFINITY, *hx = *hy = INFINITY;
        return 1;
    }
    double e = a * (1.0 + 0x1p-16) + 0x1p-40;
    double sx = ((x < 0 ? -x : x) + e) * 0x1p-50, sy = ((y < 0 ? -y : y) + e) * 0x1p-50;
    *lx = outward((x - e) - sx, 1), *hx = outward((x + e) + sx, 0);
    *ly = outward((y - e) - sy, 1), *hy = outward((y + e) + sy, 0);
    return 1;
}

void cb_grid_build(const cb_circle_soa *set, size_t n, cb_grid *g)
{
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    float lx, hx, ly, hy;
    for (size_t u = 0; u < n; u++) {
        if (!intervals(set, u, &lx, &hx, &ly, &hy))
            continue;
        if (finite(lx)) x0 = lx < x0 ? lx : x0;
        if (finite(hx)) x1 = hx > x1 ? hx : x1;
        if (finite(ly)) y0 = ly < y0 ? ly : y0;
        if (finite(hy)) y1 = hy > y1 ? hy : y1;
    }
    /* No finite end, or a single point: any origin and a positive scale do.
     * The span is at most 2^127 (the ends are below 2^126), so the scale is
     * a normal float. */
    g->x0 = finite(x0) ? (float)x0 : 0.0f, g->y0 = finite(y0) ? (float)y0 : 0.0f;
    g->sx = finite(x0) && finite(x1) && x1 > x0 ? (float)(CB_GRID / (x1 - x0)) : 1.0f;
    g->sy = finite(y0) && finite(y1) && y1 > y0 ? (float)(CB_GRID / (y1 - y0)) : 1.0f;
}

void cb_band_build(const cb_circle_soa *set, size_t first, size_t count, const cb_grid *g,
                   cb_band *b)
{
    b->first = first, b->count = count;
    memset(b->col, 0, sizeof b->col);
    memset(b->row, 0, sizeof b->row);
    float lx, hx, ly, hy;
    for (size_t u = 0; u < count; u++) {
        if (!intervals(set, first + u, &lx, &hx, &ly, &hy))
            continue;
        uint64_t bit = (uint64_t)1 << (u % 64);
        unsigned c1 = cb_grid_cell(hx, g->x0, g->sx), r1 = cb_grid_cell(hy, g->y0, g->sy);
        for (unsigned c = cb_grid_cell(lx, g->x0, g->sx); c <= c1; c++)
            CB_MASK_WORD(&b->col[c], u / 64) |= bit;
        for (unsigned c = cb_grid_cell(ly, g->y0, g->sy); c <= r1; c++)
            CB_MASK_WORD(&b->row[c], u / 64) |= bit;
    }
}
