/* overlap_scalar.c - the reference: the float contract one pair at a time, in plain C (every backend must match it bit for bit). */
#include "internal.h"

/* The reference is built at the baseline ISA: a wider ISA leaking in (say
 * -march=native) would let the compiler use instructions the CPU may lack. */
#if defined(__AVX__) || defined(__AVX2__) || defined(__AVX512F__) || defined(__FMA__)
#error "overlap_scalar.c must be compiled for the baseline ISA"
#endif

/* Written as in the contract. Compilers emit maxss/minss (x86) or fcmp+fcsel
 * (AArch64) for these exact conditionals; fminf/fmaxf would differ on NaN. */
static inline float max_first(float a, float b) { return a > b ? a : b; }
static inline float min_first(float a, float b) { return a < b ? a : b; }

/* The squared radius is passed in so that batch loops square it once, as the
 * SIMD kernels do (r * r is the same rounded value either way). */
static inline int hit(float cx, float cy, float r2, float x0, float y0, float x1, float y1,
                      unsigned flags)
{
    float px = min_first(max_first(cx, x0), x1);
    float py = min_first(max_first(cy, y0), y1);
    float dx = cx - px;
    float dy = cy - py;
    float d2 = dx * dx + dy * dy; /* -ffp-contract=off: two products, then one sum */
    return (flags & CB_STRICT) ? d2 < r2 : d2 <= r2;
}

int cb_overlap(cb_circle c, cb_box b, unsigned flags)
{
    return hit(c.x, c.y, c.r * c.r, b.min_x, b.min_y, b.max_x, b.max_y, flags);
}

/* Output of one 64-element word: the whole mask word (so the bits past n come
 * out zero, as the contract says), or the indices of its set bits. */
static inline size_t emit(uint64_t w, size_t base, uint64_t *mask, uint32_t *idx, size_t count)
{
    if (mask) {
        mask[base / 64] = w;
        return count + cb_popcount64(w);
    }
    for (; w; w &= w - 1)
        idx[count++] = (uint32_t)(base + cb_ctz64(w));
    return count;
}

/* Each shape walks its elements 64 at a time; `len` is 64 except at the end. */
#define CB_WORDS(n, body)                                                                          \
    size_t count = 0;                                                                              \
    for (size_t base = 0; base < (n); base += 64) {                                                \
        size_t len = (n) - base < 64 ? (n) - base : 64;                                            \
        uint64_t w = 0;                                                                            \
        for (size_t j = 0, i = base; j < len; j++, i++)                                            \
            w |= (uint64_t)(body) << j;                                                            \
        count = emit(w, base, mask, idx, count);                                                   \
    }                                                                                              \
    return count

static size_t boxes(cb_circle c, const cb_box_soa *b, size_t n, uint64_t *mask, uint32_t *idx,
                    unsigned flags)
{
    float r2 = c.r * c.r;
    CB_WORDS(n, hit(c.x, c.y, r2, b->min_x[i], b->min_y[i], b->max_x[i], b->max_y[i], flags));
}

static size_t boxes_aos(cb_circle c, const cb_box *b, size_t n, uint64_t *mask, uint32_t *idx,
                        unsigned flags)
{
    float r2 = c.r * c.r;
    CB_WORDS(n, hit(c.x, c.y, r2, b[i].min_x, b[i].min_y, b[i].max_x, b[i].max_y, flags));
}

static size_t circles(const cb_circle_soa *c, size_t n, cb_box b, uint64_t *mask, uint32_t *idx,
                      unsigned flags)
{
    CB_WORDS(n, hit(c->x[i], c->y[i], c->r[i] * c->r[i], b.min_x, b.min_y, b.max_x, b.max_y, flags));
}

static size_t circles_aos(const cb_circle *c, size_t n, cb_box b, uint64_t *mask, uint32_t *idx,
                          unsigned flags)
{
    CB_WORDS(n, hit(c[i].x, c[i].y, c[i].r * c[i].r, b.min_x, b.min_y, b.max_x, b.max_y, flags));
}

static size_t boxes_mask(cb_circle c, const cb_box_soa *b, size_t n, uint64_t *m, unsigned f)
{
    return boxes(c, b, n, m, NULL, f);
}
static size_t boxes_aos_mask(cb_circle c, const cb_box *b, size_t n, uint64_t *m, unsigned f)
{
    return boxes_aos(c, b, n, m, NULL, f);
}
static size_t circles_mask(const cb_circle_soa *c, size_t n, cb_box b, uint64_t *m, unsigned f)
{
    return circles(c, n, b, m, NULL, f);
}
static size_t circles_aos_mask(const cb_circle *c, size_t n, cb_box b, uint64_t *m, unsigned f)
{
    return circles_aos(c, n, b, m, NULL, f);
}
static size_t boxes_idx(cb_circle c, const cb_box_soa *b, size_t n, uint32_t *x, unsigned f)
{
    return boxes(c, b, n, NULL, x, f);
}
static size_t boxes_aos_idx(cb_circle c, const cb_box *b, size_t n, uint32_t *x, unsigned f)
{
    return boxes_aos(c, b, n, NULL, x, f);
}
static size_t circles_idx(const cb_circle_soa *c, size_t n, cb_box b, uint32_t *x, unsigned f)
{
    return circles(c, n, b, NULL, x, f);
}
static size_t circles_aos_idx(const cb_circle *c, size_t n, cb_box b, uint32_t *x, unsigned f)
{
    return circles_aos(c, n, b, NULL, x, f);
}

const cb_kernels cb_kernels_scalar = {
    CB_BACKEND_SCALAR, boxes_mask,  boxes_aos_mask, circles_mask,    circles_aos_mask,
    boxes_idx,         boxes_aos_idx, circles_idx,  circles_aos_idx,
};
