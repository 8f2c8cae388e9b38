/* fuzz_batch.c - libFuzzer target: bytes become a circle, boxes, mirror circles + box, oriented boxes and one oriented box, flags, a length, a contact margin and a float mode; every entry on every runnable backend, and its public function, must match the reference bit for bit on every output array. */
#include "fpctl.h"
#include "fuzz_format.h"
#include "reference.h"

#include <cbatch.h>

#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * What one input checks, for every entry of the batch form cb_entry_info_of
 * describes (any failure prints what differed and aborts, which libFuzzer
 * turns into a crash artifact):
 *  - the library's answer for one pair (cb_batch_overlap_aos with n = 1)
 *    and the testkit reference (ref_overlap) agree on every pair;
 *  - the raw scalar kernel gives the reference's answer (ref_entry, default
 *    float mode);
 *  - in the input's float mode, the raw kernels of every runnable backend
 *    give the raw scalar answer of the first entry of the same question
 *    (cbatch.h: on one x86 machine they follow MXCSR alike), rewritten in
 *    their own format, so layouts and outputs agree in every mode too;
 *  - the public function (cb_entry_call), forced onto each runnable backend,
 *    gives the reference's default-mode answer in any float mode, restores
 *    the caller's mode, rejects unknown flag bits and NULL pointers writing
 *    nothing;
 *  - every output kind compared bit for bit by testkit (mask words, index
 *    lists, the n separations of distance entries, the 7 arrays of contact
 *    records), and its format's invariants (tk_check_format: bits past n
 *    zero, ascending indices, canonical NaNs, ...); nothing written outside
 *    any output array (canaries on both sides) nor into the cb_contacts;
 *    inputs never modified;
 *  - contact entries: the input's margin in the public calls (one that is
 *    not finite and >= 0 must give CB_INVALID), a NULL array of the
 *    cb_contacts refused; on every backend, at margin 0 the raw kernel's
 *    hit set is the overlap entry's of the same shapes and layout, and the
 *    separation of every contact is the distance entry's for that element;
 *  - every input array ends exactly at the end of its heap block, so
 *    AddressSanitizer reports any read past element n-1;
 *  - the entries of the pairs and candidates forms (check_pairs): every
 *    backend against the reference and, in the input's mode, against raw
 *    scalar; the pair list resumed through its cursor; the public functions;
 *  - the validators and converters (the oriented boxes' and cb_rotation
 *    included) against their own oracles, in the input's float mode;
 *  - the integer entries (batch and candidates) on the case's values as
 *    integers (check_ints), every backend and the public functions against
 *    the exact reference, in the input's float mode; the integer all pairs
 *    likewise (check_int_pairs), whole and resumed through the cursor;
 *  - the sweeps (a batch entry like the others, the probe's circle moving
 *    by its oriented box's half-extents: tk_sweep_of): every well-formed pair's
 *    time judged against exact geometry (tk_sweep_judge: within the band,
 *    never a miss of a deeper penetration).
 */

#define FAILF(...)                                                                                 \
    do {                                                                                           \
        fprintf(stderr, "cbatch fuzz: " __VA_ARGS__);                                              \
        fprintf(stderr, "\n");                                                                     \
        abort();                                                                                   \
    } while (0)

/* ---------------------------------------------------------------- the float mode */

/* Modes 0..7: default, FTZ+DAZ, up, down, toward zero, FTZ only, DAZ only, FTZ+DAZ+up.
 * Where a mode does not exist here (no FTZ control), the nearest one is used. */
static void enter_mode(int m)
{
    static const int rounds[8] = {FE_TONEAREST,
#ifdef FE_UPWARD
                                  FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO,
                                  FE_TONEAREST, FE_TONEAREST, FE_UPWARD
#else
                                  FE_TONEAREST, FE_TONEAREST, FE_TONEAREST, FE_TONEAREST,
                                  FE_TONEAREST, FE_TONEAREST, FE_TONEAREST
#endif
    };
    fesetround(rounds[m & 7]);
    fpctl_set_flush(m == 1 || m == 5 || m == 7, m == 1 || m == 6 || m == 7, 0);
}

static void leave_mode(unsigned long long saved)
{
    fesetround(FE_TONEAREST);
    fpctl_write(saved);
}

/* After a public call: the mode bits exactly as set, the caller's sticky
 * flags kept (where the register holds them: FPCTL_FLAGS). */
static void check_restored(unsigned long long set, int round_set, const char *what)
{
    unsigned long long now = fpctl_read();
    if ((now & ~FPCTL_FLAGS) != (set & ~FPCTL_FLAGS) || (now & set & FPCTL_FLAGS) != (set & FPCTL_FLAGS))
        FAILF("%s: float control 0x%llx after the call, the caller had 0x%llx", what, now, set);
    if (fegetround() != round_set)
        FAILF("%s: rounding mode %d after the call, the caller had %d", what, fegetround(), round_set);
}

/* ---------------------------------------------------------------- buffers */

/* An array of `bytes` that ends exactly where its heap block ends (the block
 * is `off` bytes larger, the array starts `off` in): ASan's redzone begins at
 * the first byte past the array, and `off` varies the alignment. */
typedef struct {
    unsigned char *block;
    void *p;
} fz_arr;

static fz_arr arr_new(size_t bytes, size_t off)
{
    fz_arr a;
    a.block = malloc(bytes + off ? bytes + off : 1);
    if (!a.block)
        abort();
    a.p = a.block + off;
    return a;
}

/* Outputs: testkit's tk_out for the entry's kind, every array in a heap
 * block with TK_OUT_PAD bytes of canary on each side, so a write even one
 * unit outside an array lands in a canary. */
#define CANARY 0xC4

static void out_fill(tk_out *o, uint8_t pattern)
{
    tk_out_fill(o, pattern);
    tk_out_fill_pads(o, CANARY);
}

static void out_check_canaries(const tk_out *o, const char *what)
{
    if (!tk_out_pads_intact(o, CANARY))
        FAILF("%s: wrote outside an output array", what);
    if (!tk_out_intact(o))
        FAILF("%s: wrote the cb_contacts struct", what);
}


/* ---------------------------------------------------------------- validators and converters */

static int is_nan_f(float f) { return f != f; }

/* Same bits, or NaN on both sides: which NaN x + y gives for two NaNs
 * depends on the operand order the compiler chose, and no hit depends on it. */
static int same_f(float a, float b) { return memcmp(&a, &b, sizeof a) == 0 || (is_nan_f(a) && is_nan_f(b)); }

/* The oriented-box validators against ref_obox_fault, and the oriented-box
 * converters and cb_rotation(s) in the input's float mode against the
 * default mode: the centre and half-extents by cbatch.h's formulas, the
 * rotation by cb_rotation called in the default mode. The angles are the
 * circles' radii, the corners the boxes' values read as (x, y, w, h). */
static void check_oboxes_rotations(const tk_views *in, size_t n, const cb_box *boxes,
                                   const cb_circle *circles, const cb_obox *oboxes, int mode)
{
    size_t want_o = n;
    cb_fault fo = CB_FAULT_NONE;
    for (size_t i = 0; i < n && want_o == n; i++)
        if ((fo = ref_obox_fault(oboxes[i])) != CB_FAULT_NONE)
            want_o = i;
    if (want_o == n)
        fo = CB_FAULT_NONE;

    float *angles = malloc((n ? n : 1) * sizeof(float));
    cb_box_corner *co = malloc((n ? n : 1) * sizeof *co);
    cb_obox *want_b = malloc((n ? n : 1) * sizeof(cb_obox)), *want_k = malloc((n ? n : 1) * sizeof(cb_obox));
    cb_obox *o1 = malloc((n ? n : 1) * sizeof(cb_obox));
    float *s[6], *rc = malloc((n ? n : 1) * sizeof(float)), *rs = malloc((n ? n : 1) * sizeof(float));
    if (!angles || !co || !want_b || !want_k || !o1 || !rc || !rs)
        abort();
    for (int j = 0; j < 6; j++)
        if (!(s[j] = malloc((n ? n : 1) * sizeof(float))))
            abort();
    for (size_t i = 0; i < n; i++) {
        angles[i] = circles[i].r;
        cb_box_corner k = {boxes[i].min_x, boxes[i].min_y, boxes[i].max_x, boxes[i].max_y};
        co[i] = k;
        cb_rot rot = cb_rotation(angles[i]);
        want_b[i] = ref_obox_from_box(boxes[i], rot), want_k[i] = ref_obox_from_corner(k, rot);
    }

    unsigned long long saved = fpctl_read();
    enter_mode(mode);
    unsigned long long set = fpctl_read();
    int round_set = fegetround();
    cb_fault f1 = (cb_fault)99, f2 = (cb_fault)99;
    size_t r1 = cb_validate_oboxes(in->oboxes, n, &f1), r2 = cb_validate_oboxes_aos(in->oboxes_aos, n, &f2);
    if (cb_rotations(angles, n, rc, rs) != CB_OK)
        FAILF("cb_rotations failed");
    check_restored(set, round_set, "cb_rotations");
    for (int kind = 0; kind < 2; kind++) {
        if (kind == 0) {
            cb_oboxes_from_boxes(boxes, angles, n, o1);
            if (cb_oboxes_from_boxes_soa(boxes, angles, n, s[0], s[1], s[2], s[3], s[4], s[5]) != CB_OK)
                FAILF("cb_oboxes_from_boxes_soa failed");
        } else {
            cb_oboxes_from_corners(co, angles, n, o1);
            if (cb_oboxes_from_corners_soa(co, angles, n, s[0], s[1], s[2], s[3], s[4], s[5]) != CB_OK)
                FAILF("cb_oboxes_from_corners_soa failed");
        }
        check_restored(set, round_set, "oriented box converters");
        const cb_obox *want = kind ? want_k : want_b;
        for (size_t i = 0; i < n; i++) {
            cb_obox one = kind ? cb_obox_from_corner(co[i], angles[i]) : cb_obox_from_box(boxes[i], angles[i]);
            const float *w = &want[i].cx, *a = &o1[i].cx, *b = &one.cx;
            for (int j = 0; j < 6; j++)
                if (!same_f(a[j], w[j]) || !same_f(s[j][i], w[j]) || (i < 8 && !same_f(b[j], w[j])))
                    FAILF("%s in mode %d: oriented box %zu value %d = %a (AoS) %a (SoA) %a (one), expected %a",
                          kind ? "corner converters" : "box converters", mode, i, j, a[j], s[j][i], b[j], w[j]);
        }
    }
    leave_mode(saved);
    for (size_t i = 0; i < n; i++)
        if (!same_f(rc[i], want_b[i].c) || !same_f(rs[i], want_b[i].s))
            FAILF("cb_rotations(%a) in mode %d = (%a, %a), cb_rotation in the default mode (%a, %a)",
                  angles[i], mode, rc[i], rs[i], want_b[i].c, want_b[i].s);
    if (r1 != want_o || r2 != want_o || f1 != fo || f2 != fo)
        FAILF("oriented box validators: %zu/%d (SoA) %zu/%d (AoS), expected %zu/%d", r1, (int)f1, r2,
              (int)f2, want_o, (int)fo);
    for (int j = 0; j < 6; j++)
        free(s[j]);
    free(angles), free(co), free(want_b), free(want_k), free(o1), free(rc), free(rs);
}

static void check_validators_converters(const tk_views *in, size_t n, const cb_box *boxes,
                                        const cb_circle *circles, int mode)
{
    size_t want_b = n, want_c = n;
    cb_fault fb = CB_FAULT_NONE, fc = CB_FAULT_NONE;
    for (size_t i = 0; i < n && want_b == n; i++)
        if ((fb = ref_box_fault(boxes[i])) != CB_FAULT_NONE)
            want_b = i;
    for (size_t i = 0; i < n && want_c == n; i++)
        if ((fc = ref_circle_fault(circles[i])) != CB_FAULT_NONE)
            want_c = i;
    if (want_b == n)
        fb = CB_FAULT_NONE;
    if (want_c == n)
        fc = CB_FAULT_NONE;

    /* Expected converter outputs in the default mode, before entering `mode`. */
    cb_box *want_ce = malloc((n ? n : 1) * sizeof(cb_box)), *want_co = malloc((n ? n : 1) * sizeof(cb_box));
    cb_box_center *ce = malloc((n ? n : 1) * sizeof *ce);
    cb_box_corner *co = malloc((n ? n : 1) * sizeof *co);
    if (!want_ce || !want_co || !ce || !co)
        abort();
    for (size_t i = 0; i < n; i++) {
        cb_box_center a = {boxes[i].min_x, boxes[i].min_y, boxes[i].max_x, boxes[i].max_y};
        cb_box_corner b = {boxes[i].min_x, boxes[i].min_y, boxes[i].max_x, boxes[i].max_y};
        ce[i] = a, co[i] = b;
        want_ce[i] = ref_box_from_center(a), want_co[i] = ref_box_from_corner(b);
    }

    unsigned long long saved = fpctl_read();
    enter_mode(mode);
    unsigned long long set = fpctl_read();
    int round_set = fegetround();
    cb_fault f1 = (cb_fault)99, f2 = (cb_fault)99, f3 = (cb_fault)99, f4 = (cb_fault)99;
    size_t r1 = cb_validate_boxes(in->boxes, n, &f1), r2 = cb_validate_boxes_aos(in->boxes_aos, n, &f2);
    size_t r3 = cb_validate_circles(in->circles, n, &f3), r4 = cb_validate_circles_aos(in->circles_aos, n, &f4);
    cb_box *o1 = malloc((n ? n : 1) * sizeof(cb_box)), *o2 = malloc((n ? n : 1) * sizeof(cb_box));
    float *s[4];
    for (int j = 0; j < 4; j++)
        if (!(s[j] = malloc((n ? n : 1) * sizeof(float))))
            abort();
    if (!o1 || !o2)
        abort();
    for (int kind = 0; kind < 2; kind++) {
        if (kind == 0) {
            cb_boxes_from_centers(ce, n, o1);
            if (cb_boxes_from_centers_soa(ce, n, s[0], s[1], s[2], s[3]) != CB_OK)
                FAILF("cb_boxes_from_centers_soa failed");
            for (size_t i = 0; i < n && i < 8; i++)
                o2[i] = cb_box_from_center(ce[i]);
        } else {
            cb_boxes_from_corners(co, n, o1);
            if (cb_boxes_from_corners_soa(co, n, s[0], s[1], s[2], s[3]) != CB_OK)
                FAILF("cb_boxes_from_corners_soa failed");
            for (size_t i = 0; i < n && i < 8; i++)
                o2[i] = cb_box_from_corner(co[i]);
        }
        check_restored(set, round_set, "converters");
        const cb_box *want = kind ? want_co : want_ce;
        for (size_t i = 0; i < n; i++) {
            const float *w = &want[i].min_x, *a = &o1[i].min_x, *b = &o2[i].min_x;
            for (int j = 0; j < 4; j++)
                if (!same_f(a[j], w[j]) || !same_f(s[j][i], w[j]) || (i < 8 && !same_f(b[j], w[j])))
                    FAILF("%s in mode %d: box %zu coordinate %d = %a (AoS) %a (SoA) %a (one), expected %a",
                          kind ? "corner converters" : "centre converters", mode, i, j, a[j], s[j][i],
                          i < 8 ? b[j] : w[j], w[j]);
        }
    }
    leave_mode(saved);
    if (r1 != want_b || r2 != want_b || f1 != fb || f2 != fb)
        FAILF("box validators: %zu/%d (SoA) %zu/%d (AoS), expected %zu/%d", r1, (int)f1, r2, (int)f2,
              want_b, (int)fb);
    if (r3 != want_c || r4 != want_c || f3 != fc || f4 != fc)
        FAILF("circle validators: %zu/%d (SoA) %zu/%d (AoS), expected %zu/%d", r3, (int)f3, r4,
              (int)f4, want_c, (int)fc);
    for (int j = 0; j < 4; j++)
        free(s[j]);
    free(o1), free(o2), free(ce), free(co), free(want_ce), free(want_co);
}

/* ---------------------------------------------------------------- the entries */

/* The backends every input runs on: compiled in and supported here. */
static int runnable(int b) { return cb_backend_status((cb_backend)b, NULL) == CB_OK; }

/* The number of entries of these forms (TK_* mask). */
static size_t entries_of(unsigned forms)
{
    size_t count = 0;
    TK_FOR_ENTRIES(e, forms)
        count++;
    return count;
}

/* CB_FUZZ_SAMPLE set: each input checks a part (sample_of, below). */
static int sampling(void)
{
    static int on = -1;
    if (on < 0)
        on = getenv("CB_FUZZ_SAMPLE") != NULL;
    return on;
}

/* Says once which entries (of the batch form; the pairs and candidates
 * forms run too, in check_pairs) and backends each input is run on, and why
 * the other backends are not. */
void fz_report_backends(void);
void fz_report_backends(void)
{
    fprintf(stderr, "cbatch fuzz: %s %zu batch entries (and %zu integer ones) on:",
            sampling() ? "each input runs a sample of the" : "every input runs",
            entries_of(TK_BATCH), entries_of(TK_ALL | TK_INTEGER));
    for (int b = 0; b < CB_BACKEND_COUNT; b++)
        if (runnable(b))
            fprintf(stderr, " %s", cb_backend_name((cb_backend)b));
    fprintf(stderr, "\n");
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        const char *why;
        if (cb_backend_status((cb_backend)b, &why) != CB_OK)
            fprintf(stderr, "cbatch fuzz: SKIP backend %s: %s\n", cb_backend_name((cb_backend)b), why);
    }
}

