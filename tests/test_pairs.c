/* test_pairs.c - the many-against-many entries (the pairs and candidates forms of the cb_entry_* table): every backend's raw kernels and the public functions against testkit's reference (testkit/pairs.c) and the one-circle entries; order, capacity, cursor and resumption; work split over ranges of circles; self pairs; prepared grids; candidate pairs; big, clustered and hostile sets; bad input; the public path on every backend. */
#include "bits.h"
#include "fpctl.h"
#include "check.h"

#include <criterion/criterion.h>
#include <criterion/hooks.h>
#include <criterion/parameterized.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * How this file works
 *
 * Entries come from the library's second table (cb_entry_count,
 * cb_entry_info_of), never from a list here: a test picks the entries
 * it is about by their descriptors (pairing, output, element shape), so a
 * new many-against-many entry is tested without editing this file. Raw
 * kernels are reached with cb_entry_kernel(e, backend), the public
 * functions with cb_entry_call(e, &args). A GRID entry runs on a grid
 * of each element shape, built from the same elements (tb_pcall_of).
 *
 * The reference is testkit's ref_pair_entry_on (testkit/pairs.c): the
 * documented order, range, capacity and cursor rules written out one pair
 * at a time over reference.c's one-pair functions (ref_overlap,
 * ref_overlap_circles, ref_overlap_obox, ref_contact, ...), independent of
 * the library's grids, culls, sorts and sinks. LISTED outputs are compared
 * with testkit's output functions through the one-circle entry with the
 * same output format (candidate k stands for element k). The scalar
 * backend is held to the reference, every other subject to the scalar
 * kernel, bit for bit (tb_want_for in check.h, as checkasm holds each
 * assembly version to the C one). The data, the
 * guarded buffers and the checks of one call (tb_check_list,
 * tb_check_matrix, tb_check_listed, tb_check_entry) and the reference,
 * dispatched and raw_float_modes scenarios are tests/check_pairs.c's,
 * shared with the plain checker (tests/plain/cb-check.c).
 *
 * Subjects: each backend's raw kernels (skipped by name, with the
 * library's reason, when this machine cannot run it) and the public
 * functions (subjects.h). Inputs, outputs and the scratch sit against
 * guard pages (tests/support.c), so a read or write past an array faults;
 * outputs are poisoned first, so a unit written that should not be shows
 * up. Every random stream comes from tb_rng_for: the printed CB_SEED
 * replays a failure, and every message prints it.
 *
 * The tests (pairs::<name>; "each subject" = every backend's raw kernels
 * and the public functions):
 *   entries, sizes, kernel_table  the table's descriptors; the scratch and
 *                                 grid sizes; every backend's kernels
 *   reference                     each subject, every entry and element
 *                                 shape, against the reference on set sizes
 *                                 0 .. 17 and element counts 0 .. 200, ten
 *                                 kinds of data (clustered, one column, ...)
 *   one_circle_calls              lists, records and matrix rows against the
 *                                 one-circle entries of each circle; the order
 *   capacity_and_resumption       capacities 0, 1, N-1, N, N+1, ...; counting;
 *                                 resuming (with the scratch's grid, or
 *                                 without it); arbitrary cursors
 *   work_splitting                ranges of circles cut among jobs
 *   self_pairs                    a set against itself: the pairs i < j of the
 *                                 set against a copy of itself
 *   grids                         a grid is a snapshot; its queries are the
 *                                 one call's; a grid shared, reused, refused
 *   candidates, candidates_agree  candidate lists of every length 0 .. 70 and
 *                                 more; candidates against lists and matrices
 *   large_sets, big_sets          sets of 255 .. 1100 circles; 2^20 circles or
 *                                 elements
 *   bad_input                     every refused call writes nothing; what is
 *                                 valid with counts of 0 and empty ranges
 *   dispatched                    the public path after cb_set_backend, also in
 *                                 a hostile float environment, against scalar
 *   raw_float_modes               raw kernels against scalar, both under
 *                                 FTZ/DAZ and round toward zero
 *
 * Loop sizes keep the binary well under 20 s natively and reasonable under
 * qemu-aarch64 (some 20 times slower); PAIRS_ROUNDS multiplies the random
 * rounds for a longer run (meson configure -Dc_args=-DPAIRS_ROUNDS=8).
 */
#ifndef PAIRS_ROUNDS
#define PAIRS_ROUNDS 1
#endif

#include "subjects.h"

/* ------------------------------------------------------ tables and sizes */

/* The descriptors are consistent, and complete in the way the tests below
 * rely on: every element shape of all pairs and the grid have a list, a
 * matrix and records; self pairs have a list and records; every LISTED
 * entry has a one-circle entry of its format; names are unique and found
 * by cb_entry_find; out-of-range numbers are refused. */
Test(pairs, entries)
{
    size_t ne = cb_entry_count(), ranged = 0, listed = 0;
    cr_assert_gt(ne, 0, "the library has no many-against-many entries");
    TK_FOR_ENTRIES(e, TK_PAIRED) {
        const cb_entry_info *d = tb_info(e);
        cr_assert(d->name && strncmp(d->name, "cb_", 3) == 0, "entry %zu: name %s", e,
                  d->name ? d->name : "(null)");
        cr_assert_eq(cb_entry_find(d->name), e, "cb_entry_find(%s)", d->name);
        for (size_t o = 0; o < e; o++)
            cr_assert_str_neq(d->name, tb_info(o)->name, "two entries are called %s", d->name);
        int contacts = d->query == CB_QUERY_CONTACTS;
        cr_assert_eq(d->layout, CB_LAYOUT_SOA, "%s: layout %d", d->name, (int)d->layout);
        if (d->one == CB_SHAPE_SWEEP) { /* a set of sweeps: first hits, or candidates' times
                                          * and records, of boxes or circles */
            int ranged_ok = d->form == CB_FORM_PAIRS && d->output == CB_OUTPUT_PAIR_FIRST_HITS;
            int listed_ok = d->form == CB_FORM_CANDIDATES &&
                            (d->output == CB_OUTPUT_TIMES || d->output == CB_OUTPUT_HITS);
            cr_assert(d->query == CB_QUERY_SWEEP && (ranged_ok || listed_ok) &&
                          (d->many == CB_SHAPE_BOX || d->many == CB_SHAPE_CIRCLE ||
                           (ranged_ok && d->many == CB_SHAPE_GRID)),
                      "%s: a sweep set's entry with form %d, query %d, elements %d, output %d",
                      d->name, (int)d->form, (int)d->query, (int)d->many, (int)d->output);
            ranged += ranged_ok, listed += listed_ok;
            continue;
        }
        cr_assert_eq(d->one, CB_SHAPE_CIRCLE, "%s: one side %d", d->name, (int)d->one);
        switch (d->form) {
        case CB_FORM_PAIRS: {
            cr_assert(d->many == CB_SHAPE_BOX || d->many == CB_SHAPE_CIRCLE ||
                          d->many == CB_SHAPE_OBOX || d->many == CB_SHAPE_GRID ||
                          tb_is_self(d),
                      "%s: elements %d", d->name, (int)d->many);
            cr_assert(contacts ? d->output == CB_OUTPUT_PAIR_CONTACTS
                               : d->query == CB_QUERY_OVERLAP &&
                                     (d->output == CB_OUTPUT_PAIRS || d->output == CB_OUTPUT_MATRIX),
                      "%s: query %d with output %d", d->name, (int)d->query, (int)d->output);
            static const cb_output all_outs[] = {CB_OUTPUT_PAIRS, CB_OUTPUT_MATRIX,
                                                 CB_OUTPUT_PAIR_CONTACTS};
            for (size_t q = 0; q < 3; q++) {
                if (tb_is_self(d) && all_outs[q] == CB_OUTPUT_MATRIX)
                    continue;
                cb_query qq = all_outs[q] == CB_OUTPUT_PAIR_CONTACTS ? CB_QUERY_CONTACTS
                                                                     : CB_QUERY_OVERLAP;
                cr_assert_lt(tb_find_pair_entry(CB_FORM_PAIRS, qq, d->many, all_outs[q]), ne,
                             "%s has no twin with output %d", d->name, (int)all_outs[q]);
            }
            ranged++;
            break;
        }
        default:
            cr_assert_eq(d->form, CB_FORM_CANDIDATES, "%s: form %d", d->name, (int)d->form);
            cr_assert(d->many == CB_SHAPE_BOX || d->many == CB_SHAPE_CIRCLE, "%s: elements %d",
                      d->name, (int)d->many);
            cr_assert(d->output == CB_OUTPUT_MASK || d->output == CB_OUTPUT_INDICES ||
                          d->output == CB_OUTPUT_CONTACTS,
                      "%s: LISTED with output %d", d->name, (int)d->output);
            cr_assert_eq(contacts, d->output == CB_OUTPUT_CONTACTS,
                         "%s: query %d with output %d", d->name, (int)d->query, (int)d->output);
            listed++;
        }
    }
    static const cb_shape all_shapes[] = {CB_SHAPE_BOX, CB_SHAPE_CIRCLE, CB_SHAPE_OBOX};
    for (size_t q = 0; q < 3; q++)
        cr_assert_lt(tb_find_pair_entry(CB_FORM_PAIRS, CB_QUERY_OVERLAP, all_shapes[q],
                                        CB_OUTPUT_PAIRS),
                     ne, "no all-pairs list of elements %d", (int)all_shapes[q]);
    cr_assert_lt(tb_find_pair_entry(CB_FORM_PAIRS, CB_QUERY_OVERLAP, CB_SHAPE_SELF,
                                    CB_OUTPUT_PAIRS),
                 ne, "no self-pairs list");
    cr_assert_lt(tb_find_pair_entry(CB_FORM_PAIRS, CB_QUERY_OVERLAP, CB_SHAPE_GRID,
                                    CB_OUTPUT_PAIRS),
                 ne, "no grid-pairs list");
    cr_assert_lt(tb_find_pair_entry(CB_FORM_PAIRS, CB_QUERY_OVERLAP, CB_SHAPE_GRID_SELF,
                                    CB_OUTPUT_PAIRS),
                 ne, "no prepared self-pairs list");
    cr_assert_gt(ranged, 0, "no pair-list entry");
    cr_assert_gt(listed, 0, "no candidate entry");
    cr_assert_eq(cb_entry_find("cb_no_such_entry"), ne);
    cr_assert_eq(cb_entry_find(NULL), ne);
    cr_assert_null(cb_entry_info_of(ne));
    cr_assert_null(cb_entry_info_of(SIZE_MAX));
    cr_assert_null(cb_entry_kernel(ne, CB_BACKEND_SCALAR));
    cr_assert_null(cb_entry_kernel(0, (cb_backend)CB_BACKEND_COUNT));
    cb_args a;
    memset(&a, 0, sizeof a);
    cr_assert_eq(cb_entry_call(ne, &a), CB_INVALID);
    cr_assert_eq(cb_entry_call(0, NULL), CB_INVALID);
}

/* The scratch and grid sizes, and a query past CB_PAIRS_MAX_N refused
 * (tests/check.h: the plain checker runs the same check). */
Test(pairs, sizes) { tb_check_size_limits(); }

ParameterizedTestParameters(pairs, kernel_table)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/* A runnable backend has a kernel for every entry, stable, its own, and
 * (but scalar) not scalar's, so comparing with scalar compares two code
 * paths; a backend that cannot run has none and is skipped by name. */
ParameterizedTest(int *b, pairs, kernel_table)
{
    const char *name = cb_backend_name((cb_backend)*b), *why = "(no reason given)";
    size_t ne = cb_entry_count();
    if (cb_backend_status((cb_backend)*b, &why) != CB_OK) {
        for (size_t e = 0; e < ne; e++)
            cr_assert_null(cb_entry_kernel(e, (cb_backend)*b),
                           "cb_entry_kernel(%s, %s) must be NULL: %s", tb_info(e)->name, name,
                           why);
        cr_skip_test("SKIP backend %s: %s", name, why);
    }
    for (size_t e = 0; e < ne; e++) {
        cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)*b);
        cr_assert_not_null(k, "backend %s has no kernel for %s", name, tb_info(e)->name);
        cr_assert(k == cb_entry_kernel(e, (cb_backend)*b), "%s on %s: not stable",
                  tb_info(e)->name, name);
        for (size_t o = 0; o < e; o++)
            cr_assert(k != cb_entry_kernel(o, (cb_backend)*b), "%s: %s and %s share a kernel",
                      name, tb_info(e)->name, tb_info(o)->name);
        if (*b != CB_BACKEND_SCALAR)
            cr_assert(k != cb_entry_kernel(e, CB_BACKEND_SCALAR), "%s: %s is scalar's", name,
                      tb_info(e)->name);
    }
}

/* ---------------------------------------- 1. every entry against the reference */

ParameterizedTestParameters(pairs, reference)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * Every entry on every element shape it takes, on every (set size,
 * element count) above, on ten kinds of data (support's random,
 * adversarial and touching corpora; crowded data; exact touching in
 * integers and scaled by powers of two from 2^-120 to 2^100; crowded data
 * strewn with NaN, inf, -0, denormals, inverted boxes, negative radii and
 * malformed rotations; crowded data scaled down until its squares or itself
 * are denormal; every circle in one spot with elements near and far; every
 * element in one column), both flag values, inputs at the end of a page
 * and misaligned one float after one: bit for bit what the reference says:
 * the count, then the whole list or records (order, cursor left at the
 * end), the whole matrix, random candidate lists (margins from tb_margins).
 */
