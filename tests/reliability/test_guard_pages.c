/* test_guard_pages.c - Criterion: every entry at every length 0..200 on every runnable backend, raw and public, inputs and every output array flush against PROT_NONE pages on either side. */
#include "rel.h"
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <stdio.h>

#define MAX_N 200

/* The same data twice: arrays ending at a guard page (tb_corpus_new) and
 * arrays starting right after one (tb_corpus_new_at(n, 1, 0): every array,
 * the six of the oriented boxes included), so an over-read past n and an
 * under-read before 0 both crash the test instead of reading a neighbour's
 * bytes. */

/* Runs one length on backend b, raw and public, against the raw scalar
 * kernel; returns the number of failures. */
static int one_length(size_t n, tk_rng *r, cb_backend b)
{
    int failures = 0;
    tb_corpus c = tb_corpus_new(n);
    if (n % 3 == 2)
        tb_corpus_fill_adversarial(&c, r);
    else
        tb_corpus_fill_random(&c, r);
    tb_corpus bc = tb_corpus_new_at(n, 1, 0);
    tb_corpus_copy(&bc, &c);

    /* A circle and a box (and its twin) large enough to hit part of the random level. */
    cb_circle circle = {tk_uniform(r, 0, 256), tk_uniform(r, 0, 256), tk_uniform(r, 1, 90)};
    float bx = tk_uniform(r, 0, 200), by = tk_uniform(r, 0, 200);
    cb_box box = {bx, by, bx + tk_uniform(r, 0, 60), by + tk_uniform(r, 0, 60)};
    tk_probe probe = tb_probe(circle, box);
    if (n % 3 == 2 && n) { /* adversarial: use the corpus' own values */
        probe.circle = c.circles[tk_next(r) % n], probe.box = c.boxes[tk_next(r) % n];
        probe.obox = c.oboxes[tk_next(r) % n];
    }

    /* inputs[0] ends at a guard page, inputs[1] starts right after one. */
    cb_box_soa s_after, s_before;
    cb_circle_soa cs_after, cs_before;
    tk_views inputs[2] = {tb_corpus_views(&c, &s_after, &cs_after),
                          tb_corpus_views(&bc, &s_before, &cs_before)};
    char what[200];

    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        cb_kernel_fn scalar = cb_entry_kernel(e, CB_BACKEND_SCALAR);
        cb_kernel_fn k = cb_entry_kernel(e, b);
        if (!scalar || !k) {
            fprintf(stderr, "%s: cb_entry_kernel gave no kernel on %s or scalar, both runnable\n",
                    d->name, cb_backend_name(b));
            failures++;
            continue;
        }
        /* outs[0]: every output array (each of the 7 of a cb_contacts, and
         * the struct) ends at a guard page; outs[1]: each starts right after
         * one, misaligned by n % 4 units. The reference output is on the heap. */
        tk_out outs[2], ref;
        tb_out_new(&outs[0], d, n, 0, 0);
        tb_out_new(&outs[1], d, n, 1, n % 4);
        tk_out_malloc(&ref, d, n);
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            tk_out_fill(&ref, 0xA5);
            cb_args a = rel_args(d, &inputs[0], &probe, n, ref.out, flags);
            a.margin = tb_margins[(n + flags) % tb_margin_count];
            size_t want = scalar(&a);
            char why[200];
            if (!tk_check_format(d, n, want, ref.out, why, sizeof why)) {
                fprintf(stderr, "scalar %s n=%zu: %s\n", d->name, n, why);
                failures++;
            }
            for (int pub = 0; pub < 2; pub++) {
                if (pub && cb_set_backend(b) != CB_OK) {
                    fprintf(stderr, "cb_set_backend(%s) failed\n", cb_backend_name(b));
                    failures++;
                    continue;
                }
                for (int in = 0; in < 2; in++)
                    for (int o = 0; o < 2; o++) {
                        tk_out_fill(&outs[o], 0xA5);
                        tk_out_fill_pads(&outs[o], 0xEF);
                        float margin = a.margin;
                        a = rel_args(d, &inputs[in], &probe, n, outs[o].out, flags);
                        a.margin = margin;
                        size_t got = pub ? cb_entry_call(e, &a) : k(&a);
                        snprintf(what, sizeof what,
                                 "%s %s flags=%u, inputs %s guard, output %s guard",
                                 pub ? "public on" : "raw", cb_backend_name(b), flags,
                                 in ? "after a" : "before a", o ? "after a" : "before a");
                        failures += !rel_same(d, n, got, outs[o].out, want, ref.out, what);
                        if (!tk_out_pads_intact(&outs[o], 0xEF) || !tk_out_intact(&outs[o])) {
                            fprintf(stderr, "%s %s: wrote outside an output array or into the "
                                    "cb_contacts\n", what, d->name);
                            failures++;
                        }
                    }
            }
        }
        tk_out_free(&outs[0]), tk_out_free(&outs[1]), tk_out_free(&ref);
    }
    cb_set_backend_by_name("auto");
    tb_corpus_free(&bc);
    tb_corpus_free(&c);
    return failures;
}

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

/* Every backend enumerator, runnable here or not: one test each, so a
 * backend this CPU or build lacks is a named skip, never a silent pass. */
static int all_backends[CB_BACKEND_COUNT];

ParameterizedTestParameters(guard, every_length_0_to_200_raw_and_public)
{
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        all_backends[b] = b;
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

ParameterizedTest(int *bp, guard, every_length_0_to_200_raw_and_public, .timeout = 600)
{
    cb_backend b = (cb_backend)*bp;
    const char *why = "(no reason given)";
    if (cb_backend_status(b, &why) != CB_OK)
        cr_skip_test("backend %s not runnable here: %s", cb_backend_name(b), why);
    /* Parameterized instances share one test name: say which one this is. */
    cr_log_info("guard pages: backend %s, every entry", cb_backend_name(b));
    tk_rng r = {tb_seed() ^ 0x6a4d};
    for (size_t n = 0; n <= MAX_N; n++) {
        int f = one_length(n, &r, b);
        cr_expect_eq(f, 0, "%s n=%zu: %d difference(s), see stderr", cb_backend_name(b), n, f);
    }
    cr_assert_eq(rel_leaks(), 0, "LeakSanitizer found leaks (report above)");
}
