/* rel.c - helpers of the reliability suites: an entry's arguments, result comparison with a report, runnable backends, leak checks. */
#include "rel.h"

#include <stdio.h>

#ifdef REL_HAVE_LSAN
#include <sanitizer/lsan_interface.h>
#endif

cb_args rel_args(const cb_entry_info *d, const tk_views *v, const tk_probe *p, size_t n, void *out,
                 unsigned flags)
{
    return tk_args(d, p, v ? tk_pick(d, v) : NULL, n, out, flags, REL_MARGIN);
}

size_t rel_batch_count(void)
{
    size_t count = 0;
    TK_FOR_ENTRIES(e, TK_BATCH)
        count++;
    return count;
}

size_t rel_batch_entry(size_t k)
{
    TK_FOR_ENTRIES(e, TK_BATCH)
        if (k-- == 0)
            return e;
    return cb_entry_count();
}

int rel_same(const cb_entry_info *d, size_t n, size_t count_a, const void *a, size_t count_b,
             const void *b, const char *what)
{
    char why[256];
    if (count_a == CB_INVALID && count_b == CB_INVALID)
        return 1; /* both refused the call: nothing was written to compare */
    if (tk_same_output(d, n, count_a, a, count_b, b, why, sizeof why))
        return 1;
    if (what)
        fprintf(stderr, "%s: %s\n", what, why);
    return 0;
}

size_t rel_runnable(cb_backend out[CB_BACKEND_COUNT])
{
    size_t m = 0;
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        if (cb_backend_status((cb_backend)b, NULL) == CB_OK)
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
