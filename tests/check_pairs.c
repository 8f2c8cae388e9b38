/* check_pairs.c - the checks of the pairs and candidates forms the Criterion suite test_pairs.c and the plain checker share: data, grids, guarded buffers, one call checked against testkit's reference or the scalar kernels, and the scenarios built from them (see check.h). */
#include "bits.h"
#include "check.h"
#include "fpctl.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * How these checks work
 *
 * Entries come from the library's table (TK_FOR_ENTRIES over its pairs and
 * candidates forms), never from a list here: a check picks the entries it
 * is about by their descriptors (form, output, element shape), so a new
 * entry is checked without editing this file. A GRID entry is checked on a
 * grid of each element shape (tb_pair_shapes), built from the same elements
 * the other entries read. Raw kernels are reached with cb_entry_kernel(e,
 * backend), the public functions with cb_entry_call(e, &args).
 *
 * The reference is testkit's (testkit/pairs.c, ref_entry_on): the
 * documented order, range, capacity and cursor rules written out one pair at
 * a time over reference.c's one-pair functions, independent of the library's
 * grids, culls, sorts and sinks (for a grid, on the arrays it was built
 * from). Candidates outputs are compared with testkit's output functions
 * (candidate k stands for element k). Inputs and outputs sit against guard
 * pages (tests/support.c), the subject's scratch too, so a read or write
 * past an array faults;
 * outputs are poisoned first, so a unit written that should not be shows
 * up. Every random stream comes from tb_rng_for: the printed CB_SEED
 * replays a failure, and every message prints it.
 */

int tb_hostile_env, tb_hostile_want;

/* ---------------------------------------------------------------- entries */

int tb_is_ranged(const cb_entry_info *d) { return d->form == CB_FORM_PAIRS; }

int tb_is_self(const cb_entry_info *d)
{
    return d->many == CB_SHAPE_SELF || d->many == CB_SHAPE_GRID_SELF;
}

size_t tb_find_pair_entry(cb_form f, cb_query q, cb_shape many, cb_output o)
{
    return tk_find_entry(f, q, CB_SHAPE_CIRCLE, many, CB_LAYOUT_SOA, o);
}

size_t tb_pair_shapes(const cb_entry_info *d, cb_shape shapes[3])
{
    if (d->many == CB_SHAPE_GRID) {
        shapes[0] = CB_SHAPE_BOX, shapes[1] = CB_SHAPE_CIRCLE, shapes[2] = CB_SHAPE_OBOX;
        return d->one == CB_SHAPE_SWEEP ? 2 : 3; /* sweeps: boxes and circles */
    }
    shapes[0] = d->many == CB_SHAPE_SELF || d->many == CB_SHAPE_GRID_SELF ? CB_SHAPE_CIRCLE
                                                                          : d->many;
    return 1;
}

/* --------------------------------------------------------------- subjects */

unsigned long long tb_env_enter(int mode)
{
    unsigned long long v = fpctl_read();
    if (mode & TB_TOWARD_ZERO)
        fpctl_write((v & ~FPCTL_ROUND) | FPCTL_TOWARD_ZERO);
    if (mode & TB_FLUSH)
        fpctl_set_flush(1, 1, 0);
    return v;
}

void tb_env_leave(unsigned long long saved, unsigned long long set, const char *who)
{
    unsigned long long after = fpctl_read();
    fpctl_write(saved);
    TB_ASSERT((after & ~FPCTL_FLAGS) == (set & ~FPCTL_FLAGS),
              "%s changed the caller's float control register: 0x%llx before, 0x%llx after", who,
              set, after);
}

size_t tb_prun(int s, const tb_pcall *c, const cb_args *a)
{
    cb_kernel_fn k = NULL;
    if (s != TB_PUBLIC) {
        k = cb_entry_kernel(c->e, (cb_backend)s);
        TB_ASSERT((k) != NULL, "backend %s is runnable but has no kernel for %s",
                  cb_backend_name((cb_backend)s), c->d->name);
    }
    if (!tb_hostile_env)
        return k ? k(a) : cb_entry_call(c->e, a);
    unsigned long long saved = tb_env_enter(tb_hostile_env), set = fpctl_read();
    size_t r = k ? k(a) : cb_entry_call(c->e, a);
    tb_env_leave(saved, set, c->d->name);
    return r;
}

const char *const tb_want_name[2] = {"the reference", "the scalar kernel"};

size_t tb_want_run(tb_want_kind w, const tb_pcall *c, const cb_args *a)
{
    if (w == TB_WANT_REF)
        return tb_is_ranged(c->d) ? ref_entry_on(c->d, a, &c->els) : ref_entry(c->d, a);
    cb_kernel_fn k = cb_entry_kernel(c->e, CB_BACKEND_SCALAR);
    TB_ASSERT((k) != NULL, "the scalar backend must always have a kernel (%s)", c->d->name);
    if (!tb_hostile_env || !tb_hostile_want)
        return k(a);
    unsigned long long saved = tb_env_enter(tb_hostile_env), set = fpctl_read();
    size_t r = k(a);
    tb_env_leave(saved, set, c->d->name);
    return r;
}

int tb_same_cursor(cb_pair_cursor x, cb_pair_cursor y)
{
    return x.circle == y.circle && x.element == y.element && x.end == y.end;
}

/* ------------------------------------------------------------- buffers */

tb_tail tb_tail_new(size_t bytes)
{
    tb_tail t = {(unsigned char *)tb_alloc_guarded(bytes, 0) + bytes, bytes};
    return t;
}

void *tb_tail_at(const tb_tail *t, size_t bytes)
{
    TB_ASSERT(bytes <= t->room, "test bug: %zu bytes asked of a tail of %zu", bytes, t->room);
    return t->end - bytes;
}

void tb_tail_free(tb_tail *t)
{
    tb_free(t->end - t->room);
    t->end = NULL;
}

void *tb_xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    TB_ASSERT((p) != NULL, "out of memory (%zu bytes)", bytes);
    return p;
}

/* The record arrays' element sizes, in cb_pair_contacts order. */
static const size_t rec_unit[7] = {sizeof(cb_pair), 4, 4, 4, 4, 4, 1};

cb_pair_contacts tb_precs_at(const tb_precs *r, size_t capacity)
{
    cb_pair_contacts c;
    c.pair = tb_tail_at(&r->t[0], capacity * rec_unit[0]);
    c.normal_x = tb_tail_at(&r->t[1], capacity * 4), c.normal_y = tb_tail_at(&r->t[2], capacity * 4);
    c.separation = tb_tail_at(&r->t[3], capacity * 4);
    c.point_x = tb_tail_at(&r->t[4], capacity * 4), c.point_y = tb_tail_at(&r->t[5], capacity * 4);
    c.feature = tb_tail_at(&r->t[6], capacity);
    return c;
}

static void *rec_array(const cb_pair_contacts *c, int k)
{
    void *a[7] = {c->pair, c->normal_x, c->normal_y, c->separation, c->point_x, c->point_y,
                  c->feature};
    return a[k];
}

/* ---------------------------------------------------------------- data */

const tb_placement tb_placements[TB_PLACEMENTS] = {{"end-of-page", 0, 0},
                                                   {"after-guard+1 float", 1, 4}};

static void pdata_views(tb_pdata *p)
{
    p->cs = tb_corpus_circles(&p->set);
    p->eb = tb_corpus_boxes(&p->els);
    p->ec = tb_corpus_circles(&p->els);
    p->eo = tb_corpus_oboxes(&p->els);
    size_t nc = p->set.n ? p->set.n : 1;
    p->dx = tb_alloc_guarded(nc * sizeof(float), 0);
    p->dy = tb_alloc_guarded(nc * sizeof(float), 0);
    memset(p->dx, 0, nc * sizeof(float)), memset(p->dy, 0, nc * sizeof(float));
    p->ws = (cb_sweep_soa){p->cs.x, p->cs.y, p->cs.r, p->dx, p->dy};
    for (int k = 0; k < 3; k++)
        p->grid_mem[k] = tb_xmalloc(cb_grid_size(p->els.n)), p->grid[k] = NULL;
    p->self_mem = tb_xmalloc(cb_grid_size(p->set.n)), p->self_grid = NULL;
}

