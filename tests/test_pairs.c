/* test_pairs.c - the many-against-many entries (cb_pair_entry_*): every backend's raw kernels and the public functions against testkit's reference (testkit/pairs.c) and the one-circle entries; the pair list's order, capacity, cursor and resumption; work split over tiles; candidate pairs; bad input; the public path on every backend. */
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
 * Entries come from the library's second table (cb_pair_entry_count,
 * cb_pair_entry_info_of), never from a list here: a test picks the entries
 * it is about by their descriptors (pairing, output, element shape), so a
 * new many-against-many entry is tested without editing this file. Raw
 * kernels are reached with cb_pair_entry_kernel(e, backend), the public
 * functions with cb_pair_entry_call(e, &args).
 *
 * The reference is testkit's ref_pair_entry (testkit/pairs.c): the
 * documented order and cursor rules written out one pair at a time over
 * reference.c's one-pair functions (ref_overlap, ref_overlap_circles,
 * ref_contact, ref_contact_circles), independent of the library's tiles,
 * register groups, gathers and sinks. LISTED outputs are compared with
 * testkit's output functions through the one-circle entry with the same
 * output format (candidate k stands for element k). The data, the guarded
 * buffers and the checks of one call (tb_check_list, tb_check_matrix,
 * tb_check_listed, tb_check_entry) and the reference, dispatched and
 * raw_float_modes scenarios are tests/check_pairs.c's, shared with the
 * plain checker (tests/plain/cb-check.c).
 *
 * Subjects: each backend's raw kernels (skipped by name, with the
 * library's reason, when this machine cannot run it) and the public
 * functions (subjects.h). Inputs and outputs sit against guard pages
 * (tests/support.c), so a read or write past an array faults; outputs are
 * poisoned first, so a unit written that should not be shows up. Every
 * random stream comes from tb_rng_for: the printed CB_SEED replays a
 * failure, and every message prints it.
 *
 * The tests (pairs::<name>; "each subject" = every backend's raw kernels
 * and the public functions):
 *   entries, tiles, kernel_table   the table's descriptors, cb_pair_tiles,
 *                                  every backend's kernels
 *   reference                      each subject, every entry, against the
 *                                  reference on set sizes 0 .. 17 and element
 *                                  counts 0 .. 200, seven kinds of data
 *   one_circle_calls               lists and matrix rows against the one-circle
 *                                  entries of each circle, and the list order
 *   capacity_and_resumption        capacities 0, 1, N-1, N, N+1, ..., the
 *                                  cursor, resuming with capacities 1 .. 7, 64
 *   work_splitting                 tile ranges cut among jobs, lists and matrices
 *   candidates, candidates_agree   candidate lists of every length 0 .. 70 and
 *                                  more; candidates against lists, matrices and
 *                                  the overlap hits (contacts at margin +-0)
 *   large_sets                     sets of 255 .. 1100 circles
 *   bad_input                      every refused call writes nothing; what is
 *                                  valid with counts of 0 and empty ranges
 *   dispatched                     the public path after cb_set_backend, also in
 *                                  a hostile float environment, against scalar
 *   raw_float_modes                raw kernels against scalar, both under
 *                                  FTZ/DAZ and round toward zero
 *
 * Loop sizes keep the binary well under 20 s natively and reasonable under
 * qemu-aarch64 (some 20 times slower); PAIRS_ROUNDS multiplies the random
 * rounds for a longer run (meson configure -Dc_args=-DPAIRS_ROUNDS=8).
 */
#ifndef PAIRS_ROUNDS
#define PAIRS_ROUNDS 1
#endif

#include "subjects.h"

/* ------------------------------------------------------ tables and tiles */

/* The descriptors are consistent, and complete in the way the tests below
 * rely on: every element shape with all pairs has both outputs, every
 * LISTED entry has a one-circle entry of its format, names are unique and
 * found by cb_pair_entry_find; out-of-range numbers are refused. */
Test(pairs, entries)
{
    size_t ne = cb_pair_entry_count(), lists = 0, listed = 0;
    cr_assert_gt(ne, 0, "the library has no many-against-many entries");
    for (size_t e = 0; e < ne; e++) {
        const cb_pair_entry_info *d = tb_pinfo(e);
        cr_assert(d->name && strncmp(d->name, "cb_", 3) == 0, "entry %zu: name %s", e,
                  d->name ? d->name : "(null)");
        cr_assert_eq(cb_pair_entry_find(d->name), e, "cb_pair_entry_find(%s)", d->name);
        cr_assert(d->many == CB_SHAPE_BOX || d->many == CB_SHAPE_CIRCLE, "%s: elements %d",
                  d->name, (int)d->many);
        for (size_t o = 0; o < e; o++)
            cr_assert_str_neq(d->name, tb_pinfo(o)->name, "two entries are called %s", d->name);
        if (tb_is_all(d)) {
            cr_assert(d->query == CB_QUERY_OVERLAP &&
                          (d->output == CB_OUTPUT_PAIRS || d->output == CB_OUTPUT_MATRIX),
                      "%s: ALL with query %d, output %d", d->name, (int)d->query, (int)d->output);
            cb_output twin = d->output == CB_OUTPUT_PAIRS ? CB_OUTPUT_MATRIX : CB_OUTPUT_PAIRS;
            cr_assert_lt(tb_find_pair_entry(d->query, d->pairing, d->many, twin), ne,
                         "%s has no twin with output %d", d->name, (int)twin);
            lists += d->output == CB_OUTPUT_PAIRS;
        } else {
            cr_assert_eq(d->pairing, CB_PAIRING_LISTED, "%s: pairing %d", d->name, (int)d->pairing);
            cr_assert(d->output == CB_OUTPUT_MASK || d->output == CB_OUTPUT_INDICES ||
                          d->output == CB_OUTPUT_CONTACTS,
                      "%s: LISTED with output %d", d->name, (int)d->output);
            cr_assert_eq(d->query == CB_QUERY_CONTACTS, d->output == CB_OUTPUT_CONTACTS,
                         "%s: query %d with output %d", d->name, (int)d->query, (int)d->output);
            tb_listed_format(d);
            listed++;
        }
    }
    cr_assert_gt(lists, 0, "no pair-list entry");
    cr_assert_gt(listed, 0, "no candidate entry");
    cr_assert_eq(cb_pair_entry_find("cb_no_such_entry"), ne);
    cr_assert_eq(cb_pair_entry_find(NULL), ne);
    cr_assert_null(cb_pair_entry_info_of(ne));
    cr_assert_null(cb_pair_entry_info_of(SIZE_MAX));
    cr_assert_null(cb_pair_entry_kernel(ne, CB_BACKEND_SCALAR));
    cr_assert_null(cb_pair_entry_kernel(0, (cb_backend)CB_BACKEND_COUNT));
    cb_pair_args a;
    memset(&a, 0, sizeof a);
    cr_assert_eq(cb_pair_entry_call(ne, &a), CB_INVALID);
    cr_assert_eq(cb_pair_entry_call(0, NULL), CB_INVALID);
}

/* cb_pair_tiles is (m + 63) / 64 without overflow, and a tile is 64
 * elements, one word of a mask or matrix row (the tests rely on it). */
Test(pairs, tiles)
{
    cr_assert_eq(CB_TILE, 64u);
    static const size_t m[] = {0, 1, 2, 63, 64, 65, 127, 128, 129, 640, 641};
    for (size_t k = 0; k < sizeof m / sizeof m[0]; k++)
        cr_assert_eq(cb_pair_tiles(m[k]), (m[k] + 63) / 64, "cb_pair_tiles(%zu)", m[k]);
    cr_assert_eq(cb_pair_tiles(SIZE_MAX), SIZE_MAX / 64 + 1);
    cr_assert_eq(cb_pair_tiles(SIZE_MAX - 63), SIZE_MAX / 64);
}

static int all_backends[CB_BACKEND_COUNT] = {0, 1, 2, 3, 4, 5};

ParameterizedTestParameters(pairs, kernel_table)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

/* A runnable backend has a kernel for every entry, stable, its own, and
 * (but scalar) not scalar's, so comparing with scalar compares two code
 * paths; a backend that cannot run has none and is skipped by name. */
