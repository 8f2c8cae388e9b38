/* timing.c - the clock, the one runner of every timed row (calibration, interleaved samples, statistics), and how batch sizes are printed. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

volatile uint64_t bench_sink;

/* CLOCK_MONOTONIC: never steps with NTP, read through the vDSO; a read can
 * cost as much as a small batch, which is why every sample runs enough calls
 * to last --sample-ms. */
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

/*
 * The runner. Calibrate each row, which also warms code, data and clock
 * speed: single calls until sample_ns has passed (at least two, but one for
 * a call longer than LONG_CALL_NS, at most 1000), then one sample at the
 * count that suggests (a single call's time includes the clock's own cost,
 * which a small batch's hides behind), then enough calls per sample to last
 * sample_ns. With a budget, a row's reps are cut (to at least MIN_REPS) so
 * its samples take about that long. Then interleaved rounds: each samples
 * every row that still has reps to take, once, starting at a different row,
 * so a slow spell (another build on the shared cores, a frequency change)
 * lands on all rows alike; before each sample one untimed call brings the
 * row's data back into cache (but for long calls, which need none).
 */
#define LONG_CALL_NS 20e6
#define MIN_REPS 3

void time_rows(const bench_opts *o, bench_timing *t, int nr, bench_sample_fn fn, void *ctx,
               double budget_ns)
{
    int maxr = 0;
    for (int i = 0; i < nr; i++) {
        bench_timing *r = &t[i];
        double spent = 0, best = 1e300;
        int calls = 0;
        while ((spent < o->sample_ns && calls < 1000) || (calls < 2 && best < LONG_CALL_NS)) {
            const double x = fn(ctx, i, 1);
            spent += x, calls++;
            best = x < best ? x : best;
        }
        r->first_ns = best;
        double per = best > 1 ? best : 1;
        double want = o->sample_ns / per;
        r->iters = want < 1 ? 1 : (unsigned long)want + 1;
        if (r->iters > 1) {
            const double x = fn(ctx, i, r->iters) / (double)r->iters;
            per = x > 0.05 ? x : 0.05;
            want = o->sample_ns / per;
            r->iters = want < 1 ? 1 : (unsigned long)want + 1;
        }
        r->reps = o->reps;
        const double sample = per * (double)r->iters;
        if (budget_ns > 0 && r->reps > MIN_REPS && sample * r->reps > budget_ns) {
            r->reps = (int)(budget_ns / sample);
            r->reps = r->reps < MIN_REPS ? MIN_REPS : r->reps;
        }
        maxr = r->reps > maxr ? r->reps : maxr;
    }
    fprintf(stderr, " reps:");
    for (int k = 0; k < maxr; k++) {
        for (int j = 0; j < nr; j++) {
            const int i = (j + k * 7) % nr;
            bench_timing *r = &t[i];
            if (k >= r->reps)
                continue;
            if (r->first_ns < LONG_CALL_NS)
                fn(ctx, i, 1); /* untimed */
            r->s[k] = fn(ctx, i, r->iters) / (double)r->iters;
        }
        fprintf(stderr, " %d", k + 1);
    }
    for (int i = 0; i < nr; i++)
        time_stats(t[i].s, t[i].reps, &t[i].min, &t[i].med, &t[i].max);
}

/* The core clock, from a chain of dependent integer adds (one cycle each on
 * every x86-64 and AArch64 core; eight per iteration so the loop's own
 * instructions hide behind them): lets a reader turn ns into cycles. Best of
 * five, as other work can only slow it. 0 where there is no inline asm. */
double time_clock_ghz(void)
{
#if (defined(__x86_64__) || defined(__aarch64__)) && defined(__GNUC__)
    const long n = 5000000; /* iterations of 8 dependent adds: milliseconds at any clock */
    long x = 0;
    double best = 1e300;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = time_now_ns();
        for (long i = 0; i < n; i++)
#if defined(__x86_64__)
            __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
                             "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0"
                             : "+r"(x));
#else
            __asm__ volatile("add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\t"
                             "add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\t"
                             "add %0, %0, #1\n\tadd %0, %0, #1"
                             : "+r"(x));
#endif
        double t = time_now_ns() - t0;
        best = t < best ? t : best;
    }
    bench_sink += (uint64_t)x;
    return 8.0 * (double)n / best;
#else
    return 0;
#endif
}

const char *fmt_n(size_t n, char *b, size_t len)
{
    if (n >= (1ul << 20) && n % (1ul << 20) == 0)
        snprintf(b, len, "%zuMi", n >> 20);
    else if (n >= 1024 && n % 1024 == 0)
        snprintf(b, len, "%zuKi", n >> 10);
    else
        snprintf(b, len, "%zu", n);
    return b;
}
