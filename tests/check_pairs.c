/* check_pairs.c - the many-against-many checks (cb_pair_entry_*) the Criterion suite test_pairs.c and the plain checker share: data, guarded buffers, one call checked against testkit's reference or the scalar kernels, and the scenarios built from them (see check.h). */
#include "bits.h"
#include "check.h"
#include "fpctl.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * How these checks work
 *
 * Entries come from the library's second table (cb_pair_entry_count,
 * cb_pair_entry_info_of), never from a list here: a check picks the entries
 * it is about by their descriptors (pairing, output, element shape), so a
 * new many-against-many entry is checked without editing this file. Raw
 * kernels are reached with cb_pair_entry_kernel(e, backend), the public
 * functions with cb_pair_entry_call(e, &args).
 *
 * The reference is testkit's ref_pair_entry (testkit/pairs.c): the
 * documented order and cursor rules written out one pair at a time over
 * reference.c's one-pair functions, independent of the library's tiles,
 * register groups, gathers and sinks. LISTED outputs are compared with
 * testkit's output functions through the one-circle entry with the same
 * output format (candidate k stands for element k). Inputs and outputs sit
 * against guard pages (tests/support.c), so a read or write past an array
 * faults; outputs are poisoned first, so a unit written that should not be
 * shows up. Every random stream comes from tb_rng_for: the printed CB_SEED
 * replays a failure, and every message prints it.
 */

int tb_hostile_env, tb_hostile_want;

/* ---------------------------------------------------------------- entries */

const cb_pair_entry_info *tb_pinfo(size_t e)
{
    const cb_pair_entry_info *d = cb_pair_entry_info_of(e);
    TB_ASSERT((d) != NULL, "pair entry %zu of %zu has no descriptor", e, cb_pair_entry_count());
    return d;
}

int tb_is_all(const cb_pair_entry_info *d) { return d->pairing == CB_PAIRING_ALL; }

/* The one-circle entry (a single circle against SoA elements of d's shape)
 * whose output format a LISTED entry shares: candidate k is its element k.
 * Its descriptor drives testkit's output functions (allocation, poisoning,
 * comparison, format invariants). */
const cb_entry_info *tb_listed_format(const cb_pair_entry_info *d)
{
    size_t e = tk_find_entry(d->query, CB_SHAPE_CIRCLE, d->many, CB_LAYOUT_SOA, d->output);
    TB_ASSERT(e < cb_entry_count(),
              "%s: no one-circle entry of query %d, elements %d, output %d to share its format",
              d->name, (int)d->query, (int)d->many, (int)d->output);
    return cb_entry_info_of(e);
}

/* The pair entry with these properties, or cb_pair_entry_count(). */
size_t tb_find_pair_entry(cb_query q, cb_pairing p, cb_shape many, cb_output o)
{
    size_t ne = cb_pair_entry_count();
    for (size_t e = 0; e < ne; e++) {
        const cb_pair_entry_info *d = tb_pinfo(e);
        if (d->query == q && d->pairing == p && d->many == many && d->output == o)
            return e;
    }
    return ne;
}

/* --------------------------------------------------------------- subjects */

unsigned long long tb_env_enter(int mode)
{
    unsigned long long v = fpctl_read();
    if (mode & TB_TOWARD_ZERO)
        fpctl_write((v & ~FPCTL_ROUND) | FPCTL_TOWARD_ZERO);
    if (mode & TB_FLUSH)
        fpctl_set_flush(1, 1, 0);
    return v;
}

void tb_env_leave(unsigned long long saved, unsigned long long set, const char *who)
{
    unsigned long long after = fpctl_read();
    fpctl_write(saved);
    TB_ASSERT((after & ~FPCTL_FLAGS) == (set & ~FPCTL_FLAGS),
              "%s changed the caller's float control register: 0x%llx before, 0x%llx after", who,
              set, after);
}

size_t tb_prun(int s, size_t e, const cb_pair_args *a)
{
    cb_pair_kernel_fn k = NULL;
    if (s != TB_PUBLIC) {
        k = cb_pair_entry_kernel(e, (cb_backend)s);
        TB_ASSERT((k) != NULL, "backend %s is runnable but has no kernel for %s",
                  cb_backend_name((cb_backend)s), tb_pinfo(e)->name);
    }
    if (!tb_hostile_env)
        return k ? k(a) : cb_pair_entry_call(e, a);
    unsigned long long saved = tb_env_enter(tb_hostile_env), set = fpctl_read();
    size_t r = k ? k(a) : cb_pair_entry_call(e, a);
    tb_env_leave(saved, set, tb_pinfo(e)->name);
    return r;
}

