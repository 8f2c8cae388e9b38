/* drive_dense_tmpl.h - a dense sink's driver, drive_<DRIVE_OUTPUT>: every element's result, in place (kernel_batch.h includes it once per dense output). */
/*
 * Defined by the includer, undefined here:
 *   DRIVE_OUTPUT  the output's registry name (DISTANCES, TIMES, INT_DISTANCES)
 *   DRIVE_RESULT  what a block gives for CB_W elements
 *   DRIVE_STORE   DRIVE_STORE(out, i, r, k): the first k lanes of r as
 *                 elements i .. i+k-1
 * A tail goes through the partial stores, so nothing past n is written.
 */

CB_INLINE size_t CB_PASTE(drive_, DRIVE_OUTPUT)(DRIVE_RESULT (*block)(const void *, const void *,
                                                                     size_t, size_t, int),
                                                const void *ctx, const cb_args *a)
{
    size_t n = a->n, i = 0;
    int strict = (a->flags & CB_STRICT) != 0; /* the sweeps' start test reads it */
    if (CB_SPECIALIZE) /* whole vectors: k the constant CB_W */
        for (; i + CB_W <= n; i += CB_W)
            DRIVE_STORE(a->out, i, block(ctx, a->many, i, CB_W, strict), CB_W);
    for (; i < n; i += CB_W) { /* the tail, or (one copy) every vector */
        size_t k = n - i < CB_W ? n - i : CB_W;
        DRIVE_STORE(a->out, i, block(ctx, a->many, i, k, strict), k);
        if (CB_SPECIALIZE)
            break;
    }
    return n;
}

#undef DRIVE_OUTPUT
#undef DRIVE_RESULT
#undef DRIVE_STORE
