/* check.c - the one-circle checks (cb_entry_*) the Criterion suite test_backends.c and the plain checker share: a subject against the scalar kernel and testkit's reference, one call at a time, and the scenarios built from them (see check.h). */
#include "check.h"
#include "fpctl.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * How these checks work
 *
 * Entries and backends come from the library's tables (cb_entry_count,
 * cb_entry_info_of, cb_entry_kernel), never from a list here or from the
 * build's architecture: a new entry is checked without editing this file,
 * and on AArch64 the same code compares NEON with scalar.
 *
 * Every check is tb_check_call(): one call of one entry on one input, made
 * three times, by the subject (a backend's raw kernel, or the public
 * function through cb_entry_call), by the scalar backend's raw kernel and by
 * testkit's reference (ref_entry, the contract one pair at a time, written
 * independently of the library's query bodies, loaders and sinks). Compared,
 * bit for bit, by testkit (which alone knows the output kinds): the returned
 * counts and every written part of every output array (each output poisoned
 * differently beforehand, so a unit one side did not write shows up). Then
 * the format's invariants (ascending indices, canonical NaNs, ...), and that
 * nothing was written outside the documented size (a guard page or
 * canaries) nor into the cb_contacts struct. The subject against scalar is
 * the bit-for-bit promise between backends; against the reference, the
 * promise that they all compute the contract.
 */

size_t tb_calls_compared;
size_t tb_inject_mismatch_at;

_Noreturn void tb_fail(const char *fmt, ...)
{
    static char message[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    tb_fail_report(message);
    fprintf(stderr, "tb_fail_report returned after: %s\n", message);
    abort();
}

/* ---------------------------------------------------------------- backends */

const cb_entry_info *tb_info(size_t e)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    TB_ASSERT(d != NULL, "entry %zu of %zu has no descriptor", e, cb_entry_count());
    return d;
}

static cb_kernel_fn scalar_kernel(size_t e)
{
    cb_kernel_fn k = cb_entry_kernel(e, CB_BACKEND_SCALAR);
    TB_ASSERT(k != NULL, "the scalar backend must always have a kernel (entry %s)",
              cb_entry_info_of(e)->name);
    return k;
}

int tb_backend_runnable(int b, const char **why)
{
    const char *name = cb_backend_name((cb_backend)b), *reason = "(no reason given)";
    cb_status st = cb_backend_status((cb_backend)b, &reason);
    if (why)
        *why = reason;
    if (st == CB_OK)
        return 1;
    for (size_t e = 0; e < cb_entry_count(); e++)
        TB_ASSERT(cb_entry_kernel(e, (cb_backend)b) == NULL,
                  "cb_entry_kernel(%s, %s) must be NULL when cb_backend_status says %s",
                  tb_info(e)->name, name, cb_status_string(st));
    return 0;
}

void tb_check_kernel_tables(int b)
{
    const char *name = cb_backend_name((cb_backend)b);
    size_t ne = cb_entry_count();
    TB_ASSERT(ne > 0, "the library has no entries");
    for (size_t e = 0; e < ne; e++) {
        const cb_entry_info *d = tb_info(e);
        cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)b);
        TB_ASSERT(k != NULL, "backend %s has no kernel for %s", name, d->name);
        TB_ASSERT(k == cb_entry_kernel(e, (cb_backend)b), "cb_entry_kernel(%s, %s) is not stable",
                  d->name, name);
        for (size_t o = 0; o < e; o++)
            TB_ASSERT(k != cb_entry_kernel(o, (cb_backend)b),
                      "backend %s: %s and %s share a kernel", name, d->name,
                      cb_entry_info_of(o)->name);
        if (b != CB_BACKEND_SCALAR)
            TB_ASSERT(k != scalar_kernel(e), "backend %s: %s is the scalar kernel", name, d->name);
    }
}

/* -------------------------------------------------------------- subjects */

tb_subject tb_kernel_subject(int b, size_t e)
{
    const char *name = cb_backend_name((cb_backend)b);
    tb_subject s = {name, e, tb_info(e), cb_entry_kernel(e, (cb_backend)b), scalar_kernel(e), 0};
    TB_ASSERT(s.fn != NULL, "backend %s is runnable but has no kernel for %s", name, s.d->name);
    return s;
}

