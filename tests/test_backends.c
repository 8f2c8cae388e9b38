/* test_backends.c - every runnable backend's eight raw kernels and the dispatched entry points are bit-identical to the scalar reference. */
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
 * Every check is "backend k gives what the scalar reference gives", for the
 * same inputs in the same process: the scalar kernels are the contract
 * written one pair at a time (the oracle suite checks them against
 * independent methods). check_call() runs one of the four shapes in both
 * output forms (mask, index list) on k and on the reference and compares
 * everything observable: the returned counts, every mask word (poisoned
 * differently beforehand, so a word one side did not write shows up), the
 * zero bits past n, the index lists (and that they are exactly the set bits
 * of the mask), and that nothing was written outside the documented sizes
 * (guard pages or trailing canaries).
 *
 * Backends come from cb_kernels_for(), never from the build's architecture:
 * on AArch64 the same file compares NEON with scalar. A backend that cannot
 * run here is reported as skipped by name, with the library's reason.
 */

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

/* ---------------------------------------------------------------- helpers */

/* Parameters of the per-backend tests: every enumerator, runnable here or not. */
static int all_backends[CB_BACKEND_COUNT] = {0, 1, 2, 3, 4};

/* The kernels of backend b, or a named skip (never a silent pass). */
static const cb_kernels *kernels_or_skip(int b)
{
    const char *why = "(no reason given)";
    cb_status st = cb_backend_status((cb_backend)b, &why);
    const cb_kernels *k = cb_kernels_for((cb_backend)b);
    if (st != CB_OK) {
        cr_assert_null(k, "cb_kernels_for(%s) must be NULL when cb_backend_status says %s",
                       cb_backend_name((cb_backend)b), cb_status_string(st));
        cr_skip_test("backend %s not runnable here: %s", cb_backend_name((cb_backend)b), why);
    }
    cr_assert_not_null(k, "backend %s is runnable but cb_kernels_for returned NULL",
                       cb_backend_name((cb_backend)b));
    /* Parameterized instances share one test name: say which one this is. */
    cr_log_info("backend %s (against scalar)", cb_backend_name((cb_backend)b));
    return k;
}

static const cb_kernels *scalar_ref(void)
{
    const cb_kernels *r = cb_kernels_for(CB_BACKEND_SCALAR);
    cr_assert_not_null(r, "the scalar backend must always be available");
    return r;
}

enum { SH_BOXES, SH_BOXES_AOS, SH_CIRCLES, SH_CIRCLES_AOS, SH_N };
static const char *const shape_name[SH_N] = {"boxes", "boxes_aos", "circles", "circles_aos"};

static size_t run_mask(const cb_kernels *k, int sh, const tb_corpus *c, size_t n, cb_circle pc,
                       cb_box pb, uint64_t *mask, unsigned flags)
{
    cb_box_soa bs = tb_corpus_boxes(c);
    cb_circle_soa cs = tb_corpus_circles(c);
    switch (sh) {
    case SH_BOXES: return k->boxes(pc, &bs, n, mask, flags);
    case SH_BOXES_AOS: return k->boxes_aos(pc, c->boxes, n, mask, flags);
    case SH_CIRCLES: return k->circles(&cs, n, pb, mask, flags);
    default: return k->circles_aos(c->circles, n, pb, mask, flags);
    }
}

static size_t run_idx(const cb_kernels *k, int sh, const tb_corpus *c, size_t n, cb_circle pc,
                      cb_box pb, uint32_t *idx, unsigned flags)
{
    cb_box_soa bs = tb_corpus_boxes(c);
    cb_circle_soa cs = tb_corpus_circles(c);
    switch (sh) {
    case SH_BOXES: return k->boxes_idx(pc, &bs, n, idx, flags);
    case SH_BOXES_AOS: return k->boxes_aos_idx(pc, c->boxes, n, idx, flags);
    case SH_CIRCLES: return k->circles_idx(&cs, n, pb, idx, flags);
    default: return k->circles_aos_idx(c->circles, n, pb, idx, flags);
    }
}

