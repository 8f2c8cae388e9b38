/* test_backends.c - every runnable backend's raw kernel of every entry, and every entry's public function, are bit-identical to the scalar backend and agree with testkit's reference. */
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
 * How this file works
 *
 * Entries and backends come from the library's tables (cb_entry_count,
 * cb_entry_info_of, cb_entry_kernel), never from a list here or from the
 * build's architecture: a new entry is tested without editing this file,
 * and on AArch64 the same file compares NEON with scalar. A backend that
 * cannot run here is reported as skipped by name, with the library's reason.
 *
 * Every check is check_call(): one call of one entry on one input, made
 * three times, by the subject (a backend's raw kernel, or the public
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

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

/* ------------------------------------------------------- test parameters */

/* Parameters of the per-backend tests: every enumerator, runnable here or not. */
static int all_backends[CB_BACKEND_COUNT] = {0, 1, 2, 3, 4, 5};

/* One instance of a test over (backend, entry). */
typedef struct {
    int backend;
    size_t entry;
} be_param;

static void free_params(struct criterion_test_params *p) { cr_free(p->params); }

/* Every (backend, entry): the entries are counted at run time, so the array
 * is allocated, in the memory Criterion shares with the test processes. */
static struct criterion_test_params be_params(void)
{
    size_t ne = cb_entry_count(), k = 0;
    be_param *p = cr_malloc(sizeof *p * CB_BACKEND_COUNT * ne);
    if (!p) { /* not inside a test: no assertion can report it */
        perror("cr_malloc");
        abort();
    }
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        for (size_t e = 0; e < ne; e++)
            p[k].backend = b, p[k].entry = e, k++;
    return cr_make_param_array(be_param, p, k, free_params);
}

/* ---------------------------------------------------------------- subjects */

/* What is compared with the scalar kernel and the reference: entry e run by
 * a raw kernel, or by its public function (fn == NULL: cb_entry_call). */
typedef struct {
    const char *backend; /* the backend's name, for messages */
    size_t e;
    const cb_entry_info *d;
    cb_kernel_fn fn;
    cb_kernel_fn scalar; /* the scalar backend's kernel of the same entry */
} subject;

static size_t subject_run(const subject *s, const cb_args *a)
{
    return s->fn ? s->fn(a) : cb_entry_call(s->e, a);
}

static const cb_entry_info *info_or_fail(size_t e)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    cr_assert_not_null(d, "entry %zu of %zu has no descriptor", e, cb_entry_count());
    return d;
}

static cb_kernel_fn scalar_kernel(size_t e)
{
    cb_kernel_fn k = cb_entry_kernel(e, CB_BACKEND_SCALAR);
    cr_assert_not_null(k, "the scalar backend must always have a kernel (entry %s)",
                       cb_entry_info_of(e)->name);
    return k;
}

/* Backend b's name when it can run here; otherwise every entry's kernel must
 * be NULL, and the test is skipped naming the backend and the library's
 * reason (never a silent pass). The message names no entry, so all the
 * instances of one backend report one reason. */
static const char *runnable_or_skip(int b)
{
    const char *name = cb_backend_name((cb_backend)b);
    const char *why = "(no reason given)";
    cb_status st = cb_backend_status((cb_backend)b, &why);
    if (st == CB_OK)
        return name;
    for (size_t e = 0; e < cb_entry_count(); e++)
        cr_assert_null(cb_entry_kernel(e, (cb_backend)b),
                       "cb_entry_kernel(%s, %s) must be NULL when cb_backend_status says %s",
                       info_or_fail(e)->name, name, cb_status_string(st));
    cr_skip_test("SKIP backend %s: %s", name, why);
    return NULL; /* not reached */
}

/* The raw kernel of entry e on backend b as a subject, or a skip. */
static subject kernel_or_skip(int b, size_t e)
{
    const char *name = runnable_or_skip(b);
    subject s = {name, e, info_or_fail(e), cb_entry_kernel(e, (cb_backend)b), scalar_kernel(e)};
    cr_assert_not_null(s.fn, "backend %s is runnable but has no kernel for %s", name, s.d->name);
    /* Parameterized instances share one test name: say which one this is.
     * scripts/lib.sh collects the backends compared from these lines. */
    cr_log_info("backend %s (against scalar): %s", name, s.d->name);
    return s;
}

/* ------------------------------------------------------------ outputs */

