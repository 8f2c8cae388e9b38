/* cb-info.c - print the CPU features found, the backends compiled in, which can run here, and which one is active and why. */
#include "cpu_features.h"

#include <cbatch.h>

#include <stdio.h>
#include <stdlib.h>


int main(void)
{
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
