/* test_contacts.c - the signed-distance and contact entries against exact geometry in double (the header's accuracy statements, measured and asserted) and their properties, on every runnable backend and through the public functions. */
#include "bits.h"
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/hooks.h>
#include <criterion/parameterized.h>

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * What is checked, and against what
 *
 * The oracle is the geometry itself, in double, from the binary32 inputs:
 * the point of the closed box nearest the centre (a clamp, which selects an
 * input coordinate), the exact offset from it, its length and direction; for
 * a centre inside, the exactly nearest face (ties in the header's order -x,
 * +x, -y, +y) and its projection; for two circles the exact centre offset,
 * the sum of the radii and the point o + ro * direction. None of the
 * header's binary32 operations (t, l, the scaled length) appear here. Double
 * holds a difference of two binary32 numbers exactly unless their exponents
 * are far apart, and then to 2^-53 relative, as it holds the lengths and
 * quotients below: some 2^-29 of the units measured (2^-24 and binary32
 * ulps), which is negligible.
 *
 * Units (see the bounds below):
 *  - normal: the largest component error in units of 2^-24, against the
 *    exact direction of the exact offset, and (to separate the library's own
 *    operations from the one rounding of dx = cx - px) against the exact
 *    direction of the binary32 (dx, dy); | |normal| - 1 | in 2^-24.
 *  - separation: in binary32 ulps of the larger operand of the final
 *    subtraction, max(dist, r) outside a box, max(b, r) inside one (b the
 *    nearest face's distance), max(dist, r + ro) for circles. That is the
 *    meaningful scale: separation is a difference, so near touching its own
 *    ulp is far below the rounding of its operands.
 *  - circle contact point: per coordinate, in ulps of max(|o|, ro) (that
 *    coordinate of the other circle's centre, and its radius): the point is
 *    o + n * ro, whose error is the normal's times ro plus two roundings, so
 *    it cannot be bounded by the ulp of a coordinate that cancels to near 0.
 *  - the translation: the circle moved by normal * (0 - separation) (in
 *    double), its exact signed distance re-measured, minus r (or r + ro), in
 *    ulps of the original scale.
 *
 * Inputs are well-formed (finite, min <= max, radii >= 0, magnitudes at most
 * 2^125) in several scale classes, each a range of exponents for positions,
 * offsets and extents: unit-ish; tiny (distances near 2^-76 and below, whose
 * squares underflow); denormal coordinates; huge (squares overflow); up to
 * the 2^125 limit; and mixed exponents (positions far from the origin with
 * tiny offsets, so dx rounds; a radius far larger than the distance; ...).
 * Boxes include points and segments; centres inside, on the boundary, at the
 * exact centre, in face and corner regions, and touching.
 *
 * Each test runs once per subject: every backend's raw kernels
 * (cb_entry_kernel) and the public functions (cb_entry_call); a backend that
 * cannot run here is skipped by name with the library's reason. Entries are
 * found by their descriptors, never by name. Every stream comes from
 * tb_rng_for, so CB_SEED replays a failure; messages print the seed.
 */

#include "subjects.h"

/* ---------------------------------------------------------------- entries */

/* The entry with d's shapes and layout that answers query q with output o,
 * or cb_entry_count(). */
static size_t entry_like(const cb_entry_info *d, cb_query q, cb_output o)
{
    for (size_t e = 0; e < cb_entry_count(); e++) {
        const cb_entry_info *x = cb_entry_info_of(e);
        if (x->form == d->form && x->query == q && x->output == o && x->one == d->one &&
            x->many == d->many &&
            x->layout == d->layout)
            return e;
    }
    return cb_entry_count();
}

static size_t twin_or_fail(size_t e, cb_query q, cb_output o)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    size_t t = entry_like(d, q, o);
    cr_assert(t < cb_entry_count(), "%s has no entry of query %d, output %d with its shapes and layout",
              d->name, (int)q, (int)o);
    return t;
}

/* The three pairings of shapes: which is the single one, which the elements. */
typedef struct {
    cb_shape one, many;
    const char *label;
} combo;
static const combo combos[] = {
    {CB_SHAPE_CIRCLE, CB_SHAPE_BOX, "circle vs boxes"},
    {CB_SHAPE_BOX, CB_SHAPE_CIRCLE, "circles vs box"},
    {CB_SHAPE_CIRCLE, CB_SHAPE_CIRCLE, "circle vs circles"},
};
#define N_COMBOS (sizeof combos / sizeof combos[0])

/* The axis-aligned contact entries: oriented boxes reuse this contract in
 * their frame, and tests/test_oriented.c holds them to it. */
static int is_contacts(const cb_entry_info *d)
{
    return d->query == CB_QUERY_CONTACTS && d->one != CB_SHAPE_OBOX && d->many != CB_SHAPE_OBOX;
}
static int in_combo(const cb_entry_info *d, const combo *k)
{
    return d->one == k->one && d->many == k->many;
}
static int circles_only(const cb_entry_info *d)
{
    return d->one == CB_SHAPE_CIRCLE && d->many == CB_SHAPE_CIRCLE;
}

/* The descriptors of the new queries are consistent and complete: every
 * distance and contacts entry writes its output kind and has its twins (the
 * other new query, and the overlap query with both outputs) with the same
 * shapes and layout, and each pairing of shapes exists in both layouts. So
 * the loops below cover what they claim. */
Test(contacts, entries)
{
    size_t nd = 0, nc = 0;
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        cr_assert_not_null(d);
        if (d->query == CB_QUERY_DISTANCE) {
            cr_assert_eq(d->output, CB_OUTPUT_DISTANCES, "%s", d->name);
            twin_or_fail(e, CB_QUERY_CONTACTS, CB_OUTPUT_CONTACTS);
            nd++;
        } else if (d->query == CB_QUERY_CONTACTS) {
            cr_assert_eq(d->output, CB_OUTPUT_CONTACTS, "%s", d->name);
            twin_or_fail(e, CB_QUERY_DISTANCE, CB_OUTPUT_DISTANCES);
            twin_or_fail(e, CB_QUERY_OVERLAP, CB_OUTPUT_MASK);
            twin_or_fail(e, CB_QUERY_OVERLAP, CB_OUTPUT_INDICES);
            nc++;
        } else if (d->query == CB_QUERY_SWEEP) { /* test_sweep.c */
            cr_assert(d->output == CB_OUTPUT_TIMES || d->output == CB_OUTPUT_HITS ||
                          d->output == CB_OUTPUT_FIRST_HIT,
                      "%s", d->name);
        } else {
            cr_assert(d->output == CB_OUTPUT_MASK || d->output == CB_OUTPUT_INDICES, "%s", d->name);
        }
    }
    for (size_t k = 0; k < N_COMBOS; k++)
        for (int lay = CB_LAYOUT_SOA; lay <= CB_LAYOUT_AOS; lay++) {
            cb_entry_info want = {"", CB_FORM_BATCH, CB_QUERY_CONTACTS, combos[k].one, combos[k].many,
                                  (cb_layout)lay, CB_OUTPUT_CONTACTS};
            cr_assert(entry_like(&want, CB_QUERY_CONTACTS, CB_OUTPUT_CONTACTS) < cb_entry_count(),
                      "no contacts entry for %s, layout %d", combos[k].label, lay);
        }
    cr_log_info("%zu distance entries, %zu contacts entries", nd, nc);
}

/* ----------------------------------------------------------------- pairs */

/* One (query circle, box or other circle) pair: c is the circle the normal
 * points toward and the translation moves. */
typedef struct {
    int circles; /* 1: c against the circle o; 0: c against the box b */
    cb_circle c;
    cb_box b;
    cb_circle o;
} pair;

static void describe(char *buf, size_t size, const pair *p)
{
    if (p->circles)
        snprintf(buf, size, "circle (%a, %a, r %a) vs circle (%a, %a, r %a)", p->c.x, p->c.y,
                 p->c.r, p->o.x, p->o.y, p->o.r);
    else
        snprintf(buf, size, "circle (%a, %a, r %a) vs box (%a, %a, %a, %a)", p->c.x, p->c.y,
                 p->c.r, p->b.min_x, p->b.min_y, p->b.max_x, p->b.max_y);
}

/* ------------------------------------------------------------ the oracle */



/* The first of the four face distances (-x, +x, -y, +y) that is not greater
 * than any later one: the first of the nearest ones. */
static int first_min(const double f[4])
{
    int k = 0;
    for (int j = 1; j < 4; j++)
        if (f[j] < f[k])
            k = j;
    return k;
}

static const double face_normal[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};