static size_t subject_run(const tb_subject *s, const cb_args *a)
{
    if (!s->hostile)
        return s->fn ? s->fn(a) : cb_entry_call(s->e, a);
    unsigned long long saved = tb_env_enter(TB_FLUSH | TB_TOWARD_ZERO), set = fpctl_read();
    size_t r = s->fn ? s->fn(a) : cb_entry_call(s->e, a);
    tb_env_leave(saved, set, s->d->name);
    return r;
}

/* ------------------------------------------------------------ outputs */

/* Each output poisoned differently, so a unit one side did not write shows. */
static const unsigned char poison[3] = {0xA5, 0x5A, 0x3C};

tb_outbufs tb_outbufs_new(const cb_entry_info *d, size_t n, int guard_after, size_t misalign)
{
    tb_outbufs o;
    o.n = n;
    tb_out_new(&o.out[TB_OUT_SUBJECT], d, n, !guard_after, guard_after ? 0 : misalign);
    tk_out_malloc_padded(&o.out[TB_OUT_SCALAR], d, n);
    tk_out_malloc_padded(&o.out[TB_OUT_REF], d, n);
    return o;
}

void tb_outbufs_free(tb_outbufs *o)
{
    for (int k = 0; k < 3; k++)
        tk_out_free(&o->out[k]);
}

#define WHERE_FMT                                                                                  \
    "%s on backend %s%s, flags 0x%x, margin %a, layout %s, data %s, n %zu, probe %d, " TB_SEED_FMT
#define WHERE_ARGS(s, w, a)                                                                        \
    (s)->d->name, (s)->backend, (s)->hostile ? " (hostile float mode)" : "", (a)->flags,           \
        (double)(a)->margin, (w)->layout, (w)->data, (a)->n, (w)->probe, tb_seed()

size_t tb_check_call(const tb_subject *s, cb_args a, tb_outbufs *o, const tb_where *w, tb_tally *t)
{
    size_t count[3];
    for (int k = 0; k < 3; k++) {
        tk_out_fill(&o->out[k], poison[k]);
        tk_out_fill_pads(&o->out[k], TB_CANARY);
        a.out = o->out[k].out;
        count[k] = k == TB_OUT_SUBJECT  ? subject_run(s, &a)
                   : k == TB_OUT_SCALAR ? s->scalar(&a)
                                        : ref_entry(s->d, &a);
    }
    if (tb_inject_mismatch_at && tb_calls_compared + 1 == tb_inject_mismatch_at)
        count[TB_OUT_SUBJECT] ^= 1; /* the proof that a mismatch is caught (check.h) */
    static const char *const who[3] = {"the subject", "the scalar kernel", "the reference"};
    for (int k = 0; k < 3; k++) {
        TB_ASSERT(tk_out_pads_intact(&o->out[k], TB_CANARY),
                  "%s wrote outside an output array (the documented size for n): " WHERE_FMT,
                  who[k], WHERE_ARGS(s, w, &a));
        TB_ASSERT(tk_out_intact(&o->out[k]), "%s wrote the cb_contacts struct: " WHERE_FMT, who[k],
                  WHERE_ARGS(s, w, &a));
    }
    for (int k = TB_OUT_SCALAR; k <= TB_OUT_REF; k++) {
        char why[320], elem[512];
        if (tk_same_output(s->d, a.n, count[TB_OUT_SUBJECT], o->out[TB_OUT_SUBJECT].out, count[k],
                           o->out[k].out, why, sizeof why))
            continue;
        size_t i = tk_first_difference(s->d, a.n, count[TB_OUT_SUBJECT], o->out[TB_OUT_SUBJECT].out,
                                       count[k], o->out[k].out);
        if (i < a.n)
            tk_describe_element(s->d, &a, i, elem, sizeof elem);
        else
            snprintf(elem, sizeof elem, "no element differs (the difference is in the count)");
        tb_fail("against %s: %s; first element: %s: " WHERE_FMT, who[k], why, elem,
                WHERE_ARGS(s, w, &a));
    }
    char why[256];
    TB_ASSERT(tk_check_format(s->d, a.n, count[TB_OUT_SUBJECT], o->out[TB_OUT_SUBJECT].out, why,
                              sizeof why),
              "%s: " WHERE_FMT, why, WHERE_ARGS(s, w, &a));
    t->calls++;
    t->elements += a.n;
    t->hits += tk_hit_count(s->d, a.n, count[TB_OUT_SUBJECT], o->out[TB_OUT_SUBJECT].out);
    tb_calls_compared++;
    return count[TB_OUT_SUBJECT];
}

