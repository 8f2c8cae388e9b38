/* test_dispatch.c - backend choice: cb_set_backend(_by_name), names and statuses, out-of-range values, and CB_BACKEND read on first use (in child processes). */
#define _DEFAULT_SOURCE /* environ, readlink */
#include "check.h" /* tb_subjects */
#include "support.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/*
 * Every Criterion test runs in a process of its own, so the global backend
 * choice a test makes cannot leak into another. Expectations are computed
 * from cb_backend_status, never from the build's architecture: the same
 * file runs on x86-64 (scalar, sse, avx2, avx512) and AArch64 (scalar, neon);
 * the plain checks of WebAssembly (scalar, simd128) are in tests/digest.
 */

/* The best runnable backend: the enum is in ascending order of preference. */
static cb_backend best_backend(void)
{
    cb_backend best = CB_BACKEND_SCALAR;
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        if (cb_backend_status((cb_backend)b, NULL) == CB_OK)
            best = (cb_backend)b;
    return best;
}

static const char *bname(int b)
{
    const char *n = cb_backend_name((cb_backend)b);
    return n ? n : "(null)";
}

/* ------------------------------------------------------ names, statuses */

Test(dispatch, names_round_trip)
{
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        const char *n = cb_backend_name((cb_backend)b);
        cr_assert_not_null(n, "backend %d has no name", b);
        cb_backend back = CB_BACKEND_COUNT;
        cr_assert_eq(cb_backend_from_name(n, &back), CB_OK, "%s", n);
        cr_assert_eq(back, (cb_backend)b, "%s parsed as %d", n, (int)back);
        for (int o = 0; o < b; o++)
            cr_assert_str_neq(n, cb_backend_name((cb_backend)o));
    }
    /* The documented names, and nothing looser (exact, lower case). */
    static const char *const documented[] = {"scalar", "sse",  "avx2",
                                             "avx512", "neon", "simd128"};
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        cr_assert_str_eq(cb_backend_name((cb_backend)b), documented[b]);
    static const char *const bad[] = {"", "SSE", "Scalar", "avx", "sse ", " sse", "avx-512",
                                      "auto", "bogus", "sse2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cb_backend out;
        cr_assert_eq(cb_backend_from_name(bad[i], &out), CB_ERR_UNKNOWN_BACKEND, "\"%s\"", bad[i]);
    }
    cb_backend out;
    cr_assert_eq(cb_backend_from_name(NULL, &out), CB_ERR_INVALID_ARG);
    cr_assert_eq(cb_backend_from_name("sse", NULL), CB_ERR_INVALID_ARG);
}

/* Values outside the enum are rejected everywhere, without side effects. */
Test(dispatch, out_of_range)
{
    const int bad[] = {CB_BACKEND_COUNT, CB_BACKEND_COUNT + 1, 1000, -1};
    for (int s = 0; s < CB_BACKEND_COUNT; s++) {
    if (cb_set_backend((cb_backend)s) != CB_OK)
        continue;
    const char *reason = cb_active_reason();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cb_backend b = (cb_backend)bad[i];
        const char *why = NULL;
        cr_assert_null(cb_backend_name(b), "name of %d", bad[i]);
        cr_assert_eq(cb_backend_status(b, &why), CB_ERR_INVALID_ARG, "status of %d", bad[i]);
        cr_assert(why && *why, "no reason for %d", bad[i]);
        cr_assert_eq(cb_backend_status(b, NULL), CB_ERR_INVALID_ARG);
        cr_assert_eq(cb_backend_compiled(b), 0);
        for (size_t e = 0; e < cb_entry_count(); e++)
            cr_assert_null(cb_entry_kernel(e, b), "entry %zu on backend %d", e, bad[i]);
        cr_assert_eq(cb_set_backend(b), CB_ERR_INVALID_ARG, "set %d", bad[i]);
        cr_assert_eq(cb_active_backend(), (cb_backend)s, "set %d changed the backend from %s",
                     bad[i], bname(s));
        cr_assert_str_eq(cb_active_reason(), reason);
    }
    }
}

Test(dispatch, status_strings)
{
    const cb_status all[] = {CB_OK, CB_ERR_UNKNOWN_BACKEND, CB_ERR_NOT_COMPILED,
                             CB_ERR_UNSUPPORTED_CPU, CB_ERR_INVALID_ARG};
    for (size_t i = 0; i < 5; i++) {
        const char *s = cb_status_string(all[i]);
        cr_assert(s && *s, "status %d has no text", (int)all[i]);
        for (size_t j = 0; j < i; j++)
            cr_assert_str_neq(s, cb_status_string(all[j]));
    }
    const char *u = cb_status_string((cb_status)99);
    cr_assert(u && *u, "an unknown status has no text");
}

