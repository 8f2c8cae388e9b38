/* cb-check.c - the plain-C bit-for-bit checker: every entry of every form on every backend that runs here, raw kernels and public functions, against the scalar backend and testkit's reference, with no test framework (Criterion does not exist on Windows or WASI). */

/*
 * Why this program: the Criterion suites (tests/test_backends.c,
 * tests/test_pairs.c) prove the bit-for-bit promise on Linux, but Criterion
 * forks and re-executes itself and is not packaged for MinGW-w64 or
 * wasm32-wasi. This program runs the same checks (tests/check.c and
 * tests/check_pairs.c, which the suites use too) in one plain process: no
 * fork, no signals, no threads, no dlfcn. It builds with gcc and clang on
 * Linux, with MinGW-w64 (run under wine) and for wasm32-wasi (run under
 * node).
 *
 * What it checks, for every backend this CPU and OS run (a backend that
 * cannot is reported as skipped by name with the library's reason, after
 * checking that it offers no kernel), every entry of cb_entry_* (the batch
 * form, then the pairs and candidates forms):
 *  - kernel tables: a kernel per entry, stable, distinct, not scalar's;
 *  - the raw kernels against the scalar kernels and the reference, at every
 *    length 0..67 and odd large ones, in five layouts (ending at a guard
 *    page; starting right after one, misaligned by 0..3 floats), outputs
 *    poisoned and fenced by canaries and guard pages, random, adversarial
 *    (NaN, infinities, -0, denormals, any bit pattern) and touching data,
 *    both touching modes (CB_STRICT), contact margins from 0 to FLT_MAX;
 *  - a large random corpus (--large N elements) per entry;
 *  - the public functions after cb_set_backend, with CB_TRUST_FENV too, and
 *    again in a hostile float mode (FTZ, DAZ, round toward zero) where the
 *    target has one: the float guard must give the default mode's bits;
 *  - n == 0 with NULL pointers;
 *  - the pairs and candidates entries against the reference (lists, cursors,
 *    matrices, candidates), their public functions against scalar (also in
 *    a hostile mode), and raw kernels against scalar in hostile modes;
 *  - at the end, the public many-against-many functions on the automatic
 *    backend against the reference.
 *
 * Random data comes from one seed: $CB_SEED if set (as every test stage
 * sets it), else a time-based one; it is printed, and CB_SEED=<it> replays.
 *
 * Usage: cb-check [--backends LIST] [--large N] [--quick] [--verbose] [--inject-mismatch]
 *   --backends LIST  only these backends (comma-separated names), so that
 *              two runs can share the machine's cores (meson's tests
 *              cb-check-1 and cb-check-2); the others are said to be left
 *              to another run, neither checked nor skipped. The public
 *              functions on the automatic backend run in every run.
 *   --large N  elements of the large random corpus (default 16385)
 *   --quick    a smaller run for emulators (qemu, node): raw kernels at
 *              lengths up to 193 in two layouts (ending at a guard page;
 *              3 floats after one), public functions up to 67, the first 17
 *              element counts of the pair checks, a large corpus of 4097
 *              (unless --large says). The whole run: lengths up to 1000 in
 *              five layouts, public functions up to 1000, a large corpus
 *              of 16385 (one past a multiple of 64 and of every vector
 *              width; the Criterion suite's is 65537). CB_SIZES=sample in
 *              the environment (the emulator stages' smaller sizes,
 *              tests/check.h) means --quick too.
 *   --verbose  the time of every step
 *   --inject-mismatch  change the subject's count of the 1000th call: the
 *              run passes only when that mismatch is reported (the proof
 *              that the comparisons bite, on every platform)
 * Exit status: 0 when every check passed; 1 on the first mismatch (the
 * message, the seed and the summary so far are printed); 2 usage error.
 * The last line is "cb-check: PASS" or "cb-check: FAIL".
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime on WASI */
#include "check.h"
#include "fpctl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(_WIN32)
#define PLATFORM "Windows"
#elif defined(__wasi__)
#define PLATFORM "WASI"
#elif defined(__linux__)
#define PLATFORM "Linux"
#else
#define PLATFORM "another OS"
#endif
#if defined(__x86_64__) || defined(_M_X64)
#define ARCH "x86-64"
#elif defined(__i386__) || defined(_M_IX86)
#define ARCH "32-bit x86"
#elif defined(__aarch64__)
#define ARCH "AArch64"
#elif defined(__arm__)
#define ARCH "Armv7"
#elif defined(__wasm32__)
#define ARCH "wasm32"
#elif defined(__riscv) && __riscv_xlen == 64
#define ARCH "RISC-V 64"
#else
#define ARCH "another architecture"
#endif

