/* support.c - test helpers: guard pages with mmap/mprotect, splitmix64, adversarial values, corpora. */
#define _DEFAULT_SOURCE
#include "support.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* Live buffers, so tb_free can unmap the whole mapping. Not thread-safe:
 * allocate before starting threads. */
#define TB_MAX_LIVE 4096
static struct {
    void *user;
    void *base;
    size_t len;
} live[TB_MAX_LIVE];

void *tb_alloc_guarded(size_t bytes, int before)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t data = (bytes + page - 1) / page * page;
    if (data == 0)
        data = page;
    size_t len = data + page;
    unsigned char *base =
        mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) {
        perror("mmap");
        abort();
    }
    unsigned char *user;
    if (before) { /* [guard | data...]: the first byte follows the guard page */
        mprotect(base, page, PROT_NONE);
        user = base + page;
    } else { /* [...data | guard]: the last byte precedes the guard page */
        mprotect(base + data, page, PROT_NONE);
        user = base + data - bytes;
    }
    for (int i = 0; i < TB_MAX_LIVE; i++)
        if (!live[i].user) {
            live[i].user = user, live[i].base = base, live[i].len = len;
            return user;
        }
    fprintf(stderr, "tb_alloc_guarded: too many live buffers\n");
    abort();
}

void tb_free(void *p)
{
    if (!p)
        return;
    for (int i = 0; i < TB_MAX_LIVE; i++)
        if (live[i].user == p) {
            munmap(live[i].base, live[i].len);
            live[i].user = NULL;
            return;
        }
    fprintf(stderr, "tb_free: unknown pointer\n");
    abort();
}

uint64_t tb_seed(void)
{
    static uint64_t seed;
    static int known;
    if (!known) {
        const char *env = getenv("CB_SEED");
        seed = env && *env ? strtoull(env, NULL, 0)
                           : (uint64_t)time(NULL) * 0x9E3779B97F4A7C15ull ^ (uint64_t)getpid();
        known = 1;
        fprintf(stderr, "cbatch test seed: 0x%016" PRIx64 " (replay with CB_SEED=0x%016" PRIx64 ")\n",
                seed, seed);
    }
    return seed;
}

uint64_t tb_next(tb_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

float tb_uniform(tb_rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)((tb_next(r) >> 40) * (1.0 / 16777216.0));
}

float tb_any_float(tb_rng *r)
{
    uint32_t u = (uint32_t)tb_next(r);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

const float tb_adversarial[] = {
    0.0f, -0.0f, 1.0f, -1.0f, 2.0f, -2.0f, 3.0f, 0.5f,
    1.0e-45f,        /* smallest denormal */
    -1.0e-45f,
    1.1754942e-38f,  /* largest denormal */
    -1.1754942e-38f,
    FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX,
    INFINITY, -INFINITY,
    NAN, -NAN,
    1.0000001f,      /* 1 + 1 ulp */
    0.99999994f,     /* 1 - 1 ulp */
    1.8446744e19f,   /* 2^64: its square overflows */
    5.421011e-20f,   /* 2^-64: its square underflows */
    16777216.0f, 16777218.0f, -16777216.0f,
    100.0f, -100.0f, 0.1f, -0.1f,
#if defined(__GNUC__) || defined(__clang__)
    __builtin_nansf(""), /* a signalling NaN */
#endif
};
const size_t tb_adversarial_count = sizeof tb_adversarial / sizeof tb_adversarial[0];

tb_corpus tb_corpus_new(size_t n)
{
    tb_corpus c;
    c.n = n;
    c.min_x = tb_alloc_guarded(n * sizeof(float), 0);
    c.min_y = tb_alloc_guarded(n * sizeof(float), 0);
    c.max_x = tb_alloc_guarded(n * sizeof(float), 0);
    c.max_y = tb_alloc_guarded(n * sizeof(float), 0);
    c.boxes = tb_alloc_guarded(n * sizeof(cb_box), 0);
    c.x = tb_alloc_guarded(n * sizeof(float), 0);
    c.y = tb_alloc_guarded(n * sizeof(float), 0);
    c.r = tb_alloc_guarded(n * sizeof(float), 0);
    c.circles = tb_alloc_guarded(n * sizeof(cb_circle), 0);
    return c;
}

void tb_corpus_free(tb_corpus *c)
{
    tb_free(c->min_x), tb_free(c->min_y), tb_free(c->max_x), tb_free(c->max_y);
    tb_free(c->boxes);
    tb_free(c->x), tb_free(c->y), tb_free(c->r);
    tb_free(c->circles);
    memset(c, 0, sizeof *c);
}

cb_box_soa tb_corpus_boxes(const tb_corpus *c)
{
    cb_box_soa s = {c->min_x, c->min_y, c->max_x, c->max_y};
    return s;
}

cb_circle_soa tb_corpus_circles(const tb_corpus *c)
{
    cb_circle_soa s = {c->x, c->y, c->r};
    return s;
}

void tb_corpus_set_box(tb_corpus *c, size_t i, cb_box b)
{
    c->min_x[i] = b.min_x, c->min_y[i] = b.min_y, c->max_x[i] = b.max_x, c->max_y[i] = b.max_y;
    c->boxes[i] = b;
}

void tb_corpus_set_circle(tb_corpus *c, size_t i, cb_circle ci)
{
    c->x[i] = ci.x, c->y[i] = ci.y, c->r[i] = ci.r;
    c->circles[i] = ci;
}

void tb_corpus_fill_random(tb_corpus *c, tb_rng *r)
{
    for (size_t i = 0; i < c->n; i++) {
        float x = tb_uniform(r, 0.f, 256.f), y = tb_uniform(r, 0.f, 256.f);
        cb_box b = {x, y, x + tb_uniform(r, 0.5f, 8.f), y + tb_uniform(r, 0.5f, 8.f)};
        tb_corpus_set_box(c, i, b);
        cb_circle ci = {tb_uniform(r, 0.f, 256.f), tb_uniform(r, 0.f, 256.f),
                        tb_uniform(r, 0.5f, 4.f)};
        if (tb_next(r) % 4 == 0) { /* put some circles exactly on a box edge or corner */
            ci.x = (tb_next(r) & 1) ? b.min_x - ci.r : b.max_x + ci.r;
            ci.y = (tb_next(r) & 1) ? b.min_y : b.max_y;
        }
        tb_corpus_set_circle(c, i, ci);
    }
}

static float adversarial_or_any(tb_rng *r)
{
    uint64_t k = tb_next(r);
    return (k & 7) == 0 ? tb_any_float(r) : tb_adversarial[(k >> 3) % tb_adversarial_count];
}

void tb_corpus_fill_adversarial(tb_corpus *c, tb_rng *r)
{
    for (size_t i = 0; i < c->n; i++) {
        cb_box b = {adversarial_or_any(r), adversarial_or_any(r), adversarial_or_any(r),
                    adversarial_or_any(r)};
        tb_corpus_set_box(c, i, b);
        cb_circle ci = {adversarial_or_any(r), adversarial_or_any(r), adversarial_or_any(r)};
        tb_corpus_set_circle(c, i, ci);
    }
}
