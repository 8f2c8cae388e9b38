/* rel.h - helpers of the reliability suites: one call site for all eight batch shapes (raw or public), result comparison, runnable backends, leak checks. */
#ifndef CB_REL_H
#define CB_REL_H

#include <cbatch.h>

#include <stddef.h>
#include <stdint.h>

/* ---- the eight batch shapes, so a test loops over them instead of repeating itself */

enum {
    REL_BOXES,           /* cb_batch_overlap */
    REL_BOXES_AOS,       /* cb_batch_overlap_aos */
    REL_CIRCLES,         /* cb_batch_overlap_circles */
    REL_CIRCLES_AOS,     /* cb_batch_overlap_circles_aos */
    REL_BOXES_IDX,       /* cb_batch_overlap_idx */
    REL_BOXES_AOS_IDX,   /* cb_batch_overlap_aos_idx */
    REL_CIRCLES_IDX,     /* cb_batch_overlap_circles_idx */
    REL_CIRCLES_AOS_IDX, /* cb_batch_overlap_circles_aos_idx */
    REL_FN_COUNT
};

extern const char *const rel_fn_names[REL_FN_COUNT];

/* Index shapes write uint32_t entries (room for n), mask shapes uint64_t words. */
static inline int rel_fn_is_idx(int fn) { return fn >= REL_BOXES_IDX; }
/* Shapes that read the one circle and many boxes (the others: many circles, one box). */
static inline int rel_fn_is_boxes(int fn) { return (fn & 2) == 0; }
static inline size_t rel_words(size_t n) { return (n + 63) / 64; }

/* Everything one call can read. Pointers may be NULL (for the bad-input tests). */
typedef struct {
    cb_circle circle; /* the one circle of the boxes shapes */
    cb_box box;       /* the one box of the circles shapes */
    const cb_box_soa *boxes;
    const cb_box *boxes_aos;
    const cb_circle_soa *circles;
    const cb_circle *circles_aos;
} rel_input;

/* Calls shape fn through the raw kernels k, or the public function when k is NULL.
 * out is a uint64_t mask or a uint32_t index list, as the shape says. */
size_t rel_call(const cb_kernels *k, int fn, const rel_input *in, size_t n, void *out,
                unsigned flags);

/* 1 when two results of shape fn over n elements are the same: equal counts,
 * and equal mask words or equal first `count` indices. Otherwise 0, and a
 * description of the first difference goes to stderr, prefixed with what. */
int rel_same(int fn, size_t n, size_t count_a, const void *a, size_t count_b, const void *b,
             const char *what);

/* ---- backends */

/* The backends cb_kernels_for can give here, scalar first; returns how many. */
size_t rel_runnable(cb_backend out[CB_BACKEND_COUNT]);

/* ---- leaks: LeakSanitizer when the build has it, else nothing to check */

/* Criterion reports a test as passed even when LeakSanitizer finds a leak at
 * the child's exit (the report comes after the result was sent). So tests
 * ask for a leak check themselves and assert on the count. */
#if defined(__SANITIZE_ADDRESS__)
#define REL_HAVE_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define REL_HAVE_LSAN 1
#endif
#endif

/* Number of leaks LeakSanitizer finds now (0 without it); the report goes to stderr. */
int rel_leaks(void);

#endif
