/* The win32 backend as the Linux engine knows it: its descriptor (ops,
 * standard workload) for the catalog, which a Linux manager plans Windows
 * clients' runs with; opening it says where it runs. */
#include <stdio.h>
#include "win32_descriptor.h"

static int w32_open_elsewhere(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx,
                              char *err, size_t errlen)
{
    (void)cfg; (void)proc; (void)root; (void)ctx;
    snprintf(err, errlen, "win32 is the Windows engine's file backend (win32-x86-64/sfsengine.dll, "
             "on a Windows client); this engine is Linux's: posix issues the file calls here "
             "(FS_PROTOCOL=posix)");
    return -1;
}

static const sfs_backend win32_elsewhere = {
    .name = SFS_WIN32_NAME,
    .description = SFS_WIN32_DESCRIPTION,
    .ops = SFS_WIN32_OPS,
    .standard_workload = SFS_WIN32_STANDARD_WORKLOAD,
    .open = w32_open_elsewhere,
};
SFS_REGISTER_BACKEND(win32_elsewhere)
