/* c99_consumer.c - cbatch.h from strict C99 (built with -std=c99 -Wall -Wextra -Wpedantic -Werror): no C11 or GNU construct leaks into the public header, and a call links. */
#include <cbatch.h>

#include <stdio.h>

int main(void)
{
    cb_circle c = {0.f, 0.f, 5.f};
    cb_box b = {5.f, -1.f, 6.f, 1.f}; /* its side x = 5 touches */
    uint64_t m1 = 0, m2 = 0;
    int touch = (int)cb_batch_overlap_aos(c, &b, 1, &m1, CB_TOUCH) + (int)m1 - 1;
    int strict = (int)cb_batch_overlap_aos(c, &b, 1, &m2, CB_STRICT) + (int)m2;
    printf("c99_consumer: touch %d, strict %d, %s\n", touch, strict,
           touch == 1 && strict == 0 ? "ok" : "FAIL");
    return touch == 1 && strict == 0 ? 0 : 1;
}
