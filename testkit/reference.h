/* reference.h - the independent reference of every query's contract and the entry-generic helpers (inputs, outputs of every kind, comparison, hashing) shared by the tests, the fuzzer, the digest and the benchmark. */
#ifndef CB_TESTKIT_REFERENCE_H
#define CB_TESTKIT_REFERENCE_H

#include <cbatch.h>

#include <stddef.h>
#include <stdint.h>

/*
 * The reference is cbatch.h's contract transcribed once more, in plain C and
 * independently of the library's kernels (which are written over vector
 * primitives in src/queries/). It runs one pair at a time, with no SIMD and
 * no shared code, so a mistake in the library's query body or in a layout
 * loader or sink shows up as a difference. It is compiled with the
 * project's -ffp-contract=off, like the library.
 *
 * Everything that depends on an entry's output kind (CB_OUTPUT_MASK,
 * INDICES, DISTANCES, CONTACTS) lives here and in output.c, once: sizes,
 * allocation, poisoning, comparison, format invariants, hashing, hit sets.
 * Consumers switch on no output kind for any of that.
 */

/* ---- one pair: the contract of each query */

/* CB_QUERY_OVERLAP, circle vs box: 1 on a hit (flags: CB_STRICT or not). */
int ref_overlap(cb_circle c, cb_box b, unsigned flags);
/* CB_QUERY_OVERLAP, circle c vs circle o. */
int ref_overlap_circles(cb_circle c, cb_circle o, unsigned flags);

/* One contact record, as the contact functions store it at position k of a
 * cb_contacts (the index aside): every float canonical (a NaN is 0x7FC00000). */
typedef struct {
    float normal_x, normal_y;
    float separation;
    float point_x, point_y;
    uint8_t feature; /* a cb_feature */
} tk_contact;

/* Stores record r as contact `at` of o, for element `index`. */
void tk_contact_store(const cb_contacts *o, size_t at, uint32_t index, const tk_contact *r);

/* CB_QUERY_CONTACTS, circle c vs box b: 1 when the pair is reported with
 * this margin and flags (d2 against (r + margin)^2), else 0. When rec is not
 * NULL it receives the pair's record whether reported or not. */
int ref_contact(cb_circle c, cb_box b, float margin, unsigned flags, tk_contact *rec);
/* CB_QUERY_CONTACTS, circle c vs circle o (d2 against ((r + ro) + margin)^2). */
int ref_contact_circles(cb_circle c, cb_circle o, float margin, unsigned flags, tk_contact *rec);

/* CB_QUERY_DISTANCE: the separation (signed distance), canonical NaN. */
float ref_distance(cb_circle c, cb_box b);
float ref_distance_circles(cb_circle c, cb_circle o);

/* The ORIENTED BOXES contract, circle c vs oriented box o (either shape the
 * single one): the circle carried into o's frame, the axis-aligned functions
 * above on it and the box (-hx, -hy, hx, hy), the record's normal and point
 * carried back. */
int ref_overlap_obox(cb_circle c, cb_obox o, unsigned flags);
int ref_contact_obox(cb_circle c, cb_obox o, float margin, unsigned flags, tk_contact *rec);
float ref_distance_obox(cb_circle c, cb_obox o);

/* The contract's SQRT: IEEE binary32 square root, correctly rounded, here
 * decided in integer arithmetic (an integer root checked exactly, then
 * rounded with its remainder), so it is independent of the library's. NaN
 * in, NaN out; -0 gives -0; other negatives NaN. */
float ref_sqrt(float x);

/* The validators' and converters' contracts (validity.c), one element at a
 * time, in the default float mode: the first fault of an element in the
 * header's order (CB_FAULT_NONE when it is well-formed); the sign of
 * c*c + s*s - 1 - t in exact arithmetic (t a power of two near 2^-20), and
 * whether |c*c + s*s - 1| <= 2^-20 exactly; the converters' formulas (the
 * oriented ones given the rotation, which cb_rotation's tests cover). */