/* What ran, for the summary. */
static struct {
    char compared[CB_BACKEND_COUNT][16];
    size_t n_compared;
    char skipped[CB_BACKEND_COUNT][200];
    size_t n_skipped;
    char step[200]; /* what is running now, for a failure */
} run;

static void summary(const char *verdict)
{
    printf("\ncb-check summary (%s %s, seed 0x%016" PRIx64 "):\n", PLATFORM, ARCH, tb_seed());
    printf("  calls compared bit for bit: %zu\n", tb_calls_compared);
    printf("  backends compared with scalar and the reference:");
    for (size_t k = 0; k < run.n_compared; k++)
        printf(" %s", run.compared[k]);
    printf("%s\n", run.n_compared ? "" : " none");
    for (size_t k = 0; k < run.n_skipped; k++)
        printf("  skipped: %s\n", run.skipped[k]);
    if (tb_guard_pages())
        printf("  guard pages: checked (every over-read or over-write past an array faults)\n");
    else
        printf("  guard pages: NOT CHECKED: this platform has no memory protection; writes past "
               "an array are caught by canaries (checked at free), reads are not\n");
    printf("  float modes: %s\n",
           fpctl_has_flush()     ? "hostile modes (FTZ, DAZ, round toward zero) checked"
           : fpctl_has_control() ? "hostile mode (round toward zero; no flushing mode here) checked"
                                 : "this target has no float control register: nothing to set");
    printf("cb-check: %s\n", verdict);
    fflush(stdout);
}

static int expect_mismatch;

/* check.h's failures: the first one ends the run. */
void tb_fail_report(const char *message)
{
    if (expect_mismatch) {
        printf("cb-check: the injected mismatch was reported (call %zu): %s\ncb-check: PASS\n",
               tb_inject_mismatch_at, message);
        exit(0);
    }
    fflush(stdout);
    fprintf(stderr, "cb-check: MISMATCH in %s:\n  %s\n", run.step[0] ? run.step : "(setup)",
            message);
    summary("FAIL");
    exit(1);
}

/* Seconds of processor time (WASI has no process clock: its monotonic
 * clock there), for the times printed; no check depends on them. */
static double now(void)
{
#if defined(__wasi__)
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#else
    return (double)clock() / CLOCKS_PER_SEC;
#endif
}

static double seconds(double t0) { return now() - t0; }

static int verbose;
static double step_start;

/* Names the step that runs now (for a failure); --verbose prints each
 * step's time when the next begins. */
static void step(const char *fmt, ...) TB_PRINTF_LIKE;
static void step(const char *fmt, ...)
{
    if (verbose && run.step[0])
        printf("  %5.1f s  %s\n", seconds(step_start), run.step);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(run.step, sizeof run.step, fmt, ap);
    va_end(ap);
    step_start = now();
}

/* How much to check: the whole run, or --quick for emulators. */
typedef struct {
    size_t lengths[128], nl; /* of the raw kernels: tb_lengths up to max_length */
    size_t layouts[8], nlay; /* indices into tb_layouts */
    size_t large;            /* elements of the large corpus */
    size_t ns[32], nns;      /* lengths of the public-function checks */
    size_t pair_counts;      /* element counts of the pair reference check */
} plan;

