/* pairs.c - many against many: all pairs (cb_pairs_*: pair list and bit matrix) against the loop of single-circle calls of the same backend, candidate pairs (cb_candidates_*) against per-pair calls, and what bounds each regime. */
#include "bench.h"
#include "rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * Three blocks of rows, each checked, calibrated and timed with interleaved
 * reps like a size rung of the main table:
 *
 *  - all pairs, circles vs boxes: for each M (boxes) and N (circles of the
 *    set), every backend's raw kernels of the pair list and the bit matrix
 *    (cb_pair_entry_kernel), against the same backend's single-circle raw
 *    kernels called once per circle (cb_entry_kernel): the index kernel
 *    appending each circle's hits to one buffer (the information of the pair
 *    list), and the bitmask kernel writing row i of the same matrix layout
 *    (the bit matrix exactly). Plus the streaming read of the M boxes: what
 *    reading them once costs.
 *  - all pairs, circles vs circles: the same at one (N, M).
 *  - candidate pairs: a broad phase's candidate list, in random order and
 *    sorted by element, through the candidate kernels (bitmask, index list,
 *    contacts at margin 0) against per-pair calls: cb_overlap per candidate,
 *    and for contacts the scalar one-circle contacts kernel with n = 1.
 *
 * The data is bench's (data.c): M boxes and circles scattered over a level
 * whose side grows with sqrt(M); the set is the data's first N circles, so
 * each circle meets about two boxes at any M (a realistic, low hit rate).
 * A row's reps are --reps, fewer (at least 3) when they would take more than
 * about a second: the biggest rows (1Gi pairs per call) get 3.
 */

#define ROW_BUDGET_NS 1e9  /* a row's timed samples: about this long at most */
#define MIN_REPS 3         /* ... but at least this many (when --reps allows) */
#define LONG_CALL_NS 20e6  /* calls this long skip the per-sample warm-up call */
#define SANITY_PAIRS 4096u /* random pairs checked against testkit's reference */

static const size_t def_n[] = {256, 1024};
static const size_t def_m[] = {1024, 64u << 10, 1u << 20};
static const size_t quick_n[] = {256};
static const size_t quick_m[] = {1024, 16u << 10};
/* circles vs circles, and the candidates: (N, M, candidates) */
static const size_t def_cc[2] = {1024, 64u << 10}, quick_cc[2] = {256, 16u << 10};
static const size_t def_cand[3] = {1024, 64u << 10, 64u << 10};
static const size_t quick_cand[3] = {256, 16u << 10, 4u << 10};

typedef enum { SET_BOXES, SET_CIRCLES, SET_CAND, SET_COUNT } pset;

typedef enum {
    PK_LIST,      /* all pairs: the pair list (capacity for all) */
    PK_MATRIX,    /* all pairs: the bit matrix */
    PK_LOOP_IDX,  /* N single-circle index calls, hits appended */
    PK_LOOP_MASK, /* N single-circle bitmask calls, row i of the matrix */
    PK_STREAM,    /* streaming read of the M elements */
    PK_CAND_MASK, /* candidates: bitmask */
    PK_CAND_IDX,  /* candidates: index list */
    PK_CAND_CONT, /* candidates: contacts, margin 0 */
    PK_PP_MASK,   /* per-pair cb_overlap, bitmask out */
    PK_PP_IDX,    /* per-pair cb_overlap, index list out */
    PK_PP_CONT,   /* per-pair scalar one-circle contacts kernel, n = 1 */
    PK_COUNT
} pkind;

static const char *const pkind_names[PK_COUNT] = {
    "list",     "matrix",    "loop idx",      "loop mask",    "stream read",  "cand mask",
    "cand idx", "cand cont", "per-pair mask", "per-pair idx", "per-pair cont"};
static const char *const set_names[SET_COUNT] = {"circles x boxes", "circles x circles",
                                                 "candidates"};
static const char *const order_names[2] = {"random", "by j"};

typedef struct prow {
    pset set;
    size_t n, m;  /* circles in the set, elements */
    size_t ncand; /* SET_CAND: candidates */
    int order;    /* SET_CAND: 0 random order, 1 sorted by element */
    pkind kind;
    int backend; /* cb_backend; -1 for the stream read and the per-pair calls */
    size_t hits; /* pairs found, or candidates selected */
    int reps;
    unsigned long iters;
    double min, med, max; /* ns per call */
    /* while timing */
    cb_pair_kernel_fn pfn;
    cb_kernel_fn kfn;
    double first_ns;
    double s[BENCH_MAX_REPS];
} prow;

static prow *res; /* every finished row, for the report and the CSV */
static int nres, capres;

/* One block's data and buffers. */
typedef struct pblock {
    pset set;
    const dataset *d;
    size_t m, tiles, nmax;
    cb_circle_soa circles; /* the set: the data's first circles */
    const void *many;      /* cb_box_soa * or cb_circle_soa * */
    int native;            /* streaming read: the -march=native build */
    /* all pairs: what the timed rows write */
    cb_pair *list;
    size_t cap;
    uint64_t *mat; /* nmax rows of `tiles` words: matrix and mask-loop rows */
    uint32_t *idx; /* the index loop's buffer */
    size_t *counts;
    /* all pairs: the expected answer (the scalar single-circle index kernel) */
    uint32_t *all;     /* every circle's hits, circle after circle */
    size_t *off, *cnt; /* circle i: all[off[i] .. off[i] + cnt[i] - 1] */
    uint64_t *ref_mat; /* the same as a matrix */
    cb_pair *exp_list; /* in cbatch.h's order (tile, circle, element) */
    size_t exp_n;      /* for this many circles (0: not built) */
    /* candidates */
    cb_pair *cand[2];
    size_t ncand;
    uint64_t *cmask, *rmask;
    uint32_t *cidx, *ridx;
    cb_contacts cont, rcont;
    size_t rhits, rcont_n;
    int rorder;         /* the order the references are for, -1 none */
    cb_pair_cursor cur; /* the pair list rows' cursor */
    cb_kernel_fn cont1; /* scalar one-circle contacts kernel (per-pair calls) */
} pblock;

/* ---------------------------------------------------------- helpers */

static void *xalloc(size_t bytes)
{
    size_t rounded = (bytes + 63) / 64 * 64;
    void *p = aligned_alloc(64, rounded ? rounded : 64);
    if (p)
        memset(p, 0, rounded ? rounded : 64); /* fault the pages in now */
    return p;
}

static size_t pair_entry(cb_query q, cb_pairing p, cb_shape many, cb_output o)
{
    for (size_t e = 0; e < cb_pair_entry_count(); e++) {
        const cb_pair_entry_info *i = cb_pair_entry_info_of(e);
        if (i->query == q && i->pairing == p && i->many == many && i->output == o)
            return e;
    }
    return BENCH_NO_ENTRY;
}

static size_t single_entry(cb_query q, cb_shape many, cb_output o)
{
    int g = group_find(q, CB_SHAPE_CIRCLE, many, CB_LAYOUT_SOA);
    return g < 0 ? BENCH_NO_ENTRY : group_entry(group_at(g), o);
}

static cb_circle circle_at(const cb_circle_soa *s, size_t i)
{
    cb_circle c = {s->x[i], s->y[i], s->r[i]};
    return c;
}

static cb_box box_at(const cb_box_soa *b, size_t j)
{
    cb_box x = {b->min_x[j], b->min_y[j], b->max_x[j], b->max_y[j]};
    return x;
}

