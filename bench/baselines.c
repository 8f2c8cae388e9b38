/* baselines.c - the five per-pair methods of docs/baselines.md (A-E), written from their descriptions, run one pair at a time in a loop with bitmask output; baseline E's signed distance and contact records on its own structs; and baseline E's method for rotated boxes. */
#include "bench.h"

#include <math.h>

/*
 * These are the baselines a user has before this library: one function per
 * pair, called in a loop. Each works on its own box format (the data set
 * holds the same integer boxes in every format, so no conversion is timed)
 * and writes the library's bitmask layout, so outputs can be compared bit
 * for bit. They are compiled with the project's flags (-O3 in a release
 * build, baseline ISA, -ffp-contract=off) and the compiler may inline and
 * vectorise them as it likes: that is what a user would get.
 *
 * Where a baseline's answer may differ from the library's contract:
 *  A  touching counts (<=); approximate: the "box radius" along the line of
 *     centres overestimates the gap in the side zones, so a circle that just
 *     reaches a side can be missed, and trig rounding blurs the boundary.
 *  B  touching counts (<=); exact in its own arithmetic (side zones compare
 *     |d| with r + half-extent, no squares), so it can differ from the
 *     contract's rounded squares only at the boundary of huge coordinates.
 *  C  touching does NOT count (<): the contract with CB_STRICT.
 *  D  touching does NOT count (<); integer arithmetic, exact. The squared
 *     distance is computed in 64 bits: the tutorial's int would overflow for
 *     levels wider than 46340 units, which the large rungs are. Its row goes
 *     with the integer groups (one integer circle vs integer boxes, AoS) and
 *     must agree exactly with the integer entry with CB_STRICT.
 *  E  touching does NOT count, with an epsilon (d2 + eps < r2); it also
 *     builds its contact data (distance, normal, depth, contact point) for
 *     every hit, as its write-up does; the depths are summed so the compiler
 *     must compute them.
 *
 * Baseline E also has rows of its own against the distance and contact
 * queries: its write-up's whole computation per pair, on its own box struct
 * (centre + width/height) and its own contact record, written from
 * docs/baselines.md's row E: the distance rows store its signed distance
 * for every box; the contact rows keep its early out and store the full
 * record (normal, distance, depth, point, MTV) and the index of each box it
 * reports. It measures |delta| as sqrt(dx*dx + dy*dy) and breaks a tie
 * between the nearest faces of a centre inside the box its own way, so its
 * numbers may differ from the contract's in the last bits (the notes count
 * them).
 *
 * Baseline E's rotated boxes ("translate and rotate the circle into box
 * space, solve, rotate results back (vectors are rotated only, points also
 * translated)") have rows with the oriented groups, on its own struct
 * (centre, width/height, angle, and the cosine and sine computed once per
 * box with libm, as a user caches them): the centre's offset from the box's
 * centre turned by minus the angle, then the axis-aligned method above on
 * the box centred at the origin, then the normal, the MTV and the point
 * turned back (the point also translated). Its overlap row is run_e's loop
 * on those boxes (early out, the depth of each hit summed); its distance and
 * contact rows as above. Its cosine and sine may differ from cb_rotation's
 * in the last bit, which moves the centre in box space by an ulp or so:
 * another source of differing bits, counted with the rest.
 */

#define HALF_PI 1.57079632679489661923f
#define E_EPS 1e-4f

/* The touching rule is part of the name, so every table row shows it. */
static const char *const names[BASELINE_IDS] = {
    "baseline A angle <=", "baseline B zones <=",  "baseline C clamp <",
    "baseline D int <",    "baseline E contact <", "baseline E rot <"};
static const int touch[BASELINE_IDS] = {1, 1, 0, 0, 0, 0};
static const int integer[BASELINE_IDS] = {0, 0, 0, 1, 0, 0};

const char *baseline_name(int s) { return names[s]; }
int baseline_touch(int s) { return touch[s]; }
int baseline_integer(int s) { return integer[s]; }