/* The exact answer for one pair. */
typedef struct {
    int feature;
    double nx, ny;     /* the exact outward unit normal */
    double sep;        /* the exact separation */
    double px, py;     /* the exact contact point */
    double scale;      /* the larger operand of the final subtraction */
    double fnx, fny;   /* the exact direction of the binary32 (dx, dy) */
    double fsep;       /* the separation from the binary32 (dx, dy), exactly */
    double fscale;
    int face;          /* inside: the header's face on the binary32 face distances */
    int face_exact;    /* inside: the exactly nearest face */
} ref;

static ref ref_box(cb_circle c, cb_box b)
{
    ref R;
    memset(&R, 0, sizeof R);
    double cx = c.x, cy = c.y, r = c.r;
    double px = tb_clampd(cx, b.min_x, b.max_x), py = tb_clampd(cy, b.min_y, b.max_y);
    if (px != cx || py != cy) { /* outside: the offset from the nearest point */
        double dx = cx - px, dy = cy - py, dist = sqrt(dx * dx + dy * dy);
        R.feature = px != cx && py != cy ? CB_FEATURE_CORNER : CB_FEATURE_FACE;
        R.nx = dx / dist, R.ny = dy / dist;
        R.sep = dist - r, R.scale = fmax(dist, r);
        R.px = px, R.py = py;
        /* double rounding through double is harmless (53 >= 2 * 24 + 2): this
         * is the binary32 difference cx - px */
        double fdx = (float)dx, fdy = (float)dy, fdist = sqrt(fdx * fdx + fdy * fdy);
        R.fnx = fdx / fdist, R.fny = fdy / fdist;
        R.fsep = fdist - r, R.fscale = fmax(fdist, r);
        R.face = R.face_exact = -1;
        return R;
    }
    /* inside or on the boundary: the nearest face */
    double fd[4] = {cx - b.min_x, b.max_x - cx, cy - b.min_y, b.max_y - cy};
    double ff[4];
    for (int k = 0; k < 4; k++)
        ff[k] = (float)fd[k];
    R.face_exact = first_min(fd);
    R.face = first_min(ff);
    int k = R.face;
    R.feature = CB_FEATURE_INSIDE;
    R.nx = R.fnx = face_normal[k][0], R.ny = R.fny = face_normal[k][1];
    R.px = k == 0 ? b.min_x : k == 1 ? b.max_x : cx;
    R.py = k == 2 ? b.min_y : k == 3 ? b.max_y : cy;
    double bmin = fd[R.face_exact];
    R.sep = -(bmin + r), R.scale = fmax(bmin, r);
    R.fsep = -(ff[k] + r), R.fscale = fmax(ff[k], r);
    return R;
}

static ref ref_circles(cb_circle c, cb_circle o)
{
    ref R;
    memset(&R, 0, sizeof R);
    double dx = (double)c.x - o.x, dy = (double)c.y - o.y, s = (double)c.r + o.r;
    R.face = R.face_exact = -1;
    if (dx == 0 && dy == 0) { /* coincident centres: the header's fixed normal */
        R.feature = CB_FEATURE_INSIDE;
        R.nx = R.fnx = 1, R.ny = R.fny = 0;
        R.sep = R.fsep = -s, R.scale = R.fscale = s;
        R.px = (double)o.x + o.r, R.py = o.y;
        return R;
    }
    double dist = sqrt(dx * dx + dy * dy);
    R.feature = CB_FEATURE_FACE;
    R.nx = dx / dist, R.ny = dy / dist;
    R.sep = dist - s, R.scale = fmax(dist, s);
    R.px = o.x + o.r * R.nx, R.py = o.y + o.r * R.ny;
    double fdx = (float)dx, fdy = (float)dy, fdist = sqrt(fdx * fdx + fdy * fdy);
    R.fnx = fdx / fdist, R.fny = fdy / fdist;
    R.fsep = fdist - s, R.fscale = fmax(fdist, s);
    return R;
}

static ref ref_pair(const pair *p) { return p->circles ? ref_circles(p->c, p->o) : ref_box(p->c, p->b); }

/* The exact signed distance of the query circle's centre moved by (vx, vy)
 * from the box, or from the other circle's centre: what the translated
 * circle is re-measured with. Offsets are formed relative to the box's sides
 * (or the other centre) before adding the move, so a move far below the
 * coordinates' magnitude is not absorbed by the double rounding of an
 * absolute position. */
static double moved_dist(const pair *p, double vx, double vy)
{
    if (p->circles) {
        double dx = ((double)p->c.x - p->o.x) + vx, dy = ((double)p->c.y - p->o.y) + vy;
        return sqrt(dx * dx + dy * dy);
    }
    const cb_box *b = &p->b;
    double lx = ((double)p->c.x - b->min_x) + vx, hx = ((double)b->max_x - p->c.x) - vx;
    double ly = ((double)p->c.y - b->min_y) + vy, hy = ((double)b->max_y - p->c.y) - vy;
    double ox = lx < 0 ? -lx : hx < 0 ? -hx : 0, oy = ly < 0 ? -ly : hy < 0 ? -hy : 0;
    if (ox > 0 || oy > 0)
        return sqrt(ox * ox + oy * oy);
    return -fmin(fmin(lx, hx), fmin(ly, hy));
}

/* ------------------------------------------------------------- statistics */

enum { B_OUTSIDE, B_INSIDE, B_CIRCLES, N_BUCKETS };
static const char *bucket_names[N_BUCKETS] = {"box, centre outside", "box, centre inside",
                                              "circle vs circle"};
enum { M_NORMAL, M_NORMAL_F, M_NORMAL_LEN, M_SEP, M_SEP_F, M_POINT, M_POINT_OWN, M_ON_CIRCLE,
       M_MTV, N_METRICS };
static const char *metric_names[N_METRICS] = {
    "normal component vs exact (2^-24)",
    "normal component vs direction of binary32 (dx, dy) (2^-24)",
    "| |normal| - 1 | (2^-24)",
    "separation vs exact (ulp of scale)",
    "separation vs exact length of binary32 (dx, dy) (ulp of scale)",
    "point per coordinate (ulp of max(|o|, ro))",
    "point per coordinate (ulp of the exact coordinate itself; not a bound)",
    "| |point - o| - ro | (ulp of max(|ox|, |oy|, ro))",
    "moved by the translation, re-measured (ulp of scale)",
};
/*
 * The bounds asserted, and why they hold (u = 2^-24; ulps are of the scale
 * named above; docs/contacts.md has the measured values).
 *
 * Offsets with 2^-50 <= m <= 2^50 (every ordinary one) take the direct
 * form: d2 = dx*dx + dy*dy is within a relative 2 u of the exact squared
 * length of the binary32 (dx, dy) (two products and a sum, u each), so
 * dist = SQRT(d2) is within 2 u of the exact length (half of that, plus the
 * root's own rounding), and each normal component dx / dist within 3 u of
 * the exact direction (one more rounding). The scaled form of the other
 * offsets is a function of t = MIN / MAX alone; scanning every binary32 t
 * in [2^-13, 1] (below that l = 1) bounds its components and | |n| - 1 | by
 * 1.99 u and l by a relative 1.59 u, inside the direct form's bounds. So:
 *  - normal against the binary32 (dx, dy): 3 u; | |normal| - 1 |: 3 u.
 *  - normal against exact geometry: + u, the change of direction from
 *    rounding dx and dy (each by at most u relative): 4 u.
 *  - separation against the binary32 (dx, dy): dist within 2 u relative,
 *    under 2 ulp of dist, and 0.5 for dist - r: 2.5, asserted as 2.6
 *    (circles: + 0.5 for rounding r + ro: 3.1). Inside a box only b + r
 *    rounds: 1.
 *  - separation against exact geometry: + the change of length from
 *    rounding dx and dy, 0.5 (ulp(dx) |nx| + ulp(dy) |ny|) <= 0.71 ulp of
 *    dist: 3.3 (circles 3.8); inside, + 0.5 for rounding b: 1.5.
 *  - circle point per coordinate: the normal's 4 u times ro (4 ulp of ro),
 *    0.5 for the product, 1 for the sum (whose ulp is at most twice the
 *    scale's): 5.5. On the other circle: only the normal's length error is
 *    radial (3), plus those two roundings along each axis (1.5 sqrt 2): 5.2.
 *  - the translation: the separation's error plus the normal's length
 *    error (3 u) and direction error (at most 4 sqrt 2 u) times
 *    |separation|: 12 (circles 12.5). Loose, but it catches a wrong face,
 *    sign or magnitude; the measured worst is logged. Inside a box the
 *    normal is exact: the separation's 1.5.
 * A negative bound is reported, not asserted. The oracle's own double
 * rounding (some 2^-29 of these units) is covered by a slack of 1e-6.
 */
static const double bounds[N_BUCKETS][N_METRICS] = {
    /*             normal  normal_f len  sep  sep_f point own  on   mtv */
    [B_OUTSIDE] = {4.0,    3.0,     3.0, 3.3, 2.6,  -1,   -1,  -1,  12.0},
    [B_INSIDE] =  {0,      0,       0,   1.5, 1.0,  -1,   -1,  -1,  1.5},
    [B_CIRCLES] = {4.0,    3.0,     3.0, 3.8, 3.1,  5.5,  -1,  5.2, 12.5},
};
#define SLACK 1e-6

