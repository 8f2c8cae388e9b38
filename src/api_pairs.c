/* api_pairs.c - the public many-against-many entry points, generated from registry.h's CB_PAIR_ENTRIES: argument checks, the float-environment guard, then the active backend's kernel. */
#include "fenv_guard.h"
#include "internal.h"

#include <string.h>

#define CB_PAIR_DESCRIPTOR(name, query, pairing, many, output)                                     \
    {"cb_" #name, CB_QUERY_##query, CB_PAIRING_##pairing, CB_SHAPE_##many, CB_OUTPUT_##output},
static const cb_pair_entry_info entries[CB_PAIR_ENTRY_COUNT] = {
    CB_PAIR_ENTRIES(CB_PAIR_DESCRIPTOR)};

size_t cb_pair_tiles(size_t m) { return m / CB_TILE + (m % CB_TILE != 0); }

static int bad_soa(cb_shape shape, const void *p)
{
    if (!p)
        return 1;
    if (shape == CB_SHAPE_BOX) {
        const cb_box_soa *b = (const cb_box_soa *)p;
        return !b->min_x || !b->min_y || !b->max_x || !b->max_y;
    }
    const cb_circle_soa *c = (const cb_circle_soa *)p;
    return !c->x || !c->y || !c->r;
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

/* Can the kernel use these arguments without a crash? The kernels assume it. */
static inline int bad_args(const cb_pair_entry_info *d, const cb_pair_args *a)
{
    if (a->flags & ~(unsigned)(CB_STRICT | CB_TRUST_FENV))
        return 1;
    if ((uint64_t)a->n_circles > CB_INDEX_MAX_N || (uint64_t)a->m > CB_INDEX_MAX_N)
        return 1;
    size_t tiles = cb_pair_tiles(a->m), end = a->tile_end < tiles ? a->tile_end : tiles;
    switch (d->output) {
    case CB_OUTPUT_PAIRS: {
        if (!a->cursor)
            return 1;
        if (a->cursor->tile >= end || a->n_circles == 0) /* nothing to do: only the cursor moves */
            return 0;
        if (a->cursor->circle >= a->n_circles || a->cursor->skip > CB_TILE)
            return 1;
        if (a->capacity && !a->out)
            return 1;
        return bad_soa(CB_SHAPE_CIRCLE, a->circles) || bad_soa(d->many, a->many);
    }
    case CB_OUTPUT_MATRIX:
        if (a->tile_begin >= end || a->n_circles == 0)
            return 0;
        return !a->out || bad_soa(CB_SHAPE_CIRCLE, a->circles) || bad_soa(d->many, a->many);
    default: /* listed candidates */
        if ((uint64_t)a->n > CB_INDEX_MAX_N)
            return 1;
        if (d->output == CB_OUTPUT_CONTACTS) {
            /* finite and >= 0, -0.0 included, on its bits (see api.c) */
            uint32_t mu;
            memcpy(&mu, &a->margin, sizeof mu);
            if (mu > 0x7F7FFFFFu && mu != 0x80000000u)
                return 1;
        }
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
        return bad_candidates(a->candidates, a->n, a->n_circles, a->m);
    }
}

CB_INLINE size_t checked_call(size_t e, cb_pair_args *a)
{
    if (bad_args(&entries[e], a))
        return CB_INVALID;
    cb_pair_kernel_fn kernel = cb_active_pair_kernels()[e];
    if (a->flags & CB_TRUST_FENV)
        return kernel(a);
    cb_fenv env = cb_fenv_enter();
    size_t r = kernel(a);
    cb_fenv_leave(env);
    return r;
}

/* The public functions: the signature follows from (PAIRING, OUTPUT). */
#define CB_MANY_T_PAIRS_BOX const cb_box_soa *
#define CB_MANY_T_PAIRS_CIRCLE const cb_circle_soa *
#define CB_PAIR_HEAD(fn, kind)                                                                     \
    size_t fn(const cb_circle_soa *circles, size_t n_circles, CB_MANY_T_PAIRS_##kind many, size_t m
#define CB_PAIR_SIG_ALL_PAIRS(fn, kind)                                                            \
    CB_PAIR_HEAD(fn, kind), cb_pair_cursor *cursor, size_t tile_end, cb_pair *pairs,               \
        size_t capacity, unsigned flags)
#define CB_PAIR_SET_ALL_PAIRS(a)                                                                   \
    (a).cursor = cursor, (a).tile_end = tile_end, (a).out = pairs, (a).capacity = capacity
#define CB_PAIR_ARG_ALL_PAIRS(a) (a)->cursor, (a)->tile_end, (cb_pair *)(a)->out, (a)->capacity
#define CB_PAIR_SIG_ALL_MATRIX(fn, kind)                                                           \
    CB_PAIR_HEAD(fn, kind), size_t tile_begin, size_t tile_end, uint64_t *matrix, unsigned flags)
#define CB_PAIR_SET_ALL_MATRIX(a) (a).tile_begin = tile_begin, (a).tile_end = tile_end, (a).out = matrix
#define CB_PAIR_ARG_ALL_MATRIX(a) (a)->tile_begin, (a)->tile_end, (uint64_t *)(a)->out
#define CB_PAIR_SIG_LISTED_MASK(fn, kind)                                                          \
    CB_PAIR_HEAD(fn, kind), const cb_pair *candidates, size_t n, uint64_t *mask, unsigned flags)
