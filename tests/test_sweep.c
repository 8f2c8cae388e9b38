/* test_sweep.c - the sweep queries (cbatch.h, SWEPT CIRCLES): every backend and the public functions against the contract transcribed (testkit/sweep.c) bit for bit on scenes built to be hard (grazing corners, sliding along faces, thin walls crossed at speed, starts inside, no motion, rays, huge and tiny scales), and the scalar answers judged against exact geometry in double precision: the band and the no-tunnelling promise. */
#include "bits.h"
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "subjects.h" /* the subjects, their skips and calls; the run's seed */

#include <inttypes.h>
#include <math.h>
#include <string.h>

/* One scene: a sweep and n boxes, circles and oriented boxes (SoA and AoS,
 * each array ending at a guard page), built by a scene kind. The oriented
 * boxes are the boxes turned about their centres: every third one by no
 * turn at all, (c, s) = (1, 0), so the kind's geometry (a grazed corner, a
 * face slid along) carries over; the others by cb_rotation of an angle. */
enum { NF = 13 };
typedef struct {
    size_t n;
    float *f[NF]; /* min_x min_y max_x max_y, x y r, cx cy hx hy c s */
    cb_box *boxes;
    cb_circle *circles;
    cb_obox *oboxes;
    cb_sweep w;
    float *sw[5];     /* the scene as moving circles against one of its boxes */
    cb_sweep *sweeps; /* (scene_sweeps), SoA and AoS */
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
    for (int k = 0; k < NF; k++)
        s->f[k] = tb_alloc_guarded(n * sizeof(float), 0);
    s->boxes = tb_alloc_guarded(n * sizeof(cb_box), 0);
    s->circles = tb_alloc_guarded(n * sizeof(cb_circle), 0);
    s->oboxes = tb_alloc_guarded(n * sizeof(cb_obox), 0);
    for (int k = 0; k < 5; k++)
        s->sw[k] = tb_alloc_guarded(n * sizeof(float), 0);
    s->sweeps = tb_alloc_guarded(n * sizeof(cb_sweep), 0);
}

static void scene_free(scene *s)
{
    for (int k = 0; k < NF; k++)
        tb_free(s->f[k]);
    tb_free(s->boxes), tb_free(s->circles), tb_free(s->oboxes);
    for (int k = 0; k < 5; k++)
        tb_free(s->sw[k]);
    tb_free(s->sweeps);
}

/* The scene's moving circles, for the entries of many sweeps against one of
 * its boxes: the scene's sweep in the even places (so the box it was made
 * against sees it in every lane position), circle i moving as that sweep
 * in the odd ones. */
static void scene_sweeps(scene *s)
{
    for (size_t i = 0; i < s->n; i++) {
        cb_sweep w = s->w;
        if (i % 2)
            w.x = s->circles[i].x, w.y = s->circles[i].y;
        s->sw[0][i] = w.x, s->sw[1][i] = w.y, s->sw[2][i] = w.r, s->sw[3][i] = w.dx;
        s->sw[4][i] = w.dy, s->sweeps[i] = w;
    }
}

/* Element i: the box, the circle, and the box turned by (c, s) about its centre. */
static void scene_set(scene *s, size_t i, cb_box b, cb_circle c, cb_rot turn)
{
    s->f[0][i] = b.min_x, s->f[1][i] = b.min_y, s->f[2][i] = b.max_x, s->f[3][i] = b.max_y;
    s->f[4][i] = c.x, s->f[5][i] = c.y, s->f[6][i] = c.r;
    cb_obox o = {0.5f * (b.min_x + b.max_x), 0.5f * (b.min_y + b.max_y), 0.5f * (b.max_x - b.min_x),
                 0.5f * (b.max_y - b.min_y), turn.c, turn.s};
    s->f[7][i] = o.cx, s->f[8][i] = o.cy, s->f[9][i] = o.hx, s->f[10][i] = o.hy;
    s->f[11][i] = o.c, s->f[12][i] = o.s;
    s->boxes[i] = b, s->circles[i] = c, s->oboxes[i] = o;
}

static cb_rot turn_of(tk_rng *g, size_t i)
{
    cb_rot none = {1.0f, 0.0f};
    return i % 3 == 0 ? none : cb_rotation(tk_uniform(g, 0.0f, 6.2831853f));
}

