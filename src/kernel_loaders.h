/* kernel_loaders.h - the vector shapes and their loaders: broadcast, SoA and AoS layout loads, gathers by index */
/* Part of kernel_template.h, which a backend file includes once (with its
 * primitives defined); not a header of its own. */

/* ---- vector shapes: CB_W circles or boxes, one per lane */

typedef struct {
    vf x, y, r;
} vshape_CIRCLE;

typedef struct {
    vf x0, y0, x1, y1; /* min_x, min_y, max_x, max_y */
} vshape_BOX;

typedef struct {
    vf cx, cy, hx, hy, c, s; /* centre, half-extents, rotation (cos, sin) */
} vshape_OBOX;

/* What every block of a call shares: the single shape in every lane, and
 * the margin of the entries that take one (zero for the others, whose
 * cb_args.margin is not set). */
typedef struct {
    vshape_CIRCLE shape;
    vf margin;
} ctx_CIRCLE;

typedef struct {
    vshape_BOX shape;
    vf margin;
} ctx_BOX;

typedef struct {
    vshape_OBOX shape;
    vf margin;
} ctx_OBOX;

#define CB_MARGIN_MASK(a) 0.0f
#define CB_MARGIN_INDICES(a) 0.0f
#define CB_MARGIN_DISTANCES(a) 0.0f
#define CB_MARGIN_CONTACTS(a) ((a)->margin)

CB_INLINE ctx_CIRCLE broadcast_CIRCLE(const cb_args *a, float margin)
{
    ctx_CIRCLE c = {{v_set1(a->circle.x), v_set1(a->circle.y), v_set1(a->circle.r)},
                    v_set1(margin)};
    return c;
}

CB_INLINE ctx_BOX broadcast_BOX(const cb_args *a, float margin)
{
    ctx_BOX c = {{v_set1(a->box.min_x), v_set1(a->box.min_y), v_set1(a->box.max_x),
                  v_set1(a->box.max_y)},
                 v_set1(margin)};
    return c;
}

CB_INLINE ctx_OBOX broadcast_OBOX(const cb_args *a, float margin)
{
    ctx_OBOX c = {{v_set1(a->obox.cx), v_set1(a->obox.cy), v_set1(a->obox.hx), v_set1(a->obox.hy),
                   v_set1(a->obox.c), v_set1(a->obox.s)},
                  v_set1(margin)};
    return c;
}

/* ---- layout loaders: elements i .. i+k-1 (1 <= k <= CB_W); lanes from k up
 * are zero and nothing past element i+k-1 is read. In the driver's hot loop
 * k is the constant CB_W, so the partial branch folds away. */

CB_INLINE vf load_lanes(const float *p, size_t k)
{
    return k == CB_W ? v_loadu(p) : v_load_floats(p, k);
}

#define CB_LOAD_BOX_SOA(many, i, k, v)                                                             \
    do {                                                                                           \
        const cb_box_soa *s_ = (const cb_box_soa *)(many);                                         \
        (v).x0 = load_lanes(s_->min_x + (i), k), (v).y0 = load_lanes(s_->min_y + (i), k);          \
        (v).x1 = load_lanes(s_->max_x + (i), k), (v).y1 = load_lanes(s_->max_y + (i), k);          \
    } while (0)

#define CB_LOAD_CIRCLE_SOA(many, i, k, v)                                                          \
    do {                                                                                           \
        const cb_circle_soa *s_ = (const cb_circle_soa *)(many);                                   \
        (v).x = load_lanes(s_->x + (i), k), (v).y = load_lanes(s_->y + (i), k);                    \
        (v).r = load_lanes(s_->r + (i), k);                                                        \
    } while (0)

#define CB_LOAD_OBOX_SOA(many, i, k, v)                                                            \
    do {                                                                                           \
        const cb_obox_soa *s_ = (const cb_obox_soa *)(many);                                       \
        (v).cx = load_lanes(s_->cx + (i), k), (v).cy = load_lanes(s_->cy + (i), k);                \
        (v).hx = load_lanes(s_->hx + (i), k), (v).hy = load_lanes(s_->hy + (i), k);                \
        (v).c = load_lanes(s_->c + (i), k), (v).s = load_lanes(s_->s + (i), k);                    \
    } while (0)

#define CB_LOAD_BOX_AOS(many, i, k, v)                                                             \
    v_load_boxes_aos((const cb_box *)(many) + (i), k, &(v).x0, &(v).y0, &(v).x1, &(v).y1)

#define CB_LOAD_CIRCLE_AOS(many, i, k, v)                                                          \
    v_load_circles_aos((const cb_circle *)(many) + (i), k, &(v).x, &(v).y, &(v).r)

/* Oriented boxes (AoS, six floats each): an ISA may define
 * CB_HAVE_OBOXES_AOS and v_load_oboxes_aos(p, &cx, &cy, &hx, &hy, &c, &s),
 * CB_W whole boxes transposed; a partial vector goes through a zeroed local copy. Otherwise
 * the boxes are transposed through a local array. */
