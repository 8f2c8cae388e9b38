/* check_integer.c - the integer shapes' checks, shared by the Criterion suite (test_integer.c) and the plain checker: every integer entry on one subject (a backend's raw kernels or the public functions) against testkit's exact 128-bit reference, bit for bit, over extreme, touching and random corpora. */
#include "check.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>


/* How a corpus is drawn. */
enum { MODE_EXTREME, MODE_SMALL, MODE_SCALED, MODE_NEAR, MODE_TOUCHING, MODES };
static const char *const mode_names[MODES] = {"extreme", "small", "scaled", "near", "touching"};

static int32_t clamp32(int64_t v) { return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v; }

static int32_t draw(tb_rng *g, int mode, int32_t base)
{
    uint64_t u = tb_next(g);
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
static int32_t draw_radius(tb_rng *g, int mode)
{
    int32_t r = draw(g, mode == MODE_NEAR || mode == MODE_TOUCHING ? MODE_SCALED : mode, 0);
    if (tb_next(g) % 8 && r < 0)
        r = r == INT32_MIN ? INT32_MAX : -r;
    return r;
}

static cb_ibox draw_box(tb_rng *g, int mode, cb_icircle near)
{
    cb_ibox b = {draw(g, mode, near.x), draw(g, mode, near.y), draw(g, mode, near.x),
                 draw(g, mode, near.y)};
    uint64_t u = tb_next(g);
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

static cb_icircle draw_circle(tb_rng *g, int mode, cb_icircle near)
{
    cb_icircle c = {draw(g, mode, near.x), draw(g, mode, near.y), draw_radius(g, mode)};
    return c;
}

/* Exactly touching: t times a Pythagorean triple (a, b, h) apart, so the
 * distance is exactly the reach h t; the value one past it on either side
 * also comes up (the offsets of MODE_NEAR). 0 when it does not fit. */
static const int64_t triples[][3] = {{0, 1, 1}, {3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}};

static int64_t draw_scale(tb_rng *g) { return (int64_t)1 << (tb_next(g) % 26); }

static int touching_box(tb_rng *g, cb_icircle c, cb_ibox *out)
{
    const int64_t *t = triples[tb_next(g) % 5];
    /* the corner at distance exactly r when r is a multiple of h, else
     * just inside; the near values come from the corpus's other draws */
    int64_t s = c.r > 0 ? c.r / t[2] : 0;
    if (s == 0)
        return 0;
    int64_t w = (int64_t)(tb_next(g) % 1000);
    int sx = tb_next(g) & 1 ? 1 : -1, sy = tb_next(g) & 1 ? 1 : -1;
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
static void corpus_fill(int_corpus *c, size_t from, tb_rng *g, int mode, cb_icircle pc, cb_ibox pb)
{
    for (size_t i = from; i < c->n; i++) {
        cb_ibox b = draw_box(g, mode == MODE_TOUCHING ? MODE_NEAR : mode, pc);
        cb_icircle o = draw_circle(g, mode == MODE_TOUCHING ? MODE_NEAR : mode, pc);
        if (mode == MODE_TOUCHING) {
            touching_box(g, pc, &b);
            /* a circle touching the probe circle: centres h t apart, radii summing to it */
            const int64_t *t = triples[tb_next(g) % 5];
            int64_t s = draw_scale(g), h = t[2] * s;
            int64_t ox = (int64_t)pc.x + t[0] * s, oy = (int64_t)pc.y - t[1] * s;
            if (pc.r >= 0 && pc.r <= h && h - pc.r <= INT32_MAX && ox <= INT32_MAX &&
                oy >= INT32_MIN)
                o.x = (int32_t)ox, o.y = (int32_t)oy, o.r = (int32_t)(h - pc.r);
            /* a circle touching a corner or a face of the probe box */
            if (tb_next(g) & 1) {
                int64_t r = (int64_t)(tb_next(g) % 100000), kx = pb.max_x, ky = pb.min_y;
                if (kx + r <= INT32_MAX)
                    o.x = (int32_t)(kx + r), o.y = (int32_t)ky, o.r = (int32_t)r;
            }
        }
        corpus_set(c, i, b, o);
    }
}

static cb_icircle probe_circle(tb_rng *g, int mode)
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
static size_t check_candidates(int subject, size_t e, const int_corpus *c, size_t n, tb_rng *g,
                               unsigned flags, const char *mode, uint64_t seed)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    cb_pair *cand = tb_alloc_guarded(n * sizeof *cand, 0);
    for (size_t k = 0; k < n; k++) {
        uint64_t u = tb_next(g);
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
    tb_rng g = tb_rng_for(0x1A7E6E2u + (uint64_t)subject);
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
