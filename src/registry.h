/* registry.h - the one table of every query the library exports, by name: their descriptors, public wrappers, first-use stubs and kernel tables are generated from it. */
#ifndef CB_REGISTRY_H
#define CB_REGISTRY_H

/*
 * The rows are in registry_rows.h, one per public query function and line:
 *
 *   CB_ROW(NAME, FORM, QUERY, ONE, MANY, LAYOUT, OUTPUT)
 *
 *   NAME    the public function, cbatch.h's naming rule applied to the other
 *           columns (scripts/check-names.py proves it, row by row, and that
 *           cbatch.h declares exactly these functions)
 *   FORM    CB_FORM_<FORM>: BATCH (one shape against n elements), PAIRS
 *           (every circle of a range of a set against the elements), or
 *           CANDIDATES (the listed pairs of a set and the elements)
 *   QUERY   CB_QUERY_<QUERY>: what is computed per pair (a file in src/queries/)
 *   ONE     CB_SHAPE_<ONE>: BATCH: the single shape (CIRCLE, BOX, OBOX, the
 *           integer ICIRCLE, IBOX, or SWEEP, a moving circle); PAIRS,
 *           CANDIDATES: the set (CIRCLE, ICIRCLE, or SWEEP, moving circles)
 *   MANY    CB_SHAPE_<MANY>: the elements (BOX, CIRCLE, OBOX, IBOX, ICIRCLE;
 *           SWEEP, moving circles against one BOX); PAIRS also SELF, the set
 *           itself, GRID, a cb_grid of elements, and GRID_SELF, a set
 *           prepared as a cb_grid against itself
 *   LAYOUT  CB_LAYOUT_<LAYOUT>: SOA or AOS (BATCH; the others are SOA)
 *   OUTPUT  CB_OUTPUT_<OUTPUT>: MASK, INDICES, DISTANCES, CONTACTS (BATCH,
 *           CANDIDATES); PAIRS, MATRIX, PAIR_CONTACTS (PAIRS); INT_DISTANCES,
 *           INT_CONTACTS, INT_PAIR_CONTACTS (the integer shapes' DISTANCE
 *           and CONTACTS); TIMES, HITS, FIRST_HIT (SWEEP); PAIR_FIRST_HITS
 *           (PAIRS of SWEEP: each sweep's first hit)
 *
 * From the rows come: the entry numbers (CB_E_<name>), the
 * descriptors of cb_entry_info_of, the public functions with their checks
 * and float guard (api.c), the first-use stubs (dispatch.c) and each
 * backend's kernel table (kernel_template.h).
 *
 * Adding a row: declare the function in cbatch.h (the rule gives its name
 * and its arguments; tests/header's names test checks both); if QUERY, ONE, MANY and
 * LAYOUT are a new combination, the query file defines its block
 * (docs/architecture.md has the checklist). The row order is the entry
 * numbering, which the digest's hashing order follows: add rows at the
 * end of their form.
 */
#define CB_PASTE(a, b) CB_PASTE_(a, b)
#define CB_PASTE_(a, b) a##b
#define CB_STRING(x) CB_STRING_(x)
#define CB_STRING_(x) #x
#define CB_APPLY(f, row) f row /* a column function F applied to a row (A, B, ...) */

/* CB_E_<name>: the entry's number, its index in every kernel table. */
enum {
#define CB_ROW(name, form, query, one, many, layout, output) CB_E_##name,
#include "registry_rows.h"
    CB_ENTRY_COUNT
};

/*
 * The shapes, one row each: CB_SHAPE_COLUMNS_<SHAPE> (T, SOA, FIELD, SET_FIELD, PART)
 *   T          the C type of one: a batch's single shape, an AoS element
 *   SOA        the C type of an array of them in SoA: SoA elements, a set
 *   FIELD      the cb_args field that holds a batch's single shape
 *   SET_FIELD  the cb_args field that holds a set of them (pairs, candidates)
 *   PART       what a call passes on the many side (api.c): ELS, the
 *              elements and their count; GRID, a cb_grid; SELF, nothing (the
 *              set itself); GSELF, nothing (the one side's grid, itself)
 * none: the shape has no such thing (its rows do not name the column).
 * CB_SHAPE_ROW(SHAPE, F) applies the column function F(T, SOA, FIELD,
 * SET_FIELD, PART) to a shape's row; CB_SHAPE_T, CB_SHAPE_SOA, ... name a
 * column.
 */
