/* kernel_batch.h - the one-against-many driver: what a block gives its sink, the generic blocks, 64-element words, tails and the output sinks (masks, index lists, distances, records) */
/* Part of kernel_template.h, which a backend file includes once (with its
 * primitives defined); not a header of its own. */

/* ---- what a block gives its sink
 *
 * The mask and index sinks take hit bits (lane j -> bit j); the distance
 * sink a vector of floats; the contact sink, first the selection bits (as
 * the index sink), then vectors of records of the selected elements
 * (feature holds the cb_feature as a float: 0, 1 or 2). */
typedef struct {
    vf nx, ny, sep, px, py, feature;
} vrecords;
typedef vrecords result_CONTACTS_F;

/* The integer shapes' (queries/integer.h): a squared distance (CB_W
 * unsigned 64-bit lanes) and its point per element; the records of the
 * selected elements. */
typedef struct {
    vw d2;
    vi px, py;
} result_DISTANCE_I;
typedef struct {
    vw d2;
    vi px, py, depth, feature;
} result_CONTACTS_I;

/* ---- blocks: one vector of elements
 *
 * A block is block_<QUERY>_<ONE>_<MANY>_<LAYOUT>(ctx, many, i, k, strict):
 * ctx points at the call's ctx_<ONE>, many is cb_args.many. The query file
 * defines one per combination its registry rows use, usually with
 * CB_GENERIC_BLOCK: load the elements, run the query's vector body
 * query_<QUERY>_<ONE>_<MANY>(one, elements, strict), which returns what its
 * output's sink takes (CB_GENERIC_BLOCK_MARGIN: the body also takes the
 * margin). result_<QUERY>_<L> names that type for the lane kind L of ONE
 * (shapes.h: F float, I integer); CB_RESULT_T(query, one) picks it. */
#define CB_RESULT_T(query, one) CB_PASTE(result_##query##_, CB_KIND_##one)

#define CB_GENERIC_BLOCK(query, one, many, layout)                                                 \
    CB_INLINE CB_RESULT_T(query, one) block_##query##_##one##_##many##_##layout(                   \
        const void *ctx, const void *els, size_t i, size_t k, int strict)                          \
    {                                                                                              \
        vshape_##many v = load_##many##_##layout(els, i, k);                                       \
        return query_##query##_##one##_##many(((const ctx_##one *)ctx)->shape, v, strict);         \
    }

/* A query whose output is a list of records has two bodies:
 * select_<QUERY>_<ONE>_<MANY>(one, elements, margin, strict), the selection
 * bits, and records_<QUERY>_<ONE>_<MANY>(one, elements), the records; its
 * blocks come from CB_RECORD_BLOCKS: a selection block over consecutive
 * elements (CB_SELECT_BLOCK) and a records block over gathered ones
 * (CB_GATHER_BLOCK); a query may write its own selection block instead.
 * A query whose records depend on the touching mode (the sweeps': their
 * time) has records_<...>(one, elements, strict) giving a vrecords, and
 * its gather blocks from CB_GATHER_BLOCK_STRICT. */
#define CB_RECORD_BLOCKS(query, one, many, layout)                                                 \
    CB_SELECT_BLOCK(query, one, many, layout)                                                      \
    CB_GATHER_BLOCK(query, one, many, layout)
#define CB_SELECT_BLOCK(query, one, many, layout)                                                  \
    CB_INLINE uint32_t select_##query##_##one##_##many##_##layout(const void *ctx, const void *els, \
                                                                   size_t i, size_t k, int strict) \
    {                                                                                              \
        const ctx_##one *c_ = (const ctx_##one *)ctx;                                              \
        vshape_##many v = load_##many##_##layout(els, i, k);                                       \
        return select_##query##_##one##_##many(c_->shape, v, c_->margin, strict);                  \
    }
