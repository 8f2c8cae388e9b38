/* pairs.h - the many-against-many blocks: the overlap and contact bodies of overlap.h, overlap_circles.h, oriented.h and contacts.h, run over the entries of a grid and over listed candidate pairs (listed in registry.h). */

/* All pairs, self pairs and grid pairs: circles against a grid's entries
 * of each element shape (kernel_template.h's CB_GRID_QUERY). */
CB_GRID_QUERY(OVERLAP, CIRCLE, BOX)
CB_GRID_QUERY(OVERLAP, CIRCLE, CIRCLE)
CB_GRID_QUERY(OVERLAP, CIRCLE, OBOX)
CB_GRID_QUERY(CONTACTS, CIRCLE, BOX)
CB_GRID_QUERY(CONTACTS, CIRCLE, CIRCLE)
CB_GRID_QUERY(CONTACTS, CIRCLE, OBOX)
CB_GRID_DRIVER(OVERLAP, BOX)
CB_GRID_DRIVER(OVERLAP, CIRCLE)
CB_GRID_DRIVER(OVERLAP, OBOX)
CB_GRID_DRIVER(CONTACTS, BOX)
CB_GRID_DRIVER(CONTACTS, CIRCLE)
CB_GRID_DRIVER(CONTACTS, OBOX)

/* Candidate pairs: each lane its own circle and element. */
CB_LISTED_BLOCK(OVERLAP, CIRCLE, BOX)
CB_LISTED_BLOCK(OVERLAP, CIRCLE, CIRCLE)
CB_LISTED_RECORD_BLOCKS(CONTACTS, CIRCLE, BOX)
CB_LISTED_RECORD_BLOCKS(CONTACTS, CIRCLE, CIRCLE)
