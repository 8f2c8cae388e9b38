/* test_sweep.c - the sweep queries (cbatch.h, SWEPT CIRCLES): every backend and the public functions against the contract transcribed (testkit/sweep.c) bit for bit on scenes built to be hard (grazing corners, sliding along faces, thin walls crossed at speed, starts inside, no motion, rays, huge and tiny scales), and the scalar answers judged against exact geometry in double precision: the band and the no-tunnelling promise. */
#include "bits.h"
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "subjects.h" /* the subjects, their skips and calls; the run's seed */

#include <inttypes.h>
#include <math.h>
#include <string.h>

/* One scene: a sweep and n boxes and circles (SoA and AoS, each array
 * ending at a guard page), built by a scene kind. */
typedef struct {
    size_t n;
    float *f[7]; /* min_x min_y max_x max_y, x y r */
    cb_box *boxes;
    cb_circle *circles;
    cb_sweep w;
} scene;

enum { K_RANDOM, K_GRAZE, K_SLIDE, K_WALLS, K_INSIDE, K_STILL, K_RAY, K_CIRCLES, KINDS };
static const char *const kind_names[KINDS] = {"random multi-scale", "grazing corners",
                                              "sliding along faces", "thin walls at speed",
                                              "starting inside", "no motion",
                                              "rays (r = 0)", "tangent circles"};

static void scene_new(scene *s, size_t n)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    for (int k = 0; k < 7; k++)
        s->f[k] = tb_alloc_guarded(n * sizeof(float), 0);
    s->boxes = tb_alloc_guarded(n * sizeof(cb_box), 0);
    s->circles = tb_alloc_guarded(n * sizeof(cb_circle), 0);
}

static void scene_free(scene *s)
{
    for (int k = 0; k < 7; k++)
        tb_free(s->f[k]);
    tb_free(s->boxes), tb_free(s->circles);
}

static void scene_set(scene *s, size_t i, cb_box b, cb_circle c)
{
    s->f[0][i] = b.min_x, s->f[1][i] = b.min_y, s->f[2][i] = b.max_x, s->f[3][i] = b.max_y;
    s->f[4][i] = c.x, s->f[5][i] = c.y, s->f[6][i] = c.r;
    s->boxes[i] = b, s->circles[i] = c;
}

static float unit(tb_rng *g) { return tb_uniform(g, 0.0f, 1.0f); }
static float sym(tb_rng *g) { return tb_uniform(g, -1.0f, 1.0f); }

/* A box of about size `sc` near the origin, sometimes of zero width or height. */
static cb_box draw_box(tb_rng *g, float sc)
{
    float x = sym(g) * sc, y = sym(g) * sc;
    float w = tb_next(g) % 5 ? unit(g) * sc : 0.0f, h = tb_next(g) % 5 ? unit(g) * sc : 0.0f;
    cb_box b = {x, y, x + w, y + h};
    return b;
}

/* The scene of kind k at scale sc: the sweep first, then the elements
 * made to meet it the way the kind says. */
