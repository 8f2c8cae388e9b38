/* cb-info.c - print the CPU features found, the backends compiled in, which can run here, and which one is active and why; with --entries, the table of query functions and their parts. */
#include <cbatch.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints " name" for every feature bit set in f, in a fixed order. */
static void print_cpu_features(FILE *out, uint32_t f)
{
    static const struct {
        uint32_t bit;
        const char *name;
    } names[] = {
        {CB_CPU_SSE2, "sse2"},         {CB_CPU_SSE41, "sse4.1"},      {CB_CPU_POPCNT, "popcnt"},
        {CB_CPU_AVX, "avx"},           {CB_CPU_AVX2, "avx2"},         {CB_CPU_FMA, "fma"},
        {CB_CPU_AVX512F, "avx512f"},   {CB_CPU_AVX512BW, "avx512bw"}, {CB_CPU_AVX512DQ, "avx512dq"},
        {CB_CPU_AVX512VL, "avx512vl"}, {CB_CPU_OS_YMM, "os-ymm"},     {CB_CPU_OS_ZMM, "os-zmm"},
        {CB_CPU_NEON, "neon"},         {CB_CPU_SIMD128, "simd128"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (f & names[i].bit)
            fprintf(out, " %s", names[i].name);
}

/* One line per entry of the library's table: its public function and the
 * parts cbatch.h's naming rule makes its name of (cb_entry_info), as the
 * enumerators' names: "name form query one many layout output". */
static void print_entries(void)
{
    static const char *const forms[] = {"batch", "pairs", "candidates"};
    static const char *const queries[] = {"overlap", "distance", "contacts", "sweep"};
    static const char *const shapes[] = {"circle", "box",     "obox", "grid",
                                         "self",   "icircle", "ibox", "sweep", "grid_self"};
    static const char *const layouts[] = {"soa", "aos"};
    static const char *const outputs[] = {"mask",   "indices", "distances",     "contacts",
                                          "pairs",  "matrix",  "pair_contacts", "int_distances",
                                          "int_contacts", "int_pair_contacts", "times",
                                          "hits",   "first_hit", "pair_first_hits"};
#define NAME_OF(table, v) ((size_t)(v) < sizeof table / sizeof table[0] ? table[v] : "?")
    for (size_t e = 0; e < cb_entry_count(); e++) {
        const cb_entry_info *d = cb_entry_info_of(e);
        printf("%s %s %s %s %s %s %s\n", d->name, NAME_OF(forms, d->form),
               NAME_OF(queries, d->query), NAME_OF(shapes, d->one), NAME_OF(shapes, d->many),
               NAME_OF(layouts, d->layout), NAME_OF(outputs, d->output));
    }
#undef NAME_OF
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--entries") == 0) {
        print_entries();
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "usage: cb-info [--entries]\n");
        return 2;
    }
    uint32_t f = cb_cpu_features();
    printf("cpu features:");
    print_cpu_features(stdout, f);
    printf("\n");

    printf("backends:\n");
    for (int b = 0; b < CB_BACKEND_COUNT; b++) {
        const char *why;
        cb_status st = cb_backend_status((cb_backend)b, &why);
        printf("  %-7s %-9s %s\n", cb_backend_name((cb_backend)b),
               !cb_backend_compiled((cb_backend)b) ? "absent"
               : st == CB_OK                       ? "runnable"
                                                   : "compiled",
               why);
    }

    const char *env = getenv("CB_BACKEND");
    cb_status env_st = cb_env_status();
    printf("CB_BACKEND: %s%s%s%s\n", env ? env : "(unset)", env_st == CB_OK ? "" : " (",
           env_st == CB_OK ? "" : cb_status_string(env_st), env_st == CB_OK ? "" : ")");
    printf("active: %s (%s)\n", cb_backend_name(cb_active_backend()), cb_active_reason());
    return env_st == CB_OK ? 0 : 2;
}