void tb_check_corpus(const tb_subject *s, const void *many, size_t n, const tk_probe *probes,
                     size_t np, unsigned max_flags, size_t mbase, tb_outbufs *o, tb_where *w,
                     tb_tally *t)
{
    for (unsigned flags = 0; flags <= max_flags; flags++)
        for (size_t p = 0; p < np; p++) {
            cb_args a = tk_args(s->d, &probes[p], many, n, NULL, flags,
                                tb_margins[(mbase + p + flags) % tb_margin_count]);
            w->probe = (int)p;
            tb_check_call(s, a, o, w, t);
        }
}

/* ---------------------------------------------------------------- data */

void tb_make_probes(tk_probe *out, const cb_circle *pcs, const cb_box *pbs, size_t np, size_t adv,
                    tk_rng *r)
{
    for (size_t p = 0; p < np; p++)
        out[p] = tb_probe(pcs[p], pbs[p]);
    if (adv < np)
        out[adv].obox = tb_any_obox(r);
}

cb_circle tb_touch_circle(tk_rng *r)
{
    cb_circle c = {tk_uniform(r, 0, 256), tk_uniform(r, 0, 256), tk_uniform(r, 0.5f, 16)};
    return c;
}

cb_box tb_touch_box(tk_rng *r)
{
    float x = tk_uniform(r, 0, 256), y = tk_uniform(r, 0, 256);
    cb_box b = {x, y, x + tk_uniform(r, 0.5f, 16), y + tk_uniform(r, 0.5f, 16)};
    return b;
}

const char *const tb_kind_name[TB_KINDS] = {"random", "adversarial", "touching"};

void tb_fill_kind(tb_corpus *c, tk_rng *r, int kind, cb_circle *pc, cb_box *pb)
{
    *pc = tb_touch_circle(r), *pb = tb_touch_box(r);
    if (kind == 0)
        tb_corpus_fill_random(c, r);
    else if (kind == 1)
        tb_corpus_fill_adversarial(c, r);
    else
        tb_corpus_fill_touching(c, r, *pc, *pb);
}

float tb_any_adversarial(tk_rng *r)
{
    uint64_t k = tk_next(r);
    return (k & 3) == 0 ? tk_any_float(r) : tb_adversarial[(k >> 2) % tb_adversarial_count];
}

const size_t tb_lengths[] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,   9,   10,  11,  12,  13,  14,   15,   16,    17, 18, 19,
    20, 21, 22, 23, 24, 25, 26, 27, 28,  29,  30,  31,  32,  33,  34,   35,   36,    37, 38, 39,
    40, 41, 42, 43, 44, 45, 46, 47, 48,  49,  50,  51,  52,  53,  54,   55,   56,    57, 58, 59,
    60, 61, 62, 63, 64, 65, 66, 67, 127, 128, 129, 191, 192, 193, 1000, 4097,
};
const size_t tb_length_count = sizeof tb_lengths / sizeof tb_lengths[0];

int tb_sampled(void)
{
    const char *env = getenv("CB_SIZES");
    return env && strcmp(env, "sample") == 0;
}

int tb_layout_sampled(size_t layout)
{
    return layout == 0 || layout == 2 || layout == 4; /* end-of-page, after-guard+1, +3 */
}

const size_t *tb_lengths_of_run(size_t *count)
{
    /* 4097 (two thirds of the work) is the large corpus' length there */
    static const size_t sample[] = {0,  1,  2,  3,  4,  5,   6,   7,   8,   9,   10,   11,  12, 13,
                                    14, 15, 16, 17, 31, 32,  33,  63,  64,  65,  67,   127, 128, 129,
                                    191, 192, 193, 1000};
    if (tb_sampled()) {
        *count = sizeof sample / sizeof sample[0];
        return sample;
    }
    *count = tb_length_count;
    return tb_lengths;
}

