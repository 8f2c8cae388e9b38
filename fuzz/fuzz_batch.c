/* fuzz_batch.c - libFuzzer target: bytes become a circle, boxes, mirror circles + box, flags, a length and a float mode; every runnable backend must match the reference bit for bit. */
#include "fpctl.h"
#include "fuzz_format.h"

#include <cbatch.h>

#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * What one input checks (any failure prints what differed and aborts, which
 * libFuzzer turns into a crash artifact):
 *  - an oracle written here from the contract in cbatch.h, cb_overlap for
 *    every pair, and the raw scalar kernels agree (default float mode);
 *  - the raw kernels of every backend cb_kernels_for gives agree with the
 *    raw scalar kernels in the input's float mode (cbatch.h: on one x86
 *    machine they follow MXCSR alike);
 *  - the public functions, forced onto each runnable backend, give the
 *    default-mode oracle's answer in any float mode, restore the caller's
 *    mode, reject unknown flag bits and NULL pointers writing nothing;
 *  - mask words are written whole, bits past n zero; index lists ascending
 *    and within n entries; nothing written outside the output (canaries on
 *    both sides); inputs never modified;
 *  - every input array ends exactly at the end of its heap block, so
 *    AddressSanitizer reports any read past element n-1;
 *  - the validators and converters against their own oracles.
 */

#define FAILF(...)                                                                                 \
    do {                                                                                           \
        fprintf(stderr, "cbatch fuzz: " __VA_ARGS__);                                              \
        fprintf(stderr, "\n");                                                                     \
        abort();                                                                                   \
    } while (0)

/* ---------------------------------------------------------------- the contract, written again */

static float max_first(float a, float b) { return a > b ? a : b; }
static float min_first(float a, float b) { return a < b ? a : b; }

static int oracle_hit(cb_circle c, cb_box b, int strict)
{
    float px = min_first(max_first(c.x, b.min_x), b.max_x);
    float py = min_first(max_first(c.y, b.min_y), b.max_y);
    float dx = c.x - px, dy = c.y - py;
    float d2 = dx * dx + dy * dy; /* built with -ffp-contract=off: no FMA */
    float r2 = c.r * c.r;
    return strict ? d2 < r2 : d2 <= r2;
}

/* ---------------------------------------------------------------- the float mode */

typedef struct {
    unsigned long long ctl;
    int round;
} fz_env;

static unsigned long long read_ctl(void) { return fpctl_read(); }
static void write_ctl(unsigned long long v) { fpctl_write(v); }

/* Modes 0..7: default, FTZ+DAZ, up, down, toward zero, FTZ only, DAZ only, FTZ+DAZ+up.
 * Where a mode does not exist here (no FTZ control), the nearest one is used. */
static void enter_mode(int m)
{
    static const int rounds[8] = {FE_TONEAREST,
#ifdef FE_UPWARD
                                  FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO,
                                  FE_TONEAREST, FE_TONEAREST, FE_UPWARD
#else
                                  FE_TONEAREST, FE_TONEAREST, FE_TONEAREST, FE_TONEAREST,
                                  FE_TONEAREST, FE_TONEAREST, FE_TONEAREST
#endif
    };
    int ftz = m == 1 || m == 5 || m == 7, daz = m == 1 || m == 6 || m == 7;
    fesetround(rounds[m & 7]);
    unsigned long long v = read_ctl();
#if defined(FPCTL_X86)
    v = (v & ~0x8040ull) | (ftz ? 0x8000ull : 0) | (daz ? 0x40ull : 0);
#elif defined(__aarch64__)
    v = (v & ~(1ull << 24)) | (ftz || daz ? 1ull << 24 : 0);
#else
    (void)ftz, (void)daz;
#endif
    write_ctl(v);
}

static void leave_mode(unsigned long long saved)
{
    fesetround(FE_TONEAREST);
    write_ctl(saved);
}

/* After a public call: the mode bits exactly as set, the caller's sticky flags kept. */
static void check_restored(unsigned long long set, int round_set, const char *what)
{
    unsigned long long now = read_ctl();
#if defined(FPCTL_X86)
    if ((now & ~0x3Full) != (set & ~0x3Full) || (now & set & 0x3F) != (set & 0x3F))
#else
    if (now != set)
#endif
        FAILF("%s: float control 0x%llx after the call, the caller had 0x%llx", what, now, set);
    if (fegetround() != round_set)
        FAILF("%s: rounding mode %d after the call, the caller had %d", what, fegetround(), round_set);
}

