/* fuzz_format.c - decode fuzz input bytes into a case: header, tagged floats, anchors that make shapes touch, the contact margin, oriented boxes with tagged rotations, a deterministic stream past the end. */
#include "fuzz_format.h"
#include "reference.h"
#include "rng.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const float fz_special[] = {
    0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, 3.0f, 4.0f, 5.0f,
    0x1p-149f,  -0x1p-149f,  /* smallest denormals */
    0x1p-127f,  0x1.fffffcp-127f, -0x1.fffffcp-127f, /* denormals, the largest */
    FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX,
    INFINITY, -INFINITY, NAN, -NAN,
    0x1p-70f, 0x1p-71f, 0x1.8p-70f, /* squares in the denormal range */
    0x1p-63f, 0x1p-64f,  /* squares near FLT_MIN */
    0x1p64f, 0x1p63f,    /* squares that overflow / almost */
    0x1.fffffep63f,
    16777216.0f, 16777217.0f /* (rounds to 2^24) */, 16777218.0f, -16777216.0f,
    0.1f, -0.1f, 1.0000001f, 0.99999994f, 1e30f, -1e30f, 1e-30f,
};
const size_t fz_special_count = sizeof fz_special / sizeof fz_special[0];

typedef struct {
    const uint8_t *p;
    size_t left;
    tk_rng s; /* the stream of bytes past the end */
    uint64_t buf;
    int have;
} reader;

static uint8_t rd(reader *r)
{
    if (r->left) {
        r->left--;
        return *r->p++;
    }
    if (!r->have) {
        r->buf = tk_next(&r->s);
        r->have = 8;
    }
    r->have--;
    uint8_t b = (uint8_t)r->buf;
    r->buf >>= 8;
    return b;
}

static float step_ulps(float f, int k)
{
    for (; k > 0; k--)
        f = nextafterf(f, INFINITY);
    for (; k < 0; k++)
        f = nextafterf(f, -INFINITY);
    return f;
}

