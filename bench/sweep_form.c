/* sweep_form.c - the sweeps' plain-C baseline: the time of first contact of a moving circle with a box or a circle by the textbook closed form, one function call per pair in a loop. */
#include "bench.h"

#include <math.h>

/*
 * What a user writes without this library, from Ericson's Real-Time
 * Collision Detection (5.5.7, moving sphere against AABB, in 2D): the
 * circle touches the box when its centre is in the box grown by r with
 * rounded corners. So: the start (the centre's squared distance to the box
 * against r^2: t = 0); else the path of the centre against the box grown by
 * r on both axes (the slab test, 5.3.3: a reciprocal per moving axis, early
 * out as soon as the slabs' times cross); at the entry time the centre is
 * either beside a face (the answer) or in a corner square, where the path
 * meets the corner's circle of radius r first or not at all (ray against
 * sphere, 5.3.2, with the displacement unnormalised: a t^2 + 2 b t + c = 0).
 * A circle element is that quadratic alone, with r + ro. One box against
 * moving circles (the wall) is the same function, the sweep now element i
 * and the box the single shape: its reciprocals are then per element, as
 * the library's are in that query.
 *
 * It is plain C compiled with the project's flags (-O3 in a release build,
 * baseline ISA, -ffp-contract=off), and the compiler may inline it into the
 * loop as it likes: that is what a user would get. It multiplies by
 * reciprocals, does not scale the quadratic and branches, so its times are
 * the contract's within rounding, not bit for bit: closed_agree is the
 * check (run.c), and a broken closed form fails the run there.
 */

/* The centre (x, y) moving by (dx, dy) against point (kx, ky) at reach R:
 * the first t in [0, 1] within R, or the miss (the start is outside). */
static float ray_circle(float x, float y, float dx, float dy, float kx, float ky, float R)
{
    float mx = x - kx, my = y - ky;
    float a = dx * dx + dy * dy, b = mx * dx + my * dy, c = mx * mx + my * my - R * R;
    if (c > 0.0f && b > 0.0f) /* outside and moving away */
        return CB_SWEEP_MISS;
    float disc = b * b - a * c;
    if (disc < 0.0f || a == 0.0f)
        return CB_SWEEP_MISS;
    float t = (-b - sqrtf(disc)) / a;
    if (t < 0.0f)
        return 0.0f;
    return t <= 1.0f ? t : CB_SWEEP_MISS;
}

static float sweep_box(cb_sweep w, cb_box b)
{
    float px = fminf(fmaxf(w.x, b.min_x), b.max_x), py = fminf(fmaxf(w.y, b.min_y), b.max_y);
    float gx = w.x - px, gy = w.y - py;
    if (gx * gx + gy * gy <= w.r * w.r)
        return 0.0f;
    if (w.dx == 0.0f && w.dy == 0.0f)
        return CB_SWEEP_MISS;
    const float p[2] = {w.x, w.y}, d[2] = {w.dx, w.dy};
    const float lo[2] = {b.min_x - w.r, b.min_y - w.r}, hi[2] = {b.max_x + w.r, b.max_y + w.r};
    float tmin = 0.0f, tmax = 1.0f;
    for (int i = 0; i < 2; i++) {
        if (d[i] == 0.0f) {
            if (p[i] < lo[i] || p[i] > hi[i])
                return CB_SWEEP_MISS;
            continue;
        }
        float ood = 1.0f / d[i];
        float t1 = (lo[i] - p[i]) * ood, t2 = (hi[i] - p[i]) * ood;
        if (t1 > t2) {
            float s = t1;
            t1 = t2, t2 = s;
        }
        tmin = t1 > tmin ? t1 : tmin;
        tmax = t2 < tmax ? t2 : tmax;
        if (tmin > tmax)
            return CB_SWEEP_MISS;
    }
    /* beside a face at the entry, or in a corner square */
    float qx = w.x + tmin * w.dx, qy = w.y + tmin * w.dy;
    int out_x = qx < b.min_x || qx > b.max_x, out_y = qy < b.min_y || qy > b.max_y;
    if (!(out_x && out_y))
        return tmin;
    return ray_circle(w.x, w.y, w.dx, w.dy, qx < b.min_x ? b.min_x : b.max_x,
                      qy < b.min_y ? b.min_y : b.max_y, w.r);
}

static float sweep_circle(cb_sweep w, cb_circle o)
{
    float gx = w.x - o.x, gy = w.y - o.y, s = w.r + o.r;
    if (gx * gx + gy * gy <= s * s)
        return 0.0f;
    return ray_circle(w.x, w.y, w.dx, w.dy, o.x, o.y, s);
}

int closed_covers(const bench_group *g)
{
    return g->query == CB_QUERY_SWEEP &&
           ((g->one == CB_SHAPE_SWEEP && (g->many == CB_SHAPE_BOX || g->many == CB_SHAPE_CIRCLE)) ||
            (g->one == CB_SHAPE_BOX && g->many == CB_SHAPE_SWEEP));
}

size_t closed_run(const dataset *d, int g, int k, float *t)
{
    const bench_group *gr = group_at(g);
    const cb_sweep w = d->qs[g][k];
    const size_t n = d->n;
    const int soa = gr->layout == CB_LAYOUT_SOA;
    size_t hits = 0;
    if (gr->many == CB_SHAPE_SWEEP) { /* the bullets against one box */
        const cb_box b = d->qb[g][k];
        for (size_t i = 0; i < n; i++) {
            cb_sweep s = soa ? (cb_sweep){d->bx[i], d->by[i], d->br[i], d->bdx[i], d->bdy[i]}
                             : d->baos[i];
            t[i] = sweep_box(s, b);
            hits += t[i] <= 1.0f;
        }
    } else if (gr->many == CB_SHAPE_BOX)
        for (size_t i = 0; i < n; i++) {
            cb_box b = soa ? (cb_box){d->x0[i], d->y0[i], d->x1[i], d->y1[i]} : d->aos[i];
            t[i] = sweep_box(w, b);
            hits += t[i] <= 1.0f;
        }
    else
        for (size_t i = 0; i < n; i++) {
            cb_circle c = soa ? (cb_circle){d->cx[i], d->cy[i], d->cr[i]} : d->caos[i];
            t[i] = sweep_circle(w, c);
            hits += t[i] <= 1.0f;
        }
    return hits;
}

int closed_agree(float a, float b)
{
    if (a == CB_SWEEP_MISS || b == CB_SWEEP_MISS)
        return a == b;
    float m = fmaxf(fmaxf(a, b), 0.01f);
    return a >= 0.0f && a <= 1.0f && b >= 0.0f && b <= 1.0f && fabsf(a - b) <= CLOSED_TOL * m;
}

/* The first hit from the dense times, as a user writes it: one pass, a
 * strict compare, so the lowest index wins among equal times. The miss
 * (2.0) is never below the initial best, so nothing hit leaves it. */
size_t scan_first(const float *t, size_t n, uint32_t *at, float *best)
{
    float b = CB_SWEEP_MISS;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (t[i] < b)
            b = t[i], k = i;
    *at = (uint32_t)k;
    *best = b;
    return b <= 1.0f;
}
