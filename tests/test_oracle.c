/* test_oracle.c - the one-pair functions (the library's cb_batch_overlap_aos on one box and testkit's ref_overlap, ref_overlap_circles, ref_*_obox) against independent oracles: baseline B's nine zones, exact double arithmetic, the contract evaluated in double, the geometry of rotated boxes in double; the converters against their documented arithmetic. */
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/hooks.h>

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/*
 * Why these oracles prove something
 *
 * The cross-backend suite shows every backend's kernels equal the scalar ones
 * and testkit's reference (ref_overlap, the contract one pair at a time);
 * this file shows that the pair itself is right, for both the library's
 * cb_batch_overlap_aos (n = 1) and ref_overlap: the reference every other suite, the fuzzer and
 * the digest rely on is proven here, not trusted. Each oracle is computed
 * differently from both:
 *  - baseline B's nine zones (docs/baselines.md; no clamping at all: zone
 *    classification, then a side distance against r + half-extent or a
 *    corner inside the circle), in double;
 *  - the exact answer, in double, on inputs where double is exact (dyadic
 *    grids), used where the header says the float answer is exact;
 *  - the contract's expression evaluated in double, rounded to float after
 *    each operation, with MIN/MAX written as case analyses, for inputs with
 *    no geometric meaning (NaN, infinities, inverted boxes, ...), where that
 *    expression is the only specification;
 *  - the header's "notable cases", each as a rule of its own (when d2 is NaN
 *    is derived by hand from the MIN/MAX rules, not computed).
 * On the grids used, "double is exact" is asserted, not assumed.
 */

#define SEED_FMT "seed 0x%016" PRIx64 " (replay with CB_SEED)"

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

/* ------------------------------------------------------------- oracles */

/* Baseline B, nine zones, with the box as centre + half-extents (its format).
 * strict: touching does not count, i.e. the open disc must meet the box; a
 * centre inside the box then needs r > 0 (an open disc of radius 0 is empty). */
static int nine_zone(double cx, double cy, double r, double bx, double by, double hx, double hy,
                     int strict)
{
    int xz = cx < bx - hx ? 0 : cx > bx + hx ? 2 : 1;
    int yz = cy < by - hy ? 0 : cy > by + hy ? 2 : 1;
    switch (xz + 3 * yz) {
    case 4: /* centre inside */
        return strict ? r > 0 : 1;
    case 1: case 7: { /* below / above: vertical distance against r + half-height */
        double d = fabs(cy - by), lim = r + hy;
        return strict ? d < lim : d <= lim;
    }
    case 3: case 5: { /* left / right */
        double d = fabs(cx - bx), lim = r + hx;
        return strict ? d < lim : d <= lim;
    }
    default: { /* a corner zone: is that corner inside the circle? */
        double kx = xz == 0 ? bx - hx : bx + hx, ky = yz == 0 ? by - hy : by + hy;
        double d2 = (cx - kx) * (cx - kx) + (cy - ky) * (cy - ky);
        return strict ? d2 < r * r : d2 <= r * r;
    }
    }
}

/* The exact squared distance from the centre to the closed box and the exact
 * r*r, in double: exact whenever the inputs' squares and sums fit 53 bits. */
typedef struct {
    double dx, dy, D, R;
} exact_terms;

static exact_terms exact(cb_circle c, cb_box b)
{
    double cx = c.x, cy = c.y;
    double px = cx < b.min_x ? b.min_x : cx > b.max_x ? b.max_x : cx;
    double py = cy < b.min_y ? b.min_y : cy > b.max_y ? b.max_y : cy;
    exact_terms t;
    t.dx = cx - px, t.dy = cy - py;
    t.D = t.dx * t.dx + t.dy * t.dy;
    t.R = (double)c.r * (double)c.r;
    return t;
}

/* The implementations under test: every oracle checks both. */
typedef int (*pair_fn)(cb_circle c, cb_box b, unsigned flags);
static const struct {
    const char *name;
    pair_fn hit;
} impls[] = {{"cb_batch_overlap_aos", tb_overlap_one}, {"ref_overlap", ref_overlap}};
#define N_IMPLS (sizeof impls / sizeof impls[0])

/* The contract's expression in double, rounded to float after each operation.
 * A float operation's result is the exact result rounded once; in double the
 * product of two floats is exact and a sum or difference of two floats is
 * rounded to 53 bits first, which can never change the final rounding to 24
 * bits (53 >= 2 * 24 + 2), so each (float) below is the float operation's
 * result, denormals and NaN included (a double beyond the float range
 * converts to inf, as IEC 60559 and C11 Annex F say). MAX(a, b) returns b unless
 * a > b, i.e. whenever either is NaN or a <= b; MIN likewise with a >= b. */
static float contract_max(float a, float b) { return isnan(a) || isnan(b) || a <= b ? b : a; }
static float contract_min(float a, float b) { return isnan(a) || isnan(b) || a >= b ? b : a; }
static int contract_in_double(cb_circle c, cb_box b, unsigned flags)
{
    float px = contract_min(contract_max(c.x, b.min_x), b.max_x);
    float py = contract_min(contract_max(c.y, b.min_y), b.max_y);
    float dx = (float)((double)c.x - (double)px);
    float dy = (float)((double)c.y - (double)py);
    float d2 = (float)((double)(float)((double)dx * dx) + (double)(float)((double)dy * dy));
    float r2 = (float)((double)c.r * c.r);
    return (flags & CB_STRICT) ? d2 < r2 : d2 <= r2;
}

/* Whether the contract's d2 is NaN, for a centre with no NaN coordinate,
 * derived from the MIN/MAX rules instead of computed: px = MIN(MAX(cx, x0),
 * x1) is NaN exactly when x1 is; it equals cx = +inf exactly when x1 = +inf,
 * and cx = -inf exactly when x0 or x1 is -inf; dx = cx - px is then NaN
 * exactly for a NaN px or inf - inf; and a sum of two squares that are not
 * NaN is not NaN. */
static int axis_nan(float cx, float lo, float hi)
{
    return isnan(hi) || (cx == INFINITY && hi == INFINITY) ||
           (cx == -INFINITY && (lo == -INFINITY || hi == -INFINITY));
}
static int d2_is_nan(cb_circle c, cb_box b)
{
    return axis_nan(c.x, b.min_x, b.max_x) || axis_nan(c.y, b.min_y, b.max_y);
}

static int is_exact_float(double v) { return (double)(float)v == v; }

/* A multiple of 2^-e in [-2^m, 2^m]. */
static float grid(tk_rng *r, int m, int e)
{
    int64_t span = (int64_t)1 << (m + e);
    int64_t k = (int64_t)(tk_next(r) % (uint64_t)(2 * span + 1)) - span;
    return (float)ldexp((double)k, -e);
}

/* Pythagorean triples: exact touching at a corner with integer legs. */
static const int triples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}, {20, 21, 29},
                                 {9, 40, 41}, {12, 35, 37}, {0, 7, 7}};
#define N_TRIPLES (sizeof triples / sizeof triples[0])

/* ----------------------------------------------- (a) baseline B, 9 zones */

/* On a quarter grid within +-64 every float operation of the contract is
 * exact (|dx| < 2^8 with 2 fraction bits: squares have at most 20 bits), so
 * the contract and baseline B must agree on every input, touching included, in
 * both modes. A third of the cases are placed exactly touching a side or a
 * corner (Pythagorean triples), a third one grid step off. */
