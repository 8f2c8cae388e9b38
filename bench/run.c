/* run.c - one timed sample of any row (backend kernel, baseline, compiler loop, streaming read), and its check against the contract. */
#include "bits.h"
#include "bench.h"

#include <math.h>
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
int query_of(out_kind o)
{
    switch (o) {
    case OUT_IDX_LO:
    case OUT_CONT_LO:
    case OUT_TIMES_LO:
    case OUT_HITS_LO:
        return 1;
    case OUT_IDX_HI:
    case OUT_CONT_HI:
    case OUT_TIMES_HI:
    case OUT_HITS_HI:
        return 2;
    default: /* the entity: bitmask, distances, the bullet's times and first hit */
        return 0;
    }
}

/* The floats a baseline of n floats writes: the out buffer of the group's
 * entry of output o (CB_OUTPUT_DISTANCES for the distance loops, TIMES for
 * the sweeps' closed form). */
static float *float_buffer(const dataset *d, int g, cb_output o)
{
    size_t e = group_entry(group_at(g), o);
    return (float *)data_args(d, g, e, 0).out;
}

static float *dist_buffer(const dataset *d, int g)
{
    return float_buffer(d, g, CB_OUTPUT_DISTANCES);
}

/* The six inputs the baselines (loops, streaming read) are written for. */
enum { IN_BOX_SOA, IN_BOX_AOS, IN_CIRCLE_SOA, IN_CIRCLE_AOS, IN_OBOX_SOA, IN_OBOX_AOS };