typedef struct {
    double worst[N_BUCKETS][N_METRICS];
    char where[N_BUCKETS][N_METRICS][320];
    size_t count[N_BUCKETS];
    size_t corners, faces, near_ties;
} stats;

/* Records value v of metric m and asserts its bound. */
static void note(stats *S, int bucket, int m, double v, const char *subj, const cb_entry_info *d,
                 const pair *p, const char *cls)
{
    if (!(v <= S->worst[bucket][m]) || isnan(v)) {
        S->worst[bucket][m] = v;
        char desc[200];
        describe(desc, sizeof desc, p);
        snprintf(S->where[bucket][m], sizeof S->where[bucket][m], "%s [%s]", desc, cls);
    }
    double bound = bounds[bucket][m];
    if (bound >= 0 && !(v <= bound + SLACK)) {
        char desc[200];
        describe(desc, sizeof desc, p);
        cr_assert_fail("%s, %s (%s): %s = %.3f exceeds the bound %.2f; %s [%s], " SEED_FMT, subj,
                       d->name, bucket_names[bucket], metric_names[m], v, bound, desc,
                       cls, tb_seed());
    }
}

static void log_stats(const stats *S, const char *subj)
{
    for (int b = 0; b < N_BUCKETS; b++) {
        if (!S->count[b])
            continue;
        cr_log_info("%s: %s, %zu results", subj, bucket_names[b], S->count[b]);
        for (int m = 0; m < N_METRICS; m++)
            if (S->where[b][m][0])
                cr_log_info("  worst %s: %.3f (bound %.1f) at %s", metric_names[m],
                            S->worst[b][m], bounds[b][m], S->where[b][m]);
    }
}

/* --------------------------------------------------------------- outputs */

typedef struct {
    size_t n;
    float *dist;
    cb_contacts ct;
} outputs;

static outputs outputs_new(size_t n)
{
    outputs o;
    o.n = n;
    o.dist = tb_alloc_guarded(n * sizeof(float), 0);
    o.ct.index = tb_alloc_guarded(n * sizeof(uint32_t), 0);
    o.ct.normal_x = tb_alloc_guarded(n * sizeof(float), 0);
    o.ct.normal_y = tb_alloc_guarded(n * sizeof(float), 0);
    o.ct.separation = tb_alloc_guarded(n * sizeof(float), 0);
    o.ct.point_x = tb_alloc_guarded(n * sizeof(float), 0);
    o.ct.point_y = tb_alloc_guarded(n * sizeof(float), 0);
    o.ct.feature = tb_alloc_guarded(n * sizeof(uint8_t), 0);
    return o;
}

static void outputs_free(outputs *o)
{
    tb_free(o->dist), tb_free(o->ct.index), tb_free(o->ct.normal_x), tb_free(o->ct.normal_y);
    tb_free(o->ct.separation), tb_free(o->ct.point_x), tb_free(o->ct.point_y);
    tb_free(o->ct.feature);
}

/* Contact k of two outputs, bit for bit. */
static int same_contact(const cb_contacts *a, size_t ka, const cb_contacts *b, size_t kb)
{
    return tk_bits(a->normal_x[ka]) == tk_bits(b->normal_x[kb]) &&
           tk_bits(a->normal_y[ka]) == tk_bits(b->normal_y[kb]) &&
           tk_bits(a->separation[ka]) == tk_bits(b->separation[kb]) &&
           tk_bits(a->point_x[ka]) == tk_bits(b->point_x[kb]) &&
           tk_bits(a->point_y[ka]) == tk_bits(b->point_y[kb]) && a->feature[ka] == b->feature[kb];
}

/* The input entry d reads as cb_args.many, from the elements in both
 * shapes and layouts. */
static const void *pick_many(const cb_entry_info *d, const cb_box_soa *bs, const cb_box *ba,
                             const cb_circle_soa *cs, const cb_circle *ca)
{
    if (d->many == CB_SHAPE_BOX)
        return d->layout == CB_LAYOUT_SOA ? (const void *)bs : (const void *)ba;
    return d->layout == CB_LAYOUT_SOA ? (const void *)cs : (const void *)ca;
}

/* One element, one pair, run through entry e with n = 1 (stack inputs). */
typedef struct {
    uint32_t index;
    float nx, ny, sep, px, py;
    uint8_t feature;
    float dist;
} one_out;

static size_t run_one(int s, size_t e, const pair *p, float margin, unsigned flags, one_out *o)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    cb_box bx = p->b;
    cb_circle el = d->one == CB_SHAPE_BOX ? p->c : p->o;
    cb_box_soa bs = {&bx.min_x, &bx.min_y, &bx.max_x, &bx.max_y};
    cb_circle_soa cs = {&el.x, &el.y, &el.r};
    cb_contacts ct = {&o->index, &o->nx, &o->ny, &o->sep, &o->px, &o->py, &o->feature};
    cb_args a;
    memset(&a, 0, sizeof a);
    a.circle = p->c, a.box = p->b, a.n = 1, a.flags = flags;
    a.many = pick_many(d, &bs, &bx, &cs, &el);
    a.margin = margin;
    a.out = d->output == CB_OUTPUT_CONTACTS ? (void *)&ct : (void *)&o->dist;
    return run(s, e, &a);
}

/* ------------------------------------------------------ checking a result */

/* Checks contact k of `ct` (element i, the pair p) against the oracle and
 * records its errors. */
static void check_contact(stats *S, const char *subj, const cb_entry_info *d, const char *cls,
                          const pair *p, const cb_contacts *ct, size_t k)
{
    float nx = ct->normal_x[k], ny = ct->normal_y[k], sep = ct->separation[k];
    float qx = ct->point_x[k], qy = ct->point_y[k];
    int feat = ct->feature[k];
    ref R = ref_pair(p);
    char desc[200];
    describe(desc, sizeof desc, p);
    char why[200];
#define FAIL_IF(cond, ...)                                                                         \
    do {                                                                                           \
        if (cond) {                                                                                \
            snprintf(why, sizeof why, __VA_ARGS__);                                                \
            cr_assert_fail("%s, %s: %s; got normal (%a, %a) separation %a point (%a, %a) "        \
                           "feature %d; %s [%s], " SEED_FMT,                                       \
                           subj, d->name, why, nx, ny, sep, qx, qy, feat, desc, cls, tb_seed());   \
        }                                                                                          \
    } while (0)
    FAIL_IF(!isfinite(nx) || !isfinite(ny) || !isfinite(sep) || !isfinite(qx) || !isfinite(qy),
            "%s", "a result is not finite for well-formed input");
    FAIL_IF(feat != R.feature, "feature %d expected (the clamp moved %s)", R.feature,
            R.feature == CB_FEATURE_CORNER ? "both coordinates"
            : R.feature == CB_FEATURE_FACE ? "one coordinate (or the centres differ)"
                                           : "neither coordinate (or the centres coincide)");
    int bucket = p->circles ? B_CIRCLES : R.feature == CB_FEATURE_INSIDE ? B_INSIDE : B_OUTSIDE;
    S->count[bucket]++;
    S->corners += R.feature == CB_FEATURE_CORNER, S->faces += R.feature == CB_FEATURE_FACE;

    /* normal */
    double len = sqrt((double)nx * nx + (double)ny * ny);
    note(S, bucket, M_NORMAL_LEN, fabs(len - 1) / U24, subj, d, p, cls);
    if (bucket == B_INSIDE) {
        /* the header's face, exactly; the point on it, exactly */
        FAIL_IF(nx != R.nx || ny != R.ny, "the normal of face %d expected (the first nearest of "
                "-x, +x, -y, +y on the binary32 face distances)", R.face);
        FAIL_IF(qx != R.px || qy != R.py, "the point (%a, %a) on face %d expected", R.px, R.py,
                R.face);
        S->near_ties += R.face != R.face_exact;
    } else {
        note(S, bucket, M_NORMAL, fmax(fabs(nx - R.nx), fabs(ny - R.ny)) / U24, subj, d, p, cls);
        note(S, bucket, M_NORMAL_F, fmax(fabs(nx - R.fnx), fabs(ny - R.fny)) / U24, subj, d, p,
             cls);
        /* the normal never points the wrong way along an axis */
        FAIL_IF((R.nx > 0 && nx < 0) || (R.nx < 0 && nx > 0) || (R.ny > 0 && ny < 0) ||
                    (R.ny < 0 && ny > 0) || (R.nx == 0 && nx != 0) || (R.ny == 0 && ny != 0),
                "the normal's signs differ from the exact (%.17g, %.17g)", R.nx, R.ny);
    }
    /* separation */
    note(S, bucket, M_SEP, fabs(sep - R.sep) / tb_ulpf(R.scale), subj, d, p, cls);
    note(S, bucket, M_SEP_F, fabs(sep - R.fsep) / tb_ulpf(R.fscale), subj, d, p, cls);
    /* contact point */
    if (!p->circles) {
        FAIL_IF(qx != R.px || qy != R.py, "the exact nearest point (%a, %a) expected", R.px, R.py);
        const cb_box *b = &p->b;
        int on_x_side = (qx == b->min_x || qx == b->max_x) && qy >= b->min_y && qy <= b->max_y;
        int on_y_side = (qy == b->min_y || qy == b->max_y) && qx >= b->min_x && qx <= b->max_x;
        FAIL_IF(!on_x_side && !on_y_side, "%s", "the point is not on a side of the box");
    } else {
        double ex = fabs(qx - R.px) / tb_ulpf(fmax(fabs(p->o.x), p->o.r));
        double ey = fabs(qy - R.py) / tb_ulpf(fmax(fabs(p->o.y), p->o.r));
        note(S, bucket, M_POINT, fmax(ex, ey), subj, d, p, cls);
        double ox = fabs(qx - R.px) / tb_ulpf(R.px), oy = fabs(qy - R.py) / tb_ulpf(R.py);
        note(S, bucket, M_POINT_OWN, fmax(ox, oy), subj, d, p, cls);
        double on = sqrt(((double)qx - p->o.x) * ((double)qx - p->o.x) +
                         ((double)qy - p->o.y) * ((double)qy - p->o.y)) -
                    p->o.r;
        note(S, bucket, M_ON_CIRCLE,
             fabs(on) / tb_ulpf(fmax(fmax(fabs(p->o.x), fabs(p->o.y)), p->o.r)), subj, d, p, cls);
    }
    /* the translation normal * (0 - separation) leaves the pair touching */
    double target = p->circles ? (double)p->c.r + p->o.r : (double)p->c.r;
    double moved = moved_dist(p, (double)nx * -(double)sep, (double)ny * -(double)sep);
    note(S, bucket, M_MTV, fabs(moved - target) / tb_ulpf(R.scale), subj, d, p, cls);
#undef FAIL_IF
}

