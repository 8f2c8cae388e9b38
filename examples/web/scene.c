/* scene.c - the web example's shooter scene: bullets swept against walls and crates each frame (cb_pairs_sweep_first), blasts at the hits against the crates (cb_pairs_overlap); deterministic, the same in a native program and in a browser's WebAssembly module. */
#include "scene.h"

#include <cbatch.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * The arena: SCENE_W x SCENE_H units (the page draws one unit per pixel),
 * walled all round, a few inner walls, SCENE_CRATES crates. Bullets leave
 * SCENE_GUNS guns, each in a direction uniform on the circle at a speed
 * uniform in [4, 12) units per frame; a quarter are rays (r = 0), the rest
 * r uniform in [0.5, 2). One frame, per bullet: its first hit over the
 * frame (one cb_pairs_sweep_first call for all of them); a bullet that hits
 * is replaced by a new one at a gun, one that does not moves on by its
 * velocity. Every hit leaves a blast of radius SCENE_BLAST_R at the hit
 * point; every crate a blast overlaps (one cb_pairs_overlap call, resumed
 * while the list is full) loses a hit point per blast; a crate at 0 is
 * rebuilt elsewhere with full hit points (same index: the box count never
 * changes). Walls take no damage.
 *
 * Deterministic everywhere: one seeded generator (splitmix64) whose draws
 * happen in a fixed order, a fixed time step (velocities per frame), and
 * only +, -, *, / and sqrt on floats (exact IEEE operations; the project
 * builds with -ffp-contract=off, so no fused multiply-add), no libm
 * function whose result could differ between C libraries. The library's
 * answers are bit-identical on every backend, so the native program and
 * both WebAssembly modules step through the same frames.
 */

#define SCENE_GUNS 6
#define SCENE_INNER_WALLS 10
#define SCENE_CRATES 160
#define SCENE_BLAST_R 6.0f
#define SCENE_CRATE_HP 4
#define SCENE_GUN_CLEAR 24.0f /* no crate within this distance of a gun */
#define SCENE_OVERLAP_CAP 4096u

static const float gun_x[SCENE_GUNS] = {120.0f, 480.0f, 840.0f, 120.0f, 480.0f, 840.0f};
static const float gun_y[SCENE_GUNS] = {135.0f, 100.0f, 135.0f, 405.0f, 440.0f, 405.0f};

typedef struct scene {
    uint64_t rng;
    uint32_t n, m, frame;
    float *bx, *by, *br, *bvx, *bvy; /* bullets: start of frame, velocity per frame */
    float *x0, *y0, *x1, *y1;       /* boxes: walls first, then crates */
    uint8_t *kind, *flash;          /* SCENE_WALL / SCENE_CRATE; blasts this frame */
    int32_t *hp;
    cb_pair *pair;                  /* sweep records, one per bullet at most */
    float *nx, *ny, *t, *px, *py;
    uint8_t *feat;
    float *blast_r;
    cb_pair *overlaps;
    void *scratch;
    uint32_t hits, n_overlaps;
} scene;

static scene S;

