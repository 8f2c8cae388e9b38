/* integer.c - the independent reference of the integer shapes' queries (cbatch.h, INTEGER COORDINATES): the contract's formulas in exact 65-bit arithmetic, where the kernels use their no-overflow rearrangement (see reference.h). */
#include "reference.h"

#include <string.h>


/* Values where the arithmetic has its edges: the ends of int32, the
 * squares' edges (46340^2 < 2^31 < 46341^2, 2^32 - 1 = 65535 * 65537,
 * 1518500249 ~ 2^30.5), and int32s whose
 * bits are float NaNs and infinities (the AoS loads move them as floats'
 * registers: they must come out unchanged). */
const int32_t tk_int_special[] = {
    INT32_MIN, INT32_MIN + 1, INT32_MIN + 2, -1073741824, -65537, -65536, -46341, -46340,
    -1000,     -5,            -3,            -1,          0,      1,      2,      3,
    4,         5,             1000,          46340,       46341,  65535,  65536,  65537,
    1073741824, 1518500249,   1518500250,    INT32_MAX - 2, INT32_MAX - 1, INT32_MAX,
    0x7FC00000, 0x7F800001,   0x7F800000,    (int32_t)0xFF800000, (int32_t)0xFFC00001,
    (int32_t)0x80000001};
const size_t tk_int_special_count = sizeof tk_int_special / sizeof tk_int_special[0];

int tk_is_integer(const cb_entry_info *d)
{
    return d->one == CB_SHAPE_ICIRCLE || d->one == CB_SHAPE_IBOX || d->many == CB_SHAPE_ICIRCLE ||
           d->many == CB_SHAPE_IBOX;
}

cb_icircle tk_icircle_at(const cb_entry_info *d, const void *many, size_t i)
{
    if (d->layout == CB_LAYOUT_AOS)
        return ((const cb_icircle *)many)[i];
    const cb_icircle_soa *s = (const cb_icircle_soa *)many;
    cb_icircle c = {s->x[i], s->y[i], s->r[i]};
    return c;
}