Test(oracle, nine_zones_exact_grid, .timeout = 600)
{
    tk_rng r = tb_rng_for(0x5000000u);
    enum { CASES = 200000 };
    size_t touching = 0, hits = 0, zone_inside = 0;
    for (size_t i = 0; i < CASES; i++) {
        cb_box_center bcn = {grid(&r, 5, 2), grid(&r, 5, 2), fabsf(grid(&r, 4, 2)),
                             fabsf(grid(&r, 4, 2))};
        cb_box b = cb_box_from_center(bcn);
        cr_assert(b.min_x == (double)bcn.cx - bcn.hx && b.max_y == (double)bcn.cy + bcn.hy,
                  "cb_box_from_center is not exact on the grid");
        cb_circle c = {grid(&r, 6, 2), grid(&r, 6, 2), fabsf(grid(&r, 5, 2))};
        unsigned mode = (unsigned)(tk_next(&r) % 3);
        if (mode) { /* place it touching, then maybe one step in or out */
            float step = mode == 2 ? (tk_next(&r) & 1 ? 0.25f : -0.25f) : 0.f;
            uint64_t q = tk_next(&r);
            int sx = q & 1 ? 1 : -1, sy = q & 2 ? 1 : -1;
            if (q & 4) { /* corner (sx, sy) of the box, at a triple's legs */
                const int *t = triples[(q >> 3) % N_TRIPLES];
                float s = (float)(1 + (q >> 8) % 4) * 0.25f;
                float kx = sx > 0 ? b.max_x : b.min_x, ky = sy > 0 ? b.max_y : b.min_y;
                int swap = (q >> 12) & 1;
                c.x = kx + (float)sx * s * (float)t[swap], c.y = ky + (float)sy * s * (float)t[!swap];
                c.r = s * (float)t[2] + step;
            } else { /* straight side: distance r from the left/right edge */
                c.r = fabsf(grid(&r, 4, 2));
                c.x = sx > 0 ? b.max_x + c.r : b.min_x - c.r;
                c.y = bcn.cy + grid(&r, 4, 2);
                c.r += step;
            }
            if (c.r < 0)
                c.r = 0;
        }
        exact_terms e = exact(c, b);
        /* The domain's promise: every float operation is exact here. */
        cr_assert(is_exact_float(e.dx * e.dx) && is_exact_float(e.dy * e.dy) &&
                      is_exact_float(e.D) && is_exact_float(e.R),
                  "grid case %zu is not float-exact: test bug", i);
        touching += e.D == e.R;
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            int want = nine_zone(c.x, c.y, c.r, bcn.cx, bcn.cy, bcn.hx, bcn.hy, (int)f);
            for (size_t k = 0; k < N_IMPLS; k++) {
                int got = impls[k].hit(c, b, f);
                if (got != want)
                    cr_assert_fail("%s %d, nine zones %d: circle (%g, %g, r %g), box centre "
                                   "(%g, %g) half (%g, %g), flags %u, " SEED_FMT,
                                   impls[k].name, got, want, c.x, c.y, c.r, bcn.cx, bcn.cy,
                                   bcn.hx, bcn.hy, f, tb_seed());
            }
            hits += want;
        }
        zone_inside += c.x >= b.min_x && c.x <= b.max_x && c.y >= b.min_y && c.y <= b.max_y;
    }
    /* Not vacuous: many exact touchings (where the two modes differ), hits,
     * misses, and centres inside boxes. */
    cr_assert(touching > CASES / 10, "only %zu touching cases", touching);
    cr_assert(hits > CASES / 4 && hits < 2 * CASES - CASES / 4, "%zu hits", hits);
    cr_assert(zone_inside > 100, "only %zu centres inside", zone_inside);
    cr_log_info("nine zones: %d cases, %zu exactly touching, %zu centres inside", CASES, touching,
                zone_inside);
}

/* ------------------------------------------ (b) exact double arithmetic */

/*
 * Coordinates and radii are multiples of 2^-8 within +-2^12, so dx and dy
 * (|dx| <= 2^13, 21 significant bits) are exact in float, and D = dx^2 + dy^2
 * and R = r^2 (at most 43 bits) are exact in double. The header says:
 *   - when the squares and their sum are exactly representable in binary32,
 *     the answer is exact, touching included;
 *   - otherwise rounding can only matter when D and R are within a relative
 *     6 * 2^-24 of the larger of them (no underflow/overflow of the squares,
 *     which this grid cannot produce: nonzero squares are >= 2^-16).
 * So: exact float ops => float answer == exact answer; else
 * |D - R| > 6 * 2^-24 * max(D, R) => float answer == exact answer. Cases
 * inside the bound are counted, and any disagreement there is logged as the
 * rounding the header allows.
 *
 * Half of the cases put r within a few grid steps of sqrt(D) (where the
 * rounding is most likely to decide), a quarter are float-exact integer
 * cases, a quarter uniform.
 */
Test(oracle, exact_double_dyadic, .timeout = 600)
{
    tk_rng r = tb_rng_for(0x6000000u);
    enum { CASES = 400000 };
    size_t n_exact_ops = 0, n_outside = 0, n_inside = 0, n_allowed_diff = 0;
    const double bound = 6.0 * 0x1p-24;
    for (size_t i = 0; i < CASES; i++) {
        unsigned kind = (unsigned)(tk_next(&r) % 4);
        int m = kind == 3 ? 5 : 12, e = kind == 3 ? 0 : 8; /* kind 3: small integers */
        float x0 = grid(&r, m - 1, e), y0 = grid(&r, m - 1, e);
        float x1 = x0 + fabsf(grid(&r, m - 1, e)), y1 = y0 + fabsf(grid(&r, m - 1, e));
        cb_box b = {x0, y0, x1, y1};
        cb_circle c = {grid(&r, m, e), grid(&r, m, e), fabsf(grid(&r, m, e))};
        if (kind <= 1) { /* r near the exact distance */
            exact_terms t0 = exact(c, b);
            double rr = floor(sqrt(t0.D) * 256.0 + 0.5) / 256.0;
            rr += (double)((int)(tk_next(&r) % 5) - 2) / 256.0;
            c.r = (float)(rr < 0 ? 0 : rr);
        }
        exact_terms t = exact(c, b);
        cr_assert(is_exact_float(t.dx) && is_exact_float(t.dy), "dx/dy not exact: test bug");
        cr_assert((t.D == 0 || t.D >= 0x1p-16) && t.D < 0x1p60 && t.R < 0x1p60,
                  "squares out of the error bound's range: test bug");
        int ops_exact = is_exact_float(t.dx * t.dx) && is_exact_float(t.dy * t.dy) &&
                        is_exact_float(t.D) && is_exact_float(t.R);
        int decided = fabs(t.D - t.R) > bound * fmax(t.D, t.R);
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            int want = f ? t.D < t.R : t.D <= t.R;
            for (size_t k = 0; k < N_IMPLS; k++) {
                int got = impls[k].hit(c, b, f);
                if (ops_exact || decided) {
                    if (got != want)
                        cr_assert_fail("%s %d, exact %d (%s): circle (%a, %a, r %a) box (%a, %a, "
                                       "%a, %a), D %.17g R %.17g, flags %u, " SEED_FMT,
                                       impls[k].name, got, want,
                                       ops_exact ? "float ops exact" : "outside the bound", c.x,
                                       c.y, c.r, b.min_x, b.min_y, b.max_x, b.max_y, t.D, t.R, f,
                                       tb_seed());
                } else if (got != want) {
                    n_allowed_diff++;
                }
            }
        }
        if (ops_exact)
            n_exact_ops++;
        else if (decided)
            n_outside++;
        else
            n_inside++;
    }
    cr_assert(n_exact_ops > CASES / 10, "only %zu float-exact cases", n_exact_ops);
    cr_assert(n_outside > CASES / 10, "only %zu cases decided by the bound", n_outside);
    cr_log_info("exact double: %zu float-exact, %zu outside the bound, %zu inside (undecided), "
                "%zu answers (of both implementations) differ from exact inside the bound",
                n_exact_ops, n_outside, n_inside, n_allowed_diff);
}

/* Cases built to sit as close to the boundary as the grid allows (D - R a
 * few units of 2^-16 with D near 2^24), so the bound itself is exercised:
 * every disagreement with the exact answer must lie within it. */
