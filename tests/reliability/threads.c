/* threads.c - plain program: threads released by a barrier make their first library call together while another forces backends; every result must equal the scalar reference. */
#define _POSIX_C_SOURCE 200809L
#include "rel.h"
#include "support.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * Why a plain program and fork(): the point is the library's FIRST use (CPU
 * detection, reading CB_BACKEND, publishing the selection) racing with
 * itself and with cb_set_backend. The parent never calls the library; each
 * round is a forked child whose threads make the first call of that process.
 * Under ThreadSanitizer any report ends the child with TSAN_OPTIONS' exitcode
 * and the parent fails.
 */

#define WORKERS 24
#define ITERS 150
#define NMAX 300
#define MIN_SWITCHES (40 * CB_BACKEND_COUNT)

/* CB_BACKEND per round: unset, auto, every name (runnable or not here), junk. */
static const char *const env_values[] = {NULL,  "auto",   "scalar", "sse", "avx2",
                                         "avx512", "neon", "no-such-backend"};
#define ROUNDS ((int)(sizeof env_values / sizeof env_values[0]))

static pthread_barrier_t start;
static tb_corpus corpora[2]; /* random level, adversarial bit patterns: read-only once threads run */
static atomic_int failures, workers_done;
static atomic_long calls, switches;

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        fprintf(stderr, __VA_ARGS__);                                                              \
        atomic_fetch_add(&failures, 1);                                                            \
    } while (0)

static void check_active(const char *who)
{
    cb_backend a = cb_active_backend();
    const char *why = "?";
    if (cb_backend_status(a, &why) != CB_OK)
        FAIL("%s: cb_active_backend() is %d (%s), which cannot run here: %s\n", who, (int)a,
             cb_backend_name(a) ? cb_backend_name(a) : "out of range", why);
    if (!cb_active_reason())
        FAIL("%s: cb_active_reason() is NULL\n", who);
}

/* One random call: shape, flags, corpus, n, the circle/box of the call. */
typedef struct {
    int fn, which;
    unsigned flags;
    size_t n;
    rel_input in;
    cb_box_soa bs;
    cb_circle_soa cs;
} job;

static void pick(job *j, tb_rng *r)
{
    j->fn = (int)(tb_next(r) % REL_FN_COUNT);
    j->flags = (unsigned)(tb_next(r) & CB_STRICT);
    j->which = (int)(tb_next(r) & 1);
    const tb_corpus *c = &corpora[j->which];
    j->n = (size_t)(tb_next(r) % (NMAX + 1));
    j->bs = tb_corpus_boxes(c);
    j->cs = tb_corpus_circles(c);
    rel_input in = {c->circles[tb_next(r) % NMAX], c->boxes[tb_next(r) % NMAX], &j->bs, c->boxes,
                    &j->cs, c->circles};
    if (j->which == 0) /* a bigger circle so that random-level calls hit something */
        in.circle.r *= 16;
    j->in = in;
}

typedef struct {
    int id;
    uint64_t seed;
} worker_arg;

static void *worker(void *p)
{
    const worker_arg *a = p;
    tb_rng r = {a->seed};
    char who[64];
    snprintf(who, sizeof who, "worker %d", a->id);
    uint64_t mask[(NMAX + 63) / 64], ref_mask[(NMAX + 63) / 64];
    uint32_t idx[NMAX], ref_idx[NMAX];
    job j;
    pick(&j, &r);

    pthread_barrier_wait(&start);
    /* The first library call of this thread, at the same moment as the others'. */
    size_t got;
    void *out = rel_fn_is_idx(j.fn) ? (void *)idx : (void *)mask;
    void *ref = rel_fn_is_idx(j.fn) ? (void *)ref_idx : (void *)ref_mask;
    if (a->id % 4 == 3) {
        check_active(who); /* some threads start with the query instead */
        got = rel_call(NULL, j.fn, &j.in, j.n, out, j.flags);
    } else {
        got = rel_call(NULL, j.fn, &j.in, j.n, out, j.flags);
    }

    for (int it = 0;; it++) {
        const cb_kernels *scalar = cb_kernels_for(CB_BACKEND_SCALAR);
        size_t want = rel_call(scalar, j.fn, &j.in, j.n, ref, j.flags);
        char what[128];
        snprintf(what, sizeof what, "%s call %d (corpus %d, flags %u)", who, it, j.which, j.flags);
        if (!rel_same(j.fn, j.n, got, out, want, ref, what))
            atomic_fetch_add(&failures, 1);
        atomic_fetch_add(&calls, 1);
        check_active(who);
        /* Keep going until the switcher has been through every backend many
         * times: otherwise fast workers could finish before it is scheduled. */
        if (it >= ITERS && atomic_load(&switches) >= MIN_SWITCHES)
            break;
        pick(&j, &r);
        out = rel_fn_is_idx(j.fn) ? (void *)idx : (void *)mask;
        ref = rel_fn_is_idx(j.fn) ? (void *)ref_idx : (void *)ref_mask;
        got = rel_call(NULL, j.fn, &j.in, j.n, out, j.flags);
    }
    atomic_fetch_add(&workers_done, 1);
    return NULL;
}