/* Element i of entry d's input as a pair with the sweep w, for the
 * transcription and the judge; and the transcription's time. */
/* Element i of call a as a pair: the call's sweep and element i, or (many
 * sweeps against one box) sweep i and the call's box. */
static tk_sweep_pair pair_of(const cb_entry_info *d, const cb_args *a, size_t i)
{
    tk_sweep_pair p;
    memset(&p, 0, sizeof p);
    p.w = d->many == CB_SHAPE_SWEEP ? tk_sweep_at(d, a->many, i) : a->sweep;
    p.is_box = d->many == CB_SHAPE_BOX || d->many == CB_SHAPE_SWEEP;
    p.is_obox = d->many == CB_SHAPE_OBOX;
    if (d->many == CB_SHAPE_SWEEP)
        p.b = a->box;
    else if (p.is_box)
        p.b = tk_box_at(d, a->many, i);
    else if (p.is_obox)
        p.ob = tk_obox_at(d, a->many, i);
    else
        p.o = tk_circle_at(d, a->many, i);
    return p;
}

static float contract_time(const tk_sweep_pair *p, unsigned flags)
{
    return p->is_box    ? ref_sweep_box(p->w, p->b, flags)
           : p->is_obox ? ref_sweep_obox(p->w, p->ob, flags)
                        : ref_sweep_circle(p->w, p->o, flags);
}

/* "sweep (...) vs <element>", for the messages. */
static const char *pair_text(const tk_sweep_pair *p, char *buf, size_t size)
{
    int k = snprintf(buf, size, "sweep (%a, %a, r %a, d %a, %a) vs ", (double)p->w.x,
                     (double)p->w.y, (double)p->w.r, (double)p->w.dx, (double)p->w.dy);
    if (k < 0 || (size_t)k >= size)
        return buf;
    if (p->is_box)
        snprintf(buf + k, size - (size_t)k, "box (%a, %a, %a, %a)", (double)p->b.min_x,
                 (double)p->b.min_y, (double)p->b.max_x, (double)p->b.max_y);
    else if (p->is_obox)
        snprintf(buf + k, size - (size_t)k, "oriented box (%a, %a, %a, %a, %a, %a)",
                 (double)p->ob.cx, (double)p->ob.cy, (double)p->ob.hx, (double)p->ob.hy,
                 (double)p->ob.c, (double)p->ob.s);
    else
        snprintf(buf + k, size - (size_t)k, "circle (%a, %a, %a)", (double)p->o.x,
                 (double)p->o.y, (double)p->o.r);
    return buf;
}

static float unit(tk_rng *g) { return tk_uniform(g, 0.0f, 1.0f); }
static float sym(tk_rng *g) { return tk_uniform(g, -1.0f, 1.0f); }

/* A box of about size `sc` near the origin, sometimes of zero width or height. */
static cb_box draw_box(tk_rng *g, float sc)
{
    float x = sym(g) * sc, y = sym(g) * sc;
    float w = tk_next(g) % 5 ? unit(g) * sc : 0.0f, h = tk_next(g) % 5 ? unit(g) * sc : 0.0f;
    cb_box b = {x, y, x + w, y + h};
    return b;
}

/* The scene of kind k at scale sc: the sweep first, then the elements
 * made to meet it the way the kind says. */
