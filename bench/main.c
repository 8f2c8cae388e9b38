/* main.c - cb-bench: options, the machine, and the run: every size rung's rows checked, then timed (timing.c's runner), then small batches, many against many, and the outputs. */
#define _POSIX_C_SOURCE 200809L /* mkdir, strdup */
#include "bench.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_SEED 0xCBA7C4u /* fixed, so two runs measure the same data; printed */
#define DEFAULT_REPS 9
#define DEFAULT_SAMPLE_MS 2.0

static const size_t full_sizes[] = {16,        64,        256,        1024,
                                    16 << 10,  256 << 10, 4ul << 20, 16ul << 20};
static const size_t summary_sizes[] = {1024, 16 << 10, 16ul << 20};
static const size_t quick_sizes[] = {16, 1024, 16 << 10};
static const size_t wall_sizes[] = {1024, 64 << 10}; /* --wall-only, with or without --quick */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: cb-bench [options]\n"
            "  By default: the summary (about a minute): one circle vs boxes (SoA, bitmask) on\n"
            "  every backend at 1Ki,16Ki,16Mi against scalar, the compiler's loops, the\n"
            "  per-pair baselines A-E and a streaming read; the same with integer shapes\n"
            "  against the float rows, scalar and baseline D; the sweep (a moving circle vs\n"
            "  boxes, SoA) against the overlap, scalar and a closed form per pair, and its\n"
            "  hit records and first hit beside its times; and the named many-against-many\n"
            "  scenes.\n"
            "  --full           every row (every entry and output, baseline E's distance and\n"
            "                   contact rows, the small batches, the scene sweep, candidate\n"
            "                   pairs) at sizes 16,64,256,1Ki,16Ki,256Ki,4Mi,16Mi, and the full\n"
            "                   tables on stdout before the summary (several minutes)\n"
            "  --quick          a few seconds: every row at sizes 16,1Ki,16Ki, 3 reps, short\n"
            "                   samples (the tests); with --full the full tables too\n"
            "  --sizes LIST     comma-separated box counts, suffixes Ki/Mi (k/K, m/M) allowed\n"
            "  --backends LIST  comma-separated: scalar,sse,avx2,avx512,neon,simd128 or all\n"
            "                   (default)\n"
            "  --reps N         samples per row, min/median/max over them (default %d, max %d)\n"
            "  --sample-ms X    minimum length of one timed sample (default %.1f)\n"
            "  --seed N         data seed, decimal or 0x hex (default 0x%X)\n"
            "  --out DIR        where cb-bench.txt (the full tables), cb-bench.svg, cb-bench.csv,\n"
            "                   cb-bench-small.csv, cb-bench-pairs.csv, cb-bench-shooter.csv and\n"
            "                   cb-bench-levels.csv go (default bench-out)\n"
            "  --llc BYTES      last-level cache one core can use, for the regime labels\n"
            "                   (default: from the OS; a VM's socket-wide figure is capped at 32Mi)\n"
            "  --pairs-only     only the many-against-many section (the all-pairs scene sweep,\n"
            "                   the named scenes, candidate pairs)\n"
            "  --no-pairs       skip it (by default it runs after the size ladder; its sweep's\n"
            "                   box counts are 1Ki,16Ki,64Ki,1Mi (--quick: 1Ki,16Ki) or the\n"
            "                   --sizes given; without --full or --quick, the named scenes and\n"
            "                   the shooter frame alone)\n"
            "  --shooter-only   only the shooter frame: 4Ki bullets' first hits among 64Ki boxes\n"
            "                   (then circles), one cb_pairs_sweep_first call vs a loop of\n"
            "                   cb_batch_sweep_first per bullet, every backend (--quick: 512 x 8Ki)\n"
            "  --levels-only    only the level-like scenes (a column of walls, a crowd in one\n"
            "                   spot, clusters, huge boxes among small, circles far away, a set\n"
            "                   against itself at every density) vs a plain grid and an AABB tree\n"
            "  --wall-only      only the wall: one box vs n moving circles (bullets), SoA\n"
            "                   (cb_batch_sweep_box_circles): its times, _first, times then a\n"
            "                   scan and the closed form, every backend, at 1Ki,64Ki (or\n"
            "                   --sizes); beside it the sweep's times (one bullet vs n boxes);\n"
            "                   --quick and --full also measure it, in every layout and output\n",
            DEFAULT_REPS, BENCH_MAX_REPS, DEFAULT_SAMPLE_MS, DEFAULT_SEED);
}