void tb_pdata_init(tb_pdata *p, size_t nc, size_t m, const tb_placement *pl)
{
    p->set = tb_corpus_new_at(nc, pl->before, pl->offset);
    p->els = tb_corpus_new_at(m, pl->before, pl->offset);
    pdata_views(p);
}

void tb_pdata_of(tb_pdata *p, const tb_corpus *set, const tb_corpus *els)
{
    p->set = *set, p->els = *els;
    pdata_views(p);
}

const void *tb_els_of(const tb_pdata *p, cb_shape shape)
{
    return shape == CB_SHAPE_BOX      ? (const void *)&p->eb
           : shape == CB_SHAPE_CIRCLE ? (const void *)&p->ec
                                      : (const void *)&p->eo;
}

void tb_pdata_grids(tb_pdata *p)
{
    size_t m = p->els.n;
    p->grid[CB_SHAPE_BOX] = cb_grid_boxes(p->grid_mem[CB_SHAPE_BOX], &p->eb, m);
    p->grid[CB_SHAPE_CIRCLE] = cb_grid_circles(p->grid_mem[CB_SHAPE_CIRCLE], &p->ec, m);
    p->grid[CB_SHAPE_OBOX] = cb_grid_oboxes(p->grid_mem[CB_SHAPE_OBOX], &p->eo, m);
    p->self_grid = cb_grid_circles(p->self_mem, &p->cs, p->set.n);
    TB_ASSERT(p->self_grid && cb_grid_elements(p->self_grid, NULL) == p->set.n,
              "the grid of the set's %zu circles was not built", p->set.n);
    for (int k = 0; k < 3; k++) {
        cb_shape got = CB_SHAPE_GRID;
        TB_ASSERT(p->grid[k] && cb_grid_elements(p->grid[k], &got) == m && got == (cb_shape)k,
                  "the grid of %zu %s was not built (or says %zu elements of shape %d)", m,
                  tk_shape_name((cb_shape)k), p->grid[k] ? cb_grid_elements(p->grid[k], NULL) : 0,
                  (int)got);
    }
}

void tb_pdata_free_views(tb_pdata *p)
{
    tb_free(p->dx), tb_free(p->dy);
    for (int k = 0; k < 3; k++)
        free(p->grid_mem[k]);
    free(p->self_mem);
}

void tb_pdata_free(tb_pdata *p)
{
    tb_corpus_free(&p->set);
    tb_corpus_free(&p->els);
    tb_pdata_free_views(p);
}

tb_pcall tb_pcall_of(size_t e, const tb_pdata *p, cb_shape shape, unsigned flags, float margin)
{
    tb_pcall c;
    memset(&c, 0, sizeof c);
    c.e = e, c.d = tb_info(e);
    c.a.n_circles = p->set.n, c.a.flags = flags;
    if (c.d->one == CB_SHAPE_SWEEP)
        c.a.sweeps = &p->ws;
    else
        c.a.circles = &p->cs;
    c.a.margin = c.d->query == CB_QUERY_CONTACTS ? margin : 0.0f;
    c.els.shape = shape, c.els.els = tb_els_of(p, shape), c.els.m = p->els.n;
    if (c.d->many == CB_SHAPE_SELF) {
        c.els.els = &p->cs, c.els.m = p->set.n;
    } else if (c.d->many == CB_SHAPE_GRID_SELF) { /* a.circles: the reference's only */
        TB_ASSERT(p->self_grid != NULL, "test bug: %s: the grids were not built", c.d->name);
        c.els.els = &p->cs, c.els.m = p->set.n, c.a.many = p->self_grid;
    } else if (c.d->many == CB_SHAPE_GRID) {
        TB_ASSERT(p->grid[shape] != NULL, "test bug: %s: the grids were not built", c.d->name);
        c.a.many = p->grid[shape];
    } else {
        c.a.many = c.els.els, c.a.n = p->els.n;
    }
    return c;
}

size_t tb_below(tk_rng *r, size_t n) { return n ? (size_t)(tk_next(r) % n) : 0; }

const char *const tb_pair_kind_name[TB_ALL_KINDS] = {
    "random",   "dense",    "adversarial",     "exact-touching", "touching",
    "mixed",    "denormal", "scaled-touching", "clustered",      "one-column",
    "thin row", "one cell", "gaussian clusters", "huge among small", "circles outside",
    "a crowd of any density"};

/* A circle and a box centred at (x, y): radius r, sides w x h. */
static void set_element(tb_pdata *p, size_t j, float x, float y, float r, float w, float h)
{
    cb_box b = {x - 0.5f * w, y - 0.5f * h, x + 0.5f * w, y + 0.5f * h};
    cb_circle c = {x, y, r};
    tb_corpus_set_box(&p->els, j, b);
    tb_corpus_set_circle(&p->els, j, c);
}

/* mean 0, variance 1 (no libm) */
static float near_gauss(tk_rng *r)
{
    return (tk_uniform(r, 0, 1) + tk_uniform(r, 0, 1) + tk_uniform(r, 0, 1) +
            tk_uniform(r, 0, 1) - 2.0f) * 1.7320508f;
}

/* The level-like scenes (check.h). */
static void fill_level(tb_pdata *p, int kind, tk_rng *r)
{
    size_t nc = p->set.n, m = p->els.n;
    float cl[4][2], side = 0;
    for (int k = 0; k < 4; k++)
        cl[k][0] = tk_uniform(r, -500, 500), cl[k][1] = tk_uniform(r, -500, 500);
    if (kind == TB_K_DENSITY) { /* one crowd: sparse to every pair overlapping */
        static const float sides[5] = {2000, 200, 60, 20, 1};
        side = sides[tb_below(r, 5)];
    }
    for (size_t j = 0; j < m; j++) {
        float x, y, s = tk_uniform(r, 0.1f, 1), t = tk_uniform(r, 0.1f, 1);
        switch (kind) {
        case TB_K_ROW: x = tk_uniform(r, 0, 400), y = 10 + tk_uniform(r, 0, 0.25f); break;
        case TB_K_ONE_CELL: x = tk_uniform(r, 5, 6), y = tk_uniform(r, 5, 6); break;
        case TB_K_GAUSSIAN: {
            const float *c = cl[tb_below(r, 4)];
            x = c[0] + 3 * near_gauss(r), y = c[1] + 3 * near_gauss(r);
            break;
        }
        case TB_K_HUGE:
            x = tk_uniform(r, 0, 200), y = tk_uniform(r, 0, 200);
            if (tk_next(r) % 64 == 0)
                s = tk_uniform(r, 50, 150), t = tk_uniform(r, 50, 150);
            break;
        case TB_K_DENSITY: x = tk_uniform(r, 0, side), y = tk_uniform(r, 0, side); break;
        default: /* outside: the elements in [0, 100]^2 */
            x = tk_uniform(r, 0.5f, 99.5f), y = tk_uniform(r, 0.5f, 99.5f);
            break;
        }
        set_element(p, j, x, y, 0.5f * s, s, t);
    }
    for (size_t i = 0; i < nc; i++) {
        cb_circle c = {tk_uniform(r, 0, 400), tk_uniform(r, 0, 20), tk_uniform(r, 0.1f, 2)};
        switch (kind) {
        case TB_K_ONE_CELL: c.x = tk_uniform(r, 5, 6), c.y = tk_uniform(r, 5, 6); break;
        case TB_K_GAUSSIAN: {
            const float *g = cl[tb_below(r, 4)];
            c.x = g[0] + 3 * near_gauss(r), c.y = g[1] + 3 * near_gauss(r);
            c.r = tk_uniform(r, 0.05f, 0.5f);
            break;
        }
        case TB_K_HUGE: c.x = tk_uniform(r, 0, 200), c.y = tk_uniform(r, 0, 200); break;
        case TB_K_DENSITY: c.x = tk_uniform(r, 0, side), c.y = tk_uniform(r, 0, side); break;
        case TB_K_OUTSIDE: /* far from the elements' area; one in 8 touches a box at
                            * its edge (x = 100 or y = 100 exactly) */
            c.x = tk_uniform(r, 150, 400), c.y = tk_uniform(r, 150, 400);
            if (tk_next(r) % 8 == 0 && m) {
                cb_box b = p->els.boxes[tb_below(r, m)];
                c.r = 0.75f;
                if (tk_next(r) & 1)
                    c.x = b.max_x + c.r, c.y = b.min_y;
                else
                    c.x = b.min_x, c.y = b.max_y + c.r;
            }
            break;
        default: break; /* the row: across it */
        }
        tb_corpus_set_circle(&p->set, i, c);
    }
}