/* The outputs of one entry at one length, shared by every call on a corpus:
 * the subject's, the scalar kernel's and the reference's, each as testkit
 * lays out the entry's output kind (one array, or the 7 arrays of a
 * cb_contacts and the struct). With guard_after, every array of the
 * subject's ends at a PROT_NONE page, so writing one unit too many faults.
 * Otherwise each starts right after one (an under-write faults), misaligned
 * by 0..3 units, and canaries follow it. The scalar kernel's and the
 * reference's are on the heap with canaries on both sides (the scalar
 * kernel meets the guard pages as a subject of its own). */
typedef struct {
    size_t n;
    tk_out out[3];
} outbufs;

enum { OUT_SUBJECT, OUT_SCALAR, OUT_REF };
static const unsigned char poison[3] = {0xA5, 0x5A, 0x3C};
#define CANARY 0xEF

static outbufs outbufs_new(const cb_entry_info *d, size_t n, int guard_after, size_t misalign)
{
    outbufs o;
    o.n = n;
    tb_out_new(&o.out[OUT_SUBJECT], d, n, !guard_after, guard_after ? 0 : misalign);
    tk_out_malloc_padded(&o.out[OUT_SCALAR], d, n);
    tk_out_malloc_padded(&o.out[OUT_REF], d, n);
    return o;
}

static void outbufs_free(outbufs *o)
{
    for (int k = 0; k < 3; k++)
        tk_out_free(&o->out[k]);
}

/* Statistics over a whole test, so a test can assert it was not vacuous
 * (hits as tk_hit_count counts them). */
typedef struct {
    size_t calls, elements, hits;
} tally;

/* Where a call happened, for the failure message. */
typedef struct {
    const char *layout, *data;
    int probe;
} where;

#define WHERE_FMT                                                                                  \
    "%s on backend %s, flags 0x%x, margin %a, layout %s, data %s, n %zu, probe %d, seed "        \
    "0x%016" PRIx64
#define WHERE_ARGS(s, w, a)                                                                        \
    (s)->d->name, (s)->backend, (a)->flags, (double)(a)->margin, (w)->layout, (w)->data, (a)->n,   \
        (w)->probe, tb_seed()

/* One call of entry s->d on `many` with one probe (the field of a the entry
 * reads), one flag value and one margin: the subject against the scalar
 * kernel and the reference, plus the format's invariants. Returns the
 * subject's count. */
static size_t check_call(const subject *s, cb_args a, outbufs *o, const where *w, tally *t)
{
    size_t count[3];
    for (int k = 0; k < 3; k++) {
        tk_out_fill(&o->out[k], poison[k]);
        tk_out_fill_pads(&o->out[k], CANARY);
        a.out = o->out[k].out;
        count[k] = k == OUT_SUBJECT  ? subject_run(s, &a)
                   : k == OUT_SCALAR ? s->scalar(&a)
                                     : ref_entry(s->d, &a);
    }
    static const char *const who[3] = {"the subject", "the scalar kernel", "the reference"};
    for (int k = 0; k < 3; k++) {
        cr_assert(tk_out_pads_intact(&o->out[k], CANARY),
                  "%s wrote outside an output array (the documented size for n): " WHERE_FMT,
                  who[k], WHERE_ARGS(s, w, &a));
        cr_assert(tk_out_intact(&o->out[k]), "%s wrote the cb_contacts struct: " WHERE_FMT, who[k],
                  WHERE_ARGS(s, w, &a));
    }
    for (int k = OUT_SCALAR; k <= OUT_REF; k++) {
        char why[320], elem[512];
        if (tk_same_output(s->d, a.n, count[OUT_SUBJECT], o->out[OUT_SUBJECT].out, count[k],
                           o->out[k].out, why, sizeof why))
            continue;
        size_t i = tk_first_difference(s->d, a.n, count[OUT_SUBJECT], o->out[OUT_SUBJECT].out,
                                       count[k], o->out[k].out);
        if (i < a.n)
            tk_describe_element(s->d, &a, i, elem, sizeof elem);
        else
            snprintf(elem, sizeof elem, "no element differs (the difference is in the count)");
        cr_assert_fail("against %s: %s; first element: %s: " WHERE_FMT, who[k], why, elem,
                       WHERE_ARGS(s, w, &a));
    }
    char why[256];
    cr_assert(tk_check_format(s->d, a.n, count[OUT_SUBJECT], o->out[OUT_SUBJECT].out, why,
                              sizeof why),
              "%s: " WHERE_FMT, why, WHERE_ARGS(s, w, &a));
    t->calls++;
    t->elements += a.n;
    t->hits += tk_hit_count(s->d, a.n, count[OUT_SUBJECT], o->out[OUT_SUBJECT].out);
    return count[OUT_SUBJECT];
}

