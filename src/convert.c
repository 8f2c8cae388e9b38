/* convert.c - public box-format converters: argument checks and the float-environment guard around the scalar arithmetic. */
#include "fenv_guard.h"
#include "internal.h"

cb_box cb_box_from_center(cb_box_center b)
{
    cb_box out;
    cb_boxes_from_centers(&b, 1, &out);
    return out;
}

cb_box cb_box_from_corner(cb_box_corner b)
{
    cb_box out;
    cb_boxes_from_corners(&b, 1, &out);
    return out;
}

void cb_boxes_from_centers(const cb_box_center *in, size_t n, cb_box *out)
{
    if (!n || !in || !out)
        return;
    cb_fenv e = cb_fenv_enter();
    cb_convert_centers_raw(in, n, out);
    cb_fenv_leave(e);
}

void cb_boxes_from_corners(const cb_box_corner *in, size_t n, cb_box *out)
{
    if (!n || !in || !out)
        return;
    cb_fenv e = cb_fenv_enter();
    cb_convert_corners_raw(in, n, out);
    cb_fenv_leave(e);
}

cb_status cb_boxes_from_centers_soa(const cb_box_center *in, size_t n, float *min_x, float *min_y,
                                    float *max_x, float *max_y)
{
    if (!n)
        return CB_OK;
    if (!in || !min_x || !min_y || !max_x || !max_y)
        return CB_ERR_INVALID_ARG;
    cb_fenv e = cb_fenv_enter();
    cb_convert_centers_soa_raw(in, n, min_x, min_y, max_x, max_y);
    cb_fenv_leave(e);
    return CB_OK;
}

cb_status cb_boxes_from_corners_soa(const cb_box_corner *in, size_t n, float *min_x, float *min_y,
                                    float *max_x, float *max_y)
{
    if (!n)
        return CB_OK;
    if (!in || !min_x || !min_y || !max_x || !max_y)
        return CB_ERR_INVALID_ARG;
    cb_fenv e = cb_fenv_enter();
    cb_convert_corners_soa_raw(in, n, min_x, min_y, max_x, max_y);
    cb_fenv_leave(e);
    return CB_OK;
}

/* ---- oriented boxes: rotated about their centre by cb_rotation(angle) */

static inline cb_obox obox_of_box(cb_box b, float angle)
{
    float lo_x = b.min_x * 0.5f, hi_x = b.max_x * 0.5f;
    float lo_y = b.min_y * 0.5f, hi_y = b.max_y * 0.5f;
    cb_rot r = cb_rotation(angle);
    cb_obox o = {lo_x + hi_x, lo_y + hi_y, hi_x - lo_x, hi_y - lo_y, r.c, r.s};
    return o;
}

static inline cb_obox obox_of_corner(cb_box_corner b, float angle)
{
    float hx = b.w * 0.5f, hy = b.h * 0.5f;
    cb_rot r = cb_rotation(angle);
    cb_obox o = {b.x + hx, b.y + hy, hx, hy, r.c, r.s};
    return o;
}

cb_obox cb_obox_from_box(cb_box b, float angle)
{
    cb_obox out;
    cb_oboxes_from_boxes(&b, &angle, 1, &out);
    return out;
}

cb_obox cb_obox_from_corner(cb_box_corner b, float angle)
{
    cb_obox out;
    cb_oboxes_from_corners(&b, &angle, 1, &out);
    return out;
}

/* The four batch forms: AoS out when aos is not NULL, else the six SoA
 * arrays; in holds min/max boxes, or corners when corners is set. The
 * callers have checked the arguments. */
static void convert_oboxes(const void *in, int corners, const float *angles, size_t n,
                           cb_obox *aos, float *const soa[6])
{
    cb_fenv e = cb_fenv_enter();
    for (size_t i = 0; i < n; i++) {
        cb_obox o = corners ? obox_of_corner(((const cb_box_corner *)in)[i], angles[i])
                            : obox_of_box(((const cb_box *)in)[i], angles[i]);
        if (aos)
            aos[i] = o;
        else
            soa[0][i] = o.cx, soa[1][i] = o.cy, soa[2][i] = o.hx, soa[3][i] = o.hy,
            soa[4][i] = o.c, soa[5][i] = o.s;
    }
    cb_fenv_leave(e);
}

void cb_oboxes_from_boxes(const cb_box *in, const float *angles, size_t n, cb_obox *out)
{
    if (n && in && angles && out)
        convert_oboxes(in, 0, angles, n, out, NULL);
}

void cb_oboxes_from_corners(const cb_box_corner *in, const float *angles, size_t n, cb_obox *out)
{
    if (n && in && angles && out)
        convert_oboxes(in, 1, angles, n, out, NULL);
}

/* The SoA forms' checks: n == 0 writes nothing, a NULL with n > 0 is refused. */
static cb_status convert_oboxes_soa(const void *in, int corners, const float *angles, size_t n,
                                    float *const soa[6])
{
    if (!n)
        return CB_OK;
    if (!in || !angles || !soa[0] || !soa[1] || !soa[2] || !soa[3] || !soa[4] || !soa[5])
        return CB_ERR_INVALID_ARG;
    convert_oboxes(in, corners, angles, n, NULL, soa);
    return CB_OK;
}

cb_status cb_oboxes_from_boxes_soa(const cb_box *in, const float *angles, size_t n, float *cx,
                                   float *cy, float *hx, float *hy, float *c, float *s)
{
    float *const soa[6] = {cx, cy, hx, hy, c, s};
    return convert_oboxes_soa(in, 0, angles, n, soa);
}

cb_status cb_oboxes_from_corners_soa(const cb_box_corner *in, const float *angles, size_t n,
                                     float *cx, float *cy, float *hx, float *hy, float *c, float *s)
{
    float *const soa[6] = {cx, cy, hx, hy, c, s};
    return convert_oboxes_soa(in, 1, angles, n, soa);
}
