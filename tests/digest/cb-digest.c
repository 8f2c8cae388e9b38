/* cb-digest.c - one 64-bit digest of every entry's answers on a fixed corpus, on every backend and under a hostile float mode: CPUs and architectures must all agree. */

/*
 * Why this program: the float contract promises the same bits from every
 * backend on every machine. The Criterion suites check that on random corpora
 * inside one process; this plain program (no fork, no re-exec, so it runs as
 * it is under `qemu-x86_64 -cpu MODEL` and qemu-aarch64) reduces the answers
 * on a FIXED corpus to one number, so that runs on different CPUs and
 * architectures are compared through one committed value,
 * tests/digest/cb-digest.expected.
 *
 * What it runs: the converters and validators (their outputs seed the
 * digest; the oriented-box converters include the library's cb_rotation),
 * then every batch entry (cb_entry_info_of: overlap masks and index lists,
 * signed distances, contact records, the contact entries with a margin per
 * query) with both flags on 128 circle, 128 box and 128 oriented-box
 * queries, every pairs and candidates entry (see run_pairs) and every
 * integer entry on a corpus of its own (see run_ints, run_int_candidates,
 * run_int_pairs), once
 * through each runnable backend's raw kernels (cb_entry_kernel) and once through the public functions (cb_entry_call, the
 * dispatcher), and once more through the public functions with flush-to-zero,
 * denormals-are-zero and round-toward-zero set (they must undo them). Every
 * run must give the scalar kernels' digest, and every answer must equal the
 * testkit reference (ref_entry), bit for bit on every output array (testkit
 * knows the output kinds: tk_same_output, tk_hash_output); nothing may be
 * written outside an output.
 *
 * The digest depends on the corpus, on the order of the draws that make it
 * and on the order of the hashing: entries that answer the same question
 * (query, single shape, element shape) are hashed together, in registry
 * order, one query and one flag at a time. Changing any of it changes the
 * committed value without any answer having changed.
 *
 * Usage: cb-digest [--expect HEX] [--backend NAME] [--public]
 *   --expect HEX    fail unless the digest equals HEX (e.g. 0x0123...)
 *   --backend NAME  force the dispatcher's backend (cb_set_backend_by_name;
 *                   "auto" = the best one this CPU runs)
 *   --public        run the public functions only (in the caller's and the
 *                   hostile float mode), not every backend's raw kernels:
 *                   for the runs that vary the dispatcher's choice (a
 *                   backend forced, CB_BACKEND, another CPU model, the
 *                   static library) beside a whole run that covers the
 *                   kernels. Their digest is then the reference, so
 *                   --expect is its check.
 * Output lines scripts may rely on:
 *   "CB_BACKEND: <value or (unset)> -> <CB_OK | CB_ERR_...>: <text>"
 *   "backend <name>: cb_set_backend -> <CB_ERR_...>: <text> (<why>)"  (exit 77)
 *   "active: <backend> (<reason>)"
 *   "  <backend> kernels  0x<digest>  same|DIFFERS|reference", or
 *   "  <backend> kernels  -  <CB_ERR_...>: <why>" when it cannot run here
 *   "digest: 0x<16 hex digits>"
 * Lines "corpus: ... inputs 0x..." and "converters 0x..., validators 0x..."
 * hash the inputs and the converter/validator outputs alone: when the digest
 * differs between two machines, they tell which stage diverged.
 * Exit status:
 *   0   every digest agrees with the scalar one (and with --expect)
 *   1   a digest differs or a self-check failed (details on stderr)
 *   2   usage error, including a backend name cb_backend_from_name rejects
 *   77  --backend names a backend that cannot run here: not compiled in
 *       (CB_ERR_NOT_COMPILED) or not supported by this CPU/OS
 *       (CB_ERR_UNSUPPORTED_CPU); the status is printed. 77 is what meson
 *       test reports as "skipped".
 */
#include "bits.h"
#include "fpctl.h"
#include "reference.h"
#include "rng.h"

#include <cbatch.h>

#include <float.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_UNAVAILABLE = 77 };

/* Corpus sizes: NB is no multiple of 64 or of any vector width, so every run
 * has short final words and short final vectors. */
#define NB 1031u
#define NQ 128u

/* ----------------------------------------------------------------- failures */

static unsigned failures;

static void fail(const char *fmt, ...)
{
    if (failures++ < 20) { /* the first few are enough to debug */
        va_list ap;
        va_start(ap, fmt);
        fputs("cb-digest: FAIL: ", stderr);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
}

/* ------------------------------------------------------------- the digest */

/* FNV-1a over little-endian bytes, so the value does not depend on the
 * host's byte order or on struct padding. */
#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xffu;
        h *= FNV_PRIME;
    }
    return h;
}

/* A float's bits, with every NaN as one canonical NaN: IEEE 754 leaves the
 * payload and sign of a NaN result open, and machines differ (x86 SSE returns
 * the first NaN operand, AArch64 prefers a signalling one, qemu's x86
 * emulation the larger payload). Hits never depend on it; converter outputs
 * would. */
