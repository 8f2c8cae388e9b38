/* api.c - the public batch entry points: argument checks, the float-environment guard, then the active backend's kernel. */
#include "fenv_guard.h"
#include "internal.h"

/* A check that the caller's arguments can be used without a crash; the
 * kernels themselves assume them. n == 0 is valid with any pointers. */
static inline int bad_flags(unsigned flags)
{
    return (flags & ~(unsigned)(CB_STRICT | CB_TRUST_FENV)) != 0;
}

static inline int bad_soa_boxes(const cb_box_soa *b)
{
    return !b || !b->min_x || !b->min_y || !b->max_x || !b->max_y;
}

static inline int bad_soa_circles(const cb_circle_soa *c) { return !c || !c->x || !c->y || !c->r; }

/* Index outputs are uint32_t: indices up to n - 1 must fit. */
static inline int too_many_for_indices(size_t n) { return (uint64_t)n > CB_INDEX_MAX_N; }

/* The kernel call, inside the float-environment guard unless the caller
 * vouched for the environment (CB_TRUST_FENV); kernels see only CB_STRICT. */
#define CB_GUARDED_CALL(call)                                                                      \
    do {                                                                                           \
        if (flags & CB_TRUST_FENV) {                                                               \
            flags &= CB_STRICT;                                                                    \
            return (call);                                                                         \
        }                                                                                          \
        cb_fenv env_ = cb_fenv_enter();                                                            \
        size_t hits_ = (call);                                                                     \
        cb_fenv_leave(env_);                                                                       \
        return hits_;                                                                              \
    } while (0)

size_t cb_batch_overlap(cb_circle circle, const cb_box_soa *boxes, size_t n, uint64_t *mask,
                        unsigned flags)
{
    if (bad_flags(flags) || (n && (bad_soa_boxes(boxes) || !mask)))
        return CB_INVALID;
    CB_GUARDED_CALL(cb_active_kernels()->boxes(circle, boxes, n, mask, flags));
}

size_t cb_batch_overlap_aos(cb_circle circle, const cb_box *boxes, size_t n, uint64_t *mask,
                            unsigned flags)
{
    if (bad_flags(flags) || (n && (!boxes || !mask)))
        return CB_INVALID;
    CB_GUARDED_CALL(cb_active_kernels()->boxes_aos(circle, boxes, n, mask, flags));
}

size_t cb_batch_overlap_circles(const cb_circle_soa *circles, size_t n, cb_box box, uint64_t *mask,
                                unsigned flags)
{
    if (bad_flags(flags) || (n && (bad_soa_circles(circles) || !mask)))
        return CB_INVALID;
    CB_GUARDED_CALL(cb_active_kernels()->circles(circles, n, box, mask, flags));
}

size_t cb_batch_overlap_circles_aos(const cb_circle *circles, size_t n, cb_box box, uint64_t *mask,
                                    unsigned flags)
{
    if (bad_flags(flags) || (n && (!circles || !mask)))
        return CB_INVALID;
    CB_GUARDED_CALL(cb_active_kernels()->circles_aos(circles, n, box, mask, flags));
}

size_t cb_batch_overlap_idx(cb_circle circle, const cb_box_soa *boxes, size_t n, uint32_t *idx,
                            unsigned flags)
{
    if (bad_flags(flags) || too_many_for_indices(n) || (n && (bad_soa_boxes(boxes) || !idx)))
        return CB_INVALID;
    CB_GUARDED_CALL(cb_active_kernels()->boxes_idx(circle, boxes, n, idx, flags));
}

size_t cb_batch_overlap_aos_idx(cb_circle circle, const cb_box *boxes, size_t n, uint32_t *idx,
                                unsigned flags)
{
    if (bad_flags(flags) || too_many_for_indices(n) || (n && (!boxes || !idx)))
        return CB_INVALID;
    CB_GUARDED_CALL(cb_active_kernels()->boxes_aos_idx(circle, boxes, n, idx, flags));
}

size_t cb_batch_overlap_circles_idx(const cb_circle_soa *circles, size_t n, cb_box box,
                                    uint32_t *idx, unsigned flags)
{
    if (bad_flags(flags) || too_many_for_indices(n) || (n && (bad_soa_circles(circles) || !idx)))
        return CB_INVALID;
    CB_GUARDED_CALL(cb_active_kernels()->circles_idx(circles, n, box, idx, flags));
}

size_t cb_batch_overlap_circles_aos_idx(const cb_circle *circles, size_t n, cb_box box,
                                        uint32_t *idx, unsigned flags)
{
    if (bad_flags(flags) || too_many_for_indices(n) || (n && (!circles || !idx)))
        return CB_INVALID;
    CB_GUARDED_CALL(cb_active_kernels()->circles_aos_idx(circles, n, box, idx, flags));
}