Test(oracle, error_bound_near_boundary, .timeout = 600)
{
    tk_rng r = tb_rng_for(0x6100000u);
    enum { CASES = 200000 };
    size_t inside = 0, diffs = 0;
    const double bound = 6.0 * 0x1p-24;
    for (size_t i = 0; i < CASES; i++) {
        /* box = the point (0, 0); centre (dx, dy) on the 2^-8 grid; r chosen
         * on the grid with r^2 as close to dx^2 + dy^2 as possible */
        cb_box b = {0, 0, 0, 0};
        float dx = grid(&r, 12, 8), dy = grid(&r, 12, 8);
        double D = (double)dx * dx + (double)dy * dy;
        double rr = floor(sqrt(D) * 256.0 + 0.5) / 256.0; /* <= 2^12.5: 21 bits, exact */
        cb_circle c = {dx, dy, (float)rr};
        exact_terms t = exact(c, b);
        cr_assert(t.D == D && is_exact_float(rr));
        int decided = fabs(t.D - t.R) > bound * fmax(t.D, t.R);
        inside += !decided;
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            int want = f ? t.D < t.R : t.D <= t.R;
            for (size_t k = 0; k < N_IMPLS; k++) {
                int got = impls[k].hit(c, b, f);
                if (got == want)
                    continue;
                diffs++;
                cr_assert(!decided,
                          "%s %d, exact %d with |D-R| = %.17g > 6*2^-24*max(D,R) = %.17g: circle "
                          "(%a, %a, r %a), flags %u, " SEED_FMT,
                          impls[k].name, got, want, fabs(t.D - t.R), bound * fmax(t.D, t.R), c.x,
                          c.y, c.r, f, tb_seed());
            }
        }
    }
    cr_assert(inside > 100, "only %zu cases within the bound: the test misses its target", inside);
    cr_log_info("near boundary: %zu of %d within the bound, %zu float answers (of both "
                "implementations) differ from exact",
                inside, CASES, diffs);
}

/* The general case: the differences dx, dy round too. Floats of magnitude
 * 1 .. 2^12 (or 0) are multiples of 2^-23, so with q = 2^-23 every exact
 * quantity is an integer: |dx/q| <= 2^36, D/q^2 <= 2^73, and D, R and
 * 2^24 * |D - R| fit in 128 bits. Radii are placed within a few ulps of the
 * float distance and coordinates mix exponents, so dx = cx - px is rarely
 * exact in float: all five roundings the header's bound accounts for occur. */
#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

static float wide_float(tk_rng *r)
{
    if (tk_next(r) % 16 == 0)
        return 0.f;
    float m = tk_uniform(r, 1.f, 2.f);
    float v = ldexpf(m, (int)(tk_next(r) % 12));
    return tk_next(r) & 1 ? -v : v;
}

static int64_t units(float f) /* f / 2^-23, exact for the values above */
{
    return (int64_t)ldexp((double)f, 23);
}

static u128 sq(int64_t v)
{
    uint64_t a = (uint64_t)(v < 0 ? -v : v);
    return (u128)a * a;
}
#endif

Test(oracle, error_bound_general, .timeout = 600)
{
#ifdef __SIZEOF_INT128__
    tk_rng r = tb_rng_for(0x6200000u);
    enum { CASES = 300000 };
    size_t inside = 0, diffs = 0, inexact_dx = 0;
    double worst = 0; /* the largest |D - R| / max(D, R) of a wrong answer, in units of 2^-24 */
    for (size_t i = 0; i < CASES; i++) {
        float x0 = wide_float(&r), y0 = wide_float(&r), x1 = wide_float(&r), y1 = wide_float(&r);
        cb_box b = {fminf(x0, x1), fminf(y0, y1), fmaxf(x0, x1), fmaxf(y0, y1)};
        cb_circle c = {wide_float(&r), wide_float(&r), 0};
        /* px, py and dx, dy as the contract computes them (the box is well-formed) */
        float px = c.x < b.min_x ? b.min_x : c.x > b.max_x ? b.max_x : c.x;
        float py = c.y < b.min_y ? b.min_y : c.y > b.max_y ? b.max_y : c.y;
        int64_t dxq = units(c.x) - units(px), dyq = units(c.y) - units(py);
        u128 D = sq(dxq) + sq(dyq);
        /* r: the float nearest the true distance, then a few ulps either way */
        double dist = sqrt((double)D) * 0x1p-23;
        float rr = (float)dist;
        int steps = (int)(tk_next(&r) % 7) - 3;
        for (; steps > 0; steps--)
            rr = nextafterf(rr, INFINITY);
        for (; steps < 0; steps++)
            rr = nextafterf(rr, 0.f);
        if (!(rr >= 1.f && rr < 0x1p13f)) /* keep r in the integer domain */
            continue;
        c.r = rr;
        u128 R = sq(units(c.r));
        u128 diff = D > R ? D - R : R - D, big = D > R ? D : R;
        int decided = (diff << 24) > 6 * big; /* |D - R| > 6 * 2^-24 * max(D, R) */
        inside += !decided;
        inexact_dx += (double)(c.x - px) != ldexp((double)dxq, -23) ||
                      (double)(c.y - py) != ldexp((double)dyq, -23);
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            int want = f ? D < R : D <= R;
            for (size_t k = 0; k < N_IMPLS; k++) {
                int got = impls[k].hit(c, b, f);
                if (got == want)
                    continue;
                diffs++;
                worst = fmax(worst, (double)diff / (double)big * 0x1p24);
                cr_assert(!decided,
                          "%s %d but the exact answer is %d outside the header's bound: circle "
                          "(%a, %a, r %a) box (%a, %a, %a, %a), flags %u, " SEED_FMT,
                          impls[k].name, got, want, c.x, c.y, c.r, b.min_x, b.min_y, b.max_x,
                          b.max_y, f, tb_seed());
            }
        }
    }
    cr_assert(inside > 1000 && inexact_dx > 1000,
              "the cases miss their target: %zu within the bound, %zu with inexact dx/dy", inside,
              inexact_dx);
    cr_log_info("general bound: %zu of %d within the bound, %zu with inexact dx or dy, %zu float "
                "answers (of both implementations) differ from exact, the worst at |D-R| = %.3f * 2^-24 * max(D,R) (bound 6)",
                inside, CASES, inexact_dx, diffs, worst);
#else
    cr_skip_test("no 128-bit integers on this compiler: the general error-bound test needs them");
#endif
}

/* --------------------------------------- exact touching, inside, edges */

/* Integer geometry where the float computation is exact: each case asserted
 * against both oracles and against the mode semantics (touching hits only in
 * the default mode; one grid step in hits in both; one step out misses). */
Test(oracle, touching_inside_edges_corners)
{
    size_t checked = 0;
    for (int scale = -4; scale <= 8; scale++) {
        float s = ldexpf(1.f, scale);
        for (size_t ti = 0; ti < N_TRIPLES; ti++)
            for (int corner = 0; corner < 4; corner++)
                for (int swap = 0; swap < 2; swap++) {
                    /* box [0, 4s] x [0, 4s]; the circle touches `corner` from outside */
                    cb_box b = {0, 0, 4 * s, 4 * s};
                    float kx = corner & 1 ? b.max_x : b.min_x, ky = corner & 2 ? b.max_y : b.min_y;
                    float sx = corner & 1 ? 1.f : -1.f, sy = corner & 2 ? 1.f : -1.f;
                    float a = (float)triples[ti][swap], bb = (float)triples[ti][!swap];
                    cb_circle c = {kx + sx * a * s, ky + sy * bb * s, (float)triples[ti][2] * s};
                    for (int off = -1; off <= 1; off++) {
                        /* one step of s/16 in or out keeps r^2 within 20 bits: exact */
                        cb_circle cc = c;
                        cc.r = c.r + (float)off * s * 0x1p-4f;
                        exact_terms t = exact(cc, b);
                        cr_assert(is_exact_float(t.D) && is_exact_float(t.R) &&
                                  is_exact_float(t.dx * t.dx) && is_exact_float(t.dy * t.dy));
                        for (unsigned f = 0; f <= CB_STRICT; f++) {
                            int want = off > 0 ? 1 : off < 0 ? 0 : !f;
                            int nz = nine_zone(cc.x, cc.y, cc.r, 2 * s, 2 * s, 2 * s, 2 * s, (int)f);
                            int ex = f ? t.D < t.R : t.D <= t.R;
                            cr_assert(nz == want && ex == want,
                                      "oracles disagree with geometry: test bug (%d %d %d)", nz,
                                      ex, want);
                            for (size_t k = 0; k < N_IMPLS; k++)
                                cr_assert_eq(impls[k].hit(cc, b, f), want,
                                             "%s: triple %d-%d-%d scale 2^%d corner %d off %d "
                                             "flags %u",
                                             impls[k].name, triples[ti][0], triples[ti][1],
                                             triples[ti][2], scale, corner, off, f);
                            checked++;
                        }
                    }
                }
    }
    /* Centre inside the box, on each edge, on each corner: a hit in the
     * default mode for every r >= 0; strictly, iff r > 0. */
    const cb_box b = {-3, -2, 5, 7};
    const float xs[] = {-3, 0, 5, -3, 5}, ys[] = {-2, 0, 7, 7, -2};
    const float rs[] = {0, 0x1p-20f, 1, 100};
    for (size_t p = 0; p < 5; p++)
        for (size_t q = 0; q < 5; q++)
            for (size_t i = 0; i < 4; i++)
                for (size_t k = 0; k < N_IMPLS; k++) {
                    cb_circle c = {xs[p], ys[q], rs[i]};
                    cr_assert_eq(impls[k].hit(c, b, 0), 1, "%s: centre (%g, %g) in the box, r %g",
                                 impls[k].name, c.x, c.y, c.r);
                    cr_assert_eq(impls[k].hit(c, b, CB_STRICT), rs[i] > 0,
                                 "%s: centre (%g, %g) in the box, r %g, strict", impls[k].name,
                                 c.x, c.y, c.r);
                    checked += 2;
                }
    /* A degenerate (point and segment) box is still closed. */
    cb_box pt = {1, 1, 1, 1}, seg = {1, 1, 1, 9};
    for (size_t k = 0; k < N_IMPLS; k++) {
        pair_fn hit = impls[k].hit;
        cr_assert_eq(hit((cb_circle){4, 5, 5}, pt, 0), 1, "%s", impls[k].name);
        cr_assert_eq(hit((cb_circle){4, 5, 5}, pt, CB_STRICT), 0, "%s", impls[k].name);
        cr_assert_eq(hit((cb_circle){4, 9, 3}, seg, 0), 1, "%s", impls[k].name);
        cr_assert_eq(hit((cb_circle){4, 9, 3}, seg, CB_STRICT), 0, "%s", impls[k].name);
        cr_assert_eq(hit((cb_circle){1, 5, 0}, seg, CB_STRICT), 0, "%s", impls[k].name);
        cr_assert_eq(hit((cb_circle){1, 5, 0}, seg, 0), 1, "%s", impls[k].name);
    }
    cr_log_info("%zu exact touching/inside checks", checked);
}