static uint64_t next_u64(void)
{
    uint64_t z = (S.rng += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi): 24 random bits, exact as a float. */
static float uniform(float lo, float hi)
{
    const float u = (float)(next_u64() >> 40) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * u;
}

/* A new bullet i at a gun, moving in a direction uniform on the circle (a
 * point drawn uniformly in the unit disc, then scaled to unit length). */
static void spawn_bullet(uint32_t i)
{
    const uint32_t g = (uint32_t)(next_u64() % SCENE_GUNS);
    float ux, uy, d2;
    do {
        ux = uniform(-1.0f, 1.0f), uy = uniform(-1.0f, 1.0f);
        d2 = ux * ux + uy * uy;
    } while (d2 > 1.0f || d2 < 0.0625f);
    const float speed = uniform(4.0f, 12.0f) / sqrtf(d2);
    S.bx[i] = gun_x[g], S.by[i] = gun_y[g];
    S.br[i] = next_u64() % 4 == 0 ? 0.0f : uniform(0.5f, 2.0f);
    S.bvx[i] = ux * speed, S.bvy[i] = uy * speed;
}

static void set_box(uint32_t j, float x0, float y0, float x1, float y1, uint8_t kind)
{
    S.x0[j] = x0, S.y0[j] = y0, S.x1[j] = x1, S.y1[j] = y1;
    S.kind[j] = kind;
    S.hp[j] = kind == SCENE_CRATE ? SCENE_CRATE_HP : 0;
}

/* Crate j somewhere new, clear of every gun: side uniform in [8, 24). */
static void place_crate(uint32_t j)
{
    for (;;) {
        const float w = uniform(8.0f, 24.0f), h = uniform(8.0f, 24.0f);
        const float x = uniform(16.0f, SCENE_W - 16.0f - w);
        const float y = uniform(16.0f, SCENE_H - 16.0f - h);
        int clear = 1;
        for (int g = 0; g < SCENE_GUNS && clear; g++)
            clear = x + w + SCENE_GUN_CLEAR < gun_x[g] || gun_x[g] + SCENE_GUN_CLEAR < x ||
                    y + h + SCENE_GUN_CLEAR < gun_y[g] || gun_y[g] + SCENE_GUN_CLEAR < y;
        if (clear) {
            set_box(j, x, y, x + w, y + h, SCENE_CRATE);
            return;
        }
    }
}

static void scene_free(void)
{
    void *all[] = {S.bx, S.by, S.br, S.bvx, S.bvy, S.x0, S.y0, S.x1, S.y1, S.kind, S.flash,
                   S.hp, S.pair, S.nx, S.ny, S.t, S.px, S.py, S.feat, S.blast_r, S.overlaps,
                   S.scratch};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        free(all[k]);
    memset(&S, 0, sizeof S);
}

int scene_init(uint32_t seed, uint32_t n_bullets)
{
    scene_free();
    const uint32_t n = n_bullets, m = 4 + SCENE_INNER_WALLS + SCENE_CRATES;
    S.n = n, S.m = m, S.rng = seed;
    const size_t fn = (size_t)n * sizeof(float), fm = (size_t)m * sizeof(float);
    S.bx = malloc(fn), S.by = malloc(fn), S.br = malloc(fn), S.bvx = malloc(fn);
    S.bvy = malloc(fn);
    S.x0 = malloc(fm), S.y0 = malloc(fm), S.x1 = malloc(fm), S.y1 = malloc(fm);
    S.kind = malloc(m), S.flash = calloc(m, 1), S.hp = malloc(m * sizeof *S.hp);
    S.pair = malloc(n * sizeof *S.pair);
    S.nx = malloc(fn), S.ny = malloc(fn), S.t = malloc(fn), S.px = malloc(fn);
    S.py = malloc(fn), S.feat = malloc(n), S.blast_r = malloc(fn);
    S.overlaps = malloc(SCENE_OVERLAP_CAP * sizeof *S.overlaps);
    const size_t sb = cb_pairs_scratch_size(n, m);
    S.scratch = sb == SIZE_MAX ? NULL : malloc(sb);
    if (!n || !S.bx || !S.by || !S.br || !S.bvx || !S.bvy || !S.x0 || !S.y0 || !S.x1 || !S.y1 ||
        !S.kind || !S.flash || !S.hp || !S.pair || !S.nx || !S.ny || !S.t || !S.px || !S.py ||
        !S.feat || !S.blast_r || !S.overlaps || !S.scratch) {
        scene_free();
        return -1;
    }
    /* the outer walls, 8 thick, then inner walls: horizontal or vertical,
     * 60 to 200 long, half of zero thickness (a line), half 2 to 6 thick */
    set_box(0, 0.0f, 0.0f, SCENE_W, 8.0f, SCENE_WALL);
    set_box(1, 0.0f, SCENE_H - 8.0f, SCENE_W, SCENE_H, SCENE_WALL);
    set_box(2, 0.0f, 0.0f, 8.0f, SCENE_H, SCENE_WALL);
    set_box(3, SCENE_W - 8.0f, 0.0f, SCENE_W, SCENE_H, SCENE_WALL);
    for (uint32_t j = 4; j < 4 + SCENE_INNER_WALLS; j++) {
        const float len = uniform(60.0f, 200.0f);
        const float thick = next_u64() % 2 ? 0.0f : uniform(2.0f, 6.0f);
        const float x = uniform(40.0f, SCENE_W - 240.0f), y = uniform(40.0f, SCENE_H - 240.0f);
        if (next_u64() % 2)
            set_box(j, x, y + 100.0f, x + len, y + 100.0f + thick, SCENE_WALL);
        else
            set_box(j, x + 100.0f, y, x + 100.0f + thick, y + len, SCENE_WALL);
    }
    for (uint32_t j = 4 + SCENE_INNER_WALLS; j < m; j++)
        place_crate(j);
    for (uint32_t i = 0; i < n; i++)
        spawn_bullet(i);
    for (uint32_t i = 0; i < n; i++)
        S.blast_r[i] = SCENE_BLAST_R;
    S.frame = 0, S.hits = 0, S.n_overlaps = 0;
    return 0;
}

int32_t scene_step(void)
{
    if (!S.n)
        return -1;
    const cb_sweep_soa sweeps = {S.bx, S.by, S.br, S.bvx, S.bvy};
    const cb_box_soa boxes = {S.x0, S.y0, S.x1, S.y1};
    cb_pair_sweep_hits out = {S.pair, S.nx, S.ny, S.t, S.px, S.py, S.feat};
    cb_pair_cursor cur;
    memset(&cur, 0, sizeof cur);
    /* capacity n: one record per bullet at most, so one call does them all */
    const size_t hits = cb_pairs_sweep_first(&sweeps, S.n, &boxes, S.m, &cur, &out, S.n,
                                             S.scratch, 0);
    if (hits == CB_INVALID)
        return -1;

    /* the blasts, at the hit points: which boxes they overlap */
    memset(S.flash, 0, S.m);
    const cb_circle_soa blasts = {S.px, S.py, S.blast_r};
    size_t n_overlaps = 0, got;
    memset(&cur, 0, sizeof cur);
    do {
        got = cb_pairs_overlap(&blasts, hits, &boxes, S.m, &cur, S.overlaps, SCENE_OVERLAP_CAP,
                               S.scratch, 0);
        if (got == CB_INVALID)
            return -1;
        for (size_t q = 0; q < got; q++) {
            const uint32_t j = S.overlaps[q].j;
            S.flash[j] = 1;
            if (S.kind[j] == SCENE_CRATE)
                S.hp[j]--;
        }
        n_overlaps += got;
    } while (got == SCENE_OVERLAP_CAP && cur.circle != cur.end);

    /* the records are by bullet ascending: walk them beside the bullets */
    size_t k = 0;
    for (uint32_t i = 0; i < S.n; i++) {
        if (k < hits && S.pair[k].i == i) {
            spawn_bullet(i);
            k++;
        } else {
            S.bx[i] += S.bvx[i], S.by[i] += S.bvy[i];
        }
    }
    for (uint32_t j = 0; j < S.m; j++)
        if (S.kind[j] == SCENE_CRATE && S.hp[j] <= 0)
            place_crate(j);
    S.frame++;
    S.hits = (uint32_t)hits, S.n_overlaps = (uint32_t)n_overlaps;
    return (int32_t)hits;
}

uint32_t scene_overlaps(void) { return S.n_overlaps; }
uint32_t scene_frame(void) { return S.frame; }
uint32_t scene_bullets(void) { return S.n; }
uint32_t scene_boxes(void) { return S.m; }
const float *scene_bullet_x(void) { return S.bx; }
const float *scene_bullet_y(void) { return S.by; }
const float *scene_bullet_r(void) { return S.br; }
const float *scene_box_min_x(void) { return S.x0; }
const float *scene_box_min_y(void) { return S.y0; }
const float *scene_box_max_x(void) { return S.x1; }
const float *scene_box_max_y(void) { return S.y1; }
const uint8_t *scene_box_kind(void) { return S.kind; }
const uint8_t *scene_box_flash(void) { return S.flash; }
const float *scene_hit_x(void) { return S.px; }
const float *scene_hit_y(void) { return S.py; }

uint32_t scene_hash(uint32_t h, uint32_t hits, uint32_t overlaps)
{
    h = (h ^ hits) * 16777619u;
    return (h ^ overlaps) * 16777619u;
}