ParameterizedTest(int *b, pairs, kernel_table)
{
    const char *name = cb_backend_name((cb_backend)*b), *why = "(no reason given)";
    size_t ne = cb_pair_entry_count();
    if (cb_backend_status((cb_backend)*b, &why) != CB_OK) {
        for (size_t e = 0; e < ne; e++)
            cr_assert_null(cb_pair_entry_kernel(e, (cb_backend)*b),
                           "cb_pair_entry_kernel(%s, %s) must be NULL: %s", tb_pinfo(e)->name, name,
                           why);
        cr_skip_test("SKIP backend %s: %s", name, why);
    }
    for (size_t e = 0; e < ne; e++) {
        cb_pair_kernel_fn k = cb_pair_entry_kernel(e, (cb_backend)*b);
        cr_assert_not_null(k, "backend %s has no kernel for %s", name, tb_pinfo(e)->name);
        cr_assert(k == cb_pair_entry_kernel(e, (cb_backend)*b), "%s on %s: not stable",
                  tb_pinfo(e)->name, name);
        for (size_t o = 0; o < e; o++)
            cr_assert(k != cb_pair_entry_kernel(o, (cb_backend)*b), "%s: %s and %s share a kernel",
                      name, tb_pinfo(e)->name, tb_pinfo(o)->name);
        if (*b != CB_BACKEND_SCALAR)
            cr_assert(k != cb_pair_entry_kernel(e, CB_BACKEND_SCALAR), "%s: %s is scalar's", name,
                      tb_pinfo(e)->name);
    }
}

/* ---------------------------------------- 1. every entry against the reference */

ParameterizedTestParameters(pairs, reference)
{
    return cr_make_param_array(int, all_subjects, N_SUBJECTS);
}

/*
 * Every entry on every (set size, element count) above, on seven kinds of
 * data (support's random, adversarial and touching corpora; crowded data;
 * exact touching in integers; crowded data strewn with NaN, inf, -0,
 * denormals, inverted boxes, negative radii; crowded data scaled down until
 * its squares or itself are denormal), both flag values, inputs at
 * the end of a page and misaligned one float after one: bit for bit what
 * the reference says: the whole pair list (count, order, cursor left at
 * the end), the whole matrix, random candidate lists (margins from
 * tb_margins for contacts).
 */
ParameterizedTest(int *sp, pairs, reference, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    size_t calls = tb_pair_check_reference(*sp, PAIRS_ROUNDS, SIZE_MAX);
    cr_log_info("%s: %zu calls against the reference", subject, calls);
}

/* ------------------------------------- 2. the same pairs as one-circle calls */

ParameterizedTestParameters(pairs, one_circle_calls)
{
    return cr_make_param_array(int, all_subjects, N_SUBJECTS);
}

/*
 * cbatch.h: pair (i, j) hits exactly when the one-circle function of
 * circle i reports element j. For every ALL entry, on the same subject:
 * the pair list restricted to circle i is the ascending index list of the
 * one-circle index entry for circle i, and matrix row i is that entry's
 * mask; the list is in the documented order, (tile, circle, element)
 * strictly ascending, read off the pairs themselves.
 */
ParameterizedTest(int *sp, pairs, one_circle_calls, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    static const size_t shapes[][2] = {{1, 1},  {3, 63},   {4, 64},  {5, 65},
                                       {9, 130}, {6, 257}, {17, 1000}};
    size_t ne = cb_pair_entry_count(), checked = 0;
    for (size_t e = 0; e < ne; e++) {
        const cb_pair_entry_info *d = tb_pinfo(e);
        if (!tb_is_all(d))
            continue;
        cb_output one_out = d->output == CB_OUTPUT_PAIRS ? CB_OUTPUT_INDICES : CB_OUTPUT_MASK;
        size_t oe =
            tk_find_entry(CB_QUERY_OVERLAP, CB_SHAPE_CIRCLE, d->many, CB_LAYOUT_SOA, one_out);
        cr_assert_lt(oe, cb_entry_count(), "%s: no one-circle entry with output %d", d->name,
                     (int)one_out);
        const cb_entry_info *od = cb_entry_info_of(oe);
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
            for (int rd = 0; rd < PAIRS_ROUNDS * 2; rd++) {
                size_t nc = shapes[k][0], m = shapes[k][1], tiles = cb_pair_tiles(m);
                int kind = (int)(k + (size_t)rd * 3) % TB_PAIR_KINDS;
                unsigned f = (unsigned)(k + (size_t)rd) % 2;
                tb_pdata p;
                tb_pdata_init(&p, nc, m, &tb_placements[rd % 2]);
                tk_rng r = tb_rng_for(0x9200000u + k * 64 + (size_t)rd);
                tb_pair_fill_kind(&p, kind, &r);
                tb_pwhere w = {subject, tb_pair_kind_name[kind], tb_placements[rd % 2].name};
                cb_pair_args a = tb_args_of(d, &p, f);
                tb_tail one = tb_tail_new(tk_out_bytes(od, m));
                void *oout = tb_tail_at(&one, tk_out_bytes(od, m));
                if (d->output == CB_OUTPUT_PAIRS) {
                    cb_pair *list = tb_xmalloc(nc * m * sizeof *list);
                    cb_pair_cursor cur = {0, 0, 0};
                    a.cursor = &cur, a.out = list, a.capacity = nc * m;
                    size_t n = tb_prun(*sp, e, &a);
                    cr_assert_leq(n, nc * m, "%zu pairs of %zu: " TB_PW_FMT, n, nc * m,
                                  TB_PW_ARGS(d, &w, &a));
                    for (size_t q = 1; q < n; q++) {
                        cb_pair u = list[q - 1], v = list[q];
                        int up = u.j / CB_TILE != v.j / CB_TILE ? u.j / CB_TILE < v.j / CB_TILE
                                 : u.i != v.i                   ? u.i < v.i
                                                                : u.j < v.j;
                        cr_assert(up,
                                  "pairs %zu (%" PRIu32 ", %" PRIu32 ") and %zu (%" PRIu32
                                  ", %" PRIu32
                                  ") are not in (tile, circle, element) order: " TB_PW_FMT,
                                  q - 1, u.i, u.j, q, v.i, v.j, TB_PW_ARGS(d, &w, &a));
                    }
                    size_t at = 0;
                    for (size_t i = 0; i < nc; i++) {
                        cb_args oa;
                        memset(&oa, 0, sizeof oa);
                        oa.circle = p.set.circles[i], oa.many = tb_many_of(d, &p), oa.n = m;
                        oa.out = oout, oa.flags = f;
                        size_t c = run(*sp, oe, &oa);
                        const uint32_t *idx = oout;
                        size_t q = 0;
                        for (size_t z = 0; z < n; z++) {
                            if (list[z].i != i)
                                continue;
                            cr_assert_lt(q, c,
                                         "circle %zu: pair %zu of its list (element %" PRIu32
                                         "), but %s reports only %zu hits: " TB_PW_FMT,
                                         i, q, list[z].j, od->name, c, TB_PW_ARGS(d, &w, &a));
                            cr_assert_eq(list[z].j, idx[q],
                                         "circle %zu: pair %zu of its list is element %" PRIu32
                                         ", hit %zu of %s is element %" PRIu32 ": " TB_PW_FMT,
                                         i, q, list[z].j, q, od->name, idx[q],
                                         TB_PW_ARGS(d, &w, &a));
                            q++;
                        }
                        cr_assert_eq(q, c, "circle %zu: %zu pairs, %s reports %zu hits: " TB_PW_FMT,
                                     i, q, od->name, c, TB_PW_ARGS(d, &w, &a));
                        at += c;
                    }
                    cr_assert_eq(at, n,
                                 "the rows' hits add up to %zu, the list has %zu: " TB_PW_FMT, at,
                                 n, TB_PW_ARGS(d, &w, &a));
                    free(list);
                } else {
                    uint64_t *mat = tb_xmalloc(nc * tiles * sizeof *mat);
                    a.out = mat;
                    size_t n = tb_prun(*sp, e, &a), sum = 0;
                    for (size_t i = 0; i < nc; i++) {
                        cb_args oa;
                        memset(&oa, 0, sizeof oa);
                        oa.circle = p.set.circles[i], oa.many = tb_many_of(d, &p), oa.n = m;
                        oa.out = oout, oa.flags = f;
                        sum += run(*sp, oe, &oa);
                        const uint64_t *mask = oout;
                        for (size_t t = 0; t < tiles; t++)
                            cr_assert_eq(mat[i * tiles + t], mask[t],
                                         "row %zu, word %zu: 0x%016" PRIx64 ", %s 0x%016" PRIx64
                                         ": " TB_PW_FMT,
                                         i, t, mat[i * tiles + t], od->name, mask[t],
                                         TB_PW_ARGS(d, &w, &a));
                    }
                    cr_assert_eq(n, sum, "returned %zu, the rows hold %zu hits: " TB_PW_FMT, n, sum,
                                 TB_PW_ARGS(d, &w, &a));
                    free(mat);
                }
                tb_tail_free(&one);
                tb_pdata_free(&p);
                checked++;
            }
    }
    cr_assert_gt(checked, 0, "no ALL entry");
}