/* Circles and boxes crowded into 24 x 24: several hits per circle. */
static cb_circle dense_circle(tk_rng *r)
{
    cb_circle c;
    c.x = tk_uniform(r, 0, 24), c.y = tk_uniform(r, 0, 24), c.r = tk_uniform(r, 0.25f, 4);
    return c;
}

static cb_box dense_box(tk_rng *r)
{
    cb_box b;
    b.min_x = tk_uniform(r, 0, 24), b.min_y = tk_uniform(r, 0, 24);
    b.max_x = b.min_x + tk_uniform(r, 0.25f, 6), b.max_y = b.min_y + tk_uniform(r, 0.25f, 6);
    return b;
}

static float ulp_toward(float f, int dir) { return nextafterf(f, dir > 0 ? INFINITY : -INFINITY); }

/* A box or circle with every coordinate (and the radius) times 2^sc. */
static cb_box scaled_box(cb_box b, int sc)
{
    b.min_x = ldexpf(b.min_x, sc), b.min_y = ldexpf(b.min_y, sc);
    b.max_x = ldexpf(b.max_x, sc), b.max_y = ldexpf(b.max_y, sc);
    return b;
}

static cb_circle scaled_circle(cb_circle c, int sc)
{
    c.x = ldexpf(c.x, sc), c.y = ldexpf(c.y, sc), c.r = ldexpf(c.r, sc);
    return c;
}

/* Exact touching in small integers (a 3-4-5 corner, a straight side, two
 * circles whose centres are 5q apart with radii summing to 5q), where the
 * touching mode alone decides, some nudged one ulp in or out: every element
 * touches (or nearly) one circle of the set, as a box and as a circle (the
 * oriented boxes are the boxes' twins). */
static void fill_exact(tb_pdata *p, tk_rng *r)
{
    size_t nc = p->set.n;
    for (size_t i = 0; i < nc; i++) {
        cb_circle c;
        c.x = (float)tb_below(r, 41) - 20.f, c.y = (float)tb_below(r, 41) - 20.f;
        c.r = 5.f * (float)(1 + tb_below(r, 3));
        tb_corpus_set_circle(&p->set, i, c);
    }
    for (size_t j = 0; j < p->els.n; j++) {
        cb_circle c = {0, 0, 5};
        if (nc)
            c = p->set.circles[tb_below(r, nc)];
        float k = c.r / 5.f;
        uint64_t bits = tk_next(r);
        float sx = (bits & 1) ? 1.f : -1.f, sy = (bits & 2) ? 1.f : -1.f;
        float a = (bits & 4) ? 4.f : 3.f, b = 7.f - a; /* (3, 4) or (4, 3) */
        float w = (float)(1 + tb_below(r, 8)), h = (float)(1 + tb_below(r, 8));
        int nudge = (int)((bits >> 3) % 5) - 2; /* one ulp in or out when +-1 */
        cb_box x;
        if ((bits >> 6) % 3) { /* the box's near corner on the circle */
            float px = c.x + sx * a * k, py = c.y + sy * b * k;
            if (nudge == 1 || nudge == -1)
                px = ulp_toward(px, nudge);
            x.min_x = sx > 0 ? px : px - w, x.max_x = sx > 0 ? px + w : px;
            x.min_y = sy > 0 ? py : py - h, x.max_y = sy > 0 ? py + h : py;
        } else { /* its near side, spanning the centre's height */
            float px = c.x + sx * c.r;
            if (nudge == 1 || nudge == -1)
                px = ulp_toward(px, nudge);
            x.min_x = sx > 0 ? px : px - w, x.max_x = sx > 0 ? px + w : px;
            x.min_y = c.y - (float)tb_below(r, 4), x.max_y = c.y + (float)tb_below(r, 4);
        }
        float q = k + (float)(1 + tb_below(r, 3));
        cb_circle o = {c.x + sx * a * q, c.y + sy * b * q, 5.f * (q - k)};
        if ((bits >> 9) % 3 == 0)
            o.r = ulp_toward(o.r, (bits >> 11) & 1 ? 1 : -1);
        tb_corpus_set_box(&p->els, j, x);
        tb_corpus_set_circle(&p->els, j, o);
    }
}

/* Fills p with data of one kind; the same (kind, stream) gives the same
 * data for every subject. Then builds the grids of the elements. */
