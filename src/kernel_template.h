/* kernel_template.h - one backend's kernels, one per registry row, and its kernel table: each row's kernel calls its form's driver (kernel_batch.h, the pairs engine, the candidates' words) with its query's blocks. */

/*
 * A backend file (src/<isa>/kernels_<isa>.c) defines the ISA's vector
 * primitives, then includes this file:
 *   CB_SUFFIX        the backend's name as a token (scalar, sse, avx2, avx512, neon, simd128)
 *   CB_W             lanes per vector: 1, 4, 8 or 16 (a divisor of 64)
 *   vf               a vector of CB_W floats
 *   v_set1(f), v_loadu(p)      broadcast; unaligned load of CB_W floats
 *   v_load_floats(p, count)    the first min(count, CB_W) floats at p, zero in
 *                              the other lanes; no byte past p[count - 1] is
 *                              read (count may be 0 or exceed CB_W)
 *   v_max(a, b)      exactly (a > b) ? a : b per lane (x86 maxps)
 *   v_min(a, b)      exactly (a < b) ? a : b per lane (x86 minps)
 *   v_sub, v_mul, v_add, v_div IEEE binary32, rounded to nearest, never fused
 *   v_sqrt(a)        IEEE square root, correctly rounded (never an estimate)
 *   v_abs(a)         a with its sign bit cleared
 *   v_le_bits(a, b), v_lt_bits(a, b)   ordered compares, lane i -> bit i
 *   vm               a lane mask; v_lt_m, v_le_m, v_eq_m ordered compares
 *                    giving one, v_sel(m, a, b) = m ? a : b per lane,
 *                    v_mbits(m) lane i -> bit i
 *   v_storeu(p, v)   unaligned store of CB_W floats
 * and the AoS loaders the query files' generic blocks use (a query that
 * needs one the ISA lacks fails to compile, naming it):
 *   v_load_boxes_aos(p, k, &x0, &y0, &x1, &y1)   boxes p[0 .. k-1] transposed
 *   v_load_circles_aos(p, k, &x, &y, &r)          circles p[0 .. k-1]
 *   (1 <= k <= CB_W; lanes from k up are zero; nothing past p[k - 1] is read)
 * and the lane loads of the candidate pairs: a type vlane holding one
 * vector being filled, vlane_first(p) (*p in every lane), VLANE_SET(a, u,
 * p) (lane u of a = *p; u is a literal 0 .. 15 and compiles for u >= CB_W,
 * never reached) and vlane_done(a) (the vector).
 * An ISA may instead define CB_CIRCLES_FROM_REGS and v_circles_from_regs(a,
 * b, c, &x, &y, &r), de-interleaving three registers of loaded floats; this
 * file then provides v_load_circles_aos. Optional, for the contact records
 * (this file has portable versions): CB_HAVE_GATHER with v_gather(base, idx,
 * k, stride), and CB_HAVE_STORE_BYTES with v_store_bytes(p, v, k). Fused paths of a query on (x, y)
 * pairs need the pair primitives its file names (queries/overlap.h).
 *
 * The integer shapes (queries/integer.h) need integer lanes, every ISA:
 *   vi               a vector of CB_W int32 lanes; integer lane masks are vi
 *                    with all-ones or all-zero lanes
 *   v_set1_i, v_loadu_i, v_storeu_i, v_load_ints(p, count)   as the float ones
 *   v_as_i(vf)       the lanes' bits as int32, no conversion
 *   v_cvt_f(vi)      the signed int32 lanes converted to binary32 (rounded)
 *   v_max_i, v_min_i signed, v_max_u unsigned; v_sub_i, v_add_i modulo 2^32;
 *   v_or_i, v_and_i
 *   v_le_u_bits(a, b) unsigned a <= b, lane i -> bit i; v_neg_bits(a) a < 0
 *   v_lt_u_m(a, b), v_eq_m_i(a, b) masks; v_sel_i(m, a, b) = m ? a : b
 *   vw               CB_W uint64 lanes, held however the ISA likes
 *   v_sq_w(a)        a * a of the unsigned 32-bit lanes, exact in 64 bits
 *   v_sub_w          modulo 2^64; v_add_sat_w: UINT64_MAX when it carries
 *   v_le_w_bits, v_lt_w_bits   unsigned compares, lane i -> bit i
 *   v_storeu_w(p, v) CB_W uint64 at p, in lane order
 *
 * The files this one includes own the rest: the vector shapes and their
 * loads (kernel_loaders.h, shape_tmpl.h), the one-against-many drivers and
 * sinks (kernel_batch.h), the grids and the all-pairs engine
 * (kernel_pairs.h, grid_tmpl.h, pairs_tmpl.h), the candidates' lane loads
 * (kernel_candidates.h) and the query files (src/queries/). So a query is
 * written once over vectors of shapes; an ISA supplies primitives and
 * loaders only.
 */

