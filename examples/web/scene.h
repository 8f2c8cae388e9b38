/* scene.h - the web example's shooter scene (scene.c): what the native program and the page's WebAssembly module call. */
#ifndef CB_WEB_SCENE_H
#define CB_WEB_SCENE_H

#include <stdint.h>

#define SCENE_W 960.0f /* the arena, in units (the page: one pixel each) */
#define SCENE_H 540.0f
#define SCENE_SEED 35u       /* what the page and cb-scene run by default */
#define SCENE_BULLETS 3000u
#define SCENE_WALL 0u /* scene_box_kind() */
#define SCENE_CRATE 1u

/* A new scene of n_bullets bullets from seed (any earlier one freed):
 * 0, or -1 when out of memory (or n_bullets is 0). */
int scene_init(uint32_t seed, uint32_t n_bullets);
/* One frame: the bullets' first hits, the blasts' overlaps, the bullets
 * and crates moved on. Return: the bullets that hit (the sweep records),
 * -1 when a cbatch call refused (it cannot, on a scene made by scene_init). */
int32_t scene_step(void);
/* The last frame's (blast, box) overlapping pairs, and frames stepped. */
uint32_t scene_overlaps(void);
uint32_t scene_frame(void);

/* The state, for drawing (valid until the next scene_init): bullets at the
 * start of the next frame, boxes, and the last frame's hit points (as many
 * as scene_step returned) and boxes a blast overlapped (1 each). */
uint32_t scene_bullets(void);
uint32_t scene_boxes(void);
const float *scene_bullet_x(void);
const float *scene_bullet_y(void);
const float *scene_bullet_r(void);
const float *scene_box_min_x(void);
const float *scene_box_min_y(void);
const float *scene_box_max_x(void);
const float *scene_box_max_y(void);
const uint8_t *scene_box_kind(void);
const uint8_t *scene_box_flash(void);
const float *scene_hit_x(void);
const float *scene_hit_y(void);

/* One frame's counts folded into h (FNV-1a over 32-bit words, from
 * 2166136261): the page computes the same in JavaScript. */
uint32_t scene_hash(uint32_t h, uint32_t hits, uint32_t overlaps);

#endif