ParameterizedTest(int *sp, pairs, reference, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    /* a sampled run (CB_SIZES=sample): the element counts up to 66 */
    size_t calls = tb_pair_check_reference(*sp, PAIRS_ROUNDS, tb_sampled() ? 20 : SIZE_MAX);
    cr_log_info("%s: %zu calls against the reference", subject, calls);
}

/* ------------------------------------- 2. the same pairs as one-circle calls */

ParameterizedTestParameters(pairs, one_circle_calls)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/* The one-circle entry of query q against SoA elements of shape sh with
 * output o. */
static size_t one_entry(cb_query q, cb_shape sh, cb_output o)
{
    size_t oe = tk_find_entry(CB_FORM_BATCH, q, CB_SHAPE_CIRCLE, sh, CB_LAYOUT_SOA, o);
    cr_assert_lt(oe, cb_entry_count(), "no one-circle entry of query %d, shape %d, output %d",
                 (int)q, (int)sh, (int)o);
    return oe;
}

/* A sweep set's first hits (c's cursor and scratch set): record by record
 * the batch _first call of each sweep on the same subject, and one record
 * per sweep that hits, by sweep ascending. */
static void check_sweep_firsts(int sp, tb_pcall *c, const tb_pdata *p, const tb_pwhere *w)
{
    const cb_entry_info *d = c->d;
    size_t nc = c->a.n_circles, me = c->els.m, room = nc + 1;
    size_t be = tk_find_entry(CB_FORM_BATCH, CB_QUERY_SWEEP, CB_SHAPE_SWEEP, c->els.shape,
                              CB_LAYOUT_SOA, CB_OUTPUT_FIRST_HIT);
    cr_assert_lt(be, cb_entry_count(), "%s: no batch _first entry of its elements", d->name);
    cb_pair *list = tb_xmalloc(room * sizeof *list);
    float *fl[5];
    for (int q = 0; q < 5; q++)
        fl[q] = tb_xmalloc(room * sizeof(float));
    uint8_t *feat = tb_xmalloc(room);
    cb_pair_sweep_hits h = {list, fl[0], fl[1], fl[2], fl[3], fl[4], feat};
    c->a.out = &h, c->a.capacity = room;
    size_t n = tb_prun(sp, c, &c->a), z = 0;
    cr_assert_leq(n, nc, "%zu first hits of %zu sweeps: " TB_PW_FMT, n, nc, TB_PW_ARGS(c, w));
    for (size_t i = 0; i < nc; i++) {
        uint32_t j;
        float nx, ny, t, px, py;
        uint8_t f;
        cb_sweep_hits one = {&j, &nx, &ny, &t, &px, &py, &f};
        cb_args oa;
        memset(&oa, 0, sizeof oa);
        oa.sweep = (cb_sweep){p->ws.x[i], p->ws.y[i], p->ws.r[i], p->ws.dx[i], p->ws.dy[i]};
        oa.many = c->els.els, oa.n = me, oa.out = &one, oa.flags = c->a.flags;
        if (!run(sp, be, &oa))
            continue;
        cr_assert(z < n && list[z].i == i && list[z].j == j,
                  "sweep %zu: its first hit is element %" PRIu32 ", the list has %s: " TB_PW_FMT, i,
                  j, z < n ? "another pair there" : "ended", TB_PW_ARGS(c, w));
        cr_assert(tk_bits(h.t[z]) == tk_bits(t) && tk_bits(h.normal_x[z]) == tk_bits(nx) &&
                      tk_bits(h.normal_y[z]) == tk_bits(ny) &&
                      tk_bits(h.point_x[z]) == tk_bits(px) &&
                      tk_bits(h.point_y[z]) == tk_bits(py) && h.feature[z] == f,
                  "record %zu (sweep %zu, element %" PRIu32 ") differs from %s's: " TB_PW_FMT, z,
                  i, j, cb_entry_info_of(be)->name, TB_PW_ARGS(c, w));
        z++;
    }
    cr_assert_eq(z, n, "the one-sweep calls report %zu first hits, the list %zu: " TB_PW_FMT, z, n,
                 TB_PW_ARGS(c, w));
    free(list), free(feat);
    for (int q = 0; q < 5; q++)
        free(fl[q]);
}

/*
 * cbatch.h: pair (i, j) hits exactly when the one-circle function of
 * circle i reports element j, and its record is that function's. For
 * every ranged entry and shape, on the same subject: the list restricted
 * to circle i is the one-circle index entry's list for circle i (self
 * pairs: its elements above i, the set against itself); the records are
 * the one-circle contact entry's, field by field; matrix row i is the
 * one-circle mask; and the list is in the documented order, (i, j)
 * strictly ascending (self: i < j), read off the pairs themselves.
 */
ParameterizedTest(int *sp, pairs, one_circle_calls, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    static const size_t shapes[][2] = {{1, 1},   {3, 63},  {4, 64},    {5, 65},
                                       {9, 130}, {6, 257}, {17, 1000}, {70, 70}};
    size_t checked = 0;
    TK_FOR_ENTRIES(e, TK_PAIRED) {
        const cb_entry_info *d = tb_info(e);
        if (!tb_is_ranged(d))
            continue;
        cb_shape shs[3];
        size_t nsh = tb_pair_shapes(d, shs);
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
            for (int rd = 0; rd < PAIRS_ROUNDS * 2; rd++) {
                size_t nc = shapes[k][0], m = shapes[k][1];
                int kind = (int)(k + (size_t)rd * 3) % TB_PAIR_KINDS;
                unsigned f = (unsigned)(k + (size_t)rd) % 2;
                cb_shape sh = shs[(k + (size_t)rd) % nsh];
                tb_pdata p;
                tb_pdata_init(&p, nc, m, &tb_placements[rd % 2]);
                tk_rng r = tb_rng_for(0x9200000u + k * 64 + (size_t)rd);
                tb_pair_fill_kind(&p, kind, &r);
                tb_pwhere w = {subject, tb_pair_kind_name[kind], tb_placements[rd % 2].name};
                tb_pcall c = tb_pcall_of(e, &p, sh, f, tb_margins[(k + e) % tb_margin_count]);
                size_t me = c.els.m, words = me / 64 + (me % 64 != 0);
                const void *els = c.els.els;
                int self = tb_is_self(d);
                cb_pair_cursor cur = {0, 0, 0, 0};
                void *scratch = tb_xmalloc(cb_pairs_scratch_size(nc, me));
                c.a.cursor = &cur, c.a.scratch = scratch;
                if (d->one == CB_SHAPE_SWEEP) {
                    check_sweep_firsts(*sp, &c, &p, &w);
                    free(scratch);
                    tb_pdata_free(&p);
                    checked++;
                    continue;
                }
                cb_output oo = d->output == CB_OUTPUT_MATRIX ? CB_OUTPUT_MASK
                               : d->output == CB_OUTPUT_PAIRS ? CB_OUTPUT_INDICES
                                                               : CB_OUTPUT_CONTACTS;
                const cb_entry_info *od = cb_entry_info_of(one_entry(d->query, sh, oo));
                tk_out one;
                tk_out_malloc(&one, od, me);
                if (d->output == CB_OUTPUT_MATRIX) {
                    uint64_t *mat = tb_xmalloc(nc * words * sizeof *mat);
                    c.a.out = mat;
                    size_t n = tb_prun(*sp, &c, &c.a), sum = 0;
                    for (size_t i = 0; i < nc; i++) {
                        cb_args oa;
                        memset(&oa, 0, sizeof oa);
                        oa.circle = p.set.circles[i], oa.many = els, oa.n = me, oa.out = one.out;
                        oa.flags = f;
                        sum += run(*sp, one_entry(d->query, sh, oo), &oa);
                        const uint64_t *mask = one.out;
                        for (size_t t = 0; t < words; t++)
                            cr_assert_eq(mat[i * words + t], mask[t],
                                         "row %zu, word %zu: 0x%016" PRIx64 ", %s 0x%016" PRIx64
                                         ": " TB_PW_FMT,
                                         i, t, mat[i * words + t], od->name, mask[t],
                                         TB_PW_ARGS(&c, &w));
                    }
                    cr_assert_eq(n, sum, "returned %zu, the rows hold %zu hits: " TB_PW_FMT, n, sum,
                                 TB_PW_ARGS(&c, &w));
                    free(mat);
                } else {
                    size_t room = nc * me + 1;
                    cb_pair *list = tb_xmalloc(room * sizeof *list);
                    float *fl[5];
                    for (int q = 0; q < 5; q++)
                        fl[q] = tb_xmalloc(room * sizeof(float));
                    uint8_t *feat = tb_xmalloc(room);
                    cb_pair_contacts pc = {list, fl[0], fl[1], fl[2], fl[3], fl[4], feat};
                    c.a.out = d->output == CB_OUTPUT_PAIRS ? (void *)list : (void *)&pc;
                    c.a.capacity = room;
                    size_t n = tb_prun(*sp, &c, &c.a);
                    cr_assert_leq(n, room - 1, "%zu pairs of %zu: " TB_PW_FMT, n, room - 1,
                                  TB_PW_ARGS(&c, &w));
                    for (size_t q = 0; q < n; q++) {
                        cb_pair u = list[q];
                        cr_assert(u.i < nc && u.j < me && (!self || u.i < u.j),
                                  "pair %zu (%" PRIu32 ", %" PRIu32 ") is out of range: " TB_PW_FMT,
                                  q, u.i, u.j, TB_PW_ARGS(&c, &w));
                        if (q)
                            cr_assert(list[q - 1].i < u.i ||
                                          (list[q - 1].i == u.i && list[q - 1].j < u.j),
                                      "pairs %zu (%" PRIu32 ", %" PRIu32 ") and %zu (%" PRIu32
                                      ", %" PRIu32 ") are not in (circle, element) order: " TB_PW_FMT,
                                      q - 1, list[q - 1].i, list[q - 1].j, q, u.i, u.j,
                                      TB_PW_ARGS(&c, &w));
                    }
                    size_t z = 0;
                    for (size_t i = 0; i < nc; i++) {
                        cb_args oa;
                        memset(&oa, 0, sizeof oa);
                        oa.circle = p.set.circles[i], oa.many = els, oa.n = me, oa.out = one.out;
                        oa.flags = f, oa.margin = c.a.margin;
                        size_t hits = run(*sp, one_entry(d->query, sh, oo), &oa);
                        const uint32_t *idx = d->output == CB_OUTPUT_PAIRS
                                                  ? (const uint32_t *)one.out
                                                  : one.contacts->index;
                        for (size_t h = 0; h < hits; h++) {
                            if (self && idx[h] <= i)
                                continue;
                            cr_assert(z < n && list[z].i == i && list[z].j == idx[h],
                                      "circle %zu: its hit %zu is element %" PRIu32 ", the list "
                                      "has %s: " TB_PW_FMT,
                                      i, h, idx[h], z < n ? "another pair there" : "ended",
                                      TB_PW_ARGS(&c, &w));
                            if (d->output == CB_OUTPUT_PAIR_CONTACTS) {
                                const cb_contacts *oc = one.contacts;
                                cr_assert(tk_bits(pc.normal_x[z]) == tk_bits(oc->normal_x[h]) &&
                                              tk_bits(pc.normal_y[z]) == tk_bits(oc->normal_y[h]) &&
                                              tk_bits(pc.separation[z]) ==
                                                  tk_bits(oc->separation[h]) &&
                                              tk_bits(pc.point_x[z]) == tk_bits(oc->point_x[h]) &&
                                              tk_bits(pc.point_y[z]) == tk_bits(oc->point_y[h]) &&
                                              pc.feature[z] == oc->feature[h],
                                          "record %zu (circle %zu, element %" PRIu32
                                          ") differs from %s's: " TB_PW_FMT,
                                          z, i, idx[h], od->name, TB_PW_ARGS(&c, &w));
                            }
                            z++;
                        }
                    }
                    cr_assert_eq(z, n, "the one-circle calls report %zu pairs, the list %zu: " TB_PW_FMT,
                                 z, n, TB_PW_ARGS(&c, &w));
                    free(list), free(feat);
                    for (int q = 0; q < 5; q++)
                        free(fl[q]);
                }
                tk_out_free(&one);
                free(scratch);
                tb_pdata_free(&p);
                checked++;
            }
    }
    cr_assert_gt(checked, 0, "no ranged entry");
}

/* ------------------------------------------- 3. capacity and resumption */

ParameterizedTestParameters(pairs, capacity_and_resumption)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/* Data sets with a fair number of pairs over several circles, and the kinds. */
static const size_t cap_shapes[][2] = {{1, 64}, {4, 1}, {3, 129}, {5, 200}, {9, 70}, {17, 130}};
static const int cap_kinds[] = {TB_K_DENSE, TB_K_EXACT, TB_K_ADVERSARIAL, TB_K_MIXED};

