/* check_integer.c - the integer shapes' checks, shared by the Criterion suite (test_integer.c) and the plain checker: every integer entry on one subject (a backend's raw kernels or the public functions) against testkit's exact 128-bit reference, bit for bit, over extreme, touching and random corpora. */
#include "check.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>


/* How a corpus is drawn. */
enum { MODE_EXTREME, MODE_SMALL, MODE_SCALED, MODE_NEAR, MODE_TOUCHING, MODES };
static const char *const mode_names[MODES] = {"extreme", "small", "scaled", "near", "touching"};

static int32_t clamp32(int64_t v) { return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v; }

static int32_t draw(tk_rng *g, int mode, int32_t base)
{
    uint64_t u = tk_next(g);
    switch (mode) {
    case MODE_EXTREME:
        return u % 4 ? tk_int_special[(u >> 8) % tk_int_special_count] : (int32_t)(uint32_t)(u >> 32);
    case MODE_SMALL:
        return (int32_t)((u >> 8) % 49) - 24;
    case MODE_SCALED: {
        int bits = (int)((u >> 2) % 32);
        int64_t v = (int64_t)((u >> 32) & ((1ull << bits) - 1));
        return clamp32(u & 1 ? -v : v);
    }
    default: /* near a base: small offsets around anything */
        return clamp32((int64_t)base + (int64_t)((u >> 8) % 17) - 8);
    }
}

/* A radius: mostly >= 0, sometimes negative (it never hits). */
static int32_t draw_radius(tk_rng *g, int mode)
{
    int32_t r = draw(g, mode == MODE_NEAR || mode == MODE_TOUCHING ? MODE_SCALED : mode, 0);
    if (tk_next(g) % 8 && r < 0)
        r = r == INT32_MIN ? INT32_MAX : -r;
    return r;
}

static cb_ibox draw_box(tk_rng *g, int mode, cb_icircle near)
{
    cb_ibox b = {draw(g, mode, near.x), draw(g, mode, near.y), draw(g, mode, near.x),
                 draw(g, mode, near.y)};
    uint64_t u = tk_next(g);
    if (u % 8 && b.min_x > b.max_x) /* one in eight may stay inverted */
        b.min_x ^= b.max_x, b.max_x ^= b.min_x, b.min_x ^= b.max_x;
    if ((u >> 3) % 8 && b.min_y > b.max_y)
        b.min_y ^= b.max_y, b.max_y ^= b.min_y, b.min_y ^= b.max_y;
    if ((u >> 6) % 8 == 0) /* zero width */
        b.max_x = b.min_x;
    if ((u >> 9) % 8 == 0)
        b.max_y = b.min_y;
    return b;
}

static cb_icircle draw_circle(tk_rng *g, int mode, cb_icircle near)
{
    cb_icircle c = {draw(g, mode, near.x), draw(g, mode, near.y), draw_radius(g, mode)};
    return c;
}

/* Exactly touching: t times a Pythagorean triple (a, b, h) apart, so the
 * distance is exactly the reach h t; the value one past it on either side
 * also comes up (the offsets of MODE_NEAR). 0 when it does not fit. */
static const int64_t triples[][3] = {{0, 1, 1}, {3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}};

static int64_t draw_scale(tk_rng *g) { return (int64_t)1 << (tk_next(g) % 26); }

static int touching_box(tk_rng *g, cb_icircle c, cb_ibox *out)
{
    const int64_t *t = triples[tk_next(g) % 5];
    /* the corner at distance exactly r when r is a multiple of h, else
     * just inside; the near values come from the corpus's other draws */
    int64_t s = c.r > 0 ? c.r / t[2] : 0;
    if (s == 0)
        return 0;
    int64_t w = (int64_t)(tk_next(g) % 1000);
    int sx = tk_next(g) & 1 ? 1 : -1, sy = tk_next(g) & 1 ? 1 : -1;
    /* the box's corner nearest the centre at (cx - sx a s, cy - sy b s) */
    int64_t kx = (int64_t)c.x - sx * t[0] * s, ky = (int64_t)c.y - sy * t[1] * s;
    int64_t fx = kx - sx * w, fy = ky - sy * w; /* the far corner */
    if (kx < INT32_MIN || kx > INT32_MAX || ky < INT32_MIN || ky > INT32_MAX ||
        fx < INT32_MIN || fx > INT32_MAX || fy < INT32_MIN || fy > INT32_MAX)
        return 0;
    out->min_x = (int32_t)(kx < fx ? kx : fx), out->max_x = (int32_t)(kx < fx ? fx : kx);
    out->min_y = (int32_t)(ky < fy ? ky : fy), out->max_y = (int32_t)(ky < fy ? fy : ky);
    return 1;
}