/* ------------------------------------------- 3. capacity and resumption */

ParameterizedTestParameters(pairs, capacity_and_resumption)
{
    return cr_make_param_array(int, all_subjects, N_SUBJECTS);
}

/* Data sets with a fair number of pairs over several tiles, and the kinds. */
static const size_t cap_shapes[][2] = {{1, 64}, {4, 1}, {3, 129}, {5, 200}, {9, 70}, {17, 130}};
static const int cap_kinds[] = {TB_K_DENSE, TB_K_EXACT, TB_K_ADVERSARIAL, TB_K_MIXED};

/*
 * The whole list L (N pairs) of every pair-list entry, taken in pieces:
 *  - one call from {0, 0, 0} with capacity 0 (also with a NULL buffer), 1,
 *    2, N - 1, N, N + 1, N / 2, 63, 64, 65: returns N every time, writes
 *    exactly the first min(capacity, N) pairs of L and nothing past them
 *    (the room ends at a guard page and the unused part stays poisoned),
 *    and leaves the cursor where the reference does, which is, read off L
 *    itself: {end, 0, 0} when all fit, else the first unwritten pair's
 *    tile and circle, skip = that circle's pairs in that tile already
 *    written;
 *  - resumption with capacity c = 1 .. 5, 7 and 64 until the return is <=
 *    c: every return is the number of pairs left from the cursor, the
 *    pieces joined are L, in ceil(N / c) calls, the last cursor {end, 0, 0};
 *  - arbitrary valid cursors (any tile up to the end, any circle, skip 0 ..
 *    64), tile ends and capacities against the reference.
 */
ParameterizedTest(int *sp, pairs, capacity_and_resumption, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    size_t ne = cb_pair_entry_count(), lists = 0, stops = 0;
    for (size_t e = 0; e < ne; e++) {
        const cb_pair_entry_info *d = tb_pinfo(e);
        if (d->output != CB_OUTPUT_PAIRS)
            continue;
        lists++;
        for (size_t k = 0; k < sizeof cap_shapes / sizeof cap_shapes[0]; k++)
            for (size_t ki = 0; ki < sizeof cap_kinds / sizeof cap_kinds[0]; ki++) {
                size_t nc = cap_shapes[k][0], m = cap_shapes[k][1], tiles = cb_pair_tiles(m);
                int kind = cap_kinds[ki];
                unsigned f = (unsigned)(k + ki) % 2;
                const tb_placement *pl = &tb_placements[(k + ki) % 2];
                tb_pdata p;
                tb_pdata_init(&p, nc, m, pl);
                tk_rng r = tb_rng_for(0x9300000u + k * 16 + ki);
                tb_pair_fill_kind(&p, kind, &r);
                tb_pwhere w = {subject, tb_pair_kind_name[kind], pl->name};
                cb_pair_args a = tb_args_of(d, &p, f);
                cb_pair *L = tb_xmalloc(nc * m * sizeof *L),
                        *ref = tb_xmalloc(nc * m * sizeof *ref);
                cb_pair_cursor cur = {0, 0, 0};
                a.cursor = &cur, a.out = L, a.capacity = nc * m;
                size_t N = ref_pair_entry(d, &a);
                tb_tail room = tb_tail_new((N + 66) * sizeof(cb_pair));

                /* one call, each capacity */
                size_t caps[] = {0, 1, 2, N ? N - 1 : 0, N, N + 1, N / 2, 63, 64, 65};
                for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
                    cb_pair_cursor start = {0, 0, 0}, after;
                    a.capacity = caps[c];
                    cb_pair *out = tb_tail_at(&room, caps[c] * sizeof(cb_pair));
                    cr_assert_eq(
                        tb_check_list(*sp, e, d, a, start, out, ref, TB_WANT_REF, &w, &after), N);
                    size_t k2 = caps[c] < N ? caps[c] : N;
                    for (size_t q = 0; q < k2; q++)
                        cr_assert(
                            out[q].i == L[q].i && out[q].j == L[q].j,
                            "capacity %zu: pair %zu differs from the one-call list: " TB_PW_FMT,
                            caps[c], q, TB_PW_ARGS(d, &w, &a));
                    cb_pair_cursor want = {tiles, 0, 0};
                    if (caps[c] < N) {
                        cb_pair u = L[caps[c]];
                        want.tile = u.j / CB_TILE, want.circle = u.i, want.skip = 0;
                        for (size_t q = 0; q < caps[c]; q++)
                            want.skip += L[q].i == u.i && L[q].j / CB_TILE == u.j / CB_TILE;
                        stops++;
                    }
                    cr_assert(
                        tb_same_cursor(after, want),
                        "capacity %zu of %zu pairs: cursor " TB_CUR_FMT ", the first unwritten "
                        "pair says " TB_CUR_FMT ": " TB_PW_FMT,
                        caps[c], N, TB_CUR_ARGS(after), TB_CUR_ARGS(want), TB_PW_ARGS(d, &w, &a));
                    if (caps[c] == 0) { /* capacity 0 needs no buffer */
                        cb_pair_cursor c0 = {0, 0, 0};
                        cb_pair_args z = a;
                        z.cursor = &c0, z.out = NULL;
                        cr_assert_eq(tb_prun(*sp, e, &z), N, "capacity 0, NULL pairs: " TB_PW_FMT,
                                     TB_PW_ARGS(d, &w, &a));
                        cr_assert(tb_same_cursor(c0, want),
                                  "capacity 0, NULL pairs: cursor " TB_CUR_FMT ": " TB_PW_FMT,
                                  TB_CUR_ARGS(c0), TB_PW_ARGS(d, &w, &a));
                    }
                }

                /* resumption with a small buffer */
                static const size_t steps[] = {1, 2, 3, 4, 5, 7, 64};
                for (size_t si = 0; si < sizeof steps / sizeof steps[0]; si++) {
                    size_t c = steps[si], got = 0, ncalls = 0;
                    cb_pair_cursor cursor = {0, 0, 0};
                    a.capacity = c;
                    cb_pair *out = tb_tail_at(&room, c * sizeof(cb_pair));
                    for (;;) {
                        cb_pair_cursor start = cursor;
                        size_t left;
                        if (ncalls < 8) { /* the first calls cursor by cursor against the
                                           * reference; then just the joined list */
                            left = tb_check_list(*sp, e, d, a, start, out, ref, TB_WANT_REF, &w,
                                                 &cursor);
                        } else {
                            cb_pair_args b = a;
                            b.cursor = &cursor, b.out = out;
                            left = tb_prun(*sp, e, &b);
                        }
                        ncalls++;
                        cr_assert_eq(
                            left, N - got,
                            "call %zu with capacity %zu: returned %zu, %zu pairs were left "
                            "(cursor " TB_CUR_FMT "): " TB_PW_FMT,
                            ncalls, c, left, N - got, TB_CUR_ARGS(start), TB_PW_ARGS(d, &w, &a));
                        size_t k2 = left < c ? left : c;
                        for (size_t q = 0; q < k2; q++)
                            cr_assert(out[q].i == L[got + q].i && out[q].j == L[got + q].j,
                                      "resuming with capacity %zu: pair %zu is (%" PRIu32
                                      ", %" PRIu32 "), the one-call list has (%" PRIu32 ", %" PRIu32
                                      "): " TB_PW_FMT,
                                      c, got + q, out[q].i, out[q].j, L[got + q].i, L[got + q].j,
                                      TB_PW_ARGS(d, &w, &a));
                        got += k2;
                        if (left <= c)
                            break;
                        cr_assert_leq(ncalls, N, "capacity %zu: no progress: " TB_PW_FMT, c,
                                      TB_PW_ARGS(d, &w, &a));
                    }
                    cb_pair_cursor end = {tiles, 0, 0};
                    cr_assert(got == N && tb_same_cursor(cursor, end),
                              "capacity %zu: %zu of %zu pairs collected, cursor " TB_CUR_FMT
                              ": " TB_PW_FMT,
                              c, got, N, TB_CUR_ARGS(cursor), TB_PW_ARGS(d, &w, &a));
                    size_t want_calls = N ? (N + c - 1) / c : 1;
                    cr_assert_eq(ncalls, want_calls,
                                 "capacity %zu, %zu pairs: %zu calls: " TB_PW_FMT, c, N, ncalls,
                                 TB_PW_ARGS(d, &w, &a));
                }

                /* arbitrary cursors, tile ends and capacities */
                for (int q = 0; q < 40 * PAIRS_ROUNDS; q++) {
                    uint64_t bits = tk_next(&r);
                    cb_pair_cursor start;
                    start.tile = tb_below(&r, tiles + 1), start.circle = tb_below(&r, nc);
                    start.skip = bits % 4 ? tb_below(&r, 4) : tb_below(&r, CB_TILE + 1);
                    a.tile_end = (bits >> 2) % 3 == 0   ? SIZE_MAX
                                 : (bits >> 2) % 3 == 1 ? tb_below(&r, tiles + 2)
                                                        : tiles;
                    a.capacity = tb_below(&r, N + 3);
                    tb_check_list(*sp, e, d, a, start,
                                  tb_tail_at(&room, a.capacity * sizeof(cb_pair)), ref, TB_WANT_REF,
                                  &w, NULL);
                }
                a.tile_end = SIZE_MAX;
                tb_tail_free(&room);
                free(L), free(ref);
                tb_pdata_free(&p);
            }
    }
    cr_assert_gt(lists, 0, "no pair-list entry");
    cr_assert_gt(stops, 0, "no call ever ran out of room: the cursor was never tested");
}

