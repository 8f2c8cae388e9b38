/* test_fenv.c - Criterion: the host program's float environment (FTZ/DAZ, FPCR.FZ, directed rounding) never changes a public result, is restored after every call, and moves all raw kernels alike. */
#include "bits.h"
#include "rel.h"
#include "support.h"

#include <criterion/criterion.h>
#include <fpctl.h>

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* One seed for the whole run: set in the runner before any test process
 * starts, inherited by all of them (see tb_seed_share). */
ReportHook(PRE_ALL)(struct criterion_test_set *tests)
{
    (void)tests;
    tb_seed_share();
}

/* <fenv.h> defines a rounding macro only when the target supports that mode. */
#ifdef FE_UPWARD
#define R_UP FE_UPWARD
#else
#define R_UP -1
#endif
#ifdef FE_DOWNWARD
#define R_DOWN FE_DOWNWARD
#else
#define R_DOWN -1
#endif
#ifdef FE_TOWARDZERO
#define R_ZERO FE_TOWARDZERO
#else
#define R_ZERO -1
#endif

typedef struct {
    const char *name;
    int ftz, daz; /* x86 MXCSR bits; on AArch64 both map to the one FPCR.FZ bit */
    int afp;      /* AArch64 FEAT_AFP: FPCR.FIZ and FPCR.AH */
    int round;    /* FE_* or -1 */
} mode;

enum { M_FTZ_DAZ, M_FTZ, M_DAZ, M_UP, M_DOWN, M_ZERO, M_FTZ_DAZ_UP, M_FTZ_DAZ_ZERO, M_AFP, M_COUNT };
static const mode modes[M_COUNT] = {
    {"FTZ+DAZ", 1, 1, 0, FE_TONEAREST},      {"FTZ only", 1, 0, 0, FE_TONEAREST},
    {"DAZ only", 0, 1, 0, FE_TONEAREST},     {"FE_UPWARD", 0, 0, 0, R_UP},
    {"FE_DOWNWARD", 0, 0, 0, R_DOWN},        {"FE_TOWARDZERO", 0, 0, 0, R_ZERO},
    {"FTZ+DAZ+FE_UPWARD", 1, 1, 0, R_UP},    {"FTZ+DAZ+FE_TOWARDZERO", 1, 1, 0, R_ZERO},
    {"FPCR.FIZ+AH (FEAT_AFP)", 0, 0, 1, FE_TONEAREST},
};

/* ---------------------------------------------------------------- the control register */

/* FEAT_AFP's bits read back as written only on CPUs that have it (they are
 * RES0 elsewhere, and the write is ignored). */
static int afp_present(void)
{
    unsigned long long old = fpctl_read();
    fpctl_write(old | FPCTL_AFP);
    int ok = (fpctl_read() & FPCTL_AFP) != 0;
    fpctl_write(old);
    return ok;
}

/* Why mode m cannot be tested on this target, or NULL. Decided by which
 * fpctl.h bits exist here: the x86-only and AArch64-only modes are reported
 * as skipped by name. */
static const char *unsupported(const mode *m)
{
    if (m->round < 0)
        return "this rounding mode is not defined by <fenv.h> on this target";
    if ((m->ftz || m->daz) && !fpctl_has_flush())
        return "no flush-to-zero control on this architecture";
    if (m->ftz != m->daz && FPCTL_DAZ == 0)
        return "x86 only: this target has a single flush bit (AArch64 FPCR.FZ, tested as FTZ+DAZ)";
    if (m->afp && FPCTL_AFP == 0)
        return "AArch64 only: FPCR.FIZ/AH (FEAT_AFP) have no counterpart on this target";
    if (m->afp && !afp_present())
        return "this CPU lacks FEAT_AFP (FPCR.FIZ reads back as 0)";
    return NULL;
}

/* The default environment as the test found it (nearest, no flushing, no flags). */
static unsigned long long base_ctl;

static void set_default(void)
{
    fesetround(FE_TONEAREST);
    fpctl_write(base_ctl);
    feclearexcept(FE_ALL_EXCEPT);
}

static void set_mode(const mode *m)
{
    cr_assert_eq(fesetround(m->round), 0, "fesetround(%s) failed", m->name);
    fpctl_set_flush(m->ftz, m->daz, m->afp);
}

static void begin(const mode *m)
{
    const char *why = unsupported(m);
    if (why)
        cr_skip_test("%s: %s", m->name, why);
    base_ctl = fpctl_read() & ~(FPCTL_FTZ | FPCTL_DAZ | FPCTL_AFP | FPCTL_FLAGS | FPCTL_ROUND);
    set_default();
}

/* The control register without its sticky flags (x86 keeps them there; a
 * call may add flags, but must change nothing else). */
