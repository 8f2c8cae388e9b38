/* test_oriented.c - the oriented-box entries: the axis-aligned entries' answers at the four exact turns, accuracy against double-precision geometry (docs/oriented.md's bounds, asserted, worst cases logged), malformed input bit for bit against scalar, and the oriented-box validators and converters; on every runnable backend and through the public functions. */
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
 * (1) turns: with (c, s) = (1, 0), (0, 1), (-1, 0), (0, -1) and inputs whose
 *     every sum and difference is exact (multiples of 0.5 of small
 *     magnitude), each oriented entry gives what its axis-aligned twin (same
 *     query, layout and output, CB_SHAPE_BOX for CB_SHAPE_OBOX) gives on the
 *     box the turn makes, as the header's ORIENTED BOXES section says.
 * (2) accuracy: every result against the geometry of the binary32 inputs in
 *     double (no binary32 operation of the header): the circle's centre
 *     carried into the frame of the UNIT rotation (c, s) / |(c, s)|, clamped
 *     to the box, distances, the nearest face, the normal and the point
 *     carried back. The bounds are derived below from the header's
 *     operations (the frame's roundings, then the axis-aligned bounds of
 *     SIGNED DISTANCE AND CONTACTS, then the roundings of carrying back) and
 *     asserted per result; the worst measured are logged with their inputs.
 * (3) malformed input: every backend gives scalar's bits, NaNs 0x7FC00000.
 * (4) cb_validate_oboxes(_aos) and the oriented converters.
 *
 * Tests (1)-(3) run once per subject: every backend's raw kernels
 * (cb_entry_kernel) and the public functions (cb_entry_call); a backend that
 * cannot run here is skipped by name with the library's reason. Entries are
 * found by their descriptors, never by name. Every stream comes from
 * tb_rng_for, so CB_SEED replays a failure; messages print the seed.
 */

#include "subjects.h"

/* ---------------------------------------------------------------- entries */

/* The sweeps against oriented boxes are test_sweep.c's. */
static int is_oriented(const cb_entry_info *d)
{
    return d->query != CB_QUERY_SWEEP && (d->one == CB_SHAPE_OBOX || d->many == CB_SHAPE_OBOX);
}

/* The axis-aligned entry of the same question, layout and output:
 * CB_SHAPE_BOX in place of CB_SHAPE_OBOX. cb_entry_count() when none. */
static size_t aa_twin(const cb_entry_info *d)
{
    cb_shape one = d->one == CB_SHAPE_OBOX ? CB_SHAPE_BOX : d->one;
    cb_shape many = d->many == CB_SHAPE_OBOX ? CB_SHAPE_BOX : d->many;
    return tk_find_entry(CB_FORM_BATCH, d->query, one, many, d->layout, d->output);
}

/* The entry with d's shapes and layout answering query q with output o. */
static size_t twin_or_fail(const cb_entry_info *d, cb_query q, cb_output o)
{
    size_t t = tk_find_entry(CB_FORM_BATCH, q, d->one, d->many, d->layout, o);
    cr_assert(t < cb_entry_count(), "%s has no entry of query %d, output %d with its shapes",
              d->name, (int)q, (int)o);
    return t;
}

/* The two pairings: a single circle against oriented boxes, a single
 * oriented box against circles. */
typedef struct {
    cb_shape one, many;
    const char *label;
} combo;
static const combo combos[] = {
    {CB_SHAPE_CIRCLE, CB_SHAPE_OBOX, "circle vs oboxes"},
    {CB_SHAPE_OBOX, CB_SHAPE_CIRCLE, "circles vs obox"},
};
#define N_COMBOS (sizeof combos / sizeof combos[0])

static int in_combo(const cb_entry_info *d, const combo *k)
{
    return d->one == k->one && d->many == k->many;
}

static const struct {
    cb_query q;
    cb_output o;
} questions[] = {{CB_QUERY_OVERLAP, CB_OUTPUT_MASK},
                 {CB_QUERY_OVERLAP, CB_OUTPUT_INDICES},
                 {CB_QUERY_DISTANCE, CB_OUTPUT_DISTANCES},
                 {CB_QUERY_CONTACTS, CB_OUTPUT_CONTACTS}};
#define N_QUESTIONS (sizeof questions / sizeof questions[0])

/* Every pairing, layout and (query, output) has exactly one oriented entry,
 * and each has its axis-aligned twin: so the loops below cover every
 * oriented entry and each comparison has a partner. */
Test(oriented, entries)
{
    size_t n = 0;
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        cr_assert_not_null(d);
        if (!is_oriented(d))
            continue;
        cr_assert((d->one == CB_SHAPE_CIRCLE) != (d->many == CB_SHAPE_CIRCLE),
                  "%s: an oriented box pairs with a circle", d->name);
        size_t t = aa_twin(d);
        cr_assert(t < cb_entry_count(), "%s has no axis-aligned twin", d->name);
        cr_assert(!is_oriented(cb_entry_info_of(t)));
        n++;
    }
    size_t want = 0;
    for (size_t k = 0; k < N_COMBOS; k++)
        for (int lay = CB_LAYOUT_SOA; lay <= CB_LAYOUT_AOS; lay++)
            for (size_t q = 0; q < N_QUESTIONS; q++) {
                size_t e = tk_find_entry(CB_FORM_BATCH, questions[q].q, combos[k].one, combos[k].many,
                                         (cb_layout)lay, questions[q].o);
                cr_assert(e < cb_entry_count(), "no entry for %s, layout %d, query %d, output %d",
                          combos[k].label, lay, (int)questions[q].q, (int)questions[q].o);
                want++;
            }
    cr_assert_eq(n, want, "%zu oriented entries, %zu combinations", n, want);
    cr_log_info("%zu oriented entries, each with its axis-aligned twin", n);
}

/* ------------------------------------------------------------- the inputs */

/* n elements in every shape and layout the entries read: oriented boxes,
 * their axis-aligned twins (the turn test) and circles. Every array ends at a
 * guard page. */
typedef struct {
    size_t n;
    float *cx, *cy, *hx, *hy, *c, *s;
    cb_obox *ob;
    cb_obox_soa obs;
    float *x0, *y0, *x1, *y1;
    cb_box *bx;
    cb_box_soa bxs;
    float *x, *y, *r;
    cb_circle *ci;
    cb_circle_soa cis;
} store;

static float *falloc(size_t n) { return tb_alloc_guarded(n * sizeof(float), 0); }

static store store_new(size_t n)
{
    store S;
    memset(&S, 0, sizeof S);
    S.n = n;
    S.cx = falloc(n), S.cy = falloc(n), S.hx = falloc(n), S.hy = falloc(n);
    S.c = falloc(n), S.s = falloc(n);
    S.ob = tb_alloc_guarded(n * sizeof(cb_obox), 0);
    S.obs = (cb_obox_soa){S.cx, S.cy, S.hx, S.hy, S.c, S.s};
    S.x0 = falloc(n), S.y0 = falloc(n), S.x1 = falloc(n), S.y1 = falloc(n);
    S.bx = tb_alloc_guarded(n * sizeof(cb_box), 0);
    S.bxs = (cb_box_soa){S.x0, S.y0, S.x1, S.y1};
    S.x = falloc(n), S.y = falloc(n), S.r = falloc(n);
    S.ci = tb_alloc_guarded(n * sizeof(cb_circle), 0);
    S.cis = (cb_circle_soa){S.x, S.y, S.r};
    return S;
}

static void store_free(store *S)
{
    float *f[] = {S->cx, S->cy, S->hx, S->hy, S->c, S->s, S->x0, S->y0, S->x1, S->y1,
                  S->x,  S->y,  S->r};
    for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
        tb_free(f[k]);
    tb_free(S->ob), tb_free(S->bx), tb_free(S->ci);
}

static void set_obox(store *S, size_t i, cb_obox b)
{
    S->cx[i] = b.cx, S->cy[i] = b.cy, S->hx[i] = b.hx, S->hy[i] = b.hy, S->c[i] = b.c,
    S->s[i] = b.s;
    S->ob[i] = b;
}
static void set_box(store *S, size_t i, cb_box b)
{
    S->x0[i] = b.min_x, S->y0[i] = b.min_y, S->x1[i] = b.max_x, S->y1[i] = b.max_y;
    S->bx[i] = b;
}
static void set_circle(store *S, size_t i, cb_circle c)
{
    S->x[i] = c.x, S->y[i] = c.y, S->r[i] = c.r;
    S->ci[i] = c;
}

/* The single shape of a call, in every kind. */
typedef struct {
    cb_circle circle;
    cb_obox obox;
    cb_box box;
} single;

static cb_args make_args(const cb_entry_info *d, const store *S, const single *one, void *out,
                         unsigned flags, float margin)
{
    int soa = d->layout == CB_LAYOUT_SOA;
    const void *many = soa ? (const void *)&S->cis : (const void *)S->ci;
    if (d->many == CB_SHAPE_OBOX)
        many = soa ? (const void *)&S->obs : (const void *)S->ob;
    else if (d->many == CB_SHAPE_BOX)
        many = soa ? (const void *)&S->bxs : (const void *)S->bx;
    tk_probe p = {one->circle, one->box, one->obox};
    return tk_args(d, &p, many, S->n, out, flags, margin);
}

/* Every output kind for n elements, each array at a guard page. */
typedef struct {
    size_t n;
    uint64_t *mask;
    uint32_t *idx;
    float *dist;
    cb_contacts ct;
} outs;

static outs outs_new(size_t n)
{
    outs o;
    o.n = n;
    o.mask = tb_alloc_guarded((n + 63) / 64 * sizeof(uint64_t), 0);
    o.idx = tb_alloc_guarded(n * sizeof(uint32_t), 0);
    o.dist = falloc(n);
    o.ct.index = tb_alloc_guarded(n * sizeof(uint32_t), 0);
    o.ct.normal_x = falloc(n), o.ct.normal_y = falloc(n), o.ct.separation = falloc(n);
    o.ct.point_x = falloc(n), o.ct.point_y = falloc(n);
    o.ct.feature = tb_alloc_guarded(n, 0);
    return o;
}

static void outs_free(outs *o)
{
    tb_free(o->mask), tb_free(o->idx), tb_free(o->dist), tb_free(o->ct.index);
    tb_free(o->ct.normal_x), tb_free(o->ct.normal_y), tb_free(o->ct.separation);
    tb_free(o->ct.point_x), tb_free(o->ct.point_y), tb_free(o->ct.feature);
}

/* Every byte of every array set to b: what a kernel leaves unwritten then
 * compares equal between two outputs poisoned alike. */
static void outs_poison(outs *o, unsigned char b)
{
    size_t n = o->n;
    memset(o->mask, b, (n + 63) / 64 * sizeof(uint64_t));
    memset(o->idx, b, n * sizeof(uint32_t)), memset(o->dist, b, n * sizeof(float));
    memset(o->ct.index, b, n * sizeof(uint32_t));
    memset(o->ct.normal_x, b, n * sizeof(float)), memset(o->ct.normal_y, b, n * sizeof(float));
    memset(o->ct.separation, b, n * sizeof(float));
    memset(o->ct.point_x, b, n * sizeof(float)), memset(o->ct.point_y, b, n * sizeof(float));
    memset(o->ct.feature, b, n);
}

static void *out_of(outs *o, const cb_entry_info *d)
{
    switch (d->output) {
    case CB_OUTPUT_MASK: return o->mask;
    case CB_OUTPUT_INDICES: return o->idx;
    case CB_OUTPUT_DISTANCES: return o->dist;
    default: return &o->ct;
    }
}

