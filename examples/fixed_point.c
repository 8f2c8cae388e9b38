/* fixed_point.c - example: a lockstep game's Q16.16 fixed-point world through the integer queries, unchanged: exact hits (touching decided exactly), squared distances in Q32.32, contacts, and the same answer at any scale. */
#include <cbatch.h>

#include <inttypes.h>
#include <stdio.h>

/*
 * Usage: fixed_point
 *
 * A Q16.16 number is an int32 holding value * 2^16 (Q(1.5) = 98304). The
 * integer queries compare squares of differences, which all scale by the
 * same 2^32, so Q16.16 coordinates go through them exactly as they are:
 * the hits are those of the real-valued geometry, with no rounding at all,
 * the same on every CPU. What changes is only the unit of the outputs: a
 * point is Q16.16 like the inputs, and a squared distance d2 is in units
 * of 2^-32 (Q32.32): d2 / 2^32 squared world units.
 *
 * The program checks what it prints and returns 0 when every check holds
 * (it runs as a test).
 */

#define ONE 65536 /* 1.0 in Q16.16 */
#define Q(v) ((int32_t)((v) * ONE)) /* for the literals of this example only */

/* A level's walls and crates as SDL-style rectangles (corner, width, height). */
static const cb_irect rects[] = {
    {Q(0), Q(0), Q(10), Q(1)},          /* 0: floor, 1 below the centre */
    {Q(3), Q(3), Q(1), Q(1)},           /* 1: crate, its corner (4, 3) sqrt(2) away */
    {Q(6.5), Q(1), Q(0.25), Q(4)},      /* 2: thin wall, its face x = 6.5 exactly r away */
    {Q(2.5), Q(4.75), Q(0.5), Q(0.5)},  /* 3: crate out of reach */
    {Q(4.25), Q(1.5), Q(1.5), Q(1.5)},  /* 4: crate around the centre, its bottom face nearest */
};
#define NB (sizeof rects / sizeof rects[0])

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("  CHECK FAILED: %s\n", what);
        failures++;
    }
}

/* A Q16.16 value as a decimal for printing (exact for this example's values). */
static double real(int64_t q) { return (double)q / ONE; }

int main(void)
{
    /* The player: centre (5, 2), radius 1.5. */
    const cb_icircle player = {Q(5), Q(2), Q(1.5)};

    /* SDL rects to min/max boxes, exactly (a rect reaching past int32 would be refused). */
    cb_ibox boxes[NB];
    cb_fault fault;
    size_t ok = cb_iboxes_from_rects(rects, NB, boxes, &fault);
    check(ok == NB && fault == CB_FAULT_NONE, "every rect converts");

    /* Overlap, touching counts (the default) and not (CB_STRICT). */
    uint32_t hit[NB], strict[NB];
    size_t nh = cb_batch_overlap_icircle_iboxes_aos_idx(player, boxes, NB, hit, 0);
    size_t ns = cb_batch_overlap_icircle_iboxes_aos_idx(player, boxes, NB, strict, CB_STRICT);
    printf("player at (%g, %g), r %g (Q16.16): %zu hits when touching counts, %zu with CB_STRICT\n",
           real(player.x), real(player.y), real(player.r), nh, ns);
    check(nh == 4 && hit[0] == 0 && hit[1] == 1 && hit[2] == 2 && hit[3] == 4,
          "hits: the floor, the crate, the wall it touches, the crate around it");
    check(ns == 3 && strict[2] == 4, "CB_STRICT drops exactly the touching wall");

    /* Squared distances to every box: Q32.32, exact. */
    uint64_t d2[NB];
    int32_t px[NB], py[NB];
    cb_int_distances dist = {d2, px, py};
    cb_batch_distance_icircle_iboxes_aos(player, boxes, NB, &dist, 0);
    for (size_t i = 0; i < NB; i++)
        printf("  box %zu: nearest point (%g, %g), squared distance %" PRIu64
               " (Q32.32) = %.10g units^2\n",
               i, real(px[i]), real(py[i]), d2[i], (double)d2[i] / 4294967296.0);
    uint64_t r2 = (uint64_t)player.r * (uint64_t)player.r; /* also Q32.32 */
    check(d2[2] == r2, "the wall is exactly r away: d2 == r^2");
    check(d2[1] == 2ull * ONE * ONE, "the crate's corner is sqrt(2) away: d2 == 2.0 exactly");
    check(d2[4] == 0, "inside the crate: d2 == 0");

    /* Contacts of the hits: the point, d2 and, inside a box, the nearest
     * face and the exact depth (the penetration is depth + r). */
    uint32_t index[NB], depth[NB];
    int32_t cx[NB], cy[NB];
    uint64_t cd2[NB];
    uint8_t feature[NB];
    cb_int_contacts contacts = {index, cx, cy, cd2, depth, feature};
    size_t nc = cb_batch_contacts_icircle_iboxes_aos(player, boxes, NB, &contacts, 0);
    static const char *const features[] = {"face", "corner", "inside"};
    for (size_t k = 0; k < nc; k++)
        printf("  contact with box %" PRIu32 ": %s, point (%g, %g), d2 %.10g, depth %g\n", index[k],
               features[feature[k]], real(cx[k]), real(cy[k]), (double)cd2[k] / 4294967296.0,
               real(depth[k]));
    check(nc == nh, "one contact per hit");
    check(nc == 4 && feature[3] == CB_FEATURE_INSIDE && depth[3] == Q(0.5) && cy[3] == Q(1.5),
          "inside crate 4: out through its bottom face (y = 1.5), 0.5 deep");

    /* The same world at another scale (Q8.8 here: every value / 2^8) gives
     * the same hits: the predicates do not depend on the format. */
    cb_ibox coarse[NB];
    for (size_t i = 0; i < NB; i++)
        coarse[i] = (cb_ibox){boxes[i].min_x >> 8, boxes[i].min_y >> 8, boxes[i].max_x >> 8,
                              boxes[i].max_y >> 8};
    cb_icircle p8 = {player.x >> 8, player.y >> 8, player.r >> 8};
    uint32_t hit8[NB];
    size_t n8 = cb_batch_overlap_icircle_iboxes_aos_idx(p8, coarse, NB, hit8, 0);
    check(n8 == nh, "Q8.8: the same hits as Q16.16");

    printf("fixed_point: %s\n", failures ? "FAIL" : "every check holds");
    return failures ? 1 : 0;
}