/*
 * The whole list L (N pairs, or records) of every list entry and shape,
 * taken in pieces:
 *  - one call from the start with capacity 0 (with and without a buffer:
 *    nothing written; without one it counts), 1, 2, N - 1, N, N + 1,
 *    N / 2, 63, 64, 65: returns min(capacity, N), writes exactly that
 *    prefix of L and nothing past it (the room ends at a guard page and the
 *    unused part stays poisoned), and leaves the cursor where the
 *    reference does, which is, read off L itself: at the next pair due,
 *    {L[capacity].i, L[capacity].j} (a sweep set's: element 0), when
 *    capacity < N; else {end, 0}, done, even when the capacity was exactly
 *    N;
 *  - resumption with capacity c = 1 .. 5, 7 and 64 until the range is
 *    done: the pieces joined are L, in exactly ceil(N / c) calls (one
 *    when N is 0), each
 *    call the reference's from the same cursor; with the scratch that
 *    holds the previous call's grid, with another scratch, or with the
 *    cursor's plan cleared (a new grid): the same pairs;
 *  - arbitrary cursors (any circle, any element, any end) and capacities
 *    against the reference.
 */
ParameterizedTest(int *sp, pairs, capacity_and_resumption, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    size_t lists = 0, stops = 0;
    TK_FOR_ENTRIES(e, TK_PAIRED) {
        const cb_entry_info *d = tb_info(e);
        if (!tb_is_ranged(d) || d->output == CB_OUTPUT_MATRIX)
            continue;
        lists++;
        cb_shape shs[3];
        size_t nsh = tb_pair_shapes(d, shs);
        for (size_t k = 0; k < sizeof cap_shapes / sizeof cap_shapes[0]; k++)
            for (size_t ki = 0; ki < sizeof cap_kinds / sizeof cap_kinds[0]; ki++) {
                size_t nc = cap_shapes[k][0], m = cap_shapes[k][1];
                int kind = cap_kinds[ki];
                unsigned f = (unsigned)(k + ki) % 2;
                const tb_placement *pl = &tb_placements[(k + ki) % 2];
                tb_pdata p;
                tb_pdata_init(&p, nc, m, pl);
                tk_rng r = tb_rng_for(0x9300000u + k * 16 + ki);
                tb_pair_fill_kind(&p, kind, &r);
                tb_pwhere w = {subject, tb_pair_kind_name[kind], pl->name};
                tb_pcall c = tb_pcall_of(e, &p, shs[(k + ki) % nsh], f,
                                         tb_margins[(k + ki) % tb_margin_count]);
                tb_pbufs x;
                tb_pbufs_init(&x, nc, m, 0, 0, 0);
                x.without_scratch = (int)(ki % 2);
                /* L, by the reference */
                cb_pair_cursor lc = {0, 0, 0, 0};
                cb_pair *L = tb_xmalloc(x.room * sizeof *L);
                cb_args la = c.a;
                cb_pair_sweep_hits lh;
                la.cursor = &lc, la.out = tk_list_out(d, L, &x.ref_recs, &lh);
                la.capacity = x.room;
                size_t N = ref_entry_on(d, &la, &c.els);
                if (tk_has_records(d))
                    memcpy(L, x.ref_recs.pair, N * sizeof *L);

                /* one call, each capacity */
                size_t caps[] = {0, 1, 2, N ? N - 1 : 0, N, N + 1, N / 2, 63, 64, 65};
                for (size_t q = 0; q < sizeof caps / sizeof caps[0]; q++) {
                    size_t cap = caps[q] < x.room ? caps[q] : x.room;
                    cb_pair_cursor start = {0, 0, 0, 0}, after;
                    size_t got =
                        tb_check_list(*sp, &c, &x, start, cap, 0, tb_want_for(*sp), &w, &after);
                    cr_assert_eq(got, cap < N ? cap : N, "capacity %zu of %zu pairs: %zu: " TB_PW_FMT,
                                 cap, N, got, TB_PW_ARGS(&c, &w));
                    /* the cursor names the next pair due, or the range is done */
                    cb_pair_cursor want = {nc, 0, nc, 0};
                    if (cap < N) {
                        want.circle = L[cap].i;
                        want.element = d->output == CB_OUTPUT_PAIR_FIRST_HITS ? 0 : L[cap].j;
                        stops++;
                    }
                    cr_assert(tb_same_cursor(after, want),
                              "capacity %zu of %zu pairs: cursor " TB_CUR_FMT ", the list says "
                              TB_CUR_FMT ": " TB_PW_FMT,
                              cap, N, TB_CUR_ARGS(after), TB_CUR_ARGS(want), TB_PW_ARGS(&c, &w));
                }
                size_t counted = tb_check_list(*sp, &c, &x, (cb_pair_cursor){0, 0, 0, 0}, 0, 1,
                                               tb_want_for(*sp), &w, NULL);
                cr_assert_eq(counted, N, "the count-only call says %zu of %zu: " TB_PW_FMT, counted,
                             N, TB_PW_ARGS(&c, &w));

                /* resumption with a small buffer: the plan kept, another
                 * scratch, the plan cleared */
                static const size_t steps[] = {1, 2, 3, 4, 5, 7, 64};
                for (size_t si = 0; si < sizeof steps / sizeof steps[0]; si++) {
                    size_t cap = steps[si] < x.room ? steps[si] : x.room, got = 0, ncalls = 0;
                    cb_pair_cursor cursor = {0, 0, 0, 0};
                    int way = (int)(si % 3);
                    void *other = tb_xmalloc(cb_pairs_scratch_size(nc, c.els.m));
                    for (;;) {
                        cb_pair_cursor start = cursor;
                        if (way == 2)
                            start.plan = 0;
                        size_t k2;
                        if (ncalls < 8 || way != 0) {
                            k2 = tb_check_list(*sp, &c, &x, start, cap, 0, tb_want_for(*sp), &w,
                                               &cursor);
                            for (size_t q = 0; q < k2; q++) {
                                const cb_pair *o = d->output == CB_OUTPUT_PAIRS
                                                       ? x.ref_pairs : x.ref_recs.pair;
                                cr_assert(o[q].i == L[got + q].i && o[q].j == L[got + q].j,
                                          "resuming with capacity %zu: pair %zu differs from the "
                                          "whole list: " TB_PW_FMT,
                                          cap, got + q, TB_PW_ARGS(&c, &w));
                            }
                        } else { /* then the subject alone, its own scratch's grid */
                            cb_args b = c.a;
                            cb_pair_contacts rc = tb_precs_at(&x.recs, cap);
                            cb_pair_sweep_hits rh;
                            b.cursor = &cursor, b.capacity = cap, b.scratch = other;
                            b.out = tk_list_out(d, tb_tail_at(&x.pairs, cap * sizeof(cb_pair)), &rc,
                                                &rh);
                            k2 = tb_prun(*sp, &c, &b);
                            const cb_pair *o = d->output == CB_OUTPUT_PAIRS ? (const cb_pair *)b.out
                                                                            : rc.pair;
                            for (size_t q = 0; q < k2; q++)
                                cr_assert(o[q].i == L[got + q].i && o[q].j == L[got + q].j,
                                          "resuming with capacity %zu: pair %zu differs from the "
                                          "whole list: " TB_PW_FMT,
                                          cap, got + q, TB_PW_ARGS(&c, &w));
                        }
                        ncalls++;
                        got += k2;
                        if (cursor.circle == cursor.end)
                            break;
                        cr_assert_eq(k2, cap, "call %zu wrote %zu of room %zu but the range is "
                                     "not done: " TB_PW_FMT, ncalls, k2, cap, TB_PW_ARGS(&c, &w));
                        cr_assert_leq(ncalls, N + 1, "capacity %zu: no progress: " TB_PW_FMT, cap,
                                      TB_PW_ARGS(&c, &w));
                    }
                    free(other);
                    cr_assert_eq(got, N, "capacity %zu: %zu of %zu pairs collected: " TB_PW_FMT,
                                 cap, got, N, TB_PW_ARGS(&c, &w));
                    size_t want_calls = N ? (N + cap - 1) / cap : 1;
                    cr_assert(ncalls == want_calls, "capacity %zu, %zu pairs: %zu calls: " TB_PW_FMT,
                              cap, N, ncalls, TB_PW_ARGS(&c, &w));
                }

                /* arbitrary cursors, ends and capacities */
                for (int q = 0; q < 40 * PAIRS_ROUNDS; q++) {
                    cb_pair_cursor start;
                    start.end = tb_below(&r, 3) == 0 ? 0 : tb_below(&r, nc + 1);
                    size_t end = start.end ? start.end : nc;
                    start.circle = tb_below(&r, end + 1);
                    start.element = tb_below(&r, 3) ? 0 : tb_below(&r, c.els.m + 2);
                    /* a stale name: ignored (but the bit of cb_pairs_range) */
                    start.plan = tk_next(&r) % 2 ? tk_next(&r) & ~CB_PAIRS_RANGE_END : 0;
                    size_t cap = tb_below(&r, N + 3);
                    tb_check_list(*sp, &c, &x, start, cap < x.room ? cap : x.room, q % 5 == 0,
                                  tb_want_for(*sp), &w, NULL);
                }
                free(L);
                tb_pbufs_free(&x);
                tb_pdata_free(&p);
            }
    }
    cr_assert_gt(lists, 0, "no pair-list entry");
    cr_assert_gt(stops, 0, "no call ever ran out of room: the cursor was never tested");
}

/* ------------------------------------------------------ 4. work splitting */

ParameterizedTestParameters(pairs, work_splitting)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * cbatch.h: calls over consecutive ranges of circles give, concatenated,
 * exactly the list of one call over their union. Random cuts of 0 ..
 * n_circles into 1 .. 6 ranges (empty ones included), each range one job
 * with its own cursor {begin, 0, end} and scratch, each job's list taken
 * with a capacity that may stop it (and then resumed): joined, the whole
 * list; matrices: each job writes exactly its rows, and together they are
 * the whole matrix.
 */
ParameterizedTest(int *sp, pairs, work_splitting, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    static const size_t shapes[][2] = {{1, 100}, {7, 64}, {17, 130}, {40, 200}, {300, 90}};
    size_t pieces = 0;
    TK_FOR_ENTRIES(e, TK_PAIRED) {
        const cb_entry_info *d = tb_info(e);
        if (!tb_is_ranged(d))
            continue;
        cb_shape shs[3];
        size_t nsh = tb_pair_shapes(d, shs);
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
            for (int rd = 0; rd < 2 * PAIRS_ROUNDS; rd++) {
                size_t nc = shapes[k][0], m = shapes[k][1];
                int kind = (int)(k + (size_t)rd * 5) % TB_PAIR_KINDS;
                tb_pdata p;
                tb_pdata_init(&p, nc, m, &tb_placements[rd % 2]);
                tk_rng r = tb_rng_for(0x9400000u + k * 64 + (size_t)rd);
                tb_pair_fill_kind(&p, kind, &r);
                tb_pwhere w = {subject, tb_pair_kind_name[kind], tb_placements[rd % 2].name};
                tb_pcall c = tb_pcall_of(e, &p, shs[(k + (size_t)rd) % nsh], (unsigned)rd % 2,
                                         tb_margins[(k + e) % tb_margin_count]);
                size_t me = c.els.m, words = me / 64 + (me % 64 != 0);
                size_t room = nc * (me > nc ? me : nc) + 1;
                void *scratch = tb_xmalloc(cb_pairs_scratch_size(nc, me));
                /* the whole answer in one call */
                cb_pair *whole = tb_xmalloc(room * sizeof *whole), *joined = tb_xmalloc(room * sizeof *joined);
                uint64_t *wm = tb_xmalloc((nc * words + 1) * sizeof *wm),
                         *jm = tb_xmalloc((nc * words + 1) * sizeof *jm);
                float *fl[10];
                for (int q = 0; q < 10; q++)
                    fl[q] = tb_xmalloc(room * sizeof(float));
                uint8_t *ft[2] = {tb_xmalloc(room), tb_xmalloc(room)};
                cb_pair_contacts wc = {whole, fl[0], fl[1], fl[2], fl[3], fl[4], ft[0]};
                cb_pair_contacts jc = {joined, fl[5], fl[6], fl[7], fl[8], fl[9], ft[1]};
                int mat = d->output == CB_OUTPUT_MATRIX, recs = tk_has_records(d);
                cb_pair_cursor all = {0, 0, 0, 0};
                cb_pair_sweep_hits wh, jh;
                cb_args a = c.a;
                a.cursor = &all, a.scratch = scratch, a.capacity = room;
                a.out = mat ? (void *)wm : tk_list_out(d, whole, &wc, &wh);
                size_t N = tb_prun(*sp, &c, &a);
                /* the jobs */
                size_t cut[8], np = 1 + tb_below(&r, 6);
                cut[0] = 0, cut[np] = nc;
                for (size_t q = 1; q < np; q++)
                    cut[q] = tb_below(&r, nc + 1);
                for (size_t q = 1; q < np; q++) /* sort the inner cuts */
                    for (size_t z = q; z > 1 && cut[z - 1] > cut[z]; z--) {
                        size_t t = cut[z];
                        cut[z] = cut[z - 1], cut[z - 1] = t;
                    }
                memset(jm, TB_POISON, (nc * words + 1) * sizeof *jm);
                size_t got = 0, bits = 0;
                for (size_t q = 0; q < np; q++) {
                    cb_pair_cursor job = {cut[q], 0, cut[q + 1], 0};
                    if (job.end == 0) /* 0 would mean "every circle" */
                        continue;
                    void *js = tb_xmalloc(cb_pairs_scratch_size(nc, me));
                    cb_args b = c.a;
                    b.cursor = &job, b.scratch = js;
                    if (mat) {
                        b.out = jm;
                        bits += tb_prun(*sp, &c, &b);
                        for (size_t i = 0; i < nc; i++)
                            for (size_t t = 0; t < words; t++) {
                                if (i >= cut[q] && i < cut[q + 1])
                                    cr_assert_eq(jm[i * words + t], wm[i * words + t],
                                                 "job %zu of rows %zu .. %zu: row %zu word %zu "
                                                 "differs: " TB_PW_FMT,
                                                 q, cut[q], cut[q + 1], i, t, TB_PW_ARGS(&c, &w));
                            }
                    } else {
                        size_t cap = 1 + tb_below(&r, N + 2);
                        while (job.circle < job.end) {
                            cb_pair_contacts at = {joined + got, jc.normal_x + got, jc.normal_y + got,
                                                   jc.separation + got, jc.point_x + got,
                                                   jc.point_y + got, jc.feature + got};
                            b.out = tk_list_out(d, joined + got, &at, &jh);
                            b.capacity = cap < room - got ? cap : room - got;
                            size_t k2 = tb_prun(*sp, &c, &b);
                            got += k2;
                            cr_assert(k2 == b.capacity || job.circle == job.end,
                                      "job %zu: wrote %zu of room %zu, not done: " TB_PW_FMT, q, k2,
                                      b.capacity, TB_PW_ARGS(&c, &w));
                        }
                    }
                    free(js);
                    pieces++;
                }
                if (mat) {
                    cr_assert_eq(bits, N, "the jobs' rows hold %zu bits, the whole matrix %zu: " TB_PW_FMT,
                                 bits, N, TB_PW_ARGS(&c, &w));
                    for (size_t i = 0; i < nc * words; i++)
                        cr_assert_eq(jm[i], wm[i], "word %zu: the jobs wrote 0x%016" PRIx64
                                     ", one call 0x%016" PRIx64 ": " TB_PW_FMT,
                                     i, jm[i], wm[i], TB_PW_ARGS(&c, &w));
                    cr_assert_eq(jm[nc * words], (uint64_t)0xA5A5A5A5A5A5A5A5ull,
                                 "a job wrote past the matrix: " TB_PW_FMT, TB_PW_ARGS(&c, &w));
                } else {
                    cr_assert_eq(got, N, "the jobs found %zu pairs, one call %zu: " TB_PW_FMT, got,
                                 N, TB_PW_ARGS(&c, &w));
                    cr_assert(memcmp(joined, whole, N * sizeof *whole) == 0,
                              "the jobs' lists joined differ from one call's: " TB_PW_FMT,
                              TB_PW_ARGS(&c, &w));
                    if (recs)
                        for (int q = 0; q < 5; q++)
                            cr_assert(memcmp(fl[q], fl[q + 5], N * sizeof(float)) == 0 &&
                                          memcmp(ft[0], ft[1], N) == 0,
                                      "the jobs' records differ from one call's: " TB_PW_FMT,
                                      TB_PW_ARGS(&c, &w));
                }
                for (int q = 0; q < 10; q++)
                    free(fl[q]);
                free(ft[0]), free(ft[1]), free(whole), free(joined), free(wm), free(jm), free(scratch);
                tb_pdata_free(&p);
            }
    }
    cr_assert_gt(pieces, 0);
}