/*
 * CB_FUZZ_SAMPLE=1 (the bounded search of scripts/test-fuzz.sh): each input
 * checks a part of what the whole target checks, chosen by its bytes, so
 * that libFuzzer tries many inputs a second instead of about one. One
 * part of K + 3: the batch entries of one of the K (single shape, element
 * shape) pairs (their question's first entry and the contacts' overlap
 * and distance twins have the same pair); the pairs and candidates
 * (check_pairs, three quarters of a whole input's time); the integer
 * shapes; or the validators, converters and rotations. A replay
 * (cb-fuzz-replay: the corpus tests, and the evolved corpus after the
 * search) checks everything.
 */
enum { FZ_SHAPE_PAIRS_ROOM = 32 }; /* room for the batch entries' shape pairs */

typedef struct {
    int all;            /* not sampling: every check */
    cb_shape one, many; /* sampling: the batch entries of this pair, if batch */
    int batch, pairs, ints, others;
} fz_sample;

/* The distinct (one, many) pairs of the batch entries, in entry order. */
static size_t shape_pairs(cb_shape *one, cb_shape *many, size_t room)
{
    size_t k = 0;
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        size_t i = 0;
        while (i < k && !(one[i] == d->one && many[i] == d->many))
            i++;
        if (i == k && k < room)
            one[k] = d->one, many[k] = d->many, k++;
    }
    return k;
}

