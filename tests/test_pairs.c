/* test_pairs.c - the many-against-many entries (cb_pair_entry_*): every backend's raw kernels and the public functions against testkit's reference (testkit/pairs.c) and the one-circle entries; the pair list's order, capacity, cursor and resumption; work split over tiles; candidate pairs; bad input; the public path on every backend. */
#include "bits.h"
#include "fpctl.h"
#include "support.h"

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
 * output format (candidate k stands for element k).
 *
 * Subjects: each backend's raw kernels (skipped by name, with the
 * library's reason, when this machine cannot run it) and the public
 * functions (subjects.h). Inputs and outputs sit against PROT_NONE pages
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

#define POISON 0xA5
#define CANARY 0xEF

/* ---------------------------------------------------------------- entries */

static const cb_pair_entry_info *pinfo(size_t e)
{
    const cb_pair_entry_info *d = cb_pair_entry_info_of(e);
    cr_assert_not_null(d, "pair entry %zu of %zu has no descriptor", e, cb_pair_entry_count());
    return d;
}

static int is_all(const cb_pair_entry_info *d) { return d->pairing == CB_PAIRING_ALL; }

/* The one-circle entry (a single circle against SoA elements of d's shape)
 * whose output format a LISTED entry shares: candidate k is its element k.
 * Its descriptor drives testkit's output functions (allocation, poisoning,
 * comparison, format invariants). */
static const cb_entry_info *listed_format(const cb_pair_entry_info *d)
{
    size_t e = tk_find_entry(d->query, CB_SHAPE_CIRCLE, d->many, CB_LAYOUT_SOA, d->output);
    cr_assert(e < cb_entry_count(),
              "%s: no one-circle entry of query %d, elements %d, output %d to share its format",
              d->name, (int)d->query, (int)d->many, (int)d->output);
    return cb_entry_info_of(e);
}

/* The pair entry with these properties, or cb_pair_entry_count(). */
static size_t find_pair_entry(cb_query q, cb_pairing p, cb_shape many, cb_output o)
{
    size_t ne = cb_pair_entry_count();
    for (size_t e = 0; e < ne; e++) {
        const cb_pair_entry_info *d = pinfo(e);
        if (d->query == q && d->pairing == p && d->many == many && d->output == o)
            return e;
    }
    return ne;
}

/* --------------------------------------------------------------- subjects */

/* A hostile float environment for the calls: bit 0 flush (FTZ and DAZ;
 * AArch64 FPCR.FZ), bit 1 round toward zero. prun runs the subject in it
 * when hostile_env is set, and want_run the scalar kernel too when
 * hostile_want is; each call must leave the register as it found it
 * (sticky exception flags aside). */
enum { FLUSH = 1, TOWARD_ZERO = 2 };
static int hostile_env, hostile_want;

static unsigned long long env_enter(int mode)
{
    unsigned long long v = fpctl_read();
    if (mode & TOWARD_ZERO)
        fpctl_write((v & ~FPCTL_ROUND) | FPCTL_TOWARD_ZERO);
    if (mode & FLUSH)
        fpctl_set_flush(1, 1, 0);
    return v;
}

static void env_leave(unsigned long long saved, unsigned long long set, const char *who)
{
    unsigned long long after = fpctl_read();
    fpctl_write(saved);
    cr_assert_eq(after & ~FPCTL_FLAGS, set & ~FPCTL_FLAGS,
                 "%s changed the caller's float control register: 0x%llx before, 0x%llx after",
                 who, set, after);
}

static size_t prun(int s, size_t e, const cb_pair_args *a)
{
    cb_pair_kernel_fn k = NULL;
    if (s != PUBLIC) {
        k = cb_pair_entry_kernel(e, (cb_backend)s);
        cr_assert_not_null(k, "backend %s is runnable but has no kernel for %s",
                           cb_backend_name((cb_backend)s), pinfo(e)->name);
    }
    if (!hostile_env)
        return k ? k(a) : cb_pair_entry_call(e, a);
    unsigned long long saved = env_enter(hostile_env), set = fpctl_read();
    size_t r = k ? k(a) : cb_pair_entry_call(e, a);
    env_leave(saved, set, pinfo(e)->name);
    return r;
}

/* What a subject is compared with: the reference, or the scalar raw kernel. */
typedef enum { WANT_REF, WANT_SCALAR } want_kind;
static const char *const want_name[2] = {"the reference", "the scalar kernel"};

static size_t want_run(want_kind w, size_t e, const cb_pair_entry_info *d, const cb_pair_args *a)
{
    if (w == WANT_REF)
        return ref_pair_entry(d, a);
    cb_pair_kernel_fn k = cb_pair_entry_kernel(e, CB_BACKEND_SCALAR);
    cr_assert_not_null(k, "the scalar backend must always have a kernel (%s)", d->name);
    if (!hostile_env || !hostile_want)
        return k(a);
    unsigned long long saved = env_enter(hostile_env), set = fpctl_read();
    size_t r = k(a);
    env_leave(saved, set, d->name);
    return r;
}

/* Where a call happened, for the messages. */
typedef struct {
    const char *subject, *data, *layout;
} pwhere;

#define PW_FMT "%s on %s: n_circles %zu, m %zu, n %zu, flags 0x%x, margin %a, %s data, %s; " SEED_FMT
#define PW_ARGS(d, w, a)                                                                           \
    (d)->name, (w)->subject, (a)->n_circles, (a)->m, (a)->n, (a)->flags, (double)(a)->margin,      \
        (w)->data, (w)->layout, tb_seed()
#define CUR_FMT "{tile %zu, circle %zu, skip %zu}"
#define CUR_ARGS(c) (c).tile, (c).circle, (c).skip

static int same_cursor(cb_pair_cursor x, cb_pair_cursor y)
{
    return x.tile == y.tile && x.circle == y.circle && x.skip == y.skip;
}

/* ------------------------------------------------------------- buffers */

/* Room that ends at a PROT_NONE page: tail_at(t, b) is the last b bytes of
 * it, so a buffer of any size taken from it faults one byte past its end. */
typedef struct {
    unsigned char *end;
    size_t room;
} tail;

static tail tail_new(size_t bytes)
{
    tail t = {(unsigned char *)tb_alloc_guarded(bytes, 0) + bytes, bytes};
    return t;
}

static void *tail_at(const tail *t, size_t bytes)
{
    cr_assert(bytes <= t->room, "test bug: %zu bytes asked of a tail of %zu", bytes, t->room);
    return t->end - bytes;
}

static void tail_free(tail *t)
{
    tb_free(t->end - t->room);
    t->end = NULL;
}

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    cr_assert_not_null(p, "out of memory (%zu bytes)", bytes);
    return p;
}

/* ---------------------------------------------------------------- data */

/* The set (n_circles circles) and the elements (m of them, as boxes and as
 * circles, so one data set serves entries of either element shape), each
 * array placed as tb_corpus_new_at places it. */
typedef struct {
    tb_corpus set, els;
    cb_circle_soa cs; /* the set */
    cb_box_soa eb;    /* the elements as boxes */
    cb_circle_soa ec; /* the elements as circles */
} pdata;

/* Where the input arrays sit: ending at a guard page, or starting one float
 * after one (misaligned off every vector width; under-reads fault). */
typedef struct {
    const char *name;
    int before;
    size_t offset;
} placement;
static const placement placements[] = {{"end-of-page", 0, 0}, {"after-guard+1 float", 1, 4}};

static void pdata_init(pdata *p, size_t nc, size_t m, const placement *pl)
{
    p->set = tb_corpus_new_at(nc, pl->before, pl->offset);
    p->els = tb_corpus_new_at(m, pl->before, pl->offset);
    p->cs = tb_corpus_circles(&p->set);
    p->eb = tb_corpus_boxes(&p->els);
    p->ec = tb_corpus_circles(&p->els);
}

/* A pdata of two corpora allocated elsewhere (freed there). */
static void pdata_of(pdata *p, const tb_corpus *set, const tb_corpus *els)
{
    p->set = *set, p->els = *els;
    p->cs = tb_corpus_circles(&p->set);
    p->eb = tb_corpus_boxes(&p->els);
    p->ec = tb_corpus_circles(&p->els);
}

static void pdata_free(pdata *p)
{
    tb_corpus_free(&p->set);
    tb_corpus_free(&p->els);
}

static const void *many_of(const cb_pair_entry_info *d, const pdata *p)
{
    return d->many == CB_SHAPE_BOX ? (const void *)&p->eb : (const void *)&p->ec;
}

/* A call of entry d on p: the whole tile range, nothing else set. */
static cb_pair_args args_of(const cb_pair_entry_info *d, const pdata *p, unsigned flags)
{
    cb_pair_args a;
    memset(&a, 0, sizeof a);
    a.circles = &p->cs, a.n_circles = p->set.n;
    a.many = many_of(d, p), a.m = p->els.n;
    a.tile_end = SIZE_MAX;
    a.flags = flags;
    return a;
}

static size_t below(tk_rng *r, size_t n) { return n ? (size_t)(tk_next(r) % n) : 0; }

static float any_adversarial(tk_rng *r)
{
    uint64_t k = tk_next(r);
    return (k & 3) == 0 ? tk_any_float(r) : tb_adversarial[(k >> 2) % tb_adversarial_count];
}

enum { K_RANDOM, K_DENSE, K_ADVERSARIAL, K_EXACT, K_TOUCHING, K_MIXED, K_TINY, N_KINDS };
static const char *const kind_name[N_KINDS] = {
    "random", "dense", "adversarial", "exact-touching", "touching", "mixed", "denormal"};

