/* check.h - the bit-for-bit checks the Criterion suites (test_backends.c, test_pairs.c) and the plain checker (tests/plain/cb-check.c) share: a subject against the scalar kernel and testkit's reference, per call and per scenario, with no test framework. */
#ifndef CB_TESTS_CHECK_H
#define CB_TESTS_CHECK_H

#include "support.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h> /* MinGW: __MINGW_PRINTF_FORMAT */

/*
 * Failures. Every check here states its condition with TB_ASSERT; a false
 * one formats the message and calls tb_fail_report, which each program that
 * links these checks defines once (a link error otherwise, so no program
 * can lose a failure): the Criterion suites turn it into cr_assert_fail
 * (tests/subjects.h), the plain checker prints it with its summary and
 * exits non-zero. tb_fail_report must not return; if it does, tb_fail
 * aborts.
 */
void tb_fail_report(const char *message);
#if defined(__MINGW_PRINTF_FORMAT) /* MinGW's C99 printf (%zu), not msvcrt's */
#define TB_PRINTF_LIKE __attribute__((format(__MINGW_PRINTF_FORMAT, 1, 2)))
#elif defined(__GNUC__) || defined(__clang__)
#define TB_PRINTF_LIKE __attribute__((format(printf, 1, 2)))
#else
#define TB_PRINTF_LIKE
#endif
_Noreturn void tb_fail(const char *fmt, ...) TB_PRINTF_LIKE;
#define TB_ASSERT(cond, ...)                                                                       \
    do {                                                                                           \
        if (!(cond))                                                                               \
            tb_fail(__VA_ARGS__);                                                                  \
    } while (0)

#define TB_SEED_FMT "seed 0x%016" PRIx64 " (replay with CB_SEED)"

/* Calls compared so far (subject against scalar and/or reference), in this
 * process, by every check below: the plain checker's count of checks. */
extern size_t tb_calls_compared;
/* When not 0, tb_check_call changes the subject's count of that call
 * (counted from 1, as tb_calls_compared counts): a program proves with it
 * that a mismatch is reported, not missed. */
extern size_t tb_inject_mismatch_at;

/* ---------------------------------------------------------------- backends */

/* The subjects of the suites: each backend enumerator, and TB_PUBLIC for
 * the public functions (cb_entry_call). */
#define TB_PUBLIC ((int)CB_BACKEND_COUNT)

/* The subjects as a Criterion parameter array: the backends in enumerator
 * order, from cbatch.h's one list of them (0 .. CB_BACKEND_COUNT - 1),
 * then TB_PUBLIC, the public functions. A suite over the backends alone
 * takes the first CB_BACKEND_COUNT. */
static inline int *tb_subjects(void)
{
    static int s[TB_PUBLIC + 1];
    for (int i = 0; i <= TB_PUBLIC; i++)
        s[i] = i;
    return s;
}

/* 1 when backend b can run here. Otherwise 0, *why (if not NULL) is the
 * library's reason, and every entry's raw kernel must be NULL (asserted): a
 * skipped backend is skipped by name, never silently. */
int tb_backend_runnable(int b, const char **why);

/* A runnable backend has a kernel for every entry, the same one each time,
 * distinct from its other entries' and, but for scalar, from scalar's (so a
 * comparison with scalar compares two code paths). */
void tb_check_kernel_tables(int b);

/* ------------------------------------------------------- the batch form */

/* What is compared with the scalar kernel and the reference: entry e run by
 * a raw kernel, or by its public function (fn == NULL: cb_entry_call). With
 * hostile set, the subject runs with flush-to-zero, denormals-are-zero and
 * round toward zero set (where the target has them), and must leave the
 * float control register as it found it (sticky flags aside). */
typedef struct {
    const char *backend; /* the backend's name, for messages */
    size_t e;
    const cb_entry_info *d;
    cb_kernel_fn fn;
    cb_kernel_fn scalar; /* the scalar backend's kernel of the same entry */
    int hostile;
} tb_subject;

