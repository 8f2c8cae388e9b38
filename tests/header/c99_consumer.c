/* c99_consumer.c - cbatch.h from strict C99 (built with -std=c99 -Wall -Wextra -Wpedantic -Werror): no C11 or GNU construct leaks into the public header, and a call links. */
#include <cbatch.h>

#include <stdio.h>

int main(void)
{
    cb_circle c = {0.f, 0.f, 5.f};
    cb_box b = {5.f, -1.f, 6.f, 1.f}; /* its side x = 5 touches */
    int touch = cb_overlap(c, b, CB_TOUCH), strict = cb_overlap(c, b, CB_STRICT);
    printf("c99_consumer: touch %d, strict %d, %s\n", touch, strict,
           touch == 1 && strict == 0 ? "ok" : "FAIL");
    return touch == 1 && strict == 0 ? 0 : 1;
}
