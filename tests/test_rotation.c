/* test_rotation.c - cb_rotation(s) against double-precision cos/sin (the header's stated bounds), its exact symmetries and special values, the batch form and its argument checks, the caller's float mode, and golden bits that every CPU must reproduce. */
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/hooks.h>

#include <bits.h>
#include <float.h>
#include <fpctl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The reference is the C library's double cos and sin of the angle: a binary32
 * angle is exactly a double, glibc reduces every double correctly (its own
 * Payne-Hanek for huge arguments) and is accurate to about an ulp of double,
 * 2^-29 of the bounds asserted here. libm is used by this test only; the
 * library has none.
 *
 * The bounds are the header's (cbatch.h, rotations), measured there over
 * every binary32 angle (docs/rotation.md); here a sample of a few million
 * angles, chosen where the errors are largest or the reduction hardest,
 * must stay within them, each result faithfully rounded (as measured there).
 */
#define ABS_BOUND (0.79 * 0x1p-24) /* |c - cos a|, |s - sin a| */
#define ULP_BOUND 0.79             /* the same in ulps of the exact value */
#define NORM_BOUND (2.1 * 0x1p-24) /* |c^2 + s^2 - 1| */

/* pi in double (M_PI is not C11). */
static const double PI = 3.14159265358979323846;

#define SEED_FMT "seed 0x%016" PRIx64 " (replay with CB_SEED)"

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

/* ------------------------------------------------------------ the check */

/* The spacing of binary32 numbers at the magnitude of y (exact value, not
 * the rounded result): 2^(e - 23) for |y| in [2^e, 2^(e+1)), at least the
 * denormal spacing 2^-149. */
static double ulp_at(double y)
{
    int e;
    (void)frexp(fabs(y), &e); /* |y| in [2^(e-1), 2^e) */
    return e - 24 < -149 ? 0x1p-149 : ldexp(1.0, e - 24);
}

/* r is one of the two binary32 around y (faithful rounding): the nearest,
 * or the one on the other side of y. */
static int faithful(float r, double y)
{
    float f = (float)y;
    float other = (double)f < y ? nextafterf(f, INFINITY) : nextafterf(f, -INFINITY);
    return r == f || r == other;
}

typedef struct {
    size_t n;
    double abs, ulp, norm; /* the largest seen */
    uint32_t abs_at, ulp_at, norm_at;
} err_stats;

/* One angle's result o against the reference and the stated bounds. */
static void check_one(err_stats *st, float a, cb_rot o)
{
    double x = a, rc = cos(x), rs = sin(x);
    double ec = fabs(o.c - rc), es = fabs(o.s - rs);
    double uc = ec / ulp_at(rc), us = es / ulp_at(rs);
    /* c*c and s*s are exact in double; the larger minus 1 is exact too (it
     * is at least 1/4), so only the last sum rounds, by 2^-53 of itself. */
    double cc = (double)o.c * o.c, ss = (double)o.s * o.s;
    double norm = fabs(cc >= ss ? (cc - 1.0) + ss : (ss - 1.0) + cc);

    cr_assert(ec <= ABS_BOUND && es <= ABS_BOUND,
              "angle %a (0x%08" PRIx32 "): c %a s %a, |c - cos| = %.3f, |s - sin| = %.3f "
              "(x 2^-24, bound %.2f)",
              a, tk_bits(a), o.c, o.s, ec * 0x1p24, es * 0x1p24, ABS_BOUND * 0x1p24);
    cr_assert(uc <= ULP_BOUND && us <= ULP_BOUND,
              "angle %a (0x%08" PRIx32 "): c %a s %a, errors %.3f and %.3f ulp (bound %.2f)", a,
              tk_bits(a), o.c, o.s, uc, us, ULP_BOUND);
    cr_assert(norm <= NORM_BOUND,
              "angle %a (0x%08" PRIx32 "): |c^2 + s^2 - 1| = %.3f x 2^-24 (bound %.2f)", a,
              tk_bits(a), norm * 0x1p24, NORM_BOUND * 0x1p24);
    cr_assert(fabsf(o.c) <= 1.0f && fabsf(o.s) <= 1.0f, "angle %a: c %a s %a beyond 1", a, o.c,
              o.s);
    cr_assert(faithful(o.c, rc) && faithful(o.s, rs),
              "angle %a (0x%08" PRIx32 "): (%a, %a) is not (cos, sin) = (%a, %a) faithfully "
              "rounded",
              a, tk_bits(a), o.c, o.s, rc, rs);

    st->n++;
    double e = fmax(ec, es), u = fmax(uc, us);
    if (e > st->abs) {
        st->abs = e;
        st->abs_at = tk_bits(a);
    }
    if (u > st->ulp) {
        st->ulp = u;
        st->ulp_at = tk_bits(a);
    }
    if (norm > st->norm) {
        st->norm = norm;
        st->norm_at = tk_bits(a);
    }
}