cb_fault ref_box_fault(cb_box b);
cb_fault ref_circle_fault(cb_circle c);
cb_fault ref_obox_fault(cb_obox o);
int ref_unit_cmp(float c, float s, double t);
int ref_unit_rotation(float c, float s);
cb_box ref_box_from_center(cb_box_center a);
cb_box ref_box_from_corner(cb_box_corner k);
cb_obox ref_obox_from_box(cb_box b, cb_rot r);
cb_obox ref_obox_from_corner(cb_box_corner k, cb_rot r);

/* ---- entries: run any entry's contract, one element at a time */

/* The elements of every shape and layout, so a caller can hand any entry
 * its input. A view that is NULL is handed as it is (n == 0 tests). */
typedef struct {
    const cb_box_soa *boxes;
    const cb_box *boxes_aos;
    const cb_circle_soa *circles;
    const cb_circle *circles_aos;
    const cb_obox_soa *oboxes;
    const cb_obox *oboxes_aos;
    const cb_sweep_soa *sweeps; /* moving circles (tk_element_sweeps) */
    const cb_sweep *sweeps_aos;
} tk_views;

/* The pointer entry d reads as cb_args.many: the view of its many/layout. */
const void *tk_pick(const cb_entry_info *d, const tk_views *v);

/* Element i of entry d's input array `many`. */
cb_box tk_box_at(const cb_entry_info *d, const void *many, size_t i);
cb_circle tk_circle_at(const cb_entry_info *d, const void *many, size_t i);
cb_obox tk_obox_at(const cb_entry_info *d, const void *many, size_t i);
cb_sweep tk_sweep_at(const cb_entry_info *d, const void *many, size_t i);

/* The sweeps of n elements (the moving circles of the box_circles sweeps):
 * sweep i is circle i moving by oriented box i's half-extents, each with
 * the sign of its rotation's c and s (as tk_sweep_of moves a probe): bit
 * copies, no arithmetic, so the same in every float mode. dx and dy are the
 * SoA's displacements (its x, y, r are the circles'), aos its structs. */
void tk_element_sweeps(size_t n, const cb_circle_soa *cs, const cb_obox_soa *os, float *dx,
                       float *dy, cb_sweep *aos);

/* The arrays of a SoA input of entry d (4 for boxes, 3 for circles, 6 for
 * oriented boxes, 5 for sweeps, in their struct's order), 0 for an AoS
 * input. */
size_t tk_soa_arrays(const cb_entry_info *d);
/* Room for a copy of any SoA struct. */
typedef union {
    cb_box_soa box;
    cb_circle_soa circle;
    cb_obox_soa obox;
    cb_sweep_soa sweep;
} tk_soa;
/* A copy of entry d's SoA input `many` (a pointer tk_pick gave) in *copy,
 * with its array k (k < tk_soa_arrays(d)) set to NULL: the input of a call
 * that must be refused when n > 0. Returns the pointer to pass as
 * cb_args.many. */
const void *tk_soa_without(const cb_entry_info *d, const void *many, size_t k, tk_soa *copy);

/* The single shapes of a call, one of each kind: an entry reads the one its
 * d->one names (cb_args.circle, .box or .obox). */
typedef struct {
    cb_circle circle;
    cb_box box;
    cb_obox obox;
} tk_probe;
/* The arguments of one call of entry d: the probe's shape d reads (the
 * other single shapes zero, as cb_args asks), then the rest as given. */
cb_args tk_args(const cb_entry_info *d, const tk_probe *p, const void *many, size_t n, void *out,
                unsigned flags, float margin);
/* The sweep of a probe (cb_args.sweep of the SWEEP entries): its circle
 * moving by its oriented box's half-extents, with the signs of its
 * rotation (so about an element's size, in every direction), and the
 * probes' adversarial values reach the displacement too. Made without
 * arithmetic, so a call made in a hostile float mode (the reliability
 * tests) gets the same sweep as in the default one. */