/* ------------------------------------------------------------ generators */

/* The scale classes (support.h's tb_scale_class), up to 2^125. */
static const tb_scale_class classes[] = {
    {"unit", {-4, 8}, {-8, 6}, {-8, 6}},
    {"tiny, squares underflow", {-100, -80}, {-110, -76}, {-110, -76}},
    {"denormal", {-149, -127}, {-149, -127}, {-149, -127}},
    {"huge, squares overflow", {64, 100}, {64, 100}, {64, 100}},
    {"up to the 2^125 limit", {118, 124}, {110, 124}, {110, 124}},
    {"mixed exponents", {-149, 124}, {-149, 124}, {-149, 124}},
};
#define N_CLASSES (sizeof classes / sizeof classes[0])

/* A position: zero (of either sign) one time in 16. */
static float rpos(tk_rng *g, const int r[2])
{
    if (tk_next(g) % 16 == 0)
        return tk_next(g) & 1 ? -0.f : 0.f;
    return tb_rexp(g, r);
}

#define LIMIT 0x1p125f
static int ok_value(float v) { return isfinite(v) && fabsf(v) <= LIMIT; }
static int ok_box(cb_box b)
{
    return ok_value(b.min_x) && ok_value(b.min_y) && ok_value(b.max_x) && ok_value(b.max_y) &&
           b.min_x <= b.max_x && b.min_y <= b.max_y;
}
static int ok_circle(cb_circle c) { return ok_value(c.x) && ok_value(c.y) && ok_value(c.r) && c.r >= 0; }

/* [v - a, v + b]; an interval of length w at gap g from v on side s. */
static void iv_around(float v, float a, float b, float *lo, float *hi) { *lo = v - a, *hi = v + b; }
static void iv_away(float v, float g, float w, int s, float *lo, float *hi)
{
    if (s > 0)
        *lo = v + g, *hi = *lo + w;
    else
        *hi = v - g, *lo = *hi - w;
}
static int rsign(tk_rng *g) { return tk_next(g) & 1 ? 1 : -1; }

/* A direction in the open first quadrant, (1 - t^2, 2t) / (1 + t^2), t in (0, 1). */
static void rdir(tk_rng *g, double *ux, double *uy)
{
    double t = 1e-3 + 0.998 * (double)tk_uniform(g, 0.f, 1.f);
    *ux = (1 - t * t) / (1 + t * t), *uy = 2 * t / (1 + t * t);
}

/* A box for the single circle c (elements of "circle vs boxes"). */
static cb_box gen_box_for(tk_rng *g, const tb_scale_class *s, cb_circle c)
{
    for (int tries = 0; tries < 1000; tries++) {
        float cx = c.x, cy = c.y, e[4];
        for (int k = 0; k < 4; k++)
            e[k] = tb_rmag(g, s->ext, 8);
        float lo[2], hi[2], v[2] = {cx, cy};
        /* modes 8 and 9 repeat the face and corner regions: outside cases
         * are the ones with a computed normal */
        unsigned mode = (unsigned)(tk_next(g) % 10);
        mode = mode == 8 ? 4 : mode == 9 ? 5 : mode;
        int swap = tk_next(g) & 1;
        switch (mode) {
        case 0: /* anywhere near */
            for (int a = 0; a < 2; a++)
                lo[a] = v[a] + tb_rexp(g, s->off), hi[a] = lo[a] + e[a];
            break;
        case 1: /* the centre inside */
            iv_around(cx, e[0], e[1], &lo[0], &hi[0]);
            iv_around(cy, e[2], e[3], &lo[1], &hi[1]);
            break;
        case 2: /* the centre on a side */
            iv_around(cx, e[0], e[1], &lo[0], &hi[0]);
            iv_around(cy, e[2], e[3], &lo[1], &hi[1]);
            switch (tk_next(g) % 4) {
            case 0: lo[0] = cx; break;
            case 1: hi[0] = cx; break;
            case 2: lo[1] = cy; break;
            default: hi[1] = cy; break;
            }
            break;
        case 3: { /* the centre at the centre (a square half the time) */
            float hy = tk_next(g) & 1 ? e[0] : e[1];
            iv_around(cx, e[0], e[0], &lo[0], &hi[0]);
            iv_around(cy, hy, hy, &lo[1], &hi[1]);
            break;
        }
        case 4: /* a face region: across one axis, away along the other */
            iv_around(v[swap], e[0], e[1], &lo[swap], &hi[swap]);
            iv_away(v[!swap], tb_rmag(g, s->off, 1), e[2], rsign(g), &lo[!swap], &hi[!swap]);
            break;
        case 5: /* a corner region */
            for (int a = 0; a < 2; a++)
                iv_away(v[a], tb_rmag(g, s->off, 1), e[a], rsign(g), &lo[a], &hi[a]);
            break;
        case 6: /* touching the circle at a side or a corner, up to rounding */
            if (tk_next(g) & 1) {
                iv_away(v[swap], c.r, e[0], rsign(g), &lo[swap], &hi[swap]);
                iv_around(v[!swap], e[1], e[2], &lo[!swap], &hi[!swap]);
            } else {
                double ux, uy;
                rdir(g, &ux, &uy);
                iv_away(cx, (float)(c.r * ux), e[0], rsign(g), &lo[0], &hi[0]);
                iv_away(cy, (float)(c.r * uy), e[1], rsign(g), &lo[1], &hi[1]);
            }
            break;
        default: /* a point or a segment, near or through the centre */
            for (int a = 0; a < 2; a++) {
                lo[a] = tk_next(g) & 1 ? v[a] : v[a] + tb_rexp(g, s->off);
                hi[a] = lo[a] + (tk_next(g) & 1 ? 0.f : e[a]);
            }
            if (tk_next(g) & 1)
                hi[0] = lo[0];
            else
                hi[1] = lo[1];
            break;
        }
        cb_box b = {lo[0], lo[1], hi[0], hi[1]};
        if (ok_box(b))
            return b;
    }
    cr_assert_fail("no well-formed box generated in 1000 tries: test bug");
    return (cb_box){0, 0, 0, 0};
}

/* The exact distance from (x, y) to the box (0 inside). */
static double box_dist(double x, double y, cb_box b)
{
    double dx = x - tb_clampd(x, b.min_x, b.max_x), dy = y - tb_clampd(y, b.min_y, b.max_y);
    return sqrt(dx * dx + dy * dy);
}