/* Checks n angles through the batch function (the single form is proven
 * equal to it in batch_equals_single). */
static void check_many(err_stats *st, const float *a, size_t n)
{
    enum { CHUNK = 4096 };
    static float c[CHUNK], s[CHUNK];
    for (size_t i = 0; i < n; i += CHUNK) {
        size_t m = n - i < CHUNK ? n - i : CHUNK;
        cr_assert_eq(cb_rotations(a + i, m, c, s), CB_OK);
        for (size_t j = 0; j < m; j++) {
            cb_rot o = {c[j], s[j]};
            check_one(st, a[i + j], o);
        }
    }
}

static void log_stats(const char *what, const err_stats *st)
{
    cr_log_info("%s: %zu angles; largest error %.4f x 2^-24 (at 0x%08" PRIx32 "), %.4f ulp (at "
                "0x%08" PRIx32 "), |c^2 + s^2 - 1| %.4f x 2^-24 (at 0x%08" PRIx32 ")",
                what, st->n, st->abs * 0x1p24, st->abs_at, st->ulp, st->ulp_at, st->norm * 0x1p24,
                st->norm_at);
}

/* A growable list of angles. */
typedef struct {
    float *a;
    size_t n, cap;
} angle_list;

static void push(angle_list *l, float a)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 4096;
        l->a = realloc(l->a, l->cap * sizeof *l->a);
        cr_assert_not_null(l->a, "out of memory");
    }
    l->a[l->n++] = a;
}

/* a and its neighbours up to `span` ulps either way, both signs. */
static void push_around(angle_list *l, float a, int span)
{
    uint32_t u = tk_bits(fabsf(a));
    for (int d = -span; d <= span; d++) {
        int64_t v = (int64_t)u + d;
        if (v < 0 || v >= 0x7F800000)
            continue;
        push(l, tk_float((uint32_t)v));
        push(l, -tk_float((uint32_t)v));
    }
}

/* -------------------------------------------------------------- sweeps */

/* Around the circle: every 509th binary32 in [0, 2 pi] by bit pattern (so
 * every binade from the denormals up, each sampled evenly), and 2^18 angles
 * evenly spaced in value over [-2 pi, 2 pi] (where angles usually live). */
Test(rotation, sweep_two_pi, .timeout = 600)
{
    angle_list l = {0};
    const uint32_t two_pi = 0x40C90FDBu; /* 2 pi rounded to binary32 */
    for (uint32_t u = 0; u <= two_pi + 8; u += 509)
        push(&l, tk_float(u));
    const int N = 1 << 18;
    for (int i = 0; i <= N; i++)
        push(&l, (float)(-2.0 * PI + 4.0 * PI * i / N));
    err_stats st = {0};
    check_many(&st, l.a, l.n);
    log_stats("[-2 pi, 2 pi]", &st);
    free(l.a);
}

/* Random floats of every binade, denormals to FLT_MAX, both signs. */
Test(rotation, random_every_exponent, .timeout = 600)
{
    tk_rng r = tb_rng_for(0xA0700000u);
    cr_log_info("random_every_exponent: " SEED_FMT, tb_seed());
    angle_list l = {0};
    for (uint32_t e = 0; e < 255; e++)
        for (int k = 0; k < 1000; k++) {
            uint32_t m = (uint32_t)tk_next(&r);
            push(&l, tk_float((m & 0x807FFFFFu) | e << 23));
        }
    err_stats st = {0};
    check_many(&st, l.a, l.n);
    log_stats("every exponent", &st);
    free(l.a);
}

