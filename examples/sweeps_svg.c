/* sweeps_svg.c - example: bullets sweeping through thin walls and enemies, each one's first hit from cbatch (time, normal, point), drawn as an SVG picture; checks that no bullet tunnels where a test at the end of the frame would let it through. */
#include <cbatch.h>

#include <math.h>
#include <stdio.h>

/*
 * Usage: sweeps_svg [out.svg]      (default: sweeps.svg)
 *
 * One frame of a shooter: bullets (small circles, one a ray of radius 0)
 * each move by their velocity times the frame time, many times their own
 * size. The walls are boxes, some of zero width (a wall as a segment); the
 * enemies are circles. For the whole frame, one call against the walls
 * (cb_pairs_sweep_first) and one against the enemies
 * (cb_pairs_sweep_circles_circles_first) give each bullet the first element
 * its swept circle touches: the record of the least time t in [0, 1] (the
 * lowest index among equal times) with the normal at impact and the contact
 * point, for every bullet that hits. The earlier of the two is the bullet's
 * hit.
 *
 * The program prints every bullet's hit, writes the picture (SVG's own
 * coordinates: x to the right, y down, a unit a pixel) and checks what it
 * shows: each first hit is what the one-bullet call (cb_batch_sweep_aos_first)
 * gives, and the least of the times every element gets (cb_batch_sweep_aos,
 * the dense times), every normal is a unit vector, and
 * a bullet that the end-of-frame overlap test would let through a wall
 * (nothing overlaps it where it lands) is stopped by the sweep. It returns
 * 0 when all hold and the file was written.
 */

#define SCENE_W 640
#define SCENE_H 400
#define LEGEND_W 300
#define NORMAL_LEN 26.0f /* drawn length of a unit normal */

static const cb_box walls[] = {
    {250, 40, 250, 200},  /* 0: zero width: a wall as a segment */
    {250, 250, 250, 370}, /* 1: zero width */
    {380, 120, 384, 300}, /* 2: 4 units thick */
    {120, 330, 330, 333}, /* 3: a thin floor */
    {470, 40, 560, 70},   /* 4: a block */
    {500, 300, 600, 340}, /* 5: a block */
};
#define NWALLS (sizeof walls / sizeof walls[0])

static const cb_circle enemies[] = {
    {330, 225, 16}, /* 0: in the gap between walls 0 and 1 */
    {540, 180, 22}, /* 1 */
    {450, 360, 14}, /* 2 */
    {180, 110, 14}, /* 3 */
};
#define NENEMIES (sizeof enemies / sizeof enemies[0])

/* Bullets: start, radius, velocity (units per second); the frame is 1/30 s. */
typedef struct {
    float x, y, r, vx, vy;
} bullet;
static const bullet bullets[] = {
    {40, 150, 3, 9000, -900},    /* 0: wall 0, of zero width */
    {40, 225, 3, 12000, 0},      /* 1: through the gap, onto enemy 0 */
    {60, 300, 3, 9000, -900},    /* 2: wall 1 */
    {300, 140, 3, 6000, 3000},   /* 3: wall 2, 4 units thick, far inside the move */
    {60, 380, 0, 9000, -4200},   /* 4: a ray: the floor from below */
    {420, 250, 3, 4800, -3300},  /* 5: enemy 1 */
    {420, 90, 3, 6000, -1500},   /* 6: the block */
    {300, 20, 3, 3000, 0},       /* 7: nothing in its way */
};
#define NBULLETS (sizeof bullets / sizeof bullets[0])
#define FRAME (1.0f / 30.0f)

typedef struct {
    int what; /* 0 none, 1 a wall, 2 an enemy */
    uint32_t index;
    float t, nx, ny, px, py;
    uint8_t feature;
} hit;

static const char *feature_name(uint8_t f)
{
    return f == CB_FEATURE_CORNER ? "corner" : f == CB_FEATURE_INSIDE ? "inside" : "face";
}

/* The frame's first hits: all bullets against the walls in one call, and
 * against the enemies in another (SoA: the arrays of each field); each
 * bullet keeps the earlier of its two (a wall on equal times). */
