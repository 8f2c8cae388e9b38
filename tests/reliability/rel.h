/* rel.h - helpers of the reliability suites: the arguments of any entry, result comparison with a report, runnable backends, leak checks. */
#ifndef CB_REL_H
#define CB_REL_H

#include <cbatch.h>
#include <reference.h>

#include <stddef.h>
#include <stdint.h>

/*
 * The suites never name an entry point: they loop over the entries of the
 * batch form (TK_FOR_ENTRIES(e, TK_BATCH); the driver also over the pairs
 * and candidates forms) and read what each entry takes and writes from
 * cb_entry_info_of(e), so a new row of the registry is covered without
 * editing them.
 */

/* The arguments of one call of entry d: its input from the views (tk_pick),
 * and only the single shape d reads from the probe (tk_args); the others
 * stay zero, as cb_args asks. The margin (read by contact entries only) is
 * REL_MARGIN; callers that vary it set a.margin. Any pointer may be NULL
 * (the bad-input tests want that). */
#define REL_MARGIN 1.0f
cb_args rel_args(const cb_entry_info *d, const tk_views *v, const tk_probe *p, size_t n, void *out,
                 unsigned flags);

/* The number of entries of the batch form, and the k-th of them (k below
 * that number) in the table's order: how a suite picks a batch entry at
 * random. */
size_t rel_batch_count(void);
size_t rel_batch_entry(size_t k);

/* tk_same_output, with the first difference printed to stderr after `what`
 * (nothing is printed when what is NULL). 1 when the results are the same;
 * two CB_INVALID counts are the same (neither call wrote anything). */
int rel_same(const cb_entry_info *d, size_t n, size_t count_a, const void *a, size_t count_b,
             const void *b, const char *what);

/* ---- backends */

/* The backends that can run here (cb_backend_status CB_OK), scalar first;
 * returns how many. cb_entry_kernel must give a kernel of every entry for
 * each of them: callers treat a NULL there as a failure, not a skip. */
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
