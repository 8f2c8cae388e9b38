/* contacts_svg.c - example: one circle among boxes and circles, its contacts from cbatch, drawn as an SVG picture (shapes, reported elements coloured, normals, contact points). */
#include <cbatch.h>

#include <stdio.h>

/*
 * Usage: contacts_svg [out.svg]      (default: contacts.svg)
 *
 * The scene is in SVG's own coordinates: x to the right, y DOWN, one unit a
 * pixel. It is built so that every case of the contact queries shows up:
 * boxes and circles that penetrate the query circle, one that exactly
 * touches it, some separated but within the margin, some too far away to
 * be reported, and a box that contains the circle's centre. The program
 * prints every contact and writes the picture; it returns 0 when the file
 * was written.
 */

#define MARGIN 8.0f /* report elements up to this far from the circle */

/* The picture: the scene on the left, the legend on the right. */
#define SCENE_W 640
#define SCENE_H 480
#define LEGEND_W 330
#define NORMAL_LEN 28.0f /* drawn length of a unit normal */

static const cb_circle query = {320.0f, 240.0f, 70.0f};

static const cb_box boxes[] = {
    {290, 225, 350, 275}, /* 0: contains the circle's centre, nearest to its top face */
    {370, 220, 450, 270}, /* 1: penetrates through a face */
    {200, 120, 275, 200}, /* 2: penetrates at a corner */
    {270, 310, 340, 350}, /* 3: touches exactly (distance 70 = r) */
    {150, 220, 246, 260}, /* 4: 4 units away: within the margin */
    {480, 60, 560, 120},  /* 5..7: too far */
    {60, 360, 160, 420},
    {470, 360, 580, 400},
};
#define NBOXES (sizeof boxes / sizeof boxes[0])

static const cb_circle circles[] = {
    {390, 312, 38}, /* 0: penetrates */
    {386, 152, 40}, /* 1: touches exactly (distance 110 = 70 + 40) */
    {240, 300, 25}, /* 2: 5 units away: within the margin */
    {560, 200, 25}, /* 3: too far */
};
#define NCIRCLES (sizeof circles / sizeof circles[0])

/* Colours: reported and penetrating, reported and not penetrating (touching
 * or within the margin), not reported. */
#define C_PEN_FILL "#f4a6a6"
#define C_PEN_LINE "#c0392b"
#define C_NEAR_FILL "#fbe3a1"
#define C_NEAR_LINE "#d68910"
#define C_FAR_FILL "#eeeeee"
#define C_FAR_LINE "#9a9a9a"
#define C_QUERY "#1f5fbf"
#define C_NORMAL "#1e8449"
#define C_POINT "#111111"

static const char *feature_name(uint8_t f)
{
    switch (f) {
    case CB_FEATURE_FACE:
        return "face";
    case CB_FEATURE_CORNER:
        return "corner";
    case CB_FEATURE_INSIDE:
        return "inside";
    }
    return "?";
}

/* Storage for up to N contacts: cb_contacts is structure-of-arrays. */
#define N_MAX 16
typedef struct contact_store {
    uint32_t index[N_MAX];
    float nx[N_MAX], ny[N_MAX], sep[N_MAX], px[N_MAX], py[N_MAX];
    uint8_t feature[N_MAX];
} contact_store;

static cb_contacts view_of(contact_store *s)
{
    cb_contacts c = {s->index, s->nx, s->ny, s->sep, s->px, s->py, s->feature};
    return c;
}

/* Which contact, if any, belongs to element i (the indices are ascending). */
static int contact_of(const cb_contacts *c, size_t count, size_t i)
{
    for (size_t k = 0; k < count; k++)
        if (c->index[k] == i)
            return (int)k;
    return -1;
}

static void style_of(const cb_contacts *c, int k, const char **fill, const char **line)
{
    if (k < 0)
        *fill = C_FAR_FILL, *line = C_FAR_LINE;
    else if (c->separation[k] < 0)
        *fill = C_PEN_FILL, *line = C_PEN_LINE;
    else
        *fill = C_NEAR_FILL, *line = C_NEAR_LINE;
}

/* The normal as an arrow from the contact point, the point as a dot, and a
 * label with the separation next to the point. */
