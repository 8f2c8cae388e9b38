/* clamp_loop.c - the plain clamp loop a user would write (one byte per element), its signed-distance analogue and its oriented-box form, built twice: -O2 baseline ISA and -O3 -march=native (see bench/meson.build). */
#include "bench.h"

#include <math.h>

/*
 * This is the "no library" baseline: the contract written as the obvious C
 * loop, left to the compiler. meson.build compiles this file into two static
 * libraries with CB_CLAMP_PREFIX = clamp_o2 / clamp_native and their own
 * optimisation and -march flags; both keep the project's -ffp-contract=off,
 * so neither may fuse a*b+c and both give the library's exact answers (the
 * benchmark checks that). Conditionals rather than fminf/fmaxf: they are the
 * contract's MIN/MAX and compile to minps/maxps, while GCC calls libm for
 * fminf. No restrict: a user rarely writes it; the compiler checks aliasing
 * at run time instead.
 *
 * The dist_ loops are the signed-distance contract of cbatch.h written the
 * same way, straight from the header's text: the clamp, the length
 * sqrt(d2), or m * sqrt(1 + t * t) for tiny or huge offsets, the nearest face for a centre inside, selects rather
 * than branches, the canonical NaN. sqrtf and the division are single IEEE
 * operations here (the project builds with -fno-math-errno), so the loop
 * gives the library's bits, and the compiler may vectorise it.
 *
 * The obox loops are the ORIENTED BOXES overlap contract the same way: the
 * circle's centre carried into the box's frame, lx = (ex * c) + (ey * s),
 * ly = (ey * c) - (ex * s), then the clamp above against (-hx, -hy, hx, hy).
 * The header flips the signs as -0 - h, which equals -h for every h that is
 * not NaN; the benchmark's boxes have none, and the check compares bits.
 */
#ifndef CB_CLAMP_PREFIX
#error "define CB_CLAMP_PREFIX (clamp_o2 or clamp_native)"
#endif

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define FN(name) CAT(CB_CLAMP_PREFIX, name)

/* What this build needs from the CPU, in cb_cpu_features() bits, so the
 * benchmark (built at the baseline ISA) can skip it where it would fault,
 * e.g. under valgrind, which hides AVX-512. Data, not code: reading it runs
 * none of this file's instructions. */
const uint32_t FN(isa) = BENCH_BUILD_ISA;

#ifdef CB_CLAMP_NATIVE
const int clamp_native_is_native = CB_CLAMP_NATIVE;
#endif

static inline int hit(float cx, float cy, float r2, float x0, float y0, float x1, float y1)
{
    float px = cx > x0 ? cx : x0;
    px = px < x1 ? px : x1;
    float py = cy > y0 ? cy : y0;
    py = py < y1 ? py : y1;
    float dx = cx - px, dy = cy - py;
    return dx * dx + dy * dy <= r2;
}

static inline int ohit(float px, float py, float r2, float cx, float cy, float hx, float hy,
                       float c, float s)
{
    float ex = px - cx, ey = py - cy;
    float lx = ex * c + ey * s;
    float ly = ey * c - ex * s;
    return hit(lx, ly, r2, -hx, -hy, hx, hy);
}

static inline float canonical(float s)
{
    const union {
        uint32_t u;
        float f;
    } qnan = {0x7FC00000u};
    return s == s ? s : qnan.f;
}

static inline float dist(float cx, float cy, float r, float x0, float y0, float x1, float y1)
{
    float px = cx > x0 ? cx : x0;
    px = px < x1 ? px : x1;
    float py = cy > y0 ? cy : y0;
    py = py < y1 ? py : y1;
    float dx = cx - px, dy = cy - py;
    float ax = fabsf(dx), ay = fabsf(dy);
    float m = ax > ay ? ax : ay;           /* MAX(ax, ay) */
    float direct = sqrtf(dx * dx + dy * dy); /* 2^-50 <= m <= 2^50 */
    float t = (ax < ay ? ax : ay) / m;     /* otherwise: MIN(ax, ay) / m */
    float l = sqrtf(1.0f + t * t);
    float outside = (m >= 0x1p-50f && m <= 0x1p50f ? direct : m * l) - r;
    /* centre inside: the nearest of the faces -x, +x, -y, +y */
    float b = cx - x0, f = x1 - cx;
    b = f < b ? f : b;
    f = cy - y0;
    b = f < b ? f : b;
    f = y1 - cy;
    b = f < b ? f : b;
    float inside = 0.0f - (b + r);
    return canonical(m == 0.0f ? inside : outside);
}

