/* test_backends.c - every runnable backend's raw kernel of every entry, and every entry's public function, are bit-identical to the scalar backend and agree with testkit's reference. */
#include "bits.h"
#include "cr_check.h" /* check.h, the run's one seed, failures as assertions */
#include "../src/kernel_pack.h" /* the literal tables, checked by pack_tables */

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * How this file works
 *
 * Entries and backends come from the library's tables (cb_entry_count,
 * cb_entry_info_of, cb_entry_kernel), never from a list here or from the
 * build's architecture: a new entry is tested without editing this file,
 * and on AArch64 the same file compares NEON with scalar. A backend that
 * cannot run here is reported as skipped by name, with the library's reason.
 *
 * Every check is tb_check_call() (tests/check.c, shared with the plain
 * checker tests/plain/cb-check.c, as the scenarios are): one call of one
 * entry on one input, made three times, by the subject (a backend's raw kernel, or the public
 * function through cb_entry_call), by the scalar backend's raw kernel and by
 * testkit's reference (ref_entry, the contract one pair at a time, written
 * independently of the library's query bodies, loaders and sinks). Compared,
 * bit for bit, by testkit (which alone knows the output kinds): the returned
 * counts and every written part of every output array (each output poisoned
 * differently beforehand, so a unit one side did not write shows up): mask
 * words with their zero bits past n, index lists, the n separations of a
 * distance entry, the 7 arrays of a contact entry (indices, normals,
 * separations, points, features). Then the format's invariants (ascending
 * indices, canonical NaNs, ...), and that nothing was written outside the
 * documented size (a guard page or canaries) nor into the cb_contacts struct.
 * The subject against scalar is the bit-for-bit promise between backends;
 * against the reference, the promise that they all compute the contract.
 * Contact entries get a margin from tb_margins, varied over the probes.
 */

/* ------------------------------------------------------- test parameters */

/* Parameters of the per-backend tests: every enumerator, runnable here or not
 * (tb_subjects, check.h). A test walks every entry in its one process:
 * Criterion starts a process per instance, which under ASan and qemu cost
 * more than an entry's checks. */

/* ---------------------------------------------------------------- subjects */

/* Backend b's name when it can run here; otherwise every entry's kernel must
 * be NULL (tb_backend_runnable asserts it), and the test is skipped naming
 * the backend and the library's reason (never a silent pass). The message
 * names no entry, so all the instances of one backend report one reason. */
static const char *runnable_or_skip(int b)
{
    const char *why;
    if (!tb_backend_runnable(b, &why))
        cr_skip_test("SKIP backend %s: %s", cb_backend_name((cb_backend)b), why);
    return cb_backend_name((cb_backend)b);
}

/* The raw kernel of entry e on backend b as a subject, or a skip. */
static tb_subject kernel_or_skip(int b, size_t e)
{
    runnable_or_skip(b);
    tb_subject s = tb_kernel_subject(b, e);
    /* Parameterized instances share one test name: say which one this is.
     * scripts/lib.sh collects the backends compared from these lines. */
    cr_log_info("backend %s (against scalar): %s", s.backend, s.d->name);
    return s;
}

/* ------------------------------------------------------ kernel tables */

ParameterizedTestParameters(backends, table)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/* Every entry of both tables has a kernel on a runnable backend, the same
 * one each time, distinct from the backend's other entries' and, for any
 * backend but scalar, from scalar's (so comparing against scalar below
 * really compares two code paths). */
ParameterizedTest(int *b, backends, table)
{
    runnable_or_skip(*b);
    tb_check_kernel_tables(*b);
}

/* ------------------------------------------- every length, every layout */

/* Lengths (tb_lengths): every one through four 16-lane vectors plus a
 * partial one (the widest backend), then word boundaries (64) and odd large
 * ones. Layouts (tb_layouts): "end-of-page", every input array ending at a
 * guard page (any over-read faults; the start's alignment then varies with
 * n through every residue); "after-guard+k", every array starting k floats
 * (4k bytes; AoS records too) after a guard page (any under-read faults,
 * and k = 1..3 misaligns every array off 16/32/64 bytes). Outputs follow
 * the same pattern (see tb_outbufs_new). */
#define N_LAYOUTS 5

typedef struct {
    int backend, layout;
} bl_param;

ParameterizedTestParameters(backends, lengths)
{
    static bl_param p[CB_BACKEND_COUNT * N_LAYOUTS];
    size_t k = 0;
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        for (size_t l = 0; l < N_LAYOUTS; l++)
            p[k].backend = b, p[k].layout = (int)l, k++;
    return cr_make_param_array(bl_param, p, k);
}

/* Random, adversarial and touching data at every length and layout, through
 * every entry (one corpus serves them all, in the views each reads), with
 * probes chosen to make the padding lanes of a short tail hit if they
 * leaked in (tb_check_lengths). */
