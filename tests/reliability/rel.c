/* rel.c - helpers of the reliability suites: shape dispatch, result comparison, runnable backends, leak checks. */
#include "rel.h"

#include <stdio.h>

#ifdef REL_HAVE_LSAN
#include <sanitizer/lsan_interface.h>
#endif

const char *const rel_fn_names[REL_FN_COUNT] = {
    "cb_batch_overlap",     "cb_batch_overlap_aos",     "cb_batch_overlap_circles",
    "cb_batch_overlap_circles_aos", "cb_batch_overlap_idx", "cb_batch_overlap_aos_idx",
    "cb_batch_overlap_circles_idx", "cb_batch_overlap_circles_aos_idx",
};

size_t rel_call(const cb_kernels *k, int fn, const rel_input *in, size_t n, void *out,
                unsigned flags)
{
    uint64_t *m = out;
    uint32_t *x = out;
    if (k) {
        switch (fn) {
        case REL_BOXES: return k->boxes(in->circle, in->boxes, n, m, flags);
        case REL_BOXES_AOS: return k->boxes_aos(in->circle, in->boxes_aos, n, m, flags);
        case REL_CIRCLES: return k->circles(in->circles, n, in->box, m, flags);
        case REL_CIRCLES_AOS: return k->circles_aos(in->circles_aos, n, in->box, m, flags);
        case REL_BOXES_IDX: return k->boxes_idx(in->circle, in->boxes, n, x, flags);
        case REL_BOXES_AOS_IDX: return k->boxes_aos_idx(in->circle, in->boxes_aos, n, x, flags);
        case REL_CIRCLES_IDX: return k->circles_idx(in->circles, n, in->box, x, flags);
        case REL_CIRCLES_AOS_IDX: return k->circles_aos_idx(in->circles_aos, n, in->box, x, flags);
        }
    } else {
        switch (fn) {
        case REL_BOXES: return cb_batch_overlap(in->circle, in->boxes, n, m, flags);
        case REL_BOXES_AOS: return cb_batch_overlap_aos(in->circle, in->boxes_aos, n, m, flags);
        case REL_CIRCLES: return cb_batch_overlap_circles(in->circles, n, in->box, m, flags);
        case REL_CIRCLES_AOS:
            return cb_batch_overlap_circles_aos(in->circles_aos, n, in->box, m, flags);
        case REL_BOXES_IDX: return cb_batch_overlap_idx(in->circle, in->boxes, n, x, flags);
        case REL_BOXES_AOS_IDX:
            return cb_batch_overlap_aos_idx(in->circle, in->boxes_aos, n, x, flags);
        case REL_CIRCLES_IDX: return cb_batch_overlap_circles_idx(in->circles, n, in->box, x, flags);
        case REL_CIRCLES_AOS_IDX:
            return cb_batch_overlap_circles_aos_idx(in->circles_aos, n, in->box, x, flags);
        }
    }
    fprintf(stderr, "rel_call: no shape %d\n", fn);
    return CB_INVALID;
}

int rel_same(int fn, size_t n, size_t count_a, const void *a, size_t count_b, const void *b,
             const char *what)
{
    if (count_a != count_b) {
        if (what)
            fprintf(stderr, "%s: %s n=%zu: count %zu != %zu\n", what, rel_fn_names[fn], n, count_a,
                count_b);
        return 0;
    }
    if (count_a == CB_INVALID)
        return 1;
    if (rel_fn_is_idx(fn)) {
        const uint32_t *x = a, *y = b;
        for (size_t i = 0; i < count_a; i++)
            if (x[i] != y[i]) {
                if (what)
                    fprintf(stderr, "%s: %s n=%zu: index entry %zu is %u, expected %u\n", what,
                        rel_fn_names[fn], n, i, (unsigned)x[i], (unsigned)y[i]);
                return 0;
            }
    } else {
        const uint64_t *x = a, *y = b;
        for (size_t w = 0; w < rel_words(n); w++)
            if (x[w] != y[w]) {
                if (what)
                    fprintf(stderr, "%s: %s n=%zu: mask word %zu is %016llx, expected %016llx\n", what,
                        rel_fn_names[fn], n, w, (unsigned long long)x[w],
                        (unsigned long long)y[w]);
                return 0;
            }
    }
    return 1;
}

size_t rel_runnable(cb_backend out[CB_BACKEND_COUNT])
{
    size_t m = 0;
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        if (cb_kernels_for((cb_backend)b))
            out[m++] = (cb_backend)b;
    return m;
}

int rel_leaks(void)
{
#ifdef REL_HAVE_LSAN
    return __lsan_do_recoverable_leak_check();
#else
    return 0;
#endif
}
