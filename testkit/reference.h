/* reference.h - the independent reference of every query's contract and the entry-generic helpers (inputs, outputs, comparison) shared by the tests, the fuzzer, the digest and the benchmark. */
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
 */

/* ---- one pair: the contract of each query */

/* CB_QUERY_OVERLAP, circle vs box: 1 on a hit (flags: CB_STRICT or not). */
int ref_overlap(cb_circle c, cb_box b, unsigned flags);
/* CB_QUERY_OVERLAP, circle c vs circle o. */
int ref_overlap_circles(cb_circle c, cb_circle o, unsigned flags);

/* ---- entries: run any entry's contract, one element at a time */

/* The elements of every layout, so a caller can hand any entry its input. */
typedef struct {
    const cb_box_soa *boxes;
    const cb_box *boxes_aos;
    const cb_circle_soa *circles;
    const cb_circle *circles_aos;
} tk_views;

/* The pointer entry d reads as cb_args.many: the view of its many/layout. */
const void *tk_pick(const cb_entry_info *d, const tk_views *v);

/* Element i of entry d's input array `many`. */
cb_box tk_box_at(const cb_entry_info *d, const void *many, size_t i);
cb_circle tk_circle_at(const cb_entry_info *d, const void *many, size_t i);

/* Whether element i of the call a hits, by the reference. */
int ref_hit(const cb_entry_info *d, const cb_args *a, size_t i);

/* The whole call by the reference: writes a->out as entry d documents it
 * (mask words with zero bits past n; ascending indices) and returns the count. */
size_t ref_entry(const cb_entry_info *d, const cb_args *a);

/* ---- outputs */

/* Bytes entry d writes for n elements (mask words, or room for n indices). */
size_t tk_out_bytes(const cb_entry_info *d, size_t n);

/* 1 when two outputs of entry d over n elements are the same result: equal
 * counts and equal mask words, or equal first `count` indices. Otherwise 0,
 * and `why` (if not NULL) receives the first difference. */
int tk_same_output(const cb_entry_info *d, size_t n, size_t count_a, const void *a, size_t count_b,
                   const void *b, char *why, size_t why_size);

/* The hits an output of entry d holds (count, out), as n bits: bit i % 64 of
 * hits[i / 64] for element i, over (n + 63) / 64 words. Mask bits past n and
 * indices >= n are dropped, so a malformed output does not round-trip. */
void tk_hits_of(const cb_entry_info *d, size_t n, size_t count, const void *out, uint64_t *hits);

/* Entry d's output for those n bits, as d documents it (mask words with zero
 * bits past n, or ascending indices); returns the count. With tk_hits_of it
 * rewrites one entry's result in the format of another entry of the same
 * question (another layout or output). */
size_t tk_from_hits(const cb_entry_info *d, size_t n, const uint64_t *hits, void *out);

/* A short, stable label of an entry for test names and reports, e.g.
 * "overlap circle/box soa mask" (its public name is d->name). */
const char *tk_entry_label(const cb_entry_info *d, char *buf, size_t size);

#endif