/* ------------------------------- (c) the contract's expression, in double */

/* For inputs with no geometric meaning the contract's expression is the
 * specification: both implementations must follow it bit for bit (NaN
 * operand order in MIN/MAX, +-0, overflow to inf, denormals, inverted
 * boxes, ...), as contract_in_double evaluates it. */
static void check_contract(cb_circle c, cb_box b, unsigned f, size_t *hits, size_t *total)
{
    int want = contract_in_double(c, b, f);
    for (size_t k = 0; k < N_IMPLS; k++) {
        int got = impls[k].hit(c, b, f);
        if (got != want)
            cr_assert_fail("%s %d, the contract in double %d: circle (%a, %a, r %a) box (%a, %a, "
                           "%a, %a) flags %u, " SEED_FMT,
                           impls[k].name, got, want, c.x, c.y, c.r, b.min_x, b.min_y, b.max_x,
                           b.max_y, f, tb_seed());
    }
    *hits += (size_t)want, (*total)++;
}

Test(oracle, literal_contract_adversarial, .timeout = 600)
{
    tk_rng r = tb_rng_for(0x7000000u);
    size_t hits = 0, total = 0;
    /* every pair of adversarial values in each position... */
    for (size_t i = 0; i < tb_adversarial_count; i++)
        for (size_t j = 0; j < tb_adversarial_count; j++) {
            float u = tb_adversarial[i], v = tb_adversarial[j];
            cb_circle cs[] = {{u, v, 2}, {u, 1, v}, {1, u, v}, {0.5f, 0.5f, u}};
            cb_box bs[] = {{u, v, 1, 1}, {u, -1, v, 1}, {-1, u, 1, v}, {0, 0, u, v}, {u, u, v, v}};
            for (size_t p = 0; p < sizeof cs / sizeof cs[0]; p++)
                for (size_t q = 0; q < sizeof bs / sizeof bs[0]; q++)
                    for (unsigned f = 0; f <= CB_STRICT; f++)
                        check_contract(cs[p], bs[q], f, &hits, &total);
        }
    /* ...and random mixes of adversarial values and raw bit patterns. */
    tb_corpus c = tb_corpus_new(100000);
    tb_corpus_fill_adversarial(&c, &r);
    for (size_t i = 0; i < c.n; i++)
        for (unsigned f = 0; f <= CB_STRICT; f++)
            check_contract(c.circles[i], c.boxes[(i * 7919) % c.n], f, &hits, &total);
    tb_corpus_free(&c);
    cr_assert(hits > 0 && hits < total);
}

/* The header's "notable cases" for malformed input, each one asserted on
 * both implementations. */
Test(oracle, documented_notable_cases)
{
    tk_rng r = tb_rng_for(0x7100000u);
    const float nans[] = {NAN, -NAN,
#if defined(__GNUC__) || defined(__clang__)
                          __builtin_nansf(""),
#endif
    };
    size_t inf_hits = 0, inf_nan = 0;
    for (int i = 0; i < 20000; i++) {
        cb_box b = {tk_any_float(&r), tk_any_float(&r), tk_any_float(&r), tk_any_float(&r)};
        if (i % 2) /* half of them well-formed, so hits are possible */
            b = (cb_box){tk_uniform(&r, -8, 0), tk_uniform(&r, -8, 0), tk_uniform(&r, 0, 8),
                         tk_uniform(&r, 0, 8)};
        cb_circle c = {tk_uniform(&r, -10, 10), tk_uniform(&r, -10, 10), tk_uniform(&r, 0, 10)};
        if (i % 4 == 1)
            c = (cb_circle){tk_any_float(&r), tk_any_float(&r), tk_any_float(&r)};
        if (i % 4 == 3) { /* an infinite centre coordinate and box edges: d2 can be inf - inf */
            uint64_t q = tk_next(&r);
            float *edge = q & 4 ? &b.max_x : &b.min_x;
            c.x = q & 1 ? INFINITY : -INFINITY;
            if (q & 2)
                *edge = q & 8 ? INFINITY : -INFINITY;
        }
        for (size_t k = 0; k < N_IMPLS; k++) {
            pair_fn hit = impls[k].hit;
            for (unsigned f = 0; f <= CB_STRICT; f++) {
                /* a NaN in the circle (cx, cy or r) never hits */
                for (size_t q = 0; q < sizeof nans / sizeof nans[0]; q++) {
                    cb_circle cx = c, cy = c, cr = c;
                    cx.x = nans[q], cy.y = nans[q], cr.r = nans[q];
                    cr_assert(!hit(cx, b, f) && !hit(cy, b, f) && !hit(cr, b, f),
                              "%s: a NaN circle hit box (%a, %a, %a, %a)", impls[k].name, b.min_x,
                              b.min_y, b.max_x, b.max_y);
                }
                /* a negative radius behaves as its absolute value */
                cb_circle neg = c, pos = c;
                neg.r = -fabsf(c.r), pos.r = fabsf(c.r);
                cr_assert_eq(hit(neg, b, f), hit(pos, b, f), "%s: r %a vs %a", impls[k].name,
                             neg.r, pos.r);
            }
            /* r = +inf hits every box whose d2 is not NaN, in the default mode */
            cb_circle inf = c;
            inf.r = INFINITY;
            if (!isnan(c.x) && !isnan(c.y)) {
                int nan_d2 = d2_is_nan(inf, b);
                cr_assert_eq(hit(inf, b, 0), !nan_d2,
                             "%s: r = inf, centre (%a, %a), box (%a, %a, %a, %a), d2 %s NaN",
                             impls[k].name, c.x, c.y, b.min_x, b.min_y, b.max_x, b.max_y,
                             nan_d2 ? "is" : "is not");
                if (k == 0)
                    inf_hits += !nan_d2, inf_nan += (size_t)nan_d2;
            }
        }
    }
    /* Not vacuous: both sides of the r = inf rule occurred. */
    cr_assert(inf_hits > 100 && inf_nan > 100, "r = inf: %zu hits, %zu NaN d2", inf_hits, inf_nan);

    for (size_t k = 0; k < N_IMPLS; k++) {
        pair_fn hit = impls[k].hit;
        const char *name = impls[k].name;
        /* A NaN box coordinate does not make the box miss: MAX(cx, NaN) is
         * NaN, then MIN(NaN, max) is max. With min_x NaN the box acts as the
         * segment x = max_x; with min_y NaN, y = max_y. */
        cb_box nan_min_x = {NAN, 0, 1, 1}, nan_min_y = {0, NAN, 1, 1};
        cr_assert_eq(hit((cb_circle){1.5f, 0.5f, 0.5f}, nan_min_x, 0), 1, "%s", name);
        cr_assert_eq(hit((cb_circle){0.5f, 1.25f, 0.5f}, nan_min_y, CB_STRICT), 1, "%s", name);
        cr_assert_eq(hit((cb_circle){0.5f, 0.5f, 0.25f}, nan_min_x, 0), 0,
                     "%s: min_x NaN: the centre at x 0.5 is 0.5 from the segment x = 1", name);
        /* Reversed: a NaN max makes px NaN, so the box never hits. */
        cr_assert_eq(hit((cb_circle){0.5f, 0.5f, 100}, (cb_box){0, 0, NAN, 1}, 0), 0, "%s", name);
        /* Squares that overflow: r = 2^64 gives r2 = inf, and d2 = FLT_MAX^2 = inf too: inf <= inf. */
        cr_assert_eq(hit((cb_circle){0, 0, 0x1p64f}, (cb_box){FLT_MAX, 0, FLT_MAX, 0}, 0), 1, "%s",
                     name);
        /* Denormal results are honoured (no flushing): r = 2^-70 and a box
         * edge at 2^-71 give r2 = 2^-140 and d2 = 2^-142, both denormal and
         * exact, so a strict hit; flushing either to zero would turn it into
         * a miss. */
        cr_assert_eq(hit((cb_circle){0, 0, 0x1p-70f}, (cb_box){0x1p-71f, 0, 1, 1}, CB_STRICT), 1,
                     "%s", name);
        /* A denormal input coordinate is a real, nonzero distance: the box
         * edge at the denormal 2^-140 is touched by a zero-radius circle at
         * 0 in the default mode only because its square underflows to 0 (the
         * contract's expression, not geometry: so both modes follow it). */
        cb_circle zero_r = {0, 0, 0};
        cb_box denorm_edge = {0x1p-140f, 0, 1, 1};
        cr_assert_eq(hit(zero_r, denorm_edge, 0), 1, "%s", name);
        cr_assert_eq(hit(zero_r, denorm_edge, CB_STRICT), 0, "%s", name);
    }
}