/* Circles and boxes crowded into 24 x 24: several hits per circle and tile. */
static cb_circle dense_circle(tk_rng *r)
{
    cb_circle c;
    c.x = tk_uniform(r, 0, 24), c.y = tk_uniform(r, 0, 24), c.r = tk_uniform(r, 0.25f, 4);
    return c;
}

static cb_box dense_box(tk_rng *r)
{
    cb_box b;
    b.min_x = tk_uniform(r, 0, 24), b.min_y = tk_uniform(r, 0, 24);
    b.max_x = b.min_x + tk_uniform(r, 0.25f, 6), b.max_y = b.min_y + tk_uniform(r, 0.25f, 6);
    return b;
}

static float ulp_toward(float f, int dir) { return nextafterf(f, dir > 0 ? INFINITY : -INFINITY); }

/* Exact touching in small integers (a 3-4-5 corner, a straight side, two
 * circles whose centres are 5q apart with radii summing to 5q), where the
 * touching mode alone decides, some nudged one ulp in or out: every element
 * touches (or nearly) one circle of the set, as a box and as a circle. */
static void fill_exact(pdata *p, tk_rng *r)
{
    size_t nc = p->set.n;
    for (size_t i = 0; i < nc; i++) {
        cb_circle c;
        c.x = (float)below(r, 41) - 20.f, c.y = (float)below(r, 41) - 20.f;
        c.r = 5.f * (float)(1 + below(r, 3));
        tb_corpus_set_circle(&p->set, i, c);
    }
    for (size_t j = 0; j < p->els.n; j++) {
        cb_circle c = {0, 0, 5};
        if (nc)
            c = p->set.circles[below(r, nc)];
        float k = c.r / 5.f;
        uint64_t bits = tk_next(r);
        float sx = (bits & 1) ? 1.f : -1.f, sy = (bits & 2) ? 1.f : -1.f;
        float a = (bits & 4) ? 4.f : 3.f, b = 7.f - a; /* (3, 4) or (4, 3) */
        float w = (float)(1 + below(r, 8)), h = (float)(1 + below(r, 8));
        int nudge = (int)((bits >> 3) % 5) - 2; /* one ulp in or out when +-1 */
        cb_box x;
        if ((bits >> 6) % 3) { /* the box's near corner on the circle */
            float px = c.x + sx * a * k, py = c.y + sy * b * k;
            if (nudge == 1 || nudge == -1)
                px = ulp_toward(px, nudge);
            x.min_x = sx > 0 ? px : px - w, x.max_x = sx > 0 ? px + w : px;
            x.min_y = sy > 0 ? py : py - h, x.max_y = sy > 0 ? py + h : py;
        } else { /* its near side, spanning the centre's height */
            float px = c.x + sx * c.r;
            if (nudge == 1 || nudge == -1)
                px = ulp_toward(px, nudge);
            x.min_x = sx > 0 ? px : px - w, x.max_x = sx > 0 ? px + w : px;
            x.min_y = c.y - (float)below(r, 4), x.max_y = c.y + (float)below(r, 4);
        }
        float q = k + (float)(1 + below(r, 3));
        cb_circle o = {c.x + sx * a * q, c.y + sy * b * q, 5.f * (q - k)};
        if ((bits >> 9) % 3 == 0)
            o.r = ulp_toward(o.r, (bits >> 11) & 1 ? 1 : -1);
        tb_corpus_set_box(&p->els, j, x);
        tb_corpus_set_circle(&p->els, j, o);
    }
}

/* Fills p with data of one kind; the same (kind, stream) gives the same
 * data for every subject. */
static void fill_kind(pdata *p, int kind, tk_rng *r)
{
    size_t nc = p->set.n, m = p->els.n;
    switch (kind) {
    case K_RANDOM: /* support's realistic data; circle i of the set is often
                    * element circle i, which sits on the edge of box i */
        tb_corpus_fill_random(&p->els, r);
        tb_corpus_fill_random(&p->set, r);
        for (size_t i = 0; i < nc && i < m; i++)
            if (tk_next(r) & 1)
                tb_corpus_set_circle(&p->set, i, p->els.circles[i]);
        break;
    case K_ADVERSARIAL:
        tb_corpus_fill_adversarial(&p->els, r);
        tb_corpus_fill_adversarial(&p->set, r);
        break;
    case K_EXACT:
        fill_exact(p, r);
        break;
    case K_TOUCHING: { /* support's touching data: every box touches tc, and the
                        * circles of both sides touch tbx (or its twin) */
        cb_circle tc;
        cb_box tbx;
        tc.x = tk_uniform(r, 0, 256), tc.y = tk_uniform(r, 0, 256), tc.r = tk_uniform(r, 0.5f, 16);
        tbx.min_x = tk_uniform(r, 0, 256), tbx.min_y = tk_uniform(r, 0, 256);
        tbx.max_x = tbx.min_x + tk_uniform(r, 0.5f, 16);
        tbx.max_y = tbx.min_y + tk_uniform(r, 0.5f, 16);
        tb_corpus_fill_touching(&p->els, r, tc, tbx);
        tb_corpus_fill_touching(&p->set, r, tc, tbx);
        for (size_t i = 0; i < nc; i += 2)
            tb_corpus_set_circle(&p->set, i, tc);
        break;
    }
    case K_TINY: { /* crowded data scaled down: the inputs denormal (2^-136), or their
                    * squares (2^-75), or near the bottom of the normal range (2^-66) */
        static const int scales[3] = {-136, -75, -66};
        int sc = scales[below(r, 3)];
        for (size_t j = 0; j < m; j++) {
            cb_box b = dense_box(r);
            cb_circle c = dense_circle(r);
            b.min_x = ldexpf(b.min_x, sc), b.min_y = ldexpf(b.min_y, sc);
            b.max_x = ldexpf(b.max_x, sc), b.max_y = ldexpf(b.max_y, sc);
            c.x = ldexpf(c.x, sc), c.y = ldexpf(c.y, sc), c.r = ldexpf(c.r, sc);
            tb_corpus_set_box(&p->els, j, b);
            tb_corpus_set_circle(&p->els, j, c);
        }
        for (size_t i = 0; i < nc; i++) {
            cb_circle c = dense_circle(r);
            c.x = ldexpf(c.x, sc), c.y = ldexpf(c.y, sc), c.r = ldexpf(c.r, sc);
            tb_corpus_set_circle(&p->set, i, c);
        }
        break;
    }
    default: /* dense, and mixed: dense with adversarial values strewn in */
        for (size_t j = 0; j < m; j++) {
            cb_box b = dense_box(r);
            cb_circle c = dense_circle(r);
            if (kind == K_MIXED && tk_next(r) % 4 == 0) {
                float *f[7] = {&b.min_x, &b.min_y, &b.max_x, &b.max_y, &c.x, &c.y, &c.r};
                *f[below(r, 7)] = any_adversarial(r);
                *f[below(r, 7)] = any_adversarial(r);
            }
            tb_corpus_set_box(&p->els, j, b);
            tb_corpus_set_circle(&p->els, j, c);
        }
        for (size_t i = 0; i < nc; i++) {
            cb_circle c = dense_circle(r);
            if (kind == K_MIXED && tk_next(r) % 4 == 0) {
                float *f[3] = {&c.x, &c.y, &c.r};
                *f[below(r, 3)] = any_adversarial(r);
            }
            tb_corpus_set_circle(&p->set, i, c);
        }
        break;
    }
}

static int cmp_pair_up(const void *x, const void *y)
{
    const cb_pair *a = x, *b = y;
    return a->i != b->i ? (a->i > b->i) - (a->i < b->i) : (a->j > b->j) - (a->j < b->j);
}
static int cmp_pair_down(const void *x, const void *y) { return cmp_pair_up(y, x); }

/* n candidate pairs of a set of nc circles and m elements (both > 0 when n
 * > 0), repeats allowed, in one of several shapes of list: random, one
 * pair over and over, the last pair interleaved, ascending (as a broad
 * phase emits them), descending. */
static void fill_candidates(cb_pair *c, size_t n, size_t nc, size_t m, tk_rng *r)
{
    unsigned shape = (unsigned)(tk_next(r) % 6);
    for (size_t k = 0; k < n; k++) {
        c[k].i = (uint32_t)below(r, nc), c[k].j = (uint32_t)below(r, m);
        if (shape == 1 && k)
            c[k] = c[0];
        if (shape == 2 && k % 2)
            c[k].i = (uint32_t)(nc - 1), c[k].j = (uint32_t)(m - 1);
    }
    if (shape == 3)
        qsort(c, n, sizeof *c, cmp_pair_up);
    if (shape == 4)
        qsort(c, n, sizeof *c, cmp_pair_down);
}

/* ------------------------------------------------------- one call, checked */

/* Buffers for the calls on one data set: the subject's pair list, matrix
 * and candidates each ending at a guard page; the other side's on the
 * heap; per LISTED entry, the subject's output (tb_out_new: every array at
 * a guard page) and the other side's (heap, canaries around). */
typedef struct {
    tail pairs, matrix, cands;
    cb_pair *ref_pairs;
    uint64_t *ref_matrix;
    size_t n; /* candidates */
    tk_out *sub, *ref; /* indexed by pair entry; allocated for LISTED entries */
} bufs;

