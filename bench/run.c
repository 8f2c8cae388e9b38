/* run.c - one timed sample of any row (backend kernel, seed, compiler loop, streaming read), and its check against the contract. */
#include "bench.h"

#include <stdlib.h>
#include <string.h>

/*
 * The timed loop is written out once per kind of call (the macro TIMED), so
 * that inside the loop there is nothing but the call itself: a switch or an
 * extra indirection per call would add its own cost to the 16-element rows.
 * A backend row calls the raw kernel through the pointer cb_entry_kernel
 * gave, with one cb_args built before the loop. Every call's result is added
 * to acc, and acc to a volatile at the end: the kernels sit in another
 * library or translation unit (no LTO), so the compiler cannot drop a call,
 * and consuming the result makes that explicit anyway.
 */
int query_of(out_kind o) { return o == OUT_IDX_LO ? 1 : o == OUT_IDX_HI ? 2 : 0; }

/* The four inputs the baselines (loops, streaming read) are written for. */
enum { IN_BOX_SOA, IN_BOX_AOS, IN_CIRCLE_SOA, IN_CIRCLE_AOS };

static int input_of(const bench_group *g)
{
    switch (g->many) {
    case CB_SHAPE_BOX:
        return g->layout == CB_LAYOUT_AOS ? IN_BOX_AOS : IN_BOX_SOA;
    case CB_SHAPE_CIRCLE:
        return g->layout == CB_LAYOUT_AOS ? IN_CIRCLE_AOS : IN_CIRCLE_SOA;
    }
    return -1;
}