static void first_hits(const float *x, const float *y, const float *r, const float *dx,
                       const float *dy, hit *out)
{
    float wx0[NWALLS], wy0[NWALLS], wx1[NWALLS], wy1[NWALLS];
    float ex[NENEMIES], ey[NENEMIES], er[NENEMIES];
    for (size_t i = 0; i < NWALLS; i++)
        wx0[i] = walls[i].min_x, wy0[i] = walls[i].min_y, wx1[i] = walls[i].max_x,
        wy1[i] = walls[i].max_y;
    for (size_t i = 0; i < NENEMIES; i++)
        ex[i] = enemies[i].x, ey[i] = enemies[i].y, er[i] = enemies[i].r;
    cb_sweep_soa set = {x, y, r, dx, dy};
    cb_box_soa ws = {wx0, wy0, wx1, wy1};
    cb_circle_soa es = {ex, ey, er};
    for (size_t b = 0; b < NBULLETS; b++)
        out[b].what = 0;
    for (int k = 0; k < 2; k++) {
        cb_pair pair[NBULLETS];
        float nx[NBULLETS], ny[NBULLETS], t[NBULLETS], px[NBULLETS], py[NBULLETS];
        uint8_t feature[NBULLETS];
        cb_pair_sweep_hits h = {pair, nx, ny, t, px, py, feature};
        cb_pair_cursor all = {0, 0, 0, 0}; /* every bullet */
        size_t n = k == 0 ? cb_pairs_sweep_first(&set, NBULLETS, &ws, NWALLS, &all, &h,
                                                 NBULLETS, NULL, 0)
                          : cb_pairs_sweep_circles_circles_first(&set, NBULLETS, &es, NENEMIES,
                                                                 &all, &h, NBULLETS, NULL, 0);
        for (size_t q = 0; q < n && n != CB_INVALID; q++) { /* one record per bullet hit */
            hit *o = &out[pair[q].i];
            if (o->what && !(t[q] < o->t))
                continue;
            hit g = {k + 1, pair[q].j, t[q], nx[q], ny[q], px[q], py[q], feature[q]};
            *o = g;
        }
    }
}

