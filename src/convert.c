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