static unsigned long long modes_of(unsigned long long ctl) { return ctl & ~FPCTL_FLAGS; }

/* After a call made in mode m: the control register must be exactly what the
 * caller set (sticky flags in it may only have been added), and the rounding
 * mode the caller's. Returns 0 and says why on stderr when not. */
static int restored(const mode *m, unsigned long long before, unsigned long long after,
                    int round_after, const char *what)
{
    int ok = round_after == m->round;
    ok &= modes_of(after) == modes_of(before);
    ok &= (after & before & FPCTL_FLAGS) == (before & FPCTL_FLAGS); /* sticky flags kept */
    if (!ok)
        fprintf(stderr, "%s in %s: control 0x%llx before, 0x%llx after; rounding %d after (set %d)\n",
                what, m->name, before, after, round_after, m->round);
    return ok;
}

/* ---------------------------------------------------------------- data */

/* Three groups, each one circle, one box and one oriented box plus 193
 * boxes, circles and oriented boxes: near ties that a directed rounding can
 * flip, squared distances in the denormal range that flushing changes, and
 * adversarial bit patterns. The oriented boxes of the first two are placed
 * about the circle as the boxes are, turned by a rotation (their frame's
 * products round too). */
#define N 193
enum { G_ROUND, G_DENORMAL, G_ADVERSARIAL, G_COUNT };

typedef struct {
    tb_corpus c;
    cb_box_soa bs;
    cb_circle_soa cs;
    tk_views v;   /* every layout of c, pointing at bs and cs: a group is never copied */
    tk_probe one; /* the single shape of each entry, whichever it reads */
} group;

/* float(sqrt(a*a - b*b)) moved by k ulps: the far side of a near tie. */
static float leg(double hyp, double a, int k)
{
    double d = hyp * hyp - a * a;
    float f = (float)sqrt(d > 0 ? d : 0);
    for (; k > 0; k--)
        f = nextafterf(f, INFINITY);
    for (; k < 0; k++)
        f = nextafterf(f, 0);
    return f;
}

static void make_groups(group g[G_COUNT])
{
    tk_rng r = {tb_seed() ^ 0xfe4f};
    for (int k = 0; k < G_COUNT; k++) {
        g[k].c = tb_corpus_new(N);
        g[k].v = tb_corpus_views(&g[k].c, &g[k].bs, &g[k].cs);
    }
    /* Near ties: circle at the origin, box corners (dx, dy) at distance ~r;
     * circles around the box [0,1]^2 at (-dx, -dy) with radius ~|(dx, dy)|. */
    {
        float rad = tk_uniform(&r, 1.0f, 2.0f);
        cb_circle c0 = {0, 0, rad};
        cb_box b0 = {0, 0, 1, 1};
        for (size_t i = 0; i < N; i++) {
            float dx = tk_uniform(&r, 0.01f, rad * 0.99f);
            float dy = leg(rad, dx, (int)(tk_next(&r) % 5) - 2);
            cb_box b = {dx, dy, dx + 1, dy + 1};
            tb_corpus_set_box(&g[G_ROUND].c, i, b);
            float oc, os;
            tb_rotation(&r, 1, &oc, &os);
            tb_corpus_set_obox(&g[G_ROUND].c, i, tb_obox_placed(b, 0, 0, oc, os));
            float ax = tk_uniform(&r, 0.5f, 2.0f), ay = tk_uniform(&r, 0.5f, 2.0f);
            float cr = leg(sqrt((double)ax * ax + (double)ay * ay), 0, (int)(tk_next(&r) % 5) - 2);
            cb_circle c = {-ax, -ay, cr};
            tb_corpus_set_circle(&g[G_ROUND].c, i, c);
        }
        g[G_ROUND].one = tb_probe(c0, b0);
    }
    /* Denormal squares: r ~ 2^-70 so r*r ~ 2^-140 is denormal, and distances
     * of the same size; plus denormal coordinates themselves. */
    {
        const float s = 0x1p-70f;
        float rad = s * tk_uniform(&r, 1.0f, 2.0f);
        cb_circle c0 = {0, 0, rad};
        cb_box b0 = {0, 0, 1, 1};
        for (size_t i = 0; i < N; i++) {
            float dx = s * tk_uniform(&r, 0.0f, 2.0f), dy = s * tk_uniform(&r, 0.0f, 2.0f);
            if (i % 7 == 0)
                dx = 0x1p-140f * (float)(tk_next(&r) % 64); /* a denormal coordinate */
            cb_box b = {dx, dy, 1, 1};
            tb_corpus_set_box(&g[G_DENORMAL].c, i, b);
            /* an oriented box as small as the distances: the frame's
             * offsets and their squares stay in the denormal-square range */
            cb_box small = {dx, dy, dx + s * tk_uniform(&r, 0.5f, 2.0f),
                            dy + s * tk_uniform(&r, 0.5f, 2.0f)};
            float oc, os;
            tb_rotation(&r, 1, &oc, &os);
            tb_corpus_set_obox(&g[G_DENORMAL].c, i, tb_obox_placed(small, 0, 0, oc, os));
            cb_circle c = {-s * tk_uniform(&r, 0.0f, 2.0f), -s * tk_uniform(&r, 0.0f, 2.0f),
                           s * tk_uniform(&r, 0.0f, 2.5f)};
            if (i % 5 == 0)
                c.r = 0x1p-149f * (float)(tk_next(&r) % 1000); /* a denormal radius */
            tb_corpus_set_circle(&g[G_DENORMAL].c, i, c);
        }
        g[G_DENORMAL].one = tb_probe(c0, b0);
        /* a denormal-scale oriented box about the origin, for the circles */
        g[G_DENORMAL].one.obox = (cb_obox){0, 0, s, s, 0.6f, 0.8f};
    }
    tb_corpus_fill_adversarial(&g[G_ADVERSARIAL].c, &r);
    g[G_ADVERSARIAL].one.circle = g[G_ADVERSARIAL].c.circles[0];
    g[G_ADVERSARIAL].one.box = g[G_ADVERSARIAL].c.boxes[1];
    g[G_ADVERSARIAL].one.obox = g[G_ADVERSARIAL].c.oboxes[2];
}

