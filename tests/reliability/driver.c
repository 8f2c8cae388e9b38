/* driver.c - plain program calling every entry point on every runnable backend with exactly-sized heap buffers, for valgrind memcheck and LeakSanitizer. */
#include "rel.h"
#include "support.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef REL_HAVE_VALGRIND_H
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND 0
#endif

/*
 * Why a plain program: valgrind and LeakSanitizer judge a whole process by
 * its exit status, and Criterion's per-test children hide both (see rel.h).
 * Every buffer is malloc'ed at its exact size, so memcheck flags any byte
 * read or written past an array, and any output bit left uninitialised is
 * caught when the result is compared.
 *
 * --leak-on-purpose leaks one block: the run that passes it must FAIL,
 * proving the leak check is live.
 */

static int failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, "\n");                                                                 \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        perror("malloc");
        exit(2);
    }
    return p;
}

/* Backends the driver may run: runnable here, and not AVX-512 under valgrind
 * (valgrind 3.19 has no AVX-512; it also hides it from CPUID, so this is a
 * second line of defence that says so by name). */
static size_t usable_backends(cb_backend out[CB_BACKEND_COUNT], int loud)
{
    size_t m = 0;
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        const char *why;
        cb_status st = cb_backend_status((cb_backend)b, &why);
        const char *name = cb_backend_name((cb_backend)b);
        if (st != CB_OK) {
            if (loud)
                printf("SKIP backend %s: %s%s\n", name, why,
                       b == CB_BACKEND_AVX512 && RUNNING_ON_VALGRIND
                           ? " (under valgrind, which masks AVX-512 in CPUID: 3.19 cannot run it)"
                           : "");
            continue;
        }
        if (b == CB_BACKEND_AVX512 && RUNNING_ON_VALGRIND) {
            if (loud)
                printf("SKIP backend avx512: running under valgrind, which cannot execute AVX-512\n");
            continue;
        }
        if (loud)
            printf("RUN  backend %s\n", name);
        out[m++] = (cb_backend)b;
    }
    return m;
}

static float adversarial_or_random(tk_rng *r, int adversarial)
{
    if (!adversarial)
        return tk_uniform(r, 0, 64);
    uint64_t k = tk_next(r);
    return (k & 7) == 0 ? tk_any_float(r) : tb_adversarial[(k >> 3) % tb_adversarial_count];
}

/* Equal bits, or NaN in both: which NaN a sum of two NaNs returns depends on
 * the operand order the compiler picked (it may commute c + h), and no hit
 * result depends on it. See the report of issue 5. */
