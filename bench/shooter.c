/* shooter.c - the shooter frame: every bullet's first hit among a level's boxes (or circles) in one call of cb_pairs_sweep_first (cb_pairs_sweep_circles_circles_first), against the loop of per-bullet cb_batch_sweep_first calls, on every backend. */
#include "bench.h"
#include "rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * One frame of a shooter: SHOT_N bullets, each a moving circle over the
 * frame, against a level of SHOT_M static boxes (a second block: as many
 * circles, pillars and barrels), and the question a game asks of each
 * bullet: what does it hit first, and where. Per backend, side by side in
 * one block of interleaved reps (timing.c):
 *   one call  the raw kernel (cb_entry_kernel) of cb_pairs_sweep_first
 *             (cb_pairs_sweep_circles_circles_first): every bullet at once,
 *             scratch allocated once, cursor from zero, room for a record
 *             per bullet
 *   loop      the raw kernel of cb_batch_sweep_first
 *             (cb_batch_sweep_circle_circles_first) once per bullet
 *             against all M elements, each hit's record written in place
 *             into the same list (pair (i, j), normal, t, point, feature)
 * Both run in the caller's float environment (raw kernels), as the pairs
 * rows do.
 *
 * The scene (shot_make), in a world of side SHOT_WORLD (scaled by sqrt(M /
 * SHOT_M) for --quick, so that the density stays):
 *  - boxes: 3 in 4 are crates, each side uniform in [1, 4) units; 1 in 4
 *    are walls, 8 to 48 units long, horizontal or vertical, half of them of
 *    zero thickness (min == max across: a line), half 0.25 to 1 thick;
 *    every box inside the world, in the order drawn (kinds mixed);
 *  - circles (the second block): radii uniform in [0.5, 2);
 *  - bullets: start uniform over the world, clear of every box and circle
 *    (clear_starts: a bullet leaves a gun in the open, so no t = 0 hits
 *    but by a bug); a quarter are rays (r = 0),
 *    the rest r uniform in [0, 0.5]; a direction uniform on the circle and
 *    a speed uniform in [20, 80) units per frame, so a bullet moves 40 to
 *    160 (rays: without bound) radii in one frame.
 *
 * Checks before timing (a FAIL stops cb-bench): each backend's one call
 * returns every bullet's record and leaves the cursor at the end, and its
 * list equals the scalar one call's bit for bit (pair, normal, t, point,
 * feature); each loop's list equals the one call's of the same backend
 * (the same records of the bullets it ran, bit for bit); and the scalar
 * one call's first hits of SPOT_BULLETS bullets are testkit's (ref_sweep_box
 * or ref_sweep_circle, the contract transcribed, against every element:
 * the least t, the lowest index among equal times), the same j and the
 * same bits of t, or both nothing.
 *
 * The loop runs all N bullets with --full, --quick and --shooter-only; in
 * the default run (the summary) the first SHOT_LOOP_SUMMARY of them, and
 * its frame time is scaled by N / that ("estimated", as the pairs rows'
 * loop over many circles): every call reads all M elements whatever the
 * bullet hits, so its cost per bullet barely depends on which bullets.
 */

#define SHOT_N 4096u
#define SHOT_M 65536u
#define SHOT_QUICK_N 512u
#define SHOT_QUICK_M 8192u
#define SHOT_WORLD 4096.0f
#define SHOT_LOOP_SUMMARY 256u
#define SPOT_BULLETS 16u
#define SHOT_BUDGET_NS 1e9 /* a row's timed samples: about this long at most */
#define SHOT_TARGET 4.0    /* issue 21: the one call at least 4x faster than the loop */

enum { EL_BOXES, EL_CIRCLES, EL_COUNT };
static const char *const el_names[EL_COUNT] = {"boxes", "circles"};
static const char *const el_one[EL_COUNT] = {"cb_pairs_sweep_first",
                                             "cb_pairs_sweep_circles_circles_first"};
static const char *const el_loop[EL_COUNT] = {"cb_batch_sweep_first",
                                              "cb_batch_sweep_circle_circles_first"};

typedef enum { SK_ONE, SK_LOOP, SK_COUNT } skind;
static const char *const sk_names[SK_COUNT] = {"one call", "loop"};

typedef struct srow {
    int el;           /* EL_BOXES, EL_CIRCLES */
    skind kind;
    int backend;      /* cb_backend */
    size_t k;         /* SK_LOOP: the bullets a call runs (the first ones); else n */
    size_t hits;      /* records written (SK_LOOP: of its k bullets) */
    const char *skip; /* not NULL: not run here, and why (cb_backend_status) */
    cb_kernel_fn fn;
    int reps;
    unsigned long iters;
    double min, med, max; /* ns per call */
} srow;