static uint32_t canon(float f)
{
    uint32_t u = tk_bits(f);
    return (u & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : u;
}

static uint64_t fnv_box(uint64_t h, cb_box b)
{
    h = fnv_u64(h, ((uint64_t)canon(b.min_x) << 32) | canon(b.min_y));
    return fnv_u64(h, ((uint64_t)canon(b.max_x) << 32) | canon(b.max_y));
}

/* --------------------------------------------------- the fixed corpus */

/* splitmix64 (testkit/rng.h) with a fixed seed: the corpus must be the same
 * everywhere, so it never depends on CB_SEED, time or the platform, and the
 * order of the draws below is part of the committed digest. Every float below
 * is made from integers by exact operations (grid values are multiples of
 * 1/64 well inside 2^24 units), so no rounding can differ between machines. */
static tk_rng rng = {0x6362617463680001ull}; /* "cbatch" */

static uint32_t below(uint32_t n) { return (uint32_t)(tk_next(&rng) % n); }

/* The level is 48 x 48 units: dense enough that a good share of pairs hit. */
#define WORLD_UNITS (48u * 64u)
static float grid(uint32_t units) { return (float)units * 0x1p-6f; }
static float world(void) { return grid(below(WORLD_UNITS)); }
static float size_units(void) { return grid(16u + below(241u)); } /* 0.25 .. 4 */

/* Radii are 5m/64, so 3-4-5 offsets of m/64 touch exactly (no rounding). */
static float radius_of(uint32_t m) { return grid(5u * m); }

/* The next float toward +inf / -inf (finite x): nudges a touching case by one ulp. */
static float ulp_up(float x)
{
    uint32_t u = tk_bits(x);
    if (u == 0x80000000u)
        return tk_float(1u);
    return tk_float((u & 0x80000000u) ? u - 1u : u + 1u);
}
static float ulp_down(float x) { return -ulp_up(-x); }

/* Values that break naive kernels: signed zeros, denormals, extremes,
 * infinities, NaNs (quiet, signalling, with payload), squares that overflow
 * or underflow, and small integers for exact touching. */
static const uint32_t adversarial_bits[] = {
    0x00000000u, 0x80000000u, /* +0, -0 */
    0x00000001u, 0x80000001u, /* +-smallest denormal */
    0x007fffffu, 0x807fffffu, /* +-largest denormal */
    0x00800000u, 0x80800000u, /* +-FLT_MIN */
    0x7f7fffffu, 0xff7fffffu, /* +-FLT_MAX */
    0x7f800000u, 0xff800000u, /* +-inf */
    0x7fc00000u, 0xffc00000u, /* +-quiet NaN */
    0x7fa00000u, 0x7fc12345u, /* signalling NaN, NaN with a payload */
    0x3f800000u, 0xbf800000u, /* +-1 */
    0x40400000u, 0x40800000u, 0x40a00000u, /* 3, 4, 5 */
    0x5f800000u, 0xdf800000u, /* +-2^64: the square overflows */
    0x20000000u, /* 2^-63: the square is FLT_MIN */
    0x1f800000u, /* 2^-64: the square is a denormal */
    0x1c800000u, /* 2^-70: the square is a deep denormal */
    0x0c000000u, /* 2^-103: the square underflows to 0 */
};
#define NADV (sizeof adversarial_bits / sizeof adversarial_bits[0])

static float adversarial(void) { return tk_float(adversarial_bits[below((uint32_t)NADV)]); }
/* An adversarial value one time in `one_in`, else a realistic one. */
static float maybe_adv(uint32_t one_in, float realistic)
{
    return below(one_in) == 0 ? adversarial() : realistic;
}
/* Small multiples of 2^-72: their products and sums are denormal, so
 * flush-to-zero would change the answers (the guard must undo it). */
static float denormal_band(int span) { return (float)((int)below(2u * (uint32_t)span + 1u) - span) * 0x1p-72f; }
static float any_bits(void) { return tk_any_float(&rng); }

/* A rounded product the compiler cannot fuse into a following add: the
 * corpus must not depend on -ffp-contract (meson passes =off, but a hand
 * build on AArch64, where FMA is always there, might not). */
static double mul(double a, double b)
{
    volatile double p = a * b;
    return p;
}

/* A uniform double in [lo, hi) with 53 random bits (tk_uniform draws a float
 * from 24: the committed corpus was drawn with this one). */
static double uniform(double lo, double hi)
{
    return lo + mul(hi - lo, (double)(tk_next(&rng) >> 11) * 0x1p-53);
}

/* Square root by Newton's method in double: it only has to be the same on
 * every machine (IEEE double + - * /, no contraction), not exact, and it
 * keeps the program free of libm. */
static double newton_sqrt(double a)
{
    double x = a > 1.0 ? a : 1.0;
    if (a <= 0.0)
        return 0.0;
    for (int i = 0; i < 64; i++)
        x = 0.5 * (x + a / x);
    return x;
}

/* Nudge by k ulps (k may be negative). */
static float ulps(float x, int k)
{
    for (; k > 0; k--)
        x = ulp_up(x);
    for (; k < 0; k++)
        x = ulp_down(x);
    return x;
}

/* A point at distance ~r from (x, y), up and to the right, with full-mantissa
 * offsets: the contract's d2 then rounds twice and lands within a few ulps
 * of r*r, where a fused multiply-add or a wider intermediate would change
 * the answer (grid values cannot show that: their products are exact). */
static void near_circle_point(float x, float y, float r, float *px, float *py)
{
    double dx = uniform(0.0, (double)r);
    double dy = newton_sqrt(mul(r, r) - mul(dx, dx));
    *px = (float)((double)x + dx), *py = (float)((double)y + dy);
}

/* Converter inputs (every element has both forms; `kind` picks one). */
static cb_box_center centers[NB];
static cb_box_corner corners[NB];
static cb_box conv_center[NB], conv_corner[NB];

/* The box corpus, AoS and SoA views of the same values. */
static cb_box boxes[NB];
static float bx0[NB], by0[NB], bx1[NB], by1[NB];
/* The circle corpus. */
static cb_circle circles[NB];
static float cx[NB], cy[NB], cr[NB];

/* The oriented-box corpus (make_obox_corpus), AoS and SoA. */
static cb_obox oboxes[NB];
static float ocx[NB], ocy[NB], ohx[NB], ohy[NB], oc[NB], os[NB];
/* The circles as moving circles (tk_element_sweeps: by the oriented boxes'
 * half-extents), AoS and the SoA's displacements. */
static cb_sweep sweeps[NB];
static float sdx[NB], sdy[NB];

/* Queries: a circle against boxes or oriented boxes [off, off+n), a box or
 * an oriented box against circles [off, off+n). */
static cb_circle qcircle[NQ];
static cb_box qbox[NQ];
static cb_obox qobox[NQ];
static uint32_t qm_circle[NQ]; /* for realistic query circles, r = 5m/64 */
static size_t qn[NQ], qoff[NQ];

/* Every length class: empty, single, below/at/above each vector width and
 * each 64-bit word, several words, the whole corpus. */
static const size_t sizes[] = {0,  1,  2,  3,  4,   5,   6,   7,   8,   9,   12,  15,
                               16, 17, 24, 31, 32,  33,  47,  63,  64,  65,  100, 127,
                               128, 129, 191, 255, 256, 257, 500, 1000, NB - 1, NB};
#define NSIZES (sizeof sizes / sizeof sizes[0])

static cb_box realistic_box(void)
{
    float x = world(), y = world();
    cb_box b = {x, y, x + size_units(), y + size_units()};
    return b;
}

static void make_queries(void)
{
    for (uint32_t q = 0; q < NQ; q++) {
        qn[q] = sizes[q % NSIZES];
        /* odd starting offsets: unaligned pointers, and different data per query */
        qoff[q] = (q * 37u) % (NB - qn[q] + 1u);

        uint32_t m = 1u + below(51u);
        cb_circle c = {world(), world(), radius_of(m)};
        qm_circle[q] = 0;
        switch (q % 8u) {
        case 0: case 1: case 2: case 3:
            qm_circle[q] = m; /* realistic: touching boxes are planted for these */
            break;
        case 4:
            c.x = maybe_adv(2, c.x), c.y = maybe_adv(2, c.y), c.r = maybe_adv(2, c.r);
            break;
        case 5:
            c.x = denormal_band(8), c.y = denormal_band(8), c.r = denormal_band(8);
            break;
        case 6: {
            static const uint32_t special_r[] = {
                0x7f800000u, /* r = +inf: hits every box whose d2 is not NaN (default mode) */
                0x7f7fffffu, /* r = FLT_MAX: r*r overflows to inf */
                0x7fc00000u, /* r = NaN: never hits */
                0x00000000u, 0x80000000u, /* r = +-0: only a box containing the centre */
                0xc0a00000u, /* r = -5: behaves as 5 */
            };
            c.r = tk_float(special_r[(q / 8u) % (sizeof special_r / sizeof special_r[0])]);
            if ((q / 8u) % 4u == 3u)
                c.x = tk_float(0x7fc00000u); /* a NaN centre never hits */
            break;
        }
        default:
            c.r = (q / 8u) % 2u ? grid(64u * 16u) : 0.0f; /* a large and a point circle */
            break;
        }
        qcircle[q] = c;

        cb_box b = realistic_box();
        switch (q % 8u) {
        case 0: case 1: case 2: case 3:
            break;
        case 4:
            b.min_x = maybe_adv(2, b.min_x), b.min_y = maybe_adv(2, b.min_y);
            b.max_x = maybe_adv(2, b.max_x), b.max_y = maybe_adv(2, b.max_y);
            break;
        case 5:
            b.min_x = denormal_band(16), b.min_y = denormal_band(16);
            b.max_x = b.min_x + (float)below(8) * 0x1p-72f, b.max_y = b.min_y + (float)below(8) * 0x1p-72f;
            break;
        case 6: {
            static const cb_box special[] = {
                {-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX},
                {0.0f, 0.0f, 0.0f, 0.0f},      /* a point */
                {-0.0f, -0.0f, 0.0f, 0.0f},    /* signed zeros: MIN/MAX order matters */
                {10.0f, 10.0f, 2.0f, 30.0f},   /* inverted in x */
            };
            b = special[(q / 8u) % 4u];
            if ((q / 8u) % 8u == 5u)
                b.min_x = -tk_float(0x7f800000u), b.max_x = tk_float(0x7f800000u); /* infinite extent */
            if ((q / 8u) % 8u == 6u)
                b.min_y = tk_float(0x7fc00000u); /* NaN coordinate: does NOT make the box miss */
            break;
        }
        default: {
            cb_box_center bc = {world(), world(), size_units(), size_units()};
            b = cb_box_from_center(bc);
            break;
        }
        }
        qbox[q] = b;
    }
}

static void make_corpus(void)
{
    int kind[NB];
    for (uint32_t i = 0; i < NB; i++) {
        cb_box_center bc = {world(), world(), size_units(), size_units()};
        cb_box_corner bk = {world(), world(), size_units(), size_units()};
        kind[i] = (int)below(20);
        if (kind[i] == 17) /* adversarial converter input: inf - inf, overflow, NaN */
            bc.cx = maybe_adv(2, bc.cx), bc.cy = maybe_adv(2, bc.cy), bc.hx = maybe_adv(2, bc.hx),
            bc.hy = maybe_adv(2, bc.hy);
        if (kind[i] == 18)
            bk.x = maybe_adv(2, bk.x), bk.y = maybe_adv(2, bk.y), bk.w = maybe_adv(2, bk.w),
            bk.h = maybe_adv(2, bk.h);
        centers[i] = bc;
        corners[i] = bk;
    }
    /* The converters are part of the contract: their outputs build the corpus. */
    cb_boxes_from_centers(centers, NB, conv_center);
    cb_boxes_from_corners(corners, NB, conv_corner);

    for (uint32_t i = 0; i < NB; i++) {
        cb_box b = realistic_box();
        switch (kind[i]) {
        case 0: case 1: case 2: case 3: case 4: case 5: case 17:
            b = conv_center[i];
            break;
        case 6: case 7: case 8: case 9: case 18:
            b = conv_corner[i];
            break;
        case 10: case 11: case 12:
            break;
        case 13: case 14:
            b.min_x = maybe_adv(3, b.min_x), b.min_y = maybe_adv(3, b.min_y);
            b.max_x = maybe_adv(3, b.max_x), b.max_y = maybe_adv(3, b.max_y);
            break;
        case 15:
            b.min_x = any_bits(), b.min_y = any_bits(), b.max_x = any_bits(), b.max_y = any_bits();
            break;
        case 16:
            b.min_x = denormal_band(16), b.min_y = denormal_band(16);
            b.max_x = denormal_band(16), b.max_y = denormal_band(16); /* sometimes inverted */
            break;
        default: { /* inverted realistic box */
            float t = b.min_x;
            b.min_x = b.max_x, b.max_x = t;
            break;
        }
        }
        boxes[i] = b;

        uint32_t m = 1u + below(51u);
        cb_circle c = {world(), world(), radius_of(m)};
        uint32_t ck = below(20);
        if (ck >= 10 && ck <= 12)
            c.x = maybe_adv(2, c.x), c.y = maybe_adv(2, c.y), c.r = maybe_adv(2, c.r);
        else if (ck == 13)
            c.x = any_bits(), c.y = any_bits(), c.r = any_bits();
        else if (ck == 14)
            c.x = denormal_band(16), c.y = denormal_band(16), c.r = denormal_band(16);
        else if (ck == 15)
            c.r = -c.r; /* negative radius behaves as its absolute value */
        circles[i] = c;
    }

    /* Plant exact touching and one-ulp-off cases inside each realistic
     * query's window: corner contact at a 3-4-5 offset, edge contact, and
     * the same nudged one ulp outward and inward. */
    for (uint32_t q = 0; q < NQ; q++) {
        if (qn[q] < 4)
            continue;
        if (qm_circle[q]) {
            cb_circle c = qcircle[q];
            float dx = grid(3u * qm_circle[q]), dy = grid(4u * qm_circle[q]);
            for (int t = 0; t < 4; t++) {
                size_t i = qoff[q] + below((uint32_t)qn[q]);
                cb_box b;
                b.min_x = c.x + dx, b.min_y = c.y + dy; /* corner contact */
                if (t == 2)
                    b.min_x = ulp_up(b.min_x); /* just outside */
                if (t == 3)
                    b.min_x = ulp_down(b.min_x); /* just inside */
                b.max_x = b.min_x + size_units(), b.max_y = b.min_y + size_units();
                if (t == 1) /* edge contact: the box spans the centre's height */
                    b.min_x = c.x + c.r, b.max_x = b.min_x + size_units(), b.min_y = c.y - 1.0f,
                    b.max_y = c.y + size_units();
                boxes[i] = b;
            }
        }
        if (qm_circle[q]) { /* near-touching with inexact products: FMA would show here */
            cb_circle c = qcircle[q];
            for (size_t t = 0; t < qn[q] / 4u && t < 24u; t++) {
                size_t i = qoff[q] + below((uint32_t)qn[q]);
                cb_box b;
                near_circle_point(c.x, c.y, c.r, &b.min_x, &b.min_y);
                b.max_x = b.min_x + size_units(), b.max_y = b.min_y + size_units();
                boxes[i] = b;
            }
        }
        if (q % 8u < 4u || q % 8u == 7u) { /* realistic query boxes: the same, for circles */
            cb_box b = qbox[q];
            for (size_t t = 0; t < qn[q] / 4u && t < 24u; t++) {
                size_t i = qoff[q] + below((uint32_t)qn[q]);
                float r = (float)uniform(0.25, 4.0);
                cb_circle c;
                near_circle_point(b.max_x, b.max_y, r, &c.x, &c.y);
                /* The radius that just reaches the corner, from the very dx, dy
                 * the kernels form (one float rounding of an exact difference),
                 * nudged a few ulps: r*r and d2 then differ by an ulp or two. */
                double dx = (float)((double)c.x - (double)b.max_x);
                double dy = (float)((double)c.y - (double)b.max_y);
                c.r = ulps((float)newton_sqrt(mul(dx, dx) + mul(dy, dy)), (int)below(5) - 2);
                circles[i] = c;
            }
            for (int t = 0; t < 4; t++) { /* exact contact and one ulp either side */
                size_t i = qoff[q] + below((uint32_t)qn[q]);
                uint32_t m = 1u + below(51u);
                cb_circle c = {b.max_x + grid(3u * m), b.max_y + grid(4u * m), radius_of(m)};
                if (t == 1)
                    c.x = b.min_x - c.r, c.y = b.min_y; /* edge contact at the corner's height */
                if (t == 2)
                    c.r = ulp_down(c.r); /* just short */
                if (t == 3)
                    c.r = ulp_up(c.r); /* just long enough either way */
                circles[i] = c;
            }
        }
    }

    for (uint32_t i = 0; i < NB; i++) {
        bx0[i] = boxes[i].min_x, by0[i] = boxes[i].min_y;
        bx1[i] = boxes[i].max_x, by1[i] = boxes[i].max_y;
        cx[i] = circles[i].x, cy[i] = circles[i].y, cr[i] = circles[i].r;
    }
}

/* ------------------------------------------------- oriented boxes */

/* A stream of its own, and everything drawn after the box and circle
 * corpus: that corpus keeps the draws it had before oriented boxes came. */
static tk_rng orng = {0x6362617463680002ull};

static uint32_t obelow(uint32_t n) { return (uint32_t)(tk_next(&orng) % n); }

/* A rotation (c, s) of kind k: 0 an exact unit pair of testkit's table
 * (quarter turns with either zero sign, Pythagorean pairs, ...), 1 the
 * rational point ((1 - t^2) / (1 + t^2), 2t / (1 + t^2)) of the unit circle
 * for t = j / 64, |j| <= 64, rounded from double (unit within a few 2^-24,
 * no libm: the same bits everywhere), 2 any pair of the table (non-unit,
 * zero, huge, infinite, NaN). */
static void rotation_of(int k, float *c, float *s)
{
    if (k == 1) {
        double t = (double)((int)obelow(129u) - 64) / 64.0, t2 = mul(t, t);
        *c = (float)((1.0 - t2) / (1.0 + t2)), *s = (float)(mul(2.0, t) / (1.0 + t2));
        return;
    }
    const float *p = tk_rotations[obelow(k ? (uint32_t)tk_rotation_count : TK_ROTATIONS_UNIT)];
    *c = p[0], *s = p[1];
}

/* Angles for the converters: multiples of 1/64 in [-8, 8), and (kind 1)
 * values no angle should be: huge, denormal, infinite, NaN. */
static float angle_of(int adversarial_one_in)
{
    if (obelow((uint32_t)adversarial_one_in) == 0)
        return adversarial();
    return grid(obelow(1024u)) - 8.0f;
}

static float obox_angles[NB];

/* The oriented box whose frame puts the point (px, py) at (lx, ly), turned
 * by (c, s) and with half-extents (hx, hy): centre = p - R l, in floats
 * (exact for the quarter turns and grid values used with them). */
static cb_obox obox_at(float px, float py, float lx, float ly, float hx, float hy, float c, float s)
{
    float rx = (float)(mul(lx, c) - mul(ly, s)), ry = (float)(mul(lx, s) + mul(ly, c));
    cb_obox o = {px - rx, py - ry, hx, hy, c, s};
    return o;
}

/* The query oriented boxes, the corpus of oriented boxes, and touching
 * cases planted inside each realistic query's window (boxes touching the
 * query circle, circles touching the query box), as for boxes above. The
 * circles planted here change the circle corpus, which every query reads:
 * its SoA copy is redone at the end. */
static void make_obox_corpus(void)
{
    for (uint32_t q = 0; q < NQ; q++) {
        float c, s;
        rotation_of(q % 3u == 0 ? 0 : 1, &c, &s);
        cb_obox o = tk_obox_of_box(qbox[q], c, s);
        switch (q % 8u) {
        case 4: /* adversarial values and rotations */
            o.cx = maybe_adv(2, o.cx), o.cy = maybe_adv(2, o.cy);
            o.hx = maybe_adv(2, o.hx), o.hy = maybe_adv(2, o.hy);
            rotation_of(2, &o.c, &o.s);
            break;
        case 6: /* the special boxes' twins, special rotations */
            rotation_of((q / 8u) % 2u ? 2 : 0, &o.c, &o.s);
            break;
        case 7: /* through the converter (cb_rotation's bits) */
            o = cb_obox_from_box(qbox[q], angle_of(8));
            break;
        default:
            break;
        }
        qobox[q] = o;
    }

    for (uint32_t i = 0; i < NB; i++) {
        obox_angles[i] = angle_of(16);
        float c, s;
        uint32_t k = obelow(20);
        rotation_of(k < 6 ? 0 : k < 14 ? 1 : 2, &c, &s);
        cb_obox o = tk_obox_of_box(boxes[i], c, s);
        if (k >= 16 && k <= 17) /* adversarial centre and extents */
            o.cx = maybe_adv(2, o.cx), o.cy = maybe_adv(2, o.cy), o.hx = maybe_adv(2, o.hx),
            o.hy = maybe_adv(2, o.hy);
        else if (k == 18) /* any bits */
            o.cx = tk_any_float(&orng), o.cy = tk_any_float(&orng), o.hx = tk_any_float(&orng),
            o.hy = tk_any_float(&orng), o.c = tk_any_float(&orng), o.s = tk_any_float(&orng);
        oboxes[i] = o;
    }
    /* a share through the converters: cb_oboxes_from_boxes with grid angles */
    static cb_obox conv[NB];
    cb_oboxes_from_boxes(boxes, obox_angles, NB, conv);
    for (uint32_t i = 0; i < NB; i++)
        if (obelow(5) == 0)
            oboxes[i] = conv[i];

    for (uint32_t q = 0; q < NQ; q++) {
        if (qn[q] < 4)
            continue;
        if (qm_circle[q]) {
            /* oriented boxes whose corner or side touches the query circle
             * exactly (a quarter turn of the table, 3-4-5 offsets of m/64),
             * or one ulp off; and near it, turned by rational rotations */
            cb_circle cq = qcircle[q];
            uint32_t m = qm_circle[q];
            for (int t = 0; t < 6; t++) {
                size_t i = qoff[q] + obelow((uint32_t)qn[q]);
                const float *rot = tk_rotations[obelow(8)]; /* the exact quarter turns */
                float hx = size_units() * 0.5f, hy = size_units() * 0.5f;
                float lx = -(hx + grid(3u * m)), ly = -(hy + grid(4u * m));
                if (t == 1) /* a side */
                    lx = -(hx + cq.r), ly = grid(obelow(64u)) * 0.125f - 0.5f;
                cb_obox o = obox_at(cq.x, cq.y, lx, ly, hx, hy, rot[0], rot[1]);
                if (t == 2)
                    o.cx = ulp_up(o.cx);
                if (t == 3)
                    o.cx = ulp_down(o.cx);
                if (t >= 4) { /* near-touching with inexact products */
                    float c, s;
                    rotation_of(1, &c, &s);
                    float nx, ny;
                    near_circle_point(0, 0, cq.r, &nx, &ny);
                    o = obox_at(cq.x, cq.y, -(hx + nx), -(hy + ny), hx, hy, c, s);
                }
                oboxes[i] = o;
            }
        }
        if (q % 8u < 4u || q % 8u == 7u) {
            /* circles touching the query's oriented box: at its corner in its
             * frame, carried into the world in double (near-touching), and
             * with the centre on its boundary */
            cb_obox o = qobox[q];
            for (int t = 0; t < 6; t++) {
                size_t i = qoff[q] + obelow((uint32_t)qn[q]);
                float r = (float)uniform(0.25, 4.0), ox, oy;
                near_circle_point(0, 0, r, &ox, &oy);
                double lx = (double)o.hx + ox, ly = (double)o.hy + oy;
                if (t == 4) /* on the corner */
                    lx = o.hx, ly = o.hy;
                if (t == 5) /* on a side */
                    lx = o.hx, ly = 0;
                cb_circle c = {(float)((double)o.cx + (mul(lx, o.c) - mul(ly, o.s))),
                               (float)((double)o.cy + (mul(lx, o.s) + mul(ly, o.c))), r};
                circles[i] = c;
            }
        }
    }

    for (uint32_t i = 0; i < NB; i++) {
        ocx[i] = oboxes[i].cx, ocy[i] = oboxes[i].cy, ohx[i] = oboxes[i].hx;
        ohy[i] = oboxes[i].hy, oc[i] = oboxes[i].c, os[i] = oboxes[i].s;
        cx[i] = circles[i].x, cy[i] = circles[i].y, cr[i] = circles[i].r;
    }
    cb_circle_soa cs = {cx, cy, cr};
    cb_obox_soa obs = {ocx, ocy, ohx, ohy, oc, os};
    tk_element_sweeps(NB, &cs, &obs, sdx, sdy, sweeps);
}

/* --------------------------- converters and validators: the digest's seed */

/* Bitwise equal, any NaN equal to any NaN (see canon). */
static int box_eq(cb_box a, cb_box b)
{
    return canon(a.min_x) == canon(b.min_x) && canon(a.min_y) == canon(b.min_y) &&
           canon(a.max_x) == canon(b.max_x) && canon(a.max_y) == canon(b.max_y);
}

static float soa_x0[NB], soa_y0[NB], soa_x1[NB], soa_y1[NB];

static uint64_t check_converters(uint64_t h, const cb_box *aos, int centre)
{
    cb_status st = centre ? cb_boxes_from_centers_soa(centers, NB, soa_x0, soa_y0, soa_x1, soa_y1)
                          : cb_boxes_from_corners_soa(corners, NB, soa_x0, soa_y0, soa_x1, soa_y1);
    if (st != CB_OK)
        fail("cb_boxes_from_%s_soa returned %d", centre ? "centers" : "corners", (int)st);
    for (size_t i = 0; i < NB; i++) {
        cb_box one = centre ? cb_box_from_center(centers[i]) : cb_box_from_corner(corners[i]);
        cb_box soa = {soa_x0[i], soa_y0[i], soa_x1[i], soa_y1[i]};
        cb_box want = centre ? ref_box_from_center(centers[i]) : ref_box_from_corner(corners[i]);
        if (!box_eq(one, aos[i]) || !box_eq(one, soa))
            fail("converter (%s) forms disagree at %zu", centre ? "centre" : "corner", i);
        if (!box_eq(one, want))
            fail("converter (%s) at %zu: not the header's formula (testkit)", centre ? "centre" : "corner", i);
        h = fnv_box(h, aos[i]);
    }
    return h;
}

static int obox_eq(cb_obox a, cb_obox b)
{
    const float *p = &a.cx, *q = &b.cx;
    for (int j = 0; j < 6; j++)
        if (canon(p[j]) != canon(q[j]))
            return 0;
    return 1;
}

static uint64_t fnv_obox(uint64_t h, cb_obox o)
{
    h = fnv_u64(h, ((uint64_t)canon(o.cx) << 32) | canon(o.cy));
    h = fnv_u64(h, ((uint64_t)canon(o.hx) << 32) | canon(o.hy));
    return fnv_u64(h, ((uint64_t)canon(o.c) << 32) | canon(o.s));
}

static float soa_o[6][NB];
static cb_obox conv_obox[NB];

/* The oriented-box converters from the box corpus (centre, half-extents)
 * and from the corner corpus, with the corpus's angles: the single, AoS and
 * SoA forms agree, and their output (cb_rotation's bits included) seeds the
 * digest. */
static uint64_t check_obox_converters(uint64_t h, int from_corners)
{
    cb_status st;
    if (from_corners) {
        cb_oboxes_from_corners(corners, obox_angles, NB, conv_obox);
        st = cb_oboxes_from_corners_soa(corners, obox_angles, NB, soa_o[0], soa_o[1], soa_o[2],
                                        soa_o[3], soa_o[4], soa_o[5]);
    } else {
        cb_oboxes_from_boxes(boxes, obox_angles, NB, conv_obox);
        st = cb_oboxes_from_boxes_soa(boxes, obox_angles, NB, soa_o[0], soa_o[1], soa_o[2],
                                      soa_o[3], soa_o[4], soa_o[5]);
    }
    if (st != CB_OK)
        fail("cb_oboxes_from_%s_soa returned %d", from_corners ? "corners" : "boxes", (int)st);
    for (size_t i = 0; i < NB; i++) {
        cb_obox one = from_corners ? cb_obox_from_corner(corners[i], obox_angles[i])
                                   : cb_obox_from_box(boxes[i], obox_angles[i]);
        cb_obox soa = {soa_o[0][i], soa_o[1][i], soa_o[2][i], soa_o[3][i], soa_o[4][i], soa_o[5][i]};
        cb_rot rot = cb_rotation(obox_angles[i]);
        cb_obox want = from_corners ? ref_obox_from_corner(corners[i], rot)
                                    : ref_obox_from_box(boxes[i], rot);
        if (!obox_eq(one, conv_obox[i]) || !obox_eq(one, soa))
            fail("oriented box converter (%s) forms disagree at %zu",
                 from_corners ? "corner" : "box", i);
        if (!obox_eq(one, want))
            fail("oriented box converter (%s) at %zu: not the header's formula (testkit)",
                 from_corners ? "corner" : "box", i);
        h = fnv_obox(h, conv_obox[i]);
    }
    return h;
}

/* Every fault of a corpus, not just the first: scan, restart past it.
 * kind: 0 boxes, 1 circles, 2 oriented boxes. */
static uint64_t scan_faults(uint64_t h, const char *what, int kind)
{
    size_t i = 0;
    for (;;) {
        cb_fault f = CB_FAULT_NONE, f_aos = CB_FAULT_NONE;
        size_t r, r_aos;
        if (kind == 1) {
            cb_circle_soa s = {cx + i, cy + i, cr + i};
            r = cb_validate_circles(&s, NB - i, &f);
            r_aos = cb_validate_circles_aos(circles + i, NB - i, &f_aos);
        } else if (kind == 2) {
            cb_obox_soa s = {ocx + i, ocy + i, ohx + i, ohy + i, oc + i, os + i};
            r = cb_validate_oboxes(&s, NB - i, &f);
            r_aos = cb_validate_oboxes_aos(oboxes + i, NB - i, &f_aos);
        } else {
            cb_box_soa s = {bx0 + i, by0 + i, bx1 + i, by1 + i};
            r = cb_validate_boxes(&s, NB - i, &f);
            r_aos = cb_validate_boxes_aos(boxes + i, NB - i, &f_aos);
        }
        if (r > NB - i) {
            fail("cb_validate_%s returned %zu for %zu elements", what, r, (size_t)(NB - i));
            return h;
        }
        if (r != r_aos || f != f_aos) {
            fail("cb_validate_%s: SoA and AoS disagree after index %zu", what, i);
            return h;
        }
        /* the testkit's fault of every element up to the one found */
        for (size_t j = i; j < NB && j <= i + r; j++) {
            cb_fault want = kind == 1   ? ref_circle_fault(circles[j])
                            : kind == 2 ? ref_obox_fault(oboxes[j])
                                        : ref_box_fault(boxes[j]);
            if ((j < i + r) != (want == CB_FAULT_NONE) || (j == i + r && want != f)) {
                fail("cb_validate_%s at %zu: fault %d, testkit says %d", what, j,
                     j == i + r ? (int)f : 0, (int)want);
                return h;
            }
        }
        h = fnv_u64(h, ((uint64_t)(i + r) << 8) | (uint64_t)f);
        if (r >= NB - i)
            return h; /* r == remaining length: no more faults */
        i += r + 1;
    }
}

/* --------------------------------------------------------- the batch runs */

/* The hashing order: entries grouped by the question they answer
 * (tk_same_question: query, single shape, element shape), groups in
 * the order of their first entry, entries within a group in registry
 * order. class_of[k] is the position in order[] of the first entry of
 * order[k]'s group. */
#define MAX_ENTRIES 256
static size_t order[MAX_ENTRIES], class_of[MAX_ENTRIES], n_entries;

static int make_order(void)
{
    size_t count = cb_entry_count();
    if (count == 0 || count > MAX_ENTRIES) {
        fail("cb_entry_count() = %zu (this program handles 1 to %d)", count, MAX_ENTRIES);
        return 0;
    }
    int placed[MAX_ENTRIES] = {0};
    for (size_t e = 0; e < count; e++) {
        if (placed[e] || cb_entry_info_of(e)->form != CB_FORM_BATCH ||
            tk_is_integer(cb_entry_info_of(e))) /* their own run: run_ints */
            continue;
        size_t first = n_entries;
        for (size_t f = e; f < count; f++)
            if (!placed[f] && cb_entry_info_of(f)->form == CB_FORM_BATCH &&
                tk_same_question(cb_entry_info_of(e), cb_entry_info_of(f))) {
                placed[f] = 1;
                class_of[n_entries] = first;
                order[n_entries++] = f;
            }
    }
    return 1;
}

/* Outputs: each call gets a fresh output of its entry's kind for its n
 * (testkit's tk_out: one array, or the 7 arrays of a cb_contacts), every
 * array with TK_OUT_PAD bytes of sentinels either side: a write there is a
 * write outside the output. */
#define SENTINEL 0xa5u

/* The margin of the contact entries for query q: exact values, so no
 * rounding can differ between machines, and no draw from the generator (the
 * corpus stays the one the inputs hash names): 0 and -0.0 (the overlap hit
 * set), a denormal, grid values, FLT_MAX (whose (r + margin)^2 is inf). */
static float margin_of(uint32_t q)
{
    static const uint32_t bits[] = {0x00000000u, 0x3e800000u, 0x3f800000u, 0x40400000u,
                                    0x80000000u, 0x00000001u, 0x42800000u, 0x7f7fffffu};
    return tk_float(bits[q % (sizeof bits / sizeof bits[0])]);
}

/* One run: every entry, both flags, every query, through one backend's raw
 * kernels (b < CB_BACKEND_COUNT) or the public functions (b ==
 * CB_BACKEND_COUNT), each call made with the float control register set to
 * `ctl` and everything else done in the environment the program started in.
 * With `check`, every answer must equal the reference; without (raw kernels
 * in a hostile mode, where the answer follows the mode by contract), the
 * entries of one group must agree with the group's first, rewritten in
 * their own format (tk_copy_output). Returns the digest seeded with h;
 * `stats` counts the pairs and hits (tk_hit_count) of each group's first
 * entry. */
static size_t stat_pairs, stat_hits[2];

static uint64_t run(const char *who, cb_backend b, unsigned long long ctl, int check, uint64_t h,
                    int stats)
{
    const unsigned long long start = fpctl_read();
    cb_kernel_fn kernel[MAX_ENTRIES] = {0};
    for (size_t k = 0; b < CB_BACKEND_COUNT && k < n_entries; k++)
        if (!(kernel[k] = cb_entry_kernel(order[k], b))) {
            fail("%s: %s has no kernel on a backend that runs here", who,
                 cb_entry_info_of(order[k])->name);
            return h;
        }
    for (uint32_t q = 0; q < NQ; q++) {
        size_t n = qn[q], o = qoff[q];
        cb_box_soa bs = {bx0 + o, by0 + o, bx1 + o, by1 + o};
        cb_circle_soa cs = {cx + o, cy + o, cr + o};
        cb_obox_soa obs = {ocx + o, ocy + o, ohx + o, ohy + o, oc + o, os + o};
        cb_sweep_soa ws = {cx + o, cy + o, cr + o, sdx + o, sdy + o};
        tk_views views = {&bs, boxes + o, &cs, circles + o, &obs, oboxes + o, &ws, sweeps + o};
        tk_probe probe = {qcircle[q], qbox[q], qobox[q]};
        for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
            tk_out first; /* the group's first answer, when not checking */
            const cb_entry_info *first_d = NULL;
            size_t first_count = 0;
            memset(&first, 0, sizeof first);
            for (size_t k = 0; k < n_entries; k++) {
                const cb_entry_info *d = cb_entry_info_of(order[k]);
                tk_out out, want;
                tk_out_malloc_padded(&out, d, n);
                tk_out_malloc_padded(&want, d, n);
                cb_args a = tk_args(d, &probe, tk_pick(d, &views), n, out.out, flags,
                                    margin_of(q));

                tk_out_fill(&out, SENTINEL);
                tk_out_fill_pads(&out, SENTINEL);
                fpctl_write(ctl);
                size_t count = kernel[k] ? kernel[k](&a) : cb_entry_call(order[k], &a);
                fpctl_write(start);

                if (!tk_out_pads_intact(&out, SENTINEL) || !tk_out_intact(&out))
                    fail("%s %s q=%u flags=%u n=%zu: wrote outside its output", who, d->name, q,
                         flags, n);

                size_t want_count;
                if (check) {
                    cb_args r = a;
                    r.out = want.out;
                    want_count = ref_entry(d, &r);
                } else {
                    if (class_of[k] == k) { /* the group's answer, in its first entry's format */
                        if (first_d)
                            tk_out_free(&first);
                        tk_out_malloc(&first, d, n);
                        first_d = d;
                        first_count = tk_copy_output(d, d, n, count, out.out, first.out);
                    }
                    want_count = tk_copy_output(d, first_d, n, first_count, first.out, want.out);
                }
                char why[256];
                if (!tk_same_output(d, n, count, out.out, want_count, want.out, why, sizeof why))
                    fail("%s q=%u flags=%u: %s (%s)", who, q, flags, why,
                         check ? "got vs the reference" : "got vs its group's first entry");
                if (!tk_check_format(d, n, count, out.out, why, sizeof why))
                    fail("%s q=%u flags=%u: %s", who, q, flags, why);

                if (stats && class_of[k] == k && d->query == CB_QUERY_OVERLAP)
                    stat_pairs += flags ? 0 : n, stat_hits[flags] += count;
                h = tk_hash_output(d, n, count, out.out, h);
                tk_out_free(&out), tk_out_free(&want);
            }
            if (first_d)
                tk_out_free(&first);
        }
    }
    return h;
}