/* --------------------------------------------------------- 5. self pairs */

ParameterizedTestParameters(pairs, self_pairs)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * A set against itself is the set against a copy of itself, pairs i < j
 * only: cb_pairs_self_overlap's list is the circle-vs-circles all-pairs
 * list of (set, set) with the pairs i >= j removed, and the self records
 * are that entry's records, bit for bit; a circle never pairs with itself,
 * and each unordered pair appears once.
 */
ParameterizedTest(int *sp, pairs, self_pairs, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    size_t ne = cb_entry_count(), checked = 0;
    static const size_t sizes[] = {0, 1, 2, 3, 17, 64, 65, 300, 1000};
    for (int q = 0; q < 2; q++) {
        cb_query query = q ? CB_QUERY_CONTACTS : CB_QUERY_OVERLAP;
        cb_output out = q ? CB_OUTPUT_PAIR_CONTACTS : CB_OUTPUT_PAIRS;
        size_t se = tb_find_pair_entry(CB_FORM_PAIRS, query, CB_SHAPE_SELF, out);
        size_t ae = tb_find_pair_entry(CB_FORM_PAIRS, query, CB_SHAPE_CIRCLE, out);
        cr_assert(se < ne && ae < ne, "no self or circle-vs-circles entry of output %d", (int)out);
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
            for (int kind = 0; kind < TB_PAIR_KINDS; kind++) {
                size_t n = sizes[k];
                tb_pdata p;
                tb_pdata_init(&p, n, n, &tb_placements[(k + (size_t)kind) % 2]);
                tk_rng r = tb_rng_for(0x9C00000u + k * 64 + (size_t)kind);
                tb_pair_fill_kind(&p, kind, &r);
                tb_corpus_copy(&p.els, &p.set); /* the elements: the set itself */
                tb_pdata_grids(&p);
                tb_pwhere w = {subject, tb_pair_kind_name[kind], tb_placements[(k + (size_t)kind) % 2].name};
                float mg = tb_margins[(k + (size_t)kind) % tb_margin_count];
                unsigned f = (unsigned)kind % 2;
                tb_pcall cs = tb_pcall_of(se, &p, CB_SHAPE_CIRCLE, f, mg);
                tb_pcall ca = tb_pcall_of(ae, &p, CB_SHAPE_CIRCLE, f, mg);
                size_t room = n * n + 1;
                cb_pair *sl = tb_xmalloc(room * sizeof *sl), *al = tb_xmalloc(room * sizeof *al);
                float *fl[10];
                for (int z = 0; z < 10; z++)
                    fl[z] = tb_xmalloc(room * sizeof(float));
                uint8_t *ft[2] = {tb_xmalloc(room), tb_xmalloc(room)};
                cb_pair_contacts src = {sl, fl[0], fl[1], fl[2], fl[3], fl[4], ft[0]};
                cb_pair_contacts arc = {al, fl[5], fl[6], fl[7], fl[8], fl[9], ft[1]};
                cb_pair_cursor c1 = {0, 0, 0, 0}, c2 = {0, 0, 0, 0};
                void *s1 = tb_xmalloc(cb_pairs_scratch_size(n, n)), *s2 = tb_xmalloc(cb_pairs_scratch_size(n, n));
                cs.a.cursor = &c1, cs.a.scratch = s1, cs.a.capacity = room;
                cs.a.out = q ? (void *)&src : (void *)sl;
                ca.a.cursor = &c2, ca.a.scratch = s2, ca.a.capacity = room;
                ca.a.out = q ? (void *)&arc : (void *)al;
                size_t ns = tb_prun(*sp, &cs, &cs.a), na = tb_prun(*sp, &ca, &ca.a), z = 0;
                for (size_t t = 0; t < na; t++) {
                    if (al[t].i >= al[t].j)
                        continue;
                    cr_assert(z < ns && sl[z].i == al[t].i && sl[z].j == al[t].j,
                              "pair (%" PRIu32 ", %" PRIu32 ") of the set against itself is not "
                              "self pair %zu: " TB_PW_FMT,
                              al[t].i, al[t].j, z, TB_PW_ARGS(&cs, &w));
                    if (q)
                        for (int u = 0; u < 5; u++)
                            cr_assert(tk_bits(fl[u][z]) == tk_bits(fl[u + 5][t]) && ft[0][z] == ft[1][t],
                                      "self record %zu differs from the circles' record %zu: " TB_PW_FMT,
                                      z, t, TB_PW_ARGS(&cs, &w));
                    z++;
                }
                cr_assert_eq(z, ns, "%zu self pairs, the set against itself has %zu with i < j: " TB_PW_FMT,
                             ns, z, TB_PW_ARGS(&cs, &w));
                for (int u = 0; u < 10; u++)
                    free(fl[u]);
                free(ft[0]), free(ft[1]), free(sl), free(al), free(s1), free(s2);
                tb_pdata_free(&p);
                checked++;
            }
    }
    cr_assert_gt(checked, 0);
}

/* -------------------------------------------------------------- 6. grids */

/*
 * A prepared grid is a snapshot: built, then its elements changed (or
 * their arrays freed), its queries still give the pairs of the elements as
 * they were, on every backend; queries from several subjects on one grid
 * agree (it is read only); a grid built by one backend serves every other;
 * cb_grid_elements names the shape and count; memory that holds no grid
 * (zeros, random bytes, a grid's copy with a byte flipped in its mark) is
 * refused by every grid function with CB_INVALID and by cb_grid_elements
 * with 0.
 */
/* One call checked on every runnable backend and through the public function. */
static void check_every_subject(const tb_pcall *c, tb_pbufs *x, tb_pwhere w)
{
    for (int s = 0; s <= CB_BACKEND_COUNT; s++) {
        if (s < CB_BACKEND_COUNT && !tb_backend_runnable(s, NULL))
            continue;
        w.subject = s == TB_PUBLIC ? "public" : cb_backend_name((cb_backend)s);
        tb_check_entry(s, c, x, tb_want_for(s), &w);
    }
}

Test(pairs, grids)
{
    size_t ne = cb_entry_count();
    size_t ge = tb_find_pair_entry(CB_FORM_PAIRS, CB_QUERY_OVERLAP, CB_SHAPE_GRID, CB_OUTPUT_PAIRS);
    cr_assert_lt(ge, ne);
    static const size_t sizes[][2] = {{5, 64}, {30, 500}, {200, 200}};
    for (size_t k = 0; k < 3; k++)
        for (int kind = 0; kind < TB_PAIR_KINDS; kind++) {
            size_t nc = sizes[k][0], m = sizes[k][1];
            tb_pdata p, old;
            tb_pdata_init(&p, nc, m, &tb_placements[0]);
            tb_pdata_init(&old, nc, m, &tb_placements[0]);
            tk_rng r = tb_rng_for(0x9D00000u + k * 64 + (size_t)kind);
            tb_pair_fill_kind(&p, kind, &r);
            tb_corpus_copy(&old.set, &p.set), tb_corpus_copy(&old.els, &p.els);
            tb_pwhere w = {"every subject", tb_pair_kind_name[kind], "end-of-page"};
            for (int sh = 0; sh < 3; sh++) {
                /* build on one backend, change the elements, query on all */
                tb_corpus_copy(&p.els, &old.els);
                cb_backend builder = (cb_backend)(kind % CB_BACKEND_COUNT);
                if (cb_set_backend(builder) != CB_OK)
                    builder = CB_BACKEND_SCALAR, cb_set_backend(builder);
                tb_pdata_grids(&p);
                cb_set_backend_by_name(NULL);
                tk_rng r2 = tb_rng_for(0x9D80000u + k * 64 + (size_t)kind);
                tb_corpus_fill_adversarial(&p.els, &r2);
                tb_pcall c = tb_pcall_of(ge, &p, (cb_shape)sh, (unsigned)kind % 2, 0.0f);
                c.els.els = tb_els_of(&old, (cb_shape)sh); /* the reference reads the old ones */
                tb_pbufs x;
                tb_pbufs_init(&x, nc, m, 0, 0, 0);
                check_every_subject(&c, &x, w);
                cb_shape got = CB_SHAPE_GRID;
                cr_assert_eq(cb_grid_elements(p.grid[sh], &got), m);
                cr_assert_eq(got, (cb_shape)sh, "grid of shape %d says %d (built by %s)", sh,
                             (int)got, cb_backend_name(builder));
                tb_pbufs_free(&x);
            }
            /* grids built over the adversarial elements themselves (infinite,
             * NaN, inverted: the build's survey and levels see them) */
            tb_pdata_grids(&p);
            for (int sh = 0; sh < 3; sh++) {
                tb_pcall c = tb_pcall_of(ge, &p, (cb_shape)sh, 0, 0.0f);
                tb_pbufs x;
                tb_pbufs_init(&x, nc, m, 0, 0, 0);
                w.layout = "grid built over adversarial elements";
                check_every_subject(&c, &x, w);
                tb_pbufs_free(&x);
            }
            tb_pdata_free(&p), tb_pdata_free(&old);
        }
    /* memory that holds no grid */
    size_t bytes = cb_grid_size(100);
    unsigned char *junk = tb_xmalloc(bytes);
    tk_rng r = tb_rng_for(0x9DF0000u);
    tb_corpus c = tb_corpus_new(100);
    tb_corpus_fill_random(&c, &r);
    cb_circle_soa cs = tb_corpus_circles(&c);
    for (int q = 0; q < 3; q++) {
        if (q == 0)
            memset(junk, 0, bytes);
        else if (q == 1)
            for (size_t b = 0; b < bytes; b++)
                junk[b] = (unsigned char)tk_next(&r);
        else {
            cb_box_soa bs = tb_corpus_boxes(&c);
            cb_grid *g = cb_grid_boxes(junk, &bs, 100);
            cr_assert_not_null(g);
            ((unsigned char *)g)[tk_next(&r) % 8] ^= 0x10; /* its mark */
        }
        const cb_grid *g = (const cb_grid *)(void *)(((uintptr_t)junk + 63u) & ~(uintptr_t)63u);
        cr_assert_eq(cb_grid_elements(g, NULL), 0, "junk %d taken for a grid", q);
        cb_pair out[4];
        cb_pair_cursor cur = {0, 0, 0, 0};
        cr_assert_eq(cb_pairs_overlap_circles_grid(&cs, 100, g, &cur, out, 4, 0), CB_INVALID, "junk %d", q);
        cr_assert_eq(cb_pairs_overlap_circles_grid(&cs, 100, NULL, &cur, out, 4, 0), CB_INVALID);
        cr_assert(cur.circle == 0 && cur.end == 0, "a refused call moved the cursor");
    }
    cr_assert_eq(cb_grid_elements(NULL, NULL), 0);
    cr_assert_null(cb_grid_boxes(NULL, NULL, 0));
    free(junk);
    tb_corpus_free(&c);
}