static void free_groups(group g[G_COUNT])
{
    for (int k = 0; k < G_COUNT; k++)
        tb_corpus_free(&g[k].c);
}

static const char *const group_names[G_COUNT] = {"near ties", "denormal squares", "adversarial"};

/* One output of entry e for N elements, any kind (testkit's tk_out). */
typedef tk_out result;

static void res_new(result *r, size_t e) { tk_out_malloc(r, cb_entry_info_of(e), N); }

/* Entry e over group g into r: through the raw kernel k, or the public
 * function (cb_entry_call) when k is NULL. Contact entries read the margin
 * REL_MARGIN (rel_args), so their records include near misses. */
static size_t call(size_t e, cb_kernel_fn k, const group *g, result *r, unsigned flags)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    cb_args a = rel_args(d, &g->v, &g->one, N, r->out, flags);
    return k ? k(&a) : cb_entry_call(e, &a);
}

/* Backend b's raw kernel of entry e; b runs here, so it must have one. */
static cb_kernel_fn kernel_of(size_t e, cb_backend b)
{
    cb_kernel_fn k = cb_entry_kernel(e, b);
    cr_assert_not_null(k, "cb_entry_kernel(%s, %s) is NULL, but the backend runs here",
                       cb_entry_info_of(e)->name, cb_backend_name(b));
    return k;
}

/* ---------------------------------------------------------------- (a) + (b): public functions */

