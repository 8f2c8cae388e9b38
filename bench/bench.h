/* bench.h - shared declarations of cb-bench's parts: options, data sets, measured rows, timing, the per-pair baselines, the compiler and memory baselines, output. */
#ifndef CB_BENCH_H
#define CB_BENCH_H

#include "cbatch.h"
#include "reference.h"

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
    int full;         /* --full: every row, and the full tables on stdout (else the summary) */
    size_t llc_bytes; /* last-level cache a single core can use; 0 = guess */
    int sizes_given;  /* --sizes was given (the pairs section then takes them as M) */
    int backends_given; /* --backends was given (else a backend not built in is skipped quietly) */
    int every_row;    /* every row of every group (--full, --quick), else the summary's rows */
    int pairs;        /* many against many: 0 skip (--no-pairs), 1 run too, 2 only (--pairs-only) */
    int shooter_only; /* --shooter-only: of the many against many, the shooter frame alone */
    int levels_only;  /* --levels-only: of the many against many, the level-like scenes alone */
    int wall_only;    /* --wall-only: the ladder's wall rows alone (one box vs n bullets) */
} bench_opts;

/* ----------------------------------------------------------- entries */

#define BENCH_MAX_GROUPS 64
#define BENCH_MAX_KINDS 16/* output kinds (cb_output values) the library may have */
#define BENCH_GROUP_ENTRIES 4
#define BENCH_NO_ENTRY ((size_t)-1)

/*
 * One group of table rows: the library's batch entries (cb_entry_info_of,
 * form CB_FORM_BATCH; the pairs and candidates forms are pairs.c's) that
 * read the same input - the same query, single shape, element shape and
 * layout - and differ only in what they write. The groups are built from the
 * descriptors at start-up, in the library's order, so an entry the library
 * gains shows up here without a change to the benchmark.
 */
typedef struct bench_group {
    cb_query query;
    cb_shape one, many;
    cb_layout layout;
    size_t entries[BENCH_GROUP_ENTRIES]; /* entry numbers, ascending by cb_output */
    int nentries;
    char stem[48];  /* what the elements are, "boxes"; longer when two groups would share it */
    char label[56]; /* the stem and the layout, "boxes SoA": the table's entry column */
} bench_group;

/* entries.c: build the groups (0), or explain on stderr why not (-1). */
int groups_init(void);
int group_count(void);
const bench_group *group_at(int g);
/* The group reading this input, or -1 when the library has none. */
int group_find(cb_query q, cb_shape one, cb_shape many, cb_layout layout);
/* The group's entry that writes output o, or BENCH_NO_ENTRY. */
size_t group_entry(const bench_group *g, cb_output o);
/* The headline: one circle vs many boxes, SoA, bitmask (the entry every
 * baseline exists for), found by its properties. 0 when the library has it. */
int bench_headline(int *group, size_t *entry);
/* The integer headline: one integer circle vs many integer boxes, SoA,
 * bitmask; 0 when the library has it. */
int bench_int_headline(int *group, size_t *entry);
/* The sweep headline: one moving circle vs many boxes, SoA, times of first
 * contact (SWEPT CIRCLES); 0 when the library has it. */
int bench_sweep_headline(int *group, size_t *entry);
/* The wall: one box vs many moving circles (bullets), SoA, times of first
 * contact (the box_circles sweeps); 0 when the library has it. */
int bench_wall_headline(int *group, size_t *entry);
/* Whether the group's elements are moving circles (many = CB_SHAPE_SWEEP:
 * one box against n sweeps, the box_circles entries): their elements are
 * the data set's bullets and their single shape a box (data.c). */
int group_moving(const bench_group *g);
/* Input bytes read per element: a box's, an oriented box's, a circle's or a
 * sweep's. */
size_t bytes_per_elem(const bench_group *g);
/* Whether the group's pairs involve an oriented box (either shape): such a
 * group is compared with the oriented per-pair baselines only, the others
 * with the axis-aligned ones. */
int group_oriented(const bench_group *g);
/* Whether the group's shapes are the integer ones (cb_icircle, cb_ibox). */
int group_integer(const bench_group *g);
/* The group of the same question, layout and outputs on the other number
 * type (a circle for an integer circle, a box for an integer box, and the
 * other way), or -1: the integer rows are compared with it. */