/* The corpus: n boxes and n circles, SoA arrays and AoS arrays, each in
 * its own buffer ending at a guard page (so its alignment varies with n). */
typedef struct {
    size_t n;
    int32_t *a[7]; /* min_x min_y max_x max_y, x y r */
    cb_ibox *boxes;
    cb_icircle *circles;
} int_corpus;

static void corpus_new(int_corpus *c, size_t n)
{
    memset(c, 0, sizeof *c);
    c->n = n;
    for (int k = 0; k < 7; k++)
        c->a[k] = tb_alloc_guarded(n * sizeof(int32_t), 0);
    c->boxes = tb_alloc_guarded(n * sizeof(cb_ibox), 0);
    c->circles = tb_alloc_guarded(n * sizeof(cb_icircle), 0);
}

static void corpus_free(int_corpus *c)
{
    for (int k = 0; k < 7; k++)
        tb_free(c->a[k]);
    tb_free(c->boxes);
    tb_free(c->circles);
}

static void corpus_set(int_corpus *c, size_t i, cb_ibox b, cb_icircle o)
{
    c->a[0][i] = b.min_x, c->a[1][i] = b.min_y, c->a[2][i] = b.max_x, c->a[3][i] = b.max_y;
    c->a[4][i] = o.x, c->a[5][i] = o.y, c->a[6][i] = o.r;
    c->boxes[i] = b, c->circles[i] = o;
}

/* Elements for the probes (circle, box) in `mode`: touching ones are built
 * against the probe circle, and also against the probe box's corners. */
static void corpus_fill(int_corpus *c, size_t from, tk_rng *g, int mode, cb_icircle pc, cb_ibox pb)
{
    for (size_t i = from; i < c->n; i++) {
        cb_ibox b = draw_box(g, mode == MODE_TOUCHING ? MODE_NEAR : mode, pc);
        cb_icircle o = draw_circle(g, mode == MODE_TOUCHING ? MODE_NEAR : mode, pc);
        if (mode == MODE_TOUCHING) {
            touching_box(g, pc, &b);
            /* a circle touching the probe circle: centres h t apart, radii summing to it */
            const int64_t *t = triples[tk_next(g) % 5];
            int64_t s = draw_scale(g), h = t[2] * s;
            int64_t ox = (int64_t)pc.x + t[0] * s, oy = (int64_t)pc.y - t[1] * s;
            if (pc.r >= 0 && pc.r <= h && h - pc.r <= INT32_MAX && ox <= INT32_MAX &&
                oy >= INT32_MIN)
                o.x = (int32_t)ox, o.y = (int32_t)oy, o.r = (int32_t)(h - pc.r);
            /* a circle touching a corner or a face of the probe box */
            if (tk_next(g) & 1) {
                int64_t r = (int64_t)(tk_next(g) % 100000), kx = pb.max_x, ky = pb.min_y;
                if (kx + r <= INT32_MAX)
                    o.x = (int32_t)(kx + r), o.y = (int32_t)ky, o.r = (int32_t)r;
            }
        }
        corpus_set(c, i, b, o);
    }
}

static cb_icircle probe_circle(tk_rng *g, int mode)
{
    cb_icircle z = {0, 0, 0};
    return draw_circle(g, mode == MODE_TOUCHING ? MODE_SCALED : mode, z);
}

/* One call of entry e (its arguments in *a but the output; n_out elements
 * of output) on the subject and on the reference; returns 1. */