#include <string.h>

#define CB_CAT2(a, b) a##_##b
#define CB_CAT(a, b) CB_CAT2(a, b)
#define CB_FN(name) CB_CAT(name, CB_SUFFIX)

#if 64 % CB_W != 0 || CB_W > 16
#error "CB_W must divide 64 and be at most 16 (the lane loads name lanes 0 .. 15)"
#endif

/* The parts, in the order they build on each other: the shapes and their
 * loaders; the one-against-many driver and sinks; the many-against-many
 * driver; then the query files (their blocks use all three). */
#include "kernel_loaders.h"
#include "kernel_batch.h"
#include "kernel_pairs.h"
#include "kernel_candidates.h"

/* The query files listed in the registry, then the all-pairs engine over
 * their bodies. */
#define CB_QUERY_BODIES 1
#include "registry.h"
#include "pairs_engines.h"

/* ---- the kernels, one per registry row, and the backend's table */

#define CB_KERNEL_NAME(name) CB_FN(kernel_##name)

/* Batch: the single shape in every lane, then the output's driver with the
 * blocks its sink takes (the SINK column of the output's row, registry.h). */
#define CB_BLOCKS_BITS(q, o, m, l) block_##q##_##o##_##m##_##l, (word_fn)0
#define CB_BLOCKS_DENSE(q, o, m, l) block_##q##_##o##_##m##_##l
#define CB_BLOCKS_RECORDS(q, o, m, l)                                                              \
    select_##q##_##o##_##m##_##l, (word_fn)0, gather_##q##_##o##_##m##_##l
#define CB_BLOCKS_FIRST(q, o, m, l) block_##q##_##o##_##m##_##l, gather_##q##_##o##_##m##_##l

#define CB_KERNEL_BATCH(query, one, many, layout, output)                                          \
    ctx_##one ctx = broadcast_##one(a, margin_of(a, CB_OUTPUT_##output));                          \
    return drive_##output(CB_PASTE(CB_BLOCKS_, CB_OUTPUT_SINK(output))(query, one, many, layout), \
                          &ctx, a)

/* Pairs: against elements or the set itself, the call's grid in its scratch
 * (grid.c: built after the cull, or left by the previous call of a resumed
 * range), then the circles of the range against it; against a grid, the
 * caller's, whose shape picks the engine. */

/* The set of a pairs call: its circles, integer circles, or sweeps. */
#define CB_SET(one, a) ((const void *)(a)->CB_SHAPE_SET_FIELD(one))

/* The range of the call: cursor->end, 0 meaning n_circles (written back);
 * false when there is nothing to do (an empty range: the cursor moves to
 * its end, but for a count; or no elements: no pairs). */
CB_INLINE int pair_range(const cb_args *a, int output, size_t n_circles, size_t m, size_t *end)
{
    cb_pair_cursor *cur = a->cursor;
    *end = cur->end || (cur->plan & CB_PAIRS_RANGE_END) ? cur->end : n_circles;
    cur->end = *end;
    int count = output != CB_OUTPUT_MATRIX && a->out == NULL && a->capacity == 0;
    if (output == CB_OUTPUT_MATRIX)
        cur->element = 0;
    if (cur->circle < *end && m > 0)
        return 1;
    if (output == CB_OUTPUT_MATRIX) /* rows of no words, or none */
        cur->circle = *end;
    else if (!count)
        cur->circle = *end, cur->element = 0;
    return 0;
}

