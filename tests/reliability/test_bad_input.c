/* test_bad_input.c - Criterion: NULL arrays (contact arrays and every SoA array included), unknown flags, bad contact margins, n too large for indices, NULL pointers to the converters, cb_rotations and validators (oriented boxes included), and the validators on every kind of malformed box and circle. */
#include "bits.h"
#include "rel.h"
#include "support.h"

#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Outputs are pre-filled with this byte: "nothing written" means every byte is still it. */
#define FILL 0xA5

static void fill(void *p, size_t bytes) { memset(p, FILL, bytes); }

static int untouched(const void *p, size_t bytes)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < bytes; i++)
        if (c[i] != FILL)
            return 0;
    return 1;
}

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

/* Leak check at the end of every test: see rel.h for why it is explicit. */
static void no_leaks(void) { cr_assert_eq(rel_leaks(), 0, "LeakSanitizer found leaks (report above)"); }

/* ------------------------------------------------------------ n == 0 */

/* The single shapes of every call below (the entry reads one of them). */
static const tk_probe one = {{0, 0, 1}, {0, 0, 1, 1}, {0.5f, 0.5f, 0.5f, 0.5f, 0.6f, 0.8f}};

Test(bad_input, null_pointers_with_n_zero_every_entry_point)
{
    /* n == 0 is valid with any pointers: NULL arrays, NULL outputs, and SoA
     * structs whose members are NULL. Every entry, every backend, public and raw. */
    cb_box_soa nb = {NULL, NULL, NULL, NULL};
    cb_circle_soa nc = {NULL, NULL, NULL};
    cb_obox_soa no = {NULL, NULL, NULL, NULL, NULL, NULL};
    cb_sweep_soa nw = {NULL, NULL, NULL, NULL, NULL};
    tk_views null_members = {&nb, NULL, &nc, NULL, &no, NULL, &nw, NULL};
    cb_backend bs[CB_BACKEND_COUNT];
    size_t nbk = rel_runnable(bs);
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            cb_args all_null = rel_args(d, NULL, &one, 0, NULL, flags);
            cb_args members = rel_args(d, &null_members, &one, 0, NULL, flags);
            cr_expect_eq(cb_entry_call(e, &all_null), 0, "%s(NULL..., n=0)", d->name);
            cr_expect_eq(cb_entry_call(e, &members), 0, "%s(SoA of NULLs, n=0)", d->name);
            if (d->output == CB_OUTPUT_CONTACTS || d->output == CB_OUTPUT_INT_DISTANCES ||
                d->output == CB_OUTPUT_INT_CONTACTS || d->output == CB_OUTPUT_HITS ||
                d->output == CB_OUTPUT_FIRST_HIT) { /* a struct of NULL arrays */
                tk_out_struct nulls;
                memset(&nulls, 0, sizeof nulls);
                members.out = &nulls;
                cr_expect_eq(cb_entry_call(e, &members), 0, "%s(a struct of NULL arrays, n=0)",
                             d->name);
            }
            for (size_t b = 0; b < nbk; b++) {
                cb_kernel_fn k = cb_entry_kernel(e, bs[b]);
                cr_assert_not_null(k, "cb_entry_kernel(%s, %s) is NULL on a runnable backend",
                                   d->name, cb_backend_name(bs[b]));
                cr_expect_eq(k(&all_null), 0, "raw %s %s n=0", cb_backend_name(bs[b]), d->name);
            }
        }
    }
    no_leaks();
}

Test(bad_input, unknown_flags_are_invalid_even_with_n_zero)
{
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        cb_args a = rel_args(d, NULL, &one, 0, NULL, 4u);
        cr_expect_eq(cb_entry_call(e, &a), CB_INVALID, "%s flags=4, n=0", d->name);
        a.flags = ~0u;
        cr_expect_eq(cb_entry_call(e, &a), CB_INVALID, "%s flags=~0, n=0", d->name);
    }
    no_leaks();
}

