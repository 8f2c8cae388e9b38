/* reference.c - the independent reference of every query's contract, one pair at a time, and whole entries run through it (see reference.h). */
#include "bits.h"
#include "reference.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ one pair */

/* The overlap contract of cbatch.h, operation by operation: MAX and MIN
 * return the second operand unless the first is strictly greater / less,
 * two rounded products and one rounded sum, then an ordered compare. */
int ref_overlap(cb_circle c, cb_box b, unsigned flags)
{
    float mx = c.x > b.min_x ? c.x : b.min_x; /* MAX(cx, x0) */
    float px = mx < b.max_x ? mx : b.max_x;   /* MIN(., x1) */
    float my = c.y > b.min_y ? c.y : b.min_y;
    float py = my < b.max_y ? my : b.max_y;
    float dx = c.x - px;
    float dy = c.y - py;
    float dx2 = dx * dx;
    float dy2 = dy * dy;
    float d2 = dx2 + dy2;
    float r2 = c.r * c.r;
    return (flags & CB_STRICT) ? d2 < r2 : d2 <= r2;
}

/* The circle-against-circle contract of cbatch.h: squared centre distance
 * against the squared radius sum. */
int ref_overlap_circles(cb_circle c, cb_circle o, unsigned flags)
{
    float dx = c.x - o.x;
    float dy = c.y - o.y;
    float dx2 = dx * dx;
    float dy2 = dy * dy;
    float d2 = dx2 + dy2;
    float s = c.r + o.r;
    float s2 = s * s;
    return (flags & CB_STRICT) ? d2 < s2 : d2 <= s2;
}

/* ---- the SIGNED DISTANCE AND CONTACTS contract */

/* "|x| clears the sign bit": of NaNs too, so by the bits. */
static float abs_bits(float x) { return tk_float(tk_bits(x) & 0x7FFFFFFFu); }

/* "A NaN in any float result is the default quiet NaN, bits 0x7FC00000." */
static float canonical(float x) { return x != x ? tk_float(0x7FC00000u) : x; }

/* floor(sqrt(v)) for v < 2^62; *rem gets v - root^2, so the root is exact
 * exactly when *rem == 0. A guess from the double square root, then made
 * exact by integer compares: the result is floor(sqrt(v)) whatever the
 * guess, so it rests on no square root instruction being right (the digit
 * by digit loop it replaces cost a fifth of the suites' time). */
static uint64_t isqrt64(uint64_t v, uint64_t *rem)
{
    uint64_t root = (uint64_t)sqrt((double)v);
    while (root * root > v)
        root--;
    while ((root + 1) * (root + 1) <= v)
        root++;
    *rem = v - root * root;
    return root;
}

/* x = mant * 2^e with mant < 2^24; made e even, then the root of mant
 * scaled by 2^36 has 30 or 31 bits, of which 24 are kept, rounded to
 * nearest-even with the remainder as sticky bit. A square root of a binary32
 * number is never halfway between two binary32 numbers, but the tie rule
 * costs nothing. Every positive binary32 root is a normal number. */
float ref_sqrt(float x)
{
    uint32_t u = tk_bits(x);
    if (x != x)
        return x;
    if (u == 0 || u == 0x80000000u || u == 0x7F800000u) /* +-0 and +inf are their own roots */
        return x;
    if (u & 0x80000000u)
        return tk_float(0x7FC00000u);
    int e = (int)(u >> 23);
    uint64_t mant = u & 0x7FFFFFu;
    if (e == 0) { /* denormal: normalise */
        e = 1;
        while (!(mant & 0x800000u))
            mant <<= 1, e--;
    } else {
        mant |= 0x800000u;
    }
    int pow2 = e - 150; /* x = mant * 2^pow2 */
    if (pow2 & 1)
        mant <<= 1, pow2--;
    uint64_t rem;
    uint64_t root = isqrt64(mant << 36, &rem); /* sqrt(x) = root' * 2^(pow2 / 2 - 18) */
    int drop = root >> 30 ? 7 : 6;
    uint64_t keep = root >> drop, dropped = root & (((uint64_t)1 << drop) - 1);
    uint64_t half = (uint64_t)1 << (drop - 1);
    if (dropped > half || (dropped == half && (rem != 0 || (keep & 1))))
        keep++;
    if (keep >> 24)
        keep >>= 1, drop++;
    int exp2 = drop + pow2 / 2 - 18; /* sqrt(x) = keep * 2^exp2, keep in [2^23, 2^24) */
    return tk_float((uint32_t)(exp2 + 150) << 23 | (uint32_t)(keep & 0x7FFFFFu));
}