static plan make_plan(int quick, size_t large)
{
    plan p;
    memset(&p, 0, sizeof p);
    size_t max_length = quick ? 193 : 1000;
    for (size_t k = 0; k < tb_length_count && p.nl < sizeof p.lengths / sizeof p.lengths[0]; k++)
        if (tb_lengths[k] <= max_length)
            p.lengths[p.nl++] = tb_lengths[k];
    if (quick) { /* ending at a guard page, and misaligned by 3 floats after one */
        p.layouts[p.nlay++] = 0;
        p.layouts[p.nlay++] = tb_layout_count - 1;
    } else {
        for (size_t l = 0; l < tb_layout_count; l++)
            p.layouts[p.nlay++] = l;
    }
    p.large = large ? large : quick ? 4097 : 16385;
    static const size_t ns[] = {0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 67, 1000};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
        if (!quick || ns[k] <= 67)
            p.ns[p.nns++] = ns[k];
    p.pair_counts = quick ? 17 : SIZE_MAX;
    return p;
}

/* The number of entries of the forms in the mask `forms` (TK_BATCH, TK_PAIRED). */
static size_t entries_of(unsigned forms)
{
    size_t count = 0;
    TK_FOR_ENTRIES(e, forms)
        count++;
    return count;
}

/* Every check of one backend that runs here. */
static void check_backend(int b, const plan *p)
{
    const char *name = cb_backend_name((cb_backend)b);
    size_t before = tb_calls_compared;
    double t0 = now();

    step("backend %s: kernel tables", name);
    tb_check_kernel_tables(b);
    for (size_t l = 0; l < p->nlay; l++) {
        const tb_layout *lay = &tb_layouts[p->layouts[l]];
        step("backend %s: raw kernels, every length, layout %s", name, lay->name);
        tb_check_lengths(b, lay, p->lengths, p->nl, NULL);
    }
    step("backend %s: raw kernels, large corpus of %zu", name, p->large);
    TK_FOR_ENTRIES(e, TK_BATCH)
        tb_check_large(b, e, p->large, NULL);
    for (int hostile = 0; hostile < 1 + fpctl_has_control(); hostile++) {
        step("backend %s: public functions%s", name, hostile ? " in a hostile float mode" : "");
        TK_FOR_ENTRIES(e, TK_BATCH)
            tb_check_dispatched(b, e, p->ns, p->nns, hostile, NULL);
    }
    step("backend %s: n == 0 with NULL pointers", name);
    tb_check_empty(b);

    step("backend %s: many against many, raw kernels against the reference", name);
    tb_pair_check_reference(b, 1, p->pair_counts);
    step("backend %s: many against many, public functions", name);
    tb_pair_check_dispatched(b);
    step("backend %s: many against many, raw kernels in hostile float modes", name);
    tb_pair_check_raw_float_modes(b, 1);
    /* the integer entries at the public checks' lengths (every vector
     * boundary up to 65, and 1000): their suite takes every length 0..53 */
    step("backend %s: integer shapes, raw kernels against the exact reference", name);
    tb_int_check(b, p->ns, p->nns, p->large);
    step("backend %s: integer all pairs, raw kernels against the reference", name);
    tb_int_pairs_check(b);
    step("%s", "");

    printf("backend %-7s compared with scalar and the reference: %zu calls, every entry (%zu + %zu "
           "pair entries + %zu integer entries), %.1f s\n",
           name, tb_calls_compared - before, entries_of(TK_BATCH), entries_of(TK_PAIRED),
           entries_of(TK_BATCH | TK_INTEGER), seconds(t0));
    fflush(stdout);
    snprintf(run.compared[run.n_compared++], sizeof run.compared[0], "%s", name);
}

static int usage(void)
{
    fprintf(stderr, "usage: cb-check [--backends LIST] [--large N] [--quick] [--verbose] "
                    "[--inject-mismatch]\n");
    return 2;
}

/* The backends of a comma-separated list of names, as bits; 0 when a name
 * is unknown or the list is empty. */
static unsigned parse_backends(const char *list)
{
    unsigned bits = 0;
    char name[32];
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        cb_backend b;
        if (len == 0 || len >= sizeof name || (p[len] == ',' && !p[len + 1]))
            return 0;
        memcpy(name, p, len);
        name[len] = '\0';
        if (cb_backend_from_name(name, &b) != CB_OK)
            return 0;
        bits |= 1u << b;
        p += len + (p[len] == ',');
    }
    return bits;
}