/* ------------------------------------------------------ 4. work splitting */

ParameterizedTestParameters(pairs, work_splitting)
{
    return cr_make_param_array(int, all_subjects, N_SUBJECTS);
}

/* Cut points 0 = cut[0] <= ... <= cut[np] = tiles of a random cut into np
 * pieces (repeated points are empty pieces), or (single) every tile alone. */
static size_t make_cuts(size_t *cut, size_t tiles, int single, tk_rng *r)
{
    if (single) {
        for (size_t t = 0; t <= tiles; t++)
            cut[t] = t;
        cut[1] = tiles ? 1 : 0; /* no tiles: one empty piece */
        return tiles ? tiles : 1;
    }
    size_t np = 1 + tb_below(r, tiles + 3);
    cut[0] = 0, cut[np] = tiles;
    for (size_t k = 1; k < np; k++)
        cut[k] = tb_below(r, tiles + 1);
    for (size_t k = 1; k < np; k++) /* sort the inner points */
        for (size_t q = k; q > 1 && cut[q - 1] > cut[q]; q--) {
            size_t t = cut[q];
            cut[q] = cut[q - 1], cut[q - 1] = t;
        }
    return np;
}

/*
 * Tiles cut among jobs: for random cuts of [0, tiles) (empty pieces
 * included; the last piece's end given as tiles, SIZE_MAX or past the end)
 * and the cut into single tiles, pieces run in a random order:
 *  - pair lists, each piece from {begin, 0, 0} with a random capacity
 *    (resuming until done): every piece returns its own count, ends with
 *    the cursor at {its end, 0, 0}, and the pieces joined in range order
 *    are the one-call list;
 *  - matrices: each piece writes exactly its tiles' words of every row (the
 *    rest stays poisoned) and returns their bits; all pieces together are
 *    the one-call matrix.
 */
ParameterizedTest(int *sp, pairs, work_splitting, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    static const size_t sets[] = {1, 4, 6, 17};
    static const size_t ms[] = {0, 1, 64, 65, 300, 641};
    size_t ne = cb_pair_entry_count(), pieces = 0;
    for (size_t si = 0; si < sizeof sets / sizeof sets[0]; si++)
        for (size_t mi = 0; mi < sizeof ms / sizeof ms[0]; mi++) {
            size_t nc = sets[si], m = ms[mi], tiles = cb_pair_tiles(m);
            static const int kinds[] = {TB_K_DENSE, TB_K_EXACT, TB_K_MIXED};
            int kind = kinds[(si + mi) % 3];
            const tb_placement *pl = &tb_placements[(si + mi) % 2];
            tb_pdata p;
            tb_pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9400000u + si * 16 + mi);
            tb_pair_fill_kind(&p, kind, &r);
            tb_pwhere w = {subject, tb_pair_kind_name[kind], pl->name};
            cb_pair *L = tb_xmalloc(nc * m * sizeof *L), *joined = tb_xmalloc(nc * m * sizeof *L);
            uint64_t *M = tb_xmalloc(nc * tiles * sizeof *M);
            size_t *cut = tb_xmalloc((tiles + 4) * sizeof *cut),
                   *order = tb_xmalloc((tiles + 3) * sizeof *order);
            size_t *at = tb_xmalloc((tiles + 4) * sizeof *at);
            unsigned char *covered = tb_xmalloc(tiles + 1);
            tb_tail room = tb_tail_new(16 * sizeof(cb_pair)),
                    mroom = tb_tail_new(nc * tiles * sizeof *M);
            uint64_t *mat = tb_tail_at(&mroom, nc * tiles * sizeof *M);
            for (size_t e = 0; e < ne; e++) {
                const cb_pair_entry_info *d = tb_pinfo(e);
                if (!tb_is_all(d))
                    continue;
                unsigned f = (unsigned)(si + mi + e) % 2;
                cb_pair_args a = tb_args_of(d, &p, f);
                cb_pair_cursor c0 = {0, 0, 0};
                a.cursor = &c0, a.capacity = nc * m,
                a.out = d->output == CB_OUTPUT_PAIRS ? (void *)L : (void *)M;
                size_t N = ref_pair_entry(d, &a);
                for (int round = 0; round <= 6 * PAIRS_ROUNDS; round++) {
                    size_t np = make_cuts(cut, tiles, round == 0, &r);
                    size_t last_end = tb_below(&r, 3), past = tiles + 1 + tb_below(&r, 5);
                    last_end = last_end == 0 ? tiles : last_end == 1 ? SIZE_MAX : past;
                    for (size_t q = 0; q < np; q++)
                        order[q] = q;
                    for (size_t q = np; q > 1; q--) { /* shuffle: jobs finish in any order */
                        size_t z = tb_below(&r, q), t = order[q - 1];
                        order[q - 1] = order[z], order[z] = t;
                    }
                    /* where each piece's pairs go in the joined list: the
                     * reference's count of every piece */
                    at[0] = 0;
                    for (size_t q = 0; q < np; q++) {
                        cb_pair_args c = a;
                        cb_pair_cursor cc = {cut[q], 0, 0};
                        c.cursor = &cc, c.out = NULL, c.capacity = 0;
                        c.tile_end = q + 1 == np ? last_end : cut[q + 1];
                        at[q + 1] =
                            at[q] + (d->output == CB_OUTPUT_PAIRS ? ref_pair_entry(d, &c) : 0);
                    }
                    if (d->output == CB_OUTPUT_PAIRS)
                        cr_assert_eq(at[np], N, "test bug: the pieces hold %zu pairs of %zu",
                                     at[np], N);
                    memset(covered, 0, tiles + 1);
                    memset(mat, TB_POISON, nc * tiles * sizeof *mat);
                    size_t bits = 0;
                    for (size_t oq = 0; oq < np; oq++) {
                        size_t q = order[oq], b = cut[q];
                        size_t end = q + 1 == np ? last_end : cut[q + 1];
                        size_t clipped = end < tiles ? end : tiles;
                        cb_pair_args c = a;
                        c.tile_end = end;
                        pieces++;
                        if (d->output == CB_OUTPUT_MATRIX) {
                            c.tile_begin = b, c.out = mat;
                            size_t got = tb_prun(*sp, e, &c), want = 0;
                            for (size_t t = b; t < clipped; t++) {
                                covered[t] = 1;
                                for (size_t i = 0; i < nc; i++)
                                    for (uint64_t x = M[i * tiles + t]; x; x &= x - 1)
                                        want++;
                            }
                            cr_assert_eq(got, want,
                                         "tiles %zu .. %zu: returned %zu, %zu bits: " TB_PW_FMT, b,
                                         end, got, want, TB_PW_ARGS(d, &w, &c));
                            bits += got;
                            uint64_t poison;
                            memset(&poison, TB_POISON, sizeof poison);
                            for (size_t i = 0; i < nc; i++)
                                for (size_t t = 0; t < tiles; t++)
                                    cr_assert_eq(
                                        mat[i * tiles + t], covered[t] ? M[i * tiles + t] : poison,
                                        "after tiles %zu .. %zu (piece %zu of %zu, the %zu-th "
                                        "run): row %zu, tile %zu is 0x%016" PRIx64 ", want "
                                        "0x%016" PRIx64 " (%s): " TB_PW_FMT,
                                        b, end, q, np, oq, i, t, mat[i * tiles + t],
                                        covered[t] ? M[i * tiles + t] : poison,
                                        covered[t] ? "written" : "not yet written",
                                        TB_PW_ARGS(d, &w, &c));
                            continue;
                        }
                        /* a pair list, resumed with a random capacity */
                        size_t cap = tb_below(&r, 3) ? 1 + tb_below(&r, 16) : 16, got = 0,
                               calls = 0;
                        cb_pair_cursor cc = {b, 0, 0};
                        c.cursor = &cc, c.capacity = cap;
                        c.out = tb_tail_at(&room, cap * sizeof(cb_pair));
                        size_t want = at[q + 1] - at[q];
                        for (;;) {
                            size_t left = tb_prun(*sp, e, &c);
                            calls++;
                            cr_assert_eq(left, want - got,
                                         "tiles %zu .. %zu, call %zu, capacity %zu: returned %zu, "
                                         "%zu pairs were left: " TB_PW_FMT,
                                         b, end, calls, cap, left, want - got,
                                         TB_PW_ARGS(d, &w, &c));
                            size_t k = left < cap ? left : cap;
                            memcpy(joined + at[q] + got, c.out, k * sizeof(cb_pair));
                            got += k;
                            if (left <= cap)
                                break;
                        }
                        cb_pair_cursor endc = {clipped, 0, 0};
                        cr_assert(tb_same_cursor(cc, endc),
                                  "tiles %zu .. %zu: cursor " TB_CUR_FMT
                                  " after the last call: " TB_PW_FMT,
                                  b, end, TB_CUR_ARGS(cc), TB_PW_ARGS(d, &w, &c));
                    }
                    if (d->output == CB_OUTPUT_MATRIX) {
                        cr_assert_eq(bits, N, "the pieces set %zu bits, one call %zu: " TB_PW_FMT,
                                     bits, N, TB_PW_ARGS(d, &w, &a));
                        cr_assert(!nc || !tiles || !memcmp(mat, M, nc * tiles * sizeof *M),
                                  "the pieces' matrix differs from one call's: " TB_PW_FMT,
                                  TB_PW_ARGS(d, &w, &a));
                        continue;
                    }
                    for (size_t q = 0; q < N; q++)
                        cr_assert(joined[q].i == L[q].i && joined[q].j == L[q].j,
                                  "cut into %zu pieces: joined pair %zu is (%" PRIu32 ", %" PRIu32
                                  "), one call gives (%" PRIu32 ", %" PRIu32 "): " TB_PW_FMT,
                                  np, q, joined[q].i, joined[q].j, L[q].i, L[q].j,
                                  TB_PW_ARGS(d, &w, &a));
                }
            }
            tb_tail_free(&room), tb_tail_free(&mroom);
            free(L), free(joined), free(M), free(cut), free(order), free(at), free(covered);
            tb_pdata_free(&p);
        }
    cr_assert_gt(pieces, 0);
}

