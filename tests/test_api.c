/* test_api.c - the entry table (cb_entry_*), the public batch functions' documented argument handling (NULL, n == 0, flags, margins, index limit) through it, and the validators against their definition. */
#define _GNU_SOURCE /* RTLD_DEFAULT, dladdr */
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/hooks.h>

#include <dlfcn.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

static const cb_entry_info *info_or_fail(size_t e)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    cr_assert_not_null(d, "entry %zu of %zu has no descriptor", e, cb_entry_count());
    return d;
}

/* ------------------------------------------------------- the entry table */

/* Every entry is described, once: a unique name that cb_entry_find finds
 * back (by content, not by pointer), fields within the header's enums, and
 * no two entries computing the same thing from the same input. Anything
 * past the last entry is absent. */
Test(api, entry_table)
{
    size_t ne = cb_entry_count();
    cr_assert_gt(ne, 0, "the library has no entries");
    cr_assert_eq(cb_entry_count(), ne, "cb_entry_count is not stable");
    for (size_t e = 0; e < ne; e++) {
        const cb_entry_info *d = info_or_fail(e);
        cr_assert_eq(cb_entry_info_of(e), d, "cb_entry_info_of(%zu) is not stable", e);
        cr_assert(d->name && strncmp(d->name, "cb_", 3) == 0 && d->name[3],
                  "entry %zu: name \"%s\" is not a cbatch function", e,
                  d->name ? d->name : "(null)");
        cr_assert(d->form == CB_FORM_BATCH || d->form == CB_FORM_PAIRS ||
                      d->form == CB_FORM_CANDIDATES,
                  "%s: form %d", d->name, (int)d->form);
        if (d->form != CB_FORM_BATCH)
            continue; /* the pairs and candidates forms: test_pairs.c, pairs.entry_table */
        /* Extend with the header's enums when they grow. Both sides are
         * float shapes, or both integer ones. */
        int integer = d->one == CB_SHAPE_ICIRCLE || d->one == CB_SHAPE_IBOX;
        if (d->query == CB_QUERY_SWEEP) { /* a moving circle against elements, or moving
                                           * circles against one box: times, records */
            cr_assert(((d->one == CB_SHAPE_SWEEP &&
                        (d->many == CB_SHAPE_BOX || d->many == CB_SHAPE_CIRCLE ||
                         d->many == CB_SHAPE_OBOX)) ||
                       (d->one == CB_SHAPE_BOX && d->many == CB_SHAPE_SWEEP)) &&
                          (d->output == CB_OUTPUT_TIMES || d->output == CB_OUTPUT_HITS ||
                           d->output == CB_OUTPUT_FIRST_HIT),
                      "%s: a sweep entry with one %d, many %d, output %d", d->name, d->one,
                      d->many, d->output);
            cr_assert_eq(cb_entry_find(d->name), e, "%s", d->name);
            continue;
        }
        cr_assert(d->one != CB_SHAPE_SWEEP, "%s: a sweep outside the sweep query", d->name);
        cr_assert(integer || d->one == CB_SHAPE_CIRCLE || d->one == CB_SHAPE_BOX ||
                      d->one == CB_SHAPE_OBOX,
                  "%s: one %d", d->name, d->one);
        cr_assert(integer ? d->many == CB_SHAPE_ICIRCLE || d->many == CB_SHAPE_IBOX
                          : d->many == CB_SHAPE_CIRCLE || d->many == CB_SHAPE_BOX ||
                                d->many == CB_SHAPE_OBOX,
                  "%s: many %d", d->name, d->many);
        /* Every pair has a circle on one side (cbatch.h has no box-box query). */
        cr_assert(d->one == CB_SHAPE_CIRCLE || d->many == CB_SHAPE_CIRCLE ||
                      d->one == CB_SHAPE_ICIRCLE || d->many == CB_SHAPE_ICIRCLE,
                  "%s: one %d, many %d", d->name, d->one, d->many);
        cr_assert(d->layout == CB_LAYOUT_SOA || d->layout == CB_LAYOUT_AOS, "%s: layout %d",
                  d->name, d->layout);
        cr_assert(d->output == CB_OUTPUT_MASK || d->output == CB_OUTPUT_INDICES ||
                      d->output == CB_OUTPUT_DISTANCES || d->output == CB_OUTPUT_CONTACTS ||
                      (integer && (d->output == CB_OUTPUT_INT_DISTANCES ||
                                   d->output == CB_OUTPUT_INT_CONTACTS)),
                  "%s: output %d", d->name, d->output);
        cr_assert(d->query == CB_QUERY_OVERLAP || d->query == CB_QUERY_DISTANCE ||
                      d->query == CB_QUERY_CONTACTS,
                  "%s: query %d", d->name, d->query);
        /* What each query writes (cbatch.h): overlap a hit set (mask or
         * indices), distance the separations, contacts the records. */
        cb_output distances = integer ? CB_OUTPUT_INT_DISTANCES : CB_OUTPUT_DISTANCES;
        cb_output contacts = integer ? CB_OUTPUT_INT_CONTACTS : CB_OUTPUT_CONTACTS;
        cr_assert(d->query == CB_QUERY_OVERLAP
                      ? d->output == CB_OUTPUT_MASK || d->output == CB_OUTPUT_INDICES
                      : d->output == (d->query == CB_QUERY_DISTANCE ? distances : contacts),
                  "%s: query %d with output %d", d->name, d->query, d->output);

        cr_assert_eq(cb_entry_find(d->name), e, "cb_entry_find(\"%s\") is %zu, want %zu", d->name,
                     cb_entry_find(d->name), e);
        char copy[128];
        cr_assert_lt(strlen(d->name), sizeof copy - 2, "%s: name too long for this test", d->name);
        strcpy(copy, d->name);
        cr_assert_eq(cb_entry_find(copy), e, "cb_entry_find compares pointers, not names (%s)",
                     d->name);
        /* Near misses are not found: a prefix, an extension, another case. */
        copy[strlen(copy) - 1] = 0;
        cr_assert_eq(cb_entry_find(copy), ne, "the prefix \"%s\" was found", copy);
        strcpy(copy, d->name);
        strcat(copy, "x");
        cr_assert_eq(cb_entry_find(copy), ne, "\"%s\" was found", copy);
        strcpy(copy, d->name);
        copy[0] = 'C';
        cr_assert_eq(cb_entry_find(copy), ne, "\"%s\" was found", copy);

        for (size_t o = 0; o < e; o++) {
            const cb_entry_info *x = info_or_fail(o);
            cr_assert_str_neq(d->name, x->name, "entries %zu and %zu share a name", o, e);
            cr_assert(d->query != x->query || d->one != x->one || d->many != x->many ||
                          d->layout != x->layout || d->output != x->output,
                      "%s and %s have the same description", x->name, d->name);
        }
    }
    const size_t past[] = {ne, ne + 1, SIZE_MAX};
    for (size_t k = 0; k < sizeof past / sizeof past[0]; k++)
        cr_assert_null(cb_entry_info_of(past[k]), "cb_entry_info_of(%zu) with %zu entries",
                       past[k], ne);
    const char *unknown[] = {"", "cb_", "cb_batch", "cb_overlap", "cb_entry_call", "bogus"};
    for (size_t k = 0; k < sizeof unknown / sizeof unknown[0]; k++)
        cr_assert_eq(cb_entry_find(unknown[k]), ne, "cb_entry_find(\"%s\")", unknown[k]);
    cr_assert_eq(cb_entry_find(NULL), ne, "cb_entry_find(NULL)");
}

