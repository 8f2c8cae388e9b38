/* scene_main.c - cb-scene: the web example's shooter scene run natively for a number of frames, printing the counts the browser stage compares with the page's. */
#include "scene.h"

#include <cbatch.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Usage: cb-scene [--frames N] [--per-frame]
 * Prints, the lines scripts/test-browser.sh reads:
 *   "backend: <name>"
 *   "frame <k> hits <h> overlaps <o>"     (with --per-frame, k from 1)
 *   "frames <N> hits <total> overlaps <total> hash 0x<8 hex digits>"
 * The hash folds every frame's two counts in order (scene_hash), as the
 * page does in JavaScript. Exit status 0, 1 when the scene fails, 2 on a
 * usage error.
 */
int main(int argc, char **argv)
{
    unsigned long frames = 600;
    int per_frame = 0;
    for (int a = 1; a < argc; a++) {
        char *end = NULL;
        if (!strcmp(argv[a], "--frames") && a + 1 < argc) {
            frames = strtoul(argv[++a], &end, 10);
            if (!end || *end || !frames) {
                fprintf(stderr, "cb-scene: --frames wants a positive count\n");
                return 2;
            }
        } else if (!strcmp(argv[a], "--per-frame")) {
            per_frame = 1;
        } else {
            fprintf(stderr, "usage: cb-scene [--frames N] [--per-frame]\n");
            return 2;
        }
    }
    printf("backend: %s\n", cb_backend_name(cb_active_backend()));
    if (scene_init(SCENE_SEED, SCENE_BULLETS)) {
        fprintf(stderr, "cb-scene: out of memory\n");
        return 1;
    }
    unsigned long total_hits = 0, total_overlaps = 0;
    uint32_t hash = 2166136261u;
    for (unsigned long f = 1; f <= frames; f++) {
        const int32_t hits = scene_step();
        if (hits < 0) {
            fprintf(stderr, "cb-scene: frame %lu: a cbatch call refused the scene\n", f);
            return 1;
        }
        const uint32_t overlaps = scene_overlaps();
        total_hits += (unsigned long)hits, total_overlaps += overlaps;
        hash = scene_hash(hash, (uint32_t)hits, overlaps);
        if (per_frame)
            printf("frame %lu hits %ld overlaps %lu\n", f, (long)hits, (unsigned long)overlaps);
    }
    printf("frames %lu hits %lu overlaps %lu hash 0x%08lx\n", frames, total_hits, total_overlaps,
           (unsigned long)hash);
    return 0;
}