static size_t compare_call(int subject, size_t e, cb_args *a, size_t n_out, const char *mode,
                           uint64_t seed)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    tk_out got, want;
    tb_out_new(&got, d, n_out, 0, 0);
    tk_out_malloc(&want, d, n_out);
    tk_out_fill(&got, 0xA5);
    tk_out_fill(&want, 0xA5);
    a->out = got.out;
    size_t count;
    if (subject == TB_PUBLIC) {
        count = cb_entry_call(e, a);
    } else {
        cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)subject);
        TB_ASSERT(k != NULL, "no %s kernel for %s", cb_backend_name((cb_backend)subject), d->name);
        count = k(a);
    }
    a->out = want.out;
    size_t expect = ref_int_entry(d, a);
    char why[256];
    const char *who = subject == TB_PUBLIC ? "public" : cb_backend_name((cb_backend)subject);
    if (!tk_check_format(d, n_out, count, got.out, why, sizeof why) ||
        !tk_same_output(d, n_out, count, got.out, expect, want.out, why, sizeof why)) {
        size_t i = tk_first_difference(d, n_out, count, got.out, expect, want.out);
        char el[200] = "";
        if (i < n_out) {
            cb_icircle c = a->icircle;
            size_t j = i;
            if (d->form == CB_FORM_CANDIDATES) {
                cb_pair p = a->candidates[i];
                c = (cb_icircle){a->icircles->x[p.i], a->icircles->y[p.i], a->icircles->r[p.i]};
                j = p.j;
            }
            if (d->many == CB_SHAPE_IBOX) {
                cb_ibox b = tk_ibox_at(d, a->many, j);
                snprintf(el, sizeof el, " element %zu: circle (%" PRId32 ", %" PRId32 ", r %" PRId32
                         ") vs box (%" PRId32 ", %" PRId32 ", %" PRId32 ", %" PRId32 ")", i, c.x,
                         c.y, c.r, b.min_x, b.min_y, b.max_x, b.max_y);
            } else {
                cb_icircle o = tk_icircle_at(d, a->many, j);
                snprintf(el, sizeof el, " element %zu: circle (%" PRId32 ", %" PRId32 ", r %" PRId32
                         ") vs (%" PRId32 ", %" PRId32 ", r %" PRId32 ")", i, c.x, c.y, c.r, o.x,
                         o.y, o.r);
            }
        }
        tb_fail("%s %s (%s corpus, flags %u): %s; probe box (%" PRId32 ", %" PRId32 ", %" PRId32
                ", %" PRId32 ");%s; " TB_SEED_FMT, who, d->name, mode, a->flags, why,
                a->ibox.min_x, a->ibox.min_y, a->ibox.max_x, a->ibox.max_y, el, seed);
    }
    tk_out_free(&got);
    tk_out_free(&want);
    tb_calls_compared++;
    return 1;
}

/* A batch call over the corpus's last n elements (every array then ends at
 * its guard page). */
static size_t check_batch(int subject, size_t e, const int_corpus *c, size_t n, cb_icircle pc,
                          cb_ibox pb, unsigned flags, const char *mode, uint64_t seed)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    size_t o = c->n - n;
    cb_ibox_soa bs = {c->a[0] + o, c->a[1] + o, c->a[2] + o, c->a[3] + o};
    cb_icircle_soa cs = {c->a[4] + o, c->a[5] + o, c->a[6] + o};
    int box_els = d->many == CB_SHAPE_IBOX;
    cb_args a;
    memset(&a, 0, sizeof a);
    a.icircle = pc, a.ibox = pb, a.n = n, a.flags = flags;
    if (d->layout == CB_LAYOUT_SOA)
        a.many = box_els ? (const void *)&bs : (const void *)&cs;
    else
        a.many = box_els ? (const void *)(c->boxes + o) : (const void *)(c->circles + o);
    return compare_call(subject, e, &a, n, mode, seed);
}

/* A candidates call: n pairs drawn over the corpus (its circles as the set,
 * its boxes or circles as the elements), repeats and any order, in an array
 * ending at a guard page. */