ParameterizedTestParameters(dispatch, status_consistent)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/* cb_backend_status, cb_backend_compiled, cb_entry_kernel (for every entry)
 * and cb_cpu_features tell one story for each backend. */
ParameterizedTest(int *b, dispatch, status_consistent)
{
    cb_backend be = (cb_backend)*b;
    const char *why = NULL;
    cb_status st = cb_backend_status(be, &why);
    cr_assert(why && *why, "%s: no reason", bname(*b));
    cr_assert(st == CB_OK || st == CB_ERR_NOT_COMPILED || st == CB_ERR_UNSUPPORTED_CPU,
              "%s: status %d", bname(*b), (int)st);
    cr_assert_eq(cb_backend_status(be, NULL), st, "%s: status differs with why == NULL", bname(*b));
    cr_assert_eq(cb_backend_compiled(be), st != CB_ERR_NOT_COMPILED, "%s", bname(*b));
    for (size_t e = 0; e < cb_entry_count(); e++)
        cr_assert_eq(cb_entry_kernel(e, be) != NULL, st == CB_OK, "%s: kernel of %s", bname(*b),
                     cb_entry_info_of(e)->name);
    if (st == CB_OK)
        cr_assert_str_eq(why, "ok");
    else
        cr_assert_str_neq(why, "ok");
    if (be == CB_BACKEND_SCALAR)
        cr_assert_eq(st, CB_OK, "scalar must always run");

    /* The features the CPU/OS report must cover what a runnable backend
     * needs, and a compiled backend whose needs are met must be runnable. */
    uint32_t f = cb_cpu_features();
    uint32_t need = be == CB_BACKEND_SSE      ? CB_CPU_SSE2
                    : be == CB_BACKEND_AVX2   ? CB_CPU_AVX2 | CB_CPU_POPCNT | CB_CPU_OS_YMM
                    : be == CB_BACKEND_AVX512 ? CB_CPU_AVX512F | CB_CPU_POPCNT | CB_CPU_OS_ZMM
                    : be == CB_BACKEND_NEON   ? CB_CPU_NEON
                    : be == CB_BACKEND_SIMD128 ? CB_CPU_SIMD128
                                               : 0;
    if (st == CB_OK)
        cr_assert_eq(f & need, need, "%s runs but features 0x%x lack 0x%x", bname(*b), f, need);
    if (st != CB_ERR_NOT_COMPILED)
        cr_assert_eq(st == CB_OK, (f & need) == need, "%s: status %d with features 0x%x",
                     bname(*b), (int)st, f);
    cr_log_info("backend %s: %s (%s)", bname(*b), cb_status_string(st), why);
}

/* ------------------------------------------------------- cb_set_backend */

/* Every entry's public function (cb_entry_call) gives backend b's raw
 * kernel's answer on a small fixed input, in both touching modes (contact
 * entries at margin 1), bit for bit on every output array. */
static void public_matches_kernels(cb_backend b)
{
    enum { N = 203 };
    tb_corpus c = tb_corpus_new(N);
    tk_rng r = tb_rng_for(0xA000000u);
    tb_corpus_fill_random(&c, &r);
    cb_box_soa bs;
    cb_circle_soa cs;
    tk_views v = tb_corpus_views(&c, &bs, &cs);
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        cb_kernel_fn k = cb_entry_kernel(e, b);
        cr_assert_not_null(k, "%s has no kernel on the active backend %s", d->name, bname(b));
        tk_out pub, raw;
        tk_out_malloc(&pub, d, N), tk_out_malloc(&raw, d, N);
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            tk_probe probe = tb_probe((cb_circle){128, 128, 90}, (cb_box){64, 64, 192, 192});
            cb_args a = tk_args(d, &probe, tk_pick(d, &v), N, pub.out, f, 1.0f);
            tk_out_fill(&pub, 0xA5), tk_out_fill(&raw, 0x5A);
            size_t hp = cb_entry_call(e, &a);
            a.out = raw.out;
            size_t hr = k(&a);
            char why[256];
            cr_assert(tk_same_output(d, N, hp, pub.out, hr, raw.out, why, sizeof why),
                      "backend %s: the public function vs the raw kernel: %s", bname(b), why);
            /* some hits and some misses (for distances: some overlap, some not) */
            size_t hits = tk_hit_count(d, N, hp, pub.out);
            cr_assert(hits > 0 && hits < N, "%s: %zu hits of %d", d->name, hits, N);
        }
        tk_out_free(&pub), tk_out_free(&raw);
    }
    tb_corpus_free(&c);
}

