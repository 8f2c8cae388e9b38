/* registry.h - the one table of every query the library exports; their names (by cbatch.h's naming rule), descriptors, public wrappers, first-use stubs and kernel tables are generated from it. */
#ifndef CB_REGISTRY_H
#define CB_REGISTRY_H

/*
 * One row per public query function:
 *
 *   X(FORM, QUERY, ONE, MANY, LAYOUT, OUTPUT)
 *
 *   FORM    CB_FORM_<FORM>: BATCH (one shape against n elements), PAIRS
 *           (every circle of a range of a set against the elements), or
 *           CANDIDATES (the listed pairs of a set and the elements)
 *   QUERY   CB_QUERY_<QUERY>: what is computed per pair (a file in src/queries/)
 *   ONE     CB_SHAPE_<ONE>: BATCH: the single shape (CIRCLE, BOX, OBOX, the
 *           integer ICIRCLE, IBOX, or SWEEP, the moving circle of SWEEP); PAIRS, CANDIDATES: the set's circles,
 *           CIRCLE, or ICIRCLE for the integer elements, or (PAIRS) SWEEP, moving circles
 *   MANY    CB_SHAPE_<MANY>: the elements (BOX, CIRCLE, OBOX, IBOX, ICIRCLE; SWEEP, moving
 *           circles against one BOX; PAIRS also
 *           SELF, the set itself, GRID, a cb_grid of elements, and GRID_SELF, a set
 *           prepared as a cb_grid against itself)
 *   LAYOUT  CB_LAYOUT_<LAYOUT>: SOA or AOS (BATCH; the others are SOA)
 *   OUTPUT  CB_OUTPUT_<OUTPUT>: MASK, INDICES, DISTANCES, CONTACTS (BATCH,
 *           CANDIDATES); PAIRS, MATRIX, PAIR_CONTACTS (PAIRS); INT_DISTANCES,
 *           INT_CONTACTS, INT_PAIR_CONTACTS (the integer shapes' DISTANCE
 *           and CONTACTS); TIMES, HITS, FIRST_HIT (SWEEP); PAIR_FIRST_HITS
 *           (PAIRS of SWEEP: each sweep's first hit)
 *
 * The name follows from the columns by cbatch.h's rule (CB_NAME below): no
 * row spells it. From the rows come: the entry numbers (CB_E_<name>), the
 * descriptors of cb_entry_info_of, the public functions with their checks
 * and float guard (api.c), the first-use stubs (dispatch.c) and each
 * backend's kernel table (kernel_template.h).
 *
 * Adding a row: declare the function in cbatch.h (the rule gives its name
 * and its arguments; tests/header checks both); if QUERY, ONE, MANY and
 * LAYOUT are a new combination, the query file defines its block
 * (docs/architecture.md has the checklist). The row order is the entry
 * numbering, which the digest's hashing order follows: add rows at the
 * end of their form.
 */
