/* fuzz_format.h - the byte format of the fuzz inputs, shared by the decoder (fuzz target) and the seed-corpus generator. */
#ifndef CB_FUZZ_FORMAT_H
#define CB_FUZZ_FORMAT_H

#include <cbatch.h>

#include <stddef.h>
#include <stdint.h>

/*
 * Layout (every field optional: past the end of the input, bytes come from a
 * splitmix64 stream (testkit/rng.h) seeded with a hash of the whole input, so
 * a short input still decodes to a full, deterministic case - "over-long"
 * lengths included). Every input runs every entry: no byte selects one.
 *
 *   byte 0   bit 0 CB_STRICT; bit 1 NULL pointers when n == 0; bit 2 the
 *            caller's exception flags already raised; bits 3-5 float mode
 *            (0 default, 1 FTZ+DAZ, 2 up, 3 down, 4 toward zero, 5 FTZ,
 *            6 DAZ, 7 FTZ+DAZ+up)
 *   byte 1-2 n, little endian: bit 15 set -> n = 301 + (v & 0x3FF) (over-long,
 *            up to 1324), else n = v % 301
 *   byte 3   low nibble: start offset of every input array, in floats (the
 *            arrays still END at their block's end); high nibble 13..15: a
 *            NULL pointer in the public calls (input, output, SoA member)
 *   byte 4-5 if (byte4 & 15) == 15: unknown flag bits ((byte4 >> 4) | 1) <<
 *            (1 + byte5 % 31) in the public calls (must give CB_INVALID)
 *   then     the circle (x, y, r), the mirror box (min_x, min_y, max_x,
 *            max_y), then per element i: box i (4 floats), circle i (r, x, y)
 *   then     the contact entries' margin (one float; anchors 0, the circle's
 *            r, 1, 2^-70, FLT_MAX, 0.25, 3, 100, so 0 moved by -1 ulp is a
 *            negative denormal): as given in the public calls (a NaN,
 *            infinite or negative margin must give CB_INVALID), and where a
 *            margin must be valid (raw kernels, reference) |margin| when
 *            finite, else 0. Inputs written before the margin existed end
 *            before it, so they take it from the stream and decode as before.
 *   then     the oriented boxes (after the margin: older inputs end before
 *            them and decode as before): the one oriented box (a rotation,
 *            hx, hy, cx, cy; anchors from the mirror box's centre and
 *            half-extents, so a quarter turn gives that box, or the circle's
 *            centre), then per element i oriented box i (a rotation, hx, hy,
 *            cx, cy; the anchors of cx and cy place the circle's centre, in
 *            the box's frame, at one of 8 positions: beyond each face by r,
 *            beyond a corner by (0.6 r, 0.8 r), on a corner, on a face, at
 *            the centre, so equal anchor tags in cx and cy make a touching
 *            or boundary case)
 *
 * A float is a tag byte and maybe more:
 *   tag 0x00-0x3F  small value: v = ((tag & 0x3E) >> 1) - 16, an integer if
 *                  tag is odd, v / 4 if even (exact arithmetic, exact touching)
 *   tag 0x40-0x7F  fz_special[(tag & 0x3F) % FZ_SPECIAL_COUNT] (NaNs, infs,
 *                  denormals, extremes, signed zeros)
 *   tag 0x80-0xBF  the 4 next bytes, little endian, as raw bits
 *   tag 0xC0-0xFF  anchor ((tag >> 3) & 7) moved by (tag & 7) - 4 ulps, the
 *                  anchors being values that make a shape touch the other:
 *                  cx - r, cx + r, ... (see fuzz_format.c)
 *
 * A rotation (c, s) is a tag byte and maybe more:
 *   tag 0x00-0x7F  tk_rotations[tag % tk_rotation_count] (testkit: unit
 *                  pairs first, then non-unit, zero, huge, infinite, NaN)
 *   tag 0x80-0xBF  the floats nearest cos and sin of (tag & 0x3F) * pi / 32
 *   tag 0xC0-0xFF  c and s as two floats (tags as above, anchors 1, 0, -1,
 *                  0.6, 0.8, 2^-70, 2, the float nearest sqrt(1/2))
 */

enum { FZ_STRICT = 1u, FZ_NULL_WHEN_EMPTY = 2u, FZ_STICKY = 4u };

#define FZ_N_DIRECT 301
#define FZ_N_LONG_MASK 0x3FFu
#define FZ_MAX_N (FZ_N_DIRECT + FZ_N_LONG_MASK)

#define FZ_TAG_SMALL 0x00u
#define FZ_TAG_SPECIAL 0x40u
#define FZ_TAG_RAW 0x80u
#define FZ_TAG_ANCHOR 0xC0u

extern const float fz_special[];
extern const size_t fz_special_count;

typedef struct {
    unsigned flags;      /* FZ_* */
    int mode;            /* float mode 0..7 */
    unsigned align;      /* array start offset, in floats */
    int null_ptr;        /* 0: none, else 1..3 */
    int sticky;          /* raise the caller's exception flags first */
    uint32_t junk_flags; /* 0, or unknown flag bits for the public calls */
    size_t n;
    cb_circle circle; /* the one circle (boxes shapes) */
    cb_box box;       /* the one box (circles shapes) */
    cb_box *boxes;    /* n boxes */
    cb_circle *circles; /* n circles */
    float margin;       /* as decoded: maybe NaN, infinite or negative */
    cb_obox obox;       /* the one oriented box (circles shapes) */
    cb_obox *oboxes;    /* n oriented boxes */
} fz_case;

/* The margin as the contact functions accept it (finite, >= 0; -0.0 too). */
int fz_margin_valid(float m);
/* The margin for calls that need a valid one: m when valid, else |m| when
 * finite, else 0. */
float fz_margin_usable(float m);

/* Decodes any bytes into a case (returns 1), allocating its arrays. */
int fz_decode(const uint8_t *data, size_t size, fz_case *out);
void fz_case_free(fz_case *c);

#endif