int group_number_twin(const bench_group *g);
/* The group of the same input (single shape, element shape, layout) whose
 * query is q, or -1: the overlap twin of a contacts group, for one. A
 * sweep's single shape counts as its circle at the start for another query:
 * the overlap twin of a sweep group is that circle against the same
 * elements (its probes, its streaming read, the overlap row it is compared
 * with). */
int group_twin(const bench_group *g, cb_query q);

/* -------------------------------------------------------------- data */

typedef enum {
    OUT_MASK,    /* bitmask, entity-sized query */
    OUT_IDX_LO,  /* index list, ~1% hits */
    OUT_IDX_HI,  /* index list, ~50% hits */
    OUT_DIST,    /* dense signed distances, entity-sized query */
    OUT_CONT_LO, /* contact records, ~1% selected */
    OUT_CONT_HI, /* contact records, ~50% selected */
    /* the sweeps' outputs beyond the dense times at the bullet (OUT_DIST):
     * the dense times and the hit records at the sweeps of the ~1% and ~50%
     * circles (the contact rows' circles, moving: their hit rates, a few %
     * and over half, are measured per rung), and the first hit of the
     * bullet (a _first entry, or the times then a plain scan: KIND_SCAN) */
    OUT_TIMES_LO, /* dense times, the ~1% circle moving */
    OUT_TIMES_HI, /* dense times, the ~50% circle moving */
    OUT_HITS_LO,  /* hit records, the ~1% circle moving */
    OUT_HITS_HI,  /* hit records, the ~50% circle moving */
    OUT_FIRST,    /* the first hit's record, the bullet */
    OUT_BYTES,   /* one byte per element (compiler baselines) */
    OUT_READ,    /* nothing: streaming read of the inputs */
    OUT_COUNT
} out_kind;

/* Which of a group's three single shapes a row uses: 0 entity-sized, 1 and 2
 * the ~1% and ~50% area queries (index lists, contacts, a sweep's records). */
int query_of(out_kind o);
/* The most rows one entry gets (a sweep's times: the bullet, lo and hi). */
#define BENCH_ENTRY_ROWS 3
/* The rows an entry gets (entries.c): a bitmask or the distances at the
 * entity query; index lists and contacts at the ~1% and ~50% queries, since
 * their cost grows with what they write; a sweep's times at the bullet and
 * at the ~1% and ~50% circles moving, its hit records at those two, its
 * first hit at the bullet. Returns how many (<= BENCH_ENTRY_ROWS). */
int rows_of(const cb_entry_info *info, out_kind *outs);
/* The row kind a group is first measured by: its first entry's first row
 * (OUT_MASK for overlap, OUT_DIST for distance, OUT_CONT_LO for contacts). */
out_kind group_primary(const bench_group *g);
/* The margin of the timed contact rows: 0, so that they report exactly the
 * overlap query's hits (cbatch.h), and checks use it and CHECK_MARGIN. */
#define BENCH_MARGIN 0.0f
#define CHECK_MARGIN 3.0f

typedef enum {
    KIND_BACKEND,      /* a library backend's raw kernel (cb_entry_kernel) */
    KIND_BASELINE,     /* a per-pair baseline A-E, one pair at a time in a loop */
    KIND_CLAMP_O2,     /* plain clamp loop, -O2 baseline ISA */
    KIND_CLAMP_NATIVE, /* plain clamp loop, -O3 -march=native */
    KIND_STREAM,       /* streaming read of the same arrays */
    KIND_CLOSED,       /* a sweep's closed form per pair in a loop (sweep_form.c) */
    KIND_SCAN,         /* a backend's sweep times, then a plain C scan for the least t (OUT_FIRST) */
    KIND_COUNT
} case_kind;


/* Baseline E's own types (its write-up's): a box as centre + width/height,
 * and the contact record it builds per pair. */
typedef struct baseline_ebox {
    float cx, cy, w, h;
} baseline_ebox;
/* Baseline E's rotated box: its box plus the angle, with the cosine and sine
 * a user computes once per box (libm's cosf/sinf, not cb_rotation: the
 * baseline's own rotation, so its answers may differ from the contract's in
 * the last bits, which its notes count). */