static int same_coord(float a, float b)
{
    return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

static int same_box(const cb_box *a, const cb_box *b)
{
    return same_coord(a->min_x, b->min_x) && same_coord(a->min_y, b->min_y) &&
           same_coord(a->max_x, b->max_x) && same_coord(a->max_y, b->max_y);
}

/* The library's one-pair answer, circle c against box b: the public
 * cb_batch_overlap_aos on that one box (n = 1). 1 on a hit, 0 on a miss,
 * -1 when the call is refused. */
static int overlap_one(cb_circle c, cb_box b, unsigned flags)
{
    uint64_t mask = 0;
    size_t count = cb_batch_overlap_aos(c, &b, 1, &mask, flags);
    return count == CB_INVALID ? -1 : (int)(mask & 1);
}

/* Every entry of the batch form on one length, every usable backend, raw and public. */
static void batches(size_t n, tk_rng *r, const cb_backend *bs, size_t nb)
{
    int adv = n % 2;
    /* min_x min_y max_x max_y | x y r | cx cy hx hy c s */
    float *col[13];
    for (int j = 0; j < 13; j++) {
        col[j] = xmalloc(n * sizeof(float));
        for (size_t i = 0; i < n; i++)
            col[j][i] = adversarial_or_random(r, adv);
    }
    cb_box *boxes = xmalloc(n * sizeof *boxes);
    cb_circle *circles = xmalloc(n * sizeof *circles);
    cb_obox *oboxes = xmalloc(n * sizeof *oboxes);
    for (size_t i = 0; i < n; i++) {
        if (!adv) { /* realistic oriented boxes: small, turned by a unit rotation */
            col[9][i] = col[9][i] / 8, col[10][i] = col[10][i] / 8;
            tb_rotation(r, 1, &col[11][i], &col[12][i]);
        } else if (tk_next(r) % 2) {
            tb_rotation(r, 0, &col[11][i], &col[12][i]);
        }
        cb_box b = {col[0][i], col[1][i], col[2][i], col[3][i]};
        cb_circle c = {col[4][i], col[5][i], col[6][i]};
        cb_obox o = {col[7][i], col[8][i], col[9][i], col[10][i], col[11][i], col[12][i]};
        boxes[i] = b, circles[i] = c, oboxes[i] = o;
    }
    cb_box_soa bs_soa = {col[0], col[1], col[2], col[3]};
    cb_circle_soa cs_soa = {col[4], col[5], col[6]};
    cb_obox_soa os_soa = {col[7], col[8], col[9], col[10], col[11], col[12]};
    float *sdx = xmalloc((n + 1) * sizeof(float)), *sdy = xmalloc((n + 1) * sizeof(float));
    cb_sweep *sweeps = xmalloc((n + 1) * sizeof *sweeps);
    tk_element_sweeps(n, &cs_soa, &os_soa, sdx, sdy, sweeps);
    cb_sweep_soa ws_soa = {col[4], col[5], col[6], sdx, sdy};
    tk_views v = {&bs_soa, boxes, &cs_soa, circles, &os_soa, oboxes, &ws_soa, sweeps};
    cb_circle circle = {adversarial_or_random(r, adv), adversarial_or_random(r, adv), 20};
    cb_box box = {10, 10, 30, 40};
    tk_probe probe = tb_probe(circle, box);
    if (adv)
        probe.obox = tb_any_obox(r);
    uint64_t *hits = xmalloc((n + 63) / 64 * sizeof *hits); /* one bit per element */
    char what[200];

    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        cb_kernel_fn scalar = cb_entry_kernel(e, CB_BACKEND_SCALAR);
        CHECK(scalar != NULL, "cb_entry_kernel(%s, scalar) is NULL", d->name);
        if (!scalar)
            continue;
        /* Exact-size heap blocks for every array of the output (all 7 of a
         * cb_contacts): memcheck sees a byte past any of them. */
        tk_out ref, out, want_out;
        tk_out_malloc(&ref, d, n), tk_out_malloc(&out, d, n), tk_out_malloc(&want_out, d, n);
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            cb_args ra = rel_args(d, &v, &probe, n, ref.out, flags);
            cb_args a = rel_args(d, &v, &probe, n, out.out, flags);
            ra.margin = a.margin = tb_margins[(n + flags) % tb_margin_count];
            size_t want = scalar(&ra);
            for (size_t b = 0; b < nb; b++) {
                cb_kernel_fn k = cb_entry_kernel(e, bs[b]);
                CHECK(k != NULL, "cb_entry_kernel(%s, %s) is NULL", d->name, cb_backend_name(bs[b]));
                for (int pub = !k; pub < 2; pub++) { /* raw (0) only when there is a kernel */
                    if (pub)
                        CHECK(cb_set_backend(bs[b]) == CB_OK, "cb_set_backend(%s)",
                              cb_backend_name(bs[b]));
                    size_t got = pub ? cb_entry_call(e, &a) : k(&a);
                    snprintf(what, sizeof what, "%s %s flags=%u", pub ? "public on" : "raw",
                             cb_backend_name(bs[b]), flags);
                    if (!rel_same(d, n, got, out.out, want, ref.out, what))
                        failures++;
                }
            }
            /* Bad arguments: checked before any access. */
            cb_args bad = a;
            bad.flags = 4u;
            CHECK(cb_entry_call(e, &bad) == CB_INVALID, "%s: unknown flag bit", d->name);
            if (d->output == CB_OUTPUT_CONTACTS) {
                bad = a, bad.margin = -1.0f;
                CHECK(cb_entry_call(e, &bad) == CB_INVALID, "%s: negative margin", d->name);
            }
            if (n) {
                bad = a, bad.many = NULL;
                CHECK(cb_entry_call(e, &bad) == CB_INVALID, "%s: NULL input", d->name);
                bad = a, bad.out = NULL;
                CHECK(cb_entry_call(e, &bad) == CB_INVALID, "%s: NULL output", d->name);
            }
            /* The whole call by testkit's reference, and one pair at a time:
             * the reference's answer for each element of the hit set, and
             * for circle/box overlap also the library's answer for that one
             * pair (cb_batch_overlap_aos with n = 1). */
            {
                size_t count = cb_entry_call(e, &a);
                cb_args wa = a;
                wa.out = want_out.out;
                size_t wc = ref_entry(d, &wa);
                snprintf(what, sizeof what, "public %s vs testkit's reference",
                         cb_backend_name(cb_active_backend()));
                if (!rel_same(d, n, count, out.out, wc, want_out.out, what))
                    failures++;
                int has_hits = tk_hits_of(d, n, count, out.out, hits);
                int circle_box = d->query == CB_QUERY_OVERLAP &&
                                 ((d->one == CB_SHAPE_CIRCLE && d->many == CB_SHAPE_BOX) ||
                                  (d->one == CB_SHAPE_BOX && d->many == CB_SHAPE_CIRCLE));
                for (size_t i = 0; i < n && has_hits; i++) {
                    int bit = (int)(hits[i / 64] >> (i % 64) & 1);
                    CHECK(ref_hit(d, &a, i) == bit, "the reference disagrees with %s at %zu",
                          d->name, i);
                    if (!circle_box)
                        continue;
                    int pair = d->one == CB_SHAPE_CIRCLE
                                   ? overlap_one(a.circle, tk_box_at(d, a.many, i), flags)
                                   : overlap_one(tk_circle_at(d, a.many, i), a.box, flags);
                    CHECK(pair == bit, "cb_batch_overlap_aos (n = 1) disagrees with %s at %zu",
                          d->name, i);
                }
            }
        }
        tk_out_free(&ref), tk_out_free(&out), tk_out_free(&want_out);
    }
    free(hits);

    /* Validators over the same data (adversarial lengths have NaNs, inverted boxes...). */
    cb_fault f1, f2;
    CHECK(cb_validate_boxes(&bs_soa, n, &f1) == cb_validate_boxes_aos(boxes, n, &f2) && f1 == f2,
          "box validators disagree, n=%zu", n);
    CHECK(cb_validate_circles(&cs_soa, n, &f1) == cb_validate_circles_aos(circles, n, &f2) && f1 == f2,
          "circle validators disagree, n=%zu", n);
    CHECK(cb_validate_oboxes(&os_soa, n, &f1) == cb_validate_oboxes_aos(oboxes, n, &f2) && f1 == f2,
          "oriented box validators disagree, n=%zu", n);

    /* Rotations and the oriented-box converters, with the circles' radii as
     * angles (any float when adversarial): every form gives the same bits
     * (NaNs aside, whose payload is open), each array at its exact size. */
    {
        const float *angles = col[6];
        float *rc = xmalloc(n * sizeof(float)), *rs = xmalloc(n * sizeof(float));
        CHECK(cb_rotations(angles, n, rc, rs) == CB_OK, "cb_rotations");
        for (size_t i = 0; i < n; i++) {
            cb_rot one = cb_rotation(angles[i]);
            CHECK(same_coord(one.c, rc[i]) && same_coord(one.s, rs[i]),
                  "cb_rotation and cb_rotations disagree at %zu", i);
        }
        cb_box_corner *corners = xmalloc(n * sizeof *corners);
        for (size_t i = 0; i < n; i++) {
            cb_box_corner k = {boxes[i].min_x, boxes[i].min_y, fabsf(boxes[i].max_x),
                               fabsf(boxes[i].max_y)};
            corners[i] = k;
        }
        cb_obox *a1 = xmalloc(n * sizeof *a1);
        float *os[6];
        for (int j = 0; j < 6; j++)
            os[j] = xmalloc(n * sizeof(float));
        for (int kind = 0; kind < 2; kind++) {
            if (kind == 0) {
                cb_oboxes_from_boxes(boxes, angles, n, a1);
                CHECK(cb_oboxes_from_boxes_soa(boxes, angles, n, os[0], os[1], os[2], os[3], os[4],
                                               os[5]) == CB_OK,
                      "cb_oboxes_from_boxes_soa");
            } else {
                cb_oboxes_from_corners(corners, angles, n, a1);
                CHECK(cb_oboxes_from_corners_soa(corners, angles, n, os[0], os[1], os[2], os[3],
                                                 os[4], os[5]) == CB_OK,
                      "cb_oboxes_from_corners_soa");
            }
            for (size_t i = 0; i < n; i++) {
                cb_obox one = kind ? cb_obox_from_corner(corners[i], angles[i])
                                   : cb_obox_from_box(boxes[i], angles[i]);
                const float *p1 = &one.cx, *p2 = &a1[i].cx;
                int same = 1;
                for (int j = 0; j < 6; j++)
                    same &= same_coord(p1[j], p2[j]) && same_coord(p1[j], os[j][i]);
                CHECK(same, "oriented box converter forms disagree at %zu (kind %d)", i, kind);
            }
        }
        for (int j = 0; j < 6; j++)
            free(os[j]);
        free(a1), free(corners), free(rc), free(rs);
    }

    /* Converters: the boxes' fields reinterpreted as centres and corners. */
    cb_box_center *ce = xmalloc(n * sizeof *ce);
    cb_box_corner *co = xmalloc(n * sizeof *co);
    for (size_t i = 0; i < n; i++) {
        cb_box_center a = {boxes[i].min_x, boxes[i].min_y, fabsf(boxes[i].max_x), fabsf(boxes[i].max_y)};
        cb_box_corner b = {boxes[i].min_x, boxes[i].min_y, fabsf(boxes[i].max_x), fabsf(boxes[i].max_y)};
        ce[i] = a, co[i] = b;
    }
    cb_box *o1 = xmalloc(n * sizeof *o1), *o2 = xmalloc(n * sizeof *o2);
    float *s[4];
    for (int j = 0; j < 4; j++)
        s[j] = xmalloc(n * sizeof(float));
    for (int kind = 0; kind < 2; kind++) {
        if (kind == 0) {
            cb_boxes_from_centers(ce, n, o1);
            CHECK(cb_boxes_from_centers_soa(ce, n, s[0], s[1], s[2], s[3]) == CB_OK, "centers_soa");
            for (size_t i = 0; i < n; i++)
                o2[i] = cb_box_from_center(ce[i]);
        } else {
            cb_boxes_from_corners(co, n, o1);
            CHECK(cb_boxes_from_corners_soa(co, n, s[0], s[1], s[2], s[3]) == CB_OK, "corners_soa");
            for (size_t i = 0; i < n; i++)
                o2[i] = cb_box_from_corner(co[i]);
        }
        for (size_t i = 0; i < n; i++) {
            cb_box soa = {s[0][i], s[1][i], s[2][i], s[3][i]};
            CHECK(same_box(&o1[i], &o2[i]) && same_box(&soa, &o1[i]),
                  "converter forms disagree at %zu (kind %d)", i, kind);
        }
    }
    for (int j = 0; j < 4; j++)
        free(s[j]);
    free(o1), free(o2), free(ce), free(co);
    for (int j = 0; j < 13; j++)
        free(col[j]);
    free(boxes), free(circles), free(oboxes), free(sdx), free(sdy), free(sweeps);
}