Test(bad_input, converters_and_validators_with_n_zero)
{
    cb_boxes_from_centers(NULL, 0, NULL);
    cb_boxes_from_corners(NULL, 0, NULL);
    cr_expect_eq(cb_boxes_from_centers_soa(NULL, 0, NULL, NULL, NULL, NULL), CB_OK);
    cr_expect_eq(cb_boxes_from_corners_soa(NULL, 0, NULL, NULL, NULL, NULL), CB_OK);

    cb_oboxes_from_boxes(NULL, NULL, 0, NULL);
    cb_oboxes_from_corners(NULL, NULL, 0, NULL);
    cr_expect_eq(cb_oboxes_from_boxes_soa(NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL), CB_OK);
    cr_expect_eq(cb_oboxes_from_corners_soa(NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL),
                 CB_OK);
    cr_expect_eq(cb_rotations(NULL, 0, NULL, NULL), CB_OK);

    cb_box_soa nb = {NULL, NULL, NULL, NULL};
    cb_circle_soa nc = {NULL, NULL, NULL};
    cb_obox_soa no = {NULL, NULL, NULL, NULL, NULL, NULL};
    cb_fault f;
#define EXPECT_N0(call)                                                                            \
    do {                                                                                           \
        f = (cb_fault)77;                                                                          \
        cr_expect_eq(call, 0, "%s with n = 0", #call);                                             \
        cr_expect_eq(f, CB_FAULT_NONE, "%s with n = 0: fault %d", #call, (int)f);                  \
    } while (0)
    EXPECT_N0(cb_validate_boxes(NULL, 0, &f));
    EXPECT_N0(cb_validate_boxes(&nb, 0, &f));
    EXPECT_N0(cb_validate_boxes_aos(NULL, 0, &f));
    EXPECT_N0(cb_validate_circles(NULL, 0, &f));
    EXPECT_N0(cb_validate_circles(&nc, 0, &f));
    EXPECT_N0(cb_validate_circles_aos(NULL, 0, &f));
    EXPECT_N0(cb_validate_oboxes(NULL, 0, &f));
    EXPECT_N0(cb_validate_oboxes(&no, 0, &f));
    EXPECT_N0(cb_validate_oboxes_aos(NULL, 0, &f));
#undef EXPECT_N0
    /* fault is optional */
    cr_expect_eq(cb_validate_boxes(NULL, 0, NULL), 0);
    cr_expect_eq(cb_validate_boxes_aos(NULL, 0, NULL), 0);
    cr_expect_eq(cb_validate_circles(NULL, 0, NULL), 0);
    cr_expect_eq(cb_validate_circles_aos(NULL, 0, NULL), 0);
    cr_expect_eq(cb_validate_oboxes(NULL, 0, NULL), 0);
    cr_expect_eq(cb_validate_oboxes_aos(NULL, 0, NULL), 0);
    no_leaks();
}

/* ------------------------------------------------------------ NULL with n > 0 */

Test(bad_input, null_pointer_with_n_positive_is_invalid_and_writes_nothing)
{
    static const size_t ns[] = {1, 3, 63, 64, 65, 200};
    long members_tried = 0, record_arrays_tried = 0;
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        size_t n = ns[t];
        tb_corpus c = tb_corpus_new(n);
        tk_rng r = {tb_seed() ^ n};
        tb_corpus_fill_random(&c, &r);
        TK_FOR_ENTRIES(e, TK_BATCH) {
            const cb_entry_info *d = cb_entry_info_of(e);
            tk_out out;
            tb_out_new(&out, d, n, 0, 0);
            /* which: 0 = the output, 1 = the input (SoA struct or AoS array),
             * 2.. = a SoA member (each of the 3, 4 or 6 arrays, testkit's
             * tk_soa_without), then (outputs of several arrays: contacts,
             * the integer records, the sweeps' records) each array of its
             * struct (tk_out_without) */
            for (size_t which = 0;; which++) {
                cb_box_soa bs;
                cb_circle_soa cs;
                tk_views v = tb_corpus_views(&c, &bs, &cs);
                size_t nm = tk_soa_arrays(d);
                size_t nrec = out.contacts || out.record_struct ? out.arrays : 0;
                if (which >= 2 + nm + nrec)
                    break;
                tk_out_struct holes;
                tk_probe probe = {c.circles[0], c.boxes[0], c.oboxes[0]};
                cb_args a = rel_args(d, &v, &probe, n, out.out, 0);
                tk_soa copy;
                if (which == 0) {
                    a.out = NULL;
                } else if (which == 1) {
                    a.many = NULL;
                } else if (which < 2 + nm) {
                    a.many = tk_soa_without(d, a.many, which - 2, &copy), members_tried++;
                } else {
                    a.out = tk_out_without(&out, which - 2 - nm, &holes), record_arrays_tried++;
                }
                for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
                    tk_out_fill(&out, FILL);
                    a.flags = flags;
                    cr_expect_eq(cb_entry_call(e, &a), CB_INVALID,
                                 "%s n=%zu, NULL pointer #%zu: not CB_INVALID", d->name, n, which);
                    cr_expect(tk_out_untouched(&out, FILL),
                              "%s n=%zu, NULL pointer #%zu: output written", d->name, n, which);
                }
            }
            tk_out_free(&out);
        }
        tb_corpus_free(&c);
    }
    cr_expect_gt(members_tried, 0, "no entry has a SoA input: the member checks ran on nothing");
    cr_expect_gt(record_arrays_tried, 0,
                 "no records entry: the checks of the records' arrays ran on nothing");
    no_leaks();
}

/* The contact functions take a margin that must be finite and >= 0: a NaN,
 * an infinity or a negative margin is CB_INVALID, with n == 0 too, and
 * nothing is written; -0.0 is a valid margin, the same as 0. */