/* The address of a function as an object pointer, for dladdr (ISO C has no
 * conversion between the two; POSIX requires them to be the same size). */
#define FN_ADDR(dst, fn)                                                                           \
    do {                                                                                           \
        size_t (*fp_)(void) = (fn);                                                                \
        memcpy(&(dst), &fp_, sizeof(dst));                                                         \
    } while (0)

static size_t in_this_program(void) { return 0; }

/* Each entry's name is an exported symbol of the library: a binding can
 * resolve every entry by the name the table gives. Checkable only when this
 * program uses the shared library (a static link leaves the library's
 * symbols out of the dynamic symbol table). */
Test(api, entry_names_are_exported_symbols)
{
    void *lib_fn, *own_fn;
    FN_ADDR(lib_fn, cb_entry_count);
    FN_ADDR(own_fn, in_this_program);
    Dl_info lib, own;
    cr_assert(dladdr(lib_fn, &lib) && dladdr(own_fn, &own), "dladdr failed");
    if (lib.dli_fbase == own.dli_fbase)
        cr_skip_test("the library is linked statically into this test: its symbols are not "
                     "exported to dlsym");
    cr_log_info("library loaded from %s", lib.dli_fname);
    size_t ne = cb_entry_count();
    void **seen = malloc(ne * sizeof *seen);
    cr_assert_not_null(seen);
    for (size_t e = 0; e < ne; e++) {
        const cb_entry_info *d = info_or_fail(e);
        void *sym = dlsym(RTLD_DEFAULT, d->name);
        cr_assert_not_null(sym, "%s is not an exported symbol: %s", d->name, dlerror());
        Dl_info where;
        cr_assert(dladdr(sym, &where), "dladdr(%s) failed", d->name);
        cr_assert_eq(where.dli_fbase, lib.dli_fbase, "%s resolves outside the library (%s)",
                     d->name, where.dli_fname);
        cr_assert(where.dli_sname && strcmp(where.dli_sname, d->name) == 0,
                  "%s resolves to the symbol %s", d->name,
                  where.dli_sname ? where.dli_sname : "(none)");
        for (size_t o = 0; o < e; o++)
            cr_assert_neq(sym, seen[o], "%s and %s are one function", d->name,
                          cb_entry_info_of(o)->name);
        seen[e] = sym;
    }
    free(seen);
}

