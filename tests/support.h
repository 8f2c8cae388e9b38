/* support.h - test helpers shared by every suite: guard-page buffers and outputs, the suite seed, adversarial floats, contact margins, corpora. */
#ifndef CB_TEST_SUPPORT_H
#define CB_TEST_SUPPORT_H

#include <cbatch.h>
#include <reference.h>
#include <rng.h>

#include <stddef.h>
#include <stdint.h>

/* ---- memory that faults on the first byte past the end (or before the start) */

/* A buffer of `bytes` whose last byte is immediately followed by a guard
 * page (so any over-read or over-write crashes), or, with `before` set, whose
 * first byte immediately follows one. Any size, 0 included. Aborts if out of
 * memory. Free with tb_free. Not thread-safe: allocate before starting
 * threads. The guard is a PROT_NONE page (POSIX) or a PAGE_NOACCESS one
 * (Windows); where memory cannot be protected (wasm32-wasi) it is a page of
 * known bytes that tb_free checks, which catches over-writes (at free) but
 * not over-reads: tb_guard_pages() says which. */
void *tb_alloc_guarded(size_t bytes, int before);
/* Frees a tb_alloc_guarded buffer; p may point anywhere inside it (so a
 * caller may free a pointer it advanced to misalign data). NULL is a no-op. */
void tb_free(void *p);
/* 1 when tb_alloc_guarded's guard pages fault on access, 0 when they are
 * only checked at tb_free (no memory protection on this platform). */
int tb_guard_pages(void);

/* Entry d's output for n elements (testkit's tk_out: every output kind,
 * CONTACTS as its 7 arrays and the cb_contacts) with each array, and the
 * struct, in a tb_alloc_guarded buffer of its own. before == 0: each ends
 * at a guard page (its start's alignment then varies with n). before
 * != 0: each starts `misalign` units after one (a unit is the array's
 * element size, so a misaligned array stays aligned to its elements) and is
 * followed by TK_OUT_PAD bytes for canaries (tk_out_fill_pads). Free with
 * tk_out_free. Not thread-safe, as tb_alloc_guarded. */
void tb_out_new(tk_out *o, const cb_entry_info *d, size_t n, int before, size_t misalign);

/* ---- accuracy: what the contact and oriented-box suites measure with */

/* The ulp of binary32 at |x| (the spacing of floats in x's binade; 2^-149
 * below 2^-126), as a double. */
double tb_ulpf(double x);
/* v clamped into [lo, hi]. */
double tb_clampd(double v, double lo, double hi);
/* Not NaN, or the canonical quiet NaN 0x7FC00000 (what the contract's
 * operations produce from non-NaN operands). */
int tb_canonical(float f);

/* The library's answer for one circle and one box: cb_batch_overlap_aos
 * with n = 1 (the one-pair function engines call in a loop). */
int tb_overlap_one(cb_circle c, cb_box b, unsigned flags);

/* ---- random numbers: testkit's splitmix64, replayable from a printed seed */

/* The suites' generator is testkit's (rng.h: tk_rng, tk_next, tk_uniform,
 * tk_any_float), so a corpus here is the same stream the fuzzer, the digest
 * and the benchmark would draw from a seed. */

/* The suite seed: $CB_SEED if set (decimal or 0x-hex), else a time-based one;
 * printed once to stderr as "cbatch test seed: 0x... (replay with CB_SEED=...)". */
uint64_t tb_seed(void);
/* Makes the seed this process's and its children's: sets CB_SEED when unset.
 * Call it in the test runner before any test process starts (a Criterion
 * ReportHook(PRE_ALL)), so every test of one run uses and prints one seed. */
void tb_seed_share(void);
/* A generator for one named stream of the suite seed: tests and data sets get
 * independent sequences that are all replayed by the one CB_SEED. */
tk_rng tb_rng_for(uint64_t stream);

/* ---- adversarial values: +-0, denormals, FLT_MIN/MAX, +-inf, NaNs, small ints */

extern const float tb_adversarial[];
extern const size_t tb_adversarial_count;

/* ---- contact margins */

/* Margins the contact functions accept (finite, >= 0): 0 and -0.0 (the
 * overlap hit set), a denormal, small and large values, FLT_MAX (whose
 * (r + margin)^2 overflows to inf). */
extern const float tb_margins[];
extern const size_t tb_margin_count;
/* Margins they must refuse with CB_INVALID: NaNs, infinities, negatives. */
extern const float tb_bad_margins[];
extern const size_t tb_bad_margin_count;

/* ---- rotations and oriented boxes */

/* A rotation (c, s) drawn from r: one of testkit's unit table pairs (exact
 * quarter turns, Pythagorean pairs, ...) or the floats nearest cos and sin
 * of a random angle (computed in double, so |c*c + s*s - 1| is within a few
 * 2^-24). unit_only == 0 adds what a validator rejects: testkit's non-unit,
 * zero, huge, infinite and NaN pairs, adversarial values and any bit
 * patterns. */
void tb_rotation(tk_rng *r, int unit_only, float *c, float *s);
/* Box b's oriented twin: its centre and half-extents (tk_obox_of_box) with a
 * unit rotation (tb_rotation) drawn from a hash of b's bits, so the same box
 * always has the same twin, wherever it is made: the twin of a probe box is
 * the probe for the oriented-box entries, and tb_corpus_fill_touching plants
 * circles touching that very twin. */