static int parse_size(const char *s, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        return -1;
    unsigned long long mul = 1;
    if (!strcmp(end, "k") || !strcmp(end, "K") || !strcmp(end, "Ki"))
        mul = 1ull << 10;
    else if (!strcmp(end, "m") || !strcmp(end, "M") || !strcmp(end, "Mi"))
        mul = 1ull << 20;
    else if (*end)
        return -1;
    if (v == 0 || v > (CB_INDEX_MAX_N >> 1) / mul)
        return -1;
    *out = (size_t)(v * mul);
    return 0;
}

static int parse_list(const char *arg, int (*each)(const char *, void *), void *ctx)
{
    char *copy = strdup(arg), *save = NULL;
    int rc = copy ? 0 : -1;
    for (char *t = copy ? strtok_r(copy, ",", &save) : NULL; t && !rc; t = strtok_r(NULL, ",", &save))
        rc = each(t, ctx);
    free(copy);
    return rc;
}

static int add_size(const char *t, void *ctx)
{
    bench_opts *o = ctx;
    if (o->nsizes >= BENCH_MAX_SIZES || parse_size(t, &o->sizes[o->nsizes]))
        return -1;
    o->nsizes++;
    return 0;
}

static int add_backend(const char *t, void *ctx)
{
    bench_opts *o = ctx;
    cb_backend b;
    if (!strcmp(t, "all")) {
        for (int i = 0; i < CB_BACKEND_COUNT; i++)
            o->backend_on[i] = 1;
        return 0;
    }
    if (cb_backend_from_name(t, &b) != CB_OK)
        return -1;
    o->backend_on[b] = 1;
    return 0;
}

static int parse_args(int argc, char **argv, bench_opts *o)
{
    const char *sizes = NULL, *backends = NULL, *reps = NULL, *sample = NULL;
    memset(o, 0, sizeof *o);
    o->seed = DEFAULT_SEED;
    o->out_dir = "bench-out";
    o->pairs = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quick") || !strcmp(a, "--full")) {
            *(a[2] == 'q' ? &o->quick : &o->full) = 1;
            continue;
        }
        if (!strcmp(a, "--pairs-only") || !strcmp(a, "--no-pairs")) {
            o->pairs = a[2] == 'p' ? 2 : 0;
            continue;
        }
        if (!strcmp(a, "--shooter-only")) {
            o->pairs = 2, o->shooter_only = 1;
            continue;
        }
        if (!strcmp(a, "--levels-only")) {
            o->pairs = 2, o->levels_only = 1;
            continue;
        }
        if (!strcmp(a, "--wall-only")) {
            o->pairs = 0, o->wall_only = 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        }
        if (!v) {
            fprintf(stderr, "cb-bench: unknown option or missing value: %s\n", a);
            return -1;
        }
        i++;
        if (!strcmp(a, "--sizes"))
            sizes = v;
        else if (!strcmp(a, "--backends"))
            backends = v;
        else if (!strcmp(a, "--reps"))
            reps = v;
        else if (!strcmp(a, "--sample-ms"))
            sample = v;
        else if (!strcmp(a, "--out"))
            o->out_dir = v;
        else if (!strcmp(a, "--seed")) {
            char *end;
            errno = 0;
            o->seed = strtoull(v, &end, 0);
            if (errno || *end || end == v) {
                fprintf(stderr, "cb-bench: bad --seed %s\n", v);
                return -1;
            }
        } else if (!strcmp(a, "--llc")) {
            if (parse_size(v, &o->llc_bytes)) {
                fprintf(stderr, "cb-bench: bad --llc %s\n", v);
                return -1;
            }
        } else {
            fprintf(stderr, "cb-bench: unknown option %s\n", a);
            return -1;
        }
    }
    /* --quick sets defaults; explicit options win whatever their order. */
    o->every_row = (o->full || o->quick) && !o->wall_only;
    if (o->wall_only && o->shooter_only) {
        fprintf(stderr, "cb-bench: --wall-only and --shooter-only exclude each other\n");
        return -1;
    }
    o->reps = o->quick ? 3 : DEFAULT_REPS;
    o->sample_ns = (o->quick ? 0.25 : DEFAULT_SAMPLE_MS) * 1e6;
    if (sizes) {
        if (parse_list(sizes, add_size, o) || !o->nsizes) {
            fprintf(stderr, "cb-bench: bad --sizes %s\n", sizes);
            return -1;
        }
        o->sizes_given = 1;
    } else {
        const size_t *s = o->wall_only ? wall_sizes
                          : o->quick   ? quick_sizes
                          : o->full    ? full_sizes
                                       : summary_sizes;
        int ns = o->wall_only ? (int)(sizeof wall_sizes / sizeof *s)
                 : o->quick   ? (int)(sizeof quick_sizes / sizeof *s)
                 : o->full    ? (int)(sizeof full_sizes / sizeof *s)
                              : (int)(sizeof summary_sizes / sizeof *s);
        for (int i = 0; i < ns; i++)
            o->sizes[o->nsizes++] = s[i];
    }
    o->backends_given = backends != NULL;
    if (parse_list(backends ? backends : "all", add_backend, o)) {
        fprintf(stderr, "cb-bench: bad --backends %s (names: scalar sse avx2 avx512 neon simd128 all)\n",
                backends);
        return -1;
    }
    if (reps) {
        char *end;
        long r = strtol(reps, &end, 10);
        if (*end || r < 1 || r > BENCH_MAX_REPS) {
            fprintf(stderr, "cb-bench: --reps must be 1..%d\n", BENCH_MAX_REPS);
            return -1;
        }
        o->reps = (int)r;
    }
    if (sample) {
        char *end;
        double ms = strtod(sample, &end);
        if (*end || !(ms > 0 && ms < 10000)) {
            fprintf(stderr, "cb-bench: bad --sample-ms %s\n", sample);
            return -1;
        }
        o->sample_ns = ms * 1e6;
    }
    return 0;
}