/* A circle for the single box b (elements of "circles vs box"). */
static cb_circle gen_circle_for_box(tk_rng *g, const tb_scale_class *s, cb_box b)
{
    for (int tries = 0; tries < 1000; tries++) {
        float lo[2] = {b.min_x, b.min_y}, hi[2] = {b.max_x, b.max_y}, v[2];
        unsigned mode = (unsigned)(tk_next(g) % 8); /* 6 and 7: corner and face again */
        mode = mode == 6 ? 5 : mode == 7 ? 4 : mode;
        int swap = tk_next(g) & 1;
        for (int a = 0; a < 2; a++) { /* inside, uniformly */
            double u = (double)tk_uniform(g, 0.f, 1.f);
            v[a] = fminf(fmaxf((float)((double)lo[a] + u * ((double)hi[a] - lo[a])), lo[a]), hi[a]);
        }
        switch (mode) {
        case 0: /* anywhere near the centre of the box */
            for (int a = 0; a < 2; a++)
                v[a] = (float)(((double)lo[a] + hi[a]) / 2) + tb_rexp(g, s->off);
            break;
        case 1: /* inside */
            break;
        case 2: /* on a side */
            v[swap] = tk_next(g) & 1 ? lo[swap] : hi[swap];
            break;
        case 3: /* the exact centre when it is a float */
            for (int a = 0; a < 2; a++)
                v[a] = (float)(((double)lo[a] + hi[a]) / 2);
            break;
        case 4: /* a face region */
            v[!swap] = tk_next(g) & 1 ? hi[!swap] + tb_rmag(g, s->off, 1) : lo[!swap] - tb_rmag(g, s->off, 1);
            break;
        default: /* a corner region */
            for (int a = 0; a < 2; a++)
                v[a] = tk_next(g) & 1 ? hi[a] + tb_rmag(g, s->off, 1) : lo[a] - tb_rmag(g, s->off, 1);
            break;
        }
        cb_circle c = {v[0], v[1], 0};
        c.r = tb_radius_at(g, s, box_dist(c.x, c.y, b));
        if (ok_circle(c))
            return c;
    }
    cr_assert_fail("no well-formed circle generated in 1000 tries: test bug");
    return (cb_circle){0, 0, 0};
}

/* A circle for the single circle c (elements of "circle vs circles"). */
static cb_circle gen_circle_for_circle(tk_rng *g, const tb_scale_class *s, cb_circle c)
{
    for (int tries = 0; tries < 1000; tries++) {
        cb_circle o;
        switch (tk_next(g) % 6) {
        case 0: /* coincident centres */
            o.x = c.x, o.y = c.y;
            break;
        case 1: case 2: /* anywhere near */
            o.x = c.x + tb_rexp(g, s->off), o.y = c.y + tb_rexp(g, s->off);
            break;
        case 3: /* along an axis */
            if (tk_next(g) & 1)
                o.x = c.x + tb_rexp(g, s->off), o.y = c.y;
            else
                o.x = c.x, o.y = c.y + tb_rexp(g, s->off);
            break;
        case 4: { /* near a diagonal: |dx| and |dy| within a few percent */
            float a = tb_rexp(g, s->off);
            o.x = c.x + a, o.y = c.y + (float)rsign(g) * a * tk_uniform(g, 0.97f, 1.03f);
            break;
        }
        default: /* a position of its own */
            o.x = rpos(g, s->pos), o.y = rpos(g, s->pos);
            break;
        }
        double dist = sqrt(((double)c.x - o.x) * ((double)c.x - o.x) +
                           ((double)c.y - o.y) * ((double)c.y - o.y));
        /* touching: ro such that r + ro is the distance, up to rounding */
        o.r = tb_radius_at(g, s, dist > c.r ? dist - c.r : 0);
        if (ok_circle(o))
            return o;
    }
    cr_assert_fail("no well-formed circle generated in 1000 tries: test bug");
    return (cb_circle){0, 0, 0};
}

/* ----------------------------------------------------------------- batches */

/* One call's input: the single shape and n elements in both layouts. */
typedef struct {
    const combo *k;
    cb_circle circle;
    cb_box box;
    tb_corpus c;
    cb_box_soa bs;
    cb_circle_soa cs;
} batch;

static void batch_init(batch *B, size_t n)
{
    memset(B, 0, sizeof *B);
    B->c = tb_corpus_new(n);
    B->bs = tb_corpus_boxes(&B->c);
    B->cs = tb_corpus_circles(&B->c);
}

static pair pair_at(const batch *B, size_t i)
{
    pair p;
    memset(&p, 0, sizeof p);
    if (B->k->one == CB_SHAPE_BOX)
        p.c = B->c.circles[i], p.b = B->box;
    else if (B->k->many == CB_SHAPE_BOX)
        p.c = B->circle, p.b = B->c.boxes[i];
    else
        p.circles = 1, p.c = B->circle, p.o = B->c.circles[i];
    return p;
}

/* A batch of combo k in scale class s: the single shape, then every element
 * placed relative to it. */
static void batch_fill(batch *B, const combo *k, tk_rng *g, const tb_scale_class *s)
{
    B->k = k;
    if (k->one == CB_SHAPE_CIRCLE) {
        do {
            B->circle = (cb_circle){rpos(g, s->pos), rpos(g, s->pos), tb_rmag(g, s->ext, 8)};
        } while (!ok_circle(B->circle));
    } else {
        do {
            float cx = rpos(g, s->pos), cy = rpos(g, s->pos);
            float hx = tb_rmag(g, s->ext, 6), hy = tb_rmag(g, s->ext, 6);
            B->box = (cb_box){cx - hx, cy - hy, cx + hx, cy + hy};
        } while (!ok_box(B->box));
    }
    for (size_t i = 0; i < B->c.n; i++) {
        if (k->many == CB_SHAPE_BOX)
            tb_corpus_set_box(&B->c, i, gen_box_for(g, s, B->circle));
        else if (k->one == CB_SHAPE_BOX)
            tb_corpus_set_circle(&B->c, i, gen_circle_for_box(g, s, B->box));
        else
            tb_corpus_set_circle(&B->c, i, gen_circle_for_circle(g, s, B->circle));
    }
}

static cb_args batch_args(const batch *B, const cb_entry_info *d, void *out, unsigned flags,
                          float margin)
{
    tk_probe p;
    memset(&p, 0, sizeof p);
    p.circle = B->circle, p.box = B->box;
    return tk_args(d, &p, pick_many(d, &B->bs, B->c.boxes, &B->cs, B->c.circles), B->c.n, out,
                   flags, margin);
}

/* ------------------------------------------------------- (1) accuracy */

#ifndef CONTACTS_BATCHES
#define CONTACTS_BATCHES 120
#endif

ParameterizedTestParameters(contacts, accuracy)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * Every contacts entry (both layouts) on batches of every scale class,
 * with margin 2^125, so every element is reported (r + 2^125 squared
 * overflows: d2 <= inf): each result against the oracle, with the bounds
 * above. The same inputs through the distance twin must give the same
 * separations bit for bit (both modes: CB_STRICT has no effect there), and
 * through the contacts entry with a random margin and mode, a subset of the
 * elements, ascending, with the same results bit for bit.
 */