static void bufs_init(bufs *x, size_t nc, size_t m, size_t n, int before, size_t misalign)
{
    size_t ne = cb_pair_entry_count();
    x->pairs = tail_new((nc * m + 16) * sizeof(cb_pair)); /* 16: room for small capacities */
    x->matrix = tail_new(nc * cb_pair_tiles(m) * sizeof(uint64_t));
    x->cands = tail_new(n * sizeof(cb_pair));
    x->ref_pairs = xmalloc(nc * m * sizeof(cb_pair));
    x->ref_matrix = xmalloc(nc * cb_pair_tiles(m) * sizeof(uint64_t));
    x->n = n;
    x->sub = calloc(ne, sizeof *x->sub), x->ref = calloc(ne, sizeof *x->ref);
    cr_assert(x->sub && x->ref);
    for (size_t e = 0; e < ne; e++)
        if (!is_all(pinfo(e))) {
            tb_out_new(&x->sub[e], listed_format(pinfo(e)), n, before, misalign);
            tk_out_malloc_padded(&x->ref[e], listed_format(pinfo(e)), n);
        }
}

static void bufs_free(bufs *x)
{
    for (size_t e = 0; e < cb_pair_entry_count(); e++)
        if (!is_all(pinfo(e)))
            tk_out_free(&x->sub[e]), tk_out_free(&x->ref[e]);
    free(x->sub), free(x->ref), free(x->ref_pairs), free(x->ref_matrix);
    tail_free(&x->pairs), tail_free(&x->matrix), tail_free(&x->cands);
}

static cb_pair *cands_of(const bufs *x) { return tail_at(&x->cands, x->n * sizeof(cb_pair)); }

/* One pair-list call from `start` with a.capacity and a.tile_end as given:
 * the subject writes into `out` (room for exactly a.capacity pairs,
 * poisoned here), the other side into ref_out (room for the whole list),
 * from the same cursor. Compared: the count, the cursor after, the pairs
 * written; the subject's room past them must still be poisoned. Returns
 * the count; the subject's cursor after the call in *after. */
static size_t check_list(int s, size_t e, const cb_pair_entry_info *d, cb_pair_args a,
                         cb_pair_cursor start, cb_pair *out, cb_pair *ref_out, want_kind wk,
                         const pwhere *w, cb_pair_cursor *after)
{
    cb_pair_cursor sc = start, rc = start;
    if (a.capacity)
        memset(out, POISON, a.capacity * sizeof *out);
    a.cursor = &rc, a.out = ref_out;
    size_t want = want_run(wk, e, d, &a);
    a.cursor = &sc, a.out = out;
    size_t got = prun(s, e, &a);
    /* the pairs first: a wrong count then shows its first wrong pair */
    size_t k = got < a.capacity ? got : a.capacity, kw = want < a.capacity ? want : a.capacity;
    for (size_t q = 0; q < k || q < kw; q++) {
        if (q < k && q < kw && out[q].i == ref_out[q].i && out[q].j == ref_out[q].j)
            continue;
        char mine[400] = "(none)", theirs[400] = "(none)";
        if (q < k)
            tk_describe_pair(d, &a, out[q].i, out[q].j, mine, sizeof mine);
        if (q < kw)
            tk_describe_pair(d, &a, ref_out[q].i, ref_out[q].j, theirs, sizeof theirs);
        cr_assert_fail("pair %zu: returned %zu pairs, %s %zu; the subject's pair %zu [%s], %s's "
                       "[%s] (from cursor " CUR_FMT ", capacity %zu, tile_end %zu): " PW_FMT,
                       q, got, want_name[wk], want, q, mine, want_name[wk], theirs, CUR_ARGS(start),
                       a.capacity, a.tile_end, PW_ARGS(d, w, &a));
    }
    cr_assert_eq(got, want,
                 "returned %zu, %s %zu (from cursor " CUR_FMT ", capacity %zu, tile_end %zu): " PW_FMT,
                 got, want_name[wk], want, CUR_ARGS(start), a.capacity, a.tile_end,
                 PW_ARGS(d, w, &a));
    cr_assert(same_cursor(sc, rc),
              "cursor after the call " CUR_FMT ", %s " CUR_FMT " (from " CUR_FMT ", capacity %zu, "
              "tile_end %zu, %zu pairs): " PW_FMT,
              CUR_ARGS(sc), want_name[wk], CUR_ARGS(rc), CUR_ARGS(start), a.capacity, a.tile_end,
              got, PW_ARGS(d, w, &a));
    const unsigned char *rest = (const unsigned char *)(out + k);
    for (size_t b = 0; b < (a.capacity - k) * sizeof *out; b++)
        cr_assert_eq(rest[b], POISON,
                     "wrote into the room past the %zu pairs it returned (byte %zu of pair %zu; "
                     "capacity %zu): " PW_FMT,
                     k, b % sizeof *out, k + b / sizeof *out, a.capacity, PW_ARGS(d, w, &a));
    if (after)
        *after = sc;
    return got;
}

/* One matrix call over a.tile_begin .. a.tile_end: both matrices poisoned
 * alike, so equal words mean the same words written and the others left. */
static size_t check_matrix(int s, size_t e, const cb_pair_entry_info *d, cb_pair_args a,
                           uint64_t *out, uint64_t *ref_out, want_kind wk, const pwhere *w)
{
    size_t tiles = cb_pair_tiles(a.m), words = a.n_circles * tiles;
    memset(out, POISON, words * sizeof *out);
    memset(ref_out, POISON, words * sizeof *out);
    a.out = ref_out;
    size_t want = want_run(wk, e, d, &a);
    a.out = out;
    size_t got = prun(s, e, &a);
    cr_assert_eq(got, want, "returned %zu, %s %zu (tiles %zu .. %zu): " PW_FMT, got,
                 want_name[wk], want, a.tile_begin, a.tile_end, PW_ARGS(d, w, &a));
    for (size_t q = 0; q < words; q++) {
        if (out[q] == ref_out[q])
            continue;
        size_t i = q / tiles, t = q % tiles, bit = 0;
        while (!((out[q] ^ ref_out[q]) >> bit & 1))
            bit++;
        size_t j = t * CB_TILE + bit;
        char pair[400] = "a bit past m";
        if (j < a.m)
            tk_describe_pair(d, &a, i, j, pair, sizeof pair);
        cr_assert_fail("row %zu, tile %zu (%s the range %zu .. %zu): word 0x%016" PRIx64
                       ", %s 0x%016" PRIx64 "; first different bit %zu: %s: " PW_FMT,
                       i, t, t >= a.tile_begin && t < a.tile_end ? "in" : "outside", a.tile_begin,
                       a.tile_end, out[q], want_name[wk], ref_out[q], bit, pair, PW_ARGS(d, w, &a));
    }
    return got;
}

/* One call of a LISTED entry on a.candidates: its output against the other
 * side's, as the one-circle entry of the same format compares them, then
 * the format's invariants and nothing written outside the arrays. */
static size_t check_listed(int s, size_t e, const cb_pair_entry_info *d, cb_pair_args a,
                           tk_out *so, tk_out *ro, want_kind wk, const pwhere *w)
{
    const cb_entry_info *fd = listed_format(d);
    tk_out_fill(so, POISON), tk_out_fill_pads(so, CANARY);
    tk_out_fill(ro, 0x5A), tk_out_fill_pads(ro, CANARY);
    a.out = ro->out;
    size_t want = want_run(wk, e, d, &a);
    a.out = so->out;
    size_t got = prun(s, e, &a);
    cr_assert(tk_out_pads_intact(so, CANARY) && tk_out_intact(so),
              "wrote outside its output arrays (room for n) or into the cb_contacts: " PW_FMT,
              PW_ARGS(d, w, &a));
    cr_assert(tk_out_pads_intact(ro, CANARY), "%s wrote outside its arrays: " PW_FMT,
              want_name[wk], PW_ARGS(d, w, &a));
    char why[320];
    if (!tk_same_output(fd, a.n, got, so->out, want, ro->out, why, sizeof why)) {
        size_t k = tk_first_difference(fd, a.n, got, so->out, want, ro->out);
        char pair[400] = "no candidate differs (the difference is in the count)";
        if (k < a.n)
            tk_describe_pair(d, &a, a.candidates[k].i, a.candidates[k].j, pair, sizeof pair);
        cr_assert_fail("against %s: %s (format of %s); first candidate differing: %zu: %s: " PW_FMT,
                       want_name[wk], why, fd->name, k, pair, PW_ARGS(d, w, &a));
    }
    cr_assert(tk_check_format(fd, a.n, got, so->out, why, sizeof why), "%s: " PW_FMT, why,
              PW_ARGS(d, w, &a));
    return got;
}

/* Entry e on the data of a in one call over everything: the whole list
 * from {0, 0, 0} with room for exactly all of it (which must leave the
 * cursor at {tiles, 0, 0}), the whole matrix, or x's candidates. */