/* mkdir -p */
static int make_dir(const char *path)
{
    char buf[4096];
    size_t len = strlen(path);
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, path, len + 1);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

/* ------------------------------------------------------------ machine */

static size_t read_cache(int index_level, const char *type)
{
    /* Linux sysfs: index0..N with level, type and size ("48K"). */
    for (int i = 0; i < 8; i++) {
        char path[128], lvl[16] = "", typ[32] = "", size[32] = "";
        FILE *f;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
        if (!(f = fopen(path, "r")))
            break;
        if (!fgets(lvl, sizeof lvl, f))
            lvl[0] = 0;
        fclose(f);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
        if ((f = fopen(path, "r"))) {
            if (!fgets(typ, sizeof typ, f))
                typ[0] = 0;
            fclose(f);
        }
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        if ((f = fopen(path, "r"))) {
            if (!fgets(size, sizeof size, f))
                size[0] = 0;
            fclose(f);
        }
        if (atoi(lvl) != index_level || (strncmp(typ, type, strlen(type)) && strncmp(typ, "Unified", 7)))
            continue;
        char *end;
        size_t v = strtoul(size, &end, 10);
        if (*end == 'K')
            v <<= 10;
        else if (*end == 'M')
            v <<= 20;
        return v;
    }
    return 0;
}

static void detect_env(bench_env *e, const bench_opts *o)
{
    memset(e, 0, sizeof *e);
    snprintf(e->cpu, sizeof e->cpu, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof line, f)) {
            /* x86: "model name"; AArch64 has no name, only part numbers */
            if (!strncmp(line, "model name", 10) || !strncmp(line, "CPU part", 8)) {
                char *c = strchr(line, ':');
                if (c) {
                    c += 1 + (c[1] == ' ');
                    c[strcspn(c, "\n")] = 0;
                    snprintf(e->cpu, sizeof e->cpu, "%s%s", line[0] == 'C' ? "CPU part " : "", c);
                }
                break;
            }
        }
        fclose(f);
    }
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    size_t len = strlen(e->cpu);
    snprintf(e->cpu + len, sizeof e->cpu - len, ", %ld CPUs", ncpu);
#if defined(__clang__)
    snprintf(e->compiler, sizeof e->compiler, "clang %d.%d.%d", __clang_major__, __clang_minor__,
             __clang_patchlevel__);
#elif defined(__GNUC__)
    snprintf(e->compiler, sizeof e->compiler, "gcc %d.%d.%d", __GNUC__, __GNUC_MINOR__,
             __GNUC_PATCHLEVEL__);
#else
    snprintf(e->compiler, sizeof e->compiler, "unknown compiler");
#endif
    e->l1 = read_cache(1, "Data");
    e->l2 = read_cache(2, "Unified");
    e->llc = read_cache(3, "Unified");
