/* gen_corpus.c - write the committed seed corpus (fuzz/corpus/): hand-picked adversarial cases in the format of fuzz_format.h (the contact margin included); deterministic, so re-running gives the same files. */
#include "fuzz_format.h"
#include "rng.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Usage: cb-fuzz-gen-corpus DIR   (e.g. build/fuzz/fuzz/cb-fuzz-gen-corpus fuzz/corpus) */

typedef struct {
    uint8_t b[1 << 16];
    size_t n;
} buf;

static void put(buf *o, unsigned v)
{
    if (o->n < sizeof o->b)
        o->b[o->n++] = (uint8_t)v;
}

/* Header: byte 0 (strict, null-when-empty, sticky, mode), n, byte 3, byte 4, byte 5. */
static void hdr(buf *o, unsigned flags, int mode, unsigned n16, unsigned b3, unsigned b4, unsigned b5)
{
    o->n = 0;
    put(o, flags | (unsigned)mode << 3);
    put(o, n16 & 0xFF), put(o, n16 >> 8);
    put(o, b3), put(o, b4), put(o, b5);
}

static void f_int(buf *o, int v) { put(o, (unsigned)(((v + 16) << 1) | 1)); }        /* -16..15 */
static void f_quarter(buf *o, int v) { put(o, (unsigned)((v + 16) << 1)); }           /* v/4 */
static void f_special(buf *o, unsigned i) { put(o, FZ_TAG_SPECIAL | (i & 0x3F)); }
static void f_anchor(buf *o, unsigned a, int ulps) { put(o, FZ_TAG_ANCHOR | (a & 7) << 3 | (unsigned)(ulps + 4)); }
static void f_raw(buf *o, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    put(o, FZ_TAG_RAW);
    put(o, u & 0xFF), put(o, (u >> 8) & 0xFF), put(o, (u >> 16) & 0xFF), put(o, u >> 24);
}

static unsigned special_index(float f)
{
    for (size_t i = 0; i < fz_special_count; i++)
        if (memcmp(&fz_special[i], &f, sizeof f) == 0)
            return (unsigned)i;
    fprintf(stderr, "gen_corpus: %a is not in fz_special\n", f);
    exit(1);
}

/* A fixed seed: the same files on every run and every machine. */
static tk_rng rng = {0x5eed};
static uint64_t next(void) { return tk_next(&rng); }

static const char *dir;
static int files;

static void save(const buf *o, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(o->b, 1, o->n, f) != o->n || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
    files++;
}

/* Rotations (fuzz_format.h): an entry of testkit's table, the angle
 * k * pi / 32, or two floats (written by the caller after the tag). */
static void r_table(buf *o, unsigned k) { put(o, k & 0x7F); }
static void r_angle(buf *o, unsigned k) { put(o, 0x80u | (k & 0x3F)); }
static void r_pair(buf *o) { put(o, 0xC0u); }

/* Elements with small integer boxes and circles (7 floats each), for files
 * about what follows them. */
static void plain_elements(buf *o, int count)
{
    for (int i = 0; i < count; i++) {
        int x = (int)(next() % 13) - 6, y = (int)(next() % 13) - 6;
        f_int(o, x), f_int(o, y), f_int(o, x + 1 + (int)(next() % 4)), f_int(o, y + 1 + (int)(next() % 4));
        f_int(o, 1 + (int)(next() % 3)), f_int(o, (int)(next() % 13) - 6), f_int(o, (int)(next() % 13) - 6);
    }
}