/* ---------------------------------------------------------------- buffers */

/* An array of `bytes` that ends exactly where its heap block ends (the block
 * is `off` bytes larger, the array starts `off` in): ASan's redzone begins at
 * the first byte past the array, and `off` varies the alignment. */
typedef struct {
    unsigned char *block;
    void *p;
} fz_arr;

static fz_arr arr_new(size_t bytes, size_t off)
{
    fz_arr a;
    a.block = malloc(bytes + off ? bytes + off : 1);
    if (!a.block)
        abort();
    a.p = a.block + off;
    return a;
}

/* Outputs: CANARY 32-bit units on each side of `units` output units (two per
 * mask word, one per index entry), so a write even one index entry past n
 * lands in a canary. Accessed with memcpy only: the library stores uint64_t
 * or uint32_t into the same bytes. */
#define CANARY 4
#define CANARY_UNIT 0xC4A9A5C4u

typedef struct {
    unsigned char *block;
    size_t units;
} fz_out;

static fz_out out_new(size_t units)
{
    fz_out o;
    o.units = units;
    /* malloc's alignment plus 16 bytes of canary keeps mask words 8-byte aligned */
    o.block = malloc((units + 2 * CANARY) * sizeof(uint32_t));
    if (!o.block)
        abort();
    return o;
}

static uint32_t unit_at(const fz_out *o, size_t i)
{
    uint32_t u;
    memcpy(&u, o->block + i * sizeof u, sizeof u);
    return u;
}

static void out_fill(fz_out *o, uint32_t pattern)
{
    for (size_t i = 0; i < o->units + 2 * CANARY; i++) {
        uint32_t u = (i < CANARY || i >= CANARY + o->units) ? CANARY_UNIT : pattern;
        memcpy(o->block + i * sizeof u, &u, sizeof u);
    }
}

static void *out_ptr(fz_out *o) { return o->block + CANARY * sizeof(uint32_t); }

static void out_check_canaries(const fz_out *o, const char *what)
{
    for (size_t i = 0; i < CANARY; i++) {
        if (unit_at(o, i) != CANARY_UNIT)
            FAILF("%s: wrote before its output", what);
        if (unit_at(o, CANARY + o->units + i) != CANARY_UNIT)
            FAILF("%s: wrote past the end of its output (%zu bytes)", what, o->units * sizeof(uint32_t));
    }
}

static uint64_t mask_word(const fz_out *o, size_t w)
{
    uint64_t m;
    memcpy(&m, o->block + CANARY * sizeof(uint32_t) + w * sizeof m, sizeof m);
    return m;
}

static uint32_t idx_entry(const fz_out *o, size_t i) { return unit_at(o, CANARY + i); }

/* ---------------------------------------------------------------- one input */

enum { S_BOXES, S_BOXES_AOS, S_CIRCLES, S_CIRCLES_AOS, S_COUNT };
static const char *const shape_names[S_COUNT] = {"boxes", "boxes_aos", "circles", "circles_aos"};

typedef struct {
    cb_circle circle;
    cb_box box;
    size_t n;
    const cb_box_soa *bs;
    const cb_box *ba;
    const cb_circle_soa *cs;
    const cb_circle *ca;
} fz_in;

static size_t call_mask(const cb_kernels *k, int s, const fz_in *in, uint64_t *m, unsigned flags)
{
    switch (s) {
    case S_BOXES: return k ? k->boxes(in->circle, in->bs, in->n, m, flags)
                           : cb_batch_overlap(in->circle, in->bs, in->n, m, flags);
    case S_BOXES_AOS: return k ? k->boxes_aos(in->circle, in->ba, in->n, m, flags)
                               : cb_batch_overlap_aos(in->circle, in->ba, in->n, m, flags);
    case S_CIRCLES: return k ? k->circles(in->cs, in->n, in->box, m, flags)
                             : cb_batch_overlap_circles(in->cs, in->n, in->box, m, flags);
    default: return k ? k->circles_aos(in->ca, in->n, in->box, m, flags)
                      : cb_batch_overlap_circles_aos(in->ca, in->n, in->box, m, flags);
    }
}