/* Forces every backend in turn (the unsupported ones must be refused) until the workers finish. */
static void *switcher(void *p)
{
    (void)p;
    pthread_barrier_wait(&start);
    while (atomic_load(&workers_done) < WORKERS) {
        for (int b = 0; b < CB_BACKEND_COUNT; b++) {
            cb_status st = cb_set_backend((cb_backend)b);
            cb_status want = cb_backend_status((cb_backend)b, NULL);
            if (st != want)
                FAIL("switcher: cb_set_backend(%s) = %d, cb_backend_status says %d\n",
                     cb_backend_name((cb_backend)b), (int)st, (int)want);
            atomic_fetch_add(&switches, 1);
            check_active("switcher");
        }
        if (cb_set_backend_by_name("auto") != CB_OK)
            FAIL("switcher: cb_set_backend_by_name(\"auto\") failed\n");
        cb_set_backend_by_name("scalar");
    }
    return NULL;
}

static int one_round(int round)
{
    const char *env = env_values[round];
    if (env)
        setenv("CB_BACKEND", env, 1);
    else
        unsetenv("CB_BACKEND");

    tb_rng r = {tb_seed() ^ (uint64_t)round * 0x9E3779B97F4A7C15ull};
    corpora[0] = tb_corpus_new(NMAX), corpora[1] = tb_corpus_new(NMAX);
    tb_corpus_fill_random(&corpora[0], &r);
    tb_corpus_fill_adversarial(&corpora[1], &r);

    pthread_barrier_init(&start, NULL, WORKERS + 1);
    pthread_t t[WORKERS + 1];
    worker_arg args[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        args[i].id = i, args[i].seed = tb_next(&r);
        if (pthread_create(&t[i], NULL, worker, &args[i]) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    if (pthread_create(&t[WORKERS], NULL, switcher, NULL) != 0) {
        perror("pthread_create");
        return 1;
    }
    for (int i = 0; i <= WORKERS; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&start);

    /* What first use recorded about CB_BACKEND must be what the name means here. */
    cb_status want = CB_OK;
    if (env && strcmp(env, "auto") != 0) {
        cb_backend b;
        want = cb_backend_from_name(env, &b);
        if (want == CB_OK)
            want = cb_backend_status(b, NULL);
    }
    if (cb_env_status() != want)
        FAIL("round %d: cb_env_status() = %d for CB_BACKEND=%s, expected %d\n", round,
             (int)cb_env_status(), env ? env : "(unset)", (int)want);
    check_active("main");
    printf("round %d (CB_BACKEND=%s): %d workers + 1 switcher, %ld calls checked, %ld backend switches, "
           "%d failures\n",
           round, env ? env : "(unset)", WORKERS, atomic_load(&calls), atomic_load(&switches),
           atomic_load(&failures));
    fflush(stdout);
    tb_corpus_free(&corpora[0]), tb_corpus_free(&corpora[1]);
    return atomic_load(&failures) ? 1 : 0;
}

/* --race-on-purpose: an unsynchronised counter, which ThreadSanitizer must
 * report (the test that runs it expects failure, proving reports fail). */
static int racy_counter;
static void *race(void *p)
{
    (void)p;
    for (int i = 0; i < 100000; i++)
        racy_counter++;
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--race-on-purpose") == 0) {
        pthread_t a, b;
        pthread_create(&a, NULL, race, NULL);
        pthread_create(&b, NULL, race, NULL);
        pthread_join(a, NULL), pthread_join(b, NULL);
        printf("racy counter: %d (a data race on purpose)\n", racy_counter);
        return 0;
    }
    tb_seed(); /* print the seed once, in the parent */
    int bad = 0;
    for (int round = 0; round < ROUNDS; round++) {
        fflush(stdout), fflush(stderr);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 1;
        }
        if (pid == 0)
            exit(one_round(round)); /* exit, not _exit: sanitizers report and set the status at exit */
        int st;
        if (waitpid(pid, &st, 0) < 0) {
            perror("waitpid");
            return 1;
        }
        if (WIFSIGNALED(st)) {
            fprintf(stderr, "round %d: killed by signal %d\n", round, WTERMSIG(st));
            bad++;
        } else if (WEXITSTATUS(st) != 0) {
            fprintf(stderr, "round %d: exit status %d%s\n", round, WEXITSTATUS(st),
                    WEXITSTATUS(st) == 66 ? " (ThreadSanitizer report)" : "");
            bad++;
        }
    }
    printf("threads: %d rounds, %d failed\n", ROUNDS, bad);
    return bad ? 1 : 0;
}
