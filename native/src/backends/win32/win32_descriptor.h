/* What the win32 backend declares, in one place for both engines: the
 * Windows engine issues these ops (win32_backend.c); the Linux engine lists
 * the same entry so that a Linux manager plans and checks runs of Windows
 * clients from its own catalog, and refuses to open it (win32_elsewhere.c). */
#ifndef SFS_WIN32_DESCRIPTOR_H
#define SFS_WIN32_DESCRIPTOR_H

#include "backend.h"

/* The fields of its sfs_backend that the catalog publishes. No symbolic
 * links (creating one needs a privilege ordinary accounts lack) and no
 * fifos: the SFS ops that need them are not declared. Windows clients
 * measured CIFS servers in SPECsfs2008: its standard workload. */
#define SFS_WIN32_DESCRIPTOR                                                                     \
    .name = "win32",                                                                             \
    .description = "Windows file calls on a local folder or a UNC path, in the Windows engine "  \
                   "(sfsbench extension)",                                                       \
    .ops = SFS_OPS_ALL & ~(SFS_OP_BIT(SFS_OP_SYMLINK) | SFS_OP_BIT(SFS_OP_READLINK) |             \
                           SFS_OP_BIT(SFS_OP_MKNOD)),                                            \
    .caps = 0,                                                                                   \
    .standard_workload = "sfs2008-cifs"

#endif
