/* pairs.h - the candidate pairs' blocks: the overlap and contact bodies of overlap.h, overlap_circles.h and contacts.h run over listed pairs (listed in registry.h; the all-pairs engine is kernel_pairs.h's, over the same bodies). */

/* Candidate pairs: each lane its own circle and element. */
CB_CANDIDATES_BLOCK(OVERLAP, CIRCLE, BOX)
CB_CANDIDATES_BLOCK(OVERLAP, CIRCLE, CIRCLE)
CB_CANDIDATES_RECORD_BLOCKS(CONTACTS, CIRCLE, BOX)
CB_CANDIDATES_RECORD_BLOCKS(CONTACTS, CIRCLE, CIRCLE)
