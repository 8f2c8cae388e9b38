/* data.c - benchmark data: boxes and circles scattered over a game level, every layout and baseline format, the same boxes turned into oriented boxes, each group's query shapes and hit counts, the outputs and arguments of any entry. */
#include "bench.h"
#include "rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * The model: a 2D level whose side grows with sqrt(n), so the density of
 * boxes (walls, crates, enemies: 8..64 units a side) stays that of a real
 * level at every size; circles are entities of radius 4..32. All corners,
 * centres and radii are integers (centres may be .5), so every layout and
 * every baseline format holds exactly the same shapes: a difference between
 * two methods is then the method's, never the conversion's.
 *
 * The oriented boxes are those boxes (the same centres and half-extents,
 * exact) each turned about its centre by a random angle in [0, 2 pi), with
 * the library's rotation cb_rotation: so the oriented rows see the same
 * density and nearly the same hit counts as the axis-aligned ones (a turned
 * box covers the same area; its reach grows up to its half-diagonal), and
 * their area queries are calibrated on their own elements like every other
 * group's. Baseline E's rotated boxes hold the same angle with the cosine
 * and sine a user would compute (libm), which need not be cb_rotation's
 * bits.
 *
 * The integer groups (cb_icircle, cb_ibox) read the same boxes and circles
 * as int32, and ask their float twin's questions (group_number_twin): every
 * coordinate is a whole number, so at scale 1 the integer shapes are exactly
 * the float ones, the hits are the same (up to the float contract's
 * rounding of squares near 2^18, which the exact integers do not have), and
 * an integer row and its float twin's row do the same work. Another scale
 * (Q16.16 coordinates, say) would give the same hits and the same speed:
 * the integer predicates do not depend on it.
 */
#define SPACING 48.0 /* level units per sqrt(box) */
#define BOX_MIN 8
#define BOX_MAX 64
#define CIRCLE_RMIN 4
#define CIRCLE_RMAX 32
#define ENTITY_R 24.0f        /* the query circle of the bitmask rows */
#define TRIGGER_W 64.0f       /* the query box of the circles bitmask rows */
#define TRIGGER_H 48.0f
/* The sweeps' displacement: a bullet (the entity circle, r = 24) moving 4
 * radii, 96 units (2.7 mean box sides, 2 box spacings) per query, in a
 * direction drawn per rung: it touches a handful of boxes (about 0.5% at
 * 1Ki, a few of the 16Mi), as a game's bullet would; the kernel evaluates
 * every lane whatever it hits, a per-pair loop exits early on the misses. */
#define SWEEP_LEN (4.0f * ENTITY_R)
#define CALIBRATE_MAX 65536u  /* elements used to choose the 1% / 50% queries */

#define TWO_PI 6.28318530717958647692f

static int32_t rand_in(tk_rng *s, int32_t lo, int32_t hi) /* inclusive */
{
    return lo + (int32_t)(tk_next(s) % (uint64_t)(hi - lo + 1));
}

/* Cache-line aligned, so a row never depends on where malloc put an array;
 * the size is rounded up because aligned_alloc requires a multiple. */
static void *alloc(size_t bytes)
{
    size_t rounded = (bytes + 63) / 64 * 64;
    void *p = aligned_alloc(64, rounded ? rounded : 64);
    if (p)
        memset(p, 0, rounded ? rounded : 64); /* fault the pages in now, not in a timed call */
    return p;
}

/* testkit's allocator interface over alloc: 64-byte alignment covers any
 * array's and the cb_contacts struct's. */
static void *tk_alloc(void *ctx, size_t bytes, size_t align)
{
    (void)ctx, (void)align;
    return alloc(bytes);
}

static void tk_free(void *ctx, void *p)
{
    (void)ctx;
    free(p);
}