static fz_sample sample_of(const uint8_t *data, size_t size)
{
    fz_sample s = {1, CB_SHAPE_CIRCLE, CB_SHAPE_BOX, 1, 1, 1, 1};
    if (!sampling())
        return s;
    static cb_shape one[FZ_SHAPE_PAIRS_ROOM], many[FZ_SHAPE_PAIRS_ROOM];
    static size_t pairs;
    if (!pairs)
        pairs = shape_pairs(one, many, FZ_SHAPE_PAIRS_ROOM);
    uint32_t h = 2166136261u; /* FNV-1a of the input */
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    size_t part = h % (pairs + 3);
    s.all = 0, s.batch = part < pairs;
    s.one = one[s.batch ? part : 0], s.many = many[s.batch ? part : 0];
    s.pairs = part == pairs, s.ints = part == pairs + 1, s.others = part == pairs + 2;
    return s;
}

static int chosen(const fz_sample *s, size_t e)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    return s->all || (s->batch && d->one == s->one && d->many == s->many);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_report_backends();
    if (sampling()) {
        cb_shape one[FZ_SHAPE_PAIRS_ROOM], many[FZ_SHAPE_PAIRS_ROOM];
        fprintf(stderr, "cbatch fuzz: CB_FUZZ_SAMPLE: each input checks one part of %zu: the "
                        "batch entries of one shape pair, the pairs, the integers, or the "
                        "validators\n",
                shape_pairs(one, many, FZ_SHAPE_PAIRS_ROOM) + 3);
    }
    return 0;
}

/* The raw kernel of entry e on a backend that runs here: it must exist. */
static cb_kernel_fn kernel_of(size_t e, int b)
{
    cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)b);
    if (!k)
        FAILF("%s has no %s kernel, though that backend runs here", cb_entry_info_of(e)->name,
              cb_backend_name((cb_backend)b));
    return k;
}

/* The first entry that answers the same question as e (tk_same_question):
 * in a float mode, every entry of the question must give its raw scalar
 * answer. */
static size_t question_of(size_t e)
{
    const cb_entry_info *d = cb_entry_info_of(e);
    for (size_t f = 0;; f++)
        if (tk_same_question(cb_entry_info_of(f), d))
            return f;
}

/* An output against its expected value, canaries and format included. */
static void expect_out(const cb_entry_info *d, size_t n, size_t count, const tk_out *o,
                       size_t want_count, const void *want, const char *what)
{
    char why[320];
    out_check_canaries(o, what);
    if (!tk_same_output(d, n, count, o->out, want_count, want, why, sizeof why))
        FAILF("%s: %s (got, expected)", what, why);
    if (!tk_check_format(d, n, count, o->out, why, sizeof why))
        FAILF("%s: %s", what, why);
}

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        abort();
    return p;
}

/* ---------------------------------------------------------------- many against many */

/*
 * The entries of the pairs and candidates forms on the input's data: the
 * first up to FZ_PAIR_SET circles as the set, every box, circle and
 * oriented box as the elements (a grid entry: a grid of one of them, picked
 * by the input, built by cb_grid_*), the set against itself, and n
 * candidates (k % set, k * 7919 % n) of them. On every runnable backend:
 * the raw kernel in the default mode against the reference (ref_entry_on:
 * order, cursor, records included; ref_entry for candidates), in the
 * input's float mode against the raw scalar kernel in that mode; the list
 * delivered `cap` pairs at a time (cap from the input) through the cursor
 * equal to the whole list; the public function (cb_entry_call, with and
 * without scratch) against the reference; nothing written outside any
 * output (canaries), inputs unchanged (checked below).
 */
#define FZ_PAIR_SET 24u

/* Room for what entry d writes, with canaries: PAIRS and PAIR_CONTACTS
 * `room` pairs or records (all seven arrays in one block), MATRIX set *
 * words, a candidates entry its output over the candidates. */
typedef struct {
    unsigned char *block;
    void *out;      /* pairs, records, matrix or the candidates' output */
    size_t bytes;   /* of the block between the canaries */
    cb_pair_contacts recs;
    cb_pair_sweep_hits hits; /* a sweep set's first hits: recs' arrays */
    tk_out listed;  /* candidates: the output, as tk_out of the entry */
    int is_listed;
} fz_pout;

static void pout_new(fz_pout *o, const cb_entry_info *d, size_t room, size_t words, size_t ncand)
{
    memset(o, 0, sizeof *o);
    if (d->form == CB_FORM_CANDIDATES) {
        o->is_listed = 1;
        tk_out_malloc_padded(&o->listed, d, ncand);
        o->out = o->listed.out;
        return;
    }
    int recs = tk_has_records(d);
    o->bytes = d->output == CB_OUTPUT_MATRIX ? words * sizeof(uint64_t)
               : recs ? room * (sizeof(cb_pair) + 5 * sizeof(float) + 1)
                      : room * sizeof(cb_pair);
    o->block = xmalloc(o->bytes + 2 * TK_OUT_PAD);
    o->out = o->block + TK_OUT_PAD;
    if (recs) {
        unsigned char *p = o->out;
        o->recs.pair = (cb_pair *)(void *)p, p += room * sizeof(cb_pair);
        float *f = (float *)(void *)p;
        o->recs.normal_x = f, o->recs.normal_y = f + room, o->recs.separation = f + 2 * room;
        o->recs.point_x = f + 3 * room, o->recs.point_y = f + 4 * room;
        o->recs.feature = p + 5 * room * sizeof(float);
        o->out = tk_list_out(d, NULL, &o->recs, &o->hits);
    }
}

static void pout_fill(fz_pout *o, uint8_t pattern)
{
    if (o->is_listed) {
        out_fill(&o->listed, pattern);
        return;
    }
    memset(o->block, CANARY, o->bytes + 2 * TK_OUT_PAD);
    memset(o->block + TK_OUT_PAD, pattern, o->bytes);
}

static void pout_check(const fz_pout *o, const char *what)
{
    if (o->is_listed) {
        out_check_canaries(&o->listed, what);
        return;
    }
    for (size_t k = 0; k < TK_OUT_PAD; k++)
        if (o->block[k] != CANARY || o->block[TK_OUT_PAD + o->bytes + k] != CANARY)
            FAILF("%s: wrote outside its output", what);
}

