/* api.c - the public query functions, generated from registry.h (argument checks, the pairs' scratch, the float-environment guard, then the active backend's kernel), and the entry table's functions (cb_entry_*). */
#include "fenv_guard.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The descriptors of cb_entry_info_of, one per registry row. */
#define CB_DESCRIPTOR(name, form, query, one, many, layout, output)                                \
    {#name, CB_FORM_##form, CB_QUERY_##query, CB_SHAPE_##one,                                     \
     CB_SHAPE_##many, CB_LAYOUT_##layout, CB_OUTPUT_##output},
static const cb_entry_info entries[CB_ENTRY_COUNT] = {
#define CB_ROW CB_DESCRIPTOR
#include "registry_rows.h"
};

/* ---------------------------------------------------------------- checks */

/* The margin: finite and >= 0, -0.0 included; tested on its bits, since a
 * float compare in the caller's mode would read a negative denormal as -0
 * under DAZ/FZ. */
static int bad_margin(float margin)
{
    uint32_t mu;
    memcpy(&mu, &margin, sizeof mu);
    return mu > 0x7F7FFFFFu && mu != 0x80000000u;
}

static int bad_contacts(const cb_contacts *c)
{
    return !c->index || !c->normal_x || !c->normal_y || !c->separation || !c->point_x ||
           !c->point_y || !c->feature;
}

static int bad_int_distances(const cb_int_distances *d)
{
    return !d->d2 || !d->point_x || !d->point_y;
}

static int bad_int_contacts(const cb_int_contacts *c)
{
    return !c->index || !c->point_x || !c->point_y || !c->d2 || !c->depth || !c->feature;
}

static int bad_sweep_hits(const cb_sweep_hits *h)
{
    return !h->index || !h->normal_x || !h->normal_y || !h->t || !h->point_x || !h->point_y ||
           !h->feature;
}

static int bad_pair_contacts(const cb_pair_contacts *c)
{
    return !c->pair || !c->normal_x || !c->normal_y || !c->separation || !c->point_x ||
           !c->point_y || !c->feature;
}

static int bad_pair_sweep_hits(const cb_pair_sweep_hits *h)
{
    return !h->pair || !h->normal_x || !h->normal_y || !h->t || !h->point_x || !h->point_y ||
           !h->feature;
}

static int bad_int_pair_contacts(const cb_int_pair_contacts *c)
{
    return !c->pair || !c->point_x || !c->point_y || !c->d2 || !c->depth || !c->feature;
}

/* Does the output struct miss one of its arrays? */
static int bad_out(cb_output output, const void *out)
{
    switch (output) {
    case CB_OUTPUT_CONTACTS: return bad_contacts(out);
    case CB_OUTPUT_INT_DISTANCES: return bad_int_distances(out);
    case CB_OUTPUT_INT_CONTACTS: return bad_int_contacts(out);
    case CB_OUTPUT_PAIR_CONTACTS: return bad_pair_contacts(out);
    case CB_OUTPUT_INT_PAIR_CONTACTS: return bad_int_pair_contacts(out);
    case CB_OUTPUT_HITS:
    case CB_OUTPUT_FIRST_HIT: return bad_sweep_hits(out);
    case CB_OUTPUT_PAIR_FIRST_HITS: return bad_pair_sweep_hits(out);
    default: return 0;
    }
}

/* A grid built by cb_grid_* (not NULL, its mark in place). */
static const cb_grid *grid_of(const void *p)
{
    const cb_grid *g = (const cb_grid *)p;
    return g && g->magic == CB_GRID_MAGIC && cb_grid_shape_ok(g->shape) ? g : NULL;
}

/* The set of a pairs or candidates call: integer circles for the integer
 * elements, sweeps for the sweep query. */
static const void *set_of(const cb_entry_info *d, const cb_args *a)
{
    return d->one == CB_SHAPE_ICIRCLE ? (const void *)a->icircles
           : d->one == CB_SHAPE_SWEEP ? (const void *)a->sweeps
                                      : (const void *)a->circles;
}

/* Is a listed pair out of range? One pass over the candidates (the
 * kernels gather through the indices, so they must exist). Written as an OR
 * of compares against the largest valid index (n_circles, m <= 2^32), which
 * compilers vectorize without an unsigned max: the pass costs a third of
 * what a running maximum did (docs/measurements.md). */
static int bad_candidates(const cb_pair *c, size_t n, size_t n_circles, size_t m)
{
    if (n_circles == 0 || m == 0)
        return 1;
    const uint32_t last_i = (uint32_t)(n_circles - 1), last_j = (uint32_t)(m - 1);
    uint32_t bad = 0;
    for (size_t k = 0; k < n; k++)
        bad |= (uint32_t)(c[k].i > last_i) | (uint32_t)(c[k].j > last_j);
    return bad != 0;
}

/* The elements a pairs call of entry d pairs with, and their number. */
static size_t elements_of(const cb_entry_info *d, const cb_args *a)
{
    if (d->many == CB_SHAPE_SELF)
        return a->n_circles;
    if (d->many == CB_SHAPE_GRID || d->many == CB_SHAPE_GRID_SELF)
        return (size_t)grid_of(a->many)->m;
    return a->n;
}

/* Whether a grid's elements suit the entry: a set's own shape (integer
 * circles for ICIRCLE) against itself; for a set against a grid, integer
 * elements for integer circles, boxes or circles for sweeps. */
static int grid_fits(const cb_entry_info *d, uint32_t shape)
{
    if (d->many == CB_SHAPE_GRID_SELF)
        return shape == (uint32_t)d->one;
    if (d->one == CB_SHAPE_SWEEP)
        return shape == CB_SHAPE_BOX || shape == CB_SHAPE_CIRCLE;
    return (d->one == CB_SHAPE_ICIRCLE) == cb_shape_is_integer(shape);
}

/* n > CB_INDEX_MAX_N, which no 32-bit size_t reaches: there the comparison
 * would always be false, which -Wtype-limits reports. */
CB_INLINE int past_index_max(size_t n)
{
#if SIZE_MAX > UINT32_MAX
    return (uint64_t)n > CB_INDEX_MAX_N;
#else
    (void)n;
    return 0;
#endif
}

/* One batch or candidates call: can the kernel use these arguments
 * without a crash? (The kernels assume it.) n == 0 is valid with any
 * pointers. */
CB_INLINE int bad_batch(const cb_entry_info *d, const cb_args *a, size_t n)
{
    if (d->output == CB_OUTPUT_CONTACTS && bad_margin(a->margin))
        return 1;
    /* index outputs are uint32_t: indices up to n - 1 must fit */
    if ((d->output == CB_OUTPUT_INDICES || d->output == CB_OUTPUT_CONTACTS ||
         d->output == CB_OUTPUT_INT_CONTACTS || d->output == CB_OUTPUT_HITS ||
         d->output == CB_OUTPUT_FIRST_HIT) &&
        past_index_max(n))
        return 1;
    if (n == 0)
        return 0;
    if (!a->many || !a->out || bad_out(d->output, a->out))
        return 1;
    return d->layout == CB_LAYOUT_SOA && cb_soa_missing(d->many, a->many);
}

/* One pairs call. *work: whether it has anything to read (else it only
 * moves the cursor), so whether it needs its data and scratch. */
static int bad_pairs(const cb_entry_info *d, cb_args *a, int *work)
{
    if (d->query == CB_QUERY_CONTACTS && bad_margin(a->margin))
        return 1;
    const int gridded = d->many == CB_SHAPE_GRID || d->many == CB_SHAPE_GRID_SELF;
    if (gridded && (!grid_of(a->many) || !grid_fits(d, grid_of(a->many)->shape)))
        return 1;
    if (d->many == CB_SHAPE_GRID_SELF) /* the set is the grid's */
        a->n_circles = (size_t)grid_of(a->many)->m;
    if ((uint64_t)a->n_circles > CB_PAIRS_MAX_N ||
        (d->many != CB_SHAPE_SELF && !gridded && (uint64_t)a->n > CB_PAIRS_MAX_N))
        return 1;
    const cb_pair_cursor *cur = a->cursor;
    if (!cur)
        return 1;
    size_t end = cur->end || (cur->plan & CB_PAIRS_RANGE_END) ? cur->end : a->n_circles;
    if (end > a->n_circles || cur->circle > end)
        return 1;
    if (d->output != CB_OUTPUT_MATRIX && a->capacity && !a->out)
        return 1;
    *work = cur->circle < end && elements_of(d, a) > 0;
    if (!*work)
        return 0;
    if (d->output == CB_OUTPUT_MATRIX && !a->out)
        return 1;
    if (a->out && bad_out(d->output, a->out))
        return 1;
    if (d->many != CB_SHAPE_GRID_SELF && cb_soa_missing(d->one, set_of(d, a)))
        return 1;
    return d->many != CB_SHAPE_SELF && !gridded && cb_soa_missing(d->many, a->many);
}

CB_INLINE int bad_args(const cb_entry_info *d, cb_args *a, int *work)
{
    *work = 0;
    if (a->flags & ~(unsigned)(CB_STRICT | CB_TRUST_FENV))
        return 1;
    if (d->form == CB_FORM_BATCH)
        return bad_batch(d, a, a->n);
    if (d->form == CB_FORM_PAIRS)
        return bad_pairs(d, a, work);
    /* candidates: the batch checks over the candidates, then the set and
     * the indices */
    if (past_index_max(a->n_circles) || past_index_max(a->n) || past_index_max(a->n_candidates) ||
        bad_batch(d, a, a->n_candidates))
        return 1;
    if (a->n_candidates == 0)
        return 0;
    return !a->candidates || cb_soa_missing(d->one, set_of(d, a)) ||
           bad_candidates(a->candidates, a->n_candidates, a->n_circles, a->n);
}

/* Every public query function is this with a constant e, so the checks
 * fold to the row's own. A pairs call builds its grid in the scratch: the
 * caller's, or one allocated for this call (whose grid no later call can
 * reuse, so the cursor names none). The kernel runs inside the
 * float-environment guard unless the caller vouched for the environment
 * (CB_TRUST_FENV) or the query is an integer one; kernels read only
 * CB_STRICT. */
CB_INLINE size_t checked_call(size_t e, cb_args *a)
{
    const cb_entry_info *d = &entries[e];
    int work;
    if (bad_args(d, a, &work))
        return CB_INVALID;
    void *own = NULL;
    if (work && d->form == CB_FORM_PAIRS && d->many != CB_SHAPE_GRID &&
        d->many != CB_SHAPE_GRID_SELF && !a->scratch) {
        size_t bytes = cb_pairs_scratch_size(a->n_circles, elements_of(d, a));
        own = bytes == SIZE_MAX ? NULL : malloc(bytes);
        if (!own)
            return CB_INVALID;
        a->scratch = own;
    }
    cb_kernel_fn kernel = cb_active_kernels()[e];
    size_t r;
    /* the integer queries' answers cannot depend on the float mode (their
     * one float step, a filter, gives exact verdicts in any mode): no guard */
    if ((a->flags & CB_TRUST_FENV) || cb_shape_is_integer(d->one)) {
        r = kernel(a);
    } else {
        cb_fenv env = cb_fenv_enter();
        r = kernel(a);
        cb_fenv_leave(env);
    }
    if (own) {
        free(own);
        a->cursor->plan &= CB_PAIRS_RANGE_END; /* no grid of its in any scratch */
    }
    return r;
}

/* ------------------------------------------------------ public functions */

/*
 * The signature follows from the row, in the order of cbatch.h's rule: the
 * one side, the many side, what the form adds, the margin, the output (and
 * a list's capacity), the scratch, the flags. Each part is a parameter
 * list (with its leading comma), the fields it fills, and the arguments
 * that pass them on (cb_entry_call calls the public functions themselves,
 * so what it tests is what users call).
 */
#define CB_P_ONE_BATCH(shape) CB_SHAPE_T(shape) single
#define CB_P_ONE_SET(shape) const CB_SHAPE_SOA(shape) *circles, size_t n_circles
#define CB_F_ONE_BATCH(shape) a.CB_SHAPE_FIELD(shape) = single
#define CB_F_ONE_SET(shape) a.CB_SHAPE_SET_FIELD(shape) = circles, a.n_circles = n_circles
#define CB_A_ONE_BATCH(shape) a->CB_SHAPE_FIELD(shape)
#define CB_A_ONE_SET(shape) a->CB_SHAPE_SET_FIELD(shape), a->n_circles

/* A set prepared as a grid (GRID_SELF): the grid is the one side, and the
 * many side is nothing. */
#define CB_P_ONE_GRID(shape) const cb_grid *els
#define CB_F_ONE_GRID(shape) a.many = els
#define CB_A_ONE_GRID(shape) (const cb_grid *)a->many

#define CB_ELS_T_SOA(shape) const CB_SHAPE_SOA(shape) * /* the elements' pointer type */
#define CB_ELS_T_AOS(shape) const CB_SHAPE_T(shape) *
#define CB_P_MANY_ELS(shape, lay) , CB_ELS_T_##lay(shape) els, size_t n
#define CB_P_MANY_GRID(shape, lay) , const cb_grid *els
#define CB_P_MANY_SELF(shape, lay)
#define CB_F_MANY_ELS a.many = els, a.n = n
#define CB_F_MANY_GRID a.many = els
#define CB_F_MANY_SELF (void)0
#define CB_A_MANY_ELS(shape, lay) , (CB_ELS_T_##lay(shape))a->many, a->n
#define CB_A_MANY_GRID(shape, lay) , (const cb_grid *)a->many
#define CB_A_MANY_SELF(shape, lay)

#define CB_P_FORM_BATCH
#define CB_P_FORM_PAIRS , cb_pair_cursor *cursor
#define CB_P_FORM_CANDIDATES , const cb_pair *candidates, size_t n_candidates
#define CB_F_FORM_BATCH (void)0
#define CB_F_FORM_PAIRS a.cursor = cursor
#define CB_F_FORM_CANDIDATES a.candidates = candidates, a.n_candidates = n_candidates
#define CB_A_FORM_BATCH
#define CB_A_FORM_PAIRS , a->cursor
#define CB_A_FORM_CANDIDATES , a->candidates, a->n_candidates

/* The output, from its row (registry.h): the margin, the pointer, the
 * capacity. */
#define CB_P_OUT(t, margin, capacity, sink) CB_P_MARGIN_##margin, t *out CB_P_CAPACITY_##capacity
#define CB_F_OUT(t, margin, capacity, sink)                                                        \
    CB_F_MARGIN_##margin a.out = out CB_F_CAPACITY_##capacity
#define CB_A_OUT(t, margin, capacity, sink)                                                        \
    CB_A_MARGIN_##margin, (t *)a->out CB_A_CAPACITY_##capacity
#define CB_P_MARGIN_0
#define CB_P_MARGIN_1 , float margin
#define CB_F_MARGIN_0
#define CB_F_MARGIN_1 a.margin = margin,
#define CB_A_MARGIN_0
#define CB_A_MARGIN_1 , a->margin
#define CB_P_CAPACITY_0
#define CB_P_CAPACITY_1 , size_t capacity
#define CB_F_CAPACITY_0
#define CB_F_CAPACITY_1 , a.capacity = capacity
#define CB_A_CAPACITY_0
#define CB_A_CAPACITY_1 , a->capacity

#define CB_P_SCRATCH_YES , void *scratch
#define CB_P_SCRATCH_NO
#define CB_F_SCRATCH_YES a.scratch = scratch
#define CB_F_SCRATCH_NO (void)0
#define CB_A_SCRATCH_YES , a->scratch
#define CB_A_SCRATCH_NO

/* Which of the parts a (form, many) pair takes. */
#define CB_ONE_OF_BATCH_ELS BATCH
#define CB_ONE_OF_PAIRS_ELS SET
#define CB_ONE_OF_PAIRS_GRID SET
#define CB_ONE_OF_PAIRS_SELF SET
#define CB_ONE_OF_PAIRS_GSELF GRID
#define CB_ONE_OF_CANDIDATES_ELS SET
#define CB_P_MANY_GSELF(shape, lay)
#define CB_F_MANY_GSELF (void)0
#define CB_A_MANY_GSELF(shape, lay)
#define CB_SCRATCH_OF_BATCH_ELS NO
#define CB_SCRATCH_OF_CANDIDATES_ELS NO
#define CB_SCRATCH_OF_PAIRS_ELS YES
#define CB_SCRATCH_OF_PAIRS_SELF YES
#define CB_SCRATCH_OF_PAIRS_GRID NO
#define CB_SCRATCH_OF_PAIRS_GSELF NO

#define CB_PART(part, which) CB_PASTE(part, which)
#define CB_KIND_SCRATCH(form, many) CB_PART(CB_SCRATCH_OF_##form##_, CB_SHAPE_PART(many))
#define CB_KIND_ONE(form, many) CB_PART(CB_ONE_OF_##form##_, CB_SHAPE_PART(many))

#define CB_PUBLIC(name, form, query, one, many, layout, output)                                    \
    size_t name(CB_PART(CB_P_ONE_, CB_KIND_ONE(form, many))(one)                                   \
                    CB_PART(CB_P_MANY_, CB_SHAPE_PART(many))(many, layout) CB_P_FORM_##form        \
                        CB_OUTPUT_ROW(output, CB_P_OUT)                                            \
                            CB_PART(CB_P_SCRATCH_, CB_KIND_SCRATCH(form, many)),                   \
                unsigned flags)                                                                    \
    {                                                                                              \
        cb_args a;                                                                                 \
        CB_PUBLIC_CLEAR_##form(a);                                                                 \
        CB_PART(CB_F_ONE_, CB_KIND_ONE(form, many))(one);                                          \
        CB_PART(CB_F_MANY_, CB_SHAPE_PART(many));                                                  \
        CB_F_FORM_##form;                                                                          \
        CB_OUTPUT_ROW(output, CB_F_OUT);                                                           \
        CB_PART(CB_F_SCRATCH_, CB_KIND_SCRATCH(form, many));                                       \
        a.flags = flags;                                                                           \
        return checked_call(CB_E_##name, &a);                                                      \
    }
/* A batch call sets only the fields its kernel reads (the other single
 * shapes are never read, and zeroing them costs stores on every small
 * call); the others start from zero. */
#define CB_PUBLIC_CLEAR_BATCH(a) (void)0
#define CB_PUBLIC_CLEAR_PAIRS(a) memset(&(a), 0, sizeof(a))
#define CB_PUBLIC_CLEAR_CANDIDATES(a) memset(&(a), 0, sizeof(a))
#define CB_ROW CB_PUBLIC
#include "registry_rows.h"

#define CB_CALLER(name, form, query, one, many, layout, output)                                    \
    static size_t call_##name(const cb_args *a)                                                    \
    {                                                                                              \
        return name(                                                                               \
            CB_PART(CB_A_ONE_, CB_KIND_ONE(form, many))(one)                                       \
                CB_PART(CB_A_MANY_, CB_SHAPE_PART(many))(many, layout) CB_A_FORM_##form            \
                    CB_OUTPUT_ROW(output, CB_A_OUT)                                                \
                        CB_PART(CB_A_SCRATCH_, CB_KIND_SCRATCH(form, many)),                       \
            a->flags);                                                                             \
    }
#define CB_ROW CB_CALLER
#include "registry_rows.h"
#define CB_CALLER_PTR(name, form, query, one, many, layout, output) call_##name,
static size_t (*const callers[CB_ENTRY_COUNT])(const cb_args *) = {
#define CB_ROW CB_CALLER_PTR
#include "registry_rows.h"
};

/* ------------------------------------------------------------ the table */

size_t cb_entry_count(void) { return CB_ENTRY_COUNT; }

const cb_entry_info *cb_entry_info_of(size_t e) { return e < CB_ENTRY_COUNT ? &entries[e] : NULL; }

size_t cb_entry_lookup(const cb_entry_info *want)
{
    size_t e = 0;
    for (; want && e < CB_ENTRY_COUNT; e++) {
        const cb_entry_info *d = &entries[e];
        if (d->form == want->form && d->query == want->query && d->one == want->one &&
            d->many == want->many && d->layout == want->layout && d->output == want->output)
            return e;
    }
    return CB_ENTRY_COUNT;
}

size_t cb_entry_find(const char *name)
{
    size_t e = 0;
    while (name && e < CB_ENTRY_COUNT && strcmp(entries[e].name, name) != 0)
        e++;
    return name ? e : CB_ENTRY_COUNT;
}

size_t cb_entry_call(size_t e, const cb_args *args)
{
    if (e >= CB_ENTRY_COUNT || !args)
        return CB_INVALID;
    return callers[e](args);
}
