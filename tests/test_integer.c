/* test_integer.c - the integer shapes (cbatch.h, INTEGER COORDINATES): every backend and the public functions against the exact reference (check_integer.c), the converters, the validators and bad input. */
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include "subjects.h" /* the subjects and their skips; the run's seed */

#include <string.h>

ParameterizedTestParameters(integer, exact)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

/* Every integer entry: lengths 0 .. 3 vectors of AVX-512 and more, and one
 * large corpus, against the 128-bit reference. */
ParameterizedTest(int *b, integer, exact, .timeout = 600)
{
    const char *who = subject_or_skip(*b);
    size_t lengths[3 * 16 + 6];
    for (size_t n = 0; n < sizeof lengths / sizeof lengths[0]; n++)
        lengths[n] = n;
    size_t calls = tb_int_check(*b, lengths, sizeof lengths / sizeof lengths[0], 4099);
    cr_log_info("%s: %zu calls equal to the reference, " TB_SEED_FMT,
                who, calls, tb_seed());
}

/* Every integer all-pairs entry (pairs, matrix, records; against boxes,
 * circles, the set itself and grids of both shapes) against the reference:
 * whole ranges, counts, resumed pieces, split ranges. */
ParameterizedTestParameters(integer, pairs)
{
    return cr_make_param_array(int, tb_subjects(), N_SUBJECTS);
}

ParameterizedTest(int *b, integer, pairs, .timeout = 600)
{
    const char *who = subject_or_skip(*b);
    size_t calls = tb_int_pairs_check(*b);
    cr_log_info("%s: %zu pair calls equal to the reference, " TB_SEED_FMT,
                who, calls, tb_seed());
}

/* ------------------------------------------------------------ converters */

/* Rects and centre boxes convert exactly (checked in 64 bits) until the
 * first one refused: a negative size, or a corner past int32; the elements
 * before it are written, nothing from it on; SoA the same. */