/* The length step of the contract, for a centre offset (dx, dy) with
 * m = MAX(|dx|, |dy|) != 0:
 *   2^-50 <= m <= 2^50:  d2 = (dx * dx) + (dy * dy);  dist = SQRT(d2);
 *                        normal = (dx / dist, dy / dist)
 *   otherwise:           t = MIN(ax, ay) / m;  l = SQRT(1 + (t * t));
 *                        dist = m * l;  normal = ((dx / m) / l, (dy / m) / l)
 * (a NaN m fails both compares and takes the second form). */
typedef struct {
    float ax, ay, m;
} scale;

static scale scale_of(float dx, float dy)
{
    scale s;
    s.ax = abs_bits(dx);
    s.ay = abs_bits(dy);
    s.m = s.ax > s.ay ? s.ax : s.ay; /* MAX(ax, ay) */
    return s;
}

static void outside(float dx, float dy, scale s, float *dist, float *nx, float *ny)
{
    if (s.m >= 0x1p-50f && s.m <= 0x1p50f) {
        float dx2 = dx * dx, dy2 = dy * dy;
        float d = ref_sqrt(dx2 + dy2);
        *dist = d;
        *nx = dx / d;
        *ny = dy / d;
        return;
    }
    float mn = s.ax < s.ay ? s.ax : s.ay; /* MIN(ax, ay) */
    float t = mn / s.m;
    float tt = t * t;
    float l = ref_sqrt(1.0f + tt);
    *dist = s.m * l;
    *nx = (dx / s.m) / l;
    *ny = (dy / s.m) / l;
}

/*
 * Circle vs box. The two cases are split on "m == 0" (inside or on the
 * box); every other m, NaN included, takes the outside formulas: the header
 * writes the outside case as "m > 0", which a NaN m satisfies no better, and
 * its operations are then defined anyway (they give NaNs).
 *
 * The nearest face when inside: the header's rule is "the first of -x, +x,
 * -y, +y whose distance is not greater than any later one's". It is written
 * here as the scan it amounts to: start with -x, and a later face takes over
 * only when its distance is strictly less than the best so far (an ordered
 * compare). Both say the same whenever no distance is NaN (ties go to the
 * earlier face). With a NaN distance the header's sentence is open (is NaN
 * "not greater"?); the scan is the reading the tests hold the library to: a
 * NaN never takes over, and a NaN best is never replaced.
 */
int ref_contact(cb_circle c, cb_box b, float margin, unsigned flags, tk_contact *rec)
{
    float mx = c.x > b.min_x ? c.x : b.min_x; /* px = MIN(MAX(cx, x0), x1) */
    float px = mx < b.max_x ? mx : b.max_x;
    float my = c.y > b.min_y ? c.y : b.min_y;
    float py = my < b.max_y ? my : b.max_y;
    float dx = c.x - px;
    float dy = c.y - py;
    /* the selection: d2 as in the overlap contract, rm = r + margin */
    float dx2 = dx * dx, dy2 = dy * dy;
    float d2 = dx2 + dy2;
    float rm = c.r + margin;
    float rm2 = rm * rm;
    int reported = (flags & CB_STRICT) ? d2 < rm2 : d2 <= rm2;
    if (!rec)
        return reported;

    scale s = scale_of(dx, dy);
    float nx, ny, sep, ptx, pty;
    uint8_t feature;
    if (s.m == 0.0f) { /* centre inside the box or on its boundary */
        float lx = c.x - b.min_x, hx = b.max_x - c.x, ly = c.y - b.min_y, hy = b.max_y - c.y;
        int face = 0;
        float best = lx;
        if (hx < best)
            face = 1, best = hx;
        if (ly < best)
            face = 2, best = ly;
        if (hy < best)
            face = 3, best = hy;
        float br = best + c.r;
        sep = 0.0f - br;
        static const float normals[4][2] = {
            {-1.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, -1.0f}, {0.0f, 1.0f}};
        nx = normals[face][0], ny = normals[face][1];
        ptx = face == 0 ? b.min_x : face == 1 ? b.max_x : c.x;
        pty = face == 2 ? b.min_y : face == 3 ? b.max_y : c.y;
        feature = CB_FEATURE_INSIDE;
    } else {
        float dist;
        outside(dx, dy, s, &dist, &nx, &ny);
        sep = dist - c.r;
        ptx = px, pty = py;
        feature = (dx != 0.0f && dy != 0.0f) ? CB_FEATURE_CORNER : CB_FEATURE_FACE;
    }
    rec->normal_x = canonical(nx);
    rec->normal_y = canonical(ny);
    rec->separation = canonical(sep);
    rec->point_x = canonical(ptx);
    rec->point_y = canonical(pty);
    rec->feature = feature;
    return reported;
}