static unsigned popcount64(uint64_t w)
{
    unsigned c = 0;
    for (; w; w &= w - 1)
        c++;
    return c;
}

static unsigned ctz64(uint64_t w) /* w != 0 */
{
    unsigned c = 0;
    for (; !(w & 1); w >>= 1)
        c++;
    return c;
}

/* Output buffers of one length, shared by every call on a corpus. With
 * guard_after, the mask words and index entries end at a PROT_NONE page, so
 * writing one word or entry too many faults. Otherwise they start right after
 * one (an under-write faults) and a canary follows the last word/entry. */
typedef struct {
    size_t n, words;
    int guard_after;
    uint64_t *mask_k, *mask_r;
    uint32_t *idx_k, *idx_r;
} outbufs;

#define POISON_K 0xA5A5A5A5A5A5A5A5ull
#define POISON_R 0x5A5A5A5A5A5A5A5Aull
#define CANARY64 0xC0FFEE00DEADBEEFull
#define CANARY32 0xDEADBEEFu

/* `bytes` at `offset` bytes into a guarded buffer: ending at the guard page
 * (guard_after), or starting `offset` bytes after one. */
static void *out_alloc(size_t bytes, int guard_after, size_t offset)
{
    return (unsigned char *)tb_alloc_guarded(bytes + offset, !guard_after) + offset;
}

/* misalign: 0..3; index lists move by 4 bytes per step, mask words by 8
 * (uint64_t needs its own alignment; the kernels take any float alignment). */
static outbufs outbufs_new(size_t n, int guard_after, size_t misalign)
{
    outbufs o;
    o.n = n;
    o.words = (n + 63) / 64;
    o.guard_after = guard_after;
    size_t extra = guard_after ? 0 : 1; /* room for the canary */
    size_t mo = guard_after ? 0 : 8 * misalign, io = guard_after ? 0 : 4 * misalign;
    o.mask_k = out_alloc((o.words + extra) * 8, guard_after, mo);
    o.mask_r = out_alloc((o.words + extra) * 8, guard_after, mo);
    o.idx_k = out_alloc((n + extra) * 4, guard_after, io);
    o.idx_r = out_alloc((n + extra) * 4, guard_after, io);
    return o;
}

static void outbufs_free(outbufs *o)
{
    tb_free(o->mask_k), tb_free(o->mask_r), tb_free(o->idx_k), tb_free(o->idx_r);
}

/* Statistics over a whole test, so a test can assert it was not vacuous. */
typedef struct {
    size_t calls, elements, hits;
} tally;

/* Where a mismatch happened, for the failure message. */
typedef struct {
    const char *backend, *layout, *data;
    int probe;
} where;

static void describe_element(char *buf, size_t len, int sh, const tb_corpus *c, size_t i,
                             cb_circle pc, cb_box pb)
{
    if (sh == SH_BOXES || sh == SH_BOXES_AOS)
        snprintf(buf, len, "circle (%a, %a, r %a) vs box %zu (%a, %a, %a, %a)", pc.x, pc.y,
                 pc.r, i, c->boxes[i].min_x, c->boxes[i].min_y, c->boxes[i].max_x,
                 c->boxes[i].max_y);
    else
        snprintf(buf, len, "circle %zu (%a, %a, r %a) vs box (%a, %a, %a, %a)", i,
                 c->circles[i].x, c->circles[i].y, c->circles[i].r, pb.min_x, pb.min_y, pb.max_x,
                 pb.max_y);
}

#define WHERE_FMT "backend %s, kernel %s%s, flags %s, layout %s, data %s, n %zu, probe %d, seed 0x%016" PRIx64
#define WHERE_ARGS(w, sh, form, flags, n)                                                          \
    (w)->backend, shape_name[sh], form, (flags) ? "CB_STRICT" : "0", (w)->layout, (w)->data, n,    \
        (w)->probe, tb_seed()

/* One shape, one probe, one flag value: mask form and index form of k
 * against the reference, plus every invariant of the output format. */
