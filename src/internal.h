/* internal.h - declarations shared by the library's source files, never installed. */
#ifndef CB_INTERNAL_H
#define CB_INTERNAL_H

#include "cbatch.h"
#include "registry.h"

#include <stdatomic.h>
#include <stdint.h>

/* Vector primitives and loaders: always inlined; `unused` because a backend
 * file defines every loader a query may need, and not every query uses all. */
#if defined(__GNUC__) || defined(__clang__)
#define CB_INLINE static inline __attribute__((always_inline, unused))
#else
#define CB_INLINE static inline
#endif

/* For the backend files, whose CB_W is defined by then: how many of `total`
 * valid floats fall in the j-th register of CB_W floats (0 when none). */
#define CB_FLOATS_LEFT(total, j) ((total) > (size_t)CB_W * (j) ? (total) - (size_t)CB_W * (j) : 0u)

/* Bit helpers: builtins where the compiler has them (POPCNT/TZCNT when the
 * file is compiled for an ISA that has them), a portable loop otherwise. */
/* The builtin where it is one instruction; on x86 without POPCNT (the
 * scalar and SSE files) it would be a library call, so bit arithmetic. */
CB_INLINE unsigned cb_popcount64(uint64_t w)
{
#if (defined(__GNUC__) || defined(__clang__)) &&                                                   \
    (defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__)))
    return (unsigned)__builtin_popcountll(w);
#else
    w = w - ((w >> 1) & 0x5555555555555555u);
    w = (w & 0x3333333333333333u) + ((w >> 2) & 0x3333333333333333u);
    w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (unsigned)((w * 0x0101010101010101u) >> 56);
#endif
}

CB_INLINE unsigned cb_ctz64(uint64_t w) /* w != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(w);
#else
    unsigned c = 0;
    for (; !(w & 1); w >>= 1)
        c++;
    return c;
#endif
}

/* Kernel tables, one per backend file that is compiled in (see meson.build),
 * indexed by entry number (registry.h). */
typedef cb_kernel_fn cb_kernel_table[CB_ENTRY_COUNT];
typedef cb_pair_kernel_fn cb_pair_kernel_table[CB_PAIR_ENTRY_COUNT];
extern const cb_kernel_table cb_kernels_scalar;
extern const cb_pair_kernel_table cb_pair_kernels_scalar;
#ifdef CB_HAVE_SSE
extern const cb_kernel_table cb_kernels_sse;
extern const cb_pair_kernel_table cb_pair_kernels_sse;
#endif
#ifdef CB_HAVE_AVX2
extern const cb_kernel_table cb_kernels_avx2;
extern const cb_pair_kernel_table cb_pair_kernels_avx2;
#endif
#ifdef CB_HAVE_AVX512
extern const cb_kernel_table cb_kernels_avx512;
extern const cb_pair_kernel_table cb_pair_kernels_avx512;
#endif
#ifdef CB_HAVE_NEON
extern const cb_kernel_table cb_kernels_neon;
extern const cb_pair_kernel_table cb_pair_kernels_neon;
#endif
#ifdef CB_HAVE_SIMD128
extern const cb_kernel_table cb_kernels_simd128;
extern const cb_pair_kernel_table cb_pair_kernels_simd128;
#endif

/* Each backend's grid builder (kernel_template.h; the public cb_grid_*
 * functions call the active backend's through cb_grid_builder). */
typedef cb_grid *(*cb_grid_builder_fn)(void *mem, cb_shape shape, const void *els, size_t m);
cb_grid *cb_grid_build_scalar(void *mem, cb_shape shape, const void *els, size_t m);
cb_grid *cb_grid_build_sse(void *mem, cb_shape shape, const void *els, size_t m);
cb_grid *cb_grid_build_avx2(void *mem, cb_shape shape, const void *els, size_t m);
cb_grid *cb_grid_build_avx512(void *mem, cb_shape shape, const void *els, size_t m);
cb_grid *cb_grid_build_neon(void *mem, cb_shape shape, const void *els, size_t m);
cb_grid *cb_grid_build_simd128(void *mem, cb_shape shape, const void *els, size_t m);
cb_grid_builder_fn cb_grid_builder(void);

/* dispatch.c: the active selection. Read on every call, so it is a global
 * atomic pointer rather than a function: one acquire load (a plain load on
 * x86, a load-acquire on AArch64). It is never NULL: before first use it
 * points at a bootstrap selection whose kernels choose the backend and then
 * forward the call (as zlib-ng's stubs do), so the hot path has no branch and
 * no call that would make the compiler spill the caller's arguments. */
typedef struct cb_selection {
    cb_backend backend;
    const cb_kernel_fn *kernels;           /* CB_ENTRY_COUNT of them */
    const cb_pair_kernel_fn *pair_kernels; /* CB_PAIR_ENTRY_COUNT of them */
    const char *reason;
} cb_selection;

extern _Atomic(const cb_selection *) cb_current_selection;

CB_INLINE const cb_kernel_fn *cb_active_kernels(void)
{
    return atomic_load_explicit(&cb_current_selection, memory_order_acquire)->kernels;
}

CB_INLINE const cb_pair_kernel_fn *cb_active_pair_kernels(void)
{
    return atomic_load_explicit(&cb_current_selection, memory_order_acquire)->pair_kernels;
}

/* grid.h: the grid of the many-against-many kernels (performance only). */
#include "grid.h"

/* scalar/convert_scalar.c: the converters' arithmetic, in its own translation
 * unit so that convert.c's float-environment guard surrounds an opaque call. */
void cb_convert_centers_raw(const cb_box_center *in, size_t n, cb_box *out);
void cb_convert_corners_raw(const cb_box_corner *in, size_t n, cb_box *out);
void cb_convert_centers_soa_raw(const cb_box_center *in, size_t n, float *min_x, float *min_y,
                                float *max_x, float *max_y);
void cb_convert_corners_soa_raw(const cb_box_corner *in, size_t n, float *min_x, float *min_y,
                                float *max_x, float *max_y);

#endif