double run_case(const bench_case *c, const dataset *d, unsigned long iters)
{
    double t0 = 0, t1 = 0;
    uint64_t acc = 0;
    const size_t n = d->n;
    const int q = query_of(c->out);
    const int in = input_of(group_at(c->group));
    const cb_circle qc = d->q[c->group][q];
    const cb_box qb = d->qb[c->group][q];
    unsigned char *bytes = d->bytes;

    switch (c->kind) {
    case KIND_BACKEND: {
        const cb_kernel_fn fn = c->fn;
        const cb_args a = data_args(d, c->group, c->entry, q);
        TIMED(fn(&a));
        break;
    }
    case KIND_SEED:
        TIMED(seed_run(c->seed, d, qc, (uint64_t *)d->out));
        break;
    case KIND_CLAMP_O2:
    case KIND_CLAMP_NATIVE: {
        const int nat = c->kind == KIND_CLAMP_NATIVE;
        /* out[n - 1] is read back after each call: the byte stores are the
         * loop's only effect, and this consumes them. */
        switch (in) {
        case IN_BOX_SOA:
            if (nat)
                TIMED((clamp_native_box_soa(qc, &d->soa, n, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_box_soa(qc, &d->soa, n, bytes), bytes[n - 1]));
            break;
        case IN_BOX_AOS:
            if (nat)
                TIMED((clamp_native_box_aos(qc, d->aos, n, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_box_aos(qc, d->aos, n, bytes), bytes[n - 1]));
            break;
        case IN_CIRCLE_SOA:
            if (nat)
                TIMED((clamp_native_circle_soa(&d->csoa, n, qb, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_circle_soa(&d->csoa, n, qb, bytes), bytes[n - 1]));
            break;
        default:
            if (nat)
                TIMED((clamp_native_circle_aos(d->caos, n, qb, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_circle_aos(d->caos, n, qb, bytes), bytes[n - 1]));
            break;
        }
        break;
    }
    case KIND_STREAM: {
        /* The bytes a kernel of that input reads: 4 arrays of n floats (SoA
         * boxes), 4n floats in one array (AoS boxes), 3 / 3n (circles). */
        const int nat = c->native;
        switch (in) {
        case IN_BOX_SOA:
            if (nat)
                TIMED(stream_native_sum4(d->x0, d->y0, d->x1, d->y1, n));
            else
                TIMED(stream_base_sum4(d->x0, d->y0, d->x1, d->y1, n));
            break;
        case IN_BOX_AOS:
            if (nat)
                TIMED(stream_native_sum1(&d->aos[0].min_x, 4 * n));
            else
                TIMED(stream_base_sum1(&d->aos[0].min_x, 4 * n));
            break;
        case IN_CIRCLE_SOA:
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

/* The compiler loops compute the overlap contract for one circle vs boxes
 * and one box vs circles, either layout. */
int clamp_covers(const bench_group *g)
{
    return g->query == CB_QUERY_OVERLAP &&
           ((g->one == CB_SHAPE_CIRCLE && g->many == CB_SHAPE_BOX) ||
            (g->one == CB_SHAPE_BOX && g->many == CB_SHAPE_CIRCLE));
}

/* The streaming read knows the arrays of boxes and circles, either layout. */
int stream_covers(const bench_group *g) { return input_of(g) >= 0; }

/* ------------------------------------------------------------ checking */

static size_t popcount_xor(const uint64_t *a, const uint64_t *b, size_t words)
{
    size_t diff = 0;
    for (size_t i = 0; i < words; i++)
        diff += (size_t)__builtin_popcountll(a[i] ^ b[i]);
    return diff;
}

static size_t popcount(const uint64_t *a, size_t words)
{
    size_t c = 0;
    for (size_t i = 0; i < words; i++)
        c += (size_t)__builtin_popcountll(a[i]);
    return c;
}

/* A backend row under both touching rules: the kernel's output against the
 * scalar backend's, and the scalar backend's against testkit's reference
 * (the contract written independently of the library). */
static size_t check_backend(const bench_case *c, dataset *d, char *why, size_t whylen)
{
    const cb_entry_info *info = cb_entry_info_of(c->entry);
    const int against_ref = c->backend == CB_BACKEND_SCALAR;
    const cb_kernel_fn scalar = cb_entry_kernel(c->entry, CB_BACKEND_SCALAR);
    const unsigned rules[2] = {0u, (unsigned)CB_STRICT};
    for (int r = 0; r < 2; r++) {
        cb_args a = data_args(d, c->group, c->entry, query_of(c->out));
        a.flags = rules[r];
        size_t got = c->fn(&a);
        cb_args b = a;
        b.out = d->ref;
        size_t want = against_ref ? ref_entry(info, &b) : scalar(&b);
        char diff[224];
        if (!tk_same_output(info, d->n, got, d->out, want, d->ref, diff, sizeof diff)) {
            snprintf(why, whylen, "%s vs %s%s: %s", cb_backend_name((cb_backend)c->backend),
                     against_ref ? "testkit's reference" : "scalar",
                     rules[r] ? " with CB_STRICT" : "", diff);
            return 1;
        }
    }
    return 0;
}

size_t check_case(const bench_case *c, dataset *d, char *why, size_t whylen)
{
    const size_t n = d->n, words = (n + 63) / 64;
    const int g = c->group;
    const size_t me = group_entry(group_at(g), CB_OUTPUT_MASK);
    const cb_kernel_fn scalar_mask =
        me == BENCH_NO_ENTRY ? NULL : cb_entry_kernel(me, CB_BACKEND_SCALAR);
    uint64_t *out = d->out, *ref = d->ref;
    size_t diff = 0;
    why[0] = '\0';
    switch (c->kind) {
    case KIND_BACKEND:
        return check_backend(c, d, why, whylen);
    case KIND_SEED: {
        /* Compared with the contract under the seed's own touching rule;
         * the area queries reach more boxes from every side: a better probe
         * than the entity alone. */
        unsigned flags = seed_touch(c->seed) ? 0u : (unsigned)CB_STRICT;
        for (int k = 0; k < 3; k++) {
            cb_args a = data_args(d, g, me, k);
            a.flags = flags;
            a.out = ref;
            scalar_mask(&a);
            seed_run(c->seed, d, d->q[g][k], out);
            diff += popcount_xor(out, ref, words);
        }
        snprintf(why, whylen, "%s; %zu of %zu answers differ from the contract%s",
                 seed_touch(c->seed) ? "touching counts (<=)" : "touching excluded (<)", diff,
                 3 * n, seed_touch(c->seed) ? "" : " with CB_STRICT");
        return diff;
    }
    case KIND_CLAMP_O2:
    case KIND_CLAMP_NATIVE: {
        /* One byte per element, 0 or 1: as a mask, the scalar backend's. */
        bench_case one = *c;
        run_case(&one, d, 1);
        memset(out, 0, words * sizeof *out);
        for (size_t i = 0; i < n; i++) {
            if (d->bytes[i] > 1) {
                snprintf(why, whylen, "%s: byte %zu is %d, not 0 or 1", c->label, i, d->bytes[i]);
                return 1;
            }
            out[i / 64] |= (uint64_t)d->bytes[i] << (i % 64);
        }
        cb_args a = data_args(d, g, me, 0);
        a.out = ref;
        size_t want = scalar_mask(&a);
        char first[224];
        if (!tk_same_output(cb_entry_info_of(me), n, popcount(out, words), out, want, ref, first,
                            sizeof first)) {
            snprintf(why, whylen, "%s vs scalar: %s", c->label, first);
            size_t x = popcount_xor(out, ref, words);
            return x ? x : 1;
        }
        return 0;
    }
    default:
        return 0;
    }
}