ParameterizedTest(bl_param *p, backends, lengths, .timeout = 600)
{
    runnable_or_skip(p->backend);
    cr_assert_eq(tb_layout_count, N_LAYOUTS, "the layouts of check.c changed: update N_LAYOUTS");
    const tb_layout *lay = &tb_layouts[p->layout];
    if (tb_sampled() && !tb_layout_sampled(p->layout))
        cr_skip_test("SKIP layout %s: CB_SIZES=sample runs end-of-page, after-guard+1 and "
                     "after-guard+3 only (the full run has every layout)",
                     lay->name);
    size_t ne = cb_entry_count();
    tb_tally *t = calloc(ne, sizeof *t);
    cr_assert_not_null(t);
    size_t nl;
    const size_t *lengths = tb_lengths_of_run(&nl);
    if (nl != tb_length_count)
        cr_log_info("CB_SIZES=sample: %zu of the %zu lengths", nl, tb_length_count);
    tb_check_lengths(p->backend, lay, lengths, nl, t);
    TK_FOR_ENTRIES(e, TK_BATCH)
        cr_log_info("backend %s (against scalar): %s, layout %s: %zu calls, %zu elements, %zu hits",
                    cb_backend_name((cb_backend)p->backend), tb_info(e)->name, lay->name,
                    t[e].calls, t[e].elements, t[e].hits);
    free(t);
}

ParameterizedTestParameters(backends, empty_with_null_pointers)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/* n == 0: nothing may be touched, whatever the pointers (cbatch.h: "n == 0
 * is valid with any pointers (NULL included)"): every raw kernel, and every
 * public function on this backend, with a NULL input and a NULL output (for
 * a contact entry, also a cb_contacts of NULL arrays). A test of its own, so
 * a crash here does not hide the other checks. */
ParameterizedTest(int *b, backends, empty_with_null_pointers)
{
    runnable_or_skip(*b);
    tb_check_empty(*b);
}

/* --------------------------------------------- targeted special values */

/* Exactly representable neighbours, without libm's nextafterf semantics
 * worries for the zero/infinity ends (only finite non-zero inputs here). */
static float ulp_step(float f, int up)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    u = ((f > 0) == (up > 0)) ? u + 1 : u - 1;
    memcpy(&f, &u, sizeof f);
    return f;
}

#define N_SPECIAL 25
static float special(size_t i)
{
    const float v[N_SPECIAL] = {
        0.f,      -0.f,      1.0e-45f,  -1.0e-45f, 1.1754942e-38f, FLT_MIN, -FLT_MIN,
        1.f,      -1.f,      0.5f,      3.f,       4.f,            5.f,     -5.f,
        FLT_MAX,  -FLT_MAX,  INFINITY,  -INFINITY, NAN,            -NAN,    1.8446744e19f,
        5.421011e-20f, 1.0e-23f, 16777217.f, 0.1f,
    };
    return v[i];
}

/* Circles and boxes built to hit every corner of the contract: each
 * coordinate replaced in turn by each special value (NaN in each position,
 * infinities, FLT_MAX whose square overflows, denormals, +-0), every +-0
 * combination, inverted boxes, negative radii, and exact touching with its
 * one-ulp neighbours (3-4-5 corner, straight side, a radius whose square
 * rounds). Returns the counts through *nc, *nb. */
