/* bench.h - shared declarations of cb-bench's parts: options, data sets, measured rows, timing, seeds, baselines, output. */
#ifndef CB_BENCH_H
#define CB_BENCH_H

#include "cbatch.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------- options */

#define BENCH_MAX_SIZES 32
#define BENCH_MAX_REPS 101

typedef struct bench_opts {
    size_t sizes[BENCH_MAX_SIZES];
    int nsizes;
    int backend_on[CB_BACKEND_COUNT]; /* which backends were asked for (all by default) */
    int reps;                         /* samples per row (min/median/max over them) */
    double sample_ns;                 /* minimum length of one timed sample */
    uint64_t seed;
    const char *out_dir;
    int quick;
    size_t llc_bytes; /* last-level cache a single core can use; 0 = guess */
} bench_opts;

/* -------------------------------------------------------------- data */

typedef enum {
    ENT_BOXES,       /* one circle vs n boxes, SoA */
    ENT_BOXES_AOS,   /* one circle vs n boxes, AoS */
    ENT_CIRCLES,     /* n circles vs one box, SoA */
    ENT_CIRCLES_AOS, /* n circles vs one box, AoS */
    ENT_COUNT
} entry_kind;

typedef enum {
    OUT_MASK,   /* bitmask, entity-sized query */
    OUT_IDX_LO, /* index list, ~1% hits */
    OUT_IDX_HI, /* index list, ~50% hits */
    OUT_BYTES,  /* one byte per element (compiler baselines) */
    OUT_READ,   /* nothing: streaming read of the inputs */
    OUT_COUNT
} out_kind;

typedef enum {
    KIND_BACKEND,      /* a library backend's raw kernel (cb_kernels_for) */
    KIND_SEED,         /* a seed method A-E, per pair in a loop */
    KIND_CLAMP_O2,     /* plain clamp loop, -O2 baseline ISA */
    KIND_CLAMP_NATIVE, /* plain clamp loop, -O3 -march=native */
    KIND_STREAM,       /* streaming read of the same arrays */
    KIND_COUNT
} case_kind;


/* Seed D works on SDL-style integer rectangles and circles. */
typedef struct seed_irect {
    int32_t x, y, w, h;
} seed_irect;
typedef struct seed_icircle {
    int32_t x, y, r;
} seed_icircle;

/* One rung of the size ladder: n boxes and n circles scattered over a level,
 * the same shapes in every layout the library and the seeds take, the query
 * shapes, and the output buffers (sized for the worst case). */
typedef struct dataset {
    size_t n;
    float level; /* side of the square level, in world units */
    /* n boxes: SoA, AoS, and the seeds' formats (all exact: integer corners) */
    float *x0, *y0, *x1, *y1;
    cb_box_soa soa;
    cb_box *aos;
    cb_box_center *centers; /* A, B, E */
    cb_box_corner *corners; /* C */
    seed_irect *irects;     /* D */
    /* n circles: SoA and AoS */
    float *cx, *cy, *cr;
    cb_circle_soa csoa;
    cb_circle *caos;
    /* queries: [0] entity-sized (bitmask rows), [1] ~1% hits, [2] ~50% hits */
    cb_circle q[3];
    cb_box qb[3];
    /* outputs */
    uint64_t *mask;
    uint32_t *idx;
    unsigned char *bytes;
    /* the scalar backend's bitmask for each entry point and query: every
     * other row is validated against it (an index list must list its bits) */
    uint64_t *ref[ENT_COUNT][3];
    size_t ref_hits[ENT_COUNT][3];
} dataset;

int data_make(dataset *d, size_t n, uint64_t seed);
void data_free(dataset *d);
/* Small deterministic PRNG (splitmix64), also used to order rows. */
uint64_t data_rand(uint64_t *state);

/* --------------------------------------------------------- row model */