#define CB_GATHER_BLOCK_(query, one, many, layout, result_t, STRICT)                               \
    CB_INLINE result_t gather_##query##_##one##_##many##_##layout(                                 \
        const void *ctx, const void *els, const uint32_t *idx, size_t k, int strict)               \
    {                                                                                              \
        /* CB_W consecutive indices (all lanes hit): the elements as they lie */                   \
        int lie = k == CB_W && idx[CB_W - 1] - idx[0] == CB_W - 1;                                 \
        vshape_##many v = lie ? load_##many##_##layout(els, idx[0], CB_W)                          \
                              : gather_##many##_##layout(els, idx, k);                             \
        (void)strict;                                                                              \
        return records_##query##_##one##_##many(((const ctx_##one *)ctx)->shape, v STRICT);        \
    }
#define CB_NO_MORE_ARGS
#define CB_AND_STRICT , strict
#define CB_GATHER_BLOCK(query, one, many, layout)                                                  \
    CB_GATHER_BLOCK_(query, one, many, layout, CB_RESULT_T(query, one), CB_NO_MORE_ARGS)
#define CB_GATHER_BLOCK_STRICT(query, one, many, layout)                                           \
    CB_GATHER_BLOCK_(query, one, many, layout, vrecords, CB_AND_STRICT)

/* ---- storing lanes (the record sinks) */

/* The first k lanes of v at p; whole vectors when room (floats writable
 * at p) allows. */
CB_INLINE void store_lanes(float *p, vf v, size_t k, size_t room)
{
    if (room >= CB_W) {
        v_storeu(p, v);
        return;
    }
    float t[CB_W];
    v_storeu(t, v);
    for (size_t j = 0; j < k; j++)
        p[j] = t[j];
}

/* The first k lanes (whole numbers 0 .. 255) as bytes; an ISA may define
 * CB_HAVE_STORE_BYTES and v_store_bytes(p, v, k) to do it in one store. */
CB_INLINE void store_bytes(uint8_t *p, vf v, size_t k)
{
#ifdef CB_HAVE_STORE_BYTES
    v_store_bytes(p, v, k);
#else
    float f[CB_W];
    v_storeu(f, v);
    for (size_t j = 0; j < k; j++)
        p[j] = (uint8_t)f[j];
#endif
}

/* The same for the integer lanes: int32 (or uint32) and uint64 lanes, and
 * small whole numbers as bytes. */
CB_INLINE void store_lanes_i(void *p, vi v, size_t k, size_t room)
{
    if (room >= CB_W) {
        v_storeu_i((int32_t *)p, v);
        return;
    }
    int32_t t[CB_W];
    v_storeu_i(t, v);
    memcpy(p, t, k * sizeof *t);
}

CB_INLINE void store_lanes_w(uint64_t *p, vw v, size_t k, size_t room)
{
    if (room >= CB_W) {
        v_storeu_w(p, v);
        return;
    }
    uint64_t t[CB_W];
    v_storeu_w(t, v);
    memcpy(p, t, k * sizeof *t);
}

CB_INLINE void store_bytes_i(uint8_t *p, vi v, size_t k)
{
    int32_t t[CB_W];
    v_storeu_i(t, v);
    for (size_t j = 0; j < k; j++)
        p[j] = (uint8_t)t[j];
}

/* ---- the driver: 64 elements per word, tails, and the output sinks */

/* CB_SPECIALIZE, 1 unless the build defines it 0: the drivers and the
 * pairs engine keep the copies they make for speed, each the same source
 * with a constant (a copy per touching mode, whole vectors and whole words
 * apart from tails, the pairs query's own list apart from its other sinks).
 * With 0 each such call goes through its one general copy: the same lines
 * and the same results from a fraction of the code. The instrumented test
 * builds (scripts/lib.sh) use 0 and compile several times faster; the
 * native stage tests the copies a release runs. */
#ifndef CB_SPECIALIZE
#define CB_SPECIALIZE 1
#endif

/* The lanes below k. */
#define CB_LANES(k) ((uint32_t)(((uint64_t)1 << (k)) - 1u))

typedef uint32_t (*block_fn)(const void *ctx, const void *els, size_t i, size_t k, int strict);