static void check_call(const cb_kernels *k, const cb_kernels *ref, int sh, const tb_corpus *c,
                       cb_circle pc, cb_box pb, unsigned flags, outbufs *o, const where *w,
                       tally *t)
{
    size_t n = o->n, words = o->words;
    char elem[256];

    /* ---- mask form */
    for (size_t i = 0; i < words; i++)
        o->mask_k[i] = POISON_K, o->mask_r[i] = POISON_R;
    if (!o->guard_after)
        o->mask_k[words] = CANARY64, o->mask_r[words] = CANARY64;
    size_t hk = run_mask(k, sh, c, n, pc, pb, o->mask_k, flags);
    size_t hr = run_mask(ref, sh, c, n, pc, pb, o->mask_r, flags);
    if (!o->guard_after) {
        cr_assert_eq(o->mask_k[words], CANARY64, "mask word %zu (past (n+63)/64) was written: " WHERE_FMT,
                     words, WHERE_ARGS(w, sh, "", flags, n));
        cr_assert_eq(o->mask_r[words], CANARY64, "reference wrote mask word %zu: " WHERE_FMT, words,
                     WHERE_ARGS(w, sh, "", flags, n));
    }
    for (size_t i = 0; i < words; i++) {
        if (o->mask_k[i] == o->mask_r[i])
            continue;
        uint64_t d = o->mask_k[i] ^ o->mask_r[i];
        size_t bit = 0;
        while (!(d >> bit & 1))
            bit++;
        size_t e = i * 64 + bit;
        if (e < n)
            describe_element(elem, sizeof elem, sh, c, e, pc, pb);
        else
            snprintf(elem, sizeof elem, "bit past n (element %zu)", e);
        cr_assert_fail("mask word %zu differs (got 0x%016" PRIx64 ", reference 0x%016" PRIx64
                       ") first at %s: " WHERE_FMT,
                       i, o->mask_k[i], o->mask_r[i], elem, WHERE_ARGS(w, sh, "", flags, n));
    }
    cr_assert_eq(hk, hr, "hit count %zu, reference %zu: " WHERE_FMT, hk, hr,
                 WHERE_ARGS(w, sh, "", flags, n));
    size_t pop = 0;
    for (size_t i = 0; i < words; i++)
        pop += popcount64(o->mask_k[i]);
    cr_assert_eq(pop, hk, "returned count %zu but %zu bits set: " WHERE_FMT, hk, pop,
                 WHERE_ARGS(w, sh, "", flags, n));
    if (n % 64)
        cr_assert_eq(o->mask_k[words - 1] >> (n % 64), 0,
                     "bits past n in the last word are not zero (0x%016" PRIx64 "): " WHERE_FMT,
                     o->mask_k[words - 1], WHERE_ARGS(w, sh, "", flags, n));

    /* ---- index form; the entries must be exactly the set bits of the mask */
    for (size_t i = 0; i < n; i++)
        o->idx_k[i] = 0xFFFFFFFFu, o->idx_r[i] = 0xFFFFFFFEu;
    if (!o->guard_after)
        o->idx_k[n] = CANARY32, o->idx_r[n] = CANARY32;
    size_t ik = run_idx(k, sh, c, n, pc, pb, o->idx_k, flags);
    size_t ir = run_idx(ref, sh, c, n, pc, pb, o->idx_r, flags);
    if (!o->guard_after)
        cr_assert(o->idx_k[n] == CANARY32 && o->idx_r[n] == CANARY32,
                  "index entry n was written: " WHERE_FMT, WHERE_ARGS(w, sh, "_idx", flags, n));
    cr_assert_eq(ik, ir, "index count %zu, reference %zu: " WHERE_FMT, ik, ir,
                 WHERE_ARGS(w, sh, "_idx", flags, n));
    cr_assert_eq(ik, hk, "index form found %zu hits, mask form %zu: " WHERE_FMT, ik, hk,
                 WHERE_ARGS(w, sh, "_idx", flags, n));
    size_t j = 0;
    for (size_t wi = 0; wi < words; wi++)
        for (uint64_t m = o->mask_k[wi]; m; m &= m - 1, j++) {
            uint32_t want = (uint32_t)(wi * 64 + ctz64(m));
            if (o->idx_k[j] != want || o->idx_r[j] != want)
                cr_assert_fail("index entry %zu is %" PRIu32 " (reference %" PRIu32
                               "), the mask's hit is %" PRIu32 ": " WHERE_FMT,
                               j, o->idx_k[j], o->idx_r[j], want,
                               WHERE_ARGS(w, sh, "_idx", flags, n));
        }

    t->calls++;
    t->elements += n;
    t->hits += hk;
}