void tb_pair_fill_kind(tb_pdata *p, int kind, tk_rng *r)
{
    size_t nc = p->set.n, m = p->els.n;
    switch (kind) {
    case TB_K_RANDOM: /* support's realistic data; circle i of the set is often
                    * element circle i, which sits on the edge of box i */
        tb_corpus_fill_random(&p->els, r);
        tb_corpus_fill_random(&p->set, r);
        for (size_t i = 0; i < nc && i < m; i++)
            if (tk_next(r) & 1)
                tb_corpus_set_circle(&p->set, i, p->els.circles[i]);
        break;
    case TB_K_ADVERSARIAL:
        tb_corpus_fill_adversarial(&p->els, r);
        tb_corpus_fill_adversarial(&p->set, r);
        break;
    case TB_K_EXACT: fill_exact(p, r); break;
    case TB_K_SCALED: { /* exact touching scaled by a power of two, tiny to huge: the
                         * grid's relative and absolute slacks at work */
        static const int scales[6] = {-120, -70, -30, 30, 70, 100};
        int sc = scales[tb_below(r, 6)];
        fill_exact(p, r);
        for (size_t j = 0; j < m; j++) {
            tb_corpus_set_box(&p->els, j, scaled_box(p->els.boxes[j], sc));
            tb_corpus_set_circle(&p->els, j, scaled_circle(p->els.circles[j], sc));
        }
        for (size_t i = 0; i < nc; i++)
            tb_corpus_set_circle(&p->set, i, scaled_circle(p->set.circles[i], sc));
        break;
    }
    case TB_K_TOUCHING: { /* support's touching data: every box and oriented box touches
                        * tc, and the circles of both sides touch tbx (or its twin) */
        cb_circle tc;
        cb_box tbx;
        tc.x = tk_uniform(r, 0, 256), tc.y = tk_uniform(r, 0, 256), tc.r = tk_uniform(r, 0.5f, 16);
        tbx.min_x = tk_uniform(r, 0, 256), tbx.min_y = tk_uniform(r, 0, 256);
        tbx.max_x = tbx.min_x + tk_uniform(r, 0.5f, 16);
        tbx.max_y = tbx.min_y + tk_uniform(r, 0.5f, 16);
        tb_corpus_fill_touching(&p->els, r, tc, tbx);
        tb_corpus_fill_touching(&p->set, r, tc, tbx);
        for (size_t i = 0; i < nc; i += 2)
            tb_corpus_set_circle(&p->set, i, tc);
        break;
    }
    case TB_K_TINY: { /* crowded data scaled down: the inputs denormal (2^-136), or their
                    * squares (2^-75), or near the bottom of the normal range (2^-66) */
        static const int scales[3] = {-136, -75, -66};
        int sc = scales[tb_below(r, 3)];
        for (size_t j = 0; j < m; j++) {
            cb_box b = dense_box(r); /* drawn in this order: the seeds' corpora stay */
            cb_circle c = dense_circle(r);
            tb_corpus_set_box(&p->els, j, scaled_box(b, sc));
            tb_corpus_set_circle(&p->els, j, scaled_circle(c, sc));
        }
        for (size_t i = 0; i < nc; i++)
            tb_corpus_set_circle(&p->set, i, scaled_circle(dense_circle(r), sc));
        break;
    }
    case TB_K_CLUSTERED: { /* every circle, and most elements, within one small spot
                         * (one cell of any grid), a few elements far away */
        float cx = tk_uniform(r, -1000, 1000), cy = tk_uniform(r, -1000, 1000);
        for (size_t i = 0; i < nc; i++) {
            cb_circle c = {cx + tk_uniform(r, 0, 1), cy + tk_uniform(r, 0, 1), tk_uniform(r, 0, 0.5f)};
            tb_corpus_set_circle(&p->set, i, c);
        }
        for (size_t j = 0; j < m; j++) {
            float far = (tk_next(r) % 8 == 0) ? tk_uniform(r, 100, 5000) : 0;
            float x = cx + far + tk_uniform(r, -1, 2), y = cy + tk_uniform(r, -1, 2);
            cb_box b = {x, y, x + tk_uniform(r, 0, 0.5f), y + tk_uniform(r, 0, 0.5f)};
            cb_circle c = {x, y, tk_uniform(r, 0, 0.5f)};
            tb_corpus_set_box(&p->els, j, b);
            tb_corpus_set_circle(&p->els, j, c);
        }
        break;
    }
    case TB_K_COLUMN: { /* every element in one narrow column, tall; the circles across it */
        for (size_t j = 0; j < m; j++) {
            float y = tk_uniform(r, 0, 400), h = tk_uniform(r, 0, 3);
            cb_box b = {10.0f, y, 10.0f + tk_uniform(r, 0, 0.25f), y + h};
            cb_circle c = {10.0f, y, tk_uniform(r, 0, 2)};
            tb_corpus_set_box(&p->els, j, b);
            tb_corpus_set_circle(&p->els, j, c);
        }
        for (size_t i = 0; i < nc; i++) {
            cb_circle c = {tk_uniform(r, 0, 20), tk_uniform(r, 0, 400), tk_uniform(r, 0, 6)};
            tb_corpus_set_circle(&p->set, i, c);
        }
        break;
    }
    case TB_K_ROW:
    case TB_K_ONE_CELL:
    case TB_K_GAUSSIAN:
    case TB_K_HUGE:
    case TB_K_OUTSIDE:
    case TB_K_DENSITY: fill_level(p, kind, r); break;
    default: /* dense, and mixed: dense with adversarial values strewn in */
        for (size_t j = 0; j < m; j++) {
            cb_box b = dense_box(r);
            cb_circle c = dense_circle(r);
            if (kind == TB_K_MIXED && tk_next(r) % 4 == 0) {
                float *f[7] = {&b.min_x, &b.min_y, &b.max_x, &b.max_y, &c.x, &c.y, &c.r};
                *f[tb_below(r, 7)] = tb_any_adversarial(r);
                *f[tb_below(r, 7)] = tb_any_adversarial(r);
            }
            tb_corpus_set_box(&p->els, j, b);
            tb_corpus_set_circle(&p->els, j, c);
            if (kind == TB_K_MIXED && tk_next(r) % 8 == 0)
                tb_corpus_set_obox(&p->els, j, tb_any_obox(r));
        }
        for (size_t i = 0; i < nc; i++) {
            cb_circle c = dense_circle(r);
            if (kind == TB_K_MIXED && tk_next(r) % 4 == 0) {
                float *f[3] = {&c.x, &c.y, &c.r};
                *f[tb_below(r, 3)] = tb_any_adversarial(r);
            }
            tb_corpus_set_circle(&p->set, i, c);
        }
        break;
    }
    tk_sweep_moves(&p->cs, nc, p->dx, p->dy);
    tb_pdata_grids(p);
}

static int cmp_pair_up(const void *x, const void *y)
{
    const cb_pair *a = x, *b = y;
    return a->i != b->i ? (a->i > b->i) - (a->i < b->i) : (a->j > b->j) - (a->j < b->j);
}
static int cmp_pair_down(const void *x, const void *y) { return cmp_pair_up(y, x); }

/* n candidate pairs of a set of nc circles and m elements (both > 0 when n
 * > 0), repeats allowed, in one of several shapes of list: random, one
 * pair over and over, the last pair interleaved, ascending (as a broad
 * phase emits them), descending. */
void tb_fill_candidates(cb_pair *c, size_t n, size_t nc, size_t m, tk_rng *r)
{
    unsigned shape = (unsigned)(tk_next(r) % 6);
    for (size_t k = 0; k < n; k++) {
        c[k].i = (uint32_t)tb_below(r, nc), c[k].j = (uint32_t)tb_below(r, m);
        if (shape == 1 && k)
            c[k] = c[0];
        if (shape == 2 && k % 2)
            c[k].i = (uint32_t)(nc - 1), c[k].j = (uint32_t)(m - 1);
    }
    if (shape == 3)
        qsort(c, n, sizeof *c, cmp_pair_up);
    if (shape == 4)
        qsort(c, n, sizeof *c, cmp_pair_down);
}

/* ------------------------------------------------------- one call, checked */

void tb_pbufs_init(tb_pbufs *x, size_t nc, size_t m, size_t n, int before, size_t misalign)
{
    /* every pair, + 16: room for capacities past the count */
    tb_pbufs_init_room(x, nc, m, n, before, misalign, nc * (m > nc ? m : nc) + 16);
}

void tb_pbufs_init_room(tb_pbufs *x, size_t nc, size_t m, size_t n, int before, size_t misalign,
                        size_t room)
{
    size_t ne = cb_entry_count();
    memset(x, 0, sizeof *x);
    x->nc = nc, x->m = m, x->n = n;
    x->room = room;
    x->words = m / 64 + (m % 64 != 0);
    x->pairs = tb_tail_new(x->room * sizeof(cb_pair));
    x->matrix = tb_tail_new(nc * x->words * sizeof(uint64_t));
    x->cands = tb_tail_new(n * sizeof(cb_pair));
    size_t sb = cb_pairs_scratch_size(nc, m > nc ? m : nc);
    TB_ASSERT(sb != SIZE_MAX, "cb_pairs_scratch_size(%zu, %zu) is SIZE_MAX", nc, m);
    x->scratch = tb_tail_new(sb);
    x->ref_scratch = tb_xmalloc(sb);
    x->recs.room = x->room;
    void *ra[7];
    for (int k = 0; k < 7; k++)
        x->recs.t[k] = tb_tail_new(x->room * rec_unit[k]), ra[k] = tb_xmalloc(x->room * rec_unit[k]);
    cb_pair_contacts rc = {ra[0], ra[1], ra[2], ra[3], ra[4], ra[5], ra[6]};
    x->ref_recs = rc;
    x->ref_pairs = tb_xmalloc(x->room * sizeof(cb_pair));
    x->ref_matrix = tb_xmalloc(nc * x->words * sizeof(uint64_t));
    x->sub = calloc(ne, sizeof *x->sub), x->ref = calloc(ne, sizeof *x->ref);
    TB_ASSERT(x->sub && x->ref, "assertion failed: x->sub && x->ref");
    TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_CANDIDATES)) {
        tb_out_new(&x->sub[e], tb_info(e), n, before, misalign);
        tk_out_malloc_padded(&x->ref[e], tb_info(e), n);
    }
}

