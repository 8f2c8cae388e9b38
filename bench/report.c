/* report.c - the results as text: the summary (the headline rows and their ratios), the full tables (per size, speed-ups, bandwidth share, min/median/max; the small batches), and the CSV files. */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const out_names[OUT_COUNT] = {
    "mask",     "idx 1%",  "idx 50%", "dist",    "cont 1%", "cont 50%", "times lo",
    "times hi", "hits lo", "hits hi", "first",   "bytes",   "read"};
static const char *const kind_names[KIND_COUNT] = {"backend", "baseline",    "loop-O2",
                                                   "loop-native", "stream", "closed-form",
                                                   "times+scan"};
static const char *const path_names[PATH_COUNT] = {"direct", "direct+fenv", "dispatched",
                                                    "dispatched+trust_fenv"};

const char *out_name(out_kind o) { return out_names[o]; }
const char *kind_name(case_kind k) { return kind_names[k]; }
const char *path_name(call_path p) { return path_names[p]; }

void *bench_grow(void *rows, int n, int *cap, size_t size)
{
    if (n < *cap)
        return rows;
    int grown = *cap ? 2 * *cap : 64;
    void *v = realloc(rows, (size_t)grown * size);
    if (v)
        *cap = grown;
    return v;
}

const char *regime_of(const bench_env *e, size_t ws)
{
    return ws <= e->l1 ? "L1" : ws <= e->l2 ? "L2" : ws <= e->llc ? "L3" : "DRAM";
}

/* The row of size n, kind k, backend (any when < 0), group g and output o
 * (any when < 0); NULL when there is none (g < 0: the library lacks that
 * input). */
static const bench_row *find(const bench_row *r, int nr, size_t n, case_kind k, int backend, int g,
                             int o)
{
    for (int i = 0; i < nr && g >= 0; i++)
        if (r[i].n == n && r[i].kind == k && (backend < 0 || r[i].backend == backend) &&
            r[i].group == g && (o < 0 || r[i].out == (out_kind)o))
            return &r[i];
    return NULL;
}

/* What a row computes, as the output of the backend rows it compares with:
 * a loop's bytes and a streaming read stand for their group's first output. */
static out_kind compared_out(const bench_row *r)
{
    return r->out == OUT_BYTES || r->out == OUT_READ ? group_primary(group_at(r->group)) : r->out;
}

/* The fastest per-pair baseline row at size n that computes what output o
 * does for group g's kind of box: the overlap baselines (bitmask) for masks
 * and index lists, baseline E's distance or contact rows (at the same
 * selection) for the others; for an oriented group, only the rows of
 * baseline E's rotated method; for an integer group, only the integer
 * baseline's (D). A float group is compared with every axis-aligned
 * baseline, D included: the same question on the same whole-number shapes.
 * A baseline row answers its group's query only (baseline E's distances are
 * not a sweep's times); a sweep group's baseline is its closed form per pair
 * (sweep_form.c), on the same elements. */
static const bench_row *best_baseline(const bench_row *r, int nr, size_t n, int g, out_kind o)
{
    out_kind want = o == OUT_IDX_LO || o == OUT_IDX_HI ? OUT_MASK : o;
    const bench_group *gr = group_at(g);
    const int oriented = group_oriented(gr), integer = group_integer(gr);
    const bench_row *b = NULL;
    for (int i = 0; i < nr; i++) {
        const bench_group *ri = group_at(r[i].group);
        const int baseline = r[i].kind == KIND_BASELINE ||
                             (r[i].kind == KIND_CLOSED && ri->many == gr->many);
        if (r[i].n == n && baseline && r[i].out == want && ri->query == gr->query &&
            group_oriented(ri) == oriented && (!integer || baseline_integer(r[i].baseline_id)) &&
            (!b || r[i].med < b->med))
            b = &r[i];
    }
    return b;
}

/* The streaming read of group g's input: its own row, or its overlap twin's. */
static const bench_row *stream_row(const bench_row *r, int nr, size_t n, int g)
{
    const bench_row *s = find(r, nr, n, KIND_STREAM, -1, g, OUT_READ);
    return s ? s : find(r, nr, n, KIND_STREAM, -1, group_twin(group_at(g), CB_QUERY_OVERLAP),
                        OUT_READ);
}

/* The same backend's row of the same output on the float twin of an
 * integer group (or the integer twin of a float group), at the same n. */
static const bench_row *number_twin_row(const bench_row *r, int nr, const bench_row *w)
{
    if (w->kind != KIND_BACKEND)
        return NULL;
    return find(r, nr, w->n, KIND_BACKEND, w->backend, group_number_twin(group_at(w->group)),
                (int)w->out);
}