Test(bad_input, contact_margins_nan_inf_negative_are_invalid_and_write_nothing)
{
    static const size_t ns[] = {0, 1, 64, 65, 130};
    size_t contact_entries = 0;
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        size_t n = ns[t];
        tb_corpus c = tb_corpus_new(n);
        tk_rng r = {tb_seed() ^ (n << 12)};
        tb_corpus_fill_random(&c, &r);
        cb_box_soa bs;
        cb_circle_soa cs;
        tk_views v = tb_corpus_views(&c, &bs, &cs);
        tk_probe big = tb_probe((cb_circle){128, 128, 90}, (cb_box){64, 64, 192, 192});
        TK_FOR_ENTRIES(e, TK_BATCH) {
            const cb_entry_info *d = cb_entry_info_of(e);
            if (d->output != CB_OUTPUT_CONTACTS)
                continue;
            contact_entries += t == 0;
            tk_out out, zero;
            tb_out_new(&out, d, n, 0, 0);
            tk_out_malloc(&zero, d, n);
            for (unsigned flags = 0; flags <= (CB_STRICT | CB_TRUST_FENV); flags++) {
                cb_args a = rel_args(d, &v, &big, n, out.out, flags);
                for (size_t k = 0; k < tb_bad_margin_count; k++) {
                    a.margin = tb_bad_margins[k];
                    tk_out_fill(&out, FILL);
                    cr_expect_eq(cb_entry_call(e, &a), CB_INVALID, "%s n=%zu flags=0x%x margin %a: "
                                 "not CB_INVALID", d->name, n, flags, (double)tb_bad_margins[k]);
                    cr_expect(tk_out_untouched(&out, FILL), "%s n=%zu margin %a: output written",
                              d->name, n, (double)tb_bad_margins[k]);
                }
                a.margin = 0.0f, a.out = zero.out;
                size_t want = cb_entry_call(e, &a);
                a.margin = -0.0f, a.out = out.out;
                size_t got = cb_entry_call(e, &a);
                char what[160];
                snprintf(what, sizeof what, "%s n=%zu flags=0x%x: margin -0.0 vs 0", d->name, n,
                         flags);
                cr_expect(got != CB_INVALID && rel_same(d, n, got, out.out, want, zero.out, what),
                          "%s (see stderr)", what);
            }
            tk_out_free(&out), tk_out_free(&zero);
        }
        tb_corpus_free(&c);
    }
    cr_expect_gt(contact_entries, 0, "no contact entry: no margin was checked");
    no_leaks();
}

Test(bad_input, unknown_flag_bits_are_invalid_and_write_nothing)
{
    static const unsigned bad[] = {4u, 8u, 0x100u, 0x80000000u, CB_STRICT | 4u, CB_TRUST_FENV | 8u, ~0u, ~3u};
    static const size_t ns[] = {1, 64, 65, 130};
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        size_t n = ns[t];
        tb_corpus c = tb_corpus_new(n);
        tk_rng r = {tb_seed() ^ (n << 8)};
        tb_corpus_fill_random(&c, &r);
        cb_box_soa bs;
        cb_circle_soa cs;
        tk_views v = tb_corpus_views(&c, &bs, &cs);
        TK_FOR_ENTRIES(e, TK_BATCH) {
            const cb_entry_info *d = cb_entry_info_of(e);
            tk_out out;
            tb_out_new(&out, d, n, 0, 0);
            for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
                tk_out_fill(&out, FILL);
                tk_probe probe = {c.circles[0], c.boxes[0], c.oboxes[0]};
                cb_args a = rel_args(d, &v, &probe, n, out.out, bad[i]);
                cr_expect_eq(cb_entry_call(e, &a), CB_INVALID, "%s n=%zu flags=0x%x: not CB_INVALID",
                             d->name, n, bad[i]);
                cr_expect(tk_out_untouched(&out, FILL), "%s n=%zu flags=0x%x: output written",
                          d->name, n, bad[i]);
            }
            tk_out_free(&out);
        }
        tb_corpus_free(&c);
    }
    no_leaks();
}

Test(bad_input, index_functions_reject_n_above_cb_index_max_n)
{
#if SIZE_MAX > UINT32_MAX
    /* The check must come before any access: the arrays hold ONE element and
     * end at a guard page, so reading element 1 would crash the test. Only
     * the public path is called: a raw kernel does no checks. */
    static const uint64_t ns[] = {CB_INDEX_MAX_N + 1u, CB_INDEX_MAX_N + 64u, 1ull << 40,
                                  (uint64_t)SIZE_MAX / 2, (uint64_t)SIZE_MAX};
    tb_corpus c = tb_corpus_new(1);
    tk_rng r = {tb_seed()};
    tb_corpus_fill_random(&c, &r);
    cb_box_soa bs;
    cb_circle_soa cs;
    tk_views v = tb_corpus_views(&c, &bs, &cs);
    size_t index_entries = 0;
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        /* index lists, and contact records (their indices are uint32_t too) */
        if (d->output != CB_OUTPUT_INDICES && d->output != CB_OUTPUT_CONTACTS)
            continue;
        index_entries++;
        tk_out idx;
        tb_out_new(&idx, d, 1, 0, 0);
        for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++)
            for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
                tk_probe probe = {c.circles[0], c.boxes[0], c.oboxes[0]};
                cb_args a = rel_args(d, &v, &probe, (size_t)ns[t], idx.out, flags);
                tk_out_fill(&idx, FILL);
                cr_expect_eq(cb_entry_call(e, &a), CB_INVALID, "%s n=%llu: not CB_INVALID", d->name,
                             (unsigned long long)ns[t]);
                cr_expect(tk_out_untouched(&idx, FILL), "%s n=%llu: output written", d->name,
                          (unsigned long long)ns[t]);
                cb_args nul = a, no_out = a;
                nul.many = NULL, no_out.out = NULL;
                cr_expect_eq(cb_entry_call(e, &nul), CB_INVALID, "%s n=%llu, NULL input", d->name,
                             (unsigned long long)ns[t]);
                cr_expect_eq(cb_entry_call(e, &no_out), CB_INVALID, "%s n=%llu, NULL output",
                             d->name, (unsigned long long)ns[t]);
            }
        tk_out_free(&idx);
    }
    cr_expect_gt(index_entries, 0, "no entry writes indices: nothing was checked");
    tb_corpus_free(&c);
    no_leaks();
