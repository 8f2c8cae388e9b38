/* data.c - benchmark data: boxes and circles scattered over a game level, every layout and seed format, query shapes, scalar reference answers. */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * The model: a 2D level whose side grows with sqrt(n), so the density of
 * boxes (walls, crates, enemies: 8..64 units a side) stays that of a real
 * level at every size; circles are entities of radius 4..32. All corners,
 * centres and radii are integers (centres may be .5), so every layout and
 * every seed format holds exactly the same shapes: a difference between two
 * methods is then the method's, never the conversion's.
 */
#define SPACING 48.0 /* level units per sqrt(box) */
#define BOX_MIN 8
#define BOX_MAX 64
#define CIRCLE_RMIN 4
#define CIRCLE_RMAX 32
#define ENTITY_R 24.0f        /* the query circle of the bitmask rows */
#define TRIGGER_W 64.0f       /* the query box of the circles bitmask rows */
#define TRIGGER_H 48.0f
#define CALIBRATE_MAX 65536u  /* elements used to choose the 1% / 50% queries */

uint64_t data_rand(uint64_t *state) /* splitmix64 */
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int32_t rand_in(uint64_t *s, int32_t lo, int32_t hi) /* inclusive */
{
    return lo + (int32_t)(data_rand(s) % (uint64_t)(hi - lo + 1));
}

/* Cache-line aligned, so a row never depends on where malloc put an array;
 * the size is rounded up because aligned_alloc requires a multiple. */
static void *alloc(size_t bytes)
{
    size_t rounded = (bytes + 63) / 64 * 64;
    void *p = aligned_alloc(64, rounded ? rounded : 64);
    if (p)
        memset(p, 0, rounded ? rounded : 64); /* fault the pages in now, not in a timed call */
    return p;
}

static size_t hits_boxes(const cb_kernels *k, cb_circle c, const cb_box_soa *b, size_t n,
                         uint64_t *scratch)
{
    return k->boxes(c, b, n, scratch, 0);
}

static size_t hits_circles(const cb_kernels *k, const cb_circle_soa *c, size_t n, cb_box b,
                           uint64_t *scratch)
{
    return k->circles(c, n, b, scratch, 0);
}

/* Smallest integer radius (centred circle) or half-side (centred square)
 * whose hit fraction on the first m elements reaches p. */
static int32_t calibrate(const cb_kernels *k, const dataset *d, int circles_entry, double p,
                         uint64_t *scratch)
{
    size_t m = d->n < CALIBRATE_MAX ? d->n : CALIBRATE_MAX;
    float mid = (float)floor(d->level / 2);
    int32_t lo = 0, hi = (int32_t)d->level;
    while (hi - lo > 1) {
        int32_t t = lo + (hi - lo) / 2;
        size_t h;
        if (circles_entry) {
            cb_box b = {mid - (float)t, mid - (float)t, mid + (float)t, mid + (float)t};
            h = hits_circles(k, &d->csoa, m, b, scratch);
        } else {
            cb_circle c = {mid, mid, (float)t};
            h = hits_boxes(k, c, &d->soa, m, scratch);
        }
        if ((double)h < p * (double)m)
            lo = t;
        else
            hi = t;
    }
    return hi;
}