/* Every probe (its circle, box or oriented box, as the entry's single shape
 * is) and every flag value up to max_flags, on the input `many` of n
 * elements. Probe p with flag value f takes margin tb_margins[(mbase + p +
 * f) % count], so the probes of one corpus meet several margins (only
 * contact entries read it). */
static void check_corpus(const subject *s, const void *many, size_t n, const tk_probe *probes,
                         size_t np, unsigned max_flags, size_t mbase, outbufs *o, where *w,
                         tally *t)
{
    for (unsigned flags = 0; flags <= max_flags; flags++)
        for (size_t p = 0; p < np; p++) {
            cb_args a = tk_args(s->d, &probes[p], many, n, NULL, flags,
                                tb_margins[(mbase + p + flags) % tb_margin_count]);
            w->probe = (int)p;
            check_call(s, a, o, w, t);
        }
}

/* The probes of one corpus from their circles and boxes: the oriented
 * boxes are the boxes' twins (tb_probe: the twin of a touching corpus's box
 * is the oriented box its odd circles touch), except the probe `adv`, which
 * gets adversarial values and rotation (none when adv >= np). */
static void make_probes(tk_probe *out, const cb_circle *pcs, const cb_box *pbs, size_t np,
                        size_t adv, tk_rng *r)
{
    for (size_t p = 0; p < np; p++)
        out[p] = tb_probe(pcs[p], pbs[p]);
    if (adv < np)
        out[adv].obox = tb_any_obox(r);
}

/* A realistic circle and box for tb_corpus_fill_touching to build around. */
static cb_circle touch_circle(tk_rng *r)
{
    cb_circle c = {tk_uniform(r, 0, 256), tk_uniform(r, 0, 256), tk_uniform(r, 0.5f, 16)};
    return c;
}
static cb_box touch_box(tk_rng *r)
{
    float x = tk_uniform(r, 0, 256), y = tk_uniform(r, 0, 256);
    cb_box b = {x, y, x + tk_uniform(r, 0.5f, 16), y + tk_uniform(r, 0.5f, 16)};
    return b;
}

static const char *const kind_name[3] = {"random", "adversarial", "touching"};

/* Fills c with data of one kind; for "touching", every box touches *pc and
 * every circle touches *pb, which are then the natural probes. */
static void fill_kind(tb_corpus *c, tk_rng *r, int kind, cb_circle *pc, cb_box *pb)
{
    *pc = touch_circle(r), *pb = touch_box(r);
    if (kind == 0)
        tb_corpus_fill_random(c, r);
    else if (kind == 1)
        tb_corpus_fill_adversarial(c, r);
    else
        tb_corpus_fill_touching(c, r, *pc, *pb);
}

static float any_adversarial(tk_rng *r)
{
    uint64_t k = tk_next(r);
    return (k & 3) == 0 ? tk_any_float(r) : tb_adversarial[(k >> 2) % tb_adversarial_count];
}

/* ------------------------------------------------------ kernel tables */

ParameterizedTestParameters(backends, table)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

/* Every entry has a kernel on a runnable backend, the same one each time,
 * distinct from the backend's other entries' and, for any backend but
 * scalar, from scalar's (so comparing against scalar below really compares
 * two code paths). */
ParameterizedTest(int *b, backends, table)
{
    size_t ne = cb_entry_count();
    cr_assert_gt(ne, 0, "the library has no entries");
    const char *name = runnable_or_skip(*b);
    for (size_t e = 0; e < ne; e++) {
        const cb_entry_info *d = info_or_fail(e);
        cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)*b);
        cr_assert_not_null(k, "backend %s has no kernel for %s", name, d->name);
        cr_assert(k == cb_entry_kernel(e, (cb_backend)*b), "cb_entry_kernel(%s, %s) is not stable",
                  d->name, name);
        for (size_t o = 0; o < e; o++)
            cr_assert(k != cb_entry_kernel(o, (cb_backend)*b),
                      "backend %s: %s and %s share a kernel", name, d->name,
                      cb_entry_info_of(o)->name);
        if (*b != CB_BACKEND_SCALAR)
            cr_assert(k != scalar_kernel(e), "backend %s: %s is the scalar kernel", name, d->name);
    }
}