/* All four shapes and both flag values for a set of probes. */
static void check_corpus(const cb_kernels *k, const cb_kernels *ref, const tb_corpus *c,
                         const cb_circle *pcs, size_t npc, const cb_box *pbs, size_t npb,
                         outbufs *o, where *w, tally *t)
{
    static const cb_box unused_box = {0, 0, 0, 0};
    static const cb_circle unused_circle = {0, 0, 0};
    for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
        for (size_t p = 0; p < npc; p++) {
            w->probe = (int)p;
            check_call(k, ref, SH_BOXES, c, pcs[p], unused_box, flags, o, w, t);
            check_call(k, ref, SH_BOXES_AOS, c, pcs[p], unused_box, flags, o, w, t);
        }
        for (size_t p = 0; p < npb; p++) {
            w->probe = (int)p;
            check_call(k, ref, SH_CIRCLES, c, unused_circle, pbs[p], flags, o, w, t);
            check_call(k, ref, SH_CIRCLES_AOS, c, unused_circle, pbs[p], flags, o, w, t);
        }
    }
}

/* A realistic circle and box for tb_corpus_fill_touching to build around. */
static cb_circle touch_circle(tb_rng *r)
{
    cb_circle c = {tb_uniform(r, 0, 256), tb_uniform(r, 0, 256), tb_uniform(r, 0.5f, 16)};
    return c;
}
static cb_box touch_box(tb_rng *r)
{
    float x = tb_uniform(r, 0, 256), y = tb_uniform(r, 0, 256);
    cb_box b = {x, y, x + tb_uniform(r, 0.5f, 16), y + tb_uniform(r, 0.5f, 16)};
    return b;
}

static const char *const kind_name[3] = {"random", "adversarial", "touching"};

/* Fills c with data of one kind; for "touching", every box touches *pc and
 * every circle touches *pb, which are then the natural probes. */
static void fill_kind(tb_corpus *c, tb_rng *r, int kind, cb_circle *pc, cb_box *pb)
{
    *pc = touch_circle(r), *pb = touch_box(r);
    if (kind == 0)
        tb_corpus_fill_random(c, r);
    else if (kind == 1)
        tb_corpus_fill_adversarial(c, r);
    else
        tb_corpus_fill_touching(c, r, *pc, *pb);
}

static float any_adversarial(tb_rng *r)
{
    uint64_t k = tb_next(r);
    return (k & 3) == 0 ? tb_any_float(r) : tb_adversarial[(k >> 2) % tb_adversarial_count];
}

/* ------------------------------------------------------ kernel tables */

ParameterizedTestParameters(backends, table)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

/* Each table says which backend it is, has all eight entries, is stable, and
 * is a different implementation from the scalar one (so comparing against
 * scalar below really compares two code paths). */