static size_t check_candidates(int subject, size_t e, const int_corpus *c, size_t n, tk_rng *g,
                               unsigned flags, const char *mode, uint64_t seed)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    cb_pair *cand = tb_alloc_guarded(n * sizeof *cand, 0);
    for (size_t k = 0; k < n; k++) {
        uint64_t u = tk_next(g);
        cand[k].i = (uint32_t)(u % c->n), cand[k].j = (uint32_t)((u >> 32) % c->n);
    }
    cb_ibox_soa bs = {c->a[0], c->a[1], c->a[2], c->a[3]};
    cb_icircle_soa cs = {c->a[4], c->a[5], c->a[6]};
    cb_args a;
    memset(&a, 0, sizeof a);
    a.icircles = &cs, a.n_circles = c->n, a.candidates = cand, a.n_candidates = n;
    a.many = d->many == CB_SHAPE_IBOX ? (const void *)&bs : (const void *)&cs;
    a.n = c->n, a.flags = flags;
    size_t r = compare_call(subject, e, &a, n, mode, seed);
    tb_free(cand);
    return r;
}

size_t tb_int_check(int subject, const size_t *lengths, size_t nl, size_t large)
{
    uint64_t seed = tb_seed();
    tk_rng g = tb_rng_for(0x1A7E6E2u + (uint64_t)subject);
    size_t calls = 0, top = large;
    for (size_t l = 0; l < nl; l++)
        top = lengths[l] > top ? lengths[l] : top;
    for (int mode = 0; mode < MODES; mode++) {
        int_corpus c;
        corpus_new(&c, top);
        cb_icircle first = probe_circle(&g, mode); /* the whole corpus once, for the candidates */
        corpus_fill(&c, 0, &g, mode, first, draw_box(&g, mode, first));
        for (size_t l = 0; l <= nl; l++) { /* the lengths, then the large one */
            size_t n = l < nl ? lengths[l] : large;
            cb_icircle pc = probe_circle(&g, mode);
            cb_ibox pb = draw_box(&g, mode == MODE_TOUCHING ? MODE_SCALED : mode, pc);
            corpus_fill(&c, top - n, &g, mode, pc, pb);
            for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
                TK_FOR_ENTRIES(e, TK_BATCH | TK_INTEGER)
                    calls += check_batch(subject, e, &c, n, pc, pb, flags, mode_names[mode], seed);
                if (top > 0) { /* candidates need a set and elements */
                    TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_CANDIDATES) | TK_INTEGER)
                        calls += check_candidates(subject, e, &c, n, &g, flags, mode_names[mode],
                                                  seed);
                }
            }
        }
        corpus_free(&c);
    }
    return calls;
}

/* ------------------------------------------------------------- all pairs */

/* One pairs call's buffers: the subject's list or records (each array
 * ending at a guard page, poisoned), the reference's, and a scratch each. */
typedef struct {
    size_t room;
    cb_pair *pairs, *ref_pairs;
    cb_int_pair_contacts recs, ref_recs;
    uint64_t *matrix, *ref_matrix;
    void *scratch, *ref_scratch;
} int_pbufs;

/* The record arrays of a cb_int_pair_contacts with their element sizes. */
#define INT_PREC_ARRAYS 6
static void *prec_array(const cb_int_pair_contacts *r, int k, size_t *unit)
{
    switch (k) {
    case 0: *unit = sizeof *r->pair; return r->pair;
    case 1: *unit = sizeof *r->point_x; return r->point_x;
    case 2: *unit = sizeof *r->point_y; return r->point_y;
    case 3: *unit = sizeof *r->d2; return r->d2;
    case 4: *unit = sizeof *r->depth; return r->depth;
    default: *unit = sizeof *r->feature; return r->feature;
    }
}
static const char *const prec_names[INT_PREC_ARRAYS] = {"pair", "point_x", "point_y",
                                                        "d2",   "depth",   "feature"};