/* What a block measured, for the report. */
typedef struct sblock {
    int el;
    size_t n, m;
    float world;
    size_t hit, at_zero; /* bullets that hit an element; of them, at t = 0 */
    size_t rays;         /* bullets with r = 0 */
    int ran;
} sblock;

static srow *res;
static int nres, capres;
static sblock blocks[EL_COUNT];
static int skipped_note; /* backends asked for but not in this build (bits) */

/* The records of a frame: one per bullet at most. */
typedef struct hitbuf {
    cb_pair *pair;
    float *nx, *ny, *t, *px, *py;
    uint8_t *feat;
    cb_pair_sweep_hits h;
} hitbuf;

typedef struct shot {
    size_t n, m;
    float world;
    float *sx, *sy, *sr, *sdx, *sdy; /* bullets */
    float *x0, *y0, *x1, *y1;        /* boxes */
    float *cx, *cy, *cr;             /* circles */
    cb_sweep_soa sweeps;
    cb_box_soa boxes;
    cb_circle_soa circles;
    void *scratch;
    cb_pair_cursor cur;
    hitbuf out, ref; /* what the timed rows write; the scalar one call's answer */
    size_t nref;
} shot;

/* ---------------------------------------------------------- helpers */

static void *xalloc(size_t bytes)
{
    size_t rounded = (bytes + 63) / 64 * 64;
    void *p = aligned_alloc(64, rounded ? rounded : 64);
    if (p)
        memset(p, 0, rounded ? rounded : 64); /* fault the pages in now */
    return p;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static int hitbuf_alloc(hitbuf *b, size_t n)
{
    memset(b, 0, sizeof *b);
    b->pair = xalloc(n * sizeof *b->pair);
    b->nx = xalloc(n * 4), b->ny = xalloc(n * 4), b->t = xalloc(n * 4);
    b->px = xalloc(n * 4), b->py = xalloc(n * 4), b->feat = xalloc(n);
    cb_pair_sweep_hits h = {b->pair, b->nx, b->ny, b->t, b->px, b->py, b->feat};
    b->h = h;
    return b->pair && b->nx && b->ny && b->t && b->px && b->py && b->feat ? 0 : -1;
}

static void hitbuf_free(hitbuf *b)
{
    free(b->pair), free(b->nx), free(b->ny), free(b->t), free(b->px), free(b->py), free(b->feat);
    memset(b, 0, sizeof *b);
}

static void hitbuf_poison(hitbuf *b, size_t n)
{
    memset(b->pair, 0xA5, n * sizeof *b->pair);
    memset(b->nx, 0xA5, n * 4), memset(b->ny, 0xA5, n * 4), memset(b->t, 0xA5, n * 4);
    memset(b->px, 0xA5, n * 4), memset(b->py, 0xA5, n * 4), memset(b->feat, 0xA5, n);
}

static void shot_free(shot *s)
{
    free(s->sx), free(s->sy), free(s->sr), free(s->sdx), free(s->sdy);
    free(s->x0), free(s->y0), free(s->x1), free(s->y1);
    free(s->cx), free(s->cy), free(s->cr), free(s->scratch);
    hitbuf_free(&s->out), hitbuf_free(&s->ref);
    memset(s, 0, sizeof *s);
}

static int shot_alloc(shot *s, size_t n, size_t m)
{
    memset(s, 0, sizeof *s);
    s->n = n, s->m = m;
    s->sx = xalloc(n * 4), s->sy = xalloc(n * 4), s->sr = xalloc(n * 4);
    s->sdx = xalloc(n * 4), s->sdy = xalloc(n * 4);
    s->x0 = xalloc(m * 4), s->y0 = xalloc(m * 4), s->x1 = xalloc(m * 4), s->y1 = xalloc(m * 4);
    s->cx = xalloc(m * 4), s->cy = xalloc(m * 4), s->cr = xalloc(m * 4);
    const size_t sb = cb_pairs_scratch_size(n, m);
    s->scratch = sb == SIZE_MAX ? NULL : xalloc(sb);
    cb_sweep_soa w = {s->sx, s->sy, s->sr, s->sdx, s->sdy};
    cb_box_soa b = {s->x0, s->y0, s->x1, s->y1};
    cb_circle_soa c = {s->cx, s->cy, s->cr};
    s->sweeps = w, s->boxes = b, s->circles = c;
    int ok = s->sx && s->sy && s->sr && s->sdx && s->sdy && s->x0 && s->y0 && s->x1 && s->y1 &&
             s->cx && s->cy && s->cr && s->scratch;
    ok = ok && !hitbuf_alloc(&s->out, n) && !hitbuf_alloc(&s->ref, n);
    if (!ok)
        shot_free(s);
    return ok ? 0 : -1;
}

/* Move every bullet whose start overlaps a box or a circle (the overlap
 * contract, flags 0: what gives a sweep t = 0) to a new place, until none
 * does: bullets leave a gun in the open. By the library's own pairs calls
 * (cb_pairs_overlap, cb_pairs_overlap_circles_circles); 0, or -1 when a
 * call fails or out of memory. */
static int clear_starts(shot *s, tk_rng *r, size_t *moved_total)
{
    const size_t cap = 4 * s->n + 64;
    cb_pair *buf = malloc(cap * sizeof *buf);
    unsigned char *bad = malloc(s->n);
    const cb_circle_soa starts = {s->sx, s->sy, s->sr};
    int rc = buf && bad ? 1 : -1;
    *moved_total = 0;
    for (int round = 0; round < 64 && rc == 1; round++) {
        memset(bad, 0, s->n);
        for (int el = 0; el < EL_COUNT && rc == 1; el++) {
            cb_pair_cursor cur;
            memset(&cur, 0, sizeof cur);
            size_t got;
            do {
                got = el == EL_BOXES ? cb_pairs_overlap(&starts, s->n, &s->boxes, s->m, &cur, buf,
                                                        cap, s->scratch, 0)
                                     : cb_pairs_overlap_circles_circles(&starts, s->n, &s->circles,
                                                                        s->m, &cur, buf, cap,
                                                                        s->scratch, 0);
                if (got == CB_INVALID) {
                    rc = -1;
                    break;
                }
                for (size_t q = 0; q < got; q++)
                    bad[buf[q].i] = 1;
            } while (got == cap && cur.circle != cur.end);
        }
        size_t moved = 0;
        for (size_t i = 0; i < s->n && rc == 1; i++)
            if (bad[i]) {
                s->sx[i] = tk_uniform(r, 0, s->world), s->sy[i] = tk_uniform(r, 0, s->world);
                moved++;
            }
        *moved_total += moved;
        if (!moved && rc == 1)
            rc = 0;
    }
    free(buf), free(bad);
    return rc ? -1 : 0;
}

/* The scene (see the top of the file). */
static int shot_make(shot *s, uint64_t seed, size_t *moved)
{
    tk_rng r = {seed};
    const float W = s->world;
    for (size_t j = 0; j < s->m; j++) {
        float w, h;
        if (tk_next(&r) % 4 != 0) { /* a crate */
            w = tk_uniform(&r, 1, 4), h = tk_uniform(&r, 1, 4);
        } else { /* a wall: a line (zero thickness) or 0.25..1 thick */
            const float len = tk_uniform(&r, 8, 48);
            const float thick = tk_next(&r) % 2 ? 0.0f : tk_uniform(&r, 0.25f, 1);
            const int vertical = (int)(tk_next(&r) % 2);
            w = vertical ? thick : len, h = vertical ? len : thick;
        }
        s->x0[j] = tk_uniform(&r, 0, W - w), s->y0[j] = tk_uniform(&r, 0, W - h);
        s->x1[j] = s->x0[j] + w, s->y1[j] = s->y0[j] + h;
    }
    for (size_t j = 0; j < s->m; j++) {
        s->cr[j] = tk_uniform(&r, 0.5f, 2);
        s->cx[j] = tk_uniform(&r, 0, W), s->cy[j] = tk_uniform(&r, 0, W);
    }
    for (size_t i = 0; i < s->n; i++) {
        s->sx[i] = tk_uniform(&r, 0, W), s->sy[i] = tk_uniform(&r, 0, W);
        s->sr[i] = tk_next(&r) % 4 == 0 ? 0.0f : tk_uniform(&r, 0, 0.5f);
        const double a = (double)tk_uniform(&r, 0, 1) * 6.283185307179586;
        const float v = tk_uniform(&r, 20, 80);
        s->sdx[i] = (float)(v * cos(a)), s->sdy[i] = (float)(v * sin(a));
    }
    return clear_starts(s, &r, moved);
}

static cb_sweep sweep_at(const shot *s, size_t i)
{
    cb_sweep w = {s->sx[i], s->sy[i], s->sr[i], s->sdx[i], s->sdy[i]};
    return w;
}

/* ------------------------------------------------------- timed calls */

/* The one call: every bullet's first hit; returns the records written. */
static size_t one_call(cb_kernel_fn fn, shot *s, int el)
{
    cb_args a;
    memset(&a, 0, sizeof a);
    memset(&s->cur, 0, sizeof s->cur);
    a.sweeps = &s->sweeps, a.n_circles = s->n;
    a.many = el == EL_BOXES ? (const void *)&s->boxes : (const void *)&s->circles;
    a.n = s->m, a.cursor = &s->cur, a.out = &s->out.h, a.capacity = s->n;
    a.scratch = s->scratch;
    return fn(&a);
}

/* The loop: the first k bullets, one batch _first call each against all m
 * elements, each hit's record written in place at the end of the list. */
static size_t loop_calls(cb_kernel_fn fn, shot *s, int el, size_t k)
{
    cb_args a;
    memset(&a, 0, sizeof a);
    a.many = el == EL_BOXES ? (const void *)&s->boxes : (const void *)&s->circles;
    a.n = s->m;
    hitbuf *o = &s->out;
    uint32_t j = 0;
    size_t c = 0;
    for (size_t i = 0; i < k; i++) {
        cb_sweep_hits h = {&j, o->nx + c, o->ny + c, o->t + c, o->px + c, o->py + c, o->feat + c};
        a.sweep = sweep_at(s, i), a.out = &h;
        if (fn(&a))
            o->pair[c].i = (uint32_t)i, o->pair[c].j = j, c++;
    }
    return c;
}

static double run_srow(const srow *r, shot *s, unsigned long iters)
{
    double t0 = 0, t1 = 0;
    uint64_t acc = 0;
    if (r->kind == SK_ONE)
        TIMED(one_call(r->fn, s, r->el));
    else
        TIMED(loop_calls(r->fn, s, r->el, r->k));
    bench_sink += acc;
    return t1 - t0;
}

typedef struct sctx {
    const srow *rows;
    shot *s;
} sctx;

static double sample_srow(void *ctx, int i, unsigned long iters)
{
    const sctx *c = ctx;
    return run_srow(&c->rows[i], c->s, iters);
}

/* ----------------------------------------------------------- checks */

/* Records [0, got) of the row's output against the scalar one call's of
 * the bullets below k, bit for bit: 0 when they agree, else -1 and why. */
static int same_records(const hitbuf *a, size_t got, const hitbuf *r, size_t nref, size_t k,
                        char *why, size_t wl)
{
    size_t want = 0;
    while (want < nref && r->pair[want].i < k)
        want++;
    for (size_t q = 0; q < got && q < want; q++) {
        if (a->pair[q].i != r->pair[q].i || a->pair[q].j != r->pair[q].j ||
            fbits(a->t[q]) != fbits(r->t[q]) || fbits(a->nx[q]) != fbits(r->nx[q]) ||
            fbits(a->ny[q]) != fbits(r->ny[q]) || fbits(a->px[q]) != fbits(r->px[q]) ||
            fbits(a->py[q]) != fbits(r->py[q]) || a->feat[q] != r->feat[q]) {
            snprintf(why, wl,
                     "record %zu is bullet %u, element %u, t %a; the scalar one call's bullet "
                     "%u, element %u, t %a (or the normal, point or feature differ)",
                     q, (unsigned)a->pair[q].i, (unsigned)a->pair[q].j, (double)a->t[q],
                     (unsigned)r->pair[q].i, (unsigned)r->pair[q].j, (double)r->t[q]);
            return -1;
        }
    }
    if (got != want) {
        snprintf(why, wl, "%zu records, the scalar one call's %zu (for the first %zu bullets)",
                 got, want, k);
        return -1;
    }
    return 0;
}

/* The scalar one call's first hits of SPOT_BULLETS bullets (spread over
 * the set) against testkit's, element by element. */
static int spot_check(const shot *s, int el, char *why, size_t wl)
{
    for (size_t q = 0; q < SPOT_BULLETS && q < s->n; q++) {
        const size_t i = q * (s->n / SPOT_BULLETS ? s->n / SPOT_BULLETS : 1) % s->n;
        const cb_sweep w = sweep_at(s, i);
        float best = CB_SWEEP_MISS;
        size_t at = 0;
        for (size_t j = 0; j < s->m; j++) {
            float t;
            if (el == EL_BOXES) {
                cb_box b = {s->x0[j], s->y0[j], s->x1[j], s->y1[j]};
                t = ref_sweep_box(w, b, 0);
            } else {
                cb_circle c = {s->cx[j], s->cy[j], s->cr[j]};
                t = ref_sweep_circle(w, c, 0);
            }
            if (t < best)
                best = t, at = j;
        }
        size_t k = 0;
        while (k < s->nref && s->ref.pair[k].i < i)
            k++;
        const int has = k < s->nref && s->ref.pair[k].i == i;
        const int hit = best <= 1.0f;
        if (has != hit || (hit && (s->ref.pair[k].j != at || fbits(s->ref.t[k]) != fbits(best)))) {
            snprintf(why, wl,
                     "bullet %zu: the scalar one call says %s %u at t %a, testkit's reference "
                     "%s %zu at t %a",
                     i, has ? "element" : "nothing", has ? (unsigned)s->ref.pair[k].j : 0u,
                     has ? (double)s->ref.t[k] : 0.0, hit ? "element" : "nothing", at,
                     (double)best);
            return -1;
        }
    }
    return 0;
}

/* Call the row once on poisoned output and compare (see the top). The
 * first row of a block is the scalar one call (run_block puts it there):
 * its answer becomes the reference, after testkit's spot check. */
static int check_srow(srow *r, shot *s, char *why, size_t wl)
{
    hitbuf_poison(&s->out, s->n);
    size_t got = r->kind == SK_ONE ? one_call(r->fn, s, r->el) : loop_calls(r->fn, s, r->el, r->k);
    if (got > s->n) {
        snprintf(why, wl, "returned %zu records for %zu bullets", got, s->n);
        return -1;
    }
    r->hits = got;
    if (r->kind == SK_ONE && (s->cur.circle != s->n || s->cur.end != s->n)) {
        snprintf(why, wl, "the cursor is at bullet %zu of range end %zu after the call (%zu)",
                 s->cur.circle, s->cur.end, s->n);
        return -1;
    }
    if (r->kind == SK_ONE && r->backend == CB_BACKEND_SCALAR) {
        hitbuf *o = &s->out, *f = &s->ref;
        memcpy(f->pair, o->pair, got * sizeof *o->pair);
        memcpy(f->nx, o->nx, got * 4), memcpy(f->ny, o->ny, got * 4);
        memcpy(f->t, o->t, got * 4), memcpy(f->px, o->px, got * 4);
        memcpy(f->py, o->py, got * 4), memcpy(f->feat, o->feat, got);
        s->nref = got;
        for (size_t q = 1; q < got; q++)
            if (o->pair[q].i <= o->pair[q - 1].i) {
                snprintf(why, wl, "record %zu (bullet %u) is not after bullet %u", q,
                         (unsigned)o->pair[q].i, (unsigned)o->pair[q - 1].i);
                return -1;
            }
        return spot_check(s, r->el, why, wl);
    }
    return same_records(&s->out, got, &s->ref, s->nref, r->kind == SK_LOOP ? r->k : s->n, why,
                        wl);
}

/* ------------------------------------------------------------ blocks */

static int keep_row(const srow *r)
{
    srow *v = bench_grow(res, nres, &capres, sizeof *res);
    if (!v)
        return -1;
    res = v;
    res[nres++] = *r;
    return 0;
}

static int shot_block(const bench_opts *o, const int *bs, int nb, shot *s, int el)
{
    const size_t e1 = cb_entry_find(el_one[el]), el1 = cb_entry_find(el_loop[el]);
    if (e1 == cb_entry_count() || el1 == cb_entry_count()) {
        fprintf(stderr, "cb-bench: shooter: the library lacks %s or %s: skipped\n", el_one[el],
                el_loop[el]);
        return 0;
    }
    const size_t k = o->every_row || o->shooter_only || SHOT_LOOP_SUMMARY > s->n
                         ? s->n
                         : SHOT_LOOP_SUMMARY;
    char nb1[16], mb[16], why[320] = "";
    fprintf(stderr, "cb-bench: shooter frame: %s bullets x %s %s:", fmt_n(s->n, nb1, sizeof nb1),
            fmt_n(s->m, mb, sizeof mb), el_names[el]);
    srow rows[2 * CB_BACKEND_COUNT];
    int nr = 0;
    /* the scalar one call first: its answer is what the others are checked
     * against (bs lists scalar when it runs; it always can) */
    int has_scalar = 0;
    for (int i = 0; i < nb; i++)
        has_scalar |= bs[i] == CB_BACKEND_SCALAR;
    if (!has_scalar) { /* --backends without scalar: check against it all the same, untimed */
        srow r;
        memset(&r, 0, sizeof r);
        r.el = el, r.kind = SK_ONE, r.backend = CB_BACKEND_SCALAR, r.k = s->n;
        r.fn = cb_entry_kernel(e1, CB_BACKEND_SCALAR);
        if (!r.fn || check_srow(&r, s, why, sizeof why)) {
            fprintf(stderr, "\ncb-bench: FAIL: shooter: scalar %s: %s (seed 0x%llx)\n",
                    el_one[el], r.fn ? why : "no kernel", (unsigned long long)o->seed);
            return -1;
        }
    }
    for (int be = 0; be < CB_BACKEND_COUNT; be++) {
        int runs = 0;
        for (int i = 0; i < nb; i++)
            runs |= bs[i] == be;
        const char *reason = "";
        if (!runs && !(o->backend_on[be] && cb_backend_compiled((cb_backend)be)))
            continue; /* not asked for, or not in this build (said once, in the report) */
        if (!runs)
            cb_backend_status((cb_backend)be, &reason);
        for (int q = 0; q < SK_COUNT; q++) {
            srow r;
            memset(&r, 0, sizeof r);
            r.el = el, r.kind = (skind)q, r.backend = be, r.k = q == SK_LOOP ? k : s->n;
            if (!runs) {
                r.skip = reason;
                if (keep_row(&r))
                    return -1;
                continue;
            }
            r.fn = cb_entry_kernel(q == SK_ONE ? e1 : el1, (cb_backend)be);
            if (!r.fn) {
                fprintf(stderr, "\ncb-bench: FAIL: %s can run here but has no %s kernel\n",
                        cb_backend_name((cb_backend)be), q == SK_ONE ? el_one[el] : el_loop[el]);
                return -1;
            }
            rows[nr++] = r;
        }
    }
    const double t_start = time_now_ns();
    for (int i = 0; i < nr; i++) {
        why[0] = 0;
        if (check_srow(&rows[i], s, why, sizeof why)) {
            fprintf(stderr, "\ncb-bench: FAIL: shooter: %s %s (%s), %s: %s (seed 0x%llx)\n",
                    cb_backend_name((cb_backend)rows[i].backend), sk_names[rows[i].kind],
                    rows[i].kind == SK_ONE ? el_one[el] : el_loop[el], el_names[el], why,
                    (unsigned long long)o->seed);
            return -1;
        }
    }
    sblock *bl = &blocks[el];
    bl->el = el, bl->n = s->n, bl->m = s->m, bl->world = s->world, bl->ran = 1;
    bl->hit = s->nref, bl->at_zero = 0, bl->rays = 0;
    for (size_t q = 0; q < s->nref; q++)
        bl->at_zero += s->ref.t[q] == 0.0f;
    for (size_t i = 0; i < s->n; i++)
        bl->rays += s->sr[i] == 0.0f;
    fprintf(stderr, " %zu of %zu bullets hit (%zu at t = 0); %d rows checked (%.1f s),", bl->hit,
            s->n, bl->at_zero, nr, (time_now_ns() - t_start) / 1e9);
    bench_timing *tm = nr > 0 ? calloc((size_t)nr, sizeof *tm) : NULL;
    if (!tm)
        return nr > 0 ? -1 : 0;
    sctx ctx = {rows, s};
    time_rows(o, tm, nr, sample_srow, &ctx, SHOT_BUDGET_NS);
    for (int i = 0; i < nr; i++) {
        rows[i].iters = tm[i].iters, rows[i].reps = tm[i].reps;
        rows[i].min = tm[i].min, rows[i].med = tm[i].med, rows[i].max = tm[i].max;
        if (keep_row(&rows[i])) {
            free(tm);
            return -1;
        }
    }
    free(tm);
    fprintf(stderr, " done in %.1f s\n", (time_now_ns() - t_start) / 1e9);
    return 0;
}

int shooter_run(const bench_opts *o, const int *bs, int nb)
{
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        if (o->backend_on[b] && !cb_backend_compiled((cb_backend)b))
            skipped_note |= 1 << b;
    const size_t n = o->quick ? SHOT_QUICK_N : SHOT_N, m = o->quick ? SHOT_QUICK_M : SHOT_M;
    shot s;
    if (shot_alloc(&s, n, m)) {
        fprintf(stderr, "cb-bench: out of memory for the shooter frame\n");
        return -1;
    }
    s.world = SHOT_WORLD * (float)sqrt((double)m / (double)SHOT_M);
    size_t moved = 0;
    if (shot_make(&s, o->seed ^ 0x5B0075ull, &moved)) {
        fprintf(stderr, "cb-bench: FAIL: shooter: could not place the bullets clear of the level "
                        "(cb_pairs_overlap failed, out of memory, or 64 rounds)\n");
        shot_free(&s);
        return -1;
    }
    fprintf(stderr,
            "cb-bench: shooter frame: %zu bullet starts moved out of the level's elements\n",
            moved);
    int rc = 0;
    for (int el = 0; el < EL_COUNT && !rc; el++)
        rc = shot_block(o, bs, nb, &s, el);
    shot_free(&s);
    return rc;
}

/* ------------------------------------------------------------ report */

static const srow *find_row(int el, skind kind, int backend)
{
    for (int i = 0; i < nres; i++)
        if (res[i].el == el && res[i].kind == kind && res[i].backend == backend)
            return &res[i];
    return NULL;
}

/* ns per frame of all n bullets from a row's median (which 0), minimum (1)
 * or maximum (2): a loop over fewer bullets scaled up; NAN when missing. */
static double frame_ns(const srow *r, size_t n, int which)
{
    if (!r || r->skip)
        return NAN;
    const double v = which == 0 ? r->med : which == 1 ? r->min : r->max;
    return v * (double)n / (double)r->k;
}

static int estimated(const srow *r, size_t n) { return r && r->kind == SK_LOOP && r->k < n; }

/* The backends with rows of block el, in the order they were run. */
static int backends_of(int el, int *bs)
{
    int nb = 0;
    for (int i = 0; i < nres; i++) {
        if (res[i].el != el)
            continue;
        int seen = 0;
        for (int k = 0; k < nb; k++)
            seen |= bs[k] == res[i].backend;
        if (!seen && nb < CB_BACKEND_COUNT)
            bs[nb++] = res[i].backend;
    }
    return nb;
}

static void block_header(FILE *f, const sblock *bl)
{
    char nb[16], mb[16];
    fprintf(f,
            "  %s: %s bullets (%zu rays r = 0, the rest r 0..0.5; 20..80 units per frame) x %s "
            "%s in %.0f x %.0f: %zu bullets hit (%.1f%%), %zu of them at t = 0\n",
            el_names[bl->el], fmt_n(bl->n, nb, sizeof nb), bl->rays, fmt_n(bl->m, mb, sizeof mb),
            bl->el == EL_BOXES ? "boxes (3/4 crates 1..4, 1/4 walls 8..48 long, half of zero "
                                 "width)"
                               : "circles (r 0.5..2)",
            (double)bl->world, (double)bl->world, bl->hit,
            100.0 * (double)bl->hit / (double)bl->n, bl->at_zero);
}

void shooter_report(FILE *f)
{
    if (!nres)
        return;
    fprintf(f,
            "\n== many sweeps against many elements: the shooter frame (every bullet's first hit, "
            "issue 21)\n"
            "  one call  the raw kernel of cb_pairs_sweep_first (circles: "
            "cb_pairs_sweep_circles_circles_first), every bullet at once, scratch allocated "
            "once, cursor from zero\n"
            "  loop      the raw kernel of cb_batch_sweep_first (circles: "
            "cb_batch_sweep_circle_circles_first) once per bullet against every element, each "
            "hit's record written into the same list\n"
            "Checked before timing: every one call's list equals the scalar one call's bit for "
            "bit, every loop's the one call's of its bullets, and the scalar one call's first "
            "hits of %u bullets testkit's (ref_sweep_box, ref_sweep_circle). ms/frame: medians "
            "[min..max]; ns/bullet from the median; loop/one = the loop's frame time over the "
            "one call's (issue 21's target: >= %.0f). A row's reps are --reps, fewer (at least "
            "3) where its samples would take over %.0f s.\n",
            SPOT_BULLETS, SHOT_TARGET, SHOT_BUDGET_NS / 1e9);
    if (skipped_note) {
        fprintf(f, "Not in this build (no rows):");
        for (int b = 0; b < CB_BACKEND_COUNT; b++)
            if (skipped_note & (1 << b))
                fprintf(f, " %s", cb_backend_name((cb_backend)b));
        fprintf(f, "\n");
    }
    for (int el = 0; el < EL_COUNT; el++) {
        const sblock *bl = &blocks[el];
        if (!bl->ran)
            continue;
        block_header(f, bl);
        fprintf(f, "  %-8s %-9s %9s %-21s %9s %5s %9s %-21s %9s %5s %8s\n", "backend", "", "one ms",
                "[min..max]", "ns/bullet", "reps", "loop ms", "[min..max]", "ns/bullet", "reps",
                "loop/one");
        int bs[CB_BACKEND_COUNT];
        const int nb = backends_of(el, bs);
        for (int i = 0; i < nb; i++) {
            const srow *one = find_row(el, SK_ONE, bs[i]), *lp = find_row(el, SK_LOOP, bs[i]);
            const char *be = cb_backend_name((cb_backend)bs[i]);
            if (!one || one->skip) {
                fprintf(f, "  %-8s SKIP: %s\n", be, one ? one->skip : "no row");
                continue;
            }
            char b[10][40], r1[64], r2[64], kb[16];
            snprintf(r1, sizeof r1, "[%s..%s]", fmt_ns(frame_ns(one, bl->n, 1) / 1e6, b[0], 40),
                     fmt_ns(frame_ns(one, bl->n, 2) / 1e6, b[1], 40));
            snprintf(r2, sizeof r2, "[%s..%s]", fmt_ns(frame_ns(lp, bl->n, 1) / 1e6, b[2], 40),
                     fmt_ns(frame_ns(lp, bl->n, 2) / 1e6, b[3], 40));
            const double t1 = frame_ns(one, bl->n, 0), tl = frame_ns(lp, bl->n, 0);
            fprintf(f, "  %-8s %-9s %9s %-21s %9s %5d %9s %-21s %9s %5d %8s", be, el_names[el],
                    fmt_ns(t1 / 1e6, b[4], 40), r1, fmt_ns(t1 / (double)bl->n, b[5], 40),
                    one->reps, fmt_ns(tl / 1e6, b[6], 40), r2,
                    fmt_ns(tl / (double)bl->n, b[7], 40), lp ? lp->reps : 0,
                    fmt_x(tl / t1, b[8], 40));
            if (estimated(lp, bl->n))
                fprintf(f, "  loop estimated from %s bullets (x%.0f)",
                        fmt_n(lp->k, kb, sizeof kb), (double)bl->n / (double)lp->k);
            fprintf(f, "\n");
        }
    }
}

void shooter_summary(FILE *f)
{
    if (!nres)
        return;
    fprintf(f, "\nShooter frame (issue 21: every bullet's first hit; one call = "
               "cb_pairs_sweep_first or _circles_circles_first, loop = the batch _first once per "
               "bullet; ns per bullet, medians; loop/one target >= %.0f):\n",
            SHOT_TARGET);
    for (int el = 0; el < EL_COUNT; el++) {
        const sblock *bl = &blocks[el];
        if (!bl->ran)
            continue;
        block_header(f, bl);
        fprintf(f, "  %-8s %12s %12s %9s\n", "backend", "one call", "loop", "loop/one");
        int bs[CB_BACKEND_COUNT];
        const int nb = backends_of(el, bs);
        for (int i = 0; i < nb; i++) {
            const srow *one = find_row(el, SK_ONE, bs[i]), *lp = find_row(el, SK_LOOP, bs[i]);
            if (!one || one->skip)
                continue;
            char b[3][40];
            const double t1 = frame_ns(one, bl->n, 0), tl = frame_ns(lp, bl->n, 0);
            fprintf(f, "  %-8s %12s %12s %9s%s\n", cb_backend_name((cb_backend)bs[i]),
                    fmt_ns(t1 / (double)bl->n, b[0], 40), fmt_ns(tl / (double)bl->n, b[1], 40),
                    fmt_x(tl / t1, b[2], 40), estimated(lp, bl->n) ? "  (loop estimated)" : "");
        }
    }
}

int shooter_csv(const char *dir)
{
    if (!nres)
        return 0;
    char path[4200];
    snprintf(path, sizeof path, "%s/cb-bench-shooter.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "elements,n,m,world,hit_bullets,hit_at_t0,method,backend,bullets_timed,estimated,"
               "records,reps,iters,ns_call_min,ns_call_med,ns_call_max,ms_frame_med,"
               "ns_per_bullet_med,x_loop,note\n");
    for (int i = 0; i < nres; i++) {
        const srow *r = &res[i];
        const sblock *bl = &blocks[r->el];
        fprintf(f, "%s,%zu,%zu,%.0f,%zu,%zu,%s,%s,%zu,%d,%zu,%d,%lu", el_names[r->el], bl->n,
                bl->m, (double)bl->world, bl->hit, bl->at_zero, sk_names[r->kind],
                cb_backend_name((cb_backend)r->backend), r->k, estimated(r, bl->n), r->hits,
                r->reps, r->iters);
        if (r->skip) {
            fprintf(f, ",,,,,,,\"SKIP: %s\"\n", r->skip);
            continue;
        }
        const double t = frame_ns(r, bl->n, 0);
        const srow *one = find_row(r->el, SK_ONE, r->backend);
        const srow *lp = find_row(r->el, SK_LOOP, r->backend);
        csv_num(f, r->min), csv_num(f, r->med), csv_num(f, r->max);
        csv_num(f, t / 1e6), csv_num(f, t / (double)bl->n);
        csv_num(f, r->kind == SK_ONE ? frame_ns(lp, bl->n, 0) / frame_ns(one, bl->n, 0) : NAN);
        fprintf(f, ",%s\n", estimated(r, bl->n) ? "estimated from the first bullets_timed" : "");
    }
    return fclose(f) ? -1 : 0;
}

void shooter_free(void)
{
    free(res);
    res = NULL, nres = capres = 0;
    memset(blocks, 0, sizeof blocks);
}