/* Entry e's descriptor (asserted to exist). */
const cb_entry_info *tb_info(size_t e);
/* The raw kernel of entry e on runnable backend b as a subject. */
tb_subject tb_kernel_subject(int b, size_t e);

/* The outputs of one entry at one length: the subject's, the scalar
 * kernel's and the reference's, as testkit lays out the entry's output kind.
 * With guard_after, every array of the subject's ends at a guard page;
 * otherwise each starts right after one, misaligned by `misalign` units,
 * with canaries after it. The scalar kernel's and the reference's are on
 * the heap with canaries on both sides. */
typedef struct {
    size_t n;
    tk_out out[3];
} tb_outbufs;
enum { TB_OUT_SUBJECT, TB_OUT_SCALAR, TB_OUT_REF };
tb_outbufs tb_outbufs_new(const cb_entry_info *d, size_t n, int guard_after, size_t misalign);
void tb_outbufs_free(tb_outbufs *o);

/* Statistics over a test, so it can assert it was not vacuous. */
typedef struct {
    size_t calls, elements, hits;
} tb_tally;

/* Where a call happened, for the failure message. */
typedef struct {
    const char *layout, *data;
    int probe;
} tb_where;

/* One call of entry s->d (a.out is set here) by the subject, the scalar
 * kernel and the reference, each output poisoned differently and fenced by
 * canaries: counts and every written unit equal bit for bit, the format's
 * invariants hold, nothing written outside the documented size nor into the
 * cb_contacts struct. Returns the subject's count. */
size_t tb_check_call(const tb_subject *s, cb_args a, tb_outbufs *o, const tb_where *w, tb_tally *t);

/* Every probe and every flag value up to max_flags on the input `many` of n
 * elements; probe p with flag value f takes margin tb_margins[(mbase + p +
 * f) % count]. */
void tb_check_corpus(const tb_subject *s, const void *many, size_t n, const tk_probe *probes,
                     size_t np, unsigned max_flags, size_t mbase, tb_outbufs *o, tb_where *w,
                     tb_tally *t);

/* An adversarial value (tb_adversarial) or, one time in four, any bit pattern. */
float tb_any_adversarial(tk_rng *r);
/* The probes of a corpus from their circles and boxes (oriented boxes: the
 * boxes' twins), the probe `adv` (if < np) with an adversarial oriented box. */
void tb_make_probes(tk_probe *out, const cb_circle *pcs, const cb_box *pbs, size_t np, size_t adv,
                    tk_rng *r);
/* A realistic circle and box for tb_corpus_fill_touching to build around. */
cb_circle tb_touch_circle(tk_rng *r);
cb_box tb_touch_box(tk_rng *r);
/* Data of kind 0 random, 1 adversarial, 2 touching (every box touches *pc,
 * every circle *pb, which are then the natural probes). */
#define TB_KINDS 3
extern const char *const tb_kind_name[TB_KINDS];
void tb_fill_kind(tb_corpus *c, tk_rng *r, int kind, cb_circle *pc, cb_box *pb);

/* Lengths: every one through four 16-lane vectors plus a partial one, word
 * boundaries and odd large ones up to 4097 (arrays over several pages). A
 * longer array has the tails and page ends of a shorter one: 65537 elements
 * are checked once, in one layout, by the large corpus (tb_check_large),
 * not in every layout here, where they were most of the work. */
extern const size_t tb_lengths[];
extern const size_t tb_length_count;
/* CB_SIZES=sample in the environment: a run for emulators (qemu) and
 * sanitizers, where the full sizes cost most of a stage (the native stage
 * runs them in full). Then the lengths test checks a sample of the lengths
 * (every length through two 8-lane vectors plus one, the word boundaries
 * and 1000; 4097 is the large corpus' length) in three of the five layouts
 * (tb_layout_sampled: the end of a page, and misaligned by 1 and by 3
 * floats), the public
 * functions lengths up to 1000 (the pairs' public calls: up to 200
 * elements), the pairs' reference check the element counts up to 66, the
 * large corpus has 4097 elements instead of 65537, and the big sets 2^18
 * instead of 2^20: each still one past a multiple of every vector width, or
 * far past any block (the culled grids included). The digest still
 * runs its whole corpus. tb_sampled() says whether it is such a run;
 * tb_lengths_of_run sets *count and returns the lengths. */
