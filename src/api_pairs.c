/* api_pairs.c - the public many-against-many entry points, generated from registry.h's CB_PAIR_ENTRIES (argument checks, scratch, the float-environment guard, then the active backend's kernel), and the prepared grids (cb_grid_*). */
#include "fenv_guard.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define CB_PAIR_DESCRIPTOR(name, query, pairing, many, output)                                     \
    {"cb_" #name, CB_QUERY_##query, CB_PAIRING_##pairing, CB_SHAPE_##many, CB_OUTPUT_##output},
static const cb_pair_entry_info entries[CB_PAIR_ENTRY_COUNT] = {
    CB_PAIR_ENTRIES(CB_PAIR_DESCRIPTOR)};

size_t cb_pairs_scratch_size(size_t n_circles, size_t m) { return cb_plan_bytes(n_circles, m); }

/* ---------------------------------------------------------------- checks */

static int bad_soa(cb_shape shape, const void *p)
{
    if (!p)
        return 1;
    if (shape == CB_SHAPE_BOX) {
        const cb_box_soa *b = (const cb_box_soa *)p;
        return !b->min_x || !b->min_y || !b->max_x || !b->max_y;
    }
    if (shape == CB_SHAPE_OBOX) {
        const cb_obox_soa *o = (const cb_obox_soa *)p;
        return !o->cx || !o->cy || !o->hx || !o->hy || !o->c || !o->s;
    }
    const cb_circle_soa *c = (const cb_circle_soa *)p;
    return !c->x || !c->y || !c->r;
}

/* A grid built by cb_grid_* (not NULL, its mark in place). */
static const cb_grid *grid_of(const void *p)
{
    const cb_grid *g = (const cb_grid *)p;
    return g && g->magic == CB_GRID_MAGIC && g->shape <= CB_SHAPE_OBOX ? g : NULL;
}

/* Is a listed pair out of range? One pass over the candidates (the
 * kernels gather through the indices, so they must exist). Written as an OR
 * of compares against the largest valid index (n_circles, m <= 2^32), which
 * compilers vectorize without an unsigned max: the pass costs a third of
 * what a running maximum did (docs/benchmark.md). */
static int bad_candidates(const cb_pair *c, size_t n, size_t n_circles, size_t m)
{
    if (n == 0)
        return 0;
    if (n_circles == 0 || m == 0)
        return 1;
    const uint32_t last_i = (uint32_t)(n_circles - 1), last_j = (uint32_t)(m - 1);
    uint32_t bad = 0;
    for (size_t k = 0; k < n; k++)
        bad |= (uint32_t)(c[k].i > last_i) | (uint32_t)(c[k].j > last_j);
    return bad != 0;
}

/* finite and >= 0, -0.0 included, on its bits (see api.c) */
static int bad_margin(float margin)
{
    uint32_t mu;
    memcpy(&mu, &margin, sizeof mu);
    return mu > 0x7F7FFFFFu && mu != 0x80000000u;
}

static int bad_pair_contacts(const cb_pair_contacts *c)
{
    return !c->pair || !c->normal_x || !c->normal_y || !c->separation || !c->point_x ||
           !c->point_y || !c->feature;
}

/* The elements a call of entry d pairs with, and their number. */
static size_t elements_of(const cb_pair_entry_info *d, const cb_pair_args *a)
{
    if (d->pairing == CB_PAIRING_SELF)
        return a->n_circles;
    if (d->pairing == CB_PAIRING_GRID)
        return (size_t)grid_of(a->many)->m;
    return a->m;
}

/* Can the kernel use these arguments without a crash? The kernels assume
 * it. *work: whether the call has anything to read (else it only moves the
 * cursor), so whether it needs its data and scratch. */
static int bad_args(const cb_pair_entry_info *d, const cb_pair_args *a, int *work)
{
    *work = 0;
    if (a->flags & ~(unsigned)(CB_STRICT | CB_TRUST_FENV))
        return 1;
    if (d->query == CB_QUERY_CONTACTS && bad_margin(a->margin))
        return 1;
    if (d->pairing == CB_PAIRING_LISTED) {
        if ((uint64_t)a->n_circles > CB_INDEX_MAX_N || (uint64_t)a->m > CB_INDEX_MAX_N ||
            (uint64_t)a->n > CB_INDEX_MAX_N)
            return 1;
        if (a->n == 0)
            return 0;
        if (!a->candidates || !a->out || bad_soa(CB_SHAPE_CIRCLE, a->circles) ||
            bad_soa(d->many, a->many))
            return 1;
        if (d->output == CB_OUTPUT_CONTACTS) {
            const cb_contacts *c = (const cb_contacts *)a->out;
            if (!c->index || !c->normal_x || !c->normal_y || !c->separation || !c->point_x ||
                !c->point_y || !c->feature)
                return 1;
        }
        *work = 1;
        return bad_candidates(a->candidates, a->n, a->n_circles, a->m);
    }
    if (d->pairing == CB_PAIRING_GRID && !grid_of(a->many))
        return 1;
    if ((uint64_t)a->n_circles > CB_PAIRS_MAX_N ||
        (d->pairing == CB_PAIRING_ALL && (uint64_t)a->m > CB_PAIRS_MAX_N))
        return 1;
    const cb_pair_cursor *cur = a->cursor;
    if (!cur)
        return 1;
    size_t end = cur->end ? cur->end : a->n_circles;
    if (end > a->n_circles || cur->circle > end)
        return 1;
    if (d->output != CB_OUTPUT_MATRIX && a->capacity && !a->out)
        return 1;
    *work = cur->circle < end && elements_of(d, a) > 0;
    if (!*work)
        return 0;
    if (d->output == CB_OUTPUT_MATRIX && !a->out)
        return 1;
    if (d->output == CB_OUTPUT_PAIR_CONTACTS && a->out &&
        bad_pair_contacts((const cb_pair_contacts *)a->out))
        return 1;
    if (bad_soa(CB_SHAPE_CIRCLE, a->circles))
        return 1;
    return d->pairing == CB_PAIRING_ALL && bad_soa(d->many, a->many);
}

CB_INLINE size_t checked_call(size_t e, cb_pair_args *a)
{
    const cb_pair_entry_info *d = &entries[e];
    int work;
    if (bad_args(d, a, &work))
        return CB_INVALID;
    /* All pairs and self pairs build their grid in the scratch: the
     * caller's, or one allocated for this call (whose grid no later call
     * can reuse, so the cursor names none). */
    void *own = NULL;
    int builds = d->pairing == CB_PAIRING_ALL || d->pairing == CB_PAIRING_SELF;
    if (work && builds && !a->scratch) {
        size_t bytes = cb_pairs_scratch_size(a->n_circles, elements_of(d, a));
        own = bytes == SIZE_MAX ? NULL : malloc(bytes);
        if (!own)
            return CB_INVALID;
        a->scratch = own;
    }
    cb_pair_kernel_fn kernel = cb_active_pair_kernels()[e];
    size_t r;
    if (a->flags & CB_TRUST_FENV) {
        r = kernel(a);
    } else {
        cb_fenv env = cb_fenv_enter();
        r = kernel(a);
        cb_fenv_leave(env);
    }
    if (own) {
        free(own);
        a->cursor->plan = 0;
    }
    return r;
}

/* ------------------------------------------------------ public functions */

/* The signature follows from (PAIRING, OUTPUT); the elements' type from MANY. */
#define CB_MANY_T_PAIRS_BOX const cb_box_soa *
#define CB_MANY_T_PAIRS_CIRCLE const cb_circle_soa *
#define CB_MANY_T_PAIRS_OBOX const cb_obox_soa *
#define CB_MANY_T_PAIRS_GRID const cb_grid *
#define CB_HEAD_ALL(fn, kind)                                                                      \
    size_t fn(const cb_circle_soa *circles, size_t n_circles, CB_MANY_T_PAIRS_##kind many, size_t m
#define CB_HEAD_SELF(fn, kind) size_t fn(const cb_circle_soa *circles, size_t n_circles
#define CB_HEAD_GRID(fn, kind)                                                                     \
    size_t fn(const cb_circle_soa *circles, size_t n_circles, CB_MANY_T_PAIRS_##kind many
#define CB_HEAD_LISTED(fn, kind) CB_HEAD_ALL(fn, kind)
/* what each output adds, and whether a scratch follows */
#define CB_TAIL_PAIRS cb_pair_cursor *cursor, cb_pair *pairs, size_t capacity
#define CB_TAIL_MATRIX cb_pair_cursor *cursor, uint64_t *matrix
#define CB_TAIL_PAIR_CONTACTS                                                                      \
    cb_pair_cursor *cursor, float margin, cb_pair_contacts *out, size_t capacity
#define CB_SCRATCH_ALL , void *scratch
#define CB_SCRATCH_SELF , void *scratch
#define CB_SCRATCH_GRID
#define CB_SIG_BUILT(fn, pairing, kind, output)                                                    \
    CB_HEAD_##pairing(fn, kind), CB_TAIL_##output CB_SCRATCH_##pairing, unsigned flags)
#define CB_SIG_ALL_PAIRS(fn, kind) CB_SIG_BUILT(fn, ALL, kind, PAIRS)
#define CB_SIG_ALL_MATRIX(fn, kind) CB_SIG_BUILT(fn, ALL, kind, MATRIX)
#define CB_SIG_ALL_PAIR_CONTACTS(fn, kind) CB_SIG_BUILT(fn, ALL, kind, PAIR_CONTACTS)
#define CB_SIG_SELF_PAIRS(fn, kind) CB_SIG_BUILT(fn, SELF, kind, PAIRS)
#define CB_SIG_SELF_PAIR_CONTACTS(fn, kind) CB_SIG_BUILT(fn, SELF, kind, PAIR_CONTACTS)
#define CB_SIG_GRID_PAIRS(fn, kind) CB_SIG_BUILT(fn, GRID, kind, PAIRS)
#define CB_SIG_GRID_MATRIX(fn, kind) CB_SIG_BUILT(fn, GRID, kind, MATRIX)
#define CB_SIG_GRID_PAIR_CONTACTS(fn, kind) CB_SIG_BUILT(fn, GRID, kind, PAIR_CONTACTS)
#define CB_SIG_LISTED_MASK(fn, kind)                                                               \
    CB_HEAD_LISTED(fn, kind), const cb_pair *candidates, size_t n, uint64_t *mask, unsigned flags)
#define CB_SIG_LISTED_INDICES(fn, kind)                                                            \
    CB_HEAD_LISTED(fn, kind), const cb_pair *candidates, size_t n, uint32_t *idx, unsigned flags)
#define CB_SIG_LISTED_CONTACTS(fn, kind)                                                           \
    CB_HEAD_LISTED(fn, kind), const cb_pair *candidates, size_t n, float margin,                  \
        cb_contacts *out, unsigned flags)