/* The output of a pairs call; list: the pairs of its list (none for a
 * matrix, or a count). */
CB_INLINE grid_out out_of(const cb_args *a, int output)
{
    grid_out o = {NULL, (uint64_t *)a->out, (const cb_pair_contacts *)a->out,
                  (const cb_int_pair_contacts *)a->out, (const cb_pair_sweep_hits *)a->out,
                  a->capacity};
    if (a->out && output == CB_OUTPUT_PAIRS)
        o.list = (cb_pair *)a->out;
    else if (a->out && output == CB_OUTPUT_PAIR_CONTACTS)
        o.list = o.contacts->pair;
    else if (a->out && output == CB_OUTPUT_INT_PAIR_CONTACTS)
        o.list = o.icontacts->pair;
    else if (a->out && output == CB_OUTPUT_PAIR_FIRST_HITS)
        o.list = o.sweeps->pair;
    return o;
}

/* The engine of one query and element shape (pairs_tmpl.h's grid_drive). */
typedef size_t (*grid_drive_fn)(int job, int strict, const cb_grid *g, const void *set,
                                const void *els, cb_pair_cursor *cur, size_t end, int self,
                                float margin, const grid_out *o);

/* The sink of a pairs output: a list call with no room and no list
 * counts; the others write. */
CB_INLINE int grid_job_of(const cb_args *a, int output)
{
    int count = a->out == NULL && a->capacity == 0;
    if (output == CB_OUTPUT_MATRIX)
        return JOB_MATRIX;
    if (output == CB_OUTPUT_PAIR_FIRST_HITS)
        return count ? JOB_FIRST_COUNT : JOB_FIRST;
    if (output == CB_OUTPUT_PAIRS)
        return count ? JOB_COUNT : JOB_PAIRS;
    return count ? JOB_COUNT : JOB_CONTACTS; /* PAIR_CONTACTS, INT_PAIR_CONTACTS */
}

CB_INLINE size_t run_engine(grid_drive_fn drive, const cb_args *a, int output, const cb_grid *g,
                            const void *set, const void *els, size_t end, int self)
{
    grid_out o = out_of(a, output);
    return drive(grid_job_of(a, output), (a->flags & CB_STRICT) != 0, g, set, els, a->cursor, end,
                 self, margin_of(a, output), &o);
}

/* Against elements (m of shape) or the set itself (self: its circles, of
 * the set's shape): the call's grid in its scratch (plan_grid), then the
 * circles of the range against it. */
CB_INLINE size_t pairs_built(const cb_args *a, int output, cb_shape one, const void *set,
                             cb_shape shape, const void *els, size_t m, int self,
                             grid_build_fn build, grid_cull_fn cull, grid_drive_fn drive)
{
    size_t end;
    if (!pair_range(a, output, a->n_circles, m, &end))
        return 0;
    uint64_t stamp;
    const cb_grid *g = plan_grid(a, one, set, shape, els, m, end, margin_of(a, output), self,
                                 build, cull, &stamp);
    size_t r = run_engine(drive, a, output, g, set, els, end, self);
    a->cursor->plan = stamp | (a->cursor->plan & CB_PAIRS_RANGE_END);
    return r;
}

/* Against the caller's grid: its shape picks the engine (shape_a's or
 * shape_b's, else other's: the public functions let through only a grid
 * of the set's shape); its copy of the elements by index is what the scans
 * and records read. */
