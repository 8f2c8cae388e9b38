/* shapes.h - the shapes and their fields, once: the vector shapes, their loads and the pointer checks are generated from these lists. */
#ifndef CB_SHAPES_H
#define CB_SHAPES_H

/*
 * The shapes a query's side can be (the cb_shape values whose elements are
 * arrays; not GRID or SELF): X(SHAPE, name, AOS). name is the public
 * structs' (cb_<name>, cb_<name>_soa) and the cb_args field that holds a
 * batch's single shape. AOS says how a vector of its AoS elements is
 * loaded: ISA, through the backend's loaders (kernel_loaders.h names them:
 * v_load_boxes_aos and so on), or FIELDS, field by field through a local
 * array (generated).
 *
 * Per shape, its fields: X(V, F), V the field of its vector shape
 * vshape_<SHAPE> (kernel_loaders.h), F the field of cb_<name> and
 * cb_<name>_soa, in those structs' order (the AoS loaders and the grid's
 * arrays, grid.h, rely on it); at most CB_GRID_FIELDS (grid.h) of them.
 * From these lists: the vector shapes, their broadcast, SoA and AoS loads,
 * gathers, the candidates' lane loads and the grid's copies
 * (kernel_loaders.h, kernel_pairs.h), the pointer checks (cb_soa_missing,
 * internal.h) and a plan's arrays (grid.c).
 */
#define CB_SHAPES(X) CB_GRID_SHAPES(X) X(SWEEP, sweep, FIELDS)
/* The float shapes a grid holds and candidate pairs name as elements
 * (kernel_pairs.h, grid.c). A sweep (a moving circle) is never an element
 * of a grid or of a candidate pair: it is a batch's single shape or its
 * many side (box_circles), or the set of pairs and candidates. */
#define CB_GRID_SHAPES(X) X(CIRCLE, circle, ISA) X(BOX, box, ISA) X(OBOX, obox, ISA)

#define CB_FIELDS_CIRCLE(X) X(x, x) X(y, y) X(r, r)
#define CB_FIELDS_BOX(X) X(x0, min_x) X(y0, min_y) X(x1, max_x) X(y1, max_y)
#define CB_FIELDS_OBOX(X) X(cx, cx) X(cy, cy) X(hx, hx) X(hy, hy) X(c, c) X(s, s)
#define CB_FIELDS_SWEEP(X) X(x, x) X(y, y) X(r, r) X(dx, dx) X(dy, dy)

/*
 * The integer shapes (cbatch.h, INTEGER COORDINATES): X(SHAPE, name, TWIN),
 * TWIN the float shape with the same fields in the same order, int32_t in
 * place of float (so the same AoS layout): the vector backends load a
 * vector of their AoS elements with the twin's loaders, which only move
 * bits (loads and shuffles), and read the lanes as integers. Their vector
 * shapes hold vi (CB_W int32 lanes) where the float shapes hold vf; the
 * generated loaders are the float ones' (kernel_loaders.h).
 */
#define CB_INT_SHAPES(X) X(ICIRCLE, icircle, CIRCLE) X(IBOX, ibox, BOX)
#define CB_FIELDS_ICIRCLE(X) CB_FIELDS_CIRCLE(X)
#define CB_FIELDS_IBOX(X) CB_FIELDS_BOX(X)

/* The lane kind of each shape: F, float lanes (vf); I, int32 lanes (vi). */
#define CB_KIND_CIRCLE F
#define CB_KIND_BOX F
#define CB_KIND_OBOX F
#define CB_KIND_SWEEP F
#define CB_KIND_ICIRCLE I
#define CB_KIND_IBOX I

/* The number of fields of a shape, a constant expression. */
#define CB_FIELD_ONE(V, F) +1
#define CB_FIELD_COUNT(S) (0 CB_FIELDS_##S(CB_FIELD_ONE))
#define CB_FIELD_COUNT_OF(S) CB_FIELD_COUNT(S) /* S a macro naming the shape */

#endif
