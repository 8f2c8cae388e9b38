/* timing.c - the clock and the statistics of repeated samples. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

volatile uint64_t bench_sink;

/* CLOCK_MONOTONIC: never steps with NTP, read through the vDSO (~20 ns),
 * which is why every sample runs enough calls to last about a millisecond. */
double time_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void time_stats(const double *v, int n, double *min, double *med, double *max)
{
    double s[BENCH_MAX_REPS];
    if (n <= 0) {
        *min = *med = *max = 0;
        return;
    }
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    *min = s[0];
    *max = s[n - 1];
    *med = n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}
