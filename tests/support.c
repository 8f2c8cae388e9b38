/* support.c - test helpers: guard pages (mmap/mprotect on POSIX, VirtualAlloc/VirtualProtect on Windows, a checked canary page where there is no memory protection), the suite seed, adversarial values, corpora. */
#define _DEFAULT_SOURCE
#include "support.h"

#include <bits.h>

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* No fork, signals, threads or dlfcn here: the plain checker builds this
 * file for Windows (MinGW-w64) and wasm32-wasi too. */
#if defined(_WIN32)
#include <process.h> /* _getpid */
#include <windows.h>
#define TB_PROTECT 1
#elif defined(__wasi__)
#define TB_PROTECT 0 /* WebAssembly linear memory has no page protection */
#else
#include <sys/mman.h>
#include <unistd.h>
#define TB_PROTECT 1
#endif

/* The guard: with memory protection, a page that faults on any access;
 * without, a page filled with this byte, checked when the buffer is freed
 * (an over-write shows then; an over-read does not). */
#define TB_GUARD_BYTE 0xD7

int tb_guard_pages(void) { return TB_PROTECT; }

static size_t page_size(void)
{
#if defined(_WIN32)
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    return si.dwPageSize;
#elif TB_PROTECT
    return (size_t)sysconf(_SC_PAGESIZE);
#else
    return 4096; /* only the canary guard's size: nothing to align to */
#endif
}

