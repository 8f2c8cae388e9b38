/* output.c - everything that depends on an entry's output kind, once: array layout, allocation through any allocator, poisoning, bitwise comparison, format invariants, hashing, hit sets (see reference.h). */
#include "bits.h"
#include "reference.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- layout */

/* Every output kind's arrays, in its struct's order: their element sizes
 * and names. The pairs form's outputs are not laid out here (no arrays). */
typedef struct {
    size_t arrays;
    const size_t *unit;
    const char *const *name;
} out_kind;

static const size_t unit_u64[1] = {8}, unit_u32[1] = {4};
static const char *const mask_names[1] = {"mask"};
static const char *const index_names[1] = {"index"};
static const char *const distance_names[1] = {"distance"};
static const size_t contact_units[7] = {4, 4, 4, 4, 4, 4, 1};
static const char *const contact_names[7] = {"index",   "normal_x", "normal_y", "separation",
                                             "point_x", "point_y",  "feature"};
static const size_t int_distance_units[3] = {8, 4, 4};
static const char *const int_distance_names[3] = {"d2", "point_x", "point_y"};
static const size_t int_contact_units[6] = {4, 4, 4, 8, 4, 1};
static const char *const int_contact_names[6] = {"index", "point_x", "point_y",
                                                 "d2",    "depth",   "feature"};

static const char *const time_names[1] = {"t"};
static const char *const sweep_hit_names[7] = {"index",   "normal_x", "normal_y", "t",
                                               "point_x", "point_y",  "feature"};

/* The sweeps' hit records: a cb_sweep_hits, contacts' units, t for the separation. */
static int sweep_hits(const cb_entry_info *d)
{
    return d->output == CB_OUTPUT_HITS || d->output == CB_OUTPUT_FIRST_HIT;
}

static out_kind kind_of(const cb_entry_info *d)
{
    out_kind k = {0, NULL, NULL};
    switch (d->output) {
    case CB_OUTPUT_MASK: k = (out_kind){1, unit_u64, mask_names}; break;
    case CB_OUTPUT_INDICES: k = (out_kind){1, unit_u32, index_names}; break;
    case CB_OUTPUT_DISTANCES: k = (out_kind){1, unit_u32, distance_names}; break;
    case CB_OUTPUT_TIMES: k = (out_kind){1, unit_u32, time_names}; break;
    case CB_OUTPUT_CONTACTS: k = (out_kind){7, contact_units, contact_names}; break;
    case CB_OUTPUT_INT_DISTANCES: k = (out_kind){3, int_distance_units, int_distance_names}; break;
    case CB_OUTPUT_INT_CONTACTS: k = (out_kind){6, int_contact_units, int_contact_names}; break;
    case CB_OUTPUT_HITS:
    case CB_OUTPUT_FIRST_HIT: k = (out_kind){7, contact_units, sweep_hit_names}; break;
    default: break;
    }
    return k;
}

size_t tk_out_layout(const cb_entry_info *d, size_t n, size_t bytes[TK_OUT_MAX_ARRAYS],
                     size_t unit[TK_OUT_MAX_ARRAYS], const char *name[TK_OUT_MAX_ARRAYS])
{
    out_kind k = kind_of(d);
    for (size_t a = 0; a < k.arrays; a++) {
        if (bytes) /* a mask has a word per 64 elements, a first hit one record, the others
                      one unit per element */
            bytes[a] = d->output == CB_OUTPUT_MASK        ? (n + 63) / 64 * k.unit[a]
                       : d->output == CB_OUTPUT_FIRST_HIT ? k.unit[a]
                                                          : n * k.unit[a];
        if (unit)
            unit[a] = k.unit[a];
        if (name)
            name[a] = k.name[a];
    }
    return k.arrays;
}

/* The arrays of an output given as cb_args.out: the one array, or the
 * members of the cb_contacts, in tk_out_layout's order. */
