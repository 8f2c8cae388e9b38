/* registry.h - the table of every batch entry point; the library's wrappers, first-use stubs and kernel tables are generated from it. */
#ifndef CB_REGISTRY_H
#define CB_REGISTRY_H

/*
 * One row per public batch function:
 *
 *   X(name, QUERY, ONE, MANY, LAYOUT, OUTPUT)
 *
 *   name    the public function is cb_batch_<name>, declared in cbatch.h
 *   QUERY   CB_QUERY_<QUERY>: what is computed per pair (a file in src/queries/)
 *   ONE     CB_SHAPE_<ONE>: the single shape (CIRCLE, BOX or OBOX)
 *   MANY    CB_SHAPE_<MANY>: the kind of the n elements
 *   LAYOUT  CB_LAYOUT_<LAYOUT>: SOA or AOS
 *   OUTPUT  CB_OUTPUT_<OUTPUT>: MASK, INDICES, DISTANCES or CONTACTS
 *
 * From these rows come: the entry numbers (CB_E_<name>), the descriptors of
 * cb_entry_info_of, the public wrappers with their argument checks and float
 * guard (api.c), the first-use stubs (dispatch.c), and each backend's kernel
 * table (kernel_template.h). The public signature follows from ONE: a
 * single circle comes first, (circle, many, n, out, flags); a single box
 * (or oriented box) comes after the elements, (many, n, box, out, flags); an output that takes
 * a parameter (CONTACTS: the margin) has it just before out.
 *
 * Adding a row: declare the function in cbatch.h; if QUERY, ONE, MANY and
 * LAYOUT are a new combination, the query file must define its block; a new
 * query file is listed at the end of this file (docs/architecture.md has the
 * whole checklist).
 */
#define CB_ENTRIES(X)                                                                              \
    X(overlap,                 OVERLAP, CIRCLE, BOX,    SOA, MASK)                                 \
    X(overlap_aos,             OVERLAP, CIRCLE, BOX,    AOS, MASK)                                 \
    X(overlap_circles,         OVERLAP, BOX,    CIRCLE, SOA, MASK)                                 \
    X(overlap_circles_aos,     OVERLAP, BOX,    CIRCLE, AOS, MASK)                                 \
    X(overlap_idx,             OVERLAP, CIRCLE, BOX,    SOA, INDICES)                              \
    X(overlap_aos_idx,         OVERLAP, CIRCLE, BOX,    AOS, INDICES)                              \
    X(overlap_circles_idx,     OVERLAP, BOX,    CIRCLE, SOA, INDICES)                              \
    X(overlap_circles_aos_idx, OVERLAP, BOX,    CIRCLE, AOS, INDICES)                              \
    X(circle_vs_circles,         OVERLAP, CIRCLE, CIRCLE, SOA, MASK)                               \
    X(circle_vs_circles_aos,     OVERLAP, CIRCLE, CIRCLE, AOS, MASK)                               \
    X(circle_vs_circles_idx,     OVERLAP, CIRCLE, CIRCLE, SOA, INDICES)                            \
    X(circle_vs_circles_aos_idx, OVERLAP, CIRCLE, CIRCLE, AOS, INDICES)                            \
    X(distance,                  DISTANCE, CIRCLE, BOX,    SOA, DISTANCES)                         \
    X(distance_aos,              DISTANCE, CIRCLE, BOX,    AOS, DISTANCES)                         \
    X(distance_circles,          DISTANCE, BOX,    CIRCLE, SOA, DISTANCES)                         \
    X(distance_circles_aos,      DISTANCE, BOX,    CIRCLE, AOS, DISTANCES)                         \
    X(circle_vs_circles_distance,     DISTANCE, CIRCLE, CIRCLE, SOA, DISTANCES)                    \
    X(circle_vs_circles_aos_distance, DISTANCE, CIRCLE, CIRCLE, AOS, DISTANCES)                    \
    X(contacts,                  CONTACTS, CIRCLE, BOX,    SOA, CONTACTS)                          \
    X(contacts_aos,              CONTACTS, CIRCLE, BOX,    AOS, CONTACTS)                          \
    X(contacts_circles,          CONTACTS, BOX,    CIRCLE, SOA, CONTACTS)                          \
    X(contacts_circles_aos,      CONTACTS, BOX,    CIRCLE, AOS, CONTACTS)                          \
    X(circle_vs_circles_contacts,     CONTACTS, CIRCLE, CIRCLE, SOA, CONTACTS)                     \
    X(circle_vs_circles_aos_contacts, CONTACTS, CIRCLE, CIRCLE, AOS, CONTACTS)                     \
    X(overlap_oboxes,                OVERLAP,  CIRCLE, OBOX,   SOA, MASK)                         \
    X(overlap_oboxes_aos,            OVERLAP,  CIRCLE, OBOX,   AOS, MASK)                         \
    X(overlap_oboxes_idx,            OVERLAP,  CIRCLE, OBOX,   SOA, INDICES)                      \
    X(overlap_oboxes_aos_idx,        OVERLAP,  CIRCLE, OBOX,   AOS, INDICES)                      \
    X(overlap_circles_obox,          OVERLAP,  OBOX,   CIRCLE, SOA, MASK)                         \
    X(overlap_circles_obox_aos,      OVERLAP,  OBOX,   CIRCLE, AOS, MASK)                         \
    X(overlap_circles_obox_idx,      OVERLAP,  OBOX,   CIRCLE, SOA, INDICES)                      \
    X(overlap_circles_obox_aos_idx,  OVERLAP,  OBOX,   CIRCLE, AOS, INDICES)                      \
    X(distance_oboxes,               DISTANCE, CIRCLE, OBOX,   SOA, DISTANCES)                    \
    X(distance_oboxes_aos,           DISTANCE, CIRCLE, OBOX,   AOS, DISTANCES)                    \
    X(distance_circles_obox,         DISTANCE, OBOX,   CIRCLE, SOA, DISTANCES)                    \
    X(distance_circles_obox_aos,     DISTANCE, OBOX,   CIRCLE, AOS, DISTANCES)                    \
    X(contacts_oboxes,               CONTACTS, CIRCLE, OBOX,   SOA, CONTACTS)                     \
    X(contacts_oboxes_aos,           CONTACTS, CIRCLE, OBOX,   AOS, CONTACTS)                     \
    X(contacts_circles_obox,         CONTACTS, OBOX,   CIRCLE, SOA, CONTACTS)                     \
    X(contacts_circles_obox_aos,     CONTACTS, OBOX,   CIRCLE, AOS, CONTACTS)