void tb_pbufs_free(tb_pbufs *x)
{
    TK_FOR_ENTRIES(e, TK_FORM(CB_FORM_CANDIDATES))
        tk_out_free(&x->sub[e]), tk_out_free(&x->ref[e]);
    for (int k = 0; k < 7; k++)
        tb_tail_free(&x->recs.t[k]), free(rec_array(&x->ref_recs, k));
    free(x->sub), free(x->ref), free(x->ref_pairs), free(x->ref_matrix), free(x->ref_scratch);
    tb_tail_free(&x->pairs), tb_tail_free(&x->matrix), tb_tail_free(&x->cands);
    tb_tail_free(&x->scratch);
}

cb_pair *tb_cands_of(const tb_pbufs *x) { return tb_tail_at(&x->cands, x->n * sizeof(cb_pair)); }

/* The subject's scratch: the guarded tail, or NULL for the public
 * functions when x says so (they allocate it). */
static void *sub_scratch(int s, const tb_pbufs *x, const tb_pcall *c)
{
    if (!tb_is_ranged(c->d) || c->d->many == CB_SHAPE_GRID)
        return NULL;
    if (s == TB_PUBLIC && x->without_scratch)
        return NULL;
    return tb_tail_at(&x->scratch, x->scratch.room);
}

/* Describes pair (i, j) of call c, for messages. */
static const char *pair_text(const tb_pcall *c, size_t i, size_t j, char *buf, size_t size)
{
    if (i >= c->a.n_circles || j >= c->els.m) {
        snprintf(buf, size, "(%zu, %zu): out of range", i, j);
        return buf;
    }
    return tk_describe_pair(&c->a, &c->els, i, j, buf, size);
}

/* A list call checked: as tb_check_list, or, with *known (want, its
 * cursor, and the other side's list already in x->ref_pairs or
 * x->ref_recs for this start and room for at least `capacity`), against
 * that answer without running the other side again. */
typedef struct {
    size_t want;
    cb_pair_cursor cursor;
} known_list;

static size_t check_list(int s, const tb_pcall *c, tb_pbufs *x, cb_pair_cursor start,
                         size_t capacity, int count_only, tb_want_kind wk, const tb_pwhere *w,
                         cb_pair_cursor *after, const known_list *known)
{
    int recs = tk_has_records(c->d);
    TB_ASSERT(capacity <= x->room, "test bug: capacity %zu, room %zu", capacity, x->room);
    cb_args a = c->a;
    cb_pair_cursor sc = start, rc = start;
    cb_pair_contacts so = tb_precs_at(&x->recs, capacity);
    cb_pair *sp = tb_tail_at(&x->pairs, capacity * sizeof(cb_pair));
    cb_pair_sweep_hits sh, rh;
    if (recs) {
        for (int k = 0; k < 7; k++)
            memset(rec_array(&so, k), TB_POISON, capacity * rec_unit[k]);
    } else {
        memset(sp, TB_POISON, capacity * sizeof *sp);
    }
    /* the other side, from the same cursor */
    size_t want;
    if (known) {
        want = known->want, rc = known->cursor;
    } else {
        a.cursor = &rc, a.scratch = x->ref_scratch;
        a.out = count_only ? NULL : tk_list_out(c->d, x->ref_pairs, &x->ref_recs, &rh);
        a.capacity = count_only ? 0 : capacity;
        want = tb_want_run(wk, c, &a);
    }
    a.cursor = &sc, a.scratch = sub_scratch(s, x, c);
    a.out = count_only ? NULL : tk_list_out(c->d, sp, &so, &sh);
    a.capacity = count_only ? 0 : capacity;
    size_t got = tb_prun(s, c, &a);
    const cb_pair *gp = recs ? so.pair : sp, *wp = recs ? x->ref_recs.pair : x->ref_pairs;
    size_t k = count_only ? 0 : got < capacity ? got : capacity;
    size_t kw = count_only ? 0 : want < capacity ? want : capacity;
    /* the pairs first: a wrong count then shows its first wrong pair */
    for (size_t q = 0; q < k || q < kw; q++) {
        if (q < k && q < kw && gp[q].i == wp[q].i && gp[q].j == wp[q].j)
            continue;
        char mine[400] = "(none)", theirs[400] = "(none)";
        if (q < k)
            pair_text(c, gp[q].i, gp[q].j, mine, sizeof mine);
        if (q < kw)
            pair_text(c, wp[q].i, wp[q].j, theirs, sizeof theirs);
        tb_fail("pair %zu: returned %zu, %s %zu; the subject's pair %zu [%s], %s's [%s] (from "
                "cursor " TB_CUR_FMT ", capacity %zu): " TB_PW_FMT,
                q, got, tb_want_name[wk], want, q, mine, tb_want_name[wk], theirs,
                TB_CUR_ARGS(start), capacity, TB_PW_ARGS(c, w));
    }
    TB_ASSERT((got) == (want),
              "returned %zu, %s %zu (from cursor " TB_CUR_FMT ", capacity %zu%s): " TB_PW_FMT, got,
              tb_want_name[wk], want, TB_CUR_ARGS(start), capacity,
              count_only ? ", count only" : "", TB_PW_ARGS(c, w));
    TB_ASSERT(tb_same_cursor(sc, rc),
              "cursor after the call " TB_CUR_FMT ", %s " TB_CUR_FMT " (from " TB_CUR_FMT
              ", capacity %zu%s, %zu pairs): " TB_PW_FMT,
              TB_CUR_ARGS(sc), tb_want_name[wk], TB_CUR_ARGS(rc), TB_CUR_ARGS(start), capacity,
              count_only ? ", count only" : "", got, TB_PW_ARGS(c, w));
    if (recs) {
        static const char *const what[7] = {"pair",    "normal_x", "normal_y", "separation (t)",
                                            "point_x", "point_y",  "feature"};
        for (int r = 1; r < 7; r++) {
            const unsigned char *g = rec_array(&so, r), *h = rec_array(&x->ref_recs, r);
            for (size_t q = 0; q < k; q++) {
                if (memcmp(g + q * rec_unit[r], h + q * rec_unit[r], rec_unit[r]) == 0)
                    continue;
                char pt[400];
                pair_text(c, gp[q].i, gp[q].j, pt, sizeof pt);
                tb_fail("record %zu [%s]: %s differs from %s's (bytes %02x.. vs %02x..): " TB_PW_FMT,
                        q, pt, what[r], tb_want_name[wk], g[q * rec_unit[r]], h[q * rec_unit[r]],
                        TB_PW_ARGS(c, w));
            }
        }
    }
    /* nothing written past the count in the pairs; the other record arrays
     * may hold anything there, up to capacity (cbatch.h), but not past it:
     * the guard pages see to that */
    for (int r = 0; r < 1; r++) {
        const unsigned char *rest =
            (const unsigned char *)(recs ? rec_array(&so, r) : (void *)sp) + k * rec_unit[r];
        for (size_t b = 0; b < (capacity - k) * rec_unit[r]; b++)
            TB_ASSERT((rest[b]) == (TB_POISON),
                      "wrote into the room past the %zu %s it returned (array %d, byte %zu; "
                      "capacity %zu): " TB_PW_FMT,
                      k, recs ? "records" : "pairs", r, b, capacity, TB_PW_ARGS(c, w));
    }
    if (after)
        *after = sc;
    tb_calls_compared++;
    return got;
}

size_t tb_check_list(int s, const tb_pcall *c, tb_pbufs *x, cb_pair_cursor start, size_t capacity,
                     int count_only, tb_want_kind wk, const tb_pwhere *w, cb_pair_cursor *after)
{
    return check_list(s, c, x, start, capacity, count_only, wk, w, after, NULL);
}