static size_t parts_of(const cb_entry_info *d, const void *out, const unsigned char *p[7])
{
    for (size_t k = 0; k < 7; k++)
        p[k] = NULL;
    if (d->output == CB_OUTPUT_INT_DISTANCES) {
        const cb_int_distances *o = (const cb_int_distances *)out;
        p[0] = (const unsigned char *)o->d2;
        p[1] = (const unsigned char *)o->point_x, p[2] = (const unsigned char *)o->point_y;
        return 3;
    }
    if (d->output == CB_OUTPUT_INT_CONTACTS) {
        const cb_int_contacts *o = (const cb_int_contacts *)out;
        p[0] = (const unsigned char *)o->index;
        p[1] = (const unsigned char *)o->point_x, p[2] = (const unsigned char *)o->point_y;
        p[3] = (const unsigned char *)o->d2, p[4] = (const unsigned char *)o->depth;
        p[5] = (const unsigned char *)o->feature;
        return 6;
    }
    if (sweep_hits(d)) {
        const cb_sweep_hits *o = (const cb_sweep_hits *)out;
        p[0] = (const unsigned char *)o->index;
        p[1] = (const unsigned char *)o->normal_x, p[2] = (const unsigned char *)o->normal_y;
        p[3] = (const unsigned char *)o->t;
        p[4] = (const unsigned char *)o->point_x, p[5] = (const unsigned char *)o->point_y;
        p[6] = (const unsigned char *)o->feature;
        return 7;
    }
    if (d->output != CB_OUTPUT_CONTACTS) {
        p[0] = (const unsigned char *)out;
        for (size_t k = 1; k < 7; k++)
            p[k] = NULL;
        return 1;
    }
    const cb_contacts *c = (const cb_contacts *)out;
    p[0] = (const unsigned char *)c->index;
    p[1] = (const unsigned char *)c->normal_x, p[2] = (const unsigned char *)c->normal_y;
    p[3] = (const unsigned char *)c->separation;
    p[4] = (const unsigned char *)c->point_x, p[5] = (const unsigned char *)c->point_y;
    p[6] = (const unsigned char *)c->feature;
    return 7;
}

/* How many elements of each array a call returning `count` has written:
 * all mask words, `count` indices or contacts, n separations. */
static size_t written(const cb_entry_info *d, size_t n, size_t count)
{
    switch (d->output) {
    case CB_OUTPUT_MASK: return (n + 63) / 64;
    case CB_OUTPUT_DISTANCES:
    case CB_OUTPUT_TIMES:
    case CB_OUTPUT_INT_DISTANCES: return n;
    case CB_OUTPUT_FIRST_HIT: return count < 1 ? count : 1;
    default: return count < n ? count : n;
    }
}

/* --------------------------------------------------------- allocation */

/* The struct of an output of several arrays (cb_contacts, cb_int_distances,
 * cb_int_contacts, cb_sweep_hits), its size (0: a bare array), and the
 * struct made from the arrays a[] in tk_out_layout's order. */
static size_t struct_size(const cb_entry_info *d)
{
    switch (d->output) {
    case CB_OUTPUT_CONTACTS: return sizeof(cb_contacts);
    case CB_OUTPUT_INT_DISTANCES: return sizeof(cb_int_distances);
    case CB_OUTPUT_INT_CONTACTS: return sizeof(cb_int_contacts);
    case CB_OUTPUT_HITS:
    case CB_OUTPUT_FIRST_HIT: return sizeof(cb_sweep_hits);
    default: return 0;
    }
}

static void fill_struct(const cb_entry_info *d, unsigned char *const a[7], void *s)
{
    switch (d->output) {
    case CB_OUTPUT_CONTACTS: {
        cb_contacts *c = s;
        c->index = (uint32_t *)(void *)a[0];
        c->normal_x = (float *)(void *)a[1], c->normal_y = (float *)(void *)a[2];
        c->separation = (float *)(void *)a[3];
        c->point_x = (float *)(void *)a[4], c->point_y = (float *)(void *)a[5];
        c->feature = (uint8_t *)a[6];
        break;
    }
    case CB_OUTPUT_INT_DISTANCES: {
        cb_int_distances *c = s;
        c->d2 = (uint64_t *)(void *)a[0];
        c->point_x = (int32_t *)(void *)a[1], c->point_y = (int32_t *)(void *)a[2];
        break;
    }
    case CB_OUTPUT_INT_CONTACTS: {
        cb_int_contacts *c = s;
        c->index = (uint32_t *)(void *)a[0];
        c->point_x = (int32_t *)(void *)a[1], c->point_y = (int32_t *)(void *)a[2];
        c->d2 = (uint64_t *)(void *)a[3], c->depth = (uint32_t *)(void *)a[4];
        c->feature = (uint8_t *)a[5];
        break;
    }
    default: { /* the sweeps' records */
        cb_sweep_hits *c = s;
        c->index = (uint32_t *)(void *)a[0];
        c->normal_x = (float *)(void *)a[1], c->normal_y = (float *)(void *)a[2];
        c->t = (float *)(void *)a[3];
        c->point_x = (float *)(void *)a[4], c->point_y = (float *)(void *)a[5];
        c->feature = (uint8_t *)a[6];
        break;
    }
    }
}