/* Into cb_pair_args, and (for cb_pair_entry_call) back out of it. */
#define CB_SET_MANY_ALL(a) (a).many = many, (a).m = m
#define CB_SET_MANY_SELF(a) (a).many = NULL, (a).m = 0
#define CB_SET_MANY_GRID(a) (a).many = many, (a).m = 0
#define CB_SET_MANY_LISTED(a) CB_SET_MANY_ALL(a)
#define CB_SET_SCRATCH_ALL(a) (a).scratch = scratch
#define CB_SET_SCRATCH_SELF(a) (a).scratch = scratch
#define CB_SET_SCRATCH_GRID(a) (void)0
#define CB_SET_SCRATCH_LISTED(a) (void)0
#define CB_SET_OUT_PAIRS(a) (a).cursor = cursor, (a).out = pairs, (a).capacity = capacity
#define CB_SET_OUT_MATRIX(a) (a).cursor = cursor, (a).out = matrix
#define CB_SET_OUT_PAIR_CONTACTS(a)                                                                \
    (a).cursor = cursor, (a).margin = margin, (a).out = out, (a).capacity = capacity
#define CB_SET_OUT_MASK(a) (a).candidates = candidates, (a).n = n, (a).out = mask
#define CB_SET_OUT_INDICES(a) (a).candidates = candidates, (a).n = n, (a).out = idx
#define CB_SET_OUT_CONTACTS(a)                                                                     \
    (a).candidates = candidates, (a).n = n, (a).margin = margin, (a).out = out

