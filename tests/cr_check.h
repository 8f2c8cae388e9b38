/* cr_check.h - what a Criterion suite that uses check.h needs, once per test program: one seed for the whole run, and check.h's failures reported as Criterion assertions. */
#ifndef CB_TESTS_CR_CHECK_H
#define CB_TESTS_CR_CHECK_H

#include "check.h"

#include <criterion/criterion.h>
#include <criterion/hooks.h>

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

/* check.h's TB_ASSERT ends here: the test fails with the message (and does
 * not return, as tb_fail requires). */
void tb_fail_report(const char *message)
{
    cr_assert_fail("%s", message);
}

#endif