ParameterizedTest(int *b, backends, table)
{
    const cb_kernels *k = kernels_or_skip(*b);
    cr_assert_eq(k->backend, (cb_backend)*b, "cb_kernels_for(%s)->backend is %d",
                 cb_backend_name((cb_backend)*b), (int)k->backend);
    cr_assert_eq(cb_kernels_for((cb_backend)*b), k, "cb_kernels_for is not stable");
    cr_assert(k->boxes && k->boxes_aos && k->circles && k->circles_aos && k->boxes_idx &&
                  k->boxes_aos_idx && k->circles_idx && k->circles_aos_idx,
              "backend %s has a NULL kernel", cb_backend_name((cb_backend)*b));
    if (*b != CB_BACKEND_SCALAR) {
        const cb_kernels *s = scalar_ref();
        cr_assert_neq(k, s, "backend %s returns the scalar table", cb_backend_name((cb_backend)*b));
        cr_assert(k->boxes != s->boxes && k->boxes_aos != s->boxes_aos &&
                      k->circles != s->circles && k->circles_aos != s->circles_aos &&
                      k->boxes_idx != s->boxes_idx && k->boxes_aos_idx != s->boxes_aos_idx &&
                      k->circles_idx != s->circles_idx && k->circles_aos_idx != s->circles_aos_idx,
                  "backend %s shares a kernel with scalar", cb_backend_name((cb_backend)*b));
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

/* Random and adversarial data at every length and layout. The probes are
 * chosen to make the padding lanes of a short tail hit if they leaked in
 * (a zero-padded box (0,0,0,0) is hit by the circle (0,0,1); a zero-padded
 * circle (0,0,0) hits any box containing the origin in the default mode). */
ParameterizedTest(bl_param *p, backends, lengths, .timeout = 600)
{
    const cb_kernels *k = kernels_or_skip(p->backend);
    const cb_kernels *ref = scalar_ref();
    const layout *lay = &layouts[p->layout];
    tally t = {0, 0, 0};
    size_t random_hits = 0, random_elems = 0;

    for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
        size_t n = lengths[li];
        tb_corpus c = tb_corpus_new_at(n, lay->before, 4 * lay->floats);
        outbufs o = outbufs_new(n, !lay->before, lay->floats);
        for (int kind = 0; kind < 3; kind++) {
            /* The data depends on (n, kind, layout) only: every backend sees the same. */
            tb_rng r = tb_rng_for(0x1000000u + n * 16u + (size_t)kind * 5u + (size_t)p->layout);
            where w = {cb_backend_name((cb_backend)p->backend), lay->name, kind_name[kind], 0};
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
                tbx,
                {any_adversarial(&r), any_adversarial(&r), any_adversarial(&r),
                 any_adversarial(&r)},
                n ? c.boxes[0] : (cb_box){0.f, 0.f, 2.f, 2.f},
                n ? c.boxes[n - 1] : (cb_box){NAN, 0.f, 1.f, 1.f},
            };
            size_t hits_before = t.hits, elems_before = t.elements;
            check_corpus(k, ref, &c, pcs, 6, pbs, 6, &o, &w, &t);
            if (!kind)
                random_hits += t.hits - hits_before, random_elems += t.elements - elems_before;
        }

        /* n == 0: nothing may be touched, whatever the pointers (NULL included). */
        if (n == 0) {
            cb_circle ci = {0, 0, 1};
            cb_box bx = {-1, -1, 1, 1};
            for (unsigned f = 0; f <= CB_STRICT; f++) {
                cr_assert_eq(k->boxes(ci, NULL, 0, NULL, f), 0);
                cr_assert_eq(k->boxes_aos(ci, NULL, 0, NULL, f), 0);
                cr_assert_eq(k->circles(NULL, 0, bx, NULL, f), 0);
                cr_assert_eq(k->circles_aos(NULL, 0, bx, NULL, f), 0);
                cr_assert_eq(k->boxes_idx(ci, NULL, 0, NULL, f), 0);
                cr_assert_eq(k->boxes_aos_idx(ci, NULL, 0, NULL, f), 0);
                cr_assert_eq(k->circles_idx(NULL, 0, bx, NULL, f), 0);
                cr_assert_eq(k->circles_aos_idx(NULL, 0, bx, NULL, f), 0);
            }
        }
        outbufs_free(&o);
        tb_corpus_free(&c);
    }
    /* Not vacuous: the random data must give both hits and misses. */
    cr_assert(random_hits > 0 && random_hits < random_elems,
              "random corpora gave %zu hits of %zu: the comparison proves little", random_hits,
              random_elems);
    cr_log_info("backend %s, layout %s: %zu calls, %zu elements, %zu hits",
                cb_backend_name((cb_backend)p->backend), lay->name, t.calls, t.elements, t.hits);
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

/* ----------------------------- pairs: forward, mirror, cb_overlap, backends */

ParameterizedTestParameters(backends, pairs)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

/* Every circle against every box of a targeted + random + any-bit-pattern
 * set, asked both ways: "circle i vs boxes" (bit j) and "box j vs circles"
 * (bit i) must agree, with each other, with cb_overlap, and with scalar. */
ParameterizedTest(int *b, backends, pairs, .timeout = 600)
{
    const cb_kernels *k = kernels_or_skip(*b);
    const cb_kernels *ref = scalar_ref();
    enum { EXTRA = 96 };
    /* Built in oversized scratch corpora, then copied into exact-size ones so
     * every array still ends at its guard page. */
    tb_corpus sc = tb_corpus_new(TARGETED_NC + 3 * EXTRA + 1);
    tb_corpus sb = tb_corpus_new(TARGETED_NB + 3 * EXTRA + 1);
    size_t nc, nb;
    build_targeted(&sc, &sb, &nc, &nb);
    cr_assert(nc <= TARGETED_NC && nb <= TARGETED_NB, "targeted set overflow");
    /* Random near-touching pairs (fill_random), raw bit patterns, and
     * boxes/circles touching one circle/box within an ulp or two. */
    tb_rng r = tb_rng_for(0x2000000u);
    tb_corpus rnd = tb_corpus_new(EXTRA), tch = tb_corpus_new(EXTRA);
    tb_corpus_fill_random(&rnd, &r);
    cb_circle tc = touch_circle(&r);
    cb_box tbx = touch_box(&r);
    tb_corpus_fill_touching(&tch, &r, tc, tbx);
    tb_corpus_set_circle(&sc, nc++, tc);
    tb_corpus_set_box(&sb, nb++, tbx);
    for (size_t i = 0; i < EXTRA; i++) {
        tb_corpus_set_circle(&sc, nc++, rnd.circles[i]);
        tb_corpus_set_box(&sb, nb++, rnd.boxes[i]);
        tb_corpus_set_circle(&sc, nc++, tch.circles[i]);
        tb_corpus_set_box(&sb, nb++, tch.boxes[i]);
        cb_circle ac = {tb_any_float(&r), tb_any_float(&r), tb_any_float(&r)};
        cb_box ab = {tb_any_float(&r), tb_any_float(&r), tb_any_float(&r), tb_any_float(&r)};
        tb_corpus_set_circle(&sc, nc++, ac);
        tb_corpus_set_box(&sb, nb++, ab);
    }
    tb_corpus cc = tb_corpus_new(nc), bc = tb_corpus_new(nb);
    for (size_t i = 0; i < nc; i++)
        tb_corpus_set_circle(&cc, i, sc.circles[i]);
    for (size_t j = 0; j < nb; j++)
        tb_corpus_set_box(&bc, j, sb.boxes[j]);
    tb_corpus_free(&rnd), tb_corpus_free(&tch), tb_corpus_free(&sc), tb_corpus_free(&sb);

    size_t wb = (nb + 63) / 64, wc = (nc + 63) / 64;
    uint64_t *fwd = calloc(nc * wb, sizeof *fwd), *mir = calloc(nb * wc, sizeof *mir);
    cr_assert(fwd && mir);
    outbufs ob = outbufs_new(nb, 1, 0), oc = outbufs_new(nc, 1, 0);
    where w = {cb_backend_name((cb_backend)*b), "end-of-page", "targeted+random pairs", 0};
    tally t = {0, 0, 0};
    size_t touch_only = 0; /* pairs that hit with 0 but not with CB_STRICT */

    for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
        for (size_t i = 0; i < nc; i++) {
            w.probe = (int)i;
            check_call(k, ref, SH_BOXES_AOS, &bc, cc.circles[i], bc.boxes[0], flags, &ob, &w, &t);
            check_call(k, ref, SH_BOXES, &bc, cc.circles[i], bc.boxes[0], flags, &ob, &w, &t);
            memcpy(fwd + i * wb, ob.mask_k, wb * sizeof *fwd);
        }
        for (size_t j = 0; j < nb; j++) {
            w.probe = (int)j;
            check_call(k, ref, SH_CIRCLES_AOS, &cc, cc.circles[0], bc.boxes[j], flags, &oc, &w,
                       &t);
            check_call(k, ref, SH_CIRCLES, &cc, cc.circles[0], bc.boxes[j], flags, &oc, &w, &t);
            memcpy(mir + j * wc, oc.mask_k, wc * sizeof *mir);
        }
        for (size_t i = 0; i < nc; i++)
            for (size_t j = 0; j < nb; j++) {
                int f = (int)(fwd[i * wb + j / 64] >> (j % 64) & 1);
                int m = (int)(mir[j * wc + i / 64] >> (i % 64) & 1);
                int one = cb_overlap(cc.circles[i], bc.boxes[j], flags);
                if (f != m || f != one) {
                    cb_circle c = cc.circles[i];
                    cb_box x = bc.boxes[j];
                    cr_assert_fail("circle %zu (%a, %a, r %a) vs box %zu (%a, %a, %a, %a), flags "
                                   "%u, backend %s: circle-vs-boxes %d, box-vs-circles %d, "
                                   "cb_overlap %d",
                                   i, c.x, c.y, c.r, j, x.min_x, x.min_y, x.max_x, x.max_y, flags,
                                   w.backend, f, m, one);
                }
                if (flags == 0 && f && !cb_overlap(cc.circles[i], bc.boxes[j], CB_STRICT))
                    touch_only++;
            }
    }
    /* The set must contain pairs where the touching mode decides (exact
     * touching); otherwise the CB_STRICT comparison above proved nothing. */
    cr_assert(touch_only >= 12, "only %zu pairs hit in touching mode but not strictly",
              touch_only);
    cr_log_info("backend %s: %zu x %zu pairs, %zu touch-only", w.backend, nc, nb, touch_only);
    free(fwd), free(mir);
    outbufs_free(&ob), outbufs_free(&oc);
    tb_corpus_free(&cc), tb_corpus_free(&bc);
}

