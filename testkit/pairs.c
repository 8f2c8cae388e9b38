/* pairs.c - the reference of the pairs queries: every pair through reference.c's one-pair functions, in the order, ranges, capacity and cursor cbatch.h documents (see reference.h). */
#include "reference.h"

#include <stdio.h>
#include <string.h>

/* Circle i of a set, and element j of each shape. */
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

/* Integer circle i of a set, integer box j. */
static cb_icircle iset_circle(const cb_icircle_soa *s, size_t i)
{
    cb_icircle c = {s->x[i], s->y[i], s->r[i]};
    return c;
}

static cb_ibox ibox_at(const void *many, size_t j)
{
    const cb_ibox_soa *b = (const cb_ibox_soa *)many;
    cb_ibox x = {b->min_x[j], b->min_y[j], b->max_x[j], b->max_y[j]};
    return x;
}

static cb_obox obox_at(const void *many, size_t j)
{
    const cb_obox_soa *b = (const cb_obox_soa *)many;
    cb_obox o = {b->cx[j], b->cy[j], b->hx[j], b->hy[j], b->c[j], b->s[j]};
    return o;
}

int tk_pair_els_of(const cb_entry_info *d, const cb_args *a, tk_pair_els *out)
{
    if (d->many == CB_SHAPE_GRID)
        return 0;
    int self = d->many == CB_SHAPE_SELF || d->many == CB_SHAPE_GRID_SELF;
    if (self && d->one == CB_SHAPE_ICIRCLE)
        out->shape = CB_SHAPE_ICIRCLE, out->els = a->icircles, out->m = a->n_circles;
    else if (self)
        out->shape = CB_SHAPE_CIRCLE, out->els = a->circles, out->m = a->n_circles;
    else
        out->shape = d->many, out->els = a->many, out->m = a->n;
    return 1;
}

/* Pair (i, j) of a set of integer circles and integer elements: the
 * batch query's answer (integer.c), the record in *rec. */
static int ref_int_pair_hit(const cb_args *a, const tk_pair_els *e, size_t i, size_t j,
                            tk_ipair *rec)
{
    unsigned strict = a->flags & CB_STRICT;
    cb_icircle c = iset_circle(a->icircles, i);
    tk_ipair p = e->shape == CB_SHAPE_IBOX
                     ? ref_ipair_box(c, ibox_at(e->els, j), strict)
                     : ref_ipair_circles(c, iset_circle((const cb_icircle_soa *)e->els, j), strict);
    if (rec)
        *rec = p;
    return p.hit != 0;
}

int ref_pair_hit(const cb_entry_info *d, const cb_args *a, const tk_pair_els *e,
                 size_t i, size_t j, tk_contact *rec)
{
    unsigned strict = a->flags & CB_STRICT;
    if (e->shape == CB_SHAPE_IBOX || e->shape == CB_SHAPE_ICIRCLE)
        return ref_int_pair_hit(a, e, i, j, NULL);
    cb_circle c = set_circle(a->circles, i);
    tk_contact r;
    int hit = -1;
    if (e->shape == CB_SHAPE_BOX) {
        cb_box b = box_at(e->els, j);
        hit = d->query == CB_QUERY_OVERLAP ? ref_overlap(c, b, strict)
                                           : ref_contact(c, b, a->margin, strict, &r);
    } else if (e->shape == CB_SHAPE_CIRCLE) {
        cb_circle o = set_circle((const cb_circle_soa *)e->els, j);
        hit = d->query == CB_QUERY_OVERLAP ? ref_overlap_circles(c, o, strict)
                                           : ref_contact_circles(c, o, a->margin, strict, &r);
    } else if (e->shape == CB_SHAPE_OBOX) {
        cb_obox o = obox_at(e->els, j);
        hit = d->query == CB_QUERY_OVERLAP ? ref_overlap_obox(c, o, strict)
                                           : ref_contact_obox(c, o, a->margin, strict, &r);
    }
    if (hit < 0 || (d->query != CB_QUERY_OVERLAP && d->query != CB_QUERY_CONTACTS)) {
        fprintf(stderr, "reference: no contract for pair entry %s on shape %d\n", d->name,
                (int)e->shape);
        return -1;
    }
    if (rec && d->query == CB_QUERY_CONTACTS)
        *rec = r;
    return hit;
}

static void store_record(const cb_pair_contacts *o, size_t at, uint32_t i, uint32_t j,
                         const tk_contact *r)
{
    o->pair[at].i = i, o->pair[at].j = j;
    o->normal_x[at] = r->normal_x, o->normal_y[at] = r->normal_y;
    o->separation[at] = r->separation;
    o->point_x[at] = r->point_x, o->point_y[at] = r->point_y;
    o->feature[at] = r->feature;
}

static void store_int_record(const cb_int_pair_contacts *o, size_t at, uint32_t i, uint32_t j,
                             const tk_ipair *p)
{
    o->pair[at].i = i, o->pair[at].j = j;
    o->point_x[at] = p->contact.px, o->point_y[at] = p->contact.py;
    o->d2[at] = p->contact.d2, o->depth[at] = p->contact.depth;
    o->feature[at] = p->contact.feature;
}