cb_sweep tk_sweep_of(const tk_probe *p);

/* Messages: "<entry d's single shape in a> vs element i: <element>". */
const char *tk_describe_element(const cb_entry_info *d, const cb_args *a, size_t i, char *buf,
                                size_t size);

/* ---- oriented boxes from boxes: corpora carry every box's oriented twin */

/* Rotations (c, s) that corpora draw from, as exact floats (no libm: the
 * digest builds its corpus from them on every machine alike). The first
 * TK_ROTATIONS_UNIT are unit pairs in cbatch.h's sense (|c*c + s*s - 1| <=
 * 2^-20): exact quarter turns with either zero sign, Pythagorean triples,
 * the floats nearest cos and sin of common angles, pairs one ulp off unit
 * length. The rest are what cb_validate_oboxes rejects and the kernels must
 * still agree on: slightly and badly non-unit pairs, the zero pair,
 * denormal, huge, infinite and NaN components. */
extern const float tk_rotations[][2];
extern const size_t tk_rotation_count;
#define TK_ROTATIONS_UNIT 25

/* Box b as an oriented box with rotation (c, s) about its centre: the
 * centre and half-extents as cb_obox_from_box computes them, cx = (min_x *
 * 0.5) + (max_x * 0.5), hx = (max_x * 0.5) - (min_x * 0.5) (an inverted box
 * gives a negative half-extent, NaN and infinities carry over). */
cb_obox tk_obox_of_box(cb_box b, float c, float s);

/* Whether element i of the call a (a batch or candidates call; for
 * candidates, candidate i) is in entry d's hit set by the reference: an
 * overlap hit, or a reported contact (at a->margin). DISTANCES entries have
 * no hit set: 0. -1 for an entry with no known contract. */
int ref_hit(const cb_entry_info *d, const cb_args *a, size_t i);
/* Element i's time of first contact in a sweep entry's call (ref_sweep_*). */
float ref_time(const cb_entry_info *d, const cb_args *a, size_t i);

/* Everything the reference says about element i of the call a: its hit (as
 * ref_hit), its separation (DISTANCE and CONTACTS queries) and its contact
 * record (CONTACTS). Returns the hit, or -1 as ref_hit. */
int ref_element(const cb_entry_info *d, const cb_args *a, size_t i, float *separation,
                tk_contact *rec);

/* The whole call by the reference, any form: writes a->out as entry d
 * documents it (mask words with zero bits past n; ascending indices; n
 * separations; the reported contacts, ascending; the candidates' element
 * k is candidate k; pairs: ref_pairs) and returns what the entry returns
 * (the count; n for DISTANCES). */
size_t ref_entry(const cb_entry_info *d, const cb_args *a);

/* Every entry e of the forms in the mask `forms` (TK_BATCH, TK_PAIRED or
 * TK_ALL), as a for statement: TK_FOR_ENTRIES(e, TK_BATCH) { ... }. */
#define TK_FORM(f) (1u << (unsigned)(f))
#define TK_BATCH TK_FORM(CB_FORM_BATCH)
#define TK_PAIRED (TK_FORM(CB_FORM_PAIRS) | TK_FORM(CB_FORM_CANDIDATES))
#define TK_ALL (TK_BATCH | TK_PAIRED)
/* With TK_INTEGER the integer shapes' entries of those forms, without it
 * the float ones': their data, outputs and checks differ. */
#define TK_INTEGER (1u << 16)
#define TK_FOR_ENTRIES(e, forms)                                                                   \
    for (size_t e = 0; e < cb_entry_count(); e++)                                                  \
        if (!(TK_FORM(cb_entry_info_of(e)->form) & (forms)) ||                                     \
            !tk_is_integer(cb_entry_info_of(e)) != !((forms) & TK_INTEGER))                        \
            continue;                                                                              \
        else

