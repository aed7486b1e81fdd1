/* What the posix backend declares, in one place for both engines: the
 * Linux engine issues these ops (posix.c); the Windows engine lists the same
 * entry, as the Linux one lists win32's, and refuses to open it
 * (posix_elsewhere.c). */
#ifndef SFS_POSIX_DESCRIPTOR_H
#define SFS_POSIX_DESCRIPTOR_H

#include "backend.h"
#include "sfsengine.h"   /* SFS_CAP_* */

/* The fields of its sfs_backend that the catalog publishes. */
#define SFS_POSIX_DESCRIPTOR                                                             \
    .name = "posix",                                                                     \
    .description = "system calls on a local or mounted folder (sfsbench extension)",    \
    .ops = SFS_OPS_ALL,                                                                  \
    .caps = SFS_CAP_DIRECT_IO | SFS_CAP_LOCAL_FS,                                        \
    .standard_workload = "sfs2008-nfs"

#endif
