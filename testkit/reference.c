/* reference.c - the independent reference of every query's contract, one pair at a time, and whole entries run through it (see reference.h). */
#include "bits.h"
#include "reference.h"

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

/* floor(sqrt(v)) by digits (two bits of v per bit of the root); *rem gets
 * v - root^2, so the root is exact exactly when *rem == 0. */
static uint64_t isqrt64(uint64_t v, uint64_t *rem)
{
    uint64_t root = 0, bit = (uint64_t)1 << 62;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= root + bit) {
            v -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    *rem = v;
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

/* -------------------------------------------------------------- entries */

const void *tk_pick(const cb_entry_info *d, const tk_views *v)
{
    if (d->many == CB_SHAPE_BOX)
        return d->layout == CB_LAYOUT_SOA ? (const void *)v->boxes : (const void *)v->boxes_aos;
    return d->layout == CB_LAYOUT_SOA ? (const void *)v->circles : (const void *)v->circles_aos;
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

/* Adding a query: its pair function above, and its case here. */
int ref_element(const cb_entry_info *d, const cb_args *a, size_t i, float *separation,
                tk_contact *rec)
{
    unsigned strict = a->flags & CB_STRICT;
    /* the pair as (circle, box) or (circle, circle), whichever shape is single */
    int boxes = d->one != d->many;
    cb_circle c = a->circle, o = {0, 0, 0};
    cb_box b = a->box;
    if (d->one == CB_SHAPE_BOX && d->many == CB_SHAPE_CIRCLE)
        c = tk_circle_at(d, a->many, i);
    else if (d->one == CB_SHAPE_CIRCLE && d->many == CB_SHAPE_BOX)
        b = tk_box_at(d, a->many, i);
    else if (d->one == CB_SHAPE_CIRCLE && d->many == CB_SHAPE_CIRCLE)
        o = tk_circle_at(d, a->many, i);
    else
        boxes = -1;
    tk_contact r;
    switch (boxes < 0 ? -1 : (int)d->query) {
    case CB_QUERY_OVERLAP:
        return boxes ? ref_overlap(c, b, strict) : ref_overlap_circles(c, o, strict);
    case CB_QUERY_DISTANCE:
        if (separation)
            *separation = boxes ? ref_distance(c, b) : ref_distance_circles(c, o);
        return 0;
    case CB_QUERY_CONTACTS: {
        int hit = boxes ? ref_contact(c, b, a->margin, strict, &r)
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

int ref_hit(const cb_entry_info *d, const cb_args *a, size_t i)
{
    if (d->query == CB_QUERY_DISTANCE)
        return 0;
    return ref_element(d, a, i, NULL, NULL);
}

size_t ref_entry(const cb_entry_info *d, const cb_args *a)
{
    size_t count = 0, n = a->n;
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
    case CB_OUTPUT_CONTACTS: {
        const cb_contacts *o = (const cb_contacts *)a->out;
        for (size_t i = 0; i < n; i++) {
            tk_contact r;
            if (ref_element(d, a, i, NULL, &r) != 1)
                continue;
            o->index[count] = (uint32_t)i;
            o->normal_x[count] = r.normal_x, o->normal_y[count] = r.normal_y;
            o->separation[count] = r.separation;
            o->point_x[count] = r.point_x, o->point_y[count] = r.point_y;
            o->feature[count] = r.feature;
            count++;
        }
        return count;
    }
    }
    fprintf(stderr, "reference: no output kind %d (entry %s)\n", (int)d->output, d->name);
    return CB_INVALID;
}

size_t tk_find_entry(cb_query query, cb_shape one, cb_shape many, cb_layout layout,
                     cb_output output)
{
    size_t ne = cb_entry_count();
    for (size_t e = 0; e < ne; e++) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (d->query == query && d->one == one && d->many == many && d->layout == layout &&
            d->output == output)
            return e;
    }
    return ne;
}