/* One float; anchors[0..7] are the context's touching values. */
static float rd_float(reader *r, const float anchors[8])
{
    uint8_t t = rd(r);
    switch (t >> 6) {
    case 0: {
        int v = (int)((t & 0x3E) >> 1) - 16;
        return (t & 1) ? (float)v : (float)v * 0.25f;
    }
    case 1: return fz_special[(t & 0x3F) % fz_special_count];
    case 2: {
        uint32_t u = (uint32_t)rd(r);
        u |= (uint32_t)rd(r) << 8;
        u |= (uint32_t)rd(r) << 16;
        u |= (uint32_t)rd(r) << 24;
        float f;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    default: return step_ulps(anchors[(t >> 3) & 7], (int)(t & 7) - 4);
    }
}

/* One rotation (c, s), as fuzz_format.h describes. */
static void rd_rotation(reader *r, float *c, float *s)
{
    uint8_t t = rd(r);
    if (t < 0x80) {
        *c = tk_rotations[t % tk_rotation_count][0], *s = tk_rotations[t % tk_rotation_count][1];
    } else if (t < 0xC0) {
        double a = (double)(t & 0x3F) * (3.14159265358979323846 / 32);
        *c = (float)cos(a), *s = (float)sin(a);
    } else {
        static const float parts[8] = {1.0f, 0.0f, -1.0f, 0.6f, 0.8f, 0x1p-70f, 2.0f, 0.70710677f};
        *c = rd_float(r, parts);
        *s = rd_float(r, parts);
    }
}

/* The centre that puts (px, py) at (lx, ly) in the frame of a box turned by
 * (c, s): centre = p - R l, in the contract's own float operations. */
static void centre_for(float px, float py, float lx, float ly, float c, float s, float *ox,
                       float *oy)
{
    float rx = (lx * c) - (ly * s), ry = (lx * s) + (ly * c);
    *ox = px - rx, *oy = py - ry;
}

/* The oriented boxes, decoded after everything else (fuzz_format.h). */
static void rd_oboxes(reader *r, fz_case *c)
{
    float px = c->circle.x, py = c->circle.y, pr = c->circle.r;
    float bx0 = c->box.min_x, by0 = c->box.min_y, bx1 = c->box.max_x, by1 = c->box.max_y;
    float hbx = (bx1 * 0.5f) - (bx0 * 0.5f), hby = (by1 * 0.5f) - (by0 * 0.5f);
    cb_obox *o = &c->obox;
    rd_rotation(r, &o->c, &o->s);
    const float ahx[8] = {hbx, hby, 1.0f, 0.5f, pr, 0.0f, -1.0f, 0x1p-70f};
    const float ahy[8] = {hby, hbx, 1.0f, 0.5f, pr, 0.0f, -1.0f, 0x1p-70f};
    o->hx = rd_float(r, ahx);
    o->hy = rd_float(r, ahy);
    const float acx[8] = {(bx0 * 0.5f) + (bx1 * 0.5f), px, bx0, bx1, 0.0f, px - pr, px + pr, 1.0f};
    const float acy[8] = {(by0 * 0.5f) + (by1 * 0.5f), py, by0, by1, 0.0f, py - pr, py + pr, 1.0f};
    o->cx = rd_float(r, acx);
    o->cy = rd_float(r, acy);

    float prev_hx = 1.0f, prev_hy = 1.0f;
    for (size_t i = 0; i < c->n; i++) {
        cb_obox b;
        rd_rotation(r, &b.c, &b.s);
        const float ax[8] = {1.0f, 0.5f, pr, 2.0f, prev_hx, 0.0f, -1.0f, 0x1p-70f};
        b.hx = rd_float(r, ax);
        const float ay[8] = {1.0f, 0.5f, pr, b.hx, prev_hy, 0.0f, -0.5f, 4.0f};
        b.hy = rd_float(r, ay);
        /* the circle's centre in the box's frame: beyond each face by r,
         * beyond the corner (hx, hy) by (0.6 r, 0.8 r), on that corner, on
         * the face -x, at the centre */
        const float lx[8] = {-(b.hx + pr), b.hx + pr, 0.0f, 0.0f,
                             b.hx + (0.6f * pr), b.hx, -b.hx, 0.0f};
        const float ly[8] = {0.0f, 0.0f, -(b.hy + pr), b.hy + pr,
                             b.hy + (0.8f * pr), b.hy, 0.0f, 0.0f};
        float acxs[8], acys[8];
        for (int k = 0; k < 8; k++)
            centre_for(px, py, lx[k], ly[k], b.c, b.s, &acxs[k], &acys[k]);
        b.cx = rd_float(r, acxs);
        b.cy = rd_float(r, acys);
        c->oboxes[i] = b;
        prev_hx = b.hx, prev_hy = b.hy;
    }
}

int fz_decode(const uint8_t *data, size_t size, fz_case *c)
{
    memset(c, 0, sizeof *c);
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a of the whole input seeds the stream */
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 0x100000001b3ull;
    reader r = {data, size, {h}, 0, 0};

    uint8_t b0 = rd(&r);
    c->flags = b0 & (FZ_STRICT | FZ_NULL_WHEN_EMPTY);
    c->sticky = (b0 & FZ_STICKY) != 0;
    c->mode = (b0 >> 3) & 7;
    unsigned v = rd(&r);
    v |= (unsigned)rd(&r) << 8;
    c->n = (v & 0x8000u) ? FZ_N_DIRECT + (v & FZ_N_LONG_MASK) : v % FZ_N_DIRECT;
    uint8_t b3 = rd(&r);
    c->align = b3 & 15;
    c->null_ptr = (b3 >> 4) >= 13 ? (b3 >> 4) - 12 : 0;
    uint8_t b4 = rd(&r), b5 = rd(&r);
    c->junk_flags = (b4 & 15) == 15 ? ((uint32_t)(b4 >> 4) | 1u) << (2 + b5 % 30) : 0; /* bits 0-1 are CB_STRICT, CB_TRUST_FENV */

    static const float consts[8] = {0.0f, 1.0f, -1.0f, 0.5f, 100.0f, 0x1p-70f, 3.0f, 4.0f};
    c->circle.x = rd_float(&r, consts);
    c->circle.y = rd_float(&r, consts);
    c->circle.r = rd_float(&r, consts);
    float cx = c->circle.x, cy = c->circle.y, cr = c->circle.r;
    /* The box of the circles shapes: anchors around the circle. */
    const float around[8] = {cx - cr, cx + cr, cy - cr, cy + cr, cx, cy, cr, -cr};
    c->box.min_x = rd_float(&r, around);
    c->box.min_y = rd_float(&r, around);
    c->box.max_x = rd_float(&r, around);
    c->box.max_y = rd_float(&r, around);

    size_t n = c->n;
    c->boxes = malloc((n ? n : 1) * sizeof *c->boxes);
    c->circles = malloc((n ? n : 1) * sizeof *c->circles);
    c->oboxes = malloc((n ? n : 1) * sizeof *c->oboxes);
    if (!c->boxes || !c->circles || !c->oboxes)
        abort();
    cb_box prev = {0, 0, 1, 1};
    float bx0 = c->box.min_x, by0 = c->box.min_y, bx1 = c->box.max_x, by1 = c->box.max_y;
    float prev_r = 1.0f;
    for (size_t i = 0; i < n; i++) {
        /* Box i touches the circle on a side or a corner when an anchor is
         * chosen with 0 ulps; the previous box's value makes equal edges. */
        cb_box b;
        float a0[8] = {cx - cr, cx + cr, cy - cr, cy + cr, cx, cy, prev.min_x, prev.max_x};
        b.min_x = rd_float(&r, a0);
        float a1[8] = {cy - cr, cy + cr, cx - cr, cx + cr, cy, cx, prev.min_y, b.min_x};
        b.min_y = rd_float(&r, a1);
        float a2[8] = {cx - cr, cx + cr, b.min_x, cx, cy + cr, cy - cr, prev.max_x, b.min_x + 1.0f};
        b.max_x = rd_float(&r, a2);
        float a3[8] = {cy - cr, cy + cr, b.min_y, cy, cx + cr, cx - cr, prev.max_y, b.min_y + 1.0f};
        b.max_y = rd_float(&r, a3);
        c->boxes[i] = b;
        prev = b;
        /* Circle i: the radius first, so the centre can sit at box edge +- r. */
        cb_circle ci;
        float ar[8] = {prev_r, bx1 - bx0, by1 - by0, (bx1 - bx0) * 0.5f, 1.0f, 0x1p-70f, 0.0f, -prev_r};
        ci.r = rd_float(&r, ar);
        float ax[8] = {bx0 - ci.r, bx1 + ci.r, bx0, bx1, (bx0 + bx1) * 0.5f, bx0 - 3.0f, bx1 + 3.0f, -ci.r};
        ci.x = rd_float(&r, ax);
        float ay[8] = {by0 - ci.r, by1 + ci.r, by0, by1, (by0 + by1) * 0.5f, by0 - 4.0f, by1 + 4.0f, ci.x};
        ci.y = rd_float(&r, ay);
        c->circles[i] = ci;
        prev_r = ci.r;
    }
    const float am[8] = {0.0f, cr, 1.0f, 0x1p-70f, FLT_MAX, 0.25f, 3.0f, 100.0f};
    c->margin = rd_float(&r, am);
    rd_oboxes(&r, c);
    return 1;
}

int fz_margin_valid(float m) { return m >= 0.0f && m <= FLT_MAX; }

float fz_margin_usable(float m)
{
    if (fz_margin_valid(m))
        return m;
    return m < 0.0f && m >= -FLT_MAX ? -m : 0.0f;
}

void fz_case_free(fz_case *c)
{
    free(c->boxes);
    free(c->circles);
    free(c->oboxes);
    c->boxes = NULL, c->circles = NULL, c->oboxes = NULL;
}
