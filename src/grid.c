/* grid.c - the many-against-many functions' grid over the elements: the intervals of elements and circles and the proof that disjoint ones cannot hit, the builder, the cull that drops elements no circle reaches, and one call's plan in its scratch. Performance only: no answer depends on it. */
#include "internal.h"

#include <string.h>

/*
 * Why: an all-pairs call could test every circle against every element.
 * Circles and elements far apart cannot hit, and a grid over the elements
 * tells which are near (grid.h: levels of square cells, each element filed
 * once or twice): a circle reads the few cells its interval covers and
 * runs the query body, in vectors, on the elements filed there. The cost
 * follows the circles, the elements and the pairs found, not their
 * product. The hits are still the query body's: the pairs are the ones
 * without culling, bit for bit (the test suites compare with the one-pair
 * reference on adversarial, denormal, huge and exact touching data, in
 * every float mode).
 *
 * THE INTERVALS. Every element and every query circle gets an x and a y
 * interval (kernel_pairs.h computes them, CB_W at a time: el_spans_<shape>
 * for elements, spans_<set shape> for circles, in the operations written here).
 * The claim:
 * in any float mode (rounding direction, flushing of subnormal inputs and
 * results), the contract's body reports no hit (and the contact functions
 * select nothing) when the two x intervals (or the two y intervals) are
 * disjoint.
 *
 * A query circle (x, y, r), with margin mu (the contact functions; 0 for
 * overlap): a = |r| + mu, e = (a * (1 + 2^-15)) + 2^-40, s = ((|x| + e) +
 * g) * 2^-20 (g: below; >= 0), lo = (x - e) - s, hi = (x + e) + s, in
 * binary32. Each rounding is within a relative 2^-23 (2^-24 to nearest) or
 * 2^-126 absolute when flushed, so e >= (|r| + mu)(1 + 2^-16) + 2^-41 and s
 * (at least 2^-61) exceeds the rounding of the three other operations: lo
 * <= x - e', hi >= x + e' with e' = (|r| + mu)(1 + 2^-16) + 2^-41 exactly.
 * A circle with max(a, |x|, |y|) >= 2^62 is unbounded: every cell. Below,
 * a, |x|, |y| < 2^62; a circle with a NaN never hits (NaN in dx or in the
 * radius makes every compare false) and is skipped.
 *
 * What the body compares. The contract reports a hit when d2 <= R*R (<
 * with CB_STRICT), R the radius the query squares: r (circle vs box), r + ro
 * (circles), r + mu or (r + ro) + mu (contact selection); rounded, |R| <=
 * (|r| + |ro| + mu)(1 + 2^-22) (ro = 0 for boxes).
 *
 * Claim for one axis (x): if D, the exact distance on x between the centre
 * and what the element offers there, exceeds E = |R| (1 + 2^-16.5) + 2^-41,
 * there is no hit. Flushing modes may read a subnormal input as 0, moving
 * it by less than 2^-126, which the additive 2^-41 absorbs: D' > |R| (1 +
 * 2^-16.5) + 2^-42. The body's difference is rounded, |dx| >= D' (1 -
 * 2^-23) in any rounding mode (or it overflows to FLT_MAX or inf, and
 * dx*dx exceeds any R*R below), so |dx| > |R| (1 + 2^-17) + 2^-43. Squaring:
 * dx*dx > R*R (1 + 2^-16) + 2^-86 exactly; rounded, dx*dx >= 2^-86 is a
 * normal float, never flushed, and exceeds the rounded R*R (a relative
 * 2^-23 above R*R when that is normal, at most 2^-126 when it is not).
 * d2 = dx*dx + dy*dy rounded is at least dx*dx (or NaN): d2 > R*R, no hit,
 * touching or not. (|R| < 2^63, so R*R < 2^126 is finite.)
 *
 * The elements, and why disjoint intervals give D > E:
 *  - a box: [MIN(min_x, max_x), max_x], its own floats, no rounding. If
 *    max_x < lo: px = MIN(MAX(x, min_x), max_x) <= max_x (MIN(a, max_x) is
 *    a only when a < max_x), so D = x - px > e' >= E - 2^-41 + ... (e'
 *    covers E with |R| = |r| + mu up to 2^-22: (1 + 2^-16) > (1 + 2^-22)(1
 *    + 2^-16.5)). If MIN(min_x, max_x) > hi: min_x is NaN or above x,
 *    MAX(x, min_x) is min_x, and px = MIN(min_x, max_x) > x + e'. A NaN
 *    max_x makes px NaN: such a box never hits and is left out.
 *  - an element circle (ox, oy, ro): e_o = (|ro| * (1 + 2^-15)) + 2^-40, s_o
 *    = (|ox| + e_o) * 2^-20, lo = (ox - e_o) - s_o, hi = (ox + e_o) + s_o:
 *    as above, lo <= ox - e_o', hi >= ox + e_o', e_o' = |ro| (1 + 2^-16) +
 *    2^-41. Disjoint intervals give |x - ox| > e' + e_o' >= (|r| + |ro| + mu)
 *    (1 + 2^-16) + 2^-40 > E. Unbounded when max(|ro|, |ox|, |oy|) >= 2^62;
 *    a NaN never hits (left out).
 *  - an oriented box (cx, cy, hx, hy, c, s), all finite, with |hx|, |hy|,
 *    |cx|, |cy| < 2^100 and rho^2 = c^2 + s^2 within 2^-16 of 1 (else it is
 *    unbounded; a NaN never hits: it makes the frame offset or the box's
 *    side NaN, and the compare false). The body turns the centre into the
 *    box's frame, (lx, ly) = M (ex, ey) + eta with M = [[c, s], [-s, c]]
 *    = rho times a rotation, (ex, ey) the rounded offset from (cx, cy) and
 *    |eta| <= 6 u rho |(ex, ey)| (four roundings, u = 2^-24, doubled for
 *    directed rounding), then tests the box [-|hx|, |hx|] x [-|hy|, |hy|]
 *    (a negative side acts as the point hx). A hit puts (lx, ly) within
 *    |R| (1 + 6u) (plus flushing's 2^-125) of a point q of that box, so
 *    (ex, ey) = M^-1 (q + v - eta) with |v| <= |R| (1 + 6u), and since
 *    |M^-1 w| = |w| / rho and the x row of M^-1 q is (c qx - s qy) / rho^2:
 *        |ex| <= (|c| |hx| + |s| |hy|) / rho^2 + (|R| (1 + 6u) + |eta|) / rho
 *    with |eta| / rho <= 6.1 u (|hx| + |hy| + |R|). With 1 / rho^2 <= 1 +
 *    2^-15.9 and the rounding of ex = x - cx (ex >= (x - cx)(1 - 2u)):
 *        |x - cx| <= A (1 + 2^-15.8) + 6.5 u (|hx| + |hy|) + |R| (1 + 2^-16.8)
 *    A = |c| |hx| + |s| |hy|. The element's reach is e_x = ((A * (1 +
 *    2^-14)) + ((|hx| + |hy|) * 2^-19)) + 2^-40 in binary32 (its roundings
 *    far inside those slacks), its interval (cx - e_x) - s_x, (cx + e_x) +
 *    s_x with s_x = (|cx| + e_x) * 2^-20 (as the circles'); y alike with A_y
 *    = |s| |hx| + |c| |hy|. Disjoint intervals give |x - cx| > e' + e_x,
 *    which exceeds the bound: no hit.
 * Infinite box coordinates need no case: they fall in a border cell, and
 * the argument holds with D infinite.
 *
 * A sweep (cbatch.h, SWEPT CIRCLES; the many-against-many sweeps, against
 * boxes and circles) reads the cells of its swept bounds: on x the centre's
 * path [MIN(x, x1), MAX(x, x1)] with x1 = x + dx rounded, widened by e' =
 * e + (|x| + |y| + |dx| + |dy| + e) 2^-16 (e as a circle's, from |r|) and
 * the slack s of each end (spans_SWEEP); unbounded when max(|r|, |x| + |y|
 * + |dx| + |dy|, |x1|, |y1|) >= 2^62 (x1 is a NaN only when that sum is
 * infinite), and a NaN in the sweep is a miss (skipped). Why it holds
 * whenever the batch sweep query reports a hit (t <= 1):
 *  - t = 0 from step 1 (the start overlaps): the start circle's own
 *    interval lies inside, since e' exceeds e by at least 2^-16 |x|, more
 *    than the circle's slack 2^-20 (|x| + e) over the path end's, and the
 *    circle claim above applies.
 *  - a box hit past step 1 passed step 3 on both axes: on x (dx != 0),
 *    e <= f with e >= 0 and f <= 1 needs ex <= 1 and fx >= 0, so the path's
 *    x range reaches [u0 - R, x1 + R] within the roundings of lx - x, its
 *    product by 1 / dx and of the grown box (a few units of 2^-24 of |x|,
 *    |dx|, R and the box's |u0|, |x1|): covered by 2^-16 of the sweep's sum
 *    and the box's end being its own float; with dx == 0 the start lies in
 *    [lx, hx] exactly. A box with a NaN in max_x or max_y is a miss, as the
 *    grid leaves it out.
 *  - a circle hit past step 1 has its centre at t within the stated band
 *    2^-20 S of R = |r + ro| from the element's centre (SWEPT CIRCLES; S
 *    sums the magnitudes, and a hit bounds the element's |ox| + |oy| by the
 *    sweep's sum plus R), which e' covers 2^4 times over on both axes, the
 *    element's own reach covering |ro|. This case rests on the stated band,
 *    which the sweep tests measure (below 2^-23 S), not on a proof here.
 * The pairs tests compare every sweep set's first hits with the batch
 * query's over all the elements, on adversarial and scaled data, culled
 * and not.
 *
 * The integer shapes (cbatch.h, INTEGER COORDINATES) are answered exactly,
 * so the claim is simpler: an integer pair hits only if, on each axis, the
 * exact extents meet: the circle's [x - r, x + r] (r >= 0; a negative
 * radius never hits and is left out) and the element's: a box's [MIN(min_x,
 * max_x), max_x] (its clamp's range, as for float boxes), a circle's [ox -
 * ro, ox + ro] (the hit needs |x - ox| <= r + ro). Their float intervals
 * hold those extents in every float mode: an integer converts to binary32
 * within a relative 2^-23 in any rounding mode (exactly below 2^24; never
 * subnormal, so never flushed), and the intervals are the float ones above
 * on the converted values (spans_ICIRCLE, el_spans_ICIRCLE; a box end v:
 * (v - 0) - s and (v + 0) + s with s = |v| 2^-20), where s covers the
 * conversion as a fourth rounding of at most 2^-23 (|x| + e): lo <= x - r,
 * hi >= x + r exactly. (|x|, r < 2^31: never unbounded.) The cells and the
 * cull then follow as above.
 *
 * THE CELLS. grid.h's cell formula is non-decreasing in v in every mode,
 * and an element's cells and a circle's go through it with the same origin
 * and scale, so intervals that meet give cell ranges that meet; grid.h
 * shows that the runs a circle reads then hold every element whose cell
 * ranges meet its own, once. A grid may be built in one float mode and
 * queried in another (a prepared grid is built by a public function, in
 * the default mode): then the circle's slack s carries g = |x0|, the
 * magnitude of the grid's origin, and the scale is a power of two (exact).
 * If a pair can hit, the circle's hi exceeds the element's lo by at least
 * 2^-21 (|x| + e + g); the two differences from x0, rounded in any two
 * modes, keep that order (each moves by at most 2^-23 of |v - x0| <= |x| +
 * e + s + g, or 2^-126 when flushed, which 2^-40 of e covers), and the
 * exact scaling and the clamp keep it: the circle's high cell is at least
 * the element's low one. Likewise the other ends and the rows.
 *
 * THE CULL of one call (kernel_pairs.h's plan_grid; grid_tmpl.h's
 * grid_cull_<shape> and the clip of grid_build_<shape>, with the occupancy
 * below): the union of the circles' intervals is taken first; an element
 * whose intervals miss it is left out of the call's grid (the clip). With
 * far more elements than circles, a grid of bits over that union marks the
 * cells some circle covers (the cell formula again, with the cull's own
 * origin and scale, in the same call), and an element whose cells meet no
 * marked cell is left out too. Either way its intervals are disjoint from
 * every circle's, so it hits none.
 *
 * THE BOUNDS of a grid: the least lower end and the greatest upper end of
 * the intervals of the elements it files, on each axis (computed with the
 * operations above, in the build's mode). A circle whose interval misses
 * them misses every filed element's: if a pair can hit, the circle's upper
 * end exceeds the element's lower end (by the slack above, in any two
 * modes), which is at least the bounds' lower end; ordered compares, so a
 * NaN interval meets nothing (and such a circle hits nothing), and reading
 * a subnormal as zero (DAZ) only turns a strict order into equality, which
 * still meets.
 */