static void run_public(const mode *m)
{
    begin(m);
    group g[G_COUNT];
    make_groups(g);
    cb_backend bs[CB_BACKEND_COUNT];
    size_t nb = rel_runnable(bs);
    long sensitive = 0, wrong = 0, not_restored = 0, calls = 0;
    char what[200];
    for (int gi = 0; gi < G_COUNT; gi++)
        TK_FOR_ENTRIES(e, TK_BATCH)
            for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
                const cb_entry_info *d = cb_entry_info_of(e);
                cb_kernel_fn scalar = kernel_of(e, CB_BACKEND_SCALAR);
                result ref, raw, got;
                res_new(&ref, e), res_new(&raw, e), res_new(&got, e);
                size_t want = call(e, scalar, &g[gi], &ref, flags);
                /* The same call through the raw scalar kernel in mode m: it
                 * runs in the caller's environment, so some results must
                 * differ, or this data would not test the guard at all. */
                set_mode(m);
                size_t rawc = call(e, scalar, &g[gi], &raw, flags);
                set_default();
                sensitive += !rel_same(d, N, rawc, raw.out, want, ref.out, NULL);
                for (size_t b = 0; b < nb; b++) {
                    cr_assert_eq(cb_set_backend(bs[b]), CB_OK);
                    for (int sticky = 0; sticky < 2; sticky++) {
                        set_mode(m);
                        /* The caller's flags already raised: they must stay.
                         * x86 keeps them in MXCSR (FPCTL_FLAGS), AArch64 in FPSR. */
                        if (sticky && FPCTL_FLAGS != 0)
                            fpctl_write(fpctl_read() | FPCTL_FLAGS);
                        else if (sticky)
                            feraiseexcept(FE_ALL_EXCEPT & ~FE_INEXACT);
                        int flags_before = fetestexcept(FE_ALL_EXCEPT);
                        unsigned long long before = fpctl_read();
                        size_t c = call(e, NULL, &g[gi], &got, flags);
                        unsigned long long after = fpctl_read();
                        int round_after = fegetround();
                        int flags_after = fetestexcept(FE_ALL_EXCEPT);
                        set_default();
                        calls++;
                        snprintf(what, sizeof what, "%s on %s, %s, flags=%u", d->name,
                                 cb_backend_name(bs[b]), group_names[gi], flags);
                        if (!restored(m, before, after, round_after, what))
                            not_restored++;
                        if (FPCTL_FLAGS == 0 && (flags_after & flags_before) != flags_before) {
                            fprintf(stderr, "%s in %s: exception flags 0x%x lost (0x%x after)\n",
                                    what, m->name, flags_before, flags_after);
                            not_restored++;
                        }
                        char w2[260];
                        snprintf(w2, sizeof w2, "%s in %s vs the default environment", what, m->name);
                        wrong += !rel_same(d, N, c, got.out, want, ref.out, w2);
                    }
                }
                tk_out_free(&ref), tk_out_free(&raw), tk_out_free(&got);
            }
    cb_set_backend_by_name("auto");
    fprintf(stderr, "fenv %s: %ld public calls; the raw scalar kernel differed from the default environment in %ld of %zu entry/data cases\n",
            m->name, calls, sensitive, G_COUNT * rel_batch_count() * 2);
    cr_expect_gt(sensitive, 0, "%s never changed a raw result: the data does not exercise this mode",
                 m->name);
    cr_expect_eq(wrong, 0, "%s: %ld public results differ from the default environment's (see stderr)",
                 m->name, wrong);
    cr_expect_eq(not_restored, 0, "%s: the caller's environment was not restored after %ld calls",
                 m->name, not_restored);
    free_groups(g);
    cr_expect_eq(rel_leaks(), 0, "LeakSanitizer found leaks (report above)");
}

/* ---------------------------------------------------------------- (c): raw kernels agree */

static void run_raw(const mode *m)
{
    begin(m);
    group g[G_COUNT];
    make_groups(g);
    cb_backend bs[CB_BACKEND_COUNT];
    size_t nb = rel_runnable(bs);
    long wrong = 0, touched = 0;
    char what[200];
    for (int gi = 0; gi < G_COUNT; gi++)
        TK_FOR_ENTRIES(e, TK_BATCH)
            for (unsigned flags = 0; flags <= CB_STRICT; flags++) {
                const cb_entry_info *d = cb_entry_info_of(e);
                result ref, got;
                res_new(&ref, e), res_new(&got, e);
                set_mode(m);
                size_t want = call(e, kernel_of(e, CB_BACKEND_SCALAR), &g[gi], &ref, flags);
                set_default();
                for (size_t b = 1; b < nb; b++) {
                    cb_kernel_fn k = kernel_of(e, bs[b]);
                    set_mode(m);
                    unsigned long long before = fpctl_read();
                    size_t c = call(e, k, &g[gi], &got, flags);
                    unsigned long long after = fpctl_read();
                    set_default();
                    snprintf(what, sizeof what, "raw %s %s in %s, %s, flags=%u vs raw scalar in the same mode",
                             cb_backend_name(bs[b]), d->name, m->name, group_names[gi], flags);
                    wrong += !rel_same(d, N, c, got.out, want, ref.out, what);
                    /* A raw kernel has no guard: it must not touch the modes either. */
                    touched += modes_of(after) != modes_of(before);
                }
                tk_out_free(&ref), tk_out_free(&got);
            }
    if (nb < 2)
        fprintf(stderr, "fenv raw %s: only the scalar backend runs here: nothing to compare\n", m->name);
    cr_expect_eq(wrong, 0, "%s: %ld raw results differ between backends (see stderr)", m->name, wrong);
    cr_expect_eq(touched, 0, "%s: a raw kernel changed the control register %ld times", m->name, touched);
    free_groups(g);
    cr_expect_eq(rel_leaks(), 0, "LeakSanitizer found leaks (report above)");
}

/* ---------------------------------------------------------------- converters and validators */

/* One rounded operation whose operands are loaded, and whose result stored,
 * through volatiles: the compiler can neither fold it nor move it across
 * the mode switches around the call (it assumes the default environment). */
static float op_volatile(float a, float b, int sub)
{
    volatile float x = a, y = b;
    volatile float r = sub ? x - y : x + y;
    return r;
}