/* The entry with these parts, or cb_entry_count() when there is none
 * (cb_entry_lookup): how a consumer finds, say, the overlap entry that
 * answers the same pairs as a contact entry, without naming either. */
size_t tk_find_entry(cb_form form, cb_query query, cb_shape one, cb_shape many,
                     cb_layout layout, cb_output output);

/* ---- the integer shapes, in integer.c: cbatch.h's INTEGER COORDINATES in
 * exact 65-bit arithmetic (not the kernels' rearrangement) */

/* Values at the edges of the integer arithmetic, for corpora. */
extern const int32_t tk_int_special[];
extern const size_t tk_int_special_count;

/* 1 when entry d's shapes are the integer ones. */
int tk_is_integer(const cb_entry_info *d);
cb_icircle tk_icircle_at(const cb_entry_info *d, const void *many, size_t i);
cb_ibox tk_ibox_at(const cb_entry_info *d, const void *many, size_t i);

/* One pair's every answer: the hit, the distance query's d2 and point, and
 * the contact record (made whether or not it hits). */
typedef struct {
    int hit;
    uint64_t d2;
    int32_t px, py;
    struct {
        uint64_t d2;
        int32_t px, py;
        uint32_t depth;
        uint8_t feature;
    } contact;
} tk_ipair;
tk_ipair ref_ipair_box(cb_icircle c, cb_ibox b, unsigned strict);
tk_ipair ref_ipair_circles(cb_icircle c, cb_icircle o, unsigned strict);
/* Element i of a batch call of integer entry d (candidate i of a candidates call). */
tk_ipair ref_ipair(const cb_entry_info *d, const cb_args *a, size_t i);
/* A batch or candidates call of integer entry d by the reference: what the kernel writes and returns. */
size_t ref_int_entry(const cb_entry_info *d, const cb_args *a);

/* ---- the sweeps, in sweep.c: cbatch.h's SWEPT CIRCLES transcribed
 * (binary32, one pair at a time), and a judge of the promises about exact
 * geometry in double precision */

/* The time of first contact of sweep w with box b (circle o), or
 * CB_SWEEP_MISS, by the contract's operations. */
float ref_sweep_box(cb_sweep w, cb_box b, unsigned flags);
float ref_sweep_circle(cb_sweep w, cb_circle o, unsigned flags);
float ref_sweep_obox(cb_sweep w, cb_obox o, unsigned flags);

/* One sweep and one element, for the judge. */
typedef struct {
    cb_sweep w;
    int is_box; /* b, else o (or ob) */
    cb_box b;
    cb_circle o;
    int is_obox; /* ob */
    cb_obox ob;
} tk_sweep_pair;
/* Input the accuracy promise covers: magnitudes 0 or in [2^-60, 2^60],
 * min <= max, radii >= 0. */
int tk_sweep_well_formed(const tk_sweep_pair *p);
/* S of the contract: the sum of the magnitudes. */
double tk_sweep_scale(const tk_sweep_pair *p);
/* The reported time t against exact geometry, in units of the promised
 * band 2^-20 S: at most 1 when t keeps the promise (a hit's distance
 * within the band of the reach, no deeper penetration before it; a miss
 * never deeper than the band), more when it breaks it. */
double tk_sweep_judge(const tk_sweep_pair *p, float t);

/* The displacements of a set of sweeps built on the n circles of set (the
 * pairs checks' sweep sets: a cb_sweep_soa of set's x, y, r and these),
 * from the data alone: by i % 4, still (the overlap's answers), toward
 * another circle of the set, 8 r by -5 r (a bullet), or across, twice as
 * far. Computed when called: call it in the default float mode. */
void tk_sweep_moves(const cb_circle_soa *set, size_t n, float *dx, float *dy);

/* ---- the pairs form, in pairs.c */