ParameterizedTest(int *subject, contacts, accuracy, .timeout = 600)
{
    const char *subj = subject_or_skip(*subject);
    /* 67: past a 64-bit mask word and the widest vector. CONTACTS_BATCHES
     * (a compile-time knob) raises the count for a longer measurement. */
    enum { N = 67, BATCHES = CONTACTS_BATCHES };
    tk_rng g = tb_rng_for(0xC0A1000u);
    stats *S = calloc(1, sizeof *S);
    cr_assert_not_null(S);
    batch B;
    batch_init(&B, N);
    outputs full = outputs_new(N), part = outputs_new(N);
    size_t checked = 0, subset_reported = 0, subset_calls = 0;
    for (size_t ki = 0; ki < N_COMBOS; ki++)
        for (size_t ci = 0; ci < N_CLASSES; ci++)
            for (int rep = 0; rep < BATCHES; rep++) {
                const tb_scale_class *cls = &classes[ci];
                batch_fill(&B, &combos[ki], &g, cls);
                float margin = tb_rmag(&g, cls->ext, 4);
                unsigned mode = tk_next(&g) & 1 ? CB_STRICT : 0;
                TK_FOR_ENTRIES(e, TK_BATCH) {
                    const cb_entry_info *d = cb_entry_info_of(e);
                    if (!is_contacts(d) || !in_combo(d, &combos[ki]))
                        continue;
                    cb_args a = batch_args(&B, d, &full.ct, 0, LIMIT);
                    size_t n = run(*subject, e, &a);
                    cr_assert_eq(n, (size_t)N, "%s, %s: margin 2^125 reported %zu of %d elements [%s], " SEED_FMT,
                                 subj, d->name, n, N, cls->name, tb_seed());
                    for (size_t k = 0; k < N; k++) {
                        cr_assert_eq(full.ct.index[k], (uint32_t)k, "%s, %s: index[%zu]", subj,
                                     d->name, k);
                        pair p = pair_at(&B, k);
                        check_contact(S, subj, d, cls->name, &p, &full.ct, k);
                        checked++;
                    }
                    /* the distance twin: the same separations, both modes */
                    size_t ed = twin_or_fail(e, CB_QUERY_DISTANCE, CB_OUTPUT_DISTANCES);
                    for (unsigned f = 0; f <= CB_STRICT; f++) {
                        memset(full.dist, 0xA5, N * sizeof(float));
                        cb_args ad = batch_args(&B, cb_entry_info_of(ed), full.dist, f, 0);
                        cr_assert_eq(run(*subject, ed, &ad), (size_t)N, "%s, %s returned not n",
                                     subj, cb_entry_info_of(ed)->name);
                        for (size_t i = 0; i < N; i++)
                            if (tk_bits(full.dist[i]) != tk_bits(full.ct.separation[i])) {
                                char desc[200];
                                pair p = pair_at(&B, i);
                                describe(desc, sizeof desc, &p);
                                cr_assert_fail("%s, %s (flags %u) element %zu: %a, but %s gives "
                                               "separation %a; %s, " SEED_FMT,
                                               subj, cb_entry_info_of(ed)->name, f, i,
                                               full.dist[i], d->name, full.ct.separation[i], desc,
                                               tb_seed());
                            }
                    }
                    /* a random margin and mode: a subset, the same results */
                    cb_args am = batch_args(&B, d, &part.ct, mode, margin);
                    size_t m = run(*subject, e, &am);
                    cr_assert(m <= N, "%s, %s returned %zu for %d elements", subj, d->name, m, N);
                    for (size_t k = 0; k < m; k++) {
                        uint32_t i = part.ct.index[k];
                        cr_assert(i < N && (k == 0 || i > part.ct.index[k - 1]),
                                  "%s, %s: indices not ascending below n at %zu, " SEED_FMT, subj,
                                  d->name, k, tb_seed());
                        cr_assert(same_contact(&part.ct, k, &full.ct, i),
                                  "%s, %s: element %u with margin %a (flags %u) differs from "
                                  "margin 2^125, " SEED_FMT,
                                  subj, d->name, i, margin, mode, tb_seed());
                    }
                    subset_reported += m, subset_calls++;
                }
            }
    for (int b = 0; b < N_BUCKETS; b++)
        cr_assert(S->count[b] > 1000, "only %zu results in bucket %s", S->count[b], bucket_names[b]);
    cr_assert(S->corners > 1000 && S->faces > 1000, "%zu corners, %zu faces", S->corners, S->faces);
    cr_assert(subset_reported > 0 && subset_reported < subset_calls * N,
              "random margins reported %zu of %zu: vacuous", subset_reported, subset_calls * N);
    cr_log_info("%s: %zu results checked (%zu corners, %zu faces, %zu inside of which %zu nearest "
                "faces differ from exact by rounding), random margins reported %zu of %zu",
                subj, checked, S->corners, S->faces, S->count[B_INSIDE], S->near_ties,
                subset_reported, subset_calls * N);
    log_stats(S, subj);
    outputs_free(&full), outputs_free(&part);
    tb_corpus_free(&B.c);
    free(S);
}

/* --------------------------------------------- (2) margin 0 is overlap */

ParameterizedTestParameters(contacts, margin_zero_is_overlap)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/* A NaN result must be the default quiet NaN (the header's promise for
 * malformed input). */

/* The set data sets of the margin-0 comparison: the shared random,
 * adversarial and touching corpora, then the well-formed scale classes. */
enum { DS_RANDOM, DS_ADVERSARIAL, DS_TOUCHING, N_FIXED_DS };
static const char *ds_name(size_t ds)
{
    static const char *fixed[N_FIXED_DS] = {"random level", "adversarial", "touching"};
    return ds < N_FIXED_DS ? fixed[ds] : classes[ds - N_FIXED_DS].name;
}

static float adversarial_value(tk_rng *g)
{
    return tk_next(g) % 4 == 0 ? tk_any_float(g) : tb_adversarial[tk_next(g) % tb_adversarial_count];
}

static void fill_data_set(batch *B, const combo *k, tk_rng *g, size_t ds)
{
    B->k = k;
    switch (ds) {
    case DS_RANDOM:
        tb_corpus_fill_random(&B->c, g);
        B->circle = (cb_circle){tk_uniform(g, 0, 256), tk_uniform(g, 0, 256), tk_uniform(g, 0, 24)};
        B->box = (cb_box){tk_uniform(g, 0, 128), tk_uniform(g, 0, 128), 0, 0};
        B->box.max_x = B->box.min_x + tk_uniform(g, 0, 64);
        B->box.max_y = B->box.min_y + tk_uniform(g, 0, 64);
        break;
    case DS_ADVERSARIAL:
        tb_corpus_fill_adversarial(&B->c, g);
        B->circle = (cb_circle){adversarial_value(g), adversarial_value(g), adversarial_value(g)};
        B->box = (cb_box){adversarial_value(g), adversarial_value(g), adversarial_value(g),
                          adversarial_value(g)};
        break;
    case DS_TOUCHING:
        B->circle = (cb_circle){tk_uniform(g, -64, 64), tk_uniform(g, -64, 64), tk_uniform(g, 0.5f, 16)};
        B->box = (cb_box){tk_uniform(g, -64, 0), tk_uniform(g, -64, 0), tk_uniform(g, 0, 64),
                          tk_uniform(g, 0, 64)};
        tb_corpus_fill_touching(&B->c, g, B->circle, B->box);
        break;
    default:
        batch_fill(B, k, g, &classes[ds - N_FIXED_DS]);
        break;
    }
}

/*
 * With margin 0 every contacts entry reports exactly the hit set of the
 * overlap entries with its shapes and layout (mask and index outputs), in
 * both touching modes, on any input: the header's "for any input", so the
 * adversarial corpus too, where every NaN written must be the default one
 * (as must every NaN of the distance twin). Touching corpora put the
 * decision in the last bit of d2.
 */
ParameterizedTest(int *subject, contacts, margin_zero_is_overlap, .timeout = 600)
{
    const char *subj = subject_or_skip(*subject);
    enum { N = 203, REPS = 20 };
    tk_rng g = tb_rng_for(0xC0A2000u);
    batch B;
    batch_init(&B, N);
    outputs o = outputs_new(N);
    uint64_t *mask = tb_alloc_guarded(((N + 63) / 64) * sizeof(uint64_t), 0);
    uint32_t *idx = tb_alloc_guarded(N * sizeof(uint32_t), 0);
    size_t calls = 0, hits = 0, nans = 0;
    for (size_t ki = 0; ki < N_COMBOS; ki++)
        for (size_t ds = 0; ds < N_FIXED_DS + N_CLASSES; ds++)
            for (int rep = 0; rep < REPS; rep++) {
                fill_data_set(&B, &combos[ki], &g, ds);
                TK_FOR_ENTRIES(e, TK_BATCH) {
                    const cb_entry_info *d = cb_entry_info_of(e);
                    if (!is_contacts(d) || !in_combo(d, &combos[ki]))
                        continue;
                    size_t em = twin_or_fail(e, CB_QUERY_OVERLAP, CB_OUTPUT_MASK);
                    size_t ei = twin_or_fail(e, CB_QUERY_OVERLAP, CB_OUTPUT_INDICES);
                    size_t ed = twin_or_fail(e, CB_QUERY_DISTANCE, CB_OUTPUT_DISTANCES);
                    for (unsigned f = 0; f <= CB_STRICT; f++) {
                        cb_args ac = batch_args(&B, d, &o.ct, f, 0.f);
                        cb_args am = batch_args(&B, cb_entry_info_of(em), mask, f, 0.f);
                        cb_args ai = batch_args(&B, cb_entry_info_of(ei), idx, f, 0.f);
                        size_t nc = run(*subject, e, &ac), nm = run(*subject, em, &am);
                        size_t ni = run(*subject, ei, &ai);
                        cr_assert(nc == nm && nc == ni,
                                  "%s, %s (flags %u, %s): %zu contacts, %s %zu hits, %s %zu, " SEED_FMT,
                                  subj, d->name, f, ds_name(ds), nc, cb_entry_info_of(em)->name,
                                  nm, cb_entry_info_of(ei)->name, ni, tb_seed());
                        for (size_t k = 0; k < nc; k++) {
                            uint32_t i = o.ct.index[k];
                            cr_assert(i == idx[k] && (mask[i / 64] >> (i % 64) & 1),
                                      "%s, %s (flags %u, %s): contact %zu is element %u, the "
                                      "overlap index list has %u, " SEED_FMT,
                                      subj, d->name, f, ds_name(ds), k, i, idx[k], tb_seed());
                            int ok = tb_canonical(o.ct.normal_x[k]) && tb_canonical(o.ct.normal_y[k]) &&
                                     tb_canonical(o.ct.separation[k]) && tb_canonical(o.ct.point_x[k]) &&
                                     tb_canonical(o.ct.point_y[k]);
                            cr_assert(ok, "%s, %s (%s): contact %zu (element %u) has a NaN other "
                                      "than 0x7FC00000, " SEED_FMT,
                                      subj, d->name, ds_name(ds), k, i, tb_seed());
                            nans += isnan(o.ct.separation[k]) != 0;
                        }
                        calls++, hits += nc;
                    }
                    cb_args ad = batch_args(&B, cb_entry_info_of(ed), o.dist, 0, 0.f);
                    cr_assert_eq(run(*subject, ed, &ad), (size_t)N);
                    for (size_t i = 0; i < N; i++)
                        cr_assert(tb_canonical(o.dist[i]),
                                  "%s, %s (%s): element %zu is a NaN %08x, not 0x7FC00000, " SEED_FMT,
                                  subj, cb_entry_info_of(ed)->name, ds_name(ds), i,
                                  tk_bits(o.dist[i]), tb_seed());
                }
            }
    cr_assert(hits > 0 && hits < calls * N && nans > 0,
              "vacuous: %zu hits in %zu calls of %d, %zu NaN separations", hits, calls, N, nans);
    cr_log_info("%s: %zu calls, %zu hits equal to the overlap entries' (%zu with a NaN separation)",
                subj, calls, hits, nans);
    tb_free(mask), tb_free(idx);
    outputs_free(&o);
    tb_corpus_free(&B.c);
}