static int set_ref_hit(const pblock *b, size_t i, size_t j)
{
    cb_circle c = circle_at(&b->circles, i);
    if (b->set == SET_CIRCLES)
        return ref_overlap_circles(c, circle_at((const cb_circle_soa *)b->many, j), 0);
    return ref_overlap(c, box_at((const cb_box_soa *)b->many, j), 0);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* ------------------------------------------------------ timed calls */

/* N single-circle index calls: circle i's hits appended after circle i-1's. */
static size_t loop_idx(cb_kernel_fn fn, const cb_circle_soa *s, size_t n, const void *many,
                       size_t m, uint32_t *idx, size_t *counts)
{
    cb_args a;
    memset(&a, 0, sizeof a);
    a.many = many, a.n = m;
    size_t off = 0;
    for (size_t i = 0; i < n; i++) {
        a.circle = circle_at(s, i);
        a.out = idx + off;
        size_t c = fn(&a);
        counts[i] = c;
        off += c;
    }
    return off;
}

/* N single-circle bitmask calls: row i (`words` words) of the matrix. */
static size_t loop_mask(cb_kernel_fn fn, const cb_circle_soa *s, size_t n, const void *many,
                        size_t m, uint64_t *mat, size_t words)
{
    cb_args a;
    memset(&a, 0, sizeof a);
    a.many = many, a.n = m;
    size_t hits = 0;
    for (size_t i = 0; i < n; i++) {
        a.circle = circle_at(s, i);
        a.out = mat + i * words;
        hits += fn(&a);
    }
    return hits;
}

/* Per candidate, the library's one-pair function: bitmask out. */
static size_t pp_mask(const cb_circle_soa *s, const cb_box_soa *b, const cb_pair *c, size_t n,
                      uint64_t *mask)
{
    size_t hits = 0;
    uint64_t w = 0;
    for (size_t k = 0; k < n; k++) {
        uint64_t h = (uint64_t)cb_overlap(circle_at(s, c[k].i), box_at(b, c[k].j), 0);
        w |= h << (k & 63);
        hits += h;
        if ((k & 63) == 63)
            mask[k >> 6] = w, w = 0;
    }
    if (n & 63)
        mask[n >> 6] = w;
    return hits;
}

/* The same, index list out. */
static size_t pp_idx(const cb_circle_soa *s, const cb_box_soa *b, const cb_pair *c, size_t n,
                     uint32_t *idx)
{
    size_t hits = 0;
    for (size_t k = 0; k < n; k++)
        if (cb_overlap(circle_at(s, c[k].i), box_at(b, c[k].j), 0))
            idx[hits++] = (uint32_t)k;
    return hits;
}

/* Per candidate, the scalar one-circle contacts kernel on one box (n = 1),
 * writing record `count` and fixing its index to k. */
static size_t pp_cont(cb_kernel_fn fn, const cb_circle_soa *s, const cb_box_soa *b,
                      const cb_pair *c, size_t n, const cb_contacts *out)
{
    size_t cnt = 0;
    for (size_t k = 0; k < n; k++) {
        const uint32_t j = c[k].j;
        const cb_box_soa one = {b->min_x + j, b->min_y + j, b->max_x + j, b->max_y + j};
        cb_contacts o = {out->index + cnt,      out->normal_x + cnt, out->normal_y + cnt,
                         out->separation + cnt, out->point_x + cnt,  out->point_y + cnt,
                         out->feature + cnt};
        cb_args a;
        memset(&a, 0, sizeof a);
        a.circle = circle_at(s, c[k].i);
        a.many = &one, a.n = 1, a.out = &o, a.margin = BENCH_MARGIN;
        if (fn(&a))
            out->index[cnt++] = (uint32_t)k;
    }
    return cnt;
}

static cb_pair_args pair_args(const pblock *b, size_t n)
{
    cb_pair_args a;
    memset(&a, 0, sizeof a);
    a.circles = &b->circles, a.n_circles = n, a.many = b->many, a.m = b->m;
    return a;
}

/* One timed sample: iters calls of row r, ns in total; *sum receives the
 * sum of what they returned (with iters = 1: the call's result). */
static double run_prow(const prow *r, pblock *b, unsigned long iters, uint64_t *sum)
{
    double t0 = 0, t1 = 0;
    uint64_t acc = 0;
    const size_t n = r->n, m = b->m;
    const cb_circle_soa *set = &b->circles;
    const cb_box_soa *boxes = (const cb_box_soa *)b->many;
    const cb_circle_soa *others = (const cb_circle_soa *)b->many;
    const cb_pair_kernel_fn pfn = r->pfn;
    const cb_kernel_fn kfn = r->kfn;
    cb_pair_args a = pair_args(b, n);
    switch (r->kind) {
    case PK_LIST: {
        const cb_pair_cursor start = {0, 0, 0};
        cb_pair_cursor *cur = &b->cur;
        a.cursor = cur, a.tile_end = SIZE_MAX, a.out = b->list, a.capacity = b->cap;
        TIMED((*cur = start, pfn(&a)));
        break;
    }
    case PK_MATRIX:
        a.tile_begin = 0, a.tile_end = SIZE_MAX, a.out = b->mat;
        TIMED(pfn(&a));
        break;
    case PK_LOOP_IDX:
        TIMED(loop_idx(kfn, set, n, b->many, m, b->idx, b->counts));
        break;
    case PK_LOOP_MASK:
        TIMED(loop_mask(kfn, set, n, b->many, m, b->mat, b->tiles));
        break;
    case PK_STREAM:
        if (b->set == SET_CIRCLES) {
            if (b->native)
                TIMED(stream_native_sum3(others->x, others->y, others->r, m));
            else
                TIMED(stream_base_sum3(others->x, others->y, others->r, m));
        } else {
            if (b->native)
                TIMED(
                    stream_native_sum4(boxes->min_x, boxes->min_y, boxes->max_x, boxes->max_y, m));
            else
                TIMED(stream_base_sum4(boxes->min_x, boxes->min_y, boxes->max_x, boxes->max_y, m));
        }
        break;
    case PK_CAND_MASK:
    case PK_CAND_IDX:
    case PK_CAND_CONT:
        a.candidates = b->cand[r->order], a.n = b->ncand, a.margin = BENCH_MARGIN;
        a.out = r->kind == PK_CAND_MASK  ? (void *)b->cmask
                : r->kind == PK_CAND_IDX ? (void *)b->cidx
                                         : (void *)&b->cont;
        TIMED(pfn(&a));
        break;
    case PK_PP_MASK:
        TIMED(pp_mask(set, boxes, b->cand[r->order], b->ncand, b->cmask));
        break;
    case PK_PP_IDX:
        TIMED(pp_idx(set, boxes, b->cand[r->order], b->ncand, b->cidx));
        break;
    case PK_PP_CONT:
        TIMED(pp_cont(b->cont1, set, boxes, b->cand[r->order], b->ncand, &b->cont));
        break;
    case PK_COUNT:
        break;
    }
    bench_sink += acc;
    *sum = acc;
    return t1 - t0;
}

/* ----------------------------------------------------------- checks */

/* The expected answer of all pairs, from the scalar backend's single-circle
 * index kernel, circle by circle (nmax circles), with a sanity check of it
 * against testkit's reference (every pair found, and random pairs). */
static int expect_all_pairs(pblock *b, size_t e_idx, uint64_t seed, char *why, size_t wl)
{
    const cb_kernel_fn fn = cb_entry_kernel(e_idx, CB_BACKEND_SCALAR);
    size_t cap = b->m + 4096, off = 0;
    b->all = malloc(cap * sizeof *b->all);
    b->off = malloc(b->nmax * sizeof *b->off);
    b->cnt = malloc(b->nmax * sizeof *b->cnt);
    if (!b->all || !b->off || !b->cnt || !fn) {
        snprintf(why, wl, "out of memory");
        return -1;
    }
    cb_args a;
    memset(&a, 0, sizeof a);
    a.many = b->many, a.n = b->m;
    for (size_t i = 0; i < b->nmax; i++) {
        if (off + b->m > cap) {
            cap = 2 * cap + b->m;
            uint32_t *p = realloc(b->all, cap * sizeof *p);
            if (!p) {
                snprintf(why, wl, "out of memory");
                return -1;
            }
            b->all = p;
        }
        a.circle = circle_at(&b->circles, i);
        a.out = b->all + off;
        b->off[i] = off;
        b->cnt[i] = fn(&a);
        off += b->cnt[i];
    }
    const size_t total = off;
    b->ref_mat = xalloc(b->nmax * b->tiles * sizeof(uint64_t));
    b->mat = xalloc(b->nmax * b->tiles * sizeof(uint64_t));
    b->cap = total ? total : 1;
    b->list = xalloc(b->cap * sizeof(cb_pair));
    b->exp_list = xalloc(b->cap * sizeof(cb_pair));
    b->idx = xalloc((total + b->m) * sizeof(uint32_t));
    b->counts = xalloc(b->nmax * sizeof(size_t));
    if (!b->ref_mat || !b->mat || !b->list || !b->exp_list || !b->idx || !b->counts) {
        snprintf(why, wl, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < b->nmax; i++)
        for (size_t k = 0; k < b->cnt[i]; k++) {
            size_t j = b->all[b->off[i] + k];
            b->ref_mat[i * b->tiles + j / 64] |= 1ull << (j % 64);
            if (!set_ref_hit(b, i, j)) {
                snprintf(why, wl,
                         "the scalar index kernel reports (%zu, %zu), the reference does not", i,
                         j);
                return -1;
            }
        }
    tk_rng s = {seed ^ 0x5A17ull ^ (uint64_t)b->m};
    for (unsigned k = 0; k < SANITY_PAIRS; k++) {
        size_t i = (size_t)(tk_next(&s) % b->nmax), j = (size_t)(tk_next(&s) % b->m);
        int bit = (int)(b->ref_mat[i * b->tiles + j / 64] >> (j % 64) & 1);
        if (bit != set_ref_hit(b, i, j)) {
            snprintf(why, wl, "pair (%zu, %zu): scalar index kernel %d, reference %d", i, j, bit,
                     !bit);
            return -1;
        }
    }
    return 0;
}

static size_t exp_total(const pblock *b, size_t n) { return n ? b->off[n - 1] + b->cnt[n - 1] : 0; }

/* The expected pair list for the first n circles, in cbatch.h's order. */
static int build_exp_list(pblock *b, size_t n)
{
    if (b->exp_n == n)
        return 0;
    size_t *pos = calloc(n ? n : 1, sizeof *pos), k = 0;
    if (!pos)
        return -1;
    for (size_t t = 0; t < b->tiles; t++) {
        const size_t lim = (t + 1) * 64;
        for (size_t i = 0; i < n; i++)
            while (pos[i] < b->cnt[i] && b->all[b->off[i] + pos[i]] < lim) {
                cb_pair p = {(uint32_t)i, b->all[b->off[i] + pos[i]]};
                b->exp_list[k++] = p;
                pos[i]++;
            }
    }
    free(pos);
    b->exp_n = n;
    return 0;
}

/* The candidates' references by testkit (independent of the library). */
static int expect_candidates(pblock *b, int order)
{
    if (b->rorder == order)
        return 0;
    const cb_pair *c = b->cand[order];
    const cb_box_soa *boxes = (const cb_box_soa *)b->many;
    size_t words = (b->ncand + 63) / 64;
    memset(b->rmask, 0, words * sizeof *b->rmask);
    b->rhits = b->rcont_n = 0;
    for (size_t k = 0; k < b->ncand; k++) {
        cb_circle ci = circle_at(&b->circles, c[k].i);
        cb_box bj = box_at(boxes, c[k].j);
        if (ref_overlap(ci, bj, 0)) {
            b->rmask[k / 64] |= 1ull << (k % 64);
            b->ridx[b->rhits++] = (uint32_t)k;
        }
        tk_contact rec;
        if (ref_contact(ci, bj, BENCH_MARGIN, 0, &rec)) {
            size_t q = b->rcont_n++;
            b->rcont.index[q] = (uint32_t)k;
            b->rcont.normal_x[q] = rec.normal_x, b->rcont.normal_y[q] = rec.normal_y;
            b->rcont.separation[q] = rec.separation;
            b->rcont.point_x[q] = rec.point_x, b->rcont.point_y[q] = rec.point_y;
            b->rcont.feature[q] = rec.feature;
        }
    }
    b->rorder = order;
    return 0;
}

static int same_contacts(const cb_contacts *a, const cb_contacts *r, size_t n, char *why, size_t wl)
{
    for (size_t q = 0; q < n; q++) {
        if (a->index[q] != r->index[q] || fbits(a->normal_x[q]) != fbits(r->normal_x[q]) ||
            fbits(a->normal_y[q]) != fbits(r->normal_y[q]) ||
            fbits(a->separation[q]) != fbits(r->separation[q]) ||
            fbits(a->point_x[q]) != fbits(r->point_x[q]) ||
            fbits(a->point_y[q]) != fbits(r->point_y[q]) || a->feature[q] != r->feature[q]) {
            snprintf(why, wl, "contact %zu (candidate %u) differs from the reference's", q,
                     (unsigned)r->index[q]);
            return 0;
        }
    }
    return 1;
}

/* Poison what row r writes, call it once (the first calibration sample:
 * *ns), and compare what it wrote and returned with the expected answer:
 * all pairs with the scalar single-circle index kernel's hits (checked
 * against testkit's reference), candidates with testkit's reference. */
static int check_prow(prow *r, pblock *b, double *ns, char *why, size_t wl)
{
    const size_t n = r->n, words = b->tiles, cwords = (b->ncand + 63) / 64;
    size_t want = 0;
    if (r->kind <= PK_LOOP_MASK) {
        if (build_exp_list(b, n)) {
            snprintf(why, wl, "out of memory");
            return -1;
        }
        want = exp_total(b, n);
        memset(b->list, 0xA5, b->cap * sizeof *b->list);
        memset(b->mat, 0xA5, n * words * sizeof *b->mat);
        memset(b->idx, 0xA5, (want + b->m) * sizeof *b->idx);
    } else if (r->kind != PK_STREAM) {
        expect_candidates(b, r->order);
        want = r->kind == PK_CAND_CONT || r->kind == PK_PP_CONT ? b->rcont_n : b->rhits;
        memset(b->cmask, 0xA5, cwords * sizeof *b->cmask);
        memset(b->cidx, 0xA5, b->ncand * sizeof *b->cidx);
        memset(b->cont.index, 0xA5, b->ncand * sizeof *b->cont.index);
        memset(b->cont.normal_x, 0xA5, b->ncand * sizeof(float));
        memset(b->cont.feature, 0xA5, b->ncand);
    }
    uint64_t got = 0;
    *ns = run_prow(r, b, 1, &got);
    r->hits = want;
    int ok = 1;
    switch (r->kind) {
    case PK_LIST:
        ok = got == want && !memcmp(b->list, b->exp_list, want * sizeof *b->list) &&
             b->cur.tile == b->tiles && !b->cur.circle && !b->cur.skip;
        break;
    case PK_MATRIX:
    case PK_LOOP_MASK:
        ok = got == want && !memcmp(b->mat, b->ref_mat, n * words * sizeof *b->mat);
        break;
    case PK_LOOP_IDX:
        ok = got == want && !memcmp(b->idx, b->all, want * sizeof *b->idx);
        for (size_t i = 0; i < n && ok; i++)
            ok = b->counts[i] == b->cnt[i];
        break;
    case PK_CAND_MASK:
    case PK_PP_MASK:
        ok = got == want && !memcmp(b->cmask, b->rmask, cwords * sizeof *b->cmask);
        break;
    case PK_CAND_IDX:
    case PK_PP_IDX:
        ok = got == want && !memcmp(b->cidx, b->ridx, want * sizeof *b->cidx);
        break;
    case PK_CAND_CONT:
    case PK_PP_CONT:
        ok = got == want && same_contacts(&b->cont, &b->rcont, want, why, wl);
        break;
    case PK_STREAM:
    case PK_COUNT:
        break;
    }
    if (!ok && !why[0])
        snprintf(why, wl, "returned %llu (expected %zu), or what it wrote differs",
                 (unsigned long long)got, want);
    return ok ? 0 : -1;
}

/* ------------------------------------------------------------ blocks */

static const char *row_label(const prow *r, char *buf, size_t len)
{
    if (r->backend >= 0)
        snprintf(buf, len, "%s %s", cb_backend_name((cb_backend)r->backend), pkind_names[r->kind]);
    else
        snprintf(buf, len, "%s", pkind_names[r->kind]);
    return buf;
}

static int keep_row(const prow *r)
{
    if (nres == capres) {
        int cap = capres ? 2 * capres : 128;
        prow *v = realloc(res, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        res = v, capres = cap;
    }
    res[nres++] = *r;
    return 0;
}

/* Check and calibrate every row, then interleaved reps (each round samples
 * every row that still has reps to take, starting at a different row), and
 * keep the rows. */
static int run_block(const bench_opts *o, pblock *b, prow *rows, int nr)
{
    char why[256], lab[64], nb[16], mb[16];
    const double t_start = time_now_ns();
    int maxr = 0;
    for (int i = 0; i < nr; i++) {
        prow *r = &rows[i];
        double t = 0;
        why[0] = 0;
        if (check_prow(r, b, &t, why, sizeof why)) {
            fprintf(stderr, "\ncb-bench: FAIL: pairs: %s, %s N=%s M=%s%s%s: %s (seed 0x%llx)\n",
                    row_label(r, lab, sizeof lab), set_names[r->set], fmt_n(r->n, nb, sizeof nb),
                    fmt_n(r->m, mb, sizeof mb), r->set == SET_CAND ? ", order " : "",
                    r->set == SET_CAND ? order_names[r->order] : "", why,
                    (unsigned long long)o->seed);
            return -1;
        }
        double best = t, spent = t;
        int calls = 1;
        if (t < LONG_CALL_NS)
            while ((spent < o->sample_ns && calls < 1000) || calls < 2) {
                uint64_t s;
                double u = run_prow(r, b, 1, &s);
                spent += u, calls++;
                best = u < best ? u : best;
            }
        r->first_ns = best;
        double want = o->sample_ns / (best > 1 ? best : 1);
        r->iters = want < 1 ? 1 : (unsigned long)want + 1;
        const double sample = best * (double)r->iters;
        r->reps = o->reps;
        if (r->reps > MIN_REPS && sample * r->reps > ROW_BUDGET_NS) {
            r->reps = (int)(ROW_BUDGET_NS / sample);
            r->reps = r->reps < MIN_REPS ? MIN_REPS : r->reps;
        }
        maxr = r->reps > maxr ? r->reps : maxr;
    }
    fprintf(stderr, " %d rows checked (%.1f s), reps:", nr, (time_now_ns() - t_start) / 1e9);
    for (int k = 0; k < maxr; k++) {
        for (int j = 0; j < nr; j++) {
            prow *r = &rows[(j + k * 7) % nr];
            uint64_t s;
            if (k >= r->reps)
                continue;
            if (r->first_ns < LONG_CALL_NS)
                run_prow(r, b, 1, &s); /* untimed: this row's data back into cache */
            r->s[k] = run_prow(r, b, r->iters, &s) / (double)r->iters;
        }
        fprintf(stderr, " %d", k + 1);
    }
    for (int i = 0; i < nr; i++) {
        time_stats(rows[i].s, rows[i].reps, &rows[i].min, &rows[i].med, &rows[i].max);
        if (keep_row(&rows[i]))
            return -1;
    }
    fprintf(stderr, " done in %.1f s\n", (time_now_ns() - t_start) / 1e9);
    return 0;
}

static void free_block(pblock *b)
{
    free(b->list), free(b->mat), free(b->idx), free(b->counts), free(b->all), free(b->off);
    free(b->cnt), free(b->ref_mat), free(b->exp_list);
    free(b->cand[0]), free(b->cand[1]), free(b->cmask), free(b->rmask), free(b->cidx);
    free(b->ridx);
    void *arrays[2][7] = {{b->cont.index, b->cont.normal_x, b->cont.normal_y, b->cont.separation,
                           b->cont.point_x, b->cont.point_y, b->cont.feature},
                          {b->rcont.index, b->rcont.normal_x, b->rcont.normal_y,
                           b->rcont.separation, b->rcont.point_x, b->rcont.point_y,
                           b->rcont.feature}};
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 7; k++)
            free(arrays[i][k]);
    memset(b, 0, sizeof *b);
}

static prow blank_row(pset set, size_t n, size_t m, pkind kind, int backend)
{
    prow r;
    memset(&r, 0, sizeof r);
    r.set = set, r.n = n, r.m = m, r.kind = kind, r.backend = backend;
    return r;
}

/* All pairs of the first N circles (each N of ns) against M elements (boxes
 * or circles): every backend's list, matrix and both loops, and the
 * streaming read of the elements. */
static int all_pairs_block(const bench_opts *o, const bench_env *e, const int *bs, int nb, pset set,
                           size_t m, const size_t *ns, int nn)
{
    const cb_shape many = set == SET_CIRCLES ? CB_SHAPE_CIRCLE : CB_SHAPE_BOX;
    const size_t e_list = pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_ALL, many, CB_OUTPUT_PAIRS);
    const size_t e_mat = pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_ALL, many, CB_OUTPUT_MATRIX);
    const size_t e_idx = single_entry(CB_QUERY_OVERLAP, many, CB_OUTPUT_INDICES);
    const size_t e_mask = single_entry(CB_QUERY_OVERLAP, many, CB_OUTPUT_MASK);
    char mb[16];
    if (e_list == BENCH_NO_ENTRY || e_mat == BENCH_NO_ENTRY || e_idx == BENCH_NO_ENTRY ||
        e_mask == BENCH_NO_ENTRY) {
        fprintf(stderr, "cb-bench: pairs: the library lacks an entry for %s: skipped\n",
                set_names[set]);
        return 0;
    }
    size_t nmax = 0;
    for (int k = 0; k < nn; k++)
        nmax = ns[k] > nmax ? ns[k] : nmax;
    fprintf(stderr, "cb-bench: pairs: %s, M=%s: making data...", set_names[set],
            fmt_n(m, mb, sizeof mb));
    dataset d;
    pblock b;
    memset(&b, 0, sizeof b);
    /* the set is the data's first circles: at least nmax of them */
    if (data_make(&d, m > nmax ? m : nmax, o->seed)) {
        fprintf(stderr, "\ncb-bench: out of memory for the pairs of M=%zu\n", m);
        return -1;
    }
    b.set = set, b.d = &d, b.m = m, b.tiles = cb_pair_tiles(m), b.nmax = nmax;
    b.circles = d.csoa, b.many = set == SET_CIRCLES ? (const void *)&d.csoa : (const void *)&d.soa;
    b.native = e->native_ok, b.rorder = -1;
    char why[256] = "";
    const double t0 = time_now_ns();
    if (expect_all_pairs(&b, e_idx, o->seed, why, sizeof why)) {
        fprintf(stderr, "\ncb-bench: FAIL: pairs: %s M=%zu: %s (seed 0x%llx)\n", set_names[set], m,
                why, (unsigned long long)o->seed);
        free_block(&b), data_free(&d);
        return -1;
    }
    fprintf(stderr, " expected answer (scalar loop) %.1f s,", (time_now_ns() - t0) / 1e9);
    prow *rows = calloc((size_t)(nn * nb * 4 + 1), sizeof *rows);
    int nr = 0;
    if (!rows) {
        free_block(&b), data_free(&d);
        return -1;
    }
    for (int k = 0; k < nn; k++)
        for (int i = 0; i < nb; i++) {
            const cb_backend be = (cb_backend)bs[i];
            const pkind kinds[4] = {PK_LIST, PK_MATRIX, PK_LOOP_IDX, PK_LOOP_MASK};
            for (int q = 0; q < 4; q++) {
                prow r = blank_row(set, ns[k], m, kinds[q], bs[i]);
                r.pfn = cb_pair_entry_kernel(q ? e_mat : e_list, be);
                r.kfn = cb_entry_kernel(q == 2 ? e_idx : e_mask, be);
                if ((q < 2 && !r.pfn) || (q >= 2 && !r.kfn)) {
                    fprintf(stderr, "\ncb-bench: FAIL: %s can run here but has no kernel for %s\n",
                            cb_backend_name(be),
                            q < 2 ? cb_pair_entry_info_of(q ? e_mat : e_list)->name
                                  : cb_entry_info_of(q == 2 ? e_idx : e_mask)->name);
                    free(rows), free_block(&b), data_free(&d);
                    return -1;
                }
                rows[nr++] = r;
            }
        }
    rows[nr++] = blank_row(set, 0, m, PK_STREAM, -1);
    int rc = run_block(o, &b, rows, nr);
    free(rows), free_block(&b), data_free(&d);
    return rc;
}