static void describe(char *buf, size_t size, cb_circle c, cb_obox b)
{
    snprintf(buf, size, "circle (%a, %a, r %a) vs obox (cx %a, cy %a, hx %a, hy %a, c %a, s %a)",
             c.x, c.y, c.r, b.cx, b.cy, b.hx, b.hy, b.c, b.s);
}

/* The (circle, oriented box) pair of element i. */
static void pair_at(const store *S, const single *one, const combo *k, size_t i, cb_circle *c,
                    cb_obox *b)
{
    if (k->one == CB_SHAPE_CIRCLE)
        *c = one->circle, *b = S->ob[i];
    else
        *c = S->ci[i], *b = one->obox;
}

/* A float's bits equal, or both NaN (when NaN payloads are unspecified). */
static int same_or_nan(float a, float b)
{
    return tk_bits(a) == tk_bits(b) || (isnan(a) && isnan(b));
}

/* ======================================================= (1) the four turns */

/* A multiple of 0.5 in [lo2 / 2, hi2 / 2]. */
static float rhalf(tk_rng *g, int lo2, int hi2)
{
    return (float)(lo2 + (int)(tk_next(g) % (uint64_t)(hi2 - lo2 + 1))) * 0.5f;
}

/* The four exact turns, and the world offset of frame offset (lx, ly) under
 * each: (c lx - s ly, s lx + c ly), exact for these (c, s). */