/* ------------------------------------------------------------- sizes */

#define ALIGN64(x) (((x) + 63u) & ~(uint64_t)63u)

/* Cells of all levels together: at most `per` per element (the levels are
 * made coarser until they fit), so a cell number fits in 31 bits. */
static uint64_t cells_budget(uint64_t m, unsigned per)
{
    uint64_t b = per * m + 128;
    return b < 0x7FFFFF00u ? b : 0x7FFFFF00u;
}
static uint64_t entries_room(uint64_t m) { return 2 * m + CB_GRID_PAD; }

typedef struct {
    uint64_t start, idx, key, f, byj, tmp, total;
} layout;

/* A prepared grid also holds the elements by index (off_byj); one call's
 * reads the caller's. */
static layout layout_of(uint64_t m, int prepared)
{
    layout l;
    uint64_t e = entries_room(m);
    l.start = ALIGN64(sizeof(cb_grid));
    l.idx = l.start + ALIGN64(4 * (cells_budget(m, CB_GRID_CELLS_MAX) + 1));
    l.key = l.idx + ALIGN64(4 * e);
    l.f = l.key + ALIGN64(4 * e);
    l.byj = l.f + CB_GRID_FIELDS * ALIGN64(4 * e);
    l.tmp = l.byj + (prepared ? CB_GRID_FIELDS * ALIGN64(4 * (m + CB_GRID_PAD)) : 0);
    l.total = l.tmp + ALIGN64(4 * m);
    return l;
}