#else
    cr_skip_test("32-bit size_t: n > CB_INDEX_MAX_N (2^32) cannot be expressed");
#endif
}

Test(bad_input, converters_with_null_and_n_positive_write_nothing)
{
    enum { N = 5 };
    cb_box_center *ce = tb_alloc_guarded(N * sizeof *ce, 0);
    cb_box_corner *co = tb_alloc_guarded(N * sizeof *co, 0);
    for (int i = 0; i < N; i++) {
        cb_box_center a = {(float)i, 1, 2, 3};
        cb_box_corner b = {(float)i, 1, 2, 3};
        ce[i] = a, co[i] = b;
    }
    cb_box *out = tb_alloc_guarded(N * sizeof *out, 0);
    fill(out, N * sizeof *out);
    cb_boxes_from_centers(NULL, N, out);
    cb_boxes_from_corners(NULL, N, out);
    cr_expect(untouched(out, N * sizeof *out), "AoS converter with NULL input wrote its output");
    cb_boxes_from_centers(ce, N, NULL); /* must not crash */
    cb_boxes_from_corners(co, N, NULL);

    float *soa[4];
    for (int i = 0; i < 4; i++)
        soa[i] = tb_alloc_guarded(N * sizeof(float), 0);
    for (int which = 0; which < 5; which++) { /* 0: the input, 1..4: an output */
        float *o[4] = {soa[0], soa[1], soa[2], soa[3]};
        if (which)
            o[which - 1] = NULL;
        for (int conv = 0; conv < 2; conv++) {
            for (int i = 0; i < 4; i++)
                fill(soa[i], N * sizeof(float));
            cb_status st = conv == 0
                               ? cb_boxes_from_centers_soa(which ? ce : NULL, N, o[0], o[1], o[2], o[3])
                               : cb_boxes_from_corners_soa(which ? co : NULL, N, o[0], o[1], o[2], o[3]);
            cr_expect_eq(st, CB_ERR_INVALID_ARG, "%s_soa, NULL pointer #%d: status %d",
                         conv ? "cb_boxes_from_corners" : "cb_boxes_from_centers", which, (int)st);
            for (int i = 0; i < 4; i++)
                cr_expect(untouched(soa[i], N * sizeof(float)),
                          "%s_soa, NULL pointer #%d: output %d written",
                          conv ? "cb_boxes_from_corners" : "cb_boxes_from_centers", which, i);
        }
    }
    for (int i = 0; i < 4; i++)
        tb_free(soa[i]);
    tb_free(out), tb_free(ce), tb_free(co);
    no_leaks();
}

/* The oriented-box converters and cb_rotations: a NULL input, angles or
 * output with n > 0 writes nothing (the AoS forms return nothing; the SoA
 * forms and cb_rotations return CB_ERR_INVALID_ARG), every pointer in turn. */
Test(bad_input, oriented_converters_and_rotations_with_null_write_nothing)
{
    enum { N = 5 };
    cb_box *bx = tb_alloc_guarded(N * sizeof *bx, 0);
    cb_box_corner *co = tb_alloc_guarded(N * sizeof *co, 0);
    float *angles = tb_alloc_guarded(N * sizeof(float), 0);
    for (int i = 0; i < N; i++) {
        bx[i] = (cb_box){(float)i, 1, (float)i + 2, 3};
        co[i] = (cb_box_corner){(float)i, 1, 2, 3};
        angles[i] = 0.25f * (float)i;
    }
    cb_obox *out = tb_alloc_guarded(N * sizeof *out, 0);
    for (int which = 0; which < 3; which++) { /* input, angles, output */
        fill(out, N * sizeof *out);
        cb_oboxes_from_boxes(which == 0 ? NULL : bx, which == 1 ? NULL : angles, N,
                             which == 2 ? NULL : out);
        cb_oboxes_from_corners(which == 0 ? NULL : co, which == 1 ? NULL : angles, N,
                               which == 2 ? NULL : out);
        cr_expect(untouched(out, N * sizeof *out), "AoS oriented converter, NULL #%d: written",
                  which);
    }

    float *soa[6];
    for (int i = 0; i < 6; i++)
        soa[i] = tb_alloc_guarded(N * sizeof(float), 0);
    for (int which = 0; which < 8; which++) { /* 0 input, 1 angles, 2..7 an output */
        float *o[6];
        for (int i = 0; i < 6; i++)
            o[i] = which == 2 + i ? NULL : soa[i];
        for (int conv = 0; conv < 2; conv++) {
            for (int i = 0; i < 6; i++)
                fill(soa[i], N * sizeof(float));
            const float *ang = which == 1 ? NULL : angles;
            cb_status st = conv == 0 ? cb_oboxes_from_boxes_soa(which ? bx : NULL, ang, N, o[0],
                                                                o[1], o[2], o[3], o[4], o[5])
                                     : cb_oboxes_from_corners_soa(which ? co : NULL, ang, N, o[0],
                                                                  o[1], o[2], o[3], o[4], o[5]);
            const char *fn = conv ? "cb_oboxes_from_corners_soa" : "cb_oboxes_from_boxes_soa";
            cr_expect_eq(st, CB_ERR_INVALID_ARG, "%s, NULL pointer #%d: status %d", fn, which,
                         (int)st);
            for (int i = 0; i < 6; i++)
                cr_expect(untouched(soa[i], N * sizeof(float)), "%s, NULL pointer #%d: output %d "
                          "written", fn, which, i);
        }
    }
    for (int which = 0; which < 3; which++) { /* angles, c, s */
        fill(soa[0], N * sizeof(float)), fill(soa[1], N * sizeof(float));
        cb_status st = cb_rotations(which == 0 ? NULL : angles, N, which == 1 ? NULL : soa[0],
                                    which == 2 ? NULL : soa[1]);
        cr_expect_eq(st, CB_ERR_INVALID_ARG, "cb_rotations, NULL pointer #%d: status %d", which,
                     (int)st);
        cr_expect(untouched(soa[0], N * sizeof(float)) && untouched(soa[1], N * sizeof(float)),
                  "cb_rotations, NULL pointer #%d: output written", which);
    }
    for (int i = 0; i < 6; i++)
        tb_free(soa[i]);
    tb_free(out), tb_free(bx), tb_free(co), tb_free(angles);
    no_leaks();
}