static double cand_margin; /* for the report: the broad phase's fattening */
static size_t cand_found;  /* and how many candidates it found (the list keeps `want`) */

static int cmp_by_j(const void *pa, const void *pb)
{
    const cb_pair *a = pa, *b = pb;
    return a->j != b->j ? (a->j > b->j) - (a->j < b->j) : (a->i > b->i) - (a->i < b->i);
}

/* A broad phase's candidates: every (circle i, box j) whose bounding boxes
 * overlap once the circle's is fattened by a margin (as fat-AABB trees
 * and grids do), the margin sized from the box density so that each circle
 * has a little more than want / n of them; shuffled, the first `want`
 * kept. Returns the margin, or a negative value when out of memory. */
static double make_candidates(pblock *b, size_t n, size_t want, uint64_t seed)
{
    const cb_box_soa *bx = (const cb_box_soa *)b->many;
    const size_t m = b->m;
    /* a square of side s around a centre holds s^2 m / level^2 box centres;
     * the fattened test reaches (mean half-side 18) + (mean radius 18) + D */
    double per = 1.1 * (double)want / (double)n;
    double s = sqrt(per * (double)b->d->level * (double)b->d->level / (double)m);
    double margin = s / 2 - 36 > 0 ? s / 2 - 36 : 0;
    size_t cap = want + want / 2 + 64, k = 0;
    cb_pair *all = malloc(cap * sizeof *all);
    for (size_t i = 0; i < n && all; i++) {
        const float cx = b->circles.x[i], cy = b->circles.y[i];
        const float reach = b->circles.r[i] + (float)margin;
        for (size_t j = 0; j < m; j++) {
            if (bx->min_x[j] > cx + reach || bx->max_x[j] < cx - reach ||
                bx->min_y[j] > cy + reach || bx->max_y[j] < cy - reach)
                continue;
            if (k == cap) {
                cap *= 2;
                cb_pair *p = realloc(all, cap * sizeof *p);
                if (!p) {
                    free(all);
                    return -1;
                }
                all = p;
            }
            cb_pair p = {(uint32_t)i, (uint32_t)j};
            all[k++] = p;
        }
    }
    if (!all || !k) {
        free(all);
        return -1;
    }
    cand_found = k;
    tk_rng r = {seed ^ 0xCA4D1DA7E5ull};
    for (size_t i = k - 1; i > 0; i--) { /* Fisher-Yates */
        size_t j = (size_t)(tk_next(&r) % (i + 1));
        cb_pair t = all[i];
        all[i] = all[j], all[j] = t;
    }
    b->cand[0] = xalloc(want * sizeof(cb_pair));
    b->cand[1] = xalloc(want * sizeof(cb_pair));
    if (!b->cand[0] || !b->cand[1]) {
        free(all);
        return -1;
    }
    for (size_t q = 0; q < want; q++) /* k >= want but for a sparse level: then repeats */
        b->cand[0][q] = all[q % k];
    free(all);
    memcpy(b->cand[1], b->cand[0], want * sizeof(cb_pair));
    qsort(b->cand[1], want, sizeof(cb_pair), cmp_by_j);
    b->ncand = want;
    return margin;
}