#ifdef _SC_LEVEL1_DCACHE_SIZE /* glibc: from CPUID, where sysfs has no cache folder (some VMs) */
    if (!e->l1 && sysconf(_SC_LEVEL1_DCACHE_SIZE) > 0)
        e->l1 = (size_t)sysconf(_SC_LEVEL1_DCACHE_SIZE);
    if (!e->l2 && sysconf(_SC_LEVEL2_CACHE_SIZE) > 0)
        e->l2 = (size_t)sysconf(_SC_LEVEL2_CACHE_SIZE);
    if (!e->llc && sysconf(_SC_LEVEL3_CACHE_SIZE) > 0)
        e->llc = (size_t)sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
    if (!e->l1)
        e->l1 = 32 << 10;
    if (!e->l2)
        e->l2 = 512 << 10;
    /* A VM may report the whole socket's L3 (all its core complexes' caches
     * summed); one core only reaches its own complex's share, so cap the
     * figure. */
    if (o->llc_bytes) {
        e->llc = o->llc_bytes;
    } else if (!e->llc || e->llc > (64ul << 20)) {
        e->llc = 32ul << 20;
        e->llc_guessed = 1;
    }
    uint32_t f2 = cb_cpu_features();
    e->native_ok = (clamp_native_isa & ~f2) == 0 && (stream_native_isa & ~f2) == 0;
}

/* The 1-minute load average: printed with the table, since on a shared
 * machine it says how much to trust the medians. */
double bench_loadavg(void)
{
    double l = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &l) != 1)
            l = -1;
        fclose(f);
    }
    return l;
}

/* ------------------------------------------------------------ the run */

typedef struct rowvec {
    bench_row *v;
    int n, cap;
} rowvec;

static bench_row *row_push(rowvec *r)
{
    bench_row *v = bench_grow(r->v, r->n, &r->cap, sizeof *v);
    if (!v) {
        fprintf(stderr, "cb-bench: out of memory\n");
        exit(2);
    }
    r->v = v;
    memset(&r->v[r->n], 0, sizeof r->v[0]);
    return &r->v[r->n++];
}

/* An upper bound of build_cases' count, for its array: the backend rows,
 * the per-pair overlap baselines, baseline E's distance and contact rows
 * for boxes and for rotated boxes (with its rotated overlap row), each
 * group's other baselines (two loops, a streaming read, a closed form) and
 * a sweep group's times then scan on each backend. */
static size_t max_cases(int nb)
{
    return (size_t)nb * cb_entry_count() * BENCH_ENTRY_ROWS + BASELINE_COUNT + 3 + 4 +
           (4 + (size_t)nb) * (size_t)group_count();
}

/* Every row of a size rung: each backend on each entry of each group, the
 * per-pair baselines, and each group's compiler loops, streaming read and
 * (a sweep group's) closed form and times then scan on each backend; or,
 * for the summary (all == 0), those of the headline entries: each backend
 * on the headline, on the integer headline and on every entry of the sweep
 * headline's group (times, hit records, first hit), the headline group's
 * loops and streaming read, the sweep headline's closed form and times
 * then scan, and the per-pair overlap baselines. With wall (--wall-only),
 * those of the wall alone (one box vs n bullets, SoA): each backend's times
 * at the wall and its _first, the times then scan, and the closed form; and
 * each backend's times of the sweep headline (one bullet vs n boxes), which
 * the wall's report compares with. */
