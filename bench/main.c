/* main.c - cb-bench: options, the machine, and the run: every size rung's rows checked, calibrated and timed interleaved, then small batches and the outputs. */
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
#define LONG_CALL_NS 20e6 /* calls this long skip the per-sample warm-up call */

static const size_t default_sizes[] = {16,        64,        256,        1024,
                                       16 << 10,  256 << 10, 4ul << 20, 16ul << 20};
static const size_t quick_sizes[] = {16, 1024, 16 << 10};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: cb-bench [options]\n"
            "  --quick          a few seconds: sizes 16,1Ki,16Ki, 3 reps, short samples (tests)\n"
            "  --sizes LIST     comma-separated box counts, suffixes Ki/Mi (k/K, m/M) allowed\n"
            "                   (default 16,64,256,1Ki,16Ki,256Ki,4Mi,16Mi)\n"
            "  --backends LIST  comma-separated: scalar,sse,avx2,avx512,neon or all (default)\n"
            "  --reps N         samples per row, min/median/max over them (default %d, max %d)\n"
            "  --sample-ms X    minimum length of one timed sample (default %.1f)\n"
            "  --seed N         data seed, decimal or 0x hex (default 0x%X)\n"
            "  --out DIR        where cb-bench.csv, cb-bench.svg and cb-bench.txt go (default bench-out)\n"
            "  --llc BYTES      last-level cache one core can use, for the regime labels\n"
            "                   (default: from the OS; a VM's socket-wide figure is capped at 32Mi)\n",
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
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quick")) {
            o->quick = 1;
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
    o->reps = o->quick ? 3 : DEFAULT_REPS;
    o->sample_ns = (o->quick ? 0.25 : DEFAULT_SAMPLE_MS) * 1e6;
    if (sizes) {
        if (parse_list(sizes, add_size, o) || !o->nsizes) {
            fprintf(stderr, "cb-bench: bad --sizes %s\n", sizes);
            return -1;
        }
    } else {
        const size_t *s = o->quick ? quick_sizes : default_sizes;
        int ns = o->quick ? (int)(sizeof quick_sizes / sizeof *s)
                          : (int)(sizeof default_sizes / sizeof *s);
        for (int i = 0; i < ns; i++)
            o->sizes[o->nsizes++] = s[i];
    }
    if (parse_list(backends ? backends : "all", add_backend, o)) {
        fprintf(stderr, "cb-bench: bad --backends %s (names: scalar sse avx2 avx512 neon all)\n",
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
    /* A VM may report the whole socket's L3 (here 16 CCDs x 32 MiB); one core
     * only reaches its own complex's share, so cap the figure. */
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
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 256;
        bench_row *v = realloc(r->v, (size_t)cap * sizeof *v);
        if (!v) {
            fprintf(stderr, "cb-bench: out of memory\n");
            exit(2);
        }
        r->v = v, r->cap = cap;
    }
    memset(&r->v[r->n], 0, sizeof r->v[0]);
    return &r->v[r->n++];
}

static int build_cases(const bench_opts *o, const bench_env *e, const cb_kernels *const *ks,
                       int nk, bench_case *cs)
{
    int nc = 0;
    for (int b = 0; b < nk; b++)
        for (int en = 0; en < ENT_COUNT; en++)
            for (int out = OUT_MASK; out <= OUT_IDX_HI; out++) {
                bench_case c = {KIND_BACKEND, ks[b], 0, 0, (entry_kind)en, (out_kind)out, "", 1, 0, {0}};
                snprintf(c.label, sizeof c.label, "%s", cb_backend_name(ks[b]->backend));
                cs[nc++] = c;
            }
    for (int s = 0; s < SEED_COUNT; s++) {
        /* a seed takes one box struct per pair: an array of structs, so it
         * is listed (and its bandwidth judged) with the AoS entry point */
        bench_case c = {KIND_SEED, NULL, s, 0, ENT_BOXES_AOS, OUT_MASK, "", 1, 0, {0}};
        snprintf(c.label, sizeof c.label, "%s", seed_name(s));
        cs[nc++] = c;
    }
    for (int en = 0; en < ENT_COUNT; en++) {
        bench_case c = {KIND_CLAMP_O2, NULL, 0, 0, (entry_kind)en, OUT_BYTES, "loop -O2", 1, 0, {0}};
        cs[nc++] = c;
        if (e->native_ok) {
            bench_case c2 = {KIND_CLAMP_NATIVE, NULL, 0, 0, (entry_kind)en, OUT_BYTES, "", 1, 0, {0}};
            snprintf(c2.label, sizeof c2.label, "%s",
                     clamp_native_is_native ? "loop -O3 native" : "loop -O3");
            cs[nc++] = c2;
        }
        bench_case c3 = {KIND_STREAM, NULL, 0, e->native_ok, (entry_kind)en, OUT_READ, "stream read", 1, 0, {0}};
        cs[nc++] = c3;
    }
    (void)o;
    return nc;
}

