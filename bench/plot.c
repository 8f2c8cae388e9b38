/* plot.c - a self-contained SVG: throughput vs batch size (log-log) for one circle vs n boxes, one line per backend and baseline, cache regimes shaded. */
#include "bench.h"

#include <math.h>
#include <string.h>

/*
 * No plotting library: the file is plain SVG 1.1 with inline styles, so a
 * browser, rsvg-convert or an image viewer shows it as it is. The plot is
 * the headline entry (bench_headline: one circle vs boxes, SoA, bitmask)
 * because that is the one all baselines exist for; the CSV has every other
 * row.
 */
#define W 1040
#define H 660
#define PL 96  /* plot area */
#define PR 720
#define PT 86
#define PB 580
#define MAXPTS BENCH_MAX_SIZES
#define MAXSER 16

typedef struct series {
    char label[40];
    const char *color, *dash;
    double width;
    int np;
    double x[MAXPTS], y[MAXPTS]; /* log2 n, log10 elements/s */
    double score;                /* mean log10 throughput, for the legend's order */
} series;

static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else
            fputc(*s, f);
    }
}

static void add_point(series *s, size_t n, double ns_per_elem)
{
    if (s->np >= MAXPTS || !(ns_per_elem > 0))
        return;
    s->x[s->np] = log2((double)n);
    s->y[s->np] = log10(1e9 / ns_per_elem);
    s->np++;
}

int plot_svg(const char *path, const bench_opts *o, const bench_env *e, const bench_row *rows,
             int nr)
{
    static const char *const bcolor[CB_BACKEND_COUNT] = {"#222222", "#1f77b4", "#2ca02c",
                                                         "#d62728", "#9467bd", "#8c564b"};
    static const char *const scolor[BASELINE_COUNT] = {"#e377c2", "#bcbd22", "#17becf",
                                                       "#8c8c8c", "#393b79"};
    series ser[MAXSER];
    int ns = 0;
    int hg = -1; /* the headline group: one circle vs boxes, SoA (bench_headline) */
    memset(ser, 0, sizeof ser);
    bench_headline(&hg, NULL);

    /* One series per backend and baseline, points in size order. */
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        series *s = &ser[ns];
        for (int i = 0; i < nr; i++)
            if (rows[i].kind == KIND_BACKEND && rows[i].backend == b &&
                rows[i].group == hg && rows[i].out == OUT_MASK)
                add_point(s, rows[i].n, rows[i].med);
        if (s->np) {
            snprintf(s->label, sizeof s->label, "cbatch %s", cb_backend_name((cb_backend)b));
            s->color = bcolor[b], s->dash = "", s->width = 3;
            ns++;
        }
    }
    const struct {
        case_kind k;
        const char *color, *dash;
        const char *label;
    } base[] = {{KIND_CLAMP_NATIVE, "#ff7f0e", "9,5", "clamp loop -O3 " BENCH_NATIVE_FLAG},
                {KIND_CLAMP_O2, "#8c564b", "9,5", "clamp loop -O2"},
                {KIND_STREAM, "#000000", "2,4,10,4", "memory: streaming read"}};
    for (size_t j = 0; j < sizeof base / sizeof base[0]; j++) {
        series *s = &ser[ns];
        for (int i = 0; i < nr; i++)
            if (rows[i].kind == base[j].k && rows[i].group == hg)
                add_point(s, rows[i].n, rows[i].med);
        if (s->np) {
            snprintf(s->label, sizeof s->label, "%s", base[j].label);
            if (base[j].k == KIND_CLAMP_NATIVE && !clamp_native_is_native)
                snprintf(s->label, sizeof s->label, "clamp loop -O3");
            s->color = base[j].color, s->dash = base[j].dash, s->width = 2;
            ns++;
        }
    }
    for (int k = 0; k < BASELINE_COUNT; k++) {
        series *s = &ser[ns];
        for (int i = 0; i < nr; i++)
            if (rows[i].kind == KIND_BASELINE && rows[i].baseline_id == k &&
                rows[i].out == OUT_MASK)
                add_point(s, rows[i].n, rows[i].med);
        if (s->np) {
            snprintf(s->label, sizeof s->label, "%s (per pair)", baseline_name(k));
            s->color = scolor[k], s->dash = "3,3", s->width = 2;
            ns++;
        }
    }
    if (!ns)
        return -1;

    /* Axes: x spans the sizes (half a step of margin), y whole decades. */
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    for (int i = 0; i < ns; i++) {
        double sum = 0;
        for (int p = 0; p < ser[i].np; p++) {
            x0 = fmin(x0, ser[i].x[p]), x1 = fmax(x1, ser[i].x[p]);
            y0 = fmin(y0, ser[i].y[p]), y1 = fmax(y1, ser[i].y[p]);
            sum += ser[i].y[p];
        }
        ser[i].score = sum / ser[i].np;
    }
    x0 -= 0.5, x1 += 0.5;
    if (x1 - x0 < 2)
        x0 -= 1, x1 += 1;
    y0 = floor(y0), y1 = ceil(y1);
    if (y1 - y0 < 1)
        y1 = y0 + 1;