static int build_cases(const bench_env *e, const int *bs, int nb, bench_case *cs, int all,
                       int wall)
{
    int nc = 0, hg = -1, swg = -1, wg = -1;
    size_t he = BENCH_NO_ENTRY, ihe = BENCH_NO_ENTRY, swe = BENCH_NO_ENTRY;
    bench_headline(&hg, &he);
    bench_int_headline(NULL, &ihe);
    bench_sweep_headline(&swg, &swe);
    if (wall && bench_wall_headline(&wg, NULL)) {
        fprintf(stderr,
                "\ncb-bench: the library has no cb_batch_sweep_box_circles: no wall rows\n");
        return 0;
    }
    const bench_case blank = {KIND_BACKEND, -1, BENCH_NO_ENTRY, NULL, 0, 0, 0, OUT_MASK, "", ""};
    for (int b = 0; b < nb; b++)
        for (int g = 0; g < group_count(); g++) {
            const bench_group *gr = group_at(g);
            for (int i = 0; i < gr->nentries; i++) {
                if (wall ? g != wg && gr->entries[i] != swe
                         : !all && gr->entries[i] != he && gr->entries[i] != ihe &&
                               (swe == BENCH_NO_ENTRY || g != swg))
                    continue;
                out_kind outs[BENCH_ENTRY_ROWS];
                int no = rows_of(cb_entry_info_of(gr->entries[i]), outs);
                for (int k = 0; k < no; k++) {
                    if (wall && outs[k] != OUT_DIST && outs[k] != OUT_FIRST)
                        continue; /* the wall's times and first hit only */
                    bench_case c = blank;
                    c.backend = bs[b];
                    c.entry = gr->entries[i];
                    c.fn = cb_entry_kernel(c.entry, (cb_backend)bs[b]);
                    c.group = g;
                    c.out = outs[k];
                    snprintf(c.label, sizeof c.label, "%s", cb_backend_name((cb_backend)bs[b]));
                    cs[nc++] = c;
                }
            }
        }
    /* A per-pair baseline takes one box struct per pair: an array of
     * structs, so it is listed (and its bandwidth judged) with one circle vs
     * boxes, AoS; baseline D, on integers, with one integer circle vs
     * integer boxes, AoS, whose entry it is checked against (with the float
     * group's when the library has no integer one). Baseline E's distance
     * and contact computation has rows with the groups of those queries on
     * that input (contacts at both selections). Baseline E's method for
     * rotated boxes has the same rows (overlap, distance, contacts) with the
     * groups of one circle vs oriented boxes, AoS. */
    int sg = group_find(CB_QUERY_OVERLAP, CB_SHAPE_CIRCLE, CB_SHAPE_BOX, CB_LAYOUT_AOS);
    int ig = group_find(CB_QUERY_OVERLAP, CB_SHAPE_ICIRCLE, CB_SHAPE_IBOX, CB_LAYOUT_AOS);
    if (ig < 0 || group_entry(group_at(ig), CB_OUTPUT_MASK) == BENCH_NO_ENTRY)
        ig = sg;
    if (!wall && sg >= 0 && group_entry(group_at(sg), CB_OUTPUT_MASK) != BENCH_NO_ENTRY)
        for (int s = 0; s < BASELINE_COUNT; s++) {
            bench_case c = blank;
            c.kind = KIND_BASELINE, c.group = baseline_integer(s) ? ig : sg, c.baseline = s;
            snprintf(c.label, sizeof c.label, "%s", baseline_name(s));
            cs[nc++] = c;
        }
    int og = group_find(CB_QUERY_OVERLAP, CB_SHAPE_CIRCLE, CB_SHAPE_OBOX, CB_LAYOUT_AOS);
    if (all && og >= 0 && group_entry(group_at(og), CB_OUTPUT_MASK) != BENCH_NO_ENTRY) {
        bench_case c = blank;
        c.kind = KIND_BASELINE, c.group = og, c.baseline = BASELINE_E_ROT;
        snprintf(c.label, sizeof c.label, "%s", baseline_name(BASELINE_E_ROT));
        cs[nc++] = c;
    }
    const struct {
        cb_query q;
        cb_output o;
        out_kind rows[2];
        int nrows;
    } e_rows[2] = {{CB_QUERY_DISTANCE, CB_OUTPUT_DISTANCES, {OUT_DIST, OUT_DIST}, 1},
                   {CB_QUERY_CONTACTS, CB_OUTPUT_CONTACTS, {OUT_CONT_LO, OUT_CONT_HI}, 2}};
    const struct {
        cb_shape many;
        int baseline;
    } e_boxes[2] = {{CB_SHAPE_BOX, BASELINE_E}, {CB_SHAPE_OBOX, BASELINE_E_ROT}};
    for (int b = 0; b < 2 * all; b++)
        for (int k = 0; k < 2; k++) {
            int eg = group_find(e_rows[k].q, CB_SHAPE_CIRCLE, e_boxes[b].many, CB_LAYOUT_AOS);
            if (eg < 0 || group_entry(group_at(eg), e_rows[k].o) == BENCH_NO_ENTRY)
                continue;
            for (int r = 0; r < e_rows[k].nrows; r++) {
                bench_case c = blank;
                c.kind = KIND_BASELINE, c.group = eg, c.baseline = e_boxes[b].baseline;
                c.out = e_rows[k].rows[r];
                snprintf(c.label, sizeof c.label, "%s", baseline_e_label(c.baseline, c.out));
                cs[nc++] = c;
            }
        }
    for (int g = 0; g < group_count(); g++) {
        const bench_group *gr = group_at(g);
        bench_case c = blank;
        c.group = g;
        if (wall ? g != wg : !all && g != hg && g != swg)
            continue;
        /* the loops are checked against the group's bitmask or distance
         * entry, and write bytes or floats */
        const int dist = group_entry(gr, CB_OUTPUT_DISTANCES) != BENCH_NO_ENTRY;
        if (clamp_covers(gr) && (dist || group_entry(gr, CB_OUTPUT_MASK) != BENCH_NO_ENTRY)) {
            c.kind = KIND_CLAMP_O2, c.out = dist ? OUT_DIST : OUT_BYTES;
            snprintf(c.label, sizeof c.label, "loop -O2");
            cs[nc++] = c;
            if (e->native_ok) {
                c.kind = KIND_CLAMP_NATIVE;
                snprintf(c.label, sizeof c.label, "%s",
                         clamp_native_is_native ? BENCH_NATIVE_LABEL : "loop -O3");
                cs[nc++] = c;
            }
        }
        /* one streaming read per input: the groups of other queries on an
         * overlap group's input share its row */
        int twin = group_twin(gr, CB_QUERY_OVERLAP);
        if (stream_covers(gr) && (twin < 0 || twin == g)) {
            c.kind = KIND_STREAM, c.out = OUT_READ, c.native = e->native_ok;
            snprintf(c.label, sizeof c.label, "stream read");
            cs[nc++] = c;
        }
        /* a sweep group's closed form, checked against its times entry */
        if (closed_covers(gr) && group_entry(gr, CB_OUTPUT_TIMES) != BENCH_NO_ENTRY) {
            c.kind = KIND_CLOSED, c.out = OUT_DIST, c.native = 0;
            snprintf(c.label, sizeof c.label, "closed form");
            cs[nc++] = c;
        }
        /* a sweep group's first hit the long way, on each backend: its
         * times, then a scan for the least t (checked against the scalar
         * _first entry), beside the _first rows */
        const size_t te = group_entry(gr, CB_OUTPUT_TIMES);
        if (te != BENCH_NO_ENTRY && group_entry(gr, CB_OUTPUT_FIRST_HIT) != BENCH_NO_ENTRY)
            for (int b = 0; b < nb; b++) {
                bench_case s = blank;
                s.kind = KIND_SCAN, s.backend = bs[b], s.entry = te, s.group = g;
                s.fn = cb_entry_kernel(te, (cb_backend)bs[b]);
                s.out = OUT_FIRST;
                snprintf(s.label, sizeof s.label, "%s t+scan", cb_backend_name((cb_backend)bs[b]));
                cs[nc++] = s;
            }
    }
    return nc;
}