/* A: angle between the centres and the box's "radius" at that angle. */
static int baseline_a(float cx, float cy, float r, cb_box_center b)
{
    float dx = cx - b.cx, dy = cy - b.cy;
    float adx = fabsf(dx), ady = fabsf(dy);
    if (adx <= b.hx && ady <= b.hy) /* early accept: the centre is inside the box */
        return 1;
    /* Fold the angle into [0, pi/2] (the box is symmetric); below the
     * corner's angle the ray leaves through a vertical side (half-width /
     * cos), above it through a horizontal one (half-height / sin). */
    float a = atan2f(ady, adx);
    float corner = atan2f(b.hy, b.hx);
    float box_r = a <= corner ? b.hx / cosf(a) : b.hy / cosf(HALF_PI - a);
    float dist = sqrtf(dx * dx + dy * dy);
    if (dist > r + box_r)
        return 0;
    if (adx > b.hx && ady > b.hy) { /* corner fix-up: is the nearest corner inside the circle? */
        float ex = adx - b.hx, ey = ady - b.hy;
        return ex * ex + ey * ey <= r * r;
    }
    return 1;
}

/* B: nine zones around the box; zone = xz + 3 * yz. */
static int baseline_b(float cx, float cy, float r, cb_box_center b)
{
    float left = b.cx - b.hx, right = b.cx + b.hx;
    float bottom = b.cy - b.hy, top = b.cy + b.hy;
    int xz = cx < left ? 0 : cx > right ? 2 : 1;
    int yz = cy < bottom ? 0 : cy > top ? 2 : 1;
    switch (xz + 3 * yz) {
    case 4: /* centre inside */
        return 1;
    case 1:
    case 7: /* below or above: vertical gap */
        return fabsf(cy - b.cy) <= r + b.hy;
    case 3:
    case 5: /* left or right: horizontal gap */
        return fabsf(cx - b.cx) <= r + b.hx;
    default: { /* a corner zone: is that corner inside the circle? */
        float kx = xz == 0 ? left : right, ky = yz == 0 ? bottom : top;
        float dx = cx - kx, dy = cy - ky;
        return dx * dx + dy * dy <= r * r;
    }
    }
}

/* C: clamp the centre into the box (corner + size). Written with
 * conditionals, which compile to minss/maxss: fminf/fmaxf are NaN-aware and
 * GCC calls libm for them, which would make this baseline slower than the
 * method is. */
static int baseline_c(float cx, float cy, float r, cb_box_corner b)
{
    float right = b.x + b.w, bottom = b.y + b.h;
    float nx = cx < right ? cx : right;
    nx = nx > b.x ? nx : b.x;
    float ny = cy < bottom ? cy : bottom;
    ny = ny > b.y ? ny : b.y;
    float dx = cx - nx, dy = cy - ny;
    return dx * dx + dy * dy < r * r;
}

/* D: the SDL tutorial's branches on integers. */
static int baseline_d(baseline_icircle c, baseline_irect b)
{
    int32_t nx, ny;
    if (c.x < b.x)
        nx = b.x;
    else if (c.x > b.x + b.w)
        nx = b.x + b.w;
    else
        nx = c.x;
    if (c.y < b.y)
        ny = b.y;
    else if (c.y > b.y + b.h)
        ny = b.y + b.h;
    else
        ny = c.y;
    int64_t dx = (int64_t)c.x - nx, dy = (int64_t)c.y - ny;
    return dx * dx + dy * dy < (int64_t)c.r * c.r;
}

/* E: clamp in box space, then the contact data of a hit. */
typedef struct contact {
    int hit;
    float distance; /* signed: negative when penetrating */
    float nx, ny;   /* normal from the box towards the circle */
    float depth;
    float px, py;   /* contact point on the box */
} contact;