size_t tb_check_matrix(int s, const tb_pcall *c, tb_pbufs *x, cb_pair_cursor start,
                       tb_want_kind wk, const tb_pwhere *w)
{
    size_t words = c->els.m / 64 + (c->els.m % 64 != 0), all = c->a.n_circles * words;
    uint64_t *out = tb_tail_at(&x->matrix, all * sizeof(uint64_t));
    memset(out, TB_POISON, all * sizeof *out);
    memset(x->ref_matrix, TB_POISON, all * sizeof *out);
    cb_args a = c->a;
    cb_pair_cursor sc = start, rc = start;
    a.cursor = &rc, a.out = x->ref_matrix, a.scratch = x->ref_scratch;
    size_t want = tb_want_run(wk, c, &a);
    a.cursor = &sc, a.out = out, a.scratch = sub_scratch(s, x, c);
    size_t got = tb_prun(s, c, &a);
    TB_ASSERT((got) == (want), "returned %zu, %s %zu (rows from " TB_CUR_FMT "): " TB_PW_FMT, got,
              tb_want_name[wk], want, TB_CUR_ARGS(start), TB_PW_ARGS(c, w));
    TB_ASSERT(tb_same_cursor(sc, rc), "cursor after " TB_CUR_FMT ", %s " TB_CUR_FMT ": " TB_PW_FMT,
              TB_CUR_ARGS(sc), tb_want_name[wk], TB_CUR_ARGS(rc), TB_PW_ARGS(c, w));
    for (size_t q = 0; q < all; q++) {
        if (out[q] == x->ref_matrix[q])
            continue;
        size_t i = q / words, t = q % words, bit = 0;
        while (!((out[q] ^ x->ref_matrix[q]) >> bit & 1))
            bit++;
        char pt[400] = "a bit past m";
        if (t * 64 + bit < c->els.m)
            pair_text(c, i, t * 64 + bit, pt, sizeof pt);
        tb_fail("row %zu (rows from " TB_CUR_FMT "), word %zu: 0x%016" PRIx64 ", %s 0x%016" PRIx64
                "; first different bit %zu: %s: " TB_PW_FMT,
                i, TB_CUR_ARGS(start), t, out[q], tb_want_name[wk], x->ref_matrix[q], bit, pt,
                TB_PW_ARGS(c, w));
    }
    tb_calls_compared++;
    return got;
}

size_t tb_check_listed(int s, const tb_pcall *c, tb_pbufs *x, tb_want_kind wk, const tb_pwhere *w)
{
    const cb_entry_info *fd = c->d;
    tk_out *so = &x->sub[c->e], *ro = &x->ref[c->e];
    cb_args a = c->a;
    a.candidates = tb_cands_of(x), a.n_candidates = x->n;
    tk_out_fill(so, TB_POISON), tk_out_fill_pads(so, TB_CANARY);
    tk_out_fill(ro, 0x5A), tk_out_fill_pads(ro, TB_CANARY);
    a.out = ro->out;
    size_t want = tb_want_run(wk, c, &a);
    a.out = so->out;
    size_t got = tb_prun(s, c, &a);
    TB_ASSERT(tk_out_pads_intact(so, TB_CANARY) && tk_out_intact(so),
              "wrote outside its output arrays (room for n) or into the cb_contacts: " TB_PW_FMT,
              TB_PW_ARGS(c, w));
    TB_ASSERT(tk_out_pads_intact(ro, TB_CANARY), "%s wrote outside its arrays: " TB_PW_FMT,
              tb_want_name[wk], TB_PW_ARGS(c, w));
    char why[320];
    if (!tk_same_output(fd, a.n_candidates, got, so->out, want, ro->out, why, sizeof why)) {
        size_t k = tk_first_difference(fd, a.n_candidates, got, so->out, want, ro->out);
        char pt[400] = "no candidate differs (the difference is in the count)";
        if (k < a.n_candidates)
            pair_text(c, a.candidates[k].i, a.candidates[k].j, pt, sizeof pt);
        tb_fail("against %s: %s (format of %s); first candidate differing: %zu: %s: " TB_PW_FMT,
                tb_want_name[wk], why, fd->name, k, pt, TB_PW_ARGS(c, w));
    }
    TB_ASSERT(tk_check_format(fd, a.n_candidates, got, so->out, why, sizeof why), "%s: " TB_PW_FMT, why,
              TB_PW_ARGS(c, w));
    tb_calls_compared++;
    if (fd->output == CB_OUTPUT_TIMES) { /* dense: its hits are the times in [0, 1] */
        size_t hit = 0;
        for (size_t k = 0; k < a.n_candidates; k++)
            hit += ((const float *)so->out)[k] <= 1.0f;
        return hit;
    }
    return got;
}

size_t tb_check_entry(int s, const tb_pcall *c, tb_pbufs *x, tb_want_kind wk, const tb_pwhere *w)
{
    cb_pair_cursor start = {0, 0, 0, 0};
    switch (c->d->output) {
    case CB_OUTPUT_PAIRS:
    case CB_OUTPUT_PAIR_FIRST_HITS:
    case CB_OUTPUT_PAIR_CONTACTS: {
        /* the other side once, with room for all and one more; then the
         * subject's count (the cursor keeps its place but for its end), and
         * its whole list with room for one more pair: a call that returns
         * less than its capacity has done its range */
        cb_pair_sweep_hits rh;
        cb_args a = c->a;
        known_list k;
        k.cursor = start;
        a.cursor = &k.cursor, a.scratch = x->ref_scratch, a.capacity = x->room;
        a.out = tk_list_out(c->d, x->ref_pairs, &x->ref_recs, &rh);
        k.want = tb_want_run(wk, c, &a);
        size_t n = k.want;
        TB_ASSERT(n < x->room, "test bug: %zu pairs, room for %zu", n, x->room);
        known_list count = {n, {0, 0, c->a.n_circles, 0}};
        cb_pair_cursor counted;
        check_list(s, c, x, start, 0, 1, wk, w, &counted, &count);
        cb_pair_cursor after;
        size_t got = check_list(s, c, x, counted, n + 1, 0, wk, w, &after, &k);
        cb_pair_cursor end = {c->a.n_circles, 0, c->a.n_circles, 0};
        TB_ASSERT(got == n && tb_same_cursor(after, end),
                  "room for all %zu pairs, but %zu were written and the cursor is " TB_CUR_FMT
                  ", not " TB_CUR_FMT ": " TB_PW_FMT,
                  n, got, TB_CUR_ARGS(after), TB_CUR_ARGS(end), TB_PW_ARGS(c, w));
        return got;
    }
    case CB_OUTPUT_MATRIX:
        return tb_check_matrix(s, c, x, start, wk, w);
    default:
        return tb_check_listed(s, c, x, wk, w);
    }
}

/* ------------------------------------------------------------ scenarios */

/* Set sizes: none, every small count and 17 (the cull takes over when the
 * elements outnumber the circles 8 times). Element counts: none, the vector
 * widths and their neighbours, every count around 64 and 128. */
static const size_t set_sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 17};
static const size_t elem_counts[] = {0,  1,  2,  3,  4,  5,  7,  8,  9,   15,  16,  17, 31,
                                     32, 33, 47, 63, 64, 65, 66, 95, 127, 128, 129, 200};

