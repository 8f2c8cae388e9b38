// consumer.cpp - the C++ program of the CMake consumer (tests/cmake/CMakeLists.txt), built
// against an installed cbatch: cbatch.h as C++11, its functions linked with C linkage, a few
// calls whose answers are known; exits 1 on a wrong one.
#include <cbatch.h>

#include <cstdio>

int main()
{
    const cb_circle c = {0.f, 0.f, 5.f};
    // Boxes: touching at the corner (3, 4), at distance 5 = r; far away; around the centre.
    const cb_box boxes[3] = {
        {3.f, 4.f, 6.f, 8.f}, {10.f, 10.f, 11.f, 11.f}, {-1.f, -1.f, 1.f, 1.f}};
    // Circles: touching from outside (centres 8 apart, radii 5 + 3); inside; far away.
    const cb_circle circles[3] = {{8.f, 0.f, 3.f}, {1.f, 1.f, 1.f}, {20.f, 20.f, 1.f}};
    uint64_t touch = 0, strict = 0, around = 0;
    int fails = 0;

    if (cb_batch_overlap_aos(c, boxes, 3, &touch, CB_TOUCH) != 2 || touch != 5u ||
        cb_batch_overlap_aos(c, boxes, 3, &strict, CB_STRICT) != 1 || strict != 4u) {
        std::printf("cb_batch_overlap_aos: masks 0x%llx, 0x%llx (want 0x5, strict 0x4)\n",
                    static_cast<unsigned long long>(touch),
                    static_cast<unsigned long long>(strict));
        fails++;
    }
    if (cb_batch_overlap_circle_circles_aos(c, circles, 3, &around, CB_STRICT) != 1 ||
        around != 2u) {
        std::printf("cb_batch_overlap_circle_circles_aos: mask 0x%llx (want 0x2 strict)\n",
                    static_cast<unsigned long long>(around));
        fails++;
    }
    if (cb_batch_overlap_aos(c, boxes, 3, nullptr, 0) != CB_INVALID) {
        std::printf("cb_batch_overlap_aos with a null mask is not CB_INVALID\n");
        fails++;
    }
    const char *backend = cb_backend_name(cb_active_backend());
    if (backend == nullptr) {
        std::printf("cb_backend_name(cb_active_backend()) is null\n");
        fails++;
    }
#ifdef CB_STATIC
    const char *linkage = "CB_STATIC defined";
#else
    const char *linkage = "CB_STATIC not defined";
#endif
    std::printf("consumer (C++ %ld): 3 boxes, 3 circles; backend %s; %s; %s\n",
                static_cast<long>(__cplusplus), backend ? backend : "?", linkage,
                fails ? "FAIL" : "ok");
    return fails ? 1 : 0;
}
