/* entries.c - the library's entries as cb-bench sees them: grouped by the input they read, labelled from their descriptors, the headline found by its properties. */
#include "bench.h"

#include <stdio.h>
#include <string.h>

/*
 * Nothing here names an entry point: the groups come from cb_entry_info_of
 * (the entries of the batch form: the pairs and candidates forms are
 * bench/pairs.c's), and the labels from the descriptor's fields. The short
 * label ("boxes SoA") says what the elements are; the single shape and the
 * query follow from it while every entry computes the one query on the one
 * pair of shapes. Should two groups come to share a short label (a second
 * query, or a circle vs many circles), every label spells out the query and
 * the single shape too, so no two rows of a table read alike.
 */

static bench_group groups[BENCH_MAX_GROUPS];
static int ngroups;

static const char *query_label(cb_query q)
{
    switch (q) {
    case CB_QUERY_OVERLAP:
        return "overlap";
    case CB_QUERY_DISTANCE:
        return "distance";
    case CB_QUERY_CONTACTS:
        return "contacts";
    case CB_QUERY_SWEEP:
        return "sweep";
    }
    return "query";
}

static const char *shape_label(cb_shape s, int plural)
{
    switch (s) {
    case CB_SHAPE_CIRCLE:
        return plural ? "circles" : "circle";
    case CB_SHAPE_BOX:
        return plural ? "boxes" : "box";
    case CB_SHAPE_OBOX: /* an oriented box */
        return plural ? "oboxes" : "obox";
    case CB_SHAPE_ICIRCLE: /* the integer shapes */
        return plural ? "icircles" : "icircle";
    case CB_SHAPE_IBOX:
        return plural ? "iboxes" : "ibox";
    case CB_SHAPE_SWEEP: /* a moving circle: the sweep queries' single shape, or */
        return plural ? "sweeps" : "sweep"; /* the elements of one box vs moving circles */
    case CB_SHAPE_GRID: /* the pairs form only: bench/pairs.c */
    case CB_SHAPE_SELF:
    case CB_SHAPE_GRID_SELF:
        break;
    }
    return "shape";
}

static const char *layout_label(cb_layout l) { return l == CB_LAYOUT_SOA ? "SoA" : "AoS"; }

static void label_groups(int long_form)
{
    for (int g = 0; g < ngroups; g++) {
        bench_group *gr = &groups[g];
        if (long_form)
            snprintf(gr->stem, sizeof gr->stem, "%s %s vs %s", query_label(gr->query),
                     shape_label(gr->one, 0), shape_label(gr->many, 1));
        else
            snprintf(gr->stem, sizeof gr->stem, "%s", shape_label(gr->many, 1));
        snprintf(gr->label, sizeof gr->label, "%s %s", gr->stem, layout_label(gr->layout));
    }
}

int groups_init(void)
{
    ngroups = 0;
    /* every batch entry, float and integer shapes alike (TK_FOR_ENTRIES
     * takes one or the other), in the library's order: the integer rows
     * come after the float ones, so their groups do too */
    for (size_t e = 0; e < cb_entry_count(); e++) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (d->form != CB_FORM_BATCH)
            continue;
        int g = group_find(d->query, d->one, d->many, d->layout);
        if (g < 0) {
            if (ngroups == BENCH_MAX_GROUPS) {
                fprintf(stderr, "cb-bench: the library has more than %d kinds of input: raise "
                                "BENCH_MAX_GROUPS\n", BENCH_MAX_GROUPS);
                return -1;
            }
            g = ngroups++;
            memset(&groups[g], 0, sizeof groups[g]);
            groups[g].query = d->query, groups[g].one = d->one;
            groups[g].many = d->many, groups[g].layout = d->layout;
        }
        bench_group *gr = &groups[g];
        if (gr->nentries == BENCH_GROUP_ENTRIES) {
            fprintf(stderr, "cb-bench: more than %d entries read the input of %s: raise "
                            "BENCH_GROUP_ENTRIES\n", BENCH_GROUP_ENTRIES, d->name);
            return -1;
        }
        /* insertion in output order, so the rows read mask, then indices */
        int i = gr->nentries++;
        while (i > 0 && cb_entry_info_of(gr->entries[i - 1])->output > d->output) {
            gr->entries[i] = gr->entries[i - 1];
            i--;
        }
        gr->entries[i] = e;
    }
    if (!ngroups) {
        fprintf(stderr, "cb-bench: the library has no batch entries\n");
        return -1;
    }
    label_groups(0);
    int clash = 0;
    for (int a = 0; a < ngroups; a++)
        for (int b = a + 1; b < ngroups; b++)
            clash |= !strcmp(groups[a].label, groups[b].label);
    if (clash)
        label_groups(1);
    return 0;
}