int tb_sampled(void);
int tb_layout_sampled(size_t layout);
const size_t *tb_lengths_of_run(size_t *count);

/* How the inputs sit in memory: "end-of-page" (every array ends at a guard
 * page), "after-guard+k" (every array starts k floats after one: k = 1..3
 * misaligns every array). Outputs follow the same pattern. */
typedef struct {
    const char *name;
    int before;
    size_t floats;
} tb_layout;
extern const tb_layout tb_layouts[];
extern const size_t tb_layout_count;

/* Every entry's raw kernel of backend b at the lengths given, on one layout:
 * random, adversarial and touching data, six probes (among them ones that
 * make a leaked padding lane hit), both touching modes, margins from
 * tb_margins. Asserts the random data gave hits and misses for every entry.
 * t (if not NULL, cb_entry_count() of them) receives each entry's totals. */
void tb_check_lengths(int b, const tb_layout *lay, const size_t *lengths, size_t nl, tb_tally *t);
/* Entry e's raw kernel of backend b on n elements of realistic data, of raw
 * bit patterns and of elements all touching their probe, six probes each,
 * both touching modes; inputs and outputs end at guard pages. */
void tb_check_large(int b, size_t e, size_t n, tb_tally *t);
/* Entry e's public function after cb_set_backend(b) (asserted), at the
 * lengths given, at the end of a page and one float after a guard page,
 * every flag value (CB_STRICT, CB_TRUST_FENV); with hostile, in a hostile
 * float environment (CB_TRUST_FENV left out: the caller would break its
 * promise), which must not change a bit. */
void tb_check_dispatched(int b, size_t e, const size_t *ns, size_t nn, int hostile, tb_tally *t);
/* n == 0 with NULL pointers: every raw kernel of backend b and every public
 * function (after cb_set_backend(b)) return 0 and touch nothing. */
void tb_check_empty(int b);

/* ---------------------------------------------------------- integer shapes */

/* Every integer entry on the subject (a backend or TB_PUBLIC) against
 * testkit's exact reference, bit for bit: corpora of extreme values
 * (the ends of int32, float-NaN bit patterns), small and scaled random
 * ones, values near each other and exactly touching pairs; the nl lengths
 * and one `large` one (arrays ending at guard pages), both touching
 * modes. Returns the calls compared (check_integer.c). */
size_t tb_int_check(int subject, const size_t *lengths, size_t nl, size_t large);
/* Every integer all-pairs entry on the subject against testkit's pairs
 * reference (testkit/pairs.c over the exact one-pair functions): the same
 * corpora as sets and elements of sizes around the vector widths and the
 * cull's threshold, grids of both shapes, the whole range, counts,
 * resumed pieces with one scratch, split ranges and the matrix; outputs
 * and scratch at guard pages. Returns the calls compared. */
size_t tb_int_pairs_check(int subject);

/* --------------------------------------------- the pairs and candidates forms */

/* Poison of the subject's outputs, and the canary bytes around them. */
#define TB_POISON 0xA5
#define TB_CANARY 0xEF

/* A hostile float environment for the calls: bit 0 flush (FTZ and DAZ;
 * AArch64 FPCR.FZ), bit 1 round toward zero. tb_prun runs the subject in
 * it when tb_hostile_env is set, and tb_want_run the scalar kernel too when
 * tb_hostile_want is; each call must leave the register as it found it
 * (sticky exception flags aside). tb_env_enter sets a mode and returns the
 * caller's register; tb_env_leave restores it, asserting that the call in
 * between (named `who`) left the mode `set` as it was. */
enum { TB_FLUSH = 1, TB_TOWARD_ZERO = 2 };
extern int tb_hostile_env, tb_hostile_want;
unsigned long long tb_env_enter(int mode);
void tb_env_leave(unsigned long long saved, unsigned long long set, const char *who);