int tk_out_alloc(tk_out *o, const cb_entry_info *d, size_t n, tk_alloc_fn alloc, tk_free_fn fr,
                 void *ctx)
{
    memset(o, 0, sizeof *o);
    o->d = d, o->n = n;
    o->release = fr, o->release_ctx = ctx;
    o->arrays = tk_out_layout(d, n, o->bytes, o->unit, o->name);
    for (size_t k = 0; k < o->arrays; k++)
        if (!(o->array[k] = alloc(ctx, o->bytes[k], o->unit[k]))) {
            tk_out_free(o);
            return 0;
        }
    size_t size = struct_size(d);
    if (!size) {
        o->out = o->array[0];
        return 1;
    }
    void *s = alloc(ctx, size, _Alignof(tk_out_struct));
    if (!s) {
        tk_out_free(o);
        return 0;
    }
    fill_struct(d, o->array, s);
    if (d->output == CB_OUTPUT_CONTACTS)
        o->contacts = s;
    else
        o->record_struct = s;
    o->out = s;
    return 1;
}

void tk_out_free(tk_out *o)
{
    for (size_t k = 0; k < o->arrays; k++)
        if (o->array[k])
            o->release(o->release_ctx, o->array[k]);
    if (o->contacts)
        o->release(o->release_ctx, o->contacts);
    if (o->record_struct)
        o->release(o->release_ctx, o->record_struct);
    memset(o, 0, sizeof *o);
}

/* Exact-size blocks; malloc's alignment covers every unit. */
static void *heap_alloc(void *ctx, size_t bytes, size_t align)
{
    (void)ctx, (void)align;
    return malloc(bytes ? bytes : 1);
}

static void heap_free(void *ctx, void *p)
{
    (void)ctx;
    free(p);
}

/* TK_OUT_PAD (a multiple of 8, so alignment is kept) bytes either side. */
static void *padded_alloc(void *ctx, size_t bytes, size_t align)
{
    (void)ctx, (void)align;
    unsigned char *block = malloc(bytes + 2 * TK_OUT_PAD);
    return block ? block + TK_OUT_PAD : NULL;
}

static void padded_free(void *ctx, void *p)
{
    (void)ctx;
    free((unsigned char *)p - TK_OUT_PAD);
}

void tk_out_malloc(tk_out *o, const cb_entry_info *d, size_t n)
{
    if (!tk_out_alloc(o, d, n, heap_alloc, heap_free, NULL)) {
        perror("tk_out_malloc");
        abort();
    }
}

void tk_out_malloc_padded(tk_out *o, const cb_entry_info *d, size_t n)
{
    if (!tk_out_alloc(o, d, n, padded_alloc, padded_free, NULL)) {
        perror("tk_out_malloc_padded");
        abort();
    }
    o->pad_before = o->pad_after = TK_OUT_PAD;
}

void tk_out_fill_pads(const tk_out *o, unsigned char byte)
{
    for (size_t k = 0; k < o->arrays; k++) {
        memset(o->array[k] - o->pad_before, byte, o->pad_before);
        memset(o->array[k] + o->bytes[k], byte, o->pad_after);
    }
}

int tk_out_pads_intact(const tk_out *o, unsigned char byte)
{
    for (size_t k = 0; k < o->arrays; k++) {
        for (size_t i = 1; i <= o->pad_before; i++)
            if (o->array[k][-(ptrdiff_t)i] != byte)
                return 0;
        for (size_t i = 0; i < o->pad_after; i++)
            if (o->array[k][o->bytes[k] + i] != byte)
                return 0;
    }
    return 1;
}

void tk_out_fill(const tk_out *o, unsigned char byte)
{
    for (size_t k = 0; k < o->arrays; k++)
        memset(o->array[k], byte, o->bytes[k]);
}

