/* quickstart.c - a first program: one circle against a few boxes, then all pairs of a set. */
#include <cbatch.h>

#include <stdio.h>
#include <stdlib.h>

enum { N_BOXES = 4, N_CIRCLES = 5, PAGE = 4 };

static int wrong; /* answers that are not the ones this scene has */

static void expect(int ok, const char *what)
{
    if (!ok) {
        printf("  WRONG: %s\n", what);
        wrong++;
    }
}

int main(void)
{
    /* Four boxes as a structure of arrays (SoA): box i is the rectangle from its minimum
     * corner (min_x[i], min_y[i]) to its maximum corner (max_x[i], max_y[i]). */
    static const float min_x[N_BOXES] = {0.f, 10.f, 20.f, 9.f};
    static const float min_y[N_BOXES] = {0.f, 0.f, 0.f, 4.5f};
    static const float max_x[N_BOXES] = {8.f, 14.f, 24.f, 11.f};
    static const float max_y[N_BOXES] = {4.f, 4.f, 4.f, 6.f};
    const cb_box_soa boxes = {min_x, min_y, max_x, max_y};
    const cb_circle circle = {.x = 9.f, .y = 2.f, .r = 2.f};

    /* Overlap as a bitmask: bit i % 64 of mask[i / 64] is set when box i overlaps the circle. */
    uint64_t mask[(N_BOXES + 63) / 64];
    size_t n_hits = cb_batch_overlap(circle, &boxes, N_BOXES, mask, 0); /* 0: touching counts */
    printf("overlap: %zu boxes, mask 0x%llx\n", n_hits, (unsigned long long)mask[0]);
    expect(n_hits == 2 && mask[0] == 0x3, "boxes 0 and 1 overlap the circle");

    /* The same hits as the ascending indices of the boxes. */
    uint32_t hit_box[N_BOXES];
    size_t n_idx = cb_batch_overlap_idx(circle, &boxes, N_BOXES, hit_box, 0);
    for (size_t k = 0; k < n_idx; k++)
        printf("  box %u\n", (unsigned)hit_box[k]);
    expect(n_idx == 2 && hit_box[0] == 0 && hit_box[1] == 1, "the indices are 0, 1");

    /* Contacts within a margin: a record per box at most the margin away. The normal points from
     * the box toward the circle; moving the circle by normal * -separation leaves it touching. */
    uint32_t contact_box[N_BOXES];
    float normal_x[N_BOXES], normal_y[N_BOXES], separation[N_BOXES];
    float point_x[N_BOXES], point_y[N_BOXES];
    uint8_t feature[N_BOXES];
    cb_contacts contacts = {.index = contact_box, .normal_x = normal_x, .normal_y = normal_y,
                            .separation = separation, .point_x = point_x, .point_y = point_y,
                            .feature = feature};
    size_t n_contacts = cb_batch_contacts(circle, &boxes, N_BOXES, 1.f /* margin */, &contacts, 0);
    for (size_t k = 0; k < n_contacts; k++)
        printf("  box %u: separation %g, normal (%g, %g), point (%g, %g)\n",
               (unsigned)contact_box[k], separation[k], normal_x[k], normal_y[k], point_x[k],
               point_y[k]);
    expect(n_contacts == 3 && contact_box[0] == 0 && contact_box[1] == 1 && contact_box[2] == 3,
           "boxes 0, 1 and 3 (0.5 away) are within the margin");
    if (n_contacts == 3) {
        expect(separation[0] == -1.f && normal_x[0] == 1.f && normal_y[0] == 0.f,
               "box 0: 1 deep, pushed out along +x");
        expect(separation[2] == 0.5f && normal_x[2] == 0.f && normal_y[2] == -1.f,
               "box 3: 0.5 away, above the circle");
    }

    /* All pairs: every overlapping (circle i, box j) of a set of circles and the boxes, sorted
     * by circle, then box. Circle 0 is the circle above. */
    static const float cx[N_CIRCLES] = {9.f, 22.f, 30.f, 5.f, 10.f};
    static const float cy[N_CIRCLES] = {2.f, 2.f, 30.f, 5.f, 5.f};
    static const float cr[N_CIRCLES] = {2.f, 1.f, 1.f, 1.5f, 1.f};
    const cb_circle_soa circles = {cx, cy, cr};
    static const cb_pair expected[] = {{0, 0}, {0, 1}, {1, 2}, {3, 0}, {4, 1}, {4, 3}};
    const size_t n_expected = sizeof expected / sizeof expected[0];

    void *scratch = malloc(cb_pairs_scratch_size(N_CIRCLES, N_BOXES)); /* or NULL: per call */
    if (!scratch)
        return 1;
    cb_pair page[PAGE];          /* room for fewer pairs than there are: the calls resume */
    cb_pair_cursor cursor = {0}; /* zero: every circle of the set, from the start */
    size_t n_pairs = 0, n_calls = 0;
    do {
        size_t written = cb_pairs_overlap(&circles, N_CIRCLES, &boxes, N_BOXES, &cursor, page,
                                          PAGE, scratch, 0);
        if (written == CB_INVALID) { /* bad arguments: nothing written */
            expect(0, "cb_pairs_overlap's arguments are valid");
            break;
        }
        n_calls++;
        for (size_t k = 0; k < written; k++, n_pairs++) {
            printf("  call %zu: circle %u, box %u\n", n_calls, (unsigned)page[k].i,
                   (unsigned)page[k].j);
            expect(n_pairs < n_expected && page[k].i == expected[n_pairs].i &&
                       page[k].j == expected[n_pairs].j,
                   "the pairs, in order");
        }
    } while (cursor.circle < cursor.end); /* pairs left: the next call goes on from there */
    printf("all pairs: %zu in %zu calls of room %d\n", n_pairs, n_calls, PAGE);
    expect(n_pairs == n_expected && n_calls == 2, "6 pairs in 2 calls");

    /* Counting without writing (pairs NULL, capacity 0), touching not counted (CB_STRICT):
     * circle 4 only touches box 1. */
    cb_pair_cursor count_cursor = {0};
    size_t n_strict = cb_pairs_overlap(&circles, N_CIRCLES, &boxes, N_BOXES, &count_cursor, NULL,
                                       0, scratch, CB_STRICT);
    printf("all pairs, touching not counted: %zu\n", n_strict);
    expect(n_strict == n_expected - 1, "5 pairs that more than touch");
    free(scratch);

    printf("quickstart: %d wrong answers\n", wrong);
    return wrong ? 1 : 0;
}