static size_t call_idx(const cb_kernels *k, int s, const fz_in *in, uint32_t *x, unsigned flags)
{
    switch (s) {
    case S_BOXES: return k ? k->boxes_idx(in->circle, in->bs, in->n, x, flags)
                           : cb_batch_overlap_idx(in->circle, in->bs, in->n, x, flags);
    case S_BOXES_AOS: return k ? k->boxes_aos_idx(in->circle, in->ba, in->n, x, flags)
                               : cb_batch_overlap_aos_idx(in->circle, in->ba, in->n, x, flags);
    case S_CIRCLES: return k ? k->circles_idx(in->cs, in->n, in->box, x, flags)
                             : cb_batch_overlap_circles_idx(in->cs, in->n, in->box, x, flags);
    default: return k ? k->circles_aos_idx(in->ca, in->n, in->box, x, flags)
                      : cb_batch_overlap_circles_aos_idx(in->ca, in->n, in->box, x, flags);
    }
}

/* The expected result of one shape: mask words and index list. */
typedef struct {
    uint64_t *mask;
    uint32_t *idx;
    size_t count;
} fz_res;

static void res_from_mask(fz_res *r, size_t n)
{
    r->count = 0;
    for (size_t i = 0; i < n; i++)
        if ((r->mask[i / 64] >> (i % 64)) & 1)
            r->idx[r->count++] = (uint32_t)i;
}

/* Compares a mask call's output (and count) with the expected result. */
static void expect_mask(const fz_res *want, size_t n, size_t count, const fz_out *o, const char *what)
{
    out_check_canaries(o, what);
    if (count != want->count)
        FAILF("%s n=%zu: count %zu, expected %zu", what, n, count, want->count);
    size_t words = (n + 63) / 64;
    for (size_t w = 0; w < words; w++) {
        uint64_t m = mask_word(o, w);
        if (m != want->mask[w])
            FAILF("%s n=%zu: mask word %zu = %016llx, expected %016llx%s", what, n, w,
                  (unsigned long long)m, (unsigned long long)want->mask[w],
                  w == words - 1 && n % 64 && (m >> (n % 64)) ? " (bits past n set)" : "");
    }
}

static void expect_idx(const fz_res *want, size_t n, size_t count, const fz_out *o, const char *what)
{
    /* Entries past the count are unspecified; past n entries are the canaries. */
    out_check_canaries(o, what);
    if (count != want->count)
        FAILF("%s n=%zu: count %zu, expected %zu", what, n, count, want->count);
    for (size_t i = 0; i < count; i++)
        if (idx_entry(o, i) != want->idx[i])
            FAILF("%s n=%zu: index entry %zu = %u, expected %u", what, n, i,
                  (unsigned)idx_entry(o, i), (unsigned)want->idx[i]);
}

static int all_pattern(const fz_out *o, uint32_t pattern)
{
    for (size_t i = 0; i < o->units; i++)
        if (unit_at(o, CANARY + i) != pattern)
            return 0;
    return 1;
}

/* ---------------------------------------------------------------- validators and converters */

static int is_nan_f(float f) { return f != f; }
static int is_inf_f(float f) { return !is_nan_f(f) && (f == INFINITY || f == -INFINITY); }

static cb_fault box_fault(cb_box b)
{
    if (is_nan_f(b.min_x) || is_nan_f(b.min_y) || is_nan_f(b.max_x) || is_nan_f(b.max_y))
        return CB_FAULT_NAN;
    if (is_inf_f(b.min_x) || is_inf_f(b.min_y) || is_inf_f(b.max_x) || is_inf_f(b.max_y))
        return CB_FAULT_INFINITE;
    if (b.min_x > b.max_x || b.min_y > b.max_y) /* default mode: denormals compare as themselves */
        return CB_FAULT_INVERTED;
    return CB_FAULT_NONE;
}

static cb_fault circle_fault(cb_circle c)
{
    if (is_nan_f(c.x) || is_nan_f(c.y) || is_nan_f(c.r))
        return CB_FAULT_NAN;
    if (is_inf_f(c.x) || is_inf_f(c.y) || is_inf_f(c.r))
        return CB_FAULT_INFINITE;
    if (c.r < 0)
        return CB_FAULT_NEGATIVE_RADIUS;
    return CB_FAULT_NONE;
}

