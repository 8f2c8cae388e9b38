/* kernel_loaders.h - the vector shapes and their loaders: broadcast, SoA and AoS layout loads, gathers by index */
/* Part of kernel_template.h, which a backend file includes once (with its
 * primitives defined); not a header of its own. */

/* ---- vector shapes: CB_W shapes, one per lane; their fields are the
 * shape's field list (shapes.h), as is everything below that names them.
 * The lane kind L of a shape is F (float lanes, vf) or I (int32 lanes, vi:
 * the integer shapes); each generator below is written once and pasted
 * with the kind's types and primitives. */

#define CB_VF_FIELD_F(V, F) vf V;
#define CB_VF_FIELD_I(V, F) vi V;

/* What every block of a call shares: the single shape in every lane, and
 * the margin of the entries that take one (zero for the others, whose
 * cb_args.margin is not set). */
#define CB_VSHAPE_(S, L)                                                                           \
    typedef struct {                                                                               \
        CB_FIELDS_##S(CB_VF_FIELD_##L)                                                             \
    } vshape_##S;                                                                                  \
    typedef struct {                                                                               \
        vshape_##S shape;                                                                          \
        vf margin;                                                                                 \
    } ctx_##S;
#define CB_VSHAPE(S, name, aos) CB_VSHAPE_(S, F)
#define CB_VSHAPE_INT(S, name, twin) CB_VSHAPE_(S, I)
CB_SHAPES(CB_VSHAPE)
CB_INT_SHAPES(CB_VSHAPE_INT)

#define CB_MARGIN_MASK(a) 0.0f
#define CB_MARGIN_INDICES(a) 0.0f
#define CB_MARGIN_DISTANCES(a) 0.0f
#define CB_MARGIN_CONTACTS(a) ((a)->margin)
#define CB_MARGIN_INT_DISTANCES(a) 0.0f
#define CB_MARGIN_INT_CONTACTS(a) 0.0f
#define CB_MARGIN_TIMES(a) 0.0f
#define CB_MARGIN_HITS(a) 0.0f
#define CB_MARGIN_FIRST_HIT(a) 0.0f

/* broadcast_<SHAPE>: the batch's single shape (cb_args.<name>) in every lane. */
#define CB_SET1_FIELD_F(V, F) c.shape.V = v_set1(o_->F);
#define CB_SET1_FIELD_I(V, F) c.shape.V = v_set1_i(o_->F);
#define CB_BROADCAST_(S, name, L)                                                                  \
    CB_INLINE ctx_##S broadcast_##S(const cb_args *a, float margin)                               \
    {                                                                                              \
        const cb_##name *o_ = &a->name;                                                            \
        ctx_##S c;                                                                                 \
        CB_FIELDS_##S(CB_SET1_FIELD_##L)                                                           \
        c.margin = v_set1(margin);                                                                 \
        return c;                                                                                  \
    }
#define CB_BROADCAST(S, name, aos) CB_BROADCAST_(S, name, F)
#define CB_BROADCAST_INT(S, name, twin) CB_BROADCAST_(S, name, I)
CB_SHAPES(CB_BROADCAST)
CB_INT_SHAPES(CB_BROADCAST_INT)

/* ---- layout loaders: load_<SHAPE>_<LAYOUT>(many, i, k), elements i ..
 * i+k-1 (1 <= k <= CB_W); lanes from k up are zero and nothing past
 * element i+k-1 is read. In the driver's hot loop k is the constant CB_W,
 * so the partial branch folds away. */

CB_INLINE vf load_lanes(const float *p, size_t k)
{
    return k == CB_W ? v_loadu(p) : v_load_floats(p, k);
}

CB_INLINE vi load_lanes_i(const int32_t *p, size_t k)
{
    return k == CB_W ? v_loadu_i(p) : v_load_ints(p, k);
}

#define CB_LOAD_SOA_FIELD_F(V, F) v.V = load_lanes(s_->F + i, k);
#define CB_LOAD_SOA_FIELD_I(V, F) v.V = load_lanes_i(s_->F + i, k);
#define CB_LOAD_SOA_(S, name, L)                                                                   \
    CB_INLINE vshape_##S load_##S##_SOA(const void *many, size_t i, size_t k)                     \
    {                                                                                              \
        const cb_##name##_soa *s_ = (const cb_##name##_soa *)many;                                 \
        vshape_##S v;                                                                              \
        CB_FIELDS_##S(CB_LOAD_SOA_FIELD_##L)                                                       \
        return v;                                                                                  \
    }
#define CB_LOAD_SOA(S, name, aos) CB_LOAD_SOA_(S, name, F)
#define CB_LOAD_SOA_INT(S, name, twin) CB_LOAD_SOA_(S, name, I)
CB_SHAPES(CB_LOAD_SOA)
CB_INT_SHAPES(CB_LOAD_SOA_INT)

/* AoS elements field by field: transpose_<SHAPE>_AOS(p, k), p[0 .. k-1]
 * through a local array (lanes from k up zero). The AoS load of a shape
 * whose AOS is FIELDS (shapes.h); the fallback of the optional ISA loaders. */