/* Circle c vs element circle o: the delta from o's centre to c's; coincident
 * centres (m == 0; any other m, NaN included, takes the general formulas, as
 * for boxes) get the normal (1, 0). */
int ref_contact_circles(cb_circle c, cb_circle o, float margin, unsigned flags, tk_contact *rec)
{
    float dx = c.x - o.x;
    float dy = c.y - o.y;
    float dx2 = dx * dx, dy2 = dy * dy;
    float d2 = dx2 + dy2;
    float s = c.r + o.r;
    float rm = s + margin;
    float rm2 = rm * rm;
    int reported = (flags & CB_STRICT) ? d2 < rm2 : d2 <= rm2;
    if (!rec)
        return reported;

    scale sc = scale_of(dx, dy);
    float nx, ny, sep;
    if (sc.m == 0.0f) {
        nx = 1.0f, ny = 0.0f;
        sep = 0.0f - s;
        rec->feature = CB_FEATURE_INSIDE;
    } else {
        float dist;
        outside(dx, dy, sc, &dist, &nx, &ny);
        sep = dist - s;
        rec->feature = CB_FEATURE_FACE;
    }
    float rx = nx * o.r, ry = ny * o.r; /* point = (ox + (nx * ro), oy + (ny * ro)) */
    rec->normal_x = canonical(nx);
    rec->normal_y = canonical(ny);
    rec->separation = canonical(sep);
    rec->point_x = canonical(o.x + rx);
    rec->point_y = canonical(o.y + ry);
    return reported;
}

/* "dist[i] receives the separation of element i": the contact record's. */
float ref_distance(cb_circle c, cb_box b)
{
    tk_contact r;
    ref_contact(c, b, 0.0f, 0, &r);
    return r.separation;
}

float ref_distance_circles(cb_circle c, cb_circle o)
{
    tk_contact r;
    ref_contact_circles(c, o, 0.0f, 0, &r);
    return r.separation;
}

/* ---- the ORIENTED BOXES contract */

/* The circle carried into the box's frame and the box there, transcribed
 * from cbatch.h: ex = px - cx, ey = py - cy, lx = (ex * c) + (ey * s),
 * ly = (ey * c) - (ex * s) (each product and sum rounded, in that order),
 * and the box (x0, y0, x1, y1) = (-hx, -hy, hx, hy), its signs flipped
 * exactly (unary minus: only the sign bit changes, NaNs included). */
typedef struct {
    cb_circle c;
    cb_box b;
} frame;

static frame into_frame(cb_circle c, cb_obox o)
{
    float ex = c.x - o.cx;
    float ey = c.y - o.cy;
    float exc = ex * o.c, eys = ey * o.s;
    float eyc = ey * o.c, exs = ex * o.s;
    frame f;
    f.c.x = exc + eys;
    f.c.y = eyc - exs;
    f.c.r = c.r;
    f.b.min_x = -o.hx, f.b.min_y = -o.hy;
    f.b.max_x = o.hx, f.b.max_y = o.hy;
    return f;
}

int ref_overlap_obox(cb_circle c, cb_obox o, unsigned flags)
{
    frame f = into_frame(c, o);
    return ref_overlap(f.c, f.b, flags);
}

/* The axis-aligned record in the frame (separation and feature as they
 * are), then the normal (mx, my) and the point (qx, qy) carried back:
 *     normal = ((mx * c) - (my * s),  (mx * s) + (my * c))
 *     point  = (cx + ((qx * c) - (qy * s)),  cy + ((qx * s) + (qy * c)))
 * The frame's record is already canonical: a NaN there stays a NaN here
 * (every operation above propagates it), canonical again at the end. */