#define CB_PAIR_SET_LISTED_MASK(a) (a).candidates = candidates, (a).n = n, (a).out = mask
#define CB_PAIR_ARG_LISTED_MASK(a) (a)->candidates, (a)->n, (uint64_t *)(a)->out
#define CB_PAIR_SIG_LISTED_INDICES(fn, kind)                                                       \
    CB_PAIR_HEAD(fn, kind), const cb_pair *candidates, size_t n, uint32_t *idx, unsigned flags)
#define CB_PAIR_SET_LISTED_INDICES(a) (a).candidates = candidates, (a).n = n, (a).out = idx
#define CB_PAIR_ARG_LISTED_INDICES(a) (a)->candidates, (a)->n, (uint32_t *)(a)->out
#define CB_PAIR_SIG_LISTED_CONTACTS(fn, kind)                                                      \
    CB_PAIR_HEAD(fn, kind), const cb_pair *candidates, size_t n, float margin, cb_contacts *out,   \
        unsigned flags)
#define CB_PAIR_SET_LISTED_CONTACTS(a)                                                             \
    (a).candidates = candidates, (a).n = n, (a).margin = margin, (a).out = out
#define CB_PAIR_ARG_LISTED_CONTACTS(a)                                                             \
    (a)->candidates, (a)->n, (a)->margin, (cb_contacts *)(a)->out

#define CB_PAIR_PUBLIC(name, query, pairing, kind, output)                                         \
    CB_PAIR_SIG_##pairing##_##output(cb_##name, kind)                                              \
    {                                                                                              \
        cb_pair_args a;                                                                            \
        memset(&a, 0, sizeof a);                                                                   \
        a.circles = circles, a.n_circles = n_circles, a.many = many, a.m = m, a.flags = flags;    \
        CB_PAIR_SET_##pairing##_##output(a);                                                       \
        return checked_call(CB_P_##name, &a);                                                      \
    }
CB_PAIR_ENTRIES(CB_PAIR_PUBLIC)

/* cb_pair_entry_call goes through the public functions themselves. */
#define CB_PAIR_CALLER(name, query, pairing, kind, output)                                         \
    static size_t call_##name(const cb_pair_args *a)                                               \
    {                                                                                              \
        return cb_##name(a->circles, a->n_circles, (CB_MANY_T_PAIRS_##kind)a->many, a->m,          \
                         CB_PAIR_ARG_##pairing##_##output(a), a->flags);                           \
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