/* The slot of entry e's output kind in d->out / d->ref. */
static int kind_slot(const dataset *d, size_t e)
{
    cb_output o = cb_entry_info_of(e)->output;
    for (int k = 0; k < d->nkinds; k++)
        if (d->kinds[k] == o)
            return k;
    return -1; /* not reached: data_make gives every batch entry's kind a slot */
}

/* The elements entry e reads: testkit's views hold the float shapes, the
 * integer ones are picked here by the same rule (element shape, layout). */
static const void *many_of(const dataset *d, const cb_entry_info *info)
{
    const int soa = info->layout == CB_LAYOUT_SOA;
    if (info->many == CB_SHAPE_IBOX)
        return soa ? (const void *)&d->isoa : (const void *)d->iaos;
    if (info->many == CB_SHAPE_ICIRCLE)
        return soa ? (const void *)&d->icsoa : (const void *)d->icaos;
    return tk_pick(info, &d->views);
}

cb_args data_args(const dataset *d, int g, size_t e, int k)
{
    cb_args a;
    memset(&a, 0, sizeof a);
    switch (group_at(g)->one) {
    case CB_SHAPE_CIRCLE:
        a.circle = d->q[g][k];
        break;
    case CB_SHAPE_BOX:
        a.box = d->qb[g][k];
        break;
    case CB_SHAPE_OBOX:
        a.obox = d->qo[g][k];
        break;
    case CB_SHAPE_ICIRCLE:
        a.icircle = d->qi[g][k];
        break;
    case CB_SHAPE_IBOX:
        a.ibox = d->qib[g][k];
        break;
    case CB_SHAPE_SWEEP:
        a.sweep = d->qs[g][k];
        break;
    case CB_SHAPE_GRID: /* never a single shape */
    case CB_SHAPE_SELF:
    case CB_SHAPE_GRID_SELF:
        break;
    }
    a.many = many_of(d, cb_entry_info_of(e));
    a.n = d->n;
    a.out = d->out[kind_slot(d, e)].out;
    a.margin = BENCH_MARGIN;
    return a;
}

void *data_ref(const dataset *d, size_t e) { return d->ref[kind_slot(d, e)].out; }

/* A single shape of kind one centred in the level: a circle of radius t,
 * a square box of half-side t, or that square turned by d->qrot (the other
 * outputs are left alone). */
static void centred(const dataset *d, cb_shape one, float t, cb_circle *c, cb_box *b, cb_obox *o)
{
    float mid = (float)floor(d->level / 2);
    if (one == CB_SHAPE_CIRCLE) {
        cb_circle cc = {mid, mid, t};
        *c = cc;
    } else if (one == CB_SHAPE_BOX) {
        cb_box bb = {mid - t, mid - t, mid + t, mid + t};
        *b = bb;
    } else {
        cb_obox ob = {mid, mid, t, t, d->qrot.c, d->qrot.s};
        *o = ob;
    }
}

/* The centred square of half-side t about the level's middle: the wall
 * groups' area queries. */
static cb_box centred_square(const dataset *d, float t)
{
    float mid = (float)floor(d->level / 2);
    cb_box b = {mid - t, mid - t, mid + t, mid + t};
    return b;
}

/* Smallest integer half-side of a centred square that at least a fraction
 * p of the first m bullets touch in [0, 1], by the scalar backend's times
 * of a group of one box vs moving circles (the count grows with the
 * square). */
static int32_t calibrate_wall(const dataset *d, int g, size_t e, double p)
{
    size_t m = d->n < CALIBRATE_MAX ? d->n : CALIBRATE_MAX;
    const cb_entry_info *info = cb_entry_info_of(e);
    cb_kernel_fn scalar = cb_entry_kernel(e, CB_BACKEND_SCALAR);
    cb_args a = data_args(d, g, e, 0);
    a.n = m;
    int32_t lo = 0, hi = (int32_t)BENCH_BULLET_ARENA; /* covers every start: all hit at t = 0 */
    while (hi - lo > 1) {
        int32_t t = lo + (hi - lo) / 2;
        a.box = centred_square(d, (float)t);
        size_t count = scalar(&a);
        if ((double)tk_hit_count(info, m, count, a.out) < p * (double)m)
            lo = t;
        else
            hi = t;
    }
    return hi;
}