int group_count(void) { return ngroups; }

const bench_group *group_at(int g) { return &groups[g]; }

int group_find(cb_query q, cb_shape one, cb_shape many, cb_layout layout)
{
    for (int g = 0; g < ngroups; g++)
        if (groups[g].query == q && groups[g].one == one && groups[g].many == many &&
            groups[g].layout == layout)
            return g;
    return -1;
}

size_t group_entry(const bench_group *g, cb_output o)
{
    for (int i = 0; i < g->nentries; i++)
        if (cb_entry_info_of(g->entries[i])->output == o)
            return g->entries[i];
    return BENCH_NO_ENTRY;
}

/* The bitmask entry of one shape vs many, SoA, and its group. */
static int mask_entry(cb_shape one, cb_shape many, int *group, size_t *entry)
{
    int g = group_find(CB_QUERY_OVERLAP, one, many, CB_LAYOUT_SOA);
    size_t e = g < 0 ? BENCH_NO_ENTRY : group_entry(&groups[g], CB_OUTPUT_MASK);
    if (group)
        *group = g;
    if (entry)
        *entry = e;
    return e == BENCH_NO_ENTRY ? -1 : 0;
}

int bench_headline(int *group, size_t *entry)
{
    return mask_entry(CB_SHAPE_CIRCLE, CB_SHAPE_BOX, group, entry);
}

int bench_int_headline(int *group, size_t *entry)
{
    return mask_entry(CB_SHAPE_ICIRCLE, CB_SHAPE_IBOX, group, entry);
}

int bench_sweep_headline(int *group, size_t *entry)
{
    int g = group_find(CB_QUERY_SWEEP, CB_SHAPE_SWEEP, CB_SHAPE_BOX, CB_LAYOUT_SOA);
    size_t e = g < 0 ? BENCH_NO_ENTRY : group_entry(&groups[g], CB_OUTPUT_TIMES);
    if (group)
        *group = g;
    if (entry)
        *entry = e;
    return e == BENCH_NO_ENTRY ? -1 : 0;
}

int bench_wall_headline(int *group, size_t *entry)
{
    int g = group_find(CB_QUERY_SWEEP, CB_SHAPE_BOX, CB_SHAPE_SWEEP, CB_LAYOUT_SOA);
    size_t e = g < 0 ? BENCH_NO_ENTRY : group_entry(&groups[g], CB_OUTPUT_TIMES);
    if (group)
        *group = g;
    if (entry)
        *entry = e;
    return e == BENCH_NO_ENTRY ? -1 : 0;
}

int group_moving(const bench_group *g) { return g->many == CB_SHAPE_SWEEP; }

size_t bytes_per_elem(const bench_group *g)
{
    switch (g->many) {
    case CB_SHAPE_BOX:
        return sizeof(cb_box);
    case CB_SHAPE_OBOX:
        return sizeof(cb_obox);
    case CB_SHAPE_IBOX:
        return sizeof(cb_ibox);
    case CB_SHAPE_ICIRCLE:
        return sizeof(cb_icircle);
    case CB_SHAPE_SWEEP: /* moving circles against one box */
        return sizeof(cb_sweep);
    case CB_SHAPE_CIRCLE:
    case CB_SHAPE_GRID: /* not a batch entry's element shape (the pairs form only) */
    case CB_SHAPE_SELF:
    case CB_SHAPE_GRID_SELF:
        break;
    }
    return sizeof(cb_circle);
}