/* a * b with the same volatile fence. */
static float mul_volatile(float a, float b)
{
    volatile float x = a, y = b;
    volatile float r = x * y;
    return r;
}

#define NC 64

static void run_convert(const mode *m)
{
    begin(m);
    tk_rng r = {tb_seed() ^ 0xc0de};
    static cb_box_center ce[NC];
    static cb_box_corner co[NC];
    for (int i = 0; i < NC; i++) {
        cb_box_center a = {tk_uniform(&r, -1000, 1000), tk_uniform(&r, -1000, 1000),
                           tk_uniform(&r, 0, 10), tk_uniform(&r, 0, 10)};
        cb_box_corner b = {tk_uniform(&r, -1000, 1000), tk_uniform(&r, -1000, 1000),
                           tk_uniform(&r, 0, 10), tk_uniform(&r, 0, 10)};
        switch (i % 4) {
        case 1: /* denormal operands and results */
            a.cx = 0x1p-149f * (float)(tk_next(&r) % 5000), a.hx = 0x1p-149f * (float)(tk_next(&r) % 5000);
            b.x = -0x1p-149f * (float)(tk_next(&r) % 5000), b.w = 0x1p-149f * (float)(tk_next(&r) % 9000);
            break;
        case 2: /* a normal minus a normal giving a denormal */
            a.cy = FLT_MIN, a.hy = 0.75f * FLT_MIN, b.y = -FLT_MIN, b.h = 0.25f * FLT_MIN;
            break;
        case 3: /* exact zero: +0 in nearest, -0 when rounding down */
            a.cx = 1.5f, a.hx = 1.5f, b.x = -2.0f, b.w = 2.0f;
            break;
        }
        ce[i] = a, co[i] = b;
    }
    /* Expected, in the default environment: one rounding per coordinate. */
    cb_box want_ce[NC], want_co[NC];
    for (int i = 0; i < NC; i++) {
        cb_box a = {op_volatile(ce[i].cx, ce[i].hx, 1), op_volatile(ce[i].cy, ce[i].hy, 1),
                    op_volatile(ce[i].cx, ce[i].hx, 0), op_volatile(ce[i].cy, ce[i].hy, 0)};
        cb_box b = {co[i].x, co[i].y, op_volatile(co[i].x, co[i].w, 0), op_volatile(co[i].y, co[i].h, 0)};
        want_ce[i] = a, want_co[i] = b;
    }
    /* The same sums in mode m, to show the data is sensitive to it. */
    long sensitive = 0;
    set_mode(m);
    for (int i = 0; i < NC; i++) {
        sensitive += tk_bits(op_volatile(ce[i].cx, ce[i].hx, 1)) != tk_bits(want_ce[i].min_x);
        sensitive += tk_bits(op_volatile(ce[i].cy, ce[i].hy, 0)) != tk_bits(want_ce[i].max_y);
        sensitive += tk_bits(op_volatile(co[i].x, co[i].w, 0)) != tk_bits(want_co[i].max_x);
        sensitive += tk_bits(op_volatile(co[i].y, co[i].h, 0)) != tk_bits(want_co[i].max_y);
    }
    set_default();

    long wrong = 0, not_restored = 0;
    cb_box out_ce[NC], out_co[NC], one;
    float s[8][NC];
    for (int form = 0; form < 3; form++) {
        set_mode(m);
        unsigned long long before = fpctl_read();
        switch (form) {
        case 0:
            for (int i = 0; i < NC; i++) {
                one = cb_box_from_center(ce[i]);
                out_ce[i] = one;
                one = cb_box_from_corner(co[i]);
                out_co[i] = one;
            }
            break;
        case 1:
            cb_boxes_from_centers(ce, NC, out_ce);
            cb_boxes_from_corners(co, NC, out_co);
            break;
        case 2:
            cr_assert_eq(cb_boxes_from_centers_soa(ce, NC, s[0], s[1], s[2], s[3]), CB_OK);
            cr_assert_eq(cb_boxes_from_corners_soa(co, NC, s[4], s[5], s[6], s[7]), CB_OK);
            break;
        }
        unsigned long long after = fpctl_read();
        int round_after = fegetround();
        set_default();
        const char *fname[] = {"cb_box_from_center/corner", "cb_boxes_from_centers/corners",
                               "cb_boxes_from_centers/corners_soa"};
        not_restored += !restored(m, before, after, round_after, fname[form]);
        if (form == 2)
            for (int i = 0; i < NC; i++) {
                cb_box a = {s[0][i], s[1][i], s[2][i], s[3][i]}, b = {s[4][i], s[5][i], s[6][i], s[7][i]};
                out_ce[i] = a, out_co[i] = b;
            }
        for (int i = 0; i < NC; i++) {
            if (memcmp(&out_ce[i], &want_ce[i], sizeof(cb_box)) != 0) {
                fprintf(stderr, "%s in %s: centre %d (%a %a %a %a) -> (%a %a %a %a), expected (%a %a %a %a)\n",
                        fname[form], m->name, i, ce[i].cx, ce[i].cy, ce[i].hx, ce[i].hy,
                        out_ce[i].min_x, out_ce[i].min_y, out_ce[i].max_x, out_ce[i].max_y,
                        want_ce[i].min_x, want_ce[i].min_y, want_ce[i].max_x, want_ce[i].max_y);
                wrong++;
            }
            if (memcmp(&out_co[i], &want_co[i], sizeof(cb_box)) != 0) {
                fprintf(stderr, "%s in %s: corner %d -> (%a %a %a %a), expected (%a %a %a %a)\n",
                        fname[form], m->name, i, out_co[i].min_x, out_co[i].min_y, out_co[i].max_x,
                        out_co[i].max_y, want_co[i].min_x, want_co[i].min_y, want_co[i].max_x,
                        want_co[i].max_y);
                wrong++;
            }
        }
    }

    /* The oriented-box converters and the rotations: in mode m the same bits
     * as in the default environment (the centre and half-extents by
     * cbatch.h's sums, the rotation cb_rotation's), every form. The boxes
     * are the centre boxes above (denormal and inexact sums among them), the
     * angles small, large, denormal and non-finite. */
    {
        static float angles[NC];
        static const float special_angles[] = {0.0f, -0.0f, 0x1p-149f, -0x1p-140f, 1.0f, -2.5f,
                                               3.1415927f, 1e10f, -FLT_MAX, INFINITY, NAN};
        for (int i = 0; i < NC; i++)
            angles[i] = i % 4 == 0 ? special_angles[(size_t)(i / 4) % (sizeof special_angles /
                                                                        sizeof special_angles[0])]
                                   : tk_uniform(&r, -100, 100);
        cb_obox want_b[NC], want_k[NC], got_b[NC], got_k[NC];
        float rc[NC], rs[NC], so[12][NC];
        for (int i = 0; i < NC; i++) { /* expected, in the default environment */
            cb_rot rot = cb_rotation(angles[i]);
            cb_box b = want_ce[i];
            float x0 = mul_volatile(b.min_x, 0.5f), x1 = mul_volatile(b.max_x, 0.5f);
            float y0 = mul_volatile(b.min_y, 0.5f), y1 = mul_volatile(b.max_y, 0.5f);
            want_b[i] = (cb_obox){op_volatile(x0, x1, 0), op_volatile(y0, y1, 0),
                                  op_volatile(x1, x0, 1), op_volatile(y1, y0, 1), rot.c, rot.s};
            float hx = mul_volatile(co[i].w, 0.5f), hy = mul_volatile(co[i].h, 0.5f);
            want_k[i] = (cb_obox){op_volatile(co[i].x, hx, 0), op_volatile(co[i].y, hy, 0), hx, hy,
                                  rot.c, rot.s};
        }
        long rot_sensitive = 0;
        for (int form = 0; form < 3; form++) {
            set_mode(m);
            unsigned long long before = fpctl_read();
            for (int i = 0; i < NC && form == 0; i++) {
                got_b[i] = cb_obox_from_box(want_ce[i], angles[i]);
                got_k[i] = cb_obox_from_corner(co[i], angles[i]);
                cb_rot one = cb_rotation(angles[i]);
                rc[i] = one.c, rs[i] = one.s;
            }
            if (form == 1) {
                cb_oboxes_from_boxes(want_ce, angles, NC, got_b);
                cb_oboxes_from_corners(co, angles, NC, got_k);
                cr_assert_eq(cb_rotations(angles, NC, rc, rs), CB_OK);
            }
            if (form == 2) {
                cr_assert_eq(cb_oboxes_from_boxes_soa(want_ce, angles, NC, so[0], so[1], so[2],
                                                      so[3], so[4], so[5]),
                             CB_OK);
                cr_assert_eq(cb_oboxes_from_corners_soa(co, angles, NC, so[6], so[7], so[8],
                                                        so[9], so[10], so[11]),
                             CB_OK);
            }
            unsigned long long after = fpctl_read();
            int round_after = fegetround();
            set_default();
            const char *fname[] = {"cb_obox_from_box/corner, cb_rotation",
                                   "cb_oboxes_from_boxes/corners, cb_rotations",
                                   "cb_oboxes_from_boxes/corners_soa"};
            not_restored += !restored(m, before, after, round_after, fname[form]);
            for (int i = 0; i < NC; i++) {
                if (form == 2) {
                    got_b[i] = (cb_obox){so[0][i], so[1][i], so[2][i], so[3][i], so[4][i], so[5][i]};
                    got_k[i] = (cb_obox){so[6][i], so[7][i], so[8][i], so[9][i], so[10][i], so[11][i]};
                }
                for (int k = 0; k < 2; k++) {
                    const cb_obox *g = k ? &got_k[i] : &got_b[i], *w = k ? &want_k[i] : &want_b[i];
                    /* NaNs by their class only: a NaN's payload is open */
                    const float *gv = &g->cx, *wv = &w->cx;
                    for (int j = 0; j < 6; j++)
                        if (tk_bits(gv[j]) != tk_bits(wv[j]) && !(isnan(gv[j]) && isnan(wv[j]))) {
                            fprintf(stderr, "%s in %s: %s %d value %d = %a, expected %a\n",
                                    fname[form], m->name, k ? "corner" : "box", i, j, gv[j], wv[j]);
                            wrong++;
                        }
                }
                if (form < 2 && (tk_bits(rc[i]) != tk_bits(want_b[i].c) ||
                                 tk_bits(rs[i]) != tk_bits(want_b[i].s))) {
                    fprintf(stderr, "%s in %s: rotation of %a = (%a, %a), expected (%a, %a)\n",
                            fname[form], m->name, angles[i], rc[i], rs[i], want_b[i].c, want_b[i].s);
                    wrong++;
                }
            }
        }
        /* the sums of the conversion in mode m, to show the data is sensitive */
        set_mode(m);
        for (int i = 0; i < NC; i++)
            rot_sensitive += tk_bits(op_volatile(mul_volatile(want_ce[i].min_x, 0.5f),
                                                 mul_volatile(want_ce[i].max_x, 0.5f), 0)) !=
                             tk_bits(want_b[i].cx);
        set_default();
        sensitive += rot_sensitive;
    }

    /* Validators: integer tests, so DAZ cannot make two denormals equal. */
    cb_box vb[] = {{0, 0, 1, 1}, {-1.0e-45f, 0, -0.0f, 0}, {0x1p-148f, 0, 0x1p-149f, 0}};
    cb_circle vc[] = {{0, 0, 1.0e-45f}, {1.0e-45f, 0, -0.0f}, {0, 0, -1.0e-45f}};
    cb_fault fb, fc;
    set_mode(m);
    size_t ib = cb_validate_boxes_aos(vb, 3, &fb), ic = cb_validate_circles_aos(vc, 3, &fc);
    set_default();
    cr_expect_eq(ib, 2, "%s: denormal-inverted box not found (index %zu)", m->name, ib);
    cr_expect_eq(fb, CB_FAULT_INVERTED);
    cr_expect_eq(ic, 2, "%s: negative denormal radius not found (index %zu)", m->name, ic);
    cr_expect_eq(fc, CB_FAULT_NEGATIVE_RADIUS);

    fprintf(stderr, "fenv converters %s: %ld of %d sums differ when computed in the mode\n", m->name,
            sensitive, 5 * NC);
    cr_expect_gt(sensitive, 0, "%s changed no converter sum: the data does not exercise it", m->name);
    cr_expect_eq(wrong, 0, "%s: %ld converted boxes differ from the default environment's", m->name, wrong);
    cr_expect_eq(not_restored, 0, "%s: environment not restored after %ld converter calls", m->name,
                 not_restored);
    cr_expect_eq(rel_leaks(), 0, "LeakSanitizer found leaks (report above)");
}

