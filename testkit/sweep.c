/* sweep.c - the reference of the sweep queries (cbatch.h, SWEPT CIRCLES): the contract's operations transcribed one pair at a time in binary32, and an independent judge in double precision of what the contract promises about exact geometry (see reference.h). */
#include "bits.h"
#include "reference.h"

#include <math.h>

/* MIN and MAX as the contract defines them: the second operand unless the
 * first is strictly less / greater. */
static float min_c(float a, float b) { return a < b ? a : b; }
static float max_c(float a, float b) { return a > b ? a : b; }
static float abs_c(float a) { return tk_float(tk_bits(a) & 0x7FFFFFFFu); }

/* Step 5, the path scaled: s = 1 / MAX(MAX(|dx|, |dy|), R), (ux, uy) = d s,
 * rs = R s, A = ux^2 + uy^2 and iA = 1 / A; then the first time in [0, 1]
 * the scaled path (mx, my) + t (ux, uy) comes within rs of the origin. */
typedef struct {
    float s, ux, uy, rs, A, iA;
} path;

static path sweep_path(float dx, float dy, float R)
{
    path p;
    p.s = 1.0f / max_c(max_c(abs_c(dx), abs_c(dy)), R);
    p.ux = dx * p.s, p.uy = dy * p.s, p.rs = R * p.s;
    float ux2 = p.ux * p.ux, uy2 = p.uy * p.uy;
    p.A = ux2 + uy2;
    p.iA = 1.0f / p.A;
    return p;
}

static float sweep_point(float mx, float my, const path *p)
{
    float bx = mx * p->ux, by = my * p->uy, B = bx + by;
    float c1 = mx * p->uy, c2 = my * p->ux, C = c1 - c2;
    float rs2 = p->rs * p->rs, Ar = p->A * rs2, C2 = C * C, D = Ar - C2;
    if (!(0.0f <= D))
        return CB_SWEEP_MISS;
    float q = sqrtf(D), nb = 0.0f - B;
    float t0 = (nb - q) * p->iA, t1 = (nb + q) * p->iA;
    if (0.0f <= t0)
        return t0 <= 1.0f ? max_c(t0, 0.0f) : CB_SWEEP_MISS;
    return 0.0f <= t1 ? 0.0f : CB_SWEEP_MISS;
}

/* Step 3 on one axis: the times [*e, *f] in [lo, hi] (i = 1 / d; d == 0:
 * all or none). */
static void sweep_slab(float c, float d, float lo, float hi, float *e, float *f)
{
    float i = 1.0f / d;
    if (abs_c(i) == INFINITY) { /* d is 0, or below the reciprocal's range */
        *e = lo <= c && c <= hi ? -INFINITY : INFINITY;
        *f = INFINITY;
        return;
    }
    float a = (lo - c) * i, b = (hi - c) * i;
    *e = min_c(a, b), *f = max_c(a, b);
}

/* Steps 1, 2 and the NaN rule. */
static float sweep_finish(cb_sweep w, int start, float t)
{
    if (w.x != w.x || w.y != w.y || w.r != w.r || w.dx != w.dx || w.dy != w.dy)
        return CB_SWEEP_MISS;
    if (start)
        return 0.0f;
    return w.dx == 0.0f && w.dy == 0.0f ? CB_SWEEP_MISS : t;
}

float ref_sweep_box(cb_sweep w, cb_box b, unsigned flags)
{
    cb_circle c = {w.x, w.y, w.r};
    int start = ref_overlap(c, b, flags);
    float R = abs_c(w.r), u0 = min_c(b.min_x, b.max_x), v0 = min_c(b.min_y, b.max_y);
    float ex, fx, ey, fy;
    sweep_slab(w.x, w.dx, u0 - R, b.max_x + R, &ex, &fx);
    sweep_slab(w.y, w.dy, v0 - R, b.max_y + R, &ey, &fy);
    float e = max_c(max_c(ex, ey), 0.0f), f = min_c(min_c(fx, fy), 1.0f);
    if (!(e <= f) || b.max_x != b.max_x || b.max_y != b.max_y)
        return sweep_finish(w, start, CB_SWEEP_MISS);
    float ex_dx = e * w.dx, ey_dy = e * w.dy, qx = w.x + ex_dx, qy = w.y + ey_dy;
    int out_x = qx < u0 || b.max_x < qx, out_y = qy < v0 || b.max_y < qy;
    if (!(out_x && out_y))
        return sweep_finish(w, start, e);
    float kx = qx < u0 ? u0 : b.max_x, ky = qy < v0 ? v0 : b.max_y;
    path p = sweep_path(w.dx, w.dy, R);
    float mx = w.x - kx, my = w.y - ky;
    return sweep_finish(w, start, sweep_point(mx * p.s, my * p.s, &p));
}