static void build_targeted(tb_corpus *cc, tb_corpus *bc, size_t *nc, size_t *nb)
{
    static const cb_circle base_c[] = {
        {0, 0, 5}, {0, 0, 1}, {0, 0, 0}, {0, 0, -5}, {2, 2, 1}, {0.5f, 0.5f, 0.25f}, {4, 3, 0.1f},
    };
    static const cb_box base_b[] = {
        {3, 4, 6, 8},   {-1, -1, 1, 1}, {0, 0, 0, 0},   {1, 1, -1, -1},
        {2, -1, 1, 1},  {5, -1, 6, 1},  {0.1f, -1, 1, 1},
    };
    size_t i = 0, j = 0;
    for (size_t b = 0; b < sizeof base_c / sizeof base_c[0]; b++) {
        tb_corpus_set_circle(cc, i++, base_c[b]);
        for (int coord = 0; coord < 3; coord++)
            for (size_t s = 0; s < N_SPECIAL; s++) {
                cb_circle c = base_c[b];
                float *f = coord == 0 ? &c.x : coord == 1 ? &c.y : &c.r;
                *f = special(s);
                tb_corpus_set_circle(cc, i++, c);
            }
    }
    for (int m = 0; m < 8; m++) { /* +-0 everywhere */
        cb_circle c = {(m & 1) ? -0.f : 0.f, (m & 2) ? -0.f : 0.f, (m & 4) ? -0.f : 0.f};
        tb_corpus_set_circle(cc, i++, c);
    }
    /* Radii one ulp around exact touching: r = 5 (3-4-5 corner, side at 5) and
     * r = 0.1f (its square rounds, so touching is a float-only notion). */
    const float radii[] = {5.f, 0.1f, 1.f};
    for (size_t q = 0; q < 3; q++) {
        cb_circle c0 = {0, 0, radii[q]};
        cb_circle c1 = {0, 0, ulp_step(radii[q], 1)}, c2 = {0, 0, ulp_step(radii[q], -1)};
        tb_corpus_set_circle(cc, i++, c0), tb_corpus_set_circle(cc, i++, c1);
        tb_corpus_set_circle(cc, i++, c2);
    }

    for (size_t b = 0; b < sizeof base_b / sizeof base_b[0]; b++) {
        tb_corpus_set_box(bc, j++, base_b[b]);
        for (int coord = 0; coord < 4; coord++)
            for (size_t s = 0; s < N_SPECIAL; s++) {
                cb_box x = base_b[b];
                float *f = coord == 0 ? &x.min_x : coord == 1 ? &x.min_y
                         : coord == 2 ? &x.max_x : &x.max_y;
                *f = special(s);
                tb_corpus_set_box(bc, j++, x);
            }
    }
    for (int m = 0; m < 16; m++) {
        cb_box x = {(m & 1) ? -0.f : 0.f, (m & 2) ? -0.f : 0.f, (m & 4) ? -0.f : 0.f,
                    (m & 8) ? -0.f : 0.f};
        tb_corpus_set_box(bc, j++, x);
    }
    /* Touching the circle (0,0,5) at the corner (3,4) and at the side x = 5,
     * and the circle (0,0,0.1f) at x = 0.1f; each with one-ulp neighbours
     * inside and outside, in all four quadrants. */
    const float touch[][2] = {{3, 4}, {5, 0}, {0.1f, 0}};
    for (size_t q = 0; q < 3; q++)
        for (int dir = -1; dir <= 1; dir++)
            for (int quad = 0; quad < 4; quad++) {
                float tx = touch[q][0], ty = touch[q][1];
                if (dir)
                    tx = ulp_step(tx, dir);
                cb_box x;
                if (quad & 1) /* mirror in x: the box lies left, its max corner touches */
                    x.min_x = -tx - 2, x.max_x = -tx;
                else
                    x.min_x = tx, x.max_x = tx + 2;
                if (quad & 2)
                    x.min_y = -ty - 2, x.max_y = -ty;
                else
                    x.min_y = ty, x.max_y = ty + 2;
                tb_corpus_set_box(bc, j++, x);
            }
    *nc = i, *nb = j;
}

/* Upper bounds for build_targeted. */
#define TARGETED_NC (7 * (1 + 3 * 25) + 8 + 9)
#define TARGETED_NB (7 * (1 + 4 * 25) + 16 + 36)

/* Oriented boxes built the same way: each value of a few oriented boxes
 * (a square, a rotated rectangle, a quarter turn, a point, a negative
 * half-extent) replaced in turn by each special value, every +-0
 * combination, every rotation of testkit's table (non-unit, zero, NaN and
 * infinite pairs included), and boxes touching the circle (0,0,5) of the
 * targeted circles exactly, turned by each exact quarter turn (signed zeros
 * included): at a corner (local offset (3, 4) from the corner (-1, -1) of
 * the unit square) and at a side (6 from the centre of a unit square), each
 * with one-ulp neighbours. */
#define TARGETED_NO (5 * (1 + 6 * 25) + 64 + 64 + 8 * 2 * 3)

static void build_targeted_oboxes(tb_corpus *oc, size_t *no)
{
    static const cb_obox base_o[] = {
        {0, 0, 1, 1, 1, 0},   {0, 0, 2, 1, 0.6f, 0.8f}, {3, 4, 1, 2, 0, 1},
        {0, 0, 0, 0, 1, 0},   {1, 1, -1, 1, 0.8f, -0.6f},
    };
    size_t j = 0;
    for (size_t b = 0; b < sizeof base_o / sizeof base_o[0]; b++) {
        tb_corpus_set_obox(oc, j++, base_o[b]);
        for (int coord = 0; coord < 6; coord++)
            for (size_t s = 0; s < N_SPECIAL; s++) {
                cb_obox o = base_o[b];
                float *f[6] = {&o.cx, &o.cy, &o.hx, &o.hy, &o.c, &o.s};
                *f[coord] = special(s);
                tb_corpus_set_obox(oc, j++, o);
            }
    }
    for (int m = 0; m < 64; m++) {
        cb_obox o = {(m & 1) ? -0.f : 0.f,  (m & 2) ? -0.f : 0.f,  (m & 4) ? -0.f : 0.f,
                     (m & 8) ? -0.f : 0.f,  (m & 16) ? -0.f : 0.f, (m & 32) ? -0.f : 0.f};
        tb_corpus_set_obox(oc, j++, o);
    }
    for (size_t k = 0; k < tk_rotation_count && k < 64; k++) {
        cb_obox o = base_o[1];
        o.c = tk_rotations[k][0], o.s = tk_rotations[k][1];
        tb_corpus_set_obox(oc, j++, o);
    }
    /* The circle (0,0,5) lands in the frame at l = R^T (0 - centre); for
     * the local offset l the centre is -(R l): exact with quarter turns. */
    const float local[2][2] = {{-4, -5}, {-6, 0}};
    for (size_t k = 0; k < 8; k++) /* the exact quarter turns lead the table */
        for (int q = 0; q < 2; q++)
            for (int dir = -1; dir <= 1; dir++) {
                float c = tk_rotations[k][0], s = tk_rotations[k][1];
                float lx = local[q][0], ly = local[q][1];
                cb_obox o = {-(lx * c - ly * s), -(lx * s + ly * c), 1, 1, c, s};
                if (dir)
                    o.cx = o.cx == 0 ? (dir > 0 ? 0x1p-149f : -0x1p-149f) : ulp_step(o.cx, dir);
                tb_corpus_set_obox(oc, j++, o);
            }
    *no = j;
}