ParameterizedTestParameters(dispatch, set_backend)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

/* A runnable backend is taken (and is what cb_active_backend reports, with
 * a "forced" reason, and the public functions then give its kernels'
 * answers); any other returns its status error and leaves the choice
 * exactly as it was. The refusal is tried from every runnable starting
 * backend (so a failure path that fell back to
 * scalar, or to the best, would be seen from the other starting points). */
ParameterizedTest(int *b, dispatch, set_backend)
{
    cb_backend be = (cb_backend)*b;
    cb_status want = cb_backend_status(be, NULL);
    if (want != CB_OK) {
        for (int s = 0; s < CB_BACKEND_COUNT; s++) {
            if (cb_set_backend((cb_backend)s) != CB_OK)
                continue;
            const char *before_reason = cb_active_reason();
            cb_status st = cb_set_backend(be);
            cr_assert_eq(st, want, "cb_set_backend(%s) = %d, cb_backend_status = %d", bname(*b),
                         (int)st, (int)want);
            cr_assert(st == CB_ERR_NOT_COMPILED || st == CB_ERR_UNSUPPORTED_CPU, "%d", (int)st);
            cr_assert_eq(cb_active_backend(), (cb_backend)s,
                         "a refused cb_set_backend(%s) changed the backend from %s to %s",
                         bname(*b), bname(s), bname(cb_active_backend()));
            cr_assert_str_eq(cb_active_reason(), before_reason, "a failed set changed the reason");
            /* and through the by-name entry point */
            cr_assert_eq(cb_set_backend_by_name(bname(*b)), want);
            cr_assert_eq(cb_active_backend(), (cb_backend)s);
        }
        cr_log_info("backend %s: cb_set_backend refused with %s", bname(*b), cb_status_string(want));
        return;
    }
    cr_assert_eq(cb_set_backend(CB_BACKEND_SCALAR), CB_OK);
    cb_status st = cb_set_backend(be);
    cr_assert_eq(st, want, "cb_set_backend(%s) = %d, cb_backend_status = %d", bname(*b), (int)st,
                 (int)want);
    {
        cr_assert_eq(cb_active_backend(), be);
        cr_assert(strstr(cb_active_reason(), "forced") != NULL, "reason: %s", cb_active_reason());
        public_matches_kernels(be);
        /* Setting it again is harmless. */
        cr_assert_eq(cb_set_backend(be), CB_OK);
        cr_assert_eq(cb_active_backend(), be);
    }
}

ParameterizedTestParameters(dispatch, set_backend_by_name)
{
    return cr_make_param_array(int, tb_subjects(), CB_BACKEND_COUNT);
}

ParameterizedTest(int *b, dispatch, set_backend_by_name)
{
    cb_backend be = (cb_backend)*b;
    cr_assert_eq(cb_set_backend_by_name("scalar"), CB_OK);
    cr_assert_eq(cb_active_backend(), CB_BACKEND_SCALAR);
    const char *before_reason = cb_active_reason();
    cb_status want = cb_backend_status(be, NULL);
    cr_assert_eq(cb_set_backend_by_name(bname(*b)), want, "%s", bname(*b));
    if (want == CB_OK) {
        cr_assert_eq(cb_active_backend(), be);
        cr_assert(strstr(cb_active_reason(), "forced") != NULL, "reason: %s", cb_active_reason());
    } else {
        cr_assert_eq(cb_active_backend(), CB_BACKEND_SCALAR);
        cr_assert_str_eq(cb_active_reason(), before_reason);
    }
}

/* Unknown names fail with CB_ERR_UNKNOWN_BACKEND and change nothing. */
Test(dispatch, set_unknown_name)
{
    static const char *const bad[] = {"bogus", "", "SSE", "Auto", "AUTO", "avx512 ", "neon2"};
    for (int s = 0; s < CB_BACKEND_COUNT; s++) {
        if (cb_set_backend((cb_backend)s) != CB_OK)
            continue;
        const char *reason = cb_active_reason();
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            cr_assert_eq(cb_set_backend_by_name(bad[i]), CB_ERR_UNKNOWN_BACKEND, "\"%s\"", bad[i]);
            cr_assert_eq(cb_active_backend(), (cb_backend)s, "\"%s\" changed the backend from %s",
                         bad[i], bname(s));
            cr_assert_str_eq(cb_active_reason(), reason);
        }
    }
}