CB_INLINE vshape_OBOX load_oboxes_aos(const cb_obox *p, size_t k)
{
    vshape_OBOX v;
#ifdef CB_HAVE_OBOXES_AOS
    if (k == CB_W) {
        v_load_oboxes_aos(p, &v.cx, &v.cy, &v.hx, &v.hy, &v.c, &v.s);
    } else {
        cb_obox t[CB_W];
        memset(t, 0, sizeof t);
        memcpy(t, p, k * sizeof *p);
        v_load_oboxes_aos(t, &v.cx, &v.cy, &v.hx, &v.hy, &v.c, &v.s);
    }
#else
    float g[6][CB_W];
    if (k < CB_W)
        memset(g, 0, sizeof g);
    for (size_t j = 0; j < k; j++) {
        g[0][j] = p[j].cx, g[1][j] = p[j].cy, g[2][j] = p[j].hx;
        g[3][j] = p[j].hy, g[4][j] = p[j].c, g[5][j] = p[j].s;
    }
    v.cx = v_loadu(g[0]), v.cy = v_loadu(g[1]), v.hx = v_loadu(g[2]);
    v.hy = v_loadu(g[3]), v.c = v_loadu(g[4]), v.s = v_loadu(g[5]);
#endif
    return v;
}

#define CB_LOAD_OBOX_AOS(many, i, k, v) ((v) = load_oboxes_aos((const cb_obox *)(many) + (i), k))

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

/* ---- gather loaders: the elements idx[0 .. k-1] (1 <= k <= CB_W) into one
 * vector (for the contact records of selected elements; lanes from k up
 * are never stored). An ISA may define CB_HAVE_GATHER and v_gather(base,
 * idx, k, stride): lane j < k = base[idx[j] * stride], the other lanes
 * anything read from idx[0 .. k-1]'s elements, nothing else read. Otherwise
 * a local array is filled element by element (lanes from k up zero). */

#ifdef CB_HAVE_GATHER
#define CB_GATHER_BOX_SOA(many, idx, k, v)                                                         \
    do {                                                                                           \
        const cb_box_soa *s_ = (const cb_box_soa *)(many);                                         \
        (v).x0 = v_gather(s_->min_x, idx, k, 1), (v).y0 = v_gather(s_->min_y, idx, k, 1);          \
        (v).x1 = v_gather(s_->max_x, idx, k, 1), (v).y1 = v_gather(s_->max_y, idx, k, 1);          \
    } while (0)
#define CB_GATHER_BOX_AOS(many, idx, k, v)                                                         \
    do {                                                                                           \
        const float *f_ = &((const cb_box *)(many))[0].min_x;                                      \
        (v).x0 = v_gather(f_, idx, k, 4), (v).y0 = v_gather(f_ + 1, idx, k, 4);                    \
        (v).x1 = v_gather(f_ + 2, idx, k, 4), (v).y1 = v_gather(f_ + 3, idx, k, 4);                \
    } while (0)
#define CB_GATHER_CIRCLE_SOA(many, idx, k, v)                                                      \
    do {                                                                                           \
        const cb_circle_soa *s_ = (const cb_circle_soa *)(many);                                   \
        (v).x = v_gather(s_->x, idx, k, 1), (v).y = v_gather(s_->y, idx, k, 1);                    \
        (v).r = v_gather(s_->r, idx, k, 1);                                                        \
    } while (0)
#define CB_GATHER_CIRCLE_AOS(many, idx, k, v)                                                      \
    do {                                                                                           \
        const float *f_ = &((const cb_circle *)(many))[0].x;                                       \
        (v).x = v_gather(f_, idx, k, 3), (v).y = v_gather(f_ + 1, idx, k, 3);                      \
        (v).r = v_gather(f_ + 2, idx, k, 3);                                                       \
    } while (0)
#define CB_GATHER_OBOX_SOA(many, idx, k, v)                                                        \
    do {                                                                                           \
        const cb_obox_soa *s_ = (const cb_obox_soa *)(many);                                       \
        (v).cx = v_gather(s_->cx, idx, k, 1), (v).cy = v_gather(s_->cy, idx, k, 1);                \
        (v).hx = v_gather(s_->hx, idx, k, 1), (v).hy = v_gather(s_->hy, idx, k, 1);                \
        (v).c = v_gather(s_->c, idx, k, 1), (v).s = v_gather(s_->s, idx, k, 1);                    \
    } while (0)
#define CB_GATHER_OBOX_AOS(many, idx, k, v)                                                        \
    do {                                                                                           \
        const float *f_ = &((const cb_obox *)(many))[0].cx;                                        \
        (v).cx = v_gather(f_, idx, k, 6), (v).cy = v_gather(f_ + 1, idx, k, 6);                    \
        (v).hx = v_gather(f_ + 2, idx, k, 6), (v).hy = v_gather(f_ + 3, idx, k, 6);                \
        (v).c = v_gather(f_ + 4, idx, k, 6), (v).s = v_gather(f_ + 5, idx, k, 6);                  \
    } while (0)