/* ---------------------------------------------- (3) selection by margin */

ParameterizedTestParameters(contacts, selection_by_margin)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * With a margin, an element is reported when d2 <= (r + margin)^2 (circles:
 * ((r + ro) + margin)^2) in binary32: geometrically, separation <= margin,
 * up to the rounding of the squares while they neither underflow nor
 * overflow. With D the exact squared distance and M the exact squared
 * (r + margin) (or (r + ro + margin)), a float answer can differ from the
 * exact one only when |D - M| <= K u max(D, M): d2 carries 4 u (dx and dy
 * rounded, then squared: 2; two products and a sum: 2), and the squared
 * sum 3 u for boxes (one rounded sum, doubled, one product) and 5 u for
 * circles (two rounded sums). So K = 7 for boxes, 9 for circles; asserted
 * with one u to spare, as the overlap contract's 6 and 8 are. Margins are
 * placed at an element's exact separation, a few ulps either way, so the
 * bound is approached; classes are those where squares stay normal.
 */
#define K_BOXES 8.0
/* A square that neither underflows nor overflows in binary32, with room
 * for the rounding (0 is exact). */
static int in_range(double sq) { return sq == 0 || (sq >= 0x1p-120 && sq <= 0x1p120); }
#define K_CIRCLES 10.0
ParameterizedTest(int *subject, contacts, selection_by_margin, .timeout = 600)
{
    const char *subj = subject_or_skip(*subject);
    enum { N = 67, BATCHES = 60, MARGINS = 6 };
    static const tb_scale_class moderate[] = {
        {"unit", {-4, 8}, {-8, 6}, {-8, 6}},
        {"moderate exponents", {-30, 30}, {-30, 30}, {-30, 30}},
    };
    tk_rng g = tb_rng_for(0xC0A3000u);
    batch B;
    batch_init(&B, N);
    outputs o = outputs_new(N);
    size_t decided = 0, undecided = 0, differ = 0, reported = 0, total = 0, out_of_range = 0;
    double worst[2] = {0, 0}; /* largest |D - M| / max(D, M) / u of an inexact answer */
    for (size_t ki = 0; ki < N_COMBOS; ki++)
        for (size_t ci = 0; ci < 2; ci++)
            for (int rep = 0; rep < BATCHES; rep++) {
                batch_fill(&B, &combos[ki], &g, &moderate[ci]);
                for (int mi = 0; mi < MARGINS; mi++) {
                    /* a margin at element j's exact separation, nudged */
                    pair pj = pair_at(&B, (size_t)(tk_next(&g) % N));
                    ref Rj = ref_pair(&pj);
                    float margin = Rj.sep > 0x1p-50 ? (float)Rj.sep : tb_rmag(&g, moderate[ci].ext, 1);
                    for (int st = (int)(tk_next(&g) % 7) - 3; st != 0; st += st > 0 ? -1 : 1)
                        margin = nextafterf(margin, st > 0 ? INFINITY : 0.f);
                    unsigned f = tk_next(&g) & 1 ? CB_STRICT : 0;
                    TK_FOR_ENTRIES(e, TK_BATCH) {
                        const cb_entry_info *d = cb_entry_info_of(e);
                        if (!is_contacts(d) || !in_combo(d, &combos[ki]))
                            continue;
                        cb_args a = batch_args(&B, d, &o.ct, f, margin);
                        size_t n = run(*subject, e, &a);
                        cr_assert(n <= N);
                        size_t k = 0;
                        for (size_t i = 0; i < N; i++) {
                            int got = k < n && o.ct.index[k] == i;
                            k += (size_t)got;
                            reported += (size_t)got, total++;
                            pair p = pair_at(&B, i);
                            double D, sum;
                            if (p.circles) {
                                double dx = (double)p.c.x - p.o.x, dy = (double)p.c.y - p.o.y;
                                D = dx * dx + dy * dy, sum = (double)p.c.r + p.o.r + margin;
                            } else {
                                double dist = box_dist(p.c.x, p.c.y, p.b);
                                D = dist * dist, sum = (double)p.c.r + margin;
                            }
                            double M = sum * sum, big = fmax(D, M);
                            if (!in_range(D) || !in_range(M)) {
                                out_of_range++;
                                continue;
                            }
                            int want = f ? D < M : D <= M;
                            double K = p.circles ? K_CIRCLES : K_BOXES;
                            int is_decided = fabs(D - M) > K * U24 * big || big == 0;
                            if (is_decided) {
                                if (got != want) {
                                    char desc[200];
                                    describe(desc, sizeof desc, &p);
                                    cr_assert_fail("%s, %s: element %zu reported %d, exact %d "
                                                   "with |D - M| = %.3g u max(D, M) > %g u; "
                                                   "margin %a flags %u; %s, " SEED_FMT,
                                                   subj, d->name, i, got, want,
                                                   fabs(D - M) / big / U24, K, margin, f, desc,
                                                   tb_seed());
                                }
                                decided++;
                            } else {
                                undecided++;
                                if (got != want) {
                                    differ++;
                                    double rel = fabs(D - M) / big / U24;
                                    if (rel > worst[p.circles])
                                        worst[p.circles] = rel;
                                }
                            }
                        }
                        cr_assert_eq(k, n, "%s, %s: indices not ascending or out of range", subj,
                                     d->name);
                    }
                }
            }
    cr_assert(undecided > 100 && reported > total / 20 && reported < total - total / 20,
              "vacuous: %zu near the boundary, %zu of %zu reported", undecided, reported, total);
    cr_log_info("%s: %zu decided by the bound, %zu within it of which %zu differ from exact, "
                "%zu with a square out of range; worst |D - M| of an inexact answer: %.3f u "
                "max(D, M) (boxes, bound %g), %.3f u (circles, bound %g)",
                subj, decided, undecided, differ, out_of_range, worst[0], K_BOXES, worst[1],
                K_CIRCLES);

    /* Outside that range the selection follows the binary32 squares, not
     * the separation: d2 and (r + margin)^2 both overflow to inf (reported
     * at separation 2^70 > margin 0), or both underflow to 0 (reported at
     * separation 2^-80 in the default mode, not strictly). */
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (!is_contacts(d))
            continue;
        pair huge, tiny;
        memset(&huge, 0, sizeof huge), memset(&tiny, 0, sizeof tiny);
        huge.c = (cb_circle){0, 0, 0x1p70f}, huge.b = (cb_box){0x1p71f, -1, 0x1p72f, 1};
        tiny.c = (cb_circle){0, 0, 0}, tiny.b = (cb_box){0x1p-80f, -1, 1, 1};
        if (circles_only(d)) {
            huge.circles = tiny.circles = 1;
            huge.c.r = 0x1p69f, huge.o = (cb_circle){0x1p71f, 0, 0x1p69f};
            tiny.o = (cb_circle){0x1p-80f, 0, 0};
        }
        one_out r1;
        cr_assert_eq(run_one(*subject, e, &huge, 0.f, 0, &r1), 1, "%s, %s: squares overflow",
                     subj, d->name);
        cr_assert(r1.sep > 0x1p69f, "%s, %s: separation %a", subj, d->name, r1.sep);
        cr_assert_eq(run_one(*subject, e, &tiny, 0.f, 0, &r1), 1, "%s, %s: squares underflow",
                     subj, d->name);
        cr_assert(r1.sep == 0x1p-80f, "%s, %s: separation %a", subj, d->name, r1.sep);
        cr_assert_eq(run_one(*subject, e, &tiny, 0.f, CB_STRICT, &r1), 0,
                     "%s, %s: squares underflow, strict", subj, d->name);
    }
    outputs_free(&o);
    tb_corpus_free(&B.c);
}

