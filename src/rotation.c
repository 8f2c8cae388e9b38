/* rotation.c - cb_rotation(s): (cos, sin) of a binary32 angle by exact range reduction and binary32 polynomials, the same bits on every CPU. */
#include "fenv_guard.h"
#include "internal.h"

#include <stdint.h>
#include <string.h>

/*
 * Determinism: every operation here is one whose result IEEE-754 and C11
 * (Annex F) pin down: integer arithmetic, binary32 and binary64 + - * each
 * rounded to nearest-even (the project builds with -ffp-contract=off and
 * -fexcess-precision=standard, and the public functions run this under the
 * float-environment guard), conversions of integers that fit exactly, and
 * double-to-float conversion (rounded to nearest). No libm, no long double,
 * no division, no sqrt. The derivation and the measured errors are in
 * docs/rotation.md; the numbers the header states come from there.
 *
 * Outline, for a finite angle a (computed on |a|; the sign goes on the sine
 * at the end, so cos is even and sin odd bit for bit):
 *   |a| < 2^-12        (1, |a|): correctly rounded there (see rotate_abs)
 *   |a| <= pi/4        no reduction: r = |a|, quadrant 0
 *   |a| < 2^20         Cody-Waite: k = nearest integer to |a| * 2/pi, r = |a| - k pi/2
 *                      with pi/2 in three parts, in binary64 (reduce_medium)
 *   otherwise          Payne-Hanek: |a| * 2/pi mod 4 in 128-bit integer
 *                      arithmetic from a table of bits of 2/pi (reduce_large)
 * then r (binary64) is split into rh + rl (binary32), and the binary32
 * polynomials give sin and cos of rh + rl, combined by the quadrant k mod 4.
 */

/* ------------------------------------------------------ range reduction */

/* Bits 1..256 of the binary expansion of 2/pi, most significant first: word j
 * holds the bits of weight 2^-(32j+1) .. 2^-(32j+32). reduce_large reads bits
 * up to weight 2^-230 (FLT_MAX = (2^24 - 1) * 2^104: 104 + 126). Computed with
 * 2000-bit arithmetic (mpmath); the first words are the well-known A2F9836E
 * 4E441529 FC2757D1. */
static const uint32_t two_over_pi_bits[8] = {
    0xA2F9836Eu, 0x4E441529u, 0xFC2757D1u, 0xF534DDC0u,
    0xDB629599u, 0x3C439041u, 0xFE5163ABu, 0xDEBBC561u,
};

/* The 32 bits of 2/pi of weights 2^-(32q+1) .. 2^-(32q+32); q == -1 (the
 * weights 2^0 .. 2^-31 + 1, above the binary point) is zero. */
static uint64_t tpi_word(int q)
{
    return q < 0 ? 0u : two_over_pi_bits[q];
}

/* The 64 bits of 2/pi of weights 2^-p .. 2^-(p+63), for p >= -31 (bits of
 * weight >= 1 are zero: 2/pi < 1). */
static uint64_t tpi_bits64(int p)
{
    int q = (p + 31) / 32 - 1; /* floor((p - 1) / 32) for p >= -31 */
    int s = (p - 1) - 32 * q;  /* 0 .. 31: the offset of bit p in word q */
    uint64_t w = (tpi_word(q) << 32) | tpi_word(q + 1);
    if (s)
        w = (w << s) | (tpi_word(q + 2) >> (32 - s));
    return w;
}