/* Hits of elements base .. base+len-1 (len <= 64) as one word, bit j = element base+j. */
CB_INLINE uint64_t word(block_fn block, const void *ctx, const void *els, size_t base, size_t len,
                        int strict)
{
    uint64_t w = 0;
    size_t j = 0;
    if (CB_SPECIALIZE) /* whole vectors: k the constant CB_W */
        for (; j + CB_W <= len; j += CB_W)
            w |= (uint64_t)block(ctx, els, base + j, CB_W, strict) << j;
    for (; j < len; j += CB_W) { /* the tail, or (one copy) every vector */
        size_t k = len - j < CB_W ? len - j : CB_W; /* lanes past a tail are zero, and may hit */
        w |= (uint64_t)(block(ctx, els, base + j, k, strict) & CB_LANES(k)) << j;
        if (CB_SPECIALIZE)
            break;
    }
    return w;
}

/* A whole word as one call, for blocks too big to unroll 64 / CB_W times
 * (the candidate pairs'): NULL for the others, a constant after inlining. */
typedef uint64_t (*word_fn)(const void *ctx, const void *els, size_t base, size_t len, int strict);

/* ---- packing: a word's hits CB_PACK_STEP lanes at a time
 *
 * A word with many hits is written a step at a time: the indices of the
 * step's hits packed to the bottom of CB_PACK_STEP lanes (the ISA's
 * v_pack_indices: 16 lanes on AVX-512, 8 on the others) and stored whole,
 * the count advanced by the hits. A word with few takes the bit walk, one
 * index per hit. The previous word's hits choose (a hit rate changes
 * slowly along a batch, and counting the word itself would cost a popcount
 * per word where there is no popcnt): CB_PACK_MIN of 64 or more, where
 * packing every step of a word costs less than walking (near 8 hits a
 * word, AVX2 and SSE2 walked faster; an ISA may set its own; scalar never
 * packs). The same indices in the same order either way. A whole step
 * stored at count never reaches past the word (count <= its first
 * element), so only full words pack: nothing is written past n. */
#ifndef CB_PACK_MIN
#define CB_PACK_MIN 16
#endif

/* The hits of a packing step's bits. */
CB_INLINE unsigned step_count(uint32_t bits)
{
#if CB_PACK_STEP == 1
    return bits;
#elif CB_PACK_STEP == 8 /* the table: no popcnt on the SSE2 baseline */
    return cb_pack_count[bits];
#else
    return cb_popcount64(bits);
#endif
}

/* The indices of w's hits (elements base ..) from idx[count]; the new count. */
CB_INLINE size_t walk_indices(uint64_t w, size_t base, uint32_t *idx, size_t count)
{
    for (; w; w &= w - 1)
        idx[count++] = (uint32_t)(base + cb_ctz64(w));
    return count;
}

/* A function of its own, never inlined: a packed word is 64 hits' worth of
 * work for one call, and the walk's loop stays small without it. */
#if defined(__GNUC__) || defined(__clang__)
#define CB_OUT_OF_LINE static __attribute__((noinline))
#else
#define CB_OUT_OF_LINE static
#endif
/* Out of line and rarely taken: what it needs is not prepared on the
 * path that skips it (a hot loop's registers stay its own). */
#if defined(__GNUC__) || defined(__clang__)
#define CB_COLD static __attribute__((noinline, cold))
#else
#define CB_COLD static
#endif
CB_OUT_OF_LINE size_t pack_indices(uint64_t w, size_t base, uint32_t *idx, size_t count)
{
    for (size_t j = 0; j < 64; j += CB_PACK_STEP) {
        uint32_t bits = (uint32_t)(w >> j) & CB_LANES(CB_PACK_STEP);
        v_pack_indices(idx + count, bits, (uint32_t)(base + j));
        count += step_count(bits);
    }
    return count;
}

/* Exactly one of mask/idx is non-NULL, a constant after inlining: the mask
 * sink writes every word (bits past n zero), the index sink the ascending
 * indices of the set bits: walking them, or packing a full word when the
 * previous one had CB_PACK_MIN hits. One loop, the word inlined once (two
 * loops, each with its copy of the word, kept SSE2's walk 4% faster at 1%
 * hits but made the kernels take 40% longer to compile). */