static void pout_free(fz_pout *o)
{
    if (o->is_listed)
        tk_out_free(&o->listed);
    free(o->block);
}

static const cb_pair *pout_pairs(const cb_entry_info *d, const fz_pout *o)
{
    return tk_has_records(d) ? o->recs.pair : (const cb_pair *)o->out;
}

/* Two answers of entry d: equal counts, cursors and written parts. */
static void pout_same(const cb_entry_info *d, size_t ncand, size_t c1, const fz_pout *o1,
                      cb_pair_cursor k1, size_t c2, const fz_pout *o2, cb_pair_cursor k2,
                      size_t words, const char *what)
{
    char why[256];
    if (c1 != c2)
        FAILF("%s: returned %zu, expected %zu", what, c1, c2);
    if (d->form == CB_FORM_CANDIDATES) {
        if (!tk_same_output(d, ncand, c1, o1->out, c2, o2->out, why, sizeof why))
            FAILF("%s: %s (got, expected)", what, why);
        return;
    }
    if (k1.circle != k2.circle || k1.element != k2.element || k1.end != k2.end)
        FAILF("%s: cursor {%zu, %zu, %zu}, expected {%zu, %zu, %zu}", what, k1.circle, k1.element,
              k1.end, k2.circle, k2.element, k2.end);
    if (d->output == CB_OUTPUT_MATRIX) {
        if (memcmp(o1->out, o2->out, words * sizeof(uint64_t)) != 0)
            FAILF("%s: the matrices differ", what);
        return;
    }
    if (memcmp(pout_pairs(d, o1), pout_pairs(d, o2), c1 * sizeof(cb_pair)) != 0)
        FAILF("%s: the pair lists differ (%zu pairs)", what, c1);
    if (tk_has_records(d)) {
        const cb_pair_contacts *r1 = &o1->recs, *r2 = &o2->recs;
        if (memcmp(r1->normal_x, r2->normal_x, c1 * 4) || memcmp(r1->normal_y, r2->normal_y, c1 * 4) ||
            memcmp(r1->separation, r2->separation, c1 * 4) ||
            memcmp(r1->point_x, r2->point_x, c1 * 4) || memcmp(r1->point_y, r2->point_y, c1 * 4) ||
            memcmp(r1->feature, r2->feature, c1))
            FAILF("%s: the records differ", what);
    }
}

static void check_pairs(const tk_views *in, size_t n, unsigned flags, int mode, float margin,
                        size_t cap_in, uint8_t pattern)
{
    size_t set = n < FZ_PAIR_SET ? n : FZ_PAIR_SET, m = n;
    size_t room = set * (m > set ? m : set) + 1, words = set * (m / 64 + (m % 64 != 0));
    cb_pair *cand = xmalloc(n * sizeof *cand);
    for (size_t k = 0; k < n; k++)
        cand[k].i = (uint32_t)(k % (set ? set : 1)), cand[k].j = (uint32_t)((k * 7919u) % n);
    void *scratch = xmalloc(cb_pairs_scratch_size(set, m > set ? m : set));
    void *gmem = xmalloc(cb_grid_size(m > set ? m : set)); /* the elements', or the set's */
    const void *soa[3] = {in->circles, in->boxes, in->oboxes}; /* by cb_shape */
    float sdx[FZ_PAIR_SET], sdy[FZ_PAIR_SET]; /* the set as sweeps, in the default mode */
    tk_sweep_moves(in->circles, set, sdx, sdy);
    cb_sweep_soa ws = {in->circles->x, in->circles->y, in->circles->r, sdx, sdy};
    unsigned long long saved = fpctl_read();
    char what[192];
    TK_FOR_ENTRIES(e, TK_PAIRED) {
        const cb_entry_info *d = cb_entry_info_of(e);
        /* a grid entry: a grid of one shape per input, picked by the input */
        int first = d->many != CB_SHAPE_GRID        ? 0
                    : d->one == CB_SHAPE_SWEEP ? (int)((pattern + n) % 2) /* circles, boxes */
                                               : (int)((pattern + n) % 3);
        for (int sh = first; sh == first; sh++) {
            fz_pout got, want, moded;
            pout_new(&got, d, room, words, n), pout_new(&want, d, room, words, n);
            pout_new(&moded, d, room, words, n);
            cb_args a;
            memset(&a, 0, sizeof a);
            a.circles = in->circles, a.n_circles = set, a.n = m, a.flags = flags, a.margin = margin;
            a.sweeps = &ws;
            a.candidates = cand, a.n_candidates = d->form == CB_FORM_CANDIDATES ? n : 0;
            a.capacity = room, a.scratch = scratch;
            tk_pair_els els = {d->many, NULL, m};
            if (d->many == CB_SHAPE_SELF) {
                els.shape = CB_SHAPE_CIRCLE, els.els = in->circles, els.m = set;
            } else if (d->many == CB_SHAPE_GRID_SELF) { /* the set, prepared */
                els.shape = CB_SHAPE_CIRCLE, els.els = in->circles, els.m = set;
                if (!(a.many = cb_grid_circles(gmem, in->circles, set)))
                    FAILF("%s: the grid of the set was not built", d->name);
            } else if (d->many == CB_SHAPE_GRID) {
                els.shape = (cb_shape)sh, els.els = soa[sh];
                a.many = sh == CB_SHAPE_BOX      ? cb_grid_boxes(gmem, in->boxes, m)
                         : sh == CB_SHAPE_CIRCLE ? cb_grid_circles(gmem, in->circles, m)
                                                 : cb_grid_oboxes(gmem, in->oboxes, m);
                if (!a.many)
                    FAILF("%s: the grid of %s was not built", d->name, tk_shape_name(els.shape));
            } else {
                els.els = soa[d->many], a.many = els.els;
            }
            cb_pair_cursor cw = {0, 0, 0, 0}, cm = {0, 0, 0, 0};

            /* the reference, and the raw scalar kernel in the input's mode */
            a.cursor = &cw, a.out = want.out;
            size_t want_c = d->form == CB_FORM_PAIRS ? ref_entry_on(d, &a, &els) : ref_entry(d, &a);
            a.cursor = &cm, a.out = moded.out;
            cb_kernel_fn scalar = cb_entry_kernel(e, CB_BACKEND_SCALAR);
            enter_mode(mode);
            size_t moded_c = scalar(&a);
            leave_mode(saved);

            for (int b = 0; b < CB_BACKEND_COUNT; b++) {
                if (!runnable(b))
                    continue;
                const char *bn = cb_backend_name((cb_backend)b);
                cb_kernel_fn k = cb_entry_kernel(e, (cb_backend)b);
                if (!k)
                    FAILF("%s has no %s kernel", d->name, bn);
                cb_pair_cursor cg = {0, 0, 0, 0};
                a.cursor = &cg, a.out = got.out, a.capacity = room;
                pout_fill(&got, (uint8_t)(pattern ^ b));
                size_t c = k(&a);
                snprintf(what, sizeof what, "raw %s %s on %s (set %zu, m %zu)", bn, d->name,
                         tk_shape_name(els.shape), set, m);
                pout_check(&got, what);
                pout_same(d, n, c, &got, cg, want_c, &want, cw, words, what);

                cg = (cb_pair_cursor){0, 0, 0, 0};
                pout_fill(&got, (uint8_t)(pattern ^ b));
                enter_mode(mode);
                c = k(&a);
                leave_mode(saved);
                snprintf(what, sizeof what, "raw %s %s on %s (mode %d)", bn, d->name,
                         tk_shape_name(els.shape), mode);
                pout_check(&got, what);
                pout_same(d, n, c, &got, cg, moded_c, &moded, cm, words, what);

                if (d->output == CB_OUTPUT_PAIRS) { /* cap pairs at a time */
                    /* A circle split between calls is tested again by the
                     * next one: bounded to about 64 calls, so that a
                     * capacity of 1 against a circle with 30 000 pairs stays
                     * fast (tests/test_pairs.c covers every small capacity). */
                    size_t least = want_c / 64 + 1, done = 0;
                    size_t cap = cap_in > least ? cap_in : least;
                    cb_pair_cursor cr = {0, 0, 0, 0};
                    cb_pair *all = (cb_pair *)got.out;
                    pout_fill(&got, (uint8_t)(pattern ^ b));
                    for (size_t calls = 0; cr.circle < set || calls == 0; calls++) {
                        cb_args r = a;
                        r.cursor = &cr, r.out = all + done, r.capacity = cap;
                        size_t wrote = k(&r);
                        if (wrote > cap || done + wrote > want_c || calls > want_c + set + 1)
                            FAILF("raw %s %s: resumed after %zu pairs, wrote %zu of room %zu, "
                                  "%zu in all", bn, d->name, done, wrote, cap, want_c);
                        done += wrote;
                    }
                    snprintf(what, sizeof what, "raw %s %s, %zu pairs at a time", bn, d->name, cap);
                    pout_check(&got, what);
                    if (done != want_c || memcmp(all, want.out, want_c * sizeof(cb_pair)) != 0)
                        FAILF("%s: not the whole list", what);
                }

                /* the public function on this backend, default mode, with and
                 * without scratch */
                if (cb_set_backend((cb_backend)b) != CB_OK)
                    FAILF("cb_set_backend(%s) did not take", bn);
                cg = (cb_pair_cursor){0, 0, 0, 0};
                pout_fill(&got, (uint8_t)(pattern ^ b ^ 0x80));
                a.cursor = &cg, a.out = got.out, a.capacity = room;
                a.scratch = b % 2 ? NULL : scratch;
                c = cb_entry_call(e, &a);
                a.scratch = scratch;
                snprintf(what, sizeof what, "public %s on %s", d->name, bn);
                pout_check(&got, what);
                pout_same(d, n, c, &got, cg, want_c, &want, cw, words, what);
            }
            cb_set_backend_by_name("auto");
            pout_free(&got), pout_free(&want), pout_free(&moded);
        }
    }
    free(cand), free(scratch), free(gmem);
}

