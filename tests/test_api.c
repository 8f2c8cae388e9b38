/* test_api.c - the public entry points' documented argument handling (NULL, n == 0, flags, index limit) and the validators against their definition. */
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/hooks.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

/* ------------------------------------------------- batch argument checks */

#define POISON32 0x89ABCDEFu

/* One call of each of the eight entry points through a common shape:
 * boxes / circles may be replaced by NULL or a SoA struct with one NULL
 * member; out is a mask or index buffer. */
typedef struct {
    cb_circle circle;
    const cb_box_soa *bsoa;
    const cb_box *baos;
    const cb_circle_soa *csoa;
    const cb_circle *caos;
    cb_box box;
} inputs;

static size_t call(int fn, const inputs *in, size_t n, void *out, unsigned flags)
{
    switch (fn) {
    case 0: return cb_batch_overlap(in->circle, in->bsoa, n, out, flags);
    case 1: return cb_batch_overlap_aos(in->circle, in->baos, n, out, flags);
    case 2: return cb_batch_overlap_circles(in->csoa, n, in->box, out, flags);
    case 3: return cb_batch_overlap_circles_aos(in->caos, n, in->box, out, flags);
    case 4: return cb_batch_overlap_idx(in->circle, in->bsoa, n, out, flags);
    case 5: return cb_batch_overlap_aos_idx(in->circle, in->baos, n, out, flags);
    case 6: return cb_batch_overlap_circles_idx(in->csoa, n, in->box, out, flags);
    default: return cb_batch_overlap_circles_aos_idx(in->caos, n, in->box, out, flags);
    }
}
static const char *const fn_name[8] = {
    "cb_batch_overlap",     "cb_batch_overlap_aos",     "cb_batch_overlap_circles",
    "cb_batch_overlap_circles_aos", "cb_batch_overlap_idx", "cb_batch_overlap_aos_idx",
    "cb_batch_overlap_circles_idx", "cb_batch_overlap_circles_aos_idx",
};

/* NULL with n > 0, unknown flag bits (any n): CB_INVALID and nothing written.
 * n == 0 with any pointers: 0, nothing written. */
Test(api, batch_argument_checks)
{
    enum { N = 70 };
    tb_corpus c = tb_corpus_new(N);
    tb_rng r = tb_rng_for(0x9000000u);
    tb_corpus_fill_random(&c, &r);
    cb_box_soa bs = tb_corpus_boxes(&c);
    cb_circle_soa cs = tb_corpus_circles(&c);
    const inputs good = {{128, 128, 90}, &bs, c.boxes, &cs, c.circles, {64, 64, 192, 192}};
    uint64_t mask[(N + 63) / 64 + 1];
    uint32_t idx[N + 1];

    for (int fn = 0; fn < 8; fn++) {
        int is_idx = fn >= 4;
        void *out = is_idx ? (void *)idx : (void *)mask;
#define RESET() (memset(mask, 0xEF, sizeof mask), memset(idx, 0xEF, sizeof idx))
#define UNTOUCHED() (mask[0] == 0xEFEFEFEFEFEFEFEFull && idx[0] == 0xEFEFEFEFu)

        /* The valid call works (the baseline the failures are measured against). */
        RESET();
        size_t h = call(fn, &good, N, out, 0);
        cr_assert(h != CB_INVALID && h > 0 && h < N, "%s: valid call gave %zu", fn_name[fn], h);

        /* Unknown flag bits, with valid pointers and with n == 0. */
        const unsigned bad_flags[] = {4u, 8u, 0x80000000u, CB_STRICT | 4u, CB_TRUST_FENV | 8u, ~0u};
        for (size_t k = 0; k < sizeof bad_flags / sizeof bad_flags[0]; k++) {
            RESET();
            cr_assert_eq(call(fn, &good, N, out, bad_flags[k]), CB_INVALID, "%s flags 0x%x",
                         fn_name[fn], bad_flags[k]);
            cr_assert(UNTOUCHED(), "%s wrote output for flags 0x%x", fn_name[fn], bad_flags[k]);
            cr_assert_eq(call(fn, &good, 0, out, bad_flags[k]), CB_INVALID,
                         "%s n == 0 flags 0x%x", fn_name[fn], bad_flags[k]);
        }

        /* NULL output, NULL input array, and each NULL member of a SoA struct. */
        RESET();
        cr_assert_eq(call(fn, &good, N, NULL, 0), CB_INVALID, "%s NULL output", fn_name[fn]);
        inputs bad = good;
        bad.bsoa = NULL, bad.baos = NULL, bad.csoa = NULL, bad.caos = NULL;
        cr_assert_eq(call(fn, &bad, N, out, 0), CB_INVALID, "%s NULL input", fn_name[fn]);
        cr_assert(UNTOUCHED(), "%s wrote output for a NULL input", fn_name[fn]);
        for (int m = 0; m < 4; m++) {
            cb_box_soa b2 = bs;
            cb_circle_soa c2 = cs;
            const float **bm[4] = {&b2.min_x, &b2.min_y, &b2.max_x, &b2.max_y};
            const float **cm[3] = {&c2.x, &c2.y, &c2.r};
            *bm[m] = NULL;
            if (m < 3)
                *cm[m] = NULL;
            inputs soa_bad = good;
            soa_bad.bsoa = &b2, soa_bad.csoa = &c2;
            int shape_soa = fn % 4 == 0 || fn % 4 == 2;
            if (!shape_soa || (fn % 4 == 2 && m == 3))
                continue; /* AoS shapes have no members; circles have three */
            RESET();
            cr_assert_eq(call(fn, &soa_bad, N, out, 0), CB_INVALID, "%s NULL member %d",
                         fn_name[fn], m);
            cr_assert(UNTOUCHED(), "%s wrote output for a NULL member", fn_name[fn]);
        }

        /* n == 0: any pointers (NULL everywhere) are valid; nothing written. */
        RESET();
        cr_assert_eq(call(fn, &bad, 0, NULL, 0), 0, "%s n == 0, NULL", fn_name[fn]);
        cr_assert_eq(call(fn, &bad, 0, NULL, CB_STRICT), 0, "%s n == 0, NULL, strict", fn_name[fn]);
        cr_assert_eq(call(fn, &good, 0, out, 0), 0, "%s n == 0", fn_name[fn]);
        cr_assert(UNTOUCHED(), "%s wrote output for n == 0", fn_name[fn]);
#undef RESET
#undef UNTOUCHED
    }
    tb_corpus_free(&c);
}

