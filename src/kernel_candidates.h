/* kernel_candidates.h - the lane loads of candidate pairs: each lane its own circle and element, so the query bodies run on a broad phase's listed pairs as on any vector of pairs */
/* Part of kernel_template.h, which a backend file includes once (with its
 * primitives defined); not a header of its own. */

/* Listed (candidate) pairs: element k of the driver is the pair
 * candidates[k]; its circle and element are loaded into lanes
 * (candidate_lanes_<SET>_<MANY>, below), then the query body runs on them as on any vector
 * of pairs. ctx_CANDIDATES stands in for the single shape. */
typedef struct {
    const cb_circle_soa *set;
    const cb_pair *candidates;
    vf margin;
    const cb_icircle_soa *iset; /* the set of the integer entries */
    const cb_sweep_soa *wset;   /* the set of the sweep entries */
} ctx_CANDIDATES;
/* The set of each set shape in the context. */
#define CB_CANDIDATES_SET(set_, c) CB_PASTE(CB_CANDIDATES_SET_, set_)(c)
#define CB_CANDIDATES_SET_CIRCLE(c) ((c)->set)
#define CB_CANDIDATES_SET_SWEEP(c) ((c)->wset)
#define CB_CANDIDATES_SET_ICIRCLE(c) ((c)->iset)

/* A candidate block is a hundred lane loads: inlined into the drivers' words,
 * unrolled 64 / CB_W times for each output and touching mode, it made a
 * sanitizer build of one ISA file take minutes. So a whole word of
 * candidates is one out-of-line function per entry (word_<name>, defined
 * with the kernels below; its loop is not unrolled), in which the block is
 * inlined once (CB_OUT_OF_LINE, kernel_batch.h). */

/* candidate_lanes_<SET>_<MANY>(c, els, p, k, &one, &many): the circles (or
 * sweeps) and elements of candidates p[0 .. k-1], one per lane
 * (candidates_tmpl.h, once per pair of shapes). */
#define LSET CIRCLE
#define LSET_NAME circle
#define LMANY CIRCLE
#define LMANY_NAME circle
#define LINT 0
#include "candidates_tmpl.h"
#define LSET CIRCLE
#define LSET_NAME circle
#define LMANY BOX
#define LMANY_NAME box
#define LINT 0
#include "candidates_tmpl.h"
#define LSET CIRCLE
#define LSET_NAME circle
#define LMANY OBOX
#define LMANY_NAME obox
#define LINT 0
#include "candidates_tmpl.h"
#define LSET SWEEP
#define LSET_NAME sweep
#define LMANY BOX
#define LMANY_NAME box
#define LINT 0
#include "candidates_tmpl.h"
#define LSET SWEEP
#define LSET_NAME sweep
#define LMANY CIRCLE
#define LMANY_NAME circle
#define LINT 0
#include "candidates_tmpl.h"
#define LSET ICIRCLE
#define LSET_NAME icircle
#define LMANY ICIRCLE
#define LMANY_NAME icircle
#define LINT 1
#include "candidates_tmpl.h"
#define LSET ICIRCLE
#define LSET_NAME icircle
#define LMANY IBOX
#define LMANY_NAME ibox
#define LINT 1
#include "candidates_tmpl.h"

/* Blocks over candidates: `one` is the set's shape (CIRCLE, or ICIRCLE for
 * the integer elements). */
#define CB_CANDIDATES_BLOCK(query, one, many)                                                      \
    CB_INLINE CB_RESULT_T(query, one) block_##query##_CANDIDATES_##many##_SOA(                     \
        const void *ctx, const void *els, size_t i, size_t k, int strict)                          \
    {                                                                                              \
        const ctx_CANDIDATES *c_ = (const ctx_CANDIDATES *)ctx;                                    \
        vshape_##one o_;                                                                           \
        vshape_##many v;                                                                           \
        candidate_lanes_##one##_##many(c_, els, c_->candidates + i, k, &o_, &v);                   \
        return query_##query##_##one##_##many(o_, v, strict);                                      \
    }

/* A query with records: the selection over consecutive candidates, the
 * records over the selected ones (idx holds candidate numbers). The
 * sweep's records take the touching mode (CB_CANDIDATES_RECORD_BLOCKS_STRICT),
 * as its batch gather does. */
#define CB_CANDIDATES_RECORD_BLOCKS(query, one, many)                                              \
    CB_CANDIDATES_RECORD_BLOCKS_(query, one, many, CB_RESULT_T(query, one), CB_NO_MORE_ARGS)
#define CB_CANDIDATES_RECORD_BLOCKS_STRICT(query, one, many)                                       \
    CB_CANDIDATES_RECORD_BLOCKS_(query, one, many, vrecords, CB_AND_STRICT)
#define CB_CANDIDATES_RECORD_BLOCKS_(query, one, many, result_t, STRICT)                           \
    CB_INLINE uint32_t select_##query##_CANDIDATES_##many##_SOA(                                   \
        const void *ctx, const void *els, size_t i, size_t k, int strict)                          \
    {                                                                                              \
        const ctx_CANDIDATES *c_ = (const ctx_CANDIDATES *)ctx;                                    \
        vshape_##one o_;                                                                           \
        vshape_##many v;                                                                           \
        candidate_lanes_##one##_##many(c_, els, c_->candidates + i, k, &o_, &v);                   \
        return select_##query##_##one##_##many(o_, v, c_->margin, strict);                         \
    }                                                                                              \
    CB_OUT_OF_LINE result_t gather_##query##_CANDIDATES_##many##_SOA(                              \
        const void *ctx, const void *els, const uint32_t *idx, size_t k, int strict)               \
    {                                                                                              \
        const ctx_CANDIDATES *c_ = (const ctx_CANDIDATES *)ctx;                                    \
        cb_pair p[CB_W];                                                                           \
        size_t u = 0;                                                                              \
        (void)strict;                                                                              \
        do /* k >= 1: the drivers gather selected elements only */                                 \
            p[u] = c_->candidates[idx[u]];                                                         \
        while (++u < k);                                                                           \
        vshape_##one o_;                                                                           \
        vshape_##many v;                                                                           \
        candidate_lanes_##one##_##many(c_, els, p, k, &o_, &v);                                    \
        return records_##query##_##one##_##many(o_, v STRICT);                                     \
    }