/* A small input every entry can read: n random boxes and circles, as views. */
typedef struct {
    tb_corpus c;
    cb_box_soa bs;
    cb_circle_soa cs;
    tk_views v;
} input;

static void input_new(input *in, size_t n, uint64_t stream)
{
    in->c = tb_corpus_new(n);
    tk_rng r = tb_rng_for(stream);
    tb_corpus_fill_random(&in->c, &r);
    in->v = tb_corpus_views(&in->c, &in->bs, &in->cs);
}

/* The arguments of entry d on `in` with probes that hit some of the random
 * elements and miss others (the field the entry does not read stays zero;
 * the margin, read by contact entries only, is 1). */
static cb_args args_for(const cb_entry_info *d, const input *in, size_t n, void *out,
                        unsigned flags)
{
    tk_probe probe = tb_probe((cb_circle){128, 128, 90}, (cb_box){64, 64, 192, 192});
    return tk_args(d, &probe, tk_pick(d, &in->v), n, out, flags, 1.0f);
}

/* Out-of-range entries and a NULL args are refused without a call. */
Test(api, entry_call_invalid)
{
    enum { N = 70 };
    input in;
    input_new(&in, N, 0x9300000u);
    uint64_t out[N];
    size_t ne = cb_entry_count();
    const size_t past[] = {ne, ne + 1, SIZE_MAX};
    for (size_t k = 0; k < sizeof past / sizeof past[0]; k++) {
        cb_args a = args_for(info_or_fail(0), &in, N, out, 0);
        memset(out, 0xEF, sizeof out);
        cr_assert_eq(cb_entry_call(past[k], &a), CB_INVALID, "cb_entry_call(%zu)", past[k]);
        cr_assert_eq(out[0], 0xEFEFEFEFEFEFEFEFull, "cb_entry_call(%zu) wrote output", past[k]);
        cr_assert_eq(cb_entry_call(past[k], NULL), CB_INVALID);
    }
    for (size_t e = 0; e < ne; e++)
        cr_assert_eq(cb_entry_call(e, NULL), CB_INVALID, "cb_entry_call(%s, NULL)",
                     info_or_fail(e)->name);
    tb_corpus_free(&in.c);
}

/* cb_entry_kernel hands out a kernel exactly for an entry in range on a
 * backend cb_backend_status says can run. */
