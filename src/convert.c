/* convert.c - public box-format converters: argument checks and the float-environment guard around the scalar arithmetic; the integer boxes' exact converters. */
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

/* ---- integer boxes: exact, or refused (never wrapped) */

static size_t refuse(size_t i, cb_fault f, cb_fault *fault)
{
    if (fault)
        *fault = f;
    return i;
}

/* Element i of the input as a box, computed in 64 bits: a negative size
 * is INVERTED, a corner outside int32 OVERFLOW. */
typedef cb_fault (*ibox_of_fn)(const void *in, size_t i, cb_ibox *out);

static cb_fault ibox_of_corners(int64_t x0, int64_t y0, int64_t x1, int64_t y1, cb_ibox *out)
{
    if (x0 < INT32_MIN || y0 < INT32_MIN || x1 > INT32_MAX || y1 > INT32_MAX)
        return CB_FAULT_OVERFLOW;
    out->min_x = (int32_t)x0, out->min_y = (int32_t)y0;
    out->max_x = (int32_t)x1, out->max_y = (int32_t)y1;
    return CB_FAULT_NONE;
}

static cb_fault ibox_of_rect(const void *in, size_t i, cb_ibox *out)
{
    cb_irect r = ((const cb_irect *)in)[i];
    if (r.w < 0 || r.h < 0)
        return CB_FAULT_INVERTED;
    return ibox_of_corners(r.x, r.y, (int64_t)r.x + r.w, (int64_t)r.y + r.h, out);
}

static cb_fault ibox_of_center(const void *in, size_t i, cb_ibox *out)
{
    cb_ibox_center c = ((const cb_ibox_center *)in)[i];
    if (c.hx < 0 || c.hy < 0)
        return CB_FAULT_INVERTED;
    return ibox_of_corners((int64_t)c.cx - c.hx, (int64_t)c.cy - c.hy, (int64_t)c.cx + c.hx,
                           (int64_t)c.cy + c.hy, out);
}

/* Converts in[0 .. n-1] into aos or soa (one of them) until the first refusal. */
static size_t convert_iboxes(ibox_of_fn of, const void *in, size_t n, cb_ibox *aos,
                             const cb_ibox_soa *soa, cb_fault *fault)
{
    if (n && (!in || (!aos && (!soa || !soa->min_x || !soa->min_y || !soa->max_x || !soa->max_y))))
        return refuse(CB_INVALID, CB_FAULT_NONE, fault);
    for (size_t i = 0; i < n; i++) {
        cb_ibox b;
        cb_fault f = of(in, i, &b);
        if (f != CB_FAULT_NONE)
            return refuse(i, f, fault);
        if (aos) {
            aos[i] = b;
        } else { /* cb_ibox_soa's arrays are const for the queries; written here */
            ((int32_t *)soa->min_x)[i] = b.min_x, ((int32_t *)soa->min_y)[i] = b.min_y;
            ((int32_t *)soa->max_x)[i] = b.max_x, ((int32_t *)soa->max_y)[i] = b.max_y;
        }
    }
    return refuse(n, CB_FAULT_NONE, fault);
}

size_t cb_iboxes_from_rects(const cb_irect *in, size_t n, cb_ibox *out, cb_fault *fault)
{
    if (n && !out)
        return refuse(CB_INVALID, CB_FAULT_NONE, fault);
    return convert_iboxes(ibox_of_rect, in, n, out, NULL, fault);
}

size_t cb_iboxes_from_centers(const cb_ibox_center *in, size_t n, cb_ibox *out, cb_fault *fault)
{
    if (n && !out)
        return refuse(CB_INVALID, CB_FAULT_NONE, fault);
    return convert_iboxes(ibox_of_center, in, n, out, NULL, fault);
}

size_t cb_iboxes_from_rects_soa(const cb_irect *in, size_t n, const cb_ibox_soa *out,
                                cb_fault *fault)
{
    return convert_iboxes(ibox_of_rect, in, n, NULL, out, fault);
}

size_t cb_iboxes_from_centers_soa(const cb_ibox_center *in, size_t n, const cb_ibox_soa *out,
                                  cb_fault *fault)
{
    return convert_iboxes(ibox_of_center, in, n, NULL, out, fault);
}
