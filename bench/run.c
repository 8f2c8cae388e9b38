/* run.c - one timed sample of any row (backend kernel, seed, compiler loop, streaming read), and its check against the scalar reference. */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

/*
 * The timed loop is written out once per kind of call (the macro below), so
 * that inside the loop there is nothing but the call itself: a switch or an
 * extra indirection per call would add a nanosecond that matters for the
 * 16-box rows. Every call's result is added to acc, and acc to a volatile at
 * the end: the kernels sit in another library or translation unit (no LTO),
 * so the compiler cannot drop a call, and consuming the result makes that
 * explicit anyway.
 */
static int query_of(out_kind o) { return o == OUT_IDX_LO ? 1 : o == OUT_IDX_HI ? 2 : 0; }

double run_case(const bench_case *c, const dataset *d, unsigned long iters)
{
    double t0 = 0, t1 = 0;
    uint64_t acc = 0;
    const size_t n = d->n;
    const int q = query_of(c->out);
    const cb_circle qc = d->q[q];
    const cb_box qb = d->qb[q];
    uint64_t *mask = d->mask;
    uint32_t *idx = d->idx;
    unsigned char *bytes = d->bytes;
    const int is_idx = c->out == OUT_IDX_LO || c->out == OUT_IDX_HI;

    switch (c->kind) {
    case KIND_BACKEND: {
        const cb_kernels *k = c->k;
        switch (c->entry) {
        case ENT_BOXES:
            if (is_idx)
                TIMED(k->boxes_idx(qc, &d->soa, n, idx, 0));
            else
                TIMED(k->boxes(qc, &d->soa, n, mask, 0));
            break;
        case ENT_BOXES_AOS:
            if (is_idx)
                TIMED(k->boxes_aos_idx(qc, d->aos, n, idx, 0));
            else
                TIMED(k->boxes_aos(qc, d->aos, n, mask, 0));
            break;
        case ENT_CIRCLES:
            if (is_idx)
                TIMED(k->circles_idx(&d->csoa, n, qb, idx, 0));
            else
                TIMED(k->circles(&d->csoa, n, qb, mask, 0));
            break;
        default:
            if (is_idx)
                TIMED(k->circles_aos_idx(d->caos, n, qb, idx, 0));
            else
                TIMED(k->circles_aos(d->caos, n, qb, mask, 0));
            break;
        }
        break;
    }
    case KIND_SEED:
        TIMED(seed_run(c->seed, d, qc, mask));
        break;
    case KIND_CLAMP_O2:
    case KIND_CLAMP_NATIVE: {
        const int nat = c->kind == KIND_CLAMP_NATIVE;
        /* out[n - 1] is read back after each call: the byte stores are the
         * loop's only effect, and this consumes them. */
        switch (c->entry) {
        case ENT_BOXES:
            if (nat)
                TIMED((clamp_native_boxes(qc, &d->soa, n, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_boxes(qc, &d->soa, n, bytes), bytes[n - 1]));
            break;
        case ENT_BOXES_AOS:
            if (nat)
                TIMED((clamp_native_boxes_aos(qc, d->aos, n, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_boxes_aos(qc, d->aos, n, bytes), bytes[n - 1]));
            break;
        case ENT_CIRCLES:
            if (nat)
                TIMED((clamp_native_circles(&d->csoa, n, qb, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_circles(&d->csoa, n, qb, bytes), bytes[n - 1]));
            break;
        default:
            if (nat)
                TIMED((clamp_native_circles_aos(d->caos, n, qb, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_circles_aos(d->caos, n, qb, bytes), bytes[n - 1]));
            break;
        }
        break;
    }
    case KIND_STREAM: {
        /* The bytes a kernel of that entry point reads: 4 arrays of n floats
         * (SoA boxes), 4n floats in one array (AoS boxes), 3 / 3n (circles). */
        const int nat = c->native;
        switch (c->entry) {
        case ENT_BOXES:
            if (nat)
                TIMED(stream_native_sum4(d->x0, d->y0, d->x1, d->y1, n));
            else
                TIMED(stream_base_sum4(d->x0, d->y0, d->x1, d->y1, n));
            break;
        case ENT_BOXES_AOS:
            if (nat)
                TIMED(stream_native_sum1(&d->aos[0].min_x, 4 * n));
            else
                TIMED(stream_base_sum1(&d->aos[0].min_x, 4 * n));
            break;
        case ENT_CIRCLES:
            if (nat)
                TIMED(stream_native_sum3(d->cx, d->cy, d->cr, n));
            else
                TIMED(stream_base_sum3(d->cx, d->cy, d->cr, n));
            break;
        default:
            if (nat)
                TIMED(stream_native_sum1(&d->caos[0].x, 3 * n));
            else
                TIMED(stream_base_sum1(&d->caos[0].x, 3 * n));
            break;
        }
        break;
    }
    default:
        break;
    }
    bench_sink += acc;
    return t1 - t0;
}

/* ------------------------------------------------------------ checking */

static size_t popcount_xor(const uint64_t *a, const uint64_t *b, size_t words)
{
    size_t diff = 0;
    for (size_t i = 0; i < words; i++)
        diff += (size_t)__builtin_popcountll(a[i] ^ b[i]);
    return diff;
}

/* Turn an index list into a mask, noting any index that is out of range or
 * not strictly ascending (the contract's order). */
static size_t idx_to_mask(const uint32_t *idx, size_t count, size_t n, uint64_t *m, size_t words)
{
    size_t bad = 0;
    memset(m, 0, words * sizeof *m);
    for (size_t j = 0; j < count; j++) {
        if (idx[j] >= n || (j && idx[j] <= idx[j - 1])) {
            bad++;
            continue;
        }
        m[idx[j] / 64] |= 1ull << (idx[j] % 64);
    }
    return bad;
}

/* The scalar backend's mask for an entry point and query, with flags. */
static size_t scalar_mask(const dataset *d, entry_kind e, int q, unsigned flags, uint64_t *m)
{
    const cb_kernels *s = cb_kernels_for(CB_BACKEND_SCALAR);
    switch (e) {
    case ENT_BOXES:
        return s->boxes(d->q[q], &d->soa, d->n, m, flags);
    case ENT_BOXES_AOS:
        return s->boxes_aos(d->q[q], d->aos, d->n, m, flags);
    case ENT_CIRCLES:
        return s->circles(&d->csoa, d->n, d->qb[q], m, flags);
    default:
        return s->circles_aos(d->caos, d->n, d->qb[q], m, flags);
    }
}

static size_t backend_mask(const cb_kernels *k, const dataset *d, entry_kind e, int q,
                           unsigned flags, uint64_t *m)
{
    switch (e) {
    case ENT_BOXES:
        return k->boxes(d->q[q], &d->soa, d->n, m, flags);
    case ENT_BOXES_AOS:
        return k->boxes_aos(d->q[q], d->aos, d->n, m, flags);
    case ENT_CIRCLES:
        return k->circles(&d->csoa, d->n, d->qb[q], m, flags);
    default:
        return k->circles_aos(d->caos, d->n, d->qb[q], m, flags);
    }
}

static size_t backend_idx(const cb_kernels *k, const dataset *d, entry_kind e, int q, uint32_t *x)
{
    switch (e) {
    case ENT_BOXES:
        return k->boxes_idx(d->q[q], &d->soa, d->n, x, 0);
    case ENT_BOXES_AOS:
        return k->boxes_aos_idx(d->q[q], d->aos, d->n, x, 0);
    case ENT_CIRCLES:
        return k->circles_idx(&d->csoa, d->n, d->qb[q], x, 0);
    default:
        return k->circles_aos_idx(d->caos, d->n, d->qb[q], x, 0);
    }
}

size_t check_case(const bench_case *c, dataset *d, char *why, size_t whylen)
{
    const size_t n = d->n, words = (n + 63) / 64;
    const int q = query_of(c->out);
    const uint64_t *ref = d->ref[c->entry][q];
    size_t diff = 0;
    uint64_t *tmp = malloc(words * sizeof *tmp);
    if (!tmp) {
        snprintf(why, whylen, "out of memory while checking");
        return (size_t)-1;
    }
    why[0] = '\0';
    switch (c->kind) {
    case KIND_BACKEND:
        if (c->out == OUT_MASK) {
            size_t h = backend_mask(c->k, d, c->entry, q, 0, d->mask);
            diff = popcount_xor(d->mask, ref, words) + (h != d->ref_hits[c->entry][q]);
            /* touching excluded too: the other compare of the contract */
            size_t hs = backend_mask(c->k, d, c->entry, q, CB_STRICT, d->mask);
            size_t hr = scalar_mask(d, c->entry, q, CB_STRICT, tmp);
            diff += popcount_xor(d->mask, tmp, words) + (hs != hr);
        } else {
            size_t h = backend_idx(c->k, d, c->entry, q, d->idx);
            diff = idx_to_mask(d->idx, h, n, tmp, words) + popcount_xor(tmp, ref, words) +
                   (h != d->ref_hits[c->entry][q]);
        }
        break;
    case KIND_SEED: {
        /* Compared with the contract under the seed's own touching rule. */
        unsigned flags = seed_touch(c->seed) ? 0u : (unsigned)CB_STRICT;
        scalar_mask(d, ENT_BOXES, 0, flags, tmp);
        seed_run(c->seed, d, d->q[0], d->mask);
        diff = popcount_xor(d->mask, tmp, words);
        /* the other queries reach more boxes from every side: a better probe */
        for (int k = 1; k < 3; k++) {
            scalar_mask(d, ENT_BOXES, k, flags, tmp);
            seed_run(c->seed, d, d->q[k], d->mask);
            diff += popcount_xor(d->mask, tmp, words);
        }
        snprintf(why, whylen, "%s; %zu of %zu answers differ from the contract%s",
                 seed_touch(c->seed) ? "touching counts (<=)" : "touching excluded (<)", diff,
                 3 * n, seed_touch(c->seed) ? "" : " with CB_STRICT");
        break;
    }
    case KIND_CLAMP_O2:
    case KIND_CLAMP_NATIVE: {
        bench_case one = *c;
        run_case(&one, d, 1);
        memset(tmp, 0, words * sizeof *tmp);
        for (size_t i = 0; i < n; i++) {
            if (d->bytes[i] > 1)
                diff++;
            tmp[i / 64] |= (uint64_t)(d->bytes[i] & 1) << (i % 64);
        }
        diff += popcount_xor(tmp, ref, words);
        break;
    }
    default:
        break;
    }
    free(tmp);
    return diff;
}