static int clz64(uint64_t w) /* w != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_clzll(w);
#else
    int n = 0;
    for (; !(w >> 63); w <<= 1)
        n++;
    return n;
#endif
}

/* 2^e as a double, exactly, for -1022 <= e <= 1023 (no libm ldexp). */
static double pow2(int e)
{
    uint64_t u = (uint64_t)(e + 1023) << 52;
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* pi/2 rounded to binary64 (reduce_large's one multiply). */
static const double PIO2 = 0x1.921fb54442d18p+0;

/*
 * Payne-Hanek for |a| >= 2^20 (it is valid for any |a| >= 2^-4; the caller
 * keeps it for the large ones). ia: the bits of |a|. Returns the quadrant k
 * mod 4 and sets *r = |a| - k pi/2 in [-pi/4, pi/4], k the nearest integer to
 * |a| * 2/pi.
 *
 * |a| = m * 2^e with m the 24-bit significand. |a| * 2/pi = sum over bits
 * t_i (weight 2^-i) of m * t_i * 2^(e-i); the terms with e - i >= 2 are
 * multiples of 4 and drop out mod 4, so the 128 bits of weights
 * 2^-(e-1) .. 2^-(e+126) form C, and (m * C) mod 2^128, read with the binary
 * point after its top two bits, is |a| * 2/pi mod 4, short by the bits past
 * the window: less than m * 2^-126 < 2^-102. The nearest integer k is
 * taken from those bits exactly; f = (|a| * 2/pi mod 4) - k in [-1/2, 1/2]
 * is at least 2^-29.86 in magnitude for every binary32 (the closest,
 * 0x1.f37c8ap+95, found by an exhaustive scan, docs/rotation.md), so the
 * window's shortfall is below 2^-72 of f. f keeps 53 bits (truncated, so
 * within 2^-52 of f) and r = f * pi/2 rounds once: r within 2^-50.9 of
 * itself.
 */
static unsigned reduce_large(uint32_t ia, double *r)
{
    int e = (int)(ia >> 23) - 150;
    uint64_t m = (ia & 0x7FFFFFu) | 0x800000u;
    uint64_t c_hi = tpi_bits64(e - 1), c_lo = tpi_bits64(e + 63);

    /* (m * (c_hi:c_lo)) mod 2^128, from 24 x 32-bit partial products. */
    uint64_t p0 = m * (c_lo & 0xFFFFFFFFu);
    uint64_t p1 = m * (c_lo >> 32);
    uint64_t lo = p0 + (p1 << 32);
    uint64_t hi = m * c_hi + (p1 >> 32) + (lo < p0);

    /* Quadrant: the top two bits; the fraction: the other 126, moved up to
     * a 128-bit fraction (hi:lo) of 2^128. */
    unsigned k = (unsigned)(hi >> 62);
    hi = (hi << 2) | (lo >> 62);
    lo <<= 2;
    int negative = 0;
    if (hi >> 63) { /* fraction >= 1/2: round k up, f = fraction - 1 < 0 */
        k++;
        negative = 1;
        hi = ~hi + (lo == 0); /* |f| = 2^128 - fraction */
        lo = ~lo + 1;
    }

    /* Normalise |f| so its leading 1 is bit 127, keep 53 bits. hi == 0 cannot
     * happen for a binary32 (|f| >= 2^-30 > 2^-64) but costs nothing to handle. */
    int shift = 0;
    if (hi == 0) {
        hi = lo;
        lo = 0;
        shift = 64;
        if (hi == 0) { /* f == 0: impossible too (pi is irrational), kept so clz64 gets no 0 */
            *r = 0.0;
            return k & 3u;
        }
    }
    int n = clz64(hi);
    if (n)
        hi = (hi << n) | (lo >> (64 - n));
    shift += n;
    /* |f| = hi * 2^-(64 + shift) up to the dropped bits; hi >> 11 is exact in a double. */
    double f = (double)(hi >> 11) * pow2(-53 - shift);
    double rr = f * PIO2;
    *r = negative ? -rr : rr;
    return k & 3u;
}

/* 2/pi rounded to binary64, and pi/2 = PIO2_1 + PIO2_2 + PIO2_3 + (< 2^-122):
 * PIO2_1 and PIO2_2 hold 33 bits each, so k * PIO2_1 and k * PIO2_2 are exact
 * for k < 2^20. */
static const double INV_PIO2 = 0x1.45f306dc9c883p-1;
static const double PIO2_1 = 0x1.921fb544p+0;
static const double PIO2_2 = 0x1.0b4611a6p-34;
static const double PIO2_3 = 0x1.3198a2e037073p-69;

/*
 * Cody-Waite for pi/4 < |a| < 2^20, in binary64. k = |a| * 2/pi rounded to
 * the nearest integer (ties to even) by adding and subtracting 1.5 * 2^52,
 * which IEEE addition does exactly for 0 <= t < 2^51; the rounding of t may
 * pick the other neighbour within 2^-32 of a half, so |r| <= pi/4 + 2^-31.
 * x - k * PIO2_1 is exact (both are multiples of 2^-32 and the difference is
 * below 1), k * PIO2_2 is exact; the two remaining subtractions and k * PIO2_3
 * round, each within 2^-53 of |r| or less, and the parts of pi/2 past
 * PIO2_3 contribute k * 2^-122 < 2^-102. Every binary32 in this range has
 * |r| >= 2^-27.8 (0x1.f9cbe2p+7, docs/rotation.md), so r is within 2^-51 of
 * itself.
 */
static unsigned reduce_medium(float ax, double *r)
{
    double x = (double)ax;
    double t = x * INV_PIO2;
    double kd = (t + 0x1.8p52) - 0x1.8p52;
    *r = ((x - kd * PIO2_1) - kd * PIO2_2) - kd * PIO2_3;
    return (unsigned)(int32_t)kd & 3u;
}

/* ----------------------------------------------------------- polynomials */

/*
 * sin r ~ r + S3 r^3 + S5 r^5 + S7 r^7 + S9 r^9 and
 * cos r ~ 1 - r^2/2 + C4 r^4 + C6 r^6 + C8 r^8 on |r| <= pi/4 + 2^-20.
 * Fitted by weighted minimax (Remez exchange in 40-digit arithmetic; the
 * script is in docs/rotation.md): relative error for sin, absolute for cos,
 * the coefficients rounded to binary32 one at a time from the lowest degree,
 * the higher ones refitted after each rounding. With these binary32
 * coefficients, evaluated exactly, the approximation errors are below
 * 2^-32.2 (relative, sin) and 2^-32.7 (absolute, cos): under 0.01 ulp, so
 * the results' errors are the binary32 evaluation's (docs/rotation.md).
 * Taylor truncated at the same degrees would err by 2^-28.6 (sin) and
 * 2^-25.3 (cos, 0.4 ulp): hence the fit.
 */
static const float S3 = -0x1.555556p-3f, S5 = 0x1.11117cp-7f, S7 = -0x1.a061f4p-13f,
                   S9 = 0x1.7e676ep-19f;
static const float C4 = 0x1.55554ep-5f, C6 = -0x1.6c0e3cp-10f, C8 = 0x1.9a6d9ap-16f;

/*
 * sin(x + y) for |x| <= pi/4 + 2^-20 and |y| <= ulp(x)/2, as
 * x + (x^3 S(x^2) + y (1 - x^2/2)): y cos x to first order, the y^2 term is
 * below 2^-50 of the result. The tail is at most 0.11 |x|, so its few
 * roundings cost about 0.3 ulp and the final addition 0.5 ulp.
 * Odd: every operation rounds symmetrically, so sin_rr(-x, -y) is exactly
 * -sin_rr(x, y).
 */
static float sin_rr(float x, float y)
{
    float z = x * x;
    float v = z * x;
    float p = S3 + z * (S5 + z * (S7 + z * S9));
    return x + ((v * p) + (y - (0.5f * z) * y));
}

/*
 * cos(x + y), same ranges, as 1 - x^2/2 + x^4 C(x^2) - x y. The rounding of
 * w = 1 - x^2/2 is recovered exactly: 1 - w is exact (Sterbenz, w in
 * [0.69, 1]) and (1 - w) - hz is the rounding error of a binary32 sum, which
 * is representable. What is left: the rounding of z = x * x (up to 0.31 ulp
 * of the result), the final addition (0.5 ulp) and the small terms.
 * Even: cos_rr(-x, -y) == cos_rr(x, y) exactly.
 */
static float cos_rr(float x, float y)
{
    float z = x * x;
    float hz = 0.5f * z;
    float w = 1.0f - hz;
    float p = (z * z) * (C4 + z * (C6 + z * C8));
    return w + (((1.0f - w) - hz) + (p - x * y));
}

/* --------------------------------------------------------- the rotation */

static const uint32_t DEFAULT_NAN = 0x7FC00000u;

static float float_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* (cos a, sin |a|) for a finite angle whose magnitude is ax (bits ia). */
static cb_rot rotate_abs(float ax, uint32_t ia)
{
    cb_rot out;
    if (ia < 0x39800000u) {
        /* |a| < 2^-12: |sin a - a| < a^3/6 < 2^-26.5 |a| and 1 - cos a < 2^-25,
         * both under half an ulp of the result, so (1, a) is correctly
         * rounded; denormals and zeros come out exact. */
        out.c = 1.0f;
        out.s = ax;
        return out;
    }
    double r;
    unsigned k;
    if (ia <= 0x3F490FDBu) { /* |a| <= pi/4 rounded up to binary32 */
        r = (double)ax;
        k = 0;
    } else if (ia < 0x49800000u) { /* |a| < 2^20 */
        k = reduce_medium(ax, &r);
    } else {
        k = reduce_large(ia, &r);
    }
    /* r - rh is exact in binary64 (the rounding error of rh); rl keeps it to
     * 2^-24 of itself, so rh + rl is r within 2^-48 of |r|. */
    float rh = (float)r;
    float rl = (float)(r - (double)rh);
    float s = sin_rr(rh, rl), c = cos_rr(rh, rl);
    switch (k) {
    case 0: out.c = c; out.s = s; break;
    case 1: out.c = -s; out.s = c; break;
    case 2: out.c = -c; out.s = -s; break;
    default: out.c = s; out.s = -c; break;
    }
    return out;
}

static void rotations_raw(const float *angles, size_t n, float *c, float *s)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t u;
        float a = angles[i]; /* read before writing: c or s may be angles itself */
        memcpy(&u, &a, sizeof u);
        uint32_t ia = u & 0x7FFFFFFFu;
        cb_rot o;
        if (ia >= 0x7F800000u) {
            o.c = o.s = float_of(DEFAULT_NAN);
        } else {
            o = rotate_abs(float_of(ia), ia);
            if (u >> 31)
                o.s = -o.s;
        }
        c[i] = o.c;
        s[i] = o.s;
    }
}

/* Called through a volatile pointer so the compiler cannot inline the float
 * work and move it across the guard's mode switch (fenv_guard.h). */
static void (*volatile rotations_kernel)(const float *, size_t, float *, float *) = rotations_raw;

cb_status cb_rotations(const float *angles, size_t n, float *c, float *s)
{
    if (!n)
        return CB_OK;
    if (!angles || !c || !s)
        return CB_ERR_INVALID_ARG;
    cb_fenv e = cb_fenv_enter();
    rotations_kernel(angles, n, c, s);
    cb_fenv_leave(e);
    return CB_OK;
}

cb_rot cb_rotation(float angle)
{
    cb_rot out;
    cb_rotations(&angle, 1, &out.c, &out.s);
    return out;
}
