/* validate.c - find the first malformed box, circle or oriented box, with integer tests on the float bits so no float mode (DAZ) can change the verdict (the unit test of a rotation runs in double inside the float guard). */
#include "fenv_guard.h"
#include "internal.h"

#include <string.h>

static inline uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline int is_nan(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }
static inline int is_inf(uint32_t u) { return (u & 0x7fffffffu) == 0x7f800000u; }

/* Order key for non-NaN floats: sign-magnitude to two's complement, so -0 and
 * +0 get the same key and every other float keeps its order, denormals too. */
static inline int32_t order_key(uint32_t u)
{
    int32_t mag = (int32_t)(u & 0x7fffffffu);
    return (u & 0x80000000u) ? -mag : mag;
}

static cb_fault box_fault(float x0, float y0, float x1, float y1)
{
    uint32_t a = bits_of(x0), b = bits_of(y0), c = bits_of(x1), d = bits_of(y1);
    if (is_nan(a) || is_nan(b) || is_nan(c) || is_nan(d))
        return CB_FAULT_NAN;
    if (is_inf(a) || is_inf(b) || is_inf(c) || is_inf(d))
        return CB_FAULT_INFINITE;
    if (order_key(a) > order_key(c) || order_key(b) > order_key(d))
        return CB_FAULT_INVERTED;
    return CB_FAULT_NONE;
}

static cb_fault circle_fault(float x, float y, float r)
{
    uint32_t a = bits_of(x), b = bits_of(y), c = bits_of(r);
    if (is_nan(a) || is_nan(b) || is_nan(c))
        return CB_FAULT_NAN;
    if (is_inf(a) || is_inf(b) || is_inf(c))
        return CB_FAULT_INFINITE;
    if (order_key(c) < 0)
        return CB_FAULT_NEGATIVE_RADIUS;
    return CB_FAULT_NONE;
}

static size_t report(size_t i, cb_fault f, cb_fault *fault)
{
    if (fault)
        *fault = f;
    return i;
}

size_t cb_validate_boxes(const cb_box_soa *b, size_t n, cb_fault *fault)
{
    if (n && (!b || !b->min_x || !b->min_y || !b->max_x || !b->max_y))
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    for (size_t i = 0; i < n; i++) {
        cb_fault f = box_fault(b->min_x[i], b->min_y[i], b->max_x[i], b->max_y[i]);
        if (f != CB_FAULT_NONE)
            return report(i, f, fault);
    }
    return report(n, CB_FAULT_NONE, fault);
}

size_t cb_validate_boxes_aos(const cb_box *b, size_t n, cb_fault *fault)
{
    if (n && !b)
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    for (size_t i = 0; i < n; i++) {
        cb_fault f = box_fault(b[i].min_x, b[i].min_y, b[i].max_x, b[i].max_y);
        if (f != CB_FAULT_NONE)
            return report(i, f, fault);
    }
    return report(n, CB_FAULT_NONE, fault);
}

size_t cb_validate_circles(const cb_circle_soa *c, size_t n, cb_fault *fault)
{
    if (n && (!c || !c->x || !c->y || !c->r))
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    for (size_t i = 0; i < n; i++) {
        cb_fault f = circle_fault(c->x[i], c->y[i], c->r[i]);
        if (f != CB_FAULT_NONE)
            return report(i, f, fault);
    }
    return report(n, CB_FAULT_NONE, fault);
}

size_t cb_validate_circles_aos(const cb_circle *c, size_t n, cb_fault *fault)
{
    if (n && !c)
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    for (size_t i = 0; i < n; i++) {
        cb_fault f = circle_fault(c[i].x, c[i].y, c[i].r);
        if (f != CB_FAULT_NONE)
            return report(i, f, fault);
    }
    return report(n, CB_FAULT_NONE, fault);
}

/* An oriented box: finite; half-extents >= 0 (-0 included); and (c, s) a
 * unit pair within 2^-20. The squares of binary32 numbers are exact in
 * double (48-bit products, exponents far inside double's range), so the
 * only rounding is the sum's, in round-to-nearest (the caller's guard):
 * the verdict can differ from the exact one only within 2^-53 of the edge. */