/* Whether entry d lists pairs of a range of circles (the pairs form:
 * cursor, capacity, scratch) rather than testing candidates. */
int tb_is_ranged(const cb_entry_info *d);
/* A set against itself: SELF, or prepared as a grid (GRID_SELF). */
int tb_is_self(const cb_entry_info *d);
/* The pairs or candidates entry with these parts, or cb_entry_count(). */
size_t tb_find_pair_entry(cb_form f, cb_query q, cb_shape many, cb_output o);
/* The element shapes entry d is checked on (its own; the set for SELF; a
 * grid of each shape for GRID); their number. */
size_t tb_pair_shapes(const cb_entry_info *d, cb_shape shapes[3]);

/* Where a call happened, for the messages. */
typedef struct {
    const char *subject, *data, *layout;
} tb_pwhere;

/* Room that ends at a guard page: tb_tail_at(t, b) is the last b bytes of
 * it, so a buffer of any size taken from it faults one byte past its end. */
typedef struct {
    unsigned char *end;
    size_t room;
} tb_tail;
tb_tail tb_tail_new(size_t bytes);
void *tb_tail_at(const tb_tail *t, size_t bytes);
void tb_tail_free(tb_tail *t);
/* malloc, asserted (never NULL, also for 0 bytes). */
void *tb_xmalloc(size_t bytes);

/* The set (n_circles circles) and the elements (m of them, as boxes, as
 * circles and as oriented boxes, so one data set serves entries of every
 * element shape), each array placed as tb_corpus_new_at places it; and the
 * grids of the elements of each shape (tb_pdata_grids, after filling). */
typedef struct {
    tb_corpus set, els;
    cb_circle_soa cs; /* the set */
    cb_box_soa eb;    /* the elements as boxes */
    cb_circle_soa ec; /* the elements as circles */
    cb_obox_soa eo;   /* the elements as oriented boxes */
    float *dx, *dy;   /* the set's displacements as sweeps (tk_sweep_moves, at the fill) */
    cb_sweep_soa ws;  /* the set as sweeps */
    void *grid_mem[3];
    const cb_grid *grid[3]; /* by cb_shape */
    void *self_mem;
    const cb_grid *self_grid; /* the set's circles prepared (GRID_SELF) */
} tb_pdata;
/* Where the input arrays sit: ending at a guard page, or starting one float
 * after one (misaligned off every vector width; under-reads fault). */
typedef struct {
    const char *name;
    int before;
    size_t offset;
} tb_placement;
#define TB_PLACEMENTS 2
extern const tb_placement tb_placements[TB_PLACEMENTS];
void tb_pdata_init(tb_pdata *p, size_t nc, size_t m, const tb_placement *pl);
/* A tb_pdata of two corpora allocated elsewhere (freed there). */
void tb_pdata_of(tb_pdata *p, const tb_corpus *set, const tb_corpus *els);
/* Builds the grids of the elements as they are now (cb_grid_boxes, ...),
 * and of the set's circles. */
void tb_pdata_grids(tb_pdata *p);
void tb_pdata_free(tb_pdata *p);
/* Frees what tb_pdata_of allocated (the corpora are the caller's). */
void tb_pdata_free_views(tb_pdata *p);
/* The elements of a shape as SoA (cb_box_soa *, ...). */
const void *tb_els_of(const tb_pdata *p, cb_shape shape);

/*
 * One call of a pair entry: which, its arguments (the range every circle
 * of the set, the cursor and outputs set by the checks), and the elements
 * the reference reads (for a grid: the arrays it was built from).
 */
typedef struct {
    size_t e;
    const cb_entry_info *d;
    cb_args a;
    tk_pair_els els;
} tb_pcall;
tb_pcall tb_pcall_of(size_t e, const tb_pdata *p, cb_shape shape, unsigned flags, float margin);
/* Uniform in [0, n), 0 when n is 0. */
size_t tb_below(tk_rng *r, size_t n);