/* The elements a pairs call pairs with, as the reference reads them: their
 * shape, SoA arrays and number. Elements: a->many, a->n; SELF: the set
 * itself; GRID: not readable through the grid, so the caller names the
 * arrays the grid was built from (tk_pair_els_of fails for it). */
typedef struct tk_pair_els {
    cb_shape shape;
    const void *els;
    size_t m;
} tk_pair_els;
int tk_pair_els_of(const cb_entry_info *d, const cb_args *a, tk_pair_els *out);

/* Whether pair (circle i of a->circles, element j of e) is in entry d's hit
 * set: the one-pair function above for its query and element shape
 * (contacts at a->margin, the record in *rec when rec is not NULL, as
 * ref_contact). -1 for an entry with no known contract. Self pairs: the
 * contract of circle i against circle j (any i, j: the order is the
 * caller's business). */
int ref_pair_hit(const cb_entry_info *d, const cb_args *a, const tk_pair_els *e, size_t i,
                 size_t j, tk_contact *rec);
/* A pairs call by the reference, for valid arguments (as a raw kernel),
 * on elements e (ref_pairs, and ref_entry: tk_pair_els_of's; GRID entries
 * need ref_entry_on with the grid's elements):
 *   PAIRS, PAIR_CONTACTS: the pairs of the circles [cursor->circle, end)
 *   (end = cursor->end, or n_circles when 0), each circle's by ascending j
 *   (self: j > i only), the first circle's from j >= cursor->element;
 *   written up to capacity; the cursor is then left at the next pair due,
 *   {its circle, its j}, the first pair not written; when every pair was
 *   written (or there are no elements), at {end, 0}, whether or not the
 *   capacity was exactly enough; cursor->end set to end. With out
 *   == NULL and capacity == 0: nothing written, the cursor unchanged but for
 *   its end, the count from the cursor returned. Otherwise the pairs
 *   written returned.
 *   PAIR_FIRST_HITS: as PAIRS with at most one record per sweep of
 *   a->sweeps, its first hit (the batch FIRST_HIT reference on the
 *   elements); the cursor's element is not read, and left 0.
 *   MATRIX: rows [cursor->circle, end) of (m + 63) / 64 words written,
 *   every bit; the cursor at {end, 0}; the bits set returned.
 * cursor->plan is left as it was. A candidates entry is ref_entry's (its
 * element k is candidate k), through either function. */
size_t ref_pairs(const cb_entry_info *d, const cb_args *a);
size_t ref_entry_on(const cb_entry_info *d, const cb_args *a, const tk_pair_els *e);
/* Whether list entry d writes records (PAIR_CONTACTS, PAIR_FIRST_HITS). */
int tk_has_records(const cb_entry_info *d);
/* The output a pairs list entry d writes to: the pair list p, the records
 * c, or for a sweep set's first hits c's arrays as a cb_pair_sweep_hits,
 * made in *h (the same members, t where the separation is). */
void *tk_list_out(const cb_entry_info *d, cb_pair *p, const cb_pair_contacts *c,
                  cb_pair_sweep_hits *h);
/* "boxes", "circles", "oriented boxes", "a grid", for messages. */
const char *tk_shape_name(cb_shape s);
/* "circle i (...) vs box j (...)" (or oriented box, or circle), for messages. */
const char *tk_describe_pair(const cb_args *a, const tk_pair_els *e, size_t i, size_t j,
                             char *buf, size_t size);

/* ---- outputs: everything that depends on the output kind */

/*
 * An output of entry d over n elements is made of arrays:
 *   MASK       1 array:  (n + 63) / 64 uint64_t words
 *   INDICES    1 array:  n uint32_t
 *   DISTANCES  1 array:  n float
 *   CONTACTS   7 arrays: the members of a cb_contacts, in its order (index,
 *              normal_x, normal_y, separation, point_x, point_y, feature),
 *              each with room for n entries
 * and cb_args.out points to the one array, or to the cb_contacts.
 */