/* ------------------------------------------- every length, every layout */

/* Lengths: every one through four 16-lane vectors plus a partial one (the
 * widest backend), then word boundaries (64) and odd large ones. */
static const size_t lengths[] = {
    0,   1,   2,   3,   4,   5,   6,   7,    8,    9,     10,    11, 12, 13, 14, 15, 16, 17,
    18,  19,  20,  21,  22,  23,  24,  25,   26,   27,    28,    29, 30, 31, 32, 33, 34, 35,
    36,  37,  38,  39,  40,  41,  42,  43,   44,   45,    46,    47, 48, 49, 50, 51, 52, 53,
    54,  55,  56,  57,  58,  59,  60,  61,   62,   63,    64,    65, 66, 67, 127, 128, 129, 191,
    192, 193, 1000, 4097, 65537,
};

/* How the inputs sit in memory. "end-of-page": every input array ends at a
 * PROT_NONE page (any over-read faults; the start's alignment then varies
 * with n through every residue). "after-guard+k": every array starts k
 * floats (4k bytes; AoS records too) after a PROT_NONE page (any under-read
 * faults, and k = 1..3 misaligns every array off 16/32/64 bytes). Outputs
 * follow the same pattern (see outbufs_new). */
typedef struct {
    const char *name;
    int before;
    size_t floats;
} layout;
static const layout layouts[] = {
    {"end-of-page", 0, 0},
    {"after-guard", 1, 0},
    {"after-guard+1", 1, 1},
    {"after-guard+2", 1, 2},
    {"after-guard+3", 1, 3},
};
#define N_LAYOUTS (sizeof layouts / sizeof layouts[0])

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
 * every entry (one corpus serves them all, in the views each reads). The
 * probes are chosen to make the padding lanes of a short tail hit if they
 * leaked in (a zero-padded box (0,0,0,0) is hit by the circle (0,0,1); a
 * zero-padded circle (0,0,0) hits any box containing the origin in the
 * default mode). */
ParameterizedTest(bl_param *p, backends, lengths, .timeout = 600)
{
    runnable_or_skip(p->backend);
    const layout *lay = &layouts[p->layout];
    size_t ne = cb_entry_count();
    subject *s = malloc(ne * sizeof *s);
    outbufs *o = malloc(ne * sizeof *o);
    tally *t = calloc(ne, sizeof *t), *random = calloc(ne, sizeof *random);
    cr_assert(s && o && t && random);
    for (size_t e = 0; e < ne; e++)
        s[e] = kernel_or_skip(p->backend, e);

    for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
        size_t n = lengths[li];
        tb_corpus c = tb_corpus_new_at(n, lay->before, 4 * lay->floats);
        cb_box_soa bs;
        cb_circle_soa cs;
        tk_views v = tb_corpus_views(&c, &bs, &cs);
        for (size_t e = 0; e < ne; e++)
            o[e] = outbufs_new(s[e].d, n, !lay->before, lay->floats);
        for (int kind = 0; kind < 3; kind++) {
            /* The data depends on (n, kind, layout) only: every backend sees the same. */
            tk_rng r = tb_rng_for(0x1000000u + n * 16u + (size_t)kind * 5u + (size_t)p->layout);
            where w = {lay->name, kind_name[kind], 0};
            cb_circle tc;
            cb_box tbx;
            fill_kind(&c, &r, kind, &tc, &tbx);
            cb_circle pcs[6] = {
                {0.f, 0.f, 1.f}, /* hits zero padding */
                {128.f, 128.f, 90.f},
                tc, /* every box of the touching data touches it */
                {any_adversarial(&r), any_adversarial(&r), any_adversarial(&r)},
                n ? c.circles[0] : (cb_circle){1.f, 1.f, 1.f},
                n ? c.circles[n - 1] : (cb_circle){NAN, 0.f, 1.f},
            };
            cb_box pbs[6] = {
                {-1.f, -1.f, 1.f, 1.f}, /* contains the zero-padded circles */
                {64.f, 64.f, 192.f, 192.f},
                tbx, /* every circle of the touching data touches it */
                {any_adversarial(&r), any_adversarial(&r), any_adversarial(&r),
                 any_adversarial(&r)},
                n ? c.boxes[0] : (cb_box){0.f, 0.f, 2.f, 2.f},
                n ? c.boxes[n - 1] : (cb_box){NAN, 0.f, 1.f, 1.f},
            };
            tk_probe probes[6];
            make_probes(probes, pcs, pbs, 6, 3, &r);
            if (n) /* the first and last oriented boxes of the corpus as probes too */
                probes[4].obox = c.oboxes[0], probes[5].obox = c.oboxes[n - 1];
            for (size_t e = 0; e < ne; e++) {
                tally before = t[e];
                check_corpus(&s[e], tk_pick(s[e].d, &v), n, probes, 6, CB_STRICT,
                             li + (size_t)kind, &o[e], &w, &t[e]);
                if (kind == 0) {
                    random[e].hits += t[e].hits - before.hits;
                    random[e].elements += t[e].elements - before.elements;
                }
            }
        }

        for (size_t e = 0; e < ne; e++)
            outbufs_free(&o[e]);
        tb_corpus_free(&c);
    }
    for (size_t e = 0; e < ne; e++) {
        /* Not vacuous: the random data must give both hits and misses. */
        cr_assert(random[e].hits > 0 && random[e].hits < random[e].elements,
                  "%s: random corpora gave %zu hits of %zu: the comparison proves little",
                  s[e].d->name, random[e].hits, random[e].elements);
        cr_log_info("backend %s, %s, layout %s: %zu calls, %zu elements, %zu hits", s[e].backend,
                    s[e].d->name, lay->name, t[e].calls, t[e].elements, t[e].hits);
    }
    free(s), free(o), free(t), free(random);
}