/* ------------------------------------------------- a large random corpus */

ParameterizedTestParameters(backends, large_random)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

/* 65537 elements (one past a multiple of every vector width and of 64) of
 * realistic data, of raw bit patterns, and of boxes/circles all touching
 * their probe within an ulp or two, against several probes each. */
ParameterizedTest(int *b, backends, large_random, .timeout = 600)
{
    const cb_kernels *k = kernels_or_skip(*b);
    const cb_kernels *ref = scalar_ref();
    enum { N = 65537, P = 6 };
    tb_corpus c = tb_corpus_new(N);
    outbufs o = outbufs_new(N, 1, 0);
    tally t = {0, 0, 0};
    for (int kind = 0; kind < 3; kind++) {
        tb_rng r = tb_rng_for(0x3000000u + (unsigned)kind);
        cb_circle tc = touch_circle(&r);
        cb_box tbx = touch_box(&r);
        if (kind == 0) {
            tb_corpus_fill_random(&c, &r);
        } else if (kind == 2) {
            tb_corpus_fill_touching(&c, &r, tc, tbx);
        } else {
            for (size_t i = 0; i < N; i++) {
                cb_box x = {tb_any_float(&r), tb_any_float(&r), tb_any_float(&r),
                            tb_any_float(&r)};
                cb_circle ci = {tb_any_float(&r), tb_any_float(&r), tb_any_float(&r)};
                tb_corpus_set_box(&c, i, x);
                tb_corpus_set_circle(&c, i, ci);
            }
        }
        cb_circle pcs[P];
        cb_box pbs[P];
        for (int p = 0; p < P; p++) {
            size_t e = (size_t)(tb_next(&r) % N);
            pcs[p] = c.circles[e], pbs[p] = c.boxes[e];
            if (kind == 0 && p >= P / 2) { /* large probes: many hits per call */
                float x = tb_uniform(&r, 0, 256), y = tb_uniform(&r, 0, 256);
                float h = tb_uniform(&r, 8, 128);
                pcs[p] = (cb_circle){x, y, h};
                pbs[p] = (cb_box){x - h, y - h, x + h, y + h};
            }
            if (kind == 2 && p < P / 2) /* the probes everything touches */
                pcs[p] = tc, pbs[p] = tbx;
        }
        const char *names[3] = {"random", "any bit pattern", "touching"};
        where w = {cb_backend_name((cb_backend)*b), "end-of-page", names[kind], 0};
        check_corpus(k, ref, &c, pcs, P, pbs, P, &o, &w, &t);
    }
    cr_assert(t.hits > 0 && t.hits < t.elements, "%zu hits of %zu", t.hits, t.elements);
    outbufs_free(&o);
    tb_corpus_free(&c);
}

