/* pairs.c - the reference of the many-against-many entries (cb_pair_entry_*): every pair through reference.c's one-pair functions, in the order, tiles, cursor and candidates cbatch.h documents (see reference.h). */
#include "reference.h"

#include <stdio.h>

/* Circle i of the set, element j of the other side. */
static cb_circle set_circle(const cb_circle_soa *s, size_t i)
{
    cb_circle c = {s->x[i], s->y[i], s->r[i]};
    return c;
}

static cb_box box_at(const void *many, size_t j)
{
    const cb_box_soa *b = (const cb_box_soa *)many;
    cb_box x = {b->min_x[j], b->min_y[j], b->max_x[j], b->max_y[j]};
    return x;
}

int ref_pair_hit(const cb_pair_entry_info *d, const cb_pair_args *a, size_t i, size_t j,
                 tk_contact *rec)
{
    unsigned strict = a->flags & CB_STRICT;
    cb_circle c = set_circle(a->circles, i);
    tk_contact r;
    if (d->many == CB_SHAPE_BOX) {
        cb_box b = box_at(a->many, j);
        if (d->query == CB_QUERY_OVERLAP)
            return ref_overlap(c, b, strict);
        if (d->query == CB_QUERY_CONTACTS) {
            int hit = ref_contact(c, b, a->margin, strict, &r);
            if (rec)
                *rec = r;
            return hit;
        }
    } else if (d->many == CB_SHAPE_CIRCLE) {
        cb_circle o = set_circle((const cb_circle_soa *)a->many, j);
        if (d->query == CB_QUERY_OVERLAP)
            return ref_overlap_circles(c, o, strict);
        if (d->query == CB_QUERY_CONTACTS) {
            int hit = ref_contact_circles(c, o, a->margin, strict, &r);
            if (rec)
                *rec = r;
            return hit;
        }
    }
    fprintf(stderr, "reference: no contract for pair entry %s\n", d->name);
    return -1;
}

/* The tiles of m elements, written out as cbatch.h states it (no rounding
 * up of m, so no overflow for any m). */
static size_t tiles_of(size_t m) { return m / CB_TILE + (m % CB_TILE != 0); }

/* The pair list from the cursor: every pair in the documented order (tile
 * ascending, then circle, then element), the cursor's circle starting in
 * the cursor's tile and its first `skip` hits there left out; the first
 * `capacity` written; the cursor left at the first pair not written: that
 * pair is hit number h (from 0) of its circle in its tile, so h hits were
 * delivered before it. */
static size_t ref_pair_list(const cb_pair_entry_info *d, const cb_pair_args *a, size_t end)
{
    cb_pair_cursor *cur = a->cursor, next = {end, 0, 0};
    cb_pair *out = (cb_pair *)a->out;
    size_t total = 0;
    int stopped = 0;
    for (size_t t = cur->tile; t < end; t++)
        for (size_t i = t == cur->tile ? cur->circle : 0; i < a->n_circles; i++) {
            size_t skip = t == cur->tile && i == cur->circle ? cur->skip : 0, h = 0;
            for (size_t j = t * CB_TILE; j < a->m && j - t * CB_TILE < CB_TILE; j++) {
                if (ref_pair_hit(d, a, i, j, NULL) != 1)
                    continue;
                if (h++ < skip)
                    continue;
                if (total < a->capacity) {
                    out[total].i = (uint32_t)i, out[total].j = (uint32_t)j;
                } else if (!stopped) {
                    next.tile = t, next.circle = i, next.skip = h - 1;
                    stopped = 1;
                }
                total++;
            }
        }
    *cur = next;
    return total;
}

size_t ref_pair_entry(const cb_pair_entry_info *d, const cb_pair_args *a)
{
    size_t tiles = tiles_of(a->m), end = a->tile_end < tiles ? a->tile_end : tiles;
    size_t count = 0, n = a->n;
    switch (d->output) {
    case CB_OUTPUT_PAIRS:
        return ref_pair_list(d, a, end);
    case CB_OUTPUT_MATRIX: {
        uint64_t *mat = (uint64_t *)a->out;
        for (size_t t = a->tile_begin; t < end; t++)
            for (size_t i = 0; i < a->n_circles; i++) {
                uint64_t w = 0;
                for (size_t b = 0; b < CB_TILE && t * CB_TILE + b < a->m; b++)
                    if (ref_pair_hit(d, a, i, t * CB_TILE + b, NULL) == 1)
                        w |= (uint64_t)1 << b, count++;
                mat[i * tiles + t] = w;
            }
        return count;
    }
    case CB_OUTPUT_MASK: {
        uint64_t *mask = (uint64_t *)a->out;
        for (size_t w = 0; w < (n + 63) / 64; w++)
            mask[w] = 0;
        for (size_t k = 0; k < n; k++)
            if (ref_pair_hit(d, a, a->candidates[k].i, a->candidates[k].j, NULL) == 1)
                mask[k / 64] |= (uint64_t)1 << (k % 64), count++;
        return count;
    }
    case CB_OUTPUT_INDICES:
        for (size_t k = 0; k < n; k++)
            if (ref_pair_hit(d, a, a->candidates[k].i, a->candidates[k].j, NULL) == 1)
                ((uint32_t *)a->out)[count++] = (uint32_t)k;
        return count;
    case CB_OUTPUT_CONTACTS: {
        const cb_contacts *o = (const cb_contacts *)a->out;
        for (size_t k = 0; k < n; k++) {
            tk_contact r;
            if (ref_pair_hit(d, a, a->candidates[k].i, a->candidates[k].j, &r) != 1)
                continue;
            tk_contact_store(o, count++, (uint32_t)k, &r);
        }
        return count;
    }
    case CB_OUTPUT_DISTANCES:
        break;
    }
    fprintf(stderr, "reference: no output kind %d for pair entry %s\n", (int)d->output, d->name);
    return CB_INVALID;
}

const char *tk_describe_pair(const cb_pair_entry_info *d, const cb_pair_args *a, size_t i,
                             size_t j, char *buf, size_t size)
{
    cb_circle c = set_circle(a->circles, i);
    if (d->many == CB_SHAPE_BOX) {
        cb_box b = box_at(a->many, j);
        snprintf(buf, size, "circle %zu (%a, %a, r %a) vs box %zu (%a, %a, %a, %a)", i,
                 (double)c.x, (double)c.y, (double)c.r, j, (double)b.min_x, (double)b.min_y,
                 (double)b.max_x, (double)b.max_y);
    } else {
        cb_circle o = set_circle((const cb_circle_soa *)a->many, j);
        snprintf(buf, size, "circle %zu (%a, %a, r %a) vs circle %zu (%a, %a, r %a)", i,
                 (double)c.x, (double)c.y, (double)c.r, j, (double)o.x, (double)o.y, (double)o.r);
    }
    return buf;
}