static int input_of(const bench_group *g)
{
    switch (g->many) {
    case CB_SHAPE_BOX:
        return g->layout == CB_LAYOUT_AOS ? IN_BOX_AOS : IN_BOX_SOA;
    case CB_SHAPE_CIRCLE:
        return g->layout == CB_LAYOUT_AOS ? IN_CIRCLE_AOS : IN_CIRCLE_SOA;
    case CB_SHAPE_OBOX:
        return g->layout == CB_LAYOUT_AOS ? IN_OBOX_AOS : IN_OBOX_SOA;
    case CB_SHAPE_ICIRCLE: /* the integer shapes: no loop or streaming read; */
    case CB_SHAPE_IBOX:    /* baseline D and the float twins' rows compare them */
    case CB_SHAPE_GRID:    /* the pairs form only: not a group's elements */
    case CB_SHAPE_SELF:
    case CB_SHAPE_GRID_SELF:
    case CB_SHAPE_SWEEP: /* moving circles (one box vs n sweeps): no loop, no streaming
                            read of 5 arrays; the closed form is their baseline */
        break;
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
    const cb_obox qo = d->qo[c->group][q];
    const int oriented = group_oriented(group_at(c->group));
    unsigned char *bytes = d->bytes;

    switch (c->kind) {
    case KIND_BACKEND: {
        const cb_kernel_fn fn = c->fn;
        const cb_args a = data_args(d, c->group, c->entry, q);
        TIMED(fn(&a));
        break;
    }
    case KIND_BASELINE:
        if (c->out == OUT_DIST) {
            float *dist = dist_buffer(d, c->group);
            TIMED(baseline_e_distances(c->baseline, d, qc, dist));
        } else if (c->out == OUT_CONT_LO || c->out == OUT_CONT_HI) {
            TIMED(baseline_e_contacts(c->baseline, d, qc, d->econtacts, d->eindex));
        } else {
            size_t me = group_entry(group_at(c->group), CB_OUTPUT_MASK);
            uint64_t *mask = data_args(d, c->group, me, 0).out;
            TIMED(baseline_run(c->baseline, d, c->group, q, mask));
        }
        break;
    case KIND_CLAMP_O2:
    case KIND_CLAMP_NATIVE: {
        const int nat = c->kind == KIND_CLAMP_NATIVE;
        if (c->out == OUT_DIST) {
            /* out[n - 1] read back as for the byte loops below */
            float *f = dist_buffer(d, c->group);
            switch (in) {
            case IN_BOX_SOA:
                if (nat)
                    TIMED((clamp_native_dist_box_soa(qc, &d->soa, n, f), tk_bits(f[n - 1])));
                else
                    TIMED((clamp_o2_dist_box_soa(qc, &d->soa, n, f), tk_bits(f[n - 1])));
                break;
            case IN_BOX_AOS:
                if (nat)
                    TIMED((clamp_native_dist_box_aos(qc, d->aos, n, f), tk_bits(f[n - 1])));
                else
                    TIMED((clamp_o2_dist_box_aos(qc, d->aos, n, f), tk_bits(f[n - 1])));
                break;
            case IN_CIRCLE_SOA:
                if (nat)
                    TIMED((clamp_native_dist_circle_soa(&d->csoa, n, qb, f), tk_bits(f[n - 1])));
                else
                    TIMED((clamp_o2_dist_circle_soa(&d->csoa, n, qb, f), tk_bits(f[n - 1])));
                break;
            default:
                if (nat)
                    TIMED((clamp_native_dist_circle_aos(d->caos, n, qb, f), tk_bits(f[n - 1])));
                else
                    TIMED((clamp_o2_dist_circle_aos(d->caos, n, qb, f), tk_bits(f[n - 1])));
                break;
            }
            break;
        }
        /* out[n - 1] is read back after each call: the byte stores are the
         * loop's only effect, and this consumes them. A group's input says
         * which loop: its elements, and for circles whether the single box
         * is oriented. */
        if (oriented && in == IN_CIRCLE_SOA) {
            if (nat)
                TIMED((clamp_native_circle_obox_soa(&d->csoa, n, qo, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_circle_obox_soa(&d->csoa, n, qo, bytes), bytes[n - 1]));
            break;
        }
        if (oriented && in == IN_CIRCLE_AOS) {
            if (nat)
                TIMED((clamp_native_circle_obox_aos(d->caos, n, qo, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_circle_obox_aos(d->caos, n, qo, bytes), bytes[n - 1]));
            break;
        }
        switch (in) {
        case IN_OBOX_SOA:
            if (nat)
                TIMED((clamp_native_obox_soa(qc, &d->osoa, n, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_obox_soa(qc, &d->osoa, n, bytes), bytes[n - 1]));
            break;
        case IN_OBOX_AOS:
            if (nat)
                TIMED((clamp_native_obox_aos(qc, d->oaos, n, bytes), bytes[n - 1]));
            else
                TIMED((clamp_o2_obox_aos(qc, d->oaos, n, bytes), bytes[n - 1]));
            break;
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
    case KIND_CLOSED: {
        float *t = float_buffer(d, c->group, CB_OUTPUT_TIMES);
        TIMED(closed_run(d, c->group, q, t));
        break;
    }
    case KIND_SCAN: {
        /* the backend's dense times, then the scan (another translation
         * unit): what the first hit costs without the _first entry */
        const cb_kernel_fn fn = c->fn;
        const cb_args a = data_args(d, c->group, c->entry, q);
        const float *t = a.out;
        uint32_t at = 0;
        float best = 0;
        TIMED((fn(&a), scan_first(t, n, &at, &best)));
        break;
    }
    case KIND_STREAM: {
        /* The bytes a kernel of that input reads: 4 arrays of n floats (SoA
         * boxes), 4n floats in one array (AoS boxes), 3 / 3n (circles),
         * 6 / 6n (oriented boxes). */
        const int nat = c->native;
        switch (in) {
        case IN_OBOX_SOA:
            if (nat)
                TIMED(stream_native_sum6(d->ocx, d->ocy, d->ohx, d->ohy, d->oc, d->os, n));
            else
                TIMED(stream_base_sum6(d->ocx, d->ocy, d->ohx, d->ohy, d->oc, d->os, n));
            break;
        case IN_OBOX_AOS:
            if (nat)
                TIMED(stream_native_sum1(&d->oaos[0].cx, 6 * n));
            else
                TIMED(stream_base_sum1(&d->oaos[0].cx, 6 * n));
            break;
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

/* The compiler loops compute the overlap and the signed-distance contracts
 * for one circle vs boxes and one box vs circles, and the oriented overlap
 * contract for one circle vs oriented boxes and one oriented box vs circles,
 * either layout. */
int clamp_covers(const bench_group *g)
{
    if (g->query == CB_QUERY_OVERLAP &&
        ((g->one == CB_SHAPE_CIRCLE && g->many == CB_SHAPE_OBOX) ||
         (g->one == CB_SHAPE_OBOX && g->many == CB_SHAPE_CIRCLE)))
        return 1;
    return (g->query == CB_QUERY_OVERLAP || g->query == CB_QUERY_DISTANCE) &&
           ((g->one == CB_SHAPE_CIRCLE && g->many == CB_SHAPE_BOX) ||
            (g->one == CB_SHAPE_BOX && g->many == CB_SHAPE_CIRCLE));
}

/* The streaming read knows the arrays of boxes, oriented boxes and circles,
 * either layout. */
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

/* The scalar backend is checked against testkit's reference on at most
 * this many elements (a prefix of the data set, which spans the whole
 * level): the reference runs one pair at a time with an integer square
 * root, a hundred times slower than a kernel, and at 16Mi it would take
 * minutes. Every other backend is checked against scalar on all n. */
#define REF_CHECK_MAX ((size_t)256 << 10)

/* The backend rows rows[0..k-1] of one entry and row kind, under both
 * touching rules (and, for an entry that reads a margin, also at
 * CHECK_MARGIN): each kernel's output against the scalar backend's, computed
 * once per run, and the scalar backend's against testkit's reference (the
 * contract written independently of the library). Every output is compared
 * bit for bit by testkit (tk_same_output), whatever its kind. Returns the
 * first failing row, or -1. */
int check_backends(const bench_case *const *rows, int k, dataset *d, char *why, size_t whylen)
{
    const bench_case *c = rows[0];
    const cb_entry_info *info = cb_entry_info_of(c->entry);
    const cb_kernel_fn scalar = cb_entry_kernel(c->entry, CB_BACKEND_SCALAR);
    const struct {
        unsigned flags;
        float margin;
    } runs[3] = {{0u, BENCH_MARGIN}, {(unsigned)CB_STRICT, BENCH_MARGIN}, {0u, CHECK_MARGIN}};
    const int nruns = info->output == CB_OUTPUT_CONTACTS ? 3 : 2;
    char diff[224];
    for (int r = 0; r < nruns; r++) {
        cb_args a = data_args(d, c->group, c->entry, query_of(c->out));
        a.flags = runs[r].flags;
        a.margin = runs[r].margin;
        cb_args b = a;
        b.out = data_ref(d, c->entry);
        const char *rule = runs[r].flags ? " with CB_STRICT" : "";
        const char *margin = runs[r].margin != BENCH_MARGIN ? " at the check margin" : "";
        /* the scalar row against the reference, on a prefix */
        for (int i = 0; i < k; i++) {
            if (rows[i]->backend != CB_BACKEND_SCALAR)
                continue;
            cb_args p = a, q = b;
            p.n = q.n = a.n < REF_CHECK_MAX ? a.n : REF_CHECK_MAX;
            size_t got = rows[i]->fn(&p), want = ref_entry(info, &q);
            if (!tk_same_output(info, p.n, got, p.out, want, q.out, diff, sizeof diff)) {
                snprintf(why, whylen, "scalar vs testkit's reference%s%s: %s", rule, margin, diff);
                return i;
            }
        }
        /* every other row against one scalar output */
        size_t want = 0;
        int have = 0;
        for (int i = 0; i < k; i++) {
            if (rows[i]->backend == CB_BACKEND_SCALAR)
                continue;
            if (!have)
                want = scalar(&b), have = 1;
            size_t got = rows[i]->fn(&a);
            if (!tk_same_output(info, a.n, got, a.out, want, b.out, diff, sizeof diff)) {
                snprintf(why, whylen, "%s vs scalar%s%s: %s",
                         cb_backend_name((cb_backend)rows[i]->backend), rule, margin, diff);
                return i;
            }
        }
    }
    return -1;
}

/* Units in the last place between two finite floats of one sign (a large
 * number when the signs differ or one is not finite). */
static uint32_t ulps(float a, float b)
{
    uint32_t ua = tk_bits(a), ub = tk_bits(b);
    if ((ua ^ ub) >> 31 || !isfinite(a) || !isfinite(b))
        return a == b ? 0 : UINT32_MAX;
    return ua > ub ? ua - ub : ub - ua;
}

/* Baseline E's distances against the scalar backend's distance entry of the
 * group (the same boxes, the same circle): reported, never fatal. */
static size_t check_baseline_distance(const bench_case *c, dataset *d, char *why, size_t whylen)
{
    const int g = c->group;
    const size_t e = group_entry(group_at(g), CB_OUTPUT_DISTANCES);
    cb_args a = data_args(d, g, e, query_of(c->out));
    a.out = data_ref(d, e);
    cb_entry_kernel(e, CB_BACKEND_SCALAR)(&a);
    const float *want = a.out;
    float *got = dist_buffer(d, g);
    baseline_e_distances(c->baseline, d, d->q[g][query_of(c->out)], got);
    size_t diff = 0;
    uint32_t worst = 0;
    for (size_t i = 0; i < d->n; i++) {
        uint32_t u = ulps(got[i], want[i]);
        diff += u != 0;
        worst = u > worst ? u : worst;
    }
    snprintf(why, whylen, "%zu of %zu distances differ from the contract's (at most %u ulp)", diff,
             d->n, (unsigned)worst);
    return diff;
}

/* Baseline E's contacts against the scalar backend's contact entry with
 * CB_STRICT at margin 0 (touching excluded, as the baseline): which boxes
 * are reported, and for the boxes both report, whether the normal,
 * separation and point have the same bits. Reported, never fatal. */
static size_t check_baseline_contacts(const bench_case *c, dataset *d, char *why, size_t whylen)
{
    const int g = c->group;
    const size_t e = group_entry(group_at(g), CB_OUTPUT_CONTACTS);
    cb_args a = data_args(d, g, e, query_of(c->out));
    a.out = data_ref(d, e);
    a.flags = CB_STRICT;
    size_t nw = cb_entry_kernel(e, CB_BACKEND_SCALAR)(&a);
    const cb_contacts *w = a.out;
    size_t ng =
        baseline_e_contacts(c->baseline, d, d->q[g][query_of(c->out)], d->econtacts, d->eindex);
    size_t sel = 0, rec = 0, both = 0;
    for (size_t i = 0, j = 0; i < ng || j < nw;) {
        uint32_t gi = i < ng ? d->eindex[i] : UINT32_MAX, wj = j < nw ? w->index[j] : UINT32_MAX;
        if (gi != wj) {
            sel++;
            i += gi < wj, j += wj < gi;
            continue;
        }
        const baseline_econtact *k = &d->econtacts[i];
        rec += tk_bits(k->nx) != tk_bits(w->normal_x[j]) ||
               tk_bits(k->ny) != tk_bits(w->normal_y[j]) ||
               tk_bits(k->distance) != tk_bits(w->separation[j]) ||
               tk_bits(k->px) != tk_bits(w->point_x[j]) || tk_bits(k->py) != tk_bits(w->point_y[j]);
        both++, i++, j++;
    }
    snprintf(why, whylen,
             "%zu of %zu selections differ (CB_STRICT); %zu of %zu records differ in bits", sel,
             d->n, rec, both);
    return sel + rec;
}

/* The sweeps' closed form against the scalar backend's times entry of the
 * group, at each of the group's sweeps (the bullet, and the area circles
 * moving: many hits through faces and corners): the times that do not agree
 * (closed_agree: 1e-4 relative) are counted, the worst shown. Both sides
 * round (the closed form's quadratic is unscaled, its slabs multiply by a
 * reciprocal; where t is small beside |m| / |d| either loses digits), so a
 * disagreement is then judged by testkit against exact geometry: a closed
 * form time that breaks the contract's promise (tk_sweep_judge > 1: a hit
 * that is not one, a missed penetration, a time off by more than the band)
 * is a broken baseline, and their count is returned (fatal); else 0, with
 * the counts in the note. */
static size_t check_closed(const bench_case *c, dataset *d, char *why, size_t whylen)
{
    const int g = c->group;
    const size_t e = group_entry(group_at(g), CB_OUTPUT_TIMES);
    float *got = float_buffer(d, g, CB_OUTPUT_TIMES);
    size_t diff = 0, broken = 0, at = 0;
    int worst_k = -1;
    float wg = 0, ww = 0, worst = -1;
    for (int k = 0; k < 3; k++) {
        cb_args a = data_args(d, g, e, k);
        a.out = data_ref(d, e);
        cb_entry_kernel(e, CB_BACKEND_SCALAR)(&a);
        const float *want = a.out;
        closed_run(d, g, k, got);
        for (size_t i = 0; i < d->n; i++) {
            if (closed_agree(got[i], want[i]))
                continue;
            /* by name: the judge's pair may hold other elements (zero here);
             * one box vs moving circles: bullet i against the group's box */
            const int moving = group_moving(group_at(g));
            tk_sweep_pair p = {.w = moving ? d->baos[i] : d->qs[g][k],
                               .is_box = moving || group_at(g)->many == CB_SHAPE_BOX,
                               .b = moving ? d->qb[g][k] : d->aos[i],
                               .o = d->caos ? d->caos[i] : (cb_circle){0, 0, 0}};
            broken += !(tk_sweep_judge(&p, got[i]) <= 1.0);
            float dt = fabsf(got[i] - want[i]);
            if (dt > worst)
                worst = dt, worst_k = k, at = i, wg = got[i], ww = want[i];
            diff++;
        }
    }
    if (diff)
        snprintf(why, whylen, "%zu of %zu off by > %.0e rel., %zu past the contract; worst %.7g "
                 "vs %.7g (sweep %d #%zu)", diff, 3 * d->n, (double)CLOSED_TOL, broken,
                 (double)wg, (double)ww, worst_k, at);
    else
        snprintf(why, whylen, "all %zu times within %.0e rel. of the contract's", 3 * d->n,
                 (double)CLOSED_TOL);
    return broken;
}

/* The scalar _first answers the times-then-scan rows are checked against:
 * the rows of one group (one per backend) compare with the same six, and
 * at 16Mi each costs a third of a second, so they are kept for the last
 * group and data seen (the elements' address and count, the group and its
 * sweeps, or its boxes when the elements move: the same key is the same
 * data, whatever run made it). */
static struct {
    int valid, g;
    const void *many;
    size_t n;
    cb_sweep w[3];
    cb_box b[3];
    size_t count[3][2];
    uint32_t index[3][2];
    float t[3][2];
} scan_want;

/* The times-then-scan row against the scalar backend's _first entry of the
 * group: at each of the group's three sweeps and under both touching
 * rules, the row's backend's times and the scan must name the same element
 * (or none) with the same bits of t as the first hit's record. (The times
 * themselves are the backend's times rows, checked with them.) Returns the
 * number of disagreements (fatal). */
static size_t check_scan(const bench_case *c, dataset *d, char *why, size_t whylen)
{
    const int g = c->group;
    const size_t fe = group_entry(group_at(g), CB_OUTPUT_FIRST_HIT);
    const void *many = data_args(d, g, fe, 0).many;
    if (!scan_want.valid || scan_want.g != g || scan_want.many != many || scan_want.n != d->n ||
        memcmp(scan_want.w, d->qs[g], sizeof scan_want.w) ||
        memcmp(scan_want.b, d->qb[g], sizeof scan_want.b)) {
        const cb_kernel_fn first = cb_entry_kernel(fe, CB_BACKEND_SCALAR);
        for (int k = 0; k < 3; k++)
            for (int strict = 0; strict < 2; strict++) {
                cb_args b = data_args(d, g, fe, k);
                b.flags = strict ? (unsigned)CB_STRICT : 0u;
                b.out = data_ref(d, fe);
                const cb_sweep_hits *w = b.out;
                const size_t want = first(&b);
                scan_want.count[k][strict] = want;
                scan_want.index[k][strict] = want == 1 ? w->index[0] : 0u;
                scan_want.t[k][strict] = want == 1 ? w->t[0] : CB_SWEEP_MISS;
            }
        scan_want.valid = 1, scan_want.g = g, scan_want.many = many, scan_want.n = d->n;
        memcpy(scan_want.w, d->qs[g], sizeof scan_want.w);
        memcpy(scan_want.b, d->qb[g], sizeof scan_want.b);
    }
    size_t bad = 0, hit = 0;
    for (int k = 0; k < 3; k++)
        for (int strict = 0; strict < 2; strict++) {
            cb_args a = data_args(d, g, c->entry, k);
            a.flags = strict ? (unsigned)CB_STRICT : 0u;
            c->fn(&a);
            uint32_t at = 0;
            float best = 0;
            const size_t got = scan_first(a.out, d->n, &at, &best);
            const size_t want = scan_want.count[k][strict];
            const uint32_t wi = scan_want.index[k][strict];
            const float wt = scan_want.t[k][strict];
            const int same = got == want && (!got || (at == wi && tk_bits(best) == tk_bits(wt)));
            if (!same && !bad)
                snprintf(why, whylen, "times + scan vs scalar _first at sweep %d%s: %zu hit(s), "
                         "element %u t %.9g, against %zu, element %u t %.9g", k,
                         strict ? " with CB_STRICT" : "", got, (unsigned)at, (double)best, want,
                         (unsigned)wi, (double)wt);
            bad += !same;
            hit += got;
        }
    if (!bad)
        snprintf(why, whylen, "the element and t of the first hit, as _first's, at 3 sweeps x 2 "
                 "touching rules (%zu of 6 hit)", hit);
    return bad;
}

size_t check_case(const bench_case *c, dataset *d, char *why, size_t whylen)
{
    const size_t n = d->n, words = (n + 63) / 64;
    const int g = c->group;
    const bench_group *gr = group_at(g);
    const size_t me = group_entry(gr, CB_OUTPUT_MASK);
    why[0] = '\0';
    switch (c->kind) {
    case KIND_BACKEND: {
        const bench_case *one = c;
        return check_backends(&one, 1, d, why, whylen) >= 0;
    }
    case KIND_BASELINE: {
        if (c->out == OUT_DIST)
            return check_baseline_distance(c, d, why, whylen);
        if (c->out == OUT_CONT_LO || c->out == OUT_CONT_HI)
            return check_baseline_contacts(c, d, why, whylen);
        /* Compared with the contract under the baseline's own touching rule;
         * the area queries reach more boxes from every side: a better probe
         * than the entity alone. */
        const cb_kernel_fn scalar_mask = cb_entry_kernel(me, CB_BACKEND_SCALAR);
        unsigned flags = baseline_touch(c->baseline) ? 0u : (unsigned)CB_STRICT;
        uint64_t *ref = data_ref(d, me), *out = data_args(d, g, me, 0).out;
        size_t diff = 0;
        for (int k = 0; k < 3; k++) {
            cb_args a = data_args(d, g, me, k);
            a.flags = flags;
            a.out = ref;
            scalar_mask(&a);
            baseline_run(c->baseline, d, g, k, out);
            diff += popcount_xor(out, ref, words);
        }
        snprintf(why, whylen, "%s; %zu of %zu answers differ from the %scontract%s",
                 baseline_touch(c->baseline) ? "touching counts (<=)" : "touching excluded (<)",
                 diff, 3 * n, group_integer(gr) ? "integer " : "",
                 baseline_touch(c->baseline) ? "" : " with CB_STRICT");
        return diff;
    }
    case KIND_CLAMP_O2:
    case KIND_CLAMP_NATIVE: {
        /* The loop's result against the scalar backend's entry of the same
         * question: its distances bit for bit, or its bytes (0 or 1) as a
         * mask. */
        const int is_dist = c->out == OUT_DIST;
        const size_t e = is_dist ? group_entry(gr, CB_OUTPUT_DISTANCES) : me;
        bench_case one = *c;
        run_case(&one, d, 1);
        void *got = data_args(d, g, e, 0).out;
        if (!is_dist) {
            uint64_t *out = got;
            memset(out, 0, words * sizeof *out);
            for (size_t i = 0; i < n; i++) {
                if (d->bytes[i] > 1) {
                    snprintf(why, whylen, "%s: byte %zu is %d, not 0 or 1", c->label, i,
                             d->bytes[i]);
                    return 1;
                }
                out[i / 64] |= (uint64_t)d->bytes[i] << (i % 64);
            }
        }
        cb_args a = data_args(d, g, e, 0);
        a.out = data_ref(d, e);
        size_t want = cb_entry_kernel(e, CB_BACKEND_SCALAR)(&a);
        size_t count = is_dist ? n : popcount(got, words);
        char first[224];
        if (!tk_same_output(cb_entry_info_of(e), n, count, got, want, a.out, first,
                            sizeof first)) {
            snprintf(why, whylen, "%s vs scalar: %s", c->label, first);
            size_t x = is_dist ? 1 : popcount_xor(got, a.out, words);
            return x ? x : 1;
        }
        return 0;
    }
    case KIND_CLOSED:
        return check_closed(c, d, why, whylen);
    case KIND_SCAN:
        return check_scan(c, d, why, whylen);
    default:
        return 0;
    }
}