static size_t check_entry(int s, size_t e, const cb_pair_entry_info *d, cb_pair_args a, bufs *x,
                          want_kind wk, const pwhere *w)
{
    size_t tiles = cb_pair_tiles(a.m);
    switch (d->output) {
    case CB_OUTPUT_PAIRS: {
        cb_pair_cursor start = {0, 0, 0}, probe = start, after;
        cb_pair_args q = a;
        q.cursor = &probe, q.out = NULL, q.capacity = 0; /* the count, to size the room */
        size_t n = want_run(wk, e, d, &q);
        a.capacity = n;
        size_t got = check_list(s, e, d, a, start, tail_at(&x->pairs, n * sizeof(cb_pair)),
                                x->ref_pairs, wk, w, &after);
        cb_pair_cursor end = {tiles, 0, 0};
        cr_assert(same_cursor(after, end),
                  "all %zu pairs fit, but the cursor is " CUR_FMT ", not " CUR_FMT ": " PW_FMT, got,
                  CUR_ARGS(after), CUR_ARGS(end), PW_ARGS(d, w, &a));
        return got;
    }
    case CB_OUTPUT_MATRIX:
        a.tile_begin = 0;
        return check_matrix(s, e, d, a,
                            tail_at(&x->matrix, a.n_circles * tiles * sizeof(uint64_t)),
                            x->ref_matrix, wk, w);
    default:
        a.candidates = cands_of(x), a.n = x->n;
        return check_listed(s, e, d, a, &x->sub[e], &x->ref[e], wk, w);
    }
}

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
        const cb_pair_entry_info *d = pinfo(e);
        cr_assert(d->name && strncmp(d->name, "cb_", 3) == 0, "entry %zu: name %s", e,
                  d->name ? d->name : "(null)");
        cr_assert_eq(cb_pair_entry_find(d->name), e, "cb_pair_entry_find(%s)", d->name);
        cr_assert(d->many == CB_SHAPE_BOX || d->many == CB_SHAPE_CIRCLE, "%s: elements %d",
                  d->name, (int)d->many);
        for (size_t o = 0; o < e; o++)
            cr_assert_str_neq(d->name, pinfo(o)->name, "two entries are called %s", d->name);
        if (is_all(d)) {
            cr_assert(d->query == CB_QUERY_OVERLAP &&
                          (d->output == CB_OUTPUT_PAIRS || d->output == CB_OUTPUT_MATRIX),
                      "%s: ALL with query %d, output %d", d->name, (int)d->query, (int)d->output);
            cb_output twin = d->output == CB_OUTPUT_PAIRS ? CB_OUTPUT_MATRIX : CB_OUTPUT_PAIRS;
            cr_assert_lt(find_pair_entry(d->query, d->pairing, d->many, twin), ne,
                         "%s has no twin with output %d", d->name, (int)twin);
            lists += d->output == CB_OUTPUT_PAIRS;
        } else {
            cr_assert_eq(d->pairing, CB_PAIRING_LISTED, "%s: pairing %d", d->name, (int)d->pairing);
            cr_assert(d->output == CB_OUTPUT_MASK || d->output == CB_OUTPUT_INDICES ||
                          d->output == CB_OUTPUT_CONTACTS,
                      "%s: LISTED with output %d", d->name, (int)d->output);
            cr_assert_eq(d->query == CB_QUERY_CONTACTS, d->output == CB_OUTPUT_CONTACTS,
                         "%s: query %d with output %d", d->name, (int)d->query, (int)d->output);
            listed_format(d);
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
                           "cb_pair_entry_kernel(%s, %s) must be NULL: %s", pinfo(e)->name, name,
                           why);
        cr_skip_test("SKIP backend %s: %s", name, why);
    }
    for (size_t e = 0; e < ne; e++) {
        cb_pair_kernel_fn k = cb_pair_entry_kernel(e, (cb_backend)*b);
        cr_assert_not_null(k, "backend %s has no kernel for %s", name, pinfo(e)->name);
        cr_assert(k == cb_pair_entry_kernel(e, (cb_backend)*b), "%s on %s: not stable",
                  pinfo(e)->name, name);
        for (size_t o = 0; o < e; o++)
            cr_assert(k != cb_pair_entry_kernel(o, (cb_backend)*b), "%s: %s and %s share a kernel",
                      name, pinfo(e)->name, pinfo(o)->name);
        if (*b != CB_BACKEND_SCALAR)
            cr_assert(k != cb_pair_entry_kernel(e, CB_BACKEND_SCALAR), "%s: %s is scalar's", name,
                      pinfo(e)->name);
    }
}

/* ---------------------------------------- 1. every entry against the reference */

/* Set sizes: none, every group of circles a register group can hold and
 * its remainders (1 .. 5, 7 .. 9), and 17. Element counts: none, the
 * vector widths and their neighbours, every count around 64 and 128. */