/* ---------------------------------------------------------------- (d): CB_TRUST_FENV */

/* With CB_TRUST_FENV the caller vouches for the environment, so the public
 * call skips the guard: in mode m it must give exactly what the same
 * backend's raw kernel gives in mode m (the mode is used, not fixed), and it
 * must leave the control register alone. */
static void run_trusted(const mode *m)
{
    begin(m);
    group g[G_COUNT];
    make_groups(g);
    cb_backend bs[CB_BACKEND_COUNT];
    size_t nb = rel_runnable(bs);
    long wrong = 0, touched = 0;
    char what[200];
    for (int gi = 0; gi < G_COUNT; gi++)
        TK_FOR_ENTRIES(e, TK_BATCH)
            for (unsigned flags = 0; flags <= CB_STRICT; flags++)
                for (size_t b = 0; b < nb; b++) {
                    const cb_entry_info *d = cb_entry_info_of(e);
                    cb_kernel_fn k = kernel_of(e, bs[b]);
                    result raw, got;
                    res_new(&raw, e), res_new(&got, e);
                    cr_assert_eq(cb_set_backend(bs[b]), CB_OK);
                    set_mode(m);
                    size_t want = call(e, k, &g[gi], &raw, flags);
                    unsigned long long before = fpctl_read();
                    size_t c = call(e, NULL, &g[gi], &got, flags | CB_TRUST_FENV);
                    unsigned long long after = fpctl_read();
                    set_default();
                    touched += modes_of(before) != modes_of(after);
                    snprintf(what, sizeof what, "%s on %s, %s, flags=%u|CB_TRUST_FENV in %s",
                             d->name, cb_backend_name(bs[b]), group_names[gi], flags, m->name);
                    wrong += !rel_same(d, N, c, got.out, want, raw.out, what);
                    tk_out_free(&raw), tk_out_free(&got);
                }
    cb_set_backend_by_name("auto");
    cr_expect_eq(wrong, 0, "%s: %ld CB_TRUST_FENV results differ from the raw kernel in the same mode",
                 m->name, wrong);
    cr_expect_eq(touched, 0, "%s: CB_TRUST_FENV calls changed the control register %ld times",
                 m->name, touched);
    free_groups(g);
}