/* Candidate pairs: every backend's candidate kernels (bitmask, index list,
 * contacts) and the per-pair calls, on the random-order list and the list
 * sorted by element. */
static int candidates_block(const bench_opts *o, const int *bs, int nb, size_t n, size_t m,
                            size_t ncand)
{
    const pkind kinds[3] = {PK_CAND_MASK, PK_CAND_IDX, PK_CAND_CONT};
    size_t ep[3] = {
        pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_LISTED, CB_SHAPE_BOX, CB_OUTPUT_MASK),
        pair_entry(CB_QUERY_OVERLAP, CB_PAIRING_LISTED, CB_SHAPE_BOX, CB_OUTPUT_INDICES),
        pair_entry(CB_QUERY_CONTACTS, CB_PAIRING_LISTED, CB_SHAPE_BOX, CB_OUTPUT_CONTACTS)};
    const size_t e_cont1 = single_entry(CB_QUERY_CONTACTS, CB_SHAPE_BOX, CB_OUTPUT_CONTACTS);
    char kb[16], mb[16];
    if (ep[0] == BENCH_NO_ENTRY || ep[1] == BENCH_NO_ENTRY || ep[2] == BENCH_NO_ENTRY ||
        e_cont1 == BENCH_NO_ENTRY) {
        fprintf(stderr, "cb-bench: pairs: the library lacks a candidate entry: skipped\n");
        return 0;
    }
    fprintf(stderr, "cb-bench: pairs: candidates, %s over M=%s: making data...",
            fmt_n(ncand, kb, sizeof kb), fmt_n(m, mb, sizeof mb));
    dataset d;
    pblock b;
    memset(&b, 0, sizeof b);
    if (data_make(&d, m > n ? m : n, o->seed)) {
        fprintf(stderr, "\ncb-bench: out of memory for the candidates\n");
        return -1;
    }
    b.set = SET_CAND, b.d = &d, b.m = m, b.tiles = cb_pair_tiles(m), b.nmax = n;
    b.circles = d.csoa, b.many = &d.soa, b.rorder = -1;
    b.cont1 = cb_entry_kernel(e_cont1, CB_BACKEND_SCALAR);
    cand_margin = make_candidates(&b, n, ncand, o->seed);
    const size_t words = (ncand + 63) / 64;
    b.cmask = xalloc(words * 8), b.rmask = xalloc(words * 8);
    b.cidx = xalloc(ncand * 4), b.ridx = xalloc(ncand * 4);
    cb_contacts *cs[2] = {&b.cont, &b.rcont};
    int ok = cand_margin >= 0 && b.cmask && b.rmask && b.cidx && b.ridx && b.cont1;
    for (int i = 0; i < 2 && ok; i++) {
        cs[i]->index = xalloc(ncand * 4);
        cs[i]->normal_x = xalloc(ncand * 4), cs[i]->normal_y = xalloc(ncand * 4);
        cs[i]->separation = xalloc(ncand * 4);
        cs[i]->point_x = xalloc(ncand * 4), cs[i]->point_y = xalloc(ncand * 4);
        cs[i]->feature = xalloc(ncand);
        ok = cs[i]->index && cs[i]->normal_x && cs[i]->normal_y && cs[i]->separation &&
             cs[i]->point_x && cs[i]->point_y && cs[i]->feature;
    }
    prow *rows = ok ? calloc((size_t)(2 * (nb * 3 + 3)), sizeof *rows) : NULL;
    if (!rows) {
        fprintf(stderr, "\ncb-bench: out of memory for the candidates\n");
        free_block(&b), data_free(&d);
        return -1;
    }
    int nr = 0;
    for (int ord = 0; ord < 2; ord++) {
        for (int i = 0; i < nb; i++)
            for (int q = 0; q < 3; q++) {
                prow r = blank_row(SET_CAND, n, m, kinds[q], bs[i]);
                r.ncand = ncand, r.order = ord;
                r.pfn = cb_pair_entry_kernel(ep[q], (cb_backend)bs[i]);
                if (!r.pfn) {
                    fprintf(stderr, "\ncb-bench: FAIL: %s can run here but has no kernel for %s\n",
                            cb_backend_name((cb_backend)bs[i]), cb_pair_entry_info_of(ep[q])->name);
                    free(rows), free_block(&b), data_free(&d);
                    return -1;
                }
                rows[nr++] = r;
            }
        const pkind pp[3] = {PK_PP_MASK, PK_PP_IDX, PK_PP_CONT};
        for (int q = 0; q < 3; q++) {
            prow r = blank_row(SET_CAND, n, m, pp[q], -1);
            r.ncand = ncand, r.order = ord;
            rows[nr++] = r;
        }
    }
    int rc = run_block(o, &b, rows, nr);
    free(rows), free_block(&b), data_free(&d);
    return rc;
}

