/* threads.c - plain program: threads released by a barrier make their first library call together, on random entries, while another forces backends; every result must equal the raw scalar kernel's. */
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
                                         "avx512", "neon", "simd128", "no-such-backend"};
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

/* One random call: entry (of the batch form), flags, corpus, n, the
 * circle/box of the call. Picking reads only the entry descriptors
 * (cb_entry_count, cb_entry_info_of): constant data that chooses nothing,
 * so the first use of the library is still the call after the barrier. */
typedef struct {
    size_t e;
    int which;
    size_t n;
    cb_box_soa bs;
    cb_circle_soa cs;
    tk_views v;
    cb_args a;
} job;

static void pick(job *j, tk_rng *r, tk_out *outs)
{
    j->e = rel_batch_entry((size_t)(tk_next(r) % rel_batch_count()));
    void *out = outs[j->e].out;
    unsigned flags = (unsigned)(tk_next(r) & CB_STRICT);
    j->which = (int)(tk_next(r) & 1);
    const tb_corpus *c = &corpora[j->which];
    j->n = (size_t)(tk_next(r) % (NMAX + 1));
    j->v = tb_corpus_views(c, &j->bs, &j->cs);
    tk_probe probe = {c->circles[tk_next(r) % NMAX], c->boxes[tk_next(r) % NMAX],
                      c->oboxes[tk_next(r) % NMAX]};
    if (j->which == 0) /* a bigger circle so that random-level calls hit something */
        probe.circle.r *= 16;
    j->a = rel_args(cb_entry_info_of(j->e), &j->v, &probe, j->n, out, flags);
    j->a.margin = tb_margins[tk_next(r) % tb_margin_count]; /* contact entries read it */
}

typedef struct {
    int id;
    uint64_t seed;
} worker_arg;