CB_INLINE size_t pairs_grid(const cb_args *a, int output, const void *set, cb_shape shape_a,
                            grid_drive_fn drive_a, cb_shape shape_b, grid_drive_fn drive_b,
                            grid_drive_fn other)
{
    const cb_grid *g = (const cb_grid *)a->many;
    size_t end;
    if (!pair_range(a, output, a->n_circles, (size_t)g->m, &end))
        return 0;
    grid_arrays ga = arrays_of(g);
    /* direct calls: an engine whose address escaped would not be
     * specialised for its callers' constants */
    if (g->shape == shape_a)
        return run_engine(drive_a, a, output, g, set, &ga.byj, end, 0);
    if (g->shape == shape_b)
        return run_engine(drive_b, a, output, g, set, &ga.byj, end, 0);
    return run_engine(other, a, output, g, set, &ga.byj, end, 0);
}

/* A set prepared as a grid, against itself: the grid's copy of its circles
 * by index is both the set and the elements (n_circles: the grid's m, set
 * by the public function). */
CB_INLINE size_t pairs_grid_self(const cb_args *a, int output, grid_drive_fn drive)
{
    const cb_grid *g = (const cb_grid *)a->many;
    size_t end;
    if (!pair_range(a, output, (size_t)g->m, (size_t)g->m, &end))
        return 0;
    grid_arrays ga = arrays_of(g);
    return run_engine(drive, a, output, g, &ga.byj, &ga.byj, end, 1);
}