/* ----------------------------------------------------------- 7. candidates */

ParameterizedTestParameters(pairs, candidates)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/* Candidate counts: every one through 70 (vector widths, a mask word and
 * its neighbours) and a few larger ones. */
static const size_t cand_counts_big[] = {127, 128, 129, 200, 1000};
#define N_CAND_COUNTS (71 + sizeof cand_counts_big / sizeof cand_counts_big[0])
static size_t cand_count(size_t k) { return k < 71 ? k : cand_counts_big[k - 71]; }

/*
 * Every LISTED entry on random candidate lists (repeats, any order, one
 * pair repeated, the last pair, ascending, descending) of every length
 * 0 .. 70 and some larger, on every kind of data, both flags; the inputs
 * at the end of a page or one float past a guard page (misaligned), the
 * outputs at guard pages or misaligned after one with canaries; contacts
 * at margins from tb_margins: bit for bit what the reference says.
 */
ParameterizedTest(int *sp, pairs, candidates, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    size_t calls = 0, hits = 0;
    for (size_t k = 0; k < N_CAND_COUNTS; k++)
        for (int round = 0; round < PAIRS_ROUNDS; round++) {
            size_t n = cand_count(k);
            tk_rng r = tb_rng_for(0x9500000u + k * 64 + (size_t)round);
            size_t nc = 1 + tb_below(&r, 17), m = 1 + tb_below(&r, 200);
            if (n == 0 && round == 0) /* no candidates, no circles, no elements */
                nc = 0, m = 0;
            int kind = (int)((k + (size_t)round) % TB_PAIR_KINDS);
            const tb_placement *pl = &tb_placements[k % 2];
            tb_pdata p;
            tb_pdata_init(&p, nc, m, pl);
            tb_pair_fill_kind(&p, kind, &r);
            tb_pbufs x;
            tb_pbufs_init(&x, nc, m, n, (int)(k % 2), k % 3);
            tb_fill_candidates(tb_cands_of(&x), n, nc, m, &r);
            tb_pwhere w = {subject, tb_pair_kind_name[kind], pl->name};
            TK_FOR_ENTRIES(e, TK_PAIRED) {
                const cb_entry_info *d = tb_info(e);
                if (tb_is_ranged(d))
                    continue;
                for (unsigned f = 0; f <= CB_STRICT; f++) {
                    tb_pcall c = tb_pcall_of(e, &p, d->many, f, tb_margins[(k + f + e) % tb_margin_count]);
                    hits += tb_check_entry(*sp, &c, &x, tb_want_for(*sp), &w);
                    calls++;
                }
            }
            tb_pbufs_free(&x);
            tb_pdata_free(&p);
        }
    cr_assert_gt(hits, 0);
    cr_log_info("%s: %zu candidate calls, %zu hits", subject, calls, hits);
}

ParameterizedTestParameters(pairs, candidates_agree)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * Promises that tie the entries together, on one subject:
 *  - the all-pairs list as candidates: every candidate hits (mask all ones
 *    for the N candidates, indices 0 .. N-1, contacts at margin 0 all of
 *    them, at index k), so candidates and all pairs answer the same pairs;
 *  - every pair in row-major order as candidates: mask bit i * m + j is the
 *    matrix's bit (i, j);
 *  - contacts at margin 0 and -0.0 report exactly the candidates the index
 *    entry reports, with records equal to the all-pairs records of those
 *    pairs.
 */
ParameterizedTest(int *sp, pairs, candidates_agree, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    size_t ne = cb_entry_count(), agreed = 0;
    static const cb_shape shapes[] = {CB_SHAPE_BOX, CB_SHAPE_CIRCLE};
    for (size_t si = 0; si < 2; si++) {
        cb_shape sh = shapes[si];
        size_t le = tb_find_pair_entry(CB_FORM_PAIRS, CB_QUERY_OVERLAP, sh, CB_OUTPUT_PAIRS);
        size_t me = tb_find_pair_entry(CB_FORM_PAIRS, CB_QUERY_OVERLAP, sh, CB_OUTPUT_MATRIX);
        size_t ie = tb_find_pair_entry(CB_FORM_CANDIDATES, CB_QUERY_OVERLAP, sh, CB_OUTPUT_INDICES);
        size_t ke = tb_find_pair_entry(CB_FORM_CANDIDATES, CB_QUERY_OVERLAP, sh, CB_OUTPUT_MASK);
        size_t ce =
            tb_find_pair_entry(CB_FORM_CANDIDATES, CB_QUERY_CONTACTS, sh, CB_OUTPUT_CONTACTS);
        cr_assert(le < ne && me < ne && ie < ne && ke < ne && ce < ne,
                  "elements %d: not every kind of entry exists", (int)sh);
        for (int kind = 0; kind < TB_PAIR_KINDS; kind++) {
            size_t nc = 9, m = 200, words = (m + 63) / 64;
            const tb_placement *pl = &tb_placements[kind % 2];
            tb_pdata p;
            tb_pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9600000u + si * 16 + (size_t)kind);
            tb_pair_fill_kind(&p, kind, &r);
            tb_pwhere w = {subject, tb_pair_kind_name[kind], pl->name};
            unsigned f = (unsigned)kind % 2;
            /* the all-pairs list and matrix, by the subject */
            cb_pair *L = tb_xmalloc(nc * m * sizeof *L);
            uint64_t *M = tb_xmalloc(nc * words * sizeof *M);
            void *scratch = tb_xmalloc(cb_pairs_scratch_size(nc, m));
            cb_pair_cursor cur = {0, 0, 0, 0};
            tb_pcall lc = tb_pcall_of(le, &p, sh, f, 0.0f), mc = tb_pcall_of(me, &p, sh, f, 0.0f);
            lc.a.cursor = &cur, lc.a.out = L, lc.a.capacity = nc * m, lc.a.scratch = scratch;
            size_t N = tb_prun(*sp, &lc, &lc.a);
            cb_pair_cursor mcur = {0, 0, 0, 0};
            mc.a.cursor = &mcur, mc.a.out = M, mc.a.scratch = scratch;
            cr_assert_eq(tb_prun(*sp, &mc, &mc.a), N, "%s and %s disagree on the count: " TB_PW_FMT,
                         lc.d->name, mc.d->name, TB_PW_ARGS(&mc, &w));

            /* the list as candidates: all hit */
            tb_pbufs x;
            tb_pbufs_init(&x, nc, m, N, 0, 0);
            memcpy(tb_cands_of(&x), L, N * sizeof *L);
            size_t listed[] = {ke, ie, ce};
            for (size_t q = 0; q < 3; q++) {
                tb_pcall c = tb_pcall_of(listed[q], &p, sh, f, 0.0f);
                size_t got = tb_check_entry(*sp, &c, &x, tb_want_for(*sp), &w);
                cr_assert_eq(got, N, "the %zu all-pairs hits as candidates: %zu hit: " TB_PW_FMT, N,
                             got, TB_PW_ARGS(&c, &w));
                const tk_out *o = &x.sub[listed[q]];
                for (size_t k = 0; k < N; k++) {
                    int hit = c.d->output == CB_OUTPUT_MASK
                                  ? (int)(((const uint64_t *)o->out)[k / 64] >> (k % 64) & 1)
                              : c.d->output == CB_OUTPUT_INDICES ? ((const uint32_t *)o->out)[k] == k
                                                                 : o->contacts->index[k] == k;
                    cr_assert(hit, "candidate %zu of the all-pairs list does not hit: " TB_PW_FMT,
                              k, TB_PW_ARGS(&c, &w));
                }
            }
            tb_pbufs_free(&x);

            /* every pair in row-major order: the mask is the matrix */
            tb_pbufs_init(&x, nc, m, nc * m, 1, 0);
            cb_pair *every = tb_cands_of(&x);
            for (size_t i = 0; i < nc; i++)
                for (size_t j = 0; j < m; j++)
                    every[i * m + j].i = (uint32_t)i, every[i * m + j].j = (uint32_t)j;
            {
                tb_pcall c = tb_pcall_of(ke, &p, sh, f, 0.0f);
                size_t got = tb_check_entry(*sp, &c, &x, tb_want_for(*sp), &w);
                cr_assert_eq(got, N,
                             "every pair as candidates: %zu hits, all pairs %zu: " TB_PW_FMT, got,
                             N, TB_PW_ARGS(&c, &w));
                const uint64_t *mask = x.sub[ke].out;
                for (size_t i = 0; i < nc; i++)
                    for (size_t j = 0; j < m; j++) {
                        size_t k = i * m + j;
                        int mk = (int)(mask[k / 64] >> (k % 64) & 1);
                        int mm = (int)(M[i * words + j / 64] >> (j % 64) & 1);
                        cr_assert_eq(mk, mm,
                                     "pair (%zu, %zu): candidate mask %d, matrix %d: " TB_PW_FMT, i,
                                     j, mk, mm, TB_PW_ARGS(&c, &w));
                    }
            }
            tb_pbufs_free(&x);

            /* contacts at margin +-0 select the overlap hits */
            size_t n = 1 + tb_below(&r, 300);
            tb_pbufs_init(&x, nc, m, n, 0, 0);
            for (int rd = 0; rd < 2 * PAIRS_ROUNDS; rd++) {
                tb_fill_candidates(tb_cands_of(&x), n, nc, m, &r);
                for (unsigned g = 0; g <= CB_STRICT; g++) {
                    tb_pcall dc = tb_pcall_of(ce, &p, sh, g, rd % 2 ? -0.0f : 0.0f);
                    tb_pcall di = tb_pcall_of(ie, &p, sh, g, 0.0f);
                    size_t nct = tb_check_entry(*sp, &dc, &x, tb_want_for(*sp), &w);
                    size_t nix = tb_check_entry(*sp, &di, &x, tb_want_for(*sp), &w);
                    cr_assert_eq(nct, nix, "margin %a: %zu contacts, %s %zu hits: " TB_PW_FMT,
                                 (double)dc.a.margin, nct, di.d->name, nix, TB_PW_ARGS(&dc, &w));
                    const uint32_t *idx = x.sub[ie].out;
                    for (size_t k = 0; k < nct; k++)
                        cr_assert_eq(x.sub[ce].contacts->index[k], idx[k],
                                     "margin %a: contact %zu is candidate %" PRIu32 ", hit %zu of "
                                     "%s is %" PRIu32 ": " TB_PW_FMT,
                                     (double)dc.a.margin, k, x.sub[ce].contacts->index[k], k,
                                     di.d->name, idx[k], TB_PW_ARGS(&dc, &w));
                    agreed++;
                }
            }
            tb_pbufs_free(&x);
            free(L), free(M), free(scratch);
            tb_pdata_free(&p);
        }
    }
    cr_assert_gt(agreed, 0, "no element shape has every kind of entry");
}

ParameterizedTestParameters(pairs, sweeps_agree)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * The sweep entries tied together, on one subject: every (sweep, element)
 * pair as candidates in row-major order gives each pair's time; a sweep's
 * least time (the lowest element among equal ones) is its first hit in
 * cb_pairs_sweep_first's list, and the candidates' hit records are those
 * times with the first hits' records at the first hits.
 */