Test(integer, converters)
{
    tk_rng g = tb_rng_for(0xC0417u);
    enum { N = 4096 };
    static cb_irect rects[N];
    static cb_ibox_center centers[N];
    static cb_ibox out[N];
    static int32_t sx0[N], sy0[N], sx1[N], sy1[N];
    cb_ibox_soa soa = {sx0, sy0, sx1, sy1};
    for (int round = 0; round < 64; round++) {
        for (size_t i = 0; i < N; i++) {
            int32_t v[4];
            for (int k = 0; k < 4; k++) { /* mostly fitting, sometimes at the edges */
                uint64_t u = tk_next(&g);
                v[k] = u % 16 ? (int32_t)((int64_t)(u >> 34) - (1 << 29))
                              : tk_int_special[(u >> 8) % tk_int_special_count];
            }
            for (int k = 2; k < 4; k++) /* sizes: >= 0, but for w and hx in odd rounds */
                if (v[k] < 0 && (k == 3 || round % 2 == 0))
                    v[k] = v[k] == INT32_MIN ? INT32_MAX : -v[k];
            cb_irect r = {v[0], v[1], v[2], v[3]};
            cb_ibox_center c = {v[0], v[1], v[2], v[3]};
            rects[i] = r, centers[i] = c;
        }
        for (int kind = 0; kind < 4; kind++) {
            int centre = kind & 1, as_soa = kind >> 1;
            /* the reference: the first refusal and the boxes before it */
            size_t first = N;
            cb_fault want = CB_FAULT_NONE;
            for (size_t i = 0; i < N && first == N; i++) {
                int64_t x0, y0, x1, y1;
                int negative;
                if (centre) {
                    cb_ibox_center c = centers[i];
                    negative = c.hx < 0 || c.hy < 0;
                    x0 = (int64_t)c.cx - c.hx, y0 = (int64_t)c.cy - c.hy;
                    x1 = (int64_t)c.cx + c.hx, y1 = (int64_t)c.cy + c.hy;
                } else {
                    cb_irect r = rects[i];
                    negative = r.w < 0 || r.h < 0;
                    x0 = r.x, y0 = r.y, x1 = (int64_t)r.x + r.w, y1 = (int64_t)r.y + r.h;
                }
                if (negative)
                    first = i, want = CB_FAULT_INVERTED;
                else if (x0 < INT32_MIN || y0 < INT32_MIN || x1 > INT32_MAX || y1 > INT32_MAX)
                    first = i, want = CB_FAULT_OVERFLOW;
                else
                    out[i].min_x = (int32_t)x0, out[i].min_y = (int32_t)y0,
                    out[i].max_x = (int32_t)x1, out[i].max_y = (int32_t)y1;
            }
            static cb_ibox got[N];
            memset(got, 0x5A, sizeof got);
            memset(sx0, 0x5A, sizeof sx0);
            cb_fault f = (cb_fault)99;
            size_t r = centre ? (as_soa ? cb_iboxes_from_centers_soa(centers, N, &soa, &f)
                                        : cb_iboxes_from_centers(centers, N, got, &f))
                              : (as_soa ? cb_iboxes_from_rects_soa(rects, N, &soa, &f)
                                        : cb_iboxes_from_rects(rects, N, got, &f));
            cr_assert_eq(r, first, "round %d kind %d: refused %zu, want %zu", round, kind, r, first);
            cr_assert_eq(f, want, "round %d kind %d: fault %d, want %d", round, kind, f, want);
            for (size_t i = 0; i < N; i++) {
                cb_ibox b = as_soa ? (cb_ibox){sx0[i], sy0[i], sx1[i], sy1[i]} : got[i];
                if (i < first)
                    cr_assert(memcmp(&b, &out[i], sizeof b) == 0, "kind %d: box %zu differs", kind, i);
                else
                    cr_assert_eq(as_soa ? (uint32_t)sx0[i] : (uint32_t)got[i].min_x, 0x5A5A5A5Au,
                                 "kind %d: box %zu written past the refusal at %zu", kind, i, first);
            }
        }
    }
    /* the edges, one by one */
    cb_fault f;
    cb_irect edge[] = {{INT32_MAX, 0, 0, 0}, {INT32_MAX - 1, 0, 1, 0}, {INT32_MAX, 0, 1, 0},
                       {0, INT32_MIN, 0, INT32_MAX}, {INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX},
                       {0, 0, -1, 0}, {-1, 0, INT32_MAX, 0}, {0, 1, 0, INT32_MAX}};
    size_t want_at[] = {1, 1, 0, 1, 1, 0, 1, 0};
    cb_fault want_f[] = {CB_FAULT_NONE, CB_FAULT_NONE, CB_FAULT_OVERFLOW, CB_FAULT_NONE,
                         CB_FAULT_NONE, CB_FAULT_INVERTED, CB_FAULT_NONE, CB_FAULT_OVERFLOW};
    for (size_t k = 0; k < sizeof edge / sizeof edge[0]; k++) {
        cb_ibox b;
        cr_assert_eq(cb_iboxes_from_rects(&edge[k], 1, &b, &f), want_at[k], "edge %zu", k);
        cr_assert_eq(f, want_f[k], "edge %zu: fault %d", k, f);
    }
    cb_ibox_center ce[] = {{INT32_MIN, 0, 0, 0}, {-1, 0, INT32_MAX, 0}, {0, 0, INT32_MAX, 0},
                           {1, 0, INT32_MAX, 0}, {0, 0, 0, -1}};
    size_t ce_at[] = {1, 1, 1, 0, 0};
    cb_fault ce_f[] = {CB_FAULT_NONE, CB_FAULT_NONE, CB_FAULT_NONE, CB_FAULT_OVERFLOW,
                       CB_FAULT_INVERTED};
    for (size_t k = 0; k < sizeof ce / sizeof ce[0]; k++) {
        cb_ibox b;
        cr_assert_eq(cb_iboxes_from_centers(&ce[k], 1, &b, &f), ce_at[k], "centre edge %zu", k);
        cr_assert_eq(f, ce_f[k], "centre edge %zu: fault %d", k, f);
    }
    /* NULL with n > 0, and n == 0 with NULL */
    cb_ibox b;
    cr_assert_eq(cb_iboxes_from_rects(NULL, 1, &b, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    cr_assert_eq(cb_iboxes_from_rects(rects, 1, NULL, &f), CB_INVALID);
    cr_assert_eq(cb_iboxes_from_centers(centers, 1, NULL, NULL), CB_INVALID);
    cb_ibox_soa holes = {sx0, NULL, sx1, sy1};
    cr_assert_eq(cb_iboxes_from_rects_soa(rects, 1, &holes, &f), CB_INVALID);
    cr_assert_eq(cb_iboxes_from_centers_soa(centers, 1, NULL, &f), CB_INVALID);
    cr_assert_eq(cb_iboxes_from_rects(NULL, 0, NULL, &f), 0);
    cr_assert_eq(f, CB_FAULT_NONE);
    cr_assert_eq(cb_iboxes_from_centers_soa(NULL, 0, NULL, NULL), 0);
}

/* ------------------------------------------------------------ validators */

Test(integer, validators)
{
    int32_t x0[] = {0, -5, INT32_MIN, 7, 7}, y0[] = {0, 0, 0, 3, 4};
    int32_t x1[] = {0, 5, INT32_MAX, 7, 7}, y1[] = {0, 0, 0, 3, 3};
    cb_ibox_soa soa = {x0, y0, x1, y1};
    cb_ibox aos[5];
    for (int i = 0; i < 5; i++)
        aos[i] = (cb_ibox){x0[i], y0[i], x1[i], y1[i]};
    cb_fault f;
    cr_assert_eq(cb_validate_iboxes(&soa, 4, &f), 4);
    cr_assert_eq(f, CB_FAULT_NONE);
    cr_assert_eq(cb_validate_iboxes(&soa, 5, &f), 4); /* y0 > y1 */
    cr_assert_eq(f, CB_FAULT_INVERTED);
    cr_assert_eq(cb_validate_iboxes_aos(aos, 5, &f), 4);
    cr_assert_eq(f, CB_FAULT_INVERTED);
    aos[1].min_x = 6; /* min_x > max_x */
    cr_assert_eq(cb_validate_iboxes_aos(aos, 5, &f), 1);
    cr_assert_eq(f, CB_FAULT_INVERTED);

    int32_t cx[] = {INT32_MIN, 0, 0}, cy[] = {INT32_MAX, 0, 0}, cr[] = {0, INT32_MAX, -1};
    cb_icircle_soa cs = {cx, cy, cr};
    cb_icircle ca[3] = {{cx[0], cy[0], cr[0]}, {cx[1], cy[1], cr[1]}, {cx[2], cy[2], cr[2]}};
    cr_assert_eq(cb_validate_icircles(&cs, 2, &f), 2);
    cr_assert_eq(f, CB_FAULT_NONE);
    cr_assert_eq(cb_validate_icircles(&cs, 3, &f), 2);
    cr_assert_eq(f, CB_FAULT_NEGATIVE_RADIUS);
    cr_assert_eq(cb_validate_icircles_aos(ca, 3, &f), 2);
    cr_assert_eq(f, CB_FAULT_NEGATIVE_RADIUS);

    cb_icircle_soa hole = {cx, NULL, cr};
    cr_assert_eq(cb_validate_icircles(&hole, 1, &f), CB_INVALID);
    cr_assert_eq(f, CB_FAULT_NONE);
    cr_assert_eq(cb_validate_iboxes(NULL, 1, &f), CB_INVALID);
    cr_assert_eq(cb_validate_iboxes_aos(NULL, 1, NULL), CB_INVALID);
    cr_assert_eq(cb_validate_icircles_aos(NULL, 0, &f), 0);
    cr_assert_eq(f, CB_FAULT_NONE);
}

/* ------------------------------------------------------------- bad input */

/* Every integer entry through its public function: unknown flags, NULL
 * inputs and outputs (and each NULL member) with n > 0, too large an n for
 * an index list: CB_INVALID and nothing written; n == 0 with NULL: 0. */
Test(integer, bad_input)
{
    int32_t v[4] = {0, 0, 1, 1};
    cb_ibox_soa bs = {v, v, v + 2, v + 2};
    cb_icircle_soa cs = {v, v, v + 2};
    cb_ibox ba[1] = {{0, 0, 1, 1}};
    cb_icircle ca[1] = {{0, 0, 1}};
    TK_FOR_ENTRIES(e, TK_BATCH | TK_INTEGER) {
        const cb_entry_info *d = cb_entry_info_of(e);
        int soa = d->layout == CB_LAYOUT_SOA, boxes = d->many == CB_SHAPE_IBOX;
        const void *many = boxes ? (soa ? (const void *)&bs : (const void *)ba)
                                 : (soa ? (const void *)&cs : (const void *)ca);
        tk_out o;
        tk_out_malloc(&o, d, 1);
        cb_args a;
        memset(&a, 0, sizeof a);
        a.icircle = (cb_icircle){0, 0, 1}, a.ibox = (cb_ibox){0, 0, 1, 1};
        a.many = many, a.n = 1, a.out = o.out;
        cr_assert_eq(cb_entry_call(e, &a), 1u, /* a hit, or the one distance */
                     "%s: the valid call", d->name);
        tk_out_fill(&o, 0xEE);
        a.flags = 4;
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: flags 4", d->name);
        a.flags = 0, a.many = NULL;
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: NULL elements", d->name);
        a.many = many, a.out = NULL;
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: NULL output", d->name);
        a.out = o.out;
        if (soa) { /* each array missing in turn */
            size_t arrays = boxes ? 4 : 3;
            for (size_t k = 0; k < arrays; k++) {
                cb_ibox_soa b2 = bs;
                cb_icircle_soa c2 = cs;
                const int32_t **m = boxes ? (k == 0 ? &b2.min_x : k == 1 ? &b2.min_y : k == 2 ? &b2.max_x : &b2.max_y)
                                          : (k == 0 ? &c2.x : k == 1 ? &c2.y : &c2.r);
                *m = NULL;
                a.many = boxes ? (const void *)&b2 : (const void *)&c2;
                cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: SoA array %zu NULL", d->name, k);
            }
            a.many = many;
        }
        if (d->output == CB_OUTPUT_INT_DISTANCES) {
            cb_int_distances s = *(cb_int_distances *)o.out;
            for (int k = 0; k < 3; k++) {
                cb_int_distances t = s;
                if (k == 0) t.d2 = NULL;
                if (k == 1) t.point_x = NULL;
                if (k == 2) t.point_y = NULL;
                a.out = &t;
                cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: member %d NULL", d->name, k);
            }
        } else if (d->output == CB_OUTPUT_INT_CONTACTS) {
            cb_int_contacts s = *(cb_int_contacts *)o.out;
            for (int k = 0; k < 6; k++) {
                cb_int_contacts t = s;
                if (k == 0) t.index = NULL;
                if (k == 1) t.point_x = NULL;
                if (k == 2) t.point_y = NULL;
                if (k == 3) t.d2 = NULL;
                if (k == 4) t.depth = NULL;
                if (k == 5) t.feature = NULL;
                a.out = &t;
                cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: member %d NULL", d->name, k);
            }
        }
        a.out = o.out;
        cr_assert(tk_out_untouched(&o, 0xEE), "%s: a refused call wrote its output", d->name);
#if SIZE_MAX > UINT32_MAX
        if (d->output == CB_OUTPUT_INDICES || d->output == CB_OUTPUT_INT_CONTACTS) {
            a.n = (size_t)CB_INDEX_MAX_N + 1;
            cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: n past CB_INDEX_MAX_N", d->name);
        }
#endif
        a.n = 0, a.many = NULL, a.out = NULL;
        cr_assert_eq(cb_entry_call(e, &a), 0, "%s: n == 0 with NULL pointers", d->name);
        tk_out_free(&o);
    }
}

/* ------------------------------------------------------------ fixed point */

/* The predicates compare squares of differences, so scaling every
 * coordinate and radius by 2^f (a Q format) changes no hit, and every d2
 * by exactly 2^2f (while it fits): the same data at Q0 and at Q16.16. */
Test(integer, fixed_point_scale)
{
    tk_rng g = tb_rng_for(0xF1C5u);
    enum { N = 1000 };
    static int32_t q0[7][N], q16[7][N];
    for (int round = 0; round < 200; round++) {
        int f = 1 + (int)(tk_next(&g) % 16);
        for (size_t i = 0; i < N; i++)
            for (int k = 0; k < 7; k++) {
                int32_t x = (int32_t)(tk_next(&g) % 2001) - 1000;
                if (k == 2) /* max_x >= min_x, max_y >= min_y, r >= 0 */
                    x = q0[0][i] + (int32_t)(tk_next(&g) % 50);
                if (k == 3)
                    x = q0[1][i] + (int32_t)(tk_next(&g) % 50);
                if (k == 6)
                    x = (int32_t)(tk_next(&g) % 300);
                q0[k][i] = x, q16[k][i] = (int32_t)((uint32_t)x << f);
            }
        cb_icircle c0 = {(int32_t)(tk_next(&g) % 2001) - 1000, (int32_t)(tk_next(&g) % 2001) - 1000,
                         (int32_t)(tk_next(&g) % 400)};
        cb_icircle c16 = {(int32_t)((uint32_t)c0.x << f), (int32_t)((uint32_t)c0.y << f),
                          (int32_t)((uint32_t)c0.r << f)};
        cb_ibox_soa b0 = {q0[0], q0[1], q0[2], q0[3]}, b16 = {q16[0], q16[1], q16[2], q16[3]};
        cb_icircle_soa s0 = {q0[4], q0[5], q0[6]}, s16 = {q16[4], q16[5], q16[6]};
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            uint64_t m0[(N + 63) / 64], m16[(N + 63) / 64];
            size_t h0 = cb_batch_overlap_icircle_iboxes(c0, &b0, N, m0, flags);
            size_t h16 = cb_batch_overlap_icircle_iboxes(c16, &b16, N, m16, flags);
            cr_assert(h0 == h16 && memcmp(m0, m16, sizeof m0) == 0, "Q%d boxes: hits differ", f);
            h0 = cb_batch_overlap_icircle_icircles(c0, &s0, N, m0, flags);
            h16 = cb_batch_overlap_icircle_icircles(c16, &s16, N, m16, flags);
            cr_assert(h0 == h16 && memcmp(m0, m16, sizeof m0) == 0, "Q%d circles: hits differ", f);
        }
        static uint64_t d0[N], d16[N];
        static int32_t px0[N], py0[N], px16[N], py16[N];
        cb_int_distances o0 = {d0, px0, py0}, o16 = {d16, px16, py16};
        cr_assert_eq(cb_batch_distance_icircle_iboxes(c0, &b0, N, &o0, 0), N);
        cr_assert_eq(cb_batch_distance_icircle_iboxes(c16, &b16, N, &o16, 0), N);
        for (size_t i = 0; i < N; i++) {
            cr_assert_eq(d16[i], d0[i] << (2 * f), "Q%d: d2 %zu", f, i);
            cr_assert_eq(px16[i], (int32_t)((uint32_t)px0[i] << f), "Q%d: point %zu", f, i);
        }
    }
}

/* The integer candidates: a NULL or incomplete set, a NULL list, an index
 * past the set or the elements: CB_INVALID, nothing written. */
Test(integer, candidates_bad_input)
{
    int32_t v[4] = {0, 0, 1, 1};
    cb_ibox_soa bs = {v, v, v + 2, v + 2};
    cb_icircle_soa cs = {v, v, v + 2}, holed = {v, NULL, v + 2};
    cb_pair ok[2] = {{0, 0}, {1, 1}}, past_i[1] = {{2, 0}}, past_j[1] = {{0, 2}};
    TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_CANDIDATES) | TK_INTEGER) {
        const cb_entry_info *d = cb_entry_info_of(e);
        tk_out o;
        tk_out_malloc(&o, d, 2);
        cb_args a;
        memset(&a, 0, sizeof a);
        a.icircles = &cs, a.n_circles = 2, a.candidates = ok, a.n_candidates = 2;
        a.many = d->many == CB_SHAPE_IBOX ? (const void *)&bs : (const void *)&cs;
        a.n = 2, a.out = o.out;
        cr_assert_eq(cb_entry_call(e, &a), 2u, "%s: the valid call (both pairs overlap)", d->name);
        tk_out_fill(&o, 0xEE);
        a.icircles = NULL;
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: NULL set", d->name);
        a.icircles = &holed;
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: set without y", d->name);
        a.icircles = &cs, a.candidates = NULL;
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: NULL candidates", d->name);
        a.candidates = past_i, a.n_candidates = 1;
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: i past the set", d->name);
        a.candidates = past_j;
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: j past the elements", d->name);
        cr_assert(tk_out_untouched(&o, 0xEE), "%s: a refused call wrote its output", d->name);
        a.candidates = NULL, a.n_candidates = 0, a.out = NULL;
        cr_assert_eq(cb_entry_call(e, &a), 0, "%s: no candidates", d->name);
        tk_out_free(&o);
    }
}

