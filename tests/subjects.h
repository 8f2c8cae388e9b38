/* subjects.h - what the Criterion suites that run every backend share: the run's one seed and check.h's failures (cr_check.h), the subjects (each backend's raw kernels, and the public functions), a skip by name for a backend that cannot run here, and one call of an entry on a subject. Include once per test program, after criterion.h and support.h. */
#ifndef CB_TESTS_SUBJECTS_H
#define CB_TESTS_SUBJECTS_H

#include "cr_check.h"

#define SEED_FMT TB_SEED_FMT
#define U24 0x1p-24

/* --------------------------------------------------------------- subjects */

/* The backend enumerators, and one more for the public functions
 * (tb_subjects, check.h). */
#define PUBLIC TB_PUBLIC
#define N_SUBJECTS ((size_t)TB_PUBLIC + 1)

/* The subject's name when it can run here; a backend that cannot is skipped
 * by name with the library's reason (never a silent pass). */
static inline const char *subject_or_skip(int s)
{
    if (s == PUBLIC) {
        cr_log_info("subject: the public functions (cb_entry_call; active backend %s)",
                    cb_backend_name(cb_active_backend()));
        return "public";
    }
    const char *name = cb_backend_name((cb_backend)s);
    const char *why = "(no reason given)";
    if (cb_backend_status((cb_backend)s, &why) != CB_OK)
        cr_skip_test("SKIP backend %s: %s", name, why);
    cr_log_info("subject: backend %s (raw kernels)", name);
    return name;
}

static inline size_t run(int s, size_t e, const cb_args *a)
{
    if (s == PUBLIC)
        return cb_entry_call(e, a);
    cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)s);
    cr_assert_not_null(k, "backend %s is runnable but has no kernel for %s",
                       cb_backend_name((cb_backend)s), cb_entry_info_of(e)->name);
    return k(a);
}

#endif