static const size_t set_sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 17};
static const size_t elem_counts[] = {0,  1,  2,  3,  4,  5,  7,   8,   9,   15,  16,  17,  31,
                                     32, 33, 47, 63, 64, 65, 66,  95,  127, 128, 129, 200};

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
    size_t ne = cb_pair_entry_count();
    size_t *hits = calloc(ne, sizeof *hits), *seen = calloc(ne, sizeof *seen);
    size_t *decided = calloc(ne, sizeof *decided), calls = 0;
    cr_assert(hits && seen && decided);
    enum { N_SETS = sizeof set_sizes / sizeof set_sizes[0] };
    for (size_t pl = 0; pl < sizeof placements / sizeof placements[0]; pl++) {
        /* the sets of each size, and per element count the elements and
         * the buffers, allocated once and filled anew for each call */
        tb_corpus sets[N_SETS];
        for (size_t ni = 0; ni < N_SETS; ni++)
            sets[ni] = tb_corpus_new_at(set_sizes[ni], placements[pl].before, placements[pl].offset);
        for (size_t mi = 0; mi < sizeof elem_counts / sizeof elem_counts[0]; mi++) {
            size_t m = elem_counts[mi], ncand = m ? 1 + (2 * m + 37) % 150 : 0;
            tb_corpus els = tb_corpus_new_at(m, placements[pl].before, placements[pl].offset);
            bufs x;
            bufs_init(&x, set_sizes[N_SETS - 1], m, ncand, (int)pl, pl);
            for (size_t ni = 0; ni < N_SETS; ni++) {
                size_t nc = set_sizes[ni];
                pdata p;
                pdata_of(&p, &sets[ni], &els);
                x.n = nc ? ncand : 0; /* candidates name circles */
                for (int round = 0; round < PAIRS_ROUNDS; round++)
                    for (int kind = 0; kind < N_KINDS; kind++) {
                        tk_rng r = tb_rng_for(0x9100000u + (((m * 32 + nc) * 8 + (size_t)kind) * 2 +
                                                            pl) * 64 + (size_t)round);
                        fill_kind(&p, kind, &r);
                        fill_candidates(cands_of(&x), x.n, nc, m, &r);
                        pwhere w = {subject, kind_name[kind], placements[pl].name};
                        for (size_t e = 0; e < ne; e++) {
                            const cb_pair_entry_info *d = pinfo(e);
                            size_t count[2];
                            for (unsigned f = 0; f <= CB_STRICT; f++) {
                                cb_pair_args a = args_of(d, &p, f);
                                a.margin = tb_margins[(mi + ni + (size_t)kind + f) % tb_margin_count];
                                count[f] = check_entry(*sp, e, d, a, &x, WANT_REF, &w);
                                hits[e] += count[f];
                                seen[e] += is_all(d) ? nc * m : x.n;
                                calls++;
                            }
                            decided[e] += count[0] != count[1];
                        }
                    }
            }
            bufs_free(&x);
            tb_corpus_free(&els);
        }
        for (size_t ni = 0; ni < N_SETS; ni++)
            tb_corpus_free(&sets[ni]);
    }
    for (size_t e = 0; e < ne; e++) {
        const cb_pair_entry_info *d = pinfo(e);
        cr_assert(hits[e] > 0 && hits[e] < seen[e], "%s: %zu hits of %zu pairs: proves little",
                  d->name, hits[e], seen[e]);
        if (d->query == CB_QUERY_OVERLAP)
            cr_assert_gt(decided[e], 0, "%s: CB_STRICT never changed a count: touching untested",
                         d->name);
        cr_log_info("%s: %s: %zu pairs, %zu hits, %zu data sets where CB_STRICT changed the count",
                    subject, d->name, seen[e], hits[e], decided[e]);
    }
    cr_log_info("%s: %zu calls against the reference", subject, calls);
    free(hits), free(seen), free(decided);
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
        const cb_pair_entry_info *d = pinfo(e);
        if (!is_all(d))
            continue;
        cb_output one_out = d->output == CB_OUTPUT_PAIRS ? CB_OUTPUT_INDICES : CB_OUTPUT_MASK;
        size_t oe = tk_find_entry(CB_QUERY_OVERLAP, CB_SHAPE_CIRCLE, d->many, CB_LAYOUT_SOA, one_out);
        cr_assert_lt(oe, cb_entry_count(), "%s: no one-circle entry with output %d", d->name,
                     (int)one_out);
        const cb_entry_info *od = cb_entry_info_of(oe);
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
            for (int rd = 0; rd < PAIRS_ROUNDS * 2; rd++) {
                size_t nc = shapes[k][0], m = shapes[k][1], tiles = cb_pair_tiles(m);
                int kind = (int)(k + (size_t)rd * 3) % N_KINDS;
                unsigned f = (unsigned)(k + (size_t)rd) % 2;
                pdata p;
                pdata_init(&p, nc, m, &placements[rd % 2]);
                tk_rng r = tb_rng_for(0x9200000u + k * 64 + (size_t)rd);
                fill_kind(&p, kind, &r);
                pwhere w = {subject, kind_name[kind], placements[rd % 2].name};
                cb_pair_args a = args_of(d, &p, f);
                tail one = tail_new(tk_out_bytes(od, m));
                void *oout = tail_at(&one, tk_out_bytes(od, m));
                if (d->output == CB_OUTPUT_PAIRS) {
                    cb_pair *list = xmalloc(nc * m * sizeof *list);
                    cb_pair_cursor cur = {0, 0, 0};
                    a.cursor = &cur, a.out = list, a.capacity = nc * m;
                    size_t n = prun(*sp, e, &a);
                    cr_assert_leq(n, nc * m, "%zu pairs of %zu: " PW_FMT, n, nc * m,
                                  PW_ARGS(d, &w, &a));
                    for (size_t q = 1; q < n; q++) {
                        cb_pair u = list[q - 1], v = list[q];
                        int up = u.j / CB_TILE != v.j / CB_TILE ? u.j / CB_TILE < v.j / CB_TILE
                                 : u.i != v.i                   ? u.i < v.i
                                                                : u.j < v.j;
                        cr_assert(up,
                                  "pairs %zu (%" PRIu32 ", %" PRIu32 ") and %zu (%" PRIu32
                                  ", %" PRIu32 ") are not in (tile, circle, element) order: " PW_FMT,
                                  q - 1, u.i, u.j, q, v.i, v.j, PW_ARGS(d, &w, &a));
                    }
                    size_t at = 0;
                    for (size_t i = 0; i < nc; i++) {
                        cb_args oa;
                        memset(&oa, 0, sizeof oa);
                        oa.circle = p.set.circles[i], oa.many = many_of(d, &p), oa.n = m;
                        oa.out = oout, oa.flags = f;
                        size_t c = run(*sp, oe, &oa);
                        const uint32_t *idx = oout;
                        size_t q = 0;
                        for (size_t z = 0; z < n; z++) {
                            if (list[z].i != i)
                                continue;
                            cr_assert_lt(q, c,
                                         "circle %zu: pair %zu of its list (element %" PRIu32
                                         "), but %s reports only %zu hits: " PW_FMT,
                                         i, q, list[z].j, od->name, c, PW_ARGS(d, &w, &a));
                            cr_assert_eq(list[z].j, idx[q],
                                         "circle %zu: pair %zu of its list is element %" PRIu32
                                         ", hit %zu of %s is element %" PRIu32 ": " PW_FMT,
                                         i, q, list[z].j, q, od->name, idx[q], PW_ARGS(d, &w, &a));
                            q++;
                        }
                        cr_assert_eq(q, c, "circle %zu: %zu pairs, %s reports %zu hits: " PW_FMT, i,
                                     q, od->name, c, PW_ARGS(d, &w, &a));
                        at += c;
                    }
                    cr_assert_eq(at, n, "the rows' hits add up to %zu, the list has %zu: " PW_FMT,
                                 at, n, PW_ARGS(d, &w, &a));
                    free(list);
                } else {
                    uint64_t *mat = xmalloc(nc * tiles * sizeof *mat);
                    a.out = mat;
                    size_t n = prun(*sp, e, &a), sum = 0;
                    for (size_t i = 0; i < nc; i++) {
                        cb_args oa;
                        memset(&oa, 0, sizeof oa);
                        oa.circle = p.set.circles[i], oa.many = many_of(d, &p), oa.n = m;
                        oa.out = oout, oa.flags = f;
                        sum += run(*sp, oe, &oa);
                        const uint64_t *mask = oout;
                        for (size_t t = 0; t < tiles; t++)
                            cr_assert_eq(mat[i * tiles + t], mask[t],
                                         "row %zu, word %zu: 0x%016" PRIx64 ", %s 0x%016" PRIx64
                                         ": " PW_FMT,
                                         i, t, mat[i * tiles + t], od->name, mask[t],
                                         PW_ARGS(d, &w, &a));
                    }
                    cr_assert_eq(n, sum, "returned %zu, the rows hold %zu hits: " PW_FMT, n, sum,
                                 PW_ARGS(d, &w, &a));
                    free(mat);
                }
                tail_free(&one);
                pdata_free(&p);
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
static const int cap_kinds[] = {K_DENSE, K_EXACT, K_ADVERSARIAL, K_MIXED};

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
        const cb_pair_entry_info *d = pinfo(e);
        if (d->output != CB_OUTPUT_PAIRS)
            continue;
        lists++;
        for (size_t k = 0; k < sizeof cap_shapes / sizeof cap_shapes[0]; k++)
            for (size_t ki = 0; ki < sizeof cap_kinds / sizeof cap_kinds[0]; ki++) {
                size_t nc = cap_shapes[k][0], m = cap_shapes[k][1], tiles = cb_pair_tiles(m);
                int kind = cap_kinds[ki];
                unsigned f = (unsigned)(k + ki) % 2;
                const placement *pl = &placements[(k + ki) % 2];
                pdata p;
                pdata_init(&p, nc, m, pl);
                tk_rng r = tb_rng_for(0x9300000u + k * 16 + ki);
                fill_kind(&p, kind, &r);
                pwhere w = {subject, kind_name[kind], pl->name};
                cb_pair_args a = args_of(d, &p, f);
                cb_pair *L = xmalloc(nc * m * sizeof *L), *ref = xmalloc(nc * m * sizeof *ref);
                cb_pair_cursor cur = {0, 0, 0};
                a.cursor = &cur, a.out = L, a.capacity = nc * m;
                size_t N = ref_pair_entry(d, &a);
                tail room = tail_new((N + 66) * sizeof(cb_pair));

                /* one call, each capacity */
                size_t caps[] = {0, 1, 2, N ? N - 1 : 0, N, N + 1, N / 2, 63, 64, 65};
                for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
                    cb_pair_cursor start = {0, 0, 0}, after;
                    a.capacity = caps[c];
                    cb_pair *out = tail_at(&room, caps[c] * sizeof(cb_pair));
                    cr_assert_eq(check_list(*sp, e, d, a, start, out, ref, WANT_REF, &w, &after), N);
                    size_t k2 = caps[c] < N ? caps[c] : N;
                    for (size_t q = 0; q < k2; q++)
                        cr_assert(out[q].i == L[q].i && out[q].j == L[q].j,
                                  "capacity %zu: pair %zu differs from the one-call list: " PW_FMT,
                                  caps[c], q, PW_ARGS(d, &w, &a));
                    cb_pair_cursor want = {tiles, 0, 0};
                    if (caps[c] < N) {
                        cb_pair u = L[caps[c]];
                        want.tile = u.j / CB_TILE, want.circle = u.i, want.skip = 0;
                        for (size_t q = 0; q < caps[c]; q++)
                            want.skip += L[q].i == u.i && L[q].j / CB_TILE == u.j / CB_TILE;
                        stops++;
                    }
                    cr_assert(same_cursor(after, want),
                              "capacity %zu of %zu pairs: cursor " CUR_FMT ", the first unwritten "
                              "pair says " CUR_FMT ": " PW_FMT,
                              caps[c], N, CUR_ARGS(after), CUR_ARGS(want), PW_ARGS(d, &w, &a));
                    if (caps[c] == 0) { /* capacity 0 needs no buffer */
                        cb_pair_cursor c0 = {0, 0, 0};
                        cb_pair_args z = a;
                        z.cursor = &c0, z.out = NULL;
                        cr_assert_eq(prun(*sp, e, &z), N, "capacity 0, NULL pairs: " PW_FMT,
                                     PW_ARGS(d, &w, &a));
                        cr_assert(same_cursor(c0, want), "capacity 0, NULL pairs: cursor " CUR_FMT
                                  ": " PW_FMT, CUR_ARGS(c0), PW_ARGS(d, &w, &a));
                    }
                }

                /* resumption with a small buffer */
                static const size_t steps[] = {1, 2, 3, 4, 5, 7, 64};
                for (size_t si = 0; si < sizeof steps / sizeof steps[0]; si++) {
                    size_t c = steps[si], got = 0, ncalls = 0;
                    cb_pair_cursor cursor = {0, 0, 0};
                    a.capacity = c;
                    cb_pair *out = tail_at(&room, c * sizeof(cb_pair));
                    for (;;) {
                        cb_pair_cursor start = cursor;
                        size_t left;
                        if (ncalls < 8) { /* the first calls cursor by cursor against the
                                           * reference; then just the joined list */
                            left = check_list(*sp, e, d, a, start, out, ref, WANT_REF, &w, &cursor);
                        } else {
                            cb_pair_args b = a;
                            b.cursor = &cursor, b.out = out;
                            left = prun(*sp, e, &b);
                        }
                        ncalls++;
                        cr_assert_eq(left, N - got,
                                     "call %zu with capacity %zu: returned %zu, %zu pairs were left "
                                     "(cursor " CUR_FMT "): " PW_FMT,
                                     ncalls, c, left, N - got, CUR_ARGS(start), PW_ARGS(d, &w, &a));
                        size_t k2 = left < c ? left : c;
                        for (size_t q = 0; q < k2; q++)
                            cr_assert(out[q].i == L[got + q].i && out[q].j == L[got + q].j,
                                      "resuming with capacity %zu: pair %zu is (%" PRIu32 ", %" PRIu32
                                      "), the one-call list has (%" PRIu32 ", %" PRIu32 "): " PW_FMT,
                                      c, got + q, out[q].i, out[q].j, L[got + q].i, L[got + q].j,
                                      PW_ARGS(d, &w, &a));
                        got += k2;
                        if (left <= c)
                            break;
                        cr_assert_leq(ncalls, N, "capacity %zu: no progress: " PW_FMT, c,
                                      PW_ARGS(d, &w, &a));
                    }
                    cb_pair_cursor end = {tiles, 0, 0};
                    cr_assert(got == N && same_cursor(cursor, end),
                              "capacity %zu: %zu of %zu pairs collected, cursor " CUR_FMT ": " PW_FMT,
                              c, got, N, CUR_ARGS(cursor), PW_ARGS(d, &w, &a));
                    size_t want_calls = N ? (N + c - 1) / c : 1;
                    cr_assert_eq(ncalls, want_calls, "capacity %zu, %zu pairs: %zu calls: " PW_FMT,
                                 c, N, ncalls, PW_ARGS(d, &w, &a));
                }

                /* arbitrary cursors, tile ends and capacities */
                for (int q = 0; q < 40 * PAIRS_ROUNDS; q++) {
                    uint64_t bits = tk_next(&r);
                    cb_pair_cursor start;
                    start.tile = below(&r, tiles + 1), start.circle = below(&r, nc);
                    start.skip = bits % 4 ? below(&r, 4) : below(&r, CB_TILE + 1);
                    a.tile_end = (bits >> 2) % 3 == 0   ? SIZE_MAX
                                 : (bits >> 2) % 3 == 1 ? below(&r, tiles + 2)
                                                        : tiles;
                    a.capacity = below(&r, N + 3);
                    check_list(*sp, e, d, a, start, tail_at(&room, a.capacity * sizeof(cb_pair)),
                               ref, WANT_REF, &w, NULL);
                }
                a.tile_end = SIZE_MAX;
                tail_free(&room);
                free(L), free(ref);
                pdata_free(&p);
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
    size_t np = 1 + below(r, tiles + 3);
    cut[0] = 0, cut[np] = tiles;
    for (size_t k = 1; k < np; k++)
        cut[k] = below(r, tiles + 1);
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
            static const int kinds[] = {K_DENSE, K_EXACT, K_MIXED};
            int kind = kinds[(si + mi) % 3];
            const placement *pl = &placements[(si + mi) % 2];
            pdata p;
            pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9400000u + si * 16 + mi);
            fill_kind(&p, kind, &r);
            pwhere w = {subject, kind_name[kind], pl->name};
            cb_pair *L = xmalloc(nc * m * sizeof *L), *joined = xmalloc(nc * m * sizeof *L);
            uint64_t *M = xmalloc(nc * tiles * sizeof *M);
            size_t *cut = xmalloc((tiles + 4) * sizeof *cut), *order = xmalloc((tiles + 3) * sizeof *order);
            size_t *at = xmalloc((tiles + 4) * sizeof *at);
            unsigned char *covered = xmalloc(tiles + 1);
            tail room = tail_new(16 * sizeof(cb_pair)), mroom = tail_new(nc * tiles * sizeof *M);
            uint64_t *mat = tail_at(&mroom, nc * tiles * sizeof *M);
            for (size_t e = 0; e < ne; e++) {
                const cb_pair_entry_info *d = pinfo(e);
                if (!is_all(d))
                    continue;
                unsigned f = (unsigned)(si + mi + e) % 2;
                cb_pair_args a = args_of(d, &p, f);
                cb_pair_cursor c0 = {0, 0, 0};
                a.cursor = &c0, a.capacity = nc * m, a.out = d->output == CB_OUTPUT_PAIRS ? (void *)L : (void *)M;
                size_t N = ref_pair_entry(d, &a);
                for (int round = 0; round <= 6 * PAIRS_ROUNDS; round++) {
                    size_t np = make_cuts(cut, tiles, round == 0, &r);
                    size_t last_end = below(&r, 3), past = tiles + 1 + below(&r, 5);
                    last_end = last_end == 0 ? tiles : last_end == 1 ? SIZE_MAX : past;
                    for (size_t q = 0; q < np; q++)
                        order[q] = q;
                    for (size_t q = np; q > 1; q--) { /* shuffle: jobs finish in any order */
                        size_t z = below(&r, q), t = order[q - 1];
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
                        at[q + 1] = at[q] + (d->output == CB_OUTPUT_PAIRS ? ref_pair_entry(d, &c) : 0);
                    }
                    if (d->output == CB_OUTPUT_PAIRS)
                        cr_assert_eq(at[np], N, "test bug: the pieces hold %zu pairs of %zu", at[np], N);
                    memset(covered, 0, tiles + 1);
                    memset(mat, POISON, nc * tiles * sizeof *mat);
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
                            size_t got = prun(*sp, e, &c), want = 0;
                            for (size_t t = b; t < clipped; t++) {
                                covered[t] = 1;
                                for (size_t i = 0; i < nc; i++)
                                    for (uint64_t x = M[i * tiles + t]; x; x &= x - 1)
                                        want++;
                            }
                            cr_assert_eq(got, want, "tiles %zu .. %zu: returned %zu, %zu bits: " PW_FMT,
                                         b, end, got, want, PW_ARGS(d, &w, &c));
                            bits += got;
                            uint64_t poison;
                            memset(&poison, POISON, sizeof poison);
                            for (size_t i = 0; i < nc; i++)
                                for (size_t t = 0; t < tiles; t++)
                                    cr_assert_eq(mat[i * tiles + t], covered[t] ? M[i * tiles + t] : poison,
                                                 "after tiles %zu .. %zu (piece %zu of %zu, the %zu-th "
                                                 "run): row %zu, tile %zu is 0x%016" PRIx64 ", want "
                                                 "0x%016" PRIx64 " (%s): " PW_FMT,
                                                 b, end, q, np, oq, i, t, mat[i * tiles + t],
                                                 covered[t] ? M[i * tiles + t] : poison,
                                                 covered[t] ? "written" : "not yet written",
                                                 PW_ARGS(d, &w, &c));
                            continue;
                        }
                        /* a pair list, resumed with a random capacity */
                        size_t cap = below(&r, 3) ? 1 + below(&r, 16) : 16, got = 0, calls = 0;
                        cb_pair_cursor cc = {b, 0, 0};
                        c.cursor = &cc, c.capacity = cap;
                        c.out = tail_at(&room, cap * sizeof(cb_pair));
                        size_t want = at[q + 1] - at[q];
                        for (;;) {
                            size_t left = prun(*sp, e, &c);
                            calls++;
                            cr_assert_eq(left, want - got,
                                         "tiles %zu .. %zu, call %zu, capacity %zu: returned %zu, "
                                         "%zu pairs were left: " PW_FMT,
                                         b, end, calls, cap, left, want - got, PW_ARGS(d, &w, &c));
                            size_t k = left < cap ? left : cap;
                            memcpy(joined + at[q] + got, c.out, k * sizeof(cb_pair));
                            got += k;
                            if (left <= cap)
                                break;
                        }
                        cb_pair_cursor endc = {clipped, 0, 0};
                        cr_assert(same_cursor(cc, endc),
                                  "tiles %zu .. %zu: cursor " CUR_FMT " after the last call: " PW_FMT, b,
                                  end, CUR_ARGS(cc), PW_ARGS(d, &w, &c));
                    }
                    if (d->output == CB_OUTPUT_MATRIX) {
                        cr_assert_eq(bits, N, "the pieces set %zu bits, one call %zu: " PW_FMT, bits, N,
                                     PW_ARGS(d, &w, &a));
                        cr_assert(!nc || !tiles || !memcmp(mat, M, nc * tiles * sizeof *M),
                                  "the pieces' matrix differs from one call's: " PW_FMT,
                                  PW_ARGS(d, &w, &a));
                        continue;
                    }
                    for (size_t q = 0; q < N; q++)
                        cr_assert(joined[q].i == L[q].i && joined[q].j == L[q].j,
                                  "cut into %zu pieces: joined pair %zu is (%" PRIu32 ", %" PRIu32
                                  "), one call gives (%" PRIu32 ", %" PRIu32 "): " PW_FMT,
                                  np, q, joined[q].i, joined[q].j, L[q].i, L[q].j,
                                  PW_ARGS(d, &w, &a));
                }
            }
            tail_free(&room), tail_free(&mroom);
            free(L), free(joined), free(M), free(cut), free(order), free(at), free(covered);
            pdata_free(&p);
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
            size_t nc = 1 + below(&r, 17), m = 1 + below(&r, 200);
            if (n == 0 && round == 0) /* no candidates, no circles, no elements */
                nc = 0, m = 0;
            int kind = (int)((k + (size_t)round) % N_KINDS);
            const placement *pl = &placements[k % 2];
            pdata p;
            pdata_init(&p, nc, m, pl);
            fill_kind(&p, kind, &r);
            bufs x;
            bufs_init(&x, nc, m, n, (int)(k % 2), k % 3);
            fill_candidates(cands_of(&x), n, nc, m, &r);
            pwhere w = {subject, kind_name[kind], pl->name};
            for (size_t e = 0; e < ne; e++) {
                const cb_pair_entry_info *d = pinfo(e);
                if (is_all(d))
                    continue;
                for (unsigned f = 0; f <= CB_STRICT; f++) {
                    cb_pair_args a = args_of(d, &p, f);
                    a.margin = tb_margins[(k + f + e) % tb_margin_count];
                    hits += check_entry(*sp, e, d, a, &x, WANT_REF, &w);
                    calls++;
                }
            }
            bufs_free(&x);
            pdata_free(&p);
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
        size_t le = find_pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_ALL, sh, CB_OUTPUT_PAIRS);
        size_t me = find_pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_ALL, sh, CB_OUTPUT_MATRIX);
        size_t ie = find_pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_LISTED, sh, CB_OUTPUT_INDICES);
        size_t ke = find_pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_LISTED, sh, CB_OUTPUT_MASK);
        size_t ce = find_pair_entry(CB_QUERY_CONTACTS, CB_PAIRING_LISTED, sh, CB_OUTPUT_CONTACTS);
        if (le == ne || me == ne || ie == ne || ke == ne || ce == ne) {
            cr_log_info("elements %d: not every kind of entry exists; skipped", (int)sh);
            continue;
        }
        for (int kind = 0; kind < N_KINDS; kind++) {
            size_t nc = 9, m = 200, tiles = cb_pair_tiles(m);
            const placement *pl = &placements[kind % 2];
            pdata p;
            pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9600000u + si * 16 + (size_t)kind);
            fill_kind(&p, kind, &r);
            pwhere w = {subject, kind_name[kind], pl->name};
            unsigned f = (unsigned)kind % 2;
            /* the all-pairs list and matrix, by the subject */
            cb_pair *L = xmalloc(nc * m * sizeof *L);
            uint64_t *M = xmalloc(nc * tiles * sizeof *M);
            cb_pair_cursor cur = {0, 0, 0};
            cb_pair_args a = args_of(pinfo(le), &p, f);
            a.cursor = &cur, a.out = L, a.capacity = nc * m;
            size_t N = prun(*sp, le, &a);
            a = args_of(pinfo(me), &p, f);
            a.out = M;
            cr_assert_eq(prun(*sp, me, &a), N, "%s and %s disagree on the count: " PW_FMT,
                         pinfo(le)->name, pinfo(me)->name, PW_ARGS(pinfo(me), &w, &a));

            /* the list as candidates: all hit */
            bufs x;
            bufs_init(&x, nc, m, N, 0, 0);
            memcpy(cands_of(&x), L, N * sizeof *L);
            size_t listed[] = {ke, ie, ce};
            for (size_t q = 0; q < 3; q++) {
                const cb_pair_entry_info *d = pinfo(listed[q]);
                cb_pair_args c = args_of(d, &p, f);
                c.margin = 0.0f;
                size_t got = check_entry(*sp, listed[q], d, c, &x, WANT_REF, &w);
                cr_assert_eq(got, N, "the %zu all-pairs hits as candidates: %zu hit: " PW_FMT, N,
                             got, PW_ARGS(d, &w, &c));
                const tk_out *o = &x.sub[listed[q]];
                for (size_t k = 0; k < N; k++) {
                    int hit = d->output == CB_OUTPUT_MASK
                                  ? (int)(((const uint64_t *)o->out)[k / 64] >> (k % 64) & 1)
                              : d->output == CB_OUTPUT_INDICES ? ((const uint32_t *)o->out)[k] == k
                                                               : o->contacts->index[k] == k;
                    cr_assert(hit, "candidate %zu of the all-pairs list does not hit: " PW_FMT, k,
                              PW_ARGS(d, &w, &c));
                }
            }
            bufs_free(&x);

            /* every pair in row-major order: the mask is the matrix */
            bufs_init(&x, nc, m, nc * m, 1, 0);
            cb_pair *every = cands_of(&x);
            for (size_t i = 0; i < nc; i++)
                for (size_t j = 0; j < m; j++)
                    every[i * m + j].i = (uint32_t)i, every[i * m + j].j = (uint32_t)j;
            {
                const cb_pair_entry_info *d = pinfo(ke);
                cb_pair_args c = args_of(d, &p, f);
                size_t got = check_entry(*sp, ke, d, c, &x, WANT_REF, &w);
                cr_assert_eq(got, N, "every pair as candidates: %zu hits, all pairs %zu: " PW_FMT,
                             got, N, PW_ARGS(d, &w, &c));
                const uint64_t *mask = x.sub[ke].out;
                for (size_t i = 0; i < nc; i++)
                    for (size_t j = 0; j < m; j++) {
                        size_t k = i * m + j;
                        int mk = (int)(mask[k / 64] >> (k % 64) & 1);
                        int mm = (int)(M[i * tiles + j / 64] >> (j % 64) & 1);
                        cr_assert_eq(mk, mm, "pair (%zu, %zu): candidate mask %d, matrix %d: " PW_FMT,
                                     i, j, mk, mm, PW_ARGS(d, &w, &c));
                    }
            }
            bufs_free(&x);

            /* contacts at margin +-0 select the overlap hits */
            size_t n = 1 + below(&r, 300);
            bufs_init(&x, nc, m, n, 0, 0);
            for (int rd = 0; rd < 2 * PAIRS_ROUNDS; rd++) {
                fill_candidates(cands_of(&x), n, nc, m, &r);
                for (unsigned g = 0; g <= CB_STRICT; g++) {
                    const cb_pair_entry_info *dc = pinfo(ce), *di = pinfo(ie);
                    cb_pair_args c = args_of(dc, &p, g);
                    c.margin = rd % 2 ? -0.0f : 0.0f;
                    size_t nct = check_entry(*sp, ce, dc, c, &x, WANT_REF, &w);
                    cb_pair_args ci = args_of(di, &p, g);
                    size_t nix = check_entry(*sp, ie, di, ci, &x, WANT_REF, &w);
                    cr_assert_eq(nct, nix, "margin %a: %zu contacts, %s %zu hits: " PW_FMT,
                                 (double)c.margin, nct, di->name, nix, PW_ARGS(dc, &w, &c));
                    const uint32_t *idx = x.sub[ie].out;
                    for (size_t k = 0; k < nct; k++)
                        cr_assert_eq(x.sub[ce].contacts->index[k], idx[k],
                                     "margin %a: contact %zu is candidate %" PRIu32 ", hit %zu of "
                                     "%s is %" PRIu32 ": " PW_FMT,
                                     (double)c.margin, k, x.sub[ce].contacts->index[k], k, di->name,
                                     idx[k], PW_ARGS(dc, &w, &c));
                    agreed++;
                }
            }
            bufs_free(&x);
            free(L), free(M);
            pdata_free(&p);
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