/* The entries of the pairs and candidates forms on one data set, every
 * usable backend, raw and public, every output, scratch and grid at their
 * exact sizes (and the public calls also without scratch), lists whole and
 * in pieces: each answer the reference's (testkit's ref_entry_on for the
 * pairs form, ref_entry for candidates), bit for bit. */
static void pairs(size_t nc, size_t m, tk_rng *r, const cb_backend *bs, size_t nb)
{
    tb_corpus set = tb_corpus_new(nc), els = tb_corpus_new(m);
    if (nc % 2)
        tb_corpus_fill_adversarial(&set, r), tb_corpus_fill_adversarial(&els, r);
    else
        tb_corpus_fill_random(&set, r), tb_corpus_fill_random(&els, r);
    cb_circle_soa cs = tb_corpus_circles(&set), ec = tb_corpus_circles(&els);
    cb_box_soa eb = tb_corpus_boxes(&els);
    cb_obox_soa eo = tb_corpus_oboxes(&els);
    const void *soa[3] = {&ec, &eb, &eo}; /* by cb_shape */
    float *sdx = xmalloc((nc + 1) * sizeof(float)), *sdy = xmalloc((nc + 1) * sizeof(float));
    tk_sweep_moves(&cs, nc, sdx, sdy);
    cb_sweep_soa ws = {cs.x, cs.y, cs.r, sdx, sdy}; /* the set as sweeps */
    size_t most = m > nc ? m : nc, room = nc * most + 1, words = (m + 63) / 64;
    void *scratch = xmalloc(cb_pairs_scratch_size(nc, most));
    void *gmem = xmalloc(cb_grid_size(m)), *sgmem = xmalloc(cb_grid_size(nc));
    char what[200];
    size_t pe = 0; /* the entry's place among the pairs and candidates entries */
    TK_FOR_ENTRIES(e, TK_PAIRED) {
        const cb_entry_info *d = cb_entry_info_of(e);
        const size_t p = pe++;
        int nshape = d->many != CB_SHAPE_GRID ? 1 : d->one == CB_SHAPE_SWEEP ? 2 : 3;
        for (int sh = 0; sh < nshape; sh++) {
            cb_args a;
            memset(&a, 0, sizeof a);
            tk_pair_els el = {d->many, NULL, m};
            a.circles = &cs, a.n_circles = nc, a.margin = tb_margins[(p + nc) % tb_margin_count];
            a.sweeps = &ws;
            if (d->many == CB_SHAPE_SELF) {
                el.shape = CB_SHAPE_CIRCLE, el.els = &cs, el.m = nc;
            } else if (d->many == CB_SHAPE_GRID_SELF) { /* the set, prepared */
                el.shape = CB_SHAPE_CIRCLE, el.els = &cs, el.m = nc;
                a.many = cb_grid_circles(sgmem, &cs, nc);
                CHECK(a.many != NULL, "%s: no grid of the set", d->name);
            } else if (d->many == CB_SHAPE_GRID) {
                el.shape = (cb_shape)sh, el.els = soa[sh];
                a.many = sh == CB_SHAPE_BOX      ? cb_grid_boxes(gmem, &eb, m)
                         : sh == CB_SHAPE_CIRCLE ? cb_grid_circles(gmem, &ec, m)
                                                 : cb_grid_oboxes(gmem, &eo, m);
                CHECK(a.many != NULL, "%s: no grid of %s", d->name, tk_shape_name(el.shape));
            } else {
                el.els = soa[d->many], a.many = el.els, a.n = m;
            }
            if (d->form == CB_FORM_CANDIDATES) {
                cb_pair *cand = xmalloc(2 * nc * sizeof *cand);
                for (size_t k = 0; k < 2 * nc; k++)
                    cand[k].i = (uint32_t)(k % nc), cand[k].j = (uint32_t)((k * 7919u) % m);
                tk_out want, got;
                tk_out_malloc(&want, d, 2 * nc), tk_out_malloc(&got, d, 2 * nc);
                a.candidates = cand, a.n_candidates = 2 * nc, a.out = want.out;
                size_t wc = ref_entry(d, &a);
                for (size_t b = 0; b < nb; b++) {
                    a.out = got.out;
                    size_t c = cb_entry_kernel(e, bs[b])(&a);
                    snprintf(what, sizeof what, "raw %s %s", cb_backend_name(bs[b]), d->name);
                    if (!rel_same(d, 2 * nc, c, got.out, wc, want.out, what))
                        failures++;
                }
                tk_out_free(&want), tk_out_free(&got), free(cand);
                continue;
            }
            int recs = tk_has_records(d), mat = d->output == CB_OUTPUT_MATRIX;
            cb_pair_sweep_hits wh, gh;
            size_t unit = mat ? 0 : recs ? sizeof(cb_pair) + 5 * sizeof(float) + 1 : sizeof(cb_pair);
            /* the reference's answer, in blocks of room */
            size_t bytes = mat ? nc * words * sizeof(uint64_t) : room * unit;
            unsigned char *want = xmalloc(bytes);
            cb_pair_contacts wr;
            if (recs) {
                wr.pair = (cb_pair *)(void *)want;
                float *f = (float *)(void *)(want + room * sizeof(cb_pair));
                wr.normal_x = f, wr.normal_y = f + room, wr.separation = f + 2 * room;
                wr.point_x = f + 3 * room, wr.point_y = f + 4 * room;
                wr.feature = want + room * (sizeof(cb_pair) + 5 * sizeof(float));
            }
            cb_pair_cursor wc_ = {0, 0, 0, 0};
            a.cursor = &wc_, a.capacity = room;
            a.out = mat ? (void *)want : tk_list_out(d, (cb_pair *)(void *)want, &wr, &wh);
            size_t wn = ref_entry_on(d, &a, &el);
            for (size_t b = 0; b < nb; b++)
                for (int pub = 0; pub < 3; pub++) { /* raw; public; public without scratch */
                    /* the subject's output at its exact size: count + 1 (room
                     * for one more: one call does it all), each array apart */
                    size_t cap = wn + 1;
                    cb_pair *gp = mat ? NULL : xmalloc(cap * sizeof *gp);
                    float *gf[5] = {0};
                    uint8_t *gft = NULL;
                    uint64_t *gm = mat ? xmalloc(nc * words * sizeof *gm) : NULL;
                    cb_pair_contacts gr = {gp, NULL, NULL, NULL, NULL, NULL, NULL};
                    if (recs) {
                        for (int k = 0; k < 5; k++)
                            gf[k] = xmalloc(cap * sizeof(float));
                        gft = xmalloc(cap);
                        cb_pair_contacts t = {gp, gf[0], gf[1], gf[2], gf[3], gf[4], gft};
                        gr = t;
                    }
                    cb_pair_cursor gc = {0, 0, 0, 0};
                    cb_args g = a;
                    g.cursor = &gc, g.capacity = cap;
                    g.out = mat ? (void *)gm : tk_list_out(d, gp, &gr, &gh);
                    g.scratch = pub == 2 ? NULL : scratch;
                    size_t c;
                    if (pub) {
                        CHECK(cb_set_backend(bs[b]) == CB_OK, "cb_set_backend(%s)", cb_backend_name(bs[b]));
                        c = cb_entry_call(e, &g);
                    } else {
                        c = cb_entry_kernel(e, bs[b])(&g);
                    }
                    snprintf(what, sizeof what, "%s %s %s on %s", pub ? "public" : "raw",
                             cb_backend_name(bs[b]), d->name, tk_shape_name(el.shape));
                    CHECK(c == wn && gc.circle == nc, "%s: %zu pairs (cursor at %zu), the reference %zu",
                          what, c, gc.circle, wn);
                    if (c == wn && mat)
                        CHECK(memcmp(gm, want, bytes) == 0, "%s: the matrix differs", what);
                    if (c == wn && !mat)
                        CHECK(memcmp(gp, recs ? (void *)wr.pair : (void *)want, wn * sizeof *gp) == 0,
                              "%s: the pairs differ", what);
                    if (c == wn && recs)
                        CHECK(memcmp(gf[0], wr.normal_x, wn * 4) == 0 && memcmp(gf[1], wr.normal_y, wn * 4) == 0 &&
                                  memcmp(gf[2], wr.separation, wn * 4) == 0 &&
                                  memcmp(gf[3], wr.point_x, wn * 4) == 0 &&
                                  memcmp(gf[4], wr.point_y, wn * 4) == 0 && memcmp(gft, wr.feature, wn) == 0,
                              "%s: the records differ", what);
                    if (!mat && !recs && pub == 0 && wn) { /* in pieces of a third, resumed */
                        size_t piece = wn / 3 + 1, done = 0;
                        cb_pair_cursor pc = {0, 0, 0, 0};
                        while (pc.circle < nc && done <= wn) {
                            g.cursor = &pc, g.out = gp + done, g.capacity = piece < cap - done ? piece : cap - done;
                            done += cb_entry_kernel(e, bs[b])(&g);
                        }
                        CHECK(done == wn && memcmp(gp, want, wn * sizeof *gp) == 0,
                              "%s: in pieces of %zu: %zu pairs, or others", what, piece, done);
                    }
                    free(gp), free(gm), free(gft);
                    for (int k = 0; k < 5; k++)
                        free(gf[k]);
                }
            free(want);
        }
    }
    free(scratch), free(gmem), free(sgmem), free(sdx), free(sdy);
    tb_corpus_free(&set), tb_corpus_free(&els);
}