const char *const tb_want_name[2] = {"the reference", "the scalar kernel"};

size_t tb_want_run(tb_want_kind w, size_t e, const cb_pair_entry_info *d, const cb_pair_args *a)
{
    if (w == TB_WANT_REF)
        return ref_pair_entry(d, a);
    cb_pair_kernel_fn k = cb_pair_entry_kernel(e, CB_BACKEND_SCALAR);
    TB_ASSERT((k) != NULL, "the scalar backend must always have a kernel (%s)", d->name);
    if (!tb_hostile_env || !tb_hostile_want)
        return k(a);
    unsigned long long saved = tb_env_enter(tb_hostile_env), set = fpctl_read();
    size_t r = k(a);
    tb_env_leave(saved, set, d->name);
    return r;
}

int tb_same_cursor(cb_pair_cursor x, cb_pair_cursor y)
{
    return x.tile == y.tile && x.circle == y.circle && x.skip == y.skip;
}

/* ------------------------------------------------------------- buffers */

tb_tail tb_tail_new(size_t bytes)
{
    tb_tail t = {(unsigned char *)tb_alloc_guarded(bytes, 0) + bytes, bytes};
    return t;
}

void *tb_tail_at(const tb_tail *t, size_t bytes)
{
    TB_ASSERT(bytes <= t->room, "test bug: %zu bytes asked of a tail of %zu", bytes, t->room);
    return t->end - bytes;
}

void tb_tail_free(tb_tail *t)
{
    tb_free(t->end - t->room);
    t->end = NULL;
}

void *tb_xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    TB_ASSERT((p) != NULL, "out of memory (%zu bytes)", bytes);
    return p;
}

/* ---------------------------------------------------------------- data */

const tb_placement tb_placements[TB_PLACEMENTS] = {{"end-of-page", 0, 0},
                                                   {"after-guard+1 float", 1, 4}};

void tb_pdata_init(tb_pdata *p, size_t nc, size_t m, const tb_placement *pl)
{
    p->set = tb_corpus_new_at(nc, pl->before, pl->offset);
    p->els = tb_corpus_new_at(m, pl->before, pl->offset);
    p->cs = tb_corpus_circles(&p->set);
    p->eb = tb_corpus_boxes(&p->els);
    p->ec = tb_corpus_circles(&p->els);
}

/* A pdata of two corpora allocated elsewhere (freed there). */
void tb_pdata_of(tb_pdata *p, const tb_corpus *set, const tb_corpus *els)
{
    p->set = *set, p->els = *els;
    p->cs = tb_corpus_circles(&p->set);
    p->eb = tb_corpus_boxes(&p->els);
    p->ec = tb_corpus_circles(&p->els);
}

void tb_pdata_free(tb_pdata *p)
{
    tb_corpus_free(&p->set);
    tb_corpus_free(&p->els);
}

const void *tb_many_of(const cb_pair_entry_info *d, const tb_pdata *p)
{
    return d->many == CB_SHAPE_BOX ? (const void *)&p->eb : (const void *)&p->ec;
}

/* A call of entry d on p: the whole tile range, nothing else set. */
cb_pair_args tb_args_of(const cb_pair_entry_info *d, const tb_pdata *p, unsigned flags)
{
    cb_pair_args a;
    memset(&a, 0, sizeof a);
    a.circles = &p->cs, a.n_circles = p->set.n;
    a.many = tb_many_of(d, p), a.m = p->els.n;
    a.tile_end = SIZE_MAX;
    a.flags = flags;
    return a;
}

size_t tb_below(tk_rng *r, size_t n) { return n ? (size_t)(tk_next(r) % n) : 0; }

const char *const tb_pair_kind_name[TB_PAIR_KINDS] = {
    "random", "dense", "adversarial", "exact-touching", "touching", "mixed", "denormal",
    "scaled-touching"};

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
/* A box or circle with every coordinate (and the radius) times 2^sc. */
static cb_box scaled_box(cb_box b, int sc)
{
    b.min_x = ldexpf(b.min_x, sc), b.min_y = ldexpf(b.min_y, sc);
    b.max_x = ldexpf(b.max_x, sc), b.max_y = ldexpf(b.max_y, sc);
    return b;
}

static cb_circle scaled_circle(cb_circle c, int sc)
{
    c.x = ldexpf(c.x, sc), c.y = ldexpf(c.y, sc), c.r = ldexpf(c.r, sc);
    return c;
}