static cb_int_pair_contacts precs_new(size_t room, int guarded)
{
    cb_int_pair_contacts r;
    size_t b = room ? room : 1;
    void *p[INT_PREC_ARRAYS];
    size_t unit[INT_PREC_ARRAYS] = {sizeof(cb_pair), 4, 4, 8, 4, 1};
    for (int k = 0; k < INT_PREC_ARRAYS; k++)
        p[k] = guarded ? tb_alloc_guarded(b * unit[k], 0) : tb_xmalloc(b * unit[k]);
    r.pair = p[0], r.point_x = p[1], r.point_y = p[2], r.d2 = p[3], r.depth = p[4],
    r.feature = p[5];
    return r;
}

static void precs_free(cb_int_pair_contacts *r, int guarded)
{
    for (int k = 0; k < INT_PREC_ARRAYS; k++) {
        size_t unit;
        void *p = prec_array(r, k, &unit);
        if (guarded)
            tb_free(p);
        else
            free(p);
    }
}

static void pbufs_new(int_pbufs *x, size_t nc, size_t m)
{
    x->room = nc * m + 1;
    x->pairs = tb_alloc_guarded(x->room * sizeof(cb_pair), 0);
    x->ref_pairs = tb_xmalloc(x->room * sizeof(cb_pair));
    x->recs = precs_new(x->room, 1), x->ref_recs = precs_new(x->room, 0);
    size_t words = nc * ((m + 63) / 64);
    words += words == 0;
    x->matrix = tb_alloc_guarded(words * sizeof(uint64_t), 0);
    x->ref_matrix = tb_xmalloc(words * sizeof(uint64_t));
    size_t s = cb_pairs_scratch_size(nc, m);
    x->scratch = tb_alloc_guarded(s, 0), x->ref_scratch = NULL;
}

static void pbufs_free(int_pbufs *x)
{
    tb_free(x->pairs), free(x->ref_pairs);
    precs_free(&x->recs, 1), precs_free(&x->ref_recs, 0);
    tb_free(x->matrix), free(x->ref_matrix);
    tb_free(x->scratch);
}

/* What one pairs scene is: the call's arguments (out, capacity, cursor
 * and scratch set per call), the elements the reference reads, and text
 * for messages. */
typedef struct {
    int subject;
    size_t e;
    const cb_entry_info *d;
    cb_args a;
    tk_pair_els els;
    const char *mode, *grid;
    uint64_t seed;
} int_pscene;

static size_t prun(const int_pscene *sc, cb_args *a)
{
    if (sc->subject == TB_PUBLIC)
        return cb_entry_call(sc->e, a);
    cb_kernel_fn k = cb_entry_kernel(sc->e, (cb_backend)sc->subject);
    TB_ASSERT(k != NULL, "no %s kernel for %s", cb_backend_name((cb_backend)sc->subject),
              sc->d->name);
    return k(a);
}

#define PS_FMT "%s %s (%s corpus, %s, n_circles %zu, m %zu, flags %u); " TB_SEED_FMT
#define PS_ARGS(sc)                                                                                \
    (sc)->subject == TB_PUBLIC ? "public" : cb_backend_name((cb_backend)(sc)->subject),           \
        (sc)->d->name, (sc)->mode, (sc)->grid, (sc)->a.n_circles, (sc)->els.m, (sc)->a.flags,      \
        (sc)->seed
#define CUR_FMT "{%zu, %zu, %zu}"
#define CUR_ARGS(c) (c).circle, (c).element, (c).end

static int same_cursor(cb_pair_cursor x, cb_pair_cursor y)
{
    return x.circle == y.circle && x.element == y.element && x.end == y.end;
}

/* A list call (pairs or records) from *sub (the subject's cursor) and *ref
 * (the reference's, equal to it), capacity cap (count only: 0 and no
 * list): the same return, cursor, pairs and records, and nothing written
 * past the count in the pair list. Returns what the subject returned. */