/* len bytes, readable and writable, page-aligned; NULL when out of memory. */
static unsigned char *map_pages(size_t len)
{
#if defined(_WIN32)
    return VirtualAlloc(NULL, len, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
#elif TB_PROTECT
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
#else
    return aligned_alloc(page_size(), len);
#endif
}

static void unmap_pages(unsigned char *base, size_t len)
{
#if defined(_WIN32)
    (void)len;
    VirtualFree(base, 0, MEM_RELEASE);
#elif TB_PROTECT
    munmap(base, len);
#else
    (void)len;
    free(base);
#endif
}

/* Makes [p, p + page) the guard. */
static void guard(unsigned char *p, size_t page)
{
#if defined(_WIN32)
    DWORD old;
    if (!VirtualProtect(p, page, PAGE_NOACCESS, &old)) {
        fprintf(stderr, "VirtualProtect failed (error %lu)\n", (unsigned long)GetLastError());
        abort();
    }
#elif TB_PROTECT
    if (mprotect(p, page, PROT_NONE) != 0) {
        perror("mprotect");
        abort();
    }
#else
    memset(p, TB_GUARD_BYTE, page);
#endif
}

/* Live buffers, so tb_free can unmap the whole mapping (and, without memory
 * protection, check the guard). Not thread-safe: allocate before starting
 * threads. */
#define TB_MAX_LIVE 4096
static struct {
    void *user;
    unsigned char *base, *guard;
    size_t len;
} live[TB_MAX_LIVE];

void *tb_alloc_guarded(size_t bytes, int before)
{
    size_t page = page_size();
    size_t data = (bytes + page - 1) / page * page;
    if (data == 0)
        data = page;
    size_t len = data + page;
    unsigned char *base = map_pages(len);
    if (!base) {
        fprintf(stderr, "tb_alloc_guarded: out of memory (%zu bytes)\n", len);
        abort();
    }
    unsigned char *user, *g;
    if (before) { /* [guard | data...]: the first byte follows the guard page */
        g = base;
        user = base + page;
    } else { /* [...data | guard]: the last byte precedes the guard page */
        g = base + data;
        user = base + data - bytes;
    }
    guard(g, page);
    for (int i = 0; i < TB_MAX_LIVE; i++)
        if (!live[i].user) {
            live[i].user = user, live[i].base = base, live[i].guard = g, live[i].len = len;
            return user;
        }
    fprintf(stderr, "tb_alloc_guarded: too many live buffers\n");
    abort();
}

void tb_free(void *p)
{
    if (!p)
        return;
    for (int i = 0; i < TB_MAX_LIVE; i++)
        if (live[i].user && (unsigned char *)p >= live[i].base &&
            (unsigned char *)p < live[i].base + live[i].len) {
            if (!TB_PROTECT) {
                size_t page = page_size();
                for (size_t k = 0; k < page; k++)
                    if (live[i].guard[k] != TB_GUARD_BYTE) {
                        fprintf(stderr, "tb_free: byte %zu of the guard %s a buffer was written\n",
                                k, live[i].guard == live[i].base ? "before" : "after");
                        abort();
                    }
            }
            unmap_pages(live[i].base, live[i].len);
            live[i].user = NULL;
            return;
        }
    fprintf(stderr, "tb_free: unknown pointer\n");
    abort();
}

/* tb_out_new's allocator: where each array goes. */
typedef struct {
    int before;
    size_t misalign;
} out_place;

static void *guarded_alloc(void *ctx, size_t bytes, size_t align)
{
    const out_place *p = ctx;
    if (!p->before)
        return tb_alloc_guarded(bytes, 0);
    size_t offset = p->misalign * align;
    return (unsigned char *)tb_alloc_guarded(offset + bytes + TK_OUT_PAD, 1) + offset;
}

static void guarded_free(void *ctx, void *q)
{
    (void)ctx;
    tb_free(q);
}

void tb_out_new(tk_out *o, const cb_entry_info *d, size_t n, int before, size_t misalign)
{
    out_place p = {before, misalign};
    if (!tk_out_alloc(o, d, n, guarded_alloc, guarded_free, &p))
        abort(); /* tb_alloc_guarded aborts first */
    o->release_ctx = NULL; /* guarded_free needs no context: p dies here */
    o->pad_after = before ? TK_OUT_PAD : 0;
}

/* What tells apart two runs started in the same second. */
static uint64_t salt(void)
{
#if defined(_WIN32)
    return (uint64_t)_getpid();
#elif TB_PROTECT
    return (uint64_t)getpid();
#else /* WASI has no process ids: the wall clock's nanoseconds */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_nsec;
#endif
}

uint64_t tb_seed(void)
{
    static uint64_t seed;
    static int known;
    if (!known) {
        const char *env = getenv("CB_SEED");
        seed = env && *env ? strtoull(env, NULL, 0)
                           : (uint64_t)time(NULL) * TK_GOLDEN ^ salt();
        known = 1;
        fprintf(stderr, "cbatch test seed: 0x%016" PRIx64 " (replay with CB_SEED=0x%016" PRIx64 ")\n",
                seed, seed);
    }
    return seed;
}

void tb_seed_share(void)
{
    const char *env = getenv("CB_SEED");
    if (env && *env)
        return;
    char buf[32];
    snprintf(buf, sizeof buf, "0x%016" PRIx64, tb_seed());
#if defined(_WIN32)
    _putenv_s("CB_SEED", buf);
#else
    setenv("CB_SEED", buf, 1);
#endif
}

tk_rng tb_rng_for(uint64_t stream)
{
    tk_rng r = {tb_seed() ^ (stream * 0xD1B54A32D192ED03ull)};
    tk_next(&r); /* decorrelate nearby streams */
    return r;
}

const float tb_adversarial[] = {
    0.0f, -0.0f, 1.0f, -1.0f, 2.0f, -2.0f, 3.0f, 0.5f,
    1.0e-45f,        /* smallest denormal */
    -1.0e-45f,
    1.1754942e-38f,  /* largest denormal */
    -1.1754942e-38f,
    FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX,
    INFINITY, -INFINITY,
    NAN, -NAN,
    1.0000001f,      /* 1 + 1 ulp */
    0.99999994f,     /* 1 - 1 ulp */
    1.8446744e19f,   /* 2^64: its square overflows */
    5.421011e-20f,   /* 2^-64: its square underflows */
    16777216.0f, 16777218.0f, -16777216.0f,
    100.0f, -100.0f, 0.1f, -0.1f,
#if defined(__GNUC__) || defined(__clang__)
    __builtin_nansf(""), /* a signalling NaN */
#endif
};
const size_t tb_adversarial_count = sizeof tb_adversarial / sizeof tb_adversarial[0];

const float tb_margins[] = {
    0.0f, -0.0f, 1.0e-45f, 0.125f, 0.1f, 1.0f, 3.0f, 64.0f, 1.0e30f, FLT_MAX,
};
const size_t tb_margin_count = sizeof tb_margins / sizeof tb_margins[0];

const float tb_bad_margins[] = {
    NAN, -NAN, INFINITY, -INFINITY, -1.0f, -1.0e-45f, -FLT_MIN, -FLT_MAX,
#if defined(__GNUC__) || defined(__clang__)
    __builtin_nansf(""),
#endif
};
const size_t tb_bad_margin_count = sizeof tb_bad_margins / sizeof tb_bad_margins[0];

static void *alloc_at(size_t bytes, int before, size_t offset)
{
    return (unsigned char *)tb_alloc_guarded(bytes + offset, before) + offset;
}

tb_corpus tb_corpus_new_at(size_t n, int before, size_t offset)
{
    tb_corpus c;
    c.n = n;
    c.min_x = alloc_at(n * sizeof(float), before, offset);
    c.min_y = alloc_at(n * sizeof(float), before, offset);
    c.max_x = alloc_at(n * sizeof(float), before, offset);
    c.max_y = alloc_at(n * sizeof(float), before, offset);
    c.boxes = alloc_at(n * sizeof(cb_box), before, offset);
    c.x = alloc_at(n * sizeof(float), before, offset);
    c.y = alloc_at(n * sizeof(float), before, offset);
    c.r = alloc_at(n * sizeof(float), before, offset);
    c.circles = alloc_at(n * sizeof(cb_circle), before, offset);
    c.cx = alloc_at(n * sizeof(float), before, offset);
    c.cy = alloc_at(n * sizeof(float), before, offset);
    c.hx = alloc_at(n * sizeof(float), before, offset);
    c.hy = alloc_at(n * sizeof(float), before, offset);
    c.c = alloc_at(n * sizeof(float), before, offset);
    c.s = alloc_at(n * sizeof(float), before, offset);
    c.oboxes = alloc_at(n * sizeof(cb_obox), before, offset);
    c.obox_soa = (cb_obox_soa){c.cx, c.cy, c.hx, c.hy, c.c, c.s};
    c.dx = alloc_at(n * sizeof(float), before, offset);
    c.dy = alloc_at(n * sizeof(float), before, offset);
    c.sweeps = alloc_at(n * sizeof(cb_sweep), before, offset);
    c.sweep_soa = (cb_sweep_soa){c.x, c.y, c.r, c.dx, c.dy};
    return c;
}

tb_corpus tb_corpus_new(size_t n) { return tb_corpus_new_at(n, 0, 0); }

void tb_corpus_free(tb_corpus *c)
{
    tb_free(c->min_x), tb_free(c->min_y), tb_free(c->max_x), tb_free(c->max_y);
    tb_free(c->boxes);
    tb_free(c->x), tb_free(c->y), tb_free(c->r);
    tb_free(c->circles);
    tb_free(c->cx), tb_free(c->cy), tb_free(c->hx), tb_free(c->hy), tb_free(c->c), tb_free(c->s);
    tb_free(c->oboxes);
    tb_free(c->dx), tb_free(c->dy), tb_free(c->sweeps);
    memset(c, 0, sizeof *c);
}

void tb_corpus_copy(tb_corpus *dst, const tb_corpus *src)
{
    for (size_t i = 0; i < dst->n && i < src->n; i++) {
        /* set the box first: it writes its twin, which the obox then replaces */
        tb_corpus_set_box(dst, i, src->boxes[i]);
        tb_corpus_set_circle(dst, i, src->circles[i]);
        tb_corpus_set_obox(dst, i, src->oboxes[i]);
    }
}

cb_box_soa tb_corpus_boxes(const tb_corpus *c)
{
    cb_box_soa s = {c->min_x, c->min_y, c->max_x, c->max_y};
    return s;
}

cb_circle_soa tb_corpus_circles(const tb_corpus *c)
{
    cb_circle_soa s = {c->x, c->y, c->r};
    return s;
}

cb_obox_soa tb_corpus_oboxes(const tb_corpus *c) { return c->obox_soa; }

tk_views tb_corpus_views(const tb_corpus *c, cb_box_soa *bs, cb_circle_soa *cs)
{
    *bs = tb_corpus_boxes(c);
    *cs = tb_corpus_circles(c);
    tk_views v = {bs, c->boxes, cs, c->circles, &c->obox_soa, c->oboxes, &c->sweep_soa, c->sweeps};
    return v;
}

/* Sweep i after circle i or oriented box i changed. */
static void sync_sweep(tb_corpus *c, size_t i)
{
    cb_circle_soa cs = {c->x + i, c->y + i, c->r + i};
    cb_obox_soa os = {c->cx + i, c->cy + i, c->hx + i, c->hy + i, c->c + i, c->s + i};
    tk_element_sweeps(1, &cs, &os, c->dx + i, c->dy + i, c->sweeps + i);
}

void tb_corpus_set_box(tb_corpus *c, size_t i, cb_box b)
{
    c->min_x[i] = b.min_x, c->min_y[i] = b.min_y, c->max_x[i] = b.max_x, c->max_y[i] = b.max_y;
    c->boxes[i] = b;
    tb_corpus_set_obox(c, i, tb_obox_of(b));
}

void tb_corpus_set_obox(tb_corpus *c, size_t i, cb_obox o)
{
    c->cx[i] = o.cx, c->cy[i] = o.cy, c->hx[i] = o.hx, c->hy[i] = o.hy, c->c[i] = o.c;
    c->s[i] = o.s;
    c->oboxes[i] = o;
    sync_sweep(c, i);
}

/* ------------------------------------------------- rotations, oriented boxes */

/* A uniform double in [0, 1) from 53 random bits. */
static double unit_double(tk_rng *r) { return (double)(tk_next(r) >> 11) * 0x1p-53; }

static float adversarial_or_any(tk_rng *r);

void tb_rotation(tk_rng *r, int unit_only, float *c, float *s)
{
    uint64_t k = tk_next(r) % (unit_only ? 4 : 8);
    switch (k) {
    case 0: { /* a unit pair of the table */
        const float *p = tk_rotations[tk_next(r) % TK_ROTATIONS_UNIT];
        *c = p[0], *s = p[1];
        return;
    }
    case 4: { /* any pair of the table, the non-unit ones included */
        const float *p = tk_rotations[tk_next(r) % tk_rotation_count];
        *c = p[0], *s = p[1];
        return;
    }
    case 5: /* adversarial values or any bit patterns */
        *c = adversarial_or_any(r), *s = adversarial_or_any(r);
        return;
    default: { /* the floats nearest cos and sin of an angle in [-pi, pi) */
        double t = (unit_double(r) * 2.0 - 1.0) * 3.14159265358979323846;
        *c = (float)cos(t), *s = (float)sin(t);
        return;
    }
    }
}

cb_obox tb_obox_of(cb_box b)
{
    /* FNV-1a of the box's bits seeds the rotation's draw */
    const float v[4] = {b.min_x, b.min_y, b.max_x, b.max_y};
    uint64_t h = 0xcbf29ce484222325ull;
    for (int j = 0; j < 4; j++) {
        uint32_t u;
        memcpy(&u, &v[j], sizeof u);
        for (int k = 0; k < 4; k++)
            h = (h ^ ((u >> (8 * k)) & 0xffu)) * 0x100000001b3ull;
    }
    tk_rng r = {h};
    float c, s;
    tb_rotation(&r, 1, &c, &s);
    return tk_obox_of_box(b, c, s);
}

cb_obox tb_obox_placed(cb_box rel, float px, float py, float c, float s)
{
    double ux = ((double)rel.min_x + rel.max_x) * 0.5, uy = ((double)rel.min_y + rel.max_y) * 0.5;
    cb_obox o;
    o.cx = (float)((double)px + (ux * c - uy * s));
    o.cy = (float)((double)py + (ux * s + uy * c));
    o.hx = (float)(((double)rel.max_x - rel.min_x) * 0.5);
    o.hy = (float)(((double)rel.max_y - rel.min_y) * 0.5);
    o.c = c, o.s = s;
    return o;
}

cb_obox tb_any_obox(tk_rng *r)
{
    cb_obox o = {adversarial_or_any(r), adversarial_or_any(r), adversarial_or_any(r),
                 adversarial_or_any(r), 0, 0};
    tb_rotation(r, 0, &o.c, &o.s);
    return o;
}

tk_probe tb_probe(cb_circle c, cb_box b)
{
    tk_probe p = {c, b, tb_obox_of(b)};
    return p;
}

void tb_corpus_set_circle(tb_corpus *c, size_t i, cb_circle ci)
{
    c->x[i] = ci.x, c->y[i] = ci.y, c->r[i] = ci.r;
    c->circles[i] = ci;
    sync_sweep(c, i);
}

void tb_corpus_fill_random(tb_corpus *c, tk_rng *r)
{
    for (size_t i = 0; i < c->n; i++) {
        float x = tk_uniform(r, 0.f, 256.f), y = tk_uniform(r, 0.f, 256.f);
        cb_box b = {x, y, x + tk_uniform(r, 0.5f, 8.f), y + tk_uniform(r, 0.5f, 8.f)};
        tb_corpus_set_box(c, i, b);
        cb_circle ci = {tk_uniform(r, 0.f, 256.f), tk_uniform(r, 0.f, 256.f),
                        tk_uniform(r, 0.5f, 4.f)};
        if (tk_next(r) % 4 == 0) { /* put some circles exactly on a box edge or corner */
            ci.x = (tk_next(r) & 1) ? b.min_x - ci.r : b.max_x + ci.r;
            ci.y = (tk_next(r) & 1) ? b.min_y : b.max_y;
        }
        tb_corpus_set_circle(c, i, ci);
    }
}

static float adversarial_or_any(tk_rng *r)
{
    uint64_t k = tk_next(r);
    return (k & 7) == 0 ? tk_any_float(r) : tb_adversarial[(k >> 3) % tb_adversarial_count];
}

void tb_corpus_fill_adversarial(tb_corpus *c, tk_rng *r)
{
    for (size_t i = 0; i < c->n; i++) {
        cb_box b = {adversarial_or_any(r), adversarial_or_any(r), adversarial_or_any(r),
                    adversarial_or_any(r)};
        tb_corpus_set_box(c, i, b);
        cb_circle ci = {adversarial_or_any(r), adversarial_or_any(r), adversarial_or_any(r)};
        tb_corpus_set_circle(c, i, ci);
        /* half the oriented boxes keep the box's values as centre and
         * extents (inverted boxes give negative half-extents), the others
         * are adversarial throughout; the rotation is adversarial in both */
        cb_obox o = tk_next(r) & 1 ? c->oboxes[i] : tb_any_obox(r);
        tb_rotation(r, 0, &o.c, &o.s);
        tb_corpus_set_obox(c, i, o);
    }
}

/* A float a few ulps from f (f finite): 0 to 2 steps either way. */
static float nudge(tk_rng *r, float f)
{
    int steps = (int)(tk_next(r) % 5) - 2;
    for (; steps > 0; steps--)
        f = nextafterf(f, INFINITY);
    for (; steps < 0; steps++)
        f = nextafterf(f, -INFINITY);
    return f;
}

/* A point at distance d from (x, y) in the quadrant (sx, sy), rounded to
 * float: both offsets nonzero, their squares inexact. */
static void on_arc(tk_rng *r, float x, float y, float d, int sx, int sy, float *px, float *py)
{
    double t = 0.05 + 1.47 * (double)tk_uniform(r, 0.f, 1.f); /* angle in (0, pi/2) */
    *px = nudge(r, (float)(x + sx * d * cos(t)));
    *py = nudge(r, (float)(y + sy * d * sin(t)));
}

/* A box of size w x h relative to the origin (the centre of a circle of
 * radius rad) that touches that circle, by mode: 0 its corner on the arc in
 * the quadrant (sx, sy), the box beyond it; 1 its side at x = sx rad,
 * spanning the centre's height; 2 its corner at the origin; 3 its side
 * through the origin (in 2 and 3 the circle's centre is on the box's
 * boundary). */
static cb_box touching_rel(tk_rng *r, float rad, int sx, int sy, int mode, float w, float h)
{
    float px, py;
    switch (mode) {
    case 0: /* corner on the arc */
        on_arc(r, 0, 0, rad, sx, sy, &px, &py);
        break;
    case 1: /* side: straight along x, the box spanning the centre's height */
        px = nudge(r, (float)sx * rad), py = tk_uniform(r, -h, 0.f);
        sy = 1;
        break;
    case 2: /* the centre on the corner */
        px = 0, py = 0;
        break;
    default: /* the centre on a side */
        px = 0, py = tk_uniform(r, -h, 0.f);
        sy = 1;
        break;
    }
    cb_box b;
    b.min_x = sx > 0 ? px : px - w, b.max_x = sx > 0 ? px + w : px;
    b.min_y = sy > 0 ? py : py - h, b.max_y = sy > 0 ? py + h : py;
    return b;
}

/* (x, y) turned by the rotation of o about its centre, then moved there:
 * a point given in o's frame, in the world (in double, rounded once). */
static void from_frame(cb_obox o, double x, double y, float *wx, float *wy)
{
    *wx = (float)((double)o.cx + (x * o.c - y * o.s));
    *wy = (float)((double)o.cy + (x * o.s + y * o.c));
}

void tb_corpus_fill_touching(tb_corpus *c, tk_rng *r, cb_circle circle, cb_box box)
{
    float rad = fabsf(circle.r);
    cb_obox twin = tb_obox_of(box);
    for (size_t i = 0; i < c->n; i++) {
        uint64_t k = tk_next(r);
        int sx = (k & 1) ? 1 : -1, sy = (k & 2) ? 1 : -1;
        float w = tk_uniform(r, 0.5f, 8.f), h = tk_uniform(r, 0.5f, 8.f);
        /* a box whose corner, or side, lies on the circle */
        cb_box b;
        float px, py;
        if ((k >> 2) % 4 != 0) {
            on_arc(r, circle.x, circle.y, rad, sx, sy, &px, &py);
        } else { /* side: straight left/right of the centre */
            px = nudge(r, circle.x + (float)sx * rad), py = circle.y + tk_uniform(r, -h, 0.f);
            sy = 1;
        }
        b.min_x = sx > 0 ? px : px - w, b.max_x = sx > 0 ? px + w : px;
        b.min_y = sy > 0 ? py : py - h, b.max_y = sy > 0 ? py + h : py;
        tb_corpus_set_box(c, i, b);

        /* an oriented box touching `circle` in its own frame: corners and
         * sides mostly, the circle's centre on its boundary sometimes */
        uint64_t q = tk_next(r);
        int mode = q % 8 == 7 ? 2 + (int)((q >> 3) & 1) : (q >> 4) % 4 == 0 ? 1 : 0;
        float oc, os;
        tb_rotation(r, 1, &oc, &os);
        cb_obox o = tb_obox_placed(touching_rel(r, rad, sx, sy, mode, w, h), circle.x, circle.y,
                                   oc, os);
        o.cx = nudge(r, o.cx), o.cy = nudge(r, o.cy);
        tb_corpus_set_obox(c, i, o);

        /* a circle touching a corner (or a side) of `box` from outside, or
         * (odd i) of its twin, in the twin's frame */
        cb_circle ci;
        ci.r = tk_uniform(r, 0.5f, 4.f);
        if (i % 2) {
            /* touching_rel's box touches a circle at the origin with its
             * corner (ex, ey), in the quadrant (sx, sy), or its side; the
             * twin's corner (-sx hx, -sy hy) takes the place of that corner,
             * so the circle's centre is that corner minus (ex, ey) in the
             * twin's frame (on its boundary in modes 2 and 3) */
            cb_box rel = touching_rel(r, ci.r, sx, sy, mode, 1, 1);
            float ex = sx > 0 ? rel.min_x : rel.max_x, ey = sy > 0 ? rel.min_y : rel.max_y;
            float thx = fabsf(twin.hx), thy = fabsf(twin.hy);
            if (mode == 1 || mode == 3) /* a side: the centre anywhere along it */
                ey = tk_uniform(r, -thy, thy) - (float)sy * thy;
            from_frame(twin, -(double)sx * thx - ex, -(double)sy * thy - ey, &ci.x, &ci.y);
            ci.x = nudge(r, ci.x), ci.y = nudge(r, ci.y);
        } else {
            float kx = sx > 0 ? box.max_x : box.min_x, ky = sy > 0 ? box.max_y : box.min_y;
            if ((k >> 4) % 4 != 0) {
                on_arc(r, kx, ky, ci.r, sx, sy, &ci.x, &ci.y);
            } else {
                ci.x = nudge(r, kx + (float)sx * ci.r);
                ci.y = tk_uniform(r, box.min_y, box.max_y);
            }
        }
        tb_corpus_set_circle(c, i, ci);
    }
}

float tb_rexp(tk_rng *g, const int r[2])
{
    int e = r[0] + (int)(tk_next(g) % (uint64_t)(r[1] - r[0] + 1));
    float v = ldexpf(tk_uniform(g, 1.f, 2.f), e);
    return tk_next(g) & 1 ? -v : v;
}

float tb_rmag(tk_rng *g, const int r[2], unsigned zero_in)
{
    if (tk_next(g) % zero_in == 0)
        return 0.f;
    return fabsf(tb_rexp(g, r));
}

float tb_radius_at(tk_rng *g, const tb_scale_class *s, double dist)
{
    switch (tk_next(g) % 5) {
    case 0: return 0.f;
    case 1: return tb_rmag(g, s->ext, 1 << 20);
    case 2: case 3: return dist > 0 ? (float)dist : tb_rmag(g, s->ext, 1 << 20);
    default: return (float)(dist * 2 * (double)tk_uniform(g, 0.f, 1.f));
    }
}

int tb_overlap_one(cb_circle c, cb_box b, unsigned flags)
{
    uint64_t mask = 0;
    return cb_batch_overlap_aos(c, &b, 1, &mask, flags) == 1;
}

double tb_ulpf(double x)
{
    x = fabs(x);
    if (x < 0x1p-126)
        return 0x1p-149;
    int e;
    frexp(x, &e); /* x in [2^(e-1), 2^e) */
    return ldexp(1.0, e - 24);
}

double tb_clampd(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

int tb_canonical(float f) { return !isnan(f) || tk_bits(f) == 0x7FC00000u; }