CB_INLINE size_t drive(block_fn block, word_fn whole, const void *ctx, const void *els, size_t n,
                       uint64_t *mask, uint32_t *idx, int strict)
{
    size_t count = 0;
    int packing = 0;
    for (size_t base = 0; base < n; base += 64) {
        size_t len = n - base < 64 ? n - base : 64, before = count;
        uint64_t w = whole                          ? whole(ctx, els, base, len, strict)
                     : CB_SPECIALIZE && len == 64 ? word(block, ctx, els, base, 64, strict)
                                                  : word(block, ctx, els, base, len, strict);
        if (mask) {
            mask[base / 64] = w;
            count += cb_popcount64(w);
        } else {
            count = packing && len == 64 ? pack_indices(w, base, idx, count)
                                         : walk_indices(w, base, idx, count);
            packing = count - before >= CB_PACK_MIN;
        }
    }
    return count;
}

/* drive() in the call's touching mode: a copy per mode, so the compare is
 * fixed in the loop. */
CB_INLINE size_t drive_mode(block_fn block, word_fn whole, const void *ctx, const cb_args *a,
                            uint64_t *mask, uint32_t *idx)
{
    int strict = (a->flags & CB_STRICT) != 0;
    if (CB_SPECIALIZE)
        return !strict ? drive(block, whole, ctx, a->many, a->n, mask, idx, 0)
                       : drive(block, whole, ctx, a->many, a->n, mask, idx, 1);
    return drive(block, whole, ctx, a->many, a->n, mask, idx, strict);
}

/* One driver per output (the registry's OUTPUT column). */
CB_INLINE size_t drive_MASK(block_fn block, word_fn whole, const void *ctx, const cb_args *a)
{
    return drive_mode(block, whole, ctx, a, (uint64_t *)a->out, (uint32_t *)0);
}

CB_INLINE size_t drive_INDICES(block_fn block, word_fn whole, const void *ctx, const cb_args *a)
{
    return drive_mode(block, whole, ctx, a, (uint64_t *)0, (uint32_t *)a->out);
}

/* The dense sinks (drive_dense_tmpl.h, once per output): every element's
 * result, in place. */
CB_INLINE void store_distances(void *out, size_t i, vf r, size_t k)
{
    store_lanes((float *)out + i, r, k, k);
}
#define DRIVE_OUTPUT DISTANCES
#define DRIVE_RESULT vf
#define DRIVE_STORE store_distances
#include "drive_dense_tmpl.h"
#define DRIVE_OUTPUT TIMES /* the sweeps' times: floats, as the distances */
#define DRIVE_RESULT vf
#define DRIVE_STORE store_distances
#include "drive_dense_tmpl.h"

/* The record sinks (drive_records_tmpl.h, once per output): the selection,
 * then the records of the selected elements. */
CB_INLINE void store_contacts(const cb_contacts *o, size_t c, vrecords r, size_t k, size_t room)
{
    store_lanes(o->normal_x + c, r.nx, k, room), store_lanes(o->normal_y + c, r.ny, k, room);
    store_lanes(o->separation + c, r.sep, k, room);
    store_lanes(o->point_x + c, r.px, k, room), store_lanes(o->point_y + c, r.py, k, room);
    store_bytes(o->feature + c, r.feature, k);
}
#define DRIVE_OUTPUT CONTACTS
#define DRIVE_OUT_T cb_contacts
#define DRIVE_RESULT vrecords
#define DRIVE_STORE store_contacts
#include "drive_records_tmpl.h"

/* The sweeps' hit records: a vrecords whose sep holds the time. */
CB_INLINE void store_sweep_hits(const cb_sweep_hits *o, size_t c, vrecords r, size_t k,
                                size_t room)
{
    store_lanes(o->normal_x + c, r.nx, k, room), store_lanes(o->normal_y + c, r.ny, k, room);
    store_lanes(o->t + c, r.sep, k, room);
    store_lanes(o->point_x + c, r.px, k, room), store_lanes(o->point_y + c, r.py, k, room);
    store_bytes(o->feature + c, r.feature, k);
}
#define DRIVE_OUTPUT HITS
#define DRIVE_OUT_T cb_sweep_hits
#define DRIVE_RESULT vrecords
#define DRIVE_STORE store_sweep_hits
#include "drive_records_tmpl.h"