int data_make(dataset *d, size_t n, uint64_t seed)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    double side = floor(SPACING * sqrt((double)n));
    d->level = (float)(side < 256 ? 256 : side);
    int32_t L = (int32_t)d->level;

    d->x0 = alloc(n * sizeof(float));
    d->y0 = alloc(n * sizeof(float));
    d->x1 = alloc(n * sizeof(float));
    d->y1 = alloc(n * sizeof(float));
    d->aos = alloc(n * sizeof(cb_box));
    d->centers = alloc(n * sizeof(cb_box_center));
    d->corners = alloc(n * sizeof(cb_box_corner));
    d->irects = alloc(n * sizeof(seed_irect));
    d->cx = alloc(n * sizeof(float));
    d->cy = alloc(n * sizeof(float));
    d->cr = alloc(n * sizeof(float));
    d->caos = alloc(n * sizeof(cb_circle));
    d->mask = alloc((n + 63) / 64 * sizeof(uint64_t));
    d->idx = alloc(n * sizeof(uint32_t));
    d->bytes = alloc(n);
    int ok = d->x0 && d->y0 && d->x1 && d->y1 && d->aos && d->centers && d->corners &&
             d->irects && d->cx && d->cy && d->cr && d->caos && d->mask && d->idx && d->bytes;
    for (int e = 0; e < ENT_COUNT; e++)
        for (int q = 0; q < 3; q++)
            ok = ok && (d->ref[e][q] = alloc((n + 63) / 64 * sizeof(uint64_t))) != NULL;
    if (!ok) {
        data_free(d);
        return -1;
    }

    /* Each size gets its own stream derived from the printed seed, so a
     * rung can be replayed alone with --sizes. */
    uint64_t s = seed ^ (0xA0761D6478BD642Full * (uint64_t)(n + 1));
    for (size_t i = 0; i < n; i++) {
        int32_t w = rand_in(&s, BOX_MIN, BOX_MAX), h = rand_in(&s, BOX_MIN, BOX_MAX);
        int32_t x = rand_in(&s, 0, L - w), y = rand_in(&s, 0, L - h);
        d->x0[i] = (float)x, d->y0[i] = (float)y;
        d->x1[i] = (float)(x + w), d->y1[i] = (float)(y + h);
        cb_box b = {d->x0[i], d->y0[i], d->x1[i], d->y1[i]};
        d->aos[i] = b;
        /* centre + half-extents: exact, since corners are integers below 2^23 */
        cb_box_center c = {(float)x + 0.5f * (float)w, (float)y + 0.5f * (float)h, 0.5f * (float)w,
                           0.5f * (float)h};
        d->centers[i] = c;
        cb_box_corner k = {(float)x, (float)y, (float)w, (float)h};
        d->corners[i] = k;
        seed_irect r = {x, y, w, h};
        d->irects[i] = r;
    }
    for (size_t i = 0; i < n; i++) {
        d->cx[i] = (float)rand_in(&s, 0, L);
        d->cy[i] = (float)rand_in(&s, 0, L);
        d->cr[i] = (float)rand_in(&s, CIRCLE_RMIN, CIRCLE_RMAX);
        cb_circle c = {d->cx[i], d->cy[i], d->cr[i]};
        d->caos[i] = c;
    }
    d->soa.min_x = d->x0, d->soa.min_y = d->y0, d->soa.max_x = d->x1, d->soa.max_y = d->y1;
    d->csoa.x = d->cx, d->csoa.y = d->cy, d->csoa.r = d->cr;

    /* Queries. [0]: an entity (circle r = 24) or a trigger box (64 x 48)
     * somewhere in the level: what a game asks every frame, few hits.
     * [1], [2]: a centred area query sized for ~1% and ~50% hits, to show
     * what the index-list output costs when it has little or much to write. */
    const cb_kernels *ref = cb_kernels_for(CB_BACKEND_SCALAR);
    cb_circle e = {(float)rand_in(&s, 0, L), (float)rand_in(&s, 0, L), ENTITY_R};
    float tx = (float)rand_in(&s, 0, L - (int32_t)TRIGGER_W);
    float ty = (float)rand_in(&s, 0, L - (int32_t)TRIGGER_H);
    cb_box t = {tx, ty, tx + TRIGGER_W, ty + TRIGGER_H};
    d->q[0] = e;
    d->qb[0] = t;
    float mid = (float)floor(d->level / 2);
    const double frac[3] = {0, 0.01, 0.5};
    for (int q = 1; q < 3; q++) {
        float r = (float)calibrate(ref, d, 0, frac[q], d->mask);
        cb_circle c = {mid, mid, r};
        d->q[q] = c;
        float hs = (float)calibrate(ref, d, 1, frac[q], d->mask);
        cb_box b = {mid - hs, mid - hs, mid + hs, mid + hs};
        d->qb[q] = b;
    }
    for (int q = 0; q < 3; q++) {
        d->ref_hits[ENT_BOXES][q] = ref->boxes(d->q[q], &d->soa, n, d->ref[ENT_BOXES][q], 0);
        d->ref_hits[ENT_BOXES_AOS][q] = ref->boxes_aos(d->q[q], d->aos, n, d->ref[ENT_BOXES_AOS][q], 0);
        d->ref_hits[ENT_CIRCLES][q] = ref->circles(&d->csoa, n, d->qb[q], d->ref[ENT_CIRCLES][q], 0);
        d->ref_hits[ENT_CIRCLES_AOS][q] =
            ref->circles_aos(d->caos, n, d->qb[q], d->ref[ENT_CIRCLES_AOS][q], 0);
    }
    return 0;
}

void data_free(dataset *d)
{
    free(d->x0), free(d->y0), free(d->x1), free(d->y1), free(d->aos);
    free(d->centers), free(d->corners), free(d->irects);
    free(d->cx), free(d->cy), free(d->cr), free(d->caos);
    free(d->mask), free(d->idx), free(d->bytes);
    for (int e = 0; e < ENT_COUNT; e++)
        for (int q = 0; q < 3; q++)
            free(d->ref[e][q]);
    memset(d, 0, sizeof *d);
}
