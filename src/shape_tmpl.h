/* shape_tmpl.h - one shape's vector form and its loads: vshape_<S>, ctx_<S>, broadcast_<S>, load_<S>_SOA, the AoS load where the ISA has none, gather_<S>_SOA and gather_<S>_AOS (kernel_loaders.h includes it once per shape). */
/*
 * Defined by the includer, undefined here:
 *   SHAPE       the shape's registry name (BOX, ...); its fields are
 *               CB_FIELDS_<SHAPE> (shapes.h), in cb_<name>'s order
 *   SHAPE_NAME  its public name (box): the structs cb_<name> and
 *               cb_<name>_soa, and the cb_args field of a batch's single
 *               shape
 *   SHAPE_INT   1 for an integer shape (int32 lanes, vi), 0 for a float
 *               one (float lanes, vf)
 *   SHAPE_AOS   how a vector of its AoS elements loads: 0 through the ISA's
 *               loader (kernel_loaders.h, after the float shapes), 1 field
 *               by field (here), 2 as its float twin SHAPE_TWIN, whose
 *               loader only moves bits, read as integers (here)
 * Every load reads elements i .. i+k-1 (or idx[0 .. k-1]), 1 <= k <= CB_W,
 * and nothing else; lanes from k up are zero, but a gather's through the
 * ISA's v_gather, which are never stored.
 */

#define S_VSHAPE CB_PASTE(vshape_, SHAPE)
#define S_CTX CB_PASTE(ctx_, SHAPE)
#define S_LANES CB_PASTE(lanes_, SHAPE)
#define S_FIELDS CB_PASTE(CB_FIELDS_, SHAPE)
#define S_T CB_PASTE(cb_, SHAPE_NAME)
#define S_SOA_T CB_PASTE(S_T, _soa)
#define S_FN(name) CB_PASTE(name, CB_PASTE(_, SHAPE))
#define S_FN2(name, layout) CB_PASTE(S_FN(name), layout)
#if SHAPE_INT
#define S_LANE vi
#define S_SCALAR int32_t
#define S_SET1 v_set1_i
#define S_LOAD load_lanes_i
#define S_LOADU v_loadu_i
#else
#define S_LANE vf
#define S_SCALAR float
#define S_SET1 v_set1
#define S_LOAD load_lanes
#define S_LOADU v_loadu
#endif

/* The field lists' steps (V the vector shape's field, F the struct's). */
#define S_DECLARE(V, F) S_LANE V;
#define S_DECLARE_LANES(V, F) S_SCALAR V[CB_W];
#define S_BROADCAST(V, F) c.shape.V = S_SET1(o->F);
#define S_LOAD_SOA(V, F) v.V = S_LOAD(s->F + i, k);
#define S_FROM_LANES(V, F) v.V = S_LOADU(g->V);
#define S_TRANSPOSE(V, F) g.V[j] = p[j].F;
#define S_FILL_SOA(V, F) g.V[j] = s->F[idx[j]];
#define S_FILL_AOS(V, F) g.V[j] = s[idx[j]].F;
#define S_GATHER_SOA(V, F) v.V = v_gather(s->F, idx, k, 1);
/* AoS: the elements as one array of floats, a field at its offset (so the
 * base is not a pointer to one struct member, which gcc compiled
 * differently from the floats' array) */
#define S_GATHER_AOS(V, F)                                                                         \
    v.V = v_gather((const float *)(const void *)s + offsetof(S_T, F) / sizeof(float), idx, k,      \
                   sizeof *s / sizeof(float));
#define S_AS_INT(V, F) v.V = v_as_i(t.V);

/* CB_W shapes, one per lane. */
typedef struct {
    S_FIELDS(S_DECLARE)
} S_VSHAPE;

/* What every block of a call shares: the single shape in every lane, and
 * the margin of the entries that take one (zero for the others, whose
 * cb_args.margin is not set). */
typedef struct {
    S_VSHAPE shape;
    vf margin;
} S_CTX;

/* Each field's lanes in memory, filled element by element. */
typedef struct {
    S_FIELDS(S_DECLARE_LANES)
} S_LANES;

/* The batch's single shape (cb_args.<name>) in every lane. */
CB_INLINE S_CTX S_FN(broadcast)(const cb_args *a, float margin)
{
    const S_T *o = &a->SHAPE_NAME;
    S_CTX c;
    S_FIELDS(S_BROADCAST)
    c.margin = v_set1(margin);
    return c;
}