/* Every backend query and setter, valid and invalid arguments. */
static void backend_api(const cb_backend *bs, size_t nb)
{
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        const char *name = cb_backend_name((cb_backend)b);
        cb_backend back;
        CHECK(name && cb_backend_from_name(name, &back) == CB_OK && back == (cb_backend)b,
              "name round trip %d", b);
        const char *why = NULL;
        cb_status st = cb_backend_status((cb_backend)b, &why);
        CHECK(why != NULL, "status reason");
        CHECK((st != CB_ERR_NOT_COMPILED) == (cb_backend_compiled((cb_backend)b) != 0),
              "compiled vs status for %s", name);
        for (size_t e = 0; e < cb_entry_count(); e++)
            CHECK((st == CB_OK) == (cb_entry_kernel(e, (cb_backend)b) != NULL),
                  "cb_entry_kernel(%s, %s) vs status", cb_entry_info_of(e)->name, name);
        CHECK(cb_status_string(st) != NULL, "status string");
    }
    CHECK(cb_backend_name((cb_backend)CB_BACKEND_COUNT) == NULL, "name out of range");
    CHECK(cb_backend_status((cb_backend)99, NULL) == CB_ERR_INVALID_ARG, "status out of range");
    CHECK(cb_entry_kernel(0, (cb_backend)99) == NULL, "kernel of a backend out of range");
    CHECK(cb_set_backend((cb_backend)99) == CB_ERR_INVALID_ARG, "set out of range");
    cb_backend dummy;
    CHECK(cb_backend_from_name("nope", &dummy) == CB_ERR_UNKNOWN_BACKEND, "unknown name");
    CHECK(cb_backend_from_name(NULL, &dummy) == CB_ERR_INVALID_ARG, "NULL name");
    CHECK(cb_backend_from_name("sse", NULL) == CB_ERR_INVALID_ARG, "NULL out");
    CHECK(cb_set_backend_by_name("nope") == CB_ERR_UNKNOWN_BACKEND, "set unknown name");
    CHECK(cb_status_string((cb_status)42) != NULL, "unknown status string");
    for (size_t b = 0; b < nb; b++) {
        CHECK(cb_set_backend_by_name(cb_backend_name(bs[b])) == CB_OK, "set by name");
        CHECK(cb_active_backend() == bs[b], "active after set");
        CHECK(cb_active_reason() != NULL, "reason");
    }
    (void)cb_env_status();
    (void)cb_cpu_features();
}