/* Elements that touch: every coordinate an anchor with 0 ulps or a small int. */
static void touching_elements(buf *o, int count, int max_ulps)
{
    for (int i = 0; i < count; i++) {
        for (int j = 0; j < 7; j++) {
            uint64_t k = next();
            int ulps = max_ulps ? (int)(k % (unsigned)(2 * max_ulps + 1)) - max_ulps : 0;
            if (ulps > 3)
                ulps = 3;
            if (k % 5 == 0)
                f_int(o, (int)((k >> 8) % 31) - 15);
            else
                f_anchor(o, (unsigned)(k >> 16) % 8, ulps);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    dir = argv[1];
    static buf o;
    char name[128];

    /* n == 0: NULL pointers everywhere (valid), and unknown flags (invalid even then). */
    hdr(&o, FZ_NULL_WHEN_EMPTY, 0, 0, 0, 0, 0), save(&o, "empty-null");
    hdr(&o, FZ_NULL_WHEN_EMPTY | FZ_STRICT, 0, 0, 0, 0, 0), save(&o, "empty-null-strict");
    hdr(&o, 0, 0, 0, 0, 0x1F, 0), save(&o, "empty-unknown-flag");

    /* Integer geometry: circle (0,0,5), boxes and circles touching on sides and corners. */
    for (int strict = 0; strict < 2; strict++) {
        hdr(&o, strict ? FZ_STRICT : 0, 0, 70, 0, 0, 0);
        f_int(&o, 0), f_int(&o, 0), f_int(&o, 5);
        f_int(&o, 3), f_int(&o, 4), f_int(&o, 10), f_int(&o, 10); /* box with corner (3,4) */
        for (int i = 0; i < 70; i++) {
            switch (i % 5) {
            case 0: f_int(&o, 3), f_int(&o, 4), f_int(&o, 9), f_int(&o, 9); break; /* corner at distance 5 */
            case 1: f_anchor(&o, 1, 0), f_int(&o, -2), f_int(&o, 15), f_int(&o, 2); break; /* x0 = cx + r */
            case 2: f_int(&o, -9), f_anchor(&o, 0, 0), f_int(&o, 9), f_anchor(&o, 1, 0); break;
            case 3: f_int(&o, -4), f_int(&o, -3), f_int(&o, -4), f_int(&o, -3); break; /* a point at distance 5 */
            default: f_int(&o, 4), f_int(&o, 4), f_int(&o, 5), f_int(&o, 5); break;
            }
            f_int(&o, 5), f_anchor(&o, (unsigned)(i % 2), 0), f_int(&o, 4 - i % 9); /* circle r=5 at box edge */
        }
        save(&o, strict ? "touch-integers-strict" : "touch-integers");
    }
    for (int strict = 0; strict < 2; strict++) {
        hdr(&o, strict ? FZ_STRICT : 0, 0, 200, 0, 0, 0);
        f_quarter(&o, 1), f_quarter(&o, -3), f_int(&o, 3);
        f_anchor(&o, 0, 0), f_anchor(&o, 2, 0), f_anchor(&o, 1, 0), f_anchor(&o, 3, 0);
        touching_elements(&o, 200, 0);
        save(&o, strict ? "touch-anchors-strict" : "touch-anchors");
    }

    /* Near ties: raw, full-mantissa floats and anchors moved by a few ulps, in every float mode. */
    for (int mode = 0; mode < 8; mode++) {
        hdr(&o, (unsigned)(mode & 1) * FZ_STRICT, mode, 131, 0, 0, 0);
        f_raw(&o, 0.1f), f_raw(&o, -0.3f), f_raw(&o, 1.7320508f);
        f_raw(&o, 0.7f), f_raw(&o, 0.9f), f_raw(&o, 2.5f), f_raw(&o, 3.25f);
        for (int i = 0; i < 131; i++) {
            double dx = (double)(next() % 1000000) / 1000000.0 * 1.7;
            double dy = sqrt(1.7320508 * 1.7320508 - dx * dx);
            f_raw(&o, (float)(0.1 + dx)), f_anchor(&o, 3, (int)(next() % 7) - 3);
            f_raw(&o, (float)(0.1 + dx + 2)), f_raw(&o, (float)(-0.3 + dy + 2));
            f_raw(&o, (float)sqrt(dx * dx + 0.49)), f_anchor(&o, 0, (int)(next() % 7) - 3);
            f_anchor(&o, 2, (int)(next() % 7) - 3);
        }
        snprintf(name, sizeof name, "near-ties-mode%d", mode);
        save(&o, name);
    }

    /* Denormal squares: r ~ 2^-70 (r*r denormal), distances the same size, in the flushing modes. */
    static const int flush_modes[] = {0, 1, 5, 6, 7};
    for (size_t m = 0; m < sizeof flush_modes / sizeof flush_modes[0]; m++)
        for (int strict = 0; strict < 2; strict++) {
            hdr(&o, strict ? FZ_STRICT : 0, flush_modes[m], 97, 0, 0, 0);
            f_int(&o, 0), f_int(&o, 0), f_special(&o, special_index(0x1p-70f));
            f_special(&o, special_index(0x1p-71f)), f_special(&o, special_index(0x1p-71f)),
                f_int(&o, 1), f_int(&o, 1);
            for (int i = 0; i < 97; i++) {
                f_anchor(&o, 1, (int)(next() % 7) - 3), f_special(&o, special_index(0x1p-71f));
                f_int(&o, 1), f_int(&o, 1);
                f_special(&o, special_index(i % 2 ? 0x1.8p-70f : 0x1p-149f));
                f_anchor(&o, 0, (int)(next() % 7) - 3), f_anchor(&o, 2, (int)(next() % 7) - 3);
            }
            snprintf(name, sizeof name, "denormal-squares-mode%d%s", flush_modes[m], strict ? "-strict" : "");
            save(&o, name);
        }

    /* Every special value in every coordinate. */
    hdr(&o, 0, 0, 300, 7, 0, 0);
    for (int i = 0; i < 7 + 300 * 7; i++)
        f_special(&o, (unsigned)(next() % fz_special_count));
    save(&o, "specials");
    hdr(&o, FZ_STRICT, 1, 67, 3, 0, 0);
    for (int i = 0; i < 7 + 67 * 7; i++)
        if (next() % 3)
            f_special(&o, (unsigned)(next() % fz_special_count));
        else
            f_raw(&o, (float)((double)(next() % 2001) - 1000.0) * 0x1p-3f);
    save(&o, "specials-and-eighths-ftz");
    /* NaN box coordinates do not make a box miss; NaN circles never hit; r < 0 acts as |r|; r = inf. */
    hdr(&o, 0, 0, 8, 0, 0, 0);
    f_int(&o, 0), f_int(&o, 0), f_special(&o, special_index(INFINITY));
    f_int(&o, -1), f_int(&o, -1), f_int(&o, 1), f_int(&o, 1);
    for (int i = 0; i < 8; i++) {
        f_special(&o, special_index(i % 2 ? NAN : -NAN)), f_int(&o, -1), f_int(&o, 1), f_int(&o, 1);
        f_int(&o, i % 3 - 1), f_special(&o, special_index(i % 2 ? -1.0f : NAN)), f_int(&o, 0);
    }
    save(&o, "nan-inf-negative-radius");

    /* Lengths around every vector width and mask word, data mostly from the stream. */
    static const unsigned lens[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48,
                                    49, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257, 300};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        hdr(&o, (unsigned)(i & 1), (int)(i % 8), lens[i], (unsigned)(i % 16), 0, 0);
        f_int(&o, 2), f_int(&o, 2), f_int(&o, 9);
        snprintf(name, sizeof name, "length-%u", lens[i]);
        save(&o, name);
    }
    hdr(&o, 0, 0, 0x8000u | FZ_N_LONG_MASK, 5, 0, 0), save(&o, "overlong-1324");
    hdr(&o, FZ_STRICT, 2, 0x8000u | 0x123, 0, 0, 0), save(&o, "overlong-592-upward");

    /* Bad arguments in the public calls: a NULL pointer of each kind, unknown flag bits. */
    for (unsigned k = 13; k <= 15; k++) {
        hdr(&o, 0, 0, 10, k << 4, 0, 0), f_int(&o, 0), f_int(&o, 0), f_int(&o, 3);
        snprintf(name, sizeof name, "null-pointer-%u", k - 12);
        save(&o, name);
    }
    hdr(&o, 0, 0, 65, 0, 0x1F, 0), save(&o, "unknown-flag-bit1");
    hdr(&o, FZ_STRICT, 0, 65, 0, 0xFF, 30), save(&o, "unknown-flag-bit31");

    /* Every start alignment; the caller's exception flags already raised. */
    for (unsigned a = 1; a < 16; a += 2) {
        hdr(&o, 0, 0, 33, a, 0, 0), f_int(&o, 1), f_int(&o, 1), f_int(&o, 4);
        snprintf(name, sizeof name, "align-%u", a);
        save(&o, name);
    }
    hdr(&o, FZ_STICKY, 2, 77, 0, 0, 0), save(&o, "sticky-flags-upward");
    hdr(&o, FZ_STICKY | FZ_STRICT, 1, 77, 0, 0, 0), save(&o, "sticky-flags-ftz-daz");

    /* Contacts. The margin follows the elements; the files above end
     * before it (they predate it) and take it from the stream. */

    /* Centres inside boxes, with every kind of face tie (integer boxes
     * around the circle's centre), and element circles inside the mirror
     * box and on the query circle's centre (coincident centres), at margin
     * 1/4, 0 (strict), and FLT_MAX. */
    static const struct {
        const char *name;
        unsigned flags;
        int margin; /* 0: 1/4, 1: 0, 2: FLT_MAX */
    } inside[] = {{"contacts-inside-ties", 0, 0},
                  {"contacts-inside-ties-margin0-strict", FZ_STRICT, 1},
                  {"contacts-inside-ties-margin-flt-max", 0, 2}};
    for (size_t k = 0; k < sizeof inside / sizeof inside[0]; k++) {
        hdr(&o, inside[k].flags, 0, 81, 0, 0, 0);
        f_int(&o, 0), f_int(&o, 0), f_int(&o, 1);
        f_int(&o, -4), f_int(&o, -4), f_int(&o, 4), f_int(&o, 4);
        for (int i = 0; i < 81; i++) {
            f_int(&o, -(1 + i % 3)), f_int(&o, -(1 + (i / 3) % 3));
            f_int(&o, 1 + (i / 9) % 3), f_int(&o, 1 + (i / 27) % 3);
            f_int(&o, i % 4), f_int(&o, i % 9 - 4), f_int(&o, (i / 9) % 9 - 4);
        }
        if (inside[k].margin == 0)
            f_quarter(&o, 1);
        else if (inside[k].margin == 1)
            f_special(&o, special_index(0.0f));
        else
            f_special(&o, special_index(FLT_MAX));
        save(&o, inside[k].name);
    }

    /* Touching integers at margin 0 in every float mode: the contact hit set
     * must be the overlap one, and the records the default mode's. */
    for (int mode = 0; mode < 8; mode++) {
        hdr(&o, (unsigned)(mode & 1) * FZ_STRICT, mode, 70, 0, 0, 0);
        f_int(&o, 0), f_int(&o, 0), f_int(&o, 5);
        f_int(&o, 3), f_int(&o, 4), f_int(&o, 10), f_int(&o, 10);
        for (int i = 0; i < 70; i++) {
            switch (i % 4) {
            case 0: f_int(&o, 3), f_int(&o, 4), f_int(&o, 9), f_int(&o, 9); break;
            case 1: f_anchor(&o, 1, 0), f_int(&o, -2), f_int(&o, 15), f_int(&o, 2); break;
            case 2: f_int(&o, -4), f_int(&o, -3), f_int(&o, -4), f_int(&o, -3); break;
            default: f_int(&o, -1), f_int(&o, -1), f_int(&o, 1), f_int(&o, 1); break; /* inside */
            }
            f_int(&o, 5), f_anchor(&o, (unsigned)(i % 2), 0), f_int(&o, 4 - i % 9);
        }
        f_special(&o, special_index(mode % 2 ? -0.0f : 0.0f));
        snprintf(name, sizeof name, "contacts-margin0-mode%d", mode);
        save(&o, name);
    }

    /* Margins the public calls must refuse (NaN, infinities, negatives, a
     * negative denormal under DAZ, which must not pass as -0), and tiny or
     * huge valid ones. */
    static const struct {
        const char *name;
        int mode;
        int kind; /* 0: special value, 1: anchor 0 moved by ulps, 2: raw */
        float v;
        int ulps;
    } margins[] = {
        {"contacts-margin-nan", 0, 0, NAN, 0},
        {"contacts-margin-neg-nan", 1, 0, -NAN, 0},
        {"contacts-margin-inf", 0, 0, INFINITY, 0},
        {"contacts-margin-neg-inf", 2, 0, -INFINITY, 0},
        {"contacts-margin-negative", 0, 0, -1.0f, 0},
        {"contacts-margin-neg-denormal-daz", 6, 1, 0.0f, -1},
        {"contacts-margin-neg-denormal-ftz-daz", 1, 1, 0.0f, -2},
        {"contacts-margin-denormal-daz", 6, 1, 0.0f, 1},
        {"contacts-margin-flt-max", 0, 0, FLT_MAX, 0},
        {"contacts-margin-1e30-upward", 2, 0, 1e30f, 0},
        {"contacts-margin-near-tie", 0, 2, 0.1f, 0},
    };
    for (size_t k = 0; k < sizeof margins / sizeof margins[0]; k++) {
        hdr(&o, 0, margins[k].mode, 131, 0, 0, 0);
        f_raw(&o, 0.1f), f_raw(&o, -0.3f), f_raw(&o, 1.7320508f);
        f_raw(&o, 0.7f), f_raw(&o, 0.9f), f_raw(&o, 2.5f), f_raw(&o, 3.25f);
        for (int i = 0; i < 131; i++) { /* boxes and circles near the circle's reach plus 0.1 */
            double dx = (double)(next() % 1000000) / 1000000.0 * 1.8;
            double dy = sqrt(1.8320508 * 1.8320508 - dx * dx);
            f_raw(&o, (float)(0.1 + dx)), f_raw(&o, (float)(-0.3 + dy));
            f_raw(&o, (float)(0.1 + dx + 2)), f_raw(&o, (float)(-0.3 + dy + 2));
            f_raw(&o, (float)(sqrt(dx * dx + 0.49) + 0.1)), f_anchor(&o, 0, (int)(next() % 7) - 3);
            f_anchor(&o, 2, (int)(next() % 7) - 3);
        }
        if (margins[k].kind == 0)
            f_special(&o, special_index(margins[k].v));
        else if (margins[k].kind == 1)
            f_anchor(&o, 0, margins[k].ulps);
        else
            f_raw(&o, margins[k].v);
        save(&o, margins[k].name);
    }

    /* Far from the origin and huge: the scaling by m keeps the distance
     * finite where dx * dx overflows, and the normal unit where it underflows. */
    hdr(&o, 0, 0, 64, 0, 0, 0);
    f_raw(&o, 0x1p120f), f_raw(&o, -0x1p120f), f_raw(&o, 0x1p100f);
    f_raw(&o, -0x1p121f), f_raw(&o, -0x1p121f), f_raw(&o, 0x1p119f), f_raw(&o, 0x1p119f);
    for (int i = 0; i < 64; i++) {
        float big = (float)(1 + i % 7) * 0x1p118f, tiny = (float)(1 + i % 5) * 0x1p-140f;
        f_raw(&o, i % 2 ? big : tiny), f_raw(&o, i % 3 ? -big : tiny);
        f_raw(&o, i % 2 ? big * 2 : tiny * 2), f_raw(&o, i % 3 ? big : tiny * 3);
        f_raw(&o, i % 4 ? big : tiny), f_raw(&o, i % 2 ? -big : tiny);
        f_raw(&o, i % 5 ? big : -tiny);
    }
    f_raw(&o, 0x1p100f);
    save(&o, "contacts-huge-and-tiny");

    /* Oriented boxes: they follow the margin, so every file writes the
     * header, the circle, the mirror box, the elements and the margin first. */

    /* Exact quarter turns (both signs of each zero), integer half-extents,
     * the circle (0,0,5) at each of the 8 positions of the frame (beyond a
     * face: exact touching; beyond a corner: near; on a corner, a face, the
     * centre): touching and boundary cases that the strict flag decides. */
    for (int strict = 0; strict < 2; strict++) {
        hdr(&o, strict ? FZ_STRICT : 0, 0, 96, 0, 0, 0);
        f_int(&o, 0), f_int(&o, 0), f_int(&o, 5);
        f_int(&o, -3), f_int(&o, -2), f_int(&o, 3), f_int(&o, 2);
        plain_elements(&o, 96);
        f_special(&o, special_index(strict ? 0.0f : 1.0f));
        r_table(&o, 1), f_anchor(&o, 1, 0), f_anchor(&o, 1, 0), f_anchor(&o, 0, 0), f_anchor(&o, 0, 0);
        for (int i = 0; i < 96; i++) {
            r_table(&o, (unsigned)(i % 8));
            f_int(&o, 1 + i % 3), f_int(&o, 1 + (i / 3) % 2);
            unsigned k = (unsigned)(i / 8) % 8;
            f_anchor(&o, k, 0), f_anchor(&o, k, 0);
        }
        save(&o, strict ? "obox-touch-quarter-turns-strict" : "obox-touch-quarter-turns");
    }

    /* Every rotation tag of the table and every angle, the centre at an
     * anchor moved by a few ulps: near ties in every float mode. */
    for (int mode = 0; mode < 8; mode++) {
        hdr(&o, (unsigned)(mode & 1) * FZ_STRICT, mode, 192, 0, 0, 0);
        f_raw(&o, 0.1f), f_raw(&o, -0.3f), f_raw(&o, 1.7320508f);
        f_raw(&o, 0.7f), f_raw(&o, 0.9f), f_raw(&o, 2.5f), f_raw(&o, 3.25f);
        plain_elements(&o, 192);
        f_quarter(&o, mode % 4);
        r_angle(&o, (unsigned)mode * 5), f_anchor(&o, 0, 0), f_anchor(&o, 0, 0),
            f_anchor(&o, 0, (int)(next() % 3) - 1), f_anchor(&o, 0, 0);
        for (int i = 0; i < 192; i++) {
            if (i < 128)
                r_table(&o, (unsigned)i);
            else
                r_angle(&o, (unsigned)i);
            f_raw(&o, (float)(0.25 + (double)(next() % 1000) / 250.0));
            f_raw(&o, (float)(0.25 + (double)(next() % 1000) / 250.0));
            unsigned k = (unsigned)(next() % 8);
            f_anchor(&o, k, (int)(next() % 7) - 3), f_anchor(&o, k, (int)(next() % 7) - 3);
        }
        snprintf(name, sizeof name, "obox-near-ties-mode%d", mode);
        save(&o, name);
    }

    /* Rotations as raw pairs: special values (zero, NaN, infinities,
     * denormals, huge) and pairs a few ulps off unit length; negative and
     * special half-extents and centres. */
    hdr(&o, 0, 0, 160, 0, 0, 0);
    f_int(&o, 1), f_int(&o, -2), f_int(&o, 3);
    f_int(&o, -1), f_int(&o, -1), f_int(&o, 2), f_int(&o, 2);
    plain_elements(&o, 160);
    f_quarter(&o, 1);
    r_pair(&o), f_special(&o, special_index(NAN)), f_int(&o, 0);
    f_special(&o, special_index(-1.0f)), f_int(&o, 2), f_int(&o, 0), f_int(&o, 0);
    for (int i = 0; i < 160; i++) {
        r_pair(&o);
        if (i % 4 == 0) {
            f_special(&o, (unsigned)(next() % fz_special_count));
            f_special(&o, (unsigned)(next() % fz_special_count));
        } else { /* c, s = 0.6, 0.8 (or 1, 0) moved by a few ulps */
            f_anchor(&o, i % 2 ? 3 : 0, (int)(next() % 7) - 3);
            f_anchor(&o, i % 2 ? 4 : 1, (int)(next() % 7) - 3);
        }
        if (i % 3 == 0)
            f_special(&o, (unsigned)(next() % fz_special_count));
        else
            f_int(&o, (int)(next() % 9) - 2);
        f_int(&o, (int)(next() % 9) - 2);
        if (i % 5 == 0)
            f_special(&o, (unsigned)(next() % fz_special_count)), f_int(&o, 0);
        else
            f_anchor(&o, (unsigned)(next() % 8), 0), f_anchor(&o, (unsigned)(next() % 8), 0);
    }
    save(&o, "obox-rotation-pairs-and-specials");

    /* Denormal squares in the frame: a circle of radius 2^-70 and boxes of
     * the same size, in the flushing modes. */
    for (size_t m = 0; m < sizeof flush_modes / sizeof flush_modes[0]; m++) {
        hdr(&o, 0, flush_modes[m], 97, 0, 0, 0);
        f_int(&o, 0), f_int(&o, 0), f_special(&o, special_index(0x1p-70f));
        f_int(&o, 0), f_int(&o, 0), f_int(&o, 1), f_int(&o, 1);
        plain_elements(&o, 97);
        f_special(&o, special_index(0x1p-149f));
        r_table(&o, 8), f_anchor(&o, 7, 0), f_anchor(&o, 7, 0), f_int(&o, 0), f_int(&o, 0);
        for (int i = 0; i < 97; i++) {
            if (i % 2)
                r_table(&o, (unsigned)(next() % 25));
            else
                r_angle(&o, (unsigned)(next() % 64));
            f_special(&o, special_index(i % 3 ? 0x1p-71f : 0x1p-149f));
            f_special(&o, special_index(0x1p-70f));
            unsigned k = (unsigned)(next() % 8);
            f_anchor(&o, k, (int)(next() % 5) - 2), f_anchor(&o, k, (int)(next() % 5) - 2);
        }
        snprintf(name, sizeof name, "obox-denormal-squares-mode%d", flush_modes[m]);
        save(&o, name);
    }

    /* Far and huge: the frame's products overflow or lose the offset. */
    hdr(&o, 0, 0, 64, 0, 0, 0);
    f_raw(&o, 0x1p120f), f_raw(&o, -0x1p120f), f_raw(&o, 0x1p100f);
    f_raw(&o, -0x1p121f), f_raw(&o, -0x1p121f), f_raw(&o, 0x1p119f), f_raw(&o, 0x1p119f);
    plain_elements(&o, 64);
    f_raw(&o, 0x1p100f);
    r_angle(&o, 3), f_anchor(&o, 0, 0), f_anchor(&o, 0, 0), f_anchor(&o, 0, 0), f_anchor(&o, 0, 0);
    for (int i = 0; i < 64; i++) {
        r_table(&o, (unsigned)(next() % 128));
        f_raw(&o, (float)(1 + i % 7) * 0x1p118f), f_raw(&o, (float)(1 + i % 5) * 0x1p-140f);
        if (i % 2)
            f_raw(&o, (float)(1 + i % 3) * 0x1p126f), f_raw(&o, -0x1p126f);
        else
            f_anchor(&o, (unsigned)(i / 2) % 8, 0), f_anchor(&o, (unsigned)(i / 2) % 8, 0);
    }
    save(&o, "obox-huge-and-tiny");

    printf("gen_corpus: wrote %d files to %s\n", files, dir);
    return 0;
}
