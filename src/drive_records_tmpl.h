/* drive_records_tmpl.h - a record sink's driver, drive_<DRIVE_OUTPUT>: the selection, then the records of the selected elements (kernel_batch.h includes it once per record output). */
/*
 * Defined by the includer, undefined here:
 *   DRIVE_OUTPUT  the output's registry name (CONTACTS, HITS, INT_CONTACTS)
 *   DRIVE_OUT_T   the caller's record arrays (cb_contacts, ...)
 *   DRIVE_RESULT  what a gather block gives for CB_W selected elements
 *   DRIVE_STORE   DRIVE_STORE(o, c, r, k, room): records c .. c+k-1, with
 *                 room entries from c
 *
 * Two passes: the selection writes the ascending indices (the index sink),
 * then the records of the selected elements are computed CB_W at a time and
 * stored straight into the caller's SoA arrays: from gathered elements, so
 * the costly part of a record runs once per selected element in full
 * vectors, however sparse the selection (the gather blocks load CB_W
 * consecutive indices, a vector all of whose lanes hit, as the elements
 * lie: the same bits, a lane's record depending on its element alone). Full
 * vectors may write lanes past the count but never past n (the arrays'
 * documented room).
 */

CB_INLINE size_t CB_PASTE(drive_, DRIVE_OUTPUT)(
    block_fn select, word_fn whole,
    DRIVE_RESULT (*gather)(const void *, const void *, const uint32_t *, size_t, int),
    const void *ctx, const cb_args *a)
{
    const DRIVE_OUT_T *o = (const DRIVE_OUT_T *)a->out;
    if (a->n == 0) /* n == 0 is valid with any pointers, out included */
        return 0;
    int strict = (a->flags & CB_STRICT) != 0;
    size_t count = drive_mode(select, whole, ctx, a, (uint64_t *)0, o->index);
    for (size_t c = 0; c < count; c += CB_W) {
        size_t k = count - c < CB_W ? count - c : CB_W, room = a->n - c;
        DRIVE_RESULT r = CB_SPECIALIZE && k == CB_W
                             ? gather(ctx, a->many, o->index + c, CB_W, strict)
                             : gather(ctx, a->many, o->index + c, k, strict);
        DRIVE_STORE(o, c, r, k, room);
    }
    return count;
}

#undef DRIVE_OUTPUT
#undef DRIVE_OUT_T
#undef DRIVE_RESULT
#undef DRIVE_STORE