int main(int argc, char **argv)
{
    size_t large = 0;
    int quick = tb_sampled();
    unsigned only = ~0u; /* the backends this run checks, as bits */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--backends") == 0 && i + 1 < argc) {
            only = parse_backends(argv[++i]);
            if (!only)
                return usage();
        } else if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "--verbose") == 0) {
            verbose = 1;
        } else if (strcmp(argv[i], "--inject-mismatch") == 0) {
            expect_mismatch = 1;
            tb_inject_mismatch_at = 1000;
        } else if (strcmp(argv[i], "--large") == 0 && i + 1 < argc) {
            char *end;
            unsigned long long v = strtoull(argv[++i], &end, 0);
            if (*end || v == 0)
                return usage();
            large = (size_t)v;
        } else {
            return usage();
        }
    }
    plan p = make_plan(quick, large);

    printf("cb-check: every entry on every backend against scalar and the reference (%s %s)\n",
           PLATFORM, ARCH);
    printf("seed 0x%016" PRIx64 " (replay with CB_SEED=0x%016" PRIx64 ")\n", tb_seed(), tb_seed());
    printf("%zu entries, %zu many-against-many entries; raw kernels at lengths 0..%zu (%zu of "
           "them) in %zu layouts, a large corpus of %zu; public functions at lengths 0..%zu%s\n",
           entries_of(TK_BATCH), entries_of(TK_PAIRED), p.lengths[p.nl - 1], p.nl, p.nlay, p.large,
           p.ns[p.nns - 1], quick ? " (--quick or CB_SIZES=sample)" : "");
    printf("guard pages: %s\n",
           tb_guard_pages() ? "yes" : "NOT CHECKED (no memory protection here)");
    fflush(stdout);

    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        const char *why, *name = cb_backend_name((cb_backend)b);
        if (!(only >> b & 1)) {
            printf("backend %s: not in --backends (left to another run)\n", name);
            continue;
        }
        snprintf(run.step, sizeof run.step, "backend %s: the kernels of a backend that cannot run",
                 name);
        if (!tb_backend_runnable(b, &why)) {
            printf("SKIP backend %s: %s\n", name, why);
            snprintf(run.skipped[run.n_skipped++], sizeof run.skipped[0], "%s: %s", name, why);
            continue;
        }
        check_backend(b, &p);
    }

    step("the pairs' size limits (size_t of %zu bits)", 8 * sizeof(size_t));
    size_t limit_calls = tb_check_size_limits();
    printf("size limits (size_t of %zu bits): %zu calls\n", 8 * sizeof(size_t), limit_calls);

    /* The public many-against-many functions on the backend chosen
     * automatically, against the reference. */
    step("many against many, public functions on the automatic backend against the reference");
    TB_ASSERT(cb_set_backend_by_name("auto") == CB_OK, "cb_set_backend_by_name(\"auto\") failed");
    double t0 = now();
    size_t calls = tb_pair_check_reference(TB_PUBLIC, 1, p.pair_counts);
    printf(
        "public functions (auto: %s) many against many against the reference: %zu calls, %.1f s\n",
        cb_backend_name(cb_active_backend()), calls, seconds(t0));
    step("integer shapes, public functions against the exact reference");
    t0 = now();
    calls = tb_int_check(TB_PUBLIC, p.ns, p.nns, p.large);
    printf("public functions (auto: %s) integer shapes against the reference: %zu calls, %.1f s\n",
           cb_backend_name(cb_active_backend()), calls, seconds(t0));
    step("integer all pairs, public functions against the reference");
    t0 = now();
    calls = tb_int_pairs_check(TB_PUBLIC);
    printf("public functions (auto: %s) integer all pairs against the reference: %zu calls, "
           "%.1f s\n", cb_backend_name(cb_active_backend()), calls, seconds(t0));
    TB_ASSERT(run.n_compared > 0, "no backend ran (the scalar one always can)");
    if (expect_mismatch) {
        printf("cb-check: the mismatch injected at call %zu went unnoticed\n",
               tb_inject_mismatch_at);
        summary("FAIL");
        return 1;
    }
    summary("PASS");
    return 0;
}
