/* reference.c - the independent reference of every query's contract (see reference.h), and entry-generic input and output helpers. */
#include "reference.h"

#include <inttypes.h>
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
int ref_hit(const cb_entry_info *d, const cb_args *a, size_t i)
{
    unsigned strict = a->flags & CB_STRICT;
    switch (d->query) {
    case CB_QUERY_OVERLAP:
        if (d->one == CB_SHAPE_CIRCLE && d->many == CB_SHAPE_BOX)
            return ref_overlap(a->circle, tk_box_at(d, a->many, i), strict);
        if (d->one == CB_SHAPE_BOX && d->many == CB_SHAPE_CIRCLE)
            return ref_overlap(tk_circle_at(d, a->many, i), a->box, strict);
        if (d->one == CB_SHAPE_CIRCLE && d->many == CB_SHAPE_CIRCLE)
            return ref_overlap_circles(a->circle, tk_circle_at(d, a->many, i), strict);
        break;
    }
    fprintf(stderr, "reference: no contract for entry %s\n", d->name);
    return -1;
}

/* The two sinks of the reference: an output of n elements with no hit yet,
 * then element i as hit number `count` (ascending i). */
static void out_clear(const cb_entry_info *d, void *out, size_t n)
{
    if (d->output == CB_OUTPUT_MASK)
        for (size_t w = 0; w < (n + 63) / 64; w++)
            ((uint64_t *)out)[w] = 0;
}

static void out_hit(const cb_entry_info *d, void *out, size_t i, size_t count)
{
    if (d->output == CB_OUTPUT_MASK)
        ((uint64_t *)out)[i / 64] |= (uint64_t)1 << (i % 64);
    else
        ((uint32_t *)out)[count] = (uint32_t)i;
}

size_t ref_entry(const cb_entry_info *d, const cb_args *a)
{
    size_t count = 0;
    out_clear(d, a->out, a->n);
    for (size_t i = 0; i < a->n; i++)
        if (ref_hit(d, a, i) == 1)
            out_hit(d, a->out, i, count++);
    return count;
}

/* -------------------------------------------------------------- outputs */

size_t tk_out_bytes(const cb_entry_info *d, size_t n)
{
    return d->output == CB_OUTPUT_MASK ? (n + 63) / 64 * sizeof(uint64_t) : n * sizeof(uint32_t);
}

int tk_same_output(const cb_entry_info *d, size_t n, size_t count_a, const void *a, size_t count_b,
                   const void *b, char *why, size_t why_size)
{
    char dummy[1];
    if (!why)
        why = dummy, why_size = sizeof dummy;
    if (count_a != count_b) {
        snprintf(why, why_size, "%s n=%zu: count %zu vs %zu", d->name, n, count_a, count_b);
        return 0;
    }
    if (d->output == CB_OUTPUT_MASK) {
        const uint64_t *ma = (const uint64_t *)a, *mb = (const uint64_t *)b;
        for (size_t w = 0; w < (n + 63) / 64; w++) {
            if (ma[w] != mb[w]) {
                uint64_t x = ma[w] ^ mb[w];
                size_t bit = 0;
                while (!(x >> bit & 1))
                    bit++;
                snprintf(why, why_size,
                         "%s n=%zu: mask word %zu: 0x%016" PRIx64 " vs 0x%016" PRIx64
                         " (first difference at element %zu)",
                         d->name, n, w, ma[w], mb[w], w * 64 + bit);
                return 0;
            }
        }
        return 1;
    }
    const uint32_t *ia = (const uint32_t *)a, *ib = (const uint32_t *)b;
    for (size_t k = 0; k < count_a; k++) {
        if (ia[k] != ib[k]) {
            snprintf(why, why_size, "%s n=%zu: index %zu: %" PRIu32 " vs %" PRIu32, d->name, n, k,
                     ia[k], ib[k]);
            return 0;
        }
    }
    return 1;
}

void tk_hits_of(const cb_entry_info *d, size_t n, size_t count, const void *out, uint64_t *hits)
{
    size_t words = (n + 63) / 64;
    for (size_t w = 0; w < words; w++)
        hits[w] = d->output == CB_OUTPUT_MASK ? ((const uint64_t *)out)[w] : 0;
    if (d->output == CB_OUTPUT_MASK) {
        if (n % 64)
            hits[words - 1] &= ((uint64_t)1 << (n % 64)) - 1;
        return;
    }
    const uint32_t *idx = (const uint32_t *)out;
    for (size_t k = 0; k < count && k < n; k++)
        if (idx[k] < n)
            hits[idx[k] / 64] |= (uint64_t)1 << (idx[k] % 64);
}

size_t tk_from_hits(const cb_entry_info *d, size_t n, const uint64_t *hits, void *out)
{
    size_t count = 0;
    out_clear(d, out, n);
    for (size_t i = 0; i < n; i++)
        if ((hits[i / 64] >> (i % 64)) & 1u)
            out_hit(d, out, i, count++);
    return count;
}

const char *tk_entry_label(const cb_entry_info *d, char *buf, size_t size)
{
    static const char *const queries[] = {"overlap"};
    static const char *const shapes[] = {"circle", "box"};
    snprintf(buf, size, "%s %s/%s %s %s",
             (size_t)d->query < sizeof queries / sizeof *queries ? queries[d->query] : "?",
             shapes[d->one & 1], shapes[d->many & 1], d->layout == CB_LAYOUT_SOA ? "soa" : "aos",
             d->output == CB_OUTPUT_MASK ? "mask" : "idx");
    return buf;
}