/* The library's answer for one pair, circle c against box b: the public
 * cb_batch_overlap_aos on that one box (n = 1); 1 on a hit, 0 on a miss, -1
 * when the call is refused. */
static int overlap_one(cb_circle c, cb_box b, unsigned flags)
{
    uint64_t mask = 0;
    size_t count = cb_batch_overlap_aos(c, &b, 1, &mask, flags);
    return count == CB_INVALID ? -1 : (int)(mask & 1);
}

/* ---------------------------------------------------------------- integer shapes */

/* A decoded float as an int32: its value when it is a whole number inside
 * int32 (so the small values and the touching anchors stay exact geometry),
 * else its bits (the extremes, and float-NaN patterns as integers). */
static int32_t int_of(float f)
{
    if (f >= -2147483648.0f && f < 2147483648.0f && (float)(int32_t)f == f)
        return (int32_t)f;
    int32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* The integer all pairs on the case's integers: the first FZ_PAIR_SET
 * circles as the set, against the boxes, the circles, itself and a grid of
 * one of them (picked by the input); each backend's raw kernel and the
 * public function, whole and `cap` pairs at a time through the cursor,
 * against the reference (ref_entry_on), records included; canaries around
 * every output block. */
typedef struct {
    unsigned char *block;
    size_t bytes;
    cb_int_pair_contacts r;
} fz_iprecs;

static void iprecs_new(fz_iprecs *o, size_t room)
{
    size_t unit = sizeof(uint64_t) + sizeof(cb_pair) + 3 * sizeof(int32_t) + 1;
    o->bytes = room * unit;
    o->block = xmalloc(o->bytes + 2 * TK_OUT_PAD);
    unsigned char *p = o->block + TK_OUT_PAD; /* the widest arrays first */
    o->r.d2 = (uint64_t *)(void *)p, p += room * sizeof(uint64_t);
    o->r.pair = (cb_pair *)(void *)p, p += room * sizeof(cb_pair);
    o->r.point_x = (int32_t *)(void *)p, p += room * sizeof(int32_t);
    o->r.point_y = (int32_t *)(void *)p, p += room * sizeof(int32_t);
    o->r.depth = (uint32_t *)(void *)p, p += room * sizeof(uint32_t);
    o->r.feature = p;
}

static void iprecs_fill(fz_iprecs *o, uint8_t pattern)
{
    memset(o->block, CANARY, o->bytes + 2 * TK_OUT_PAD);
    memset(o->block + TK_OUT_PAD, pattern, o->bytes);
}

static void iprecs_check(const fz_iprecs *o, const char *what)
{
    for (size_t k = 0; k < TK_OUT_PAD; k++)
        if (o->block[k] != CANARY || o->block[TK_OUT_PAD + o->bytes + k] != CANARY)
            FAILF("%s: wrote outside its output", what);
}

/* The first n records (or pairs, or matrix words) of two outputs agree. */
static int iprecs_same(const cb_entry_info *d, const fz_iprecs *a, const fz_iprecs *b, size_t n,
                       size_t words)
{
    if (d->output == CB_OUTPUT_MATRIX)
        return memcmp(a->r.d2, b->r.d2, words * sizeof(uint64_t)) == 0;
    int same = memcmp(a->r.pair, b->r.pair, n * sizeof(cb_pair)) == 0;
    if (d->output == CB_OUTPUT_INT_PAIR_CONTACTS)
        same = same && memcmp(a->r.d2, b->r.d2, n * 8) == 0 &&
               memcmp(a->r.point_x, b->r.point_x, n * 4) == 0 &&
               memcmp(a->r.point_y, b->r.point_y, n * 4) == 0 &&
               memcmp(a->r.depth, b->r.depth, n * 4) == 0 && memcmp(a->r.feature, b->r.feature, n) == 0;
    return same;
}

static void check_int_pairs(const cb_icircle_soa *cs, const cb_ibox_soa *bs, size_t n,
                            unsigned flags, size_t cap_in, uint8_t pattern)
{
    size_t set = n < FZ_PAIR_SET ? n : FZ_PAIR_SET, m = n;
    size_t room = set * (m > set ? m : set) + 1, words = set * (m / 64 + (m % 64 != 0));
    room = room > words ? room : words; /* the matrix sits in the d2 array's place */
    void *scratch = xmalloc(cb_pairs_scratch_size(set, m > set ? m : set));
    void *gmem = xmalloc(cb_grid_size(m > set ? m : set));
    fz_iprecs got, want;
    iprecs_new(&got, room), iprecs_new(&want, room);
    char what[192];
    TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_PAIRS) | TK_INTEGER) {
        const cb_entry_info *d = cb_entry_info_of(e);
        int circles = d->many == CB_SHAPE_ICIRCLE || (d->many == CB_SHAPE_GRID && (pattern + n) % 2);
        tk_pair_els els = {circles ? CB_SHAPE_ICIRCLE : CB_SHAPE_IBOX,
                           circles ? (const void *)cs : (const void *)bs, m};
        cb_args a;
        memset(&a, 0, sizeof a);
        a.icircles = cs, a.n_circles = set, a.n = m, a.flags = flags, a.many = els.els;
        a.capacity = d->output == CB_OUTPUT_MATRIX ? 0 : room, a.scratch = scratch;
        if (d->many == CB_SHAPE_SELF)
            els.shape = CB_SHAPE_ICIRCLE, els.els = cs, els.m = set, a.many = NULL;
        if (d->many == CB_SHAPE_GRID_SELF && (els.shape = CB_SHAPE_ICIRCLE, els.els = cs,
                                              els.m = set, !(a.many = cb_grid_icircles(gmem, cs, set))))
            FAILF("%s: the grid of the set was not built", d->name);
        if (d->many == CB_SHAPE_GRID && !(a.many = circles ? cb_grid_icircles(gmem, cs, m)
                                                           : cb_grid_iboxes(gmem, bs, m)))
            FAILF("%s: the grid of %s was not built", d->name, tk_shape_name(els.shape));
        void *wout = d->output == CB_OUTPUT_MATRIX ? (void *)want.r.d2
                     : d->output == CB_OUTPUT_PAIRS ? (void *)want.r.pair : (void *)&want.r;
        void *gout = d->output == CB_OUTPUT_MATRIX ? (void *)got.r.d2
                     : d->output == CB_OUTPUT_PAIRS ? (void *)got.r.pair : (void *)&got.r;
        cb_pair_cursor cw = {0, 0, 0, 0};
        a.cursor = &cw, a.out = wout;
        size_t want_c = ref_entry_on(d, &a, &els);
        for (int b = 0; b <= CB_BACKEND_COUNT; b++) { /* CB_BACKEND_COUNT: the public function */
            if (b < CB_BACKEND_COUNT && !runnable(b))
                continue;
            const char *bn = b < CB_BACKEND_COUNT ? cb_backend_name((cb_backend)b) : "public";
            cb_pair_cursor cg = {0, 0, 0, 0};
            a.cursor = &cg, a.out = gout;
            a.capacity = d->output == CB_OUTPUT_MATRIX ? 0 : room;
            iprecs_fill(&got, (uint8_t)(pattern ^ b));
            size_t c = b < CB_BACKEND_COUNT ? kernel_of(e, b)(&a) : cb_entry_call(e, &a);
            snprintf(what, sizeof what, "%s %s on %s (set %zu, m %zu)", bn, d->name,
                     tk_shape_name(els.shape), set, m);
            iprecs_check(&got, what);
            if (c != want_c || cg.circle != cw.circle || !iprecs_same(d, &got, &want, want_c, words))
                FAILF("%s: %zu pairs, the reference %zu (or the pairs, records or cursor differ)",
                      what, c, want_c);
            if (d->output == CB_OUTPUT_MATRIX)
                continue;
            /* cap at a time, bounded to about 64 calls (as check_pairs) */
            size_t least = want_c / 64 + 1, done = 0, cap = cap_in > least ? cap_in : least;
            cb_pair_cursor cr = {0, 0, 0, 0};
            iprecs_fill(&got, (uint8_t)(pattern ^ b));
            for (size_t calls = 0; cr.circle < set || calls == 0; calls++) {
                cb_int_pair_contacts at = {got.r.pair + done, got.r.point_x + done,
                                           got.r.point_y + done, got.r.d2 + done,
                                           got.r.depth + done, got.r.feature + done};
                cb_args r = a;
                /* the room left: full vectors of records may be written up to capacity */
                r.cursor = &cr, r.capacity = cap < room - done ? cap : room - done;
                r.out = d->output == CB_OUTPUT_PAIRS ? (void *)at.pair : (void *)&at;
                size_t wrote = b < CB_BACKEND_COUNT ? kernel_of(e, b)(&r) : cb_entry_call(e, &r);
                if (wrote > cap || done + wrote > want_c || calls > want_c + set + 1)
                    FAILF("%s: resumed after %zu pairs, wrote %zu of room %zu, %zu in all", what,
                          done, wrote, cap, want_c);
                done += wrote;
            }
            iprecs_check(&got, what);
            if (done != want_c || !iprecs_same(d, &got, &want, want_c, words))
                FAILF("%s, %zu at a time: not the whole list", what, cap);
        }
    }
    free(got.block), free(want.block), free(scratch), free(gmem);
}