#define XS(v) (PL + ((v) - x0) / (x1 - x0) * (PR - PL))
#define YS(v) (PB - ((v) - y0) / (y1 - y0) * (PB - PT))

    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">\n",
            W, H, W, H);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", W, H);
    fprintf(f, "<text x=\"%d\" y=\"30\" font-size=\"19\" font-weight=\"bold\">cb-bench: one circle "
               "vs n boxes (SoA, bitmask out) - throughput, higher is better</text>\n",
            PL - 60);
    fprintf(f, "<text x=\"%d\" y=\"52\" font-size=\"12\" fill=\"#444\">", PL - 60);
    xml_text(f, e->cpu);
    fprintf(f, "; ");
    xml_text(f, e->compiler);
    fprintf(f, "; seed 0x%llx; median of %d interleaved samples; log-log; baselines A-E run one "
               "pair at a time on their own box structs</text>\n",
            (unsigned long long)o->seed, o->reps);

    /* Cache regimes of the SoA working set (16 bytes per box). */
    const double edges[3] = {log2((double)e->l1 / 16), log2((double)e->l2 / 16),
                             log2((double)e->llc / 16)};
    const char *names[4] = {"L1", "L2", "L3", "DRAM"};
    const char *fills[4] = {"#f3f8ff", "#eaf2fb", "#dde9f6", "#fbefe6"};
    double lo = x0;
    for (int r = 0; r < 4; r++) {
        double hi = r < 3 ? edges[r] : x1;
        double a = fmax(lo, x0), b = fmin(hi, x1);
        if (b > a) {
            fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
                    XS(a), PT, XS(b) - XS(a), PB - PT, fills[r]);
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" fill=\"#6a7f99\" "
                       "text-anchor=\"middle\">%s%s</text>\n",
                    (XS(a) + XS(b)) / 2, PT + 16, names[r],
                    r == 2 && e->llc_guessed ? " (assumed)" : "");
        }
        lo = hi;
    }

    /* Grid: decades (labelled) and 2x, 5x (light). */
    for (double d = y0; d <= y1 + 1e-9; d += 1) {
        static const char *const unit[] = {"1", "10", "100", "1k", "10k", "100k", "1M", "10M",
                                           "100M", "1G", "10G", "100G", "1T"};
        int di = (int)d;
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#b9c2cc\"/>\n", PL,
                PR, YS(d), YS(d));
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" font-size=\"13\" text-anchor=\"end\">%s/s</text>\n",
                PL - 8, YS(d) + 4, di >= 0 && di <= 12 ? unit[di] : "?");
        for (int m = 2; m <= 5 && d < y1; m += 3)
            fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#dde3ea\" "
                       "stroke-dasharray=\"2,3\"/>\n",
                    PL, PR, YS(d + log10(m)), YS(d + log10(m)));
    }
    /* x ticks at the measured sizes */
    size_t seen[MAXPTS];
    int nseen = 0;
    for (int i = 0; i < nr; i++) {
        int dup = 0;
        for (int j = 0; j < nseen; j++)
            dup |= seen[j] == rows[i].n;
        if (dup || nseen == MAXPTS)
            continue;
        seen[nseen++] = rows[i].n;
        char b[32];
        double x = XS(log2((double)rows[i].n));
        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#dde3ea\"/>\n", x, x,
                PT, PB);
        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n", x, x, PB,
                PB + 5);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\">%s</text>\n", x,
                PB + 20, fmt_n(rows[i].n, b, sizeof b));
    }
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#333\"/>\n",
            PL, PT, PR - PL, PB - PT);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">boxes per call, n "
               "(log scale; shading: where the boxes' 16 bytes each fit)</text>\n",
            (PL + PR) / 2, PB + 44);
    fprintf(f, "<text transform=\"translate(%d,%d) rotate(-90)\" font-size=\"14\" "
               "text-anchor=\"middle\">boxes tested per second (log scale)</text>\n",
            24, (PT + PB) / 2);

    /* Lines, then markers on top. */
    for (int i = 0; i < ns; i++) {
        series *s = &ser[i];
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" "
                   "stroke-linejoin=\"round\"%s%s%s points=\"",
                s->color, s->width, *s->dash ? " stroke-dasharray=\"" : "", s->dash,
                *s->dash ? "\"" : "");
        for (int p = 0; p < s->np; p++)
            fprintf(f, "%s%.1f,%.1f", p ? " " : "", XS(s->x[p]), YS(s->y[p]));
        fprintf(f, "\"/>\n");
        for (int p = 0; p < s->np; p++)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n", XS(s->x[p]),
                    YS(s->y[p]), s->width + 0.5, s->color);
    }

    /* Legend, fastest first, so it reads in the order of the lines. */
    int order[MAXSER];
    for (int i = 0; i < ns; i++)
        order[i] = i;
    for (int i = 1; i < ns; i++)
        for (int j = i; j > 0 && ser[order[j]].score > ser[order[j - 1]].score; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
    int lx = PR + 24, ly = PT + 8;
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\">fastest first</text>\n",
            lx, ly);
    for (int k = 0; k < ns; k++) {
        series *s = &ser[order[k]];
        int y = ly + 24 + 24 * k;
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%.1f\"%s%s%s/>\n",
                lx, lx + 34, y - 4, y - 4, s->color, s->width, *s->dash ? " stroke-dasharray=\"" : "",
                s->dash, *s->dash ? "\"" : "");
        fprintf(f, "<circle cx=\"%d\" cy=\"%d\" r=\"%.1f\" fill=\"%s\"/>\n", lx + 17, y - 4,
                s->width + 0.5, s->color);
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"13\">", lx + 42, y);
        xml_text(f, s->label);
        fprintf(f, "</text>\n");
    }
    int ny = ly + 24 + 24 * ns + 12;
    const char *notes[] = {"solid: this library's backends", "dashed: what the compiler makes",
                           "of a plain loop (1 byte/box)", "dotted: per-pair baselines A-E",
                           "dash-dot: just reading the boxes", "(the bound beyond the caches)"};
    for (size_t k = 0; k < sizeof notes / sizeof notes[0]; k++)
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#555\">%s</text>\n", lx,
                ny + 15 * (int)k, notes[k]);
    fprintf(f, "</svg>\n");
    return fclose(f);
}