typedef struct size_ctx {
    const bench_case *cs;
    const dataset *d;
} size_ctx;

static double sample_case(void *ctx, int i, unsigned long iters)
{
    const size_ctx *c = ctx;
    return run_case(&c->cs[i], c->d, iters);
}

static int run_size(const bench_opts *o, const bench_env *e, const int *bs, int nb, size_t n,
                    rowvec *rows)
{
    char hb[32];
    dataset d;
    double t_start = time_now_ns();
    fprintf(stderr, "cb-bench: n=%s: making data...", fmt_n(n, hb, sizeof hb));
    bench_case *cs = malloc(max_cases(nb) * sizeof *cs);
    bench_timing *tm = calloc(max_cases(nb), sizeof *tm);
    if (!cs || !tm || data_make(&d, n, o->seed, o->every_row || o->wall_only)) {
        fprintf(stderr, "\ncb-bench: out of memory for n=%zu\n", n);
        free(cs), free(tm);
        return -1;
    }
    int nc = build_cases(e, bs, nb, cs, o->every_row, o->wall_only);
    double t_check = time_now_ns();

    /* Validate before timing: a fast wrong answer is worth nothing. The
     * backend rows of one entry and row kind take the same arguments, so
     * they are checked together, against one scalar output per run. */
    unsigned char *checked = calloc((size_t)nc + 1, 1);
    for (int i = 0; i < nc && checked; i++) {
        char why[320];
        size_t diff;
        int bad = i;
        if (checked[i])
            continue;
        if (cs[i].kind == KIND_BACKEND) {
            const bench_case *same[CB_BACKEND_COUNT];
            int at[CB_BACKEND_COUNT], k = 0;
            for (int j = i; j < nc && k < CB_BACKEND_COUNT; j++)
                if (!checked[j] && cs[j].kind == KIND_BACKEND && cs[j].entry == cs[i].entry &&
                    cs[j].out == cs[i].out)
                    same[k] = &cs[j], at[k++] = j, checked[j] = 1;
            int f = check_backends(same, k, &d, why, sizeof why);
            diff = f >= 0;
            bad = f >= 0 ? at[f] : i;
        } else {
            diff = check_case(&cs[i], &d, why, sizeof why);
            checked[i] = 1;
            snprintf(cs[i].note, sizeof cs[i].note, "%.95s", why); /* a baseline's summary */
        }
        /* A per-pair baseline's differences are its own (reported in its
         * note), but for an exact baseline on an integer group: both sides
         * are exact, so a difference is a bug */
        const int fatal = cs[bad].kind != KIND_BASELINE || group_integer(group_at(cs[bad].group));
        if (diff && fatal) {
            fprintf(stderr, "\ncb-bench: FAIL: %s %s %s at n=%zu: %s (seed 0x%llx)\n",
                    cs[bad].label, group_at(cs[bad].group)->label, out_name(cs[bad].out), n, why,
                    (unsigned long long)o->seed);
            data_free(&d);
            free(cs), free(tm), free(checked);
            return -1;
        }
    }
    if (!checked) {
        fprintf(stderr, "\ncb-bench: out of memory for n=%zu\n", n);
        data_free(&d);
        free(cs), free(tm);
        return -1;
    }
    free(checked);
    fprintf(stderr, " %d rows checked (data %.1f s, checks %.1f s),", nc,
            (t_check - t_start) / 1e9, (time_now_ns() - t_check) / 1e9);
    size_ctx ctx = {cs, &d};
    /* the summary: a row's samples about a second at most (the per-pair
     * baselines at 16Mi) */
    time_rows(o, tm, nc, sample_case, &ctx, o->full ? 0 : 1e9);

    for (int i = 0; i < nc; i++) {
        bench_row *w = row_push(rows);
        w->n = n;
        snprintf(w->label, sizeof w->label, "%s", cs[i].label);
        w->kind = cs[i].kind;
        w->group = cs[i].group;
        w->out = cs[i].out;
        w->backend = cs[i].backend;
        w->baseline_id = cs[i].baseline;
        w->hits = cs[i].kind == KIND_STREAM ? 0 : d.hits[cs[i].group][query_of(cs[i].out)];
        w->iters = tm[i].iters;
        w->reps = tm[i].reps;
        w->min = tm[i].min / (double)n, w->med = tm[i].med / (double)n;
        w->max = tm[i].max / (double)n;
        memcpy(w->note, cs[i].note, sizeof w->note); /* same size, NUL-terminated by snprintf */
    }
    fprintf(stderr, " done in %.1f s\n", (time_now_ns() - t_start) / 1e9);
    data_free(&d);
    free(cs), free(tm);
    return 0;
}