Test(api, entry_kernel_availability)
{
    size_t ne = cb_entry_count();
    const size_t past[] = {ne, ne + 1, SIZE_MAX};
    const int bad_backends[] = {CB_BACKEND_COUNT, CB_BACKEND_COUNT + 1, 1000, -1};
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        const char *why = NULL;
        cb_status st = cb_backend_status((cb_backend)b, &why);
        for (size_t e = 0; e < ne; e++) {
            cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)b);
            if (st == CB_OK)
                cr_assert_not_null(k, "%s on %s, which can run", info_or_fail(e)->name,
                                   cb_backend_name((cb_backend)b));
            else
                cr_assert_null(k, "%s on %s, which cannot run here (%s)", info_or_fail(e)->name,
                               cb_backend_name((cb_backend)b), why);
        }
        for (size_t k = 0; k < sizeof past / sizeof past[0]; k++)
            cr_assert_null(cb_entry_kernel(past[k], (cb_backend)b), "entry %zu on %s", past[k],
                           cb_backend_name((cb_backend)b));
    }
    for (size_t e = 0; e < ne; e++)
        for (size_t k = 0; k < sizeof bad_backends / sizeof bad_backends[0]; k++)
            cr_assert_null(cb_entry_kernel(e, (cb_backend)bad_backends[k]), "%s on backend %d",
                           info_or_fail(e)->name, bad_backends[k]);
}

/* cb_entry_call is the public function on the active backend: on every
 * runnable backend, forced in turn, it gives that backend's raw kernel's
 * result (the raw kernel in the default float environment, as here). */
Test(api, entry_call_matches_active_kernel)
{
    static const size_t ns[] = {0, 1, 17, 64, 70, 1001};
    enum { MAXN = 1001 };
    input in;
    input_new(&in, MAXN, 0x9400000u);
    size_t compared = 0;
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        if (cb_set_backend((cb_backend)b) != CB_OK)
            continue;
        cr_assert_eq(cb_active_backend(), (cb_backend)b);
        TK_FOR_ENTRIES(e, TK_BATCH) {
            const cb_entry_info *d = info_or_fail(e);
            cb_kernel_fn k = cb_entry_kernel(e, cb_active_backend());
            cr_assert_not_null(k);
            tk_out pub, raw;
            tk_out_malloc(&pub, d, MAXN), tk_out_malloc(&raw, d, MAXN);
            for (size_t li = 0; li < sizeof ns / sizeof ns[0]; li++)
                for (unsigned f = 0; f <= (CB_STRICT | CB_TRUST_FENV); f++) {
                    size_t n = ns[li];
                    tk_out_fill(&pub, 0xA5);
                    tk_out_fill(&raw, 0x5A);
                    cb_args a = args_for(d, &in, n, pub.out, f);
                    size_t hp = cb_entry_call(e, &a);
                    a.out = raw.out;
                    size_t hr = k(&a);
                    char why[256];
                    cr_assert(tk_same_output(d, n, hp, pub.out, hr, raw.out, why, sizeof why),
                              "backend %s, flags 0x%x: cb_entry_call vs cb_entry_kernel: %s",
                              cb_backend_name((cb_backend)b), f, why);
                    compared += hp != 0;
                }
            tk_out_free(&pub), tk_out_free(&raw);
        }
    }
    cr_assert_gt(compared, 0, "no call had a hit: the comparison proves little");
    tb_corpus_free(&in.c);
}

/* ------------------------------------------------- batch argument checks */

#define POISON 0xEF

/* NULL with n > 0 (the output, the input, each member of a SoA input, each
 * array of a cb_contacts), unknown flag bits (any n), a margin that is not
 * finite and >= 0 for a contact entry (any n): CB_INVALID and nothing
 * written. n == 0 with any pointers: 0, nothing written. A margin of -0.0
 * is a valid margin (the result of margin 0), and entries that read no
 * margin ignore it. Every entry, through its public function
 * (cb_entry_call). */