static void scene_fill(scene *s, int k, tb_rng *g, float sc)
{
    cb_sweep w = {sym(g) * 2 * sc, sym(g) * 2 * sc, unit(g) * sc / 2, sym(g) * 4 * sc,
                  sym(g) * 4 * sc};
    if (k == K_STILL)
        w.dx = w.dy = 0.0f;
    if (k == K_RAY)
        w.r = 0.0f;
    if (k == K_RANDOM && tb_next(g) % 8 == 0)
        w.dx = 0.0f;
    if (k == K_RANDOM && tb_next(g) % 8 == 0)
        w.dy = 0.0f;
    s->w = w;
    for (size_t i = 0; i < s->n; i++) {
        cb_box b = draw_box(g, sc);
        cb_circle c = {sym(g) * sc, sym(g) * sc, unit(g) * sc / 4};
        float len = sqrtf(w.dx * w.dx + w.dy * w.dy);
        switch (k) {
        case K_GRAZE: /* the box's corner at distance r from the path's line, or a hair off */
            if (len > 0) {
                float t = unit(g), nx = -w.dy / len, ny = w.dx / len;
                float off = w.r * (1.0f + (float)((int)(tb_next(g) % 5) - 2) * 0x1p-22f);
                float kx = w.x + t * w.dx + nx * off, ky = w.y + t * w.dy + ny * off;
                /* the box on the far side of the corner from the line */
                float ex = unit(g) * sc, ey = unit(g) * sc;
                b.min_x = nx > 0 ? kx : kx - ex, b.max_x = nx > 0 ? kx + ex : kx;
                b.min_y = ny > 0 ? ky : ky - ey, b.max_y = ny > 0 ? ky + ey : ky;
                c.x = kx + nx * c.r, c.y = ky + ny * c.r; /* a circle grazed too */
            }
            break;
        case K_SLIDE: /* the top face at exactly y - r, the sweep moving along x */
            s->w.dy = 0.0f;
            b.max_y = s->w.y - s->w.r;
            b.min_y = b.max_y - unit(g) * sc;
            if (tb_next(g) & 1) /* or one ulp either way */
                b.max_y = nextafterf(b.max_y, tb_next(g) & 1 ? INFINITY : -INFINITY);
            c.y = s->w.y - s->w.r - c.r;
            break;
        case K_WALLS: { /* a wall of zero width across the path, far inside the displacement */
            float t = unit(g);
            b.min_x = b.max_x = w.x + t * w.dx;
            b.min_y = w.y + t * w.dy - unit(g) * sc, b.max_y = b.min_y + unit(g) * 2 * sc;
            c.x = w.x + t * w.dx, c.y = w.y + t * w.dy, c.r = unit(g) * sc * 0x1p-10f;
            break;
        }
        case K_INSIDE: /* the start inside or touching */
            b.min_x = w.x - unit(g) * sc, b.max_x = w.x + unit(g) * sc;
            b.min_y = w.y + (tb_next(g) & 1 ? w.r : -unit(g) * sc);
            b.max_y = b.min_y + unit(g) * sc;
            c.x = w.x + w.r, c.y = w.y;
            break;
        case K_CIRCLES: /* an element circle the path touches tangentially, or a hair off */
            if (len > 0) {
                float t = unit(g), nx = -w.dy / len, ny = w.dx / len;
                c.r = unit(g) * sc / 4;
                float off = (w.r + c.r) * (1.0f + (float)((int)(tb_next(g) % 5) - 2) * 0x1p-22f);
                c.x = w.x + t * w.dx + nx * off, c.y = w.y + t * w.dy + ny * off;
            }
            break;
        default:
            break;
        }
        scene_set(s, i, b, c);
    }
}

/* The records of a hit by the scalar backend, judged in double (well-formed
 * pairs, hits after the start): the point on the element, at r from the
 * centre at impact (within the band of the times' promise, with a
 * little more for the point's own roundings) and the normal a unit vector
 * along centre - point when they are apart by more than the band. Returns
 * the worst of the two judgements, in bands (1 = the promise). */
static double judge_record(const tk_sweep_pair *p, double t, const cb_sweep_hits *h, size_t k)
{
    double S = tk_sweep_scale(p), band = ldexp(S, -20);
    double cx = (double)p->w.x + t * (double)p->w.dx, cy = (double)p->w.y + t * (double)p->w.dy;
    double px = h->point_x[k], py = h->point_y[k], nx = h->normal_x[k], ny = h->normal_y[k];
    double gap = hypot(cx - px, cy - py), worst = fabs(gap - p->w.r) / (2 * band);
    double unit_err = fabs(hypot(nx, ny) - 1.0) / 0x1p-20;
    if (unit_err > worst)
        worst = unit_err;
    if (gap > 4 * band) { /* the normal points from the point to the centre */
        double along = ((cx - px) * nx + (cy - py) * ny) / gap;
        if ((1.0 - along) / 0x1p-16 > worst)
            worst = (1.0 - along) / 0x1p-16;
    }
    if (p->is_box) { /* the point on the box (its boundary or, for a ray, in it) */
        double out = fmax(fmax(p->b.min_x - px, px - p->b.max_x), fmax(p->b.min_y - py, py - p->b.max_y));
        if (out / band > worst)
            worst = out / band;
    }
    return worst;
}

/* A records entry (HITS, FIRST_HIT) on the call a: against testkit's
 * reference bit for bit (the time transcribed, then the contact contract at
 * the centre at impact); the scalar records judged. Returns the worst
 * judgement. */