int main(int argc, char **argv)
{
    bench_opts o;
    bench_env e;
    if (parse_args(argc, argv, &o)) {
        usage(stderr);
        return 2;
    }
    detect_env(&e, &o);
    e.load_start = bench_loadavg();

    if (groups_init())
        return 2;

    /* Backends: the raw kernels of each one this CPU can run, side by side,
     * without touching the library's global choice. A backend that can run
     * here has a kernel for every entry (cbatch.h). */
    int bs[CB_BACKEND_COUNT];
    int nb = 0;
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        if (!o.backend_on[b])
            continue;
        const char *why = "";
        cb_status st = cb_backend_status((cb_backend)b, &why);
        if (st != CB_OK) {
            if (!o.backends_given && !cb_backend_compiled((cb_backend)b))
                continue;
            fprintf(stderr, "cb-bench: skipping %s: %s (%s)\n", cb_backend_name((cb_backend)b), why,
                    cb_status_string(st));
            continue;
        }
        for (size_t en = 0; en < cb_entry_count(); en++)
            if (!cb_entry_kernel(en, (cb_backend)b)) {
                fprintf(stderr, "cb-bench: FAIL: %s can run here but has no kernel for %s\n",
                        cb_backend_name((cb_backend)b), cb_entry_info_of(en)->name);
                return 1;
            }
        bs[nb++] = b;
    }
    if (!nb) {
        fprintf(stderr, "cb-bench: no backend to measure\n");
        return 2;
    }
    if (!e.native_ok)
        fprintf(stderr, "cb-bench: the " BENCH_NATIVE_FLAG " baselines need CPU features this machine "
                        "(or emulator) lacks: skipping them, streaming read at baseline ISA\n");
    fprintf(stderr, "cb-bench: %s, %s, seed 0x%llx, %d reps, samples >= %.2f ms\n", e.cpu,
            e.compiler, (unsigned long long)o.seed, o.reps, o.sample_ns / 1e6);
    if (*BENCH_JIT_NOTE)
        fprintf(stderr, "cb-bench: %s", BENCH_JIT_NOTE);

    rowvec rows = {NULL, 0, 0};
    const int ladder = o.pairs != 2; /* --pairs-only: the many-against-many section alone */
    for (int i = 0; i < o.nsizes && ladder; i++)
        if (run_size(&o, &e, bs, nb, o.sizes[i], &rows))
            return 1;

    /* Small batches through the dispatcher vs direct. */
    small_row small[CB_BACKEND_COUNT * 4 * PATH_COUNT];
    double fenv_ns = -1;
    int nsmall = 0;
    dataset sd;
    if (ladder && o.every_row) {
        if (data_make(&sd, 64, o.seed, 1)) {
            fprintf(stderr, "cb-bench: out of memory\n");
            return 1;
        }
        fprintf(stderr, "cb-bench: small batches (n = 1, 4, 16, 64), direct vs dispatched...");
        nsmall = small_run(&o, &sd, bs, nb, small, (int)(sizeof small / sizeof small[0]), &fenv_ns);
        fprintf(stderr, " done\n");
        data_free(&sd);
    }
    if (o.pairs && pairs_run(&o, &e, bs, nb))
        return 1;

    e.load_end = bench_loadavg();
    e.ghz = time_clock_ghz(); /* at the end: the core has left its idle clock by now */

    /* stdout: the summary (with --full after the full tables); cb-bench.txt:
     * the full tables of what was measured, then the summary */
    int rc = 0;
    if (make_dir(o.out_dir)) {
        fprintf(stderr, "cb-bench: cannot create %s: %s\n", o.out_dir, strerror(errno));
        return 1;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/cb-bench.txt", o.out_dir);
    FILE *txt = fopen(path, "w");
    rc |= !txt;
    for (int k = 0; k < 2; k++) {
        FILE *f = k ? txt : stdout;
        const int full = k || o.full;
        if (!f)
            continue;
        report_header(f, &o, &e);
        if (full && ladder)
            report_table(f, &e, rows.v, rows.n, small, nsmall, fenv_ns);
        if (full && o.pairs)
            pairs_report(f, &e);
        if (ladder)
            report_summary(f, &e, rows.v, rows.n);
        if (o.pairs)
            pairs_summary(f);
    }
    fflush(stdout);
    if (txt)
        rc |= fclose(txt) != 0;
    if (ladder) {
        rc |= report_csv(o.out_dir, &e, rows.v, rows.n, small, nsmall) != 0;
        snprintf(path, sizeof path, "%s/cb-bench.svg", o.out_dir);
        if (!o.wall_only) /* the plot is the headline's, which the wall run does not measure */
            rc |= plot_svg(path, &o, &e, rows.v, rows.n) != 0;
    }
    if (o.pairs)
        rc |= pairs_csv(o.out_dir) != 0;
    if (rc) {
        fprintf(stderr, "cb-bench: could not write every file in %s\n", o.out_dir);
    } else {
        printf("\nWritten to %s/: cb-bench.txt (the tables of every row measured)%s%s%s%s%s\n",
               o.out_dir,
               !ladder      ? ""
               : o.wall_only ? ", cb-bench.csv (every row)"
                             : ", cb-bench.svg (the plot: boxes/s vs n), cb-bench.csv (every row)",
               nsmall ? ", cb-bench-small.csv (small batches)" : "",
               o.pairs && !o.shooter_only && !o.levels_only
                   ? ", cb-bench-pairs.csv (many against many)"
                   : "",
               o.pairs && !o.levels_only ? ", cb-bench-shooter.csv (the shooter frame)" : "",
               o.pairs && !o.shooter_only ? ", cb-bench-levels.csv (the level-like scenes)" : "");
        if (!o.full)
            printf("Every row (all entries and outputs, the small batches, the scene sweep, "
                   "candidate pairs): bash scripts/bench.sh --full\n");
    }
    free(rows.v);
    pairs_free();
    return rc;
}