int ref_contact_obox(cb_circle c, cb_obox o, float margin, unsigned flags, tk_contact *rec)
{
    frame f = into_frame(c, o);
    tk_contact r;
    int reported = ref_contact(f.c, f.b, margin, flags, rec ? &r : NULL);
    if (!rec)
        return reported;
    float mx = r.normal_x, my = r.normal_y, qx = r.point_x, qy = r.point_y;
    float mxc = mx * o.c, mys = my * o.s, mxs = mx * o.s, myc = my * o.c;
    float qxc = qx * o.c, qys = qy * o.s, qxs = qx * o.s, qyc = qy * o.c;
    float px = qxc - qys, py = qxs + qyc;
    rec->normal_x = canonical(mxc - mys);
    rec->normal_y = canonical(mxs + myc);
    rec->separation = r.separation;
    rec->point_x = canonical(o.cx + px);
    rec->point_y = canonical(o.cy + py);
    rec->feature = r.feature;
    return reported;
}

float ref_distance_obox(cb_circle c, cb_obox o)
{
    tk_contact r;
    ref_contact_obox(c, o, 0.0f, 0, &r);
    return r.separation;
}

/* -------------------------------------------------------------- entries */

const void *tk_pick(const cb_entry_info *d, const tk_views *v)
{
    int soa = d->layout == CB_LAYOUT_SOA;
    switch (d->many) {
    case CB_SHAPE_BOX: return soa ? (const void *)v->boxes : (const void *)v->boxes_aos;
    case CB_SHAPE_OBOX: return soa ? (const void *)v->oboxes : (const void *)v->oboxes_aos;
    case CB_SHAPE_SWEEP: return soa ? (const void *)v->sweeps : (const void *)v->sweeps_aos;
    default: return soa ? (const void *)v->circles : (const void *)v->circles_aos;
    }
}

cb_box tk_box_at(const cb_entry_info *d, const void *many, size_t i)
{
    if (d->layout == CB_LAYOUT_AOS)
        return ((const cb_box *)many)[i];
    const cb_box_soa *s = (const cb_box_soa *)many;
    cb_box b = {s->min_x[i], s->min_y[i], s->max_x[i], s->max_y[i]};
    return b;
}

cb_circle tk_circle_at(const cb_entry_info *d, const void *many, size_t i)
{
    if (d->layout == CB_LAYOUT_AOS)
        return ((const cb_circle *)many)[i];
    const cb_circle_soa *s = (const cb_circle_soa *)many;
    cb_circle c = {s->x[i], s->y[i], s->r[i]};
    return c;
}

cb_obox tk_obox_at(const cb_entry_info *d, const void *many, size_t i)
{
    if (d->layout == CB_LAYOUT_AOS)
        return ((const cb_obox *)many)[i];
    const cb_obox_soa *s = (const cb_obox_soa *)many;
    cb_obox o = {s->cx[i], s->cy[i], s->hx[i], s->hy[i], s->c[i], s->s[i]};
    return o;
}

cb_sweep tk_sweep_at(const cb_entry_info *d, const void *many, size_t i)
{
    if (d->layout == CB_LAYOUT_AOS)
        return ((const cb_sweep *)many)[i];
    const cb_sweep_soa *s = (const cb_sweep_soa *)many;
    cb_sweep w = {s->x[i], s->y[i], s->r[i], s->dx[i], s->dy[i]};
    return w;
}

void tk_element_sweeps(size_t n, const cb_circle_soa *cs, const cb_obox_soa *os, float *dx,
                       float *dy, cb_sweep *aos)
{
    for (size_t i = 0; i < n; i++) {
        dx[i] = signbit(os->c[i]) ? -os->hx[i] : os->hx[i];
        dy[i] = signbit(os->s[i]) ? -os->hy[i] : os->hy[i];
        if (aos) {
            cb_sweep w = {cs->x[i], cs->y[i], cs->r[i], dx[i], dy[i]};
            aos[i] = w;
        }
    }
}

size_t tk_soa_arrays(const cb_entry_info *d)
{
    if (d->layout != CB_LAYOUT_SOA)
        return 0;
    return d->many == CB_SHAPE_BOX      ? 4
           : d->many == CB_SHAPE_OBOX   ? 6
           : d->many == CB_SHAPE_SWEEP  ? 5
                                        : 3;
}