/* ------------------------------------------------------- integer shapes */

/*
 * The integer entries (cbatch.h, INTEGER COORDINATES) on a corpus of their
 * own, from their own generator: NB integer boxes and circles, NQ probe
 * circles and boxes, each value drawn from the edges of the arithmetic
 * (testkit's tk_int_special: the ends of int32, float-NaN bit patterns),
 * small values, values of every magnitude, or exactly touching pairs (3-4-5
 * offsets). Every entry in registry order, both flags, the sizes of the
 * float runs; every answer must equal the exact reference (ref_int_entry).
 * No float operation is involved, so the caller's float mode changes
 * nothing either.
 */
static tk_rng irng = {0x6362617463680004ull};
static cb_ibox iboxes[NB];
static int32_t ibx0[NB], iby0[NB], ibx1[NB], iby1[NB];
static cb_icircle icircles[NB];
static int32_t icx[NB], icy[NB], icr[NB];
static cb_icircle qicircle[NQ];
static cb_ibox qibox[NQ];

static int32_t idraw(uint32_t kind)
{
    uint64_t u = tk_next(&irng);
    switch (kind % 3) {
    case 0: return tk_int_special[(u >> 8) % tk_int_special_count];
    case 1: return (int32_t)((u >> 8) % 65) - 32;
    default: return (int32_t)(uint32_t)(u >> 32) >> (u % 32); /* every magnitude */
    }
}

