/* cpu_features.h - print cb_cpu_features() bits by name, shared by cb-info and cb-digest. */
#ifndef CB_TOOLS_CPU_FEATURES_H
#define CB_TOOLS_CPU_FEATURES_H

#include <cbatch.h>

#include <stdio.h>

/* Prints " name" for every feature bit set in f, in a fixed order. */
static inline void print_cpu_features(FILE *out, uint32_t f)
{
    static const struct {
        uint32_t bit;
        const char *name;
    } names[] = {
        {CB_CPU_SSE2, "sse2"},         {CB_CPU_SSE41, "sse4.1"},      {CB_CPU_POPCNT, "popcnt"},
        {CB_CPU_AVX, "avx"},           {CB_CPU_AVX2, "avx2"},         {CB_CPU_FMA, "fma"},
        {CB_CPU_AVX512F, "avx512f"},   {CB_CPU_AVX512BW, "avx512bw"}, {CB_CPU_AVX512DQ, "avx512dq"},
        {CB_CPU_AVX512VL, "avx512vl"}, {CB_CPU_OS_YMM, "os-ymm"},     {CB_CPU_OS_ZMM, "os-zmm"},
        {CB_CPU_NEON, "neon"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (f & names[i].bit)
            fprintf(out, " %s", names[i].name);
}

#endif