/* The hardest binary32 angles for the reduction: the ones closest to a
 * multiple of pi/2, from an exhaustive scan of every binary32 with exact
 * arithmetic (docs/rotation.md), with the distance in quadrants. */
static const uint32_t closest_to_quadrant[] = {
    0x6F79BE45u, /* 0x1.f37c8ap+95: 2^-29.86, the closest of all */
    0x50A3E87Fu, /* 0x1.47d0fep+34: 2^-29.54 */
    0x6FF9BE45u, 0x5123E87Fu,
    0x437CE5F1u, /* 0x1.f9cbe2p+7 (252.9): 2^-28.48, the closest below 2^20 */
    0x7079BE45u, 0x6A1976F1u, 0x53B146A6u,
};

/* The largest errors of the exhaustive measurement (docs/rotation.md), per
 * reduction path: the stated bounds are these, rounded up. */
static const uint32_t worst_measured[] = {
    0x5B575DF2u, /* error 0.7867 x 2^-24 (Payne-Hanek), the largest of all */
    0x4863809Cu, /* 0.7828 (Cody-Waite) */
    0x3F3939B7u, /* 0.7521 (no reduction) */
    0x4A41ED92u, /* |c^2 + s^2 - 1| = 2.0978 x 2^-24, the largest of all */
    0x3F4A8719u, /* 2.0883 (Cody-Waite) */
    0x3F451489u, /* 2.0164 (no reduction) */
};

/* Where the reduction is hard or switches: floats nearest multiples of pi/4
 * (quadrant boundaries, and the zeros of cos and sin), the scan's hardest
 * angles and the largest errors measured, the thresholds between the
 * reduction paths, powers of two to FLT_MAX, each with neighbours. */
Test(rotation, hard_cases, .timeout = 600)
{
    angle_list l = {0};
    for (int k = 1; k <= 40000; k++)
        push_around(&l, (float)(k * (PI / 4)), 2);
    for (int j = 0; j < 64; j++) /* multiples of pi/2 up to 2^63 */
        for (int m = 1; m <= 7; m += 2)
            push_around(&l, (float)(ldexp(m, j) * (PI / 2)), 2);
    for (size_t i = 0; i < sizeof closest_to_quadrant / sizeof *closest_to_quadrant; i++)
        push_around(&l, tk_float(closest_to_quadrant[i]), 3);
    for (size_t i = 0; i < sizeof worst_measured / sizeof *worst_measured; i++)
        push_around(&l, tk_float(worst_measured[i]), 0);
    /* the paths: |a| < 2^-12 (no work), <= pi/4 (no reduction), < 2^20
     * (Cody-Waite), above (Payne-Hanek) */
    push_around(&l, 0x1p-12f, 4);
    push_around(&l, tk_float(0x3F490FDBu), 4);
    push_around(&l, 0x1p20f, 4);
    for (int e = -149; e <= 127; e++)
        push_around(&l, ldexpf(1.0f, e), 2);
    push_around(&l, FLT_MAX, 8);
    err_stats st = {0};
    check_many(&st, l.a, l.n);
    log_stats("hard cases", &st);
    free(l.a);
}

/* --------------------------------------------------------- exact rules */

/* cos is even and sin odd bit for bit, for finite angles of every binade:
 * every 4099th bit pattern and random ones. */
Test(rotation, symmetry_exact, .timeout = 600)
{
    tk_rng r = tb_rng_for(0xA0710000u);
    cr_log_info("symmetry_exact: " SEED_FMT, tb_seed());
    size_t n = 0;
    for (uint64_t u = 0; u < 0x7F800000u + 100000u; u += 4099) {
        float a = u < 0x7F800000u ? tk_float((uint32_t)u) : tk_uniform(&r, -1e6f, 1e6f);
        cb_rot p = cb_rotation(a), m = cb_rotation(-a);
        cr_assert(tk_bits(m.c) == tk_bits(p.c) && tk_bits(m.s) == (tk_bits(p.s) ^ 0x80000000u),
                  "angle %a: (%a, %a) but -angle gives (%a, %a)", a, p.c, p.s, m.c, m.s);
        n++;
    }
    cr_log_info("symmetry: %zu angles", n);
}