/* ----------------------------------------------------------- converters */

/* Bit-identical, or both NaN: IEEE leaves the payload of a NaN result open
 * (a compiler may commute c + h), and the contract says nothing about it. */
static int same_float(float a, float b)
{
    return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}
static int same_box(cb_box a, cb_box b)
{
    return same_float(a.min_x, b.min_x) && same_float(a.min_y, b.min_y) &&
           same_float(a.max_x, b.max_x) && same_float(a.max_y, b.max_y);
}

static float conv_value(tk_rng *r)
{
    uint64_t k = tk_next(r) % 4;
    return k == 0   ? tk_any_float(r)
           : k == 1 ? tb_adversarial[tk_next(r) % tb_adversarial_count]
                    : tk_uniform(r, -1000, 1000);
}

/* min = c - h, max = c + h; min = (x, y), max = (x + w, y + h): one float
 * rounding each, computed here in float exactly as documented. */
Test(oracle, converters_single)
{
    tk_rng r = tb_rng_for(0x8000000u);
    for (int i = 0; i < 200000; i++) {
        cb_box_center bc = {conv_value(&r), conv_value(&r), conv_value(&r), conv_value(&r)};
        cb_box want = {bc.cx - bc.hx, bc.cy - bc.hy, bc.cx + bc.hx, bc.cy + bc.hy};
        cb_box got = cb_box_from_center(bc);
        cr_assert(same_box(got, want),
                  "from_center(%a, %a, %a, %a) = (%a, %a, %a, %a), want (%a, %a, %a, %a)", bc.cx,
                  bc.cy, bc.hx, bc.hy, got.min_x, got.min_y, got.max_x, got.max_y, want.min_x,
                  want.min_y, want.max_x, want.max_y);
        cb_box_corner bk = {conv_value(&r), conv_value(&r), conv_value(&r), conv_value(&r)};
        cb_box want2 = {bk.x, bk.y, bk.x + bk.w, bk.y + bk.h};
        cb_box got2 = cb_box_from_corner(bk);
        cr_assert(same_box(got2, want2), "from_corner(%a, %a, %a, %a) = (%a, %a, %a, %a)", bk.x,
                  bk.y, bk.w, bk.h, got2.min_x, got2.min_y, got2.max_x, got2.max_y);
        /* min is the input itself: bit-exact even for NaN payloads and -0 */
        cr_assert(memcmp(&got2.min_x, &bk.x, 4) == 0 && memcmp(&got2.min_y, &bk.y, 4) == 0);
    }
    /* Rounding happens once, to nearest-even: 1 + 2^-24 is a tie that rounds
     * to 1, (1 + 2^-23) + 2^-24 rounds up to 1 + 2^-22. */
    cb_box t = cb_box_from_corner((cb_box_corner){1.f, 1.f + 0x1p-23f, 0x1p-24f, 0x1p-24f});
    cr_assert(t.max_x == 1.f && t.max_y == 1.f + 0x1p-22f);
    cb_box u = cb_box_from_center((cb_box_center){1.f, 1.f, 0x1p-24f, 0.f});
    cr_assert(u.min_x == 1.f - 0x1p-24f && u.max_x == 1.f && u.min_y == 1.f && u.max_y == 1.f);
}

/* The batch forms equal the single forms element by element, read only n
 * inputs and write only n outputs (guard pages on both sides of the data),
 * and do nothing for n == 0 or NULL as documented. */
Test(oracle, converters_batch, .timeout = 600)
{
    tk_rng r = tb_rng_for(0x8100000u);
    static const size_t ns[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 67, 1000};
    for (size_t li = 0; li < sizeof ns / sizeof ns[0]; li++)
        for (int before = 0; before < 2; before++) {
            size_t n = ns[li];
            cb_box_center *ic = tb_alloc_guarded(n * sizeof *ic, before);
            cb_box_corner *ik = tb_alloc_guarded(n * sizeof *ik, before);
            cb_box *out = tb_alloc_guarded(n * sizeof *out, before);
            float *soa[4];
            for (int k = 0; k < 4; k++)
                soa[k] = tb_alloc_guarded(n * sizeof(float), before);
            for (size_t i = 0; i < n; i++) {
                ic[i] = (cb_box_center){conv_value(&r), conv_value(&r), conv_value(&r),
                                        conv_value(&r)};
                ik[i] = (cb_box_corner){conv_value(&r), conv_value(&r), conv_value(&r),
                                        conv_value(&r)};
            }
            for (int form = 0; form < 2; form++) { /* 0: centres, 1: corners */
                const char *name = form ? "corners" : "centers";
                if (form)
                    cb_boxes_from_corners(ik, n, out);
                else
                    cb_boxes_from_centers(ic, n, out);
                cb_status st = form ? cb_boxes_from_corners_soa(ik, n, soa[0], soa[1], soa[2], soa[3])
                                    : cb_boxes_from_centers_soa(ic, n, soa[0], soa[1], soa[2], soa[3]);
                cr_assert_eq(st, CB_OK, "%s SoA n %zu", name, n);
                for (size_t i = 0; i < n; i++) {
                    cb_box want = form ? cb_box_from_corner(ik[i]) : cb_box_from_center(ic[i]);
                    cb_box soa_i = {soa[0][i], soa[1][i], soa[2][i], soa[3][i]};
                    cr_assert(same_box(out[i], want), "%s AoS n %zu i %zu", name, n, i);
                    cr_assert(same_box(soa_i, want), "%s SoA n %zu i %zu", name, n, i);
                }
            }
            tb_free(ic), tb_free(ik), tb_free(out);
            for (int k = 0; k < 4; k++)
                tb_free(soa[k]);
        }

    /* n == 0: no access whatever the pointers; SoA forms return CB_OK. */
    cb_boxes_from_centers(NULL, 0, NULL);
    cb_boxes_from_corners(NULL, 0, NULL);
    cr_assert_eq(cb_boxes_from_centers_soa(NULL, 0, NULL, NULL, NULL, NULL), CB_OK);
    cr_assert_eq(cb_boxes_from_corners_soa(NULL, 0, NULL, NULL, NULL, NULL), CB_OK);

    /* AoS with a NULL in or out and n > 0: nothing read or written. */
    cb_box_center c1[2] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    cb_box_corner k1[2] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    cb_box o1[2] = {{-7, -7, -7, -7}, {-7, -7, -7, -7}};
    cb_boxes_from_centers(NULL, 2, o1);
    cb_boxes_from_corners(NULL, 2, o1);
    cr_assert(o1[0].min_x == -7 && o1[1].max_y == -7, "a NULL input still wrote the output");
    cb_boxes_from_centers(c1, 2, NULL);
    cb_boxes_from_corners(k1, 2, NULL);

    /* SoA with any NULL and n > 0: CB_ERR_INVALID_ARG and nothing written. */
    float a[2] = {-7, -7}, b[2] = {-7, -7}, cc[2] = {-7, -7}, d[2] = {-7, -7};
    float *ptrs[4] = {a, b, cc, d};
    for (int which = 0; which < 5; which++) {
        float *p[4] = {ptrs[0], ptrs[1], ptrs[2], ptrs[3]};
        const cb_box_center *inc = c1;
        const cb_box_corner *ink = k1;
        if (which < 4)
            p[which] = NULL;
        else
            inc = NULL, ink = NULL;
        cr_assert_eq(cb_boxes_from_centers_soa(inc, 2, p[0], p[1], p[2], p[3]), CB_ERR_INVALID_ARG,
                     "centers_soa with NULL #%d", which);
        cr_assert_eq(cb_boxes_from_corners_soa(ink, 2, p[0], p[1], p[2], p[3]), CB_ERR_INVALID_ARG,
                     "corners_soa with NULL #%d", which);
        for (int k = 0; k < 4; k++)
            cr_assert(ptrs[k][0] == -7 && ptrs[k][1] == -7, "SoA output %d written on error", k);
    }
}