int tk_out_intact(const tk_out *o)
{
    const void *s = o->contacts ? (const void *)o->contacts : o->record_struct;
    if (!s)
        return 1;
    const unsigned char *p[7];
    size_t arrays = parts_of(o->d, s, p);
    for (size_t k = 0; k < arrays; k++)
        if (p[k] != o->array[k])
            return 0;
    return 1;
}

int tk_out_untouched(const tk_out *o, unsigned char byte)
{
    for (size_t k = 0; k < o->arrays; k++)
        for (size_t i = 0; i < o->bytes[k]; i++)
            if (o->array[k][i] != byte)
                return 0;
    return tk_out_intact(o);
}

void *tk_out_without(const tk_out *o, size_t k, tk_out_struct *copy)
{
    if (!struct_size(o->d) || k >= o->arrays)
        return NULL;
    unsigned char *a[7] = {NULL};
    for (size_t j = 0; j < o->arrays; j++)
        a[j] = j == k ? NULL : o->array[j];
    fill_struct(o->d, a, copy);
    return copy;
}

/* --------------------------------------------------------- comparison */

static uint32_t u32_at(const unsigned char *p, size_t i)
{
    uint32_t u;
    memcpy(&u, p + 4 * i, sizeof u);
    return u;
}

static uint64_t u64_at(const unsigned char *p, size_t i)
{
    uint64_t u;
    memcpy(&u, p + 8 * i, sizeof u);
    return u;
}

/* The bytes of one element of array `arr` of d's output, and its number of
 * arrays (an output testkit does not lay out reads as one array of 32-bit
 * units, as parts_of gives it). */
static size_t unit_of(const cb_entry_info *d, size_t arr)
{
    out_kind k = kind_of(d);
    return k.arrays ? k.unit[arr] : 4;
}

static size_t arrays_of(const cb_entry_info *d)
{
    out_kind k = kind_of(d);
    return k.arrays ? k.arrays : 1;
}

/* Element k of array `arr` of an output, widened: every unit compares by its bits. */
static uint64_t unit_at(const cb_entry_info *d, const unsigned char *const p[7], size_t arr,
                        size_t k)
{
    switch (unit_of(d, arr)) {
    case 1: return p[arr][k];
    case 8: return u64_at(p[arr], k);
    default: return u32_at(p[arr], k);
    }
}

/* Outputs whose arrays are integers throughout (the integer shapes', the
 * index lists); a float output's arrays but the index and feature are floats. */
static int integer_array(const cb_entry_info *d, size_t arr)
{
    return d->output == CB_OUTPUT_INDICES || d->output == CB_OUTPUT_INT_DISTANCES ||
           d->output == CB_OUTPUT_INT_CONTACTS ||
           ((d->output == CB_OUTPUT_CONTACTS || sweep_hits(d)) && (arr == 0 || arr == 6));
}

/* Outputs of one record per listed element, its index first. */
static int record_list(const cb_entry_info *d)
{
    return d->output == CB_OUTPUT_CONTACTS || d->output == CB_OUTPUT_INT_CONTACTS || sweep_hits(d);
}

/* A unit as a message shows it: a mask word in hex, an index or a feature
 * as a number, a float with its bits. */
static void show(char *buf, size_t size, const cb_entry_info *d, size_t arr, uint64_t v)
{
    int integer = integer_array(d, arr);
    if (d->output == CB_OUTPUT_MASK)
        snprintf(buf, size, "0x%016" PRIx64, v);
    else if (integer)
        snprintf(buf, size, "%" PRIu64, v);
    else
        snprintf(buf, size, "%a (0x%08" PRIx32 ")", (double)tk_float((uint32_t)v), (uint32_t)v);
}