/* The entry table's own calls, valid and invalid arguments. */
static void entry_api(void)
{
    size_t count = cb_entry_count();
    CHECK(count > 0, "no entries");
    for (size_t e = 0; e < count; e++) {
        const cb_entry_info *d = cb_entry_info_of(e);
        CHECK(d && d->name, "entry %zu has no descriptor", e);
        if (d && d->name)
            CHECK(cb_entry_find(d->name) == e, "cb_entry_find(\"%s\") is not %zu", d->name, e);
    }
    cb_args a = {0};
    CHECK(cb_entry_info_of(count) == NULL, "descriptor out of range");
    CHECK(cb_entry_kernel(count, CB_BACKEND_SCALAR) == NULL, "kernel of an entry out of range");
    CHECK(cb_entry_call(count, &a) == CB_INVALID, "call of an entry out of range");
    CHECK(cb_entry_call(0, NULL) == CB_INVALID, "call with NULL arguments");
    CHECK(cb_entry_find("nope") == count, "cb_entry_find of an unknown name");
    CHECK(cb_entry_find(NULL) == count, "cb_entry_find(NULL)");
}

/* Leaks one block so that the leak check has something to find. The pointer
 * dies in this frame, and the caller clobbers the stack afterwards. */
static void __attribute__((noinline)) leak_one_block(void)
{
    char *volatile p = malloc(4096);
    if (p)
        memset(p, 0x5a, 4096);
    p = NULL;
}