/* ---------------------- pairs: every entry, both directions, cb_batch_overlap_aos */

ParameterizedTestParameters(backends, pairs)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/* The elements of one shape in the pairs test, each one the single shape of
 * its own calls in turn: their corpus, views, count, and the answer for
 * (circle i, element j) with each flag value, want[f][i * n + j]. */
typedef struct {
    cb_shape shape;
    tb_corpus c;
    cb_box_soa bs;
    cb_circle_soa cs;
    tk_views v;
    size_t n;
    unsigned char *want[2];
} pair_set;

/* Every circle against every box and every oriented box of a targeted +
 * random + any-bit-pattern set, asked through every overlap entry of the
 * backend with a circle on one side: as "circle i vs the boxes" (element j)
 * by the entries whose single shape is the circle, and as "box j vs the
 * circles" (element i) by the others. Each entry's answer for the pair
 * (i, j) must equal cb_batch_overlap_aos's, which must equal ref_overlap's, for boxes,
 * and ref_overlap_obox's for oriented boxes (the library has no one-pair
 * function of those; the calls themselves are checked against scalar and
 * the reference too), so both directions, every layout and output agree. */
ParameterizedTest(int *b, backends, pairs, .timeout = 600)
{
    const char *backend = runnable_or_skip(*b);
    enum { EXTRA = 96 };
    /* Built in oversized scratch corpora, then copied into exact-size ones so
     * every array still ends at its guard page. */
    tb_corpus sc = tb_corpus_new(TARGETED_NC + 3 * EXTRA + 1);
    tb_corpus sb = tb_corpus_new(TARGETED_NB + 3 * EXTRA + 1);
    tb_corpus so = tb_corpus_new(TARGETED_NO + 3 * EXTRA + 1);
    size_t nc, nb, no;
    build_targeted(&sc, &sb, &nc, &nb);
    build_targeted_oboxes(&so, &no);
    cr_assert(nc <= TARGETED_NC && nb <= TARGETED_NB && no <= TARGETED_NO,
              "targeted set overflow");
    /* Random near-touching pairs (fill_random), raw bit patterns, and
     * boxes/circles touching one circle/box within an ulp or two (the odd
     * circles touch the box's twin, which joins the oriented boxes). */
    tk_rng r = tb_rng_for(0x2000000u);
    tb_corpus rnd = tb_corpus_new(EXTRA), tch = tb_corpus_new(EXTRA);
    tb_corpus_fill_random(&rnd, &r);
    cb_circle tc = tb_touch_circle(&r);
    cb_box tbx = tb_touch_box(&r);
    tb_corpus_fill_touching(&tch, &r, tc, tbx);
    tb_corpus_set_circle(&sc, nc++, tc);
    tb_corpus_set_box(&sb, nb++, tbx);
    tb_corpus_set_obox(&so, no++, tb_obox_of(tbx));
    for (size_t i = 0; i < EXTRA; i++) {
        tb_corpus_set_circle(&sc, nc++, rnd.circles[i]);
        tb_corpus_set_box(&sb, nb++, rnd.boxes[i]);
        tb_corpus_set_obox(&so, no++, rnd.oboxes[i]);
        tb_corpus_set_circle(&sc, nc++, tch.circles[i]);
        tb_corpus_set_box(&sb, nb++, tch.boxes[i]);
        tb_corpus_set_obox(&so, no++, tch.oboxes[i]);
        cb_circle ac = {tk_any_float(&r), tk_any_float(&r), tk_any_float(&r)};
        cb_box ab = {tk_any_float(&r), tk_any_float(&r), tk_any_float(&r), tk_any_float(&r)};
        cb_obox ao = {tk_any_float(&r), tk_any_float(&r), tk_any_float(&r),
                      tk_any_float(&r), tk_any_float(&r), tk_any_float(&r)};
        tb_corpus_set_circle(&sc, nc++, ac);
        tb_corpus_set_box(&sb, nb++, ab);
        tb_corpus_set_obox(&so, no++, ao);
    }
    tb_corpus cc = tb_corpus_new(nc);
    for (size_t i = 0; i < nc; i++)
        tb_corpus_set_circle(&cc, i, sc.circles[i]);
    pair_set sets[2];
    memset(sets, 0, sizeof sets);
    sets[0].shape = CB_SHAPE_BOX, sets[1].shape = CB_SHAPE_OBOX;
    sets[0].n = nb, sets[1].n = no;
    for (int k = 0; k < 2; k++) {
        sets[k].c = tb_corpus_new(sets[k].n);
        tb_corpus_copy(&sets[k].c, k ? &so : &sb);
        sets[k].v = tb_corpus_views(&sets[k].c, &sets[k].bs, &sets[k].cs);
    }
    tb_corpus_free(&rnd), tb_corpus_free(&tch), tb_corpus_free(&sc), tb_corpus_free(&sb);
    tb_corpus_free(&so);
    cb_box_soa cbs;
    cb_circle_soa ccs;
    tk_views cv = tb_corpus_views(&cc, &cbs, &ccs);

    /* want: circle i vs box j by cb_batch_overlap_aos (and the reference), circle i vs
     * oriented box j by the reference */
    for (int k = 0; k < 2; k++)
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            size_t n = sets[k].n;
            unsigned char *want = sets[k].want[f] = malloc(nc * n);
            cr_assert_not_null(want);
            for (size_t i = 0; i < nc; i++)
                for (size_t j = 0; j < n; j++) {
                    if (k) {
                        want[i * n + j] =
                            (unsigned char)ref_overlap_obox(cc.circles[i], sets[k].c.oboxes[j], f);
                        continue;
                    }
                    cb_box x = sets[k].c.boxes[j];
                    int lib = tb_overlap_one(cc.circles[i], x, f);
                    int ref = ref_overlap(cc.circles[i], x, f);
                    if (lib != ref)
                        cr_assert_fail("circle %zu (%a, %a, r %a) vs box %zu (%a, %a, %a, %a), "
                                       "flags %u: cb_batch_overlap_aos %d, ref_overlap %d",
                                       i, cc.circles[i].x, cc.circles[i].y, cc.circles[i].r, j,
                                       x.min_x, x.min_y, x.max_x, x.max_y, f, lib, ref);
                    want[i * n + j] = (unsigned char)lib;
                }
        }

    size_t most = nb > no ? nb : no;
    unsigned char *got = malloc(nc * most);
    uint64_t *row = malloc(((nc + most) / 64 + 1) * sizeof *row); /* one call's hits, as bits */
    cr_assert(got && row);
    size_t entries[2] = {0, 0};
    tb_tally t = {0, 0, 0};
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = tb_info(e);
        if (d->query != CB_QUERY_OVERLAP || d->one == d->many) /* circle/box pairs only */
            continue;
        tb_subject s = kernel_or_skip(*b, e);
        int circle_first = d->one == CB_SHAPE_CIRCLE;
        cb_shape other = circle_first ? d->many : d->one;
        cr_assert(other == CB_SHAPE_BOX || other == CB_SHAPE_OBOX, "%s: shape %d", d->name,
                  (int)other);
        pair_set *set = &sets[other == CB_SHAPE_OBOX];
        size_t ns = set->n;
        size_t probes = circle_first ? nc : ns, n = circle_first ? ns : nc;
        const void *many = tk_pick(d, circle_first ? &set->v : &cv);
        tb_outbufs o = tb_outbufs_new(d, n, 1, 0);
        tb_where w = {"end-of-page", "targeted+random pairs", 0};
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            for (size_t p = 0; p < probes; p++) {
                tk_probe pr = {{0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}};
                if (circle_first)
                    pr.circle = cc.circles[p];
                else if (other == CB_SHAPE_BOX)
                    pr.box = set->c.boxes[p];
                else
                    pr.obox = set->c.oboxes[p];
                cb_args a = tk_args(d, &pr, many, n, NULL, f, 0.0f);
                w.probe = (int)p;
                size_t count = tb_check_call(&s, a, &o, &w, &t);
                tk_hits_of(d, n, count, o.out[TB_OUT_SUBJECT].out, row);
                for (size_t k = 0; k < n; k++)
                    got[circle_first ? p * ns + k : k * ns + p] =
                        (unsigned char)(row[k / 64] >> (k % 64) & 1);
            }
            for (size_t i = 0; i < nc; i++)
                for (size_t j = 0; j < ns; j++) {
                    if (got[i * ns + j] == set->want[f][i * ns + j])
                        continue;
                    char el[400];
                    tk_probe pr = {cc.circles[i], set->c.boxes[j], set->c.oboxes[j]};
                    cb_args a = tk_args(d, &pr, many, n, NULL, f, 0.0f);
                    tk_describe_element(d, &a, circle_first ? j : i, el, sizeof el);
                    cr_assert_fail("%s, flags %u, backend %s: pair (circle %zu, element %zu): %s "
                                   "says %d, %s %d",
                                   el, f, s.backend, i, j, d->name, got[i * ns + j],
                                   other == CB_SHAPE_BOX ? "cb_batch_overlap_aos" : "ref_overlap_obox",
                                   set->want[f][i * ns + j]);
                }
        }
        tb_outbufs_free(&o);
        entries[other == CB_SHAPE_OBOX]++;
    }
    cr_assert_gt(entries[0], 0, "no circle/box overlap entry");
    cr_assert_gt(entries[1], 0, "no circle/oriented box overlap entry");

    /* The sets must contain pairs where the touching mode decides (exact
     * touching); otherwise the CB_STRICT comparison above proved nothing. */
    for (int k = 0; k < 2; k++) {
        size_t touch_only = 0; /* pairs that hit with 0 but not with CB_STRICT */
        for (size_t q = 0; q < nc * sets[k].n; q++)
            touch_only += sets[k].want[0][q] && !sets[k].want[1][q];
        cr_assert(touch_only >= 12, "%s: only %zu pairs hit in touching mode but not strictly",
                  k ? "oriented boxes" : "boxes", touch_only);
        cr_log_info("backend %s: %zu x %zu circle/%s pairs through %zu entries, %zu touch-only",
                    backend, nc, sets[k].n, k ? "oriented box" : "box", entries[k], touch_only);
    }
    for (int k = 0; k < 2; k++) {
        free(sets[k].want[0]), free(sets[k].want[1]);
        tb_corpus_free(&sets[k].c);
    }
    free(got), free(row);
    tb_corpus_free(&cc);
}

