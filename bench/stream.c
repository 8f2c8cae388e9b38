/* stream.c - the memory baseline: a vectorised streaming read (a sum) of the arrays a kernel reads, built at baseline and at -march=native. */
#include "bench.h"

#include <string.h>

/*
 * A kernel that reads n boxes cannot beat the time to merely read them: at
 * sizes beyond the caches this sum is the bound, and each backend is shown
 * as a fraction of it. The words are summed as integers, which the compiler
 * vectorises without reassociation rules (a float sum would stay scalar
 * under the project's strict float flags); four accumulators per stream are
 * left to the vectoriser. memcpy is the portable way to read a float's bits
 * and compiles to a plain load. Built like clamp_loop.c: CB_STREAM_PREFIX =
 * stream_base (baseline ISA) or stream_native (-O3 -march=native).
 */
#ifndef CB_STREAM_PREFIX
#error "define CB_STREAM_PREFIX (stream_base or stream_native)"
#endif

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define FN(name) CAT(CB_STREAM_PREFIX, name)

const uint32_t FN(isa) = BENCH_BUILD_ISA;

static inline uint32_t word(const float *p)
{
    uint32_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

uint32_t FN(sum4)(const float *a, const float *b, const float *c, const float *d, size_t n)
{
    uint32_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += word(a + i) + word(b + i) + word(c + i) + word(d + i);
    return s;
}

uint32_t FN(sum6)(const float *a, const float *b, const float *c, const float *d, const float *e,
                  const float *f, size_t n)
{
    uint32_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += word(a + i) + word(b + i) + word(c + i) + word(d + i) + word(e + i) + word(f + i);
    return s;
}

uint32_t FN(sum3)(const float *a, const float *b, const float *c, size_t n)
{
    uint32_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += word(a + i) + word(b + i) + word(c + i);
    return s;
}

uint32_t FN(sum1)(const float *a, size_t n)
{
    uint32_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += word(a + i);
    return s;
}