static void __attribute__((noinline)) clobber_stack(void)
{
    volatile char junk[8192];
    memset((char *)junk, 0, sizeof junk);
}

int main(int argc, char **argv)
{
    int leak = argc > 1 && strcmp(argv[1], "--leak-on-purpose") == 0;
    printf("rel-driver: every entry point (the pair entries too), every usable backend%s\n",
           RUNNING_ON_VALGRIND ? " (running under valgrind)" : "");
    cb_backend bs[CB_BACKEND_COUNT];
    size_t nb = usable_backends(bs, 1);
    /* Under valgrind, leave the auto choice only if it is usable: never let a
     * first use pick a backend valgrind cannot run. */
    if (nb && RUNNING_ON_VALGRIND)
        cb_set_backend(bs[nb - 1]);

    tk_rng r = {tb_seed() ^ 0xd71e};
    static const size_t extra[] = {191, 192, 193, 255, 256, 257, 300};
    for (size_t n = 0; n <= 130; n++)
        batches(n, &r, bs, nb);
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        batches(extra[i], &r, bs, nb);
    static const size_t pair_sets[][2] = {{1, 1}, {3, 40}, {17, 200}, {64, 64}, {5, 300}};
    for (size_t i = 0; i < sizeof pair_sets / sizeof pair_sets[0]; i++)
        pairs(pair_sets[i][0], pair_sets[i][1], &r, bs, nb);
    backend_api(bs, nb);
    entry_api();
    if (nb && RUNNING_ON_VALGRIND)
        cb_set_backend(bs[nb - 1]);
    else
        cb_set_backend_by_name(NULL);

    if (leak) {
        leak_one_block();
        clobber_stack();
        printf("leaked one 4096-byte block on purpose: the leak check must fail this run\n");
    }
    printf("rel-driver: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