int tk_same_output(const cb_entry_info *d, size_t n, size_t count_a, const void *a, size_t count_b,
                   const void *b, char *why, size_t why_size)
{
    char dummy[1];
    if (!why)
        why = dummy, why_size = sizeof dummy;
    if (count_a != count_b) {
        snprintf(why, why_size, "%s n=%zu: count %zu vs %zu", d->name, n, count_a, count_b);
        return 0;
    }
    const unsigned char *pa[7], *pb[7];
    size_t arrays = parts_of(d, a, pa);
    parts_of(d, b, pb);
    const char *names[TK_OUT_MAX_ARRAYS];
    tk_out_layout(d, n, NULL, NULL, names);
    size_t units = written(d, n, count_a);
    for (size_t k = 0; k < units; k++) /* unit by unit, so the first difference is the earliest */
        for (size_t arr = 0; arr < arrays; arr++) {
            uint64_t x = unit_at(d, pa, arr, k), y = unit_at(d, pb, arr, k);
            if (x == y)
                continue;
            char sx[64], sy[64], elem[64] = "";
            show(sx, sizeof sx, d, arr, x);
            show(sy, sizeof sy, d, arr, y);
            if (d->output == CB_OUTPUT_MASK) {
                size_t bit = 0;
                while (!((x ^ y) >> bit & 1))
                    bit++;
                snprintf(elem, sizeof elem, " (first difference at element %zu)", k * 64 + bit);
            } else if (record_list(d) && arr > 0) {
                snprintf(elem, sizeof elem, " (element %" PRIu32 ")", u32_at(pa[0], k));
            }
            snprintf(why, why_size, "%s n=%zu: %s %zu: %s vs %s%s", d->name, n, names[arr], k, sx,
                     sy, elem);
            return 0;
        }
    return 1;
}

/* Whether record k of a and record j of b are the same (but for the index). */
static int same_record(const cb_entry_info *d, const unsigned char *const pa[7], size_t k,
                       const unsigned char *const pb[7], size_t j)
{
    size_t arrays = arrays_of(d);
    for (size_t arr = 1; arr < arrays; arr++)
        if (unit_at(d, pa, arr, k) != unit_at(d, pb, arr, j))
            return 0;
    return 1;
}

size_t tk_first_difference(const cb_entry_info *d, size_t n, size_t count_a, const void *a,
                           size_t count_b, const void *b)
{
    const unsigned char *pa[7], *pb[7];
    parts_of(d, a, pa);
    parts_of(d, b, pb);
    switch (d->output) {
    case CB_OUTPUT_MASK:
        for (size_t i = 0; i < n; i++)
            if ((u64_at(pa[0], i / 64) ^ u64_at(pb[0], i / 64)) >> (i % 64) & 1)
                return i;
        return n;
    case CB_OUTPUT_DISTANCES:
    case CB_OUTPUT_TIMES:
    case CB_OUTPUT_INT_DISTANCES: {
        size_t arrays = arrays_of(d);
        for (size_t i = 0; i < n; i++)
            for (size_t arr = 0; arr < arrays; arr++)
                if (unit_at(d, pa, arr, i) != unit_at(d, pb, arr, i))
                    return i;
        return n;
    }
    default: { /* index lists: walk both in step, ascending */
        size_t ka = 0, kb = 0, ca = count_a < n ? count_a : n, cbn = count_b < n ? count_b : n;
        int records = record_list(d);
        while (ka < ca && kb < cbn) {
            uint32_t ia = u32_at(pa[0], ka), ib = u32_at(pb[0], kb);
            if (ia != ib)
                return ia < ib ? ia : ib;
            if (records && !same_record(d, pa, ka, pb, kb))
                return ia;
            ka++, kb++;
        }
        if (ka < ca)
            return u32_at(pa[0], ka);
        if (kb < cbn)
            return u32_at(pb[0], kb);
        return n;
    }
    }
}

/* ---------------------------------------------------------- invariants */

/* Not a NaN, or the canonical one. */
static int canonical_or_number(uint32_t u)
{
    return (u & 0x7FFFFFFFu) <= 0x7F800000u || u == 0x7FC00000u;
}