static cb_ibox ibox_drawn(uint32_t kind)
{
    cb_ibox b = {idraw(kind), idraw(kind), idraw(kind), idraw(kind)};
    if (tk_next(&irng) % 8) { /* one in eight stays as drawn, inverted or not */
        int32_t t;
        if (b.min_x > b.max_x)
            t = b.min_x, b.min_x = b.max_x, b.max_x = t;
        if (b.min_y > b.max_y)
            t = b.min_y, b.min_y = b.max_y, b.max_y = t;
    }
    return b;
}

static cb_icircle icircle_drawn(uint32_t kind)
{
    cb_icircle c = {idraw(kind), idraw(kind), idraw(kind)};
    if (tk_next(&irng) % 8 && c.r < 0) /* one in eight keeps a negative radius */
        c.r = c.r == INT32_MIN ? INT32_MAX : -c.r;
    return c;
}

static void make_int_corpus(void)
{
    for (uint32_t q = 0; q < NQ; q++)
        qicircle[q] = icircle_drawn(q), qibox[q] = ibox_drawn(q + 1);
    for (uint32_t i = 0; i < NB; i++) {
        cb_ibox b = ibox_drawn(i);
        cb_icircle c = icircle_drawn(i + 2);
        if (i % 5 == 4) { /* near a probe's circle: a corner 3t, 4t away, t = r / 5 or one more */
            cb_icircle p = qicircle[i % NQ];
            int64_t t = p.r / 5 + (int64_t)(tk_next(&irng) % 2), kx = (int64_t)p.x + 3 * t,
                    ky = (int64_t)p.y + 4 * t;
            if (p.r >= 0 && kx < INT32_MAX && ky < INT32_MAX) { /* r % 5 == 0, t = r / 5: touching */
                b.min_x = (int32_t)kx, b.min_y = (int32_t)ky, b.max_x = INT32_MAX, b.max_y = INT32_MAX;
                c.x = (int32_t)kx, c.y = (int32_t)ky, c.r = (int32_t)(5 * t - p.r);
            }
        }
        iboxes[i] = b, icircles[i] = c;
        ibx0[i] = b.min_x, iby0[i] = b.min_y, ibx1[i] = b.max_x, iby1[i] = b.max_y;
        icx[i] = c.x, icy[i] = c.y, icr[i] = c.r;
    }
}