ParameterizedTestParameters(backends, empty_with_null_pointers)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

/* n == 0: nothing may be touched, whatever the pointers (cbatch.h: "n == 0
 * is valid with any pointers (NULL included)"): every raw kernel, and every
 * public function on this backend, with a NULL input and a NULL output (for
 * a contact entry, also a cb_contacts of NULL arrays). A test of its own, so
 * a crash here does not hide the other checks. */
ParameterizedTest(int *b, backends, empty_with_null_pointers)
{
    const char *backend = runnable_or_skip(*b);
    cr_assert_eq(cb_set_backend((cb_backend)*b), CB_OK);
    cb_contacts nulls = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    for (size_t e = 0; e < cb_entry_count(); e++) {
        const cb_entry_info *d = info_or_fail(e);
        cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)*b);
        cr_assert_not_null(k);
        for (unsigned f = 0; f <= CB_STRICT; f++)
            for (int holes = 0; holes < 1 + (d->output == CB_OUTPUT_CONTACTS); holes++) {
                tk_probe p = tb_probe((cb_circle){0, 0, 1}, (cb_box){-1, -1, 1, 1});
                cb_args a = tk_args(d, &p, NULL, 0, holes ? &nulls : NULL, f, 0.0f);
                cr_assert_eq(k(&a), 0, "raw %s on backend %s, n 0 with NULL pointers%s", d->name,
                             backend, holes ? " (cb_contacts of NULLs)" : "");
                cr_assert_eq(cb_entry_call(e, &a), 0,
                             "public %s on backend %s, n 0 with NULL pointers%s", d->name, backend,
                             holes ? " (cb_contacts of NULLs)" : "");
            }
    }
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

/* ---------------------- pairs: every entry, both directions, cb_overlap */

ParameterizedTestParameters(backends, pairs)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
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
 * (i, j) must equal cb_overlap's, which must equal ref_overlap's, for boxes,
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
    cb_circle tc = touch_circle(&r);
    cb_box tbx = touch_box(&r);
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

    /* want: circle i vs box j by cb_overlap (and the reference), circle i vs
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
                    int lib = cb_overlap(cc.circles[i], x, f);
                    int ref = ref_overlap(cc.circles[i], x, f);
                    if (lib != ref)
                        cr_assert_fail("circle %zu (%a, %a, r %a) vs box %zu (%a, %a, %a, %a), "
                                       "flags %u: cb_overlap %d, ref_overlap %d",
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
    tally t = {0, 0, 0};
    for (size_t e = 0; e < cb_entry_count(); e++) {
        const cb_entry_info *d = info_or_fail(e);
        if (d->query != CB_QUERY_OVERLAP || d->one == d->many) /* circle/box pairs only */
            continue;
        subject s = kernel_or_skip(*b, e);
        int circle_first = d->one == CB_SHAPE_CIRCLE;
        cb_shape other = circle_first ? d->many : d->one;
        cr_assert(other == CB_SHAPE_BOX || other == CB_SHAPE_OBOX, "%s: shape %d", d->name,
                  (int)other);
        pair_set *set = &sets[other == CB_SHAPE_OBOX];
        size_t ns = set->n;
        size_t probes = circle_first ? nc : ns, n = circle_first ? ns : nc;
        const void *many = tk_pick(d, circle_first ? &set->v : &cv);
        outbufs o = outbufs_new(d, n, 1, 0);
        where w = {"end-of-page", "targeted+random pairs", 0};
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
                size_t count = check_call(&s, a, &o, &w, &t);
                tk_hits_of(d, n, count, o.out[OUT_SUBJECT].out, row);
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
                                   other == CB_SHAPE_BOX ? "cb_overlap" : "ref_overlap_obox",
                                   set->want[f][i * ns + j]);
                }
        }
        outbufs_free(&o);
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
    return be_params();
}