static const char *human(size_t n, char *buf, size_t len)
{
    if (n >= (1ul << 20) && n % (1ul << 20) == 0)
        snprintf(buf, len, "%zuMi", n >> 20);
    else if (n >= 1024 && n % 1024 == 0)
        snprintf(buf, len, "%zuKi", n >> 10);
    else
        snprintf(buf, len, "%zu", n);
    return buf;
}

static int run_size(const bench_opts *o, const bench_env *e, const cb_kernels *const *ks, int nk,
                    size_t n, rowvec *rows)
{
    static bench_case cs[CB_BACKEND_COUNT * ENT_COUNT * 3 + SEED_COUNT + 3 * ENT_COUNT];
    char hb[32];
    dataset d;
    double t_start = time_now_ns();
    fprintf(stderr, "cb-bench: n=%s: making data...", human(n, hb, sizeof hb));
    if (data_make(&d, n, o->seed)) {
        fprintf(stderr, "\ncb-bench: out of memory for n=%zu\n", n);
        return -1;
    }
    int nc = build_cases(o, e, ks, nk, cs);

    /* Validate before timing: a fast wrong answer is worth nothing. */
    char notes[sizeof cs / sizeof cs[0]][96];
    for (int i = 0; i < nc; i++) {
        size_t diff = check_case(&cs[i], &d, notes[i], sizeof notes[i]);
        if (diff && cs[i].kind != KIND_SEED) {
            fprintf(stderr,
                    "\ncb-bench: FAIL: %s %s %s at n=%zu differs from the scalar backend in %zu "
                    "elements (seed 0x%llx)\n",
                    cs[i].label, entry_name(cs[i].entry), out_name(cs[i].out), n, diff,
                    (unsigned long long)o->seed);
            data_free(&d);
            return -1;
        }
    }
    fprintf(stderr, " %d rows checked, calibrating...", nc);

    /* Calibrate, which also warms code, data and clock speed: calls until
     * sample_ns has passed (at least two), then enough calls per sample. */
    double first_ns[sizeof cs / sizeof cs[0]];
    for (int i = 0; i < nc; i++) {
        double spent = 0, best = 1e300;
        int calls = 0;
        while ((spent < o->sample_ns && calls < 1000) || calls < 2) {
            double t = run_case(&cs[i], &d, 1);
            spent += t, calls++;
            best = t < best ? t : best;
        }
        first_ns[i] = best;
        double want = o->sample_ns / (best > 1 ? best : 1);
        cs[i].iters = want < 1 ? 1 : (unsigned long)want + 1;
    }

    /* Interleaved repetitions: each round samples every row once, starting
     * at a different row, so a slow spell (another engineer's build on the
     * shared cores, a frequency change) lands on all rows alike. */
    fprintf(stderr, " reps:");
    for (int r = 0; r < o->reps; r++) {
        for (int j = 0; j < nc; j++) {
            bench_case *c = &cs[(j + r * 7) % nc];
            if (first_ns[(j + r * 7) % nc] < LONG_CALL_NS)
                run_case(c, &d, 1); /* untimed: bring this row's data back into cache */
            double t = run_case(c, &d, c->iters);
            c->ns_per_elem[r] = t / ((double)c->iters * (double)n);
        }
        fprintf(stderr, " %d", r + 1);
    }

    for (int i = 0; i < nc; i++) {
        bench_row *w = row_push(rows);
        w->n = n;
        snprintf(w->label, sizeof w->label, "%s", cs[i].label);
        w->kind = cs[i].kind;
        w->entry = cs[i].entry;
        w->out = cs[i].out;
        w->backend = cs[i].kind == KIND_BACKEND ? (int)cs[i].k->backend : -1;
        w->seed_id = cs[i].seed;
        int q = cs[i].out == OUT_IDX_LO ? 1 : cs[i].out == OUT_IDX_HI ? 2 : 0;
        w->hits = cs[i].kind == KIND_STREAM ? 0 : d.ref_hits[cs[i].entry][q];
        w->iters = cs[i].iters;
        w->reps = o->reps;
        time_stats(cs[i].ns_per_elem, o->reps, &w->min, &w->med, &w->max);
        memcpy(w->note, notes[i], sizeof w->note); /* same size, NUL-terminated by snprintf */
    }
    fprintf(stderr, " done in %.1f s\n", (time_now_ns() - t_start) / 1e9);
    data_free(&d);
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

    /* Backends: the raw kernels of each one this CPU can run, side by side,
     * without touching the library's global choice. */
    const cb_kernels *ks[CB_BACKEND_COUNT];
    int nk = 0;
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        if (!o.backend_on[b])
            continue;
        const char *why = "";
        cb_status st = cb_backend_status((cb_backend)b, &why);
        const cb_kernels *k = cb_kernels_for((cb_backend)b);
        if (!k) {
            fprintf(stderr, "cb-bench: skipping %s: %s (%s)\n", cb_backend_name((cb_backend)b), why,
                    cb_status_string(st));
            continue;
        }
        ks[nk++] = k;
    }
    if (!nk) {
        fprintf(stderr, "cb-bench: no backend to measure\n");
        return 2;
    }
    if (!e.native_ok)
        fprintf(stderr, "cb-bench: the -march=native baselines need CPU features this machine "
                        "(or emulator) lacks: skipping them, streaming read at baseline ISA\n");
    fprintf(stderr, "cb-bench: %s, %s, seed 0x%llx, %d reps, samples >= %.2f ms\n", e.cpu,
            e.compiler, (unsigned long long)o.seed, o.reps, o.sample_ns / 1e6);

    rowvec rows = {NULL, 0, 0};
    for (int i = 0; i < o.nsizes; i++)
        if (run_size(&o, &e, ks, nk, o.sizes[i], &rows))
            return 1;

    /* Small batches through the dispatcher vs direct. */
    small_row small[CB_BACKEND_COUNT * 4 * PATH_COUNT];
    double fenv_ns = -1;
    dataset sd;
    if (data_make(&sd, 64, o.seed)) {
        fprintf(stderr, "cb-bench: out of memory\n");
        return 1;
    }
    fprintf(stderr, "cb-bench: small batches (n = 1, 4, 16, 64), direct vs dispatched...");
    int nsmall = small_run(&o, &sd, ks, nk, small, (int)(sizeof small / sizeof small[0]), &fenv_ns);
    fprintf(stderr, " done\n");
    data_free(&sd);

    e.load_end = bench_loadavg();
    e.ghz = time_clock_ghz(); /* at the end: the core has left its idle clock by now */
    report_table(stdout, &o, &e, rows.v, rows.n, small, nsmall, fenv_ns);
    fflush(stdout);

    int rc = 0;
    if (make_dir(o.out_dir)) {
        fprintf(stderr, "cb-bench: cannot create %s: %s\n", o.out_dir, strerror(errno));
        return 1;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/cb-bench.txt", o.out_dir);
    FILE *f = fopen(path, "w");
    if (f) {
        report_table(f, &o, &e, rows.v, rows.n, small, nsmall, fenv_ns);
        rc |= fclose(f) != 0;
    } else {
        rc = 1;
    }
    rc |= report_csv(o.out_dir, &e, rows.v, rows.n, small, nsmall) != 0;
    snprintf(path, sizeof path, "%s/cb-bench.svg", o.out_dir);
    rc |= plot_svg(path, &o, &e, rows.v, rows.n) != 0;
    if (rc)
        fprintf(stderr, "cb-bench: could not write every file in %s\n", o.out_dir);
    else
        fprintf(stderr, "cb-bench: wrote %s/cb-bench.txt, cb-bench.csv, cb-bench-small.csv, cb-bench.svg\n",
                o.out_dir);
    free(rows.v);
    return rc;
}
