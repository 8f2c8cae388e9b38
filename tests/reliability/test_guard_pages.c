/* test_guard_pages.c - Criterion: every batch length 0..200 on every runnable backend, inputs and outputs flush against PROT_NONE pages on either side. */
#include "rel.h"
#include "support.h"

#include <criterion/criterion.h>

#include <stdio.h>
#include <string.h>

#define MAX_N 200

/* The same data twice: arrays ending at a guard page (tb_corpus) and arrays
 * starting right after one, so an over-read past n and an under-read before 0
 * both crash the test instead of reading a neighbour's bytes. */
typedef struct {
    float *col[7]; /* min_x min_y max_x max_y x y r */
    cb_box *boxes;
    cb_circle *circles;
} before_copy;

static before_copy copy_after_guard(const tb_corpus *c)
{
    before_copy b;
    const float *src[7] = {c->min_x, c->min_y, c->max_x, c->max_y, c->x, c->y, c->r};
    for (int j = 0; j < 7; j++) {
        b.col[j] = tb_alloc_guarded(c->n * sizeof(float), 1);
        if (c->n)
            memcpy(b.col[j], src[j], c->n * sizeof(float));
    }
    b.boxes = tb_alloc_guarded(c->n * sizeof(cb_box), 1);
    b.circles = tb_alloc_guarded(c->n * sizeof(cb_circle), 1);
    if (c->n) {
        memcpy(b.boxes, c->boxes, c->n * sizeof(cb_box));
        memcpy(b.circles, c->circles, c->n * sizeof(cb_circle));
    }
    return b;
}

static void free_copy(before_copy *b)
{
    for (int j = 0; j < 7; j++)
        tb_free(b->col[j]);
    tb_free(b->boxes), tb_free(b->circles);
}

static size_t out_bytes(int fn, size_t n)
{
    return rel_fn_is_idx(fn) ? n * sizeof(uint32_t) : rel_words(n) * sizeof(uint64_t);
}

/* Runs one length on every runnable backend, raw and public; returns the number of failures. */
static int one_length(size_t n, tb_rng *r)
{
    int failures = 0;
    tb_corpus c = tb_corpus_new(n);
    if (n % 3 == 2)
        tb_corpus_fill_adversarial(&c, r);
    else
        tb_corpus_fill_random(&c, r);
    before_copy bc = copy_after_guard(&c);

    /* A circle and a box large enough to hit part of the random level. */
    cb_circle circle = {tb_uniform(r, 0, 256), tb_uniform(r, 0, 256), tb_uniform(r, 1, 90)};
    float bx = tb_uniform(r, 0, 200), by = tb_uniform(r, 0, 200);
    cb_box box = {bx, by, bx + tb_uniform(r, 0, 60), by + tb_uniform(r, 0, 60)};
    if (n % 3 == 2 && n) /* adversarial: use the corpus' own values */
        circle = c.circles[tb_next(r) % n], box = c.boxes[tb_next(r) % n];

    cb_box_soa s_after = tb_corpus_boxes(&c);
    cb_circle_soa cs_after = tb_corpus_circles(&c);
    cb_box_soa s_before = {bc.col[0], bc.col[1], bc.col[2], bc.col[3]};
    cb_circle_soa cs_before = {bc.col[4], bc.col[5], bc.col[6]};
    rel_input inputs[2] = {
        {circle, box, &s_after, c.boxes, &cs_after, c.circles},
        {circle, box, &s_before, bc.boxes, &cs_before, bc.circles},
    };

    cb_backend bs[CB_BACKEND_COUNT];
    size_t nb = rel_runnable(bs);
    const cb_kernels *scalar = cb_kernels_for(CB_BACKEND_SCALAR);
    char what[200];

    for (int fn = 0; fn < REL_FN_COUNT; fn++) {
        size_t bytes = out_bytes(fn, n);
        void *outs[2] = {tb_alloc_guarded(bytes, 0), tb_alloc_guarded(bytes, 1)};
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            uint64_t ref[(MAX_N + 63) / 64 + 1];
            uint32_t ref_idx[MAX_N + 1];
            void *refp = rel_fn_is_idx(fn) ? (void *)ref_idx : (void *)ref;
            memset(ref, 0xA5, sizeof ref);
            size_t want = rel_call(scalar, fn, &inputs[0], n, refp, flags);
            if (!rel_fn_is_idx(fn) && n % 64) /* the contract: bits past n are written as zero */
                if (ref[n / 64] >> (n % 64)) {
                    fprintf(stderr, "scalar %s n=%zu: bits past n set\n", rel_fn_names[fn], n);
                    failures++;
                }
            for (size_t b = 0; b < nb; b++) {
                const cb_kernels *k = cb_kernels_for(bs[b]);
                for (int pub = 0; pub < 2; pub++) {
                    if (pub && cb_set_backend(bs[b]) != CB_OK) {
                        fprintf(stderr, "cb_set_backend(%s) failed\n", cb_backend_name(bs[b]));
                        failures++;
                        continue;
                    }
                    for (int in = 0; in < 2; in++)
                        for (int o = 0; o < 2; o++) {
                            memset(outs[o], 0xA5, bytes);
                            size_t got = rel_call(pub ? NULL : k, fn, &inputs[in], n, outs[o], flags);
                            snprintf(what, sizeof what,
                                     "%s %s flags=%u, inputs %s guard, output %s guard",
                                     pub ? "public on" : "raw", cb_backend_name(bs[b]), flags,
                                     in ? "after a" : "before a", o ? "after a" : "before a");
                            failures += !rel_same(fn, n, got, outs[o], want, refp, what);
                        }
                }
            }
        }
        tb_free(outs[0]), tb_free(outs[1]);
    }
    cb_set_backend_by_name("auto");
    free_copy(&bc);
    tb_corpus_free(&c);
    return failures;
}

Test(guard, every_length_0_to_200_every_backend_raw_and_public)
{
    tb_rng r = {tb_seed() ^ 0x6a4d};
    cb_backend bs[CB_BACKEND_COUNT];
    size_t nb = rel_runnable(bs);
    fprintf(stderr, "guard pages: backends");
    for (size_t b = 0; b < nb; b++)
        fprintf(stderr, " %s", cb_backend_name(bs[b]));
    fprintf(stderr, "\n");
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        if (!cb_kernels_for((cb_backend)b)) {
            const char *why;
            cb_backend_status((cb_backend)b, &why);
            fprintf(stderr, "guard pages: SKIP backend %s: %s\n", cb_backend_name((cb_backend)b), why);
        }
    for (size_t n = 0; n <= MAX_N; n++) {
        int f = one_length(n, &r);
        cr_expect_eq(f, 0, "n=%zu: %d difference(s), see stderr", n, f);
    }
    cr_assert_eq(rel_leaks(), 0, "LeakSanitizer found leaks (report above)");
}