#else
#define CB_GATHER_LANES(count, k, fill)                                                 \
    float g_[count][CB_W];                                                                         \
    if ((k) < CB_W)                                                                                \
        memset(g_, 0, sizeof g_);                                                                  \
    for (size_t j_ = 0; j_ < (k); j_++) {                                                          \
        fill;                                                                                      \
    }                                                                                              \
    (void)0

#define CB_GATHER_BOX_SOA(many, idx, k, v)                                                         \
    do {                                                                                           \
        const cb_box_soa *s_ = (const cb_box_soa *)(many);                                         \
        CB_GATHER_LANES(4, k, (g_[0][j_] = s_->min_x[(idx)[j_]], g_[1][j_] = s_->min_y[(idx)[j_]], \
                                     g_[2][j_] = s_->max_x[(idx)[j_]], g_[3][j_] = s_->max_y[(idx)[j_]])); \
        (v).x0 = v_loadu(g_[0]), (v).y0 = v_loadu(g_[1]), (v).x1 = v_loadu(g_[2]), (v).y1 = v_loadu(g_[3]); \
    } while (0)

#define CB_GATHER_BOX_AOS(many, idx, k, v)                                                         \
    do {                                                                                           \
        const cb_box *s_ = (const cb_box *)(many);                                                 \
        CB_GATHER_LANES(4, k, (g_[0][j_] = s_[(idx)[j_]].min_x, g_[1][j_] = s_[(idx)[j_]].min_y, \
                                     g_[2][j_] = s_[(idx)[j_]].max_x, g_[3][j_] = s_[(idx)[j_]].max_y)); \
        (v).x0 = v_loadu(g_[0]), (v).y0 = v_loadu(g_[1]), (v).x1 = v_loadu(g_[2]), (v).y1 = v_loadu(g_[3]); \
    } while (0)

#define CB_GATHER_CIRCLE_SOA(many, idx, k, v)                                                      \
    do {                                                                                           \
        const cb_circle_soa *s_ = (const cb_circle_soa *)(many);                                   \
        CB_GATHER_LANES(3, k, (g_[0][j_] = s_->x[(idx)[j_]], g_[1][j_] = s_->y[(idx)[j_]], \
                                     g_[2][j_] = s_->r[(idx)[j_]]));                               \
        (v).x = v_loadu(g_[0]), (v).y = v_loadu(g_[1]), (v).r = v_loadu(g_[2]);                    \
    } while (0)

#define CB_GATHER_CIRCLE_AOS(many, idx, k, v)                                                      \
    do {                                                                                           \
        const cb_circle *s_ = (const cb_circle *)(many);                                           \
        CB_GATHER_LANES(3, k, (g_[0][j_] = s_[(idx)[j_]].x, g_[1][j_] = s_[(idx)[j_]].y,    \
                                     g_[2][j_] = s_[(idx)[j_]].r));                                \
        (v).x = v_loadu(g_[0]), (v).y = v_loadu(g_[1]), (v).r = v_loadu(g_[2]);                    \
    } while (0)
#define CB_GATHER_OBOX_SOA(many, idx, k, v)                                                        \
    do {                                                                                           \
        const cb_obox_soa *s_ = (const cb_obox_soa *)(many);                                       \
        CB_GATHER_LANES(6, k, (g_[0][j_] = s_->cx[(idx)[j_]], g_[1][j_] = s_->cy[(idx)[j_]],       \
                               g_[2][j_] = s_->hx[(idx)[j_]], g_[3][j_] = s_->hy[(idx)[j_]],       \
                               g_[4][j_] = s_->c[(idx)[j_]], g_[5][j_] = s_->s[(idx)[j_]]));        \
        (v).cx = v_loadu(g_[0]), (v).cy = v_loadu(g_[1]), (v).hx = v_loadu(g_[2]);                 \
        (v).hy = v_loadu(g_[3]), (v).c = v_loadu(g_[4]), (v).s = v_loadu(g_[5]);                   \
    } while (0)

#define CB_GATHER_OBOX_AOS(many, idx, k, v)                                                        \
    do {                                                                                           \
        const cb_obox *s_ = (const cb_obox *)(many);                                               \
        CB_GATHER_LANES(6, k, (g_[0][j_] = s_[(idx)[j_]].cx, g_[1][j_] = s_[(idx)[j_]].cy,         \
                               g_[2][j_] = s_[(idx)[j_]].hx, g_[3][j_] = s_[(idx)[j_]].hy,         \
                               g_[4][j_] = s_[(idx)[j_]].c, g_[5][j_] = s_[(idx)[j_]].s));          \
        (v).cx = v_loadu(g_[0]), (v).cy = v_loadu(g_[1]), (v).hx = v_loadu(g_[2]);                 \
        (v).hy = v_loadu(g_[3]), (v).c = v_loadu(g_[4]), (v).s = v_loadu(g_[5]);                   \
    } while (0)
#endif
