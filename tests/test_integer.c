/* test_integer.c - the integer shapes (cbatch.h, INTEGER COORDINATES): every backend and the public functions against the exact reference (check_integer.c), the converters, the validators and bad input. */
#include "cr_check.h" /* check.h, the run's one seed, failures as assertions */

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <string.h>

static int subjects[CB_BACKEND_COUNT + 1];

ParameterizedTestParameters(integer, exact)
{
    for (int b = 0; b <= CB_BACKEND_COUNT; b++)
        subjects[b] = b;
    return cr_make_param_array(int, subjects, CB_BACKEND_COUNT + 1);
}

/* Every integer entry: lengths 0 .. 3 vectors of AVX-512 and more, and one
 * large corpus, against the 128-bit reference. */
ParameterizedTest(int *b, integer, exact, .timeout = 600)
{
    const char *why;
    if (*b != TB_PUBLIC && !tb_backend_runnable(*b, &why))
        cr_skip_test("%s: %s", cb_backend_name((cb_backend)*b), why);
    size_t calls = tb_int_check(*b, 3 * 16 + 5, 4099);
    cr_log_info("%s: %zu calls equal to the reference, " TB_SEED_FMT,
                *b == TB_PUBLIC ? "public" : cb_backend_name((cb_backend)*b), calls, tb_seed());
}