/* ------------------------------------------- (e) circle against circle */

/* The first entry of the circle-against-circle overlap query with SoA
 * elements and a mask, found by its properties; count when there is none. */
static size_t circle_circle_entry(void)
{
    for (size_t e = 0; e < cb_entry_count(); e++) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (d->form == CB_FORM_BATCH && d->query == CB_QUERY_OVERLAP && d->one == CB_SHAPE_CIRCLE &&
            d->many == CB_SHAPE_CIRCLE && d->layout == CB_LAYOUT_SOA &&
            d->output == CB_OUTPUT_MASK)
            return e;
    }
    return cb_entry_count();
}

/* The library's answer for one pair, through the public function. */
static int library_circles(size_t e, cb_circle c, cb_circle o, unsigned flags)
{
    cb_circle_soa s = {&o.x, &o.y, &o.r};
    uint64_t mask = 0;
    tk_probe p = {c, {0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}};
    cb_args a = tk_args(cb_entry_info_of(e), &p, &s, 1, &mask, flags, 0.0f);
    size_t hits = cb_entry_call(e, &a);
    cr_assert(hits <= 1, "%s returned %zu for one element", cb_entry_info_of(e)->name, hits);
    return (int)(mask & 1);
}

/* Circle against circle on dyadic grids, where double holds the exact
 * squared centre distance D and the exact squared radius sum S: where every
 * float operation of the contract is exact, or D and S are further apart than
 * the header's relative 8 * 2^-24, the reference and the library must give
 * the exact answer, touching included (a quarter of the cases are placed
 * touching, from Pythagorean triples, or a grid step off; a quarter have a
 * radius sum within rounding of the distance, so the bound is exercised and
 * the worst inexact case is reported). */
Test(oracle, circles_exact_double, .timeout = 600)
{
    size_t e = circle_circle_entry();
    cr_assert(e < cb_entry_count(), "no circle-against-circle overlap entry (SoA, mask)");
    tk_rng r = tb_rng_for(0xCC00000u);
    enum { CASES = 200000 };
    const double bound = 8.0 * 0x1p-24;
    size_t n_exact_ops = 0, n_outside = 0, n_inside = 0, n_touching = 0;
    double worst = 0; /* largest relative |D - S| at which an answer differed from exact */
    for (size_t i = 0; i < CASES; i++) {
        unsigned kind = (unsigned)(tk_next(&r) % 4);
        int m = kind == 2 ? 6 : 12, ex = kind == 2 ? 0 : 8;
        cb_circle c = {grid(&r, m, ex), grid(&r, m, ex), fabsf(grid(&r, m - 1, ex))};
        cb_circle o = {grid(&r, m, ex), grid(&r, m, ex), fabsf(grid(&r, m - 1, ex))};
        if (kind == 3) { /* radius sum the float nearest the distance: inside the bound */
            double dist = sqrt(((double)c.x - o.x) * ((double)c.x - o.x) +
                               ((double)c.y - o.y) * ((double)c.y - o.y));
            c.r = (float)(dist / 2), o.r = (float)(dist - (double)c.r);
        }
        if (kind == 0) { /* touching or one step off, from a triple */
            const int *t = triples[tk_next(&r) % N_TRIPLES];
            double k = (double)(1 + tk_next(&r) % 8), off = (double)((int)(tk_next(&r) % 3) - 1);
            o.x = (float)(c.x + k * t[0]), o.y = (float)(c.y + k * t[1]);
            double sum = k * t[2] + off / 256.0;
            c.r = (float)(sum / 2), o.r = (float)(sum - (double)c.r);
            if (o.r < 0)
                o.r = 0;
        }
        double dx = (double)c.x - o.x, dy = (double)c.y - o.y, s = (double)c.r + o.r;
        double D = dx * dx + dy * dy, S = s * s;
        cr_assert(D < 0x1p100 && S < 0x1p100, "test bug: out of range");
        int ops_exact = is_exact_float(dx) && is_exact_float(dy) && is_exact_float(dx * dx) &&
                        is_exact_float(dy * dy) && is_exact_float(D) && is_exact_float(s) &&
                        is_exact_float(S);
        int decided = fabs(D - S) > bound * fmax(D, S);
        n_touching += D == S;
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            int want = f ? D < S : D <= S;
            int got_ref = ref_overlap_circles(c, o, f), got_lib = library_circles(e, c, o, f);
            cr_assert_eq(got_ref, got_lib,
                         "reference %d, library %d: circle (%a, %a, %a) other (%a, %a, %a) "
                         "flags %u, " SEED_FMT,
                         got_ref, got_lib, c.x, c.y, c.r, o.x, o.y, o.r, f, tb_seed());
            if (ops_exact || decided)
                cr_assert_eq(got_ref, want,
                             "%d, exact %d (%s): circle (%a, %a, %a) other (%a, %a, %a), D %.17g "
                             "S %.17g, flags %u, " SEED_FMT,
                             got_ref, want, ops_exact ? "float ops exact" : "outside the bound",
                             c.x, c.y, c.r, o.x, o.y, o.r, D, S, f, tb_seed());
            else if (got_ref != want && fabs(D - S) / fmax(D, S) > worst)
                worst = fabs(D - S) / fmax(D, S);
        }
        n_exact_ops += ops_exact;
        n_outside += !ops_exact && decided;
        n_inside += !ops_exact && !decided;
    }
    cr_assert(n_exact_ops > CASES / 10, "only %zu float-exact cases", n_exact_ops);
    cr_assert(n_outside > CASES / 10, "only %zu cases decided by the bound", n_outside);
    cr_assert(n_touching > CASES / 20, "only %zu exactly touching cases", n_touching);
    cr_assert(n_inside > CASES / 20, "only %zu cases inside the bound", n_inside);
    cr_log_info("circle vs circle, exact double: %zu float-exact (%zu touching), %zu outside the "
                "bound, %zu inside; worst relative |D - S| with an inexact answer: %.2f * 2^-24",
                n_exact_ops, n_touching, n_outside, n_inside, worst * 0x1p24);
}