static void fill_exact(tb_pdata *p, tk_rng *r)
{
    size_t nc = p->set.n;
    for (size_t i = 0; i < nc; i++) {
        cb_circle c;
        c.x = (float)tb_below(r, 41) - 20.f, c.y = (float)tb_below(r, 41) - 20.f;
        c.r = 5.f * (float)(1 + tb_below(r, 3));
        tb_corpus_set_circle(&p->set, i, c);
    }
    for (size_t j = 0; j < p->els.n; j++) {
        cb_circle c = {0, 0, 5};
        if (nc)
            c = p->set.circles[tb_below(r, nc)];
        float k = c.r / 5.f;
        uint64_t bits = tk_next(r);
        float sx = (bits & 1) ? 1.f : -1.f, sy = (bits & 2) ? 1.f : -1.f;
        float a = (bits & 4) ? 4.f : 3.f, b = 7.f - a; /* (3, 4) or (4, 3) */
        float w = (float)(1 + tb_below(r, 8)), h = (float)(1 + tb_below(r, 8));
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
            x.min_y = c.y - (float)tb_below(r, 4), x.max_y = c.y + (float)tb_below(r, 4);
        }
        float q = k + (float)(1 + tb_below(r, 3));
        cb_circle o = {c.x + sx * a * q, c.y + sy * b * q, 5.f * (q - k)};
        if ((bits >> 9) % 3 == 0)
            o.r = ulp_toward(o.r, (bits >> 11) & 1 ? 1 : -1);
        tb_corpus_set_box(&p->els, j, x);
        tb_corpus_set_circle(&p->els, j, o);
    }
}

/* Fills p with data of one kind; the same (kind, stream) gives the same
 * data for every subject. */