/* One call of pair entry c->e by subject s (a backend's raw kernel, or
 * TB_PUBLIC), in tb_hostile_env when set. */
size_t tb_prun(int s, const tb_pcall *c, const cb_args *a);
/* What a subject is compared with: the reference, or the scalar raw kernel. */
typedef enum { TB_WANT_REF, TB_WANT_SCALAR } tb_want_kind;
extern const char *const tb_want_name[2];
size_t tb_want_run(tb_want_kind w, const tb_pcall *c, const cb_args *a);
/* What subject s is held to, as checkasm does: the scalar backend to the
 * reference, every other subject (a backend's raw kernels, the public
 * functions) to the scalar kernel, bit for bit. The same answers, at a
 * fraction of the reference's cost (it tests every pair one by one). */
static inline tb_want_kind tb_want_for(int s)
{
    return s == CB_BACKEND_SCALAR ? TB_WANT_REF : TB_WANT_SCALAR;
}

#define TB_PW_FMT                                                                                  \
    "%s on %s: n_circles %zu, m %zu, n %zu, flags 0x%x, margin %a, elements %s, %s data, %s; " \
    TB_SEED_FMT
#define TB_PW_ARGS(c, w)                                                                           \
    (c)->d->name, (w)->subject, (c)->a.n_circles, (c)->els.m, (c)->a.n_candidates, (c)->a.flags, \
        (double)(c)->a.margin, tk_shape_name((c)->els.shape), (w)->data, (w)->layout, tb_seed()
#define TB_CUR_FMT "{circle %zu, element %zu, end %zu}"
#define TB_CUR_ARGS(c) (c).circle, (c).element, (c).end
/* The same place: circle, element and end (the plan is the library's). */
int tb_same_cursor(cb_pair_cursor x, cb_pair_cursor y);

/* The kinds of pair data (tb_pair_fill_kind), the same data for the same
 * (kind, stream) on every subject. */
enum {
    TB_K_RANDOM,
    TB_K_DENSE,
    TB_K_ADVERSARIAL,
    TB_K_EXACT,
    TB_K_TOUCHING,
    TB_K_MIXED,
    TB_K_TINY,
    TB_K_SCALED,
    TB_K_CLUSTERED,
    TB_K_COLUMN,
    TB_PAIR_KINDS,
    /* the level-like scenes (tests/test_pairs.c's pairs::levels, issue 32;
     * not in the loops over TB_PAIR_KINDS): a thin row of elements, every
     * circle and element in one spot, gaussian clusters, a few huge
     * elements among small ones, circles far outside the elements' area
     * (some touching its edge), and one crowd at a density drawn from
     * sparse to every pair overlapping */
    TB_K_ROW = TB_PAIR_KINDS,
    TB_K_ONE_CELL,
    TB_K_GAUSSIAN,
    TB_K_HUGE,
    TB_K_OUTSIDE,
    TB_K_DENSITY,
    TB_ALL_KINDS
};
extern const char *const tb_pair_kind_name[TB_ALL_KINDS];
void tb_pair_fill_kind(tb_pdata *p, int kind, tk_rng *r);
/* n candidate pairs of nc circles and m elements, repeats allowed, in one
 * of several shapes of list (random, one pair repeated, ascending, ...). */
void tb_fill_candidates(cb_pair *c, size_t n, size_t nc, size_t m, tk_rng *r);

/* Record arrays of a cb_pair_contacts with room for `room` records, each
 * array ending at a guard page (tails) or on the heap. */
typedef struct {
    tb_tail t[7];
    size_t room;
} tb_precs;
cb_pair_contacts tb_precs_at(const tb_precs *r, size_t capacity);

/*
 * Buffers for the calls on one data set: the subject's pair list, records,
 * matrix, candidates and scratch each ending at a guard page; the other
 * side's on the heap; per candidates entry, the subject's output (tb_out_new:
 * every array at a guard page) and the other side's (heap, canaries
 * around). room: pairs a list may hold (every pair of the set with every
 * element or with itself). without_scratch: the public calls pass NULL
 * scratch (the library allocates it).
 */