Test(api, batch_argument_checks)
{
    enum { N = 70 };
    input in;
    input_new(&in, N, 0x9000000u);
    size_t contact_entries = 0;

    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = info_or_fail(e);
        const char *fn = d->name;
        tk_out o;
        tk_out_malloc(&o, d, N);
        const cb_args good = args_for(d, &in, N, o.out, 0);
#define RESET() tk_out_fill(&o, POISON)
#define UNTOUCHED() tk_out_untouched(&o, POISON)

        /* The valid call works (the baseline the failures are measured against). */
        RESET();
        size_t h = cb_entry_call(e, &good);
        if (d->output == CB_OUTPUT_DISTANCES || d->output == CB_OUTPUT_TIMES)
            cr_assert_eq(h, N, "%s: valid call gave %zu", fn, h);
        else
            cr_assert(h != CB_INVALID && h > 0 && h < N, "%s: valid call gave %zu", fn, h);

        /* Unknown flag bits, with valid pointers and with n == 0. */
        const unsigned bad_flags[] = {4u, 8u, 0x80000000u, CB_STRICT | 4u, CB_TRUST_FENV | 8u, ~0u};
        for (size_t k = 0; k < sizeof bad_flags / sizeof bad_flags[0]; k++) {
            cb_args a = good;
            a.flags = bad_flags[k];
            RESET();
            cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s flags 0x%x", fn, bad_flags[k]);
            cr_assert(UNTOUCHED(), "%s wrote output for flags 0x%x", fn, bad_flags[k]);
            a.n = 0;
            cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s n == 0 flags 0x%x", fn,
                         bad_flags[k]);
        }

        /* NULL output, NULL input array, and each NULL member of a SoA struct. */
        cb_args a = good;
        a.out = NULL;
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s NULL output", fn);
        a = good;
        a.many = NULL;
        RESET();
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s NULL input", fn);
        cr_assert(UNTOUCHED(), "%s wrote output for a NULL input", fn);
        if (d->layout == CB_LAYOUT_SOA) {
            size_t members = tk_soa_arrays(d);
            cr_assert(members >= 3, "%s: a SoA input of %zu arrays", fn, members);
            for (size_t m = 0; m < members; m++) {
                tk_soa copy;
                a = good;
                a.many = tk_soa_without(d, good.many, m, &copy);
                RESET();
                cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s NULL member %zu", fn, m);
                cr_assert(UNTOUCHED(), "%s wrote output for a NULL member", fn);
            }
        }

        if (d->output == CB_OUTPUT_CONTACTS) {
            contact_entries++;
            /* Each of the 7 arrays of the cb_contacts NULL in turn: the
             * others are valid, so only the check stands between the
             * kernel and a NULL store. With n == 0 the NULL is valid. */
            for (size_t m = 0; m < o.arrays; m++) {
                tk_out_struct c;
                a = good;
                a.out = tk_out_without(&o, m, &c);
                RESET();
                cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s NULL cb_contacts.%s", fn,
                             o.name[m]);
                cr_assert(UNTOUCHED(), "%s wrote output with a NULL cb_contacts.%s", fn, o.name[m]);
                a.n = 0;
                cr_assert_eq(cb_entry_call(e, &a), 0, "%s n == 0, NULL cb_contacts.%s", fn,
                             o.name[m]);
                cr_assert(UNTOUCHED(), "%s n == 0 wrote output", fn);
            }
            /* Margins that are NaN, infinite or negative, with n > 0 and
             * with n == 0 (and NULL pointers then). */
            for (size_t k = 0; k < tb_bad_margin_count; k++) {
                a = good;
                a.margin = tb_bad_margins[k];
                RESET();
                cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s margin %a", fn,
                             (double)tb_bad_margins[k]);
                cr_assert(UNTOUCHED(), "%s wrote output for margin %a", fn,
                          (double)tb_bad_margins[k]);
                a.n = 0;
                cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s n == 0, margin %a", fn,
                             (double)tb_bad_margins[k]);
                a.many = NULL, a.out = NULL;
                cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s n == 0, NULL, margin %a", fn,
                             (double)tb_bad_margins[k]);
            }
            /* -0.0 is >= 0: accepted, and the same as margin 0 bit for bit. */
            tk_out zero;
            tk_out_malloc(&zero, d, N);
            a = good;
            a.margin = 0.0f;
            a.out = zero.out;
            size_t hz = cb_entry_call(e, &a);
            a = good;
            a.margin = -0.0f;
            RESET();
            size_t hm = cb_entry_call(e, &a);
            char why[256];
            cr_assert(hm != CB_INVALID, "%s refused margin -0.0", fn);
            cr_assert(tk_same_output(d, N, hm, o.out, hz, zero.out, why, sizeof why),
                      "%s: margin -0.0 vs margin 0: %s", fn, why);
            tk_out_free(&zero);
        } else {
            /* Entries that read no margin ignore it, whatever it holds. */
            tk_out ref;
            tk_out_malloc(&ref, d, N);
            a = good;
            a.out = ref.out;
            size_t want = cb_entry_call(e, &a);
            for (size_t k = 0; k < tb_bad_margin_count; k++) {
                a = good;
                a.margin = tb_bad_margins[k];
                RESET();
                size_t got = cb_entry_call(e, &a);
                char why[256];
                cr_assert(tk_same_output(d, N, got, o.out, want, ref.out, why, sizeof why),
                          "%s, which reads no margin, with margin %a: %s", fn,
                          (double)tb_bad_margins[k], why);
            }
            tk_out_free(&ref);
        }

        /* n == 0 with valid pointers: 0, nothing written (NULL pointers:
         * the test empty_with_null_pointers). */
        a = good;
        a.n = 0;
        RESET();
        cr_assert_eq(cb_entry_call(e, &a), 0, "%s n == 0", fn);
        cr_assert(UNTOUCHED(), "%s wrote output for n == 0", fn);