#define CB_SHAPE_COLUMNS_CIRCLE (cb_circle, cb_circle_soa, circle, circles, ELS)
#define CB_SHAPE_COLUMNS_BOX (cb_box, cb_box_soa, box, none, ELS)
#define CB_SHAPE_COLUMNS_OBOX (cb_obox, cb_obox_soa, obox, none, ELS)
#define CB_SHAPE_COLUMNS_GRID (none, none, none, none, GRID)
#define CB_SHAPE_COLUMNS_SELF (none, none, none, none, SELF)
#define CB_SHAPE_COLUMNS_ICIRCLE (cb_icircle, cb_icircle_soa, icircle, icircles, ELS)
#define CB_SHAPE_COLUMNS_IBOX (cb_ibox, cb_ibox_soa, ibox, none, ELS)
#define CB_SHAPE_COLUMNS_SWEEP (cb_sweep, cb_sweep_soa, sweep, sweeps, ELS)
#define CB_SHAPE_COLUMNS_GRID_SELF (none, none, none, none, GSELF)
#define CB_SHAPE_ROW(shape, f) CB_APPLY(f, CB_SHAPE_COLUMNS_##shape)
#define CB_SHAPE_T(shape) CB_SHAPE_ROW(shape, CB_COLUMN_T)
#define CB_SHAPE_SOA(shape) CB_SHAPE_ROW(shape, CB_COLUMN_SOA)
#define CB_SHAPE_FIELD(shape) CB_SHAPE_ROW(shape, CB_COLUMN_FIELD)
#define CB_SHAPE_SET_FIELD(shape) CB_SHAPE_ROW(shape, CB_COLUMN_SET_FIELD)
#define CB_SHAPE_PART(shape) CB_SHAPE_ROW(shape, CB_COLUMN_PART)
#define CB_COLUMN_T(t, soa, field, set_field, part) t
#define CB_COLUMN_SOA(t, soa, field, set_field, part) soa
#define CB_COLUMN_FIELD(t, soa, field, set_field, part) field
#define CB_COLUMN_SET_FIELD(t, soa, field, set_field, part) set_field
#define CB_COLUMN_PART(t, soa, field, set_field, part) part

/*
 * The outputs, one row each: CB_OUTPUT_COLUMNS_<OUTPUT> (T, MARGIN, CAPACITY, SINK)
 *   T         what out points to (an array of T)
 *   MARGIN    1 when the call takes a contact margin before out, else 0
 *   CAPACITY  1 when out is a list with its capacity after it, else 0
 *   SINK      how a batch or candidates kernel writes it (kernel_template.h):
 *             BITS (a word of 64 verdicts at a time: the mask, the index
 *             list), DENSE (each element's number in place), RECORDS (the
 *             hits' records, after a selection), FIRST (the first hit);
 *             PAIRS for the outputs of the all-pairs engine
 * CB_OUTPUT_ROW(OUTPUT, F) applies the column function F(T, MARGIN, CAPACITY,
 * SINK) to an output's row.
 */
#define CB_OUTPUT_COLUMNS_MASK (uint64_t, 0, 0, BITS)
#define CB_OUTPUT_COLUMNS_INDICES (uint32_t, 0, 0, BITS)
#define CB_OUTPUT_COLUMNS_DISTANCES (float, 0, 0, DENSE)
#define CB_OUTPUT_COLUMNS_CONTACTS (cb_contacts, 1, 0, RECORDS)
#define CB_OUTPUT_COLUMNS_PAIRS (cb_pair, 0, 1, PAIRS)
#define CB_OUTPUT_COLUMNS_MATRIX (uint64_t, 0, 0, PAIRS)
#define CB_OUTPUT_COLUMNS_PAIR_CONTACTS (cb_pair_contacts, 1, 1, PAIRS)
#define CB_OUTPUT_COLUMNS_INT_DISTANCES (cb_int_distances, 0, 0, DENSE)
#define CB_OUTPUT_COLUMNS_INT_CONTACTS (cb_int_contacts, 0, 0, RECORDS)
#define CB_OUTPUT_COLUMNS_INT_PAIR_CONTACTS (cb_int_pair_contacts, 0, 1, PAIRS)
#define CB_OUTPUT_COLUMNS_TIMES (float, 0, 0, DENSE)
#define CB_OUTPUT_COLUMNS_FIRST_HIT (cb_sweep_hits, 0, 0, FIRST)
#define CB_OUTPUT_COLUMNS_HITS (cb_sweep_hits, 0, 0, RECORDS)
#define CB_OUTPUT_COLUMNS_PAIR_FIRST_HITS (cb_pair_sweep_hits, 0, 1, PAIRS)
#define CB_OUTPUT_ROW(output, f) CB_APPLY(f, CB_OUTPUT_COLUMNS_##output)
#define CB_OUTPUT_SINK(output) CB_OUTPUT_ROW(output, CB_COLUMN_SINK)
#define CB_COLUMN_SINK(t, margin, capacity, sink) sink

#endif

/* The query files: their vector bodies and blocks, written once over the
 * primitives of kernel_template.h, which includes this file a second time
 * with CB_QUERY_BODIES defined (outside the include guard on purpose). */
#ifdef CB_QUERY_BODIES
#include "queries/overlap.h"
#include "queries/overlap_circles.h"
#include "queries/contacts.h"
#include "queries/oriented.h"
#include "queries/pairs.h"
#include "queries/integer.h"
#include "queries/sweep.h"
#endif