static contact baseline_e(float cx, float cy, float r, cb_box_center b)
{
    contact k = {0, 0, 0, 0, 0, 0, 0};
    float lx = cx - b.cx, ly = cy - b.cy; /* the circle's centre in box space */
    float qx = lx < -b.hx ? -b.hx : lx > b.hx ? b.hx : lx;
    float qy = ly < -b.hy ? -b.hy : ly > b.hy ? b.hy : ly;
    float dx = lx - qx, dy = ly - qy;
    float d2 = dx * dx + dy * dy;
    if (d2 + E_EPS >= r * r) /* early out on squared lengths, touching excluded */
        return k;
    k.hit = 1;
    if (d2 > 0) {
        float dist = sqrtf(d2);
        k.nx = dx / dist, k.ny = dy / dist;
        k.distance = dist - r;
        k.depth = r - dist;
        k.px = b.cx + qx, k.py = b.cy + qy;
    } else { /* centre inside: push out through the nearest face */
        float fx = b.hx - fabsf(lx), fy = b.hy - fabsf(ly);
        if (fx < fy) {
            k.nx = lx < 0 ? -1.0f : 1.0f;
            k.depth = r + fx;
            k.px = b.cx + k.nx * b.hx, k.py = cy;
        } else {
            k.ny = ly < 0 ? -1.0f : 1.0f;
            k.depth = r + fy;
            k.px = cx, k.py = b.cy + k.ny * b.hy;
        }
        k.distance = -k.depth;
    }
    return k;
}

static volatile float e_depth_sink;

/* The bitmask writer shared by the loops: whole words, zero bits past n. */
#define BASELINE_LOOP(hit_expr)                                                                    \
    size_t count = 0;                                                                              \
    uint64_t w = 0;                                                                                \
    for (size_t i = 0; i < n; i++) {                                                               \
        int h = (hit_expr);                                                                        \
        w |= (uint64_t)(h != 0) << (i & 63);                                                       \
        count += h != 0;                                                                           \
        if ((i & 63) == 63 || i + 1 == n) {                                                        \
            mask[i >> 6] = w;                                                                      \
            w = 0;                                                                                 \
        }                                                                                          \
    }                                                                                              \
    return count

static size_t run_a(cb_circle c, const cb_box_center *b, size_t n, uint64_t *mask)
{
    BASELINE_LOOP(baseline_a(c.x, c.y, c.r, b[i]));
}

static size_t run_b(cb_circle c, const cb_box_center *b, size_t n, uint64_t *mask)
{
    BASELINE_LOOP(baseline_b(c.x, c.y, c.r, b[i]));
}

static size_t run_c(cb_circle c, const cb_box_corner *b, size_t n, uint64_t *mask)
{
    BASELINE_LOOP(baseline_c(c.x, c.y, c.r, b[i]));
}

static size_t run_d(baseline_icircle c, const baseline_irect *b, size_t n, uint64_t *mask)
{
    BASELINE_LOOP(baseline_d(c, b[i]));
}

static size_t run_e(cb_circle c, const cb_box_center *b, size_t n, uint64_t *mask)
{
    float depth = 0;
    size_t count = 0;
    uint64_t w = 0;
    for (size_t i = 0; i < n; i++) {
        contact k = baseline_e(c.x, c.y, c.r, b[i]);
        depth += k.depth;
        w |= (uint64_t)(k.hit != 0) << (i & 63);
        count += k.hit != 0;
        if ((i & 63) == 63 || i + 1 == n) {
            mask[i >> 6] = w;
            w = 0;
        }
    }
    e_depth_sink = depth;
    return count;
}

/* ---- baseline E, distance and contacts */

/* The circle's centre in box space and its projection onto the box, centred
 * at the origin: half-extents w/2, h/2; delta = centre - projection. */
typedef struct e_local {
    float hw, hh;   /* half width, half height */
    float lx, ly;   /* the centre in box space */
    float qx, qy;   /* its projection onto the box */
    float dx, dy;   /* delta */
    float d2;       /* |delta|^2 */
} e_local;