static size_t istat_pairs, istat_hits[2];

static uint64_t run_ints(const char *who, cb_backend b, unsigned long long ctl, uint64_t h,
                         int stats)
{
    const unsigned long long start = fpctl_read();
    for (uint32_t q = 0; q < NQ; q++) {
        size_t n = qn[q], o = qoff[q];
        cb_ibox_soa bs = {ibx0 + o, iby0 + o, ibx1 + o, iby1 + o};
        cb_icircle_soa cs = {icx + o, icy + o, icr + o};
        for (unsigned flags = 0; flags <= CB_STRICT; flags++)
            TK_FOR_ENTRIES(e, TK_BATCH | TK_INTEGER) {
                const cb_entry_info *d = cb_entry_info_of(e);
                int box_els = d->many == CB_SHAPE_IBOX, soa = d->layout == CB_LAYOUT_SOA;
                tk_out out, want;
                tk_out_malloc_padded(&out, d, n);
                tk_out_malloc_padded(&want, d, n);
                cb_args a;
                memset(&a, 0, sizeof a);
                a.icircle = qicircle[q], a.ibox = qibox[q], a.n = n, a.flags = flags;
                a.many = box_els ? (soa ? (const void *)&bs : (const void *)(iboxes + o))
                                 : (soa ? (const void *)&cs : (const void *)(icircles + o));
                a.out = out.out;
                tk_out_fill(&out, SENTINEL);
                tk_out_fill_pads(&out, SENTINEL);
                cb_kernel_fn kernel = b < CB_BACKEND_COUNT ? cb_entry_kernel(e, b) : NULL;
                if (b < CB_BACKEND_COUNT && !kernel) {
                    fail("%s: %s has no kernel on a backend that runs here", who, d->name);
                    return h;
                }
                fpctl_write(ctl);
                size_t count = kernel ? kernel(&a) : cb_entry_call(e, &a);
                fpctl_write(start);
                if (!tk_out_pads_intact(&out, SENTINEL) || !tk_out_intact(&out))
                    fail("%s %s q=%u flags=%u n=%zu: wrote outside its output", who, d->name, q,
                         flags, n);
                cb_args r = a;
                r.out = want.out;
                size_t want_count = ref_int_entry(d, &r);
                char why[256];
                if (!tk_same_output(d, n, count, out.out, want_count, want.out, why, sizeof why))
                    fail("%s q=%u flags=%u: %s (got vs the reference)", who, q, flags, why);
                if (!tk_check_format(d, n, count, out.out, why, sizeof why))
                    fail("%s q=%u flags=%u: %s", who, q, flags, why);
                if (stats && d->query == CB_QUERY_OVERLAP && d->output == CB_OUTPUT_MASK)
                    istat_pairs += flags ? 0 : n, istat_hits[flags] += count;
                h = tk_hash_output(d, n, count, out.out, h);
                tk_out_free(&out), tk_out_free(&want);
            }
    }
    return h;
}

/* ------------------------------------------------------- many against many */

/*
 * The many-against-many entries (cb_entry_info_of with form PAIRS or CANDIDATES) on the same corpus:
 * the NQ query circles as the set against the NB boxes, circles and
 * oriented boxes (a grid entry: against a grid of each, built by the
 * public cb_grid_* functions), and the set against itself: all pairs as
 * one list, as a list delivered 37 pairs at a time through the cursor (it
 * must be the same list), as a bit matrix, as contact records; and NCAND
 * candidate pairs drawn from their own generator (the corpus above stays
 * what its hash names). Every answer is checked against the reference one
 * pair at a time (ref_pair_entry_on) and folded into the digest.
 */
#define NCAND 1500u
static cb_pair cand[NCAND];

static void make_candidates(void)
{
    tk_rng crng = {0x6362617463680003ull};
    for (uint32_t k = 0; k < NCAND; k++) {
        cand[k].i = (uint32_t)(tk_next(&crng) % NQ);
        cand[k].j = (uint32_t)(tk_next(&crng) % NB);
    }
}

static float set_x[NQ], set_y[NQ], set_r[NQ];

/* The integer candidates: the NQ probe circles as the set, against the NB
 * integer boxes and circles, the same NCAND pairs; each answer checked
 * against the reference and folded in registry order, both flags. */