const void *tk_soa_without(const cb_entry_info *d, const void *many, size_t k, tk_soa *copy)
{
    const float **member[6] = {NULL};
    switch (d->many) {
    case CB_SHAPE_BOX:
        copy->box = *(const cb_box_soa *)many;
        member[0] = &copy->box.min_x, member[1] = &copy->box.min_y;
        member[2] = &copy->box.max_x, member[3] = &copy->box.max_y;
        break;
    case CB_SHAPE_OBOX:
        copy->obox = *(const cb_obox_soa *)many;
        member[0] = &copy->obox.cx, member[1] = &copy->obox.cy, member[2] = &copy->obox.hx;
        member[3] = &copy->obox.hy, member[4] = &copy->obox.c, member[5] = &copy->obox.s;
        break;
    case CB_SHAPE_SWEEP:
        copy->sweep = *(const cb_sweep_soa *)many;
        member[0] = &copy->sweep.x, member[1] = &copy->sweep.y, member[2] = &copy->sweep.r;
        member[3] = &copy->sweep.dx, member[4] = &copy->sweep.dy;
        break;
    default:
        copy->circle = *(const cb_circle_soa *)many;
        member[0] = &copy->circle.x, member[1] = &copy->circle.y, member[2] = &copy->circle.r;
        break;
    }
    if (k < tk_soa_arrays(d))
        *member[k] = NULL;
    return copy;
}

cb_sweep tk_sweep_of(const tk_probe *p)
{
    /* no arithmetic: a sign copied by its bit is the same in every float mode */
    cb_sweep w = {p->circle.x, p->circle.y, p->circle.r,
                  signbit(p->obox.c) ? -p->obox.hx : p->obox.hx,
                  signbit(p->obox.s) ? -p->obox.hy : p->obox.hy};
    return w;
}

cb_args tk_args(const cb_entry_info *d, const tk_probe *p, const void *many, size_t n, void *out,
                unsigned flags, float margin)
{
    cb_args a;
    memset(&a, 0, sizeof a);
    switch (d->one) {
    case CB_SHAPE_CIRCLE: a.circle = p->circle; break;
    case CB_SHAPE_BOX: a.box = p->box; break;
    case CB_SHAPE_OBOX: a.obox = p->obox; break;
    case CB_SHAPE_SWEEP: a.sweep = tk_sweep_of(p); break;
    case CB_SHAPE_GRID: /* never a single shape */
    case CB_SHAPE_SELF:
    case CB_SHAPE_GRID_SELF:
    case CB_SHAPE_ICIRCLE: /* the integer shapes' probes: check_integer.c */
    case CB_SHAPE_IBOX:
        break;
    }
    a.many = many, a.n = n, a.out = out, a.flags = flags, a.margin = margin;
    return a;
}

/* One shape of kind k: the single one of a (many == NULL) or element i. */
static const char *describe(cb_shape k, const cb_entry_info *d, const cb_args *a, const void *many,
                            size_t i, char *buf, size_t size)
{
    if (k == CB_SHAPE_CIRCLE) {
        cb_circle c = many ? tk_circle_at(d, many, i) : a->circle;
        snprintf(buf, size, "circle (%a, %a, r %a)", (double)c.x, (double)c.y, (double)c.r);
    } else if (k == CB_SHAPE_BOX) {
        cb_box b = many ? tk_box_at(d, many, i) : a->box;
        snprintf(buf, size, "box (%a, %a, %a, %a)", (double)b.min_x, (double)b.min_y,
                 (double)b.max_x, (double)b.max_y);
    } else if (k == CB_SHAPE_SWEEP) {
        cb_sweep w = many ? tk_sweep_at(d, many, i) : a->sweep;
        snprintf(buf, size, "sweep (%a, %a, r %a, d %a, %a)", (double)w.x, (double)w.y, (double)w.r,
                 (double)w.dx, (double)w.dy);
    } else {
        cb_obox o = many ? tk_obox_at(d, many, i) : a->obox;
        snprintf(buf, size, "obox (centre %a, %a, half %a, %a, rotation %a, %a)", (double)o.cx,
                 (double)o.cy, (double)o.hx, (double)o.hy, (double)o.c, (double)o.s);
    }
    return buf;
}