static inline e_local e_project(float cx, float cy, baseline_ebox b)
{
    e_local p;
    p.hw = b.w * 0.5f, p.hh = b.h * 0.5f;
    p.lx = cx - b.cx, p.ly = cy - b.cy;
    p.qx = p.lx < -p.hw ? -p.hw : p.lx > p.hw ? p.hw : p.lx;
    p.qy = p.ly < -p.hh ? -p.hh : p.ly > p.hh ? p.hh : p.ly;
    p.dx = p.lx - p.qx, p.dy = p.ly - p.qy;
    p.d2 = p.dx * p.dx + p.dy * p.dy;
    return p;
}

/* The signed distance: |delta| - r outside; inside (delta zero), minus the
 * way out through the nearest face, minus r. */
static inline float e_distance(float r, const e_local *p)
{
    if (p->d2 > 0)
        return sqrtf(p->d2) - r;
    float fx = p->hw - fabsf(p->lx), fy = p->hh - fabsf(p->ly);
    return -((fx < fy ? fx : fy) + r);
}

/* The whole contact record of a pair. */
static inline baseline_econtact e_contact(float cx, float cy, float r, baseline_ebox b,
                                          const e_local *p)
{
    baseline_econtact k;
    if (p->d2 > 0) {
        float len = sqrtf(p->d2);
        k.nx = p->dx / len, k.ny = p->dy / len;
        k.distance = len - r;
        k.px = b.cx + p->qx, k.py = b.cy + p->qy;
    } else { /* centre inside: push out through the nearest face */
        float fx = p->hw - fabsf(p->lx), fy = p->hh - fabsf(p->ly);
        if (fx < fy) {
            k.nx = p->lx < 0 ? -1.0f : 1.0f, k.ny = 0;
            k.distance = -(fx + r);
            k.px = b.cx + k.nx * p->hw, k.py = cy;
        } else {
            k.nx = 0, k.ny = p->ly < 0 ? -1.0f : 1.0f;
            k.distance = -(fy + r);
            k.px = cx, k.py = b.cy + k.ny * p->hh;
        }
    }
    k.depth = -k.distance; /* r - |delta| outside; the way out through the face inside */
    k.mtv_x = k.nx * k.depth, k.mtv_y = k.ny * k.depth;
    return k;
}

/* ---- baseline E, rotated boxes */

/* The circle's centre in the rotated box's space, as a user writes it:
 * translate, then rotate by minus the box's angle; and baseline E's box
 * there, centred at the origin, where e_project's translation is exact. */
static inline e_local e_rot_project(float cx, float cy, const baseline_erbox *b)
{
    float dx = cx - b->cx, dy = cy - b->cy;
    float lx = dx * b->c + dy * b->s;
    float ly = -dx * b->s + dy * b->c;
    baseline_ebox local = {0.0f, 0.0f, b->w, b->h};
    return e_project(lx, ly, local);
}

/* The record of a pair, solved in box space and turned back: the normal and
 * the MTV rotated, the point rotated and translated; distance and depth
 * unchanged. */
static inline baseline_econtact e_rot_contact(float r, const baseline_erbox *b, const e_local *p)
{
    baseline_ebox local = {0.0f, 0.0f, b->w, b->h};
    baseline_econtact k = e_contact(p->lx, p->ly, r, local, p), w = k;
    w.nx = k.nx * b->c - k.ny * b->s, w.ny = k.nx * b->s + k.ny * b->c;
    w.mtv_x = k.mtv_x * b->c - k.mtv_y * b->s, w.mtv_y = k.mtv_x * b->s + k.mtv_y * b->c;
    w.px = b->cx + (k.px * b->c - k.py * b->s), w.py = b->cy + (k.px * b->s + k.py * b->c);
    return w;
}

