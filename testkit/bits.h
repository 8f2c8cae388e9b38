/* bits.h - a binary32 float's bits and back (memcpy, so no aliasing or NaN canonicalisation), shared by the tests, the digest, the fuzzer and the benchmark. */
#ifndef CB_TESTKIT_BITS_H
#define CB_TESTKIT_BITS_H

#include <stdint.h>
#include <string.h>

static inline uint32_t tk_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline float tk_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

#endif
