/* pairs.h - the many-against-many blocks: the overlap and contact bodies of overlap.h, overlap_circles.h and contacts.h, run over tiles of all pairs and over listed candidate pairs (listed in registry.h). */

/* All pairs: the set's circles against each tile of elements, culled by
 * the band's grid (bands.h), boxes and circles alike. */
CB_BAND_WORDS(OVERLAP, BOX, SOA)
CB_BAND_WORDS(OVERLAP, CIRCLE, SOA)

/* Candidate pairs: each lane its own circle and element. */
CB_LISTED_BLOCK(OVERLAP, BOX)
CB_LISTED_BLOCK(OVERLAP, CIRCLE)
CB_LISTED_RECORD_BLOCKS(CONTACTS, BOX)
CB_LISTED_RECORD_BLOCKS(CONTACTS, CIRCLE)