static const float turn_cs[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
static const char *turn_names[4] = {"(1, 0)", "(0, 1)", "(-1, 0)", "(0, -1)"};

static void turn_apply(int t, float lx, float ly, float *wx, float *wy)
{
    switch (t) {
    case 0: *wx = lx, *wy = ly; break;
    case 1: *wx = -ly, *wy = lx; break;
    case 2: *wx = -lx, *wy = -ly; break;
    default: *wx = ly, *wy = -lx; break;
    }
    *wx += 0.f, *wy += 0.f; /* -0 + 0 = +0: no negative zero among the inputs */
}

/* The axis-aligned box the turn t makes of the oriented box b: half-extents
 * as given for the identity and the half turn, swapped for the others. */
static cb_box turn_box(int t, cb_obox b)
{
    float ex = t % 2 ? b.hy : b.hx, ey = t % 2 ? b.hx : b.hy;
    return (cb_box){b.cx - ex, b.cy - ey, b.cx + ex, b.cy + ey};
}

/*
 * A position of the circle in the box's frame, in halves: anywhere near;
 * inside; touching a side from outside at distance r; at the centre or on a
 * diagonal tie (the centre at the same distance t from an x face and a y
 * face); on a side. Every input stays below 2^8 in magnitude, so each
 * difference, sum and square the contracts form is exact.
 */
static void turn_local(tk_rng *g, float hx, float hy, float r, float *lx, float *ly)
{
    int hx2 = (int)(hx * 2), hy2 = (int)(hy * 2);
    float sx = tk_next(g) & 1 ? 1.f : -1.f, sy = tk_next(g) & 1 ? 1.f : -1.f;
    switch (tk_next(g) % 7) {
    case 0: case 6:
        *lx = rhalf(g, -200, 200), *ly = rhalf(g, -200, 200);
        break;
    case 1:
        *lx = rhalf(g, -hx2, hx2), *ly = rhalf(g, -hy2, hy2);
        break;
    case 2:
        if (tk_next(g) & 1)
            *lx = sx * (hx + r), *ly = rhalf(g, -hy2, hy2);
        else
            *lx = rhalf(g, -hx2, hx2), *ly = sy * (hy + r);
        break;
    case 3: {
        int m2 = hx2 < hy2 ? hx2 : hy2;
        float t = rhalf(g, 0, m2);
        *lx = sx * (hx - t), *ly = sy * (hy - t);
        if (tk_next(g) % 3 == 0)
            *lx = 0, *ly = 0;
        break;
    }
    case 4:
        *lx = sx * hx, *ly = rhalf(g, -hy2, hy2);
        break;
    default:
        *lx = rhalf(g, -hx2, hx2), *ly = sy * hy;
        break;
    }
    *lx += 0.f, *ly += 0.f;
}

/* Fills a batch for turn t: the single shape and every element, the
 * oriented boxes with their axis-aligned twins. */
static void turn_fill(store *S, single *one, const combo *k, int t, tk_rng *g)
{
    float c = turn_cs[t][0], s = turn_cs[t][1];
    if (k->one == CB_SHAPE_CIRCLE) {
        one->circle = (cb_circle){rhalf(g, -48, 48), rhalf(g, -48, 48), rhalf(g, 0, 48)};
        for (size_t i = 0; i < S->n; i++) {
            float hx = rhalf(g, 0, 64), hy = rhalf(g, 0, 64), lx, ly, wx, wy;
            turn_local(g, hx, hy, one->circle.r, &lx, &ly);
            turn_apply(t, lx, ly, &wx, &wy);
            cb_obox b = {one->circle.x - wx, one->circle.y - wy, hx, hy, c, s};
            set_obox(S, i, b);
            set_box(S, i, turn_box(t, b));
        }
    } else {
        one->obox = (cb_obox){rhalf(g, -48, 48), rhalf(g, -48, 48), rhalf(g, 0, 64),
                              rhalf(g, 0, 64), c, s};
        one->box = turn_box(t, one->obox);
        for (size_t i = 0; i < S->n; i++) {
            float r = rhalf(g, 0, 48), lx, ly, wx, wy;
            turn_local(g, one->obox.hx, one->obox.hy, r, &lx, &ly);
            turn_apply(t, lx, ly, &wx, &wy);
            set_circle(S, i, (cb_circle){one->obox.cx + wx, one->obox.cy + wy, r});
        }
    }
}

/* The circle's centre inside the axis-aligned box (or on it) with the least
 * face distance shared by two faces or more: there the frame's face order
 * (-x, +x, -y, +y of the box's own axes) and the world's may pick different
 * faces. Every quantity here is exact. */
static int inside_tie(cb_circle c, cb_box b)
{
    if (!(c.x >= b.min_x && c.x <= b.max_x && c.y >= b.min_y && c.y <= b.max_y))
        return 0;
    double f[4] = {(double)c.x - b.min_x, (double)b.max_x - c.x, (double)c.y - b.min_y,
                   (double)b.max_y - c.y};
    double m = fmin(fmin(f[0], f[1]), fmin(f[2], f[3]));
    int at = 0;
    for (int j = 0; j < 4; j++)
        at += f[j] == m;
    return at > 1;
}

ParameterizedTestParameters(oriented, turns)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * Each oriented entry against its axis-aligned twin on the box the turn
 * makes, both run on the same subject, same flags and margin:
 *  - masks, index lists and distances: the same bits, all four turns.
 *    Turning by a quarter swaps the frame's dx and dy, and
 *    (dy * dy) + (dx * dx) is (dx * dx) + (dy * dy); the half turns negate
 *    them; the face distances are the same four numbers in another order.
 *  - contacts, identity: every record the same bits.
 *  - contacts, the other turns: the same index list, separations (bits) and
 *    features, and normals and points equal as values, except where the
 *    centre is inside with a tie between faces: the frame takes the first
 *    nearest face in ITS order (-x, +x, -y, +y along the box's axes), which
 *    the turn maps to another order of the world's faces, so another of the
 *    tied faces may be chosen; there the normal must be the outward normal
 *    of one of the tied faces. As values, not bits: a zero component can
 *    carry the other sign, e.g. (mx * 0) - (my * 1) is -0 for mx < 0,
 *    my = +0, where the world's dx / dist is +0.
 */
ParameterizedTest(int *subject, oriented, turns, .timeout = 600)
{
    const char *subj = subject_or_skip(*subject);
    enum { N = 131, REPS = 6 };
    tk_rng g = tb_rng_for(0x0B0C1000u);
    store S = store_new(N);
    outs A = outs_new(N), B = outs_new(N);
    size_t compared = 0, hits = 0, total = 0, ties = 0, touching = 0, zero_signs = 0;
    size_t inside = 0;
    for (size_t ki = 0; ki < N_COMBOS; ki++)
        for (int rep = 0; rep < REPS; rep++)
            for (int t = 0; t < 4; t++) {
                single one;
                memset(&one, 0, sizeof one);
                turn_fill(&S, &one, &combos[ki], t, &g);
                float margins[3] = {0.f, rhalf(&g, 1, 32), 0x1p124f};
                TK_FOR_ENTRIES(e, TK_BATCH) {
                    const cb_entry_info *d = cb_entry_info_of(e);
                    if (!is_oriented(d) || !in_combo(d, &combos[ki]))
                        continue;
                    size_t te = aa_twin(d);
                    const cb_entry_info *td = cb_entry_info_of(te);
                    int nm = d->output == CB_OUTPUT_CONTACTS ? 3 : 1;
                    for (unsigned f = 0; f <= CB_STRICT; f++)
                        for (int mi = 0; mi < nm; mi++) {
                            outs_poison(&A, 0xA5), outs_poison(&B, 0xA5);
                            cb_args a = make_args(d, &S, &one, out_of(&A, d), f, margins[mi]);
                            cb_args b = make_args(td, &S, &one, out_of(&B, td), f, margins[mi]);
                            size_t na = run(*subject, e, &a), nb = run(*subject, te, &b);
                            cr_assert_eq(na, nb,
                                         "%s, turn %s: %s returned %zu, %s %zu (flags %u, margin "
                                         "%a), " SEED_FMT,
                                         subj, turn_names[t], d->name, na, td->name, nb, f,
                                         margins[mi], tb_seed());
                            char why[160] = "";
                            size_t bad = N;
                            if (d->output == CB_OUTPUT_MASK) {
                                for (size_t w = 0; w < (N + 63) / 64 && bad == N; w++)
                                    if (A.mask[w] != B.mask[w])
                                        bad = w * 64, snprintf(why, sizeof why, "mask word %zu", w);
                                hits += na, total += N;
                            } else if (d->output == CB_OUTPUT_INDICES) {
                                for (size_t k = 0; k < na && bad == N; k++)
                                    if (A.idx[k] != B.idx[k])
                                        bad = A.idx[k], snprintf(why, sizeof why, "index %zu", k);
                            } else if (d->output == CB_OUTPUT_DISTANCES) {
                                for (size_t i = 0; i < N && bad == N; i++)
                                    if (tk_bits(A.dist[i]) != tk_bits(B.dist[i]))
                                        bad = i, snprintf(why, sizeof why, "distance %a, twin %a",
                                                          A.dist[i], B.dist[i]);
                            } else {
                                const cb_contacts *p = &A.ct, *q = &B.ct;
                                for (size_t k = 0; k < na && bad == N; k++) {
                                    uint32_t i = p->index[k];
                                    cb_circle c;
                                    cb_obox ob;
                                    pair_at(&S, &one, &combos[ki], i, &c, &ob);
                                    cb_box ab = turn_box(t, ob);
                                    int tie = t != 0 && inside_tie(c, ab);
                                    if (mi == 2 && f == 0) {
                                        ties += tie;
                                        inside += p->feature[k] == CB_FEATURE_INSIDE;
                                        touching += p->separation[k] == 0.f;
                                    }
                                    if (i != q->index[k])
                                        bad = i, snprintf(why, sizeof why, "contact %zu is element "
                                                          "%u, twin's %u", k, i, q->index[k]);
                                    else if (tk_bits(p->separation[k]) !=
                                                 tk_bits(q->separation[k]) ||
                                             p->feature[k] != q->feature[k])
                                        bad = i, snprintf(why, sizeof why,
                                                          "separation %a feature %d, twin's %a %d",
                                                          p->separation[k], p->feature[k],
                                                          q->separation[k], q->feature[k]);
                                    else if (t == 0) {
                                        if (tk_bits(p->normal_x[k]) != tk_bits(q->normal_x[k]) ||
                                            tk_bits(p->normal_y[k]) != tk_bits(q->normal_y[k]) ||
                                            tk_bits(p->point_x[k]) != tk_bits(q->point_x[k]) ||
                                            tk_bits(p->point_y[k]) != tk_bits(q->point_y[k]))
                                            bad = i, snprintf(why, sizeof why,
                                                              "normal (%a, %a) point (%a, %a), "
                                                              "twin's (%a, %a) (%a, %a)",
                                                              p->normal_x[k], p->normal_y[k],
                                                              p->point_x[k], p->point_y[k],
                                                              q->normal_x[k], q->normal_y[k],
                                                              q->point_x[k], q->point_y[k]);
                                    } else if (!tie) {
                                        if (p->normal_x[k] != q->normal_x[k] ||
                                            p->normal_y[k] != q->normal_y[k] ||
                                            p->point_x[k] != q->point_x[k] ||
                                            p->point_y[k] != q->point_y[k])
                                            bad = i, snprintf(why, sizeof why,
                                                              "normal (%a, %a) point (%a, %a), "
                                                              "twin's (%a, %a) (%a, %a)",
                                                              p->normal_x[k], p->normal_y[k],
                                                              p->point_x[k], p->point_y[k],
                                                              q->normal_x[k], q->normal_y[k],
                                                              q->point_x[k], q->point_y[k]);
                                        zero_signs += tk_bits(p->normal_x[k]) !=
                                                          tk_bits(q->normal_x[k]) ||
                                                      tk_bits(p->normal_y[k]) !=
                                                          tk_bits(q->normal_y[k]) ||
                                                      tk_bits(p->point_x[k]) !=
                                                          tk_bits(q->point_x[k]) ||
                                                      tk_bits(p->point_y[k]) !=
                                                          tk_bits(q->point_y[k]);
                                    } else {
                                        /* a tied face: an axis normal, the point on that face */
                                        float nx = p->normal_x[k], ny = p->normal_y[k];
                                        float px = p->point_x[k], py = p->point_y[k];
                                        double fdist[4] = {(double)c.x - ab.min_x,
                                                           (double)ab.max_x - c.x,
                                                           (double)c.y - ab.min_y,
                                                           (double)ab.max_y - c.y};
                                        double m = fmin(fmin(fdist[0], fdist[1]),
                                                        fmin(fdist[2], fdist[3]));
                                        int ok = (nx == -1 && ny == 0 && fdist[0] == m &&
                                                  px == ab.min_x && py == c.y) ||
                                                 (nx == 1 && ny == 0 && fdist[1] == m &&
                                                  px == ab.max_x && py == c.y) ||
                                                 (nx == 0 && ny == -1 && fdist[2] == m &&
                                                  px == c.x && py == ab.min_y) ||
                                                 (nx == 0 && ny == 1 && fdist[3] == m &&
                                                  px == c.x && py == ab.max_y);
                                        if (!ok)
                                            bad = i, snprintf(why, sizeof why,
                                                              "tie: normal (%a, %a) point (%a, "
                                                              "%a) is not a nearest face's",
                                                              nx, ny, px, py);
                                    }
                                }
                            }
                            if (bad != N) {
                                char desc[240] = "";
                                if (bad < N) {
                                    cb_circle c;
                                    cb_obox ob;
                                    pair_at(&S, &one, &combos[ki], bad, &c, &ob);
                                    describe(desc, sizeof desc, c, ob);
                                }
                                cr_assert_fail("%s, turn %s: %s differs from %s (flags %u, margin "
                                               "%a) at element %zu: %s; %s, " SEED_FMT,
                                               subj, turn_names[t], d->name, td->name, f,
                                               margins[mi], bad, why, desc, tb_seed());
                            }
                            compared++;
                        }
                }
            }
    cr_assert(hits > total / 20 && hits < total - total / 20, "vacuous: %zu hits of %zu", hits,
              total);
    cr_assert(ties > 10 && touching > 10 && inside > 100,
              "vacuous: %zu inside, %zu ties, %zu touching", inside, ties, touching);
    cr_log_info("%s: %zu comparisons, %zu of %zu mask bits set; contacts at margin 2^124: %zu "
                "inside (%zu with tied faces, exempt at the quarter and half turns), %zu "
                "touching; %zu records equal as values with a zero of the other sign",
                subj, compared, hits, total, inside, ties, touching, zero_signs);
    outs_free(&A), outs_free(&B);
    store_free(&S);
}

/* ======================================================= (2) accuracy */



/*
 * The bounds, derived from the header's operations (u = 2^-24; "ulp(x)" as
 * ulpf_at; E = max(|ex|, |ey|) and |e| the length of (ex, ey), exact; rho =
 * |(c, s)|; docs/oriented.md has the derivation written out and the
 * measured values).
 *
 * The frame. The reference frame is that of the unit rotation (c, s) / rho.
 * Per component, lx = (ex * c) + (ey * s) errs from it by: the roundings of
 * ex and ey (half an ulp of E each, times |c| + |s| <= sqrt 2: 0.71 ulp(E));
 * the two products (half an ulp of each; both below E unless |c| or |s| is
 * about 1, when the other product is below E / 4: 1.13 ulp(E)); the sum
 * (|lx| < 2E: one ulp(E)); and the scale of (c, s), (rho - 1) times the exact
 * frame coordinate, at most |rho - 1| |e|. So
 *     eps  = 2.9 ulp(E) + |rho - 1| |e|          per component,
 *     epsv = 3.5 ulp(E) + |rho - 1| |e|          as a vector (0.71 + 1.59 +
 *                                                1.12: the same terms summed
 *                                                as vectors).
 * cb_rotation's pairs have |c^2 + s^2 - 1| <= 2.1 u (its header), so
 * |rho - 1| <= 1.05 u and |rho - 1| |e| <= 1.49 ulp(E): eps <= 4.4 ulp(E).
 *
 * Then the axis-aligned contract runs on the binary32 frame centre, with its
 * bounds (SIGNED DISTANCE AND CONTACTS), and every exact quantity below is
 * 1-Lipschitz in the centre (the signed distance, the clamp), or turns with
 * it (the normal), so the frame's error adds:
 *  - separation: 3.3 ulp(max(dist, r)) (inside 1.5 ulp(max(b, r))) at the
 *    binary32 centre, + epsv. In one unit, ulp(S) with S = max(dist, b, r, E)
 *    (taken after adding epsv, which changes the ulp only right below a power
 *    of 2): 6.8 + |rho - 1| |e| / ulp(S); cb_rotation's pairs 8.3.
 *  - normal, outside: 4 u against the exact direction at the binary32 frame
 *    centre (3 u from the length and the division, u from rounding dx and
 *    dy: a bound on the vector, so per component); carried back, two products and a sum per component (sqrt 2 u +
 *    u as a vector) and the scale (|rho - 1|); and the frame's error turns
 *    the exact direction by at most 2 epsv / (2 dist - epsv) (Dunkl-Williams:
 *    |a/|a| - b/|b|| <= 2 |a - b| / (|a| + |b|), and the offset from the box
 *    moves by at most epsv), or 2 when dist <= epsv / 2 (any unit vectors).
 *    6.41 u + |rho - 1| + that, as a vector, so per component. For
 *    cb_rotation's pairs (|rho - 1| |e| <= 1.05 u sqrt 2 E <= 1.49 ulp(E),
 *    so epsv <= 5 ulp(E)): within 7.5 u + 10 ulp(E) / dist when dist >=
 *    epsv, and when dist < epsv 10 ulp(E) / dist > 2 covers any error: so
 *    within 10 (u + ulp(E) / dist) in all cases, the unit logged. (ulp(E),
 *    not u E: below 2^-126 the frame's products round by 2^-150, however
 *    small E is.)
 *    Inside, the frame's face normal carried back is exactly (+-c, +-s) or
 *    (-+s, +-c): the test asserts that, and that the face is a nearest one
 *    up to 2 eps plus the rounding of the face distances.
 *  - | |normal| - 1 |: 3 u (axis-aligned), 2.41 u carrying back, |rho - 1|:
 *    5.41 u + |rho - 1| (6.5 u for cb_rotation's pairs); inside exactly
 *    |rho - 1|.
 *  - point, per coordinate: the frame point (the clamp, or the projection on
 *    the face) moves by at most epsv with the centre; carrying it back
 *    rounds two products and a sum (2.01 u rho |q|), scales it by rho
 *    (|rho - 1| |q|), and adds cx (half an ulp of the result). In one unit,
 *    ulp(M) with M = max(|cx|, |cy|, E, hx, hy) (|q| <= sqrt 2 max(hx, hy),
 *    |point| < 2.42 M): 3.5 + 2.84 + 2 = 8.4 + |rho - 1| (|e| + |q|) /
 *    ulp(M); cb_rotation's pairs 11.4.
 *  - hits: the overlap contract decides exactly for the binary32 frame
 *    centre unless its squared distance and r^2 are within 6 u of the larger,
 *    which needs |dist_f - r| <= 6 u max(dist_f, r) (while the squares stay
 *    in range); the frame moves dist by at most epsv. So the answer is the
 *    exact one unless |dist - r| <= epsv + 6 u (max(dist, r) + epsv): within
 *    15 u max(dist, r, E) for cb_rotation's pairs (epsv <= 8.5 u E when E is
 *    normal; a denormal E adds a negligible 2^-149 against r >= 2^-59).
 * Every result is asserted against the per-result bound (the formulas above
 * with its own rho, eps and epsv); results of cb_rotation's pairs and the
 * exact turns also against the single-unit constants. The oracle's own
 * double rounding (some 2^-28 of these units) is covered by SLACK.
 */
#define FR_COMP 2.9
#define FR_VEC 3.5
#define B_SEP 6.8      /* + |rho - 1| |e| / ulp(S) */
#define B_SEP_ROT 8.3
#define B_NORMAL_ROT 10.0 /* in u + ulp(E) / dist */
#define B_LEN 5.41     /* + |rho - 1| / u */
#define B_LEN_ROT 6.5
#define B_POINT 8.4    /* + |rho - 1| (|e| + |q|) / ulp(M) */
#define B_POINT_ROT 11.4
#define B_FRAME_ROT 4.4
#define B_HIT_ROT 15.0 /* in u max(dist, r, E) */
#define SLACK 1e-6

static const double face_normal[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};

/* The exact answer for one pair, in the unit frame of (c, s). */
typedef struct {
    double rho, ch, sh;  /* |(c, s)| and the unit rotation (c, s) / rho */
    double ex, ey, E, elen;
    double Lx, Ly;       /* the centre in the unit frame */
    double dist;         /* from the box, 0 inside or on it */
    double b;            /* inside: the nearest face's distance */
    int face;            /* inside: the first nearest (-x, +x, -y, +y), else -1 */
    double fd[4];        /* the face distances (negative outside a face) */
    int feature;
    double nx, ny;       /* the exact world normal */
    double sep;
    double eps, epsv;    /* the frame's bounds, per component and as a vector */
    unsigned features;   /* bit f: feature f is possible within eps */
} oref;

static void to_world(const oref *R, double fx, double fy, double *wx, double *wy)
{
    *wx = R->ch * fx - R->sh * fy, *wy = R->sh * fx + R->ch * fy;
}

static oref oref_of(cb_circle c, cb_obox b)
{
    oref R;
    memset(&R, 0, sizeof R);
    double cs = b.c, sn = b.s;
    R.rho = sqrt(cs * cs + sn * sn);
    R.ch = cs / R.rho, R.sh = sn / R.rho;
    R.ex = (double)c.x - b.cx, R.ey = (double)c.y - b.cy;
    R.E = fmax(fabs(R.ex), fabs(R.ey)), R.elen = hypot(R.ex, R.ey);
    R.Lx = R.ch * R.ex + R.sh * R.ey, R.Ly = R.ch * R.ey - R.sh * R.ex;
    double hx = b.hx, hy = b.hy;
    double nonunit = fabs(R.rho - 1) * R.elen;
    R.eps = FR_COMP * tb_ulpf(R.E) + nonunit;
    R.epsv = FR_VEC * tb_ulpf(R.E) + nonunit;
    double qx = tb_clampd(R.Lx, -hx, hx), qy = tb_clampd(R.Ly, -hy, hy);
    double rx = R.Lx - qx, ry = R.Ly - qy;
    R.dist = hypot(rx, ry);
    R.fd[0] = R.Lx + hx, R.fd[1] = hx - R.Lx, R.fd[2] = R.Ly + hy, R.fd[3] = hy - R.Ly;
    R.face = -1;
    if (R.dist > 0) {
        R.feature = rx != 0 && ry != 0 ? CB_FEATURE_CORNER : CB_FEATURE_FACE;
        to_world(&R, rx / R.dist, ry / R.dist, &R.nx, &R.ny);
        R.sep = R.dist - c.r;
    } else {
        int k = 0;
        for (int j = 1; j < 4; j++)
            if (R.fd[j] < R.fd[k])
                k = j;
        R.face = k, R.b = R.fd[k];
        R.feature = CB_FEATURE_INSIDE;
        to_world(&R, face_normal[k][0], face_normal[k][1], &R.nx, &R.ny);
        R.sep = -(R.b + c.r);
    }
    /* the features a centre within eps (per component) of L can have */
    int xo[2] = {fabs(R.Lx) > hx, fabs(R.Lx) > hx}, yo[2] = {fabs(R.Ly) > hy, fabs(R.Ly) > hy};
    if (fabs(fabs(R.Lx) - hx) <= R.eps)
        xo[0] = 0, xo[1] = 1;
    if (fabs(fabs(R.Ly) - hy) <= R.eps)
        yo[0] = 0, yo[1] = 1;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            R.features |= 1u << (xo[i] && yo[j]   ? CB_FEATURE_CORNER
                                 : xo[i] || yo[j] ? CB_FEATURE_FACE
                                                  : CB_FEATURE_INSIDE);
    return R;
}

/* ------------------------------------------------------------- statistics */

enum { K_ROT, K_NONUNIT, N_KINDS }; /* cb_rotation's pairs and exact turns; scaled pairs */
static const char *kind_names[N_KINDS] = {"cb_rotation and exact turns",
                                          "non-unit (c, s) within 2^-20"};
enum { M_FRAME, M_FRAME_V, M_SEP, M_NORMAL, M_NORMAL_U, M_LEN, M_POINT, M_HIT, M_REL, N_METRICS };
static const char *metric_names[N_METRICS] = {
    "frame, per component (ulp of E)",
    "frame, as a vector (ulp of E)",
    "separation (ulp of max(dist, b, r, E))",
    "normal per component (u + ulp(E) / dist)",
    "normal per component (u), dist >= E >= 2^-100 (not a bound)",
    "| |normal| - 1 | (u)",
    "point per coordinate (ulp of max(|cx|, |cy|, E, hx, hy))",
    "hit differs from exact at |dist - r| (u max(dist, r, E))",
    "largest fraction of a per-result bound",
};
/* The single-unit bounds of cb_rotation's pairs (negative: not asserted). */
static const double rot_bounds[N_METRICS] = {B_FRAME_ROT, FR_VEC + 1.49, B_SEP_ROT,
                                             B_NORMAL_ROT, -1, B_LEN_ROT, B_POINT_ROT,
                                             B_HIT_ROT, 1.0};

typedef struct {
    double worst[N_KINDS][N_METRICS];
    char where[N_KINDS][N_METRICS][360];
    size_t count[N_KINDS];
    size_t inside, corners, faces, ambiguous, near_faces, hits_decided, hits_undecided,
        hits_differ, hits_out_of_range;
} stats;

static void note_as(stats *S, int kind, int m, double v, const char *subj,
                    const cb_entry_info *d, cb_circle c, cb_obox b, const char *cls,
                    const char *tag)
{
    if (!(v <= S->worst[kind][m]) || isnan(v)) {
        S->worst[kind][m] = v;
        char desc[240];
        describe(desc, sizeof desc, c, b);
        snprintf(S->where[kind][m], sizeof S->where[kind][m], "%s%s%s [%s]", tag, *tag ? ": " : "",
                 desc, cls);
    }
    double bound = rot_bounds[m];
    if (kind == K_ROT && bound >= 0 && !(v <= bound + SLACK)) {
        char desc[240];
        describe(desc, sizeof desc, c, b);
        cr_assert_fail("%s, %s: %s = %.3f exceeds the bound %.2f of cb_rotation's pairs; %s "
                       "[%s], " SEED_FMT,
                       subj, d->name, metric_names[m], v, bound, desc, cls, tb_seed());
    }
}

static void note(stats *S, int kind, int m, double v, const char *subj, const cb_entry_info *d,
                 cb_circle c, cb_obox b, const char *cls)
{
    note_as(S, kind, m, v, subj, d, c, b, cls, "");
}

/* A per-result bound: v <= bound, and the fraction recorded. */
static void within(stats *S, int kind, const char *what, double v, double bound, const char *subj,
                   const cb_entry_info *d, cb_circle c, cb_obox b, const char *cls)
{
    if (!(v <= bound * (1 + SLACK))) {
        char desc[240];
        describe(desc, sizeof desc, c, b);
        cr_assert_fail("%s, %s: %s = %.4g exceeds its bound %.4g; %s [%s], " SEED_FMT, subj,
                       d->name, what, v, bound, desc, cls, tb_seed());
    }
    if (bound > 0)
        note_as(S, kind, M_REL, v / bound, subj, d, c, b, cls, what);
}

static void log_stats(const stats *S, const char *subj)
{
    for (int k = 0; k < N_KINDS; k++) {
        if (!S->count[k])
            continue;
        cr_log_info("%s: %s, %zu results", subj, kind_names[k], S->count[k]);
        for (int m = 0; m < N_METRICS; m++)
            if (S->where[k][m][0])
                cr_log_info("  worst %s: %.3f (bound %.2f) at %s", metric_names[m],
                            S->worst[k][m], k == K_ROT ? rot_bounds[m] : -1.0, S->where[k][m]);
    }
}

/* The header's frame, in binary32 (the project builds with
 * -ffp-contract=off, so each operation rounds): measured against the exact
 * frame to show how close the derived eps is. Not used to judge results. */
static void frame_f(cb_circle c, cb_obox b, float *lx, float *ly)
{
    float ex = c.x - b.cx, ey = c.y - b.cy;
    float a = ex * b.c, bb = ey * b.s, cc = ey * b.c, dd = ex * b.s;
    *lx = a + bb, *ly = cc - dd;
}

/* ------------------------------------------------------- checking a result */

/* Contact k of ct (element i: circle c against box b) against the oracle. */
static void check_contact(stats *S, int kind, const char *subj, const cb_entry_info *d,
                          const char *cls, cb_circle c, cb_obox b, const cb_contacts *ct, size_t k)
{
    float nx = ct->normal_x[k], ny = ct->normal_y[k], sep = ct->separation[k];
    float px = ct->point_x[k], py = ct->point_y[k];
    int feat = ct->feature[k];
    oref R = oref_of(c, b);
    char desc[240];
    describe(desc, sizeof desc, c, b);
    char why[240];
#define FAIL_IF(cond, ...)                                                                         \
    do {                                                                                           \
        if (cond) {                                                                                \
            snprintf(why, sizeof why, __VA_ARGS__);                                                \
            cr_assert_fail("%s, %s: %s; got normal (%a, %a) separation %a point (%a, %a) "        \
                           "feature %d; %s [%s], " SEED_FMT,                                       \
                           subj, d->name, why, nx, ny, sep, px, py, feat, desc, cls, tb_seed());   \
        }                                                                                          \
    } while (0)
    FAIL_IF(!isfinite(nx) || !isfinite(ny) || !isfinite(sep) || !isfinite(px) || !isfinite(py),
            "%s", "a result is not finite for well-formed input");
    FAIL_IF(feat > CB_FEATURE_INSIDE || !(R.features >> feat & 1),
            "feature %d expected (or another within eps %.3g of the region's edge)", R.feature,
            R.eps);
    S->count[kind]++;
    S->ambiguous += R.features != 1u << R.feature;
    S->inside += feat == CB_FEATURE_INSIDE, S->corners += feat == CB_FEATURE_CORNER;
    S->faces += feat == CB_FEATURE_FACE;
    double uE = tb_ulpf(R.E), nonunit = fabs(R.rho - 1) * R.elen;

    /* the frame, by the header's binary32 operations (a diagnostic) */
    float lxf, lyf;
    frame_f(c, b, &lxf, &lyf);
    double fe = fmax(fabs(lxf - R.Lx), fabs(lyf - R.Ly));
    within(S, kind, "frame error per component", fe, R.eps, subj, d, c, b, cls);
    within(S, kind, "frame error as a vector", hypot(lxf - R.Lx, lyf - R.Ly), R.epsv, subj, d, c,
           b, cls);
    note(S, kind, M_FRAME, fe / uE, subj, d, c, b, cls);
    note(S, kind, M_FRAME_V, hypot(lxf - R.Lx, lyf - R.Ly) / uE, subj, d, c, b, cls);

    /* the frame point the library's answer corresponds to: the projection on
     * its face when it says inside (the face read off its normal), else the
     * clamp; q exactly, Q from the exact centre */
    double hx = b.hx, hy = b.hy, Qx, Qy;
    double len = sqrt((double)nx * nx + (double)ny * ny);
    if (feat == CB_FEATURE_INSIDE) {
        /* (mx * c) - (my * s), (mx * s) + (my * c) of the four face normals:
         * exact, each distinct from the others for a pair that is not (0, 0) */
        const float cand[4][2] = {{-b.c, -b.s}, {b.c, b.s}, {b.s, -b.c}, {-b.s, b.c}};
        int k2 = -1;
        for (int j = 0; j < 4 && k2 < 0; j++)
            if (nx == cand[j][0] && ny == cand[j][1])
                k2 = j;
        FAIL_IF(k2 < 0, "%s", "inside: the normal is not a face normal carried back exactly");
        double fmin4 = fmin(fmin(R.fd[0], R.fd[1]), fmin(R.fd[2], R.fd[3]));
        double fmax4 = fmax(fmax(fabs(R.fd[0]), fabs(R.fd[1])), fmax(fabs(R.fd[2]), fabs(R.fd[3])));
        double tol = 2 * R.eps + tb_ulpf(fmax4 + R.eps);
        FAIL_IF(!(R.fd[k2] - fmin4 <= tol * (1 + SLACK)),
                "inside: face %d is %.4g farther than the nearest (%d), more than %.4g", k2,
                R.fd[k2] - fmin4, R.face, tol);
        S->near_faces += R.face >= 0 && k2 != R.face;
        Qx = k2 == 0 ? -hx : k2 == 1 ? hx : R.Lx;
        Qy = k2 == 2 ? -hy : k2 == 3 ? hy : R.Ly;
        /* |normal| = rho exactly: c*c + s*s in double is within 2^-53 */
        note(S, kind, M_LEN, fabs(len - 1) / U24, subj, d, c, b, cls);
        FAIL_IF(!(fabs(len - 1) <= fabs(R.rho - 1) + 0x1p-50),
                "inside: |normal| - 1 = %.4g, not |(c, s)| - 1 = %.4g", len - 1, R.rho - 1);
    } else {
        Qx = tb_clampd(R.Lx, -hx, hx), Qy = tb_clampd(R.Ly, -hy, hy);
        double lb = B_LEN * U24 + fabs(R.rho - 1);
        within(S, kind, "| |normal| - 1 |", fabs(len - 1), lb, subj, d, c, b, cls);
        note(S, kind, M_LEN, fabs(len - 1) / U24, subj, d, c, b, cls);
        if (R.dist > 0) {
            double err = hypot(nx - R.nx, ny - R.ny);
            double turn = 2 * R.dist > R.epsv ? fmin(2, 2 * R.epsv / (2 * R.dist - R.epsv)) : 2;
            double nb = 6.41 * U24 + fabs(R.rho - 1) + turn;
            if (turn < 2)
                within(S, kind, "normal error (vector)", err, nb, subj, d, c, b, cls);
            else /* the frame may put the centre across a segment: any direction */
                FAIL_IF(!(err <= nb), "normal error %.4g above %.4g", err, nb);
            double comp = fmax(fabs(nx - R.nx), fabs(ny - R.ny));
            note(S, kind, M_NORMAL, comp / (U24 + uE / R.dist), subj, d, c, b, cls);
            if (R.dist >= R.E && R.E >= 0x1p-100)
                note(S, kind, M_NORMAL_U, comp / U24, subj, d, c, b, cls);
        }
    }

    /* separation */
    double serr = fabs(sep - R.sep);
    double aa = feat == CB_FEATURE_INSIDE && R.feature == CB_FEATURE_INSIDE
                    ? 1.5 * tb_ulpf(fmax(R.b + R.epsv, c.r))
                    : 3.3 * tb_ulpf(fmax(fmax(R.dist, R.b) + R.epsv, c.r));
    within(S, kind, "separation error", serr, aa + R.epsv, subj, d, c, b, cls);
    double uS = tb_ulpf(fmax(fmax(fmax(R.dist, R.b) + R.epsv, c.r), R.E));
    within(S, kind, "separation error in ulp(S)", serr / uS, B_SEP + nonunit / uS, subj, d, c, b,
           cls);
    note(S, kind, M_SEP, serr / uS, subj, d, c, b, cls);

    /* point */
    double Px = b.cx + (R.ch * Qx - R.sh * Qy), Py = b.cy + (R.sh * Qx + R.ch * Qy);
    double qlen = hypot(Qx, Qy) + R.epsv;
    double carry = (2.01 * U24 * R.rho + fabs(R.rho - 1)) * qlen;
    double perr_x = fabs(px - Px), perr_y = fabs(py - Py);
    within(S, kind, "point error in x", perr_x, R.epsv + carry + 0.5 * tb_ulpf(px), subj, d, c, b,
           cls);
    within(S, kind, "point error in y", perr_y, R.epsv + carry + 0.5 * tb_ulpf(py), subj, d, c, b,
           cls);
    double M = fmax(fmax(fabs(b.cx), fabs(b.cy)), fmax(R.E, fmax(hx, hy)));
    double uM = tb_ulpf(M), perr = fmax(perr_x, perr_y);
    within(S, kind, "point error in ulp(M)", perr / uM,
           B_POINT + fabs(R.rho - 1) * (R.elen + hypot(Qx, Qy)) / uM, subj, d, c, b, cls);
    note(S, kind, M_POINT, perr / uM, subj, d, c, b, cls);
#undef FAIL_IF
}

/* ------------------------------------------------------------ generators */

/* The scale classes (support.h's tb_scale_class): every value stays below
 * 2^124, the header's well-formed limit. */
static const tb_scale_class classes[] = {
    {"unit", {-4, 8}, {-8, 6}, {-8, 6}},
    {"tiny, squares underflow", {-100, -80}, {-110, -76}, {-110, -76}},
    {"denormal", {-149, -127}, {-149, -127}, {-149, -127}},
    {"huge, squares overflow", {64, 100}, {64, 100}, {64, 100}},
    {"up to the 2^124 limit", {116, 122}, {110, 122}, {110, 122}},
    {"mixed exponents", {-149, 122}, {-149, 122}, {-149, 122}},
};
#define N_CLASSES (sizeof classes / sizeof classes[0])

static float rpos(tk_rng *g, const int r[2])
{
    if (tk_next(g) % 16 == 0)
        return 0.f;
    return tb_rexp(g, r);
}

#define LIMIT 0x1p124f
static int ok_value(float v) { return isfinite(v) && fabsf(v) <= LIMIT; }
static int ok_circle(cb_circle c)
{
    return ok_value(c.x) && ok_value(c.y) && ok_value(c.r) && c.r >= 0;
}
static int ok_obox(cb_obox b)
{
    return ok_value(b.cx) && ok_value(b.cy) && ok_value(b.hx) && ok_value(b.hy) && b.hx >= 0 &&
           b.hy >= 0;
}

/* A rotation: cb_rotation of an angle (any, near a multiple of pi/2, huge),
 * an exact turn, or cb_rotation's pair scaled by 1 + d, |d| < 2^-21, so
 * |c^2 + s^2 - 1| is up to the validator's 2^-20 (its kind K_NONUNIT). */
static cb_rot gen_rot(tk_rng *g, int *kind)
{
    static const int huge[2] = {8, 127}, small[2] = {-40, -4};
    *kind = K_ROT;
    switch (tk_next(g) % 8) {
    case 0: case 1: case 2:
        return cb_rotation(tk_uniform(g, -4.f, 4.f));
    case 3: /* near a multiple of pi/2 (the float nearest, plus a little) */
        return cb_rotation((float)((int)(tk_next(g) % 9) - 4) * 1.5707964f + tb_rexp(g, small));
    case 4:
        return cb_rotation(tb_rexp(g, huge));
    case 5: {
        int t = (int)(tk_next(g) % 4);
        return (cb_rot){turn_cs[t][0], turn_cs[t][1]};
    }
    default: {
        cb_rot r = cb_rotation(tk_uniform(g, -4.f, 4.f));
        double f = 1 + (double)tk_uniform(g, -0.99f, 0.99f) * 0x1p-21;
        r.c = (float)(r.c * f), r.s = (float)(r.s * f);
        *kind = K_NONUNIT;
        return r;
    }
    }
}

/* A position of the circle's centre in the box's frame: anywhere near;
 * inside; on a side; the centre; a face region; a corner region; touching
 * (at distance r from a side or a corner, before rounding); far. */
static void gen_local(tk_rng *g, const tb_scale_class *s, double hx, double hy, double r, double *lx,
                      double *ly)
{
    double sx = tk_next(g) & 1 ? 1 : -1, sy = tk_next(g) & 1 ? 1 : -1;
    double ux = 2 * (double)tk_uniform(g, 0, 1) - 1, uy = 2 * (double)tk_uniform(g, 0, 1) - 1;
    switch (tk_next(g) % 10) {
    case 0: *lx = tb_rexp(g, s->off), *ly = tb_rexp(g, s->off); break;
    case 1: *lx = ux * hx, *ly = uy * hy; break;
    case 2:
        if (tk_next(g) & 1)
            *lx = sx * hx, *ly = uy * hy;
        else
            *lx = ux * hx, *ly = sy * hy;
        break;
    case 3: *lx = 0, *ly = 0; break;
    case 4: case 5:
        if (tk_next(g) & 1)
            *lx = sx * (hx + tb_rmag(g, s->off, 1)), *ly = uy * hy;
        else
            *lx = ux * hx, *ly = sy * (hy + tb_rmag(g, s->off, 1));
        break;
    case 6: case 7:
        *lx = sx * (hx + tb_rmag(g, s->off, 1)), *ly = sy * (hy + tb_rmag(g, s->off, 1));
        break;
    case 8: {
        double t = 1e-3 + 0.998 * (double)tk_uniform(g, 0, 1);
        double dx = (1 - t * t) / (1 + t * t), dy = 2 * t / (1 + t * t);
        if (tk_next(g) & 1)
            *lx = sx * (hx + r * dx), *ly = sy * (hy + r * dy);
        else if (tk_next(g) & 1)
            *lx = sx * (hx + r), *ly = uy * hy;
        else
            *lx = ux * hx, *ly = sy * (hy + r);
        break;
    }
    default: *lx = tb_rexp(g, s->pos), *ly = tb_rexp(g, s->pos); break;
    }
}

typedef struct {
    const combo *k;
    single one;
    int one_kind;
    int *kinds; /* per element: K_ROT or K_NONUNIT of its pair */
    store S;
} batch;

/* A batch of pairing k in scale class s: the single shape, then every
 * element placed in the box's frame relative to it. */
static void batch_fill(batch *B, const combo *k, tk_rng *g, const tb_scale_class *s)
{
    B->k = k;
    memset(&B->one, 0, sizeof B->one);
    if (k->one == CB_SHAPE_CIRCLE) {
        do
            B->one.circle = (cb_circle){rpos(g, s->pos), rpos(g, s->pos), tb_rmag(g, s->ext, 8)};
        while (!ok_circle(B->one.circle));
        cb_circle c = B->one.circle;
        for (size_t i = 0; i < B->S.n; i++) {
            cb_obox b;
            int kind, tries = 0;
            do {
                cb_rot r = gen_rot(g, &kind);
                float hx = tb_rmag(g, s->ext, 8), hy = tb_rmag(g, s->ext, 8);
                double rho = hypot(r.c, r.s), ch = r.c / rho, sh = r.s / rho, lx, ly;
                gen_local(g, s, hx, hy, c.r, &lx, &ly);
                b = (cb_obox){(float)(c.x - (ch * lx - sh * ly)),
                              (float)(c.y - (sh * lx + ch * ly)), hx, hy, r.c, r.s};
                cr_assert(++tries < 1000, "no well-formed box generated: test bug");
            } while (!ok_obox(b));
            set_obox(&B->S, i, b);
            B->kinds[i] = kind;
        }
    } else {
        cb_obox b;
        do {
            cb_rot r = gen_rot(g, &B->one_kind);
            b = (cb_obox){rpos(g, s->pos), rpos(g, s->pos), tb_rmag(g, s->ext, 6),
                          tb_rmag(g, s->ext, 6), r.c, r.s};
        } while (!ok_obox(b));
        B->one.obox = b;
        double rho = hypot(b.c, b.s), ch = b.c / rho, sh = b.s / rho;
        for (size_t i = 0; i < B->S.n; i++) {
            cb_circle c;
            int tries = 0;
            do {
                double lx, ly;
                gen_local(g, s, b.hx, b.hy, fabsf(tb_rexp(g, s->ext)), &lx, &ly);
                c.x = (float)(b.cx + (ch * lx - sh * ly));
                c.y = (float)(b.cy + (sh * lx + ch * ly));
                c.r = 0;
                if (ok_value(c.x) && ok_value(c.y))
                    c.r = tb_radius_at(g, s, oref_of(c, b).dist);
                cr_assert(++tries < 1000, "no well-formed circle generated: test bug");
            } while (!ok_circle(c));
            set_circle(&B->S, i, c);
            B->kinds[i] = B->one_kind;
        }
    }
}

/* In range for the overlap contract's band: 0, or a square that neither
 * underflows nor overflows. */
static int in_range(double v) { return v == 0 || (v >= 0x1p-59 && v <= 0x1p59); }

/* ------------------------------------------------------------ the test */

#ifndef ORIENTED_BATCHES
#define ORIENTED_BATCHES 48
#endif

ParameterizedTestParameters(oriented, accuracy)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * Every contacts entry (both layouts) of both pairings on batches of every
 * scale class, with margin 2^124, so every element is reported ((r + 2^124)
 * squared overflows: d2 <= inf): each record against the oracle with the
 * bounds above; the distance twin gives the same separations bit for bit.
 * The overlap mask twins (both modes) are decided exactly outside the band.
 * ORIENTED_BATCHES (a compile-time knob) raises the count for a longer
 * measurement (docs/oriented.md).
 */
ParameterizedTest(int *subject, oriented, accuracy, .timeout = 600)
{
    const char *subj = subject_or_skip(*subject);
    enum { N = 67, BATCHES = ORIENTED_BATCHES };
    tk_rng g = tb_rng_for(0x0B0C2000u);
    stats *S = calloc(1, sizeof *S);
    cr_assert_not_null(S);
    batch B;
    memset(&B, 0, sizeof B);
    B.S = store_new(N);
    B.kinds = calloc(N, sizeof *B.kinds);
    outs o = outs_new(N);
    size_t checked = 0;
    double worst_hit[N_KINDS] = {0, 0};
    for (size_t ki = 0; ki < N_COMBOS; ki++)
        for (size_t ci = 0; ci < N_CLASSES; ci++)
            for (int rep = 0; rep < BATCHES; rep++) {
                const tb_scale_class *cls = &classes[ci];
                batch_fill(&B, &combos[ki], &g, cls);
                TK_FOR_ENTRIES(e, TK_BATCH) {
                    const cb_entry_info *d = cb_entry_info_of(e);
                    if (!is_oriented(d) || !in_combo(d, &combos[ki]) ||
                        d->query != CB_QUERY_CONTACTS)
                        continue;
                    cb_args a = make_args(d, &B.S, &B.one, &o.ct, 0, LIMIT);
                    size_t n = run(*subject, e, &a);
                    cr_assert_eq(n, (size_t)N,
                                 "%s, %s: margin 2^124 reported %zu of %d [%s], " SEED_FMT, subj,
                                 d->name, n, N, cls->name, tb_seed());
                    for (size_t k = 0; k < N; k++) {
                        cr_assert_eq(o.ct.index[k], (uint32_t)k, "%s, %s: index[%zu]", subj,
                                     d->name, k);
                        cb_circle c;
                        cb_obox b;
                        pair_at(&B.S, &B.one, &combos[ki], k, &c, &b);
                        check_contact(S, B.kinds[k], subj, d, cls->name, c, b, &o.ct, k);
                        checked++;
                    }
                    /* the distance twin: the same separations */
                    size_t ed = twin_or_fail(d, CB_QUERY_DISTANCE, CB_OUTPUT_DISTANCES);
                    cb_args ad = make_args(cb_entry_info_of(ed), &B.S, &B.one, o.dist, 0, 0);
                    cr_assert_eq(run(*subject, ed, &ad), (size_t)N);
                    for (size_t i = 0; i < N; i++)
                        cr_assert(tk_bits(o.dist[i]) == tk_bits(o.ct.separation[i]),
                                  "%s, %s element %zu: %a, but %s gives %a, " SEED_FMT, subj,
                                  cb_entry_info_of(ed)->name, i, o.dist[i], d->name,
                                  o.ct.separation[i], tb_seed());
                    /* the overlap mask twin: exact outside the band */
                    size_t em = twin_or_fail(d, CB_QUERY_OVERLAP, CB_OUTPUT_MASK);
                    for (unsigned f = 0; f <= CB_STRICT; f++) {
                        cb_args am = make_args(cb_entry_info_of(em), &B.S, &B.one, o.mask, f, 0);
                        run(*subject, em, &am);
                        for (size_t i = 0; i < N; i++) {
                            cb_circle c;
                            cb_obox b;
                            pair_at(&B.S, &B.one, &combos[ki], i, &c, &b);
                            oref R = oref_of(c, b);
                            int got = (int)(o.mask[i / 64] >> (i % 64) & 1);
                            int want = f ? R.dist < c.r : R.dist <= c.r;
                            if (!in_range(R.dist) || !in_range(c.r)) {
                                S->hits_out_of_range++;
                                continue;
                            }
                            double big = fmax(R.dist, c.r);
                            double band = R.epsv + 6 * U24 * (big + R.epsv);
                            double gap = fabs(R.dist - c.r);
                            if (gap > band * (1 + SLACK)) {
                                if (got != want) {
                                    char desc[240];
                                    describe(desc, sizeof desc, c, b);
                                    cr_assert_fail("%s, %s (flags %u): element %zu hit %d, exact "
                                                   "%d with |dist - r| = %.4g > the band %.4g; "
                                                   "%s [%s], " SEED_FMT,
                                                   subj, cb_entry_info_of(em)->name, f, i, got,
                                                   want, gap, band, desc, cls->name, tb_seed());
                                }
                                S->hits_decided++;
                            } else {
                                S->hits_undecided++;
                                if (got != want) {
                                    S->hits_differ++;
                                    double rel = gap / (U24 * fmax(big, R.E));
                                    int kd = B.kinds[i];
                                    if (rel >= worst_hit[kd]) {
                                        worst_hit[kd] = rel;
                                        note(S, kd, M_HIT, rel, subj, cb_entry_info_of(em), c, b,
                                             cls->name);
                                    }
                                }
                            }
                        }
                    }
                }
            }
    for (int k = 0; k < N_KINDS; k++)
        cr_assert(S->count[k] > 1000, "only %zu results of kind %s", S->count[k], kind_names[k]);
    cr_assert(S->inside > 1000 && S->corners > 1000 && S->faces > 1000,
              "%zu inside, %zu corners, %zu faces", S->inside, S->corners, S->faces);
    cr_assert(S->hits_undecided > 100 && S->hits_decided > 1000,
              "vacuous: %zu hits decided, %zu within the band", S->hits_decided,
              S->hits_undecided);
    cr_log_info("%s: %zu records checked (%zu inside, %zu corners, %zu faces; %zu near a region's "
                "edge within eps; %zu inside on a face other than the exactly nearest); hits: "
                "%zu decided exactly, %zu within the band of which %zu differ from exact, %zu "
                "with a square out of range",
                subj, checked, S->inside, S->corners, S->faces, S->ambiguous, S->near_faces,
                S->hits_decided, S->hits_undecided, S->hits_differ, S->hits_out_of_range);
    log_stats(S, subj);
    outs_free(&o);
    store_free(&B.S);
    free(B.kinds);
    free(S);
}

/* ======================================================= (3) malformed input */

ParameterizedTestParameters(oriented, malformed_same_bits)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/* A value for a malformed field: NaNs (several payloads and signs),
 * infinities, negatives, huge, denormal, zeros of both signs, or any bits. */
static float bad_value(tk_rng *g)
{
    static const uint32_t bits[] = {0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7FA12345u,
                                    0x7F800000u, 0xFF800000u, 0x80000000u, 0x00000001u,
                                    0x7F7FFFFFu, 0xFF7FFFFFu, 0xBF800000u, 0xC2C80000u};
    if (tk_next(g) % 4 == 0)
        return tk_any_float(g);
    return tk_float(bits[tk_next(g) % (sizeof bits / sizeof bits[0])]);
}

/* (c, s) far from unit: zero, doubled, tiny, huge, any sign. */
static void bad_rotation(tk_rng *g, float *c, float *s)
{
    static const float pairs[][2] = {{0, 0},       {2, 0},        {0.5f, 0.5f}, {-3, 4},
                                     {1e30f, 1e30f}, {1e-30f, 0}, {1, 1},       {-0.f, -0.f}};
    size_t k = (size_t)(tk_next(g) % (sizeof pairs / sizeof pairs[0]));
    *c = pairs[k][0], *s = pairs[k][1];
}

static cb_obox gen_bad_obox(tk_rng *g)
{
    cb_rot r = cb_rotation(tk_uniform(g, -4, 4));
    cb_obox b = {tk_uniform(g, -64, 64), tk_uniform(g, -64, 64), tk_uniform(g, 0, 16),
                 tk_uniform(g, 0, 16), r.c, r.s};
    float *f[6] = {&b.cx, &b.cy, &b.hx, &b.hy, &b.c, &b.s};
    switch (tk_next(g) % 5) {
    case 0: break; /* well-formed: mixed in, so lanes differ */
    case 1: *f[tk_next(g) % 6] = bad_value(g); break;
    case 2: bad_rotation(g, &b.c, &b.s); break;
    case 3: *(tk_next(g) & 1 ? &b.hx : &b.hy) = -tk_uniform(g, 0.f, 8.f) - 0x1p-20f; break;
    default:
        for (int k = 0; k < 6; k++)
            if (tk_next(g) & 1)
                *f[k] = bad_value(g);
        break;
    }
    return b;
}

static cb_circle gen_bad_circle(tk_rng *g)
{
    cb_circle c = {tk_uniform(g, -64, 64), tk_uniform(g, -64, 64), tk_uniform(g, 0, 16)};
    float *f[3] = {&c.x, &c.y, &c.r};
    if (tk_next(g) % 3)
        *f[tk_next(g) % 3] = bad_value(g);
    return c;
}

/* A NaN written must be the default quiet NaN. */

/*
 * NaN, infinite, non-unit and negative-extent oriented boxes (and bad
 * circles) mixed with good ones: every oriented entry on the subject gives
 * scalar's raw kernel's bits (mask words, indices, all distances, the
 * reported contact records), and every NaN it writes is 0x7FC00000. A short
 * check; the big bit-for-bit harness covers more (test_backends).
 */
ParameterizedTest(int *subject, oriented, malformed_same_bits, .timeout = 600)
{
    const char *subj = subject_or_skip(*subject);
    enum { N = 131, REPS = 12 };
    tk_rng g = tb_rng_for(0x0B0C3000u);
    store S = store_new(N);
    outs A = outs_new(N), B = outs_new(N);
    size_t calls = 0, nans = 0, hits = 0;
    for (size_t ki = 0; ki < N_COMBOS; ki++)
        for (int rep = 0; rep < REPS; rep++) {
            single one;
            memset(&one, 0, sizeof one);
            if (combos[ki].one == CB_SHAPE_CIRCLE)
                one.circle = rep % 3 ? (cb_circle){tk_uniform(&g, -64, 64),
                                                   tk_uniform(&g, -64, 64), tk_uniform(&g, 0, 16)}
                                     : gen_bad_circle(&g);
            else
                one.obox = gen_bad_obox(&g);
            for (size_t i = 0; i < N; i++) {
                set_obox(&S, i, gen_bad_obox(&g));
                set_circle(&S, i, gen_bad_circle(&g));
            }
            static const float margins[] = {0.f, 1.f, FLT_MAX};
            TK_FOR_ENTRIES(e, TK_BATCH) {
                const cb_entry_info *d = cb_entry_info_of(e);
                if (!is_oriented(d) || !in_combo(d, &combos[ki]))
                    continue;
                cb_kernel_fn scalar = cb_entry_kernel(e, CB_BACKEND_SCALAR);
                cr_assert_not_null(scalar);
                int nm = d->output == CB_OUTPUT_CONTACTS ? 3 : 1;
                for (unsigned f = 0; f <= CB_STRICT; f++)
                    for (int mi = 0; mi < nm; mi++) {
                        outs_poison(&A, 0x5A), outs_poison(&B, 0x5A);
                        cb_args a = make_args(d, &S, &one, out_of(&A, d), f, margins[mi]);
                        cb_args b = make_args(d, &S, &one, out_of(&B, d), f, margins[mi]);
                        size_t na = run(*subject, e, &a), nb = scalar(&b);
                        cr_assert_eq(na, nb, "%s, %s (flags %u): %zu, scalar %zu, " SEED_FMT, subj,
                                     d->name, f, na, nb, tb_seed());
                        int same = 1;
                        size_t at = 0;
                        if (d->output == CB_OUTPUT_MASK)
                            same = !memcmp(A.mask, B.mask, (N + 63) / 64 * sizeof(uint64_t));
                        else if (d->output == CB_OUTPUT_INDICES)
                            same = !memcmp(A.idx, B.idx, na * sizeof(uint32_t));
                        else if (d->output == CB_OUTPUT_DISTANCES) {
                            same = !memcmp(A.dist, B.dist, N * sizeof(float));
                            for (size_t i = 0; i < N; i++) {
                                cr_assert(tb_canonical(A.dist[i]),
                                          "%s, %s: distance %zu is a NaN %08x, " SEED_FMT, subj,
                                          d->name, i, tk_bits(A.dist[i]), tb_seed());
                                nans += isnan(A.dist[i]) != 0;
                            }
                        } else {
                            const cb_contacts *p = &A.ct, *q = &B.ct;
                            for (size_t k = 0; k < na && same; k++, at = k) {
                                same = p->index[k] == q->index[k] &&
                                       tk_bits(p->normal_x[k]) == tk_bits(q->normal_x[k]) &&
                                       tk_bits(p->normal_y[k]) == tk_bits(q->normal_y[k]) &&
                                       tk_bits(p->separation[k]) == tk_bits(q->separation[k]) &&
                                       tk_bits(p->point_x[k]) == tk_bits(q->point_x[k]) &&
                                       tk_bits(p->point_y[k]) == tk_bits(q->point_y[k]) &&
                                       p->feature[k] == q->feature[k];
                                cr_assert(tb_canonical(p->normal_x[k]) && tb_canonical(p->normal_y[k]) &&
                                              tb_canonical(p->separation[k]) &&
                                              tb_canonical(p->point_x[k]) && tb_canonical(p->point_y[k]),
                                          "%s, %s: contact %zu has a NaN other than 0x7FC00000, "
                                          SEED_FMT, subj, d->name, k, tb_seed());
                                nans += isnan(p->separation[k]) || isnan(p->normal_x[k]) ||
                                        isnan(p->point_x[k]);
                            }
                        }
                        cr_assert(same, "%s, %s (flags %u, margin %a): not scalar's bits%s%zu, "
                                  SEED_FMT, subj, d->name, f, margins[mi],
                                  d->output == CB_OUTPUT_CONTACTS ? " at contact " : " ",
                                  at, tb_seed());
                        if (d->output == CB_OUTPUT_MASK)
                            hits += na;
                        calls++;
                    }
            }
        }
    cr_assert(nans > 0 && hits > 0, "vacuous: %zu NaNs written, %zu hits", nans, hits);
    cr_log_info("%s: %zu calls equal to scalar's bits, %zu NaN results (all 0x7FC00000), %zu "
                "mask hits", subj, calls, nans, hits);
    outs_free(&A), outs_free(&B);
    store_free(&S);
}

/* ======================================================= (4) validators */

static size_t validate_soa_of(const cb_obox *b, size_t n, cb_fault *f)
{
    float *v[6];
    for (int k = 0; k < 6; k++)
        v[k] = malloc((n ? n : 1) * sizeof(float));
    for (size_t i = 0; i < n; i++)
        v[0][i] = b[i].cx, v[1][i] = b[i].cy, v[2][i] = b[i].hx, v[3][i] = b[i].hy,
        v[4][i] = b[i].c, v[5][i] = b[i].s;
    cb_obox_soa s = {v[0], v[1], v[2], v[3], v[4], v[5]};
    size_t r = cb_validate_oboxes(&s, n, f);
    for (int k = 0; k < 6; k++)
        free(v[k]);
    return r;
}

/* Both validators on the same boxes: the same index and fault. */
static size_t validate_both(const cb_obox *b, size_t n, cb_fault *fault)
{
    cb_fault fa = (cb_fault)99, fs = (cb_fault)99;
    size_t ra = cb_validate_oboxes_aos(b, n, &fa), rs = validate_soa_of(b, n, &fs);
    cr_assert(ra == rs && fa == fs, "AoS says %zu (fault %d), SoA %zu (fault %d)", ra, (int)fa,
              rs, (int)fs);
    *fault = fa;
    return ra;
}

static void expect_fault(cb_obox b, cb_fault want, const char *what)
{
    cb_obox arr[3] = {{0, 0, 1, 1, 1, 0}, b, {0, 0, 1, 1, 0, 1}};
    cb_fault f;
    size_t r = validate_both(arr, 3, &f);
    size_t want_at = want == CB_FAULT_NONE ? 3 : 1;
    cr_assert(r == want_at && f == want,
              "%s: (cx %a, cy %a, hx %a, hy %a, c %a, s %a) gives index %zu fault %d, want %zu "
              "fault %d",
              what, b.cx, b.cy, b.hx, b.hy, b.c, b.s, r, (int)f, want_at, (int)want);
}

/* The faults of each field, their order, -0.0, NULL and n == 0, the first
 * of several malformed boxes. */
Test(oriented, validate_faults)
{
    const float nan = tk_float(0x7FC00000u), nan2 = tk_float(0xFFA00001u);
    cb_obox good = {1.5f, -2, 3, 4, 0.6f, 0.8f};
    cr_assert(ref_unit_rotation(good.c, good.s), "test bug: (0.6, 0.8) in binary32 is within 2^-20");
    expect_fault(good, CB_FAULT_NONE, "well-formed");
    for (int k = 0; k < 6; k++) {
        cb_obox b = good;
        float *f[6] = {&b.cx, &b.cy, &b.hx, &b.hy, &b.c, &b.s};
        *f[k] = k % 2 ? nan2 : nan;
        expect_fault(b, CB_FAULT_NAN, "a NaN field");
        *f[k] = k % 2 ? -INFINITY : INFINITY;
        expect_fault(b, CB_FAULT_INFINITE, "an infinite field");
    }
    cb_obox b = good;
    b.hx = -0x1p-149f;
    expect_fault(b, CB_FAULT_INVERTED, "hx the negative denormal");
    b = good, b.hy = -1;
    expect_fault(b, CB_FAULT_INVERTED, "hy < 0");
    b = good, b.hx = -0.f, b.hy = -0.f;
    expect_fault(b, CB_FAULT_NONE, "hx = hy = -0.0 (a point)");
    b = good, b.hx = 0x1p-149f, b.cx = -0x1p-149f, b.cy = FLT_MAX, b.hy = FLT_MAX;
    expect_fault(b, CB_FAULT_NONE, "denormal and FLT_MAX values");
    b = good, b.c = -0.f, b.s = -1;
    expect_fault(b, CB_FAULT_NONE, "(c, s) = (-0, -1)");
    b = good, b.c = 0, b.s = 0;
    expect_fault(b, CB_FAULT_NOT_UNIT, "(0, 0)");
    b = good, b.c = 1, b.s = 1;
    expect_fault(b, CB_FAULT_NOT_UNIT, "(1, 1)");
    b = good, b.c = FLT_MAX, b.s = FLT_MAX;
    expect_fault(b, CB_FAULT_NOT_UNIT, "(FLT_MAX, FLT_MAX): the squares overflow binary32");
    /* the order NAN, INFINITE, INVERTED, NOT_UNIT */
    b = (cb_obox){INFINITY, 0, -1, 1, 2, 0};
    b.s = nan;
    expect_fault(b, CB_FAULT_NAN, "NaN with inf, negative hx and non-unit");
    b = (cb_obox){INFINITY, 0, -1, 1, 2, 0};
    expect_fault(b, CB_FAULT_INFINITE, "inf with negative hx and non-unit");
    b = (cb_obox){0, 0, -1, 1, 2, 0};
    expect_fault(b, CB_FAULT_INVERTED, "negative hx with non-unit");
    /* the first malformed of several */
    cb_obox arr[5] = {good, good, good, good, good};
    arr[2].c = 2, arr[4].cx = nan;
    cb_fault f;
    cr_assert_eq(validate_both(arr, 5, &f), 2);
    cr_assert_eq(f, CB_FAULT_NOT_UNIT);
    cr_assert_eq(validate_both(arr, 2, &f), 2, "n bounds the scan");
    cr_assert_eq(f, CB_FAULT_NONE);
    /* NULL and n == 0 */
    f = (cb_fault)99;
    cr_assert_eq(cb_validate_oboxes_aos(NULL, 0, &f), 0);
    cr_assert_eq(f, CB_FAULT_NONE);
    f = (cb_fault)99;
    cr_assert_eq(cb_validate_oboxes(NULL, 0, &f), 0);
    cr_assert_eq(f, CB_FAULT_NONE);
    f = (cb_fault)99;
    cr_assert_eq(cb_validate_oboxes_aos(NULL, 1, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    f = (cb_fault)99;
    cr_assert_eq(cb_validate_oboxes(NULL, 1, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    float one[1] = {1}, zero[1] = {0};
    for (int k = 0; k < 6; k++) {
        const float *v[6] = {zero, zero, one, one, one, zero};
        v[k] = NULL;
        cb_obox_soa s = {v[0], v[1], v[2], v[3], v[4], v[5]};
        f = (cb_fault)99;
        cr_assert_eq(cb_validate_oboxes(&s, 1, &f), CB_INVALID, "array %d NULL", k);
        cr_assert_eq(f, CB_FAULT_NONE);
        cr_assert_eq(cb_validate_oboxes(&s, 0, &f), 0, "array %d NULL, n = 0", k);
    }
    cb_obox_soa s = {zero, zero, one, one, one, zero};
    cr_assert_eq(cb_validate_oboxes(&s, 1, NULL), 1, "a NULL fault pointer is allowed");
    cr_assert_eq(cb_validate_oboxes_aos(arr, 5, NULL), 2);
}

/* The last float before and the first after the edge, stepping c by ulps
 * from a unit pair while s stays: each checked by the exact rule. */
static void edge_pair(float c0, float s0, int up, float *in, float *out)
{
    float c = c0, dir = (c0 >= 0) == (up > 0) ? INFINITY : -INFINITY;
    cr_assert(ref_unit_rotation(c, s0), "test bug: (%a, %a) is not within 2^-20", c0, s0);
    for (int k = 0; k < 1 << 16; k++) {
        float next = nextafterf(c, dir);
        if (!ref_unit_rotation(next, s0)) {
            *in = c, *out = next;
            return;
        }
        c = next;
    }
    cr_assert_fail("test bug: no edge within 2^16 ulps of (%a, %a)", c0, s0);
}

/*
 * NOT_UNIT at its edge: |c*c + s*s - 1| <= 2^-20, computed exactly. From
 * unit pairs (cb_rotation of angles across the circle, the exact turns, tiny
 * and near-45-degree sines), c is stepped by ulps outward and inward to the
 * last pair inside and the first outside, each on its side by the test's
 * own exact arithmetic; pairs exactly on the edge (1, 2^-10) and (2^-10, 1),
 * whose c*c + s*s is exactly 1 + 2^-20, are accepted.
 */
Test(oriented, validate_unit_edge)
{
    size_t pairs = 0;
    float angles[64];
    tk_rng g = tb_rng_for(0x0B0C4000u);
    for (int k = 0; k < 64; k++)
        angles[k] = k < 8 ? (float)k * 0.7853982f : tk_uniform(&g, -4.f, 4.f);
    for (int k = 0; k < 64 + 6; k++) {
        float c, s;
        if (k < 64) {
            cb_rot r = cb_rotation(angles[k]);
            c = r.c, s = r.s;
        } else {
            static const float fixed[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {1, 0x1p-12f},
                                              {0x1p-30f, -1}, {0.70710677f, 0.70710677f}};
            c = fixed[k - 64][0], s = fixed[k - 64][1];
        }
        for (int swap = 0; swap < 2; swap++)
            for (int up = -1; up <= 1; up += 2) {
                float cc = swap ? s : c, ss = swap ? c : s, in, out;
                if (fabsf(cc) < 0x1p-4f)
                    continue; /* c*c moves too slowly: the swapped pair covers it */
                edge_pair(cc, ss, up, &in, &out);
                cb_obox b = {0, 0, 1, 1, in, ss};
                expect_fault(b, CB_FAULT_NONE, "just inside 2^-20");
                b.c = out;
                expect_fault(b, CB_FAULT_NOT_UNIT, "just outside 2^-20");
                pairs++;
            }
    }
    cb_obox b = {0, 0, 1, 1, 1, 0x1p-10f};
    cr_assert(ref_unit_cmp(1, 0x1p-10f, 0x1p-20) == 0, "test bug: not on the edge");
    expect_fault(b, CB_FAULT_NONE, "c*c + s*s - 1 = 2^-20 exactly");
    b.c = 0x1p-10f, b.s = -1;
    expect_fault(b, CB_FAULT_NONE, "c*c + s*s - 1 = 2^-20 exactly");
    b.c = 1, b.s = nextafterf(0x1p-10f, 1);
    expect_fault(b, CB_FAULT_NOT_UNIT, "one ulp past the exact edge");
    b.s = nextafterf(0x1p-10f, 0);
    expect_fault(b, CB_FAULT_NONE, "one ulp inside the exact edge");
    cr_log_info("%zu pairs on each side of the edge, and the exact edge", 2 * pairs);
}

/* ====================================================== (4) converters */

/* The header's formulas, in binary32 (rounded per operation). */
static cb_obox want_from_box(cb_box b, float angle)
{
    float lx = b.min_x * 0.5f, hx = b.max_x * 0.5f, ly = b.min_y * 0.5f, hy = b.max_y * 0.5f;
    cb_rot r = cb_rotation(angle);
    return (cb_obox){lx + hx, ly + hy, hx - lx, hy - ly, r.c, r.s};
}
static cb_obox want_from_corner(cb_box_corner b, float angle)
{
    float hx = b.w * 0.5f, hy = b.h * 0.5f;
    cb_rot r = cb_rotation(angle);
    return (cb_obox){b.x + hx, b.y + hy, hx, hy, r.c, r.s};
}

static int same_obox(cb_obox a, cb_obox b)
{
    return same_or_nan(a.cx, b.cx) && same_or_nan(a.cy, b.cy) && same_or_nan(a.hx, b.hx) &&
           same_or_nan(a.hy, b.hy) && tk_bits(a.c) == tk_bits(b.c) && tk_bits(a.s) == tk_bits(b.s);
}

static float conv_value(tk_rng *g)
{
    switch (tk_next(g) % 6) {
    case 0: return tb_adversarial[tk_next(g) % tb_adversarial_count];
    case 1: return tb_rexp(g, (const int[2]){-149, 127});
    default: return tk_uniform(g, -1000, 1000);
    }
}

/*
 * cb_obox_from_box and cb_obox_from_corner against the header's formulas
 * (halves, one rounding per sum) and cb_rotation, bit for bit (a NaN
 * coordinate only as a NaN: its payload is unspecified; c and s come from
 * cb_rotation, which fixes its NaN); angle 0 gives (1, +0); the batch forms,
 * AoS and SoA out, equal the single ones; NULL and n == 0 write nothing.
 */
Test(oriented, converters)
{
    enum { N = 257 };
    tk_rng g = tb_rng_for(0x0B0C5000u);
    cb_box *bx = malloc(N * sizeof *bx);
    cb_box_corner *bc = malloc(N * sizeof *bc);
    float *ang = malloc(N * sizeof *ang);
    cb_obox *out = malloc((N + 1) * sizeof *out);
    float *soa[6];
    for (int k = 0; k < 6; k++)
        soa[k] = malloc((N + 1) * sizeof(float));
    cr_assert(bx && bc && ang && out && soa[5]);
    for (size_t i = 0; i < N; i++) {
        bx[i] = (cb_box){conv_value(&g), conv_value(&g), conv_value(&g), conv_value(&g)};
        if (i % 2) { /* well-ordered boxes, most of the time */
            bx[i].max_x = bx[i].min_x + fabsf(conv_value(&g));
            bx[i].max_y = bx[i].min_y + fabsf(conv_value(&g));
        }
        bc[i] = (cb_box_corner){conv_value(&g), conv_value(&g), fabsf(conv_value(&g)),
                                fabsf(conv_value(&g))};
        ang[i] = i % 7 == 0 ? 0.f : i % 11 == 0 ? conv_value(&g) : tk_uniform(&g, -7, 7);
    }
    /* angle 0: the identity, exactly */
    cb_obox z = cb_obox_from_box((cb_box){-1, -2, 3, 4}, 0.f);
    cr_assert(z.cx == 1 && z.cy == 1 && z.hx == 2 && z.hy == 3 && tk_bits(z.c) == tk_bits(1.f) &&
                  tk_bits(z.s) == tk_bits(0.f),
              "angle 0: (%a, %a, %a, %a, %a, %a)", z.cx, z.cy, z.hx, z.hy, z.c, z.s);
    z = cb_obox_from_corner((cb_box_corner){-1, -2, 4, 6}, 0.f);
    cr_assert(z.cx == 1 && z.cy == 1 && z.hx == 2 && z.hy == 3 && tk_bits(z.c) == tk_bits(1.f) &&
                  tk_bits(z.s) == tk_bits(0.f),
              "corner, angle 0: (%a, %a, %a, %a, %a, %a)", z.cx, z.cy, z.hx, z.hy, z.c, z.s);
    /* FLT_MAX sides: the halving first, so no overflow */
    z = cb_obox_from_box((cb_box){-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX}, 0.f);
    cr_assert(z.cx == 0 && z.hx == FLT_MAX, "(-FLT_MAX, FLT_MAX): cx %a hx %a", z.cx, z.hx);
    for (int form = 0; form < 2; form++) {
        for (size_t i = 0; i < N; i++) {
            cb_obox w = form ? want_from_corner(bc[i], ang[i]) : want_from_box(bx[i], ang[i]);
            cb_obox o1 = form ? cb_obox_from_corner(bc[i], ang[i]) : cb_obox_from_box(bx[i], ang[i]);
            cr_assert(same_obox(o1, w),
                      "%s %zu (angle %a): (%a, %a, %a, %a, %a, %a), want (%a, %a, %a, %a, %a, %a)",
                      form ? "corner" : "box", i, ang[i], o1.cx, o1.cy, o1.hx, o1.hy, o1.c, o1.s,
                      w.cx, w.cy, w.hx, w.hy, w.c, w.s);
        }
        /* AoS batch */
        memset(out, 0xA5, (N + 1) * sizeof *out);
        if (form)
            cb_oboxes_from_corners(bc, ang, N, out);
        else
            cb_oboxes_from_boxes(bx, ang, N, out);
        for (size_t i = 0; i < N; i++) {
            cb_obox w = form ? cb_obox_from_corner(bc[i], ang[i]) : cb_obox_from_box(bx[i], ang[i]);
            cr_assert(same_obox(out[i], w), "%s batch AoS, element %zu", form ? "corner" : "box",
                      i);
        }
        cr_assert_eq(tk_bits(out[N].cx), 0xA5A5A5A5u, "written past n");
        /* SoA batch */
        for (int k = 0; k < 6; k++)
            memset(soa[k], 0xA5, (N + 1) * sizeof(float));
        cb_status st = form ? cb_oboxes_from_corners_soa(bc, ang, N, soa[0], soa[1], soa[2],
                                                         soa[3], soa[4], soa[5])
                            : cb_oboxes_from_boxes_soa(bx, ang, N, soa[0], soa[1], soa[2], soa[3],
                                                       soa[4], soa[5]);
        cr_assert_eq(st, CB_OK);
        for (size_t i = 0; i < N; i++) {
            cb_obox o = {soa[0][i], soa[1][i], soa[2][i], soa[3][i], soa[4][i], soa[5][i]};
            cr_assert(same_obox(o, out[i]), "%s batch SoA, element %zu", form ? "corner" : "box",
                      i);
        }
        for (int k = 0; k < 6; k++)
            cr_assert_eq(tk_bits(soa[k][N]), 0xA5A5A5A5u, "SoA array %d written past n", k);
        /* NULL and n == 0: nothing written */
        memset(out, 0xA5, (N + 1) * sizeof *out);
        if (form) {
            cb_oboxes_from_corners(NULL, ang, N, out);
            cb_oboxes_from_corners(bc, NULL, N, out);
            cb_oboxes_from_corners(bc, ang, N, NULL);
            cb_oboxes_from_corners(bc, ang, 0, out);
        } else {
            cb_oboxes_from_boxes(NULL, ang, N, out);
            cb_oboxes_from_boxes(bx, NULL, N, out);
            cb_oboxes_from_boxes(bx, ang, N, NULL);
            cb_oboxes_from_boxes(bx, ang, 0, out);
        }
        for (size_t i = 0; i <= N; i++)
            cr_assert_eq(tk_bits(out[i].cx), 0xA5A5A5A5u, "AoS: NULL or n == 0 wrote %zu", i);
        for (int k = 0; k < 6; k++)
            memset(soa[k], 0xA5, (N + 1) * sizeof(float));
        for (int nul = 0; nul < 8; nul++) {
            float *p[6];
            for (int k = 0; k < 6; k++)
                p[k] = k + 2 == nul ? NULL : soa[k];
            const void *in = nul == 0 ? NULL : form ? (const void *)bc : (const void *)bx;
            const float *an = nul == 1 ? NULL : ang;
            cb_status r = form ? cb_oboxes_from_corners_soa(in, an, N, p[0], p[1], p[2], p[3],
                                                            p[4], p[5])
                               : cb_oboxes_from_boxes_soa(in, an, N, p[0], p[1], p[2], p[3], p[4],
                                                          p[5]);
            cr_assert_eq(r, CB_ERR_INVALID_ARG, "SoA with pointer %d NULL", nul);
            r = form ? cb_oboxes_from_corners_soa(in, an, 0, p[0], p[1], p[2], p[3], p[4], p[5])
                     : cb_oboxes_from_boxes_soa(in, an, 0, p[0], p[1], p[2], p[3], p[4], p[5]);
            cr_assert_eq(r, CB_OK, "SoA with pointer %d NULL and n == 0", nul);
        }
        for (int k = 0; k < 6; k++)
            for (size_t i = 0; i <= N; i++)
                cr_assert_eq(tk_bits(soa[k][i]), 0xA5A5A5A5u, "SoA: refused call wrote");
    }
    free(bx), free(bc), free(ang), free(out);
    for (int k = 0; k < 6; k++)
        free(soa[k]);
}