int pairs_run(const bench_opts *o, const bench_env *e, const int *bs, int nb)
{
    const size_t *ns = o->quick ? quick_n : def_n;
    const int nn = o->quick ? (int)(sizeof quick_n / sizeof *ns) : (int)(sizeof def_n / sizeof *ns);
    const size_t *ms = o->quick ? quick_m : def_m;
    int nm = o->quick ? (int)(sizeof quick_m / sizeof *ms) : (int)(sizeof def_m / sizeof *ms);
    if (o->sizes_given) /* --sizes: the box counts M */
        ms = o->sizes, nm = o->nsizes;
    const size_t *cc = o->quick ? quick_cc : def_cc;
    const size_t *cd = o->quick ? quick_cand : def_cand;
    for (int k = 0; k < nm; k++)
        if (all_pairs_block(o, e, bs, nb, SET_BOXES, ms[k], ns, nn))
            return -1;
    if (all_pairs_block(o, e, bs, nb, SET_CIRCLES, cc[1], cc, 1))
        return -1;
    return candidates_block(o, bs, nb, cd[0], cd[1], cd[2]);
}

/* ------------------------------------------------------------ report */

static const prow *find_prow(pset set, size_t n, size_t m, pkind kind, int backend, int order)
{
    for (int i = 0; i < nres; i++) {
        const prow *r = &res[i];
        if (r->set == set && r->n == n && r->m == m && r->kind == kind && r->backend == backend &&
            (set != SET_CAND || r->order == order))
            return r;
    }
    return NULL;
}