typedef struct baseline_erbox {
    float cx, cy, w, h;
    float angle, c, s;
} baseline_erbox;
typedef struct baseline_econtact {
    float distance; /* signed: |delta| - r, negative when penetrating */
    float nx, ny;   /* delta / |delta|: from the box toward the circle */
    float depth;    /* r - |delta| */
    float px, py;   /* contact point: the projection onto the box */
    float mtv_x, mtv_y; /* minimum translation vector: normal * depth */
} baseline_econtact;

/* Baseline D works on SDL-style integer rectangles and circles. */
typedef struct baseline_irect {
    int32_t x, y, w, h;
} baseline_irect;
typedef struct baseline_icircle {
    int32_t x, y, r;
} baseline_icircle;

/* One rung of the size ladder: n boxes and n circles scattered over a level,
 * the same shapes in every layout the library and the baselines take, each
 * group's single shapes, and the output buffers (sized for the worst case). */
typedef struct dataset {
    size_t n;
    float level; /* side of the square level, in world units */
    /* n boxes: SoA, AoS, and the baselines' formats (all exact: integer
     * corners) */
    float *x0, *y0, *x1, *y1;
    cb_box_soa soa;
    cb_box *aos;
    cb_box_center *centers; /* A, B, E's overlap row */
    cb_box_corner *corners; /* C */
    baseline_irect *irects; /* D */
    baseline_ebox *eboxes;  /* E's distance and contact rows */
    /* the same n boxes as oriented boxes: the same centres and half-extents,
     * each turned by its own random angle (cb_rotation's (c, s)), SoA and
     * AoS; and as baseline E's rotated boxes (same angle, libm's cos and
     * sin) */
    float *ocx, *ocy, *ohx, *ohy, *oc, *os;
    cb_obox_soa osoa;
    cb_obox *oaos;
    baseline_erbox *erboxes;
    /* n circles: SoA and AoS */
    float *cx, *cy, *cr;
    cb_circle_soa csoa;
    cb_circle *caos;
    tk_views views; /* the float element arrays, for tk_pick */
    /* the same boxes and circles as int32 (their coordinates are whole
     * numbers, so the integer shapes are exactly the float ones, scale 1),
     * SoA and AoS, for the integer groups */
    int32_t *ix0, *iy0, *ix1, *iy1;
    cb_ibox_soa isoa;
    cb_ibox *iaos;
    int32_t *icx, *icy, *icr;
    cb_icircle_soa icsoa;
    cb_icircle *icaos;
    /* n bullets, the elements of the groups of one box vs moving circles
     * (group_moving): SoA and AoS, the same sweeps; made with all only */
    float *bx, *by, *br, *bdx, *bdy;
    cb_sweep_soa bsoa;
    cb_sweep *baos;
    /* each group's single shape per query (see query_of): q when the group's
     * single shape is a circle, qb when it is a box, qo when an oriented
     * box, qi and qib when an integer circle or box (its float twin's
     * shapes, exactly); and the scalar backend's hit count for each */
    cb_circle q[BENCH_MAX_GROUPS][3];
    cb_box qb[BENCH_MAX_GROUPS][3];
    cb_obox qo[BENCH_MAX_GROUPS][3];
    cb_icircle qi[BENCH_MAX_GROUPS][3];
    cb_ibox qib[BENCH_MAX_GROUPS][3];
    cb_sweep qs[BENCH_MAX_GROUPS][3]; /* a sweep group's: its circle q moving (data.c) */
    /* (a group_moving group's single shape is a box, in qb: [0] the wall,
     * [1] and [2] centred squares sized for ~1% and ~50% of the bullets) */
    cb_rot qrot; /* the rotation of the single oriented boxes (a random angle) */
    size_t hits[BENCH_MAX_GROUPS][3];
    /* outputs, one pair per output kind the library's batch entries have
     * (kinds[k] is out[k]'s): out and ref each hold any batch entry's output
     * of that kind for n elements, allocated by testkit (tk_out_alloc) */
    int nkinds;
    cb_output kinds[BENCH_MAX_KINDS];
    tk_out out[BENCH_MAX_KINDS], ref[BENCH_MAX_KINDS];
    unsigned char *bytes;
    baseline_econtact *econtacts; /* baseline E's records and their indices */
    uint32_t *eindex;
} dataset;

