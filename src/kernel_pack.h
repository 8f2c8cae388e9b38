/* kernel_pack.h - the lanes of every 8-bit mask's hits in order, and their count: how the ISAs without a compress instruction pack the indices of hits (kernel_batch.h's index sink); an ISA file includes it before defining v_pack_indices. */
#ifndef CB_KERNEL_PACK_H
#define CB_KERNEL_PACK_H

#include <stdint.h>

/* Every entry is a constant expression of its mask m, so the tables are
 * written once here and checked by the compiler, not typed out. */
#define CB_PK_BIT(m, j) (((m) >> (j)) & 1u)
#define CB_PK_POP(m)                                                                               \
    (CB_PK_BIT(m, 0) + CB_PK_BIT(m, 1) + CB_PK_BIT(m, 2) + CB_PK_BIT(m, 3) + CB_PK_BIT(m, 4) +    \
     CB_PK_BIT(m, 5) + CB_PK_BIT(m, 6) + CB_PK_BIT(m, 7))
/* j when bit j of m is its k-th set bit (counting from 0), else 0 */
#define CB_PK_AT(m, k, j)                                                                          \
    ((CB_PK_BIT(m, j) && CB_PK_POP((m) & ((1u << (j)) - 1u)) == (k)) ? (j) : 0)
/* The lane of the k-th set bit of m: 0 .. 7, and 0 when m has k or fewer. */
#define CB_PK_POS(m, k)                                                                            \
    (CB_PK_AT(m, k, 0) + CB_PK_AT(m, k, 1) + CB_PK_AT(m, k, 2) + CB_PK_AT(m, k, 3) +               \
     CB_PK_AT(m, k, 4) + CB_PK_AT(m, k, 5) + CB_PK_AT(m, k, 6) + CB_PK_AT(m, k, 7))

/* cb_pack_lanes[m], byte k: the lane of m's k-th hit, for masks of up to 8
 * lanes (a 4-lane mask reads bytes 0 .. 3 of its first 16 entries); bytes
 * past m's hits are 0. */
#define CB_PK_LANES(m)                                                                             \
    ((uint64_t)CB_PK_POS(m, 0) | (uint64_t)CB_PK_POS(m, 1) << 8 |                                  \
     (uint64_t)CB_PK_POS(m, 2) << 16 | (uint64_t)CB_PK_POS(m, 3) << 24 |                           \
     (uint64_t)CB_PK_POS(m, 4) << 32 | (uint64_t)CB_PK_POS(m, 5) << 40 |                           \
     (uint64_t)CB_PK_POS(m, 6) << 48 | (uint64_t)CB_PK_POS(m, 7) << 56)
#define CB_PK_L4(m) CB_PK_LANES(m), CB_PK_LANES(m + 1), CB_PK_LANES(m + 2), CB_PK_LANES(m + 3)
#define CB_PK_L16(m) CB_PK_L4(m), CB_PK_L4(m + 4), CB_PK_L4(m + 8), CB_PK_L4(m + 12)
#define CB_PK_L64(m) CB_PK_L16(m), CB_PK_L16(m + 16), CB_PK_L16(m + 32), CB_PK_L16(m + 48)
static const uint64_t cb_pack_lanes[256] = {CB_PK_L64(0u), CB_PK_L64(64u), CB_PK_L64(128u),
                                            CB_PK_L64(192u)};

/* cb_pack_count[m]: the hits of m (a popcount where the baseline has none). */
#define CB_PK_C4(m) CB_PK_POP(m), CB_PK_POP(m + 1), CB_PK_POP(m + 2), CB_PK_POP(m + 3)
#define CB_PK_C16(m) CB_PK_C4(m), CB_PK_C4(m + 4), CB_PK_C4(m + 8), CB_PK_C4(m + 12)
#define CB_PK_C64(m) CB_PK_C16(m), CB_PK_C16(m + 16), CB_PK_C16(m + 32), CB_PK_C16(m + 48)
static const uint8_t cb_pack_count[256] = {CB_PK_C64(0u), CB_PK_C64(64u), CB_PK_C64(128u),
                                           CB_PK_C64(192u)};

#endif