static void draw_contact(FILE *f, const cb_contacts *c, int k, const char *name)
{
    float x = c->point_x[k], y = c->point_y[k];
    float ex = x + c->normal_x[k] * NORMAL_LEN, ey = y + c->normal_y[k] * NORMAL_LEN;
    fprintf(f,
            "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
            "stroke-width=\"2.2\" marker-end=\"url(#arrow)\"/>\n",
            x, y, ex, ey, C_NORMAL);
    fprintf(f, "  <circle cx=\"%.2f\" cy=\"%.2f\" r=\"4\" fill=\"%s\"/>\n", x, y, C_POINT);
    /* the label sits on the element's side of the point (behind the
     * arrow), anchored so that it does not cross the point */
    float lx = x - c->normal_x[k] * 8, ly = y - c->normal_y[k] * 8;
    const char *anchor = c->normal_x[k] > 0.5f    ? "end"
                         : c->normal_x[k] < -0.5f ? "start"
                                                  : "middle";
    ly += c->normal_y[k] > 0.5f ? -2.0f : c->normal_y[k] < -0.5f ? 10.0f : 4.0f;
    fprintf(f,
            "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"%s\" fill=\"#222\" "
            "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">%s %+.1f</text>\n",
            lx, ly, anchor, name, (double)c->separation[k]);
}

static int write_svg(const char *path, const cb_contacts *cb, size_t nb, const cb_contacts *cc,
                     size_t nc)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const int W = SCENE_W + LEGEND_W, H = SCENE_H;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
            W, H, W, H);
    fprintf(f, "  <title>cbatch contacts of one circle with boxes and circles</title>\n");
    fprintf(f, "  <defs>\n"
               "    <marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" "
               "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">\n"
               "      <path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"" C_NORMAL "\"/>\n"
               "    </marker>\n"
               "  </defs>\n");
    fprintf(f, "  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", W, H);
    /* a light grid every 40 units, so distances can be judged by eye */
    for (int x = 40; x < SCENE_W; x += 40)
        fprintf(f, "  <line x1=\"%d\" y1=\"0\" x2=\"%d\" y2=\"%d\" stroke=\"#f0f0f0\"/>\n", x, x,
                SCENE_H);
    for (int y = 40; y < SCENE_H; y += 40)
        fprintf(f, "  <line x1=\"0\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#f0f0f0\"/>\n", y,
                SCENE_W, y);

    /* elements: the reported ones coloured, the others grey */
    for (size_t i = 0; i < NBOXES; i++) {
        const char *fill, *line;
        int k = contact_of(cb, nb, i);
        style_of(cb, k, &fill, &line);
        const cb_box *b = &boxes[i];
        fprintf(f,
                "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
                "fill-opacity=\"0.75\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                b->min_x, b->min_y, b->max_x - b->min_x, b->max_y - b->min_y, fill, line);
        if (k < 0) /* a reported element is named by its contact's label */
            fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"%s\">b%zu</text>\n",
                    b->min_x + 3, b->min_y + 12, line, i);
    }
    for (size_t i = 0; i < NCIRCLES; i++) {
        const char *fill, *line;
        int k = contact_of(cc, nc, i);
        style_of(cc, k, &fill, &line);
        const cb_circle *o = &circles[i];
        fprintf(f,
                "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" fill-opacity=\"0.75\" "
                "stroke=\"%s\" stroke-width=\"2\"/>\n",
                o->x, o->y, o->r, fill, line);
        if (k < 0)
            fprintf(f,
                    "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\" "
                    "fill=\"%s\">c%zu</text>\n",
                    o->x, o->y + 4, line, i);
    }

    /* the query circle over them (outline only, so nothing is hidden), its
     * margin as a dashed ring, its centre as a cross */
    fprintf(f,
            "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"" C_QUERY "\" "
            "fill-opacity=\"0.08\" stroke=\"" C_QUERY "\" stroke-width=\"3\"/>\n",
            query.x, query.y, query.r);
    fprintf(f,
            "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"" C_QUERY "\" "
            "stroke-width=\"1.2\" stroke-dasharray=\"5 4\"/>\n",
            query.x, query.y, query.r + MARGIN);
    fprintf(f,
            "  <path d=\"M %.1f %.1f h 12 M %.1f %.1f v 12\" stroke=\"" C_QUERY "\" "
            "stroke-width=\"2\"/>\n",
            query.x - 6, query.y, query.x, query.y - 6);

    /* contacts on top of everything */
    for (size_t k = 0; k < nb; k++) {
        char name[16];
        snprintf(name, sizeof name, "b%u", (unsigned)cb->index[k]);
        draw_contact(f, cb, (int)k, name);
    }
    for (size_t k = 0; k < nc; k++) {
        char name[16];
        snprintf(name, sizeof name, "c%u", (unsigned)cc->index[k]);
        draw_contact(f, cc, (int)k, name);
    }

    /* the legend */
    const int lx = SCENE_W + 16;
    int y = 30;
    fprintf(f, "  <rect x=\"%d\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" "
               "stroke=\"#dddddd\"/>\n",
            SCENE_W, LEGEND_W, SCENE_H);
    fprintf(f, "  <text x=\"%d\" y=\"%d\" font-size=\"15\" font-weight=\"bold\">Contacts of the "
               "blue circle</text>\n", lx, y);
    y += 20;
    fprintf(f, "  <text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444\">cb_batch_contacts_aos "
               "(boxes),</text>\n", lx, y);
    y += 15;
    fprintf(f, "  <text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444\">"
               "cb_batch_contacts_circle_circles_aos (circles)</text>\n", lx, y);
    y += 15;
    fprintf(f, "  <text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444\">margin %.0f (dashed "
               "ring); y grows downward</text>\n", lx, y, (double)MARGIN);
    y += 26;
    struct {
        const char *fill, *line, *text;
    } swatch[] = {
        {C_PEN_FILL, C_PEN_LINE, "reported, penetrating (separation &lt; 0)"},
        {C_NEAR_FILL, C_NEAR_LINE, "reported, touching or within the margin"},
        {C_FAR_FILL, C_FAR_LINE, "not reported (farther than the margin)"},
    };
    for (size_t i = 0; i < sizeof swatch / sizeof swatch[0]; i++, y += 22)
        fprintf(f,
                "  <rect x=\"%d\" y=\"%d\" width=\"18\" height=\"14\" fill=\"%s\" stroke=\"%s\" "
                "stroke-width=\"2\"/>\n"
                "  <text x=\"%d\" y=\"%d\" font-size=\"12\">%s</text>\n",
                lx, y - 11, swatch[i].fill, swatch[i].line, lx + 26, y, swatch[i].text);
    fprintf(f,
            "  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"" C_NORMAL "\" "
            "stroke-width=\"2.2\" marker-end=\"url(#arrow)\"/>\n"
            "  <circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"" C_POINT "\"/>\n"
            "  <text x=\"%d\" y=\"%d\" font-size=\"12\">contact point and unit normal</text>\n",
            lx + 2, y - 4, lx + 20, y - 4, lx + 2, y - 4, lx + 26, y);
    y += 28;
    static const char *const notes[] = {
        "The normal points from the box or circle",
        "toward the query circle: the way to move it.",
        "Label: element and separation (signed distance).",
        "MTV = normal * -separation: moving the blue",
        "circle by it leaves it touching that element.",
        "",
        "Box: point = nearest point of the box;",
        "corner or face by where it lies.",
        "Centre inside a box (b0): out through the",
        "nearest face, point on that face.",
        "Circle: point on the other circle's boundary.",
    };
    for (size_t i = 0; i < sizeof notes / sizeof notes[0]; i++, y += 17)
        fprintf(f, "  <text x=\"%d\" y=\"%d\" font-size=\"12\">%s</text>\n", lx, y, notes[i]);
    fprintf(f, "</svg>\n");
    int bad = ferror(f);
    return (fclose(f) != 0 || bad) ? -1 : 0;
}