/* Same bits, or NaN on both sides: which NaN x + y gives for two NaNs
 * depends on the operand order the compiler chose, and no hit depends on it. */
static int same_f(float a, float b) { return memcmp(&a, &b, sizeof a) == 0 || (is_nan_f(a) && is_nan_f(b)); }

static void check_validators_converters(const fz_in *in, const cb_box *boxes,
                                        const cb_circle *circles, int mode)
{
    size_t n = in->n, want_b = n, want_c = n;
    cb_fault fb = CB_FAULT_NONE, fc = CB_FAULT_NONE;
    for (size_t i = 0; i < n && want_b == n; i++)
        if ((fb = box_fault(boxes[i])) != CB_FAULT_NONE)
            want_b = i;
    for (size_t i = 0; i < n && want_c == n; i++)
        if ((fc = circle_fault(circles[i])) != CB_FAULT_NONE)
            want_c = i;
    if (want_b == n)
        fb = CB_FAULT_NONE;
    if (want_c == n)
        fc = CB_FAULT_NONE;

    /* Expected converter outputs in the default mode, before entering `mode`. */
    cb_box *want_ce = malloc((n ? n : 1) * sizeof(cb_box)), *want_co = malloc((n ? n : 1) * sizeof(cb_box));
    cb_box_center *ce = malloc((n ? n : 1) * sizeof *ce);
    cb_box_corner *co = malloc((n ? n : 1) * sizeof *co);
    if (!want_ce || !want_co || !ce || !co)
        abort();
    for (size_t i = 0; i < n; i++) {
        cb_box_center a = {boxes[i].min_x, boxes[i].min_y, boxes[i].max_x, boxes[i].max_y};
        cb_box_corner b = {boxes[i].min_x, boxes[i].min_y, boxes[i].max_x, boxes[i].max_y};
        ce[i] = a, co[i] = b;
        cb_box wa = {a.cx - a.hx, a.cy - a.hy, a.cx + a.hx, a.cy + a.hy};
        cb_box wb = {b.x, b.y, b.x + b.w, b.y + b.h};
        want_ce[i] = wa, want_co[i] = wb;
    }

    unsigned long long saved = read_ctl();
    enter_mode(mode);
    unsigned long long set = read_ctl();
    int round_set = fegetround();
    cb_fault f1 = (cb_fault)99, f2 = (cb_fault)99, f3 = (cb_fault)99, f4 = (cb_fault)99;
    size_t r1 = cb_validate_boxes(in->bs, n, &f1), r2 = cb_validate_boxes_aos(in->ba, n, &f2);
    size_t r3 = cb_validate_circles(in->cs, n, &f3), r4 = cb_validate_circles_aos(in->ca, n, &f4);
    cb_box *o1 = malloc((n ? n : 1) * sizeof(cb_box)), *o2 = malloc((n ? n : 1) * sizeof(cb_box));
    float *s[4];
    for (int j = 0; j < 4; j++)
        if (!(s[j] = malloc((n ? n : 1) * sizeof(float))))
            abort();
    if (!o1 || !o2)
        abort();
    for (int kind = 0; kind < 2; kind++) {
        if (kind == 0) {
            cb_boxes_from_centers(ce, n, o1);
            if (cb_boxes_from_centers_soa(ce, n, s[0], s[1], s[2], s[3]) != CB_OK)
                FAILF("cb_boxes_from_centers_soa failed");
            for (size_t i = 0; i < n && i < 8; i++)
                o2[i] = cb_box_from_center(ce[i]);
        } else {
            cb_boxes_from_corners(co, n, o1);
            if (cb_boxes_from_corners_soa(co, n, s[0], s[1], s[2], s[3]) != CB_OK)
                FAILF("cb_boxes_from_corners_soa failed");
            for (size_t i = 0; i < n && i < 8; i++)
                o2[i] = cb_box_from_corner(co[i]);
        }
        check_restored(set, round_set, "converters");
        const cb_box *want = kind ? want_co : want_ce;
        for (size_t i = 0; i < n; i++) {
            const float *w = &want[i].min_x, *a = &o1[i].min_x, *b = &o2[i].min_x;
            for (int j = 0; j < 4; j++)
                if (!same_f(a[j], w[j]) || !same_f(s[j][i], w[j]) || (i < 8 && !same_f(b[j], w[j])))
                    FAILF("%s in mode %d: box %zu coordinate %d = %a (AoS) %a (SoA) %a (one), expected %a",
                          kind ? "corner converters" : "centre converters", mode, i, j, a[j], s[j][i],
                          i < 8 ? b[j] : w[j], w[j]);
        }
    }
    leave_mode(saved);
    if (r1 != want_b || r2 != want_b || f1 != fb || f2 != fb)
        FAILF("box validators: %zu/%d (SoA) %zu/%d (AoS), expected %zu/%d", r1, (int)f1, r2, (int)f2,
              want_b, (int)fb);
    if (r3 != want_c || r4 != want_c || f3 != fc || f4 != fc)
        FAILF("circle validators: %zu/%d (SoA) %zu/%d (AoS), expected %zu/%d", r3, (int)f3, r4,
              (int)f4, want_c, (int)fc);
    for (int j = 0; j < 4; j++)
        free(s[j]);
    free(o1), free(o2), free(ce), free(co), free(want_ce), free(want_co);
}