/* ----------------------------------------------------------- 5. candidates */

ParameterizedTestParameters(pairs, candidates)
{
    return cr_make_param_array(int, all_subjects, N_SUBJECTS);
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
    size_t ne = cb_pair_entry_count(), calls = 0, hits = 0;
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
            for (size_t e = 0; e < ne; e++) {
                const cb_pair_entry_info *d = tb_pinfo(e);
                if (tb_is_all(d))
                    continue;
                for (unsigned f = 0; f <= CB_STRICT; f++) {
                    cb_pair_args a = tb_args_of(d, &p, f);
                    a.margin = tb_margins[(k + f + e) % tb_margin_count];
                    hits += tb_check_entry(*sp, e, d, a, &x, TB_WANT_REF, &w);
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
    return cr_make_param_array(int, all_subjects, N_SUBJECTS);
}

/*
 * Promises that tie the entries together, on one subject:
 *  - the all-pairs list as candidates: every candidate hits (mask all ones
 *    for the N candidates, indices 0 .. N-1, contacts at margin 0 all of
 *    them, at index k), so candidates and tiles answer the same pairs;
 *  - every pair in row-major order as candidates: mask bit i * m + j is the
 *    matrix's bit (i, j);
 *  - contacts at margin 0 and -0.0 report exactly the candidates the index
 *    entry reports, on every kind of data (adversarial included), both
 *    flags, with records that the reference confirms.
 */
ParameterizedTest(int *sp, pairs, candidates_agree, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    size_t ne = cb_pair_entry_count(), agreed = 0;
    static const cb_shape shapes[] = {CB_SHAPE_BOX, CB_SHAPE_CIRCLE};
    for (size_t si = 0; si < 2; si++) {
        cb_shape sh = shapes[si];
        size_t le = tb_find_pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_ALL, sh, CB_OUTPUT_PAIRS);
        size_t me = tb_find_pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_ALL, sh, CB_OUTPUT_MATRIX);
        size_t ie = tb_find_pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_LISTED, sh, CB_OUTPUT_INDICES);
        size_t ke = tb_find_pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_LISTED, sh, CB_OUTPUT_MASK);
        size_t ce =
            tb_find_pair_entry(CB_QUERY_CONTACTS, CB_PAIRING_LISTED, sh, CB_OUTPUT_CONTACTS);
        if (le == ne || me == ne || ie == ne || ke == ne || ce == ne) {
            cr_log_info("elements %d: not every kind of entry exists; skipped", (int)sh);
            continue;
        }
        for (int kind = 0; kind < TB_PAIR_KINDS; kind++) {
            size_t nc = 9, m = 200, tiles = cb_pair_tiles(m);
            const tb_placement *pl = &tb_placements[kind % 2];
            tb_pdata p;
            tb_pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9600000u + si * 16 + (size_t)kind);
            tb_pair_fill_kind(&p, kind, &r);
            tb_pwhere w = {subject, tb_pair_kind_name[kind], pl->name};
            unsigned f = (unsigned)kind % 2;
            /* the all-pairs list and matrix, by the subject */
            cb_pair *L = tb_xmalloc(nc * m * sizeof *L);
            uint64_t *M = tb_xmalloc(nc * tiles * sizeof *M);
            cb_pair_cursor cur = {0, 0, 0};
            cb_pair_args a = tb_args_of(tb_pinfo(le), &p, f);
            a.cursor = &cur, a.out = L, a.capacity = nc * m;
            size_t N = tb_prun(*sp, le, &a);
            a = tb_args_of(tb_pinfo(me), &p, f);
            a.out = M;
            cr_assert_eq(tb_prun(*sp, me, &a), N, "%s and %s disagree on the count: " TB_PW_FMT,
                         tb_pinfo(le)->name, tb_pinfo(me)->name, TB_PW_ARGS(tb_pinfo(me), &w, &a));

            /* the list as candidates: all hit */
            tb_pbufs x;
            tb_pbufs_init(&x, nc, m, N, 0, 0);
            memcpy(tb_cands_of(&x), L, N * sizeof *L);
            size_t listed[] = {ke, ie, ce};
            for (size_t q = 0; q < 3; q++) {
                const cb_pair_entry_info *d = tb_pinfo(listed[q]);
                cb_pair_args c = tb_args_of(d, &p, f);
                c.margin = 0.0f;
                size_t got = tb_check_entry(*sp, listed[q], d, c, &x, TB_WANT_REF, &w);
                cr_assert_eq(got, N, "the %zu all-pairs hits as candidates: %zu hit: " TB_PW_FMT, N,
                             got, TB_PW_ARGS(d, &w, &c));
                const tk_out *o = &x.sub[listed[q]];
                for (size_t k = 0; k < N; k++) {
                    int hit = d->output == CB_OUTPUT_MASK
                                  ? (int)(((const uint64_t *)o->out)[k / 64] >> (k % 64) & 1)
                              : d->output == CB_OUTPUT_INDICES ? ((const uint32_t *)o->out)[k] == k
                                                               : o->contacts->index[k] == k;
                    cr_assert(hit, "candidate %zu of the all-pairs list does not hit: " TB_PW_FMT,
                              k, TB_PW_ARGS(d, &w, &c));
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
                const cb_pair_entry_info *d = tb_pinfo(ke);
                cb_pair_args c = tb_args_of(d, &p, f);
                size_t got = tb_check_entry(*sp, ke, d, c, &x, TB_WANT_REF, &w);
                cr_assert_eq(got, N,
                             "every pair as candidates: %zu hits, all pairs %zu: " TB_PW_FMT, got,
                             N, TB_PW_ARGS(d, &w, &c));
                const uint64_t *mask = x.sub[ke].out;
                for (size_t i = 0; i < nc; i++)
                    for (size_t j = 0; j < m; j++) {
                        size_t k = i * m + j;
                        int mk = (int)(mask[k / 64] >> (k % 64) & 1);
                        int mm = (int)(M[i * tiles + j / 64] >> (j % 64) & 1);
                        cr_assert_eq(mk, mm,
                                     "pair (%zu, %zu): candidate mask %d, matrix %d: " TB_PW_FMT, i,
                                     j, mk, mm, TB_PW_ARGS(d, &w, &c));
                    }
            }
            tb_pbufs_free(&x);

            /* contacts at margin +-0 select the overlap hits */
            size_t n = 1 + tb_below(&r, 300);
            tb_pbufs_init(&x, nc, m, n, 0, 0);
            for (int rd = 0; rd < 2 * PAIRS_ROUNDS; rd++) {
                tb_fill_candidates(tb_cands_of(&x), n, nc, m, &r);
                for (unsigned g = 0; g <= CB_STRICT; g++) {
                    const cb_pair_entry_info *dc = tb_pinfo(ce), *di = tb_pinfo(ie);
                    cb_pair_args c = tb_args_of(dc, &p, g);
                    c.margin = rd % 2 ? -0.0f : 0.0f;
                    size_t nct = tb_check_entry(*sp, ce, dc, c, &x, TB_WANT_REF, &w);
                    cb_pair_args ci = tb_args_of(di, &p, g);
                    size_t nix = tb_check_entry(*sp, ie, di, ci, &x, TB_WANT_REF, &w);
                    cr_assert_eq(nct, nix, "margin %a: %zu contacts, %s %zu hits: " TB_PW_FMT,
                                 (double)c.margin, nct, di->name, nix, TB_PW_ARGS(dc, &w, &c));
                    const uint32_t *idx = x.sub[ie].out;
                    for (size_t k = 0; k < nct; k++)
                        cr_assert_eq(x.sub[ce].contacts->index[k], idx[k],
                                     "margin %a: contact %zu is candidate %" PRIu32 ", hit %zu of "
                                     "%s is %" PRIu32 ": " TB_PW_FMT,
                                     (double)c.margin, k, x.sub[ce].contacts->index[k], k, di->name,
                                     idx[k], TB_PW_ARGS(dc, &w, &c));
                    agreed++;
                }
            }
            tb_pbufs_free(&x);
            free(L), free(M);
            tb_pdata_free(&p);
        }
    }
    cr_assert_gt(agreed, 0, "no element shape has every kind of entry");
}