static double check_records(int subject, size_t e, cb_args *a, const char *kind)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    tk_out got, want;
    tk_out_malloc(&got, d, a->n), tk_out_malloc(&want, d, a->n);
    tk_out_fill(&got, 0xEE);
    a->out = got.out;
    size_t r = run(subject, e, a);
    a->out = want.out;
    size_t w = ref_entry(d, a);
    char why[512];
    if (!tk_check_format(d, a->n, r, got.out, why, sizeof why) ||
        !tk_same_output(d, a->n, r, got.out, w, want.out, why, sizeof why))
        tb_fail("%s (%s, flags %u): %s (got vs the contract); sweep (%a, %a, r %a, d %a, %a); "
                TB_SEED_FMT,
                subject == TB_PUBLIC ? "public" : cb_backend_name((cb_backend)subject), kind,
                a->flags, why, (double)a->sweep.x, (double)a->sweep.y, (double)a->sweep.r,
                (double)a->sweep.dx, (double)a->sweep.dy, tb_seed());
    double worst = 0;
    const cb_sweep_hits *h = (const cb_sweep_hits *)got.out;
    for (size_t k = 0; subject == CB_BACKEND_SCALAR && k < r; k++) {
        size_t i = h->index[k];
        tk_sweep_pair p = {a->sweep, d->many == CB_SHAPE_BOX, {0, 0, 0, 0}, {0, 0, 0}};
        if (p.is_box)
            p.b = tk_box_at(d, a->many, i);
        else
            p.o = tk_circle_at(d, a->many, i);
        if (!tk_sweep_well_formed(&p) || h->t[k] == 0.0f)
            continue;
        double j = judge_record(&p, h->t[k], h, k);
        if (j > worst)
            worst = j;
        if (j > 1)
            tb_fail("%s (%s) hit %zu, element %zu at t %a: normal (%a, %a), point (%a, %a) "
                    "break the promise by %.3g; " TB_SEED_FMT,
                    d->name, kind, k, i, (double)h->t[k], (double)h->normal_x[k],
                    (double)h->normal_y[k], (double)h->point_x[k], (double)h->point_y[k], j,
                    tb_seed());
    }
    tk_out_free(&got), tk_out_free(&want);
    return worst;
}

/* Every sweep entry of the subject on the scene's last n elements, against
 * the transcribed contract, both flags; the scalar answers also judged
 * (well-formed pairs only); returns the worst judgement seen. */
static double check_scene(int subject, const scene *s, size_t n, const char *kind, double *worst,
                          double *worst_record, size_t *hits)
{
    size_t o = s->n - n;
    cb_box_soa bs = {s->f[0] + o, s->f[1] + o, s->f[2] + o, s->f[3] + o};
    cb_circle_soa cs = {s->f[4] + o, s->f[5] + o, s->f[6] + o};
    float *got = tb_alloc_guarded((n ? n : 1) * sizeof(float), 0);
    size_t calls = 0;
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (d->query != CB_QUERY_SWEEP)
            continue;
        int boxes = d->many == CB_SHAPE_BOX, soa = d->layout == CB_LAYOUT_SOA;
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            cb_args a;
            memset(&a, 0, sizeof a);
            a.sweep = s->w, a.n = n, a.flags = flags, a.out = got;
            a.many = boxes ? (soa ? (const void *)&bs : (const void *)(s->boxes + o))
                           : (soa ? (const void *)&cs : (const void *)(s->circles + o));
            if (d->output != CB_OUTPUT_TIMES) { /* the records */
                double j = check_records(subject, e, &a, kind);
                if (j > *worst_record)
                    *worst_record = j;
                calls++, tb_calls_compared++;
                continue;
            }
            for (size_t i = 0; i < n; i++)
                got[i] = -1.0f;
            size_t r = run(subject, e, &a);
            TB_ASSERT(r == n, "%s returned %zu for n = %zu", d->name, r, n);
            for (size_t i = 0; i < n; i++) {
                cb_box b = {0, 0, 0, 0};
                cb_circle c = {0, 0, 0};
                if (boxes)
                    b = tk_box_at(d, a.many, i);
                else
                    c = tk_circle_at(d, a.many, i);
                float want = boxes ? ref_sweep_box(s->w, b, flags) : ref_sweep_circle(s->w, c, flags);
                if (tk_bits(got[i]) != tk_bits(want))
                    tb_fail("%s %s (%s, flags %u) element %zu: t %a, the contract %a; sweep (%a, "
                            "%a, r %a, d %a, %a) vs %s (%a, %a, %a, %a); " TB_SEED_FMT,
                            subject == TB_PUBLIC ? "public" : cb_backend_name((cb_backend)subject),
                            d->name, kind, flags, i, (double)got[i], (double)want,
                            (double)s->w.x, (double)s->w.y, (double)s->w.r, (double)s->w.dx,
                            (double)s->w.dy, boxes ? "box" : "circle",
                            (double)(boxes ? b.min_x : c.x), (double)(boxes ? b.min_y : c.y),
                            (double)(boxes ? b.max_x : c.r), (double)(boxes ? b.max_y : 0.0f),
                            tb_seed());
                if (subject != CB_BACKEND_SCALAR || flags || !soa)
                    continue;
                tk_sweep_pair p = {s->w, boxes, b, c};
                if (!tk_sweep_well_formed(&p))
                    continue;
                double j = tk_sweep_judge(&p, got[i]);
                *hits += got[i] <= 1.0f;
                if (j > *worst)
                    *worst = j;
                if (j > 1)
                    tb_fail("%s (%s) element %zu: t %a breaks the promise by %.3g bands of "
                            "2^-20 S (S %a): sweep (%a, %a, r %a, d %a, %a) vs %s (%a, %a, %a, "
                            "%a); " TB_SEED_FMT,
                            d->name, kind, i, (double)got[i], j, tk_sweep_scale(&p),
                            (double)s->w.x, (double)s->w.y, (double)s->w.r, (double)s->w.dx,
                            (double)s->w.dy, boxes ? "box" : "circle",
                            (double)(boxes ? b.min_x : c.x), (double)(boxes ? b.min_y : c.y),
                            (double)(boxes ? b.max_x : c.r), (double)(boxes ? b.max_y : 0.0f),
                            tb_seed());
            }
            calls++, tb_calls_compared++;
        }
    }
    tb_free(got);
    return (double)calls;
}