#define CB_LANES_FIELD_F(V, F) float V[CB_W];
#define CB_LANES_FIELD_I(V, F) int32_t V[CB_W];
#define CB_LOADU_FIELD_F(V, F) v.V = v_loadu(g_.V);
#define CB_LOADU_FIELD_I(V, F) v.V = v_loadu_i(g_.V);
/* Lanes 0 .. k-1 of every field of v filled element by element (FIELD(V, F)
 * stores element j's field F in g_.V[j]), the others zero, then loaded;
 * L the shape's lane kind. */
#define CB_LANES_FILL_(S, FIELD, L)                                                                \
    struct {                                                                                       \
        CB_FIELDS_##S(CB_LANES_FIELD_##L)                                                          \
    } g_;                                                                                          \
    if (k < CB_W)                                                                                  \
        memset(&g_, 0, sizeof g_);                                                                 \
    for (size_t j = 0; j < k; j++) {                                                               \
        CB_FIELDS_##S(FIELD)                                                                       \
    }                                                                                              \
    CB_FIELDS_##S(CB_LOADU_FIELD_##L)
#define CB_LANES_FILL(S, FIELD) CB_LANES_FILL_(S, FIELD, F)
#define CB_TRANSPOSE_FIELD(V, F) g_.V[j] = p[j].F;
#define CB_TRANSPOSE_AOS(S, name, aos)                                                             \
    CB_INLINE vshape_##S transpose_##S##_AOS(const cb_##name *p, size_t k)                        \
    {                                                                                              \
        vshape_##S v;                                                                              \
        CB_LANES_FILL(S, CB_TRANSPOSE_FIELD)                                                       \
        return v;                                                                                  \
    }                                                                                              \
    CB_LOAD_AOS_##aos(S, name)
#define CB_LOAD_AOS_ISA(S, name) /* below, through the ISA's loaders */
#define CB_LOAD_AOS_FIELDS(S, name)                                                                \
    CB_INLINE vshape_##S load_##S##_AOS(const void *many, size_t i, size_t k)                     \
    {                                                                                              \
        return transpose_##S##_AOS((const cb_##name *)many + i, k);                                \
    }
CB_SHAPES(CB_TRANSPOSE_AOS)

/* The integer shapes' AoS loads: with vector lanes, the twin's ISA loader
 * (it moves bits only: loads, shuffles, blends) read as integers through
 * v_as_i; with one lane, the fields themselves. */
#define CB_AS_I_FIELD(V, F) v.V = v_as_i(t_.V);
#define CB_LOAD_AOS_INT(S, name, twin)                                                             \
    CB_INLINE vshape_##S load_##S##_AOS(const void *many, size_t i, size_t k)                     \
    {                                                                                              \
        CB_LOAD_AOS_INT_BODY(S, name, twin)                                                        \
        return v;                                                                                  \
    }
#if CB_W > 1
#define CB_LOAD_AOS_INT_BODY(S, name, twin)                                                        \
    vshape_##twin t_ = load_##twin##_AOS(many, i, k);                                             \
    vshape_##S v;                                                                                  \
    CB_FIELDS_##S(CB_AS_I_FIELD)
#else
#define CB_LOAD_AOS_INT_BODY(S, name, twin)                                                        \
    const cb_##name *p = (const cb_##name *)many + i;                                              \
    vshape_##S v;                                                                                  \
    CB_LANES_FILL_(S, CB_TRANSPOSE_FIELD, I)
#endif

/* The ISA's AoS loaders (kernel_template.h lists them): the shapes whose
 * AOS is ISA. */
#ifdef CB_CIRCLES_FROM_REGS
/* k circles are 3k floats: three loads, each stopping at the last valid float. */
CB_INLINE void v_load_circles_aos(const cb_circle *p, size_t k, vf *x, vf *y, vf *r)
{
    const float *f = &p[0].x;
    if (k == CB_W) {
        v_circles_from_regs(v_loadu(f), v_loadu(f + CB_W), v_loadu(f + 2 * CB_W), x, y, r);
        return;
    }
    size_t nf = 3 * k;
    v_circles_from_regs(v_load_floats(f, nf), v_load_floats(f + CB_W, CB_FLOATS_LEFT(nf, 1)),
                        v_load_floats(f + 2 * CB_W, CB_FLOATS_LEFT(nf, 2)), x, y, r);
}
#endif

CB_INLINE vshape_BOX load_BOX_AOS(const void *many, size_t i, size_t k)
{
    vshape_BOX v;
    v_load_boxes_aos((const cb_box *)many + i, k, &v.x0, &v.y0, &v.x1, &v.y1);
    return v;
}

CB_INLINE vshape_CIRCLE load_CIRCLE_AOS(const void *many, size_t i, size_t k)
{
    vshape_CIRCLE v;
    v_load_circles_aos((const cb_circle *)many + i, k, &v.x, &v.y, &v.r);
    return v;
}