typedef struct {
    size_t nc, m, room, words;
    tb_tail pairs, matrix, cands, scratch;
    tb_precs recs;
    cb_pair *ref_pairs;
    uint64_t *ref_matrix;
    void *ref_scratch;
    cb_pair_contacts ref_recs;
    size_t n;          /* candidates */
    tk_out *sub, *ref; /* indexed by entry; allocated for candidates entries */
    int without_scratch;
} tb_pbufs;
void tb_pbufs_init(tb_pbufs *x, size_t nc, size_t m, size_t n, int before, size_t misalign);
/* The same with room for `room` pairs (big sparse sets: the count, not
 * every pair). */
void tb_pbufs_init_room(tb_pbufs *x, size_t nc, size_t m, size_t n, int before, size_t misalign,
                        size_t room);
void tb_pbufs_free(tb_pbufs *x);
cb_pair *tb_cands_of(const tb_pbufs *x);

/* One call checked (see check_pairs.c for each), the count returned:
 *  tb_check_list: a pair list or records from `start` with `capacity`
 *    (count_only: out NULL, capacity 0): count, pairs, records, cursor
 *    after (*after), nothing written past the count;
 *  tb_check_matrix: the rows [start.circle, end) of a matrix, the cursor;
 *  tb_check_listed: a candidates entry's output on x's candidates;
 *  tb_check_entry: everything in one call (the whole list sized by a
 *    count-only call of both sides, which must agree; the whole matrix; the
 *    candidates). */
size_t tb_check_list(int s, const tb_pcall *c, tb_pbufs *x, cb_pair_cursor start, size_t capacity,
                     int count_only, tb_want_kind wk, const tb_pwhere *w, cb_pair_cursor *after);
size_t tb_check_matrix(int s, const tb_pcall *c, tb_pbufs *x, cb_pair_cursor start,
                       tb_want_kind wk, const tb_pwhere *w);
size_t tb_check_listed(int s, const tb_pcall *c, tb_pbufs *x, tb_want_kind wk, const tb_pwhere *w);
size_t tb_check_entry(int s, const tb_pcall *c, tb_pbufs *x, tb_want_kind wk, const tb_pwhere *w);

/* The scenarios of the pairs and candidates forms. */

/* Subject s (a backend's raw kernels, or TB_PUBLIC), every pairs and
 * candidates entry on every element shape it takes, on set sizes 0 .. 17 and element counts
 * 0 .. 200 (the first `n_counts` of them; all when larger), every kind of
 * data, both flag values, inputs at the end of a page and misaligned one
 * float after one, `rounds` times, against the reference: whole lists and
 * records (count, order, cursor), whole matrices, candidate lists. Asserts
 * hits and misses, and that CB_STRICT changed some overlap count. Returns
 * the calls made. */
size_t tb_pair_check_reference(int s, int rounds, size_t n_counts);
/* After cb_set_backend(b), the public functions against the scalar raw
 * kernels with every flag, lists cut short and resumed, inner ranges, with
 * and without scratch; on adversarial and denormal data also in a hostile
 * float environment. */
size_t tb_pair_check_dispatched(int b);
/* Backend b's raw kernels against the scalar ones, both under flush-to-zero
 * and round toward zero: equal bits, the mode left as it was. Returns 0
 * when the target has no float control register (nothing to check). */
size_t tb_pair_check_raw_float_modes(int b, int rounds);
/* The pairs' size limits, whatever the width of size_t (cbatch.h:
 * CB_PAIRS_MAX_N, cb_pairs_scratch_size, cb_grid_size): SIZE_MAX past
 * CB_PAIRS_MAX_N, and where the size does not fit a size_t (a 32-bit one:
 * at CB_PAIRS_MAX_N itself), never a wrapped size; below, sizes that grow
 * with the counts, at most 200 bytes an element; and a query over
 * CB_PAIRS_MAX_N + 1 circles or elements refused (CB_INVALID) before it
 * reads an input or writes an output. Returns the calls made. */
size_t tb_check_size_limits(void);

#endif