Test(rotation, special_values)
{
    cb_rot o = cb_rotation(0.0f);
    cr_assert(tk_bits(o.c) == 0x3F800000u && tk_bits(o.s) == 0u, "rotation(0) = (%a, %a)", o.c,
              o.s);
    o = cb_rotation(-0.0f);
    cr_assert(tk_bits(o.c) == 0x3F800000u && tk_bits(o.s) == 0x80000000u,
              "rotation(-0) = (%a, %a), want (1, -0)", o.c, o.s);

    /* NaNs of any sign and payload, quiet or signalling, and both infinities. */
    const uint32_t nonfinite[] = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u,
                                  0x7F800001u, 0xFF800001u, 0x7FBFFFFFu, 0x7FFFFFFFu,
                                  0xFFFFFFFFu, 0x7FC12345u};
    for (size_t i = 0; i < sizeof nonfinite / sizeof *nonfinite; i++) {
        o = cb_rotation(tk_float(nonfinite[i]));
        cr_assert(tk_bits(o.c) == 0x7FC00000u && tk_bits(o.s) == 0x7FC00000u,
                  "angle bits 0x%08" PRIx32 ": (0x%08" PRIx32 ", 0x%08" PRIx32
                  "), want both 0x7FC00000",
                  nonfinite[i], tk_bits(o.c), tk_bits(o.s));
    }

    /* |a| < 2^-12: exactly (1, a), denormals included (every 97th pattern). */
    for (uint32_t u = 1; u < 0x39800000u; u += 97 * 1021) {
        float a = tk_float(u);
        o = cb_rotation(a);
        cr_assert(o.c == 1.0f && tk_bits(o.s) == u, "angle %a: (%a, %a), want (1, angle)", a,
                  o.c, o.s);
    }
}

/* ------------------------------------------------------ the batch form */

Test(rotation, batch_equals_single)
{
    tk_rng r = tb_rng_for(0xA0720000u);
    cr_log_info("batch_equals_single: " SEED_FMT, tb_seed());
    enum { N = 1000 };
    static float a[N], c[N + 1], s[N + 1], cp[N], sp[N];
    for (size_t i = 0; i < N; i++)
        a[i] = i % 3 ? tk_any_float(&r) : tk_uniform(&r, -10.0f, 10.0f);
    for (size_t n = 0; n <= N; n = n < 40 ? n + 1 : n + 193) {
        c[n] = s[n] = 12345.0f; /* past the end: untouched */
        cr_assert_eq(cb_rotations(a, n, c, s), CB_OK, "n = %zu", n);
        for (size_t i = 0; i < n; i++) {
            cb_rot o = cb_rotation(a[i]);
            cr_assert(tk_bits(o.c) == tk_bits(c[i]) && tk_bits(o.s) == tk_bits(s[i]),
                      "n = %zu, angle %zu (0x%08" PRIx32 "): batch (%a, %a), single (%a, %a)", n,
                      i, tk_bits(a[i]), c[i], s[i], o.c, o.s);
        }
        cr_assert(c[n] == 12345.0f && s[n] == 12345.0f, "n = %zu: wrote past the end", n);
    }

    /* In place: c or s may be the angles array itself. */
    cr_assert_eq(cb_rotations(a, N, c, s), CB_OK);
    memcpy(cp, a, sizeof a);
    cr_assert_eq(cb_rotations(cp, N, cp, sp), CB_OK);
    cr_assert(memcmp(cp, c, sizeof cp) == 0 && memcmp(sp, s, sizeof sp) == 0,
              "in place on c differs");
    memcpy(sp, a, sizeof a);
    cr_assert_eq(cb_rotations(sp, N, cp, sp), CB_OK);
    cr_assert(memcmp(cp, c, sizeof cp) == 0 && memcmp(sp, s, sizeof sp) == 0,
              "in place on s differs");
}