#define TK_OUT_MAX_ARRAYS 7

/* The number of arrays of d's output and, for each k below it, its size for
 * n elements, element size and name (any pointer may be NULL). */
size_t tk_out_layout(const cb_entry_info *d, size_t n, size_t bytes[TK_OUT_MAX_ARRAYS],
                     size_t unit[TK_OUT_MAX_ARRAYS], const char *name[TK_OUT_MAX_ARRAYS]);

/* An allocator: `bytes` (maybe 0) aligned to `align` (1, 4 or 8; for the
 * cb_contacts struct, _Alignof(cb_contacts)); returns NULL on failure. The
 * free function gets back exactly what the allocator returned. */
typedef void *(*tk_alloc_fn)(void *ctx, size_t bytes, size_t align);
typedef void (*tk_free_fn)(void *ctx, void *p);

/* Room around every array for canaries: see tk_out_malloc_padded. */
#define TK_OUT_PAD 16

/* An output with its arrays, allocated by tk_out_alloc through any
 * allocator (guard pages, padded or exact-size heap blocks). */
typedef struct {
    const cb_entry_info *d;
    size_t n;
    void *out; /* cb_args.out */
    size_t arrays;
    unsigned char *array[TK_OUT_MAX_ARRAYS];
    size_t bytes[TK_OUT_MAX_ARRAYS]; /* each array's room: what the entry may write */
    size_t unit[TK_OUT_MAX_ARRAYS];  /* element size, and the alignment it needs */
    const char *name[TK_OUT_MAX_ARRAYS];
    cb_contacts *contacts; /* CONTACTS: the struct out points to; else NULL */
    void *record_struct;   /* INT_DISTANCES, INT_CONTACTS: the struct out points to; else NULL */
    /* Bytes the allocator left writable right before and right after every
     * array (0 or TK_OUT_PAD): the canaries of tk_out_fill_pads. */
    size_t pad_before, pad_after;
    tk_free_fn release; /* how tk_out_free gives the memory back */
    void *release_ctx;
} tk_out;

/* Allocates entry d's output for n elements: every array, each with one
 * call of alloc, and for CONTACTS the cb_contacts too (a call of its own,
 * last), pointing at them. The pads are 0: the caller that knows its
 * allocator leaves room sets them. Returns 1, or 0 when an allocation failed
 * (what was allocated is freed, *o is zeroed). fr(ctx, ...) frees it later:
 * ctx must outlive the output. */
int tk_out_alloc(tk_out *o, const cb_entry_info *d, size_t n, tk_alloc_fn alloc, tk_free_fn fr,
                 void *ctx);
/* Every array in an exact-size heap block (a memory checker then sees any
 * byte written past one). Aborts when out of memory. */
void tk_out_malloc(tk_out *o, const cb_entry_info *d, size_t n);
/* Every array in a heap block with TK_OUT_PAD bytes before and after it. */
void tk_out_malloc_padded(tk_out *o, const cb_entry_info *d, size_t n);
/* Frees any tk_out through the function it was allocated with. */
void tk_out_free(tk_out *o);

/* Every byte of every array set to `byte`. */
void tk_out_fill(const tk_out *o, unsigned char byte);
/* 1 when every byte of every array is still `byte` and the cb_contacts (if
 * any) still points at the arrays: nothing was written. */
int tk_out_untouched(const tk_out *o, unsigned char byte);
/* 1 when the cb_contacts (if any) still points at the arrays: the library
 * reads the struct, it must not write it. Always 1 for other kinds. */
int tk_out_intact(const tk_out *o);
/* Sets the pads around every array to `byte`; tk_out_pads_intact says
 * whether they still are (1), so a write just outside an array shows. */
void tk_out_fill_pads(const tk_out *o, unsigned char byte);
int tk_out_pads_intact(const tk_out *o, unsigned char byte);