typedef struct derived {
    double vs_scalar, vs_native; /* NAN when the reference row is missing */
    double vs_baseline;          /* likewise */
    double vs_float;             /* an integer row: its float twin's time over its own */
    double frac_read;            /* NAN outside the DRAM regime */
    double gbps;                 /* input bytes read per second, in GB/s */
    const char *regime;
} derived;

static double ratio(const bench_row *ref, const bench_row *r)
{
    return ref && r->med > 0 ? ref->med / r->med : NAN;
}

static derived derive(const bench_env *e, const bench_row *rows, int nr, const bench_row *r)
{
    derived d;
    out_kind so = compared_out(r);
    const size_t bpe = bytes_per_elem(group_at(r->group));
    d.vs_scalar = ratio(find(rows, nr, r->n, KIND_BACKEND, CB_BACKEND_SCALAR, r->group, so), r);
    d.vs_native = ratio(find(rows, nr, r->n, KIND_CLAMP_NATIVE, -1, r->group, -1), r);
    d.vs_baseline = ratio(best_baseline(rows, nr, r->n, r->group, so), r);
    d.vs_float = group_integer(group_at(r->group)) ? ratio(number_twin_row(rows, nr, r), r) : NAN;
    d.regime = regime_of(e, r->n * bpe);
    d.frac_read = !strcmp(d.regime, "DRAM") ? ratio(stream_row(rows, nr, r->n, r->group), r) : NAN;
    d.gbps = r->med > 0 ? (double)bpe / r->med : 0;
    return d;
}

const char *fmt_ns(double v, char *b, size_t len)
{
    if (isnan(v))
        snprintf(b, len, "-");
    else
        snprintf(b, len, v < 1 ? "%.4f" : v < 10 ? "%.3f" : v < 100 ? "%.2f" : "%.1f", v);
    return b;
}

const char *fmt_rate(double per_s, char *b, size_t len)
{
    if (isnan(per_s))
        snprintf(b, len, "-");
    else if (per_s >= 1e9)
        snprintf(b, len, "%.2fG", per_s / 1e9);
    else if (per_s >= 1e6)
        snprintf(b, len, "%.1fM", per_s / 1e6);
    else
        snprintf(b, len, "%.0fk", per_s / 1e3);
    return b;
}