/* Checks of what the picture shows; failures are counted. */
static int failures;
static void check(int ok, const char *what, size_t b)
{
    if (!ok) {
        fprintf(stderr, "sweeps_svg: bullet %zu: %s\n", b, what);
        failures++;
    }
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "sweeps.svg";
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 1;
    }
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "font-family=\"sans-serif\" font-size=\"13\">\n",
            SCENE_W + LEGEND_W, SCENE_H);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", SCENE_W + LEGEND_W, SCENE_H);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#cccccc\"/>\n", SCENE_W,
            SCENE_H);
    for (size_t i = 0; i < NWALLS; i++) { /* a wall of zero width as a line */
        const cb_box *w = &walls[i];
        if (w->min_x == w->max_x || w->min_y == w->max_y)
            fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#2c3e50\" "
                       "stroke-width=\"3\"/>\n",
                    (double)w->min_x, (double)w->min_y, (double)w->max_x, (double)w->max_y);
        else
            fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"#7f8c8d\" "
                       "stroke=\"#2c3e50\" stroke-width=\"2\"/>\n",
                    (double)w->min_x, (double)w->min_y, (double)(w->max_x - w->min_x),
                    (double)(w->max_y - w->min_y));
    }
    for (size_t i = 0; i < NENEMIES; i++)
        fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"#f5b7b1\" stroke=\"#c0392b\" "
                   "stroke-width=\"2\"/>\n",
                (double)enemies[i].x, (double)enemies[i].y, (double)enemies[i].r);

    float bx[NBULLETS], by[NBULLETS], br[NBULLETS], bdx[NBULLETS], bdy[NBULLETS];
    for (size_t b = 0; b < NBULLETS; b++)
        bx[b] = bullets[b].x, by[b] = bullets[b].y, br[b] = bullets[b].r,
        bdx[b] = bullets[b].vx * FRAME, bdy[b] = bullets[b].vy * FRAME;
    hit hits[NBULLETS];
    first_hits(bx, by, br, bdx, bdy, hits);

    int tunnels_stopped = 0;
    for (size_t b = 0; b < NBULLETS; b++) {
        const bullet *u = &bullets[b];
        cb_sweep s = {bx[b], by[b], br[b], bdx[b], bdy[b]};
        hit h = hits[b];
        float ex = s.x + s.dx, ey = s.y + s.dy;

        /* one bullet at a time gives the same first hit */
        uint32_t wi = 0, ei = 0;
        float wt = 0, et = 0, nx, ny, px, py;
        uint8_t ft;
        cb_sweep_hits wo = {&wi, &nx, &ny, &wt, &px, &py, &ft};
        cb_sweep_hits eo = {&ei, &nx, &ny, &et, &px, &py, &ft};
        size_t wh = cb_batch_sweep_aos_first(s, walls, NWALLS, &wo, 0);
        size_t eh = cb_batch_sweep_circle_circles_aos_first(s, enemies, NENEMIES, &eo, 0);
        int one_what = eh == 1 && (wh != 1 || et < wt) ? 2 : wh == 1 ? 1 : 0;
        check(one_what == h.what && (!h.what || (h.index == (one_what == 1 ? wi : ei) &&
                                                 h.t == (one_what == 1 ? wt : et))),
              "the frame's call and the one-bullet calls disagree", b);

        /* the dense times agree: the first hit is the least of them */
        float tw[NWALLS], te[NENEMIES], least = CB_SWEEP_MISS;
        cb_batch_sweep_aos(s, walls, NWALLS, tw, 0);
        cb_batch_sweep_circle_circles_aos(s, enemies, NENEMIES, te, 0);
        for (size_t i = 0; i < NWALLS; i++)
            least = tw[i] < least ? tw[i] : least;
        for (size_t i = 0; i < NENEMIES; i++)
            least = te[i] < least ? te[i] : least;
        check(h.what ? h.t == least : least == CB_SWEEP_MISS,
              "its first hit is not the least of the dense times", b);
        if (h.what)
            check(fabsf(h.nx * h.nx + h.ny * h.ny - 1.0f) < 1e-5f, "its normal is not a unit vector", b);

        /* the end-of-frame test: does anything overlap the bullet where it lands? */
        uint64_t mw = 0, me = 0;
        cb_circle end = {ex, ey, u->r};
        size_t at_end = cb_batch_overlap_aos(end, walls, NWALLS, &mw, 0) +
                        cb_batch_overlap_circle_circles_aos(end, enemies, NENEMIES, &me, 0);
        int tunnel = h.what && at_end == 0;
        tunnels_stopped += tunnel;

        /* the path: solid up to the impact, dashed after it; the start, the
         * circle at impact, the end of the frame (hollow) */
        float t = h.what ? h.t : 1.0f, cx = s.x + t * s.dx, cy = s.y + t * s.dy;
        float rr = u->r > 0 ? u->r : 1.5f;
        fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#1f5fbf\" "
                   "stroke-width=\"2\"/>\n",
                (double)s.x, (double)s.y, (double)cx, (double)cy);
        if (h.what)
            fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#9a9a9a\" "
                       "stroke-width=\"1.5\" stroke-dasharray=\"5,4\"/>\n",
                    (double)cx, (double)cy, (double)ex, (double)ey);
        fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"#1f5fbf\"/>\n", (double)s.x,
                (double)s.y, (double)rr);
        fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"none\" stroke=\"%s\" "
                   "stroke-width=\"1.5\"/>\n",
                (double)ex, (double)ey, (double)rr + 1.0, tunnel ? "#d68910" : "#9a9a9a");
        fprintf(f, "<text x=\"%g\" y=\"%g\" fill=\"#1f5fbf\">%zu</text>\n", (double)s.x - 4,
                (double)s.y - 8, b);
        if (!h.what) {
            printf("bullet %zu: no hit this frame\n", b);
            continue;
        }
        fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"#aed6f1\" stroke=\"#1f5fbf\" "
                   "stroke-width=\"1.5\"/>\n",
                (double)cx, (double)cy, (double)rr + 1.5);
        fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#1e8449\" "
                   "stroke-width=\"2.5\"/>\n",
                (double)h.px, (double)h.py, (double)(h.px + NORMAL_LEN * h.nx),
                (double)(h.py + NORMAL_LEN * h.ny));
        fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"3\" fill=\"#111111\"/>\n", (double)h.px,
                (double)h.py);
        printf("bullet %zu: %s %u at t = %.4f, normal (%.3f, %.3f), point (%.1f, %.1f), %s%s\n", b,
               h.what == 1 ? "wall" : "enemy", (unsigned)h.index, (double)h.t, (double)h.nx,
               (double)h.ny, (double)h.px, (double)h.py, feature_name(h.feature),
               tunnel ? "; an end-of-frame test would have let it through" : "");
    }
    check(tunnels_stopped >= 3, "fewer than 3 bullets would tunnel at the end of the frame", 0);

    /* the legend */
    static const char *const legend[] = {
        "One frame (1/30 s): every bullet's first hit",
        "from one cb_pairs_sweep_first call against",
        "the walls and one against the enemies.",
        "",
        "blue: the path up to the first hit, and",
        "   the bullet at the time of impact",
        "green: the normal at impact, from the",
        "   element toward the bullet; black dot:",
        "   the contact point",
        "dashed: the rest of the frame's move",
        "hollow: where the bullet ends the frame;",
        "   orange: nothing overlaps it there, so",
        "   an end-of-frame test lets it tunnel",
        "",
        "dark grey: walls (two of zero width, one",
        "   4 units thick); red circles: enemies",
        "bullet 4 is a ray (radius 0)",
    };
    for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) { /* "   ": indented */
        int indent = legend[i][0] == ' ';
        fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#222222\">%s</text>\n",
                SCENE_W + 14 + 14 * indent, 30 + 20 * (int)i, legend[i] + 3 * indent);
    }
    fprintf(f, "</svg>\n");
    if (fclose(f) != 0) {
        perror(path);
        return 1;
    }
    printf("%d bullets would tunnel at the end of the frame; the sweep stops them. Wrote %s\n",
           tunnels_stopped, path);
    return failures ? 1 : 0;
}