/* Smallest integer radius (centred circle) or half-side (centred square,
 * turned or not) whose hit fraction on the first m elements reaches p, by
 * the scalar backend on group g's input. The count grows with t (a larger
 * shape contains the smaller), so bisection finds it. */
static int32_t calibrate(const dataset *d, int g, double p)
{
    size_t m = d->n < CALIBRATE_MAX ? d->n : CALIBRATE_MAX;
    size_t e = group_at(g)->entries[0];
    cb_kernel_fn scalar = cb_entry_kernel(e, CB_BACKEND_SCALAR);
    cb_args a = data_args(d, g, e, 0);
    a.n = m;
    int32_t lo = 0, hi = (int32_t)d->level;
    while (hi - lo > 1) {
        int32_t t = lo + (hi - lo) / 2;
        centred(d, group_at(g)->one, (float)t, &a.circle, &a.box, &a.obox);
        if ((double)scalar(&a) < p * (double)m)
            lo = t;
        else
            hi = t;
    }
    return hi;
}

/* Whether data_make prepares group g: every group, or for the summary
 * (all == 0) one circle vs boxes, overlap, float and integer (the
 * headlines and the per-pair baselines' groups), and the sweep headline
 * (its overlap twin is the first of those), whose data alone is then made. */
static int group_needed(int g, int all)
{
    const bench_group *gr = group_at(g);
    int sg = -1;
    bench_sweep_headline(&sg, NULL);
    return all || g == sg ||
           (gr->query == CB_QUERY_OVERLAP &&
            ((gr->one == CB_SHAPE_CIRCLE && gr->many == CB_SHAPE_BOX) ||
             (gr->one == CB_SHAPE_ICIRCLE && gr->many == CB_SHAPE_IBOX)));
}

/* The integer shapes of whole-number float ones: exact. */
static cb_icircle to_icircle(cb_circle c)
{
    cb_icircle r = {(int32_t)c.x, (int32_t)c.y, (int32_t)c.r};
    return r;
}

static cb_ibox to_ibox(cb_box b)
{
    cb_ibox r = {(int32_t)b.min_x, (int32_t)b.min_y, (int32_t)b.max_x, (int32_t)b.max_y};
    return r;
}