/* One box against moving circles (the groups of group_moving): n bullets,
 * each of radius BULLET_RMIN..RMAX moving BULLET_LMIN..LMAX units (20 to
 * 130 radii) in its own direction, their starts uniform over a square
 * arena of side BULLET_ARENA centred in the level (the same at every n, so
 * the hit fraction does not fall as the level grows) and clear of the wall
 * (a bullet leaves a gun in the open); the wall, the single box of their
 * timed rows, a vertical WALL_W x WALL_H box at the arena's centre. About
 * 6.7% of the bullets touch it in [0, 1]. Floats, drawn from their own
 * stream after everything else (data.c), so the other data is that of
 * earlier versions. */
#define BENCH_BULLET_ARENA 512.0f
#define BENCH_BULLET_RMIN 1.0f
#define BENCH_BULLET_RMAX 3.0f
#define BENCH_BULLET_LMIN 64.0f
#define BENCH_BULLET_LMAX 128.0f
#define BENCH_WALL_W 16.0f
#define BENCH_WALL_H 256.0f

/* all == 0: only what the summary's rows read (group_needed in data.c:
 * one circle vs boxes, overlap, and the baselines' formats); the same boxes
 * and queries as with all. The bullets (and the wall groups' boxes) are
 * made with all only. */
int data_make(dataset *d, size_t n, uint64_t seed, int all);
void data_free(dataset *d);
/* The arguments of entry e (of group g) at query k: the group's single
 * shape, the entry's view of the elements, all n of them, out = the out
 * buffer of its output kind, flags 0, margin BENCH_MARGIN. */
cb_args data_args(const dataset *d, int g, size_t e, int k);
/* The ref buffer of entry e's output kind (cb_args.out of a second call). */
void *data_ref(const dataset *d, size_t e);

/* --------------------------------------------------------- row model */


typedef struct bench_case {
    case_kind kind;
    int backend;     /* KIND_BACKEND, KIND_SCAN: the cb_backend; else -1 */
    size_t entry;    /* KIND_BACKEND: the entry timed (KIND_SCAN: the times entry); else
                        BENCH_NO_ENTRY */
    cb_kernel_fn fn; /* KIND_BACKEND, KIND_SCAN: cb_entry_kernel(entry, backend) */
    int group;       /* the table group the row belongs to */
    int baseline;    /* KIND_BASELINE: 0..4 = A..E (E also: OUT_DIST, OUT_CONT_*),
                        BASELINE_E_ROT */
    int native;      /* KIND_STREAM: use the -march=native build */
    out_kind out;
    char label[32];
    char note[96];
} bench_case;