#define CB_ENTRIES(X)                                                                              \
    X(BATCH, OVERLAP,  CIRCLE, BOX,    SOA, MASK)                                                  \
    X(BATCH, OVERLAP,  CIRCLE, BOX,    AOS, MASK)                                                  \
    X(BATCH, OVERLAP,  BOX,    CIRCLE, SOA, MASK)                                                  \
    X(BATCH, OVERLAP,  BOX,    CIRCLE, AOS, MASK)                                                  \
    X(BATCH, OVERLAP,  CIRCLE, BOX,    SOA, INDICES)                                               \
    X(BATCH, OVERLAP,  CIRCLE, BOX,    AOS, INDICES)                                               \
    X(BATCH, OVERLAP,  BOX,    CIRCLE, SOA, INDICES)                                               \
    X(BATCH, OVERLAP,  BOX,    CIRCLE, AOS, INDICES)                                               \
    X(BATCH, OVERLAP,  CIRCLE, CIRCLE, SOA, MASK)                                                  \
    X(BATCH, OVERLAP,  CIRCLE, CIRCLE, AOS, MASK)                                                  \
    X(BATCH, OVERLAP,  CIRCLE, CIRCLE, SOA, INDICES)                                               \
    X(BATCH, OVERLAP,  CIRCLE, CIRCLE, AOS, INDICES)                                               \
    X(BATCH, DISTANCE, CIRCLE, BOX,    SOA, DISTANCES)                                             \
    X(BATCH, DISTANCE, CIRCLE, BOX,    AOS, DISTANCES)                                             \
    X(BATCH, DISTANCE, BOX,    CIRCLE, SOA, DISTANCES)                                             \
    X(BATCH, DISTANCE, BOX,    CIRCLE, AOS, DISTANCES)                                             \
    X(BATCH, DISTANCE, CIRCLE, CIRCLE, SOA, DISTANCES)                                             \
    X(BATCH, DISTANCE, CIRCLE, CIRCLE, AOS, DISTANCES)                                             \
    X(BATCH, CONTACTS, CIRCLE, BOX,    SOA, CONTACTS)                                              \
    X(BATCH, CONTACTS, CIRCLE, BOX,    AOS, CONTACTS)                                              \
    X(BATCH, CONTACTS, BOX,    CIRCLE, SOA, CONTACTS)                                              \
    X(BATCH, CONTACTS, BOX,    CIRCLE, AOS, CONTACTS)                                              \
    X(BATCH, CONTACTS, CIRCLE, CIRCLE, SOA, CONTACTS)                                              \
    X(BATCH, CONTACTS, CIRCLE, CIRCLE, AOS, CONTACTS)                                              \
    X(BATCH, OVERLAP,  CIRCLE, OBOX,   SOA, MASK)                                                  \
    X(BATCH, OVERLAP,  CIRCLE, OBOX,   AOS, MASK)                                                  \
    X(BATCH, OVERLAP,  CIRCLE, OBOX,   SOA, INDICES)                                               \
    X(BATCH, OVERLAP,  CIRCLE, OBOX,   AOS, INDICES)                                               \
    X(BATCH, OVERLAP,  OBOX,   CIRCLE, SOA, MASK)                                                  \
    X(BATCH, OVERLAP,  OBOX,   CIRCLE, AOS, MASK)                                                  \
    X(BATCH, OVERLAP,  OBOX,   CIRCLE, SOA, INDICES)                                               \
    X(BATCH, OVERLAP,  OBOX,   CIRCLE, AOS, INDICES)                                               \
    X(BATCH, DISTANCE, CIRCLE, OBOX,   SOA, DISTANCES)                                             \
    X(BATCH, DISTANCE, CIRCLE, OBOX,   AOS, DISTANCES)                                             \
    X(BATCH, DISTANCE, OBOX,   CIRCLE, SOA, DISTANCES)                                             \
    X(BATCH, DISTANCE, OBOX,   CIRCLE, AOS, DISTANCES)                                             \
    X(BATCH, CONTACTS, CIRCLE, OBOX,   SOA, CONTACTS)                                              \
    X(BATCH, CONTACTS, CIRCLE, OBOX,   AOS, CONTACTS)                                              \
    X(BATCH, CONTACTS, OBOX,   CIRCLE, SOA, CONTACTS)                                              \
    X(BATCH, CONTACTS, OBOX,   CIRCLE, AOS, CONTACTS)                                              \
    X(BATCH, OVERLAP,  ICIRCLE, IBOX, SOA, MASK)                                                  \
    X(BATCH, OVERLAP,  ICIRCLE, IBOX, AOS, MASK)                                                  \
    X(BATCH, OVERLAP,  ICIRCLE, IBOX, SOA, INDICES)                                               \
    X(BATCH, OVERLAP,  ICIRCLE, IBOX, AOS, INDICES)                                               \
    X(BATCH, OVERLAP,  IBOX, ICIRCLE, SOA, MASK)                                                  \
    X(BATCH, OVERLAP,  IBOX, ICIRCLE, AOS, MASK)                                                  \
    X(BATCH, OVERLAP,  IBOX, ICIRCLE, SOA, INDICES)                                               \
    X(BATCH, OVERLAP,  IBOX, ICIRCLE, AOS, INDICES)                                               \
    X(BATCH, OVERLAP,  ICIRCLE, ICIRCLE, SOA, MASK)                                               \
    X(BATCH, OVERLAP,  ICIRCLE, ICIRCLE, AOS, MASK)                                               \
    X(BATCH, OVERLAP,  ICIRCLE, ICIRCLE, SOA, INDICES)                                            \
    X(BATCH, OVERLAP,  ICIRCLE, ICIRCLE, AOS, INDICES)                                            \
    X(BATCH, DISTANCE, ICIRCLE, IBOX, SOA, INT_DISTANCES)                                         \
    X(BATCH, DISTANCE, ICIRCLE, IBOX, AOS, INT_DISTANCES)                                         \
    X(BATCH, DISTANCE, IBOX, ICIRCLE, SOA, INT_DISTANCES)                                         \
    X(BATCH, DISTANCE, IBOX, ICIRCLE, AOS, INT_DISTANCES)                                         \
    X(BATCH, DISTANCE, ICIRCLE, ICIRCLE, SOA, INT_DISTANCES)                                      \
    X(BATCH, DISTANCE, ICIRCLE, ICIRCLE, AOS, INT_DISTANCES)                                      \
    X(BATCH, CONTACTS, ICIRCLE, IBOX, SOA, INT_CONTACTS)                                          \
    X(BATCH, CONTACTS, ICIRCLE, IBOX, AOS, INT_CONTACTS)                                          \
    X(BATCH, CONTACTS, IBOX, ICIRCLE, SOA, INT_CONTACTS)                                          \
    X(BATCH, CONTACTS, IBOX, ICIRCLE, AOS, INT_CONTACTS)                                          \
    X(BATCH, CONTACTS, ICIRCLE, ICIRCLE, SOA, INT_CONTACTS)                                       \
    X(BATCH, CONTACTS, ICIRCLE, ICIRCLE, AOS, INT_CONTACTS)                                       \
    X(BATCH, SWEEP,    SWEEP,   BOX,     SOA, TIMES)                                               \
    X(BATCH, SWEEP,    SWEEP,   BOX,     AOS, TIMES)                                               \
    X(BATCH, SWEEP,    SWEEP,   CIRCLE,  SOA, TIMES)                                               \
    X(BATCH, SWEEP,    SWEEP,   CIRCLE,  AOS, TIMES)                                               \
    X(BATCH, SWEEP,    SWEEP,   BOX,     SOA, HITS)                                                \
    X(BATCH, SWEEP,    SWEEP,   BOX,     AOS, HITS)                                                \
    X(BATCH, SWEEP,    SWEEP,   CIRCLE,  SOA, HITS)                                                \
    X(BATCH, SWEEP,    SWEEP,   CIRCLE,  AOS, HITS)                                                \
    X(BATCH, SWEEP,    SWEEP,   BOX,     SOA, FIRST_HIT)                                           \
    X(BATCH, SWEEP,    SWEEP,   BOX,     AOS, FIRST_HIT)                                           \
    X(BATCH, SWEEP,    SWEEP,   CIRCLE,  SOA, FIRST_HIT)                                           \
    X(BATCH, SWEEP,    SWEEP,   CIRCLE,  AOS, FIRST_HIT)                                           \
    X(BATCH, SWEEP,    SWEEP,   OBOX,    SOA, TIMES)                                               \
    X(BATCH, SWEEP,    SWEEP,   OBOX,    AOS, TIMES)                                               \
    X(BATCH, SWEEP,    SWEEP,   OBOX,    SOA, HITS)                                                \
    X(BATCH, SWEEP,    SWEEP,   OBOX,    AOS, HITS)                                                \
    X(BATCH, SWEEP,    SWEEP,   OBOX,    SOA, FIRST_HIT)                                           \
    X(BATCH, SWEEP,    SWEEP,   OBOX,    AOS, FIRST_HIT)                                           \
    X(BATCH, SWEEP,    BOX,     SWEEP,   SOA, TIMES)                                               \
    X(BATCH, SWEEP,    BOX,     SWEEP,   AOS, TIMES)                                               \
    X(BATCH, SWEEP,    BOX,     SWEEP,   SOA, HITS)                                                \
    X(BATCH, SWEEP,    BOX,     SWEEP,   AOS, HITS)                                                \
    X(BATCH, SWEEP,    BOX,     SWEEP,   SOA, FIRST_HIT)                                           \
    X(BATCH, SWEEP,    BOX,     SWEEP,   AOS, FIRST_HIT)                                           \
    X(PAIRS, OVERLAP,  CIRCLE, BOX,    SOA, PAIRS)                                                 \
    X(PAIRS, OVERLAP,  CIRCLE, BOX,    SOA, MATRIX)                                                \
    X(PAIRS, CONTACTS, CIRCLE, BOX,    SOA, PAIR_CONTACTS)                                         \
    X(PAIRS, OVERLAP,  CIRCLE, CIRCLE, SOA, PAIRS)                                                 \
    X(PAIRS, OVERLAP,  CIRCLE, CIRCLE, SOA, MATRIX)                                                \
    X(PAIRS, CONTACTS, CIRCLE, CIRCLE, SOA, PAIR_CONTACTS)                                         \
    X(PAIRS, OVERLAP,  CIRCLE, OBOX,   SOA, PAIRS)                                                 \
    X(PAIRS, OVERLAP,  CIRCLE, OBOX,   SOA, MATRIX)                                                \
    X(PAIRS, CONTACTS, CIRCLE, OBOX,   SOA, PAIR_CONTACTS)                                         \
    X(PAIRS, OVERLAP,  CIRCLE, SELF,   SOA, PAIRS)                                                 \
    X(PAIRS, CONTACTS, CIRCLE, SELF,   SOA, PAIR_CONTACTS)                                         \
    X(PAIRS, OVERLAP,  CIRCLE, GRID,   SOA, PAIRS)                                                 \
    X(PAIRS, OVERLAP,  CIRCLE, GRID,   SOA, MATRIX)                                                \
    X(PAIRS, CONTACTS, CIRCLE, GRID,   SOA, PAIR_CONTACTS)                                         \
    X(PAIRS, OVERLAP,  ICIRCLE, IBOX,    SOA, PAIRS)                                               \
    X(PAIRS, OVERLAP,  ICIRCLE, IBOX,    SOA, MATRIX)                                              \
    X(PAIRS, CONTACTS, ICIRCLE, IBOX,    SOA, INT_PAIR_CONTACTS)                                   \
    X(PAIRS, OVERLAP,  ICIRCLE, ICIRCLE, SOA, PAIRS)                                               \
    X(PAIRS, OVERLAP,  ICIRCLE, ICIRCLE, SOA, MATRIX)                                              \
    X(PAIRS, CONTACTS, ICIRCLE, ICIRCLE, SOA, INT_PAIR_CONTACTS)                                   \
    X(PAIRS, OVERLAP,  ICIRCLE, SELF,    SOA, PAIRS)                                               \
    X(PAIRS, CONTACTS, ICIRCLE, SELF,    SOA, INT_PAIR_CONTACTS)                                   \
    X(PAIRS, OVERLAP,  ICIRCLE, GRID,    SOA, PAIRS)                                               \
    X(PAIRS, OVERLAP,  ICIRCLE, GRID,    SOA, MATRIX)                                              \
    X(PAIRS, CONTACTS, ICIRCLE, GRID,    SOA, INT_PAIR_CONTACTS)                                   \
    X(PAIRS, SWEEP,    SWEEP,   BOX,     SOA, PAIR_FIRST_HITS)                                     \
    X(PAIRS, SWEEP,    SWEEP,   CIRCLE,  SOA, PAIR_FIRST_HITS)                                     \
    X(PAIRS, SWEEP,    SWEEP,   GRID,    SOA, PAIR_FIRST_HITS)                                     \
    X(PAIRS, OVERLAP,  CIRCLE,  GRID_SELF, SOA, PAIRS)                                             \
    X(PAIRS, CONTACTS, CIRCLE,  GRID_SELF, SOA, PAIR_CONTACTS)                                     \
    X(PAIRS, OVERLAP,  ICIRCLE, GRID_SELF, SOA, PAIRS)                                             \
    X(PAIRS, CONTACTS, ICIRCLE, GRID_SELF, SOA, INT_PAIR_CONTACTS)                                 \
    X(CANDIDATES, OVERLAP,  CIRCLE, BOX,    SOA, MASK)                                             \
    X(CANDIDATES, OVERLAP,  CIRCLE, BOX,    SOA, INDICES)                                          \
    X(CANDIDATES, CONTACTS, CIRCLE, BOX,    SOA, CONTACTS)                                         \
    X(CANDIDATES, OVERLAP,  CIRCLE, CIRCLE, SOA, MASK)                                             \
    X(CANDIDATES, OVERLAP,  CIRCLE, CIRCLE, SOA, INDICES)                                          \
    X(CANDIDATES, CONTACTS, CIRCLE, CIRCLE, SOA, CONTACTS)                                         \
    X(CANDIDATES, OVERLAP,  ICIRCLE, IBOX,    SOA, MASK)                                           \
    X(CANDIDATES, OVERLAP,  ICIRCLE, IBOX,    SOA, INDICES)                                        \
    X(CANDIDATES, CONTACTS, ICIRCLE, IBOX,    SOA, INT_CONTACTS)                                   \
    X(CANDIDATES, OVERLAP,  ICIRCLE, ICIRCLE, SOA, MASK)                                           \
    X(CANDIDATES, OVERLAP,  ICIRCLE, ICIRCLE, SOA, INDICES)                                        \
    X(CANDIDATES, CONTACTS, ICIRCLE, ICIRCLE, SOA, INT_CONTACTS)                                   \
    X(CANDIDATES, SWEEP,    SWEEP,   BOX,     SOA, TIMES)                                          \
    X(CANDIDATES, SWEEP,    SWEEP,   CIRCLE,  SOA, TIMES)                                          \
    X(CANDIDATES, SWEEP,    SWEEP,   BOX,     SOA, HITS)                                           \
    X(CANDIDATES, SWEEP,    SWEEP,   CIRCLE,  SOA, HITS)