#define CB_ARG_MANY_ALL(a, kind) , (CB_MANY_T_PAIRS_##kind)(a)->many, (a)->m
#define CB_ARG_MANY_SELF(a, kind)
#define CB_ARG_MANY_GRID(a, kind) , (CB_MANY_T_PAIRS_##kind)(a)->many
#define CB_ARG_MANY_LISTED(a, kind) CB_ARG_MANY_ALL(a, kind)
#define CB_ARG_OUT_PAIRS(a) (a)->cursor, (cb_pair *)(a)->out, (a)->capacity
#define CB_ARG_OUT_MATRIX(a) (a)->cursor, (uint64_t *)(a)->out
#define CB_ARG_OUT_PAIR_CONTACTS(a)                                                                \
    (a)->cursor, (a)->margin, (cb_pair_contacts *)(a)->out, (a)->capacity
#define CB_ARG_OUT_MASK(a) (a)->candidates, (a)->n, (uint64_t *)(a)->out
#define CB_ARG_OUT_INDICES(a) (a)->candidates, (a)->n, (uint32_t *)(a)->out
#define CB_ARG_OUT_CONTACTS(a) (a)->candidates, (a)->n, (a)->margin, (cb_contacts *)(a)->out
#define CB_ARG_SCRATCH_ALL(a) , (a)->scratch
#define CB_ARG_SCRATCH_SELF(a) , (a)->scratch
#define CB_ARG_SCRATCH_GRID(a)
#define CB_ARG_SCRATCH_LISTED(a)

