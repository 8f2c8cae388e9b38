/* registry.h - the one table of every query the library exports, by name: their descriptors, public wrappers, first-use stubs and kernel tables are generated from it. */
#ifndef CB_REGISTRY_H
#define CB_REGISTRY_H

/*
 * One row per public query function:
 *
 *   X(NAME, FORM, QUERY, ONE, MANY, LAYOUT, OUTPUT)
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
#define CB_ENTRIES(X)                                                                                                \
    X(cb_batch_overlap,                            BATCH,      OVERLAP,  CIRCLE,  BOX,       SOA, MASK)              \
    X(cb_batch_overlap_aos,                        BATCH,      OVERLAP,  CIRCLE,  BOX,       AOS, MASK)              \
    X(cb_batch_overlap_box_circles,                BATCH,      OVERLAP,  BOX,     CIRCLE,    SOA, MASK)              \
    X(cb_batch_overlap_box_circles_aos,            BATCH,      OVERLAP,  BOX,     CIRCLE,    AOS, MASK)              \
    X(cb_batch_overlap_idx,                        BATCH,      OVERLAP,  CIRCLE,  BOX,       SOA, INDICES)           \
    X(cb_batch_overlap_aos_idx,                    BATCH,      OVERLAP,  CIRCLE,  BOX,       AOS, INDICES)           \
    X(cb_batch_overlap_box_circles_idx,            BATCH,      OVERLAP,  BOX,     CIRCLE,    SOA, INDICES)           \
    X(cb_batch_overlap_box_circles_aos_idx,        BATCH,      OVERLAP,  BOX,     CIRCLE,    AOS, INDICES)           \
    X(cb_batch_overlap_circle_circles,             BATCH,      OVERLAP,  CIRCLE,  CIRCLE,    SOA, MASK)              \
    X(cb_batch_overlap_circle_circles_aos,         BATCH,      OVERLAP,  CIRCLE,  CIRCLE,    AOS, MASK)              \
    X(cb_batch_overlap_circle_circles_idx,         BATCH,      OVERLAP,  CIRCLE,  CIRCLE,    SOA, INDICES)           \
    X(cb_batch_overlap_circle_circles_aos_idx,     BATCH,      OVERLAP,  CIRCLE,  CIRCLE,    AOS, INDICES)           \
    X(cb_batch_distance,                           BATCH,      DISTANCE, CIRCLE,  BOX,       SOA, DISTANCES)         \
    X(cb_batch_distance_aos,                       BATCH,      DISTANCE, CIRCLE,  BOX,       AOS, DISTANCES)         \
    X(cb_batch_distance_box_circles,               BATCH,      DISTANCE, BOX,     CIRCLE,    SOA, DISTANCES)         \
    X(cb_batch_distance_box_circles_aos,           BATCH,      DISTANCE, BOX,     CIRCLE,    AOS, DISTANCES)         \
    X(cb_batch_distance_circle_circles,            BATCH,      DISTANCE, CIRCLE,  CIRCLE,    SOA, DISTANCES)         \
    X(cb_batch_distance_circle_circles_aos,        BATCH,      DISTANCE, CIRCLE,  CIRCLE,    AOS, DISTANCES)         \
    X(cb_batch_contacts,                           BATCH,      CONTACTS, CIRCLE,  BOX,       SOA, CONTACTS)          \
    X(cb_batch_contacts_aos,                       BATCH,      CONTACTS, CIRCLE,  BOX,       AOS, CONTACTS)          \
    X(cb_batch_contacts_box_circles,               BATCH,      CONTACTS, BOX,     CIRCLE,    SOA, CONTACTS)          \
    X(cb_batch_contacts_box_circles_aos,           BATCH,      CONTACTS, BOX,     CIRCLE,    AOS, CONTACTS)          \
    X(cb_batch_contacts_circle_circles,            BATCH,      CONTACTS, CIRCLE,  CIRCLE,    SOA, CONTACTS)          \
    X(cb_batch_contacts_circle_circles_aos,        BATCH,      CONTACTS, CIRCLE,  CIRCLE,    AOS, CONTACTS)          \
    X(cb_batch_overlap_circle_oboxes,              BATCH,      OVERLAP,  CIRCLE,  OBOX,      SOA, MASK)              \
    X(cb_batch_overlap_circle_oboxes_aos,          BATCH,      OVERLAP,  CIRCLE,  OBOX,      AOS, MASK)              \
    X(cb_batch_overlap_circle_oboxes_idx,          BATCH,      OVERLAP,  CIRCLE,  OBOX,      SOA, INDICES)           \
    X(cb_batch_overlap_circle_oboxes_aos_idx,      BATCH,      OVERLAP,  CIRCLE,  OBOX,      AOS, INDICES)           \
    X(cb_batch_overlap_obox_circles,               BATCH,      OVERLAP,  OBOX,    CIRCLE,    SOA, MASK)              \
    X(cb_batch_overlap_obox_circles_aos,           BATCH,      OVERLAP,  OBOX,    CIRCLE,    AOS, MASK)              \
    X(cb_batch_overlap_obox_circles_idx,           BATCH,      OVERLAP,  OBOX,    CIRCLE,    SOA, INDICES)           \
    X(cb_batch_overlap_obox_circles_aos_idx,       BATCH,      OVERLAP,  OBOX,    CIRCLE,    AOS, INDICES)           \
    X(cb_batch_distance_circle_oboxes,             BATCH,      DISTANCE, CIRCLE,  OBOX,      SOA, DISTANCES)         \
    X(cb_batch_distance_circle_oboxes_aos,         BATCH,      DISTANCE, CIRCLE,  OBOX,      AOS, DISTANCES)         \
    X(cb_batch_distance_obox_circles,              BATCH,      DISTANCE, OBOX,    CIRCLE,    SOA, DISTANCES)         \
    X(cb_batch_distance_obox_circles_aos,          BATCH,      DISTANCE, OBOX,    CIRCLE,    AOS, DISTANCES)         \
    X(cb_batch_contacts_circle_oboxes,             BATCH,      CONTACTS, CIRCLE,  OBOX,      SOA, CONTACTS)          \
    X(cb_batch_contacts_circle_oboxes_aos,         BATCH,      CONTACTS, CIRCLE,  OBOX,      AOS, CONTACTS)          \
    X(cb_batch_contacts_obox_circles,              BATCH,      CONTACTS, OBOX,    CIRCLE,    SOA, CONTACTS)          \
    X(cb_batch_contacts_obox_circles_aos,          BATCH,      CONTACTS, OBOX,    CIRCLE,    AOS, CONTACTS)          \
    X(cb_batch_overlap_icircle_iboxes,             BATCH,      OVERLAP,  ICIRCLE, IBOX,      SOA, MASK)              \
    X(cb_batch_overlap_icircle_iboxes_aos,         BATCH,      OVERLAP,  ICIRCLE, IBOX,      AOS, MASK)              \
    X(cb_batch_overlap_icircle_iboxes_idx,         BATCH,      OVERLAP,  ICIRCLE, IBOX,      SOA, INDICES)           \
    X(cb_batch_overlap_icircle_iboxes_aos_idx,     BATCH,      OVERLAP,  ICIRCLE, IBOX,      AOS, INDICES)           \
    X(cb_batch_overlap_ibox_icircles,              BATCH,      OVERLAP,  IBOX,    ICIRCLE,   SOA, MASK)              \
    X(cb_batch_overlap_ibox_icircles_aos,          BATCH,      OVERLAP,  IBOX,    ICIRCLE,   AOS, MASK)              \
    X(cb_batch_overlap_ibox_icircles_idx,          BATCH,      OVERLAP,  IBOX,    ICIRCLE,   SOA, INDICES)           \
    X(cb_batch_overlap_ibox_icircles_aos_idx,      BATCH,      OVERLAP,  IBOX,    ICIRCLE,   AOS, INDICES)           \
    X(cb_batch_overlap_icircle_icircles,           BATCH,      OVERLAP,  ICIRCLE, ICIRCLE,   SOA, MASK)              \
    X(cb_batch_overlap_icircle_icircles_aos,       BATCH,      OVERLAP,  ICIRCLE, ICIRCLE,   AOS, MASK)              \
    X(cb_batch_overlap_icircle_icircles_idx,       BATCH,      OVERLAP,  ICIRCLE, ICIRCLE,   SOA, INDICES)           \
    X(cb_batch_overlap_icircle_icircles_aos_idx,   BATCH,      OVERLAP,  ICIRCLE, ICIRCLE,   AOS, INDICES)           \
    X(cb_batch_distance_icircle_iboxes,            BATCH,      DISTANCE, ICIRCLE, IBOX,      SOA, INT_DISTANCES)     \
    X(cb_batch_distance_icircle_iboxes_aos,        BATCH,      DISTANCE, ICIRCLE, IBOX,      AOS, INT_DISTANCES)     \
    X(cb_batch_distance_ibox_icircles,             BATCH,      DISTANCE, IBOX,    ICIRCLE,   SOA, INT_DISTANCES)     \
    X(cb_batch_distance_ibox_icircles_aos,         BATCH,      DISTANCE, IBOX,    ICIRCLE,   AOS, INT_DISTANCES)     \
    X(cb_batch_distance_icircle_icircles,          BATCH,      DISTANCE, ICIRCLE, ICIRCLE,   SOA, INT_DISTANCES)     \
    X(cb_batch_distance_icircle_icircles_aos,      BATCH,      DISTANCE, ICIRCLE, ICIRCLE,   AOS, INT_DISTANCES)     \
    X(cb_batch_contacts_icircle_iboxes,            BATCH,      CONTACTS, ICIRCLE, IBOX,      SOA, INT_CONTACTS)      \
    X(cb_batch_contacts_icircle_iboxes_aos,        BATCH,      CONTACTS, ICIRCLE, IBOX,      AOS, INT_CONTACTS)      \
    X(cb_batch_contacts_ibox_icircles,             BATCH,      CONTACTS, IBOX,    ICIRCLE,   SOA, INT_CONTACTS)      \
    X(cb_batch_contacts_ibox_icircles_aos,         BATCH,      CONTACTS, IBOX,    ICIRCLE,   AOS, INT_CONTACTS)      \
    X(cb_batch_contacts_icircle_icircles,          BATCH,      CONTACTS, ICIRCLE, ICIRCLE,   SOA, INT_CONTACTS)      \
    X(cb_batch_contacts_icircle_icircles_aos,      BATCH,      CONTACTS, ICIRCLE, ICIRCLE,   AOS, INT_CONTACTS)      \
    X(cb_batch_sweep,                              BATCH,      SWEEP,    SWEEP,   BOX,       SOA, TIMES)             \
    X(cb_batch_sweep_aos,                          BATCH,      SWEEP,    SWEEP,   BOX,       AOS, TIMES)             \
    X(cb_batch_sweep_circle_circles,               BATCH,      SWEEP,    SWEEP,   CIRCLE,    SOA, TIMES)             \
    X(cb_batch_sweep_circle_circles_aos,           BATCH,      SWEEP,    SWEEP,   CIRCLE,    AOS, TIMES)             \
    X(cb_batch_sweep_hits,                         BATCH,      SWEEP,    SWEEP,   BOX,       SOA, HITS)              \
    X(cb_batch_sweep_aos_hits,                     BATCH,      SWEEP,    SWEEP,   BOX,       AOS, HITS)              \
    X(cb_batch_sweep_circle_circles_hits,          BATCH,      SWEEP,    SWEEP,   CIRCLE,    SOA, HITS)              \
    X(cb_batch_sweep_circle_circles_aos_hits,      BATCH,      SWEEP,    SWEEP,   CIRCLE,    AOS, HITS)              \
    X(cb_batch_sweep_first,                        BATCH,      SWEEP,    SWEEP,   BOX,       SOA, FIRST_HIT)         \
    X(cb_batch_sweep_aos_first,                    BATCH,      SWEEP,    SWEEP,   BOX,       AOS, FIRST_HIT)         \
    X(cb_batch_sweep_circle_circles_first,         BATCH,      SWEEP,    SWEEP,   CIRCLE,    SOA, FIRST_HIT)         \
    X(cb_batch_sweep_circle_circles_aos_first,     BATCH,      SWEEP,    SWEEP,   CIRCLE,    AOS, FIRST_HIT)         \
    X(cb_batch_sweep_circle_oboxes,                BATCH,      SWEEP,    SWEEP,   OBOX,      SOA, TIMES)             \
    X(cb_batch_sweep_circle_oboxes_aos,            BATCH,      SWEEP,    SWEEP,   OBOX,      AOS, TIMES)             \
    X(cb_batch_sweep_circle_oboxes_hits,           BATCH,      SWEEP,    SWEEP,   OBOX,      SOA, HITS)              \
    X(cb_batch_sweep_circle_oboxes_aos_hits,       BATCH,      SWEEP,    SWEEP,   OBOX,      AOS, HITS)              \
    X(cb_batch_sweep_circle_oboxes_first,          BATCH,      SWEEP,    SWEEP,   OBOX,      SOA, FIRST_HIT)         \
    X(cb_batch_sweep_circle_oboxes_aos_first,      BATCH,      SWEEP,    SWEEP,   OBOX,      AOS, FIRST_HIT)         \
    X(cb_batch_sweep_box_circles,                  BATCH,      SWEEP,    BOX,     SWEEP,     SOA, TIMES)             \
    X(cb_batch_sweep_box_circles_aos,              BATCH,      SWEEP,    BOX,     SWEEP,     AOS, TIMES)             \
    X(cb_batch_sweep_box_circles_hits,             BATCH,      SWEEP,    BOX,     SWEEP,     SOA, HITS)              \
    X(cb_batch_sweep_box_circles_aos_hits,         BATCH,      SWEEP,    BOX,     SWEEP,     AOS, HITS)              \
    X(cb_batch_sweep_box_circles_first,            BATCH,      SWEEP,    BOX,     SWEEP,     SOA, FIRST_HIT)         \
    X(cb_batch_sweep_box_circles_aos_first,        BATCH,      SWEEP,    BOX,     SWEEP,     AOS, FIRST_HIT)         \
    X(cb_pairs_overlap,                            PAIRS,      OVERLAP,  CIRCLE,  BOX,       SOA, PAIRS)             \
    X(cb_pairs_overlap_matrix,                     PAIRS,      OVERLAP,  CIRCLE,  BOX,       SOA, MATRIX)            \
    X(cb_pairs_contacts,                           PAIRS,      CONTACTS, CIRCLE,  BOX,       SOA, PAIR_CONTACTS)     \
    X(cb_pairs_overlap_circles_circles,            PAIRS,      OVERLAP,  CIRCLE,  CIRCLE,    SOA, PAIRS)             \
    X(cb_pairs_overlap_circles_circles_matrix,     PAIRS,      OVERLAP,  CIRCLE,  CIRCLE,    SOA, MATRIX)            \
    X(cb_pairs_contacts_circles_circles,           PAIRS,      CONTACTS, CIRCLE,  CIRCLE,    SOA, PAIR_CONTACTS)     \
    X(cb_pairs_overlap_circles_oboxes,             PAIRS,      OVERLAP,  CIRCLE,  OBOX,      SOA, PAIRS)             \
    X(cb_pairs_overlap_circles_oboxes_matrix,      PAIRS,      OVERLAP,  CIRCLE,  OBOX,      SOA, MATRIX)            \
    X(cb_pairs_contacts_circles_oboxes,            PAIRS,      CONTACTS, CIRCLE,  OBOX,      SOA, PAIR_CONTACTS)     \
    X(cb_pairs_overlap_circles_self,               PAIRS,      OVERLAP,  CIRCLE,  SELF,      SOA, PAIRS)             \
    X(cb_pairs_contacts_circles_self,              PAIRS,      CONTACTS, CIRCLE,  SELF,      SOA, PAIR_CONTACTS)     \
    X(cb_pairs_overlap_circles_grid,               PAIRS,      OVERLAP,  CIRCLE,  GRID,      SOA, PAIRS)             \
    X(cb_pairs_overlap_circles_grid_matrix,        PAIRS,      OVERLAP,  CIRCLE,  GRID,      SOA, MATRIX)            \
    X(cb_pairs_contacts_circles_grid,              PAIRS,      CONTACTS, CIRCLE,  GRID,      SOA, PAIR_CONTACTS)     \
    X(cb_pairs_overlap_icircles_iboxes,            PAIRS,      OVERLAP,  ICIRCLE, IBOX,      SOA, PAIRS)             \
    X(cb_pairs_overlap_icircles_iboxes_matrix,     PAIRS,      OVERLAP,  ICIRCLE, IBOX,      SOA, MATRIX)            \
    X(cb_pairs_contacts_icircles_iboxes,           PAIRS,      CONTACTS, ICIRCLE, IBOX,      SOA, INT_PAIR_CONTACTS) \
    X(cb_pairs_overlap_icircles_icircles,          PAIRS,      OVERLAP,  ICIRCLE, ICIRCLE,   SOA, PAIRS)             \
    X(cb_pairs_overlap_icircles_icircles_matrix,   PAIRS,      OVERLAP,  ICIRCLE, ICIRCLE,   SOA, MATRIX)            \
    X(cb_pairs_contacts_icircles_icircles,         PAIRS,      CONTACTS, ICIRCLE, ICIRCLE,   SOA, INT_PAIR_CONTACTS) \
    X(cb_pairs_overlap_icircles_self,              PAIRS,      OVERLAP,  ICIRCLE, SELF,      SOA, PAIRS)             \
    X(cb_pairs_contacts_icircles_self,             PAIRS,      CONTACTS, ICIRCLE, SELF,      SOA, INT_PAIR_CONTACTS) \
    X(cb_pairs_overlap_icircles_grid,              PAIRS,      OVERLAP,  ICIRCLE, GRID,      SOA, PAIRS)             \
    X(cb_pairs_overlap_icircles_grid_matrix,       PAIRS,      OVERLAP,  ICIRCLE, GRID,      SOA, MATRIX)            \
    X(cb_pairs_contacts_icircles_grid,             PAIRS,      CONTACTS, ICIRCLE, GRID,      SOA, INT_PAIR_CONTACTS) \
    X(cb_pairs_sweep_first,                        PAIRS,      SWEEP,    SWEEP,   BOX,       SOA, PAIR_FIRST_HITS)   \
    X(cb_pairs_sweep_circles_circles_first,        PAIRS,      SWEEP,    SWEEP,   CIRCLE,    SOA, PAIR_FIRST_HITS)   \
    X(cb_pairs_sweep_circles_grid_first,           PAIRS,      SWEEP,    SWEEP,   GRID,      SOA, PAIR_FIRST_HITS)   \
    X(cb_pairs_overlap_circles_grid_self,          PAIRS,      OVERLAP,  CIRCLE,  GRID_SELF, SOA, PAIRS)             \
    X(cb_pairs_contacts_circles_grid_self,         PAIRS,      CONTACTS, CIRCLE,  GRID_SELF, SOA, PAIR_CONTACTS)     \
    X(cb_pairs_overlap_icircles_grid_self,         PAIRS,      OVERLAP,  ICIRCLE, GRID_SELF, SOA, PAIRS)             \
    X(cb_pairs_contacts_icircles_grid_self,        PAIRS,      CONTACTS, ICIRCLE, GRID_SELF, SOA, INT_PAIR_CONTACTS) \
    X(cb_candidates_overlap,                       CANDIDATES, OVERLAP,  CIRCLE,  BOX,       SOA, MASK)              \
    X(cb_candidates_overlap_idx,                   CANDIDATES, OVERLAP,  CIRCLE,  BOX,       SOA, INDICES)           \
    X(cb_candidates_contacts,                      CANDIDATES, CONTACTS, CIRCLE,  BOX,       SOA, CONTACTS)          \
    X(cb_candidates_overlap_circles_circles,       CANDIDATES, OVERLAP,  CIRCLE,  CIRCLE,    SOA, MASK)              \
    X(cb_candidates_overlap_circles_circles_idx,   CANDIDATES, OVERLAP,  CIRCLE,  CIRCLE,    SOA, INDICES)           \
    X(cb_candidates_contacts_circles_circles,      CANDIDATES, CONTACTS, CIRCLE,  CIRCLE,    SOA, CONTACTS)          \
    X(cb_candidates_overlap_icircles_iboxes,       CANDIDATES, OVERLAP,  ICIRCLE, IBOX,      SOA, MASK)              \
    X(cb_candidates_overlap_icircles_iboxes_idx,   CANDIDATES, OVERLAP,  ICIRCLE, IBOX,      SOA, INDICES)           \
    X(cb_candidates_contacts_icircles_iboxes,      CANDIDATES, CONTACTS, ICIRCLE, IBOX,      SOA, INT_CONTACTS)      \
    X(cb_candidates_overlap_icircles_icircles,     CANDIDATES, OVERLAP,  ICIRCLE, ICIRCLE,   SOA, MASK)              \
    X(cb_candidates_overlap_icircles_icircles_idx, CANDIDATES, OVERLAP,  ICIRCLE, ICIRCLE,   SOA, INDICES)           \
    X(cb_candidates_contacts_icircles_icircles,    CANDIDATES, CONTACTS, ICIRCLE, ICIRCLE,   SOA, INT_CONTACTS)      \
    X(cb_candidates_sweep,                         CANDIDATES, SWEEP,    SWEEP,   BOX,       SOA, TIMES)             \
    X(cb_candidates_sweep_circles_circles,         CANDIDATES, SWEEP,    SWEEP,   CIRCLE,    SOA, TIMES)             \
    X(cb_candidates_sweep_hits,                    CANDIDATES, SWEEP,    SWEEP,   BOX,       SOA, HITS)              \
    X(cb_candidates_sweep_circles_circles_hits,    CANDIDATES, SWEEP,    SWEEP,   CIRCLE,    SOA, HITS)
#define CB_PASTE(a, b) CB_PASTE_(a, b)
#define CB_PASTE_(a, b) a##b
#define CB_STRING(x) CB_STRING_(x)
#define CB_STRING_(x) #x

/* CB_E_<name>: the entry's number, its index in every kernel table. */
#define CB_ENTRY_ENUM(name, form, query, one, many, layout, output) CB_E_##name,
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