void tb_pair_fill_kind(tb_pdata *p, int kind, tk_rng *r)
{
    size_t nc = p->set.n, m = p->els.n;
    switch (kind) {
    case TB_K_RANDOM: /* support's realistic data; circle i of the set is often
                    * element circle i, which sits on the edge of box i */
        tb_corpus_fill_random(&p->els, r);
        tb_corpus_fill_random(&p->set, r);
        for (size_t i = 0; i < nc && i < m; i++)
            if (tk_next(r) & 1)
                tb_corpus_set_circle(&p->set, i, p->els.circles[i]);
        break;
    case TB_K_ADVERSARIAL:
        tb_corpus_fill_adversarial(&p->els, r);
        tb_corpus_fill_adversarial(&p->set, r);
        break;
    case TB_K_EXACT: fill_exact(p, r); break;
    case TB_K_SCALED: { /* exact touching scaled by a power of two, tiny to huge: the
                         * all-pairs culling's relative and absolute slacks at work */
        static const int scales[6] = {-120, -70, -30, 30, 70, 100};
        int sc = scales[tb_below(r, 6)];
        fill_exact(p, r);
        for (size_t j = 0; j < m; j++) {
            tb_corpus_set_box(&p->els, j, scaled_box(p->els.boxes[j], sc));
            tb_corpus_set_circle(&p->els, j, scaled_circle(p->els.circles[j], sc));
        }
        for (size_t i = 0; i < nc; i++)
            tb_corpus_set_circle(&p->set, i, scaled_circle(p->set.circles[i], sc));
        break;
    }
    case TB_K_TOUCHING: { /* support's touching data: every box touches tc, and the
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
    case TB_K_TINY: { /* crowded data scaled down: the inputs denormal (2^-136), or their
                    * squares (2^-75), or near the bottom of the normal range (2^-66) */
        static const int scales[3] = {-136, -75, -66};
        int sc = scales[tb_below(r, 3)];
        for (size_t j = 0; j < m; j++) {
            cb_box b = dense_box(r); /* drawn in this order: the seeds' corpora stay */
            cb_circle c = dense_circle(r);
            tb_corpus_set_box(&p->els, j, scaled_box(b, sc));
            tb_corpus_set_circle(&p->els, j, scaled_circle(c, sc));
        }
        for (size_t i = 0; i < nc; i++)
            tb_corpus_set_circle(&p->set, i, scaled_circle(dense_circle(r), sc));
        break;
    }
    default: /* dense, and mixed: dense with adversarial values strewn in */
        for (size_t j = 0; j < m; j++) {
            cb_box b = dense_box(r);
            cb_circle c = dense_circle(r);
            if (kind == TB_K_MIXED && tk_next(r) % 4 == 0) {
                float *f[7] = {&b.min_x, &b.min_y, &b.max_x, &b.max_y, &c.x, &c.y, &c.r};
                *f[tb_below(r, 7)] = tb_any_adversarial(r);
                *f[tb_below(r, 7)] = tb_any_adversarial(r);
            }
            tb_corpus_set_box(&p->els, j, b);
            tb_corpus_set_circle(&p->els, j, c);
        }
        for (size_t i = 0; i < nc; i++) {
            cb_circle c = dense_circle(r);
            if (kind == TB_K_MIXED && tk_next(r) % 4 == 0) {
                float *f[3] = {&c.x, &c.y, &c.r};
                *f[tb_below(r, 3)] = tb_any_adversarial(r);
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
void tb_fill_candidates(cb_pair *c, size_t n, size_t nc, size_t m, tk_rng *r)
{
    unsigned shape = (unsigned)(tk_next(r) % 6);
    for (size_t k = 0; k < n; k++) {
        c[k].i = (uint32_t)tb_below(r, nc), c[k].j = (uint32_t)tb_below(r, m);
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

void tb_pbufs_init(tb_pbufs *x, size_t nc, size_t m, size_t n, int before, size_t misalign)
{
    size_t ne = cb_pair_entry_count();
    x->pairs = tb_tail_new((nc * m + 16) * sizeof(cb_pair)); /* 16: room for small capacities */
    x->matrix = tb_tail_new(nc * cb_pair_tiles(m) * sizeof(uint64_t));
    x->cands = tb_tail_new(n * sizeof(cb_pair));
    x->ref_pairs = tb_xmalloc(nc * m * sizeof(cb_pair));
    x->ref_matrix = tb_xmalloc(nc * cb_pair_tiles(m) * sizeof(uint64_t));
    x->n = n;
    x->sub = calloc(ne, sizeof *x->sub), x->ref = calloc(ne, sizeof *x->ref);
    TB_ASSERT(x->sub && x->ref, "assertion failed: x->sub && x->ref");
    for (size_t e = 0; e < ne; e++)
        if (!tb_is_all(tb_pinfo(e))) {
            tb_out_new(&x->sub[e], tb_listed_format(tb_pinfo(e)), n, before, misalign);
            tk_out_malloc_padded(&x->ref[e], tb_listed_format(tb_pinfo(e)), n);
        }
}

void tb_pbufs_free(tb_pbufs *x)
{
    for (size_t e = 0; e < cb_pair_entry_count(); e++)
        if (!tb_is_all(tb_pinfo(e)))
            tk_out_free(&x->sub[e]), tk_out_free(&x->ref[e]);
    free(x->sub), free(x->ref), free(x->ref_pairs), free(x->ref_matrix);
    tb_tail_free(&x->pairs), tb_tail_free(&x->matrix), tb_tail_free(&x->cands);
}

cb_pair *tb_cands_of(const tb_pbufs *x) { return tb_tail_at(&x->cands, x->n * sizeof(cb_pair)); }

/* One pair-list call from `start` with a.capacity and a.tile_end as given:
 * the subject writes into `out` (room for exactly a.capacity pairs,
 * poisoned here), the other side into ref_out (room for the whole list),
 * from the same cursor. Compared: the count, the cursor after, the pairs
 * written; the subject's room past them must still be poisoned. Returns
 * the count; the subject's cursor after the call in *after. */
size_t tb_check_list(int s, size_t e, const cb_pair_entry_info *d, cb_pair_args a,
                     cb_pair_cursor start, cb_pair *out, cb_pair *ref_out, tb_want_kind wk,
                     const tb_pwhere *w, cb_pair_cursor *after)
{
    cb_pair_cursor sc = start, rc = start;
    if (a.capacity)
        memset(out, TB_POISON, a.capacity * sizeof *out);
    a.cursor = &rc, a.out = ref_out;
    size_t want = tb_want_run(wk, e, d, &a);
    a.cursor = &sc, a.out = out;
    size_t got = tb_prun(s, e, &a);
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
        tb_fail("pair %zu: returned %zu pairs, %s %zu; the subject's pair %zu [%s], %s's "
                "[%s] (from cursor " TB_CUR_FMT ", capacity %zu, tile_end %zu): " TB_PW_FMT,
                q, got, tb_want_name[wk], want, q, mine, tb_want_name[wk], theirs,
                TB_CUR_ARGS(start), a.capacity, a.tile_end, TB_PW_ARGS(d, w, &a));
    }
    TB_ASSERT((got) == (want),
              "returned %zu, %s %zu (from cursor " TB_CUR_FMT
              ", capacity %zu, tile_end %zu): " TB_PW_FMT,
              got, tb_want_name[wk], want, TB_CUR_ARGS(start), a.capacity, a.tile_end,
              TB_PW_ARGS(d, w, &a));
    TB_ASSERT(tb_same_cursor(sc, rc),
              "cursor after the call " TB_CUR_FMT ", %s " TB_CUR_FMT " (from " TB_CUR_FMT
              ", capacity %zu, "
              "tile_end %zu, %zu pairs): " TB_PW_FMT,
              TB_CUR_ARGS(sc), tb_want_name[wk], TB_CUR_ARGS(rc), TB_CUR_ARGS(start), a.capacity,
              a.tile_end, got, TB_PW_ARGS(d, w, &a));
    const unsigned char *rest = (const unsigned char *)(out + k);
    for (size_t b = 0; b < (a.capacity - k) * sizeof *out; b++)
        TB_ASSERT((rest[b]) == (TB_POISON),
                  "wrote into the room past the %zu pairs it returned (byte %zu of pair %zu; "
                  "capacity %zu): " TB_PW_FMT,
                  k, b % sizeof *out, k + b / sizeof *out, a.capacity, TB_PW_ARGS(d, w, &a));
    if (after)
        *after = sc;
    tb_calls_compared++;
    return got;
}

/* One matrix call over a.tile_begin .. a.tile_end: both matrices poisoned
 * alike, so equal words mean the same words written and the others left. */
size_t tb_check_matrix(int s, size_t e, const cb_pair_entry_info *d, cb_pair_args a, uint64_t *out,
                       uint64_t *ref_out, tb_want_kind wk, const tb_pwhere *w)
{
    size_t tiles = cb_pair_tiles(a.m), words = a.n_circles * tiles;
    memset(out, TB_POISON, words * sizeof *out);
    memset(ref_out, TB_POISON, words * sizeof *out);
    a.out = ref_out;
    size_t want = tb_want_run(wk, e, d, &a);
    a.out = out;
    size_t got = tb_prun(s, e, &a);
    TB_ASSERT((got) == (want), "returned %zu, %s %zu (tiles %zu .. %zu): " TB_PW_FMT, got,
              tb_want_name[wk], want, a.tile_begin, a.tile_end, TB_PW_ARGS(d, w, &a));
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
        tb_fail("row %zu, tile %zu (%s the range %zu .. %zu): word 0x%016" PRIx64
                ", %s 0x%016" PRIx64 "; first different bit %zu: %s: " TB_PW_FMT,
                i, t, t >= a.tile_begin && t < a.tile_end ? "in" : "outside", a.tile_begin,
                a.tile_end, out[q], tb_want_name[wk], ref_out[q], bit, pair, TB_PW_ARGS(d, w, &a));
    }
    tb_calls_compared++;
    return got;
}

/* One call of a LISTED entry on a.candidates: its output against the other
 * side's, as the one-circle entry of the same format compares them, then
 * the format's invariants and nothing written outside the arrays. */
size_t tb_check_listed(int s, size_t e, const cb_pair_entry_info *d, cb_pair_args a, tk_out *so,
                       tk_out *ro, tb_want_kind wk, const tb_pwhere *w)
{
    const cb_entry_info *fd = tb_listed_format(d);
    tk_out_fill(so, TB_POISON), tk_out_fill_pads(so, TB_CANARY);
    tk_out_fill(ro, 0x5A), tk_out_fill_pads(ro, TB_CANARY);
    a.out = ro->out;
    size_t want = tb_want_run(wk, e, d, &a);
    a.out = so->out;
    size_t got = tb_prun(s, e, &a);
    TB_ASSERT(tk_out_pads_intact(so, TB_CANARY) && tk_out_intact(so),
              "wrote outside its output arrays (room for n) or into the cb_contacts: " TB_PW_FMT,
              TB_PW_ARGS(d, w, &a));
    TB_ASSERT(tk_out_pads_intact(ro, TB_CANARY), "%s wrote outside its arrays: " TB_PW_FMT,
              tb_want_name[wk], TB_PW_ARGS(d, w, &a));
    char why[320];
    if (!tk_same_output(fd, a.n, got, so->out, want, ro->out, why, sizeof why)) {
        size_t k = tk_first_difference(fd, a.n, got, so->out, want, ro->out);
        char pair[400] = "no candidate differs (the difference is in the count)";
        if (k < a.n)
            tk_describe_pair(d, &a, a.candidates[k].i, a.candidates[k].j, pair, sizeof pair);
        tb_fail("against %s: %s (format of %s); first candidate differing: %zu: %s: " TB_PW_FMT,
                tb_want_name[wk], why, fd->name, k, pair, TB_PW_ARGS(d, w, &a));
    }
    TB_ASSERT(tk_check_format(fd, a.n, got, so->out, why, sizeof why), "%s: " TB_PW_FMT, why,
              TB_PW_ARGS(d, w, &a));
    tb_calls_compared++;
    return got;
}

/* Entry e on the data of a in one call over everything: the whole list
 * from {0, 0, 0} with room for exactly all of it (which must leave the
 * cursor at {tiles, 0, 0}), the whole matrix, or x's candidates. */
size_t tb_check_entry(int s, size_t e, const cb_pair_entry_info *d, cb_pair_args a, tb_pbufs *x,
                      tb_want_kind wk, const tb_pwhere *w)
{
    size_t tiles = cb_pair_tiles(a.m);
    switch (d->output) {
    case CB_OUTPUT_PAIRS: {
        cb_pair_cursor start = {0, 0, 0}, probe = start, after;
        cb_pair_args q = a;
        q.cursor = &probe, q.out = NULL, q.capacity = 0; /* the count, to size the room */
        size_t n = tb_want_run(wk, e, d, &q);
        a.capacity = n;
        size_t got = tb_check_list(s, e, d, a, start, tb_tail_at(&x->pairs, n * sizeof(cb_pair)),
                                   x->ref_pairs, wk, w, &after);
        cb_pair_cursor end = {tiles, 0, 0};
        TB_ASSERT(tb_same_cursor(after, end),
                  "all %zu pairs fit, but the cursor is " TB_CUR_FMT ", not " TB_CUR_FMT
                  ": " TB_PW_FMT,
                  got, TB_CUR_ARGS(after), TB_CUR_ARGS(end), TB_PW_ARGS(d, w, &a));
        return got;
    }
    case CB_OUTPUT_MATRIX:
        a.tile_begin = 0;
        return tb_check_matrix(s, e, d, a,
                               tb_tail_at(&x->matrix, a.n_circles * tiles * sizeof(uint64_t)),
                               x->ref_matrix, wk, w);
    default:
        a.candidates = tb_cands_of(x), a.n = x->n;
        return tb_check_listed(s, e, d, a, &x->sub[e], &x->ref[e], wk, w);
    }
}

/* ------------------------------------------------------------ scenarios */

/* Set sizes: none, every group of circles a register group can hold and
 * its remainders (1 .. 5, 7 .. 9), and 17. Element counts: none, the
 * vector widths and their neighbours, every count around 64 and 128. */
static const size_t set_sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 17};
static const size_t elem_counts[] = {0,  1,  2,  3,  4,  5,  7,  8,  9,   15,  16,  17, 31,
                                     32, 33, 47, 63, 64, 65, 66, 95, 127, 128, 129, 200};

size_t tb_pair_check_reference(int sp, int rounds, size_t n_counts)
{
    const char *subject = sp == TB_PUBLIC ? "public" : cb_backend_name((cb_backend)sp);
    size_t n_elem = sizeof elem_counts / sizeof elem_counts[0];
    if (n_counts < n_elem)
        n_elem = n_counts;
    size_t ne = cb_pair_entry_count();
    size_t *hits = calloc(ne, sizeof *hits), *seen = calloc(ne, sizeof *seen);
    size_t *decided = calloc(ne, sizeof *decided), calls = 0;
    TB_ASSERT(hits && seen && decided, "assertion failed: hits && seen && decided");
    enum { N_SETS = sizeof set_sizes / sizeof set_sizes[0] };
    for (size_t pl = 0; pl < sizeof tb_placements / sizeof tb_placements[0]; pl++) {
        /* the sets of each size, and per element count the elements and
         * the buffers, allocated once and filled anew for each call */
        tb_corpus sets[N_SETS];
        for (size_t ni = 0; ni < N_SETS; ni++)
            sets[ni] =
                tb_corpus_new_at(set_sizes[ni], tb_placements[pl].before, tb_placements[pl].offset);
        for (size_t mi = 0; mi < n_elem; mi++) {
            size_t m = elem_counts[mi], ncand = m ? 1 + (2 * m + 37) % 150 : 0;
            tb_corpus els = tb_corpus_new_at(m, tb_placements[pl].before, tb_placements[pl].offset);
            tb_pbufs x;
            tb_pbufs_init(&x, set_sizes[N_SETS - 1], m, ncand, (int)pl, pl);
            for (size_t ni = 0; ni < N_SETS; ni++) {
                size_t nc = set_sizes[ni];
                tb_pdata p;
                tb_pdata_of(&p, &sets[ni], &els);
                x.n = nc ? ncand : 0; /* candidates name circles */
                for (int round = 0; round < rounds; round++)
                    for (int kind = 0; kind < TB_PAIR_KINDS; kind++) {
                        tk_rng r = tb_rng_for(0x9100000u +
                                              (((m * 32 + nc) * 8 + (size_t)kind) * 2 + pl) * 64 +
                                              (size_t)round);
                        tb_pair_fill_kind(&p, kind, &r);
                        tb_fill_candidates(tb_cands_of(&x), x.n, nc, m, &r);
                        tb_pwhere w = {subject, tb_pair_kind_name[kind], tb_placements[pl].name};
                        for (size_t e = 0; e < ne; e++) {
                            const cb_pair_entry_info *d = tb_pinfo(e);
                            size_t count[2];
                            for (unsigned f = 0; f <= CB_STRICT; f++) {
                                cb_pair_args a = tb_args_of(d, &p, f);
                                a.margin =
                                    tb_margins[(mi + ni + (size_t)kind + f) % tb_margin_count];
                                count[f] = tb_check_entry(sp, e, d, a, &x, TB_WANT_REF, &w);
                                hits[e] += count[f];
                                seen[e] += tb_is_all(d) ? nc * m : x.n;
                                calls++;
                            }
                            decided[e] += count[0] != count[1];
                        }
                    }
            }
            tb_pbufs_free(&x);
            tb_corpus_free(&els);
        }
        for (size_t ni = 0; ni < N_SETS; ni++)
            tb_corpus_free(&sets[ni]);
    }
    for (size_t e = 0; e < ne; e++) {
        const cb_pair_entry_info *d = tb_pinfo(e);
        TB_ASSERT(hits[e] > 0 && hits[e] < seen[e], "%s: %zu hits of %zu pairs: proves little",
                  d->name, hits[e], seen[e]);
        if (d->query == CB_QUERY_OVERLAP)
            TB_ASSERT((decided[e]) > (0), "%s: CB_STRICT never changed a count: touching untested",
                      d->name);
    }
    free(hits), free(seen), free(decided);
    return calls;
}

size_t tb_pair_check_dispatched(int b)
{
    TB_ASSERT((cb_set_backend((cb_backend)b)) == (CB_OK), "cb_set_backend(%s) failed",
              cb_backend_name((cb_backend)b));
    TB_ASSERT((cb_active_backend()) == ((cb_backend)b), "cb_set_backend(%s) did not make it active",
              cb_backend_name((cb_backend)b));
    static const size_t shapes[][2] = {{0, 0}, {1, 1}, {5, 64}, {7, 130}, {17, 200}, {4, 1000}};
    static const unsigned flag_set[] = {0, CB_STRICT, CB_TRUST_FENV, CB_STRICT | CB_TRUST_FENV};
    size_t ne = cb_pair_entry_count(), calls = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (int kind = 0; kind < TB_PAIR_KINDS; kind++) {
            size_t nc = shapes[k][0], m = shapes[k][1], tiles = cb_pair_tiles(m);
            size_t ncand = nc && m ? 97 : 0;
            const tb_placement *pl = &tb_placements[(k + (size_t)kind) % 2];
            tb_pdata p;
            tb_pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9800000u + k * 16 + (size_t)kind);
            tb_pair_fill_kind(&p, kind, &r);
            tb_pbufs x;
            tb_pbufs_init(&x, nc, m, ncand, 0, 0);
            tb_fill_candidates(tb_cands_of(&x), ncand, nc, m, &r);
            tb_pwhere w = {"public", tb_pair_kind_name[kind], pl->name};
            for (int hostile = 0; hostile < 1 + ((kind == TB_K_ADVERSARIAL || kind == TB_K_TINY) &&
                                                 fpctl_has_flush());
                 hostile++)
                for (size_t fi = 0; fi < sizeof flag_set / sizeof flag_set[0]; fi++) {
                    unsigned f = flag_set[fi];
                    if (hostile && (f & CB_TRUST_FENV))
                        continue; /* the caller promised the default environment */
                    tb_hostile_env = hostile ? TB_FLUSH | TB_TOWARD_ZERO : 0;
                    for (size_t e = 0; e < ne; e++) {
                        const cb_pair_entry_info *d = tb_pinfo(e);
                        cb_pair_args a = tb_args_of(d, &p, f);
                        a.margin = tb_margins[(k + fi + e) % tb_margin_count];
                        tb_check_entry(TB_PUBLIC, e, d, a, &x, TB_WANT_SCALAR, &w);
                        calls++;
                        if (d->output == CB_OUTPUT_PAIRS) { /* cut short, then resumed */
                            cb_pair_cursor cur = {0, 0, 0};
                            a.capacity = 1 + tb_below(&r, 9);
                            for (int q = 0; q < 3; q++)
                                tb_check_list(TB_PUBLIC, e, d, a, cur,
                                              tb_tail_at(&x.pairs, a.capacity * sizeof(cb_pair)),
                                              x.ref_pairs, TB_WANT_SCALAR, &w, &cur);
                        }
                        if (d->output == CB_OUTPUT_MATRIX && tiles > 1) { /* an inner range */
                            a.tile_begin = 1, a.tile_end = tiles - 1 + tb_below(&r, 2);
                            tb_check_matrix(TB_PUBLIC, e, d, a,
                                            tb_tail_at(&x.matrix, nc * tiles * sizeof(uint64_t)),
                                            x.ref_matrix, TB_WANT_SCALAR, &w);
                        }
                    }
                    tb_hostile_env = 0;
                }
            tb_pbufs_free(&x);
            tb_pdata_free(&p);
        }
    TB_ASSERT((cb_active_backend()) == ((cb_backend)b), "the calls moved the backend choice");
    return calls;
}

size_t tb_pair_check_raw_float_modes(int b, int rounds)
{
    const char *name = cb_backend_name((cb_backend)b);
    if (!fpctl_has_flush())
        return 0;
    static const size_t shapes[][2] = {{5, 64}, {3, 129}, {17, 200}};
    static const int kinds[] = {TB_K_TINY, TB_K_ADVERSARIAL, TB_K_MIXED, TB_K_EXACT};
    static const int modes[] = {TB_FLUSH, TB_TOWARD_ZERO, TB_FLUSH | TB_TOWARD_ZERO};
    size_t ne = cb_pair_entry_count(), calls = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (size_t ki = 0; ki < sizeof kinds / sizeof kinds[0]; ki++)
            for (int round = 0; round < rounds + (kinds[ki] == TB_K_TINY); round++) {
                size_t nc = shapes[k][0], m = shapes[k][1], tiles = cb_pair_tiles(m);
                const tb_placement *pl = &tb_placements[(k + ki) % 2];
                tb_pdata p;
                tb_pdata_init(&p, nc, m, pl);
                tk_rng r = tb_rng_for(0x9900000u + (k * 16 + ki) * 16 + (size_t)round);
                tb_pair_fill_kind(&p, kinds[ki], &r);
                tb_pbufs x;
                tb_pbufs_init(&x, nc, m, 77, 0, 0);
                tb_fill_candidates(tb_cands_of(&x), x.n, nc, m, &r);
                tb_pwhere w = {name, tb_pair_kind_name[kinds[ki]], pl->name};
                for (size_t mi = 0; mi < sizeof modes / sizeof modes[0]; mi++) {
                    tb_hostile_env = modes[mi], tb_hostile_want = 1;
                    for (unsigned f = 0; f <= CB_STRICT; f++)
                        for (size_t e = 0; e < ne; e++) {
                            const cb_pair_entry_info *d = tb_pinfo(e);
                            cb_pair_args a = tb_args_of(d, &p, f);
                            a.margin = tb_margins[(k + ki + mi + e) % tb_margin_count];
                            tb_check_entry(b, e, d, a, &x, TB_WANT_SCALAR, &w);
                            calls++;
                            if (d->output == CB_OUTPUT_PAIRS) { /* cut short */
                                a.capacity = 1 + tb_below(&r, 20);
                                cb_pair_cursor cur = {tb_below(&r, tiles), tb_below(&r, nc), 0};
                                tb_check_list(b, e, d, a, cur,
                                              tb_tail_at(&x.pairs, a.capacity * sizeof(cb_pair)),
                                              x.ref_pairs, TB_WANT_SCALAR, &w, NULL);
                            }
                        }
                    tb_hostile_env = 0, tb_hostile_want = 0;
                }
                tb_pbufs_free(&x);
                tb_pdata_free(&p);
            }
    return calls;
}