/* Index forms refuse n > CB_INDEX_MAX_N before touching memory (only
 * expressible when size_t is wider than 32 bits). The arrays are tiny: a
 * function that did not check would read far past them and crash. */
Test(api, index_limit)
{
#if SIZE_MAX > UINT32_MAX
    tb_corpus c = tb_corpus_new(4);
    tb_rng r = tb_rng_for(0x9100000u);
    tb_corpus_fill_random(&c, &r);
    cb_box_soa bs = tb_corpus_boxes(&c);
    cb_circle_soa cs = tb_corpus_circles(&c);
    const inputs in = {{1, 1, 1}, &bs, c.boxes, &cs, c.circles, {0, 0, 1, 1}};
    uint32_t *idx = tb_alloc_guarded(4 * sizeof *idx, 0);
    idx[0] = POISON32;
    const size_t too_many[] = {(size_t)CB_INDEX_MAX_N + 1, SIZE_MAX, SIZE_MAX - 1};
    for (int fn = 4; fn < 8; fn++)
        for (size_t k = 0; k < 3; k++) {
            cr_assert_eq(call(fn, &in, too_many[k], idx, 0), CB_INVALID, "%s n %zu", fn_name[fn],
                         too_many[k]);
            cr_assert_eq(idx[0], POISON32);
        }
    tb_free(idx);
    tb_corpus_free(&c);
#else
    cr_skip_test("size_t is 32 bits: n cannot exceed CB_INDEX_MAX_N");
#endif
}

/* ------------------------------------------------------------ validators */

/* The header's definitions, written independently of validate.c: a box is
 * well-formed when its coordinates are finite and min <= max (a float
 * comparison, so -0 and +0 are equal); a circle when x, y, r are finite and
 * r >= 0. Several faults: the first of NAN, INFINITE, INVERTED, NEGATIVE_RADIUS. */
static cb_fault box_fault(cb_box b)
{
    float v[4] = {b.min_x, b.min_y, b.max_x, b.max_y};
    for (int i = 0; i < 4; i++)
        if (isnan(v[i]))
            return CB_FAULT_NAN;
    for (int i = 0; i < 4; i++)
        if (isinf(v[i]))
            return CB_FAULT_INFINITE;
    if (b.min_x > b.max_x || b.min_y > b.max_y)
        return CB_FAULT_INVERTED;
    return CB_FAULT_NONE;
}
static cb_fault circle_fault(cb_circle c)
{
    if (isnan(c.x) || isnan(c.y) || isnan(c.r))
        return CB_FAULT_NAN;
    if (isinf(c.x) || isinf(c.y) || isinf(c.r))
        return CB_FAULT_INFINITE;
    if (c.r < 0)
        return CB_FAULT_NEGATIVE_RADIUS;
    return CB_FAULT_NONE;
}