static size_t check_plist(const int_pscene *sc, int_pbufs *x, cb_pair_cursor *sub,
                          cb_pair_cursor *ref, size_t cap, int count_only)
{
    int recs = sc->d->output == CB_OUTPUT_INT_PAIR_CONTACTS;
    cb_pair_cursor start = *sub;
    cb_args a = sc->a;
    cb_pair *gp = recs ? x->recs.pair : x->pairs, *wp = recs ? x->ref_recs.pair : x->ref_pairs;
    memset(gp, 0xA5, x->room * sizeof *gp);
    a.capacity = count_only ? 0 : cap;
    a.cursor = ref, a.scratch = NULL;
    a.out = count_only ? NULL : recs ? (void *)&x->ref_recs : (void *)x->ref_pairs;
    size_t want = ref_entry_on(sc->d, &a, &sc->els);
    a.cursor = sub, a.scratch = sc->d->many == CB_SHAPE_GRID || sc->d->many == CB_SHAPE_GRID_SELF ? NULL : x->scratch;
    if (sc->subject == TB_PUBLIC && (sc->seed ^ start.circle) % 4 == 0)
        a.scratch = NULL; /* sometimes the public functions allocate it */
    a.out = count_only ? NULL : recs ? (void *)&x->recs : (void *)x->pairs;
    size_t got = prun(sc, &a);
    TB_ASSERT(got == want && same_cursor(*sub, *ref),
              "returned %zu, cursor " CUR_FMT "; the reference %zu, " CUR_FMT
              " (from " CUR_FMT ", capacity %zu%s): " PS_FMT,
              got, CUR_ARGS(*sub), want, CUR_ARGS(*ref), CUR_ARGS(start), cap,
              count_only ? ", count only" : "", PS_ARGS(sc));
    if (count_only)
        return got;
    for (size_t q = 0; q < got; q++) {
        if (gp[q].i == wp[q].i && gp[q].j == wp[q].j) {
            if (!recs)
                continue;
            for (int k = 1; k < INT_PREC_ARRAYS; k++) {
                size_t unit;
                const unsigned char *g = prec_array(&x->recs, k, &unit);
                const unsigned char *h = prec_array(&x->ref_recs, k, &unit);
                if (memcmp(g + q * unit, h + q * unit, unit) == 0)
                    continue;
                char pt[300];
                tk_describe_pair(&a, &sc->els, gp[q].i, gp[q].j, pt, sizeof pt);
                tb_fail("record %zu [%s]: %s differs from the reference's (from " CUR_FMT
                        "): " PS_FMT, q, pt, prec_names[k], CUR_ARGS(start), PS_ARGS(sc));
            }
            continue;
        }
        char mine[300] = "out of range", theirs[300];
        if (gp[q].i < a.n_circles && gp[q].j < sc->els.m)
            tk_describe_pair(&a, &sc->els, gp[q].i, gp[q].j, mine, sizeof mine);
        tk_describe_pair(&a, &sc->els, wp[q].i, wp[q].j, theirs, sizeof theirs);
        tb_fail("pair %zu of %zu: the subject's [%s], the reference's [%s] (from " CUR_FMT
                ", capacity %zu): " PS_FMT, q, got, mine, theirs, CUR_ARGS(start), cap,
                PS_ARGS(sc));
    }
    const unsigned char *rest = (const unsigned char *)(gp + got);
    for (size_t b = 0; b < (x->room - got) * sizeof *gp; b++)
        TB_ASSERT(rest[b] == 0xA5, "wrote past the %zu pairs it returned (byte %zu): " PS_FMT, got,
                  b, PS_ARGS(sc));
    tb_calls_compared++;
    return got;
}

/* Every way of calling one pairs scene: the whole range with room for all
 * (and a count first), resumed in small pieces with one scratch, the range
 * split in two; the matrix row by row. */