static void scene_fill(scene *s, int k, tk_rng *g, float sc)
{
    cb_sweep w = {sym(g) * 2 * sc, sym(g) * 2 * sc, unit(g) * sc / 2, sym(g) * 4 * sc,
                  sym(g) * 4 * sc};
    if (k == K_STILL)
        w.dx = w.dy = 0.0f;
    if (k == K_RAY)
        w.r = 0.0f;
    if (k == K_RANDOM && tk_next(g) % 8 == 0)
        w.dx = 0.0f;
    if (k == K_RANDOM && tk_next(g) % 8 == 0)
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
                float off = w.r * (1.0f + (float)((int)(tk_next(g) % 5) - 2) * 0x1p-22f);
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
            if (tk_next(g) & 1) /* or one ulp either way */
                b.max_y = nextafterf(b.max_y, tk_next(g) & 1 ? INFINITY : -INFINITY);
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
            b.min_y = w.y + (tk_next(g) & 1 ? w.r : -unit(g) * sc);
            b.max_y = b.min_y + unit(g) * sc;
            c.x = w.x + w.r, c.y = w.y;
            break;
        case K_CIRCLES: /* an element circle the path touches tangentially, or a hair off */
            if (len > 0) {
                float t = unit(g), nx = -w.dy / len, ny = w.dx / len;
                c.r = unit(g) * sc / 4;
                float off = (w.r + c.r) * (1.0f + (float)((int)(tk_next(g) % 5) - 2) * 0x1p-22f);
                c.x = w.x + t * w.dx + nx * off, c.y = w.y + t * w.dy + ny * off;
            }
            break;
        default:
            break;
        }
        scene_set(s, i, b, c, turn_of(g, i));
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
        tk_sweep_pair p = pair_of(d, a, i);
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
                          double *worst_obox, double *worst_record, size_t *hits)
{
    size_t o = s->n - n;
    cb_box_soa bs = {s->f[0] + o, s->f[1] + o, s->f[2] + o, s->f[3] + o};
    cb_circle_soa cs = {s->f[4] + o, s->f[5] + o, s->f[6] + o};
    cb_obox_soa os = {s->f[7] + o, s->f[8] + o, s->f[9] + o, s->f[10] + o, s->f[11] + o, s->f[12] + o};
    cb_sweep_soa ws = {s->sw[0] + o, s->sw[1] + o, s->sw[2] + o, s->sw[3] + o, s->sw[4] + o};
    float *got = tb_alloc_guarded((n ? n : 1) * sizeof(float), 0);
    size_t calls = 0;
    char text[400];
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (d->query != CB_QUERY_SWEEP)
            continue;
        int soa = d->layout == CB_LAYOUT_SOA;
        /* many sweeps against one box: the scene's first, middle or last box,
         * in turn over the lengths */
        size_t pick = n % 3;
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            cb_args a;
            memset(&a, 0, sizeof a);
            a.sweep = s->w, a.n = n, a.flags = flags, a.out = got;
            switch (d->many) {
            case CB_SHAPE_BOX: a.many = soa ? (const void *)&bs : (const void *)(s->boxes + o); break;
            case CB_SHAPE_OBOX: a.many = soa ? (const void *)&os : (const void *)(s->oboxes + o); break;
            case CB_SHAPE_SWEEP:
                a.many = soa ? (const void *)&ws : (const void *)(s->sweeps + o);
                a.box = n ? s->boxes[o + pick * (n - 1) / 2] : s->boxes[0];
                break;
            default: a.many = soa ? (const void *)&cs : (const void *)(s->circles + o); break;
            }
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
                tk_sweep_pair p = pair_of(d, &a, i);
                float want = contract_time(&p, flags);
                if (tk_bits(got[i]) != tk_bits(want))
                    tb_fail("%s %s (%s, flags %u) element %zu: t %a, the contract %a; %s; " TB_SEED_FMT,
                            subject == TB_PUBLIC ? "public" : cb_backend_name((cb_backend)subject),
                            d->name, kind, flags, i, (double)got[i], (double)want,
                            pair_text(&p, text, sizeof text), tb_seed());
                if (subject != CB_BACKEND_SCALAR || flags || !soa || !tk_sweep_well_formed(&p))
                    continue;
                double j = tk_sweep_judge(&p, got[i]);
                *hits += got[i] <= 1.0f;
                double *w = p.is_obox ? worst_obox : worst;
                if (j > *w)
                    *w = j;
                if (j > 1)
                    tb_fail("%s (%s) element %zu: t %a breaks the promise by %.3g bands (S %a): %s; "
                            TB_SEED_FMT,
                            d->name, kind, i, (double)got[i], j, tk_sweep_scale(&p),
                            pair_text(&p, text, sizeof text), tb_seed());
            }
            calls++, tb_calls_compared++;
        }
    }
    tb_free(got);
    return (double)calls;
}

ParameterizedTestParameters(sweep, contract)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/* Every sweep entry, every scene kind at scales 2^-20 .. 2^20, lengths
 * 0 .. 3 vectors of AVX-512 and one long scene, against the transcribed
 * contract bit for bit; the scalar subject's answers judged against exact
 * geometry: the worst judgement is printed (1 = the promised band). */