float ref_sweep_circle(cb_sweep w, cb_circle o, unsigned flags)
{
    cb_circle c = {w.x, w.y, w.r};
    int start = ref_overlap_circles(c, o, flags);
    float s = w.r + o.r, mx = w.x - o.x, my = w.y - o.y;
    path p = sweep_path(w.dx, w.dy, abs_c(s));
    return sweep_finish(w, start, sweep_point(mx * p.s, my * p.s, &p));
}

float ref_sweep_obox(cb_sweep w, cb_obox o, unsigned flags)
{
    /* into the box's frame (ORIENTED BOXES), the displacement by the same turn */
    float ex = w.x - o.cx, ey = w.y - o.cy;
    float exc = ex * o.c, eys = ey * o.s, eyc = ey * o.c, exs = ex * o.s;
    float dxc = w.dx * o.c, dys = w.dy * o.s, dyc = w.dy * o.c, dxs = w.dx * o.s;
    cb_sweep l = {exc + eys, eyc - exs, w.r, dxc + dys, dyc - dxs};
    cb_box b = {-0.0f - o.hx, -0.0f - o.hy, o.hx, o.hy};
    return ref_sweep_box(l, b, flags);
}

/* ---- the judge: exact geometry in double (every binary32 input and the
 * differences below are exact or within 2^-50 relative, far inside the
 * contract's 2^-20). */

/* The distance from the centre at time t to the box (or the circle's
 * centre), and the reach R it is compared with. */
static double dist_at(const tk_sweep_pair *p, double t)
{
    double x = (double)p->w.x + t * (double)p->w.dx, y = (double)p->w.y + t * (double)p->w.dy;
    if (p->is_obox) { /* in the frame of the turn made unit */
        const cb_obox *o = &p->ob;
        double rho = hypot(o->c, o->s), c = o->c / rho, s = o->s / rho;
        double ex = x - o->cx, ey = y - o->cy, lx = ex * c + ey * s, ly = ey * c - ex * s;
        double px = fmin(fmax(lx, -(double)o->hx), o->hx), py = fmin(fmax(ly, -(double)o->hy), o->hy);
        return hypot(lx - px, ly - py);
    }
    if (p->is_box) {
        double px = fmin(fmax(x, p->b.min_x), p->b.max_x), py = fmin(fmax(y, p->b.min_y), p->b.max_y);
        return hypot(x - px, y - py);
    }
    return hypot(x - p->o.x, y - p->o.y);
}

/* The least distance over [0, t1]: the distance to a convex set along a
 * line is convex in t, so a ternary search finds it. */
static double least_dist(const tk_sweep_pair *p, double t1)
{
    double lo = 0, hi = t1;
    for (int k = 0; k < 100 && hi - lo > 0; k++) { /* (2/3)^100 of the span: far below the band */
        double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        if (dist_at(p, a) <= dist_at(p, b))
            hi = b;
        else
            lo = a;
    }
    double m = dist_at(p, lo);
    double e0 = dist_at(p, 0), e1 = dist_at(p, t1);
    return fmin(m, fmin(e0, e1));
}

/* Zero, or a magnitude in [2^-60, 2^60]: the squares of the start test
 * neither overflow nor lose the band to underflow. */
static int finite_in(double v) { return v == 0 || (fabs(v) >= 0x1p-60 && fabs(v) <= 0x1p60); }