cb_ibox tk_ibox_at(const cb_entry_info *d, const void *many, size_t i)
{
    if (d->layout == CB_LAYOUT_AOS)
        return ((const cb_ibox *)many)[i];
    const cb_ibox_soa *s = (const cb_ibox_soa *)many;
    cb_ibox b = {s->min_x[i], s->min_y[i], s->max_x[i], s->max_y[i]};
    return b;
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Exact squared lengths without a 128-bit type (32-bit targets have none):
 * every difference of two int32s, and every sum of two int32 radii, is
 * below 2^32 in magnitude, so its square fits a uint64, and a sum of two
 * squares is that plus at most one carry bit. */
typedef struct {
    uint64_t low;
    unsigned carry; /* bit 64 */
} wide;

static uint64_t square(int64_t v) /* |v| < 2^32 */
{
    uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    return m * m;
}

/* The exact squared length, and what the outputs write of it. */
static wide square_sum(int64_t dx, int64_t dy)
{
    uint64_t y2 = square(dy);
    wide w = {square(dx) + y2, 0};
    w.carry = w.low < y2;
    return w;
}
static uint64_t saturated(wide d2) { return d2.carry ? UINT64_MAX : d2.low; }

static int reaches(wide d2, int64_t s, unsigned strict)
{
    uint64_t s2 = square(s);
    if (d2.carry)
        return 0;
    return strict ? d2.low < s2 : d2.low <= s2;
}

tk_ipair ref_ipair_box(cb_icircle c, cb_ibox b, unsigned strict)
{
    tk_ipair p;
    memset(&p, 0, sizeof p);
    int64_t px = min64(max64(c.x, b.min_x), b.max_x), py = min64(max64(c.y, b.min_y), b.max_y);
    int64_t dx = (int64_t)c.x - px, dy = (int64_t)c.y - py;
    wide d2 = square_sum(dx, dy);
    p.hit = c.r >= 0 && reaches(d2, c.r, strict);
    p.px = (int32_t)px, p.py = (int32_t)py, p.d2 = saturated(d2);
    p.contact.px = p.px, p.contact.py = p.py, p.contact.d2 = p.d2;
    if (dx != 0 || dy != 0) {
        p.contact.feature = dx != 0 && dy != 0 ? CB_FEATURE_CORNER : CB_FEATURE_FACE;
        return p;
    }
    /* inside or on the box: the faces -x, +x, -y, +y, their distances
     * modulo 2^32 compared unsigned, a later one only when strictly nearer */
    uint32_t dist[4] = {(uint32_t)((int64_t)c.x - b.min_x), (uint32_t)((int64_t)b.max_x - c.x),
                        (uint32_t)((int64_t)c.y - b.min_y), (uint32_t)((int64_t)b.max_y - c.y)};
    int32_t fx[4] = {b.min_x, b.max_x, c.x, c.x}, fy[4] = {c.y, c.y, b.min_y, b.max_y};
    int face = 0;
    for (int f = 1; f < 4; f++)
        if (dist[f] < dist[face])
            face = f;
    p.contact.px = fx[face], p.contact.py = fy[face], p.contact.depth = dist[face];
    p.contact.d2 = saturated(square_sum((int64_t)c.x - fx[face], (int64_t)c.y - fy[face]));
    p.contact.feature = CB_FEATURE_INSIDE;
    return p;
}

tk_ipair ref_ipair_circles(cb_icircle c, cb_icircle o, unsigned strict)
{
    tk_ipair p;
    memset(&p, 0, sizeof p);
    wide d2 = square_sum((int64_t)c.x - o.x, (int64_t)c.y - o.y);
    p.hit = c.r >= 0 && o.r >= 0 && reaches(d2, (int64_t)c.r + o.r, strict);
    p.px = o.x, p.py = o.y, p.d2 = saturated(d2);
    p.contact.px = p.px, p.contact.py = p.py, p.contact.d2 = p.d2;
    p.contact.feature = d2.low == 0 && !d2.carry ? CB_FEATURE_INSIDE : CB_FEATURE_FACE;
    return p;
}

tk_ipair ref_ipair(const cb_entry_info *d, const cb_args *a, size_t i)
{
    unsigned strict = a->flags & CB_STRICT;
    cb_icircle c = a->icircle;
    if (d->form == CB_FORM_CANDIDATES) { /* circle .i of the set, element .j */
        const cb_icircle_soa *s = a->icircles;
        size_t k = a->candidates[i].i;
        c.x = s->x[k], c.y = s->y[k], c.r = s->r[k];
        i = a->candidates[i].j;
    }
    if (d->one == CB_SHAPE_IBOX)
        return ref_ipair_box(tk_icircle_at(d, a->many, i), a->ibox, strict);
    if (d->many == CB_SHAPE_IBOX)
        return ref_ipair_box(c, tk_ibox_at(d, a->many, i), strict);
    return ref_ipair_circles(c, tk_icircle_at(d, a->many, i), strict);
}

size_t ref_int_entry(const cb_entry_info *d, const cb_args *a)
{
    size_t count = 0, n = d->form == CB_FORM_CANDIDATES ? a->n_candidates : a->n;
    for (size_t i = 0; i < n; i++) {
        tk_ipair p = ref_ipair(d, a, i);
        switch (d->output) {
        case CB_OUTPUT_MASK:
            if (i % 64 == 0)
                ((uint64_t *)a->out)[i / 64] = 0;
            ((uint64_t *)a->out)[i / 64] |= (uint64_t)(p.hit != 0) << (i % 64);
            count += p.hit != 0;
            break;
        case CB_OUTPUT_INDICES:
            if (p.hit)
                ((uint32_t *)a->out)[count++] = (uint32_t)i;
            break;
        case CB_OUTPUT_INT_DISTANCES: {
            const cb_int_distances *o = (const cb_int_distances *)a->out;
            o->d2[i] = p.d2, o->point_x[i] = p.px, o->point_y[i] = p.py;
            count++;
            break;
        }
        case CB_OUTPUT_INT_CONTACTS: {
            const cb_int_contacts *o = (const cb_int_contacts *)a->out;
            if (!p.hit)
                break;
            o->index[count] = (uint32_t)i;
            o->point_x[count] = p.contact.px, o->point_y[count] = p.contact.py;
            o->d2[count] = p.contact.d2, o->depth[count] = p.contact.depth;
            o->feature[count] = p.contact.feature;
            count++;
            break;
        }
        default:
            return CB_INVALID;
        }
    }
    return count;
}
