/* env_probe.c - helper of test_dispatch: prints what the library chose from CB_BACKEND on first use, and whether that backend's answers match scalar. */
#include <cbatch.h>

#include <stdio.h>
#include <string.h>

/*
 * CB_BACKEND is read once, on the library's first use in a process, so it can
 * only be tested in a fresh process: test_dispatch runs this program with a
 * controlled environment and parses its output, one "key=value" per line.
 *
 * Usage: env_probe [NAME]
 *   With NAME, cb_set_backend_by_name(NAME) is the very first library call
 *   ("set=<status>" is printed), which must override CB_BACKEND.
 */
int main(int argc, char **argv)
{
    if (argc > 1)
        printf("set=%d\n", (int)cb_set_backend_by_name(strcmp(argv[1], "NULL") ? argv[1] : NULL));
    cb_backend b = cb_active_backend();
    const char *name = cb_backend_name(b);
    printf("active=%s\n", name ? name : "(null)");
    printf("env_status=%d\n", (int)cb_env_status());
    printf("reason=%s\n", cb_active_reason());

    /* The chosen backend's table must be the one cb_kernels_for hands out
     * and must name itself; its answers through the public entry point must
     * equal the scalar kernels' on a small fixed set. */
    const cb_kernels *k = cb_kernels_for(b), *s = cb_kernels_for(CB_BACKEND_SCALAR);
    printf("table_ok=%d\n", k != NULL && k->backend == b);
    enum { N = 203 };
    float x0[N], y0[N], x1[N], y1[N];
    for (int i = 0; i < N; i++) {
        x0[i] = (float)(i % 17) - 8.f, y0[i] = (float)(i % 13) - 6.f;
        x1[i] = x0[i] + (float)(i % 5), y1[i] = y0[i] + (float)(i % 3);
    }
    cb_box_soa boxes = {x0, y0, x1, y1};
    cb_circle c = {0.5f, -0.25f, 5.f};
    uint64_t m1[(N + 63) / 64], m2[(N + 63) / 64];
    int agree = 1;
    for (unsigned f = 0; f <= CB_STRICT; f++) {
        size_t h1 = cb_batch_overlap(c, &boxes, N, m1, f);
        size_t h2 = s->boxes(c, &boxes, N, m2, f);
        agree &= h1 == h2 && memcmp(m1, m2, sizeof m1) == 0 && h1 > 0 && h1 < N;
    }
    printf("agree=%d\n", agree);
    return 0;
}