/* ---------------------------------------------------------------- the entry points */

/* Says once which backends each input is run on, and why the others are not. */
void fz_report_backends(void);
void fz_report_backends(void)
{
    fprintf(stderr, "cbatch fuzz: every input runs on:");
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        if (cb_kernels_for((cb_backend)b))
            fprintf(stderr, " %s", cb_backend_name((cb_backend)b));
    fprintf(stderr, "\n");
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        const char *why;
        if (cb_backend_status((cb_backend)b, &why) != CB_OK)
            fprintf(stderr, "cbatch fuzz: SKIP backend %s: %s\n", cb_backend_name((cb_backend)b), why);
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_report_backends();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_case fc;
    if (!fz_decode(data, size, &fc))
        return 0;
    size_t n = fc.n;
    int strict = (fc.flags & FZ_STRICT) != 0;
    unsigned flags = strict ? CB_STRICT : 0;
    size_t off = (size_t)fc.align * sizeof(float);

    /* Inputs: every array ends at the end of its heap block. */
    fz_arr col[7];
    for (int j = 0; j < 7; j++)
        col[j] = arr_new(n * sizeof(float), off);
    fz_arr ab = arr_new(n * sizeof(cb_box), off), ac = arr_new(n * sizeof(cb_circle), off);
    float *fcol[7];
    for (int j = 0; j < 7; j++)
        fcol[j] = col[j].p;
    cb_box *boxes = ab.p;
    cb_circle *circles = ac.p;
    for (size_t i = 0; i < n; i++) {
        boxes[i] = fc.boxes[i], circles[i] = fc.circles[i];
        fcol[0][i] = fc.boxes[i].min_x, fcol[1][i] = fc.boxes[i].min_y;
        fcol[2][i] = fc.boxes[i].max_x, fcol[3][i] = fc.boxes[i].max_y;
        fcol[4][i] = fc.circles[i].x, fcol[5][i] = fc.circles[i].y, fcol[6][i] = fc.circles[i].r;
    }
    cb_box_soa bs = {fcol[0], fcol[1], fcol[2], fcol[3]};
    cb_circle_soa cs = {fcol[4], fcol[5], fcol[6]};
    fz_in in = {fc.circle, fc.box, n, &bs, boxes, &cs, circles};
    cb_box_soa nbs = {NULL, NULL, NULL, NULL};
    cb_circle_soa ncs = {NULL, NULL, NULL};
    if (n == 0 && (fc.flags & FZ_NULL_WHEN_EMPTY)) {
        /* n == 0 is valid with any pointers: NULL arrays, and SoA structs of NULLs */
        if (fc.flags & FZ_STRICT)
            in.bs = NULL, in.cs = NULL;
        else
            in.bs = &nbs, in.cs = &ncs;
        in.ba = NULL, in.ca = NULL;
    }

    /* Expected results from the oracle, default mode. */
    size_t words = (n + 63) / 64;
    fz_res want[S_COUNT];
    for (int s = 0; s < S_COUNT; s++) {
        want[s].mask = calloc(words + 1, sizeof(uint64_t));
        want[s].idx = malloc((n + 1) * sizeof(uint32_t));
        if (!want[s].mask || !want[s].idx)
            abort();
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t bit = 1ull << (i % 64);
        int hb = oracle_hit(fc.circle, fc.boxes[i], strict);
        int hc = oracle_hit(fc.circles[i], fc.box, strict);
        if (cb_overlap(fc.circle, fc.boxes[i], flags) != hb)
            FAILF("cb_overlap(circle, box %zu) = %d, the oracle says %d", i, !hb, hb);
        if (cb_overlap(fc.circles[i], fc.box, flags) != hc)
            FAILF("cb_overlap(circle %zu, box) = %d, the oracle says %d", i, !hc, hc);
        if (hb)
            want[S_BOXES].mask[i / 64] |= bit, want[S_BOXES_AOS].mask[i / 64] |= bit;
        if (hc)
            want[S_CIRCLES].mask[i / 64] |= bit, want[S_CIRCLES_AOS].mask[i / 64] |= bit;
    }
    for (int s = 0; s < S_COUNT; s++)
        res_from_mask(&want[s], n);
    /* CB_FUZZ_SELFTEST=1: corrupt one expected bit, so the stage can prove
     * that a difference really aborts (scripts/test-fuzz.sh). */
    static int selftest = -1;
    if (selftest < 0)
        selftest = getenv("CB_FUZZ_SELFTEST") != NULL;
    if (selftest && n) {
        want[S_BOXES].mask[0] ^= 1;
        res_from_mask(&want[S_BOXES], n);
    }

    fz_out om = out_new(2 * words), ox = out_new(n);
    char what[160];
    uint32_t pattern = 0x7F4A7C15u ^ (uint32_t)size;

    /* Raw kernels: scalar first, in the default mode (it is the reference and
     * must equal the oracle), then every backend in the input's mode against
     * the raw scalar in that mode. */
    const cb_kernels *scalar = cb_kernels_for(CB_BACKEND_SCALAR);
    fz_res moded[S_COUNT];
    unsigned long long saved = read_ctl();
    for (int s = 0; s < S_COUNT; s++) {
        moded[s].mask = calloc(words + 1, sizeof(uint64_t));
        moded[s].idx = malloc((n + 1) * sizeof(uint32_t));
        if (!moded[s].mask || !moded[s].idx)
            abort();
        out_fill(&om, pattern);
        snprintf(what, sizeof what, "raw scalar %s", shape_names[s]);
        expect_mask(&want[s], n, call_mask(scalar, s, &in, out_ptr(&om), flags), &om, what);
        out_fill(&ox, pattern);
        snprintf(what, sizeof what, "raw scalar %s_idx", shape_names[s]);
        expect_idx(&want[s], n, call_idx(scalar, s, &in, out_ptr(&ox), flags), &ox, what);

        enter_mode(fc.mode);
        size_t c = call_mask(scalar, s, &in, moded[s].mask, flags);
        leave_mode(saved);
        moded[s].count = c;
        res_from_mask(&moded[s], n);
        if (moded[s].count != c)
            FAILF("raw scalar %s in mode %d: count %zu but %zu bits set", shape_names[s], fc.mode, c,
                  moded[s].count);
    }
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        const cb_kernels *k = cb_kernels_for((cb_backend)b);
        if (!k)
            continue;
        for (int s = 0; s < S_COUNT; s++) {
            out_fill(&om, pattern ^ (uint32_t)b);
            enter_mode(fc.mode);
            size_t c = call_mask(k, s, &in, out_ptr(&om), flags);
            leave_mode(saved);
            snprintf(what, sizeof what, "raw %s %s (mode %d)", cb_backend_name((cb_backend)b),
                     shape_names[s], fc.mode);
            expect_mask(&moded[s], n, c, &om, what);
            out_fill(&ox, pattern ^ (uint32_t)b);
            enter_mode(fc.mode);
            c = call_idx(k, s, &in, out_ptr(&ox), flags);
            leave_mode(saved);
            snprintf(what, sizeof what, "raw %s %s_idx (mode %d)", cb_backend_name((cb_backend)b),
                     shape_names[s], fc.mode);
            expect_idx(&moded[s], n, c, &ox, what);
        }
    }

    /* Public functions on each runnable backend, in the input's mode: the
     * default-mode answer, the mode restored, bad arguments rejected. */
    unsigned junk = fc.junk_flags ? (unsigned)fc.junk_flags | flags : flags;
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        if (!cb_kernels_for((cb_backend)b))
            continue;
        if (cb_set_backend((cb_backend)b) != CB_OK || cb_active_backend() != (cb_backend)b)
            FAILF("cb_set_backend(%s) did not take", cb_backend_name((cb_backend)b));
        for (int s = 0; s < S_COUNT; s++)
            for (int ix = 0; ix < 2; ix++) {
                fz_out *o = ix ? &ox : &om;
                uint32_t pat = pattern ^ ((uint32_t)b << 8);
                out_fill(o, pat);
                fz_in use = in;
                int expect_invalid = junk != flags;
                if (n && fc.null_ptr) { /* one pointer NULL: which one, by the input */
                    expect_invalid = 1;
                    switch (fc.null_ptr % 3) {
                    case 0: use.bs = NULL, use.ba = NULL, use.cs = NULL, use.ca = NULL; break;
                    case 1: break; /* the output, below */
                    default:
                        if (s == S_BOXES)
                            use.bs = &nbs;
                        else if (s == S_CIRCLES)
                            use.cs = &ncs;
                        else
                            use.ba = NULL, use.ca = NULL;
                    }
                }
                void *out = n && fc.null_ptr % 3 == 1 ? NULL : out_ptr(o);
                if (n == 0 && (fc.flags & FZ_NULL_WHEN_EMPTY))
                    out = NULL;
                enter_mode(fc.mode);
                unsigned long long set = read_ctl();
                int round_set = fegetround();
                if (fc.sticky) /* the caller's own exception flags must survive */
#if defined(FPCTL_X86)
                    _mm_setcsr((unsigned)(set |= 0x3F));
#else
                    feraiseexcept(FE_ALL_EXCEPT & ~FE_INEXACT), set = read_ctl();
#endif
                size_t c = ix ? call_idx(NULL, s, &use, out, junk) : call_mask(NULL, s, &use, out, junk);
                snprintf(what, sizeof what, "public %s%s on %s (mode %d, flags 0x%x%s)", shape_names[s],
                         ix ? "_idx" : "", cb_backend_name((cb_backend)b), fc.mode, junk,
                         use.bs != in.bs || use.ba != in.ba || !out ? ", a NULL pointer" : "");
                check_restored(set, round_set, what);
                leave_mode(saved);
                if (expect_invalid) {
                    if (c != CB_INVALID)
                        FAILF("%s: returned %zu, expected CB_INVALID", what, c);
                    out_check_canaries(o, what);
                    if (!all_pattern(o, pat))
                        FAILF("%s: CB_INVALID but the output was written", what);
                } else if (ix)
                    expect_idx(&want[s], n, c, o, what);
                else
                    expect_mask(&want[s], n, c, o, what);
            }
    }
    cb_set_backend_by_name("auto");

    check_validators_converters(&in, boxes, circles, fc.mode);

    /* The inputs are never written. */
    for (size_t i = 0; i < n; i++) {
        const float *pb = &fc.boxes[i].min_x, *pc = &fc.circles[i].x;
        if (memcmp(&boxes[i], &fc.boxes[i], sizeof(cb_box)) || memcmp(&circles[i], &fc.circles[i], sizeof(cb_circle)))
            FAILF("AoS input %zu was modified", i);
        for (int j = 0; j < 4; j++)
            if (memcmp(&fcol[j][i], &pb[j], sizeof(float)))
                FAILF("SoA box input %zu.%d was modified", i, j);
        for (int j = 0; j < 3; j++)
            if (memcmp(&fcol[4 + j][i], &pc[j], sizeof(float)))
                FAILF("SoA circle input %zu.%d was modified", i, j);
    }

    free(om.block), free(ox.block);
    for (int s = 0; s < S_COUNT; s++)
        free(want[s].mask), free(want[s].idx), free(moded[s].mask), free(moded[s].idx);
    for (int j = 0; j < 7; j++)
        free(col[j].block);
    free(ab.block), free(ac.block);
    fz_case_free(&fc);
    return 0;
}
