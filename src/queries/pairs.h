/* pairs.h - the many-against-many blocks: the overlap and contact bodies of overlap.h, overlap_circles.h and contacts.h, run over tiles of all pairs and over listed candidate pairs (listed in registry.h). */

/* All pairs: a group of the set's circles against each tile of elements.
 * may_hit: the lanes a circle of the group may hit (bands.c proves that the
 * others cannot): not wholly below or wholly above the bounds in x or in y.
 * MIN(min_x, max_x) is what px is at least when min_x lies above the circle
 * (and max_x when min_x is NaN); a NaN max_x or max_y fails both compares
 * and is kept. Circles against circles are not culled (their bounds
 * would need the element's radius rounded outward per lane): their bands
 * run in the circles' own order (CB_BAND_WORDS_PLAIN). */
CB_INLINE uint32_t may_hit_OVERLAP_BOX(vshape_BOX b, vbounds bd)
{
    uint32_t out = v_lt_bits(b.x1, bd.lo_x) | v_lt_bits(bd.hi_x, v_min(b.x0, b.x1)) |
                   v_lt_bits(b.y1, bd.lo_y) | v_lt_bits(bd.hi_y, v_min(b.y0, b.y1));
    return ~out & (uint32_t)(((uint64_t)1 << CB_W) - 1u);
}

#define CB_CULLS_OVERLAP_BOX 1
#define CB_CULLS_OVERLAP_CIRCLE 0

CB_BAND_WORDS(OVERLAP, BOX, SOA)
CB_BAND_WORDS_PLAIN(OVERLAP, CIRCLE, SOA)

/* Candidate pairs: each lane its own circle and element. */
CB_LISTED_BLOCK(OVERLAP, BOX)
CB_LISTED_BLOCK(OVERLAP, CIRCLE)
CB_LISTED_RECORD_BLOCKS(CONTACTS, BOX)
CB_LISTED_RECORD_BLOCKS(CONTACTS, CIRCLE)
