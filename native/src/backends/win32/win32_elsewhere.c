/* The win32 backend as the Linux engine knows it: its descriptor for the
 * catalog, which a Linux manager plans Windows clients' runs with; opening
 * it says where it runs (backend.h, 'elsewhere'). */
#include "win32_descriptor.h"

static const sfs_backend win32_elsewhere = {
    SFS_WIN32_DESCRIPTOR,
    .elsewhere = "win32 is the Windows engine's file backend (win32-x86-64/sfsengine.dll, on a "
                 "Windows client); this engine is Linux's: posix issues the file calls here "
                 "(FS_PROTOCOL=posix)",
    .open = sfs_backend_open_elsewhere,
};
SFS_REGISTER_BACKEND(win32_elsewhere)