/* ------------------------------------------ the dispatched entry points */

ParameterizedTestParameters(backends, dispatched)
{
    return cr_make_param_array(int, all_backends, CB_BACKEND_COUNT);
}

/* After cb_set_backend(b) the public functions (argument checks, float guard,
 * the active table) must give the scalar raw kernels' answers. Their
 * signatures are the raw kernels', so they fill a kernel table and reuse
 * check_call. Each Criterion test is its own process: the global choice
 * made here does not leak into other tests. */
ParameterizedTest(int *b, backends, dispatched, .timeout = 600)
{
    kernels_or_skip(*b);
    const cb_kernels *ref = scalar_ref();
    cr_assert_eq(cb_set_backend((cb_backend)*b), CB_OK);
    cr_assert_eq(cb_active_backend(), (cb_backend)*b);
    const cb_kernels pub = {
        (cb_backend)*b,           cb_batch_overlap,         cb_batch_overlap_aos,
        cb_batch_overlap_circles, cb_batch_overlap_circles_aos, cb_batch_overlap_idx,
        cb_batch_overlap_aos_idx, cb_batch_overlap_circles_idx, cb_batch_overlap_circles_aos_idx,
    };
    static const size_t ns[] = {0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 67, 1000, 4097};
    tally t = {0, 0, 0};
    for (size_t li = 0; li < sizeof ns / sizeof ns[0]; li++) {
        size_t n = ns[li];
        for (int lay = 0; lay < 2; lay++) { /* end-of-page, and after-guard+1 */
            tb_corpus c = tb_corpus_new_at(n, lay, lay ? 4 : 0);
            outbufs o = outbufs_new(n, !lay, lay ? 1 : 0);
            for (int kind = 0; kind < 3; kind++) {
                tb_rng r = tb_rng_for(0x4000000u + n * 8u + (size_t)kind * 2u + (size_t)lay);
                cb_circle tc;
                cb_box tbx;
                fill_kind(&c, &r, kind, &tc, &tbx);
                cb_circle pcs[4] = {{0, 0, 1}, {128, 128, 90}, tc,
                                    {any_adversarial(&r), any_adversarial(&r),
                                     any_adversarial(&r)}};
                cb_box pbs[4] = {{-1, -1, 1, 1}, {64, 64, 192, 192}, tbx,
                                 {any_adversarial(&r), any_adversarial(&r), any_adversarial(&r),
                                  any_adversarial(&r)}};
                where w = {"dispatched", lay ? "after-guard+1" : "end-of-page", kind_name[kind], 0};
                check_corpus(&pub, ref, &c, pcs, 4, pbs, 4, &o, &w, &t);
            }
            outbufs_free(&o);
            tb_corpus_free(&c);
        }
    }
    /* The calls must not have moved the choice. */
    cr_assert_eq(cb_active_backend(), (cb_backend)*b);
    cr_assert(t.hits > 0);
}
