/* validity.c - the validators' and converters' contracts of cbatch.h, one element at a time, written independently of src/validate.c and src/convert.c: what the fuzzer, the digest and the suites compare the library with. */
#include "reference.h"

#include <math.h>

/* The first fault in the header's order: NAN, INFINITE, then the shape's
 * own (a float comparison: -0 and +0 are equal; in the default float mode
 * a denormal compares as itself). */
static cb_fault finite_fault(const float *v, int n)
{
    for (int i = 0; i < n; i++)
        if (isnan(v[i]))
            return CB_FAULT_NAN;
    for (int i = 0; i < n; i++)
        if (isinf(v[i]))
            return CB_FAULT_INFINITE;
    return CB_FAULT_NONE;
}

cb_fault ref_box_fault(cb_box b)
{
    float v[4] = {b.min_x, b.min_y, b.max_x, b.max_y};
    cb_fault f = finite_fault(v, 4);
    if (f == CB_FAULT_NONE && (b.min_x > b.max_x || b.min_y > b.max_y))
        f = CB_FAULT_INVERTED;
    return f;
}

cb_fault ref_circle_fault(cb_circle c)
{
    float v[3] = {c.x, c.y, c.r};
    cb_fault f = finite_fault(v, 3);
    if (f == CB_FAULT_NONE && c.r < 0)
        f = CB_FAULT_NEGATIVE_RADIUS;
    return f;
}

/* c*c + s*s - 1 - t exactly, as its sign: c*c and s*s are exact in double
 * (48-bit products), their sum is split into a double and its exact
 * rounding error (two-sum), and hi - 1 - t is exact for sums near 1
 * (Sterbenz) and t a power of 2 near the difference's magnitude. */
int ref_unit_cmp(float c, float s, double t)
{
    double a = (double)c * c, b = (double)s * s;
    double hi = a + b;
    if (!(hi >= 0.5 && hi <= 2.0))
        return hi < 0.5 ? -1 : 1; /* far from 1 + t for the t near 0 asked for */
    double bb = hi - a, lo = (a - (hi - bb)) + (b - bb);
    double d = (hi - 1) - t; /* exact: hi in [1/2, 2], t = +-2^-20 */
    double v = d + lo;       /* rounding keeps the sign of the exact d + lo */
    return v > 0 ? 1 : v < 0 ? -1 : 0;
}

int ref_unit_rotation(float c, float s)
{
    return ref_unit_cmp(c, s, 0x1p-20) <= 0 && ref_unit_cmp(c, s, -0x1p-20) >= 0;
}

cb_fault ref_obox_fault(cb_obox o)
{
    float v[6] = {o.cx, o.cy, o.hx, o.hy, o.c, o.s};
    cb_fault f = finite_fault(v, 6);
    if (f != CB_FAULT_NONE)
        return f;
    if (o.hx < 0 || o.hy < 0) /* -0 is not below 0, a negative denormal is */
        return CB_FAULT_INVERTED;
    return ref_unit_rotation(o.c, o.s) ? CB_FAULT_NONE : CB_FAULT_NOT_UNIT;
}

cb_box ref_box_from_center(cb_box_center a)
{
    cb_box b = {a.cx - a.hx, a.cy - a.hy, a.cx + a.hx, a.cy + a.hy};
    return b;
}

cb_box ref_box_from_corner(cb_box_corner k)
{
    cb_box b = {k.x, k.y, k.x + k.w, k.y + k.h};
    return b;
}

cb_obox ref_obox_from_box(cb_box b, cb_rot r)
{
    float x0 = b.min_x * 0.5f, x1 = b.max_x * 0.5f, y0 = b.min_y * 0.5f, y1 = b.max_y * 0.5f;
    cb_obox o = {x0 + x1, y0 + y1, x1 - x0, y1 - y0, r.c, r.s};
    return o;
}

cb_obox ref_obox_from_corner(cb_box_corner k, cb_rot r)
{
    float hx = k.w * 0.5f, hy = k.h * 0.5f;
    cb_obox o = {k.x + hx, k.y + hy, hx, hy, r.c, r.s};
    return o;
}
