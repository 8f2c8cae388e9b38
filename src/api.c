/* api.c - the public batch entry points, generated from registry.h: argument checks, the float-environment guard, then the active backend's kernel. */
#include "fenv_guard.h"
#include "internal.h"

#include <string.h>

/* The descriptors of cb_entry_info_of, one per registry row. */
#define CB_DESCRIPTOR(name, query, one, many, layout, output)                                      \
    {"cb_batch_" #name, CB_QUERY_##query, CB_SHAPE_##one, CB_SHAPE_##many, CB_LAYOUT_##layout,     \
     CB_OUTPUT_##output},
static const cb_entry_info entries[CB_ENTRY_COUNT] = {CB_ENTRIES(CB_DESCRIPTOR)};

/* Can the kernel use these arguments without a crash? (The kernels assume
 * it.) n == 0 is valid with any pointers. */
static inline int bad_args(const cb_entry_info *d, const cb_args *a)
{
    if (a->flags & ~(unsigned)(CB_STRICT | CB_TRUST_FENV))
        return 1;
    /* index outputs are uint32_t: indices up to n - 1 must fit */
    if (d->output == CB_OUTPUT_INDICES && (uint64_t)a->n > CB_INDEX_MAX_N)
        return 1;
    if (d->output == CB_OUTPUT_CONTACTS) {
        /* the margin: finite and >= 0, -0.0 included; tested on its bits,
         * since a float compare in the caller's mode would read a negative
         * denormal as -0 under DAZ/FZ */
        uint32_t mu;
        memcpy(&mu, &a->margin, sizeof mu);
        if ((mu > 0x7F7FFFFFu && mu != 0x80000000u) || (uint64_t)a->n > CB_INDEX_MAX_N)
            return 1;
    }
    if (a->n == 0)
        return 0;
    if (!a->many || !a->out)
        return 1;
    if (d->output == CB_OUTPUT_CONTACTS) {
        const cb_contacts *c = (const cb_contacts *)a->out;
        if (!c->index || !c->normal_x || !c->normal_y || !c->separation || !c->point_x ||
            !c->point_y || !c->feature)
            return 1;
    }
    if (d->layout == CB_LAYOUT_SOA && d->many == CB_SHAPE_BOX) {
        const cb_box_soa *b = (const cb_box_soa *)a->many;
        return !b->min_x || !b->min_y || !b->max_x || !b->max_y;
    }
    if (d->layout == CB_LAYOUT_SOA && d->many == CB_SHAPE_CIRCLE) {
        const cb_circle_soa *c = (const cb_circle_soa *)a->many;
        return !c->x || !c->y || !c->r;
    }
    if (d->layout == CB_LAYOUT_SOA && d->many == CB_SHAPE_OBOX) {
        const cb_obox_soa *b = (const cb_obox_soa *)a->many;
        return !b->cx || !b->cy || !b->hx || !b->hy || !b->c || !b->s;
    }
    return 0;
}

/* Every public batch function is this with a constant e, so the checks fold
 * to the row's own. The kernel runs inside the float-environment guard
 * unless the caller vouched for the environment (CB_TRUST_FENV); kernels
 * read only CB_STRICT. */
CB_INLINE size_t checked_call(size_t e, cb_args *a)
{
    if (bad_args(&entries[e], a))
        return CB_INVALID;
    cb_kernel_fn kernel = cb_active_kernels()[e];
    if (a->flags & CB_TRUST_FENV)
        return kernel(a);
    cb_fenv env = cb_fenv_enter();
    size_t hits = kernel(a);
    cb_fenv_leave(env);
    return hits;
}

/* The public functions. Their signatures follow from the row's ONE column
 * (registry.h), and must match the declarations in cbatch.h. */
#define CB_SIGNATURE_CIRCLE(fn, many_t, extra, out_t)                                              \
    size_t fn(cb_circle one, many_t many, size_t n, extra out_t out, unsigned flags)
#define CB_SIGNATURE_BOX(fn, many_t, extra, out_t)                                                 \
    size_t fn(many_t many, size_t n, cb_box one, extra out_t out, unsigned flags)
#define CB_SIGNATURE_OBOX(fn, many_t, extra, out_t)                                                \
    size_t fn(many_t many, size_t n, cb_obox one, extra out_t out, unsigned flags)

/* Only the fields the kernel reads are set: the other single shape is
 * never read, and zeroing it costs stores on every small call. */
#define CB_PUBLIC(name, query, one_kind, many_kind, layout, output)                                \
    CB_SIGNATURE_##one_kind(cb_batch_##name, CB_MANY_T_##many_kind##_##layout,                     \
                            CB_EXTRA_PARAM_##output, CB_OUT_T_##output)                            \
    {                                                                                              \
        cb_args a;                                                                                 \
        a.CB_ONE_FIELD_##one_kind = one;                                                           \
        a.many = many, a.n = n, a.out = out, a.flags = flags;                                      \
        CB_SET_EXTRA_##output(a)                                                                   \
        return checked_call(CB_E_##name, &a);                                                      \
    }
CB_ENTRIES(CB_PUBLIC)

/* cb_entry_call goes through the public functions themselves, so what it
 * tests is what users call. */
#define CB_ARGS_CIRCLE(a, many_t, extra, out_t)                                                    \
    (a)->circle, (many_t)(a)->many, (a)->n, extra(a)(out_t)(a)->out, (a)->flags
#define CB_ARGS_BOX(a, many_t, extra, out_t)                                                       \
    (many_t)(a)->many, (a)->n, (a)->box, extra(a)(out_t)(a)->out, (a)->flags
#define CB_ARGS_OBOX(a, many_t, extra, out_t)                                                      \
    (many_t)(a)->many, (a)->n, (a)->obox, extra(a)(out_t)(a)->out, (a)->flags
#define CB_CALLER(name, query, one_kind, many_kind, layout, output)                                \
    static size_t call_##name(const cb_args *a)                                                    \
    {                                                                                              \
        return cb_batch_##name(                                                                    \
            CB_ARGS_##one_kind(a, CB_MANY_T_##many_kind##_##layout, CB_EXTRA_ARG_##output,         \
                               CB_OUT_T_##output));                                                \
    }
CB_ENTRIES(CB_CALLER)
#define CB_CALLER_PTR(name, query, one, many, layout, output) call_##name,
static size_t (*const callers[CB_ENTRY_COUNT])(const cb_args *) = {CB_ENTRIES(CB_CALLER_PTR)};

size_t cb_entry_count(void) { return CB_ENTRY_COUNT; }

const cb_entry_info *cb_entry_info_of(size_t e) { return e < CB_ENTRY_COUNT ? &entries[e] : NULL; }

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