typedef struct bench_case {
    case_kind kind;
    const cb_kernels *k; /* KIND_BACKEND */
    int seed;            /* KIND_SEED: 0..4 = A..E */
    int native;          /* KIND_STREAM: use the -march=native build */
    entry_kind entry;
    out_kind out;
    char label[32];
    unsigned long iters; /* calls per timed sample */
    int nsamples;
    double ns_per_elem[BENCH_MAX_REPS];
} bench_case;

/* A finished row, kept for the table, the CSV, the plot and the targets. */
typedef struct bench_row {
    size_t n;
    char label[32];
    case_kind kind;
    entry_kind entry;
    out_kind out;
    int backend; /* cb_backend for KIND_BACKEND, else -1 */
    int seed_id; /* KIND_SEED: 0..4 = A..E */
    size_t hits;
    unsigned long iters;
    int reps;
    double min, med, max; /* ns per element */
    char note[96];
} bench_row;

/* Small-batch rows: ns per call of one SoA bitmask batch. */
typedef enum { PATH_DIRECT, PATH_DIRECT_CSR, PATH_DISPATCHED, PATH_TRUSTED, PATH_COUNT } call_path;

typedef struct small_row {
    int backend;
    size_t n;
    call_path path;
    double min, med, max; /* ns per call */
} small_row;

const char *entry_name(entry_kind e);
const char *out_name(out_kind o);
const char *kind_name(case_kind k);
const char *path_name(call_path p);
size_t bytes_per_elem(entry_kind e);

/* -------------------------------------------------------------- timing */

double time_now_ns(void);
/* "16", "1Ki", "16Mi": a batch size as the table and the plot print it (timing.c). */
const char *fmt_n(size_t n, char *b, size_t len);

/* Run expr `iters` times between two clock reads into t0/t1, summing its
 * results into acc so no call can be dropped (callers declare t0, t1, acc). */
#define TIMED(expr)                                                                                \
    do {                                                                                           \
        t0 = time_now_ns();                                                                        \
        for (unsigned long it_ = 0; it_ < iters; it_++)                                            \
            acc += (uint64_t)(expr);                                                               \
        t1 = time_now_ns();                                                                        \
    } while (0)
double time_clock_ghz(void);
/* Median of v[0..n-1] (sorts a copy), and min/max. */
void time_stats(const double *v, int n, double *min, double *med, double *max);
/* Sum of what timed calls returned: written to a volatile at exit so no
 * timed call can be removed as dead code. */
extern volatile uint64_t bench_sink;

/* run.c: one timed sample (iters calls) of a case, ns in total. */
double run_case(const bench_case *c, const dataset *d, unsigned long iters);
/* run.c: check a case's output against the scalar reference; returns the
 * number of differing elements (0 = equal). */
size_t check_case(const bench_case *c, dataset *d, char *why, size_t whylen);

/* small.c: ns per call of cb_batch_overlap at n = 1, 4, 16, 64 through the
 * public dispatcher vs the same backend's raw kernel; *fenv_ns receives the
 * cost of one read of the float-environment register (MXCSR / FPCR), or a
 * negative value where there is none. Returns the number of rows. */
int small_run(const bench_opts *o, const dataset *d, const cb_kernels *const *ks, int nk,
              small_row *out, int max, double *fenv_ns);

/* -------------------------------------------------------------- seeds */

#define SEED_COUNT 5
/* Seed names and whether touching counts (1: <=, 0: <). */
const char *seed_name(int s);
int seed_touch(int s);
/* One circle against n boxes in the seed's own box format, one pair at a
 * time, bitmask out (same layout as the library's); returns the hit count. */
size_t seed_run(int s, const dataset *d, cb_circle c, uint64_t *mask);

/* ---------------------------------------------- compiler and memory baselines */

/* clamp_loop.c, built twice (see meson.build): out[i] = 1 on a hit, else 0.
 * The *_isa constants say which cb_cpu_features() bits the build needs. */