/* A finished row, kept for the tables, the CSV and the plot. */
typedef struct bench_row {
    size_t n;
    char label[32];
    case_kind kind;
    int group;
    out_kind out;
    int backend;     /* cb_backend for KIND_BACKEND and KIND_SCAN, else -1 */
    int baseline_id; /* KIND_BASELINE: 0..4 = A..E, BASELINE_E_ROT */
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

const char *out_name(out_kind o);
const char *kind_name(case_kind k);
const char *path_name(call_path p);

/* Room for row n of a growable array of rows of `size` bytes with room for
 * *cap: the array (moved when it grew, *cap then doubled), or NULL when out
 * of memory (the array as it was). Each part keeps its rows so. */
void *bench_grow(void *rows, int n, int *cap, size_t size);

/* -------------------------------------------------------------- timing */

double time_now_ns(void);
/* "16", "1Ki", "16Mi": a batch size as the table and the plot print it (timing.c). */
const char *fmt_n(size_t n, char *b, size_t len);
/* The tables' numbers (report.c), each "-" for NaN: nanoseconds with four
 * significant digits, a rate ("1.58G"), a ratio, a size in B/KiB/MiB. */
const char *fmt_ns(double v, char *b, size_t len);
const char *fmt_rate(double per_s, char *b, size_t len);
const char *fmt_x(double v, char *b, size_t len);
const char *fmt_bytes(double v, char *b, size_t len);

/* One timed sample of row `row`: `iters` calls, ns in total. */
typedef double (*bench_sample_fn)(void *ctx, int row, unsigned long iters);

/* A row's timing, filled in by time_rows. */
typedef struct bench_timing {
    unsigned long iters; /* calls per timed sample */
    int reps;            /* samples taken */
    double first_ns;     /* the fastest single call while calibrating */
    double s[BENCH_MAX_REPS];
    double min, med, max; /* ns per call, over the samples */
} bench_timing;

/* The one runner of every timed row (timing.c): calibrate rows 0..nr-1 of
 * fn, then o->reps interleaved samples of each (fewer, at least 3, where
 * budget_ns > 0 and a row's samples would take longer); t[i] receives row
 * i's. Prints " reps: 1 2 ..." on stderr as it goes. */
void time_rows(const bench_opts *o, bench_timing *t, int nr, bench_sample_fn fn, void *ctx,
               double budget_ns);

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
/* run.c: whether the compiler loops (clamp_loop.c) compute group g's query,
 * and whether the streaming read (stream.c) knows its input. */
int clamp_covers(const bench_group *g);
int stream_covers(const bench_group *g);
/* run.c: check a case's output against the contract: a backend against the
 * scalar backend (the scalar backend against testkit's reference), a loop
 * against the scalar backend, a per-pair baseline under its own touching
 * rule. Returns 0 when they agree, else the number of differing answers (or
 * 1 where only the first difference is known); the first difference, or a
 * per-pair baseline's summary, goes to why. */
size_t check_case(const bench_case *c, dataset *d, char *why, size_t whylen);
/* run.c: the backend rows rows[0..k-1] of one entry and row kind, checked as
 * check_case does with the scalar output computed once for all of them;
 * returns the index of the first failing row (why says how), or -1. */
int check_backends(const bench_case *const *rows, int k, dataset *d, char *why, size_t whylen);

/* small.c: ns per call of the headline entry (bench_headline) at n = 1, 4,
 * 16, 64 through the public function (cb_entry_call) vs the same backend's
 * raw kernel, for each backend in bs[0..nb-1]; *fenv_ns receives the cost of
 * one read of the float-environment register (MXCSR / FPCR), or a negative
 * value where there is none. Returns the number of rows (0 when the library
 * has no headline entry). */
int small_run(const bench_opts *o, const dataset *d, const int *bs, int nb, small_row *out,
              int max, double *fenv_ns);

/* ------------------------------------------------- the per-pair baselines */

/* Baselines A..E (docs/baselines.md) answer the axis-aligned question (ids
 * 0..BASELINE_COUNT-1); BASELINE_E_ROT is baseline E's method for rotated
 * boxes (translate and rotate the circle into box space, solve, rotate the
 * results back) on the oriented boxes, listed with the oriented groups. */
#define BASELINE_COUNT 5
#define BASELINE_D 3
#define BASELINE_E 4
#define BASELINE_E_ROT 5
#define BASELINE_IDS 6
/* Baseline names, whether touching counts (1: <=, 0: <), and whether the
 * baseline computes on integers (baseline D: its rows go with the integer
 * groups, and are compared with the integer entries), for ids <
 * BASELINE_IDS. */
const char *baseline_name(int s);
int baseline_touch(int s);
int baseline_integer(int s);
/* One circle against n boxes in the baseline's own box format, one pair at a
 * time, bitmask out (same layout as the library's); returns the hit count.
 * The circle is group g's single circle at query k: d->q[g][k], or for an
 * integer group d->qi[g][k]. BASELINE_E_ROT: against the n rotated boxes. */
size_t baseline_run(int s, const dataset *d, int g, int k, uint64_t *mask);
/* The row label of baseline E's (s = BASELINE_E) or rotated baseline E's
 * (BASELINE_E_ROT) distance and contact rows. */
const char *baseline_e_label(int s, out_kind o);
/* Baseline E's signed distance of circle c to every box (its own box struct),
 * one pair at a time: dist[i]; returns n. s = BASELINE_E or BASELINE_E_ROT. */
size_t baseline_e_distances(int s, const dataset *d, cb_circle c, float *dist);
/* Baseline E's full contact computation, one pair at a time: for the boxes it
 * reports (early out on squared lengths with its epsilon: touching
 * excluded), its record out[k] and the box's index idx[k]; returns k.
 * BASELINE_E_ROT: normal, point and MTV rotated back to the world. */
size_t baseline_e_contacts(int s, const dataset *d, cb_circle c, baseline_econtact *out,
                           uint32_t *idx);

/* ------------------------------------------------ the sweeps' closed form */

/* sweep_form.c: the plain-C baseline of the sweep groups: one function call
 * per pair computing the time of first contact by the textbook closed form
 * (slabs of the box grown by r, then the corner circle's quadratic), looped
 * over the elements. Whether it answers group g (a sweep vs boxes or circles,
 * or one box vs moving circles, either layout); t[i] for sweep d->qs[g][k]
 * and every element (one box vs moving circles: bullet i against box
 * d->qb[g][k]), returning the number hit in [0, 1]. */
int closed_covers(const bench_group *g);
size_t closed_run(const dataset *d, int g, int k, float *t);
/* Whether a closed-form time a and the library's b agree: both the miss,
 * or both in [0, 1] within CLOSED_TOL relative (absolute below t = 0.01). */
#define CLOSED_TOL 1e-4f
int closed_agree(float a, float b);
/* What a user writes for the first hit without the _first entries: after
 * the dense times t[0..n-1] (a sweep entry's output), a plain loop for the
 * least t, the lowest index among equal times (the _first contract's
 * choice). *at receives its index and *best its time (CB_SWEEP_MISS when
 * nothing is hit: then *at is 0); returns 1 when something is hit, else 0.
 * In sweep_form.c, another translation unit than the timed loop's. */
size_t scan_first(const float *t, size_t n, uint32_t *at, float *best);

/* ---------------------------------------------- compiler and memory baselines */

/* clamp_loop.c, built twice (see meson.build): out[i] = 1 on a hit, else 0;
 * the dist_ loops: out[i] = the signed distance, by the contract's text;
 * the obox loops: the oriented overlap contract (into the box's frame, then
 * the clamp), 1 or 0.
 * The *_isa constants say which cb_cpu_features() bits the build needs. */
#define CB_CLAMP_DECL(p)                                                                           \
    extern const uint32_t p##_isa;                                                                 \
    void p##_box_soa(cb_circle c, const cb_box_soa *b, size_t n, unsigned char *out);              \
    void p##_box_aos(cb_circle c, const cb_box *b, size_t n, unsigned char *out);                  \
    void p##_circle_soa(const cb_circle_soa *c, size_t n, cb_box b, unsigned char *out);           \
    void p##_circle_aos(const cb_circle *c, size_t n, cb_box b, unsigned char *out);               \
    void p##_dist_box_soa(cb_circle c, const cb_box_soa *b, size_t n, float *out);                 \
    void p##_dist_box_aos(cb_circle c, const cb_box *b, size_t n, float *out);                     \
    void p##_dist_circle_soa(const cb_circle_soa *c, size_t n, cb_box b, float *out);              \
    void p##_dist_circle_aos(const cb_circle *c, size_t n, cb_box b, float *out);                  \
    void p##_obox_soa(cb_circle c, const cb_obox_soa *b, size_t n, unsigned char *out);            \
    void p##_obox_aos(cb_circle c, const cb_obox *b, size_t n, unsigned char *out);                \
    void p##_circle_obox_soa(const cb_circle_soa *c, size_t n, cb_obox b, unsigned char *out);     \
    void p##_circle_obox_aos(const cb_circle *c, size_t n, cb_obox b, unsigned char *out);
CB_CLAMP_DECL(clamp_o2)
CB_CLAMP_DECL(clamp_native)
extern const int clamp_native_is_native; /* 0 when -march=native was not used (cross build) */

/* stream.c, built twice: sum of the 32-bit words of k arrays of n floats. */
#define CB_STREAM_DECL(p)                                                                          \
    extern const uint32_t p##_isa;                                                                 \
    uint32_t p##_sum6(const float *a, const float *b, const float *c, const float *d,              \
                      const float *e, const float *f, size_t n);                                   \
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
/* report.c: the run's header (machine, flags, what the ratios mean); the
 * full tables; the summary (the headline rows and the integer headline's,
 * about a screen). */