#undef RESET
#undef UNTOUCHED
        tk_out_free(&o);
    }
    cr_assert_gt(contact_entries, 0,
                 "no contact entry: the margin and cb_contacts checks ran on nothing");
    tb_corpus_free(&in.c);
}

/* n == 0: any pointers (NULL everywhere) are valid, 0 is returned. A test of
 * its own, so a crash here does not hide the other argument checks. */
Test(api, empty_with_null_pointers)
{
    input in;
    input_new(&in, 1, 0x9010000u);
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = info_or_fail(e);
        for (unsigned f = 0; f <= (CB_STRICT | CB_TRUST_FENV); f++) {
            cb_args a = args_for(d, &in, 0, NULL, f);
            a.many = NULL;
            cr_assert_eq(cb_entry_call(e, &a), 0, "%s n == 0, NULL, flags 0x%x", d->name, f);
        }
    }
    tb_corpus_free(&in.c);
}

/* Index outputs (index lists, and the contact records, which carry uint32_t
 * indices) refuse n > CB_INDEX_MAX_N before touching memory (only
 * expressible when size_t is wider than 32 bits). The arrays are tiny and
 * end at guard pages: a function that did not check would read far past
 * them and crash. */
Test(api, index_limit)
{
#if SIZE_MAX > UINT32_MAX
    input in;
    input_new(&in, 4, 0x9100000u);
    const size_t too_many[] = {(size_t)CB_INDEX_MAX_N + 1, SIZE_MAX, SIZE_MAX - 1};
    size_t tested = 0;
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = info_or_fail(e);
        if (d->output != CB_OUTPUT_INDICES && d->output != CB_OUTPUT_CONTACTS)
            continue;
        tk_out o;
        tb_out_new(&o, d, 4, 0, 0);
        for (size_t k = 0; k < 3; k++) {
            cb_args a = args_for(d, &in, too_many[k], o.out, 0);
            tk_out_fill(&o, POISON);
            cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s n %zu", d->name, too_many[k]);
            cr_assert(tk_out_untouched(&o, POISON), "%s n %zu wrote output", d->name, too_many[k]);
        }
        tk_out_free(&o);
        tested++;
    }
    tb_corpus_free(&in.c);
    if (!tested)
        cr_skip_test("no entry writes indices");
#else
    cr_skip_test("size_t is 32 bits: n cannot exceed CB_INDEX_MAX_N");
#endif
}

/* ------------------------------------------------------------ validators */

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
    tk_rng r = tb_rng_for(0x9200000u);
    size_t faults_seen[5] = {0};
    for (int trial = 0; trial < 600; trial++) {
        size_t n = trial < 68 ? (size_t)trial : 1 + (size_t)(tk_next(&r) % 3000);
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
        size_t plant = n ? 1 + (size_t)(tk_next(&r) % 3) : 0;
        for (size_t p = 0; p < plant && trial % 5; p++) { /* every fifth trial stays clean */
            size_t i = (size_t)(tk_next(&r) % n);
            cb_box b = c.boxes[i];
            cb_circle ci = c.circles[i];
            for (int k = 0; k < 1 + (int)(tk_next(&r) % 3); k++) {
                float v = tb_adversarial[tk_next(&r) % tb_adversarial_count];
                switch (tk_next(&r) % 8) {
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
            if ((fb = ref_box_fault(c.boxes[i])) != CB_FAULT_NONE)
                want_b = i;
        for (size_t i = 0; i < n && want_c == n; i++)
            if ((fc = ref_circle_fault(c.circles[i])) != CB_FAULT_NONE)
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