ParameterizedTest(int *sp, pairs, sweeps_agree, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    size_t agreed = 0;
    static const cb_shape shapes[] = {CB_SHAPE_BOX, CB_SHAPE_CIRCLE};
    for (size_t si = 0; si < 2; si++) {
        cb_shape sh = shapes[si];
        size_t fe = tk_find_entry(CB_FORM_PAIRS, CB_QUERY_SWEEP, CB_SHAPE_SWEEP, sh, CB_LAYOUT_SOA,
                                  CB_OUTPUT_PAIR_FIRST_HITS);
        size_t te = tk_find_entry(CB_FORM_CANDIDATES, CB_QUERY_SWEEP, CB_SHAPE_SWEEP, sh,
                                  CB_LAYOUT_SOA, CB_OUTPUT_TIMES);
        size_t he = tk_find_entry(CB_FORM_CANDIDATES, CB_QUERY_SWEEP, CB_SHAPE_SWEEP, sh,
                                  CB_LAYOUT_SOA, CB_OUTPUT_HITS);
        cr_assert(fe < cb_entry_count() && te < cb_entry_count() && he < cb_entry_count(),
                  "sweeps against shape %d: not every kind of entry exists", (int)sh);
        for (int kind = 0; kind < TB_PAIR_KINDS; kind++) {
            size_t nc = 9, m = 200, n = nc * m;
            const tb_placement *pl = &tb_placements[kind % 2];
            tb_pdata p;
            tb_pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9a00000u + si * 16 + (size_t)kind);
            tb_pair_fill_kind(&p, kind, &r);
            tb_pwhere w = {subject, tb_pair_kind_name[kind], pl->name};
            unsigned f = (unsigned)kind % 2;
            tb_pbufs x;
            tb_pbufs_init(&x, nc, m, n, 0, 0);
            cb_pair *cand = tb_cands_of(&x);
            for (size_t k = 0; k < n; k++)
                cand[k].i = (uint32_t)(k / m), cand[k].j = (uint32_t)(k % m);
            tb_pcall tc = tb_pcall_of(te, &p, sh, f, 0.0f), hc = tb_pcall_of(he, &p, sh, f, 0.0f);
            tb_check_entry(*sp, &tc, &x, tb_want_for(*sp), &w);
            size_t nh = tb_check_entry(*sp, &hc, &x, tb_want_for(*sp), &w);
            const float *t = x.sub[te].out;
            const cb_sweep_hits *hits = x.sub[he].out;
            /* the first hits, by the subject */
            tb_pcall fc = tb_pcall_of(fe, &p, sh, f, 0.0f);
            cb_pair_cursor cur = {0, 0, 0, 0};
            cb_pair_sweep_hits fh;
            fc.a.cursor = &cur, fc.a.capacity = nc, fc.a.scratch = x.ref_scratch;
            fc.a.out = tk_list_out(fc.d, NULL, &x.ref_recs, &fh);
            size_t nf = tb_prun(*sp, &fc, &fc.a), z = 0, q = 0;
            for (size_t i = 0; i < nc; i++) {
                size_t best = SIZE_MAX;
                for (size_t j = 0; j < m; j++)
                    if (t[i * m + j] <= 1.0f &&
                        (best == SIZE_MAX || t[i * m + j] < t[i * m + best]))
                        best = j;
                for (; q < nh && hits->index[q] < (i + 1) * m; q++) /* the records are the times */
                    cr_assert(tk_bits(hits->t[q]) == tk_bits(t[hits->index[q]]),
                              "candidate %" PRIu32 ": record time %a, time %a: " TB_PW_FMT,
                              hits->index[q], (double)hits->t[q], (double)t[hits->index[q]],
                              TB_PW_ARGS(&hc, &w));
                if (best == SIZE_MAX)
                    continue;
                cr_assert(z < nf && fh.pair[z].i == i && fh.pair[z].j == best &&
                              tk_bits(fh.t[z]) == tk_bits(t[i * m + best]),
                          "sweep %zu: the least time is element %zu's (%a); the first hits say "
                          "%s: " TB_PW_FMT,
                          i, best, (double)t[i * m + best], z < nf ? "another" : "none",
                          TB_PW_ARGS(&fc, &w));
                z++;
            }
            cr_assert_eq(z, nf, "%zu sweeps hit by the times, %zu first hits: " TB_PW_FMT, z, nf,
                         TB_PW_ARGS(&fc, &w));
            agreed += nf;
            tb_pbufs_free(&x);
            tb_pdata_free(&p);
        }
    }
    cr_assert_gt(agreed, 0, "no sweep hit anything: nothing was compared");
}

/* ------------------------------------------------------------ 8. bad input */

/* A valid call of entry c on its data, its outputs poisoned, and
 * everything a refused call must leave as it was. */
typedef struct {
    tb_pcall c;
    cb_pair_cursor cursor;
    cb_pair *pairs; /* room for `room` pairs */
    size_t room;
    uint64_t *matrix;
    size_t words;
    float *f[5];
    uint8_t *feat;
    cb_pair_contacts recs;
    cb_pair *cands;
    size_t n;
    tk_out out; /* LISTED */
    tk_soa set_copy, many_copy;
    cb_sweep_soa sweep_copy;
    cb_pair_contacts holes;
    cb_pair_sweep_hits sweep_holes;
    cb_contacts choles;
    void *scratch;
} bad_call;

static void bad_call_reset(bad_call *c, size_t e, const tb_pdata *p, cb_shape sh)
{
    c->c = tb_pcall_of(e, p, sh, 0, 0.5f);
    const cb_entry_info *d = c->c.d;
    cb_args *a = &c->c.a;
    c->cursor = (cb_pair_cursor){0, 0, 0, 0};
    memset(c->pairs, TB_POISON, c->room * sizeof *c->pairs);
    memset(c->matrix, TB_POISON, c->words * sizeof *c->matrix);
    for (int q = 0; q < 5; q++)
        memset(c->f[q], TB_POISON, c->room * sizeof(float));
    memset(c->feat, TB_POISON, c->room);
    c->recs = (cb_pair_contacts){c->pairs, c->f[0], c->f[1], c->f[2], c->f[3], c->f[4], c->feat};
    switch (d->output) {
    case CB_OUTPUT_PAIRS:
        a->cursor = &c->cursor, a->out = c->pairs, a->capacity = c->room, a->scratch = c->scratch;
        break;
    case CB_OUTPUT_PAIR_CONTACTS:
    case CB_OUTPUT_PAIR_FIRST_HITS:
        a->cursor = &c->cursor, a->capacity = c->room, a->scratch = c->scratch;
        a->out = tk_list_out(d, c->pairs, &c->recs, &c->sweep_holes);
        break;
    case CB_OUTPUT_MATRIX:
        a->cursor = &c->cursor, a->out = c->matrix, a->scratch = c->scratch;
        break;
    default:
        tk_out_fill(&c->out, TB_POISON);
        a->candidates = c->cands, a->n_candidates = c->n, a->out = c->out.out;
        break;
    }
    if (d->many == CB_SHAPE_GRID)
        a->scratch = NULL;
}

static int bad_call_untouched(const bad_call *c)
{
    for (size_t b = 0; b < c->room * sizeof *c->pairs; b++)
        if (((const unsigned char *)c->pairs)[b] != TB_POISON)
            return 0;
    for (size_t b = 0; b < c->words * sizeof *c->matrix; b++)
        if (((const unsigned char *)c->matrix)[b] != TB_POISON)
            return 0;
    for (int q = 0; q < 5; q++)
        for (size_t b = 0; b < c->room * sizeof(float); b++)
            if (((const unsigned char *)c->f[q])[b] != TB_POISON)
                return 0;
    for (size_t b = 0; b < c->room; b++)
        if (c->feat[b] != TB_POISON)
            return 0;
    return !c->out.arrays || tk_out_untouched(&c->out, TB_POISON);
}

static const char END_OF_MUTATIONS[] = "end";

/* Mutation k of a valid call (each makes it invalid in one way), or NULL
 * when it does not apply to the entry, or END_OF_MUTATIONS. */
static const char *mutate(int k, bad_call *c, const tb_pdata *p, unsigned char *junk)
{
    static const char *const set_arrays[3] = {"circles->x NULL", "circles->y NULL",
                                              "circles->r NULL"};
    static const char *const many_arrays[3][6] = {
        {"boxes->min_x NULL", "boxes->min_y NULL", "boxes->max_x NULL", "boxes->max_y NULL"},
        {"others->x NULL", "others->y NULL", "others->r NULL"},
        {"boxes->cx NULL", "boxes->cy NULL", "boxes->hx NULL", "boxes->hy NULL", "boxes->c NULL",
         "boxes->s NULL"}};
    static const char *const contact_arrays[7] = {
        "out->index NULL",   "out->normal_x NULL", "out->normal_y NULL", "out->separation NULL",
        "out->point_x NULL", "out->point_y NULL",  "out->feature NULL"};
    static const char *const rec_arrays[7] = {
        "out->pair NULL",    "out->normal_x NULL", "out->normal_y NULL", "out->separation NULL",
        "out->point_x NULL", "out->point_y NULL",  "out->feature NULL"};
    static char msg[96];
    const cb_entry_info *d = c->c.d;
    cb_args *a = &c->c.a;
    int ranged = tb_is_ranged(d), listed = !ranged,
        all = ranged && d->many != CB_SHAPE_GRID && !tb_is_self(d);
    int gridded = d->many == CB_SHAPE_GRID || d->many == CB_SHAPE_GRID_SELF;
    int prepared_set = d->many == CB_SHAPE_GRID_SELF; /* no set argument: the grid's */
    int list = d->output == CB_OUTPUT_PAIRS || tk_has_records(d);
    int sweeps = d->one == CB_SHAPE_SWEEP;
    int contacts = d->query == CB_QUERY_CONTACTS;
    int big = (uint64_t)SIZE_MAX > CB_INDEX_MAX_N;
    size_t n_many = d->many == CB_SHAPE_BOX ? 4 : d->many == CB_SHAPE_OBOX ? 6 : 3;
    int shape_row = d->many == CB_SHAPE_BOX ? 0 : d->many == CB_SHAPE_OBOX ? 2 : 1;
    switch (k) {
    case 0: a->flags |= 4u; return "unknown flag bit 0x4";
    case 1: a->flags |= 0x80000000u; return "unknown flag bit 0x80000000";
    case 2: a->flags = CB_STRICT | CB_TRUST_FENV | 0x100u; return "flags 0x103";
    case 3: if (!big || !listed) return NULL;
        a->n_circles = (size_t)CB_INDEX_MAX_N + 1; return "n_circles CB_INDEX_MAX_N + 1";
    case 4: if (!big || !listed) return NULL;
        a->n = (size_t)CB_INDEX_MAX_N + 1; return "n CB_INDEX_MAX_N + 1";
    case 5: if (!big || !listed) return NULL;
        a->n_candidates = (size_t)CB_INDEX_MAX_N + 1; return "n_candidates CB_INDEX_MAX_N + 1";
    case 6: if (!ranged || prepared_set) return NULL;
        a->n_circles = (size_t)CB_PAIRS_MAX_N + 1; return "n_circles CB_PAIRS_MAX_N + 1";
    case 7: if (!all) return NULL;
        a->n = (size_t)CB_PAIRS_MAX_N + 1; return "n CB_PAIRS_MAX_N + 1";
    case 8: if (prepared_set) return NULL;
        if (sweeps) {
            a->sweeps = NULL;
            return "sweeps NULL";
        }
        a->circles = NULL; return "circles NULL";
    case 9: case 10: case 11: case 41: case 42:
        if (prepared_set)
            return NULL;
        if (sweeps) { /* the sweeps' x, y, r, dx, dy */
            static const char *const sweep_arrays[5] = {"sweeps->x NULL", "sweeps->y NULL",
                                                        "sweeps->r NULL", "sweeps->dx NULL",
                                                        "sweeps->dy NULL"};
            const float **f[5] = {&c->sweep_copy.x, &c->sweep_copy.y, &c->sweep_copy.r,
                                  &c->sweep_copy.dx, &c->sweep_copy.dy};
            int q = k < 12 ? k - 9 : k - 38;
            c->sweep_copy = p->ws, *f[q] = NULL, a->sweeps = &c->sweep_copy;
            return sweep_arrays[q];
        }
        if (k > 11)
            return NULL;
        a->circles = (const cb_circle_soa *)tk_soa_without(cb_entry_info_of(tk_find_entry(
            CB_FORM_BATCH, CB_QUERY_OVERLAP, CB_SHAPE_BOX, CB_SHAPE_CIRCLE, CB_LAYOUT_SOA, CB_OUTPUT_MASK)),
            &p->cs, (size_t)(k - 9), &c->set_copy);
        return set_arrays[k - 9];
    case 12: if (d->many == CB_SHAPE_SELF) return NULL;
        a->many = NULL; return gridded ? "grid NULL" : "many NULL";
    case 13: case 14: case 15: case 16: case 17: case 18: {
        size_t q = (size_t)(k - 13);
        if (!(all || listed) || q >= n_many)
            return NULL;
        a->many = tk_soa_without(cb_entry_info_of(tk_find_entry(CB_FORM_BATCH, CB_QUERY_OVERLAP, CB_SHAPE_CIRCLE,
                                                                d->many, CB_LAYOUT_SOA,
                                                                CB_OUTPUT_MASK)),
                                 tb_els_of(p, d->many), q, &c->many_copy);
        return many_arrays[shape_row][q];
    }
    case 19: if (!ranged) return NULL;
        a->cursor = NULL; return "cursor NULL";
    case 20: if (!ranged) return NULL;
        c->cursor.end = a->n_circles + 1; return "cursor end n_circles + 1";
    case 21: if (!ranged) return NULL;
        c->cursor.end = SIZE_MAX; return "cursor end SIZE_MAX";
    case 22: if (!ranged) return NULL;
        c->cursor.circle = 3, c->cursor.end = 2; return "cursor circle 3 past its end 2";
    case 23: if (!ranged) return NULL;
        c->cursor.circle = a->n_circles + 1; return "cursor circle n_circles + 1 (end 0)";
    case 24: if (!list) return NULL;
        a->out = NULL; return "out NULL with capacity > 0";
    case 25: if (d->output != CB_OUTPUT_MATRIX) return NULL;
        a->out = NULL; return "matrix NULL";
    case 26: case 27: case 28: case 29: case 30: case 31: case 32: {
        int q = k - 26;
        if (tk_has_records(d)) {
            c->holes = c->recs;
            void **f[7] = {(void **)&c->holes.pair,     (void **)&c->holes.normal_x,
                           (void **)&c->holes.normal_y, (void **)&c->holes.separation,
                           (void **)&c->holes.point_x,  (void **)&c->holes.point_y,
                           (void **)&c->holes.feature};
            *f[q] = NULL;
            a->out = tk_list_out(d, c->pairs, &c->holes, &c->sweep_holes);
            return rec_arrays[q];
        }
        if (d->output == CB_OUTPUT_CONTACTS) {
            c->choles = *c->out.contacts;
            void **f[7] = {(void **)&c->choles.index,    (void **)&c->choles.normal_x,
                           (void **)&c->choles.normal_y, (void **)&c->choles.separation,
                           (void **)&c->choles.point_x,  (void **)&c->choles.point_y,
                           (void **)&c->choles.feature};
            *f[q] = NULL;
            a->out = &c->choles;
            return contact_arrays[q];
        }
        return NULL;
    }
    case 33: if (!gridded) return NULL;
        memset(junk, 0, 4096); a->many = junk; return "grid: zeroed memory";
    case 34: if (!gridded) return NULL;
        memset(junk, 0x5A, 4096); a->many = junk; return "grid: memory of 0x5A bytes";
    case 35: if (!listed) return NULL;
        a->candidates = NULL; return "candidates NULL";
    case 36: if (!listed) return NULL;
        c->cands[c->n - 1].i = (uint32_t)a->n_circles; return "a candidate's i == n_circles";
    case 37: if (!listed) return NULL;
        c->cands[0].j = (uint32_t)a->n; return "a candidate's j == n";
    case 38: if (!listed) return NULL;
        c->cands[3].i = UINT32_MAX; return "a candidate's i UINT32_MAX";
    case 39: if (!listed) return NULL;
        a->n_circles = 0; return "candidates naming circles of an empty set";
    case 40: if (!listed) return NULL;
        a->n = 0; return "candidates naming elements of an empty set";
    default:
        break;
    }
    if (k == 43) { /* a grid whose elements do not suit: a set's own is of circles, a sweep
                    * set's boxes or circles */
        if (!gridded || (d->many == CB_SHAPE_GRID && !sweeps))
            return NULL;
        a->many = p->grid[CB_SHAPE_OBOX];
        return "a grid of oriented boxes";
    }
    int q = k - 44;
    if (q < 2 * (int)tb_bad_margin_count) {
        if (!contacts)
            return NULL;
        a->margin = tb_bad_margins[q % tb_bad_margin_count];
        if (q >= (int)tb_bad_margin_count) { /* also with nothing to do */
            if (listed)
                a->n = 0, a->candidates = NULL;
            else
                c->cursor.circle = c->cursor.end = a->n_circles;
        }
        snprintf(msg, sizeof msg, "margin %a (0x%08" PRIx32 ")%s", (double)a->margin,
                 tk_bits(a->margin), q >= (int)tb_bad_margin_count ? ", nothing to do" : "");
        return msg;
    }
    return END_OF_MUTATIONS;
}