Test(rotation, batch_arguments)
{
    float a[3] = {1.0f, 2.0f, 3.0f}, c[3], s[3];
    const float sentinel = -7.0f;
    for (int which = 0; which < 3; which++) {
        for (int i = 0; i < 3; i++)
            c[i] = s[i] = sentinel;
        cb_status st = cb_rotations(which == 0 ? NULL : a, 3, which == 1 ? NULL : c,
                                    which == 2 ? NULL : s);
        cr_assert_eq(st, CB_ERR_INVALID_ARG, "NULL pointer %d with n = 3: status %d", which, st);
        for (int i = 0; i < 3; i++)
            cr_assert(c[i] == sentinel && s[i] == sentinel,
                      "NULL pointer %d: element %d written", which, i);
    }
    /* n == 0: CB_OK with any pointers, nothing written. */
    cr_assert_eq(cb_rotations(NULL, 0, NULL, NULL), CB_OK);
    cr_assert_eq(cb_rotations(a, 0, c, s), CB_OK);
    for (int i = 0; i < 3; i++)
        cr_assert(c[i] == sentinel && s[i] == sentinel, "n = 0 wrote element %d", i);
}

/* The caller's float mode changes nothing: flush-to-zero, denormals-are-zero
 * (FPCR.FZ, and FIZ/AH where FEAT_AFP exists) and rounding toward zero give
 * the default mode's bits, for denormal, tiny, moderate and huge angles. */
Test(rotation, caller_float_mode)
{
    if (!fpctl_has_control())
        cr_skip_test("this target has no float control register to set");
    tk_rng r = tb_rng_for(0xA0730000u);
    cr_log_info("caller_float_mode: " SEED_FMT, tb_seed());
    enum { N = 4096 };
    static float a[N], c0[N], s0[N], c1[N], s1[N], cs[N], ss[N];
    for (size_t i = 0; i < N; i++) {
        uint32_t e = (uint32_t)(i % 255);
        a[i] = tk_float(((uint32_t)tk_next(&r) & 0x807FFFFFu) | e << 23);
    }
    cr_assert_eq(cb_rotations(a, N, c0, s0), CB_OK);

    unsigned long long saved = fpctl_read();
    fpctl_write(saved | FPCTL_AFP); /* kept only where FEAT_AFP exists */
    unsigned long long afp = fpctl_read() & FPCTL_AFP;
    fpctl_write((saved & ~FPCTL_ROUND) | FPCTL_FTZ | FPCTL_DAZ | FPCTL_TOWARD_ZERO | afp);
    cb_status st = cb_rotations(a, N, c1, s1);
    for (size_t i = 0; i < N; i++) {
        cb_rot o = cb_rotation(a[i]);
        cs[i] = o.c;
        ss[i] = o.s;
    }
    unsigned long long during = fpctl_read();
    fpctl_write(saved);

    cr_assert_eq(st, CB_OK);
    cr_assert_eq(during & ~FPCTL_FLAGS, (saved & ~FPCTL_ROUND & ~FPCTL_FLAGS) | FPCTL_FTZ |
                                            FPCTL_DAZ | FPCTL_TOWARD_ZERO | afp,
                 "the caller's mode was not restored");
    for (size_t i = 0; i < N; i++)
        cr_assert(tk_bits(c1[i]) == tk_bits(c0[i]) && tk_bits(s1[i]) == tk_bits(s0[i]) &&
                      tk_bits(cs[i]) == tk_bits(c0[i]) && tk_bits(ss[i]) == tk_bits(s0[i]),
                  "angle %a (0x%08" PRIx32 "): default mode (%a, %a), hostile mode batch (%a, "
                  "%a), single (%a, %a)",
                  a[i], tk_bits(a[i]), c0[i], s0[i], c1[i], s1[i], cs[i], ss[i]);
    cr_log_info("caller_float_mode: %d angles, FEAT_AFP bits %s", N, afp ? "set" : "absent");
}

/* --------------------------------------------------------- golden bits */

/* Computed once by this implementation (x86-64, gcc) and checked in: any
 * compiler, flag or CPU that changes one bit fails here by name. This is
 * what the AArch64 stage under qemu compares. Each is also within the
 * stated bounds (checked below). */