/* What a row's time is divided by: pairs, candidates, or elements read. */
static double units(const prow *r)
{
    return r->set == SET_CAND     ? (double)r->ncand
           : r->kind == PK_STREAM ? (double)r->m
                                  : (double)r->n * (double)r->m;
}

static double per(const prow *r) { return r ? r->med / units(r) : NAN; }
static double over(const prow *a, const prow *b) { return a && b ? a->med / b->med : NAN; }
static double over_min(const prow *a, const prow *b) { return a && b ? a->min / b->min : NAN; }

static const char *bound_word(double x)
{
    return isnan(x)  ? "-"
           : x >= 3  ? "compute-bound"
           : x < 1.5 ? "memory-bound"
                     : "compute and memory";
}

/* The backends that have rows in a block, in the order they were run. */
static int block_backends(pset set, size_t n, size_t m, int *bs)
{
    int nb = 0;
    for (int i = 0; i < nres; i++) {
        const prow *r = &res[i];
        if (r->set != set || r->n != n || r->m != m || r->backend < 0)
            continue;
        int seen = 0;
        for (int k = 0; k < nb; k++)
            seen |= bs[k] == r->backend;
        if (!seen && nb < CB_BACKEND_COUNT)
            bs[nb++] = r->backend;
    }
    return nb;
}