/* "auto" and NULL pick the best runnable backend, whatever was forced before. */
Test(dispatch, set_auto_and_null)
{
    const char *names[] = {"auto", NULL};
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(cb_set_backend(CB_BACKEND_SCALAR), CB_OK);
        cr_assert_eq(cb_set_backend_by_name(names[i]), CB_OK, "%s", names[i] ? names[i] : "NULL");
        cr_assert_eq(cb_active_backend(), best_backend(), "%s chose %s, best is %s",
                     names[i] ? names[i] : "NULL", bname(cb_active_backend()),
                     bname(best_backend()));
        cr_assert(strncmp(cb_active_reason(), "auto", 4) == 0, "reason: %s", cb_active_reason());
    }
}

/* ------------------------------------------- CB_BACKEND, in a child process */

/* Where env_probe is: meson passes CB_ENV_PROBE; otherwise look next to
 * this binary (a run by hand from the build directory). */
static const char *probe_path(void)
{
    static char path[4096];
    const char *env = getenv("CB_ENV_PROBE");
    if (env && *env)
        return env;
    ssize_t len = readlink("/proc/self/exe", path, sizeof path - 32);
    cr_assert(len > 0, "set CB_ENV_PROBE to the env_probe program");
    path[len] = 0;
    char *slash = strrchr(path, '/');
    strcpy(slash ? slash + 1 : path, "env_probe");
    return path;
}

typedef struct {
    int exit_code, set, env_status, table_ok, agree;
    char active[64], reason[256];
} probe_out;

/* Runs env_probe with CB_BACKEND = value (unset if NULL) and every other
 * variable as this process has it; arg is passed on when not NULL. */
static probe_out run_probe(const char *value, const char *arg)
{
    size_t n = 0;
    while (environ[n])
        n++;
    char **envp = calloc(n + 2, sizeof *envp);
    char kv[256];
    cr_assert(envp);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "CB_BACKEND=", 11) != 0)
            envp[k++] = environ[i];
    if (value) {
        snprintf(kv, sizeof kv, "CB_BACKEND=%s", value);
        envp[k++] = kv;
    }
    envp[k] = NULL;

    int fd[2];
    cr_assert_eq(pipe(fd), 0);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    const char *path = probe_path();
    char *argv[3] = {(char *)path, (char *)arg, NULL};
    pid_t pid;
    int err = posix_spawn(&pid, path, &fa, NULL, argv, envp);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    cr_assert_eq(err, 0, "cannot run %s: %s", path, strerror(err));

    char buf[4096];
    size_t got = 0;
    for (;;) {
        ssize_t r = read(fd[0], buf + got, sizeof buf - 1 - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    buf[got] = 0;
    close(fd[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    free(envp);

    probe_out o;
    memset(&o, 0, sizeof o);
    o.set = o.env_status = o.table_ok = o.agree = -1;
    o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "active=", 7))
            snprintf(o.active, sizeof o.active, "%s", line + 7);
        else if (!strncmp(line, "reason=", 7))
            snprintf(o.reason, sizeof o.reason, "%s", line + 7);
        else if (!strncmp(line, "env_status=", 11))
            o.env_status = atoi(line + 11);
        else if (!strncmp(line, "set=", 4))
            o.set = atoi(line + 4);
        else if (!strncmp(line, "table_ok=", 9))
            o.table_ok = atoi(line + 9);
        else if (!strncmp(line, "agree=", 6))
            o.agree = atoi(line + 6);
    }
    cr_assert_eq(o.exit_code, 0, "env_probe (CB_BACKEND=%s) exited with %d", value ? value : "(unset)",
                 o.exit_code);
    cr_assert(o.table_ok == 1 && o.agree == 1,
              "CB_BACKEND=%s: the chosen backend %s has table_ok %d, agrees with scalar %d",
              value ? value : "(unset)", o.active, o.table_ok, o.agree);
    return o;
}

/* The values CB_BACKEND is tried with; NULL means unset. */
static const char *const env_values[] = {
    NULL, "auto", "scalar", "sse", "avx2", "avx512", "neon", "simd128", "bogus", "SSE", "avx512 ",
};
#define N_ENV_VALUES (sizeof env_values / sizeof env_values[0])
static int env_index[N_ENV_VALUES];