/* ------------------------------------------------- a large random corpus */

ParameterizedTestParameters(backends, large_random)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/* 65537 elements (one past a multiple of every vector width and of 64;
 * 4097 under CB_SIZES=sample) of realistic data, of raw bit patterns, and
 * of boxes/circles all touching their probe within an ulp or two, against
 * several probes each. */
ParameterizedTest(int *b, backends, large_random, .timeout = 600)
{
    TK_FOR_ENTRIES(e, TK_BATCH) {
        kernel_or_skip(*b, e);
        tb_check_large(*b, e, tb_sampled() ? 4097 : 65537, NULL);
    }
}

/* ------------------------------------------------- the public functions */

ParameterizedTestParameters(backends, dispatched)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/* After cb_set_backend(b) every entry's public function (argument checks,
 * float guard, the active backend), reached through cb_entry_call, must give
 * the scalar raw kernel's and the reference's answers, with every flag the
 * public functions accept. Each Criterion test is its own process: the
 * global choice made here does not leak into other tests. */
ParameterizedTest(int *b, backends, dispatched, .timeout = 600)
{
    static const size_t ns[] = {0,  1,  3,  4,  5,  7,  8,  9,    15,  16,
                                17, 31, 33, 63, 64, 65, 67, 1000, 4097};
    size_t nn = sizeof ns / sizeof ns[0] - (tb_sampled() ? 1 : 0); /* sample: up to 1000 */
    TK_FOR_ENTRIES(e, TK_BATCH) {
        kernel_or_skip(*b, e);
        tb_check_dispatched(*b, e, ns, nn, 0, NULL);
    }
}


