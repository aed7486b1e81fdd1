/* The posix backend as the Windows engine knows it: its descriptor for the
 * catalog; opening it says where it runs (backend.h, 'elsewhere'). */
#include "posix_descriptor.h"

static const sfs_backend posix_elsewhere = {
    SFS_POSIX_DESCRIPTOR,
    .elsewhere = "posix is the Linux engine's file backend: on Windows, win32 issues the file "
                 "calls (FS_PROTOCOL=win32)",
    .open = sfs_backend_open_elsewhere,
};
SFS_REGISTER_BACKEND(posix_elsewhere)