#define CB_CLAMP_DECL(p)                                                                           \
    extern const uint32_t p##_isa;                                                                 \
    void p##_boxes(cb_circle c, const cb_box_soa *b, size_t n, unsigned char *out);                \
    void p##_boxes_aos(cb_circle c, const cb_box *b, size_t n, unsigned char *out);                \
    void p##_circles(const cb_circle_soa *c, size_t n, cb_box b, unsigned char *out);              \
    void p##_circles_aos(const cb_circle *c, size_t n, cb_box b, unsigned char *out);
CB_CLAMP_DECL(clamp_o2)
CB_CLAMP_DECL(clamp_native)
extern const int clamp_native_is_native; /* 0 when -march=native was not used (cross build) */

/* stream.c, built twice: sum of the 32-bit words of k arrays of n floats. */
#define CB_STREAM_DECL(p)                                                                          \
    extern const uint32_t p##_isa;                                                                 \
    uint32_t p##_sum4(const float *a, const float *b, const float *c, const float *d, size_t n);   \
    uint32_t p##_sum3(const float *a, const float *b, const float *c, size_t n);                   \
    uint32_t p##_sum1(const float *a, size_t n);
CB_STREAM_DECL(stream_base)
CB_STREAM_DECL(stream_native)

/* -------------------------------------------------------------- output */

typedef struct bench_env {
    char cpu[128];
    char compiler[64];
    size_t l1, l2, llc;
    int llc_guessed;
    int native_ok; /* the -march=native libraries can run here */
    double load_start, load_end; /* 1-minute load average (Linux), < 0 if unknown */
    double ghz;                   /* core clock estimate, 0 if unknown */
} bench_env;

double bench_loadavg(void);

const char *regime_of(const bench_env *e, size_t working_set);
/* report.c */
void report_table(FILE *f, const bench_opts *o, const bench_env *e, const bench_row *rows,
                  int nrows, const small_row *small, int nsmall, double csr_ns);
/* Writes DIR/cb-bench.csv (every size row) and DIR/cb-bench-small.csv. */
int report_csv(const char *dir, const bench_env *e, const bench_row *rows, int nrows,
               const small_row *small, int nsmall);
/* plot.c */
int plot_svg(const char *path, const bench_opts *o, const bench_env *e, const bench_row *rows,
             int nrows);

/* The cb_cpu_features() bits the including file's compiler flags assume, for
 * the files built with wider flags than the baseline (the -march=native
 * loop, the native streaming read): the benchmark skips them on a CPU that
 * lacks one, rather than fault. */
#ifdef __AVX2__
#define BENCH_ISA_AVX2 (CB_CPU_AVX2 | CB_CPU_OS_YMM)
#else
#define BENCH_ISA_AVX2 0u
#endif
#ifdef __FMA__
#define BENCH_ISA_FMA CB_CPU_FMA
#else
#define BENCH_ISA_FMA 0u
#endif
#ifdef __AVX512F__
#define BENCH_ISA_AVX512F (CB_CPU_AVX512F | CB_CPU_OS_ZMM)
#else
#define BENCH_ISA_AVX512F 0u
#endif
#ifdef __AVX512BW__
#define BENCH_ISA_AVX512BW CB_CPU_AVX512BW
#else
#define BENCH_ISA_AVX512BW 0u
#endif
#ifdef __AVX512DQ__
#define BENCH_ISA_AVX512DQ CB_CPU_AVX512DQ
#else
#define BENCH_ISA_AVX512DQ 0u
#endif
#ifdef __AVX512VL__
#define BENCH_ISA_AVX512VL CB_CPU_AVX512VL
#else
#define BENCH_ISA_AVX512VL 0u
#endif
#define BENCH_BUILD_ISA                                                                            \
    (BENCH_ISA_AVX2 | BENCH_ISA_FMA | BENCH_ISA_AVX512F | BENCH_ISA_AVX512BW |                     \
     BENCH_ISA_AVX512DQ | BENCH_ISA_AVX512VL)

#endif
