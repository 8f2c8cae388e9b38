/* candidates_tmpl.h - the lane loads of candidate pairs for one set shape and one element shape, candidate_lanes_<SET>_<MANY> (kernel_candidates.h includes it once per pair of shapes the CANDIDATES rows use). */
/*
 * Defined by the includer, undefined here:
 *   LSET, LSET_NAME    the set's shape (CIRCLE, SWEEP, ICIRCLE) and public
 *                      name (circle: cb_circle_soa); CB_CANDIDATES_SET_<LSET>
 *                      (kernel_candidates.h) finds it in the ctx_CANDIDATES
 *   LMANY, LMANY_NAME  the elements' shape and public name
 *   LINT               1 for the integer shapes: their indices split into
 *                      arrays, then the integer gathers (lanes from k up
 *                      zero); 0 for the float ones: lane by lane
 *
 * The float shapes' lanes: each pair is read once and its floats go
 * straight into their lanes (the ISA's lane loads, vlane). Lanes from k up
 * keep candidate 0's floats (never stored). Splitting the indices into
 * arrays for per-component gathers first cost more than the loads
 * themselves (docs/measurements.md).
 */

#define L_SET_T CB_PASTE(CB_PASTE(cb_, LSET_NAME), _soa)
#define L_MANY_T CB_PASTE(CB_PASTE(cb_, LMANY_NAME), _soa)
#define L_SET_V CB_PASTE(vshape_, LSET)
#define L_MANY_V CB_PASTE(vshape_, LMANY)
#define L_SET_FIELDS CB_PASTE(CB_FIELDS_, LSET)
#define L_MANY_FIELDS CB_PASTE(CB_FIELDS_, LMANY)

#if !LINT
#define L_DECLARE(V, F) vlane V;
#define L_FIRST_SET(V, F) a.V = vlane_first(s->F + p[0].i);
#define L_FIRST_MANY(V, F) b.V = vlane_first(e->F + p[0].j);
#define L_LANE_SET(V, F) VLANE_SET(a.V, u_, s->F + q.i);
#define L_LANE_MANY(V, F) VLANE_SET(b.V, u_, e->F + q.j);
#define L_DONE_SET(V, F) one->V = vlane_done(a.V);
#define L_DONE_MANY(V, F) many->V = vlane_done(b.V);
/* Lane u (a literal; lanes past CB_W compile to nothing) of candidate p[u]. */
#define L_LANE(u)                                                                                  \
    if ((u) < CB_W && (u) < k) {                                                                   \
        enum { u_ = (u) };                                                                         \
        const cb_pair q = p[(u) < CB_W ? (u) : 0];                                                 \
        L_SET_FIELDS(L_LANE_SET) L_MANY_FIELDS(L_LANE_MANY)                                        \
    }
#endif

#define L_FN CB_PASTE(CB_PASTE(candidate_lanes_, LSET), CB_PASTE(_, LMANY))
CB_INLINE void L_FN(const ctx_CANDIDATES *c, const void *els, const cb_pair *p, size_t k,
                    L_SET_V *one, L_MANY_V *many)
{
#if LINT
    uint32_t i[CB_W], j[CB_W];
    for (size_t u = 0; u < k; u++)
        i[u] = p[u].i, j[u] = p[u].j;
    *one = CB_PASTE(gather_, CB_PASTE(LSET, _SOA))(CB_CANDIDATES_SET(LSET, c), i, k);
    *many = CB_PASTE(gather_, CB_PASTE(LMANY, _SOA))(els, j, k);
#else
    const L_SET_T *s = CB_CANDIDATES_SET(LSET, c);
    const L_MANY_T *e = (const L_MANY_T *)els;
    struct {
        L_SET_FIELDS(L_DECLARE)
    } a;
    struct {
        L_MANY_FIELDS(L_DECLARE)
    } b;
    L_SET_FIELDS(L_FIRST_SET)
    L_MANY_FIELDS(L_FIRST_MANY)
    L_LANE(1) L_LANE(2) L_LANE(3) L_LANE(4) L_LANE(5) L_LANE(6) L_LANE(7) L_LANE(8)
    L_LANE(9) L_LANE(10) L_LANE(11) L_LANE(12) L_LANE(13) L_LANE(14) L_LANE(15)
    L_SET_FIELDS(L_DONE_SET)
    L_MANY_FIELDS(L_DONE_MANY)
#endif
}

#if !LINT
#undef L_DECLARE
#undef L_FIRST_SET
#undef L_FIRST_MANY
#undef L_LANE_SET
#undef L_LANE_MANY
#undef L_DONE_SET
#undef L_DONE_MANY
#undef L_LANE
#endif
#undef L_FN
#undef L_SET_T
#undef L_MANY_T
#undef L_SET_V
#undef L_MANY_V
#undef L_SET_FIELDS
#undef L_MANY_FIELDS
#undef LSET
#undef LSET_NAME
#undef LMANY
#undef LMANY_NAME
#undef LINT
