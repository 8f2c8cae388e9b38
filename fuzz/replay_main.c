/* replay_main.c - run fuzz inputs (files, or directories of files) through the fuzz target without libFuzzer, so the seed corpus is a test with any compiler. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
void fz_report_backends(void);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + len, 1, cap - len, f)) > 0;) {
        len += got;
        if (len == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", path);
        return -1;
    }
    LLVMFuzzerTestOneInput(buf, len); /* aborts on any finding */
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    long inputs = 0;
    fz_report_backends();
    for (int a = 1; a < argc; a++) {
        struct stat st;
        if (stat(argv[a], &st) != 0) {
            perror(argv[a]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (run_file(argv[a]) != 0)
                return 1;
            inputs++;
            continue;
        }
        DIR *d = opendir(argv[a]);
        if (!d) {
            perror(argv[a]);
            return 1;
        }
        for (struct dirent *e; (e = readdir(d));) {
            if (e->d_name[0] == '.')
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[a], e->d_name);
            if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
                continue;
            if (run_file(path) != 0) {
                closedir(d);
                return 1;
            }
            inputs++;
        }
        closedir(d);
    }
    printf("replayed %ld input(s) through the differential fuzz target: no difference\n", inputs);
    return inputs ? 0 : 1; /* an empty corpus is a broken test, not a pass */
}