static void print_all_pairs(FILE *f, const bench_env *e, pset set, size_t n, size_t m)
{
    char b[12][40];
    int bs[CB_BACKEND_COUNT];
    const int nb = block_backends(set, n, m, bs);
    const prow *st = find_prow(set, 0, m, PK_STREAM, -1, 0);
    const double read = st ? st->med : NAN;
    const size_t bpe = set == SET_CIRCLES ? 12 : 16;
    const char *el = set == SET_CIRCLES ? "circles" : "boxes";
    const double np = (double)n * (double)m;
    const prow *any = nb ? find_prow(set, n, m, PK_LIST, bs[0], 0) : NULL;
    const size_t hits = any ? any->hits : 0;
    if (!nb)
        return;
    fprintf(f,
            "\n-- N = %s circles x M = %s %s (%s: %s) = %s pairs; %zu overlap (%.3g%% of the "
            "pairs)%s; one streaming read of the %s: %s (%.1f GB/s)\n",
            fmt_n(n, b[0], 40), fmt_n(m, b[1], 40), el, fmt_bytes((double)(bpe * m), b[2], 40),
            regime_of(e, bpe * m), fmt_n(n * m, b[3], 40), hits, 100.0 * (double)hits / np,
            set == SET_CIRCLES ? ", the N self-pairs included" : "", el, fmt_time(read, b[4], 40),
            (double)(bpe * m) / read);
    fprintf(f, "  %-8s %8s %8s %8s %9s %9s %7s %7s %7s %8s %7s  %-19s %4s\n", "backend", "list",
            "matrix", "loop idx", "loop mask", "pairs/s", "xloop", "xloop", "list/", "list/",
            "loop/", "list ns/pair", "reps");
    fprintf(f, "  %-8s %8s %8s %8s %9s %9s %7s %7s %7s %8s %7s  %-19s %4s\n", "", "ns/pair", "", "",
            "", "(list)", "list", "matrix", "matrix", "read", "N read", "[min..max]", "");
    const prow *best = NULL;
    for (int i = 0; i < nb; i++) {
        const prow *L = find_prow(set, n, m, PK_LIST, bs[i], 0);
        const prow *X = find_prow(set, n, m, PK_MATRIX, bs[i], 0);
        const prow *I = find_prow(set, n, m, PK_LOOP_IDX, bs[i], 0);
        const prow *K = find_prow(set, n, m, PK_LOOP_MASK, bs[i], 0);
        if (L && (!best || L->med < best->med))
            best = L;
        char mm[96];
        snprintf(mm, sizeof mm, "[%s..%s]", fmt_ns(L ? L->min / np : NAN, b[10], 40),
                 fmt_ns(L ? L->max / np : NAN, b[11], 40));
        fprintf(f, "  %-8s %8s %8s %8s %9s %9s %7s %7s %7s %8s %7s  %-19s %4d\n",
                cb_backend_name((cb_backend)bs[i]), fmt_ns(per(L), b[0], 40),
                fmt_ns(per(X), b[1], 40), fmt_ns(per(I), b[2], 40), fmt_ns(per(K), b[3], 40),
                fmt_rate(L ? 1e9 * np / L->med : NAN, b[4], 40), fmt_x(over(I, L), b[5], 40),
                fmt_x(over(K, X), b[6], 40), fmt_x(over(L, X), b[7], 40),
                fmt_x(L ? L->med / read : NAN, b[8], 40),
                fmt_x(I ? I->med / ((double)n * read) : NAN, b[9], 40), mm, L ? L->reps : 0);
    }
    if (!best)
        return;
    const prow *bx = find_prow(set, n, m, PK_MATRIX, best->backend, 0);
    const prow *bi = find_prow(set, n, m, PK_LOOP_IDX, best->backend, 0);
    const double x = best->med / read, y = bi ? bi->med / ((double)n * read) : NAN;
    const double z = over(best, bx);
    char out[160];
    if (isnan(z))
        snprintf(out, sizeof out, "-");
    else if (z > 1.25)
        snprintf(out, sizeof out,
                 "output-bound: the list costs %.2fx the matrix (%s of pairs: "
                 "its sink's work per word, not the bytes)",
                 z, fmt_bytes(8.0 * (double)hits, b[0], 40));
    else if (z < 0.8)
        snprintf(out, sizeof out, "the matrix's %s of writes cost more than the list (%.2fx)",
                 fmt_bytes(np / 8, b[0], 40), z);
    else
        snprintf(out, sizeof out,
                 "not output-bound (list %.2fx the matrix: %s of pairs against %s "
                 "of matrix)",
                 z, fmt_bytes(8.0 * (double)hits, b[0], 40), fmt_bytes(np / 8, b[1], 40));
    fprintf(f,
            "  bound (%s, the fastest list): all pairs %s = %s x one read of the %s: %s; the "
            "idx loop %s = %s x N reads: %s; %s\n",
            cb_backend_name((cb_backend)best->backend), fmt_time(best->med, b[2], 40),
            fmt_x(x, b[3], 40), el, bound_word(x), fmt_time(bi ? bi->med : NAN, b[4], 40),
            fmt_x(y, b[5], 40), bound_word(y), out);
}

static void print_candidates(FILE *f, const bench_env *e)
{
    const prow *any = NULL;
    for (int i = 0; i < nres && !any; i++)
        if (res[i].set == SET_CAND && res[i].kind == PK_CAND_MASK)
            any = &res[i];
    if (!any)
        return;
    char b[12][40];
    const size_t n = any->n, m = any->m, k = any->ncand;
    int bs[CB_BACKEND_COUNT];
    const int nb = block_backends(SET_CAND, n, m, bs);
    const prow *cont = find_prow(SET_CAND, n, m, PK_CAND_CONT, bs[0], 0);
    fprintf(f,
            "\n-- candidate pairs: %s listed (circle i, box j), N = %s circles, M = %s boxes "
            "(%s: %s): a broad phase's candidates (the boxes whose bounding box meets the "
            "circle's fattened by %.0f units: %zu found, shuffled, the first kept), %zu overlap "
            "(%.1f%%; contacts at margin 0: %zu); "
            "random order, and sorted by j\n",
            fmt_n(k, b[0], 40), fmt_n(n, b[1], 40), fmt_n(m, b[2], 40),
            fmt_bytes(16.0 * (double)m, b[3], 40), regime_of(e, 16 * m), cand_margin, cand_found,
            any->hits, 100.0 * (double)any->hits / (double)k, cont ? cont->hits : 0);
    fprintf(f, "  %-7s %-14s %8s %8s %8s %9s %7s %7s %7s %7s %7s %7s %4s\n", "order", "row", "mask",
            "idx", "contacts", "cand/s", "xpp", "xpp", "xpp", "xscalar", "xscalar", "xscalar",
            "reps");
    fprintf(f, "  %-7s %-14s %8s %8s %8s %9s %7s %7s %7s %7s %7s %7s %4s\n", "", "", "ns/cand", "",
            "", "(mask)", "mask", "idx", "cont", "mask", "idx", "cont", "");
    for (int o = 0; o < 2; o++) {
        const prow *pm = find_prow(SET_CAND, n, m, PK_PP_MASK, -1, o);
        const prow *pi = find_prow(SET_CAND, n, m, PK_PP_IDX, -1, o);
        const prow *pc = find_prow(SET_CAND, n, m, PK_PP_CONT, -1, o);
        const prow *sm = find_prow(SET_CAND, n, m, PK_CAND_MASK, CB_BACKEND_SCALAR, o);
        const prow *si = find_prow(SET_CAND, n, m, PK_CAND_IDX, CB_BACKEND_SCALAR, o);
        const prow *sc = find_prow(SET_CAND, n, m, PK_CAND_CONT, CB_BACKEND_SCALAR, o);
        for (int i = 0; i < nb; i++) {
            const prow *M = find_prow(SET_CAND, n, m, PK_CAND_MASK, bs[i], o);
            const prow *I = find_prow(SET_CAND, n, m, PK_CAND_IDX, bs[i], o);
            const prow *C = find_prow(SET_CAND, n, m, PK_CAND_CONT, bs[i], o);
            fprintf(f, "  %-7s %-14s %8s %8s %8s %9s %7s %7s %7s %7s %7s %7s %4d\n", order_names[o],
                    cb_backend_name((cb_backend)bs[i]), fmt_ns(per(M), b[0], 40),
                    fmt_ns(per(I), b[1], 40), fmt_ns(per(C), b[2], 40),
                    fmt_rate(M ? 1e9 * (double)k / M->med : NAN, b[3], 40),
                    fmt_x(over(pm, M), b[4], 40), fmt_x(over(pi, I), b[5], 40),
                    fmt_x(over(pc, C), b[6], 40), fmt_x(over(sm, M), b[7], 40),
                    fmt_x(over(si, I), b[8], 40), fmt_x(over(sc, C), b[9], 40), M ? M->reps : 0);
        }
        fprintf(f, "  %-7s %-14s %8s %8s %8s %9s %7s %7s %7s %7s %7s %7s %4d\n", order_names[o],
                "per-pair calls", fmt_ns(per(pm), b[0], 40), fmt_ns(per(pi), b[1], 40),
                fmt_ns(per(pc), b[2], 40), fmt_rate(pm ? 1e9 * (double)k / pm->med : NAN, b[3], 40),
                "1", "1", "1", "-", "-", "-", pm ? pm->reps : 0);
    }
    fprintf(f, "  per-pair calls: cb_overlap(circle i, box j, 0) per candidate (mask, idx); for "
               "contacts the scalar one-circle contacts kernel (cb_batch_contacts) with n = 1 per "
               "candidate. xpp = the per-pair calls' time over the row's; xscalar = the scalar "
               "candidate kernel's time over the row's\n");
}