/* ------------------------------------------------------------ validators */

/* One place for all four validators: boxes and circles held in AoS, the
 * validators called on SoA copies too; both must give the same answer. */
static size_t check_boxes(const cb_box *b, size_t n, size_t want, cb_fault want_fault,
                          const char *what)
{
    float *col[4];
    for (int j = 0; j < 4; j++)
        col[j] = tb_alloc_guarded(n * sizeof(float), 0);
    for (size_t i = 0; i < n; i++)
        col[0][i] = b[i].min_x, col[1][i] = b[i].min_y, col[2][i] = b[i].max_x, col[3][i] = b[i].max_y;
    cb_box_soa s = {col[0], col[1], col[2], col[3]};
    cb_fault fa = (cb_fault)77, fs = (cb_fault)77;
    size_t ra = cb_validate_boxes_aos(b, n, &fa), rs = cb_validate_boxes(&s, n, &fs);
    cr_expect_eq(ra, want, "%s: cb_validate_boxes_aos returned %zu, expected %zu", what, ra, want);
    cr_expect_eq(fa, want_fault, "%s: cb_validate_boxes_aos fault %d, expected %d", what, (int)fa,
                 (int)want_fault);
    cr_expect_eq(rs, want, "%s: cb_validate_boxes returned %zu, expected %zu", what, rs, want);
    cr_expect_eq(fs, want_fault, "%s: cb_validate_boxes fault %d, expected %d", what, (int)fs,
                 (int)want_fault);
    cr_expect_eq(cb_validate_boxes_aos(b, n, NULL), want, "%s: fault == NULL", what);
    cr_expect_eq(cb_validate_boxes(&s, n, NULL), want, "%s: fault == NULL", what);
    for (int j = 0; j < 4; j++)
        tb_free(col[j]);
    return ra;
}

static size_t check_circles(const cb_circle *c, size_t n, size_t want, cb_fault want_fault,
                            const char *what)
{
    float *col[3];
    for (int j = 0; j < 3; j++)
        col[j] = tb_alloc_guarded(n * sizeof(float), 0);
    for (size_t i = 0; i < n; i++)
        col[0][i] = c[i].x, col[1][i] = c[i].y, col[2][i] = c[i].r;
    cb_circle_soa s = {col[0], col[1], col[2]};
    cb_fault fa = (cb_fault)77, fs = (cb_fault)77;
    size_t ra = cb_validate_circles_aos(c, n, &fa), rs = cb_validate_circles(&s, n, &fs);
    cr_expect_eq(ra, want, "%s: cb_validate_circles_aos returned %zu, expected %zu", what, ra, want);
    cr_expect_eq(fa, want_fault, "%s: cb_validate_circles_aos fault %d, expected %d", what, (int)fa,
                 (int)want_fault);
    cr_expect_eq(rs, want, "%s: cb_validate_circles returned %zu, expected %zu", what, rs, want);
    cr_expect_eq(fs, want_fault, "%s: cb_validate_circles fault %d, expected %d", what, (int)fs,
                 (int)want_fault);
    cr_expect_eq(cb_validate_circles_aos(c, n, NULL), want, "%s: fault == NULL", what);
    cr_expect_eq(cb_validate_circles(&s, n, NULL), want, "%s: fault == NULL", what);
    for (int j = 0; j < 3; j++)
        tb_free(col[j]);
    return ra;
}

/* Well-formed but unusual values: signed zeros, denormals, the extremes. */
static const float odd_ok[] = {0.0f, -0.0f, 1.0e-45f, -1.0e-45f, 1.1754942e-38f, -1.1754942e-38f,
                               FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX, 1.0f, -1.0f, 0.1f, 1.0e30f};