/* 65537 elements (one past a multiple of every vector width and of 64) of
 * realistic data, of raw bit patterns, and of boxes/circles all touching
 * their probe within an ulp or two, against several probes each. */
ParameterizedTest(be_param *p, backends, large_random, .timeout = 600)
{
    subject s = kernel_or_skip(p->backend, p->entry);
    enum { N = 65537, P = 6 };
    tb_corpus c = tb_corpus_new(N);
    cb_box_soa bs;
    cb_circle_soa cs;
    tk_views v = tb_corpus_views(&c, &bs, &cs);
    outbufs o = outbufs_new(s.d, N, 1, 0);
    tally t = {0, 0, 0};
    for (int kind = 0; kind < 3; kind++) {
        tk_rng r = tb_rng_for(0x3000000u + (unsigned)kind);
        cb_circle tc = touch_circle(&r);
        cb_box tbx = touch_box(&r);
        if (kind == 0) {
            tb_corpus_fill_random(&c, &r);
        } else if (kind == 2) {
            tb_corpus_fill_touching(&c, &r, tc, tbx);
        } else {
            for (size_t i = 0; i < N; i++) {
                cb_box x = {tk_any_float(&r), tk_any_float(&r), tk_any_float(&r),
                            tk_any_float(&r)};
                cb_circle ci = {tk_any_float(&r), tk_any_float(&r), tk_any_float(&r)};
                cb_obox ob = {tk_any_float(&r), tk_any_float(&r), tk_any_float(&r),
                              tk_any_float(&r), tk_any_float(&r), tk_any_float(&r)};
                tb_corpus_set_box(&c, i, x);
                tb_corpus_set_circle(&c, i, ci);
                tb_corpus_set_obox(&c, i, ob);
            }
        }
        tk_probe probes[P];
        for (int q = 0; q < P; q++) {
            size_t e = (size_t)(tk_next(&r) % N);
            probes[q] = (tk_probe){c.circles[e], c.boxes[e], c.oboxes[e]};
            if (kind == 0 && q >= P / 2) { /* large probes: many hits per call */
                float x = tk_uniform(&r, 0, 256), y = tk_uniform(&r, 0, 256);
                float h = tk_uniform(&r, 8, 128);
                probes[q] = tb_probe((cb_circle){x, y, h}, (cb_box){x - h, y - h, x + h, y + h});
            }
            if (kind == 2 && q < P / 2) /* the probes everything touches */
                probes[q] = tb_probe(tc, tbx);
        }
        const char *names[3] = {"random", "any bit pattern", "touching"};
        where w = {"end-of-page", names[kind], 0};
        check_corpus(&s, tk_pick(s.d, &v), N, probes, P, CB_STRICT, (size_t)kind * 4, &o, &w,
                     &t);
    }
    cr_assert(t.hits > 0 && t.hits < t.elements, "%zu hits of %zu", t.hits, t.elements);
    outbufs_free(&o);
    tb_corpus_free(&c);
}

/* ------------------------------------------------- the public functions */

ParameterizedTestParameters(backends, dispatched)
{
    return be_params();
}

/* After cb_set_backend(b) every entry's public function (argument checks,
 * float guard, the active backend), reached through cb_entry_call, must give
 * the scalar raw kernel's and the reference's answers, with every flag the
 * public functions accept. Each Criterion test is its own process: the
 * global choice made here does not leak into other tests. */