/* ------------------------------------------------------------ 6. bad input */

/* A valid call of entry d on p, its outputs poisoned, and everything a
 * refused call must leave as it was. */
typedef struct {
    cb_pair_args a;
    cb_pair_cursor cursor;
    cb_pair *pairs; /* room for `room` pairs */
    size_t room;
    uint64_t *matrix;
    size_t words;
    cb_pair *cands;
    size_t n;
    tk_out out; /* LISTED */
    tk_soa set_copy, many_copy;
    cb_contacts holes;
} bad_call;

static void bad_call_reset(bad_call *c, const cb_pair_entry_info *d, const tb_pdata *p)
{
    c->a = tb_args_of(d, p, 0);
    c->cursor = (cb_pair_cursor){0, 0, 0};
    memset(c->pairs, TB_POISON, c->room * sizeof *c->pairs);
    memset(c->matrix, TB_POISON, c->words * sizeof *c->matrix);
    switch (d->output) {
    case CB_OUTPUT_PAIRS:
        c->a.cursor = &c->cursor, c->a.out = c->pairs, c->a.capacity = c->room;
        break;
    case CB_OUTPUT_MATRIX:
        c->a.out = c->matrix;
        break;
    default:
        tk_out_fill(&c->out, TB_POISON);
        c->a.candidates = c->cands, c->a.n = c->n, c->a.out = c->out.out, c->a.margin = 0.5f;
        break;
    }
}

static int bad_call_untouched(const bad_call *c)
{
    for (size_t b = 0; b < c->room * sizeof *c->pairs; b++)
        if (((const unsigned char *)c->pairs)[b] != TB_POISON)
            return 0;
    for (size_t b = 0; b < c->words * sizeof *c->matrix; b++)
        if (((const unsigned char *)c->matrix)[b] != TB_POISON)
            return 0;
    return !c->out.arrays || tk_out_untouched(&c->out, TB_POISON);
}

static const char END_OF_MUTATIONS[] = "end";

/* Mutation k of a valid call (each makes it invalid in one way), or NULL
 * when it does not apply to d, or END_OF_MUTATIONS. */
static const char *mutate(int k, const cb_pair_entry_info *d, bad_call *c, const tb_pdata *p)
{
    static const char *const set_arrays[3] = {"circles->x NULL", "circles->y NULL",
                                              "circles->r NULL"};
    static const char *const box_arrays[4] = {"boxes->min_x NULL", "boxes->min_y NULL",
                                              "boxes->max_x NULL", "boxes->max_y NULL"};
    static const char *const contact_arrays[7] = {
        "out->index NULL",      "out->normal_x NULL", "out->normal_y NULL", "out->separation NULL",
        "out->point_x NULL",    "out->point_y NULL",  "out->feature NULL"};
    static char msg[96];
    cb_pair_args *a = &c->a;
    int pairs = d->output == CB_OUTPUT_PAIRS, matrix = d->output == CB_OUTPUT_MATRIX;
    int listed = !tb_is_all(d), contacts = d->output == CB_OUTPUT_CONTACTS;
    int big = (uint64_t)SIZE_MAX > CB_INDEX_MAX_N;
    size_t many_arrays = d->many == CB_SHAPE_BOX ? 4 : 3;
    switch (k) {
    case 0: a->flags |= 4u; return "unknown flag bit 0x4";
    case 1: a->flags |= 0x80000000u; return "unknown flag bit 0x80000000";
    case 2: a->flags = CB_STRICT | CB_TRUST_FENV | 0x100u; return "flags 0x103";
    case 3: if (!big) return NULL;
        a->n_circles = (size_t)CB_INDEX_MAX_N + 1; return "n_circles CB_INDEX_MAX_N + 1";
    case 4: if (!big) return NULL;
        a->m = (size_t)CB_INDEX_MAX_N + 1; return "m CB_INDEX_MAX_N + 1";
    case 5: if (!big || !listed) return NULL;
        a->n = (size_t)CB_INDEX_MAX_N + 1; return "n CB_INDEX_MAX_N + 1";
    case 6: a->circles = NULL; return "circles NULL";
    case 7: case 8: case 9:
        a->circles = (const cb_circle_soa *)tk_soa_without(cb_entry_info_of(tk_find_entry(
            CB_QUERY_OVERLAP, CB_SHAPE_BOX, CB_SHAPE_CIRCLE, CB_LAYOUT_SOA, CB_OUTPUT_MASK)),
            &p->cs, (size_t)(k - 7), &c->set_copy);
        return set_arrays[k - 7];
    case 10: a->many = NULL; return "many NULL";
    case 11: case 12: case 13: case 14: {
        size_t q = (size_t)(k - 11);
        if (q >= many_arrays)
            return NULL;
        a->many = tk_soa_without(cb_entry_info_of(tk_find_entry(CB_QUERY_OVERLAP, CB_SHAPE_CIRCLE,
                                                                d->many, CB_LAYOUT_SOA,
                                                                CB_OUTPUT_MASK)),
                                 tb_many_of(d, p), q, &c->many_copy);
        return d->many == CB_SHAPE_BOX ? box_arrays[q] : set_arrays[q];
    }
    case 15: if (!pairs) return NULL;
        a->cursor = NULL; return "cursor NULL";
    case 16: if (!pairs) return NULL;
        c->cursor.circle = a->n_circles; return "cursor circle == n_circles";
    case 17: if (!pairs) return NULL;
        c->cursor.circle = SIZE_MAX; return "cursor circle SIZE_MAX";
    case 18: if (!pairs) return NULL;
        c->cursor.tile = 1, c->cursor.circle = a->n_circles + 3;
        return "cursor {1, n_circles + 3, 0} (a later tile, in range)";
    case 19: if (!pairs) return NULL;
        c->cursor.skip = CB_TILE + 1; return "cursor skip CB_TILE + 1";
    case 20: if (!pairs) return NULL;
        c->cursor.skip = SIZE_MAX; return "cursor skip SIZE_MAX";
    case 21: if (!pairs) return NULL;
        a->out = NULL; return "capacity > 0 with NULL pairs";
    case 22: if (!pairs) return NULL;
        a->out = NULL, a->capacity = 1, c->cursor.tile = 1, a->tile_end = 2;
        return "capacity 1 with NULL pairs, tiles 1 .. 2";
    case 23: if (!matrix) return NULL;
        a->out = NULL; return "matrix NULL";
    case 24: if (!matrix) return NULL;
        a->out = NULL, a->tile_begin = 1, a->tile_end = 2; return "matrix NULL, tiles 1 .. 2";
    case 25: if (!listed) return NULL;
        a->candidates = NULL; return "candidates NULL";
    case 26: if (!listed) return NULL;
        a->out = NULL; return "out NULL";
    case 27: case 28: case 29: case 30: case 31: case 32: case 33:
        if (!contacts) return NULL;
        c->holes = tk_contacts_without(*c->out.contacts, (size_t)(k - 27));
        a->out = &c->holes;
        return contact_arrays[k - 27];
    case 34: if (!listed) return NULL;
        c->cands[0].i = (uint32_t)a->n_circles; return "candidate 0: i == n_circles";
    case 35: if (!listed) return NULL;
        c->cands[c->n - 1].j = (uint32_t)a->m; return "last candidate: j == m";
    case 36: if (!listed) return NULL;
        c->cands[c->n / 2].i = UINT32_MAX; return "middle candidate: i == UINT32_MAX";
    case 37: if (!listed) return NULL;
        c->cands[c->n / 2].j = UINT32_MAX; return "middle candidate: j == UINT32_MAX";
    case 38: if (!listed) return NULL;
        c->cands[c->n - 1].i = (uint32_t)a->n_circles, c->cands[c->n - 1].j = (uint32_t)a->m;
        return "last candidate: (n_circles, m)";
    case 39: if (!listed) return NULL;
        a->n_circles = 3; /* candidates name circles up to 4 */
        return "n_circles smaller than a candidate's i";
    case 40: if (!listed) return NULL;
        a->n_circles = 0; return "n_circles 0 with candidates";
    case 41: if (!listed) return NULL;
        a->m = 0; return "m 0 with candidates";
    default:
        break;
    }
    size_t q = (size_t)k - 42;
    if (q < 2 * tb_bad_margin_count) {
        if (!contacts)
            return NULL;
        a->margin = tb_bad_margins[q % tb_bad_margin_count];
        if (q >= tb_bad_margin_count) /* also with no candidates at all */
            a->n = 0, a->candidates = NULL;
        snprintf(msg, sizeof msg, "margin %a (0x%08" PRIx32 ")%s", (double)a->margin,
                 tk_bits(a->margin), q >= tb_bad_margin_count ? ", n 0" : "");
        return msg;
    }
    return END_OF_MUTATIONS;
}

