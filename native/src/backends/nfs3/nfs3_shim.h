/* The one place that includes libnfs (4.0.0 on Debian 12).
 *
 * 4.0.0 needs <sys/time.h> before <nfsc/libnfs.h>, and keeps the root file
 * handle getter in a private header, so it is declared here.  libnfs 6
 * renamed rpc_nfs3_*_async to rpc_nfs3_*_task: only this header would need
 * a mapping to build there.
 */
#ifndef SFS_NFS3_SHIM_H
#define SFS_NFS3_SHIM_H

#include <sys/time.h>
#include <sys/stat.h>
#include <stdint.h>
#include <nfsc/libnfs.h>
#include <nfsc/libnfs-raw.h>
#include <nfsc/libnfs-raw-nfs.h>
#include <nfsc/libnfs-raw-mount.h>

/* libnfs-private.h of 4.0.0: the export root handle after nfs_mount(). */
struct nfs_fh {
    int   len;
    char *val;
};
const struct nfs_fh *nfs_get_rootfh(struct nfs_context *nfs);

/* NFS3ERR_* -> negative errno (-EIO for codes without a better match). */
int nfs3_errno(int nfsstat);
/* "NFS3ERR_NOENT" etc. ("NFS3ERR_?" for unknown codes) */
const char *nfs3_stat_name(int nfsstat);

#endif