/* Integer all pairs: each refusal of cbatch.h's common list (a NULL or
 * holed set, elements or record array, a bad cursor, a list with room and
 * no array, a grid of float elements, unknown flags) returns CB_INVALID
 * and leaves the cursor and the output as they were; the float grid
 * queries refuse a grid of integer elements; no circles or no elements is
 * no pairs. */
Test(integer, pairs_bad_input)
{
    int32_t v[4] = {0, 0, 1, 1};
    float f[4] = {0, 0, 1, 1};
    cb_ibox_soa bs = {v, v, v + 2, v + 2}, holed_b = {v, v, NULL, v + 2};
    cb_icircle_soa cs = {v, v, v + 2}, holed = {v, NULL, v + 2};
    cb_box_soa fbs = {f, f, f + 2, f + 2};
    cb_circle_soa fcs = {f, f, f + 2};
    static unsigned char gm[5][16384], scratch[1 << 17];
    cb_grid *ig = cb_grid_iboxes(gm[0], &bs, 2), *fg = cb_grid_boxes(gm[1], &fbs, 2);
    cb_grid *icg = cb_grid_icircles(gm[2], &cs, 2), *fcg = cb_grid_circles(gm[3], &fcs, 2);
    cr_assert(ig && fg && icg && fcg && cb_pairs_scratch_size(2, 2) <= sizeof scratch && cb_grid_size(2) <= 16384);
    cb_shape shape = CB_SHAPE_CIRCLE;
    cr_assert_eq(cb_grid_elements(ig, &shape), 2u);
    cr_assert_eq(shape, CB_SHAPE_IBOX, "cb_grid_elements: shape %d", (int)shape);
    cb_pair pairs[8];
    uint64_t matrix[2];
    cb_pair pp[8];
    int32_t px[8], py[8];
    uint64_t d2[8];
    uint32_t depth[8];
    uint8_t feature[8];
    cb_int_pair_contacts recs = {pp, px, py, d2, depth, feature}, holed_recs = recs;
    holed_recs.depth = NULL;
    TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_PAIRS) | TK_INTEGER) {
        const cb_entry_info *d = cb_entry_info_of(e);
        int recs_out = d->output == CB_OUTPUT_INT_PAIR_CONTACTS;
        cb_args a;
        memset(&a, 0, sizeof a);
        a.icircles = &cs, a.n_circles = 2, a.scratch = scratch;
        int prepared_set = d->many == CB_SHAPE_GRID_SELF, self = d->many == CB_SHAPE_SELF;
        a.many = d->many == CB_SHAPE_GRID   ? (const void *)ig
                 : d->many == CB_SHAPE_IBOX ? (const void *)&bs
                 : self                     ? NULL
                 : prepared_set             ? (const void *)icg
                                            : (const void *)&cs;
        a.n = d->many == CB_SHAPE_GRID || self || prepared_set ? 0 : 2;
        a.out = d->output == CB_OUTPUT_MATRIX ? (void *)matrix : recs_out ? (void *)&recs : pairs;
        a.capacity = d->output == CB_OUTPUT_MATRIX ? 0 : 8;
        cb_pair_cursor cur = {0, 0, 0, 0};
        a.cursor = &cur;
        size_t want = self || prepared_set ? 1 : 4; /* every pair overlaps */
        cr_assert_eq(cb_entry_call(e, &a), want, "%s: the valid call", d->name);
        memset(pairs, 0xEE, sizeof pairs), memset(pp, 0xEE, sizeof pp);
        cb_pair_cursor start = {0, 0, 0, 0};
#define REFUSED(what)                                                                              \
    do {                                                                                           \
        cur = start;                                                                               \
        cr_assert_eq(cb_entry_call(e, &a), CB_INVALID, "%s: %s", d->name, what);                  \
        cr_assert(cur.circle == start.circle && cur.element == 0 && cur.end == start.end,          \
                  "%s: %s moved the cursor", d->name, what);                                       \
    } while (0)
        if (!prepared_set) { /* a prepared set's circles are its grid's */
            a.icircles = NULL;
            REFUSED("NULL set");
            a.icircles = &holed;
            REFUSED("set without y");
            a.icircles = &cs;
        }
        a.flags = 0x100;
        REFUSED("unknown flags");
        a.flags = 0;
        a.cursor = NULL;
        REFUSED("NULL cursor");
        a.cursor = &cur, start.end = 3;
        REFUSED("the cursor's end past n_circles");
        start.end = 1, start.circle = 2;
        REFUSED("the cursor past its end");
        start.end = 0, start.circle = 0;
        if (d->many == CB_SHAPE_IBOX) {
            a.many = &holed_b;
            REFUSED("boxes without max_x");
            a.many = &bs;
        }
        if (d->many == CB_SHAPE_GRID) {
            a.many = fg;
            REFUSED("a grid of float boxes");
            a.many = NULL;
            REFUSED("NULL grid");
            a.many = ig;
        }
        if (prepared_set) {
            a.many = fcg;
            REFUSED("a grid of float circles");
            a.many = ig;
            REFUSED("a grid of integer boxes");
            a.many = NULL;
            REFUSED("NULL grid");
            a.many = icg;
        }
        if (d->output != CB_OUTPUT_MATRIX) {
            void *out = a.out;
            a.out = NULL;
            REFUSED("capacity without a list");
            if (recs_out) {
                a.out = &holed_recs;
                REFUSED("records without depth");
            }
            a.out = out;
        }
        cr_assert(pairs[0].i == 0xEEEEEEEEu && pp[0].i == 0xEEEEEEEEu,
                  "%s: a refused call wrote its output", d->name);
        cur = start, a.n_circles = 0;
        if (prepared_set) /* a grid of no circles */
            a.many = cb_grid_icircles(gm[4], &cs, 0);
        cr_assert_eq(cb_entry_call(e, &a), 0, "%s: no circles", d->name);
#undef REFUSED
    }
    /* the float grid queries refuse a grid of integer elements */
    cb_pair_cursor cur = {0, 0, 0, 0};
    cr_assert_eq(cb_pairs_overlap_circles_grid(&fcs, 2, ig, &cur, pairs, 8, 0), CB_INVALID);
    cr_assert_eq(cb_pairs_overlap_circles_grid(&fcs, 2, fg, &cur, pairs, 8, 0), 4u);
}