/*
 * Through cb_pair_entry_call (the public functions): each way of making a
 * valid call invalid returns CB_INVALID and writes nothing (the pair
 * buffer, matrix and candidate outputs stay poisoned, the cursor and the
 * candidates as they were). Then what is valid: counts of 0 with NULL
 * pointers return 0 (also on every runnable backend's raw kernel); an
 * empty tile range returns 0, writes nothing, and moves the cursor to the
 * range's (clipped) end, whatever its circle.
 */
Test(pairs, bad_input)
{
    size_t ne = cb_pair_entry_count(), refused = 0;
    size_t nc = 5, m = 100, tiles = cb_pair_tiles(m);
    tb_pdata p;
    tb_pdata_init(&p, nc, m, &tb_placements[0]);
    tk_rng r = tb_rng_for(0x9700000u);
    tb_pair_fill_kind(&p, TB_K_DENSE, &r);
    for (size_t e = 0; e < ne; e++) {
        const cb_pair_entry_info *d = tb_pinfo(e);
        bad_call c;
        memset(&c, 0, sizeof c);
        c.room = nc * m, c.words = nc * tiles, c.n = 20;
        c.pairs = tb_xmalloc(c.room * sizeof *c.pairs);
        c.matrix = tb_xmalloc(c.words * sizeof *c.matrix);
        c.cands = tb_xmalloc(c.n * sizeof *c.cands);
        if (!tb_is_all(d))
            tk_out_malloc(&c.out, tb_listed_format(d), c.n);
        cb_pair cands[20];
        tb_fill_candidates(cands, c.n, nc, m, &r);
        cands[0].i = 4;      /* for mutation 39; also the last valid i */
        cands[1].j = 99;     /* the last valid j */
        memcpy(c.cands, cands, sizeof cands);

        /* the valid call the mutations start from */
        bad_call_reset(&c, d, &p);
        size_t valid = cb_pair_entry_call(e, &c.a);
        bad_call_reset(&c, d, &p);
        size_t want = ref_pair_entry(d, &c.a);
        cr_assert_eq(valid, want, "%s: the valid base call returned %zu, the reference %zu",
                     d->name, valid, want);

        for (int k = 0;; k++) {
            bad_call_reset(&c, d, &p);
            memcpy(c.cands, cands, sizeof cands);
            const char *what = mutate(k, d, &c, &p);
            if (what == END_OF_MUTATIONS)
                break;
            if (!what)
                continue;
            cb_pair_cursor before = c.cursor;
            size_t got = cb_pair_entry_call(e, &c.a);
            cr_assert_eq(got, CB_INVALID, "%s with %s: returned %zu, not CB_INVALID", d->name, what,
                         got);
            cr_assert(bad_call_untouched(&c), "%s with %s: refused, but an output was written",
                      d->name, what);
            cr_assert(tb_same_cursor(c.cursor, before),
                      "%s with %s: refused, but the cursor moved from " TB_CUR_FMT
                      " to " TB_CUR_FMT,
                      d->name, what, TB_CUR_ARGS(before), TB_CUR_ARGS(c.cursor));
            cr_assert(c.n == 0 || memcmp(c.cands, cands, sizeof cands) == 0 || k >= 34,
                      "%s with %s: the candidates were written", d->name, what);
            refused++;
        }

        /* what is valid: empty sets with NULL pointers, empty tile ranges */
        static const size_t empties[][3] = {{0, 100, 0}, {5, 0, 0}, {0, 0, 0}, {5, 100, 0}};
        cb_contacts nulls = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
        for (size_t q = 0; q < sizeof empties / sizeof empties[0]; q++) {
            size_t enc = empties[q][0], em = empties[q][1], en = empties[q][2];
            if (tb_is_all(d) && enc && em)
                continue; /* not empty for this entry */
            for (int holes = 0; holes < 1 + (d->output == CB_OUTPUT_CONTACTS); holes++) {
                cb_pair_args a;
                memset(&a, 0, sizeof a);
                a.n_circles = enc, a.m = em, a.n = en;
                a.tile_end = SIZE_MAX, a.capacity = 7, a.out = holes ? (void *)&nulls : NULL;
                cb_pair_cursor cur = {0, 0, 0}, end = {cb_pair_tiles(em), 0, 0};
                a.cursor = d->output == CB_OUTPUT_PAIRS ? &cur : NULL;
                cr_assert_eq(cb_pair_entry_call(e, &a), 0,
                             "%s: n_circles %zu, m %zu, n %zu with NULL pointers%s must return 0",
                             d->name, enc, em, a.n, holes ? " (cb_contacts of NULLs)" : "");
                if (d->output == CB_OUTPUT_PAIRS)
                    cr_assert(tb_same_cursor(cur, end), "%s: empty set: cursor " TB_CUR_FMT,
                              d->name, TB_CUR_ARGS(cur));
                for (int b = 0; b < CB_BACKEND_COUNT; b++) {
                    cb_pair_kernel_fn kf = cb_pair_entry_kernel(e, (cb_backend)b);
                    if (!kf)
                        continue;
                    cur = (cb_pair_cursor){0, 0, 0};
                    cr_assert_eq(kf(&a), 0, "raw %s on %s: n_circles %zu, m %zu, n %zu, NULLs",
                                 d->name, cb_backend_name((cb_backend)b), enc, em, a.n);
                    if (d->output == CB_OUTPUT_PAIRS)
                        cr_assert(tb_same_cursor(cur, end),
                                  "raw %s on %s: empty set: cursor " TB_CUR_FMT, d->name,
                                  cb_backend_name((cb_backend)b), TB_CUR_ARGS(cur));
                }
            }
        }
        if (d->output == CB_OUTPUT_PAIRS) {
            /* {start}, tile_end, the cursor after */
            static const size_t ranges[][5] = {
                {2, 99, 7, SIZE_MAX, 2}, /* at the end; its circle out of range */
                {1, 3, 2, 1, 1},         /* tile_end at the start */
                {9, 0, 0, 4, 2},         /* past the end: back to the clipped end */
                {0, 0, 0, 0, 0},
                {5, 1, 1, 3, 2},
            };
            for (size_t q = 0; q < sizeof ranges / sizeof ranges[0]; q++) {
                bad_call_reset(&c, d, &p);
                c.cursor = (cb_pair_cursor){ranges[q][0], ranges[q][1], ranges[q][2]};
                c.a.tile_end = ranges[q][3];
                cb_pair_cursor want_c = {ranges[q][4], 0, 0}, from = c.cursor;
                cr_assert_eq(cb_pair_entry_call(e, &c.a), 0,
                             "%s: empty range from " TB_CUR_FMT " to tile %zu must return 0",
                             d->name, TB_CUR_ARGS(from), c.a.tile_end);
                cr_assert(tb_same_cursor(c.cursor, want_c) && bad_call_untouched(&c),
                          "%s: empty range from " TB_CUR_FMT " to tile %zu: cursor " TB_CUR_FMT
                          " (want " TB_CUR_FMT "), output %s",
                          d->name, TB_CUR_ARGS(from), c.a.tile_end, TB_CUR_ARGS(c.cursor),
                          TB_CUR_ARGS(want_c), bad_call_untouched(&c) ? "untouched" : "written");
            }
        }
        if (d->output == CB_OUTPUT_MATRIX) {
            static const size_t ranges[][2] = {{1, 1}, {2, SIZE_MAX}, {5, 3}, {0, 0}, {2, 1}};
            for (size_t q = 0; q < sizeof ranges / sizeof ranges[0]; q++) {
                bad_call_reset(&c, d, &p);
                c.a.tile_begin = ranges[q][0], c.a.tile_end = ranges[q][1];
                cr_assert_eq(cb_pair_entry_call(e, &c.a), 0, "%s: tiles %zu .. %zu must return 0",
                             d->name, ranges[q][0], ranges[q][1]);
                cr_assert(bad_call_untouched(&c), "%s: tiles %zu .. %zu: the matrix was written",
                          d->name, ranges[q][0], ranges[q][1]);
            }
        }
        if (!tb_is_all(d))
            tk_out_free(&c.out);
        free(c.pairs), free(c.matrix), free(c.cands);
    }
    tb_pdata_free(&p);
    cr_assert_gt(refused, 0);
    cr_log_info("%zu invalid calls refused", refused);
}

