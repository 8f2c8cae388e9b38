/* internal.h - declarations shared by the library's source files, never installed. */
#ifndef CB_INTERNAL_H
#define CB_INTERNAL_H

#include "cbatch.h"
#include "registry.h"
#include "shapes.h"

#include <stdatomic.h>
#include <stdint.h>

/* 32-bit x86: float arithmetic in SSE2 registers (meson.build gives every
 * file -msse2 -mfpmath=sse). x87 arithmetic rounds through 80-bit registers
 * and would not give the contract's bits. */
#if defined(__i386__) && !defined(__SSE2_MATH__)
#error "32-bit x86: build cbatch with -msse2 -mfpmath=sse (x87 arithmetic breaks the float contract)"
#endif

/* Vector primitives and loaders: always inlined. */
#if defined(__GNUC__) || defined(__clang__)
#define CB_INLINE static inline __attribute__((always_inline))
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

/* The backends, in cb_backend order: the enumerator's suffix and the name
 * (cb_backend_name, the kernel file's CB_SUFFIX). CB_BUILT_BACKENDS lists
 * the ones this build compiles (meson.build writes cb_built.h); each has a
 * kernel table, indexed by entry number (registry.h), and a grid builder
 * (the public cb_grid_* functions call the active backend's through
 * cb_grid_builder), both from kernel_template.h. */
#define CB_BACKENDS(X)                                                                             \
    X(SCALAR, scalar) X(SSE, sse) X(AVX2, avx2) X(AVX512, avx512) X(NEON, neon) X(SIMD128, simd128)
#include "cb_built.h"

typedef cb_kernel_fn cb_kernel_table[CB_ENTRY_COUNT];
typedef cb_grid *(*cb_grid_builder_fn)(void *mem, cb_shape shape, const void *els, size_t m);
#define CB_DECLARE_BACKEND(E, name)                                                                \
    extern const cb_kernel_table cb_kernels_##name;                                                \
    cb_grid *cb_grid_build_##name(void *mem, cb_shape shape, const void *els, size_t m);
CB_BUILT_BACKENDS(CB_DECLARE_BACKEND)
#undef CB_DECLARE_BACKEND
cb_grid_builder_fn cb_grid_builder(void);

/* Are the arrays of the elements of a SoA struct of this shape missing (p
 * or one of its pointers NULL)? Shapes without arrays (GRID, SELF): 0 when
 * p is set. (The integer shapes' lists have a twin where the float ones'
 * have aos: unused here.) */
#define CB_SOA_FIELD_MISSING(V, F) || !s_->F
#define CB_SOA_MISSING(S, name, aos)                                                               \
    if (shape == CB_SHAPE_##S) {                                                                   \
        const cb_##name##_soa *s_ = (const cb_##name##_soa *)p;                                    \
        return 0 CB_FIELDS_##S(CB_SOA_FIELD_MISSING);                                              \
    }
/* The integer shapes; the shapes of a grid's elements (not GRID, SELF). */
CB_INLINE int cb_shape_is_integer(uint32_t s) { return s == CB_SHAPE_ICIRCLE || s == CB_SHAPE_IBOX; }
CB_INLINE int cb_grid_shape_ok(uint32_t s) { return s <= CB_SHAPE_OBOX || cb_shape_is_integer(s); }

CB_INLINE int cb_soa_missing(cb_shape shape, const void *p)
{
    if (!p)
        return 1;
    CB_SHAPES(CB_SOA_MISSING)
    CB_INT_SHAPES(CB_SOA_MISSING)
    return 0;
}

/* dispatch.c: the active selection. Read on every call, so it is a global
 * atomic pointer rather than a function: one acquire load (a plain load on
 * x86, a load-acquire on AArch64). It is never NULL: before first use it
 * points at a bootstrap selection whose kernels choose the backend and then
 * forward the call (as zlib-ng's stubs do), so the hot path has no branch and
 * no call that would make the compiler spill the caller's arguments. */
typedef struct cb_selection {
    cb_backend backend;
    const cb_kernel_fn *kernels; /* CB_ENTRY_COUNT of them */
    const char *reason;
} cb_selection;

extern _Atomic(const cb_selection *) cb_current_selection;

CB_INLINE const cb_kernel_fn *cb_active_kernels(void)
{
    return atomic_load_explicit(&cb_current_selection, memory_order_acquire)->kernels;
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