/*
 * The naming rule of cbatch.h, as token pastes:
 *   cb_<form>_<query>[_<one>_<many>][_aos][_<output>]
 * the sides omitted for each form's default pairing (a circle, or a set
 * of circles, against boxes), the one side singular when it is a single
 * shape and plural when it is a set.
 */
#define CB_WORD_BATCH batch
#define CB_WORD_PAIRS pairs
#define CB_WORD_CANDIDATES candidates
#define CB_WORD_OVERLAP overlap
#define CB_WORD_DISTANCE distance
#define CB_WORD_CONTACTS contacts
#define CB_WORD_SWEEP sweep
#define CB_SIDES_BATCH_CIRCLE_BOX
#define CB_SIDES_BATCH_CIRCLE_CIRCLE _circle_circles
#define CB_SIDES_BATCH_CIRCLE_OBOX _circle_oboxes
#define CB_SIDES_BATCH_BOX_CIRCLE _box_circles
#define CB_SIDES_BATCH_OBOX_CIRCLE _obox_circles
#define CB_SIDES_BATCH_ICIRCLE_IBOX _icircle_iboxes
#define CB_SIDES_BATCH_IBOX_ICIRCLE _ibox_icircles
#define CB_SIDES_BATCH_ICIRCLE_ICIRCLE _icircle_icircles
#define CB_SIDES_BATCH_SWEEP_BOX
#define CB_SIDES_BATCH_SWEEP_CIRCLE _circle_circles
#define CB_SIDES_BATCH_SWEEP_OBOX _circle_oboxes
#define CB_SIDES_BATCH_BOX_SWEEP _box_circles
#define CB_SIDES_PAIRS_CIRCLE_BOX
#define CB_SIDES_PAIRS_CIRCLE_CIRCLE _circles_circles
#define CB_SIDES_PAIRS_CIRCLE_OBOX _circles_oboxes
#define CB_SIDES_PAIRS_CIRCLE_SELF _circles_self
#define CB_SIDES_PAIRS_CIRCLE_GRID _circles_grid
#define CB_SIDES_PAIRS_ICIRCLE_IBOX _icircles_iboxes
#define CB_SIDES_PAIRS_ICIRCLE_ICIRCLE _icircles_icircles
#define CB_SIDES_PAIRS_ICIRCLE_SELF _icircles_self
#define CB_SIDES_PAIRS_ICIRCLE_GRID _icircles_grid
#define CB_SIDES_PAIRS_SWEEP_BOX
#define CB_SIDES_PAIRS_SWEEP_CIRCLE _circles_circles
#define CB_SIDES_PAIRS_SWEEP_GRID _circles_grid
#define CB_SIDES_PAIRS_CIRCLE_GRID_SELF _circles_grid_self
#define CB_SIDES_PAIRS_ICIRCLE_GRID_SELF _icircles_grid_self
#define CB_SIDES_CANDIDATES_CIRCLE_BOX
#define CB_SIDES_CANDIDATES_CIRCLE_CIRCLE _circles_circles
#define CB_SIDES_CANDIDATES_ICIRCLE_IBOX _icircles_iboxes
#define CB_SIDES_CANDIDATES_ICIRCLE_ICIRCLE _icircles_icircles
#define CB_SIDES_CANDIDATES_SWEEP_BOX
#define CB_SIDES_CANDIDATES_SWEEP_CIRCLE _circles_circles
#define CB_SUFFIX_SOA
#define CB_SUFFIX_AOS _aos
#define CB_SUFFIX_MASK
#define CB_SUFFIX_INDICES _idx
#define CB_SUFFIX_DISTANCES
#define CB_SUFFIX_CONTACTS
#define CB_SUFFIX_PAIRS
#define CB_SUFFIX_MATRIX _matrix
#define CB_SUFFIX_PAIR_CONTACTS
#define CB_SUFFIX_INT_DISTANCES
#define CB_SUFFIX_INT_CONTACTS
#define CB_SUFFIX_INT_PAIR_CONTACTS
#define CB_SUFFIX_TIMES
#define CB_SUFFIX_HITS _hits
#define CB_SUFFIX_FIRST_HIT _first
#define CB_SUFFIX_PAIR_FIRST_HITS _first