ParameterizedTestParameters(dispatch, env_first_use)
{
    for (size_t i = 0; i < N_ENV_VALUES; i++)
        env_index[i] = (int)i;
    return cr_make_param_array(int, env_index, N_ENV_VALUES);
}

/* Unset or "auto": the best backend, env status CB_OK. A backend name that
 * runs here: forced. One that does not: ignored (best used) and the error
 * recorded in cb_env_status and the reason. Anything else: unknown. */
ParameterizedTest(int *i, dispatch, env_first_use, .timeout = 600)
{
    const char *value = env_values[*i];
    probe_out o = run_probe(value, NULL);
    const char *shown = value ? value : "(unset)";
    cb_backend named;
    cb_status want = CB_OK;
    const char *want_active = bname(best_backend());
    if (value && strcmp(value, "auto") != 0) {
        want = cb_backend_from_name(value, &named);
        if (want == CB_OK)
            want = cb_backend_status(named, NULL);
        if (want == CB_OK)
            want_active = bname(named);
    }
    cr_log_info("CB_BACKEND=%s: active %s, env status %d, reason \"%s\"", shown, o.active,
                o.env_status, o.reason);
    cr_assert_str_eq(o.active, want_active, "CB_BACKEND=%s", shown);
    cr_assert_eq(o.env_status, (int)want, "CB_BACKEND=%s: cb_env_status %d, want %d (%s)", shown,
                 o.env_status, (int)want, cb_status_string(want));
    if (value && strcmp(value, "auto") != 0)
        cr_assert(strstr(o.reason, "CB_BACKEND") != NULL, "CB_BACKEND=%s: reason \"%s\"", shown,
                  o.reason);
    else
        cr_assert(strncmp(o.reason, "auto", 4) == 0, "CB_BACKEND=%s: reason \"%s\"", shown,
                  o.reason);
    if (want == CB_OK && value && strcmp(value, "auto") != 0)
        cr_assert(strstr(o.reason, "forced") != NULL, "reason \"%s\"", o.reason);
    if (want != CB_OK) /* recorded as not honoured, not as forced */
        cr_assert(strstr(o.reason, "forced") == NULL, "reason \"%s\"", o.reason);
}

/* Empty is not a name: the header lists only unset and "auto" for the
 * automatic choice, so only the outcome that matters is asserted: the best
 * backend is used. */
Test(dispatch, env_empty_value, .timeout = 600)
{
    probe_out o = run_probe("", NULL);
    cr_assert_str_eq(o.active, bname(best_backend()));
    cr_log_info("CB_BACKEND=\"\": env status %d, reason \"%s\"", o.env_status, o.reason);
}

/* cb_set_backend* called before any other use wins over CB_BACKEND (the
 * environment is read first, so a later first use cannot undo the call),
 * and the environment's status is still recorded. */
Test(dispatch, env_then_set, .timeout = 600)
{
    /* a runnable backend other than scalar, if there is one */
    cb_backend other = best_backend();
    probe_out o = run_probe(bname(other), "scalar");
    cr_assert_eq(o.set, CB_OK);
    cr_assert_str_eq(o.active, "scalar");
    cr_assert_eq(o.env_status, CB_OK);
    cr_assert(strstr(o.reason, "cb_set_backend") != NULL, "reason \"%s\"", o.reason);

    o = run_probe("scalar", "auto");
    cr_assert_eq(o.set, CB_OK);
    cr_assert_str_eq(o.active, bname(best_backend()));
    cr_assert(strncmp(o.reason, "auto", 4) == 0, "reason \"%s\"", o.reason);

    o = run_probe("scalar", "NULL");
    cr_assert_eq(o.set, CB_OK);
    cr_assert_str_eq(o.active, bname(best_backend()));

    o = run_probe("bogus", "scalar");
    cr_assert_eq(o.set, CB_OK);
    cr_assert_str_eq(o.active, "scalar");
    cr_assert_eq(o.env_status, CB_ERR_UNKNOWN_BACKEND);

    /* A failing forced set leaves the environment's choice in place. */
    o = run_probe("scalar", "bogus");
    cr_assert_eq(o.set, CB_ERR_UNKNOWN_BACKEND);
    cr_assert_str_eq(o.active, "scalar");
    cr_assert(strstr(o.reason, "CB_BACKEND") != NULL, "reason \"%s\"", o.reason);
}