void report_header(FILE *f, const bench_opts *o, const bench_env *e);
void report_table(FILE *f, const bench_env *e, const bench_row *rows, int nrows,
                  const small_row *small, int nsmall, double csr_ns);
void report_summary(FILE *f, const bench_env *e, const bench_row *rows, int nrows);
/* report.c: the sweep's other outputs side by side (the records of every
 * hit, the first hit, the times then a scan) for group g, one line per
 * backend and n; nothing when the run measured none of them. */
void report_sweep_records(FILE *f, const bench_env *e, const bench_row *rows, int nrows, int g);
/* report.c: the wall (one box vs n bullets, SoA): per backend and n, the
 * times, the _first and the times then a scan, each against scalar and the
 * closed form, side by side; nothing when the run measured none of them. */
void report_wall(FILE *f, const bench_env *e, const bench_row *rows, int nrows);
/* One CSV number: ",v", or "," for NaN. */
void csv_num(FILE *f, double v);
/* Writes DIR/cb-bench.csv (every size row) and DIR/cb-bench-small.csv. */
int report_csv(const char *dir, const bench_env *e, const bench_row *rows, int nrows,
               const small_row *small, int nsmall);
/* plot.c */
int plot_svg(const char *path, const bench_opts *o, const bench_env *e, const bench_row *rows,
             int nrows);