int data_make(dataset *d, size_t n, uint64_t seed, int all)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    double side = floor(SPACING * sqrt((double)n));
    d->level = (float)(side < 256 ? 256 : side);
    int32_t L = (int32_t)d->level;

    d->x0 = alloc(n * sizeof(float));
    d->y0 = alloc(n * sizeof(float));
    d->x1 = alloc(n * sizeof(float));
    d->y1 = alloc(n * sizeof(float));
    d->aos = alloc(n * sizeof(cb_box));
    d->centers = alloc(n * sizeof(cb_box_center));
    d->corners = alloc(n * sizeof(cb_box_corner));
    d->irects = alloc(n * sizeof(baseline_irect));
    d->eboxes = alloc(n * sizeof(baseline_ebox));
    d->ix0 = alloc(n * sizeof(int32_t));
    d->iy0 = alloc(n * sizeof(int32_t));
    d->ix1 = alloc(n * sizeof(int32_t));
    d->iy1 = alloc(n * sizeof(int32_t));
    d->iaos = alloc(n * sizeof(cb_ibox));
    if (all) {
        d->ocx = alloc(n * sizeof(float));
        d->ocy = alloc(n * sizeof(float));
        d->ohx = alloc(n * sizeof(float));
        d->ohy = alloc(n * sizeof(float));
        d->oc = alloc(n * sizeof(float));
        d->os = alloc(n * sizeof(float));
        d->oaos = alloc(n * sizeof(cb_obox));
        d->erboxes = alloc(n * sizeof(baseline_erbox));
        d->econtacts = alloc(n * sizeof(baseline_econtact));
        d->eindex = alloc(n * sizeof(uint32_t));
        d->cx = alloc(n * sizeof(float));
        d->cy = alloc(n * sizeof(float));
        d->cr = alloc(n * sizeof(float));
        d->caos = alloc(n * sizeof(cb_circle));
        d->icx = alloc(n * sizeof(int32_t));
        d->icy = alloc(n * sizeof(int32_t));
        d->icr = alloc(n * sizeof(int32_t));
        d->icaos = alloc(n * sizeof(cb_icircle));
        d->bx = alloc(n * sizeof(float));
        d->by = alloc(n * sizeof(float));
        d->br = alloc(n * sizeof(float));
        d->bdx = alloc(n * sizeof(float));
        d->bdy = alloc(n * sizeof(float));
        d->baos = alloc(n * sizeof(cb_sweep));
    }
    /* one output and one reference output per output kind, by testkit,
     * which knows what each kind is made of */
    int ok = 1;
    for (size_t e = 0; e < cb_entry_count() && ok; e++) {
        const cb_entry_info *info = cb_entry_info_of(e);
        if (info->form != CB_FORM_BATCH || kind_slot(d, e) >= 0 ||
            !group_needed(group_find(info->query, info->one, info->many, info->layout), all))
            continue; /* the pairs and candidates forms: bench/pairs.c's own buffers */
        if (d->nkinds == BENCH_MAX_KINDS) {
            ok = 0;
            break;
        }
        int k = d->nkinds++;
        d->kinds[k] = info->output;
        ok = tk_out_alloc(&d->out[k], info, n, tk_alloc, tk_free, NULL) &&
             tk_out_alloc(&d->ref[k], info, n, tk_alloc, tk_free, NULL);
    }
    d->bytes = alloc(n);
    ok = ok && d->x0 && d->y0 && d->x1 && d->y1 && d->aos && d->centers && d->corners &&
         d->irects && d->eboxes && d->bytes && d->ix0 && d->iy0 && d->ix1 && d->iy1 && d->iaos;
    ok = ok && (!all || (d->econtacts && d->eindex && d->cx && d->cy && d->cr && d->caos &&
                         d->ocx && d->ocy && d->ohx && d->ohy && d->oc && d->os && d->oaos &&
                         d->erboxes && d->icx && d->icy && d->icr && d->icaos && d->bx &&
                         d->by && d->br && d->bdx && d->bdy && d->baos));
    if (!ok) {
        data_free(d);
        return -1;
    }

    /* Each size gets its own stream derived from the printed seed, so a
     * rung can be replayed alone with --sizes. */
    tk_rng s = {seed ^ (0xA0761D6478BD642Full * (uint64_t)(n + 1))};
    for (size_t i = 0; i < n; i++) {
        int32_t w = rand_in(&s, BOX_MIN, BOX_MAX), h = rand_in(&s, BOX_MIN, BOX_MAX);
        int32_t x = rand_in(&s, 0, L - w), y = rand_in(&s, 0, L - h);
        d->x0[i] = (float)x, d->y0[i] = (float)y;
        d->x1[i] = (float)(x + w), d->y1[i] = (float)(y + h);
        cb_box b = {d->x0[i], d->y0[i], d->x1[i], d->y1[i]};
        d->aos[i] = b;
        /* centre + half-extents: exact, since corners are integers below 2^23 */
        cb_box_center c = {(float)x + 0.5f * (float)w, (float)y + 0.5f * (float)h, 0.5f * (float)w,
                           0.5f * (float)h};
        d->centers[i] = c;
        cb_box_corner k = {(float)x, (float)y, (float)w, (float)h};
        d->corners[i] = k;
        baseline_irect r = {x, y, w, h};
        d->irects[i] = r;
        cb_ibox ib = {x, y, x + w, y + h};
        d->ix0[i] = ib.min_x, d->iy0[i] = ib.min_y, d->ix1[i] = ib.max_x, d->iy1[i] = ib.max_y;
        d->iaos[i] = ib;
        baseline_ebox eb = {c.cx, c.cy, (float)w, (float)h};
        d->eboxes[i] = eb;
    }
    for (size_t i = 0; i < n; i++) { /* drawn without all too: the queries come after */
        cb_circle c = {(float)rand_in(&s, 0, L), (float)rand_in(&s, 0, L),
                       (float)rand_in(&s, CIRCLE_RMIN, CIRCLE_RMAX)};
        if (!all)
            continue;
        d->cx[i] = c.x, d->cy[i] = c.y, d->cr[i] = c.r, d->caos[i] = c;
        d->icaos[i] = to_icircle(c);
        d->icx[i] = d->icaos[i].x, d->icy[i] = d->icaos[i].y, d->icr[i] = d->icaos[i].r;
    }
    d->soa.min_x = d->x0, d->soa.min_y = d->y0, d->soa.max_x = d->x1, d->soa.max_y = d->y1;
    d->csoa.x = d->cx, d->csoa.y = d->cy, d->csoa.r = d->cr;
    d->isoa.min_x = d->ix0, d->isoa.min_y = d->iy0, d->isoa.max_x = d->ix1, d->isoa.max_y = d->iy1;
    d->icsoa.x = d->icx, d->icsoa.y = d->icy, d->icsoa.r = d->icr;
    /* by name: the oriented boxes' views are set below, once they exist */
    memset(&d->views, 0, sizeof d->views);
    d->views.boxes = &d->soa, d->views.boxes_aos = d->aos;
    d->views.circles = &d->csoa, d->views.circles_aos = d->caos;

    /* Queries. [0]: an entity (circle r = 24) or a trigger box (64 x 48)
     * somewhere in the level: what a game asks every frame, few hits.
     * [1], [2]: a centred area query sized for ~1% and ~50% hits, to show
     * what the index-list and contact outputs cost when they have little or
     * much to write; sized per group, on that group's own elements. A group
     * of another query on the same input as an overlap group takes that
     * group's shapes: the contacts at margin 0 then report exactly the
     * overlap hits (cbatch.h), so the two rows compare the same work. The
     * overlap groups come first for that reason. A distance group has no
     * selection to size (every element is written): its rows use [0]. A
     * sweep group's circles are its overlap twin's (the entity, and the
     * area circles, which its checks use), set in motion below. */
    cb_circle e = {(float)rand_in(&s, 0, L), (float)rand_in(&s, 0, L), ENTITY_R};
    float tx = (float)rand_in(&s, 0, L - (int32_t)TRIGGER_W);
    float ty = (float)rand_in(&s, 0, L - (int32_t)TRIGGER_H);
    cb_box t = {tx, ty, tx + TRIGGER_W, ty + TRIGGER_H};

    /* The oriented boxes, drawn after everything above so the axis-aligned
     * data and queries are those of earlier versions of cb-bench. The
     * centres and half-extents are exact (.5 steps below 2^22). */
    for (size_t i = 0; i < n && all; i++) {
        const cb_box_center *c = &d->centers[i];
        float angle = tk_uniform(&s, 0.0f, TWO_PI);
        cb_rot r = cb_rotation(angle);
        d->ocx[i] = c->cx, d->ocy[i] = c->cy, d->ohx[i] = c->hx, d->ohy[i] = c->hy;
        d->oc[i] = r.c, d->os[i] = r.s;
        cb_obox o = {c->cx, c->cy, c->hx, c->hy, r.c, r.s};
        d->oaos[i] = o;
        baseline_erbox eb = {c->cx, c->cy, d->eboxes[i].w, d->eboxes[i].h, angle, cosf(angle),
                             sinf(angle)};
        d->erboxes[i] = eb;
    }
    d->osoa.cx = d->ocx, d->osoa.cy = d->ocy, d->osoa.hx = d->ohx, d->osoa.hy = d->ohy;
    d->osoa.c = d->oc, d->osoa.s = d->os;
    d->views.oboxes = &d->osoa, d->views.oboxes_aos = d->oaos;
    /* The bullets (with all only: the summary has no wall rows), from their
     * own stream (bench.h, BENCH_BULLET_ARENA). */
    const float mid = (float)floor(d->level / 2);
    const float hw = 0.5f * BENCH_WALL_W, hh = 0.5f * BENCH_WALL_H, ha = 0.5f * BENCH_BULLET_ARENA;
    const cb_box wall = {mid - hw, mid - hh, mid + hw, mid + hh};
    tk_rng bs = {seed ^ (0x5851F42D4C957F2Dull * (uint64_t)(n + 3))};
    for (size_t i = 0; i < n && all; i++) {
        cb_sweep w;
        do {
            w.x = mid + tk_uniform(&bs, -ha, ha);
            w.y = mid + tk_uniform(&bs, -ha, ha);
            w.r = tk_uniform(&bs, BENCH_BULLET_RMIN, BENCH_BULLET_RMAX);
        } while (w.x + w.r >= wall.min_x && w.x - w.r <= wall.max_x && w.y + w.r >= wall.min_y &&
                 w.y - w.r <= wall.max_y); /* (its bounds: a little wider than the circle) */
        const float len = tk_uniform(&bs, BENCH_BULLET_LMIN, BENCH_BULLET_LMAX);
        const float dir = tk_uniform(&bs, 0.0f, TWO_PI);
        w.dx = len * cosf(dir), w.dy = len * sinf(dir);
        d->bx[i] = w.x, d->by[i] = w.y, d->br[i] = w.r, d->bdx[i] = w.dx, d->bdy[i] = w.dy;
        d->baos[i] = w;
    }
    d->bsoa.x = d->bx, d->bsoa.y = d->by, d->bsoa.r = d->br;
    d->bsoa.dx = d->bdx, d->bsoa.dy = d->bdy;
    d->views.sweeps = &d->bsoa, d->views.sweeps_aos = d->baos;
    /* the single oriented boxes: the trigger turned about its centre, and
     * the centred squares of the area queries, by one random angle */
    d->qrot = cb_rotation(tk_uniform(&s, 0.0f, TWO_PI));
    cb_obox to = {tx + 0.5f * TRIGGER_W, ty + 0.5f * TRIGGER_H, 0.5f * TRIGGER_W,
                  0.5f * TRIGGER_H, d->qrot.c, d->qrot.s};
    const float heading = tk_uniform(&s, 0.0f, TWO_PI); /* the sweeps' direction */
    const double frac[3] = {0, 0.01, 0.5};
    for (int pass = 0; pass < 2; pass++)
        for (int g = 0; g < group_count(); g++) {
            const bench_group *gr = group_at(g);
            if ((gr->query == CB_QUERY_OVERLAP) != (pass == 0) || !group_needed(g, all) ||
                group_integer(gr))
                continue;
            int twin = group_twin(gr, CB_QUERY_OVERLAP);
            d->q[g][0] = e;
            d->qb[g][0] = t;
            d->qo[g][0] = to;
            for (int k = 1; k < 3; k++) {
                if (pass == 1 && twin >= 0) {
                    d->q[g][k] = d->q[twin][k];
                    d->qb[g][k] = d->qb[twin][k];
                    d->qo[g][k] = d->qo[twin][k];
                } else if (group_primary(gr) == OUT_DIST) {
                    d->q[g][k] = e;
                    d->qb[g][k] = t;
                    d->qo[g][k] = to;
                } else {
                    centred(d, gr->one, (float)calibrate(d, g, frac[k]), &d->q[g][k],
                            &d->qb[g][k], &d->qo[g][k]);
                }
            }
        }
    /* The sweeps: each sweep group's circles moving by SWEEP_LEN along the
     * rung's heading (the entity a bullet; the area circles, larger, reach
     * many boxes at t > 0 through faces and corners: the checks' probes,
     * and the sweeps of the hit records' rows, a few % and half hit). */
    for (int g = 0; g < group_count(); g++) {
        if (group_at(g)->one != CB_SHAPE_SWEEP || !group_needed(g, all))
            continue;
        for (int k = 0; k < 3; k++) {
            cb_sweep w = {d->q[g][k].x, d->q[g][k].y, d->q[g][k].r, SWEEP_LEN * cosf(heading),
                          SWEEP_LEN * sinf(heading)};
            d->qs[g][k] = w;
        }
    }
    /* One box vs the bullets: [0] the wall, [1] and [2] centred squares
     * that ~1% and ~50% of the bullets touch (their hit records' rows; the
     * checks' probes, reached through faces and corners, t = 0 included). */
    for (int g = 0; g < group_count(); g++) {
        const bench_group *gr = group_at(g);
        if (!group_moving(gr) || !group_needed(g, all))
            continue;
        const size_t te = group_entry(gr, CB_OUTPUT_TIMES);
        for (int k = 0; k < 3; k++)
            d->qb[g][k] = k == 0 || te == BENCH_NO_ENTRY
                              ? wall
                              : centred_square(d, (float)calibrate_wall(d, g, te, frac[k]));
    }
    /* The integer groups: their float twin's shapes (made above: a needed
     * integer group's twin is needed too), or without one the entity and
     * the trigger at every query. */
    for (int g = 0; g < group_count(); g++) {
        if (!group_integer(group_at(g)) || !group_needed(g, all))
            continue;
        int twin = group_number_twin(group_at(g));
        for (int k = 0; k < 3; k++) {
            d->qi[g][k] = to_icircle(twin >= 0 ? d->q[twin][k] : e);
            d->qib[g][k] = to_ibox(twin >= 0 ? d->qb[twin][k] : t);
        }
    }
    for (int g = 0; g < group_count(); g++) {
        if (!group_needed(g, all))
            continue;
        /* every row's hits column: the scalar backend's count (a sweep's:
         * the elements touched in [0, 1], where the kernel returns n) */
        size_t en = group_at(g)->entries[0];
        const cb_entry_info *info = cb_entry_info_of(en);
        cb_kernel_fn scalar = cb_entry_kernel(en, CB_BACKEND_SCALAR);
        for (int k = 0; k < 3; k++) {
            cb_args a = data_args(d, g, en, k);
            size_t count = scalar(&a);
            d->hits[g][k] =
                info->output == CB_OUTPUT_TIMES ? tk_hit_count(info, d->n, count, a.out) : count;
        }
    }
    return 0;
}

void data_free(dataset *d)
{
    free(d->x0), free(d->y0), free(d->x1), free(d->y1), free(d->aos);
    free(d->centers), free(d->corners), free(d->irects), free(d->eboxes);
    free(d->ocx), free(d->ocy), free(d->ohx), free(d->ohy), free(d->oc), free(d->os);
    free(d->oaos), free(d->erboxes);
    free(d->econtacts), free(d->eindex);
    free(d->cx), free(d->cy), free(d->cr), free(d->caos);
    free(d->ix0), free(d->iy0), free(d->ix1), free(d->iy1), free(d->iaos);
    free(d->icx), free(d->icy), free(d->icr), free(d->icaos);
    free(d->bx), free(d->by), free(d->br), free(d->bdx), free(d->bdy), free(d->baos);
    for (int k = 0; k < d->nkinds; k++) {
        tk_out_free(&d->out[k]);
        tk_out_free(&d->ref[k]);
    }
    free(d->bytes);
    memset(d, 0, sizeof *d);
}