/* For an output of arrays held in a struct (cb_contacts, cb_int_distances,
 * cb_int_contacts, cb_sweep_hits): a copy of o's struct in *copy with its
 * array k (in tk_out_layout's order) NULL, the output of a call that must
 * be refused when n > 0; NULL when o's output is a bare array. */
typedef union {
    cb_contacts contacts;
    cb_int_distances int_distances;
    cb_int_contacts int_contacts;
    cb_sweep_hits sweep_hits;
} tk_out_struct;
void *tk_out_without(const tk_out *o, size_t k, tk_out_struct *copy);

/* 1 when two outputs (cb_args.out of two calls) of entry d over n elements
 * are the same result, bit for bit: equal counts, then every written part:
 * all mask words; the first `count` indices; all n separations; the first
 * `count` entries of all 7 contact arrays. Otherwise 0, and `why` (if not
 * NULL) receives the first difference. */
int tk_same_output(const cb_entry_info *d, size_t n, size_t count_a, const void *a, size_t count_b,
                   const void *b, char *why, size_t why_size);

/* The first element whose answer differs between two outputs (as
 * tk_same_output compares them), or n when only the counts differ or none. */
size_t tk_first_difference(const cb_entry_info *d, size_t n, size_t count_a, const void *a,
                           size_t count_b, const void *b);

/* The output format's own invariants, on one output: count <= n; a mask has
 * `count` bits set and none past n; indices and contact indices ascending
 * below n; DISTANCES returns n; contact features are cb_feature values; every
 * NaN written is the canonical 0x7FC00000. 1 when they hold, else 0 and why. */
int tk_check_format(const cb_entry_info *d, size_t n, size_t count, const void *out, char *why,
                    size_t why_size);

/* Folds an output (count, then every written part, as tk_same_output
 * compares it) into the 64-bit FNV-1a hash h, over little-endian values: the
 * same on every host. */
uint64_t tk_hash_output(const cb_entry_info *d, size_t n, size_t count, const void *out,
                        uint64_t h);

/* The hit set an output of entry d holds (count, out), as n bits: bit i % 64
 * of hits[i / 64] for element i, over (n + 63) / 64 words. Mask bits past n
 * and indices >= n are dropped, so a malformed output does not round-trip.
 * The hit set of CONTACTS is its index list. Returns 1, or 0 for a kind with
 * no hit set (DISTANCES), whose bits are then all zero. */
int tk_hits_of(const cb_entry_info *d, size_t n, size_t count, const void *out, uint64_t *hits);

/* How many elements an output counts as hits, for statistics that show a
 * data set was not one-sided: the hit set's size, and for DISTANCES the
 * elements whose separation is <= 0 (touching or penetrating). */
size_t tk_hit_count(const cb_entry_info *d, size_t n, size_t count, const void *out);

/* Entry d's output for those n bits, as d documents it (mask words with zero
 * bits past n, or ascending indices); returns the count. With tk_hits_of it
 * rewrites one entry's result in the format of another entry of the same
 * question (another layout or output). MASK and INDICES only: other kinds
 * hold more than a hit set; they write nothing and return CB_INVALID. */
size_t tk_from_hits(const cb_entry_info *d, size_t n, const uint64_t *hits, void *out);

/* Do entries a and b answer one question: the same form, query, single
 * shape and element shape, with outputs tk_copy_output converts (a sweep's
 * records, the _hits or the _first, convert only to the same kind; the
 * times to neither)? */
int tk_same_question(const cb_entry_info *a, const cb_entry_info *b);

/* Entry `from`'s output (count, src) rewritten as entry `to`'s (dst), for two
 * entries of one question (tk_same_question): a copy
 * of the written parts when the output kinds are equal, else through the hit
 * set. Returns the count `to` would return. */
size_t tk_copy_output(const cb_entry_info *to, const cb_entry_info *from, size_t n, size_t count,
                      const void *src, void *dst);

#endif