static void print_contacts(const char *what, const char *prefix, const cb_contacts *c, size_t n)
{
    printf("%s: %zu contacts\n", what, n);
    for (size_t k = 0; k < n; k++)
        printf("  %s%-2u separation %+8.3f  normal (%+.3f, %+.3f)  point (%.2f, %.2f)  %s\n",
               prefix, (unsigned)c->index[k], (double)c->separation[k], (double)c->normal_x[k],
               (double)c->normal_y[k], (double)c->point_x[k], (double)c->point_y[k],
               feature_name(c->feature[k]));
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "contacts.svg";
    static contact_store sb, sc;
    cb_contacts cb = view_of(&sb), cc = view_of(&sc);

    /* Every array of a cb_contacts needs room for n entries; the count of
     * contacts comes back (CB_INVALID for bad arguments). */
    size_t nb = cb_batch_contacts_aos(query, boxes, NBOXES, MARGIN, &cb, 0);
    size_t nc = cb_batch_contacts_circle_circles_aos(query, circles, NCIRCLES, MARGIN, &cc, 0);
    if (nb == CB_INVALID || nc == CB_INVALID) {
        fprintf(stderr, "contacts_svg: the contact query rejected its arguments\n");
        return 1;
    }
    print_contacts("boxes", "b", &cb, nb);
    print_contacts("circles", "c", &cc, nc);
    if (write_svg(path, &cb, nb, &cc, nc)) {
        perror(path);
        return 1;
    }
    printf("wrote %s\n", path);
    return 0;
}