static void bad_call_reset(bad_call *c, const cb_pair_entry_info *d, const pdata *p)
{
    c->a = args_of(d, p, 0);
    c->cursor = (cb_pair_cursor){0, 0, 0};
    memset(c->pairs, POISON, c->room * sizeof *c->pairs);
    memset(c->matrix, POISON, c->words * sizeof *c->matrix);
    switch (d->output) {
    case CB_OUTPUT_PAIRS:
        c->a.cursor = &c->cursor, c->a.out = c->pairs, c->a.capacity = c->room;
        break;
    case CB_OUTPUT_MATRIX:
        c->a.out = c->matrix;
        break;
    default:
        tk_out_fill(&c->out, POISON);
        c->a.candidates = c->cands, c->a.n = c->n, c->a.out = c->out.out, c->a.margin = 0.5f;
        break;
    }
}

static int bad_call_untouched(const bad_call *c)
{
    for (size_t b = 0; b < c->room * sizeof *c->pairs; b++)
        if (((const unsigned char *)c->pairs)[b] != POISON)
            return 0;
    for (size_t b = 0; b < c->words * sizeof *c->matrix; b++)
        if (((const unsigned char *)c->matrix)[b] != POISON)
            return 0;
    return !c->out.arrays || tk_out_untouched(&c->out, POISON);
}