/* ------------------------------------------- (f) oriented boxes */

/* Equal values (so +0 and -0 are equal): where two contracts compute the
 * same number by operations that may differ in the sign of a zero. */
static int same_value(float a, float b) { return a == b || (isnan(a) && isnan(b)); }

/*
 * cbatch.h: "with (c, s) = (1, 0) the answers are those of the axis-aligned
 * box [cx - hx, cx + hx] x [cy - hy, cy + hy] whenever cx - hx and cx + hx
 * (and so on) are exact, and with (0, 1) those of the box with hx and hy
 * swapped". On dyadic grids (every sum exact), testkit's oriented-box
 * reference against its axis-aligned one, itself proven above: overlap in
 * both modes, the separation and feature of every contact record, and its
 * normal and point. The normal and point of a centre inside the box with
 * two faces at the same distance are left out for (0, 1): the face order
 * -x, +x, -y, +y is the frame's, so a tie picks the frame's first face,
 * which is another face of the world's box. Both signs of each zero of the
 * quarter turns, and every margin of tb_margins, are used.
 */
Test(oracle, obox_quarter_turns_are_boxes, .timeout = 600)
{
    tk_rng r = tb_rng_for(0xD000000u);
    static const float turns[4][2] = {{1.0f, 0.0f}, {1.0f, -0.0f}, {0.0f, 1.0f}, {-0.0f, 1.0f}};
    size_t checked = 0, inside = 0, ties = 0, hits = 0;
    for (int i = 0; i < 400000; i++) {
        int t = i % 4, swap = t >= 2;
        cb_obox o = {grid(&r, 10, 4), grid(&r, 10, 4), fabsf(grid(&r, 8, 4)), fabsf(grid(&r, 8, 4)),
                     turns[t][0], turns[t][1]};
        cb_circle c = {grid(&r, 10, 4), grid(&r, 10, 4), fabsf(grid(&r, 8, 4))};
        if (i % 8 == 1) /* the centre on the box's boundary, or at its centre */
            c.x = o.cx + (float)((int)(tk_next(&r) % 3) - 1) * (swap ? o.hy : o.hx), c.y = o.cy;
        float ex = swap ? o.hy : o.hx, ey = swap ? o.hx : o.hy;
        cb_box b = {o.cx - ex, o.cy - ey, o.cx + ex, o.cy + ey};
        cr_assert(is_exact_float((double)o.cx - ex) && is_exact_float((double)o.cx + ex) &&
                      is_exact_float((double)o.cy - ey) && is_exact_float((double)o.cy + ey),
                  "test bug: inexact box");
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            int want = ref_overlap(c, b, f), got = ref_overlap_obox(c, o, f);
            cr_assert_eq(got, want,
                         "overlap: obox (%a, %a, %a, %a, %a, %a) %d, box (%a, %a, %a, %a) %d, "
                         "circle (%a, %a, %a), flags %u, " SEED_FMT,
                         o.cx, o.cy, o.hx, o.hy, o.c, o.s, got, b.min_x, b.min_y, b.max_x,
                         b.max_y, want, c.x, c.y, c.r, f, tb_seed());
            hits += (size_t)want;
            float margin = tb_margins[(size_t)i % tb_margin_count];
            tk_contact ro, rb;
            int so = ref_contact_obox(c, o, margin, f, &ro), sb = ref_contact(c, b, margin, f, &rb);
            int tie = 0;
            if (rb.feature == CB_FEATURE_INSIDE) {
                float d[4] = {c.x - b.min_x, b.max_x - c.x, c.y - b.min_y, b.max_y - c.y};
                float best = fminf(fminf(d[0], d[1]), fminf(d[2], d[3]));
                for (int k = 0; k < 4; k++)
                    tie += d[k] == best;
                tie = tie > 1;
                inside++, ties += (size_t)tie;
            }
            int geometry = !swap || !tie;
            cr_assert(so == sb && same_value(ro.separation, rb.separation) &&
                          ro.feature == rb.feature &&
                          (!geometry || (same_value(ro.normal_x, rb.normal_x) &&
                                         same_value(ro.normal_y, rb.normal_y) &&
                                         same_value(ro.point_x, rb.point_x) &&
                                         same_value(ro.point_y, rb.point_y))),
                      "contact: obox (%a, %a, %a, %a, %a, %a) vs box (%a, %a, %a, %a), circle "
                      "(%a, %a, %a), margin %a: reported %d/%d, separation %a/%a, feature %d/%d, "
                      "normal (%a, %a)/(%a, %a), point (%a, %a)/(%a, %a), " SEED_FMT,
                      o.cx, o.cy, o.hx, o.hy, o.c, o.s, b.min_x, b.min_y, b.max_x, b.max_y, c.x,
                      c.y, c.r, margin, so, sb, ro.separation, rb.separation, ro.feature,
                      rb.feature, ro.normal_x, ro.normal_y, rb.normal_x, rb.normal_y, ro.point_x,
                      ro.point_y, rb.point_x, rb.point_y, tb_seed());
            cr_assert(same_value(ref_distance_obox(c, o), ref_distance(c, b)));
            checked++;
        }
    }
    cr_assert(hits > checked / 10 && hits < checked - checked / 10, "%zu hits of %zu", hits,
              checked);
    cr_assert(inside > checked / 50 && ties > 0, "%zu inside, %zu ties", inside, ties);
    cr_log_info("quarter turns: %zu pairs, %zu hits, %zu inside (%zu ties)", checked, hits, inside,
                ties);
}

/* The library's record for one pair through the contact entry of the given
 * single shape (found by its descriptor), SoA, margin FLT_MAX: every pair
 * whose d2 is not NaN is reported ((r + FLT_MAX)^2 is inf). Returns 0 when
 * it was not reported. */
static int library_obox_contact(cb_shape one, cb_circle c, cb_obox o, tk_contact *rec)
{
    cb_shape many = one == CB_SHAPE_CIRCLE ? CB_SHAPE_OBOX : CB_SHAPE_CIRCLE;
    size_t e = tk_find_entry(CB_FORM_BATCH, CB_QUERY_CONTACTS, one, many, CB_LAYOUT_SOA, CB_OUTPUT_CONTACTS);
    cr_assert(e < cb_entry_count(), "no contact entry of circle and oriented box");
    cb_circle_soa cs = {&c.x, &c.y, &c.r};
    cb_obox_soa os = {&o.cx, &o.cy, &o.hx, &o.hy, &o.c, &o.s};
    uint32_t index = 7;
    uint8_t feature = 9;
    cb_contacts out = {&index, &rec->normal_x, &rec->normal_y, &rec->separation, &rec->point_x,
                       &rec->point_y, &feature};
    tk_probe p = {c, {0, 0, 0, 0}, o};
    cb_args a = tk_args(cb_entry_info_of(e), &p,
                        many == CB_SHAPE_OBOX ? (const void *)&os : (const void *)&cs, 1, &out, 0,
                        FLT_MAX);
    size_t count = cb_entry_call(e, &a);
    cr_assert(count <= 1 && (count == 0 || index == 0), "%s: count %zu, index %u",
              cb_entry_info_of(e)->name, count, (unsigned)index);
    rec->feature = feature;
    return (int)count;
}

/*
 * The geometry of rotated boxes, in double, against the library (both
 * pairings, through the public contact entries) and testkit's reference:
 * for a unit rotation (c, s) (double cos and sin, rounded), the box is the
 * set of points centre + u (c, s) + v (-s, c) with |u| <= hx, |v| <= hy.
 * In double: the circle's centre in the box's frame, its nearest point
 * there and back, the signed distance, the direction of the normal. The
 * float answers must agree within a tolerance far above the frame's few
 * 2^-24 of the distance to the box's centre (docs/oriented.md has the
 * bounds; this test looks for transcription mistakes: a sign of s, a swapped
 * axis, a point carried back the wrong way), and the overlap answer must be
 * the geometric one wherever the distance is not within that tolerance of r.
 */