static cb_fault obox_fault(float cx, float cy, float hx, float hy, float c, float s)
{
    uint32_t u[6] = {bits_of(cx), bits_of(cy), bits_of(hx), bits_of(hy), bits_of(c), bits_of(s)};
    for (int k = 0; k < 6; k++)
        if (is_nan(u[k]))
            return CB_FAULT_NAN;
    for (int k = 0; k < 6; k++)
        if (is_inf(u[k]))
            return CB_FAULT_INFINITE;
    if (order_key(u[2]) < 0 || order_key(u[3]) < 0)
        return CB_FAULT_INVERTED;
    double dc = c, ds = s;
    double off = ((dc * dc) + (ds * ds)) - 1.0;
    if (!(off <= 0x1p-20 && off >= -0x1p-20))
        return CB_FAULT_NOT_UNIT;
    return CB_FAULT_NONE;
}

size_t cb_validate_oboxes(const cb_obox_soa *b, size_t n, cb_fault *fault)
{
    if (n && (!b || !b->cx || !b->cy || !b->hx || !b->hy || !b->c || !b->s))
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    cb_fenv e = cb_fenv_enter();
    size_t i = 0;
    cb_fault f = CB_FAULT_NONE;
    for (; i < n; i++) {
        f = obox_fault(b->cx[i], b->cy[i], b->hx[i], b->hy[i], b->c[i], b->s[i]);
        if (f != CB_FAULT_NONE)
            break;
    }
    cb_fenv_leave(e);
    return report(i, f, fault);
}

size_t cb_validate_oboxes_aos(const cb_obox *b, size_t n, cb_fault *fault)
{
    if (n && !b)
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    cb_fenv e = cb_fenv_enter();
    size_t i = 0;
    cb_fault f = CB_FAULT_NONE;
    for (; i < n; i++) {
        f = obox_fault(b[i].cx, b[i].cy, b[i].hx, b[i].hy, b[i].c, b[i].s);
        if (f != CB_FAULT_NONE)
            break;
    }
    cb_fenv_leave(e);
    return report(i, f, fault);
}

/* Integer boxes and circles: every int32 is a number, so only the order of
 * a box's corners and the sign of a radius can be wrong. */
static cb_fault ibox_fault(int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    return x0 > x1 || y0 > y1 ? CB_FAULT_INVERTED : CB_FAULT_NONE;
}

size_t cb_validate_iboxes(const cb_ibox_soa *b, size_t n, cb_fault *fault)
{
    if (n && (!b || !b->min_x || !b->min_y || !b->max_x || !b->max_y))
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    for (size_t i = 0; i < n; i++) {
        cb_fault f = ibox_fault(b->min_x[i], b->min_y[i], b->max_x[i], b->max_y[i]);
        if (f != CB_FAULT_NONE)
            return report(i, f, fault);
    }
    return report(n, CB_FAULT_NONE, fault);
}

size_t cb_validate_iboxes_aos(const cb_ibox *b, size_t n, cb_fault *fault)
{
    if (n && !b)
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    for (size_t i = 0; i < n; i++) {
        cb_fault f = ibox_fault(b[i].min_x, b[i].min_y, b[i].max_x, b[i].max_y);
        if (f != CB_FAULT_NONE)
            return report(i, f, fault);
    }
    return report(n, CB_FAULT_NONE, fault);
}

size_t cb_validate_icircles(const cb_icircle_soa *c, size_t n, cb_fault *fault)
{
    if (n && (!c || !c->x || !c->y || !c->r))
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    for (size_t i = 0; i < n; i++)
        if (c->r[i] < 0)
            return report(i, CB_FAULT_NEGATIVE_RADIUS, fault);
    return report(n, CB_FAULT_NONE, fault);
}

size_t cb_validate_icircles_aos(const cb_icircle *c, size_t n, cb_fault *fault)
{
    if (n && !c)
        return report(CB_INVALID, CB_FAULT_NONE, fault);
    for (size_t i = 0; i < n; i++)
        if (c[i].r < 0)
            return report(i, CB_FAULT_NEGATIVE_RADIUS, fault);
    return report(n, CB_FAULT_NONE, fault);
}