const tb_layout tb_layouts[] = {
    {"end-of-page", 0, 0},   {"after-guard", 1, 0},   {"after-guard+1", 1, 1},
    {"after-guard+2", 1, 2}, {"after-guard+3", 1, 3},
};
const size_t tb_layout_count = sizeof tb_layouts / sizeof tb_layouts[0];

/* ------------------------------------------------------------ scenarios */

void tb_check_lengths(int b, const tb_layout *lay, const size_t *lengths, size_t nl,
                      tb_tally *total)
{
    size_t ne = cb_entry_count(), li_layout = (size_t)(lay - tb_layouts);
    tb_subject *s = malloc(ne * sizeof *s);
    tb_outbufs *o = malloc(ne * sizeof *o);
    tb_tally *t = calloc(ne, sizeof *t), *random = calloc(ne, sizeof *random);
    TB_ASSERT(s && o && t && random, "out of memory");
    TK_FOR_ENTRIES(e, TK_BATCH)
        s[e] = tb_kernel_subject(b, e);

    for (size_t li = 0; li < nl; li++) {
        size_t n = lengths[li];
        tb_corpus c = tb_corpus_new_at(n, lay->before, 4 * lay->floats);
        cb_box_soa bs;
        cb_circle_soa cs;
        tk_views v = tb_corpus_views(&c, &bs, &cs);
        TK_FOR_ENTRIES(e, TK_BATCH)
            o[e] = tb_outbufs_new(s[e].d, n, !lay->before, lay->floats);
        for (int kind = 0; kind < TB_KINDS; kind++) {
            /* The data depends on (n, kind, layout) only: every backend sees the same. */
            tk_rng r = tb_rng_for(0x1000000u + n * 16u + (size_t)kind * 5u + li_layout);
            tb_where w = {lay->name, tb_kind_name[kind], 0};
            cb_circle tc;
            cb_box tbx;
            tb_fill_kind(&c, &r, kind, &tc, &tbx);
            /* Probes that make the padding lanes of a short tail hit if they
             * leaked in: a zero-padded box (0,0,0,0) is hit by the circle
             * (0,0,1); a zero-padded circle (0,0,0) hits any box containing
             * the origin in the default mode. */
            cb_circle pcs[6] = {
                {0.f, 0.f, 1.f}, /* hits zero padding */
                {128.f, 128.f, 90.f},
                tc, /* every box of the touching data touches it */
                {tb_any_adversarial(&r), tb_any_adversarial(&r), tb_any_adversarial(&r)},
                n ? c.circles[0] : (cb_circle){1.f, 1.f, 1.f},
                n ? c.circles[n - 1] : (cb_circle){NAN, 0.f, 1.f},
            };
            cb_box pbs[6] = {
                {-1.f, -1.f, 1.f, 1.f}, /* contains the zero-padded circles */
                {64.f, 64.f, 192.f, 192.f},
                tbx, /* every circle of the touching data touches it */
                {tb_any_adversarial(&r), tb_any_adversarial(&r), tb_any_adversarial(&r),
                 tb_any_adversarial(&r)},
                n ? c.boxes[0] : (cb_box){0.f, 0.f, 2.f, 2.f},
                n ? c.boxes[n - 1] : (cb_box){NAN, 0.f, 1.f, 1.f},
            };
            tk_probe probes[6];
            tb_make_probes(probes, pcs, pbs, 6, 3, &r);
            if (n) /* the first and last oriented boxes of the corpus as probes too */
                probes[4].obox = c.oboxes[0], probes[5].obox = c.oboxes[n - 1];
            TK_FOR_ENTRIES(e, TK_BATCH) {
                tb_tally before = t[e];
                tb_check_corpus(&s[e], tk_pick(s[e].d, &v), n, probes, 6, CB_STRICT,
                                li + (size_t)kind, &o[e], &w, &t[e]);
                if (kind == 0) {
                    random[e].hits += t[e].hits - before.hits;
                    random[e].elements += t[e].elements - before.elements;
                }
            }
        }
        TK_FOR_ENTRIES(e, TK_BATCH)
            tb_outbufs_free(&o[e]);
        tb_corpus_free(&c);
    }
    TK_FOR_ENTRIES(e, TK_BATCH) {
        /* Not vacuous: the random data must give both hits and misses. */
        TB_ASSERT(random[e].hits > 0 && random[e].hits < random[e].elements,
                  "%s: random corpora gave %zu hits of %zu: the comparison proves little",
                  s[e].d->name, random[e].hits, random[e].elements);
        if (total)
            total[e] = t[e];
    }
    free(s), free(o), free(t), free(random);
}