/* -------------------------------------------- the reference's square root */

/* The reference computes the contract's SQRT in integer arithmetic (no
 * libm, so the digest stays free of it, and no sqrt instruction, so it is
 * independent of the library's). Here it meets the C library's sqrtf on
 * every float in [1, 2] (where the contract's l = SQRT(1 + t*t) lives, each
 * one), on every power of two and its neighbours, and on random bit patterns
 * of every class. */
Test(backends, reference_sqrt, .timeout = 600)
{
    size_t checked = 0;
    for (uint32_t u = 0x3F800000u; u <= 0x40000000u; u++, checked++) {
        float x = tk_float(u);
        cr_assert_eq(tk_bits(ref_sqrt(x)), tk_bits(sqrtf(x)), "ref_sqrt(%a) = %a, sqrtf %a", x,
                     ref_sqrt(x), sqrtf(x));
    }
    tk_rng r = tb_rng_for(0x5000000u);
    for (int k = 0; k < 2000000; k++, checked++) {
        uint32_t u = (uint32_t)tk_next(&r);
        if (k < 256 * 6) { /* 2^e and its neighbours, denormal ones included */
            uint32_t e = (uint32_t)(k / 6), d = (uint32_t)(k % 6);
            u = (e << 23) + d - 3 + (e ? 0 : 3);
        }
        float x = tk_float(u), want = sqrtf(x), got = ref_sqrt(x);
        if (want != want) /* NaN: any NaN will do (the contract canonicalises results) */
            cr_assert(got != got, "ref_sqrt(%a) = %a, sqrtf gives NaN", x, got);
        else
            cr_assert_eq(tk_bits(got), tk_bits(want),
                         "ref_sqrt(%a = 0x%08" PRIx32 ") = %a, sqrtf %a", x, u, got, want);
    }
    cr_log_info("ref_sqrt equals sqrtf on %zu inputs", checked);
}