size_t tb_pair_check_reference(int sp, int rounds, size_t n_counts)
{
    const char *subject = sp == TB_PUBLIC ? "public" : cb_backend_name((cb_backend)sp);
    size_t n_elem = sizeof elem_counts / sizeof elem_counts[0];
    if (n_counts < n_elem)
        n_elem = n_counts;
    size_t ne = cb_entry_count();
    size_t *hits = calloc(ne, sizeof *hits), *seen = calloc(ne, sizeof *seen);
    size_t *decided = calloc(ne, sizeof *decided), calls = 0;
    TB_ASSERT(hits && seen && decided, "assertion failed: hits && seen && decided");
    enum { N_SETS = sizeof set_sizes / sizeof set_sizes[0] };
    for (size_t pl = 0; pl < sizeof tb_placements / sizeof tb_placements[0]; pl++) {
        /* the sets of each size, and per element count the elements and
         * the buffers, allocated once and filled anew for each call */
        tb_corpus sets[N_SETS];
        for (size_t ni = 0; ni < N_SETS; ni++)
            sets[ni] =
                tb_corpus_new_at(set_sizes[ni], tb_placements[pl].before, tb_placements[pl].offset);
        for (size_t mi = 0; mi < n_elem; mi++) {
            size_t m = elem_counts[mi], ncand = m ? 1 + (2 * m + 37) % 150 : 0;
            tb_corpus els = tb_corpus_new_at(m, tb_placements[pl].before, tb_placements[pl].offset);
            tb_pbufs x;
            tb_pbufs_init(&x, set_sizes[N_SETS - 1], m, ncand, (int)pl, pl);
            for (size_t ni = 0; ni < N_SETS; ni++) {
                size_t nc = set_sizes[ni];
                tb_pdata p;
                tb_pdata_of(&p, &sets[ni], &els);
                x.n = nc ? ncand : 0; /* candidates name circles */
                for (int round = 0; round < rounds; round++)
                    for (int kind = 0; kind < TB_PAIR_KINDS; kind++) {
                        tk_rng r = tb_rng_for(0x9100000u +
                                              (((m * 32 + nc) * 16 + (size_t)kind) * 2 + pl) * 64 +
                                              (size_t)round);
                        tb_pair_fill_kind(&p, kind, &r);
                        tb_fill_candidates(tb_cands_of(&x), x.n, nc, m, &r);
                        tb_pwhere w = {subject, tb_pair_kind_name[kind], tb_placements[pl].name};
                        x.without_scratch = (kind + (int)mi) % 3 == 0;
                        TK_FOR_ENTRIES(e, TK_PAIRED) {
                            const cb_entry_info *d = tb_info(e);
                            cb_shape shapes[3];
                            size_t nsh = tb_pair_shapes(d, shapes);
                            /* a grid entry: one shape per call, in turn */
                            cb_shape sh = shapes[(mi + ni + (size_t)kind) % nsh];
                            size_t count[2];
                            for (unsigned f = 0; f <= CB_STRICT; f++) {
                                float mg = tb_margins[(mi + ni + (size_t)kind + f) % tb_margin_count];
                                tb_pcall c = tb_pcall_of(e, &p, sh, f, mg);
                                count[f] = tb_check_entry(sp, &c, &x, tb_want_for(sp), &w);
                                hits[e] += count[f];
                                seen[e] += tb_is_ranged(d) ? nc * c.els.m : x.n;
                                calls++;
                            }
                            decided[e] += count[0] != count[1];
                        }
                    }
                tb_pdata_free_views(&p);
            }
            tb_pbufs_free(&x);
            tb_corpus_free(&els);
        }
        for (size_t ni = 0; ni < N_SETS; ni++)
            tb_corpus_free(&sets[ni]);
    }
    TK_FOR_ENTRIES(e, TK_PAIRED) {
        const cb_entry_info *d = tb_info(e);
        TB_ASSERT(hits[e] > 0 && hits[e] < seen[e], "%s: %zu hits of %zu pairs: proves little",
                  d->name, hits[e], seen[e]);
        if (d->query == CB_QUERY_OVERLAP)
            TB_ASSERT((decided[e]) > (0), "%s: CB_STRICT never changed a count: touching untested",
                      d->name);
    }
    free(hits), free(seen), free(decided);
    return calls;
}

/* A list taken `cap` pairs at a time from the start (at most about 16
 * pieces: cap grows with n), each call checked against the other side from
 * the same cursor; the pieces must join into the whole list (n pairs).
 * Returns the calls. */
static size_t check_pieces(int s, const tb_pcall *c, tb_pbufs *x, size_t cap, size_t n,
                           tb_want_kind wk, const tb_pwhere *w)
{
    cb_pair_cursor cur = {0, 0, 0, 0};
    cap = cap > n / 16 ? cap : n / 16;
    size_t got = 0, calls = 0;
    for (;;) {
        size_t k = tb_check_list(s, c, x, cur, cap, 0, wk, w, &cur);
        got += k, calls++;
        TB_ASSERT(k <= cap && got <= n, "%zu pairs in pieces of %zu, more than the %zu: " TB_PW_FMT,
                  got, cap, n, TB_PW_ARGS(c, w));
        if (cur.circle == cur.end)
            break;
        TB_ASSERT(k == cap, "a call wrote %zu of room %zu but the range is not done (cursor "
                  TB_CUR_FMT "): " TB_PW_FMT, k, cap, TB_CUR_ARGS(cur), TB_PW_ARGS(c, w));
    }
    TB_ASSERT(got == n, "the pieces of %zu add up to %zu pairs, the whole list has %zu: " TB_PW_FMT,
              cap, got, n, TB_PW_ARGS(c, w));
    return calls;
}

size_t tb_pair_check_dispatched(int b)
{
    TB_ASSERT((cb_set_backend((cb_backend)b)) == (CB_OK), "cb_set_backend(%s) failed",
              cb_backend_name((cb_backend)b));
    TB_ASSERT((cb_active_backend()) == ((cb_backend)b), "cb_set_backend(%s) did not make it active",
              cb_backend_name((cb_backend)b));
    static const size_t shapes[][2] = {{0, 0}, {1, 1}, {5, 64}, {7, 130}, {17, 200}, {4, 1000}};
    /* a sampled run: m up to 200 */
    size_t nshapes = sizeof shapes / sizeof shapes[0] - (tb_sampled() ? 1 : 0);
    static const unsigned flag_set[] = {0, CB_STRICT, CB_TRUST_FENV, CB_STRICT | CB_TRUST_FENV};
    size_t calls = 0;
    for (size_t k = 0; k < nshapes; k++)
        for (int kind = 0; kind < TB_PAIR_KINDS; kind++) {
            size_t nc = shapes[k][0], m = shapes[k][1];
            size_t ncand = nc && m ? 97 : 0;
            const tb_placement *pl = &tb_placements[(k + (size_t)kind) % 2];
            tb_pdata p;
            tb_pdata_init(&p, nc, m, pl);
            tk_rng r = tb_rng_for(0x9800000u + k * 16 + (size_t)kind);
            tb_pair_fill_kind(&p, kind, &r);
            tb_pbufs x;
            tb_pbufs_init(&x, nc, m, ncand, 0, 0);
            tb_fill_candidates(tb_cands_of(&x), ncand, nc, m, &r);
            tb_pwhere w = {"public", tb_pair_kind_name[kind], pl->name};
            for (int hostile = 0; hostile < 1 + ((kind == TB_K_ADVERSARIAL || kind == TB_K_TINY) &&
                                                 fpctl_has_control());
                 hostile++)
                for (size_t fi = 0; fi < sizeof flag_set / sizeof flag_set[0]; fi++) {
                    unsigned f = flag_set[fi];
                    if (hostile && (f & CB_TRUST_FENV))
                        continue; /* the caller promised the default environment */
                    tb_hostile_env = hostile ? TB_FLUSH | TB_TOWARD_ZERO : 0;
                    x.without_scratch = (int)(fi % 2);
                    TK_FOR_ENTRIES(e, TK_PAIRED) {
                        const cb_entry_info *d = tb_info(e);
                        cb_shape shs[3];
                        size_t nsh = tb_pair_shapes(d, shs);
                        for (size_t si = 0; si < nsh; si++) {
                            tb_pcall c = tb_pcall_of(e, &p, shs[si], f,
                                                     tb_margins[(k + fi + e) % tb_margin_count]);
                            size_t n = tb_check_entry(TB_PUBLIC, &c, &x, TB_WANT_SCALAR, &w);
                            calls++;
                            if (!tb_is_ranged(d) || nc == 0)
                                continue;
                            if (d->output == CB_OUTPUT_MATRIX) { /* an inner range of rows */
                                cb_pair_cursor in = {tb_below(&r, nc), 0, 0, 0};
                                in.end = in.circle + tb_below(&r, nc - in.circle + 1);
                                tb_check_matrix(TB_PUBLIC, &c, &x, in, TB_WANT_SCALAR, &w);
                                continue;
                            }
                            /* cut short, then resumed */
                            calls += check_pieces(TB_PUBLIC, &c, &x, 1 + tb_below(&r, 9), n,
                                                  TB_WANT_SCALAR, &w);
                        }
                    }
                    tb_hostile_env = 0;
                }
            x.without_scratch = 0;
            tb_pbufs_free(&x);
            tb_pdata_free(&p);
        }
    TB_ASSERT((cb_active_backend()) == ((cb_backend)b), "the calls moved the backend choice");
    return calls;
}