static const struct {
    uint32_t angle, c, s;
} golden[] = {
    /* angle        cos          sin */
    {0x3A83126Fu, 0x3F7FFFF8u, 0x3A83126Eu}, /* 1e-3: polynomial, no reduction */
    {0x3F000000u, 0x3F60A940u, 0x3EF57744u}, /* 0.5 */
    {0x3F800000u, 0x3F0A5140u, 0x3F576AA4u}, /* 1 */
    {0xBF800000u, 0x3F0A5140u, 0xBF576AA4u}, /* -1 */
    {0x3F490FDBu, 0x3F3504F3u, 0x3F3504F4u}, /* pi/4 rounded up: the last unreduced */
    {0x3FC90FDBu, 0xB33BBD2Eu, 0x3F800000u}, /* pi/2 rounded */
    {0xC0490FDBu, 0xBF800000u, 0x33BBBD2Eu}, /* -pi rounded */
    {0x40C90FDBu, 0x3F800000u, 0x343BBD2Eu}, /* 2 pi rounded */
    {0x42C80000u, 0x3F5CC0EEu, 0xBF01A12Eu}, /* 100 */
    {0xC47A1000u, 0x3EAE3ECAu, 0xBF70B812u}, /* -1000.25 */
    {0x4640E6B6u, 0x3F35BE20u, 0xBF344B08u}, /* 12345.678 */
    {0x497FFFFEu, 0x3F7A472Eu, 0x3E574A96u}, /* 2^20 - 1/8: the last Cody-Waite */
    {0x49800000u, 0x3F719D6Du, 0x3EA93666u}, /* 2^20: the first Payne-Hanek */
    {0x501502F9u, 0x3F5F84C5u, 0xBEF99A64u}, /* 1e10 */
    {0x6F79BE45u, 0xB0DDEEA9u, 0x3F800000u}, /* 0x1.f37c8ap+95: the closest to a multiple of pi/2 */
    {0x437CE5F1u, 0xB18FD1DEu, 0x3F800000u}, /* 0x1.f9cbe2p+7: the closest below 2^20 */
    {0x7F7FFFFFu, 0x3F5A5F96u, 0xBF0599B3u}, /* FLT_MAX */
    {0xB9000000u, 0x3F800000u, 0xB9000000u}, /* -2^-13: (1, a) */
    {0x7F800000u, 0x7FC00000u, 0x7FC00000u}, /* +inf */
};

Test(rotation, golden_bits)
{
    err_stats st = {0};
    for (size_t i = 0; i < sizeof golden / sizeof *golden; i++) {
        float a = tk_float(golden[i].angle);
        cb_rot o = cb_rotation(a);
        cr_expect(tk_bits(o.c) == golden[i].c && tk_bits(o.s) == golden[i].s,
                  "angle %a (0x%08" PRIx32 "): got (0x%08" PRIx32 ", 0x%08" PRIx32
                  "), golden (0x%08" PRIx32 ", 0x%08" PRIx32 ")",
                  a, golden[i].angle, tk_bits(o.c), tk_bits(o.s), golden[i].c, golden[i].s);
        if (golden[i].c != 0x7FC00000u)
            check_one(&st, a, o);
    }
}

/* The same for many angles at once: a 64-bit FNV-1a hash of the bits of
 * (c, s) over a fixed set (not the suite seed: the set must never change):
 * every 32771st bit pattern of all 2^32 (NaNs included) and 2^17 angles
 * evenly spaced in [-2 pi, 2 pi]. Any one changed bit changes the hash. */
#define GOLDEN_DIGEST 0x5A30A08280580610ull

Test(rotation, golden_digest)
{
    enum { N = 1 << 17 };
    static float a[2 * N], c[2 * N], s[2 * N];
    size_t n = 0;
    for (uint64_t u = 0; u <= 0xFFFFFFFFu; u += 32771)
        a[n++] = tk_float((uint32_t)u);
    for (int i = 0; i < N; i++)
        a[n++] = (float)(-2.0 * PI + 4.0 * PI * i / N);
    cr_assert_eq(cb_rotations(a, n, c, s), CB_OK);
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < n; i++) {
        uint32_t w[2] = {tk_bits(c[i]), tk_bits(s[i])};
        for (int j = 0; j < 2; j++)
            for (int b = 0; b < 32; b += 8)
                h = (h ^ ((w[j] >> b) & 0xFFu)) * 0x100000001B3ull;
    }
    cr_log_info("golden digest: %zu angles, 0x%016" PRIx64, n, h);
    cr_expect_eq(h, GOLDEN_DIGEST, "digest 0x%016" PRIx64 " of %zu angles, golden 0x%016" PRIx64,
                 h, n, (uint64_t)GOLDEN_DIGEST);
}