static int32_t iset_x[NQ], iset_y[NQ], iset_r[NQ];

static uint64_t run_int_candidates(const char *who, cb_backend b, uint64_t h)
{
    for (uint32_t q = 0; q < NQ; q++)
        iset_x[q] = qicircle[q].x, iset_y[q] = qicircle[q].y, iset_r[q] = qicircle[q].r;
    cb_icircle_soa set = {iset_x, iset_y, iset_r};
    cb_ibox_soa bs = {ibx0, iby0, ibx1, iby1};
    cb_icircle_soa cs = {icx, icy, icr};
    for (unsigned flags = 0; flags <= CB_STRICT; flags++)
        TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_CANDIDATES) | TK_INTEGER) {
            const cb_entry_info *d = cb_entry_info_of(e);
            tk_out out, want;
            tk_out_malloc_padded(&out, d, NCAND);
            tk_out_malloc_padded(&want, d, NCAND);
            tk_out_fill_pads(&out, SENTINEL);
            cb_args a;
            memset(&a, 0, sizeof a);
            a.icircles = &set, a.n_circles = NQ, a.candidates = cand, a.n_candidates = NCAND;
            a.many = d->many == CB_SHAPE_IBOX ? (const void *)&bs : (const void *)&cs;
            a.n = NB, a.flags = flags, a.out = out.out;
            cb_kernel_fn kernel = b < CB_BACKEND_COUNT ? cb_entry_kernel(e, b) : NULL;
            size_t count = kernel ? kernel(&a) : cb_entry_call(e, &a);
            if (!tk_out_pads_intact(&out, SENTINEL) || !tk_out_intact(&out))
                fail("%s %s flags=%u: wrote outside its output", who, d->name, flags);
            a.out = want.out;
            size_t want_count = ref_int_entry(d, &a);
            char why[256];
            if (!tk_same_output(d, NCAND, count, out.out, want_count, want.out, why, sizeof why))
                fail("%s flags=%u: %s (got vs the reference)", who, flags, why);
            h = tk_hash_output(d, NCAND, count, out.out, h);
            tk_out_free(&out), tk_out_free(&want);
        }
    return h;
}

static uint64_t fold_pairs(uint64_t h, const cb_pair *p, size_t count)
{
    h = fnv_u64(h, count);
    for (size_t k = 0; k < count; k++)
        h = fnv_u64(h, ((uint64_t)p[k].i << 32) | p[k].j);
    return h;
}

static uint64_t fold_floats(uint64_t h, const float *f, size_t count)
{
    for (size_t k = 0; k < count; k++)
        h = fnv_u64(h, tk_bits(f[k]));
    return h;
}

/* Record arrays of a cb_pair_contacts with room for n. */
typedef struct {
    cb_pair_contacts c;
    void *mem;
} precs;

static int precs_new(precs *r, size_t n)
{
    r->mem = malloc(n * (sizeof(cb_pair) + 5 * sizeof(float) + 1));
    if (!r->mem)
        return 0;
    unsigned char *m = r->mem;
    r->c.pair = (cb_pair *)(void *)m, m += n * sizeof(cb_pair);
    float *f = (float *)(void *)m;
    r->c.normal_x = f, r->c.normal_y = f + n, r->c.separation = f + 2 * n;
    r->c.point_x = f + 3 * n, r->c.point_y = f + 4 * n;
    r->c.feature = m + n * 5 * sizeof(float);
    return 1;
}

static int same_records(const cb_pair_contacts *a, const cb_pair_contacts *b, size_t n)
{
    return memcmp(a->pair, b->pair, n * sizeof *a->pair) == 0 &&
           memcmp(a->normal_x, b->normal_x, n * 4) == 0 && memcmp(a->normal_y, b->normal_y, n * 4) == 0 &&
           memcmp(a->separation, b->separation, n * 4) == 0 &&
           memcmp(a->point_x, b->point_x, n * 4) == 0 && memcmp(a->point_y, b->point_y, n * 4) == 0 &&
           memcmp(a->feature, b->feature, n) == 0;
}

static uint64_t fold_records(uint64_t h, const cb_pair_contacts *r, size_t n)
{
    h = fold_pairs(h, r->pair, n);
    h = fold_floats(h, r->normal_x, n), h = fold_floats(h, r->normal_y, n);
    h = fold_floats(h, r->separation, n);
    h = fold_floats(h, r->point_x, n), h = fold_floats(h, r->point_y, n);
    for (size_t k = 0; k < n; k++)
        h = fnv_u64(h, r->feature[k]);
    return h;
}

static uint64_t run_pairs(const char *who, cb_backend b, unsigned long long ctl, uint64_t h,
                          int stats)
{
    const unsigned long long start = fpctl_read();
    const size_t words = (NB + 63) / 64, full = (size_t)NQ * NB + 1;
    cb_circle_soa set = {set_x, set_y, set_r};
    cb_box_soa bs = {bx0, by0, bx1, by1};
    cb_circle_soa cs = {cx, cy, cr};
    cb_obox_soa os_ = {ocx, ocy, ohx, ohy, oc, os};
    const void *soa[3] = {&cs, &bs, &os_}; /* by cb_shape: circle, box, oriented box */
    float sdx[NQ], sdy[NQ]; /* the set as sweeps (in this default float mode) */
    tk_sweep_moves(&set, NQ, sdx, sdy);
    cb_sweep_soa ws = {set_x, set_y, set_r, sdx, sdy};
    cb_pair *got = malloc(full * sizeof *got), *want = malloc(full * sizeof *want);
    uint64_t *mat = malloc(NQ * words * sizeof *mat), *wmat = malloc(NQ * words * sizeof *wmat);
    void *scratch = malloc(cb_pairs_scratch_size(NQ, NB));
    void *gmem = malloc(cb_grid_size(NB > NQ ? NB : NQ)); /* the elements', or the set's */
    precs gr, wr;
    int ok_recs = precs_new(&gr, full), ok_wrecs = ok_recs && precs_new(&wr, full);
    if (!got || !want || !mat || !wmat || !scratch || !gmem || !ok_wrecs) {
        fail("%s: out of memory", who);
        free(got), free(want), free(mat), free(wmat), free(scratch), free(gmem);
        if (ok_recs)
            free(gr.mem);
        return h;
    }
    TK_FOR_ENTRIES(e, TK_PAIRED) {
        const cb_entry_info *d = cb_entry_info_of(e);
        cb_kernel_fn k = b < CB_BACKEND_COUNT ? cb_entry_kernel(e, b) : NULL;
        if (b < CB_BACKEND_COUNT && !k) {
            fail("%s: %s has no kernel on a backend that runs here", who, d->name);
            continue;
        }
        int nshapes = d->many != CB_SHAPE_GRID ? 1 : d->one == CB_SHAPE_SWEEP ? 2 : 3;
        for (int sh = 0; sh < nshapes; sh++)
            for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
                tk_pair_els els = {d->many, soa[d->many <= CB_SHAPE_OBOX ? d->many : 0], NB};
                cb_args a;
                memset(&a, 0, sizeof a);
                a.circles = &set, a.n_circles = NQ, a.n = NB, a.flags = flags, a.many = els.els;
                a.sweeps = &ws;
                a.capacity = full, a.scratch = scratch;
                a.candidates = cand, a.n_candidates = NCAND, a.margin = margin_of(flags + 1u);
                if (d->many == CB_SHAPE_SELF)
                    els.shape = CB_SHAPE_CIRCLE, els.els = &set, els.m = NQ, a.many = NULL;
                if (d->many == CB_SHAPE_GRID_SELF) /* the set, prepared */
                    els.shape = CB_SHAPE_CIRCLE, els.els = &set, els.m = NQ,
                    a.many = cb_grid_circles(gmem, &set, NQ);
                if (d->many == CB_SHAPE_GRID) {
                    els.shape = (cb_shape)sh, els.els = soa[sh];
                    a.many = sh == CB_SHAPE_BOX      ? cb_grid_boxes(gmem, &bs, NB)
                             : sh == CB_SHAPE_CIRCLE ? cb_grid_circles(gmem, &cs, NB)
                                                     : cb_grid_oboxes(gmem, &os_, NB);
                }
                cb_args r = a;
                cb_pair_cursor cur = {0, 0, 0, 0}, rcur = {0, 0, 0, 0};
                a.cursor = &cur, r.cursor = &rcur;
                size_t count, want_count;
#define CALL(args) (fpctl_write(ctl), count = k ? k(args) : cb_entry_call(e, args), fpctl_write(start))
                if (d->output != CB_OUTPUT_MATRIX && d->form == CB_FORM_PAIRS) {
                    int recs = tk_has_records(d);
                    cb_pair_sweep_hits wh, gh, ath;
                    r.out = tk_list_out(d, want, &wr.c, &wh);
                    a.out = tk_list_out(d, got, &gr.c, &gh);
                    want_count = ref_entry_on(d, &r, &els);
                    const cb_pair *wp = recs ? wr.c.pair : want;
                    CALL(&a);
                    if (count != want_count || cur.circle != NQ ||
                        (recs ? !same_records(&gr.c, &wr.c, want_count)
                              : memcmp(got, want, want_count * sizeof *got) != 0))
                        fail("%s %s (%s) flags=%u: %zu pairs, the reference %zu (or others)", who,
                             d->name, tk_shape_name(els.shape), flags, count, want_count);
                    /* 37 at a time through the cursor: the same list */
                    cb_pair_cursor c2 = {0, 0, 0, 0};
                    size_t done = 0, calls = 0;
                    while (c2.circle < NQ && calls++ < 100000) {
                        cb_pair_contacts at = {gr.c.pair + done, gr.c.normal_x + done,
                                               gr.c.normal_y + done, gr.c.separation + done,
                                               gr.c.point_x + done, gr.c.point_y + done,
                                               gr.c.feature + done};
                        a.cursor = &c2, a.capacity = 37;
                        a.out = tk_list_out(d, got + done, &at, &ath);
                        CALL(&a);
                        done += count;
                        if (count > 37 || done > want_count) {
                            fail("%s %s flags=%u: resumed: %zu pairs (call of 37 wrote %zu), want %zu",
                                 who, d->name, flags, done, count, want_count);
                            break;
                        }
                    }
                    if (done != want_count ||
                        memcmp(recs ? gr.c.pair : got, wp, want_count * sizeof *got) != 0)
                        fail("%s %s flags=%u: the list delivered 37 at a time differs", who,
                             d->name, flags);
                    h = recs ? fold_records(h, &wr.c, want_count) : fold_pairs(h, want, want_count);
                    if (stats)
                        printf("    (%s on %s, flags %u: %zu pairs, delivered 37 at a time in %zu calls)\n",
                               d->name, tk_shape_name(els.shape), flags, want_count, calls);
                } else if (d->output == CB_OUTPUT_MATRIX) {
                    r.out = wmat, a.out = mat;
                    want_count = ref_entry_on(d, &r, &els);
                    CALL(&a);
                    if (count != want_count || memcmp(mat, wmat, NQ * words * sizeof *mat) != 0)
                        fail("%s %s flags=%u: the matrix differs from the reference", who, d->name,
                             flags);
                    for (size_t w = 0; w < NQ * words; w++)
                        h = fnv_u64(h, wmat[w]);
                } else {
                    /* candidates: written as the one-circle entry writes its elements */
                    const cb_entry_info *twin = d;
                    tk_out out, ref;
                    tk_out_malloc_padded(&out, twin, NCAND);
                    tk_out_malloc(&ref, twin, NCAND);
                    tk_out_fill(&out, SENTINEL), tk_out_fill_pads(&out, SENTINEL);
                    r.out = ref.out, a.out = out.out;
                    want_count = ref_entry(d, &r);
                    CALL(&a);
                    char why[256];
                    if (!tk_out_pads_intact(&out, SENTINEL) || !tk_out_intact(&out))
                        fail("%s %s flags=%u: wrote outside its output", who, d->name, flags);
                    if (!tk_same_output(twin, NCAND, count, out.out, want_count, ref.out, why,
                                        sizeof why))
                        fail("%s %s flags=%u: %s (got vs the reference)", who, d->name, flags, why);
                    h = tk_hash_output(twin, NCAND, want_count, ref.out, h);
                    tk_out_free(&out), tk_out_free(&ref);
                }
#undef CALL
            }
    }
    free(got), free(want), free(mat), free(wmat), free(scratch), free(gmem), free(gr.mem), free(wr.mem);
    return h;
}

