/* consumer.c - the C program of the CMake consumer (tests/cmake/CMakeLists.txt), built against
 * an installed cbatch: a few calls whose answers are known; exits 1 on a wrong one. */
#include <cbatch.h>

#include <stdio.h>

int main(void)
{
    cb_circle c = {0.f, 0.f, 5.f};
    /* Boxes: touching at the corner (3, 4), at distance 5 = r; far away; around the centre. */
    const float min_x[3] = {3.f, 10.f, -1.f}, min_y[3] = {4.f, 10.f, -1.f};
    const float max_x[3] = {6.f, 11.f, 1.f}, max_y[3] = {8.f, 11.f, 1.f};
    cb_box_soa boxes = {min_x, min_y, max_x, max_y};
    /* Circles: touching from outside (centres 8 apart, radii 5 + 3); inside; far away. */
    const float x[3] = {8.f, 1.f, 20.f}, y[3] = {0.f, 1.f, 20.f}, r[3] = {3.f, 1.f, 1.f};
    cb_circle_soa circles = {x, y, r};
    uint64_t touch = 0, strict = 0, around = 0;
    float dist[3];
    const char *backend, *linkage;
    int fails = 0;

    if (cb_batch_overlap(c, &boxes, 3, &touch, CB_TOUCH) != 2 || touch != 5u ||
        cb_batch_overlap(c, &boxes, 3, &strict, CB_STRICT) != 1 || strict != 4u) {
        printf("cb_batch_overlap: masks 0x%llx, 0x%llx (want 0x5 touching, 0x4 strict)\n",
               (unsigned long long)touch, (unsigned long long)strict);
        fails++;
    }
    if (cb_batch_overlap_circle_circles(c, &circles, 3, &around, CB_TOUCH) != 2 || around != 3u) {
        printf("cb_batch_overlap_circle_circles: mask 0x%llx (want 0x3)\n",
               (unsigned long long)around);
        fails++;
    }
    /* The touching corner's separation is exactly 0; the far box's sqrt(200) - 5. */
    if (cb_batch_distance(c, &boxes, 3, dist, 0) != 3 || dist[0] != 0.f || dist[1] < 9.14f ||
        dist[1] > 9.15f) {
        printf("cb_batch_distance: %g, %g (want 0, 9.142)\n", dist[0], dist[1]);
        fails++;
    }
    if (cb_batch_overlap(c, &boxes, 3, NULL, 0) != CB_INVALID) {
        printf("cb_batch_overlap with a NULL mask is not CB_INVALID\n");
        fails++;
    }
    backend = cb_backend_name(cb_active_backend());
    if (backend == NULL) {
        printf("cb_backend_name(cb_active_backend()) is NULL\n");
        fails++;
    }
#ifdef CB_STATIC
    linkage = "CB_STATIC defined";
#else
    linkage = "CB_STATIC not defined";
#endif
    printf("consumer (C): 3 boxes, 3 circles, distances; backend %s; %s; %s\n",
           backend ? backend : "?", linkage, fails ? "FAIL" : "ok");
    return fails ? 1 : 0;
}