/* pairs.c: the many-against-many section (the pairs and candidates forms,
 * cb_pairs_*, cb_candidates_*): runs its blocks (0, or -1 after a FAIL or
 * out of memory on stderr): with o->every_row the scene sweep, the named
 * scenes and the candidates, else the named scenes alone; prints its full
 * tables or its summary (the named scenes, one line per backend), writes
 * DIR/cb-bench-pairs.csv. */
int pairs_run(const bench_opts *o, const bench_env *e, const int *bs, int nb);
void pairs_report(FILE *f, const bench_env *e);
void pairs_summary(FILE *f);
int pairs_csv(const char *dir);
void pairs_free(void);

/* shooter.c: the shooter frame (issue 21): every bullet's first hit among a
 * level's boxes (then circles) in one call of cb_pairs_sweep_first
 * (cb_pairs_sweep_circles_circles_first) against the loop of per-bullet
 * cb_batch_sweep_first (cb_batch_sweep_circle_circles_first) calls, on each
 * backend, checked before timing (0, or -1 after a FAIL or out of memory on
 * stderr). pairs.c runs it with the named scenes, prints its tables and
 * summary after its own, and writes DIR/cb-bench-shooter.csv. */
int shooter_run(const bench_opts *o, const int *bs, int nb);
void shooter_report(FILE *f);
void shooter_summary(FILE *f);
int shooter_csv(const char *dir);
void shooter_free(void);

/* levels.c: many against many on level-like scenes (issue 32): each
 * family's scene through the library's one call, prepared form and
 * per-circle loop on each backend beside a plain uniform grid (built in the
 * frame and beforehand) and a static AABB tree, checked before timing (0, or
 * -1 after a FAIL or out of memory on stderr). pairs.c runs it after the
 * named scenes, prints its table after its own, and writes
 * DIR/cb-bench-levels.csv. */
int levels_run(const bench_opts *o, const int *bs, int nb);
void levels_report(FILE *f);
int levels_csv(const char *dir);
void levels_free(void);

/* A WebAssembly build runs under an engine's JIT (node's V8): the engine,
 * not this build's compiler, makes the machine code, and may make other code
 * in another version or on another CPU. So its timings are indicative only;
 * every table says so. */
#if defined(__wasm__)
#define BENCH_JIT_NOTE                                                                             \
    "WebAssembly under a JIT (node): timings are indicative only, the engine makes the machine "   \
    "code; compare rows of one run, not with native runs.\n"
#else
#define BENCH_JIT_NOTE ""
#endif

/* The "native" baselines (clamp_native, stream_native) are built with the
 * widest ISA the build may use: -march=native in a native build, -msimd128
 * in a SIMD128 WebAssembly module (clang auto-vectorises for it); -O3 alone
 * elsewhere (clamp_native_is_native == 0). Their rows and texts name it. */
#if defined(__wasm__)
#define BENCH_NATIVE_FLAG "-msimd128"
#define BENCH_NATIVE_NAME " simd128"
#else
#define BENCH_NATIVE_FLAG "-march=native"
#define BENCH_NATIVE_NAME " native"
#endif
#define BENCH_NATIVE_LABEL "loop -O3" BENCH_NATIVE_NAME

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
#ifdef __wasm_simd128__
#define BENCH_ISA_SIMD128 CB_CPU_SIMD128
#else
#define BENCH_ISA_SIMD128 0u
#endif
#define BENCH_BUILD_ISA                                                                            \
    (BENCH_ISA_AVX2 | BENCH_ISA_FMA | BENCH_ISA_AVX512F | BENCH_ISA_AVX512BW |                     \
     BENCH_ISA_AVX512DQ | BENCH_ISA_AVX512VL | BENCH_ISA_SIMD128)

#endif