/* Each 64-element word's hit rate drawn from none to all (its elements
 * near the origin, within reach of a probe of radius 4 there, or far), so
 * the index sink's walk and pack hand over at every kind of word: 0, 1,
 * about 8, 15, 16, 17, 40 and 63 hits, and all 64. */
static void fill_by_word(tb_corpus *c, tk_rng *r)
{
    static const unsigned rates[] = {0, 1, 8, 15, 16, 17, 40, 63, 64};
    unsigned rate = 0;
    for (size_t i = 0; i < c->n; i++) {
        if (i % 64 == 0)
            rate = rates[tk_next(r) % (sizeof rates / sizeof rates[0])];
        int near = tk_next(r) % 64 < rate;
        float x = near ? tk_uniform(r, -2.f, 2.f) : 1000.f + (float)i;
        float y = tk_uniform(r, -2.f, 2.f);
        tb_corpus_set_box(c, i, (cb_box){x - 1.f, y - 1.f, x + 1.f, y + 1.f});
        tb_corpus_set_circle(c, i, (cb_circle){x, y, 1.f});
        tb_corpus_set_obox(c, i, (cb_obox){x, y, 1.f, 1.f, 1.f, 0.f});
    }
}

void tb_check_large(int b, size_t e, size_t n, tb_tally *total)
{
    tb_subject s = tb_kernel_subject(b, e);
    enum { P = 6 };
    tb_corpus c = tb_corpus_new(n);
    cb_box_soa bs;
    cb_circle_soa cs;
    tk_views v = tb_corpus_views(&c, &bs, &cs);
    tb_outbufs o = tb_outbufs_new(s.d, n, 1, 0);
    tb_tally t = {0, 0, 0};
    for (int kind = 0; kind < 4; kind++) {
        tk_rng r = tb_rng_for(0x3000000u + (unsigned)kind);
        cb_circle tc = tb_touch_circle(&r);
        cb_box tbx = tb_touch_box(&r);
        if (kind == 0) {
            tb_corpus_fill_random(&c, &r);
        } else if (kind == 2) {
            tb_corpus_fill_touching(&c, &r, tc, tbx);
        } else if (kind == 3) {
            fill_by_word(&c, &r);
        } else {
            for (size_t i = 0; i < n; i++) {
                cb_box x = {tk_any_float(&r), tk_any_float(&r), tk_any_float(&r), tk_any_float(&r)};
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
            size_t k = (size_t)(tk_next(&r) % n);
            probes[q] = (tk_probe){c.circles[k], c.boxes[k], c.oboxes[k]};
            if (kind == 0 && q >= P / 2) { /* large probes: many hits per call */
                float x = tk_uniform(&r, 0, 256), y = tk_uniform(&r, 0, 256);
                float h = tk_uniform(&r, 8, 128);
                probes[q] = tb_probe((cb_circle){x, y, h}, (cb_box){x - h, y - h, x + h, y + h});
            }
            if (kind == 2 && q < P / 2) /* the probes everything touches */
                probes[q] = tb_probe(tc, tbx);
            if (kind == 3) /* the probe fill_by_word's near elements reach */
                probes[q] = tb_probe((cb_circle){0.f, 0.f, 4.f}, (cb_box){-4.f, -4.f, 4.f, 4.f});
        }
        /* fill_by_word's probes are one probe: two calls a flag (three
         * margins) see every handover; six would only repeat them */
        size_t np = kind == 3 ? 2 : P;
        const char *names[4] = {"random", "any bit pattern", "touching", "hit rate by word"};
        tb_where w = {"end-of-page", names[kind], 0};
        tb_check_corpus(&s, tk_pick(s.d, &v), n, probes, np, CB_STRICT, (size_t)kind * 4, &o, &w,
                        &t);
    }
    TB_ASSERT(t.hits > 0 && t.hits < t.elements, "%s on %s, n %zu: %zu hits of %zu", s.d->name,
              s.backend, n, t.hits, t.elements);
    tb_outbufs_free(&o);
    tb_corpus_free(&c);
    if (total)
        *total = t;
}

void tb_check_dispatched(int b, size_t e, const size_t *ns, size_t nn, int hostile, tb_tally *total)
{
    tb_subject s = tb_kernel_subject(b, e);
    s.fn = NULL; /* the public function */
    s.hostile = hostile && fpctl_has_control();
    TB_ASSERT(cb_set_backend((cb_backend)b) == CB_OK, "cb_set_backend(%s) failed", s.backend);
    TB_ASSERT(cb_active_backend() == (cb_backend)b, "cb_set_backend(%s) did not make it active",
              s.backend);
    /* A caller that sets CB_TRUST_FENV promises the default mode: not in hostile runs. */
    unsigned max_flags = s.hostile ? CB_STRICT : CB_STRICT | CB_TRUST_FENV;
    tb_tally t = {0, 0, 0};
    for (size_t li = 0; li < nn; li++) {
        size_t n = ns[li];
        for (int lay = 0; lay < 2; lay++) { /* end-of-page, and after-guard+1 */
            tb_corpus c = tb_corpus_new_at(n, lay, lay ? 4 : 0);
            cb_box_soa bs;
            cb_circle_soa cs;
            tk_views v = tb_corpus_views(&c, &bs, &cs);
            tb_outbufs o = tb_outbufs_new(s.d, n, !lay, lay ? 1 : 0);
            for (int kind = 0; kind < TB_KINDS; kind++) {
                tk_rng r = tb_rng_for(0x4000000u + n * 8u + (size_t)kind * 2u + (size_t)lay);
                cb_circle tc;
                cb_box tbx;
                tb_fill_kind(&c, &r, kind, &tc, &tbx);
                cb_circle pcs[4] = {
                    {0, 0, 1},
                    {128, 128, 90},
                    tc,
                    {tb_any_adversarial(&r), tb_any_adversarial(&r), tb_any_adversarial(&r)}};
                cb_box pbs[4] = {{-1, -1, 1, 1},
                                 {64, 64, 192, 192},
                                 tbx,
                                 {tb_any_adversarial(&r), tb_any_adversarial(&r),
                                  tb_any_adversarial(&r), tb_any_adversarial(&r)}};
                tk_probe probes[4];
                tb_make_probes(probes, pcs, pbs, 4, 3, &r);
                tb_where w = {lay ? "after-guard+1" : "end-of-page", tb_kind_name[kind], 0};
                tb_check_corpus(&s, tk_pick(s.d, &v), n, probes, 4, max_flags, li + (size_t)kind,
                                &o, &w, &t);
            }
            tb_outbufs_free(&o);
            tb_corpus_free(&c);
        }
    }
    /* The calls must not have moved the choice. */
    TB_ASSERT(cb_active_backend() == (cb_backend)b,
              "the calls of %s moved the backend choice from %s", s.d->name, s.backend);
    TB_ASSERT(t.hits > 0, "%s on %s: no hit at all: the comparison proves little", s.d->name,
              s.backend);
    if (total)
        *total = t;
}

void tb_check_empty(int b)
{
    const char *backend = cb_backend_name((cb_backend)b);
    TB_ASSERT(cb_set_backend((cb_backend)b) == CB_OK, "cb_set_backend(%s) failed", backend);
    cb_contacts nulls = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = tb_info(e);
        cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)b);
        TB_ASSERT(k != NULL, "backend %s has no kernel for %s", backend, d->name);
        for (unsigned f = 0; f <= CB_STRICT; f++)
            for (int holes = 0; holes < 1 + (d->output == CB_OUTPUT_CONTACTS); holes++) {
                tk_probe p = tb_probe((cb_circle){0, 0, 1}, (cb_box){-1, -1, 1, 1});
                cb_args a = tk_args(d, &p, NULL, 0, holes ? &nulls : NULL, f, 0.0f);
                TB_ASSERT(k(&a) == 0, "raw %s on backend %s, n 0 with NULL pointers%s", d->name,
                          backend, holes ? " (cb_contacts of NULLs)" : "");
                TB_ASSERT(cb_entry_call(e, &a) == 0,
                          "public %s on backend %s, n 0 with NULL pointers%s", d->name, backend,
                          holes ? " (cb_contacts of NULLs)" : "");
                tb_calls_compared += 2;
            }
    }
}
