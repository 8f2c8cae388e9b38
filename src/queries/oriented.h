/* oriented.h - overlap, signed distance and contacts against oriented boxes: the ORIENTED BOXES contract of cbatch.h (into the box's frame, the axis-aligned bodies, back), once for every backend. */

/* The circle in the box's frame and the box there, centred at the origin:
 *     ex = px - cx, ey = py - cy
 *     lx = (ex * c) + (ey * s),  ly = (ey * c) - (ex * s)
 *     box (-hx, -hy, hx, hy), the signs flipped exactly (-0 - h is -h for
 *     every non-NaN h, zeros included). */
typedef struct {
    vshape_CIRCLE circle;
    vshape_BOX box;
} vframe;

CB_INLINE vframe into_frame(vshape_CIRCLE c, vshape_OBOX b)
{
    vframe f;
    vf ex = v_sub(c.x, b.cx), ey = v_sub(c.y, b.cy);
    f.circle.x = v_add(v_mul(ex, b.c), v_mul(ey, b.s));
    f.circle.y = v_sub(v_mul(ey, b.c), v_mul(ex, b.s));
    f.circle.r = c.r;
    vf minus_zero = v_set1(-0.0f);
    f.box.x0 = v_sub(minus_zero, b.hx);
    f.box.y0 = v_sub(minus_zero, b.hy);
    f.box.x1 = b.hx;
    f.box.y1 = b.hy;
    return f;
}

/* ---- circle vs oriented box, either shape single */

CB_INLINE uint32_t query_OVERLAP_CIRCLE_OBOX(vshape_CIRCLE c, vshape_OBOX b, int strict)
{
    vframe f = into_frame(c, b);
    return query_OVERLAP_CIRCLE_BOX(f.circle, f.box, strict);
}

CB_INLINE uint32_t query_OVERLAP_OBOX_CIRCLE(vshape_OBOX b, vshape_CIRCLE c, int strict)
{
    return query_OVERLAP_CIRCLE_OBOX(c, b, strict);
}

CB_INLINE vf query_DISTANCE_CIRCLE_OBOX(vshape_CIRCLE c, vshape_OBOX b, int strict)
{
    vframe f = into_frame(c, b);
    return query_DISTANCE_CIRCLE_BOX(f.circle, f.box, strict);
}

CB_INLINE vf query_DISTANCE_OBOX_CIRCLE(vshape_OBOX b, vshape_CIRCLE c, int strict)
{
    return query_DISTANCE_CIRCLE_OBOX(c, b, strict);
}

CB_INLINE uint32_t select_CONTACTS_CIRCLE_OBOX(vshape_CIRCLE c, vshape_OBOX b, vf margin,
                                               int strict)
{
    vframe f = into_frame(c, b);
    return select_CONTACTS_CIRCLE_BOX(f.circle, f.box, margin, strict);
}

/* The frame's records, normal and point carried back:
 *     normal = ((mx * c) - (my * s), (mx * s) + (my * c))
 *     point  = (cx + ((qx * c) - (qy * s)), cy + ((qx * s) + (qy * c))) */
CB_INLINE vrecords records_CONTACTS_CIRCLE_OBOX(vshape_CIRCLE c, vshape_OBOX b)
{
    vframe f = into_frame(c, b);
    vrecords r = records_CONTACTS_CIRCLE_BOX(f.circle, f.box);
    vf mx = r.nx, my = r.ny, qx = r.px, qy = r.py;
    r.nx = canonical(v_sub(v_mul(mx, b.c), v_mul(my, b.s)));
    r.ny = canonical(v_add(v_mul(mx, b.s), v_mul(my, b.c)));
    r.px = canonical(v_add(b.cx, v_sub(v_mul(qx, b.c), v_mul(qy, b.s))));
    r.py = canonical(v_add(b.cy, v_add(v_mul(qx, b.s), v_mul(qy, b.c))));
    return r;
}

CB_INLINE uint32_t select_CONTACTS_OBOX_CIRCLE(vshape_OBOX b, vshape_CIRCLE c, vf margin,
                                               int strict)
{
    return select_CONTACTS_CIRCLE_OBOX(c, b, margin, strict);
}

CB_INLINE vrecords records_CONTACTS_OBOX_CIRCLE(vshape_OBOX b, vshape_CIRCLE c)
{
    return records_CONTACTS_CIRCLE_OBOX(c, b);
}

CB_GENERIC_BLOCK(OVERLAP, CIRCLE, OBOX, SOA)
CB_GENERIC_BLOCK(OVERLAP, CIRCLE, OBOX, AOS)
CB_GENERIC_BLOCK(OVERLAP, OBOX, CIRCLE, SOA)
CB_GENERIC_BLOCK(OVERLAP, OBOX, CIRCLE, AOS)
CB_GENERIC_BLOCK(DISTANCE, CIRCLE, OBOX, SOA)
CB_GENERIC_BLOCK(DISTANCE, CIRCLE, OBOX, AOS)
CB_GENERIC_BLOCK(DISTANCE, OBOX, CIRCLE, SOA)
CB_GENERIC_BLOCK(DISTANCE, OBOX, CIRCLE, AOS)
CB_RECORD_BLOCKS(CONTACTS, CIRCLE, OBOX, SOA)
CB_RECORD_BLOCKS(CONTACTS, CIRCLE, OBOX, AOS)
CB_RECORD_BLOCKS(CONTACTS, OBOX, CIRCLE, SOA)
CB_RECORD_BLOCKS(CONTACTS, OBOX, CIRCLE, AOS)