ParameterizedTest(be_param *p, backends, dispatched, .timeout = 600)
{
    subject s = kernel_or_skip(p->backend, p->entry);
    s.fn = NULL; /* the public function */
    cr_assert_eq(cb_set_backend((cb_backend)p->backend), CB_OK);
    cr_assert_eq(cb_active_backend(), (cb_backend)p->backend);
    static const size_t ns[] = {0,  1,  3,  4,  5,  7,  8,  9,    15,  16,
                                17, 31, 33, 63, 64, 65, 67, 1000, 4097};
    tally t = {0, 0, 0};
    for (size_t li = 0; li < sizeof ns / sizeof ns[0]; li++) {
        size_t n = ns[li];
        for (int lay = 0; lay < 2; lay++) { /* end-of-page, and after-guard+1 */
            tb_corpus c = tb_corpus_new_at(n, lay, lay ? 4 : 0);
            cb_box_soa bs;
            cb_circle_soa cs;
            tk_views v = tb_corpus_views(&c, &bs, &cs);
            outbufs o = outbufs_new(s.d, n, !lay, lay ? 1 : 0);
            for (int kind = 0; kind < 3; kind++) {
                tk_rng r = tb_rng_for(0x4000000u + n * 8u + (size_t)kind * 2u + (size_t)lay);
                cb_circle tc;
                cb_box tbx;
                fill_kind(&c, &r, kind, &tc, &tbx);
                cb_circle pcs[4] = {{0, 0, 1}, {128, 128, 90}, tc,
                                    {any_adversarial(&r), any_adversarial(&r),
                                     any_adversarial(&r)}};
                cb_box pbs[4] = {{-1, -1, 1, 1}, {64, 64, 192, 192}, tbx,
                                 {any_adversarial(&r), any_adversarial(&r), any_adversarial(&r),
                                  any_adversarial(&r)}};
                tk_probe probes[4];
                make_probes(probes, pcs, pbs, 4, 3, &r);
                where w = {lay ? "after-guard+1" : "end-of-page", kind_name[kind], 0};
                check_corpus(&s, tk_pick(s.d, &v), n, probes, 4, CB_STRICT | CB_TRUST_FENV,
                             li + (size_t)kind, &o, &w, &t);
            }
            outbufs_free(&o);
            tb_corpus_free(&c);
        }
    }
    /* The calls must not have moved the choice. */
    cr_assert_eq(cb_active_backend(), (cb_backend)p->backend);
    cr_assert(t.hits > 0);
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

/* ------------------------- contacts against overlap and distance entries */

ParameterizedTestParameters(backends, contacts_agree_with_overlap_and_distance)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
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
    (t)->backend, kind_name[kind], (a)->n, (p), (a)->flags, (double)(a)->margin, tb_seed()

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
        cr_assert_fail("%s separation %a (0x%08" PRIx32 ") vs %s %a (0x%08" PRIx32 "): %s " TRIO_FMT,
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
    for (size_t e = 0; e < ne; e++) {
        const cb_entry_info *d = info_or_fail(e);
        if (d->output != CB_OUTPUT_CONTACTS)
            continue;
        size_t ids[3] = {e, tk_find_entry(CB_QUERY_OVERLAP, d->one, d->many, d->layout,
                                          CB_OUTPUT_INDICES),
                         tk_find_entry(CB_QUERY_DISTANCE, d->one, d->many, d->layout,
                                       CB_OUTPUT_DISTANCES)};
        cr_assert(ids[1] < ne && ids[2] < ne,
                  "%s: no overlap index entry or no distance entry with the same shapes and layout",
                  d->name);
        trio t;
        t.backend = backend;
        for (int j = 0; j < 3; j++) {
            t.d[j] = info_or_fail(ids[j]);
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
                fill_kind(&c, &r, kind, &tc, &tbx);
                cb_circle pcs[5] = {{0, 0, 1}, {128, 128, 90}, tc,
                                    {any_adversarial(&r), any_adversarial(&r), any_adversarial(&r)},
                                    n ? c.circles[n / 2] : tc};
                cb_box pbs[5] = {{-1, -1, 1, 1}, {64, 64, 192, 192}, tbx,
                                 {any_adversarial(&r), any_adversarial(&r), any_adversarial(&r),
                                  any_adversarial(&r)},
                                 n ? c.boxes[n / 2] : tbx};
                tk_probe probes[5];
                make_probes(probes, pcs, pbs, 5, 3, &r);
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