#define CB_NAME(form, query, one, many, layout, output)                                            \
    CB_NAME_(CB_WORD_##form, CB_WORD_##query, CB_SIDES_##form##_##one##_##many,                    \
             CB_SUFFIX_##layout, CB_SUFFIX_##output)
#define CB_NAME_(f, q, s, l, o) CB_NAME__(f, q, s, l, o)
#define CB_NAME__(f, q, s, l, o) cb_##f##_##q##s##l##o
#define CB_PASTE(a, b) CB_PASTE_(a, b)
#define CB_PASTE_(a, b) a##b
#define CB_STRING(x) CB_STRING_(x)
#define CB_STRING_(x) #x

/* CB_E_<name>: the entry's number, its index in every kernel table. */
#define CB_ENTRY_ENUM(f, q, o, m, l, out) CB_PASTE(CB_E_, CB_NAME(f, q, o, m, l, out)),
enum { CB_ENTRIES(CB_ENTRY_ENUM) CB_ENTRY_COUNT };
#undef CB_ENTRY_ENUM

/* The C types behind the columns. */
#define CB_ONE_T_CIRCLE cb_circle
#define CB_ONE_T_BOX cb_box
#define CB_ONE_T_OBOX cb_obox
#define CB_ONE_T_ICIRCLE cb_icircle
#define CB_ONE_T_IBOX cb_ibox
#define CB_ONE_T_SWEEP cb_sweep
#define CB_MANY_T_BOX_SOA const cb_box_soa *
#define CB_MANY_T_BOX_AOS const cb_box *
#define CB_MANY_T_CIRCLE_SOA const cb_circle_soa *
#define CB_MANY_T_CIRCLE_AOS const cb_circle *
#define CB_MANY_T_OBOX_SOA const cb_obox_soa *
#define CB_MANY_T_OBOX_AOS const cb_obox *
#define CB_MANY_T_GRID_SOA const cb_grid *
#define CB_MANY_T_GRID_SELF_SOA const cb_grid *
#define CB_MANY_T_IBOX_SOA const cb_ibox_soa *
#define CB_MANY_T_IBOX_AOS const cb_ibox *
#define CB_MANY_T_ICIRCLE_SOA const cb_icircle_soa *
#define CB_MANY_T_ICIRCLE_AOS const cb_icircle *
#define CB_MANY_T_SWEEP_SOA const cb_sweep_soa *
#define CB_MANY_T_SWEEP_AOS const cb_sweep *
/* The cb_args field that holds a batch's single shape. */
#define CB_ONE_FIELD_CIRCLE circle
#define CB_ONE_FIELD_BOX box
#define CB_ONE_FIELD_OBOX obox
#define CB_ONE_FIELD_ICIRCLE icircle
#define CB_ONE_FIELD_IBOX ibox
#define CB_ONE_FIELD_SWEEP sweep
/* The C type of a set of circles and the cb_args field that holds it. */
#define CB_SET_T_CIRCLE cb_circle_soa
#define CB_SET_T_ICIRCLE cb_icircle_soa
#define CB_SET_T_SWEEP cb_sweep_soa
#define CB_SET_FIELD_CIRCLE circles
#define CB_SET_FIELD_ICIRCLE icircles
#define CB_SET_FIELD_SWEEP sweeps

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