/* Oriented boxes (AoS, six floats each): an ISA may define
 * CB_HAVE_OBOXES_AOS and v_load_oboxes_aos(p, &cx, &cy, &hx, &hy, &c, &s),
 * CB_W whole boxes transposed; a partial vector goes through a zeroed local copy. Otherwise
 * the boxes are transposed field by field. */
CB_INLINE vshape_OBOX load_OBOX_AOS(const void *many, size_t i, size_t k)
{
    const cb_obox *p = (const cb_obox *)many + i;
#ifdef CB_HAVE_OBOXES_AOS
    vshape_OBOX v;
    if (k == CB_W) {
        v_load_oboxes_aos(p, &v.cx, &v.cy, &v.hx, &v.hy, &v.c, &v.s);
    } else {
        cb_obox t[CB_W];
        memset(t, 0, sizeof t);
        memcpy(t, p, k * sizeof *p);
        v_load_oboxes_aos(t, &v.cx, &v.cy, &v.hx, &v.hy, &v.c, &v.s);
    }
    return v;
#else
    return transpose_OBOX_AOS(p, k);
#endif
}

CB_INT_SHAPES(CB_LOAD_AOS_INT)

/* ---- gather loaders: gather_<SHAPE>_<LAYOUT>(many, idx, k), the elements
 * idx[0 .. k-1] (1 <= k <= CB_W) into one vector (for the contact records
 * of selected elements; lanes from k up are never stored). An ISA may
 * define CB_HAVE_GATHER and v_gather(base, idx, k, stride): lane j < k =
 * base[idx[j] * stride], the other lanes anything read from idx[0 ..
 * k-1]'s elements, nothing else read. Otherwise a local array is filled
 * element by element (lanes from k up zero). */

#ifdef CB_HAVE_GATHER
/* AoS: the elements as one array of floats, a field at its offset (so the
 * base is not a pointer to one struct member, which gcc compiled
 * differently from the floats' array) */
#define CB_GATHER_SOA_FIELD(V, F) v.V = v_gather(s_->F, idx, k, 1);
#define CB_GATHER_AOS_FIELD(V, F)                                                                  \
    v.V = v_gather((const float *)(const void *)s_ + offsetof(aos_t_, F) / sizeof(float), idx, k, \
                   sizeof *s_ / sizeof(float));
#define CB_GATHER_FILL(S, FIELD) CB_FIELDS_##S(FIELD)
#else
#define CB_GATHER_SOA_FIELD(V, F) g_.V[j] = s_->F[idx[j]];
#define CB_GATHER_AOS_FIELD(V, F) g_.V[j] = s_[idx[j]].F;
#define CB_GATHER_FILL(S, FIELD) CB_LANES_FILL(S, FIELD)
#endif

#define CB_GATHERS(S, name, aos)                                                                   \
    CB_INLINE vshape_##S gather_##S##_SOA(const void *many, const uint32_t *idx, size_t k)        \
    {                                                                                              \
        const cb_##name##_soa *s_ = (const cb_##name##_soa *)many;                                 \
        vshape_##S v;                                                                              \
        CB_GATHER_FILL(S, CB_GATHER_SOA_FIELD)                                                     \
        return v;                                                                                  \
    }                                                                                              \
    CB_INLINE vshape_##S gather_##S##_AOS(const void *many, const uint32_t *idx, size_t k)        \
    {                                                                                              \
        typedef cb_##name aos_t_;                                                                  \
        const aos_t_ *s_ = (const aos_t_ *)many;                                                   \
        vshape_##S v;                                                                              \
        CB_GATHER_FILL(S, CB_GATHER_AOS_FIELD)                                                     \
        return v;                                                                                  \
    }
CB_SHAPES(CB_GATHERS)

/* The integer shapes' gathers: always through a local array (the ISA
 * gathers read floats). */
#define CB_GATHER_SOA_FIELD_I(V, F) g_.V[j] = s_->F[idx[j]];
#define CB_GATHER_AOS_FIELD_I(V, F) g_.V[j] = s_[idx[j]].F;
#define CB_GATHERS_INT(S, name, twin)                                                              \
    CB_INLINE vshape_##S gather_##S##_SOA(const void *many, const uint32_t *idx, size_t k)        \
    {                                                                                              \
        const cb_##name##_soa *s_ = (const cb_##name##_soa *)many;                                 \
        vshape_##S v;                                                                              \
        CB_LANES_FILL_(S, CB_GATHER_SOA_FIELD_I, I)                                                \
        return v;                                                                                  \
    }                                                                                              \
    CB_INLINE vshape_##S gather_##S##_AOS(const void *many, const uint32_t *idx, size_t k)        \
    {                                                                                              \
        const cb_##name *s_ = (const cb_##name *)many;                                             \
        vshape_##S v;                                                                              \
        CB_LANES_FILL_(S, CB_GATHER_AOS_FIELD_I, I)                                                \
        return v;                                                                                  \
    }
CB_INT_SHAPES(CB_GATHERS_INT)