int group_oriented(const bench_group *g)
{
    return g->one == CB_SHAPE_OBOX || g->many == CB_SHAPE_OBOX;
}

int group_integer(const bench_group *g)
{
    return g->one == CB_SHAPE_ICIRCLE || g->one == CB_SHAPE_IBOX || g->many == CB_SHAPE_ICIRCLE ||
           g->many == CB_SHAPE_IBOX;
}

/* A shape of the other number type: circle <-> integer circle, box <->
 * integer box (an oriented box has no integer twin). */
static cb_shape other_numbers(cb_shape s)
{
    switch (s) {
    case CB_SHAPE_CIRCLE:
        return CB_SHAPE_ICIRCLE;
    case CB_SHAPE_ICIRCLE:
        return CB_SHAPE_CIRCLE;
    case CB_SHAPE_BOX:
        return CB_SHAPE_IBOX;
    case CB_SHAPE_IBOX:
        return CB_SHAPE_BOX;
    case CB_SHAPE_OBOX:
    case CB_SHAPE_GRID:
    case CB_SHAPE_SELF:
    case CB_SHAPE_GRID_SELF:
    case CB_SHAPE_SWEEP: /* no integer sweep */
        break;
    }
    return s;
}

int group_number_twin(const bench_group *g)
{
    cb_shape one = other_numbers(g->one), many = other_numbers(g->many);
    if (one == g->one || many == g->many)
        return -1;
    return group_find(g->query, one, many, g->layout);
}

int group_twin(const bench_group *g, cb_query q)
{
    /* a sweep asked another question: its circle at the start */
    cb_shape one = g->one == CB_SHAPE_SWEEP && q != CB_QUERY_SWEEP ? CB_SHAPE_CIRCLE : g->one;
    return group_find(q, one, g->many, g->layout);
}

int rows_of(const cb_entry_info *info, out_kind *outs)
{
    switch (info->output) {
    case CB_OUTPUT_MASK:
        outs[0] = OUT_MASK;
        return 1;
    case CB_OUTPUT_INDICES:
        outs[0] = OUT_IDX_LO, outs[1] = OUT_IDX_HI;
        return 2;
    case CB_OUTPUT_DISTANCES: /* the integer shapes' outputs take the same rows */
    case CB_OUTPUT_INT_DISTANCES:
        outs[0] = OUT_DIST;
        return 1;
    case CB_OUTPUT_TIMES:
        /* the sweeps' times (n floats, every element written) take the
         * distances' row at the bullet, and rows at the ~1% and ~50%
         * circles moving: the same sweeps as the hit records', so that
         * each records row has a times row of the same work beside it */
        outs[0] = OUT_DIST, outs[1] = OUT_TIMES_LO, outs[2] = OUT_TIMES_HI;
        return 3;
    case CB_OUTPUT_CONTACTS:
    case CB_OUTPUT_INT_CONTACTS:
        outs[0] = OUT_CONT_LO, outs[1] = OUT_CONT_HI;
        return 2;
    case CB_OUTPUT_HITS: /* the sweeps' records: few hits and many */
        outs[0] = OUT_HITS_LO, outs[1] = OUT_HITS_HI;
        return 2;
    case CB_OUTPUT_FIRST_HIT: /* the bullet's first hit (a game's question) */
        outs[0] = OUT_FIRST;
        return 1;
    case CB_OUTPUT_PAIRS: /* the pairs form: bench/pairs.c */
    case CB_OUTPUT_MATRIX:
    case CB_OUTPUT_PAIR_CONTACTS:
    case CB_OUTPUT_INT_PAIR_CONTACTS:
    case CB_OUTPUT_PAIR_FIRST_HITS: /* pairs of sweeps: bench/shooter.c (the shooter frame) */
        break;
    }
    return 0;
}

out_kind group_primary(const bench_group *g)
{
    out_kind outs[BENCH_ENTRY_ROWS];
    return rows_of(cb_entry_info_of(g->entries[0]), outs) ? outs[0] : OUT_MASK;
}