static size_t check_pscene(const int_pscene *sc, int_pbufs *x)
{
    size_t nc = sc->a.n_circles, calls = 0;
    if (sc->d->output == CB_OUTPUT_MATRIX) {
        size_t words = (sc->els.m + 63) / 64;
        for (size_t split = 0; split <= nc; split += nc ? (nc + 1) / 2 : 1) {
            cb_pair_cursor cs = {split, 0, 0, 0}, cr = cs;
            cb_args a = sc->a;
            memset(x->matrix, 0xA5, nc * words * sizeof(uint64_t));
            memset(x->ref_matrix, 0x5A, nc * words * sizeof(uint64_t));
            a.cursor = &cr, a.out = x->ref_matrix;
            size_t want = ref_entry_on(sc->d, &a, &sc->els);
            a.cursor = &cs, a.out = x->matrix;
            a.scratch = sc->d->many == CB_SHAPE_GRID || sc->d->many == CB_SHAPE_GRID_SELF ? NULL : x->scratch;
            size_t got = prun(sc, &a);
            TB_ASSERT(got == want && same_cursor(cs, cr),
                      "matrix from row %zu: returned %zu, cursor " CUR_FMT "; the reference %zu, "
                      CUR_FMT ": " PS_FMT, split, got, CUR_ARGS(cs), want, CUR_ARGS(cr),
                      PS_ARGS(sc));
            for (size_t q = split * words; q < nc * words; q++)
                TB_ASSERT(x->matrix[q] == x->ref_matrix[q],
                          "matrix word %zu (row %zu): 0x%016" PRIx64 ", the reference 0x%016" PRIx64
                          ": " PS_FMT, q, q / words, x->matrix[q], x->ref_matrix[q], PS_ARGS(sc));
            for (size_t q = 0; q < split * words; q++) /* the rows before the range: untouched */
                TB_ASSERT(x->matrix[q] == 0xA5A5A5A5A5A5A5A5ull,
                          "wrote matrix word %zu, before the range's row %zu: " PS_FMT, q, split,
                          PS_ARGS(sc));
            calls++, tb_calls_compared++;
            if (nc == 0)
                break;
        }
        return calls;
    }
    cb_pair_cursor zero = {0, 0, 0, 0}, s, r;
    s = zero, r = zero;
    check_plist(sc, x, &s, &r, 0, 1); /* the count: the cursor keeps its place */
    size_t all = check_plist(sc, x, &s, &r, x->room, 0);
    TB_ASSERT(all < x->room && s.circle == nc, "room for every pair, but the range is not done: "
              "%zu pairs, cursor " CUR_FMT ": " PS_FMT, all, CUR_ARGS(s), PS_ARGS(sc));
    calls += 2;
    static const size_t caps[] = {1, 7, 61};
    for (size_t c = all > 256; c < sizeof caps / sizeof caps[0]; c++) { /* resumed, one scratch */
        s = zero, r = zero;
        size_t total = 0;
        for (size_t step = 0; step <= all + nc + 1; step++) {
            size_t cap = caps[c] < x->room ? caps[c] : x->room; /* the arrays' room */
            size_t got = check_plist(sc, x, &s, &r, cap, 0);
            total += got, calls++;
            if (s.circle == s.end)
                break;
        }
        TB_ASSERT(total == all && s.circle == s.end,
                  "in pieces of %zu: %zu pairs in all (not %zu), cursor " CUR_FMT ": " PS_FMT,
                  caps[c], total, all, CUR_ARGS(s), PS_ARGS(sc));
    }
    if (nc > 1) { /* two ranges */
        cb_pair_cursor lo = {0, 0, nc / 2, 0}, hi = {nc / 2, 0, nc, 0}, rl = lo, rh = hi;
        check_plist(sc, x, &lo, &rl, x->room, 0), check_plist(sc, x, &hi, &rh, x->room, 0);
        calls += 2;
    }
    return calls;
}

/* Scenes: the set and the element counts, the cull's case among them (far
 * more elements than circles). */
static const size_t pair_sizes[][2] = {{0, 5}, {1, 0},  {1, 1},   {3, 7},  {5, 17},
                                       {9, 64}, {17, 65}, {4, 200}, {40, 40}, {2, 300}};

