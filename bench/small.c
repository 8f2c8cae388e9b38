/* small.c - small batches (n = 1, 4, 16, 64) of the headline entry: cost per call through the public function vs a direct call of the same backend's raw kernel. */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include "bench.h"
#include "fpctl.h"

#include <string.h>
#if !defined(__wasi__)
#include <dlfcn.h>
#define HAVE_DLSYM 1
#else /* WASI has no dynamic linking and no dlfcn.h */
#define HAVE_DLSYM 0
#endif

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__)
#include <xmmintrin.h>
#define HAVE_FENV_READ 1
/* The guard's read: stmxcsr (MXCSR is only reachable through memory). As
 * asm volatile, so a loop of bare reads is not hoisted (with _mm_getcsr GCC
 * may read once, since nothing in the loop can change MXCSR). */
static inline unsigned long fenv_read(void)
{
#if defined(__GNUC__)
    unsigned v;
    __asm__ volatile("stmxcsr %0" : "=m"(v));
    return v;
#else
    return _mm_getcsr();
#endif
}
#elif defined(__aarch64__)
#define HAVE_FENV_READ 1
static inline unsigned long fenv_read(void)
{
    unsigned long v;
    __asm__ volatile("mrs %0, fpcr" : "=r"(v));
    return v;
}
#else
#define HAVE_FENV_READ 0
static inline unsigned long fenv_read(void) { return 0; }
#endif

/* The mode bits the library's guard tests (testkit/fpctl.h). */
#define FENV_MODE_BITS ((unsigned long)(FPCTL_FTZ | FPCTL_DAZ | FPCTL_ROUND | FPCTL_AFP))

/*
 * Four ways to run the same batch, to split the dispatcher's cost:
 *   direct      the raw kernel through the pointer cb_entry_kernel gave;
 *   direct+csr  the same, preceded by the float-environment read and test the
 *               public entry points do (emulated here, to price that part);
 *   dispatched  cb_set_backend(b), then the public function itself, found
 *               by the descriptor's name (dlsym) and called with the
 *               signature the descriptor implies (one circle, SoA boxes,
 *               mask): argument checks, the atomic selection load, the
 *               guard, the indirect call, and the PLT hop into the shared
 *               library. Where the symbol cannot be looked up (a static
 *               build) it goes through cb_entry_call, one range check and
 *               one indirect call more, and says so;
 *   trusted     the same with CB_TRUST_FENV: the caller vouches for the float
 *               environment, so the guard's register read is skipped.
 * The entry is the headline one (bench_headline: one circle vs boxes, SoA,
 * bitmask); the same 64 boxes and the entity-sized circle are used
 * throughout; calls repeat on warm caches and trained predictors, the best
 * case a caller in a tight loop sees.
 */
#define SB_MAX 64
static const size_t small_n[] = {1, 4, 16, 64};
#define SB_NS (sizeof small_n / sizeof small_n[0])

typedef struct sb_case {
    int backend;
    cb_kernel_fn fn; /* the backend's raw kernel of the entry */
    size_t n;
    call_path path;
} sb_case;

static int sb_group;
static size_t sb_entry;
/* The headline entry's public function: one circle, SoA boxes, mask out. */
typedef size_t (*headline_fn)(cb_circle, const cb_box_soa *, size_t, uint64_t *, unsigned);
static headline_fn sb_public;

typedef struct sb_ctx {
    const sb_case *cs;
    const dataset *d;
} sb_ctx;

static double time_sb(void *ctx, int i, unsigned long iters)
{
    const sb_ctx *x = ctx;
    const sb_case *c = &x->cs[i];
    const dataset *d = x->d;
    double t0 = 0, t1 = 0;
    uint64_t acc = 0;
    const size_t e = sb_entry;
    const cb_kernel_fn fn = c->fn;
    cb_args args = data_args(d, sb_group, e, 0);
    args.n = c->n;
    if (c->path == PATH_TRUSTED)
        args.flags = CB_TRUST_FENV;
    const cb_args a = args;
    switch (c->path) {
    case PATH_DIRECT:
        TIMED(fn(&a));
        break;
    case PATH_DIRECT_CSR:
        TIMED((fenv_read() & FENV_MODE_BITS) + fn(&a));
        break;
    default: /* dispatched, trusted or not */
        cb_set_backend((cb_backend)c->backend); /* outside the timed loop */
        if (sb_public) {
            const headline_fn pub = sb_public;
            TIMED(pub(a.circle, (const cb_box_soa *)a.many, a.n, (uint64_t *)a.out, a.flags));
        } else {
            TIMED(cb_entry_call(e, &a));
        }
        break;
    }
    bench_sink += acc;
    return t1 - t0;
}

static double time_fenv_read(unsigned long iters)
{
    double t0 = 0, t1 = 0;
    uint64_t acc = 0;
    TIMED(fenv_read());
    bench_sink += acc;
    return (t1 - t0) / (double)iters;
}

int small_run(const bench_opts *o, const dataset *d, const int *bs, int nb, small_row *out,
              int max, double *fenv_ns)
{
    static sb_case cs[CB_BACKEND_COUNT * SB_NS * PATH_COUNT];
    static bench_timing tm[CB_BACKEND_COUNT * SB_NS * PATH_COUNT];
    int nc = 0;
    *fenv_ns = -1;
    if (bench_headline(&sb_group, &sb_entry) || d->n < SB_MAX) {
        fprintf(stderr, " skipped: the library has no entry for one circle vs boxes, SoA, "
                        "bitmask...");
        return 0;
    }
#if HAVE_DLSYM
    /* POSIX: a function pointer may be carried through dlsym's void *. */
    void *sym = dlsym(RTLD_DEFAULT, cb_entry_info_of(sb_entry)->name);
    memcpy(&sb_public, &sym, sizeof sb_public);
    if (!sb_public)
        fprintf(stderr, " (%s not found by dlsym: dispatched rows go through cb_entry_call)...",
                cb_entry_info_of(sb_entry)->name);
#else
    sb_public = NULL;
    fprintf(stderr, " (no dlsym on WASI: dispatched rows go through cb_entry_call)...");
#endif
    for (int b = 0; b < nb; b++)
        for (size_t j = 0; j < SB_NS; j++)
            for (int p = 0; p < PATH_COUNT; p++) {
                if (p == PATH_DIRECT_CSR && !HAVE_FENV_READ)
                    continue;
                sb_case c = {bs[b], cb_entry_kernel(sb_entry, (cb_backend)bs[b]), small_n[j],
                             (call_path)p};
                cs[nc++] = c;
            }
    sb_ctx ctx = {cs, d};
    time_rows(o, tm, nc, time_sb, &ctx, 0);
    cb_set_backend_by_name(NULL); /* back to the automatic choice */

    if (HAVE_FENV_READ) {
        double s[BENCH_MAX_REPS], mn, md, mx;
        /* sample_ns / 2 reads: a sample lasts at least sample_ns / 4 on a
         * core that reads the register twice per nanosecond */
        unsigned long it = (unsigned long)(o->sample_ns / 2.0) + 1000;
        time_fenv_read(it);
        for (int r = 0; r < o->reps; r++)
            s[r] = time_fenv_read(it);
        time_stats(s, o->reps, &mn, &md, &mx);
        *fenv_ns = md;
    }

    int rows = 0;
    for (int i = 0; i < nc && rows < max; i++, rows++) {
        out[rows].backend = cs[i].backend;
        out[rows].n = cs[i].n;
        out[rows].path = cs[i].path;
        out[rows].min = tm[i].min, out[rows].med = tm[i].med, out[rows].max = tm[i].max;
    }
    return rows;
}