/* ---------------------------------------------------- 7. the public path */

ParameterizedTestParameters(pairs, dispatched)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

/*
 * After cb_set_backend(b), every entry's public function (argument checks,
 * float guard, the active backend), reached through cb_pair_entry_call,
 * gives the scalar raw kernel's answers with every flag it accepts: whole
 * lists and lists cut short (cursor included), whole matrices and tile
 * ranges, candidates. Then once more with the caller's float environment
 * hostile (flush to zero, denormals are zero, round toward zero; on
 * adversarial data full of denormals): the public functions must give the
 * default environment's bits and leave the caller's environment as it was.
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
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

/*
 * cbatch.h: the raw kernels run in the caller's float environment, and on
 * one machine every raw kernel still agrees with the others under FTZ/DAZ
 * and any rounding mode. Every entry's raw kernel on backend b against the
 * scalar raw kernel, both in the same mode (flush, toward zero, both), on
 * denormal and adversarial data and lists cut short: bit for bit, cursor
 * included; and neither may change the mode.
 */
ParameterizedTest(int *bp, pairs, raw_float_modes, .timeout = 600)
{
    const char *name = cb_backend_name((cb_backend)*bp), *why = "(no reason given)";
    if (!tb_backend_runnable(*bp, &why))
        cr_skip_test("SKIP backend %s: %s", name, why);
    if (!fpctl_has_flush())
        cr_skip_test("SKIP backend %s: this target has no float control register to set", name);
    cr_log_info("backend %s (against scalar, both in hostile float modes)", name);
    size_t calls = tb_pair_check_raw_float_modes(*bp, PAIRS_ROUNDS);
    cr_log_info("backend %s: %zu calls in hostile modes equal the scalar kernel's", name, calls);
}

/* --------------------------------------------------------- large sets */

ParameterizedTestParameters(pairs, large_sets)
{
    return cr_make_param_array(int, all_subjects, N_SUBJECTS);
}

/*
 * Sets of hundreds to over a thousand circles (an implementation may
 * process the set in bands or blocks of circles: these cross any boundary
 * up to 1024 and then some), spread over the plane or crowded, against the
 * reference: whole lists and matrices, lists taken in pieces of random
 * capacity from cursors deep in the set, arbitrary cursors, inner tile
 * ranges of the matrix, and candidates naming circles anywhere in the set.
 */
ParameterizedTest(int *sp, pairs, large_sets, .timeout = 600)
{
    const char *subject = subject_or_skip(*sp);
    static const size_t shapes[][2] = {{255, 65}, {256, 64}, {257, 129}, {513, 70}, {1100, 130}};
    size_t ne = cb_pair_entry_count(), calls = 0, deep = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (int round = 0; round < 2 * PAIRS_ROUNDS; round++) {
            size_t nc = shapes[k][0], m = shapes[k][1], tiles = cb_pair_tiles(m);
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
            for (size_t e = 0; e < ne; e++) {
                const cb_pair_entry_info *d = tb_pinfo(e);
                unsigned f = (unsigned)(k + e + (size_t)round) % 2;
                cb_pair_args a = tb_args_of(d, &p, f);
                a.margin = tb_margins[(k + e) % tb_margin_count];
                size_t N = tb_check_entry(*sp, e, d, a, &x, TB_WANT_REF, &w);
                calls++;
                if (d->output == CB_OUTPUT_MATRIX && tiles > 1) {
                    a.tile_begin = 1 + tb_below(&r, tiles - 1),
                    a.tile_end = a.tile_begin + tb_below(&r, 3);
                    tb_check_matrix(*sp, e, d, a,
                                 tb_tail_at(&x.matrix, nc * tiles * sizeof(uint64_t)), x.ref_matrix,
                                 TB_WANT_REF, &w);
                }
                if (d->output != CB_OUTPUT_PAIRS)
                    continue;
                /* pieces of random capacity, resumed from each cursor */
                cb_pair_cursor cur = {0, 0, 0};
                size_t got = 0;
                for (size_t q = 0; q < 64; q++) {
                    a.capacity = 1 + tb_below(&r, N / 4 + 2);
                    size_t left = tb_check_list(*sp, e, d, a, cur,
                                             tb_tail_at(&x.pairs, a.capacity * sizeof(cb_pair)),
                                             x.ref_pairs, TB_WANT_REF, &w, &cur);
                    cr_assert_eq(left, N - got, "resuming: returned %zu, %zu were left: " TB_PW_FMT,
                                 left, N - got, TB_PW_ARGS(d, &w, &a));
                    deep += cur.circle >= 256;
                    got += left < a.capacity ? left : a.capacity;
                    if (left <= a.capacity)
                        break;
                }
                cr_assert_eq(got, N, "resuming: %zu of %zu pairs: " TB_PW_FMT, got, N,
                             TB_PW_ARGS(d, &w, &a));
                /* arbitrary cursors, mostly deep in the set */
                for (int q = 0; q < 8; q++) {
                    cb_pair_cursor start;
                    start.tile = tb_below(&r, tiles), start.circle = tb_below(&r, nc);
                    start.skip = tb_below(&r, 3);
                    a.capacity = tb_below(&r, 64);
                    tb_check_list(*sp, e, d, a, start,
                                  tb_tail_at(&x.pairs, a.capacity * sizeof(cb_pair)), x.ref_pairs,
                                  TB_WANT_REF, &w, NULL);
                }
            }
            tb_pbufs_free(&x);
            tb_pdata_free(&p);
        }
    cr_assert_gt(deep, 0, "no list ever stopped past the 256th circle");
    cr_log_info("%s: %zu calls on large sets, %zu stops past circle 256", subject, calls, deep);
}