int tk_sweep_well_formed(const tk_sweep_pair *p)
{
    const cb_sweep w = p->w;
    double v[6] = {w.x, w.y, w.r, w.dx, w.dy, 0};
    for (int k = 0; k < 5; k++)
        if (!finite_in(v[k]))
            return 0;
    if (p->is_obox) {
        const cb_obox *o = &p->ob;
        return finite_in(o->cx) && finite_in(o->cy) && finite_in(o->hx) && finite_in(o->hy) &&
               o->hx >= 0 && o->hy >= 0 && w.r >= 0 &&
               fabs((double)o->c * o->c + (double)o->s * o->s - 1) <= 0x1p-20;
    }
    if (p->is_box)
        return finite_in(p->b.min_x) && finite_in(p->b.min_y) && finite_in(p->b.max_x) &&
               finite_in(p->b.max_y) && p->b.min_x <= p->b.max_x && p->b.min_y <= p->b.max_y &&
               w.r >= 0;
    return finite_in(p->o.x) && finite_in(p->o.y) && finite_in(p->o.r) && w.r >= 0 && p->o.r >= 0;
}

double tk_sweep_scale(const tk_sweep_pair *p)
{
    const cb_sweep w = p->w;
    double s = fabs(w.x) + fabs(w.y) + fabs(w.dx) + fabs(w.dy);
    if (p->is_obox)
        return s + fabs(w.r) + fabs(p->ob.cx) + fabs(p->ob.cy) + p->ob.hx + p->ob.hy;
    if (p->is_box)
        return s + fabs(w.r) + fabs(p->b.min_x) + fabs(p->b.min_y) + fabs(p->b.max_x) +
               fabs(p->b.max_y);
    return s + fabs((double)w.r + p->o.r) + fabs(p->o.x) + fabs(p->o.y);
}

/* How far the reported t is from what the contract promises, in units of
 * 2^-20 S (> 1: broken): a hit at t > 0 whose distance is not within the
 * band of R, or a path that goes deeper than the band before t (or, for a
 * miss, anywhere in [0, 1]); a hit at t = 0 whose start is farther than
 * the band. */
double tk_sweep_judge(const tk_sweep_pair *p, float t)
{
    double R = p->is_box || p->is_obox ? fabs((double)p->w.r) : fabs((double)p->w.r + (double)p->o.r);
    double eps = 0x1p-20 * tk_sweep_scale(p);
    if (p->is_obox) { /* the oriented band: 2^-18 S + |rho - 1| (|e| + |d|) */
        const cb_obox *o = &p->ob;
        double rho = hypot(o->c, o->s);
        eps = 4 * eps + fabs(rho - 1) * (hypot((double)p->w.x - o->cx, (double)p->w.y - o->cy) +
                                         hypot(p->w.dx, p->w.dy));
    }
    if (eps == 0)
        eps = 0x1p-149;
    if (t == CB_SWEEP_MISS)
        return (R - least_dist(p, 1)) / eps; /* no penetration deeper than the band */
    if (!(t >= 0 && t <= 1))
        return INFINITY; /* neither a time nor the miss */
    if (t == 0)
        return (dist_at(p, 0) - R) / eps;
    double at = fabs(dist_at(p, t) - R) / eps, before = (R - least_dist(p, t)) / eps;
    return fmax(at, before);
}

void tk_sweep_moves(const cb_circle_soa *set, size_t n, float *dx, float *dy)
{
    for (size_t i = 0; i < n; i++) {
        size_t j = (i * 7 + 3) % n;
        float x = set->x[i], y = set->y[i], r = set->r[i];
        float ex = set->x[j] - x, ey = set->y[j] - y;
        switch (i % 4) {
        case 0: dx[i] = 0.0f, dy[i] = 0.0f; break;
        case 1: dx[i] = ex, dy[i] = ey; break;
        case 2: dx[i] = 8.0f * r, dy[i] = -5.0f * r; break;
        default: dx[i] = 2.0f * ey, dy[i] = -2.0f * ex; break;
        }
    }
}