size_t cb_grid_bytes(size_t m)
{
    if ((uint64_t)m > CB_PAIRS_MAX_N)
        return SIZE_MAX;
    uint64_t t = layout_of(m, 1).total;
    return t < SIZE_MAX ? (size_t)t : SIZE_MAX;
}

uint32_t *cb_grid_tmp(cb_grid *g) { return CB_GRID_AT(g, g->off_tmp, uint32_t); }

/* One call's scratch: its head, its grid, the cull's list of kept elements
 * and its bits; 64 bytes more so any address can be aligned. */
#define PLAN_HEAD 256u
#define CULL_BYTES ((uint64_t)CB_CULL_MAX_CELLS / 8)

size_t cb_plan_bytes(size_t n_circles, size_t m)
{
    if ((uint64_t)m > CB_PAIRS_MAX_N || (uint64_t)n_circles > CB_PAIRS_MAX_N)
        return SIZE_MAX;
    uint64_t t = 64 + PLAN_HEAD + layout_of(m, 0).total + ALIGN64(4 * (uint64_t)m) +
                 CULL_BYTES;
    return t < SIZE_MAX ? (size_t)t : SIZE_MAX;
}

/* ------------------------------------------------------------ survey */

#define EXP_MIN (-100)
#define EXP_MAX 100
#define SIZE_SHARE_NUM 19u /* 95%: the finest level's cells fit 19 in 20 elements */
#define SIZE_SHARE_DEN 20u