/*
 * The integer entries on the same case: every batch entry and the
 * candidates (pairs (k, (k * 7 + 3) % n)) on every runnable backend's raw
 * kernel and through the public function, each against the exact
 * reference (ref_int_entry), bit for bit, canaries and format included;
 * integer answers do not depend on the float mode, so every call runs in
 * the input's. Inputs end at their heap blocks' ends.
 */
static void check_ints(const fz_case *fc, size_t n, unsigned flags, size_t off, uint8_t pattern)
{
    fz_arr col[7], ab = arr_new(n * sizeof(cb_ibox), off), ac = arr_new(n * sizeof(cb_icircle), off);
    fz_arr ap = arr_new(n * sizeof(cb_pair), off);
    int32_t *v[7];
    for (int j = 0; j < 7; j++)
        col[j] = arr_new(n * sizeof(int32_t), off), v[j] = col[j].p;
    cb_ibox *boxes = ab.p;
    cb_icircle *circles = ac.p;
    cb_pair *cand = ap.p;
    for (size_t i = 0; i < n; i++) {
        cb_ibox b = {int_of(fc->boxes[i].min_x), int_of(fc->boxes[i].min_y),
                     int_of(fc->boxes[i].max_x), int_of(fc->boxes[i].max_y)};
        cb_icircle c = {int_of(fc->circles[i].x), int_of(fc->circles[i].y), int_of(fc->circles[i].r)};
        boxes[i] = b, circles[i] = c;
        v[0][i] = b.min_x, v[1][i] = b.min_y, v[2][i] = b.max_x, v[3][i] = b.max_y;
        v[4][i] = c.x, v[5][i] = c.y, v[6][i] = c.r;
        cand[i].i = (uint32_t)i, cand[i].j = (uint32_t)((i * 7 + 3) % n);
    }
    cb_ibox_soa bs = {v[0], v[1], v[2], v[3]};
    cb_icircle_soa cs = {v[4], v[5], v[6]};
    cb_icircle one = {int_of(fc->circle.x), int_of(fc->circle.y), int_of(fc->circle.r)};
    cb_ibox box = {int_of(fc->box.min_x), int_of(fc->box.min_y), int_of(fc->box.max_x),
                   int_of(fc->box.max_y)};
    char what[192];
    TK_FOR_ENTRIES(e, TK_BATCH | TK_FORM(CB_FORM_CANDIDATES) | TK_INTEGER) {
        const cb_entry_info *d = cb_entry_info_of(e);
        int soa = d->layout == CB_LAYOUT_SOA, boxes_els = d->many == CB_SHAPE_IBOX;
        cb_args a;
        memset(&a, 0, sizeof a);
        a.icircle = one, a.ibox = box, a.n = n, a.flags = flags;
        a.many = boxes_els ? (soa ? (const void *)&bs : (const void *)boxes)
                           : (soa ? (const void *)&cs : (const void *)circles);
        if (d->form == CB_FORM_CANDIDATES)
            a.icircles = &cs, a.n_circles = n, a.candidates = cand, a.n_candidates = n;
        tk_out want, got;
        tk_out_malloc(&want, d, n);
        a.out = want.out;
        size_t want_count = ref_int_entry(d, &a);
        for (int b = 0; b <= CB_BACKEND_COUNT; b++) { /* CB_BACKEND_COUNT: the public function */
            if (b < CB_BACKEND_COUNT && !runnable(b))
                continue;
            tk_out_malloc_padded(&got, d, n);
            out_fill(&got, pattern);
            a.out = got.out;
            size_t count = b < CB_BACKEND_COUNT ? kernel_of(e, b)(&a) : cb_entry_call(e, &a);
            snprintf(what, sizeof what, "%s %s", b < CB_BACKEND_COUNT ? cb_backend_name((cb_backend)b) : "public", d->name);
            expect_out(d, n, count, &got, want_count, want.out, what);
            tk_out_free(&got);
        }
        tk_out_free(&want);
    }
    check_int_pairs(&cs, &bs, n, flags, 1 + n % 29, pattern);
    for (size_t i = 0; i < n; i++)
        if (v[0][i] != boxes[i].min_x || v[3][i] != boxes[i].max_y || v[6][i] != circles[i].r)
            FAILF("integer input %zu was modified", i);
    for (int j = 0; j < 7; j++)
        free(col[j].block);
    free(ab.block), free(ac.block), free(ap.block);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_case fc;
    if (!fz_decode(data, size, &fc))
        return 0;
    size_t n = fc.n, ne = cb_entry_count();
    const fz_sample pick = sample_of(data, size);
    unsigned flags = (fc.flags & FZ_STRICT) ? CB_STRICT : 0;
    size_t off = (size_t)fc.align * sizeof(float);

    /* Inputs: every array ends at the end of its heap block. Columns: boxes
     * (min_x min_y max_x max_y), circles (x y r), oriented boxes (cx cy hx
     * hy c s), the circles' displacements as sweeps (dx dy:
     * tk_element_sweeps). */
    enum { NCOL = 15 };
    fz_arr col[NCOL];
    for (int j = 0; j < NCOL; j++)
        col[j] = arr_new(n * sizeof(float), off);
    fz_arr ab = arr_new(n * sizeof(cb_box), off), ac = arr_new(n * sizeof(cb_circle), off);
    fz_arr ao = arr_new(n * sizeof(cb_obox), off), aw = arr_new(n * sizeof(cb_sweep), off);
    float *fcol[NCOL];
    for (int j = 0; j < NCOL; j++)
        fcol[j] = col[j].p;
    cb_box *boxes = ab.p;
    cb_circle *circles = ac.p;
    cb_obox *oboxes = ao.p;
    for (size_t i = 0; i < n; i++) {
        boxes[i] = fc.boxes[i], circles[i] = fc.circles[i], oboxes[i] = fc.oboxes[i];
        fcol[0][i] = fc.boxes[i].min_x, fcol[1][i] = fc.boxes[i].min_y;
        fcol[2][i] = fc.boxes[i].max_x, fcol[3][i] = fc.boxes[i].max_y;
        fcol[4][i] = fc.circles[i].x, fcol[5][i] = fc.circles[i].y, fcol[6][i] = fc.circles[i].r;
        const float *po = &fc.oboxes[i].cx;
        for (int j = 0; j < 6; j++)
            fcol[7 + j][i] = po[j];
    }
    cb_box_soa bs = {fcol[0], fcol[1], fcol[2], fcol[3]};
    cb_circle_soa cs = {fcol[4], fcol[5], fcol[6]};
    cb_obox_soa obs = {fcol[7], fcol[8], fcol[9], fcol[10], fcol[11], fcol[12]};
    cb_sweep *sweeps = aw.p;
    tk_element_sweeps(n, &cs, &obs, fcol[13], fcol[14], sweeps);
    cb_sweep_soa ws = {fcol[4], fcol[5], fcol[6], fcol[13], fcol[14]};
    tk_views in = {&bs, boxes, &cs, circles, &obs, oboxes, &ws, sweeps};
    /* SoA structs of NULLs and NULL arrays: valid when n == 0, rejected otherwise. */
    cb_box_soa nbs = {NULL, NULL, NULL, NULL};
    cb_circle_soa ncs = {NULL, NULL, NULL};
    cb_obox_soa nos = {NULL, NULL, NULL, NULL, NULL, NULL};
    cb_sweep_soa nws = {NULL, NULL, NULL, NULL, NULL};
    const tk_views null_members = {&nbs, NULL, &ncs, NULL, &nos, NULL, &nws, NULL},
                   all_null = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    const tk_probe probe = {fc.circle, fc.box, fc.obox};
    if (n == 0 && (fc.flags & FZ_NULL_WHEN_EMPTY))
        in = (fc.flags & FZ_STRICT) ? all_null : null_members;

    /* The sweeps' promise about exact geometry (cbatch.h, SWEPT CIRCLES):
     * every well-formed pair's time judged in double precision; the
     * kernels' times are the transcription's bit for bit (the entries'
     * checks below). */
    cb_sweep sweep = tk_sweep_of(&probe);
    static const char *const sweep_kinds[3] = {"box", "circle", "oriented box"};
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            tk_sweep_pair p;
            memset(&p, 0, sizeof p);
            p.w = sweep, p.is_box = k == 0, p.is_obox = k == 2;
            p.b = fc.boxes[i], p.o = fc.circles[i], p.ob = fc.oboxes[i];
            if (!tk_sweep_well_formed(&p))
                continue;
            float t = k == 0   ? ref_sweep_box(sweep, p.b, flags)
                      : k == 1 ? ref_sweep_circle(sweep, p.o, flags)
                               : ref_sweep_obox(sweep, p.ob, flags);
            double j = tk_sweep_judge(&p, t);
            if (j > 1)
                FAILF("sweep (%a, %a, r %a, d %a, %a) against %s %zu: t %a breaks the promise by "
                      "%.3g bands",
                      (double)sweep.x, (double)sweep.y, (double)sweep.r, (double)sweep.dx,
                      (double)sweep.dy, sweep_kinds[k], i, (double)t, j);
        }

    /* One pair at a time (cb_batch_overlap_aos, n = 1) against the reference
     * of the same contract. */
    for (size_t i = 0; i < n; i++) {
        int hb = ref_overlap(fc.circle, fc.boxes[i], flags);
        int hc = ref_overlap(fc.circles[i], fc.box, flags);
        int gb = overlap_one(fc.circle, fc.boxes[i], flags);
        int gc = overlap_one(fc.circles[i], fc.box, flags);
        if (gb != hb)
            FAILF("cb_batch_overlap_aos(circle, box %zu, n = 1) = %d, the reference says %d", i,
                  gb, hb);
        if (gc != hc)
            FAILF("cb_batch_overlap_aos(circle %zu, box, n = 1) = %d, the reference says %d", i,
                  gc, hc);
    }

    /* Per entry: its arguments, its output with canaries, the reference's
     * answer (default mode), and its question's raw scalar answer in the
     * input's mode (from the question's first entry, rewritten in this
     * entry's format). Raw kernels and the reference need a valid margin:
     * fz_margin_usable; the public calls get the input's margin as it is. */
    float margin = fz_margin_usable(fc.margin);
    cb_args *args = xmalloc(ne * sizeof *args);
    tk_out *outs = xmalloc(ne * sizeof *outs), *want = xmalloc(ne * sizeof *want);
    tk_out *moded = xmalloc(ne * sizeof *moded), *qout = xmalloc(ne * sizeof *qout);
    size_t *want_count = xmalloc(ne * sizeof *want_count);
    size_t *moded_count = xmalloc(ne * sizeof *moded_count), *qcount = xmalloc(ne * sizeof *qcount);
    uint64_t *hits = xmalloc(((n + 63) / 64 + 1) * sizeof *hits);
    char what[192];
    uint8_t pattern = (uint8_t)(0x15u ^ size);
    unsigned long long saved = fpctl_read();

    /* CB_FUZZ_SELFTEST=1: corrupt one expected hit, so the stage can prove
     * that a difference really aborts (scripts/test-fuzz.sh). */
    static int selftest = -1;
    if (selftest < 0)
        selftest = getenv("CB_FUZZ_SELFTEST") != NULL;

    /* Raw scalar kernels in the default mode: the reference's answer. The
     * arrays are indexed by entry number; the batch form's are filled. */
    TK_FOR_ENTRIES(e, TK_BATCH) {
        if (!chosen(&pick, e))
            continue;
        const cb_entry_info *d = cb_entry_info_of(e);
        cb_args a = tk_args(d, &probe, tk_pick(d, &in), n, NULL, flags, margin);
        args[e] = a;
        tk_out_malloc_padded(&outs[e], d, n);
        tk_out_malloc(&want[e], d, n);
        tk_out_malloc(&moded[e], d, n);
        tk_out_malloc(&qout[e], d, n);
        a.out = want[e].out;
        want_count[e] = ref_entry(d, &a);
        if (selftest && e == 0 && n && tk_hits_of(d, n, want_count[e], want[e].out, hits)) {
            hits[0] ^= 1;
            size_t c = tk_from_hits(d, n, hits, want[e].out);
            if (c != CB_INVALID)
                want_count[e] = c;
        }
        out_fill(&outs[e], pattern);
        a.out = outs[e].out;
        snprintf(what, sizeof what, "raw scalar %s (margin %a)", d->name, (double)margin);
        expect_out(d, n, kernel_of(e, CB_BACKEND_SCALAR)(&a), &outs[e], want_count[e], want[e].out,
                   what);
    }

    /* The input's float mode: each question's answer from its first entry's
     * raw scalar kernel, then every entry on every backend against it. */
    TK_FOR_ENTRIES(e, TK_BATCH) {
        if (!chosen(&pick, e) || question_of(e) != e)
            continue;
        cb_args a = args[e];
        a.out = qout[e].out;
        enter_mode(fc.mode);
        qcount[e] = kernel_of(e, CB_BACKEND_SCALAR)(&a);
        leave_mode(saved);
    }
    TK_FOR_ENTRIES(e, TK_BATCH) {
        if (!chosen(&pick, e))
            continue;
        size_t q = question_of(e);
        moded_count[e] = tk_copy_output(cb_entry_info_of(e), cb_entry_info_of(q), n, qcount[q],
                                        qout[q].out, moded[e].out);
    }
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        if (!runnable(b))
            continue;
        TK_FOR_ENTRIES(e, TK_BATCH) {
            if (!chosen(&pick, e))
                continue;
            const cb_entry_info *d = cb_entry_info_of(e);
            cb_args a = args[e];
            a.out = outs[e].out;
            out_fill(&outs[e], (uint8_t)(pattern ^ b));
            enter_mode(fc.mode);
            size_t c = kernel_of(e, b)(&a);
            leave_mode(saved);
            snprintf(what, sizeof what, "raw %s %s (mode %d)", cb_backend_name((cb_backend)b), d->name,
                     fc.mode);
            expect_out(d, n, c, &outs[e], moded_count[e], moded[e].out, what);
        }
    }

    /* Contacts against their overlap and distance entries (same shapes and
     * layout, found by descriptor), on every backend, default mode: at
     * margin 0 the same hit set; at the input's margin the distance entry's
     * separation for every contact. The mode answers (moded, qout) are
     * consumed by now: their buffers serve as scratch here. */
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        if (!chosen(&pick, e) || d->output != CB_OUTPUT_CONTACTS)
            continue;
        size_t eo = tk_find_entry(CB_FORM_BATCH, CB_QUERY_OVERLAP, d->one, d->many, d->layout,
                                  CB_OUTPUT_INDICES);
        size_t ed = tk_find_entry(CB_FORM_BATCH, CB_QUERY_DISTANCE, d->one, d->many, d->layout,
                                  CB_OUTPUT_DISTANCES);
        if (eo >= ne || ed >= ne)
            FAILF("%s: no overlap index entry or distance entry of the same shapes and layout",
                  d->name);
        for (int b = 0; b < CB_BACKEND_COUNT; b++) {
            if (!runnable(b))
                continue;
            cb_args a = args[e];
            a.margin = 0.0f;
            a.out = outs[e].out;
            size_t c = kernel_of(e, b)(&a);
            cb_args ao = args[eo];
            ao.out = moded[eo].out;
            size_t co = kernel_of(eo, b)(&ao);
            snprintf(what, sizeof what, "raw %s %s at margin 0 vs %s (hit sets)",
                     cb_backend_name((cb_backend)b), d->name, cb_entry_info_of(eo)->name);
            size_t ci = tk_copy_output(cb_entry_info_of(eo), d, n, c, outs[e].out, qout[eo].out);
            if (!tk_same_output(cb_entry_info_of(eo), n, ci, qout[eo].out, co, moded[eo].out, NULL,
                                0))
                FAILF("%s: %zu contacts, %zu hits, or other elements", what, c, co);
            a.margin = margin;
            c = kernel_of(e, b)(&a);
            cb_args ad = args[ed];
            ad.out = moded[ed].out;
            kernel_of(ed, b)(&ad);
            const cb_contacts *ct = (const cb_contacts *)outs[e].out;
            const float *dist = (const float *)moded[ed].out;
            for (size_t k = 0; k < c && k < n; k++)
                if (ct->index[k] >= n ||
                    memcmp(&dist[ct->index[k]], &ct->separation[k], sizeof(float)))
                    FAILF("raw %s %s contact %zu (element %u): separation %a, %s says %a",
                          cb_backend_name((cb_backend)b), d->name, k, (unsigned)ct->index[k],
                          (double)ct->separation[k], cb_entry_info_of(ed)->name,
                          ct->index[k] < n ? (double)dist[ct->index[k]] : 0.0);
        }
    }

    /* Public functions on each runnable backend, in the input's mode: the
     * default-mode answer, the mode restored, bad arguments rejected. */
    unsigned junk = fc.junk_flags ? (unsigned)fc.junk_flags | flags : flags;
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        if (!runnable(b))
            continue;
        if (cb_set_backend((cb_backend)b) != CB_OK || cb_active_backend() != (cb_backend)b)
            FAILF("cb_set_backend(%s) did not take", cb_backend_name((cb_backend)b));
        TK_FOR_ENTRIES(e, TK_BATCH) {
            if (!chosen(&pick, e))
                continue;
            const cb_entry_info *d = cb_entry_info_of(e);
            tk_out *o = &outs[e];
            uint8_t pat = (uint8_t)(pattern ^ (b << 4));
            out_fill(o, pat);
            cb_args a = args[e];
            a.out = o->out;
            a.flags = junk;
            a.margin = fc.margin;
            int is_contacts = d->output == CB_OUTPUT_CONTACTS;
            int expect_invalid = junk != flags || (is_contacts && !fz_margin_valid(fc.margin));
            tk_out_struct holes; /* a cb_contacts with one NULL array */
            tk_soa one_null;   /* a SoA input with one NULL array */
            if (n && fc.null_ptr) { /* one pointer NULL: which one, by the input */
                expect_invalid = 1;
                switch (fc.null_ptr % 3) {
                case 0: a.many = NULL; break;
                case 1:
                    if (is_contacts && n % 2) {
                        a.out = tk_out_without(o, (n / 2) % o->arrays, &holes);
                    } else {
                        a.out = NULL;
                    }
                    break;
                default: /* SoA: all members NULL, or (odd n) one; AoS: NULL */
                    if (n % 2 && d->layout == CB_LAYOUT_SOA)
                        a.many = tk_soa_without(d, a.many, (n / 2) % tk_soa_arrays(d), &one_null);
                    else
                        a.many = tk_pick(d, &null_members);
                }
            }
            if (n == 0 && (fc.flags & FZ_NULL_WHEN_EMPTY))
                a.out = NULL;
            enter_mode(fc.mode);
            unsigned long long set = fpctl_read();
            int round_set = fegetround();
            if (fc.sticky) { /* the caller's own exception flags must survive */
                if (FPCTL_FLAGS)
                    fpctl_write(set |= FPCTL_FLAGS);
                else
                    feraiseexcept(FE_ALL_EXCEPT & ~FE_INEXACT), set = fpctl_read();
            }
            size_t c = cb_entry_call(e, &a);
            uint32_t mbits; /* the margin by its bits: %a would convert it in the input's mode */
            memcpy(&mbits, &fc.margin, sizeof mbits);
            snprintf(what, sizeof what, "public %s on %s (mode %d, flags 0x%x, margin 0x%08x%s)",
                     d->name, cb_backend_name((cb_backend)b), fc.mode, junk, (unsigned)mbits,
                     a.many != args[e].many || a.out != o->out ? ", a NULL pointer" : "");
            check_restored(set, round_set, what);
            leave_mode(saved);
            if (expect_invalid) {
                if (c != CB_INVALID)
                    FAILF("%s: returned %zu, expected CB_INVALID", what, c);
                out_check_canaries(o, what);
                if (!tk_out_untouched(o, pat))
                    FAILF("%s: CB_INVALID but the output was written", what);
            } else {
                expect_out(d, n, c, o, want_count[e], want[e].out, what);
            }
        }
    }
    cb_set_backend_by_name("auto");

    if (pick.pairs && in.circles && in.boxes && in.oboxes)
        check_pairs(&in, n, flags, fc.mode, margin, 1 + size % 29, pattern);
    if (pick.others) {
        check_validators_converters(&in, n, boxes, circles, fc.mode);
        check_oboxes_rotations(&in, n, boxes, circles, oboxes, fc.mode);
    }
    if (pick.ints) {
        enter_mode(fc.mode);
        check_ints(&fc, n, flags, off, pattern);
        leave_mode(saved);
    }

    /* The inputs are never written. */
    for (size_t i = 0; i < n; i++) {
        const float *pb = &fc.boxes[i].min_x, *pc = &fc.circles[i].x;
        if (memcmp(&boxes[i], &fc.boxes[i], sizeof(cb_box)) || memcmp(&circles[i], &fc.circles[i], sizeof(cb_circle)))
            FAILF("AoS input %zu was modified", i);
        for (int j = 0; j < 4; j++)
            if (memcmp(&fcol[j][i], &pb[j], sizeof(float)))
                FAILF("SoA box input %zu.%d was modified", i, j);
        for (int j = 0; j < 3; j++)
            if (memcmp(&fcol[4 + j][i], &pc[j], sizeof(float)))
                FAILF("SoA circle input %zu.%d was modified", i, j);
        const float *po = &fc.oboxes[i].cx;
        if (memcmp(&oboxes[i], &fc.oboxes[i], sizeof(cb_obox)))
            FAILF("AoS oriented box input %zu was modified", i);
        for (int j = 0; j < 6; j++)
            if (memcmp(&fcol[7 + j][i], &po[j], sizeof(float)))
                FAILF("SoA oriented box input %zu.%d was modified", i, j);
    }

    TK_FOR_ENTRIES(e, TK_BATCH) {
        if (chosen(&pick, e))
            tk_out_free(&outs[e]), tk_out_free(&want[e]), tk_out_free(&moded[e]),
                tk_out_free(&qout[e]);
    }
    free(args), free(outs), free(want), free(moded), free(qout);
    free(want_count), free(moded_count), free(qcount), free(hits);
    for (int j = 0; j < NCOL; j++)
        free(col[j].block);
    free(ab.block), free(ac.block), free(ao.block), free(aw.block);
    fz_case_free(&fc);
    return 0;
}