#define CB_PAIR_PUBLIC(name, query, pairing, kind, output)                                         \
    CB_SIG_##pairing##_##output(cb_##name, kind)                                                   \
    {                                                                                              \
        cb_pair_args a;                                                                            \
        memset(&a, 0, sizeof a);                                                                   \
        a.circles = circles, a.n_circles = n_circles, a.flags = flags;                             \
        CB_SET_MANY_##pairing(a);                                                                  \
        CB_SET_SCRATCH_##pairing(a);                                                               \
        CB_SET_OUT_##output(a);                                                                    \
        return checked_call(CB_P_##name, &a);                                                      \
    }
CB_PAIR_ENTRIES(CB_PAIR_PUBLIC)

/* cb_pair_entry_call goes through the public functions themselves. */
#define CB_PAIR_CALLER(name, query, pairing, kind, output)                                         \
    static size_t call_##name(const cb_pair_args *a)                                               \
    {                                                                                              \
        return cb_##name(a->circles, a->n_circles CB_ARG_MANY_##pairing(a, kind),                  \
                         CB_ARG_OUT_##output(a) CB_ARG_SCRATCH_##pairing(a), a->flags);            \
    }
CB_PAIR_ENTRIES(CB_PAIR_CALLER)
#define CB_PAIR_CALLER_PTR(name, query, pairing, many, output) call_##name,
static size_t (*const callers[CB_PAIR_ENTRY_COUNT])(const cb_pair_args *) = {
    CB_PAIR_ENTRIES(CB_PAIR_CALLER_PTR)};

size_t cb_pair_entry_count(void) { return CB_PAIR_ENTRY_COUNT; }

const cb_pair_entry_info *cb_pair_entry_info_of(size_t e)
{
    return e < CB_PAIR_ENTRY_COUNT ? &entries[e] : NULL;
}

size_t cb_pair_entry_find(const char *name)
{
    size_t e = 0;
    while (name && e < CB_PAIR_ENTRY_COUNT && strcmp(entries[e].name, name) != 0)
        e++;
    return name ? e : CB_PAIR_ENTRY_COUNT;
}

size_t cb_pair_entry_call(size_t e, const cb_pair_args *args)
{
    if (e >= CB_PAIR_ENTRY_COUNT || !args)
        return CB_INVALID;
    return callers[e](args);
}

/* --------------------------------------------------------- prepared grids */

size_t cb_grid_size(size_t m)
{
    size_t b = cb_grid_bytes(m);
    return b <= SIZE_MAX - 64 ? b + 64 : SIZE_MAX; /* 64: to align the grid */
}

static cb_grid *grid_build(void *memory, cb_shape shape, const void *els, size_t m)
{
    if (!memory || (uint64_t)m > CB_PAIRS_MAX_N || (m && bad_soa(shape, els)))
        return NULL;
    void *at = (void *)(((uintptr_t)memory + 63u) & ~(uintptr_t)63u);
    cb_fenv env = cb_fenv_enter();
    cb_grid *g = cb_grid_builder()(at, shape, els, m);
    cb_fenv_leave(env);
    return g;
}

cb_grid *cb_grid_boxes(void *memory, const cb_box_soa *boxes, size_t m)
{
    return grid_build(memory, CB_SHAPE_BOX, boxes, m);
}

cb_grid *cb_grid_circles(void *memory, const cb_circle_soa *circles, size_t m)
{
    return grid_build(memory, CB_SHAPE_CIRCLE, circles, m);
}

cb_grid *cb_grid_oboxes(void *memory, const cb_obox_soa *boxes, size_t m)
{
    return grid_build(memory, CB_SHAPE_OBOX, boxes, m);
}

size_t cb_grid_elements(const cb_grid *grid, cb_shape *shape)
{
    const cb_grid *g = grid_of(grid);
    if (!g)
        return 0;
    if (shape)
        *shape = (cb_shape)g->shape;
    return (size_t)g->m;
}