/* The first hit: the least time, the lowest index among equal times,
 * reduced as the times come (no array of them is written), then its one
 * record. The running best is a scalar held broadcast; a vector only
 * leaves the common path when one of its lanes beats it, and then its lanes
 * are taken in index order with a strict compare, so an equal time later
 * never displaces an earlier index: the same element on every backend. In
 * a random order of elements the best improves about ln n times. */
CB_INLINE size_t first_hit(vf (*block)(const void *, const void *, size_t, size_t, int),
                           vrecords (*gather)(const void *, const void *, const uint32_t *, size_t,
                                              int),
                           const void *ctx, const cb_args *a, int strict)
{
    size_t n = a->n;
    float best = CB_SWEEP_MISS;
    uint32_t at = 0;
    vf vbest = v_set1(best);
    for (size_t i = 0; i < n; i += CB_W) {
        size_t k = n - i < CB_W ? n - i : CB_W;
        vf t = CB_SPECIALIZE && k == CB_W ? block(ctx, a->many, i, CB_W, strict)
                                          : block(ctx, a->many, i, k, strict);
        if (!v_mbits(v_lt_m(t, vbest)))
            continue;
        float lanes[CB_W];
        v_storeu(lanes, t);
        for (size_t j = 0; j < k; j++)
            if (lanes[j] < best)
                best = lanes[j], at = (uint32_t)(i + j);
        vbest = v_set1(best);
    }
    if (!(best <= 1.0f))
        return 0;
    const cb_sweep_hits *o = (const cb_sweep_hits *)a->out;
    store_sweep_hits(o, 0, gather(ctx, a->many, &at, 1, strict), 1, 1);
    o->index[0] = at;
    return 1;
}
CB_INLINE size_t drive_FIRST_HIT(vf (*block)(const void *, const void *, size_t, size_t, int),
                                 vrecords (*gather)(const void *, const void *, const uint32_t *,
                                                    size_t, int),
                                 const void *ctx, const cb_args *a)
{
    int strict = (a->flags & CB_STRICT) != 0;
    if (CB_SPECIALIZE) /* a copy per touching mode */
        return !strict ? first_hit(block, gather, ctx, a, 0) : first_hit(block, gather, ctx, a, 1);
    return first_hit(block, gather, ctx, a, strict);
}

CB_INLINE void store_int_distances(void *out, size_t i, result_DISTANCE_I r, size_t k)
{
    const cb_int_distances *o = (const cb_int_distances *)out;
    store_lanes_w(o->d2 + i, r.d2, k, k);
    store_lanes_i(o->point_x + i, r.px, k, k), store_lanes_i(o->point_y + i, r.py, k, k);
}
#define DRIVE_OUTPUT INT_DISTANCES
#define DRIVE_RESULT result_DISTANCE_I
#define DRIVE_STORE store_int_distances
#include "drive_dense_tmpl.h"

CB_INLINE void store_int_contacts(const cb_int_contacts *o, size_t c, result_CONTACTS_I r,
                                  size_t k, size_t room)
{
    store_lanes_i(o->point_x + c, r.px, k, room), store_lanes_i(o->point_y + c, r.py, k, room);
    store_lanes_w(o->d2 + c, r.d2, k, room);
    store_lanes_i(o->depth + c, r.depth, k, room);
    store_bytes_i(o->feature + c, r.feature, k);
}
#define DRIVE_OUTPUT INT_CONTACTS
#define DRIVE_OUT_T cb_int_contacts
#define DRIVE_RESULT result_CONTACTS_I
#define DRIVE_STORE store_int_contacts
#include "drive_records_tmpl.h"

/* Candidates run the batch drivers: the candidates are the elements. */
CB_INLINE cb_args candidates_args(const cb_args *a)
{
    cb_args b;
    memset(&b, 0, sizeof b);
    b.many = a->many, b.n = a->n_candidates, b.out = a->out, b.flags = a->flags;
    b.margin = a->margin;
    return b;
}
