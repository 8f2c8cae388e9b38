/* msvc_mode.c - cbatch.h as an MSVC compiler sees it, compiled (syntax only) by clang in MSVC mode for an x86_64-pc-windows-msvc target, as C11 and as C++11, with and without CB_STATIC: _MSC_VER is defined and __GNUC__ is not, so a branch that needs __GNUC__, or anything pedantic C11/C++11 rejects, fails here (clang accepts __attribute__ even in this mode: that the header has none outside #if __GNUC__ is checked by reading it). */
#include <cbatch.h>

/* A use of each kind of declaration: types, enums, macros, functions. */
int cb_msvc_mode_probe(const cb_box_soa *boxes, size_t n, uint64_t *mask);
int cb_msvc_mode_probe(const cb_box_soa *boxes, size_t n, uint64_t *mask)
{
    cb_circle c = {0.f, 0.f, 1.f};
    cb_box b = {0.f, 0.f, 1.f, 1.f};
    cb_pair_cursor cur = {0, 0, 0, 0};
    (void)cur;
    size_t hits = cb_batch_overlap(c, boxes, n, mask, CB_STRICT | CB_TRUST_FENV);
    size_t flip = cb_batch_overlap_box_circles_idx(b, NULL, 0, NULL, CB_TOUCH);
    return (int)flip + (hits == CB_INVALID) + (int)CB_PAIRS_MAX_N +
           (cb_active_backend() == CB_BACKEND_AVX512);
}