const char *tk_describe_element(const cb_entry_info *d, const cb_args *a, size_t i, char *buf,
                                size_t size)
{
    char one[160], el[160];
    describe(d->one, d, a, NULL, 0, one, sizeof one);
    describe(d->many, d, a, a->many, i, el, sizeof el);
    snprintf(buf, size, "%s vs element %zu: %s", one, i, el);
    return buf;
}

const float tk_rotations[][2] = {
    /* unit pairs (TK_ROTATIONS_UNIT of them): quarter turns, signed zeros */
    {1.0f, 0.0f}, {0.0f, 1.0f}, {-1.0f, 0.0f}, {0.0f, -1.0f},
    {1.0f, -0.0f}, {-0.0f, 1.0f}, {-1.0f, -0.0f}, {-0.0f, -1.0f},
    /* 3-4-5 and 7-24-25 (the floats nearest), 45, 30 and 60 degrees, 1 and 2 radians */
    {0.6f, 0.8f}, {0.8f, 0.6f}, {-0.6f, 0.8f}, {0.8f, -0.6f}, {-0.8f, -0.6f},
    {0.28f, 0.96f}, {-0.96f, 0.28f},
    {0.70710677f, 0.70710677f}, {-0.70710677f, 0.70710677f},
    {0.8660254f, 0.5f}, {0.5f, -0.8660254f},
    {0.5403023f, 0.84147096f}, {-0.41614684f, 0.9092974f},
    /* one ulp off unit length; cos of the float nearest pi/2; a denormal sine */
    {1.0000001f, 0.0f}, {0.0f, 0.99999994f}, {-4.371139e-8f, 1.0f}, {1.0f, 0x1p-149f},
    /* not unit: slightly (beyond 2^-20), badly, degenerate */
    {1.0000019f, 0.0f}, {0.6f, 0.80001f}, {0.99999f, 0.0f},
    {2.0f, 0.0f}, {0.5f, 0.5f}, {3.0f, 4.0f}, {1.0f, 1.0f}, {0.0f, 0.5f},
    {0.0f, 0.0f}, {-0.0f, -0.0f}, {0x1p-149f, 0.0f}, {1e-30f, 1e-30f},
    /* huge: the frame's products overflow */
    {FLT_MAX, FLT_MAX}, {1e30f, -1e30f},
    /* infinite and NaN components */
    {INFINITY, 0.0f}, {0.0f, -INFINITY}, {INFINITY, INFINITY},
    {NAN, 0.0f}, {0.0f, NAN}, {-NAN, 1.0f}, {NAN, NAN},
};
const size_t tk_rotation_count = sizeof tk_rotations / sizeof tk_rotations[0];

cb_obox tk_obox_of_box(cb_box b, float c, float s)
{
    float x0 = b.min_x * 0.5f, x1 = b.max_x * 0.5f, y0 = b.min_y * 0.5f, y1 = b.max_y * 0.5f;
    cb_obox o = {x0 + x1, y0 + y1, x1 - x0, y1 - y0, c, s};
    return o;
}

