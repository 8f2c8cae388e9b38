/* convert_scalar.c - the converters' arithmetic (one rounding per coordinate), kept apart so convert.c's float guard wraps an opaque call. */
#include "internal.h"

void cb_convert_centers_raw(const cb_box_center *in, size_t n, cb_box *out)
{
    for (size_t i = 0; i < n; i++) {
        cb_box_center b = in[i];
        cb_box o = {b.cx - b.hx, b.cy - b.hy, b.cx + b.hx, b.cy + b.hy};
        out[i] = o;
    }
}

void cb_convert_corners_raw(const cb_box_corner *in, size_t n, cb_box *out)
{
    for (size_t i = 0; i < n; i++) {
        cb_box_corner b = in[i];
        cb_box o = {b.x, b.y, b.x + b.w, b.y + b.h};
        out[i] = o;
    }
}

void cb_convert_centers_soa_raw(const cb_box_center *in, size_t n, float *min_x, float *min_y,
                                float *max_x, float *max_y)
{
    for (size_t i = 0; i < n; i++) {
        min_x[i] = in[i].cx - in[i].hx;
        min_y[i] = in[i].cy - in[i].hy;
        max_x[i] = in[i].cx + in[i].hx;
        max_y[i] = in[i].cy + in[i].hy;
    }
}

void cb_convert_corners_soa_raw(const cb_box_corner *in, size_t n, float *min_x, float *min_y,
                                float *max_x, float *max_y)
{
    for (size_t i = 0; i < n; i++) {
        min_x[i] = in[i].x;
        min_y[i] = in[i].y;
        max_x[i] = in[i].x + in[i].w;
        max_y[i] = in[i].y + in[i].h;
    }
}