/* ------------------------------------------------ (4) the nearest face */

ParameterizedTestParameters(contacts, inside_face_ties)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * A centre inside the box (or on it) with constructed face distances: the
 * faces in `tied` (bit k: -x, +x, -y, +y) at distance dmin, the others
 * further, all small integers times a power of 2 so every coordinate and
 * difference is exact. The header's face is the first of the tied ones in
 * that order; separation -(dmin + r), the normal out through it and the
 * point on it are then exact (the normal's zero component is +0, as the
 * header writes it). dmin = 0 puts the centre on the boundary;
 * -x and +x both at 0 is a segment, all four a point; all four equal is the
 * exact centre of a square.
 */
ParameterizedTest(int *subject, contacts, inside_face_ties, .timeout = 600)
{
    const char *subj = subject_or_skip(*subject);
    static const float scales[] = {0x1p-140f, 0x1p-100f, 1.f, 0x1p100f};
    static const int bases[][2] = {{0, 0}, {-7, 5}, {1000, -999}};
    static const int dmins[] = {0, 1, 3};
    static const float radii[] = {0, 2};
    size_t checked = 0;
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (!is_contacts(d) || circles_only(d))
            continue;
        size_t ed = twin_or_fail(e, CB_QUERY_DISTANCE, CB_OUTPUT_DISTANCES);
        for (unsigned tied = 1; tied < 16; tied++)
            for (size_t si = 0; si < sizeof scales / sizeof scales[0]; si++)
                for (size_t bi = 0; bi < sizeof bases / sizeof bases[0]; bi++)
                    for (size_t di = 0; di < sizeof dmins / sizeof dmins[0]; di++)
                        for (size_t ri = 0; ri < 2; ri++) {
                            float sc = scales[si];
                            int fd[4], face = -1;
                            for (int k = 0; k < 4; k++) {
                                fd[k] = tied >> k & 1 ? dmins[di] : dmins[di] + 1 + k;
                                if (face < 0 && (tied >> k & 1))
                                    face = k;
                            }
                            float bx = (float)bases[bi][0], by = (float)bases[bi][1];
                            pair p;
                            memset(&p, 0, sizeof p);
                            p.c = (cb_circle){bx * sc, by * sc, radii[ri] * sc};
                            p.b = (cb_box){(bx - (float)fd[0]) * sc, (by - (float)fd[2]) * sc,
                                           (bx + (float)fd[1]) * sc, (by + (float)fd[3]) * sc};
                            cr_assert((double)p.b.max_x - p.c.x == (double)fd[1] * sc &&
                                          (double)p.c.y - p.b.min_y == (double)fd[2] * sc,
                                      "test bug: inexact construction");
                            float want_sep = -((float)dmins[di] + radii[ri]) * sc;
                            float want_px = face == 0 ? p.b.min_x : face == 1 ? p.b.max_x : p.c.x;
                            float want_py = face == 2 ? p.b.min_y : face == 3 ? p.b.max_y : p.c.y;
                            one_out r;
                            char desc[200];
                            describe(desc, sizeof desc, &p);
                            cr_assert_eq(run_one(*subject, e, &p, 0.f, 0, &r), 1,
                                         "%s, %s: a centre inside must be reported: %s", subj,
                                         d->name, desc);
                            cr_assert(r.feature == CB_FEATURE_INSIDE && r.index == 0 &&
                                          tk_bits(r.nx) == tk_bits((float)face_normal[face][0]) &&
                                          tk_bits(r.ny) == tk_bits((float)face_normal[face][1]) &&
                                          r.sep == want_sep && r.px == want_px && r.py == want_py,
                                      "%s, %s: faces tied 0x%x at %d (x %g), r %g: want face %d "
                                      "(normal (%g, %g)), separation %a, point (%a, %a); got "
                                      "feature %d normal (%g, %g) separation %a point (%a, %a); %s",
                                      subj, d->name, tied, dmins[di], (double)sc,
                                      (double)radii[ri], face, face_normal[face][0],
                                      face_normal[face][1], want_sep, want_px, want_py, r.feature,
                                      r.nx, r.ny, r.sep, r.px, r.py, desc);
                            one_out rd;
                            cr_assert_eq(run_one(*subject, ed, &p, 0.f, 0, &rd), 1);
                            cr_assert(tk_bits(rd.dist) == tk_bits(r.sep),
                                      "%s, %s: %a, the contact's separation %a; %s", subj,
                                      cb_entry_info_of(ed)->name, rd.dist, r.sep, desc);
                            checked++;
                        }
    }
    cr_assert(checked > 1000, "only %zu tie cases", checked);
    cr_log_info("%s: %zu constructed ties (all 15 sets of tied faces) exact", subj, checked);
}

/* ---------------------------------------------- (5) coincident centres */

ParameterizedTestParameters(contacts, coincident_centres)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/* Circles with the same centre: normal (1, +0), separation 0 - (r + ro),
 * point (ox + 1 * ro, oy + 0 * ro), feature INSIDE, reported at margin 0 in
 * the default mode always and strictly when (r + ro)^2 > 0; the distance twin
 * gives the same separation. Each expected value is the header's binary32
 * expression, evaluated here. */
ParameterizedTest(int *subject, contacts, coincident_centres)
{
    const char *subj = subject_or_skip(*subject);
    static const float pos[] = {0.f, -0.f, 1.5f, -3.f, 0.1f, 0x1p-140f, 0x1p100f, -0x1p124f};
    static const float radii[][2] = {{0, 0},           {1, 2},         {0x1p-149f, 0},
                                     {0x1p120f, 0x1p124f}, {0.1f, 0.2f}, {3, 0}};
    size_t checked = 0;
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (!is_contacts(d) || !circles_only(d))
            continue;
        size_t ed = twin_or_fail(e, CB_QUERY_DISTANCE, CB_OUTPUT_DISTANCES);
        for (size_t xi = 0; xi < sizeof pos / sizeof pos[0]; xi++)
            for (size_t yi = 0; yi < sizeof pos / sizeof pos[0]; yi++)
                for (size_t ri = 0; ri < sizeof radii / sizeof radii[0]; ri++) {
                    pair p;
                    memset(&p, 0, sizeof p);
                    p.circles = 1;
                    p.c = (cb_circle){pos[xi], pos[yi], radii[ri][0]};
                    p.o = (cb_circle){pos[xi], pos[yi], radii[ri][1]};
                    float s = p.c.r + p.o.r, want_sep = 0.f - s;
                    float want_px = p.o.x + 1.f * p.o.r, want_py = p.o.y + 0.f * p.o.r;
                    char desc[200];
                    describe(desc, sizeof desc, &p);
                    one_out r;
                    cr_assert_eq(run_one(*subject, e, &p, 0.f, 0, &r), 1, "%s, %s: %s", subj,
                                 d->name, desc);
                    cr_assert(tk_bits(r.nx) == tk_bits(1.f) && tk_bits(r.ny) == tk_bits(0.f) &&
                                  r.feature == CB_FEATURE_INSIDE &&
                                  tk_bits(r.sep) == tk_bits(want_sep) &&
                                  tk_bits(r.px) == tk_bits(want_px) &&
                                  tk_bits(r.py) == tk_bits(want_py),
                              "%s, %s: want normal (1, 0), separation %a, point (%a, %a), "
                              "feature %d; got (%a, %a), %a, (%a, %a), %d; %s",
                              subj, d->name, want_sep, want_px, want_py, CB_FEATURE_INSIDE, r.nx,
                              r.ny, r.sep, r.px, r.py, r.feature, desc);
                    /* strictly: d2 = 0 < rm * rm, false when s * s underflows */
                    cr_assert_eq(run_one(*subject, e, &p, 0.f, CB_STRICT, &r), s * s > 0,
                                 "%s, %s strict: %s", subj, d->name, desc);
                    one_out rd;
                    cr_assert_eq(run_one(*subject, ed, &p, 0.f, 0, &rd), 1);
                    cr_assert(tk_bits(rd.dist) == tk_bits(want_sep), "%s, %s: %a, want %a; %s",
                              subj, cb_entry_info_of(ed)->name, rd.dist, want_sep, desc);
                    checked++;
                }
    }
    cr_assert(checked > 0, "no circle-against-circle contacts entry");
    cr_log_info("%s: %zu coincident pairs", subj, checked);
}