/* Sweep i of a sweep set: its first hit among e's elements, as the batch
 * query's reference (bd: its FIRST_HIT entry) gives it for that sweep (cbatch.h: the pair answer is
 * the batch answer); 1 with the record in h[0], or 0. */
static int ref_first_hit(const cb_entry_info *bd, const cb_args *a, const tk_pair_els *e,
                         size_t i, const cb_sweep_hits *h)
{
    const cb_sweep_soa *s = a->sweeps;
    cb_args b;
    memset(&b, 0, sizeof b);
    b.sweep = (cb_sweep){s->x[i], s->y[i], s->r[i], s->dx[i], s->dy[i]};
    b.many = e->els, b.n = e->m, b.flags = a->flags, b.out = (void *)(uintptr_t)h;
    return ref_entry(bd, &b) == 1;
}

/* A sweep set's first hits from the cursor: the list rules below with at
 * most one record per sweep (the cursor's element is not read). */
static size_t ref_first_hits(const cb_args *a, const tk_pair_els *e, size_t end)
{
    cb_pair_cursor *cur = a->cursor;
    int count_only = a->out == NULL && a->capacity == 0;
    const cb_pair_sweep_hits *o = (const cb_pair_sweep_hits *)a->out;
    const cb_entry_info *bd = cb_entry_info_of(tk_find_entry(
        CB_FORM_BATCH, CB_QUERY_SWEEP, CB_SHAPE_SWEEP, e->shape, CB_LAYOUT_SOA, CB_OUTPUT_FIRST_HIT));
    size_t written = 0;
    for (size_t i = cur->circle; i < end && e->m; i++) {
        uint32_t j;
        float nx, ny, t, px, py;
        uint8_t f;
        cb_sweep_hits h = {&j, &nx, &ny, &t, &px, &py, &f};
        if (!ref_first_hit(bd, a, e, i, &h))
            continue;
        if (!count_only && written == a->capacity) { /* the next record due: sweep i's */
            cur->circle = i, cur->element = 0;
            return written;
        }
        if (!count_only) {
            o->pair[written].i = (uint32_t)i, o->pair[written].j = j;
            o->normal_x[written] = nx, o->normal_y[written] = ny, o->t[written] = t;
            o->point_x[written] = px, o->point_y[written] = py, o->feature[written] = f;
        }
        written++;
    }
    if (!count_only)
        cur->circle = end, cur->element = 0;
    return written;
}

/* The pair list (or records) from the cursor, as reference.h states it. */
static size_t ref_pair_list(const cb_entry_info *d, const cb_args *a,
                            const tk_pair_els *e, size_t end)
{
    cb_pair_cursor *cur = a->cursor;
    int count_only = a->out == NULL && a->capacity == 0;
    int self = d->many == CB_SHAPE_SELF || d->many == CB_SHAPE_GRID_SELF;
    int records = d->output == CB_OUTPUT_PAIR_CONTACTS;
    int int_records = d->output == CB_OUTPUT_INT_PAIR_CONTACTS;
    int ints = e->shape == CB_SHAPE_IBOX || e->shape == CB_SHAPE_ICIRCLE;
    size_t written = 0, total = 0;
    for (size_t i = cur->circle; i < end && e->m; i++) { /* no elements: no pairs, done */
        size_t jfrom = i == cur->circle ? cur->element : 0;
        for (size_t j = jfrom; j < e->m; j++) {
            tk_contact r;
            tk_ipair ir;
            if (self && j <= i)
                continue;
            if (ints ? !ref_int_pair_hit(a, e, i, j, &ir) : ref_pair_hit(d, a, e, i, j, &r) != 1)
                continue;
            total++;
            if (count_only)
                continue;
            if (written == a->capacity) { /* the output is full: the cursor names this pair */
                cur->circle = i, cur->element = j;
                return written;
            }
            if (int_records)
                store_int_record((const cb_int_pair_contacts *)a->out, written, (uint32_t)i,
                                 (uint32_t)j, &ir);
            else if (records)
                store_record((const cb_pair_contacts *)a->out, written, (uint32_t)i, (uint32_t)j,
                             &r);
            else
                ((cb_pair *)a->out)[written].i = (uint32_t)i, ((cb_pair *)a->out)[written].j = (uint32_t)j;
            written++;
        }
    }
    if (count_only)
        return total;
    cur->circle = end, cur->element = 0;
    return written;
}

size_t ref_entry_on(const cb_entry_info *d, const cb_args *a, const tk_pair_els *e)
{
    if (d->form != CB_FORM_PAIRS)
        return ref_entry(d, a); /* its elements are a->many's */
    size_t count = 0;
    const cb_pair_cursor *c = a->cursor;
    size_t end = c->end || (c->plan & CB_PAIRS_RANGE_END) ? c->end : a->n_circles;
    a->cursor->end = end;
    if (d->output == CB_OUTPUT_PAIR_FIRST_HITS)
        return ref_first_hits(a, e, end);
    if (d->output != CB_OUTPUT_MATRIX)
        return ref_pair_list(d, a, e, end);
    uint64_t *mat = (uint64_t *)a->out;
    size_t words = e->m / 64 + (e->m % 64 != 0);
    for (size_t i = a->cursor->circle; i < end; i++)
        for (size_t w = 0; w < words; w++) {
            uint64_t bits = 0;
            for (size_t b = 0; b < 64 && w * 64 + b < e->m; b++)
                if (ref_pair_hit(d, a, e, i, w * 64 + b, NULL) == 1)
                    bits |= (uint64_t)1 << b, count++;
            mat[i * words + w] = bits;
        }
    a->cursor->circle = end, a->cursor->element = 0;
    return count;
}