int tk_check_format(const cb_entry_info *d, size_t n, size_t count, const void *out, char *why,
                    size_t why_size)
{
    char dummy[1];
    if (!why)
        why = dummy, why_size = sizeof dummy;
    const unsigned char *p[7];
    parts_of(d, out, p);
    int dense = d->output == CB_OUTPUT_DISTANCES || d->output == CB_OUTPUT_INT_DISTANCES ||
                d->output == CB_OUTPUT_TIMES;
    if (dense ? count != n : count > (d->output == CB_OUTPUT_FIRST_HIT && n ? 1 : n)) {
        snprintf(why, why_size, "%s: returned %zu for n = %zu", d->name, count, n);
        return 0;
    }
    switch (d->output) {
    case CB_OUTPUT_MASK: {
        size_t words = (n + 63) / 64, pop = 0;
        for (size_t w = 0; w < words; w++)
            for (uint64_t x = u64_at(p[0], w); x; x &= x - 1)
                pop++;
        if (pop != count) {
            snprintf(why, why_size, "%s: returned count %zu but %zu bits set", d->name, count, pop);
            return 0;
        }
        if (n % 64 && u64_at(p[0], words - 1) >> (n % 64)) {
            snprintf(why, why_size,
                     "%s: bits past n in the last word are not zero (0x%016" PRIx64 ")", d->name,
                     u64_at(p[0], words - 1));
            return 0;
        }
        return 1;
    }
    case CB_OUTPUT_DISTANCES:
        for (size_t i = 0; i < n; i++)
            if (!canonical_or_number(u32_at(p[0], i))) {
                snprintf(why, why_size, "%s: distance %zu is the NaN 0x%08" PRIx32
                         ", not the canonical 0x7FC00000", d->name, i, u32_at(p[0], i));
                return 0;
            }
        return 1;
    case CB_OUTPUT_INT_DISTANCES: /* every value is one */
        return 1;
    case CB_OUTPUT_TIMES: /* a time in [0, 1] (+0, not -0) or the miss */
        for (size_t i = 0; i < n; i++) {
            uint32_t u = u32_at(p[0], i);
            if (!(u <= 0x3F800000u || u == 0x40000000u)) {
                snprintf(why, why_size, "%s: t[%zu] is 0x%08" PRIx32 ": neither a time in [0, 1] "
                         "nor CB_SWEEP_MISS", d->name, i, u);
                return 0;
            }
        }
        return 1;
    default:
        for (size_t k = 0; k < count; k++) {
            uint32_t i = u32_at(p[0], k);
            if (i >= n || (k && i <= u32_at(p[0], k - 1))) {
                snprintf(why, why_size, "%s: index entry %zu is %" PRIu32 " (previous %" PRIu32
                         "): not ascending below n = %zu", d->name, k, i,
                         k ? u32_at(p[0], k - 1) : 0, n);
                return 0;
            }
            if (d->output == CB_OUTPUT_INT_CONTACTS && p[5][k] > CB_FEATURE_INSIDE) {
                snprintf(why, why_size, "%s: contact %zu (element %" PRIu32 ") has feature %u",
                         d->name, k, i, p[5][k]);
                return 0;
            }
            if (d->output != CB_OUTPUT_CONTACTS && !sweep_hits(d))
                continue;
            if (sweep_hits(d) && u32_at(p[3], k) > 0x3F800000u) {
                snprintf(why, why_size, "%s: hit %zu (element %" PRIu32 ") has t 0x%08" PRIx32
                         ", not a time in [0, 1]", d->name, k, i, u32_at(p[3], k));
                return 0;
            }
            if (p[6][k] > CB_FEATURE_INSIDE) {
                snprintf(why, why_size, "%s: contact %zu (element %" PRIu32 ") has feature %u",
                         d->name, k, i, p[6][k]);
                return 0;
            }
            for (size_t arr = 1; arr < 6; arr++)
                if (!canonical_or_number(u32_at(p[arr], k))) {
                    snprintf(why, why_size, "%s: contact %zu (element %" PRIu32 ") %s is the NaN "
                             "0x%08" PRIx32 ", not the canonical 0x7FC00000", d->name, k, i,
                             kind_of(d).name[arr], u32_at(p[arr], k));
                    return 0;
                }
        }
        return 1;
    }
}

/* ------------------------------------------------------------- hashing */

/* FNV-1a over the 8 little-endian bytes of v. */
static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xffu;
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t tk_hash_output(const cb_entry_info *d, size_t n, size_t count, const void *out, uint64_t h)
{
    const unsigned char *p[7];
    parts_of(d, out, p);
    h = fnv_u64(h, (uint64_t)count);
    size_t units = written(d, n, count);
    for (size_t k = 0; k < units; k++) {
        if (d->output == CB_OUTPUT_MASK) {
            h = fnv_u64(h, u64_at(p[0], k));
        } else if (d->output == CB_OUTPUT_INT_DISTANCES || d->output == CB_OUTPUT_INT_CONTACTS) {
            size_t arrays = arrays_of(d);
            for (size_t arr = 0; arr < arrays; arr++)
                h = fnv_u64(h, unit_at(d, p, arr, k));
        } else if (d->output != CB_OUTPUT_CONTACTS && !sweep_hits(d)) {
            h = fnv_u64(h, u32_at(p[0], k));
        } else { /* one contact or hit: index and feature, then the five floats */
            h = fnv_u64(h, (uint64_t)u32_at(p[0], k) << 8 | p[6][k]);
            h = fnv_u64(h, (uint64_t)u32_at(p[1], k) << 32 | u32_at(p[2], k));
            h = fnv_u64(h, (uint64_t)u32_at(p[3], k) << 32 | u32_at(p[4], k));
            h = fnv_u64(h, u32_at(p[5], k));
        }
    }
    return h;
}