/* The rows' calls: the engine of (query, element shape) by name. */
#define CB_ENGINE(query, shape) CB_FN(grid_drive_##query##_##shape)
#define CB_PAIRS_ELS(query, one, shape, output)                                                    \
    return pairs_built(a, CB_OUTPUT_##output, CB_SHAPE_##one, CB_SET(one, a), CB_SHAPE_##shape,    \
                       a->many, a->n, 0, CB_FN(grid_build_##shape), CB_FN(grid_cull_##shape),      \
                       CB_ENGINE(query, shape))
#define CB_PAIRS_BOX(query, one, output) CB_PAIRS_ELS(query, one, BOX, output)
#define CB_PAIRS_CIRCLE(query, one, output) CB_PAIRS_ELS(query, one, CIRCLE, output)
#define CB_PAIRS_OBOX(query, one, output) CB_PAIRS_ELS(query, one, OBOX, output)
#define CB_PAIRS_IBOX(query, one, output) CB_PAIRS_ELS(query, one, IBOX, output)
#define CB_PAIRS_ICIRCLE(query, one, output) CB_PAIRS_ELS(query, one, ICIRCLE, output)
#define CB_PAIRS_SELF(query, one, output)                                                          \
    return pairs_built(a, CB_OUTPUT_##output, CB_SHAPE_##one, CB_SET(one, a), CB_SHAPE_##one,      \
                       CB_SET(one, a), a->n_circles, 1, CB_FN(grid_build_##one),                   \
                       CB_FN(grid_cull_##one), CB_ENGINE(query, one))
/* A grid's engines by the set: its two named shapes, then the other. */
#define CB_GRID_ENGINES_CIRCLE(q)                                                                  \
    CB_SHAPE_BOX, CB_ENGINE(q, BOX), CB_SHAPE_CIRCLE, CB_ENGINE(q, CIRCLE), CB_ENGINE(q, OBOX)
#define CB_GRID_ENGINES_ICIRCLE(q)                                                                 \
    CB_SHAPE_IBOX, CB_ENGINE(q, IBOX), CB_SHAPE_IBOX, CB_ENGINE(q, IBOX), CB_ENGINE(q, ICIRCLE)
#define CB_GRID_ENGINES_SWEEP(q)                                                                   \
    CB_SHAPE_BOX, CB_ENGINE(q, BOX), CB_SHAPE_BOX, CB_ENGINE(q, BOX), CB_ENGINE(q, CIRCLE)
#define CB_PAIRS_GRID(query, one, output)                                                          \
    return pairs_grid(a, CB_OUTPUT_##output, CB_SET(one, a), CB_GRID_ENGINES_##one(query))
#define CB_PAIRS_GRID_SELF(query, one, output)                                                     \
    return pairs_grid_self(a, CB_OUTPUT_##output, CB_ENGINE(query, one))
#define CB_KERNEL_PAIRS(query, one, many, layout, output) CB_PAIRS_##many(query, one, output)

/* Candidates: the batch drivers with the candidate blocks, by the output's
 * sink; a sink of words (BITS, RECORDS) takes them from one out-of-line
 * function per (query, element, output): word_<...>. */
#define CB_CANDIDATES_BLOCK_NAME(query, many) block_##query##_CANDIDATES_##many##_SOA
#define CB_CANDIDATES_SELECT_NAME(query, many) select_##query##_CANDIDATES_##many##_SOA
#define CB_CANDIDATES_GATHER_NAME(query, many) gather_##query##_CANDIDATES_##many##_SOA
#define CB_WORD_NAME(query, many, output) CB_FN(word_##query##_##many##_##output)
#define CB_CANDIDATES_BLOCKS_BITS(query, many, output)                                             \
    CB_CANDIDATES_BLOCK_NAME(query, many), CB_WORD_NAME(query, many, output)
#define CB_CANDIDATES_BLOCKS_DENSE(query, many, output) CB_CANDIDATES_BLOCK_NAME(query, many)
#define CB_CANDIDATES_BLOCKS_RECORDS(query, many, output)                                          \
    CB_CANDIDATES_SELECT_NAME(query, many), CB_WORD_NAME(query, many, output),                     \
        CB_CANDIDATES_GATHER_NAME(query, many)
#define CB_KERNEL_CANDIDATES(query, one, many, layout, output)                                     \
    ctx_CANDIDATES ctx = {a->circles, a->candidates, v_set1(margin_of(a, CB_OUTPUT_##output)),     \
                          a->icircles, a->sweeps};                                                 \
    cb_args b = candidates_args(a);                                                                \
    return drive_##output(                                                                         \
        CB_PASTE(CB_CANDIDATES_BLOCKS_, CB_OUTPUT_SINK(output))(query, many, output), &ctx, &b)

/* The word function of a candidates row whose sink takes words. */
#define CB_CANDIDATES_WORDS_BATCH(query, many, output)
#define CB_CANDIDATES_WORDS_PAIRS(query, many, output)
#define CB_CANDIDATES_WORDS_CANDIDATES(query, many, output)                                        \
    CB_PASTE(CB_CANDIDATES_WORD_FN_, CB_OUTPUT_SINK(output))(query, many, output)
#define CB_CANDIDATES_WORD_FN_DENSE(query, many, output) /* every element's number: no words */
#define CB_CANDIDATES_WORD_FN_BITS(query, many, output)                                            \
    CB_CANDIDATES_WORD_FN(query, many, output, CB_CANDIDATES_BLOCK_NAME(query, many))
#define CB_CANDIDATES_WORD_FN_RECORDS(query, many, output)                                         \
    CB_CANDIDATES_WORD_FN(query, many, output, CB_CANDIDATES_SELECT_NAME(query, many))
#define CB_CANDIDATES_WORD_FN(query, many, output, block)                                          \
    CB_OUT_OF_LINE uint64_t CB_WORD_NAME(query, many, output)(const void *ctx, const void *els,    \
                                                              size_t base, size_t len, int strict) \
    {                                                                                              \
        return word(block, ctx, els, base, len, strict);                                           \
    }

#define CB_KERNEL(name, form, query, one, many, layout, output)                                    \
    CB_CANDIDATES_WORDS_##form(query, many, output)                                                \
    static size_t CB_KERNEL_NAME(name)(const cb_args *a)                                           \
    {                                                                                              \
        CB_KERNEL_##form(query, one, many, layout, output);                                        \
    }
#define CB_ROW CB_KERNEL
#include "registry_rows.h"

#define CB_KERNEL_PTR(name, form, query, one, many, layout, output)                                \
    CB_KERNEL_NAME(name),
const cb_kernel_table CB_CAT(cb_kernels, CB_SUFFIX) = {
#define CB_ROW CB_KERNEL_PTR
#include "registry_rows.h"
};