size_t ref_pairs(const cb_entry_info *d, const cb_args *a)
{
    tk_pair_els e;
    if (!tk_pair_els_of(d, a, &e)) {
        fprintf(stderr, "reference: %s reads a grid: call ref_entry_on\n", d->name);
        return CB_INVALID;
    }
    return ref_entry_on(d, a, &e);
}

int tk_has_records(const cb_entry_info *d)
{
    return d->output == CB_OUTPUT_PAIR_CONTACTS || d->output == CB_OUTPUT_PAIR_FIRST_HITS;
}

void *tk_list_out(const cb_entry_info *d, cb_pair *p, const cb_pair_contacts *c,
                  cb_pair_sweep_hits *h)
{
    if (d->output == CB_OUTPUT_PAIR_FIRST_HITS) {
        *h = (cb_pair_sweep_hits){c->pair,    c->normal_x, c->normal_y, c->separation,
                                  c->point_x, c->point_y,  c->feature};
        return h;
    }
    return d->output == CB_OUTPUT_PAIR_CONTACTS ? (void *)(uintptr_t)c : (void *)p;
}

const char *tk_shape_name(cb_shape s)
{
    switch (s) {
    case CB_SHAPE_BOX: return "boxes";
    case CB_SHAPE_CIRCLE: return "circles";
    case CB_SHAPE_OBOX: return "oriented boxes";
    case CB_SHAPE_GRID: return "a grid";
    case CB_SHAPE_SELF: return "the set itself";
    case CB_SHAPE_GRID_SELF: return "the set itself, prepared";
    case CB_SHAPE_ICIRCLE: return "integer circles";
    case CB_SHAPE_IBOX: return "integer boxes";
    case CB_SHAPE_SWEEP: return "sweeps";
    }
    return "shape ?";
}

const char *tk_describe_pair(const cb_args *a, const tk_pair_els *e, size_t i, size_t j,
                             char *buf, size_t size)
{
    if (e->shape == CB_SHAPE_IBOX || e->shape == CB_SHAPE_ICIRCLE) {
        cb_icircle c = iset_circle(a->icircles, i);
        int n = snprintf(buf, size, "integer circle %zu (%ld, %ld, r %ld) vs ", i, (long)c.x,
                         (long)c.y, (long)c.r);
        size_t at = n > 0 && (size_t)n < size ? (size_t)n : 0;
        if (e->shape == CB_SHAPE_IBOX) {
            cb_ibox b = ibox_at(e->els, j);
            snprintf(buf + at, size - at, "integer box %zu (%ld, %ld, %ld, %ld)", j,
                     (long)b.min_x, (long)b.min_y, (long)b.max_x, (long)b.max_y);
        } else {
            cb_icircle o = iset_circle((const cb_icircle_soa *)e->els, j);
            snprintf(buf + at, size - at, "integer circle %zu (%ld, %ld, r %ld)", j, (long)o.x,
                     (long)o.y, (long)o.r);
        }
        return buf;
    }
    cb_circle c = {0, 0, 0};
    int n;
    if (a->sweeps) {
        const cb_sweep_soa *s = a->sweeps;
        n = snprintf(buf, size, "sweep %zu (%a, %a, r %a, d %a, %a) vs ", i, (double)s->x[i],
                     (double)s->y[i], (double)s->r[i], (double)s->dx[i], (double)s->dy[i]);
    } else {
        c = set_circle(a->circles, i);
        n = snprintf(buf, size, "circle %zu (%a, %a, r %a) vs ", i, (double)c.x, (double)c.y,
                     (double)c.r);
    }
    size_t at = n > 0 && (size_t)n < size ? (size_t)n : 0;
    if (e->shape == CB_SHAPE_BOX) {
        cb_box b = box_at(e->els, j);
        snprintf(buf + at, size - at, "box %zu (%a, %a, %a, %a)", j, (double)b.min_x,
                 (double)b.min_y, (double)b.max_x, (double)b.max_y);
    } else if (e->shape == CB_SHAPE_OBOX) {
        cb_obox o = obox_at(e->els, j);
        snprintf(buf + at, size - at, "oriented box %zu (%a, %a, %a, %a, c %a, s %a)", j,
                 (double)o.cx, (double)o.cy, (double)o.hx, (double)o.hy, (double)o.c, (double)o.s);
    } else {
        cb_circle o = set_circle((const cb_circle_soa *)e->els, j);
        snprintf(buf + at, size - at, "circle %zu (%a, %a, r %a)", j, (double)o.x, (double)o.y,
                 (double)o.r);
    }
    return buf;
}