ParameterizedTestParameters(sweep, contract)
{
    return cr_make_param_array(int, all_subjects, N_SUBJECTS);
}

/* Every sweep entry, every scene kind at scales 2^-20 .. 2^20, lengths
 * 0 .. 3 vectors of AVX-512 and one long scene, against the transcribed
 * contract bit for bit; the scalar subject's answers judged against exact
 * geometry: the worst judgement is printed (1 = the promised band). */
ParameterizedTest(int *b, sweep, contract, .timeout = 600)
{
    const char *who = subject_or_skip(*b);
    tb_rng g = tb_rng_for(0x5EE9u);
    double worst = 0, worst_record = 0, calls = 0;
    size_t hits = 0;
    for (int k = 0; k < KINDS; k++)
        for (int e = -20; e <= 20; e += 4) {
            scene s;
            scene_new(&s, 400);
            for (size_t n = 0; n <= 49; n += 1 + n / 8) {
                scene_fill(&s, k, &g, ldexpf(1.0f, e));
                calls += check_scene(*b, &s, n, kind_names[k], &worst, &worst_record, &hits);
            }
            scene_fill(&s, k, &g, ldexpf(1.0f, e));
            calls += check_scene(*b, &s, s.n, kind_names[k], &worst, &worst_record, &hits);
            scene_free(&s);
        }
    cr_log_info("%s: %.0f calls equal to the contract; scalar: %zu hits, worst judgement %.3g "
                "of the band, of a hit record %.3g; " TB_SEED_FMT,
                who, calls, hits, worst, worst_record, tb_seed());
    if (*b == CB_BACKEND_SCALAR)
        cr_assert(hits > 1000, "the scenes gave only %zu hits: not a test of the hits", hits);
}

/* No motion is the overlap query: every element's t is 0 exactly where
 * the overlap entry of the same shapes hits, CB_SWEEP_MISS elsewhere, both
 * flags, on the adversarial floats of the suites. */
Test(sweep, still_is_overlap)
{
    tb_rng g = tb_rng_for(0x5711u);
    enum { N = 257 };
    scene s;
    scene_new(&s, N);
    size_t hits = 0;
    for (int round = 0; round < 64; round++) {
        scene_fill(&s, K_STILL, &g, ldexpf(1.0f, round % 41 - 20));
        for (size_t i = 0; i < N; i += 3) { /* the suites' adversarial values in places */
            cb_box b = s.boxes[i];
            b.min_x = tb_any_float(&g);
            cb_circle c = s.circles[i];
            c.r = tb_any_float(&g);
            scene_set(&s, i, b, c);
        }
        cb_box_soa bs = {s.f[0], s.f[1], s.f[2], s.f[3]};
        cb_circle_soa cs = {s.f[4], s.f[5], s.f[6]};
        cb_circle one = {s.w.x, s.w.y, s.w.r};
        float t[N];
        uint64_t mask[(N + 63) / 64];
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            cb_batch_sweep(s.w, &bs, N, t, flags);
            cb_batch_overlap(one, &bs, N, mask, flags);
            for (size_t i = 0; i < N; i++) {
                int hit = (int)(mask[i / 64] >> (i % 64) & 1);
                hits += (size_t)hit;
                cr_assert(tk_bits(t[i]) == tk_bits(hit ? 0.0f : CB_SWEEP_MISS),
                          "box %zu, flags %u: t %a, overlap %d", i, flags, (double)t[i], hit);
            }
            cb_batch_sweep_circle_circles(s.w, &cs, N, t, flags);
            cb_batch_overlap_circle_circles(one, &cs, N, mask, flags);
            for (size_t i = 0; i < N; i++) {
                int hit = (int)(mask[i / 64] >> (i % 64) & 1);
                cr_assert(tk_bits(t[i]) == tk_bits(hit ? 0.0f : CB_SWEEP_MISS),
                          "circle %zu, flags %u: t %a, overlap %d", i, flags, (double)t[i], hit);
            }
        }
    }
    scene_free(&s);
    cr_assert(hits > 100, "only %zu overlaps: not a test", hits);
}