Test(oracle, obox_geometry_double, .timeout = 600)
{
    tk_rng r = tb_rng_for(0xD100000u);
    size_t decided = 0, hits = 0, inside = 0, corners = 0;
    for (int i = 0; i < 200000; i++) {
        double ang = (double)tk_uniform(&r, -3.2f, 3.2f);
        cb_obox o = {tk_uniform(&r, -100, 100), tk_uniform(&r, -100, 100), tk_uniform(&r, 0, 20),
                     tk_uniform(&r, 0, 20), (float)cos(ang), (float)sin(ang)};
        if (i % 16 == 0) { /* testkit's unit table: quarter turns, triples, ... */
            const float *rot = tk_rotations[tk_next(&r) % TK_ROTATIONS_UNIT];
            o.c = rot[0], o.s = rot[1];
        }
        cb_circle c = {o.cx + tk_uniform(&r, -40, 40), o.cy + tk_uniform(&r, -40, 40),
                       tk_uniform(&r, 0, 20)};
        /* in double: the frame, the nearest point, the distance */
        double ex = (double)c.x - o.cx, ey = (double)c.y - o.cy;
        double lx = ex * o.c + ey * o.s, ly = ey * o.c - ex * o.s;
        double qx = fmin(fmax(lx, -o.hx), o.hx), qy = fmin(fmax(ly, -o.hy), o.hy);
        double dx = lx - qx, dy = ly - qy, dist = sqrt(dx * dx + dy * dy);
        int in = dist == 0;
        double sep, mx, my;
        if (!in) {
            sep = dist - c.r, mx = dx / dist, my = dy / dist;
        } else { /* the nearest face, in the frame's order (ties: any, checked below) */
            double d[4] = {lx + o.hx, o.hx - lx, ly + o.hy, o.hy - ly};
            int k = 0;
            for (int j = 1; j < 4; j++)
                if (d[j] < d[k])
                    k = j;
            sep = -(d[k] + c.r);
            mx = k == 0 ? -1 : k == 1 ? 1 : 0, my = k == 2 ? -1 : k == 3 ? 1 : 0;
            qx = k == 0 ? -o.hx : k == 1 ? o.hx : lx, qy = k == 2 ? -o.hy : k == 3 ? o.hy : ly;
        }
        double nx = mx * o.c - my * o.s, ny = mx * o.s + my * o.c;
        double px = o.cx + (qx * o.c - qy * o.s), py = o.cy + (qx * o.s + qy * o.c);
        double scale = fmax(fmax(fabs(ex), fabs(ey)), fmax(fmax((double)o.hx, (double)o.hy), 1.0));
        double tol = 256 * 0x1p-24 * scale;
        for (int dir = 0; dir < 2; dir++) {
            tk_contact lib, ref;
            cb_shape one = dir ? CB_SHAPE_OBOX : CB_SHAPE_CIRCLE;
            cr_assert_eq(library_obox_contact(one, c, o, &lib), 1, "not reported at margin FLT_MAX");
            ref_contact_obox(c, o, FLT_MAX, 0, &ref);
            const tk_contact *got[2] = {&lib, &ref};
            for (int w = 0; w < 2; w++) {
                const tk_contact *g = got[w];
                /* a tie between faces inside: any of them (the normals differ) */
                int loose = in && fabs(sep - g->separation) <= tol;
                cr_assert(fabs(g->separation - sep) <= tol &&
                              (loose || (fabs(g->normal_x - nx) <= 1e-4 &&
                                         fabs(g->normal_y - ny) <= 1e-4 &&
                                         fabs(g->point_x - px) <= tol &&
                                         fabs(g->point_y - py) <= tol)),
                          "%s: circle (%a, %a, %a), obox (%a, %a, %a, %a, %a, %a): separation "
                          "%.9g (exact %.9g), normal (%.9g, %.9g) (exact %.9g, %.9g), point "
                          "(%.9g, %.9g) (exact %.9g, %.9g), " SEED_FMT,
                          w ? "the reference" : "the library", c.x, c.y, c.r, o.cx, o.cy, o.hx,
                          o.hy, o.c, o.s, g->separation, sep, g->normal_x, g->normal_y, nx, ny,
                          g->point_x, g->point_y, px, py, tb_seed());
                cr_assert(in ? g->feature == CB_FEATURE_INSIDE || dist <= tol
                             : g->feature != CB_FEATURE_INSIDE || dist <= tol,
                          "%s: feature %d, exact distance %.9g, " SEED_FMT,
                          w ? "the reference" : "the library", g->feature, dist, tb_seed());
            }
            /* the point is on the box: in the frame, within tol of its boundary */
            double ux = ((double)lib.point_x - o.cx) * o.c + ((double)lib.point_y - o.cy) * o.s;
            double vy = ((double)lib.point_y - o.cy) * o.c - ((double)lib.point_x - o.cx) * o.s;
            double edge = fmin(fabs(fabs(ux) - o.hx), fabs(fabs(vy) - o.hy));
            cr_assert(fabs(ux) <= o.hx + tol && fabs(vy) <= o.hy + tol && edge <= tol,
                      "the library's point (%a, %a) is not on the box's boundary (frame %.9g, "
                      "%.9g), " SEED_FMT,
                      lib.point_x, lib.point_y, ux, vy, tb_seed());
        }
        /* overlap, where the geometry decides beyond the tolerance */
        double gap = in ? -1 : dist - c.r;
        if (fabs(gap) > tol) {
            int want = gap < 0;
            cb_obox_soa os = {&o.cx, &o.cy, &o.hx, &o.hy, &o.c, &o.s};
            size_t e = tk_find_entry(CB_FORM_BATCH, CB_QUERY_OVERLAP, CB_SHAPE_CIRCLE, CB_SHAPE_OBOX,
                                     CB_LAYOUT_SOA, CB_OUTPUT_MASK);
            cr_assert(e < cb_entry_count(), "no overlap entry of circle and oriented boxes");
            for (unsigned f = 0; f <= CB_STRICT; f++) {
                uint64_t mask = 0;
                tk_probe p = {c, {0, 0, 0, 0}, o};
                cb_args a = tk_args(cb_entry_info_of(e), &p, &os, 1, &mask, f, 0.0f);
                cr_assert(cb_entry_call(e, &a) <= 1);
                cr_assert((int)(mask & 1) == want && ref_overlap_obox(c, o, f) == want,
                          "overlap of circle (%a, %a, %a) and obox (%a, %a, %a, %a, %a, %a): "
                          "library %d, reference %d, geometry %d (gap %.9g), " SEED_FMT,
                          c.x, c.y, c.r, o.cx, o.cy, o.hx, o.hy, o.c, o.s, (int)(mask & 1),
                          ref_overlap_obox(c, o, f), want, gap, tb_seed());
            }
            decided++, hits += (size_t)want;
        }
        inside += (size_t)in, corners += !in && fabs(dx) > 0 && fabs(dy) > 0;
    }
    cr_assert(decided > 150000 && hits > decided / 10 && hits < decided - decided / 10,
              "%zu decided, %zu hits", decided, hits);
    cr_assert(inside > 1000 && corners > 1000, "%zu inside, %zu at corners", inside, corners);
    cr_log_info("rotated boxes in double: %zu overlap answers decided (%zu hits), %zu centres "
                "inside, %zu nearest at a corner",
                decided, hits, inside, corners);
}

/* testkit's rotation table: the first TK_ROTATIONS_UNIT pairs are unit in
 * cbatch.h's sense (|c*c + s*s - 1| <= 2^-20, in exact arithmetic: the
 * squares of floats are exact in double and so is their sum here, the
 * exponents being close), the rest are not (or not finite). */
Test(oracle, rotation_table_partition)
{
    cr_assert(TK_ROTATIONS_UNIT < tk_rotation_count);
    for (size_t k = 0; k < tk_rotation_count; k++) {
        double c = tk_rotations[k][0], s = tk_rotations[k][1];
        double c2 = c * c, s2 = s * s;
        /* exact unless one square is below 2^-53 of the other: then the
         * smaller cannot move the sum across 1 +- 2^-20 either */
        double d = (c2 + s2) - 1.0;
        int unit = isfinite(d) && fabs(d) <= 0x1p-20;
        cr_assert_eq(unit, k < TK_ROTATIONS_UNIT, "tk_rotations[%zu] = (%a, %a): |c^2 + s^2 - 1| "
                     "= %a, listed as %sunit", k, c, s, fabs(d), k < TK_ROTATIONS_UNIT ? "" : "not ");
    }
}