void FN(box_soa)(cb_circle c, const cb_box_soa *b, size_t n, unsigned char *out)
{
    const float *x0 = b->min_x, *y0 = b->min_y, *x1 = b->max_x, *y1 = b->max_y;
    float r2 = c.r * c.r;
    for (size_t i = 0; i < n; i++)
        out[i] = (unsigned char)hit(c.x, c.y, r2, x0[i], y0[i], x1[i], y1[i]);
}

void FN(box_aos)(cb_circle c, const cb_box *b, size_t n, unsigned char *out)
{
    float r2 = c.r * c.r;
    for (size_t i = 0; i < n; i++)
        out[i] = (unsigned char)hit(c.x, c.y, r2, b[i].min_x, b[i].min_y, b[i].max_x, b[i].max_y);
}

void FN(circle_soa)(const cb_circle_soa *c, size_t n, cb_box b, unsigned char *out)
{
    const float *x = c->x, *y = c->y, *r = c->r;
    for (size_t i = 0; i < n; i++)
        out[i] = (unsigned char)hit(x[i], y[i], r[i] * r[i], b.min_x, b.min_y, b.max_x, b.max_y);
}

void FN(circle_aos)(const cb_circle *c, size_t n, cb_box b, unsigned char *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (unsigned char)hit(c[i].x, c[i].y, c[i].r * c[i].r, b.min_x, b.min_y, b.max_x,
                                    b.max_y);
}

void FN(dist_box_soa)(cb_circle c, const cb_box_soa *b, size_t n, float *out)
{
    const float *x0 = b->min_x, *y0 = b->min_y, *x1 = b->max_x, *y1 = b->max_y;
    for (size_t i = 0; i < n; i++)
        out[i] = dist(c.x, c.y, c.r, x0[i], y0[i], x1[i], y1[i]);
}

void FN(dist_box_aos)(cb_circle c, const cb_box *b, size_t n, float *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = dist(c.x, c.y, c.r, b[i].min_x, b[i].min_y, b[i].max_x, b[i].max_y);
}

void FN(dist_circle_soa)(const cb_circle_soa *c, size_t n, cb_box b, float *out)
{
    const float *x = c->x, *y = c->y, *r = c->r;
    for (size_t i = 0; i < n; i++)
        out[i] = dist(x[i], y[i], r[i], b.min_x, b.min_y, b.max_x, b.max_y);
}

void FN(dist_circle_aos)(const cb_circle *c, size_t n, cb_box b, float *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = dist(c[i].x, c[i].y, c[i].r, b.min_x, b.min_y, b.max_x, b.max_y);
}

void FN(obox_soa)(cb_circle c, const cb_obox_soa *b, size_t n, unsigned char *out)
{
    const float *cx = b->cx, *cy = b->cy, *hx = b->hx, *hy = b->hy, *co = b->c, *si = b->s;
    float r2 = c.r * c.r;
    for (size_t i = 0; i < n; i++)
        out[i] = (unsigned char)ohit(c.x, c.y, r2, cx[i], cy[i], hx[i], hy[i], co[i], si[i]);
}

void FN(obox_aos)(cb_circle c, const cb_obox *b, size_t n, unsigned char *out)
{
    float r2 = c.r * c.r;
    for (size_t i = 0; i < n; i++)
        out[i] = (unsigned char)ohit(c.x, c.y, r2, b[i].cx, b[i].cy, b[i].hx, b[i].hy, b[i].c,
                                     b[i].s);
}

void FN(circle_obox_soa)(const cb_circle_soa *c, size_t n, cb_obox b, unsigned char *out)
{
    const float *x = c->x, *y = c->y, *r = c->r;
    for (size_t i = 0; i < n; i++)
        out[i] = (unsigned char)ohit(x[i], y[i], r[i] * r[i], b.cx, b.cy, b.hx, b.hy, b.c, b.s);
}

void FN(circle_obox_aos)(const cb_circle *c, size_t n, cb_obox b, unsigned char *out)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (unsigned char)ohit(c[i].x, c[i].y, c[i].r * c[i].r, b.cx, b.cy, b.hx, b.hy, b.c,
                                     b.s);
}