/* CB_E_<name>: the entry's number, its index in every kernel table. */
#define CB_ENTRY_ENUM(name, query, one, many, layout, output) CB_E_##name,
enum { CB_ENTRIES(CB_ENTRY_ENUM) CB_ENTRY_COUNT };
#undef CB_ENTRY_ENUM

/*
 * The many-against-many entries, a table of their own (cb_pair_entry_*):
 *
 *   X(name, QUERY, PAIRING, MANY, OUTPUT)
 *
 *   name     the public function is cb_<name>
 *   PAIRING  ALL: every circle of a range of cb_pair_args.circles against
 *            every element (a grid built in the call's scratch); SELF: the
 *            set against itself, pairs i < j; GRID: against a cb_grid built
 *            beforehand (MANY is GRID: the grid's own shape decides); LISTED:
 *            the candidate pairs (OUTPUT MASK, INDICES or CONTACTS)
 *   MANY     the elements' shape, SoA
 *   OUTPUT   PAIRS (a list with capacity and cursor), MATRIX, PAIR_CONTACTS
 *            (records with capacity and cursor); or a LISTED output
 * The per-pair work is QUERY's body for (CIRCLE, MANY), the same one the
 * rows above use, so a pair's answer is the one-circle entry's bit for bit.
 */
#define CB_PAIR_ENTRIES(X)                                                                         \
    X(pairs_overlap,                            OVERLAP,  ALL,    BOX,    PAIRS)                   \
    X(pairs_overlap_matrix,                     OVERLAP,  ALL,    BOX,    MATRIX)                  \
    X(pairs_contacts,                           CONTACTS, ALL,    BOX,    PAIR_CONTACTS)           \
    X(pairs_circle_vs_circles,                  OVERLAP,  ALL,    CIRCLE, PAIRS)                   \
    X(pairs_circle_vs_circles_matrix,           OVERLAP,  ALL,    CIRCLE, MATRIX)                  \
    X(pairs_circle_vs_circles_contacts,         CONTACTS, ALL,    CIRCLE, PAIR_CONTACTS)           \
    X(pairs_overlap_oboxes,                     OVERLAP,  ALL,    OBOX,   PAIRS)                   \
    X(pairs_overlap_oboxes_matrix,              OVERLAP,  ALL,    OBOX,   MATRIX)                  \
    X(pairs_contacts_oboxes,                    CONTACTS, ALL,    OBOX,   PAIR_CONTACTS)           \
    X(pairs_self_overlap,                       OVERLAP,  SELF,   CIRCLE, PAIRS)                   \
    X(pairs_self_contacts,                      CONTACTS, SELF,   CIRCLE, PAIR_CONTACTS)           \
    X(grid_pairs_overlap,                       OVERLAP,  GRID,   GRID,   PAIRS)                   \
    X(grid_pairs_overlap_matrix,                OVERLAP,  GRID,   GRID,   MATRIX)                  \
    X(grid_pairs_contacts,                      CONTACTS, GRID,   GRID,   PAIR_CONTACTS)           \
    X(candidates_overlap,                       OVERLAP,  LISTED, BOX,    MASK)                    \
    X(candidates_overlap_idx,                   OVERLAP,  LISTED, BOX,    INDICES)                 \
    X(candidates_contacts,                      CONTACTS, LISTED, BOX,    CONTACTS)                \
    X(candidates_circle_vs_circles,             OVERLAP,  LISTED, CIRCLE, MASK)                    \
    X(candidates_circle_vs_circles_idx,         OVERLAP,  LISTED, CIRCLE, INDICES)                 \
    X(candidates_circle_vs_circles_contacts,    CONTACTS, LISTED, CIRCLE, CONTACTS)