/* run_e on the rotated boxes: the early out, and each hit's depth summed. */
static size_t run_e_rot(cb_circle c, const baseline_erbox *b, size_t n, uint64_t *mask)
{
    const float r2 = c.r * c.r;
    float depth = 0;
    size_t count = 0;
    uint64_t w = 0;
    for (size_t i = 0; i < n; i++) {
        e_local p = e_rot_project(c.x, c.y, &b[i]);
        int hit = !(p.d2 + E_EPS >= r2); /* early out on squared lengths, touching excluded */
        if (hit)
            depth += e_rot_contact(c.r, &b[i], &p).depth;
        w |= (uint64_t)hit << (i & 63);
        count += (size_t)hit;
        if ((i & 63) == 63 || i + 1 == n) {
            mask[i >> 6] = w;
            w = 0;
        }
    }
    e_depth_sink = depth;
    return count;
}

/* ---- baseline E, distance and contact entries */

const char *baseline_e_label(int s, out_kind o)
{
    if (s == BASELINE_E_ROT)
        return o == OUT_DIST ? "baseline E rot dist" : "baseline E rot contact <";
    return o == OUT_DIST ? "baseline E distance" : "baseline E contact <";
}

static size_t e_rot_distances(const dataset *d, cb_circle c, float *dist)
{
    const baseline_erbox *b = d->erboxes;
    for (size_t i = 0; i < d->n; i++) {
        e_local p = e_rot_project(c.x, c.y, &b[i]);
        dist[i] = e_distance(c.r, &p);
    }
    return d->n;
}

static size_t e_rot_contacts(const dataset *d, cb_circle c, baseline_econtact *out, uint32_t *idx)
{
    const baseline_erbox *b = d->erboxes;
    const float r2 = c.r * c.r;
    size_t count = 0;
    for (size_t i = 0; i < d->n; i++) {
        e_local p = e_rot_project(c.x, c.y, &b[i]);
        if (p.d2 + E_EPS >= r2) /* early out on squared lengths, touching excluded */
            continue;
        out[count] = e_rot_contact(c.r, &b[i], &p);
        idx[count++] = (uint32_t)i;
    }
    return count;
}

size_t baseline_e_distances(int s, const dataset *d, cb_circle c, float *dist)
{
    if (s == BASELINE_E_ROT)
        return e_rot_distances(d, c, dist);
    const baseline_ebox *b = d->eboxes;
    for (size_t i = 0; i < d->n; i++) {
        e_local p = e_project(c.x, c.y, b[i]);
        dist[i] = e_distance(c.r, &p);
    }
    return d->n;
}

size_t baseline_e_contacts(int s, const dataset *d, cb_circle c, baseline_econtact *out,
                           uint32_t *idx)
{
    if (s == BASELINE_E_ROT)
        return e_rot_contacts(d, c, out, idx);
    const baseline_ebox *b = d->eboxes;
    const float r2 = c.r * c.r;
    size_t count = 0;
    for (size_t i = 0; i < d->n; i++) {
        e_local p = e_project(c.x, c.y, b[i]);
        if (p.d2 + E_EPS >= r2) /* early out on squared lengths, touching excluded */
            continue;
        out[count] = e_contact(c.x, c.y, c.r, b[i], &p);
        idx[count++] = (uint32_t)i;
    }
    return count;
}

size_t baseline_run(int s, const dataset *d, int g, int k, uint64_t *mask)
{
    const cb_circle c = d->q[g][k];
    switch (s) {
    case 0:
        return run_a(c, d->centers, d->n, mask);
    case 1:
        return run_b(c, d->centers, d->n, mask);
    case 2:
        return run_c(c, d->corners, d->n, mask);
    case BASELINE_D: {
        /* an integer group's circle, or a float group's: the data are whole
         * numbers, so the SDL-style circle holds either exactly */
        const int in = group_integer(group_at(g));
        const baseline_icircle ic = {in ? d->qi[g][k].x : (int32_t)c.x,
                                     in ? d->qi[g][k].y : (int32_t)c.y,
                                     in ? d->qi[g][k].r : (int32_t)c.r};
        return run_d(ic, d->irects, d->n, mask);
    }
    case BASELINE_E_ROT:
        return run_e_rot(c, d->erboxes, d->n, mask);
    default:
        return run_e(c, d->centers, d->n, mask);
    }
}