/* ---------------------------------------------------------------- (e): contact margins */

/* The margin check of the contact functions is part of the public result:
 * in mode m, a margin that is not finite and >= 0 is refused exactly as in
 * the default environment (under DAZ a negative denormal must not pass as
 * -0), nothing is written, and every valid margin (denormal ones included)
 * gives the default environment's answer. */
static void run_margins(const mode *m)
{
    begin(m);
    group g[G_COUNT];
    make_groups(g);
    long wrong = 0, entries = 0;
    char what[200];
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (d->output != CB_OUTPUT_CONTACTS)
            continue;
        entries++;
        result got, want;
        res_new(&got, e), res_new(&want, e);
        for (int gi = 0; gi < G_COUNT; gi++) {
            cb_args a = rel_args(d, &g[gi].v, &g[gi].one, N, got.out, 0);
            for (size_t k = 0; k < tb_bad_margin_count; k++) {
                a.margin = tb_bad_margins[k];
                tk_out_fill(&got, 0xA5);
                set_mode(m);
                size_t c = cb_entry_call(e, &a);
                set_default();
                if (c != CB_INVALID || !tk_out_untouched(&got, 0xA5)) {
                    fprintf(stderr, "%s in %s, %s: margin %a (0x%08x) gave %zu%s\n", d->name,
                            m->name, group_names[gi], (double)tb_bad_margins[k],
                            (unsigned)tk_bits(tb_bad_margins[k]), c,
                            tk_out_untouched(&got, 0xA5) ? "" : " and wrote output");
                    wrong++;
                }
            }
            for (size_t k = 0; k < tb_margin_count; k++) {
                a.margin = tb_margins[k];
                a.out = want.out;
                size_t w = cb_entry_call(e, &a);
                a.out = got.out;
                set_mode(m);
                size_t c = cb_entry_call(e, &a);
                set_default();
                snprintf(what, sizeof what, "%s in %s, %s, margin %a vs the default environment",
                         d->name, m->name, group_names[gi], (double)tb_margins[k]);
                wrong += !rel_same(d, N, c, got.out, w, want.out, what);
            }
        }
        tk_out_free(&got), tk_out_free(&want);
    }
    cr_expect_gt(entries, 0, "no contact entry: no margin was checked");
    cr_expect_eq(wrong, 0, "%s: %ld contact calls did not treat the margin as in the default "
                 "environment (see stderr)", m->name, wrong);
    free_groups(g);
}

/* ---------------------------------------------------------------- the tests, five per mode */

#define MODE_TESTS(tag, idx)                                                                       \
    Test(fenv, public_##tag) { run_public(&modes[idx]); }                                          \
    Test(fenv, raw_backends_agree_##tag) { run_raw(&modes[idx]); }                                 \
    Test(fenv, converters_validators_##tag) { run_convert(&modes[idx]); }                          \
    Test(fenv, trusted_##tag) { run_trusted(&modes[idx]); }                                        \
    Test(fenv, contact_margins_##tag) { run_margins(&modes[idx]); }

MODE_TESTS(ftz_daz, M_FTZ_DAZ)
MODE_TESTS(ftz_only, M_FTZ)
MODE_TESTS(daz_only, M_DAZ)
MODE_TESTS(upward, M_UP)
MODE_TESTS(downward, M_DOWN)
MODE_TESTS(towardzero, M_ZERO)
MODE_TESTS(ftz_daz_upward, M_FTZ_DAZ_UP)
MODE_TESTS(ftz_daz_towardzero, M_FTZ_DAZ_ZERO)
MODE_TESTS(aarch64_fiz_ah, M_AFP)