ParameterizedTest(int *b, sweep, contract, .timeout = 600)
{
    const char *who = subject_or_skip(*b);
    tk_rng g = tb_rng_for(0x5EE9u);
    double worst = 0, worst_obox = 0, worst_record = 0, calls = 0;
    size_t hits = 0;
    for (int k = 0; k < KINDS; k++)
        for (int e = -20; e <= 20; e += 4) {
            scene s;
            scene_new(&s, 400);
            for (size_t n = 0; n <= 49; n += 1 + n / 8) {
                scene_fill(&s, k, &g, ldexpf(1.0f, e));
                scene_sweeps(&s);
                calls += check_scene(*b, &s, n, kind_names[k], &worst, &worst_obox, &worst_record, &hits);
            }
            scene_fill(&s, k, &g, ldexpf(1.0f, e));
            scene_sweeps(&s);
            calls += check_scene(*b, &s, s.n, kind_names[k], &worst, &worst_obox, &worst_record, &hits);
            scene_free(&s);
        }
    cr_log_info("%s: %.0f calls equal to the contract; scalar: %zu hits, worst judgement %.3g "
                "of the band (oriented boxes: %.3g of theirs), of a hit record %.3g; " TB_SEED_FMT,
                who, calls, hits, worst, worst_obox, worst_record, tb_seed());
    if (*b == CB_BACKEND_SCALAR)
        cr_assert(hits > 1000, "the scenes gave only %zu hits: not a test of the hits", hits);
}

/* t[i] is 0 exactly where the mask has element i, CB_SWEEP_MISS elsewhere;
 * returns the hits. */
static size_t still_agrees(const float *t, const uint64_t *mask, size_t n, const char *what,
                           unsigned flags)
{
    size_t hits = 0;
    for (size_t i = 0; i < n; i++) {
        int hit = (int)(mask[i / 64] >> (i % 64) & 1);
        hits += (size_t)hit;
        cr_assert(tk_bits(t[i]) == tk_bits(hit ? 0.0f : CB_SWEEP_MISS),
                  "%s %zu, flags %u: t %a, overlap %d", what, i, flags, (double)t[i], hit);
    }
    return hits;
}

/* No motion is the overlap query: every element's t is 0 exactly where
 * the overlap entry of the same shapes hits, CB_SWEEP_MISS elsewhere, both
 * flags, on the adversarial floats of the suites. */
Test(sweep, still_is_overlap)
{
    tk_rng g = tb_rng_for(0x5711u);
    enum { N = 257 };
    scene s;
    scene_new(&s, N);
    size_t hits = 0;
    for (int round = 0; round < 64; round++) {
        scene_fill(&s, K_STILL, &g, ldexpf(1.0f, round % 41 - 20));
        for (size_t i = 0; i < N; i += 3) { /* the suites' adversarial values in places */
            cb_box b = s.boxes[i];
            b.min_x = tk_any_float(&g);
            cb_circle c = s.circles[i];
            c.r = tk_any_float(&g);
            cb_rot turn = {s.oboxes[i].c, tk_any_float(&g)};
            scene_set(&s, i, b, c, turn);
        }
        cb_box_soa bs = {s.f[0], s.f[1], s.f[2], s.f[3]};
        cb_circle_soa cs = {s.f[4], s.f[5], s.f[6]};
        cb_obox_soa os = {s.f[7], s.f[8], s.f[9], s.f[10], s.f[11], s.f[12]};
        cb_circle one = {s.w.x, s.w.y, s.w.r};
        float t[N];
        uint64_t mask[(N + 63) / 64];
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            cb_batch_sweep(s.w, &bs, N, t, flags);
            cb_batch_overlap(one, &bs, N, mask, flags);
            hits += still_agrees(t, mask, N, "box", flags);
            cb_batch_sweep_circle_circles(s.w, &cs, N, t, flags);
            cb_batch_overlap_circle_circles(one, &cs, N, mask, flags);
            still_agrees(t, mask, N, "circle", flags);
            cb_batch_sweep_circle_oboxes(s.w, &os, N, t, flags);
            cb_batch_overlap_circle_oboxes(one, &os, N, mask, flags);
            still_agrees(t, mask, N, "oriented box", flags);
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