#define N_ODD (sizeof odd_ok / sizeof odd_ok[0])

static float pick(tk_rng *r) { return odd_ok[tk_next(r) % N_ODD]; }

static cb_box good_box(tk_rng *r)
{
    float a = pick(r), b = pick(r), c = pick(r), d = pick(r);
    cb_box x = {a < b ? a : b, c < d ? c : d, a < b ? b : a, c < d ? d : c};
    return x;
}

static cb_circle good_circle(tk_rng *r)
{
    float rad = fabsf(pick(r));
    if (tk_next(r) % 5 == 0)
        rad = -0.0f; /* -0.0 counts as 0 */
    cb_circle x = {pick(r), pick(r), rad};
    return x;
}

Test(validate, null_is_invalid_and_fault_is_none)
{
    float v[1] = {0};
    cb_box_soa bsoa[] = {{NULL, v, v, v}, {v, NULL, v, v}, {v, v, NULL, v}, {v, v, v, NULL}};
    cb_circle_soa csoa[] = {{NULL, v, v}, {v, NULL, v}, {v, v, NULL}};
    for (size_t n = 1; n <= 65; n += 64) {
        cb_fault f;
        f = (cb_fault)77;
        cr_expect_eq(cb_validate_boxes(NULL, n, &f), CB_INVALID);
        cr_expect_eq(f, CB_FAULT_NONE);
        f = (cb_fault)77;
        cr_expect_eq(cb_validate_boxes_aos(NULL, n, &f), CB_INVALID);
        cr_expect_eq(f, CB_FAULT_NONE);
        f = (cb_fault)77;
        cr_expect_eq(cb_validate_circles(NULL, n, &f), CB_INVALID);
        cr_expect_eq(f, CB_FAULT_NONE);
        f = (cb_fault)77;
        cr_expect_eq(cb_validate_circles_aos(NULL, n, &f), CB_INVALID);
        cr_expect_eq(f, CB_FAULT_NONE);
        cr_expect_eq(cb_validate_boxes(NULL, n, NULL), CB_INVALID);
        cr_expect_eq(cb_validate_circles_aos(NULL, n, NULL), CB_INVALID);
        if (n == 1) { /* a member NULL: the others are valid one-element arrays */
            for (int i = 0; i < 4; i++) {
                f = (cb_fault)77;
                cr_expect_eq(cb_validate_boxes(&bsoa[i], n, &f), CB_INVALID, "box member %d NULL", i);
                cr_expect_eq(f, CB_FAULT_NONE);
            }
            for (int i = 0; i < 3; i++) {
                f = (cb_fault)77;
                cr_expect_eq(cb_validate_circles(&csoa[i], n, &f), CB_INVALID,
                             "circle member %d NULL", i);
                cr_expect_eq(f, CB_FAULT_NONE);
            }
        }
    }
    no_leaks();
}

/* The oriented-box validators: NULL with n > 0 (the struct, each of its six
 * arrays, the AoS array) is CB_INVALID with CB_FAULT_NONE; n == 0 is 0. */
Test(validate, oboxes_null_is_invalid_and_fault_is_none)
{
    float v[1] = {0};
    cb_obox_soa good = {v, v, v, v, v, v};
    for (size_t n = 1; n <= 65; n += 64) {
        cb_fault f = (cb_fault)77;
        cr_expect_eq(cb_validate_oboxes(NULL, n, &f), CB_INVALID);
        cr_expect_eq(f, CB_FAULT_NONE);
        f = (cb_fault)77;
        cr_expect_eq(cb_validate_oboxes_aos(NULL, n, &f), CB_INVALID);
        cr_expect_eq(f, CB_FAULT_NONE);
        cr_expect_eq(cb_validate_oboxes(NULL, n, NULL), CB_INVALID);
        cr_expect_eq(cb_validate_oboxes_aos(NULL, n, NULL), CB_INVALID);
        if (n > 1)
            continue;
        for (int i = 0; i < 6; i++) { /* a member NULL: the others one valid element */
            cb_obox_soa one_null = good;
            const float **m[6] = {&one_null.cx, &one_null.cy, &one_null.hx,
                                  &one_null.hy, &one_null.c,  &one_null.s};
            *m[i] = NULL;
            f = (cb_fault)77;
            cr_expect_eq(cb_validate_oboxes(&one_null, n, &f), CB_INVALID, "member %d NULL", i);
            cr_expect_eq(f, CB_FAULT_NONE);
        }
    }
    no_leaks();
}