#define CB_PAIR_ENTRY_ENUM(name, query, pairing, many, output) CB_P_##name,
enum { CB_PAIR_ENTRIES(CB_PAIR_ENTRY_ENUM) CB_PAIR_ENTRY_COUNT };
#undef CB_PAIR_ENTRY_ENUM

/* The C types behind the row's columns. */
#define CB_ONE_T_CIRCLE cb_circle
#define CB_ONE_T_BOX cb_box
#define CB_ONE_T_OBOX cb_obox
#define CB_MANY_T_BOX_SOA const cb_box_soa *
#define CB_MANY_T_BOX_AOS const cb_box *
#define CB_MANY_T_CIRCLE_SOA const cb_circle_soa *
#define CB_MANY_T_CIRCLE_AOS const cb_circle *
#define CB_MANY_T_OBOX_SOA const cb_obox_soa *
#define CB_MANY_T_OBOX_AOS const cb_obox *
#define CB_OUT_T_MASK uint64_t *
#define CB_OUT_T_INDICES uint32_t *
#define CB_OUT_T_DISTANCES float *
#define CB_OUT_T_CONTACTS cb_contacts *
/* The parameter an output kind adds before out (with its comma), its
 * cb_args field, and the argument that passes it on. */
#define CB_EXTRA_PARAM_MASK
#define CB_EXTRA_PARAM_INDICES
#define CB_EXTRA_PARAM_DISTANCES
#define CB_EXTRA_PARAM_CONTACTS float margin,
#define CB_SET_EXTRA_MASK(a)
#define CB_SET_EXTRA_INDICES(a)
#define CB_SET_EXTRA_DISTANCES(a)
#define CB_SET_EXTRA_CONTACTS(a) (a).margin = margin;
#define CB_EXTRA_ARG_MASK(a)
#define CB_EXTRA_ARG_INDICES(a)
#define CB_EXTRA_ARG_DISTANCES(a)
#define CB_EXTRA_ARG_CONTACTS(a) (a)->margin,
/* The cb_args field that holds the single shape. */
#define CB_ONE_FIELD_CIRCLE circle
#define CB_ONE_FIELD_BOX box
#define CB_ONE_FIELD_OBOX obox

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
#endif