/* The index sinks of the ISAs without a compress instruction pack hits
 * through src/kernel_pack.h's literal tables: every entry, recomputed from
 * its mask bit by bit. */
Test(backends, pack_tables)
{
    for (unsigned m = 0; m < 256; m++) {
        uint64_t lanes = 0;
        unsigned hits = 0;
        for (unsigned j = 0; j < 8; j++)
            if (m >> j & 1u)
                lanes |= (uint64_t)j << (8 * hits++);
        cr_assert_eq(cb_pack_lanes[m], lanes, "cb_pack_lanes[%u] = 0x%016" PRIx64 ", want 0x%016" PRIx64,
                     m, cb_pack_lanes[m], lanes);
        cr_assert_eq(cb_pack_count[m], hits, "cb_pack_count[%u] = %u, want %u", m,
                     (unsigned)cb_pack_count[m], hits);
    }
}

/* ------------------------- contacts against overlap and distance entries */

ParameterizedTestParameters(backends, contacts_agree_with_overlap_and_distance)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/* A contact entry with the overlap index entry and the distance entry of the
 * same single shape, elements and layout, their kernels on one backend, and
 * an output of each (ending at guard pages). */
typedef struct {
    const char *backend;
    const cb_entry_info *d[3]; /* contacts, overlap indices, distances */
    cb_kernel_fn k[3];
    tk_out out[3];
    uint64_t *hits[2]; /* the contact and the overlap hit sets, as bits */
} trio;

enum { T_CONTACTS, T_OVERLAP, T_DISTANCE };

/* Where a trio call happened, for the failure messages. */
#define TRIO_FMT                                                                                   \
    "(backend %s, %s data, n %zu, probe %zu, flags %u, margin %a, seed 0x%016" PRIx64 ")"
#define TRIO_ARGS(t, a, kind, p)                                                                   \
    (t)->backend, tb_kind_name[kind], (a)->n, (p), (a)->flags, (double)(a)->margin, tb_seed()

/* One call: the contact kernel; at margin +-0 its hit set against the
 * overlap kernel's; at any margin each contact's separation against the
 * distance kernel's value for that element. Returns the contacts compared. */
static size_t check_trio(trio *t, cb_args a, int kind, size_t p, size_t *hit_sets)
{
    size_t n = a.n;
    a.out = t->out[T_CONTACTS].out;
    tk_out_fill(&t->out[T_CONTACTS], 0xA5);
    size_t count = t->k[T_CONTACTS](&a);
    if (tk_bits(a.margin) == 0 || tk_bits(a.margin) == 0x80000000u) {
        cb_args ao = a;
        ao.out = t->out[T_OVERLAP].out;
        size_t co = t->k[T_OVERLAP](&ao);
        tk_hits_of(t->d[T_CONTACTS], n, count, a.out, t->hits[0]);
        tk_hits_of(t->d[T_OVERLAP], n, co, ao.out, t->hits[1]);
        cr_assert_eq(count, co, "%s: %zu contacts, %s: %zu hits " TRIO_FMT, t->d[T_CONTACTS]->name,
                     count, t->d[T_OVERLAP]->name, co, TRIO_ARGS(t, &a, kind, p));
        for (size_t w = 0; w < (n + 63) / 64; w++)
            cr_assert_eq(t->hits[0][w], t->hits[1][w],
                         "%s vs %s: hit word %zu 0x%016" PRIx64 " vs 0x%016" PRIx64 " " TRIO_FMT,
                         t->d[T_CONTACTS]->name, t->d[T_OVERLAP]->name, w, t->hits[0][w],
                         t->hits[1][w], TRIO_ARGS(t, &a, kind, p));
        ++*hit_sets;
    }
    cb_args ad = a;
    ad.out = t->out[T_DISTANCE].out;
    cr_assert_eq(t->k[T_DISTANCE](&ad), n, "%s did not return n", t->d[T_DISTANCE]->name);
    const cb_contacts *ct = t->out[T_CONTACTS].contacts;
    const float *dist = (const float *)ad.out;
    for (size_t k = 0; k < count; k++) {
        uint32_t i = ct->index[k];
        cr_assert(i < n, "%s: index %" PRIu32 " >= n %zu", t->d[T_CONTACTS]->name, i, n);
        if (tk_bits(dist[i]) == tk_bits(ct->separation[k]))
            continue;
        char el[400];
        tk_describe_element(t->d[T_CONTACTS], &a, i, el, sizeof el);
        cr_assert_fail("%s separation %a (0x%08" PRIx32 ") vs %s %a (0x%08" PRIx32
                       "): %s " TRIO_FMT,
                       t->d[T_CONTACTS]->name, (double)ct->separation[k],
                       tk_bits(ct->separation[k]), t->d[T_DISTANCE]->name, (double)dist[i],
                       tk_bits(dist[i]), el, TRIO_ARGS(t, &a, kind, p));
    }
    return count;
}