Test(validate, all_well_formed_returns_n)
{
    tk_rng r = {tb_seed() ^ 0x7a11};
    for (size_t n = 0; n <= 130; n++) {
        cb_box *b = tb_alloc_guarded(n * sizeof *b, 0);
        cb_circle *c = tb_alloc_guarded(n * sizeof *c, 0);
        for (size_t i = 0; i < n; i++)
            b[i] = good_box(&r), c[i] = good_circle(&r);
        check_boxes(b, n, n, CB_FAULT_NONE, "well-formed boxes");
        check_circles(c, n, n, CB_FAULT_NONE, "well-formed circles");
        tb_free(b), tb_free(c);
    }
    /* Degenerate but well-formed: a point box, zero radius, -0 vs +0 edges. */
    cb_box edge[] = {{0.0f, 0.0f, -0.0f, -0.0f}, {-0.0f, -0.0f, 0.0f, 0.0f}, {1, 1, 1, 1},
                     {-1.0e-45f, -1.0e-45f, -0.0f, 1.0e-45f}, {0x1p-149f, 0x1p-148f, 0x1p-149f, 0x1p-148f},
                     {-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX}};
    check_boxes(edge, sizeof edge / sizeof edge[0], sizeof edge / sizeof edge[0], CB_FAULT_NONE,
                "degenerate boxes");
    cb_circle ce[] = {{0, 0, 0.0f}, {0, 0, -0.0f}, {1.0e-45f, -1.0e-45f, 1.0e-45f}, {0, 0, FLT_MAX}};
    check_circles(ce, sizeof ce / sizeof ce[0], sizeof ce / sizeof ce[0], CB_FAULT_NONE,
                  "degenerate circles");
    no_leaks();
}

/* Non-finite values, each kind: quiet and signalling NaNs of both signs, payloads, infinities. */
static const uint32_t nan_bits[] = {0x7fc00000u, 0xffc00000u, 0x7fa00000u, 0x7f800001u, 0xffffffffu,
                                    0x7fffffffu, 0xff800001u};
static const float infs[] = {INFINITY, -INFINITY};

Test(validate, nan_and_inf_in_each_coordinate_at_first_bad_index)
{
    enum { N = 70 };
    static const size_t at[] = {0, 1, 15, 16, 31, 63, 64, N - 1};
    tk_rng r = {tb_seed() ^ 0xbad};
    cb_box *b = tb_alloc_guarded(N * sizeof *b, 0);
    cb_circle *c = tb_alloc_guarded(N * sizeof *c, 0);
    for (size_t i = 0; i < N; i++)
        b[i] = good_box(&r), c[i] = good_circle(&r);
    char what[160];
    for (size_t t = 0; t < sizeof at / sizeof at[0]; t++) {
        size_t k = at[t];
        for (int coord = 0; coord < 4; coord++) {
            for (size_t v = 0; v < sizeof nan_bits / sizeof nan_bits[0] + 2; v++) {
                int is_nan = v < sizeof nan_bits / sizeof nan_bits[0];
                float bad = is_nan ? tk_float(nan_bits[v]) : infs[v - sizeof nan_bits / sizeof nan_bits[0]];
                cb_fault want = is_nan ? CB_FAULT_NAN : CB_FAULT_INFINITE;
                /* a second bad element later must not matter: the FIRST is reported */
                cb_box sb = b[k], sl = b[N - 1];
                float *pb = &b[k].min_x;
                pb[coord] = bad;
                if (k + 1 < N)
                    b[N - 1].min_x = NAN;
                snprintf(what, sizeof what, "box %zu coordinate %d = 0x%08x", k, coord,
                         (unsigned)(is_nan ? nan_bits[v] : (bad > 0 ? 0x7f800000u : 0xff800000u)));
                check_boxes(b, N, k, want, what);
                b[k] = sb, b[N - 1] = sl;
                if (coord < 3) {
                    cb_circle sc = c[k], slc = c[N - 1];
                    float *pc = &c[k].x;
                    pc[coord] = bad;
                    if (k + 1 < N)
                        c[N - 1].r = -1.0f;
                    snprintf(what, sizeof what, "circle %zu component %d", k, coord);
                    check_circles(c, N, k, want, what);
                    c[k] = sc, c[N - 1] = slc;
                }
            }
        }
    }
    check_boxes(b, N, N, CB_FAULT_NONE, "restored boxes");
    check_circles(c, N, N, CB_FAULT_NONE, "restored circles");
    tb_free(b), tb_free(c);
    no_leaks();
}