static int finite_(double v) { return v - v == 0; }

/* floor(log2(v)) of a positive finite double, from its bits (no libm). */
static int ilog2(double v)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    int e = (int)((u >> 52) & 0x7FF);
    return e ? e - 1023 : -1074;
}

static float pow2f(int e) /* -126 <= e <= 127 */
{
    uint32_t u = (uint32_t)(e + 127) << 23;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

void cb_survey_init(cb_survey *s)
{
    memset(s, 0, sizeof *s);
    s->x0 = s->y0 = INFINITY, s->x1 = s->y1 = -INFINITY;
}

size_t cb_survey_size(size_t count) { return count < CB_SURVEY ? count : CB_SURVEY; }

/* Sample k of CB_SURVEY: a Weyl sequence (k times the golden ratio, mod 1)
 * scaled to the count, so no stride of the elements' order (every 64th a
 * wall, say) aliases with the sample. */
size_t cb_survey_at(size_t k, size_t count)
{
    if (count <= CB_SURVEY)
        return k;
    uint32_t u = (uint32_t)k * 0x9E3779B9u;
    return (size_t)(((uint64_t)u * count) >> 32);
}

void cb_survey_add(cb_survey *s, const float *lx, const float *hx, const float *ly,
                   const float *hy, uint32_t ok, size_t k)
{
    for (size_t u = 0; u < k; u++) {
        if (!(ok >> u & 1))
            continue;
        if (finite_(lx[u])) s->x0 = lx[u] < s->x0 ? lx[u] : s->x0;
        if (finite_(hx[u])) s->x1 = hx[u] > s->x1 ? hx[u] : s->x1;
        if (finite_(ly[u])) s->y0 = ly[u] < s->y0 ? ly[u] : s->y0;
        if (finite_(hy[u])) s->y1 = hy[u] > s->y1 ? hy[u] : s->y1;
        double ext = (double)hx[u] - lx[u], ey = (double)hy[u] - ly[u];
        ext = ey > ext ? ey : ext;
        if (!finite_(ext))
            continue;
        if (s->centres < CB_SURVEY) {
            s->cx[s->centres] = (float)(0.5 * ((double)lx[u] + hx[u]));
            s->cy[s->centres] = (float)(0.5 * ((double)ly[u] + hy[u]));
            s->centres++;
        }
        int b = ext > 0 ? ilog2(ext) + 1 : EXP_MIN; /* ext <= 2^b */
        b = b < EXP_MIN ? EXP_MIN : b > EXP_MAX ? EXP_MAX : b;
        s->hist[b - EXP_MIN]++;
        s->bounded++;
    }
}

/* The levels for a finest side of 2^e0 over the survey's span; their
 * cells, or 0 when more than the budget. */
static uint64_t make_levels(cb_grid *g, int e0, const cb_survey *s, uint64_t budget)
{
    double w = s->x1 > s->x0 ? s->x1 - s->x0 : 0, h = s->y1 > s->y0 ? s->y1 - s->y0 : 0;
    uint64_t cells = 0;
    unsigned k = 0;
    for (;; k++) {
        int e = e0 + 2 * (int)k;
        cb_grid_level *l = &g->level[k];
        double cw = e <= 126 ? w * (double)pow2f(-e) : 0, ch = e <= 126 ? h * (double)pow2f(-e) : 0;
        int last = k + 1 == CB_GRID_LEVELS || (cw < 1 && ch < 1);
        l->cols = last ? 1 : (uint32_t)(cw < 4e9 ? cw : 4e9) + 1;
        l->rows = last ? 1 : (uint32_t)(ch < 4e9 ? ch : 4e9) + 1;
        l->sx = pow2f(-(e <= 126 ? e : 126));
        l->top_x = (float)(l->cols - 1), l->top_y = (float)(l->rows - 1);
        l->cell0 = (uint32_t)cells;
        l->slots = 0;
        cells += (uint64_t)l->cols * l->rows;
        if (cells > budget)
            return 0;
        if (last)
            break;
    }
    g->levels = k + 1;
    return cells;
}

/* How crowded cells of side 2^e would be: the elements expected in a
 * cell with an element, itself and the others. The sample's centres are
 * counted in a small hash of their cells; the share of the sample's
 * pairs (of two distinct centres) that share a cell, sum n (n - 1) over
 * S (S - 1), is the chance that another element shares an element's
 * cell. (The sum of n^2 over S^2 also counts each centre with itself: it
 * added count / S, 64 for 16Ki elements, and so called every large
 * uniform scene crowded.) */
#define CROWD_SLOTS 1024u
/* a centre's cell on one axis, clamped into [0, 4e9]: an infinite or NaN
 * centre (malformed elements are surveyed too) counts in an end cell */
static uint64_t crowd_cell(double v)
{
    return v > 0 ? (uint64_t)(v < 4e9 ? v : 4e9) : 0;
}

static double crowding(const cb_survey *s, int e, size_t count)
{
    if (s->centres < 2)
        return 0;
    uint64_t key[CROWD_SLOTS];
    uint32_t n[CROWD_SLOTS];
    memset(n, 0, sizeof n);
    double side = (double)pow2f(e <= 126 ? e : 126), sum = 0;
    for (size_t k = 0; k < s->centres; k++) {
        const uint64_t id = crowd_cell(((double)s->cx[k] - s->x0) / side) << 32 |
                            crowd_cell(((double)s->cy[k] - s->y0) / side);
        uint32_t h = (uint32_t)((id * 0x9E3779B97F4A7C15ull) >> 54);
        while (n[h] && key[h] != id)
            h = (h + 1) & (CROWD_SLOTS - 1);
        key[h] = id, n[h]++;
    }
    for (size_t h = 0; h < CROWD_SLOTS; h++)
        sum += (double)n[h] * (n[h] - 1.0);
    return 1.0 + sum / ((double)s->centres * (s->centres - 1.0)) * (double)(count - 1);
}

/*
 * The finest side: a power of two that holds most elements (SIZE_SHARE),
 * and no finer than CB_GRID_CELLS_PLAIN cells an element allow over the
 * span (a prepared grid, read many times: CB_GRID_CELLS_MAX); then, while its cells would be crowded (more than CB_GRID_CROWD
 * elements in an element's cell: clusters, or everything in one part of
 * a wide span), halved as long as the budget allows, up to
 * CB_GRID_CELLS_MAX cells an element. A uniform scene keeps the plain
 * grid's few cells, a clustered one gets the finer ones its clusters need.
 */
static uint64_t choose_levels(cb_grid *g, const cb_survey *s, size_t count, int prepared)
{
    double w = s->x1 > s->x0 ? s->x1 - s->x0 : 0, h = s->y1 > s->y0 ? s->y1 - s->y0 : 0;
    int e0 = EXP_MIN;
    size_t want = (s->bounded * SIZE_SHARE_NUM + SIZE_SHARE_DEN - 1) / SIZE_SHARE_DEN, seen = 0;
    for (int b = 0; b <= EXP_MAX - EXP_MIN && want; b++) {
        seen += s->hist[b];
        if (seen >= want) {
            e0 = b + EXP_MIN;
            break;
        }
    }
    const int e_size = e0 < EXP_MIN ? EXP_MIN : e0 > EXP_MAX ? EXP_MAX : e0;
    const uint64_t plain = cells_budget(count, prepared ? CB_GRID_CELLS_MAX : CB_GRID_CELLS_PLAIN);
    const uint64_t most = cells_budget(count, CB_GRID_CELLS_MAX);
    double per = w * h / (double)plain; /* side^2 >= per: e0 >= log2(per) / 2 */
    if (per > 0 && finite_(per)) {
        int ed = (ilog2(per) + 1) / 2;
        e0 = ed > e0 ? ed : e0;
    }
    e0 = e0 < EXP_MIN ? EXP_MIN : e0 > EXP_MAX ? EXP_MAX : e0;
    while (!make_levels(g, e0, s, plain))
        e0++;
    while (e0 > e_size && crowding(s, e0, count) > CB_GRID_CROWD && make_levels(g, e0 - 1, s, most))
        e0--;
    return make_levels(g, e0, s, most); /* again: a finer try that failed left its levels */
}

/* -------------------------------------------------------------- build */

uint64_t cb_grid_begin(cb_grid *g, cb_shape shape, size_t m, size_t count, const cb_survey *s,
                       int prepared)
{
    layout l = layout_of(m, prepared);
    memset(g, 0, sizeof *g);
    g->shape = (uint32_t)shape, g->m = m, g->bytes = l.total;
    g->off_start = l.start, g->off_idx = l.idx, g->off_key = l.key, g->off_f[0] = l.f;
    g->off_tmp = l.tmp;
    for (unsigned k = 1; k < CB_GRID_FIELDS; k++)
        g->off_f[k] = g->off_f[k - 1] + ALIGN64(4 * entries_room(m));
    for (unsigned k = 0; prepared && k < CB_GRID_FIELDS; k++)
        g->off_byj[k] = l.byj + k * ALIGN64(4 * ((uint64_t)m + CB_GRID_PAD));
    g->bx0 = g->by0 = INFINITY, g->bx1 = g->by1 = -INFINITY;
    uint64_t cells = choose_levels(g, s, count, prepared);
    float x0 = finite_(s->x0) ? (float)s->x0 : 0.0f, y0 = finite_(s->y0) ? (float)s->y0 : 0.0f;
    x0 = x0 > -0x1p-100f && x0 < 0x1p-100f ? 0.0f : x0; /* no subnormal origin */
    y0 = y0 > -0x1p-100f && y0 < 0x1p-100f ? 0.0f : y0;
    g->x0 = x0, g->y0 = y0;
    g->gx = x0 < 0 ? -x0 : x0, g->gy = y0 < 0 ? -y0 : y0;
    memset(CB_GRID_AT(g, g->off_start, uint32_t), 0, (cells + 1) * sizeof(uint32_t));
    return cells;
}

uint32_t cb_grid_place(const cb_grid *g, float lx, float hx, float ly, float hy)
{
    for (unsigned k = 0;; k++) { /* the last level is one cell: every element fits there */
        const cb_grid_level *v = &g->level[k];
        uint32_t c0 = cb_cell(lx, g->x0, v->sx, v->top_x), c1 = cb_cell(hx, g->x0, v->sx, v->top_x);
        uint32_t r0 = cb_cell(ly, g->y0, v->sx, v->top_y), r1 = cb_cell(hy, g->y0, v->sx, v->top_y);
        if (c1 - c0 <= 1 && r1 - r0 <= 1)
            return (v->cell0 + r0 * v->cols + c0) | (r1 != r0 ? CB_GRID_TWO_ROWS : 0u);
    }
}

void cb_grid_prefix(cb_grid *g, uint64_t cells)
{
    uint32_t *start = CB_GRID_AT(g, g->off_start, uint32_t);
    /* start[c + 1] counted cell c: summed, start[c + 1] is where cell c ends;
     * shifted by one, where it starts, and filling advances it to the end */
    for (uint64_t c = 1; c <= cells; c++)
        start[c] += start[c - 1];
    g->count = start[cells];
    memmove(start + 1, start, cells * sizeof *start);
    start[0] = 0;
}

void cb_grid_finish(cb_grid *g, uint64_t cells)
{
    const uint32_t *start = CB_GRID_AT(g, g->off_start, const uint32_t);
    for (unsigned k = 0; k < CB_GRID_FIELDS; k++)
        memset(CB_GRID_AT(g, g->off_f[k], float) + g->count, 0, CB_GRID_PAD * sizeof(float));
    memset(CB_GRID_AT(g, g->off_idx, uint32_t) + g->count, 0, CB_GRID_PAD * sizeof(uint32_t));
    memset(CB_GRID_AT(g, g->off_key, float) + g->count, 0, CB_GRID_PAD * sizeof(float));
    for (unsigned k = 0; k < g->levels; k++) {
        uint32_t c0 = g->level[k].cell0;
        uint32_t c1 = k + 1 < g->levels ? g->level[k + 1].cell0 : (uint32_t)cells;
        g->level[k].slots = start[c1] - start[c0];
    }
    g->magic = CB_GRID_MAGIC;
}

/* --------------------------------------------------------------- cull */

void cb_cull_begin(cb_cull *c, uint64_t *bits, float x0, float x1, float y0, float y1, size_t n)
{
    double w = (double)x1 - x0, h = (double)y1 - y0;
    uint64_t cells = CB_CULL_MAX_CELLS; /* 32 KiB of bits: in the L1 cache */
    (void)n;
    /* about square cells; columns a multiple of 64 (whole words) */
    uint64_t words = 1;
    if (w > 0 && h > 0) {
        double cols = 1;
        while (cols * cols * h < (double)cells * w) /* cols = sqrt(cells w / h), no libm */
            cols *= 1.0625;
        words = (uint64_t)(cols / 64 + 0.5);
    } else if (w > 0) {
        words = cells / 64;
    }
    words = words < 1 ? 1 : words > cells / 64 ? cells / 64 : words;
    uint64_t rows = cells / (64 * words);
    rows = rows ? rows : 1;
    c->x0 = x0, c->y0 = y0, c->x1 = x1, c->y1 = y1;
    c->sx = w > 0 ? (float)((double)(64 * words) / w) : 1.0f;
    c->sy = h > 0 ? (float)((double)rows / h) : 1.0f;
    c->top_x = (float)(64 * words - 1), c->top_y = (float)(rows - 1);
    c->words = (uint32_t)words, c->rows = (uint32_t)rows;
    c->bits = bits;
    memset(bits, 0, (size_t)(words * rows) * sizeof *bits);
}

void cb_cull_mark(cb_cull *c, uint32_t c0, uint32_t c1, uint32_t r0, uint32_t r1)
{
    for (uint32_t r = r0; r <= r1; r++)
        for (uint32_t w = c0 / 64; w <= c1 / 64; w++)
            c->bits[(size_t)r * c->words + w] |= cb_cull_mask(w, c0, c1);
}

int cb_cull_meets_slow(const cb_cull *c, uint32_t c0, uint32_t c1, uint32_t r0, uint32_t r1)
{
    for (uint32_t r = r0; r <= r1; r++)
        for (uint32_t w = c0 / 64; w <= c1 / 64; w++)
            if (c->bits[(size_t)r * c->words + w] & cb_cull_mask(w, c0, c1))
                return 1;
    return 0;
}

/* --------------------------------------------------------------- plan */

#define PLAN_MAGIC 0x316e616c70626375ull /* "ucbplan1" */

typedef struct {
    uint64_t magic, stamp;
    cb_plan_key key;
} plan_head;

static _Atomic uint64_t stamps;

static unsigned char *plan_base(void *scratch)
{
    return (unsigned char *)(((uintptr_t)scratch + 63u) & ~(uintptr_t)63u);
}

/* The elements' arrays, in the shape's field order (shapes.h). */
#define CB_KEY_FIELD(V, F) *f++ = s_->F;
#define CB_KEY_ARRAYS(S, name, aos)                                                                \
    if (shape == CB_SHAPE_##S) {                                                                   \
        const cb_##name##_soa *s_ = (const cb_##name##_soa *)els;                                  \
        CB_FIELDS_##S(CB_KEY_FIELD)                                                                \
    }

static const void **key_arrays(const void **f, cb_shape shape, const void *els)
{
    CB_SHAPES(CB_KEY_ARRAYS)
    CB_INT_SHAPES(CB_KEY_ARRAYS)
    return f;
}

void cb_plan_key_of(cb_plan_key *key, cb_shape one, const void *set, size_t n, cb_shape shape,
                    const void *els, size_t m, size_t first, size_t end, float margin, int self)
{
    memset(key, 0, sizeof *key);
    key_arrays(key_arrays(key->arrays, one, set), shape, els); /* the set's arrays first */
    key->n = n, key->m = m, key->first = first, key->end = end;
    key->shape = (uint32_t)shape, key->self = (uint32_t)self;
    memcpy(&key->margin_bits, &margin, sizeof margin);
}

/* A plan built for key a serves a call with key b: the same inputs, and a
 * range of circles that holds b's (b may start later: a resumed call). */
static int serves(const cb_plan_key *a, const cb_plan_key *b)
{
    for (unsigned k = 0; k < CB_PLAN_ARRAYS; k++)
        if (a->arrays[k] != b->arrays[k])
            return 0;
    return a->n == b->n && a->m == b->m && a->end == b->end && a->first <= b->first &&
           a->shape == b->shape && a->margin_bits == b->margin_bits && a->self == b->self;
}

const cb_grid *cb_plan_find(void *scratch, const cb_plan_key *key, uint64_t cursor_plan)
{
    unsigned char *base = plan_base(scratch);
    const plan_head *h = (const plan_head *)(void *)base;
    const cb_grid *g = (const cb_grid *)(void *)(base + PLAN_HEAD);
    if (cursor_plan && h->magic == PLAN_MAGIC && h->stamp == cursor_plan && serves(&h->key, key) &&
        g->magic == CB_GRID_MAGIC)
        return g;
    return NULL;
}

cb_plan_mem cb_plan_memory(void *scratch, size_t m)
{
    unsigned char *base = plan_base(scratch);
    ((plan_head *)(void *)base)->magic = 0;
    cb_plan_mem p;
    p.grid = base + PLAN_HEAD;
    p.keep = (uint32_t *)(void *)(base + PLAN_HEAD + layout_of(m, 0).total);
    p.cull = (uint64_t *)(void *)((unsigned char *)p.keep + ALIGN64(4 * (uint64_t)m));
    return p;
}

uint64_t cb_plan_commit(void *scratch, const cb_plan_key *key)
{
    plan_head *h = (plan_head *)(void *)plan_base(scratch);
    uint64_t s = atomic_fetch_add_explicit(&stamps, 1, memory_order_relaxed) + 1;
    h->key = *key, h->stamp = s, h->magic = PLAN_MAGIC;
    return s;
}