/* The integer all pairs: the integer probe circles (run_int_candidates'
 * set) against the integer boxes and circles, themselves and grids of
 * both, every pair written at once (the suites resume in pieces); each
 * answer checked against the reference and folded, both flags, the call
 * in the float mode ctl (the integer answers cannot depend on it). */
static uint64_t run_int_pairs(const char *who, cb_backend b, unsigned long long ctl, uint64_t h)
{
    const unsigned long long start = fpctl_read();
    const size_t full = (size_t)NQ * NB + 1, words = (NB + 63) / 64;
    cb_icircle_soa set = {iset_x, iset_y, iset_r}, cs = {icx, icy, icr};
    cb_ibox_soa bs = {ibx0, iby0, ibx1, iby1};
    /* the pair lists and records, and the reference's: one buffer each */
    size_t unit = sizeof(cb_pair) + 2 * sizeof(int32_t) + sizeof(uint64_t) + sizeof(uint32_t) + 1;
    unsigned char *mem[2] = {malloc(full * unit), malloc(full * unit)};
    uint64_t *mat[2] = {malloc(NQ * words * sizeof(uint64_t)), malloc(NQ * words * sizeof(uint64_t))};
    void *scratch = malloc(cb_pairs_scratch_size(NQ, NB));
    void *gmem = malloc(cb_grid_size(NB > NQ ? NB : NQ)); /* the elements', or the set's */
    if (!mem[0] || !mem[1] || !mat[0] || !mat[1] || !scratch || !gmem) {
        fail("%s: out of memory", who);
        free(mem[0]), free(mem[1]), free(mat[0]), free(mat[1]), free(scratch), free(gmem);
        return h;
    }
    cb_int_pair_contacts rec[2];
    for (int s = 0; s < 2; s++) { /* the widest arrays first: each stays aligned */
        unsigned char *m = mem[s];
        rec[s].d2 = (uint64_t *)(void *)m, m += full * sizeof(uint64_t);
        rec[s].pair = (cb_pair *)(void *)m, m += full * sizeof(cb_pair);
        rec[s].point_x = (int32_t *)(void *)m, m += full * sizeof(int32_t);
        rec[s].point_y = (int32_t *)(void *)m, m += full * sizeof(int32_t);
        rec[s].depth = (uint32_t *)(void *)m, m += full * sizeof(uint32_t);
        rec[s].feature = m;
    }
    TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_PAIRS) | TK_INTEGER) {
        const cb_entry_info *d = cb_entry_info_of(e);
        cb_kernel_fn k = b < CB_BACKEND_COUNT ? cb_entry_kernel(e, b) : NULL;
        if (b < CB_BACKEND_COUNT && !k) {
            fail("%s: %s has no kernel on a backend that runs here", who, d->name);
            continue;
        }
        for (int sh = 0; sh < (d->many == CB_SHAPE_GRID ? 2 : 1); sh++)
            for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
                int circles = d->many == CB_SHAPE_ICIRCLE || (d->many == CB_SHAPE_GRID && sh);
                tk_pair_els els = {circles ? CB_SHAPE_ICIRCLE : CB_SHAPE_IBOX,
                                   circles ? (const void *)&cs : (const void *)&bs, NB};
                cb_args a[2];
                memset(a, 0, sizeof a);
                a[0].icircles = &set, a[0].n_circles = NQ, a[0].n = NB, a[0].flags = flags;
                a[0].many = els.els, a[0].capacity = full, a[0].scratch = scratch;
                if (d->many == CB_SHAPE_SELF)
                    els.shape = CB_SHAPE_ICIRCLE, els.els = &set, els.m = NQ, a[0].many = NULL;
                if (d->many == CB_SHAPE_GRID_SELF) /* the set, prepared */
                    els.shape = CB_SHAPE_ICIRCLE, els.els = &set, els.m = NQ,
                    a[0].many = cb_grid_icircles(gmem, &set, NQ);
                if (d->many == CB_SHAPE_GRID)
                    a[0].many = circles ? cb_grid_icircles(gmem, &cs, NB) : cb_grid_iboxes(gmem, &bs, NB);
                cb_pair_cursor cur[2] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
                a[1] = a[0];
                size_t count[2];
                for (int s = 0; s < 2; s++) { /* s = 0: the subject, 1: the reference */
                    a[s].cursor = &cur[s];
                    a[s].out = d->output == CB_OUTPUT_MATRIX      ? (void *)mat[s]
                               : d->output == CB_OUTPUT_PAIRS ? (void *)rec[s].pair
                                                              : (void *)&rec[s];
                    if (s) {
                        count[s] = ref_entry_on(d, &a[s], &els);
                    } else {
                        fpctl_write(ctl);
                        count[s] = k ? k(&a[s]) : cb_entry_call(e, &a[s]);
                        fpctl_write(start);
                    }
                }
                size_t n = count[1];
                int same = count[0] == n && cur[0].circle == cur[1].circle;
                if (d->output == CB_OUTPUT_MATRIX) {
                    same = same && memcmp(mat[0], mat[1], NQ * words * sizeof(uint64_t)) == 0;
                    for (size_t w = 0; w < NQ * words; w++)
                        h = fnv_u64(h, mat[1][w]);
                } else {
                    same = same && memcmp(rec[0].pair, rec[1].pair, n * sizeof(cb_pair)) == 0;
                    h = fold_pairs(h, rec[1].pair, n);
                }
                if (d->output == CB_OUTPUT_INT_PAIR_CONTACTS) {
                    same = same && memcmp(rec[0].point_x, rec[1].point_x, n * 4) == 0 &&
                           memcmp(rec[0].point_y, rec[1].point_y, n * 4) == 0 &&
                           memcmp(rec[0].d2, rec[1].d2, n * 8) == 0 &&
                           memcmp(rec[0].depth, rec[1].depth, n * 4) == 0 &&
                           memcmp(rec[0].feature, rec[1].feature, n) == 0;
                    for (size_t q = 0; q < n; q++) {
                        h = fnv_u64(h, ((uint64_t)(uint32_t)rec[1].point_x[q] << 32) |
                                           (uint32_t)rec[1].point_y[q]);
                        h = fnv_u64(h, rec[1].d2[q]);
                        h = fnv_u64(h, ((uint64_t)rec[1].depth[q] << 8) | rec[1].feature[q]);
                    }
                }
                if (!same)
                    fail("%s %s (%s) flags=%u: %zu pairs, the reference %zu (or others differ)",
                         who, d->name, tk_shape_name(els.shape), flags, count[0], n);
            }
    }
    free(mem[0]), free(mem[1]), free(mat[0]), free(mat[1]), free(scratch), free(gmem);
    return h;
}

/* --------------------------------------------------------------- reporting */

static const char *status_name(cb_status s)
{
    switch (s) {
    case CB_OK: return "CB_OK";
    case CB_ERR_UNKNOWN_BACKEND: return "CB_ERR_UNKNOWN_BACKEND";
    case CB_ERR_NOT_COMPILED: return "CB_ERR_NOT_COMPILED";
    case CB_ERR_UNSUPPORTED_CPU: return "CB_ERR_UNSUPPORTED_CPU";
    case CB_ERR_INVALID_ARG: return "CB_ERR_INVALID_ARG";
    }
    return "CB_ERR_?";
}

/* Every run of one subject, checked against the reference, in the digest's order. */
static uint64_t run_all(const char *who, cb_backend b, unsigned long long ctl, uint64_t h, int stats)
{
    h = run(who, b, ctl, 1, h, stats);
    h = run_pairs(who, b, ctl, h, 0);
    h = run_int_candidates(who, b, run_ints(who, b, ctl, h, 0));
    return run_int_pairs(who, b, ctl, h);
}

static void usage(FILE *to)
{
    fputs("usage: cb-digest [--expect HEX] [--backend NAME] [--public]\n"
          "  Runs a fixed corpus through every entry point and every runnable backend and\n"
          "  prints one 64-bit digest of all answers (--public: through the public\n"
          "  functions only, not each backend's raw kernels).\n"
          "  exit 0 all agree, 1 a digest or self-check differs, 2 usage,\n"
          "  77 the --backend cannot run here (not compiled in, or CPU/OS lacks it)\n",
          to);
}