cb_obox tb_obox_of(cb_box b);
/* The oriented box that stands to the point (px, py) as the axis-aligned
 * box `rel` stands to the origin, turned by (c, s) about (px, py): its
 * half-extents are rel's, its centre (px, py) plus rel's centre rotated (in
 * double, rounded once), so a circle at (px, py) that touches `rel` (placed
 * at the origin) touches it too, up to that rounding. */
cb_obox tb_obox_placed(cb_box rel, float px, float py, float c, float s);
/* An oriented box of adversarial values or any bit patterns, its rotation
 * from tb_rotation(r, 0, ...). */
cb_obox tb_any_obox(tk_rng *r);
/* The probe of one call made of a circle and a box, the oriented box being
 * the box's twin (tb_obox_of). */
tk_probe tb_probe(cb_circle c, cb_box b);

/* ---- corpora: SoA and AoS views of the same boxes, circles and oriented boxes */

typedef struct {
    size_t n;
    float *min_x, *min_y, *max_x, *max_y; /* SoA boxes */
    cb_box *boxes;                        /* the same boxes, AoS */
    float *x, *y, *r;                     /* SoA circles */
    cb_circle *circles;                   /* the same circles, AoS */
    float *cx, *cy, *hx, *hy, *c, *s;     /* SoA oriented boxes */
    cb_obox *oboxes;                      /* the same oriented boxes, AoS */
    cb_obox_soa obox_soa;                 /* the SoA struct of the six arrays (for the views) */
    float *dx, *dy;                       /* the circles as sweeps: tk_element_sweeps' */
    cb_sweep *sweeps;                     /* the same sweeps, AoS */
    cb_sweep_soa sweep_soa;               /* x, y, r, dx, dy (for the views) */
} tb_corpus;

/* Allocates every array with tb_alloc_guarded (end-adjacent to a guard page). */
tb_corpus tb_corpus_new(size_t n);
/* As tb_corpus_new, but every array starts `offset` bytes after the start of
 * a tb_alloc_guarded(bytes + offset, before) buffer: with before != 0 each
 * array starts `offset` bytes after a guard page (under-reads fault; offset
 * 4, 8, 12 misaligns floats and AoS records); with before == 0 each still
 * ends at a guard page. Free with tb_corpus_free. */
tb_corpus tb_corpus_new_at(size_t n, int before, size_t offset);
void tb_corpus_free(tb_corpus *c);
cb_box_soa tb_corpus_boxes(const tb_corpus *c);
cb_circle_soa tb_corpus_circles(const tb_corpus *c);
cb_obox_soa tb_corpus_oboxes(const tb_corpus *c);
/* The corpus as testkit's views (for tk_pick: any entry's input). The SoA
 * structs live in *bs and *cs (and the corpus itself for the oriented
 * boxes), which must outlive the views. */
tk_views tb_corpus_views(const tb_corpus *c, cb_box_soa *bs, cb_circle_soa *cs);
/* Fills element i of both views (and keeps sweep i, circle i moving by
 * oriented box i's half-extents, in step). Setting a box sets the oriented box i to
 * its twin (tb_obox_of) too, so every corpus of boxes is one of oriented
 * boxes with the same centres, extents and special values; set the oriented
 * box after the box to make it something else. */
void tb_corpus_set_box(tb_corpus *c, size_t i, cb_box b);
void tb_corpus_set_circle(tb_corpus *c, size_t i, cb_circle ci);
void tb_corpus_set_obox(tb_corpus *c, size_t i, cb_obox o);
/* Copies the first dst->n elements of every array of src (dst->n <= src->n). */
void tb_corpus_copy(tb_corpus *dst, const tb_corpus *src);
/* Realistic data: boxes of size 0.5..8 scattered over a 256x256 level,
 * circles of radius 0.5..4; a mix of hits, misses and near-touching. The
 * oriented boxes are the boxes' twins, turned about their centres. */
void tb_corpus_fill_random(tb_corpus *c, tk_rng *r);
/* Every coordinate drawn from tb_adversarial or any bit pattern; the
 * oriented boxes' too, with rotations from tb_rotation(r, 0, ...). */
void tb_corpus_fill_adversarial(tb_corpus *c, tk_rng *r);
/* Boundary data for one probe of each shape: every box touches `circle`
 * (within an ulp or two, at a corner with both dx and dy nonzero, or at a
 * side), every oriented box touches it the same way in its own frame (at a
 * rotated corner or side, or with the circle's centre on its boundary),
 * and every circle touches `box` (even indices) or its twin tb_obox_of(box)
 * (odd indices) the same way. There the last bit of d2 decides, so a kernel
 * that fused a*b+c or reordered the sum differs. */
void tb_corpus_fill_touching(tb_corpus *c, tk_rng *r, cb_circle circle, cb_box box);


/* +-m * 2^e with m uniform in [1, 2) and e uniform in [r[0], r[1]]
 * (denormal when e < -126: rounded once): values of every scale for the
 * accuracy suites. */
float tb_rexp(tk_rng *g, const int r[2]);
/* A magnitude |tb_rexp(g, r)|, zero one time in `zero_in`. */
float tb_rmag(tk_rng *g, const int r[2], unsigned zero_in);

/* Ranges of binary32 exponents for the accuracy suites (test_contacts.c,
 * test_oriented.c, each with its table): positions of the single shape,
 * offsets of the other from it, extents (half-sizes, radii). */
typedef struct {
    const char *name;
    int pos[2], off[2], ext[2];
} tb_scale_class;
/* A radius for a centre at exact distance dist from the other shape: zero,
 * any of the class's extents, touching (the float nearest), or a random
 * fraction of up to 2x. */
float tb_radius_at(tk_rng *g, const tb_scale_class *s, double dist);

#endif
