/* env_probe.c - helper of test_dispatch: prints what the library chose from CB_BACKEND on first use, and whether every entry's answers (every output kind) on that backend match scalar. */
#include <cbatch.h>
#include <reference.h>

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

    /* The chosen backend must have a kernel for every entry, and every
     * entry's public function must give the scalar kernel's answers on a
     * small fixed set (with some hits and some misses). */
    int table_ok = 1, agree = 1;
    enum { N = 203 };
    float x0[N], y0[N], x1[N], y1[N], cx[N], cy[N], cr[N];
    float ox[N], oy[N], ohx[N], ohy[N], oc[N], os[N];
    cb_box box_records[N];
    cb_circle circle_records[N];
    cb_obox obox_records[N];
    for (int i = 0; i < N; i++) {
        x0[i] = (float)(i % 17) - 8.f, y0[i] = (float)(i % 13) - 6.f;
        x1[i] = x0[i] + (float)(i % 5), y1[i] = y0[i] + (float)(i % 3);
        cx[i] = (float)(i % 11) - 5.f, cy[i] = (float)(i % 7) - 3.f, cr[i] = (float)(i % 4) * 0.5f;
        box_records[i] = (cb_box){x0[i], y0[i], x1[i], y1[i]};
        circle_records[i] = (cb_circle){cx[i], cy[i], cr[i]};
        /* the boxes' twins, turned by a unit pair of testkit's table */
        const float *rot = tk_rotations[i % TK_ROTATIONS_UNIT];
        obox_records[i] = tk_obox_of_box(box_records[i], rot[0], rot[1]);
        ox[i] = obox_records[i].cx, oy[i] = obox_records[i].cy, ohx[i] = obox_records[i].hx;
        ohy[i] = obox_records[i].hy, oc[i] = obox_records[i].c, os[i] = obox_records[i].s;
    }
    cb_box_soa boxes = {x0, y0, x1, y1};
    cb_circle_soa circles = {cx, cy, cr};
    cb_obox_soa oboxes = {ox, oy, ohx, ohy, oc, os};
    float sdx[N], sdy[N];
    cb_sweep sweep_records[N];
    tk_element_sweeps(N, &circles, &oboxes, sdx, sdy, sweep_records);
    cb_sweep_soa sweeps = {cx, cy, cr, sdx, sdy};
    tk_views v = {&boxes,  box_records,  &circles, circle_records,
                  &oboxes, obox_records, &sweeps,  sweep_records};
    const tk_probe probe = {{0.5f, -0.25f, 5.f}, {-1.5f, -2.f, 2.5f, 1.f},
                            {0.5f, -0.5f, 2.f, 1.5f, 0.6f, 0.8f}};
    TK_FOR_ENTRIES(e, TK_BATCH) {
        const cb_entry_info *d = cb_entry_info_of(e);
        cb_kernel_fn scalar = cb_entry_kernel(e, CB_BACKEND_SCALAR);
        table_ok &= d != NULL && cb_entry_kernel(e, b) != NULL && scalar != NULL;
        if (!table_ok)
            break;
        tk_out pub, ref; /* any output kind, as testkit lays it out */
        tk_out_malloc(&pub, d, N), tk_out_malloc(&ref, d, N);
        for (unsigned f = 0; f <= CB_STRICT; f++) {
            cb_args a = tk_args(d, &probe, tk_pick(d, &v), N, pub.out, f, 0.5f);
            size_t h1 = cb_entry_call(e, &a);
            a.out = ref.out;
            size_t h2 = scalar(&a);
            size_t hits = tk_hit_count(d, N, h1, pub.out);
            agree &= tk_same_output(d, N, h1, pub.out, h2, ref.out, NULL, 0);
            agree &= hits > 0 && hits < N;
        }
        tk_out_free(&pub), tk_out_free(&ref);
    }
    printf("table_ok=%d\n", table_ok);
    printf("agree=%d\n", agree);
    return 0;
}