static void report(const char *label, uint64_t d, uint64_t reference, int is_reference)
{
    printf("  %-34s 0x%016" PRIx64 "  %s\n", label, d,
           is_reference ? "reference" : d == reference ? "same" : "DIFFERS");
    if (!is_reference && d != reference)
        fail("%s: digest 0x%016" PRIx64 " != scalar 0x%016" PRIx64, label, d, reference);
}

/* What an engine might set: flush-to-zero, denormals-are-zero (x86) and
 * round toward zero. 0 where the target has no control register. */
#define HOSTILE (FPCTL_FTZ | FPCTL_DAZ | FPCTL_TOWARD_ZERO)

int main(int argc, char **argv)
{
    const char *expect_arg = NULL, *backend_arg = NULL;
    int public_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--expect") == 0 && i + 1 < argc)
            expect_arg = argv[++i];
        else if (strcmp(argv[i], "--public") == 0)
            public_only = 1;
        else if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc)
            backend_arg = argv[++i];
        else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return EXIT_USAGE;
        }
    }
    uint64_t expect = 0;
    if (expect_arg) {
        char *end;
        expect = strtoull(expect_arg, &end, 16);
        if (!*expect_arg || *end) {
            fprintf(stderr, "cb-digest: --expect wants a hexadecimal number, not '%s'\n", expect_arg);
            return EXIT_USAGE;
        }
    }

    /* Line-buffered: if a kernel crashes (SIGILL under an emulated CPU), the
     * lines printed so far still reach the log. */
    setvbuf(stdout, NULL, _IOLBF, 0);

    printf("cpu features: 0x%" PRIx32 " (cb_cpu_features; cb-info names the bits)\n",
           cb_cpu_features());

    /* First use: the library reads CB_BACKEND now, before any --backend. */
    const char *env = getenv("CB_BACKEND");
    cb_status env_st = cb_env_status();
    printf("CB_BACKEND: %s -> %s: %s\n", env ? env : "(unset)", status_name(env_st),
           env_st == CB_OK ? "ok" : cb_status_string(env_st));

    if (backend_arg) {
        cb_backend b = CB_BACKEND_SCALAR;
        if (strcmp(backend_arg, "auto") != 0 && cb_backend_from_name(backend_arg, &b) != CB_OK) {
            fprintf(stderr, "cb-digest: --backend %s: %s (one of scalar sse avx2 avx512 neon simd128 auto)\n",
                    backend_arg, cb_status_string(CB_ERR_UNKNOWN_BACKEND));
            return EXIT_USAGE;
        }
        cb_status st = cb_set_backend_by_name(backend_arg);
        if (st != CB_OK) {
            const char *why = "";
            cb_backend_status(b, &why);
            printf("backend %s: cb_set_backend -> %s: %s (%s)\n", backend_arg, status_name(st),
                   cb_status_string(st), why);
            fprintf(stderr, "cb-digest: cannot force backend %s here: %s (%s)\n", backend_arg,
                    cb_status_string(st), why);
            return EXIT_UNAVAILABLE;
        }
    }
    cb_backend active = cb_active_backend();
    printf("active: %s (%s)\n", cb_backend_name(active), cb_active_reason());

    if (!make_order())
        return EXIT_MISMATCH;
    make_queries();
    make_corpus();
    make_obox_corpus();
    make_int_corpus();
    /* The inputs' own hash: when the digest differs between machines, this
     * tells a different corpus (the generator) from different answers. */
    uint64_t hc = FNV_OFFSET;
    for (size_t i = 0; i < NB; i++) {
        hc = fnv_box(hc, boxes[i]);
        hc = fnv_u64(hc, ((uint64_t)tk_bits(circles[i].x) << 32) | tk_bits(circles[i].y));
        hc = fnv_u64(hc, tk_bits(circles[i].r));
    }
    for (size_t q = 0; q < NQ; q++) {
        hc = fnv_box(hc, qbox[q]);
        hc = fnv_u64(hc, ((uint64_t)tk_bits(qcircle[q].x) << 32) | tk_bits(qcircle[q].y));
        hc = fnv_u64(hc, tk_bits(qcircle[q].r));
    }
    for (size_t i = 0; i < NB; i++)
        hc = fnv_obox(hc, oboxes[i]);
    for (size_t q = 0; q < NQ; q++)
        hc = fnv_obox(hc, qobox[q]);
    printf("corpus: %u boxes, %u circles, %u oriented boxes, %u queries of each kind, %zu entries x 2 flags; inputs 0x%016" PRIx64 "\n",
           NB, NB, NB, NQ, n_entries, hc);
    uint64_t hi = FNV_OFFSET;
    for (size_t i = 0; i < NB; i++) {
        hi = fnv_u64(hi, ((uint64_t)(uint32_t)ibx0[i] << 32) | (uint32_t)iby0[i]);
        hi = fnv_u64(hi, ((uint64_t)(uint32_t)ibx1[i] << 32) | (uint32_t)iby1[i]);
        hi = fnv_u64(hi, ((uint64_t)(uint32_t)icx[i] << 32) | (uint32_t)icy[i]);
        hi = fnv_u64(hi, (uint32_t)icr[i]);
    }
    printf("integer corpus: %u boxes, %u circles, %u probes of each; inputs 0x%016" PRIx64 "\n", NB,
           NB, NQ, hi);

    uint64_t h0 = FNV_OFFSET;
    h0 = check_converters(h0, conv_center, 1);
    h0 = check_converters(h0, conv_corner, 0);
    h0 = check_obox_converters(h0, 0);
    h0 = check_obox_converters(h0, 1);
    uint64_t hconv = h0;
    h0 = scan_faults(h0, "boxes", 0);
    h0 = scan_faults(h0, "circles", 1);
    h0 = scan_faults(h0, "oboxes", 2);
    printf("converters 0x%016" PRIx64 ", validators 0x%016" PRIx64 "\n", hconv, h0);

    /* The reference digest: the scalar kernels. Then every other runnable backend. */
    const unsigned long long start = fpctl_read();
    make_candidates();
    for (uint32_t q = 0; q < NQ; q++)
        set_x[q] = qcircle[q].x, set_y[q] = qcircle[q].y, set_r[q] = qcircle[q].r;
    char label[96];
    snprintf(label, sizeof label, "public functions (%s)", cb_backend_name(active));
    uint64_t reference;
    if (public_only) { /* the dispatcher's choice is what varies: its digest is the reference */
        printf("digests (--public: the public functions only; --expect checks them):\n");
        reference = run_all(label, CB_BACKEND_COUNT, start, h0, 1);
        report(label, reference, reference, 1);
    } else {
        reference = run("scalar kernels", CB_BACKEND_SCALAR, start, 1, h0, 0);
        reference = run_pairs("scalar kernels", CB_BACKEND_SCALAR, start, reference, 1);
        reference = run_ints("scalar kernels", CB_BACKEND_SCALAR, start, reference, 1);
        reference = run_int_candidates("scalar kernels", CB_BACKEND_SCALAR, reference);
        reference = run_int_pairs("scalar kernels", CB_BACKEND_SCALAR, start, reference);
        printf("    (integer overlap masks: %zu pairs per flag: %zu hit when touching counts, %zu "
               "with CB_STRICT)\n", istat_pairs, istat_hits[0], istat_hits[1]);
        printf("digests (scalar kernels are the reference):\n");
        for (int b = 0; b < CB_BACKEND_COUNT; b++) {
            char kernels[64];
            const char *why;
            snprintf(kernels, sizeof kernels, "%s kernels", cb_backend_name((cb_backend)b));
            cb_status st = cb_backend_status((cb_backend)b, &why);
            if (st != CB_OK) {
                printf("  %-34s %-18s  %s: %s\n", kernels, "-", status_name(st), why);
                continue;
            }
            report(kernels,
                   b == CB_BACKEND_SCALAR ? reference
                                          : run_all(kernels, (cb_backend)b, start, h0, 0),
                   reference, b == CB_BACKEND_SCALAR);
        }
        report(label, run_all(label, CB_BACKEND_COUNT, start, h0, 1), reference, 0);
    }
    printf("    (overlap: %zu pairs per flag: %zu hit when touching counts, %zu with CB_STRICT)\n",
           stat_pairs, stat_hits[0], stat_hits[1]);

    if (HOSTILE != 0) {
        unsigned long long hostile = start | HOSTILE;
        report("public functions, caller set FTZ",
               run_all("public functions, caller set FTZ", CB_BACKEND_COUNT, hostile, h0, 0),
               reference, 0);
        printf("    (caller's float control 0x%llx: %s)\n", hostile,
               fpctl_has_flush() ? "flush-to-zero, denormals-are-zero, toward zero"
                                 : "toward zero; this target has no flushing mode");
        if (!public_only) {
            /* Not a failure either way: the raw kernels run in the caller's
             * environment by contract. "differs" shows the corpus is one the
             * environment matters for, so the line above tested the guard.
             * (The pair entries' raw kernels are not run here: their check
             * is the reference.) */
            uint64_t raw =
                run("raw scalar kernels, same env", CB_BACKEND_SCALAR, hostile, 0, h0, 0);
            printf("  %-34s 0x%016" PRIx64 "  %s\n", "raw scalar kernels, same env", raw,
                   raw == reference ? "same (this CPU/emulator ignored the mode)"
                                    : "differs, as documented: the guard above matters");
        }
    } else {
        printf("  public functions, caller set FTZ    (skipped: no float control register here)\n");
    }

    printf("digest: 0x%016" PRIx64 "\n", reference);
    if (expect_arg) {
        if (reference == expect)
            printf("expected: 0x%016" PRIx64 " (match)\n", expect);
        else
            fail("digest 0x%016" PRIx64 " != expected 0x%016" PRIx64
                 " (tests/digest/cb-digest.expected: a backend, the corpus or the contract changed)",
                 reference, expect);
    }
    if (failures) {
        printf("cb-digest: FAIL (%u problems, first ones on stderr)\n", failures);
        return EXIT_MISMATCH;
    }
    printf("cb-digest: PASS\n");
    return 0;
}
