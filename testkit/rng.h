/* rng.h - splitmix64, the one replayable generator of the tests, the fuzzer's corpus generator, the digest and the benchmark. */
#ifndef CB_TESTKIT_RNG_H
#define CB_TESTKIT_RNG_H

#include <stdint.h>
#include <string.h>

/* Steele, Lea and Flood's splitmix64: every 64-bit state is a valid seed, and
 * the same seed gives the same stream on every machine. */
typedef struct {
    uint64_t s;
} tk_rng;

#define TK_GOLDEN 0x9E3779B97F4A7C15ull

static inline uint64_t tk_next(tk_rng *r)
{
    uint64_t z = (r->s += TK_GOLDEN);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A float of any bit pattern: NaNs, infinities and denormals included. */
static inline float tk_any_float(tk_rng *r)
{
    uint32_t u = (uint32_t)tk_next(r);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* Uniform in [lo, hi) from 24 random bits, with no libm (the same on every machine). */
static inline float tk_uniform(tk_rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)((tk_next(r) >> 40) * (1.0 / 16777216.0));
}

#endif