const char *fmt_x(double v, char *b, size_t len)
{
    if (isnan(v))
        snprintf(b, len, "-");
    else
        snprintf(b, len, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%.0f", v);
    return b;
}

const char *fmt_bytes(double v, char *b, size_t len)
{
    if (v >= 1 << 20)
        snprintf(b, len, "%.0f MiB", v / (1 << 20));
    else if (v >= 1024)
        snprintf(b, len, "%.0f KiB", v / 1024);
    else
        snprintf(b, len, "%.0f B", v);
    return b;
}

/* The widths of the table's row and entry columns: the longest row label
 * (at least 16) and group label. */
static int label_w = 16;
static int entry_w = 11;

static void print_row(FILE *f, const bench_env *e, const bench_row *rows, int nr,
                      const bench_row *r)
{
    char a[32], b[32], d1[32], d2[32], d3[32], d4[32], mn[32], mx[32];
    derived d = derive(e, rows, nr, r);
    char hits[24];
    if (r->kind == KIND_STREAM)
        snprintf(hits, sizeof hits, "-");
    else
        snprintf(hits, sizeof hits, "%zu", r->hits);
    char frac[16];
    if (isnan(d.frac_read))
        snprintf(frac, sizeof frac, "-");
    else
        snprintf(frac, sizeof frac, "%.0f%%", 100 * d.frac_read);
    char nb[32];
    fprintf(f, "  %-*s %-*s %-8s %5s %8s %9s %8s %7s %7s %9s %7s %6s %6.1f  %9s %9s\n",
            label_w, r->label, entry_w, group_at(r->group)->label, out_name(r->out),
            fmt_n(r->n, nb, sizeof nb), hits, fmt_ns(r->med, a, sizeof a),
            fmt_rate(1e9 / r->med, b, sizeof b), fmt_x(d.vs_scalar, d1, sizeof d1),
            fmt_x(d.vs_native, d2, sizeof d2), fmt_x(d.vs_baseline, d3, sizeof d3),
            fmt_x(d.vs_float, d4, sizeof d4), frac, d.gbps, fmt_ns(r->min, mn, sizeof mn),
            fmt_ns(r->max, mx, sizeof mx));
}

/* -------------------------------------------------------------- table */

void report_header(FILE *f, const bench_opts *o, const bench_env *e)
{
    char b1[32], b2[32], b3[32];
    fprintf(f, "cb-bench: %s; %s", e->cpu, e->compiler);
    if (e->load_start >= 0)
        fprintf(f, "; load average %.2f at start, %.2f at end (other work on these cores "
                   "shows in max and median)",
                e->load_start, e->load_end);
    fprintf(f, "\n%s", BENCH_JIT_NOTE);
    if (e->ghz > 0)
        fprintf(f, "core clock ~%.2f GHz (dependent-add chain); ", e->ghz);
    fprintf(f, "caches: L1d %s, L2 %s, LLC %s%s; seed 0x%llx; %d reps per row (interleaved), "
               "samples >= %.2f ms\n",
            fmt_bytes(e->l1, b1, sizeof b1), fmt_bytes(e->l2, b2, sizeof b2),
            fmt_bytes(e->llc, b3, sizeof b3), e->llc_guessed ? " (assumed: per-CCX share)" : "",
            (unsigned long long)o->seed, o->reps, o->sample_ns / 1e6);
    fprintf(f, "flags: library, baselines A-E, bench -O3 (release) -ffp-contract=off; loop -O2: "
               "-O2 baseline ISA; loop -O3%s: -O3%s%s, -ffp-contract=off kept (the project sets "
               "it: no FMA, so the loop gives the contract's exact answers)\n",
            clamp_native_is_native ? BENCH_NATIVE_NAME : "",
            clamp_native_is_native ? " " BENCH_NATIVE_FLAG : "",
            e->native_ok ? "" : " (not run here: this CPU lacks its ISA)");
}

void report_table(FILE *f, const bench_env *e, const bench_row *rows, int nr, const small_row *sm,
                  int ns, double fenv_ns)
{
    char b1[32], b2[32], b3[32];
    for (int g = 0; g < group_count(); g++) {
        int w = (int)strlen(group_at(g)->label);
        entry_w = w > entry_w ? w : entry_w;
    }
    for (int i = 0; i < nr; i++) {
        int w = (int)strlen(rows[i].label);
        label_w = w > label_w ? w : label_w;
    }
    fprintf(f, "\nns/elem and elem/s are medians; x scalar / x loopO3 / x baseline = that row's "
               "time over this row's (higher is better; x baseline: the fastest matching "
               "baseline A-E; a sweep's x baseline: its closed form per pair); "
               "x float (integer groups) = the same "
               "backend's row on the float twin (same boxes and circles, same question), time "
               "over this row's; %%read = streaming-read time over this row's, at DRAM sizes; "
               "GB/s = input bytes read per second\n");
    fprintf(f, "baselines A-E: '<=' touching counts (the library's default), '<' touching "
               "excluded (the library with CB_STRICT); timed rows use the default, which costs the "
               "same\n");
    size_t last = 0;
    for (int pass = 0; pass < nr; pass++) {
        size_t n = rows[pass].n;
        if (n == last)
            continue;
        last = n;
        char b4[32];
        fprintf(f, "\n== n = %s (boxes SoA %s: %s; circles %s: %s; oriented boxes %s: %s)\n",
                fmt_n(n, b1, sizeof b1), fmt_bytes(16 * n, b2, sizeof b2), regime_of(e, 16 * n),
                fmt_bytes(12 * n, b3, sizeof b3), regime_of(e, 12 * n),
                fmt_bytes(24 * n, b4, sizeof b4), regime_of(e, 24 * n));
        fprintf(f, "  %-*s %-*s %-8s %5s %8s %9s %8s %7s %7s %9s %7s %6s %6s  %9s %9s\n",
                label_w, "row", entry_w, "entry", "output", "n", "hits", "ns/elem", "elem/s",
                "xscalar", "xloopO3", "xbaseline", "xfloat", "%read", "GB/s", "min", "max");
        for (int g = 0; g < group_count(); g++) {
            for (int k = 0; k < KIND_COUNT; k++)
                for (int i = 0; i < nr; i++)
                    if (rows[i].n == n && rows[i].group == g && rows[i].kind == (case_kind)k)
                        print_row(f, e, rows, nr, &rows[i]);
        }
    }
    /* every sweep group's records side by side with its times */
    for (int g = 0; g < group_count(); g++)
        if (group_at(g)->query == CB_QUERY_SWEEP)
            report_sweep_records(f, e, rows, nr, g);

    if (ns) {
        fprintf(f, "\n== small batches: one circle vs n boxes (SoA, bitmask), ns per call, "
                   "median [min..max]\n");
        fprintf(f, "  %-8s %4s  %-22s %-22s %-22s %-22s %s\n", "backend", "n", "direct (raw kernel)",
                "direct + fenv read", "dispatched (public)", "dispatched, trust fenv",
                "dispatched/direct, trusted/direct");
        for (int i = 0; i < ns; i++) {
            if (sm[i].path != PATH_DIRECT)
                continue;
            char cols[PATH_COUNT][40];
            double med[PATH_COUNT] = {0};
            for (int p = 0; p < PATH_COUNT; p++)
                snprintf(cols[p], sizeof cols[p], "-");
            for (int j = 0; j < ns; j++)
                if (sm[j].backend == sm[i].backend && sm[j].n == sm[i].n) {
                    snprintf(cols[sm[j].path], sizeof cols[0], "%6.2f [%.2f..%.2f]", sm[j].med,
                             sm[j].min, sm[j].max);
                    med[sm[j].path] = sm[j].med;
                }
            fprintf(f, "  %-8s %4zu  %-22s %-22s %-22s %-22s %.2f, %.2f\n",
                    cb_backend_name((cb_backend)sm[i].backend), sm[i].n, cols[0], cols[1],
                    cols[2], cols[3], med[0] > 0 ? med[PATH_DISPATCHED] / med[0] : 0.0,
                    med[0] > 0 ? med[PATH_TRUSTED] / med[0] : 0.0);
        }
        if (fenv_ns >= 0)
            fprintf(f, "  one read of the float-environment register (%s): %.2f ns\n",
#if defined(__aarch64__)
                    "mrs fpcr",
#else
                    "stmxcsr",
#endif
                    fenv_ns);
    }

    /* The per-pair baselines' notes: where their answers differ from the
     * contract's. */
    fprintf(f, "\nPer-pair baselines (one pair at a time in a loop, own box format, bitmask out; "
               "baseline E also its distances and contact records, own structs, and its rotated "
               "method on the oriented boxes; x baseline compares per-element cost with the "
               "baseline rows of the same output and kind of box):\n");
    size_t nmax = 0;
    for (int i = 0; i < nr; i++)
        nmax = rows[i].n > nmax ? rows[i].n : nmax;
    for (int i = 0; i < nr; i++)
        if ((rows[i].kind == KIND_BASELINE || rows[i].kind == KIND_CLOSED) && rows[i].n == nmax)
            fprintf(f, "  %-*s %s (n = %s)\n", label_w, rows[i].label, rows[i].note,
                    fmt_n(nmax, b1, sizeof b1));
    fprintf(f, "Loops write one byte per element; idx rows are compared with them all the "
               "same.\n");
}

/* ------------------------------------------------------------ summary */

/*
 * The summary: blocks of one entry each at every size measured, one line
 * per backend with its ratios, then the baselines' own times. A ratio is
 * the other row's median time over this row's: above 1, this row is that
 * much faster. The blocks are data: the entry (found by its properties)
 * and the columns, each the row a backend row is compared with.
 */

/* The row a backend row r is compared with, or NULL. */
typedef const bench_row *(*ref_fn)(const bench_row *rows, int nr, const bench_row *r);

static const bench_row *ref_scalar(const bench_row *rows, int nr, const bench_row *r)
{
    return find(rows, nr, r->n, KIND_BACKEND, CB_BACKEND_SCALAR, r->group, (int)r->out);
}
static const bench_row *ref_loop_o2(const bench_row *rows, int nr, const bench_row *r)
{
    return find(rows, nr, r->n, KIND_CLAMP_O2, -1, r->group, -1);
}
static const bench_row *ref_loop_o3(const bench_row *rows, int nr, const bench_row *r)
{
    return find(rows, nr, r->n, KIND_CLAMP_NATIVE, -1, r->group, -1);
}
static const bench_row *ref_baseline(const bench_row *rows, int nr, const bench_row *r)
{
    return best_baseline(rows, nr, r->n, r->group, r->out);
}
static const bench_row *ref_stream(const bench_row *rows, int nr, const bench_row *r)
{
    return stream_row(rows, nr, r->n, r->group);
}
/* A sweep row's overlap twin: the same backend's bitmask row of its circle
 * (at the start) against the same elements, same layout and n. */
static const bench_row *ref_sweep_overlap(const bench_row *rows, int nr, const bench_row *r)
{
    return find(rows, nr, r->n, KIND_BACKEND, r->backend,
                group_twin(group_at(r->group), CB_QUERY_OVERLAP), OUT_MASK);
}
static const bench_row *ref_closed(const bench_row *rows, int nr, const bench_row *r)
{
    return find(rows, nr, r->n, KIND_CLOSED, -1, r->group, -1);
}

#define SUMMARY_COLS 5
typedef struct summary_block {
    int (*entry)(int *group, size_t *entry); /* bench_headline, ...: 0 when the library has it */
    const char *what;                        /* the question, after the entry's name */
    const char *legend;                      /* what the columns compare with */
    struct {
        const char *head;
        ref_fn ref;
        int share; /* printed as a share (the streaming read's time over the row's), not a ratio */
    } cols[SUMMARY_COLS];
} summary_block;

static const summary_block blocks[] = {
    {bench_headline, "one circle vs n boxes, SoA, bitmask out",
     "x = the named row's time over this one's (above 1: this one is faster); %read = the "
     "streaming read of the same boxes, time over this one's",
     {{"x scalar", ref_scalar, 0},
      {"x loopO2", ref_loop_o2, 0},
      {"x loopO3", ref_loop_o3, 0},
      {"x baseline", ref_baseline, 0},
      {"%read", ref_stream, 1}}},
    {bench_int_headline, "one integer circle vs n integer boxes (the boxes above as int32), SoA, "
                         "bitmask out",
     "x float = the same backend's float row above, time over this one's (the integer "
     "throughput as a share of the float's); x scalar = the scalar integer kernel's; "
     "x baseline = baseline D's (integers, one pair at a time)",
     {{"x float", number_twin_row, 0},
      {"x scalar", ref_scalar, 0},
      {"x baseline", ref_baseline, 0}}},
    {bench_sweep_headline, "one moving circle (a bullet: r = 24 moving 96) vs n boxes, SoA, "
                           "times of first contact out (work in progress)",
     "x overlap = the same backend's overlap row above (its circle at the start, bitmask), time "
     "over this one's: the sweep's throughput as a share of the overlap's (target >= 0.3); x "
     "scalar = the scalar sweep's (targets: avx2 >= 6, avx512 >= 10); x closed = the closed "
     "form per pair in a loop (plain C: slabs of the box grown by r, then the corner circle; "
     "target for the best backend >= 10)",
     {{"x overlap", ref_sweep_overlap, 0}, {"x scalar", ref_scalar, 0}, {"x closed", ref_closed, 0}}},
};

/* A summary column's width: 8, or its head's length where that is longer. */
static int col_width(const char *head)
{
    const int w = (int)strlen(head);
    return w > 8 ? w : 8;
}

static void summary_block_print(FILE *f, const bench_env *e, const bench_row *rows, int nr,
                                const summary_block *k)
{
    int g = -1;
    size_t en = BENCH_NO_ENTRY;
    if (k->entry(&g, &en))
        return;
    char b[4][32];
    const size_t bpe = bytes_per_elem(group_at(g));
    const out_kind out = group_primary(group_at(g)); /* its backend rows': mask, or times */
    int any = 0;
    for (int i = 0; i < nr && !any; i++)
        any = rows[i].group == g && rows[i].kind == KIND_BACKEND;
    if (!any) /* not measured in this run */
        return;
    fprintf(f, "\n%s: %s; median ns per box;\n%s\n", cb_entry_info_of(en)->name, k->what,
            k->legend);
    fprintf(f, "  %5s %-4s %-8s %8s %8s", "n", "", "backend", "ns/box", "boxes/s");
    for (int c = 0; c < SUMMARY_COLS && k->cols[c].head; c++)
        fprintf(f, " %*s", col_width(k->cols[c].head), k->cols[c].head);
    fprintf(f, " %6s\n", "GB/s");
    size_t last = 0;
    for (int p = 0; p < nr; p++) {
        const size_t n = rows[p].n;
        if (n == last || rows[p].group != g)
            continue;
        last = n;
        const bench_row *first = NULL;
        for (int i = 0; i < nr; i++) {
            const bench_row *r = &rows[i];
            if (r->n != n || r->group != g || r->kind != KIND_BACKEND || r->out != out)
                continue;
            fprintf(f, "  %5s %-4s %-8s %8s %8s", first ? "" : fmt_n(n, b[0], 32),
                    first ? "" : regime_of(e, n * bpe), r->label, fmt_ns(r->med, b[1], 32),
                    fmt_rate(1e9 / r->med, b[2], 32));
            for (int c = 0; c < SUMMARY_COLS && k->cols[c].head; c++) {
                const double x = ratio(k->cols[c].ref(rows, nr, r), r);
                if (k->cols[c].share && !isnan(x))
                    snprintf(b[3], 32, "%.0f%%", 100 * x);
                else
                    fmt_x(x, b[3], 32);
                fprintf(f, " %*s", col_width(k->cols[c].head), b[3]);
            }
            fprintf(f, " %6.1f\n", r->med > 0 ? (double)bpe / r->med : 0.0);
            first = first ? first : r;
        }
        /* the baselines compared with: every column's row that is not a backend's */
        fprintf(f, "  %5s %-4s baselines, ns/box:", "", "");
        const char *sep = " ";
        for (int c = 0; c < SUMMARY_COLS && k->cols[c].head && first; c++) {
            const bench_row *x = k->cols[c].ref(rows, nr, first);
            if (x && x->kind != KIND_BACKEND) {
                fprintf(f, "%s%s %s", sep, x->label, fmt_ns(x->med, b[0], 32));
                sep = ", ";
            }
        }
        fprintf(f, "%s\n", *sep == ' ' ? " -" : "");
    }
}

/* The sweep's other outputs, side by side with its times at the same
 * sweeps and on the same backend: what a record of every hit costs over a
 * time of every element, and the first hit against the times plus the
 * scan a user would write. Ratios here are times over times, named by
 * their quotient. */
void report_sweep_records(FILE *f, const bench_env *e, const bench_row *rows, int nr, int g)
{
    const bench_group *gr = group_at(g);
    const size_t he = group_entry(gr, CB_OUTPUT_HITS), fe = group_entry(gr, CB_OUTPUT_FIRST_HIT);
    const size_t te = group_entry(gr, CB_OUTPUT_TIMES);
    int any = 0;
    for (int i = 0; i < nr && !any; i++)
        any = rows[i].group == g && rows[i].kind == KIND_BACKEND &&
              (rows[i].out == OUT_HITS_LO || rows[i].out == OUT_HITS_HI ||
               rows[i].out == OUT_FIRST);
    if (!any || he == BENCH_NO_ENTRY || fe == BENCH_NO_ENTRY || te == BENCH_NO_ENTRY)
        return;
    char b[12][32];
    /* one box vs moving circles: the single shapes are the wall and the
     * ~1% and ~50% squares, and the elements move */
    const int moving = group_moving(gr);
    fprintf(f, "\n%s, %s: the sweep's hit records and first hit beside its times (%s), %s; "
               "median ns per element;\n"
               "times, t lo, t hi = the dense times at %s and at the ~1%% and ~50%% %s (the "
               "hits line says how many elements each touches); first = _first at %s; t+scan = "
               "the same backend's times at %s, then a plain C loop for the least t (index and t "
               "only: no record); first/t, hits/t = that row's time over the times row's of the "
               "same %s (the extra cost of the output); x scan = t+scan's time over first's "
               "(above 1: _first is faster)\n",
            cb_entry_info_of(he)->name, cb_entry_info_of(fe)->name, cb_entry_info_of(te)->name,
            gr->label, moving ? "the wall" : "the bullet",
            moving ? "boxes (the bullets moving)" : "circles moving",
            moving ? "the wall" : "the bullet", moving ? "the wall" : "the bullet",
            moving ? "box" : "sweep");
    fprintf(f, "  %5s %-4s %-8s %7s %7s %7s %7s %6s | %7s %7s %7s | %7s %7s %7s\n", "n", "",
            "backend", "times", "first", "t+scan", "first/t", "x scan", "t lo", "hits lo",
            "hits/t", "t hi", "hits hi", "hits/t");
    size_t last = 0;
    for (int p = 0; p < nr; p++) {
        const size_t n = rows[p].n;
        if (n == last || rows[p].group != g || rows[p].kind != KIND_BACKEND)
            continue;
        last = n;
        int first = 1;
        for (int i = 0; i < nr; i++) {
            const bench_row *r = &rows[i];
            if (r->n != n || r->group != g || r->kind != KIND_BACKEND || r->out != OUT_DIST)
                continue;
            const bench_row *fr = find(rows, nr, n, KIND_BACKEND, r->backend, g, OUT_FIRST);
            const bench_row *sc = find(rows, nr, n, KIND_SCAN, r->backend, g, OUT_FIRST);
            const bench_row *tl = find(rows, nr, n, KIND_BACKEND, r->backend, g, OUT_TIMES_LO);
            const bench_row *hl = find(rows, nr, n, KIND_BACKEND, r->backend, g, OUT_HITS_LO);
            const bench_row *th = find(rows, nr, n, KIND_BACKEND, r->backend, g, OUT_TIMES_HI);
            const bench_row *hh = find(rows, nr, n, KIND_BACKEND, r->backend, g, OUT_HITS_HI);
            if (first) {
                fprintf(f, "  %5s %-4s hits: %s %zu, lo %s, hi %s of %zu\n",
                        fmt_n(n, b[0], 32), regime_of(e, n * bytes_per_elem(gr)),
                        moving ? "wall" : "bullet", r->hits,
                        hl ? (snprintf(b[1], 32, "%zu", hl->hits), b[1]) : "-",
                        hh ? (snprintf(b[2], 32, "%zu", hh->hits), b[2]) : "-", n);
                first = 0;
            }
            const double nan = NAN;
            fprintf(f, "  %5s %-4s %-8s %7s %7s %7s %7s %6s | %7s %7s %7s | %7s %7s %7s\n", "",
                    "", r->label, fmt_ns(r->med, b[0], 32), fmt_ns(fr ? fr->med : nan, b[1], 32),
                    fmt_ns(sc ? sc->med : nan, b[2], 32), fmt_x(ratio(fr, r), b[3], 32),
                    fmt_x(sc && fr ? ratio(sc, fr) : nan, b[4], 32),
                    fmt_ns(tl ? tl->med : nan, b[5], 32), fmt_ns(hl ? hl->med : nan, b[6], 32),
                    fmt_x(hl && tl ? ratio(hl, tl) : nan, b[7], 32),
                    fmt_ns(th ? th->med : nan, b[8], 32), fmt_ns(hh ? hh->med : nan, b[9], 32),
                    fmt_x(hh && th ? ratio(hh, th) : nan, b[10], 32));
        }
    }
}

/* The wall: one box vs n bullets, SoA (cb_batch_sweep_box_circles and its
 * _first), one line per backend and n: the times and the first hit, each
 * against the same output's scalar row and the closed form per pair (the
 * first hit's closed form: its times, which a scan would follow), the
 * times then a scan, and the sweep headline's times of the same backend
 * and n (one bullet vs n boxes: the same pairs' question with the bullet
 * fixed, its reciprocals hoisted), where the run measured it. */
void report_wall(FILE *f, const bench_env *e, const bench_row *rows, int nr)
{
    int g = -1, sg = -1;
    size_t te = BENCH_NO_ENTRY;
    if (bench_wall_headline(&g, &te))
        return;
    bench_sweep_headline(&sg, NULL);
    const bench_group *gr = group_at(g);
    const size_t fe = group_entry(gr, CB_OUTPUT_FIRST_HIT);
    int any = 0;
    for (int i = 0; i < nr && !any; i++)
        any = rows[i].group == g && rows[i].kind == KIND_BACKEND && rows[i].out == OUT_DIST;
    if (!any)
        return;
    char b[12][32];
    fprintf(f, "\n%s%s%s: one box (a wall, %g x %g) vs n moving circles (bullets: r %g-%g "
               "moving %g-%g units, starts over %g x %g around the wall), SoA; median ns per "
               "bullet;\n"
               "x scalar = the scalar row of the same output, time over this one's; x closed = "
               "the closed form per pair (plain C: sweep_form.c), time over this one's; t+scan = "
               "this backend's times, then a plain C loop for the least t; x scan = t+scan's "
               "time over first's; 1 vs n = the same backend's cb_batch_sweep times (one bullet "
               "vs n boxes, its 1 / dx, 1 / dy hoisted), time over this one's (below 1: the wall "
               "costs more per element)\n",
            cb_entry_info_of(te)->name, fe != BENCH_NO_ENTRY ? ", " : "",
            fe != BENCH_NO_ENTRY ? cb_entry_info_of(fe)->name : "", (double)BENCH_WALL_W,
            (double)BENCH_WALL_H, (double)BENCH_BULLET_RMIN, (double)BENCH_BULLET_RMAX,
            (double)BENCH_BULLET_LMIN, (double)BENCH_BULLET_LMAX, (double)BENCH_BULLET_ARENA,
            (double)BENCH_BULLET_ARENA);
    fprintf(f, "  %5s %-4s %-8s %7s %8s %8s %7s | %7s %8s %8s | %7s %6s\n", "n", "", "backend",
            "times", "x scalar", "x closed", "1 vs n", "first", "x scalar", "x closed",
            "t+scan", "x scan");
    size_t last = 0;
    for (int p = 0; p < nr; p++) {
        const size_t n = rows[p].n;
        if (n == last || rows[p].group != g || rows[p].kind != KIND_BACKEND)
            continue;
        last = n;
        int head = 1;
        const bench_row *cl = find(rows, nr, n, KIND_CLOSED, -1, g, -1);
        const bench_row *ts = find(rows, nr, n, KIND_BACKEND, CB_BACKEND_SCALAR, g, OUT_DIST);
        const bench_row *fs = find(rows, nr, n, KIND_BACKEND, CB_BACKEND_SCALAR, g, OUT_FIRST);
        for (int i = 0; i < nr; i++) {
            const bench_row *r = &rows[i];
            if (r->n != n || r->group != g || r->kind != KIND_BACKEND || r->out != OUT_DIST)
                continue;
            if (head) {
                fprintf(f, "  %5s %-4s hits: %zu of %zu bullets touch the wall (%.1f%%); closed "
                           "form %s ns\n",
                        fmt_n(n, b[0], 32), regime_of(e, n * bytes_per_elem(gr)), r->hits, n,
                        100.0 * (double)r->hits / (double)n, fmt_ns(cl ? cl->med : NAN, b[1], 32));
                head = 0;
            }
            const bench_row *fr = find(rows, nr, n, KIND_BACKEND, r->backend, g, OUT_FIRST);
            const bench_row *sc = find(rows, nr, n, KIND_SCAN, r->backend, g, OUT_FIRST);
            const bench_row *one = find(rows, nr, n, KIND_BACKEND, r->backend, sg, OUT_DIST);
            const double nan = NAN;
            fprintf(f, "  %5s %-4s %-8s %7s %8s %8s %7s | %7s %8s %8s | %7s %6s\n", "", "",
                    r->label, fmt_ns(r->med, b[0], 32), fmt_x(ratio(ts, r), b[1], 32),
                    fmt_x(ratio(cl, r), b[2], 32), fmt_x(ratio(one, r), b[3], 32),
                    fmt_ns(fr ? fr->med : nan, b[4], 32),
                    fmt_x(fr ? ratio(fs, fr) : nan, b[5], 32),
                    fmt_x(fr ? ratio(cl, fr) : nan, b[6], 32),
                    fmt_ns(sc ? sc->med : nan, b[7], 32),
                    fmt_x(sc && fr ? ratio(sc, fr) : nan, b[8], 32));
        }
    }
}

void report_summary(FILE *f, const bench_env *e, const bench_row *rows, int nr)
{
    for (size_t k = 0; k < sizeof blocks / sizeof blocks[0]; k++)
        summary_block_print(f, e, rows, nr, &blocks[k]);
    int sg = -1;
    if (!bench_sweep_headline(&sg, NULL))
        report_sweep_records(f, e, rows, nr, sg);
    report_wall(f, e, rows, nr);
}

/* ---------------------------------------------------------------- CSV */

void csv_num(FILE *f, double v)
{
    if (isnan(v))
        fprintf(f, ",");
    else
        fprintf(f, ",%.6g", v);
}

int report_csv(const char *dir, const bench_env *e, const bench_row *rows, int nr,
               const small_row *sm, int ns)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/cb-bench.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "n,regime,row,kind,backend,entry,output,hits,reps,iters,ns_min,ns_med,ns_max,"
               "elem_per_s,x_scalar,x_loop_native,x_best_baseline,x_float,frac_stream_read,"
               "gb_per_s,note\n");
    for (int i = 0; i < nr; i++) {
        const bench_row *r = &rows[i];
        derived d = derive(e, rows, nr, r);
        fprintf(f, "%zu,%s,%s,%s,%s,%s,%s,%zu,%d,%lu", r->n, d.regime, r->label,
                kind_name(r->kind), r->backend >= 0 ? cb_backend_name((cb_backend)r->backend) : "",
                group_at(r->group)->label, out_name(r->out), r->hits, r->reps, r->iters);
        csv_num(f, r->min);
        csv_num(f, r->med);
        csv_num(f, r->max);
        csv_num(f, 1e9 / r->med);
        csv_num(f, d.vs_scalar);
        csv_num(f, d.vs_native);
        csv_num(f, d.vs_baseline);
        csv_num(f, d.vs_float);
        csv_num(f, d.frac_read);
        csv_num(f, d.gbps);
        /* notes hold ';' and '%' but never a comma or quote */
        fprintf(f, ",\"%s\"\n", r->note);
    }
    int rc = fclose(f);

    snprintf(path, sizeof path, "%s/cb-bench-small.csv", dir);
    f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "backend,n,path,ns_per_call_min,ns_per_call_med,ns_per_call_max\n");
    for (int i = 0; i < ns; i++)
        fprintf(f, "%s,%zu,%s,%.6g,%.6g,%.6g\n", cb_backend_name((cb_backend)sm[i].backend),
                sm[i].n, path_name(sm[i].path), sm[i].min, sm[i].med, sm[i].max);
    return rc | fclose(f);
}