/* ------------------------------------------------------------ hit sets */

int tk_hits_of(const cb_entry_info *d, size_t n, size_t count, const void *out, uint64_t *hits)
{
    size_t words = (n + 63) / 64;
    const unsigned char *p[7];
    parts_of(d, out, p);
    for (size_t w = 0; w < words; w++)
        hits[w] = d->output == CB_OUTPUT_MASK ? u64_at(p[0], w) : 0;
    switch (d->output) {
    case CB_OUTPUT_MASK:
        if (n % 64)
            hits[words - 1] &= ((uint64_t)1 << (n % 64)) - 1;
        return 1;
    case CB_OUTPUT_INDICES:
    case CB_OUTPUT_CONTACTS:
    case CB_OUTPUT_INT_CONTACTS:
    case CB_OUTPUT_HITS:
        for (size_t k = 0; k < count && k < n; k++) {
            uint32_t i = u32_at(p[0], k);
            if (i < n)
                hits[i / 64] |= (uint64_t)1 << (i % 64);
        }
        return 1;
    default:
        return 0;
    }
}

size_t tk_hit_count(const cb_entry_info *d, size_t n, size_t count, const void *out)
{
    if (d->output != CB_OUTPUT_DISTANCES && d->output != CB_OUTPUT_TIMES)
        return count;
    size_t c = 0;
    for (size_t i = 0; i < n; i++) /* touching, or touched in [0, 1] */
        c += ((const float *)out)[i] <= (d->output == CB_OUTPUT_TIMES ? 1.0f : 0.0f);
    return c;
}

size_t tk_from_hits(const cb_entry_info *d, size_t n, const uint64_t *hits, void *out)
{
    size_t count = 0;
    if (d->output == CB_OUTPUT_MASK) {
        uint64_t *mask = (uint64_t *)out;
        for (size_t w = 0; w < (n + 63) / 64; w++)
            mask[w] = 0;
        for (size_t i = 0; i < n; i++)
            if (hits[i / 64] >> (i % 64) & 1)
                mask[i / 64] |= (uint64_t)1 << (i % 64), count++;
        return count;
    }
    if (d->output != CB_OUTPUT_INDICES)
        return CB_INVALID;
    for (size_t i = 0; i < n; i++)
        if (hits[i / 64] >> (i % 64) & 1)
            ((uint32_t *)out)[count++] = (uint32_t)i;
    return count;
}

int tk_same_question(const cb_entry_info *a, const cb_entry_info *b)
{
    return a->form == b->form && a->query == b->query && a->one == b->one &&
           a->many == b->many &&
           (sweep_hits(a) || sweep_hits(b) ? a->output == b->output : 1);
}

size_t tk_copy_output(const cb_entry_info *to, const cb_entry_info *from, size_t n, size_t count,
                      const void *src, void *dst)
{
    if (to->output == from->output) {
        const unsigned char *ps[7], *pd[7];
        size_t arrays = parts_of(from, src, ps), units = written(from, n, count);
        size_t unit[TK_OUT_MAX_ARRAYS];
        parts_of(to, dst, pd);
        tk_out_layout(from, n, NULL, unit, NULL);
        for (size_t arr = 0; arr < arrays; arr++)
            if (units)
                memcpy((unsigned char *)pd[arr], ps[arr], units * unit[arr]);
        return count;
    }
    uint64_t *hits = malloc(((n + 63) / 64 + 1) * sizeof *hits);
    if (!hits) {
        perror("tk_copy_output");
        abort();
    }
    tk_hits_of(from, n, count, src, hits);
    size_t c = tk_from_hits(to, n, hits, dst);
    free(hits);
    return c;
}