/*
 * Through cb_entry_call (the public functions): each way of making a
 * valid call invalid returns CB_INVALID and writes nothing (the pair
 * buffer, records, matrix and candidate outputs stay poisoned, the cursor
 * and the candidates as they were). Then what is valid: counts of 0 with
 * NULL pointers return 0 (also on every runnable backend's raw kernel); an
 * empty range of circles returns 0, writes nothing, and moves the cursor
 * to its end; a count-only call with nothing to count returns 0 and keeps
 * the cursor.
 */
Test(pairs, bad_input)
{
    size_t refused = 0;
    size_t nc = 5, m = 100;
    tb_pdata p;
    tb_pdata_init(&p, nc, m, &tb_placements[0]);
    tk_rng r = tb_rng_for(0x9700000u);
    tb_pair_fill_kind(&p, TB_K_DENSE, &r);
    unsigned char *junk = tb_xmalloc(4096 + 64);
    TK_FOR_ENTRIES(e, TK_PAIRED) {
        const cb_entry_info *d = tb_info(e);
        cb_shape shs[3];
        tb_pair_shapes(d, shs);
        bad_call c;
        memset(&c, 0, sizeof c);
        c.room = nc * m, c.words = nc * ((m + 63) / 64), c.n = 20;
        c.pairs = tb_xmalloc(c.room * sizeof *c.pairs);
        c.matrix = tb_xmalloc(c.words * sizeof *c.matrix);
        for (int q = 0; q < 5; q++)
            c.f[q] = tb_xmalloc(c.room * sizeof(float));
        c.feat = tb_xmalloc(c.room);
        c.cands = tb_xmalloc(c.n * sizeof *c.cands);
        c.scratch = tb_xmalloc(cb_pairs_scratch_size(nc, m));
        if (!tb_is_ranged(d))
            tk_out_malloc(&c.out, d, c.n);
        cb_pair cands[20];
        tb_fill_candidates(cands, c.n, nc, m, &r);
        cands[0].i = 4;  /* the last valid i */
        cands[1].j = 99; /* the last valid j */
        memcpy(c.cands, cands, sizeof cands);

        /* the valid call the mutations start from */
        bad_call_reset(&c, e, &p, shs[0]);
        size_t valid = cb_entry_call(e, &c.c.a);
        bad_call_reset(&c, e, &p, shs[0]);
        size_t want = ref_entry_on(d, &c.c.a, &c.c.els);
        cr_assert_eq(valid, want, "%s: the valid base call returned %zu, the reference %zu",
                     d->name, valid, want);

        for (int k = 0;; k++) {
            bad_call_reset(&c, e, &p, shs[0]);
            memcpy(c.cands, cands, sizeof cands);
            const char *what = mutate(k, &c, &p, junk);
            if (what == END_OF_MUTATIONS)
                break;
            if (!what)
                continue;
            cb_pair_cursor before = c.cursor;
            size_t got = cb_entry_call(e, &c.c.a);
            cr_assert_eq(got, CB_INVALID, "%s with %s: returned %zu, not CB_INVALID", d->name, what,
                         got);
            cr_assert(bad_call_untouched(&c), "%s with %s: refused, but an output was written",
                      d->name, what);
            cr_assert(tb_same_cursor(c.cursor, before) && c.cursor.plan == before.plan,
                      "%s with %s: refused, but the cursor moved from " TB_CUR_FMT " to " TB_CUR_FMT,
                      d->name, what, TB_CUR_ARGS(before), TB_CUR_ARGS(c.cursor));
            refused++;
        }

        /* what is valid: empty sets with NULL pointers */
        static unsigned char empty_grid[4096];
        cr_assert_leq(cb_grid_size(0), sizeof empty_grid, "a grid of nothing needs %zu bytes",
                      cb_grid_size(0));
        static const size_t empties[][3] = {{0, 100, 0}, {5, 0, 0}, {0, 0, 0}, {5, 100, 0}};
        cb_contacts nulls = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
        cb_pair_contacts pnulls = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
        for (size_t q = 0; q < sizeof empties / sizeof empties[0]; q++) {
            size_t enc = empties[q][0], em = empties[q][1], en = empties[q][2];
            if (tb_is_ranged(d) && enc && (em || d->many == CB_SHAPE_GRID || tb_is_self(d)))
                continue; /* not empty for this entry */
            for (int holes = 0; holes < 2; holes++) {
                cb_args a;
                memset(&a, 0, sizeof a);
                a.n_circles = enc, a.n = em, a.n_candidates = en, a.margin = 0.5f;
                a.out = holes ? (d->output == CB_OUTPUT_CONTACTS ? (void *)&nulls
                                 : d->output == CB_OUTPUT_PAIR_CONTACTS ? (void *)&pnulls : NULL)
                              : NULL;
                a.capacity = a.out ? 7 : 0;
                if (d->many == CB_SHAPE_GRID)
                    a.many = p.grid[CB_SHAPE_BOX]; /* a grid, with no circles */
                if (d->many == CB_SHAPE_GRID_SELF) /* a grid of no circles */
                    a.many = cb_grid_circles(empty_grid, NULL, 0);
                cb_pair_cursor cur = {0, 0, 0, 0}, end = {enc, 0, enc, 0};
                a.cursor = tb_is_ranged(d) ? &cur : NULL;
                cr_assert_eq(cb_entry_call(e, &a), 0,
                             "%s: n_circles %zu, n %zu, n_candidates %zu with NULL pointers%s must return 0",
                             d->name, enc, em, en, holes ? " (records of NULLs)" : "");
                if (tb_is_ranged(d) && d->output != CB_OUTPUT_MATRIX && !a.out)
                    end.circle = 0; /* a count only: the cursor stays */
                if (tb_is_ranged(d))
                    cr_assert(tb_same_cursor(cur, end), "%s: empty set: cursor " TB_CUR_FMT,
                              d->name, TB_CUR_ARGS(cur));
                for (int b = 0; b < CB_BACKEND_COUNT; b++) {
                    cb_kernel_fn kf = cb_entry_kernel(e, (cb_backend)b);
                    if (!kf)
                        continue;
                    cur = (cb_pair_cursor){0, 0, 0, 0};
                    cr_assert_eq(kf(&a), 0, "raw %s on %s: n_circles %zu, n %zu, n_candidates %zu, NULLs",
                                 d->name, cb_backend_name((cb_backend)b), enc, em, en);
                }
            }
        }
        if (tb_is_ranged(d)) {
            /* empty ranges: {circle, element, end}, the cursor after (a
             * count keeps it) */
            static const size_t ranges[][3] = {{5, 0, 0}, {2, 7, 2}, {0, 0, 0}, {3, 1, 3}};
            for (size_t q = 0; q < sizeof ranges / sizeof ranges[0]; q++)
                for (int count = 0; count < 1 + (d->output != CB_OUTPUT_MATRIX); count++) {
                    bad_call_reset(&c, e, &p, shs[0]);
                    c.cursor = (cb_pair_cursor){ranges[q][0], ranges[q][1], ranges[q][2], 0};
                    if (ranges[q][0] == 0 && ranges[q][2] == 0) {
                        if (d->many == CB_SHAPE_GRID_SELF)
                            continue; /* its circles are the grid's */
                        c.cursor.end = 0, c.c.a.n_circles = 0; /* no circles at all */
                    }
                    if (count)
                        c.c.a.out = NULL, c.c.a.capacity = 0;
                    cb_pair_cursor from = c.cursor;
                    size_t end = from.end ? from.end : c.c.a.n_circles;
                    cb_pair_cursor want_c = {end, 0, end, 0};
                    if (count)
                        want_c.circle = from.circle, want_c.element = from.element;
                    cr_assert_eq(cb_entry_call(e, &c.c.a), 0,
                                 "%s: empty range " TB_CUR_FMT "%s must return 0", d->name,
                                 TB_CUR_ARGS(from), count ? " (count)" : "");
                    cr_assert(tb_same_cursor(c.cursor, want_c) && bad_call_untouched(&c),
                              "%s: empty range " TB_CUR_FMT "%s: cursor " TB_CUR_FMT " (want "
                              TB_CUR_FMT "), output %s",
                              d->name, TB_CUR_ARGS(from), count ? " (count)" : "",
                              TB_CUR_ARGS(c.cursor), TB_CUR_ARGS(want_c),
                              bad_call_untouched(&c) ? "untouched" : "written");
                }
            /* cb_pairs_range: an empty job at 0 (the zero cursor would be every
             * circle) and at 2 return 0 and stay done; a job [1, 3) is {1, 0, 3} */
            for (size_t at = 0; at <= 2; at += 2) {
                bad_call_reset(&c, e, &p, shs[0]);
                c.cursor = cb_pairs_range(at, at);
                cr_assert_eq(cb_entry_call(e, &c.c.a), 0, "%s: cb_pairs_range(%zu, %zu)", d->name,
                             at, at);
                cb_pair_cursor done = {at, 0, at, 0};
                cr_assert(tb_same_cursor(c.cursor, done) && bad_call_untouched(&c) &&
                              (c.cursor.plan & CB_PAIRS_RANGE_END),
                          "%s: cb_pairs_range(%zu, %zu): cursor " TB_CUR_FMT ", output %s",
                          d->name, at, at, TB_CUR_ARGS(c.cursor),
                          bad_call_untouched(&c) ? "untouched" : "written");
            }
            if (d->output != CB_OUTPUT_MATRIX) {
                cb_args ra = c.c.a, rb;
                cb_pair_cursor j1 = cb_pairs_range(1, 3), j2 = {1, 0, 3, 0};
                bad_call_reset(&c, e, &p, shs[0]);
                ra = c.c.a, ra.cursor = &j1, ra.out = NULL, ra.capacity = 0;
                rb = ra, rb.cursor = &j2;
                cr_assert_eq(cb_entry_call(e, &ra), cb_entry_call(e, &rb),
                             "%s: cb_pairs_range(1, 3) and {1, 0, 3} count alike", d->name);
            }
            if (d->output != CB_OUTPUT_MATRIX) { /* capacity 0 with a buffer writes nothing */
                bad_call_reset(&c, e, &p, shs[0]);
                c.c.a.capacity = 0;
                /* the cursor then names the first pair due, as the reference's */
                cb_pair_cursor kept = {0, 0, 0, 0};
                cb_args ra = c.c.a;
                ra.cursor = &kept;
                cr_assert_eq(ref_entry_on(d, &ra, &c.c.els), 0, "%s: the reference", d->name);
                kept.plan = 0;
                cr_assert_eq(cb_entry_call(e, &c.c.a), 0, "%s: capacity 0", d->name);
                cr_assert(tb_same_cursor(c.cursor, kept) && bad_call_untouched(&c),
                          "%s: capacity 0: cursor " TB_CUR_FMT ", output %s", d->name,
                          TB_CUR_ARGS(c.cursor), bad_call_untouched(&c) ? "untouched" : "written");
            }
        }
        if (!tb_is_ranged(d))
            tk_out_free(&c.out);
        for (int q = 0; q < 5; q++)
            free(c.f[q]);
        free(c.feat), free(c.pairs), free(c.matrix), free(c.cands), free(c.scratch);
    }
    free(junk);
    tb_pdata_free(&p);
    cr_assert_gt(refused, 0);
    cr_log_info("%zu invalid calls refused", refused);
}