/* What the header states for its named cases, exactly. */
Test(sweep, stated_cases)
{
    cb_box wall = {10.0f, -5.0f, 10.0f, 5.0f}; /* a wall of zero width */
    cb_box_soa ws = {&wall.min_x, &wall.min_y, &wall.max_x, &wall.max_y};
    float t;
    /* a bullet of radius 1 from x = 0 to x = 100: touches the wall at x = 9 */
    cb_sweep bullet = {0.0f, 0.0f, 1.0f, 100.0f, 0.0f};
    cb_batch_sweep(bullet, &ws, 1, &t, 0);
    cr_assert_float_eq(t, 0.09f, 1e-6f, "t %a", (double)t);
    /* a ray (r = 0) through the wall's end point: touches it */
    cb_sweep ray = {0.0f, 5.0f, 0.0f, 20.0f, 0.0f};
    cb_batch_sweep(ray, &ws, 1, &t, 0);
    cr_assert_float_eq(t, 0.5f, 1e-6f, "t %a", (double)t);
    /* sliding along the top of a box at exactly r: a hit from reaching its span */
    cb_box top = {10.0f, -10.0f, 20.0f, 0.0f};
    cb_box_soa ts = {&top.min_x, &top.min_y, &top.max_x, &top.max_y};
    cb_sweep slide = {0.0f, 2.0f, 2.0f, 40.0f, 0.0f};
    cb_batch_sweep(slide, &ts, 1, &t, 0);
    cr_assert_float_eq(t, 0.25f, 1e-6f, "t %a", (double)t);
    /* moving away, already past: a miss; not moving and apart: a miss */
    cb_sweep away = {30.0f, 0.0f, 1.0f, 10.0f, 0.0f}, still = {30.0f, 0.0f, 1.0f, 0.0f, 0.0f};
    cb_batch_sweep(away, &ts, 1, &t, 0);
    cr_assert_eq(t, CB_SWEEP_MISS);
    cb_batch_sweep(still, &ts, 1, &t, 0);
    cr_assert_eq(t, CB_SWEEP_MISS);
    /* a negative radius acts as its absolute value; a NaN in the sweep misses */
    cb_sweep neg = bullet;
    neg.r = -1.0f;
    cb_batch_sweep(neg, &ws, 1, &t, 0);
    cr_assert_float_eq(t, 0.09f, 1e-6f, "t %a", (double)t);
    cb_sweep nan = bullet;
    nan.dx = NAN;
    cb_batch_sweep(nan, &ws, 1, &t, 0);
    cr_assert_eq(t, CB_SWEEP_MISS);
    /* a corner met first: the circle of radius 1 toward the corner (10, 5) of the wall */
    cb_sweep diag = {0.0f, 15.0f, 1.0f, 20.0f, -20.0f};
    cb_batch_sweep(diag, &ws, 1, &t, 0);
    double want = (10.0 - 1.0 / sqrt(2.0)) / 20.0; /* along the diagonal through the corner */
    cr_assert(fabs(t - want) < 1e-6, "t %a, want %a", (double)t, want);
    /* two circles: radius 1 + 2 apart, head on */
    cb_circle o = {10.0f, 0.0f, 2.0f};
    cb_circle_soa os = {&o.x, &o.y, &o.r};
    cb_batch_sweep_circle_circles(bullet, &os, 1, &t, 0);
    cr_assert_float_eq(t, 0.07f, 1e-6f, "t %a", (double)t);
    /* n == 0 with NULL; NULL output with n > 0: refused */
    cr_assert_eq(cb_batch_sweep(bullet, NULL, 0, NULL, 0), 0u);
    cr_assert_eq(cb_batch_sweep(bullet, &ws, 1, NULL, 0), CB_INVALID);
    cr_assert_eq(cb_batch_sweep(bullet, &ws, 1, &t, 0x100), CB_INVALID);
}