static void *worker(void *p)
{
    const worker_arg *a = p;
    tk_rng r = {a->seed};
    char who[64];
    snprintf(who, sizeof who, "worker %d", a->id);
    /* Every batch entry's output for NMAX elements, and the scalar
     * kernel's: any output kind (malloc, not a library call: the first use
     * stays after the barrier). Indexed by entry number. */
    size_t ne = cb_entry_count();
    tk_out *out = calloc(ne, sizeof *out), *ref = calloc(ne, sizeof *ref);
    if (!out || !ref) {
        FAIL("%s: out of memory\n", who);
        free(out), free(ref);
        pthread_barrier_wait(&start);
        atomic_fetch_add(&workers_done, 1);
        return NULL;
    }
    TK_FOR_ENTRIES(e, TK_BATCH)
        tk_out_malloc(&out[e], cb_entry_info_of(e), NMAX),
            tk_out_malloc(&ref[e], cb_entry_info_of(e), NMAX);
    job j;
    pick(&j, &r, out);

    pthread_barrier_wait(&start);
    /* The first library call of this thread, at the same moment as the others'. */
    if (a->id % 4 == 3)
        check_active(who); /* some threads start with the query instead */
    size_t got = cb_entry_call(j.e, &j.a);

    for (int it = 0;; it++) {
        const cb_entry_info *d = cb_entry_info_of(j.e);
        cb_kernel_fn scalar = cb_entry_kernel(j.e, CB_BACKEND_SCALAR);
        if (!scalar) {
            FAIL("%s: cb_entry_kernel(%s, scalar) is NULL\n", who, d->name);
            break;
        }
        cb_args ra = j.a;
        ra.out = ref[j.e].out;
        size_t want = scalar(&ra);
        char what[160];
        snprintf(what, sizeof what, "%s call %d (corpus %d, flags %u, margin %a)", who, it, j.which,
                 j.a.flags, (double)j.a.margin);
        if (!rel_same(d, j.n, got, out[j.e].out, want, ref[j.e].out, what))
            atomic_fetch_add(&failures, 1);
        atomic_fetch_add(&calls, 1);
        check_active(who);
        /* Keep going until the switcher has been through every backend many
         * times: otherwise fast workers could finish before it is scheduled. */
        if (it >= ITERS && atomic_load(&switches) >= MIN_SWITCHES)
            break;
        pick(&j, &r, out);
        got = cb_entry_call(j.e, &j.a);
    }
    TK_FOR_ENTRIES(e, TK_BATCH)
        tk_out_free(&out[e]), tk_out_free(&ref[e]);
    free(out), free(ref);
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

    tk_rng r = {tb_seed() ^ (uint64_t)round * 0x9E3779B97F4A7C15ull};
    corpora[0] = tb_corpus_new(NMAX), corpora[1] = tb_corpus_new(NMAX);
    tb_corpus_fill_random(&corpora[0], &r);
    tb_corpus_fill_adversarial(&corpora[1], &r);

    pthread_barrier_init(&start, NULL, WORKERS + 1);
    pthread_t t[WORKERS + 1];
    worker_arg args[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        args[i].id = i, args[i].seed = tk_next(&r);
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

/*
 * Many against many from a job system: one grid of boxes, built once and
 * read by every thread at once (cbatch.h: read only, shareable), and one
 * all-pairs list cut into ranges of circles, one job per thread with its
 * own cursor and scratch, each job's list taken in pieces of random
 * capacity. Joined in range order, the lists must equal one call's, for
 * the grid and for all pairs alike; ThreadSanitizer watches the sharing.
 */
#define JOB_CIRCLES 4096
#define JOB_BOXES 2048
#define JOBS 8

typedef struct {
    const cb_circle_soa *set;
    const cb_box_soa *boxes;
    const cb_grid *grid;
    size_t begin, end, cap;
    cb_pair *out;      /* room for the whole list */
    size_t got[2];     /* pairs found: grid, all pairs */
    cb_pair *list[2];
} pair_job;

static void *pair_worker(void *p)
{
    pair_job *j = p;
    void *scratch = malloc(cb_pairs_scratch_size(JOB_CIRCLES, JOB_BOXES));
    for (int form = 0; form < 2; form++) {
        cb_pair_cursor cur = {j->begin, 0, j->end, 0};
        size_t got = 0;
        cb_pair *out = j->list[form];
        while (cur.circle < cur.end) {
            size_t k = form ? cb_pairs_overlap(j->set, JOB_CIRCLES, j->boxes, JOB_BOXES, &cur,
                                               out + got, j->cap, scratch, 0)
                            : cb_pairs_overlap_circles_grid(j->set, JOB_CIRCLES, j->grid, &cur,
                                                            out + got, j->cap, 0);
            if (k == CB_INVALID) {
                FAIL("pair job %zu .. %zu: CB_INVALID\n", j->begin, j->end);
                break;
            }
            got += k;
        }
        j->got[form] = got;
    }
    free(scratch);
    return NULL;
}

static int pair_jobs(void)
{
    tb_corpus c = tb_corpus_new(JOB_CIRCLES), b = tb_corpus_new(JOB_BOXES);
    tk_rng r = tb_rng_for(0x7A11);
    tb_corpus_fill_random(&c, &r), tb_corpus_fill_random(&b, &r);
    cb_circle_soa set = tb_corpus_circles(&c);
    cb_box_soa boxes = tb_corpus_boxes(&b);
    void *gmem = malloc(cb_grid_size(JOB_BOXES));
    const cb_grid *grid = cb_grid_boxes(gmem, &boxes, JOB_BOXES);
    size_t room = 64 * JOB_CIRCLES;
    cb_pair *whole = malloc(room * sizeof *whole);
    cb_pair_cursor all = {0, 0, 0, 0};
    size_t n = cb_pairs_overlap(&set, JOB_CIRCLES, &boxes, JOB_BOXES, &all, whole, room, NULL, 0);
    int bad = !grid || n >= room || all.circle != JOB_CIRCLES;
    pair_job jobs[JOBS];
    pthread_t t[JOBS];
    for (int k = 0; k < JOBS && !bad; k++) {
        pair_job *j = &jobs[k];
        j->set = &set, j->boxes = &boxes, j->grid = grid;
        j->begin = (size_t)k * JOB_CIRCLES / JOBS, j->end = (size_t)(k + 1) * JOB_CIRCLES / JOBS;
        j->cap = 1 + tk_next(&r) % 97;
        j->list[0] = malloc(room * sizeof(cb_pair)), j->list[1] = malloc(room * sizeof(cb_pair));
        if (pthread_create(&t[k], NULL, pair_worker, j) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    for (int k = 0; k < JOBS && !bad; k++)
        pthread_join(t[k], NULL);
    for (int form = 0; form < 2 && !bad; form++) {
        size_t at = 0;
        for (int k = 0; k < JOBS; k++) {
            if (at + jobs[k].got[form] > n ||
                memcmp(whole + at, jobs[k].list[form], jobs[k].got[form] * sizeof *whole) != 0) {
                FAIL("%s: job %d's list differs from the one call's\n",
                     form ? "all pairs" : "the shared grid", k);
                bad = 1;
                break;
            }
            at += jobs[k].got[form];
        }
        if (!bad && at != n) {
            FAIL("%s: the jobs found %zu pairs, one call %zu\n", form ? "all pairs" : "the grid",
                 at, n);
            bad = 1;
        }
    }
    for (int k = 0; k < JOBS; k++)
        free(jobs[k].list[0]), free(jobs[k].list[1]);
    printf("threads: %d jobs on one shared grid and on all pairs, %zu pairs: %s\n", JOBS, n,
           bad ? "FAIL" : "the same list as one call");
    free(whole), free(gmem);
    tb_corpus_free(&c), tb_corpus_free(&b);
    return bad;
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
    bad += pair_jobs() || atomic_load(&failures);
    return bad ? 1 : 0;
}