size_t tb_int_pairs_check(int subject)
{
    uint64_t seed = tb_seed();
    tk_rng g = tb_rng_for(0x9A125u + (uint64_t)subject);
    size_t calls = 0;
    for (int mode = 0; mode < MODES; mode++) {
        for (size_t z = 0; z < sizeof pair_sizes / sizeof pair_sizes[0]; z++) {
            size_t nc = pair_sizes[z][0], m = pair_sizes[z][1];
            int_corpus set, els;
            corpus_new(&set, nc), corpus_new(&els, m);
            cb_icircle pc = probe_circle(&g, mode);
            if (mode == MODE_NEAR && z % 2) /* clustered where floats are 2^7 apart and more */
                pc.x = draw(&g, MODE_EXTREME, 0), pc.y = draw(&g, MODE_EXTREME, 0);
            cb_ibox pb = draw_box(&g, mode == MODE_TOUCHING ? MODE_SCALED : mode, pc);
            corpus_fill(&set, 0, &g, mode, pc, pb), corpus_fill(&els, 0, &g, mode, pc, pb);
            if (nc > 0) /* the probe itself: its pairs touch in the touching corpus */
                corpus_set(&set, 0, pb, pc);
            cb_icircle_soa cs = {set.a[4], set.a[5], set.a[6]};
            cb_ibox_soa eb = {els.a[0], els.a[1], els.a[2], els.a[3]};
            cb_icircle_soa ec = {els.a[4], els.a[5], els.a[6]};
            size_t gbytes = cb_grid_size(m);
            void *gmem[2] = {tb_xmalloc(gbytes), tb_xmalloc(gbytes)};
            const cb_grid *grids[2] = {cb_grid_iboxes(gmem[0], &eb, m),
                                       cb_grid_icircles(gmem[1], &ec, m)};
            TB_ASSERT(grids[0] && grids[1], "cb_grid_iboxes or cb_grid_icircles failed (m %zu)", m);
            void *smem = tb_xmalloc(cb_grid_size(nc));
            const cb_grid *sgrid = cb_grid_icircles(smem, &cs, nc); /* the set, prepared */
            TB_ASSERT(sgrid, "cb_grid_icircles of the set failed (n %zu)", nc);
            int_pbufs x;
            pbufs_new(&x, nc, m > nc ? m : nc);
            for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
                TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_PAIRS) | TK_INTEGER) {
                    int_pscene sc;
                    memset(&sc, 0, sizeof sc);
                    sc.subject = subject, sc.e = e, sc.d = cb_entry_info_of(e);
                    sc.mode = mode_names[mode], sc.grid = "no grid", sc.seed = seed;
                    sc.a.icircles = &cs, sc.a.n_circles = nc, sc.a.flags = flags;
                    for (int k = 0; k < 2; k++) { /* a grid's two shapes; once for the others */
                        cb_shape shape = k ? CB_SHAPE_ICIRCLE : CB_SHAPE_IBOX;
                        const void *arr = k ? (const void *)&ec : (const void *)&eb;
                        if (sc.d->many == CB_SHAPE_GRID) {
                            sc.a.many = grids[k], sc.a.n = 0;
                            sc.els.shape = shape, sc.els.els = arr, sc.els.m = m;
                            sc.grid = k ? "a grid of integer circles" : "a grid of integer boxes";
                        } else if (sc.d->many == CB_SHAPE_SELF ||
                                   sc.d->many == CB_SHAPE_GRID_SELF) {
                            if (k)
                                break;
                            sc.a.many = sc.d->many == CB_SHAPE_SELF ? NULL : sgrid, sc.a.n = 0;
                            sc.grid = sc.d->many == CB_SHAPE_SELF ? "no grid" : "the set prepared";
                            tk_pair_els_of(sc.d, &sc.a, &sc.els);
                        } else {
                            if (sc.d->many != shape)
                                continue;
                            sc.a.many = arr, sc.a.n = m;
                            tk_pair_els_of(sc.d, &sc.a, &sc.els);
                        }
                        calls += check_pscene(&sc, &x);
                    }
                }
            }
            pbufs_free(&x);
            free(gmem[0]), free(gmem[1]), free(smem);
            corpus_free(&set), corpus_free(&els);
        }
    }
    return calls;
}