/*
 * Two promises of cbatch.h that tie entries together, on backend b's raw
 * kernels (the reference is held to the kernels bit for bit elsewhere):
 *  - at margin 0 (and -0.0) a contact entry reports exactly the hit set of
 *    the overlap entry with the same single shape, elements and layout, for
 *    any input (rm = r + 0 is r exactly), adversarial values included;
 *  - at any margin, the separation of every reported contact equals, bit for
 *    bit, what the distance entry of the same shapes and layout writes for
 *    that element.
 * The entries are found by their descriptors (tk_find_entry). Every margin
 * of tb_margins, both flags, random, adversarial and touching data and
 * probes, lengths around vector widths and mask words.
 */
ParameterizedTest(int *b, backends, contacts_agree_with_overlap_and_distance, .timeout = 600)
{
    const char *backend = runnable_or_skip(*b);
    static const size_t ns[] = {0, 1, 7, 16, 17, 63, 64, 65, 333, 4097};
    size_t ne = cb_entry_count(), contact_entries = 0, hit_sets = 0, separations = 0;
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = tb_info(e);
        if (d->output != CB_OUTPUT_CONTACTS)
            continue;
        size_t ids[3] = {e, tk_find_entry(CB_FORM_BATCH, CB_QUERY_OVERLAP, d->one, d->many, d->layout,
                                          CB_OUTPUT_INDICES),
                         tk_find_entry(CB_FORM_BATCH, CB_QUERY_DISTANCE, d->one, d->many, d->layout,
                                       CB_OUTPUT_DISTANCES)};
        cr_assert(ids[1] < ne && ids[2] < ne,
                  "%s: no overlap index entry or no distance entry with the same shapes and layout",
                  d->name);
        trio t;
        t.backend = backend;
        for (int j = 0; j < 3; j++) {
            t.d[j] = tb_info(ids[j]);
            t.k[j] = cb_entry_kernel(ids[j], (cb_backend)*b);
            cr_assert_not_null(t.k[j], "backend %s has no kernel of %s", backend, t.d[j]->name);
        }
        contact_entries++;
        for (size_t li = 0; li < sizeof ns / sizeof ns[0]; li++) {
            size_t n = ns[li];
            tb_corpus c = tb_corpus_new(n);
            cb_box_soa bs;
            cb_circle_soa cs;
            tk_views v = tb_corpus_views(&c, &bs, &cs);
            for (int j = 0; j < 3; j++)
                tb_out_new(&t.out[j], t.d[j], n, 0, 0);
            t.hits[0] = malloc((n / 64 + 1) * sizeof(uint64_t));
            t.hits[1] = malloc((n / 64 + 1) * sizeof(uint64_t));
            cr_assert(t.hits[0] && t.hits[1]);
            for (int kind = 0; kind < 3; kind++) {
                tk_rng r = tb_rng_for(0x6000000u + n * 8u + (size_t)kind);
                cb_circle tc;
                cb_box tbx;
                tb_fill_kind(&c, &r, kind, &tc, &tbx);
                cb_circle pcs[5] = {
                    {0, 0, 1},
                    {128, 128, 90},
                    tc,
                    {tb_any_adversarial(&r), tb_any_adversarial(&r), tb_any_adversarial(&r)},
                    n ? c.circles[n / 2] : tc};
                cb_box pbs[5] = {{-1, -1, 1, 1},
                                 {64, 64, 192, 192},
                                 tbx,
                                 {tb_any_adversarial(&r), tb_any_adversarial(&r),
                                  tb_any_adversarial(&r), tb_any_adversarial(&r)},
                                 n ? c.boxes[n / 2] : tbx};
                tk_probe probes[5];
                tb_make_probes(probes, pcs, pbs, 5, 3, &r);
                if (n)
                    probes[4].obox = c.oboxes[n / 2];
                for (unsigned f = 0; f <= CB_STRICT; f++)
                    for (size_t p = 0; p < 5; p++)
                        for (size_t m = 0; m < tb_margin_count; m++) {
                            cb_args a = tk_args(d, &probes[p], tk_pick(d, &v), n, NULL, f,
                                                tb_margins[m]);
                            separations += check_trio(&t, a, kind, p, &hit_sets);
                        }
            }
            free(t.hits[0]), free(t.hits[1]);
            for (int j = 0; j < 3; j++)
                tk_out_free(&t.out[j]);
            tb_corpus_free(&c);
        }
    }
    cr_assert_gt(contact_entries, 0, "no contact entry: nothing was checked");
    cr_assert_gt(separations, 0, "no contact was reported: the separations were never compared");
    cr_log_info("backend %s: %zu contact entries, %zu hit sets compared at margin 0, %zu "
                "separations against the distance entries",
                backend, contact_entries, hit_sets, separations);
}