/* Adding a query: its pair function above, and its case here. */
int ref_element(const cb_entry_info *d, const cb_args *a, size_t i, float *separation,
                tk_contact *rec)
{
    unsigned strict = a->flags & CB_STRICT;
    /* the pair as (circle, box), (circle, oriented box) or (circle, circle),
     * whichever shape is single: 0 circles, 1 boxes, 2 oriented boxes; a
     * candidate is circle candidates[i].i of the set against element .j */
    int pair;
    cb_circle c = a->circle, o = {0, 0, 0};
    cb_box b = a->box;
    cb_obox ob = a->obox;
    if (d->form == CB_FORM_CANDIDATES) {
        const cb_circle_soa *s = a->circles;
        size_t k = a->candidates[i].i;
        c.x = s->x[k], c.y = s->y[k], c.r = s->r[k];
        i = a->candidates[i].j;
    }
    if (d->one == CB_SHAPE_BOX && d->many == CB_SHAPE_CIRCLE)
        pair = 1, c = tk_circle_at(d, a->many, i);
    else if (d->one == CB_SHAPE_CIRCLE && d->many == CB_SHAPE_BOX)
        pair = 1, b = tk_box_at(d, a->many, i);
    else if (d->one == CB_SHAPE_OBOX && d->many == CB_SHAPE_CIRCLE)
        pair = 2, c = tk_circle_at(d, a->many, i);
    else if (d->one == CB_SHAPE_CIRCLE && d->many == CB_SHAPE_OBOX)
        pair = 2, ob = tk_obox_at(d, a->many, i);
    else if (d->one == CB_SHAPE_CIRCLE && d->many == CB_SHAPE_CIRCLE)
        pair = 0, o = tk_circle_at(d, a->many, i);
    else
        pair = -1;
    tk_contact r;
    switch (pair < 0 ? -1 : (int)d->query) {
    case CB_QUERY_OVERLAP:
        return pair == 1   ? ref_overlap(c, b, strict)
               : pair == 2 ? ref_overlap_obox(c, ob, strict)
                           : ref_overlap_circles(c, o, strict);
    case CB_QUERY_DISTANCE:
        if (separation)
            *separation = pair == 1   ? ref_distance(c, b)
                          : pair == 2 ? ref_distance_obox(c, ob)
                                      : ref_distance_circles(c, o);
        return 0;
    case CB_QUERY_CONTACTS: {
        int hit = pair == 1   ? ref_contact(c, b, a->margin, strict, &r)
                  : pair == 2 ? ref_contact_obox(c, ob, a->margin, strict, &r)
                              : ref_contact_circles(c, o, a->margin, strict, &r);
        if (separation)
            *separation = r.separation;
        if (rec)
            *rec = r;
        return hit;
    }
    default:
        break;
    }
    fprintf(stderr, "reference: no contract for entry %s\n", d->name);
    return -1;
}

/* The sweep of element i of a sweep entry's call, and the element's index
 * in a->many: the single sweep and i, or candidate i's sweep and element;
 * moving circles against one box: sweep i (the box is a->box). */
static cb_sweep sweep_of(const cb_entry_info *d, const cb_args *a, size_t *i)
{
    if (d->many == CB_SHAPE_SWEEP)
        return tk_sweep_at(d, a->many, *i);
    if (d->form != CB_FORM_CANDIDATES)
        return a->sweep;
    const cb_sweep_soa *s = a->sweeps;
    size_t k = a->candidates[*i].i;
    *i = a->candidates[*i].j;
    cb_sweep w = {s->x[k], s->y[k], s->r[k], s->dx[k], s->dy[k]};
    return w;
}

float ref_time(const cb_entry_info *d, const cb_args *a, size_t i)
{
    unsigned strict = a->flags & CB_STRICT;
    cb_sweep w = sweep_of(d, a, &i);
    if (d->many == CB_SHAPE_SWEEP)
        return ref_sweep_box(w, a->box, strict);
    if (d->many == CB_SHAPE_BOX)
        return ref_sweep_box(w, tk_box_at(d, a->many, i), strict);
    if (d->many == CB_SHAPE_OBOX)
        return ref_sweep_obox(w, tk_obox_at(d, a->many, i), strict);
    return ref_sweep_circle(w, tk_circle_at(d, a->many, i), strict);
}

/* Element i's hit record in a sweep entry's call (cbatch.h, "Hit records"):
 * its time, and the contact contract's record at the centre at impact. */
static float ref_sweep_record(const cb_entry_info *d, const cb_args *a, size_t i, tk_contact *r)
{
    float t = ref_time(d, a, i);
    cb_sweep w = sweep_of(d, a, &i);
    cb_circle c = {w.x + t * w.dx, w.y + t * w.dy, w.r};
    if (d->many == CB_SHAPE_SWEEP)
        ref_contact(c, a->box, 0.0f, 0, r);
    else if (d->many == CB_SHAPE_BOX)
        ref_contact(c, tk_box_at(d, a->many, i), 0.0f, 0, r);
    else if (d->many == CB_SHAPE_OBOX)
        ref_contact_obox(c, tk_obox_at(d, a->many, i), 0.0f, 0, r);
    else
        ref_contact_circles(c, tk_circle_at(d, a->many, i), 0.0f, 0, r);
    r->separation = t;
    return t;
}

