/* api_grid.c - the grids of the pairs queries that the caller holds: the scratch's size, and the prepared grids (cb_grid_*), built by the active backend. */
#include "fenv_guard.h"
#include "internal.h"

#include <stdint.h>

size_t cb_pairs_scratch_size(size_t n_circles, size_t m) { return cb_plan_bytes(n_circles, m); }

/* --------------------------------------------------------- prepared grids */

size_t cb_grid_size(size_t m)
{
    size_t b = cb_grid_bytes(m);
    return b <= SIZE_MAX - 64 ? b + 64 : SIZE_MAX; /* 64: to align the grid */
}

static cb_grid *grid_build(void *memory, cb_shape shape, const void *els, size_t m)
{
    if (!memory || (uint64_t)m > CB_PAIRS_MAX_N || (m && cb_soa_missing(shape, els)))
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

cb_grid *cb_grid_iboxes(void *memory, const cb_ibox_soa *iboxes, size_t m)
{
    return grid_build(memory, CB_SHAPE_IBOX, iboxes, m);
}

cb_grid *cb_grid_icircles(void *memory, const cb_icircle_soa *icircles, size_t m)
{
    return grid_build(memory, CB_SHAPE_ICIRCLE, icircles, m);
}

size_t cb_grid_elements(const cb_grid *grid, cb_shape *shape)
{
    const cb_grid *g = grid;
    if (!g || g->magic != CB_GRID_MAGIC || !cb_grid_shape_ok(g->shape))
        return 0;
    if (shape)
        *shape = (cb_shape)g->shape;
    return (size_t)g->m;
}