size_t tb_pair_check_raw_float_modes(int b, int rounds)
{
    const char *name = cb_backend_name((cb_backend)b);
    if (!fpctl_has_control())
        return 0;
    static const size_t shapes[][2] = {{5, 64}, {3, 129}, {17, 200}};
    static const int kinds[] = {TB_K_TINY, TB_K_ADVERSARIAL, TB_K_MIXED, TB_K_EXACT};
    static const int modes[] = {TB_FLUSH, TB_TOWARD_ZERO, TB_FLUSH | TB_TOWARD_ZERO};
    size_t calls = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (size_t ki = 0; ki < sizeof kinds / sizeof kinds[0]; ki++)
            for (int round = 0; round < rounds + (kinds[ki] == TB_K_TINY); round++) {
                size_t nc = shapes[k][0], m = shapes[k][1];
                const tb_placement *pl = &tb_placements[(k + ki) % 2];
                tb_pdata p;
                tb_pdata_init(&p, nc, m, pl);
                tk_rng r = tb_rng_for(0x9900000u + (k * 16 + ki) * 16 + (size_t)round);
                tb_pair_fill_kind(&p, kinds[ki], &r);
                tb_pbufs x;
                tb_pbufs_init(&x, nc, m, 77, 0, 0);
                tb_fill_candidates(tb_cands_of(&x), x.n, nc, m, &r);
                tb_pwhere w = {name, tb_pair_kind_name[kinds[ki]], pl->name};
                for (size_t mi = 0; mi < sizeof modes / sizeof modes[0]; mi++) {
                    if ((modes[mi] & TB_FLUSH) && !fpctl_has_flush())
                        continue; /* RISC-V: no flushing, only the rounding mode */
                    tb_hostile_env = modes[mi], tb_hostile_want = 1;
                    for (unsigned f = 0; f <= CB_STRICT; f++)
                        TK_FOR_ENTRIES(e, TK_PAIRED) {
                            const cb_entry_info *d = tb_info(e);
                            cb_shape shs[3];
                            size_t nsh = tb_pair_shapes(d, shs);
                            for (size_t si = 0; si < nsh; si++) {
                                tb_pcall c = tb_pcall_of(e, &p, shs[si], f,
                                                         tb_margins[(k + ki + mi + e) %
                                                                    tb_margin_count]);
                                size_t n = tb_check_entry(b, &c, &x, TB_WANT_SCALAR, &w);
                                calls++;
                                if (tb_is_ranged(d) && d->output != CB_OUTPUT_MATRIX && n)
                                    calls += check_pieces(b, &c, &x, 1 + tb_below(&r, 20), n,
                                                          TB_WANT_SCALAR, &w);
                            }
                        }
                    tb_hostile_env = 0, tb_hostile_want = 0;
                }
                tb_pbufs_free(&x);
                tb_pdata_free(&p);
            }
    return calls;
}

size_t tb_check_size_limits(void)
{
    const int fits = (uint64_t)SIZE_MAX > CB_PAIRS_MAX_N; /* CB_PAIRS_MAX_N + 1 in a size_t */
    const size_t big = fits ? (size_t)CB_PAIRS_MAX_N + 1 : SIZE_MAX;
    TB_ASSERT(cb_pairs_scratch_size(big, 1) == SIZE_MAX, "scratch size past CB_PAIRS_MAX_N");
    TB_ASSERT(cb_pairs_scratch_size(1, big) == SIZE_MAX, "scratch size past CB_PAIRS_MAX_N");
    TB_ASSERT(cb_pairs_scratch_size(SIZE_MAX, SIZE_MAX) == SIZE_MAX, "scratch size of SIZE_MAX");
    TB_ASSERT(cb_grid_size(big) == SIZE_MAX, "grid size past CB_PAIRS_MAX_N");
    TB_ASSERT(cb_grid_size(SIZE_MAX) == SIZE_MAX, "grid size of SIZE_MAX");
    /* at CB_PAIRS_MAX_N itself: tens of bytes an element, which a 64-bit
     * size_t holds and a 32-bit one cannot */
    const size_t at = (size_t)CB_PAIRS_MAX_N;
    const size_t s_at = cb_pairs_scratch_size(at, at), g_at = cb_grid_size(at);
    if ((uint64_t)SIZE_MAX / 16 > CB_PAIRS_MAX_N)
        TB_ASSERT(s_at != SIZE_MAX && s_at > 16 * at && g_at != SIZE_MAX && g_at > 16 * at,
                  "m CB_PAIRS_MAX_N: sizes %zu, %zu", s_at, g_at);
    else
        TB_ASSERT(s_at == SIZE_MAX && g_at == SIZE_MAX,
                  "m CB_PAIRS_MAX_N with a %zu-bit size_t: sizes %zu, %zu (SIZE_MAX expected)",
                  8 * sizeof(size_t), s_at, g_at);
    size_t last_s = 0, last_g = 0, calls = 7;
    for (size_t m = 0; m <= (1u << 20); m = m ? m * 2 : 1, calls += 2) {
        const size_t s = cb_pairs_scratch_size(m, m), g = cb_grid_size(m);
        TB_ASSERT(s != SIZE_MAX && g != SIZE_MAX, "m %zu: sizes %zu, %zu", m, s, g);
        TB_ASSERT(s >= last_s && g >= last_g, "m %zu: scratch %zu, grid %zu", m, s, g);
        TB_ASSERT(g <= 200 * m + 65536, "a grid of %zu elements takes %zu bytes", m, g);
        last_s = s, last_g = g;
    }

    /* CB_PAIRS_MAX_N + 1 circles, then elements, over arrays of 4: refused
     * before any read (a query that read them would run far past their
     * ends) or write (the output keeps its poison) */
    if (!fits)
        return calls;
    float f[4] = {0.0f, 0.0f, 1.0f, 1.0f};
    const cb_circle_soa circles = {f, f, f};
    const cb_box_soa boxes = {f, f, f, f};
    void *scratch = tb_xmalloc(cb_pairs_scratch_size(4, 4));
    cb_pair out[4];
    for (int k = 0; k < 2; k++, calls++) {
        cb_pair_cursor cur;
        memset(&cur, 0, sizeof cur);
        memset(out, TB_POISON, sizeof out);
        const size_t got = cb_pairs_overlap(&circles, k ? 4 : big, &boxes, k ? big : 4, &cur, out,
                                            4, scratch, 0);
        TB_ASSERT(got == CB_INVALID, "cb_pairs_overlap over CB_PAIRS_MAX_N + 1 %s: %zu",
                  k ? "boxes" : "circles", got);
        for (size_t b = 0; b < sizeof out; b++)
            TB_ASSERT(((const unsigned char *)out)[b] == TB_POISON,
                      "cb_pairs_overlap over CB_PAIRS_MAX_N + 1 %s wrote its output",
                      k ? "boxes" : "circles");
    }
    free(scratch);
    return calls;
}
