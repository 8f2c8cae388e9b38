/* sanitizer_canary.c - Criterion tests that MUST fail in a sanitizer build (run one at a time, expected to fail), proving that findings in Criterion's test children fail the suite. */
#include "rel.h"

#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

/*
 * Built only when b_sanitize includes address (see meson.build). Each test
 * is run alone (--filter) by a meson test marked should_fail: if a sanitizer
 * finding in a test child did not fail the test, that meson test would FAIL.
 */

static volatile int sink;

Test(canary, leak)
{
    /* LeakSanitizer's report at the child's exit does not fail a Criterion
     * test, so the reliability tests ask for the check explicitly: this proves
     * that explicit check fails the test when a block is lost. */
    char *volatile p = malloc(64);
    if (p)
        memset(p, 1, 64);
    p = NULL;
    cr_assert_eq(rel_leaks(), 0, "LeakSanitizer found leaks (report above)");
}

Test(canary, heap_overflow)
{
    char *volatile p = malloc(16);
    sink = p[16]; /* one byte past the block */
    free(p);
}

Test(canary, overread_inside_library)
{
    /* The library itself is instrumented: a raw kernel told n = 65 over
     * 64-element arrays must be caught inside libcbatch. Any entry of the
     * batch form will do (the first); every layout's arrays hold 64
     * elements, the output has room for 65, so the only bad access is the
     * kernel's read of element 64. */
    enum { HELD = 64 };
    const size_t e = rel_batch_entry(0);
    const cb_entry_info *d = cb_entry_info_of(e);
    float *a = calloc(HELD, sizeof(float));
    cb_box *boxes = calloc(HELD, sizeof *boxes);
    cb_circle *circles = calloc(HELD, sizeof *circles);
    tk_out out;
    tk_out_malloc(&out, d, HELD + 1);
    cb_obox *oboxes = calloc(HELD, sizeof *oboxes);
    cb_box_soa bs = {a, a, a, a};
    cb_circle_soa cs = {a, a, a};
    cb_obox_soa os = {a, a, a, a, a, a};
    cb_sweep_soa ws = {a, a, a, a, a};
    tk_views v = {&bs, boxes, &cs, circles, &os, oboxes, &ws, NULL};
    tk_probe p = {{0, 0, 1}, {0, 0, 1, 1}, {0, 0, 1, 1, 1, 0}};
    cb_args args = rel_args(d, &v, &p, HELD + 1, out.out, 0);
    sink = (int)cb_entry_kernel(e, CB_BACKEND_SCALAR)(&args);
    free(a), free(boxes), free(circles), free(oboxes);
    tk_out_free(&out);
}

Test(canary, undefined_behaviour)
{
    volatile int big = 0x7fffffff;
    sink = big + 1; /* signed overflow: UBSan, fatal with -fno-sanitize-recover=all */
}