/* Coordinate i of a box (min_x, min_y, max_x, max_y) / circle (x, y, r). */
static void box_set(cb_box *b, int i, float v)
{
    switch (i) {
    case 0: b->min_x = v; break;
    case 1: b->min_y = v; break;
    case 2: b->max_x = v; break;
    default: b->max_y = v; break;
    }
}
static void circle_set(cb_circle *c, int i, float v)
{
    switch (i) {
    case 0: c->x = v; break;
    case 1: c->y = v; break;
    default: c->r = v; break;
    }
}

/* Well-formed data with a few malformed elements planted (random faults,
 * often several in one element), at every length up to 67 and a large one,
 * on arrays that end at a guard page. */
Test(api, validators_against_definition, .timeout = 600)
{
    tb_rng r = tb_rng_for(0x9200000u);
    size_t faults_seen[5] = {0};
    for (int trial = 0; trial < 600; trial++) {
        size_t n = trial < 68 ? (size_t)trial : 1 + (size_t)(tb_next(&r) % 3000);
        tb_corpus c = tb_corpus_new(n);
        tb_corpus_fill_random(&c, &r);
        /* well-formed edge values: denormals, -0 radius, equal min and max */
        for (size_t i = 0; i < n; i += 7) {
            cb_box b = c.boxes[i];
            b.max_x = b.min_x;
            b.min_y = -0.f, b.max_y = 0.f;
            tb_corpus_set_box(&c, i, b);
            cb_circle ci = c.circles[i];
            ci.r = (i % 2) ? -0.f : 1.0e-45f;
            tb_corpus_set_circle(&c, i, ci);
        }
        size_t plant = n ? 1 + (size_t)(tb_next(&r) % 3) : 0;
        for (size_t p = 0; p < plant && trial % 5; p++) { /* every fifth trial stays clean */
            size_t i = (size_t)(tb_next(&r) % n);
            cb_box b = c.boxes[i];
            cb_circle ci = c.circles[i];
            for (int k = 0; k < 1 + (int)(tb_next(&r) % 3); k++) {
                float v = tb_adversarial[tb_next(&r) % tb_adversarial_count];
                switch (tb_next(&r) % 8) {
                case 0: b.min_x = v; break;
                case 1: b.min_y = v; break;
                case 2: b.max_x = v; break;
                case 3: b.max_y = v; break;
                case 4: ci.x = v; break;
                case 5: ci.y = v; break;
                case 6: ci.r = v; break;
                default: b.min_x = b.max_x + 1.f; ci.r = -ci.r - 1.f; break;
                }
            }
            tb_corpus_set_box(&c, i, b);
            tb_corpus_set_circle(&c, i, ci);
        }
        size_t want_b = n, want_c = n;
        cb_fault fb = CB_FAULT_NONE, fc = CB_FAULT_NONE;
        for (size_t i = 0; i < n && want_b == n; i++)
            if ((fb = box_fault(c.boxes[i])) != CB_FAULT_NONE)
                want_b = i;
        for (size_t i = 0; i < n && want_c == n; i++)
            if ((fc = circle_fault(c.circles[i])) != CB_FAULT_NONE)
                want_c = i;
        faults_seen[fb]++, faults_seen[fc]++;

        cb_box_soa bs = tb_corpus_boxes(&c);
        cb_circle_soa cs = tb_corpus_circles(&c);
        cb_fault f1 = (cb_fault)-1, f2 = (cb_fault)-1, f3 = (cb_fault)-1, f4 = (cb_fault)-1;
        cr_assert_eq(cb_validate_boxes(&bs, n, &f1), want_b, "boxes SoA n %zu, seed 0x%016" PRIx64, n, tb_seed());
        cr_assert_eq(cb_validate_boxes_aos(c.boxes, n, &f2), want_b, "boxes AoS n %zu", n);
        cr_assert_eq(cb_validate_circles(&cs, n, &f3), want_c, "circles SoA n %zu", n);
        cr_assert_eq(cb_validate_circles_aos(c.circles, n, &f4), want_c, "circles AoS n %zu", n);
        cr_assert(f1 == fb && f2 == fb, "box fault %d/%d, want %d (n %zu, index %zu)", f1, f2, fb, n,
                  want_b);
        cr_assert(f3 == fc && f4 == fc, "circle fault %d/%d, want %d (n %zu, index %zu)", f3, f4, fc,
                  n, want_c);
        /* fault may be NULL */
        cr_assert_eq(cb_validate_boxes(&bs, n, NULL), want_b);
        cr_assert_eq(cb_validate_circles_aos(c.circles, n, NULL), want_c);
        tb_corpus_free(&c);
    }
    for (int f = 0; f < 5; f++)
        cr_assert(faults_seen[f] > 0, "fault kind %d never exercised", f);

    /* Precedence, deterministically: an element with two faults reports the
     * first of NAN, INFINITE, INVERTED, NEGATIVE_RADIUS, in every position. */
    for (int p1 = 0; p1 < 4; p1++)
        for (int p2 = 0; p2 < 4; p2++) {
            if (p1 == p2)
                continue;
            /* p1 and p2 index min_x, min_y, max_x, max_y. The inversion goes
             * on the axis p1 is not on, so it is a fault of its own. */
            cb_box ok = {0, 0, 1, 1}, nan_inf = ok, inf_inv = ok, nan_inv = ok;
            box_set(&nan_inf, p1, NAN);
            box_set(&nan_inf, p2, (p2 % 2) ? -INFINITY : INFINITY);
            box_set(&inf_inv, p1, INFINITY);
            box_set(&nan_inv, p1, NAN);
            if (p1 % 2 == 0)
                inf_inv.min_y = nan_inv.min_y = 5;
            else
                inf_inv.min_x = nan_inv.min_x = 5;
            const struct {
                cb_box b;
                cb_fault want;
            } cases[] = {{nan_inf, CB_FAULT_NAN}, {inf_inv, CB_FAULT_INFINITE}, {nan_inv, CB_FAULT_NAN}};
            for (size_t k = 0; k < 3; k++) {
                cb_box arr[3] = {ok, cases[k].b, ok};
                cb_fault got = CB_FAULT_NONE;
                cr_assert_eq(cb_validate_boxes_aos(arr, 3, &got), 1, "case %zu, %d/%d", k, p1, p2);
                cr_assert_eq(got, cases[k].want, "case %zu, positions %d/%d: fault %d, want %d", k,
                             p1, p2, got, cases[k].want);
            }
        }
    for (int pos1 = 0; pos1 < 3; pos1++) {
        cb_circle c[2] = {{0, 0, -1}, {0, 0, -1}}; /* negative radius plus... */
        circle_set(&c[0], pos1, NAN);              /* ...a NaN (NAN wins) */
        if (pos1 < 2)
            circle_set(&c[1], pos1, -INFINITY); /* ...an infinity (INFINITE wins) */
        else
            c[1].x = INFINITY, c[1].r = NAN; /* inf and NaN: NAN wins */
        cb_fault f;
        cr_assert_eq(cb_validate_circles_aos(c, 2, &f), 0);
        cr_assert_eq(f, CB_FAULT_NAN, "circle NaN at %d: fault %d", pos1, f);
        cr_assert_eq(cb_validate_circles_aos(c + 1, 1, &f), 0);
        cr_assert_eq(f, pos1 < 2 ? CB_FAULT_INFINITE : CB_FAULT_NAN, "circle 2, %d: fault %d", pos1, f);
    }

    /* NULL with n > 0: CB_INVALID and CB_FAULT_NONE; n == 0 with NULL: 0. */
    float x[1] = {0};
    cb_box_soa bnull = {x, x, NULL, x};
    cb_circle_soa cnull = {x, NULL, x};
    cb_fault f = CB_FAULT_NAN;
    cr_assert_eq(cb_validate_boxes(NULL, 1, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    f = CB_FAULT_NAN;
    cr_assert_eq(cb_validate_boxes(&bnull, 1, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    f = CB_FAULT_NAN;
    cr_assert_eq(cb_validate_boxes_aos(NULL, 1, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    f = CB_FAULT_NAN;
    cr_assert_eq(cb_validate_circles(NULL, 1, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    f = CB_FAULT_NAN;
    cr_assert_eq(cb_validate_circles(&cnull, 1, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    f = CB_FAULT_NAN;
    cr_assert_eq(cb_validate_circles_aos(NULL, 1, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    f = CB_FAULT_NAN;
    cr_assert_eq(cb_validate_boxes(NULL, 0, &f), 0);
    cr_assert_eq(f, CB_FAULT_NONE);
    cr_assert_eq(cb_validate_boxes_aos(NULL, 0, NULL), 0);
    cr_assert_eq(cb_validate_circles(NULL, 0, NULL), 0);
    cr_assert_eq(cb_validate_circles_aos(NULL, 0, NULL), 0);
}