static const char END_OF_MUTATIONS[] = "end";

/* Mutation k of a valid call (each makes it invalid in one way), or NULL
 * when it does not apply to d, or END_OF_MUTATIONS. */
static const char *mutate(int k, const cb_pair_entry_info *d, bad_call *c, const pdata *p)
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
    int listed = !is_all(d), contacts = d->output == CB_OUTPUT_CONTACTS;
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
                                 many_of(d, p), q, &c->many_copy);
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
    default:
        break;
    }
    size_t q = (size_t)k - 40;
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
    pdata p;
    pdata_init(&p, nc, m, &placements[0]);
    tk_rng r = tb_rng_for(0x9700000u);
    fill_kind(&p, K_DENSE, &r);
    for (size_t e = 0; e < ne; e++) {
        const cb_pair_entry_info *d = pinfo(e);
        bad_call c;
        memset(&c, 0, sizeof c);
        c.room = nc * m, c.words = nc * tiles, c.n = 20;
        c.pairs = xmalloc(c.room * sizeof *c.pairs);
        c.matrix = xmalloc(c.words * sizeof *c.matrix);
        c.cands = xmalloc(c.n * sizeof *c.cands);
        if (!is_all(d))
            tk_out_malloc(&c.out, listed_format(d), c.n);
        cb_pair cands[20];
        fill_candidates(cands, c.n, nc, m, &r);
        cands[0].i = 4; /* for mutation 39 */
        memcpy(c.cands, cands, sizeof cands);

        /* the valid call the mutations start from */
        bad_call_reset(&c, d, &p);
        size_t valid = cb_pair_entry_call(e, &c.a);
        bad_call_reset(&c, d, &p);
        size_t want = ref_pair_entry(d, &c.a);
        cr_assert_eq(valid, want, "%s: the valid base call returned %zu, the reference %zu", d->name,
                     valid, want);

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
            cr_assert(same_cursor(c.cursor, before),
                      "%s with %s: refused, but the cursor moved from " CUR_FMT " to " CUR_FMT,
                      d->name, what, CUR_ARGS(before), CUR_ARGS(c.cursor));
            cr_assert(c.n == 0 || memcmp(c.cands, cands, sizeof cands) == 0 || k >= 34,
                      "%s with %s: the candidates were written", d->name, what);
            refused++;
        }

        /* what is valid: empty sets with NULL pointers, empty tile ranges */
        static const size_t empties[][3] = {{0, 100, 0}, {5, 0, 0}, {0, 0, 0}, {5, 100, 0}};
        cb_contacts nulls = {NULL, NULL, NULL, NULL, NULL, NULL, NULL};
        for (size_t q = 0; q < sizeof empties / sizeof empties[0]; q++) {
            size_t enc = empties[q][0], em = empties[q][1], en = empties[q][2];
            if (is_all(d) && enc && em)
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
                    cr_assert(same_cursor(cur, end), "%s: empty set: cursor " CUR_FMT, d->name,
                              CUR_ARGS(cur));
                for (int b = 0; b < CB_BACKEND_COUNT; b++) {
                    cb_pair_kernel_fn kf = cb_pair_entry_kernel(e, (cb_backend)b);
                    if (!kf)
                        continue;
                    cur = (cb_pair_cursor){0, 0, 0};
                    cr_assert_eq(kf(&a), 0, "raw %s on %s: n_circles %zu, m %zu, n %zu, NULLs",
                                 d->name, cb_backend_name((cb_backend)b), enc, em, a.n);
                    if (d->output == CB_OUTPUT_PAIRS)
                        cr_assert(same_cursor(cur, end), "raw %s on %s: empty set: cursor " CUR_FMT,
                                  d->name, cb_backend_name((cb_backend)b), CUR_ARGS(cur));
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
                             "%s: empty range from " CUR_FMT " to tile %zu must return 0", d->name,
                             CUR_ARGS(from), c.a.tile_end);
                cr_assert(same_cursor(c.cursor, want_c) && bad_call_untouched(&c),
                          "%s: empty range from " CUR_FMT " to tile %zu: cursor " CUR_FMT
                          " (want " CUR_FMT "), output %s",
                          d->name, CUR_ARGS(from), c.a.tile_end, CUR_ARGS(c.cursor),
                          CUR_ARGS(want_c), bad_call_untouched(&c) ? "untouched" : "written");
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
        if (!is_all(d))
            tk_out_free(&c.out);
        free(c.pairs), free(c.matrix), free(c.cands);
    }
    pdata_free(&p);
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
    if (cb_backend_status((cb_backend)*bp, &why) != CB_OK)
        cr_skip_test("SKIP backend %s: %s", name, why);
    cr_log_info("backend %s: the public functions against the scalar kernels", name);
    cr_assert_eq(cb_set_backend((cb_backend)*bp), CB_OK);
    cr_assert_eq(cb_active_backend(), (cb_backend)*bp);
    static const size_t shapes[][2] = {{0, 0}, {1, 1}, {5, 64}, {7, 130}, {17, 200}, {4, 1000}};
    static const unsigned flag_set[] = {0, CB_STRICT, CB_TRUST_FENV, CB_STRICT | CB_TRUST_FENV};
    size_t ne = cb_pair_entry_count(), calls = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (int kind = 0; kind < N_KINDS; kind++) {
            size_t nc = shapes[k][0], m = shapes[k][1], tiles = cb_pair_tiles(m);
            size_t ncand = nc && m ? 97 : 0;
            const placement *pl = &placements[(k + (size_t)kind) % 2];
            pdata p;
            pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9800000u + k * 16 + (size_t)kind);
            fill_kind(&p, kind, &r);
            bufs x;
            bufs_init(&x, nc, m, ncand, 0, 0);
            fill_candidates(cands_of(&x), ncand, nc, m, &r);
            pwhere w = {"public", kind_name[kind], pl->name};
            for (int hostile = 0;
                 hostile < 1 + ((kind == K_ADVERSARIAL || kind == K_TINY) && fpctl_has_flush());
                 hostile++)
                for (size_t fi = 0; fi < sizeof flag_set / sizeof flag_set[0]; fi++) {
                    unsigned f = flag_set[fi];
                    if (hostile && (f & CB_TRUST_FENV))
                        continue; /* the caller promised the default environment */
                    hostile_env = hostile ? FLUSH | TOWARD_ZERO : 0;
                    for (size_t e = 0; e < ne; e++) {
                        const cb_pair_entry_info *d = pinfo(e);
                        cb_pair_args a = args_of(d, &p, f);
                        a.margin = tb_margins[(k + fi + e) % tb_margin_count];
                        check_entry(PUBLIC, e, d, a, &x, WANT_SCALAR, &w);
                        calls++;
                        if (d->output == CB_OUTPUT_PAIRS) { /* cut short, then resumed */
                            cb_pair_cursor cur = {0, 0, 0};
                            a.capacity = 1 + below(&r, 9);
                            for (int q = 0; q < 3; q++)
                                check_list(PUBLIC, e, d, a, cur,
                                           tail_at(&x.pairs, a.capacity * sizeof(cb_pair)),
                                           x.ref_pairs, WANT_SCALAR, &w, &cur);
                        }
                        if (d->output == CB_OUTPUT_MATRIX && tiles > 1) { /* an inner range */
                            a.tile_begin = 1, a.tile_end = tiles - 1 + below(&r, 2);
                            check_matrix(PUBLIC, e, d, a,
                                         tail_at(&x.matrix, nc * tiles * sizeof(uint64_t)),
                                         x.ref_matrix, WANT_SCALAR, &w);
                        }
                    }
                    hostile_env = 0;
                }
            bufs_free(&x);
            pdata_free(&p);
        }
    cr_assert_eq(cb_active_backend(), (cb_backend)*bp, "the calls moved the backend choice");
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
    if (cb_backend_status((cb_backend)*bp, &why) != CB_OK)
        cr_skip_test("SKIP backend %s: %s", name, why);
    if (!fpctl_has_flush())
        cr_skip_test("SKIP backend %s: this target has no float control register to set", name);
    cr_log_info("backend %s (against scalar, both in hostile float modes)", name);
    static const size_t shapes[][2] = {{5, 64}, {3, 129}, {17, 200}};
    static const int kinds[] = {K_TINY, K_ADVERSARIAL, K_MIXED, K_EXACT};
    static const int modes[] = {FLUSH, TOWARD_ZERO, FLUSH | TOWARD_ZERO};
    size_t ne = cb_pair_entry_count(), calls = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (size_t ki = 0; ki < sizeof kinds / sizeof kinds[0]; ki++)
            for (int round = 0; round < PAIRS_ROUNDS + (kinds[ki] == K_TINY); round++) {
                size_t nc = shapes[k][0], m = shapes[k][1], tiles = cb_pair_tiles(m);
                const placement *pl = &placements[(k + ki) % 2];
                pdata p;
                pdata_init(&p, nc, m, pl);
                tk_rng r = tb_rng_for(0x9900000u + (k * 16 + ki) * 16 + (size_t)round);
                fill_kind(&p, kinds[ki], &r);
                bufs x;
                bufs_init(&x, nc, m, 77, 0, 0);
                fill_candidates(cands_of(&x), x.n, nc, m, &r);
                pwhere w = {name, kind_name[kinds[ki]], pl->name};
                for (size_t mi = 0; mi < sizeof modes / sizeof modes[0]; mi++) {
                    hostile_env = modes[mi], hostile_want = 1;
                    for (unsigned f = 0; f <= CB_STRICT; f++)
                        for (size_t e = 0; e < ne; e++) {
                            const cb_pair_entry_info *d = pinfo(e);
                            cb_pair_args a = args_of(d, &p, f);
                            a.margin = tb_margins[(k + ki + mi + e) % tb_margin_count];
                            check_entry(*bp, e, d, a, &x, WANT_SCALAR, &w);
                            calls++;
                            if (d->output == CB_OUTPUT_PAIRS) { /* cut short */
                                a.capacity = 1 + below(&r, 20);
                                cb_pair_cursor cur = {below(&r, tiles), below(&r, nc), 0};
                                check_list(*bp, e, d, a, cur,
                                           tail_at(&x.pairs, a.capacity * sizeof(cb_pair)),
                                           x.ref_pairs, WANT_SCALAR, &w, NULL);
                            }
                        }
                    hostile_env = 0, hostile_want = 0;
                }
                bufs_free(&x);
                pdata_free(&p);
            }
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
            int kind = (int)(k * 2 + (size_t)round) % N_KINDS;
            const placement *pl = &placements[(k + (size_t)round) % 2];
            pdata p;
            pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9A00000u + k * 64 + (size_t)round);
            fill_kind(&p, kind, &r);
            bufs x;
            bufs_init(&x, nc, m, 300, 0, 0);
            fill_candidates(cands_of(&x), x.n, nc, m, &r);
            pwhere w = {subject, kind_name[kind], pl->name};
            for (size_t e = 0; e < ne; e++) {
                const cb_pair_entry_info *d = pinfo(e);
                unsigned f = (unsigned)(k + e + (size_t)round) % 2;
                cb_pair_args a = args_of(d, &p, f);
                a.margin = tb_margins[(k + e) % tb_margin_count];
                size_t N = check_entry(*sp, e, d, a, &x, WANT_REF, &w);
                calls++;
                if (d->output == CB_OUTPUT_MATRIX && tiles > 1) {
                    a.tile_begin = 1 + below(&r, tiles - 1), a.tile_end = a.tile_begin + below(&r, 3);
                    check_matrix(*sp, e, d, a,
                                 tail_at(&x.matrix, nc * tiles * sizeof(uint64_t)), x.ref_matrix,
                                 WANT_REF, &w);
                }
                if (d->output != CB_OUTPUT_PAIRS)
                    continue;
                /* pieces of random capacity, resumed from each cursor */
                cb_pair_cursor cur = {0, 0, 0};
                size_t got = 0;
                for (size_t q = 0; q < 64; q++) {
                    a.capacity = 1 + below(&r, N / 4 + 2);
                    size_t left = check_list(*sp, e, d, a, cur,
                                             tail_at(&x.pairs, a.capacity * sizeof(cb_pair)),
                                             x.ref_pairs, WANT_REF, &w, &cur);
                    cr_assert_eq(left, N - got, "resuming: returned %zu, %zu were left: " PW_FMT,
                                 left, N - got, PW_ARGS(d, &w, &a));
                    deep += cur.circle >= 256;
                    got += left < a.capacity ? left : a.capacity;
                    if (left <= a.capacity)
                        break;
                }
                cr_assert_eq(got, N, "resuming: %zu of %zu pairs: " PW_FMT, got, N,
                             PW_ARGS(d, &w, &a));
                /* arbitrary cursors, mostly deep in the set */
                for (int q = 0; q < 8; q++) {
                    cb_pair_cursor start;
                    start.tile = below(&r, tiles), start.circle = below(&r, nc);
                    start.skip = below(&r, 3);
                    a.capacity = below(&r, 64);
                    check_list(*sp, e, d, a, start, tail_at(&x.pairs, a.capacity * sizeof(cb_pair)),
                               x.ref_pairs, WANT_REF, &w, NULL);
                }
            }
            bufs_free(&x);
            pdata_free(&p);
        }
    cr_assert_gt(deep, 0, "no list ever stopped past the 256th circle");
    cr_log_info("%s: %zu calls on large sets, %zu stops past circle 256", subject, calls, deep);
}