Test(validate, inverted_boxes_and_signed_zeros)
{
    static const struct {
        cb_box b;
        cb_fault want;
        const char *what;
    } cases[] = {
        {{1.0f, 0, 0.99999994f, 1}, CB_FAULT_INVERTED, "x inverted by one ulp"},
        {{0, 1.0f, 1, 0.99999994f}, CB_FAULT_INVERTED, "y inverted by one ulp"},
        {{2, 2, 1, 1}, CB_FAULT_INVERTED, "both inverted"},
        {{0.0f, 0.0f, -0.0f, -0.0f}, CB_FAULT_NONE, "min +0, max -0: equal, not inverted"},
        {{-0.0f, -0.0f, 0.0f, 0.0f}, CB_FAULT_NONE, "min -0, max +0"},
        {{1.0e-45f, 0, 0.0f, 1}, CB_FAULT_INVERTED, "x: denormal min above max 0"},
        {{0, 0.0f, 1, -1.0e-45f}, CB_FAULT_INVERTED, "y: max is a negative denormal below min 0"},
        {{-1.0e-45f, -1.0e-45f, -0.0f, 0.0f}, CB_FAULT_NONE, "negative denormal min to -0 max"},
        {{-1.0e-45f, 0, 1.0e-45f, 0}, CB_FAULT_NONE, "denormals either side of zero"},
        {{0x1p-148f, 0, 0x1p-149f, 0}, CB_FAULT_INVERTED, "x: denormals inverted"},
        {{-0x1p-149f, 0, -0x1p-148f, 0}, CB_FAULT_INVERTED, "x: negative denormals inverted"},
        {{FLT_MAX, 0, -FLT_MAX, 0}, CB_FAULT_INVERTED, "x: FLT_MAX to -FLT_MAX"},
        {{-0.0f, 0, -1.0e-45f, 0}, CB_FAULT_INVERTED, "x: -0 min above a negative denormal max"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cb_box arr[3] = {{0, 0, 1, 1}, cases[i].b, {5, 5, 4, 4}};
        /* the case at index 1; index 2 is inverted too, so a well-formed case reports 2 */
        size_t want = cases[i].want == CB_FAULT_NONE ? 2 : 1;
        check_boxes(arr, 3, want, cases[i].want == CB_FAULT_NONE ? CB_FAULT_INVERTED : cases[i].want,
                    cases[i].what);
        check_boxes(&cases[i].b, 1, cases[i].want == CB_FAULT_NONE ? 1 : 0, cases[i].want,
                    cases[i].what);
    }
    no_leaks();
}

Test(validate, negative_radius)
{
    static const struct {
        float r;
        cb_fault want;
        const char *what;
    } cases[] = {
        {-1.0f, CB_FAULT_NEGATIVE_RADIUS, "-1"},
        {-1.0e-45f, CB_FAULT_NEGATIVE_RADIUS, "smallest negative denormal"},
        {-FLT_MIN, CB_FAULT_NEGATIVE_RADIUS, "-FLT_MIN"},
        {-FLT_MAX, CB_FAULT_NEGATIVE_RADIUS, "-FLT_MAX"},
        {-0.0f, CB_FAULT_NONE, "-0.0 counts as 0"},
        {0.0f, CB_FAULT_NONE, "+0"},
        {1.0e-45f, CB_FAULT_NONE, "denormal radius"},
        {FLT_MAX, CB_FAULT_NONE, "FLT_MAX"},
        {-INFINITY, CB_FAULT_INFINITE, "-inf is infinite first"},
        {INFINITY, CB_FAULT_INFINITE, "+inf"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cb_circle arr[2] = {{0, 0, 1}, {3, -4, cases[i].r}};
        check_circles(arr, 2, cases[i].want == CB_FAULT_NONE ? 2 : 1, cases[i].want, cases[i].what);
    }
    cb_circle neg_nan[1] = {{0, 0, tk_float(0xffc00000u)}};
    check_circles(neg_nan, 1, 0, CB_FAULT_NAN, "negative-signed NaN radius is NaN");
    no_leaks();
}

Test(validate, fault_priority_nan_then_infinite_then_inverted_then_negative_radius)
{
    static const struct {
        cb_box b;
        cb_fault want;
        const char *what;
    } boxes[] = {
        {{NAN, INFINITY, 0, 0}, CB_FAULT_NAN, "NaN x0 + inf y0"},
        {{INFINITY, 0, NAN, 0}, CB_FAULT_NAN, "inf x0 + NaN x1"},
        {{0, INFINITY, 1, 0}, CB_FAULT_INFINITE, "inf y0 (also inverted in y)"},
        {{5, 0, 1, -INFINITY}, CB_FAULT_INFINITE, "inverted x + -inf y1"},
        {{5, NAN, 1, 0}, CB_FAULT_NAN, "inverted x + NaN y0"},
        {{5, 5, 1, 1}, CB_FAULT_INVERTED, "inverted both"},
    };
    for (size_t i = 0; i < sizeof boxes / sizeof boxes[0]; i++)
        check_boxes(&boxes[i].b, 1, 0, boxes[i].want, boxes[i].what);
    static const struct {
        cb_circle c;
        cb_fault want;
        const char *what;
    } circles[] = {
        {{NAN, 0, -1}, CB_FAULT_NAN, "NaN x + negative r"},
        {{0, INFINITY, -1}, CB_FAULT_INFINITE, "inf y + negative r"},
        {{INFINITY, NAN, 1}, CB_FAULT_NAN, "inf x + NaN y"},
        {{0, 0, -INFINITY}, CB_FAULT_INFINITE, "r = -inf"},
        {{-INFINITY, 0, NAN}, CB_FAULT_NAN, "-inf x + NaN r"},
    };
    for (size_t i = 0; i < sizeof circles / sizeof circles[0]; i++)
        check_circles(&circles[i].c, 1, 0, circles[i].want, circles[i].what);

    /* The first bad element wins, whatever the faults after it. */
    cb_box seq[] = {{0, 0, 1, 1}, {0, 0, 1, 1}, {3, 0, 2, 1}, {NAN, 0, 1, 1}, {INFINITY, 0, 1, 1}};
    check_boxes(seq, 5, 2, CB_FAULT_INVERTED, "inverted at 2, NaN at 3");
    cb_circle cseq[] = {{0, 0, 1}, {0, 0, -2}, {NAN, 0, 1}, {INFINITY, 0, 1}};
    check_circles(cseq, 4, 1, CB_FAULT_NEGATIVE_RADIUS, "negative r at 1, NaN at 2");
    no_leaks();
}
