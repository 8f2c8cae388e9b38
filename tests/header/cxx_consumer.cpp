// cxx_consumer.cpp - cbatch.h from C++11 (built with -Wall -Wextra -Wpedantic -Werror): the header compiles as C++, its functions link with C linkage, and a few calls give the documented answers.
#include <cbatch.h>

#include <cstdio>

int main()
{
    // Aggregates initialise as in C; the enums and macros are usable as C++ constants.
    cb_circle c = {0.f, 0.f, 5.f};
    cb_box touching = {3.f, 4.f, 6.f, 8.f}; // the corner (3, 4) is at distance 5
    const float min_x[3] = {3.f, 10.f, -1.f}, min_y[3] = {4.f, 10.f, -1.f};
    const float max_x[3] = {6.f, 11.f, 1.f}, max_y[3] = {8.f, 11.f, 1.f};
    cb_box_soa boxes = {min_x, min_y, max_x, max_y};
    uint64_t mask[1] = {0};
    int fails = 0;
    uint64_t touch = 0, strict = 0;
    if (cb_batch_overlap_aos(c, &touching, 1, &touch, CB_TOUCH) != 1 || touch != 1u ||
        cb_batch_overlap_aos(c, &touching, 1, &strict, CB_STRICT) != 0 || strict != 0u) {
        std::printf("cb_batch_overlap_aos: the touching corner is not decided as documented\n");
        fails++;
    }
    size_t hits = cb_batch_overlap(c, &boxes, 3, mask, 0);
    if (hits != 2 || mask[0] != 5u) {
        std::printf("cb_batch_overlap: %zu hits, mask 0x%llx (want 2, 0x5)\n", hits,
                    (unsigned long long)mask[0]);
        fails++;
    }
    if (cb_batch_overlap(c, &boxes, 3, nullptr, 0) != CB_INVALID) {
        std::printf("cb_batch_overlap with a NULL mask is not CB_INVALID\n");
        fails++;
    }
    cb_backend b = cb_active_backend();
    std::printf("cxx_consumer: C++ %ld, backend %s, %s\n", static_cast<long>(__cplusplus),
                cb_backend_name(b), fails ? "FAIL" : "ok");
    return fails ? 1 : 0;
}