/* SoA elements: each field's lanes loaded in place. In the driver's hot
 * loop k is the constant CB_W, so the partial branch folds away. */
CB_INLINE S_VSHAPE S_FN2(load, _SOA)(const void *many, size_t i, size_t k)
{
    const S_SOA_T *s = (const S_SOA_T *)many;
    S_VSHAPE v;
    S_FIELDS(S_LOAD_SOA)
    return v;
}

CB_INLINE S_VSHAPE S_FN(from_lanes)(const S_LANES *g)
{
    S_VSHAPE v;
    S_FIELDS(S_FROM_LANES)
    return v;
}

/* AoS elements p[0 .. k-1] field by field, through a local array. */
CB_INLINE S_VSHAPE S_FN2(transpose, _AOS)(const S_T *p, size_t k)
{
    S_LANES g;
    if (k < CB_W)
        memset(&g, 0, sizeof g);
    for (size_t j = 0; j < k; j++) {
        S_FIELDS(S_TRANSPOSE)
    }
    return S_FN(from_lanes)(&g);
}

#if SHAPE_AOS == 1 || (SHAPE_AOS == 2 && CB_W == 1)
CB_INLINE S_VSHAPE S_FN2(load, _AOS)(const void *many, size_t i, size_t k)
{
    return S_FN2(transpose, _AOS)((const S_T *)many + i, k);
}
#elif SHAPE_AOS == 2
CB_INLINE S_VSHAPE S_FN2(load, _AOS)(const void *many, size_t i, size_t k)
{
    CB_PASTE(vshape_, SHAPE_TWIN) t = CB_PASTE(load_, CB_PASTE(SHAPE_TWIN, _AOS))(many, i, k);
    S_VSHAPE v;
    S_FIELDS(S_AS_INT)
    return v;
}
#endif

/* The elements idx[0 .. k-1] into one vector (the records of selected
 * elements): through the ISA's v_gather where it has one (CB_HAVE_GATHER:
 * lane j < k = base[idx[j] * stride], the other lanes anything read from
 * idx[0 .. k-1]'s elements), else through a local array. The integer
 * shapes always take the array (the ISA gathers read floats). */
#if defined(CB_HAVE_GATHER) && !SHAPE_INT
CB_INLINE S_VSHAPE S_FN2(gather, _SOA)(const void *many, const uint32_t *idx, size_t k)
{
    const S_SOA_T *s = (const S_SOA_T *)many;
    S_VSHAPE v;
    S_FIELDS(S_GATHER_SOA)
    return v;
}

CB_INLINE S_VSHAPE S_FN2(gather, _AOS)(const void *many, const uint32_t *idx, size_t k)
{
    const S_T *s = (const S_T *)many;
    S_VSHAPE v;
    S_FIELDS(S_GATHER_AOS)
    return v;
}
#else
CB_INLINE S_VSHAPE S_FN2(gather, _SOA)(const void *many, const uint32_t *idx, size_t k)
{
    const S_SOA_T *s = (const S_SOA_T *)many;
    S_LANES g;
    if (k < CB_W)
        memset(&g, 0, sizeof g);
    for (size_t j = 0; j < k; j++) {
        S_FIELDS(S_FILL_SOA)
    }
    return S_FN(from_lanes)(&g);
}

CB_INLINE S_VSHAPE S_FN2(gather, _AOS)(const void *many, const uint32_t *idx, size_t k)
{
    const S_T *s = (const S_T *)many;
    S_LANES g;
    if (k < CB_W)
        memset(&g, 0, sizeof g);
    for (size_t j = 0; j < k; j++) {
        S_FIELDS(S_FILL_AOS)
    }
    return S_FN(from_lanes)(&g);
}
#endif

#undef S_VSHAPE
#undef S_CTX
#undef S_LANES
#undef S_FIELDS
#undef S_T
#undef S_SOA_T
#undef S_FN
#undef S_FN2
#undef S_LANE
#undef S_SCALAR
#undef S_SET1
#undef S_LOAD
#undef S_LOADU
#undef S_DECLARE
#undef S_DECLARE_LANES
#undef S_BROADCAST
#undef S_LOAD_SOA
#undef S_FROM_LANES
#undef S_TRANSPOSE
#undef S_FILL_SOA
#undef S_FILL_AOS
#undef S_GATHER_SOA
#undef S_GATHER_AOS
#undef S_AS_INT
#undef SHAPE
#undef SHAPE_NAME
#undef SHAPE_INT
#undef SHAPE_AOS
#undef SHAPE_TWIN