/* ---------------------------------------------------- 9. the public path */

ParameterizedTestParameters(pairs, dispatched)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/*
 * After cb_set_backend(b), every entry's public function (argument checks,
 * scratch, float guard, the active backend), reached through
 * cb_entry_call, gives the scalar raw kernel's answers with every flag
 * it accepts, with and without scratch: whole lists and lists cut short
 * and resumed (cursor included), whole matrices and inner ranges,
 * candidates. Then once more with the caller's float environment hostile
 * (flush to zero, denormals are zero, round toward zero; on adversarial
 * and denormal data): the public functions must give the default
 * environment's bits and leave the caller's environment as it was.
 */
ParameterizedTest(int *bp, pairs, dispatched, .timeout = 600)
{
    const char *name = cb_backend_name((cb_backend)*bp), *why = "(no reason given)";
    if (!tb_backend_runnable(*bp, &why))
        cr_skip_test("SKIP backend %s: %s", name, why);
    cr_log_info("backend %s: the public functions against the scalar kernels", name);
    size_t calls = tb_pair_check_dispatched(*bp);
    cr_log_info("backend %s: %zu public calls equal the scalar kernel's", name, calls);
}

/* ------------------------------------------- raw kernels in any float mode */

ParameterizedTestParameters(pairs, raw_float_modes)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/*
 * cbatch.h: the raw kernels run in the caller's float environment, and on
 * one machine every raw kernel still agrees with the others under FTZ/DAZ
 * and any rounding mode (a grid built in the default mode included). Every
 * entry's raw kernel on backend b against the scalar raw kernel, both in
 * the same mode (flush, toward zero, both), on denormal and adversarial
 * data and lists cut short: bit for bit, cursor included; and neither may
 * change the mode.
 */
ParameterizedTest(int *bp, pairs, raw_float_modes, .timeout = 600)
{
    const char *name = cb_backend_name((cb_backend)*bp), *why = "(no reason given)";
    if (!tb_backend_runnable(*bp, &why))
        cr_skip_test("SKIP backend %s: %s", name, why);
    if (!fpctl_has_control())
        cr_skip_test("SKIP backend %s: this target has no float control register to set", name);
    cr_log_info("backend %s (against scalar, both in hostile float modes)", name);
    size_t calls = tb_pair_check_raw_float_modes(*bp, PAIRS_ROUNDS);
    cr_log_info("backend %s: %zu calls in hostile modes equal the scalar kernel's", name, calls);
}

/* ---------------------------------------------------- 9b. level-like scenes */

ParameterizedTestParameters(pairs, levels)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * The scenes real levels have (issue 32; check.h's level kinds: a thin row,
 * everything in one spot, gaussian clusters, a few huge elements among small
 * ones, circles far outside the elements' area, a crowd of any density up
 * to every pair overlapping) at set sizes 0, 1, 2, 64, 300 and against up
 * to 1100 elements, every pair entry against the reference (or scalar):
 * the count, the whole list and its cursor; the list in pieces of a fifth
 * and of half of it, each call's pieces and cursor the reference's; and the
 * range cut into three jobs (cb_pairs_range, one of them empty), joined.
 * The engine's paths all run here: the bounds that skip circles, the cull,
 * the crowded cells made finer, the scan of a crowded circle, the flat
 * levels of a few big elements.
 */
ParameterizedTest(int *sp, pairs, levels, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    static const size_t sizes[][2] = {{0, 0}, {1, 1}, {2, 2}, {64, 64}, {300, 300}, {150, 1100}};
    size_t calls = 0, pieces = 0;
    for (int kind = TB_PAIR_KINDS; kind < TB_ALL_KINDS; kind++)
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            size_t nc = sizes[k][0], m = sizes[k][1];
            const tb_placement *pl = &tb_placements[(k + (size_t)kind) % 2];
            tb_pdata p;
            tb_pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9B00000u + (size_t)kind * 16 + k);
            tb_pair_fill_kind(&p, kind, &r);
            tb_pbufs x;
            tb_pbufs_init(&x, nc, m, 0, 0, 0);
            x.without_scratch = (int)(k % 2);
            tb_pwhere w = {subject, tb_pair_kind_name[kind], pl->name};
            TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_PAIRS)) {
                const cb_entry_info *d = tb_info(e);
                cb_shape shs[3];
                size_t nsh = tb_pair_shapes(d, shs);
                tb_pcall c = tb_pcall_of(e, &p, shs[(k + e) % nsh], (unsigned)(k + e) % 2,
                                         tb_margins[(k + e) % tb_margin_count]);
                size_t N = tb_check_entry(*sp, &c, &x, tb_want_for(*sp), &w);
                calls++;
                if (d->output == CB_OUTPUT_MATRIX || !nc)
                    continue;
                const size_t caps[2] = {N / 5 + 1, N / 2 + 1};
                for (int q = 0; q < 2; q++) {
                    cb_pair_cursor cur = {0, 0, 0, 0};
                    size_t got = 0, ncalls = 0;
                    while (cur.circle < nc && ncalls <= N) {
                        got += tb_check_list(*sp, &c, &x, cur, caps[q], 0, tb_want_for(*sp), &w,
                                             &cur);
                        ncalls++, pieces++;
                    }
                    cr_assert(got == N && ncalls == (N ? (N + caps[q] - 1) / caps[q] : 1),
                              "in pieces of %zu: %zu of %zu pairs in %zu calls: " TB_PW_FMT,
                              caps[q], got, N, ncalls, TB_PW_ARGS(&c, &w));
                }
                /* three jobs, the middle one empty: their counts add up */
                size_t cut = nc / 3, total = 0;
                const size_t from[3] = {0, cut, cut}, to[3] = {cut, cut, nc};
                for (int q = 0; q < 3; q++) {
                    cb_pair_cursor job = cb_pairs_range(from[q], to[q]);
                    total += tb_check_list(*sp, &c, &x, job, x.room, 0, tb_want_for(*sp), &w,
                                           NULL);
                }
                cr_assert_eq(total, N, "three jobs found %zu of %zu pairs: " TB_PW_FMT, total, N,
                             TB_PW_ARGS(&c, &w));
            }
            tb_pbufs_free(&x);
            tb_pdata_free(&p);
        }
    cr_log_info("%s: %zu calls on level-like scenes, %zu pieces", subject, calls, pieces);
}

/* --------------------------------------------------------- 10. large sets */

ParameterizedTestParameters(pairs, large_sets)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * Sets of hundreds to over a thousand circles (crossing any block of
 * circles an implementation may work in, up to 1024 and then some),
 * spread over the plane or crowded, against the reference: whole lists,
 * records and matrices; lists taken in pieces of random capacity, resumed;
 * arbitrary cursors deep in the set; inner ranges of matrix rows; and
 * candidates naming circles anywhere in the set.
 */
ParameterizedTest(int *sp, pairs, large_sets, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    static const size_t shapes[][2] = {{255, 65}, {256, 64}, {257, 129}, {513, 70}, {1100, 130}};
    size_t calls = 0, deep = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (int round = 0; round < 2 * PAIRS_ROUNDS; round++) {
            size_t nc = shapes[k][0], m = shapes[k][1];
            int kind = (int)(k * 2 + (size_t)round) % TB_PAIR_KINDS;
            const tb_placement *pl = &tb_placements[(k + (size_t)round) % 2];
            tb_pdata p;
            tb_pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9A00000u + k * 64 + (size_t)round);
            tb_pair_fill_kind(&p, kind, &r);
            tb_pbufs x;
            tb_pbufs_init(&x, nc, m, 300, 0, 0);
            tb_fill_candidates(tb_cands_of(&x), x.n, nc, m, &r);
            tb_pwhere w = {subject, tb_pair_kind_name[kind], pl->name};
            TK_FOR_ENTRIES(e, TK_PAIRED) {
                const cb_entry_info *d = tb_info(e);
                cb_shape shs[3];
                size_t nsh = tb_pair_shapes(d, shs);
                unsigned f = (unsigned)(k + e + (size_t)round) % 2;
                tb_pcall c = tb_pcall_of(e, &p, shs[(k + (size_t)round) % nsh], f,
                                         tb_margins[(k + e) % tb_margin_count]);
                size_t N = tb_check_entry(*sp, &c, &x, tb_want_for(*sp), &w);
                calls++;
                if (!tb_is_ranged(d))
                    continue;
                if (d->output == CB_OUTPUT_MATRIX) {
                    cb_pair_cursor in = {tb_below(&r, nc), 0, 0, 0};
                    in.end = in.circle + 1 + tb_below(&r, nc - in.circle);
                    tb_check_matrix(*sp, &c, &x, in, tb_want_for(*sp), &w);
                    continue;
                }
                /* pieces of random capacity, resumed from each cursor */
                cb_pair_cursor cur = {0, 0, 0, 0};
                size_t got = 0;
                for (size_t q = 0; q < 64 && cur.circle < nc; q++) {
                    size_t cap = 1 + tb_below(&r, N / 4 + 2);
                    got += tb_check_list(*sp, &c, &x, cur, cap, 0, tb_want_for(*sp), &w, &cur);
                    deep += cur.circle >= 256 && cur.circle < nc;
                }
                if (cur.circle == nc)
                    cr_assert_eq(got, N, "resuming: %zu of %zu pairs: " TB_PW_FMT, got, N,
                                 TB_PW_ARGS(&c, &w));
                /* arbitrary cursors, mostly deep in the set */
                for (int q = 0; q < 8; q++) {
                    cb_pair_cursor start = {tb_below(&r, nc), tb_below(&r, 3) ? 0 : tb_below(&r, c.els.m), 0, 0};
                    tb_check_list(*sp, &c, &x, start, tb_below(&r, 64), q == 0, tb_want_for(*sp),
                                  &w, NULL);
                }
            }
            tb_pbufs_free(&x);
            tb_pdata_free(&p);
        }
    cr_assert_gt(deep, 0, "no list ever stopped past the 256th circle");
    cr_log_info("%s: %zu calls on large sets, %zu stops past circle 256", subject, calls, deep);
}

ParameterizedTestParameters(pairs, big_sets)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/*
 * 2^20 circles against a few elements, a few circles against 2^20
 * elements (where the cull drops most of them; 2^18 under CB_SIZES=sample),
 * and 4096 circles against themselves, sparse: every pair-list entry
 * against the reference (count, the whole list, the cursor), and the list
 * taken in pieces.
 */
ParameterizedTest(int *sp, pairs, big_sets, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    size_t big = (size_t)1 << (tb_sampled() ? 18 : 20);
    const size_t shapes[][2] = {{big, 3}, {3, big}, {4096, 1}};
    size_t calls = 0;
    for (size_t k = 0; k < 3; k++) {
        size_t nc = shapes[k][0], m = shapes[k][1];
        tb_pdata p;
        tb_pdata_init(&p, nc, m, &tb_placements[k % 2]);
        tk_rng r = tb_rng_for(0x9E00000u + k);
        tb_pair_fill_kind(&p, TB_K_RANDOM, &r);
        /* spread the bigger side over a level 64 times wider, so that the
         * pairs stay few */
        tb_corpus *big = nc >= m ? &p.set : &p.els;
        for (size_t q = 0; q < big->n; q++) {
            cb_circle ci = big->circles[q];
            cb_box b = big->boxes[q];
            float dx = (float)tb_below(&r, 64) * 256.0f, dy = (float)tb_below(&r, 64) * 256.0f;
            ci.x += dx, ci.y += dy, b.min_x += dx, b.max_x += dx, b.min_y += dy, b.max_y += dy;
            tb_corpus_set_box(big, q, b);
            tb_corpus_set_circle(big, q, ci);
        }
        tb_pdata_grids(&p);
        tb_pbufs x;
        tb_pbufs_init_room(&x, nc, m, 0, 0, 0, 1u << 16);
        tb_pwhere w = {subject, "random, spread 64 x 64 times", tb_placements[k % 2].name};
        TK_FOR_ENTRIES(e, TK_PAIRED) {
            const cb_entry_info *d = tb_info(e);
            /* the lists (their records are tested elsewhere); self pairs on
             * the third set only (4096 against themselves: the reference
             * takes n^2) */
            if (d->output != CB_OUTPUT_PAIRS || tb_is_self(d) != (k == 2))
                continue;
            cb_shape shs[3];
            size_t nsh = tb_pair_shapes(d, shs);
            tb_pcall c = tb_pcall_of(e, &p, shs[(e + k) % nsh], (unsigned)e % 2, 0.25f);
            size_t N = tb_check_entry(*sp, &c, &x, tb_want_for(*sp), &w);
            cr_assert_lt(N, x.room, "test bug: %zu pairs fill the room", N);
            calls++;
            cb_pair_cursor cur = {0, 0, 0, 0};
            size_t got = 0, cap = N / 3 + 1;
            for (int q = 0; q < 5 && cur.circle < nc; q++)
                got += tb_check_list(*sp, &c, &x, cur, cap, 0, tb_want_for(*sp), &w, &cur);
            cr_assert_eq(got, N, "in pieces of %zu: %zu of %zu pairs: " TB_PW_FMT, cap, got, N,
                         TB_PW_ARGS(&c, &w));
        }
        tb_pbufs_free(&x);
        tb_pdata_free(&p);
    }
    cr_log_info("%s: %zu calls on sets of %zu", subject, calls, big);
}