static void pair_target(FILE *f, const char *what, double v, double vmin, double goal,
                        const char *how)
{
    if (isnan(v)) {
        fprintf(f, "  %-66s %8s %-15s (goal >= %gx)  not measured in this run\n", what, "-", "",
                goal);
        return;
    }
    char mins[32];
    snprintf(mins, sizeof mins, "[min %.2fx]", vmin);
    fprintf(f, "  %-66s %7.2fx %-15s (goal >= %gx)  %-6s %s\n", what, v, mins, goal,
            v >= goal ? "MET" : "MISSED", how);
}

static void print_pair_targets(FILE *f)
{
    char what[128], how[96], b1[16], b2[16];
    fprintf(f, "\nTargets (many against many; shown, not asserted; met or missed on medians):\n");
    fprintf(f, "  all pairs against the loop of single-circle calls of the same backend: the list "
               "against the idx loop (the matrix against the mask loop in parentheses); goal 4x "
               "at M >= 64Ki, never slower (1x) below\n");
    for (int i = 0; i < nres; i++) {
        const prow *L = &res[i];
        if (L->kind != PK_LIST)
            continue;
        const prow *I = find_prow(L->set, L->n, L->m, PK_LOOP_IDX, L->backend, 0);
        const prow *X = find_prow(L->set, L->n, L->m, PK_MATRIX, L->backend, 0);
        const prow *K = find_prow(L->set, L->n, L->m, PK_LOOP_MASK, L->backend, 0);
        const double goal = L->m >= (64u << 10) ? 4 : 1;
        const double mx = over(K, X);
        snprintf(what, sizeof what, "%s %s, N=%s M=%s: list vs idx loop",
                 L->set == SET_CIRCLES ? "circles x circles" : "circles x boxes",
                 cb_backend_name((cb_backend)L->backend), fmt_n(L->n, b1, sizeof b1),
                 fmt_n(L->m, b2, sizeof b2));
        snprintf(how, sizeof how, "(matrix vs mask loop %.2fx [min %.2fx]: %s)", mx, over_min(K, X),
                 isnan(mx)    ? "-"
                 : mx >= goal ? "met"
                              : "missed");
        pair_target(f, what, over(I, L), over_min(I, L), goal, how);
    }
    /* candidates: the best backend (fastest row) against the per-pair calls */
    const pkind ks[3] = {PK_CAND_MASK, PK_CAND_IDX, PK_CAND_CONT};
    const pkind pps[3] = {PK_PP_MASK, PK_PP_IDX, PK_PP_CONT};
    for (int o = 0; o < 2; o++)
        for (int q = 0; q < 3; q++) {
            const prow *best = NULL, *pp = NULL;
            for (int i = 0; i < nres; i++) {
                const prow *r = &res[i];
                if (r->set == SET_CAND && r->order == o && r->kind == ks[q] &&
                    (!best || r->med < best->med))
                    best = r;
                if (r->set == SET_CAND && r->order == o && r->kind == pps[q])
                    pp = r;
            }
            if (!best && !pp)
                continue;
            snprintf(what, sizeof what, "candidates %s, %s: best backend vs per-pair calls",
                     order_names[o],
                     q == 0   ? "mask"
                     : q == 1 ? "idx"
                              : "contacts");
            snprintf(how, sizeof how, "(best: %s)",
                     best ? cb_backend_name((cb_backend)best->backend) : "-");
            pair_target(f, what, over(pp, best), over_min(pp, best), 3, how);
        }
}

void pairs_report(FILE *f, const bench_opts *o, const bench_env *e)
{
    if (!nres)
        return;
    if (o->pairs == 2) { /* the main table's header is not printed: the machine here */
        fprintf(f, "cb-bench --pairs-only: %s; %s", e->cpu, e->compiler);
        if (e->load_start >= 0)
            fprintf(f, "; load average %.2f at start, %.2f at end", e->load_start, e->load_end);
        if (e->ghz > 0)
            fprintf(f, "; core clock ~%.2f GHz", e->ghz);
        fprintf(f, "\n%s", BENCH_JIT_NOTE);
        fprintf(f,
                "seed 0x%llx; up to %d reps per row (interleaved; fewer, at least %d, where a "
                "row's samples would take over %.0f s), samples >= %.2f ms\n",
                (unsigned long long)o->seed, o->reps, MIN_REPS, ROW_BUDGET_NS / 1e9,
                o->sample_ns / 1e6);
    }
    fprintf(f, "\n== many against many: all pairs through cb_pairs_overlap (list, room for every "
               "pair) and cb_pairs_overlap_matrix, against the same backend's single-circle raw "
               "kernels called once per circle (loop idx: cb_batch_overlap_idx, each circle's hits "
               "appended to one buffer; loop mask: cb_batch_overlap, row i of the same matrix); "
               "circles x circles likewise (cb_pairs_circle_vs_circles*, "
               "cb_batch_circle_vs_circles*)\n");
    fprintf(f, "ns/pair and pairs/s: medians; xloop = the loop's time over the all-pairs call's "
               "(higher: all pairs faster); list/read = the list's time over one streaming read of "
               "the M elements; loop/N read = the idx loop's over N reads (it reads them N times); "
               "the set is the data's first N circles\n");
    for (int s = SET_BOXES; s <= SET_CIRCLES; s++)
        for (int i = 0; i < nres; i++) {
            const prow *r = &res[i];
            int first = 1; /* the first row of its (N, M) */
            for (int k = 0; k < i && first; k++)
                first = !(res[k].set == r->set && res[k].n == r->n && res[k].m == r->m);
            if (r->set == (pset)s && r->kind != PK_STREAM && first)
                print_all_pairs(f, e, r->set, r->n, r->m);
        }
    print_candidates(f, e);
    print_pair_targets(f);
}

int pairs_csv(const char *dir)
{
    static const char *const base[PK_COUNT] = {
        "loop idx",     "loop mask",     "", "", "", "per-pair mask",
        "per-pair idx", "per-pair cont", "", "", ""};
    char path[4200];
    snprintf(path, sizeof path, "%s/cb-bench-pairs.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "section,n,m,candidates,order,backend,row,hits,reps,iters,ns_call_min,ns_call_med,"
               "ns_call_max,ns_per_pair_med,pairs_per_s,baseline,x_baseline\n");
    for (int i = 0; i < nres; i++) {
        const prow *r = &res[i];
        const prow *bl = NULL;
        for (int k = 0; k < nres && base[r->kind][0]; k++) {
            const prow *q = &res[k];
            if (q->set == r->set && q->n == r->n && q->m == r->m && q->order == r->order &&
                !strcmp(pkind_names[q->kind], base[r->kind]) &&
                (r->set == SET_CAND || q->backend == r->backend))
                bl = q;
        }
        fprintf(f, "%s,%zu,%zu,%zu,%s,%s,%s,%zu,%d,%lu,%.6g,%.6g,%.6g,%.6g,%.6g,%s,",
                set_names[r->set], r->n, r->m, r->ncand,
                r->set == SET_CAND ? order_names[r->order] : "",
                r->backend >= 0 ? cb_backend_name((cb_backend)r->backend) : "",
                pkind_names[r->kind], r->hits, r->reps, r->iters, r->min, r->med, r->max, per(r),
                1e9 / per(r), base[r->kind]);
        if (bl)
            fprintf(f, "%.6g", bl->med / r->med);
        fprintf(f, "\n");
    }
    return fclose(f) ? -1 : 0;
}

void pairs_free(void)
{
    free(res);
    res = NULL, nres = capres = 0;
}
