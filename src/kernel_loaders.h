/* kernel_loaders.h - the vector shapes and their loaders: broadcast, SoA and AoS layout loads, gathers by index */
/* Part of kernel_template.h, which a backend file includes once (with its
 * primitives defined); not a header of its own. */

/* ---- vector shapes: CB_W shapes, one per lane, and their loads
 * (shape_tmpl.h, once per shape of shapes.h's lists): broadcast_<SHAPE>,
 * load_<SHAPE>_SOA and _AOS (elements i .. i+k-1, 1 <= k <= CB_W; lanes
 * from k up are zero and nothing past element i+k-1 is read), and
 * gather_<SHAPE>_SOA and _AOS (the elements idx[0 .. k-1], for the
 * records of selected elements). */

CB_INLINE vf load_lanes(const float *p, size_t k)
{
    return k == CB_W ? v_loadu(p) : v_load_floats(p, k);
}

CB_INLINE vi load_lanes_i(const int32_t *p, size_t k)
{
    return k == CB_W ? v_loadu_i(p) : v_load_ints(p, k);
}

/* The margin of a call: the float contacts take one; the other outputs
 * none, the integer contacts neither (their cb_args.margin is not set). */
CB_INLINE float margin_of(const cb_args *a, int output)
{
    return output == CB_OUTPUT_CONTACTS || output == CB_OUTPUT_PAIR_CONTACTS ? a->margin : 0.0f;
}

/* The float shapes (shapes.h's CB_SHAPES, in its order). */
#define SHAPE CIRCLE
#define SHAPE_NAME circle
#define SHAPE_INT 0
#define SHAPE_AOS 0
#include "shape_tmpl.h"
#define SHAPE BOX
#define SHAPE_NAME box
#define SHAPE_INT 0
#define SHAPE_AOS 0
#include "shape_tmpl.h"
#define SHAPE OBOX
#define SHAPE_NAME obox
#define SHAPE_INT 0
#define SHAPE_AOS 0
#include "shape_tmpl.h"
#define SHAPE SWEEP
#define SHAPE_NAME sweep
#define SHAPE_INT 0
#define SHAPE_AOS 1
#include "shape_tmpl.h"

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


/* The integer shapes (shapes.h's CB_INT_SHAPES), after their twins' AoS
 * loaders. */
#define SHAPE ICIRCLE
#define SHAPE_NAME icircle
#define SHAPE_INT 1
#define SHAPE_AOS 2
#define SHAPE_TWIN CIRCLE
#include "shape_tmpl.h"
#define SHAPE IBOX
#define SHAPE_NAME ibox
#define SHAPE_INT 1
#define SHAPE_AOS 2
#define SHAPE_TWIN BOX
#include "shape_tmpl.h"