int ref_hit(const cb_entry_info *d, const cb_args *a, size_t i)
{
    if (d->query == CB_QUERY_DISTANCE)
        return 0;
    if (d->query == CB_QUERY_SWEEP) /* touched in [0, 1] */
        return ref_time(d, a, i) <= 1.0f;
    if (tk_is_integer(d))
        return ref_ipair(d, a, i).hit;
    return ref_element(d, a, i, NULL, NULL);
}

void tk_contact_store(const cb_contacts *o, size_t at, uint32_t index, const tk_contact *r)
{
    o->index[at] = index;
    o->normal_x[at] = r->normal_x, o->normal_y[at] = r->normal_y;
    o->separation[at] = r->separation;
    o->point_x[at] = r->point_x, o->point_y[at] = r->point_y;
    o->feature[at] = r->feature;
}

size_t ref_entry(const cb_entry_info *d, const cb_args *a)
{
    if (d->form == CB_FORM_PAIRS)
        return ref_pairs(d, a);
    if (tk_is_integer(d)) /* batch and candidates */
        return ref_int_entry(d, a);
    size_t count = 0, n = d->form == CB_FORM_CANDIDATES ? a->n_candidates : a->n;
    switch (d->output) {
    case CB_OUTPUT_MASK: {
        uint64_t *mask = (uint64_t *)a->out;
        for (size_t w = 0; w < (n + 63) / 64; w++)
            mask[w] = 0;
        for (size_t i = 0; i < n; i++)
            if (ref_hit(d, a, i) == 1)
                mask[i / 64] |= (uint64_t)1 << (i % 64), count++;
        return count;
    }
    case CB_OUTPUT_INDICES:
        for (size_t i = 0; i < n; i++)
            if (ref_hit(d, a, i) == 1)
                ((uint32_t *)a->out)[count++] = (uint32_t)i;
        return count;
    case CB_OUTPUT_DISTANCES:
        for (size_t i = 0; i < n; i++)
            ref_element(d, a, i, &((float *)a->out)[i], NULL);
        return n;
    case CB_OUTPUT_TIMES:
        for (size_t i = 0; i < n; i++)
            ((float *)a->out)[i] = ref_time(d, a, i);
        return n;
    case CB_OUTPUT_HITS:
    case CB_OUTPUT_FIRST_HIT: { /* a record per hit, or of the least t (the first of equals) */
        const cb_sweep_hits *o = (const cb_sweep_hits *)a->out;
        int first = d->output == CB_OUTPUT_FIRST_HIT;
        for (size_t i = 0; i < n; i++) {
            tk_contact r;
            float t = ref_time(d, a, i);
            if (!(t <= 1.0f) || (first && count && !(t < o->t[0])))
                continue;
            ref_sweep_record(d, a, i, &r);
            size_t at = first ? 0 : count;
            count = first ? 1 : count + 1;
            o->index[at] = (uint32_t)i, o->t[at] = r.separation;
            o->normal_x[at] = r.normal_x, o->normal_y[at] = r.normal_y;
            o->point_x[at] = r.point_x, o->point_y[at] = r.point_y;
            o->feature[at] = r.feature;
        }
        return count;
    }
    case CB_OUTPUT_CONTACTS: {
        const cb_contacts *o = (const cb_contacts *)a->out;
        for (size_t i = 0; i < n; i++) {
            tk_contact r;
            if (ref_element(d, a, i, NULL, &r) != 1)
                continue;
            tk_contact_store(o, count++, (uint32_t)i, &r);
        }
        return count;
    }
    case CB_OUTPUT_PAIRS: /* the pairs form's: ref_pairs */
    case CB_OUTPUT_MATRIX:
    case CB_OUTPUT_PAIR_CONTACTS:
    case CB_OUTPUT_INT_PAIR_CONTACTS:
    case CB_OUTPUT_PAIR_FIRST_HITS:
    case CB_OUTPUT_INT_DISTANCES: /* the integer shapes': ref_int_entry */
    case CB_OUTPUT_INT_CONTACTS:
        break;
    }
    fprintf(stderr, "reference: no output kind %d (entry %s)\n", (int)d->output, d->name);
    return CB_INVALID;
}

size_t tk_find_entry(cb_form form, cb_query query, cb_shape one, cb_shape many,
                     cb_layout layout, cb_output output)
{
    cb_entry_info want = {NULL, form, query, one, many, layout, output};
    return cb_entry_lookup(&want);
}
